package router

import (
	"math"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/stalwart-agents/stalwart/grammar"
)

// Retrieval is the first stage of Select: a BM25F index over every tool of
// the catalogue, compiled by New, that hands the best candidates to the
// features and the model. It reads the same terms as the grammar's
// evidence: the stems of words and the concepts of the lexicons, so a
// pt-BR turn reaches an English tool through the concepts they share.

// The fields of the retrieval index. A tool's name keeps its structure:
// the action word and the object words are fields of their own.
const (
	rfAction = iota // the action words of the name
	rfObject        // the object words of the name
	rfText          // the title and the description
	rfParams        // parameter names, descriptions and enum values
	numFields
)

// fieldWeights weigh the fields in the combined BM25F score: the name
// twice the description, parameters 0.4 of it, as the bench's frozen
// baseline weighs them. The model weighs each field's own score as a
// feature of its own; these weights only order the candidates.
var fieldWeights = [numFields]float64{2, 2, 1, 0.4}

// BM25 saturation and length normalisation.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// Candidates is how many tools retrieval hands to the model: the best by
// BM25F over the clause and the whole turn. Recall at this depth is
// near the whole catalogue's on every corpus measured.
const Candidates = 10

// Term prefix of a retrieval concept term: a concept of either class
// ("c:order"), so the action "order" and the thing reach each other.
const conceptPrefix = "c:"

// rpostings are a term's postings, the tools that hold it, in the order
// of the tools: beside each one (the three lists are always as long as
// each other), its BM25F contribution, and each field's own BM25
// contribution, per unit of query weight. They are three lists, not one
// of postings, so that a query, which reads the tools and their BM25F
// alone, reads them in a row.
type rpostings struct {
	tools  []int32
	all    []float32
	fields [][numFields]float32
}

// len is how many tools hold the term.
func (ps *rpostings) len() int { return len(ps.tools) }

// slice is the postings k to j.
func (ps *rpostings) slice(k, j int) rpostings {
	return rpostings{tools: ps.tools[k:j], all: ps.all[k:j], fields: ps.fields[k:j]}
}

// index is the compiled BM25F index.
type index struct {
	// terms are by number in the Router's terms (ids): a term no tool
	// holds has no postings. A query is given its terms' numbers beside
	// them (features.ids), as the features read them.
	terms []termAt
	// postings are every term's, term by term: a term's are those from
	// its termAt's from to its to.
	postings rpostings
	ids      map[string]int32 // the numbers of the Router's terms
	// unseenIDF is the idf of a term no tool holds.
	unseenIDF float32
}

// termAt is where one term's postings are in the index's, and its idf.
type termAt struct {
	from, to int
	idf      float32
}

// iterm is one term of the index: its postings and its idf.
type iterm struct {
	postings rpostings
	idf      float32
}

// retrievalTerm turns a grammar term (a:get, o:order, s:stem) into the
// index's: concepts lose their class.
func retrievalTerm(t string) string {
	if strings.HasPrefix(t, actionPrefix) || strings.HasPrefix(t, objectPrefix) {
		return conceptPrefix + t[2:]
	}
	return t
}

// retrievalTerm is the package's retrievalTerm of a turn's term, the
// catalogue's own string when it holds the term.
func (r *Router) retrievalTerm(t string) string {
	if strings.HasPrefix(t, actionPrefix) || strings.HasPrefix(t, objectPrefix) {
		return r.conceptOf(t[2:]).concept
	}
	return t
}

// conceptOf is what a turn's concept is to the Router: its action, object
// and retrieval terms (as term gives them), their numbers and their
// postings, and what the wordnets make of it. A Router keeps what it
// read, as the turns' concepts recur; it reads it only once New has
// compiled the catalogue.
type conceptOf struct {
	action, object, concept       string    // actionPrefix, objectPrefix and conceptPrefix, and the concept
	objectText                    []posting // the postings of object
	actionID, objectID, conceptID int32     // the numbers of action, object and concept in the Router's terms, or -1
	ret                           rpostings // the retrieval index's postings of concept
	// lemmas are what the wordnets make of the concept, read when first
	// needed (Router.lemmasOf).
	lemmas atomic.Pointer[conceptLemmas]
}

// conceptLemmas are what the wordnets make of a concept: its English
// lemma (conceptLemma) and the lemmas it reaches (relatedLemmas), what the
// Router keeps of the lemma (reachOf: nil when it keeps too many), and
// the kinds the lemma is that some tool's text names (kindsInText). Each
// is the value its function gives, as it does for every call.
type conceptLemmas struct {
	objectLemma
	reach lemmaReach
	kinds []objectKind
}

