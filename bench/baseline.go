package bench

import (
	"encoding/json"
	"math"
	"sort"
	"strings"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// The baseline is frozen: a plain BM25F that fits in a hundred lines, the
// yardstick every figure of the router is read against. It never changes
// with the router's analysis.
//
//   - Fields: the name's words (weight 2), the description (1), and the
//     parameters' names, descriptions and enum values (0.4).
//   - BM25F with k1 1.2 and b 0.75, idf over the catalogue's tools.
//   - Terms: the language's Snowball stems of the words, less a fixed stop
//     list of articles, pronouns, auxiliaries and request words (never
//     particles such as on, off, up, down, in, out, and never negations).
//   - The top hit wins (ties to catalogue order); it abstains when its
//     score relative to the turn's own idf mass is under one threshold,
//     chosen on the training corpora for the decision's cost and recorded
//     in the weights file.

var baselineWeights = [3]float64{2, 1, 0.4}

const (
	baselineK1 = 1.2
	baselineB  = 0.75
)

// baselineStop is the baseline's fixed stop list, English and pt-BR.
var baselineStop = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`
a an the this that these those some any
i me my mine you your yours he him his she her hers it its we us our ours they them their theirs
myself yourself itself ourselves themselves
am is are was were be been being do does did doing have has had having
will would shall should can could may might must
please kindly want wanted need needed like would let lets let's tell show give
o a os as um uma uns umas este esta estes estas esse essa esses essas aquele aquela isso isto
eu me mim meu minha meus minhas voce voces tu te teu tua ele ela eles elas seu sua seus suas nos nosso nossa lhe
sou e sao era eram foi foram ser estar esta estao estou tem tenho temos ter havia ha
vai vou pode poderia podes quero queria gostaria preciso favor por-favor
`) {
		baselineStop[w] = true
	}
}

// baseline is the frozen BM25F over one catalogue in one language.
type baseline struct {
	tools    []string
	postings map[string][]bposting
	idf      map[string]float64
	unseen   float64
	tk       *tokenize.Tokenizer
	stem     *tokenize.Stemmer
}

type bposting struct {
	tool  int
	score float64
}

// baselineTerms are the stems of a text's words, less the stop list.
func baselineTerms(tk *tokenize.Tokenizer, stem *tokenize.Stemmer, text string) []string {
	var out []string
	for _, t := range tk.Tokenize(text) {
		if t.Kind != tokenize.Word && t.Kind != tokenize.Identifier {
			continue
		}
		for _, w := range tokenize.SplitName(t.Norm) {
			if baselineStop[w] || w == "" {
				continue
			}
			out = append(out, stem.Stem(w))
		}
	}
	return out
}

func newBaseline(cat *catalogue.Catalogue, lang tokenize.Language) (*baseline, error) {
	tk, err := tokenize.New(lang)
	if err != nil {
		return nil, err
	}
	st, err := tokenize.NewStemmer(lang)
	if err != nil {
		return nil, err
	}
	b := &baseline{postings: map[string][]bposting{}, idf: map[string]float64{}, tk: tk, stem: st}
	n := len(cat.Tools)
	fields := make([][3][]string, n)
	var avg [3]float64
	df := map[string]int{}
	for i := range cat.Tools {
		t := &cat.Tools[i]
		b.tools = append(b.tools, t.Name)
		fields[i][0] = baselineTerms(tk, st, strings.Join(tokenize.SplitName(t.Name), " "))
		fields[i][1] = baselineTerms(tk, st, t.Description)
		fields[i][2] = baselineTerms(tk, st, paramText(t))
		seen := map[string]bool{}
		for f := range 3 {
			avg[f] += float64(len(fields[i][f]))
			for _, term := range fields[i][f] {
				if !seen[term] {
					seen[term] = true
					df[term]++
				}
			}
		}
	}
	for f := range 3 {
		if n > 0 {
			avg[f] /= float64(n)
		}
		if avg[f] == 0 {
			avg[f] = 1
		}
	}
	idf := func(d int) float64 { return math.Log(1 + (float64(n)-float64(d)+0.5)/(float64(d)+0.5)) }
	b.unseen = idf(0)
	for term, d := range df {
		b.idf[term] = idf(d)
	}
	for i := range fields {
		tf := [3]map[string]int{{}, {}, {}}
		var terms []string
		for f := range 3 {
			for _, term := range fields[i][f] {
				if tf[0][term]+tf[1][term]+tf[2][term] == 0 {
					terms = append(terms, term)
				}
				tf[f][term]++
			}
		}
		for _, term := range terms {
			x := 0.0
			for f := range 3 {
				if c := tf[f][term]; c > 0 {
					x += baselineWeights[f] * float64(c) / (1 - baselineB + baselineB*float64(len(fields[i][f]))/avg[f])
				}
			}
			b.postings[term] = append(b.postings[term], bposting{tool: i, score: b.idf[term] * x / (baselineK1 + x)})
		}
	}
	return b, nil
}

// paramText is the text of a tool's parameters: names, descriptions and
// enum values of the top-level properties.
func paramText(t *catalogue.Tool) string {
	var s struct {
		Properties map[string]struct {
			Description string `json:"description"`
			Enum        []any  `json:"enum"`
		} `json:"properties"`
	}
	if len(t.InputSchema) == 0 || json.Unmarshal(t.InputSchema, &s) != nil {
		return ""
	}
	names := make([]string, 0, len(s.Properties))
	for n := range s.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		p := s.Properties[n]
		b.WriteString(strings.Join(tokenize.SplitName(n), " "))
		b.WriteString(". ")
		b.WriteString(p.Description)
		b.WriteString(". ")
		for _, e := range p.Enum {
			if str, ok := e.(string); ok {
				b.WriteString(str)
				b.WriteString(" ")
			}
		}
	}
	return b.String()
}

// ranked is the baseline's ranking of a turn: tools best first, with the
// best's score relative to the turn's idf mass.
func (b *baseline) ranked(turn string) ([]string, float64) {
	terms := baselineTerms(b.tk, b.stem, turn)
	seen := map[string]bool{}
	scores := map[int]float64{}
	mass := 0.0
	for _, t := range terms {
		if seen[t] {
			continue
		}
		seen[t] = true
		if w, ok := b.idf[t]; ok {
			mass += w
		} else {
			mass += b.unseen
		}
		for _, p := range b.postings[t] {
			scores[p.tool] += p.score
		}
	}
	order := make([]int, 0, len(scores))
	for i := range scores {
		order = append(order, i)
	}
	sort.Slice(order, func(x, y int) bool {
		a, c := order[x], order[y]
		if scores[a] != scores[c] {
			return scores[a] > scores[c]
		}
		return a < c
	})
	names := make([]string, len(order))
	for k, i := range order {
		names[k] = b.tools[i]
	}
	if len(order) == 0 || mass == 0 {
		return names, 0
	}
	return names, scores[order[0]] / mass
}
