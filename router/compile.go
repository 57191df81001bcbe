package router

import (
	"encoding/json"
	"maps"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// Term prefixes: every term the hot path matches is a concept or a stem,
// marked by what it is, so "charge" the action and "charge" the thing
// stay apart.
const (
	actionPrefix = "a:"
	objectPrefix = "o:"
	stemPrefix   = "s:"
)

// field says where in a tool a term was found.
type field uint8

const (
	fieldAction field = iota // the action word of the tool's name
	fieldObject              // the object words of the tool's name
	fieldText                // the description, title and parameters
)

// posting is one tool that holds a term, with the term's weight there.
type posting struct {
	tool   int32
	field  field
	weight float32
}

// toolInfo is what the router compiled from one tool.
type toolInfo struct {
	tool  *catalogue.Tool
	order int // position in the catalogue: the final tie-break
	// words are the words of the name spelled out by the tool's text
	// (names.go); spelled says beside each where it came from, or is nil
	// when the name stands as written.
	words      []string
	spelled    []spelling
	action     string // action concept of the name, or ""
	actionWord string
	actionStem string // the stem of actionWord
	// actions are the other verbs of the name; actionFromText is true
	// when the name has no verb and the action was read from the text.
	actions        []string
	actionFromText bool
	plural         bool     // the head noun of the name is plural (list_orders)
	all            bool     // the name says it acts on all of a kind (cancel_all_timers)
	objects        []string // object terms of the name, in order
	stems          []string // the stems of the object words, beside objects
	qualifier      []bool   // beside objects: a word after a preposition (by id, to inbox)
	// lemmas are beside objects: each concept's English lemma and its
	// relations in the wordnets (none for a stem), for relatedObject.
	lemmas     []objectLemma
	head       int // the index in objects of the head noun, or -1
	params     []param
	withdrawn  bool
	idExamples []string // ids the tool's text gives as examples
	// nameWords is how many content words the name has; nameTerms are
	// the numbers (in the router's terms) of each one's retrieval terms
	// (its stem and concepts), each word's followed by -1: for the share
	// of the name a turn holds.
	nameWords int
	nameTerms []int32
	// vendorFirst is true when the name's first word, the first of
	// nameTerms, is a vendor's prefix: it counts in the share of the name
	// a turn holds only where the turn holds it.
	vendorFirst bool
	// described is true when the tool's title and description say more
	// than its name: three terms or more the name does not hold.
	described  bool
	idPrefixes []string // the id formats the tool documents (INV-, MSG_)
	// near are the actions the lexicon gives as near the tool's action;
	// nearList is true when list is one of them (either way), and makes
	// when the action makes or sends something (create, send, or near
	// create).
	near     []string
	nearList bool
	makes    bool
	// reads and writes are the tool's kind; unmarked is true when the
	// catalogue leaves the kind to its form's default (a write to
	// confirm, no declaration of what the tool does), and nameReads when
	// besides the name's action only reads (readingActions). headStem is
	// the stem of the head noun, without its prefix, or "".
	reads, writes       bool
	unmarked, nameReads bool
	headStem            string
	genericHead         bool // the head noun is a generic item of a list ("item", "entry")
	// describedHead is the object term of the first clause of the
	// description ("Search for a hair stylist ...": a stylist), or "":
	// what the text says the name's head is.
	describedHead string
	// describedOthers are the object terms of the nouns that clause
	// names after its head ("Remove a reminder from an event": the
	// event): where the head is, or what it belongs to.
	describedOthers []string
	// headAliases are the catalogue's other words for the head of the
	// name, beside the tool's own describedHead: what the descriptions
	// of other tools of that head say it is ("Cancel a meeting you
	// organise", for cancelEvent: a meeting, for every tool of events),
	// where no tool's name names that thing (Router.headAliases).
	headAliases []string
	// headLast is the stem term of the last word of a head of several
	// (workflow_run: run), or "": a turn's noun with its stem names the
	// head, as "run 555002" names a workflow run.
	headLast string
	// headOuter is true when the name is qualified (invoice.get) and its
	// head is a word of the parts before the method, what the method
	// belongs to (social_media_analytics.most_followed: analytics).
	headOuter bool
	actionID  int32 // the number of the action among the catalogue's, or -1
	// required is how many parameters are required; takes says which
	// kinds of value some parameter's type takes.
	required  int
	takes     [numValueKinds]bool
	textLen   float64 // terms in the text field, for BM25
	textTerms []int32 // the numbers (in the router's terms) of the text field's terms, each once, in order
	// textMask has bit n%128 set for each number n of textTerms: a
	// number whose bit is clear is none of them, with no search (inText).
	textMask [2]uint64
	// mayUnmet has bit j set for each parameter j (the first 64) that
	// requiredUnmet may count: required, with no default, not made by
	// the caller (mayUnmet).
	mayUnmet uint64
}

// readingActions are the action concepts that only read: they change
// nothing the tool acts on.
var readingActions = map[string]bool{"get": true, "list": true, "search": true, "count": true,
	"calculate": true, "estimate": true, "predict": true, "compare": true, "measure": true,
	"recommend": true, "analyze": true, "detect": true, "explain": true, "summarize": true,
	"translate": true, "verify": true, "validate": true}

// param is one input parameter of a tool.
type param struct {
	name   string
	words  []string // the words of its name (tokenize.AppendNameWords), read with the schema
	terms  []string // object terms of its name words
	typ    string
	format string
	// itemFormat is the format of an array's items ("email" for a list
	// of addresses), or "".
	itemFormat string
	pattern    *regexp.Regexp
	prefix     string   // the pattern's literal prefix, upper case (INV-)
	examples   []string // ids its description and examples give
	shapes     []string // the shapes of its examples that have one (valueShape)
	enum       []string // its string values, lower case
	enumText   []string // beside enum: each value's words, normalised and spaced, as a turn's words are
	// enumWritten and enumWords are, beside enum, each value as the
	// schema writes it and the words of its name (tokenize.SplitName).
	enumWritten []string
	enumWords   [][]string
	// enumStems are the stem terms, in the turns' language, of every
	// word of every value of enumText, each once; exampleStems those of
	// the examples of one word. A turn names a value by them (enumNamed,
	// exampleNamed).
	enumStems, exampleStems []string
	// enumValueStems are, beside enumText, the stem terms of each
	// value's words: a turn names a value of several words only by all
	// of them (enumKind).
	enumValueStems [][]string
	// exampleText are the values its description gives as examples
	// ("such as villa, condo", "e.g. painting, sculpture"), normalised
	// and spaced as a turn's words are (descExamples).
	exampleText []string
	desc        string // its description
	required    bool
	// hasDefault is true for a parameter whose schema gives a default
	// value: a call may leave it out, required or not.
	hasDefault bool
	idLike     bool // it holds an id (isIDLike), read once
	// callerMade is true for a parameter the calling program makes, never
	// a person: an idempotency key or client token (callerMade).
	callerMade bool
}

// analyzer reads catalogue text into terms with the lexicons it is given,
// English first.
type analyzer struct {
	en       grammar.Grammar // the English grammar, for the verbs of the tools' texts (firstVerb)
	lexicons []*grammar.Lexicon
	stemmer  *tokenize.Stemmer
	tk       *tokenize.Tokenizer
	stop     map[string]bool
	// nounNext are the determiners after which a text's word is read as
	// a noun where it may be one (textDeterminers).
	nounNext map[string]bool
	// turnStem is the stemmer of the turns' language, and turnStop the
	// function words of that language and English, no evidence in a turn
	// (turnStemOf).
	turnStem *tokenize.Stemmer
	turnStop map[string]bool
	memo     *memo // what this compile has read, or nil (memo.go)
}

// turnStemOf is the stem, in the turns' language, of a normalised word
// of a turn, and false for a stop word or a single letter, which give no
// stem term (Router.stemTerm).
func (a *analyzer) turnStemOf(w string) (string, bool) {
	if a.turnStem == nil || a.turnStop[w] || len(w) <= 1 {
		return "", false
	}
	return a.turnStem.Stem(w), true
}

// turnStemTerm is the stem term a turn's word gives (Router.stemTerm),
// or "".
func (a *analyzer) turnStemTerm(w string) string {
	if st, ok := a.turnStemOf(w); ok {
		return stemPrefix + st
	}
	return ""
}

// wordTerm reads one normalised word as a term: an action concept, an
// object concept, or else its stem. Function words give "".
func (a *analyzer) wordTerm(w string, preferNoun bool) string {
	if a.memo == nil {
		return a.readWordTerm(w, preferNoun)
	}
	e := a.memo.word(w)
	bit, k := hasTerm0, 0
	if preferNoun {
		bit, k = hasTerm1, 1
	}
	if e.has&bit == 0 {
		e.term[k] = a.readWordTerm(w, preferNoun)
		e.has |= bit
	}
	return e.term[k]
}

// readWordTerm is wordTerm without the memo.
func (a *analyzer) readWordTerm(w string, preferNoun bool) string {
	if a.stop[w] {
		return ""
	}
	for k, lx := range a.lexicons {
		nf, isNoun := a.noun(k, w)
		ac, isAction := lx.Actions[w]
		switch {
		case isNoun && (preferNoun || !isAction):
			return objectPrefix + nf.Concept
		case isAction:
			return actionPrefix + ac
		}
	}
	if len(w) < 2 {
		return ""
	}
	// A word no lexicon reads is stemmed by its lemma when it is an
	// irregular form ("sold": sell), as a turn's words are.
	return a.stemTerm(a.en.Lexicon().Lemma(w))
}

// readSegment reads the tokens of free text (a description) into terms,
// numbered by the memo's table. Multiword entries come first (pull
// request, turn on), two words at most: descriptions are prose. Every
// other word or identifier gives the term of each word of it
// (tokenize.SplitName), and beside a concept its stem too, for turn words
// no lexicon knows.
func (a *analyzer) readSegment(toks []tokenize.Token) *segment {
	m := a.memo
	s := &segment{ids: m.segIDs[:0], rids: m.segRIDs[:0]} // read in the memo's room, then copied
	noun := false                                         // the word before was a determiner
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		if t.Kind != tokenize.Word && t.Kind != tokenize.Identifier {
			noun = false
			continue
		}
		if i+1 < len(toks) && toks[i+1].Kind == tokenize.Word {
			if term := a.pairTerm(t.Norm, toks[i+1].Norm); term != "" {
				id, rid := a.number(term)
				s.ids, s.rids = append(s.ids, id), append(s.rids, rid)
				i++
				noun = false
				continue
			}
		}
		w := a.normSegment(t.Norm, noun)
		s.ids, s.rids = append(s.ids, w.ids...), append(s.rids, w.rids...)
		noun = t.Kind == tokenize.Word && a.nounNext[t.Norm]
	}
	m.segIDs, m.segRIDs = s.ids, s.rids
	n := len(s.ids)
	both := make([]int32, n+len(s.rids)) // the copies, in one piece
	copy(both, s.ids)
	copy(both[n:], s.rids)
	s.ids, s.rids = both[:n:n], both[n:]
	return s
}

