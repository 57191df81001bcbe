package grammar

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stalwart-agents/stalwart/tokenize"
)

// closedClasses are the function classes that win over a content reading
// of the same word ("can", "will", "like").
const closedClasses = fDeterminer | fPronoun | fPreposition | fConjunction | fAuxiliary | fQuestion |
	fPoliteness | fRequest | fNegation | fClauseBreak

// frameClasses are the classes a clause may start with before its verb:
// "please", "could you", "I'd like to", "don't".
const frameClasses = fPoliteness | fRequest | fNegation | fConjunction | fSubject | fWant | fClauseBreak

// classify decides each word's class, left to right, by rules of the
// language's word order that hold in English and Portuguese alike:
//
//   - a word the lexicon knows in one class only is of that class; a
//     function word wins over a content reading ("can", "will");
//   - a word between a determiner and what follows, or directly before a
//     value ("order 42", "invoice INV-0042137"), is a noun;
//   - a word after "to", a subject, a modal or a request frame, or at the
//     start of a clause, is a verb when it can be one; but an infinitive
//     after an indefinite noun phrase a verb of finding or showing takes
//     ("find a hotel to book") only says what the thing is for;
//   - a word after the clause's verb is its object: a noun;
//   - otherwise the first word that can be a verb is the verb.
//
// A verb completed by a particle further on ("turn the lights off") takes
// the particle. A word no lexicon knows is matched within an edit
// ("refnud"), and else kept with its stem.
func (e *Engine) classify(ps []piece) {
	titled := titleCased(ps)
	hasVerb := false
	verb := ""      // the concept of the clause's verb, once it has one
	var prev *piece // the previous word piece of the clause
	for i := range ps {
		pc := &ps[i]
		switch pc.kind {
		case pPunct:
			if pc.punct != ',' && pc.punct != ':' {
				hasVerb, verb = false, ""
			}
			prev = nil // "no, cancel it": a mark parts a word from the one before
			continue
		case pValue:
			prev = pc
			continue
		}
		if pc.consumed {
			continue
		}
		if pc.bits&fClauseBreak != 0 && pc.verb == "" && !pc.isNoun {
			pc.class = Function
			if prev != nil && prev.kind == pWord && prev.bits&fDeterminer != 0 {
				// "skip to the next episode": after a determiner the
				// word qualifies a noun; it starts no clause.
				pc.bits &^= fClauseBreak
				prev = pc
				continue
			}
			hasVerb, prev = false, nil
			continue
		}
		if pc.bits&closedClasses == 0 && !(prev != nil && prev.kind == pWord && prev.bits&fDeterminer != 0) {
			// A phrasal verb with its particle further on: "turn the
			// lights off", "look the order up".
			if e.particle(pc, ps[i+1:]) {
				hasVerb, prev = true, pc
				continue
			}
		}
		if pc.f.has(fmNegVerb) && atClauseStart(prev) {
			if nx := nextPiece(ps[i+1:]); nx != nil && nx.verb != "" && e.gerund(nx.norm) {
				// "stop charging me": a negation of the verb after it.
				pc.bits |= fNegation
				pc.class = Function
				prev = pc
				continue
			}
		}
		canVerb, canNoun := pc.verb != "", pc.isNoun
		if !canVerb && !canNoun && pc.bits == 0 {
			e.guess(pc, prev, hasVerb, ps[i+1:])
			if pc.fuzzy && pc.verb == "" && e.particle(pc, ps[i+1:]) {
				hasVerb, prev = true, pc
				continue
			}
			canVerb, canNoun = pc.verb != "", pc.isNoun
			if !canVerb && !canNoun && e.wordNoun(pc, prev, hasVerb) {
				canNoun = true
			}
			if !canVerb && !canNoun {
				pc.class = Unknown
				prev = pc
				continue
			}
		}
		if canVerb && !titled && inNameRun(ps, i) {
			// "the weather for New York", "movies with Bill Murray": a
			// capitalised word beside another inside a sentence is part
			// of a name, never the clause's verb.
			pc.verb, canVerb = "", false
			if !canNoun {
				pc.class = Unknown
				prev = pc
				continue
			}
		}
		if canNoun && !titled && nameWithUnknown(ps, i) {
			// "a salon in Menlo Park", "hotels in Long Beach": a
			// capitalised noun beside a capitalised word no lexicon
			// knows is part of that name, no thing the turn asks about.
			pc.isNoun, pc.class = false, Unknown
			prev = pc
			continue
		}
		afterDet := determinesNext(prev) && !(e.copulaAt(prev) && nounBefore(ps, i))
		switch {
		case pc.bits&closedClasses != 0 && !(canVerb && atClauseStart(prev) && pc.bits&(fAuxiliary|fQuestion|fPronoun|fDeterminer) == 0),
			pc.bits&fPreposition != 0 && questionNext(ps[i+1:]):
			// "para onde vão os meus dados?", "for what": a preposition
			// before a question word is no verb, wherever it stands.
			pc.class = Function
		case !canVerb && canNoun && pc.bits == 0 && relativeAfterNoun(ps, i) && !verbNext(ps[i+1:]):
			// "a restaurant that serves pizza": a word only a noun to
			// the lexicon, right after a relative pronoun and its noun,
			// is the relative clause's verb, which the lexicon does not
			// know; no thing the turn names. One a verb follows is the
			// relative clause's subject ("the invoices that customer
			// paid").
			pc.class = Unknown
			prev = pc
			continue
		case canVerb && (verb == searchConcept || verb == getConcept) && e.infinitivalRelative(ps, i):
			// "find a hotel to book", "looking for something to watch":
			// an infinitive after an indefinite noun phrase, in a clause
			// whose verb finds or shows it, says what the thing is for (a
			// verb that puts a thing somewhere takes "to" for where: "add
			// an item to list"). It is read, but names no thing (no
			// book, no watch), no action of the clause and no value; its
			// action, kept as a qualifier's is, only counts the word as
			// read in the language.
			pc.class = Function
			pc.qualifier = pc.verb
			pc.verb, pc.isNoun = "", false
		case canVerb && relativeVerb(ps, i):
			// "tickets that mention the app", "restaurantes que servem
			// pizza": the verb of a relative clause after its noun
			// qualifies the noun by the action it names; it is no verb
			// of the clause, and no noun after a determiner.
			pc.class = Unknown
			pc.qualifier = pc.verb
			pc.verb = ""
		case canVerb && !canNoun && (afterDet || e.modifiedAfterDeterminer(ps, i)):
			// "the new tickets", "my archived orders": after a
			// determiner a verb form modifies the noun; it is no verb.
			// A participle keeps the action it names, as a qualifier;
			// an adjective of the lexicon ("a new order", "um novo
			// pedido") is read as one.
			pc.class = Unknown
			switch {
			case pc.bits&fAdjective != 0:
				pc.class = Function
			case e.participle(pc.norm) || e.rules.Attributive != nil && e.rules.Attributive(pc.norm):
				pc.qualifier = pc.verb
			}
			pc.verb, pc.modifier = "", true
		case canVerb && pc.bits&fAdjective != 0 && !e.participle(pc.norm) && prev != nil && prev.kind == pWord && prev.class == Noun && prev.end < pc.start:
			// "um produto novo", "um chamado novo": an adjective of the
			// lexicon right after its noun qualifies it, where the
			// language puts it; it is no verb, though the lexicon gives
			// the word an action where it starts a command ("novo
			// chamado pro joao": create).
			pc.class = Function
			pc.verb, pc.modifier = "", true
		case canVerb && prev != nil && prev.kind == pWord && prev.class == Noun &&
			(e.participle(pc.norm) || strings.HasSuffix(pc.norm, "ed") && !e.isBase(pc) && e.verbBefore(ps, i, hasVerb) ||
				!canNoun && hasVerb && prev.end < pc.start && e.gerund(pc.norm) && !e.isBase(pc)):
			// "pedidos cancelados", "notas de crédito emitidas": a
			// participle right after its noun qualifies it; it is no
			// verb of the clause ("o pedido foi cancelado" has one).
			// Where the language writes the past as its participle,
			// one after a clause's verb ("show the invoices issued in
			// 2025", "what is the scale associated with C major"). So
			// does a gerund after a clause's verb, as a relative clause
			// would ("find movies playing in Newark", "procura filmes
			// passando em Niterói"), but a base form that ends so ("ask
			// the host ping the gateway").
			pc.class = Unknown
			pc.qualifier = pc.verb
			pc.verb = ""
		case canVerb && prev != nil && prev.kind == pWord && prev.class == Verb && prev.end < pc.start && e.infinitive(firstWord(pc.norm)):
			// "adiciona aspirar à lista", "risca ligar pro encanador": an
			// infinitive right after the clause's verb names the task it
			// acts on, a thing; it is no second command.
			pc.class = Unknown
			pc.verb, pc.isNoun = "", false
		case canVerb && prev != nil && prev.kind == pWord && prev.class == Function && prev.bits&fPreposition != 0 &&
			!e.lx.Has("infinitive_marker", prev.norm) && !e.infinitive(pc.norm) && !e.gerund(pc.norm) && !pc.phrasal:
			// "vagas em rascunho", "put it on hold": after a preposition
			// a verb takes its infinitive or gerund; any other form is
			// the thing or the state.
			pc.verb = ""
			if canNoun {
				pc.class = Noun
			} else {
				pc.class = Unknown
			}
		case canVerb && !canNoun && prev != nil && prev.kind == pWord && prev.class == Verb && valueNext(ps[i+1:]) && e.wordNoun(pc, prev, hasVerb):
			// "stop run 123456", "cancel build 42": a word right after
			// the clause's verb and right before a number or an id is
			// the noun that names it, where the wordnet lists one; no
			// second verb.
			pc.verb, pc.class = "", Noun
		case canVerb && !canNoun && e.compoundHead(ps, i, hasVerb) && e.wordNoun(pc, prev, true):
			// "get the musical scale", "what is the order status": a
			// word right after a determiner's noun, in a clause that has
			// its verb, ends the noun compound where the wordnet lists
			// it as a noun; it is no second verb.
			pc.verb, pc.class = "", Noun
		case canNoun && pc.bits&fOrdinal != 0 && e.ordinalBefore(ps[i+1:]) &&
			!(prev != nil && (prev.kind == pValue || prev.bits&fNumber != 0)):
			// "the second item", "the second one": an ordinal that can
			// be a noun ("a second" of time) is the ordinal right before
			// the noun it counts; it names no thing. After a number it
			// is the noun, a unit ("a ten second timer").
			pc.class = Function
		case canNoun && !canVerb && e.progressive(ps, i):
			// "I'm planning a trip", "we are travelling to Lisbon": after
			// a subject and a form of "be", an -ing form is the verb of
			// the progressive, though the lexicon names no action of it;
			// it names no thing.
			pc.class = Unknown
			prev = pc
			continue
		case canVerb && !canNoun:
			pc.class = Verb
		case canNoun && !canVerb:
			pc.class = Noun
		case canVerb && canNoun:
			pc.class = e.verbOrNoun(pc, prev, hasVerb, ps[i+1:])
		default:
			pc.class = Function
		}
		if pc.class == Verb {
			if !hasVerb {
				verb = pc.verb
			}
			hasVerb = true
		}
		if pc.class == Function && pc.bits&fConjunction != 0 {
			// "and" may start a new clause: the next verb may be its verb.
			hasVerb, verb = false, ""
		}
		prev = pc
	}
}

// wordNoun reads a word no lexicon lists, and no typo of one, as a noun
// of the language's wordnet ("capital", "thermostat"). A name inside a
// sentence stays a name, and a word that is also a verb stays unknown
// where a command's verb stands.
func (e *Engine) wordNoun(pc, prev *piece, hasVerb bool) bool {
	if e.lx.WordNoun == nil || pc.fuzzy || len(pc.norm) < 3 || pc.start > 0 && IsName(pc.text) && !isAcronym(pc.text) || strings.Contains(pc.norm, " ") {
		return false
	}
	nf, verb, ok := e.wordnetNoun(pc.norm)
	if !ok || verb && !hasVerb && (atClauseStart(prev) || subjectQuestion(prev)) {
		return false
	}
	pc.noun, pc.isNoun, pc.wordnet = nf, true, true
	return true
}

// wordnetNounOf is what Lexicon.WordNoun reads of a word.
type wordnetNounOf struct {
	nf       NounForm
	verb, ok bool
}

// maxWordnetNouns bounds an Engine's cache of what Lexicon.WordNoun reads
// of words, so that hostile input cannot grow it for ever.
const maxWordnetNouns = 1 << 13

