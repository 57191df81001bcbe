package router

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/grammar/wordnet"
	"github.com/stalwart-agents/stalwart/tokenize"
)

func shop(t testing.TB, opts Options) *Router {
	t.Helper()
	r, err := New(catalogue.Default(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestSelectShop(t *testing.T) {
	r := shop(t, Options{})
	tests := []struct {
		turn    string
		outcome Outcome
		tool    string
	}{
		{"show me order 42", Selected, "get_order"},
		{"charge 20 dollars to the card for order 42", Selected, "charge_card"},
		{"refund the 20 dollars on order 42", Selected, "refund_card"},
		{"don't charge the card", None, ""},
		{"what's the weather in Paris", None, ""},
		{"get order 7", Selected, "get_order"},
		{"charge 20 dollars to the card and then archive the order", Selected, "charge_card"},
	}
	for _, tt := range tests {
		d := r.Select(tt.turn)
		if d.Outcome != tt.outcome || d.Tool != tt.tool {
			t.Errorf("Select(%q) = %s %q, want %s %q (%s)\n%s", tt.turn, d.Outcome, d.Tool, tt.outcome, tt.tool, d.Reason, r.Explain(d))
		}
	}
}

func TestSelectCloseTools(t *testing.T) {
	cat, err := catalogue.ParseMCP("close.json", []byte(`{"tools":[
 {"name":"get_order","description":"Show an order.","inputSchema":{"type":"object","properties":{"order_id":{"type":"string"}}},"annotations":{"readOnlyHint":true}},
 {"name":"fetch_order","description":"Fetch an order.","inputSchema":{"type":"object","properties":{"order_id":{"type":"string"}}},"annotations":{"readOnlyHint":true}},
 {"name":"list_orders","description":"List the orders.","annotations":{"readOnlyHint":true}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Neither name nor description holds the turn's verb: the two read
	// the same.
	d := r.Select("retrieve order 5")
	if d.Outcome != Ambiguous {
		t.Fatalf("Select(%q) = %s %q, want ambiguous between get_order and fetch_order", "retrieve order 5", d.Outcome, d.Tool)
	}
	top := map[string]bool{d.Candidates[0].Tool: true, d.Candidates[1].Tool: true}
	if !top["get_order"] || !top["fetch_order"] {
		t.Errorf("Select(%q) candidates = %v, want get_order and fetch_order first", "retrieve order 5", d.Candidates)
	}
	if d := r.Select("list all orders"); d.Outcome != Selected || d.Tool != "list_orders" {
		t.Errorf("Select(%q) = %s %q, want selected list_orders", "list all orders", d.Outcome, d.Tool)
	}
}

func TestSelectThen(t *testing.T) {
	r := shop(t, Options{})
	d := r.Select("charge 20 dollars to the card and then archive the order")
	if d.Tool != "charge_card" || len(d.Then) != 1 || d.Then[0].Tool != "archive_order" {
		t.Fatalf("Select = %s then %v, want charge_card then archive_order", d.Tool, d.Then)
	}
	if d.Then[0].Turn != "archive the order" {
		t.Errorf("Then[0].Turn = %q, want %q", d.Then[0].Turn, "archive the order")
	}
}

// TestSelectStepAfterCommand: a command joined to the one before by "and
// then" is the next step; when no tool does the first, the turn is none,
// never the second step's tool, which stays in Then.
func TestSelectStepAfterCommand(t *testing.T) {
	r := shop(t, Options{})
	d := r.Select("restart the server and then archive order 43")
	if d.Outcome != None || len(d.Then) != 1 || d.Then[0].Tool != "archive_order" {
		t.Fatalf("Select = %s %q then %v, want none then archive_order", d.Outcome, d.Tool, d.Then)
	}
	// A clause before it that only says something still sets the scene.
	if d := r.Select("the customer changed their mind, archive order 43"); d.Tool != "archive_order" {
		t.Errorf("Select = %s %q, want archive_order", d.Outcome, d.Tool)
	}
}

func TestSelectKindsAndConfirm(t *testing.T) {
	r := shop(t, Options{})
	tests := []struct {
		turn    string
		tool    string
		kind    catalogue.Kind
		confirm bool
	}{
		{"show me order 42", "get_order", catalogue.Read, false},
		{"charge 20 dollars to the card for order 42", "charge_card", catalogue.Write, true},
		{"search the orders of ana@example.com", "search_orders", catalogue.Read, false},
	}
	for _, tt := range tests {
		d := r.Select(tt.turn)
		if d.Tool != tt.tool || d.Kind != tt.kind || d.Confirm != tt.confirm {
			t.Errorf("Select(%q) = %q %s confirm=%v, want %q %s confirm=%v", tt.turn, d.Tool, d.Kind, d.Confirm, tt.tool, tt.kind, tt.confirm)
		}
	}
}

func TestSelectAntonymNeverPicked(t *testing.T) {
	r := shop(t, Options{})
	for _, turn := range []string{"refund order 42", "I want a refund for order 42", "please reimburse the 20 dollars on order 42"} {
		if d := r.Select(turn); d.Tool == "charge_card" {
			t.Errorf("Select(%q) = charge_card, a turn that asks for a refund never charges", turn)
		}
	}
}

func TestSelectWithdrawn(t *testing.T) {
	r := shop(t, Options{Withdrawn: []string{"archive_order"}})
	d := r.Select("archive order 42")
	if d.Outcome != Withdrawn || d.Tool != "archive_order" {
		t.Errorf("Select(%q) = %s %q, want withdrawn archive_order", "archive order 42", d.Outcome, d.Tool)
	}
	for _, turn := range []string{"archive order 42", "show me order 42", "get rid of order 42"} {
		for _, c := range r.Select(turn).Candidates {
			if c.Tool == "archive_order" {
				t.Errorf("Select(%q) lists the withdrawn archive_order among its candidates", turn)
			}
		}
	}
}

func TestSelectCatalogueWordTypo(t *testing.T) {
	cat, err := catalogue.ParseMCP("typo.json", []byte(`{"tools":[
 {"name":"restart_zorblet","description":"Restart a zorblet."},
 {"name":"restart_printer","description":"Restart a printer."}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	exact, typo := r.Select("restart the zorblet"), r.Select("restart the zroblet")
	if exact.Tool != "restart_zorblet" || typo.Tool != "restart_zorblet" {
		t.Fatalf("Select = %q and %q, want restart_zorblet for the word and for its typo", exact.Tool, typo.Tool)
	}
	if a, b := typo.Candidates[0].Probability, exact.Candidates[0].Probability; a >= b {
		t.Errorf("with a typo the tool's probability is %.3f, with the word itself %.3f: a typo must weigh less", a, b)
	}
}

func TestSelectStatements(t *testing.T) {
	r := shop(t, Options{})
	// A statement of an unwanted action asks to undo it: the undoing is
	// the likeliest tool (selected when the model is sure enough), and
	// the write it reports is never selected.
	for _, turn := range []string{"my card was charged twice for order 42", "I was charged twice on order 42"} {
		d := r.Select(turn)
		if d.Tool == "charge_card" || len(d.Candidates) == 0 || d.Candidates[0].Tool != "refund_card" ||
			d.Outcome != Selected && d.Outcome != None {
			t.Errorf("Select(%q) = %s %q, candidates %v, want refund_card likeliest (%s)", turn, d.Outcome, d.Tool, d.Candidates, d.Reason)
		}
	}
	// A plain report asks for nothing, and never repeats the write.
	for _, turn := range []string{"my card was charged for order 42", "I archived order 42"} {
		if d := r.Select(turn); d.Outcome != None || d.Tool != "" {
			t.Errorf("Select(%q) = %s %q, want none (%s)", turn, d.Outcome, d.Tool, d.Reason)
		}
	}
}

func TestTermOfAConceptCostsNoAllocation(t *testing.T) {
	r := shop(t, Options{})
	// The shop names no temperature: the term is the lexicon's, interned.
	if got := r.term(objectPrefix, "temperature"); got != objectPrefix+"temperature" {
		t.Fatalf("term = %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { termSink = r.term(objectPrefix, "temperature") }); n != 0 {
		t.Errorf("the term of a lexicon's concept the catalogue does not hold allocates %.0f times, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { termSink = r.term(stemPrefix, "zzyzx") }); n != 1 {
		t.Errorf("the term of a word no lexicon or tool holds allocates %.0f times, want 1 (its string)", n)
	}
}

// termSink keeps a term alive past its call, as a clause's lists do.
var termSink string

// TestRetrieveKeepsReached checks that the tools the grammar alone
// reaches are among the candidates however many tools outscore them by
// BM25F (they keep up to half the places): one whose id format the turn
// holds, one whose head the prefix of an id of the turn abbreviates when
// no tool documents its format, and one whose name acts by the clause's
// action on its head object. The other tools' names share no word with
// the reached one's, so that none is a vendor prefix.
func TestRetrieveKeepsReached(t *testing.T) {
	tests := []struct {
		tool         catalogue.Tool
		others, text string // the other tools' names (with a number) and text
		turn         string
	}{
		{catalogue.Tool{Name: "get_subscription", Description: "Gets a subscription by its id, such as sub_1A2b3C."},
			"pay_monthly_plan_%d", "Pay the monthly plan.", "how much do I pay monthly for the plan sub_9Z8y7X"},
		{catalogue.Tool{Name: "get_deployment", Description: "Gets a rollout's status.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"deployment_id":{"type":"string"}},"required":["deployment_id"]}`)},
			"finish_job_%d", "Finish the job when it is done.", "did dep-7731 finish yet"},
		{catalogue.Tool{Name: "assign_lead", Description: "Gives the prospect to an owner."},
			"kevin_assignment_report_%d", "Kevin's lead assignments: every lead assigned to Kevin.", "assign this lead to Kevin"},
		// A name that is its action alone takes its object as an
		// argument: an action near it reaches it, though the tool's text
		// never names the clause's object.
		{catalogue.Tool{Name: "turn_off", Description: "Turns off a device or entity."},
			"set_light_color_%d", "Sets the color of a light.", "deactivate the lights"},
	}
	for _, tt := range tests {
		tools := []catalogue.Tool{tt.tool}
		for i := range 2 * Candidates {
			tools = append(tools, catalogue.Tool{Name: fmt.Sprintf(tt.others, i), Description: tt.text})
		}
		r := newClosed(t, &catalogue.Catalogue{Tools: tools}, Options{})
		e := r.Example(tt.turn, []string{tt.tool.Name})
		if !e.Reachable() {
			t.Errorf("Example(%q): %s is not among the candidates %v", tt.turn, tt.tool.Name, e.names)
		}
		if len(e.names) != Candidates {
			t.Errorf("Example(%q): %d candidates, want %d", tt.turn, len(e.names), Candidates)
		}
	}
}

// TestSelectNeedSetsScene: a request that states a need with no action of
// its own sets the scene of a later clause that names one: that clause
// decides, read with the need's values, and the fit reads it too.
func TestSelectNeedSetsScene(t *testing.T) {
	cat, err := catalogue.ParseMCP("flights.json", []byte(`{"tools":[
 {"name":"find_flights","description":"Search for available flights between an origin and a destination on a date.","inputSchema":{"type":"object","required":["origin","destination","date","passengers"],"properties":{"origin":{"type":"string","description":"The city the flight leaves from."},"destination":{"type":"string","description":"The city the flight goes to."},"date":{"type":"string","format":"date","description":"The day of the flight."},"passengers":{"type":"integer","description":"How many people fly."}}}},
 {"name":"book_flight","description":"Book a seat on a flight for a passenger.","inputSchema":{"type":"object","required":["flight_id","passenger"],"properties":{"flight_id":{"type":"string"},"passenger":{"type":"string"}}}},
 {"name":"get_weather","description":"Get the weather forecast for a city.","inputSchema":{"type":"object","required":["city"],"properties":{"city":{"type":"string"}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		lang   tokenize.Language
		turn   string
		origin string
	}{
		{tokenize.English, "I need to fly from Lisbon to Oslo on 2026-03-14 with 3 passengers. Can you look for flights?", "Lisbon"},
		{tokenize.Brazilian, "preciso viajar de Lisboa para Oslo em 14/03/2026 com 3 passageiros. pode procurar voos?", "Lisboa"},
	} {
		r, err := New(cat, Options{Language: tt.lang})
		if err != nil {
			t.Fatal(err)
		}
		d := r.Select(tt.turn)
		if d.Outcome != Selected || d.Tool != "find_flights" {
			t.Errorf("Select(%q) = %s %q, want selected find_flights (%s)", tt.turn, d.Outcome, d.Tool, d.Reason)
			continue
		}
		if d.Arguments["origin"] != tt.origin || d.Arguments["date"] != "2026-03-14" || d.Arguments["passengers"] != "3" {
			t.Errorf("Select(%q) arguments = %v, want origin %s, date 2026-03-14 and 3 passengers from the clause before", tt.turn, d.Arguments, tt.origin)
		}
		if e := r.Example(tt.turn, []string{"find_flights"}); len(e.clauses) != 2 || e.read != 1 {
			t.Errorf("Example(%q) reads clause %d of %d, want the second, which names the action", tt.turn, e.read, len(e.clauses))
		}
	}
	// A need that is a request of its own action still decides: "get"
	// is the action of the first clause, which no later clause sets aside.
	r, err := New(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if e := r.Example("get the weather in Oslo. Can you look for flights?", nil); e.read != 0 {
		t.Errorf("the fit reads clause %d, want the first, a command of its own", e.read)
	}
}

// TestCoverageTurn checks coverage_turn: the share of the whole turn's idf
// mass a tool holds, the clause's and its context's. A clause with no
// context has its coverage; one whose context says what the tool holds
// nothing of has less.
func TestCoverageTurn(t *testing.T) {
	r := shop(t, Options{})
	of := func(e *Example, tool string) (coverage, turn float64) {
		return exampleFeatures(t, e, tool, fCoverage, fCoverageTurn)
	}
	e := r.Example("show me order 42", []string{"get_order"})
	if c, turn := of(&e, "get_order"); c == 0 || turn != c {
		t.Errorf("one clause: coverage_turn = %v, want its coverage, %v", turn, c)
	}
	e = r.Example("my printer jammed again this morning. show me order 42", []string{"get_order"})
	if len(e.clauses) != 2 || e.read != 1 {
		t.Fatalf("the example reads clause %d of %d, want the second of two", e.read, len(e.clauses))
	}
	if c, turn := of(&e, "get_order"); turn <= 0 || turn >= c {
		t.Errorf("with a context the tool holds nothing of: coverage_turn = %v, want above 0 and under the clause's coverage, %v", turn, c)
	}
}

// TestNameCoverageTurn checks name_coverage_turn: the share of the tool's
// name words the clause or its context holds. A clause with no context
// has its name_coverage; the context adds the words it names.
func TestNameCoverageTurn(t *testing.T) {
	r := shop(t, Options{})
	of := func(e *Example, tool string) (clause, turn float64) {
		return exampleFeatures(t, e, tool, fNameCoverage, fNameCoverageTurn)
	}
	e := r.Example("show me order 42", []string{"get_order"})
	if c, turn := of(&e, "get_order"); c != 1 || turn != 1 {
		t.Errorf("one clause: name_coverage %v and name_coverage_turn %v, want 1 and 1", c, turn)
	}
	e = r.Example("the customer called about order 42. show me the details", []string{"get_order"})
	if len(e.clauses) != 2 || e.read != 1 {
		t.Fatalf("the example reads clause %d of %d, want the second of two", e.read, len(e.clauses))
	}
	if c, turn := of(&e, "get_order"); c >= 1 || turn != 1 {
		t.Errorf("the context names the order: name_coverage %v, name_coverage_turn %v, want under 1 and 1", c, turn)
	}
}

// TestTopicSearch checks topic_search: a reading clause that says what
// texts are about ("about", "mentioning"; "sobre") gives it to the tools
// that search, in both languages, and to no tool that lists; an amount
// after "about" is no topic, and neither is a command that writes.
func TestTopicSearch(t *testing.T) {
	const mail = `{"tools": [
 {"name": "listEmails", "description": "Lists the emails of a folder.", "annotations": {"readOnlyHint": true}},
 {"name": "searchEmails", "description": "Searches the emails for a query.", "inputSchema": {"type": "object", "properties": {"query": {"type": "string"}}}, "annotations": {"readOnlyHint": true}},
 {"name": "sendEmail", "description": "Sends an email.", "inputSchema": {"type": "object", "properties": {"to": {"type": "string"}, "body": {"type": "string"}}}}
]}`
	cat, err := catalogue.Import("mail.json", []byte(mail))
	if err != nil {
		t.Fatal(err)
	}
	en := newClosed(t, cat, Options{})
	pt := newClosed(t, cat, Options{Language: tokenize.Brazilian})
	for _, tt := range []struct {
		r          *Router
		turn, tool string
		want       float64
	}{
		{en, "any emails about the invoice?", "searchEmails", 1},
		{en, "show me the emails mentioning the contract", "searchEmails", 1},
		{en, "any emails about the invoice?", "listEmails", 0},
		{en, "show me my emails", "searchEmails", 0},
		{en, "show me the emails of about 40 customers", "searchEmails", 0},
		{en, "send an email to ana@example.com about the invoice", "searchEmails", 0},
		{pt, "tem algum e-mail sobre a fatura?", "searchEmails", 1},
		{pt, "mostra meus e-mails", "searchEmails", 0},
	} {
		e := tt.r.Example(tt.turn, []string{tt.tool})
		if got, _ := exampleFeatures(t, &e, tt.tool, fTopicSearch, fTopicSearch); got != tt.want {
			t.Errorf("%q: %s's topic_search = %v, want %v", tt.turn, tt.tool, got, tt.want)
		}
	}
	if d := en.Select("any emails about the invoice?"); len(d.Candidates) == 0 || d.Candidates[0].Tool != "searchEmails" {
		t.Errorf("Select(any emails about the invoice?) = %s, candidates %v: want searchEmails first", d.Outcome, d.Candidates)
	}
}

// exampleFeatures are the values of features a and b of tool, a candidate
// of the clause the example reads; it fails when the tool is none.
func exampleFeatures(t *testing.T, e *Example, tool string, a, b int) (float64, float64) {
	t.Helper()
	for k, n := range e.names {
		if n == tool {
			return e.tools[k][a], e.tools[k][b]
		}
	}
	t.Fatalf("%s is no candidate", tool)
	return 0, 0
}

// TestSummaryNotes checks that the summary of a decision's reason names
// what matched, and that its noter keeps the notes of summaryFeatures
// only, where an explanation's keeps every one.
func TestSummaryNotes(t *testing.T) {
	r := newClosed(t, catalogue.Default(), Options{})
	d := r.Select("show me order 42")
	if d.Outcome != Selected || !strings.Contains(d.Reason, "object_head order") || !strings.Contains(d.Reason, "argument 42 -> order_id") {
		t.Errorf("Select(show me order 42) = %s, reason %q: want get_order with its object and argument named", d.Outcome, d.Reason)
	}
	summary, all := &noter{summary: true}, &noter{}
	for k := range int(numToolFeatures) {
		if got := summary.wants(k); got != slices.Contains(summaryFeatures[:], k) {
			t.Errorf("a summary's noter wants %s = %v", toolFeatureNames[k], got)
		}
		if !all.wants(k) {
			t.Errorf("an explanation's noter does not want %s", toolFeatureNames[k])
		}
	}
	var none *noter
	if none.wants(fObjectHead) {
		t.Error("a nil noter wants a note")
	}
	none.note(fObjectHead, "%s", "order") // a nil noter takes no note, and does not panic
	summary.note(fObjectInText, "%s", "order")
	summary.note(fObjectHead, "%s", "order")
	summary.note(fObjectHead, "%s ~ %s", "invoice", "bill")
	if _, ok := summary.detail(fObjectInText); ok {
		t.Error("summary noter holds object_in_text's note")
	}
	if d, _ := summary.detail(fObjectHead); d != "order; invoice ~ bill" {
		t.Errorf("summary noter's object_head note = %q, want both notes in order", d)
	}
	// A reset noter holds no note, and takes the next as its first.
	summary.reset(false)
	if _, ok := summary.detail(fObjectHead); ok {
		t.Error("a reset noter holds object_head's note")
	}
	summary.note(fObjectInText, "%s", "order")
	if d, _ := summary.detail(fObjectInText); d != "order" {
		t.Errorf("a reset explanation's noter's object_in_text note = %q, want order", d)
	}
}

// TestAppendNote checks the formatting of a note: the verbs %s and %d, a
// percent sign, and a verb with no argument or of a type it does not take
// marked as the fmt package marks them.
func TestAppendNote(t *testing.T) {
	tests := []struct {
		format string
		args   []any
		want   string
	}{
		{"%s ~ %s: %s, sense %d", []any{"king", "monarch", wordnet.Hypernym, 2}, "king ~ monarch: hypernym, sense 2"},
		{"%d of %d required parameters", []any{1, -3}, "1 of -3 required parameters"},
		{"100%% %s", []any{"sure"}, "100% sure"},
		{"a phrase the vocabulary gives this tool", nil, "a phrase the vocabulary gives this tool"},
		{"%s and %s", []any{"one"}, "one and %!s(MISSING)"},
		{"%d", []any{2.5}, "%!d(BADTYPE)"},
		{"ends in %", nil, "ends in %"},
	}
	for _, tt := range tests {
		if got := string(appendNote(nil, tt.format, tt.args)); got != tt.want {
			t.Errorf("appendNote(%q, %v) = %q, want %q", tt.format, tt.args, got, tt.want)
		}
	}
}
