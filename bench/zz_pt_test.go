package bench

import (
	"os"
	"strings"
	"testing"

	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/router"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// TestZZPT explains the turns of PTTURNS (id|id...) of the corpus.
func TestZZPT(t *testing.T) {
	ids := os.Getenv("PTIDS")
	if ids == "" {
		t.Skip()
	}
	want := map[string]bool{}
	for _, id := range strings.Split(ids, "|") {
		want[id] = true
	}
	cases, _ := corpus.Default()
	for _, c := range cases {
		if !want[c.ID] {
			continue
		}
		lang, _ := tokenize.ParseLanguage(c.Language)
		r, err := router.New(c.Cat, router.Options{Language: lang})
		if err != nil {
			t.Fatal(err)
		}
		d := r.Select(c.Turn)
		t.Logf("%s %q want %s\n%s", c.ID, c.Turn, c.Want(), r.Explain(d))
	}
}

// TestZZPTAcc runs the pt-BR cases only.
func TestZZPTAcc(t *testing.T) {
	if os.Getenv("PTACC") == "" {
		t.Skip()
	}
	cases, _ := corpus.Default()
	var pt []corpus.Case
	for _, c := range cases {
		if c.Language == os.Getenv("PTACC") {
			pt = append(pt, c)
		}
	}
	rep, err := Run(pt, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s accuracy %.4f of %d; abstain P %.3f R %.3f", os.Getenv("PTACC"), rep.Accuracy, len(pt), rep.Abstain.Precision, rep.Abstain.Recall)
	for cat, s := range rep.ByCatalogue {
		t.Logf("%-16s %.3f", cat, s.Accuracy)
	}
}
