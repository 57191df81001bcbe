// Package bench measures the router over corpora, beside a frozen BM25F
// baseline in the same run: accuracy overall, per corpus, per language
// and per catalogue, answers deferred to the agent, recall of the
// shortlist, calibration, abstention precision and recall, the
// confusions, latency per Select and index build time; cross-validated
// figures for the training corpora (CrossValidate); the fit of the
// weights (Fit); and the generated-catalogue sweep: the embedded corpus
// with each of its catalogues hidden among 10 to 10,000 generated tools,
// its accuracy, recall, latency, allocations, build time and heap per tool
// at each size (scale.go).
//
// # What counts as right
//
// As DESIGN.md's Scoring fixes it, the same for every corpus:
//
//   - A case that expects a tool is right when the outcome is selected
//     and the tool is expected or accepted. Ambiguous with a right tool
//     among its close candidates is deferred_right, and not right.
//   - A case that expects none is right only when the outcome is none or
//     unread (not ambiguous).
//   - recall_at[k]: the share of tool-expecting cases whose tool is among
//     the first k of the shortlist.
//   - ece: the expected calibration error of the selected tool's
//     probability, over 10 bins; reliability lists those bins.
package bench

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"time"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/router"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// Corpus is a named set of cases: a path given to route bench and the
// cases it holds. The zero value is an unnamed corpus with no cases.
type Corpus struct {
	Name  string
	Cases []corpus.Case
}

// Score is accuracy over a set of cases. The zero value counts no cases, with
// accuracy 0.
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

// Abstain is abstention precision and recall: of the abstentions, the
// share on cases that expect none; of the cases that expect none, the
// share abstained on. The zero value has precision and recall 0.
type Abstain struct {
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
}

// Latency holds percentiles of one Select, in nanoseconds. The zero value is
// no measurement: both percentiles 0.
type Latency struct {
	P50 int64 `json:"p50"`
	P99 int64 `json:"p99"`
}

// Confusion is a tool picked instead of another, with how often. The zero
// value names no tools and counts 0.
type Confusion struct {
	Want  string `json:"want"`
	Got   string `json:"got"`
	Count int    `json:"count"`
}

// Baseline is the frozen BM25F baseline's figures. The zero value has every
// figure 0 and no recall.
type Baseline struct {
	// Accuracy is at its one threshold.
	Accuracy float64 `json:"accuracy"`
	// AccuracyNoAbstain is with no threshold: the top hit always wins.
	AccuracyNoAbstain float64            `json:"accuracy_no_abstain"`
	RecallAt          map[string]float64 `json:"recall_at"`
	// Threshold is the score relative to the turn's idf mass under which
	// it abstains, chosen on the training corpora.
	Threshold float64 `json:"threshold"`
}

// Metrics are the figures of a set of cases. The zero value is the figures of
// no cases: every one 0, with no recall, no languages and no baseline.
type Metrics struct {
	Score
	// DeferredRight is the share of cases answered ambiguous with a right
	// tool among the close candidates.
	DeferredRight float64            `json:"deferred_right"`
	RecallAt      map[string]float64 `json:"recall_at"`
	// Ambiguous is the share of cases whose outcome was ambiguous.
	Ambiguous float64 `json:"ambiguous"`
	// ECE is the expected calibration error of the selected tool's
	// probability over 10 bins.
	ECE float64 `json:"ece"`
	// Reliability is ECE's bins that hold a selection, lowest first: how
	// likely the selections of each bin were said to be, and how often
	// they were right.
	Reliability []Bin `json:"reliability,omitempty"`
	// Cost is the mean cost of the decisions, as the thresholds are
	// chosen for: router.CostWrong for a wrong selection (a wrong tool,
	// or any tool for a case that expects none), router.CostAbstain for
	// any other outcome that is not right.
	Cost float64 `json:"cost"`
	// LogLoss is the mean negative log-likelihood of the right answers
	// (router.Model.LogLoss), where the model's probabilities were read
	// case by case: in cross-validation, not in a run of Select.
	LogLoss    float64           `json:"log_loss,omitempty"`
	Abstain    Abstain           `json:"abstain"`
	ByLanguage map[string]*Score `json:"by_language"`
	Baseline   *Baseline         `json:"baseline"`
}

// Bin is one bin of the selected tools' probabilities, a point of a
// reliability diagram: the selections whose probability fell in [From,
// From+0.1) (the last bin holds 1 too), their mean probability and the
// share of them that were right. A calibrated model's Right is its
// Probability.
type Bin struct {
	// From is the bin's lower bound: 0, 0.1, ... 0.9.
	From float64 `json:"from"`
	// Selected counts the selections in the bin.
	Selected int `json:"selected"`
	// Probability is their mean probability.
	Probability float64 `json:"probability"`
	// Right is the share of them that were right.
	Right float64 `json:"right"`
}

