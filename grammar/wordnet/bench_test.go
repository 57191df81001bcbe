package wordnet

import "testing"

// benchWords are words of every kind a grammar asks the wordnet about: its
// lemmas, their inflections, names and slips of typing.
var benchWords = []string{"refund", "thermostat", "kendrick", "cooking", "capitals", "dishwasher", "xyzzy", "provides", "gave", "loudest", "temperature", "qwerty", "running", "boxes", "cities"}

// BenchmarkLookups asks what a grammar asks of a word it does not list:
// whether it is an adjective, a word of the language, a noun.
func BenchmarkLookups(b *testing.B) {
	db, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		w := benchWords[i%len(benchWords)]
		i++
		db.Adjective(w)
		db.Word(w)
		db.Noun(w)
	}
}

// BenchmarkParseDefault loads the embedded database: its lines and the
// index of its keys.
func BenchmarkParseDefault(b *testing.B) {
	for b.Loop() {
		if _, err := parse(embedded(), false); err != nil {
			b.Fatal(err)
		}
	}
}
