package main

import (
	"bytes"
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/stalwart-agents/stalwart/grammar/wordnet"
)

// The Portuguese verb forms: hunspell-pt-br (VERO) lists each verb once,
// by its infinitive and the flags of its conjugation classes; the rules
// of those classes make every form. Only the verbs OpenWN-PT knows (a
// lemma with a verb sense) are expanded, and only some of their forms are
// kept (see dropForm).

// Hunspell dictionary file names, in the folder the -hunspell flag names.
const (
	hunspellAff = "pt_BR.aff"
	hunspellDic = "pt_BR.dic"
)

// conjugationFlags are the suffix flags of hunspell-pt-br's conjugation
// classes, as the .aff file's own comments name them: a (regular verbs),
// b (the participles of -er verbs), c to i (the classes of irregular and
// spelling-changing verbs), t and u (verbs of the third person only) and
// w (the others: faiscar, resfolegar, apaziguar). The other lower-case
// flags make words that are no conjugated form: j (nouns and adjectives
// in -dor) and k, m to s and v (forms with enclitic and mesoclitic
// pronouns, written with hyphens: package ptbr splits those from their
// verb); L makes participles' diminutives and augmentatives. Every prefix
// flag is applied: a prefix makes a verb of its own (ligar, desligar;
// fazer, refazer), kept when OpenWN-PT knows it.
const conjugationFlags = "abcdefghituw"

// verbForms expands the verbs of the hunspell dictionary in dir whose
// infinitive, folded, is a Portuguese lemma with a verb sense, and
// returns each kept form, folded, with its infinitives, best first (see
// orderInfinitives); verbSenses counts each lemma's verb senses.
func verbForms(dir string, pt lemmaSenses, verbSenses map[string]int, stats *Stats) (map[string][]string, error) {
	aff, err := readAff(filepath.Join(dir, hunspellAff))
	if err != nil {
		return nil, err
	}
	dic, err := readDic(filepath.Join(dir, hunspellDic), aff)
	if err != nil {
		return nil, err
	}
	isVerb := func(lemma string) bool {
		for _, s := range pt[lemma] {
			if s.pos == 'v' {
				return true
			}
		}
		return false
	}
	keep := func(flag string) bool { return strings.Contains(conjugationFlags, flag) }
	byLemma := make(map[string]map[string]bool) // folded infinitive -> folded forms
	for _, e := range dic {
		if e.stem != strings.ToLower(e.stem) {
			continue // a name
		}
		for _, wf := range aff.expand(e, keep) {
			lemma := wordnet.Fold(wf.lemma)
			if !isVerb(lemma) {
				continue
			}
			form := wordnet.Fold(wf.form)
			if form == lemma {
				continue
			}
			if byLemma[lemma] == nil {
				byLemma[lemma] = make(map[string]bool)
			}
			byLemma[lemma][form] = true
		}
	}
	out := make(map[string][]string)
	for _, lemma := range sortedKeys(byLemma) {
		forms := byLemma[lemma]
		kept := 0
		for _, form := range sortedKeys(forms) {
			if why := dropForm(form, lemma, forms); why != "" {
				stats.DroppedVerbForms[why]++
				continue
			}
			if err := checkLemma(form); err != nil {
				return nil, fmt.Errorf("a form of %q: %w", lemma, err)
			}
			kept++
			out[form] = append(out[form], lemma)
		}
		if kept > 0 {
			stats.Verbs++
		}
	}
	for form, lemmas := range out {
		orderInfinitives(form, lemmas, verbSenses)
	}
	return out, nil
}

// orderInfinitives sorts the infinitives of a form best first, by two
// guesses of which verb a reader takes it for: the one that shares the
// longer beginning with the form, whose regular form it mostly is (vira:
// virar, then vir, then ver; pulo: pular, then polir), then the one with
// more verb senses in OpenWN-PT, which is mostly the commoner verb
// (vendo: vender, then vendar), then byte order. Neither knows how often
// each verb is used: caia is read as caiar before cair.
func orderInfinitives(form string, lemmas []string, verbSenses map[string]int) {
	slices.SortFunc(lemmas, func(x, y string) int {
		if c := cmp.Compare(commonPrefix(form, y), commonPrefix(form, x)); c != 0 {
			return c
		}
		if c := cmp.Compare(verbSenses[y], verbSenses[x]); c != 0 {
			return c
		}
		return cmp.Compare(x, y)
	})
}

// The endings of the second person after the stem of a regular verb (the
// infinitive without -ar, -er or -ir, or with the spelling changes of its
// consonant: fique, pague, proteja, distinga), folded, by the
// infinitive's vowel. The plural (vós) is gone from Brazilian use; the
// singular (tu) is regional, and written mostly with the third person's
// forms (tu vai, tu cancela), which are kept.
var (
	vosEndings = map[byte][]string{
		'a': {"ais", "aveis", "astes", "areis", "arieis", "eis", "asseis", "ardes", "ai", "eeis"},
		'e': {"eis", "ieis", "estes", "ereis", "erieis", "ais", "esseis", "erdes", "ei"},
		'i': {"is", "ieis", "istes", "ireis", "irieis", "ais", "isseis", "irdes", "i"},
	}
	tuEndings = map[byte][]string{
		'a': {"as", "avas", "aste", "aras", "arias", "es", "asses", "ares", "ias", "ies"},
		'e': {"es", "ias", "este", "eras", "erias", "as", "esses", "eres"},
		'i': {"es", "ias", "iste", "iras", "irias", "as", "isses", "ires"},
	}
	// vosAnyStem are endings of the second person plural whatever the
	// stem (fizestes, digais, pondes, sois); irregularVos are those of
	// its imperative, for the verbs of a short or changed stem (tende,
	// vinde, ide, sede).
	vosAnyStem   = []string{"ais", "eis", "ois", "stes", "rdes", "ndes", "ides"}
	irregularVos = []string{"nde", "ide", "ede"}
	// notSecond are the endings in -s of the forms that are no second
	// person: the first person plural, a participle's plural (feitos,
	// postas), and the preterites pus and quis.
	notSecond = []string{"mos", "os", "as", "us", "is"}
)

