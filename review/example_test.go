package review_test

import (
	"fmt"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/review"
)

// Compare says what a change to a catalogue does before it ships: here a
// read-only tool loses its declaration, and so becomes a write that
// every call must confirm.
func ExampleCompare() {
	oldCat, err := catalogue.Import("old.json", []byte(`{"tools": [
 {"name": "get_order", "description": "Shows one order.", "annotations": {"readOnlyHint": true},
  "inputSchema": {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}}]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	newCat, err := catalogue.Import("new.json", []byte(`{"tools": [
 {"name": "get_order", "description": "Shows one order.",
  "inputSchema": {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}}]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := review.Compare(oldCat, newCat, review.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, k := range rep.KindChanges {
		fmt.Printf("%s: %s -> %s\n", k.Tool, k.From, k.To)
	}
	fmt.Println("exit status", rep.ExitStatus)
	// Output:
	// get_order: read -> write
	// exit status 1
}
