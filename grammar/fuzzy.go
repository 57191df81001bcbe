package grammar

import "unicode/utf8"

// FuzzyIndex finds the words of a vocabulary within one edit of a word
// (two for words of eight letters or more), where an edit is an insertion,
// a deletion, a substitution or a swap of two neighbours ("refnud" is one
// edit from "refund"). It uses symmetric deletion: two words within one
// edit share a form with at most one letter deleted. Built once, it is
// safe for concurrent reads. The zero value is an empty index, which finds no
// word: build one with NewFuzzyIndex.
type FuzzyIndex struct {
	deletes map[string][]string
}

// MinFuzzy is the shortest word matched within an edit: shorter words
// have too many neighbours to guess. MaxFuzzy is the longest: no word of
// a lexicon is longer, and the cost of a look-up grows with the square
// of the length.
const (
	MinFuzzy = 4
	MaxFuzzy = 24
)

// NewFuzzyIndex indexes the words.
func NewFuzzyIndex(words []string) *FuzzyIndex {
	fx := &FuzzyIndex{deletes: make(map[string][]string, len(words)*6)}
	for _, w := range words {
		if utf8.RuneCountInString(w) < MinFuzzy-1 {
			continue
		}
		fx.put(w, w)
		for _, d := range deletions(w) {
			fx.put(d, w)
		}
	}
	return fx
}

func (fx *FuzzyIndex) put(key, w string) {
	for _, x := range fx.deletes[key] {
		if x == w {
			return
		}
	}
	fx.deletes[key] = append(fx.deletes[key], w)
}

// deletions returns w with each one rune deleted.
func deletions(w string) []string {
	out := make([]string, 0, len(w))
	for i, r := range w {
		out = append(out, w[:i]+w[i+utf8.RuneLen(r):])
	}
	return out
}

// Lookup returns the indexed words closest to w, within the edits allowed
// for its length, and their distance. It returns nil for a word shorter
// than MinFuzzy.
func (fx *FuzzyIndex) Lookup(w string) ([]string, int) {
	n := utf8.RuneCountInString(w)
	if n < MinFuzzy || n > MaxFuzzy || fx == nil {
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
			d := osaDistance(w, c, maxDist)
			if d == 1 && n <= 5 && !slip(w, c) {
				// A short word one letter away from another is as often
				// another word ("lost", "list"): only the slips typing
				// makes count there.
				continue
			}
			switch {
			case d < bestDist:
				best, bestDist = append(best[:0], c), d
			case d == bestDist:
				best = appendNew(best, c)
			}
		}
	}
	consider(fx.deletes[w])
	// The deletions are looked up in stack room: a look-up allocates
	// no key.
	var room, room2 [4 * MaxFuzzy]byte
	for i, r := range w {
		d := append(append(room[:0], w[:i]...), w[i+utf8.RuneLen(r):]...)
		consider(fx.deletes[string(d)])
	}
	if maxDist == 2 && bestDist > 1 {
		for i, r := range w {
			d := append(append(room[:0], w[:i]...), w[i+utf8.RuneLen(r):]...)
			for j, r2 := range string(d) {
				dd := append(append(room2[:0], d[:j]...), d[j+utf8.RuneLen(r2):]...)
				consider(fx.deletes[string(dd)])
			}
		}
	}
	if bestDist > maxDist {
		return nil, 0
	}
	return best, bestDist
}

func appendNew(s []string, x string) []string {
	for _, y := range s {
		if y == x {
			return s
		}
	}
	return append(s, x)
}

// osaDistance is the optimal string alignment distance between a and b,
// giving up (returning max+1) once it exceeds max.
func osaDistance(a, b string, max int) int {
	// Words of a look-up are short: their runes and rows fit in stack
	// room, and only a longer word's are made.
	var runesA, runesB [MaxFuzzy + 8]rune
	var rows [3][MaxFuzzy + 9]int
	ra, rb := appendRunes(runesA[:0], a), appendRunes(runesB[:0], b)
	if d := len(ra) - len(rb); d > max || -d > max {
		return max + 1
	}
	prev2, prev, cur := row(rows[0][:0], len(rb)+1), row(rows[1][:0], len(rb)+1), row(rows[2][:0], len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > max {
			return max + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// appendRunes appends the runes of s to dst.
func appendRunes(dst []rune, s string) []rune {
	for _, r := range s {
		dst = append(dst, r)
	}
	return dst
}

// row is n zeros in room, or in a new slice when room is too small.
func row(room []int, n int) []int {
	if n <= cap(room) {
		return room[:n]
	}
	return make([]int, n)
}
