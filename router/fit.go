package router

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"sync"

	"github.com/stalwart-agents/stalwart/grammar"
	"gonum.org/v1/gonum/optimize"
)

// Fitting: the weights of the model are fit by L2-regularised maximum
// likelihood over labelled turns, each training corpus weighing the same
// however many cases it has, the ranking first and none's weights on top
// of it (see Fit); then the thresholds of each risk tier are chosen on the
// same turns for the decision's cost. It is deterministic: the same
// examples give the same weights.

// Costs of the decision, as the bench counts: a wrong selection (a wrong
// tool, or any tool for a turn that asks for none) costs CostWrong; any
// other outcome that is not right (an abstention or an ambiguous answer)
// costs CostAbstain.
const (
	CostWrong   = 3.0
	CostAbstain = 1.0
)

// Example is one labelled turn, read for fitting: the candidates of the
// clause the fit reads, with their features, none's features, and which
// of them are right. Make one with Router.Example. The zero Example has no
// candidates and no right answer, and is not reachable: Judge calls it
// none, and wrong.
//
// A turn of several clauses is read clause by clause, as Select reads it,
// so that Judge decides it as Select does (Router.decideParse); the fit
// reads the clause that asks for the turn's tool: the first that commands
// or requests and is not negated, or else the first ("this one's solved,
// close it out" asks to close).
type Example struct {
	// Corpus names the training corpus the turn comes from.
	Corpus string
	// Fold is the key cross-validation folds by.
	Fold string

	fixed    Outcome // the outcome decided before the model, or ""
	wantNone bool
	commands bool   // the clause commands or requests
	acts     bool   // the clause commands or requests an action of its own (acts)
	next     bool   // the clause is the step after a command (grammar.Clause.Follows): it never decides
	right    []bool // per candidate
	tools    []toolVec
	names    []string
	risks    []risk
	barred   []bool
	fit      []bool
	bm25     []float64
	none     noneVec
	// clauses are the turn's clauses, in order, when it has several: the
	// Example's own fields are those of clauses[read], the one the fit
	// reads.
	clauses []Example
	read    int
}

// setsScene reports whether the clause e, before clause i of its turn,
// sets the scene of i, as setsScene says of their grammar clauses.
func (e *Example) setsScene(i *Example) bool {
	return scene(e.commands, e.acts, i.acts)
}

// Fixed reports whether the turn was decided before the model (unread or
// negated): such a turn does not enter the likelihood.
func (e *Example) Fixed() bool { return e.fixed != "" }

// Reachable reports whether a right answer is among the candidates: none
// for a turn that asks for none, a right tool otherwise.
func (e *Example) Reachable() bool {
	if e.wantNone {
		return true
	}
	for k, r := range e.right {
		if r && !e.barred[k] {
			return true
		}
	}
	return false
}

// Example reads a labelled turn for fitting: right names the tools that
// are right for it, none when the turn asks for no tool.
func (r *Router) Example(turn string, right []string) Example {
	e := Example{wantNone: len(right) == 0}
	if r == nil || r.gram == nil || len(turn) > MaxTurnBytes {
		e.fixed = Unread
		return e
	}
	p := r.gram.Parse(turn)
	s := r.scratch.Get().(*scorer)
	defer r.scratch.Put(s)
	if len(p.Clauses) == 0 {
		e.fixed = Unread
		return e
	}
	cs, fs := r.clauseFeatures(p, s)
	if len(cs) == 1 {
		r.context(cs, fs, 0, s)
		r.clauseExample(&e, p, cs[0], &fs[0], s, right)
		return e
	}
	e.clauses = make([]Example, len(cs))
	read := -1 // the clause the fit reads
	for i, c := range cs {
		r.context(cs, fs, i, s)
		x := &e.clauses[i]
		x.wantNone = e.wantNone
		r.clauseExample(x, p, c, &fs[i], s, right)
		x.next = i > 0 && nextStep(cs[i], cs[i-1])
		if x.commands && !c.Negated && (read < 0 || setsScene(cs, read, i)) {
			read = i
		}
	}
	read = max(read, 0)
	clauses := e.clauses
	e = clauses[read]
	e.clauses, e.read = clauses, read
	return e
}

