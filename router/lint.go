package router

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/grammar/en"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// VerifyOptions configure Verify. The zero VerifyOptions routes the plain
// turns of every language GrammarFor has a grammar for and withdraws no tool.
type VerifyOptions struct {
	// Languages are the languages whose plain turns are routed. When
	// empty, every language GrammarFor has a grammar for; a language named
	// here that has none is an error.
	Languages []tokenize.Language
	// Withdrawn names the withdrawn tools: they are declared-linted like
	// any tool, but not linted for ambiguity.
	Withdrawn []string
	// Progress, when not nil, is told how far the routing of each
	// language's plain turns has gone (done of total turns), every few
	// dozen turns and at the end. It is called from several goroutines
	// at once.
	Progress func(language string, done, total int)
}

// Verify lints a catalogue: the declaration lints and review checklist of
// catalogue.Lint, and the lints of the router's own reading, found by
// routing every tool's plain turns in every language with the same index
// and policy Select uses (see Router.Lint). A finding the turns of two
// languages both make is reported once, naming both languages. The report
// is sorted, errors first.
func Verify(cat *catalogue.Catalogue, opts VerifyOptions) (*catalogue.Report, error) {
	if cat == nil {
		return nil, fmt.Errorf("router: no catalogue")
	}
	langs := opts.Languages
	if len(langs) == 0 {
		for _, l := range tokenize.Languages {
			if _, err := GrammarFor(l); err == nil {
				langs = append(langs, l)
			}
		}
	}
	rep := catalogue.Lint(cat)
	if len(cat.Tools) == 0 {
		return rep, nil
	}
	merged := map[string]int{} // lint and tools -> index in found
	var found []catalogue.Finding
	for _, lang := range langs {
		r, err := New(cat, Options{Language: lang, Withdrawn: opts.Withdrawn})
		if err != nil {
			return nil, err
		}
		if opts.Progress != nil {
			r.progress = func(done, total int) { opts.Progress(string(lang), done, total) }
		}
		rep.Languages = append(rep.Languages, string(lang))
		fs, err := r.Lint()
		if err != nil {
			return nil, errors.Join(err, r.Close())
		}
		for _, f := range fs {
			key := f.Lint + "\x00" + strings.Join(f.Tools, "\x00")
			if k, ok := merged[key]; ok {
				prev := &found[k]
				for _, l := range f.Languages {
					if !slices.Contains(prev.Languages, l) {
						prev.Languages = append(prev.Languages, l)
					}
				}
				continue
			}
			merged[key] = len(found)
			found = append(found, f)
		}
		if err := r.Close(); err != nil {
			return nil, err
		}
	}
	rep.Add(found...)
	rep.Sort()
	return rep, nil
}

// Lint returns what the router's own reading of its catalogue finds, in
// its language:
//
//   - name_read_as_grammar (error): a tool whose name the English grammar
//     reads as grammar words only ("please", "and_then", "what_is",
//     "nevermind"), leaving out the words common to most names: no turn
//     can name it. In a router of another language than English the same
//     check is made, as names are read with the English lexicon.
//   - tools_indistinguishable (error): two tools whose plain turns select
//     the other or tie with it (the decision is ambiguous with both within
//     the margin), where the router reads both names alike (the same
//     action and objects, as get_order and fetch_order), or where no plain
//     turn for one of them selects it.
//   - plain_turn_ambiguous (warning): two tools some of whose plain turns
//     reach the other or tie with it, where the names read differently
//     and other turns select each.
//   - tool_unreachable (warning): a tool none of whose plain turns selects
//     it, though none reaches another tool either.
//
// The plain turns of a tool are made from the router's reading of its
// name (see PlainTurns) and routed with Select, so what the lint says is
// what Select does. Withdrawn tools have no turns, and a turn refused as
// withdrawn counts for nothing. A pair names its tools in catalogue order,
// with the smallest turn that confuses them, the concepts their names
// share, and a fix.
func (r *Router) Lint() ([]catalogue.Finding, error) {
	out, err := r.lintGrammarNames()
	if err != nil {
		return nil, err
	}
	return append(out, r.lintAmbiguity()...), nil
}

