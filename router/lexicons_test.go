package router

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/grammar/en"
	"github.com/stalwart-agents/stalwart/grammar/ptbr"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// TestCatalogueWordsReachPortuguese checks that every action and object
// word of the embedded corpus' tool names that the English lexicon knows
// is reachable from at least one pt-BR word: a pt-BR turn can name every
// tool of those catalogues.
func TestCatalogueWordsReachPortuguese(t *testing.T) {
	enLx, err := en.Lexicon()
	if err != nil {
		t.Fatal(err)
	}
	ptLx, err := ptbr.Lexicon()
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join("..", "corpus", "catalogues", "*"))
	if err != nil {
		t.Fatal(err)
	}
	missing := map[string][]string{}
	read := 0
	for _, f := range files {
		if strings.HasSuffix(f, ".md") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cat, err := catalogue.Import(filepath.Base(f), data)
		if err != nil {
			t.Fatal(err)
		}
		read++
		for _, tool := range cat.Tools {
			for _, w := range catalogue.NameWords(tool.Name) {
				w = tokenize.Normalize(w)
				if c, ok := enLx.Actions[w]; ok {
					if len(ptLx.ActionWords[c]) == 0 {
						missing[c] = append(missing[c], tool.Name)
					}
					continue
				}
				if nf, ok := enLx.Nouns[w]; ok {
					if len(ptLx.NounWords[nf.Concept]) == 0 && len(ptLx.ActionWords[nf.Concept]) == 0 {
						missing[nf.Concept] = append(missing[nf.Concept], tool.Name)
					}
				}
			}
		}
	}
	if read == 0 {
		t.Fatal("no catalogue read")
	}
	var cs []string
	for c := range missing {
		cs = append(cs, c)
	}
	sort.Strings(cs)
	for _, c := range cs {
		t.Errorf("English concept %q of %s has no pt-BR word", c, strings.Join(missing[c], ", "))
	}
}
