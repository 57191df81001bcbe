// Package ptbr is the Brazilian Portuguese grammar: its concept lexicon,
// as data files a linguist can edit (lexicon/*.tsv), and the rules of
// Portuguese the shared reading needs.
//
// # What it reads
//
// Imperatives in both registers (mostre / mostra, cancele / cancela),
// requests with an infinitive (quero, gostaria de, preciso, pode, dá pra,
// tem como + infinitive), questions (qual é o status do pedido 42?, cadê
// meu pedido), bare noun phrases (pedido 42 status), negation (não, nunca,
// deixa pra lá) and several clauses (e depois, e também). A turn typed
// without accents reads as the same turn with them: every word is folded
// by tokenize.Normalize, the lexicon's too.
//
// # Words that stand for several
//
// Contractions (do, na, pelo, ao, num, neste, daquele) are words of the
// lexicon, read as a preposition and a determiner; the ones it does not
// list are split by rule (dum -> de um, praquele -> para aquele). Clitics
// written with a hyphen are split from their verb (mostre-me -> mostre me;
// cancelá-lo -> cancelar o), and informal writing is read as what it
// stands for (vc -> você, tá -> está, pfv -> por favor, q -> que).
//
// # Words the hand lexicon does not list
//
// The hand lexicon always wins. A word it does not list is read through
// the wordnet (package wordnet): as a noun of OpenWN-PT, its concept the
// English noun it translates to; or, as a form of a verb of OpenWN-PT
// (protelou, descontinuasse, fotocopie, recapitulando), as the action of
// the English lexicon its verb's first senses translate to (see
// wordnetVerbs), through the lexicon's WordVerb hook. A form of a hand
// verb the morphology does not make (cancelaríamos, cancelasse) reads
// as that verb. Any form of a wordnet verb is a word of the language,
// never read as a slip of typing for another.
package ptbr

import (
	"embed"
	"strings"
	"sync"
	"time"

	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/grammar/en"
	"github.com/stalwart-agents/stalwart/grammar/wordnet"
	"github.com/stalwart-agents/stalwart/tokenize"
)

//go:embed lexicon/*.tsv
var lexiconFS embed.FS

// LexiconFS returns the embedded lexicon files, in the folder "lexicon".
func LexiconFS() embed.FS { return lexiconFS }

// Grammar reads Brazilian Portuguese turns. It is safe for concurrent use.
// The zero Grammar is not usable (Parse panics): build one with New or
// Default.
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
	contractPhrases(lx)
	db, err := wordnet.Default()
	if err != nil {
		return nil, err
	}
	lx.WordNoun = func(w string) (grammar.NounForm, bool, bool) {
		return wordNoun(db, lx, w)
	}
	lx.Adjective = db.PortugueseAdjective
	lx.Word = db.PortugueseWord
	enLx, err := en.Lexicon()
	if err != nil {
		return nil, err
	}
	lx.Attribute = func(adj string) (string, bool) {
		return attribute(db, enLx, adj)
	}
	// The forms of the wordnet's verbs that stand for an action, read
	// where the hand lexicon has no entry: computed once here, so that a
	// lookup is a map's.
	verbs := wordnetVerbs(db, lx, englishActions(enLx), Rules(lx))
	lx.WordVerb = func(w string) (string, bool) {
		c, ok := verbs[w]
		return c, ok
	}
	// Tool names are read through the English lexicon: what a question
	// word asks for must be a noun concept it gives.
	if err := lx.CheckAsks(enLx.IsNounConcept, "the English lexicon or wordnet"); err != nil {
		return nil, err
	}
	return lx, nil
})

// attribute is the noun concept of the attribute a Portuguese adjective
// gives a value of ("quente": temperature): the English lexicon's
// Attribute of the first of the English adjectives its first sense
// translates to that has one. A feminine or plural form is read as its
// masculine singular when the word itself is none of the wordnet's.
func attribute(db *wordnet.DB, enLx *grammar.Lexicon, adj string) (string, bool) {
	w := wordnet.Fold(adj)
	rels := db.Portuguese(w)
	for _, base := range adjectiveBases(w) {
		if len(rels) > 0 {
			break
		}
		rels = db.Portuguese(base)
	}
	for _, t := range rels {
		if t.Sense != 1 {
			break
		}
		if c, ok := enLx.Attribute(t.Lemma); ok {
			return c, true
		}
	}
	return "", false
}

