package router

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/grammar"
)

// maxCandidates is how many candidates a decision lists.
const maxCandidates = 5

// MaxTurnBytes is the longest turn the router reads: a longer one is
// unread, with that reason.
const MaxTurnBytes = 16 << 10

// minRead is the share of a turn's words the grammar must read for the
// turn to count as written in its language; see unread.
const minRead = 0.34

// decide decides one clause, in this order:
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
//  3. Retrieval: BM25F over the name's action and object fields, the
//     description and the parameters, with the lexicons' concepts beside
//     the stems, hands the best Candidates tools to the model.
//  4. The model (model.go), a nested logit: each candidate's features
//     (features.go) give it a utility, and the softmax of the utilities
//     its share of the ranking; none's features, with the top tool's and
//     the ranking's, give none's utility, whose logistic is none's
//     probability; a candidate's probability is its share times one less
//     none's.
//  5. Withdrawn: if the likeliest tool, or one within the read margin of
//     it, is withdrawn and its name fits the turn, the outcome is
//     withdrawn: refused, never routed elsewhere; withdrawn tools are
//     never listed.
//  6. None: when none is at least as likely as the best tool. A write
//     whose action is the opposite of the turn's (a refund never selects
//     charge_card), or whose action a question or statement only reports,
//     is never selected, whatever the model says: when it is the
//     likeliest, the outcome is none.
//  7. Ambiguous: when the best tool's lead over the runner-up is under its
//     tier's margin, and the close candidates (the best and those within
//     the margin of it) are together at least as likely as its tier's
//     threshold: some tool fits, and the turn does not say which; the
//     close candidates are listed. Close candidates less likely together
//     than that are none: no tool fits well enough to ask which.
//  8. None, again: when the best tool's probability is under its tier's
//     threshold and no runner-up is close.
//  9. Otherwise the best tool is selected.
//
// The tiers are read, write, and destructive (a write that declares
// destructiveHint or irreversible); each needs at least the confidence of
// the one before. Their thresholds are chosen by route fit on the
// training corpora, for a cost of 3 for a wrong selection and 1 for an
// abstention on a turn that has a tool, on out-of-fold probabilities
// (FitOptions.Folds), from a grid of probabilities 0.30 to 0.95 by 0.05
// and the cost's break-even probability, 2/3 (0.67), and margins 0.05 to
// 0.15, each tier's distance from the break-even charged ThresholdPrior
// (fit.go), and are in the weights file. Equal
// probabilities go to the tool with the better BM25F score, then to the
// one that comes first in the catalogue.
func (r *Router) decide(p *grammar.Parse, c *grammar.Clause, f *features, s *scorer, top int, all bool) Decision {
	d := r.decideClause(p, c, f, s, top, all)
	if d.Arguments == nil {
		// Only a selected tool binds arguments.
		d.Arguments = map[string]string{}
	}
	return d
}

