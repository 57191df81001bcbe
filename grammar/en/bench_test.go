package en

import (
	"testing"

	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// benchTurns are everyday turns of every act, questions with and without a
// question word among them.
var benchTurns = []string{
	"show me the invoices from last month",
	"could you cancel my gym membership",
	"when does the library close today?",
	"where did I park the car",
	"how many unread messages do I have",
	"is the garage door open?",
	"my phone bill was charged twice",
	"tell me when the ferry to the island sails",
	"turn the porch lights off and lock the back door",
	"what time is the piano lesson tomorrow",
}

// BenchmarkParse reads a turn of benchTurns per iteration.
func BenchmarkParse(b *testing.B) {
	g, err := fixedGrammar()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		g.Parse(benchTurns[i%len(benchTurns)])
		i++
	}
}

// BenchmarkParseCorpus reads the English turns of the project's corpus
// (corpus.Default), one per iteration, in order.
func BenchmarkParseCorpus(b *testing.B) {
	g, err := fixedGrammar()
	if err != nil {
		b.Fatal(err)
	}
	turns := corpusTurns(b, tokenize.English)
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

// TestParseAllocs checks that a turn of one clause of a few words, a
// command or a question, is read in three allocations: its tokens, its
// clause's words, and its Parse, which holds the room of the clause's
// objects and asked-for and implied concepts; a value adds its
// arguments'. A turn of two clauses needs room of its own for the second.
func TestParseAllocs(t *testing.T) {
	g, err := fixedGrammar()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		turn string
		want float64
	}{
		{"show me the invoices from last month", 3},
		{"cancel order 42", 4},
		{"is the garage door open?", 3},
		{"where did I park the car", 3},
		{"turn the porch lights off and lock the back door", 6},
	}
	for _, tt := range tests {
		g.Parse(tt.turn) // the words are met once
		if n := testing.AllocsPerRun(20, func() { g.Parse(tt.turn) }); n != tt.want {
			t.Errorf("Parse(%q) allocates %v times, want %v", tt.turn, n, tt.want)
		}
	}
}