// adjectiveBases are the masculine singulars a folded adjective form may
// have: altas, alta, altos: alto; quentes: quente.
func adjectiveBases(w string) []string {
	var out []string
	s := w
	if strings.HasSuffix(s, "s") && len(s) > 3 {
		s = s[:len(s)-1]
		out = append(out, s)
	}
	if strings.HasSuffix(s, "a") && len(s) > 3 {
		out = append(out, s[:len(s)-1]+"o")
	}
	return out
}

// wordNoun reads a word as a noun of OpenWN-PT: its concept is the first
// English lemma of its senses that is a concept of the lexicon, else the
// first one-word lemma.
func wordNoun(db *wordnet.DB, lx *grammar.Lexicon, w string) (grammar.NounForm, bool, bool) {
	lemmas, plural := db.PortugueseNoun(w)
	concept := ""
	for _, l := range lemmas {
		if strings.Contains(l, " ") {
			continue
		}
		if _, ok := lx.NounWords[l]; ok {
			concept = l
			break
		}
		if concept == "" {
			concept = l
		}
	}
	if concept == "" {
		return grammar.NounForm{}, false, false
	}
	return grammar.NounForm{Concept: concept, Plural: plural}, false, true
}

// Lexicon returns the embedded Brazilian Portuguese lexicon, loaded once.
func Lexicon() (*grammar.Lexicon, error) { return loadLexicon() }

// Morphology returns the Portuguese verb forms.
func Morphology() grammar.Morphology { return morphology{} }

// New returns a Brazilian Portuguese grammar.
func New(opts Options) (*Grammar, error) {
	lx, err := Lexicon()
	if err != nil {
		return nil, err
	}
	enLx, err := en.Lexicon()
	if err != nil {
		return nil, err
	}
	rules := Rules(lx)
	rules.Others = []*grammar.Lexicon{enLx}
	eng, err := grammar.NewEngine(tokenize.Brazilian, lx, rules, opts.Now)
	if err != nil {
		return nil, err
	}
	return &Grammar{Engine: eng}, nil
}

var defaultGrammar = sync.OnceValues(func() (*Grammar, error) { return New(Options{}) })

// Default returns the shared Brazilian Portuguese grammar, built once.
func Default() (*Grammar, error) { return defaultGrammar() }

// Rules returns the rules of Portuguese the shared reading uses. The
// lexicons of the other languages (Rules.Others) are left for the caller:
// New sets the English one.
func Rules(lx *grammar.Lexicon) grammar.Rules {
	return grammar.Rules{
		Split:      func(w string) []string { return Split(lx, w) },
		NumberJoin: "e",
		Next:       []string{"proximo", "proxima"},
		NextAfter:  []string{"que vem", "da semana que vem"},
		DayOffsets: map[string]int{"hoje": 0, "amanha": 1, "ontem": -1, "anteontem": -2},
		Subjects:   []string{"eu", "a gente"},
		Wants: []string{"quero", "queria", "queremos", "queriamos", "gostaria", "gostariamos", "preciso", "precisamos",
			"precisava", "precisaria", "necessito", "desejo", "desejamos", "adoraria"},
		Clitics:    []string{"me", "te", "lhe", "lhes", "nos", "vos", "se"},
		Infinitive: isInfinitive,
		Gerund:     isGerund,
		Participle: isParticiple,
		Imperative: isImperative,
		Genitive:   []string{"de", "do", "da", "dos", "das"},
		IDNouns:    []string{"numero", "num", "nro", "id", "codigo", "cod", "ref", "referencia"},
		PluralOnly: pluralOnly,
	}
}

// isInfinitive reports whether a folded word has the shape of an
// infinitive: -ar, -er, -ir, or -or (pôr and its compounds).
func isInfinitive(w string) bool {
	if len(w) < 3 {
		return false
	}
	switch w[len(w)-2:] {
	case "ar", "er", "ir", "or":
		return true
	}
	return false
}