// lemmasOf returns what the wordnets make of concept co, read once and
// kept with it; the Router has the wordnets. Goroutines that read it at
// once read the same values.
func (r *Router) lemmasOf(co *conceptOf) *conceptLemmas {
	if l := co.lemmas.Load(); l != nil {
		return l
	}
	l := &conceptLemmas{}
	l.lemma = conceptLemma(co.concept[len(conceptPrefix):])
	l.related = relatedLemmas(r.wn, l.lemma)
	if l.lemma != "" { // as the features read them: an empty lemma reaches nothing
		l.reach = r.reachOf(l.lemma)
		l.kinds = r.kindsInText(&l.objectLemma)
	}
	co.lemmas.Store(l)
	return l
}

// termID is the number of a term in the Router's terms, or -1 when the
// catalogue does not hold it.
func (r *Router) termID(t string) int32 {
	if id, ok := r.terms.ids[t]; ok {
		return id
	}
	return -1
}

// maxConcepts bounds a Router's cache of conceptOf, so that hostile input
// cannot grow it for ever.
const maxConcepts = 1 << 14

// conceptOf returns what concept c is to the Router; the value is shared,
// and only read.
func (r *Router) conceptOf(c string) *conceptOf {
	if co, ok := r.concepts.Load(c); ok {
		return co
	}
	co := &conceptOf{action: r.term(actionPrefix, c), object: r.term(objectPrefix, c), concept: r.term(conceptPrefix, c)}
	co.objectText = r.postings[co.object]
	co.actionID, co.objectID, co.conceptID = r.termID(co.action), r.termID(co.object), r.termID(co.concept)
	co.ret = r.ix.term(co.concept).postings
	if r.concepts.Len() < maxConcepts {
		// The concept may be cut from a turn: its own copy keeps the
		// turn from being held.
		co, _ = r.concepts.LoadOrStore(strings.Clone(c), co)
	}
	return co
}

// maxMemoConcepts bounds a conceptMemo: a turn of more concepts reads
// the rest from the Router's cache.
const maxMemoConcepts = 16

// conceptMemo holds the concepts one turn has read (Router.conceptIn),
// each as conceptOf gave it, with its name: the turn's clauses read a
// concept several times (a word's, its retrieval term's, the candidates'
// shared evidence), and find it again here with no look-up in the
// Router's cache. A value of conceptOf is good for the Router's life, so
// the memo is never stale; it is emptied for each turn (reset) only to
// keep it short.
type conceptMemo struct {
	n       int // how many entries hold a concept
	entries [maxMemoConcepts]memoConcept
}

// memoConcept is one concept of a conceptMemo.
type memoConcept struct {
	name string
	co   *conceptOf
}

// reset empties the memo.
func (cm *conceptMemo) reset() { cm.n = 0 }

// conceptIn is conceptOf(c), read from cm when it holds c, and kept there
// when it has room; cm may be nil.
func (r *Router) conceptIn(cm *conceptMemo, c string) *conceptOf {
	if cm == nil {
		return r.conceptOf(c)
	}
	held := cm.entries[:cm.n]
	for k := range held {
		if held[k].name == c {
			return held[k].co
		}
	}
	co := r.conceptOf(c)
	if cm.n < len(cm.entries) {
		// The concept term's own string, not c, which may be cut from
		// the turn.
		cm.entries[cm.n] = memoConcept{name: co.concept[len(conceptPrefix):], co: co}
		cm.n++
	}
	return co
}

// term is prefix+rest, the catalogue's own string when it holds the term:
// a turn's terms cost no allocation when the catalogue has read them.
func (r *Router) term(prefix, rest string) string {
	if r.terms == nil {
		return prefix + rest
	}
	return r.terms.joined(prefix, rest, r.interned)
}