// wordnetNoun is e.lx.WordNoun(w), which must not be nil: a function of
// the word alone, and an Engine keeps what it read, as a turn's words
// recur.
func (e *Engine) wordnetNoun(w string) (nf NounForm, verb, ok bool) {
	if r, held := e.wordnetNouns.Load(w); held {
		return r.nf, r.verb, r.ok
	}
	nf, verb, ok = e.lx.WordNoun(w)
	if e.wordnetNouns.Len() < maxWordnetNouns {
		// The word may be cut from a turn, and so may what was read of
		// it: their own copies keep the turn from being held.
		held := NounForm{Concept: strings.Clone(nf.Concept), Plural: nf.Plural, Gender: strings.Clone(nf.Gender)}
		e.wordnetNouns.LoadOrStore(strings.Clone(w), wordnetNounOf{nf: held, verb: verb, ok: ok})
	}
	return nf, verb, ok
}

// modifiedAfterDeterminer reports whether the words right before ps[i]
// are a determiner (no relative, question word, pronoun or form of "be")
// and then one or two modifiers: adjectives, or verb forms read as
// modifiers ("the closed posting", "my old posting"). A word there is
// inside the noun phrase, no verb.
func (e *Engine) modifiedAfterDeterminer(ps []piece, i int) bool {
	mods := 0
	for k := i - 1; k >= 0; k-- {
		pc := &ps[k]
		if pc.consumed {
			continue
		}
		if pc.kind != pWord {
			return false
		}
		switch {
		case pc.class == Function && pc.bits&fDeterminer != 0 && pc.bits&(fRelative|fQuestion|fConjunction|fPronoun) == 0:
			return mods > 0 && !e.copulaAt(pc) // "se tá ligado desliga": tá is a verb
		case mods < 2 && (pc.class == Function && pc.bits&fAdjective != 0 || pc.class == Unknown && pc.modifier):
			mods++
		default:
			return false
		}
	}
	return false
}

// verbBefore reports whether the clause of ps[i] has its verb before it:
// hasVerb, or a copula after a question word that asks for the thing
// itself ("what is the scale associated with C major"). A copula that
// opens the clause asks whether its subject is in a state ("is motion
// detected?", "are the curtains open?"), and one after a question word
// that asks for a reason, a time or a place is the auxiliary of a passive
// ("why was my card declined", "when was the bridge built"): the word
// after the subject is that state, or the verb.
func (e *Engine) verbBefore(ps []piece, i int, hasVerb bool) bool {
	if hasVerb {
		return true
	}
	for j := i - 1; j > 0; j-- {
		pc := &ps[j]
		if pc.kind == pPunct {
			return false
		}
		if pc.kind == pWord && e.copulaAt(pc) {
			q := &ps[j-1]
			return q.kind == pWord && q.bits&fQuestion != 0 && len(e.lx.Asks[q.norm]) == 0
		}
	}
	return false
}

// compoundHead reports whether ps[i] may end a noun compound a
// determiner opens, in a language whose compounds end in their head
// (Rules.HeadLast): the word before it is a noun right after a
// determiner, the clause has its verb before them (verbBefore: "get the
// musical scale", "what is the musical scale"), and ps[i] is a verb's base
// form that takes no object of its own (no determiner or pronoun after
// it).
func (e *Engine) compoundHead(ps []piece, i int, hasVerb bool) bool {
	if !e.rules.HeadLast {
		return false
	}
	k := before(ps, i)
	if k < 0 || ps[k].kind != pWord || ps[k].class != Noun {
		return false
	}
	d := before(ps, k)
	if d < 0 || ps[d].kind != pWord || ps[d].class != Function || ps[d].bits&fDeterminer == 0 || ps[d].bits&fPreposition != 0 {
		return false
	}
	if !e.isBase(&ps[i]) || e.participle(ps[i].norm) || e.gerund(ps[i].norm) {
		return false
	}
	if nx := nextPiece(ps[i+1:]); nx != nil && nx.kind == pWord && nx.bits&(fDeterminer|fPronoun) != 0 {
		return false
	}
	return e.verbBefore(ps, d, hasVerb)
}

// relativeAfterNoun reports whether the word right before ps[i] is a
// relative pronoun ("that", "which", "que") and what stands before that
// ends a noun phrase: a noun, a value ("a track from 2018 that fits"), or
// a name written inside the sentence ("a restaurant in San Francisco that
// serves pizza"). ps[i] then starts a relative clause.
func relativeAfterNoun(ps []piece, i int) bool {
	return antecedent(ps, i) >= 0
}

// antecedent is the index of the word that ends the noun phrase a
// relative pronoun right before ps[i] follows (relativeAfterNoun), or -1.
func antecedent(ps []piece, i int) int {
	k := before(ps, i)
	if k < 0 || ps[k].kind != pWord || ps[k].class != Function || ps[k].bits&fRelative == 0 {
		return -1
	}
	n := before(ps, k)
	if n < 0 {
		return -1
	}
	if p := &ps[n]; p.kind == pValue || p.kind == pWord && (p.class == Noun || p.class == Unknown && p.start > 0 && IsName(p.text)) {
		return n
	}
	return -1
}

// relativeVerb reports whether ps[i], which can be a verb, is the verb
// of a relative clause (relativeAfterNoun): unless it is a base form that
// can be a noun after a singular noun, which cannot take it as its verb.
// "process that refund" is a refund that the word "that" determines, as
// "a restaurant that serves pizza" has its verb agree with its noun. A
// name or a value is singular.
func relativeVerb(ps []piece, i int) bool {
	n := antecedent(ps, i)
	if n < 0 {
		return false
	}
	a := &ps[n]
	singular := a.kind == pValue || a.class == Unknown || !a.noun.Plural
	return !(singular && ps[i].isNoun && ps[i].f.has(fmBase))
}

// infinitivalRelative reports whether ps[i] is a base form right after
// the language's infinitive marker ("to"), which itself follows an
// indefinite noun phrase: an indefinite pronoun ("something to watch") or
// a noun its indefinite article or indefinite determiner opens, with at
// most two words between them ("a place to stay", "a cheap hotel to
// book"). A definite or bare noun before "to" is where a thing goes
// ("move the file to trash", "add eggs to list"), and so is a pronoun
// ("move it to trash").
func (e *Engine) infinitivalRelative(ps []piece, i int) bool {
	if !ps[i].f.has(fmBase) {
		return false
	}
	k := before(ps, i)
	if k < 0 || ps[k].kind != pWord || ps[k].class != Function || !e.lx.Has("infinitive_marker", ps[k].norm) {
		return false
	}
	n := before(ps, k)
	if n < 0 || ps[n].kind != pWord {
		return false
	}
	if ps[n].class == Function {
		// "something", "anything": an indefinite pronoun, no determiner
		// of a noun after it.
		return e.lx.Has("indefinite", ps[n].norm) && ps[n].bits&fDeterminer == 0
	}
	if ps[n].class != Noun {
		return false
	}
	for j, words := before(ps, n), 0; j >= 0 && words < 3; j, words = before(ps, j), words+1 {
		pc := &ps[j]
		if pc.kind != pWord {
			return false
		}
		if pc.class == Function && pc.bits&fDeterminer != 0 {
			return e.lx.Has("indefinite_article", pc.norm) || e.lx.Has("indefinite", pc.norm)
		}
	}
	return false
}

// verbNext reports whether the next word of rest can be a verb.
func verbNext(rest []piece) bool {
	next := nextPiece(rest)
	return next != nil && next.kind == pWord && next.verb != ""
}

// questionNext reports whether the next piece is a question word.
func questionNext(rest []piece) bool {
	next := nextPiece(rest)
	return next != nil && next.kind == pWord && next.bits&fQuestion != 0
}

// valueNext reports whether the next piece is a number or an id.
func valueNext(rest []piece) bool {
	next := nextPiece(rest)
	return next != nil && next.kind == pValue && (next.arg.Kind == "number" || next.arg.Kind == "identifier")
}

// wordnetNounAt reports whether ps[i] is a noun only the wordnet knows.
func wordnetNounAt(ps []piece, i int) bool {
	pc := &ps[i]
	return pc.kind == pWord && pc.class == Noun && pc.wordnet && !pc.consumed
}

// genitiveBefore reports whether the word right before ps[i] is a
// genitive preposition ("of", "do").
func genitiveBefore(ps []piece, i int) bool {
	for k := i - 1; k >= 0; k-- {
		if ps[k].consumed {
			continue
		}
		return ps[k].kind == pWord && ps[k].bits&fGenitive != 0
	}
	return false
}

// nounBefore reports whether the word two words before ps[i] is a noun: a
// word both a determiner and a form of "be" after a noun is the verb ("a
// porta esta aberta", folded from está).
func nounBefore(ps []piece, i int) bool {
	seen := 0
	for k := i - 1; k >= 0; k-- {
		if ps[k].kind == pPunct {
			return false
		}
		if ps[k].consumed {
			continue
		}
		if seen++; seen == 2 {
			return ps[k].kind == pWord && ps[k].class == Noun
		}
	}
	return false
}

// participle reports whether w is a past participle, where the language
// tells one.
func (e *Engine) participle(w string) bool {
	return e.rules.Participle != nil && e.rules.Participle(w)
}

// gerund reports whether w is a gerund: by the language's rule, or
// else by the English -ing.
func (e *Engine) gerund(w string) bool {
	w = firstWord(w) // a phrase by its verb: "listening to"
	if e.rules.Gerund != nil {
		return e.rules.Gerund(w)
	}
	return strings.HasSuffix(w, "ing")
}

// atClauseStart reports whether nothing but a frame stands before.
func atClauseStart(prev *piece) bool {
	return prev == nil || prev.kind == pWord && prev.class == Function && prev.bits&frameClasses != 0 && prev.bits&fDeterminer == 0
}

// subjectQuestion reports whether prev is a question word that stands
// for the subject ("who won the game", "quem ganhou o jogo"): one that
// determines no noun after it, so that a word after it that can be a
// verb is the clause's verb.
func subjectQuestion(prev *piece) bool {
	return prev != nil && prev.kind == pWord && prev.class == Function && prev.bits&fQuestion != 0 && prev.bits&fDeterminer == 0 &&
		!prev.endsDet && !strings.Contains(prev.norm, " ")
}

// determinesNext reports whether pc, the word before another, is read as
// a determiner of what follows: a determiner, or a phrase of function
// words that ends in one ("is my").
func determinesNext(pc *piece) bool {
	return pc != nil && pc.kind == pWord && pc.class == Function && (pc.bits&fDeterminer != 0 || pc.endsDet)
}

// verbOrNoun decides a word that can be either.
func (e *Engine) verbOrNoun(pc, prev *piece, hasVerb bool, rest []piece) Class {
	next := nextPiece(rest)
	switch {
	case prev != nil && prev.kind == pWord && prev.bits&fNegation != 0 && prev.f.has(fmModal) && pc.f.has(fmBase):
		// "don't pay invoice 42": a negated modal or do is followed by
		// the verb it negates.
		return Verb
	case determinesNext(prev):
		// "the bill", "is my bill due": after a determiner, or a phrase
		// that ends in one, a word is the noun it determines.
		return Noun
	case prev != nil && prev.kind == pWord && prev.bits&fRequest != 0 && strings.HasSuffix(prev.norm, " to") && pc.f.has(fmBase):
		// "I'd like to purchase 2 tickets", "I want to order a pizza":
		// after a request that ends in "to", a base form is the verb it
		// asks for, even before a number.
		return Verb
	case prev != nil && prev.kind == pValue:
		return Noun
	case next != nil && next.kind == pWord && !next.consumed && next.bits&fDeterminer == 0 &&
		(next.f.has(fmCopula) || next.bits&fAuxiliary != 0 && next.bits&fNegation == 0 && !next.f.has(fmModal)):
		// "the add-on charge was a mistake", "refund is pending": the
		// subject of a copula or an auxiliary is a noun; a command's
		// verb is never followed by one. A determiner that is a copula
		// written without its accent ("marca esta reunião") is the
		// determiner of the verb's object.
		return Noun
	case e.participle(pc.norm) && !(prev != nil && prev.kind == pWord && prev.bits&fAuxiliary != 0):
		// "chamado 4821", "pedidos feitos ontem": a participle with no
		// auxiliary before it is no command; the word is the noun.
		return Noun
	case next != nil && next.kind == pWord && next.bits&fGenitive != 0:
		// "fatura de março", "list of orders": a genitive joins a noun
		// to what it belongs to; a verb takes its object directly.
		return Noun
	case next != nil && next.kind == pValue && next.arg.Kind != "money" && next.arg.Kind != "quoted" && (hasVerb || !pc.f.has(fmBase) || prev != nil):
		return Noun
	case prev != nil && prev.kind == pWord && prev.class == Noun:
		// Noun compounds: "order status", "card charge".
		if hasVerb {
			return Noun
		}
	case hasVerb && prev == nil && pc.f.has(fmBase) && next != nil && next.kind == pWord && next.bits&(fPronoun|fDeterminer) != 0:
		// "hold on, show me order 5", "wait, send it now", "don't
		// wait, email the survey now": after a comma, a base form
		// before a pronoun or a determiner is the verb of a command of
		// its own; a noun takes neither after it.
		return Verb
	case hasVerb:
		return Noun
	}
	if prev != nil && prev.kind == pWord && prev.class == Verb {
		return Noun
	}
	if !pc.f.has(fmBase) && atClauseStart(prev) && next != nil && next.class != Function && !(next.kind == pWord && next.bits&fDeterminer != 0) {
		// "orders for customer 5": a plural noun, not "he orders"; one
		// before a determiner is the verb ("resumes a media player").
		if pc.isNoun && pc.noun.Plural {
			return Noun
		}
	}
	return Verb
}

