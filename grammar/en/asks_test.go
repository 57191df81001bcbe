package en

import (
	"strings"
	"testing"
)

// asksRow is a turn and what its first clause asks for: the concepts of
// Clause.Asks joined by spaces, "" for none.
type asksRow struct {
	in, want string
}

var asksRows = []asksRow{
	// A question word at the start of a question.
	{"when is the vet appointment for the cat?", "date time"},
	{"when was the bridge built", "date time"},
	{"where did I leave my umbrella", "location"},
	{"hey, where's the nearest pharmacy?", "location"},
	{"who is on call this weekend?", "person name"},
	{"whose jacket is this", "owner person"},
	{"how many pages does the new novel have", "count number quantity"},
	{"how much is a ticket to the museum", "amount price cost"},
	{"how long is the flight to Denver", "duration length"},
	{"how far is the train station", "distance"},
	{"how old is the oak tree in the park", "age"},
	{"how often does the shuttle run", "frequency"},
	{"why did the dishwasher stop halfway", "reason"},
	// A phrase wins over its first word.
	{"what time does the gym open tomorrow", "time"},
	{"what time is it?", "time"},
	{"what day is the school recital", "date"},
	// After a conjunction, a preposition that starts the question, a
	// comma, or last after its verb.
	{"and when does the pool close?", "date time"},
	{"since when has the alarm been on?", "date time"},
	{"at what time does the bus leave?", "time"},
	{"the water bill, when is it due?", "date time"},
	{"the meeting is when?", "date time"},
	{"your package was sent to where?", "location"},
	// Indirect questions, after a verb of knowing or telling.
	{"tell me when the library opens", "date time"},
	{"can you tell me where the spare blankets are?", "location"},
	{"I want to know how much the repair will cost", "amount price cost"},
	{"do you know where the scissors are?", "location"},
	{"could you check how many seats are left on the train", "count number quantity"},
	{"how do I figure out when the warranty runs out", "date time"},
	{"show me where the charger is", "location"},
	// A question with no question word, or one that asks for a thing.
	{"is the kitchen window open?", ""},
	{"which invoices are overdue", ""},
	{"what color is the new sofa", ""},
	{"show me the photos from the wedding", ""},
	// A relative is no question.
	{"the office where I work", ""},
	{"reserve a room at the inn where we stayed last year", ""},
	// A subordinate "when" is no question: before a main clause, or
	// with its subject straight after it (a question puts its verb
	// first).
	{"when I log in, show my orders", ""},
	{"when the backup finishes, email me", ""},
	{"when the timer goes off turn off the oven", ""},
	{"when you get a chance, cancel my reservation", ""},
	// A verb that takes no indirect question, and a negated request.
	{"remind me when the laundry is done", ""},
	{"don't tell me when the movie ends", ""},
}

// asksWrong are turns the grammar reads wrongly today (see -wrong).
var asksWrong = []asksRow{
	{"at what time does the bus leave", "time"},           // statement: the preposition first hides the question
	{"to whom did we send the contract?", "person name"},  // imperative
	{"I wonder when the parcel will arrive", "date time"}, // noun_phrase
	{"let me know when the package arrives", ""},          // date time: a notice when it arrives, no question
	{"where I work the coffee is terrible", ""},           // location: only "when" is read as subordinate
}

func TestParseAsks(t *testing.T) {
	for _, tt := range rows(asksRows, asksWrong) {
		c := parse(t, tt.in).Clauses[0]
		if got := strings.Join(c.Asks, " "); got != tt.want {
			t.Errorf("Parse(%q).Asks = %q, want %q", tt.in, got, tt.want)
		}
	}
	// What a question word asks for is no object: the objects are the
	// things the turn names.
	for _, tt := range []struct{ in, objects string }{
		{"when was the bridge built", "bridge"},
		{"where did I leave my umbrella", "umbrella"},
		{"who is the manager of the gym?", "manager gym"},
	} {
		if got := strings.Join(parse(t, tt.in).Clauses[0].Objects, " "); got != tt.objects {
			t.Errorf("Parse(%q).Objects = %q, want %q", tt.in, got, tt.objects)
		}
	}
}

// TestAsksConcepts checks the concepts of the asks class against the
// lexicon: each is a noun concept tool words are read as, and "place", a
// word of the concept location, is none.
func TestAsksConcepts(t *testing.T) {
	lx, err := Lexicon()
	if err != nil {
		t.Fatal(err)
	}
	if len(lx.Asks) == 0 {
		t.Fatal("the asks class is empty")
	}
	for w, concepts := range lx.Asks {
		if !lx.Has("question", w) {
			t.Errorf("asks word %q is no question word", w)
		}
		for _, c := range concepts {
			if !lx.IsNounConcept(c) {
				t.Errorf("asks word %q names %q, no noun concept", w, c)
			}
		}
	}
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"date", true}, {"location", true}, {"frequency", true},
		{"place", false}, {"dates", false}, {"xqzv", false}, {"get_order", false},
	} {
		if got := lx.IsNounConcept(tt.in); got != tt.want {
			t.Errorf("IsNounConcept(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	if !lx.Indirect["told"] || !lx.Indirect["found out"] || lx.Indirect["remind"] {
		t.Errorf("Indirect reads told %v, found out %v, remind %v; want true, true, false",
			lx.Indirect["told"], lx.Indirect["found out"], lx.Indirect["remind"])
	}
}
