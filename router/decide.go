package router

import (
	"fmt"
	"strings"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/grammar"
)

// maxCandidates is how many candidates a decision lists.
const maxCandidates = 5

// minRead is the share of a turn's words the grammar must read for the
// turn to count as written in its language; see unread.
const minRead = 0.34

// decide applies the policy to one clause, in this order:
//
//  1. Unread: a turn is not in the chosen language when it has a mark
//     the language is not written with (¿, ¡), when the grammar reads
//     none of its words, when it reads fewer than half of its short words
//     (three letters or less: the function words, which every sentence
//     has and which differ between languages), or when it reads under a
//     third of all its words (a word read within an edit counts half).
//     Long unknown words alone do not make a turn unread: they are often
//     names of things the catalogue holds.
//  2. Negated: a clause that negates or withdraws its request is none.
//  3. The tools are ranked (see rank). If the best tool, or a tool within
//     the margin of it, is withdrawn, the outcome is withdrawn: the turn
//     is refused, never routed elsewhere, and withdrawn tools are never
//     listed.
//  4. Floor: a best score under the floor is none.
//  5. Margin: a lead over the runner-up under the margin is ambiguous; a
//     write must clear a larger margin than a read. A tool barred by an
//     antonym is never selected.
//  6. Otherwise the best tool is selected; equal scores go to the tool
//     that comes first in the catalogue.
func (r *Router) decide(p *grammar.Parse, c *grammar.Clause) Decision {
	d := Decision{
		Turn:      p.Turn,
		Language:  string(p.Language),
		Object:    []string{},
		Arguments: map[string]string{},
		Parse:     p,
		Clause:    c,
	}
	if reason, unread := r.unread(p, c); unread {
		d.Outcome, d.Reason = Unread, reason
		d.Candidates = []Candidate{}
		return d
	}
	d.Action = c.Action
	if c.Negated {
		d.Outcome = None
		d.Candidates = []Candidate{}
		d.Reason = "negated: the turn asks not to act"
		if c.Action != "" {
			d.Reason = fmt.Sprintf("negated: the turn asks not to %s", c.Action)
		}
		return d
	}
	if c.Act == grammar.Chitchat {
		d.Outcome, d.Reason = None, "chit-chat: the turn asks for no tool"
		d.Candidates = []Candidate{}
		return d
	}
	f := r.features(c)
	f.phrased = r.phraseTools(f.phrased, p.Turn[c.Start:c.End])
	r.readUndo(&f, p.Turn[c.Start:c.End])
	d.Action = f.action
	for _, o := range f.objects {
		d.Object = append(d.Object, strings.TrimPrefix(o, objectPrefix))
	}
	s := r.scratch.Get().(*scorer)
	defer r.scratch.Put(s)
	ranked, perfect := r.rank(s, &f, false)

	// Candidates: the best tools that are not withdrawn.
	d.Candidates = make([]Candidate, 0, maxCandidates)
	for _, sc := range ranked {
		if len(d.Candidates) == maxCandidates {
			break
		}
		if r.tools[sc.tool].withdrawn || sc.raw <= 0 {
			continue
		}
		d.Candidates = append(d.Candidates, Candidate{Tool: r.tools[sc.tool].tool.Name, Score: round3(normalise(sc.raw, perfect))})
	}
	if len(ranked) == 0 || ranked[0].raw <= 0 {
		d.Outcome = None
		d.Reason = "no tool of the catalogue matches the turn's words"
		return d
	}
	best := ranked[0]
	// Margins compare scores before the cap at 1: two tools that both fit
	// in every way the turn asks still differ by what else they fit.
	bestScore := best.raw / perfect
	bt := &r.tools[best.tool]
	// Withdrawn: the best, or a tool too close to the best to tell apart.
	for _, sc := range ranked {
		if bestScore-sc.raw/perfect >= marginRead {
			break
		}
		if r.tools[sc.tool].withdrawn && sc.hasFit {
			d.Outcome = Withdrawn
			d.Tool = r.tools[sc.tool].tool.Name
			d.Kind = r.tools[sc.tool].tool.Kind
			d.Reason = fmt.Sprintf("%s is withdrawn: the turn is refused", d.Tool)
			return d
		}
	}
	if bestScore < floor {
		d.Outcome = None
		d.Reason = fmt.Sprintf("no tool fits: the best, %s, scores %.2f (floor %.2f)", bt.tool.Name, bestScore, floor)
		return d
	}
	if best.barred {
		d.Outcome = None
		d.Reason = fmt.Sprintf("no tool fits: %s does %s, the opposite of %s", bt.tool.Name, bt.action, f.action)
		if !r.en.IsAntonym(f.action, bt.action) {
			d.Reason = fmt.Sprintf("no tool fits: the turn reports %s; it does not ask for %s", f.action, bt.tool.Name)
		}
		return d
	}
	margin := marginRead
	if bt.tool.Kind == catalogue.Write {
		margin = marginWrite
	}
	var close []string
	for _, sc := range ranked[1:] {
		if r.tools[sc.tool].withdrawn {
			continue
		}
		if bestScore-sc.raw/perfect < margin {
			close = append(close, r.tools[sc.tool].tool.Name)
		}
	}
	if len(close) > 0 {
		d.Outcome = Ambiguous
		d.Reason = fmt.Sprintf("ambiguous: %s and %s are within %.2f of each other", bt.tool.Name, strings.Join(close, ", "), margin)
		return d
	}
	d.Outcome = Selected
	d.Tool = bt.tool.Name
	d.Kind = bt.tool.Kind
	d.Confirm = bt.tool.Kind == catalogue.Write
	r.bindDecision(&d, bt, c)
	lead := 1.0
	if len(ranked) > 1 {
		lead = bestScore - ranked[1].raw/perfect
	}
	d.Reason = fmt.Sprintf("%s: %s, %.2f ahead of the runner-up", bt.tool.Name, r.summary(int(best.tool), &f), lead)
	return d
}

// summary says in a few words what matched for a tool.
func (r *Router) summary(i int, f *features) string {
	var ev []Evidence
	r.evaluate(i, f, &ev)
	var parts []string
	for _, e := range ev {
		if e.Weight > 0 && (e.Kind == "action" || e.Kind == "object" || e.Kind == "argument" || e.Kind == "near_action") {
			parts = append(parts, e.Kind+" "+e.Detail)
		}
	}
	if len(parts) == 0 {
		return "the best match"
	}
	return strings.Join(parts, ", ")
}

// unread decides whether the grammar read enough of the turn.
func (r *Router) unread(p *grammar.Parse, c *grammar.Clause) (string, bool) {
	if c == nil || p.Words == 0 {
		if hasValues(p) {
			return "", false
		}
		return "the turn has no words", true
	}
	switch {
	case p.Foreign:
		return fmt.Sprintf("the turn has a mark %s is not written with", p.Language), true
	case p.Read == 0:
		return fmt.Sprintf("the %s grammar reads none of the turn's words", p.Language), true
	case p.Short > 0 && 2*p.ShortRead < p.Short:
		return fmt.Sprintf("the %s grammar reads %d of the turn's %d short words", p.Language, p.ShortRead, p.Short), true
	case p.Read < minRead*float64(p.Words):
		return fmt.Sprintf("the %s grammar reads %.1f of the turn's %d words", p.Language, p.Read, p.Words), true
	}
	return "", false
}

func hasValues(p *grammar.Parse) bool {
	for _, c := range p.Clauses {
		if len(c.Args) > 0 {
			return true
		}
	}
	return false
}

func round3(x float64) float64 {
	return float64(int(x*1000+0.5)) / 1000
}
