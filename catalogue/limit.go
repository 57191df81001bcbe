package catalogue

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"sync/atomic"
)

// MaxFileBytes is the most a catalogue source, agent file or vocabulary
// file read from a path may have: 64 MiB. It bounds what reading a device
// (/dev/zero) or a pipe that never ends can take.
const MaxFileBytes = 64 << 20

// readFile reads the file at path, up to MaxFileBytes; a longer one is an
// *Error naming it.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileBytes {
		return nil, &Error{File: path, Msg: fmt.Sprintf("the file has more than %s, the most a file read here may have", formatBytes(MaxFileBytes))}
	}
	return data, nil
}

// MaxMessageBytes is the most one message from an MCP server may have: a
// line of standard input, an HTTP answer, a line of an event stream. It is
// the MCP client's own limit per message and event, applied to every
// transport, so that no message is buffered whole past it.
const MaxMessageBytes = 16 << 20

// errOverBudget is what a read past an import's limits returns. The MCP
// client may wrap it beyond recognition, so the budget also remembers
// which limit was passed.
var errOverBudget = errors.New("more bytes than the import may read")

// byteBudget bounds the bytes one import reads, over every connection and
// answer, and the bytes of any one message. It is safe for concurrent use.
type byteBudget struct {
	max        int64 // over the whole import
	maxMessage int64 // in one message
	used       atomic.Int64
	over       atomic.Bool // max was passed
	long       atomic.Bool // maxMessage was passed
}

func newByteBudget(max int64) *byteBudget {
	return &byteBudget{max: max, maxMessage: min(max, MaxMessageBytes)}
}

// exceeded reports whether a read went past a limit.
func (b *byteBudget) exceeded() bool { return b.over.Load() || b.long.Load() }

// err says which limit was passed; name names the server.
func (b *byteBudget) err(name string) *Error {
	if b.over.Load() {
		return &Error{File: name, Msg: fmt.Sprintf("the server sent more than %s (raise --max-bytes if its tool list is that large)", formatBytes(b.max))}
	}
	return &Error{File: name, Msg: fmt.Sprintf("the server sent a message of more than %s, the most one message may have", formatBytes(b.maxMessage))}
}

// framing says where a stream's messages end, for the limit per message.
type framing int

const (
	// framedByLine: every line is at most one message (JSON lines, an
	// event stream).
	framedByLine framing = iota
	// framedWhole: the stream is one message (an HTTP answer).
	framedWhole
)

// reader returns r, counting what is read from it against the budget.
func (b *byteBudget) reader(r io.ReadCloser, f framing) io.ReadCloser {
	return &budgetReader{r: r, b: b, framing: f}
}

// budgetReader reads from r until a limit of the budget is passed.
type budgetReader struct {
	r       io.ReadCloser
	b       *byteBudget
	framing framing
	message int64 // bytes of the current message so far
}

// Read reads at most what is left of the budget. Once it is spent, a read
// that finds more to read fails with errOverBudget; one that finds the end
// returns io.EOF. A message longer than the limit per message fails too.
func (br *budgetReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	b := br.b
	left := min(b.max-b.used.Load(), b.maxMessage-br.message)
	if left <= 0 {
		var one [1]byte
		n, err := br.r.Read(one[:])
		if n == 0 {
			return 0, err
		}
		if b.used.Load() >= b.max {
			b.over.Store(true)
		} else if br.framing == framedWhole || one[0] != '\n' {
			b.long.Store(true)
		} else {
			// The message ends right at the limit.
			b.used.Add(1)
			br.message = 0
			p[0] = one[0]
			return 1, nil
		}
		return 0, errOverBudget
	}
	if int64(len(p)) > left {
		p = p[:left]
	}
	n, err := br.r.Read(p)
	b.used.Add(int64(n))
	if br.framing == framedByLine {
		if i := bytes.LastIndexByte(p[:n], '\n'); i >= 0 {
			br.message = int64(n - i - 1)
			return n, err
		}
	}
	br.message += int64(n)
	return n, err
}

// Close closes the reader underneath.
func (br *budgetReader) Close() error { return br.r.Close() }

// budgetTransport counts every response body against a budget, and sends
// nothing more once a limit is passed.
type budgetTransport struct {
	base   http.RoundTripper
	budget *byteBudget
}

// RoundTrip sends the request with the transport underneath and counts the
// body of its response: an event stream line by line, any other answer as
// one message.
func (t *budgetTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if t.budget.exceeded() {
		if req.Body != nil {
			// The request is not sent; its body's close has nothing to
			// report.
			_ = req.Body.Close()
		}
		return nil, errOverBudget
	}
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	f := framedWhole
	if mt, _, err := mime.ParseMediaType(resp.Header.Get("Content-Type")); err == nil && mt == "text/event-stream" {
		f = framedByLine
	}
	resp.Body = t.budget.reader(resp.Body, f)
	return resp, nil
}

// formatBytes writes a byte count as a person would: 64 MiB, 512 KiB,
// 1000 bytes.
func formatBytes(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	case n == 1:
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}
