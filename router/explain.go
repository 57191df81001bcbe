package router

import (
	"fmt"
	"strings"

	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// Explanation says why a decision came out as it did: the parse, each
// candidate's evidence with its weight, and the policy's reason. The zero
// value is an empty explanation, with no outcome ("").
type Explanation struct {
	Tokens     []tokenize.Token     `json:"tokens"`
	Act        string               `json:"act"`
	Negated    bool                 `json:"negated"`
	Action     string               `json:"action"`
	Object     []string             `json:"object"`
	Arguments  []grammar.Arg        `json:"arguments"`
	Words      []grammar.Word       `json:"words"`
	Read       string               `json:"read"`
	Candidates []ExplainedCandidate `json:"candidates"`
	None       ExplainedNone        `json:"none"`
	Outcome    Outcome              `json:"outcome"`
	Reason     string               `json:"reason"`
	// Bindings, Missing and Check are the decision's: the arguments bound
	// to the selected tool with their offsets, the required arguments
	// missing, and the tool check.
	Bindings []Binding `json:"bindings,omitempty"`
	Missing  []string  `json:"missing,omitempty"`
	Check    *Check    `json:"check,omitempty"`
	// BM25 are the tools the catalogue's Bleve index ranks first for the
	// turn's terms by BM25 alone, beside the policy's ranking.
	BM25 []Hit `json:"bm25,omitempty"`
}

// ExplainedCandidate is a candidate with the arithmetic of its
// probability: each feature's value, weight and contribution to its
// utility; its share of the ranking (the softmax of the utilities of the
// candidates that can be selected); and its probability, the share times
// the probability that some tool fits (one less none's). The zero value
// names no tool, with every number 0 and no features.
type ExplainedCandidate struct {
	Tool        string         `json:"tool"`
	Kind        string         `json:"kind"`
	Score       float64        `json:"score"`
	Utility     float64        `json:"utility"`
	Share       float64        `json:"share"`
	Probability float64        `json:"probability"`
	Barred      bool           `json:"barred,omitempty"`
	Features    []Contribution `json:"features"`
}

// ExplainedNone is the arithmetic of none's probability, the logistic of
// its utility: each feature's value, weight and contribution, none's own
// features, and the top tool's ("top_...", with its utility "top_utility"). The
// zero value has utility and probability 0 and no features.
type ExplainedNone struct {
	Utility     float64        `json:"utility"`
	Probability float64        `json:"probability"`
	Features    []Contribution `json:"features"`
}

// Contribution is one feature's part in a utility: its value times its
// weight. The zero value names no feature and contributes 0.
type Contribution struct {
	Feature      string  `json:"feature"`
	Value        float64 `json:"value"`
	Weight       float64 `json:"weight"`
	Contribution float64 `json:"contribution"`
	// Detail says what matched, where the feature reads a word.
	Detail string `json:"detail,omitempty"`
}

// Explain explains a decision this router made.
func (r *Router) Explain(d Decision) *Explanation {
	x := &Explanation{Outcome: d.Outcome, Reason: d.Reason, Object: []string{}, Bindings: d.Bindings, Missing: d.Missing, Check: d.Check}
	if d.Parse == nil {
		return x
	}
	p := d.Parse
	x.Tokens = p.Tokens
	if hits, err := r.Search(p.Turn, 3); err == nil {
		x.BM25 = hits
	} else {
		x.Reason += " (the Bleve index could not be searched: " + err.Error() + ")"
	}
	x.Read = fmt.Sprintf("%.1f of %d words, %d of %d short words", p.Read, p.Words, p.ShortRead, p.Short)
	c := d.Clause
	if c == nil {
		return x
	}
	x.Act, x.Negated, x.Action = c.Act.String(), c.Negated, c.Action
	x.Object = append(x.Object, c.Objects...)
	x.Arguments, x.Words = c.Args, c.Words
	s := r.scratch.Get().(*scorer)
	defer r.scratch.Put(s)
	cs, fs := r.clauseFeatures(p, s)
	at := 0
	for i := range cs {
		if cs[i].Start == c.Start && cs[i].End == c.End {
			at = i
		}
	}
	r.context(cs, fs, at, s)
	f := &fs[at]
	if x.Action == "" {
		x.Action = f.action
	}
	shown := maxCandidates + 2
	// The evidence details of each shown candidate are read again.
	cands, pNone := r.score(cs[at], f, s, Candidates, nil)
	for k := range cands {
		if len(x.Candidates) == shown {
			break
		}
		ti := &r.tools[cands[k].tool]
		if ti.withdrawn {
			continue
		}
		n := &noter{}
		tmp := cand{x: &toolVec{}}
		r.toolFeatures(int(cands[k].tool), f, s, &tmp, n)
		share := 0.0
		if pNone < 1 {
			share = cands[k].p / (1 - pNone)
		}
		ec := ExplainedCandidate{Tool: ti.tool.Name, Kind: string(ti.tool.Kind), Score: round3(cands[k].x[fBM25]),
			Utility: round3(cands[k].u), Share: round3(share), Probability: round3(cands[k].p), Barred: cands[k].barred}
		for j := range numToolFeatures {
			if v := cands[k].x[j]; v != 0 {
				w := r.model.tool[j]
				detail, _ := n.detail(j)
				ec.Features = append(ec.Features, Contribution{Feature: toolFeatureNames[j], Value: round3(v), Weight: round3(w),
					Contribution: round3(v * w), Detail: detail})
			}
		}
		x.Candidates = append(x.Candidates, ec)
	}
	g := s.rel
	x.None = ExplainedNone{Utility: round3(r.model.noneUtility(&g)), Probability: round3(pNone)}
	for j := range numRelFeatures {
		if v := g[j]; v != 0 {
			w := r.model.none[j]
			x.None.Features = append(x.None.Features, Contribution{Feature: relFeatureNames[j], Value: round3(v), Weight: round3(w), Contribution: round3(v * w)})
		}
	}
	return x
}

// String formats the explanation for a person.
func (x *Explanation) String() string {
	var b strings.Builder
	b.WriteString("tokens:")
	for _, t := range x.Tokens {
		fmt.Fprintf(&b, " %s:%q[%d,%d]", t.Kind, t.Text, t.Start, t.End)
	}
	fmt.Fprintf(&b, "\nread: %s\nact: %s", x.Read, x.Act)
	if x.Negated {
		b.WriteString(" (negated)")
	}
	fmt.Fprintf(&b, "\naction: %s\nobject: %s\n", orDash(x.Action), orDash(strings.Join(x.Object, ", ")))
	b.WriteString("words:")
	for _, w := range x.Words {
		fmt.Fprintf(&b, " %q=%s", w.Text, w.Class)
		if w.Concept != "" {
			fmt.Fprintf(&b, ":%s", w.Concept)
		}
		if w.Fuzzy {
			b.WriteString("~")
		}
	}
	b.WriteString("\n")
	for _, a := range x.Arguments {
		fmt.Fprintf(&b, "argument: %s %q = %s [%d,%d]", a.Kind, a.Text, a.Value, a.Start, a.End)
		if a.Noun != "" {
			fmt.Fprintf(&b, " of %s", a.Noun)
		}
		if a.Counted != "" {
			fmt.Fprintf(&b, ", counting %s", a.Counted)
		}
		b.WriteString("\n")
	}
	b.WriteString("features: value x weight = contribution; a candidate's share is the softmax of the utilities, ")
	b.WriteString("none's probability the logistic of its utility, a candidate's probability its share x (1 - none's)\n")
	for _, c := range x.Candidates {
		fmt.Fprintf(&b, "candidate %s (%s): probability %.3f, share %.3f, utility %.2f, bm25f %.3f", c.Tool, c.Kind, c.Probability, c.Share, c.Utility, c.Score)
		if c.Barred {
			b.WriteString(", barred")
		}
		b.WriteString("\n")
		writeContributions(&b, c.Features)
	}
	fmt.Fprintf(&b, "none: probability %.3f, utility %.2f\n", x.None.Probability, x.None.Utility)
	writeContributions(&b, x.None.Features)
	if len(x.BM25) > 0 {
		b.WriteString("bm25 (Bleve):")
		for _, h := range x.BM25 {
			fmt.Fprintf(&b, " %s %.2f", h.Tool, h.Score)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "outcome: %s\nreason: %s\n", x.Outcome, x.Reason)
	for _, a := range x.Bindings {
		fmt.Fprintf(&b, "bound: %s = %s from %q [%d,%d] by %s\n", a.Param, a.Value, a.Text, a.Start, a.End, a.Rule)
	}
	if len(x.Missing) > 0 {
		fmt.Fprintf(&b, "missing: %s\n", strings.Join(x.Missing, ", "))
	}
	if c := x.Check; c != nil {
		writeCheck(&b, c)
	}
	return b.String()
}

func writeContributions(b *strings.Builder, cs []Contribution) {
	for _, f := range cs {
		fmt.Fprintf(b, "    %-16s %6.3f x %+7.3f = %+7.3f", f.Feature, f.Value, f.Weight, f.Contribution)
		if f.Detail != "" {
			fmt.Fprintf(b, "  (%s)", f.Detail)
		}
		b.WriteString("\n")
	}
}

// writeCheck writes a tool check for a person.
func writeCheck(b *strings.Builder, c *Check) {
	if c.Allowed {
		fmt.Fprintf(b, "check: allowed, ready %t: %s\n", c.Ready, c.Reason)
	} else {
		fmt.Fprintf(b, "check: refused (%s): %s\n", c.Refusal, c.Reason)
	}
	if c.Confirmation != "" {
		fmt.Fprintf(b, "confirm: %s\n", c.Confirmation)
	}
	if k := c.Compensation; k != nil {
		keys := make([]string, 0, len(k.Arguments))
		for name := range k.Arguments {
			keys = append(keys, name)
		}
		sortStrings(keys)
		args := make([]string, len(keys))
		for i, name := range keys {
			args[i] = fmt.Sprintf("%s=%v", name, k.Arguments[name])
		}
		fmt.Fprintf(b, "compensation: %s(%s)\n", k.Tool, strings.Join(args, ", "))
	}
	if k := c.Idempotency; k != nil {
		fmt.Fprintf(b, "idempotency: %s %s = %s\n", k.In, k.Name, k.Value)
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// Summary formats a decision on one line: the outcome, the tool and its
// kind, whether it needs confirming, and the reason; then the following
// clauses.
func Summary(d Decision) string {
	var b strings.Builder
	summaryLine(&b, d)
	for _, t := range d.Then {
		b.WriteString("\n  then: ")
		summaryLine(&b, t)
	}
	return b.String()
}

func summaryLine(b *strings.Builder, d Decision) {
	b.WriteString(string(d.Outcome))
	if d.Tool != "" {
		fmt.Fprintf(b, " %s (%s", d.Tool, d.Kind)
		if d.Confirm {
			b.WriteString(", confirm")
		}
		b.WriteString(")")
	}
	if d.Outcome == Ambiguous {
		names := make([]string, 0, len(d.Candidates))
		for _, c := range d.Candidates {
			names = append(names, c.Tool)
		}
		fmt.Fprintf(b, " [%s]", strings.Join(names, ", "))
	}
	if len(d.Arguments) > 0 {
		keys := make([]string, 0, len(d.Arguments))
		for k := range d.Arguments {
			keys = append(keys, k)
		}
		sortStrings(keys)
		for _, k := range keys {
			fmt.Fprintf(b, " %s=%s", k, d.Arguments[k])
		}
	}
	if len(d.Missing) > 0 {
		fmt.Fprintf(b, " missing=%s", strings.Join(d.Missing, ","))
	}
	if d.Check != nil && !d.Check.Allowed && d.Outcome == Selected {
		fmt.Fprintf(b, " refused=%s", d.Check.Refusal)
	}
	fmt.Fprintf(b, ": %s", d.Reason)
}
