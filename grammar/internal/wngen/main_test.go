package main

import (
	"bytes"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stalwart-agents/stalwart/grammar/wordnet"
)

var (
	update   = flag.Bool("update", false, "rewrite the golden files under testdata/golden")
	sources  = flag.String("sources", "../../../../shared/lexical", "folder of the real lexical sources, for TestCommittedData")
	hunspell = flag.String("hunspell", "/usr/share/hunspell", "folder of the real hunspell-pt-br dictionary, for TestCommittedData")
)

// The fixture: hand-made sources in the shape of the real ones, and a
// hunspell dictionary written in ISO 8859-1.
const (
	fixture         = "testdata/src"
	fixtureHunspell = "testdata/hunspell"
)

// TestGenerateFixture generates from the hand-made fixture twice, compares
// the two runs byte for byte and the result with testdata/golden.
func TestGenerateFixture(t *testing.T) {
	first, stats, err := generate(fixture, fixtureHunspell)
	if err != nil {
		t.Fatalf("generate(%s) error: %v", fixture, err)
	}
	second, _, err := generate(fixture, fixtureHunspell)
	if err != nil {
		t.Fatalf("generate(%s) the second time: %v", fixture, err)
	}
	if !maps.EqualFunc(first, second, bytes.Equal) {
		t.Errorf("generate(%s) twice gave different bytes", fixture)
	}
	if stats.UnjoinedPortuguese != 1 {
		t.Errorf("generate(%s) left %d OpenWN-PT lines unjoined, want 1 (sem par)", fixture, stats.UnjoinedPortuguese)
	}
	// pagar, repagar (des- made of pagar) and reembolsar; of each, the
	// pre-clitic -amo, the superlative, and the second person: -as, -es,
	// -aste (tu: pagues for -es), -ais, -astes (vós).
	wantDropped := map[string]int{"enclitic": 3, "degree": 3, "tu": 9, "vos": 6}
	if stats.Verbs != 3 || !maps.Equal(stats.DroppedVerbForms, wantDropped) {
		t.Errorf("generate(%s) kept forms of %d verbs, dropped %v; want 3 verbs, dropped %v", fixture, stats.Verbs, stats.DroppedVerbForms, wantDropped)
	}
	for _, name := range slices.Sorted(maps.Keys(first)) {
		if !strings.HasSuffix(name, ".tsv") {
			continue
		}
		golden := filepath.Join("testdata", "golden", name)
		if *update {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, first[name], 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if have := first[name]; !bytes.Equal(have, want) {
			t.Errorf("%s differs from %s (go test -update rewrites it):\nhave:\n%s\nwant:\n%s", name, golden, have, want)
		}
	}
}

// TestJoinThroughILI loads the fixture's output: a Portuguese lemma reaches
// the English synset whose ILI id CILI gives its Princeton 3.0 offset, never
// the Open English WordNet synset whose id happens to be that offset.
func TestJoinThroughILI(t *testing.T) {
	out := t.TempDir()
	if _, err := run(fixture, fixtureHunspell, out); err != nil {
		t.Fatalf("run(%s) error: %v", fixture, err)
	}
	db, err := wordnet.Load(os.DirFS(out), ".")
	if err != nil {
		t.Fatalf("Load(output) error: %v", err)
	}
	for _, tt := range []struct{ word, want string }{
		{"fatura", "bill/1 invoice/1"}, // 06516955-n -> i70710 -> 06528946-n, not the decoy 06516955-n
		{"Fatura", "bill/1 invoice/1"},
		{"logro", "decoy/1"},
		{"reembolsar", "reimburse/1 refund/2 give back/2"}, // both synsets are a first sense of a member: OpenWN-PT's order
		{"devolver dinheiro", "refund/1 give back/1"},
		{"morno", "lukewarm/1 tepid/1"},
		{"sem par", ""},
		{"dificilmente", ""},
	} {
		var got []string
		for _, r := range db.Portuguese(tt.word) {
			got = append(got, fmt.Sprintf("%s/%d", r.Lemma, r.Sense))
		}
		if s := strings.Join(got, " "); s != tt.want {
			t.Errorf("Portuguese(%q) = %q, want %q", tt.word, s, tt.want)
		}
	}
	for _, tt := range []struct{ lemma, want string }{
		{"refund", "give back/synonym/1 refund/derivation/1 pay/hypernym/1"},
		{"reimburse", "refund/hypernym/1 give back/hypernym/1 pay/hypernym2/1"},
		{"warm", "cool/antonym/1 temperature/attribute/1 lukewarm/similar/1 tepid/similar/1"},
		{"temperature", "warm/attribute/1"},
		{"bill", "invoice/synonym/1"},
		{"'warm'", "lukewarm/synonym/1 tepid/synonym/1 warm/similar/1"},
	} {
		var got []string
		for _, r := range db.English(tt.lemma) {
			got = append(got, fmt.Sprintf("%s/%s/%d", r.Lemma, r.Kind, r.Sense))
		}
		if s := strings.Join(got, " "); s != tt.want {
			t.Errorf("English(%q) = %q, want %q", tt.lemma, s, tt.want)
		}
	}
	if got := db.Lemma("paid"); got != "pay" {
		t.Errorf("Lemma(%q) = %q, want %q", "paid", got, "pay")
	}
	for _, tt := range []struct{ word, want string }{
		{"paguei", "pagar"}, {"pague", "pagar"}, {"pagaríamos", "pagar"}, {"pagando", "pagar"}, {"pagava", "pagar"},
		{"repaguei", "repagar"}, {"repagava", ""}, // the prefix crosses with a but not with u
		{"reembolsou", "reembolsar"}, {"reembolsava", ""}, // the line with u is forbidden
		{"pagar", "pagar"}, {"pagas", ""}, {"pagais", ""}, {"pagamo", ""}, {"pagadissimo", ""}, {"pagador", ""},
		{"pagá-lo", ""}, {"Pagou", "pagar"},
	} {
		if got := strings.Join(db.PortugueseVerb(tt.word), " "); got != tt.want {
			t.Errorf("PortugueseVerb(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("run left the temporary file %s", e.Name())
		}
	}
}

// TestCommittedData regenerates from the real sources and compares the
// result with the committed data files. It is skipped in -short mode and
// when the sources are not there (-sources names them).
func TestCommittedData(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerating from the real sources takes a while")
	}
	if _, err := os.Stat(filepath.Join(*sources, "oewn")); err != nil {
		t.Skipf("no lexical sources in %s: %v", *sources, err)
	}
	dict := *hunspell
	if _, err := os.Stat(filepath.Join(dict, hunspellDic)); err != nil {
		t.Logf("ptverbs.tsv is not checked: no hunspell-pt-br dictionary in %s (apt-get install hunspell-pt-br): %v", dict, err)
		dict = ""
	}
	files, _, err := generate(*sources, dict)
	if err != nil {
		t.Fatalf("generate(%s) error: %v", *sources, err)
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		committed, err := os.ReadFile(filepath.Join("..", "..", "wordnet", "data", name))
		if err != nil {
			t.Errorf("%v (run go generate ./grammar/wordnet)", err)
			continue
		}
		if !bytes.Equal(committed, files[name]) {
			t.Errorf("grammar/wordnet/data/%s is not what wngen makes from %s: run go generate ./grammar/wordnet", name, *sources)
		}
	}
}

func TestScalar(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"plain", "plain"}, {"'it''s'", "it's"}, {`"a \"b\""`, `a "b"`}, {"'r%1:23:00::'", "r%1:23:00::"},
	} {
		got, err := scalar(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("scalar(%q) = %q, %v, want %q", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{"'open", `"open`, "'a' b"} {
		if got, err := scalar(in); err == nil {
			t.Errorf("scalar(%q) = %q, want an error", in, got)
		}
	}
}

// TestNumberedPartOfSpeech checks that a lemma written alike with two
// sounds, which Open English WordNet lists as n-1 and n-2, keeps the
// senses of both, as a noun (the fixture's tip; wind, lead and row in
// the real data).
func TestNumberedPartOfSpeech(t *testing.T) {
	for p, want := range map[string]byte{"n": 'n', "n-1": 'n', "v-2": 'v', "s": 'a', "r": 0, "n-x": 0} {
		if got := posOf(p); got != want {
			t.Errorf("posOf(%q) = %q, want %q", p, got, want)
		}
	}
	out, _, err := generate(fixture, fixtureHunspell)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out["en.tsv"]), "\ntip\tn:") {
		t.Errorf("en.tsv lists no noun tip:\n%s", out["en.tsv"])
	}
}