// isGerund reports whether a folded word has the shape of a gerund
// (mostrando, vendendo, abrindo, pondo).
func isGerund(w string) bool {
	for _, end := range []string{"ando", "endo", "indo", "ondo"} {
		if strings.HasSuffix(w, end) && len(w) > len(end)+1 {
			return true
		}
	}
	return false
}

// notCommand are the endings of the verb forms that give no command: the
// first person (mostro), the preterite (mostrei, mostrou, vendeu,
// abriu, mostraram), the participle and the gerund.
var notCommand = []string{"o", "ei", "ou", "eu", "iu", "aram", "eram", "iram", "amos", "emos", "imos",
	"ado", "ada", "ados", "adas", "ido", "ida", "idos", "idas", "ando", "endo", "indo", "ondo"}

// isImperative reports whether a folded verb form can give a command:
// the infinitive (cancelar), the imperative of either register (cancela,
// cancele, cancelem) and the irregular ones (faz, traz, põe).
func isImperative(w string) bool {
	for _, end := range notCommand {
		if strings.HasSuffix(w, end) {
			return false
		}
	}
	return true
}

// irregularParticiples are the past participles that do not end in -ado
// or -ido, in the masculine singular, and those too short for the rule of
// the endings (lido, tido, sido: a stem of one letter).
var irregularParticiples = map[string]bool{
	"lido": true, "tido": true, "sido": true, "rido": true,
	"feito": true, "refeito": true, "desfeito": true, "pago": true, "aberto": true, "reaberto": true,
	"escrito": true, "reescrito": true, "descrito": true, "transcrito": true, "inscrito": true,
	"visto": true, "revisto": true, "previsto": true, "posto": true, "composto": true, "proposto": true,
	"dito": true, "impresso": true, "aceso": true, "suspenso": true, "aceito": true, "salvo": true,
	"limpo": true, "expulso": true, "eleito": true, "extinto": true, "coberto": true, "descoberto": true,
	"entregue": true, "ganho": true, "gasto": true, "preso": true, "solto": true,
}

// isParticiple reports whether a folded verb form is a past participle:
// cancelado, vendida, abertos, pagas, entregues.
func isParticiple(w string) bool {
	for _, end := range []string{"ado", "ada", "ados", "adas", "ido", "ida", "idos", "idas"} {
		if strings.HasSuffix(w, end) && len(w) > len(end)+2 {
			return true
		}
	}
	if irregularParticiples[w] {
		return true
	}
	// The other genders and numbers of the irregular ones: feita,
	// feitos, feitas; entregues.
	if n := len(w); n > 3 {
		switch {
		case strings.HasSuffix(w, "os"), strings.HasSuffix(w, "as"):
			return irregularParticiples[w[:n-2]+"o"] || irregularParticiples[w[:n-1]]
		case strings.HasSuffix(w, "a"):
			return irregularParticiples[w[:n-1]+"o"]
		case strings.HasSuffix(w, "s"):
			return irregularParticiples[w[:n-1]]
		}
	}
	return false
}

// pluralOnly reads a plural the lexicon does not list from its singular:
// pedidos -> pedido, itens -> item, cartoes -> cartao, papeis -> papel,
// meses -> mes.
func pluralOnly(w string, lx *grammar.Lexicon) (grammar.NounForm, bool) {
	if len(w) < 4 || !strings.HasSuffix(w, "s") {
		return grammar.NounForm{}, false
	}
	// The singulars, in order, each looked up as it is written in stack
	// room: a word costs no allocation.
	var room [64]byte
	try := func(base, end string) (grammar.NounForm, bool) {
		c := append(append(room[:0], base...), end...)
		if nf, ok := lx.Nouns[string(c)]; ok && !nf.Plural {
			nf.Plural = true
			return nf, true
		}
		return grammar.NounForm{}, false
	}
	n := len(w)
	switch {
	case strings.HasSuffix(w, "oes"), strings.HasSuffix(w, "aes"), strings.HasSuffix(w, "aos"):
		if nf, ok := try(w[:n-3], "ao"); ok {
			return nf, true
		}
	case strings.HasSuffix(w, "ns"):
		if nf, ok := try(w[:n-2], "m"); ok {
			return nf, true
		}
	case strings.HasSuffix(w, "eis"):
		if nf, ok := try(w[:n-3], "el"); ok {
			return nf, true
		}
		if nf, ok := try(w[:n-2], "l"); ok {
			return nf, true
		}
	case strings.HasSuffix(w, "is"):
		if nf, ok := try(w[:n-2], "l"); ok {
			return nf, true
		}
		if nf, ok := try(w[:n-1], "l"); ok {
			return nf, true
		}
	}
	if strings.HasSuffix(w, "es") {
		if nf, ok := try(w[:n-2], ""); ok {
			return nf, true
		}
	}
	return try(w[:n-1], "")
}

