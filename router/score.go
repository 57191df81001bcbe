package router

import (
	"fmt"
	"github.com/stalwart-agents/stalwart/tokenize"
	"math"
	"sort"
	"strings"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/grammar"
)

// The weights of the evidence, in the order the policy reads it.
const (
	wAction       = 3.0  // the turn's action is the tool's action
	wNearAction   = 1.2  // the turn's action is close to the tool's (get ~ list)
	wAntonym      = -6.0 // the turn's action is the opposite of the tool's
	wOtherAction  = -1.0 // the tool does another action than the turn asks for
	wActionInText = 0.5  // the turn's action is named in the tool's text
	wObject       = 2.0  // the turn's first object is an object of the tool's name
	wMoreObject   = 1.0  // each further object of the turn in the tool's name
	wObjectInText = 0.8  // an object of the turn found only in the tool's text
	wExtraObject  = -0.3 // a modifier of the tool's object the turn never names
	wMissingHead  = -1.0 // the head noun of the tool's object the turn never names
	wVerbObject   = 1.5  // the turn's verb is the noun the tool acts on (tag -> add tag)
	wSecondAction = 2.0  // the turn's action is another verb of the name, or read from the text
	wAgreement    = 0.4  // the number of the turn's object agrees with the tool's (order / orders)
	wPattern      = 1.5  // an id in the format of a parameter's pattern (^INV-[0-9]+$)
	wSameWord     = 1.0  // the turn's verb is the very word of the tool's name
	wTextPhaseOne = 0.3  // the share of a text match in the first, cheap pass
	wPhrase       = 3.0  // the turn holds a phrase the user's vocabulary gives the tool
	wQuantifier   = 0.8  // a name that acts on all of a kind, and a turn that says all (or not)

	// maxPrefix is the longest literal prefix of a pattern indexed.
	maxPrefix     = 8
	wArgument     = 0.7 // an argument of the turn fits a parameter
	wText         = 2.0 // the description and parameter words (BM25, relative to the best tool)
	wQuestionRead = 0.6 // a question prefers a tool that reads
	wNumber       = 0.6 // a plural object prefers list and search; one id prefers get
	wUnknownWord  = 0.6 // a word no lexicon knows, found in the tool's name

	// fuzzyWeight scales the evidence of a word read within an edit (a
	// typo): it counts, but less than the word written right.
	fuzzyWeight = 0.8

	// questionAction scales the action evidence of a question: the verb
	// of "is invoice 5 paid?" is asked about, not asked for.
	questionAction = 0.4

	// phaseOneKeep is how many tools the cheap first pass hands to the
	// full evaluation.
	phaseOneKeep = 24
)

// The policy's thresholds, on the normalised score.
const (
	// floor is the score under which no tool fits.
	floor = 0.38
	// marginRead and marginWrite are the leads under which the best is
	// too close to the runner-up to call: a write must clear more.
	marginRead  = 0.05
	marginWrite = 0.08
)

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
	statement     bool     // the clause reports something: its verb is no command
	questionGet   bool     // a question with a verb of its own also asks to see
	verbStem      string   // the stem of the verb as written
	maxText       float64  // the best text score of any tool, set by rank
	phrased       []int32  // tools whose vocabulary phrases the turn holds
	plural        bool     // the head object is plural
	all           bool     // the turn asks about all of a kind ("cancel all timers")
	some          bool     // the turn asks about any there are ("any open invoices?")
	actionFuzzy   bool     // the verb was read within an edit ("refnud")
	fuzzy         []string // object and name-word terms read within an edit
	hasID         bool     // an argument names one thing
}