// outcome is one case's result, for both systems.
type outcome struct {
	c         *corpus.Case
	right     bool
	deferred  bool
	ambiguous bool
	abstained bool
	selected  bool
	prob      float64 // of the selected tool
	rank      int     // place of the first right tool in the shortlist, 0 if absent
	loss      float64 // the model's log loss of the right answer, when hasLoss
	hasLoss   bool
	// The baseline's.
	baseTop   string
	baseScore float64
	baseRank  int
	// baseAbstain is set when the baseline abstains whatever the
	// threshold metrics is given (a fold's own threshold).
	baseAbstain bool
}

// recallDepths are the k of recall_at.
var recallDepths = []int{1, 5, 10}

// metrics computes the figures of a set of outcomes; threshold is the
// baseline's.
func metrics(os []outcome, threshold float64) *Metrics {
	m := &Metrics{RecallAt: map[string]float64{}, ByLanguage: map[string]*Score{}}
	b := &Baseline{RecallAt: map[string]float64{}, Threshold: round4(threshold)}
	var deferred, ambiguous, abstained, rightAbs, noTool, withTool int
	var baseRight, baseNoAbs int
	reach := make([]int, len(recallDepths))
	baseReach := make([]int, len(recallDepths))
	var bins [10]struct {
		n, right int
		conf     float64
	}
	selected := 0
	cost := 0.0
	loss, losses := 0.0, 0
	for i := range os {
		o := &os[i]
		if o.hasLoss {
			loss += o.loss
			losses++
		}
		m.add(o.right)
		switch {
		case o.right:
		case o.selected:
			cost += router.CostWrong
		default:
			cost += router.CostAbstain
		}
		lang := m.ByLanguage[o.c.Language]
		if lang == nil {
			lang = &Score{}
			m.ByLanguage[o.c.Language] = lang
		}
		lang.add(o.right)
		if o.deferred {
			deferred++
		}
		if o.ambiguous {
			ambiguous++
		}
		none := o.c.Expect == nil
		if o.abstained {
			abstained++
			if none {
				rightAbs++
			}
		}
		if none {
			noTool++
		} else {
			withTool++
			for k, d := range recallDepths {
				if o.rank > 0 && o.rank <= d {
					reach[k]++
				}
				if o.baseRank > 0 && o.baseRank <= d {
					baseReach[k]++
				}
			}
		}
		if o.selected {
			selected++
			bin := min(9, int(o.prob*10))
			bins[bin].n++
			bins[bin].conf += o.prob
			if o.right {
				bins[bin].right++
			}
		}
		got := o.baseTop
		if o.baseScore < threshold || o.baseAbstain {
			got = ""
		}
		if o.c.Right(got) {
			baseRight++
		}
		if o.c.Right(o.baseTop) {
			baseNoAbs++
		}
	}
	n := float64(max(1, len(os)))
	m.DeferredRight = round4(float64(deferred) / n)
	m.Cost = round4(cost / n)
	if losses > 0 {
		m.LogLoss = round4(loss / float64(losses))
	}
	m.Ambiguous = round4(float64(ambiguous) / n)
	if abstained > 0 {
		m.Abstain.Precision = round4(float64(rightAbs) / float64(abstained))
	}
	if noTool > 0 {
		m.Abstain.Recall = round4(float64(rightAbs) / float64(noTool))
	}
	for k, d := range recallDepths {
		key := strconv.Itoa(d)
		if withTool > 0 {
			m.RecallAt[key] = round4(float64(reach[k]) / float64(withTool))
			b.RecallAt[key] = round4(float64(baseReach[k]) / float64(withTool))
		}
	}
	if selected > 0 {
		ece := 0.0
		for k, bin := range bins {
			if bin.n > 0 {
				right, conf := float64(bin.right)/float64(bin.n), bin.conf/float64(bin.n)
				ece += float64(bin.n) / float64(selected) * math.Abs(right-conf)
				m.Reliability = append(m.Reliability, Bin{From: float64(k) / 10, Selected: bin.n, Probability: round4(conf), Right: round4(right)})
			}
		}
		m.ECE = round4(ece)
	}
	b.Accuracy = round4(float64(baseRight) / n)
	b.AccuracyNoAbstain = round4(float64(baseNoAbs) / n)
	m.Baseline = b
	return m
}

