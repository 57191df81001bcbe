package router

import (
	"testing"

	"github.com/stalwart-agents/stalwart/catalogue"
)

func TestVocabulary(t *testing.T) {
	v, err := catalogue.ParseVocabulary("vocabulary.yaml", []byte(`
words:
  en:
    bounce: refund
    parcel: order
phrases:
  archive_order:
    - put it in the attic
`))
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(catalogue.Default(), Options{Vocabulary: v})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ turn, tool string }{
		{"bounce the 20 dollars on order 42", "refund_card"},
		{"show me parcel 42", "get_order"},
		{"put it in the attic, order 42", "archive_order"},
	}
	for _, tt := range tests {
		if d := r.Select(tt.turn); d.Outcome != Selected || d.Tool != tt.tool {
			t.Errorf("Select(%q) = %s %q, want selected %q (%s)", tt.turn, d.Outcome, d.Tool, tt.tool, d.Reason)
		}
	}
	// Without the vocabulary the same words do not route there.
	plain := shop(t, Options{})
	if d := plain.Select("put it in the attic, order 42"); d.Tool == "archive_order" {
		t.Errorf("without the vocabulary, Select(%q) = %q, want another outcome", "put it in the attic, order 42", d.Tool)
	}
}

func TestVocabularyUnknownTool(t *testing.T) {
	v, err := catalogue.ParseVocabulary("vocabulary.yaml", []byte("phrases:\n  nope:\n    - hello there\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = New(catalogue.Default(), Options{Vocabulary: v})
	if err == nil || err.Error() != `vocabulary.yaml:2: phrases for tool "nope", which the catalogue does not hold` {
		t.Errorf("New with a phrase for a missing tool = %v, want an error at vocabulary.yaml:2", err)
	}
}
