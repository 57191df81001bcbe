package router

import (
	"fmt"
	"os"
	"sort"
	"testing"
	"time"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/corpus"
)

func TestZZLintScratch(t *testing.T) {
	if os.Getenv("SCRATCH") == "" {
		t.Skip()
	}
	cats, err := corpus.Catalogues()
	if err != nil {
		t.Fatal(err)
	}
	cats["shop"] = catalogue.Default()
	var names []string
	for n := range cats {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if w := os.Getenv("ONLY"); w != "" && w != n {
			continue
		}
		start := time.Now()
		rep, err := Verify(cats[n], VerifyOptions{})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("== %s (%v)\n", n, time.Since(start))
		for _, f := range rep.Findings {
			if f.Group == catalogue.GroupLints {
				fmt.Printf("%s %s %v: %s | turn=%q shared=%v fix=%s\n", f.Severity, f.Lint, f.Tools, f.Message, f.Turn, f.Shared, f.Fix)
			}
		}
	}
	if os.Getenv("GEN") != "" {
		g, err := corpus.Generate(1000, 1)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		rep, err := Verify(g, VerifyOptions{})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("generated 1000: %v, %d errors %d warnings\n", time.Since(start), rep.Errors, rep.Warnings)
	}
}

func TestZZPlain(t *testing.T) {
	if os.Getenv("PLAIN") == "" {
		t.Skip()
	}
	cats, _ := corpus.Catalogues()
	cat := cats[os.Getenv("CAT")]
	r, err := New(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range r.tools {
		ti := &r.tools[i]
		fmt.Printf("%s\t%s(%s)\t%v head=%d\n", ti.tool.Name, ti.action, ti.actionWord, ti.objects, ti.head)
		for _, turn := range r.plainTurns(i) {
			d := r.Select(turn)
			fmt.Printf("    %-30q %s %s %v\n", turn, d.Outcome, d.Tool, d.Candidates)
		}
	}
}