// progressive reports whether ps[i] is an -ing form of a verb right after
// a pronoun and a form of "be", or the two written as one ("I'm
// planning", "we are travelling"): the verb of the progressive. A
// question word or a demonstrative before is no such subject ("what's
// happening", "this is meeting notes"); a relative pronoun after the
// noun or pronoun it stands for is ("events that are happening", "find
// one that's happening today").
func (e *Engine) progressive(ps []piece, i int) bool {
	pc := &ps[i]
	if i == 0 || pc.kind != pWord || !e.ingOfVerb(pc.norm) {
		return false
	}
	be := &ps[i-1]
	if be.kind == pWord && be.bits&fPronoun != 0 {
		if k := strings.LastIndexByte(be.norm, '\''); k > 0 && e.lx.Has("copula", be.norm[k:]) {
			// The two written as one: the subject is the word before
			// the apostrophe.
			bits := e.bits[be.norm[:k]]
			return bits&(fQuestion|fDeterminer) == 0 || bits&fRelative != 0 && antecedentAt(ps, i-2)
		}
	}
	if i < 2 || !e.copulaAt(be) {
		return false
	}
	subject := &ps[i-2]
	return subject.kind == pWord && (subject.bits&fPronoun != 0 && subject.bits&(fQuestion|fDeterminer) == 0 ||
		subject.bits&fRelative != 0 && antecedentAt(ps, i-3))
}

// antecedentAt reports whether ps[at] is a noun or a pronoun a relative
// after it may stand for.
func antecedentAt(ps []piece, at int) bool {
	if at < 0 {
		return false
	}
	pc := &ps[at]
	return pc.kind == pWord && (pc.class == Noun || pc.class == Function && pc.bits&fPronoun != 0 && pc.bits&fQuestion == 0)
}

// ingOfVerb reports whether a word is the -ing form of a word of the
// language's wordnet, by its regular spelling ("meeting": meet;
// "planning": plan; "driving": drive).
func (e *Engine) ingOfVerb(w string) bool {
	b, ok := strings.CutSuffix(w, "ing")
	if !ok || len(b) < 2 || e.lx.Word == nil {
		return false
	}
	if e.lx.Word(b) || e.lx.Word(b+"e") {
		return true
	}
	n := len(b)
	return n > 2 && b[n-1] == b[n-2] && e.lx.Word(b[:n-1])
}

// ordinalBefore reports whether an ordinal stands before the noun it
// counts: the next piece is a noun, or a number word ("one").
func (e *Engine) ordinalBefore(rest []piece) bool {
	nx := nextPiece(rest)
	return nx != nil && nx.kind == pWord && (nx.bits == 0 && e.nounAt(nx) || nx.bits&fNumber != 0)
}

func nextPiece(rest []piece) *piece {
	for i := range rest {
		if rest[i].kind == pPunct {
			return nil
		}
		return &rest[i]
	}
	return nil
}

// maxParticleReach is how many pieces a particle may stand from its verb:
// a noun phrase with its qualifiers ("turn all the lights in the kitchen
// off").
const maxParticleReach = 9

// particle joins a verb to a particle further on in its clause ("turn
// the lights off" -> turn off), when the lexicon has that phrasal verb.
func (e *Engine) particle(pc *piece, rest []piece) bool {
	// A particle right after its verb is taken at once ("turn in the
	// report"); of the particles further on, the one that ends the phrase
	// wins ("turn the lights in here off" is turned off, not in).
	found, foundK, foundN := "", -1, 0
	if !pc.f.has(fmParticleVerb) {
		// No particle completes the word: it is no phrasal verb.
		return false
	}
	take := func(phrase string, k, n int) bool {
		pc.f = e.form(phrase)
		pc.verb = ""
		if pc.f.has(fmVerb) {
			pc.verb = e.forms.verb(pc.f)
		}
		pc.norm = phrase
		pc.phrasal = true
		pc.class = Verb
		for j := k; j < k+n; j++ {
			rest[j].consumed = true
			rest[j].class = Function
		}
		return true
	}
	done := func() bool {
		if foundK < 0 {
			return false
		}
		return take(found, foundK, foundN)
	}
	for k := 0; k < len(rest) && k < maxParticleReach; k++ {
		r := &rest[k]
		if r.kind == pPunct {
			return done()
		}
		phrase, n := "", 0
		if r.kind == pWord && !r.consumed && r.f.has(fmParticle|fmParticlePrefix) {
			// A particle may be a word that otherwise joins clauses:
			// "marca o e-mail como lido", "mark it as read".
			phrase, n = e.particleAt(pc.norm, rest[k:])
		}
		if n == 0 {
			// A clause break, a conjunction, or a word that opens a
			// yes-or-no question ("check whether the light is on": on
			// is the question's) ends the verb's reach.
			if r.bits&fClauseBreak != 0 || (r.bits&fConjunction != 0 && k > 0) || r.kind == pWord && r.f.has(fmWhether) {
				return done()
			}
			continue
		}
		if k > 0 && n == 1 && e.prepositionBefore(r, nextPiece(rest[k+n:])) {
			continue
		}
		if k == 0 {
			return take(phrase, k, n)
		}
		if foundK < 0 || endsPhrase(rest[k+n:]) {
			found, foundK, foundN = phrase, k, n
		}
	}
	return done()
}

// prepositionBefore reports whether r, a one-word particle apart from
// its verb, is a preposition of what follows it, nx (or nil):
//   - a noun phrase: "put eggs on my list" ("traz a pasta de volta do
//     arquivo" keeps its particle), or a name, a word written with a
//     capital inside the sentence ("check the weather in Paris" checks,
//     in a city; it checks in nowhere). A place adverb is no noun phrase:
//     "turn the fan off everywhere". A particle of separation keeps its
//     verb, the noun phrase after it the thing parted from: "take Sam off
//     the list" takes off;
//   - a date or a time ("put 'Dentist' in my calendar on 2026-05-01", "on
//     Friday"); an adverb of time is no such phrase ("turn the heater on
//     tomorrow");
//   - an id or an address after a preposition, which a particle never
//     takes ("check CI for PR 301 in acme/cli" checks, in a repository).
//     A number may be how far a particle goes ("turn the volume up 10"),
//     and quoted text what a verb's particle asks for ("search my mail
//     for 'offer letter'").
func (e *Engine) prepositionBefore(r, nx *piece) bool {
	switch {
	case nx == nil:
		return false
	case nx.kind == pWord:
		return nx.bits&fPlace == 0 && r.bits&fSeparative == 0 && (nx.bits&(fDeterminer|fPronoun) != 0 || nx.isNoun || nx.start > 0 && IsName(nx.text))
	case nx.kind != pValue:
		return false
	case nx.arg.Kind == "date" || nx.arg.Kind == "time":
		return !e.timeAdverb(nx.norm)
	}
	return r.bits&fPreposition != 0 && r.bits&fSeparative == 0 && (nx.arg.Kind == "identifier" || nx.arg.Kind == "email")
}

// timeAdverb reports whether a value's words start with an adverb of time
// ("tomorrow", "tonight", "amanhã de manhã").
func (e *Engine) timeAdverb(norm string) bool {
	if e.bits[norm]&fAdverbTime != 0 {
		return true
	}
	first, _, _ := strings.Cut(norm, " ")
	return e.bits[first]&fAdverbTime != 0
}

// particleAt finds the longest particle that starts at ps[0] and
// completes the verb form verb ("off" in "turn the lights off", "como
// lido" in "marca o e-mail como lido"). It returns the phrasal verb and
// how many pieces its particle takes, or 0.
func (e *Engine) particleAt(verb string, ps []piece) (string, int) {
	var room [64]byte // the phrase read so far: on the stack while it is short
	buf := room[:0]
	best, bestN := "", 0
	for n := 0; n < len(ps) && n < e.lx.MaxPhrase; n++ {
		p := &ps[n]
		if p.kind != pWord || p.consumed {
			break
		}
		f := p.f
		if n > 0 {
			buf = append(append(buf, ' '), p.norm...)
			f = e.formOf(buf)
		} else {
			buf = append(buf, p.norm...)
		}
		if f.has(fmParticle) {
			if phrase, ok := e.forms.extra(f).particles[verb]; ok {
				best, bestN = phrase, n+1
			}
		}
		if !f.has(fmParticle | fmParticlePrefix) {
			// No particle starts with the words read.
			break
		}
	}
	return best, bestN
}

// guess reads a word no lexicon knows: within an edit of a known verb or
// noun it is read as that word, marked fuzzy.
func (e *Engine) guess(pc, prev *piece, hasVerb bool, rest []piece) {
	if pc.f.has(fmForeign) || pc.start > 0 && IsName(pc.text) {
		// A capitalised word inside a sentence is a name (Dana, Paris),
		// no slip of typing.
		return
	}
	// Any word of the language's wordnet, in any of its forms, is a word
	// as written: "radius" is no slip of "radio", "cooking" none of
	// "booking", "provides" none of "proxies". So is an adjective of the
	// language ("molhado" is wet, not a slip of "mostrado"). The wordnet's
	// words are asked first: most adjectives are among them.
	cands := e.guesses(pc.norm)
	wantVerb := !hasVerb && atClauseStart(prev)
	if len(cands) == 0 && wantVerb {
		cands = e.slipOfVerb(pc.norm, rest)
	}
	if len(cands) == 0 {
		return
	}
	// Prefer a verb at the start of a clause, a noun elsewhere; then the
	// first candidate in sorted order, so the choice is stable.
	best := ""
	if wantVerb {
		// "tunr the lights off": a candidate its particle completes wins.
		for _, c := range cands {
			if e.completes(c, rest) && (best == "" || c < best) {
				best = c
			}
		}
		if best != "" {
			pc.fuzzy, pc.norm, pc.f = true, best, e.form(best)
			return
		}
	}
	// Among the candidates, in order: one of the class the position
	// wants; one with the same first letter (typing rarely misses the
	// first); a base form, where a verb is wanted (a command is in the
	// base form: "sned" is send, not seen); then the first in sorted order.
	rank := func(c string) int {
		r := 0
		if e.fits(c, wantVerb) {
			r += 8
		}
		if c[0] == pc.norm[0] {
			r += 4
		}
		if wantVerb && e.form(c).has(fmBase) {
			r += 2
		}
		if slip(pc.norm, c) {
			// A letter left out or two swapped are the commonest slips
			// of typing: "mostar" is mostrar, not montar.
			r++
		}
		return r
	}
	for _, c := range cands {
		if best == "" || rank(c) > rank(best) || rank(c) == rank(best) && c < best {
			best = c
		}
	}
	pc.fuzzy = true
	f := e.form(best)
	if f.has(fmVerb) {
		pc.verb = e.forms.verb(f)
	}
	if f.has(fmNoun) {
		pc.noun, pc.isNoun = e.forms.noun(f), true
	}
	pc.norm, pc.f = best, f
}

// slipOfVerb reads a word of the wordnet at the start of a clause,
// before the determiner or the pronoun that opens a verb's object, as a
// slip of typing for a verb of the lexicon's base forms, by a letter left
// out or two swapped ("sned the invoice": send, though a sned is a
// scythe's handle): there a noun would stand before no determiner. It
// returns the verbs, or nil.
func (e *Engine) slipOfVerb(norm string, rest []piece) []string {
	nx := nextPiece(rest)
	if e.lx.Word == nil || len(norm) < 3 || nx == nil || nx.kind != pWord || nx.bits&(fDeterminer|fPronoun) == 0 || !e.lx.Word(norm) {
		return nil
	}
	all, _ := e.fuzzy.Lookup(norm)
	var out []string
	for _, c := range all {
		if f := e.form(c); f.has(fmVerb) && f.has(fmBase) && slip(norm, c) {
			out = append(out, c)
		}
	}
	return out
}

// maxGuesses bounds an Engine's cache of what guesses reads of a word, so
// that hostile input cannot grow it for ever.
const maxGuesses = 1 << 13

