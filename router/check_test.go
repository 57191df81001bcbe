package router

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// testGrammar reads "Brazilian Portuguese" with a tiny lexicon and a
// parse given by the test, so the Portuguese confirmation sentence and
// the stem rule are tested whatever the state of the real grammar.
type testGrammar struct {
	lx    *grammar.Lexicon
	parse func(string) *grammar.Parse
}

func (g *testGrammar) Language() tokenize.Language { return tokenize.Brazilian }
func (g *testGrammar) Parse(turn string) *grammar.Parse {
	p := g.parse(turn)
	p.Language = tokenize.Brazilian
	return p
}
func (g *testGrammar) Lexicon() *grammar.Lexicon { return g.lx }

type checkForms struct{}

func (checkForms) VerbForms(base string, irregular []string) []string {
	return append([]string{base}, irregular...)
}

func fakeGrammar(t testing.TB, parse func(string) *grammar.Parse) *testGrammar {
	t.Helper()
	fsys := fstest.MapFS{
		"lx/actions.tsv": {Data: []byte("refund\t-\treembolsar, estornar\ncharge\t-\tcobrar\narchive\t-\tarquivar\n" +
			"get\t-\tmostrar\ncreate\t-\tabrir\n")},
		"lx/nouns.tsv": {Data: []byte("order\tpedido/pedidos/m, encomenda/encomendas/f\ncard\tcartão/cartões/m\n" +
			"ticket\tchamado/chamados/m\n")},
		"lx/antonyms.tsv": {Data: []byte("charge\trefund\n")},
		"lx/function.tsv": {Data: []byte("determiner\to, a, um, uma\n")},
	}
	lx, err := grammar.LoadLexicon(fsys, "lx", checkForms{})
	if err != nil {
		t.Fatal(err)
	}
	return &testGrammar{lx: lx, parse: parse}
}

// ptTurn is "estorne 20 reais do/da <noun> 42" as a Portuguese grammar
// reads it.
func ptTurn(noun string) (string, func(string) *grammar.Parse) {
	turn := "estorne 20 reais " + map[string]string{"pedido": "do", "encomenda": "da"}[noun] + " " + noun + " 42"
	n := len(turn)
	return turn, func(string) *grammar.Parse {
		return &grammar.Parse{Turn: turn, Words: 4, Read: 4, Clauses: []grammar.Clause{{
			Act: grammar.Imperative, Action: "refund", Objects: []string{"order"}, Start: 0, End: n,
			Words: []grammar.Word{
				{Text: "estorne", Norm: "estorne", Start: 0, End: 7, Class: grammar.Verb, Concept: "refund"},
				{Text: "20 reais", Norm: "20 reais", Start: 8, End: 16, Class: grammar.Value},
				{Text: turn[17:19], Norm: turn[17:19], Start: 17, End: 19, Class: grammar.Function},
				{Text: noun, Norm: noun, Start: 20, End: 20 + len(noun), Class: grammar.Noun, Concept: "order"},
				{Text: "42", Norm: "42", Start: n - 2, End: n, Class: grammar.Value},
			},
			Args: []grammar.Arg{
				{Kind: "money", Text: "20 reais", Value: "20 BRL", Start: 8, End: 16},
				{Kind: "number", Text: "42", Value: "42", Start: n - 2, End: n, Noun: "order"},
			},
		}}}
	}
}

func TestConfirmationPortuguese(t *testing.T) {
	for _, tt := range []struct{ noun, want string }{
		{"pedido", "Estornar 20 BRL no pedido 42 com refund_card?"},
		{"encomenda", "Estornar 20 BRL na encomenda 42 com refund_card?"},
	} {
		turn, parse := ptTurn(tt.noun)
		g := fakeGrammar(t, parse)
		r, err := New(catalogue.Default(), Options{Language: tokenize.Brazilian, Grammar: g})
		if err != nil {
			t.Fatal(err)
		}
		p := g.Parse(turn)
		d := Decision{Parse: p, Clause: &p.Clauses[0]}
		r.bindDecision(&d, r.toolNamed("refund_card"), &p.Clauses[0], nil)
		if d.Check == nil || d.Check.Confirmation != tt.want {
			t.Errorf("confirmation of %q = %+v, want %q", turn, d.Check, tt.want)
		}
		if d.Arguments["order_id"] != "42" || d.Arguments["amount"] != "20" {
			t.Errorf("arguments of %q = %v, want order_id 42, amount 20", turn, d.Arguments)
		}
	}
	// A proposed call has no turn: the lexicon's first verb, and its
	// nouns, which it keeps folded (cartao).
	g := fakeGrammar(t, nil)
	r, err := New(catalogue.Default(), Options{Language: tokenize.Brazilian, Grammar: g})
	if err != nil {
		t.Fatal(err)
	}
	ck := r.CheckCall("charge_card", map[string]string{"order_id": "42"}, nil)
	if want := "Cobrar o cartao no pedido 42 com charge_card?"; ck.Confirmation != want {
		t.Errorf("CheckCall(charge_card).Confirmation = %q, want %q", ck.Confirmation, want)
	}
}

