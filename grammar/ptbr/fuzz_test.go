package ptbr

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// FuzzParse reads any string: Parse does not panic, the offsets of its
// tokens, words, arguments and clauses lie inside the turn, words and
// clauses come in order, Read <= Words, and a second read of the same
// turn gives the same parse.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"",
		"mostre-me o pedido 42",
		"não cobre o cartão, deixa pra lá",
		"cancelá-lo-ei amanhã às três",
		"estorne R$ 1.200,50 do pedido quarenta e dois e depois arquive",
		"vc pode ver se tá pendente pfv q n achei",
		"segunda-feira que vem, a segunda via do boleto",
		"-lo -me - -- me- lo-",
		"dum nisso praquele pelo àquele",
		"¿puedes mostrar el pedido?",
		"\xff\xfe\xc3 inválido \x00",
		strings.Repeat("mostra o pedido 42 e depois ", 100),
	} {
		f.Add(s)
	}
	g, err := New(Options{Now: func() time.Time { return today }})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, turn string) {
		p := g.Parse(turn)
		if p.Read > float64(p.Words) {
			t.Errorf("Parse(%q) read %.1f of %d words", turn, p.Read, p.Words)
		}
		inside := func(what string, start, end int) {
			if start < 0 || start > end || end > len(turn) {
				t.Errorf("Parse(%q): %s [%d,%d] is not inside the turn", turn, what, start, end)
			}
		}
		for _, tok := range p.Tokens {
			inside("token "+tok.Text, tok.Start, tok.End)
		}
		lastWord, clauseEnd := 0, 0
		for _, c := range p.Clauses {
			inside("clause", c.Start, c.End)
			if c.Start < clauseEnd {
				t.Errorf("Parse(%q): a clause at %d overlaps the one before, which ends at %d", turn, c.Start, clauseEnd)
			}
			clauseEnd = max(clauseEnd, c.End)
			for _, w := range c.Words {
				inside("word "+w.Text, w.Start, w.End)
				if w.Start < lastWord {
					t.Errorf("Parse(%q): word %q at %d comes before the word at %d", turn, w.Text, w.Start, lastWord)
				}
				lastWord = w.Start
			}
			for _, a := range c.Args {
				inside("argument "+a.Text, a.Start, a.End)
			}
		}
		if again := g.Parse(turn); !reflect.DeepEqual(p, again) {
			t.Errorf("Parse(%q) gives a different parse the second time", turn)
		}
	})
}
