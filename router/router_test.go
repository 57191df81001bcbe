package router

import (
	"testing"

	"github.com/stalwart-agents/stalwart/catalogue"
)

func shop(t testing.TB, opts Options) *Router {
	t.Helper()
	r, err := New(catalogue.Default(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestSelectShop(t *testing.T) {
	r := shop(t, Options{})
	tests := []struct {
		turn    string
		outcome Outcome
		tool    string
	}{
		{"show me order 42", Selected, "get_order"},
		{"charge 20 dollars to the card for order 42", Selected, "charge_card"},
		{"refund the 20 dollars on order 42", Selected, "refund_card"},
		{"don't charge the card", None, ""},
		{"what's the weather in Paris", None, ""},
		{"get order 7", Selected, "get_order"},
		{"charge the card and then archive the order", Selected, "charge_card"},
	}
	for _, tt := range tests {
		d := r.Select(tt.turn)
		if d.Outcome != tt.outcome || d.Tool != tt.tool {
			t.Errorf("Select(%q) = %s %q, want %s %q (%s)\n%s", tt.turn, d.Outcome, d.Tool, tt.outcome, tt.tool, d.Reason, r.Explain(d))
		}
	}
}
