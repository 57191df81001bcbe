package ptbr

import (
	"errors"
	"go/scanner"
	"testing"

	"github.com/stalwart-agents/stalwart/grammar/en"
)

// minNounConcepts is how many of the English noun concepts the pt-BR
// lexicon must name.
const minNounConcepts = 1500

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
	enLx, err := en.Lexicon()
	if err != nil {
		t.Fatal(err)
	}
	enActions, enNouns := enLx.Concepts()
	actions, nouns := lx.Concepts()
	for _, c := range enActions {
		if len(lx.ActionWords[c]) == 0 {
			t.Errorf("English action concept %q has no pt-BR word", c)
		}
	}
	for _, c := range actions {
		if _, ok := enLx.ActionWords[c]; !ok {
			t.Errorf("pt-BR action concept %q is no English action concept", c)
		}
	}
	covered := 0
	for _, c := range nouns {
		_, isNoun := enLx.NounWords[c]
		_, isAction := enLx.ActionWords[c]
		switch {
		case isNoun:
			covered++
		case !isAction:
			t.Errorf("pt-BR noun concept %q is no English concept", c)
		}
	}
	if covered < minNounConcepts {
		t.Errorf("pt-BR nouns cover %d of the %d English noun concepts, want at least %d", covered, len(enNouns), minNounConcepts)
	}
	t.Logf("%d action concepts (%d forms), %d noun concepts (%d of the English %d), %d noun forms",
		len(actions), len(lx.Actions), len(nouns), covered, len(enNouns), len(lx.Nouns))
}
