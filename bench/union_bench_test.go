package bench

import (
	"testing"

	"github.com/stalwart-agents/stalwart/router"
)

// BenchmarkSelectUnion is Select over bfcl_union's turns against its 845
// real tools, turn after turn, on a router that has met their words once
// (route bench times each turn's first reading).
func BenchmarkSelectUnion(b *testing.B) {
	cps, err := LoadCorpora("..", []string{"corpus/public/dev/bfcl_union.jsonl"})
	if err != nil {
		b.Fatal(err)
	}
	m, err := router.DefaultModel()
	if err != nil {
		b.Fatal(err)
	}
	sys := newSystems(m)
	defer sys.close()
	cs := cps[0].Cases
	rs := make([]*router.Router, len(cs))
	for i := range cs {
		r, _, err := sys.of(&cs[i])
		if err != nil {
			b.Fatal(err)
		}
		rs[i] = r
		r.Select(cs[i].Turn)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := i % len(cs)
		rs[k].Select(cs[k].Turn)
		i++
	}
}
