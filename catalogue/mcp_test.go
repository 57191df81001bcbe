package catalogue

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseMCPShop(t *testing.T) {
	c := checkKinds(t, "testdata/shop-mcp.json", "mcp", []kindRow{
		{"get_order", Read, "mcp:readOnlyHint"},
		{"charge_card", Write, "mcp:readOnlyHint=false"},
		{"refund_card", Write, "mcp:destructiveHint"},
		{"archive_order", Write, "mcp:unmarked"},
	})
	comp := c.Tool("charge_card").Declarations.Compensation
	require.NotNil(t, comp)
	assert.Equal(t, &Compensation{Tool: "refund_card", Arguments: map[string]any{
		"order_id": "$args.order_id", "amount": "$args.amount"}}, comp)
	// Hints keep whether they were declared.
	a := c.Tool("refund_card").Annotations
	assert.Nil(t, a.ReadOnlyHint)
	require.NotNil(t, a.DestructiveHint)
	assert.True(t, *a.DestructiveHint)
	assert.Equal(t, Hints{ReadOnly: false, Destructive: true, Idempotent: false, OpenWorld: true}, a.Effective())
}

// mcpTools wraps tool definitions in a tools/list answer.
func mcpTools(defs ...string) []byte {
	s := `{"tools": [`
	for i, d := range defs {
		if i > 0 {
			s += ",\n"
		}
		s += d
	}
	return []byte(s + "]}")
}

func TestMCPKindRules(t *testing.T) {
	tests := []struct {
		in   string // the tool's annotations and _meta
		kind Kind
		rule string
	}{
		{`"annotations": {"readOnlyHint": true}`, Read, "mcp:readOnlyHint"},
		{`"annotations": {"readOnlyHint": false}`, Write, "mcp:readOnlyHint=false"},
		{`"annotations": {"readOnlyHint": true, "destructiveHint": true}`, Write, "mcp:destructiveHint"},
		{`"annotations": {"readOnlyHint": true, "destructiveHint": false}`, Read, "mcp:readOnlyHint"},
		{`"annotations": {"destructiveHint": true}, "_meta": {"read_only": true}`, Write, "mcp:destructiveHint"},
		{`"_meta": {"read_only": true}`, Read, "mcp:_meta.read_only"},
		{`"_meta": {"readOnly": true}`, Read, "mcp:_meta.read_only"},
		{`"_meta": {"read_only": false}`, Write, "mcp:unmarked"},
		{`"annotations": {"idempotentHint": true}`, Write, "mcp:unmarked"},
		{`"annotations": {"readOnlyHint": null}`, Write, "mcp:unmarked"},
		{`"description": "unmarked"`, Write, "mcp:unmarked"},
	}
	for _, tt := range tests {
		c, err := ParseMCP("t.json", mcpTools(`{"name": "x", `+tt.in+`}`))
		require.NoError(t, err, tt.in)
		tool := c.Tools[0]
		if tool.Kind != tt.kind || tool.KindRule != tt.rule {
			t.Errorf("ParseMCP(%s) = %s by %s, want %s by %s", tt.in, tool.Kind, tool.KindRule, tt.kind, tt.rule)
		}
	}
}

func TestMCPDeclarations(t *testing.T) {
	c, err := ParseMCP("t.json", mcpTools(`{"name": "send_mail",
	 "annotations": {"readOnlyHint": false, "openWorldHint": true, "idempotency_key": "ann-key"},
	 "_meta": {"irreversible": true, "idempotency_key": "key", "egress": true, "reads_outside": true,
	   "privilege": "mail:send", "confirmation": "Send this mail?", "domain": "connectors",
	   "owner": "mail-team", "version": 3, "side_effect": "w2", "unrelated": {"x": 1}}}`))
	require.NoError(t, err)
	assert.Equal(t, Declarations{
		Irreversible: true, IdempotencyKey: "key", Egress: true, ReadsOutside: true,
		Privilege: "mail:send", Confirmation: "Send this mail?", Domain: "connectors",
		Owner: "mail-team", Version: "3", SideEffect: "W2",
	}, c.Tools[0].Declarations)
}