// lintGrammarNames finds the names the grammar reads as grammar words
// only.
func (r *Router) lintGrammarNames() ([]catalogue.Finding, error) {
	g, err := en.Default()
	if err != nil {
		return nil, err
	}
	var out []catalogue.Finding
	for i := range r.tools {
		ti := &r.tools[i]
		words := r.keptNameWords(ti)
		if len(words) == 0 {
			continue
		}
		p := g.Parse(strings.Join(words, " "))
		if !onlyGrammar(p) {
			continue
		}
		var read []string
		for _, c := range p.Clauses {
			for _, w := range c.Words {
				read = append(read, fmt.Sprintf("%q (%s)", w.Text, r.functionClass(w.Norm)))
			}
		}
		f := catalogue.NewFinding(catalogue.LintNameReadAsGrammar,
			"the grammar reads its name as grammar words only: "+strings.Join(read, ", ")+"; no turn can name the tool", ti.tool.Name)
		f.Fix = fmt.Sprintf("rename %s with the action it does and the thing it acts on", ti.tool.Name)
		out = append(out, f)
	}
	return out, nil
}

// keptNameWords returns the words of a tool's name less those the router
// leaves out as common to most names (a vendor prefix).
func (r *Router) keptNameWords(ti *toolInfo) []string {
	a := r.an
	var out []string
	for _, w := range ti.words {
		term := a.wordTerm(w, true)
		switch {
		case ti.action != "" && w == ti.actionWord,
			a.stop[w], r.isFunctionWord(w),
			term != "" && containsTerm(ti.objects, term),
			containsTerm(ti.stems, stemPrefix+a.stemmer.Stem(w)):
			out = append(out, w)
		}
	}
	return out
}

// onlyGrammar reports whether a parse has words and reads every one of
// them as a function word.
func onlyGrammar(p *grammar.Parse) bool {
	n := 0
	for _, c := range p.Clauses {
		if len(c.Args) > 0 {
			return false
		}
		for _, w := range c.Words {
			if w.Class != grammar.Function {
				return false
			}
			n++
		}
	}
	return n > 0
}

func (r *Router) isFunctionWord(w string) bool {
	return r.functionClass(w) != ""
}

// functionClass names the class of function words w belongs to in the
// lexicons, or "": the most telling class where it is in several ("what"
// is a question word before a determiner).
func (r *Router) functionClass(w string) string {
	for _, lx := range r.an.lexicons {
		for _, class := range functionClasses {
			if lx.Function[class][w] {
				return class
			}
		}
		classes := make([]string, 0, len(lx.Function))
		for class := range lx.Function {
			classes = append(classes, class)
		}
		sort.Strings(classes)
		for _, class := range classes {
			if lx.Function[class][w] {
				return class
			}
		}
	}
	return ""
}

// functionClasses are the classes of function words, the most telling
// first.
var functionClasses = []string{"negation", "politeness", "chitchat", "clause_break", "question", "request",
	"conjunction", "auxiliary", "adverb_time", "preposition", "pronoun", "determiner"}

// turnStyle is how the plain turns of a language are put together.
type turnStyle struct {
	// det returns the determiner before a noun ("the"; "o" or "a").
	det func(lx *grammar.Lexicon, noun string) string
	// of joins a head noun to a modifier that follows it ("pedido de
	// compra"); "" puts modifiers before the head, in name order.
	of string
}

func styleOf(lang tokenize.Language) turnStyle {
	if lang == tokenize.Brazilian {
		return turnStyle{of: "de", det: func(lx *grammar.Lexicon, noun string) string {
			if lx.Nouns[noun].Gender == "f" {
				return "a"
			}
			return "o"
		}}
	}
	return turnStyle{det: func(*grammar.Lexicon, string) string { return "the" }}
}

