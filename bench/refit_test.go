//go:build long

package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stalwart-agents/stalwart/router"
)

// TestRefit fits the weights again from zero on the corpora the committed
// file records and fails when the committed file differs: nobody edits
// weights by hand, and any change to the analysis shows up as a refit
// (go run ./cmd/route fit --out router/weights.json).
func TestRefit(t *testing.T) {
	if testing.Short() {
		t.Skip("refit reads every training corpus")
	}
	committed, err := os.ReadFile(filepath.Join("..", "router", "weights.json"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := router.ParseWeights(committed)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, c := range m.Weights().Fit.Corpora {
		paths = append(paths, c.Path)
	}
	if strings.Join(paths, " ") != strings.Join(TrainingCorpora, " ") {
		t.Errorf("the weights were fit on %v, want the training corpora %v", paths, TrainingCorpora)
	}
	w, err := Fit("..", paths, m.Weights().Fit.L2)
	if err != nil {
		t.Fatal(err)
	}
	got, err := router.MarshalWeights(w)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, committed) {
		t.Errorf("a refit differs from router/weights.json: run go run ./cmd/route fit --out router/weights.json\nhave %s\nwant %s", firstDiff(got, committed), firstDiff(committed, got))
	}
}

// firstDiff shows a's lines around its first line that differs from b.
func firstDiff(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range al {
		if i >= len(bl) || al[i] != bl[i] {
			return strings.Join(al[max(0, i-2):min(len(al), i+3)], "\n")
		}
	}
	return "(a prefix of the other)"
}
