package bench

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"
)

// Markdown writes the report as Markdown: router and baseline side by
// side, overall and per corpus, then the cross-validated figures when the
// report has them.
func (rep *Report) Markdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("# Router benchmark\n\n")
	writeMetricsTable(&b, "", rep.ByCorpus, &rep.Metrics)
	fmt.Fprintf(&b, "\nSelect p50 %s, p99 %s; index build %s (median per catalogue).\n", dur(rep.LatencyNS.P50), dur(rep.LatencyNS.P99), dur(rep.BuildNS))
	if rep.Baseline != nil {
		fmt.Fprintf(&b, "The baseline is a frozen BM25F; it abstains under %.4f of the turn's idf mass, a threshold chosen on the training corpora.\n", rep.Baseline.Threshold)
	}
	if len(rep.ByLanguage) > 0 {
		b.WriteString("\n| language | cases | router |\n| --- | ---: | ---: |\n")
		for _, lang := range sortedKeysScore(rep.ByLanguage) {
			s := rep.ByLanguage[lang]
			fmt.Fprintf(&b, "| %s | %d | %s |\n", lang, s.Cases, pct(s.Accuracy))
		}
	}
	if cv := rep.CV; cv != nil {
		fmt.Fprintf(&b, "\n## Cross-validated (%d folds; each fold measured by a model fit without it)\n\n", cv.Folds)
		writeMetricsTable(&b, "", cv.ByCorpus, nil)
		if len(cv.OtherSplits) > 0 {
			writeSplitsTable(&b, cv)
		}
		b.WriteString("\n## Leave one corpus out (each corpus measured by a model fit on the others)\n\n")
		writeMetricsTable(&b, "", cv.LeaveOneOut, nil)
	}
	if len(rep.ByCatalogue) > 1 {
		b.WriteString("\n## Accuracy per catalogue\n\n| catalogue | cases | router |\n| --- | ---: | ---: |\n")
		for _, cat := range sortedKeysScore(rep.ByCatalogue) {
			s := rep.ByCatalogue[cat]
			fmt.Fprintf(&b, "| %s | %d | %s |\n", cat, s.Cases, pct(s.Accuracy))
		}
	}
	if len(rep.Confusions) > 0 {
		b.WriteString("\n## Most frequent confusions (router)\n\n| expected | decided | cases |\n| --- | --- | ---: |\n")
		for _, c := range rep.Confusions {
			fmt.Fprintf(&b, "| %s | %s | %d |\n", c.Want, c.Got, c.Count)
		}
	}
	if len(rep.Scale) > 0 {
		writeScaleTable(&b, rep.Scale)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeSplitsTable writes the cross-validated accuracy, cost and log loss
// of each corpus under each assignment of the cases to the folds, the
// first the one the table above measures, and their mean over corpora.
func writeSplitsTable(b *strings.Builder, cv *CV) {
	splits := append([]map[string]*Metrics{cv.ByCorpus}, cv.OtherSplits...)
	fmt.Fprintf(b, "\n## The same, under %d assignments of the cases to the folds (accuracy / cost / log loss)\n\n| corpus |", len(splits))
	for k := range splits {
		fmt.Fprintf(b, " split %d |", k)
	}
	b.WriteString("\n| --- |")
	for range splits {
		b.WriteString(" ---: |")
	}
	b.WriteString("\n")
	names := slices.Sorted(maps.Keys(cv.ByCorpus))
	means := make([][3]float64, len(splits))
	for _, n := range names {
		fmt.Fprintf(b, "| %s |", n)
		for k, by := range splits {
			m := by[n]
			if m == nil {
				b.WriteString(" - |")
				continue
			}
			means[k][0] += m.Accuracy / float64(len(names))
			means[k][1] += m.Cost / float64(len(names))
			means[k][2] += m.LogLoss / float64(len(names))
			fmt.Fprintf(b, " %s / %.3f / %.3f |", pct(m.Accuracy), m.Cost, m.LogLoss)
		}
		b.WriteString("\n")
	}
	b.WriteString("| mean |")
	for _, m := range means {
		fmt.Fprintf(b, " %s / %.4f / %.4f |", pct(m[0]), m[1], m[2])
	}
	b.WriteString("\n")
}

// writeScaleTable writes the generated-catalogue sweep, a row per size.
func writeScaleTable(b *strings.Builder, rows []Scale) {
	b.WriteString("\n## Scale (each catalogue of the embedded corpus hidden among generated tools)\n\n")
	b.WriteString("| generated tools | cases | accuracy | recall@5 | Select p50 | Select p99 | allocs/Select | index build | heap/tool | skipped names |\n")
	b.WriteString("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, s := range rows {
		fmt.Fprintf(b, "| %d | %d | %s | %s | %s | %s | %.0f | %s | %s | %d |\n", s.Tools, s.Cases, pct(s.Accuracy), pct(s.RecallAt5),
			dur(s.LatencyNS.P50), dur(s.LatencyNS.P99), s.Allocs, dur(s.BuildNS), bytesOf(s.HeapBytesPerTool), s.Skipped)
	}
	b.WriteString("\nEvery case of the corpus is routed at each size, against its own catalogue followed by the generated tools " +
		"(corpus.Generate, seed 1); a generated tool whose name is, or reads as, one of the catalogue's own is skipped " +
		"for the next one. Accuracy and recall@5 count as Scoring says. Build and heap per tool are medians over the " +
		"catalogues; heap per tool is the live heap the router adds, after a collection, over its tools.\n")
}

// bytesOf writes a byte count in B, KiB or MiB.
func bytesOf(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// writeMetricsTable writes one row per corpus, and the overall row when
// all is not nil.
func writeMetricsTable(b *strings.Builder, _ string, by map[string]*Metrics, all *Metrics) {
	b.WriteString("| corpus | cases | accuracy | deferred right | recall@1 | recall@5 | recall@10 | ambiguous | ece | cost | log loss | baseline | baseline, no abstention | baseline recall@5 |\n")
	b.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	row := func(name string, m *Metrics) {
		bl, bn, br := "-", "-", "-"
		if m.Baseline != nil {
			bl, bn, br = pct(m.Baseline.Accuracy), pct(m.Baseline.AccuracyNoAbstain), recall(m.Baseline.RecallAt, "5")
		}
		ll := "-" // read only where the model's probabilities are, in cross-validation
		if m.LogLoss > 0 {
			ll = fmt.Sprintf("%.3f", m.LogLoss)
		}
		fmt.Fprintf(b, "| %s | %d | %s | %s | %s | %s | %s | %s | %.3f | %.3f | %s | %s | %s | %s |\n", name, m.Cases, pct(m.Accuracy),
			pct(m.DeferredRight), recall(m.RecallAt, "1"), recall(m.RecallAt, "5"), recall(m.RecallAt, "10"),
			pct(m.Ambiguous), m.ECE, m.Cost, ll, bl, bn, br)
	}
	names := make([]string, 0, len(by))
	for n := range by {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		row(n, by[n])
	}
	if all != nil && len(by) != 1 {
		row("all", all)
	}
}

func recall(m map[string]float64, k string) string {
	if v, ok := m[k]; ok {
		return pct(v)
	}
	return "-"
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// dur writes a duration to three or four figures: 66.4µs, 5.22ms, 471.3ms.
func dur(ns int64) string {
	d := time.Duration(ns)
	switch {
	case d < time.Millisecond:
		return d.Round(100 * time.Nanosecond).String()
	case d < time.Second:
		return d.Round(10 * time.Microsecond).String()
	}
	return d.Round(time.Millisecond).String()
}

func sortedKeysScore(m map[string]*Score) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
