package router

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// maxPrefix is the longest literal prefix of a pattern indexed.
const maxPrefix = 8

// features are what the policy reads of one clause.
type features struct {
	action        string   // the action concept, or ""
	actionImplied bool     // the action was implied (a question, a noun phrase)
	actionNoun    bool     // the action was read from a noun ("a refund")
	objects       []string // object terms, the head first
	unknown       []string // stems of words no lexicon knows
	text          []string // every content term, for the text field
	args          []grammar.Arg
	question      bool
	topic         bool     // the clause says what a text is about ("emails about the invoice"): a word of the topic class before no number ("about 400 employees")
	statement     bool     // the clause reports something: its verb is no command
	changes       bool     // the clause commands or requests an action that changes something: neither readingActions nor seeing (Router.clauseFeatures)
	questionGet   bool     // a question with a verb of its own also asks to see
	verbStem      string   // the stem of the verb as written
	verbNorm      string   // the verb as written, normalised
	phrased       []int32  // tools whose vocabulary phrases the turn holds
	plural        bool     // the head object is plural
	all           bool     // the turn asks about all of a kind ("cancel all timers")
	some          bool     // the turn asks about any there are ("any open invoices?")
	anyOne        bool     // the head object is one of its kind, any ("find a restaurant")
	headStem      string   // the stem term of the head object's head word, or ""
	actionFuzzy   bool     // the verb was read within an edit ("refnud")
	fuzzy         []string // object and name-word terms read within an edit
	hasID         bool     // an argument names one thing
	terms         []string // the clause's retrieval terms, distinct
	ids           []int32  // beside terms: the number of each in the Router's terms, or -1 (features.addTerm)
	nounStems     []string // the stem terms of the clause's nouns, each word of a compound's too
	askedState    string   // the state a question asks about ("is the door locked?": lock)
	// optional are terms that count only where some tool holds them: words
	// written as names (Paris, Euro), arguments when no tool holds them,
	// and the spellings of words read as concepts.
	optional []string
	words    []grammar.Word // the clause's words
	asks     []string       // the concepts the clause's question word asks for ("when": date, time)
	norms    string         // the words' normalised forms, spaced and padded: read when first needed
	info     int            // the information noun that gives the head to the thing after it ("details of order 42"), or -1
	lone     bool           // a quantifier with nothing to count ("that's all"): no term
	given    bool           // the clause acts on a thing the conversation has given ("cancel that order", "cancel it")
	without  []string       // the actions the clause says not to do ("hide it without deleting it": delete)
	modifier uint64         // the words no lexicon reads that the wordnet knows as adjectives, adverbs or only as verbs, by index (the first 64): they name no thing
}

// featureRoom is the room a turn's clauses' features are read in
// (Router.features), kept from one Select to the next: the lists of the
// clauses' terms are cut from terms, the numbers beside their retrieval
// terms (features.ids) from ids; concepts are the concepts the turn has
// read (Router.conceptIn).
type featureRoom struct {
	terms    []string
	ids      []int32
	concepts conceptMemo
}

// reset empties the room for a new turn.
func (room *featureRoom) reset() {
	room.terms, room.ids = room.terms[:0], room.ids[:0]
	room.concepts.reset()
}

