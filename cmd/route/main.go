// Command route reads a person's turn against a catalogue of tools and says
// which tool the turn asks for, or that none does, that two are too close to
// call, or that the tool is withdrawn. It also imports catalogues, lists
// them, lints them, says what a change to one does to routing, and
// benchmarks the router.
//
// Exit status: 0 when every turn was read (whatever the outcome), 1 for a bad
// catalogue or file or a failed read or write (standard output included), 2
// for bad usage. route diff has its own, as diff does: 0 for nothing to
// review, 1 for a change to review, 2 for bad usage or a file that cannot
// be read.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/stalwart-agents/stalwart/catalogue"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// env is what a command reads and writes, so tests can run commands.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// exitError carries the exit status a failure asks for.
type exitError struct {
	code int
	err  error
}

// Error returns the error's message.
func (e *exitError) Error() string { return e.err.Error() }

// Unwrap returns the error itself.
func (e *exitError) Unwrap() error { return e.err }

// usageError is bad usage: exit status 2.
func usageError(format string, args ...any) error {
	return &exitError{code: 2, err: fmt.Errorf(format, args...)}
}

// fileError is a bad catalogue or file: exit status 1.
func fileError(err error) error {
	if err == nil {
		return nil
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return err
	}
	return &exitError{code: 1, err: err}
}

// loadCatalogue imports the catalogue a --catalogue flag names, or returns
// the embedded example shop when it names none.
func loadCatalogue(file string) (*catalogue.Catalogue, error) {
	if file == "" {
		return catalogue.Default(), nil
	}
	c, err := catalogue.ImportFile(file)
	if err != nil {
		return nil, fileError(err)
	}
	return c, nil
}

func newRootCmd(e *env) *cobra.Command {
	root := &cobra.Command{
		Version:       version(),
		Use:           "route",
		Short:         "Route a person's turn to the right tool of a catalogue",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(e.stdin)
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return &exitError{code: 2, err: err}
	})
	root.AddCommand(newSelectCmd(e), newCatalogueCmd(e), newBenchCmd(e), newVerifyCmd(e), newFitCmd(e), newDiffCmd(e), newServeCmd(e))
	return root
}

// outputWriter writes to standard output and keeps the first error: a
// failed write is an I/O failure (exit status 1), whether or not the
// command that wrote passed the error on.
type outputWriter struct {
	w   io.Writer
	err error
}

// Write writes p, or fails at once after a write has failed.
func (o *outputWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = &exitError{code: 1, err: fmt.Errorf("writing standard output: %w", err)}
		return n, o.err
	}
	return n, nil
}

// run runs the command line args and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &outputWriter{w: stdout}
	e := &env{stdin: stdin, stdout: out, stderr: stderr}
	root := newRootCmd(e)
	root.SetArgs(args)
	err := root.Execute()
	if out.err != nil {
		// Whatever else went wrong, the output is lost: say so.
		err = out.err
	}
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "route:", err)
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	// Cobra's own errors (unknown command, bad arguments) are usage errors.
	return 2
}

// version is the module's version and the VCS revision it was built
// from, as the build records them.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := info.Main.Version
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" {
		v += fmt.Sprintf(" (%s%s)", rev, modified)
	}
	return v
}