// informal maps informal and abbreviated writing to the words it stands
// for.
var informal = map[string][]string{
	"vc": {"voce"}, "vcs": {"voces"}, "ce": {"voce"},
	"ta": {"esta"}, "tah": {"esta"}, "to": {"estou"}, "tou": {"estou"}, "tava": {"estava"}, "tamo": {"estamos"},
	"pfv": {"por", "favor"}, "pf": {"por", "favor"}, "pfvr": {"por", "favor"}, "pls": {"por", "favor"},
	"plz": {"por", "favor"}, "porfa": {"por", "favor"}, "porfavor": {"por", "favor"},
	"q": {"que"}, "oq": {"o", "que"}, "pq": {"por", "que"},
	"n": {"nao"}, "naum": {"nao"}, "ñ": {"nao"}, "nn": {"nao"},
	"tb": {"tambem"}, "tbm": {"tambem"}, "tmb": {"tambem"},
	"hj": {"hoje"}, "amnh": {"amanha"}, "amn": {"amanha"},
	"td": {"tudo"}, "tds": {"todos"}, "msm": {"mesmo"}, "mt": {"muito"}, "mto": {"muito"}, "mta": {"muita"},
	"cmg": {"comigo"}, "ctg": {"contigo"}, "qdo": {"quando"}, "qnd": {"quando"}, "qndo": {"quando"},
	"qto": {"quanto"}, "qnto": {"quanto"}, "qta": {"quanta"}, "qtos": {"quantos"}, "qts": {"quantos"}, "qtas": {"quantas"},
	"agr": {"agora"}, "dps": {"depois"}, "blz": {"beleza"}, "vlw": {"valeu"}, "obg": {"obrigado"},
	"obgd": {"obrigado"}, "tmj": {"valeu"}, "p": {"para"},
	"nd": {"nada"}, "ngm": {"ninguem"}, "alg": {"algum"}, "algm": {"alguem"}, "vdd": {"verdade"},
	"sfv": {"se", "faz", "favor"}, "fds": {"fim", "de", "semana"}, "bjs": {"beijos"},
}

// articles are the words a preposition contracts with, as written after
// it: do = de + o, neste = em + este, pelo = por + o, praquele = para +
// aquele.
var articles = []string{"o", "a", "os", "as", "um", "uma", "uns", "umas", "ele", "ela", "eles", "elas",
	"este", "esta", "estes", "estas", "isto", "esse", "essa", "esses", "essas", "isso",
	"aquele", "aquela", "aqueles", "aquelas", "aquilo", "outro", "outra", "outros", "outras",
	"algum", "alguma", "alguns", "algumas", "aqui", "ali", "onde"}

// contractions maps every contraction contraction reads to its words,
// built once from articles.
var contractions = readContractions()

// readContractions reads a preposition contracted with each of articles:
// d+a is de a, n+a em a, pr+a para a, pel+a (o, a, os, as) por a, and a+a
// (o, os) a a. Where two readings spell the same word, the one of the
// earlier article wins.
func readContractions() map[string][]string {
	m := map[string][]string{}
	put := func(w, prep, a string) {
		if _, ok := m[w]; !ok {
			m[w] = []string{prep, a}
		}
	}
	for _, a := range articles {
		put("d"+a, "de", a)
		put("n"+a, "em", a)
		put("pr"+a, "para", a)
		if a == "o" || a == "a" || a == "os" || a == "as" {
			put("pel"+a, "por", a)
		}
		if a == "o" || a == "os" {
			put("a"+a, "a", a)
		}
	}
	return m
}

