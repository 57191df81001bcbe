package review

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/router"
)

var update = flag.Bool("update", false, "rewrite the golden reports under testdata")

// The fixtures: the shop changed (archive_order now a read, cancel_order
// added beside it, get_order renamed show_order) and its golden turns.
const (
	changedFile = "testdata/shop-changed.json"
	goldenFile  = "testdata/shop-golden.jsonl"
)

func changedShop(t *testing.T) *catalogue.Catalogue {
	t.Helper()
	c, err := catalogue.ImportFile(changedFile)
	require.NoError(t, err)
	return c
}

func shopGolden(t *testing.T) []corpus.Case {
	t.Helper()
	g, err := LoadTurns(goldenFile)
	require.NoError(t, err)
	return g
}

func compare(t *testing.T, oldCat, newCat *catalogue.Catalogue, golden []corpus.Case) *Report {
	t.Helper()
	r, err := Compare(oldCat, newCat, Options{OldName: "shop.json", NewName: "shop-changed.json", Golden: golden})
	require.NoError(t, err)
	return r
}

// redact clears what the router's scoring decides beyond the decision
// itself -- the scores, the reasons, which quote them, and the order of
// the runners-up past the second -- so the golden reports keep outcomes,
// tools and kinds but not what a refit of the weights moves.
func redact(r *Report) *Report {
	c := *r
	c.Turns = make([]TurnChange, len(r.Turns))
	for i, t := range r.Turns {
		for _, s := range []*Side{&t.Old, &t.New} {
			cands := make([]Candidate, min(2, len(s.Candidates)))
			for k, cd := range s.Candidates[:len(cands)] {
				cands[k] = Candidate{Tool: cd.Tool}
			}
			s.Candidates, s.Reason = cands, "(scores and reason left out of the golden file)"
		}
		c.Turns[i] = t
	}
	return &c
}

// checkGolden compares have with the golden file, or rewrites it with
// -update. A failure shows a have/want diff.
func checkGolden(t *testing.T, name string, have []byte) {
	t.Helper()
	file := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(file, have, 0o644))
		return
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err, "run go test ./review -update to write it")
	if !bytes.Equal(have, want) {
		t.Errorf("%s differs (go test ./review -update rewrites it):\n%s", file, lineDiff(string(have), string(want)))
	}
}