// participleDegrees are the endings of a participle's diminutives and
// augmentatives, and of its adverb.
var participleDegrees = []string{"idamente", "idao", "idinha", "idinhas", "idinho", "idinhos", "idoes", "idona", "idonas",
	"adamente", "adao", "adinha", "adinhas", "adinho", "adinhos", "adoes", "adona", "adonas"}

// dropForm says why a form of a verb is left out, or "" to keep it:
//
//   - "enclitic": written with a hyphen and a pronoun (desligue-o), or
//     the first person plural without its s, which is written only before
//     -nos (lembremo-nos): package ptbr splits the pronoun from its verb;
//   - "degree": a participle's superlative, diminutive or augmentative
//     (desligadíssimo, vendidinho, vendidão), or its adverb (vendidamente);
//   - "vos", "tu": the second person plural and singular (see vosEndings).
//
// forms are all the verb's forms, folded.
func dropForm(form, inf string, forms map[string]bool) string {
	switch {
	case strings.ContainsAny(form, "- "):
		return "enclitic"
	case strings.HasSuffix(form, "mo") && forms[form+"s"]:
		return "enclitic"
	case strings.Contains(form, "issim") || strings.Contains(form, "issm"):
		return "degree"
	}
	for _, end := range participleDegrees {
		if strings.HasSuffix(form, end) {
			return "degree"
		}
	}
	return person(form, inf, forms)
}

// person returns "vos" or "tu" for a form of the second person, else "".
// A form of a regular stem is told by its ending after the stem; a form
// ending in -s by its paradigm, in which the second person singular and
// the third person plural share their stem (ponhas, ponham; farás, farão;
// tens, têm), or else by being none of those notSecond lists; and a form
// of an irregular stem by the endings that are the second person
// whatever the stem (fizeste, pusestes, tende). forms are the verb's
// forms.
func person(form, inf string, forms map[string]bool) string {
	ends := regularEndings(form, inf)
	if len(ends) > 0 {
		v := inf[len(inf)-2]
		for _, end := range ends {
			switch {
			case slices.Contains(vosEndings[v], end):
				return "vos"
			case slices.Contains(tuEndings[v], end):
				return "tu"
			}
		}
	}
	for _, end := range vosAnyStem {
		if strings.HasSuffix(form, end) {
			return "vos"
		}
	}
	if stem, ok := strings.CutSuffix(form, "s"); ok {
		if forms[stem+"m"] || strings.HasSuffix(stem, "ra") && forms[stem[:len(stem)-1]+"ao"] {
			return "tu"
		}
		if !slices.ContainsFunc(notSecond, func(end string) bool { return strings.HasSuffix(form, end) }) {
			return "tu"
		}
	}
	// The preterite's -ste of an irregular stem (fizeste, mantiveste),
	// not the -e after a regular stem that ends in st (gaste, conteste).
	irregular := !slices.ContainsFunc(ends, func(e string) bool { return len(e) < 4 })
	if irregular && strings.HasSuffix(form, "ste") {
		return "tu"
	}
	if len(ends) == 0 {
		for _, end := range irregularVos {
			if strings.HasSuffix(form, end) {
				return "vos"
			}
		}
	}
	return ""
}

// regularEndings returns what follows the stem of the infinitive in a
// form, for the stem and each of its spelling changes (c: qu; g: gu, j;
// gu, qu: g, c) the form starts with; none for a form of an irregular
// stem, or of a stem shorter than three letters.
func regularEndings(form, inf string) []string {
	if len(inf) < 5 {
		return nil // ser, ter, vir, dar, pôr, sair: a short stem says nothing
	}
	s := inf[:len(inf)-2]
	stems := []string{s}
	switch n := len(s); {
	case strings.HasSuffix(s, "gu"), strings.HasSuffix(s, "qu"):
		stems = append(stems, s[:n-1], s[:n-2]+"c")
	case strings.HasSuffix(s, "c"):
		stems = append(stems, s[:n-1]+"qu")
	case strings.HasSuffix(s, "g"):
		stems = append(stems, s+"u", s[:n-1]+"j")
	}
	var out []string
	for _, st := range stems {
		if end, ok := strings.CutPrefix(form, st); ok {
			out = append(out, end)
		}
	}
	return out
}

// writeVerbs writes ptverbs.tsv; the infinitives of a form are in order
// already, each once (see verbForms).
func writeVerbs(forms map[string][]string) []byte {
	var b bytes.Buffer
	b.WriteString(header)
	b.WriteString("# Portuguese verb forms from hunspell-pt-br (VERO; LGPL-3 or MPL), of the verbs of OpenWN-PT; see NOTICE.\n")
	b.WriteString("# Second-person forms are left out. Format: folded form<TAB>folded infinitives\n")
	for _, f := range sortedKeys(forms) {
		b.WriteString(f + "\t" + strings.Join(forms[f], "|") + "\n")
	}
	return b.Bytes()
}

// commonPrefix returns the length of the longest beginning a and b share.
func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
