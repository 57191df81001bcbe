package router

import "testing"

// TestDot checks the unrolled dot product against the plain loop, in the
// same order of addition, for every length of tail.
func TestDot(t *testing.T) {
	for n := range 20 { // every tail, after eight products a step and after four
		w, x := make([]float64, n), make([]float64, n+2) // x may be longer
		for k := range n {
			w[k], x[k] = 0.1*float64(k+1)-0.35, 1/float64(k+3)
		}
		want := 0.0
		for k := range w {
			want += w[k] * x[k]
		}
		if have := dot(w, x); have != want {
			t.Errorf("dot of length %d = %v, want %v", n, have, want)
		}
	}
}
