package serve

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/stalwart-agents/stalwart/router"
)

// connect connects an MCP client to the server over the SDK's in-memory
// transport.
func connect(t *testing.T, s *Server, opts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.MCPServer().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, opts).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// checkResult checks a tool's result: no error, structured content that
// conforms to the tool's output schema, and the same JSON in a text block.
// It returns the structured content as JSON.
func checkResult(t *testing.T, tool *mcp.Tool, res *mcp.CallToolResult) []byte {
	t.Helper()
	if res.IsError {
		t.Fatalf("%s: error: %v", tool.Name, res.Content)
	}
	structured, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Content) != 1 {
		t.Fatalf("%s: %d content blocks, want 1", tool.Name, len(res.Content))
	}
	text, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("%s: content is %T, want text", tool.Name, res.Content[0])
	}
	var a, b any
	if err := json.Unmarshal([]byte(text.Text), &a); err != nil {
		t.Fatalf("%s: the text block is not JSON: %v", tool.Name, err)
	}
	if err := json.Unmarshal(structured, &b); err != nil {
		t.Fatal(err)
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Errorf("%s: the text block is not the structured content:\n%s\n%s", tool.Name, ja, jb)
	}
	// Validate against the schema as the client received it.
	raw, err := json.Marshal(tool.OutputSchema)
	if err != nil {
		t.Fatal(err)
	}
	var sc jsonschema.Schema
	if err := json.Unmarshal(raw, &sc); err != nil {
		t.Fatal(err)
	}
	rs, err := sc.Resolve(nil)
	if err != nil {
		t.Fatalf("%s: output schema: %v", tool.Name, err)
	}
	if err := rs.Validate(b); err != nil {
		t.Errorf("%s: the result does not conform to the output schema: %v", tool.Name, err)
	}
	return structured
}

func listTools(t *testing.T, cs *mcp.ClientSession) map[string]*mcp.Tool {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	tools := map[string]*mcp.Tool{}
	for _, tl := range res.Tools {
		tools[tl.Name] = tl
	}
	return tools
}

