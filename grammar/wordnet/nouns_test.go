package wordnet

import (
	"slices"
	"testing"
)

func TestNoun(t *testing.T) {
	db, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		in, lemma    string
		plural, verb bool
		ok           bool
	}{
		{"capital", "capital", false, false, true},
		{"capitals", "capital", true, false, true},
		{"cities", "city", true, false, true},
		{"boxes", "box", true, true, true},
		{"children", "child", true, false, true},
		{"Thermostat", "thermostat", false, true, true},
		// A form of a verb that is a noun of its own spelling too.
		{"won", "won", false, true, true},
		{"analyze", "", false, false, false}, // a verb only
		{"quickly", "", false, false, false}, // no noun
		{"xqzv", "", false, false, false},
	} {
		lemma, plural, verb, ok := db.Noun(tt.in)
		if lemma != tt.lemma || plural != tt.plural || verb != tt.verb || ok != tt.ok {
			t.Errorf("Noun(%q) = %q, %v, %v, %v; want %q, %v, %v, %v", tt.in, lemma, plural, verb, ok, tt.lemma, tt.plural, tt.verb, tt.ok)
		}
	}
}

func TestPortugueseNoun(t *testing.T) {
	db, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		in     string
		want   string // among the lemmas
		plural bool
	}{
		{"cidade", "city", false},
		{"cidades", "city", true},
		{"luzes", "light", true},
		{"capital", "capital", false},
	} {
		lemmas, plural := db.PortugueseNoun(tt.in)
		if !slices.Contains(lemmas, tt.want) || plural != tt.plural {
			t.Errorf("PortugueseNoun(%q) = %q, %v; want %q among them, plural %v", tt.in, lemmas, plural, tt.want, tt.plural)
		}
	}
	if lemmas, _ := db.PortugueseNoun("xqzv"); lemmas != nil {
		t.Errorf("PortugueseNoun(xqzv) = %q, want none", lemmas)
	}
}

// TestPortugueseNounSenses checks that a noun's senses come apart, best
// first, each with its English lemmas, for the word and for a regular
// plural.
func TestPortugueseNounSenses(t *testing.T) {
	db := defaultDB(t)
	for _, tt := range []struct {
		in            string
		before, after string // lemmas of an earlier and a later sense
	}{
		{"tempo", "weather", "time period"},
		{"tempos", "weather", "time period"},
		{"quarto", "bedroom", "quart"},
	} {
		senses := db.PortugueseNounSenses(tt.in)
		at := func(lemma string) int {
			for i, s := range senses {
				if slices.Contains(s, lemma) {
					return i
				}
			}
			return -1
		}
		if b, a := at(tt.before), at(tt.after); b < 0 || a < 0 || b >= a {
			t.Errorf("PortugueseNounSenses(%q) = %q, want a sense with %q before one with %q", tt.in, senses, tt.before, tt.after)
		}
	}
	if senses := db.PortugueseNounSenses("xqzv"); senses != nil {
		t.Errorf("PortugueseNounSenses(xqzv) = %q, want none", senses)
	}
}

func TestAdjective(t *testing.T) {
	db, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"wet", true}, {"Cold", true}, {"open", true},
		{"colder", true}, {"closest", true}, {"easier", true}, {"biggest", true},
		{"floor", false}, {"door", false}, {"xqzv", false},
		{"forest", false}, {"dryer", false}, {"user", false},
	} {
		if got := db.Adjective(tt.in); got != tt.want {
			t.Errorf("Adjective(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"molhado", true}, {"molhada", true}, {"abertas", true}, {"frios", true},
		{"porta", false}, {"cozinha", false}, {"xqzv", false},
	} {
		if got := db.PortugueseAdjective(tt.in); got != tt.want {
			t.Errorf("PortugueseAdjective(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestWord(t *testing.T) {
	db, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"radius", true},
		{"Cones", true},
		{"cooking", true},   // ing
		{"provides", true},  // s
		{"received", true},  // ed, e
		{"referring", true}, // a doubled consonant
		{"closest", true},   // est
		{"properly", true},  // an adverb of an adjective
		{"children", true},  // an irregular form
		{"invocie", false},  // a slip of typing
		{"refnud", false},
		{"xqzv", false},
		{"a", false},
	} {
		if got := db.Word(tt.in); got != tt.want {
			t.Errorf("Word(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"fatura", true},
		{"faturas", true},
		{"molhadas", true},
		{"reuniao", true}, // reunião, folded
		{"faturra", false},
	} {
		if got := db.PortugueseWord(tt.in); got != tt.want {
			t.Errorf("PortugueseWord(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
