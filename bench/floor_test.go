package bench

import (
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/router"
	"github.com/stalwart-agents/stalwart/tokenize"
)

var update = flag.Bool("update", false, "record the corpus accuracy in testdata/accuracy.json")

// recorded is the accuracy the repository records for the embedded corpus.
type recorded struct {
	Accuracy   float64            `json:"accuracy"`
	ByLanguage map[string]float64 `json:"by_language"`
}

const (
	accuracyFile = "testdata/accuracy.json"
	// tolerance is how far accuracy may move from the recorded figure
	// before the test fails: down, a regression; up, a figure to record.
	tolerance = 0.02
)

// TestAccuracyFloor runs the embedded corpus and compares its accuracy,
// overall and per language, with the figures recorded in the repository.
// It fails when accuracy drops more than 2 points below them, and when it
// rises more than 2 points above them, so the recorded figure stays the
// one the code reaches: run go test ./bench -run AccuracyFloor -update to
// record a new one.
func TestAccuracyFloor(t *testing.T) {
	cases, err := corpus.Default()
	if err != nil {
		t.Fatal(err)
	}
	var usable []corpus.Case
	for _, c := range cases {
		lang, err := tokenize.ParseLanguage(c.Language)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := router.GrammarFor(lang); err != nil {
			t.Fatalf("%s:%d: no grammar for %s: %v", c.File, c.Line, c.Language, err)
		}
		usable = append(usable, c)
	}
	rep, err := Run([]Corpus{{Name: "corpus/cases", Cases: usable}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := recorded{Accuracy: rep.Accuracy, ByLanguage: map[string]float64{}}
	for lang, s := range rep.ByLanguage {
		got.ByLanguage[lang] = s.Accuracy
	}
	path := filepath.FromSlash(accuracyFile)
	if *update {
		data, err := json.MarshalIndent(got, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("recorded accuracy %.4f %v", got.Accuracy, got.ByLanguage)
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./bench -run AccuracyFloor -update to record the figures)", err)
	}
	var want recorded
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatalf("%s: %v", accuracyFile, err)
	}
	check := func(name string, have, want float64) {
		switch {
		case have < want-tolerance:
			t.Errorf("accuracy %s = %.4f, more than %.0f points below the recorded %.4f", name, have, 100*tolerance, want)
		case have > want+tolerance:
			t.Errorf("accuracy %s = %.4f, more than %.0f points above the recorded %.4f: record it with -update", name, have, 100*tolerance, want)
		}
	}
	check("overall", got.Accuracy, want.Accuracy)
	for lang, w := range want.ByLanguage {
		check(lang, got.ByLanguage[lang], w)
	}
	for lang := range got.ByLanguage {
		if _, ok := want.ByLanguage[lang]; !ok {
			t.Errorf("the corpus has %s cases but %s records no accuracy for them: record it with -update", lang, accuracyFile)
		}
	}
	if math.IsNaN(got.Accuracy) {
		t.Error("accuracy is NaN")
	}
}