// pairTerm is the term of two adjacent words of a text read as one entry
// (pull request, turn on), or "" when they are two words or a compound of
// nouns.
func (a *analyzer) pairTerm(w1, w2 string) string {
	var room [64]byte
	pair := append(append(append(room[:0], w1...), ' '), w2...)
	if term := a.phraseTerm(string(pair)); term != "" && !a.ofNouns(string(pair)) {
		return term
	}
	return ""
}

// normSegment reads one word token of a text (its Norm), once per
// compile: the term of each of its words, and the stem beside a concept.
// After a determiner a word that may be a noun or a verb is read as the
// noun ("Cancel a meeting you organise", "Apply a label").
func (a *analyzer) normSegment(norm string, noun bool) *segment {
	memo := &a.memo.tokens[0]
	if noun {
		memo = &a.memo.tokens[1]
	}
	s, ok := (*memo)[norm]
	if !ok {
		s = a.newSegment(a.readNormTerms(nil, norm, noun))
		(*memo)[norm] = s
	}
	return s
}

func (a *analyzer) readNormTerms(dst []string, norm string, noun bool) []string {
	for _, w := range tokenize.SplitName(norm) {
		term := a.wordTerm(w, noun)
		if term == "" {
			continue
		}
		dst = append(dst, term)
		if !strings.HasPrefix(term, stemPrefix) {
			// The stem too, for turn words no lexicon knows.
			dst = append(dst, a.stemTerm(w))
		}
	}
	return dst
}

// phraseTerm is the term of a phrase of several words the lexicons list,
// or "".
func (a *analyzer) phraseTerm(p string) string {
	for _, lx := range a.lexicons {
		if nf, ok := lx.Nouns[p]; ok {
			return objectPrefix + nf.Concept
		}
		if ac, ok := lx.Actions[p]; ok {
			return actionPrefix + ac
		}
	}
	return ""
}

// nameWords splits a tool name and joins phrasal verbs (turn on) into one
// word.
//
// Only phrasal verbs are joined here: a noun compound is joined among the
// object words once the action is known (crm_contact_list lists
// contacts; it is no "contact list").
//
// The words it returns from a compile's memo are shared: callers only read
// them.
func (a *analyzer) nameWords(name string) []string {
	if a.memo == nil {
		return a.readNameWords(name)
	}
	words, ok := a.memo.nameWords[name]
	if !ok {
		words = slices.Clip(a.readNameWords(name))
		a.memo.nameWords[name] = words
	}
	return words
}

func (a *analyzer) readNameWords(name string) []string {
	out, _ := a.joinPhrasal(tokenize.SplitName(name), nil)
	return out
}

// joinPhrasal joins the words of a name that make a phrasal verb (mark as
// read) into one word. Beside the words it keeps where each came from
// (spelled, which may be nil): a phrase, where its first word that came
// from another did.
func (a *analyzer) joinPhrasal(words []string, spelled []spelling) ([]string, []spelling) {
	out := words[:0:0]
	if len(words) > 0 {
		out = make([]string, 0, len(words))
	}
	var from []spelling
	if spelled != nil {
		from = make([]spelling, 0, len(words))
	}
	var room [64]byte
next:
	for i := 0; i < len(words); i++ {
		for n := min(4, len(words)-i); n >= 2; n-- {
			p := room[:0] // the words joined by spaces
			for k, w := range words[i : i+n] {
				if k > 0 {
					p = append(p, ' ')
				}
				p = append(p, w...)
			}
			if strings.HasPrefix(a.phraseTerm(string(p)), actionPrefix) {
				out = append(out, string(p)) // markAsRead: mark as read
				if spelled != nil {
					sp := spelling{}
					for _, f := range spelled[i : i+n] {
						if f.from != "" {
							sp = spelling{from: f.from, part: true}
							break
						}
					}
					from = append(from, sp)
				}
				i += n - 1
				continue next
			}
		}
		out = append(out, words[i])
		if spelled != nil {
			from = append(from, spelled[i])
		}
	}
	return out, from
}

// splitSentences splits a description into sentences, at a full stop,
// question or exclamation mark, semicolon or line break followed by a
// space or the end.
func splitSentences(text string) []string {
	var out []string
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '.' && c != ';' && c != '\n' && c != '!' && c != '?' {
			continue
		}
		if i+1 < len(text) && text[i+1] != ' ' && text[i+1] != '\n' && c != '\n' {
			continue // invoice.get, 4.5
		}
		out = append(out, text[start:i+1])
		start = i + 1
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

// negatedTokens reports whether a sentence, read into tokens, opens with a
// negation ("Do not use...", "Never...", "Not for..."), by the lexicons'
// negation words.
func (a *analyzer) negatedTokens(toks []tokenize.Token) bool {
	var words []string
	for _, t := range toks {
		if t.Kind == tokenize.Word {
			words = append(words, t.Norm)
			if len(words) == 2 {
				break
			}
		}
	}
	for _, lx := range a.lexicons {
		if len(words) > 0 && lx.Has("negation", words[0]) {
			return true
		}
		if len(words) == 2 && lx.Has("negation", words[0]+" "+words[1]) {
			return true
		}
	}
	return false
}

// joinNouns joins the words of multiword nouns that are units (pull
// request, time off), leaving compounds of nouns word by word.
func (a *analyzer) joinNouns(words []string) []string {
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); i++ {
		if i+1 < len(words) {
			// pairTerm is the phrase's term unless it is a compound of
			// nouns.
			if strings.HasPrefix(a.pairTerm(words[i], words[i+1]), objectPrefix) {
				out = append(out, words[i]+" "+words[i+1])
				i++
				continue
			}
		}
		out = append(out, words[i])
	}
	return out
}

// ofNouns reports whether a phrase is a compound of nouns, read word by
// word.
func (a *analyzer) ofNouns(p string) bool {
	for _, lx := range a.lexicons {
		if _, ok := lx.Nouns[p]; ok {
			return lx.OfNouns(p)
		}
	}
	return false
}

// isVerb and isNoun look a word up in every lexicon.
func (a *analyzer) isVerb(w string) (string, bool) {
	if a.memo == nil {
		return a.readVerb(w)
	}
	e := a.memo.word(w)
	if e.has&hasVerb == 0 {
		e.verb, e.isVerb = a.readVerb(w)
		e.has |= hasVerb
	}
	return e.verb, e.isVerb
}

func (a *analyzer) readVerb(w string) (string, bool) {
	for _, lx := range a.lexicons {
		if c, ok := lx.Actions[w]; ok {
			return c, true
		}
	}
	return "", false
}

func (a *analyzer) isNoun(w string) bool {
	if a.memo == nil {
		return a.readNoun(w)
	}
	e := a.memo.word(w)
	if e.has&hasNoun == 0 {
		e.isNoun = a.readNoun(w)
		e.has |= hasNoun
	}
	return e.isNoun
}

func (a *analyzer) readNoun(w string) bool {
	for k := range a.lexicons {
		if _, ok := a.noun(k, w); ok {
			return true
		}
	}
	return false
}