// lineDiff shows the lines of have and want that differ, marked have: and
// want:.
func lineDiff(have, want string) string {
	h, w := strings.Split(have, "\n"), strings.Split(want, "\n")
	var b strings.Builder
	for i := 0; i < max(len(h), len(w)); i++ {
		var hl, wl string
		if i < len(h) {
			hl = h[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if hl != wl {
			fmt.Fprintf(&b, "line %d\n  have: %s\n  want: %s\n", i+1, hl, wl)
		}
	}
	return b.String()
}

func TestReportGolden(t *testing.T) {
	golden := shopGolden(t)
	tests := []struct {
		name   string
		oldCat *catalogue.Catalogue
		newCat *catalogue.Catalogue
		golden []corpus.Case
	}{
		{"shop-change", catalogue.Default(), changedShop(t), golden},
		{"shop-change-tools", catalogue.Default(), changedShop(t), nil},
		{"shop-same", catalogue.Default(), catalogue.Default(), golden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := redact(compare(t, tt.oldCat, tt.newCat, tt.golden))
			var text, md, js bytes.Buffer
			require.NoError(t, r.WriteText(&text))
			require.NoError(t, r.WriteMarkdown(&md))
			require.NoError(t, r.WriteJSON(&js))
			checkGolden(t, tt.name+".txt", text.Bytes())
			checkGolden(t, tt.name+".md", md.Bytes())
			checkGolden(t, tt.name+".json", js.Bytes())
		})
	}
}

// The shop's change is reported point by point, with the golden turns
// that move, and needs review.
func TestCompareShopChange(t *testing.T) {
	r := compare(t, catalogue.Default(), changedShop(t), shopGolden(t))
	assert.True(t, r.Changed)
	assert.Equal(t, 1, r.ExitStatus)

	require.Len(t, r.KindChanges, 1)
	k := r.KindChanges[0]
	assert.Equal(t, KindChange{Tool: "archive_order", From: catalogue.Write, To: catalogue.Read,
		OldRule: "mcp:unmarked", NewRule: "mcp:readOnlyHint", Confirmation: confirmNoLonger}, k)
	assert.Equal(t, []Rename{{Old: "get_order", New: "show_order"}}, r.Renamed)
	assert.Equal(t, []ToolRef{{Name: "cancel_order", Kind: catalogue.Write, Description: "Cancel an order and move it to the archive."}}, r.Added)
	assert.Empty(t, r.Removed)
	assert.Equal(t, []ToolChange{{Tool: "archive_order", Changes: []FieldChange{{Field: "readOnlyHint", Old: "unset", New: "true"}}}}, r.Tools)
	assert.Empty(t, r.LostDeclarations, "archive_order is a read now: it needs no compensation")

	// The renamed tool's findings are matched by its new name: none of
	// show_order's appears, none of get_order's disappears.
	for _, f := range append(r.Appeared, r.Disappeared...) {
		assert.NotContains(t, f.Tools, "show_order", f.Lint)
		assert.NotContains(t, f.Tools, "get_order", f.Lint)
	}
	appeared := map[string]bool{}
	for _, f := range r.Appeared {
		appeared[f.Lint+" "+strings.Join(f.Tools, ",")] = true
	}
	assert.True(t, appeared["write_without_compensation cancel_order"], r.Appeared)
	disappeared := map[string]bool{}
	for _, f := range r.Disappeared {
		disappeared[f.Lint+" "+strings.Join(f.Tools, ",")] = true
	}
	assert.True(t, disappeared["write_without_compensation archive_order"], r.Disappeared)

	assert.Equal(t, FromGolden, r.TurnsFrom)
	assert.Equal(t, 11, r.TurnsRouted)
	type moved struct {
		line     int
		moved    string
		old, new string
		rightNew bool
	}
	var have []moved
	for _, tc := range r.Turns {
		assert.Equal(t, "archive_order", tc.Expect)
		assert.True(t, *tc.Old.Right, "line %d was right", tc.Line)
		assert.NotEmpty(t, tc.Old.Candidates)
		assert.NotEmpty(t, tc.New.Reason)
		have = append(have, moved{tc.Line, strings.Join(tc.Moved, ","), describeSide(Side{Outcome: tc.Old.Outcome, Tool: tc.Old.Tool, Kind: tc.Old.Kind}),
			describeSide(Side{Outcome: tc.New.Outcome, Tool: tc.New.Tool, Kind: tc.New.Kind}), *tc.New.Right})
	}
	assert.Equal(t, []moved{
		{6, "kind", "selected archive_order (write)", "selected archive_order (read)", true},
		// The changed cancel_order also moves an order to the archive,
		// and takes a share of the probability, but archive_order keeps
		// enough of it to be selected.
		{7, "kind", "selected archive_order (write)", "selected archive_order (read)", true},
		{11, "kind", "selected archive_order (write)", "selected archive_order (read)", true},
	}, have)
	// The turns for get_order follow the rename: no decision changed,
	// but the golden file still names the old name.
	assert.Equal(t, []GoldenRename{{Tool: "get_order", RenamedTo: "show_order", Lines: []int{2, 3}}}, r.GoldenRenamed)
	assert.Equal(t, []string{"3 golden turns' decisions changed"}, r.Attention)
}

// Without golden turns, the turns are made from the changed tools' names
// and descriptions; what they move is shown but needs no review.
func TestCompareTurnsFromTools(t *testing.T) {
	r := compare(t, catalogue.Default(), changedShop(t), nil)
	assert.Equal(t, FromTools, r.TurnsFrom)
	var turns []string
	for _, tc := range r.Turns {
		turns = append(turns, tc.From+": "+tc.Turn)
		assert.Nil(t, tc.Old.Right)
	}
	assert.Contains(t, turns, "archive_order: archive order")
	assert.Contains(t, turns, "cancel_order: cancel order")
	assert.Equal(t, 0, r.ExitStatus, r.Attention)
}

// A catalogue against itself: no change, exit status 0.
func TestCompareSame(t *testing.T) {
	for _, golden := range [][]corpus.Case{shopGolden(t), nil} {
		r := compare(t, catalogue.Default(), catalogue.Default(), golden)
		assert.False(t, r.Changed)
		assert.Equal(t, 0, r.ExitStatus)
		assert.Empty(t, r.Attention)
		assert.Empty(t, r.Turns)
		var b bytes.Buffer
		require.NoError(t, r.WriteText(&b))
		assert.Equal(t, "route diff shop.json -> shop-changed.json: no change\n", b.String())
	}
}

// withTool returns the shop with a tool added.
func withTool(t *testing.T, mcp string) *catalogue.Catalogue {
	t.Helper()
	extra, err := catalogue.ParseMCP("extra.json", []byte(`{"tools": [`+mcp+`]}`))
	require.NoError(t, err)
	c := catalogue.Default()
	c.Tools = append(c.Tools, extra.Tools...)
	return c
}

// A tool the router cannot tell from one already there is a new error,
// reported first, and needs review.
func TestCompareNewClash(t *testing.T) {
	c := withTool(t, `{"name": "fetch_order", "description": "Fetch an order by its id.", "annotations": {"readOnlyHint": true},
		"inputSchema": {"type": "object", "properties": {"order_id": {"type": "string"}}}}`)
	r := compare(t, catalogue.Default(), c, nil)
	require.NotEmpty(t, r.Appeared)
	first := r.Appeared[0]
	assert.Equal(t, catalogue.LintToolsIndistinguishable, first.Lint)
	assert.ElementsMatch(t, []string{"get_order", "fetch_order"}, first.Tools)
	assert.Equal(t, 1, r.ExitStatus)
	assert.Contains(t, r.Attention, "a new error: tools_indistinguishable (get_order, fetch_order)")
	assert.Equal(t, []ToolRef{{Name: "fetch_order", Kind: catalogue.Read, Description: "Fetch an order by its id."}}, r.Added)

	// The other way round, the error disappears: nothing to review.
	r = compare(t, c, catalogue.Default(), nil)
	assert.Equal(t, catalogue.LintToolsIndistinguishable, r.Disappeared[0].Lint)
	assert.Equal(t, []ToolRef{{Name: "fetch_order", Kind: catalogue.Read, Description: "Fetch an order by its id."}}, r.Removed)
	assert.Empty(t, r.Attention)
}

// A read that became a write is flagged first and needs review; a write
// that became a read is flagged after it.
func TestCompareKindChanges(t *testing.T) {
	c := catalogue.Default()
	no, yes := false, true
	c.Tool("archive_order").Kind, c.Tool("archive_order").KindRule = catalogue.Read, "mcp:readOnlyHint"
	c.Tool("archive_order").Annotations.ReadOnlyHint = &yes
	c.Tool("search_orders").Kind, c.Tool("search_orders").KindRule = catalogue.Write, "openapi:method"
	c.Tool("search_orders").Annotations.ReadOnlyHint = &no
	r := compare(t, catalogue.Default(), c, nil)
	require.Len(t, r.KindChanges, 2)
	assert.Equal(t, "search_orders", r.KindChanges[0].Tool)
	assert.True(t, r.KindChanges[0].ReadToWrite())
	assert.Equal(t, confirmNow, r.KindChanges[0].Confirmation)
	assert.Equal(t, "archive_order", r.KindChanges[1].Tool)
	assert.Equal(t, confirmNoLonger, r.KindChanges[1].Confirmation)
	assert.Equal(t, 1, r.ExitStatus)
	assert.Contains(t, r.Attention, "search_orders: a read became a write: "+confirmNow)
}

// The declarations that made a write safe are reported when they go.
func TestCompareLostDeclarations(t *testing.T) {
	c := catalogue.Default()
	charge := c.Tool("charge_card")
	charge.Declarations.Compensation = nil
	charge.Declarations.IdempotencyKey = ""
	yes := true
	refund := c.Tool("refund_card")
	refund.Declarations.Irreversible = true
	old := c.Clone()
	old.Tool("refund_card").Annotations.IdempotentHint = &yes
	r := compare(t, catalogue.Default(), c, nil)
	assert.Equal(t, []DeclarationLoss{
		{Tool: "charge_card", Declaration: "compensation", Was: "refund_card(amount: $args.amount, order_id: $args.order_id)"},
		{Tool: "charge_card", Declaration: "idempotency_key", Was: "Idempotency-Key"},
	}, r.LostDeclarations)
	var fields []string
	for _, tc := range r.Tools {
		for _, fc := range tc.Changes {
			fields = append(fields, tc.Tool+"."+fc.Field+": "+fc.Old+" -> "+fc.New)
		}
	}
	assert.Equal(t, []string{
		"charge_card.compensation: refund_card(amount: $args.amount, order_id: $args.order_id) -> unset",
		"charge_card.idempotency_key: Idempotency-Key -> unset",
		"refund_card.irreversible: unset -> true",
	}, fields)

	// Retry-safe by its hint, then not.
	r = compare(t, old, c, nil)
	assert.Contains(t, r.LostDeclarations, DeclarationLoss{Tool: "refund_card", Declaration: "idempotency", Was: "idempotentHint: true"})
}

func TestRenames(t *testing.T) {
	const orderSchema = `{"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}`
	tool := func(name, desc, schema string) string {
		return `{"name": "` + name + `", "description": "` + desc + `", "annotations": {"readOnlyHint": true}, "inputSchema": ` + schema + `}`
	}
	tests := []struct {
		name string
		tool string
		want []Rename
	}{
		{"same words, another name", tool("lookup_purchase", "Show an order: its total, the card on file and its status.", orderSchema),
			[]Rename{{"get_order", "lookup_purchase"}}},
		{"a word of the description changed", tool("show_order", "Show an order: its total, the card on file and its state.", orderSchema),
			[]Rename{{"get_order", "show_order"}}},
		{"another description", tool("show_order", "List the refunds made to a card.", orderSchema), nil},
		{"another schema", tool("show_order", "Show an order: its total, the card on file and its status.",
			`{"type": "object", "properties": {"customer": {"type": "string"}, "since": {"type": "string"}}}`), nil},
	}
	for _, tt := range tests {
		c := catalogue.Default()
		extra := withTool(t, tt.tool)
		c.Tools = append(c.Tools[1:], extra.Tools[len(extra.Tools)-1])
		d := diffTools(catalogue.Default(), c)
		assert.Equal(t, tt.want, d.renamed, tt.name)
		if tt.want == nil {
			assert.Len(t, d.removed, 1, tt.name)
			assert.Len(t, d.added, 1, tt.name)
		} else {
			assert.Empty(t, d.removed, tt.name)
			assert.Empty(t, d.added, tt.name)
		}
	}
}

func TestSchemaDetail(t *testing.T) {
	o := `{"type":"object","properties":{"order_id":{"type":"string"},"amount":{"type":"number"},"note":{"type":"string"}},"required":["order_id"]}`
	n := `{"type":"object","properties":{"order_id":{"type":"integer"},"amount":{"type":"number","minimum":0},"currency":{"type":"string"}},"required":["order_id","amount","currency"]}`
	assert.Equal(t, []string{
		`property amount: {"type":"number"} -> {"minimum":0,"type":"number"}`,
		"property amount now required",
		"property currency added (string), required",
		"property note removed",
		"property order_id: type string -> integer",
	}, schemaDetail([]byte(o), []byte(n)))
}

func TestFirstSentence(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Move an order to the archive.", "Move an order to the archive."},
		{"Show an order: its total. Then more.", "Show an order: its total."},
		{"Search the orders", "Search the orders"},
		{"Costs 1.5 dollars. More.", "Costs 1.5 dollars."},
		{"", ""},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, firstSentence(tt.in), "firstSentence(%q)", tt.in)
	}
}