func (r *Router) features(c *grammar.Clause, room *featureRoom) features {
	f := features{action: c.Action, args: c.Args, question: c.Act == grammar.Question,
		statement: c.Act == grammar.Statement, words: c.Words, asks: c.Asks, info: -1}
	// The lists of the clause are cut from room, each with room for as
	// many terms as the clause gives it at most (a list that needs more
	// grows apart); the room grows apart when it has too little left,
	// the lists cut before keeping the array they were cut from.
	nw, ni := len(c.Words), len(c.Implied)
	nt := 3*nw + ni + 2 // the retrieval terms' room
	need := 2*(nw+ni) + 1 + nt + 3*nw + 2*nw
	if cap(room.terms)-len(room.terms) < need {
		room.terms = make([]string, 0, max(need, 2*cap(room.terms)))
	}
	if cap(room.ids)-len(room.ids) < nt {
		room.ids = make([]int32, 0, max(nt, 2*cap(room.ids)))
	}
	cut := func(n int) []string {
		at := len(room.terms)
		room.terms = room.terms[:at+n]
		return room.terms[at : at : at+n]
	}
	f.objects, f.text, f.terms = cut(nw+ni), cut(nw+ni+1), cut(nt)
	f.unknown, f.optional, f.fuzzy = cut(nw), cut(nw), cut(nw)
	f.nounStems = cut(2 * nw)
	at := len(room.ids)
	room.ids = room.ids[:at+nt]
	f.ids = room.ids[at : at : at+nt]
	cm := &room.concepts
	if c.Act == grammar.Question {
		f.askedState = c.State
	}
	for _, a := range c.Args {
		if a.Kind == "identifier" || a.Kind == "number" && a.Noun != "" && a.Counted == "" {
			f.hasID = true
		}
	}
	for k := range c.Words {
		// "tickets mentioning the app", "e-mails sobre a fatura"; not
		// "about 400 employees", an amount.
		if r.classes.topic.get(c.Words[k].Norm) && k+1 < len(c.Words) && c.Words[k+1].Class != grammar.Value {
			f.topic = true
			break
		}
	}
	// The head object: the last noun of the first run of nouns after the
	// verb (of the clause, when it has none): "show draft job postings"
	// is about postings, "list my payment methods" about methods.
	head := -1
	verbAt := actionVerb(c)
	if verbAt >= 0 {
		f.verbNorm = c.Words[verbAt].Norm
		f.verbStem = r.an.stemmer.Stem(c.Words[verbAt].Norm)
	}
	head, f.info = headNoun(c.Words, verbAt, false)
	if f.info < 0 && head >= 0 {
		if owner := r.propertyOwner(c.Words, head); owner >= 0 {
			// "the status of time-off request 4471": the head asks
			// of the one thing the id names, and the noun before it
			// is a further object, a property of it.
			head = owner
		}
	}
	if head > 0 && head-1 > verbAt && head-1 != f.info {
		// "create a company record": the last noun of a compound is its
		// head, but where no tool is named for it and one is for the
		// noun before, that noun is the thing asked about, and the
		// head a kind of entry of it (a record, an entry).
		if prev := &c.Words[head-1]; prev.Class == grammar.Noun && !prev.WordNet &&
			!objectNamedIn(&r.conceptIn(cm, c.Words[head].Concept).ret) && objectNamedIn(&r.conceptIn(cm, prev.Concept).ret) {
			head--
		}
	}
	if head >= 0 && len(r.conceptIn(cm, c.Words[head].Concept).objectText) > 0 {
		// The number of a thing the catalogue names: "details" is no
		// request for many of anything.
		f.plural = c.Words[head].Plural
	}
	f.given = r.given(c.Words, verbAt)
	if head >= 0 && !oneField(c.Words[head].Norm) {
		// The head word of a compound the grammar reads whole: the last
		// in English ("credit card"), the first in Portuguese ("cartão
		// de crédito"). A head of one word has the stem term clauseTerms
		// reads of it.
		norm := c.Words[head].Norm
		if r.lang == tokenize.Brazilian {
			norm, _, _ = strings.Cut(norm, " ")
		} else {
			norm = norm[strings.LastIndexByte(norm, ' ')+1:]
		}
		f.headStem = r.stemTerm(norm)
	}
	if head >= 0 && !f.plural {
		// "find a restaurant", "procura um restaurante": an indefinite
		// article before the head, past its modifiers, asks for any one
		// of its kind.
		for k := head - 1; k >= 0; k-- {
			w := &c.Words[k]
			if w.Class != grammar.Function {
				continue
			}
			if !r.classes.indefiniteArticle.get(w.Norm) && r.adjective(w.Norm) {
				continue // "find me a nice hotel": past the adjectives too
			}
			f.anyOne = r.classes.indefiniteArticle.get(w.Norm)
			break
		}
	}
	for i := range c.Words {
		w := &c.Words[i]
		if r.privativeVerb(c.Words, i) {
			f.without = append(f.without, w.Concept)
			continue
		}
		if i == f.info {
			continue
		}
		if term := r.vocabularyTerm(w.Norm, w.Class == grammar.Verb); term != "" {
			// The user's vocabulary says what this word stands for.
			switch {
			case strings.HasPrefix(term, actionPrefix):
				if i == verbAt || f.action == "" {
					f.action = strings.TrimPrefix(term, actionPrefix)
				}
			case strings.HasPrefix(term, objectPrefix):
				f.objects = appendUnique(f.objects, term)
			default:
				f.unknown = appendUnique(f.unknown, term)
			}
			f.text = append(f.text, term)
			continue
		}
		if w.Class == grammar.Function {
			counting := r.classes.countingOf(w.Norm)
			if counting&cQuantifier != 0 {
				f.all = true
			}
			if counting&cIndefinite != 0 {
				f.some = true
			}
		}
		if lit, ok := r.literal(w); ok {
			// A word read within an edit as another that this catalogue
			// uses as written ("radius" is no slip of "radio" where a
			// tool takes a radius).
			if strings.HasPrefix(lit, objectPrefix) {
				f.objects = appendUnique(f.objects, lit)
			} else {
				f.unknown = appendUnique(f.unknown, lit)
			}
			f.text = append(f.text, lit)
			continue
		}
		switch w.Class {
		case grammar.Noun:
			if w.Fuzzy && len(r.postings[objectPrefix+w.Concept]) == 0 {
				// A word read within an edit as a noun this catalogue
				// never names is more likely a name ("acme"): keep it
				// as it was written.
				u := stemPrefix + r.an.stemmer.Stem(tokenize.Normalize(w.Text))
				f.unknown = appendUnique(f.unknown, u)
				f.text = append(f.text, u)
				continue
			}
			term := r.conceptIn(cm, w.Concept).object
			if i == head {
				f.objects = toFront(f.objects, term)
			} else if head < 0 || i < head || !containsTerm(f.objects, term) {
				f.objects = appendUnique(f.objects, term)
			}
			f.text = append(f.text, term)
		case grammar.Verb:
			f.text = append(f.text, r.conceptIn(cm, w.Concept).action)
		case grammar.Unknown:
			if w.Concept != "" && c.Act != grammar.Question {
				// A participle that qualifies a thing ("pedidos
				// arquivados"): the action it names, as a term of the
				// text, reaches a name that writes it in English
				// (list_archived_orders). In a question it is the state
				// asked about ("tem alguma luz ligada?"), no action.
				f.text = append(f.text, r.conceptIn(cm, w.Concept).action)
			}
			if w.Stem != "" {
				term := stemPrefix + w.Stem
				if len(r.postings[term]) == 0 {
					// A word no lexicon knows, within an edit of a word of
					// the catalogue's names ("vacum" for vacuum).
					if t, ok := r.nameTypo(w.Norm); ok {
						term = t
						f.fuzzy = append(f.fuzzy, t)
					}
				}
				f.unknown = appendUnique(f.unknown, term)
				f.text = append(f.text, term)
				adj := r.adjective(w.Norm)
				if i < 64 && !(i > 0 && grammar.IsName(w.Text)) && (adj || r.verbOnly(w.Norm)) {
					f.modifier |= 1 << i
				}
				if i > 0 && grammar.IsName(w.Text) || w.Concept != "" || adj {
					// A name, a participle read by its action, or an
					// adjective or adverb of the wordnet ("scientific
					// fiction", "available online"): its spelling counts
					// only where a tool holds it.
					f.optional = appendUnique(f.optional, term)
				}
			}
		}
		if w.Fuzzy {
			switch w.Class {
			case grammar.Verb:
				f.actionFuzzy = f.actionFuzzy || w.Concept == c.Action
			case grammar.Noun:
				f.fuzzy = append(f.fuzzy, objectPrefix+w.Concept)
			}
		}
	}
	r.turnCompounds(c.Words, &f)
	if verbAt < 0 && c.Action != "" && c.State == c.Action {
		// "lights off": the state word names the action, a term as a
		// verb's concept is.
		f.text = append(f.text, actionPrefix+c.Action)
	}
	for k, o := range c.Implied {
		// "is the garage door open?" asks to see the door's status, "how
		// hot is the office?" its temperature: the grammar's implied
		// objects, the attribute first.
		t := objectPrefix + o
		if containsTerm(f.objects, t) {
			continue
		}
		if k == 0 && len(c.Objects) > 0 && c.Objects[0] == o {
			f.objects = toFront(f.objects, t)
		} else {
			f.objects = append(f.objects, t)
		}
		f.text = append(f.text, t)
	}
	if f.action == "" && len(f.objects) == 0 && len(f.unknown) == 0 && len(f.args) == 0 {
		// "what time is it?", "que horas são?": a question whose
		// question word is all it says looks for what the word asks
		// for, where a tool holds it.
		for _, a := range f.asks {
			t := r.term(objectPrefix, a)
			f.text = append(f.text, t)
			f.optional = appendUnique(f.optional, t)
		}
	}
	if f.action == "" && c.Act != grammar.Question && head >= 0 && r.asksNew(c.Words, head) {
		// "I need a new ticket for the billing team", "preciso de um
		// novo pedido": to ask for a new thing is to ask that it be
		// made.
		f.action, f.actionImplied = "create", true
	}
	if verbAt >= 0 && r.classes.lightVerb.get(c.Words[verbAt].Norm) || f.action == "" && c.Act != grammar.Question && f.info < 0 && !f.plural {
		// "give this repo a star", "make a refund": a light verb's object
		// names the action; so does a noun in a turn with no verb ("a
		// refund for order 42"). That noun is then no longer an object.
		// A question with no verb asks about the thing its noun names
		// ("where's my refund?", "cadê meu reembolso?"), and so does a
		// noun phrase of an information noun ("details of refund
		// re_A1b2") or of a plural, the records of many acts ("refunds
		// for INV-7", "estornos da fatura INV-7"): each asks to see (below),
		// as "where is my order?" does, not for the act.
		r.takeActionNoun(&f)
	}
	if f.action == "" && (c.Act == grammar.Question || c.Act == grammar.NounPhrase) && len(f.objects) > 0 {
		// "order 42 status", "where is my order": asking about a thing
		// asks to see it.
		f.action, f.actionImplied = "get", true
	}
	if f.question && f.action != "" && !f.actionImplied && !f.actionNoun {
		// "has order 2210 shipped?" asks about the order's shipping:
		// to see the order.
		f.questionGet = true
	}
	if f.all && f.action == "" && len(f.objects) == 0 && len(f.unknown) == 0 && len(f.args) == 0 {
		// "that's all": a quantifier with nothing in its clause to count
		// is a pronoun, and no evidence of a tool that acts on all.
		f.all, f.lone = false, true
	}
	if (f.all || f.some) && !f.hasID {
		// "every timer", "any open invoices?": many of them, or however
		// many there are.
		f.plural = true
	}
	if f.action == "get" && f.plural && !f.hasID {
		// "show my orders": to see many things is to list them.
		f.action = "list"
	}
	r.clauseTerms(c, &f, head, cm)
	return f
}