// compile reads every tool's name, description and parameters into
// toolInfos and the inverted index of the hot path.
//
// A tool's action is the word of its name the lexicon reads as a verb;
// where a name has several (charge_card: both are nouns too), a word that
// is only a verb wins, and then the naming convention decides: in names
// that put the verb last (invoice.get, crm_contact_create), the last
// verb-capable word; otherwise the first. The convention is a
// namespace's (the first word of three or more names: gh, crm) where its
// names show one, else the catalogue's, so that one vendor's tools keep
// theirs among many others'. Words common to most tools' names (a vendor
// prefix such as hass or crm) are left out of the objects; a vendor's
// prefix that fewer share is an object its tools do without. Every other
// word of a name that no lexicon knows is first spelled out by the tool's
// own text (nameSpeller.spell:
// calc_area is calculate area, getweather get weather), and the name is
// read in those words.
func (r *Router) compile(cat *catalogue.Catalogue) {
	a := r.an
	a.memo = newMemo()
	defer func() { a.memo = nil }()
	n := len(cat.Tools)
	names := make([][]string, n)
	nameDF := map[string]int{}
	verbLast, verbFirst := 0, 0
	for i := range cat.Tools {
		words := a.versioned(a.readNameWords(cat.Tools[i].Name)) // a tool's name is its own: no memo
		names[i] = words
		for j, w := range words {
			if !slices.Contains(words[:j], w) {
				nameDF[w]++
			}
		}
	}
	common := map[string]bool{}
	if n >= 4 {
		for w, df := range nameDF {
			if float64(df) > 0.5*float64(n) {
				if _, v := a.isVerb(w); !v {
					common[w] = true
				}
			}
		}
	}
	// The namespaces: the first word of minNamespace or more names, no
	// verb; each keeps its names' convention (below).
	spaces := map[string]*convention{}
	nsOf := make([]string, n)
	for i := range cat.Tools {
		if ns := a.namespace(names[i]); ns != "" {
			nsOf[i] = ns
			c := spaces[ns]
			if c == nil {
				c = &convention{}
				spaces[ns] = c
			}
			c.tools++
		}
	}
	for ns, c := range spaces {
		if c.tools < minNamespace {
			delete(spaces, ns)
		}
	}
	// A namespace no lexicon reads as a noun either (gh, hass, adriel)
	// is a vendor's prefix: its tools may do without it, but a turn that
	// names it names them (adriel_contact: "the contact of Adriel").
	var vendor map[string]bool
	for ns := range spaces {
		if !a.isNoun(ns) && !common[ns] {
			if vendor == nil {
				vendor = map[string]bool{}
			}
			vendor[ns] = true
		}
	}
	// The names spelled out by their tools' text (names.go), in a
	// catalogue where some name has a word to spell.
	var spelled [][]spelling // by tool, when some name was spelled out
	if speller := newNameSpeller(a, r.wn); speller.anyOpen(nameDF, common) {
		for i := range cat.Tools {
			if words, from := speller.spell(&cat.Tools[i], names[i], common); from != nil {
				if spelled == nil {
					spelled = make([][]spelling, n)
				}
				names[i], spelled[i] = words, from
			}
		}
	}
	// The naming convention: where does the only-a-verb word stand? A
	// catalogue may join the tools of many vendors, each with its own: a
	// namespace (the first word of three or more names, no verb: gh, crm,
	// hass) keeps the convention of its names where they show one, and
	// the other tools the catalogue's.
	for i := range cat.Tools {
		words := names[i]
		c := spaces[nsOf[i]]
		for j, w := range words {
			if _, v := a.isVerb(w); v && !a.isNoun(w) {
				last := j == len(words)-1 && j > 0
				if last {
					verbLast++
				} else {
					verbFirst++
				}
				if c != nil {
					c.vote(last)
				}
				break
			}
		}
	}
	global := verbLast > verbFirst
	lastFirstOf := func(i int) bool {
		if c := spaces[nsOf[i]]; c != nil && c.last != c.first {
			return c.last > c.first
		}
		return global
	}

	r.tools = make([]toolInfo, n)
	fields := make([][numFields][]int32, n)
	// The terms of every tool, by number (the memo's table): df counts
	// the tools whose text holds each, mark the last tool (plus one) that
	// counted it.
	terms := a.memo.terms
	texts := make([][]int32, n)
	// Every tool's text and description terms are read into one growing
	// array each, and cut from it: a tool's are never appended to after.
	var textRoom, descRoom, nameRoom []int32
	var lemmaRoom []objectLemma
	lemmaOf := map[string]objectLemma{} // by object term
	actionIDs := map[string]int32{}
	var df, mark []int32
	var totalLen float64
	for i := range cat.Tools {
		t := &cat.Tools[i]
		ti := &r.tools[i]
		ti.tool, ti.order = t, i
		ti.reads, ti.writes = t.Kind == catalogue.Read, t.Kind == catalogue.Write
		words := names[i]
		ti.words = words
		if spelled != nil {
			ti.spelled = spelled[i]
		}
		content := a.contentWords(words, common)
		lastFirst := lastFirstOf(i)
		if t.Origin.NamedFromSummary && t.Origin.Summary != "" {
			// The action came from the summary: read it from there.
			if toks := tokenize.SplitName(t.Origin.Summary); len(toks) > 0 {
				if c, ok := a.isVerb(toks[0]); ok {
					ti.action, ti.actionWord = c, toks[0]
				}
			}
		}
		if k := strings.LastIndexByte(t.Name, '.'); ti.action == "" && k > 0 {
			// A qualified name (releases_api.ReleasesApi.delete_release,
			// invoice.get): its last part is the method and says what it
			// does; the parts before it name what it belongs to. A
			// method of several words is read by its own words, whatever
			// the names around it do: its word that can only be a verb,
			// else its first that can be one (get_scores, books_search;
			// though basketball's names end in their verb,
			// basketball.player_stats.get).
			if tail := a.readNameWords(t.Name[k+1:]); len(tail) < len(words) && slices.Equal(words[len(words)-len(tail):], tail) {
				if tail = a.outsideCompounds(a.contentWords(tail, common), lastFirst); len(tail) > 1 {
					ti.action, ti.actionWord = methodAction(a, tail)
				} else {
					ti.action, ti.actionWord = pickAction(a, tail, lastFirst)
				}
			}
		}
		if ti.action == "" {
			ti.action, ti.actionWord = pickAction(a, a.outsideCompounds(content, lastFirst), lastFirst)
		}
		// Other verbs of the name (HassMediaSearchAndPlay plays too).
		for _, w := range content {
			if c, ok := a.isVerb(w); ok && w != ti.actionWord && !a.isNoun(w) && c != ti.action {
				ti.actions = append(ti.actions, c)
			}
		}
		a.readObjects(ti, words, common, vendor, r.modifierOnly)
		if ti.head >= 0 {
			if st := ti.stems[ti.head]; strings.IndexByte(st, ' ') > 0 {
				ti.headLast = stemPrefix + st[strings.LastIndexByte(st, ' ')+1:]
			}
			if k := strings.LastIndexByte(t.Name, '.'); k > 0 {
				last := ti.headLast
				if last == "" {
					last = ti.stems[ti.head]
				}
				ti.headOuter = true
				for _, w := range a.readNameWords(t.Name[k+1:]) {
					if a.stemTerm(w) == last {
						ti.headOuter = false
						break
					}
				}
			}
		}
		if r.wn != nil && len(ti.objects) > 0 {
			if cap(lemmaRoom)-len(lemmaRoom) < len(ti.objects) {
				lemmaRoom = make([]objectLemma, 0, max(len(ti.objects), min(1<<12, 4*n)))
			}
			at := len(lemmaRoom)
			for _, o := range ti.objects {
				l, ok := lemmaOf[o]
				if !ok {
					l.id = int32(len(lemmaOf))
					if c, concept := strings.CutPrefix(o, objectPrefix); concept {
						l.lemma = conceptLemma(c)
						l.related = relatedLemmas(r.wn, l.lemma)
					}
					lemmaOf[o] = l
				}
				lemmaRoom = append(lemmaRoom, l)
			}
			ti.lemmas = lemmaRoom[at:len(lemmaRoom):len(lemmaRoom)]
		}
		for _, w := range words {
			if r.en.Has("quantifier", w) {
				ti.all = true // HassCancelAllTimers acts on every timer
			}
		}
		if ti.actionWord != "" {
			ti.actionStem = a.stem(ti.actionWord)
		}
		if ti.action == "create" && ti.head >= 0 {
			// refund.create creates a refund: it refunds.
			if c := strings.TrimPrefix(ti.objects[ti.head], objectPrefix); c != ti.objects[ti.head] {
				if _, ok := r.en.ActionWords[c]; ok {
					ti.actions = append(ti.actions, c)
				}
			}
		}
		if ti.action == "" {
			// A name with no verb (HassMediaNext): the first verb of its
			// title or description says what it does.
			ti.action = firstVerb(a, t.Title)
			if ti.action == "" {
				ti.action = firstVerb(a, t.Description)
			}
			ti.actionFromText = ti.action != ""
		}
		ti.actionID = -1
		if ti.action != "" {
			ti.near = r.en.Near[ti.action]
			ti.nearList = r.en.IsNear("list", ti.action)
			id, ok := actionIDs[ti.action]
			if !ok {
				id = int32(len(actionIDs))
				actionIDs[ti.action] = id
			}
			ti.actionID = id
		}
		// A tool whose catalogue does not say whether it writes is a
		// write to confirm, but what its name does is evidence of what it
		// is asked for: "which curtains are closed?" asks HassGetState,
		// unmarked, as it asks a read.
		if a.en != nil && ti.head >= 0 {
			ti.describedHead, ti.describedOthers = describedHead(a.en, t.Description)
		}
		ti.unmarked = t.Unmarked()
		ti.nameReads = ti.unmarked && readingActions[ti.action]
		ti.makes = ti.action == "create" || ti.action == "send" || r.en.IsNear("create", ti.action)
		ti.params = readParams(a, t.InputSchema)
		ti.required, ti.takes = paramKinds(ti.params)
		ti.mayUnmet = mayUnmet(ti.params)
		ti.idExamples = a.idsIn(nil, t.Description)
		for _, p := range ti.params {
			ti.idExamples = append(ti.idExamples, p.examples...)
		}
		// The text field: title, description, and the words of the
		// parameters, the object words of the name again (so a
		// description that never repeats the name still holds them).
		// desc are the retrieval terms of the title and description.
		seg := a.textSegment(t.Title)
		// The rooms are chunks, so that growing one leaves no copies
		// behind: a new chunk when the last is nearly full, its size by
		// the catalogue's.
		chunk := min(1<<15, max(1<<10, 64*n))
		margin := chunk / 16
		if cap(textRoom)-len(textRoom) < margin {
			textRoom = make([]int32, 0, chunk)
		}
		if cap(descRoom)-len(descRoom) < margin {
			descRoom = make([]int32, 0, chunk)
		}
		textAt, descAt := len(textRoom), len(descRoom)
		text := append(textRoom, seg.ids...)
		desc := append(descRoom, seg.rids...)
		for _, sentence := range splitSentences(t.Description) {
			// "Do not use to list invoices (use invoice.list)" says
			// what the tool is not for: its words are no evidence.
			seg := a.sentenceSegment(sentence)
			text = append(text, seg.ids...)
			desc = append(desc, seg.rids...)
		}
		for _, p := range ti.params {
			text = terms.appendIDs(text, p.terms)
		}
		textRoom, descRoom = text, desc
		text, desc = text[textAt:len(text):len(text)], desc[descAt:len(desc):len(desc)]
		texts[i] = text
		compounds := a.compoundsOf(words)
		fields[i] = a.retrievalFields(ti, words, compounds, common, desc)
		ti.idPrefixes = documentedPrefixes(ti)
		for _, pre := range ti.idPrefixes {
			// A turn's id of a format the tool documents is a term the
			// tool holds (idTermPrefix).
			fields[i][rfParams] = appendUniqueID(fields[i][rfParams], terms.id(idTermPrefix+pre))
		}
		nameWords := a.nameWordTerms(words, ti.spelled, compounds, common)
		ti.nameWords = len(nameWords)
		if vendor[words[0]] {
			// The vendor's prefix (no stop word: see namespace) is the
			// first word's terms; they count only where the turn names
			// them.
			ti.vendorFirst = true
		}
		if cap(nameRoom)-len(nameRoom) < margin {
			nameRoom = make([]int32, 0, chunk)
		}
		nameAt := len(nameRoom)
		for _, ts := range nameWords {
			nameRoom = append(terms.appendIDs(nameRoom, ts), -1)
		}
		ti.nameTerms = nameRoom[nameAt:len(nameRoom):len(nameRoom)]
		ti.described = describes(&fields[i])
		ti.textLen = float64(len(text))
		totalLen += ti.textLen
		df, mark = fit(df, terms), fit(mark, terms)
		for _, id := range texts[i] {
			if mark[id] != int32(i+1) {
				mark[id] = int32(i + 1)
				df[id]++
			}
		}
	}
	r.actions = len(actionIDs)
	r.objectLemmas = len(lemmaOf)
	// Each action's lemma and its relations in the wordnets, read once
	// a catalogue: what a clause's action is to each of the tools'.
	r.actionIDs = actionIDs
	r.actionNames = make([]string, len(actionIDs))
	r.actionLemmas = make([]string, len(actionIDs))
	r.actionRelated = make([]map[string]relation, len(actionIDs))
	r.rows = actionRows{once: make([]sync.Once, len(actionIDs)), rows: make([][]actionOf, len(actionIDs))}
	for action, id := range actionIDs {
		r.actionNames[id] = action
		r.actionLemmas[id] = conceptLemma(action)
		if r.wn != nil {
			r.actionRelated[id] = relatedLemmas(r.wn, r.actionLemmas[id])
		}
	}
	textTerms := terms.len() // the text's terms are among those numbered so far
	avgLen := 1.0
	if n > 0 && totalLen > 0 {
		avgLen = totalLen / float64(n)
	}
	r.ix = buildIndex(fields, terms)
	r.terms = terms
	r.indexPrefixes()
	r.indexNameTypos()
	idf := make([]float32, textTerms)
	for id, d := range df[:textTerms] {
		if d > 0 {
			idf[id] = float32(math.Log(1 + (float64(n)-float64(d)+0.5)/(float64(d)+0.5)))
		}
	}
	r.postings = r.buildPostings(terms, texts, df, idf, avgLen)
}

