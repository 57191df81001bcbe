package router

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/search/query"
	bindex "github.com/blevesearch/bleve_index_api"
)

// bleveIndex is the catalogue indexed in Bleve: the same terms the hot path
// reads, one keyword per term, so nothing is analysed twice.
type bleveIndex struct {
	idx bleve.Index
}

// The fields of a tool document.
const (
	bleveAction = "action"
	bleveObject = "object"
	bleveText   = "text"
)

// Index returns the catalogue's Bleve index (scorch in memory, BM25),
// building it on first use.
//
// The index it returns is the router's: do not use it after Close.
func (r *Router) Index() (bleve.Index, error) {
	if r == nil || r.gram == nil {
		return nil, errNotBuilt
	}
	r.bleveMu.RLock()
	closed := r.closed
	r.bleveMu.RUnlock()
	if closed {
		return nil, errClosed
	}
	r.bleveOnce.Do(func() {
		r.bleveIdx, r.bleveErr = r.buildBleve()
	})
	if r.bleveErr != nil {
		return nil, r.bleveErr
	}
	return r.bleveIdx.idx, nil
}

func (r *Router) buildBleve() (*bleveIndex, error) {
	im := bleve.NewIndexMapping()
	im.DefaultAnalyzer = keyword.Name
	im.ScoringModel = "bm25"
	im.StoreDynamic = false
	im.DocValuesDynamic = false
	idx, err := bleve.NewUsing("", im, scorch.Name, scorch.Name, nil)
	if err != nil {
		return nil, fmt.Errorf("router: bleve index: %w", err)
	}
	batch := idx.NewBatch()
	for i := range r.tools {
		ti := &r.tools[i]
		doc := document.NewDocument(strconv.Itoa(i))
		if ti.action != "" {
			doc.AddField(termField(bleveAction, []byte(actionPrefix+ti.action)))
		}
		// The fields' bytes are read when the batch runs: each document
		// has a buffer of its own.
		buf := joinTerms(nil, ti.objects)
		doc.AddField(termField(bleveObject, buf))
		text := make([]string, 0, len(ti.textTerms))
		for _, id := range ti.textTerms {
			text = append(text, r.terms.terms[id])
		}
		slices.Sort(text)
		doc.AddField(termField(bleveText, joinTerms(nil, text)))
		if err := batch.IndexAdvanced(doc); err != nil {
			return nil, closeOn(idx, err)
		}
	}
	// One batch, so one segment: scorch's BM25 derives a field's mean
	// length from the size of its term dictionary, which over several
	// segments (an index in memory never merges them) counts a term once
	// per segment, so batches would change the scores.
	if err := idx.Batch(batch); err != nil {
		return nil, closeOn(idx, err)
	}
	return &bleveIndex{idx: idx}, nil
}

// termField is a field of a tool document: its terms, already the
// router's, one per line. It is indexed for term queries only (nothing
// stored, no term vectors, no doc values) and bypasses the index mapping,
// whose reflection over a map per document cost more than the index.
func termField(name string, terms []byte) *document.TextField {
	return document.NewTextFieldCustom(name, nil, terms, bindex.IndexField, termLines{})
}

// joinTerms appends terms to buf, one per line.
func joinTerms(buf []byte, terms []string) []byte {
	for i, t := range terms {
		if i > 0 {
			buf = append(buf, '\n')
		}
		buf = append(buf, t...)
	}
	return buf
}

// termLines is the analyzer of a term field: each line is one token, as
// it is (the terms are the router's, analysed once already).
type termLines struct{}

// Analyze splits value into its lines, one token each.
func (termLines) Analyze(value []byte) analysis.TokenStream {
	n := 1 + bytes.Count(value, []byte{'\n'})
	if len(value) == 0 {
		return nil
	}
	tokens := make(analysis.TokenStream, 0, n)
	toks := make([]analysis.Token, n)
	start := 0
	for i := 0; i <= len(value); i++ {
		if i < len(value) && value[i] != '\n' {
			continue
		}
		t := &toks[len(tokens)]
		*t = analysis.Token{Start: start, End: i, Term: value[start:i], Position: len(tokens) + 1, Type: analysis.AlphaNumeric}
		tokens = append(tokens, t)
		start = i + 1
	}
	return tokens
}

