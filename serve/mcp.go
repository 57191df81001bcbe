package serve

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"reflect"
	"runtime/debug"
	"sync"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/stalwart-agents/stalwart/router"
)

// The names of the MCP server's tools.
const (
	ToolFind         = "find_tool"
	ToolSelect       = "select_tool"
	ToolQueryCatalog = router.QueryCatalog
)

// MetaVersion is the _meta key of the MCP server's tools that carries the
// catalogue version in force (spec 004 section 9: MCP tool definitions
// have no version field). A reload that changes the version changes the
// three tools' definitions, and the server sends
// notifications/tools/list_changed; nothing else changes its tool list.
const MetaVersion = "io.github.stalwart-agents/catalogue_version"

// FindToolInput is the input of find_tool. The zero value is an empty query,
// for up to DefaultK tools.
type FindToolInput struct {
	// Query is the turn or task to find tools for.
	Query string `json:"query" jsonschema:"the person's turn, or the task, to find tools for"`
	// TopK is how many tools to list: 1 to MaxTop, DefaultK when absent.
	TopK int `json:"top_k,omitempty" jsonschema:"how many tools to list, likeliest first (1 to 100; 5 when absent)"`
}

// FoundTool is one tool find_tool lists. The zero value names no tool, with
// probability 0.
type FoundTool struct {
	// Name is the tool's name.
	Name string `json:"name"`
	// Description is the tool's description, as the catalogue has it.
	Description string `json:"description"`
	// Kind is read or write; every write is confirmed by a person.
	Kind string `json:"kind"`
	// Domain is the tool's declared family (models, connectors, agents),
	// or absent.
	Domain string `json:"domain,omitempty"`
	// Probability is the router's probability that the query asks for
	// the tool.
	Probability float64 `json:"probability"`
}

// FindToolOutput is the output of find_tool. The zero value lists no tools
// and names no catalogue version.
type FindToolOutput struct {
	// Tools are the likeliest tools, likeliest first; withdrawn tools are
	// never listed.
	Tools []FoundTool `json:"tools"`
	// CatalogueVersion is the version of the catalogue that answered.
	CatalogueVersion string `json:"catalogue_version"`
}

// TurnInput is the input of select_tool and query_catalog. The zero value is
// an empty turn.
type TurnInput struct {
	// Turn is the person's turn.
	Turn string `json:"turn" jsonschema:"the person's turn, as they wrote it"`
}

// SelectToolOutput is the output of select_tool: the decision, as route
// select --json prints it, with the catalogue version. The zero value holds
// the zero Decision and names no catalogue version.
type SelectToolOutput struct {
	router.Decision
	// CatalogueVersion is the version of the catalogue that answered.
	CatalogueVersion string `json:"catalogue_version"`
}

// QueryCatalogOutput is the output of query_catalog. The zero value names no
// domain, has no events and names no catalogue version.
type QueryCatalogOutput struct {
	// Domain is the tool family the query pointed to: the selected tool's
	// declared domain, or the one most of the candidates declare; "" for
	// none.
	Domain string `json:"domain"`
	// Events are the query's events (spec 003): tool_start, then tool_end.
	Events []router.Event `json:"events"`
	// CatalogueVersion is the version of the catalogue that answered.
	CatalogueVersion string `json:"catalogue_version"`
}

// schemas are the input and output schemas of the three tools, inferred
// once from their types. A decision's following clauses (then) are
// decisions again, which inference cannot follow: they are objects.
var schemas = sync.OnceValues(func() (map[string][2]*jsonschema.Schema, error) {
	opts := &jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{
		reflect.TypeFor[[]router.Decision](): {Types: []string{"null", "array"}, Items: &jsonschema.Schema{Type: "object"}},
	}}
	out := map[string][2]*jsonschema.Schema{}
	findIn, err := jsonschema.For[FindToolInput](opts)
	if err != nil {
		return nil, err
	}
	one, most := 1.0, float64(MaxTop)
	findIn.Properties["top_k"].Minimum, findIn.Properties["top_k"].Maximum = &one, &most
	findOut, err := jsonschema.For[FindToolOutput](opts)
	if err != nil {
		return nil, err
	}
	turnIn, err := jsonschema.For[TurnInput](opts)
	if err != nil {
		return nil, err
	}
	selectOut, err := jsonschema.For[SelectToolOutput](opts)
	if err != nil {
		return nil, err
	}
	queryOut, err := jsonschema.For[QueryCatalogOutput](opts)
	if err != nil {
		return nil, err
	}
	out[ToolFind] = [2]*jsonschema.Schema{findIn, findOut}
	out[ToolSelect] = [2]*jsonschema.Schema{turnIn, selectOut}
	out[ToolQueryCatalog] = [2]*jsonschema.Schema{turnIn, queryOut}
	return out, nil
})

func buildVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "devel"
}

// MCPServer returns the MCP server: three read-only tools over the
// catalogue in force. Run it with mcp.Server.Run on any transport.
func (s *Server) MCPServer() *mcp.Server { return s.mcp }

func (s *Server) newMCPServer() (*mcp.Server, error) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "route", Title: "Turn router", Version: buildVersion()}, &mcp.ServerOptions{
		Instructions: "Tools over one catalogue of tools: find_tool lists the tools likeliest to serve a turn, " +
			"select_tool decides which tool a turn asks for (or that none does, that two are too close to call, " +
			"or that the tool is withdrawn), and query_catalog answers with the catalog query's events (domain: " +
			"models, connectors or agents). Every write a decision names needs a person's confirmation.",
		Logger:       s.log,
		Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{ListChanged: true}},
	})
	if err := s.addMCPTools(srv, s.current()); err != nil {
		return nil, err
	}
	return srv, nil
}

// mcpCatalogueChanged gives the tools the new catalogue version, which
// sends notifications/tools/list_changed to the sessions.
func (s *Server) mcpCatalogueChanged(st *state) {
	if s.mcp == nil {
		return
	}
	if err := s.addMCPTools(s.mcp, st); err != nil {
		s.log.Error("updating the MCP tools", "error", err.Error())
	}
}

func readOnly() *mcp.ToolAnnotations {
	no := false
	return &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, DestructiveHint: &no, OpenWorldHint: &no}
}

func (s *Server) addMCPTools(srv *mcp.Server, st *state) error {
	sc, err := schemas()
	if err != nil {
		return fmt.Errorf("serve: the MCP tools' schemas: %w", err)
	}
	meta := mcp.Meta{MetaVersion: st.version}
	tool := func(name, title, desc string) *mcp.Tool {
		a := readOnly()
		a.Title = title
		return &mcp.Tool{Name: name, Title: title, Description: desc, Annotations: a,
			InputSchema: sc[name][0], OutputSchema: sc[name][1], Meta: meta}
	}
	mcp.AddTool(srv, tool(ToolFind, "Find tools",
		"Lists the tools of the catalogue likeliest to serve a query (a person's turn or a task), likeliest first, "+
			"each with its name, description, kind (read or write) and probability. Use it to choose among a few "+
			"tools; withdrawn tools are never listed. Returns {tools, catalogue_version}."),
		mcpHandler(s, ToolFind, s.findTool))
	mcp.AddTool(srv, tool(ToolSelect, "Select a tool",
		"Decides which tool of the catalogue a person's turn asks for: outcome selected (with the tool, its kind, "+
			"whether a person must confirm it, and the arguments read from the turn), ambiguous (the candidates, "+
			"to ask the person), none, withdrawn or unread (not in the served language). Returns the decision."),
		mcpHandler(s, ToolSelect, s.selectTool))
	mcp.AddTool(srv, tool(ToolQueryCatalog, "Query the catalog",
		"Queries the catalog for the tool family a turn needs when it is unclear: returns the catalog query's "+
			"events, tool_start and tool_end, whose domain is the family (models, connectors or agents) of the "+
			"tool selected, or of most of the candidates, and whose result is the decision in short."),
		mcpHandler(s, ToolQueryCatalog, s.queryCatalogTool))
	return nil
}

// mcpCall is what a tool handler reports for the log line of a call.
type mcpCall struct {
	outcome string
	turn    string
}

// mcpHandler wraps a tool's handler: it reads the catalogue in force once
// for the call, and logs and counts the call.
func mcpHandler[In, Out any](s *Server, name string, f func(*mcp.CallToolRequest, *state, In, *mcpCall) (Out, error)) mcp.ToolHandlerFor[In, Out] {
	label := "mcp:" + name
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		start := time.Now()
		st := s.current()
		call := &mcpCall{outcome: "ok"}
		out, err := f(req, st, in, call)
		if err != nil {
			call.outcome = "error"
		}
		took := time.Since(start)
		s.metrics.forRoute(label).observe(call.outcome, took)
		id := s.reqID.Add(1)
		// The state's logger has the catalogue version formatted already.
		st.log.LogAttrs(ctx, slog.LevelInfo, "tool call", slog.Uint64("id", id), slog.String("tool", name),
			slog.String("outcome", call.outcome), slog.Float64("took_ms", float64(took.Microseconds())/1000))
		if call.turn != "" && s.log.Enabled(ctx, slog.LevelDebug) {
			s.log.LogAttrs(ctx, slog.LevelDebug, "turn", slog.Uint64("id", id), slog.String("turn", call.turn))
		}
		return nil, out, err
	}
}

