package router

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// mcpCatalogue imports an MCP tools/list answer of read tools, each named
// with its description.
func mcpCatalogue(t testing.TB, tools ...[2]string) *catalogue.Catalogue {
	t.Helper()
	type tool struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		InputSchema json.RawMessage `json:"inputSchema"`
		Annotations map[string]bool `json:"annotations"`
	}
	list := struct {
		Tools []tool `json:"tools"`
	}{}
	for _, nd := range tools {
		list.Tools = append(list.Tools, tool{Name: nd[0], Description: nd[1],
			InputSchema: json.RawMessage(`{"type":"object","properties":{"order_id":{"type":"string"}}}`),
			Annotations: map[string]bool{"readOnlyHint": true}})
	}
	data, err := json.Marshal(list)
	require.NoError(t, err)
	c, err := catalogue.Import("test.json", data)
	require.NoError(t, err)
	return c
}

// lintsOf returns the findings of a lint as "tool, tool" strings.
func lintsOf(r *catalogue.Report, lint string) []string {
	var out []string
	for _, f := range r.Findings {
		if f.Lint == lint {
			out = append(out, strings.Join(f.Tools, ", "))
		}
	}
	return out
}

func verify(t testing.TB, c *catalogue.Catalogue, opts VerifyOptions) *catalogue.Report {
	t.Helper()
	r, err := Verify(c, opts)
	require.NoError(t, err)
	return r
}

// The spec's shop gives the four warnings of spec 000 on the tools they
// apply to, and no error; the checklist is a group of its own.
func TestVerifyShop(t *testing.T) {
	c, err := catalogue.ImportFile("../catalogue/testdata/shop-mcp.json")
	require.NoError(t, err)
	r := verify(t, c, VerifyOptions{})
	assert.Zero(t, r.Errors, "%+v", r.Findings)
	assert.Equal(t, []string{"refund_card", "archive_order"}, lintsOf(r, catalogue.LintWriteWithoutCompensation))
	assert.Equal(t, []string{"charge_card", "refund_card", "archive_order"}, lintsOf(r, catalogue.LintWriteNotRetrySafe))
	assert.Equal(t, []string{"charge_card", "refund_card", "archive_order"}, lintsOf(r, catalogue.LintWriteWithoutResultSchema))
	assert.Equal(t, []string{"charge_card"}, lintsOf(r, catalogue.LintCompensationNotRetrySafe))
	var lints []string
	for _, f := range r.Findings {
		if f.Group == catalogue.GroupLints && !slices.Contains(lints, f.Lint) {
			lints = append(lints, f.Lint)
		}
	}
	assert.Equal(t, []string{catalogue.LintWriteWithoutCompensation, catalogue.LintWriteNotRetrySafe,
		catalogue.LintWriteWithoutResultSchema, catalogue.LintCompensationNotRetrySafe}, lints)
	assert.NotZero(t, r.Count(catalogue.GroupChecklist, catalogue.SeverityWarning))
	assert.Contains(t, r.Languages, "en")
}

// Two tools the router reads alike are an error naming both, with the
// turn that ties them, what they share and a fix; a get and a list of the
// same thing are told apart.
func TestVerifyAmbiguity(t *testing.T) {
	c := mcpCatalogue(t,
		[2]string{"get_order", "Show an order: its total, the card on file and its status."},
		[2]string{"fetch_order", "Fetch an order: its total, the card on file and its status."})
	r0, err := New(c, Options{})
	require.NoError(t, err)
	r := verify(t, c, VerifyOptions{})
	require.Equal(t, []string{"get_order, fetch_order"}, lintsOf(r, catalogue.LintToolsIndistinguishable), "%+v", r.Findings)
	f := r.Findings[0]
	assert.Equal(t, catalogue.SeverityError, f.Severity)
	assert.Equal(t, 1, strings.Count(f.Turn, " "), "the smallest turn: %q", f.Turn)
	assert.True(t, slices.Contains(r0.PlainTurns("get_order"), f.Turn) || slices.Contains(r0.PlainTurns("fetch_order"), f.Turn), f.Turn)
	assert.Equal(t, []string{"get (get, fetch)", "order"}, f.Shared)
	assert.Contains(t, f.Fix, `declare "fetch" in the vocabulary file`)
	assert.Contains(t, f.Languages, "en")

	c = mcpCatalogue(t,
		[2]string{"get_order", "Show an order: its total, the card on file and its status."},
		[2]string{"list_orders", "List the orders of a customer, newest first."})
	r = verify(t, c, VerifyOptions{})
	assert.Zero(t, r.Errors, "%+v", r.Findings)
	assert.Empty(t, lintsOf(r, catalogue.LintPlainTurnAmbiguous))
}

// A withdrawn tool is not linted for ambiguity; what its withdrawal does
// to the tools beside it is what Select does.
func TestVerifyWithdrawn(t *testing.T) {
	c := mcpCatalogue(t,
		[2]string{"get_order", "Show an order."},
		[2]string{"fetch_order", "Fetch an order."},
		[2]string{"get_invoice", "Show an invoice."})
	r := verify(t, c, VerifyOptions{Withdrawn: []string{"fetch_order"}})
	assert.Zero(t, r.Errors, "%+v", r.Findings)
	for _, f := range r.Findings {
		if f.Group == catalogue.GroupLints {
			assert.NotContains(t, f.Tools, "fetch_order", f.Message)
		}
	}
}

