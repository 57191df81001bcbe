package router

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/grammar/wordnet"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// Spelling a name out. Real catalogues name tools with shortened and
// run-together words that no lexicon knows (calc_area, get_contrib,
// create_infra_alert, getweather), while the tool's own text spells them
// out ("Calculate the area", "the contribution", "the infrastructure",
// "the weather"). New reads
// such a word as the words its tool's text gives, so that a turn that
// spells the word out names the tool: the action and object fields of the
// retrieval index, the head noun, the share of the name a turn holds, the
// typo index and the lints all read the words spelled out. The word as
// the name writes it is kept beside them: its stem stays a retrieval term
// of the name, and, where one word stands for one word, the object's stem,
// so a turn that writes the short word names the tool as before. Words a
// lexicon lists as short forms (config, repo, info) need none of this:
// the lexicon reads them.

// minOpen is the fewest letters a name word, or a part of a closed
// compound, must have to be spelled out or split.
const minOpen = 3

// maxCompound is the most letters a word may have to be read as a closed
// compound: longer runs are not words joined but identifiers.
const maxCompound = 30

// spelling says where a word of a name spelled out came from.
type spelling struct {
	from string // the word of the name it was spelled from, or "" when it stands as written
	part bool   // it is one of the parts a closed compound was split into
}

// nameSpeller spells out the words of a catalogue's names. One serves one
// compile: it remembers what it read of every distinct word, so a word
// is looked up and split once however many names hold it. It is not safe
// for concurrent use.
type nameSpeller struct {
	a     *analyzer
	wn    *wordnet.DB
	words map[string]*wordSpelling // by distinct name word
	known map[string]bool          // knows, by distinct word of the tools' text
}

// wordSpelling is what the speller read of one distinct word of the
// names: whether it is open (letters only, minOpen or more, and no
// lexicon nor the wordnet reads it), and, if so, its splits into known
// words, best first (splits).
type wordSpelling struct {
	open   bool
	splits [][]string
}

func newNameSpeller(a *analyzer, wn *wordnet.DB) *nameSpeller {
	return &nameSpeller{a: a, wn: wn, words: map[string]*wordSpelling{}, known: map[string]bool{}}
}

// word returns what the speller read of a name word, reading it on first
// use.
func (s *nameSpeller) word(w string) *wordSpelling {
	e := s.words[w]
	if e == nil {
		e = &wordSpelling{}
		e.open = len(w) >= minOpen && asciiLetters(w) && !s.knows(w)
		if e.open && len(w) >= 2*minOpen && len(w) <= maxCompound {
			e.splits = s.splits(w)
		}
		s.words[w] = e
	}
	return e
}

// knows reports whether some lexicon reads a normalised word (as an
// action, a noun, a function or valued word), or the English wordnet
// holds it, its irregular form or a regular inflection of it, in any part
// of speech.
func (s *nameSpeller) knows(w string) bool {
	if s.stop(w) || s.holds(w) {
		return true
	}
	if s.wn == nil {
		return false
	}
	if s.wn.Lemma(w) != "" {
		return true
	}
	for _, b := range regularBases(w) {
		if s.wn.Has(b) {
			return true
		}
	}
	return false
}

// stop reports whether w is a function or valued word of some lexicon.
func (s *nameSpeller) stop(w string) bool {
	if s.a.stop[w] {
		return true
	}
	for _, lx := range s.a.lexicons {
		for _, class := range lx.Function {
			if class[w] {
				return true
			}
		}
		for _, class := range lx.Values {
			if _, ok := class[w]; ok {
				return true
			}
		}
	}
	return false
}

// holds reports whether some lexicon reads w as an action or a noun, or
// the English wordnet holds it as a lemma or the plural of a noun: as it
// is written, not as another inflection or a derivation of another word.
func (s *nameSpeller) holds(w string) bool {
	for _, lx := range s.a.lexicons {
		if _, ok := lx.Actions[w]; ok {
			return true
		}
		if _, ok := lx.Nouns[w]; ok {
			return true
		}
	}
	if s.wn != nil && s.wn.Has(w) {
		return true
	}
	if !strings.HasSuffix(w, "s") {
		return false
	}
	for _, lx := range s.a.lexicons {
		if _, ok := lx.Noun(w); ok { // a wordnet noun's plural
			return true
		}
	}
	return false
}

// knowsText is knows for a word of a tool's text, once per word.
func (s *nameSpeller) knowsText(w string) bool {
	k, ok := s.known[w]
	if !ok {
		k = s.knows(w)
		s.known[w] = k
	}
	return k
}