// buildIndex compiles the fields of every tool: fields[i][f] are the
// numbers, in terms, of the terms of tool i's field f.
//
// It counts over terms by number (terms.go), never over maps built per
// tool: each tool's postings are added in the order its terms are first
// read, field by field.
func buildIndex(fields [][numFields][]int32, terms *termTable) *index {
	n := len(fields)
	df := make([]int32, terms.len())
	mark := make([]int32, terms.len()) // the last tool (plus one) that counted a term
	var avg [numFields]float64
	for i := range fields {
		for f := range numFields {
			avg[f] += float64(len(fields[i][f]))
			for _, id := range fields[i][f] {
				if mark[id] != int32(i+1) {
					mark[id] = int32(i + 1)
					df[id]++
				}
			}
		}
	}
	for f := range numFields {
		if n > 0 {
			avg[f] /= float64(n)
		}
		if avg[f] == 0 {
			avg[f] = 1
		}
	}
	idf := func(d int) float64 {
		return math.Log(1 + (float64(n)-float64(d)+0.5)/(float64(d)+0.5))
	}
	held, room := 0, 0
	for _, d := range df {
		if d > 0 {
			held++
			room += int(d)
		}
	}
	ix := &index{terms: make([]termAt, len(df)), ids: terms.ids}
	ix.unseenIDF = float32(idf(0))
	idfs := make([]float32, len(df))
	// Every term's postings are carved from one array of each list, a
	// term's room its document frequency; next is where each term's next
	// posting goes.
	ix.postings = rpostings{tools: make([]int32, room), all: make([]float32, room), fields: make([][numFields]float32, room)}
	next := make([]int, len(df))
	at := 0
	for id, d := range df {
		if d > 0 {
			idfs[id] = float32(idf(int(d)))
			ix.terms[id] = termAt{from: at, to: at + int(d), idf: idfs[id]}
			next[id] = at
			at += int(d)
		}
	}
	var tf [numFields][]int32
	for f := range tf {
		tf[f] = make([]int32, len(df))
	}
	clear(mark)
	for i := range fields {
		for f := range numFields {
			for _, id := range fields[i][f] {
				tf[f][id]++
			}
		}
		for f := range numFields {
			for _, id := range fields[i][f] {
				if mark[id] == int32(i+1) {
					continue
				}
				mark[id] = int32(i + 1)
				w := float64(idfs[id])
				k := next[id]
				next[id]++
				ix.postings.tools[k] = int32(i)
				field := &ix.postings.fields[k]
				var combined float64
				for g := range numFields {
					c := tf[g][id]
					if c == 0 {
						continue
					}
					norm := float64(c) / (1 - bm25B + bm25B*float64(len(fields[i][g]))/avg[g])
					combined += fieldWeights[g] * norm
					field[g] = float32(w * norm / (bm25K1 + norm))
				}
				ix.postings.all[k] = float32(w * combined / (bm25K1 + combined))
			}
		}
		for f := range numFields {
			for _, id := range fields[i][f] {
				tf[f][id] = 0
			}
		}
	}
	return ix
}

// hits holds one query's BM25F scores over the tools it touched.
//
// A query adds up only each tool's BM25F score, the key retrieval ranks
// by, in sums, beside touched (the two are always as long as each other),
// so that ranking the touched tools reads their scores in a row; the rest
// of what the features read of a tool (its score per field, the idf mass
// and the number of the query's terms it holds) is added up for the
// candidates alone, by detail, from the same postings in the same order,
// so each value is the very sum a full pass would make.
type hits struct {
	slots    []slot    // by tool; a tool's is this query's when its gen is gen (scoreOf)
	gen      uint16    // the query's number: a slot of another is stale, and reads as 0
	at       []acc     // by tool; set by detail, zero for a tool the query never touched
	touched  []int32   // the tools the query touched, in the order it first did
	sums     []float32 // beside touched: each one's BM25F score
	detailed []int32   // the tools detail has set
	fresh    []int32   // detail's room
	reads    []read    // the query's terms some tool holds, in order
	mass     float32   // the query's own idf mass
	seen     float32   // the idf mass of the query's terms some tool holds
	unseen   int       // query terms no tool holds
	terms    int
}

// slot is where a query's BM25F score of one tool is: the query's when
// gen is hits.gen, when a term of the query reached the tool. A new query
// leaves the slots as they are, and takes the next number.
type slot struct {
	at       int32 // the tool's index in hits.touched and hits.sums
	gen      uint16
	detailed bool // detail has set the tool's acc
}

// read is one term of a query that some tool holds: its postings and its
// idf.
type read struct {
	postings rpostings
	idf      float32
}

// acc is what one query accumulated for one tool.
type acc struct {
	score   float32
	matched float32 // idf mass of the query's terms the tool holds
	field   [numFields]float32
	held    uint16 // how many of the query's terms the tool holds
	// reads has bit r set when the tool holds the query's r-th read term
	// (hits.reads), of the first 64.
	reads uint64
}

