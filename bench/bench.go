// Package bench measures the router over a corpus: accuracy overall, per
// language and per catalogue, abstention precision and recall, the
// confusions, the rate of ambiguous outcomes, latency per Select and index
// build time; beside a plain BM25 baseline in the same run; and Select
// latency and build time over generated catalogues of growing size.
//
// # What counts as right
//
// A case that expects a tool is right when that tool (or one its accept
// list names) is selected. A case that expects no tool is right when the
// router abstains: outcome none or unread. Abstention precision is the
// share of abstentions that were right to abstain; recall the share of
// no-tool cases the router abstained on.
package bench

import (
	"fmt"
	"sort"
	"time"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/router"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// Score is accuracy over a set of cases.
type Score struct {
	Cases    int     `json:"cases"`
	Correct  int     `json:"correct"`
	Accuracy float64 `json:"accuracy"`
}

func (s *Score) add(right bool) {
	s.Cases++
	if right {
		s.Correct++
	}
	s.Accuracy = round4(float64(s.Correct) / float64(s.Cases))
}

// Abstain is abstention precision and recall.
type Abstain struct {
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	abstained int
	rightAbs  int
	noTool    int
}

func (a *Abstain) add(abstained, noTool bool) {
	if abstained {
		a.abstained++
		if noTool {
			a.rightAbs++
		}
	}
	if noTool {
		a.noTool++
	}
	if a.abstained > 0 {
		a.Precision = round4(float64(a.rightAbs) / float64(a.abstained))
	}
	if a.noTool > 0 {
		a.Recall = round4(float64(a.rightAbs) / float64(a.noTool))
	}
}

// Latency holds percentiles of one Select, in nanoseconds.
type Latency struct {
	P50 int64 `json:"p50"`
	P99 int64 `json:"p99"`
}

// Confusion is a tool picked instead of another, with how often.
type Confusion struct {
	Want  string `json:"want"`
	Got   string `json:"got"`
	Count int    `json:"count"`
}

// Side is one system's results over the corpus.
type Side struct {
	Score
	ByLanguage  map[string]*Score `json:"by_language"`
	ByCatalogue map[string]*Score `json:"by_catalogue"`
	Abstain     Abstain           `json:"abstain"`
	// Ambiguous is the share of cases whose outcome was ambiguous.
	Ambiguous  float64     `json:"ambiguous"`
	Confusions []Confusion `json:"confusions"`
	LatencyNS  Latency     `json:"latency_ns"`
	ambiguous  int
	confusions map[[2]string]int
	latencies  []int64
	rightIDs   []string
}

func newSide() *Side {
	return &Side{ByLanguage: map[string]*Score{}, ByCatalogue: map[string]*Score{}, confusions: map[[2]string]int{}}
}

// Scale is Select latency and index build time at one catalogue size.
type Scale struct {
	Tools     int     `json:"tools"`
	LatencyNS Latency `json:"latency_ns"`
	BuildNS   int64   `json:"build_ns"`
	Allocs    float64 `json:"allocs_per_select"`
}

// Report is the whole run: the router and the baseline side by side.
type Report struct {
	Side
	Baseline *Side `json:"baseline"`
	// BaselineThreshold is the score under which the baseline abstains,
	// tuned on the corpus.
	BaselineThreshold float64 `json:"baseline_threshold"`
	// BuildNS is the median time to build the router for one catalogue.
	BuildNS int64   `json:"build_ns"`
	Scale   []Scale `json:"scale,omitempty"`
	// Failures are the router's wrong cases, for reading.
	Failures []Failure `json:"failures,omitempty"`
}

// Failure is one wrong case of the router.
type Failure struct {
	ID      string `json:"id"`
	Turn    string `json:"turn"`
	Want    string `json:"want"`
	Outcome string `json:"outcome"`
	Got     string `json:"got"`
}

// Options configure a run.
type Options struct {
	// Scale lists the generated catalogue sizes to time; none when empty.
	Scale []int
	// Baseline runs the BM25 baseline beside the router.
	Baseline bool
}

// Run measures the router (and the baseline) over the cases.
func Run(cases []corpus.Case, opts Options) (*Report, error) {
	rep := &Report{Side: *newSide()}
	type key struct {
		cat  *catalogue.Catalogue
		lang tokenize.Language
	}
	routers := map[key]*router.Router{}
	var builds []int64
	defer func() {
		for _, r := range routers {
			r.Close()
		}
	}()
	for i := range cases {
		c := &cases[i]
		lang, err := tokenize.ParseLanguage(c.Language)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", c.File, c.Line, err)
		}
		k := key{c.Cat, lang}
		r := routers[k]
		if r == nil {
			start := time.Now()
			r, err = router.New(c.Cat, router.Options{Language: lang})
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", c.File, c.Line, err)
			}
			builds = append(builds, time.Since(start).Nanoseconds())
			routers[k] = r
		}
		start := time.Now()
		d := r.Select(c.Turn)
		rep.latencies = append(rep.latencies, time.Since(start).Nanoseconds())
		got := ""
		if d.Outcome == router.Selected {
			got = d.Tool
		}
		right := c.Right(got)
		if !right {
			g := got
			if g == "" {
				g = string(d.Outcome)
			}
			rep.Failures = append(rep.Failures, Failure{ID: c.ID, Turn: c.Turn, Want: c.Want(), Outcome: string(d.Outcome), Got: g})
		}
		rep.record(c, right, got, d.Outcome == router.None || d.Outcome == router.Unread, d.Outcome == router.Ambiguous)
	}
	rep.finish()
	rep.BuildNS = median(builds)
	if opts.Baseline {
		b, threshold, err := runBaseline(cases)
		if err != nil {
			return nil, err
		}
		rep.Baseline, rep.BaselineThreshold = b, threshold
	}
	for _, n := range opts.Scale {
		s, err := measureScale(n)
		if err != nil {
			return nil, err
		}
		rep.Scale = append(rep.Scale, s)
	}
	return rep, nil
}

