package grammar

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unsafe"
)

// CheckForms compares every form of e's forms table with what the
// lexicon's, the rules' and the engine's own maps say of it, and checks
// that the table holds every word and phrase of those maps. It returns the
// first differences.
func CheckForms(e *Engine) []string {
	var diffs []string
	bad := func(format string, args ...any) {
		if len(diffs) < 20 {
			diffs = append(diffs, fmt.Sprintf(format, args...))
		}
	}
	lx, t := e.lx, e.forms
	flag := func(f *form, fl formFlag, want bool, what string) {
		if f.flags&fl != 0 != want {
			bad("%q: %s is %v, want %v", t.key(f), what, !want, want)
		}
	}
	foreign := func(w string) bool {
		for _, o := range e.rules.Others {
			if _, ok := o.Actions[w]; ok {
				return true
			}
			if _, ok := o.Nouns[w]; ok {
				return true
			}
			for _, words := range o.Function {
				if words[w] {
					return true
				}
			}
		}
		return false
	}
	for i := range t.all {
		f := &t.all[i]
		w := t.key(f)
		if g := t.get(w); g != f {
			bad("%q: get finds another form", w)
		}
		if f.bits != e.bits[w] {
			bad("%q: bits %b, want %b", w, f.bits, e.bits[w])
		}
		v, isVerb := lx.Actions[w]
		flag(f, fmVerb, isVerb, "verb")
		if !isVerb && lx.WordVerb != nil {
			v, _ = lx.WordVerb(w)
		}
		if t.verb(f) != v {
			bad("%q: verb %q, want %q", w, t.verb(f), v)
		}
		nf, isNoun := lx.Nouns[w]
		flag(f, fmNoun, isNoun, "noun")
		if t.noun(f) != nf {
			bad("%q: noun %v, want %v", w, t.noun(f), nf)
		}
		flag(f, fmKnown, e.bits[w] != 0 || isVerb || isNoun, "known")
		var plural NounForm
		pluralOK := false
		if !isNoun && e.rules.PluralOnly != nil {
			plural, pluralOK = e.rules.PluralOnly(w, lx)
		}
		flag(f, fmPluralOnly, pluralOK, "plural only")
		x := t.extra(f)
		if x.plural != plural {
			bad("%q: plural %v, want %v", w, x.plural, plural)
		}
		multi := strings.Contains(w, " ")
		if isVerb {
			flag(f, fmIsBase, e.isBaseSlow(w), "a command's")
		}
		flag(f, fmBase, e.base[w], "base")
		flag(f, fmNegVerb, e.negVerbs[w], "negation verb")
		flag(f, fmModal, lx.Function["modal"][w], "modal")
		flag(f, fmComplementizer, lx.Function["complementizer"][w], "complementizer")
		flag(f, fmReporting, e.reporting[w], "reporting")
		flag(f, fmNaming, e.naming[w], "naming")
		flag(f, fmHelpNoun, lx.Function["help_noun"][w], "help noun")
		flag(f, fmWhether, lx.Function["whether"][w], "whether")
		flag(f, fmCurrency, lx.Values["currency"][w] != "", "currency")
		copula := false
		for word := range strings.FieldsSeq(w) {
			copula = copula || lx.Function["copula"][word]
		}
		flag(f, fmCopula, copula || lx.Function["copula"][w], "copula")
		sp := strings.LastIndexByte(w, ' ')
		flag(f, fmIndirect, lx.Indirect[w] || sp >= 0 && lx.Indirect[w[sp+1:]], "indirect")
		flag(f, fmForeign, foreign(w), "foreign")
		flag(f, fmLastAux, e.lastAux(w), "last word an auxiliary")
		flag(f, fmOfNouns, multi && lx.OfNouns(w), "of nouns")
		flag(f, fmApart, multi && isNoun && e.apart(nf.Concept, w), "apart")
		month, _ := smallInt(lx.Values["month"][w])
		if x.month != month {
			bad("%q: month %d, want %d", w, x.month, month)
		}
		ov, ordinal := lx.Values["ordinal"][w]
		flag(f, fmOrdinal, ordinal, "ordinal")
		day, ok := smallInt(ov)
		if !ok || day < 1 || day > 31 {
			day = 0
		}
		if x.day != day {
			bad("%q: day %d, want %d", w, x.day, day)
		}
		if n, _ := lx.Number(w); x.number != n {
			bad("%q: number %d, want %d", w, x.number, n)
		}
		wd, isWeekday := e.rules.Weekdays[w]
		flag(f, fmWeekday, isWeekday, "weekday")
		if x.weekday != wd {
			bad("%q: weekday %v, want %v", w, x.weekday, wd)
		}
		off, isDay := e.rules.DayOffsets[w]
		flag(f, fmDayOffset, isDay, "day offset")
		if x.dayOffset != off {
			bad("%q: day offset %d, want %d", w, x.dayOffset, off)
		}
		if x.state != lx.Values["state"][w] {
			bad("%q: state %q, want %q", w, x.state, lx.Values["state"][w])
		}
		asks, isAsks := lx.Asks[w]
		flag(f, fmAsks, isAsks, "asks")
		if !slices.Equal(x.asks, asks) {
			bad("%q: asks %q, want %q", w, x.asks, asks)
		}
		ps, isParticle := lx.Particles[w]
		flag(f, fmParticle, isParticle, "particle")
		if !maps.Equal(x.particles, ps) {
			bad("%q: particles %v, want %v", w, x.particles, ps)
		}
		flag(f, fmValue, x.month != 0 || x.day != 0 || f.bits&(fNumber|fNext) != 0 || isWeekday || isDay, "value")
	}
	// Every word of the maps is held.
	holds := func(w, of string) {
		if t.get(w) == nil {
			bad("%q of %s is not in the table", w, of)
		}
	}
	for w := range e.bits {
		holds(w, "bits")
	}
	for w := range lx.Actions {
		holds(w, "actions")
	}
	for w := range lx.Nouns {
		holds(w, "nouns")
	}
	for class, words := range lx.Function {
		for w := range words {
			holds(w, class)
		}
	}
	for class, vals := range lx.Values {
		for w := range vals {
			holds(w, class)
		}
	}
	for w := range lx.Particles {
		holds(w, "particles")
	}
	for w := range e.rules.Weekdays {
		holds(w, "weekdays")
	}
	for w := range e.rules.DayOffsets {
		holds(w, "day offsets")
	}
	for w := range e.reporting {
		holds(w, "reporting's first words")
	}
	for w := range e.naming {
		holds(w, "naming's first words")
	}
	return diffs
}