// TestSelectPortuguese is the Portuguese case of the shop, with the
// router's own Brazilian Portuguese grammar.
func TestSelectPortuguese(t *testing.T) {
	if _, err := GrammarFor(tokenize.Brazilian); err != nil {
		t.Skipf("no Brazilian Portuguese grammar yet: %v", err)
	}
	r := shop(t, Options{Language: tokenize.Brazilian})
	turn := "estorne 20 reais do pedido 42"
	d := r.Select(turn)
	if d.Outcome != Selected || d.Tool != "refund_card" {
		t.Fatalf("Select(%q) = %s %q, want selected refund_card\n%s", turn, d.Outcome, d.Tool, r.Explain(d))
	}
	if d.Arguments["order_id"] != "42" || d.Arguments["amount"] != "20" {
		t.Errorf("Select(%q).Arguments = %v, want order_id 42, amount 20", turn, d.Arguments)
	}
	if !d.Confirm || d.Check == nil || d.Check.Confirmation != "Estornar 20 BRL no pedido 42 com refund_card?" {
		t.Errorf("Select(%q).Check = %+v, want the Portuguese confirmation", turn, d.Check)
	}
}

func TestSelectArguments(t *testing.T) {
	r := shop(t, Options{})
	tests := []struct {
		turn, tool, args, missing, confirmation string
	}{
		{"refund 20 dollars on order 42", "refund_card", "amount=20 order_id=42", "", "Refund 20 USD on order 42 with refund_card?"},
		{"charge the card for order 42", "charge_card", "order_id=42", "amount", "Charge the card on order 42 with charge_card?"},
		{"please reimburse $5 for order 8", "refund_card", "amount=5 order_id=8", "", "Reimburse 5 USD on order 8 with refund_card?"},
		{"archive order 7", "archive_order", "order_id=7", "", "Archive order 7 with archive_order?"},
		{"show me order 42", "get_order", "order_id=42", "", ""},
	}
	for _, tt := range tests {
		d := r.Select(tt.turn)
		if d.Outcome != Selected || d.Tool != tt.tool {
			t.Errorf("Select(%q) = %s %q, want selected %s", tt.turn, d.Outcome, d.Tool, tt.tool)
			continue
		}
		if got := argString(d.Arguments); got != tt.args {
			t.Errorf("Select(%q).Arguments = %s, want %s", tt.turn, got, tt.args)
		}
		if got := strings.Join(d.Missing, ","); got != tt.missing {
			t.Errorf("Select(%q).Missing = %q, want %q", tt.turn, got, tt.missing)
		}
		if d.Check == nil {
			t.Fatalf("Select(%q).Check = nil", tt.turn)
		}
		if d.Check.Confirmation != tt.confirmation || d.Check.Confirm != d.Confirm || d.Check.Confirm != (tt.confirmation != "") {
			t.Errorf("Select(%q).Check confirm %t %q, want %q", tt.turn, d.Check.Confirm, d.Check.Confirmation, tt.confirmation)
		}
		if d.Check.Ready != (tt.missing == "") || !d.Check.Allowed || d.Check.ScopesChecked {
			t.Errorf("Select(%q).Check = %+v, want allowed, ready %t, scopes unchecked", tt.turn, d.Check, tt.missing == "")
		}
	}
}

func argString(args map[string]string) string {
	keys := make([]string, 0, len(args))
	for k := range args {
		keys = append(keys, k)
	}
	sortStrings(keys)
	for i, k := range keys {
		keys[i] = k + "=" + args[k]
	}
	return strings.Join(keys, " ")
}

