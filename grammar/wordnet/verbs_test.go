package wordnet

import (
	"slices"
	"strings"
	"testing"
)

func TestPortugueseVerb(t *testing.T) {
	db := defaultDB(t)
	for _, tt := range []struct{ in, want string }{
		{"desliguei", "desligar"},
		{"Desliguei", "desligar"},
		{"desligou", "desligar"},
		{"desligando", "desligar"},
		{"desligue", "desligar"},
		{"desligassem", "desligar"},
		{"desligar", "desligar"}, // a lemma is its own verb
		{"cancelaríamos", "cancelar"},
		{"cancelariamos", "cancelar"},
		{"fiz", "fazer"},
		{"vendo", "vender vendar ver"}, // the verb whose stem the form has first
		{"desligaste", ""},             // the second person is left out
		{"desligais", ""},
		{"desligue-o", ""},    // a clitic is split by the grammar
		{"fatura", "faturar"}, // a noun, and a form of faturar
		{"cidade", ""},        // a noun only
		{"xyzzy", ""},
		{"", ""},
	} {
		if got := strings.Join(db.PortugueseVerb(tt.in), " "); got != tt.want {
			t.Errorf("PortugueseVerb(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	for _, w := range []string{"desliguei", "cancelaríamos", "fotocopiasse", "Protelou"} {
		if !db.PortugueseWord(w) {
			t.Errorf("PortugueseWord(%q) = false, want true: a verb form", w)
		}
	}
}

func TestPortugueseVerbSenses(t *testing.T) {
	db := defaultDB(t)
	var got []VerbSense
	for s := range db.PortugueseVerbSenses("desligou") {
		got = append(got, s)
	}
	i := slices.IndexFunc(got, func(s VerbSense) bool { return s.Lemma == "turn off" })
	if i < 0 || got[i].Infinitive != "desligar" || got[i].Sense != 1 || db.EnglishRank(got[i]) != 1 {
		t.Fatalf("PortugueseVerbSenses(desligou) = %v, want turn off from desligar's first sense, turn off's first sense", got)
	}
	for k, s := range got {
		if k > 0 && s.Infinitive == got[k-1].Infinitive && s.Sense < got[k-1].Sense {
			t.Errorf("PortugueseVerbSenses(desligou)[%d] = %v after %v: not in sense order", k, s, got[k-1])
		}
		if r := db.EnglishRank(s); r < 0 || r > 4 {
			t.Errorf("EnglishRank(%v) = %d, want 0..4", s, r)
		}
	}
	for range db.PortugueseVerbSenses("cidade") {
		t.Errorf("PortugueseVerbSenses(cidade) yields a sense: cidade is no verb")
	}
	if r := db.EnglishRank(VerbSense{}); r != 0 {
		t.Errorf("EnglishRank(VerbSense{}) = %d, want 0", r)
	}
}

func TestPortugueseVerbForms(t *testing.T) {
	db := defaultDB(t)
	prev, n := "", 0
	seen := map[string]bool{}
	for form, infs := range db.PortugueseVerbForms() {
		if n > 0 && form <= prev {
			t.Fatalf("PortugueseVerbForms: %q after %q, want byte order, each once", form, prev)
		}
		prev = form
		if n%97 == 0 || form == "desligar" || form == "desliguei" || form == "vendo" {
			if want := db.PortugueseVerb(form); !slices.Equal(infs, want) {
				t.Errorf("PortugueseVerbForms yields %q with %q, PortugueseVerb gives %q", form, infs, want)
			}
			seen[form] = true
		}
		n++
	}
	if n < 90000 || !seen["desligar"] || !seen["desliguei"] || !seen["vendo"] {
		t.Errorf("PortugueseVerbForms yielded %d forms, desligar %v, desliguei %v, vendo %v; want more than 90,000 and those", n, seen["desligar"], seen["desliguei"], seen["vendo"])
	}
	for form := range db.PortugueseVerbForms() {
		if form != "" {
			break // stopping early is allowed
		}
	}
}

func BenchmarkPortugueseVerb(b *testing.B) {
	db := defaultDB(b)
	b.ReportAllocs()
	for b.Loop() {
		db.PortugueseVerb("desligaríamos")
	}
}