// clauseExample reads clause c of parse p into e, as Select decides a
// clause (Router.decide): unread, negated, or its candidates.
func (r *Router) clauseExample(e *Example, p *grammar.Parse, c *grammar.Clause, f *features, s *scorer, right []string) {
	e.commands, e.acts = commands(c), acts(c)
	if _, unread := r.unread(p, c); unread {
		e.fixed = Unread
		return
	}
	if c.Negated {
		e.fixed = None
		return
	}
	cands, _ := r.score(c, f, s, Candidates, nil)
	e.none = s.none
	for k := range cands {
		ti := &r.tools[cands[k].tool]
		ok := false
		for _, n := range right {
			ok = ok || n == ti.tool.Name
		}
		e.right = append(e.right, ok)
		e.tools = append(e.tools, *cands[k].x)
		e.names = append(e.names, ti.tool.Name)
		e.risks = append(e.risks, riskOf(ti.tool))
		e.barred = append(e.barred, cands[k].barred)
		e.fit = append(e.fit, cands[k].fit)
		e.bm25 = append(e.bm25, cands[k].x[fBM25])
	}
}

// Judged is what a model decides for an example. The zero value has no
// outcome ("") and no tool, and is not right.
type Judged struct {
	// Outcome is the decision's outcome.
	Outcome Outcome
	// Tool is the selected tool, or "".
	Tool string
	// Right is whether the decision is right, as the bench counts.
	Right bool
	// Deferred is an ambiguous decision with a right tool among the
	// close candidates.
	Deferred bool
	// Rank is the place of the first right tool among the candidates by
	// probability (1 is first), or 0 when none is there.
	Rank int
	// Probability is the selected tool's probability.
	Probability float64
}

// Judge decides an example with the model, as Select would.
func (m *Model) Judge(e *Example) Judged {
	return m.judge(e, m.th)
}

func (m *Model) judge(e *Example, th Thresholds) Judged {
	x := m.scored(e)
	return x.judge(th)
}

// scored is an example with its probabilities under a model, clause by
// clause: what judging it at any thresholds needs.
type scored struct {
	e       *Example
	ps      []float64
	pNone   float64
	order   []int    // the candidates by probability, then BM25F
	clauses []scored // beside e.clauses
}

// scored scores e, and each of its clauses.
func (m *Model) scored(e *Example) scored {
	x := scored{e: e}
	if len(e.clauses) > 0 {
		x.clauses = make([]scored, len(e.clauses))
		for i := range e.clauses {
			x.clauses[i] = m.scored(&e.clauses[i])
		}
		return x
	}
	if e.fixed != "" {
		return x
	}
	ps, pNone := m.probs(e)
	order := make([]int, len(ps))
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if ps[a] != ps[b] {
			return ps[a] > ps[b]
		}
		return e.bm25[a] > e.bm25[b]
	})
	x.ps, x.pNone, x.order = ps, pNone, order
	return x
}

// judge decides the example at th as Select would. A turn of several
// clauses is decided as Router.decideParse decides it: by the first
// clause that asks for something (selected, ambiguous or withdrawn) and is
// no step after a command, and among those the first that commands or
// requests, past one that only sets its scene (setsScene); by the first
// clause when none asks or the first is unread.
func (x *scored) judge(th Thresholds) Judged {
	e := x.e
	if len(x.clauses) == 0 {
		if e.fixed != "" {
			return Judged{Outcome: e.fixed, Right: e.wantNone}
		}
		return judgeOrder(e, th, x.ps, x.pNone, x.order)
	}
	lead, first := -1, Judged{}
	var led Judged
	for i := range x.clauses {
		j := x.clauses[i].judge(th)
		if i == 0 {
			first = j
		}
		asks := (j.Outcome == Selected || j.Outcome == Ambiguous || j.Outcome == Withdrawn) && !e.clauses[i].next
		if asks && (lead < 0 || e.clauses[lead].setsScene(&e.clauses[i]) && e.clauses[i].commands) {
			lead, led = i, j
		}
	}
	if lead <= 0 || first.Outcome == Unread {
		return first
	}
	return led
}