// retrievalFields reads a tool into the fields of the retrieval index:
// its name's action words and object words, its title and description
// (less the sentences that say what it is not for), and its parameters'
// names, descriptions and enum values. Every word gives its stem, and the
// concepts the lexicons read it as. Terms are numbered by the memo's
// table.
//
// desc are the retrieval terms compile read of the title and description;
// compounds the concepts of the name's compound nouns (compoundsOf).
func (a *analyzer) retrievalFields(ti *toolInfo, words []string, compounds [][]string, common map[string]bool, desc []int32) [numFields][]int32 {
	var f [numFields][]int32
	terms := a.memo.terms
	word := func(dst []int32, w string) []int32 {
		stems, concepts := a.wordRetrievalIDs(w)
		dst = append(dst, stems...)
		if a.stop[w] {
			return dst
		}
		for _, c := range concepts {
			dst = appendUniqueID(dst, c)
		}
		return dst
	}
	for k, w := range words {
		var fd *[]int32
		switch {
		case common[w]:
			continue
		case w == ti.actionWord && ti.action != "":
			fd = &f[rfAction]
			*fd = word(*fd, w)
			*fd = appendUniqueID(*fd, terms.id(conceptPrefix+ti.action))
		default:
			fd = &f[rfObject]
			*fd = word(*fd, w)
			if compounds != nil {
				for _, c := range compounds[k] {
					*fd = appendUniqueID(*fd, terms.id(c))
				}
			}
		}
		if ti.spelled != nil && ti.spelled[k].from != "" {
			// The name's own word, as written (calc for calculate).
			*fd = appendUniqueID(*fd, terms.id(a.stemTerm(ti.spelled[k].from)))
		}
	}
	if ti.actionFromText || ti.actionWord == "" && ti.action != "" {
		f[rfAction] = append(f[rfAction], terms.id(conceptPrefix+ti.action))
	}
	for _, c := range ti.actions {
		f[rfAction] = appendUniqueID(f[rfAction], terms.id(conceptPrefix+c))
	}
	f[rfText] = desc
	for _, p := range ti.params {
		for _, w := range a.nameWords(p.name) {
			f[rfParams] = word(f[rfParams], w)
		}
		f[rfParams] = append(f[rfParams], a.textSegment(p.desc).rids...)
		for _, e := range p.enum {
			f[rfParams] = append(f[rfParams], a.textSegment(e).rids...)
		}
	}
	return f
}

func appendUniqueID(s []int32, x int32) []int32 {
	if slices.Contains(s, x) {
		return s
	}
	return append(s, x)
}

// wordRetrievalTerms are the retrieval terms of one word of a name: the
// stems of its parts (a phrasal verb has several) that are no function
// words, and the concepts every lexicon reads the whole word as, in
// lexicon order, the noun's before the action's. The concepts may repeat:
// callers add them once each.
func (a *analyzer) wordRetrievalTerms(w string) (stems, concepts []string) {
	var e *wordMemo
	if a.memo != nil {
		if e = a.memo.word(w); e.has&hasConcepts != 0 {
			return e.partStems, e.concepts
		}
	}
	for _, part := range strings.Fields(w) {
		if !a.stop[part] && len(part) > 1 {
			stems = append(stems, a.stemTerm(part))
		}
	}
	for k, lx := range a.lexicons {
		if nf, ok := a.noun(k, w); ok {
			concepts = append(concepts, conceptPrefix+nf.Concept)
		}
		if ac, ok := lx.Actions[w]; ok {
			concepts = append(concepts, conceptPrefix+ac)
		}
	}
	if e != nil {
		e.partStems, e.concepts = stems, concepts
		e.has |= hasConcepts
	}
	return stems, concepts
}

// describes reports whether a tool's text field holds three terms or
// more that its name's fields do not.
func describes(f *[numFields][]int32) bool {
	var seen [3]int32
	n := 0
	for _, t := range f[rfText] {
		if slices.Contains(seen[:n], t) || slices.Contains(f[rfAction], t) || slices.Contains(f[rfObject], t) {
			continue
		}
		seen[n] = t
		if n++; n >= 3 {
			return true
		}
	}
	return false
}

