package grammar_test

import (
	"testing"

	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/grammar/en"
	"github.com/stalwart-agents/stalwart/grammar/ptbr"
)

// TestForms checks each language's forms table against the maps it is
// gathered from: every form reads as the maps read its key, and every key
// of the maps has its form.
func TestForms(t *testing.T) {
	eg, err := en.Default()
	if err != nil {
		t.Fatal(err)
	}
	pg, err := ptbr.Default()
	if err != nil {
		t.Fatal(err)
	}
	for lang, e := range map[string]*grammar.Engine{"en": eg.Engine, "pt-BR": pg.Engine} {
		for _, d := range grammar.CheckForms(e) {
			t.Errorf("%s: %s", lang, d)
		}
	}
}

// BenchmarkBuildForms builds each language's forms table, as NewEngine
// does, and reports the table's and the fuzzy index's size.
func BenchmarkBuildForms(b *testing.B) {
	eg, err := en.Default()
	if err != nil {
		b.Fatal(err)
	}
	pg, err := ptbr.Default()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		lang string
		e    *grammar.Engine
	}{{"en", eg.Engine}, {"pt-BR", pg.Engine}} {
		b.Run("lang="+c.lang, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := grammar.BuildForms(c.e); err != nil {
					b.Fatal(err)
				}
			}
			forms, fuzzy, n := grammar.FormsSize(c.e)
			b.ReportMetric(float64(forms), "forms-B")
			b.ReportMetric(float64(fuzzy), "fuzzy-B")
			b.ReportMetric(float64(n), "forms")
		})
	}
}
