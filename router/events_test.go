package router

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestSelectWithObserver(t *testing.T) {
	r := declaredShop(t, Options{})
	tests := []struct {
		turn    string
		outcome Outcome
		domain  string
		failed  bool
	}{
		{"charge 20 dollars to the card for order 42", Selected, "connectors", false},
		{"archive order 7", Selected, "", false},
		{"what's the weather in Paris", None, "", false},
		{"¿dónde está mi pedido?", Unread, "", true},
	}
	for _, tt := range tests {
		var events []Event
		d := r.SelectWith(tt.turn, Request{Observer: func(e Event) { events = append(events, e) }})
		if d.Outcome != tt.outcome || d.Domain != tt.domain {
			t.Errorf("SelectWith(%q) = %s in %q, want %s in %q", tt.turn, d.Outcome, d.Domain, tt.outcome, tt.domain)
		}
		if len(events) != 2 {
			t.Fatalf("SelectWith(%q) sent %d events, want 2", tt.turn, len(events))
		}
		start, end := events[0], events[1]
		if start.Type != EventToolStart || !start.Start || start.ToolName != QueryCatalog || start.Action != tt.turn ||
			start.Result != nil || start.Error != nil || start.Display.Summary == "" {
			t.Errorf("SelectWith(%q) start = %+v", tt.turn, start)
		}
		if end.Type != EventToolEnd || end.Start || end.ToolName != QueryCatalog || end.Action != tt.turn ||
			end.Domain != tt.domain || (end.Error != nil) != tt.failed || end.Display.Summary == "" {
			t.Errorf("SelectWith(%q) end = %+v", tt.turn, end)
		}
		if res, ok := end.Result.(CatalogResult); tt.failed == ok || ok && (res.Outcome != d.Outcome || res.Tool != d.Tool) {
			t.Errorf("SelectWith(%q) end result = %#v", tt.turn, end.Result)
		}
	}
}

// TestEventJSON keeps the event's JSON in the shape of spec 003.
func TestEventJSON(t *testing.T) {
	r := declaredShop(t, Options{})
	var lines []string
	r.SelectWith("charge 20 dollars to the card for order 42", Request{Observer: func(e Event) {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}})
	want := []string{
		`{"type":"tool_start","toolName":"query_catalog","start":true,"domain":"","action":"charge 20 dollars to the card for order 42",` +
			`"result":null,"error":null,"display":{"summary":"Querying the catalogue for: charge 20 dollars to the card for order 42"}}`,
		`{"type":"tool_end","toolName":"query_catalog","start":false,"domain":"connectors","action":"charge 20 dollars to the card for order 42",` +
			`"result":{"outcome":"selected","tool":"charge_card","kind":"write","domain":"connectors","confirm":true,"candidates":[`,
	}
	if len(lines) != 2 || lines[0] != want[0] || !strings.HasPrefix(lines[1], want[1]) ||
		!strings.HasSuffix(lines[1], `"error":null,"display":{"summary":"The catalogue recommends charge_card in connectors, which a person confirms"}}`) {
		t.Errorf("events =\n%s\nwant\n%s...", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}

func ExampleRouter_SelectWith() {
	r, err := New(declaredCatalogue(), Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := r.SelectWith("charge 20 dollars to the card for order 42", Request{Observer: func(e Event) {
		fmt.Printf("%s start=%t domain=%q: %s\n", e.Type, e.Start, e.Domain, e.Display.Summary)
	}})
	fmt.Println(d.Tool, d.Arguments["order_id"], d.Arguments["amount"], d.Check.Confirmation)
	// Output:
	// tool_start start=true domain="": Querying the catalogue for: charge 20 dollars to the card for order 42
	// tool_end start=false domain="connectors": The catalogue recommends charge_card in connectors, which a person confirms
	// charge_card 42 20 Charge 20 USD on order 42 with charge_card?
}
