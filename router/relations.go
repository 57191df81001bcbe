package router

import (
	"strings"

	"github.com/stalwart-agents/stalwart/grammar/wordnet"
	"github.com/stalwart-agents/stalwart/internal/cache"
)

// Relations: the public wordnets (package grammar/wordnet) relate an
// object the turn names to an object of a tool's name it does not name
// ("the kings of France", european_history.get_monarchs: king is a kind
// of monarch). Each kind of relation is a feature of its own, weighing
// 1/sense (a later sense of the word is less likely what it means), so
// the fit learns what each is worth; nothing here is a rule.

// maxRelationSense is the last sense of a lemma whose relations are read.
const maxRelationSense = 2

// relation is how one lemma reaches another.
type relation struct {
	kind  wordnet.Kind
	sense int
}

// objectLemma is the English lemma of an object concept and the lemmas
// it reaches (relatedLemmas). id numbers the object terms of the tools'
// names, so that what a turn makes of one is read once (shared.objects,
// lemmaReach); a turn's objects have none.
type objectLemma struct {
	lemma   string
	related map[string]relation
	id      int32
}

// relations caches each lemma's relations, shared by every Router: the
// lemmas of the tools' names and of the turns recur.
var relations cache.Map[map[string]relation] // by lemma

// relatedLemmas are the lemmas a lemma reaches by synonym, derivation or
// hypernym (one or two levels up) in its first senses, each at its best
// sense.
func relatedLemmas(db *wordnet.DB, lemma string) map[string]relation {
	if m, ok := relations.Load(lemma); ok {
		return m
	}
	m := map[string]relation{}
	for _, rel := range db.English(lemma) {
		if rel.Sense > maxRelationSense {
			continue
		}
		switch rel.Kind {
		case wordnet.Synonym, wordnet.Derivation, wordnet.Hypernym, wordnet.Hypernym2:
		default:
			continue
		}
		if _, seen := m[rel.Lemma]; !seen {
			m[rel.Lemma] = relation{rel.Kind, rel.Sense}
		}
	}
	v, _ := relations.LoadOrStore(lemma, m)
	return v
}

// conceptLemma is the English lemma of a concept (washing_machine:
// washing machine).
func conceptLemma(concept string) string { return strings.ReplaceAll(concept, "_", " ") }

// relationFeature is the feature of a kind of relation.
func relationFeature(k wordnet.Kind) int {
	switch k {
	case wordnet.Synonym:
		return fObjectSynonym
	case wordnet.Derivation:
		return fObjectDerivation
	}
	return fObjectHypernym
}

// relationWeight is what a relation counts: 1/sense, half again two
// levels up.
func relationWeight(rel relation) float64 {
	w := 1 / float64(rel.sense)
	if rel.kind == wordnet.Hypernym2 {
		w /= 2
	}
	return w
}

// adjectiveStems caches, by Portuguese word as the turn writes it, the
// English stem terms of its adjective senses (translatedAdjective),
// shared by every Router: the wordnet and the English stemmer are the
// same for all.
var adjectiveStems cache.Map[[]string] // by word

// maxTranslationSense is the last sense of a Portuguese adjective whose
// English translations translatedAdjective reads: the Portuguese wordnet
// lists an adjective's senses in no order of use ("anterior": anterior
// and prior first, previous third).
const maxTranslationSense = 3

// translatedAdjective are the stem terms, in English, of the English
// adjectives a Portuguese adjective translates to in its first senses
// ("pendentes": pending; "anterior": anterior, prior, earlier, previous): a tool's
// name written in English holds them where a Portuguese turn qualifies
// what it asks for ("os pedidos pendentes", list_pending_orders). Plural
// and feminine forms are read as the masculine singular.
func (r *Router) translatedAdjective(word string) []string {
	if v, ok := adjectiveStems.Load(word); ok {
		return v
	}
	var out []string
	for _, f := range wordnet.AdjectiveForms(word) {
		if !r.wn.PortugueseAdjective(f) {
			continue
		}
		for _, rel := range r.wn.Portuguese(f) {
			if rel.Sense > maxTranslationSense || strings.Contains(rel.Lemma, " ") {
				continue
			}
			out = appendUnique(out, stemPrefix+r.an.stemmer.Stem(rel.Lemma))
		}
		if len(out) > 0 {
			break
		}
	}
	if adjectiveStems.Len() >= maxTranslated {
		return out
	}
	// The word is cut from the turn: its own copy keeps the turn from
	// being held.
	v, _ := adjectiveStems.LoadOrStore(strings.Clone(word), out)
	return v
}

// maxTranslated bounds each of the caches of translations by word
// (adjectiveStems, nounSenseStems), shared by every Router, so that
// hostile input cannot grow them for ever.
const maxTranslated = 1 << 14

// nounSenseStems caches, by Portuguese word as the turn writes it, the
// English stem terms of each of its noun senses (translatedNoun), shared
// by every Router as adjectiveStems is.
var nounSenseStems cache.Map[[][]string] // by word

// translatedNoun is the English stem terms of the first noun sense of a
// Portuguese word that some tool of the catalogue holds ("o tempo": its
// senses are a rhythm, fair weather, the weather and a period; among
// tools that read the weather, the weather), or nil. A word has several
// senses where the lexicon gives it one concept; the catalogue is the
// best guide to the one meant. Multiword lemmas are left out, as no term
// holds them.
func (r *Router) translatedNoun(word string) []string {
	senses, ok := nounSenseStems.Load(word)
	if !ok {
		for _, sense := range r.wn.PortugueseNounSenses(word) {
			var stems []string
			for _, l := range sense {
				if !strings.Contains(l, " ") {
					stems = appendUnique(stems, stemPrefix+r.an.stemmer.Stem(l))
				}
			}
			senses = append(senses, stems)
		}
		if nounSenseStems.Len() < maxTranslated {
			senses, _ = nounSenseStems.LoadOrStore(strings.Clone(word), senses)
		}
	}
	for _, stems := range senses {
		for _, t := range stems {
			if ps := r.ix.term(t).postings; ps.len() > 0 {
				return stems
			}
		}
	}
	return nil
}
