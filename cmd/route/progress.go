package main

import (
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// spinEvery is how often a progress indicator is redrawn.
const spinEvery = 100 * time.Millisecond

// A progress is an indicator, on standard error, that long work is under
// way: a spinner with what is being done and the time it has taken,
// redrawn until Done erases it, so that a terminal is left with the
// results only. The work's loops (router.Verify, bench.Run, bench.Fit)
// report no counts, so it says that the work goes on, not how far it has
// gone. A nil *progress does nothing, so callers need not check. It is
// safe for concurrent use.
type progress struct {
	bar  *progressbar.ProgressBar
	once sync.Once
}

// startProgress shows a progress indicator for what on w when w is a
// terminal, and returns nil (nothing shown) when it is not, as when
// standard error is piped or a log file.
func startProgress(w io.Writer, what string) *progress {
	if !isTerminal(w) {
		return nil
	}
	return newProgress(w, what, spinEvery)
}

// isTerminal says whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// newProgress draws a progress indicator for what on w every interval,
// whatever w is.
func newProgress(w io.Writer, what string, every time.Duration) *progress {
	return &progress{bar: progressbar.NewOptions64(-1,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what),
		progressbar.OptionSpinnerType(14),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetSpinnerChangeInterval(every), // the bar's own goroutine redraws it
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetRenderBlankState(true),
	)}
}

// Done erases the indicator; it is not drawn again. It may be called
// more than once.
func (p *progress) Done() {
	if p == nil {
		return
	}
	p.once.Do(func() {
		// An indicator that cannot be erased has nothing to erase it
		// from: the results that follow are what matters.
		_ = p.bar.Finish()
	})
}
