package corpus_test

import (
	"fmt"

	"github.com/stalwart-agents/stalwart/corpus"
)

// The embedded corpus is a list of labelled turns, each routed against
// the catalogue it names; Generate makes seeded, frozen catalogues of any
// size for measuring scale.
func ExampleDefault() {
	cases, err := corpus.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	none := 0
	for _, c := range cases {
		if c.Expect == nil {
			none++
		}
	}
	fmt.Println(len(cases) > 1000, none > 0)

	cat, err := corpus.Generate(100, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(cat.Tools))
	// Output:
	// true true
	// 100
}
