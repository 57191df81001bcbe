package bench

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/router"
	"github.com/stalwart-agents/stalwart/tokenize"
)

func TestZZDump(t *testing.T) {
	filter := os.Getenv("DUMP")
	if filter == "" {
		t.Skip()
	}
	cases, err := corpus.Default()
	if err != nil {
		t.Fatal(err)
	}
	routers := map[string]*router.Router{}
	for _, c := range cases {
		if !strings.Contains(c.File, filter) {
			continue
		}
		lang, _ := tokenize.ParseLanguage(c.Language)
		r := routers[c.File]
		if r == nil {
			r, err = router.New(c.Cat, router.Options{Language: lang})
			if err != nil {
				t.Fatal(err)
			}
			routers[c.File] = r
		}
		d := r.Select(c.Turn)
		got := ""
		if d.Outcome == router.Selected {
			got = d.Tool
		}
		if c.Right(got) {
			continue
		}
		cands := []string{}
		for _, k := range d.Candidates {
			cands = append(cands, k.Tool+":"+strings.TrimRight(strings.TrimRight(strconvF(k.Score), "0"), "."))
		}
		t.Logf("%s | %q want %s got %s %s | act=%s obj=%v | %s", c.ID, c.Turn, c.Want(), d.Outcome, d.Tool, d.Action, d.Object, strings.Join(cands, " "))
		if os.Getenv("EXPLAIN") != "" {
			t.Logf("%s", r.Explain(d))
		}
	}
}

func strconvF(f float64) string {
	return strings.TrimSpace(strings.Replace(strings.TrimSpace(fmtF(f)), " ", "", -1))
}

func fmtF(f float64) string { return fmtSprintf("%.2f", f) }

var fmtSprintf = fmt.Sprintf