func judgeOrder(e *Example, th Thresholds, ps []float64, pNone float64, order []int) Judged {
	v := th.judgeWith(len(order), func(k int) (float64, risk, bool, bool, bool, string) {
		i := order[k]
		return ps[i], e.risks[i], false, e.barred[i], e.fit[i], e.names[i]
	}, pNone)
	j := Judged{Outcome: v.outcome}
	for k, i := range order {
		if e.right[i] {
			j.Rank = k + 1
			break
		}
	}
	switch v.outcome {
	case Selected:
		i := order[v.best]
		j.Tool, j.Probability = e.names[i], ps[i]
		j.Right = e.right[i]
	case None, Unread:
		j.Right = e.wantNone
	case Ambiguous:
		for k := v.best; k < len(order) && ps[order[v.best]]-ps[order[k]] < th.tier(e.risks[order[v.best]]).Margin; k++ {
			j.Deferred = j.Deferred || e.right[order[k]]
		}
	}
	return j
}

// minLikelihood is the least probability LogLoss reads: a right answer
// the model gives no chance costs -log(minLikelihood), not infinity.
const minLikelihood = 1e-4

// LogLoss is the negative log of the probability the model gives the
// right answer of the clause the fit reads: the right tools' summed
// probability, or none's for a turn that asks for no tool or whose tool
// is not among the candidates (then none is the best answer there is). It
// reports false for a turn decided before the model. Unlike the cost, it
// reads every probability, not only which side of a threshold it falls:
// a change that makes the model surer of right answers lowers it before
// any decision changes.
func (m *Model) LogLoss(e *Example) (float64, bool) {
	if len(e.clauses) > 0 {
		e = &e.clauses[e.read]
	}
	if e.fixed != "" {
		return 0, false
	}
	ps, pNone := m.probs(e)
	p, some, reached := 0.0, false, false
	for k := range ps {
		some = some || !e.barred[k]
		if e.right[k] {
			p += ps[k]
			reached = true
		}
	}
	switch {
	case !some:
		p = 1 // no candidate can be selected: none is certain
		if reached && !e.wantNone {
			p = 0
		}
	case e.wantNone || !reached:
		p = pNone
	}
	return -math.Log(math.Max(p, minLikelihood)), true
}

// Cost is what a judged example costs: 0 when right, CostWrong for a
// wrong selection, CostAbstain otherwise.
func (j Judged) Cost() float64 {
	switch {
	case j.Right:
		return 0
	case j.Outcome == Selected:
		return CostWrong
	}
	return CostAbstain
}

// probs are the candidates' probabilities and none's, as Select makes
// them (Model.probabilities).
func (m *Model) probs(e *Example) ([]float64, float64) {
	ps := make([]float64, len(e.tools))
	_, pNone := m.nest(e, ps, nil)
	return ps, pNone
}

// nest sets ps to the candidates' probabilities, g (when not nil) to
// none's features as the model weighs them, and returns whether some
// candidate can be selected, and none's probability.
func (m *Model) nest(e *Example, ps []float64, g *relVec) (bool, float64) {
	var room [Candidates]cand
	cands := room[:0]
	if len(e.tools) > len(room) {
		cands = make([]cand, 0, len(e.tools))
	}
	for k := range e.tools {
		cands = append(cands, cand{x: &e.tools[k], barred: e.barred[k]})
	}
	var own relVec
	if g == nil {
		g = &own
	}
	pNone := m.probabilities(cands, &e.none, g)
	some := false
	for k := range cands {
		ps[k] = cands[k].p
		some = some || !cands[k].barred
	}
	return some, pNone
}

