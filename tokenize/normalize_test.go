package tokenize

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestLatinLower checks the fast fold of Latin letters against the
// transform chain: every rune of the Latin blocks alone, beside ASCII and
// beside each other, and a few words.
func TestLatinLower(t *testing.T) {
	n := NewNormalizer()
	check := func(s string) {
		t.Helper()
		if got, ok := latinLower(s); ok {
			if want := n.fold(s); got != want {
				t.Errorf("latinLower(%q) = %q, want %q", s, got, want)
			}
		}
	}
	var runes []rune
	for r := rune(0); r <= lastLatin+0x80; r++ {
		if utf8.ValidRune(r) {
			runes = append(runes, r)
		}
	}
	held := 0
	for _, r := range runes {
		if _, ok := latinLower(string(r)); ok && r >= utf8.RuneSelf {
			held++
		}
		for _, s := range []string{"a", "A", " ", "-", "'", "\u0301", "\u0327"} {
			check(string(r) + s)
			check(s + string(r))
		}
	}
	if held < 150 {
		t.Errorf("latinLower folds %d letters beyond ASCII, want the Latin letters", held)
	}
	for _, r := range runes {
		for _, r2 := range runes {
			check(string(r) + string(r2))
		}
	}
	for _, s := range []string{"Ação", "MÊS", "próximo", "ÇA", "Straße", "ǅemal", "İstanbul", "naïve", "\xff", "a\u0301", "ﬁle"} {
		check(s)
		if got, want := Normalize(s), n.fold(s); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", s, got, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { Normalize("Cancelação") }); n > 1 {
		t.Errorf("Normalize allocates %.0f times on a short word, want 1", n)
	}
}

// date and dateSink keep canonicalDate's argument and result from the
// compiler's view, as a turn's are.
var date, dateSink = "2026-05-01", ""

// TestCanonicalDate checks the dates read without Sscanf against Sscanf.
func TestCanonicalDate(t *testing.T) {
	for _, s := range []string{"2026-05-01", "2026-5-01", "1999-12-31", "0999-01-01", "2026-13-01", "2026-00-10",
		"2026-01-32", "20-6-05-01", "1.23-05-01", "01/05/2026", "1/5/26", "2026-05-011", "9999-12-31", "10000-1-1"} {
		got, ok := canonicalDate(s)
		want, wantOK := sscanfDate(s)
		if got != want || ok != wantOK {
			t.Errorf("canonicalDate(%q) = %q, %v; want %q, %v", s, got, ok, want, wantOK)
		}
	}
	// A month or a day of one digit, with dashes.
	for s, want := range map[string]string{"2023-10-1": "2023-10-01", "2026-5-1": "2026-05-01", "2026-5-01": "2026-05-01", "2026-13-1": "", "2026-1-123": ""} {
		if got, _ := canonicalDate(s); got != want {
			t.Errorf("canonicalDate(%q) = %q, want %q", s, got, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { dateSink, _ = canonicalDate(date) }); n != 0 {
		t.Errorf("canonicalDate allocates %.0f times on a date written as it writes it, want 0", n)
	}
	for y := 990; y < 10010; y += 7 {
		for m := 0; m <= 13; m++ {
			for d := 0; d <= 32; d += 3 {
				s := fmt.Sprintf("%04d-%02d-%02d", y, m, d)
				got, ok := canonicalDate(s)
				want, wantOK := sscanfDate(s)
				if got != want || ok != wantOK {
					t.Fatalf("canonicalDate(%q) = %q, %v; want %q, %v", s, got, ok, want, wantOK)
				}
			}
		}
	}
}

// sscanfDate is canonicalDate's ISO case as Sscanf and Sprintf read and
// write it.
func sscanfDate(s string) (string, bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return canonicalDate(s)
	}
	var y, m, d int
	if _, err := fmt.Sscanf(s, "%4d-%2d-%2d", &y, &m, &d); err != nil {
		return "", false
	}
	if m < 1 || m > 12 || d < 1 || d > 31 || y < 1000 || y > 9999 {
		return "", false
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, m, d), true
}

// TestMostTokens checks that MostTokens counts no fewer tokens than a
// turn has.
func TestMostTokens(t *testing.T) {
	tk, err := New(English)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"", "show me order 42", "what's the status of INV-0042137?", "R$ 20,00, por favor!",
		"cancel order #5 (the red one)", "¿ qué?", "ação: já, 3.5% off", "a,b;c:d.e!f?g", "e-mail ana@example.com"} {
		if got, want := MostTokens(s), len(tk.Tokenize(s)); got < want {
			t.Errorf("MostTokens(%q) = %d, want %d or more", s, got, want)
		}
	}
}

// TestCodes checks the words with a dash read as codes: after a number
// too.
func TestCodes(t *testing.T) {
	tk, err := New(English)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		in   string
		want Kind
	}{
		{"TSHIRT-BLK-M", Identifier}, {"1-2ABC", Identifier}, {"12-ABC", Identifier}, {"e-mail", Word},
		{"ABC", Word}, {"re-Run", Word}, {"1-2abc", Word},
	} {
		toks := tk.Tokenize(c.in)
		if len(toks) != 1 || toks[0].Kind != c.want {
			t.Errorf("Tokenize(%q) = %v, want one %v", c.in, toks, c.want)
		}
	}
}

// TestPossessiveID checks that an id's possessive ending is no part of
// the id, nor a number's a word of its own: "E10442's pay stubs" gives
// the id E10442, "agent 31's role" the number 31 and no word "s".
func TestPossessiveID(t *testing.T) {
	tk, err := New(English)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, id string }{
		{"show E10442's pay stubs", "E10442"},
		{"show E10442\u2019s pay stubs", "E10442"},
		{"who is ct_48213's owner", "ct_48213"},
	} {
		var ids []string
		for _, tok := range tk.Tokenize(c.in) {
			if tok.Kind == Identifier {
				ids = append(ids, tok.Text)
			}
			if strings.Contains(tok.Text, "s pay") || strings.HasSuffix(tok.Text, "'") {
				t.Errorf("Tokenize(%q) has token %q", c.in, tok.Text)
			}
		}
		if len(ids) != 1 || ids[0] != c.id {
			t.Errorf("Tokenize(%q) ids = %q, want [%s]", c.in, ids, c.id)
		}
	}
	for _, in := range []string{"what is agent 31's role", "show agent 31\u2019s tickets", "agent 31's"} {
		toks := tk.Tokenize(in)
		var words []string
		for _, tok := range toks {
			if tok.Kind == Word {
				words = append(words, tok.Text)
			}
		}
		if k := slices.IndexFunc(toks, func(tok Token) bool { return tok.Kind == Number }); k < 0 || toks[k].Text != "31" {
			t.Errorf("Tokenize(%q) = %v, want the number 31", in, toks)
		}
		if slices.Contains(words, "s") || slices.Contains(words, "'s") {
			t.Errorf("Tokenize(%q) words = %q, want no possessive ending among them", in, words)
		}
	}
	// A word keeps its ending: the grammar reads it.
	if toks := tk.Tokenize("Bob's invoice"); len(toks) != 2 || toks[0].Text != "Bob's" {
		t.Errorf("Tokenize(%q) = %v, want Bob's first", "Bob's invoice", toks)
	}
}
