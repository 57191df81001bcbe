package grammar

import (
	"bufio"
	"bytes"
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/stalwart-agents/stalwart/tokenize"
)

// Lexicon maps the words of one language to concepts. It is built once by
// LoadLexicon and only read after: safe for concurrent use. The zero Lexicon
// knows no word: its lookups find nothing.
type Lexicon struct {
	// Actions maps every form of an action word or phrase ("show",
	// "shown", "turn on", "turned off") to its concept.
	Actions map[string]string
	// ActionWords maps an action concept to its base words, in file order.
	ActionWords map[string][]string
	// Near maps an action concept to the concepts close to it.
	Near map[string][]string
	// Antonyms maps an action concept to its opposites.
	Antonyms map[string][]string
	// Nouns maps every form of an object noun to its concept and number.
	Nouns map[string]NounForm
	// NounWords maps a noun concept to its singular words, in file order.
	NounWords map[string][]string
	// Function maps a class of function words (determiner, negation,
	// politeness, ...) to its words and phrases.
	Function map[string]map[string]bool
	// Values maps the words of the valued classes (number_word, ordinal,
	// weekday, month, currency, currency_symbol, state, asks) to their
	// values, as written.
	Values map[string]map[string]string
	// Asks maps a question word or phrase of the asks class ("when",
	// "how many", "quanto custa") to the noun concepts it asks for, in
	// file order: "when" asks for a date or a time. The slices are the
	// lexicon's: read only.
	Asks map[string][]string
	// Indirect holds every form of the verbs that take an indirect
	// question ("tell me when", "do you know where", "me diz quando"),
	// the indirect class: a question word right after one asks as a
	// question at the start of a clause does.
	Indirect map[string]bool
	// MaxPhrase is the most words any entry has.
	MaxPhrase int
	// Particles are the words that complete phrasal verbs ("on", "off",
	// "up", "as read", "do ar"), with the first words they follow:
	// particle -> verb form -> phrase.
	Particles map[string]map[string]string
	// WordNoun reads a word the lexicon does not list as a noun of the
	// language's wordnet, or is nil: its form (its concept an English
	// lemma) and whether the word has a verb sense too. Set by the
	// language's package.
	WordNoun func(w string) (nf NounForm, verb, ok bool)
	// WordVerb reads a word the lexicon does not list as a form of a verb
	// of the language's wordnet, or is nil: the action concept the verb
	// stands for. Set by the language's package.
	WordVerb func(w string) (concept string, ok bool)
	// Attribute gives the noun concept of the attribute an adjective gives
	// a value of (hot: temperature; loud: volume), from the language's
	// wordnet, or is nil. Set by the language's package.
	Attribute func(adj string) (concept string, ok bool)
	// Adjective reports whether a word (normalised) can be an adjective,
	// for reading the state a question asks about ("is the floor wet?");
	// nil when the language's lexicon does not say.
	Adjective func(word string) bool
	// Irregular gives the lemma of an irregular inflected form the
	// language's wordnet lists ("spent": spend, "children": child), when
	// the form is no noun of its own ("data", "left" stay), or ""; nil
	// when the language's lexicon does not say. A word no lexicon reads
	// is stemmed by its lemma, in a turn and in a tool's text alike.
	Irregular func(word string) string
	// Word reports whether a word (normalised) is a word of the language
	// its wordnet knows, in any of its forms: such a word is read as
	// written, never as a slip of typing for another word. Nil when the
	// language's lexicon does not say.
	Word func(word string) bool

	// asksAt is where each entry of the asks class was read, for
	// CheckAsks.
	asksAt map[string]token.Position
}

// Noun reads a normalised word as a noun: a noun the lexicon lists, or
// else, for a word that is no action word either, a noun of the
// language's wordnet.
func (lx *Lexicon) Noun(w string) (NounForm, bool) {
	if nf, ok := lx.Nouns[w]; ok {
		return nf, true
	}
	if _, action := lx.Actions[w]; action || lx.WordNoun == nil || len(w) < 3 {
		return NounForm{}, false
	}
	nf, _, ok := lx.WordNoun(w)
	return nf, ok
}

// NounForm is one written form of a noun. The zero value names no concept: a
// singular form with no gender.
type NounForm struct {
	Concept string
	Plural  bool
	// Gender is m or f where the language has it, else "".
	Gender string
}