// mcpScopes returns the scopes a call carries in its HTTP request's
// ScopesHeader, and whether it carries any; a call over stdio carries
// none.
func mcpScopes(req *mcp.CallToolRequest) ([]string, bool) {
	if req == nil || req.Extra == nil || req.Extra.Header == nil {
		return nil, false
	}
	return headerScopes(req.Extra.Header)
}

func checkMCPTurn(what, turn string) error {
	if len(turn) > router.MaxTurnBytes {
		return fmt.Errorf("the %s is %d bytes, over the %d the router reads", what, len(turn), router.MaxTurnBytes)
	}
	return nil
}

func (s *Server) findTool(req *mcp.CallToolRequest, st *state, in FindToolInput, call *mcpCall) (FindToolOutput, error) {
	out := FindToolOutput{Tools: []FoundTool{}, CatalogueVersion: st.version}
	call.turn = in.Query
	if err := checkMCPTurn("query", in.Query); err != nil {
		return out, err
	}
	k := in.TopK
	if k == 0 {
		k = DefaultK
	}
	r, release, err := st.routerFor(mcpScopes(req))
	if err != nil {
		return out, err
	}
	list := r.Shortlist(in.Query, k)
	if err := release(); err != nil {
		s.log.Error("closing a scoped router", "error", err.Error())
	}
	cat := st.router.Catalogue()
	for _, c := range list {
		t := cat.Tool(c.Tool)
		if t == nil {
			continue
		}
		out.Tools = append(out.Tools, FoundTool{Name: t.Name, Description: t.Description, Kind: string(t.Kind),
			Domain: t.Declarations.Domain, Probability: c.Probability})
	}
	return out, nil
}

func (s *Server) selectTool(req *mcp.CallToolRequest, st *state, in TurnInput, call *mcpCall) (SelectToolOutput, error) {
	call.turn = in.Turn
	if err := checkMCPTurn("turn", in.Turn); err != nil {
		return SelectToolOutput{CatalogueVersion: st.version}, err
	}
	d, err := s.route(st, in.Turn, router.Request{}, req)
	if err != nil {
		return SelectToolOutput{CatalogueVersion: st.version}, err
	}
	call.outcome = string(d.Outcome)
	return SelectToolOutput{Decision: d, CatalogueVersion: st.version}, nil
}

func (s *Server) queryCatalogTool(req *mcp.CallToolRequest, st *state, in TurnInput, call *mcpCall) (QueryCatalogOutput, error) {
	out := QueryCatalogOutput{Events: []router.Event{}, CatalogueVersion: st.version}
	call.turn = in.Turn
	if err := checkMCPTurn("turn", in.Turn); err != nil {
		return out, err
	}
	rr := router.Request{Observer: func(e router.Event) { out.Events = append(out.Events, e) }}
	d, err := s.route(st, in.Turn, rr, req)
	if err != nil {
		return out, err
	}
	call.outcome = string(d.Outcome)
	if n := len(out.Events); n > 0 {
		out.Events[n-1] = st.withDomain(out.Events[n-1], &d)
		out.Domain = out.Events[n-1].Domain
	}
	return out, nil
}

// route decides a turn for a tool call, by the router of the call's
// scopes, timing Select.
func (s *Server) route(st *state, turn string, rr router.Request, req *mcp.CallToolRequest) (router.Decision, error) {
	scopes, scoped := mcpScopes(req)
	r, release, err := st.routerFor(scopes, scoped)
	if err != nil {
		return router.Decision{}, err
	}
	if scoped {
		rr.Scoped, rr.Scopes = true, scopes
	}
	start := time.Now()
	d := r.SelectWith(turn, rr)
	s.metrics.selectDur.Observe(time.Since(start).Seconds())
	if err := release(); err != nil {
		s.log.Error("closing a scoped router", "error", err.Error())
	}
	return d, nil
}

// newStreamableHandler serves the MCP server over streamable HTTP. A GET
// request is a long-lived stream of server messages: its write deadline
// is lifted, and it ends when the server shuts down.
func newStreamableHandler(s *Server) http.Handler {
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.mcp }, &mcp.StreamableHTTPOptions{Logger: s.log})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			if err := http.NewResponseController(w).SetWriteDeadline(time.Time{}); err != nil {
				s.log.Debug("lifting the write deadline of a stream", "error", err.Error())
			}
			ctx, cancel := context.WithCancel(r.Context())
			defer cancel()
			stop := context.AfterFunc(s.streamsDone(), cancel)
			defer stop()
			r = r.WithContext(ctx)
		}
		h.ServeHTTP(w, r)
	})
}