// decideClause is decide, with no arguments unless a tool is selected.
func (r *Router) decideClause(p *grammar.Parse, c *grammar.Clause, f *features, s *scorer, top int, all bool) Decision {
	d := Decision{
		Turn:     p.Turn,
		Language: string(p.Language),
		Object:   []string{},
		Parse:    p,
		Clause:   c,
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
	d.Action = f.action
	if len(f.objects) > 0 {
		d.Object = make([]string, 0, len(f.objects))
	}
	for _, o := range f.objects {
		d.Object = append(d.Object, strings.TrimPrefix(o, objectPrefix))
	}
	cands, pNone := r.score(c, f, s, max(top, Candidates), nil)
	d.Candidates = r.listed(cands, max(top, maxCandidates))
	v := r.model.th.judge(r, cands, pNone)
	switch v.outcome {
	case Withdrawn:
		ti := &r.tools[cands[v.best].tool]
		d.Outcome, d.Tool, d.Kind = Withdrawn, ti.tool.Name, ti.tool.Kind
		d.Reason = fmt.Sprintf("%s is withdrawn: the turn is refused", d.Tool)
	case None:
		d.Outcome = None
		d.Reason = v.reason()
	case Ambiguous:
		d.Outcome = Ambiguous
		d.Reason = v.reason()
		if !all {
			// The close candidates: within the tier's margin of the best.
			tier := r.model.th.tier(riskOf(r.tools[cands[v.best].tool].tool))
			n := 0
			for _, cd := range d.Candidates {
				if cands[v.best].p-cd.Probability < tier.Margin+0.0005 {
					n++
				}
			}
			d.Candidates = d.Candidates[:max(n, 1)]
		}
	case Selected:
		bt := &r.tools[cands[v.best].tool]
		d.Outcome = Selected
		d.Tool = bt.tool.Name
		d.Kind = bt.tool.Kind
		d.Confirm = bt.tool.Kind == catalogue.Write
		var ctx []*grammar.Clause
		if s.multi {
			ctx = s.ctxClauses
		}
		r.bindDecision(&d, bt, c, ctx)
		var room [256]byte
		b := append(append(room[:0], bt.tool.Name...), ": "...)
		b = v.appendReason(append(r.appendSummary(b, &cands[v.best], f, s), "; "...))
		d.Reason = string(b)
	}
	return d
}

// score retrieves a clause's candidates, reads their features and none's,
// and sets their probabilities: candidates come back likeliest first,
// with none's probability. why, when not nil, receives each candidate's
// evidence details, by candidate.
func (r *Router) score(c *grammar.Clause, f *features, s *scorer, depth int, why []*noter) ([]cand, float64) {
	cands := r.retrieve(f, s, depth)
	for k := range cands {
		var n *noter
		if why != nil && k < len(why) {
			n = why[k]
		}
		r.toolFeatures(int(cands[k].tool), f, s, &cands[k], n)
	}
	s.none = r.noneFeatures(c, f, s, cands)
	pNone := r.model.probabilities(cands, &s.none, &s.rel)
	// The candidates are large: their order is sorted, and they are
	// moved once, into the scorer's other room.
	order := s.order[:0]
	for k := range cands {
		order = append(order, int32(k))
	}
	// A stable insertion sort, as slices.SortStableFunc sorts so few,
	// with its comparison inline rather than called through a func.
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && candBefore(&cands[order[j]], &cands[order[j-1]]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	sorted := s.spare[:0]
	for _, k := range order {
		sorted = append(sorted, cands[k])
	}
	s.order, s.spare, s.cands = order, cands[:0], sorted
	return sorted, pNone
}

// candBefore reports whether candidate a comes before b: the likelier
// first, then the one of the higher BM25F score, then the earlier tool.
// It is cmp.Compare's order, NaN the least (x != x), written out small
// enough to be inlined in the sort.
func candBefore(a, b *cand) bool {
	if a.p != b.p {
		return b.p < a.p || b.p != b.p && a.p == a.p
	}
	if x, y := a.x[fBM25], b.x[fBM25]; x != y {
		return y < x || y != y && x == x
	}
	return a.tool < b.tool
}

// listed are the candidates a decision lists: the likeliest tools that
// are not withdrawn.
func (r *Router) listed(cands []cand, n int) []Candidate {
	out := make([]Candidate, 0, min(n, len(cands)))
	for k := range cands {
		if len(out) == n {
			break
		}
		if r.tools[cands[k].tool].withdrawn {
			continue
		}
		out = append(out, Candidate{Tool: r.tools[cands[k].tool].tool.Name, Score: round3(cands[k].x[fBM25]),
			Probability: round3(cands[k].p)})
	}
	return out
}

// verdict is what the thresholds make of a clause's probabilities.
type verdict struct {
	outcome Outcome
	best    int // index into the candidates of the tool decided on, or -1
	// why, name and x are the reason, written only when it is read
	// (appendReason): the fit judges every training turn at every
	// threshold it tries, and reads no reason.
	why  reasonKind
	name string     // the best tool's name
	x    [3]float64 // the numbers the reason names
}

// reasonKind is which reason a verdict gives.
type reasonKind uint8

const (
	reasonNone          reasonKind = iota // no reason (a withdrawn tool's decision gives its own)
	reasonNoMatch                         // no tool matches a word of the turn
	reasonNoneLikelier                    // none is likelier than the best tool: x = none's, the best's
	reasonBarred                          // the best tool does what the turn does not ask
	reasonCloseUnlikely                   // the close candidates are unlikely together: x = margin, together, threshold
	reasonAmbiguous                       // x = margin, the best's, the runner-up's
	reasonUnder                           // the best is under the threshold: x = the best's, threshold
	reasonSelected                        // x = the best's, its lead
)

// appendReason appends the verdict's reason in words, numbers as %.2f
// writes them.
func (v *verdict) appendReason(b []byte) []byte {
	num := func(b []byte, x float64) []byte { return strconv.AppendFloat(b, x, 'f', 2, 64) }
	x := &v.x
	switch v.why {
	case reasonNoMatch:
		b = append(b, "no tool of the catalogue matches the turn's words"...)
	case reasonNoneLikelier:
		b = append(num(append(b, "no tool fits: none is likelier ("...), x[0]), ") than the best, "...)
		b = append(num(append(append(b, v.name...), " ("...), x[1]), ')')
	case reasonBarred:
		b = append(append(append(b, "no tool fits: "...), v.name...), " does the opposite of what the turn asks, what it only reports, or what it says not to do"...)
	case reasonCloseUnlikely:
		b = append(num(append(b, "no tool fits: the best two, within "...), x[0]), " of each other, have probability "...)
		b = append(num(append(num(b, x[1]), " together (threshold "...), x[2]), ')')
	case reasonAmbiguous:
		b = append(num(append(b, "ambiguous: the best two are within "...), x[0]), " of each other ("...)
		b = append(num(append(num(b, x[1]), " and "...), x[2]), ')')
	case reasonUnder:
		b = append(append(append(b, "no tool fits: the best, "...), v.name...), ", has probability "...)
		b = append(num(append(num(b, x[0]), " (threshold "...), x[1]), ')')
	case reasonSelected:
		b = append(num(append(num(append(b, "probability "...), x[0]), ", "...), x[1]), " ahead of the runner-up"...)
	}
	return b
}

// reason returns the verdict's reason in words (appendReason).
func (v *verdict) reason() string {
	var room [160]byte
	return string(v.appendReason(room[:0]))
}

// judge applies the thresholds to candidates sorted likeliest first; see
// decide for the order of the rules. r gives each candidate's tool.
func (th *Thresholds) judge(r *Router, cands []cand, pNone float64) verdict {
	return th.judgeWith(len(cands), func(k int) (p float64, rk risk, withdrawn, barred, fit bool, name string) {
		ti := &r.tools[cands[k].tool]
		return cands[k].p, riskOf(ti.tool), ti.withdrawn, cands[k].barred, cands[k].fit, ti.tool.Name
	}, pNone)
}

// judgeWith is judge over any candidates: at(k) tells the k-th
// likeliest's probability, tier, and whether it is withdrawn, barred, and
// fits the turn by its name.
func (th *Thresholds) judgeWith(n int, at func(k int) (float64, risk, bool, bool, bool, string), pNone float64) verdict {
	best := -1
	var bp float64
	var brisk risk
	var bname string
	for k := 0; k < n; k++ {
		p, rk, withdrawn, _, fit, name := at(k)
		if best < 0 && !withdrawn {
			best, bp, brisk, bname = k, p, rk, name
		}
		if withdrawn && fit && p > pNone && (best < 0 || bp-p < th.Read.Margin) {
			return verdict{outcome: Withdrawn, best: k}
		}
		if best >= 0 && bp-p >= th.Read.Margin {
			break
		}
	}
	if best < 0 || pNone >= bp {
		if best < 0 {
			return verdict{outcome: None, best: -1, why: reasonNoMatch}
		}
		return verdict{outcome: None, best: -1, why: reasonNoneLikelier, name: bname, x: [3]float64{pNone, bp}}
	}
	if _, _, _, barred, _, _ := at(best); barred {
		return verdict{outcome: None, best: -1, why: reasonBarred, name: bname}
	}
	tier := th.tier(brisk)
	// The runner-up, and the summed probability of the best and the
	// candidates within the margin of it: the close ones.
	runner, together, seen := 0.0, bp, false
	for k := best + 1; k < n; k++ {
		p, _, withdrawn, barred, _, _ := at(k)
		if withdrawn || barred {
			continue
		}
		if !seen {
			runner, seen = p, true
		}
		if bp-p >= tier.Margin {
			break
		}
		together += p
	}
	if bp-runner < tier.Margin {
		if together < tier.Probability {
			// Close, and not likely enough together that the turn asks
			// for one of them: no tool fits, rather than one of two.
			return verdict{outcome: None, best: -1, why: reasonCloseUnlikely, x: [3]float64{tier.Margin, together, tier.Probability}}
		}
		return verdict{outcome: Ambiguous, best: best, why: reasonAmbiguous, x: [3]float64{tier.Margin, bp, runner}}
	}
	if bp < tier.Probability {
		return verdict{outcome: None, best: -1, why: reasonUnder, name: bname, x: [3]float64{bp, tier.Probability}}
	}
	return verdict{outcome: Selected, best: best, why: reasonSelected, name: bname, x: [3]float64{bp, bp - runner}}
}

// summaryFeatures are the features a summary names, in its order.
var summaryFeatures = [...]int{fActionSame, fActionAsked, fActionImplied, fActionNoun, fActionNear, fObjectHead, fObjectMore, fNameWord, fArgument, fIDFormat}

// summarised says, by feature, whether summaryFeatures holds it.
var summarised = func() (in [numToolFeatures]bool) {
	for _, k := range summaryFeatures {
		in[k] = true
	}
	return in
}()

// appendSummary appends, in a few words, what matched for a candidate:
// each feature of summaryFeatures it has, with its details, or "the best
// match".
func (r *Router) appendSummary(b []byte, c *cand, f *features, s *scorer) []byte {
	why := &s.why
	why.reset(true)
	tmp := cand{x: &s.again}
	r.toolFeatures(int(c.tool), f, s, &tmp, why)
	start := len(b)
	for _, k := range summaryFeatures {
		if why.has[k] {
			if len(b) > start {
				b = append(b, ", "...)
			}
			b = append(append(append(b, toolFeatureNames[k]...), ' '), why.text[k]...)
		}
	}
	if len(b) == start {
		b = append(b, "the best match"...)
	}
	return b
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

// round3 rounds x to three decimals, half away from zero (-1 stays -1).
func round3(x float64) float64 {
	return math.Round(x*1000) / 1000
}
