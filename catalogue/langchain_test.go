package catalogue

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseLangChainShop(t *testing.T) {
	c := checkKinds(t, "testdata/shop-langchain.json", "langchain", []kindRow{
		{"get_order", Read, "langchain:metadata.read_only"},
		{"charge_card", Write, "langchain:unmarked"},
		{"refund_card", Write, "langchain:metadata.destructiveHint"},
		{"archive_order", Write, "langchain:unmarked"},
		{"search_orders", Read, "langchain:metadata.readOnlyHint"},
	})
	assert.Equal(t, Declarations{
		Compensation:   &Compensation{Tool: "refund_card", Arguments: map[string]any{"order_id": "$args.order_id", "amount": "$args.amount"}},
		IdempotencyKey: "Idempotency-Key", Privilege: "payments:charge", SideEffect: "W2",
	}, c.Tool("charge_card").Declarations)
	assert.Equal(t, Declarations{Irreversible: true}, c.Tool("refund_card").Declarations)
	assert.Equal(t, Declarations{Domain: "connectors", ReadsOutside: true}, c.Tool("search_orders").Declarations)
	assert.JSONEq(t, `{"type":"object","properties":{"order_id":{"type":"string"}},"required":["order_id"]}`,
		string(c.Tool("get_order").InputSchema))
	require.NotNil(t, c.Tool("refund_card").Annotations.DestructiveHint)
	assert.Nil(t, c.Tool("refund_card").Annotations.ReadOnlyHint)

	// The {"tools": [...]} form reads the same.
	wrapped, err := Import("wrapped.json", []byte(`{"tools": [{"type": "function", "function": {"name": "get_order"},
		"metadata": {"readOnly": true}}]}`))
	require.NoError(t, err)
	assert.Equal(t, Read, wrapped.Tools[0].Kind)
}

func TestLangChainKindRules(t *testing.T) {
	tests := []struct {
		meta string
		kind Kind
		rule string
	}{
		{`{"read_only": true}`, Read, "langchain:metadata.read_only"},
		{`{"readOnlyHint": true}`, Read, "langchain:metadata.readOnlyHint"},
		{`{"read_only": false}`, Write, "langchain:metadata.read_only"},
		{`{"readOnlyHint": false}`, Write, "langchain:metadata.readOnlyHint"},
		{`{"read_only": true, "destructiveHint": true}`, Write, "langchain:metadata.destructiveHint"},
		{`{"owner": "x"}`, Write, "langchain:unmarked"},
		{`null`, Write, "langchain:unmarked"},
	}
	for _, tt := range tests {
		c, err := ParseLangChain("t.json", []byte(`[{"type": "function", "function": {"name": "x"}, "metadata": `+tt.meta+`}]`))
		require.NoError(t, err, tt.meta)
		tool := c.Tools[0]
		if tool.Kind != tt.kind || tool.KindRule != tt.rule {
			t.Errorf("ParseLangChain(metadata %s) = %s by %s, want %s by %s", tt.meta, tool.Kind, tool.KindRule, tt.kind, tt.rule)
		}
	}
}

func TestLangChainErrors(t *testing.T) {
	tests := []struct {
		in   string
		line int
		msg  string
	}{
		{"[\n{\"type\": \"function\"}]", 2, `no "function" object`},
		{"[\n{\"type\": \"tool\",\n \"function\": {\"name\": \"a\"}}]", 2, `type is not "function"`},
		{"[\n{\"function\": {\"name\": \"a\",\n \"parameters\": [1]}}]", 3, "parameters is a array"},
		{"[\n{\"function\": {\"name\": \"a\"},\n \"metadata\": {\"domain\": 3}}]", 3, "metadata declaration domain"},
		{"[\n{\"function\": {\"name\": \"a\"},\n \"metadata\": 3}]", 3, "metadata is a number, want an object"},
		{"[\n{\"function\": {\"name\": \"a\"}},\n{\"function\": {\"name\": \"a\"}}]", 3, `"a" appears twice`},
		{"[\n{\"function\": {\"description\": \"no name\"}}]", 2, "the function has no name"},
		{"{\"tool\": []}", 1, `no "tools" list`},
		{"[\n3]", 2, "is a number, want an object"},
		{"[\n{\"function\": {\"name\": \"a\"},\n \"tags\": \"x\"}]", 3, "tags is a string"},
	}
	for _, tt := range tests {
		_, err := ParseLangChain("lc.json", []byte(tt.in))
		want := fmt.Sprintf("lc.json:%d: ", tt.line)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("ParseLangChain(%q) = %v, want %q...%q", tt.in, err, want, tt.msg)
		}
	}
}

// Every form of the shop gives the same kinds and, where both forms declare
// them, the same declarations.
func TestShopFormsAgreeAll(t *testing.T) {
	mcp, err := ImportFile("testdata/shop-mcp.json")
	require.NoError(t, err)
	lc, err := ImportFile("testdata/shop-langchain.json")
	require.NoError(t, err)
	ts, err := ImportTypeScript("../examples/server", "../examples/server/dist")
	require.NoError(t, err)
	api, err := ImportFile("testdata/shop-openapi.json")
	require.NoError(t, err)
	snake := func(name string) string { return strings.Join(NameWords(name), "_") }
	for _, form := range []*Catalogue{lc, ts, api} {
		for _, tool := range form.Tools {
			m := mcp.Tool(snake(tool.Name))
			if m == nil {
				continue
			}
			assert.Equal(t, m.Kind, tool.Kind, "%s from %s: kind", tool.Name, tool.Origin.Form)
			if m.Declarations.Compensation != nil && tool.Declarations.Compensation != nil {
				assert.Equal(t, m.Declarations.Compensation.Arguments, tool.Declarations.Compensation.Arguments,
					"%s from %s: compensation", tool.Name, tool.Origin.Form)
				assert.Equal(t, m.Declarations.Compensation.Tool, snake(tool.Declarations.Compensation.Tool))
			}
		}
	}
}
