package router

import (
	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/grammar"
)

// Outcome is what the router decided for a turn. The zero value, "", is no
// outcome.
type Outcome string

// The outcomes of a decision.
const (
	// Selected is one tool, clear of the runner-up by the policy's margin.
	Selected Outcome = "selected"
	// Ambiguous is two or more tools too close to call; the candidates
	// are listed so the agent can ask.
	Ambiguous Outcome = "ambiguous"
	// None is no tool fits, also for a negated turn.
	None Outcome = "none"
	// Withdrawn is a turn that asks for a withdrawn tool: refused before
	// anything else and never routed elsewhere.
	Withdrawn Outcome = "withdrawn"
	// Unread is a turn not in the chosen language, or with no word the
	// grammar can read.
	Unread Outcome = "unread"
)

// Decision is the router's answer for one turn (for its first clause; the
// following clauses' decisions are in Then). The zero value has no outcome
// ("") and no tool, and is no answer of the router.
type Decision struct {
	// Turn is the turn, or for a following clause the clause's text.
	Turn string `json:"turn"`
	// Language is the language the turn was read in.
	Language string `json:"language"`
	// Outcome is what was decided.
	Outcome Outcome `json:"outcome"`
	// Tool is the selected (or withdrawn) tool, or "".
	Tool string `json:"tool,omitempty"`
	// Kind is the tool's kind: read or write.
	Kind catalogue.Kind `json:"kind,omitempty"`
	// Confirm is true when a person must confirm the call: every write.
	Confirm bool `json:"confirm"`
	// Action is the concept of the turn's action, or "".
	Action string `json:"action,omitempty"`
	// Object are the concepts of the things the turn names.
	Object []string `json:"object"`
	// Arguments are the turn's arguments bound to the tool's parameters:
	// parameter name to value, every value a string (a number as the turn
	// gives it, "20"; an amount in minor units, "2000"; a date as ISO
	// 8601, "2026-05-01", or for a date-time parameter the start of that
	// day in UTC, "2026-05-01T00:00:00Z"; an enum value as the schema
	// writes it).
	Arguments map[string]string `json:"arguments"`
	// Bindings say where each argument came from: the turn's text, its
	// byte offsets and the rule that bound it, in the turn's order. They
	// are set, perhaps empty, when a tool is selected.
	Bindings []Binding `json:"bindings,omitzero"`
	// Missing are the selected tool's required parameters the turn gives
	// no value for, by name; set, perhaps empty, when a tool is selected.
	Missing []string `json:"missing,omitzero"`
	// Domain is the tool family of the selected tool (models, connectors,
	// agents), as it declares, or "".
	Domain string `json:"domain,omitempty"`
	// Check is the tool check of the call the decision makes, when it
	// names a tool. A decision of Select is checked with no scopes given:
	// privileges are reported, not enforced (see SelectWith).
	Check *Check `json:"check,omitempty"`
	// Candidates are the best tools with their scores in [0, 1], best
	// first. Withdrawn tools are never listed.
	Candidates []Candidate `json:"candidates"`
	// Reason says in words why the router decided as it did.
	Reason string `json:"reason"`
	// Then holds the decisions of the following clauses, in order.
	Then []Decision `json:"then,omitempty"`

	// Parse is the grammar's reading of the turn, for explanations.
	Parse *grammar.Parse `json:"-"`
	// Clause is the clause this decision is for.
	Clause *grammar.Clause `json:"-"`
}

// Candidate is a tool the router considered for a turn. The zero value names
// no tool, with score and probability 0.
type Candidate struct {
	// Tool is the tool's name.
	Tool string `json:"tool"`
	// Score is the tool's BM25F retrieval score relative to the clause's
	// own idf mass, in [0, 1].
	Score float64 `json:"score"`
	// Probability is the model's probability that the turn asks for the
	// tool.
	Probability float64 `json:"probability"`
}
