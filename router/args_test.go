package router

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// bindTools are tools whose parameters exercise every binding rule, as an
// MCP server lists them.
const bindTools = `{"tools": [
 {"name": "get_invoice", "description": "Show one invoice.",
  "inputSchema": {"type": "object", "properties": {
    "invoice_id": {"type": "string", "pattern": "^INV-[0-9]{6,10}$"}}, "required": ["invoice_id"]},
  "annotations": {"readOnlyHint": true}},
 {"name": "refund_invoice", "description": "Refund part of a paid invoice.",
  "inputSchema": {"type": "object", "properties": {
    "invoice_id": {"type": "string", "pattern": "^INV-[0-9]{6,10}$"},
    "amount_minor": {"type": "integer"},
    "currency": {"type": "string", "pattern": "^[A-Z]{3}$"},
    "reason": {"type": "string", "enum": ["duplicate", "service_issue", "cancellation", "goodwill"]},
    "idempotency_key": {"type": "string"}},
   "required": ["invoice_id", "amount_minor", "reason", "idempotency_key"]},
  "annotations": {"readOnlyHint": false}},
 {"name": "send_email", "description": "Send an email.",
  "inputSchema": {"type": "object", "properties": {
    "to": {"type": "string", "format": "email"}, "subject": {"type": "string"}, "body": {"type": "string"}},
   "required": ["to", "subject"]}},
 {"name": "request_payment", "description": "Request a payment from someone.",
  "inputSchema": {"type": "object", "properties": {
    "amount": {"type": "number"}, "receiver": {"type": "string", "description": "Who pays, such as an email or account number."}},
   "required": ["amount", "receiver"]}},
 {"name": "reserve_room", "description": "Reserve a hotel room.",
  "inputSchema": {"type": "object", "properties": {
    "room_type": {"type": "string"}, "nights": {"type": "integer"}, "guests": {"type": "integer"}},
   "required": ["room_type", "nights"]}},
 {"name": "book_room", "description": "Book a meeting room for a day.",
  "inputSchema": {"type": "object", "properties": {"day": {"type": "string", "format": "date"}, "start_time": {"type": "string"}}, "required": ["day"]}},
 {"name": "request_leave", "description": "Request days of leave.",
  "inputSchema": {"type": "object", "properties": {"endDate": {"type": "string", "format": "date"}, "startDate": {"type": "string", "format": "date"},
    "endTime": {"type": "string", "format": "time"}, "startTime": {"type": "string", "format": "time"}}, "required": ["startDate", "endDate"]}},
 {"name": "find_movies", "description": "Find movies showing in a city.",
  "inputSchema": {"type": "object", "properties": {"movie_name": {"type": "string"}, "show_date": {"type": "string"}}}},
 {"name": "set_alarm", "description": "Set an alarm.",
  "inputSchema": {"type": "object", "properties": {"time": {"type": "string", "format": "time"}}, "required": ["time"]}},
 {"name": "log_event", "description": "Log an event at a time.",
  "inputSchema": {"type": "object", "properties": {"at": {"type": "string", "format": "date-time"}}, "required": ["at"]}},
 {"name": "set_quantity", "description": "Set the quantity of an item in the cart.",
  "inputSchema": {"type": "object", "properties": {
    "item_id": {"type": "string"}, "quantity": {"type": "integer"}}, "required": ["item_id", "quantity"]}},
 {"name": "create_ticket", "description": "Open a support ticket.",
  "inputSchema": {"type": "object", "properties": {
    "title": {"type": "string"}, "priority": {"type": "string", "enum": ["Low", "Normal", "Urgent"]},
    "customer_email": {"type": "string"}}, "required": ["title"]}},
 {"name": "notify_customer", "description": "Notify a customer.",
  "inputSchema": {"type": "object", "properties": {
    "channel": {"type": "string", "enum": ["email", "sms"]}}, "required": ["channel"]}},
 {"name": "charge_amount", "description": "Charge an amount in a currency.",
  "inputSchema": {"type": "object", "properties": {
    "amount": {"type": "number"}, "currency": {"type": "string", "enum": ["usd", "jpy", "eur"]}},
   "required": ["amount", "currency"]}},
 {"name": "convert_currency", "description": "Convert an amount from one currency to another.",
  "inputSchema": {"type": "object", "properties": {
    "amount": {"type": "number"}, "from_currency": {"type": "string"}, "to_currency": {"type": "string"}},
   "required": ["amount", "from_currency", "to_currency"]}},
 {"name": "set_nickname", "description": "Set the nickname shown to others.",
  "inputSchema": {"type": "object", "properties": {"nickname": {"type": "string"}}, "required": ["nickname"]}},
 {"name": "create_vm", "description": "Create a virtual machine.",
  "inputSchema": {"type": "object", "properties": {
    "name": {"type": "string"}, "instance_type": {"type": "string", "enum": ["s1.small", "c3.2xlarge"]},
    "region": {"type": "string", "enum": ["us-east-1", "sa-east-1"]}}, "required": ["name", "instance_type"]}},
 {"name": "create_dns_record", "description": "Create a DNS record.",
  "inputSchema": {"type": "object", "properties": {
    "name": {"type": "string", "example": "api"}, "value": {"type": "string", "examples": ["192.0.2.1"]},
    "ttl": {"type": "integer"}}, "required": ["name", "value"]}},
 {"name": "find_route", "description": "Find a route between two places.",
  "inputSchema": {"type": "object", "properties": {"origin": {"type": "string"}, "destination": {"type": "string"},
    "city": {"type": "string", "maxLength": 40}, "receiver": {"type": "string"}}, "required": ["origin", "destination"]}},
 {"name": "set_tax_rate", "description": "Set the tax rate, in percent.",
  "inputSchema": {"type": "object", "properties": {"rate": {"type": "number"}}, "required": ["rate"]}},
 {"name": "make_payment", "description": "Pay an amount from a funding source.",
  "inputSchema": {"type": "object", "properties": {
    "amount": {"type": "number"}, "payment_method": {"type": "string", "enum": ["app balance", "debit card", "credit card"]}},
   "required": ["amount", "payment_method"]}},
 {"name": "search_articles", "description": "Search the help articles.",
  "inputSchema": {"type": "object", "properties": {
    "query": {"type": "string"}, "locale": {"type": "string", "enum": ["en", "fr", "de", "es", "ja"]},
    "limit": {"type": "integer"}}, "required": ["query"]},
  "annotations": {"readOnlyHint": true}}
]}`