// plainNumber is the argument of the plain turns that carry one.
const plainNumber = "42"

// PlainTurns returns the plain turns a person would use for the named tool
// in the router's language, the plainest first, or nil for a tool the
// catalogue does not hold. They are made from the router's reading of the
// tool's name: its action concept, said with every word the language's
// lexicon has for it, and its head object, said with every word for it;
// the object as the name says it, with and without a determiner, and with
// and without an argument where the tool takes one. In English: "get
// order", "get the order", "get order 42", "show order", "fetch order",
// "get purchase". A tool whose name has no action is asked for with its
// object alone ("timer status"), as a noun phrase.
func (r *Router) PlainTurns(tool string) []string {
	for i := range r.tools {
		if r.tools[i].tool.Name == tool {
			return r.plainTurns(i)
		}
	}
	return nil
}

// plainTurns makes the plain turns of tool i.
func (r *Router) plainTurns(i int) []string {
	ti := &r.tools[i]
	if len(ti.objects) == 0 && ti.action == "" {
		return nil
	}
	a := r.an
	lx := r.gram.Lexicon()
	english := r.lang == tokenize.English
	style := styleOf(r.lang)
	names := ti.words
	// The word of the name each object term was read from.
	wordOf := map[string]string{}
	for _, w := range names {
		if t := a.wordTerm(w, true); t != "" {
			if _, ok := wordOf[t]; !ok {
				wordOf[t] = w
			}
		}
	}
	// say gives the words of the language for an object term, the name's
	// own word first in English.
	say := func(term string) []string {
		own := wordOf[term]
		var out []string
		if english && own != "" {
			out = append(out, own)
		}
		if c, ok := strings.CutPrefix(term, objectPrefix); ok {
			for _, w := range lx.NounWords[c] {
				if !slices.Contains(out, w) {
					out = append(out, w)
				}
			}
		}
		if len(out) == 0 && own != "" {
			out = append(out, own)
		}
		return out
	}

	// The verbs.
	verbs := []string{""}
	if ti.action != "" {
		verbs = append([]string(nil), lx.ActionWords[ti.action]...)
		if len(verbs) == 0 {
			return nil // the language has no word for the action
		}
		if english {
			if k := slices.Index(verbs, ti.actionWord); k > 0 {
				verbs = slices.Insert(slices.Delete(verbs, k, k+1), 0, ti.actionWord)
			}
		}
	}
	// The head, and the object as the name says it.
	var heads []string
	if ti.head >= 0 {
		heads = say(ti.objects[ti.head])
	}
	full := r.objectPhrase(ti, names, say, style)
	if len(heads) == 0 && full == "" && ti.action == "" {
		return nil
	}
	if full == "" && len(heads) > 0 {
		full = heads[0]
	}
	if ti.all {
		// A tool that acts on all of a kind is asked for with the word
		// that says all: "cancel all timers".
		if q := firstWord(lx.Function["quantifier"]); q != "" {
			full = q + " " + full
			for k := range heads {
				heads[k] = q + " " + heads[k]
			}
		}
	}
	var turns []string
	seen := map[string]bool{}
	add := func(parts ...string) {
		t := strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
		if t != "" && !seen[t] {
			seen[t] = true
			turns = append(turns, t)
		}
	}
	v0 := verbs[0]
	takes := len(ti.params) > 0
	det := func(phrase string) string {
		first, _, _ := strings.Cut(phrase, " ")
		return style.det(lx, first)
	}
	add(v0, full)
	if full != "" {
		add(v0, det(full), full)
	}
	if takes && full != "" {
		add(v0, full, plainNumber)
	}
	if len(heads) > 0 {
		for _, v := range verbs {
			add(v, heads[0])
		}
		for _, h := range heads[1:] {
			add(v0, h)
		}
		add(v0, det(heads[0]), heads[0])
		if takes {
			add(v0, heads[0], plainNumber)
		}
	} else {
		for _, v := range verbs[1:] {
			add(v, full)
		}
	}
	return turns
}