// guesses returns the lexicon's words a word (normalised) may be a slip
// of typing for, or nil for a word that is a word as written (of the
// wordnet, or an adjective of the language) or within an edit of none:
// what guess reads of the word before its place in the turn. It is a
// function of the word alone, and an Engine keeps what it read, as a
// turn's words recur; the slice is shared, and only read.
func (e *Engine) guesses(norm string) []string {
	if g, ok := e.guessed.Load(norm); ok {
		return g
	}
	var cands []string
	switch {
	case e.lx.Word != nil && len(norm) >= 3 && e.lx.Word(norm):
	case e.lx.Adjective != nil && e.lx.Adjective(norm):
	default:
		cands, _ = e.fuzzy.Lookup(norm)
		cands = slices.Clip(cands)
	}
	if e.guessed.Len() < maxGuesses {
		// The word may be cut from a turn: its own copy keeps the turn
		// from being held.
		cands, _ = e.guessed.LoadOrStore(strings.Clone(norm), cands)
	}
	return cands
}

// titleCased reports whether most of the words the lexicon knows inside
// the sentence are capitalised ("Turn On The Kitchen Light", "CANCEL MY
// ORDER"): there capitals say nothing of names. Names themselves are
// words the lexicon does not know, so a turn full of them is no title.
func titleCased(ps []piece) bool {
	n, caps := 0, 0
	for i := range ps {
		pc := &ps[i]
		if pc.kind != pWord || pc.start == 0 || pc.bits == 0 && pc.verb == "" && !pc.isNoun {
			continue
		}
		n++
		if IsName(ps[i].text) {
			caps++
		}
	}
	return n > 0 && 2*caps > n
}

// inNameRun reports whether ps[i] is a capitalised word inside the
// sentence next to another capitalised word: part of a name of several
// words (New York, Lionel Messi, Rio Grande).
func inNameRun(ps []piece, i int) bool {
	if ps[i].start == 0 || !IsName(ps[i].text) {
		return false
	}
	name := func(k int) bool {
		return k >= 0 && k < len(ps) && ps[k].kind == pWord && IsName(ps[k].text)
	}
	return name(i-1) && ps[i-1].start > 0 || name(i+1)
}

// nameWithUnknown reports whether ps[i] is a capitalised word inside the
// sentence, no acronym, right after or right before a capitalised word
// the lexicon does not know, the two right after a preposition ("in
// Menlo Park", "in Long Beach"): a word of a name.
func nameWithUnknown(ps []piece, i int) bool {
	if ps[i].start == 0 || !IsName(ps[i].text) || isAcronym(ps[i].text) {
		return false
	}
	unknown := func(k int) bool {
		if k < 0 || k >= len(ps) {
			return false
		}
		pc := &ps[k]
		if pc.kind != pWord || !IsName(pc.text) || isAcronym(pc.text) {
			return false
		}
		if k < i {
			return pc.class == Unknown && pc.start > 0 // read already
		}
		return pc.bits == 0 && pc.verb == "" && !pc.isNoun
	}
	first := i
	if unknown(i - 1) {
		first = i - 1
	} else if !unknown(i + 1) {
		return false
	}
	// After a preposition, a name is a place or a party ("in Menlo
	// Park"); after a determiner capitals may only stress a kind of
	// thing ("an Unisex Salon", "the Sliding Door").
	return first > 0 && ps[first-1].kind == pWord && ps[first-1].bits&fPreposition != 0
}

// isAcronym reports whether a word is written as an acronym: three
// letters or more in capitals, with a plural's s or none (SUV, SUVs,
// PDF). The wordnet lists the acronyms that are common nouns (an SUV is a
// car); one it does not list stays a name.
func isAcronym(text string) bool {
	t := strings.TrimSuffix(text, "s")
	if len(t) < 3 {
		return false
	}
	for i := 0; i < len(t); i++ {
		if t[i] < 'A' || t[i] > 'Z' {
			return false
		}
	}
	return true
}

// IsName reports whether a word is written as a name: capitalised, or in
// capitals. Inside a sentence such a word is a name (Dana, Paris): no
// slip of typing, and an argument more than a word of the request.
func IsName(text string) bool {
	if text != "" && text[0] < utf8.RuneSelf {
		return 'A' <= text[0] && text[0] <= 'Z' // ASCII's upper-case letters
	}
	r, _ := utf8.DecodeRuneInString(text)
	return unicode.IsUpper(r)
}

// slip reports whether typed is word with one letter left out, or with
// two neighbouring letters swapped.
func slip(typed, word string) bool {
	t, w := []rune(typed), []rune(word)
	switch len(w) - len(t) {
	case 1:
		for i := range w {
			if string(w[:i])+string(w[i+1:]) == typed {
				return true
			}
		}
	case 0:
		for i := 0; i+1 < len(t); i++ {
			if t[i] != w[i] {
				return t[i] == w[i+1] && t[i+1] == w[i] && string(t[i+2:]) == string(w[i+2:])
			}
		}
	}
	return false
}

// completes reports whether a particle later in the clause makes w a
// phrasal verb.
func (e *Engine) completes(w string, rest []piece) bool {
	if !e.form(w).has(fmParticleVerb) {
		return false
	}
	for k := 0; k < len(rest) && k < maxParticleReach; k++ {
		r := &rest[k]
		if r.kind == pPunct {
			return false
		}
		if _, n := e.particleAt(w, rest[k:]); n > 0 {
			return true
		}
	}
	return false
}

func (e *Engine) fits(w string, wantVerb bool) bool {
	f := e.form(w)
	return wantVerb && f.has(fmVerb) || !wantVerb && f.has(fmNoun)
}

// clauses splits the pieces into clauses: at a clause break ("and then",
// "then", "after that"), at "and" or a comma before a new verb (but not at
// a question word that opens an indirect question: "me diz quando sai o
// trem"), and at a sentence mark followed by more words. A relative
// pronoun after a noun opens a clause about the noun, which runs to a
// comma or a sentence mark: a conjunction in it joins its own verbs, and
// a clause break right after the pronoun is an adverb of it ("a shop that
// also sells violins and gives lessons" is one clause). It appends
// [start, end) spans to dst[:0].
func (e *Engine) clauses(dst [][2]int, ps []piece) [][2]int {
	spans := dst[:0]
	start := 0
	hasVerb := false
	relative, relAt := false, -1 // within a relative clause; where its pronoun is
	cut := func(at, next int) {
		if hasContent(ps[start:at]) {
			spans = append(spans, [2]int{start, at})
			start = next
		} else if next > start {
			// Nothing to keep before: let the clause start after the mark.
			if len(spans) == 0 || !hasContent(ps[start:at]) {
				start = next
			}
		}
		hasVerb = false
	}
	for i := 0; i < len(ps); i++ {
		pc := &ps[i]
		if i > 0 && pc.start < ps[i-1].end || i+1 < len(ps) && ps[i+1].start < pc.end {
			// A piece of a word split in pieces ("charge-and-archive")
			// never breaks a clause: clauses keep whole words.
			if pc.kind == pWord && pc.class == Verb {
				hasVerb = true
			}
			continue
		}
		if pc.kind == pWord && pc.bits&fRelative != 0 && i > 0 && ps[i-1].kind == pWord && ps[i-1].class == Noun {
			// "que" is a conjunction too: as a relative, it cuts nothing.
			relative, relAt = true, i
			continue
		}
		switch {
		case pc.kind == pPunct && strings.IndexByte(".;!?", pc.punct) >= 0:
			relative = false
			if hasContent(ps[i+1:]) {
				cut(i, i+1)
			}
		case pc.kind == pWord && pc.class == Function && pc.bits&fClauseBreak != 0:
			if hasVerb && hasContent(ps[i+1:]) && !(relative && (relAt == i-1 || pc.bits&fConjunction != 0)) {
				cut(i, i+1)
			}
		case (pc.kind == pWord && pc.class == Function && pc.bits&fConjunction != 0) || pc.kind == pPunct && pc.punct == ',':
			if pc.kind == pPunct {
				relative = false
			}
			// A question word after a verb such as "tell" or "dizer"
			// opens an indirect question, no clause of its own: "me diz
			// quando sai a balsa".
			if hasVerb && !relative && e.startsWithVerb(ps[i+1:]) && !(pc.kind == pWord && pc.bits&fQuestion != 0 && e.indirectAt(ps, i)) &&
				!(pc.kind == pWord && pc.bits&fAdditive != 0 && bareVerb(ps[start:i]) >= 0) {
				cut(i, i+1)
			}
		case pc.kind == pWord && (pc.class == Verb || e.copulaAt(pc)):
			// A copula is the verb of its clause too: "the dog walker is
			// here, unlock the back door" says one thing and asks
			// another.
			hasVerb = true
		case pc.kind == pWord && pc.class == Function && pc.f.has(fmModal) && i+1 < len(ps) && ps[i+1].kind == pWord && ps[i+1].class != Function:
			// What follows a modal is its verb, whether or not the
			// lexicon knows it: "that invoice shouldn't exist, cancel
			// it".
			hasVerb = true
		}
	}
	if start < len(ps) {
		spans = append(spans, [2]int{start, len(ps)})
	}
	if len(spans) == 0 {
		spans = append(spans, [2]int{0, len(ps)})
	}
	return spans
}

// bareVerb returns where the one word of content of ps is, when it is a
// verb and the last word of ps, or -1: a verb with nothing of its own (no
// object, no value) before "and" shares what follows the next verb
// ("squash and merge the pull request"; not "close this and archive it").
func bareVerb(ps []piece) int {
	at := -1
	for i := range ps {
		switch pc := &ps[i]; {
		case pc.consumed:
		case pc.kind != pWord:
			return -1
		case at >= 0:
			return -1 // a word after the verb: its object, or more
		case pc.class == Verb:
			at = i
		case pc.class != Function || pc.bits&fPronoun != 0:
			return -1
		}
	}
	return at
}

// coordinated reports whether the clause's verb at verbAt is bare and
// joined by an additive conjunction to the word after ps: the verb at
// verbAt and the next share their object.
func coordinated(ps []piece, verbAt int) bool {
	if verbAt < 0 || bareVerb(ps[:verbAt+1]) != verbAt {
		return false
	}
	conj := false
	for i := verbAt + 1; i < len(ps); i++ {
		pc := &ps[i]
		if pc.kind != pWord || pc.class != Function {
			return false
		}
		if pc.bits&(fConjunction|fAdditive) == fConjunction|fAdditive {
			conj = true
		}
	}
	return conj
}

func hasContent(ps []piece) bool {
	for i := range ps {
		if ps[i].kind == pValue || ps[i].kind == pWord && ps[i].class != Function {
			return true
		}
	}
	return false
}

// startsWithVerb reports whether the next word (after frames, a
// negation and an auxiliary that carries one: "wait, don't approve it",
// "espera, não aprova") is a verb; after a negation, a verb that is no
// participle ("como não lido" qualifies, and commands nothing).
func (e *Engine) startsWithVerb(ps []piece) bool {
	negated := false
	for i := range ps {
		pc := &ps[i]
		if pc.kind != pWord || pc.consumed {
			if pc.kind == pPunct {
				return false
			}
			continue
		}
		if pc.class == Verb {
			return !negated || !e.participle(pc.norm)
		}
		if pc.class == Function && pc.bits&fNegation != 0 && !e.copulaAt(pc) {
			// "aren't delivered" reports a state; "don't send" commands.
			negated = true
			continue
		}
		if pc.class == Function && pc.bits&(fClauseBreak|fPoliteness|fConjunction) != 0 {
			continue
		}
		if pc.class == Function && pc.bits&fAuxiliary != 0 && !e.copulaAt(pc) && i+1 < len(ps) && ps[i+1].kind == pWord && ps[i+1].class == Verb {
			continue // "..., pode reabrir?"
		}
		if pc.class == Function && pc.f.has(fmModal) && i+1 < len(ps) && ps[i+1].kind == pWord && ps[i+1].bits&fNegation != 0 {
			continue // "do not", "can not"
		}
		return false
	}
	return false
}

// clause builds the Clause of a span of pieces. mainAfter is true when a
// comma parts it from the clause after it. room, when not nil, is where
// its objects and asked-for and implied concepts are written when they
// fit.
func (e *Engine) clause(turn string, ps []piece, mainAfter bool, room *clauseRoom) Clause {
	if k := e.indirectYesNo(ps); k >= 0 {
		// "tell me if the garage is open", "me diz se a garagem está
		// aberta": the frame of an indirect yes-or-no question asks
		// nothing of its own, when what follows asks whether a thing
		// is in a state; the words after it are then read as that
		// question. Otherwise the clause is read as it is written ("see
		// if I have any open invoices" asks to see them).
		var was [maxFrame]bool
		for i := 0; i <= k; i++ {
			was[i], ps[i].consumed = ps[i].consumed, true
		}
		if c := e.readClause(turn, ps, mainAfter, room, true); c.AsksState() {
			return c
		}
		for i := 0; i <= k; i++ {
			ps[i].consumed = was[i]
		}
	}
	return e.readClause(turn, ps, mainAfter, room, false)
}