// regularBases are the words a regular English inflection or a common
// suffix may come from: calculates, calculated, calculating: calculate;
// copies: copy; running: run; shortest: short; shareable: share;
// quickly: quick.
func regularBases(w string) []string {
	var out []string
	n := len(w)
	add := func(b string) {
		if len(b) >= 2 {
			out = append(out, b)
		}
	}
	for _, suffix := range derivations {
		if b, ok := strings.CutSuffix(w, suffix); ok && len(b) >= minOpen {
			add(b)
			add(b + "e") // usable: use
			if strings.HasSuffix(b, "i") {
				add(b[:len(b)-1] + "y") // happiest: happy
			}
			if k := len(b); b[k-1] == b[k-2] {
				add(b[:k-1]) // biggest: big
			}
		}
	}
	switch {
	case n > 4 && w[n-3:] == "ies":
		add(w[:n-3] + "y")
	case n > 3 && w[n-2:] == "es":
		add(w[:n-2])
		add(w[:n-1])
	case n > 3 && w[n-1] == 's' && w[n-2] != 's':
		add(w[:n-1])
	case n > 4 && w[n-2:] == "ed":
		add(w[:n-2])
		add(w[:n-1])
		if w[n-3] == w[n-4] {
			add(w[:n-3])
		}
	case n > 5 && w[n-3:] == "ing":
		add(w[:n-3])
		add(w[:n-3] + "e")
		if w[n-4] == w[n-5] {
			add(w[:n-4])
		}
	}
	return out
}

// derivations are the suffixes regularBases reads a word's base under,
// beside the inflections.
var derivations = []string{"er", "est", "able", "ible", "ly", "ness", "less", "ful", "ment"}

// splits returns the ways an open word is a closed compound: two or three
// words, each of minOpen letters or more, that some lexicon or the
// wordnet holds as they are written (holds: no inflection of another
// word, so realestate is real estate, never realest ate) and that are no
// function words such as pronouns and prepositions (getweather: get
// weather; userprofile: user profile).
// They come fewest parts first, then the longest first part, then the
// longest second part.
func (s *nameSpeller) splits(w string) [][]string {
	var out [][]string
	part := func(p string) bool { return !s.a.stop[p] && s.holds(p) }
	// Each word's prefixes and suffixes are looked up once; a middle part
	// only between a prefix and a suffix that are parts.
	var room [2 * (maxCompound + 1)]bool
	head, tail := room[:len(w)+1], room[maxCompound+1:maxCompound+1+len(w)+1]
	for i := minOpen; i <= len(w)-minOpen; i++ {
		head[i], tail[i] = part(w[:i]), part(w[i:])
	}
	for i := len(w) - minOpen; i >= minOpen; i-- {
		if !head[i] {
			continue
		}
		if tail[i] {
			out = append(out, []string{w[:i], w[i:]})
		}
		for j := len(w) - minOpen; j >= i+minOpen; j-- {
			if tail[j] && part(w[i:j]) {
				out = append(out, []string{w[:i], w[i:j], w[j:]})
			}
		}
	}
	slices.SortStableFunc(out, func(x, y []string) int {
		return cmp.Or(cmp.Compare(len(x), len(y)), cmp.Compare(len(y[0]), len(x[0])), cmp.Compare(len(y[1]), len(x[1])))
	})
	return out
}

// anyOpen reads every distinct word of the catalogue's names (the keys of
// nameDF) and reports whether any is open, less the words common to most
// names: when none is, no name has a word to spell.
func (s *nameSpeller) anyOpen(nameDF map[string]int, common map[string]bool) bool {
	for w := range nameDF {
		if !common[w] && s.word(w).open {
			return true
		}
	}
	return false
}

// toolText is the text of one tool a name is spelled from: its title,
// description and parameters' descriptions, read on first use.
type toolText struct {
	a     *analyzer
	tool  *catalogue.Tool
	texts []string
}

func (t *toolText) all() []string {
	if t.texts == nil {
		t.texts = []string{t.tool.Title, t.tool.Description}
		for _, p := range readParams(t.a, t.tool.InputSchema) {
			t.texts = append(t.texts, p.desc)
		}
	}
	return t.texts
}

