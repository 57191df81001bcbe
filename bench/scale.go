package bench

import (
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/router"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// The generated-catalogue sweep: each catalogue of the corpus hidden among
// n generated distractor tools, and the corpus' own labelled turns routed
// against it. It measures what grows with the catalogue: accuracy and
// recall as Scoring counts them, Select latency and allocations, build
// time and the heap a router holds per tool.

// ScaleTurns are a few short turns of the kinds the corpus holds: the
// router's benchmarks time them over the shop and generated catalogues.
var ScaleTurns = []string{
	"show me order 42",
	"could you please refund the 20 dollars on order 42",
	"what's the status of my last invoice?",
	"turn the kitchen lights off",
	"don't charge the card",
	"list all open tickets for customer ana@example.com",
	"refnud the order",
	"charge the card and then archive the order",
}

// ScaleSeed is the seed of the sweep's generated catalogues: fixed, so
// that every run hides the corpus among the same distractors.
const ScaleSeed = 1

// Distractors returns n tools made by corpus.Generate with seed (the
// sweep's is ScaleSeed) to hide cat among: a generated tool whose name is
// a name of cat, or reads as the same words in either number (get_order,
// getOrder, get_orders), is skipped, and the next generated tool takes its
// place, so that the result is the same for the same catalogue, n and
// seed. skipped counts the tools left out.
func Distractors(cat *catalogue.Catalogue, n int, seed uint64) (tools []catalogue.Tool, skipped int, err error) {
	st, err := tokenize.NewStemmer(tokenize.English)
	if err != nil {
		return nil, 0, err
	}
	taken := map[string]bool{}
	for _, t := range cat.Tools {
		taken[t.Name] = true
		taken[sameWords(st, t.Name)] = true
	}
	// corpus.Generate(m) begins with corpus.Generate(n) for m > n, so
	// asking for more only adds tools after those already taken.
	for m := n + n/10 + 16; ; m *= 2 {
		gen, err := corpus.Generate(m, seed)
		if err != nil {
			return nil, 0, err
		}
		tools, skipped = tools[:0], 0
		seen := map[string]bool{}
		for _, t := range gen.Tools {
			if len(tools) == n {
				return tools, skipped, nil
			}
			key := sameWords(st, t.Name)
			if taken[t.Name] || taken[key] || seen[t.Name] || seen[key] {
				skipped++
				continue
			}
			seen[t.Name], seen[key] = true, true
			tools = append(tools, t)
		}
		if len(tools) == n {
			return tools, skipped, nil
		}
	}
}

// sameWords is the key two names that read as the same words, in either
// number, share (get_order, getOrder, get_orders): the stems of their
// words, in order.
func sameWords(st *tokenize.Stemmer, name string) string {
	ws := tokenize.SplitName(name)
	for i, w := range ws {
		ws[i] = st.Stem(w)
	}
	return strings.Join(ws, " ")
}

// hidden returns cat's tools followed by the distractors, as one
// catalogue.
func hidden(cat *catalogue.Catalogue, distractors []catalogue.Tool) *catalogue.Catalogue {
	tools := make([]catalogue.Tool, 0, len(cat.Tools)+len(distractors))
	tools = append(tools, cat.Tools...)
	tools = append(tools, distractors...)
	return &catalogue.Catalogue{Format: cat.Format, Source: fmt.Sprintf("%s+generated:%d", cat.Source, len(distractors)), Tools: tools}
}

// sweepGroup is the cases of one catalogue and language, routed by one
// router.
type sweepGroup struct {
	key   routerKey
	cases []*corpus.Case
}

// groupCases groups the cases by catalogue and language, in the order each
// group is first met.
func groupCases(cases []corpus.Case) ([]*sweepGroup, error) {
	var groups []*sweepGroup
	at := map[routerKey]*sweepGroup{}
	for i := range cases {
		c := &cases[i]
		lang, err := tokenize.ParseLanguage(c.Language)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", c.File, c.Line, err)
		}
		k := routerKey{c.Cat, lang}
		g := at[k]
		if g == nil {
			g = &sweepGroup{key: k}
			at[k] = g
			groups = append(groups, g)
		}
		g.cases = append(g.cases, c)
	}
	return groups, nil
}

// heapAlloc is the live heap after a collection. It collects twice: a
// sync.Pool (a router's scratch space) keeps what it holds, and the
// router that holds it, through the first collection after its last use.
func heapAlloc() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// mallocs is how many heap objects have been allocated so far.
func mallocs() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.Mallocs
}

// measureScale routes every case against its catalogue hidden among n
// generated tools, with the model m.
func measureScale(cases []corpus.Case, n int, m *router.Model) (Scale, error) {
	groups, err := groupCases(cases)
	if err != nil {
		return Scale{}, err
	}
	s := Scale{Tools: n}
	var builds, lat []int64
	var heapPerTool []int64
	var allocated uint64
	var selects, right, withTool, reached int
	for _, g := range groups {
		distractors, skipped, err := Distractors(g.key.cat, n, ScaleSeed)
		if err != nil {
			return Scale{}, err
		}
		s.Skipped += skipped
		cat := hidden(g.key.cat, distractors)
		before := heapAlloc()
		start := time.Now()
		r, err := router.New(cat, router.Options{Language: g.key.lang, Model: m})
		build := time.Since(start).Nanoseconds()
		if err != nil {
			first := g.cases[0]
			return Scale{}, fmt.Errorf("%s:%d: %d generated tools: %w", first.File, first.Line, n, err)
		}
		after := heapAlloc()
		builds = append(builds, build)
		heapPerTool = append(heapPerTool, (int64(after)-int64(before))/int64(len(cat.Tools)))
		// One untimed Select first: a router in use has its scratch
		// space.
		r.Select(g.cases[0].Turn)
		ds := make([]router.Decision, len(g.cases))
		m0 := mallocs()
		for i, c := range g.cases {
			t0 := time.Now()
			ds[i] = r.Select(c.Turn)
			lat = append(lat, time.Since(t0).Nanoseconds())
		}
		allocated += mallocs() - m0
		selects += len(g.cases)
		for i, c := range g.cases {
			if judgeDecision(c, ds[i]).right {
				right++
			}
			if c.Expect == nil {
				continue
			}
			withTool++
			if k := rankOf(c, r.Shortlist(c.Turn, 10)); k > 0 && k <= 5 {
				reached++
			}
		}
		if err := r.Close(); err != nil {
			return Scale{}, err
		}
	}
	s.Cases = selects
	if selects > 0 {
		s.Accuracy = round4(float64(right) / float64(selects))
		s.Allocs = round4(float64(allocated) / float64(selects))
	}
	if withTool > 0 {
		s.RecallAt5 = round4(float64(reached) / float64(withTool))
	}
	s.LatencyNS = percentiles(lat)
	s.BuildNS = median(builds)
	s.HeapBytesPerTool = median(heapPerTool)
	return s, nil
}
