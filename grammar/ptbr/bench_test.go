package ptbr

import (
	"testing"

	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// benchTurns are everyday turns of every act, questions with and without a
// question word among them.
var benchTurns = []string{
	"mostra as notas fiscais do mês passado",
	"você pode cancelar minha matrícula na academia?",
	"quando a biblioteca fecha hoje?",
	"onde eu estacionei o carro",
	"quantas mensagens não lidas eu tenho",
	"o portão da garagem está aberto?",
	"minha conta de celular foi cobrada duas vezes",
	"me diz quando sai a balsa para a ilha",
	"apaga as luzes da varanda e tranca a porta dos fundos",
	"que horas é a aula de piano amanhã",
}

// BenchmarkParse reads a turn of benchTurns per iteration.
func BenchmarkParse(b *testing.B) {
	g := testGrammar(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		g.Parse(benchTurns[i%len(benchTurns)])
		i++
	}
}

// BenchmarkParseCorpus reads the Brazilian Portuguese turns of the
// project's corpus (corpus.Default), one per iteration, in order.
func BenchmarkParseCorpus(b *testing.B) {
	g := testGrammar(b)
	turns := corpusTurns(b, tokenize.Brazilian)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		g.Parse(turns[i%len(turns)])
		i++
	}
}

// corpusTurns returns the turns of corpus.Default in lang.
func corpusTurns(b *testing.B, lang tokenize.Language) []string {
	b.Helper()
	cases, err := corpus.Default()
	if err != nil {
		b.Fatal(err)
	}
	var turns []string
	for _, c := range cases {
		if c.Language == string(lang) {
			turns = append(turns, c.Turn)
		}
	}
	if len(turns) == 0 {
		b.Fatalf("no %s turns in the corpus", lang)
	}
	return turns
}

// BenchmarkNewEngine builds a grammar from its loaded lexicon: its forms
// table and its index of words within an edit.
func BenchmarkNewEngine(b *testing.B) {
	if _, err := Lexicon(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
