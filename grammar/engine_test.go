package grammar_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/grammar/en"
	"github.com/stalwart-agents/stalwart/grammar/ptbr"
)

// engines are the default engines of both languages, by language.
func engines(t *testing.T) map[string]*grammar.Engine {
	t.Helper()
	eg, err := en.Default()
	if err != nil {
		t.Fatal(err)
	}
	pg, err := ptbr.Default()
	if err != nil {
		t.Fatal(err)
	}
	return map[string]*grammar.Engine{"en": eg.Engine, "pt-BR": pg.Engine}
}

// TestForms checks each language's forms table against the maps it is
// gathered from: every form reads as the maps read its key, and every key
// of the maps has its form.
func TestForms(t *testing.T) {
	for lang, e := range engines(t) {
		for _, d := range grammar.CheckForms(e) {
			t.Errorf("%s: %s", lang, d)
		}
	}
}

// TestGuessesCached checks that what an engine keeps of the words it
// guessed, and of the wordnet nouns it read, is what reading them anew
// gives, from many goroutines at once, and that the cache stops growing
// at its bound.
func TestGuessesCached(t *testing.T) {
	words := []string{"refnud", "ordr", "tunr", "radius", "sned", "mostar", "pedidoo", "xyzzyq", "ab", "cancle",
		"thermostat", "capitals", "restaurante", "children", "book"}
	for lang, e := range engines(t) {
		lx := e.Lexicon()
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 3 {
					for _, w := range words {
						var want []string
						switch {
						case lx.Word != nil && len(w) >= 3 && lx.Word(w):
						case lx.Adjective != nil && lx.Adjective(w):
						default:
							want, _ = e.Fuzzy().Lookup(w)
						}
						if got := grammar.Guesses(e, w); !slices.Equal(got, want) {
							t.Errorf("%s: guesses(%q) = %q, want %q", lang, w, got, want)
						}
						if len(w) < 3 {
							continue
						}
						nf, verb, ok := grammar.WordnetNoun(e, w)
						wnf, wverb, wok := lx.WordNoun(w)
						if nf != wnf || verb != wverb || ok != wok {
							t.Errorf("%s: wordnetNoun(%q) = %v %v %v, want %v %v %v", lang, w, nf, verb, ok, wnf, wverb, wok)
						}
					}
				}
			}()
		}
		wg.Wait()
		for i := range grammar.MaxGuesses + 10 {
			grammar.Guesses(e, fmt.Sprintf("zq%dx", i))
		}
		if n := grammar.GuessesHeld(e); n > grammar.MaxGuesses {
			t.Errorf("%s: the cache of guesses holds %d words, over its bound %d", lang, n, grammar.MaxGuesses)
		}
	}
}

// BenchmarkBuildForms builds each language's forms table, as NewEngine
// does, and reports the table's and the fuzzy index's size.
func BenchmarkBuildForms(b *testing.B) {
	eg, err := en.Default()
	if err != nil {
		b.Fatal(err)
	}
	pg, err := ptbr.Default()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		lang string
		e    *grammar.Engine
	}{{"en", eg.Engine}, {"pt-BR", pg.Engine}} {
		b.Run("lang="+c.lang, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := grammar.BuildForms(c.e); err != nil {
					b.Fatal(err)
				}
			}
			forms, fuzzy, n := grammar.FormsSize(c.e)
			b.ReportMetric(float64(forms), "forms-B")
			b.ReportMetric(float64(fuzzy), "fuzzy-B")
			b.ReportMetric(float64(n), "forms")
		})
	}
}
