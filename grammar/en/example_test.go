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

// A question word says what kind of thing a question asks for (Asks),
// apart from the things the turn names (Objects); a relative or a
// subordinate clause asks for nothing.
func ExampleDefault_asks() {
	g, err := en.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, turn := range []string{
		"when does the pharmacy open?",
		"can you tell me where the charger is",
		"how much did the plumber charge us",
		"the office where I work",
	} {
		c := g.Parse(turn).Clauses[0]
		fmt.Println(c.Act, c.Asks, c.Objects)
	}
	// Output:
	// question [date time] [pharmacy]
	// request [location] [charger]
	// question [amount price cost] [plumber]
	// noun_phrase [] [office]
}
