// Package router decides which tool of a catalogue a person's turn asks
// for: or that none does, that two are too close to call, that the tool is
// withdrawn, or that the turn is not in the chosen language.
//
// # The pipeline
//
// New compiles a catalogue once: every tool's name, description and
// parameters are read into terms (stems and the lexicons' concepts) by the
// same analysis that reads turns. Select then reads top-down as the data
// flows:
//
//  1. the grammar parses the turn (unread and negated turns stop here);
//  2. retrieval (retrieve.go) scores BM25F over the name's action and
//     object fields, the description and the parameters, for every tool
//     the turn's terms reach, and keeps the best Candidates;
//  3. features (features.go) read the evidence per candidate and for
//     "none";
//  4. the model (model.go) turns them into probabilities with the weights
//     route fit fitted (fit.go, weights.json);
//  5. the decision (decide.go) applies the thresholds of each risk tier.
//
// Beside the pipeline sit the binding of arguments (args.go), the tool
// check (check.go), verify's lints, which route plain turns through
// Select (lint.go), and a Bleve index (scorch, BM25) of the same terms,
// built on first use, for free-text search and explanations (bleve.go).
//
// A Router is safe for concurrent use. The zero Router answers every turn
// unread.
package router

import (
	"fmt"
	"slices"
	"sync"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/grammar/en"
	"github.com/stalwart-agents/stalwart/grammar/ptbr"
	"github.com/stalwart-agents/stalwart/grammar/wordnet"
	"github.com/stalwart-agents/stalwart/internal/cache"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// Options configure a Router. The zero Options reads English with its
// grammar, withdraws no tool, adds no vocabulary and uses the embedded
// weights.
type Options struct {
	// Language is the language turns are read in; English when empty.
	Language tokenize.Language
	// Withdrawn names the tools that are withdrawn: refused before
	// anything else and never listed.
	Withdrawn []string
	// Grammar reads turns; when nil, the grammar of Language is used.
	Grammar grammar.Grammar
	// Vocabulary adds a user's words and per-tool phrases; may be nil.
	Vocabulary *catalogue.Vocabulary
	// Model holds the weights and thresholds of the decision; when nil,
	// the fitted weights embedded in the package are used.
	Model *Model
}

// Router routes turns against one catalogue. It is safe for concurrent use.
// The zero Router, like a nil *Router, answers every turn unread ("not built
// with New"): build one with New.
type Router struct {
	// progress, when set (by Verify), is told how far lint's routing has gone.
	progress func(done, total int)
	cat      *catalogue.Catalogue
	lang     tokenize.Language
	gram     grammar.Grammar
	en       *grammar.Lexicon
	wn       *wordnet.DB // the wordnets' relations, for features
	an       *analyzer
	tools    []toolInfo
	postings map[string][]posting
	prefixes map[string][]int32 // literal prefixes of parameter patterns
	idTerms  map[string]string  // by id format, its retrieval term (idTermPrefix)
	// prefixNouns are, for each id prefix some tool documents, the
	// concepts whose ids it writes: the nouns of the id parameters whose
	// pattern or examples give it, and the head of a tool whose text
	// gives an id of it as an example (never nil for a documented one).
	prefixNouns map[string][]string
	byAction    map[string][]int32 // the tools whose name acts by each action concept
	byName      map[string][]int32 // the tools whose name acts by an action on its head object (appendNameKey)
	bare        map[string][]int32 // the tools whose name is an action alone (turn_off), by that action and those near it
	// byHead maps the head object concept of each name of a tool that
	// takes an id to the tools; headsBy lists those heads by the first
	// letter of their last word, which an id's prefix must start with
	// to abbreviate it (abbreviates).
	byHead  map[string][]int32
	headsBy [26][]string
	actions int // how many action concepts the tools' names act by (toolInfo.actionID)
	// objectLemmas is how many object terms the tools' names hold
	// (objectLemma.id).
	objectLemmas int
	// actionIDs number the actions the tools' names act by
	// (toolInfo.actionID); actionNames, actionLemmas and actionRelated
	// are by that number: each action, its English lemma and the lemmas
	// the wordnets relate it to; rows are how each relates to each
	// (actionRow).
	actionIDs     map[string]int32
	actionNames   []string
	actionLemmas  []string
	actionRelated []map[string]relation
	rows          actionRows
	words         map[string]string // the vocabulary's words of the turn language
	// nameWords maps the words of the names no lexicon knows to their
	// terms; nameFuzzy finds them within an edit.
	nameWords map[string]string
	nameFuzzy *grammar.FuzzyIndex
	phrases   []phrase                // the vocabulary's phrases
	ix        *index                  // the retrieval index
	terms     *termTable              // every term the compile read, read only after New
	interned  map[string]string       // the terms of the lexicons' concepts (internedConcepts)
	classes   turnClasses             // function-word classes of the turns' language that features reads
	stemTerms cache.Map[numberedStem] // stemTermOf's, by word
	kindsIn   cache.Map[[]objectKind] // kindsInText's, by lemma
	concepts  cache.Map[*conceptOf]   // conceptOf's, by concept
	reach     cache.Map[lemmaReach]   // reachOf's, by lemma
	model     *Model                  // the fitted weights and thresholds
	scratch   sync.Pool               // *scorer

	bleveMu   sync.RWMutex // Close against searches
	closed    bool
	bleveOnce sync.Once
	bleveIdx  *bleveIndex
	bleveErr  error
}

// New compiles a catalogue for routing. It fails for no catalogue, an
// unsupported language, or a vocabulary that gives phrases to tools the
// catalogue does not hold. A withdrawn name the catalogue does not hold is
// no error: an agent file may serve agents with other catalogues.
func New(cat *catalogue.Catalogue, opts Options) (*Router, error) {
	if cat == nil {
		return nil, fmt.Errorf("router: no catalogue")
	}
	lang := opts.Language
	if lang == "" {
		lang = tokenize.English
	}
	enGram, err := en.Default()
	if err != nil {
		return nil, err
	}
	gram := opts.Grammar
	if gram == nil {
		gram, err = GrammarFor(lang)
		if err != nil {
			return nil, err
		}
	}
	if gram.Language() != lang {
		return nil, fmt.Errorf("router: the grammar reads %s, not %s", gram.Language(), lang)
	}
	stemmer, err := sharedStemmer(tokenize.English)
	if err != nil {
		return nil, err
	}
	tk, err := tokenize.New(tokenize.English)
	if err != nil {
		return nil, err
	}
	turnStem, err := sharedStemmer(lang)
	if err != nil {
		return nil, err
	}
	m := opts.Model
	if m == nil {
		if m, err = DefaultModel(); err != nil {
			return nil, err
		}
	}
	wn, err := wordnet.Default()
	if err != nil {
		return nil, err
	}
	r := &Router{cat: cat, lang: lang, gram: gram, en: enGram.Lexicon(), model: m, wn: wn}
	lexicons := []*grammar.Lexicon{r.en}
	if gram.Lexicon() != r.en {
		lexicons = append(lexicons, gram.Lexicon())
	}
	r.classes = classesOf(gram.Lexicon())
	r.an = &analyzer{en: enGram, lexicons: lexicons, stemmer: stemmer, tk: tk, stop: stopWords(lexicons, true), nounNext: textDeterminers(lexicons),
		turnStem: turnStem, turnStop: stopWords(lexicons, false)}
	r.interned = internedConcepts(lexicons)
	r.compile(cat)
	withdrawn := map[string]bool{}
	for _, name := range opts.Withdrawn {
		withdrawn[name] = true
	}
	for i := range r.tools {
		if withdrawn[r.tools[i].tool.Name] {
			r.tools[i].withdrawn = true
			delete(withdrawn, r.tools[i].tool.Name)
		}
	}
	if err := r.useVocabulary(opts.Vocabulary); err != nil {
		return nil, err
	}
	r.scratch.New = func() any { return newScorer(len(r.tools)) }
	return r, nil
}

// resolve reads a clause whose object is a pronoun ("close it", "reject
// them") as acting on the nouns and values of the clause before it:
// "candidate 6611 withdrew, reject them" rejects the candidate. So does a
// command that names nothing it acts on, no thing, value or word no
// lexicon knows: a language that leaves out an object the conversation
// holds ("o pedido 43 está duplicado, pode arquivar") acts on the one
// just named. A clause that names its own objects is returned as it is.
func (r *Router) resolve(c, prev *grammar.Clause) *grammar.Clause {
	pronoun, verb, unknown := false, false, false
	for k, w := range c.Words {
		switch {
		case w.Class == grammar.Noun || w.Class == grammar.Value:
			return c
		case w.Class == grammar.Verb:
			verb = true
		case w.Class == grammar.Unknown:
			unknown = true
		case w.Class == grammar.Function && inClass(&r.classes.pronoun, w.Norm):
			pronoun = true
		case w.Class == grammar.Function && k > 0 && c.Words[k-1].Class == grammar.Verb && c.Words[k-1].Start == w.Start:
			// A pronoun the verb's word carries ("encerrá-lo",
			// "exclui-la"): the grammar reads it apart, written as
			// the article it is otherwise.
			pronoun = true
		}
	}
	if !pronoun && !(verb && !unknown && commands(c) && len(c.Args) == 0) {
		return c
	}
	resolved := *c
	resolved.Words = append([]grammar.Word(nil), c.Words...)
	for _, w := range prev.Words {
		if w.Class == grammar.Noun {
			resolved.Words = append(resolved.Words, w)
		}
	}
	resolved.Objects = append([]string(nil), prev.Objects...)
	if len(resolved.Args) == 0 {
		resolved.Args = prev.Args
	}
	return &resolved
}

// nextStep reports whether clause c is the step after the clause before
// it, prev: a command or a request that is not negated, which c follows
// (grammar.Clause.Follows: "and then", "e depois").
func nextStep(c, prev *grammar.Clause) bool {
	return c.Follows && commands(prev) && !prev.Negated
}

// commands reports whether a clause commands or requests.
func commands(c *grammar.Clause) bool {
	return c.Act == grammar.Imperative || c.Act == grammar.Request
}

// acts reports whether a clause commands or requests an action of its
// own: a verb the lexicon reads ("can you find flights?"), not a need
// alone ("I need a bus", "I need to travel to Berlin").
func acts(c *grammar.Clause) bool {
	return commands(c) && c.Action != ""
}

// setsScene reports whether clause j, before clause i, sets the scene of
// i rather than asking for something else: it is no command or request,
// or it requests with no action of its own and i names one ("I need to
// fly from Lisbon to Oslo on 2026-03-14. Can you look for flights?").
func setsScene(cs []*grammar.Clause, j, i int) bool {
	return scene(commands(cs[j]), acts(cs[j]), acts(cs[i]))
}

// scene is the rule of setsScene, of a clause before that commands or
// not and acts or not, and a clause after that acts or not.
func scene(commands, acts, nextActs bool) bool {
	return !commands || !acts && nextActs
}

// GrammarFor returns the grammar of a language.
func GrammarFor(lang tokenize.Language) (grammar.Grammar, error) {
	switch lang {
	case tokenize.English, "":
		return en.Default()
	case tokenize.Brazilian:
		return ptbr.Default()
	}
	return nil, &tokenize.LanguageError{Lang: string(lang)}
}

// stopWords are the function words of the lexicons, which carry no
// evidence in tool text.
//
// For the tools' texts (text true), a function word of a later lexicon is
// no stop word where the first, English, reads it as a content word: "todo"
// is "all" in Portuguese, and in a tool's "todo list" a thing.
func stopWords(lexicons []*grammar.Lexicon, text bool) map[string]bool {
	stop := map[string]bool{}
	for k, lx := range lexicons {
		for _, class := range []string{"determiner", "pronoun", "preposition", "conjunction", "auxiliary", "question", "politeness"} {
			for w := range lx.Function[class] {
				if text && k > 0 && isContentWord(lexicons[0], w) {
					continue
				}
				stop[w] = true
			}
		}
	}
	return stop
}

// textDeterminers are the determiners of the lexicons that a text's noun
// follows (the, a, my, each, este...): not the relative and question
// words among them (that, which, what), which a verb may follow ("the
// events that match"). A later lexicon's word that the first reads as a
// noun or a verb is left out, as in stopWords.
func textDeterminers(lexicons []*grammar.Lexicon) map[string]bool {
	out := map[string]bool{}
	for k, lx := range lexicons {
		for w := range lx.Function["determiner"] {
			if lx.Function["relative"][w] || lx.Function["question"][w] || k > 0 && isContentWord(lexicons[0], w) {
				continue
			}
			out[w] = true
		}
	}
	return out
}

// isContentWord reports whether a lexicon reads a word as a noun or as
// the verb of an action.
func isContentWord(lx *grammar.Lexicon, w string) bool {
	_, noun := lx.Nouns[w]
	_, action := lx.Actions[w]
	return noun || action
}

// Catalogue returns the catalogue the router routes against.
func (r *Router) Catalogue() *catalogue.Catalogue { return r.cat }

// Language returns the language turns are read in.
func (r *Router) Language() tokenize.Language { return r.lang }

// Grammar returns the grammar turns are read with.
func (r *Router) Grammar() grammar.Grammar { return r.gram }

// Select reads a turn and decides which tool it asks for. The decision is
// for the first clause that asks for something; the following clauses'
// decisions are in Then. A turn longer than MaxTurnBytes is unread, and so
// is every turn of the zero Router.
func (r *Router) Select(turn string) Decision {
	return r.selectTop(turn, maxCandidates, false)
}

// selectTop decides a turn listing top candidates; all lists them for an
// ambiguous decision too, not only the close ones.
func (r *Router) selectTop(turn string, top int, all bool) Decision {
	if r == nil || r.gram == nil {
		return unreadDecision(turn, "", "the router was not built with New")
	}
	if len(turn) > MaxTurnBytes {
		return unreadDecision(turn, string(r.lang), fmt.Sprintf("the turn is %d bytes, over the %d the router reads", len(turn), MaxTurnBytes))
	}
	p := r.gram.Parse(turn)
	s := r.scratch.Get().(*scorer)
	defer r.scratch.Put(s)
	return r.decideParse(p, s, top, all)
}

func unreadDecision(turn, lang, reason string) Decision {
	return Decision{Turn: turn, Language: lang, Outcome: Unread, Object: []string{}, Arguments: map[string]string{},
		Candidates: []Candidate{}, Reason: reason}
}

// clauseFeatures reads every clause (a clause that refers back, "close
// it", through the one before); context then scores each clause's
// context.
func (r *Router) clauseFeatures(p *grammar.Parse, s *scorer) ([]*grammar.Clause, []features) {
	cs := slices.Grow(s.clauses[:0], len(p.Clauses))[:len(p.Clauses)]
	fs := slices.Grow(s.features[:0], len(p.Clauses))[:len(p.Clauses)]
	s.clauses, s.features = cs, fs
	s.shared.f = nil // the features are read anew: nothing shared is theirs
	s.multi = false
	s.room.reset()
	for i := range p.Clauses {
		c := &p.Clauses[i]
		if i > 0 {
			c = r.resolve(c, &p.Clauses[i-1])
		}
		cs[i] = c
		fs[i] = r.features(c, &s.room)
		fs[i].phrased = r.phraseTools(fs[i].phrased, p.Turn[c.Start:c.End])
		r.phraseWordsOptional(&fs[i], p.Turn[c.Start:c.End])
		for _, t := range fs[i].phrased {
			// A phrase the vocabulary gives a tool names it: the turn
			// holds the concepts of its name.
			ti := &r.tools[t]
			if ti.action != "" {
				r.addRetrievalTerm(&fs[i], actionPrefix+ti.action, &s.room.concepts)
			}
			for _, o := range ti.objects {
				r.addRetrievalTerm(&fs[i], o, &s.room.concepts)
			}
		}
		r.readUndo(&fs[i], p.Turn[c.Start:c.End])
		r.readAgain(&fs[i], p.Turn[c.Start:c.End])
		f := &fs[i]
		f.changes = commands(c) && f.action != "" && !f.actionImplied && !readingActions[f.action] && !seeing(r, f.action)
	}
	return cs, fs
}

// context scores the context of clause i of a turn of several clauses:
// the clause's terms with those of every clause after it and of every
// clause before it that sets its scene (setsScene), less the negated ones
// and the commands after it that a conjunction or a clause break joins on
// (grammar.Clause.Follows). A statement, a question, a bare noun phrase or
// a need with no action of its own sets the scene of the request after it
// ("I'm planning a trip to Austin. Could you book a house?"), and a
// clause after a request may say more of it ("book a house. It's for four
// adults"); a command before the clause asked for something else ("charge the card
// and then archive order 43"), and so does a command joined on after it,
// or a question whether a thing is in a state (the next step: "snapshot
// db-orders and then reboot it", "close the garage and then tell me if
// the back door is locked"); a negated clause
// says what not to do ("hold on, don't empty the trash"). The context's
// arguments and free words are kept too (s.ctxArgs, s.ctxFree): they fill
// the request's parameters (requiredUnmet), and the binder binds what the
// clause leaves from its clauses (s.ctxClauses). A clause with no such
// neighbour has no context but itself (s.multi is false).
func (r *Router) context(cs []*grammar.Clause, fs []features, i int, s *scorer) {
	s.multi = false
	s.ctxArgs, s.ctxFree, s.ctxClauses = s.ctxArgs[:0], 0, s.ctxClauses[:0]
	if len(cs) < 2 {
		return
	}
	// The clause's own terms come first, the context's after them
	// (shared.inTurn reads those past the clause's).
	terms, ids := append(s.ctxTerms[:0], fs[i].terms...), append(s.ctxIDs[:0], fs[i].ids...)
	optional := append(s.ctxOptional[:0], fs[i].optional...)
	for j := range cs {
		if j == i || j < i && !setsScene(cs, j, i) || j > i && cs[j].Follows && (commands(cs[j]) || cs[j].AsksState()) || cs[j].Negated {
			continue
		}
		s.multi = true
		s.ctxClauses = append(s.ctxClauses, cs[j])
		s.ctxArgs = append(s.ctxArgs, fs[j].args...)
		s.ctxFree += freeWords(&fs[j])
		for k, t := range fs[j].terms {
			if !containsTerm(terms, t) {
				terms, ids = append(terms, t), append(ids, fs[j].ids[k])
			}
		}
		for _, t := range fs[j].optional {
			optional = appendUnique(optional, t)
		}
	}
	s.ctxTerms, s.ctxIDs, s.ctxOptional = terms, ids, optional
	if s.multi {
		r.ix.query(&s.turn, terms, ids, optional)
	}
}

// decideParse decides every clause. The decision is for the first clause
// that asks for something (selected, ambiguous or withdrawn), and among
// those the first that is a command or a request rather than a statement,
// a question or a bare noun phrase ("the add-on charge was a mistake,
// refund it" asks for the refund), and one that names its action rather
// than a need with none (setsScene). A clause before it only sets the scene
// or says what not to do ("never mind that, show order 5"). When no
// clause asks for anything, the first clause decides. The clauses after
// the deciding one are in Then, in order.
func (r *Router) decideParse(p *grammar.Parse, s *scorer, top int, all bool) Decision {
	if len(p.Clauses) == 0 {
		return r.decide(p, nil, &features{}, s, top, all)
	}
	cs, fs := r.clauseFeatures(p, s)
	if len(cs) == 1 {
		return r.decide(p, cs[0], &fs[0], s, top, all)
	}
	ds := make([]Decision, len(cs))
	lead := -1
	for i, c := range cs {
		r.context(cs, fs, i, s)
		ds[i] = r.decide(p, c, &fs[i], s, top, all)
		if i > 0 {
			ds[i].Turn = p.Turn[p.Clauses[i].Start:p.Clauses[i].End]
		}
		asks := ds[i].Outcome == Selected || ds[i].Outcome == Ambiguous || ds[i].Outcome == Withdrawn
		if i > 0 && nextStep(c, cs[i-1]) {
			// The step after a command ("ack alert 8080 and then tail the
			// logs") is asked for after it: it never decides the turn.
			asks = false
		}
		if asks && (lead < 0 || setsScene(cs, lead, i) && commands(cs[i])) {
			lead = i
		}
	}
	if lead <= 0 || ds[0].Outcome == Unread {
		lead = 0
	}
	d := ds[lead]
	if lead > 0 {
		d.Turn = p.Turn
		d.Reason += fmt.Sprintf(" (the clause before sets the scene: %s)", ds[0].Reason)
	}
	d.Then = ds[lead+1:]
	return d
}

// stemmers are the stemmers every Router of the process shares: a
// stemmer is safe for concurrent use and caches what it stemmed (up to a
// bound), so the tools of the next catalogue built reuse the stems of the
// last.
var stemmers struct {
	sync.Mutex
	byLang map[tokenize.Language]*tokenize.Stemmer
}

func sharedStemmer(lang tokenize.Language) (*tokenize.Stemmer, error) {
	stemmers.Lock()
	defer stemmers.Unlock()
	if st, ok := stemmers.byLang[lang]; ok {
		return st, nil
	}
	st, err := tokenize.NewStemmer(lang)
	if err != nil {
		return nil, err
	}
	if stemmers.byLang == nil {
		stemmers.byLang = map[tokenize.Language]*tokenize.Stemmer{}
	}
	stemmers.byLang[lang] = st
	return st, nil
}
