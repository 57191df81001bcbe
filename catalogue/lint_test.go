package catalogue

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// findings returns the findings of a lint, as "tool: message" lines.
func findings(r *Report, lint string) []string {
	var out []string
	for _, f := range r.Findings {
		if f.Lint == lint {
			out = append(out, strings.Join(f.Tools, ", ")+": "+f.Message)
		}
	}
	return out
}

func toolsOf(r *Report, lint string) []string {
	var out []string
	for _, f := range r.Findings {
		if f.Lint == lint {
			out = append(out, strings.Join(f.Tools, ", "))
		}
	}
	return out
}

// The spec's shop, as its MCP server lists it, gives the four warnings spec
// 000 names, each on the tools it applies to, and no error.
func TestLintShop(t *testing.T) {
	c, err := ImportFile("testdata/shop-mcp.json")
	require.NoError(t, err)
	r := Lint(c)
	assert.Zero(t, r.Errors, "errors: %v", r.Findings)
	assert.Equal(t, []string{"refund_card", "archive_order"}, toolsOf(r, LintWriteWithoutCompensation))
	assert.Equal(t, []string{"charge_card", "refund_card", "archive_order"}, toolsOf(r, LintWriteNotRetrySafe))
	assert.Equal(t, []string{"charge_card", "refund_card", "archive_order"}, toolsOf(r, LintWriteWithoutResultSchema))
	assert.Equal(t, []string{"charge_card: 'refund_card' undoes it and is not retry-safe"}, findings(r, LintCompensationNotRetrySafe))
	for _, f := range r.Findings {
		if f.Group == GroupLints {
			assert.Contains(t, []string{LintWriteWithoutCompensation, LintWriteNotRetrySafe, LintWriteWithoutResultSchema,
				LintCompensationNotRetrySafe}, f.Lint)
		}
	}
	assert.NotZero(t, r.Count(GroupChecklist, SeverityWarning), "the checklist is a group of its own")

	// The embedded shop adds the OpenAPI document's idempotency key to
	// charge_card: it is retry-safe there.
	r = Lint(Default())
	assert.Equal(t, []string{"refund_card", "archive_order"}, toolsOf(r, LintWriteNotRetrySafe))
}

func TestLintErrors(t *testing.T) {
	yes := true
	c := &Catalogue{Tools: []Tool{
		{Name: "get_order", Kind: Read},
		{Name: "empty_warehouse"},
		{Name: "charge_card", Kind: Write, Declarations: Declarations{Compensation: &Compensation{Tool: "refund_card"}, IdempotencyKey: "key"}},
		{Name: "get_order", Kind: Read},
		{Name: "void_invoice", Kind: Write, Annotations: Annotations{IdempotentHint: &yes},
			Declarations: Declarations{Irreversible: true}, OutputSchema: json.RawMessage(`{"type":"object"}`)},
	}}
	r := Lint(c)
	assert.Equal(t, 3, r.Errors)
	assert.Equal(t, []string{"empty_warehouse"}, toolsOf(r, LintToolKindUndeclared))
	assert.Equal(t, []string{`charge_card: its compensation names "refund_card", which the catalogue does not hold`},
		findings(r, LintCompensationToolMissing))
	assert.Equal(t, []string{"get_order"}, toolsOf(r, LintToolNameDuplicate))
	// A compensation that names no tool is reported once, as an error.
	assert.Empty(t, toolsOf(r, LintCompensationNotRetrySafe))
	assert.Empty(t, toolsOf(r, LintWriteWithoutCompensation))
	// Declared irreversible, idempotent and with a result schema: clean.
	for _, f := range r.Findings {
		if f.Group == GroupLints {
			assert.NotEqual(t, []string{"void_invoice"}, f.Tools, f.Lint)
		}
	}
	// Errors come first.
	for i, f := range r.Findings {
		if f.Severity == SeverityError {
			assert.Less(t, i, r.Errors, f.Lint)
		}
	}
}