// nameWordTerms are the retrieval terms of each content word of a name;
// a word spelled out (spelled, which may be nil) holds the stem of the
// name's word it came from too, and a word of a compound (compounds, as
// compoundsOf gives them) the compound's concepts.
func (a *analyzer) nameWordTerms(words []string, spelled []spelling, compounds [][]string, common map[string]bool) [][]string {
	var out [][]string
	for k, w := range words {
		if common[w] || a.stop[w] {
			continue
		}
		ts := a.nameWordTermsOf(w)
		if spelled != nil && spelled[k].from != "" {
			ts = appendUnique(slices.Clip(ts), a.stemTerm(spelled[k].from))
		}
		if compounds != nil {
			for _, c := range compounds[k] {
				ts = appendUnique(slices.Clip(ts), c)
			}
		}
		if len(ts) > 0 {
			out = append(out, ts)
		}
	}
	return out
}

// compoundsOf are, beside the words of a name, the concepts of the
// compound nouns each is part of (nameCompounds), read once for the
// name's fields and its words' terms; nil when the name spells none.
func (a *analyzer) compoundsOf(words []string) [][]string {
	var out [][]string
	for k := range words {
		if cs := a.nameCompounds(words, k); len(cs) > 0 {
			if out == nil {
				out = make([][]string, len(words))
			}
			out[k] = cs
		}
	}
	return out
}

// maxCompoundWords is the most words of a compound noun a name spells out.
const maxCompoundWords = 3

// nameCompounds are the concepts of the compound nouns of a name that
// words[k] is part of, as the lexicons read the words together:
// HassShoppingListAddItem spells "shopping list", and a turn that names
// it in one word of another language ("lista de compras") names both
// its words. A compound is two or three of the name's words in a row, as
// written: one word's own concepts are among its terms already.
func (a *analyzer) nameCompounds(words []string, k int) []string {
	var out []string
	var room [64]byte
	for i := max(0, k-maxCompoundWords+1); i <= k; i++ {
		if !a.startsCompound(words[i]) {
			continue
		}
		phrase := append(room[:0], words[i]...)
		for j := i + 1; j < min(len(words), i+maxCompoundWords); j++ {
			phrase = append(append(phrase, ' '), words[j]...)
			if j < k {
				continue
			}
			for _, c := range a.compoundConcepts(phrase) {
				out = appendUnique(out, c)
			}
		}
	}
	return out
}

// compoundStarts caches, by lexicon, the first words of its nouns of
// several words.
var compoundStarts sync.Map // *grammar.Lexicon -> map[string]bool

// startsCompound reports whether w is the first word of a noun of several
// words of one of the lexicons.
func (a *analyzer) startsCompound(w string) bool {
	for _, lx := range a.lexicons {
		v, ok := compoundStarts.Load(lx)
		if !ok {
			starts := map[string]bool{}
			for form := range lx.Nouns {
				if first, _, ok := strings.Cut(form, " "); ok {
					starts[first] = true
				}
			}
			v, _ = compoundStarts.LoadOrStore(lx, starts)
		}
		if v.(map[string]bool)[w] {
			return true
		}
	}
	return false
}

// compoundConcepts are the concept terms the lexicons read a phrase of
// several words as, once a compile.
func (a *analyzer) compoundConcepts(phrase []byte) []string {
	if a.memo != nil {
		if cs, ok := a.memo.compounds[string(phrase)]; ok { // no allocation
			return cs
		}
	}
	var cs []string
	for _, lx := range a.lexicons {
		if nf, ok := lx.Nouns[string(phrase)]; ok {
			cs = appendUnique(cs, conceptPrefix+nf.Concept)
		}
	}
	if a.memo != nil {
		a.memo.compounds[string(phrase)] = cs
	}
	return cs
}

// nameWordTermsOf are the retrieval terms of one content word of a name:
// its stems, then its concepts once each. The terms it returns from a
// compile's memo are shared: callers only read them.
func (a *analyzer) nameWordTermsOf(w string) []string {
	var e *wordMemo
	if a.memo != nil {
		if e = a.memo.word(w); e.has&hasNameTerms != 0 {
			return e.nameTerms
		}
	}
	stems, concepts := a.wordRetrievalTerms(w)
	ts := append([]string(nil), stems...)
	for _, c := range concepts {
		ts = appendUnique(ts, c)
	}
	if e != nil {
		e.nameTerms = slices.Clip(ts)
		e.has |= hasNameTerms
	}
	return ts
}

// indexNameTypos indexes the words of the tools' names that no lexicon
// knows (vacuum, kb, macro), so a turn's typo of one can be read as it:
// an object word the router reads as a stem, and the name's own word of
// one spelled out (contrib, for contribution), each read as the object's
// stem.
func (r *Router) indexNameTypos() {
	var words []string
	r.nameWords = map[string]string{}
	index := func(w, stem string) {
		if _, ok := r.nameWords[w]; !ok {
			r.nameWords[w] = stem
			words = append(words, w)
		}
	}
	for i := range r.tools {
		ti := &r.tools[i]
		for k, o := range ti.objects {
			isStem := strings.HasPrefix(o, stemPrefix)
			for j, w := range ti.words {
				written := w
				if ti.spelled != nil && ti.spelled[j].from != "" && !ti.spelled[j].part {
					written = ti.spelled[j].from
				}
				switch {
				case written != w && r.an.stemTerm(written) == ti.stems[k]:
					index(written, ti.stems[k])
					if isStem {
						index(w, ti.stems[k])
					}
				case isStem && r.an.stemTerm(w) == ti.stems[k]:
					index(w, ti.stems[k])
				}
			}
		}
	}
	sort.Strings(words)
	r.nameFuzzy = grammar.NewFuzzyIndex(words)
}

// nameTypo reads a word within an edit of a word of the catalogue's names,
// returning that word's term.
func (r *Router) nameTypo(w string) (string, bool) {
	cands, _ := r.nameFuzzy.Lookup(w)
	if len(cands) == 0 {
		return "", false
	}
	sort.Strings(cands)
	return r.nameWords[cands[0]], true
}

// idTermPrefix is the prefix of the retrieval term of an id format
// ("id:CT_"): a tool that documents the format holds it in the field of
// its parameters, and a turn's id of the format asks for it (idTerm), so
// that the id is evidence as the turn's words are, in the retrieval
// score and in the coverage of the turn a tool holds.
const idTermPrefix = "id:"

// documentedPrefixes are the id formats a tool documents: the literal
// prefixes of its parameters' patterns (^INV-[0-9]+$), and the prefixes
// of the ids its description and parameters give as examples ("the
// message id, e.g. msg_8812"), sorted.
func documentedPrefixes(ti *toolInfo) []string {
	var ps []string
	for j := range ti.params {
		if p := ti.params[j].prefix; p != "" && !slices.Contains(ps, p) {
			ps = append(ps, p)
		}
	}
	for _, x := range ti.idExamples {
		if p := IDPrefix(x); p != "" && !slices.Contains(ps, p) {
			ps = append(ps, p)
		}
	}
	slices.Sort(ps)
	return ps
}

// idTerm returns the retrieval term of the format of id (IDPrefix), when
// some tool documents it: read without allocating, as Select reads it
// for each id of a turn.
func (r *Router) idTerm(id string) (string, bool) {
	n := idPrefixLen(id)
	if n == 0 {
		return "", false
	}
	var buf [maxPrefix + 1]byte
	for i := range n {
		c := id[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A' // the letters upper case, as IDPrefix writes them
		}
		buf[i] = c
	}
	t, ok := r.idTerms[string(buf[:n])]
	return t, ok
}

// indexPrefixes maps the id formats a tool documents to the tools: the
// literal prefixes of its parameters' patterns (^INV-[0-9]+$), and the
// prefixes of the ids its description and parameters give as examples
// ("the message id, e.g. msg_8812"); and the action of each tool's name,
// and the action with its head object, to the tools (byAction, byName);
// and each action to the tools whose name is an action alone, that action
// or one near it (bare); and the head of each name of a tool that takes
// an id to the tools (byHead, headsBy).
func (r *Router) indexPrefixes() {
	r.prefixes = map[string][]int32{}
	r.idTerms = map[string]string{}
	r.prefixNouns = map[string][]string{}
	r.byHead = map[string][]int32{}
	r.byAction = map[string][]int32{}
	r.byName = map[string][]int32{}
	r.bare = map[string][]int32{}
	r.headAliases()
	for i := range r.tools {
		ti := &r.tools[i]
		nouns := func(pre string, terms ...string) {
			ns := r.prefixNouns[pre]
			if ns == nil {
				ns = []string{}
			}
			for _, t := range terms {
				if c, ok := strings.CutPrefix(t, objectPrefix); ok && !slices.Contains(ns, c) {
					ns = append(ns, c)
				}
			}
			r.prefixNouns[pre] = ns
		}
		for j := range ti.params {
			p := &ti.params[j]
			if p.prefix != "" {
				nouns(p.prefix, p.terms...)
			}
			for _, x := range p.examples {
				if pre := IDPrefix(x); pre != "" {
					nouns(pre, p.terms...)
				}
			}
		}
		for _, x := range ti.idExamples {
			if p := IDPrefix(x); p != "" {
				if _, ok := r.prefixNouns[p]; !ok && ti.head >= 0 {
					nouns(p, ti.objects[ti.head])
				}
			}
		}
		for _, p := range ti.idPrefixes { // documentedPrefixes, read by compile
			if _, ok := r.prefixes[p]; !ok {
				r.idTerms[p] = idTermPrefix + p
			}
			r.prefixes[p] = append(r.prefixes[p], int32(i))
		}
		if ti.action != "" {
			r.byAction[ti.action] = append(r.byAction[ti.action], int32(i))
			if ti.head >= 0 {
				key := string(appendNameKey(nil, ti.action, ti.objects[ti.head]))
				r.byName[key] = append(r.byName[key], int32(i))
				for _, o := range ti.headAliases {
					key := string(appendNameKey(nil, ti.action, o))
					r.byName[key] = append(r.byName[key], int32(i))
				}
				if c, ok := strings.CutPrefix(ti.objects[ti.head], objectPrefix); ok && takesID(ti) {
					r.byHead[c] = append(r.byHead[c], int32(i))
				}
			} else if len(ti.objects) == 0 {
				r.bare[ti.action] = append(r.bare[ti.action], int32(i))
				for _, a := range r.en.NearOf(ti.action) {
					r.bare[a] = append(r.bare[a], int32(i))
				}
			}
		}
	}
	for _, c := range slices.Sorted(maps.Keys(r.byHead)) {
		if w := c[strings.LastIndexByte(c, '_')+1:]; w != "" && w[0] >= 'a' && w[0] <= 'z' {
			r.headsBy[w[0]-'a'] = append(r.headsBy[w[0]-'a'], c)
		}
	}
}

