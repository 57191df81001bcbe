package router

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/optimize"
)

// Fitting: the weights of the model are fit by L2-regularised maximum
// likelihood of the conditional logit over labelled turns, each training
// corpus weighing the same however many cases it has; then the thresholds
// of each risk tier are chosen on the same turns for the decision's cost.
// It is deterministic: the same examples give the same weights.

// Costs of the decision, as the bench counts: a wrong selection (a wrong
// tool, or any tool for a turn that asks for none) costs CostWrong; any
// other outcome that is not right (an abstention or an ambiguous answer)
// costs CostAbstain.
const (
	CostWrong   = 3.0
	CostAbstain = 1.0
)

// Example is one labelled turn, read for fitting: its deciding clause's
// candidates with their features, none's features, and which of them are
// right. Make one with Router.Example. The zero Example has no candidates and
// no right answer, and is not reachable: Judge calls it none, and wrong.
type Example struct {
	// Corpus names the training corpus the turn comes from.
	Corpus string
	// Fold is the key cross-validation folds by.
	Fold string

	fixed    Outcome // the outcome decided before the model, or ""
	wantNone bool
	right    []bool // per candidate
	tools    []toolVec
	names    []string
	risks    []risk
	barred   []bool
	fit      []bool
	bm25     []float64
	none     noneVec
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
	c, f := cs[0], &fs[0]
	if _, unread := r.unread(p, c); unread {
		e.fixed = Unread
		return e
	}
	if c.Negated {
		e.fixed = None
		return e
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
		e.tools = append(e.tools, cands[k].x)
		e.names = append(e.names, ti.tool.Name)
		e.risks = append(e.risks, riskOf(ti.tool))
		e.barred = append(e.barred, cands[k].barred)
		e.fit = append(e.fit, cands[k].fit)
		e.bm25 = append(e.bm25, cands[k].x[fBM25])
	}
	return e
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
	if e.fixed != "" {
		return Judged{Outcome: e.fixed, Right: e.wantNone}
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
	return judgeOrder(e, th, ps, pNone, order)
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

// probs are the candidates' probabilities and none's.
func (m *Model) probs(e *Example) ([]float64, float64) {
	us := make([]float64, len(e.tools))
	un := m.noneUtility(&e.none)
	hi := un
	for k := range e.tools {
		us[k] = m.toolUtility(&e.tools[k])
		if !e.barred[k] {
			hi = math.Max(hi, us[k])
		}
	}
	sum := math.Exp(un - hi)
	for k := range us {
		if e.barred[k] {
			us[k] = 0 // no option: never selected
			continue
		}
		us[k] = math.Exp(us[k] - hi)
		sum += us[k]
	}
	for k := range us {
		us[k] /= sum
	}
	return us, math.Exp(un-hi) / sum
}

// FitOptions configure Fit. The zero FitOptions uses DefaultL2 and records no
// corpora.
type FitOptions struct {
	// L2 is the regularisation; DefaultL2 when zero.
	L2 float64
	// Corpora record what the examples were read from.
	Corpora []CorpusRecord
}

// DefaultL2 is the regularisation of the committed weights.
const DefaultL2 = 1e-4

// Fit fits the weights and the thresholds to the examples, from zero
// weights. Examples decided before the model, and those whose right tool
// retrieval did not reach, do not enter the likelihood; every example
// enters the choice of thresholds.
func Fit(examples []Example, opts FitOptions) (*Weights, error) {
	l2 := opts.L2
	if l2 == 0 {
		l2 = DefaultL2
	}
	perCorpus := map[string]int{}
	for i := range examples {
		if !examples[i].Fixed() && examples[i].Reachable() {
			perCorpus[examples[i].Corpus]++
		}
	}
	if len(perCorpus) == 0 {
		return nil, errors.New("fit: no example to fit")
	}
	type item struct {
		e *Example
		w float64
	}
	var items []item
	for i := range examples {
		e := &examples[i]
		if e.Fixed() || !e.Reachable() {
			continue
		}
		items = append(items, item{e, 1 / (float64(perCorpus[e.Corpus]) * float64(len(perCorpus)))})
	}
	nT, nN := int(numToolFeatures), int(numNoneFeatures)
	dim := nT + nN
	loss := func(theta, grad []float64) float64 {
		var m Model
		copy(m.tool[:], theta[:nT])
		copy(m.none[:], theta[nT:])
		if grad != nil {
			for k := range grad {
				grad[k] = 0
			}
		}
		total := 0.0
		for _, it := range items {
			e := it.e
			ps, pNone := m.probs(e)
			pr := 0.0
			if e.wantNone {
				pr = pNone
			}
			for k := range ps {
				if e.right[k] {
					pr += ps[k]
				}
			}
			pr = math.Max(pr, 1e-300)
			total -= it.w * math.Log(pr)
			if grad == nil {
				continue
			}
			// d(-log sum_R p)/du_j = p_j - [j in R] p_j / sum_R p.
			for k := range ps {
				g := ps[k]
				if e.right[k] {
					g -= ps[k] / pr
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
			g := pNone
			if e.wantNone {
				g -= pNone / pr
			}
			g *= it.w
			for f := range nN {
				grad[nT+f] += g * e.none[f]
			}
		}
		for k := range theta {
			if k == nT+nBias || k == fPrior {
				continue // the priors are not shrunk
			}
			total += 0.5 * l2 * theta[k] * theta[k]
			if grad != nil {
				grad[k] += l2 * theta[k]
			}
		}
		return total
	}
	p := optimize.Problem{
		Func: func(x []float64) float64 { return loss(x, nil) },
		Grad: func(grad, x []float64) { loss(x, grad) },
	}
	settings := &optimize.Settings{GradientThreshold: 1e-7, MajorIterations: 2000}
	res, err := optimize.Minimize(p, make([]float64, dim), settings, &optimize.LBFGS{})
	if err != nil && res == nil {
		return nil, fmt.Errorf("fit: %w", err)
	}
	theta := res.X
	w := &Weights{
		Note: "Fitted by route fit (conditional logit over the candidates and none, L2-regularised maximum likelihood); do not edit: run route fit to remake it.",
		Fit:  FitRecord{Corpora: opts.Corpora, L2: l2, Candidates: Candidates, Examples: len(items), Loss: round6(res.F)},
	}
	for k, n := range toolFeatureNames {
		w.Tool = append(w.Tool, Weight{Feature: n, Weight: round6(theta[k])})
	}
	for k, n := range noneFeatureNames {
		w.None = append(w.None, Weight{Feature: n, Weight: round6(theta[nT+k])})
	}
	m, err := NewModel(w)
	if err != nil {
		return nil, err
	}
	w.Thresholds = m.chooseThresholds(examples)
	return w, nil
}

// round6 keeps six significant decimals, so the file does not change with
// the last bits of floating point.
func round6(x float64) float64 {
	if x == 0 {
		return 0
	}
	return math.Round(x*1e6) / 1e6
}

// The grid the thresholds are chosen from. The margin is never under
// 0.05: two tools within it are too close to call, whatever the cost
// says, so true twins are always ambiguous.
var (
	probabilityGrid = grid(0.3, 0.95, 0.05)
	marginGrid      = grid(0.05, 0.5, 0.05)
)

func grid(lo, hi, step float64) []float64 {
	var g []float64
	for k := 0; lo+float64(k)*step <= hi+1e-9; k++ {
		g = append(g, math.Round((lo+float64(k)*step)*100)/100)
	}
	return g
}

// chooseThresholds chooses each tier's threshold and margin for the least
// cost on the examples (each corpus weighing the same), the tiers in
// order: write needs at least read's, destructive at least write's. An
// example counts toward the tier of its likeliest candidate; a tier with
// no example takes the one before. Ties go to the stricter setting.
func (m *Model) chooseThresholds(examples []Example) Thresholds {
	perCorpus := map[string]int{}
	for i := range examples {
		perCorpus[examples[i].Corpus]++
	}
	type pre struct {
		e     *Example
		ps    []float64
		pNone float64
		order []int
		w     float64
	}
	byTier := [3][]pre{}
	for i := range examples {
		e := &examples[i]
		if e.fixed != "" || len(e.tools) == 0 {
			continue // decided whatever the thresholds
		}
		ps, pNone := m.probs(e)
		order := make([]int, len(ps))
		for k := range order {
			order[k] = k
		}
		sort.SliceStable(order, func(a, b int) bool {
			x, y := order[a], order[b]
			if ps[x] != ps[y] {
				return ps[x] > ps[y]
			}
			return e.bm25[x] > e.bm25[y]
		})
		t := e.risks[order[0]]
		byTier[t] = append(byTier[t], pre{e, ps, pNone, order, 1 / float64(perCorpus[e.Corpus])})
	}
	var th Thresholds
	prev := Tier{Probability: probabilityGrid[0], Margin: marginGrid[0]}
	for t := riskRead; t <= riskDestructive; t++ {
		best, bestCost := prev, math.Inf(1)
		if len(byTier[t]) > 0 {
			for _, p := range probabilityGrid {
				if p < prev.Probability {
					continue
				}
				for _, mg := range marginGrid {
					if mg < prev.Margin {
						continue
					}
					tier := Tier{Probability: p, Margin: mg}
					probe := Thresholds{Read: tier, Write: tier, Destructive: tier}
					cost := 0.0
					for _, x := range byTier[t] {
						cost += x.w * judgeOrder(x.e, probe, x.ps, x.pNone, x.order).Cost()
					}
					if cost < bestCost-1e-12 || math.Abs(cost-bestCost) <= 1e-12 && (p > best.Probability || p == best.Probability && mg > best.Margin) {
						best, bestCost = tier, cost
					}
				}
			}
		}
		switch t {
		case riskRead:
			th.Read = best
		case riskWrite:
			th.Write = best
		case riskDestructive:
			th.Destructive = best
		}
		prev = best
	}
	return th
}
