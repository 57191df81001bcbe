package grammar

import (
	"slices"
	"unicode/utf8"
)

// FuzzyIndex finds the words of a vocabulary within one edit of a word
// (two for words of eight letters or more), where an edit is an insertion,
// a deletion, a substitution or a swap of two neighbours ("refnud" is one
// edit from "refund"). It uses symmetric deletion: two words within one
// edit share a form with at most one letter deleted. Built once, it is
// safe for concurrent reads. The zero value is an empty index, which finds no
// word: build one with NewFuzzyIndex.
//
// Its words, its keys (each word and each of its forms with a letter
// deleted) and the words of each key are held in flat arrays with no
// pointers: however many words it holds, the garbage collector has next to
// nothing to scan in it.
type FuzzyIndex struct {
	words *strTable // the distinct words
	keys  *strTable // each word and its forms with a letter deleted
	// filter has two bits set for each key, at two parts of its
	// polynomial hash (polyHash): a look-up of a string one of whose bits
	// is clear (most deletions of a word are no key) reads nothing else,
	// and Lookup reckons the hash of each deletion from the word's own,
	// with no key built.
	filter  []uint64
	listEnd []uint32 // key k's words are list[listEnd[k-1]:listEnd[k]]
	list    []uint32 // word numbers, each key's in the order they were put
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
	fx := &FuzzyIndex{words: newStrTable(len(words))}
	most := 0 // keys, at most
	for _, w := range words {
		if n := utf8.RuneCountInString(w); n >= MinFuzzy-1 {
			if before := fx.words.len(); fx.words.addString(w) == uint32(before) {
				most += 1 + n // a new word
			}
		}
	}
	fx.words.seal()
	// Every key with the word put under it, in the order put.
	type pair struct{ key, word uint32 }
	pairs := make([]pair, 0, most)
	fx.keys = newStrTable(most)
	var room [4 * MaxFuzzy]byte
	for i := range fx.words.len() {
		w := fx.words.str(uint32(i))
		pairs = append(pairs, pair{fx.keys.addString(w), uint32(i)})
		for j, r := range w {
			d := append(append(room[:0], w[:j]...), w[j+utf8.RuneLen(r):]...)
			pairs = append(pairs, pair{fx.keys.add(d), uint32(i)})
		}
	}
	fx.keys.seal()
	fx.filter = make([]uint64, filterWords(fx.keys.len()))
	for k := range fx.keys.len() {
		start, end := fx.keys.span(uint32(k))
		fx.setFilter(polyHash(fx.keys.text[start:end]))
	}
	// Each key's words, in the order put, each once: a counting sort by
	// key, which keeps the order.
	nkeys := fx.keys.len()
	start := make([]uint32, nkeys+1)
	for _, p := range pairs {
		start[p.key+1]++
	}
	for k := range nkeys {
		start[k+1] += start[k]
	}
	fx.list = make([]uint32, len(pairs))
	filled := make([]uint32, nkeys) // how many of each list are placed
	for _, p := range pairs {
		at := start[p.key]
		if slices.Contains(fx.list[at:at+filled[p.key]], p.word) {
			continue // a word with two letters alike may lose either ("book": bok)
		}
		fx.list[at+filled[p.key]] = p.word
		filled[p.key]++
	}
	// Close the gaps the repeated words left.
	fx.listEnd = filled
	n := uint32(0)
	for k := range nkeys {
		n += uint32(copy(fx.list[n:], fx.list[start[k]:start[k]+filled[k]]))
		fx.listEnd[k] = n
	}
	fx.list = slices.Clip(fx.list[:n])
	return fx
}

// find returns the words put under key d, or nil.
func (fx *FuzzyIndex) find(d []byte) []uint32 {
	if fx.keys == nil {
		return nil
	}
	k, ok := fx.keys.find(d)
	if !ok {
		return nil
	}
	start := uint32(0)
	if k > 0 {
		start = fx.listEnd[k-1]
	}
	return fx.list[start:fx.listEnd[k]]
}

// filterWords returns the size of a filter for n keys, in words of 64
// bits: a power of two, with about 8 bits a key.
func filterWords(n int) int {
	size := 1
	for size*64 < 8*n {
		size <<= 1
	}
	return size
}

// polyMul is the multiplier of polyHash: the FNV prime of 64 bits.
const polyMul = 1099511628211