// appendNameKey appends the key of byName to dst: an action concept and
// the term of a name's head object.
func appendNameKey(dst []byte, action, object string) []byte {
	return append(append(append(dst, action...), 0), object...)
}

// IDPrefix returns the format prefix of an id: its leading letters and
// the mark after them, upper case ("msg_991" -> "MSG_", "INV-0042137" ->
// "INV-", "i-0cafe" -> "I-"), or "" when it has none.
func IDPrefix(id string) string {
	return strings.ToUpper(id[:idPrefixLen(id)])
}

// idPrefixLen is the length of an id's format prefix (IDPrefix): its
// leading letters, at most maxPrefix, and the mark after them, when more
// follows; 0 when it has none.
func idPrefixLen(id string) int {
	i := 0
	for i < len(id) && i < maxPrefix && (id[i] >= 'a' && id[i] <= 'z' || id[i] >= 'A' && id[i] <= 'Z') {
		i++
	}
	if i == 0 || i >= len(id) || (id[i] != '-' && id[i] != '_') || i+1 >= len(id) {
		return 0
	}
	return i + 1
}

// idsIn returns the identifiers written in a text.
func (a *analyzer) idsIn(dst []string, text string) []string {
	if !mayHoldID(text) {
		return dst
	}
	if a.memo == nil {
		return a.readIDs(dst, text)
	}
	ids, ok := a.memo.ids[text]
	if !ok {
		ids = a.readIDs(nil, text)
		a.memo.ids[text] = ids
	}
	return append(dst, ids...)
}

func (a *analyzer) readIDs(dst []string, text string) []string {
	for _, t := range a.tokens(text) {
		if t.Kind == tokenize.Identifier {
			dst = append(dst, t.Text)
		}
	}
	return dst
}

// mayHoldID reports whether a text may hold an identifier token, so that
// one with none need not be tokenised for them. The tokenizer reads a token
// as an identifier only when it holds a digit or an underscore, or joins
// its letters with a dot, an at sign, a slash or a dash (a connector it
// keeps only before a letter, digit or underscore): a text with none of
// these holds none. TestMayHoldID checks it against the tokenizer.
func mayHoldID(text string) bool {
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c >= '0' && c <= '9' || c == '_':
			return true
		case c == '.' || c == '@' || c == '/' || c == '-':
			if r, _ := utf8.DecodeRuneInString(text[i+1:]); r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) {
				return true
			}
		}
	}
	return false
}

// readObjects reads the object words of a tool's name. They stand on one
// side of the action word: after it in get_order_status, before it in
// crm_contact_create. Words after a preposition qualify the object
// (getEmployeeById, moveToInbox) and are kept apart; a side that opens
// with a preposition names the object on the other side, when it has
// one (weather.get_by_city_date gets weather), its own words then
// further objects of it. In an English
// compound the last noun is the head, the ones before it modify it:
// list_ticket_comments lists comments, of tickets. A side whose every word
// is only a modifier (an adjective or adverb with no noun sense) names no
// object: music_shop.find_nearby finds music shops, nearby ones.
func (a *analyzer) readObjects(ti *toolInfo, words []string, common, vendor map[string]bool, modifier func(string) bool) {
	at := -1
	for i, w := range words {
		if w == ti.actionWord && ti.action != "" {
			at = i
			break
		}
	}
	var main, quals []string
	side := words
	var other []string
	if at >= 0 {
		before, after := words[:at], words[at+1:]
		side, other = after, before
		if !hasContent(a, after, common) || modifiers(after, modifier) && hasContent(a, before, common) && !modifiers(before, modifier) {
			side, other = before, after
		}
	}
	inQual, leadPrep := false, false
	// Units of several words first: "time off" is one thing, and its
	// "off" no preposition.
	for _, w := range a.joinNouns(side) {
		switch {
		case common[w]:
		case vendor[w]:
			quals = append(quals, w)
		case a.isPreposition(w):
			if len(main) > 0 {
				inQual = true
			} else if len(quals) == 0 {
				leadPrep = true
			}
		case a.stop[w]:
		case inQual || a.adjectiveOnly(w):
			// After a preposition, and an adjective that is no noun of
			// the lexicon, wherever it stands: get_sensor_readings_latest
			// reads readings, the latest.
			quals = append(quals, w)
		default:
			main = append(main, w)
		}
	}
	var owner, further []string
	for _, w := range other {
		switch {
		case common[w] || a.stop[w]:
		case leadPrep && !vendor[w] && !a.adjectiveOnly(w):
			// A side that opens with a preposition says how or where
			// of what the other side names: weather.get_by_city_date
			// gets weather, by city and date, and the turn that never
			// names city or date names fewer of its objects.
			owner = append(owner, w)
		default:
			quals = append(quals, w)
		}
	}
	if len(owner) > 0 {
		main, further = owner, main
	}
	ti.head = -1
	main, quals = a.joinNouns(main), a.joinNouns(quals)
	var plural []bool
	if k := len(main) + len(quals); k > 0 {
		ti.objects, ti.stems, ti.qualifier, plural = make([]string, 0, k), make([]string, 0, k), make([]bool, 0, k), make([]bool, 0, k)
	}
	add := func(w string, qual bool) {
		if term := a.wordTerm(w, true); term != "" {
			ti.objects = append(ti.objects, term)
			// A word spelled out keeps the stem of the name's own word
			// (contrib for contribution): a turn that writes it names the
			// object as before.
			ti.stems = append(ti.stems, a.stemTerm(ti.writtenAs(w)))
			ti.qualifier = append(ti.qualifier, qual)
			plural = append(plural, a.isPlural(w))
		}
	}
	for _, w := range main {
		add(w, false)
	}
	// The head is the last noun of the compound; information about a
	// thing is about the thing (get_order_details is about an order).
	for pass := 0; pass < 2 && ti.head < 0; pass++ {
		for k := len(ti.objects) - 1; k >= 0; k-- {
			if strings.HasPrefix(ti.objects[k], objectPrefix) && (pass == 1 || ti.objects[k] != objectPrefix+informationConcept) {
				ti.head = k
				ti.plural = plural[k]
				break
			}
		}
	}
	if ti.head < 0 && len(ti.objects) > 0 {
		ti.head = len(ti.objects) - 1
	}
	if ti.head >= 0 {
		// The head's stem is its word's as read (contribution), for a
		// turn's verb of the same stem.
		k := 0
		for _, w := range main {
			if a.wordTerm(w, true) != "" {
				if k == ti.head {
					ti.headStem = a.stem(w)
				}
				k++
			}
		}
	}
	for _, w := range a.joinNouns(further) {
		add(w, false)
	}
	for _, w := range quals {
		add(w, true)
	}
	if len(ti.objects) == 0 {
		ti.objects, ti.stems, ti.qualifier = nil, nil, nil // as a name with none reads
	}
	if ti.head >= 0 {
		name := strings.TrimPrefix(strings.TrimPrefix(ti.objects[ti.head], objectPrefix), stemPrefix)
		ti.genericHead = a.en.Lexicon().Has("generic_noun", name)
	}
}

// versioned returns the words of a name after its namespace: the words
// up to a version number that stands alone between them, when the words
// after it have a verb and those before have none but a gerund that ends
// them, which names an activity (Services_1_FindProvider is find
// provider, of the namespace services, version 1; RideSharing_2_GetRide
// is get ride, of ride sharing; get_top_10_orders is no namespace's).
func (a *analyzer) versioned(words []string) []string {
	for j := len(words) - 2; j > 0; j-- {
		if tokenize.IsDigits(words[j]) {
			before := words[:j]
			if stem, ok := strings.CutSuffix(before[j-1], "ing"); ok && len(stem) > 2 {
				before = before[:j-1]
			}
			if a.hasVerb(words[j+1:]) && !a.hasVerb(before) {
				return words[j+1:]
			}
			break
		}
	}
	return words
}

// hasVerb reports whether some word can be a verb.
func (a *analyzer) hasVerb(words []string) bool {
	for _, w := range words {
		if _, ok := a.isVerb(w); ok {
			return true
		}
	}
	return false
}

