package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/spf13/cobra"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/review"
	"github.com/stalwart-agents/stalwart/tokenize"
)

type diffFlags struct {
	turns  string
	agent  string
	json   bool
	format string
}

// diffTrouble is route diff's exit status for bad usage or a file that
// cannot be read: 2, as diff has it, since 1 says the catalogues differ.
func diffTrouble(err error) error {
	if err == nil {
		return nil
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return &exitError{code: 2, err: ee.err}
	}
	return &exitError{code: 2, err: err}
}

func newDiffCmd(e *env) *cobra.Command {
	var f diffFlags
	cmd := &cobra.Command{
		Use:   "diff OLD NEW",
		Short: "Say what a change to a catalogue does to routing, for its reviewer",
		Long: `Diff compares two catalogues -- the one in force and a change to it -- and
says what the change does: kind changes first (a read that became a write, a
write that became a read, and the confirmation they now need or no longer
need), the tools added, removed, renamed (the same schema and description
under another name) and changed, the declarations a write lost, the lint
findings of verify that appear or disappear (tools the router cannot tell
apart first), and every turn whose decision changes, old and new side by
side with the candidates, scores and reasons that moved it.

OLD and NEW are catalogues in any form catalogue import reads, or a file at
a git revision, read with git show: HEAD~1:catalogue.json (a path from the
top of the repository) or HEAD~1:./catalogue.json (from this folder).

--turns names a golden file: one turn a line in the corpus format, with
turn, language and expect (a tool, or null for none), which route verify
--turns also checks. Without it, the turns are made from the changed tools'
own names and descriptions, so a reviewer sees what would move.

Exit status, as diff and git diff --exit-code have it: 0 when nothing a
reviewer must look at changed, 1 when a golden turn's decision changed, a
new lint error appeared or a read became a write, and 2 for bad usage or a
file that cannot be read (route diff's own rule: other commands exit 1 for
a bad file).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return usageError("diff needs OLD and NEW, not %d argument(s)", len(args))
			}
			return runDiff(e, cmd, args[0], args[1], f)
		},
	}
	cmd.Flags().StringVar(&f.turns, "turns", "", "a golden file `F` of turns and the tools they must reach")
	cmd.Flags().StringVar(&f.agent, "agent", "", "an agent or gateway file `F` naming withdrawn tools and the language")
	cmd.Flags().BoolVar(&f.json, "json", false, "print the report as JSON (the same as --format json)")
	cmd.Flags().StringVar(&f.format, "format", "text", "the report's form: text, markdown (for a pull-request comment) or json")
	return cmd
}

func runDiff(e *env, cmd *cobra.Command, oldArg, newArg string, f diffFlags) error {
	format := f.format
	switch {
	case f.json && cmd.Flags().Changed("format") && format != "json":
		return usageError("--json and --format %s ask for two forms", format)
	case f.json:
		format = "json"
	}
	switch format {
	case "text", "markdown", "json":
	default:
		return usageError("--format %q: want text, markdown or json", format)
	}
	oldCat, err := readRevision(oldArg)
	if err != nil {
		return diffTrouble(err)
	}
	newCat, err := readRevision(newArg)
	if err != nil {
		return diffTrouble(err)
	}
	opts := review.Options{OldName: oldArg, NewName: newArg}
	if f.turns != "" {
		if opts.Golden, err = review.LoadTurns(f.turns); err != nil {
			return diffTrouble(err)
		}
		if len(opts.Golden) == 0 {
			return diffTrouble(fmt.Errorf("%s: no golden turns", f.turns))
		}
	}
	if f.agent != "" {
		a, err := catalogue.LoadAgent(f.agent)
		if err != nil {
			return diffTrouble(err)
		}
		opts.Withdrawn = a.Withdrawn
		if a.Language != "" {
			l, err := tokenize.ParseLanguage(a.Language)
			if err != nil {
				return diffTrouble(fmt.Errorf("%s: %w", f.agent, err))
			}
			opts.Languages = []tokenize.Language{l}
		}
	}
	rep, err := review.Compare(oldCat, newCat, opts)
	if err != nil {
		return diffTrouble(err)
	}
	switch format {
	case "json":
		err = rep.WriteJSON(e.stdout)
	case "markdown":
		err = rep.WriteMarkdown(e.stdout)
	default:
		err = rep.WriteText(e.stdout)
	}
	if err != nil {
		return diffTrouble(err)
	}
	if rep.ExitStatus != 0 {
		return &exitError{code: rep.ExitStatus, err: fmt.Errorf("diff: %s", strings.Join(rep.Attention, "; "))}
	}
	return nil
}

// readRevision reads a catalogue from a file, or, for REV:PATH that names
// no file, from git show REV:PATH.
func readRevision(arg string) (*catalogue.Catalogue, error) {
	_, statErr := os.Stat(arg)
	rev, path, isRev := strings.Cut(arg, ":")
	if statErr == nil || !isRev || rev == "" || path == "" {
		c, err := catalogue.ImportFile(arg)
		if err != nil {
			return nil, err
		}
		return c, nil
	}
	var stdout, stderr bytes.Buffer
	git := exec.Command("git", "show", arg)
	git.Stdout, git.Stderr = &stdout, &stderr
	if err := git.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("git show %s: %s", arg, msg)
	}
	return catalogue.Import(arg, stdout.Bytes())
}