// maxFrame is the most pieces the frame of an indirect yes-or-no question
// holds (indirectYesNo).
const maxFrame = 8

// readClause builds the Clause of a span of pieces; asked says that the
// span is a question whatever its mark (the frame of an indirect question
// before it is consumed).
func (e *Engine) readClause(turn string, ps []piece, mainAfter bool, room *clauseRoom, asked bool) Clause {
	var c Clause
	if len(ps) > 0 {
		c.Start, c.End = ps[0].start, ps[len(ps)-1].end
	}
	verbAt, firstWord := -1, -1
	negAt := -1
	withdraw := false
	question, request, subject, endsQ, prohibition := false, false, false, false, false
	reports := false // a copula first reports a state (the act below)
	content := 0
	endsQ = asked
	for i := range ps {
		pc := &ps[i]
		if pc.kind == pPunct {
			if pc.punct == '?' {
				endsQ = true
			}
			continue
		}
		if pc.consumed {
			continue
		}
		if firstWord < 0 && !(pc.kind == pWord && pc.class == Function && pc.bits&(fPoliteness|fConjunction|fClauseBreak|fChitchat) != 0 && pc.bits&(fQuestion|fAuxiliary) == 0) {
			firstWord = i
		}
		switch {
		case pc.kind == pValue:
			content++
		case pc.class == Verb:
			content++
			if verbAt < 0 || coordinated(ps[:i], verbAt) {
				// Of two verbs joined by "and" before their one object,
				// the second is what the command comes to ("squash and
				// merge the pull request", "escreve e manda pro time").
				if firstWord == verbAt {
					firstWord = i
				}
				verbAt = i
				c.Action = pc.verb
			}
		case pc.class == Noun || pc.class == Unknown:
			content++
		case pc.class == Function:
			if pc.bits&fNegation != 0 && negAt < 0 && !e.negatesOtherVerb(ps[i+1:]) && !(verbAt >= 0 && e.negatesLaterPart(ps[verbAt:i], ps[i+1:])) &&
				!(negationPhrase(pc) && wantsBefore(ps[:i])) {
				negAt = i
				if negationPhrase(pc) && !strings.HasSuffix(pc.norm, " not") {
					withdraw = true // never mind, forget it, no need
				}
			}
			if pc.bits&(fRequest|fPoliteness|fWant) != 0 {
				request = true
			}
			if pc.bits&fSubject != 0 && verbAt < 0 {
				subject = true
			}
		}
	}
	// The act.
	if firstWord >= 0 {
		fw := &ps[firstWord]
		switch {
		case fw.kind == pWord && fw.class == Function && fw.bits&fQuestion != 0 && fw.bits&fRequest == 0:
			question = true
		case fw.kind == pWord && fw.class == Function && fw.bits&fAuxiliary != 0:
			// "can you show", "could I get": a request; "is order 5
			// paid?", "did it ship?": a question.
			nx := nextWord(ps[firstWord+1:])
			switch {
			case fw.bits&fNegation != 0 && nx != nil && nx.class == Verb:
				// "don't charge the card": a prohibition, no question.
				prohibition = true
			case !endsQ && nx != nil && nx.class == Verb && !e.isBase(nx) && !e.infinitive(nx.norm):
				// "was charged twice", "fui cobrado duas vezes": an
				// auxiliary and a participle with the subject left out
				// report something.
				subject = true
			case e.auxRequest(ps[firstWord+1:]):
				request = true
			case !endsQ && !e.rules.Inverts && e.copulaAt(fw) && !e.lx.Has("existential", fw.norm):
				// "tá concluído faz tempo": where a question keeps the
				// order of a statement, a copula first with no question
				// mark reports a state, its subject left out.
				subject, reports = true, true
			default:
				question = true
			}
		}
	}
	switch {
	case content == 0 && negAt < 0 && question && !hasChitchat(ps) && e.asks(ps, Question, false, firstWord, endsQ, mainAfter) != nil:
		// "what time is it?", "que horas são?": a question with no
		// content word of its own asks for what its question word asks
		// for; it is no small talk.
		c.Act = Question
	case content == 0 && negAt < 0 && question && !hasChitchat(ps) && e.isStateQuestion(ps, verbAt, firstWord):
		// "is anything on?", "tem algo ligado?": whether any thing is in
		// a state asks to see the things' states; no small talk either.
		c.Act = Question
	case content == 0 && negAt < 0:
		if hasChitchat(ps) || question || endsQ || request {
			c.Act = Chitchat
		}
	case question:
		c.Act = Question
	case request:
		c.Act = Request
	case endsQ && verbAt >= 0 && e.elidedCopula(ps, firstWord, verbAt):
		// "any curtains open?": a yes-or-no question that leaves out
		// its copula.
		c.Act = Question
	case verbAt >= 0 && verbAt != firstWord &&
		(subject || !precededByFrame(ps[:verbAt]) || !e.isBase(&ps[verbAt]) && hasAux(ps[:verbAt])) &&
		(!e.isBase(&ps[verbAt]) || hasAux(ps[:verbAt])):
		// "my card was charged twice", "I archived an email": a subject
		// and a verb not in the base form report something. A base form
		// after other words is still a command ("just quietly delete it").
		// Said with a question mark, the same words ask ("o pedido 42 já
		// foi pago?", "my card was charged twice?"): Portuguese asks a
		// yes-or-no question in the order of a statement.
		c.Act = Statement
		if prev := lastWordBefore(ps[:verbAt]); prev != nil && prev.bits&fObligation != 0 {
			// "my plan needs to be changed", "a fatura tem que ser
			// cancelada": that a thing must be done asks for it.
			c.Act = Request
		}
		if endsQ {
			c.Act = Question
		}
	case verbAt >= 0:
		c.Act = Imperative
	case endsQ:
		c.Act = Question
	case reports:
		c.Act = Statement
	default:
		c.Act = NounPhrase
	}
	// Negation: before the verb, in a command or a request; a withdrawal
	// (never mind, forget it) anywhere.
	// A comma between the negation and the verb ends its reach ("no,
	// cancel it"); a negated auxiliary that opens a question or a request
	// asks all the same ("can't you refund it?").
	if negAt >= 0 && verbAt > negAt && commaBetween(ps[negAt:verbAt]) {
		// A negation said again after the comma reaches the verb: "não,
		// não cancela", "deixa pra lá, não precisa fazer rollback".
		for i := verbAt - 1; i > negAt && !(ps[i].kind == pPunct && ps[i].punct == ','); i-- {
			if pc := &ps[i]; pc.kind == pWord && pc.class == Function && pc.bits&fNegation != 0 && !e.negatesOtherVerb(ps[i+1:]) {
				negAt = i
				withdraw = strings.Contains(pc.norm, " ") && pc.bits&fAuxiliary == 0 && !strings.HasSuffix(pc.norm, " not")
			}
		}
	}
	auxFront := firstWord >= 0 && ps[firstWord].kind == pWord && ps[firstWord].bits&fAuxiliary != 0 && negAt <= firstWord+1 && !prohibition
	switch {
	case negAt < 0:
	case withdraw && c.Act != Question && (verbAt < 0 || verbAt < negAt):
		// "never mind", "forget it".
		c.Negated = true
	case withdraw && verbAt > negAt && commaBetween(ps[negAt:verbAt]):
		// "on second thought, cancel order 5" asks for what follows.
	case withdraw:
		// "no need to restart the router".
		c.Negated = true
	case verbAt > negAt && commaBetween(ps[negAt:verbAt]):
	case auxFront && (c.Act == Question || c.Act == Request):
	case verbAt < 0 && negAt > firstWord && ps[negAt].bits&fDeterminer != 0 && nextIsNoun(ps[negAt+1:]):
		// "convert lead ld_2020 into a contact, no deal yet", "log call
		// ct_6161, no answer": a determiner that negates a noun after
		// the things asked for says what is not there, no withdrawal.
	case c.Act != Question && c.Act != Statement && (verbAt < 0 || negAt < verbAt):
		c.Negated = true
	case c.Act == Statement && verbAt > negAt && wantsBetween(ps[negAt:verbAt]):
		// "I don't want to cancel it".
		c.Negated = true
	}
	// A state: a verbless command that says the state it wants ("lights
	// off"), or a question whether a thing is in a state ("is the garage
	// door open?", "which lights are on?"), which asks to see its status.
	askStatus := false
	switch {
	case c.Negated:
	case verbAt < 0 && (c.Act == NounPhrase || c.Act == Request):
		if i := e.stateWord(ps); i >= 0 {
			c.Action = e.forms.extra(ps[i].f).state
			c.State = c.Action
			if c.Act == NounPhrase {
				c.Act = Imperative
			}
		}
	case c.Act == Question:
		if st, ok, which := e.stateQuestion(ps, verbAt, firstWord); ok {
			// The state's verb is no action asked for: the question
			// asks to see (which ones, the router reads from the
			// number of the thing).
			c.State, askStatus = st, true
			c.Action = getConcept
			if which {
				c.Action = ""
			}
		} else if st, ok := e.objectQuestion(ps, verbAt, firstWord); ok {
			// "which emails haven't I read?", "quais pedidos eu
			// cancelei?": the verb says which of the things the
			// question asks to see, no action asked for.
			c.State, c.Action = st, ""
		} else if verbAt < 0 && firstWord >= 0 && e.lx.Has("existential", ps[firstWord].norm) {
			// "is there any smoke in the kitchen?", "tem alguma porta
			// aberta?": whether a thing is there asks for the state of
			// what would hold it.
			askStatus = true
		}
	}
	// A construction gives a command its action, whatever else its verb
	// does: putting a thing in a state ("make ticket 4821 urgent") or at a
	// level ("put the awning at 30 percent", "põe a luz do quarto em 50%")
	// sets it ("make a label" creates one); giving it to someone ("give
	// this lead to Kevin", "passa o ticket pro time") hands it over, and
	// to a day ("passa a reunião pra quinta") moves it in time.
	if verbAt >= 0 && !c.Negated && (c.Act == Imperative || c.Act == Request) {
		if a := e.construction(ps, verbAt); a != "" {
			c.Action, ps[verbAt].verb = a, a
		}
	}
	// Moving a thing to a day or a time ("move my 3pm meeting to 4pm",
	// "move a reunião pra quinta") reschedules it.
	if verbAt >= 0 && c.Action == moveConcept && e.movedInTime(ps[verbAt+1:]) {
		c.Action = rescheduleConcept
		ps[verbAt].verb = rescheduleConcept
	}
	// Changing a thing's name ("change the folder's name to Brand", "mude
	// o nome do arquivo pra X") renames it.
	if verbAt >= 0 && c.Action == updateConcept && e.namesNameFirst(ps[verbAt+1:]) {
		c.Action = renameConcept
		ps[verbAt].verb = renameConcept
	}
	// A question about a quality ("how hot is the office?") asks for the
	// attribute its adjective gives a value of; the adjective is no verb
	// ("how warm is it") and no noun ("how loud", within an edit of cloud).
	quality := ""
	if c.Act == Question {
		if attr, at, ok := e.qualityQuestion(ps); ok {
			quality = attr
			if at >= 0 && (ps[at].class == Verb || ps[at].class == Noun) {
				pc := &ps[at]
				if at == verbAt {
					c.Action = ""
				}
				pc.class, pc.verb, pc.isNoun, pc.fuzzy = Unknown, "", false, false
				pc.norm = tokenize.Normalize(pc.text)
				pc.f = e.form(pc.norm)
			}
		}
	}
	// Help asked for doing a thing ("I need help finding a dentist",
	// "seeking assistance with booking a table", "preciso de ajuda pra
	// achar um dentista") is a way of asking, no thing asked about.
	for i := range ps {
		if pc := &ps[i]; pc.kind == pWord && pc.class == Noun && pc.f.has(fmHelpNoun) && e.helpWithVerb(ps[i+1:]) {
			pc.class, pc.isNoun, pc.noun = Function, false, NounForm{}
		}
	}
	// What a question word asks for: not an object the turn names.
	if asked := e.asks(ps, c.Act, c.Negated, firstWord, endsQ, mainAfter); len(asked) > 0 {
		if room != nil && len(asked) <= roomAsks {
			c.Asks = append(room.asks[:0:len(asked)], asked...)
		} else {
			c.Asks = slices.Clone(asked)
		}
	}
	// Words, objects and arguments, each list made once at its size: as
	// many words as pieces that are neither marks nor particles, as many
	// arguments as values, and at most as many objects as nouns, and the
	// ones the question implies.
	words, values, objects := 0, 0, 0
	for i := range ps {
		switch pc := &ps[i]; {
		case pc.kind == pPunct || pc.consumed:
		case pc.kind == pValue:
			words++
			values++
		case pc.class == Noun:
			words++
			objects++
		default:
			words++
		}
	}
	if askStatus && e.statusNoun {
		objects++
	}
	if quality != "" {
		objects++
	}
	var objectRoom []string // where c.Objects is written (appendConcept)
	c.Words = make([]Word, 0, words)
	if room != nil && objects <= roomObjects {
		objectRoom = room.objects[:0:objects]
	}
	var lastNoun string
	lastPlural := false
	var laterRoom [4]string
	later := laterRoom[:0] // objects read from the wordnet
	sinceNoun := 0
	for i := range ps {
		pc := &ps[i]
		if pc.kind == pPunct || pc.consumed {
			continue
		}
		if pc.kind == pValue {
			a := pc.arg
			counts := a.Kind == "number" && lastPlural && i+1 < len(ps) && ps[i+1].kind == pWord && ps[i+1].class == Noun && ps[i+1].noun.Plural
			owner := a.Kind == "identifier" && genitiveBefore(ps, i)
			if sinceNoun <= 2 && lastNoun != "" && a.Kind != "time" && !counts && !owner {
				// "order 42"; a time of day is when, never which; a
				// number between many things and a plural counts the
				// plural ("as faturas dos últimos três meses"); and an id
				// right after a genitive preposition names the owner of
				// the thing before, not one of it ("os contracheques do
				// E10442", "o log do payments-service").
				a.Noun = lastNoun
			}
			if a.Kind == "number" && i > 0 && wordnetNounAt(ps, i-1) && !(i > 1 && ps[i-2].kind == pWord && ps[i-2].class == Noun) &&
				!(i+1 < len(ps) && ps[i+1].kind == pWord && ps[i+1].class == Noun && ps[i+1].noun.Plural) {
				// "at tempo 120": a noun only the wordnet knows, right
				// before a number, names it, unless it ends a compound
				// ("fuel efficiency 20" is the fuel's) or the number
				// counts a noun after it ("the top 10 products").
				a.Noun = ps[i-1].noun.Concept
			}
			_, ordinal := digitOrdinal(a.Text)
			if a.Kind == "number" && !ordinal && !e.level(pc, ps[i+1:]) && i+1 < len(ps) && ps[i+1].kind == pWord && ps[i+1].class == Noun &&
				(sameWord(&ps[i+1], pc) ||
					!(i > 0 && ps[i-1].kind == pWord && (ps[i-1].class == Noun || lastNoun != "" && e.lx.Has("genitive", ps[i-1].norm)))) {
				// "a room for 2 nights", "os últimos 3 pedidos": a
				// number right before a noun counts it (it may be the
				// value of a noun before it all the same: "distance is
				// 8 meters"), unless it follows a noun of its own
				// ("order 42 status") or a genitive after one ("a side
				// of 4 meters", "a limit of 20 results"), is a level
				// ("21 degrees", "a 20% discount") or a place ("the
				// 3rd page"). Joined by a hyphen, it counts it even so
				// ("a 2-bedroom, 1-bathroom apartment": the parts of a
				// hyphenated word share its span).
				a.Counted = ps[i+1].noun.Concept
				if sameWord(&ps[i+1], pc) {
					a.Noun = a.Counted // one hyphenated word: the number is of it alone
				}
			}
			if c.Args == nil {
				c.Args = make([]Arg, 0, values)
			}
			c.Args = append(c.Args, a)
			c.Words = append(c.Words, Word{Text: pc.text, Norm: pc.norm, Start: pc.start, End: pc.end, Class: Value})
			sinceNoun = 99
			continue
		}
		// The word is written where it goes: c.Words has room for it.
		c.Words = c.Words[:len(c.Words)+1]
		w := &c.Words[len(c.Words)-1]
		w.Text, w.Norm, w.Start, w.End, w.Class, w.Fuzzy = turn[pc.start:pc.end], pc.norm, pc.start, pc.end, pc.class, pc.fuzzy
		switch pc.class {
		case Verb:
			w.Concept = pc.verb
			sinceNoun = 99
		case Noun:
			w.Concept = pc.noun.Concept
			w.Plural = pc.noun.Plural
			w.WordNet = pc.wordnet
			if pc.wordnet {
				// A noun only the wordnet knows is an object after the
				// lexicon's, and no argument's noun ("the invoice is due
				// 2026-06-01").
				later = append(later, w.Concept)
				sinceNoun++
			} else if pc.bits&fIDNoun != 0 && lastNoun != "" {
				// "order number 42": number introduces the order's id.
				sinceNoun = 0
			} else {
				c.Objects = appendConcept(c.Objects, w.Concept, objects, objectRoom)
				lastNoun, lastPlural, sinceNoun = w.Concept, w.Plural, 0
			}
		case Unknown:
			w.Stem = e.stemmer.Stem(e.lx.Lemma(pc.norm))
			w.Concept = pc.qualifier
			sinceNoun++
		default:
			if pc.bits&fIDNoun == 0 {
				sinceNoun++
			}
		}
	}
	for _, o := range later {
		c.Objects = appendConcept(c.Objects, o, objects, objectRoom)
	}
	if askStatus {
		if e.statusNoun {
			c.Objects = appendConcept(c.Objects, StatusConcept, objects, objectRoom)
			c.Implied = appendImplied(c.Implied, StatusConcept, room)
		}
	}
	if quality != "" {
		c.Objects = moveFirst(appendConcept(c.Objects, quality, objects, objectRoom), quality)
		c.Implied = appendImplied(c.Implied, quality, room)
	}
	// The head object is the first noun after the verb, if any.
	if verbAt >= 0 {
		for i := verbAt + 1; i < len(ps); i++ {
			if ps[i].kind == pWord && ps[i].class == Noun && !ps[i].consumed && ps[i].bits&fIDNoun == 0 && !ps[i].wordnet {
				c.Objects = moveFirst(c.Objects, ps[i].noun.Concept)
				break
			}
		}
	}
	return c
}

