package router

import (
	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// A catalogue repeats its words: the same verbs and nouns in thousands of
// names, the same parameter names (limit, id) and often the same
// sentences in its descriptions. New reads each of them once: while a
// catalogue is compiled, the analyzer keeps what it read of every word,
// phrase and text in a memo, and answers a repeat from there. The memo
// lives for one compile only (the analyzer is read concurrently after New,
// and user text must not grow it), and each entry is exactly what the
// function it stands for returns, so nothing read changes.

// memo holds what one compile's analyzer has read.
type memo struct {
	words     map[string]*wordMemo
	texts     map[string]*segment    // textSegment
	sentences map[string]*segment    // sentenceSegment
	tokens    [2]map[string]*segment // normSegment, as read after a word and after a determiner
	terms     *termTable             // every term the compile read, numbered
	rids      []int32                // by term number: its retrieval term's number, plus one
	segIDs    []int32                // room to read a segment in (readSegment)
	segRIDs   []int32
	toks      []tokenize.Token    // room to tokenise in (tokens)
	ids       map[string][]string // idsIn
	nameWords map[string][]string
	params    map[string][]param  // readParams, by schema
	compounds map[string][]string // compoundConcepts, by phrase
}

// wordMemo is what the analyzer read of one normalised word; each value
// is filled on first use, its has bit set.
type wordMemo struct {
	has    uint16
	term   [2]string // wordTerm(w, false), wordTerm(w, true)
	stem   string
	verb   string
	isVerb bool
	isNoun bool
	plural bool
	prep   bool
	nouns  []nounMemo // by lexicon: its Noun(w)
	// partStems and concepts are wordRetrievalTerms; stemIDs and
	// conceptIDs number them.
	partStems  []string
	concepts   []string
	stemIDs    []int32
	conceptIDs []int32
	nameTerms  []string // nameWordTermsOf
	stemTerm   string   // stemTerm
}

// nounMemo is one lexicon's reading of a word as a noun.
type nounMemo struct {
	nf grammar.NounForm
	ok bool
}

// The has bits of a wordMemo.
const (
	hasTerm0 uint16 = 1 << iota
	hasTerm1
	hasStem
	hasVerb
	hasNoun
	hasPlural
	hasPrep
	hasConcepts
	hasConceptIDs
	hasNameTerms
	hasStemTerm
)

func newMemo() *memo {
	return &memo{
		words:     map[string]*wordMemo{},
		texts:     map[string]*segment{},
		sentences: map[string]*segment{},
		tokens:    [2]map[string]*segment{{}, {}},
		terms:     newTermTable(1 << 10),
		ids:       map[string][]string{},
		nameWords: map[string][]string{},
		params:    map[string][]param{},
		compounds: map[string][]string{},
	}
}

// word returns the memo entry of w, adding an empty one.
func (m *memo) word(w string) *wordMemo {
	e := m.words[w]
	if e == nil {
		e = &wordMemo{}
		m.words[w] = e
	}
	return e
}

// stem returns the stem of a normalised word, by the memo when there is
// one.
func (a *analyzer) stem(w string) string {
	if a.memo == nil {
		return a.stemmer.Stem(w)
	}
	e := a.memo.word(w)
	if e.has&hasStem == 0 {
		e.stem = a.stemmer.Stem(w)
		e.has |= hasStem
	}
	return e.stem
}

// noun is lexicon k's Noun(w), by the memo when there is one: a noun no
// lexicon lists is looked up in the wordnet.
func (a *analyzer) noun(k int, w string) (grammar.NounForm, bool) {
	if a.memo == nil {
		return a.lexicons[k].Noun(w)
	}
	e := a.memo.word(w)
	if e.nouns == nil {
		e.nouns = make([]nounMemo, len(a.lexicons))
		for j, lx := range a.lexicons {
			e.nouns[j].nf, e.nouns[j].ok = lx.Noun(w)
		}
	}
	return e.nouns[k].nf, e.nouns[k].ok
}

// wordRetrievalIDs are wordRetrievalTerms numbered by the memo's table.
func (a *analyzer) wordRetrievalIDs(w string) (stems, concepts []int32) {
	e := a.memo.word(w)
	if e.has&hasConceptIDs == 0 {
		st, cs := a.wordRetrievalTerms(w)
		e.stemIDs = a.memo.terms.appendIDs(nil, st)
		e.conceptIDs = a.memo.terms.appendIDs(nil, cs)
		e.has |= hasConceptIDs
	}
	return e.stemIDs, e.conceptIDs
}

// segment is one text of a tool (its title, a sentence of its description,
// a parameter's description or enum value) as a compile reads it: the
// numbers of its terms, and of their retrieval terms (retrievalTerm).
type segment struct {
	ids  []int32
	rids []int32
}

// newSegment numbers the terms of a text.
func (a *analyzer) newSegment(terms []string) *segment {
	n := len(terms)
	both := make([]int32, 2*n) // ids and rids in one piece
	s := &segment{ids: both[:n:n], rids: both[n:]}
	for k, term := range terms {
		s.ids[k], s.rids[k] = a.number(term)
	}
	return s
}

// number returns the numbers of a term and of its retrieval term.
func (a *analyzer) number(term string) (id, rid int32) {
	m := a.memo
	id = m.terms.id(term)
	m.rids = fit(m.rids, m.terms)
	if m.rids[id] == 0 {
		rid := m.terms.id(retrievalTerm(term))
		m.rids = fit(m.rids, m.terms)
		m.rids[id] = rid + 1
	}
	return id, m.rids[id] - 1
}

// textSegment reads free text (readSegment), once per compile.
func (a *analyzer) textSegment(text string) *segment {
	s, ok := a.memo.texts[text]
	if !ok {
		s = a.readSegment(a.tokens(text))
		a.memo.texts[text] = s
	}
	return s
}

// sentenceSegment reads one sentence of a description, once per compile:
// as free text (readSegment), or as no terms when the sentence says what
// the tool is not for (negatedTokens). The sentence is tokenised once
// for both.
func (a *analyzer) sentenceSegment(sentence string) *segment {
	s, ok := a.memo.sentences[sentence]
	if !ok {
		s = &segment{}
		if toks := a.tokens(sentence); !a.negatedTokens(toks) {
			s = a.readSegment(toks)
		}
		a.memo.sentences[sentence] = s
	}
	return s
}

// stemTerm is the stem term of a normalised word: its stem, marked.
func (a *analyzer) stemTerm(w string) string {
	if a.memo == nil {
		return stemPrefix + a.stemmer.Stem(w)
	}
	e := a.memo.word(w)
	if e.has&hasStemTerm == 0 {
		e.stemTerm = stemPrefix + a.stem(w)
		e.has |= hasStemTerm
	}
	return e.stemTerm
}

// tokens tokenises a text, in the memo's room when there is one: the
// tokens are good until the next call.
func (a *analyzer) tokens(text string) []tokenize.Token {
	if a.memo == nil {
		return a.tk.Tokenize(text)
	}
	a.memo.toks = a.tk.AppendTokens(a.memo.toks[:0], text)
	return a.memo.toks
}