// FitOptions configure Fit. The zero FitOptions uses DefaultL2 and records no
// corpora.
type FitOptions struct {
	// L2 is the regularisation; DefaultL2 when zero.
	L2 float64
	// Corpora record what the examples were read from.
	Corpora []CorpusRecord
	// Folds, beside the examples, is each one's fold (0 to k-1). When
	// set, the thresholds are chosen on out-of-fold probabilities: each
	// fold's examples decided by weights fit without them, as Select
	// meets turns the fit never read. Unset, or when leaving a fold out
	// leaves no example to fit (a corpus of a turn or two), they are
	// chosen on the weights fit on every example.
	Folds []int
}

// DefaultL2 is the regularisation of the committed weights: of 2.5e-5,
// 5e-5, 7e-5, 1e-4 and 2e-4, the one whose cross-validated cost was lowest under
// three assignments of the folds (README, "How it decides").
const DefaultL2 = 5e-5

// Fit fits the weights and the thresholds to the examples, from zero
// weights, in three steps, each training corpus weighing the same
// however many cases it has:
//
//  1. The ranking: the tool weights maximise the likelihood of the right
//     tool among the candidates that can be selected, over the turns that
//     ask for a tool retrieval reached.
//  2. None: with the ranking fixed, the none weights maximise the
//     likelihood of whether some candidate is right, over every turn with
//     a candidate that can be selected (a turn that asks for no tool, and
//     one whose tool retrieval did not reach, are none's). The features
//     are centred and scaled for the fit, and the weights written for the
//     raw features.
//  3. The thresholds of each risk tier, for the decision's cost, over
//     every example: out of fold when opts.Folds is set (each fold's
//     examples decided by weights fit in steps 1 and 2 without them),
//     else in sample. A model's probabilities are surer on the turns it
//     was fit on than on new ones, so thresholds chosen in sample sit
//     where the cost is flat and move with any change to the evidence;
//     out of fold, the cost has a clear least.
//
// Both likelihoods are L2-regularised (not the bias of none) and
// maximised by L-BFGS from zero: the same examples give the same weights.
// Examples decided before the model enter neither likelihood.
func Fit(examples []Example, opts FitOptions) (*Weights, error) {
	if opts.Folds != nil && len(opts.Folds) != len(examples) {
		return nil, fmt.Errorf("fit: %d folds for %d examples", len(opts.Folds), len(examples))
	}
	w, err := fitWeights(examples, opts)
	if err != nil {
		return nil, err
	}
	rounded, err := NewModel(w)
	if err != nil {
		return nil, err
	}
	inSample := func() (*Weights, error) {
		w.Thresholds = chooseThresholds(examples, func(int) *Model { return rounded })
		return w, nil
	}
	if opts.Folds == nil {
		return inSample()
	}
	models, err := foldModels(examples, opts)
	if errors.Is(err, errNoExample) {
		// Too few examples to leave a fold out (a corpus of a turn or
		// two): the thresholds are chosen in sample, and the record says
		// so (ThresholdFolds 0).
		return inSample()
	}
	if err != nil {
		return nil, err
	}
	w.Thresholds = chooseThresholds(examples, func(i int) *Model { return models[opts.Folds[i]] })
	w.Fit.ThresholdFolds = len(models)
	return w, nil
}

