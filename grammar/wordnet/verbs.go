package wordnet

import (
	"iter"
	"slices"
	"strings"
)

// Reading a word as a verb: OpenWN-PT knows the Portuguese verbs by their
// infinitives; a turn conjugates them. ptverbs.tsv maps each form the
// hunspell dictionary makes of them (but the second person's, and those
// written with a pronoun) to its infinitives.

// PortugueseVerb returns the infinitives a Brazilian Portuguese word is a
// form of, folded, best first: the word itself when it is a verb lemma of
// OpenWN-PT ("desligar"), then the infinitives it is a form of, the one
// that shares the longest beginning with the word first ("desligou":
// desligar; "vendo": vender, ver). The word is folded (see Fold) first.
// PortugueseVerb returns nil for a word that is no verb form the database
// knows. The strings share the database's memory, but for the word itself;
// the slice is the caller's.
func (db *DB) PortugueseVerb(word string) (lemmas []string) {
	w := Fold(strings.TrimSpace(word))
	if _, verb := db.parts(&db.pt, w); verb {
		lemmas = append(lemmas, w)
	}
	if rest, ok := db.ptverbs.find(w); ok {
		for l := range strings.SplitSeq(rest, string(lemmaSep)) {
			if !slices.Contains(lemmas, l) {
				lemmas = append(lemmas, l)
			}
		}
	}
	return lemmas
}

// VerbSense is one English verb a Portuguese verb translates to, through
// one verb sense of its infinitive. The zero value is no sense.
type VerbSense struct {
	// Infinitive is the Portuguese infinitive, folded.
	Infinitive string
	// Lemma is the English lemma, lower case; a multiword lemma keeps its
	// spaces ("turn off").
	Lemma string
	// Sense is the rank of the sense among the infinitive's verb senses:
	// 1 is its first.
	Sense int

	synset int // the sense's synset, 1 + its number (0: none)
}

// PortugueseVerbSenses yields the English verbs a Brazilian Portuguese
// verb form translates to: the members of the synsets of the verb senses
// of its infinitives (see PortugueseVerb), best first: the infinitives in
// PortugueseVerb's order, then by the rank of the verb sense, then in the
// synset's order. An English lemma is yielded once an infinitive, at its
// best sense. The word is folded (see Fold) first; a word that is no verb
// form the database knows yields nothing. The strings share the
// database's memory.
func (db *DB) PortugueseVerbSenses(word string) iter.Seq[VerbSense] {
	return func(yield func(VerbSense) bool) {
		for _, inf := range db.PortugueseVerb(word) {
			rest, ok := db.pt.find(inf)
			if !ok {
				continue
			}
			rank := 0
			var seen []string // the English lemmas yielded for inf
			for s := range strings.SplitSeq(rest, string(senseSep)) {
				p, n, _, ok := db.splitSense(s)
				if !ok || p != 'v' {
					continue
				}
				rank++
				for m := range strings.SplitSeq(synsetField(db.synsets.line(n), 1), string(lemmaSep)) {
					if slices.Contains(seen, m) {
						continue
					}
					seen = append(seen, m)
					if !yield(VerbSense{Infinitive: inf, Lemma: m, Sense: rank, synset: n + 1}) {
						return
					}
				}
			}
		}
	}
}

// EnglishRank returns the rank of a verb sense's synset among the verb
// senses of its English lemma: 1 when the synset is the English verb's
// first (most frequent) sense ("deactivate" is first to make inactive, the
// sense "desativar" has), 0 when it is past the four senses kept, or for
// the zero VerbSense.
func (db *DB) EnglishRank(s VerbSense) int {
	if s.synset == 0 {
		return 0
	}
	n := s.synset - 1
	rest, ok := db.en.find(s.Lemma)
	if !ok {
		return 0
	}
	rank := 0
	for s := range strings.SplitSeq(rest, string(senseSep)) {
		p, m, _, ok := db.splitSense(s)
		if !ok || p != 'v' {
			continue
		}
		rank++
		if m == n {
			return rank
		}
	}
	return 0
}

// PortugueseVerbForms yields every Brazilian Portuguese verb form the
// database knows, folded, in byte order, each once, with its infinitives
// as PortugueseVerb gives them: the infinitives of OpenWN-PT's verbs, and
// the forms of ptverbs.tsv. The slice yielded is reused: it is valid only
// until the next step of the loop.
func (db *DB) PortugueseVerbForms() iter.Seq2[string, []string] {
	return func(yield func(string, []string) bool) {
		var lemmas []string
		pt, verbs := &db.pt, &db.ptverbs
		i, j := 0, 0 // the next entry lines of pt.tsv and ptverbs.tsv
		var pk, vk string
		if i < pt.len() {
			pk = pt.key(i)
		}
		if j < verbs.len() {
			vk = verbs.key(j)
		}
		for i < pt.len() || j < verbs.len() {
			key := pk
			if i == pt.len() || j < verbs.len() && vk < pk {
				key = vk
			}
			lemmas = lemmas[:0]
			if i < pt.len() && pk == key {
				if db.verbSense(pt.line(i)[len(key)+1:]) {
					lemmas = append(lemmas, key)
				}
				if i++; i < pt.len() {
					pk = pt.key(i)
				}
			}
			if j < verbs.len() && vk == key {
				for l := range strings.SplitSeq(verbs.line(j)[len(key)+1:], string(lemmaSep)) {
					if !slices.Contains(lemmas, l) {
						lemmas = append(lemmas, l)
					}
				}
				if j++; j < verbs.len() {
					vk = verbs.key(j)
				}
			}
			if len(lemmas) > 0 && !yield(key, lemmas) {
				return
			}
		}
	}
}

// verbSense reports whether a list of senses has a verb sense.
func (db *DB) verbSense(senses string) bool {
	for s := range strings.SplitSeq(senses, string(senseSep)) {
		if p, _, _, ok := db.splitSense(s); ok && p == 'v' {
			return true
		}
	}
	return false
}
