package bench

import (
	"testing"

	"github.com/stalwart-agents/stalwart/corpus"
)

func TestRunCorpus(t *testing.T) {
	cases, err := corpus.Default()
	if err != nil {
		t.Fatal(err)
	}
	// Both languages: the English and the Brazilian Portuguese turns.
	rep, err := Run(cases, Options{Baseline: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("router %.4f (en %.4f, pt-BR %.4f), baseline %.4f at %.2f; abstain P %.3f R %.3f; ambiguous %.3f",
		rep.Accuracy, rep.ByLanguage["en"].Accuracy, rep.ByLanguage["pt-BR"].Accuracy, rep.Baseline.Accuracy, rep.BaselineThreshold,
		rep.Abstain.Precision, rep.Abstain.Recall, rep.Ambiguous)
	failed := map[string]bool{}
	for _, f := range rep.Failures {
		failed[f.ID] = true
	}
	n := 0
	for _, id := range rep.Baseline.rightIDs {
		if failed[id] {
			n++
		}
	}
	t.Logf("baseline right where router wrong: %d of %d router failures", n, len(rep.Failures))
	for _, c := range rep.Confusions {
		t.Logf("confusion %s -> %s: %d", c.Want, c.Got, c.Count)
	}
	for cat, s := range rep.ByCatalogue {
		t.Logf("%-16s %.3f (baseline %.3f)", cat, s.Accuracy, rep.Baseline.ByCatalogue[cat].Accuracy)
	}
}