// A golden turn that names a tool neither catalogue holds is an error.
func TestCompareGoldenUnknownTool(t *testing.T) {
	g, err := ParseTurns("golden.jsonl", []byte(`{"turn": "void order 4", "expect": "void_order"}`))
	require.NoError(t, err)
	_, err = Compare(catalogue.Default(), changedShop(t), Options{Golden: g})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `golden.jsonl:1: golden turn "void order 4" names tool "void_order", which neither catalogue holds`)
}

// The example shop is the embedded one, written as a catalogue file.
func TestExampleShopIsDefault(t *testing.T) {
	c, err := catalogue.ImportFile("../examples/shop.json")
	require.NoError(t, err)
	assert.Equal(t, catalogue.Default().Tools, c.Tools)
}

func TestCheck(t *testing.T) {
	misses, err := Check(changedShop(t), shopGolden(t), CheckOptions{})
	require.NoError(t, err)
	var have []string
	for _, m := range misses {
		have = append(have, m.String())
	}
	require.Len(t, have, 2, have)
	assert.Equal(t, `testdata/shop-golden.jsonl:2: "what is the status of order 17" expects get_order, got selected show_order (read); the catalogue holds no get_order`, have[0])
	assert.Contains(t, have[1], `testdata/shop-golden.jsonl:3: "look up order 23" expects get_order`)

	// A turn the catalogue routes to none misses as "got none".
	golden := shopGolden(t)
	weather := golden[7]
	require.Equal(t, "what's the weather like today", weather.Turn)
	archive := "archive_order"
	weather.Expect = &archive
	none, err := Check(changedShop(t), []corpus.Case{weather}, CheckOptions{})
	require.NoError(t, err)
	require.Len(t, none, 1)
	assert.Equal(t, `testdata/shop-golden.jsonl:9: "what's the weather like today" expects archive_order, got none`, none[0].String())

	f := misses[1].Finding()
	assert.Equal(t, LintGoldenTurnMissed, f.Lint)
	assert.Equal(t, catalogue.SeverityError, f.Severity)
	assert.Equal(t, "look up order 23", f.Turn)

	misses, err = Check(catalogue.Default(), shopGolden(t), CheckOptions{})
	require.NoError(t, err)
	assert.Empty(t, misses, "the golden turns hold for the shop they were written for")

	// Withdrawn, archive_order's turns are refused: misses.
	misses, err = Check(catalogue.Default(), shopGolden(t), CheckOptions{Withdrawn: []string{"archive_order"}})
	require.NoError(t, err)
	for _, m := range misses {
		assert.Equal(t, "archive_order", m.Case.Want(), m.String())
	}
	assert.NotEmpty(t, misses)
}

