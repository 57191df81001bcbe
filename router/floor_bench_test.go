package router

import (
	"fmt"
	"math"
	"sort"
	"sync"
	"testing"

	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// The floor, the anchor and the router, side by side: the embedded corpus'
// own turns (both languages, each read by a router of its language) over
// generated catalogues of 1,000 and 10,000 tools, so that
//
//	go test ./router -run XXX -bench 'Floor|Anchor|SelectCorpus' -benchmem -count 5
//
// prints, per size, what a hand-written inverted index over the router's
// own terms costs (BenchmarkFloor, BenchmarkFloorTerms), what a Bleve
// query costs (BenchmarkAnchorBleve) and what Select costs
// (BenchmarkSelectCorpus). Select over Floor is the ratio DESIGN.md's
// speed budget holds within 3.

// floorSizes are the catalogue sizes of the side-by-side benchmarks.
var floorSizes = []int{1000, 10000}

// floorIndex is a hand-written inverted index over the terms the router
// indexes: each term's postings, one flat array, scored BM25 (k1 1.2, b
// 0.75) over each tool's distinct terms. It is not safe for concurrent
// use: a query scores into its scratch space.
type floorIndex struct {
	ids      map[string]int32
	start    []int32 // by term: its postings are postings[start[t]:start[t+1]]
	postings []floorPosting
	score    []float32 // by tool, the query's
	touched  []int32
	top      []int32
}

type floorPosting struct {
	tool   int32
	weight float32
}

// newFloorIndex indexes the terms r's retrieval index holds, tool by tool.
func newFloorIndex(r *Router) *floorIndex {
	var terms []string
	for t := range r.ix.ids {
		if ps := r.ix.term(t).postings; ps.len() > 0 {
			terms = append(terms, t)
		}
	}
	sort.Strings(terms)
	n := len(r.tools)
	length := make([]float64, n) // distinct terms per tool
	total := 0.0
	for _, t := range terms {
		for _, tool := range r.ix.term(t).postings.tools {
			length[tool]++
			total++
		}
	}
	avg := max(1, total/float64(max(1, n)))
	const k1, b = 1.2, 0.75
	fx := &floorIndex{ids: make(map[string]int32, len(terms)), start: make([]int32, 0, len(terms)+1),
		score: make([]float32, n), top: make([]int32, 0, Candidates)}
	for id, t := range terms {
		fx.ids[t] = int32(id)
		fx.start = append(fx.start, int32(len(fx.postings)))
		tools := r.ix.term(t).postings.tools
		idf := math.Log(1 + (float64(n)-float64(len(tools))+0.5)/(float64(len(tools))+0.5))
		for _, tool := range tools {
			w := idf * (k1 + 1) / (1 + k1*(1-b+b*length[tool]/avg))
			fx.postings = append(fx.postings, floorPosting{tool: tool, weight: float32(w)})
		}
	}
	fx.start = append(fx.start, int32(len(fx.postings)))
	return fx
}

// query sums the postings of terms into each tool's score and keeps the
// best Candidates tools, best first (ties to catalogue order).
func (fx *floorIndex) query(terms []string) []int32 {
	for _, t := range fx.touched {
		fx.score[t] = 0
	}
	fx.touched = fx.touched[:0]
	for _, term := range terms {
		id, ok := fx.ids[term]
		if !ok {
			continue
		}
		for _, p := range fx.postings[fx.start[id]:fx.start[id+1]] {
			if fx.score[p.tool] == 0 {
				fx.touched = append(fx.touched, p.tool)
			}
			fx.score[p.tool] += p.weight
		}
	}
	better := func(a, b int32) bool {
		if fx.score[a] != fx.score[b] {
			return fx.score[a] > fx.score[b]
		}
		return a < b
	}
	top := fx.top[:0]
	for _, t := range fx.touched {
		if len(top) == Candidates && !better(t, top[len(top)-1]) {
			continue
		}
		if len(top) < Candidates {
			top = append(top, 0)
		}
		k := len(top) - 1
		for k > 0 && better(t, top[k-1]) {
			top[k] = top[k-1]
			k--
		}
		top[k] = t
	}
	fx.top = top
	return top
}

// floorTurn is one turn of the embedded corpus, with the router of its
// language and, read before timing, the router's retrieval terms of it.
type floorTurn struct {
	text  string
	r     *Router
	terms []string
}

// floorFixture is a generated catalogue's routers, one per language, the
// floor index over its terms and the corpus' turns.
type floorFixture struct {
	en, pt *Router
	fx     *floorIndex
	turns  []floorTurn
	tk     map[*Router]*tokenize.Tokenizer
}

var (
	floorMu       sync.Mutex
	floorFixtures = map[int]*floorFixture{}
)

// floorOf builds the fixture of n generated tools once per run.
func floorOf(b *testing.B, n int) *floorFixture {
	b.Helper()
	floorMu.Lock()
	defer floorMu.Unlock()
	if f := floorFixtures[n]; f != nil {
		return f
	}
	cat, err := corpus.Generate(n, 1)
	if err != nil {
		b.Fatal(err)
	}
	f := &floorFixture{tk: map[*Router]*tokenize.Tokenizer{}}
	for _, lang := range []tokenize.Language{tokenize.English, tokenize.Brazilian} {
		r, err := New(cat, Options{Language: lang})
		if err != nil {
			b.Fatal(err)
		}
		tk, err := tokenize.New(lang)
		if err != nil {
			b.Fatal(err)
		}
		f.tk[r] = tk
		if lang == tokenize.English {
			f.en = r
		} else {
			f.pt = r
		}
	}
	f.fx = newFloorIndex(f.en)
	cases, err := corpus.Default()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range cases {
		r := f.en
		if c.Language == string(tokenize.Brazilian) {
			r = f.pt
		}
		var terms []string
		var room featureRoom
		p := r.gram.Parse(c.Turn)
		for i := range p.Clauses {
			ft := r.features(&p.Clauses[i], &room)
			for _, t := range ft.terms {
				terms = appendUnique(terms, t)
			}
		}
		f.turns = append(f.turns, floorTurn{text: c.Turn, r: r, terms: terms})
	}
	floorFixtures[n] = f
	return f
}

// eachSize runs bench over the fixture of each size, as tools=N.
func eachSize(b *testing.B, bench func(b *testing.B, f *floorFixture)) {
	for _, n := range floorSizes {
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			f := floorOf(b, n)
			b.ReportAllocs()
			bench(b, f)
		})
	}
}

