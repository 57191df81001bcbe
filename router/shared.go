package router

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/grammar/wordnet"
)

// shared is what every candidate of one clause reads alike: the lexicon's
// relations of the clause's action, the postings of its terms in the text
// field, and the wordnets' relations of its objects to the objects of the
// tools' names. toolFeatures reads it for each candidate, so each is
// looked up once a clause, not once a candidate; the values are the very
// ones the look-ups give.
type shared struct {
	f            *features   // the clause read, or nil
	weak         bool        // weakVerb(f)
	seeing       bool        // seeing(r, f.action)
	objectAction string      // objectPrefix+f.action, or "" with no action
	near         []string    // the actions the lexicon gives as near f.action
	antonyms     []string    // the actions the lexicon gives as opposite f.action
	actionText   []posting   // the postings of actionPrefix+f.action
	objectText   [][]posting // beside f.objects: the postings of each
	// objectRet and askRet are the retrieval index's postings (every
	// field) of f.objects and f.asks; askTerms are the object terms of
	// f.asks.
	objectRet [][]rposting
	askRet    [][]rposting
	askTerms  []string
	// turnAction is the English lemma of f.action, actionRelated the
	// lemmas the wordnets relate it to.
	turnAction    string
	actionRelated map[string]relation
	// turn are beside f.objects: each one's lemma and relations, read
	// when turnRead.
	turn     []objectLemma
	turnRead bool
	// objectKinds are beside f.objects: the kinds each is (its hypernyms, one
	// or two levels up) that some tool's text names, read when kindsRead.
	objectKinds [][]objectKind
	kindsRead   bool
	// in[id] is gen when the clause's terms hold the router's term
	// number id.
	in  []uint32
	gen uint32
	// actions are by toolInfo.actionID: how the clause's action relates
	// to each, read when first needed (when its gen is gen).
	actions []actionOf
	// values counts the clause's arguments of a kind of value, kinds
	// those of each kind.
	values int
	kinds  [numValueKinds]int
	// free counts the clause's free words: words no lexicon reads, and
	// quoted text (requiredUnmet).
	free int
	// prefixes are beside f.args: the id prefix of each identifier
	// (IDPrefix), or "".
	prefixes []string
}

// actionOf is how the clause's action relates to an action of the tools.
type actionOf struct {
	gen     uint32
	near    bool // r.en.IsNear(f.action, action)
	antonym bool // r.en.IsAntonym(f.action, action)
	// related is how the wordnets relate the two actions, either way
	// (relatedLemmas), when they do.
	related    relation
	hasRelated bool
}