// clauseTerms sets the retrieval terms of a clause, f.terms, each once,
// with their numbers beside them (f.ids): the concepts and stems its
// evidence reads (f.text), and the stems of its verbs and nouns in the
// turn's language. It sets f.headStem when the head object's word, at
// head, is one field, which it always reads. cm holds the concepts the
// turn has read.
func (r *Router) clauseTerms(c *grammar.Clause, f *features, head int, cm *conceptMemo) {
	for _, t := range f.text {
		r.addRetrievalTerm(f, t, cm)
	}
	for k := range f.args {
		// An id of a format some tool documents asks for the tools
		// that document it (idTermPrefix); one of a format none
		// documents is no term, and so no word no tool holds.
		if f.args[k].Kind == "identifier" {
			if t, ok := r.idTerm(f.args[k].Text); ok {
				r.addTerm(f, t)
			}
		}
	}
	for i := range c.Words {
		w := &c.Words[i]
		if w.Class != grammar.Verb && w.Class != grammar.Noun && w.Class != grammar.Function || r.privativeVerb(c.Words, i) || i == f.info ||
			f.lone && w.Class == grammar.Function && inClass(&r.classes.quantifier, w.Norm) {
			continue
		}
		// A function word that is no article, pronoun, preposition,
		// conjunction, auxiliary, question or politeness word (a
		// quantifier, a particle such as on or off) is evidence too.
		if oneField(w.Norm) {
			t := r.partTerm(w, w.Norm, f) // FieldsSeq's one field, with no iterator
			if i == head {
				f.headStem = t
			}
		} else {
			for part := range strings.FieldsSeq(w.Norm) {
				r.partTerm(w, part, f)
			}
		}
		if w.Class == grammar.Noun && r.lang == tokenize.Brazilian && r.wn != nil && w.Concept != "" && !strings.Contains(w.Norm, " ") &&
			(i == 0 || !grammar.IsName(w.Text)) {
			r.otherSense(w, f, cm)
		}
		if w.Class == grammar.Function && r.lang == tokenize.Brazilian && r.wn != nil && !strings.Contains(w.Norm, " ") && !r.an.turnStop[w.Norm] {
			// A Portuguese adjective reaches an English name by its
			// translations, where a tool holds them.
			for _, t := range r.translatedAdjective(w.Norm) {
				f.optional = appendUnique(f.optional, t)
				r.addTerm(f, t)
			}
		}
	}
}

