package en

import "testing"

func TestLexiconLoads(t *testing.T) {
	lx, err := Lexicon()
	if err != nil {
		t.Fatal(err)
	}
	actions, nouns := lx.Concepts()
	t.Logf("%d action concepts, %d action forms, %d noun concepts", len(actions), len(lx.Actions), len(nouns))
}
