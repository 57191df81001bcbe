package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestApplyAffix(t *testing.T) {
	for _, tt := range []struct {
		stem, strip, add, cond string
		prefix                 bool
		want                   string // "" when the rule does not apply
	}{
		{"ligar", "ar", "uei", "[^cgç]ar", false, ""},
		{"cantar", "ar", "ei", "[^cgç]ar", false, "cantei"},
		{"ligar", "gar", "guei", "gar", false, "liguei"},
		{"começar", "çar", "cei", "çar", false, "comecei"},
		{"ligar", "0", "-se", "[aei]r", false, "ligar-se"},
		{"ligar", "r", "ndo", "[aei]r", false, "ligando"},
		{"pôr", "r", "ndo", "[aei]r", false, ""},
		{"ar", "ar", "ou", "ar", false, ""}, // the whole stem is never stripped
		{"ligar", "0", "des", ".", true, "desligar"},
		{"ligar", "0", "re", "[^rs]", true, "religar"},
		{"soar", "0", "re", "[^rs]", true, ""},
		{"soar", "0", "res", "s", true, "ressoar"},
	} {
		r, err := parseRule(tt.strip, tt.add, tt.cond)
		if err != nil {
			t.Fatalf("parseRule(%q, %q, %q) error: %v", tt.strip, tt.add, tt.cond, err)
		}
		apply := applySuffix
		if tt.prefix {
			apply = applyPrefix
		}
		got, ok := apply(tt.stem, r)
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("apply(%q, %s %s %s) = %q, want %q", tt.stem, tt.strip, tt.add, tt.cond, got, tt.want)
		}
	}
	for _, cond := range []string{"[ab", "[]x", "[^]"} {
		if _, err := parseRule("0", "s", cond); err == nil {
			t.Errorf("parseRule(condition %q) = no error", cond)
		}
	}
}

// write writes a file in a temporary folder and returns its path.
func write(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReadAffDic(t *testing.T) {
	// UTF-8 with a byte order mark, as Debian ships hunspell-pt-br; long
	// flags.
	aff := write(t, "x.aff", "\uFEFFSET UTF-8\nFLAG long\nFORBIDDENWORD zz\n\nPFX Aa Y 1\nPFX Aa 0 des .\n\nSFX Bb N 2\nSFX Bb ar ou ar\nSFX Bb r ndo/Cc [aei]r # a comment\n")
	a, err := readAff(aff)
	if err != nil {
		t.Fatalf("readAff error: %v", err)
	}
	dic := write(t, "x.dic", "3\nligar/AaBb\ne\\/ou/Bb\nligarr/Bbzz\n")
	entries, err := readDic(dic, a)
	if err != nil {
		t.Fatalf("readDic error: %v", err)
	}
	if len(entries) != 2 || entries[1].stem != "e/ou" {
		t.Fatalf("readDic = %v, want ligar and e/ou (ligarr is forbidden)", entries)
	}
	var got []string
	for _, f := range a.expand(entries[0], func(string) bool { return true }) {
		got = append(got, f.form+"<"+f.lemma)
	}
	want := []string{"ligar<ligar", "ligou<ligar", "ligando<ligar", "desligar<desligar"} // Bb crosses with no prefix
	if !slices.Equal(got, want) {
		t.Errorf("expand(ligar) = %v, want %v", got, want)
	}

	for _, tt := range []struct{ aff, want string }{
		{"SET KOI8-R\n", "encoding"},
		{"FLAG short\n", "FLAG"},
		{"SFX a Y 2\nSFX a ar ou ar\n", "fewer"},
		{"SFX a Y 1\nSFX a ar ou ar\nSFX a ar ei ar\n", "more rules"},
		{"SFX a Y 1\nPFX a 0 re .\n", "both"},
		{"SFX a Y x\n", "header"},
		{"SFX a Y 1\nSFX a ar ou\n", "condition"},
		{"SET UTF-8\nSFX a Y 1\nSFX a ar \xff ar\n", "UTF-8"},
	} {
		_, err := readAff(write(t, "bad.aff", tt.aff))
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "bad.aff:") {
			t.Errorf("readAff(%q) error = %v, want one with the file, its line and %q", tt.aff, err, tt.want)
		}
	}
	if _, err := readDic(write(t, "bad.dic", "ligar/a\n"), a); err == nil || !strings.Contains(err.Error(), "bad.dic:1") {
		t.Errorf("readDic with no count = %v, want an error at bad.dic:1", err)
	}
	if _, err := readDic(write(t, "bad.dic", "1\nligar/abc\n"), a); err == nil || !strings.Contains(err.Error(), "bad.dic:2") {
		t.Errorf("readDic with an odd long flag = %v, want an error at bad.dic:2", err)
	}
}

func TestDropForm(t *testing.T) {
	forms := func(fs ...string) map[string]bool {
		m := map[string]bool{}
		for _, f := range fs {
			m[f] = true
		}
		return m
	}
	for _, tt := range []struct {
		form, inf string
		forms     map[string]bool
		want      string
	}{
		{"desligou", "desligar", nil, ""},
		{"desligue", "desligar", nil, ""},
		{"desliguei", "desligar", nil, ""},
		{"desligues", "desligar", nil, "tu"},
		{"desligueis", "desligar", nil, "vos"},
		{"desligaste", "desligar", nil, "tu"},
		{"desligastes", "desligar", nil, "vos"},
		{"desligariamos", "desligar", nil, ""},
		{"desligarieis", "desligar", nil, "vos"},
		{"desligadissimo", "desligar", nil, "degree"},
		{"desligadinho", "desligar", nil, "degree"},
		{"desligue-o", "desligar", nil, "enclitic"},
		{"desliguemo", "desligar", forms("desliguemos"), "enclitic"},
		{"vendei", "vender", nil, "vos"},
		{"vendi", "vender", nil, ""},
		{"partis", "partir", nil, "vos"},
		{"parti", "partir", nil, "vos"},
		{"gaste", "gastar", nil, ""},
		{"conteste", "contestar", nil, ""},
		{"fizeste", "fazer", nil, "tu"},
		{"fizestes", "fazer", nil, "vos"},
		{"fez", "fazer", nil, ""},
		{"facas", "fazer", forms("facam"), "tu"},
		{"feitas", "fazer", nil, ""},
		{"faras", "fazer", forms("farao"), "tu"},
		{"tens", "ter", nil, "tu"},
		{"tende", "ter", nil, "vos"},
		{"pus", "por", nil, ""},
		{"pos", "por", nil, ""},
		{"poes", "por", nil, "tu"},
		{"durmo", "dormir", forms("dormimos"), ""},
	} {
		if got := dropForm(tt.form, tt.inf, tt.forms); got != tt.want {
			t.Errorf("dropForm(%q, %q) = %q, want %q", tt.form, tt.inf, got, tt.want)
		}
	}
}
