package router_test

import (
	"fmt"
	"strings"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/router"
)

// Two tools the router reads alike cannot be told apart: verify names
// both, with what their names share (and the smallest plain turn that
// ties them, and a fix).
func ExampleVerify() {
	c, err := catalogue.Import("orders.json", []byte(`{"tools": [
	  {"name": "get_order", "description": "Show an order.", "annotations": {"readOnlyHint": true}},
	  {"name": "fetch_order", "description": "Fetch an order.", "annotations": {"readOnlyHint": true}},
	  {"name": "list_orders", "description": "List the orders.", "annotations": {"readOnlyHint": true}}]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := router.Verify(c, router.VerifyOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range rep.Findings {
		if f.Group == catalogue.GroupLints {
			fmt.Printf("%s %s: %s (shared: %s)\n", f.Severity, f.Lint, strings.Join(f.Tools, " and "), strings.Join(f.Shared, ", "))
		}
	}
	// Output:
	// error tools_indistinguishable: get_order and fetch_order (shared: get (get, fetch), order)
}
