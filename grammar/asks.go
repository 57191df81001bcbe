package grammar

import "strings"

// asks returns the noun concepts a clause's question word asks for (the
// lexicon's asks class: "when" asks for a date or a time), or nil. The
// slice is the lexicon's. A question word asks only where the clause asks
// something (neither negated nor withdrawn) and the word stands where a
// question puts it, by rules that hold in English and Portuguese alike:
//
//   - in a question (Act Question), the word starts the clause ("when does
//     the store open?", "e quando vence?"), follows a preposition that
//     starts it ("since when", "desde quando", "a que horas"), follows a
//     comma after the thing asked about ("the invoice, when is it due?",
//     "e a fatura, quando vence?"), or ends a clause that ends with a
//     question mark, right after its verb or after a preposition that
//     follows the verb ("it's due when?", "a reunião é quando?", "foi
//     enviado pra onde?");
//   - in a question, a request or a command, the word follows a verb of
//     the indirect class, with at most two object pronouns between: an
//     indirect question ("tell me when the store opens", "I want to know
//     where my order is", "me diz quando a loja abre", "quero saber onde
//     está").
//
// Elsewhere the word is a relative ("the office where I work", "a loja
// onde eu trabalho") and asks nothing. A question word that is also a
// conjunction (when, quando) opens a subordinate clause rather than a
// question (subordinate), and a question word before a subject and a
// verb in the future subjunctive (Portuguese "quando o pedido chegar")
// speaks of a time to come (futureSubjunctive): neither asks. Of the
// words that ask, the first wins.
func (e *Engine) asks(ps []piece, act Act, negated bool, firstWord int, endsQ, mainAfter bool) []string {
	if negated || len(e.lx.Asks) == 0 || act != Question && act != Request && act != Imperative {
		return nil
	}
	for i := range ps {
		pc := &ps[i]
		if pc.kind != pWord || pc.consumed || pc.class != Function || pc.bits&fQuestion == 0 {
			continue
		}
		if !pc.f.has(fmAsks) {
			continue
		}
		concepts := e.forms.extra(pc.f).asks
		switch {
		case act == Question && e.questionAt(ps, i, firstWord, endsQ):
			if e.subordinate(ps, i, endsQ, mainAfter) {
				continue
			}
		case e.indirectAt(ps, i):
		default:
			continue
		}
		if e.futureSubjunctive(ps[i+1:]) {
			continue
		}
		return concepts
	}
	return nil
}

// questionAt reports whether the question word ps[i] stands where a
// direct question puts it: first in its clause, after a preposition that
// starts the clause, after a comma, or last after its verb (or after a
// preposition after its verb) in a clause that ends with a question mark.
func (e *Engine) questionAt(ps []piece, i, firstWord int, endsQ bool) bool {
	if i == firstWord {
		return true
	}
	k := before(ps, i)
	if k < 0 {
		return false
	}
	prev := &ps[k]
	switch {
	case prev.kind == pPunct:
		return prev.punct == ','
	case prev.kind != pWord:
		return false
	case k == firstWord && prev.class == Function && prev.bits&fPreposition != 0:
		return true
	case !endsQ || !lastWord(ps, i):
		return false
	case e.verbAt(prev):
		return true
	case prev.class == Function && prev.bits&fPreposition != 0:
		j := before(ps, k)
		return j >= 0 && e.verbAt(&ps[j])
	}
	return false
}

// verbAt reports whether a piece is a verb: an action, an auxiliary, a
// form of "be", or a verb that names no action.
func (e *Engine) verbAt(pc *piece) bool {
	if pc.kind != pWord || pc.consumed {
		return false
	}
	return pc.class == Verb || pc.class == Function && pc.bits&(fAuxiliary|fOtherVerb) != 0 || e.copulaAt(pc)
}