func (r *Router) features(c *grammar.Clause) features {
	f := features{action: c.Action, args: c.Args, question: c.Act == grammar.Question,
		statement: c.Act == grammar.Statement}
	for _, a := range c.Args {
		if a.Kind == "identifier" || a.Kind == "number" && a.Noun != "" {
			f.hasID = true
		}
	}
	// The head object: the last noun of the first run of nouns after the
	// verb (of the clause, when it has none): "show draft job postings"
	// is about postings, "list my payment methods" about methods.
	verbAt, head := -1, -1
	for i := range c.Words {
		if c.Words[i].Class == grammar.Verb && c.Words[i].Concept == c.Action {
			verbAt = i
			f.verbStem = r.an.stemmer.Stem(c.Words[i].Norm)
			break
		}
	}
	for i := verbAt + 1; i < len(c.Words); i++ {
		if c.Words[i].Class != grammar.Noun {
			if head >= 0 {
				break
			}
			continue
		}
		head = i
	}
	if head >= 0 && len(r.postings[objectPrefix+c.Words[head].Concept]) > 0 {
		// The number of a thing the catalogue names: "details" is no
		// request for many of anything.
		f.plural = c.Words[head].Plural
	}
	for i := range c.Words {
		w := &c.Words[i]
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
		if w.Class == grammar.Function && r.gram.Lexicon().Has("quantifier", w.Norm) {
			f.all = true
		}
		if w.Class == grammar.Function && r.gram.Lexicon().Has("indefinite", w.Norm) {
			f.some = true
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
			term := objectPrefix + w.Concept
			if i == head {
				f.objects = append([]string{term}, removeTerm(f.objects, term)...)
			} else if head < 0 || i < head || !containsTerm(f.objects, term) {
				f.objects = appendUnique(f.objects, term)
			}
			f.text = append(f.text, term)
		case grammar.Verb:
			f.text = append(f.text, actionPrefix+w.Concept)
		case grammar.Unknown:
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
	if verbAt >= 0 && r.gram.Lexicon().Has("light_verb", c.Words[verbAt].Norm) || f.action == "" {
		// "give this repo a star", "make a refund": a light verb's object
		// names the action; so does a noun in a turn with no verb ("a
		// refund for order 42"). That noun is then no longer an object.
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
	if (f.all || f.some) && !f.hasID {
		// "every timer", "any open invoices?": many of them, or however
		// many there are.
		f.plural = true
	}
	if f.action == "get" && f.plural && !f.hasID {
		// "show my orders": to see many things is to list them.
		f.action = "list"
	}
	return f
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

func removeTerm(s []string, x string) []string {
	out := s[:0:0]
	for _, y := range s {
		if y != x {
			out = append(out, y)
		}
	}
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

// scorer holds the per-turn scratch space of one Select.
type scorer struct {
	phase1  []float32
	text    []float32 // each tool's text score
	touched []int32
	ranked  []scored
}

type scored struct {
	tool   int32
	raw    float64
	barred bool // an antonym of the turn's action: never selected
	hasFit bool // the action or an object of the name matched
}

func newScorer(n int) *scorer {
	return &scorer{phase1: make([]float32, n), text: make([]float32, n), touched: make([]int32, 0, 64)}
}

func (s *scorer) reset() {
	for _, t := range s.touched {
		s.phase1[t] = 0
		s.text[t] = 0
	}
	s.touched = s.touched[:0]
	s.ranked = s.ranked[:0]
}

func (s *scorer) bump(t int32, w float32) {
	if s.phase1[t] == 0 {
		s.touched = append(s.touched, t)
	}
	s.phase1[t] += w
	if s.phase1[t] == 0 {
		s.phase1[t] = 1e-9
	}
}

// rank scores the tools for one clause. The evidence is read in a fixed
// order, each piece adding to a tool's raw score:
//
//  1. Action: the turn's action concept is the tool's action (+3, and
//     +1 more when the turn's verb is the very word of the name); close
//     to it, as get is to list (+1.2); its opposite, as refund is to
//     charge (-6, and the tool is barred from selection); or named in the
//     tool's text (+0.5). The verb of a question or a statement counts
//     0.4 as much, and toward reads only ("is invoice 5 paid?", "my card
//     was charged twice" ask for no payment and no charge); a tool that
//     does another action than the one asked for -1. An action named by a noun ("a
//     refund") 0.8, and an action implied by a question or a bare noun
//     phrase half. To get a plural object with no id is to list it.
//  2. Object: the turn's first object is the head noun of the tool's
//     object (+2; a modifier of it, as ticket is in list_ticket_comments,
//     half), each further object +1, one found only in the tool's text
//     +0.8; the tool's head noun the turn never names -1, each modifier
//     -0.3. A verb that is the noun a tool creates or sends acts on ("tag
//     the ticket" for add_ticket_tags, "comment on it" for add_comment)
//     +1.5.
//     A turn's action that is another verb of the tool's name, or that a
//     verbless name's text gives, counts +2; a turn's head object in the
//     number of the tool's (cancel my timer, cancel all timers) +0.4, in
//     the other number -0.4.
//     A phrase the user's vocabulary file gives the tool, in the turn: +3.
//     A name that acts on all of a kind (cancel_all_timers): +0.8 when the
//     turn says all, every or each, -0.8 when it asks for one.
//  3. Arguments: each argument that fits a parameter, by the noun that
//     names it, its pattern, its type or format (+0.7); an id in a format
//     the tool documents, by the literal prefix of a parameter's pattern
//     (INV-0042137 for ^INV-[0-9]{6,10}$) or of the ids its text gives as
//     examples (msg_991 for "e.g. msg_8812"), +1.5, and it makes the tool
//     fit.
//  4. Text: the description and parameter words, BM25 squashed to at
//     most +1.
//  5. Form: a question prefers a read (+0.6); a plural object with no id
//     prefers list and search, one id prefers get (+0.6).
//
// The raw score is divided by what a perfect tool would score for this
// turn, giving a score in [0, 1]. Ties are broken by catalogue order.
func (r *Router) rank(s *scorer, f *features, explain bool) ([]scored, float64) {
	s.reset()
	// Phase one: postings of the turn's terms, cheap.
	if f.action != "" {
		for _, p := range r.postings[actionPrefix+f.action] {
			if p.field == fieldAction {
				s.bump(p.tool, wAction)
			}
		}
		for _, near := range r.en.Near[f.action] {
			for _, p := range r.postings[actionPrefix+near] {
				if p.field == fieldAction {
					s.bump(p.tool, wNearAction)
				}
			}
		}
	}
	for i, o := range f.objects {
		w := float32(wMoreObject)
		if i == 0 {
			w = wObject
		}
		for _, p := range r.postings[o] {
			switch p.field {
			case fieldObject:
				s.bump(p.tool, w)
			case fieldText:
				s.bump(p.tool, float32(wObjectInText)*0.5)
			}
		}
	}
	for _, u := range f.unknown {
		for _, p := range r.postings[u] {
			w := float32(wUnknownWord) * 0.5
			if p.field == fieldObject {
				w = wUnknownWord
			}
			s.bump(p.tool, w)
		}
	}
	for _, a := range f.args {
		if a.Kind != "identifier" {
			continue
		}
		// An id in a format a parameter's pattern gives (INV-0042137)
		// names the tool's object.
		for _, t := range r.prefixes[IDPrefix(a.Text)] {
			s.bump(t, wPattern)
		}
	}
	for _, t := range f.phrased {
		s.bump(t, wPhrase)
	}
	// The text field of every tool, as BM25 would rank it.
	f.maxText = 0
	for _, term := range f.text {
		for _, p := range r.postings[term] {
			if p.field == fieldText {
				s.bump(p.tool, p.weight*wTextPhaseOne)
				s.text[p.tool] += p.weight
				f.maxText = math.Max(f.maxText, float64(s.text[p.tool]))
			}
		}
	}
	// Phase two: the best of phase one, in full.
	touched := s.touched
	if len(touched) > phaseOneKeep {
		sort.Slice(touched, func(i, j int) bool {
			a, b := s.phase1[touched[i]], s.phase1[touched[j]]
			if a != b {
				return a > b
			}
			return touched[i] < touched[j]
		})
		touched = touched[:phaseOneKeep]
	}
	for _, t := range touched {
		raw, barred, fit := r.evaluate(int(t), f, nil)
		s.ranked = append(s.ranked, scored{tool: t, raw: raw, barred: barred, hasFit: fit})
	}
	sort.Slice(s.ranked, func(i, j int) bool {
		a, b := s.ranked[i], s.ranked[j]
		if a.raw != b.raw {
			return a.raw > b.raw
		}
		return r.tools[a.tool].order < r.tools[b.tool].order
	})
	return s.ranked, r.perfect(f)
}

// perfect is the raw score of a tool that fits the turn in every way.
func (r *Router) perfect(f *features) float64 {
	p := wText
	if f.action != "" {
		p += r.actionWeight(f)
	}
	if f.questionGet {
		p += wAction * 0.5
	}
	if n := len(f.objects); n > 0 {
		// Few tools name more than two of a turn's objects.
		p += wObject + wMoreObject*float64(min(n-1, 1))
	}
	n := 0
	for _, a := range f.args {
		if a.Kind != "text" {
			n++
		}
	}
	p += wArgument * float64(min(n, 3))
	if f.question || f.plural || f.hasID {
		p += wQuestionRead * 0.5
	}
	return p
}

func (r *Router) actionWeight(f *features) float64 {
	w := wAction
	switch {
	case (f.question || f.statement) && !f.actionImplied && !f.actionNoun:
		w *= questionAction
	case f.actionImplied:
		w *= 0.5
	case f.actionNoun:
		w *= 0.8
	}
	if f.actionFuzzy {
		w *= fuzzyWeight
	}
	return w
}

// evaluate scores one tool in full; ev, when not nil, receives the
// evidence. It reports the raw score, whether the tool is barred, and
// whether its name fits the turn at all.
func (r *Router) evaluate(i int, f *features, ev *[]Evidence) (raw float64, barred, fit bool) {
	ti := &r.tools[i]
	// note adds a piece of evidence; its detail, in three parts, is only
	// put together when an explanation asks for it.
	note := func(kind string, w float64, a, b, c string) {
		raw += w
		if ev != nil {
			*ev = append(*ev, Evidence{Kind: kind, Detail: a + b + c, Weight: w})
		}
	}
	// 1. Action.
	if f.action != "" && ti.action != "" {
		aw := r.actionWeight(f)
		weak := (f.question || f.statement) && !f.actionImplied && !f.actionNoun
		switch {
		case weak && ti.tool.Kind == catalogue.Write && (f.action == ti.action || r.en.IsNear(f.action, ti.action)):
			// The verb of a question or a statement asks for no write:
			// "my card was charged twice" asks for no charge.
			// Nor is the tool that did it called again.
			note("reported_action", 0, f.action, " is reported, not asked for", "")
			barred = true
		case f.action == ti.action && ti.actionFromText:
			note("action", aw*wSecondAction/wAction, f.action, " (from the tool's text)", "")
			fit = true
		case f.action == ti.action:
			note("action", aw, f.action, "", "")
			fit = true
			if f.verbStem != "" && f.verbStem == ti.actionStem {
				// The very word of the name: terminate, not just stop.
				note("same_word", wSameWord, ti.actionWord, "", "")
			}
		case r.en.IsAntonym(f.action, ti.action) && !f.actionImplied && !f.question && !f.statement:
			note("antonym", wAntonym, f.action, " is the opposite of ", ti.action)
			barred = true
		case r.en.IsNear(f.action, ti.action):
			note("near_action", aw*wNearAction/wAction, f.action, " ~ ", ti.action)
		case containsTerm(ti.actions, f.action) && !weak:
			note("second_action", aw*wSecondAction/wAction, f.action, " is another verb of the name", "")
			fit = true
		case r.hasText(i, actionPrefix+f.action):
			note("action_in_text", wActionInText, f.action, "", "")
		case !f.actionImplied && !weak:
			note("other_action", wOtherAction, ti.action, " is not ", f.action)
		}
	}
	if f.questionGet && ti.tool.Kind == catalogue.Read {
		want := "get"
		if f.plural && !f.hasID {
			want = "list"
		}
		if ti.action == want || ti.action != "" && r.en.IsNear(want, ti.action) && ti.action != "get" && want == "list" {
			note("question_get", wAction*0.5, "a question asks to see", "", "")
		}
	}
	if f.verbStem != "" && ti.head >= 0 && f.verbStem == strings.TrimPrefix(ti.stems[ti.head], stemPrefix) && !weakVerb(f) {
		// "email ana@example.com", "text Bob": the verb is the very
		// thing the tool makes or sends.
		note("verb_is_object", wVerbObject, ti.tool.Name, " acts on what the verb names", "")
		fit = true
	}
	if f.action != "" && !f.actionImplied && ti.action != f.action && containsTerm(ti.objects, objectPrefix+f.action) &&
		(ti.action == "create" || ti.action == "send" || r.en.IsNear("create", ti.action)) {
		// "tag the ticket" is to add a tag; "comment on 6110" to add a
		// comment: a verb made of the noun the tool acts on.
		note("verb_object", wVerbObject, f.action, " is what the tool acts on", "")
		fit = true
	}
	// 2. Objects: the turn's head object weighs most, the later ones
	// less; the tool's head noun counts in full, its modifiers half.
	for k, o := range f.objects {
		w := wObject
		if k > 0 {
			w = wMoreObject
		}
		if k > 2 {
			w *= 0.5
		}
		if containsTerm(f.fuzzy, o) {
			w *= fuzzyWeight
		}
		at := indexTerm(ti.objects, o)
		switch {
		case at >= 0 && (at == ti.head || ti.head < 0):
			note("object", w, strings.TrimPrefix(o, objectPrefix), "", "")
			fit = true
		case at >= 0:
			note("object_modifier", w*0.5, strings.TrimPrefix(o, objectPrefix), "", "")
			fit = true
		case r.hasText(i, o):
			note("object_in_text", wObjectInText*w/wObject, strings.TrimPrefix(o, objectPrefix), "", "")
		}
	}
	for _, u := range f.unknown {
		if containsTerm(ti.stems, u) {
			w := wUnknownWord
			if containsTerm(f.fuzzy, u) {
				w *= fuzzyWeight
			}
			note("name_word", w, strings.TrimPrefix(u, stemPrefix), "", "")
			fit = true
		}
	}
	idNamed := false
	for _, a := range f.args {
		if a.Kind == "identifier" && containsTerm(ti.idPrefixes, IDPrefix(a.Text)) {
			idNamed = true // an id in the tool's format names its object
		}
	}
	for k, o := range ti.objects {
		if ti.qualifier[k] || containsTerm(f.objects, o) || containsTerm(f.unknown, ti.stems[k]) || r.argNames(f, o) ||
			f.action != "" && o == objectPrefix+f.action || k == ti.head && idNamed {
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(o, objectPrefix), stemPrefix)
		if k == ti.head {
			note("missing_head", wMissingHead, "the turn never names ", name, "")
		} else {
			note("extra_object", wExtraObject, name, "", "")
		}
	}
	if ti.head >= 0 && len(f.objects) > 0 && f.objects[0] == ti.objects[ti.head] {
		if f.plural == ti.plural {
			note("agreement", wAgreement, "one or many, as the name says", "", "")
		} else {
			note("agreement", -wAgreement, "the name says the other number", "", "")
		}
	}
	for _, t := range f.phrased {
		if int(t) == i {
			note("phrase", wPhrase, "a phrase the vocabulary gives this tool", "", "")
			fit = true
			break
		}
	}
	if ti.all {
		if f.all {
			note("quantifier", wQuantifier, "all, as the name says", "", "")
		} else if !f.plural {
			note("quantifier", -wQuantifier, "the name acts on all; the turn asks for one", "", "")
		}
	}
	// 3. Arguments.
	for _, a := range f.args {
		if a.Kind == "identifier" {
			if pre := IDPrefix(a.Text); pre != "" && containsTerm(ti.idPrefixes, pre) {
				// An id in a format this tool documents names its object.
				note("id_format", wPattern, a.Text, " is an id of the form ", pre)
				fit = true
				continue
			}
		}
		if p := fitParam(ti.params, a); p != nil {
			note("argument", wArgument, a.Text, " -> ", p.name)
		}
	}
	// 4. Text.
	var bm float64
	for _, term := range f.text {
		bm += r.textWeight(i, term)
	}
	if bm > 0 && f.maxText > 0 {
		// Relative to the tool whose text matches the turn best.
		w := wText * bm / f.maxText
		raw += w
		if ev != nil {
			*ev = append(*ev, Evidence{Kind: "text", Detail: fmt.Sprintf("bm25 %.2f of %.2f", bm, f.maxText), Weight: w})
		}
	}
	// 5. Form.
	if f.question && ti.tool.Kind == catalogue.Read {
		note("question_read", wQuestionRead, "a question prefers a read", "", "")
	}
	if (f.action == "get" || f.action == "list" || f.action == "search" || f.action == "") && ti.tool.Kind == catalogue.Read {
		switch {
		case f.plural && !f.hasID && (ti.action == "list" || ti.action == "search"):
			note("plural_list", wNumber, "a plural object with no id", "", "")
		case f.hasID && !f.plural && ti.action == "get":
			note("one_get", wNumber*0.5, "one id", "", "")
		}
	}
	return raw, barred, fit
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
func (r *Router) argNames(f *features, o string) bool {
	for _, a := range f.args {
		if a.Noun != "" && objectPrefix+a.Noun == o {
			return true
		}
	}
	return false
}

// hasText reports whether tool i holds term in its text field.
func (r *Router) hasText(i int, term string) bool {
	return r.textWeight(i, term) > 0
}

func (r *Router) textWeight(i int, term string) float64 {
	return float64(r.tools[i].text[term])
}

// fitParam finds the parameter an argument fits, or nil: by the noun that
// names it (order 42 -> order_id), by pattern, then by type and format.
func fitParam(params []param, a grammar.Arg) *param {
	if a.Noun != "" {
		for i := range params {
			if containsTerm(params[i].terms, objectPrefix+a.Noun) {
				return &params[i]
			}
		}
	}
	for i := range params {
		p := &params[i]
		if p.pattern != nil && (a.Kind == "identifier" || a.Kind == "number") && p.pattern.MatchString(a.Text) {
			return p
		}
	}
	for i := range params {
		p := &params[i]
		switch a.Kind {
		case "money":
			if p.typ == "number" || p.typ == "integer" {
				for _, t := range p.terms {
					if t == objectPrefix+"amount" || t == objectPrefix+"price" || t == objectPrefix+"total" {
						return p
					}
				}
			}
		case "email":
			if p.format == "email" || containsTerm(p.terms, objectPrefix+"email") {
				return p
			}
		case "date":
			if p.format == "date" || p.format == "date-time" {
				return p
			}
		}
	}
	return nil
}

// normalise turns a raw score into [0, 1].
func normalise(raw, perfect float64) float64 {
	if perfect <= 0 || raw <= 0 {
		return 0
	}
	return math.Min(1, raw/perfect)
}