// addTerm adds term t, of number id in the Router's terms (or -1), to
// f's retrieval terms, unless they hold it.
func (f *features) addTerm(t string, id int32) {
	if !containsTerm(f.terms, t) {
		f.terms, f.ids = append(f.terms, t), append(f.ids, id)
	}
}

// addRetrievalTerm adds the retrieval term of grammar term t
// (retrievalTerm) to f's retrieval terms, unless they hold it: a
// concept's term and number as the concept holds them (cm holds the
// concepts the turn has read), any other term's number looked up.
func (r *Router) addRetrievalTerm(f *features, t string, cm *conceptMemo) {
	if strings.HasPrefix(t, actionPrefix) || strings.HasPrefix(t, objectPrefix) {
		co := r.conceptIn(cm, t[2:])
		f.addTerm(co.concept, co.conceptID)
		return
	}
	r.addTerm(f, t)
}

// addTerm adds term t to f's retrieval terms, unless they hold it, its
// number looked up (termID).
func (r *Router) addTerm(f *features, t string) {
	if !containsTerm(f.terms, t) {
		f.terms, f.ids = append(f.terms, t), append(f.ids, r.termID(t))
	}
}

// partTerm adds to a clause's terms the stem term of part, a word of w
// (clauseTerms), and returns it ("" for none).
func (r *Router) partTerm(w *grammar.Word, part string, f *features) string {
	st := r.stemTermOf(part)
	t := st.term
	if t == "" {
		return ""
	}
	if w.Concept != "" && !containsTerm(f.terms, t) {
		// The spelling of a word read as a concept counts only where a
		// tool holds it: a pt-BR word reaches an English catalogue by
		// its concept, and its stem, which no tool there holds, is no
		// word the tools miss.
		f.optional = appendUnique(f.optional, t)
	}
	f.addTerm(t, st.id)
	if w.Class == grammar.Noun {
		f.nounStems = appendUnique(f.nounStems, t)
	}
	return t
}

// oneField reports whether strings.FieldsSeq yields s itself, whole: s
// is not empty and holds no space, as FieldsSeq reads one (unicode.IsSpace
// past ASCII). An ASCII byte below '!' (a space, or a control byte) is
// left to FieldsSeq: false is always safe, and the test of a byte short.
func oneField(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c-'!' < utf8.RuneSelf-'!' { // '!' to DEL: no space
			i++
			continue
		}
		if c < utf8.RuneSelf {
			return false
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			return false
		}
		i += size
	}
	return true
}

// otherSense adds to a clause's terms another sense of a Portuguese noun
// whose concept no tool holds: the first a tool holds ("como está o
// tempo?" among tools that read the weather, where the lexicon reads
// tempo as a duration), as optional terms and noun stems; the concept,
// another sense, is then no word the tools miss. The caller leaves out a
// word written with a capital inside the turn: a name ("as tarefas do
// Marcos"), whatever a sense would make of it.
func (r *Router) otherSense(w *grammar.Word, f *features, cm *conceptMemo) {
	co := r.conceptIn(cm, w.Concept)
	if co.ret.len() > 0 {
		return
	}
	ts := r.translatedNoun(w.Norm)
	if len(ts) == 0 {
		return
	}
	f.optional = appendUnique(f.optional, co.concept)
	for _, t := range ts {
		f.optional = appendUnique(f.optional, t)
		f.nounStems = appendUnique(f.nounStems, t)
		r.addTerm(f, t)
	}
}

// actionVerb is the index in a clause's words of the verb that names its
// action, or -1.
func actionVerb(c *grammar.Clause) int {
	for i := range c.Words {
		if c.Words[i].Class == grammar.Verb && c.Words[i].Concept == c.Action {
			return i
		}
	}
	return -1
}

// headNoun finds the head object of a clause's words: the last noun of
// the first run of nouns after the verb at verbAt (-1 for none), a noun
// only the wordnet knows when the lexicon's nouns leave none (or as any
// other, with wordnet); past an information noun to the thing it is about
// ("the details of order 42", "as informações do arquivo"), which is then
// info, or -1. Either is -1 when there is none.
func headNoun(words []grammar.Word, verbAt int, wordnet bool) (head, info int) {
	headOf := func(wordnet bool) int {
		h := -1
		for i := verbAt + 1; i < len(words); i++ {
			if w := &words[i]; w.Class != grammar.Noun || w.WordNet && !wordnet {
				if h >= 0 {
					break
				}
				continue
			}
			h = i
		}
		return h
	}
	info = -1
	if head = headOf(wordnet); head < 0 {
		head = headOf(true)
	}
	if head >= 0 && words[head].Concept == informationConcept {
		// The next noun, past function words only, is the head, and the
		// information noun no evidence for a tool: what is known of a
		// thing is what every tool that reads it gives.
		for i := head + 1; i < len(words); i++ {
			if w := &words[i]; w.Class == grammar.Noun && !w.WordNet {
				info = head
				for head = i; head+1 < len(words) && words[head+1].Class == grammar.Noun && !words[head+1].WordNet; head++ {
				}
				break
			} else if w.Class != grammar.Function {
				break
			}
		}
	}
	return head, info
}

