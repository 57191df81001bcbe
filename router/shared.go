package router

import (
	"cmp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/grammar/wordnet"
	"github.com/stalwart-agents/stalwart/internal/cache"
)

// shared is what every candidate of one clause reads alike: the lexicon's
// relations of the clause's action, the numbers and postings of its
// terms, and the wordnets' relations of its objects to the objects of the
// tools' names. toolFeatures reads it for each candidate, so each is
// looked up once a clause, not once a candidate; the values are the very
// ones the look-ups give.
type shared struct {
	f            *features // the clause read, or nil
	weak         bool      // weakVerb(f)
	seeing       bool      // seeing(r, f.action)
	objectAction string    // objectPrefix+f.action, or "" with no action
	near         []string  // the actions the lexicon gives as near f.action, read when no tool has it (action)
	antonyms     []string  // the actions the lexicon gives as opposite f.action, read as near is
	actionText   int32     // the term number of actionPrefix+f.action, or -1 (inText)
	actionNoun   int32     // the term number of objectPrefix+f.action (the noun of the action: a reply), or -1
	objectText   []int32   // beside f.objects: the term number of each, or -1
	// objectConcepts are beside f.objects: what each is to the Router
	// (conceptOf), or nil for an object that is no concept.
	objectConcepts []*conceptOf
	// objectRet and askRet are the retrieval index's postings (every
	// field) of f.objects and f.asks; askTerms are the object terms of
	// f.asks.
	objectRet []rpostings
	askRet    []rpostings
	askTerms  []string
	// objectRead and askRead are beside objectRet and askRet: the index
	// of each in the reads of query (hits.readOf), whose number was
	// queryGen when they were read, or -1 (hits.holds).
	objectRead, askRead []int
	query               *hits
	queryGen            uint16
	// turnAction is the English lemma of f.action, actionRelated the
	// lemmas the wordnets relate it to.
	turnAction    string
	actionRelated map[string]relation
	// turn are beside f.objects: each one's lemma and relations, read
	// when turnRead, as turnLemmas holds them (nil for an object that is
	// no concept).
	turn       []objectLemma
	turnLemmas []*conceptLemmas
	turnRead   bool
	// reach are beside f.objects: what the Router keeps of each one's
	// lemma (reachOf), read when reachRead; actionReach is what it keeps
	// of turnAction, or nil.
	reach       []lemmaReach
	reachRead   bool
	actionReach lemmaReach
	// objectKinds are beside f.objects: the kinds each is (its hypernyms, one
	// or two levels up) that some tool's text names, read when kindsRead.
	objectKinds [][]objectKind
	kindsRead   bool
	// in[id] is gen when the clause's terms hold the router's term
	// number id; inTurn[id] when its context's do, beyond the clause's
	// own (Router.context; set only when it has one): the whole turn
	// holds the term when either is gen.
	in, inTurn []uint32
	gen        uint32
	// actions are by toolInfo.actionID: how the clause's action relates
	// to each, read when first needed (when its gen is gen); or, when
	// the clause's action is one of the tools' too, actionRow is how it
	// relates to each (Router.actionRow), and actions is not read.
	actions   []actionOf
	actionRow []actionOf
	// objects are by objectLemma.id: how the clause relates to each
	// object term of the tools' names, read when first needed.
	objects []objectOf
	// values counts the clause's arguments of a kind of value, kinds
	// those of each kind.
	values int
	kinds  [numValueKinds]int
	// free counts the clause's free words: words no lexicon reads, and
	// quoted text (requiredUnmet).
	free int
	// prefixes are beside f.args: the id prefix of each identifier
	// (IDPrefix), or ""; idNouns, beside them too, the concepts whose ids
	// the catalogue documents with the prefix (Router.prefixNouns), or
	// nil where no tool documents it: an abbreviation is read only among
	// the former, where there are any ("co_1093" is no contact where a
	// company's id is ^co_).
	prefixes []string
	idNouns  [][]string
	// trimmed are beside prefixes: each with its mark trimmed, as
	// abbreviates trims it, once a clause, not once a candidate.
	trimmed []string
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

// objectOf is how the clause relates to an object term of the tools'
// names: the first of the clause's objects the wordnets relate it to
// (relatedObject), read when relatedGen is the clause's gen, and how the
// wordnets relate the clause's action to it (verb_derives_head), read when
// actionGen is.
type objectOf struct {
	relatedGen uint32
	actionGen  uint32
	turn       int32 // the index of the related object in the clause's, or -1
	related    relation
	action     relation
	hasAction  bool
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
	cm := &s.room.concepts
	m.seeing, m.objectAction, m.near, m.antonyms, m.actionText, m.actionNoun = false, "", nil, nil, -1, -1
	m.turnAction, m.actionRelated, m.actionRow, m.actionReach = "", nil, nil, nil
	if f.action != "" {
		co := r.conceptIn(cm, f.action)
		if r.wn != nil {
			l := r.lemmasOf(co)
			m.turnAction, m.actionRelated, m.actionReach = l.lemma, l.related, l.reach
		}
		m.seeing = seeing(r, f.action)
		m.objectAction = co.object
		if base, ok := strings.CutPrefix(f.action, "un"); ok && len(co.objectText) == 0 && len(base) > 2 {
			// "untag", "unlabel", "unpin": undoing a thing's action acts
			// on the thing ("untag 5102" names the tag it takes off).
			m.objectAction = r.conceptIn(cm, base).object
		}
		m.actionText, m.actionNoun = co.actionID, co.objectID
		if a, ok := r.actionIDs[f.action]; ok {
			m.actionRow = r.actionRow(a)
		} else {
			// Only action reads them, for an action of no tool.
			m.near = r.en.Near[f.action]
			m.antonyms = r.en.Antonyms[f.action]
		}
	}
	m.objectText, m.objectRet = m.objectText[:0], m.objectRet[:0]
	clear(m.objectConcepts)
	m.objectConcepts = m.objectConcepts[:0]
	for _, o := range f.objects {
		if c, ok := strings.CutPrefix(o, objectPrefix); ok {
			co := r.conceptIn(cm, c)
			m.objectText = append(m.objectText, co.objectID)
			m.objectRet = append(m.objectRet, co.ret)
			m.objectConcepts = append(m.objectConcepts, co)
			continue
		}
		m.objectText = append(m.objectText, r.termID(o))
		m.objectRet = append(m.objectRet, r.ix.term(r.retrievalTerm(o)).postings)
		m.objectConcepts = append(m.objectConcepts, nil)
	}
	m.askRet, m.askTerms = m.askRet[:0], m.askTerms[:0]
	for _, a := range f.asks {
		co := r.conceptIn(cm, a)
		m.askTerms = append(m.askTerms, co.object)
		m.askRet = append(m.askRet, co.ret)
	}
	m.query, m.queryGen = &s.clause, s.clause.gen
	m.objectRead, m.askRead = m.objectRead[:0], m.askRead[:0]
	for k := range m.objectRet {
		m.objectRead = append(m.objectRead, s.clause.readOf(&m.objectRet[k]))
	}
	for k := range m.askRet {
		m.askRead = append(m.askRead, s.clause.readOf(&m.askRet[k]))
	}
	clear(m.turn)
	clear(m.turnLemmas)
	m.turn, m.turnLemmas, m.turnRead = m.turn[:0], m.turnLemmas[:0], false
	clear(m.reach)
	m.reach, m.reachRead = m.reach[:0], false
	m.kindsRead = false
	if n := r.terms.len(); len(m.in) < n {
		m.in, m.inTurn = make([]uint32, n), make([]uint32, n)
	}
	if len(m.actions) < r.actions {
		m.actions = make([]actionOf, r.actions)
	}
	if len(m.objects) < r.objectLemmas {
		m.objects = make([]objectOf, r.objectLemmas)
	}
	if m.gen++; m.gen == 0 {
		clear(m.in)
		clear(m.inTurn)
		clear(m.actions)
		clear(m.objects)
		m.gen = 1
	}
	m.values, m.kinds, m.free = 0, [numValueKinds]int{}, freeWords(f)
	clear(m.prefixes)
	clear(m.trimmed)
	m.prefixes, m.idNouns, m.trimmed = m.prefixes[:0], m.idNouns[:0], m.trimmed[:0]
	for k := range f.args {
		a := &f.args[k]
		if v := valueKind(a); v >= 0 && !(a.Kind == "number" && a.Counted == "" && len(f.objects) > 0 && a.Noun != "" && (strings.TrimPrefix(f.objects[0], objectPrefix) == a.Noun || idNumber(f.words, a))) {
			// A number the head noun takes is its id ("is order 2210
			// shipped?"), no value of a number parameter, and so is
			// one right after its noun, as the binder reads it
			// (idNumber: "the status of order 2210"); one that counts
			// it is a value ("show me 5 orders").
			m.values++
			m.kinds[v]++
		}
		prefix := ""
		var nouns []string
		if a.Kind == "identifier" {
			prefix = IDPrefix(a.Text)
		}
		if prefix != "" { // no tool documents an empty prefix
			nouns = r.prefixNouns[prefix]
		}
		m.prefixes = append(m.prefixes, prefix)
		m.idNouns = append(m.idNouns, nouns)
		m.trimmed = append(m.trimmed, strings.TrimRight(prefix, "_-"))
	}
	// The numbers of the clause's terms are beside them (features.ids).
	for _, id := range f.ids {
		if id >= 0 {
			m.in[id] = m.gen
		}
	}
	if s.multi && len(s.ctxIDs) >= len(f.ids) {
		// The context's terms follow the clause's own (Router.context).
		for _, id := range s.ctxIDs[len(f.ids):] {
			if id >= 0 {
				m.inTurn[id] = m.gen
			}
		}
	}
	return m
}

// action is how the clause's action relates to ti's; both have one.
func (m *shared) action(r *Router, ti *toolInfo) *actionOf {
	if m.actionRow != nil {
		return &m.actionRow[ti.actionID]
	}
	a := &m.actions[ti.actionID]
	if a.gen != m.gen {
		*a = r.relateAction(m.f.action, m.turnAction, m.near, m.antonyms, m.actionRelated, ti.actionID)
		a.gen = m.gen
	}
	return a
}

// relateAction is how a clause's action relates to action b of the
// tools (by toolInfo.actionID): lemma is the action's English lemma
// ("" with no wordnet), near and antonyms the actions the lexicon gives
// as near and opposite it, related the lemmas the wordnets relate it to.
func (r *Router) relateAction(action, lemma string, near, antonyms []string, related map[string]relation, b int32) actionOf {
	tool := r.actionNames[b]
	a := actionOf{near: containsTerm(near, tool) || containsTerm(r.en.Near[tool], action), antonym: containsTerm(antonyms, tool)}
	if action != tool && lemma != "" {
		a.related, a.hasRelated = related[r.actionLemmas[b]]
		if !a.hasRelated {
			a.related, a.hasRelated = r.actionRelated[b][lemma]
		}
	}
	return a
}

// actionRows are how each action of the tools, as a clause's action,
// relates to each of theirs: by toolInfo.actionID, then by theirs, each
// row read when first needed.
type actionRows struct {
	once []sync.Once
	rows [][]actionOf
}

// actionRow is how action a of the tools (by toolInfo.actionID), as a
// clause's action, relates to each of the tools' actions, as
// shared.action reads it; the row is shared, and only read.
func (r *Router) actionRow(a int32) []actionOf {
	r.rows.once[a].Do(func() {
		action := r.actionNames[a]
		lemma := ""
		var related map[string]relation
		if r.wn != nil {
			lemma = conceptLemma(action)
			related = relatedLemmas(r.wn, lemma)
		}
		near, antonyms := r.en.Near[action], r.en.Antonyms[action]
		row := make([]actionOf, r.actions)
		for b := range row {
			row[b] = r.relateAction(action, lemma, near, antonyms, related, int32(b))
		}
		r.rows.rows[a] = row
	})
	return r.rows.rows[a]
}

// relatedObject reports whether object k of tool ti's name, one the turn
// does not name, is related to one it does (by the wordnets), and counts
// the relation's feature.
func (r *Router) relatedObject(m *shared, ti *toolInfo, k int, x *toolVec, why *noter) bool {
	tool, ok := strings.CutPrefix(ti.objects[k], objectPrefix)
	if !ok || r.wn == nil {
		return false
	}
	own := &ti.lemmas[k]
	// What the clause makes of an object term is the same for every
	// tool whose name holds it: read once a clause, not once a tool.
	o := &m.objects[own.id]
	if o.relatedGen != m.gen {
		o.relatedGen = m.gen
		o.turn, o.related = -1, relation{}
		// The relations of the turn's objects, read once a clause, not
		// once a tool.
		r.readTurn(m)
		if !m.reachRead {
			m.reachRead = true
			for j := range m.turn {
				var rc lemmaReach
				if m.turn[j].lemma != "" {
					rc = m.turnLemmas[j].reach // reachOf's
				}
				m.reach = append(m.reach, rc)
			}
		}
		for j, t := range m.f.objects {
			turn, ok := strings.CutPrefix(t, objectPrefix)
			if !ok || turn == tool {
				continue
			}
			if rel, ok := m.relate(j, own); ok {
				o.turn, o.related = int32(j), rel
				break
			}
		}
	}
	if o.turn < 0 {
		return false
	}
	rel := o.related
	f := relationFeature(rel.kind)
	x[f] = min(3, x[f]+relationWeight(rel))
	if why.wants(f) {
		why.note(f, "%s ~ %s: %s, sense %d", strings.TrimPrefix(m.f.objects[o.turn], objectPrefix), tool, rel.kind, rel.sense)
	}
	return true
}

// relate is how object j of the clause, a concept, relates to own, an
// object of the tools' names: the turn's word up to the tool's ("king"
// to "monarch"), or the tool's up to the turn's. The Router keeps it
// (reachOf).
func (m *shared) relate(j int, own *objectLemma) (relation, bool) {
	var slot *atomic.Uint32
	if rc := m.reach[j]; rc != nil {
		slot = rc.object(own.id)
		if v := slot.Load(); v != 0 {
			return unpackRelation(v)
		}
	}
	rel, ok := m.turn[j].related[own.lemma]
	if !ok {
		rel, ok = own.related[m.turn[j].lemma]
	}
	if v, packed := packRelation(rel, ok); packed && slot != nil {
		slot.Store(v)
	}
	return rel, ok
}

// lemmaReach is how one lemma of a turn relates to each object term of
// the tools' names, by objectLemma.id: each read when first needed and
// kept packed (packRelation), 0 while unread. Goroutines that read the
// same entry at once store the same value.
// Its slots are in one piece, the objects' then the heads', each
// Router.objectLemmas long, so that a lemma met for the first time costs
// one allocation.
type lemmaReach []atomic.Uint32

// object is the slot of object term id, either way, as relate reads it.
func (rc lemmaReach) object(id int32) *atomic.Uint32 { return &rc[id] }

// head is the slot of object term id, the lemma up to the object's, as
// headAction reads it.
func (rc lemmaReach) head(id int32) *atomic.Uint32 { return &rc[len(rc)/2+int(id)] }

// maxReach bounds a Router's cache of lemmaReach, so that hostile input
// cannot grow it for ever.
const maxReach = 1 << 9

// reachOf returns what the Router keeps of a turn's lemma, or nil when it
// keeps too many lemmas already.
func (r *Router) reachOf(lemma string) lemmaReach {
	if rc, ok := r.reach.Load(lemma); ok {
		return rc
	}
	if r.reach.Len() >= maxReach {
		return nil
	}
	rc, _ := r.reach.LoadOrStore(strings.Clone(lemma), make(lemmaReach, 2*r.objectLemmas))
	return rc
}

// packRelation packs whether there is a relation, and which, into a
// lemmaReach entry: 1 for none, 2 and more for one. It reports false for
// a relation it cannot pack.
func packRelation(rel relation, ok bool) (uint32, bool) {
	switch {
	case !ok:
		return 1, true
	case rel.sense < 0 || rel.sense > 0xffff:
		return 0, false
	}
	return 2 + (uint32(rel.kind)<<16 | uint32(rel.sense)), true
}

// unpackRelation unpacks a lemmaReach entry that is not 0.
func unpackRelation(v uint32) (relation, bool) {
	if v == 1 {
		return relation{}, false
	}
	v -= 2
	return relation{kind: wordnet.Kind(v >> 16), sense: int(v & 0xffff)}, true
}

// headAction is how the wordnets relate the clause's action to the
// lemma of the head of tool ti's name (m.actionRelated), read once a
// clause for each object term; ti's name has a head.
func (m *shared) headAction(ti *toolInfo) (relation, bool) {
	own := &ti.lemmas[ti.head]
	o := &m.objects[own.id]
	if o.actionGen != m.gen {
		o.actionGen = m.gen
		var slot *atomic.Uint32
		if m.actionReach != nil {
			slot = m.actionReach.head(own.id)
			if v := slot.Load(); v != 0 {
				o.action, o.hasAction = unpackRelation(v)
				return o.action, o.hasAction
			}
		}
		o.action, o.hasAction = m.actionRelated[own.lemma]
		if v, packed := packRelation(o.action, o.hasAction); packed && slot != nil {
			slot.Store(v)
		}
	}
	return o.action, o.hasAction
}

// objectKind is a kind a turn's object is that some tool's text names:
// the term's number, the kind's lemma and how the object reaches it.
type objectKind struct {
	id   int32
	kind kindTerm
}

// kindTerm is a kind a lemma is (a hypernym, one or two levels up): its
// concept (its object term less objectPrefix), its lemma and how the
// lemma reaches it.
type kindTerm struct {
	concept, lemma string
	rel            relation
}

// kindTerms caches each lemma's kinds (kindsOf), shared by every Router.
var kindTerms cache.Map[[]kindTerm] // by lemma

// kindsOf are the kinds a lemma is that are one word, as object terms of
// the English lexicon, the best relation first (relationWeight), then by
// lemma.
func (r *Router) kindsOf(l *objectLemma) []kindTerm {
	if v, ok := kindTerms.Load(l.lemma); ok {
		return v
	}
	kind := func(lemma string, rel relation) bool {
		return (rel.kind == wordnet.Hypernym || rel.kind == wordnet.Hypernym2) && !strings.Contains(lemma, " ")
	}
	n := 0
	for lemma, rel := range l.related {
		if kind(lemma, rel) {
			n++
		}
	}
	var out []kindTerm
	if n > 0 {
		out = make([]kindTerm, 0, n)
	}
	for lemma, rel := range l.related {
		if !kind(lemma, rel) {
			continue
		}
		concept := lemma
		if nf, ok := r.en.Nouns[lemma]; ok {
			concept = nf.Concept
		}
		out = append(out, kindTerm{concept, lemma, rel})
	}
	slices.SortFunc(out, func(a, b kindTerm) int {
		if c := cmp.Compare(relationWeight(b.rel), relationWeight(a.rel)); c != 0 {
			return c
		}
		return strings.Compare(a.lemma, b.lemma)
	})
	v, _ := kindTerms.LoadOrStore(l.lemma, out)
	return v
}

// maxKindsInText bounds a Router's cache of kindsInText, so that hostile
// input cannot grow it for ever.
const maxKindsInText = 1 << 14

// kindsInText are the kinds a lemma is (kindsOf) that some tool's text
// names, with their terms' numbers, in kindsOf's order. A Router keeps what it
// read, as the turns' objects recur; the slice is shared, and only read.
func (r *Router) kindsInText(l *objectLemma) []objectKind {
	if v, ok := r.kindsIn.Load(l.lemma); ok {
		return v
	}
	var out []objectKind
	var room [64]byte
	for _, kt := range r.kindsOf(l) {
		term := append(append(room[:0], objectPrefix...), kt.concept...) // a key, not a string: no allocation
		if ps := r.postings[string(term)]; len(ps) > 0 {
			id, ok := r.terms.ids[string(term)]
			if !ok {
				id = -1
			}
			out = append(out, objectKind{id, kt})
		}
	}
	out = slices.Clip(out)
	if r.kindsIn.Len() < maxKindsInText {
		r.kindsIn.LoadOrStore(strings.Clone(l.lemma), out)
	}
	return out
}

// readTurn reads the lemmas and relations of the clause's objects into
// m.turn, and what the wordnets make of each into m.turnLemmas, once a
// clause; the Router has the wordnets.
func (r *Router) readTurn(m *shared) {
	if m.turnRead {
		return
	}
	m.turnRead = true
	m.turn, m.turnLemmas = m.turn[:0], m.turnLemmas[:0]
	for _, co := range m.objectConcepts {
		var l objectLemma
		var ls *conceptLemmas
		if co != nil { // an object concept: objectPrefix and a concept
			ls = r.lemmasOf(co)
			l = ls.objectLemma
		}
		m.turn, m.turnLemmas = append(m.turn, l), append(m.turnLemmas, ls)
	}
}

// kindInText reports how object k of the clause, which tool i names
// nowhere, is a kind of a thing tool i's text names ("the kitchen light":
// a light is a device, and HassTurnOff "turns off a device"), and
// counts it: the best relation's weight (relationWeight), as
// fObjectKind.
func (r *Router) kindInText(m *shared, k, i int, x *toolVec, why *noter) {
	if r.wn == nil {
		return
	}
	if !m.kindsRead {
		// The kinds of the turn's objects the catalogue's texts name,
		// read once a clause, not once a tool.
		m.kindsRead = true
		r.readTurn(m)
		clear(m.objectKinds)
		for len(m.objectKinds) < len(m.f.objects) {
			m.objectKinds = append(m.objectKinds, nil)
		}
		for j := range m.f.objects {
			if l := &m.turn[j]; l.lemma != "" {
				m.objectKinds[j] = m.turnLemmas[j].kinds // kindsInText's
			}
		}
	}
	for _, kd := range m.objectKinds[k] {
		if m.inText(&r.tools[i], kd.id) {
			if w := relationWeight(kd.kind.rel); w > x[fObjectKind] {
				x[fObjectKind] = w
				if why.wants(fObjectKind) {
					why.note(fObjectKind, "%s is a kind of %s: %s, sense %d", m.turn[k].lemma, kd.kind.lemma, kd.kind.rel.kind, kd.kind.rel.sense)
				}
			}
			return
		}
	}
}

// heldNowhere reports whether the clause has an object no tool's name
// holds: a thing a tool's text or enum may name ("music", a media class
// to search), but that no tool is named for.
func heldNowhere(m *shared) bool {
	for k := range m.objectRet {
		if !namedIn(&m.objectRet[k]) {
			return true
		}
	}
	return false
}

// namedIn reports whether a term's postings hold it in some tool's name,
// its action or object words.
func namedIn(ps *rpostings) bool {
	for i := range ps.fields {
		if ps.fields[i][rfAction] > 0 || ps.fields[i][rfObject] > 0 {
			return true
		}
	}
	return false
}

// objectNamedIn reports whether a term's postings hold it among some
// tool's object words.
func objectNamedIn(ps *rpostings) bool {
	for i := range ps.fields {
		if ps.fields[i][rfObject] > 0 {
			return true
		}
	}
	return false
}

// unseenObjects counts the clause's objects no tool holds in any field.
func unseenObjects(m *shared) int {
	n := 0
	for k := range m.objectRet {
		if m.objectRet[k].len() == 0 {
			n++
		}
	}
	return n
}

// inText reports whether the text field of tool ti holds the router's
// term number id (none, for -1): whether ti is among the term's postings
// in its text field, as ti's text terms are the terms of its postings
// there, each weighing more than 0.
func (m *shared) inText(ti *toolInfo, id int32) bool {
	if id < 0 || ti.textMask[id>>6&1]&(1<<(id&63)) == 0 {
		return false
	}
	return sortedHas(ti.textTerms, id)
}

// freeWords counts a clause's free words: the words no lexicon reads,
// but for the adjectives and adverbs the wordnet knows, which qualify the
// thing asked for and name none ("the cheapest flights"), and the words it
// knows only as verbs ("determine"; features.modifier),
// each word of hyphened parts no lexicon reads whole (a name:
// "checkout-api"), and each quoted text (requiredUnmet reads them as
// values a free-text parameter may take); and the names of several words
// inside the sentence ("in Mountain View", "to San Diego"), each once,
// whatever its words mean, in a turn whose capitals are no title ("Turn
// On The Kitchen Light"): together they name a place, a person or a
// thing, one value.
func freeWords(f *features) int {
	ws := f.words
	runs := namesInRuns(ws)
	name := func(k int) bool {
		return runs && k >= 0 && k < len(ws) && ws[k].Start > 0 && (ws[k].Class == grammar.Noun || ws[k].Class == grammar.Unknown) && grammar.IsName(ws[k].Text)
	}
	// Two words of a run stand next to each other, b after a with a
	// space at most between them: a clause read with its context has the
	// context's words after its own, and a comma or a stop between two
	// names parts them ("at Hotel Paradise, Las Vegas" names a hotel and
	// a city).
	adjacent := func(a, b int) bool { return ws[b].Start >= ws[a].End && ws[b].Start <= ws[a].End+1 }
	continues := func(k int) bool { return name(k) && name(k-1) && adjacent(k-1, k) }
	n := 0
	for k := range ws {
		w := &ws[k]
		switch {
		case continues(k):
			// A later word of a name counted at its first.
		case w.Class == grammar.Unknown && (k >= 64 || f.modifier&(1<<k) == 0):
			n++
		case w.Class == grammar.Noun && name(k) && name(k+1) && adjacent(k, k+1):
			n++ // a name of several words that opens with a noun
		}
		if k > 0 && w.Start == ws[k-1].Start && w.End == ws[k-1].End && (k < 2 || ws[k-2].Start != w.Start) &&
			strings.IndexByte(w.Text, '-') > 0 {
			// A word of parts joined by hyphens that no lexicon reads
			// whole is a name ("checkout-api", "billing-worker"): a
			// value of the thing it names, whatever its parts mean.
			n++
		}
	}
	for k := range f.args {
		if f.args[k].Kind == "quoted" {
			n++
		}
	}
	return n
}

// namesInRuns reports whether the capitals of a clause's words mark
// names: fewer than half of the words a lexicon reads past the first are
// written with one ("Turn On The Kitchen Light" is a title).
func namesInRuns(ws []grammar.Word) bool {
	known, caps := 0, 0
	for k := range ws {
		if w := &ws[k]; w.Start > 0 && w.Class != grammar.Value && w.Class != grammar.Unknown {
			known++
			if grammar.IsName(w.Text) {
				caps++
			}
		}
	}
	return 2*caps <= known
}
