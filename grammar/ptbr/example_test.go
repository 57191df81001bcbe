package ptbr_test

import (
	"fmt"

	"github.com/stalwart-agents/stalwart/grammar/ptbr"
)

// A Portuguese turn reaches the same concepts as an English one: each clause
// with its speech act, its action and objects, and its arguments.
func ExampleDefault() {
	g, err := ptbr.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	p := g.Parse("por favor desliga as luzes da cozinha e mostra o pedido 42")
	for _, c := range p.Clauses {
		fmt.Println(c.Act, c.Action, c.Objects)
		for _, a := range c.Args {
			fmt.Println("  argument:", a.Kind, a.Text)
		}
	}
	// Output:
	// request turn_off [light kitchen]
	// imperative get [order]
	//   argument: number 42
}