func bindRouter(t testing.TB) *Router {
	t.Helper()
	cat, err := catalogue.ParseMCP("bind-tools.json", []byte(bindTools))
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// bindTurn binds the first clause of a turn to the named tool.
func bindTurn(t testing.TB, r *Router, tool, turn string) (map[string]string, []Binding, []string) {
	t.Helper()
	ti := r.toolNamed(tool)
	if ti == nil {
		t.Fatalf("no tool %s", tool)
	}
	p := r.gram.Parse(turn)
	var c *grammar.Clause
	if len(p.Clauses) > 0 {
		c = &p.Clauses[0]
	}
	return r.bindArgs(ti, turn, c)
}

// rules writes bindings as param=value/rule, in order.
func rules(bs []Binding) string {
	parts := make([]string, len(bs))
	for i, b := range bs {
		parts[i] = fmt.Sprintf("%s=%s/%s", b.Param, b.Value, b.Rule)
	}
	return strings.Join(parts, " ")
}

func TestBindRules(t *testing.T) {
	shop := shop(t, Options{})
	r := bindRouter(t)
	tests := []struct {
		r       *Router
		tool    string
		turn    string
		want    string // param=value/rule, in the turn's order
		missing string
	}{
		// noun
		{shop, "get_order", "show me order 42", "order_id=42/noun", ""},
		{shop, "refund_card", "refund 20 dollars on order 42", "amount=20/money order_id=42/noun", ""},
		{r, "get_invoice", "show invoice INV-0042137", "invoice_id=INV-0042137/noun", ""},
		// pattern, as written and in upper case
		{r, "get_invoice", "show INV-0042137", "invoice_id=INV-0042137/pattern", ""},
		{r, "get_invoice", "show me inv-0042137 please", "invoice_id=INV-0042137/pattern", ""},
		// a value the pattern refuses binds nowhere
		{r, "get_invoice", "show invoice 42", "", "invoice_id"},
		// money: the amount, minor units, the currency code
		{shop, "charge_card", "charge $20.50 to the card for order 9", "amount=20.50/money order_id=9/noun", ""},
		{r, "refund_invoice", "refund 20 dollars on invoice INV-0042137 as a duplicate",
			"amount_minor=2000/money currency=USD/currency invoice_id=INV-0042137/noun reason=duplicate/enum", ""},
		{r, "refund_invoice", "refund €4.50 on INV-0042137 for goodwill",
			"amount_minor=450/money currency=EUR/currency invoice_id=INV-0042137/pattern reason=goodwill/enum", ""},
		{r, "refund_invoice", "refund 1000 yen on INV-0042137",
			"amount_minor=1000/money currency=JPY/currency invoice_id=INV-0042137/pattern", "reason"},
		{r, "charge_amount", "charge 500 yen", "amount=500/money currency=jpy/currency", ""},
		// a currency named on its own, beside another or an amount
		{r, "convert_currency", "convert 200 euros to dollars", "amount=200/money from_currency=EUR/currency to_currency=USD/currency", ""},
		{r, "convert_currency", "convert from EUR to USD", "from_currency=EUR/currency to_currency=USD/currency", "amount"},
		{r, "convert_currency", "convert 200 dollars", "amount=200/money from_currency=USD/currency", "to_currency"},
		// a bare number says nothing of minor units
		{r, "refund_invoice", "refund 20 on INV-0042137", "invoice_id=INV-0042137/pattern", "amount_minor, reason"},
		// email and quoted text
		{r, "send_email", `email ana@example.com with the subject "Lunch on Friday"`,
			"to=ana@example.com/email subject=Lunch on Friday/noun", ""},
		{r, "send_email", `email ana@example.com "Lunch on Friday"`,
			"to=ana@example.com/email subject=Lunch on Friday/quoted", ""},
		// an email to text whose description gives an address among its
		// examples
		{r, "request_payment", "request $20 from ana@example.com", "amount=20/money receiver=ana@example.com/email", ""},
		// dates: a date, and a day for a date-time parameter
		{r, "book_room", "book a room on 2026-05-01", "day=2026-05-01/date", ""},
		{r, "log_event", "log an event on 2026-05-01", "at=2026-05-01T00:00:00Z/date", ""},
		// a span's dates and times in the order the turn says them, the
		// end's last, whatever order the names sort in
		{r, "request_leave", "request leave from 2026-07-10 to 2026-07-24", "startDate=2026-07-10/date endDate=2026-07-24/date", ""},
		{r, "request_leave", "request leave on 2026-07-10", "startDate=2026-07-10/date", "endDate"},
		{r, "request_leave", "request leave on 2026-07-10 from 9am to 1pm",
			"startDate=2026-07-10/date startTime=09:00:00/time endTime=13:00:00/time", "endDate"},
		// times of day: to a parameter named for a time, or of the format
		{r, "book_room", "book a room on 2026-05-01 at 3pm", "day=2026-05-01/date start_time=15:00/time", ""},
		{r, "set_alarm", "set an alarm for 7:30 am", "time=07:30:00/time", ""},
		// a date said of a thing fills no parameter of its name that holds
		// no date
		{r, "find_movies", "find a mystery movie on 2026-05-01", "show_date=2026-05-01/date", ""},
		// numbers, and a number no numeric parameter takes to an id
		{r, "set_quantity", "set the quantity of item X7Y9Z to 3", "item_id=X7Y9Z/noun quantity=3/number", ""},
		{r, "set_quantity", "set the quantity of item X7Y9Z to 2.5", "item_id=X7Y9Z/noun", "quantity"},
		// a percentage to a number is its number
		{r, "set_tax_rate", "set the tax rate to 7.5%", "rate=7.5/number", ""},
		{shop, "archive_order", "archive 42", "order_id=42/identifier", ""},
		// a number before the noun it counts is how many, no id
		{shop, "get_order", "show me 3 orders", "", "order_id"},
		// a number that counts a noun fills the number its noun names,
		// never the text of the noun before it
		{r, "reserve_room", "reserve a room for 2 nights", "nights=2/noun", "room_type"},
		{r, "reserve_room", "reserve a room for 3 guests for 2 nights", "guests=3/noun nights=2/noun", "room_type"},
		// a number right after its noun names that thing: no limit of a
		// list; a count or a number after a preposition is a value
		{r, "search_articles", `search article 4471 for "refund policy"`, "query=refund policy/quoted", ""},
		{r, "search_articles", `show 5 articles about "refund policy"`, "limit=5/number query=refund policy/quoted", ""},
		{r, "search_articles", `search the articles for "refund policy", limit to 5`, "query=refund policy/quoted limit=5/noun", ""},
		// enum: by the word, by the concept, as the schema writes it
		{r, "create_ticket", `open an urgent ticket with the title "Printer down"`, "priority=Urgent/enum title=Printer down/noun", ""},
		{r, "create_ticket", `open an urgent ticket: "Printer down"`, "priority=Urgent/enum title=Printer down/quoted", ""},
		{r, "notify_customer", "notify the customer by e-mail", "channel=email/enum", ""},
		// a value of two words the grammar reads as one compound
		{r, "make_payment", "pay $20 using my credit card", "amount=20/money payment_method=credit card/enum", ""},
		{r, "make_payment", "pay $20 from my app balance", "amount=20/money payment_method=app balance/enum", ""},
		{r, "search_articles", `search the articles for "refund policy"`, "query=refund policy/quoted", ""},
		// a value an enum lists, to its parameter
		{r, "create_vm", `create a c3.2xlarge vm in sa-east-1 called "gpu-test"`,
			"instance_type=c3.2xlarge/enum region=sa-east-1/enum name=gpu-test/quoted", ""},
		{r, "create_vm", `create a c9.huge vm called "gpu-test"`, "name=gpu-test/quoted", "instance_type"},
		// a value written as a parameter's example is written; one of
		// another shape binds nowhere
		{r, "create_dns_record", "create a record pointing to 203.0.113.10", "value=203.0.113.10/example", "name"},
		{r, "create_dns_record", "create a record pointing to 198.51.100.0/24", "", "name, value"},
		// quoted text to the first required string parameter left
		{r, "set_nickname", `set it to "Bea"`, "nickname=Bea/quoted", ""},
		// an identifier with a letter that no id takes, to the first
		// required text parameter left; digits and punctuation alone bind
		// only where an example has their shape
		{r, "set_nickname", "set it to bea-99", "nickname=bea-99/text", ""},
		{r, "set_nickname", "set it to 10.0.0.1", "", "nickname"},
		// missing
		{shop, "charge_card", "charge the card for order 42", "order_id=42/noun", "amount"},
		{shop, "get_order", "show me the order", "", "order_id"},
	}
	for _, tt := range tests {
		args, bs, missing := bindTurn(t, tt.r, tt.tool, tt.turn)
		if got := rules(bs); got != tt.want {
			t.Errorf("bind(%s, %q) = %q, want %q", tt.tool, tt.turn, got, tt.want)
		}
		if got := strings.Join(missing, ", "); got != tt.missing {
			t.Errorf("bind(%s, %q) missing %q, want %q", tt.tool, tt.turn, got, tt.missing)
		}
		if len(args) != len(bs) {
			t.Errorf("bind(%s, %q): %d arguments for %d bindings", tt.tool, tt.turn, len(args), len(bs))
		}
		for _, b := range bs {
			if b.Start < 0 || b.End > len(tt.turn) || b.Start > b.End || tt.turn[b.Start:b.End] != b.Text {
				t.Errorf("bind(%s, %q): %s text %q at [%d,%d] is not the turn's", tt.tool, tt.turn, b.Param, b.Text, b.Start, b.End)
			}
			if args[b.Param] != b.Value {
				t.Errorf("bind(%s, %q): argument %s = %q, binding says %q", tt.tool, tt.turn, b.Param, args[b.Param], b.Value)
			}
		}
	}
}

func TestMinorUnits(t *testing.T) {
	tests := []struct {
		amount, code, want string
		ok                 bool
	}{
		{"20", "USD", "2000", true},
		{"20.5", "USD", "2050", true},
		{"0.50", "USD", "50", true},
		{"4.505", "EUR", "", false},
		{"4.500", "EUR", "450", true},
		{"1000", "JPY", "1000", true},
		{"1.5", "JPY", "", false},
		{"2.125", "KWD", "2125", true},
		{"-3", "USD", "", false},
		{"", "USD", "", false},
		{"99999999999999999999", "USD", "", false},
	}
	for _, tt := range tests {
		got, ok := minorUnits(tt.amount, tt.code)
		if got != tt.want || ok != tt.ok {
			t.Errorf("minorUnits(%q, %s) = %q, %t, want %q, %t", tt.amount, tt.code, got, ok, tt.want, tt.ok)
		}
	}
	for _, tt := range []struct{ minor, code, want string }{{"2000", "USD", "20.00"}, {"5", "USD", "0.05"}, {"1000", "JPY", "1000"}} {
		if got := majorUnits(tt.minor, tt.code); got != tt.want {
			t.Errorf("majorUnits(%q, %s) = %q, want %q", tt.minor, tt.code, got, tt.want)
		}
	}
}

func TestCheckValue(t *testing.T) {
	r := bindRouter(t)
	ti := r.toolNamed("refund_invoice")
	tests := []struct {
		param, value, want string
		ok                 bool
	}{
		{"amount_minor", "2000", "2000", true},
		{"amount_minor", "20.00", "20", true},
		{"amount_minor", "20.5", "", false},
		{"amount_minor", "abc", "", false},
		{"invoice_id", "INV-0042137", "INV-0042137", true},
		{"invoice_id", "INV-42", "", false},
		{"reason", "Duplicate", "Duplicate", true},
		{"reason", "refund", "", false},
	}
	for _, tt := range tests {
		got, problem := checkValue(paramNamed(ti, tt.param), tt.value)
		if got != tt.want || (problem == "") != tt.ok {
			t.Errorf("checkValue(%s, %q) = %q, %q, want %q, ok %t", tt.param, tt.value, got, problem, tt.want, tt.ok)
		}
	}
}

// TestBindPortugueseEnum binds an enum value written in English from a
// Portuguese word with the same stem (urgente -> urgent).
func TestBindPortugueseEnum(t *testing.T) {
	cat, err := catalogue.ParseMCP("bind-tools.json", []byte(bindTools))
	if err != nil {
		t.Fatal(err)
	}
	turn := "abra um chamado urgente"
	g := fakeGrammar(t, func(string) *grammar.Parse {
		return &grammar.Parse{Turn: turn, Clauses: []grammar.Clause{{Act: grammar.Imperative, Action: "create", Words: []grammar.Word{
			{Text: "abra", Norm: "abra", Start: 0, End: 4, Class: grammar.Verb, Concept: "create"},
			{Text: "um", Norm: "um", Start: 5, End: 7, Class: grammar.Function},
			{Text: "chamado", Norm: "chamado", Start: 8, End: 15, Class: grammar.Noun, Concept: "ticket"},
			{Text: "urgente", Norm: "urgente", Start: 16, End: 23, Class: grammar.Function},
		}}}}
	})
	r, err := New(cat, Options{Language: g.Language(), Grammar: g})
	if err != nil {
		t.Fatal(err)
	}
	_, bs, missing := bindTurn(t, r, "create_ticket", turn)
	if got, want := rules(bs), "priority=Urgent/enum"; got != want {
		t.Errorf("bind(create_ticket, %q) = %q, want %q", turn, got, want)
	}
	if got := strings.Join(missing, ","); got != "title" {
		t.Errorf("bind(create_ticket, %q) missing %q, want title", turn, got)
	}
}

// fuzzSchemas are the tools FuzzBind binds to.
var fuzzSchemas = []string{"get_invoice", "refund_invoice", "send_email", "book_room", "log_event", "set_quantity",
	"create_ticket", "notify_customer", "charge_amount", "set_nickname", "search_articles", "create_vm",
	"make_payment", "set_tax_rate", "find_route"}

// FuzzBind reads random turns with the English grammar and binds each
// clause, with the others as its context, to each of the test tools: the
// binder never panics, every binding's text
// lies in the turn at its offsets, and every value bound satisfies its
// parameter's type, format, pattern and enum, as a JSON Schema validator
// reads them.
func FuzzBind(f *testing.F) {
	for _, s := range []string{
		"refund 20 dollars on invoice INV-0042137 as a duplicate",
		"email ana@example.com with the subject \"Lunch\"",
		"book a room on 2026-05-01", "log an event tomorrow", "set the quantity of item X7Y9Z to 3",
		"open an urgent ticket titled \"Printer down\"", "charge 500 yen", "refund €4.50 on inv-0042137",
		"set my nickname to \"Bea\"", "search \"x\" in french, limit 5", "notify by sms",
		"find a route from New York, NY to Los Angeles", "the distance between St. Helena CA and Napa",
		"I'm in San Jose, CA, I want to pay 20% to Ana Souza. Use my credit card",
	} {
		f.Add(s)
	}
	r := bindRouter(f)
	validators := map[string]map[string]*jsonschema.Schema{}
	for _, name := range fuzzSchemas {
		ti := r.toolNamed(name)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(ti.tool.InputSchema))
		if err != nil {
			f.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		url := "mem://" + name + ".json"
		if err := c.AddResource(url, doc); err != nil {
			f.Fatal(err)
		}
		validators[name] = map[string]*jsonschema.Schema{}
		for _, p := range ti.params {
			s, err := c.Compile(url + "#/properties/" + p.name)
			if err != nil {
				f.Fatal(err)
			}
			validators[name][p.name] = s
		}
	}
	f.Fuzz(func(t *testing.T, turn string) {
		p := r.gram.Parse(turn)
		for k := range p.Clauses {
			c := &p.Clauses[k]
			// The other clauses are the clause's context.
			var ctx []*grammar.Clause
			for j := range p.Clauses {
				if j != k {
					ctx = append(ctx, &p.Clauses[j])
				}
			}
			for _, name := range fuzzSchemas {
				ti := r.toolNamed(name)
				args, bs, missing := r.bindArgs(ti, turn, c, ctx...)
				for _, b := range bs {
					if b.Start < 0 || b.End > len(turn) || b.Start > b.End || turn[b.Start:b.End] != b.Text {
						t.Fatalf("bind(%s, %q): %s text %q at [%d,%d] is not the turn's", name, turn, b.Param, b.Text, b.Start, b.End)
					}
					if args[b.Param] != b.Value {
						t.Fatalf("bind(%s, %q): argument %s = %q, binding says %q", name, turn, b.Param, args[b.Param], b.Value)
					}
					var v any = b.Value
					if pp := paramNamed(ti, b.Param); pp.typ == "number" || pp.typ == "integer" {
						v = json.Number(b.Value)
					}
					if err := validators[name][b.Param].Validate(v); err != nil {
						t.Fatalf("bind(%s, %q): %s = %q does not satisfy its schema: %v", name, turn, b.Param, b.Value, err)
					}
				}
				for _, m := range missing {
					if _, ok := args[m]; ok {
						t.Fatalf("bind(%s, %q): %s is bound and missing", name, turn, m)
					}
				}
				if got := slices.Sorted(maps.Keys(args)); len(got) != len(bs) {
					t.Fatalf("bind(%s, %q): arguments %v for %d bindings", name, turn, got, len(bs))
				}
			}
		}
	})
}

func BenchmarkBindWrite(b *testing.B) {
	r := shop(b, Options{})
	turn := "charge 20 dollars to the card for order 42"
	p := r.gram.Parse(turn)
	ti := r.toolNamed("charge_card")
	b.ReportAllocs()
	for b.Loop() {
		d := Decision{Parse: p}
		r.bindDecision(&d, ti, &p.Clauses[0], nil)
	}
}

// TestBindPortuguese binds Portuguese turns with the router's own
// Brazilian Portuguese grammar.
func TestBindPortuguese(t *testing.T) {
	if _, err := GrammarFor(tokenize.Brazilian); err != nil {
		t.Skipf("no Brazilian Portuguese grammar yet: %v", err)
	}
	cat, err := catalogue.ParseMCP("bind-tools.json", []byte(bindTools))
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(cat, Options{Language: tokenize.Brazilian})
	if err != nil {
		t.Fatal(err)
	}
	pt := shop(t, Options{Language: tokenize.Brazilian})
	tests := []struct {
		r             *Router
		tool, turn    string
		want, missing string
	}{
		{pt, "refund_card", "estorne 20 reais do pedido 42", "amount=20/money order_id=42/noun", ""},
		{pt, "charge_card", "cobre o cartão do pedido 42", "order_id=42/noun", "amount"},
		{r, "create_ticket", `abra um chamado urgente: "Impressora parada"`, "priority=Urgent/enum title=Impressora parada/quoted", ""},
		{r, "refund_invoice", "estorne R$ 20,50 da fatura INV-0042137 por duplicidade",
			"amount_minor=2050/money currency=BRL/currency invoice_id=INV-0042137/noun reason=duplicate/enum", ""},
		{r, "send_email", "mande um email para ana@example.com", "to=ana@example.com/email", "subject"},
	}
	for _, tt := range tests {
		_, bs, missing := bindTurn(t, tt.r, tt.tool, tt.turn)
		if got := rules(bs); got != tt.want {
			t.Errorf("bind(%s, %q) = %q, want %q", tt.tool, tt.turn, got, tt.want)
		}
		if got := strings.Join(missing, ", "); got != tt.missing {
			t.Errorf("bind(%s, %q) missing %q, want %q", tt.tool, tt.turn, got, tt.missing)
		}
	}
}

// TestCheckCallEnumCase checks a proposed enum value against the schema's
// own spelling: the value as the schema writes it passes, the same value
// in another case is reported with the spelling it wants, and one the
// enum does not list is refused.
func TestCheckCallEnumCase(t *testing.T) {
	r := bindRouter(t)
	for _, tc := range []struct {
		priority, problem string
	}{
		{"Urgent", ""},
		{"urgent", "is not written as the enum writes it (Urgent)"},
		{"Critical", "is not one of low, normal, urgent"},
	} {
		ck := r.CheckCall("create_ticket", map[string]string{"title": "Printer down", "priority": tc.priority}, nil)
		got := ""
		for _, p := range ck.Invalid {
			if p.Param == "priority" {
				got = p.Problem
			}
		}
		if got != tc.problem {
			t.Errorf("CheckCall(create_ticket, priority=%s): problem %q, want %q", tc.priority, got, tc.problem)
		}
	}
}

// TestIsTime checks which parameters take a time of day: those a time or
// an hour heads, not those it qualifies.
func TestIsTime(t *testing.T) {
	for _, tc := range []struct {
		p    param
		want bool
	}{
		{param{name: "start_time", typ: "string"}, true},
		{param{name: "hour", typ: "string"}, true},
		{param{name: "alarmTime", typ: "string"}, true},
		{param{name: "at", typ: "string", format: "time"}, true},
		{param{name: "timeZone", typ: "string"}, false},
		{param{name: "time_limit", typ: "string"}, false},
		{param{name: "time_period", typ: "string"}, false},
		{param{name: "start_time", typ: "string", format: "date-time"}, false},
		{param{name: "start_time", typ: "integer"}, false},
	} {
		if got := isTime(&tc.p); got != tc.want {
			t.Errorf("isTime(%s %s %s) = %v, want %v", tc.p.name, tc.p.typ, tc.p.format, got, tc.want)
		}
	}
}

func TestValueShape(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"203.0.113.10", "9.9.9.9"},
		{"10.0.0.0/16", "9.9.9.9/9"},
		{"555-0100", "9-9"},
		{"2026-05-01", "9-9-9"},
		// a letter or a space: the letters say more than the shape
		{"us-east-1", ""},
		{"2001:db8::1", ""},
		{"+1 555", ""},
		// fewer than three runs
		{"42", ""},
		{"-1", ""},
		{"", ""},
	} {
		if got := valueShape(tt.in); got != tt.want {
			t.Errorf("valueShape(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// placeTools are tools whose parameters hold places and recipients, for
// TestBindName.
const placeTools = `{"tools": [
 {"name": "get_weather", "description": "Get the weather of a city.",
  "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}, "date": {"type": "string", "format": "date"}},
   "required": ["city"]}},
 {"name": "find_trains", "description": "Find trains between two cities.",
  "inputSchema": {"type": "object", "properties": {"_from": {"type": "string"}, "to": {"type": "string"},
   "date_of_journey": {"type": "string", "format": "date"}}, "required": ["_from", "to"]}},
 {"name": "book_table", "description": "Book a table at a restaurant.",
  "inputSchema": {"type": "object", "properties": {"restaurant_name": {"type": "string"}, "location": {"type": "string"}},
   "required": ["restaurant_name", "location"]}},
 {"name": "search_house", "description": "Search for a house to stay in at a destination.",
  "inputSchema": {"type": "object", "properties": {"where_to": {"type": "string"}, "rating": {"type": "number"}},
   "required": ["where_to"]}, "annotations": {"readOnlyHint": true}},
 {"name": "request_payment", "description": "Request a payment from a friend.",
  "inputSchema": {"type": "object", "properties": {"receiver": {"type": "string"}, "amount": {"type": "number"}},
   "required": ["receiver", "amount"]}},
 {"name": "set_title", "description": "Set an employee's title.",
  "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}, "location": {"type": "string"}},
   "required": ["title"]}}
]}`

// placeRouter routes turns of a language against placeTools.
func placeRouter(t *testing.T, lang tokenize.Language) *Router {
	t.Helper()
	cat, err := catalogue.ParseMCP("place-tools.json", []byte(placeTools))
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(cat, Options{Language: lang})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestBindName binds a name written after a preposition of place to the
// parameter that holds that place: after a locative one named for a
// place, after a source an origin, after a goal a destination or else a
// recipient; a name a common noun follows or that owns what follows, one
// whose words the lexicons all read, one the capitals of a title make,
// and one after a goal where the tool has no destination or recipient
// bind nothing.
func TestBindName(t *testing.T) {
	routers := map[tokenize.Language]*Router{}
	for _, lang := range []tokenize.Language{tokenize.English, tokenize.Brazilian} {
		routers[lang] = placeRouter(t, lang)
	}
	tests := []struct {
		lang    tokenize.Language
		tool    string
		turn    string
		want    string // param=value/rule, in the turn's order
		missing string
	}{
		{tokenize.English, "get_weather", "What will the weather in San Diego be like?", "city=San Diego/name", ""},
		{tokenize.English, "get_weather", "weather in London, UK on 2026-05-01", "city=London, UK/name date=2026-05-01/date", ""},
		{tokenize.English, "get_weather", "weather near Letterkenny,Ireland", "city=Letterkenny,Ireland/name", ""},
		{tokenize.English, "get_weather", "is it raining in Portland, OR", "city=Portland, OR/name", ""},
		{tokenize.English, "get_weather", "weather in San Jose, I want to know", "city=San Jose/name", ""},
		{tokenize.Brazilian, "get_weather", "como está o tempo em Belo Horizonte?", "city=Belo Horizonte/name", ""},
		{tokenize.English, "find_trains", "find a train from New York to Los Angeles", "_from=New York/name to=Los Angeles/name", ""},
		{tokenize.Brazilian, "find_trains", "procura um trem de São Paulo para Campinas", "_from=São Paulo/name to=Campinas/name", ""},
		// after a goal, a recipient where the tool has no destination
		{tokenize.English, "request_payment", "initiate a payment request to Mary for $200", "receiver=Mary/name amount=200/money", ""},
		{tokenize.Brazilian, "request_payment", "pede um pagamento de R$ 50 para Ana Souza", "amount=50/money receiver=Ana Souza/name", ""},
		// two names after "between": an origin and a destination
		{tokenize.English, "find_trains", "find a train between New York and Boston", "_from=New York/name to=Boston/name", ""},
		{tokenize.Brazilian, "find_trains", "procura um trem entre São Paulo e Campinas", "_from=São Paulo/name to=Campinas/name", ""},
		// a name a common noun follows names a thing of its kind, and
		// so does one that owns what follows
		{tokenize.English, "request_payment", "request $20 to Diego's account", "amount=20/money", "receiver"},
		{tokenize.English, "book_table", "book a table at Balthazar restaurant in New York", "location=New York/name", "restaurant_name"},
		// words the lexicons all read are no place's name
		{tokenize.English, "get_weather", "what is on the TV in Kitchen", "", "city"},
		// a title's capitals mark no names
		{tokenize.English, "get_weather", "Show The Weather In San Diego", "", "city"},
		// after a goal, only a destination: "to" gives the new value of
		// another thing
		{tokenize.English, "set_title", "change the title to Senior Engineer", "", "title"},
	}
	for _, tt := range tests {
		_, bs, missing := bindTurn(t, routers[tt.lang], tt.tool, tt.turn)
		if got := rules(bs); got != tt.want {
			t.Errorf("bind(%s, %q) = %q, want %q", tt.tool, tt.turn, got, tt.want)
		}
		if got := strings.Join(missing, ", "); got != tt.missing {
			t.Errorf("bind(%s, %q) missing %q, want %q", tt.tool, tt.turn, got, tt.missing)
		}
		for _, b := range bs {
			if tt.turn[b.Start:b.End] != b.Text {
				t.Errorf("bind(%s, %q): %s text %q at [%d,%d] is not the turn's", tt.tool, tt.turn, b.Param, b.Text, b.Start, b.End)
			}
		}
	}
}

// TestBindContext binds what the request leaves from the clauses of its
// context, by the rules that read what a value is, never by those that
// take whatever is left: a place the turn's first sentence names fills
// the destination of the house the second asks for.
func TestBindContext(t *testing.T) {
	r := placeRouter(t, tokenize.English)
	for _, tt := range []struct{ turn, want, missing string }{
		{"I have planned a short trip to Portland. I need a house to stay there.", "where_to=Portland", ""},
		{"My friend calls it 'Casa Azul'. I need a house to stay there.", "", "where_to"},
	} {
		d := r.Select(tt.turn)
		if d.Outcome != Selected || d.Tool != "search_house" {
			t.Fatalf("Select(%q) = %s %s, want search_house selected", tt.turn, d.Outcome, d.Tool)
		}
		var got []string
		for _, b := range d.Bindings {
			got = append(got, b.Param+"="+b.Value)
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("Select(%q) binds %q, want %q", tt.turn, g, tt.want)
		}
		if g := strings.Join(d.Missing, ", "); g != tt.missing {
			t.Errorf("Select(%q) misses %q, want %q", tt.turn, g, tt.missing)
		}
	}
}
