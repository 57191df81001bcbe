package router

import (
	"fmt"
	"os"
	"sort"
	"testing"

	"github.com/stalwart-agents/stalwart/corpus"
)

func TestZZLintScratch(t *testing.T) {
	if os.Getenv("SCRATCH") == "" {
		t.Skip()
	}
	cats, err := corpus.Catalogues()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for n := range cats {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		r, err := New(cats[n], Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, ti := range r.tools {
			fmt.Printf("%s\t%s\t%s(%s)\t%v\t%v\thead=%d\n", n, ti.tool.Name, ti.action, ti.actionWord, ti.objects, ti.qualifier, ti.head)
		}
	}
	r, _ := New(cats["home"], Options{})
	for _, s := range []string{"please", "and then", "what is", "nevermind", "hass nevermind", "get order", "show the order", "show order 42"} {
		p := r.gram.Parse(s)
		fmt.Printf("%q: read=%v words=%d clauses=%d\n", s, p.Read, p.Words, len(p.Clauses))
		for _, c := range p.Clauses {
			fmt.Printf("   act=%s neg=%v action=%q objs=%v args=%v\n", c.Act, c.Negated, c.Action, c.Objects, c.Args)
			for _, w := range c.Words {
				fmt.Printf("     %q %s %q\n", w.Text, w.Class, w.Concept)
			}
		}
	}
}