func TestRight(t *testing.T) {
	tool := "get_order"
	expect := &corpus.Case{Expect: &tool, Accept: []string{"search_orders"}}
	none := &corpus.Case{}
	tests := []struct {
		c    *corpus.Case
		d    router.Decision
		want bool
	}{
		{expect, router.Decision{Outcome: router.Selected, Tool: "get_order"}, true},
		{expect, router.Decision{Outcome: router.Selected, Tool: "search_orders"}, true},
		{expect, router.Decision{Outcome: router.Selected, Tool: "archive_order"}, false},
		{expect, router.Decision{Outcome: router.Ambiguous, Candidates: []router.Candidate{{Tool: "get_order"}}}, false},
		{expect, router.Decision{Outcome: router.Withdrawn, Tool: "get_order"}, false},
		{none, router.Decision{Outcome: router.None}, true},
		{none, router.Decision{Outcome: router.Unread}, true},
		{none, router.Decision{Outcome: router.Ambiguous}, false},
		{none, router.Decision{Outcome: router.Selected, Tool: "get_order"}, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Right(tt.c, tt.d, nil), "Right(%s, %s)", tt.c.Want(), Describe(tt.d))
	}
	renamed := func(n string) []string {
		if n == "show_order" {
			return []string{"get_order"}
		}
		return nil
	}
	assert.True(t, Right(expect, router.Decision{Outcome: router.Selected, Tool: "show_order"}, renamed))
}

