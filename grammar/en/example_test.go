package en_test

import (
	"fmt"

	"github.com/stalwart-agents/stalwart/grammar/en"
)

// A turn is read into clauses: each with its speech act, its action and
// objects (as concepts of the lexicon) and its arguments.
func ExampleDefault() {
	g, err := en.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	p := g.Parse("please turn the kitchen lights off and show me order 42")
	for _, c := range p.Clauses {
		fmt.Println(c.Act, c.Action, c.Objects)
		for _, a := range c.Args {
			fmt.Println("  argument:", a.Kind, a.Text)
		}
	}
	// Output:
	// request turn_off [kitchen light]
	// imperative get [order]
	//   argument: number 42
}
