// Package en is the English grammar: its concept lexicon, as data files a
// linguist can edit (lexicon/*.tsv), and the rules of English the shared
// reading needs: contractions, spoken numbers, relative dates.
package en

import (
	"embed"
	"strings"
	"sync"
	"time"

	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/grammar/wordnet"
	"github.com/stalwart-agents/stalwart/tokenize"
)

//go:embed lexicon/*.tsv
var lexiconFS embed.FS

// LexiconFS returns the embedded lexicon files, in the folder "lexicon".
func LexiconFS() embed.FS { return lexiconFS }

// Grammar reads English turns. It is safe for concurrent use. The zero
// Grammar is not usable (Parse panics): build one with New or Default.
type Grammar struct {
	*grammar.Engine
}

// Options configure a Grammar. The zero Options reads relative dates against
// time.Now.
type Options struct {
	// Now gives today's date for relative dates; nil means time.Now.
	Now func() time.Time
}

var loadLexicon = sync.OnceValues(func() (*grammar.Lexicon, error) {
	lx, err := grammar.LoadLexicon(lexiconFS, "lexicon", Morphology())
	if err != nil {
		return nil, err
	}
	db, err := wordnet.Default()
	if err != nil {
		return nil, err
	}
	lx.WordNoun = func(w string) (grammar.NounForm, bool, bool) {
		lemma, plural, verb, ok := db.Noun(w)
		if !ok || strings.Contains(lemma, " ") {
			return grammar.NounForm{}, false, false
		}
		concept := lemma
		if nf, ok := lx.Nouns[lemma]; ok {
			concept = nf.Concept // a form the lexicon lists under its own concept
		}
		return grammar.NounForm{Concept: concept, Plural: plural}, verb, true
	}
	lx.Attribute = func(adj string) (string, bool) {
		return attribute(db, lx, adj)
	}
	lx.Adjective = db.Adjective
	lx.Irregular = func(w string) string {
		l := db.Lemma(w)
		if l == "" || strings.Contains(l, " ") {
			return ""
		}
		if n, _, _, ok := db.Noun(w); ok && n == w {
			return "" // a noun of its own: "data", "left"
		}
		return l
	}
	lx.Word = db.Word
	// Tool names are read through this lexicon: what a question word
	// asks for must be a noun concept it gives.
	if err := lx.CheckAsks(lx.IsNounConcept, "the English lexicon or wordnet"); err != nil {
		return nil, err
	}
	return lx, nil
})

// attribute is the noun concept of the attribute an adjective's first
// sense gives a value of: among the attribute's lemmas, one the lexicon
// lists, else the first one-word lemma.
func attribute(db *wordnet.DB, lx *grammar.Lexicon, adj string) (string, bool) {
	first := ""
	for _, r := range db.English(adj) {
		if r.Kind != wordnet.Attribute || r.Sense != 1 || strings.Contains(r.Lemma, " ") {
			continue
		}
		if nf, ok := lx.Nouns[r.Lemma]; ok {
			return nf.Concept, true
		}
		if first == "" {
			first = r.Lemma
		}
	}
	return first, first != ""
}

// Lexicon returns the embedded English lexicon, loaded once.
func Lexicon() (*grammar.Lexicon, error) { return loadLexicon() }

// Morphology returns the English verb forms.
func Morphology() grammar.Morphology { return morphology{} }

// New returns an English grammar.
func New(opts Options) (*Grammar, error) {
	lx, err := Lexicon()
	if err != nil {
		return nil, err
	}
	eng, err := grammar.NewEngine(tokenize.English, lx, Rules(lx), opts.Now)
	if err != nil {
		return nil, err
	}
	return &Grammar{Engine: eng}, nil
}

var defaultGrammar = sync.OnceValues(func() (*Grammar, error) { return New(Options{}) })

// Default returns the shared English grammar, built once.
func Default() (*Grammar, error) { return defaultGrammar() }