// Morphology gives the written forms of a base word in one language. The zero
// value, nil, is no morphology.
type Morphology interface {
	// VerbForms returns every form of a verb (its base form first); the
	// irregular forms the lexicon lists are passed in.
	VerbForms(base string, irregular []string) []string
}

// Files names the data files a lexicon is loaded from, relative to its
// folder.
const (
	ActionsFile  = "actions.tsv"
	NounsFile    = "nouns.tsv"
	AntonymsFile = "antonyms.tsv"
	FunctionFile = "function.tsv"
)

// VerbClass is the function.tsv class of the verbs that name no action
// (fail, arrive; falhar, chegar): known words of the language, written
// as base forms whose other forms the morphology gives.
const VerbClass = "verb"

// AsksClass is the function.tsv class of the question words that ask for
// attributes, written word=concept+concept ("when=date+time"): the noun
// concepts the word asks for, as English lemmas, most telling first. Every
// word of it is a word of the question class too.
const AsksClass = "asks"

// IndirectClass is the function.tsv class of the verbs that take an
// indirect question (tell, know; dizer, saber): written as base forms, or
// as phrases whose first word is the verb ("find out"), whose other forms
// the morphology gives. Read into Lexicon.Indirect, not Function: they
// are content words of the language, not function words.
const IndirectClass = "indirect"

// DayPartClass is the function.tsv class of the phrases that say which
// part of the day an hour of a 12-hour clock falls in ("in the
// afternoon", "da noite"), written phrase=am or phrase=pm: "5 in the
// afternoon" is 17:00.
const DayPartClass = "day_part"

// valuedClasses are the function.tsv classes whose entries are word=value.
var valuedClasses = map[string]bool{"number_word": true, "ordinal": true, "currency": true, "currency_symbol": true,
	"weekday": true, "month": true, "state": true, AsksClass: true, DayPartClass: true}

