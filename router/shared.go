package router

import (
	"math"
	"strings"
)

// shared is what every candidate of one clause reads alike: the lexicon's
// relations of the clause's action, the postings of its terms in the text
// field, and the wordnets' relations of its objects to the objects of the
// tools' names. toolFeatures reads it for each candidate, so each is
// looked up once a clause, not once a candidate; the values are the very
// ones the look-ups give.
type shared struct {
	f            *features // the clause read, or nil
	weak         bool      // weakVerb(f)
	seeing       bool      // seeing(r, f.action)
	objectAction string    // objectPrefix+f.action, or "" with no action
	near         []string  // the actions the lexicon gives as near f.action
	antonyms     []string  // the actions the lexicon gives as opposite f.action
	actionText   []posting // the postings of actionPrefix+f.action
	objectText   [][]posting
	related      []relatedOf // the tools' objects read so far
	// in[id] is gen when the clause's terms hold the router's term
	// number id.
	in  []uint32
	gen uint32
}

// relatedOf is how the clause's objects relate to one object of a tool's
// name, as relatedObject reads it.
type relatedOf struct {
	object string // the tool's object term
	ok     bool   // an object of the clause is related to it
	turn   string // that object's concept
	rel    relation
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
	if f.action != "" {
		m.seeing = seeing(r, f.action)
		m.objectAction = r.term(objectPrefix, f.action)
		m.near = r.en.Near[f.action]
		m.antonyms = r.en.Antonyms[f.action]
		m.actionText = r.postings[r.term(actionPrefix, f.action)]
	}
	m.objectText = m.objectText[:0]
	for _, o := range f.objects {
		m.objectText = append(m.objectText, r.postings[o])
	}
	clear(m.related)
	m.related = m.related[:0]
	if n := r.terms.len(); len(m.in) < n {
		m.in = make([]uint32, n)
	}
	if m.gen++; m.gen == 0 {
		clear(m.in)
		m.gen = 1
	}
	for _, t := range f.terms {
		if id, ok := r.terms.ids[t]; ok {
			m.in[id] = m.gen
		}
	}
	return m
}

// isNear is r.en.IsNear(f.action, ti.action).
func (m *shared) isNear(ti *toolInfo) bool {
	return containsTerm(m.near, ti.action) || containsTerm(ti.near, m.f.action)
}

// isAntonym is r.en.IsAntonym(f.action, ti.action).
func (m *shared) isAntonym(ti *toolInfo) bool {
	return containsTerm(m.antonyms, ti.action)
}

// relatedObject reports whether an object of a tool's name the turn does
// not name is related to one it does (by the wordnets), and counts the
// relation's feature. The relations of each object are read once a
// clause.
func (r *Router) relatedObject(m *shared, o string, x *toolVec, why noter) bool {
	var got *relatedOf
	for k := range m.related {
		if m.related[k].object == o {
			got = &m.related[k]
			break
		}
	}
	if got == nil {
		turn, rel, ok := r.relatedTo(m.f, o)
		m.related = append(m.related, relatedOf{object: o, ok: ok, turn: turn, rel: rel})
		got = &m.related[len(m.related)-1]
	}
	if !got.ok {
		return false
	}
	k := relationFeature(got.rel.kind)
	x[k] = math.Min(3, x[k]+relationWeight(got.rel))
	if why != nil {
		why.note(k, "%s ~ %s: %s, sense %d", got.turn, strings.TrimPrefix(o, objectPrefix), got.rel.kind, got.rel.sense)
	}
	return true
}

// textHolds reports whether tool i is among ps, a term's postings, in its
// text field.
func textHolds(ps []posting, i int) bool {
	return textWeightIn(ps, i) > 0
}