// Rules returns the rules of English the shared reading uses.
func Rules(lx *grammar.Lexicon) grammar.Rules {
	return grammar.Rules{
		Split:       func(w string) []string { return split(lx, w) },
		NumberJoin:  "and",
		Next:        []string{"next", "coming", "this"},
		DayOffsets:  map[string]int{"today": 0, "tonight": 0, "tomorrow": 1, "tmrw": 1, "tmr": 1, "yesterday": -1},
		Subjects:    []string{"i", "we"},
		Wants:       []string{"want", "wanna", "need", "like", "love", "wish"},
		IDNouns:     []string{"number", "id", "no", "num", "nr", "ref"},
		Inverts:     true,
		HeadLast:    true,
		Attributive: attributive,
	}
}

// attributive reports whether a verb form that modifies a noun after a
// determiner is a past participle: a regular one in -ed ("the archived
// orders") or an irregular one ("the paid invoices").
func attributive(w string) bool {
	return len(w) > 4 && strings.HasSuffix(w, "ed") || irregularParticiples[w]
}

// irregularParticiples are past participles that do not end in -ed.
var irregularParticiples = map[string]bool{
	"paid": true, "sent": true, "sold": true, "bought": true, "built": true, "made": true, "done": true,
	"written": true, "shown": true, "taken": true, "given": true, "held": true, "lost": true, "found": true,
	"hidden": true, "frozen": true, "broken": true, "chosen": true, "spent": true, "read": true, "set": true,
	"split": true, "shut": true, "won": true, "drawn": true, "seen": true, "begun": true, "forgotten": true,
}

// negatedAux are the auxiliaries that take n't, written with or without
// the apostrophe.
var negatedAux = map[string]string{
	"don": "do", "doesn": "does", "didn": "did", "isn": "is", "aren": "are", "wasn": "was", "weren": "were",
	"haven": "have", "hasn": "has", "hadn": "had", "couldn": "could", "wouldn": "would", "shouldn": "should",
	"mustn": "must", "needn": "need", "ca": "can", "wo": "will", "sha": "shall", "ain": "is",
}

// clitics are the contracted auxiliaries.
var clitics = map[string]string{"'s": "is", "'re": "are", "'ve": "have", "'d": "would", "'ll": "will", "'m": "am"}

// split reads English contractions: don't -> do not, can't -> can not,
// what's -> what is, I'd -> I would, and the same typed without the
// apostrophe (dont, cant, whats). A possessive 's after a noun is dropped
// (the customer's order -> customer order).
func split(lx *grammar.Lexicon, w string) []string {
	if i := strings.LastIndexByte(w, '\''); i > 0 {
		base, cl := w[:i], w[i:]
		if cl == "'t" && strings.HasSuffix(base, "n") {
			if aux, ok := negatedAux[base[:len(base)-1]]; ok {
				return []string{aux, "not"}
			}
		}
		if aux, ok := clitics[cl]; ok {
			if cl == "'s" {
				if _, noun := lx.Nouns[base]; noun {
					return []string{base}
				}
				if base == "let" {
					return []string{"let", "us"}
				}
			}
			return []string{base, aux}
		}
		if cl == "'" { // customers' orders
			return []string{base}
		}
		return nil
	}
	if strings.HasSuffix(w, "nt") {
		if aux, ok := negatedAux[w[:len(w)-2]]; ok && w != "want" {
			return []string{aux, "not"}
		}
	}
	switch w {
	case "whats":
		return []string{"what", "is"}
	case "wheres":
		return []string{"where", "is"}
	case "hows":
		return []string{"how", "is"}
	case "im":
		return []string{"i", "am"}
	case "ive":
		return []string{"i", "have"}
	case "youre":
		return []string{"you", "are"}
	case "wanna":
		return []string{"want", "to"}
	case "gonna":
		return []string{"going", "to"}
	case "gimme":
		return []string{"give", "me"}
	case "lemme":
		return []string{"let", "me"}
	}
	return nil
}