// adjectiveOnly reports whether the English lexicon lists w as an
// adjective and as no noun (latest, pending, previous).
func (a *analyzer) adjectiveOnly(w string) bool {
	lx := a.lexicons[0]
	_, noun := lx.Nouns[w]
	return !noun && lx.Function["adjective"][w]
}

// modifiers reports whether every word is only a modifier.
func modifiers(words []string, modifier func(string) bool) bool {
	for _, w := range words {
		if !modifier(w) {
			return false
		}
	}
	return len(words) > 0
}

// modifierOnly reports whether the English wordnet knows w as an
// adjective or adverb and not as a noun ("nearby"), or w is an adverb
// made of such an adjective by -ly ("permanently").
func (r *Router) modifierOnly(w string) bool {
	if r.wn == nil {
		return false
	}
	if _, _, _, noun := r.wn.Noun(w); noun {
		return false
	}
	if r.wn.Adjective(w) {
		return true
	}
	adj, ok := strings.CutSuffix(w, "ly")
	return ok && len(adj) > 2 && r.wn.Adjective(adj)
}

func hasContent(a *analyzer, words []string, common map[string]bool) bool {
	for _, w := range words {
		if !common[w] && !a.stop[w] {
			return true
		}
	}
	return false
}

func (a *analyzer) isPlural(w string) bool {
	if a.memo == nil {
		return a.readPlural(w)
	}
	e := a.memo.word(w)
	if e.has&hasPlural == 0 {
		e.plural = a.readPlural(w)
		e.has |= hasPlural
	}
	return e.plural
}

func (a *analyzer) readPlural(w string) bool {
	for k := range a.lexicons {
		if nf, ok := a.noun(k, w); ok {
			return nf.Plural
		}
	}
	return false
}

func (a *analyzer) isPreposition(w string) bool {
	if a.memo == nil {
		return a.readPreposition(w)
	}
	e := a.memo.word(w)
	if e.has&hasPrep == 0 {
		e.prep = a.readPreposition(w)
		e.has |= hasPrep
	}
	return e.prep
}

func (a *analyzer) readPreposition(w string) bool {
	for _, lx := range a.lexicons {
		if lx.Function["preposition"][w] {
			return true
		}
	}
	return false
}

// firstVerb returns the action concept of the first word of text that
// can only be a verb, or "". The English grammar reads it with a particle
// its object separates it from ("Skips a media player back to the
// previous item" skips back: it rewinds).
func firstVerb(a *analyzer, text string) string {
	for _, t := range a.tk.Tokenize(text) {
		if t.Kind != tokenize.Word {
			continue
		}
		if c, ok := a.isVerb(t.Norm); ok && !a.isNoun(t.Norm) {
			if a.en != nil {
				if p := a.en.Parse(text); len(p.Clauses) > 0 {
					for _, w := range p.Clauses[0].Words {
						if w.Class == grammar.Verb && w.Start == t.Start && w.End == t.End && w.Concept != "" && strings.Contains(w.Norm, " ") {
							return w.Concept // the verb alone as written, its particle further on
						}
					}
				}
			}
			return c
		}
		if a.isNoun(t.Norm) && !a.stop[t.Norm] {
			// A sentence that starts with a thing names no action.
			if _, verb := a.isVerb(t.Norm); !verb {
				return ""
			}
		}
	}
	return ""
}

// minNamespace is how many names must begin with a word for it to be a
// namespace with a naming convention of its own.
const minNamespace = 3

// convention counts where the names of a namespace put their verb.
type convention struct {
	tools, last, first int
}

// vote counts a name whose only-a-verb word is last, or not.
func (c *convention) vote(last bool) {
	if last {
		c.last++
	} else {
		c.first++
	}
}

// outsideCompounds are the words of a name that are no part of a noun of
// two words the lexicons list ("exchange rate", "shopping list"): such a
// noun is a thing, and neither of its words says what the tool does
// (exchange_rate exchanges nothing, shopping_list_update updates). A name
// that ends in its verb (lastFirst: crm_contact_list) says it there,
// whatever noun its words make: words itself comes back, as it does when
// no two of its words make one.
func (a *analyzer) outsideCompounds(words []string, lastFirst bool) []string {
	if lastFirst {
		return words
	}
	var in uint64 // the words of a compound, by index (the first 64)
	var room [64]byte
	for k := 0; k+1 < len(words) && k+1 < 64; k++ {
		phrase := append(append(append(room[:0], words[k]...), ' '), words[k+1]...)
		if a.startsCompound(words[k]) && len(a.compoundConcepts(phrase)) > 0 {
			in |= 3 << k
		}
	}
	if in == 0 {
		return words
	}
	out := make([]string, 0, len(words))
	for k, w := range words {
		if k >= 64 || in&(1<<k) == 0 {
			out = append(out, w)
		}
	}
	return out
}

// namespace is the first word of a name of two or more words, when no
// lexicon reads it as a verb and it is no stop word: the vendor or
// resource the name belongs to (gh in gh_pull_request_merge, invoice in
// invoice.get; not what in what_is_your_name, nor us in
// us_president_in_year).
func (a *analyzer) namespace(words []string) string {
	if len(words) < 2 || a.stop[words[0]] {
		return ""
	}
	if _, v := a.isVerb(words[0]); v {
		return ""
	}
	return words[0]
}

// methodAction returns the action of a method's words and the word that
// says it: the first word that can only be a verb, else the first that
// can be one.
func methodAction(a *analyzer, words []string) (string, string) {
	return verbIn(a, words, false)
}

// verbIn returns the first word of words that can only be a verb, else
// the first that can be one, with its action; the last first when
// lastFirst is set.
func verbIn(a *analyzer, words []string, lastFirst bool) (string, string) {
	at := func(k int) string {
		if lastFirst {
			return words[len(words)-1-k]
		}
		return words[k]
	}
	for k := range words {
		if w := at(k); !a.isNoun(w) {
			if c, ok := a.isVerb(w); ok {
				return c, w
			}
		}
	}
	for k := range words {
		if c, ok := a.isVerb(at(k)); ok {
			return c, at(k)
		}
	}
	return "", ""
}

// pickAction chooses the action word of a name's words.
//
// The word where the catalogue's convention puts the verb (first, or last
// in names like crm_contact_list) is the action when it can be a verb;
// otherwise a word that can only be a verb, then any word that can be one,
// in the convention's order. A first word that can be a noun as well,
// before a word that can only be a verb, is the thing the verb acts on.
func pickAction(a *analyzer, words []string, lastFirst bool) (string, string) {
	if len(words) == 0 {
		return "", ""
	}
	at := words[0]
	if lastFirst {
		at = words[len(words)-1]
	}
	if c, ok := a.isVerb(at); ok {
		if !lastFirst && len(words) > 1 && a.isNoun(at) {
			// A word that can be a thing, then one that can only be a
			// verb: the first names the thing the second acts on
			// (ListAddItem adds an item to a list, order_cancel cancels
			// an order). A participle there qualifies the thing after it
			// (UpdateScalingPolicy, list_archived_orders).
			w := words[1]
			if c2, ok := a.isVerb(w); ok && !a.isNoun(w) && !strings.HasSuffix(w, "ing") && !strings.HasSuffix(w, "ed") {
				return c2, w
			}
		}
		return c, at
	}
	return verbIn(a, words, lastFirst)
}

// contentWords are the words of a name that are neither common to the
// catalogue's names nor stop words.
func (a *analyzer) contentWords(words []string, common map[string]bool) []string {
	var out []string
	for _, w := range words {
		if !common[w] && !a.stop[w] {
			out = append(out, w)
		}
	}
	return out
}

// informationConcept is the lexicons' concept of information about a
// thing (details, information, data; detalhes, informações, dados): a
// noun that names what is known of the thing, so that the thing, not it,
// is the head ("the details of order 42" is about the order).
const informationConcept = "data"

// schema is the part of a JSON Schema the router reads.
type schema struct {
	Type        any                `json:"type"`
	Format      string             `json:"format"`
	Pattern     string             `json:"pattern"`
	Enum        []any              `json:"enum"`
	Description string             `json:"description"`
	Examples    []any              `json:"examples"`
	Example     any                `json:"example"`
	Default     any                `json:"default"`
	Properties  map[string]*schema `json:"properties"`
	Required    []string           `json:"required"`
	Items       *schema            `json:"items"`
}

func (s *schema) typeName() string {
	switch t := s.Type.(type) {
	case string:
		return t
	case []any:
		for _, x := range t {
			if str, ok := x.(string); ok && str != "null" {
				return str
			}
		}
	}
	return ""
}

// readParams reads the top-level properties of an input schema, sorted by
// name so the result does not depend on map order.
//
// A compile's memo reads each distinct schema once; the tools that share
// one share its params, which they only read.
func readParams(a *analyzer, raw json.RawMessage) []param {
	if len(raw) == 0 {
		return nil
	}
	if a.memo == nil {
		return readSchema(a, raw)
	}
	params, ok := a.memo.params[string(raw)]
	if !ok {
		params = readSchema(a, raw)
		for k := range params {
			p := &params[k]
			p.terms, p.examples, p.enum, p.enumText = slices.Clip(p.terms), slices.Clip(p.examples), slices.Clip(p.enum), slices.Clip(p.enumText)
			p.shapes = slices.Clip(p.shapes)
			p.enumWritten, p.enumWords = slices.Clip(p.enumWritten), slices.Clip(p.enumWords)
			p.exampleText = slices.Clip(p.exampleText)
			p.enumStems, p.exampleStems = slices.Clip(p.enumStems), slices.Clip(p.exampleStems)
			p.enumValueStems = slices.Clip(p.enumValueStems)
		}
		params = slices.Clip(params)
		a.memo.params[string(raw)] = params
	}
	return params
}

