package router

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stalwart-agents/stalwart/catalogue"
)

// fitTurns are labelled turns of the shop for fitting a model in a test:
// each asks for its tool, or for none.
var fitTurns = []struct{ turn, tool string }{
	{"show me order 42", "get_order"},
	{"what is in order 7", "get_order"},
	{"look up order 19", "get_order"},
	{"find my orders from last week", "search_orders"},
	{"search orders for the blue mug", "search_orders"},
	{"which orders shipped yesterday", "search_orders"},
	{"archive order 42", "archive_order"},
	{"put order 3 in the archive", "archive_order"},
	{"file order 12 away", "archive_order"},
	{"charge the card 20 dollars for order 42", "charge_card"},
	{"bill the card for order 8", "charge_card"},
	{"refund the 20 dollars on order 42", "refund_card"},
	{"give the money back for order 8", "refund_card"},
	{"what's the weather like today", ""},
	{"tell me a joke", ""},
	{"who won the match last night", ""},
	{"book a flight to Lisbon", ""},
	{"translate hello into French", ""},
}

// fitExamples reads fitTurns on the shop as examples of two corpora: the
// turns that ask for a tool, and those that ask for none.
func fitExamples(t *testing.T) []Example {
	t.Helper()
	r := shop(t, Options{})
	var out []Example
	for _, ft := range fitTurns {
		var right []string
		corpus := "none"
		if ft.tool != "" {
			right, corpus = []string{ft.tool}, "tools"
		}
		e := r.Example(ft.turn, right)
		e.Corpus, e.Fold = corpus, ft.turn
		out = append(out, e)
	}
	return out
}