// spell reads the words of a tool's name (tokenize.SplitName) spelled out
// by its own text, and joins phrasal verbs as readNameWords does; words
// are readNameWords(t.Name), returned as they are when no word of them is
// open. Beside the words it returns where each came from (nil when no
// word of the name was spelled out). Words common to most names (a vendor
// prefix) are left as written.
//
// A word is spelled out only when it is open: minOpen letters or more
// (ASCII), and no lexicon nor the English wordnet reads it; a word any of
// them knows ("password", "keyboard", "info") stands as written. An open
// word is read, in this order:
//
//  1. as an abbreviation (abbreviation): the one word of the tool's text
//     it is a strict prefix of (calc: calculate, contrib: contribution);
//  2. as a closed compound (compound): the words some lexicon or the
//     wordnet knows it is written of, those the text holds first
//     (getweather: get weather);
//  3. as a shortening that is no prefix (shortening): the one word of the
//     text that starts with its letter and holds its letters in order
//     (btn: button), when the text never writes the word itself.
//
// Otherwise it stands as written.
func (s *nameSpeller) spell(t *catalogue.Tool, words []string, common map[string]bool) ([]string, []spelling) {
	if !slices.ContainsFunc(words, func(w string) bool { return !common[w] && s.word(w).open }) {
		return words, nil // words are readNameWords(t.Name): nothing to spell
	}
	split := tokenize.SplitName(t.Name)
	text := toolText{a: s.a, tool: t}
	var out []string
	var from []spelling
	for k, w := range split {
		if common[w] || !s.word(w).open {
			if from != nil {
				out, from = append(out, w), append(from, spelling{})
			}
			continue
		}
		full, prefixed := s.abbreviation(w, text.all())
		var parts []string
		if !prefixed {
			parts = s.compound(w, text.all())
		}
		if !prefixed && parts == nil {
			full = s.shortening(w, text.all())
		}
		if full == "" && parts == nil {
			if from != nil {
				out, from = append(out, w), append(from, spelling{})
			}
			continue
		}
		if from == nil {
			out, from = append(out, split[:k]...), make([]spelling, k, len(split)+2)
		}
		if full != "" {
			out, from = append(out, full), append(from, spelling{from: w})
			continue
		}
		for _, p := range parts {
			out, from = append(out, p), append(from, spelling{from: w, part: true})
		}
	}
	if from == nil {
		return words, nil
	}
	return s.a.joinPhrasal(out, from)
}

// abbreviation reads an open name word as the word of the tool's text it
// is a strict prefix of (calc_area, "Calculate the area": calculate;
// get_contrib, "a contribution": contribution). The word of the text
// must be one a lexicon or the wordnet knows, and read otherwise than the
// name's word (not its plural: api, "APIs"). It must be the only one: the
// words it may be that the text holds must all be one word, by their stem
// or their concept (calculate, calculates, calculation); of those, the
// one the text writes most, then the shortest, then the first in byte
// order. Ties and no word give "". Whether the text holds any word the
// name's word may be is said beside: then it is no compound nor another
// shortening.
func (s *nameSpeller) abbreviation(w string, texts []string) (string, bool) {
	var cands []textWord
	stem := s.a.stem(w)
	for _, text := range texts {
		cands = wordsStarting(cands, text, w, func(c string) bool {
			return len(c) > len(w) && s.knowsText(c) && s.a.stem(c) != stem
		})
	}
	return s.only(cands), len(cands) > 0
}

// shortening reads an open name word written without vowels after its
// first letter (btn, mgr, idx) as the word of the tool's text that starts
// with its first letter and holds its letters in order ("a button":
// button; "the manager": manager; "the index": index), on the terms
// abbreviation sets, when the text does not write the name's word itself
// (an acronym or a product's name, which the text writes as the name
// does). A short word with a vowel past its first letter (sce, geo) is too
// often an acronym whose letters some other word holds by chance.
func (s *nameSpeller) shortening(w string, texts []string) string {
	if strings.ContainsAny(w[1:], "aeiou") {
		return ""
	}
	var cands []textWord
	stem := s.a.stem(w)
	for _, text := range texts {
		if hasWord(text, w) {
			return ""
		}
		cands = wordsStarting(cands, text, w[:1], func(c string) bool {
			return len(c) > len(w) && !hasPrefixFold(c, w) && subsequence(w, c) && s.knowsText(c) && s.a.stem(c) != stem
		})
	}
	return s.only(cands)
}

// compound reads an open name word as a closed compound: its split
// (splits) whose parts the tool's text holds most (a word of the text
// starting with the part), then the fewest parts, then the longest first
// part. A word with no split gives nil, and so does one the text writes
// as it is ("search for roundtrip flights", "from a Safeway store"): the
// catalogue spells it as one word, and so will the turns that name it.
func (s *nameSpeller) compound(w string, texts []string) []string {
	splits := s.word(w).splits
	if len(splits) == 0 {
		return nil
	}
	for _, text := range texts {
		if hasWord(text, w) {
			return nil
		}
	}
	best, bestIn := -1, -1
	for k, sp := range splits {
		in := 0
		for _, p := range sp {
			for _, text := range texts {
				if hasWordStarting(text, p) {
					in++
					break
				}
			}
		}
		if in > bestIn {
			best, bestIn = k, in
		}
	}
	if best < 0 {
		return nil
	}
	return splits[best]
}