func TestRetrySafe(t *testing.T) {
	yes, no := true, false
	tests := []struct {
		tool Tool
		want bool
	}{
		{Tool{Name: "a"}, false},
		{Tool{Name: "b", Declarations: Declarations{IdempotencyKey: "Idempotency-Key"}}, true},
		{Tool{Name: "c", Annotations: Annotations{IdempotentHint: &yes}}, true},
		{Tool{Name: "d", Annotations: Annotations{IdempotentHint: &no}}, false},
		{Tool{Name: "e", InputSchema: json.RawMessage(`{"properties":{"idempotency_key":{"type":"string"}}}`)}, true},
		{Tool{Name: "f", InputSchema: json.RawMessage(`{"properties":{"idempotencyKey":{"type":"string"}}}`)}, true},
		{Tool{Name: "g", InputSchema: json.RawMessage(`{"properties":{"key":{"type":"string"}}}`)}, false},
	}
	for _, tt := range tests {
		if got := RetrySafe(&tt.tool); got != tt.want {
			t.Errorf("RetrySafe(%s) = %v, want %v", tt.tool.Name, got, tt.want)
		}
	}
}

func TestChecklistDescription(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"Returns one invoice for the signed-in customer's account. Use when the customer gives an invoice number. " +
			"Do not use to list invoices (use invoice.list). Returns status and amounts.", ""},
		{"Show an order: its total, the card on file and its status.", "it does not say when to use it, when not to or what comes back"},
		{"Refunds a charge. Never use for disputes.", "it does not say when to use it or what comes back"},
		{"Use to answer questions. Returns passages.", "it does not say when not to"},
		{"", "no description: it says neither what, when, when not nor what comes back"},
		{"Use it. Do not use it twice. Returns it." + strings.Repeat(" word", 80), "89 words, over 80"},
	}
	for _, tt := range tests {
		if got := checkDescription(tt.in); got != tt.want {
			t.Errorf("checkDescription(%.40q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestChecklistInputSchema(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{`{"type":"object","properties":{"invoice_id":{"type":"string","pattern":"^INV-[0-9]{6,10}$"}},"additionalProperties":false}`, ""},
		{`{"type":"object","properties":{"order_id":{"type":"string"}},"required":["order_id"]}`, "additionalProperties is not false; no limit: order_id"},
		{`{"type":"object","properties":{"a":{},"n":{"type":"integer","maximum":8},"m":{"type":"number"},"l":{"type":"array"},` +
			`"e":{"enum":["x"]},"b":{"type":"boolean"}},"additionalProperties":false}`, "no type: a; no limit: l, m"},
		{``, "no inputSchema"},
		{`[1]`, "the inputSchema is not a JSON object"},
	}
	for _, tt := range tests {
		if got := checkInputSchema(json.RawMessage(tt.in)); got != tt.want {
			t.Errorf("checkInputSchema(%s) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestChecklistHintsAndKeys(t *testing.T) {
	yes, no := true, false
	all := Annotations{ReadOnlyHint: &no, DestructiveHint: &no, IdempotentHint: &yes, OpenWorldHint: &yes}
	c := &Catalogue{Tools: []Tool{
		{Name: "invoice.get", Kind: Read, Annotations: Annotations{ReadOnlyHint: &yes, OpenWorldHint: &no}},
		{Name: "refund.create", Kind: Write, Annotations: all, Declarations: Declarations{SideEffect: "W2", IdempotencyKey: "idempotency_key"}},
		{Name: "invoice.send", Kind: Write, Annotations: Annotations{ReadOnlyHint: &no}, Declarations: Declarations{SideEffect: "W1"}},
		{Name: "kb.search", Kind: Read, Annotations: Annotations{ReadOnlyHint: &yes, OpenWorldHint: &no},
			Declarations: Declarations{SideEffect: "R1", ReadsOutside: true}},
		{Name: "invoice.void", Kind: Write, Annotations: Annotations{ReadOnlyHint: &yes, DestructiveHint: &yes, IdempotentHint: &yes, OpenWorldHint: &no},
			Declarations: Declarations{SideEffect: "R0"}},
		{Name: "search.orders", Kind: Read, KindRule: "openapi:x-stalwart-read", Annotations: Annotations{ReadOnlyHint: &no, OpenWorldHint: &no}},
	}}
	r := Lint(c)
	assert.Equal(t, []string{"invoice.send: not set explicitly: destructiveHint, idempotentHint, openWorldHint"},
		findings(r, LintChecklistHintsImplicit))
	assert.Equal(t, []string{
		"kb.search: openWorldHint is false on an R1 tool, which reads content from outside",
		"invoice.void: destructiveHint is true with readOnlyHint true (the tool is read as a write); side-effect class R0 reads, but the tool is a write",
		"search.orders: readOnlyHint is false on a read",
	}, findings(r, LintChecklistHintsInconsistent))
	assert.Equal(t, []string{"invoice.send"}, toolsOf(r, LintChecklistIdempotencyKey))
}

func TestChecklistName(t *testing.T) {
	long := strings.Repeat("a", 129)
	c := &Catalogue{Tools: []Tool{
		{Name: "get_order", Kind: Read},
		{Name: "list_orders", Kind: Read},
		{Name: "refund", Kind: Write},
		{Name: "chargeCard", Kind: Write},
		{Name: "get order", Kind: Read},
		{Name: long, Kind: Read},
		{Name: "set_availability", Kind: Write, Origin: Origin{Form: FormOpenAPI, NamedFromSummary: true}},
	}}
	got := findings(Lint(c), LintChecklistName)
	assert.Equal(t, []string{
		"chargeCard: not snake_case, the convention of 4 of the catalogue's 7 names",
		`get order: "get order" is not 1 to 128 characters of A-Z a-z 0-9 _ - .; not snake_case, the convention of 4 of the catalogue's 7 names`,
		long + `: "` + long + `" is not 1 to 128 characters of A-Z a-z 0-9 _ - .`,
		`set_availability: the operation has no operationId: the importer named it "set_availability" from its summary`,
	}, got)

	styles := []struct{ in, want string }{
		{"get_order", "snake_case"}, {"get-order", "kebab-case"}, {"getOrder", "camelCase"}, {"GetOrder", "PascalCase"},
		{"invoice.get", "dotted"}, {"payment_method.set_default", "dotted"}, {"get", "lower"}, {"get_order-x", "mixed"},
		{"Get_Order", "mixed"},
	}
	for _, tt := range styles {
		if got := nameStyle(tt.in); got != tt.want {
			t.Errorf("nameStyle(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestReportText(t *testing.T) {
	r := &Report{Source: "shop", Tools: 2, Languages: []string{"en"}}
	w := NewFinding(LintWriteNotRetrySafe, "a write with no idempotency", "charge_card")
	e := NewFinding(LintToolsIndistinguishable, "no plain turn tells them apart", "get_order", "fetch_order")
	e.Turn, e.Shared, e.Fix, e.Languages = "get order", []string{"get", "order"}, "rename fetch_order", []string{"en"}
	ck := NewFinding(LintChecklistOutputSchema, "no outputSchema", "get_order")
	r.Add(ck, w, e)
	r.Sort()
	assert.Equal(t, []string{LintToolsIndistinguishable, LintWriteNotRetrySafe, LintChecklistOutputSchema},
		[]string{r.Findings[0].Lint, r.Findings[1].Lint, r.Findings[2].Lint})
	assert.True(t, r.HasErrors())
	var b bytes.Buffer
	require.NoError(t, r.WriteText(&b))
	out := b.String()
	for _, want := range []string{
		"shop: 2 tools (turns in en): 1 error, 1 warning; review checklist: 1 warning\n",
		"Lints\n",
		"error     tools_indistinguishable  get_order, fetch_order  no plain turn tells them apart\n",
		`turn "get order" (en); shared: get, order`,
		"fix: rename fetch_order\n",
		"Review checklist (spec 004)\n",
		"checklist_output_schema  get_order  no outputSchema\n",
	} {
		assert.Contains(t, out, want)
	}
	assert.Less(t, strings.Index(out, "Lints"), strings.Index(out, "Review checklist"))
}

// Every lint has a meaning and a known severity and group, and the table
// puts the lints before the checklist and errors before warnings.
func TestLintTable(t *testing.T) {
	seen := map[string]bool{}
	groups := []Group{}
	for _, l := range Lints() {
		assert.False(t, seen[l.Name], "lint %s twice", l.Name)
		seen[l.Name] = true
		assert.NotEmpty(t, l.Meaning, l.Name)
		assert.Contains(t, []Severity{SeverityError, SeverityWarning}, l.Severity, l.Name)
		assert.Equal(t, strings.HasPrefix(l.Name, "checklist_"), l.Group == GroupChecklist, l.Name)
		if len(groups) == 0 || groups[len(groups)-1] != l.Group {
			groups = append(groups, l.Group)
		}
	}
	assert.Equal(t, []Group{GroupLints, GroupChecklist}, groups)
	lints := Lints()
	assert.True(t, slices.IsSortedFunc(lints, func(a, b LintInfo) int {
		if a.Group != b.Group {
			return 0
		}
		if a.Severity == b.Severity {
			return 0
		}
		if a.Severity == SeverityError {
			return -1
		}
		return 1
	}))
}