// BenchmarkFloor is the floor: a hand-written inverted index over the
// terms the router indexes, reading each turn as the router reads its
// words (the project's tokenizer, the turn language's stems, the router's
// stop words) and summing the postings of its stems (BM25), keeping the
// best Candidates tools. It reads no grammar, no concepts and decides nothing:
// what any turn-to-tools search must cost at least.
func BenchmarkFloor(b *testing.B) {
	eachSize(b, func(b *testing.B, f *floorFixture) {
		var toks []tokenize.Token
		var terms []string
		i := 0
		for b.Loop() {
			t := &f.turns[i%len(f.turns)]
			i++
			toks = f.tk[t.r].AppendTokens(toks[:0], t.text)
			terms = terms[:0]
			for _, tok := range toks {
				if tok.Kind == tokenize.Word {
					terms = t.r.wordStems(tok.Norm, terms)
				}
			}
			f.fx.query(terms)
		}
	})
}

// BenchmarkFloorTerms is the floor's index alone: the same inverted index
// queried with the router's own retrieval terms of each turn (stems and
// concepts, read before timing), summing postings and keeping the best
// Candidates tools.
func BenchmarkFloorTerms(b *testing.B) {
	eachSize(b, func(b *testing.B, f *floorFixture) {
		i := 0
		for b.Loop() {
			f.fx.query(f.turns[i%len(f.turns)].terms)
			i++
		}
	})
}

// BenchmarkAnchorBleve is the anchor: Search, a Bleve query (scorch in
// memory, BM25) of the turn's terms as the router reads them over the
// action, object and text fields, for the best Candidates tools. The index is
// built before timing.
func BenchmarkAnchorBleve(b *testing.B) {
	eachSize(b, func(b *testing.B, f *floorFixture) {
		for _, r := range []*Router{f.en, f.pt} {
			if _, err := r.Index(); err != nil {
				b.Fatal(err)
			}
		}
		i := 0
		for b.Loop() {
			t := &f.turns[i%len(f.turns)]
			i++
			if _, err := t.r.Search(t.text, Candidates); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkSelectCorpus is the router: Select, the whole decision, on the
// same turns over the same catalogues.
func BenchmarkSelectCorpus(b *testing.B) {
	eachSize(b, func(b *testing.B, f *floorFixture) {
		i := 0
		for b.Loop() {
			t := &f.turns[i%len(f.turns)]
			i++
			t.r.Select(t.text)
		}
	})
}
