package grammar

import "testing"

func TestSmallInt(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"3", 3, true}, {"12", 12, true}, {"0", 0, true},
		{"", 0, false}, {"x", 0, false}, {"1a", 0, false}, {"-1", 0, false}, {"1234567890", 0, false},
	} {
		if got, ok := smallInt(c.in); got != c.want || ok != c.ok {
			t.Errorf("smallInt(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
	if n := testing.AllocsPerRun(100, func() { smallInt("march") }); n != 0 {
		t.Errorf("smallInt allocates %.0f times on a word", n)
	}
}
