package router

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// doors is a catalogue with a tool that changes a door's state and one
// that reads it.
const doors = `{"tools": [
 {"name": "lock_door", "description": "Locks a door of the house.",
  "inputSchema": {"type": "object", "properties": {"door": {"type": "string"}}, "required": ["door"]}},
 {"name": "get_door_status", "description": "Reads whether a door of the house is open, closed or locked.",
  "inputSchema": {"type": "object", "properties": {"door": {"type": "string"}}, "required": ["door"]}},
 {"name": "convert_currency", "description": "Converts an amount of money from one currency to another.",
  "inputSchema": {"type": "object", "properties": {"from": {"type": "string"}, "to": {"type": "string"}, "amount": {"type": "number"}}}}
]}`

func newDoors(t *testing.T) *Router {
	t.Helper()
	return newImported(t, "doors.json", doors)
}

// newImported is a router over the catalogue data (named file), closed when
// the test ends.
func newImported(t *testing.T, file, data string) *Router {
	t.Helper()
	cat, err := catalogue.Import(file, []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	return newClosed(t, cat, Options{})
}

// newClosed is a router over cat, closed when the test ends.
func newClosed(t *testing.T, cat *catalogue.Catalogue, opts Options) *Router {
	t.Helper()
	r, err := New(cat, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

func feature(fs []Contribution, name string) (Contribution, bool) {
	for _, c := range fs {
		if c.Feature == name {
			return c, true
		}
	}
	return Contribution{}, false
}

func candidate(ex *Explanation, tool string) *ExplainedCandidate {
	for i := range ex.Candidates {
		if ex.Candidates[i].Tool == tool {
			return &ex.Candidates[i]
		}
	}
	return nil
}

// A question about a state asks to see it: the tool that brings the state
// about is a reported write, never selected, while the command still
// selects it.
func TestQuestionAboutStateIsNoWrite(t *testing.T) {
	r := newDoors(t)
	for _, turn := range []string{"is the front door locked?", "a porta da frente está trancada?"} {
		d := r.Select(turn)
		if d.Tool == "lock_door" && d.Outcome == Selected {
			t.Errorf("%q selects lock_door", turn)
		}
		c := candidate(r.Explain(d), "lock_door")
		if c == nil {
			continue // not even a candidate: never selected either
		}
		if _, ok := feature(c.Features, "reported_write"); !ok || !c.Barred {
			t.Errorf("%q: lock_door is not a reported write: barred %v, %+v", turn, c.Barred, c.Features)
		}
		// A barred tool is no option: it takes no share of the
		// probability, which the others and none share.
		ex := r.Explain(d)
		sum := ex.None.Probability
		for _, x := range ex.Candidates {
			sum += x.Probability
		}
		if c.Probability != 0 || math.Abs(sum-1) > 0.01 {
			t.Errorf("%q: barred lock_door has probability %v; all sum to %v", turn, c.Probability, sum)
		}
	}
	d := r.Select("lock the front door")
	if c := candidate(r.Explain(d), "lock_door"); c == nil || c.Barred {
		t.Errorf("lock the front door: lock_door barred or no candidate: %+v", d)
	}
}

// A word written as a name that no tool holds is an argument: it lowers
// neither the share of the turn a tool explains nor counts as content no
// tool holds.
func TestNamesAreArguments(t *testing.T) {
	r := newDoors(t)
	coverage := func(turn string) float64 {
		d := r.Select(turn)
		c := candidate(r.Explain(d), "convert_currency")
		if c == nil {
			t.Fatalf("%q: convert_currency is no candidate", turn)
		}
		f, ok := feature(c.Features, "coverage")
		if !ok {
			t.Fatalf("%q: no coverage", turn)
		}
		return f.Value
	}
	named := coverage("convert 20 from Euro to Dollar")
	plain := coverage("convert 20")
	if math.Abs(named-plain) > 1e-9 {
		t.Errorf("coverage with names %.3f, without %.3f: the names count as content", named, plain)
	}
	lower := coverage("convert 20 for the bakery downtown please sometime")
	if !(lower < plain) {
		t.Errorf("coverage of a turn with more unknown words %.3f, not below %.3f", lower, plain)
	}
}

// coverage_terms is the share of the clause's terms the tool holds, each
// counted once.
func TestCoverageTerms(t *testing.T) {
	r := newDoors(t)
	share := func(turn string) float64 {
		ex := r.Explain(r.Select(turn))
		c := candidate(ex, "get_door_status")
		if c == nil {
			t.Fatalf("%q: get_door_status is no candidate:\n%s", turn, ex)
		}
		f, _ := feature(c.Features, "coverage_terms")
		return f.Value
	}
	whole, part := share("is the back door open?"), share("is the back door open, the bird asked grumpily?")
	if whole <= 0 || whole > 1 {
		t.Errorf("coverage_terms %.3f, want in (0, 1]", whole)
	}
	if !(part < whole) {
		t.Errorf("more words no tool holds, and coverage_terms %.3f is not below %.3f", part, whole)
	}
}

// Verify tells its Progress how far each language's routing has gone,
// ending at the whole.
func TestVerifyProgress(t *testing.T) {
	var mu sync.Mutex
	last := map[string][2]int{}
	rep, err := Verify(catalogue.Default(), VerifyOptions{Progress: func(lang string, done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if done > last[lang][0] {
			last[lang] = [2]int{done, total}
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(last) != len(rep.Languages) {
		t.Fatalf("progress told of %d languages, verify routed %d: %v", len(last), len(rep.Languages), last)
	}
	for lang, dt := range last {
		if dt[1] == 0 || dt[0] != dt[1] {
			t.Errorf("%s: progress ended at %d of %d", lang, dt[0], dt[1])
		}
	}
}

// units is a catalogue whose parameters say which values they take: an
// enum of units, and a number of days.
const units = `{"tools": [
 {"name": "convert_temperature", "description": "Converts a temperature between scales.",
  "inputSchema": {"type": "object", "properties": {"value": {"type": "number"},
   "scale": {"type": "string", "enum": ["Celsius", "Fahrenheit", "sea_level"]}}}},
 {"name": "get_forecast", "description": "Gets the weather forecast of a city.",
  "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}}}},
 {"name": "get_city_name", "description": "Gets the name of a city.",
  "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}`

// A tool whose name is all it says (no more in its description, no
// parameters: an intent's label) has its action evidence read apart, by
// action_match_bare and action_other_bare; a tool that says more keeps
// action_same and action_other.
func TestBareNameAction(t *testing.T) {
	r := newImported(t, "intents.json", `{"tools": [
 {"name": "pay_bill", "description": "pay bill"},
 {"name": "cancel_order", "description": "cancel order"},
 {"name": "pay_invoice", "description": "Pays an invoice by its number.",
  "inputSchema": {"type": "object", "properties": {"invoice": {"type": "string"}}}}
]}`)
	for _, tc := range []struct {
		tool, feature string
		want          float64
	}{
		{"pay_bill", "action_match_bare", 1},
		{"pay_bill", "action_same", 0},
		{"pay_invoice", "action_same", 1},
		{"pay_invoice", "action_match_bare", 0},
	} {
		if got := toolFeature(t, r, "pay my bill", tc.tool, tc.feature); got != tc.want {
			t.Errorf("%q: %s's %s %v, want %v", "pay my bill", tc.tool, tc.feature, got, tc.want)
		}
	}
	if got := toolFeature(t, r, "cancel the bill payment", "pay_bill", "action_other_bare"); got != 1 {
		t.Errorf("%q: pay_bill's action_other_bare %v, want 1", "cancel the bill payment", got)
	}
}

// toolFeature is the value of a feature of tool in the explanation of turn,
// 0 when the feature is not there; it fails when the tool is no candidate.
func toolFeature(t *testing.T, r *Router, turn, tool, name string) float64 {
	t.Helper()
	ex := r.Explain(r.Select(turn))
	c := candidate(ex, tool)
	if c == nil {
		t.Fatalf("%q: %s is no candidate:\n%s", turn, tool, ex)
	}
	f, _ := feature(c.Features, name)
	return f.Value
}

// A value a parameter's enum lists is evidence for the tool, matched as
// whole words in any case, a multiword value by its words; and the values
// of the turn count for the tools whose parameters' types take them.
func TestParameterValues(t *testing.T) {
	r := newImported(t, "units.json", units)
	for _, tc := range []struct {
		turn string
		want float64
	}{
		{"convert 30 degrees to FAHRENHEIT", 1},
		{"convert the temperature at sea level", 1},
		{"convert the temperature of the sea", 0},
		{"convert the temperature to microfahrenheit", 0},
		{"convert microfahrenheit to fahrenheit", 1},
		{"convert the temperature", 0},
	} {
		if got := toolFeature(t, r, tc.turn, "convert_temperature", "enum_named"); got != tc.want {
			t.Errorf("%q: enum_named %v, want %v", tc.turn, got, tc.want)
		}
	}
	turn := "the forecast for the city for 3 days"
	if got := toolFeature(t, r, turn, "get_forecast", "value_fit"); got != 1 {
		t.Errorf("%q: get_forecast's value_fit %v, want 1 (days is an integer)", turn, got)
	}
	if got := toolFeature(t, r, turn, "get_city_name", "value_fit"); got != 0 {
		t.Errorf("%q: get_city_name's value_fit %v, want 0 (no parameter takes a number)", turn, got)
	}
}

// Information about a thing is about the thing: the head of "the details
// of order 42" is the order, in either language, and so is the head of a
// name such as get_order_details.
func TestInformationIsAboutTheThing(t *testing.T) {
	r := newClosed(t, catalogue.Default(), Options{})
	for _, turn := range []string{"show me the details of order 42", "show me the information about order 42"} {
		if got := toolFeature(t, r, turn, "get_order", "object_head"); got != 1 {
			t.Errorf("%q: get_order's object_head %v, want 1", turn, got)
		}
	}
	pt := newClosed(t, catalogue.Default(), Options{Language: "pt-BR"})
	if got := toolFeature(t, pt, "mostre os detalhes do pedido 42", "get_order", "object_head"); got != 1 {
		t.Errorf("pt-BR: get_order's object_head %v, want 1", got)
	}
	d := newImported(t, "details.json", `{"tools": [{"name": "get_order_details", "description": "Gets the details of an order."}]}`)
	if got := toolFeature(t, d, "show order 42", "get_order_details", "object_head"); got != 1 {
		t.Errorf("get_order_details: object_head %v for the order, want 1", got)
	}
	// The information noun is no evidence: a tool that never says
	// "details" covers the turn as well as one that does.
	repos := newImported(t, "repos.json", `{"tools": [
 {"name": "get_repo", "description": "Gets a repository's metadata: its description and default branch."},
 {"name": "get_issue", "description": "Gets the details of an issue in a repository."}]}`)
	for _, turn := range []string{"info on the repository acme/mobile", "the details of repository acme/mobile"} {
		if got := toolFeature(t, repos, turn, "get_repo", "coverage"); got != 1 {
			t.Errorf("%q: get_repo's coverage %v, want 1", turn, got)
		}
	}
}

// A property of the one thing an id names is asked of that thing: the
// head of "the status of request 4471" is the request, and the status a
// further object, in either language; the head of a plural ("the
// comments of request 4471") or of a property whose thing has no id
// stays where it is.
func TestPropertyOfTheThing(t *testing.T) {
	const requests = `{"tools": [
 {"name": "get_request", "description": "Gets one request by its id.",
  "inputSchema": {"type": "object", "properties": {"request_id": {"type": "string"}}, "required": ["request_id"]}},
 {"name": "list_requests", "description": "Lists requests, filtered by status.",
  "inputSchema": {"type": "object", "properties": {"status": {"type": "string"}}}},
 {"name": "list_comments", "description": "Lists the comments on a request.",
  "inputSchema": {"type": "object", "properties": {"request_id": {"type": "string"}}, "required": ["request_id"]}}]}`
	en := newImported(t, "requests.json", requests)
	pt := newClosed(t, en.cat, Options{Language: "pt-BR"})
	for _, tc := range []struct {
		r          *Router
		turn, tool string
		want       float64
	}{
		{en, "what's the status of request 4471?", "get_request", 1},
		{pt, "qual o status da solicitação 4471?", "get_request", 1},
		{en, "the comments of request 4471", "list_comments", 1},
		{en, "the comments of request 4471", "get_request", 0},
		{en, "what's the status of my requests?", "list_requests", 0},
	} {
		if got := toolFeature(t, tc.r, tc.turn, tc.tool, "object_head"); got != tc.want {
			t.Errorf("%q: %s's object_head %v, want %v", tc.turn, tc.tool, got, tc.want)
		}
	}
	// The property stays evidence: a tool whose text names it holds it.
	if got := toolFeature(t, en, "what's the status of request 4471?", "list_requests", "object_in_text"); got != 1 {
		t.Errorf("list_requests's object_in_text %v, want 1 (status)", got)
	}
}

const needs = `{"tools": [
 {"name": "square_area", "description": "Calculates the area of a square.",
  "inputSchema": {"type": "object", "properties": {"side": {"type": "number"}, "unit": {"type": "string"}}, "required": ["side"]}},
 {"name": "set_unit", "description": "Sets the unit of lengths.",
  "inputSchema": {"type": "object", "properties": {"unit": {"type": "string", "enum": ["metres", "feet"]}}, "required": ["unit"]}},
 {"name": "send_note", "description": "Sends a note.",
  "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}},
 {"name": "set_product_price", "description": "Sets the price of a product.",
  "inputSchema": {"type": "object", "properties": {"sku": {"type": "string"}, "compare_at_price": {"type": "number"}, "price": {"type": "number"}}, "required": ["sku", "price"]}},
 {"name": "rename_document", "description": "Renames a document.",
  "inputSchema": {"type": "object", "properties": {"document_id": {"type": "string"}, "title": {"type": "string"}}, "required": ["document_id", "title"]}},
 {"name": "request_payment", "description": "Requests a payment from someone.",
  "inputSchema": {"type": "object", "properties": {"receiver": {"type": "string", "description": "Who pays, such as an email or account number."}, "amount": {"type": "number"}}, "required": ["receiver", "amount"]}},
 {"name": "make_payment", "description": "Makes a payment to someone.",
  "inputSchema": {"type": "object", "properties": {"receiver": {"type": "string", "description": "Who is paid, such as an account number or a contact name."}, "amount": {"type": "number"}}, "required": ["receiver", "amount"]}}
]}`

// A required parameter that nothing in the turn fills counts against the
// tool: a number no argument gives, an enum value the turn does not name,
// free text the turn has no free words for.
func TestRequiredUnmet(t *testing.T) {
	r := newImported(t, "needs.json", needs)
	for _, tc := range []struct {
		turn, tool, feature string
		want                float64
	}{
		{"calculate the area of a square with a side of 4", "square_area", "required_unmet", 0},
		{"calculate the area of a square", "square_area", "required_unmet", 1},
		// An enum's value is a choice: its parameter counts apart.
		{"set the unit to feet", "set_unit", "required_unmet_enum", 0},
		{"set the unit", "set_unit", "required_unmet_enum", 1},
		{"set the unit", "set_unit", "required_unmet", 0},
		{`send a note saying "the build is green"`, "send_note", "required_unmet", 0},
		{"send a note to Zoltrak", "send_note", "required_unmet", 0},
		{"send a note", "send_note", "required_unmet", 1},
		// A value of the noun of two parameters fills the required one,
		// as the binder binds it: the price, not compare_at_price.
		{"set the price of TSHIRT-BLK-M to $59.90", "set_product_price", "required_unmet", 0},
		{"set the price of TSHIRT-BLK-M", "set_product_price", "required_unmet", 0.5},
		// An identifier no id parameter takes is text a parameter of
		// text may hold.
		{"rename document doc_8812 to q3-report.pdf", "rename_document", "required_unmet", 0},
		{"rename document doc_8812", "rename_document", "required_unmet", 0.5},
		// An email fills text whose description gives an address among
		// its examples, and only such text.
		{"request a payment of $20 from ana@example.com", "request_payment", "required_unmet", 0},
		{"request a payment of $20", "request_payment", "required_unmet", 0.5},
		{"make a payment of $20 to ana@example.com", "make_payment", "required_unmet", 0.5},
	} {
		if got := toolFeature(t, r, tc.turn, tc.tool, tc.feature); got != tc.want {
			t.Errorf("%q: %s's %s %v, want %v", tc.turn, tc.tool, tc.feature, got, tc.want)
		}
	}
}

const timers = `{"tools": [
 {"name": "cancel_timer", "description": "Cancels a timer.",
  "inputSchema": {"type": "object", "properties": {"name": {"type": "string"}}}},
 {"name": "cancel_all_timers", "description": "Cancels every timer.",
  "inputSchema": {"type": "object", "properties": {}}}
]}`

const clock = `{"tools": [
 {"name": "get_current_time", "description": "Gets the current time.",
  "inputSchema": {"type": "object", "properties": {}}},
 {"name": "start_timer", "description": "Starts a timer.",
  "inputSchema": {"type": "object", "properties": {"minutes": {"type": "integer"}}}}
]}`

const devices = `{"tools": [
 {"name": "turn_off", "description": "Turns off a device."},
 {"name": "set_volume", "description": "Sets the volume of the music."}
]}`

const lists = `{"tools": [
 {"name": "ListAddItem", "description": "Adds an item to a list.",
  "inputSchema": {"type": "object", "properties": {"item": {"type": "string"}}, "required": ["item"]}},
 {"name": "LightSet", "description": "Sets the brightness of a light."}
]}`

const shopping = `{"tools": [
 {"name": "ShoppingListAddItem", "description": "Adds an item."},
 {"name": "TodoAddItem", "description": "Adds an item."}
]}`

// states has unmarked tools (a write by default) and declared ones.
const states = `{"tools": [
 {"name": "GetState", "description": "Gets the state of a device."},
 {"name": "TurnOff", "description": "Turns off a device."},
 {"name": "get_door", "description": "Gets a door.", "annotations": {"readOnlyHint": false}},
 {"name": "get_window", "description": "Gets a window.", "annotations": {"readOnlyHint": true}}
]}`

const pending = `{"tools": [
 {"name": "list_orders", "description": "Lists orders."},
 {"name": "list_pending_orders", "description": "Lists orders awaiting payment."},
 {"name": "list_archived_orders", "description": "Lists orders moved out of view."}
]}`

const orders = `{"tools": [
 {"name": "list_orders", "description": "Lists orders by status.",
  "inputSchema": {"type": "object", "properties": {"limit": {"type": "integer"}, "status": {"type": "string", "enum": ["shipped", "open"]}}}},
 {"name": "get_order", "description": "Gets an order.", "annotations": {"readOnlyHint": true},
  "inputSchema": {"type": "object", "properties": {"order_id": {"type": "integer"}}, "required": ["order_id"]}}
]}`

const instances = `{"tools": [
 {"name": "create_instance", "description": "Creates a virtual machine.",
  "inputSchema": {"type": "object", "properties": {"name": {"type": "string"}, "instance_type": {"type": "string", "enum": ["s1.small", "c3.2xlarge"]}}, "required": ["name"]}}
]}`

const dns = `{"tools": [
 {"name": "create_dns_record", "description": "Creates a DNS record.",
  "inputSchema": {"type": "object", "properties": {"name": {"type": "string", "example": "api"}, "value": {"type": "string", "example": "192.0.2.1"},
   "ttl": {"type": "integer"}}, "required": ["name", "value"]}}
]}`

const repos = `{"tools": [
 {"name": "create_repository", "description": "Creates a repository.",
  "inputSchema": {"type": "object", "properties": {"name": {"type": "string", "pattern": "^[A-Za-z0-9_.-]{1,100}$"}, "description": {"type": "string"}}, "required": ["name"]}}
]}`

const rates = `{"tools": [
 {"name": "get_rate", "description": "Gets the conversion rate between two currencies.",
  "inputSchema": {"type": "object", "properties": {"from": {"type": "string"}, "to": {"type": "string"}}}}
]}`

const providers = `{"tools": [
 {"name": "FindProvider", "description": "Discover a therapist based on the user's specific needs and location.",
  "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}}},
 {"name": "LookupProvider", "description": "Search for a hair stylist in a specified city, with options to filter for unisex salons.",
  "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}}}
]}`

const charges = `{"tools": [
 {"name": "create_charge", "description": "Charges the customer.",
  "inputSchema": {"type": "object", "properties": {"amount": {"type": "number"}, "currency": {"type": "string", "pattern": "^[A-Z]{3}$"}}, "required": ["amount", "currency"]}}
]}`

const events = `{"tools": [
 {"name": "create_event", "description": "Creates a calendar event."},
 {"name": "invite_attendees", "description": "Adds attendees to an event.",
  "inputSchema": {"type": "object", "properties": {"event_id": {"type": "string"}, "emails": {"type": "array", "items": {"type": "string"}}}, "required": ["event_id"]}}
]}`

// reminders removes a reminder from an event, and people from one; tickets
// take comments, which the description calls replies, and reopen.
const reminders = `{"tools": [
 {"name": "removeReminder", "description": "Remove a reminder from an event.",
  "inputSchema": {"type": "object", "properties": {"eventId": {"type": "string"}, "method": {"type": "string", "enum": ["popup", "email"]}}, "required": ["eventId"]}},
 {"name": "removeAttendees", "description": "Remove people from an event's guest list.",
  "inputSchema": {"type": "object", "properties": {"eventId": {"type": "string"}, "attendees": {"type": "array", "items": {"type": "string", "format": "email"}}}, "required": ["eventId", "attendees"]}}
]}`

const ticketReplies = `{"tools": [
 {"name": "add-ticket-comment", "description": "Adds a reply to the ticket.",
  "inputSchema": {"type": "object", "properties": {"ticket_id": {"type": "integer"}, "body": {"type": "string"}}, "required": ["ticket_id", "body"]}},
 {"name": "reopen-ticket", "description": "Sets a solved ticket back to open.",
  "inputSchema": {"type": "object", "properties": {"ticket_id": {"type": "integer"}}, "required": ["ticket_id"]}}
]}`

// ticketTags takes tags off tickets, and deletes tickets.
const ticketTags = `{"tools": [
 {"name": "remove-ticket-tags", "description": "Removes tags from a ticket.",
  "inputSchema": {"type": "object", "properties": {"ticket_id": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}}, "required": ["ticket_id", "tags"]}},
 {"name": "delete-ticket", "description": "Deletes a ticket.",
  "inputSchema": {"type": "object", "properties": {"ticket_id": {"type": "integer"}}, "required": ["ticket_id"]}}
]}`

// branches makes branches and notes, and lists branches.
const branches = `{"tools": [
 {"name": "create_branch", "description": "Creates a branch from another.",
  "inputSchema": {"type": "object", "properties": {"branch": {"type": "string"}, "from": {"type": "string"}}, "required": ["branch"]}},
 {"name": "list_branches", "description": "Lists the branches of a repository."},
 {"name": "create_note", "description": "Adds a note to a record.",
  "inputSchema": {"type": "object", "properties": {"record_id": {"type": "string"}, "body": {"type": "string"}}, "required": ["record_id", "body"]}}
]}`

// companies documents the format of a company's id, which co, as an
// abbreviation, might read as a contact's.
const companies = `{"tools": [
 {"name": "delete_contact", "description": "Deletes a contact.",
  "inputSchema": {"type": "object", "properties": {"contact_id": {"type": "string"}}, "required": ["contact_id"]}},
 {"name": "update_company", "description": "Updates a company.",
  "inputSchema": {"type": "object", "properties": {"company_id": {"type": "string", "pattern": "^co_[0-9]+$"}, "name": {"type": "string"}}, "required": ["company_id"]}}
]}`

const mail = `{"tools": [
 {"name": "delete_email", "description": "Deletes an email.",
  "inputSchema": {"type": "object", "properties": {"message_id": {"type": "string"}}, "required": ["message_id"]}},
 {"name": "delete_contact", "description": "Deletes a contact.",
  "inputSchema": {"type": "object", "properties": {"contact_id": {"type": "string"}}, "required": ["contact_id"]}},
 {"name": "list_messages", "description": "Lists the messages of a folder.",
  "inputSchema": {"type": "object", "properties": {"folder": {"type": "string"}}}}
]}`

const leave = `{"tools": [
 {"name": "approveTimeOffRequest", "description": "Approves an employee's time-off request.",
  "inputSchema": {"type": "object", "properties": {"requestId": {"type": "string"}}, "required": ["requestId"]}},
 {"name": "approveInvoice", "description": "Approves an invoice for payment.",
  "inputSchema": {"type": "object", "properties": {"invoiceId": {"type": "string"}}, "required": ["invoiceId"]}}
]}`

// issues reopens, closes and gets issues; gates opens gates and has
// nothing that reopens.
const issues = `{"tools": [
 {"name": "reopen_issue", "description": "Reopens a closed issue.",
  "inputSchema": {"type": "object", "properties": {"issue": {"type": "integer"}}, "required": ["issue"]}},
 {"name": "close_issue", "description": "Closes an issue.",
  "inputSchema": {"type": "object", "properties": {"issue": {"type": "integer"}}, "required": ["issue"]}},
 {"name": "get_issue", "description": "Shows an issue.",
  "inputSchema": {"type": "object", "properties": {"issue": {"type": "integer"}}, "required": ["issue"]}}
]}`

const gates = `{"tools": [
 {"name": "open_gate", "description": "Opens a gate.",
  "inputSchema": {"type": "object", "properties": {"gate": {"type": "string"}}}},
 {"name": "close_gate", "description": "Closes a gate.",
  "inputSchema": {"type": "object", "properties": {"gate": {"type": "string"}}}}
]}`

// trips books trips (a place and a date), cancels one by its id and
// finds events of a category.
const trips = `{"tools": [
 {"name": "book_trip", "description": "Books a trip.",
  "inputSchema": {"type": "object", "properties": {"destination": {"type": "string"}, "travel_date": {"type": "string"}}, "required": ["destination", "travel_date"]}},
 {"name": "cancel_trip", "description": "Cancels a trip.",
  "inputSchema": {"type": "object", "properties": {"trip_id": {"type": "string"}}, "required": ["trip_id"]}},
 {"name": "find_events", "description": "Finds events in a city.",
  "inputSchema": {"type": "object", "properties": {"category": {"type": "string", "enum": ["Music", "Theater"]}, "city": {"type": "string"}}, "required": ["category", "city"]}}
]}`

// coupons makes coupons.
const coupons = `{"tools": [
 {"name": "create_coupon", "description": "Creates a coupon."}
]}`

// players pauses what plays, and timers.
const players = `{"tools": [
 {"name": "MediaPause", "description": "Pauses a media player."},
 {"name": "PauseTimer", "description": "Pauses a timer."}
]}`

// skips plays the previous or the next item.
const skips = `{"tools": [
 {"name": "MediaPrevious", "description": "Replays the previous item for a media player."},
 {"name": "MediaNext", "description": "Skips to the next item for a media player."}
]}`

// searchPlayers pauses what plays, and searches media of a class.
const searchPlayers = `{"tools": [
 {"name": "MediaPause", "description": "Pauses a media player."},
 {"name": "PauseTimer", "description": "Pauses a timer."},
 {"name": "MediaSearchAndPlay", "description": "Searches for media and plays it.",
  "inputSchema": {"type": "object", "properties": {"search_query": {"type": "string"}, "media_class": {"type": "string", "enum": ["music", "podcast", "movie"]}}, "required": ["search_query"]}}
]}`

// sensors qualifies its readings after them.
const sensors = `{"tools": [
 {"name": "get_sensor_readings_latest", "description": "Gets the readings of each sensor."}
]}`

// staff holds an employee by an id of a pattern.
const staff = `{"tools": [
 {"name": "update_employee", "description": "Updates an employee.",
  "inputSchema": {"type": "object", "properties": {"employee_id": {"type": "string", "pattern": "^E[0-9]{4,8}$"}, "title": {"type": "string"}}, "required": ["employee_id"]}}
]}`

// meetings describes an event as a meeting.
const meetings = `{"tools": [
 {"name": "cancel_event", "description": "Cancels a meeting you organise."}
]}`

const todo = `{"tools": [
 {"name": "add_item", "description": "Adds an item to a todo list."},
 {"name": "add_song", "description": "Adds a song to a playlist."}
]}`

// rentals finds cars between two dates; alarms sets one at a time.
const rentals = `{"tools": [
 {"name": "get_cars_available", "description": "Finds cars to rent.",
  "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}, "start_date": {"type": "string", "format": "date"}, "end_date": {"type": "string", "format": "date"}}, "required": ["start_date", "end_date"]}},
 {"name": "add_alarm", "description": "Sets a new alarm.",
  "inputSchema": {"type": "object", "properties": {"alarm_time": {"type": "string", "description": "The time to set, in 24-hour format (HH:MM)."}, "alarm_name": {"type": "string"}}, "required": ["alarm_time"]}}
]}`

// runs acts on workflow runs, a head of two words.
const runs = `{"tools": [
 {"name": "cancel_workflow_run", "description": "Cancels a workflow run."},
 {"name": "cancel_order", "description": "Cancels an order."}
]}`

// notes lists the notes of a record of a kind.
const notes = `{"tools": [
 {"name": "crm_note_list", "description": "List notes on a record.",
  "inputSchema": {"type": "object", "properties": {"object_type": {"type": "string", "enum": ["contact", "company"]}, "object_id": {"type": "string"}}, "required": ["object_type", "object_id"]}},
 {"name": "get_note", "description": "Gets a note."}
]}`

const folders = `{"tools": [
 {"name": "list_folder_items", "description": "Lists the files and folders inside a folder.",
  "inputSchema": {"type": "object", "properties": {"folder_id": {"type": "string", "pattern": "^fld_[A-Za-z0-9]+$"}}, "required": ["folder_id"]}},
 {"name": "list_trash", "description": "Lists the files in the trash."}
]}`

// featureRow is a turn of a language against a catalogue, and the value
// one feature of one tool must have.
type featureRow struct {
	catalogue     string
	lang          tokenize.Language
	turn          string
	tool, feature string
	want          float64
}

// A quantifier of the turn counts for a tool whose name acts on all,
// whether the language writes it as a word or within a phrase ("todos
// os", a determiner of two words); a question with no content word but
// what its question word asks for ("what time is it?", "que horas são?")
// asks for it, and reaches the tools that hold it. An object of the turn
// a tool names nowhere counts for it when the wordnet makes it a kind of
// a thing the tool's text names (a heater is a device; music is none),
// and a generic head of a name (ListAddItem's item) is named by a thing
// of the turn no tool holds (potatoes; a light, which LightSet names, is
// no item). A number the head noun takes ("order 2210") is its id, no value a
// number parameter takes. A tool's English text is read with English
// function words: "todo", which only Portuguese makes one, stays a word
// of a pt-BR router's "todo list". A noun written with the stem of the
// name's head names it whatever sense each reading took ("the conversion
// rate" names get_rate's rate), and so does the thing the description's
// first clause acts on (FindProvider "discovers a therapist"); a value
// that matches a parameter's pattern fills it, a name given by "called"
// too, an amount with its currency fills a currency parameter, and the
// thing no tool holds that names a generic head fills the item's text.
// Each parameter takes one argument (two dates fill a start and an end),
// an hour and its part of the day are a time, the last word of a head of
// two ("run" of workflow_run) names it, a thing no tool's name names
// (whatever their texts and enums say) names a generic head, a list
// agrees with many things whatever number its name writes, and an
// object's concept names an enum's value ("a empresa": company), and a
// value written as a parameter's example is written fills it.
func TestFeatureRows(t *testing.T) {
	cats := map[string]string{"timers.json": timers, "clock.json": clock, "devices.json": devices, "lists.json": lists,
		"orders.json": orders, "todo.json": todo, "shopping.json": shopping, "pending.json": pending,
		"states.json": states, "events.json": events, "mail.json": mail, "leave.json": leave,
		"issues.json": issues, "gates.json": gates, "trips.json": trips, "meetings.json": meetings, "staff.json": staff, "sensors.json": sensors, "players.json": players, "coupons.json": coupons, "instances.json": instances,
		"repos.json": repos, "rates.json": rates, "providers.json": providers, "charges.json": charges,
		"rentals.json": rentals, "runs.json": runs, "notes.json": notes,
		"search_players.json": searchPlayers, "reminders.json": reminders, "replies.json": ticketReplies,
		"branches.json": branches, "tags.json": ticketTags, "skips.json": skips, "dns.json": dns,
		"folders.json": folders, "companies.json": companies}
	for _, tc := range []featureRow{
		{"timers.json", tokenize.English, "cancel all the timers", "cancel_all_timers", "quantifier", 1},
		{"timers.json", tokenize.English, "cancel every timer", "cancel_all_timers", "quantifier", 1},
		{"timers.json", tokenize.Brazilian, "cancela todos os timers", "cancel_all_timers", "quantifier", 1},
		{"timers.json", tokenize.Brazilian, "cancela todos os meus timers", "cancel_all_timers", "quantifier", 1},
		{"clock.json", tokenize.English, "what time is it?", "get_current_time", "asked_name", 1},
		{"clock.json", tokenize.English, "what time is it now", "get_current_time", "asked_name", 1},
		{"clock.json", tokenize.Brazilian, "que horas são?", "get_current_time", "asked_name", 1},
		{"devices.json", tokenize.English, "turn off the heater", "turn_off", "object_kind", 1},
		{"devices.json", tokenize.English, "turn off the music", "turn_off", "object_kind", 0},
		{"lists.json", tokenize.English, "add potatoes to the list", "ListAddItem", "missing_head", 0},
		{"lists.json", tokenize.English, "add the light to the list", "ListAddItem", "missing_head", 1},
		// So is a word no lexicon reads, or quoted text.
		{"lists.json", tokenize.English, "add 'call the plumber' to the list", "ListAddItem", "missing_head", 0},
		{"lists.json", tokenize.English, "add kitesurfing to the list", "ListAddItem", "missing_head", 0},
		// Media is such a head: a song, a show or music is what plays.
		{"players.json", tokenize.English, "pause the music", "MediaPause", "missing_head", 0},
		{"players.json", tokenize.Brazilian, "pausa a música", "MediaPause", "missing_head", 0},
		{"players.json", tokenize.English, "pause the music", "PauseTimer", "missing_head", 1},
		// Whatever other tools' texts and enums say of it, music is what
		// plays where no tool's name names it.
		{"search_players.json", tokenize.English, "pause the music", "MediaPause", "missing_head", 0},
		{"lists.json", tokenize.Brazilian, "adiciona kitesurfar à lista", "ListAddItem", "missing_head", 0},
		{"orders.json", tokenize.English, "show me 5 orders", "list_orders", "value_fit", 1},
		{"orders.json", tokenize.English, "is order 2210 shipped?", "list_orders", "value_fit", 0},
		// So does a number right after a noun of the clause that is not
		// its head: it names one of them.
		{"orders.json", tokenize.Brazilian, "qual o status do pedido 2210?", "list_orders", "value_fit", 0},
		{"orders.json", tokenize.English, "status of order 2210", "list_orders", "value_fit", 0},
		{"orders.json", tokenize.English, "the shipping status of order 2210", "list_orders", "value_fit", 0},
		// A question reads, whatever its verb: one order by its id is a
		// get.
		{"orders.json", tokenize.English, "has order 2210 shipped?", "get_order", "one_get", 1},
		{"orders.json", tokenize.English, "ship order 2210", "get_order", "one_get", 0},
		// An enum takes only the values it lists, whatever noun a value
		// follows; a value it lists fills it.
		{"orders.json", tokenize.English, "what's the status of EXP-2210?", "list_orders", "argument", 0},
		{"repos.json", tokenize.English, "create a repo called billing-service", "create_repository", "required_unmet", 0},
		{"repos.json", tokenize.Brazilian, "cria um repositório chamado infra-terraform", "create_repository", "required_unmet", 0},
		{"repos.json", tokenize.English, "create a repo called 'billing service'", "create_repository", "required_unmet", 1},
		{"rates.json", tokenize.English, "find the conversion rate from Euro to Dollar", "get_rate", "missing_head", 0},
		{"rates.json", tokenize.English, "find the distance from Lisbon to Porto", "get_rate", "missing_head", 1},
		{"providers.json", tokenize.English, "find a therapist in Berkeley", "FindProvider", "missing_head", 0},
		{"providers.json", tokenize.Brazilian, "procura um terapeuta em Campinas", "FindProvider", "missing_head", 0},
		{"providers.json", tokenize.English, "find a plumber in Berkeley", "FindProvider", "missing_head", 1},
		{"providers.json", tokenize.English, "look up a hair stylist in Berkeley", "LookupProvider", "missing_head", 0},
		{"providers.json", tokenize.English, "look up a city in Berkeley", "LookupProvider", "missing_head", 1},
		// A head the name never names that the tool's text does: the
		// thing asked for is one the tool deals with by another name.
		{"providers.json", tokenize.English, "find a unisex salon in Berkeley", "LookupProvider", "missing_head_in_text", 1},
		{"providers.json", tokenize.Brazilian, "procura um salão unissex em Campinas", "LookupProvider", "missing_head_in_text", 1},
		{"providers.json", tokenize.English, "find a plumber in Berkeley", "FindProvider", "missing_head", 1},
		{"providers.json", tokenize.English, "find a plumber in Berkeley", "FindProvider", "missing_head_in_text", 0},
		{"providers.json", tokenize.English, "find a therapist in Berkeley", "FindProvider", "missing_head_in_text", 0},
		{"lists.json", tokenize.English, "add potatoes to the list", "ListAddItem", "required_unmet", 0},
		{"lists.json", tokenize.Brazilian, "põe batatas na lista", "ListAddItem", "required_unmet", 0},
		{"lists.json", tokenize.English, "add the light to the list", "ListAddItem", "required_unmet", 1},
		{"charges.json", tokenize.English, "charge me 230 EUR", "create_charge", "required_unmet", 0},
		{"charges.json", tokenize.Brazilian, "cobra R$ 650,00", "create_charge", "required_unmet", 0},
		{"charges.json", tokenize.English, "charge me 230", "create_charge", "required_unmet", 0.5},
		// Each parameter takes one argument: two dates fill a start and
		// an end, and a second id that fits only the parameter the first
		// fills is evidence still.
		{"rentals.json", tokenize.English, "find cars from 2026-03-01 until 2026-03-07", "get_cars_available", "required_unmet", 0},
		{"rentals.json", tokenize.English, "find cars until 2026-03-07", "get_cars_available", "required_unmet", 0.5},
		{"staff.json", tokenize.English, "E30456 now reports to E10001, update that", "update_employee", "argument", 2},
		// An hour and the part of the day it falls in is a time.
		{"rentals.json", tokenize.English, "set an alarm for 5 in the afternoon labeled 'Gym'", "add_alarm", "required_unmet", 0},
		{"rentals.json", tokenize.Brazilian, "coloca um alarme pras 7 da manhã com o nome 'Academia'", "add_alarm", "required_unmet", 0},
		// A list lists many, whatever number its name writes.
		{"notes.json", tokenize.English, "show the notes of company co_1093", "crm_note_list", "agreement", 1},
		{"notes.json", tokenize.English, "show the notes of company co_1093", "get_note", "agreement", -1},
		// An object's concept names an enum's value in any language.
		{"notes.json", tokenize.Brazilian, "mostra as notas da empresa co_1093", "crm_note_list", "required_unmet_enum", 0},
		{"notes.json", tokenize.Brazilian, "mostra as notas do registro co_1093", "crm_note_list", "required_unmet_enum", 0.5},
		// The last word of a head of two names it.
		{"runs.json", tokenize.English, "cancel run 555002", "cancel_workflow_run", "missing_head", 0},
		{"runs.json", tokenize.English, "cancel order 555002", "cancel_workflow_run", "missing_head", 1},
		{"instances.json", tokenize.English, "launch a c3.2xlarge vm", "create_instance", "argument", 1},
		{"instances.json", tokenize.Brazilian, "cria uma vm c3.2xlarge", "create_instance", "argument", 1},
		// A value written as a parameter's example is written fills it;
		// one of another shape does not.
		{"dns.json", tokenize.English, "add a record pointing to 203.0.113.10", "create_dns_record", "argument", 1},
		{"dns.json", tokenize.Brazilian, "cria um registro apontando pra 203.0.113.10", "create_dns_record", "argument", 1},
		{"dns.json", tokenize.English, "add a record pointing to 198.51.100.0/24", "create_dns_record", "argument", 0},
		{"todo.json", tokenize.Brazilian, "adiciona leite à lista de tarefas", "add_item", "object_in_text", 1},
		// A compound the name spells ("shopping list") is held by a turn
		// that names it in one word of another language.
		{"shopping.json", tokenize.Brazilian, "adiciona leite à lista de compras", "ShoppingListAddItem", "name_coverage", 0.75},
		{"shopping.json", tokenize.English, "add milk to the shopping list", "ShoppingListAddItem", "name_coverage", 0.75},
		{"shopping.json", tokenize.Brazilian, "adiciona leite à lista de compras", "TodoAddItem", "name_coverage", 0.333},
		// A Portuguese adjective reaches the English word of a name by
		// its translation.
		{"pending.json", tokenize.Brazilian, "lista os pedidos pendentes", "list_pending_orders", "name_coverage", 1},
		// The Portuguese wordnet lists an adjective's senses in no order
		// of use: "anterior" is "previous" in its third.
		{"skips.json", tokenize.Brazilian, "volta a música anterior", "MediaPrevious", "name_coverage", 0.5},
		// So does a participle that qualifies a thing, by its action.
		{"pending.json", tokenize.Brazilian, "lista os pedidos arquivados", "list_archived_orders", "name_coverage", 1},
		// A question asks a tool of no declared kind whose name reads;
		// a declared kind is the catalogue's, read or write, and a
		// question or a statement is no evidence against a tool that
		// declares none.
		{"states.json", tokenize.English, "which doors are closed?", "GetState", "question_name_read", 1},
		{"states.json", tokenize.Brazilian, "quais portas estão fechadas?", "GetState", "question_name_read", 1},
		{"states.json", tokenize.English, "get the state of the doors", "GetState", "question_name_read", 0},
		{"states.json", tokenize.English, "which devices are off?", "TurnOff", "question_name_read", 0},
		{"states.json", tokenize.English, "which doors are closed?", "get_door", "question_name_read", 0},
		{"states.json", tokenize.English, "which windows are closed?", "get_window", "question_name_read", 0},
		{"states.json", tokenize.English, "which windows are closed?", "get_window", "question_read", 1},
		{"states.json", tokenize.English, "which doors are closed?", "get_door", "question_write", 1},
		{"states.json", tokenize.English, "which devices are off?", "TurnOff", "question_write", 0},
		{"states.json", tokenize.English, "which devices are off?", "GetState", "question_read", 0},
		{"states.json", tokenize.English, "the door is closed", "get_door", "statement_write", 1},
		{"states.json", tokenize.English, "the door is closed", "TurnOff", "statement_write", 0},
		// An event named by its id exists: a tool that makes events
		// is not what the turn asks for.
		{"events.json", tokenize.English, "add bob@example.com to event evt_8812", "create_event", "makes_existing", 1},
		{"events.json", tokenize.Brazilian, "adiciona bob@example.com ao evento evt_8812", "create_event", "makes_existing", 1},
		{"events.json", tokenize.English, "create an event for next friday", "create_event", "makes_existing", 0},
		// An id of the thing the command makes, right after its noun,
		// is the new thing's name.
		{"branches.json", tokenize.English, "create branch fix/header", "create_branch", "makes_existing", 0},
		{"branches.json", tokenize.Brazilian, "cria a branch fix/header", "create_branch", "makes_existing", 0},
		{"branches.json", tokenize.English, "create a branch from branch fix/header", "create_branch", "makes_existing", 1},
		// One after a preposition is another thing's.
		{"branches.json", tokenize.English, "add a note to dl_20931", "create_note", "makes_existing", 0},
		{"branches.json", tokenize.English, "add a note to note 20931", "create_note", "makes_existing", 1},
		{"events.json", tokenize.English, "add bob@example.com to event evt_8812", "invite_attendees", "makes_existing", 0},
		// An id's prefix abbreviates the noun of what it names: msg_ a
		// message, evt_ an event (the name's head, or an id parameter's).
		{"mail.json", tokenize.English, "delete msg_8812", "delete_email", "id_abbrev", 1},
		{"mail.json", tokenize.English, "delete msg_8812", "delete_contact", "id_abbrev", 0},
		{"mail.json", tokenize.Brazilian, "apaga o ct_3301", "delete_contact", "id_abbrev", 1},
		{"events.json", tokenize.English, "add bob@example.com to evt_8812", "invite_attendees", "id_abbrev", 1},
		// Where a tool documents the id's format, the id is what that
		// tool's parameter names: co_ writes a company's id, no
		// contact's, though co may abbreviate either.
		{"mail.json", tokenize.English, "delete co_1093", "delete_contact", "id_abbrev", 1},
		{"companies.json", tokenize.English, "delete co_1093", "delete_contact", "id_abbrev", 0},
		{"companies.json", tokenize.English, "delete co_1093", "delete_contact", "missing_head", 1},
		{"companies.json", tokenize.English, "delete ct_3301", "delete_contact", "id_abbrev", 1},
		// and names the head (a bare id; one a noun takes is that noun's).
		{"mail.json", tokenize.English, "delete msg_8812", "delete_email", "missing_head", 0},
		{"mail.json", tokenize.English, "delete msg_8812", "delete_contact", "missing_head", 1},
		{"mail.json", tokenize.English, "delete the contact msg_8812", "delete_email", "missing_head", 1},
		// An id of the thing the description says the head belongs to
		// names that thing, not the head: evt_8812 is an event, no
		// reminder.
		{"reminders.json", tokenize.English, "remove bob@example.com from evt_8812", "removeReminder", "missing_head", 1},
		{"reminders.json", tokenize.English, "remove bob@example.com from evt_8812", "removeReminder", "id_abbrev", 1},
		{"reminders.json", tokenize.English, "remove the reminder from evt_8812", "removeReminder", "missing_head", 0},
		// The text names the action by its noun: a reply is added.
		{"replies.json", tokenize.English, "reply to the customer on ticket 5120", "add-ticket-comment", "action_in_text", 1},
		{"replies.json", tokenize.Brazilian, "responde o cliente no chamado 5120", "add-ticket-comment", "action_in_text", 1},
		{"replies.json", tokenize.English, "reply to the customer on ticket 5120", "reopen-ticket", "action_in_text", 0},
		// Undoing a thing's action acts on the thing: "untag" names the
		// tag it takes off.
		{"tags.json", tokenize.English, "untag 5102", "remove-ticket-tags", "missing_head", 0},
		{"tags.json", tokenize.English, "remove 5102", "remove-ticket-tags", "missing_head", 1},
		// A tool that takes no id takes none the turn gives.
		{"mail.json", tokenize.English, "show the messages msg_8812", "list_messages", "id_abbrev", 0},
		{"mail.json", tokenize.English, "show the messages msg_8812", "delete_email", "id_abbrev", 1},
		// So does an id of the pattern of the head's id.
		{"staff.json", tokenize.English, "update E30456", "update_employee", "missing_head", 0},
		{"staff.json", tokenize.English, "update X30456", "update_employee", "missing_head", 1},
		// A compound of nouns the lexicon lists whole names its concept,
		// though the grammar reads it word by word.
		{"coupons.json", tokenize.English, "create a discount code", "create_coupon", "missing_head", 0},
		{"coupons.json", tokenize.English, "create a discount", "create_coupon", "missing_head", 1},
		// An adjective of a name is no head, wherever it stands.
		{"sensors.json", tokenize.English, "show me the sensor readings", "get_sensor_readings_latest", "missing_head", 0},
		// A compound the name heads, named by its last word: "request"
		// for a time-off request; the head is not missing.
		{"leave.json", tokenize.English, "approve request 4471", "approveTimeOffRequest", "object_head_word", 1},
		{"leave.json", tokenize.English, "approve request 4471", "approveTimeOffRequest", "missing_head", 0},
		{"leave.json", tokenize.English, "approve the time-off request 4471", "approveTimeOffRequest", "object_head_word", 0},
		{"leave.json", tokenize.English, "approve request 4471", "approveInvoice", "object_head_word", 0},
		{"leave.json", tokenize.English, "approve request 4471", "approveInvoice", "missing_head", 1},
		// An action asked for again is the one its verb with re- names,
		// where a tool does it; elsewhere it stays the action.
		{"issues.json", tokenize.English, "open issue 301 again", "reopen_issue", "action_same", 1},
		{"issues.json", tokenize.Brazilian, "abre a issue 301 de novo", "reopen_issue", "action_same", 1},
		{"issues.json", tokenize.English, "open issue 301", "reopen_issue", "action_same", 0},
		{"gates.json", tokenize.English, "open the gate again", "open_gate", "action_same", 1},
		// Required parameters nothing fills: a place and a date; a date
		// by a string parameter's name; the arguments of a clause that
		// says more of the request; an enum value by a word's stem; an
		// id, counted apart (the turn may name the thing otherwise).
		{"trips.json", tokenize.English, "book a trip", "book_trip", "required_unmet", 1},
		{"trips.json", tokenize.English, "book a trip to 'Porto Novo' on 2026-05-01", "book_trip", "required_unmet", 0},
		{"trips.json", tokenize.English, "book a trip. It's to 'Porto Novo' on 2026-05-01", "book_trip", "required_unmet", 0},
		// A word of hyphened parts no lexicon reads whole is a name.
		{"trips.json", tokenize.English, "book a trip to lake-side on 2026-05-01", "book_trip", "required_unmet", 0},
		{"trips.json", tokenize.English, "book a trip on 2026-05-01", "book_trip", "required_unmet", 0.5},
		{"trips.json", tokenize.English, "find events in 'Porto Novo'", "find_events", "required_unmet_enum", 0.5},
		{"trips.json", tokenize.English, "find musical events in 'Porto Novo'", "find_events", "required_unmet_enum", 0},
		{"trips.json", tokenize.English, "cancel the trip", "cancel_trip", "required_unmet", 0},
		{"trips.json", tokenize.English, "cancel the trip", "cancel_trip", "required_unmet_id", 1},
		{"trips.json", tokenize.English, "cancel trip TR-4410", "cancel_trip", "required_unmet_id", 0},
		// A word of a description after a determiner is read as the noun
		// it may be ("a meeting"), not the verb (meet): a turn that names
		// the thing finds it there.
		{"meetings.json", tokenize.English, "which meetings do I have?", "cancel_event", "object_in_text", 1},
		{"meetings.json", tokenize.Brazilian, "quais reuniões eu tenho?", "cancel_event", "object_in_text", 1},
		// To ask for a new thing, with no verb, is to ask that it be
		// made; the new one, named, is one that exists.
		{"instances.json", tokenize.English, "I need a new virtual machine called web-3", "create_instance", "action_implied", 1},
		{"instances.json", tokenize.Brazilian, "preciso de uma nova máquina virtual chamada web-3", "create_instance", "action_implied", 1},
		{"instances.json", tokenize.English, "I need the new virtual machine", "create_instance", "action_implied", 0},
		// An id whose prefix abbreviates a modifier of the name names it,
		// as its noun would.
		{"folders.json", tokenize.English, "browse fld_8812", "list_folder_items", "extra_object", 0},
		{"folders.json", tokenize.English, "browse the items", "list_folder_items", "extra_object", 1},
		{"folders.json", tokenize.Brazilian, "lista os itens da fld_8812", "list_folder_items", "extra_object", 0},
		// Portuguese puts the adjective after its noun, and after the
		// noun it is of.
		{"instances.json", tokenize.Brazilian, "preciso de uma máquina virtual nova chamada web-3", "create_instance", "action_implied", 1},
		{"instances.json", tokenize.Brazilian, "quero uma máquina de teste nova", "create_instance", "action_implied", 1},
		{"instances.json", tokenize.Brazilian, "quero a máquina virtual nova", "create_instance", "action_implied", 0},
	} {
		cat, err := catalogue.Import(tc.catalogue, []byte(cats[tc.catalogue]))
		if err != nil {
			t.Fatal(err)
		}
		r := newClosed(t, cat, Options{Language: tokenize.Language(tc.lang)})
		if got := toolFeature(t, r, tc.turn, tc.tool, tc.feature); got != tc.want {
			t.Errorf("%q: %s's %s %v, want %v", tc.turn, tc.tool, tc.feature, got, tc.want)
		}
	}
}

// A verb after a privative preposition ("without charging", "sem
// cobrar") is what the turn asks not to do: no term of the clause.
func TestPrivativeVerbIsNoTerm(t *testing.T) {
	for _, tc := range []struct {
		lang       tokenize.Language
		turn, stem string
	}{
		{tokenize.English, "archive order 42 without charging the card", "charg"},
		{tokenize.Brazilian, "arquiva o pedido 42 sem cobrar o cartão", "cobr"},
	} {
		r := shop(t, Options{Language: tokenize.Language(tc.lang)})
		p := r.gram.Parse(tc.turn)
		var room featureRoom
		for i := range p.Clauses {
			f := r.features(&p.Clauses[i], &room)
			for _, term := range append(append([]string{}, f.terms...), f.text...) {
				if strings.Contains(term, tc.stem) || strings.HasSuffix(term, ":charge") {
					t.Errorf("%q: the clause has the term %q of the verb it asks not to do", tc.turn, term)
				}
			}
		}
	}
}

// An adjective no lexicon reads ("scientific fiction") counts only where
// a tool holds it, as a name does: its spelling is optional, and a word
// no lexicon reads that is no adjective is not. An adverb made of an
// adjective qualifies as the adjective does, in either language: the
// wordnets list no adverbs.
func TestAdjectiveIsOptional(t *testing.T) {
	for _, tt := range []struct {
		lang       tokenize.Language
		turn, stem string
		optional   bool
	}{
		{tokenize.English, "find scientific kitesurfing shops", "scientif", true},
		{tokenize.English, "find scientific kitesurfing shops", "kitesurf", false},
		{tokenize.English, "find shops silently", "silent", true},
		{tokenize.English, "find shops speedily", "speedili", true},
		{tokenize.Brazilian, "exclui permanentemente a loja", "permanent", true},
	} {
		r := shop(t, Options{Language: tt.lang})
		p := r.gram.Parse(tt.turn)
		var room featureRoom
		f := r.features(&p.Clauses[0], &room)
		found := false
		for _, term := range f.optional {
			found = found || strings.Contains(term, tt.stem)
		}
		if found != tt.optional {
			t.Errorf("%q: optional terms %v, want %q among them: %v", tt.turn, f.optional, tt.stem, tt.optional)
		}
	}
}

// TestIrregularFormsMatch checks that an irregular form no lexicon reads
// reaches its lemma on both sides: in the turn ("spent" for a tool named
// for spending) and in a tool's text ("dealt" for a turn that says deal).
func TestIrregularFormsMatch(t *testing.T) {
	r := newImported(t, "money.json", `{"tools": [
 {"name": "spending_history", "description": "Shows what the user paid for."},
 {"name": "handled_cases", "description": "Lists the cases an agent dealt with."},
 {"name": "weather", "description": "Tells the weather."}
]}`)
	for _, tt := range []struct{ turn, tool string }{
		{"how much have i spent on shoes", "spending_history"},
		{"which cases do agents deal with", "handled_cases"},
	} {
		d := r.Select(tt.turn)
		if len(d.Candidates) == 0 || d.Candidates[0].Tool != tt.tool || d.Candidates[0].Score == 0 {
			t.Errorf("Select(%q).Candidates = %v, want %s first with a retrieval score", tt.turn, d.Candidates, tt.tool)
		}
	}
}

// TestUnseenObject checks none's unseen_object: the share of the clause's
// objects no tool holds in any field.
func TestUnseenObject(t *testing.T) {
	r := newDoors(t)
	for _, tt := range []struct {
		turn string
		want float64
	}{
		{"lock the front door", 0},
		{"lock the bicycle", 1},
		{"lock the door and the bicycle", 0.5},
	} {
		x := r.Explain(r.Select(tt.turn))
		got := -1.0
		for _, f := range x.None.Features {
			if f.Feature == "unseen_object" {
				got = f.Value
			}
		}
		if got == -1 {
			got = 0 // a zero value is left out of the explanation
		}
		if math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("Explain(Select(%q)): unseen_object = %v, want %v", tt.turn, got, tt.want)
		}
	}
}

// TestSquaredFeatures checks that coverage_sq and bm25_sq are the squares
// of coverage and bm25_turn, so the fit can weigh a tool that holds most
// of a clause beyond a straight line.
func TestSquaredFeatures(t *testing.T) {
	r := newDoors(t)
	x := r.Explain(r.Select("lock the front door of the house"))
	c := candidate(x, "lock_door")
	if c == nil {
		t.Fatal("lock_door is no candidate")
	}
	for _, pair := range [][2]string{{"coverage", "coverage_sq"}, {"bm25_turn", "bm25_sq"}} {
		v, ok := feature(c.Features, pair[0])
		sq, ok2 := feature(c.Features, pair[1])
		if !ok || !ok2 || v.Value == 0 {
			t.Fatalf("lock_door lacks %s or %s: %+v", pair[0], pair[1], c.Features)
		}
		if math.Abs(sq.Value-v.Value*v.Value) > 2e-3 { // explanations round to three places
			t.Errorf("%s = %v, want %s squared, %v", pair[1], sq.Value, pair[0], v.Value*v.Value)
		}
	}
}

// TestIDFillsIDParameter checks that an id no noun names fills a required
// parameter that holds an id, as the binder binds it: "archive msg_8812"
// leaves nothing of archive_email unmet, and "archive the email" leaves
// its id (required_unmet_id, apart from the other parameters).
func TestIDFillsIDParameter(t *testing.T) {
	r := newImported(t, "mail.json", `{"tools": [
 {"name": "archive_email", "description": "Archive an email.",
  "inputSchema": {"type": "object", "properties": {"messageId": {"type": "string", "description": "Message ID"}}, "required": ["messageId"]}},
 {"name": "list_labels", "description": "List the mail labels."}
]}`)
	for _, tt := range []struct {
		turn  string
		unmet bool
	}{
		{"archive msg_8812", false},
		{"archive the email", true},
	} {
		x := r.Explain(r.Select(tt.turn))
		c := candidate(x, "archive_email")
		if c == nil {
			t.Fatalf("Select(%q): archive_email is no candidate", tt.turn)
		}
		_, unmet := feature(c.Features, "required_unmet_id")
		if unmet != tt.unmet {
			t.Errorf("Select(%q): archive_email has required_unmet_id %v, want %v", tt.turn, unmet, tt.unmet)
		}
		if _, other := feature(c.Features, "required_unmet"); other {
			t.Errorf("Select(%q): archive_email has required_unmet, want only its id unmet", tt.turn)
		}
	}
}

// TestIDOfTheTextsFormFillsItsPattern checks that an id of the form the
// tool's text gives ("e.g. octo-org/web-app") still fills the parameter
// its pattern fits when no parameter has that form of its own: id_format
// counts it, and the repository is not unmet.
func TestIDOfTheTextsFormFillsItsPattern(t *testing.T) {
	r := newImported(t, "repos.json", `{"tools": [
 {"name": "merge_pull_request", "description": "Merge a pull request.",
  "inputSchema": {"type": "object", "properties": {
   "repo": {"type": "string", "description": "Repository in owner/name form, e.g. octo-org/web-app", "pattern": "^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"},
   "pull_number": {"type": "integer", "description": "Pull request number"}}, "required": ["repo", "pull_number"]}},
 {"name": "list_branches", "description": "List the branches of a repository."}
]}`)
	// The pull request's number is an id: it counts apart.
	for _, tt := range []struct {
		turn      string
		unmet, id float64
	}{
		{"merge octo-org/web-app pull request 512", 0, 0},
		{"merge octo-org/web-app", 0, 0.5},
		{"merge the pull request", 0.5, 0.5},
	} {
		if got := toolFeature(t, r, tt.turn, "merge_pull_request", "required_unmet"); got != tt.unmet {
			t.Errorf("%q: merge_pull_request's required_unmet %v, want %v", tt.turn, got, tt.unmet)
		}
		if got := toolFeature(t, r, tt.turn, "merge_pull_request", "required_unmet_id"); got != tt.id {
			t.Errorf("%q: merge_pull_request's required_unmet_id %v, want %v", tt.turn, got, tt.id)
		}
	}
	if got := toolFeature(t, r, "merge octo-org/web-app", "merge_pull_request", "id_format"); got != 1 {
		t.Errorf("merge octo-org/web-app: id_format %v, want 1", got)
	}
}

// TestVerbDerivesHead checks that a verb whose word derives from the head
// of a tool's name names the thing the tool makes ("subscribe" for
// create_subscription, "deploy" for create_deployment): the head is not
// missing, and the derivation is evidence; a verb of another word is
// neither.
func TestVerbDerivesHead(t *testing.T) {
	r := newImported(t, "subs.json", `{"tools": [
 {"name": "create_subscription", "description": "Creates a subscription to a plan."},
 {"name": "create_deployment", "description": "Creates a deployment of a service."},
 {"name": "list_plans", "description": "Lists the plans."}
]}`)
	for _, tt := range []struct {
		turn, tool       string
		derives, missing bool
	}{
		{"subscribe me to the starter plan", "create_subscription", true, false},
		{"deploy the billing service", "create_deployment", true, false},
		{"subscribe me to the starter plan", "list_plans", false, false},
		{"create a plan for me", "create_subscription", false, true},
	} {
		x := r.Explain(r.Select(tt.turn))
		c := candidate(x, tt.tool)
		if c == nil {
			t.Fatalf("%q: %s is no candidate", tt.turn, tt.tool)
		}
		_, derives := feature(c.Features, "verb_derives_head")
		_, missing := feature(c.Features, "missing_head")
		if derives != tt.derives || missing != tt.missing {
			t.Errorf("%q: %s has verb_derives_head %v, missing_head %v; want %v, %v", tt.turn, tt.tool, derives, missing, tt.derives, tt.missing)
		}
	}
}

// TestEmailFitsListOfAddresses checks that an email address is an
// argument of a parameter that lists addresses (an array of strings of
// format email), as of one that holds one.
func TestEmailFitsListOfAddresses(t *testing.T) {
	r := newImported(t, "events.json", `{"tools": [
 {"name": "remove_attendees", "description": "Remove people from an event's guest list.",
  "inputSchema": {"type": "object", "properties": {"eventId": {"type": "string"},
   "attendees": {"type": "array", "items": {"type": "string", "format": "email"}}}, "required": ["eventId", "attendees"]}},
 {"name": "remove_label", "description": "Remove a label from emails.",
  "inputSchema": {"type": "object", "properties": {"labelId": {"type": "string"}}}}
]}`)
	x := r.Explain(r.Select("remove bob@example.com from the event"))
	c := candidate(x, "remove_attendees")
	if c == nil {
		t.Fatal("remove_attendees is no candidate")
	}
	if f, ok := feature(c.Features, "argument"); !ok || !strings.Contains(f.Detail, "attendees") {
		t.Errorf("remove_attendees: argument = %+v, %v; want bob@example.com -> attendees", f, ok)
	}
}

// TestOneTextForATextParameter checks that a parameter of text takes one
// quoted text: the second and third quoted texts of a turn that fit only
// the search box another already fills are no further evidence (two ids
// that fit one id parameter still are: TestFeatureRows).
func TestOneTextForATextParameter(t *testing.T) {
	r := newImported(t, "boxes.json", `{"tools": [
 {"name": "find_boxes", "description": "Finds storage boxes.",
  "inputSchema": {"type": "object", "properties": {"search": {"type": "string"}}, "required": ["search"]}},
 {"name": "label_box", "description": "Labels a storage box.",
  "inputSchema": {"type": "object", "properties": {"box_id": {"type": "string", "pattern": "^BX-[0-9]+$"}}, "required": ["box_id"]}}
]}`)
	for _, tc := range []struct {
		turn, tool string
		want       float64
	}{
		{"find boxes 'winter'", "find_boxes", 1},
		{"find boxes 'winter', 'tools' and 'books'", "find_boxes", 1},
	} {
		if got := toolFeature(t, r, tc.turn, tc.tool, "argument"); got != tc.want {
			t.Errorf("%q: %s's argument %v, want %v", tc.turn, tc.tool, got, tc.want)
		}
	}
}

// TestIndefiniteAgreesWithSearch checks number agreement: an indefinite
// article before a singular head asks for any one of its kind, which a
// tool that searches or lists many finds, while the same singular head
// with a definite article, or before a tool that gets one, does not
// agree with a plural name. A plural head agrees with a tool that
// searches, whatever number its name writes.
func TestIndefiniteAgreesWithSearch(t *testing.T) {
	r := newImported(t, "food.json", `{"tools": [
 {"name": "find_restaurants", "description": "Search restaurants by city and cuisine.", "annotations": {"readOnlyHint": true}},
 {"name": "archive_restaurants", "description": "Archive restaurants of the directory."},
 {"name": "get_menu", "description": "Get the menu of a restaurant.", "annotations": {"readOnlyHint": true}},
 {"name": "hotel.find_nearby", "description": "Locate hotels near a place.", "annotations": {"readOnlyHint": true}},
 {"name": "get_hotel", "description": "Get one hotel by its id.", "annotations": {"readOnlyHint": true}}
]}`)
	cat, err := catalogue.Import("food.json", []byte(`{"tools": [
 {"name": "find_restaurants", "description": "Search restaurants by city and cuisine.", "annotations": {"readOnlyHint": true}}
]}`))
	if err != nil {
		t.Fatal(err)
	}
	pt := newClosed(t, cat, Options{Language: tokenize.Brazilian})
	for _, tt := range []struct {
		r          *Router
		turn, tool string
		want       float64
	}{
		{r, "find a restaurant in Lisbon", "find_restaurants", 1},
		{r, "find restaurants in Lisbon", "find_restaurants", 1},
		{r, "find the restaurant in Lisbon", "find_restaurants", -1},
		{r, "archive a restaurant", "archive_restaurants", -1},
		{r, "find hotels in Lisbon", "hotel.find_nearby", 1},
		{r, "show the hotels in Lisbon", "get_hotel", -1},
		{pt, "procura um restaurante em Lisboa", "find_restaurants", 1},
	} {
		c := candidate(tt.r.Explain(tt.r.Select(tt.turn)), tt.tool)
		if c == nil {
			t.Fatalf("%q: %s is no candidate", tt.turn, tt.tool)
		}
		if got, _ := feature(c.Features, "agreement"); got.Value != tt.want {
			t.Errorf("%q: %s has agreement %v, want %v", tt.turn, tt.tool, got.Value, tt.want)
		}
	}
}

// TestFitParamByCompoundHead: a value a compound noun names fills the
// parameter named by the compound's head ("time-off request 4471" fills
// requestId), after a parameter the whole noun names.
func TestFitParamByCompoundHead(t *testing.T) {
	params := []param{
		{name: "limit", terms: []string{objectPrefix + "limit"}, typ: "integer"},
		{name: "requestId", terms: []string{objectPrefix + "request", objectPrefix + "id"}, typ: "string"},
	}
	a := grammar.Arg{Kind: "number", Text: "4471", Value: "4471", Noun: "leave_request"}
	if j := fitParam(params, &a, 0); j != 1 {
		t.Errorf("fitParam(leave_request 4471) = %d, want 1 (requestId)", j)
	}
	params = append(params, param{name: "leaveRequestId", terms: []string{objectPrefix + "leave_request", objectPrefix + "id"}, typ: "string"})
	if j := fitParam(params, &a, 0); j != 2 {
		t.Errorf("fitParam(leave_request 4471) = %d, want 2 (the whole noun first)", j)
	}
	a.Noun = "order"
	if j := fitParam(params[:2], &a, 0); j != -1 {
		t.Errorf("fitParam(order 4471) = %d, want -1", j)
	}
}

func TestAbbreviates(t *testing.T) {
	for _, tc := range []struct {
		prefix, concept string
		want            bool
	}{
		{"MSG_", "message", true},
		{"EVT_", "event", true},
		{"INV-", "invoice", true},
		{"CT_", "contact", true},
		{"REQ_", "leave_request", true}, // the compound's last word
		{"MSG_", "email", false},        // not its first letter
		{"MGS_", "message", false},      // not in order
		{"MESSAGE_", "msg", false},      // longer than the word
		{"ORDER-", "order", true},
		{"F_", "file", false}, // one letter says too little
	} {
		if got := abbreviates(tc.prefix, tc.concept); got != tc.want {
			t.Errorf("abbreviates(%q, %q) = %v, want %v", tc.prefix, tc.concept, got, tc.want)
		}
	}
}

// TestQuantifierCountsSomething checks that a quantifier is evidence of
// a tool that acts on all of a thing only where its clause has something
// to count: "that's all" closes a conversation and names no tool.
func TestQuantifierCountsSomething(t *testing.T) {
	cat := &catalogue.Catalogue{Tools: []catalogue.Tool{
		{Name: "forward_all", Description: "Forwards all the messages, the cool ones too."},
		{Name: "HassCancelAllTimers", Description: "Cancels all timers"},
		{Name: "HassStartTimer", Description: "Starts a new timer"},
	}}
	r := newClosed(t, cat, Options{})
	turn := "cancel all the timers"
	if c := candidate(r.Explain(r.Select(turn)), "HassCancelAllTimers"); c == nil {
		t.Errorf("Explain(%q) has no candidate HassCancelAllTimers", turn)
	} else if f, ok := feature(c.Features, "quantifier"); !ok || f.Value != 1 {
		t.Errorf("Explain(%q): HassCancelAllTimers' quantifier = %v, %v, want 1", turn, f.Value, ok)
	}
	turn = "cool, that's all"
	for _, c := range r.Explain(r.Select(turn)).Candidates {
		if f, ok := feature(c.Features, "quantifier"); ok && f.Value > 0 {
			t.Errorf("Explain(%q): %s has quantifier %v, want none or -1", turn, c.Tool, f.Value)
		}
	}
}

// TestCallerMadeParameters checks that a required idempotency key or
// client token, which the calling program makes and no person says, is
// no parameter a turn leaves unmet.
func TestCallerMadeParameters(t *testing.T) {
	for _, name := range []string{"idempotency_key", "Idempotency-Key", "ClientToken", "client_token", "perPage", "page_size", "pageToken", "offset", "cursor"} {
		if !callerMade(name) {
			t.Errorf("callerMade(%q) = false, want true", name)
		}
	}
	for _, name := range []string{"token", "api_token", "order_id", "key", "page", "limit", "page_title", "offset_hours"} {
		if callerMade(name) {
			t.Errorf("callerMade(%q) = true, want false", name)
		}
	}
	cat, err := catalogue.Import("refund.json", []byte(`{"tools": [
 {"name": "refund_order", "description": "Refund an order.",
  "inputSchema": {"type": "object", "properties": {
    "order_id": {"type": "integer"}, "Idempotency-Key": {"type": "string"}},
   "required": ["order_id", "Idempotency-Key"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r := newClosed(t, cat, Options{})
	turn := "refund order 42"
	c := candidate(r.Explain(r.Select(turn)), "refund_order")
	if c == nil {
		t.Fatalf("Explain(%q) has no candidate refund_order", turn)
	}
	for _, name := range []string{"required_unmet", "required_unmet_id"} {
		if f, ok := feature(c.Features, name); ok {
			t.Errorf("Explain(%q): refund_order has %s %v (%s), want none", turn, name, f.Value, f.Detail)
		}
	}
	if f, ok := feature(c.Features, "required_filled"); !ok || f.Value != 1 {
		t.Errorf("Explain(%q): refund_order's required_filled = %v, want 1", turn, f.Value)
	}
}

// TestRepositoryItemReference checks that owner/name#N fills a tool's
// repository and its item's number.
func TestRepositoryItemReference(t *testing.T) {
	cat, err := catalogue.Import("issues.json", []byte(`{"tools": [
 {"name": "close_issue", "description": "Close an issue of a repository.",
  "inputSchema": {"type": "object", "properties": {
    "repo": {"type": "string", "description": "Repository in owner/name form", "pattern": "^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"}, "issue_number": {"type": "integer"}},
   "required": ["repo", "issue_number"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r := newClosed(t, cat, Options{})
	d := r.Select("close issue acme/api#88")
	if d.Outcome != Selected || d.Arguments["repo"] != "acme/api" || fmt.Sprint(d.Arguments["issue_number"]) != "88" {
		t.Errorf("Select(close issue acme/api#88) = %s %v, want close_issue with repo acme/api, issue_number 88", d.Outcome, d.Arguments)
	}
}

// TestIDNamesItsOwnThing checks that an id names the thing of its form,
// and no other thing of a tool that takes it: a file's id names the file
// delete_file acts on, not the permission revoke_permission removes.
func TestIDNamesItsOwnThing(t *testing.T) {
	cat, err := catalogue.Import("files.json", []byte(`{"tools": [
 {"name": "delete_file", "description": "Delete a file for good.",
  "inputSchema": {"type": "object", "properties": {
    "file_id": {"type": "string", "pattern": "^f_[A-Za-z0-9]{6,16}$"}}, "required": ["file_id"]}},
 {"name": "revoke_permission", "description": "Remove a permission from a file.",
  "inputSchema": {"type": "object", "properties": {
    "file_id": {"type": "string", "pattern": "^f_[A-Za-z0-9]{6,16}$"},
    "permission_id": {"type": "string", "pattern": "^perm_[0-9]+$"}}, "required": ["file_id", "permission_id"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r := newClosed(t, cat, Options{})
	turn := "remove f_Q2w3E4r5T6"
	ex := r.Explain(r.Select(turn))
	if c := candidate(ex, "delete_file"); c == nil {
		t.Errorf("Explain(%q) has no candidate delete_file", turn)
	} else if f, ok := feature(c.Features, "missing_head"); ok {
		t.Errorf("Explain(%q): delete_file has missing_head (%s), want none: the id names the file", turn, f.Detail)
	}
	if c := candidate(ex, "revoke_permission"); c == nil {
		t.Errorf("Explain(%q) has no candidate revoke_permission", turn)
	} else if _, ok := feature(c.Features, "missing_head"); !ok {
		t.Errorf("Explain(%q): revoke_permission has no missing_head, want one: a file's id names no permission", turn)
	}
}

// TestGivenThing checks that a thing a demonstrative opens, or a pronoun
// right after the verb stands for, is one the conversation has given: its
// id is known though the turn does not write it. A thing the turn names
// with an article, or a pronoun that opens a noun, gives no id.
func TestGivenThing(t *testing.T) {
	cat, err := catalogue.Import("disputes.json", []byte(`{"tools": [
 {"name": "accept_dispute", "description": "Accept a dispute: the customer keeps the money.",
  "inputSchema": {"type": "object", "properties": {
    "dispute_id": {"type": "string", "pattern": "^dp_[A-Za-z0-9]+$"}}, "required": ["dispute_id"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lang, turn string
		given      bool
	}{
		{"en", "accept that dispute", true},
		{"en", "accept this customer dispute", true},
		{"en", "accept it", true},
		{"en", "accept this", true},
		{"en", "accept the dispute", false},
		{"en", "accept a dispute", false},
		{"pt-BR", "aceita essa disputa", true},
		{"pt-BR", "aceite-a", true},
		{"pt-BR", "aceita ela", true},
		{"pt-BR", "aceita a disputa", false},
	} {
		r := newClosed(t, cat, Options{Language: tokenize.Language(tc.lang)})
		c := candidate(r.Explain(r.Select(tc.turn)), "accept_dispute")
		if c == nil {
			t.Fatalf("Explain(%q) has no candidate accept_dispute", tc.turn)
		}
		_, unmet := feature(c.Features, "required_unmet_id")
		if unmet == tc.given {
			t.Errorf("Explain(%q): required_unmet_id present = %v, want %v", tc.turn, unmet, !tc.given)
		}
	}
}

// TestActionOtherThoughInText checks that a tool whose name does another
// action than the turn asks for counts as doing another, even where its
// text names the asked one: "Mark one or more emails as read" marks, it
// does not read.
func TestActionOtherThoughInText(t *testing.T) {
	cat, err := catalogue.Import("mail.json", []byte(`{"tools": [
 {"name": "mark_as_read", "description": "Mark one or more emails as read.",
  "inputSchema": {"type": "object", "properties": {"message_ids": {"type": "array", "items": {"type": "string"}}}, "required": ["message_ids"]}},
 {"name": "get_email", "description": "Get the full content of one email.",
  "inputSchema": {"type": "object", "properties": {"message_id": {"type": "string"}}, "required": ["message_id"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r := newClosed(t, cat, Options{})
	turn := "read me that email"
	c := candidate(r.Explain(r.Select(turn)), "mark_as_read")
	if c == nil {
		t.Fatalf("Explain(%q) has no candidate mark_as_read", turn)
	}
	for _, name := range []string{"action_in_text", "action_other"} {
		if _, ok := feature(c.Features, name); !ok {
			t.Errorf("Explain(%q): mark_as_read has no %s", turn, name)
		}
	}
}

// unmetRow is a turn, and whether the tool it is routed to has required
// parameters nothing in it fills.
type unmetRow struct {
	turn  string
	unmet bool
}

// checkUnmet routes each row's turn with r and checks whether tool has the
// feature required_unmet or, for an enum, required_unmet_enum.
func checkUnmet(t *testing.T, r *Router, tool string, rows []unmetRow) {
	t.Helper()
	for _, tc := range rows {
		c := explained(t, r, tc.turn, tool)
		_, unmet := feature(c.Features, "required_unmet")
		_, enum := feature(c.Features, "required_unmet_enum")
		if either := unmet || enum; either != tc.unmet {
			t.Errorf("Explain(%q): required_unmet or required_unmet_enum present = %v, want %v", tc.turn, either, tc.unmet)
		}
	}
}

// explained is the candidate tool of the explanation of Select(turn),
// which must list it.
func explained(t *testing.T, r *Router, turn, tool string) *ExplainedCandidate {
	t.Helper()
	c := candidate(r.Explain(r.Select(turn)), tool)
	if c == nil {
		t.Fatalf("Explain(%q) has no candidate %s", turn, tool)
	}
	return c
}

// TestNameRunFillsText checks that nouns written as a name of several
// words inside a sentence ("in Mountain View") are a value a free-text
// parameter may take, and that capitals of a title say nothing of names.
func TestNameRunFillsText(t *testing.T) {
	cat, err := catalogue.Import("providers.json", []byte(`{"tools": [
 {"name": "find_provider", "description": "Discover therapists in a city.",
  "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	checkUnmet(t, newClosed(t, cat, Options{}), "find_provider", []unmetRow{
		{"find a therapist in Mountain View", false},
		{"find a therapist in the mountain view", true},
		{"Find A Therapist In Mountain View", true},
	})
}

// TestNameRunIsOneValue checks that a name of several words is one value,
// whatever it opens with: "to San Diego" fills one of two free-text
// parameters, and "from Portland to San Diego" both.
func TestNameRunIsOneValue(t *testing.T) {
	cat, err := catalogue.Import("trains.json", []byte(`{"tools": [
 {"name": "find_trains", "description": "Find trains between two cities.",
  "inputSchema": {"type": "object", "properties": {"from_city": {"type": "string"}, "to_city": {"type": "string"}}, "required": ["from_city", "to_city"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	checkUnmet(t, newClosed(t, cat, Options{}), "find_trains", []unmetRow{
		{"find a train to San Diego", true},
		{"find a train to New York City", true},
		{"find a train from Portland to San Diego", false},
		{"find a train from Mountain View to San Diego", false},
	})
}

// TestNamesApartByPunctuation checks that a comma between two names
// parts them: "at Hotel Paradise, Las Vegas" names a hotel and a city,
// two values, where "at Hotel Paradise Las Vegas" is one name.
func TestNamesApartByPunctuation(t *testing.T) {
	cat, err := catalogue.Import("hotels.json", []byte(`{"tools": [
 {"name": "book_hotel", "description": "Book a room in a hotel.",
  "inputSchema": {"type": "object", "properties": {"hotel_name": {"type": "string"}, "location": {"type": "string"}}, "required": ["hotel_name", "location"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	checkUnmet(t, newClosed(t, cat, Options{}), "book_hotel", []unmetRow{
		{"book a room at Hotel Paradise, Las Vegas", false},
		{"book a room at Hotel Paradise in Las Vegas", false},
		{"book a room at Hotel Paradise Las Vegas", true},
		{"book a room at Hotel Paradise", true},
	})
}

// TestEnumNamedByRelatedWord checks that a word the wordnet relates to an
// enum's value by a synonym or a derivation names the value: "comic
// movies" names Comedy, and a turn that names no genre leaves it unmet.
func TestEnumNamedByRelatedWord(t *testing.T) {
	cat, err := catalogue.Import("movies.json", []byte(`{"tools": [
 {"name": "find_movies", "description": "Find movies to watch online.",
  "inputSchema": {"type": "object", "properties": {"genre": {"type": "string", "enum": ["Comedy", "Drama", "Horror"]}}, "required": ["genre"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	checkUnmet(t, newClosed(t, cat, Options{}), "find_movies", []unmetRow{
		{"find some comic movies", false},
		{"find some horror movies", false},
		{"find some movies", true},
		{"find some tragic movies", true},
	})
}

// TestEnumNamedByAction checks that an enum of operations takes the one
// the clause's verb names, by its concept, for the required parameters.
func TestEnumNamedByAction(t *testing.T) {
	cat, err := catalogue.Import("todo.json", []byte(`{"tools": [
 {"name": "todo_item", "description": "Manage the items of a todo list.",
  "inputSchema": {"type": "object", "properties": {"type": {"type": "string", "enum": ["delete", "complete"]}, "content": {"type": "string"}}, "required": ["type"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	checkUnmet(t, newClosed(t, cat, Options{}), "todo_item", []unmetRow{
		{"remove the milk item from my todo list", false},
		{"delete the milk item from my todo list", false},
		{"rename the milk item on my todo list", true},
	})
}

// TestEnumNamedNotByCommand checks that a command's verb names no value
// of another tool's filter ("void the invoice" names no void status of
// invoice_list), nor does a question about one thing it identifies,
// while an adjective or a question about many does, and a verb that
// names the very action the tool does is its value.
func TestEnumNamedNotByCommand(t *testing.T) {
	cat, err := catalogue.Import("invoices.json", []byte(`{"tools": [
 {"name": "invoice_list", "description": "List invoices.",
  "inputSchema": {"type": "object", "properties": {"status": {"type": "string", "enum": ["open", "paid", "void"]}}}},
 {"name": "invoice_void", "description": "Void an invoice.",
  "inputSchema": {"type": "object", "properties": {"invoice_id": {"type": "string"}}}},
 {"name": "merge_pull_request", "description": "Merge a pull request.",
  "inputSchema": {"type": "object", "properties": {"method": {"type": "string", "enum": ["merge", "squash", "rebase"]}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r := newClosed(t, cat, Options{})
	for _, tc := range []struct {
		turn, tool string
		named      bool
	}{
		{"void the invoice", "invoice_list", false},
		{"list the void invoices", "invoice_list", true},
		{"which invoices are void?", "invoice_list", true},
		// A question about one invoice it identifies asks for that one.
		{"is invoice INV-42 paid?", "invoice_list", false},
		{"is invoice 42 paid?", "invoice_list", false},
		{"merge the pull request", "merge_pull_request", true},
	} {
		c := explained(t, r, tc.turn, tc.tool)
		if _, ok := feature(c.Features, "enum_named"); ok != tc.named {
			t.Errorf("Explain(%q): %s enum_named present = %v, want %v", tc.turn, tc.tool, ok, tc.named)
		}
	}
}

// TestArgumentFitsItsKind checks the parameter the evidence reads an
// argument into: quoted text said of a thing fills a parameter of text,
// never a number the thing's name holds, and a date said of a thing fills
// a parameter of dates, never one of names.
func TestArgumentFitsItsKind(t *testing.T) {
	cat, err := catalogue.Import("media.json", []byte(`{"tools": [
 {"name": "generate_image", "description": "Generate an image from a prompt.",
  "inputSchema": {"type": "object", "properties": {"image_quality": {"type": "integer"}, "prompt": {"type": "string"}}}},
 {"name": "find_movies", "description": "Find movies showing in a city.",
  "inputSchema": {"type": "object", "properties": {"movie_name": {"type": "string"}, "show_date": {"type": "string"}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r := newClosed(t, cat, Options{})
	for _, tc := range []struct{ turn, tool, want string }{
		{"generate a digital image with captured 'a man wearing a red dress'", "generate_image", "-> prompt"},
		{"find a mystery movie on 2026-05-01", "find_movies", "-> show_date"},
	} {
		c := explained(t, r, tc.turn, tc.tool)
		if f, ok := feature(c.Features, "argument"); !ok || !strings.HasSuffix(f.Detail, tc.want) {
			t.Errorf("Explain(%q): %s argument = %q, want one %s", tc.turn, tc.tool, f.Detail, tc.want)
		}
	}
}

// TestWithoutBars checks that what a turn says not to do ("without
// deleting it", "sem apagar") is never selected, and that the same tool
// is selected where the turn asks for it.
func TestWithoutBars(t *testing.T) {
	cat, err := catalogue.Import("reviews.json", []byte(`{"tools": [
 {"name": "delete_review", "description": "Delete a product review.",
  "inputSchema": {"type": "object", "properties": {"review_id": {"type": "integer"}}, "required": ["review_id"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lang, turn string
		barred     bool
	}{
		{"en", "hide review 3301 without deleting it", true},
		{"pt-BR", "esconde a avaliação 3301 sem apagar", true},
		{"en", "delete review 3301", false},
	} {
		r := newClosed(t, cat, Options{Language: tokenize.Language(tc.lang)})
		d := r.Select(tc.turn)
		c := candidate(r.Explain(d), "delete_review")
		if c == nil {
			t.Fatalf("Explain(%q) has no candidate delete_review", tc.turn)
		}
		if c.Barred != tc.barred {
			t.Errorf("Explain(%q): delete_review barred = %v, want %v", tc.turn, c.Barred, tc.barred)
		}
		if tc.barred && d.Outcome == Selected {
			t.Errorf("Select(%q) = %s %s, want no selection", tc.turn, d.Outcome, d.Tool)
		}
	}
}

// TestExampleNamed checks that a word the turn names which a parameter's
// description gives as an example of its value fills it, by its stem
// ("sculptures" for "e.g. painting, sculpture"), and that a turn that
// names none of them leaves it unmet.
func TestExampleNamed(t *testing.T) {
	cat, err := catalogue.Import("art.json", []byte(`{"tools": [
 {"name": "find_artwork", "description": "Find artworks on show.",
  "inputSchema": {"type": "object", "properties": {"type": {"type": "string", "description": "Type of the artwork. E.g., painting, sculpture, installation."}}, "required": ["type"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	checkUnmet(t, newClosed(t, cat, Options{}), "find_artwork", []unmetRow{
		{"find some sculptures", false},
		{"find a painting", false},
		{"find some artworks", true},
	})
}

// TestExampleNamedPlural checks that a compound a parameter's description
// gives as an example fills it when the turn names it in the plural ("the
// guest rooms" for "e.g. guest room"), and that a word that only begins
// like it, or the compound's head alone, does not.
func TestExampleNamedPlural(t *testing.T) {
	cat, err := catalogue.Import("rooms.json", []byte(`{"tools": [
 {"name": "clean_rooms", "description": "Clean the rooms of a house.",
  "inputSchema": {"type": "object", "properties": {"room": {"type": "string", "description": "The room to clean, e.g. guest room, laundry room."}}, "required": ["room"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	checkUnmet(t, newClosed(t, cat, Options{}), "clean_rooms", []unmetRow{
		{"clean the guest rooms", false},
		{"clean the guest room", false},
		{"clean the guest roomy", true},
		{"clean some rooms", true},
	})
}

// TestDescExamples checks the values read from a description's list of
// examples: quoted or not, after each mark, to the end of the sentence.
func TestDescExamples(t *testing.T) {
	tk, err := tokenize.New(tokenize.English)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		desc string
		want []string
	}{
		{"Type of property such as villa, condo, apartment, etc.", []string{"villa", "condo", "apartment"}},
		{"Type of the artwork. E.g., painting, sculpture, installation.", []string{"painting", "sculpture", "installation"}},
		{"Time period, can be 'contemporary', 'modern', 'renaissance', etc. Default 'contemporary'", []string{"contemporary", "modern", "renaissance"}},
		{"The city, in the format 'City, State', for instance 'Los Angeles, CA'. State names are abbreviated", []string{"los angeles ca"}},
		{"The skill, like Python or Java", []string{"python", "java"}},
		{"The likely outcome of the match", nil},
		{"The name of the project, e.g. the one you are working on with most of the team this week", nil},
	} {
		if got := descExamples(tk, tc.desc); !slices.Equal(got, tc.want) {
			t.Errorf("%q: examples %q, want %q", tc.desc, got, tc.want)
		}
	}
}

// TestRequiredWithDefault checks that a required parameter whose schema
// gives a default is never counted unmet: a call may leave it out.
func TestRequiredWithDefault(t *testing.T) {
	cat, err := catalogue.Import("hotels.json", []byte(`{"tools": [
 {"name": "find_hotels", "description": "Find hotels.",
  "inputSchema": {"type": "object", "properties": {"location": {"type": "string", "default": "dontcare"}, "stars": {"type": "integer"}}, "required": ["location", "stars"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	checkUnmet(t, newClosed(t, cat, Options{}), "find_hotels", []unmetRow{
		{"find a hotel with 4 stars", false},
		{"find a hotel", true},
	})
}

// TestAdjectiveIsNoValue checks that an adjective no lexicon lists, in
// any degree ("cheapest", "biggest", "closer"), is no free value: it
// qualifies the thing asked for and fills no free-text parameter, while
// a word of no language does.
func TestAdjectiveIsNoValue(t *testing.T) {
	cat, err := catalogue.Import("flights.json", []byte(`{"tools": [
 {"name": "find_flights", "description": "Find flights to a city.",
  "inputSchema": {"type": "object", "properties": {"destination": {"type": "string"}}, "required": ["destination"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	checkUnmet(t, newClosed(t, cat, Options{}), "find_flights", []unmetRow{
		{"find the cheapest flights", true},
		{"find the biggest flights", true},
		{"find cheaper flights", true},
		{"find flights to zoltrak", false},
	})
}

// TestVerbIsNoValue checks that a word no lexicon lists that the English
// wordnet knows only as a verb ("determine") is no free value: it names
// no thing a free-text parameter may take.
func TestVerbIsNoValue(t *testing.T) {
	cat, err := catalogue.Import("distance.json", []byte(`{"tools": [
 {"name": "get_distance", "description": "Get the distance to a place.",
  "inputSchema": {"type": "object", "properties": {"place": {"type": "string"}}, "required": ["place"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	checkUnmet(t, newClosed(t, cat, Options{}), "get_distance", []unmetRow{
		{"determine the distance", true},
		{"determine the distance to zoltrak", false},
	})
}

// TestCommandRead checks that a command or a request whose verb changes
// something counts against a tool that only reads by another action, and
// that a command to see, a question, or a tool whose action is the verb's
// or near it, is no such mismatch.
func TestCommandRead(t *testing.T) {
	r := newImported(t, "refunds.json", `{"tools": [
 {"name": "refund_create", "description": "Refunds an invoice."},
 {"name": "list_refunds", "description": "Lists the refunds of an invoice.", "annotations": {"readOnlyHint": true}},
 {"name": "export_refunds", "description": "Exports the refunds of an invoice as a file.", "annotations": {"readOnlyHint": true}}
]}`)
	for _, tt := range []struct {
		lang       tokenize.Language
		turn, tool string
		want       bool
	}{
		{tokenize.English, "refund invoice INV-7", "list_refunds", true},
		{tokenize.English, "refund invoice INV-7", "refund_create", false},
		{tokenize.English, "can you refund invoice INV-7?", "list_refunds", true},
		{tokenize.English, "I need to refund invoice INV-7", "list_refunds", true},
		{tokenize.Brazilian, "reembolsa a fatura INV-7", "list_refunds", true},
		{tokenize.English, "show the refunds of invoice INV-7", "list_refunds", false},
		{tokenize.English, "were the refunds of invoice INV-7 made?", "list_refunds", false},
		{tokenize.English, "export the refunds of invoice INV-7", "export_refunds", false},
		{tokenize.English, "download the refunds of invoice INV-7", "export_refunds", false},
	} {
		rr := r
		if tt.lang != tokenize.English {
			rr = newClosed(t, r.Catalogue(), Options{Language: tt.lang})
		}
		c := candidate(rr.Explain(rr.Select(tt.turn)), tt.tool)
		if c == nil {
			t.Fatalf("%q: %s is no candidate", tt.turn, tt.tool)
		}
		if _, got := feature(c.Features, "command_read"); got != tt.want {
			t.Errorf("%q: %s has command_read %v, want %v", tt.turn, tt.tool, got, tt.want)
		}
	}
}

// TestVerblessQuestionAsksToSee checks that a question with no verb of
// its own asks to see the thing its noun names, even a noun that names an
// act ("where's my refund?"), and so does a noun phrase of an
// information noun or of a plural, while a noun phrase of one such noun
// alone still asks for the act ("a refund for order 42").
func TestVerblessQuestionAsksToSee(t *testing.T) {
	r := newImported(t, "refunds.json", `{"tools": [
 {"name": "refund_create", "description": "Refunds an invoice."},
 {"name": "get_refund", "description": "Gets a refund.", "annotations": {"readOnlyHint": true}},
 {"name": "list_refunds", "description": "Lists the refunds of an invoice.", "annotations": {"readOnlyHint": true}}
]}`)
	pt := newClosed(t, r.Catalogue(), Options{Language: tokenize.Brazilian})
	for _, tt := range []struct {
		r            *Router
		turn, action string
	}{
		{r, "where's my refund re_3Nf82kd?", "get"},
		{r, "is my refund done?", "get"},
		{pt, "cadê meu reembolso re_3Nf82kd?", "get"},
		{r, "details of refund re_A1b2C3", "get"},
		{r, "refunds for invoice INV-7", "get"},
		{r, "refunds this month", "list"},
		{pt, "estornos da fatura INV-7", "get"},
		{r, "a refund for order 42", "refund"},
		{pt, "um reembolso do pedido 42", "refund"},
		{r, "refund invoice INV-7", "refund"},
	} {
		ex := tt.r.Explain(tt.r.Select(tt.turn))
		if ex.Action != tt.action {
			t.Errorf("%q: action %q, want %q", tt.turn, ex.Action, tt.action)
		}
	}
}

// TestRequiredUnmetEnum checks that a required enum the turn names no
// value of counts apart from the other unmet parameters, and not at all
// once the turn names one of its values.
func TestRequiredUnmetEnum(t *testing.T) {
	r := newImported(t, "cancel.json", `{"tools": [
 {"name": "cancel_order", "description": "Cancels an order.", "inputSchema": {"type": "object", "properties": {
  "order_id": {"type": "string"},
  "reason": {"type": "string", "enum": ["customer_request", "out_of_stock", "other"]},
  "note": {"type": "string", "description": "A note for the customer"}}, "required": ["order_id", "reason", "note"]}}
]}`)
	for _, tt := range []struct {
		turn        string
		enum, unmet float64
	}{
		{"cancel order 1182", 1.0 / 3, 1.0 / 3},
		{"cancel order 1182, it is out of stock", 0, 1.0 / 3},
	} {
		c := candidate(r.Explain(r.Select(tt.turn)), "cancel_order")
		if c == nil {
			t.Fatalf("%q: cancel_order is no candidate", tt.turn)
		}
		enum, _ := feature(c.Features, "required_unmet_enum")
		unmet, _ := feature(c.Features, "required_unmet")
		if math.Abs(enum.Value-tt.enum) > 0.01 || math.Abs(unmet.Value-tt.unmet) > 0.01 {
			t.Errorf("%q: required_unmet_enum %v, required_unmet %v; want %v, %v", tt.turn, enum.Value, unmet.Value, tt.enum, tt.unmet)
		}
	}
}

// The last noun of a compound is its head, unless no tool is named for
// it and one is for the noun before: "a company record" is the company,
// kept as an entry, where no tool is named for records; where one is, as
// in "a DNS record", the record stays the head.
func TestCompoundHeadNamedFor(t *testing.T) {
	companies := newImported(t, "crm.json", `{"tools": [
 {"name": "create_company", "description": "Creates a company."},
 {"name": "create_note", "description": "Creates a note on a record."}
]}`)
	if got := toolFeature(t, companies, "create a company record for Globex", "create_company", "object_head"); got != 1 {
		t.Errorf("create a company record: create_company's object_head %v, want 1", got)
	}
	records := newImported(t, "dns.json", `{"tools": [
 {"name": "create_zone", "description": "Creates a zone."},
 {"name": "create_record", "description": "Creates a record in a zone."}
]}`)
	for tool, want := range map[string]float64{"create_record": 1, "create_zone": 0} {
		if got := toolFeature(t, records, "create a zone record for api.example.com", tool, "object_head"); got != want {
			t.Errorf("create a zone record: %s's object_head %v, want %v", tool, got, want)
		}
	}
}

// TestAnyOnePastAdjectives checks that an indefinite article before the
// head's adjectives still asks for any one of its kind, which a search
// finds whatever number its name writes ("find me a cheap hotel"), and
// that a definite one does not.
func TestAnyOnePastAdjectives(t *testing.T) {
	cat, err := catalogue.Import("hotels.json", []byte(`{"tools": [
 {"name": "search_hotels", "description": "Search hotels in a city.",
  "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}}},
 {"name": "get_hotel", "description": "Get one hotel by its id.",
  "inputSchema": {"type": "object", "properties": {"hotel_id": {"type": "string"}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r := newClosed(t, cat, Options{})
	for _, tc := range []struct {
		turn string
		want float64
	}{
		{"find me a hotel", 1},
		{"find me a cheap hotel", 1},
		{"find me a nice quiet hotel", 1},
		{"find me the cheapest hotel", -1},
	} {
		v, ok := feature(explained(t, r, tc.turn, "search_hotels").Features, "agreement")
		if !ok || v.Value != tc.want {
			t.Errorf("Explain(%q): search_hotels agreement %v (present %v), want %v", tc.turn, v.Value, ok, tc.want)
		}
	}
}

// missingHeadCase is a turn and whether the tool it is read against
// misses the turn's head (missing_head).
type missingHeadCase struct {
	turn    string
	missing bool
}

// checkMissingHead routes each case's turn with r and checks whether
// tool, a candidate, counts missing_head. A tool that is no candidate
// passes only a case that wants the head missing, when absent is.
func checkMissingHead(t *testing.T, r *Router, tool string, absent bool, cases []missingHeadCase) {
	t.Helper()
	for _, tc := range cases {
		c := candidate(r.Explain(r.Select(tc.turn)), tool)
		if c == nil {
			if !absent || !tc.missing {
				t.Errorf("Explain(%q) has no candidate %s", tc.turn, tool)
			}
			continue
		}
		if _, missing := feature(c.Features, "missing_head"); missing != tc.missing {
			t.Errorf("Explain(%q): %s missing_head present = %v, want %v", tc.turn, tool, missing, tc.missing)
		}
	}
}

// TestEnumValueNamesHead checks that a turn whose head is a value of one
// of the tool's enums names the tool's head ("find a comedy" names
// find_movies, whose genre lists Comedy), and one that names no value
// does not.
func TestEnumValueNamesHead(t *testing.T) {
	cat, err := catalogue.Import("movies.json", []byte(`{"tools": [
 {"name": "find_movies", "description": "Find movies by genre.",
  "inputSchema": {"type": "object", "properties": {"genre": {"type": "string", "enum": ["Comedy", "Drama", "Horror"]}}, "required": ["genre"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	checkMissingHead(t, newClosed(t, cat, Options{}), "find_movies", true, []missingHeadCase{
		{"find a comedy", false},
		{"find some horror", false},
		{"find dramas for tonight", false},
		{"find a recipe", true},
		{"find a song", true},
	})
}

// TestEnumValueOfWords checks that a value of several words is named by
// all of them: "a shopping area" names find_attractions, whose category
// lists Shopping Area, and "the area of a square" or "a park" does not
// (each is one word of a value, not the value).
func TestEnumValueOfWords(t *testing.T) {
	cat, err := catalogue.Import("attractions.json", []byte(`{"tools": [
 {"name": "find_attractions", "description": "Find attractions in a city.",
  "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}, "category": {"type": "string", "enum": ["Shopping Area", "Theme Park", "Museum"]}}, "required": ["city"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	checkMissingHead(t, newClosed(t, cat, Options{}), "find_attractions", false, []missingHeadCase{
		{"find a museum in Lisbon", false},
		{"find a shopping area in Lisbon", false},
		{"find theme parks in Ohio", false},
		{"find a park in Lisbon", true},
		{"find the area of a square in Lisbon", true},
	})
}

// TestQualifiedStateQuestion checks that a question whether a thing is in
// a state is read as one with a word of time ("still") or a phrase that
// says which thing it is ("in the kitchen") between the thing and its
// state, or with a pronoun for any thing as the thing ("is anything
// on?"): the tool that reads states ranks first, and neither the write
// that would set the thing nor a tool of lists is selected.
func TestQualifiedStateQuestion(t *testing.T) {
	const home = `{"tools": [
 {"name": "GetState", "description": "Gets the current state of a device.", "annotations": {"readOnlyHint": true}},
 {"name": "LightSet", "description": "Sets the brightness or color of a light."},
 {"name": "ShoppingListGetItems", "description": "Gets the items on the shopping list.", "annotations": {"readOnlyHint": true}}
]}`
	r := newImported(t, "home.json", home)
	for _, turn := range []string{
		"is the light in the kitchen on?",
		"is the TV still on?",
		"is the TV in the den still on?",
		"is the light in the hall still on?",
		"is anything still on in the basement?",
		"is anything on?",
		"is something open?",
	} {
		d := r.Select(turn)
		if d.Outcome == Selected && d.Tool != "GetState" || len(d.Candidates) == 0 || d.Candidates[0].Tool != "GetState" {
			t.Errorf("Select(%q) = %s %s, candidates %v; want GetState first and no other tool selected", turn, d.Outcome, d.Tool, d.Candidates)
		}
	}
}

// TestIndirectStateQuestion checks that an indirect yes-or-no question
// ("tell me if the garage is open") asks for the thing's state, as the
// direct one does, in both languages: the state's verb is no command, so
// the write that would put the thing in that state is never selected, and
// the tool that reads states is.
func TestIndirectStateQuestion(t *testing.T) {
	const covers = `{"tools": [
 {"name": "GetState", "description": "Gets the current state of a device.", "annotations": {"readOnlyHint": true}},
 {"name": "OpenCover", "description": "Opens a cover: a garage door, a blind or a curtain."}
]}`
	cat, err := catalogue.Import("covers.json", []byte(covers))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		lang tokenize.Language
		turn string
	}{
		{tokenize.English, "is the garage door open?"},
		{tokenize.English, "tell me if the garage door is open"},
		{tokenize.English, "can you check whether the garage door is open?"},
		{tokenize.Brazilian, "a porta da garagem está aberta?"},
		{tokenize.Brazilian, "me diz se a porta da garagem está aberta"},
	} {
		r := newClosed(t, cat, Options{Language: tt.lang})
		if d := r.Select(tt.turn); d.Outcome != Selected || d.Tool != "GetState" {
			t.Errorf("Select(%q) = %s %s (%s), want GetState", tt.turn, d.Outcome, d.Tool, d.Reason)
		}
	}
	// The command itself still opens it.
	r := newClosed(t, cat, Options{})
	if d := r.Select("open the garage door"); d.Tool != "OpenCover" {
		t.Errorf("Select(open the garage door) = %s %s (%s), want OpenCover", d.Outcome, d.Tool, d.Reason)
	}
	// Asked after a command, the question is the next step: it is no
	// context of the command, whose tool it would otherwise pull towards
	// its own thing (the lock).
	const locks = `{"tools": [
 {"name": "GetState", "description": "Gets the current state of a device.", "annotations": {"readOnlyHint": true}},
 {"name": "CloseCover", "description": "Closes a cover: a garage door, a blind or a curtain."},
 {"name": "Lock", "description": "Locks a lock, such as a door's."}
]}`
	r = newImported(t, "locks.json", locks)
	const turn = "close the garage door and then tell me if the back door is locked"
	d := r.Select(turn)
	if d.Tool != "CloseCover" || len(d.Then) != 1 || d.Then[0].Tool != "GetState" {
		t.Errorf("Select(%q) = %s %s then %v, want CloseCover then GetState", turn, d.Outcome, d.Tool, d.Then)
	}
}

// TestOneField checks oneField against strings.Fields: a word is read
// whole, with no iterator, only where Fields reads it as its one field,
// and a word with no space or control byte is.
func TestOneField(t *testing.T) {
	for _, s := range []string{"", "order", "pedido", "ação", "credit card", "a\tb", "a\x01b", "x\u00a0y", "x\u2003y", "café\u3000", " lone", "lone ", "\xff\xfe", "e-mail", "a\x7fb"} {
		fs := strings.Fields(s)
		one := len(fs) == 1 && fs[0] == s
		if oneField(s) && !one {
			t.Errorf("oneField(%q) = true, but Fields reads %q", s, fs)
		}
		if !oneField(s) && one && !strings.ContainsFunc(s, func(r rune) bool { return r < '!' }) {
			t.Errorf("oneField(%q) = false, want true", s)
		}
	}
}

// TestIDFormatIsATerm checks that an id of a format a tool documents is a
// term of the turn the tool holds: it counts toward the share of the
// turn the tool covers and against the share the others cover, and one
// of a format no tool documents is no term. idTerm reads a format as
// IDPrefix does.
func TestIDFormatIsATerm(t *testing.T) {
	cat, err := catalogue.Import("contacts.json", []byte(`{"tools": [
 {"name": "merge_contacts", "description": "Merge a duplicate contact into a primary one.",
  "inputSchema": {"type": "object", "properties": {
    "primary_id": {"type": "string", "description": "Contact ID, e.g. ct_48213"},
    "duplicate_id": {"type": "string", "description": "Contact ID, e.g. ct_48213"}}, "required": ["primary_id", "duplicate_id"]}},
 {"name": "merge_deals", "description": "Merge two deals of the same person.",
  "inputSchema": {"type": "object", "properties": {
    "primary_id": {"type": "string"}, "duplicate_id": {"type": "string"}}, "required": ["primary_id", "duplicate_id"]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r := newClosed(t, cat, Options{})
	coverage := func(turn, tool string) float64 {
		t.Helper()
		ex := r.Explain(r.Select(turn))
		c := candidate(ex, tool)
		if c == nil {
			t.Fatalf("Explain(%q) has no candidate %s:\n%s", turn, tool, ex)
		}
		f, _ := feature(c.Features, "coverage_turn")
		return f.Value
	}
	// The same turn, with ids of a format merge_contacts documents and
	// of one no tool does.
	const documented, other = "merge ct_48213 with ct_48214, the same person", "merge zz_48213 with zz_48214, the same person"
	if a, b := coverage(documented, "merge_contacts"), coverage(other, "merge_contacts"); !(a > b) {
		t.Errorf("coverage_turn of merge_contacts %.3f for %q, %.3f for %q; want the ids of the format it documents to raise it", a, documented, b, other)
	}
	if a, b := coverage(documented, "merge_deals"), coverage(other, "merge_deals"); !(a < b) {
		t.Errorf("coverage_turn of merge_deals %.3f for %q, %.3f for %q; want ids of a format another tool documents to lower it", a, documented, b, other)
	}
	for _, tc := range []struct {
		id   string
		term string
		ok   bool
	}{
		{"ct_48213", "id:CT_", true},
		{"CT_48213", "id:CT_", true},
		{"Ct-48213", "", false}, // CT- is another format
		{"zz_48213", "", false},
		{"ct_", "", false},
		{"48213", "", false},
		{"", "", false},
	} {
		term, ok := r.idTerm(tc.id)
		if term != tc.term || ok != tc.ok {
			t.Errorf("idTerm(%q) = %q, %v; want %q, %v", tc.id, term, ok, tc.term, tc.ok)
		}
		if pre := IDPrefix(tc.id); ok && idTermPrefix+pre != term {
			t.Errorf("idTerm(%q) = %q, not the term of IDPrefix's %q", tc.id, term, pre)
		}
	}
}

// The catalogue's other words for a head: where a tool's description says
// its name's head is another thing ("Cancel a meeting you organise", for
// cancelEvent), a turn that names that thing names every tool of the
// head (object_alias), in either language, and so does each such thing
// the tools of the head say; unless a name names the thing itself.
func TestHeadAlias(t *testing.T) {
	const events = `
 {"name": "getEvent", "description": "Get a single calendar event by ID.",
  "inputSchema": {"type": "object", "properties": {"eventId": {"type": "string"}}, "required": ["eventId"]}},
 {"name": "listEvents", "description": "List events in a calendar between two times."},
 {"name": "cancelEvent", "description": "Cancel a meeting you organise and notify the attendees.",
  "inputSchema": {"type": "object", "properties": {"eventId": {"type": "string"}}, "required": ["eventId"]}},
 {"name": "listLabels", "description": "List the labels of the mailbox."},
 {"name": "sendEmail", "description": "Send an email."},
 {"name": "getContact", "description": "Get a contact by ID."},
 {"name": "listContacts", "description": "List the contacts."},
 {"name": "deleteContact", "description": "Delete a contact."}`
	// The tools of events are fewer than half, so that "event" is no
	// word every name shares (common).
	r := newImported(t, "events.json", `{"tools": [`+events+`]}`)
	for _, tc := range []struct {
		turn, tool string
		want       float64
	}{
		{"who's coming to the 3pm meeting?", "getEvent", 1},
		{"show my meetings for this week", "listEvents", 1},
		{"show my events for this week", "listEvents", 0}, // the name's own head
	} {
		if got := toolFeature(t, r, tc.turn, tc.tool, "object_alias"); got != tc.want {
			t.Errorf("%q: %s's object_alias %v, want %v", tc.turn, tc.tool, got, tc.want)
		}
	}
	pt, err := New(r.cat, Options{Language: tokenize.Brazilian})
	if err != nil {
		t.Fatal(err)
	}
	if got := toolFeature(t, pt, "quais reuniões eu tenho essa semana?", "listEvents", "object_alias"); got != 1 {
		t.Errorf("pt-BR: listEvents's object_alias %v, want 1", got)
	}
	two := newImported(t, "events.json", `{"tools": [`+events+`,
 {"name": "deleteEvent", "description": "Delete a holiday from the calendar."}]}`)
	for _, tc := range []struct{ turn, tool string }{
		{"who's coming to the 3pm meeting?", "getEvent"},
		{"list the holidays in May", "listEvents"},
	} {
		if got := toolFeature(t, two, tc.turn, tc.tool, "object_alias"); got != 1 {
			t.Errorf("two other words: %q: %s's object_alias %v, want 1", tc.turn, tc.tool, got)
		}
	}
	named := newImported(t, "events.json", `{"tools": [`+events+`,
 {"name": "getMeeting", "description": "Get a meeting's notes."}]}`)
	for i := range named.tools {
		if ti := &named.tools[i]; len(ti.headAliases) > 0 {
			t.Errorf("a name names a meeting: %s has the other words %v for its head, want none", ti.tool.Name, ti.headAliases)
		}
	}
}
