package grammar

import (
	"errors"
	"go/scanner"
	"slices"
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
		"# actions\nget\tlist\tget, show, look up\nlist\tget\tlist\ncharge\t-\tcharge, bill\nrefund\t-\trefund\nsearch\tget\tsearch\n",
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
	// Near either way: get is near list and list near get; search near
	// get, though get does not name it.
	if got := lx.NearOf("get"); !slices.Equal(got, []string{"list", "search"}) {
		t.Errorf("NearOf(get) = %v, want [list search]", got)
	}
	if got := lx.NearOf("charge"); len(got) != 0 {
		t.Errorf("NearOf(charge) = %v, want none", got)
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
		{"function", "question\twhen\nasks\twhen\n", "lx/function.tsv:2: asks entry \"when\" is not word=value"},
		{"function", "question\twhen\nasks\twhen=Date\n", "asks word \"when\" names \"Date\", which is not a concept"},
		{"function", "question\twhen\nasks\twhen=date+\n", "asks word \"when\" names \"\", which is not a concept"},
		{"function", "question\twhen\nasks\twhen=date+date\n", "asks word \"when\" names \"date\" twice"},
		{"function", "question\twhen\nasks\twhen=date\nasks\twhen=time\n", "lx/function.tsv:3: asks \"when\" listed twice"},
		{"function", "asks\twhere=location\n", "lx/function.tsv:1: asks word \"where\" is no word of the question class"},
		{"function", "indirect\ttell, know, tell\n", "lx/function.tsv:1: indirect \"tell\" listed twice"},
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

func TestLoadLexiconAsks(t *testing.T) {
	lx, err := LoadLexicon(lexiconFS(
		"get\t-\tget, show\n",
		"order\torder/orders\n",
		"",
		"question\twhen, how many, quando\nasks\twhen=date+time, how many=count\nasks\tquando=date + time\n"+
			"indirect\ttell, find out\nirregular\ttell, told, told\nirregular\tfind, found, found\n",
	), "lx", plain{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ in, want string }{
		{"when", "date time"}, {"how many", "count"}, {"quando", "date time"}, {"how", ""},
	} {
		if got := strings.Join(lx.Asks[tt.in], " "); got != tt.want {
			t.Errorf("Asks[%q] = %q, want %q", tt.in, got, tt.want)
		}
	}
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"tell", true}, {"told", true}, {"find out", true}, {"found out", true}, {"find", false}, {"out", false},
	} {
		if got := lx.Indirect[tt.in]; got != tt.want {
			t.Errorf("Indirect[%q] = %v, want %v", tt.in, got, tt.want)
		}
	}
	if lx.Function["indirect"] != nil {
		t.Errorf("the indirect verbs are function words: %v", lx.Function["indirect"])
	}
	if err := lx.CheckAsks(func(string) bool { return true }, "the test nouns"); err != nil {
		t.Errorf("CheckAsks with every concept a noun = %v, want nil", err)
	}
	// Every concept that is no noun is reported, with its line.
	var list scanner.ErrorList
	if err := lx.CheckAsks(func(c string) bool { return c != "time" }, "the test nouns"); !errors.As(err, &list) {
		t.Fatalf("CheckAsks with time no noun = %v, want a scanner.ErrorList", err)
	}
	var got []string
	for _, e := range list {
		got = append(got, e.Error())
	}
	want := []string{
		`lx/function.tsv:2: asks word "when" names "time", which is no noun concept of the test nouns`,
		`lx/function.tsv:3: asks word "quando" names "time", which is no noun concept of the test nouns`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("CheckAsks with time no noun:\nhave %q\nwant %q", got, want)
	}
}