func TestFitLearnsTheTurns(t *testing.T) {
	exs := fitExamples(t)
	w, err := Fit(exs, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewModel(w)
	if err != nil {
		t.Fatal(err)
	}
	right := 0
	for i := range exs {
		j := m.Judge(&exs[i])
		if j.Right {
			right++
		}
		if want := fitTurns[i].tool; want != "" && j.Rank != 1 {
			t.Errorf("after the fit, %q ranks %s at %d, want first", fitTurns[i].turn, want, j.Rank)
		}
	}
	// The fit sees every turn: it must decide nearly all of them right.
	if right < len(exs)-2 {
		t.Errorf("the fitted model decides %d of %d of its own turns right, want at least %d", right, len(exs), len(exs)-2)
	}
	if w.Fit.Examples == 0 || w.Fit.NoneExamples < w.Fit.Examples {
		t.Errorf("fit read %d ranking and %d none examples, want some of each, none's counting every turn with a candidate", w.Fit.Examples, w.Fit.NoneExamples)
	}
}

func TestFitIsDeterministic(t *testing.T) {
	exs := fitExamples(t)
	a, err := Fit(exs, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Fit(exs, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("two fits of the same examples differ")
	}
}

func TestFitNeedsExamples(t *testing.T) {
	if _, err := Fit(nil, FitOptions{}); err == nil {
		t.Error("Fit(no examples) = nil error, want an error")
	}
}

// TestNoneReadsNoRunnerUp checks that none has no feature that compares
// the top tool with the others: a candidate alone and the same candidate
// beside a weaker one give none the same features, but for the top
// tool's utility, which is the ranking's. Whether a turn has an answer is
// no matter of how many tools the catalogue has, and a tool alone leads
// by all it scores.
func TestNoneReadsNoRunnerUp(t *testing.T) {
	_, none := FeatureNames()
	for _, n := range none {
		if strings.HasPrefix(n, "rank_") || strings.Contains(n, "lead") || strings.HasSuffix(n, "_seen") {
			t.Errorf("none reads %s", n)
		}
	}
	d, err := DefaultModel()
	if err != nil {
		t.Fatal(err)
	}
	// The fitted weights, but for one that keeps the stronger candidate
	// first whatever the others are: the test compares none's features of
	// one top tool.
	m := *d
	m.tool[fActionSame] = 100
	r := newClosed(t, &catalogue.Catalogue{Tools: []catalogue.Tool{{Name: "get_weather", Description: "Gets the weather for a city."}}}, Options{Model: &m})
	p := r.gram.Parse("what's the weather in Lisbon")
	s := r.scratch.Get().(*scorer)
	defer r.scratch.Put(s)
	cs, fs := r.clauseFeatures(p, s)
	var x, other toolVec
	x[fBM25], x[fCoverage], x[fActionSame], x[fCoverageSeen] = 0.5, 0.6, 1, 1
	other[fBM25], other[fCoverage] = 0.01, 0.1
	x2 := x // each list's own: noneFeatures sets the lead in it
	alone := []cand{{x: &x}}
	beside := []cand{{x: &x2}, {x: &other}}
	// noneFeatures sets each candidate's lead; the share of what some
	// tool holds is the retrieval's, set here as another tool would.
	y1 := r.noneFeatures(cs[0], &fs[0], s, alone)
	y2 := r.noneFeatures(cs[0], &fs[0], s, beside)
	beside[0].x[fCoverageSeen] = 0.8
	if alone[0].x[fLead] == beside[0].x[fLead] {
		t.Fatalf("lead is %v alone and beside another tool: the test compares nothing", alone[0].x[fLead])
	}
	var g1, g2 relVec
	m.probabilities(alone, &y1, &g1)
	m.probabilities(beside, &y2, &g2)
	for k := range numRelFeatures {
		if k != relRank && k != relRankSq && g1[k] != g2[k] {
			t.Errorf("none's %s is %v alone and %v beside another tool", relFeatureNames[k], g1[k], g2[k])
		}
	}
	u := m.toolUtility(alone[0].x)
	if relFeatureNames[relRank] != "top_utility" || g1[relRank] != u {
		t.Errorf("none's feature %s = %v, want top_utility = %v", relFeatureNames[relRank], g1[relRank], u)
	}
	if relFeatureNames[relRankSq] != "top_utility_sq" || g1[relRankSq] != u*u {
		t.Errorf("none's feature %s = %v, want top_utility_sq = %v", relFeatureNames[relRankSq], g1[relRankSq], u*u)
	}
}

// TestNoneReadsUnmetByCoverage checks none's two products of the top
// tool's evidence with its coverage: required parameters a turn leaves
// unfilled, and a head it never names, weigh by how much of the turn the
// tool explains.
func TestNoneReadsUnmetByCoverage(t *testing.T) {
	var x toolVec
	x[fCoverage], x[fRequiredUnmet], x[fMissingHead] = 0.8, 0.5, 1
	var y noneVec
	var g relVec
	g.fill(&y, &x, 1)
	if relFeatureNames[relUnmetCov] != "top_unmet_coverage" || g[relUnmetCov] != 0.4 {
		t.Errorf("none's %s = %v, want top_unmet_coverage = 0.4", relFeatureNames[relUnmetCov], g[relUnmetCov])
	}
	if relFeatureNames[relMissCov] != "top_missing_head_coverage" || g[relMissCov] != 0.8 {
		t.Errorf("none's %s = %v, want top_missing_head_coverage = 0.8", relFeatureNames[relMissCov], g[relMissCov])
	}
	x[fCoverage] = 0
	g.fill(&y, &x, 1)
	if g[relUnmetCov] != 0 || g[relMissCov] != 0 {
		t.Errorf("with no coverage, none's products = %v, %v; want 0", g[relUnmetCov], g[relMissCov])
	}
	g.fill(&y, nil, 0)
	if g[relUnmetCov] != 0 || g[relMissCov] != 0 {
		t.Errorf("with no top tool, none's products = %v, %v; want 0", g[relUnmetCov], g[relMissCov])
	}
}

// TestChooseThresholdsTogether checks that the tiers' thresholds are
// chosen together, write at least read: when the writes want less
// confidence than the reads, both meet where the summed cost is least.
func TestChooseThresholdsTogether(t *testing.T) {
	m := ZeroModel()
	// An example of one candidate, a read or a write, right or not, and
	// none's probability: under the zero model every share is equal,
	// so the probability is set through none's bias.
	ex := func(corpus string, k risk, right bool, bias float64) Example {
		e := Example{Corpus: corpus, wantNone: !right, right: []bool{right}, tools: []toolVec{{}}, names: []string{"t"},
			risks: []risk{k}, barred: []bool{false}, fit: []bool{true}, bm25: []float64{0.5}}
		e.none[nBias] = bias
		return e
	}
	var exs []Example
	// Reads: ten right at a probability of about 0.8, one wrong at
	// about 0.55; alone they would take any threshold from 0.6 to 0.8,
	// the stricter 0.8 on a tie.
	for range 10 {
		exs = append(exs, ex("reads", riskRead, true, -1.4))
	}
	exs = append(exs, ex("reads", riskRead, false, -0.2))
	// Writes: twenty right at about 0.62, which a threshold of 0.8
	// abstains on.
	for range 20 {
		exs = append(exs, ex("writes", riskWrite, true, -0.5))
	}
	m.none[nBias] = 1 // none's utility is its bias feature
	th := chooseThresholds(exs, func(int) *Model { return m })
	if th.Write.Probability < th.Read.Probability || th.Destructive.Probability < th.Write.Probability {
		t.Fatalf("thresholds %+v: write must ask at least read's, destructive at least write's", th)
	}
	// Together, both tiers cost nothing between 0.55 and 0.62: read's
	// own best (0.8) would cost every write.
	if th.Read.Probability <= 0.55 || th.Write.Probability > 0.62 {
		t.Errorf("thresholds read %.2f, write %.2f: want both above the wrong read's 0.55 and no more than the writes' 0.62", th.Read.Probability, th.Write.Probability)
	}
	if th.Destructive != th.Write {
		t.Errorf("destructive %+v, want write's %+v: no example is destructive", th.Destructive, th.Write)
	}
}

// TestThresholdPriorLevelCost checks that where the cost is level, the
// thresholds go to the cost's break-even, 2/3, as ThresholdPrior charges
// each step away from it: reads all right at a probability of about 0.9
// cost nothing at any threshold up to 0.9, and the stricter setting would
// win the tie.
func TestThresholdPriorLevelCost(t *testing.T) {
	m := ZeroModel()
	var exs []Example
	for range 10 {
		e := Example{Corpus: "reads", right: []bool{true}, tools: []toolVec{{}}, names: []string{"t"},
			risks: []risk{riskRead}, barred: []bool{false}, fit: []bool{true}, bm25: []float64{0.5}}
		e.none[nBias] = -2.2
		exs = append(exs, e)
	}
	m.none[nBias] = 1
	th := chooseThresholds(exs, func(int) *Model { return m })
	if th.Read.Probability != 0.67 || th.Write.Probability != 0.67 {
		t.Errorf("thresholds read %.2f, write %.2f: want the break-even 0.67 where the cost is level", th.Read.Probability, th.Write.Probability)
	}
}

// TestProbabilityGridBreakEven checks that the thresholds' grid holds
// the cost's break-even probability, 2/3 rounded, between its steps of
// 0.05, in order and once.
func TestProbabilityGridBreakEven(t *testing.T) {
	g := probabilityGrid
	if !slices.IsSorted(g) || len(slices.Compact(slices.Clone(g))) != len(g) {
		t.Fatalf("grid %v: want sorted, each value once", g)
	}
	if !slices.Contains(g, 0.67) || !slices.Contains(g, 0.65) || !slices.Contains(g, 0.7) {
		t.Errorf("grid %v: want 0.65, the break-even 0.67 and 0.70", g)
	}
	if g[0] != 0.3 || g[len(g)-1] != 0.95 || len(g) != 15 {
		t.Errorf("grid %v: want 0.30 to 0.95 by 0.05, and 0.67", g)
	}
}

// clauseTurns are turns of several clauses: a statement or question that
// sets the scene, and a command, in either order, or two commands.
var clauseTurns = []struct{ turn, tool string }{
	{"order 42 arrived broken. refund the 20 dollars", "refund_card"},
	{"the customer called about order 8. archive it", "archive_order"},
	{"what a day. show me order 19", "get_order"},
	{"charge the card for order 3 and then archive order 3", "charge_card"},
	{"order 7 was a gift. don't charge the card", ""},
	{"restart the server and then archive order 43", ""},
}

func TestExampleReadsTheClauseThatAsks(t *testing.T) {
	r := shop(t, Options{})
	for _, ct := range clauseTurns {
		var right []string
		if ct.tool != "" {
			right = []string{ct.tool}
		}
		e := r.Example(ct.turn, right)
		if len(e.clauses) < 2 {
			t.Errorf("%q: the example reads %d clauses, want 2 or more", ct.turn, len(e.clauses))
			continue
		}
		if !e.commands && ct.tool != "" {
			t.Errorf("%q: the fit reads clause %d, which does not command", ct.turn, e.read)
		}
		if ct.tool != "" && !e.Reachable() {
			t.Errorf("%q: %s is not among the candidates of the clause the fit reads (%v)", ct.turn, ct.tool, e.names)
		}
	}
}

func TestJudgeDecidesAsSelect(t *testing.T) {
	r := shop(t, Options{})
	m, err := DefaultModel()
	if err != nil {
		t.Fatal(err)
	}
	turns := append(append([]struct{ turn, tool string }{}, clauseTurns...), fitTurns...)
	for _, ct := range turns {
		var right []string
		if ct.tool != "" {
			right = []string{ct.tool}
		}
		e := r.Example(ct.turn, right)
		j := m.Judge(&e)
		d := r.Select(ct.turn)
		if j.Outcome != d.Outcome || j.Tool != d.Tool {
			t.Errorf("%q: Judge decides %s %q, Select %s %q", ct.turn, j.Outcome, j.Tool, d.Outcome, d.Tool)
		}
	}
}

// TestLogLossFallsWithTheFit checks that the fitted model gives its own
// turns' right answers more probability than the zero model: a lower mean
// log loss, every turn counted once, each loss finite and not negative.
func TestLogLossFallsWithTheFit(t *testing.T) {
	exs := fitExamples(t)
	w, err := Fit(exs, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fitted, err := NewModel(w)
	if err != nil {
		t.Fatal(err)
	}
	mean := func(m *Model) float64 {
		sum, n := 0.0, 0
		for i := range exs {
			l, ok := m.LogLoss(&exs[i])
			if !ok {
				t.Fatalf("LogLoss(%q) not read", fitTurns[i].turn)
			}
			if l < 0 || l > -math.Log(minLikelihood)+1e-9 {
				t.Errorf("LogLoss(%q) = %v, want in [0, %v]", fitTurns[i].turn, l, -math.Log(minLikelihood))
			}
			sum += l
			n++
		}
		return sum / float64(n)
	}
	if z, f := mean(ZeroModel()), mean(fitted); f >= z {
		t.Errorf("mean log loss: fitted %.3f, zero model %.3f; want the fitted lower", f, z)
	}
}

// TestFitThresholdsOutOfFold: with folds, the weights are those fit on
// every example and the thresholds are chosen on the folds' out-of-fold
// probabilities, the same run after run; a fold per example it misses is
// an error.
func TestFitThresholdsOutOfFold(t *testing.T) {
	exs := fitExamples(t)
	folds := make([]int, len(exs))
	for i := range folds {
		folds[i] = i % 3
	}
	in, err := Fit(exs, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := Fit(exs, FitOptions{Folds: folds})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Fit(exs, FitOptions{Folds: folds})
	if err != nil {
		t.Fatal(err)
	}
	if a.Fit.ThresholdFolds != 3 || in.Fit.ThresholdFolds != 0 {
		t.Errorf("threshold folds %d and %d, want 3 with folds and 0 without", a.Fit.ThresholdFolds, in.Fit.ThresholdFolds)
	}
	if !reflect.DeepEqual(a.Tool, in.Tool) || !reflect.DeepEqual(a.None, in.None) {
		t.Error("the weights differ with folds: only the thresholds may")
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("two fits with the same folds differ")
	}
	// The thresholds are those the out-of-fold models' decisions cost
	// least at.
	var models [3]*Model
	for f := range models {
		var train []Example
		for i := range exs {
			if folds[i] != f {
				train = append(train, exs[i])
			}
		}
		w, err := Fit(train, FitOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if models[f], err = NewModel(w); err != nil {
			t.Fatal(err)
		}
	}
	if th := chooseThresholds(exs, func(i int) *Model { return models[folds[i]] }); th != a.Thresholds {
		t.Errorf("thresholds %+v, want the out-of-fold choice %+v", a.Thresholds, th)
	}
	if _, err := Fit(exs, FitOptions{Folds: folds[1:]}); err == nil {
		t.Error("Fit with a fold short: no error")
	}
	// One example: leaving its fold out leaves nothing to fit, so the
	// thresholds are chosen in sample.
	one := []Example{exs[0]}
	w, err := Fit(one, FitOptions{Folds: []int{0}})
	if err != nil {
		t.Fatalf("Fit of one example with a fold: %v", err)
	}
	if w.Fit.ThresholdFolds != 0 {
		t.Errorf("threshold folds %d for one example, want 0 (in sample)", w.Fit.ThresholdFolds)
	}
}

// TestJudgeAmbiguousNeedsTheClose checks that two close candidates are
// ambiguous only when together they are as likely as the tier's
// threshold; less likely, the turn asks for neither, and it is none.
func TestJudgeAmbiguousNeedsTheClose(t *testing.T) {
	th := Thresholds{Read: Tier{Probability: 0.67, Margin: 0.05}, Write: Tier{Probability: 0.67, Margin: 0.05}, Destructive: Tier{Probability: 0.67, Margin: 0.1}}
	for _, tt := range []struct {
		ps    []float64
		pNone float64
		want  Outcome
	}{
		{[]float64{0.45, 0.43, 0.02}, 0.1, Ambiguous},
		{[]float64{0.25, 0.23, 0.22}, 0.2, Ambiguous},
		{[]float64{0.3, 0.28, 0.1}, 0.2, None},
		{[]float64{0.3, 0.2, 0.1}, 0.2, None},
		{[]float64{0.8, 0.1}, 0.1, Selected},
	} {
		v := th.judgeWith(len(tt.ps), func(k int) (float64, risk, bool, bool, bool, string) {
			return tt.ps[k], riskRead, false, false, true, strings.Repeat("t", k+1)
		}, tt.pNone)
		if v.outcome != tt.want {
			t.Errorf("judge(%v, none %v) = %s (%s), want %s", tt.ps, tt.pNone, v.outcome, v.reason(), tt.want)
		}
	}
}