// objectPhrase says the object of a tool's name: in English the name's
// words less its action, in name order, with a preposition kept between
// two object words ("employee by id"); in a language whose modifiers
// follow the head, the head, then each modifier after the joining word
// ("pedido de compra").
func (r *Router) objectPhrase(ti *toolInfo, names []string, say func(string) []string, style turnStyle) string {
	a := r.an
	if style.of == "" {
		var out []string
		pending := ""
		actionSeen := false
		for _, w := range names {
			if ti.action != "" && !actionSeen && w == ti.actionWord {
				actionSeen = true
				continue
			}
			term := a.wordTerm(w, true)
			switch {
			case term != "" && containsTerm(ti.objects, term):
				if pending != "" && len(out) > 0 {
					out = append(out, pending)
				}
				pending = ""
				out = append(out, w)
			case a.isPreposition(w):
				pending = w
			}
		}
		return strings.Join(out, " ")
	}
	if ti.head < 0 {
		return ""
	}
	hs := say(ti.objects[ti.head])
	if len(hs) == 0 {
		return ""
	}
	out := []string{hs[0]}
	for k := len(ti.objects) - 1; k >= 0; k-- {
		if k == ti.head || ti.qualifier[k] {
			continue
		}
		if ws := say(ti.objects[k]); len(ws) > 0 {
			out = append(out, style.of, ws[0])
		}
	}
	return strings.Join(out, " ")
}

// routed is what Select decided for one plain turn.
type routed struct {
	selected int      // the selected tool, or -1
	close    []int    // for an ambiguous turn, the tools too close to call
	action   string   // the action the grammar read, or ""
	objects  []string // the objects the grammar read
}

// route decides every turn once, on as many goroutines as there are
// processors.
// progressEvery is how many routed turns apart Verify's Progress is told.
const progressEvery = 64

func (r *Router) route(turns []string) map[string]routed {
	index := make(map[string]int, len(r.tools))
	for i := range r.tools {
		if _, dup := index[r.tools[i].tool.Name]; !dup {
			index[r.tools[i].tool.Name] = i
		}
	}
	results := make([]routed, len(turns))
	workers := min(runtime.GOMAXPROCS(0), len(turns))
	var wg sync.WaitGroup
	var done atomic.Int64
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := w; k < len(turns); k += workers {
				results[k] = r.routeOne(turns[k], index)
				if n := done.Add(1); r.progress != nil && (n%progressEvery == 0 || int(n) == len(turns)) {
					r.progress(int(n), len(turns))
				}
			}
		}()
	}
	wg.Wait()
	out := make(map[string]routed, len(turns))
	for k, t := range turns {
		out[t] = results[k]
	}
	return out
}

func (r *Router) routeOne(turn string, index map[string]int) routed {
	d := r.Select(turn)
	res := routed{selected: -1}
	if d.Clause != nil {
		res.action, res.objects = d.Clause.Action, d.Clause.Objects
	}
	switch d.Outcome {
	case Selected:
		res.selected = index[d.Tool]
	case Ambiguous:
		// An ambiguous decision lists only the close candidates.
		for _, c := range d.Candidates {
			res.close = append(res.close, index[c.Tool])
		}
	}
	return res
}

// clash is what the plain turns of one pair of tools did. Index 0 is for
// the turns of a, 1 for those of b.
type clash struct {
	a, b int       // the tools, a before b in the catalogue
	turn [2]string // the smallest turn of each that went astray, or ""
	pos  [2]int    // its place among the tool's plain turns
	tie  [2]bool   // that turn tied the two (else it selected the other)
}

// side returns the index into a clash's arrays for the turns of tool i.
func (c *clash) side(i int) int {
	if i == c.a {
		return 0
	}
	return 1
}

