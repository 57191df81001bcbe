package bench

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/router"
)

// TrainingCorpora are the corpora the committed weights are fit on, as
// paths from the repository's root: the embedded corpus, the public dev
// halves and CLINC150's train split.
var TrainingCorpora = []string{
	"corpus/cases",
	"corpus/public/dev/bfcl_multiple.jsonl",
	"corpus/public/dev/bfcl_live_multiple.jsonl",
	"corpus/public/dev/bfcl_irrelevance.jsonl",
	"corpus/public/dev/bfcl_live_irrelevance.jsonl",
	"corpus/public/dev/bfcl_irrelevance_mixed.jsonl",
	"corpus/public/dev/bfcl_union.jsonl",
	"corpus/public/dev/ha_en.jsonl",
	"corpus/public/dev/ha_pt-br.jsonl",
	"corpus/public/train/clinc150_train.jsonl",
}

// Folds is how many folds cross-validation uses.
const Folds = 5

// LoadCorpora loads each path (a file or a folder of .jsonl files, under
// root) as a corpus named by the path as given.
func LoadCorpora(root string, paths []string) ([]Corpus, error) {
	var out []Corpus
	var errs []string
	for _, p := range paths {
		cases, err := corpus.LoadFiles(filepath.Join(root, p))
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		out = append(out, Corpus{Name: p, Cases: cases})
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return out, nil
}

// trainCase is one case read for fitting and cross-validation: the
// router's example and the baseline's result.
type trainCase struct {
	c   *corpus.Case
	ex  router.Example
	out outcome // the baseline's fields only
}

// featurise reads every case of the corpora once: features do not depend
// on the weights, so every fit of a cross-validation reuses them.
func featurise(corpora []Corpus) ([]trainCase, error) {
	sys := newSystems(router.ZeroModel())
	defer sys.close()
	var out []trainCase
	for ci := range corpora {
		cp := &corpora[ci]
		for i := range cp.Cases {
			c := &cp.Cases[i]
			r, base, err := sys.of(c)
			if err != nil {
				return nil, err
			}
			var right []string
			if c.Expect != nil {
				right = append([]string{*c.Expect}, c.Accept...)
			}
			tc := trainCase{c: c, ex: r.Example(c.Turn, right), out: outcome{c: c}}
			tc.ex.Corpus, tc.ex.Fold = cp.Name, foldKey(c)
			tc.out.baseline(base, c.Turn)
			out = append(out, tc)
		}
		if len(sys.routers) > 64 {
			// Inline catalogues are one a case: keep the memory bounded.
			sys.close()
		}
	}
	return out, nil
}

// foldKey is what a case is folded by: its id, less the marks that make
// the same turn another case (a language, "-mixed"), so that the same
// turn against other tools, or in the other language, stays in one fold;
// for Home Assistant, its test file, so near-duplicate sentences do too.
func foldKey(c *corpus.Case) string {
	id := strings.TrimSuffix(c.ID, "-mixed")
	if i := strings.Index(id, "/tests/"); i >= 0 {
		rest := id[i+len("/tests/"):]
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			rest = rest[j+1:] // the language folder
		}
		if j := strings.Index(rest, ".yaml"); j >= 0 {
			rest = rest[:j]
		}
		return "ha:" + rest
	}
	for _, lang := range []string{"-en-", "-pt-BR-"} {
		id = strings.Replace(id, lang, "-", 1)
	}
	return id
}

func foldOf(key string) int {
	h := fnv.New32a()
	h.Write([]byte(key))
	return int(h.Sum32() % Folds)
}

// foldOfSplit is the fold of a case's key in one of several assignments
// of the cases to the folds: split 0 is foldOf's, and each other split
// hashes the key after a prefix of its own, so that the cases of one key
// stay together and are dealt to the folds anew.
func foldOfSplit(key string, split int) int {
	if split == 0 {
		return foldOf(key)
	}
	return foldOf("split " + strconv.Itoa(split) + ": " + key)
}