// share reads what the candidates of clause f share into s.shared, unless
// it holds f's already.
func (r *Router) share(f *features, s *scorer) *shared {
	m := &s.shared
	if m.f == f {
		return m
	}
	m.f = f
	m.weak = weakVerb(f)
	m.seeing, m.objectAction, m.near, m.antonyms, m.actionText = false, "", nil, nil, nil
	m.turnAction, m.actionRelated = "", nil
	if f.action != "" {
		if r.wn != nil {
			m.turnAction = conceptLemma(f.action)
			m.actionRelated = relatedLemmas(r.wn, m.turnAction)
		}
		m.seeing = seeing(r, f.action)
		m.objectAction = r.term(objectPrefix, f.action)
		m.near = r.en.Near[f.action]
		m.antonyms = r.en.Antonyms[f.action]
		m.actionText = r.postings[r.term(actionPrefix, f.action)]
	}
	m.objectText, m.objectRet = m.objectText[:0], m.objectRet[:0]
	for _, o := range f.objects {
		m.objectText = append(m.objectText, r.postings[o])
		m.objectRet = append(m.objectRet, r.ix.terms[r.retrievalTerm(o)].postings)
	}
	m.askRet, m.askTerms = m.askRet[:0], m.askTerms[:0]
	for _, a := range f.asks {
		m.askTerms = append(m.askTerms, r.term(objectPrefix, a))
		m.askRet = append(m.askRet, r.ix.terms[r.term(conceptPrefix, a)].postings)
	}
	clear(m.turn)
	m.turn, m.turnRead = m.turn[:0], false
	m.kindsRead = false
	if n := r.terms.len(); len(m.in) < n {
		m.in = make([]uint32, n)
	}
	if len(m.actions) < r.actions {
		m.actions = make([]actionOf, r.actions)
	}
	if m.gen++; m.gen == 0 {
		clear(m.in)
		clear(m.actions)
		m.gen = 1
	}
	m.values, m.kinds, m.free = 0, [numValueKinds]int{}, 0
	for k := range f.words {
		if f.words[k].Class == grammar.Unknown {
			m.free++
		}
	}
	clear(m.prefixes)
	m.prefixes = m.prefixes[:0]
	for k := range f.args {
		a := &f.args[k]
		if v := valueKind(a); v >= 0 && !(a.Kind == "number" && len(f.objects) > 0 && a.Noun != "" && strings.TrimPrefix(f.objects[0], objectPrefix) == a.Noun) {
			// A number the head noun takes is its id ("is order 2210
			// shipped?"), no value of a number parameter.
			m.values++
			m.kinds[v]++
		}
		if a.Kind == "quoted" {
			m.free++
		}
		prefix := ""
		if a.Kind == "identifier" {
			prefix = IDPrefix(a.Text)
		}
		m.prefixes = append(m.prefixes, prefix)
	}
	for _, t := range f.terms {
		if id, ok := r.terms.ids[t]; ok {
			m.in[id] = m.gen
		}
	}
	return m
}

// action is how the clause's action relates to ti's; both have one.
func (m *shared) action(r *Router, ti *toolInfo) *actionOf {
	a := &m.actions[ti.actionID]
	if a.gen != m.gen {
		*a = actionOf{gen: m.gen, near: containsTerm(m.near, ti.action) || containsTerm(ti.near, m.f.action),
			antonym: containsTerm(m.antonyms, ti.action)}
		if m.f.action != ti.action && m.turnAction != "" {
			a.related, a.hasRelated = m.actionRelated[r.actionLemmas[ti.actionID]]
			if !a.hasRelated {
				a.related, a.hasRelated = r.actionRelated[ti.actionID][m.turnAction]
			}
		}
	}
	return a
}

// relatedObject reports whether object k of tool ti's name, one the turn
// does not name, is related to one it does (by the wordnets), and counts
// the relation's feature.
func (r *Router) relatedObject(m *shared, ti *toolInfo, k int, x *toolVec, why noter) bool {
	tool, ok := strings.CutPrefix(ti.objects[k], objectPrefix)
	if !ok || r.wn == nil {
		return false
	}
	// The relations of the turn's objects, read once a clause, not once
	// a tool.
	r.readTurn(m)
	own := &ti.lemmas[k]
	for j, t := range m.f.objects {
		turn, ok := strings.CutPrefix(t, objectPrefix)
		if !ok || turn == tool {
			continue
		}
		// The turn's word up to the tool's ("king" to "monarch"), or the
		// tool's up to the turn's.
		rel, ok := m.turn[j].related[own.lemma]
		if !ok {
			rel, ok = own.related[m.turn[j].lemma]
		}
		if ok {
			f := relationFeature(rel.kind)
			x[f] = math.Min(3, x[f]+relationWeight(rel))
			if why != nil {
				why.note(f, "%s ~ %s: %s, sense %d", turn, tool, rel.kind, rel.sense)
			}
			return true
		}
	}
	return false
}

// objectKind is a kind a turn's object is that some tool's text names:
// the term's postings, the kind's lemma and how the object reaches it.
type objectKind struct {
	postings []posting
	kind     kindTerm
}

// kindTerm is a kind a lemma is (a hypernym, one or two levels up): its
// object term, its lemma and how the lemma reaches it.
type kindTerm struct {
	term, lemma string
	rel         relation
}