func TestVerifyNameReadAsGrammar(t *testing.T) {
	c := mcpCatalogue(t,
		[2]string{"please", "Says please."},
		[2]string{"and_then", "Goes on."},
		[2]string{"what_is", "Says what it is."},
		[2]string{"get_order", "Show an order."},
		[2]string{"HassTurnOn", "Turns a device on."})
	r := verify(t, c, VerifyOptions{})
	assert.Equal(t, []string{"please", "and_then", "what_is"}, lintsOf(r, catalogue.LintNameReadAsGrammar))
	for _, f := range r.Findings {
		if f.Lint == catalogue.LintNameReadAsGrammar && f.Tools[0] == "what_is" {
			assert.Contains(t, f.Message, `"what" (question), "is" (auxiliary)`)
		}
	}
}

func TestPlainTurns(t *testing.T) {
	r := shop(t, Options{})
	turns := r.PlainTurns("get_order")
	for _, want := range []string{"get order", "get the order", "get order 42", "show order", "fetch order", "display order"} {
		assert.Contains(t, turns, want)
	}
	assert.Equal(t, "get order", turns[0], "the plainest first")
	assert.Nil(t, r.PlainTurns("no_such_tool"))

	c := mcpCatalogue(t, [2]string{"listOrders", "List orders."}, [2]string{"getEmployeeById", "Show an employee."})
	r, err := New(c, Options{})
	require.NoError(t, err)
	assert.Equal(t, "list orders", r.PlainTurns("listOrders")[0], "the name's own words")
	assert.Contains(t, r.PlainTurns("getEmployeeById"), "get employee by id 42")
}

// testGrammarPT is a small Brazilian Portuguese grammar for tests, until
// GrammarFor has one.
func testGrammarPT(t testing.TB) grammar.Grammar {
	t.Helper()
	fsys := fstest.MapFS{
		"lex/function.tsv": {Data: []byte("determiner\to, a, os, as, um, uma\npreposition\tde, do, da, para\n")},
		"lex/actions.tsv":  {Data: []byte("get\t-\tmostrar, ver\nlist\tget\tlistar\n")},
		"lex/nouns.tsv":    {Data: []byte("order\tpedido/pedidos/m\ninvoice\tfatura/faturas/f\n")},
		"lex/antonyms.tsv": {Data: []byte("# none\n")},
	}
	lx, err := grammar.LoadLexicon(fsys, "lex", baseForms{})
	require.NoError(t, err)
	e, err := grammar.NewEngine(tokenize.Brazilian, lx, grammar.Rules{}, func() time.Time { return time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC) })
	require.NoError(t, err)
	return e
}

type baseForms struct{}

func (baseForms) VerbForms(base string, irregular []string) []string {
	return append([]string{base}, irregular...)
}

// The plain turns of another language are made from its lexicon, with its
// determiners, and the findings name the language.
func TestLintOtherLanguage(t *testing.T) {
	c := mcpCatalogue(t,
		[2]string{"get_order", "Show an order."},
		[2]string{"fetch_order", "Fetch an order."},
		[2]string{"get_invoice", "Show an invoice."})
	r, err := New(c, Options{Language: tokenize.Brazilian, Grammar: testGrammarPT(t)})
	require.NoError(t, err)
	assert.Equal(t, []string{"mostrar pedido", "mostrar o pedido", "mostrar pedido 42", "ver pedido"}, r.PlainTurns("get_order"))
	assert.Contains(t, r.PlainTurns("get_invoice"), "mostrar a fatura")
	fs, err := r.Lint()
	require.NoError(t, err)
	var got []string
	for _, f := range fs {
		got = append(got, fmt.Sprintf("%s %s %v", f.Lint, strings.Join(f.Tools, ","), f.Languages))
	}
	assert.Equal(t, []string{"tools_indistinguishable get_order,fetch_order [pt-BR]"}, got)
}

// Every corpus catalogue verifies; its errors are reported, not failed
// on: they are the router's reading of the catalogue as it stands.
func TestVerifyCorpus(t *testing.T) {
	cats, err := corpus.Catalogues()
	require.NoError(t, err)
	names := make([]string, 0, len(cats))
	for name := range cats {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		c := cats[name]
		r := verify(t, c, VerifyOptions{})
		for _, f := range r.Findings {
			info, ok := catalogue.LookupLint(f.Lint)
			require.True(t, ok, f.Lint)
			assert.Equal(t, info.Severity, f.Severity, f.Lint)
			for _, tool := range f.Tools {
				assert.NotNil(t, c.Tool(tool), "%s names %s", f.Lint, tool)
			}
			if f.Severity == catalogue.SeverityError {
				t.Logf("%s: %s %s: %s (turn %q; fix: %s)", name, f.Lint, strings.Join(f.Tools, ", "), f.Message, f.Turn, f.Fix)
			}
		}
	}
}

// BenchmarkVerify1000 verifies the generated catalogue of 1,000 tools:
// the declaration lints, the checklist, and every tool's plain turns
// routed.
func BenchmarkVerify1000(b *testing.B) {
	c, err := corpus.Generate(1000, 1)
	if err != nil {
		b.Fatal(err)
	}
	r, err := New(c, Options{})
	if err != nil {
		b.Fatal(err)
	}
	turns := map[string]bool{}
	for _, t := range c.Tools {
		for _, turn := range r.PlainTurns(t.Name) {
			turns[turn] = true
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Verify(c, VerifyOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(turns)), "turns/op")
}
