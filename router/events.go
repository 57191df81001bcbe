package router

import (
	"fmt"
	"strings"

	"github.com/stalwart-agents/stalwart/catalogue"
)

// The event types and tool name of a catalog query (spec 003).
const (
	// EventToolStart is the type of the event sent when a query begins.
	EventToolStart = "tool_start"
	// EventToolEnd is the type of the event sent when a query ends.
	EventToolEnd = "tool_end"
	// QueryCatalog is the tool name of a catalog query.
	QueryCatalog = "query_catalog"
)

// Event is one event of a catalog query, in the shape of spec 003: a
// start event before a turn is routed and an end event after, with the
// domain (tool family: models, connectors, agents) the catalogue
// pointed to. It is plain data. The zero value is an end event (Start is
// false) with no type, tool name, result or error.
type Event struct {
	// Type is EventToolStart or EventToolEnd.
	Type string `json:"type"`
	// ToolName is QueryCatalog.
	ToolName string `json:"toolName"`
	// Start is true when the query begins, false when it ends.
	Start bool `json:"start"`
	// Domain is the tool family the query selected (the selected tool's
	// declared domain), or "" at the start and when there is none.
	Domain string `json:"domain"`
	// Action is what was being accomplished: the turn.
	Action string `json:"action"`
	// Result is the query's answer on the end event, a CatalogResult;
	// nil at the start and when the query failed.
	Result any `json:"result"`
	// Error says why the query failed (the turn was not read, or the
	// scopes could not be applied), or is nil.
	Error *string `json:"error"`
	// Display is what a user interface shows. The zero value has an empty
	// summary.
	Display Display `json:"display"`
}

// Display is the display metadata of an event.
type Display struct {
	// Summary says in a few words what the query is doing or found.
	Summary string `json:"summary"`
}

// Observer receives the events of a catalog query. It is called on the
// goroutine that routes the turn, and must not keep the router waiting. The
// zero value, nil, is no observer: a Request with none sends no events.
type Observer func(Event)

// CatalogResult is the result of a catalog query: the decision in short. It is
// plain data. The zero value has no outcome ("") and no tool.
type CatalogResult struct {
	// Outcome is the decision's outcome.
	Outcome Outcome `json:"outcome"`
	// Tool is the selected (or withdrawn) tool, or "".
	Tool string `json:"tool,omitempty"`
	// Kind is the tool's kind.
	Kind catalogue.Kind `json:"kind,omitempty"`
	// Domain is the tool's domain, or "".
	Domain string `json:"domain,omitempty"`
	// Confirm is true when a person must confirm the call.
	Confirm bool `json:"confirm"`
	// Candidates are the best tools with their scores.
	Candidates []Candidate `json:"candidates"`
	// Reason says why.
	Reason string `json:"reason"`
}

func startEvent(turn string) Event {
	return Event{Type: EventToolStart, ToolName: QueryCatalog, Start: true, Action: turn,
		Display: Display{Summary: "Querying the catalogue for: " + turn}}
}

func endEvent(turn string, d *Decision, err error) Event {
	e := Event{Type: EventToolEnd, ToolName: QueryCatalog, Action: turn, Domain: d.Domain}
	switch {
	case err != nil:
		msg := err.Error()
		e.Error = &msg
		e.Display.Summary = "The catalogue query failed: " + msg
		return e
	case d.Outcome == Unread:
		msg := d.Reason
		e.Error = &msg
		e.Display.Summary = "The turn was not read: " + strings.TrimPrefix(msg, "unread: ")
		return e
	}
	e.Result = CatalogResult{Outcome: d.Outcome, Tool: d.Tool, Kind: d.Kind, Domain: d.Domain, Confirm: d.Confirm,
		Candidates: d.Candidates, Reason: d.Reason}
	e.Display.Summary = displaySummary(d)
	return e
}

func displaySummary(d *Decision) string {
	in := ""
	if d.Domain != "" {
		in = " in " + d.Domain
	}
	switch d.Outcome {
	case Selected:
		s := fmt.Sprintf("The catalogue recommends %s%s", d.Tool, in)
		if d.Confirm {
			s += ", which a person confirms"
		}
		return s
	case Ambiguous:
		names := make([]string, 0, len(d.Candidates))
		for _, c := range d.Candidates {
			names = append(names, c.Tool)
		}
		return fmt.Sprintf("Too close to call%s: %s", in, strings.Join(names, ", "))
	case Withdrawn:
		return fmt.Sprintf("%s is withdrawn: the turn is refused", d.Tool)
	}
	return "No tool of the catalogue fits the turn"
}