func newHits(n int) hits {
	return hits{slots: make([]slot, n), at: make([]acc, n), touched: make([]int32, 0, 64), sums: make([]float32, 0, 64),
		fresh: make([]int32, 0, Candidates)}
}

func (h *hits) reset() {
	for _, t := range h.detailed {
		h.slots[t].detailed = false
		h.at[t] = acc{}
	}
	if h.gen++; h.gen == 0 {
		// The numbers came round: no slot may look this query's.
		clear(h.slots)
		h.gen = 1
	}
	h.touched, h.sums, h.detailed, h.reads = h.touched[:0], h.sums[:0], h.detailed[:0], h.reads[:0]
	h.mass, h.seen, h.unseen, h.terms = 0, 0, 0, 0
}

// scoreOf is the query's BM25F score of tool t: 0 for a tool it never
// touched.
func (h *hits) scoreOf(t int32) float32 {
	if sl := &h.slots[t]; sl.gen == h.gen {
		return h.sums[sl.at]
	}
	return 0
}

// query scores every tool that holds one of the (distinct) terms, whose
// numbers in the Router's terms (or -1) are beside them in ids.
//
// A term of optional that no tool holds counts in neither the query's
// idf mass nor its unseen terms: a word written as a name is then an
// argument ("from Euro to Dollar", "in Nashville"), and the spelling of a
// word read as a concept is no word the tools miss (a pt-BR word reaches
// an English catalogue by its concept).
func (ix *index) query(h *hits, terms []string, ids []int32, optional []string) {
	h.reset()
	ids = ids[:len(terms)] // beside terms: as long
	for k, t := range terms {
		id := ids[k]
		var at termAt
		w := ix.unseenIDF
		if id >= 0 && int(id) < len(ix.terms) && ix.terms[id].to > ix.terms[id].from {
			at = ix.terms[id]
			w = at.idf
		}
		held := at.to - at.from
		if held == 0 && containsTerm(optional, t) {
			continue
		}
		h.mass += w
		h.terms++
		if held == 0 {
			h.unseen++
			continue
		}
		h.seen += w
		ps := ix.postings.slice(at.from, at.to)
		h.reads = append(h.reads, read{postings: ps, idf: w})
		// Room for one tool a posting first: a tool is written in place,
		// with no append asking for room.
		n := len(h.touched)
		touched := slices.Grow(h.touched, held)[:n+held]
		sums := slices.Grow(h.sums, held)[:len(touched)]
		if n == 0 {
			// The query's first term some tool holds: no slot is the
			// query's yet, and a term has one posting a tool, so each
			// posting is its tool's first, with no need to ask.
			touchFirst(h.slots, h.gen, touched, sums, ps.tools, ps.all)
			n = held
		} else {
			n = accumulate(h.slots, h.gen, touched, sums, n, ps.tools, ps.all)
		}
		h.touched, h.sums = touched[:n], sums[:n]
	}
}

// touchFirst touches the tools of a query's first term some tool holds
// (its postings' tools, and beside them their BM25F, all): each one's slot
// (in slots, of the query's number gen) and its place k in touched and
// sums, as long as tools, which take the tools and their scores whole.
//
//go:noinline
func touchFirst(slots []slot, gen uint16, touched []int32, sums []float32, tools []int32, all []float32) {
	copy(touched, tools)
	copy(sums, all)
	for k, t := range tools {
		sl := &slots[t]
		sl.at, sl.gen = int32(k), gen
	}
}

// accumulate adds the postings of a term (its tools, and beside them
// their BM25F, all) to the sums of the tools a query touched (the first n
// of touched, by its slots and its number gen), touches the tools it had
// not, after them, and returns how many it has touched. touched and sums
// have room for one tool a posting past n, as long as each other; a loop
// of few values, apart, keeps them in registers.
//
//go:noinline
func accumulate(slots []slot, gen uint16, touched []int32, sums []float32, n int, tools []int32, all []float32) int {
	sums = sums[:len(touched)]
	all = all[:len(tools)] // beside tools: as long
	for k, t := range tools {
		sl := &slots[t]
		if sl.gen == gen {
			sums[sl.at] += all[k]
			continue
		}
		// The tool's first posting of the query: its score is the
		// posting's (0 plus a BM25F score, never -0, is the score).
		sl.at, sl.gen = int32(n), gen
		touched[n], sums[n] = t, all[k]
		n++
	}
	return n
}

