package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// failingWriter fails every write, as a full disk or a closed pipe does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// A failed write to standard output is an I/O failure, exit status 1, not
// bad usage; the error says what failed.
func TestOutputWriteFails(t *testing.T) {
	for _, args := range [][]string{
		{"select", "show me order 42"},
		{"select", "--json", "show me order 42"},
		{"catalogue", "list"},
		{"catalogue", "list", "--json"},
		{"catalogue", "import", testdata + "/shop-mcp.json"},
		{"verify"},
	} {
		var errOut bytes.Buffer
		code := run(args, strings.NewReader(""), failingWriter{}, &errOut)
		assert.Equal(t, 1, code, "route %s", strings.Join(args, " "))
		assert.Equal(t, "route: writing standard output: no space left on device\n", errOut.String(), "route %s", strings.Join(args, " "))
	}
}