// getConcept is the action concept of seeing a thing.
const getConcept = "get"

// searchConcept is the concept of the verbs of finding ("find", "look
// for", "procurar").
const searchConcept = "search"

// setConcept is the action concept of putting a thing in a state.
const setConcept = "set"

// moveConcept and rescheduleConcept are the action concepts of moving a
// thing and of moving it in time; transferConcept of handing it to
// someone; openConcept of opening one, and createConcept of making one;
// updateConcept of changing one, and renameConcept of changing its name,
// the concept of nameConcept.
const (
	moveConcept       = "move"
	rescheduleConcept = "reschedule"
	updateConcept     = "update"
	renameConcept     = "rename"
	nameConcept       = "name"
	transferConcept   = "transfer"
	openConcept       = "open"
	createConcept     = "create"
)

// construction is the action a construction gives the command whose verb
// is at verbAt (resultative, placedAtValue, givenTo, opensNew), or "".
// The verbs of each construction are a class of their own: at most one
// applies.
func (e *Engine) construction(ps []piece, verbAt int) string {
	switch given, inTime := e.givenTo(ps, verbAt); {
	case e.resultative(ps, verbAt) || e.placedAtValue(ps, verbAt):
		return setConcept
	case given && inTime:
		return rescheduleConcept
	case given:
		return transferConcept
	case (ps[verbAt].verb == openConcept || e.verbClass.leaving[ps[verbAt].norm]) && e.opensNew(ps[verbAt+1:]):
		// "open an issue", "leave a comment", "deixa um recado": a new
		// thing opened or left is made.
		return createConcept
	}
	return ""
}

// opensNew reports whether the thing after a verb of opening is a new one
// (the novelty class: "open an issue", "open a new account", "abre um
// chamado"): opening it creates it.
func (e *Engine) opensNew(rest []piece) bool {
	nx := nextWord(rest)
	return nx != nil && nx.class == Function && e.lx.Has("novelty", nx.norm)
}

// givenTo reports whether the verb at verbAt is a verb of giving ("give",
// "passar") whose thing, after it, goes to someone other than the speaker
// ("give this lead to Kevin", "passa o ticket 4821 pro time"), and
// whether that destination is a day or a time ("passa a reunião pra
// quinta"). "give me the catalogue" and "dá pra pagar?" (no thing) give
// nothing to anyone.
func (e *Engine) givenTo(ps []piece, verbAt int) (given, inTime bool) {
	if !e.verbClass.giving[ps[verbAt].norm] {
		return false, false
	}
	thing := false
	for i := verbAt + 1; i < len(ps); i++ {
		pc := &ps[i]
		switch {
		case pc.consumed:
		case pc.kind == pPunct:
			return false, false
		case pc.kind == pWord && pc.class == Function && e.lx.Has("destination", pc.norm):
			nx := nextPiece(ps[i+1:])
			if !thing || nx == nil || nx.kind == pWord && e.lx.Has("speaker", nx.norm) {
				return false, false
			}
			return true, e.movedInTime(ps[verbAt+1:])
		case pc.kind == pWord && e.lx.Has("speaker", pc.norm):
			return false, false // "give me ...": the speaker asks for it
		case pc.kind == pValue || pc.kind == pWord && (pc.class == Noun || pc.class == Unknown || pc.bits&fPronoun != 0 && pc.bits&fDeterminer == 0):
			thing = true
		}
	}
	return false, false
}

// movedInTime reports whether the pieces after a verb of moving hold a
// destination that is a date or a time of day ("to 4pm", "pra quinta").
func (e *Engine) movedInTime(ps []piece) bool {
	for i := 1; i < len(ps); i++ {
		if v := &ps[i]; v.kind != pValue || v.arg.Kind != "date" && v.arg.Kind != "time" {
			continue
		}
		j := i - 1
		for j > 0 && ps[j].kind == pWord && e.bits[ps[j].norm]&fDeterminer != 0 {
			j-- // "para as 16h"
		}
		if ps[j].kind == pWord && e.lx.Has("destination", ps[j].norm) {
			return true
		}
	}
	return false
}

// placedAtValue reports whether the verb at verbAt is a placing verb
// ("put", "pôr") whose thing, a noun after it, is followed by a
// preposition and a level: a percentage or a number of a unit ("at 30
// percent", "em 50%", "em 22 graus"), or an adjective of a quality. The
// thing is put at a level, not in a place.
func (e *Engine) placedAtValue(ps []piece, verbAt int) bool {
	if !e.verbClass.placing[ps[verbAt].norm] {
		return false
	}
	thing, prep := false, false
	for i := verbAt + 1; i < len(ps); i++ {
		pc := &ps[i]
		switch {
		case pc.consumed:
		case pc.kind == pPunct:
			return false
		case !thing:
			if pc.kind == pWord && pc.class == Noun {
				thing = true
			}
		case pc.kind == pValue:
			return prep && pc.arg.Kind == "number" && e.level(pc, ps[i+1:])
		case pc.kind == pWord && pc.class == Function && pc.bits&fPreposition != 0:
			prep = true
		case prep && pc.kind == pWord && pc.class == Function && pc.bits&fDeterminer != 0:
			// "no", "na": a preposition and its article.
		case prep && pc.kind == pWord:
			if e.quality(pc.norm) {
				return true
			}
			// A thing after the preposition qualifies the first ("a
			// luz do quarto") or is where it goes ("on the list").
			prep = false
		}
	}
	return false
}

// level reports whether a number is a level a thing is set to: a
// percentage or a number of the level_unit class's units ("50%", "30
// percent", "22 graus"), not a count ("an order for 2") or an id ("#88").
func (e *Engine) level(pc *piece, rest []piece) bool {
	if strings.HasSuffix(pc.text, "%") {
		return true
	}
	nx := nextPiece(rest)
	return nx != nil && nx.kind == pWord && e.lx.Has("level_unit", nx.norm)
}

// helpWithVerb reports whether the word after a noun of help, past a
// preposition, is a verb: the help is for doing that ("help finding",
// "assistance with booking", "ajuda pra achar").
func (e *Engine) helpWithVerb(rest []piece) bool {
	nx := nextPiece(rest)
	if nx != nil && nx.kind == pWord && nx.class == Function && nx.bits&fPreposition != 0 && nx.bits&fDeterminer == 0 {
		nx = nextPiece(rest[1:]) // nx is rest[0]
	}
	return nx != nil && nx.kind == pWord && nx.class == Verb
}

// quality reports whether a word is an adjective of a quality: one the
// wordnet gives an attribute a value of (hot: temperature).
func (e *Engine) quality(w string) bool {
	if e.lx.Attribute == nil {
		return false
	}
	_, ok := e.lx.Attribute(w)
	return ok
}

