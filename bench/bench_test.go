package bench

import (
	"math"
	"testing"

	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/router"
)

// TestRunCorpus runs the embedded corpus and checks the report counts as
// DESIGN.md's Scoring says: recall at 1 can never be under accuracy on the
// tool-expecting cases, the shares are shares, and the baseline is there.
func TestRunCorpus(t *testing.T) {
	cases, err := corpus.Default()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run([]Corpus{{Name: "corpus/cases", Cases: cases}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("router %.4f (en %.4f, pt-BR %.4f), baseline %.4f at %.4f; recall@1 %.4f @5 %.4f; ece %.4f",
		rep.Accuracy, rep.ByLanguage["en"].Accuracy, rep.ByLanguage["pt-BR"].Accuracy, rep.Baseline.Accuracy, rep.Baseline.Threshold,
		rep.RecallAt["1"], rep.RecallAt["5"], rep.ECE)
	if rep.Cases != len(cases) || rep.ByCorpus["corpus/cases"] == nil || rep.ByCorpus["corpus/cases"].Cases != len(cases) {
		t.Fatalf("Run counted %d cases (by corpus %v), want %d", rep.Cases, rep.ByCorpus, len(cases))
	}
	for _, k := range []string{"1", "5", "10"} {
		if v := rep.RecallAt[k]; v <= 0 || v > 1 {
			t.Errorf("recall_at[%s] = %v, want a share", k, v)
		}
	}
	if rep.RecallAt["1"] > rep.RecallAt["5"] || rep.RecallAt["5"] > rep.RecallAt["10"] {
		t.Errorf("recall_at = %v, want it to grow with k", rep.RecallAt)
	}
	if rep.ECE < 0 || rep.ECE > 1 || rep.Ambiguous < 0 || rep.DeferredRight > rep.Ambiguous {
		t.Errorf("ece %v, ambiguous %v, deferred %v: want shares, deferred within ambiguous", rep.ECE, rep.Ambiguous, rep.DeferredRight)
	}
	m, err := router.DefaultModel()
	if err != nil {
		t.Fatal(err)
	}
	if rep.Baseline.Threshold != round4(m.Weights().BaselineThreshold) {
		t.Errorf("baseline threshold %v, want the recorded %v", rep.Baseline.Threshold, m.Weights().BaselineThreshold)
	}
}

// TestScoringAmbiguousNone checks that an ambiguous answer is never a
// right abstention, and that an ambiguous answer with the right tool among
// its candidates is deferred, not right.
func TestScoringAmbiguousNone(t *testing.T) {
	tool := "get_order"
	withTool := &corpus.Case{ID: "a", Language: "en", Expect: &tool}
	noTool := &corpus.Case{ID: "b", Language: "en"}
	amb := router.Decision{Outcome: router.Ambiguous, Candidates: []router.Candidate{{Tool: "get_order"}, {Tool: "list_orders"}}}
	if o := judgeDecision(noTool, amb); o.right {
		t.Errorf("ambiguous on a none case counts as right")
	}
	if o := judgeDecision(withTool, amb); o.right || !o.deferred {
		t.Errorf("ambiguous with the right tool = right %t deferred %t, want deferred only", o.right, o.deferred)
	}
	if o := judgeDecision(noTool, router.Decision{Outcome: router.Unread}); !o.right {
		t.Errorf("unread on a none case is not right")
	}
	sel := router.Decision{Outcome: router.Selected, Tool: "get_order", Candidates: []router.Candidate{{Tool: "get_order", Probability: 0.9}}}
	if o := judgeDecision(withTool, sel); !o.right || o.prob != 0.9 {
		t.Errorf("selected right tool = %+v", o)
	}
	if o := judgeDecision(noTool, sel); o.right {
		t.Errorf("a tool selected on a none case counts as right")
	}
}

// TestBaselineThresholdFromTraining checks that the baseline's threshold
// is the one recorded, not one chosen on the measured corpus: on a corpus
// where every case expects none it still selects what clears it.
func TestBaselineThresholdFromTraining(t *testing.T) {
	cases, err := corpus.Default()
	if err != nil {
		t.Fatal(err)
	}
	var none []corpus.Case
	for _, c := range cases {
		if c.Expect == nil {
			none = append(none, c)
		}
	}
	rep, err := Run([]Corpus{{Name: "none", Cases: none}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Baseline.Accuracy == 1 {
		t.Errorf("the baseline abstains on every none case: its threshold was chosen on the measured corpus")
	}
}

// TestReliabilityBins checks the bins ece is read from: each holds the
// selections whose probability falls in it, their mean probability and
// the share right, lowest first, and ece is their gaps weighed by size.
func TestReliabilityBins(t *testing.T) {
	tool := "get_order"
	c := &corpus.Case{ID: "a", Language: "en", Expect: &tool}
	os := []outcome{
		{c: c, selected: true, prob: 0.95, right: true},
		{c: c, selected: true, prob: 0.91, right: false},
		{c: c, selected: true, prob: 1, right: true},
		{c: c, selected: true, prob: 0.72, right: true},
		{c: c, prob: 0.4}, // not selected: in no bin
	}
	m := metrics(os, 0)
	want := []Bin{
		{From: 0.7, Selected: 1, Probability: 0.72, Right: 1},
		{From: 0.9, Selected: 3, Probability: 0.9533, Right: 0.6667},
	}
	if len(m.Reliability) != len(want) {
		t.Fatalf("reliability = %+v, want %+v", m.Reliability, want)
	}
	for i := range want {
		if m.Reliability[i] != want[i] {
			t.Errorf("bin %d = %+v, want %+v", i, m.Reliability[i], want[i])
		}
	}
	// ece: (1 x |1 - 0.72| + 3 x |2/3 - 2.86/3|) / 4.
	if e := (0.28 + 3*(2.86/3-2.0/3)) / 4; math.Abs(m.ECE-e) > 1e-4 {
		t.Errorf("ece = %v, want %v", m.ECE, e)
	}
}
