package main

import (
	"encoding/json"

	"github.com/spf13/cobra"

	"github.com/stalwart-agents/stalwart/bench"
	"github.com/stalwart-agents/stalwart/corpus"
)

// scaleSizes are the generated catalogue sizes route bench times.
var scaleSizes = []int{10, 100, 1000, 10000}

func newBenchCmd(e *env) *cobra.Command {
	var (
		paths   []string
		asJSON  bool
		plotTo  string
		noScale bool
	)
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Measure accuracy, abstention and speed over a corpus, beside a BM25 baseline",
		Long: `Bench runs every case of a corpus through Select and reports accuracy
overall, per language and per catalogue, abstention precision and recall,
the confusions, the rate of ambiguous outcomes, latency per Select and index
build time, beside a plain BM25 baseline; then Select latency and build time
over generated catalogues of 10 to 10,000 tools. With no --corpus it runs the
embedded corpus.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var cases []corpus.Case
			var err error
			if len(paths) == 0 {
				cases, err = corpus.Default()
			} else {
				cases, err = corpus.LoadFiles(paths...)
			}
			if err != nil {
				return fileError(err)
			}
			opts := bench.Options{Baseline: true}
			if !noScale {
				opts.Scale = scaleSizes
			}
			rep, err := bench.Run(cases, opts)
			if err != nil {
				return fileError(err)
			}
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
	return cmd
}
