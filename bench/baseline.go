package bench

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// baseline is a plain Bleve BM25 index over each tool's name and
// description with Bleve's stock English analyzer: the top hit wins, and
// it abstains below a score tuned on the corpus.
type baseline struct {
	idx   bleve.Index
	tools []string
}

func newBaseline(cat *catalogue.Catalogue) (*baseline, error) {
	im := bleve.NewIndexMapping()
	im.ScoringModel = "bm25"
	doc := mapping.NewDocumentMapping()
	for _, f := range []string{"name", "description"} {
		fm := mapping.NewTextFieldMapping()
		fm.Analyzer = en.AnalyzerName
		doc.AddFieldMappingsAt(f, fm)
	}
	im.DefaultMapping = doc
	idx, err := bleve.NewUsing("", im, scorch.Name, scorch.Name, nil)
	if err != nil {
		return nil, err
	}
	b := &baseline{idx: idx}
	batch := idx.NewBatch()
	for i, t := range cat.Tools {
		b.tools = append(b.tools, t.Name)
		err := batch.Index(strconv.Itoa(i), map[string]any{
			"name":        strings.Join(tokenize.SplitName(t.Name), " "),
			"description": t.Description,
		})
		if err != nil {
			idx.Close()
			return nil, err
		}
	}
	if err := idx.Batch(batch); err != nil {
		idx.Close()
		return nil, err
	}
	return b, nil
}

// top returns the best tool for a turn and its score, or "" and 0.
func (b *baseline) top(turn string) (string, float64, error) {
	var qs []query.Query
	for _, f := range []string{"name", "description"} {
		q := bleve.NewMatchQuery(turn)
		q.SetField(f)
		qs = append(qs, q)
	}
	req := bleve.NewSearchRequestOptions(bleve.NewDisjunctionQuery(qs...), 1, 0, false)
	res, err := b.idx.Search(req)
	if err != nil {
		return "", 0, err
	}
	if len(res.Hits) == 0 {
		return "", 0, nil
	}
	i, err := strconv.Atoi(res.Hits[0].ID)
	if err != nil || i < 0 || i >= len(b.tools) {
		return "", 0, fmt.Errorf("baseline: bad document id %q", res.Hits[0].ID)
	}
	return b.tools[i], res.Hits[0].Score, nil
}

// runBaseline runs the baseline over the cases, with the abstention
// threshold that maximises its accuracy on them.
func runBaseline(cases []corpus.Case) (*Side, float64, error) {
	idx := map[*catalogue.Catalogue]*baseline{}
	defer func() {
		for _, b := range idx {
			b.idx.Close()
		}
	}()
	type result struct {
		tool  string
		score float64
	}
	results := make([]result, len(cases))
	for i := range cases {
		c := &cases[i]
		b := idx[c.Cat]
		if b == nil {
			var err error
			if b, err = newBaseline(c.Cat); err != nil {
				return nil, 0, err
			}
			idx[c.Cat] = b
		}
		tool, score, err := b.top(c.Turn)
		if err != nil {
			return nil, 0, err
		}
		results[i] = result{tool, score}
	}
	// Tune the threshold: every observed score is a candidate.
	thresholds := []float64{0}
	for _, r := range results {
		thresholds = append(thresholds, r.score)
	}
	sort.Float64s(thresholds)
	best, bestRight := 0.0, -1
	for _, t := range thresholds {
		right := 0
		for i, r := range results {
			got := r.tool
			if r.score < t {
				got = ""
			}
			if cases[i].Right(got) {
				right++
			}
		}
		if right > bestRight {
			best, bestRight = t, right
		}
	}
	side := newSide()
	for i, r := range results {
		got := r.tool
		if r.score < best {
			got = ""
		}
		side.record(&cases[i], cases[i].Right(got), got, got == "", false)
		if cases[i].Right(got) {
			side.rightIDs = append(side.rightIDs, cases[i].ID)
		}
	}
	side.finish()
	return side, round4(best), nil
}