// kindTerms caches each lemma's kinds (kindsOf), shared by every Router.
var kindTerms sync.Map // lemma -> []kindTerm

// kindsOf are the kinds a lemma is that are one word, as object terms of
// the English lexicon, the best relation first (relationWeight), then by
// lemma.
func (r *Router) kindsOf(l *objectLemma) []kindTerm {
	if v, ok := kindTerms.Load(l.lemma); ok {
		return v.([]kindTerm)
	}
	var out []kindTerm
	for lemma, rel := range l.related {
		if rel.kind != wordnet.Hypernym && rel.kind != wordnet.Hypernym2 || strings.Contains(lemma, " ") {
			continue
		}
		concept := lemma
		if nf, ok := r.en.Nouns[lemma]; ok {
			concept = nf.Concept
		}
		out = append(out, kindTerm{objectPrefix + concept, lemma, rel})
	}
	slices.SortFunc(out, func(a, b kindTerm) int {
		if c := cmp.Compare(relationWeight(b.rel), relationWeight(a.rel)); c != 0 {
			return c
		}
		return strings.Compare(a.lemma, b.lemma)
	})
	v, _ := kindTerms.LoadOrStore(l.lemma, out)
	return v.([]kindTerm)
}

// readTurn reads the lemmas and relations of the clause's objects into
// m.turn, once a clause.
func (r *Router) readTurn(m *shared) {
	if m.turnRead {
		return
	}
	m.turnRead = true
	m.turn = m.turn[:0]
	for _, t := range m.f.objects {
		var l objectLemma
		if turn, ok := strings.CutPrefix(t, objectPrefix); ok {
			l.lemma = conceptLemma(turn)
			l.related = relatedLemmas(r.wn, l.lemma)
		}
		m.turn = append(m.turn, l)
	}
}

// kindInText reports how object k of the clause, which tool i names
// nowhere, is a kind of a thing tool i's text names ("the kitchen light":
// a light is a device, and HassTurnOff "turns off a device"), and
// counts it: the best relation's weight (relationWeight), as
// fObjectKind.
func (r *Router) kindInText(m *shared, k, i int, x *toolVec, why noter) {
	if r.wn == nil {
		return
	}
	if !m.kindsRead {
		// The kinds of the turn's objects the catalogue's texts name,
		// read once a clause, not once a tool.
		m.kindsRead = true
		r.readTurn(m)
		for j := range m.objectKinds {
			m.objectKinds[j] = m.objectKinds[j][:0]
		}
		for len(m.objectKinds) < len(m.f.objects) {
			m.objectKinds = append(m.objectKinds, nil)
		}
		for j := range m.f.objects {
			l := &m.turn[j]
			if l.lemma == "" {
				continue
			}
			for _, kt := range r.kindsOf(l) {
				if ps := r.postings[kt.term]; len(ps) > 0 {
					m.objectKinds[j] = append(m.objectKinds[j], objectKind{ps, kt})
				}
			}
		}
	}
	for _, kd := range m.objectKinds[k] {
		if textHolds(kd.postings, i) {
			if w := relationWeight(kd.kind.rel); w > x[fObjectKind] {
				x[fObjectKind] = w
				if why != nil {
					why.note(fObjectKind, "%s is a kind of %s: %s, sense %d", m.turn[k].lemma, kd.kind.lemma, kd.kind.rel.kind, kd.kind.rel.sense)
				}
			}
			return
		}
	}
}

// heldNowhere reports whether the clause has an object no tool holds in
// any field.
func heldNowhere(m *shared) bool { return unseenObjects(m) > 0 }

// unseenObjects counts the clause's objects no tool holds in any field.
func unseenObjects(m *shared) int {
	n := 0
	for _, ps := range m.objectRet {
		if len(ps) == 0 {
			n++
		}
	}
	return n
}

// textHolds reports whether tool i is among ps, a term's postings, in its
// text field.
func textHolds(ps []posting, i int) bool {
	return textWeightIn(ps, i) > 0
}
