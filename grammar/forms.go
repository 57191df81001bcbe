package grammar

import (
	"fmt"
	"hash/maphash"
	"slices"
	"strings"
	"time"
)

// The forms table: what an engine knows of every written form (a word, or a
// phrase of several words, normalised), gathered once when the engine is
// built, so that reading a word costs one look-up however many classes,
// values and phrases it takes part in. Every field is what the lexicon's,
// the rules' and the engine's own maps say of the form, and what the
// functions of the rules and the lexicon (Rules.PluralOnly,
// Rules.Imperative, Lexicon.WordVerb) say of it; a form the table does not
// hold is in none of the maps, and Parse asks those functions of it
// itself. TestForms checks the table against the maps.

// formFlag says what a form is, besides its function classes.
type formFlag uint32

const (
	// fmKnown: the lexicon holds the form as it is, as a function word
	// of a class with a bit, an action or a noun (no split is tried).
	fmKnown formFlag = 1 << iota
	// fmVerb: an action form (Lexicon.Actions).
	fmVerb
	// fmNoun: a noun form (Lexicon.Nouns).
	fmNoun
	// fmPhrase: an entry of several words, or a run of two or more of
	// its first words (the phrases tried from a word are no longer).
	fmPhrase
	// fmPhraseFirst: the first word of an entry of several words.
	fmPhraseFirst
	// fmOfNouns: a phrase made of nouns only (Lexicon.OfNouns).
	fmOfNouns
	// fmApart: a compound noun read word by word (Engine.apart).
	fmApart
	// fmParticle: a particle that completes a phrasal verb
	// (Lexicon.Particles).
	fmParticle
	// fmParticlePrefix: a run of the first words of a particle of
	// several words.
	fmParticlePrefix
	// fmParticleVerb: a verb form a particle completes.
	fmParticleVerb
	// fmNegVerb: a negation that is also a verb ("stop").
	fmNegVerb
	// fmBase: the base form of an action word.
	fmBase
	// fmIsBase: an action form that is a command's (Engine.isBase;
	// isBase reads any other form itself).
	fmIsBase
	// fmModal: a word of the modal class.
	fmModal
	// fmCopula: the form is or holds a word of the copula class.
	fmCopula
	// fmIndirect: the form, or its last word, is a verb of the indirect
	// class.
	fmIndirect
	// fmLastAux: the last word of a phrase is an auxiliary.
	fmLastAux
	// fmForeign: a lexicon of another language knows the form.
	fmForeign
	// fmOrdinal: a word of the ordinal class.
	fmOrdinal
	// fmWeekday: a weekday of the rules (Rules.Weekdays).
	fmWeekday
	// fmDayOffset: a day of Rules.DayOffsets.
	fmDayOffset
	// fmAsks: a word of the asks class.
	fmAsks
	// fmPluralOnly: Rules.PluralOnly reads the form as a plural noun.
	fmPluralOnly
	// fmValue: the form may start a value: a month, an ordinal day, a
	// number word, a day (today, monday) or the word that makes a weekday
	// the next one.
	fmValue
	// fmComplementizer: a word of the complementizer class.
	fmComplementizer
	// fmReporting: the first word of a phrase of the reporting class
	// (Engine.reporting).
	fmReporting
	// fmNaming: the first word of a phrase of the naming class
	// (Engine.naming).
	fmNaming
	// fmHelpNoun: a word of the help_noun class.
	fmHelpNoun
	// fmWhether: a word of the whether class.
	fmWhether
	// fmCurrency: a word of the currency class (its values).
	fmCurrency
)

// form is what an engine knows of one written form. It holds no pointer:
// its strings are numbers into its table's. It takes 32 bytes, so that a
// look-up reads one cache line of the forms. A form is read only once the
// table is built.
type form struct {
	// key0 and key1 are the first 12 bytes of the key (see packKey), and
	// keyLen its length (at most maxNumber): a look-up compares them, and
	// reads the key itself only when it is longer.
	key0  uint64
	bits  uint32
	flags formFlag
	// id is the form's number: its key is the table's string id.
	id   uint32
	key1 uint32
	// verb is the number of the action concept: of an action form
	// (fmVerb), or else the one Lexicon.WordVerb gives; 0 for none.
	verb uint16
	// noun is the number of the noun form (fmNoun), or 0.
	noun uint16
	// x is the number of the rarer facts, or 0 when the form has none.
	x      uint16
	keyLen uint16
}

