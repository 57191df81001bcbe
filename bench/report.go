package bench

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
)

// Markdown writes the report as Markdown: router and baseline side by side.
func (rep *Report) Markdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("# Router benchmark\n\n")
	b.WriteString("| | router | baseline (BM25) |\n| --- | ---: | ---: |\n")
	base := rep.Baseline
	row := func(name string, r, bl string) { fmt.Fprintf(&b, "| %s | %s | %s |\n", name, r, bl) }
	bval := func(f func(*Side) string) string {
		if base == nil {
			return "-"
		}
		return f(base)
	}
	row("cases", fmt.Sprint(rep.Cases), bval(func(s *Side) string { return fmt.Sprint(s.Cases) }))
	row("accuracy", pct(rep.Accuracy), bval(func(s *Side) string { return pct(s.Accuracy) }))
	for _, lang := range sortedKeysScore(rep.ByLanguage) {
		l := lang
		row("accuracy "+l, pct(rep.ByLanguage[l].Accuracy), bval(func(s *Side) string { return scorePct(s.ByLanguage[l]) }))
	}
	row("abstain precision", pct(rep.Abstain.Precision), bval(func(s *Side) string { return pct(s.Abstain.Precision) }))
	row("abstain recall", pct(rep.Abstain.Recall), bval(func(s *Side) string { return pct(s.Abstain.Recall) }))
	row("ambiguous outcomes", pct(rep.Ambiguous), bval(func(s *Side) string { return pct(s.Ambiguous) }))
	row("Select p50", dur(rep.LatencyNS.P50), "-")
	row("Select p99", dur(rep.LatencyNS.P99), "-")
	row("index build (median per catalogue)", dur(rep.BuildNS), "-")
	if base != nil {
		fmt.Fprintf(&b, "\nThe baseline abstains below a BM25 score of %.2f, the threshold that maximises its accuracy on this corpus.\n", rep.BaselineThreshold)
	}
	b.WriteString("\n## Accuracy per catalogue\n\n| catalogue | cases | router | baseline |\n| --- | ---: | ---: | ---: |\n")
	for _, cat := range sortedKeysScore(rep.ByCatalogue) {
		s := rep.ByCatalogue[cat]
		bl := "-"
		if base != nil {
			bl = scorePct(base.ByCatalogue[cat])
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s |\n", cat, s.Cases, pct(s.Accuracy), bl)
	}
	if len(rep.Confusions) > 0 {
		b.WriteString("\n## Most frequent confusions (router)\n\n| expected | decided | cases |\n| --- | --- | ---: |\n")
		for _, c := range rep.Confusions {
			fmt.Fprintf(&b, "| %s | %s | %d |\n", c.Want, c.Got, c.Count)
		}
	}
	if len(rep.Scale) > 0 {
		b.WriteString("\n## Scale (generated catalogues)\n\n| tools | Select p50 | Select p99 | allocs/Select | index build |\n| ---: | ---: | ---: | ---: | ---: |\n")
		for _, s := range rep.Scale {
			fmt.Fprintf(&b, "| %d | %s | %s | %.0f | %s |\n", s.Tools, dur(s.LatencyNS.P50), dur(s.LatencyNS.P99), s.Allocs, dur(s.BuildNS))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func scorePct(s *Score) string {
	if s == nil {
		return "-"
	}
	return pct(s.Accuracy)
}

func dur(ns int64) string { return time.Duration(ns).Round(100 * time.Nanosecond).String() }

func sortedKeysScore(m map[string]*Score) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
