package router

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/stalwart-agents/stalwart/catalogue"
)

// The model is the third stage of Select: a nested (two-level) logit
// over the candidates and an explicit "none".
//
//   - The ranking: each candidate's utility is its features times the
//     tool weights; a softmax over the candidates that can be selected
//     gives each its share of the ranking.
//   - None: none's utility is its features times the none weights, where
//     none's features are its own (how much the best tool explains, the
//     words no tool holds, chit-chat ...), the features of the tool the
//     ranking puts first ("top_..."), and that tool's utility; none reads
//     no feature that compares the top tool with the others (features.go,
//     relVec), only the ranking's own weighing of the tool. The
//     probability of none is the logistic of its utility.
//   - A candidate's probability is its share of the ranking times the
//     probability that some tool fits (one less none's).
//
// Which tool fits and whether any does are two questions with evidence of
// their own: a ranking sharp enough to tell siblings apart need not make
// a turn no tool answers look answered. Both levels are fit by route fit
// (fit.go), the ranking first, and embedded as weights.json.

//go:embed weights.json
var weightsFile []byte

// Weights is the weights file route fit writes: each weight named by its
// feature, the thresholds of the decision, and what it was fit on. The zero
// Weights has no weight for any feature: NewModel refuses it.
type Weights struct {
	// Note says what the file is and how to remake it.
	Note string `json:"note"`
	// Fit records the data and settings of the fit.
	Fit FitRecord `json:"fit"`
	// Tool are the weights of the candidates' features, in feature order:
	// the ranking.
	Tool []Weight `json:"tool"`
	// None are the weights of none's features, in feature order: its own,
	// the top tool's ("top_...") and the ranking's ("rank_...").
	None []Weight `json:"none"`
	// Thresholds turn probabilities into outcomes, per risk tier. The zero
	// Thresholds asks no confidence of any tier: the best tool is selected
	// whenever it is likelier than none and is not withdrawn or barred.
	Thresholds Thresholds `json:"thresholds"`
	// BaselineThreshold is the threshold of the bench's frozen BM25F
	// baseline, chosen on the same training corpora for the same cost.
	BaselineThreshold float64 `json:"baseline_threshold"`
}

// Weight is one feature's weight. The zero value names no feature and weighs
// 0.
type Weight struct {
	// Feature names the feature.
	Feature string `json:"feature"`
	// Weight is what one unit of the feature adds to the utility.
	Weight float64 `json:"weight"`
}

// FitRecord says what a weights file was fit on. The zero value records no
// corpora and no fit.
type FitRecord struct {
	// Corpora are the training corpora, each weighing the same.
	Corpora []CorpusRecord `json:"corpora"`
	// L2 is the regularisation of the likelihood.
	L2 float64 `json:"l2"`
	// ThresholdPrior is what the choice of the thresholds charged per
	// unit of distance from the cost's break-even (ThresholdPrior).
	ThresholdPrior float64 `json:"threshold_prior"`
	// Candidates is how many tools retrieval handed to the model.
	Candidates int `json:"candidates"`
	// Examples counts the turns the ranking's likelihood read.
	Examples int `json:"examples"`
	// Loss is the ranking's regularised mean negative log-likelihood
	// reached.
	Loss float64 `json:"loss"`
	// NoneExamples counts the turns none's likelihood read.
	NoneExamples int `json:"none_examples"`
	// NoneLoss is none's regularised mean negative log-likelihood reached.
	NoneLoss float64 `json:"none_loss"`
	// ThresholdFolds is how many folds the thresholds were chosen out
	// of (FitOptions.Folds), or 0 when they were chosen in sample.
	ThresholdFolds int `json:"threshold_folds,omitempty"`
}

// CorpusRecord is one training corpus: its path as given to route fit,
// the sha256 of its files, and its case count. The zero value names no corpus
// and counts no cases.
type CorpusRecord struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Cases  int    `json:"cases"`
}

