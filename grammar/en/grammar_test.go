package en

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stalwart-agents/stalwart/grammar"
)

// wrong also runs the rows the grammar is known to read wrongly, kept out
// of the passing tables until the engine reads them right:
//
//	go test ./grammar/en -run Parse -wrong
var wrong = flag.Bool("wrong", false, "also run the rows the grammar is known to read wrongly")

// today is the day relative dates are read from: Wednesday 13 May 2026.
var today = time.Date(2026, time.May, 13, 9, 30, 0, 0, time.UTC)

var fixedGrammar = sync.OnceValues(func() (*Grammar, error) {
	return New(Options{Now: func() time.Time { return today }})
})

// rows returns the passing rows, and with -wrong the known wrong ones too.
func rows[T any](pass, known []T) []T {
	if *wrong {
		return append(pass[:len(pass):len(pass)], known...)
	}
	return pass
}

// parse reads turn with the grammar of the fixed date, and fails the test
// when the parse breaks one of the rules every parse keeps (spanErrors).
func parse(t *testing.T, turn string) *grammar.Parse {
	t.Helper()
	g, err := fixedGrammar()
	if err != nil {
		t.Fatal(err)
	}
	p := g.Parse(turn)
	for _, e := range spanErrors(p) {
		t.Errorf("Parse(%q): %s", turn, e)
	}
	if len(p.Clauses) == 0 {
		t.Fatalf("Parse(%q) has no clauses", turn)
	}
	return p
}

// spanErrors lists the ways a parse breaks the rules of its offsets:
// tokens, words, arguments and clauses lie inside the turn and in order,
// an argument's Text and a one-token word's Text are the turn's bytes at
// their offsets, clauses do not overlap, and Read <= Words.
func spanErrors(p *grammar.Parse) []string {
	var errs []string
	turn := p.Turn
	inside := func(what string, start, end int) bool {
		if start < 0 || start > end || end > len(turn) {
			errs = append(errs, fmt.Sprintf("%s [%d,%d] is not inside the turn of %d bytes", what, start, end, len(turn)))
			return false
		}
		return true
	}
	tokens := map[[2]int]bool{}
	prevEnd := 0
	for _, tok := range p.Tokens {
		what := fmt.Sprintf("token %q", tok.Text)
		if !inside(what, tok.Start, tok.End) {
			continue
		}
		tokens[[2]int{tok.Start, tok.End}] = true
		if tok.Start < prevEnd {
			errs = append(errs, fmt.Sprintf("%s [%d,%d] starts before the previous token ends at %d", what, tok.Start, tok.End, prevEnd))
		}
		prevEnd = tok.End
		if got := turn[tok.Start:tok.End]; got != tok.Text {
			errs = append(errs, fmt.Sprintf("%s [%d,%d] spans %q", what, tok.Start, tok.End, got))
		}
	}
	var lastWord, lastArg [2]int
	clauseEnd := 0
	for i, c := range p.Clauses {
		what := fmt.Sprintf("clause %d", i)
		if inside(what, c.Start, c.End) && c.Start < clauseEnd {
			errs = append(errs, fmt.Sprintf("%s [%d,%d] overlaps the clause before, which ends at %d", what, c.Start, c.End, clauseEnd))
		}
		clauseEnd = max(clauseEnd, c.End)
		for _, w := range c.Words {
			what := fmt.Sprintf("word %q", w.Text)
			if !inside(what, w.Start, w.End) {
				continue
			}
			if w.Start < lastWord[0] || w.End < lastWord[1] {
				errs = append(errs, fmt.Sprintf("%s [%d,%d] comes before the word at [%d,%d]", what, w.Start, w.End, lastWord[0], lastWord[1]))
			}
			lastWord = [2]int{w.Start, w.End}
			if got := turn[w.Start:w.End]; tokens[lastWord] && got != w.Text {
				errs = append(errs, fmt.Sprintf("%s [%d,%d] spans %q", what, w.Start, w.End, got))
			}
		}
		for _, a := range c.Args {
			what := fmt.Sprintf("argument %q", a.Text)
			if !inside(what, a.Start, a.End) {
				continue
			}
			if a.Start < lastArg[0] || a.End < lastArg[1] {
				errs = append(errs, fmt.Sprintf("%s [%d,%d] comes before the argument at [%d,%d]", what, a.Start, a.End, lastArg[0], lastArg[1]))
			}
			lastArg = [2]int{a.Start, a.End}
			if got := turn[a.Start:a.End]; got != a.Text {
				errs = append(errs, fmt.Sprintf("%s [%d,%d] spans %q", what, a.Start, a.End, got))
			}
		}
	}
	if p.Read > float64(p.Words) {
		errs = append(errs, fmt.Sprintf("Read = %v is more than Words = %d", p.Read, p.Words))
	}
	if p.ShortRead > p.Short {
		errs = append(errs, fmt.Sprintf("ShortRead = %d is more than Short = %d", p.ShortRead, p.Short))
	}
	return errs
}

// head is the clause's head object, or "" when it has none.
func head(c grammar.Clause) string {
	if len(c.Objects) == 0 {
		return ""
	}
	return c.Objects[0]
}

// actRow is a turn of one clause: its act, action and head object ("" for
// none).
type actRow struct {
	in     string
	act    grammar.Act
	action string
	head   string
}

const (
	imp  = grammar.Imperative
	req  = grammar.Request
	ques = grammar.Question
	np   = grammar.NounPhrase
	stmt = grammar.Statement
	chat = grammar.Chitchat
)

var actRows = []actRow{
	// Imperatives: a verb in the base form, first or after adverbs.
	{"show order 42", imp, "get", "order"},
	{"list all open tickets", imp, "list", "ticket"},
	{"delete the old backups on server 3", imp, "delete", "backup"},
	{"cancel my subscription", imp, "cancel", "subscription"},
	{"merge pull request 1287", imp, "merge", "pull_request"},
	{"restart the web server", imp, "restart", "server"},
	{"download the quarterly report", imp, "download", "report"},
	{"just quietly delete it", imp, "delete", ""},
	{"Archive every email from last week", imp, "archive", "email"},
	{"upload the contract to the shared drive", imp, "upload", "contract"},
	{"pay invoice 7781", imp, "pay", "invoice"},
	{"track my package", imp, "track", "package"},
	{"print the boarding pass", imp, "print", "boarding_pass"},
	{"show my time off balance", imp, "get", "leave_balance"},
	{"dim the lights in the bedroom", imp, "dim", "light"},
	{"email the slides to the whole team", imp, "send", "slide"},
	{"reopen ticket 4410", imp, "reopen", "ticket"},
	{"snooze my alarm", imp, "snooze", "alarm"},
	{"translate this paragraph into Spanish", imp, "translate", "paragraph"},
	{"install the latest update on my phone", imp, "install", "update"},
	{"show me flights to Tokyo under $900", imp, "get", "flight"},

	// Polite and indirect requests.
	{"could you please refund invoice INV-0042137", req, "refund", "invoice"},
	{"I'd like to cancel my subscription", req, "cancel", "subscription"},
	{"I need you to restart the server", req, "restart", "server"},
	{"would you mind closing ticket 55", req, "close", "ticket"},
	{"please archive these emails", req, "archive", "email"},
	{"I'm interested in attending a concert", req, "join", "concert"},
	{"I'd like to hear the song 'Wo noor'", req, "play", "song"},
	{"could you provide me with the latest news", req, "get", "news"},
	{"I want to book a flight to Lisbon", req, "book", "flight"},
	{"kindly update the shipping address on order 88", req, "update", "shipping_address"},
	{"is it possible to reschedule my appointment", req, "reschedule", "appointment"},
	{"I was wondering if you could send me the slides", req, "send", "slide"},
	{"help me set up a new repository", req, "create", "repository"},
	{"go ahead and merge it", req, "merge", ""},
	{"can you show me yesterday's logs", req, "get", "log"},
	{"would you be able to print the boarding pass", req, "print", "boarding_pass"},
	{"may I see the contract", req, "get", "contract"},
	{"can you help me reset my password", req, "reset", "password"},
	{"I need the invoice for order 42", req, "", "invoice"},
	{"we need to rotate the credentials", req, "rotate", "credential"},
	{"help me find my order", req, "search", "order"},
	{"I'd love a summary of this thread", req, "", "summary"},
	{"would you please lock the front door", req, "lock", "door"},
	{"if you could email me the agenda", req, "send", "agenda"},
	{"how do I cancel my order", req, "cancel", "order"},
	{"hi, can you track my package?", req, "track", "package"},
	{"could you share the folder with the design team", req, "share", "folder"},
	{"I'd like a refund for order 42", req, "", "refund"},

	// Resultatives: a thing and the state it is put in set it; a thing
	// yet to be made, or no state after the thing, keeps the verb's own
	// action.
	{"make ticket 4821 urgent", imp, "set", "ticket"},
	{"make the kitchen lights blue", imp, "set", "kitchen"},
	{"make it louder", imp, "set", ""},
	{"make the bank account my default", imp, "set", "bank"},
	{"please make the repo private", req, "set", "repository"},
	{"make a red label named 'Urgent'", imp, "create", "label"},
	{"make the report for the board", imp, "create", "report"},
	{"make me a sandwich", imp, "create", "sandwich"},

	// Questions.
	{"what's the status of order 42?", ques, "", "status"},
	{"where is my order", ques, "", "order"},
	{"how much did I pay for the headphones", ques, "pay", "headphone"},
	{"when does my subscription renew?", ques, "renew", "subscription"},
	{"who approved pull request 311?", ques, "approve", "pull_request"},
	{"which invoices are overdue", ques, "", "invoice"},
	{"is the server down?", ques, "", "server"},
	{"has order 42 shipped yet?", ques, "ship", "order"},
	{"are there any meetings tomorrow", ques, "", "meeting"},
	{"why was my card declined", ques, "reject", "card"},
	{"what is the balance on card 4411", ques, "", "balance"},
	{"where are my files", ques, "", "file"},
	{"is my package on the way?", ques, "", "package"},
	{"can the meeting be moved to Friday?", ques, "reschedule", "meeting"},
	{"did anyone approve the pull request?", ques, "approve", "pull_request"},
	{"what's the weather like in Lisbon", ques, "", "weather"},
	{"what are the opening hours", ques, "", "opening_hours"},
	{"why didn't the backup run?", ques, "run", "backup"},

	// Bare noun phrases.
	{"order 42 status", np, "", "order"},
	{"tracking number for my package", np, "", "tracking_number"},
	{"balance of my checking account", np, "", "balance"},
	{"the password for the guest wifi", np, "", "password"},
	{"meeting notes from yesterday", np, "", "call_note"},
	{"shipping address", np, "", "shipping_address"},
	{"weather tomorrow", np, "", "weather"},
	{"my last three orders", np, "", "order"},
	{"flights to Lisbon on Friday", np, "", "flight"},
	{"invoices from yesterday", np, "", "invoice"},
	{"calendar for next week", np, "", "calendar"},
	{"order #42", np, "", "order"},
	{"last month's electricity bill", np, "", "electricity_bill"},

	// Statements that carry a request.
	{"my card was charged twice", stmt, "charge", "card"},
	{"I accidentally archived the thread", stmt, "archive", "thread"},
	{"the payment was declined", stmt, "reject", "payment"},
	{"I already paid invoice 553", stmt, "pay", "invoice"},
	// That a thing must be done asks for it.
	{"my insurance plan needs to be changed", req, "update", "insurance"},
	{"the invoice has to be voided", req, "cancel", "invoice"},
	{"the lights turned off by themselves", stmt, "turn_off", "light"},
	{"ticket 88 was closed", stmt, "close", "ticket"},
	{"someone accidentally deleted the design file", stmt, "delete", "file"},
	{"we accidentally merged the wrong branch", stmt, "merge", "branch"},
	{"the bank charged me a fee", stmt, "charge", "fee"},
	{"our team already approved the budget", stmt, "approve", "budget"},
	{"I just paid the electricity bill", stmt, "pay", "electricity_bill"},
	{"the server restarted twice last night", stmt, "restart", "server"},
	{"my boss cancelled the meeting", stmt, "cancel", "meeting"},
	{"the calendar invite was declined", stmt, "reject", "invitation"},

	// Greetings, thanks and small talk.
	{"hello", chat, "", ""},
	{"thanks!", chat, "", ""},
	{"good morning", chat, "", ""},
	{"how are you doing?", chat, "", ""},
	// A question with no content word that asks for something asks.
	{"what time is it?", ques, "", ""},
	{"what day is it today", ques, "", ""},
	{"bye", chat, "", ""},
	{"ok cool", chat, "", ""},
	{"thank you so much", chat, "", ""},
	{"lol", chat, "", ""},
	{"hey there", chat, "", ""},
	{"tell me a joke", chat, "", ""},
	{"appreciate it", chat, "", ""},
	{"please", chat, "", ""},
	{"I archived an email", stmt, "archive", "email"},
	{"I was charged twice for order 42", stmt, "charge", "order"},
	{"I was billed twice", stmt, "charge", ""},
}