// contractPhrases adds to each class of function words the forms of its
// phrases that end in a preposition contracted with an article after it:
// "abaixo de" is also "abaixo do", "abaixo da", "abaixo dum"; "em frente
// a", "em frente ao". The lexicon lists each phrase once, with the
// preposition alone.
func contractPhrases(lx *grammar.Lexicon) {
	byPrep := map[string][]string{}
	for w, parts := range contractions {
		switch parts[1] {
		case "o", "a", "os", "as", "um", "uma", "uns", "umas":
			byPrep[parts[0]] = append(byPrep[parts[0]], w)
		}
	}
	// Only sets are written: the order of the maps' reading changes
	// nothing.
	for _, set := range lx.Function {
		var add []string
		for w := range set {
			k := strings.LastIndexByte(w, ' ')
			if k < 0 {
				continue
			}
			for _, c := range byPrep[w[k+1:]] {
				if v := w[:k+1] + c; !set[v] {
					add = append(add, v)
				}
			}
		}
		for _, v := range add {
			set[v] = true
			if n := strings.Count(v, " ") + 1; n > lx.MaxPhrase {
				lx.MaxPhrase = n
			}
		}
	}
}

// contraction reads a preposition contracted with an article, a
// demonstrative or a pronoun: do, dum, deste, disso, daquele, no, num,
// neste, nisso, naquele, pelo, pela, ao, aos, pro, pra, prum, praquele.
// The words returned are shared: read only.
func contraction(w string) []string {
	return contractions[w]
}

// clitics are the object pronouns written after a verb with a hyphen, and
// what they stand for: -lo after an infinitive whose r dropped
// (cancelá-lo) is o.
var clitics = map[string]string{
	"me": "me", "te": "te", "se": "se", "lhe": "lhe", "lhes": "lhes", "nos": "nos", "vos": "vos",
	"o": "o", "a": "a", "os": "os", "as": "as", "lo": "o", "la": "a", "los": "os", "las": "as",
	"no": "o", "na": "a",
}

// Split reads a word the lexicon does not know as the words it stands for:
//
//   - a verb and its hyphenated clitic: mostre-me -> mostre me,
//     devolva-lhe -> devolva lhe, cancelá-lo -> cancelar o (the r an
//     infinitive drops before -lo comes back), fazê-lo -> fazer o;
//   - a contraction: dum -> de um, nisso -> em isso, praquele -> para
//     aquele, pelo -> por o (the lexicon lists the common ones, which
//     need no split);
//   - informal writing: vc -> você, tá -> está, pfv -> por favor, q ->
//     que, n -> não, tb -> também, hj -> hoje.
//
// It returns nil for a word that stands for itself. The words it returns
// may be shared with other calls: read only.
func Split(lx *grammar.Lexicon, w string) []string {
	if parts, ok := informal[w]; ok {
		return parts
	}
	if i := strings.LastIndexByte(w, '-'); i > 0 && i < len(w)-1 {
		for _, class := range []string{"weekday", "month", "number_word", "ordinal"} {
			if _, ok := lx.Values[class][w]; ok {
				return []string{w}
			}
		}
		verb, cl := w[:i], w[i+1:]
		// Mesoclisis (mostrar-lhe-ei) is written rarely enough to read
		// as the verb and the pronoun.
		if j := strings.LastIndexByte(verb, '-'); j > 0 {
			if _, ok := clitics[verb[j+1:]]; ok {
				verb, cl = verb[:j], verb[j+1:]
			}
		}
		pron, ok := clitics[cl]
		if !ok {
			return nil
		}
		if strings.HasPrefix(cl, "l") && cl != "lhe" && cl != "lhes" {
			// cancelá-lo, vendê-la, abri-los, pô-lo: the infinitive
			// lost its r.
			if n := len(verb); n > 1 && strings.IndexByte("aeio", verb[n-1]) >= 0 {
				if _, known := lx.Actions[verb+"r"]; known {
					verb += "r"
				} else if lx.WordVerb != nil {
					if _, known := lx.WordVerb(verb + "r"); known {
						verb += "r"
					}
				}
			}
		}
		return []string{verb, pron}
	}
	return contraction(w)
}
