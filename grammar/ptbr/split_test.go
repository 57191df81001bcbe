package ptbr

import (
	"slices"
	"strings"
	"testing"

	"github.com/stalwart-agents/stalwart/grammar"
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

// TestContraction reads the lexicon's words and the contractions of every
// article as contraction reads them and as the loop over the articles
// does.
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

// pluralOnlyConcat is pluralOnly as it reads, its candidates made by
// concatenation: the look-ups in stack room must read every word the
// same.
func pluralOnlyConcat(w string, lx *grammar.Lexicon) (grammar.NounForm, bool) {
	if len(w) < 4 || !strings.HasSuffix(w, "s") {
		return grammar.NounForm{}, false
	}
	var cands []string
	switch {
	case strings.HasSuffix(w, "oes"), strings.HasSuffix(w, "aes"), strings.HasSuffix(w, "aos"):
		cands = append(cands, w[:len(w)-3]+"ao")
	case strings.HasSuffix(w, "ns"):
		cands = append(cands, w[:len(w)-2]+"m")
	case strings.HasSuffix(w, "eis"):
		cands = append(cands, w[:len(w)-3]+"el", w[:len(w)-2]+"l")
	case strings.HasSuffix(w, "is"):
		cands = append(cands, w[:len(w)-2]+"l", w[:len(w)-1]+"l")
	}
	if strings.HasSuffix(w, "es") {
		cands = append(cands, w[:len(w)-2])
	}
	cands = append(cands, w[:len(w)-1])
	for _, c := range cands {
		if nf, ok := lx.Nouns[c]; ok && !nf.Plural {
			nf.Plural = true
			return nf, true
		}
	}
	return grammar.NounForm{}, false
}

// TestPluralOnly reads the lexicon's nouns with plural endings, and its
// actions, as pluralOnly and pluralOnlyConcat do, and checks that
// pluralOnly allocates nothing.
func TestPluralOnly(t *testing.T) {
	lx, err := Lexicon()
	if err != nil {
		t.Fatal(err)
	}
	var words []string
	for w := range lx.Nouns {
		words = append(words, w, w+"s", w+"es", w+"is", w+"ns", w+"oes", w+"eis")
		if n := len(w); n > 2 {
			words = append(words, w[:n-1]+"s", w[:n-2]+"oes", w[:n-2]+"eis", w[:n-1]+"ns", w[:n-1]+"is")
		}
	}
	for w := range lx.Actions {
		words = append(words, w)
	}
	words = append(words, "", "s", "ss", "sss", "ssss", "aoes")
	for _, w := range words {
		got, gotOK := pluralOnly(w, lx)
		want, wantOK := pluralOnlyConcat(w, lx)
		if got != want || gotOK != wantOK {
			t.Errorf("pluralOnly(%q) = %v, %v; want %v, %v", w, got, gotOK, want, wantOK)
		}
	}
	if n := testing.AllocsPerRun(100, func() { pluralOnly("cartoes", lx) }); n != 0 {
		t.Errorf("pluralOnly allocates %.0f times", n)
	}
}