// actWrong are turns the grammar reads wrongly today (see -wrong).
var actWrong = []actRow{
	{"refund for INV-0042137", np, "", "refund"},                               // imperative refund
	{"refund status", np, "", "refund"},                                        // imperative refund
	{"server logs for api-7", np, "", "server"},                                // statement, "logs" read as the verb record
	{"can I get a copy of my receipt", req, "get", "receipt"},                  // action "": "can i get" swallows the verb
	{"could I get the tracking number", req, "get", "tracking_number"},         // action ""
	{"someone deleted the design file", stmt, "delete", "file"},                // imperative
	{"you sent me the wrong invoice", stmt, "send", "invoice"},                 // imperative
	{"the thermostat reset itself", stmt, "reset", "thermostat"},               // imperative
	{"the refund never arrived", stmt, "", "refund"},                           // noun_phrase, negated
	{"my package arrived damaged", stmt, "", "package"},                        // noun_phrase
	{"the printer is jammed", stmt, "", "printer"},                             // noun_phrase
	{"I forgot my password", stmt, "", "password"},                             // noun_phrase
	{"the nightly backup failed", stmt, "", "backup"},                          // imperative backup, "failed" read as a typo of "filed"
	{"my flight got cancelled", stmt, "cancel", "flight"},                      // action get
	{"the pull request got merged by mistake", stmt, "merge", "pull_request"},  // action get
	{"the vpn keeps disconnecting", stmt, "disconnect", "vpn"},                 // action save
	{"my order was cancelled without notice", stmt, "cancel", "order"},         // head resignation ("notice")
	{"my subscription renewed without warning", stmt, "renew", "subscription"}, // head warning
	{"the invoice was sent to the wrong address", stmt, "send", "invoice"},     // head address
	{"turn on the kitchen lights", imp, "turn_on", "light"},                    // head kitchen
	{"mute the living room speaker", imp, "mute", "speaker"},                   // head living_room
	{"the wifi password", np, "", "password"},                                  // head wifi
	{"what time is my dentist appointment", ques, "", "appointment"},           // head dentist
	{"do I have any unread emails", ques, "", "email"},                         // action send, "emails" read as a verb
	{"why didn't my refund go through", ques, "", "refund"},                    // action list ("go through")
}

func TestParseActs(t *testing.T) {
	for _, tt := range rows(actRows, actWrong) {
		p := parse(t, tt.in)
		if len(p.Clauses) != 1 {
			t.Errorf("Parse(%q) has %d clauses, want 1", tt.in, len(p.Clauses))
		}
		c := p.Clauses[0]
		if c.Act != tt.act {
			t.Errorf("Parse(%q).Act = %s, want %s", tt.in, c.Act, tt.act)
		}
		if c.Action != tt.action {
			t.Errorf("Parse(%q).Action = %q, want %q", tt.in, c.Action, tt.action)
		}
		if h := head(c); h != tt.head {
			t.Errorf("Parse(%q).Objects[0] = %q, want %q (objects %q)", tt.in, h, tt.head, c.Objects)
		}
	}
}

// negRow is a turn and whether its first clause negates or withdraws its
// request, with the clause's action.
type negRow struct {
	in      string
	negated bool
	action  string
}

var negRows = []negRow{
	{"don't charge the card", true, "charge"},
	// A negated modal or do is followed by the verb it negates, even one
	// that is also a noun and comes before an id.
	{"don't pay invoice 42", true, "pay"},
	{"don't refund 42.50 yet", true, "refund"},
	{"do not archive it", true, "archive"},
	{"never mind", true, ""},
	{"please don't send the newsletter yet", true, "send"},
	{"never delete the production database", true, "delete"},
	{"stop charging me", true, "charge"},
	{"forget it", true, ""},
	{"scratch that", true, ""},
	{"I don't want to cancel it", true, "cancel"},
	{"don't bother", true, ""},
	{"nvm", true, ""},
	{"no need to restart the router", true, "restart"},
	{"hold off on the deployment", true, ""},
	{"do not turn off the alarm", true, "turn_off"},
	{"never mind the invoice", true, ""},
	{"please do not share this document", true, "share"},
	{"ignore that", true, ""},
	{"don't unlock the door", true, "unlock"},
	{"not now", true, ""},
	{"I do not want to unsubscribe", true, "unsubscribe"},
	{"you shouldn't delete that branch", true, "delete"},
	// A negation that does not withdraw the request.
	{"the card wasn't charged", false, "charge"},
	{"cancel the order, not the subscription", false, "cancel"},
	{"show orders that are not shipped", false, "get"},
	{"don't forget to renew the domain", false, "renew"},
	{"stop the music", false, "stop"},
	{"isn't order 42 paid?", false, "get"}, // whether it is paid: its status
	{"why wasn't my card charged?", false, "charge"},
	{"why didn't the backup run?", false, "run"},
	{"on second thought, cancel order 5", false, "cancel"},
	{"I never got my refund", false, "get"},
	{"no, cancel it", false, "cancel"},
	{"can't you refund it?", false, "refund"},
	{"I cannot open the attachment", false, "open"},
	{"the printer won't turn on", false, "turn_on"},
	{"we can't ship it today", false, "ship"},
	// A determiner that negates a noun after the things asked for says
	// what is not there; one before them withdraws the request.
	{"contact ct_6161, no answer", false, ""},
	{"no refunds please", true, ""},
	// A phrase that withdraws a request is the verb a want or a need
	// frame asks for, no withdrawal.
	{"I need to leave it at the front desk", false, ""},
	{"I want to hold off on my subscription", false, ""},
}

var negWrong = []negRow{}

func TestParseNegation(t *testing.T) {
	for _, tt := range rows(negRows, negWrong) {
		c := parse(t, tt.in).Clauses[0]
		if c.Negated != tt.negated {
			t.Errorf("Parse(%q).Negated = %v, want %v", tt.in, c.Negated, tt.negated)
		}
		if c.Action != tt.action {
			t.Errorf("Parse(%q).Action = %q, want %q", tt.in, c.Action, tt.action)
		}
	}
}

// argString writes a turn's arguments as "kind:value/noun", "; " between.
func argString(p *grammar.Parse) string {
	var out []string
	for _, c := range p.Clauses {
		for _, a := range c.Args {
			s := a.Kind + ":" + a.Value
			if a.Noun != "" {
				s += "/" + a.Noun
			}
			if a.Counted != "" {
				s += " counting " + a.Counted
			}
			out = append(out, s)
		}
	}
	return strings.Join(out, "; ")
}

// argRow is a turn and its arguments, as argString writes them.
type argRow struct{ in, want string }