func call(t *testing.T, cs *mcp.ClientSession, name string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

func TestMCPTools(t *testing.T) {
	f := newFixture(t, Config{}, []byte("withdrawn:\n  - archive_order\n"))
	cs := connect(t, f.s, nil)
	tools := listTools(t, cs)
	if len(tools) != 3 {
		t.Fatalf("%d tools, want find_tool, select_tool and query_catalog", len(tools))
	}
	for _, name := range []string{ToolFind, ToolSelect, ToolQueryCatalog} {
		tl := tools[name]
		if tl == nil {
			t.Fatalf("no tool %s", name)
		}
		a := tl.Annotations
		if a == nil || !a.ReadOnlyHint || a.DestructiveHint == nil || *a.DestructiveHint || a.OpenWorldHint == nil || *a.OpenWorldHint {
			t.Errorf("%s: annotations %+v, want read-only, not destructive, closed world", name, a)
		}
		if tl.InputSchema == nil || tl.OutputSchema == nil {
			t.Errorf("%s: no input or output schema", name)
		}
		if tl.Meta[MetaVersion] != f.s.Version() {
			t.Errorf("%s: _meta %v, want the catalogue version", name, tl.Meta)
		}
	}

	var found FindToolOutput
	raw := checkResult(t, tools[ToolFind], call(t, cs, ToolFind, map[string]any{"query": "refund the order", "top_k": 3}))
	if err := json.Unmarshal(raw, &found); err != nil {
		t.Fatal(err)
	}
	if len(found.Tools) == 0 || len(found.Tools) > 3 || found.Tools[0].Name != "refund_card" || found.Tools[0].Kind != "write" ||
		found.Tools[0].Description == "" || found.Tools[0].Probability <= 0 || found.CatalogueVersion != f.s.Version() {
		t.Errorf("find_tool = %+v", found)
	}
	for _, tl := range found.Tools {
		if tl.Name == "archive_order" {
			t.Errorf("find_tool lists the withdrawn archive_order")
		}
	}

	var sel SelectToolOutput
	raw = checkResult(t, tools[ToolSelect], call(t, cs, ToolSelect, map[string]any{"turn": "show me order 42"}))
	if err := json.Unmarshal(raw, &sel); err != nil {
		t.Fatal(err)
	}
	if sel.Outcome != router.Selected || sel.Tool != "get_order" || sel.Arguments["order_id"] != "42" || sel.CatalogueVersion != f.s.Version() {
		t.Errorf("select_tool = %s %q %v", sel.Outcome, sel.Tool, sel.Arguments)
	}
	raw = checkResult(t, tools[ToolSelect], call(t, cs, ToolSelect, map[string]any{"turn": "refund the card for order 42 and then archive it"}))
	if !strings.Contains(string(raw), `"then":[`) {
		t.Errorf("select_tool of two clauses has no then: %s", raw)
	}

	var q QueryCatalogOutput
	raw = checkResult(t, tools[ToolQueryCatalog], call(t, cs, ToolQueryCatalog, map[string]any{"turn": "refund 20 USD on order 42"}))
	if err := json.Unmarshal(raw, &q); err != nil {
		t.Fatal(err)
	}
	if q.Domain != "agents" || len(q.Events) != 2 || q.Events[0].Type != router.EventToolStart || q.Events[1].Type != router.EventToolEnd ||
		q.Events[1].Domain != "agents" || q.Events[0].ToolName != router.QueryCatalog {
		t.Errorf("query_catalog = %+v", q)
	}

	// What the router does not read is a tool error, with the reason.
	res := call(t, cs, ToolSelect, map[string]any{"turn": strings.Repeat("x", router.MaxTurnBytes+1)})
	if !res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "over the 16384") {
		t.Errorf("a long turn: %+v", res)
	}
	for _, args := range []map[string]any{{"query": "x", "top_k": 0}, {"query": "x", "top_k": 101}, {"top_k": 3}, {"query": 7}} {
		if res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: ToolFind, Arguments: args}); err == nil && !res.IsError {
			t.Errorf("find_tool %v: no error", args)
		}
	}
}

func TestMCPListChangedOnReload(t *testing.T) {
	f := newFixture(t, Config{}, nil)
	var changed atomic.Int32
	cs := connect(t, f.s, &mcp.ClientOptions{ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
		changed.Add(1)
	}})
	before := f.s.Version()
	// A reload that changes nothing changes no tool.
	if err := f.s.Reload(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	if n := changed.Load(); n != 0 {
		t.Fatalf("%d list_changed notifications for an unchanged catalogue", n)
	}
	cat := testCatalogue(t)
	cat.Tools = cat.Tools[:3]
	writeCatalogue(t, f.catPath, cat)
	if err := f.s.Reload(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 2*time.Second, "tools/list_changed", func() bool { return changed.Load() > 0 })
	time.Sleep(50 * time.Millisecond)
	// The three tools are updated together, and the SDK sends their
	// notifications as one within 10 ms; a machine slower than that may
	// send one per tool.
	if n := changed.Load(); n < 1 || n > 3 {
		t.Errorf("%d list_changed notifications for one reload, want 1 (at most 3)", n)
	}
	tools := listTools(t, cs)
	if len(tools) != 3 || tools[ToolSelect].Meta[MetaVersion] == before || tools[ToolSelect].Meta[MetaVersion] != f.s.Version() {
		t.Errorf("after the reload: %d tools, version %v", len(tools), tools[ToolSelect].Meta[MetaVersion])
	}
	// The tools answer from the new catalogue.
	raw := checkResult(t, tools[ToolFind], call(t, cs, ToolFind, map[string]any{"query": "search orders", "top_k": 10}))
	if strings.Contains(string(raw), "search_orders") {
		t.Errorf("find_tool lists search_orders, which the new catalogue does not have")
	}
}