// textWord is a word of a tool's text and how often the text writes it.
type textWord struct {
	word string
	n    int
}

// only returns the one word candidates stand for, or "": every candidate
// must read as the first does (sameReading); the word is then the one
// written most, then the shortest, then the first in byte order.
func (s *nameSpeller) only(cands []textWord) string {
	if len(cands) == 0 {
		return ""
	}
	for _, c := range cands[1:] {
		if !s.sameReading(cands[0].word, c.word) {
			return ""
		}
	}
	best := cands[0]
	for _, c := range cands[1:] {
		if c.n > best.n || c.n == best.n && (len(c.word) < len(best.word) || len(c.word) == len(best.word) && c.word < best.word) {
			best = c
		}
	}
	return best.word
}

// sameReading reports whether two words of a text are one word: they
// share a stem (calculate, calculation) or a concept (configuration,
// configurations).
func (s *nameSpeller) sameReading(x, y string) bool {
	if s.a.stem(x) == s.a.stem(y) {
		return true
	}
	tx, ty := s.a.wordTerm(x, true), s.a.wordTerm(y, true)
	return tx != "" && tx == ty
}

// wordsStarting appends to dst, counted once each, the words of text that
// start with prefix (lower-case ASCII, matched regardless of case) at a
// word's start and that keep says to keep, normalised as names are. A word
// is a run of letters.
func wordsStarting(dst []textWord, text, prefix string, keep func(string) bool) []textWord {
	for i := 0; i+len(prefix) <= len(text); i++ {
		if !atWordStart(text, i) || !hasPrefixFold(text[i:], prefix) {
			continue
		}
		end := i
		for end < len(text) {
			r, size := utf8.DecodeRuneInString(text[end:])
			if !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) {
				break
			}
			end += size
		}
		if end == i {
			continue
		}
		c := tokenize.Normalize(text[i:end])
		i = end - 1
		if !keep(c) {
			continue
		}
		at := slices.IndexFunc(dst, func(t textWord) bool { return t.word == c })
		if at < 0 {
			dst = append(dst, textWord{word: c, n: 1})
		} else {
			dst[at].n++
		}
	}
	return dst
}

// hasWordStarting reports whether a word of text starts with prefix
// (lower-case ASCII, matched regardless of case).
func hasWordStarting(text, prefix string) bool {
	for i := 0; i+len(prefix) <= len(text); i++ {
		if atWordStart(text, i) && hasPrefixFold(text[i:], prefix) {
			return true
		}
	}
	return false
}

// hasWord reports whether text writes w (lower-case ASCII, matched
// regardless of case) as a word of its own.
func hasWord(text, w string) bool {
	for i := 0; i+len(w) <= len(text); i++ {
		if atWordStart(text, i) && hasPrefixFold(text[i:], w) && atWordEnd(text, i+len(w)) {
			return true
		}
	}
	return false
}

// atWordStart reports whether byte i of text starts a word: no letter or
// digit is before it.
func atWordStart(text string, i int) bool {
	if i == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(text[:i])
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r)
}

// atWordEnd reports whether a word of text ends at byte i: no letter or
// digit is at it.
func atWordEnd(text string, i int) bool {
	if i >= len(text) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(text[i:])
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r)
}

// hasPrefixFold reports whether s starts with prefix (lower-case ASCII),
// regardless of the case of s.
func hasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}

// subsequence reports whether the letters of short stand in long in
// order.
func subsequence(short, long string) bool {
	i := 0
	for j := 0; j < len(long) && i < len(short); j++ {
		if long[j] == short[i] {
			i++
		}
	}
	return i == len(short)
}

// asciiLetters reports whether w is lower-case ASCII letters only.
func asciiLetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return w != ""
}

// writtenAs returns the word of a tool's name that w, a word of its name
// spelled out, stands for alone (contrib for contribution), or w itself.
func (ti *toolInfo) writtenAs(w string) string {
	if ti.spelled == nil {
		return w
	}
	for k, x := range ti.words {
		if x == w && ti.spelled[k].from != "" && !ti.spelled[k].part {
			return ti.spelled[k].from
		}
	}
	return w
}