// detail sets the acc of the tools ts: what every posting of theirs the
// query read adds, term by term in the query's order. A tool detail has
// set is passed over.
func (h *hits) detail(ts []int32) {
	slots := h.slots
	fresh := h.fresh[:0] // the tools to set, in the order of their numbers
	for _, t := range ts {
		sl := &slots[t]
		if sl.detailed {
			continue
		}
		sl.detailed = true
		h.detailed = append(h.detailed, t)
		if sl.gen != h.gen {
			continue // no posting of the query reached it: its acc stays zero
		}
		fresh = append(fresh, 0)
		k := len(fresh) - 1
		for ; k > 0 && fresh[k-1] > t; k-- {
			fresh[k] = fresh[k-1]
		}
		fresh[k] = t
	}
	h.fresh = fresh
	if len(fresh) == 0 {
		return
	}
	// A term's postings are in the order of the tools, as fresh is: each
	// tool's posting is found after the last one's, by a walk along a
	// short list, by a binary search along a long one. Each tool has at
	// most one posting a term, so its acc adds the terms in order.
	last := fresh[len(fresh)-1]
	for r := range h.reads {
		rd := &h.reads[r]
		ps, tools := &rd.postings, rd.postings.tools
		if len(tools) <= scanPostings*len(fresh) {
			j, t := 0, fresh[0]
			for k, pt := range tools {
				if pt < t {
					continue
				}
				for pt > t && j+1 < len(fresh) {
					j++
					t = fresh[j]
				}
				if pt == t {
					h.at[t].add(ps, k, rd.idf, r)
				}
				if pt >= last {
					break
				}
			}
			continue
		}
		lo := 0
		for _, t := range fresh {
			k, hi := lo, len(tools) // the first posting of tool t or after it
			for k < hi {
				if m := int(uint(k+hi) >> 1); tools[m] < t {
					k = m + 1
				} else {
					hi = m
				}
			}
			if k == len(tools) {
				break
			}
			if tools[k] == t {
				h.at[t].add(ps, k, rd.idf, r)
				k++
			}
			lo = k
		}
	}
}

// readOf is the index in h.reads of the term whose postings are ps (the
// very same list, as the index gives each term's), or -1 when the query
// read no such term.
func (h *hits) readOf(ps *rpostings) int {
	if ps.len() == 0 {
		return -1
	}
	for r := range h.reads {
		if tools := h.reads[r].postings.tools; len(tools) == ps.len() && &tools[0] == &ps.tools[0] {
			return r
		}
	}
	return -1
}

// holds reports whether tool t is among ps, a term's postings, as
// postingsHold does: by the bits detail set for t, when ps are the
// query's r-th read (readOf, r < 64) and the query is the one of number
// gen, as it was when r was read; by a search of ps otherwise. The bits
// are good for a tool detail has set, as every candidate's is (retrieve),
// before its features are read.
func (h *hits) holds(ps *rpostings, r int, gen uint16, t int32) bool {
	if r >= 0 && r < 64 && h.gen == gen {
		return h.at[t].reads&(1<<r) != 0
	}
	return postingsHold(ps, t)
}

// postingsHold reports whether tool t is among ps, a term's postings (in
// any field): its posting is found by the tool's number, as a term's
// postings are in the order of the tools.
func postingsHold(ps *rpostings, t int32) bool {
	return sortedHas(ps.tools, t)
}

// sortedHas reports whether s, sorted in increasing order, holds x. The
// search is written out, not slices.BinarySearch, which is a call: it is
// small enough to be inlined where a candidate's features ask it.
func sortedHas(s []int32, x int32) bool {
	k, hi := 0, len(s)
	for k < hi {
		if m := int(uint(k+hi) >> 1); s[m] < x {
			k = m + 1
		} else {
			hi = m
		}
	}
	return k < len(s) && s[k] == x
}

// scanPostings is how many postings a term may have for each tool detail
// sets before detail searches for the tools rather than read them all.
const scanPostings = 8

// add adds posting k of ps, a term's of idf idf, the query's r-th read.
func (a *acc) add(ps *rpostings, k int, idf float32, r int) {
	a.score += ps.all[k]
	a.matched += idf
	a.held++
	if r < 64 {
		a.reads |= 1 << r
	}
	// The fields written out, four, as they are: no loop, no index
	// checked (the constant index fails to compile for another number).
	_ = [1]struct{}{}[numFields-4]
	field := &ps.fields[k]
	a.field[0] += field[0]
	a.field[1] += field[1]
	a.field[2] += field[2]
	a.field[3] += field[3]
}

