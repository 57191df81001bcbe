package grammar

import (
	"strconv"
	"testing"
)

// TestStrTable adds strings to tables, narrow and wide, and finds them.
func TestStrTable(t *testing.T) {
	defer func(n int) { mostTagged = n }(mostTagged)
	for _, most := range []int{mostTagged, 100} {
		mostTagged = most
		var tb strTable // the zero table grows
		for i := range 1000 {
			w := "w" + strconv.Itoa(i)
			if n := tb.addString(w); n != uint32(i) {
				t.Fatalf("addString(%q) = %d, want %d", w, n, i)
			}
			if n := tb.add([]byte(w)); n != uint32(i) {
				t.Fatalf("add(%q) again = %d, want %d", w, n, i)
			}
		}
		tb.seal()
		if tb.wide != (most < 1000) {
			t.Errorf("mostTagged %d: wide = %v", most, tb.wide)
		}
		for i := range 1000 {
			w := "w" + strconv.Itoa(i)
			if n, ok := tb.findString(w); !ok || n != uint32(i) || tb.str(n) != w {
				t.Errorf("findString(%q) = %d, %v", w, n, ok)
			}
			if n, ok := tb.find([]byte(w)); !ok || n != uint32(i) {
				t.Errorf("find(%q) = %d, %v", w, n, ok)
			}
		}
		for _, w := range []string{"", "w", "w1000", "x1"} {
			if n, ok := tb.findString(w); ok {
				t.Errorf("findString(%q) = %d, true; want none", w, n)
			}
		}
	}
	var zero strTable
	if _, ok := zero.findString("w"); ok {
		t.Error("the zero table finds a string")
	}
}