// closeOn closes an index that failed to build and returns the error.
func closeOn(idx bleve.Index, err error) error {
	if cerr := idx.Close(); cerr != nil {
		err = errors.Join(err, cerr)
	}
	return fmt.Errorf("router: bleve index: %w", err)
}

// Hit is a tool found by a free-text search, with its BM25 score. The zero
// value names no tool and scores 0.
type Hit struct {
	Tool  string
	Score float64
}

// Search runs a free-text query over the catalogue's Bleve index: the
// query is read by the router's grammar into the same terms as the tools,
// and matched against the action, object and text fields (the name's
// fields boosted). It returns at most k hits, best first.
//
// Search is safe alongside Close: after Close it returns an error.
func (r *Router) Search(text string, k int) ([]Hit, error) {
	idx, err := r.Index()
	if err != nil {
		return nil, err
	}
	r.bleveMu.RLock()
	defer r.bleveMu.RUnlock()
	if r.closed {
		return nil, errClosed
	}
	p := r.gram.Parse(text)
	var terms []string
	for _, c := range p.Clauses {
		var room featureRoom
		f := r.features(&c, &room)
		if f.action != "" {
			terms = append(terms, actionPrefix+f.action)
		}
		terms = append(terms, f.text...)
	}
	if len(terms) == 0 {
		return nil, nil
	}
	var qs []query.Query
	for _, t := range terms {
		for _, fld := range []struct {
			name  string
			boost float64
		}{{bleveAction, 3}, {bleveObject, 2}, {bleveText, 1}} {
			if strings.HasPrefix(t, actionPrefix) != (fld.name == bleveAction) && fld.name != bleveText {
				continue
			}
			q := bleve.NewTermQuery(t)
			q.SetField(fld.name)
			q.SetBoost(fld.boost)
			qs = append(qs, q)
		}
	}
	// Bleve adds up a score's parts in an order that varies from run to
	// run, so equal scores may differ in their last bits and come in
	// either order: a few more hits than asked for are read, their
	// scores rounded to nine decimals and ties put in catalogue order,
	// so that the same query gives the same hits every time.
	req := bleve.NewSearchRequestOptions(bleve.NewDisjunctionQuery(qs...), k+searchSpare, 0, false)
	res, err := idx.Search(req)
	if err != nil {
		return nil, fmt.Errorf("router: search: %w", err)
	}
	type hit struct {
		tool  int
		score float64
	}
	found := make([]hit, 0, len(res.Hits))
	for _, h := range res.Hits {
		i, err := strconv.Atoi(h.ID)
		if err != nil || i < 0 || i >= len(r.tools) {
			return nil, fmt.Errorf("router: search: bad document id %q", h.ID)
		}
		found = append(found, hit{i, math.Round(h.Score*1e9) / 1e9})
	}
	slices.SortFunc(found, func(a, b hit) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Compare(a.tool, b.tool)
	})
	hits := make([]Hit, 0, min(k, len(found)))
	for _, h := range found[:min(k, len(found))] {
		hits = append(hits, Hit{Tool: r.tools[h.tool].tool.Name, Score: h.score})
	}
	return hits, nil
}

// searchSpare is how many hits more than asked for Search reads, so that
// ties at the last place asked for are cut in catalogue order.
const searchSpare = 8

// The errors of a router that cannot search.
var (
	errNotBuilt = errors.New("router: not built with New")
	errClosed   = errors.New("router: closed")
)

// Close releases the Bleve index, if one was built. It may be called more
// than once, and alongside any other call: Select goes on working, Search
// and Index return an error after it.
func (r *Router) Close() error {
	if r == nil {
		return nil
	}
	// An index being built is finished first; none is built after.
	r.bleveOnce.Do(func() {})
	r.bleveMu.Lock()
	defer r.bleveMu.Unlock()
	if r.closed {
		return nil
	}
	r.closed = true
	if r.bleveIdx != nil {
		return r.bleveIdx.idx.Close()
	}
	return nil
}