// idf is a term's idf: unseenIDF for a term no tool holds.
func (ix *index) idf(t string) float32 {
	if it := ix.term(t); it.postings.len() > 0 {
		return it.idf
	}
	return ix.unseenIDF
}

// term is the index's term t: no postings for a term no tool holds.
func (ix *index) term(t string) iterm {
	if id, ok := ix.ids[t]; ok && int(id) < len(ix.terms) { // a term numbered after the index holds nothing
		at := &ix.terms[id]
		return iterm{postings: ix.postings.slice(at.from, at.to), idf: at.idf}
	}
	return iterm{}
}

// rel is a score relative to the query's own idf mass, in [0, 1].
func (h *hits) rel(x float32) float64 {
	if h.mass <= 0 {
		return 0
	}
	return float64(x / h.mass)
}

// scorer holds the scratch space of one Select.
type scorer struct {
	clause hits
	turn   hits // the whole turn's, when it has several clauses
	multi  bool
	cands  []cand
	spare  []cand // room to sort cands into
	// vecs are the candidates' features, cands[k] of the last retrieve
	// reading vecs[k]: the candidates move, their features stay.
	vecs    []toolVec
	again   toolVec // the features of a candidate read again, for its notes (appendSummary)
	order   []int32 // the order of cands, by probability
	top     []int32
	topKeys []float32 // beside top
	// keys are the room of the keys of the turn's tools, for a clause
	// with a context (retrieve).
	keys []float32
	// reached and reachedKeys are the room of the tools the grammar
	// alone reaches (Router.retrieve).
	reached     []int32
	reachedKeys []float32
	// bare and bareKeys are the room of the tools whose name is an
	// action alone that the clause's action reaches.
	bare     []int32
	bareKeys []float32
	none     noneVec
	rel      relVec // none's features as the model weighs them
	why      noter  // the details of a summary, its room kept from one Select to the next
	shared   shared // what the candidates of the clause scored share
	// clauses and features are the room of a turn's clauses
	// (clauseFeatures), good until the next Select.
	clauses  []*grammar.Clause
	features []features
	// ctxTerms and ctxOptional are the room of a clause's context
	// (Router.context), ctxIDs the numbers of ctxTerms beside them.
	ctxTerms, ctxOptional []string
	ctxIDs                []int32
	// ctxArgs and ctxFree are the arguments and the free words
	// (freeWords) of a clause's context, less its own.
	ctxArgs []grammar.Arg
	ctxFree int
	// ctxClauses are the clauses of a clause's context, for the binder.
	ctxClauses []*grammar.Clause
	// room is the room the lists of the clauses' features are cut from
	// (Router.features).
	room featureRoom
}

func newScorer(n int) *scorer {
	return &scorer{clause: newHits(n), turn: newHits(n), cands: make([]cand, 0, Candidates),
		spare: make([]cand, 0, Candidates), vecs: make([]toolVec, Candidates), order: make([]int32, 0, Candidates)}
}

// ranking keeps the best depth tools by their keys, best first: the
// better key, then the earlier tool.
type ranking struct {
	tools []int32
	keys  []float32 // beside tools
	depth int
}

// shut reports whether tool t, by its key kt, cannot enter the ranking:
// it is full, and t ranks after its last (ties go to catalogue order).
func (rk *ranking) shut(t int32, kt float32) bool {
	n := len(rk.tools)
	return n == rk.depth && (kt < rk.keys[n-1] || kt == rk.keys[n-1] && t >= rk.tools[n-1])
}

// last is the key and tool of the ranking's last place when it is full;
// until then a key below every key (keys are sums of BM25F scores, none
// negative, none NaN), so that no tool ranks after it. A tool enters
// only when it ranks before it: its key is higher, or the same and its
// number lower (shut).
func (rk *ranking) last() (float32, int32) {
	if n := len(rk.tools); n == rk.depth {
		return rk.keys[n-1], rk.tools[n-1]
	}
	return float32(math.Inf(-1)), 0
}

// push ranks tool t by its key kt; dup says the tool may already be
// ranked.
func (rk *ranking) push(t int32, kt float32, dup bool) {
	if rk.shut(t, kt) {
		return
	}
	if dup && slices.Contains(rk.tools, t) {
		return
	}
	rk.insert(t, kt)
}

