package grammar

import (
	"strings"
	"testing"
	"testing/fstest"
)

// plain gives a verb only its base form, for these tests.
type plain struct{}

func (plain) VerbForms(base string, irregular []string) []string {
	return append([]string{base}, irregular...)
}

func lexiconFS(actions, nouns, antonyms, function string) fstest.MapFS {
	return fstest.MapFS{
		"lx/actions.tsv":  {Data: []byte(actions)},
		"lx/nouns.tsv":    {Data: []byte(nouns)},
		"lx/antonyms.tsv": {Data: []byte(antonyms)},
		"lx/function.tsv": {Data: []byte(function)},
	}
}

func TestLoadLexicon(t *testing.T) {
	lx, err := LoadLexicon(lexiconFS(
		"# actions\nget\tlist\tget, show, look up\nlist\tget\tlist\ncharge\t-\tcharge, bill\nrefund\t-\trefund\n",
		"order\torder/orders, purchase/purchases\nperson\tperson/people\n",
		"charge\trefund\n",
		"determiner\tthe, a\nnumber_word\ttwo=2, twenty=20\nirregular\tshow, showed, shown\n",
	), "lx", plain{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ word, concept string }{
		{"show", "get"}, {"shown", "get"}, {"look up", "get"}, {"bill", "charge"},
	}
	for _, tt := range tests {
		if got := lx.Actions[tt.word]; got != tt.concept {
			t.Errorf("Actions[%q] = %q, want %q", tt.word, got, tt.concept)
		}
	}
	if nf := lx.Nouns["people"]; nf.Concept != "person" || !nf.Plural {
		t.Errorf("Nouns[people] = %+v, want person, plural", nf)
	}
	if !lx.IsAntonym("refund", "charge") || !lx.IsNear("list", "get") {
		t.Error("antonyms or near concepts were not read")
	}
	if n, ok := lx.Number("twenty"); !ok || n != 20 {
		t.Errorf("Number(twenty) = %d, %v, want 20", n, ok)
	}
	if lx.Particles["up"]["look"] != "look up" {
		t.Errorf("the particle of look up was not indexed: %v", lx.Particles["up"])
	}
}

func TestLoadLexiconErrors(t *testing.T) {
	good := map[string]string{
		"actions":  "get\t-\tget, show\n",
		"nouns":    "order\torder/orders\n",
		"antonyms": "",
		"function": "determiner\tthe\n",
	}
	tests := []struct {
		file, data, want string
	}{
		{"actions", "get\t-\tget, show\ndelete\t-\tremove, show\n", "lx/actions.tsv:2: action word \"show\" is in \"get\" and \"delete\""},
		{"actions", "get\tget, show\n", "lx/actions.tsv:1: 2 fields, want 3"},
		{"actions", "get\tnowhere\tget\n", "is near \"nowhere\", which is not defined"},
		{"actions", "get\t-\tget\nget\t-\tfetch\n", "lx/actions.tsv:2: action concept \"get\" defined twice"},
		{"nouns", "order\torder/orders\npurchase\torder/purchases\n", "lx/nouns.tsv:2: noun \"order\" is in \"order\" and \"purchase\""},
		{"nouns", "order\torder\n", "lx/nouns.tsv:1: noun \"order\" is not singular/plural[/gender]"},
		{"nouns", "order\tpedido/pedidos/x\n", "has gender \"x\", want m or f"},
		{"antonyms", "get\tnothing\n", "lx/antonyms.tsv:1: antonym \"nothing\" is not an action concept"},
		{"function", "determiner\tthe, the\n", "lx/function.tsv:1: determiner \"the\" listed twice"},
		{"function", "number_word\ttwo\n", "number_word entry \"two\" is not word=value"},
	}
	for _, tt := range tests {
		files := map[string]string{}
		for k, v := range good {
			files[k] = v
		}
		files[tt.file] = tt.data
		_, err := LoadLexicon(lexiconFS(files["actions"], files["nouns"], files["antonyms"], files["function"]), "lx", plain{})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("LoadLexicon with %s %q = %v, want an error containing %q", tt.file, tt.data, err, tt.want)
		}
	}
}
