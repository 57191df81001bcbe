package catalogue

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBudgetReader(t *testing.T) {
	tests := []struct {
		in         string
		framing    framing
		max, msg   int64
		want       string
		over, long bool
	}{
		{"abc\n", framedByLine, 10, 4, "abc\n", false, false},
		{"abcd\nefgh\n", framedByLine, 10, 4, "abcd\nefgh\n", false, false}, // each line at the limit
		{"abcde\n", framedByLine, 10, 4, "abcd", false, true},
		{"ab\ncd\nef\ngh\nij\n", framedByLine, 10, 4, "ab\ncd\nef\ng", true, false},
		{"abcdefghij", framedWhole, 10, 10, "abcdefghij", false, false},
		{"abcdefghijk", framedWhole, 20, 10, "abcdefghij", false, true},
		{"abcdefghijk", framedWhole, 10, 20, "abcdefghij", true, false},
	}
	for _, tt := range tests {
		// Read whole, and one byte a read, so every limit is met at its
		// edge.
		for _, r := range []io.Reader{strings.NewReader(tt.in), &oneByte{strings.NewReader(tt.in)}} {
			b := &byteBudget{max: tt.max, maxMessage: tt.msg}
			got, err := io.ReadAll(b.reader(io.NopCloser(r), tt.framing))
			if string(got) != tt.want || b.over.Load() != tt.over || b.long.Load() != tt.long {
				t.Errorf("read %q (max %d, message %d) = %q, over %v, long %v; want %q, %v, %v",
					tt.in, tt.max, tt.msg, got, b.over.Load(), b.long.Load(), tt.want, tt.over, tt.long)
			}
			assert.Equal(t, tt.over || tt.long, err != nil, "read %q: %v", tt.in, err)
		}
	}
	assert.Equal(t, "64 MiB", formatBytes(DefaultMaxBytes))
	assert.Equal(t, "1000 bytes", formatBytes(1000))
}

// oneByte reads one byte at a time.
type oneByte struct{ r io.Reader }

func (o *oneByte) Read(p []byte) (int, error) {
	if len(p) > 1 {
		p = p[:1]
	}
	return o.r.Read(p)
}
