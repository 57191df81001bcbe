package wordnet

import (
	"slices"
	"strings"
)

// Reading a word as a noun: the grammars know a few thousand words by
// hand; the wordnets know the nouns of the languages. A word with a noun
// sense is read as that noun, its concept the English lemma; whether it
// has a verb sense too is said, for a grammar that reads a command's verb
// before its noun.

// parts are the parts of speech of a lemma's senses in table t: whether
// it has a noun sense and a verb sense.
func (db *DB) parts(t *table, key string) (noun, verb bool) {
	rest, ok := t.find(key)
	if !ok {
		return false, false
	}
	// The senses one by one, until both parts are found.
	for rest != "" && !(noun && verb) {
		s := rest
		if i := strings.IndexByte(rest, senseSep); i >= 0 {
			s, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		p, _, _, ok := db.splitSense(s)
		noun = noun || ok && p == 'n'
		verb = verb || ok && p == 'v'
	}
	return noun, verb
}

// Adjective reports whether an English word, matched in lower case, has an
// adjective sense ("wet", "open", "cold"), or, when the word is no lemma
// of its own, is the comparative or superlative of an adjective by the
// regular endings ("colder", "closest", "easier", "biggest"): "dryer" and
// "forest" are nouns, no degrees of dry and fore.
func (db *DB) Adjective(word string) bool {
	w := strings.ToLower(word)
	if _, ok := db.en.find(w); ok {
		return db.adjectiveSense(w)
	}
	return detaches(w, degreeEndings[:], db.adjectiveSense)
}

// degreeEndings are the regular endings of an English adjective's
// comparative and superlative, and what replaces each in the adjective:
// colder, coldest; closer, closest; easier, easiest.
var degreeEndings = [...][2]string{{"er", ""}, {"est", ""}, {"r", ""}, {"st", ""}, {"ier", "y"}, {"iest", "y"}}

// adjectiveSense reports whether the English lemma w has an adjective
// sense.
func (db *DB) adjectiveSense(w string) bool {
	rest, ok := db.en.find(w)
	if !ok {
		return false
	}
	for s := range strings.SplitSeq(rest, string(senseSep)) {
		if p, _, _, ok := db.splitSense(s); ok && p != 'n' && p != 'v' {
			return true
		}
	}
	return false
}

// AdjectiveForms are the forms a Brazilian Portuguese word may be an
// adjective as, folded (see Fold): the word, then the masculine singular of
// its regular plural and feminine forms (molhada, molhados: molhado).
func AdjectiveForms(word string) []string {
	w := Fold(strings.TrimSpace(word))
	forms := []string{w}
	if s, ok := strings.CutSuffix(w, "s"); ok && len(s) > 2 {
		forms = append(forms, s)
	}
	for _, f := range forms {
		if m, ok := strings.CutSuffix(f, "a"); ok && len(m) > 2 {
			forms = append(forms, m+"o")
		}
	}
	return forms
}

// PortugueseAdjective reports whether a Brazilian Portuguese word, or one
// of its AdjectiveForms, has an adjective sense.
func (db *DB) PortugueseAdjective(word string) bool {
	for _, f := range AdjectiveForms(word) {
		rest, ok := db.pt.find(f)
		if !ok {
			continue
		}
		for s := range strings.SplitSeq(rest, string(senseSep)) {
			if p, _, _, ok := db.splitSense(s); ok && p != 'n' && p != 'v' {
				return true
			}
		}
	}
	return false
}

// Noun reads an English word as a noun: its lemma when the word, an
// irregular form's lemma ("children": child) or a regular plural's
// singular ("capitals", "boxes", "cities") has a noun sense; whether the
// word is plural; and whether the word itself also has a verb sense
// ("box", "thermostat"), or is a form of a verb ("won"). The word is
// matched in lower case.
func (db *DB) Noun(word string) (lemma string, plural, verb, ok bool) {
	w := strings.ToLower(word)
	n, v := db.parts(&db.en, w)
	if n {
		if l := db.Lemma(w); !v && l != "" && l != w {
			// An inflected verb that is a noun of its own spelling too
			// ("won": win, and a currency) has a verb sense.
			_, v = db.parts(&db.en, l)
		}
		return w, false, v, true
	}
	if l := db.Lemma(w); l != "" {
		if n, v := db.parts(&db.en, l); n {
			return l, true, v, true
		}
	}
	for _, s := range englishSingulars(w) {
		if n, v := db.parts(&db.en, s); n {
			return s, true, v, true
		}
	}
	return "", false, false, false
}

// englishSingulars are the singulars a regular English plural may have.
func englishSingulars(w string) []string {
	var out []string
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		out = append(out, w[:len(w)-3]+"y")
	case strings.HasSuffix(w, "ses") || strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "zes") ||
		strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes"):
		out = append(out, w[:len(w)-2])
	}
	if strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && len(w) > 3 {
		out = append(out, w[:len(w)-1])
	}
	return out
}

