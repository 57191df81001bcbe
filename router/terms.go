package router

import (
	"slices"
	"sync"

	"github.com/stalwart-agents/stalwart/grammar"
)

// termTable numbers the distinct terms of one build, so that counting them
// (document frequencies, term frequencies, postings) runs over slices
// indexed by number rather than over maps built per tool. It is not safe
// for concurrent use.
type termTable struct {
	ids   map[string]int32
	terms []string // by number
}

func newTermTable(capacity int) *termTable {
	return &termTable{ids: make(map[string]int32, capacity), terms: make([]string, 0, capacity)}
}

// id returns the number of a term, numbering it if it is new.
func (t *termTable) id(term string) int32 {
	if id, ok := t.ids[term]; ok {
		return id
	}
	id := int32(len(t.terms))
	t.ids[term] = id
	t.terms = append(t.terms, term)
	return id
}

// appendIDs appends the numbers of terms to dst.
func (t *termTable) appendIDs(dst []int32, terms []string) []int32 {
	for _, term := range terms {
		dst = append(dst, t.id(term))
	}
	return dst
}

// joined returns prefix+rest: the table's own string when it has numbered
// that term, so that a turn's terms the catalogue holds cost no
// allocation, or else more's (interned terms), and a new string
// otherwise. The table is only read.
func (t *termTable) joined(prefix, rest string, more map[string]string) string {
	var room [64]byte
	b := append(append(room[:0], prefix...), rest...)
	if id, ok := t.ids[string(b)]; ok {
		return t.terms[id]
	}
	if s, ok := more[string(b)]; ok {
		return s
	}
	return string(b)
}

// conceptTerms are the terms of the concepts of each lexicon, by lexicon
// (*grammar.Lexicon -> map[string]string): a clause's concepts the
// catalogue does not hold cost no allocation either.
var conceptTerms sync.Map

// internedConcepts returns the action, object and concept terms of the
// concepts of the lexicons, each term mapped to itself.
func internedConcepts(lexicons []*grammar.Lexicon) map[string]string {
	key := lexicons[len(lexicons)-1]
	if m, ok := conceptTerms.Load(key); ok {
		return m.(map[string]string)
	}
	m := map[string]string{}
	for _, lx := range lexicons {
		actions, nouns := lx.Concepts()
		for _, c := range slices.Concat(actions, nouns) {
			for _, prefix := range []string{actionPrefix, objectPrefix, conceptPrefix} {
				t := prefix + c
				m[t] = t
			}
		}
	}
	v, _ := conceptTerms.LoadOrStore(key, m)
	return v.(map[string]string)
}

// len is how many terms the table has numbered.
func (t *termTable) len() int { return len(t.terms) }

// fit grows s, zero-filled, to hold an index of every term numbered.
func fit[T any](s []T, t *termTable) []T {
	if n := t.len(); len(s) < n {
		s = append(s, make([]T, n-len(s))...)
	}
	return s
}

// buildPostings compiles the postings of the hot path, and each tool's
// BM25 weights of its text field (its postings of fieldText, and the
// numbers of its text terms in textTerms) (k1 1.2 and b 0.75): per tool, its action,
// its object words and their stems (once each), then its text terms (once
// each). texts are the text terms of each tool by number, df the tools
// whose text holds each number, idf its idf, avgLen the text's mean length.
//
// A first pass counts the postings, so that every term's are carved from
// one array.
func (r *Router) buildPostings(terms *termTable, texts [][]int32, df []int32, idf []float32, avgLen float64) map[string][]posting {
	const k1, b = 1.2, 0.75
	n := len(r.tools)
	actions := make([]int32, n) // the number of each tool's action term, or -1
	objects := make([][]int32, n)
	var flat []int32 // the objects' room
	for i := range r.tools {
		ti := &r.tools[i]
		actions[i] = -1
		if ti.action != "" {
			actions[i] = terms.id(actionPrefix + ti.action)
		}
		start := len(flat)
		for _, o := range [2][]string{ti.objects, ti.stems} {
			for _, term := range o {
				if id := terms.id(term); !slices.Contains(flat[start:], id) {
					flat = append(flat, id)
				}
			}
		}
		objects[i] = flat[start:len(flat):len(flat)]
	}
	count := make([]int32, terms.len())
	copy(count, df)
	for i := range r.tools {
		if actions[i] >= 0 {
			count[actions[i]]++
		}
		for _, id := range objects[i] {
			count[id]++
		}
	}
	room := 0
	held := 0
	for _, c := range count {
		room += int(c)
		if c > 0 {
			held++
		}
	}
	all := make([]posting, room)
	postings := make([][]posting, len(count))
	for id, c := range count {
		postings[id], all = all[:0:c], all[c:]
	}
	textRoom := 0
	for _, d := range df {
		textRoom += int(d)
	}
	textIDs := make([]int32, 0, textRoom) // every tool's textTerms, carved from one array
	tf := make([]int32, len(count))
	for i := range r.tools {
		ti := &r.tools[i]
		if id := actions[i]; id >= 0 {
			postings[id] = append(postings[id], posting{tool: int32(i), field: fieldAction, weight: 1})
		}
		for _, id := range objects[i] {
			postings[id] = append(postings[id], posting{tool: int32(i), field: fieldObject, weight: 1})
		}
		for _, id := range texts[i] {
			tf[id]++
		}
		start := len(textIDs)
		for _, id := range texts[i] {
			if tf[id] == 0 {
				continue // weighed at its first place
			}
			f := float64(tf[id])
			tf[id] = 0
			w := float64(idf[id]) * f * (k1 + 1) / (f + k1*(1-b+b*ti.textLen/avgLen))
			textIDs = append(textIDs, id)
			postings[id] = append(postings[id], posting{tool: int32(i), field: fieldText, weight: float32(w)})
		}
		ti.textTerms = textIDs[start:len(textIDs):len(textIDs)]
		slices.Sort(ti.textTerms) // in order, for inText's binary search
		for _, id := range ti.textTerms {
			ti.textMask[id>>6&1] |= 1 << (id & 63)
		}
	}
	out := make(map[string][]posting, held)
	for id, ps := range postings {
		if len(ps) > 0 {
			out[terms.terms[id]] = ps
		}
	}
	return out
}
