package router_test

import (
	"fmt"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/router"
)

func ExampleRouter_Select() {
	r, err := router.New(catalogue.Default(), router.Options{})
	if err != nil {
		panic(err)
	}
	for _, turn := range []string{
		"show me order 42",
		"could you refund the 20 dollars on order 42?",
		"don't charge the card",
		"what's the weather in Paris",
	} {
		d := r.Select(turn)
		fmt.Println(d.Outcome, d.Tool, d.Kind, d.Confirm, d.Arguments)
	}
	// Output:
	// selected get_order read false map[order_id:42]
	// selected refund_card write true map[amount:20 order_id:42]
	// none   false map[]
	// none   false map[]
}
