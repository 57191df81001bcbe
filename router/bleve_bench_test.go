package router_test

import (
	"fmt"
	"testing"

	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/router"
)

// BenchmarkIndex times the first use of the Bleve index (explanations,
// lints, Search): building it over a generated catalogue.
func BenchmarkIndex(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			cat, err := corpus.Generate(n, 1)
			if err != nil {
				b.Fatal(err)
			}
			r, err := router.New(cat, router.Options{})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				r, err = router.New(cat, router.Options{})
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if _, err := r.Index(); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				if err := r.Close(); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
			}
		})
	}
}
