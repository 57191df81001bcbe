package ptbr

import (
	"strings"

	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/grammar/wordnet"
)

// Verbs of the wordnet: the hand lexicon lists the verbs people use to
// ask for things, and the morphology gives the forms of each that requests
// use; OpenWN-PT knows some three thousand verbs more, and the wordnet's
// verb forms (compiled from the hunspell dictionary) give every form of
// each but the second person's. A form the hand lexicon does not list is
// read as an action of the lexicon when its verb translates to one.
//
// The forms are looked up through the lexicon's WordVerb hook, not added
// to its Actions: the engine indexes every action word for matching typos
// (grammar.FuzzyIndex), and some fifteen thousand forms more cost about
// 180 ms and 30 MB at every engine's start, for typos of rare verbs' rare
// forms.

// maxVerbSense is how many of a Portuguese verb's senses, best first, may
// give it its concept: past the second, a sense is too rare to stand for
// the verb ("tomar", to take, is also to ingest; "ir", to go, also to
// move).
const maxVerbSense = 2

// resultativeClass is the class of function.tsv whose verbs put a thing
// in a state (grammar's resultative reading): they are verbs all the same.
const resultativeClass = "resultative"

// leavingClass is the class of function.tsv whose verbs make a new thing
// they leave (grammar's construction): verbs all the same.
const leavingClass = "leaving"

// verbClasses are the classes of function.tsv whose words are verbs the
// hand lexicon reads as no action: their other forms are no action either.
var verbClasses = []string{"auxiliary", "copula", "request", "negation", "politeness", grammar.VerbClass}

// wordnetVerbs returns the forms of the verbs of the wordnet that stand
// for an action concept, with the concept, for the WordVerb hook. A
// verb's concept is:
//
//   - for a verb the hand lexicon lists as an action word (cancelar), its
//     concept there: the wordnet only adds the forms the morphology does
//     not give (cancelasse, cancelaríamos);
//   - for a verb the hand lexicon knows otherwise, by a form of one of
//     verbClasses (a verb naming no action such as chegar, an auxiliary
//     such as poder or ir, a request such as querer or tentar, a
//     negation such as ignorar), of the indirect class, or of the words of
//     rules (quero, gostaria), none: its forms stay what they are;
//   - else the action concept of the English lexicon (a concept whose
//     words, enActions, hold the English lemma) of the English verb its
//     best senses translate to: among the verb's first maxVerbSense senses,
//     the first English member of the sense's synset whose own first sense
//     the synset is (desativar: deactivate, disable). A verb none of whose
//     translations is an action word has no concept.
//
// A form of several verbs (vendo: vender, ver) takes the concept of the
// first verb, in the wordnet's order, that has one; a verb the hand
// lexicon knows otherwise stops the search. A form is kept only where the
// hand lexicon has no entry for it in any class, where it stands for no
// other words (contractions and informal writing, which Split reads), and
// where the grammar reads it as no noun or adjective of the wordnet
// (conta, casa, aberta: see wordNoun): those readings win. Phrases and
// lemmas written with a hyphen are left out: clitics are split from their
// verb before the lexicon is read.
func wordnetVerbs(db *wordnet.DB, lx *grammar.Lexicon, enActions map[string]string, rules grammar.Rules) map[string]string {
	known := handWords(lx)
	closed := map[string]bool{} // infinitives the hand lexicon knows, as no action
	closeVerb := func(w string) {
		if strings.IndexByte(w, ' ') < 0 {
			if infs := db.PortugueseVerb(w); len(infs) > 0 {
				closed[infs[0]] = true
			}
		}
	}
	for _, words := range [][]string{rules.Wants, rules.Subjects, rules.Clitics, rules.Genitive, rules.IDNouns} {
		for _, w := range words {
			closeVerb(w)
		}
	}
	for w := range lx.Indirect {
		closeVerb(w)
	}
	for _, class := range verbClasses {
		for w := range lx.Function[class] {
			if _, action := lx.Actions[w]; !action {
				closeVerb(w)
			}
		}
	}

	concepts := map[string]string{} // infinitive -> concept, "" for none
	concept := func(inf string) string {
		if c, ok := concepts[inf]; ok {
			return c
		}
		c, ok := lx.Actions[inf]
		if !ok {
			for s := range db.PortugueseVerbSenses(inf) {
				if s.Infinitive != inf || s.Sense > maxVerbSense {
					break // the word's own senses come first
				}
				if ac, ok := enActions[s.Lemma]; ok && db.EnglishRank(s) == 1 {
					c = ac
					break
				}
			}
		}
		concepts[inf] = c
		return c
	}

	out := make(map[string]string, 16384)
	for form, infs := range db.PortugueseVerbForms() {
		if strings.IndexByte(form, ' ') >= 0 || strings.IndexByte(form, '-') >= 0 {
			continue
		}
		c := ""
		for _, inf := range infs {
			if closed[inf] || strings.IndexByte(inf, ' ') >= 0 || strings.IndexByte(inf, '-') >= 0 {
				break
			}
			if c = concept(inf); c != "" {
				break
			}
		}
		if c == "" || known[form] {
			continue
		}
		if _, _, noun := wordNoun(db, lx, form); noun || db.PortugueseAdjective(form) {
			continue
		}
		out[form] = c
	}
	return out
}

// handWords returns every word the hand lexicon lists, in any class, and
// the words Split reads as others (contractions, informal writing).
func handWords(lx *grammar.Lexicon) map[string]bool {
	known := make(map[string]bool, len(lx.Actions)+len(lx.Nouns)+4096)
	for w := range lx.Actions {
		known[w] = true
	}
	for w := range lx.Nouns {
		known[w] = true
	}
	for w := range lx.Indirect {
		known[w] = true
	}
	for class, words := range lx.Function {
		if class == resultativeClass || class == leavingClass {
			// Verbs that put a thing in a state, or leave one, keep
			// their concept otherwise ("deixa a Ana editar": let).
			continue
		}
		for w := range words {
			known[w] = true
		}
	}
	for _, values := range lx.Values {
		for w := range values {
			known[w] = true
		}
	}
	for w := range informal {
		known[w] = true
	}
	for _, a := range articles {
		for _, p := range []string{"d", "n", "pr", "pel", "a"} {
			if contraction(p+a) != nil {
				known[p+a] = true
			}
		}
	}
	return known
}

// englishActions maps each base word of the English lexicon's action
// concepts ("turn off", "deactivate") to its concept.
func englishActions(enLx *grammar.Lexicon) map[string]string {
	out := make(map[string]string, len(enLx.Actions))
	for concept, words := range enLx.ActionWords {
		for _, w := range words {
			out[strings.ToLower(w)] = concept
		}
	}
	return out
}