// Fit fits the weights on the corpora at paths under root, and the
// baseline's threshold on the same cases: what route fit writes.
func Fit(root string, paths []string, l2 float64) (*router.Weights, error) {
	corpora, err := LoadCorpora(root, paths)
	if err != nil {
		return nil, err
	}
	records := make([]router.CorpusRecord, len(paths))
	for i, p := range paths {
		sum, err := hashPath(filepath.Join(root, p))
		if err != nil {
			return nil, err
		}
		records[i] = router.CorpusRecord{Path: filepath.ToSlash(p), SHA256: sum, Cases: len(corpora[i].Cases)}
	}
	tcs, err := featurise(corpora)
	if err != nil {
		return nil, err
	}
	return fitCases(tcs, l2, records)
}

func fitCases(tcs []trainCase, l2 float64, records []router.CorpusRecord) (*router.Weights, error) {
	exs := make([]router.Example, len(tcs))
	for i := range tcs {
		exs[i] = tcs[i].ex
	}
	folds := make([]int, len(tcs))
	for i := range tcs {
		folds[i] = foldOf(tcs[i].ex.Fold)
	}
	w, err := router.Fit(exs, router.FitOptions{L2: l2, Corpora: records, Folds: folds})
	if err != nil {
		return nil, err
	}
	w.BaselineThreshold = chooseBaseline(tcs)
	return w, nil
}

// chooseBaseline chooses the baseline's threshold on score relative to
// the turn's idf mass for the least cost on the training corpora (each
// corpus weighing the same), among the scores seen: the cost the router's
// thresholds are chosen for (router.CostWrong for a wrong selection,
// router.CostAbstain for an abstention on a turn that has a tool), so
// both are set by the same rule. Ties go to the lower threshold.
func chooseBaseline(tcs []trainCase) float64 {
	per := map[string]int{}
	for i := range tcs {
		per[tcs[i].ex.Corpus]++
	}
	cands := []float64{0}
	for i := range tcs {
		cands = append(cands, round4(tcs[i].out.baseScore))
	}
	sort.Float64s(cands)
	best, bestCost := 0.0, -1.0
	prev := -1.0
	for _, t := range cands {
		if t == prev {
			continue
		}
		prev = t
		cost := 0.0
		for i := range tcs {
			o := &tcs[i].out
			w := 1 / float64(per[tcs[i].ex.Corpus])
			got := o.baseTop
			if o.baseScore < t {
				got = ""
			}
			switch {
			case o.c.Right(got):
			case got != "":
				cost += w * router.CostWrong
			default:
				cost += w * router.CostAbstain
			}
		}
		if bestCost < 0 || cost < bestCost-1e-12 {
			best, bestCost = t, cost
		}
	}
	return best
}