// propertyOwner returns, when words[head] is a singular noun followed by
// a genitive preposition and, past determiners, a noun with a value right
// after it (an id, a number, a quoted name: "the status of time-off
// request 4471", "o status do pedido 42"), that noun: the one thing the
// value names, of which the head is a property. A plural head is things
// of their own ("the invoices of customer 42"). It returns -1 otherwise.
func (r *Router) propertyOwner(words []grammar.Word, head int) int {
	if words[head].Plural || head+1 >= len(words) {
		return -1
	}
	k := head + 1
	if w := &words[k]; w.Class != grammar.Function || !inClass(&r.classes.genitive, w.Norm) {
		return -1
	}
	for k++; k < len(words) && words[k].Class == grammar.Function && inClass(&r.classes.determiner, words[k].Norm); k++ {
	}
	owner := -1
	for ; k < len(words) && words[k].Class == grammar.Noun && !words[k].WordNet; k++ {
		owner = k
	}
	if owner < 0 || k == len(words) || words[k].Class != grammar.Value || words[k].Start < words[owner].End {
		return -1
	}
	return owner
}

// privativeVerb reports whether words[i] is a verb after a privative
// preposition ("without deleting it", "sem apagar"): what the turn asks
// not to do, no evidence for a tool that does it.
func (r *Router) privativeVerb(words []grammar.Word, i int) bool {
	return i > 0 && words[i].Class == grammar.Verb && words[i-1].Class == grammar.Function &&
		inClass(&r.classes.privative, words[i-1].Norm)
}

// given reports whether a clause's words point at a thing the
// conversation has already given, whose id is then known though the turn
// does not write it: a demonstrative right before a noun, the first of a
// compound's ("cancel that order", "trash this spam email", "mostra essa
// disputa"), or an anaphoric pronoun right after the verb at verbAt that
// opens no noun ("cancel it", "close this", "arquiva ela", "cancele-o").
// A clause read with its context has the context's words after its own,
// earlier in the turn: they follow no word of the clause.
func (r *Router) given(words []grammar.Word, verbAt int) bool {
	follows := func(k int) bool { return k+1 < len(words) && words[k+1].Start >= words[k].End }
	if k := verbAt + 1; verbAt >= 0 && k < len(words) {
		w := &words[k]
		opens := follows(k) && (words[k+1].Class == grammar.Noun || words[k+1].Class == grammar.Unknown)
		if w.Class == grammar.Function && r.classes.anaphoric.get(w.Norm) && !opens {
			return true
		}
	}
	for k := 0; k+1 < len(words); k++ {
		if w := &words[k]; w.Class == grammar.Function && follows(k) && words[k+1].Class == grammar.Noun && r.classes.demonstrative.get(w.Norm) {
			return true
		}
	}
	return false
}

// turnClasses are the words of the function-word classes of the turns'
// lexicon that reading a clause's features asks of each word, each
// class's set of the lexicon (Lexicon.Function) read once by New.
type turnClasses struct {
	quantifier, indefinite, privative, pronoun  wordClass[bool]
	indefiniteArticle, lightVerb, demonstrative wordClass[bool]
	anaphoric, preposition, determiner          wordClass[bool]
	novelty                                     wordClass[bool]
	topic                                       wordClass[bool]
	genitive                                    wordClass[bool]
	// counting maps each word of quantifier and indefinite to which of
	// the two it is in (cQuantifier, cIndefinite): features asks both
	// of every function word, with one look-up (countingOf).
	counting wordClass[uint8]
	// place maps each word of the locative, source, goal and between
	// classes to which of them it is in (pLocative, ...): the binder
	// asks them of every function word before a name (binder.places).
	place wordClass[uint8]
}

// wordClass maps the words of a class to their values (true, for a set
// of words), as a map does, and a word it does not hold to the zero
// value: a word whose length, or the low six bits of whose first byte,
// no word of the class has is passed over by two bits, with no look-up
// in the map, as most words of a turn are in none of the classes a
// clause asks of them.
type wordClass[V any] struct {
	words  map[string]V
	lens   uint64 // bit n is set when a word of the class has n bytes (63: 63 or more)
	firsts uint64 // bit b is set when a word of the class begins with a byte whose low six bits are b
}

// newWordClass makes the class of the words of words, each with its
// value.
func newWordClass[V any](words map[string]V) wordClass[V] {
	c := wordClass[V]{words: words}
	for w := range words {
		c.lens |= 1 << min(len(w), 63)
		if w != "" {
			c.firsts |= 1 << (w[0] & 63)
		}
	}
	return c
}

// get is the value of word w, or the zero value when the class does not
// hold it.
func (c *wordClass[V]) get(w string) V {
	if c.lens&(1<<min(len(w), 63)) == 0 || w != "" && c.firsts&(1<<(w[0]&63)) == 0 {
		var zero V
		return zero
	}
	return c.words[w]
}

// The classes of turnClasses.place.
const (
	pLocative uint8 = 1 << iota
	pSource
	pGoal
	pBetween
)

