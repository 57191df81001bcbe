package main

import (
	"bytes"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// syncBuffer is a buffer that a progress indicator's goroutine and the
// test may use at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// An indicator is redrawn with what is being done until Done, which
// erases it and stops the drawing; Done may be called twice.
func TestProgressDrawsUntilDone(t *testing.T) {
	var out syncBuffer
	p := newProgress(&out, "verify: routing the plain turns of 3 tools", time.Millisecond)
	require.Eventually(t, func() bool {
		return strings.Count(out.String(), "verify: routing the plain turns of 3 tools") >= 3
	}, 5*time.Second, time.Millisecond, "the indicator is not redrawn: %q", out.String())
	p.Done()
	p.Done()
	drawn := out.String()
	last := drawn[strings.LastIndex(drawn, "tools")+len("tools"):]
	assert.Regexp(t, `^ +\[\d+s\] \r +\r$`, last, "the last drawing is not erased")
	time.Sleep(20 * time.Millisecond)
	assert.Equal(t, drawn, out.String(), "drawn after Done")

	var none *progress
	none.Done() // a nil indicator does nothing
}

// Standard error that is not a terminal (a buffer, a pipe) gets no
// indicator: verify, fit and bench print their results and nothing else.
func TestProgressOnlyOnATerminal(t *testing.T) {
	assert.Nil(t, startProgress(&bytes.Buffer{}, "bench"))
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	assert.Nil(t, startProgress(w, "bench"))

	var stdout, stderr bytes.Buffer
	code := run([]string{"verify"}, strings.NewReader(""), &stdout, &stderr)
	assert.Equal(t, 0, code, stderr.String())
	assert.NotEmpty(t, stdout.String())
	assert.Empty(t, stderr.String(), "route verify wrote to a standard error that is not a terminal")
}

// Counted, the indicator is a bar of done out of total for each part of
// the work, and a late, lower count of the same part is not drawn.
func TestProgressCounts(t *testing.T) {
	var out syncBuffer
	p := newProgress(&out, "verify", time.Hour)
	p.Count("en", 50, 200)
	require.Eventually(t, func() bool {
		return strings.Contains(out.String(), "50/200")
	}, 5*time.Second, time.Millisecond, "no count drawn: %q", out.String())
	assert.Contains(t, out.String(), "verify (en)")
	p.Count("en", 40, 200)
	assert.NotContains(t, out.String(), "40/200", "a lower count of the same part was drawn")
	p.Count("pt-BR", 10, 180)
	require.Eventually(t, func() bool {
		return strings.Contains(out.String(), "10/180")
	}, 5*time.Second, time.Millisecond, "the next part's count is not drawn: %q", out.String())
	assert.Contains(t, out.String(), "verify (pt-BR)")
	p.Done()

	var none *progress
	none.Count("en", 1, 2) // a nil indicator does nothing
}
