package catalogue

import (
	"strings"
	"testing"

	"github.com/stalwart-agents/stalwart/tokenize"
)

func TestParseVocabulary(t *testing.T) {
	v, err := ParseVocabulary("v.yaml", []byte(`settings:
  language: pt_BR
words:
  en:
    Chargeback: dispute
  pt-BR:
    estôrno: refund
phrases:
  refund_card:
    - Money back
`))
	if err != nil {
		t.Fatal(err)
	}
	if v.Language != "pt_BR" {
		t.Errorf("Language = %q, want pt_BR", v.Language)
	}
	if got := v.Words[tokenize.English]["chargeback"]; got != "dispute" {
		t.Errorf("Words[en][chargeback] = %q, want dispute", got)
	}
	if got := v.Words[tokenize.Brazilian]["estorno"]; got != "refund" {
		t.Errorf("Words[pt-BR][estorno] = %q, want refund (accents folded)", got)
	}
	if got := v.Phrases["refund_card"]; len(got) != 1 || got[0] != "money back" {
		t.Errorf("Phrases[refund_card] = %q, want [money back]", got)
	}
}

func TestParseVocabularyErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"settings:\n  language: pt-PT\n", "v.yaml:2: settings.language: unsupported language \"pt-PT\""},
		{"words:\n  es:\n    x: y\n", "v.yaml:2: words: unsupported language \"es\""},
		{"words:\n  en:\n    x: \"\"\n", "v.yaml:3: word \"x\" maps to no catalogue word"},
		{"phrases:\n  t: hello\n", "v.yaml:2: phrases of t are a string, want a list"},
		{"colour: blue\n", "v.yaml:1: unknown key \"colour\""},
		{"words: [\n", "v.yaml:"},
	}
	for _, tt := range tests {
		_, err := ParseVocabulary("v.yaml", []byte(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseVocabulary(%q) = %v, want an error containing %q", tt.in, err, tt.want)
		}
	}
}