// maxNumber is the most action concepts, noun words and sets of rarer
// facts a forms table numbers, and the longest key length it holds (a
// longer key is compared in full).
const maxNumber = 1<<16 - 1

// inline is how many bytes of a key a form holds.
const inline = 12

// formExtra holds what few forms have.
type formExtra struct {
	// plural is the reading of Rules.PluralOnly (fmPluralOnly).
	plural NounForm
	// month is the number of the month the form names, or 0.
	month int
	// day is the day an ordinal names (1 to 31), or 0.
	day int
	// number is the value Lexicon.Number gives.
	number int
	// weekday is the day of the week (fmWeekday).
	weekday time.Weekday
	// dayOffset is the day's offset from today (fmDayOffset).
	dayOffset int
	// state is the value of the state class, or "".
	state string
	// asks are the concepts of the asks class (fmAsks).
	asks []string
	// particles maps a verb form to the phrasal verb the form completes
	// (fmParticle).
	particles map[string]string
}

// noExtra is the extra of a form that has none.
var noExtra formExtra

// forms is an engine's forms table: the forms by the number of their key,
// and the strings, noun forms and rarer facts they name by number, the
// first of each (number 0) empty.
type forms struct {
	keys   *strTable
	pairs  pairTable
	all    []form
	verbs  []string
	nouns  []NounForm
	extras []formExtra
}

// get returns the form of w, or nil when the table does not hold it.
func (t *forms) get(w string) *form {
	if len(t.keys.slots) == 0 {
		return nil
	}
	return lookupForm(t, w, maphash.String(t.keys.seed, w))
}

// getBytes returns the form b spells, or nil when the table does not hold
// it.
func (t *forms) getBytes(b []byte) *form {
	if len(t.keys.slots) == 0 {
		return nil
	}
	return lookupForm(t, b, maphash.Bytes(t.keys.seed, b))
}

