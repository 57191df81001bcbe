package wordnet_test

import (
	"fmt"

	"github.com/stalwart-agents/stalwart/grammar/wordnet"
)

// An English lemma's relations, sense by sense: here the attribute the
// first sense of an adjective gives a value of, and the first sense's
// derivations of a verb.
func ExampleDB_English() {
	db, err := wordnet.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range db.English("hot") {
		if r.Kind == wordnet.Attribute && r.Sense == 1 {
			fmt.Println("hot:", r.Kind, r.Lemma)
		}
	}
	for _, r := range db.English("arrive") {
		if r.Kind == wordnet.Derivation && r.Sense == 1 {
			fmt.Println("arrive:", r.Kind, r.Lemma)
		}
	}
	// Output:
	// hot: attribute temperature
	// arrive: derivation arriver
	// arrive: derivation arrival
}

// A Portuguese word reaches the English lemmas of its senses through the
// interlingual index.
func ExampleDB_Portuguese() {
	db, err := wordnet.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	seen := map[string]bool{}
	for _, r := range db.Portuguese("fatura") {
		if r.Sense == 1 && !seen[r.Lemma] {
			seen[r.Lemma] = true
			fmt.Println(r.Lemma)
		}
	}
	// Output:
	// bill
	// account
	// invoice
}

// A conjugated Portuguese verb reaches its infinitive, and through it the
// English verbs of its first sense, each with the rank the sense has among
// the English verb's own (0: past its first four).
func ExampleDB_PortugueseVerb() {
	db, err := wordnet.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(db.PortugueseVerb("desliguei"), db.PortugueseVerb("Cancelaríamos"))
	for s := range db.PortugueseVerbSenses("desliguei") {
		if s.Sense == 1 {
			fmt.Println(s.Infinitive, s.Lemma, db.EnglishRank(s))
		}
	}
	// Output:
	// [desligar] [cancelar]
	// desligar switch off 1
	// desligar cut 0
	// desligar turn off 1
	// desligar turn out 0
}
