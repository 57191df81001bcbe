package corpus

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// Catalogues returns the embedded corpus catalogues by name (the file name
// without its extension), imported once.
func Catalogues() (map[string]*catalogue.Catalogue, error) { return loadCatalogues() }

var loadCatalogues = sync.OnceValues(func() (map[string]*catalogue.Catalogue, error) {
	entries, err := fs.ReadDir(embedded, "catalogues")
	if err != nil {
		return nil, err
	}
	out := map[string]*catalogue.Catalogue{}
	for _, e := range entries {
		ext := path.Ext(e.Name())
		if ext != ".json" && ext != ".yaml" && ext != ".yml" {
			continue
		}
		p := path.Join("catalogues", e.Name())
		data, err := fs.ReadFile(embedded, p)
		if err != nil {
			return nil, err
		}
		c, err := catalogue.Import("corpus/"+p, data)
		if err != nil {
			return nil, err
		}
		out[strings.TrimSuffix(e.Name(), ext)] = c
	}
	return out, nil
})

// Generate makes a catalogue of n tools from the corpus vocabulary: every
// action and object word of the corpus catalogues' names, combined, with
// descriptions made from the corpus descriptions' sentences and schemas
// from their parameters. The same n and seed give the same catalogue.
func Generate(n int, seed uint64) (*catalogue.Catalogue, error) {
	cats, err := Catalogues()
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(cats))
	for name := range cats {
		names = append(names, name)
	}
	sort.Strings(names)
	var pool []catalogue.Tool
	for _, name := range names {
		pool = append(pool, cats[name].Tools...)
	}
	// The vocabulary: first words (actions, mostly) and other words
	// (objects) of the names, and the sentences of the descriptions.
	actions, objects := map[string]bool{}, map[string]bool{}
	var sentences []string
	for _, t := range pool {
		words := tokenize.SplitName(t.Name)
		if len(words) == 0 {
			continue
		}
		for i, w := range words {
			if len(w) < 3 {
				continue
			}
			if i == 0 {
				actions[w] = true
			} else {
				objects[w] = true
			}
		}
		for _, s := range strings.SplitAfter(t.Description, ". ") {
			if s = strings.TrimSpace(s); len(s) > 20 {
				sentences = append(sentences, s)
			}
		}
	}
	acts, objs := sortedSet(actions), sortedSet(objects)
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	c := &catalogue.Catalogue{Format: catalogue.FormatVersion, Source: fmt.Sprintf("generated:%d", n)}
	seen := map[string]bool{}
	for len(c.Tools) < n {
		a := acts[rng.IntN(len(acts))]
		o := objs[rng.IntN(len(objs))]
		name := a + "_" + o
		if rng.IntN(3) == 0 {
			name += "_" + objs[rng.IntN(len(objs))]
		}
		if seen[name] {
			name = fmt.Sprintf("%s_%d", name, len(c.Tools))
		}
		seen[name] = true
		src := pool[rng.IntN(len(pool))]
		desc := strings.Join([]string{
			fmt.Sprintf("%s the %s.", strings.ToUpper(a[:1])+a[1:], strings.ReplaceAll(strings.TrimPrefix(name, a+"_"), "_", " ")),
			sentences[rng.IntN(len(sentences))],
			sentences[rng.IntN(len(sentences))],
		}, " ")
		schema, err := json.Marshal(map[string]any{
			"type":       "object",
			"properties": map[string]any{o + "_id": map[string]string{"type": "string"}, "limit": map[string]string{"type": "integer"}},
			"required":   []string{o + "_id"},
		})
		if err != nil {
			return nil, err
		}
		t := catalogue.Tool{Name: name, Description: desc, InputSchema: schema, Kind: src.Kind, KindRule: "generated", Origin: catalogue.Origin{Form: "mcp"}}
		c.Tools = append(c.Tools, t)
	}
	return c, nil
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
