package bench

import (
	"fmt"
	"strings"
	"testing"
)

// TestFoldOfSplit checks the assignments of the cases to the folds: split
// 0 is foldOf's, another split deals the keys to the folds anew, each key
// to one fold, and every split fills each fold with about a fifth of them.
func TestFoldOfSplit(t *testing.T) {
	const keys = 2000
	for split := range 3 {
		var sizes [Folds]int
		moved := 0
		for i := range keys {
			key := fmt.Sprintf("case-%d", i)
			f := foldOfSplit(key, split)
			if f != foldOfSplit(key, split) {
				t.Fatalf("split %d: key %q in two folds", split, key)
			}
			if split == 0 && f != foldOf(key) {
				t.Fatalf("split 0: key %q in fold %d, foldOf gives %d", key, f, foldOf(key))
			}
			if f != foldOf(key) {
				moved++
			}
			sizes[f]++
		}
		for f, n := range sizes {
			if n < keys/Folds*7/10 || n > keys/Folds*13/10 {
				t.Errorf("split %d: fold %d has %d of %d keys", split, f, n, keys)
			}
		}
		if split > 0 && moved < keys/2 {
			t.Errorf("split %d: %d of %d keys change fold, want most", split, moved, keys)
		}
	}
}

// TestSplitsTable checks the Markdown of cross-validation under several
// splits: a column per split, the first the folds' own figures, a row per
// corpus and their mean.
func TestSplitsTable(t *testing.T) {
	cv := &CV{
		Folds:       Folds,
		ByCorpus:    map[string]*Metrics{"a": {Score: Score{Accuracy: 0.8}, Cost: 0.2, LogLoss: 0.4}, "b": {Score: Score{Accuracy: 0.6}, Cost: 0.4, LogLoss: 0.6}},
		LeaveOneOut: map[string]*Metrics{},
		OtherSplits: []map[string]*Metrics{{"a": {Score: Score{Accuracy: 0.7}, Cost: 0.3, LogLoss: 0.5}, "b": {Score: Score{Accuracy: 0.5}, Cost: 0.5, LogLoss: 0.7}}},
	}
	var b strings.Builder
	if err := (&Report{CV: cv}).Markdown(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"under 2 assignments of the cases to the folds",
		"| corpus | split 0 | split 1 |",
		"| a | 80.0% / 0.200 / 0.400 | 70.0% / 0.300 / 0.500 |",
		"| mean | 70.0% / 0.3000 / 0.5000 | 60.0% / 0.4000 / 0.6000 |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("Markdown has no %q:\n%s", want, out)
		}
	}
	cv.OtherSplits = nil
	b.Reset()
	if err := (&Report{CV: cv}).Markdown(&b); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "assignments of the cases") {
		t.Errorf("Markdown of one split has the splits' table:\n%s", b.String())
	}
}