// The classes of turnClasses.counting.
const (
	cQuantifier uint8 = 1 << iota
	cIndefinite
)

// classesOf reads the classes of lx that features asks of.
func classesOf(lx *grammar.Lexicon) turnClasses {
	class := func(name string) wordClass[bool] { return newWordClass(lx.Function[name]) }
	tc := turnClasses{quantifier: class("quantifier"), indefinite: class("indefinite"),
		privative: class("privative"), pronoun: class("pronoun"),
		indefiniteArticle: class("indefinite_article"), lightVerb: class("light_verb"),
		demonstrative: class("demonstrative"), anaphoric: class("anaphoric"),
		preposition: class("preposition"), determiner: class("determiner"),
		novelty: class("novelty"), topic: class("topic"), genitive: class("genitive")}
	counting := map[string]uint8{}
	for w := range tc.quantifier.words {
		counting[w] |= cQuantifier
	}
	for w := range tc.indefinite.words {
		counting[w] |= cIndefinite
	}
	place := map[string]uint8{}
	for class, c := range map[string]uint8{"locative": pLocative, "source": pSource, "goal": pGoal, "between": pBetween} {
		for w := range lx.Function[class] {
			place[w] |= c
		}
	}
	tc.counting, tc.place = newWordClass(counting), newWordClass(place)
	return tc
}

// countingOf is which of quantifier and indefinite a turn's word is in,
// as inClass reads a class: the word, or one of the words of a phrase.
func (tc *turnClasses) countingOf(norm string) uint8 {
	c := tc.counting.get(norm)
	if strings.IndexByte(norm, ' ') < 0 {
		return c
	}
	for part := range strings.FieldsSeq(norm) {
		c |= tc.counting.get(part)
	}
	return c
}

// asksNew reports whether the words around the head noun ws[head] ask
// for a new one: an indefinite article before it, with only function
// words between, and a word of novelty that is no article, among them
// ("a new ticket", "um novo pedido") or right after the noun, or after
// the noun and the noun it is of, where the language puts its
// adjectives ("um pedido novo", "uma regra de alerta nova").
func (r *Router) asksNew(ws []grammar.Word, head int) bool {
	fresh, article := false, false
	for k := head - 1; k >= 0 && ws[k].Class == grammar.Function && !article; k-- {
		switch n := ws[k].Norm; {
		case r.classes.indefiniteArticle.get(n):
			article = true
		case r.classes.novelty.get(n):
			fresh = true
		}
	}
	if !article {
		return false
	}
	if fresh {
		return true
	}
	after := head + 1
	if after+2 < len(ws) && r.classes.preposition.get(ws[after].Norm) && ws[after+1].Class == grammar.Noun {
		after += 2
	}
	if after < len(ws) {
		w := &ws[after]
		return w.Class == grammar.Function && r.classes.novelty.get(w.Norm) && !r.classes.indefiniteArticle.get(w.Norm)
	}
	return false
}

// inClass reports whether a function word, or a word of a function
// phrase ("todos os", "all the"), is in a class of the lexicon.
func inClass(class *wordClass[bool], norm string) bool {
	if class.get(norm) {
		return true
	}
	if !strings.Contains(norm, " ") {
		return false
	}
	for part := range strings.FieldsSeq(norm) {
		if class.get(part) {
			return true
		}
	}
	return false
}

// wordStems are the retrieval stems of a turn's word (of each word of a
// phrase), in the turn's language, less function words.
func (r *Router) wordStems(norm string, dst []string) []string {
	for part := range strings.FieldsSeq(norm) {
		if t := r.stemTerm(part); t != "" {
			dst = append(dst, t)
		}
	}
	return dst
}

// maxStemTerms bounds a Router's cache of stem terms, so that hostile
// input cannot grow it for ever.
const maxStemTerms = 1 << 15

// numberedStem is the retrieval stem term of a turn's word, and its
// number in the Router's terms, or -1 (Router.stemTermOf).
type numberedStem struct {
	term string
	id   int32
}

// stemTerm is the retrieval stem term of one word of a turn, in the
// turn's language, or "" for a function word or a single letter.
func (r *Router) stemTerm(part string) string {
	return r.stemTermOf(part).term
}

// stemTermOf is stemTerm, with the term's number in the Router's terms
// beside it. A Router keeps what it read, as a turn's words recur.
func (r *Router) stemTermOf(part string) numberedStem {
	if st, ok := r.stemTerms.Load(part); ok {
		return st
	}
	st := numberedStem{id: -1}
	if stem, ok := r.an.turnStemOf(part); ok {
		st.term = r.term(stemPrefix, stem)
		st.id = r.termID(st.term)
	}
	if r.stemTerms.Len() < maxStemTerms {
		// The word is cut from the turn: its own copy keeps the turn
		// from being held.
		r.stemTerms.LoadOrStore(strings.Clone(part), st)
	}
	return st
}

// takeActionNoun makes the first object that names an action (refund,
// star) the turn's action.
func (r *Router) takeActionNoun(f *features) {
	for k, o := range f.objects {
		concept := strings.TrimPrefix(o, objectPrefix)
		if _, ok := r.en.ActionWords[concept]; ok {
			f.action, f.actionNoun = concept, true
			f.objects = append(f.objects[:k:k], f.objects[k+1:]...)
			return
		}
	}
}

// toFront moves x to the front of s, in place: s less every x, after x.
func toFront(s []string, x string) []string {
	out := s[:0]
	for _, y := range s {
		if y != x {
			out = append(out, y)
		}
	}
	out = append(out, x)
	copy(out[1:], out[:len(out)-1])
	out[0] = x
	return out
}