// insert ranks tool t by its key kt, which the caller knows may enter
// (shut is false) and is not ranked yet.
func (rk *ranking) insert(t int32, kt float32) {
	n := len(rk.tools)
	if n < rk.depth {
		rk.tools, rk.keys = append(rk.tools, 0), append(rk.keys, 0)
		n++
	}
	// Cut to n, both: their bounds then hold at every step, with no
	// check in the loop.
	tools := rk.tools[:n]
	keys := rk.keys[:len(tools)]
	k := len(tools) - 1
	for ; k > 0; k-- {
		if kp, prev := keys[k-1], tools[k-1]; kt < kp || kt == kp && t >= prev {
			break
		}
		tools[k], keys[k] = tools[k-1], keys[k-1]
	}
	tools[k], keys[k] = t, kt
}

// fill ranks tools, beside their keys, in a ranking that has none yet
// and takes them all (no more than depth): as inserting each in turn
// would, with no call a tool.
func (rk *ranking) fill(tools []int32, keys []float32) {
	rk.tools, rk.keys = append(rk.tools, tools...), append(rk.keys, keys...)
	tools = rk.tools
	keys = rk.keys[:len(tools)] // beside tools: as long
	for i := 1; i < len(tools); i++ {
		t, kt := tools[i], keys[i]
		k := i
		for ; k > 0; k-- {
			if kp, prev := keys[k-1], tools[k-1]; kt < kp || kt == kp && t >= prev {
				break
			}
			tools[k], keys[k] = tools[k-1], keys[k-1]
		}
		tools[k], keys[k] = t, kt
	}
}

// entering returns the index of the first of the touched tools whose
// key (beside it in sums: a query's scores, as hits holds them, or the
// keys retrieve adds of two queries' scores) ranks it before the
// ranking's last place (lk, lt, as last gives them): a higher score, or
// the same and a lower number; or len(sums) when none does. Its loop
// holds nothing but the scan, so that its values stay in registers: most
// tools enter no full ranking, and four in a row none of whose scores
// reaches lk are passed over at once; k < n-3 is k+3 < n, which bounds
// each of the four. kt >= lk first, then the rest, is the test of shut
// turned about, as keys are never NaN (a NaN, under no key, would pass
// over either way).
//
//go:noinline
func entering(sums []float32, touched []int32, lk float32, lt int32) int {
	touched = touched[:len(sums)] // beside sums: as long
	n, k := len(sums), 0
	for ; k < n-3; k += 4 {
		if sums[k] >= lk || sums[k+1] >= lk || sums[k+2] >= lk || sums[k+3] >= lk {
			break // one of the four may enter: each is read in full
		}
	}
	for ; k < n; k++ {
		if kt := sums[k]; kt >= lk && (kt > lk || touched[k] < lt) {
			return k
		}
	}
	return n
}

