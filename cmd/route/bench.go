package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/stalwart-agents/stalwart/bench"
	"github.com/stalwart-agents/stalwart/corpus"
)

// scaleSizes are the sizes of route bench's generated-catalogue sweep.
var scaleSizes = []int{10, 100, 1000, 10000}

func newBenchCmd(e *env) *cobra.Command {
	var (
		paths   []string
		asJSON  bool
		plotTo  string
		noScale bool
		cv      bool
		// cvSplits is how many assignments of the cases to the folds
		// --cv measures.
		cvSplits int
	)
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Measure accuracy, abstention and speed over a corpus, beside a BM25 baseline",
		Long: `Bench runs every case of a corpus through Select and reports accuracy
overall, per language and per catalogue, abstention precision and recall,
the confusions, the rate of ambiguous outcomes, latency per Select and index
build time, beside a plain BM25 baseline. With no --corpus it runs the
embedded corpus.

Then, unless --no-scale, the generated-catalogue sweep: every case of the
embedded corpus (whatever --corpus says) routed against its catalogue hidden
among 10, 100, 1,000 and 10,000 generated tools (seeded, the same every run;
a generated tool whose name is one of the catalogue's is skipped), with
accuracy and recall@5 as below, Select p50 and p99, allocations per Select,
build time and the live heap per tool at each size. It takes under a minute.

How it counts: a case that expects a tool is right only when that tool (or
one it accepts) is selected; ambiguous with the right tool among the close
candidates is deferred_right, not right. A case that expects none is right
on none or unread. recall_at[k] is the share of tool-expecting cases whose
tool is in the first k of the shortlist; ece the calibration error of the
selected tool's probability over ten bins, and reliability (in --json)
those bins: each one's selections, their mean probability and the share
right; log_loss (with --cv) the mean negative log of
the probability the model gives the right answer, which moves before any
decision does. The baseline is a frozen BM25F whose one
threshold was chosen on the training corpora by route fit.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if cvSplits < 1 || cvSplits > bench.MaxSplits {
				return usageError("--cv-splits is 1 to %d, not %d", bench.MaxSplits, cvSplits)
			}
			if cvSplits > 1 && !cv {
				return usageError("--cv-splits is for --cv")
			}
			var corpora []bench.Corpus
			if len(paths) == 0 {
				cases, err := corpus.Default()
				if err != nil {
					return fileError(err)
				}
				corpora = []bench.Corpus{{Name: "corpus/cases", Cases: cases}}
			} else {
				var err error
				if corpora, err = bench.LoadCorpora("", paths); err != nil {
					return fileError(err)
				}
			}
			cases := 0
			for _, c := range corpora {
				cases += len(c.Cases)
			}
			what := fmt.Sprintf("bench: %d cases of %d corpora", cases, len(corpora))
			if !noScale {
				what += fmt.Sprintf(", then generated catalogues of up to %d tools", scaleSizes[len(scaleSizes)-1])
			}
			if cv {
				what += ", then cross-validation"
			}
			bar := startProgress(e.stderr, what)
			defer bar.Done()
			opts := bench.Options{}
			if !noScale {
				opts.Scale = scaleSizes
			}
			rep, err := bench.Run(corpora, opts)
			if err != nil {
				return fileError(err)
			}
			if cv {
				cvPaths := paths
				if len(cvPaths) == 0 {
					cvPaths = bench.TrainingCorpora
				}
				if rep.CV, err = bench.CrossValidate("", cvPaths, 0, cvSplits); err != nil {
					return fileError(err)
				}
			}
			bar.Done()
			if plotTo != "" {
				if err := rep.Plot(plotTo); err != nil {
					return fileError(err)
				}
			}
			if asJSON {
				enc := json.NewEncoder(e.stdout)
				enc.SetIndent("", "  ")
				return enc.Encode(rep)
			}
			return rep.Markdown(e.stdout)
		},
	}
	cmd.Flags().StringArrayVar(&paths, "corpus", nil, "a corpus `PATH`: a JSON Lines file or a folder of them (repeatable)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	cmd.Flags().StringVar(&plotTo, "plot", "", "write a PNG chart to `F`")
	cmd.Flags().BoolVar(&noScale, "no-scale", false, "skip the generated catalogues")
	cmd.Flags().IntVar(&cvSplits, "cv-splits", 1, fmt.Sprintf("with --cv, measure the folds under `N` assignments of the cases to them (1 to %d), to show how much the figures owe to one", bench.MaxSplits))
	cmd.Flags().BoolVar(&cv, "cv", false, "also report cross-validated figures: 5 folds and leave one corpus out, each part measured by a model fit without it (with no --corpus, over the training corpora, from the repository's root)")
	return cmd
}