// hashPath is the sha256 of a file, or of a folder's .jsonl files in name
// order (each file's name and bytes).
func hashPath(p string) (string, error) {
	st, err := os.Stat(p)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	if !st.IsDir() {
		data, err := os.ReadFile(p)
		if err != nil {
			return "", err
		}
		h.Write(data)
		return hex.EncodeToString(h.Sum(nil)), nil
	}
	fsys := os.DirFS(p)
	names, err := fs.Glob(fsys, "*.jsonl")
	if err != nil {
		return "", err
	}
	sort.Strings(names)
	for _, n := range names {
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			return "", err
		}
		h.Write([]byte(path.Base(n) + "\n"))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// CV is cross-validated figures: per corpus, each fold measured by a
// model fit without it; and each corpus measured by a model fit on the
// others (leave one corpus out). The zero value has no folds and no figures.
type CV struct {
	Folds         int                 `json:"folds"`
	ByCorpus      map[string]*Metrics `json:"by_corpus"`
	LeaveOneOut   map[string]*Metrics `json:"leave_one_corpus_out"`
	InSampleByCor map[string]*Metrics `json:"in_sample"`
	// OtherSplits are, when asked for, the k-fold figures again under
	// other assignments of the cases to the folds (foldOfSplit), one map
	// per split: how much the figures of ByCorpus owe to the one split.
	OtherSplits []map[string]*Metrics `json:"other_splits,omitempty"`
}

// MaxSplits is the most assignments of the cases to folds CrossValidate
// measures.
const MaxSplits = 10

// CrossValidate fits and measures the corpora at paths under root: 5-fold
// (by foldKey) and leave one corpus out, each measurement by a model fit
// without what it measures, thresholds (the baseline's too) included.
// With splits above 1, the k-fold figures are measured again under
// splits-1 other assignments of the cases to the folds (CV.OtherSplits).
func CrossValidate(root string, paths []string, l2 float64, splits int) (*CV, error) {
	if splits < 1 || splits > MaxSplits {
		return nil, fmt.Errorf("cross-validation splits: %d, want 1 to %d", splits, MaxSplits)
	}
	corpora, err := LoadCorpora(root, paths)
	if err != nil {
		return nil, err
	}
	tcs, err := featurise(corpora)
	if err != nil {
		return nil, err
	}
	cv := &CV{Folds: Folds, ByCorpus: map[string]*Metrics{}, LeaveOneOut: map[string]*Metrics{}, InSampleByCor: map[string]*Metrics{}}
	measure := func(train, test []int) (map[string][]outcome, float64, error) {
		tr := make([]trainCase, len(train))
		for i, k := range train {
			tr[i] = tcs[k]
		}
		w, err := fitCases(tr, l2, nil)
		if err != nil {
			return nil, 0, err
		}
		m, err := router.NewModel(w)
		if err != nil {
			return nil, 0, err
		}
		outs := map[string][]outcome{}
		for _, k := range test {
			tc := &tcs[k]
			j := m.Judge(&tc.ex)
			o := tc.out
			o.right, o.deferred, o.rank = j.Right, j.Deferred, j.Rank
			o.selected, o.prob = j.Outcome == router.Selected, j.Probability
			o.ambiguous = j.Outcome == router.Ambiguous
			o.abstained = !o.selected
			o.loss, o.hasLoss = m.LogLoss(&tc.ex)
			outs[tc.ex.Corpus] = append(outs[tc.ex.Corpus], o)
		}
		return outs, w.BaselineThreshold, nil
	}
	// k-fold: the baseline's threshold differs per fold, so its figures
	// are gathered case by case at each fold's threshold.
	kfold := func(split int) (map[string]*Metrics, error) {
		folds := make([]int, len(tcs))
		for i := range tcs {
			folds[i] = foldOfSplit(tcs[i].ex.Fold, split)
		}
		folded := map[string][]outcome{}
		for f := range Folds {
			var train, test []int
			for i := range tcs {
				if folds[i] == f {
					test = append(test, i)
				} else {
					train = append(train, i)
				}
			}
			outs, th, err := measure(train, test)
			if err != nil {
				return nil, fmt.Errorf("split %d, fold %d: %w", split, f, err)
			}
			for name, os := range outs {
				for _, o := range os {
					o.baseAbstain = o.baseScore < th // at this fold's threshold
					folded[name] = append(folded[name], o)
				}
			}
		}
		by := map[string]*Metrics{}
		for name, os := range folded {
			by[name] = metrics(os, 0)
		}
		return by, nil
	}
	if cv.ByCorpus, err = kfold(0); err != nil {
		return nil, err
	}
	for split := 1; split < splits; split++ {
		by, err := kfold(split)
		if err != nil {
			return nil, err
		}
		cv.OtherSplits = append(cv.OtherSplits, by)
	}
	for _, cp := range corpora {
		var train, test []int
		for i := range tcs {
			if tcs[i].ex.Corpus == cp.Name {
				test = append(test, i)
			} else {
				train = append(train, i)
			}
		}
		outs, th, err := measure(train, test)
		if err != nil {
			return nil, fmt.Errorf("leaving out %s: %w", cp.Name, err)
		}
		cv.LeaveOneOut[cp.Name] = metrics(outs[cp.Name], th)
	}
	all := make([]int, len(tcs))
	for i := range all {
		all[i] = i
	}
	outs, th, err := measure(all, all)
	if err != nil {
		return nil, err
	}
	for name, os := range outs {
		cv.InSampleByCor[name] = metrics(os, th)
	}
	return cv, nil
}
