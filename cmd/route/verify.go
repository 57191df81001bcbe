package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/review"
	"github.com/stalwart-agents/stalwart/router"
	"github.com/stalwart-agents/stalwart/tokenize"
)

type verifyFlags struct {
	catalogue string
	agent     string
	turns     string
	json      bool
	strict    bool
}

func newVerifyCmd(e *env) *cobra.Command {
	var f verifyFlags
	cmd := &cobra.Command{
		Use:   "verify",
		Short: "Lint a catalogue: declarations, tools the router cannot tell apart, the review checklist",
		Long: `Verify lints a catalogue and prints the report: the declaration lints of
writes, the tools the router cannot tell apart (found by routing every tool's
plain turns, in every language, with the index that routes turns), names read
as grammar, and the review checklist of the tool entry template as a group of
its own. Errors come first. With no --catalogue it lints the embedded example
shop. --agent applies an agent or gateway file: its withdrawn tools are not
linted for ambiguity, its language is the one whose turns are routed, and a
name it withdraws that no tool has is a warning (withdrawn_tool_unknown),
with the closest name the catalogue has.

Exit status: 0 when the catalogue has no error, 1 when it has one (or, with
--strict, a warning) or a file is bad, 2 for bad usage.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runVerify(e, f)
		},
	}
	cmd.Flags().StringVar(&f.catalogue, "catalogue", "", "the catalogue `F`: a catalogue file, MCP list or OpenAPI document (default: the embedded shop)")
	cmd.Flags().StringVar(&f.agent, "agent", "", "an agent or gateway file `F` naming withdrawn tools and the language")
	cmd.Flags().StringVar(&f.turns, "turns", "", "a golden file `F` of turns and the tools they must reach: each miss is an error")
	cmd.Flags().BoolVar(&f.json, "json", false, "print the report as one JSON object")
	cmd.Flags().BoolVar(&f.strict, "strict", false, "fail (exit 1) on warnings as well as errors")
	return cmd
}

func runVerify(e *env, f verifyFlags) error {
	cat, err := loadCatalogue(f.catalogue)
	if err != nil {
		return err
	}
	if f.catalogue != "" && cat.Source == "" {
		cat.Source = f.catalogue
	}
	var opts router.VerifyOptions
	var agent *catalogue.Agent
	if f.agent != "" {
		a, err := catalogue.LoadAgent(f.agent)
		if err != nil {
			return fileError(err)
		}
		agent = a
		opts.Withdrawn = a.Withdrawn
		if a.Language != "" {
			l, err := tokenize.ParseLanguage(a.Language)
			if err != nil {
				return fileError(fmt.Errorf("%s: %w", f.agent, err))
			}
			opts.Languages = []tokenize.Language{l}
		}
	}
	var golden []corpus.Case
	if f.turns != "" {
		if golden, err = review.LoadTurns(f.turns); err != nil {
			return fileError(err)
		}
	}
	bar := startProgress(e.stderr, fmt.Sprintf("verify: routing the plain turns of %d tools", len(cat.Tools)))
	defer bar.Done()
	if bar != nil {
		opts.Progress = bar.Count
	}
	rep, err := router.Verify(cat, opts)
	if err != nil {
		return fileError(err)
	}
	changed := false
	if golden != nil {
		misses, err := review.Check(cat, golden, review.CheckOptions{Withdrawn: opts.Withdrawn})
		if err != nil {
			return fileError(err)
		}
		for _, m := range misses {
			rep.Add(m.Finding())
			changed = true
		}
	}
	if found := unknownWithdrawn(cat, agent); len(found) > 0 {
		rep.Add(found...)
		changed = true
	}
	if changed {
		rep.Sort()
	}
	bar.Done()
	if f.json {
		enc := json.NewEncoder(e.stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else if err := rep.WriteText(e.stdout); err != nil {
		return err
	}
	if rep.HasErrors() {
		return &exitError{code: 1, err: fmt.Errorf("verify: %d error(s) in the catalogue", rep.Errors)}
	}
	if f.strict && rep.Warnings > 0 {
		return &exitError{code: 1, err: fmt.Errorf("verify: %d warning(s) in the catalogue, and --strict", rep.Warnings)}
	}
	return nil
}

// unknownWithdrawn returns the withdrawn_tool_unknown warnings of an agent
// file against a catalogue, each message led by the file and line that
// withdraws the name.
func unknownWithdrawn(cat *catalogue.Catalogue, a *catalogue.Agent) []catalogue.Finding {
	if a == nil {
		return nil
	}
	found := catalogue.UnknownWithdrawn(cat, a.Withdrawn)
	for i := range found {
		found[i].Message = agentPlace(a, found[i].Tools[0]) + ": " + found[i].Message
	}
	return found
}

// agentPlace names the file and line where an agent file withdraws name.
func agentPlace(a *catalogue.Agent, name string) string {
	if line := a.LineOf(name); line > 0 {
		return fmt.Sprintf("%s:%d", a.File, line)
	}
	return a.File
}
