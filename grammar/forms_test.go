package grammar

import (
	"testing"
	"unsafe"
)

// TestPackKey checks packKey against a loop over the bytes.
func TestPackKey(t *testing.T) {
	for _, s := range []string{"", "a", "ab", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghijk", "abcdefghijkl",
		"abcdefghijklm", "abcdefghijklmnopq", "ação", "manutenção"} {
		var w0 uint64
		var w1 uint32
		for i := 0; i < len(s) && i < inline; i++ {
			if i < 8 {
				w0 |= uint64(s[i]) << (8 * i)
			} else {
				w1 |= uint32(s[i]) << (8 * (i - 8))
			}
		}
		g0, g1 := packKey(s)
		b0, b1 := packKey([]byte(s))
		if g0 != w0 || g1 != w1 || b0 != w0 || b1 != w1 {
			t.Errorf("packKey(%q) = %x %x, %x %x; want %x %x", s, g0, g1, b0, b1, w0, w1)
		}
	}
}

// TestFormSize checks that a form takes the 32 bytes its look-up is
// laid out for.
func TestFormSize(t *testing.T) {
	if n := unsafe.Sizeof(form{}); n != 32 {
		t.Errorf("a form takes %d bytes, want 32", n)
	}
}