func appendUnique(s []string, x string) []string {
	for _, y := range s {
		if y == x {
			return s
		}
	}
	return append(s, x)
}

func weakVerb(f *features) bool {
	return (f.question || f.statement) && !f.actionImplied && !f.actionNoun
}

func indexTerm(s []string, x string) int {
	for i, y := range s {
		if y == x {
			return i
		}
	}
	return -1
}

func containsTerm(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// argNames reports whether an argument of the turn is attached to the
// object term o: "order 42" names the order.
func argNames(f *features, o string) bool {
	for k := range f.args {
		if n := f.args[k].Noun; n != "" && isObject(o, n) {
			return true
		}
	}
	return false
}

// isObject reports whether t is the object term of concept:
// objectPrefix+concept, read without joining them.
func isObject(t, concept string) bool {
	return len(t) == len(objectPrefix)+len(concept) && t[:len(objectPrefix)] == objectPrefix && t[len(objectPrefix):] == concept
}

// admits reports whether a parameter with an enum takes the argument:
// only a value the enum lists fills it, whatever noun the value follows
// ("the status of EXP-2210" is no status of pending, approved ...).
func admits(p *param, a *grammar.Arg) bool {
	return len(p.enum) == 0 || enumLists(p, a.Value) || enumLists(p, a.Text)
}

// fitParam finds the index of the parameter an argument fits, or -1: by the noun that
// names it (order 42 -> order_id), or by the head of that noun when it is a
// compound (time-off request 4471 -> request_id: a concept of several words
// is named by its English lemmas, the head last), by pattern (a value of
// any kind but an amount or a date, as the binder's pattern rule binds
// it: "a repo called billing-service"), by the shape of an example (a
// value written as the parameter's example is, as the binder's example
// rule binds it: 203.0.113.10 where the example is 192.0.2.1), then by type
// and format (a date by a string parameter's name too, as dateKind reads
// it: travel_date; quoted text by a parameter of text, isText). Of two
// parameters a noun or an amount names alike, a required one before an
// optional one, as the binder takes them: "the price ... to $59.90" fills
// price, not compare_at_price. A parameter another argument fills already (taken, by
// index, the first 64) takes no second one, as the binder binds each
// parameter once: "from today until March 7th" fills a start and an end.
func fitParam(params []param, a *grammar.Arg, taken uint64) int {
	free := func(i int) bool { return i >= 64 || taken&(1<<i) == 0 }
	if a.Counted != "" {
		// A number that counts a noun fills the number its noun names
		// ("a room for 2 nights": nights) before any other.
		counts := func(i int) bool { return free(i) && countFits(&params[i], a) }
		if i := requiredFirst(params, counts, a.Counted); i >= 0 {
			return i
		}
	}
	if a.Noun != "" {
		// A value of the noun's fills its parameter, but no date, time,
		// amount or address fills an id ("my calendar on 2026-05-01" is
		// no calendarId), and a date, a time or quoted text fills only
		// a parameter that may hold it (holdsKind).
		value := a.Kind == "date" || a.Kind == "time" || a.Kind == "money" || a.Kind == "email"
		fits := func(i int) bool {
			return free(i) && !(value && params[i].idLike) && admits(&params[i], a) && holdsKind(&params[i], a.Kind) && countFits(&params[i], a)
		}
		if i := requiredFirst(params, fits, a.Noun); i >= 0 {
			return i
		}
		if k := strings.LastIndexByte(a.Noun, '_'); k > 0 {
			if i := requiredFirst(params, fits, a.Noun[k+1:]); i >= 0 {
				return i
			}
		}
	}
	for i := range params {
		p := &params[i]
		if free(i) && p.pattern != nil && a.Kind != "money" && a.Kind != "date" && p.pattern.MatchString(a.Text) {
			return i
		}
	}
	if !typedKind(a.Kind) {
		// A value written as the parameter's example is written fills
		// it: 203.0.113.10 a value whose example is 192.0.2.1. The
		// value's shape is read only for a tool with such examples.
		sh := ""
		for i := range params {
			if !free(i) || len(params[i].shapes) == 0 {
				continue
			}
			if sh == "" {
				if sh = valueShape(a.Text); sh == "" {
					break
				}
			}
			if slices.Contains(params[i].shapes, sh) {
				return i
			}
		}
	}
	for i := range params {
		// A value the enum lists fills it ("a c3.2xlarge vm").
		if free(i) && len(params[i].enum) > 0 && admits(&params[i], a) {
			return i
		}
	}
	if a.Kind == "money" {
		numeric := func(i int) bool { return free(i) && isNumeric(&params[i]) }
		if i := requiredFirst(params, numeric, "amount", "price", "total"); i >= 0 {
			return i
		}
	}
	if a.Kind == "currency" {
		// A currency named on its own ("from EUR to USD") fills the
		// currency parameter the binder binds it to.
		j, _ := currencyParam(params, *a, func(j int) bool { return !free(j) })
		return j
	}
	for i := range params {
		if !free(i) {
			continue
		}
		p := &params[i]
		switch a.Kind {
		case "email":
			// A list of addresses takes one too ("remove bob@example.com
			// from the event": attendees).
			if p.format == "email" || p.typ == "array" && p.itemFormat == "email" || containsTerm(p.terms, objectPrefix+"email") ||
				isStringy(p) && examplesEmail(p) {
				return i
			}
		case "date":
			if dateKind(p) != "" {
				return i
			}
		case "time":
			if isTime(p) {
				return i
			}
		case "quoted":
			// Quoted text fills a parameter of text (a prompt, a
			// subject), as the binder binds it.
			if isText(p) {
				return i
			}
		}
	}
	return -1
}

// requiredFirst is the first parameter that ok accepts and one of whose
// terms is the object term of one of concepts, a required one before an
// optional one, as the binder takes them; or -1. The names are read
// first: ok is asked only of a parameter they name.
func requiredFirst(params []param, ok func(i int) bool, concepts ...string) int {
	best := -1
	for i := range params {
		if best >= 0 && (params[best].required || !params[i].required) || !namesConcept(params[i].terms, concepts) || !ok(i) {
			continue
		}
		best = i
	}
	return best
}

// namesConcept reports whether terms hold the object term of one of
// concepts.
func namesConcept(terms, concepts []string) bool {
	for _, t := range terms {
		for _, c := range concepts {
			if isObject(t, c) {
				return true
			}
		}
	}
	return false
}

// turnCompounds adds the objects the clause's compounds of nouns name:
// the grammar reads "discount code" as a discount and a code, so that it
// matches wherever the two stand apart, and the lexicon also lists it
// whole, a coupon. Two or three words in a row (a genitive between, as
// in "forma de pagamento"), the first and the last nouns, make a
// compound when the lexicon of the turn's language lists them.
func (r *Router) turnCompounds(ws []grammar.Word, f *features) {
	lx := r.gram.Lexicon()
	var room [96]byte
	for i := range ws {
		if ws[i].Class != grammar.Noun {
			continue
		}
		for n := 2; n <= 3 && i+n <= len(ws); n++ {
			if ws[i+n-1].Class != grammar.Noun {
				continue
			}
			b := append(room[:0], ws[i].Norm...)
			for k := i + 1; k < i+n; k++ {
				b = append(append(b, ' '), ws[k].Norm...)
			}
			if nf, ok := lx.Nouns[string(b)]; ok {
				t := r.conceptOf(nf.Concept).object
				if !containsTerm(f.objects, t) {
					f.objects = append(f.objects, t)
					f.text = append(f.text, t)
				}
				break
			}
		}
	}
}

// literal is the term of a word read within an edit as another word,
// read as it was written, when the catalogue holds that term: a word the
// tools use is no slip of typing, whatever word of the lexicon it is
// near.
func (r *Router) literal(w *grammar.Word) (string, bool) {
	if !w.Fuzzy || w.Class != grammar.Noun && w.Class != grammar.Unknown {
		return "", false
	}
	norm := tokenize.Normalize(w.Text)
	if norm == w.Norm || strings.Contains(norm, " ") {
		return "", false
	}
	t := r.an.wordTerm(norm, true)
	if t == "" || strings.HasPrefix(t, actionPrefix) || len(r.postings[t]) == 0 {
		return "", false
	}
	return r.term(t[:2], t[2:]), true
}

// adjective reports whether a word can be an adjective of the turn's
// language, as the wordnet lists it (Lexicon.Adjective: in English, in
// any degree, "cheapest"), or an adverb made of one ("permanently",
// "permanentemente"), which qualifies as its adjective does; the wordnets
// list no adverbs.
func (r *Router) adjective(norm string) bool {
	lx := r.gram.Lexicon()
	if lx.Adjective == nil {
		return false
	}
	if lx.Adjective(norm) {
		return true
	}
	endings := adverbEndings[:]
	if r.lang == tokenize.Brazilian {
		endings = adverbEndingsPT[:]
	}
	for _, e := range endings {
		if base, ok := strings.CutSuffix(norm, e[0]); ok && len(base) > 2 && lx.Adjective(base+e[1]) {
			return true
		}
	}
	return false
}

// verbOnly reports whether the English wordnet knows a word, in any of
// its forms, and never as a noun: a verb ("determine", "determined"), or
// an adjective or adverb, names no thing, and is no value.
func (r *Router) verbOnly(norm string) bool {
	if r.wn == nil || r.lang != tokenize.English {
		return false
	}
	if _, _, _, noun := r.wn.Noun(norm); noun {
		return false
	}
	return r.wn.Word(norm)
}

// adverbEndings are the endings of an English adverb made of an
// adjective, and what replaces each in the adjective: quickly, speedily,
// basically, manually, probably, shrilly. adverbEndingsPT are Portuguese's,
// made of the feminine (rapidamente: rápida; permanentemente).
var (
	adverbEndings   = [...][2]string{{"ly", ""}, {"ily", "y"}, {"ally", ""}, {"ally", "al"}, {"bly", "ble"}, {"ply", "ple"}, {"lly", "ll"}}
	adverbEndingsPT = [...][2]string{{"mente", ""}}
)

// typedKind reports whether an argument of a kind is an amount, a date,
// a time or a currency, which fills a parameter by its type, never by the
// shape of its value or by an enum (a currency's enum of codes is read by
// currencyParam).
func typedKind(kind string) bool {
	return kind == "money" || kind == "date" || kind == "time" || kind == "currency"
}

// valueShape is the shape of a value of digits and punctuation: each run
// of digits a "9", every other character as written ("203.0.113.10":
// 9.9.9.9; "+1 555-0100" has none), or "" for a value with a letter or a
// space (whose letters say more than its shape: ord_123 is no cus_456), or
// of fewer than three runs, whose shape says little (a number, "-1").
func valueShape(v string) string {
	var b []byte
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c >= '0' && c <= '9':
			if len(b) > 0 && b[len(b)-1] == '9' {
				continue // one run
			}
			c = '9'
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == ' ' || c >= 0x80:
			return ""
		}
		b = append(b, c)
	}
	if len(b) < 3 {
		return ""
	}
	return string(b)
}