var argRows = []argRow{
	{"show order 42", "number:42/order"},
	// A number between many things and a plural counts the plural.
	{"show the invoices from the last 3 months", "number:3 counting month"},
	{"refund invoice INV-0042137", "identifier:INV-0042137/invoice"},
	{`search tickets for "login timeout"`, "quoted:login timeout/ticket"},
	{"refund $20 on order 42", "money:20 USD; number:42/order"},
	{"charge €4.50 to card 1234", "money:4.50 EUR; number:1234/card"},
	{"the invoice is due 2026-06-01", "date:2026-06-01/invoice"},
	{"transfer 1,200.50 dollars to savings", "money:1200.50 USD"},
	{"open pull request #1287", "number:1287/pull_request"},
	// A reference to an item of a repository is the repository and the
	// item's number.
	{"close acme/api#88", "identifier:acme/api; number:88"},
	{"show me acme/api", "identifier:acme/api"},
	// What a verb of saying says, after "that", is one text; a relative
	// "that" opens none.
	// A noun only the wordnet knows names the number right after it,
	// unless it ends a compound.
	{"play the song at tempo 90 bpm", "number:90/tempo"},
	{"a car with fuel efficiency 20", "number:20/fuel"},
	{"announce that dinner is ready", "quoted:dinner is ready"},
	{"notify them that the build is green", "quoted:the build is green"},
	{"show the invoice that I paid", ""},
	{"assign ticket ABC-123 to bob@example.org", "identifier:ABC-123/ticket; email:bob@example.org"},
	{"order number 42", "number:42/order"},
	// A number right before a noun counts it, and may be the value of a
	// noun before it too; joined by a hyphen it is of the noun it counts
	// alone, in digits or in words; text after a colon keeps it.
	{"find a 2-bedroom, 1-bathroom apartment", "number:2/bedroom counting bedroom; number:1/bathroom counting bathroom"},
	{"find a two-bedroom apartment", "number:2/bedroom counting bedroom"},
	{"book a 3-day trip", "number:3/day counting day"},
	{"book a deluxe room for 2 nights", "number:2/room counting night"},
	{"a table for two people at the bistro", "number:2/table counting person"},
	// After a genitive, a number is the value of the noun before it.
	{"search the articles with a limit of 20 results", "number:20/limit"},
	{"add a note to the deal: customer wants a 3-year term", "quoted:customer wants a 3-year term/deal"},
	// A lone "one" is no number joined to a word ("a one-way flight") or
	// after an article ("a one time charge"), nor where it stands for a
	// noun ("which one"), nor are digits joined to a word that is no noun;
	// written apart before a noun it counts it.
	{"book a one-way flight", ""},
	{"add a one time charge", ""},
	{"which one is cheaper", ""},
	{"book a room for one person", "number:1/room counting person"},
	{"file the 1099-xyz form", ""},
	{"set the thermostat to 21 degrees", "number:21/thermostat"},
	{"ping server 10.0.0.12", "identifier:10.0.0.12/server"},
	{"apply a 20% discount to order 7", "number:20%; number:7/order"},
	{"rename the file to 'final draft'", "quoted:final draft/file"},
	{"invite maria@acme.io to the standup", "email:maria@acme.io"},
	{"what's the balance on account 99812", "number:99812/account"},
	{"look up customer 5", "number:5/customer"},
	{`find the email from jo@example.com about "Q3 budget"`, "email:jo@example.com/email; quoted:Q3 budget"},
	{"deploy build 3.2.1 to staging", "identifier:3.2.1/build"},
	{"refund 50 cents", "money:0.50 USD"},
	{"show order ord_8f3a", "identifier:ord_8f3a/order"},
	{`reply to thread 7 with "on my way"`, "number:7/thread; quoted:on my way"},
	{"restart vm i-0abc123", "identifier:i-0abc123/server"},
	{"give me the top 10 products", "number:10"},
	{"order #42", "number:42/order"},
	{"send £15 to Sam", "money:15 GBP"},
	{"my last three orders", "number:3 counting order"},
	{"what's the status of order 42?", "number:42/order"},
	{"convert 100 euros to dollars", "money:100 EUR; currency:USD"},
	// A currency named with no amount: a code written as the code, or a
	// currency word joined to another ("from euro to dollar"); a currency
	// word alone is no currency ("a real problem").
	{"exchange rate from EUR to USD", "currency:EUR/exchange_rate; currency:USD"},
	{"convert from Euros to Dollars", "currency:EUR; currency:USD"},
	{"i have a real problem with the pound", ""},
	// A currency's code in capitals before an amount names its currency.
	{"charge USD 30 for the extra usage", "money:30 USD"},
	{"refund EUR 12.50", "money:12.50 EUR"},
	{"are there any meetings tomorrow", "date:2026-05-14/meeting"},
	{"schedule a meeting for next Monday", "date:2026-05-18/meeting"},
	{"refund twenty dollars on order 42", "money:20 USD; number:42/order"},
	{"set the oven to three hundred fifty degrees", "number:350/oven"},
}

var argWrong = []argRow{
	{"send the invoice to ana@example.com", "email:ana@example.com"}, // the address is the recipient, attached to invoice
	{"cancel order no. 42", "number:42/order"},                       // "no." ends a clause; 42 has no noun
	{"cancel my Thursday meeting", "date:2026-05-14/meeting"},        // no noun: a date before its noun
	{"show yesterday's orders", "date:2026-05-12/order"},             // no noun
}