// PortugueseNoun reads a Brazilian Portuguese word as a noun: the English
// lemmas of its noun senses, best sense first (see Portuguese), for the
// word or a regular plural's singular (luzes: luz, portões: portão), and
// whether the word is plural. The word is folded (see Fold) first.
func (db *DB) PortugueseNoun(word string) (lemmas []string, plural bool) {
	senses, plural := db.portugueseNounSenses(word)
	for _, sense := range senses {
		for _, m := range sense {
			if !slices.Contains(lemmas, m) {
				lemmas = append(lemmas, m)
			}
		}
	}
	return lemmas, plural
}

// PortugueseNounSenses reads a Brazilian Portuguese word as a noun, as
// PortugueseNoun does, and returns the English lemmas of each of its noun
// senses apart, best sense first ("tempo": tempo and pace, then weather
// and weather condition, ..., then time). It returns nil for a word that
// is no noun the Portuguese wordnet knows.
func (db *DB) PortugueseNounSenses(word string) [][]string {
	senses, _ := db.portugueseNounSenses(word)
	return senses
}

// portugueseNounSenses is the noun senses of the word, folded, or else of
// a regular plural's singular, and whether it was the plural.
func (db *DB) portugueseNounSenses(word string) ([][]string, bool) {
	w := Fold(strings.TrimSpace(word))
	if ss := db.ptNounSenses(w); len(ss) > 0 {
		return ss, false
	}
	for _, s := range portugueseSingulars(w) {
		if ss := db.ptNounSenses(s); len(ss) > 0 {
			return ss, true
		}
	}
	return nil, false
}

func (db *DB) ptNounSenses(key string) [][]string {
	rest, ok := db.pt.find(key)
	if !ok {
		return nil
	}
	var out [][]string
	for s := range strings.SplitSeq(rest, string(senseSep)) {
		p, n, _, ok := db.splitSense(s)
		if !ok || p != 'n' {
			continue
		}
		var sense []string
		for m := range strings.SplitSeq(synsetField(db.synsets.line(n), 1), string(lemmaSep)) {
			if m != "" {
				sense = append(sense, m)
			}
		}
		if len(sense) > 0 {
			out = append(out, sense)
		}
	}
	return out
}

// portugueseSingulars are the singulars a regular Portuguese plural may
// have, folded.
func portugueseSingulars(w string) []string {
	var out []string
	for _, r := range [...][2]string{{"oes", "ao"}, {"aes", "ao"}, {"ais", "al"}, {"eis", "el"}, {"ois", "ol"}, {"uis", "ul"}, {"ns", "m"}, {"res", "r"}, {"zes", "z"}, {"ses", "s"}} {
		if strings.HasSuffix(w, r[0]) && len(w) > len(r[0])+1 {
			out = append(out, w[:len(w)-len(r[0])]+r[1])
		}
	}
	if strings.HasSuffix(w, "s") && len(w) > 3 {
		out = append(out, w[:len(w)-1])
	}
	return out
}
