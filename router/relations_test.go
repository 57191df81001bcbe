package router

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// history is a catalogue whose tools differ by the thing they list; the
// turns below name it by a word the lexicon does not list, which the
// wordnets relate to the tool's word.
const history = `{"tools": [
 {"name": "get_monarchs", "description": "Lists the monarchs of a country in a century.",
  "inputSchema": {"type": "object", "properties": {"country": {"type": "string"}, "century": {"type": "integer"}}}},
 {"name": "get_battles", "description": "Lists the battles of a country in a century.",
  "inputSchema": {"type": "object", "properties": {"country": {"type": "string"}, "century": {"type": "integer"}}}}
]}`

// historyRouter is a Router over history, closed when the test ends.
func historyRouter(t *testing.T) *Router {
	t.Helper()
	cat, err := catalogue.Import("history.json", []byte(history))
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := r.Close(); err != nil {
			t.Error(err)
		}
	})
	return r
}

func TestRelationsExplained(t *testing.T) {
	r := historyRouter(t)
	d := r.Select("who were the kings of France in the 18th century?")
	var found *ExplainedCandidate
	ex := r.Explain(d)
	for i := range ex.Candidates {
		if ex.Candidates[i].Tool == "get_monarchs" {
			found = &ex.Candidates[i]
		}
	}
	if found == nil {
		t.Fatalf("get_monarchs is no candidate:\n%s", ex)
	}
	ok := false
	for _, c := range found.Features {
		if c.Feature == "object_hypernym" && strings.Contains(c.Detail, "king ~ monarch: hypernym") {
			ok = true
		}
		if c.Feature == "missing_head" {
			t.Errorf("get_monarchs counts its head as never named though the turn names a kind of it: %+v", c)
		}
	}
	if !ok {
		t.Errorf("get_monarchs lacks the relation king ~ monarch:\n%s", ex)
	}
	for _, c := range ex.Candidates {
		if c.Tool != "get_battles" {
			continue
		}
		for _, f := range c.Features {
			if strings.HasPrefix(f.Feature, "object_") && strings.Contains(f.Detail, "~") {
				t.Errorf("get_battles is related to the turn: %+v", f)
			}
		}
	}
}

// TestRetrievalByAction checks that a clause whose words no tool holds
// still reaches the tools that act by its action, for the model to weigh.
func TestRetrievalByAction(t *testing.T) {
	cat, err := catalogue.Import("home.json", []byte(`{"tools": [
 {"name": "turn_off", "description": "Turns off a device"},
 {"name": "get_weather", "description": "Gets the weather"}
]}`))
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	names := func(turn string) []string {
		var out []string
		for _, c := range r.Shortlist(turn, 5) {
			out = append(out, c.Tool)
		}
		return out
	}
	if got := names("close the curtains"); len(got) == 0 || got[0] != "turn_off" {
		t.Errorf("Shortlist(close the curtains) = %q, want turn_off first: close is near turning off", got)
	}
	if got := names("sing me a lullaby"); len(got) != 0 {
		t.Errorf("Shortlist(sing me a lullaby) = %q, want none: no tool holds its words or acts by its action", got)
	}
}

// TestCoverageCountsRelated checks that coverage counts a word of the turn
// the wordnets relate to an object of the tool's name as held: the kings
// of France are get_monarchs' as much as the century is, and no more
// get_battles'.
func TestCoverageCountsRelated(t *testing.T) {
	r := historyRouter(t)
	coverage := func(turn, tool string) float64 {
		ex := r.Explain(r.Select(turn))
		for _, c := range ex.Candidates {
			if c.Tool != tool {
				continue
			}
			for _, f := range c.Features {
				if f.Feature == "coverage" {
					return f.Value
				}
			}
			return 0
		}
		t.Fatalf("%s is no candidate of %q:\n%s", tool, turn, ex)
		return 0
	}
	const turn = "who were the kings of France in the 18th century?"
	kings, battles := coverage(turn, "get_monarchs"), coverage(turn, "get_battles")
	if kings <= battles {
		t.Errorf("coverage of %q: get_monarchs %.3f, get_battles %.3f; want get_monarchs' higher, as it lists kings", turn, kings, battles)
	}
	// The tool's own word counts as held as before, and the relation adds
	// nothing to it.
	if own := coverage("who were the monarchs of France in the 18th century?", "get_monarchs"); own < kings {
		t.Errorf("coverage of the monarchs %.3f, under that of the kings %.3f", own, kings)
	}
}

// TestPortugueseNounOtherSense checks that a Portuguese noun whose
// lexicon concept no tool holds reaches a tool by the first of its
// wordnet senses one holds ("o tempo", read as a duration, is the weather
// among tools that read it), and that a word written with a capital
// inside the turn, a name, does not ("as tarefas do Marcos": marco is a
// landmark or a mark).
func TestPortugueseNounOtherSense(t *testing.T) {
	cat, err := catalogue.Import("home.json", []byte(`{"tools": [
 {"name": "get_weather", "description": "Gets the current weather"},
 {"name": "get_current_date", "description": "Gets the current date"},
 {"name": "list_tasks", "description": "Lists the tasks of a person"},
 {"name": "mark_task", "description": "Marks a task done"}
]}`))
	if err != nil {
		t.Fatal(err)
	}
	r := newClosed(t, cat, Options{Language: tokenize.Brazilian})
	d := r.Select("como está o tempo?")
	if len(d.Candidates) == 0 || d.Candidates[0].Tool != "get_weather" {
		t.Errorf("Select(como está o tempo?).Candidates = %v, want get_weather first", d.Candidates)
	}
	for _, turn := range []string{"como está o tempo?", "as tarefas do Marcos"} {
		p := r.gram.Parse(turn)
		var room featureRoom
		f := r.features(&p.Clauses[0], &room)
		weather, mark := false, false
		for _, term := range f.terms {
			weather = weather || strings.HasSuffix(term, "weather")
			mark = mark || strings.HasSuffix(term, ":mark")
		}
		if want := turn == "como está o tempo?"; weather != want || mark {
			t.Errorf("%q: terms %v: weather among them %v, want %v; mark %v, want false", turn, f.terms, weather, want, mark)
		}
	}
}

// TestTranslationCachesBounded checks that the caches of translations by
// word stop growing at maxTranslated, whatever words hostile turns
// bring.
func TestTranslationCachesBounded(t *testing.T) {
	r := shop(t, Options{Language: tokenize.Brazilian})
	for i := range maxTranslated + 100 {
		w := "palavra" + strconv.Itoa(i)
		r.translatedNoun(w)
		r.translatedAdjective(w)
	}
	if n := nounSenseStems.Len(); n > maxTranslated {
		t.Errorf("nounSenseStems holds %d words, more than %d", n, maxTranslated)
	}
	if n := adjectiveStems.Len(); n > maxTranslated {
		t.Errorf("adjectiveStems holds %d words, more than %d", n, maxTranslated)
	}
}