func TestParseArgs(t *testing.T) {
	for _, tt := range rows(argRows, argWrong) {
		if got := argString(parse(t, tt.in)); got != tt.want {
			t.Errorf("Parse(%q).Args = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// valueRow is a turn with one argument of a kind: its text and value.
type valueRow struct{ in, kind, text, value string }

// firstArg returns the turn's first argument of one of kinds.
func firstArg(p *grammar.Parse, kinds ...string) (grammar.Arg, bool) {
	for _, c := range p.Clauses {
		for _, a := range c.Args {
			for _, k := range kinds {
				if a.Kind == k {
					return a, true
				}
			}
		}
	}
	return grammar.Arg{}, false
}

func testValues(t *testing.T, tests []valueRow, kinds ...string) {
	t.Helper()
	for _, tt := range tests {
		p := parse(t, tt.in)
		a, ok := firstArg(p, kinds...)
		if !ok {
			t.Errorf("Parse(%q) has no %s argument, want %s %q = %q", tt.in, strings.Join(kinds, " or "), tt.kind, tt.text, tt.value)
			continue
		}
		if a.Kind != tt.kind || a.Text != tt.text || a.Value != tt.value {
			t.Errorf("Parse(%q) argument = %s %q = %q, want %s %q = %q", tt.in, a.Kind, a.Text, a.Value, tt.kind, tt.text, tt.value)
		}
	}
}

// dateRows are read on Wednesday 13 May 2026.
var dateRows = []valueRow{
	{"remind me tomorrow", "date", "tomorrow", "2026-05-14"},
	{"what's on my calendar today", "date", "today", "2026-05-13"},
	{"book a call on Friday", "date", "Friday", "2026-05-15"},
	{"move the standup to next Wednesday", "date", "next Wednesday", "2026-05-20"},
	{"deliver it tonight", "date", "tonight", "2026-05-13"},
	{"pay the rent on March 3", "date", "March 3", "2026-03-03"},
	{"the report is due on the 1st of June", "date", "1st of June", "2026-06-01"},
	{"set a reminder for 5 June", "date", "5 June", "2026-06-05"},
	{"next tuesday", "date", "next tuesday", "2026-05-19"},
	{"invoices from yesterday", "date", "yesterday", "2026-05-12"},
	{"schedule the review for tomorrow morning", "date", "tomorrow", "2026-05-14"},
	{"ship it by Monday", "date", "Monday", "2026-05-18"},
	{"block my calendar on june 12th", "date", "june 12th", "2026-06-12"},
	{"tmrw", "date", "tmrw", "2026-05-14"},
	{"flights on december 24", "date", "december 24", "2026-12-24"},
	{"cancel my Thursday meeting", "date", "Thursday", "2026-05-14"},
	{"remind me on sunday to call mom", "date", "sunday", "2026-05-17"},
	{"which meetings do I have this friday", "date", "this friday", "2026-05-15"},
	{"due 2026-06-30", "date", "2026-06-30", "2026-06-30"},
	// A year after the day and month is the date's year; a month before
	// a year alone is that month.
	{"the rate on January 1, 2022", "date", "January 1, 2022", "2022-01-01"},
	{"wind speed on December 13 2019", "date", "December 13 2019", "2019-12-13"},
	{"invoices since 5 June 2025", "date", "5 June 2025", "2025-06-05"},
	{"the report of the 1st of June, 2024", "date", "1st of June, 2024", "2024-06-01"},
	{"invoices from May 2024", "date", "May 2024", "2024-05"},
	// A day of a span takes the year written at its end.
	{"book a hotel from August 15th to August 17th, 2023", "date", "August 15th", "2023-08-15"},
	{"from tomorrow to March 5, 2027", "date", "tomorrow", "2026-05-14"},
	// A number after a comma that is no year is a count.
	{"ship on March 3, 1500 units", "date", "March 3", "2026-03-03"},
}

var dateWrong = []valueRow{
	{"what did I spend last Saturday", "date", "last Saturday", "2026-05-09"},  // "Saturday" 2026-05-16
	{"the day after tomorrow", "date", "the day after tomorrow", "2026-05-15"}, // "tomorrow" 2026-05-14
}

func TestParseRelativeDates(t *testing.T) {
	testValues(t, rows(dateRows, dateWrong), "date")
}

// TestParseClockTimes reads times of day on a 12-hour clock ("3pm", "10
// am", "3:30 p.m.") and a 24-hour one ("15:00") as HH:MM, with no noun:
// a time says when, never which thing.
func TestParseClockTimes(t *testing.T) {
	for _, tt := range []argRow{
		{"move my 3pm meeting to 4 pm", "time:15:00; time:16:00"},
		{"book the room at 3:30 p.m. tomorrow", "time:15:30; date:2026-05-14"},
		{"remind me at 12am", "time:00:00"},
		{"the standup at 09:15", "time:09:15"},
		{"call at 10 AM", "time:10:00"},
		// An hour and the part of the day it falls in.
		{"set an alarm for 5 in the afternoon", "time:17:00"},
		{"wake me at 6 in the morning", "time:06:00"},
		{"a table at 7:30 in the evening", "time:19:30"},
		{"call him at nine at night", "time:21:00"},
		{"remind me at 12 in the morning", "time:00:00"},
		// No time: an hour past the clock, a count, a ratio.
		{"meet at 13pm", ""},
		{"meet at 13 in the afternoon", "number:13"},
		{"show 3 in the morning queue", "number:3"},
		{"remind me in 2h", ""},
		{"list 10 orders", "number:10 counting order"},
		// An ordinal in digits before a noun is its number; after a
		// month it is the day.
		{"the kings of the 18th century", "number:18"},
		{"show the 3rd page", "number:3"},
		{"due on March 18th", "date:2026-03-18"},
		{"set the aspect ratio to 16:9", "identifier:16:9"},
	} {
		if got := argString(parse(t, tt.in)); got != tt.want {
			t.Errorf("Parse(%q).Args = %q, want %q", tt.in, got, tt.want)
		}
	}
}

var numberRows = []valueRow{
	{"twenty dollars", "money", "twenty dollars", "20 USD"},
	{"refund twenty dollars on order 42", "money", "twenty dollars", "20 USD"},
	{"send forty-two files", "number", "forty-two", "42"},
	{"forty two", "number", "forty two", "42"},
	{"one hundred and five", "number", "one hundred and five", "105"},
	{"show the last three invoices", "number", "three", "3"},
	{"charge fifty euros", "money", "fifty euros", "50 EUR"},
	{"two thousand pounds", "money", "two thousand pounds", "2000 GBP"},
	{"order twelve", "number", "twelve", "12"},
	{"one dollar", "money", "one dollar", "1 USD"},
	{"twenty five thousand", "number", "twenty five thousand", "25000"},
	// Digits scaled by a number word.
	{"a budget of 1.5 million dollars", "money", "1.5 million dollars", "1500000 USD"},
	{"send $2 billion", "money", "$2 billion", "2000000000 USD"},
	{"a population of 0.1 thousand", "number", "0.1 thousand", "100"},
	{"three hundred euros", "money", "three hundred euros", "300 EUR"},
	{"transfer one million yen", "money", "one million yen", "1000000 JPY"},
	{"set the volume to eleven", "number", "eleven", "11"},
	{"pay fifteen hundred", "number", "fifteen hundred", "1500"},
	{"give me seven", "number", "seven", "7"},
	{"tip the driver five bucks", "money", "five bucks", "5 USD"},
	{"book a table for two tonight", "number", "two", "2"},
	{"set the oven to three hundred fifty degrees", "number", "three hundred fifty", "350"},
	// "one" is a pronoun, which never stands before a noun: there it is
	// the number.
	{"book a train for one adult", "number", "one", "1"},
	{"reserve one seat on the 9am bus", "number", "one", "1"},
}

var numberWrong = []valueRow{
	{"ninety nine cents", "money", "ninety nine cents", "0.99 USD"}, // number 99; "cents" read as a typo of "certs"
	{"a hundred bucks", "money", "a hundred bucks", "100 USD"},      // text "hundred bucks"
	{"add a dozen eggs", "number", "a dozen", "12"},                 // text "dozen"
}

func TestParseSpokenNumbers(t *testing.T) {
	testValues(t, rows(numberRows, numberWrong), "number", "money")
}

// nameRow is a turn that gives a thing a name: the thing, and the name as
// quoted text ("" when there is none).
type nameRow struct{ in, head, name string }

var nameRows = []nameRow{
	{"create a new label called Taxes 2026", "label", "Taxes 2026"},
	{"create a private repo called billing-service in the acme org", "repository", "billing-service"},
	{"add a stage named Legal review to the pipeline", "pipeline_stage", "Legal review"},
	{"make a folder titled 'Invoices 2026'", "folder", "'Invoices 2026'"},
	// After a pronoun, a determiner or no noun, the word is a verb or a noun.
	{"I called her and left a voicemail", "", ""},
	{"log the call with the customer", "call", ""},
	{"create a label called", "label", ""},
}

func TestParseGivenNames(t *testing.T) {
	for _, tt := range nameRows {
		c := parse(t, tt.in).Clauses[0]
		name := ""
		if a, ok := c.FirstArg("quoted"); ok {
			name = a.Text
		}
		if h := head(c); h != tt.head || name != tt.name {
			t.Errorf("Parse(%q) = head %q name %q, want %q %q", tt.in, h, name, tt.head, tt.name)
		}
	}
}

// TestParseIrregularStems checks that a word no lexicon reads is stemmed
// by its lemma when it is an irregular form.
func TestParseIrregularStems(t *testing.T) {
	for _, tt := range []struct{ in, word, stem string }{
		{"how much have i spent on shoes", "spent", "spend"},
		{"what we dealt with", "dealt", "deal"},
	} {
		got := ""
		for _, w := range parse(t, tt.in).Clauses[0].Words {
			if w.Norm == tt.word {
				got = w.Stem
			}
		}
		if got != tt.stem {
			t.Errorf("Parse(%q): stem of %q = %q, want %q", tt.in, tt.word, got, tt.stem)
		}
	}
}

// verbRow is a turn whose first clause's action and head object are read
// from a phrasal verb.
type verbRow struct{ in, action, head string }

var phrasalRows = []verbRow{
	{"turn off the lights", "turn_off", "light"},
	{"turn the lights off", "turn_off", "light"},
	{"turn on the heater", "turn_on", "heater"},
	{"turn the heater on", "turn_on", "heater"},
	{"turn it off", "turn_off", ""},
	{"switch off the fan", "turn_off", "fan"},
	{"bring the server online", "start", "server"},
	{"take the server offline", "stop", "server"},
	{"switch the fan off", "turn_off", "fan"},
	{"look up order 42", "get", "order"},
	{"look order 42 up", "get", "order"},
	{"set up a new calendar", "create", "calendar"},
	{"set the printer up", "create", "printer"},
	{"sign out", "sign_out", ""},
	{"log in", "sign_in", ""},
	{"log me in", "sign_in", ""},
	{"log out of github", "sign_out", ""},
	{"pull up the quarterly report", "get", "report"},
	{"pull the quarterly report up", "get", "report"},
	{"shut down the server", "stop", "server"},
	{"shut the server down", "stop", "server"},
	{"back up my photos", "backup", "image"},
	{"back my photos up", "backup", "image"},
	{"clean up the downloads folder", "clear", "folder"},
	{"clean the downloads folder up", "clear", "folder"},
	{"throw away the draft", "delete", "draft"},
	{"throw the draft away", "delete", "draft"},
	{"fill out the form", "update", "form"},
	{"fill the form out", "update", "form"},
	{"write down the address", "write", "address"},
	{"check in for my flight", "check_in", "flight"},
	{"sign up for the newsletter", "subscribe", "newsletter"},
	{"spin up a new cluster", "create", "cluster"},
	{"tear the cluster down", "delete", "cluster"},
	{"cross off milk from the list", "delete", "milk"},
	{"bring up the dashboard", "get", "dashboard"},
	{"wake up the laptop", "wake", "laptop"},
	// A particle apart from its verb before a noun phrase is a preposition.
	{"put eggs on my list", "create", "egg"},
	// So is one before a name, a word with a capital inside the sentence.
	{"check the weather in Paris", "get", "weather"},
	{"sign the contract in Lisbon", "sign", "contract"},
	{"drop the package off at FedEx", "ship", "package"},
	// So is one before a date or a time; an adverb of time is none.
	{"put the dentist in my calendar on Friday", "create", "dentist"},
	// And a preposition before an id or an address, which a particle
	// never takes; a particle of separation keeps its verb.
	{"check the build for PR 301 in acme/cli", "get", "build"},
	{"take the label off acme/api#88", "delete", "label"},
	{"turn the heater on tomorrow", "turn_on", "heater"},
	// A particle of separation keeps its verb before a noun phrase: the
	// phrase is what is parted from.
	{"take the card off my account", "delete", "card"},
	{"cross milk off the list", "delete", "milk"},
	// A place adverb after it is no noun phrase: the particle stays.
	{"turn the fan off everywhere", "turn_off", "fan"},
	{"switch the heater on somewhere else", "turn_on", "heater"},
	// Of the particles further on, the one that ends the phrase wins; one
	// right after the verb is taken at once.
	{"turn the lights in here off", "turn_off", "light"},
	{"turn all the lights in the kitchen off", "turn_off", "light"},
	{"turn in the report", "submit", "report"},
}

var phrasalWrong = []verbRow{
	{"sign me out of the dashboard", "sign_out", "dashboard"}, // action sign: "out of" read as one preposition
	{"turn of the lights", "turn_off", "light"},               // no action: "turn" read as a typo of "torn"
}

// handActionRows are verbs whose concept the hand-written lexicon gives
// against the wordnets (actions.tsv): to activate a thing is to switch it
// on, to enable one is to allow it.
var handActionRows = []verbRow{
	{"activate the alarm", "turn_on", "alarm"},
	{"deactivate the lights", "turn_off", "light"},
	{"reactivate the sprinklers", "turn_on", "sprinkler"},
	{"enable two-factor authentication", "enable", "authentication"},
	{"disable the account", "disable", "account"},
	{"advance the candidate to the next stage", "promote", "candidate"},
}

func TestParseHandActions(t *testing.T) {
	for _, tt := range handActionRows {
		c := parse(t, tt.in).Clauses[0]
		if c.Action != tt.action || head(c) != tt.head {
			t.Errorf("Parse(%q) = %q on %q, want %q on %q", tt.in, c.Action, head(c), tt.action, tt.head)
		}
	}
}

func TestParsePhrasalVerbs(t *testing.T) {
	for _, tt := range rows(phrasalRows, phrasalWrong) {
		c := parse(t, tt.in).Clauses[0]
		if c.Action != tt.action {
			t.Errorf("Parse(%q).Action = %q, want %q", tt.in, c.Action, tt.action)
		}
		if h := head(c); h != tt.head {
			t.Errorf("Parse(%q).Objects[0] = %q, want %q (objects %q)", tt.in, h, tt.head, c.Objects)
		}
	}
}

// typoRow is a turn with a word as written, and the concept it is read as
// within an edit; "" when the word must not be read as a typo.
type typoRow struct{ in, word, concept string }

var typoRows = []typoRow{
	{"refnud the order", "refnud", "refund"},
	{"shwo my invoices", "shwo", "get"},
	{"cancle my subscription", "cancle", "cancel"},
	{"delte the file", "delte", "delete"},
	{"restrat the server", "restrat", "restart"},
	{"show my invocies", "invocies", "invoice"},
	{"archvie the ticket", "archvie", "archive"},
	{"tunr the lights off", "tunr", "turn_off"},
	{"dwonload the report", "dwonload", "download"},
	{"cancel my subscripton", "subscripton", "subscription"},
	{"open the calandar for tomorrow", "calandar", "calendar"},
	{"unsubscirbe me from the newsletter", "unsubscirbe", "unsubscribe"},
	{"schedual a meeting", "schedual", "schedule"},
	{"reset my pasword", "pasword", "password"},
	{"aprove the pull request", "aprove", "approve"},
	{"delete the branhc", "branhc", "branch"},
	{"mrege the pull request", "mrege", "merge"},
	{"upgarde the database", "upgarde", "upgrade"},
	{"lsit my orders", "lsit", "list"},
	{"show the ordr", "ordr", "order"},
	{"serach for flights", "serach", "search"},
	// A word of the wordnet at the start of a clause, before the
	// determiner that opens the object, is a slip of a verb (a sned is a
	// scythe's handle).
	{"sned the invoice to Ana", "sned", "send"},
	{"can you rise the volume", "rise", "increase"},
	// Not typos: exact words, words too far from any, words too short.
	{"refund the order", "refund", ""},
	{"xqzv the order", "xqzv", ""},
	{"refnuud the order", "refnuud", ""},
	{"show the ord", "ord", ""},
	{"invoices from March", "March", ""},
	{"approve the pull request and merge it into main", "main", ""},
	{"create a ticket and assign it to Maria", "Maria", ""},
	{"summarize the last email from Dana", "Dana", ""},
	{"search for flights to Paris", "Paris", ""},
	{"book a flight to Rome", "Rome", ""},
	{"pause the music and play it again tomorrow", "again", ""},
	{"this friday works", "works", ""},
	{"we lost access to the shared drive", "lost", ""},
	{"the build failed on main", "failed", ""},
	{"how long will the deploy take", "take", ""},
	{"it's broken", "broken", ""},
	{"it doesn't work", "work", ""},
}

// typoWrong are words of English, names and places read as typos of
// lexicon words.
var typoWrong = []typoRow{
	{"never ever charge my card again", "ever", ""}, // fever
	{"I'd rather not", "rather", ""},                // father
	{"you're the best", "best", ""},                 // belt
	{"I received a damaged item", "received", ""},   // revived
	{"what did I spend last Saturday", "spend", ""}, // speed
	// Words of the wordnet, in any of their forms.
	{"what is the radius of the cone", "radius", ""}, // radio
	{"what is the radius of the cone", "cone", ""},   // clone
	{"find cooking classes near me", "cooking", ""},  // booking
	{"which service provides it", "provides", ""},    // proxies
	{"pick the closest station", "closest", ""},      // closets
	{"the calender at the mill is broken", "calender", ""},
}

func TestParseTypos(t *testing.T) {
	for _, tt := range rows(typoRows, typoWrong) {
		p := parse(t, tt.in)
		var w *grammar.Word
		for i := range p.Clauses {
			for j := range p.Clauses[i].Words {
				if p.Clauses[i].Words[j].Text == tt.word {
					w = &p.Clauses[i].Words[j]
				}
			}
		}
		switch {
		case w == nil:
			t.Errorf("Parse(%q) has no word %q", tt.in, tt.word)
		case tt.concept == "" && w.Fuzzy:
			t.Errorf("Parse(%q): %q read as a typo of %q (%s), want no typo", tt.in, tt.word, w.Norm, w.Concept)
		case tt.concept != "" && !w.Fuzzy:
			t.Errorf("Parse(%q): %q.Fuzzy = false, want true", tt.in, tt.word)
		case tt.concept != "" && w.Concept != tt.concept:
			t.Errorf("Parse(%q): %q.Concept = %q, want %q", tt.in, tt.word, w.Concept, tt.concept)
		}
	}
}

// clauseString writes a parse's clauses as their actions, "|" between,
// "!" before a negated clause and "-" for a clause without an action.
func clauseString(p *grammar.Parse) string {
	var out []string
	for _, c := range p.Clauses {
		s := c.Action
		if s == "" {
			s = "-"
		}
		if c.Negated {
			s = "!" + s
		}
		out = append(out, s)
	}
	return strings.Join(out, "|")
}

// clauseRow is a turn and its clauses, as clauseString writes them.
type clauseRow struct{ in, want string }

var clauseRows = []clauseRow{
	{"charge the card and then archive the order", "charge|archive"},
	{"refund order 42 and email the customer", "refund|send"},
	{"turn off the lights, then lock the front door", "turn_off|lock"},
	{"find the invoice. send it to finance", "search|send"},
	{"restart the server; then check the logs", "restart|get"},
	{"close the PR and after that delete the branch", "close|delete"},
	{"merge the pull request then deploy to production", "merge|deploy"},
	{"open the garage door and turn on the porch light", "open|turn_on"},
	{"mute the tv and dim the lights", "mute|dim"},
	{"download the report, then share it with the team", "download|share"},
	{"first pay invoice 12, then archive it", "pay|archive"},
	{"list my open tickets and close the duplicates", "list|close"},
	// A bare verb joined by "and" to the next shares its object: one
	// clause, whose action is the second verb.
	{"squash and merge octo-org/web-app#512", "merge"},
	{"tag and publish v1.2.0 of acme/cli", "publish"},
	{"please review and approve PR 12", "approve"},
	{"close this and archive it", "close|archive"},
	{"convert it and open a deal", "convert|create"},
	{"rotate the api keys then restart all workers", "rotate|restart"},
	{"turn on the lights and set the thermostat to 20", "turn_on|set"},
	{"cancel my 3pm meeting and notify the attendees", "cancel|notify"},
	{"don't delete the logs and then restart the server", "!delete|restart"},
	{"back up the database and then upgrade it", "backup|upgrade"},
	// After a comma, a verb before a pronoun or a determiner begins a
	// command of its own; a noun before one does not.
	{"hold on, show me order 5", "pause|get"},
	{"wait, send it to finance", "wait|send"},
	{"don't wait for the nightly run, email the survey now", "!wait|send"},
	{"the contract is signed, record the end date", "sign|record"},
	// So does a negated verb; "be" with a negation reports a state.
	{"wait, don't approve RMA-1042 yet", "wait|!approve"},
	{"hold on, do not delete it", "pause|!delete"},
	{"orders that have shipped but aren't delivered yet", "ship"},
	{"I watched the show, it was great", "watch"},
	// A copula is its clause's verb: a command after the comma is one of
	// its own.
	{"the dog walker is here, unlock the back door", "-|unlock"},
	{"the server is stuck, restart it", "-|restart"},
	// So is what follows a modal, whether or not the lexicon knows it
	// (the clause it ends, whose verb the lexicon does not know, reads
	// as a negated noun phrase); and a word before a copula is its
	// subject, no command's verb.
	{"that invoice shouldn't exist, cancel it", "!-|cancel"},
	{"the add-on charge was a mistake, refund it", "-|refund"},
	{"the refund is pending, email the customer", "-|send"},
	// A relative pronoun after a noun opens a clause about the noun, to
	// a comma or a sentence mark: its verbs command nothing.
	{"find a shop that also repairs guitars", "search"},
	{"create a rule that labels the mail and archives it", "create"},
	{"create a rule that labels the mail, then archive the old ones", "create|archive"},
	{"find the order which shipped. cancel it", "search|cancel"},
	{"archive the order that shipped and then refund the fee", "archive|refund"},
	{"tell him that we shipped it and refund the fee", "get|refund"},
	// "and" between nouns joins objects, not clauses.
	{"show orders and invoices", "get"},
	{"show my orders", "get"},
}

var clauseWrong = []clauseRow{
	{"don't charge the card, just archive the order", "!charge|archive"},                     // one clause "!charge", "archive" read as a noun
	{"back up the database, upgrade postgres and then restart it", "backup|upgrade|restart"}, // "backup|restart", "upgrade" a noun
	{"never mind, show my invoices", "!-|get"},                                               // one clause "!get"
}

func TestParseClauses(t *testing.T) {
	for _, tt := range rows(clauseRows, clauseWrong) {
		if got := clauseString(parse(t, tt.in)); got != tt.want {
			t.Errorf("Parse(%q) clauses = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// contractionRow is a turn with a contraction, written with and without
// its apostrophe, and its first clause's act, negation and action.
type contractionRow struct {
	in      string
	act     grammar.Act
	negated bool
	action  string
}

var contractionRows = []contractionRow{
	{"don't archive it", imp, true, "archive"},
	{"dont archive it", imp, true, "archive"},
	{"dont turn off the heater", imp, true, "turn_off"},
	{"what's my balance", ques, false, ""},
	{"whats my balance", ques, false, ""},
	{"whats the status of ticket 7", ques, false, ""},
	{"I'd like to renew my passport", req, false, "renew"},
	{"id like to renew my passport", req, false, "renew"},
	{"we'd like to book a table", req, false, "book"},
	{"where's my package", ques, false, ""},
	{"wheres my package", ques, false, ""},
	{"let's schedule a call", req, false, "schedule"},
	{"I'm trying to reset my password", req, false, "reset"},
	{"im trying to reset my password", req, false, "reset"},
	{"gimme my invoices", imp, false, "get"},
	{"lemme see the logs", req, false, "get"},
	{"wanna cancel my order", req, false, "cancel"},
	{"isn't order 42 paid?", ques, false, "get"},
	{"what're my options", ques, false, ""},
	{"who's on call tonight", ques, false, ""},
	{"when's my next appointment", ques, false, ""},
	{"how's the deployment going", ques, false, ""},
	{"why didn't the backup run?", ques, false, "run"},
	{"why can't I log in?", ques, false, "sign_in"},
	{"why cant I see my invoices", ques, false, "get"},
	{"how come I can't download the report", ques, false, "download"},
	{"what's wrong with my order", ques, false, ""},
	{"what'll it cost", ques, false, ""},
	{"I can't log in", stmt, false, "sign_in"},
	{"I've been charged twice", stmt, false, "charge"},
	{"they've cancelled my flight", stmt, false, "cancel"},
	{"can't you refund it?", req, false, "refund"},
	{"doesn't the server restart automatically?", ques, false, "restart"},
	{"shouldn't the invoice be paid by now", ques, false, "pay"},
}

var contractionWrong = []contractionRow{
	{"didn't I cancel that already?", ques, false, "cancel"}, // no action: "cancel that" read as a withdrawal
	{"haven't received my refund", stmt, false, ""},          // imperative restore, negated
}

func TestParseContractions(t *testing.T) {
	for _, tt := range rows(contractionRows, contractionWrong) {
		c := parse(t, tt.in).Clauses[0]
		if c.Act != tt.act {
			t.Errorf("Parse(%q).Act = %s, want %s", tt.in, c.Act, tt.act)
		}
		if c.Negated != tt.negated {
			t.Errorf("Parse(%q).Negated = %v, want %v", tt.in, c.Negated, tt.negated)
		}
		if c.Action != tt.action {
			t.Errorf("Parse(%q).Action = %q, want %q", tt.in, c.Action, tt.action)
		}
	}
}

// stateRow is a turn that names a state: a verbless command ("lights
// off") or a yes-or-no question whether a thing is in a state; state is
// the clause's State ("" when the turn names none), and status whether
// the question asks for the thing's status.
type stateRow struct {
	in     string
	act    grammar.Act
	action string
	state  string
	status bool
}

var stateRows = []stateRow{
	// Whether a thing is there asks for the state of what would hold it.
	{"is there any smoke in the kitchen?", ques, "", "", true},
	{"are there any leaks?", ques, "", "", true},
	{"is there a way to export it?", req, "export", "", false},
	// Verbless commands: the state word is the action.
	{"lights off", imp, "turn_off", "turn_off", false},
	{"kitchen light on", imp, "turn_on", "turn_on", false},
	{"porch lights off please", req, "turn_off", "turn_off", false},
	{"the fan off in the bedroom", imp, "turn_off", "turn_off", false},
	// Before a noun phrase or a date, the same word is a preposition.
	{"lights on the porch", np, "", "", false},
	{"flights to Lisbon on Friday", np, "", "", false},
	// Questions whether a thing is in a state ask to see its status.
	{"is the garage door open?", ques, "get", "open", true},
	{"is the front door locked?", ques, "get", "lock", true},
	{"is the washer running?", ques, "get", "run", true},
	{"is the kitchen light on?", ques, "get", "turn_on", true},
	{"is the printer ready?", ques, "get", "ready", true},
	{"are the windows closed?", ques, "get", "close", true},
	{"is order 42 shipped?", ques, "get", "ship", true},
	// A last word that can be an adjective is the state, though it can
	// be a noun too; a name can be the thing asked about.
	{"is the floor wet?", ques, "get", "wet", true},
	{"are the water pipes cold?", ques, "get", "cold", true},
	{"is CO detected?", ques, "get", "detect", true},
	// Spoken questions leave the copula out after an indefinite.
	{"any curtains open?", ques, "get", "open", true},
	{"any doors locked in the garage?", ques, "get", "lock", true},
	// A command that opens with its verb is still a command.
	{"open any curtains?", imp, "open", "", false},
	// Which things are in a state: the action is read from the number.
	{"which lights are on?", ques, "", "turn_on", true},
	{"which invoices are overdue", ques, "", "overdue", true},
	{"how many windows are open?", ques, "", "open", true},
	// A question word that determines the plural object of the verb
	// asks which of the things were acted on: no action asked for.
	{"which emails haven't I read yet?", ques, "", "get", false},
	{"what payments did I make last quarter?", ques, "", "create", false},
	{"which orders did we cancel?", ques, "", "cancel", false},
	{"which order did we cancel?", ques, "cancel", "", false},
	{"which orders can I cancel?", ques, "", "cancel", false},
	// An indirect yes-or-no question asks the same: its frame (a verb
	// of the indirect class, its pronoun, if or whether) asks nothing.
	{"tell me if the garage is open", ques, "get", "open", true},
	{"let me know if the back door is locked", ques, "get", "lock", true},
	{"can you check whether the kitchen light is on?", ques, "get", "turn_on", true},
	{"check if the washer is running", ques, "get", "run", true},
	// A verb of another class, or no question after the word, is no
	// frame.
	{"turn on the light if the door is open", imp, "turn_on", "", false},
	{"tell me the status of the garage door", imp, "get", "", true},
	// Between the thing and its state, a word of time, or a phrase
	// that says which thing it is, leaves the state after the thing.
	{"is the TV still on?", ques, "get", "turn_on", true},
	{"is the front door already locked?", ques, "get", "lock", true},
	{"is the light in the kitchen on?", ques, "get", "turn_on", true},
	{"is the TV in the den still on?", ques, "get", "turn_on", true},
	{"which invoices are still open?", ques, "", "open", true},
	// A pronoun that stands for any thing or every thing is the thing:
	// the question asks which things are in the state.
	{"is anything on?", ques, "", "turn_on", true},
	{"is everything off?", ques, "", "turn_off", true},
	{"is anything still on in the basement?", ques, "", "turn_on", true},
	{"is something open?", ques, "", "open", true},
	{"is it on?", chat, "", "", false},
	// A phrase with no state after it asks no state.
	{"how many items are on my shopping list?", ques, "", "", false},
	{"is the order in the system?", ques, "", "", false},
	// Other questions are not about a state.
	{"what is the capital of France?", ques, "", "", false},
	{"is my package on the way?", ques, "", "", false},
	{"is it possible to open the door?", req, "open", "", false},
	{"can the meeting be moved to Friday?", ques, "reschedule", "", false},
	{"are you able to turn on the lights?", req, "turn_on", "", false},
	{"is it sunny?", ques, "", "", false},
	{"is the order a draft?", ques, "", "", false},
}

func TestParseStates(t *testing.T) {
	for _, tt := range stateRows {
		c := parse(t, tt.in).Clauses[0]
		if c.Act != tt.act || c.Action != tt.action || c.State != tt.state {
			t.Errorf("Parse(%q) = %s %q state %q, want %s %q state %q", tt.in, c.Act, c.Action, c.State, tt.act, tt.action, tt.state)
		}
		status := false
		for _, o := range c.Objects {
			status = status || o == "status"
		}
		if status != tt.status {
			t.Errorf("Parse(%q).Objects = %q, want status %v", tt.in, c.Objects, tt.status)
		}
	}
}

// TestParseWordNetNouns checks that a word no lexicon lists is read as a
// noun of the wordnet, after the lexicon's nouns, and never as a name
// (though an acronym may be a noun) or a command's verb.
func TestParseWordNetNouns(t *testing.T) {
	for _, tt := range []struct {
		in      string
		objects string // the clause's objects, in order
	}{
		{"what is the capital of France?", "capital"},
		{"set the thermostat to 21", "thermostat"},
		{"show the invoices of the quarter", "invoice quarter"},
		{"cancel the order for the tripod", "order tripod"},
		{"email Dana the report", "report"},
		// An acronym in capitals the wordnet lists is its noun; one it
		// does not list stays a name.
		{"find me an SUV in Las Vegas", "suv"},
		{"find any SUVs near me", "suv"},
		{"ask the CEO of IBM", "ceo"},
		// A verb of the lexicon right after the clause's verb and right
		// before a number or an id is the noun that names it.
		{"stop run 123456", "run"},
		{"cancel build 42", "build"},
		{"please run 5 tests", "test"},
	} {
		c := parse(t, tt.in).Clauses[0]
		if got := strings.Join(c.Objects, " "); got != tt.objects {
			t.Errorf("Parse(%q).Objects = %q, want %q", tt.in, got, tt.objects)
		}
	}
	c := parse(t, "what is the capital of France?").Clauses[0]
	for _, w := range c.Words {
		if w.Norm == "capital" && (w.Class != grammar.Noun || !w.WordNet) {
			t.Errorf("capital = %+v, want a noun of the wordnet", w)
		}
		if w.Text == "France" && w.Class == grammar.Noun {
			t.Errorf("France = %+v, want a name, no noun", w)
		}
	}
}

// TestParseQualities reads questions about a quality: "how", an
// adjective and "be" ask for the attribute the adjective gives a value
// of, the thing's head object; the adjective is no verb and no noun.
func TestParseQualities(t *testing.T) {
	checkActionObjects(t, []actionObjects{
		{"how hot is the office", "", "temperature office"},
		{"how warm is it in here?", "", "temperature"},
		{"how loud is the tv?", "", "volume tv"},
		{"how far is the airport?", "", "distance airport"},
		{"how big is the file f_123?", "", "size file"},
		// Not a quality: no adjective, or no "be" after it.
		{"how is the weather", "", "weather"},
		{"how do I cancel my order", "cancel", "order"},
	})
}

// actionObjects is a turn and what its first clause reads: its action
// and its objects, joined by spaces.
type actionObjects struct{ in, action, objects string }

// checkActionObjects parses each turn and checks its first clause's
// action and objects.
func checkActionObjects(t *testing.T, rows []actionObjects) {
	t.Helper()
	for _, tt := range rows {
		c := parse(t, tt.in).Clauses[0]
		if got := strings.Join(c.Objects, " "); c.Action != tt.action || got != tt.objects {
			t.Errorf("Parse(%q) = action %q, objects %q; want %q, %q", tt.in, c.Action, got, tt.action, tt.objects)
		}
	}
}

// TestParseReported reads the words of a message a command reports as
// one quoted argument: they are none of the command's action or objects.
// A reporting word that is the clause's own verb is left to the clause.
func TestParseReported(t *testing.T) {
	for _, tt := range []struct {
		in, action, objects, quoted string
	}{
		{"email ana@example.com saying I'll be 10 minutes late", "send", "", "I'll be 10 minutes late"},
		{"reply saying thanks, got it", "reply", "", "thanks, got it"},
		{"send a note to the team saying that the report is ready.", "send", "note team", "the report is ready"},
		{"leave a comment on ticket 12 letting them know we fixed the login", "create", "comment ticket", "we fixed the login"},
		{"post a message saying 'back at 3'", "send", "message", "back at 3"},
		{"send an email to Priya asking if she got the contract", "send", "email", "she got the contract"},
		{"comment on ticket 6110 asking for a screenshot", "comment", "ticket", "a screenshot"},
		{"I'm asking for a refund", "request", "refund", ""},
		{"customer asking for a refund", "request", "refund customer", ""},
		// The clause's own verb, or a question about what was said.
		{"what are people saying about the new mug?", "announce", "mug person", ""},
		{"saying hello", "announce", "", ""},
	} {
		c := parse(t, tt.in).Clauses[0]
		q, _ := c.FirstArg("quoted")
		quoted := q.Value
		if got := strings.Join(c.Objects, " "); c.Action != tt.action || got != tt.objects || quoted != tt.quoted {
			t.Errorf("Parse(%q) = %q %q quoted %q, want %q %q quoted %q", tt.in, c.Action, got, quoted, tt.action, tt.objects, tt.quoted)
		}
	}
}

// TestParseAfterPreposition reads a verb form after a preposition as the
// thing or the state it names, unless it is a gerund ("without charging")
// or "to" marks an infinitive.
func TestParseAfterPreposition(t *testing.T) {
	for _, tt := range []struct{ in, verbs string }{
		{"list the job postings in draft", "list"},
		{"archive order 42 without charging the card", "archive charging"},
	} {
		var verbs []string
		for _, c := range parse(t, tt.in).Clauses {
			for _, w := range c.Words {
				if w.Class == grammar.Verb {
					verbs = append(verbs, w.Norm)
				}
			}
		}
		if got := strings.Join(verbs, " "); got != tt.verbs {
			t.Errorf("Parse(%q) verbs %q, want %q", tt.in, got, tt.verbs)
		}
	}
}

// TestParseNames reads capitalised words inside a sentence: beside
// another capitalised word they are part of a name, never the clause's
// verb; a turn written in title case has no such names; and a name the
// lexicon does not know counts for no language.
func TestParseNames(t *testing.T) {
	for _, tt := range []struct {
		in, action string
		verbs      string // the words read as verbs, in order
	}{
		{"what will the humidity be in New York tomorrow?", "", ""},
		{"find comedies with Bill Murray", "search", "find"},
		{"book a table at Order House", "book", "book"},
		// Title case: every word is capitalised, none is a name for it.
		{"Please Turn Off The Kitchen Light", "turn_off", "Turn Off"},
		// One capitalised word alone keeps its reading.
		{"Show me the orders", "get", "Show"},
	} {
		c := parse(t, tt.in).Clauses[0]
		var verbs []string
		for _, w := range c.Words {
			if w.Class == grammar.Verb {
				verbs = append(verbs, w.Text)
			}
		}
		if c.Action != tt.action || strings.Join(verbs, " ") != tt.verbs {
			t.Errorf("Parse(%q) = action %q verbs %q, want %q verbs %q", tt.in, c.Action, verbs, tt.action, tt.verbs)
		}
	}
	for _, tt := range []struct {
		in    string
		words int
	}{
		{"find dramas directed by Alex Kendrick", 4},
		{"show me the orders of Dana", 5},
		// In title case the capitals are no names: every word counts.
		{"Show Me The Orders Of Dana", 6},
	} {
		if p := parse(t, tt.in); p.Words != tt.words {
			t.Errorf("Parse(%q).Words = %d, want %d", tt.in, p.Words, tt.words)
		}
	}
}

// TestParseActionOfConstruction reads the action a construction gives a
// verb: moving a thing to a day or a time reschedules it (a date that is
// no destination moves nothing in time); putting it at a level sets it,
// in a place adds it; giving it to someone hands it over, to the speaker
// asks for it; opening a new thing creates it.
func TestParseActionOfConstruction(t *testing.T) {
	for _, tt := range []struct{ in, action string }{
		{"move my 3pm meeting with Ana to 4pm", "reschedule"},
		{"move the standup to next monday", "reschedule"},
		{"move the file to the archive folder", "move"},
		{"move E20311 to the Berlin office effective July 1", "move"},
		{"put the awning at 30 percent", "set"},
		{"put the lights at 50%", "set"},
		{"put milk on the shopping list", "create"},
		{"place an order for 2 x TSHIRT-BLK-M", "create"}, // a count, no level
		{"give this lead to Kevin", "transfer"},
		{"give ticket 5102 to the billing group", "transfer"},
		{"hand this over to Priya", "transfer"},
		{"give me the full product catalogue, A to Z", "get"},
		{"open an issue about the login button", "create"},
		{"open a new support ticket for Acme", "create"},
		{"open another PR from my branch", "create"},
		{"open the garage door", "open"},
		{"open email msg_8812", "open"},
		// So does leaving one.
		{"leave a comment on PR 77", "create"},
		{"leave a 5 star review for order 42", "create"},
		{"leave the team channel", "leave"},
		// Changing a thing's name renames it.
		{"change the name of file f_1 to report.pdf", "rename"},
		{"change the Marketing folder's name to Brand", "rename"},
		{"update the folder name", "rename"},
		{"change the folder of the file", "update"},
		{"update the name field of contact ct_5 to Ana", "rename"},
	} {
		if c := parse(t, tt.in).Clauses[0]; c.Action != tt.action {
			t.Errorf("Parse(%q).Action = %q, want %q", tt.in, c.Action, tt.action)
		}
	}
}

// TestParseHelpAskedFor reads help asked for doing a thing as a way of
// asking: no object of the clause.
func TestParseHelpAskedFor(t *testing.T) {
	for _, tt := range []struct{ in, objects string }{
		{"I need help looking for a dentist", "dentist"},
		{"I need your help finding a dentist", "dentist"},
		{"show me the help page", "help page"},
		{"could you please assist me with the order?", "order"},
	} {
		if got := strings.Join(parse(t, tt.in).Clauses[0].Objects, " "); got != tt.objects {
			t.Errorf("Parse(%q).Objects = %q, want %q", tt.in, got, tt.objects)
		}
	}
}

// TestParseAdjectiveAfterDeterminer reads an adjective of the lexicon
// that is also an action word as the adjective after a determiner, and
// as the verb at the start of a clause.
func TestParseAdjectiveAfterDeterminer(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"create a new order", "function"},
		{"add the new card", "function"},
		{"new order for Bob", "verb create"},
	} {
		if got := wordReading(t, tt.in, "new"); got != tt.want {
			t.Errorf("Parse(%q): new is %s, want %s", tt.in, got, tt.want)
		}
	}
}

// wordReading is how the first clause of a turn reads a word: its class
// and its concept.
func wordReading(t *testing.T, turn, norm string) string {
	t.Helper()
	got := "no word " + norm
	for _, w := range parse(t, turn).Clauses[0].Words {
		if w.Norm == norm {
			got = strings.TrimSpace(w.Class.String() + " " + w.Concept)
		}
	}
	return got
}

// TestParseOrdinalBeforeNoun checks that an ordinal that can be a noun
// ("second") is the ordinal before the noun it counts, and the noun alone
// or after a number.
func TestParseOrdinalBeforeNoun(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"remove the second item from my list", "function"},
		{"transfer it to my second one", "function"},
		{"wait a second", "noun second"},
		{"set a ten second timer", "noun second"},
	} {
		if got := wordReading(t, tt.in, "second"); got != tt.want {
			t.Errorf("Parse(%q): second is %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestParseProgressive checks that an -ing form after a personal pronoun
// (or a relative after its noun) and a form of "be" is the progressive's verb, no thing the clause
// names, and that "here" and "there" name no thing either.
func TestParseProgressive(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"I'm planning a trip to Paris", []string{"trip"}},
		{"we are travelling to Lisbon", nil},
		{"restart it, it's hanging on shutdown", nil},
		// So is a relative pronoun after the noun or pronoun it stands for.
		{"find the shows that are happening in Lisbon", []string{"show"}},
		{"find one for me that's happening on Friday", nil},
		// A question word or a demonstrative is no such subject.
		{"what's happening this weekend", []string{"event"}},
		{"show me the planning board", []string{"board", "planning"}},
		{"book two rooms in a hotel there", []string{"room", "hotel"}},
		{"the printer here is broken", []string{"printer"}},
		{"put the unit down there", []string{"unit"}},
	} {
		var got []string
		for _, c := range parse(t, tt.in).Clauses {
			got = append(got, c.Objects...)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Parse(%q): objects %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestParseVerbFormInNounPhrase checks that a verb form after a
// determiner and its modifiers is inside the noun phrase, no verb, and that
// one after a form of "be" or with no determiner before is still a verb.
func TestParseVerbFormInNounPhrase(t *testing.T) {
	for _, tt := range []struct{ in, word, want string }{
		{"archive the closed posting 300", "posting", "unknown"},
		{"show the latest posting", "posting", "unknown"},
		{"what's a good use of my time", "use", "unknown"},
		{"archive the posting", "archive", "verb archive"},
		{"the old server, restart it", "restart", "verb restart"},
		// A past participle there qualifies the noun by the action it
		// names; an adjective or a present form does not.
		{"show me the archived orders", "archived", "unknown archive"},
		{"all voided invoices please", "voided", "unknown cancel"},
		{"any paid invoices?", "paid", "unknown pay"},
		{"archive the closed posting 300", "closed", "unknown close"},
		// So does one right after its noun, once the clause has its verb
		// (or a copula after "what"); a passive's participle stays the
		// verb, and so does a past with no verb before it.
		{"show the orders shipped last week", "shipped", "unknown ship"},
		{"what is the scale associated with C major?", "associated", "unknown link"},
		{"why was my card declined", "declined", "verb reject"},
		{"the customer paid the invoice", "paid", "verb pay"},
		{"make the page embed the video", "embed", "verb attach"}, // a base form, whatever its ending
		// A base form right after a determiner's noun ends the compound
		// where the wordnet lists it as a noun.
		{"get the musical scale of C", "scale", "noun scale"},
		{"what is the musical scale for C major?", "scale", "noun scale"},
		{"when was the bridge built", "built", "verb build"},
		{"are any curtains open in the living room?", "open", "verb open"},
		// A gerund phrase after "feel like" is the verb asked for.
		{"I feel like listening to some tunes", "listening to", "verb play"},
		// A gerund right after its noun, once the clause has its verb,
		// qualifies the noun as a relative clause would ("movies that
		// are playing"); with no verb before it, or right after the
		// verb, it is the verb.
		{"find movies playing in Newark", "playing", "unknown play"},
		{"show flights leaving tomorrow", "leaving", "unknown leave"},
		{"is the dishwasher running?", "running", "verb run"},
		{"stop playing music", "playing", "verb play"},
		{"ask the host ping the gateway", "ping", "verb notify"}, // a base form, whatever its ending
	} {
		got := "no word " + tt.word
		for _, w := range parse(t, tt.in).Clauses[0].Words {
			if w.Norm == tt.word {
				got = strings.TrimSpace(w.Class.String() + " " + w.Concept)
			}
		}
		if got != tt.want {
			t.Errorf("Parse(%q): %s is %s, want %s", tt.in, tt.word, got, tt.want)
		}
	}
}

// TestParseFollows marks a clause an additive conjunction or a clause
// break joins to the one before (the next step), and not one a contrast
// or a comma joins.
func TestParseFollows(t *testing.T) {
	for _, tt := range []struct {
		in      string
		follows string
	}{
		{"snapshot the database and then reboot it", "false true"},
		{"archive the email and reply to the other one", "false true"},
		{"delete the deal but keep its history", "false false"},
		{"the dog walker is here, unlock the back door", "false false"},
	} {
		var got []string
		for _, c := range parse(t, tt.in).Clauses {
			got = append(got, strconv.FormatBool(c.Follows))
		}
		if strings.Join(got, " ") != tt.follows {
			t.Errorf("Parse(%q) follows = %q, want %q", tt.in, got, tt.follows)
		}
	}
}

// TestParseVerbOrNoun reads a word that may be a verb or a noun by its
// place: after a request that ends in "to", a base form is the verb asked
// for, even before a number ("I'd like to purchase 2 tickets"); without
// the request, a word before a number is the noun that names it ("I need
// invoice 42"). A form that could be a plural noun or a verb's third
// person is the verb before a determiner, as a description's first word
// ("Resumes a media player"); before anything else it is the noun
// ("orders for customer 5").
func TestParseVerbOrNoun(t *testing.T) {
	checkActionObjects(t, []actionObjects{
		{"I'd like to purchase 2 tickets", "buy", "ticket"},
		{"I would like to book a table", "book", "table"},
		{"I need invoice 42", "", "invoice"},
		{"Resumes a media player.", "resume", "media player"},
		{"orders for customer 5", "", "order customer"},
	})
}

// TestParseInfinitivalRelative reads an infinitive after an indefinite
// noun phrase that a verb of finding or showing takes as saying what the
// thing is for: no thing of its own and no second action. After a definite
// or bare noun, or a verb that puts the thing somewhere, "to" says where.
func TestParseInfinitivalRelative(t *testing.T) {
	checkActionObjects(t, []actionObjects{
		{"find a hotel to book", "search", "hotel"},
		{"find me a cheap movie to watch tonight", "search", "movie"},
		{"I'm looking for something to watch", "search", ""},
		{"show me a house to rent", "get", "house"},
		{"book a hotel", "book", "hotel"},
		{"add an item to list", "create", "item list"},
		{"move the budget file to trash", "trash", "budget file"},
	})
}

// TestParseNounAfterPhraseDeterminer reads the word after a phrase that
// ends in a determiner ("is my", "does my") as the noun the determiner
// determines, as after the determiner alone: "is my bill paid" asks about
// a bill, it bills nothing. A phrase that ends in a word that is also a
// conjunction ("make sure that") leaves the next word to the clause.
func TestParseNounAfterPhraseDeterminer(t *testing.T) {
	checkActionObjects(t, []actionObjects{
		{"is my bill paid", "get", "invoice status"},
		{"when is my bill due", "", "invoice due"},
		{"is the bill paid", "get", "invoice status"},
		{"make sure that you book a table", "book", "table"},
	})
}

// TestParseRelativeAfterNounPhrase reads a relative pronoun after any end
// of a noun phrase (a noun, a name written inside the sentence, a value)
// as opening a clause about it: its verb names no thing the turn asks for.
// A base form after a singular noun's "that" cannot be that clause's verb,
// which would agree with the noun: "that" determines it.
func TestParseRelativeAfterNounPhrase(t *testing.T) {
	checkActionObjects(t, []actionObjects{
		{"find a restaurant that serves pizza", "search", "restaurant pizza"},
		{"find a restaurant in San Francisco that serves pizza", "search", "restaurant pizza"},
		{"find a track from 2018 that fits this vibe", "search", "song vibe"},
		{"find restaurants that serve pizza", "search", "restaurant pizza"},
		{"process that refund", "", "process refund"},
	})
}

// TestParsePlaceNames reads a capitalised noun beside a capitalised word
// no lexicon knows, after a preposition, as part of that name ("in Menlo
// Park"), no thing the turn asks about; after a determiner the capitals
// only stress a kind of thing ("an Unisex Salon", "a Jira Issue"), and an
// acronym stays a noun ("SaaS CFOs").
func TestParsePlaceNames(t *testing.T) {
	checkActionObjects(t, []actionObjects{
		{"find a salon in Menlo Park", "search", "salon"},
		{"find hotels in Long Beach with a pool", "search", "hotel pool"},
		{"find an Unisex Salon in San Jose", "search", "salon"},
		{"create a Jira Issue for the login bug", "create", "issue login bug"},
		{"write an email for SaaS CFOs", "write", "email cfo"},
	})
}

// TestParseNounPhrases reads a noun the lexicon writes in several words
// as one thing, wherever the turn puts it: "money back" is what a refund
// gives back.
func TestParseNounPhrases(t *testing.T) {
	checkActionObjects(t, []actionObjects{
		{"I want my money back for invoice 42", "", "refund invoice"},
		{"can I get my money back?", "", "refund"},
	})
}

// TestParseBreakAfterDeterminer reads a word that may start a clause
// ("next") as a qualifier of the noun after a determiner: "skip to the
// next episode" is one clause; "pause it, next play the news" two.
func TestParseBreakAfterDeterminer(t *testing.T) {
	for _, tt := range []struct {
		in      string
		clauses int
	}{
		{"skip to the next episode on the bedroom speaker", 1},
		{"pause it, next play the news", 2},
	} {
		if got := len(parse(t, tt.in).Clauses); got != tt.clauses {
			t.Errorf("Parse(%q) has %d clauses, want %d", tt.in, got, tt.clauses)
		}
	}
}

// TestParseGoingTo checks that "going to" is read as the future, an
// auxiliary, never as the action of going somewhere: a turn that says
// what is going to happen asks for no navigation, while "go to" still
// commands it.
func TestParseGoingTo(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"what is the weather going to be like tomorrow", ""},
		{"is it going to rain today", ""},
		{"when is my card going to expire", "revoke"},
		{"go to settings", "navigate"},
	} {
		p := parse(t, tt.in)
		if got := p.Clauses[0].Action; got != tt.want {
			t.Errorf("Parse(%q): action %q, want %q", tt.in, got, tt.want)
		}
	}
}

// A short noun the wordnet lists, an abbreviation or a short name ("apr",
// "tom"), is no function word of another language: it counts
// neither for nor against the turn's language. A turn in another language
// is still unread by its own short words.
func TestParseShortWordnetNouns(t *testing.T) {
	g, err := fixedGrammar()
	if err != nil {
		t.Fatal(err)
	}
	const minRead = 0.34 // the router's share (router/decide.go)
	unread := func(in string) bool {
		p := g.Parse(in)
		return p.Foreign || p.Read == 0 || p.Short > 0 && 2*p.ShortRead < p.Short || p.Read < minRead*float64(p.Words)
	}
	for _, in := range []string{"what apr does this credit card have", "call tom", "roll die"} {
		if unread(in) {
			p := g.Parse(in)
			t.Errorf("Parse(%q) read %.1f of %d words, %d of %d short: want it read", in, p.Read, p.Words, p.ShortRead, p.Short)
		}
	}
	for _, in := range []string{"montre-moi la commande", "annule la commande 42", "zeig mir die Bestellung", "cancela el pedido de la tienda"} {
		if !unread(in) {
			p := g.Parse(in)
			t.Errorf("Parse(%q) read %.1f of %d words, %d of %d short, foreign %v: want it unread", in, p.Read, p.Words, p.ShortRead, p.Short, p.Foreign)
		}
	}
}

// TestParseVerbAfterSubjectQuestion checks that a word that can be a verb
// right after a question word that stands for the subject is no noun of
// the wordnet, and neither is a form of a verb that is a noun of its own
// spelling ("won" is a currency too).
func TestParseVerbAfterSubjectQuestion(t *testing.T) {
	for _, tt := range []struct{ in, norm, want string }{
		{"who won the game last night?", "won", "unknown"},
		{"we won the deal", "won", "unknown"},
		{"who wins the game", "wins", "unknown"},
		{"how many won do I get for 10 dollars", "won", "noun won"},
		{"which thermostat is on", "thermostat", "noun thermostat"},
	} {
		if got := wordReading(t, tt.in, tt.norm); got != tt.want {
			t.Errorf("%q: %q reads as %q, want %q", tt.in, tt.norm, got, tt.want)
		}
	}
}

// TestParseEnsureRequest reads "make sure", "ensure" and "see to it
// that" before a clause that states how a thing should be as a request
// for the action that makes it so, with or without the "that" English
// may leave out; the verb "make" of "make sure" creates nothing.
func TestParseEnsureRequest(t *testing.T) {
	for _, tt := range []struct {
		in     string
		act    grammar.Act
		action string
	}{
		{"make sure every light is off", grammar.Request, "turn_off"},
		{"make sure that every light is off", grammar.Request, "turn_off"},
		{"make sure the garage door is closed", grammar.Request, "close"},
		{"ensure the front door is locked", grammar.Request, "lock"},
		{"see to it that the porch light is on", grammar.Request, "turn_on"},
		{"make sure to lock the front door", grammar.Request, "lock"},
		// "make" with an object of its own still makes it.
		{"make a new folder", grammar.Imperative, "create"},
	} {
		c := parse(t, tt.in).Clauses[0]
		if c.Act != tt.act || c.Action != tt.action {
			t.Errorf("Parse(%q) = %s %q, want %s %q", tt.in, c.Act, c.Action, tt.act, tt.action)
		}
	}
}

// TestParseRelayedRequest reads what another person wants, or has asked
// for, as a request for it: the participle or the infinitive after it is
// the action, and the want is no object.
func TestParseRelayedRequest(t *testing.T) {
	for _, tt := range []struct{ in, action, objects string }{
		{"the customer wants the order cancelled", "cancel", "customer order"},
		{"she wants her subscription paused", "pause", "subscription"},
		{"the client needs invoice 12 voided", "cancel", "customer invoice"},
		{"Ana would like to cancel order 1182", "cancel", "order ana"},
		{"the customer asked me to refund order 1182", "refund", "order customer"},
		{"my manager is asking us to archive the report", "archive", "report manager"},
	} {
		c := parse(t, tt.in).Clauses[0]
		if got := strings.Join(c.Objects, " "); c.Act != grammar.Request || c.Action != tt.action || got != tt.objects {
			t.Errorf("Parse(%q) = %s %q %q, want request %q %q", tt.in, c.Act, c.Action, got, tt.action, tt.objects)
		}
	}
}

// TestParseIntentionRequest reads being about to do a thing, or trying
// to, whoever says so, and asking how we do it, as a request for it, not
// a statement that reports it done.
func TestParseIntentionRequest(t *testing.T) {
	for _, tt := range []struct{ in, action string }{
		{"we are looking to cancel order 1182", "cancel"},
		{"I am hoping to cancel my subscription", "cancel"},
		{"we're planning to archive the old invoices", "archive"},
		{"they are trying to refund order 7", "refund"},
		{"how do we cancel order 1182", "cancel"},
		{"is there a way we can pause the plan", "pause"},
	} {
		if c := parse(t, tt.in).Clauses[0]; c.Act != grammar.Request || c.Action != tt.action {
			t.Errorf("Parse(%q) = %s %q, want request %q", tt.in, c.Act, c.Action, tt.action)
		}
	}
}
