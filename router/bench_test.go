package router_test

import (
	"fmt"
	"testing"

	"github.com/stalwart-agents/stalwart/bench"
	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/router"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// benchTurns are the English turns timed: the ones route bench times over
// generated catalogues.
var benchTurns = bench.ScaleTurns

var benchTurnsPT = []string{
	"mostre o pedido 42",
	"estorne os 20 reais do pedido 42",
	"qual o status do pedido 42?",
	"desliga a luz da cozinha",
	"nao cobre o cartao",
	"liste os chamados abertos do cliente ana@example.com",
	"me mostra a fatura INV-0042137",
	"cobre o cartão e depois arquive o pedido",
}

func benchSelect(b *testing.B, cat *catalogue.Catalogue, lang tokenize.Language, turns []string) {
	r, err := router.New(cat, router.Options{Language: lang})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		r.Select(turns[i%len(turns)])
		i++
	}
}

func BenchmarkSelectShop(b *testing.B) {
	benchSelect(b, catalogue.Default(), tokenize.English, benchTurns)
}

func BenchmarkSelectGenerated(b *testing.B) {
	for _, n := range []int{10, 100, 1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			cat, err := corpus.Generate(n, 1)
			if err != nil {
				b.Fatal(err)
			}
			benchSelect(b, cat, tokenize.English, benchTurns)
		})
	}
}

func BenchmarkNew(b *testing.B) {
	for _, n := range []int{10, 100, 1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			cat, err := corpus.Generate(n, 1)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := router.New(cat, router.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSelectShopPT(b *testing.B) {
	benchSelect(b, catalogue.Default(), tokenize.Brazilian, benchTurnsPT)
}

func BenchmarkSelectGeneratedPT(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			cat, err := corpus.Generate(n, 1)
			if err != nil {
				b.Fatal(err)
			}
			benchSelect(b, cat, tokenize.Brazilian, benchTurnsPT)
		})
	}
}