// polyHash is the polynomial hash of s, modulo 1<<64: s[0]·m^(n-1) + ...
// + s[n-1], m being polyMul. The hash of a string with a part cut out is
// reckoned from the hashes of the string's prefixes (see Lookup).
func polyHash(s string) uint64 {
	var h uint64
	for i := 0; i < len(s); i++ {
		h = h*polyMul + uint64(s[i])
	}
	return h
}

// filterBits returns the two bits of the filter a polynomial hash sets,
// from the hash mixed.
func (fx *FuzzyIndex) filterBits(h uint64) (a, b uint64) {
	h *= 0x9e3779b97f4a7c15
	h ^= h >> 29
	mask := uint64(len(fx.filter)*64 - 1)
	return h & mask, h >> 32 & mask
}

// setFilter sets the bits of a key's hash.
func (fx *FuzzyIndex) setFilter(h uint64) {
	a, b := fx.filterBits(h)
	fx.filter[a/64] |= 1 << (a % 64)
	fx.filter[b/64] |= 1 << (b % 64)
}

// inFilter reports whether both bits of a hash are set: whether a key may
// have it.
func (fx *FuzzyIndex) inFilter(h uint64) bool {
	if len(fx.filter) == 0 {
		return false // no key
	}
	a, b := fx.filterBits(h)
	return fx.filter[a/64]&(1<<(a%64)) != 0 && fx.filter[b/64]&(1<<(b%64)) != 0
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
	consider := func(cands []uint32) {
		for _, id := range cands {
			c := fx.words.str(id)
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
	// The deletions are looked up in stack room: a look-up allocates
	// no key. Each is built only when the filter lets its hash by.
	var room, room2 [4 * MaxFuzzy]byte
	if !utf8.ValidString(w) {
		fx.lookupAll(w, &room, &room2, maxDist, &bestDist, consider)
		if bestDist > maxDist {
			return nil, 0
		}
		return best, bestDist
	}
	// pre[k] is the hash of w[:k], pow[k] is polyMul^k; the hash of w[a:b]
	// is pre[b] - pre[a]·pow[b-a].
	var pre, pow [4*MaxFuzzy + 1]uint64
	nb := len(w)
	pow[0] = 1
	for k := 0; k < nb; k++ {
		pre[k+1] = pre[k]*polyMul + uint64(w[k])
		pow[k+1] = pow[k] * polyMul
	}
	part := func(a, b int) uint64 { return pre[b] - pre[a]*pow[b-a] }
	if fx.inFilter(pre[nb]) {
		consider(fx.find(append(room[:0], w...)))
	}
	for i, r := range w {
		wi := utf8.RuneLen(r)
		if fx.inFilter(pre[i]*pow[nb-i-wi] + part(i+wi, nb)) {
			d := append(append(room[:0], w[:i]...), w[i+wi:]...)
			consider(fx.find(d))
		}
	}
	if maxDist == 2 && bestDist > 1 {
		// Every two runes deleted, each pair once: deleting rune i then
		// rune j after it (j before it deletes a pair already deleted when
		// i was j, whose words were considered then: the words' order is
		// that of the first look-up, so it is the same).
		for i, r := range w {
			wi := utf8.RuneLen(r)
			for j, r2 := range w[i+wi:] {
				j += i + wi // in w
				wj := utf8.RuneLen(r2)
				h := pre[i]*pow[nb-i-wi-wj] + part(i+wi, j)*pow[nb-j-wj] + part(j+wj, nb)
				if fx.inFilter(h) {
					dd := append(append(append(room2[:0], w[:i]...), w[i+wi:j]...), w[j+wj:]...)
					consider(fx.find(dd))
				}
			}
		}
	}
	if bestDist > maxDist {
		return nil, 0
	}
	return best, bestDist
}

// lookupAll looks every deletion of w up, one by one and the filter
// aside, as Lookup did before it had one: its way for a word that is not
// valid UTF-8, whose runes' lengths are not the bytes they take.
func (fx *FuzzyIndex) lookupAll(w string, room, room2 *[4 * MaxFuzzy]byte, maxDist int, bestDist *int, consider func([]uint32)) {
	consider(fx.find(append(room[:0], w...)))
	for i, r := range w {
		d := append(append(room[:0], w[:i]...), w[i+utf8.RuneLen(r):]...)
		consider(fx.find(d))
	}
	if maxDist == 2 && *bestDist > 1 {
		for i, r := range w {
			d := append(append(room[:0], w[:i]...), w[i+utf8.RuneLen(r):]...)
			for j, r2 := range string(d) {
				dd := append(append(room2[:0], d[:j]...), d[j+utf8.RuneLen(r2):]...)
				consider(fx.find(dd))
			}
		}
	}
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