// Thresholds are the decision's thresholds per risk tier.
type Thresholds struct {
	Read        Tier `json:"read"`
	Write       Tier `json:"write"`
	Destructive Tier `json:"destructive"`
}

// Tier is the confidence a tier needs: the best tool's probability and its
// lead over the runner-up. The zero Tier asks for no probability and no lead.
type Tier struct {
	Probability float64 `json:"probability"`
	Margin      float64 `json:"margin"`
}

// risk is a tool's risk tier.
type risk uint8

const (
	riskRead risk = iota
	riskWrite
	riskDestructive
)

// riskOf is a tool's tier, from its declarations only: read; write;
// destructive when it declares destructiveHint or irreversible.
func riskOf(t *catalogue.Tool) risk {
	if t.Kind == catalogue.Read {
		return riskRead
	}
	if t.Declarations.Irreversible || t.Annotations.DestructiveHint != nil && *t.Annotations.DestructiveHint {
		return riskDestructive
	}
	return riskWrite
}

func (th *Thresholds) tier(k risk) Tier {
	switch k {
	case riskWrite:
		return th.Write
	case riskDestructive:
		return th.Destructive
	}
	return th.Read
}

// Model is a loaded weights file, ready to score. It is immutable and
// safe for concurrent use. The zero Model has every weight and threshold zero
// and no weights file (Weights returns nil): build one with NewModel,
// ParseWeights, DefaultModel or ZeroModel.
type Model struct {
	tool    toolVec
	none    relVec
	th      Thresholds
	weights *Weights
}

// Weights returns the weights file the model was loaded from.
func (m *Model) Weights() *Weights { return m.weights }

// ParseWeights reads a weights file. Every feature must have a weight and
// every weight a feature: a file fit before the features changed is an
// error that asks for a refit.
func ParseWeights(data []byte) (*Model, error) {
	var w Weights
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("weights: %w", err)
	}
	return NewModel(&w)
}

// NewModel compiles weights into a model.
func NewModel(w *Weights) (*Model, error) {
	m := &Model{th: w.Thresholds, weights: w}
	if err := readWeights(w.Tool, toolFeatureNames[:], m.tool[:]); err != nil {
		return nil, fmt.Errorf("weights: tool features: %w", err)
	}
	if err := readWeights(w.None, relFeatureNames[:], m.none[:]); err != nil {
		return nil, fmt.Errorf("weights: none features: %w", err)
	}
	return m, nil
}