// lookupForm finds the form of key k, whose hash is h, in a table with
// slots.
func lookupForm[S string | []byte](t *forms, k S, h uint64) *form {
	kt := t.keys
	k0, k1 := packKey(k)
	kl := uint16(min(len(k), maxNumber))
	mask := uint64(len(kt.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := kt.slots[i]
		if sl == 0 {
			return nil
		}
		if n, ok := kt.number(sl, h); ok {
			if f := &t.all[n]; f.key0 == k0 && f.key1 == k1 && f.keyLen == kl && (len(k) <= inline || kt.str(n) == string(k)) {
				return f
			}
		}
	}
}

// packKey returns the first 12 bytes of a key as two numbers,
// little-endian, 0 past its end.
func packKey[S string | []byte](k S) (k0 uint64, k1 uint32) {
	switch {
	case len(k) >= inline:
		return le64(k[:8]), uint32(tail(k[8:inline]))
	case len(k) >= 8:
		return le64(k[:8]), uint32(tail(k[8:]))
	}
	return tail(k), 0
}

// le64 reads 8 bytes, little-endian.
func le64[S string | []byte](b S) uint64 {
	_ = b[7]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// tail reads fewer than 8 bytes, little-endian, 0 past their end.
func tail[S string | []byte](b S) uint64 {
	var n uint64
	for i := len(b) - 1; i >= 0; i-- {
		n = n<<8 | uint64(b[i])
	}
	return n
}

// key returns the form as written.
func (t *forms) key(f *form) string { return t.keys.str(f.id) }

// verb returns the action concept of f, or "".
func (t *forms) verb(f *form) string {
	if f == nil {
		return ""
	}
	return t.verbs[f.verb]
}

// noun returns the noun form of f, or the zero NounForm.
func (t *forms) noun(f *form) NounForm {
	if f == nil {
		return NounForm{}
	}
	return t.nouns[f.noun]
}

// extra returns the rarer facts of f, none for nil or a form with none.
func (t *forms) extra(f *form) *formExtra {
	if f == nil || f.x == 0 {
		return &noExtra
	}
	return &t.extras[f.x]
}

// has reports whether f, which may be nil, has the flag.
func (f *form) has(flag formFlag) bool { return f != nil && f.flags&flag != 0 }

// classes returns the function classes of a form, as bits; none for nil.
func (f *form) classes() uint32 {
	if f == nil {
		return 0
	}
	return f.bits
}

// buildForms gathers the forms table of an engine whose bits, base forms,
// negation verbs and rules are set. Each map is read once,
// each of its entries setting what it says of its form; then each form is
// read for what depends on the form as a whole.
func (e *Engine) buildForms() error {
	lx := e.lx
	n := len(e.bits) + 2*len(lx.Actions) + len(lx.Nouns) // the phrases' runs among them
	for _, other := range e.rules.Others {
		n += len(other.Actions) + len(other.Nouns)
	}
	t := &forms{keys: newStrTable(n), all: make([]form, 0, n),
		verbs: []string{""}, nouns: append(make([]NounForm, 0, len(lx.Nouns)+1), NounForm{}), extras: []formExtra{{}}}
	// number numbers the next concept, noun form or set of facts; past
	// maxNumber, it is 0, and the engine reports the lexicon too large.
	tooMany := false
	number := func(n int) uint16 {
		if n > maxNumber {
			tooMany = true
			return 0
		}
		return uint16(n)
	}
	at := func(w string) *form {
		i := t.keys.addString(w)
		if int(i) == len(t.all) {
			t.all = append(t.all, form{id: i})
		}
		return &t.all[i] // good until the next form is added
	}
	extra := func(w string) *formExtra {
		f := at(w)
		if f.x == 0 {
			f.x = number(len(t.extras))
			t.extras = append(t.extras, formExtra{})
		}
		return &t.extras[f.x] // good until the next extra is added
	}
	verbs := map[string]uint16{}
	verbNumber := func(v string) uint16 {
		i, ok := verbs[v]
		if !ok {
			i = number(len(t.verbs))
			verbs[v] = i
			t.verbs = append(t.verbs, v)
		}
		return i
	}
	for w, v := range lx.Actions {
		f := at(w)
		f.verb = verbNumber(v)
		f.flags |= fmVerb
	}
	for w, nf := range lx.Nouns {
		f := at(w)
		f.noun = number(len(t.nouns))
		f.flags |= fmNoun
		t.nouns = append(t.nouns, nf)
	}
	for w, b := range e.bits {
		at(w).bits = b
	}
	// Every entry of several words (of bits, the actions and the nouns)
	// and each run of its first words, two or more (fmPhrase): phrases
	// tries no longer run than one of these. The first two words of each,
	// by their forms, map to the form of the two.
	type pair struct{ a, b, ab uint32 }
	var pairs []pair
	phrase := func(w string) {
		sp := strings.IndexByte(w, ' ')
		if sp < 0 {
			return
		}
		f := at(w[:sp])
		f.flags |= fmPhraseFirst
		first := f.id
		for k := sp; ; {
			end := len(w)
			if next := strings.IndexByte(w[k+1:], ' '); next >= 0 {
				end = k + 1 + next
			}
			f := at(w[:end])
			f.flags |= fmPhrase
			if k == sp {
				ab := f.id
				pairs = append(pairs, pair{first, at(w[sp+1 : end]).id, ab})
			}
			if end == len(w) {
				break
			}
			k = end
		}
	}
	for w := range e.bits {
		phrase(w)
	}
	for w := range lx.Actions {
		phrase(w)
	}
	for w := range lx.Nouns {
		phrase(w)
	}
	t.pairs = newPairTable(len(pairs))
	for _, p := range pairs {
		t.pairs.put(p.a, p.b, p.ab)
	}
	for class, words := range lx.Function {
		for w := range words {
			f := at(w)
			switch class {
			case "modal":
				f.flags |= fmModal
			case "copula":
				f.flags |= fmCopula
			case "complementizer":
				f.flags |= fmComplementizer
			case "help_noun":
				f.flags |= fmHelpNoun
			case "whether":
				f.flags |= fmWhether
			}
		}
	}
	for w := range lx.Indirect {
		at(w).flags |= fmIndirect
	}
	for w := range e.base {
		at(w).flags |= fmBase
	}
	for w := range e.negVerbs {
		at(w).flags |= fmNegVerb
	}
	for class, vals := range lx.Values {
		for w, v := range vals {
			at(w)
			switch class {
			case "month":
				if m, ok := smallInt(v); ok && m != 0 {
					extra(w).month = m
				}
			case "currency":
				at(w).flags |= fmCurrency
			case "ordinal":
				at(w).flags |= fmOrdinal
				if d, ok := smallInt(v); ok && d >= 1 && d <= 31 {
					extra(w).day = d
				}
			case "number_word":
				if n, _ := lx.Number(w); n != 0 {
					extra(w).number = n
				}
			case "state":
				extra(w).state = v
			}
		}
	}
	for w, concepts := range lx.Asks {
		extra(w).asks = concepts
		at(w).flags |= fmAsks
	}
	for w, wd := range e.rules.Weekdays {
		extra(w).weekday = wd
		at(w).flags |= fmWeekday
	}
	for w, off := range e.rules.DayOffsets {
		extra(w).dayOffset = off
		at(w).flags |= fmDayOffset
	}
	for p, verbs := range lx.Particles {
		extra(p).particles = verbs
		at(p).flags |= fmParticle
		for k := strings.IndexByte(p, ' '); k >= 0; k = nextSpace(p, k) {
			at(p[:k]).flags |= fmParticlePrefix
		}
		for v := range verbs {
			at(v).flags |= fmParticleVerb
		}
	}
	for _, other := range e.rules.Others {
		for w := range other.Actions {
			at(w).flags |= fmForeign
		}
		for w := range other.Nouns {
			at(w).flags |= fmForeign
		}
		for _, words := range other.Function {
			for w := range words {
				at(w).flags |= fmForeign
			}
		}
	}
	t.keys.seal()
	for i := range t.all {
		f := &t.all[i]
		k := t.key(f)
		f.key0, f.key1 = packKey(k)
		f.keyLen = uint16(min(len(k), maxNumber))
	}
	// The first words of the reporting and naming phrases are marked;
	// the table holds each as a word of the lexicon (CheckForms checks
	// it), and adds none: Parse reads a word the table does not hold
	// apart.
	for w := range e.reporting {
		if i, ok := t.keys.findString(w); ok {
			t.all[i].flags |= fmReporting
		}
	}
	for w := range e.naming {
		if i, ok := t.keys.findString(w); ok {
			t.all[i].flags |= fmNaming
		}
	}
	// What depends on the form as a whole, or on its words.
	for i := range t.all {
		f := &t.all[i]
		w := t.key(f)
		if f.flags&fmVerb == 0 && lx.WordVerb != nil {
			// A word the lexicon lists no action for reads as the
			// action WordVerb gives, where a word is read alone.
			if v, _ := lx.WordVerb(w); v != "" {
				f.verb = verbNumber(v)
			}
		}
		if f.bits != 0 || f.flags&(fmVerb|fmNoun) != 0 {
			f.flags |= fmKnown
		}
		if x := t.extra(f); x.month != 0 || x.day != 0 || f.bits&(fNumber|fNext) != 0 || f.flags&(fmDayOffset|fmWeekday) != 0 {
			f.flags |= fmValue
		}
		if f.flags&fmNoun == 0 && e.rules.PluralOnly != nil {
			if nf, ok := e.rules.PluralOnly(w, lx); ok {
				if f.x == 0 {
					f.x = number(len(t.extras))
					t.extras = append(t.extras, formExtra{})
				}
				t.extras[f.x].plural = nf
				f.flags |= fmPluralOnly
			}
		}
		if f.flags&fmVerb != 0 && e.isBaseOf(t, f, w) {
			// Only a verb is asked whether it is a command's; isBase
			// reads any other form itself.
			f.flags |= fmIsBase
		}
		sp := strings.LastIndexByte(w, ' ')
		if sp < 0 {
			continue
		}
		// A phrase, read through its words' forms: a word's own flags
		// and bits are the maps' (Nouns, Actions, copula, Indirect, the
		// bits), set above; a word that has no form is in none of them.
		ofNouns := true // Lexicon.OfNouns
		for word := range strings.FieldsSeq(w) {
			wf := t.get(word)
			if wf.has(fmCopula) {
				f.flags |= fmCopula
			}
			if !wf.has(fmNoun) || wf.has(fmVerb) {
				ofNouns = false
			}
		}
		if ofNouns {
			f.flags |= fmOfNouns
		}
		if f.flags&fmNoun != 0 && e.apart(t.nouns[f.noun].Concept, w) {
			f.flags |= fmApart
		}
		last := t.get(w[sp+1:])
		if last.classes()&fAuxiliary != 0 { // Engine.lastAux
			f.flags |= fmLastAux
		}
		if last.has(fmIndirect) {
			f.flags |= fmIndirect
		}
	}
	if tooMany {
		return fmt.Errorf("the lexicon has more than %d action concepts, noun words or words with values: too many for its forms table", maxNumber)
	}
	t.all = slices.Clip(t.all)
	t.extras = slices.Clip(t.extras)
	e.forms = t
	return nil
}

// nextSpace returns the index of the space after index k of s, or -1.
func nextSpace(s string, k int) int {
	if j := strings.IndexByte(s[k+1:], ' '); j >= 0 {
		return k + 1 + j
	}
	return -1
}

// form returns the form of w, or nil when the table does not hold it.
func (e *Engine) form(w string) *form { return e.forms.get(w) }

// firstHas reports whether the form of the first word of a piece's
// norm has flag: the piece's own form, for a piece of one word.
func (e *Engine) firstHas(pc *piece, flag formFlag) bool {
	if strings.IndexByte(pc.norm, ' ') < 0 {
		return pc.f.has(flag)
	}
	return e.form(firstWord(pc.norm)).has(flag)
}

// formOf returns the form of the phrase in b, or nil.
func (e *Engine) formOf(b []byte) *form { return e.forms.getBytes(b) }

// isBaseOf is isBaseSlow for the form f of norm, its words' base forms
// read from the table t being built (fmBase is e.base's).
func (e *Engine) isBaseOf(t *forms, f *form, norm string) bool {
	if f.flags&fmBase != 0 {
		return true
	}
	first, _, phrasal := strings.Cut(norm, " ")
	if phrasal && t.get(first).has(fmBase) {
		return true
	}
	return e.rules.Imperative != nil && e.rules.Imperative(first)
}

// isBaseSlow is isBase by the maps and rules themselves.
func (e *Engine) isBaseSlow(norm string) bool {
	first, _, _ := strings.Cut(norm, " ")
	return e.base[first] || e.base[norm] || e.rules.Imperative != nil && e.rules.Imperative(first)
}

// pairTable maps two forms' numbers to a third's: the first two words of
// a phrase to the form of the two. It holds no pointer. It is read only
// once built. The zero pairTable holds no pair.
type pairTable struct {
	keys []uint64 // (first + 1) << 32 | (second + 1), or 0 for an empty slot
	vals []uint32
}

// newPairTable returns an empty table with room for n pairs.
func newPairTable(n int) pairTable {
	size := slotsFor(n)
	return pairTable{keys: make([]uint64, size), vals: make([]uint32, size)}
}

// slot returns where the pair's key is, or the empty slot where it
// goes.
func (t *pairTable) slot(key uint64) int {
	mask := uint64(len(t.keys) - 1)
	i := key * 0x9e3779b97f4a7c15 >> 32 & mask
	for t.keys[i] != 0 && t.keys[i] != key {
		i = (i + 1) & mask
	}
	return int(i)
}

// put maps the pair a, b to v. The table must have room.
func (t *pairTable) put(a, b, v uint32) {
	key := uint64(a+1)<<32 | uint64(b+1)
	i := t.slot(key)
	t.keys[i], t.vals[i] = key, v
}

// get returns what the pair a, b maps to, and whether the table holds it.
func (t *pairTable) get(a, b uint32) (uint32, bool) {
	if len(t.keys) == 0 {
		return 0, false
	}
	key := uint64(a+1)<<32 | uint64(b+1)
	i := t.slot(key)
	return t.vals[i], t.keys[i] == key
}