// Scale is the figures of the corpus at one size of the generated-catalogue
// sweep: each catalogue of the corpus hidden among Tools generated
// distractors, and its cases routed against it. The zero value is no
// measurement: no tools, every figure 0.
type Scale struct {
	// Tools is how many generated tools each catalogue is hidden among.
	Tools int `json:"tools"`
	// Cases is how many cases were measured.
	Cases int `json:"cases"`
	// Accuracy and RecallAt5 count as Scoring says: the share of the
	// cases right, and of the tool-expecting ones whose tool is in the
	// first five of the shortlist.
	Accuracy  float64 `json:"accuracy"`
	RecallAt5 float64 `json:"recall_at_5"`
	// LatencyNS is one Select's, over the cases' turns.
	LatencyNS Latency `json:"latency_ns"`
	// Allocs is the heap allocations of one Select, on average.
	Allocs float64 `json:"allocs_per_select"`
	// BuildNS is the median time to build the router of one catalogue.
	BuildNS int64 `json:"build_ns"`
	// HeapBytesPerTool is the live heap a router holds (after a
	// collection, without the catalogue itself or the Bleve index, which
	// is built on first use), per tool of its catalogue: the median over
	// the catalogues.
	HeapBytesPerTool int64 `json:"heap_bytes_per_tool"`
	// Skipped counts the generated tools left out, over every catalogue,
	// because their names were, or read as, names of the catalogue's own.
	Skipped int `json:"distractors_skipped"`
}

// Report is the whole run: the router and the baseline side by side. The zero
// value is the report of no run: every figure 0 and every list empty.
type Report struct {
	Metrics
	// ByCorpus are the same figures per corpus.
	ByCorpus map[string]*Metrics `json:"by_corpus"`
	// ByCatalogue is the router's accuracy per catalogue.
	ByCatalogue map[string]*Score `json:"by_catalogue"`
	Confusions  []Confusion       `json:"confusions"`
	LatencyNS   Latency           `json:"latency_ns"`
	// BuildNS is the median time to build the router for one catalogue.
	BuildNS int64   `json:"build_ns"`
	Scale   []Scale `json:"scale,omitempty"`
	// CV holds cross-validated figures, when asked for.
	CV *CV `json:"cv,omitempty"`
	// Failures are the router's wrong cases, for reading.
	Failures []Failure `json:"failures,omitempty"`
}

// Failure is one wrong case of the router. The zero value names no case.
type Failure struct {
	ID      string `json:"id"`
	Turn    string `json:"turn"`
	Want    string `json:"want"`
	Outcome string `json:"outcome"`
	Got     string `json:"got"`
}

// Options configure a run. The zero Options times no generated catalogue and
// decides with the embedded weights.
type Options struct {
	// Scale lists the sizes of the generated-catalogue sweep; none when
	// empty.
	Scale []int
	// ScaleCases are the cases the sweep measures; the embedded corpus
	// when nil.
	ScaleCases []corpus.Case
	// Model decides; the embedded weights when nil.
	Model *router.Model
}

// routerKey is one router per catalogue and language.
type routerKey struct {
	cat  *catalogue.Catalogue
	lang tokenize.Language
}

// systems holds the router and the baseline of each catalogue and
// language a run meets.
type systems struct {
	model   *router.Model
	routers map[routerKey]*router.Router
	bases   map[routerKey]*baseline
	builds  []int64 // the routers' build times
}

func newSystems(m *router.Model) *systems {
	return &systems{model: m, routers: map[routerKey]*router.Router{}, bases: map[routerKey]*baseline{}}
}

// of returns the router and the baseline a case routes against, built on
// first use.
func (s *systems) of(c *corpus.Case) (*router.Router, *baseline, error) {
	lang, err := tokenize.ParseLanguage(c.Language)
	if err != nil {
		return nil, nil, fmt.Errorf("%s:%d: %w", c.File, c.Line, err)
	}
	k := routerKey{c.Cat, lang}
	if r := s.routers[k]; r != nil {
		return r, s.bases[k], nil
	}
	start := time.Now()
	r, err := router.New(c.Cat, router.Options{Language: lang, Model: s.model})
	if err != nil {
		return nil, nil, fmt.Errorf("%s:%d: %w", c.File, c.Line, err)
	}
	s.builds = append(s.builds, time.Since(start).Nanoseconds())
	b, err := newBaseline(c.Cat, lang)
	if err != nil {
		r.Close()
		return nil, nil, fmt.Errorf("%s:%d: %w", c.File, c.Line, err)
	}
	s.routers[k], s.bases[k] = r, b
	return r, b, nil
}

