package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/stalwart-agents/stalwart/bench"
	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/router"
)

func newFitCmd(e *env) *cobra.Command {
	var (
		paths []string
		out   string
		l2    float64
	)
	cmd := &cobra.Command{
		Use:   "fit --corpus PATH... --out FILE",
		Short: "Fit the ranking weights and the decision's thresholds to labelled turns",
		Long: `Fit reads every case of the corpora, fits the weights of the model
(a nested logit: the ranking of the retrieved candidates, then "none" on
its own evidence and the ranking's, each by L2-regularised maximum
likelihood, each corpus weighing the same), chooses
the thresholds of each risk tier and the baseline's for the bench's cost,
and writes the weights file with what it was fit on (paths, sha256, the
regularisation). With no --corpus it fits on the corpora the committed
weights were fit on, read from the repository's root (the current folder).

The committed file is router/weights.json:

    route fit --out router/weights.json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usageError("fit: --out FILE is required")
			}
			if len(paths) == 0 {
				paths = bench.TrainingCorpora
			}
			bar := startProgress(e.stderr, fmt.Sprintf("fit: fitting the weights on %d corpora", len(paths)))
			w, err := bench.Fit(".", paths, l2)
			bar.Done()
			if err != nil {
				return fileError(err)
			}
			data, err := router.MarshalWeights(w)
			if err != nil {
				return err
			}
			if err := catalogue.WriteAtomic(out, data); err != nil {
				return fileError(err)
			}
			chosen := "in sample"
			if n := w.Fit.ThresholdFolds; n > 0 {
				chosen = fmt.Sprintf("out of %d folds", n)
			}
			_, err = fmt.Fprintf(e.stdout, "fit %d examples of %d corpora: loss %.4f; thresholds (%s) read %.2f/%.2f, write %.2f/%.2f, destructive %.2f/%.2f; baseline %.4f; wrote %s\n",
				w.Fit.Examples, len(w.Fit.Corpora), w.Fit.Loss, chosen, w.Thresholds.Read.Probability, w.Thresholds.Read.Margin,
				w.Thresholds.Write.Probability, w.Thresholds.Write.Margin, w.Thresholds.Destructive.Probability,
				w.Thresholds.Destructive.Margin, w.BaselineThreshold, out)
			return err
		},
	}
	cmd.Flags().StringArrayVar(&paths, "corpus", nil, "a training corpus `PATH`: a JSON Lines file or a folder of them (repeatable)")
	cmd.Flags().StringVar(&out, "out", "", "the weights `FILE` to write")
	cmd.Flags().Float64Var(&l2, "l2", router.DefaultL2, "the L2 regularisation")
	return cmd
}
