package grammar_test

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/grammar/en"
	"github.com/stalwart-agents/stalwart/grammar/ptbr"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// TestFuzzyLookup checks FuzzyIndex against a plain map of every deletion
// to its words, over the vocabularies the grammars index and every word of
// the corpus turns, as written and with a letter dropped, doubled or two
// swapped.
func TestFuzzyLookup(t *testing.T) {
	enLx, err := en.Lexicon()
	if err != nil {
		t.Fatal(err)
	}
	ptLx, err := ptbr.Lexicon()
	if err != nil {
		t.Fatal(err)
	}
	var probes []string
	seen := map[string]bool{}
	probe := func(w string) {
		// Words are normalised before they are looked up: valid UTF-8.
		if !seen[w] && utf8.ValidString(w) {
			seen[w] = true
			probes = append(probes, w)
		}
	}
	for _, ct := range corpusTurns(t) {
		for w := range strings.FieldsSeq(ct.text) {
			w = tokenize.Normalize(strings.Trim(w, "?!.,;:\"'()"))
			probe(w)
			for i := 1; i+1 < len(w); i++ {
				probe(w[:i] + w[i+1:])
				probe(w[:i] + w[i:i+1] + w[i:])
				probe(w[:i-1] + w[i:i+1] + w[i-1:i] + w[i+1:])
			}
		}
	}
	// Words that are not valid UTF-8, which no normalised word is, with
	// room enough after the bad byte that no deletion cuts past the end.
	bad := []string{"cha\xffnge-order", "refu\xffnd-later", "subs\xffcription"}
	for _, lx := range []*grammar.Lexicon{enLx, ptLx} {
		vocab := vocabOf(lx)
		fx, ref := grammar.NewFuzzyIndex(vocab), newRefFuzzy(vocab)
		for _, w := range append(append(probes, bad...), vocab...) {
			got, gotD := fx.Lookup(w)
			want, wantD := ref.lookup(w)
			if !slices.Equal(got, want) || gotD != wantD {
				t.Fatalf("Lookup(%q) = %q, %d; want %q, %d", w, got, gotD, want, wantD)
			}
		}
	}
	var zero grammar.FuzzyIndex
	if got, _ := zero.Lookup("refund"); got != nil {
		t.Errorf("zero FuzzyIndex: Lookup(refund) = %q, want nil", got)
	}
}

// vocabOf returns the words an engine indexes within an edit: the first
// words of the action forms and the nouns of one word, in no fixed order.
func vocabOf(lx *grammar.Lexicon) []string {
	var vocab []string
	for w := range lx.Actions {
		first, _, _ := strings.Cut(w, " ")
		vocab = append(vocab, first)
	}
	for w := range lx.Nouns {
		if !strings.Contains(w, " ") {
			vocab = append(vocab, w)
		}
	}
	return vocab
}

// refFuzzy is the plain form of FuzzyIndex: every word and its deletions
// in a map, each key's words in the order they were put.
type refFuzzy map[string][]string

func newRefFuzzy(words []string) refFuzzy {
	fx := refFuzzy{}
	put := func(key, w string) {
		if !slices.Contains(fx[key], w) {
			fx[key] = append(fx[key], w)
		}
	}
	for _, w := range words {
		if utf8.RuneCountInString(w) < grammar.MinFuzzy-1 {
			continue
		}
		put(w, w)
		for i, r := range w {
			put(w[:i]+w[i+utf8.RuneLen(r):], w)
		}
	}
	return fx
}

func (fx refFuzzy) lookup(w string) ([]string, int) {
	n := utf8.RuneCountInString(w)
	if n < grammar.MinFuzzy || n > grammar.MaxFuzzy {
		return nil, 0
	}
	maxDist := 1
	if n >= 8 {
		maxDist = 2
	}
	best, bestDist := []string(nil), maxDist+1
	consider := func(cands []string) {
		for _, c := range cands {
			if c == w {
				continue
			}
			d := refDistance(w, c, maxDist)
			if d == 1 && n <= 5 && !refSlip(w, c) {
				continue
			}
			switch {
			case d < bestDist:
				best, bestDist = append(best[:0], c), d
			case d == bestDist && !slices.Contains(best, c):
				best = append(best, c)
			}
		}
	}
	consider(fx[w])
	for i, r := range w {
		consider(fx[w[:i]+w[i+utf8.RuneLen(r):]])
	}
	if maxDist == 2 && bestDist > 1 {
		for i, r := range w {
			d := w[:i] + w[i+utf8.RuneLen(r):]
			for j, r2 := range d {
				consider(fx[d[:j]+d[j+utf8.RuneLen(r2):]])
			}
		}
	}
	if bestDist > maxDist {
		return nil, 0
	}
	return best, bestDist
}

// refDistance is the optimal string alignment distance, capped at max+1.
func refDistance(a, b string, max int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > max || -d > max {
		return max + 1
	}
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		rowMin := d[i][0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
			rowMin = min(rowMin, d[i][j])
		}
		if rowMin > max {
			return max + 1
		}
	}
	return d[len(ra)][len(rb)]
}

// refSlip reports whether typed is word with a letter left out or two
// neighbours swapped.
func refSlip(typed, word string) bool {
	t, w := []rune(typed), []rune(word)
	switch len(w) - len(t) {
	case 1:
		for i := range w {
			if string(w[:i])+string(w[i+1:]) == typed {
				return true
			}
		}
	case 0:
		for i := 0; i+1 < len(t); i++ {
			if t[i] != w[i] {
				return t[i] == w[i+1] && t[i+1] == w[i] && string(t[i+2:]) == string(w[i+2:])
			}
		}
	}
	return false
}