// FormsSize returns the bytes an engine's forms table and fuzzy index take,
// counted from their arrays, and how many forms the table holds.
func FormsSize(e *Engine) (forms, fuzzy, n int) {
	t := e.forms
	forms = len(t.all)*int(unsafe.Sizeof(form{})) + strTableSize(t.keys) +
		len(t.pairs.keys)*8 + len(t.pairs.vals)*4 + len(t.verbs)*16 +
		len(t.nouns)*int(unsafe.Sizeof(NounForm{})) + len(t.extras)*int(unsafe.Sizeof(formExtra{}))
	fx := e.fuzzy
	fuzzy = strTableSize(fx.words) + strTableSize(fx.keys) + len(fx.listEnd)*4 + len(fx.list)*4 + len(fx.filter)*8
	return forms, fuzzy, len(t.all)
}

func strTableSize(t *strTable) int {
	return len(t.text) + len(t.end)*4 + len(t.slots)*4
}

// BuildForms builds e's forms table again, for timing.
func BuildForms(e *Engine) error { return e.buildForms() }

// Guesses is e.guesses: the words w may be a slip of typing for.
func Guesses(e *Engine, w string) []string { return e.guesses(w) }

// GuessesHeld is how many words e's cache of guesses holds.
func GuessesHeld(e *Engine) int { return e.guessed.Len() }

// MaxGuesses is the bound of an Engine's cache of guesses.
const MaxGuesses = maxGuesses

// WordnetNoun is e.wordnetNoun: what Lexicon.WordNoun reads of w, kept.
func WordnetNoun(e *Engine, w string) (NounForm, bool, bool) { return e.wordnetNoun(w) }