// LoadLexicon reads a lexicon from the folder dir of fsys: actions.tsv,
// nouns.tsv, antonyms.tsv and function.tsv. Every problem of every file is
// reported, each with its file and line; the error is a scanner.ErrorList.
// A word in two concepts, a pair twice, or a concept that is named but not
// defined is an error; so is an asks word that is no word of the question
// class, or that names a concept not written as one (CheckAsks checks
// that its concepts are nouns, against a lexicon that knows them).
func LoadLexicon(fsys fs.FS, dir string, morph Morphology) (*Lexicon, error) {
	lx := &Lexicon{
		Actions:     map[string]string{},
		ActionWords: map[string][]string{},
		Near:        map[string][]string{},
		Antonyms:    map[string][]string{},
		Nouns:       map[string]NounForm{},
		NounWords:   map[string][]string{},
		Function:    map[string]map[string]bool{},
		Values:      map[string]map[string]string{},
		Asks:        map[string][]string{},
		Indirect:    map[string]bool{},
		Particles:   map[string]map[string]string{},
		asksAt:      map[string]token.Position{},
	}
	var errs scanner.ErrorList
	read := func(name string, fields int, each func(pos token.Position, f []string)) {
		file := path.Join(dir, name)
		data, err := fs.ReadFile(fsys, file)
		if err != nil {
			errs.Add(token.Position{Filename: file}, err.Error())
			return
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
		for line := 1; sc.Scan(); line++ {
			text := strings.TrimRight(sc.Text(), " \r")
			if text == "" || strings.HasPrefix(strings.TrimSpace(text), "#") {
				continue
			}
			f := strings.Split(text, "\t")
			pos := token.Position{Filename: file, Line: line}
			if len(f) != fields {
				errs.Add(pos, fmt.Sprintf("%d fields, want %d (tab-separated)", len(f), fields))
				continue
			}
			for i := range f {
				f[i] = strings.TrimSpace(f[i])
				if f[i] == "" {
					errs.Add(pos, fmt.Sprintf("field %d is empty", i+1))
				}
			}
			each(pos, f)
		}
		if err := sc.Err(); err != nil {
			errs.Add(token.Position{Filename: file}, err.Error())
		}
	}

	// function.tsv first: the irregular verbs feed the action forms.
	irregular := map[string][]string{}
	var verbs, indirect []string
	read(FunctionFile, 2, func(pos token.Position, f []string) {
		class := f[0]
		if class == "irregular" {
			forms := splitList(f[1])
			for i := range forms {
				// Folded as the words they are matched against are
				// (começar, comece -> comecar, comece).
				forms[i] = tokenize.Normalize(forms[i])
			}
			if len(forms) < 2 {
				errs.Add(pos, "an irregular line names the base form and at least one other form")
				return
			}
			if _, dup := irregular[forms[0]]; dup {
				errs.Add(pos, fmt.Sprintf("irregular verb %q listed twice", forms[0]))
			}
			irregular[forms[0]] = forms[1:]
			return
		}
		if valuedClasses[class] {
			vals := lx.Values[class]
			if vals == nil {
				vals = map[string]string{}
				lx.Values[class] = vals
			}
			for _, item := range splitList(f[1]) {
				w, v, ok := strings.Cut(item, "=")
				w, v = strings.TrimSpace(w), strings.TrimSpace(v)
				if !ok || w == "" || v == "" {
					errs.Add(pos, fmt.Sprintf("%s entry %q is not word=value", class, item))
					continue
				}
				w = tokenize.Normalize(w)
				if _, dup := vals[w]; dup {
					errs.Add(pos, fmt.Sprintf("%s %q listed twice", class, w))
				}
				if class == DayPartClass && v != "am" && v != "pm" {
					errs.Add(pos, fmt.Sprintf("%s entry %q is neither am nor pm", class, item))
				}
				vals[w] = v
				if class == AsksClass {
					lx.Asks[w] = readAsks(pos, w, v, &errs)
					lx.asksAt[w] = pos
				}
			}
			return
		}
		if class == IndirectClass {
			for _, w := range splitList(f[1]) {
				w = tokenize.Normalize(w)
				if slices.Contains(indirect, w) {
					errs.Add(pos, fmt.Sprintf("%s %q listed twice", class, w))
				}
				indirect = append(indirect, w)
			}
			return
		}
		set := lx.Function[class]
		if set == nil {
			set = map[string]bool{}
			lx.Function[class] = set
		}
		for _, w := range splitList(f[1]) {
			w = tokenize.Normalize(w)
			if set[w] {
				errs.Add(pos, fmt.Sprintf("%s %q listed twice", class, w))
			}
			set[w] = true
			lx.notePhrase(w)
			if class == VerbClass {
				verbs = append(verbs, w)
			}
		}
	})
	// The verbs that name no action are listed by their base form; their
	// other forms are the morphology's, as an action's are.
	for _, w := range verbs {
		for _, form := range morph.VerbForms(w, irregular[w]) {
			lx.Function[VerbClass][form] = true
		}
	}
	for _, w := range indirect {
		first, rest, phrasal := strings.Cut(w, " ")
		for _, form := range morph.VerbForms(first, irregular[first]) {
			if phrasal {
				form += " " + rest
			}
			lx.Indirect[form] = true
		}
	}
	// A word asks for attributes only where it is read as a question word.
	for w, pos := range lx.asksAt {
		if !lx.Function["question"][w] {
			errs.Add(pos, fmt.Sprintf("asks word %q is no word of the question class", w))
		}
	}

	nearAt := map[string]token.Position{}
	read(ActionsFile, 3, func(pos token.Position, f []string) {
		concept := f[0]
		if _, dup := lx.ActionWords[concept]; dup {
			errs.Add(pos, fmt.Sprintf("action concept %q defined twice", concept))
			return
		}
		if f[1] != "-" {
			lx.Near[concept] = splitList(f[1])
			nearAt[concept] = pos
		}
		words := splitList(f[2])
		lx.ActionWords[concept] = words
		for _, w := range words {
			w = tokenize.Normalize(w)
			first, rest, phrasal := strings.Cut(w, " ")
			for _, form := range morph.VerbForms(first, irregular[first]) {
				full := form
				if phrasal {
					full = form + " " + rest
				}
				if prev, dup := lx.Actions[full]; dup && prev != concept {
					if form == first {
						errs.Add(pos, fmt.Sprintf("action word %q is in %q and %q", full, prev, concept))
					}
					continue // an inflected form shared by two verbs keeps the first
				}
				lx.Actions[full] = concept
				lx.notePhrase(full)
				if phrasal {
					m := lx.Particles[rest]
					if m == nil {
						m = map[string]string{}
						lx.Particles[rest] = m
					}
					m[form] = full
				}
			}
		}
	})
	for w, concept := range lx.Values["state"] {
		if _, ok := lx.ActionWords[concept]; !ok {
			errs.Add(token.Position{Filename: path.Join(dir, FunctionFile)}, fmt.Sprintf("state word %q names %q, which is not an action concept", w, concept))
		}
	}
	for concept, near := range lx.Near {
		for _, n := range near {
			if _, ok := lx.ActionWords[n]; !ok {
				errs.Add(nearAt[concept], fmt.Sprintf("concept %q is near %q, which is not defined", concept, n))
			}
		}
	}

	read(NounsFile, 2, func(pos token.Position, f []string) {
		concept := f[0]
		if _, dup := lx.NounWords[concept]; dup {
			errs.Add(pos, fmt.Sprintf("noun concept %q defined twice", concept))
			return
		}
		for _, item := range splitList(f[1]) {
			parts := strings.Split(item, "/")
			if len(parts) < 2 || len(parts) > 3 {
				errs.Add(pos, fmt.Sprintf("noun %q is not singular/plural[/gender]", item))
				continue
			}
			gender := ""
			if len(parts) == 3 {
				gender = strings.TrimSpace(parts[2])
				if gender != "m" && gender != "f" {
					errs.Add(pos, fmt.Sprintf("noun %q has gender %q, want m or f", item, gender))
				}
			}
			sing := tokenize.Normalize(strings.TrimSpace(parts[0]))
			plural := tokenize.Normalize(strings.TrimSpace(parts[1]))
			if sing == "" || plural == "" {
				errs.Add(pos, fmt.Sprintf("noun %q has an empty form", item))
				continue
			}
			lx.NounWords[concept] = append(lx.NounWords[concept], sing)
			for _, form := range []struct {
				w      string
				plural bool
			}{{sing, false}, {plural, true}} {
				if prev, dup := lx.Nouns[form.w]; dup {
					if prev.Concept != concept {
						errs.Add(pos, fmt.Sprintf("noun %q is in %q and %q", form.w, prev.Concept, concept))
					} else if form.w != sing && form.plural != prev.Plural {
						errs.Add(pos, fmt.Sprintf("noun %q listed twice in %q", form.w, concept))
					}
					continue
				}
				lx.Nouns[form.w] = NounForm{Concept: concept, Plural: form.plural && plural != sing, Gender: gender}
				lx.notePhrase(form.w)
			}
		}
	})

	pairs := map[[2]string]bool{}
	read(AntonymsFile, 2, func(pos token.Position, f []string) {
		a, b := f[0], f[1]
		for _, c := range []string{a, b} {
			if _, ok := lx.ActionWords[c]; !ok {
				errs.Add(pos, fmt.Sprintf("antonym %q is not an action concept", c))
			}
		}
		key := [2]string{a, b}
		if b < a {
			key = [2]string{b, a}
		}
		if pairs[key] || a == b {
			errs.Add(pos, fmt.Sprintf("antonym pair %s/%s listed twice", a, b))
			return
		}
		pairs[key] = true
		lx.Antonyms[a] = append(lx.Antonyms[a], b)
		lx.Antonyms[b] = append(lx.Antonyms[b], a)
	})

	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return lx, nil
}

// readAsks reads the concepts of an asks entry, "date+time": each an
// English lemma of lowercase letters and underscores, none twice.
func readAsks(pos token.Position, w, v string, errs *scanner.ErrorList) []string {
	concepts := strings.Split(v, "+")
	for i, c := range concepts {
		c = strings.TrimSpace(c)
		concepts[i] = c
		if !isConceptID(c) {
			errs.Add(pos, fmt.Sprintf("asks word %q names %q, which is not a concept (lowercase letters and _)", w, c))
		} else if slices.Contains(concepts[:i], c) {
			errs.Add(pos, fmt.Sprintf("asks word %q names %q twice", w, c))
		}
	}
	return slices.Clip(concepts)
}

// isConceptID reports whether s is written as a concept is: lowercase
// ASCII letters, with underscores between words (pull_request).
func isConceptID(s string) bool {
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 'a' || c > 'z') && c != '_' {
			return false
		}
	}
	return true
}