// record counts one case.
func (s *Side) record(c *corpus.Case, right bool, got string, abstained, ambiguous bool) {
	s.add(right)
	lang := s.ByLanguage[c.Language]
	if lang == nil {
		lang = &Score{}
		s.ByLanguage[c.Language] = lang
	}
	lang.add(right)
	cat := s.ByCatalogue[c.CatName]
	if cat == nil {
		cat = &Score{}
		s.ByCatalogue[c.CatName] = cat
	}
	cat.add(right)
	s.Abstain.add(abstained, c.Expect == nil)
	if ambiguous {
		s.ambiguous++
	}
	if !right {
		g := got
		if g == "" {
			g = "none"
		}
		s.confusions[[2]string{c.Want(), g}]++
	}
}

func (s *Side) finish() {
	if s.Cases > 0 {
		s.Ambiguous = round4(float64(s.ambiguous) / float64(s.Cases))
	}
	s.Confusions = s.Confusions[:0]
	for k, n := range s.confusions {
		s.Confusions = append(s.Confusions, Confusion{Want: k[0], Got: k[1], Count: n})
	}
	sort.Slice(s.Confusions, func(i, j int) bool {
		a, b := s.Confusions[i], s.Confusions[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		if a.Want != b.Want {
			return a.Want < b.Want
		}
		return a.Got < b.Got
	})
	if len(s.Confusions) > 20 {
		s.Confusions = s.Confusions[:20]
	}
	s.LatencyNS = percentiles(s.latencies)
}

func percentiles(xs []int64) Latency {
	if len(xs) == 0 {
		return Latency{}
	}
	s := append([]int64(nil), xs...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return Latency{P50: s[len(s)/2], P99: s[min(len(s)-1, len(s)*99/100)]}
}

func median(xs []int64) int64 { return percentiles(xs).P50 }

func round4(x float64) float64 { return float64(int64(x*10000+0.5)) / 10000 }
