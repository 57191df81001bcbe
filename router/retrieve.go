package router

import (
	"math"
	"slices"
	"strings"
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

// fieldNames name the retrieval fields, for features and explanations.
var fieldNames = [numFields]string{"action", "object", "text", "params"}

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
const Candidates = 16

// Term prefix of a retrieval concept term: a concept of either class
// ("c:order"), so the action "order" and the thing reach each other.
const conceptPrefix = "c:"

// rposting is one tool that holds a term: its BM25F contribution, and
// each field's own BM25 contribution, per unit of query weight.
type rposting struct {
	tool  int32
	all   float32
	field [numFields]float32
}

// index is the compiled BM25F index.
type index struct {
	postings map[string][]rposting
	idf      map[string]float32
	// unseenIDF is the idf of a term no tool holds.
	unseenIDF float32
}

// retrievalTerm turns a grammar term (a:get, o:order, s:stem) into the
// index's: concepts lose their class.
func retrievalTerm(t string) string {
	if strings.HasPrefix(t, actionPrefix) || strings.HasPrefix(t, objectPrefix) {
		return conceptPrefix + t[2:]
	}
	return t
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
	ix := &index{postings: make(map[string][]rposting, held), idf: make(map[string]float32, held)}
	ix.unseenIDF = float32(idf(0))
	idfs := make([]float32, len(df))
	// Every term's postings are carved from one array, a term's room its
	// document frequency.
	all := make([]rposting, room)
	postings := make([][]rposting, len(df))
	for id, d := range df {
		if d > 0 {
			idfs[id] = float32(idf(int(d)))
			ix.idf[terms.terms[id]] = idfs[id]
			postings[id], all = all[:0:d], all[d:]
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
				p := rposting{tool: int32(i)}
				var combined float64
				for g := range numFields {
					c := tf[g][id]
					if c == 0 {
						continue
					}
					norm := float64(c) / (1 - bm25B + bm25B*float64(len(fields[i][g]))/avg[g])
					combined += fieldWeights[g] * norm
					p.field[g] = float32(w * norm / (bm25K1 + norm))
				}
				p.all = float32(w * combined / (bm25K1 + combined))
				postings[id] = append(postings[id], p)
			}
		}
		for f := range numFields {
			for _, id := range fields[i][f] {
				tf[f][id] = 0
			}
		}
	}
	for id, ps := range postings {
		if len(ps) > 0 {
			ix.postings[terms.terms[id]] = ps
		}
	}
	return ix
}

// termIDF is a term's idf, or the idf of an unseen term.
func (ix *index) termIDF(t string) float32 {
	if w, ok := ix.idf[t]; ok {
		return w
	}
	return ix.unseenIDF
}

// hits holds one query's BM25F scores over the tools it touched.
type hits struct {
	score   []float32
	field   [][numFields]float32
	matched []float32 // idf mass of the query's terms the tool holds
	held    []uint16  // how many of the query's terms the tool holds
	touched []int32
	mass    float32 // the query's own idf mass
	seen    float32 // the idf mass of the query's terms some tool holds
	unseen  int     // query terms no tool holds
	terms   int
}

func newHits(n int) hits {
	return hits{score: make([]float32, n), field: make([][numFields]float32, n), matched: make([]float32, n),
		held:    make([]uint16, n),
		touched: make([]int32, 0, 64)}
}

func (h *hits) reset() {
	for _, t := range h.touched {
		h.score[t] = 0
		h.field[t] = [numFields]float32{}
		h.matched[t] = 0
		h.held[t] = 0
	}
	h.touched = h.touched[:0]
	h.mass, h.seen, h.unseen, h.terms = 0, 0, 0, 0
}

// query scores every tool that holds one of the (distinct) terms.
//
// A term of names (a word written as a name) that no tool holds is an
// argument ("from Euro to Dollar", "in Nashville"): it counts in neither
// the query's idf mass nor its unseen terms.
func (ix *index) query(h *hits, terms, names []string) {
	h.reset()
	for _, t := range terms {
		ps := ix.postings[t]
		if len(ps) == 0 && containsTerm(names, t) {
			continue
		}
		w := ix.termIDF(t)
		h.mass += w
		h.terms++
		if len(ps) == 0 {
			h.unseen++
			continue
		}
		h.seen += w
		for k := range ps {
			p := &ps[k]
			if h.matched[p.tool] == 0 {
				h.touched = append(h.touched, p.tool)
			}
			h.score[p.tool] += p.all
			h.matched[p.tool] += w
			h.held[p.tool]++
			for f := range numFields {
				h.field[p.tool][f] += p.field[f]
			}
		}
	}
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
	top    []int32
	none   noneVec
}

func newScorer(n int) *scorer {
	return &scorer{clause: newHits(n), turn: newHits(n), cands: make([]cand, 0, Candidates)}
}

// retrieve scores the clause's terms over the index and returns the best
// depth tools by BM25F (over the clause, plus the whole turn's when it has
// several clauses), with the tools the grammar alone reaches: those whose
// id format or vocabulary phrase the turn holds. Ties go to catalogue
// order.
func (r *Router) retrieve(f *features, s *scorer, depth int) []cand {
	r.ix.query(&s.clause, f.terms, f.names)
	key := func(t int32) float32 {
		k := s.clause.score[t]
		if s.multi {
			k += s.turn.score[t]
		}
		return k
	}
	top := s.top[:0]
	better := func(a, b int32) bool {
		ka, kb := key(a), key(b)
		if ka != kb {
			return ka > kb
		}
		return a < b
	}
	// push keeps the best depth tools in top, best first; dup says the
	// tool may already be there.
	push := func(t int32, dup bool) {
		if len(top) == depth && !better(t, top[len(top)-1]) {
			return
		}
		if dup && slices.Contains(top, t) {
			return
		}
		if len(top) < depth {
			top = append(top, 0)
		}
		k := len(top) - 1
		for k > 0 && better(t, top[k-1]) {
			top[k] = top[k-1]
			k--
		}
		top[k] = t
	}
	for _, t := range s.clause.touched {
		push(t, false)
	}
	if s.multi {
		for _, t := range s.turn.touched {
			push(t, true)
		}
	}
	for _, a := range f.args {
		if a.Kind == "identifier" {
			for _, t := range r.prefixes[IDPrefix(a.Text)] {
				push(t, true)
			}
		}
	}
	for _, t := range f.phrased {
		push(t, true)
	}
	if len(top) == 0 && f.action != "" {
		// No tool holds a word of the clause ("fecha a cortina", and no
		// tool names a curtain): the tools whose name acts by its action,
		// or an action near it, are the candidates, for the model to
		// weigh against none.
		for a, ts := range r.byAction {
			if a == f.action || r.en.IsNear(f.action, a) {
				for _, t := range ts {
					push(t, true) // the order of top does not depend on this loop's
				}
			}
		}
	}
	s.top = top
	cands := s.cands[:0]
	for _, t := range top {
		cands = append(cands, cand{tool: t})
	}
	s.cands = cands
	return cands
}
