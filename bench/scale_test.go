package bench

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// TestDistractorsNeverRealNames checks that no generated distractor of an
// embedded catalogue has a name of the catalogue, or one that reads as the
// same words, and that each catalogue gets as many distractors as asked,
// the same ones every time.
func TestDistractorsNeverRealNames(t *testing.T) {
	cats, err := corpus.Catalogues()
	if err != nil {
		t.Fatal(err)
	}
	const n = 2000
	for name, cat := range cats {
		tools, _, err := Distractors(cat, n, ScaleSeed)
		if err != nil {
			t.Fatal(err)
		}
		if len(tools) != n {
			t.Errorf("Distractors(%s, %d) = %d tools", name, n, len(tools))
		}
		assertNoCollision(t, name, cat, tools)
		again, _, err := Distractors(cat, n, ScaleSeed)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(tools, again, func(a, b catalogue.Tool) bool { return a.Name == b.Name }) {
			t.Errorf("Distractors(%s, %d) gives other tools the second time", name, n)
		}
	}
}

// TestDistractorsSkipCollisions hides a catalogue made of generated names
// (one spelt otherwise, getOrder for get_order) among the same generator's
// tools: every colliding tool is skipped, the next one takes its place,
// and the rest keep the generator's order.
func TestDistractorsSkipCollisions(t *testing.T) {
	gen, err := corpus.Generate(300, ScaleSeed)
	if err != nil {
		t.Fatal(err)
	}
	own := &catalogue.Catalogue{}
	for i := 0; i < 100; i += 10 {
		own.Tools = append(own.Tools, catalogue.Tool{Name: gen.Tools[i].Name})
	}
	// The same words, written in camel case.
	words := tokenize.SplitName(gen.Tools[5].Name)
	camel := words[0]
	for _, w := range words[1:] {
		camel += strings.ToUpper(w[:1]) + w[1:]
	}
	// And the words of another in the other number (list_orders for
	// list_order).
	plural := gen.Tools[15].Name + "s"
	if strings.HasSuffix(gen.Tools[15].Name, "s") {
		plural = strings.TrimSuffix(gen.Tools[15].Name, "s")
	}
	own.Tools = append(own.Tools, catalogue.Tool{Name: camel}, catalogue.Tool{Name: plural})
	tools, skipped, err := Distractors(own, 200, ScaleSeed)
	if err != nil {
		t.Fatal(err)
	}
	if len(tools) != 200 || skipped < len(own.Tools) {
		t.Fatalf("Distractors = %d tools, %d skipped; want 200, at least %d skipped", len(tools), skipped, len(own.Tools))
	}
	assertNoCollision(t, "generated names", own, tools)
	for _, tool := range tools {
		if tool.Name == gen.Tools[15].Name {
			t.Errorf("distractor %q kept beside the catalogue's %q", tool.Name, plural)
		}
	}
	var want []string
	seen := map[string]bool{}
	for _, g := range gen.Tools {
		key := sameWords(english(t), g.Name)
		if own.Tool(g.Name) == nil && key != sameWords(english(t), camel) && key != sameWords(english(t), plural) && !seen[key] && len(want) < 200 {
			want = append(want, g.Name)
		}
		seen[key] = true
	}
	for i, tool := range tools {
		if i < len(want) && tool.Name != want[i] {
			t.Fatalf("distractor %d = %q, want %q: the generator's order, colliding tools left out", i, tool.Name, want[i])
		}
	}
}

// english is the stemmer sameWords reads names with.
func english(t *testing.T) *tokenize.Stemmer {
	t.Helper()
	st, err := tokenize.NewStemmer(tokenize.English)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func assertNoCollision(t *testing.T, name string, cat *catalogue.Catalogue, tools []catalogue.Tool) {
	t.Helper()
	taken := map[string]string{}
	for _, tool := range cat.Tools {
		taken[tool.Name] = tool.Name
		taken[sameWords(english(t), tool.Name)] = tool.Name
	}
	seen := map[string]bool{}
	for _, tool := range tools {
		if r, ok := taken[tool.Name]; ok {
			t.Errorf("%s: distractor %q is the catalogue's %q", name, tool.Name, r)
		}
		if r, ok := taken[sameWords(english(t), tool.Name)]; ok {
			t.Errorf("%s: distractor %q reads as the catalogue's %q", name, tool.Name, r)
		}
		if seen[tool.Name] {
			t.Errorf("%s: distractor %q twice", name, tool.Name)
		}
		seen[tool.Name] = true
	}
}

// TestScaleSweep runs a small sweep, a few cases of both languages at 10
// and 100 generated tools, and checks that every figure is filled and is
// what it says: shares are shares, times and sizes are positive, and the
// Markdown report has a row per size.
func TestScaleSweep(t *testing.T) {
	cases, err := corpus.Default()
	if err != nil {
		t.Fatal(err)
	}
	var few []corpus.Case
	langs := map[string]bool{}
	for i := 0; i < len(cases); i += 400 {
		few = append(few, cases[i])
		langs[cases[i].Language] = true
	}
	if len(langs) != 2 {
		t.Fatalf("the cases taken are in %v, want both languages", langs)
	}
	rep, err := Run([]Corpus{{Name: "few", Cases: few}}, Options{Scale: []int{10, 100}, ScaleCases: few})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Scale) != 2 {
		t.Fatalf("Run = %d scale rows, want 2", len(rep.Scale))
	}
	for i, s := range rep.Scale {
		if want := []int{10, 100}[i]; s.Tools != want || s.Cases != len(few) {
			t.Errorf("scale row %d = %d tools, %d cases; want %d, %d", i, s.Tools, s.Cases, want, len(few))
		}
		if s.Accuracy < 0 || s.Accuracy > 1 || s.RecallAt5 <= 0 || s.RecallAt5 > 1 {
			t.Errorf("%d tools: accuracy %v, recall@5 %v: want shares, recall above 0", s.Tools, s.Accuracy, s.RecallAt5)
		}
		if s.LatencyNS.P50 <= 0 || s.LatencyNS.P99 < s.LatencyNS.P50 || s.Allocs <= 0 || s.BuildNS <= 0 || s.HeapBytesPerTool <= 0 {
			t.Errorf("%d tools: latency %+v, allocs %v, build %d, heap/tool %d: want each positive, p99 not under p50",
				s.Tools, s.LatencyNS, s.Allocs, s.BuildNS, s.HeapBytesPerTool)
		}
	}
	var md strings.Builder
	if err := rep.Markdown(&md); err != nil {
		t.Fatal(err)
	}
	for _, s := range rep.Scale {
		if row := fmt.Sprintf("| %d | %d | %s | %s |", s.Tools, s.Cases, pct(s.Accuracy), pct(s.RecallAt5)); !strings.Contains(md.String(), row) {
			t.Errorf("the Markdown report has no row %q:\n%s", row, md.String())
		}
	}
}
