package router

import (
	"maps"
	"slices"
	"testing"
)

// TestQueryGenerations checks that a query's scores are its own whatever
// the queries before it left in the slots, as the slots are not cleared
// between queries, also when the queries' numbers come round.
func TestQueryGenerations(t *testing.T) {
	r := shop(t, Options{})
	scores := func(h *hits) map[int32]float32 {
		out := map[int32]float32{}
		for i := range r.tools {
			if s := h.scoreOf(int32(i)); s != 0 {
				out[int32(i)] = s
			}
		}
		return out
	}
	first, last := &r.tools[0], &r.tools[len(r.tools)-1]
	queries := [][]string{
		{r.term(conceptPrefix, first.action), r.retrievalTerm(first.objects[0])},
		{r.retrievalTerm(last.objects[0])},
		{r.term(conceptPrefix, first.action), r.retrievalTerm(first.objects[0])},
	}
	ids := make([][]int32, len(queries))
	for k, q := range queries {
		for _, term := range q {
			ids[k] = append(ids[k], r.termID(term))
		}
	}
	fresh := make([]map[int32]float32, len(queries))
	for k, q := range queries {
		h := newHits(len(r.tools))
		r.ix.query(&h, q, ids[k], nil)
		fresh[k] = scores(&h)
		if len(fresh[k]) == 0 {
			t.Fatalf("query %q touched no tool", q)
		}
	}
	if maps.Equal(fresh[0], fresh[1]) {
		t.Fatal("the two queries score alike: the test shows nothing")
	}
	for _, start := range []uint16{0, 1, 65534, 65535} {
		h := newHits(len(r.tools))
		h.gen = start
		for k, q := range queries {
			r.ix.query(&h, q, ids[k], nil)
			if have := scores(&h); !maps.Equal(have, fresh[k]) {
				t.Errorf("from generation %d, query %d %q scores %v, want %v", start, k, q, have, fresh[k])
			}
			touched := slices.Sorted(maps.Keys(fresh[k]))
			if have := slices.Sorted(slices.Values(h.touched)); !slices.Equal(have, touched) {
				t.Errorf("from generation %d, query %d touched %v, want %v", start, k, have, touched)
			}
		}
	}
}