func readWeights(ws []Weight, names []string, dst []float64) error {
	at := map[string]int{}
	for i, n := range names {
		at[n] = i
	}
	seen := map[string]bool{}
	for _, w := range ws {
		i, ok := at[w.Feature]
		if !ok {
			return fmt.Errorf("%q is no feature (refit with route fit)", w.Feature)
		}
		if seen[w.Feature] {
			return fmt.Errorf("%q has two weights", w.Feature)
		}
		if math.IsNaN(w.Weight) || math.IsInf(w.Weight, 0) {
			return fmt.Errorf("%q has weight %v", w.Feature, w.Weight)
		}
		seen[w.Feature] = true
		dst[i] = w.Weight
	}
	var missing []string
	for _, n := range names {
		if !seen[n] {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("no weight for %s (refit with route fit)", strings.Join(missing, ", "))
	}
	return nil
}

var embeddedModel = sync.OnceValues(func() (*Model, error) { return ParseWeights(weightsFile) })

// ZeroModel returns a model whose every weight is zero: what a fit starts
// from. Features read the same under any model, so a fit reads its
// examples through it, and a refit works even when the features have
// changed since the embedded weights were fit.
func ZeroModel() *Model {
	w := &Weights{Thresholds: Thresholds{Read: Tier{Probability: 1, Margin: 1}, Write: Tier{Probability: 1, Margin: 1}, Destructive: Tier{Probability: 1, Margin: 1}}}
	for _, n := range toolFeatureNames {
		w.Tool = append(w.Tool, Weight{Feature: n})
	}
	for _, n := range relFeatureNames {
		w.None = append(w.None, Weight{Feature: n})
	}
	return &Model{th: w.Thresholds, weights: w}
}

// DefaultModel returns the model of the embedded weights file.
func DefaultModel() (*Model, error) { return embeddedModel() }

func (m *Model) toolUtility(x *toolVec) float64 {
	return dot(m.tool[:], x[:])
}

func (m *Model) noneUtility(g *relVec) float64 {
	return dot(m.none[:], g[:])
}

// dot is the dot product of w and x, which have the same length, added up
// in order, eight products to a step of the loop.
func dot(w, x []float64) float64 {
	x = x[:len(w)]
	u := 0.0
	k := 0
	// Written k <= len(w)-8, the bound proves k+7 an index of both, and
	// none is checked.
	for ; k <= len(w)-8; k += 8 {
		u += w[k] * x[k]
		u += w[k+1] * x[k+1]
		u += w[k+2] * x[k+2]
		u += w[k+3] * x[k+3]
		u += w[k+4] * x[k+4]
		u += w[k+5] * x[k+5]
		u += w[k+6] * x[k+6]
		u += w[k+7] * x[k+7]
	}
	if k <= len(w)-4 {
		u += w[k] * x[k]
		u += w[k+1] * x[k+1]
		u += w[k+2] * x[k+2]
		u += w[k+3] * x[k+3]
		k += 4
	}
	for ; k < len(w); k++ {
		u += w[k] * x[k]
	}
	return u
}

// probabilities sets each candidate's utility and probability, fills g
// with none's features as the model weighs them, and returns none's
// probability: the nested logit of the package comment. A barred
// candidate is no option: its probability is 0, and with no other option
// none's is 1.
func (m *Model) probabilities(cands []cand, y *noneVec, g *relVec) float64 {
	hi, top := math.Inf(-1), -1
	for k := range cands {
		c := &cands[k]
		c.u = m.toolUtility(c.x)
		if c.barred {
			continue
		}
		if top < 0 || c.u > hi || c.u == hi && c.x[fBM25] > cands[top].x[fBM25] {
			hi, top = c.u, k
		}
	}
	if top < 0 {
		for k := range cands {
			cands[k].p = 0
		}
		g.fill(y, nil, 0)
		return 1
	}
	sum := 0.0
	for k := range cands {
		if cands[k].barred {
			cands[k].p = 0
			continue
		}
		cands[k].p = math.Exp(cands[k].u - hi)
		sum += cands[k].p
	}
	for k := range cands {
		cands[k].p /= sum
	}
	g.fill(y, cands[top].x, hi)
	pNone := logistic(m.noneUtility(g))
	for k := range cands {
		cands[k].p *= 1 - pNone
	}
	return pNone
}

// fill sets none's features as the model weighs them: y, then of the top
// tool x (none when nil) the features that do not compare it with the
// others, and its utility u, as the ranking weighs it.
func (g *relVec) fill(y *noneVec, x *toolVec, u float64) {
	copy(g[:relTop], y[:])
	if x == nil {
		clear(g[relTop:])
		return
	}
	for _, r := range topRuns { // topFeatures, a run at a time
		copy(g[relTop+r.at:], x[r.from:r.from+r.n])
	}
	g[relRank] = u
	g[relRankSq] = u * u
	g[relUnmetCov] = x[fRequiredUnmet] * x[fCoverage]
	g[relMissCov] = x[fMissingHead] * x[fCoverage]
}

// logistic is 1/(1+exp(-z)).
func logistic(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

// MarshalWeights writes a weights file as route fit does: indented JSON
// and a final newline.
func MarshalWeights(w *Weights) ([]byte, error) {
	data, err := json.MarshalIndent(w, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}
