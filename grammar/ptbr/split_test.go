package ptbr

import (
	"slices"
	"testing"
)

// contractionLoop is contraction as a loop over the articles, the way it
// reads: the map of contractions must read every word the same.
func contractionLoop(w string) []string {
	for _, a := range articles {
		switch w {
		case "d" + a:
			return []string{"de", a}
		case "n" + a:
			return []string{"em", a}
		case "pr" + a:
			return []string{"para", a}
		case "pel" + a:
			if a == "o" || a == "a" || a == "os" || a == "as" {
				return []string{"por", a}
			}
		case "a" + a:
			if a == "o" || a == "os" {
				return []string{"a", a}
			}
		}
	}
	return nil
}

func TestContraction(t *testing.T) {
	lx, err := Lexicon()
	if err != nil {
		t.Fatal(err)
	}
	words := []string{"", "d", "n", "pr", "pel", "a", "dx", "pelos", "pelas", "pelum", "aa", "aos", "aas"}
	for _, a := range articles {
		for _, p := range []string{"", "d", "n", "pr", "pel", "a", "de", "em", "x"} {
			words = append(words, p+a)
		}
	}
	for w := range lx.Nouns {
		words = append(words, w)
	}
	for w := range lx.Actions {
		words = append(words, w)
	}
	for _, w := range words {
		if got, want := contraction(w), contractionLoop(w); !slices.Equal(got, want) {
			t.Errorf("contraction(%q) = %q, want %q", w, got, want)
		}
	}
}