// smaller reports whether turn s, at place ps among its tool's plain
// turns, is smaller than t at pt: fewer words, then a turn that ties (ts)
// before one that selects the other tool, then plainer (earlier), then
// fewer bytes, then first in byte order.
func smaller(s string, ps int, ts bool, t string, pt int, tt bool) bool {
	ns, nt := strings.Count(s, " "), strings.Count(t, " ")
	switch {
	case ns != nt:
		return ns < nt
	case ts != tt:
		return ts
	case ps != pt:
		return ps < pt
	case len(s) != len(t):
		return len(s) < len(t)
	}
	return s < t
}

// lintAmbiguity routes every tool's plain turns and reports the pairs they
// confuse and the tools they never reach.
func (r *Router) lintAmbiguity() []catalogue.Finding {
	n := len(r.tools)
	turnsOf := make([][]string, n)
	var all []string
	seen := map[string]bool{}
	for i := range r.tools {
		if r.tools[i].withdrawn {
			continue
		}
		turnsOf[i] = r.plainTurns(i)
		for _, t := range turnsOf[i] {
			if !seen[t] {
				seen[t] = true
				all = append(all, t)
			}
		}
	}
	decided := r.route(all)

	reached := make([]bool, n)
	plain := make([]bool, n) // the grammar read a turn of the tool as the tool
	clashes := map[[2]int]*clash{}
	note := func(from, to int, turn string, pos int, tie bool) {
		if from == to || r.tools[to].withdrawn || !r.sharesObject(from, to) {
			return
		}
		key := [2]int{min(from, to), max(from, to)}
		c := clashes[key]
		if c == nil {
			c = &clash{a: key[0], b: key[1]}
			clashes[key] = c
		}
		if k := c.side(from); c.turn[k] == "" || smaller(turn, pos, tie, c.turn[k], c.pos[k], c.tie[k]) {
			c.turn[k], c.pos[k], c.tie[k] = turn, pos, tie
		}
	}
	for i, turns := range turnsOf {
		for pos, t := range turns {
			d := decided[t]
			if d.selected == i {
				reached[i], plain[i] = true, true
				continue
			}
			if !r.readsAs(i, d) {
				continue
			}
			plain[i] = true
			switch {
			case d.selected >= 0:
				note(i, d.selected, t, pos, false)
			case len(d.close) > 0:
				for _, j := range d.close {
					note(i, j, t, pos, slices.Contains(d.close, i))
				}
			}
		}
	}

	keys := make([][2]int, 0, len(clashes))
	for k := range clashes {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(x, y int) bool {
		if keys[x][0] != keys[y][0] {
			return keys[x][0] < keys[y][0]
		}
		return keys[x][1] < keys[y][1]
	})
	var out []catalogue.Finding
	hasClash := make([]bool, n)
	for _, k := range keys {
		c := clashes[k]
		hasClash[c.a], hasClash[c.b] = true, true
		out = append(out, r.clashFinding(c, reached))
	}
	for i := range r.tools {
		if len(turnsOf[i]) == 0 || reached[i] || hasClash[i] {
			continue
		}
		first := turnsOf[i][0]
		msg := fmt.Sprintf("no plain turn selects it; the plainest, %q, decides %s", first, r.Select(first).Reason)
		if !plain[i] {
			msg = fmt.Sprintf("the grammar reads none of its plain turns as %q; the plainest, %q, reads as %q",
				readingOf(&r.tools[i]), first, readTurn(decided[first]))
		}
		f := catalogue.NewFinding(catalogue.LintToolUnreachable, msg, r.tools[i].tool.Name)
		f.Turn = turnsOf[i][0]
		f.Languages = []string{string(r.lang)}
		f.Fix = fmt.Sprintf("rename %s with words the lexicon knows, or declare its words in the vocabulary file", r.tools[i].tool.Name)
		out = append(out, f)
	}
	return out
}

