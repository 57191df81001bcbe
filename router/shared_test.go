package router

import (
	"slices"
	"strings"
	"testing"
)

func TestToFront(t *testing.T) {
	for _, tt := range []struct{ in, x, want string }{
		{"", "a", "a"},
		{"a", "a", "a"},
		{"b c", "a", "a b c"},
		{"b a c", "a", "a b c"},
		{"a b a", "a", "a b"},
	} {
		in := strings.Fields(tt.in)
		if have := toFront(slices.Clone(in), tt.x); !slices.Equal(have, strings.Fields(tt.want)) {
			t.Errorf("toFront(%q, %q) = %q, want %q", in, tt.x, have, strings.Fields(tt.want))
		}
	}
}

func TestIsObject(t *testing.T) {
	for _, tt := range []struct {
		term, concept string
		want          bool
	}{
		{objectPrefix + "order", "order", true},
		{objectPrefix + "order", "orders", false},
		{stemPrefix + "order", "order", stemPrefix == objectPrefix},
		{"order", "order", false},
	} {
		if have := isObject(tt.term, tt.concept); have != tt.want {
			t.Errorf("isObject(%q, %q) = %v, want %v", tt.term, tt.concept, have, tt.want)
		}
	}
}