// resultative reads a command that puts a thing in a state: a verb of the
// resultative class ("make", "deixar"), the thing, and right after it the
// state. The thing is a pronoun, or a noun phrase no indefinite article
// opens (the state of a thing about to be made is no change of a thing
// there is: "make a red label named Urgent" makes one): determiners,
// adjectives and nouns, a noun's id after it. The state is an adjective,
// a word no lexicon knows, a noun phrase a determiner opens, or what a word
// of the predicative class opens ("como") -- and a number after a pronoun:
// "make ticket 4821 urgent", "make it louder", "make it 68 degrees",
// "make the bank account my default", "deixe o agente 17 offline", "deixa
// o chamado como pendente". A preposition, a conjunction, a verb or the
// clause's end after the thing leaves the verb as it was ("make the report
// for the board").
func (e *Engine) resultative(ps []piece, verbAt int) bool {
	if e.verbClass.placing[ps[verbAt].norm] {
		return e.placedAs(ps, verbAt)
	}
	if !e.verbClass.resultative[ps[verbAt].norm] {
		return false
	}
	thing, pronoun, noun := false, false, false
	for i := verbAt + 1; i < len(ps); i++ {
		pc := &ps[i]
		if pc.consumed {
			continue
		}
		function := pc.kind == pWord && pc.class == Function
		if !pronoun {
			// The thing, a noun phrase, or the state after it.
			switch {
			case !thing && function && pc.bits&fPronoun != 0 && pc.bits&fDeterminer == 0:
				thing, pronoun = true, true
				continue
			case function && pc.bits&fDeterminer != 0:
				if !thing && e.lx.Has("indefinite_article", pc.norm) {
					return false
				}
				if noun && pc.bits&fPreposition == 0 {
					return !e.lx.Has("indefinite_article", pc.norm) // a second noun phrase
				}
				continue // an article, or "do" in "a luz do quarto"
			case pc.kind == pWord && pc.class == Noun:
				thing, noun = true, true
				continue
			case function && pc.bits&fAdjective != 0:
				if noun {
					return true
				}
				continue
			case pc.kind == pValue && noun:
				continue // the thing's id
			}
		}
		// The word after the thing.
		switch {
		case !thing || pc.kind == pPunct:
			return false
		case pc.kind == pValue:
			return pronoun && pc.arg.Kind != "identifier"
		case pc.class == Unknown:
			return true
		case pc.class == Function:
			if e.lx.Has("predicative", pc.norm) {
				return true
			}
			if pc.bits&fDeterminer != 0 {
				return pc.bits&fPreposition == 0 && !e.lx.Has("indefinite_article", pc.norm)
			}
			return pc.bits&fAdjective != 0
		}
		return false
	}
	return false
}

// placedAs reports whether the placing verb at verbAt puts its thing, a
// pronoun or a noun phrase right after it, in a state: the state a
// predicative word opens ("coloca ela como indisponível", "põe o chamado
// 4821 como urgente"), or an adjective that ends the clause, right after
// the thing or after a preposition ("põe o quarto vermelho", "põe a cor do
// quarto a vermelho"). Put in a place ("põe na lista"), or made anew ("põe
// uma música alta"), a thing is not set.
func (e *Engine) placedAs(ps []piece, verbAt int) bool {
	thing, indefinite := false, false
	for i := verbAt + 1; i < len(ps); i++ {
		pc := &ps[i]
		function := pc.kind == pWord && pc.class == Function
		switch {
		case pc.consumed:
		case function && e.lx.Has("predicative", pc.norm):
			return thing
		case function && pc.bits&fPronoun != 0 && pc.bits&fDeterminer == 0 && !thing:
			thing = true
		case function && pc.bits&fDeterminer != 0 && !thing:
			indefinite = indefinite || e.lx.Has("indefinite_article", pc.norm)
		case pc.kind == pWord && pc.class == Noun:
			if thing {
				return !indefinite && e.stateEnds(ps, i)
			}
			thing = true
		case pc.kind == pValue && thing:
		case function && pc.bits&fPreposition != 0 && thing:
			if k := pieceAfter(ps, i); k > 0 && !indefinite && e.stateEnds(ps, k) {
				return true
			}
			if pc.bits&fGenitive == 0 {
				return false
			}
			// "a cor do quarto": the thing's noun phrase goes on.
			thing = false
		default:
			return false
		}
	}
	return false
}

// stateEnds reports whether ps[i] is a word that can be an adjective and
// the last word of the clause: the state a thing is put in.
func (e *Engine) stateEnds(ps []piece, i int) bool {
	pc := &ps[i]
	if pc.kind != pWord || pc.class == Verb || e.lx.Adjective == nil || !e.lx.Adjective(pc.norm) {
		return false
	}
	return pieceAfter(ps, i) < 0
}

// pieceAfter returns the index of the first piece after ps[i] that is no
// mark and was not merged into another, or -1.
func pieceAfter(ps []piece, i int) int {
	for k := i + 1; k < len(ps); k++ {
		if ps[k].kind != pPunct && !ps[k].consumed {
			return k
		}
	}
	return -1
}

// namesNameFirst reports whether the first noun phrase after a verb is a
// name: its first noun ("the name of the file", "o nome do arquivo") or
// its last ("the folder name", "the folder's name").
func (e *Engine) namesNameFirst(ps []piece) bool {
	first, last := "", ""
	for i := range ps {
		pc := &ps[i]
		switch {
		case pc.consumed:
		case pc.kind == pWord && pc.class == Noun:
			if first == "" {
				first = pc.noun.Concept
			}
			last = pc.noun.Concept
		case first != "" || pc.kind == pPunct:
			return first == nameConcept || last == nameConcept
		}
	}
	return first == nameConcept || last == nameConcept
}

// StatusConcept is the noun concept of a thing's state: what a question
// whether the thing is in a state asks to see, and implies
// (Clause.Implied).
const StatusConcept = "status"

// stateWord finds a state word said of a thing: after a noun,
// and at the end of its clause or before a word that is no noun phrase
// ("lights off in the kitchen"); before a noun phrase or a date it is a
// preposition ("lights on the porch", "flights on Friday"). It returns
// the piece's index, or -1.
func (e *Engine) stateWord(ps []piece) int {
	noun := false
	for i := range ps {
		pc := &ps[i]
		if pc.kind != pWord || pc.consumed {
			continue
		}
		if pc.class == Noun {
			noun = true
			continue
		}
		if e.forms.extra(pc.f).state != "" && noun && pc.class == Function && endsPhrase(ps[i+1:]) {
			return i
		}
	}
	return -1
}

// endsPhrase reports whether a word before rest ends its phrase: nothing
// follows it, or a function word that starts no noun phrase or date.
func endsPhrase(rest []piece) bool {
	nx := nextPiece(rest)
	if nx == nil {
		return true
	}
	return nx.kind == pWord && nx.class == Function && nx.bits&(fDeterminer|fPronoun|fWeekday|fMonth|fNumber|fOrdinal) == 0
}

// copulaAt reports whether a piece is or holds a form of "be" ("is",
// "is my", "está").
func (e *Engine) copulaAt(pc *piece) bool {
	if pc.kind != pWord || pc.consumed || pc.class != Function {
		return false
	}
	if pc.f != nil || strings.IndexByte(pc.norm, ' ') < 0 {
		// A word the table does not hold is no word of the copula class.
		return pc.f.has(fmCopula)
	}
	for w := range strings.FieldsSeq(pc.norm) {
		if e.lx.Function["copula"][w] {
			return true
		}
	}
	return false
}

// stateQuestion reads a question whether a thing is in a state: a form of
// "be", a thing (a noun), and right after the thing the state: a
// participle, a gerund or an adjective ("is the door locked?", "is the
// washer running?", "is the floor wet?", "a porta está aberta?"), or a
// state word ("is the kitchen light on?"). which is true when a question
// word asks which things are ("which lights are on?", "how many windows
// are open?"). A question word right before "be" asks for a thing, not a
// state ("what is the capital"), and another auxiliary before it asks
// something else ("can it be moved?"); an infinitive or "you" after it
// makes the verb an action ("is it possible to open the door?"). A
// question that leaves its copula out after an indefinite at firstWord,
// the clause's first word, is read as if it stood there ("any curtains
// open?"). It returns the state, as State says.
func (e *Engine) stateQuestion(ps []piece, verbAt, firstWord int) (state string, ok, which bool) {
	cop, asked, named := -1, -1, false
	for i := range ps {
		pc := &ps[i]
		if pc.kind == pPunct || pc.consumed {
			continue
		}
		if e.copulaAt(pc) {
			cop = i
			break
		}
		if pc.kind != pWord {
			continue
		}
		switch {
		case pc.class == Noun:
			named = true
		case pc.class == Function && pc.bits&fAuxiliary != 0:
			return "", false, false
		case pc.class == Function && pc.bits&fQuestion != 0:
			asked, named = i, false
		}
	}
	if cop < 0 && asked < 0 && e.elidedCopula(ps, firstWord, verbAt) {
		cop = firstWord // the thing is read after the indefinite, as after a copula
	}
	if cop < 0 || asked >= 0 && !named {
		return "", false, false
	}
	which = asked >= 0
	noun, skipped := false, false
	for i := 0; i < len(ps); i++ {
		pc := &ps[i]
		if pc.kind == pPunct || pc.consumed {
			continue
		}
		if i > cop && pc.kind == pWord && (pc.bits&fAuxiliary != 0 && !e.copulaAt(pc) || pc.norm == "to" || isYou(pc.norm)) {
			return "", false, false
		}
		if i <= cop || !noun {
			// The thing asked about: a noun, or a name ("is CO detected?"),
			// or a pronoun that stands for any thing or every thing ("is
			// anything on?", "is everything off?"), which asks which
			// things are in the state.
			if i > cop && e.thingPronoun(pc) {
				noun, which = true, true
				continue
			}
			noun = noun || pc.kind == pWord && (pc.class == Noun || pc.class == Unknown && i > cop)
			continue
		}
		prev := &ps[i-1]
		afterThing := skipped || prev.kind == pValue || prev.kind == pWord && (prev.class == Noun || prev.class == Unknown || e.copulaAt(prev) || e.thingPronoun(prev))
		skipped = false
		switch {
		case verbAt < 0 && afterThing && pc.kind == pWord && pc.class == Noun && lastWord(ps, i) && e.lx.Adjective != nil && e.lx.Adjective(pc.norm):
			// "is the floor wet?", "are the pipes cold?": the last word
			// right after the thing, which can be an adjective, is the
			// state asked about, though it can be a noun too; it names
			// no object.
			pc.class, pc.isNoun, pc.wordnet = Unknown, false, false
			return pc.norm, afterThing, which
		case pc.kind == pWord && pc.class == Noun:
		case i == verbAt:
			return pc.verb, afterThing, which
		case verbAt < 0 && pc.kind == pWord && pc.class == Function && e.forms.extra(pc.f).state != "" && endsPhrase(ps[i+1:]):
			return e.forms.extra(pc.f).state, afterThing, which
		case verbAt < 0 && pc.kind == pWord && (pc.class == Unknown && !IsName(pc.text) || pc.bits&fAdjective != 0) && lastWord(ps, i):
			return pc.norm, afterThing, which
		}
		if afterThing && pc.kind == pWord && pc.class == Function {
			// Between the thing and its state, a word of time ("is the
			// TV still on?") or a phrase that says which thing it is
			// ("is the light in the kitchen on?") leaves the state
			// after the thing.
			if pc.bits&fAdverbTime != 0 {
				skipped = true
				continue
			}
			if pc.bits&fPreposition != 0 {
				if end := qualifierEnd(ps, i); end > i {
					i, skipped = end, true
					continue
				}
			}
		}
		if pc.kind != pValue && !(pc.kind == pWord && pc.class == Noun) {
			return "", false, false
		}
	}
	return "", false, false
}

// isStateQuestion reports whether a question asks whether a thing is in
// a state (stateQuestion), leaving its pieces as they are: it asks only
// of a clause with no noun, whose pieces stateQuestion never changes.
func (e *Engine) isStateQuestion(ps []piece, verbAt, firstWord int) bool {
	for i := range ps {
		if ps[i].kind == pWord && ps[i].class == Noun {
			return false
		}
	}
	_, ok, _ := e.stateQuestion(ps, verbAt, firstWord)
	return ok
}

// thingPronoun reports whether a word is a pronoun that stands for some
// thing or every thing, of the indefinite or the quantifier class
// ("anything", "something", "everything"; "algo", "tudo"): the thing a
// question asks the state of, as a noun would name it. A personal or
// demonstrative pronoun ("it", "this") is no such word.
func (e *Engine) thingPronoun(pc *piece) bool {
	return pc.kind == pWord && pc.class == Function && pc.bits&fPronoun != 0 && pc.bits&(fDeterminer|fQuestion) == 0 &&
		(e.lx.Has("indefinite", pc.norm) || e.lx.Has("quantifier", pc.norm))
}

