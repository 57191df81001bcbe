package wordnet

import "strings"

// Telling a word of the language from a slip of typing: a grammar reads a
// word no lexicon of its own lists as a typo of a word it does list only
// when the word is no word of the language. The wordnets know the
// language's lemmas; the regular inflections reach them by WordNet's own
// detachment rules (its "morphy"), the irregular ones by forms.tsv.

// detachments are WordNet's detachment rules: an ending, and what replaces
// it in the lemma, for nouns, verbs and adjectives; then an adverb's -ly
// made of an adjective.
var detachments = [...][2]string{
	// Nouns.
	{"s", ""}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"},
	// Verbs.
	{"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""},
	// Adjectives.
	{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"},
	// Adverbs of adjectives.
	{"ly", ""}, {"ily", "y"}, {"ally", "al"},
}

// Word reports whether an English word, matched in lower case, is a word
// of the language: a lemma of the database of any part of speech, an
// irregular form it lists ("gave", "children"), or a regular form of a
// lemma by WordNet's detachment rules ("cooking", "provides", "closest",
// "properly"), a doubled final consonant undone ("referring": refer).
func (db *DB) Word(word string) bool {
	w := strings.ToLower(strings.TrimSpace(word))
	if len(w) < 2 {
		return false
	}
	if db.Has(w) || db.Lemma(w) != "" {
		return true
	}
	return detaches(w, detachments[:], db.Has)
}

// detaches reports whether a word, less one of endings and with what
// replaces it, is a lemma has accepts, or, where nothing replaces the
// ending, with its doubled final consonant undone ("referring",
// "stopped", "biggest").
func detaches(w string, endings [][2]string, has func(string) bool) bool {
	for _, d := range endings {
		base, ok := strings.CutSuffix(w, d[0])
		if !ok || len(base) < 2 {
			continue
		}
		if has(base + d[1]) {
			return true
		}
		if d[1] == "" && len(base) > 2 && base[len(base)-1] == base[len(base)-2] && has(base[:len(base)-1]) {
			return true
		}
	}
	return false
}

// PortugueseWord reports whether a Brazilian Portuguese word, folded (see
// Fold), is a word of the language the database knows: a lemma of
// OpenWN-PT, a form of one of its verbs (see PortugueseVerb), the singular
// of a regular plural of a lemma, or the masculine singular of an
// adjective's regular forms.
func (db *DB) PortugueseWord(word string) bool {
	w := Fold(strings.TrimSpace(word))
	if len(w) < 2 {
		return false
	}
	if _, ok := db.pt.find(w); ok {
		return true
	}
	if _, ok := db.ptverbs.find(w); ok {
		return true
	}
	if ls, _ := db.PortugueseNoun(w); len(ls) > 0 {
		return true
	}
	return db.PortugueseAdjective(w)
}