// readsAs reports whether the grammar read a plain turn of tool i as the
// tool's action and head: a turn it reads otherwise ("debit card" read as
// a kind of card, not as to charge one) is a turn of the lexicon's, not a
// plain turn for the tool, and counts for nothing.
func (r *Router) readsAs(i int, d routed) bool {
	ti := &r.tools[i]
	if d.action != ti.action {
		return false
	}
	if ti.head < 0 {
		return true
	}
	c, ok := strings.CutPrefix(ti.objects[ti.head], objectPrefix)
	return !ok || slices.Contains(d.objects, c)
}

// readTurn says how the grammar read a turn: its action and objects.
func readTurn(d routed) string {
	return strings.TrimSpace(d.action + " " + strings.Join(d.objects, " "))
}

// sharesObject reports whether the names of tools i and j share an object
// (a concept, or the stem of a word no lexicon knows), or, where neither
// name has an object, their action. Turns that confuse tools whose names
// share only their action (get_order, get_invoice) say the object was not
// read, which tool_unreachable reports, not that the names are alike.
func (r *Router) sharesObject(i, j int) bool {
	a, b := &r.tools[i], &r.tools[j]
	if len(a.objects) == 0 && len(b.objects) == 0 {
		return a.action != "" && a.action == b.action
	}
	for k, o := range a.objects {
		if containsTerm(b.objects, o) || containsTerm(b.stems, a.stems[k]) {
			return true
		}
	}
	return false
}

// clashFinding describes a pair of tools the plain turns confused: an
// error when the router reads both names alike (the same action and
// objects: only their own words, if anything, tell them apart), or when
// the turns of one of them never select it, with the smallest turn of that
// one; else a warning with the smallest turn of either.
func (r *Router) clashFinding(c *clash, reached []bool) catalogue.Finding {
	idx := [2]int{c.a, c.b}
	lost := [2]bool{c.turn[0] != "" && !reached[c.a], c.turn[1] != "" && !reached[c.b]}
	k := 0 // the side whose turn is shown
	switch {
	case lost[0] != lost[1]:
		if lost[1] {
			k = 1
		}
	case c.turn[0] == "" || c.turn[1] != "" && smaller(c.turn[1], c.pos[1], c.tie[1], c.turn[0], c.pos[0], c.tie[0]):
		k = 1
	}
	from, to := r.tools[idx[k]].tool.Name, r.tools[idx[1-k]].tool.Name
	how := fmt.Sprintf("%q, a plain turn for %s, selects %s", c.turn[k], from, to)
	if c.tie[k] {
		how = fmt.Sprintf("%q, a plain turn for %s, ties it with %s", c.turn[k], from, to)
	}
	na, nb := r.tools[c.a].tool.Name, r.tools[c.b].tool.Name
	ta, tb := &r.tools[c.a], &r.tools[c.b]
	lint := catalogue.LintToolsIndistinguishable
	var msg string
	switch {
	case ta.action == tb.action && sameTerms(ta.objects, tb.objects) && ta.all == tb.all:
		msg = fmt.Sprintf("both names read as %q, and plain turns cannot tell them apart: %s", readingOf(ta), how)
	case lost[0] && lost[1]:
		msg = fmt.Sprintf("no plain turn tells %s and %s apart: %s", na, nb, how)
	case lost[k]:
		msg = fmt.Sprintf("no plain turn selects %s: its turns reach %s or tie with it; %s", from, to, how)
	default:
		lint = catalogue.LintPlainTurnAmbiguous
		msg = "some plain turns cannot tell them apart: " + how
	}
	f := catalogue.NewFinding(lint, msg, na, nb)
	f.Turn = c.turn[k]
	f.Shared = r.shared(&r.tools[c.a], &r.tools[c.b])
	f.Fix = r.fix(idx[k], idx[1-k])
	f.Languages = []string{string(r.lang)}
	return f
}

