package en

import (
	"errors"
	"go/scanner"
	"testing"
)

// TestLexiconLoads loads the embedded lexicon, reporting every problem of
// its files with its line: a malformed or duplicate entry, or an asks
// concept that is no noun concept.
func TestLexiconLoads(t *testing.T) {
	lx, err := Lexicon()
	if err != nil {
		var list scanner.ErrorList
		if errors.As(err, &list) {
			for _, e := range list {
				t.Error(e)
			}
			t.FailNow()
		}
		t.Fatal(err)
	}
	actions, nouns := lx.Concepts()
	t.Logf("%d action concepts, %d action forms, %d noun concepts", len(actions), len(lx.Actions), len(nouns))
}