// retrieve scores the clause's terms over the index and returns the best
// depth tools by BM25F (over the clause, plus the whole turn's when it has
// several clauses), with the tools the grammar alone reaches: those whose
// id format or vocabulary phrase the turn holds, those whose name's head
// an id's prefix abbreviates when no tool documents its format, and those
// whose name acts by the clause's action on one of its objects (the
// name's head), which keep up to half the places however many tools
// outscore them. Ties go to catalogue order.
func (r *Router) retrieve(f *features, s *scorer, depth int) []cand {
	r.ix.query(&s.clause, f.terms, f.ids, f.optional)
	key := func(t int32) float32 {
		k := s.clause.scoreOf(t)
		if s.multi {
			k += s.turn.scoreOf(t)
		}
		return k
	}
	rk := ranking{tools: s.top[:0], keys: s.topKeys[:0], depth: depth}
	push := func(t int32, dup bool) { rk.push(t, key(t), dup) }
	// Most of the tools a query touches cannot enter the full top: they
	// are passed over by its last place, held in locals (last) rather
	// than asked of the ranking for each (shut).
	touched, keys := s.clause.touched, s.clause.sums
	if s.multi {
		// The turn's terms begin with the clause's (Router.context), so
		// every tool the clause's query touched the turn's touched too,
		// each once: the turn's tools are ranked, each by the turn's
		// sum, plus the clause's where it touched the tool, added as
		// key adds them (0 plus a sum, never -0, is the sum). The
		// ranking's order is total (the key, then the number), so the
		// order the tools come in does not change it.
		touched, keys = s.turn.touched, append(s.keys[:0], s.turn.sums...)
		turn, clause := s.turn.slots, s.clause.sums
		for k, t := range s.clause.touched {
			at := turn[t].at // the turn's slot of t is its query's
			keys[at] = clause[k] + keys[at]
		}
		s.keys = keys
	}
	// Until the ranking is full every tool enters it (last's key is
	// below every key): the first depth tools are ranked together.
	k := min(depth, len(keys))
	rk.fill(touched[:k], keys[:k])
	lk, lt := rk.last()
	for k += entering(keys[k:], touched[k:], lk, lt); k < len(keys); k += 1 + entering(keys[k+1:], touched[k+1:], lk, lt) {
		rk.insert(touched[k], keys[k])
		lk, lt = rk.last()
	}
	// The tools the grammar alone reaches keep up to half the places,
	// the best of them by the same key, whatever the others score: in a
	// large catalogue many tools may outscore the one whose id format
	// the turn holds.
	reach := ranking{tools: s.reached[:0], keys: s.reachedKeys[:0], depth: depth / 2}
	for _, a := range f.args {
		if a.Kind != "identifier" {
			continue
		}
		pre := IDPrefix(a.Text)
		documented := r.prefixes[pre]
		for _, t := range documented {
			reach.push(t, key(t), true)
		}
		if len(documented) > 0 || len(pre) < 3 {
			continue
		}
		// No tool documents the id's format: the tools whose name heads
		// the thing its prefix abbreviates (dep-7731: a deployment). The
		// prefix is letters, upper case, and its mark (IDPrefix).
		trimmed := strings.TrimRight(pre, "_-") // abbreviates', once for every head
		for _, c := range r.headsBy[pre[0]-'A'] {
			if abbreviatesBy(trimmed, c) {
				for _, t := range r.byHead[c] {
					reach.push(t, key(t), true)
				}
			}
		}
	}
	for _, t := range f.phrased {
		reach.push(t, key(t), true)
	}
	if f.action != "" {
		// A tool whose name acts by the clause's action on one of its
		// objects, the name's head: "assign this lead to Kevin" names
		// crm_lead_assign.
		var room [64]byte
		for _, o := range f.objects {
			for _, t := range r.byName[string(appendNameKey(room[:0], f.action, o))] { // no allocation
				reach.push(t, key(t), true)
			}
		}
	}
	if f.action != "" && !f.actionImplied {
		// A tool whose name is its action alone takes its object as an
		// argument ("Turns off a device"): the clause's action, or one
		// near it, reaches it whatever the clause's objects are. It is
		// weaker evidence than the above: such tools take only the places
		// they leave.
		if free := reach.depth - len(reach.tools); free > 0 {
			bare := ranking{tools: s.bare[:0], keys: s.bareKeys[:0], depth: free}
			for _, t := range r.bare[f.action] {
				bare.push(t, key(t), true)
			}
			for k, t := range bare.tools {
				reach.push(t, bare.keys[k], true)
			}
			s.bare, s.bareKeys = bare.tools, bare.keys
		}
	}
	s.reached, s.reachedKeys = reach.tools, reach.keys
	for k, t := range reach.tools {
		if slices.Contains(rk.tools, t) {
			continue
		}
		if n := len(rk.tools); n == depth {
			// The last tool that the grammar does not reach gives up
			// its place: there is one, as the reached keep at most half.
			last := n - 1
			for slices.Contains(reach.tools, rk.tools[last]) {
				last--
			}
			rk.tools, rk.keys = slices.Delete(rk.tools, last, last+1), slices.Delete(rk.keys, last, last+1)
		}
		rk.push(t, reach.keys[k], false)
	}
	if len(rk.tools) == 0 && f.action != "" && !f.actionImplied {
		// No tool holds a word of the clause ("fecha a cortina", and no
		// tool names a curtain): the tools whose name acts by its action,
		// or an action near it, are the candidates, for the model to
		// weigh against none. An action the clause only implies (a bare
		// noun phrase asks to see) reaches no tool this way.
		for a, ts := range r.byAction {
			if a == f.action || r.en.IsNear(f.action, a) {
				for _, t := range ts {
					push(t, true) // the order of top does not depend on this loop's
				}
			}
		}
	}
	top := rk.tools
	s.top, s.topKeys = top, rk.keys
	s.clause.detail(top)
	if s.multi {
		s.turn.detail(top)
	}
	// A candidate is large: its evidence is left for toolFeatures to
	// clear, as it reads it, and the rest is set here.
	cands := slices.Grow(s.cands[:0], len(top))[:len(top)]
	if len(s.vecs) < len(top) {
		s.vecs = make([]toolVec, len(top))
	}
	for k, t := range top {
		c := &cands[k]
		c.tool, c.x, c.fit, c.barred, c.u, c.p = t, &s.vecs[k], false, false, 0, 0
	}
	s.cands = cands
	return cands
}