func TestMCPErrors(t *testing.T) {
	tests := []struct {
		in   string
		line int
		msg  string
	}{
		{"{\"tools\": [\n{\"name\": \"a\"},\n{\"name\": \"b\",\n \"annotations\": {\"readOnlyHint\": \"yes\"}}]}", 3, "readOnlyHint is not true or false"},
		{"{\"tools\": [\n{\"name\": \"a\"},\n{\"name\": \"a\"}]}", 3, `"a" appears twice`},
		{"{\"tools\": [\n{\"name\": \"a\"},\n{\"name\": \"a\"},\n{\"name\": \"a\"}]}", 4, `"a" appears twice: first at line 2`},
		{"{\"tools\": [\n{\"name\": \"a\",\n \"_meta\": {\"domain\": \"shops\"}}]}", 2, `domain "shops"`},
		{"{\"tools\": [\n{\"name\": \"a\",\n \"_meta\": {\"compensation\": {\"arguments\": {}}}}]}", 2, "compensation: names no tool"},
		{"{\"tools\": [\n{\"name\": \"a\",\n \"_meta\": {\"side_effect\": \"X9\"}}]}", 2, "side-effect class"},
		{"{\"tools\": [\n{\"name\": \"a\",\n \"description\": 42}]}", 3, "description is a JSON number"},
		{"{\"tools\": [\n{\"name\": \"a\"}\n{\"name\": \"b\"}]}", 3, "malformed JSON"},
		{"{\"tools\": [\n{\"name\": \"a\",\n\"name\": \"b\"}]}", 3, "appears twice in the object"},
		{"{\"tool\": []}", 1, "no \"tools\" list"},
		{"{\"tools\": [\n{\"name\": \"\"}]}", 2, "no name"},
		{"", 1, "empty file"},
	}
	for _, tt := range tests {
		_, err := ParseMCP("shop.json", []byte(tt.in))
		require.Error(t, err, tt.in)
		var e *Error
		require.True(t, errors.As(err, &e), "error %T is not an *Error", err)
		want := fmt.Sprintf("shop.json:%d: ", tt.line)
		assert.Contains(t, err.Error(), want, "ParseMCP(%q)", tt.in)
		assert.Contains(t, err.Error(), tt.msg, "ParseMCP(%q)", tt.in)
	}
}

func TestFromMCP(t *testing.T) {
	tool, problems := fromMCP(mcpFields{Name: "get_order", Annotations: []byte(`{"readOnlyHint":true}`),
		Meta: []byte(`{"owner":"shop"}`)})
	assert.Empty(t, problems)
	assert.Equal(t, Read, tool.Kind)
	assert.Equal(t, "shop", tool.Declarations.Owner)
	_, problems = fromMCP(mcpFields{Name: "x", Annotations: []byte(`[1]`)})
	assert.NotEmpty(t, problems)
}

// FromMCPTools reads the go-sdk's tools with ParseMCP's rules, and names
// every problem of every tool.
func TestFromMCPTools(t *testing.T) {
	yes := true
	object := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"order_id": {Type: "string"}}}
	c, err := FromMCPTools("shop", []*mcp.Tool{
		{Name: "get_order", Description: "Show an order.", InputSchema: object, Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}},
		nil,
		{Name: "refund_card", InputSchema: object, Annotations: &mcp.ToolAnnotations{DestructiveHint: &yes}},
		{Name: "charge_card", InputSchema: json.RawMessage(`{"type":"object"}`),
			Meta: mcp.Meta{"compensation": map[string]any{"tool": "refund_card"}}},
	})
	require.NoError(t, err)
	assert.Equal(t, "shop", c.Source)
	var have []kindRow
	for _, tool := range c.Tools {
		have = append(have, kindRow{tool.Name, tool.Kind, tool.KindRule})
	}
	assert.Equal(t, []kindRow{
		{"get_order", Read, "mcp:readOnlyHint"},
		{"refund_card", Write, "mcp:destructiveHint"},
		{"charge_card", Write, "mcp:unmarked"},
	}, have)
	require.NotNil(t, c.Tools[1].Annotations.DestructiveHint)
	assert.True(t, *c.Tools[1].Annotations.DestructiveHint, "refund_card is not destructive")
	require.NotNil(t, c.Tools[2].Declarations.Compensation)
	assert.Equal(t, "refund_card", c.Tools[2].Declarations.Compensation.Tool)
	assert.JSONEq(t, `{"type":"object","properties":{"order_id":{"type":"string"}}}`, string(c.Tools[0].InputSchema))

	c, err = FromMCPTools("shop", []*mcp.Tool{
		{Name: "get_order", InputSchema: object},
		{Name: "", InputSchema: object},
		{Name: "get_order", InputSchema: object},
	})
	assert.Nil(t, c)
	var list ErrorList
	require.ErrorAs(t, err, &list)
	assert.Len(t, list, 2, "FromMCPTools: %v", err)
	assert.Contains(t, err.Error(), "no name")
	assert.Contains(t, err.Error(), `tool "get_order" appears twice`)
}

// kindRow is a tool an import must give, in order, with its kind and the
// rule that decided it.
type kindRow struct {
	name string
	kind Kind
	rule string
}

// checkKinds imports file and checks its tools, in order, against want,
// each from the given form; it returns the catalogue for further checks.
func checkKinds(t *testing.T, file, form string, want []kindRow) *Catalogue {
	t.Helper()
	c, err := ImportFile(file)
	require.NoError(t, err)
	require.Len(t, c.Tools, len(want))
	for i, w := range want {
		tool := c.Tools[i]
		assert.Equal(t, w.name, tool.Name)
		assert.Equal(t, w.kind, tool.Kind, "%s kind", w.name)
		assert.Equal(t, w.rule, tool.KindRule, "%s kind rule", w.name)
		// Only a form's default is unmarked: a declared write is not.
		assert.Equal(t, w.rule == "mcp:unmarked" || w.rule == "langchain:unmarked", tool.Unmarked(), "%s unmarked", w.name)
		assert.Equal(t, form, tool.Origin.Form, "%s form", w.name)
	}
	return c
}