// close releases every router.
func (s *systems) close() {
	for k, r := range s.routers {
		r.Close()
		delete(s.routers, k)
		delete(s.bases, k)
	}
}

// baseline sets the baseline's fields of an outcome.
func (o *outcome) baseline(b *baseline, turn string) {
	names, score := b.ranked(turn)
	o.baseScore = score
	if len(names) > 0 {
		o.baseTop = names[0]
	}
	o.baseRank = rankOfNames(o.c, names)
}

// Run measures the router and the baseline over the corpora.
func Run(corpora []Corpus, opts Options) (*Report, error) {
	m := opts.Model
	if m == nil {
		var err error
		if m, err = router.DefaultModel(); err != nil {
			return nil, err
		}
	}
	threshold := m.Weights().BaselineThreshold
	rep := &Report{ByCorpus: map[string]*Metrics{}, ByCatalogue: map[string]*Score{}}
	sys := newSystems(m)
	defer sys.close()
	var latencies []int64
	confusions := map[[2]string]int{}
	var all []outcome
	for _, cp := range corpora {
		var outs []outcome
		for i := range cp.Cases {
			c := &cp.Cases[i]
			r, base, err := sys.of(c)
			if err != nil {
				return nil, err
			}
			start := time.Now()
			d := r.Select(c.Turn)
			latencies = append(latencies, time.Since(start).Nanoseconds())
			o := judgeDecision(c, d)
			o.rank = rankOf(c, r.Shortlist(c.Turn, 10))
			o.baseline(base, c.Turn)
			outs = append(outs, o)
			sc := rep.ByCatalogue[c.CatName]
			if sc == nil {
				sc = &Score{}
				rep.ByCatalogue[c.CatName] = sc
			}
			sc.add(o.right)
			if !o.right {
				got := d.Tool
				if d.Outcome != router.Selected {
					got = string(d.Outcome)
				}
				confusions[[2]string{c.Want(), got}]++
				rep.Failures = append(rep.Failures, Failure{ID: c.ID, Turn: c.Turn, Want: c.Want(), Outcome: string(d.Outcome), Got: got})
			}
		}
		rep.ByCorpus[cp.Name] = metrics(outs, threshold)
		all = append(all, outs...)
	}
	rep.Metrics = *metrics(all, threshold)
	rep.Confusions = topConfusions(confusions)
	rep.LatencyNS = percentiles(latencies)
	rep.BuildNS = median(sys.builds)
	sys.close()
	if len(opts.Scale) > 0 {
		cases := opts.ScaleCases
		if cases == nil {
			var err error
			if cases, err = corpus.Default(); err != nil {
				return nil, err
			}
		}
		for _, n := range opts.Scale {
			s, err := measureScale(cases, n, m)
			if err != nil {
				return nil, err
			}
			rep.Scale = append(rep.Scale, s)
		}
	}
	return rep, nil
}

// judgeDecision counts one decision as DESIGN.md's Scoring says.
func judgeDecision(c *corpus.Case, d router.Decision) outcome {
	o := outcome{c: c}
	switch d.Outcome {
	case router.Selected:
		o.selected = true
		o.right = c.Expect != nil && c.Right(d.Tool)
		if len(d.Candidates) > 0 && d.Candidates[0].Tool == d.Tool {
			o.prob = d.Candidates[0].Probability
		}
	case router.None, router.Unread:
		o.abstained = true
		o.right = c.Expect == nil
	case router.Ambiguous:
		o.ambiguous, o.abstained = true, true
		if c.Expect != nil {
			for _, cd := range d.Candidates {
				if c.Right(cd.Tool) {
					o.deferred = true
				}
			}
		}
	}
	return o
}

func rankOf(c *corpus.Case, cands []router.Candidate) int {
	names := make([]string, len(cands))
	for i, cd := range cands {
		names[i] = cd.Tool
	}
	return rankOfNames(c, names)
}

func rankOfNames(c *corpus.Case, names []string) int {
	if c.Expect == nil {
		return 0
	}
	for i, n := range names {
		if c.Right(n) {
			return i + 1
		}
	}
	return 0
}

func topConfusions(m map[[2]string]int) []Confusion {
	out := make([]Confusion, 0, len(m))
	for k, n := range m {
		out = append(out, Confusion{Want: k[0], Got: k[1], Count: n})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		if a.Want != b.Want {
			return a.Want < b.Want
		}
		return a.Got < b.Got
	})
	if len(out) > 20 {
		out = out[:20]
	}
	return out
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

func round4(x float64) float64 { return math.Round(x*10000) / 10000 }
