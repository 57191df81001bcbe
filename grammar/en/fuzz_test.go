package en

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzParse reads any string: Parse does not panic, the offsets of its
// tokens, words, arguments and clauses lie inside the turn and in order,
// clauses do not overlap, Read <= Words (spanErrors), and a second read
// of the same turn gives the same parse.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"",
		" ",
		"show order 42",
		"could you please refund invoice INV-0042137 and then archive it?",
		"don't charge the card, never mind",
		"turn the lights off tomorrow at 5",
		"refund twenty dollars to ana@example.com by next Monday",
		"99999999999999999999999999999999999999 dollars",
		"ninety nine trillion trillion trillion trillion euros",
		"1,2,3,4.5.6 $ € R$ 20,00",
		"'",
		"''''",
		"don'",
		"'s 'd n't",
		"¿dónde está mi pedido?",
		"¡hola! ¿qué tal?",
		"ﬁle the ﬁrst Ｏｒｄｅｒ ４２ cafe\u0301",
		"🔥 refund $5 🙏\u200d\u200b",
		"طلب 42 ולמה",
		"\xff\xfe\xc3 invalid utf-8 \x00",
		`"unterminated quote and 'another`,
		"1st of",
		"next",
		"a-b-c-d-e-f",
		strings.Repeat("show order 42 and then ", 200),
		strings.Repeat("x", 64),
	} {
		f.Add(s)
	}
	g, err := fixedGrammar()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, turn string) {
		p := g.Parse(turn)
		if p.Turn != turn {
			t.Fatalf("Parse(%q).Turn = %q", turn, p.Turn)
		}
		for _, e := range spanErrors(p) {
			t.Errorf("Parse(%q): %s", turn, e)
		}
		if again := g.Parse(turn); !reflect.DeepEqual(p, again) {
			t.Errorf("Parse(%q) gives a different parse the second time", turn)
		}
	})
}