func TestParseTurns(t *testing.T) {
	good := "# a comment\n\n" +
		`{"turn": "show order 4", "expect": "get_order"}` + "\n" +
		`{"id": "n1", "turn": "mostre o pedido 4", "language": "pt_BR", "expect": "get_order", "accept": ["search_orders"], "catalogue": "ignored.json"}` + "\n" +
		`{"turn": "hello there", "language": "en", "expect": null}` + "\n"
	cases, err := ParseTurns("g.jsonl", []byte(good))
	require.NoError(t, err)
	require.Len(t, cases, 3)
	assert.Equal(t, []int{3, 4, 5}, []int{cases[0].Line, cases[1].Line, cases[2].Line})
	assert.Equal(t, []string{"en", "pt-BR", "en"}, []string{cases[0].Language, cases[1].Language, cases[2].Language})
	assert.Equal(t, "none", cases[2].Want())
	assert.Empty(t, cases[1].Catalogue)

	bad := `{"turn": "show order 4"}` + "\n" +
		`{"turn": "", "expect": null}` + "\n" +
		`{"turn": "a", "expect": "get_order", "language": "fr"}` + "\n" +
		`{"turn": "a", "expect": "get_order", "wanted": 1}` + "\n" +
		`{"id": "x", "turn": "a", "expect": null}` + "\n" +
		`{"id": "x", "turn": "b", "expect": null}` + "\n" +
		`{"turn": "a", "expect": ""}` + "\n" +
		`not json` + "\n"
	_, err = ParseTurns("g.jsonl", []byte(bad))
	require.Error(t, err)
	msgs := strings.Split(err.Error(), "\n")
	want := []string{
		`g.jsonl:1: golden turn "show order 4" has no expect`,
		"g.jsonl:2: golden turn has no turn",
		`g.jsonl:3: golden turn "a": unsupported language "fr"`,
		`g.jsonl:4: malformed golden turn: json: unknown field "wanted"`,
		`g.jsonl:6: id "x" already used on line 5`,
		`g.jsonl:7: golden turn "a" expects ""`,
		"g.jsonl:8: malformed golden turn",
	}
	require.Len(t, msgs, len(want), err.Error())
	for i, w := range want {
		assert.True(t, strings.HasPrefix(msgs[i], w), "error %d = %q, want %q...", i, msgs[i], w)
	}
}

// A turn or a description stays on its table row and shows as text.
func TestMarkdownCell(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a | b", `a \| b`},
		{"line one\nline two", "line one<br>line two"},
		{"<b>bold</b>", "&lt;b&gt;bold&lt;/b&gt;"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, cell(tt.in), "cell(%q)", tt.in)
	}
	assert.Equal(t, "`a \\| 'b'`", code("a | `b`"))
}