func readSchema(a *analyzer, raw json.RawMessage) []param {
	var s schema
	if json.Unmarshal(raw, &s) != nil || s.Properties == nil {
		return nil
	}
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	names := make([]string, 0, len(s.Properties))
	for name := range s.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	params := make([]param, 0, len(names))
	for _, name := range names {
		ps := s.Properties[name]
		if ps == nil {
			continue
		}
		p := param{name: name, typ: ps.typeName(), format: ps.Format, required: required[name], desc: ps.Description, hasDefault: ps.Default != nil}
		p.words = slices.Clip(tokenize.AppendNameWords(make([]string, 0, 4), name))
		if ps.Items != nil {
			p.itemFormat = ps.Items.Format
		}
		for _, w := range tokenize.SplitName(name) {
			if term := a.wordTerm(w, true); term != "" {
				p.terms = append(p.terms, term)
			}
		}
		if ps.Pattern != "" {
			if re, err := regexp.Compile(ps.Pattern); err == nil {
				p.pattern = re
				if strings.HasPrefix(ps.Pattern, "^") {
					prefix, _ := re.LiteralPrefix()
					if len(prefix) >= 2 && len(prefix) <= maxPrefix {
						p.prefix = strings.ToUpper(prefix)
					}
				}
			}
		}
		p.examples = a.idsIn(nil, ps.Description)
		for _, x := range append(ps.Examples, ps.Example) {
			if str, ok := x.(string); ok {
				p.examples = append(p.examples, str)
			}
		}
		for _, x := range p.examples {
			if sh := valueShape(x); sh != "" && !slices.Contains(p.shapes, sh) {
				p.shapes = append(p.shapes, sh)
			}
		}
		for _, e := range ps.Enum {
			if str, ok := e.(string); ok {
				low := strings.ToLower(str)
				p.enum = append(p.enum, low)
				p.enumText = append(p.enumText, tokenize.Normalize(strings.Join(tokenize.SplitName(str), " ")))
				p.enumWritten = append(p.enumWritten, str)
				p.enumWords = append(p.enumWords, tokenize.SplitName(low))
			}
		}
		for _, e := range p.enumText {
			var value []string
			for part := range strings.FieldsSeq(e) {
				t := a.turnStemTerm(part)
				if t == "" {
					continue
				}
				value = append(value, t)
				if !slices.Contains(p.enumStems, t) {
					p.enumStems = append(p.enumStems, t)
				}
			}
			p.enumValueStems = append(p.enumValueStems, slices.Clip(value))
		}
		if p.typ == "string" && len(p.enum) == 0 {
			p.exampleText = descExamples(a.tk, ps.Description)
			for _, e := range p.exampleText {
				if strings.IndexByte(e, ' ') >= 0 {
					continue // a phrase is named as written (exampleNamed)
				}
				if t := a.turnStemTerm(e); t != "" && !slices.Contains(p.exampleStems, t) {
					p.exampleStems = append(p.exampleStems, t)
				}
			}
		}
		p.idLike = isIDLike(&p)
		p.callerMade = callerMade(name)
		params = append(params, p)
	}
	return params
}

func sortStrings(s []string) { sort.Strings(s) }

// exampleMarks are the words after which a description lists examples of
// a value, lower case.
var exampleMarks = [...]string{"e.g.", "e.g", "eg.", "such as", "for example", "for instance", "like", "including", "can be", "could be"}

// maxExampleWords is the most words an example value of a description
// may have: a longer one is a sentence, no value.
const maxExampleWords = 3

// descExamples reads the values a parameter's description gives as
// examples: the quoted texts after a mark of examples (exampleMarks), as
// tk reads quoted text in a turn, or else the items of the list after it,
// to the end of its sentence, separated by commas, "or" and "and" ("Type
// of property such as villa, condo, apartment, etc.": villa, condo,
// apartment). Each is normalised and spaced as a turn's words are, of at
// most maxExampleWords words.
func descExamples(tk *tokenize.Tokenizer, desc string) []string {
	low := strings.ToLower(desc)
	var out []string
	add := func(item string) {
		item = strings.Trim(strings.TrimSpace(item), "'\"`.:")
		item = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(item, "or "), "and "))
		if item == "" || item == "etc" || !strings.ContainsFunc(item, unicode.IsLetter) {
			return
		}
		words := tokenize.SplitName(item)
		if len(words) == 0 || len(words) > maxExampleWords {
			return
		}
		if t := tokenize.Normalize(strings.Join(words, " ")); !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	for _, mark := range exampleMarks {
		for at := 0; ; {
			i := strings.Index(low[at:], mark)
			if i < 0 {
				break
			}
			i += at
			at = i + len(mark)
			if i > 0 && isAlnum(low[i-1]) || at < len(low) && isAlnum(low[at]) && isAlnum(mark[len(mark)-1]) {
				continue // inside a word ("likely", "peg.")
			}
			rest := low[at:]
			if end := strings.IndexAny(rest, ";()\n"); end >= 0 {
				rest = rest[:end]
			}
			if end := strings.Index(rest, ". "); end >= 0 {
				rest = rest[:end]
			}
			quotes := false
			for _, t := range tk.Tokenize(rest) {
				if t.Kind == tokenize.Quoted {
					quotes = true
					add(t.Norm)
				}
			}
			if quotes {
				continue
			}
			rest = strings.NewReplacer(" or ", ",", " and ", ",").Replace(rest)
			for item := range strings.SplitSeq(rest, ",") {
				add(item)
			}
		}
	}
	return out
}

// callerMade reports whether a parameter's name says that the calling
// program makes its value, never the person it acts for: an idempotency
// key (Idempotency-Key, idempotency_key) or a client token (ClientToken),
// which makes a retried write safe; or a control of paging (perPage,
// page_size, page_token, offset, cursor), which the program sets as it
// reads the pages. No turn need give one, and a turn that leaves it unmet
// asks for the tool all the same.
func callerMade(name string) bool {
	words := tokenize.SplitName(name)
	page := false
	for k, w := range words {
		w = strings.ToLower(w)
		if strings.HasPrefix(w, "idempoten") || w == "token" && k > 0 && strings.EqualFold(words[k-1], "client") {
			return true
		}
		page = page || w == "page"
	}
	if len(words) == 1 {
		w := strings.ToLower(words[0])
		return w == "offset" || w == "cursor"
	}
	for _, w := range words {
		if w = strings.ToLower(w); page && (w == "per" || w == "size" || w == "token") {
			return true
		}
	}
	return false
}

// describedHead is the object term of the first clause of a tool's
// description, as the English grammar reads it, or "": a description
// says first what its tool acts on ("Search for a hair stylist in a
// specified city": a hair stylist; "Discover a therapist based on the
// user's needs": a therapist), so a turn that names that thing names
// what a name such as FindProvider calls its provider. others are the
// object terms of the nouns the clause names after that head (the
// city, the user's needs).
func describedHead(en grammar.Grammar, description string) (head string, others []string) {
	sentences := splitSentences(description)
	if len(sentences) == 0 {
		return "", nil
	}
	p := en.Parse(sentences[0])
	if len(p.Clauses) == 0 {
		return "", nil
	}
	c := &p.Clauses[0]
	// The head as a turn's is read, the first nouns whichever lexicon
	// knows them: "a hair stylist in a specified city" is a stylist.
	at, _ := headNoun(c.Words, actionVerb(c), true)
	if at < 0 || c.Words[at].Concept == "" {
		return "", nil
	}
	for i := at + 1; i < len(c.Words); i++ {
		if w := &c.Words[i]; w.Class == grammar.Noun && w.Concept != "" {
			others = append(others, objectPrefix+w.Concept)
		}
	}
	return objectPrefix + c.Words[at].Concept, others
}

// headAliases gives each tool the catalogue's other words for the head of
// its name (toolInfo.headAliases): the heads the descriptions of the
// tools of that head say they act on, where one says another thing than
// the name and no tool's name names that thing ("Cancel a meeting you
// organise", for cancelEvent: getEvent gets a meeting too).
func (r *Router) headAliases() {
	aliases := map[string][]string{} // by the head's object term
	named := map[string]bool{}       // the objects the tools' names name
	for i := range r.tools {
		for _, o := range r.tools[i].objects {
			named[o] = true
		}
	}
	for i := range r.tools {
		ti := &r.tools[i]
		if ti.head < 0 || ti.describedHead == "" || named[ti.describedHead] {
			// A thing some name names is a thing of its own.
			continue
		}
		h := ti.objects[ti.head]
		aliases[h] = appendUnique(aliases[h], ti.describedHead)
	}
	for i := range r.tools {
		ti := &r.tools[i]
		ti.headAliases = nil
		if ti.head < 0 {
			continue
		}
		for _, a := range aliases[ti.objects[ti.head]] {
			if a != ti.describedHead {
				ti.headAliases = append(ti.headAliases, a)
			}
		}
	}
}
