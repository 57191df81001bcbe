package router

import (
	"testing"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/tokenize"
)

func tk(t testing.TB) *tokenize.Tokenizer {
	tk, err := tokenize.New(tokenize.English)
	if err != nil {
		t.Fatal(err)
	}
	return tk
}

// holdsID reports whether the tokenizer reads an identifier in text.
func holdsID(t testing.TB, text string) bool {
	for _, tok := range tk(t).Tokenize(text) {
		if tok.Kind == tokenize.Identifier {
			return true
		}
	}
	return false
}

var mayHoldIDTests = []string{
	"", "Get the order.", "Use invoice.get instead", "e.g. msg_8812", "INV-0042137", "TSHIRT-BLK-M",
	"read-only mode", "ana@example.com", "acme/api#88", "a 8f3a b", "v2 of the API", "ÉTÉ-ÇA-VA",
	"x-y", "the .net way", "path /usr", "@mention", "end.", "ord_", "«quoted» text", "'quoted' text",
	"20 USD", "$20", "R$ 20,00", "it's the user's", "Ⅻ-Ⅻ", "一-二三", "a.b", "-x", "x.-y", "ǅ-ǅ-ǅ",
}

// TestMayHoldID checks mayHoldID against the tokenizer: a text it says
// holds no identifier must hold none.
func TestMayHoldID(t *testing.T) {
	texts := append([]string(nil), mayHoldIDTests...)
	cats, err := corpus.Catalogues()
	if err != nil {
		t.Fatal(err)
	}
	gen, err := corpus.Generate(1000, 1)
	if err != nil {
		t.Fatal(err)
	}
	all := []*catalogue.Catalogue{gen, catalogue.Default()}
	for _, c := range cats {
		all = append(all, c)
	}
	for _, c := range all {
		r, err := New(c, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, ti := range r.tools {
			texts = append(texts, ti.tool.Description, ti.tool.Title)
			for _, p := range ti.params {
				texts = append(texts, p.desc)
			}
		}
	}
	for _, text := range texts {
		if !mayHoldID(text) && holdsID(t, text) {
			t.Errorf("mayHoldID(%q) = false, but the tokenizer reads an identifier in it", text)
		}
	}
}

// FuzzMayHoldID checks mayHoldID against the tokenizer on any text.
func FuzzMayHoldID(f *testing.F) {
	for _, s := range mayHoldIDTests {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !mayHoldID(text) && holdsID(t, text) {
			t.Errorf("mayHoldID(%q) = false, but the tokenizer reads an identifier in it", text)
		}
	})
}