// CheckAsks checks that every concept the asks class names is a noun
// concept, as isNoun reports; of names what isNoun reads ("the English
// lexicon or wordnet"). Both grammars pass the English lexicon's
// IsNounConcept: tool names and descriptions are read through the English
// lexicon, so a concept it cannot give would match no tool. Every problem
// is reported with its file and line; the error is a scanner.ErrorList, or
// nil.
func (lx *Lexicon) CheckAsks(isNoun func(concept string) bool, of string) error {
	var errs scanner.ErrorList
	for w, concepts := range lx.Asks {
		for _, c := range concepts {
			if isConceptID(c) && !isNoun(c) {
				errs.Add(lx.asksAt[w], fmt.Sprintf("asks word %q names %q, which is no noun concept of %s", w, c, of))
			}
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return errs
	}
	return nil
}

// IsNounConcept reports whether c is a noun concept the lexicon gives: a
// noun concept it lists, or a one-word noun of its wordnet that it does not
// list as a word of another concept ("place" is a word of location, so no
// concept of its own). For the English lexicon these are the concepts tool
// names and descriptions are read as.
func (lx *Lexicon) IsNounConcept(c string) bool {
	if _, ok := lx.NounWords[c]; ok {
		return true
	}
	if _, listed := lx.Nouns[c]; listed || lx.WordNoun == nil || strings.Contains(c, " ") {
		return false
	}
	nf, _, ok := lx.WordNoun(c)
	return ok && nf.Concept == c && !nf.Plural
}

func (lx *Lexicon) notePhrase(w string) {
	if n := strings.Count(w, " ") + 1; n > lx.MaxPhrase {
		lx.MaxPhrase = n
	}
}

// splitList splits a comma-separated list, trimming each item and dropping
// empty ones.
func splitList(s string) []string {
	parts := strings.Split(s, ",")
	out := parts[:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// OfNouns reports whether a phrase of several words is made of nouns only
// ("order status", "phone number"), as opposed to a unit whose words are
// not all nouns ("pull request", "time off").
func (lx *Lexicon) OfNouns(phrase string) bool {
	if !strings.Contains(phrase, " ") {
		return false
	}
	for _, w := range strings.Fields(phrase) {
		if _, ok := lx.Nouns[w]; !ok {
			return false
		}
		if _, ok := lx.Actions[w]; ok {
			return false
		}
	}
	return true
}

// Lemma is the lemma of an irregular inflected form (Irregular), or the
// word itself: a word no lexicon reads is stemmed by it, in a turn and in
// a tool's text alike.
func (lx *Lexicon) Lemma(w string) string {
	if lx.Irregular != nil {
		if l := lx.Irregular(w); l != "" {
			return l
		}
	}
	return w
}

// IsAntonym reports whether two action concepts are opposites.
func (lx *Lexicon) IsAntonym(a, b string) bool {
	for _, x := range lx.Antonyms[a] {
		if x == b {
			return true
		}
	}
	return false
}

// IsNear reports whether two action concepts are close (in either
// direction).
func (lx *Lexicon) IsNear(a, b string) bool {
	for _, x := range lx.Near[a] {
		if x == b {
			return true
		}
	}
	for _, x := range lx.Near[b] {
		if x == a {
			return true
		}
	}
	return false
}

// NearOf returns the action concepts close to a (IsNear), sorted, without
// duplicates.
func (lx *Lexicon) NearOf(a string) []string {
	var out []string
	for c, near := range lx.Near {
		if c == a {
			out = append(out, near...)
			continue
		}
		if slices.Contains(near, a) {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Has reports whether w is in the function-word class.
func (lx *Lexicon) Has(class, w string) bool { return lx.Function[class][w] }

// Number returns the value of a number word ("twenty" -> 20).
func (lx *Lexicon) Number(w string) (int, bool) {
	v, ok := lx.Values["number_word"][w]
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(v)
	return n, err == nil
}

// Concepts returns the action and noun concepts, sorted, for tests and
// reports.
func (lx *Lexicon) Concepts() (actions, nouns []string) {
	for c := range lx.ActionWords {
		actions = append(actions, c)
	}
	for c := range lx.NounWords {
		nouns = append(nouns, c)
	}
	sort.Strings(actions)
	sort.Strings(nouns)
	return actions, nouns
}