// shared lists the concepts two tools' names share: the action, then the
// objects, each with the names' words where they differ ("delete (trash,
// delete)").
func (r *Router) shared(a, b *toolInfo) []string {
	var out []string
	if a.action != "" && a.action == b.action {
		s := a.action
		if a.actionWord != b.actionWord {
			s += fmt.Sprintf(" (%s, %s)", a.actionWord, b.actionWord)
		}
		out = append(out, s)
	}
	for k, o := range a.objects {
		if containsTerm(b.objects, o) || containsTerm(b.stems, a.stems[k]) {
			s := termName(o)
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// termName writes a term without its prefix.
func termName(t string) string {
	for _, p := range []string{objectPrefix, actionPrefix, stemPrefix} {
		if s, ok := strings.CutPrefix(t, p); ok {
			return s
		}
	}
	return t
}

// nameWord returns the word of a tool's name an object term was read
// from, or the term's name.
func (r *Router) nameWord(ti *toolInfo, term string) string {
	for _, w := range ti.words {
		if r.an.wordTerm(w, true) == term || stemPrefix+r.an.stemmer.Stem(ti.writtenAs(w)) == term {
			return w
		}
	}
	return termName(term)
}

// fix says how to tell tool lostIdx, whose turn went astray, from
// otherIdx:
//
//  1. a word of its name no lexicon knows: declare it in the vocabulary
//     file;
//  2. one of the two action words read as the other's action (trash as
//     delete, add as create): rename that tool, or declare the word as an
//     action of its own in the vocabulary file;
//  3. the same action and objects: rename one to say what sets it apart;
//  4. the same action and head, other modifiers: add an object word to
//     the name with fewer;
//  5. otherwise: rename it with an action or object word that sets it
//     apart.
func (r *Router) fix(lostIdx, otherIdx int) string {
	lost, other := &r.tools[lostIdx], &r.tools[otherIdx]
	for k, o := range lost.objects {
		if strings.HasPrefix(o, stemPrefix) && !containsTerm(other.objects, o) && !lost.qualifier[k] {
			return fmt.Sprintf("declare %q in the vocabulary file, as a synonym of the word it means, so a turn that says it reads as %s does",
				r.nameWord(lost, o), lost.tool.Name)
		}
	}
	switch {
	case lost.action != "" && lost.action == other.action && lost.actionWord != other.actionWord:
		alias, canon := lost, other
		if alias.actionWord == alias.action && canon.actionWord != canon.action {
			alias, canon = other, lost
		}
		return fmt.Sprintf("the lexicon reads %q as %q, as in %s: rename %s to say what sets it apart, or declare %q in the vocabulary file as an action of its own",
			alias.actionWord, alias.action, canon.tool.Name, alias.tool.Name, alias.actionWord)
	case lost.action == other.action && sameTerms(lost.objects, other.objects):
		return fmt.Sprintf("both names read as %q: rename one of them to say what sets it apart, or keep only one", readingOf(lost))
	case lost.action == other.action && lost.head >= 0 && other.head >= 0 && lost.objects[lost.head] == other.objects[other.head]:
		fewer := lost
		if len(other.objects) < len(lost.objects) {
			fewer = other
		}
		return fmt.Sprintf("add an object word to %s's name that a person would say to ask for it", fewer.tool.Name)
	}
	return fmt.Sprintf("rename %s with an action or object word that sets it apart from %s", lost.tool.Name, other.tool.Name)
}

// firstWord returns the first single word of a class in sorted order, or
// "".
func firstWord(class map[string]bool) string {
	best := ""
	for w := range class {
		if !strings.Contains(w, " ") && (best == "" || w < best) {
			best = w
		}
	}
	return best
}

func sameTerms(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !containsTerm(b, x) {
			return false
		}
	}
	return true
}

// readingOf says a tool's reading in words: its action and objects.
func readingOf(ti *toolInfo) string {
	parts := []string{}
	if ti.action != "" {
		parts = append(parts, ti.action)
	}
	if ti.all {
		parts = append(parts, "all")
	}
	for _, o := range ti.objects {
		parts = append(parts, termName(o))
	}
	return strings.Join(parts, " ")
}