// foldModels fits steps 1 and 2 once per fold that has examples, without
// them, two folds at a time; models[k] is fold k's (nil for a fold with
// none). A fold the others leave no example to fit is an error
// (errNoExample).
func foldModels(examples []Example, opts FitOptions) ([]*Model, error) {
	k := slices.Max(opts.Folds) + 1
	models := make([]*Model, k)
	errs := make([]error, k)
	held := make([]bool, k)
	for _, f := range opts.Folds {
		if f < 0 {
			return nil, fmt.Errorf("fit: fold %d", f)
		}
		held[f] = true
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for f := range k {
		if !held[f] {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			var train []Example
			for i := range examples {
				if opts.Folds[i] != f {
					train = append(train, examples[i])
				}
			}
			w, err := fitWeights(train, FitOptions{L2: opts.L2})
			if err == nil {
				models[f], err = NewModel(w)
			}
			if err != nil {
				errs[f] = fmt.Errorf("fold %d: %w", f, err)
			}
		}()
	}
	wg.Wait()
	return models, errors.Join(errs...)
}

// errNoExample is the error of a fit with no example to fit.
var errNoExample = errors.New("fit: no example to fit")

// fitWeights fits steps 1 and 2: the weights, with no thresholds.
func fitWeights(examples []Example, opts FitOptions) (*Weights, error) {
	l2 := opts.L2
	if l2 == 0 {
		l2 = DefaultL2
	}
	var rank, none []fitItem
	for i := range examples {
		e := &examples[i]
		if e.Fixed() {
			continue
		}
		if !e.wantNone && e.Reachable() {
			rank = append(rank, fitItem{e: e})
		}
		for k := range e.barred {
			if !e.barred[k] {
				none = append(none, fitItem{e: e})
				break
			}
		}
	}
	if len(rank) == 0 {
		return nil, errNoExample
	}
	weighCorpora(rank)
	weighCorpora(none)
	tool, rankLoss, err := fitRanking(rank, l2)
	if err != nil {
		return nil, err
	}
	m := &Model{tool: tool}
	noneW, noneLoss, err := fitNone(m, none, l2)
	if err != nil {
		return nil, err
	}
	m.none = noneW
	w := &Weights{
		Note: "Fitted by route fit (nested logit: a ranking of the candidates, and none; L2-regularised maximum likelihood); do not edit: run route fit to remake it.",
		Fit: FitRecord{Corpora: opts.Corpora, L2: l2, ThresholdPrior: ThresholdPrior, Candidates: Candidates, Examples: len(rank), Loss: round6(rankLoss),
			NoneExamples: len(none), NoneLoss: round6(noneLoss)},
	}
	for k, n := range toolFeatureNames {
		w.Tool = append(w.Tool, Weight{Feature: n, Weight: round6(m.tool[k])})
	}
	for k, n := range relFeatureNames {
		w.None = append(w.None, Weight{Feature: n, Weight: round6(m.none[k])})
	}
	return w, nil
}

// fitItem is one example in a likelihood, with its weight.
type fitItem struct {
	e *Example
	w float64
}

// weighCorpora weighs the items so that each corpus weighs the same and
// the weights sum to 1.
func weighCorpora(items []fitItem) {
	per := map[string]int{}
	for _, it := range items {
		per[it.e.Corpus]++
	}
	for k := range items {
		items[k].w = 1 / (float64(per[items[k].e.Corpus]) * float64(len(per)))
	}
}

// minimize minimises a loss with its gradient from zero by L-BFGS.
func minimize(dim int, loss func(theta, grad []float64) float64) ([]float64, float64, error) {
	p := optimize.Problem{
		Func: func(x []float64) float64 { return loss(x, nil) },
		Grad: func(grad, x []float64) { loss(x, grad) },
	}
	settings := &optimize.Settings{GradientThreshold: 1e-7, MajorIterations: 2000}
	res, err := optimize.Minimize(p, make([]float64, dim), settings, &optimize.LBFGS{})
	if err != nil && res == nil {
		return nil, 0, fmt.Errorf("fit: %w", err)
	}
	return res.X, res.F, nil
}

// fitRanking fits the tool weights: the softmax over each example's
// candidates that can be selected, the likelihood that of its right tools.
func fitRanking(items []fitItem, l2 float64) (toolVec, float64, error) {
	nT := int(numToolFeatures)
	us := make([]float64, 0, Candidates)
	loss := func(theta, grad []float64) float64 {
		if grad != nil {
			clear(grad)
		}
		total := 0.0
		for _, it := range items {
			e := it.e
			us = us[:0]
			hi := math.Inf(-1)
			for k := range e.tools {
				u := 0.0
				if !e.barred[k] {
					x := &e.tools[k]
					for f := range nT {
						u += theta[f] * x[f]
					}
					hi = math.Max(hi, u)
				}
				us = append(us, u)
			}
			sum, right := 0.0, 0.0
			for k := range us {
				if e.barred[k] {
					us[k] = 0
					continue
				}
				us[k] = math.Exp(us[k] - hi)
				sum += us[k]
				if e.right[k] {
					right += us[k]
				}
			}
			pr := math.Max(right/sum, 1e-300)
			total -= it.w * math.Log(pr)
			if grad == nil {
				continue
			}
			// d(-log sum_R p)/du_j = p_j - [j in R] p_j / sum_R p.
			for k := range us {
				if e.barred[k] {
					continue
				}
				p := us[k] / sum
				g := p
				if e.right[k] {
					g -= p / pr
				}
				g *= it.w
				if g == 0 {
					continue
				}
				x := &e.tools[k]
				for f := range nT {
					if x[f] != 0 {
						grad[f] += g * x[f]
					}
				}
			}
		}
		for k := range theta {
			total += 0.5 * l2 * theta[k] * theta[k]
			if grad != nil {
				grad[k] += l2 * theta[k]
			}
		}
		return total
	}
	theta, f, err := minimize(nT, loss)
	if err != nil {
		return toolVec{}, 0, err
	}
	var w toolVec
	copy(w[:], theta)
	return w, f, nil
}

// fitNone fits the none weights under the ranking of m: a logistic
// regression of whether none is right (the turn asks for no tool, or for
// one retrieval did not reach) on none's features, centred and scaled.
func fitNone(m *Model, items []fitItem, l2 float64) (relVec, float64, error) {
	n := int(numRelFeatures)
	gs := make([]relVec, len(items))
	ts := make([]float64, len(items))
	ps := make([]float64, 0, Candidates)
	for i, it := range items {
		ps = ps[:cap(ps)]
		if len(it.e.tools) > len(ps) {
			ps = make([]float64, len(it.e.tools))
		}
		m.nest(it.e, ps[:len(it.e.tools)], &gs[i])
		if it.e.wantNone || !it.e.Reachable() {
			ts[i] = 1
		}
	}
	// Centre and scale each feature (not the bias), so that one
	// regularisation suits features of every range.
	var mu, sd relVec
	for i := range gs {
		for k := range n {
			mu[k] += gs[i][k]
		}
	}
	for k := range n {
		mu[k] /= float64(len(gs))
	}
	for i := range gs {
		for k := range n {
			d := gs[i][k] - mu[k]
			sd[k] += d * d
		}
	}
	for k := range n {
		sd[k] = math.Sqrt(sd[k] / float64(len(gs)))
		if sd[k] < 1e-9 || k == nBias {
			mu[k], sd[k] = 0, 1
			if k != nBias {
				mu[k] = gs[0][k] // a constant: centred to 0, it weighs nothing
			}
		}
	}
	zs := make([]relVec, len(gs))
	for i := range gs {
		for k := range n {
			zs[i][k] = (gs[i][k] - mu[k]) / sd[k]
		}
	}
	loss := func(theta, grad []float64) float64 {
		if grad != nil {
			clear(grad)
		}
		total := 0.0
		for i, it := range items {
			z := &zs[i]
			u := 0.0
			for k := range n {
				u += theta[k] * z[k]
			}
			// -log p(t) for p(none) = logistic(u).
			if ts[i] == 1 {
				total += it.w * softplus(-u)
			} else {
				total += it.w * softplus(u)
			}
			if grad != nil {
				g := it.w * (logistic(u) - ts[i])
				for k := range n {
					if z[k] != 0 {
						grad[k] += g * z[k]
					}
				}
			}
		}
		for k := range theta {
			if k == nBias {
				continue
			}
			total += 0.5 * l2 * theta[k] * theta[k]
			if grad != nil {
				grad[k] += l2 * theta[k]
			}
		}
		return total
	}
	theta, f, err := minimize(n, loss)
	if err != nil {
		return relVec{}, 0, err
	}
	// The weights of the raw features: u = sum theta_k (g_k - mu_k)/sd_k.
	var w relVec
	for k := range n {
		if k == nBias {
			continue
		}
		w[k] = theta[k] / sd[k]
		w[nBias] -= w[k] * mu[k]
	}
	w[nBias] += theta[nBias]
	return w, f, nil
}

// softplus is log(1 + exp(x)).
func softplus(x float64) float64 {
	if x > 0 {
		return x + math.Log1p(math.Exp(-x))
	}
	return math.Log1p(math.Exp(x))
}

// round6 keeps six significant decimals, so the file does not change with
// the last bits of floating point.
func round6(x float64) float64 {
	if x == 0 {
		return 0
	}
	return math.Round(x*1e6) / 1e6
}

// The grid the thresholds are chosen from: probabilities by 0.05, and
// the cost's break-even probability (withBreakEven). The margin is never
// under 0.05: two tools within it are too close to call, whatever the cost
// says, so true twins are always ambiguous. Nor is it over 0.15: a
// margin says when two tools are too close to call, and a larger one asks
// for confidence the probability threshold already asks; with it the
// cost has a ridge of settings nearly level in sample (a low probability
// with a large margin, a higher one with a small), and out of fold the
// ridge's low end errs more.
var (
	probabilityGrid = withBreakEven(grid(0.3, 0.95, 0.05))
	marginGrid      = grid(0.05, 0.15, 0.05)
)

// withBreakEven adds to a grid of probabilities the cost's break-even
// probability, 1 - CostAbstain/CostWrong (2/3): the probability of being
// right above which a selection costs less than an abstention, where the
// turn surely asks for some tool. A calibrated model's least cost lies
// near it, between two steps of the grid, where the cost is nearly level;
// without it a small change to the evidence moved the thresholds a whole
// step, 0.65 to 0.70 and back.
func withBreakEven(g []float64) []float64 {
	p := math.Round((1-CostAbstain/CostWrong)*100) / 100
	k, found := slices.BinarySearch(g, p)
	if found {
		return g
	}
	return slices.Insert(g, k, p)
}

func grid(lo, hi, step float64) []float64 {
	var g []float64
	for k := 0; lo+float64(k)*step <= hi+1e-9; k++ {
		g = append(g, math.Round((lo+float64(k)*step)*100)/100)
	}
	return g
}

// tier is the risk tier an example counts toward when thresholds are
// chosen: that of the likeliest candidate of the clause the fit reads, or
// else of the first clause with one; false when no clause has a candidate to
// decide (the example is decided whatever the thresholds).
func (x *scored) tier() (risk, bool) {
	if len(x.order) > 0 {
		return x.e.risks[x.order[0]], true
	}
	if len(x.clauses) > 0 {
		if t, ok := x.clauses[x.e.read].tier(); ok {
			return t, true
		}
	}
	for i := range x.clauses {
		if t, ok := x.clauses[i].tier(); ok {
			return t, true
		}
	}
	return 0, false
}

// ThresholdPrior is what chooseThresholds charges a setting per unit of
// distance of each tier's probability from the cost's break-even, 2/3,
// in the units of the summed cost (each corpus's mean cost, summed): a
// prior that the model is calibrated, as a calibrated model's least cost
// lies there. A step of the grid (0.05) is charged 0.05, what five
// abstentions of bfcl_multiple's 106 turns weigh: each of its turns
// weighs as much as 140 of CLINC150's, and the summed cost is nearly
// level near its least, so with weaker charges the thresholds still moved
// by steps with a few turns of the small corpora. In fold-only runs at
// 0.1 and at 0.3 a unit, one fold of five chose 0.55 as the evidence
// changed, and the thresholds the folds chose cost more out of fold
// (0.3490 and 0.3466) than one fixed 0.65 (0.3409 and 0.3397); at 1.0
// every fold chooses 0.65 or 0.67 and costs 0.3405. The margins are
// chosen uncharged.
const ThresholdPrior = 1.0

// chooseThresholds chooses each tier's threshold and margin for the least
// cost on the examples (each corpus weighing the same), the three tiers
// together: of every setting where write asks at least read's probability
// and margin and destructive at least write's, the one whose summed cost,
// with ThresholdPrior's charge, is least. An example counts toward the
// tier of its likeliest candidate; a tier with no example takes the one
// before (read, with none, write's). Ties go to the stricter setting,
// read's first.
func chooseThresholds(examples []Example, modelOf func(i int) *Model) Thresholds {
	perCorpus := map[string]int{}
	for i := range examples {
		perCorpus[examples[i].Corpus]++
	}
	type pre struct {
		x scored
		w float64
	}
	byTier := [3][]pre{}
	for i := range examples {
		e := &examples[i]
		x := modelOf(i).scored(e)
		t, ok := x.tier()
		if !ok {
			continue // decided whatever the thresholds
		}
		byTier[t] = append(byTier[t], pre{x, 1 / float64(perCorpus[e.Corpus])})
	}
	// Each tier's cost at every setting of the grid.
	var settings []Tier
	for _, p := range probabilityGrid {
		for _, mg := range marginGrid {
			settings = append(settings, Tier{Probability: p, Margin: mg})
		}
	}
	var cost [3][]float64
	for t := range cost {
		cost[t] = make([]float64, len(settings))
		for k, tier := range settings {
			probe := Thresholds{Read: tier, Write: tier, Destructive: tier}
			for _, x := range byTier[t] {
				cost[t][k] += x.w * x.x.judge(probe).Cost()
			}
		}
	}
	atLeast := func(a, b Tier) bool { return a.Probability >= b.Probability && a.Margin >= b.Margin }
	stricter := func(a, b Tier) bool {
		return a.Probability > b.Probability || a.Probability == b.Probability && a.Margin > b.Margin
	}
	var best [3]int
	bestCost := math.Inf(1)
	be := 1 - CostAbstain/CostWrong
	for r := range settings {
		for w := range settings {
			if !atLeast(settings[w], settings[r]) || len(byTier[riskWrite]) == 0 && w != r || len(byTier[riskRead]) == 0 && r != w {
				continue
			}
			for d := range settings {
				if !atLeast(settings[d], settings[w]) || len(byTier[riskDestructive]) == 0 && d != w {
					continue
				}
				c := cost[0][r] + cost[1][w] + cost[2][d] +
					ThresholdPrior*(math.Abs(settings[r].Probability-be)+math.Abs(settings[w].Probability-be)+math.Abs(settings[d].Probability-be))
				better := c < bestCost-1e-12
				if !better && math.Abs(c-bestCost) <= 1e-12 {
					// A tie: the stricter setting, read's first.
					switch {
					case r != best[0]:
						better = stricter(settings[r], settings[best[0]])
					case w != best[1]:
						better = stricter(settings[w], settings[best[1]])
					default:
						better = stricter(settings[d], settings[best[2]])
					}
				}
				if better {
					best, bestCost = [3]int{r, w, d}, c
				}
			}
		}
	}
	return Thresholds{Read: settings[best[0]], Write: settings[best[1]], Destructive: settings[best[2]]}
}