// indirectAt reports whether the question word ps[i] opens an indirect
// question: it follows a verb of the lexicon's indirect class ("tell",
// "know"; "dizer", "saber", or a phrase that ends with one: "quero
// saber"), with at most two object pronouns between ("tell me when",
// "can you tell us where").
func (e *Engine) indirectAt(ps []piece, i int) bool {
	if len(e.lx.Indirect) == 0 {
		return false
	}
	k := i
	for skipped := 0; ; skipped++ {
		if k = before(ps, k); k < 0 || ps[k].kind != pWord {
			return false
		}
		pc := &ps[k]
		if pc.class == Function && pc.bits&(fPronoun|fClitic) != 0 && skipped < 2 {
			continue
		}
		if pc.class != Verb && pc.class != Function {
			return false
		}
		return e.indirectVerb(pc)
	}
}

// indirectVerb reports whether a word is a verb of the indirect class, or
// a phrase that ends with one ("quero saber", "let me know"): its form
// says so, or, for a word with no form, the lexicon.
func (e *Engine) indirectVerb(pc *piece) bool {
	if pc.f != nil {
		return pc.f.flags&fmIndirect != 0
	}
	if e.lx.Indirect[pc.norm] {
		return true
	}
	sp := strings.LastIndexByte(pc.norm, ' ')
	return sp >= 0 && e.lx.Indirect[pc.norm[sp+1:]]
}

// subordinate reports whether a question word that is also a conjunction
// (when, quando) opens a subordinate clause rather than a question, in a
// clause that does not end with a question mark:
//
//   - where a question puts its verb before its subject (Rules.Inverts:
//     English), when a subject follows the word straight ("when I log
//     in", "when the backup finishes");
//   - in any language, when no auxiliary or form of "be" follows the word
//     straight ("when is", "quando é" ask) and a main clause follows after
//     a comma, in the clause or as the next one ("quando chegar, me
//     avisa"; mainAfter).
func (e *Engine) subordinate(ps []piece, i int, endsQ, mainAfter bool) bool {
	q := &ps[i]
	if endsQ || q.bits&fConjunction == 0 {
		return false
	}
	nx := nextWord(ps[i+1:])
	if e.rules.Inverts && nx != nil && (nx.class == Noun || nx.class == Function && nx.bits&(fPronoun|fDeterminer) != 0) {
		return true
	}
	if nx != nil && nx.class == Function && (nx.bits&fAuxiliary != 0 || e.copulaAt(nx)) {
		return false // "when is", "quando é": the question's verb
	}
	if q.f.has(fmLastAux) || q.f == nil && e.lastAux(q.norm) {
		return false // "quando vai": the phrase holds the question's verb
	}
	if mainAfter {
		return true
	}
	for k := i + 1; k < len(ps); k++ {
		if ps[k].kind == pPunct && ps[k].punct == ',' && hasContent(ps[k+1:]) {
			return true
		}
	}
	return false
}

// futureSubjunctive reports whether the words after a question word are
// a subject and then a verb with the shape of an infinitive and no
// auxiliary before it, where the language marks infinitives: in
// Portuguese the future subjunctive of a time to come ("quando o pedido
// chegar", "quando eu entrar"), which asks nothing; a question asks with
// the indicative ("quando a loja abre?") or an auxiliary ("quando vai
// chegar?").
func (e *Engine) futureSubjunctive(rest []piece) bool {
	if e.rules.Infinitive == nil {
		return false
	}
	subject := false
	for k := range rest {
		pc := &rest[k]
		if pc.kind == pPunct {
			return false
		}
		if pc.kind != pWord || pc.consumed {
			continue
		}
		switch {
		case pc.class == Verb || pc.class == Function && pc.bits&(fAuxiliary|fOtherVerb) != 0:
			return subject && pc.bits&fAuxiliary == 0 && e.rules.Infinitive(pc.norm)
		case pc.class == Noun || pc.class == Function && pc.bits&fPronoun != 0:
			subject = true
		}
	}
	return false
}

// before returns the index of the piece before ps[i] that is not part of
// a phrasal verb further back, or -1.
func before(ps []piece, i int) int {
	for k := i - 1; k >= 0; k-- {
		if !ps[k].consumed {
			return k
		}
	}
	return -1
}

// lastAux reports whether the last word of a phrase is an auxiliary.
func (e *Engine) lastAux(phrase string) bool {
	sp := strings.LastIndexByte(phrase, ' ')
	return sp >= 0 && e.bits[phrase[sp+1:]]&fAuxiliary != 0
}