// declaredShop is the shop with declarations the check reads.
func declaredShop(t testing.TB, opts Options) *Router {
	t.Helper()
	r, err := New(declaredCatalogue(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func declaredCatalogue() *catalogue.Catalogue {
	cat := catalogue.Default()
	charge := cat.Tool("charge_card")
	charge.Declarations.Privilege = "payments:charge"
	charge.Declarations.Egress = true
	charge.Declarations.Domain = "connectors"
	refund := cat.Tool("refund_card")
	refund.Declarations.Privilege = "payments:refund"
	refund.Declarations.Confirmation = "Give $args.amount back on order $args.order_id ($args.note)?"
	refund.Declarations.Domain = "connectors"
	get := cat.Tool("get_order")
	get.Declarations.ReadsOutside = true
	get.Declarations.Domain = "connectors"
	archive := cat.Tool("archive_order")
	archive.Declarations.Irreversible = true
	return cat
}

func TestCheck(t *testing.T) {
	r := declaredShop(t, Options{Withdrawn: []string{"archive_order"}})
	pay := []string{"payments:charge", "payments:refund"}

	d := r.Select("charge 20 dollars to the card for order 42")
	tests := []struct {
		name    string
		ck      Check
		allowed bool
		refusal Refusal
	}{
		{"no scopes", r.Check(d, nil), false, RefusedPrivilege},
		{"other scope", r.Check(d, []string{"payments:refund"}), false, RefusedPrivilege},
		{"granted", r.Check(d, pay), true, ""},
		{"withdrawn", r.CheckCall("archive_order", map[string]string{"order_id": "1"}, pay), false, RefusedWithdrawn},
		{"unknown", r.CheckCall("delete_everything", nil, pay), false, RefusedUnknownTool},
		{"no tool", r.Check(r.Select("what's the weather in Paris"), pay), false, RefusedNoTool},
		{"read, no privilege", r.CheckCall("get_order", map[string]string{"order_id": "1"}, nil), true, ""},
	}
	for _, tt := range tests {
		if tt.ck.Allowed != tt.allowed || tt.ck.Refusal != tt.refusal || tt.ck.Reason == "" {
			t.Errorf("%s: check = allowed %t, refusal %q (%s), want %t, %q", tt.name, tt.ck.Allowed, tt.ck.Refusal, tt.ck.Reason, tt.allowed, tt.refusal)
		}
		if tt.ck.Allowed && tt.ck.Refusal != "" || !tt.ck.Allowed && tt.ck.Ready {
			t.Errorf("%s: check = %+v: allowed and refused, or ready and refused", tt.name, tt.ck)
		}
	}

	// The granted charge: confirmed, compensated, idempotent, egress.
	ck := r.Check(d, pay)
	if !ck.Ready || !ck.Confirm || ck.Confirmation != "Charge 20 USD on order 42 with charge_card?" || !ck.Egress || ck.ReadsOutside {
		t.Errorf("Check(charge) = %+v", ck)
	}
	if ck.Compensation == nil || ck.Compensation.Tool != "refund_card" ||
		fmt.Sprint(ck.Compensation.Arguments) != "map[amount:20 order_id:42]" || len(ck.Compensation.Unfilled) != 0 {
		t.Errorf("Check(charge).Compensation = %+v, want refund_card(amount 20, order_id 42)", ck.Compensation)
	}
	if k := ck.Idempotency; k == nil || k.Name != "Idempotency-Key" || k.In != "header" || len(k.Value) != 32 {
		t.Errorf("Check(charge).Idempotency = %+v, want a 32-digit Idempotency-Key header", k)
	}
	same := r.CheckCall("charge_card", map[string]string{"order_id": "42", "amount": "20"}, pay)
	other := r.CheckCall("charge_card", map[string]string{"order_id": "42", "amount": "21"}, pay)
	if same.Idempotency.Value != ck.Idempotency.Value || other.Idempotency.Value == ck.Idempotency.Value {
		t.Errorf("idempotency keys: decision %s, same call %s, other call %s", ck.Idempotency.Value, same.Idempotency.Value, other.Idempotency.Value)
	}

	// The declared sentence, filled; an argument the call lacks stays.
	ck = r.CheckCall("refund_card", map[string]string{"order_id": "42", "amount": "20"}, pay)
	if want := "Give 20 back on order 42 ($args.note)?"; ck.Confirmation != want {
		t.Errorf("CheckCall(refund_card).Confirmation = %q, want %q", ck.Confirmation, want)
	}
	// Reads need no confirmation; reads_outside is reported.
	ck = r.CheckCall("get_order", map[string]string{"order_id": "42"}, nil)
	if ck.Confirm || ck.Confirmation != "" || !ck.ReadsOutside || !ck.Ready || ck.Compensation != nil || ck.Idempotency != nil {
		t.Errorf("CheckCall(get_order) = %+v", ck)
	}
}

func TestCheckCallArguments(t *testing.T) {
	r := declaredShop(t, Options{})
	bind := bindRouter(t)
	tests := []struct {
		r       *Router
		tool    string
		args    map[string]string
		missing string
		invalid string
	}{
		{r, "charge_card", map[string]string{"order_id": "42", "amount": "20"}, "", ""},
		{r, "charge_card", map[string]string{"order_id": "42"}, "amount", ""},
		{r, "charge_card", map[string]string{"order_id": "42", "amount": "twenty", "tip": "5"}, "", "amount,tip"},
		{bind, "refund_invoice", map[string]string{"invoice_id": "INV-42", "amount_minor": "2000", "reason": "Duplicate"}, "", "invoice_id,reason"},
		{bind, "refund_invoice", map[string]string{"invoice_id": "INV-0042137", "amount_minor": "2000", "reason": "duplicate"}, "", ""},
		{bind, "send_email", map[string]string{"to": "not an address", "subject": "hi"}, "", "to"},
	}
	for _, tt := range tests {
		ck := tt.r.CheckCall(tt.tool, tt.args, []string{"payments:charge"})
		var invalid []string
		for _, p := range ck.Invalid {
			invalid = append(invalid, p.Param)
		}
		if got := strings.Join(ck.Missing, ","); got != tt.missing {
			t.Errorf("CheckCall(%s, %v).Missing = %q, want %q", tt.tool, tt.args, got, tt.missing)
		}
		if got := strings.Join(invalid, ","); got != tt.invalid {
			t.Errorf("CheckCall(%s, %v).Invalid = %+v, want %q", tt.tool, tt.args, ck.Invalid, tt.invalid)
		}
		if ck.Ready != (tt.missing == "" && tt.invalid == "") {
			t.Errorf("CheckCall(%s, %v).Ready = %t", tt.tool, tt.args, ck.Ready)
		}
	}
	// The key the check supplies is an argument, and never missing.
	ck := bind.CheckCall("refund_invoice", map[string]string{"invoice_id": "INV-0042137", "amount_minor": "2000", "reason": "duplicate"}, nil)
	if k := ck.Idempotency; k == nil || k.Name != "idempotency_key" || k.In != "argument" {
		t.Errorf("CheckCall(refund_invoice).Idempotency = %+v, want the idempotency_key argument", k)
	}
	if want := "Refund 20.00 USD on invoice INV-0042137 (reason: duplicate) with refund_invoice?"; ck.Confirmation != want &&
		ck.Confirmation != "Refund 20.00 on invoice INV-0042137 (reason: duplicate) with refund_invoice?" {
		t.Errorf("CheckCall(refund_invoice).Confirmation = %q, want %q", ck.Confirmation, want)
	}
}

func TestFillCall(t *testing.T) {
	c := &catalogue.Compensation{Tool: "undo", Arguments: map[string]any{
		"id": "$args.order_id", "fixed": 3.0, "nested": map[string]any{"a": []any{"$args.amount", "$args.gone"}}, "again": "$args.gone"}}
	call := fillCall(c, map[string]string{"order_id": "42", "amount": "20"})
	b, err := json.Marshal(call)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"tool":"undo","arguments":{"again":"$args.gone","fixed":3,"id":"42","nested":{"a":["20","$args.gone"]}},"unfilled":["gone"]}`
	if string(b) != want {
		t.Errorf("fillCall = %s, want %s", b, want)
	}
	if got := fillText("Refund $args.amount to $args.order_id, not $args.x or $args.", map[string]string{"amount": "20", "order_id": "42"}); got != "Refund 20 to 42, not $args.x or $args." {
		t.Errorf("fillText = %q", got)
	}
}

func TestSelectScoped(t *testing.T) {
	r := declaredShop(t, Options{})
	turn := "charge the card for order 42"

	d := r.SelectWith(turn, Request{Scoped: true, Scopes: nil})
	for _, c := range d.Candidates {
		if c.Tool == "charge_card" || c.Tool == "refund_card" {
			t.Errorf("SelectScoped(%q, nil) lists %s, which the scopes do not grant", turn, c.Tool)
		}
	}
	if d.Tool == "charge_card" {
		t.Errorf("SelectScoped(%q, nil) = %s %s, want no charge_card", turn, d.Outcome, d.Tool)
	}

	d = r.SelectWith(turn, Request{Scoped: true, Scopes: []string{"payments:charge"}})
	if d.Outcome != Selected || d.Tool != "charge_card" || d.Check == nil || !d.Check.Allowed || !d.Check.ScopesChecked {
		t.Errorf("SelectScoped(%q, payments:charge) = %s %s, check %+v", turn, d.Outcome, d.Tool, d.Check)
	}
	if d.Domain != "connectors" {
		t.Errorf("SelectScoped(%q).Domain = %q, want connectors", turn, d.Domain)
	}

	// A withdrawn tool is refused even where the scopes do not grant it.
	w := declaredShop(t, Options{Withdrawn: []string{"refund_card"}})
	d = w.SelectWith("refund 20 dollars on order 42", Request{Scoped: true, Scopes: nil})
	if d.Outcome != Withdrawn || d.Tool != "refund_card" || d.Check == nil || d.Check.Refusal != RefusedWithdrawn {
		t.Errorf("SelectScoped(refund, nil) = %s %s, check %+v, want withdrawn refund_card", d.Outcome, d.Tool, d.Check)
	}

	// Scopes that grant every tool give the router itself.
	if s, err := r.Scoped([]string{"payments:charge", "payments:refund"}); err != nil || s != r {
		t.Errorf("Scoped(all) = %p, %v, want the router %p", s, err, r)
	}
	// Scopes that grant no tool give a router that selects none.
	cat := catalogue.Default()
	for i := range cat.Tools {
		cat.Tools[i].Declarations.Privilege = "admin"
	}
	none, err := New(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := none.SelectWith("show me order 42", Request{Scoped: true, Scopes: []string{"user"}}); d.Outcome != None || d.Tool != "" {
		t.Errorf("SelectScoped with no tool granted = %s %s, want none", d.Outcome, d.Tool)
	}
}

func TestThenArguments(t *testing.T) {
	r := declaredShop(t, Options{})
	turn := "charge 20 dollars to the card for order 42 and then archive order 43"
	d := r.SelectWith(turn, Request{Scoped: true, Scopes: []string{"payments:charge"}})
	if d.Tool != "charge_card" || len(d.Then) != 1 || d.Then[0].Tool != "archive_order" {
		t.Fatalf("SelectWith(%q) = %s then %v", turn, d.Tool, d.Then)
	}
	then := d.Then[0]
	if then.Arguments["order_id"] != "43" || then.Check == nil || !then.Check.ScopesChecked || !then.Check.Irreversible {
		t.Errorf("Then[0] = arguments %v, check %+v", then.Arguments, then.Check)
	}
	if want := "Archive order 43 with archive_order?"; then.Check.Confirmation != want {
		t.Errorf("Then[0].Check.Confirmation = %q, want %q", then.Check.Confirmation, want)
	}
	for _, b := range then.Bindings {
		if turn[b.Start:b.End] != b.Text {
			t.Errorf("Then[0] binding %+v is not at its offsets in the turn", b)
		}
	}
	if d.Arguments["order_id"] != "42" || d.Arguments["amount"] != "20" {
		t.Errorf("SelectWith(%q).Arguments = %v", turn, d.Arguments)
	}
}

func TestExplainBindings(t *testing.T) {
	r := shop(t, Options{})
	d := r.Select("refund 20 dollars on order 42")
	s := r.Explain(d).String()
	for _, want := range []string{
		`bound: amount = 20 from "20 dollars" [7,17] by money`,
		`bound: order_id = 42 from "42" [27,29] by noun`,
		`confirm: Refund 20 USD on order 42 with refund_card?`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("Explain(refund) lacks %q:\n%s", want, s)
		}
	}
	d = r.Select("charge the card for order 42")
	if s := r.Explain(d).String(); !strings.Contains(s, "missing: amount") || !strings.Contains(s, "idempotency: header Idempotency-Key = ") {
		t.Errorf("Explain(charge) lacks the missing amount or the key:\n%s", s)
	}
	// The evidence names the required parameters it counts unmet: the
	// order's id is bound by its noun, the amount nothing gives.
	if s := r.Explain(d).String(); !strings.Contains(s, "1 of 2 required parameters nothing in the turn fills: amount)") {
		t.Errorf("Explain(charge) does not name the unmet amount:\n%s", s)
	}
	if s := Summary(d); !strings.Contains(s, "missing=amount") {
		t.Errorf("Summary(charge) = %q, want missing=amount", s)
	}
}

func ExampleRouter_CheckCall() {
	r, err := New(catalogue.Default(), Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	ck := r.CheckCall("charge_card", map[string]string{"order_id": "42", "amount": "20"}, nil)
	fmt.Println(ck.Allowed, ck.Ready, ck.Confirm)
	fmt.Println(ck.Confirmation)
	fmt.Println(ck.Compensation.Tool, ck.Compensation.Arguments)
	fmt.Println(ck.Idempotency.In, ck.Idempotency.Name)
	// Output:
	// true true true
	// Charge 20 on order 42 with charge_card?
	// refund_card map[amount:20 order_id:42]
	// header Idempotency-Key
}
