package bench_test

import (
	"fmt"

	"github.com/stalwart-agents/stalwart/bench"
)

// Run measures the router on labelled corpora beside the frozen BM25F
// baseline, as route bench does: accuracy as DESIGN.md's Scoring counts
// it, recall at 1, 5 and 10, calibration, per corpus.
func ExampleRun() {
	corpora, err := bench.LoadCorpora("..", []string{"corpus/public/dev/bfcl_multiple.jsonl"})
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := bench.Run(corpora, bench.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rep.Cases, rep.RecallAt["1"] > rep.Accuracy, rep.Baseline.Threshold > 0)
	// Output:
	// 106 true true
}
