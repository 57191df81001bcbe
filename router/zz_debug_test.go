package router

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestZZDebug(t *testing.T) {
	turns := os.Getenv("TURNS")
	if turns == "" {
		t.Skip()
	}
	r := shop(t, Options{})
	for _, turn := range strings.Split(turns, "|") {
		d := r.Select(turn)
		b, _ := json.Marshal(d)
		t.Logf("%s", b)
		if os.Getenv("EXPLAIN") != "" {
			t.Logf("%s", r.Explain(d))
		}
	}
}
