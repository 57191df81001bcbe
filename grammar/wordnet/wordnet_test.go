package wordnet

import (
	"fmt"
	"strings"
	"testing"
)

func defaultDB(t testing.TB) *DB {
	t.Helper()
	db, err := Default()
	if err != nil {
		t.Fatalf("Default() error: %v", err)
	}
	return db
}

// has reports whether rels holds lemma with one of kinds.
func has(rels []Relation, lemma string, kinds ...Kind) bool {
	for _, r := range rels {
		for _, k := range kinds {
			if r.Lemma == lemma && r.Kind == k {
				return true
			}
		}
	}
	return false
}

func show(rels []Relation) string {
	var b strings.Builder
	for _, r := range rels {
		fmt.Fprintf(&b, "%s/%s/%d ", r.Lemma, r.Kind, r.Sense)
	}
	return b.String()
}

func TestEnglish(t *testing.T) {
	db := defaultDB(t)
	close := []Kind{Synonym, Derivation, Hypernym, Similar}
	for _, tt := range []struct {
		lemma, want string
		kinds       []Kind
	}{
		{"reimburse", "refund", close},
		{"arrive", "arrival", []Kind{Derivation}},
		{"cancel", "cancellation", []Kind{Derivation}},
		{"refund", "refund", []Kind{Derivation}},
		{"activate", "deactivate", []Kind{Antonym}},
		{"lock", "unlock", []Kind{Antonym}},
		{"warm", "temperature", []Kind{Attribute}},
		{"loud", "volume", []Kind{Attribute}},
		{"bright", "brightness", []Kind{Attribute}},
		{"temperature", "warm", []Kind{Attribute}},
		{"turn on", "switch on", []Kind{Synonym}},
		{"invoice", "bill", []Kind{Synonym}},
		{"reimburse", "pay", []Kind{Hypernym2}},
		{"Arrive", "arrival", []Kind{Derivation}},
	} {
		got := db.English(tt.lemma)
		if !has(got, tt.want, tt.kinds...) {
			t.Errorf("English(%q) = %s, want %q as %v", tt.lemma, show(got), tt.want, tt.kinds)
		}
	}
}

func TestEnglishOrder(t *testing.T) {
	db := defaultDB(t)
	for _, lemma := range []string{"lock", "warm", "give", "good", "run", "order"} {
		rels := db.English(lemma)
		if len(rels) == 0 {
			t.Fatalf("English(%q) = nothing", lemma)
		}
		seen := map[Relation]bool{}
		for i, r := range rels {
			if r.Lemma == lemma && r.Kind != Derivation {
				t.Errorf("English(%q)[%d] = itself as %s", lemma, i, r.Kind)
			}
			if r.Sense < 1 || r.Sense > 4 {
				t.Errorf("English(%q)[%d].Sense = %d, want 1..4", lemma, i, r.Sense)
			}
			if i > 0 && (r.Sense < rels[i-1].Sense || r.Sense == rels[i-1].Sense && r.Kind < rels[i-1].Kind) {
				t.Errorf("English(%q)[%d] = %v after %v: not in sense, then kind order", lemma, i, r, rels[i-1])
			}
			key := Relation{Lemma: r.Lemma, Kind: r.Kind}
			if seen[key] {
				t.Errorf("English(%q) lists %s as %s twice", lemma, r.Lemma, r.Kind)
			}
			seen[key] = true
		}
	}
	if got := db.English("no such lemma"); got != nil {
		t.Errorf("English(%q) = %s, want nil", "no such lemma", show(got))
	}
}

func TestPortuguese(t *testing.T) {
	db := defaultDB(t)
	for _, tt := range []struct {
		word string
		want []string // any of
	}{
		{"fatura", []string{"invoice"}},
		{"desligar", []string{"turn off", "switch off"}},
		{"reembolsar", []string{"reimburse"}},
		{"Reembolsar", []string{"reimburse"}},
		{"cobrar", []string{"charge", "bill"}},
		{"ação", []string{"action"}},
	} {
		got := db.Portuguese(tt.word)
		ok := false
		for _, w := range tt.want {
			ok = ok || has(got, w, Translation)
		}
		if !ok {
			t.Errorf("Portuguese(%q) = %s, want one of %q", tt.word, show(got), tt.want)
		}
		for _, r := range got {
			if r.Kind != Translation || r.Sense < 1 || r.Sense > 4 {
				t.Errorf("Portuguese(%q) has %v, want translations of senses 1..4", tt.word, r)
			}
		}
	}
	if got := db.Portuguese("xyzzy"); got != nil {
		t.Errorf("Portuguese(%q) = %s, want nil", "xyzzy", show(got))
	}
}

func TestHasAndLemma(t *testing.T) {
	db := defaultDB(t)
	for _, tt := range []struct {
		in   string
		want bool
	}{{"refund", true}, {"give back", true}, {"log in", true}, {"Refund", true}, {"refundx", false}, {"", false}} {
		if got := db.Has(tt.in); got != tt.want {
			t.Errorf("Has(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	for _, tt := range []struct{ in, want string }{
		{"gave", "give"}, {"went", "go"}, {"children", "child"}, {"refund", ""}, {"Gave", "give"},
	} {
		if got := db.Lemma(tt.in); got != tt.want {
			t.Errorf("Lemma(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFold(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"desligar", "desligar"}, {"Desligar", "desligar"}, {"idéia", "ideia"}, {"AÇÃO", "acao"},
		{"não", "nao"}, {"pôr", "por"}, {"fatura", "fatura"}, {"", ""},
	} {
		if got := Fold(tt.in); got != tt.want {
			t.Errorf("Fold(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Synonym: "synonym", Hypernym2: "hypernym2", Translation: "translation", Kind(99): "kind(99)"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", k, got, want)
		}
	}
}

func BenchmarkLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parse(embedded(), false); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadChecked is Load: the full check of every entry.
func BenchmarkLoadChecked(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parse(embedded(), true); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEnglish(b *testing.B) {
	db := defaultDB(b)
	b.ReportAllocs()
	for b.Loop() {
		db.English("lock")
	}
}

func BenchmarkPortuguese(b *testing.B) {
	db := defaultDB(b)
	b.ReportAllocs()
	for b.Loop() {
		db.Portuguese("desligar")
	}
}