// qualifierEnd returns the index of the last word of the noun phrase
// after ps[i], a preposition's object: determiners and pronouns ("the",
// "my"), then one noun or more ("in the kitchen", "of the guest room"),
// with the words that can be nouns ("on my to-do list") and the names
// after a noun ("no estágio customer"); or -1 when no noun follows them.
func qualifierEnd(ps []piece, i int) int {
	end := -1
	for k := i + 1; k < len(ps); k++ {
		pc := &ps[k]
		switch {
		case pc.consumed:
			continue
		case pc.kind == pWord && (pc.class == Noun || pc.isNoun || end >= 0 && pc.class == Unknown):
			end = k
			continue
		case end < 0 && pc.kind == pWord && pc.class == Function && pc.bits&(fDeterminer|fPronoun) != 0:
			continue
		}
		break
	}
	return end
}

// indirectYesNo returns where the frame of an indirect yes-or-no question
// ends, or -1: at the start of the clause, after words of request or
// politeness and pronouns ("can you", "please", "let me"), a verb of the
// indirect class ("tell", "know", "check"; "dizer", "verificar"), at most
// two object pronouns, and a word of the whether class ("if", "whether";
// "se") before a thing and a form of "be": "tell me if the garage is
// open", "can you check whether the back door is locked?", "me diz se a
// garagem está aberta".
func (e *Engine) indirectYesNo(ps []piece) int {
	verb, pronouns := false, 0
	for i := range ps[:min(len(ps), maxFrame)] {
		pc := &ps[i]
		if pc.kind == pPunct && !verb {
			continue
		}
		if pc.kind != pWord || pc.consumed {
			return -1
		}
		switch {
		case verb && pc.f.has(fmWhether):
			// The question is whether a thing is in a state: a form of
			// "be" follows ("if the door is open"). Other words after
			// if are a condition or a message ("see if I have any open
			// invoices", "ask if she got the contract"), read as they
			// are.
			for k := i + 1; k < len(ps); k++ {
				if ps[k].kind == pWord && !ps[k].consumed && e.copulaAt(&ps[k]) && hasContent(ps[i+1:k]) {
					return i
				}
			}
			return -1
		case !verb && e.indirectVerb(pc):
			verb = true
		case !verb && pc.class == Function && pc.bits&(fRequest|fPoliteness|fAuxiliary|fPronoun|fClitic) != 0:
		case verb && pc.class == Function && pc.bits&(fPronoun|fClitic) != 0 && pronouns < 2:
			pronouns++
		default:
			return -1
		}
	}
	return -1
}

// objectQuestion reads a question whose question word determines a
// plural noun, its object, before the verb with at most function words
// between ("which emails haven't I read?", "what payments did I make?",
// "quais pedidos eu cancelei?"): the things asked for are those the verb
// says were acted on, and its action the state asked about.
func (e *Engine) objectQuestion(ps []piece, verbAt, firstWord int) (string, bool) {
	if verbAt < 0 || firstWord < 0 || verbAt <= firstWord {
		return "", false
	}
	if fw := &ps[firstWord]; fw.kind != pWord || fw.class != Function || fw.bits&fQuestion == 0 {
		return "", false
	}
	plural, nouns := false, 0
	for i := firstWord + 1; i < verbAt; i++ {
		pc := &ps[i]
		if pc.kind != pWord || pc.consumed {
			return "", false
		}
		switch {
		case pc.class == Noun && nouns == i-firstWord-1:
			nouns++
			plural = pc.isNoun && pc.noun.Plural
		case pc.class == Function && nouns > 0:
		default:
			return "", false
		}
	}
	if !plural || ps[verbAt].verb == "" {
		return "", false
	}
	return ps[verbAt].verb, true
}

// qualityQuestion reads a question about a quality: a word of the quality
// class ("how", "quão"), an adjective, and a form of "be" ("how hot is the
// office?", "how far is the airport?", "how loud is the tv?", "quão quente
// está o escritório?"). It returns the noun concept of the attribute the
// adjective gives a value of (temperature, distance, volume).
func (e *Engine) qualityQuestion(ps []piece) (concept string, at int, ok bool) {
	if e.lx.Attribute == nil {
		return "", -1, false
	}
	var words [3]int // the first three words
	n := 0
	for i := range ps {
		if pc := &ps[i]; pc.kind == pWord && !pc.consumed {
			words[n] = i
			if n++; n == len(words) {
				break
			}
		}
	}
	if n < 2 {
		return "", -1, false
	}
	adj, next, at := "", &ps[words[1]], -1
	w1 := &ps[words[1]]
	first := ps[words[0]].norm
	q, rest, _ := strings.Cut(first, " ")
	switch {
	case rest != "" && !strings.Contains(rest, " ") && e.lx.Has("quality", q) && !e.lx.Has("quality", first):
		adj = rest // "how far", one question piece
	case e.lx.Has("quality", first) && n == 3 && (w1.class != Function || w1.bits&fAdjective != 0):
		// Between "how" and "be" a word is an adjective, whatever else
		// it may be, as written.
		adj, next, at = tokenize.Normalize(w1.text), &ps[words[2]], words[1]
	default:
		return "", -1, false
	}
	if !e.copulaAt(next) {
		return "", -1, false
	}
	concept, ok = e.lx.Attribute(adj)
	return concept, at, ok
}

// lastWordBefore is the last word piece of ps, or nil.
func lastWordBefore(ps []piece) *piece {
	for k := len(ps) - 1; k >= 0; k-- {
		if ps[k].kind == pWord && !ps[k].consumed {
			return &ps[k]
		}
	}
	return nil
}

// lastWord reports whether ps[i] is the last word of its clause.
func lastWord(ps []piece, i int) bool {
	for k := i + 1; k < len(ps); k++ {
		if ps[k].kind != pPunct && !ps[k].consumed {
			return false
		}
	}
	return true
}

// negationPhrase reports whether a negation is a phrase of several words
// that no auxiliary carries ("never mind", "leave it", "no need").
func negationPhrase(pc *piece) bool {
	return strings.Contains(pc.norm, " ") && pc.bits&fAuxiliary == 0
}

// wantsBefore reports whether the word before a phrase is a frame that
// wants or asks for the verb after it ("I need to", "I'd like to"): a
// phrase that withdraws a request ("leave it", "forget it") is no
// withdrawal there, but the verb wanted ("I need to leave it for a bit").
func wantsBefore(ps []piece) bool {
	for i := len(ps) - 1; i >= 0; i-- {
		if pc := &ps[i]; pc.kind == pWord && !pc.consumed {
			return pc.class == Function && pc.bits&(fWant|fRequest) != 0 && strings.HasSuffix(pc.norm, " to")
		}
	}
	return false
}

// negatesOtherVerb reports whether a negation is the negation of the verb
// right after it, when that verb names no action ("não sei o número",
// "não funciona"): the turn reports something and asks for no less.
func (e *Engine) negatesOtherVerb(rest []piece) bool {
	nx := nextWord(rest)
	return nx != nil && nx.class == Function && nx.bits&fOtherVerb != 0 && nx.bits&fAuxiliary == 0
}

// nextIsNoun reports whether the next word of ps is a noun.
func nextIsNoun(ps []piece) bool {
	nx := nextWord(ps)
	return nx != nil && nx.class == Noun
}

// negatesLaterPart reports whether a negation after a command's verb
// negates a part of the turn of its own, not the command: the purpose
// the command serves, after a preposition ("reconhece o alerta pra parar
// de escalar", "ack it to stop the paging"), or a state reported after a
// comma with its own copula ("cancela a etiqueta, ainda não foi postada":
// not yet posted). before are the words from the verb to the negation,
// rest those after it.
func (e *Engine) negatesLaterPart(before, rest []piece) bool {
	for i := len(before) - 1; i >= 0; i-- {
		if pc := &before[i]; pc.kind != pPunct && !pc.consumed {
			if pc.kind == pWord && pc.class == Function && pc.bits&fPreposition != 0 {
				return true
			}
			break
		}
	}
	if !commaBetween(before) {
		return false
	}
	for i := range rest {
		pc := &rest[i]
		switch {
		case pc.kind == pPunct:
			return false
		case pc.kind != pWord || pc.consumed:
		case pc.class == Function && pc.bits&fPreposition != 0:
			// "no need to notify anyone", "sem precisar de avisar"
			nx := nextWord(rest[i+1:])
			return nx != nil && nx.class == Verb
		default:
			return e.copulaAt(pc) || pc.class == Verb
		}
	}
	return false
}

// auxRequest reads what follows an auxiliary that starts a clause: a
// subject ("can you show", "could I get") or an infinitive, after at
// most one object pronoun ("pode mostrar", "pode me mostrar",
// "poderia nos enviar"), make a request; anything else ("is order 5
// paid?", "did it ship?") a question.
func (e *Engine) auxRequest(ps []piece) bool {
	nx := nextWord(ps)
	if nx == nil {
		return false
	}
	if nx.bits&fPronoun != 0 && (nx.bits&fSubject != 0 || isYou(nx.norm)) {
		return true
	}
	if nx.bits&fClitic != 0 {
		for i := range ps {
			if &ps[i] == nx {
				nx = nextWord(ps[i+1:])
				break
			}
		}
	}
	return nx != nil && nx.class == Verb && e.infinitive(nx.norm)
}

// infinitive reports whether a verb is an infinitive, where the
// language marks one; a phrase by its first word, its verb ("dar
// merge"). English does not ("can show" is no request of its own: "can
// you show" is), so there the rule is the subject's alone.
func (e *Engine) infinitive(w string) bool {
	return e.rules.Infinitive != nil && e.rules.Infinitive(firstWord(w))
}

func nextWord(ps []piece) *piece {
	for i := range ps {
		if ps[i].kind == pWord && !ps[i].consumed {
			return &ps[i]
		}
		if ps[i].kind == pPunct {
			return nil
		}
	}
	return nil
}

func isYou(w string) bool {
	return w == "you" || w == "u" || w == "ya" || w == "voce" || w == "vc" || w == "vcs"
}

func hasChitchat(ps []piece) bool {
	for i := range ps {
		if ps[i].kind == pWord && ps[i].bits&fChitchat != 0 {
			return true
		}
	}
	return false
}

// precededByFrame reports whether only frames stand before the verb.
func precededByFrame(ps []piece) bool {
	for i := range ps {
		pc := &ps[i]
		if pc.kind != pWord || pc.consumed {
			continue
		}
		if pc.class != Function {
			return false
		}
		if pc.bits&(frameClasses|fAuxiliary|fPronoun|fPreposition) == 0 {
			return false
		}
	}
	return true
}

// elidedCopula reports whether a clause asks a yes-or-no question with its
// copula left out: it opens with an indefinite determiner ("any",
// "alguma"), a noun follows, and then the verb at verbAt, the state asked
// about ("any curtains open?"). The caller knows the clause ends with a
// question mark.
func (e *Engine) elidedCopula(ps []piece, first, verbAt int) bool {
	if first < 0 || verbAt <= first+1 {
		return false
	}
	fw := &ps[first]
	if fw.kind != pWord || fw.class != Function || fw.bits&fDeterminer == 0 || !e.lx.Has("indefinite", fw.norm) {
		return false
	}
	for i := first + 1; i < verbAt; i++ {
		if pc := &ps[i]; pc.kind == pWord && !pc.consumed && pc.class == Noun {
			return true
		}
	}
	return false
}

// isBase reports whether a verb (or the first word of a phrasal verb) is
// in its base form, the form of a command.
func (e *Engine) isBase(pc *piece) bool {
	if pc.f.has(fmVerb) {
		return pc.f.flags&fmIsBase != 0
	}
	return e.isBaseSlow(pc.norm)
}

func hasAux(ps []piece) bool {
	for i := range ps {
		if ps[i].kind == pWord && ps[i].class == Function && ps[i].bits&fAuxiliary != 0 {
			return true
		}
	}
	return false
}

func commaBetween(ps []piece) bool {
	for i := range ps {
		if ps[i].kind == pPunct && ps[i].punct == ',' {
			return true
		}
	}
	return false
}

func wantsBetween(ps []piece) bool {
	for i := range ps {
		if ps[i].bits&fWant != 0 {
			return true
		}
	}
	return false
}

// appendConcept appends c to s unless s holds it; a nil s is room when
// room has room for n, or made with room for n.
func appendConcept(s []string, c string, n int, room []string) []string {
	for _, x := range s {
		if x == c {
			return s
		}
	}
	if s == nil {
		if n <= cap(room) {
			s = room[:0:n]
		} else {
			s = make([]string, 0, n)
		}
	}
	return append(s, c)
}

// appendImplied appends c to the concepts a clause implies, s: a nil s
// is room's, when there is room.
func appendImplied(s []string, c string, room *clauseRoom) []string {
	if s == nil && room != nil {
		s = room.implied[:0]
	}
	return append(s, c)
}

func moveFirst(s []string, c string) []string {
	for i, x := range s {
		if x == c {
			copy(s[1:i+1], s[:i])
			s[0] = c
			return s
		}
	}
	return s
}
