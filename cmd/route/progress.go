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
	what string    // the description the indicator started with
	w    io.Writer // where it draws

	mu   sync.Mutex
	part string // the part of the work Count last counted
	last int    // the count Count last drew in it
}

// Count turns the indicator into a bar of done out of total for a part of
// the work (a language's turns); a count lower than the last of the same
// part, told late by another goroutine, is not drawn. It is safe for
// concurrent use, and does nothing on a nil *progress.
func (p *progress) Count(part string, done, total int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if part != p.part {
		// The spinner, or the last part's bar, gives way to a bar of
		// this part's count.
		_ = p.bar.Finish()
		p.part, p.last = part, 0
		p.bar = progressbar.NewOptions64(int64(total), barOptions(p.w, p.what+" ("+part+")",
			progressbar.OptionShowCount())...)
	}
	if done <= p.last {
		return
	}
	p.last = done
	// A bar that cannot be drawn costs the user only the bar.
	_ = p.bar.Set(done)
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
	return &progress{what: what, w: w, bar: progressbar.NewOptions64(-1, barOptions(w, what,
		progressbar.OptionSpinnerType(14),
		progressbar.OptionSetSpinnerChangeInterval(every), // the bar's own goroutine redraws it
	)...)}
}

// barOptions are the options every indicator is drawn with, and more:
// on w, described by what, with the time spent, erased when done.
func barOptions(w io.Writer, what string, more ...progressbar.Option) []progressbar.Option {
	return append([]progressbar.Option{
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetRenderBlankState(true),
	}, more...)
}

// Done erases the indicator; it is not drawn again. It may be called
// more than once.
func (p *progress) Done() {
	if p == nil {
		return
	}
	p.once.Do(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		// An indicator that cannot be erased has nothing to erase it
		// from: the results that follow are what matters.
		_ = p.bar.Finish()
	})
}
