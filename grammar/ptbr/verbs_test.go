package ptbr

import (
	"testing"

	"github.com/stalwart-agents/stalwart/grammar/en"
	"github.com/stalwart-agents/stalwart/grammar/wordnet"
)

// TestWordnetVerbs reads the verbs the hand lexicon does not list, in any
// of their forms, through the wordnet; and keeps what the hand lexicon and
// the wordnet's nouns read.
func TestWordnetVerbs(t *testing.T) {
	g := testGrammar(t)
	tests := []struct {
		in, want string
	}{
		// protelar, a verb of OpenWN-PT only (postpone: reschedule), in
		// the imperative of both registers, the present, the past, the
		// gerund, the infinitive, the subjunctive and the conditional.
		{"protele a reunião de amanhã", "imperative reschedule meeting date=2026-05-07@meeting"},
		{"protela a reunião", "imperative reschedule meeting"},
		{"protelem a reunião", "imperative reschedule meeting"},
		{"protelou a reunião?", "imperative reschedule meeting"},
		{"protelando a reunião", "imperative reschedule meeting"},
		{"quero protelar a reunião", "request reschedule meeting"},
		{"preciso que você protele a reunião", "request reschedule meeting"},
		{"se você protelasse a reunião", "imperative reschedule meeting"},
		{"protelaria a reunião de sexta", "imperative reschedule meeting date=2026-05-08@meeting"},
		// With and without accents, in any case.
		{"Protele a reuniao", "imperative reschedule meeting"},
		{"PROTELE A REUNIÃO", "imperative reschedule meeting"},
		// Other verbs of the wordnet.
		{"descontinue o plano básico", "imperative stop plan"},
		{"fotocopiem o contrato", "imperative copy contract"},
		{"recapitulando a reunião de ontem", "imperative summarize meeting date=2026-05-05@meeting"},
		{"recomece o download", "imperative restart -"},
		{"descarregue o relatório", "imperative download report"},
		// Clitics: enclisis, the infinitive's r dropped before -lo, and
		// mesoclisis.
		{"descarregue-o", "imperative download -"},
		{"descarregá-lo", "imperative download -"},
		{"fotocopiá-lo por favor", "request copy -"},
		{"descontinuá-lo", "imperative stop -"},
		{"protelar-se-ia a reunião", "imperative reschedule meeting"},
		// A hand verb's forms the morphology does not make read as the
		// hand verb.
		{"cancelaríamos o pedido 42", "imperative cancel order number=42@order"},
		{"se eu cancelasse o pedido 42", "imperative cancel order number=42@order"},
		// Unchanged: nouns that are also verb forms (contar, casar) or
		// look like one, the hand lexicon's verbs, and the verbs that name
		// no action.
		{"minha conta", "noun_phrase - account"},
		{"qual o saldo da conta?", "question - balance"},
		{"a casa está fria?", "question get house"},
		{"a ligação caiu", "noun_phrase - call"},
		{"cancele o pedido 42", "imperative cancel order number=42@order"},
		{"cancelou o pedido?", "imperative cancel order"},
		{"desligue a luz", "imperative turn_off light"},
		{"liga a luz da sala", "imperative turn_on light"},
		{"o pedido chegou?", "question - order"},
		{"queria cancelar o pedido", "request cancel order"},
		{"iria cancelar o pedido", "request cancel order"},
		{"ele dormiu", "noun_phrase - -"},
		// A verb form is a word as written, no slip of typing for another
		// (assobiou is not associou, espirrou is not esperou).
		{"assobiou", "noun_phrase - -"},
		{"ele espirrou", "noun_phrase - -"},
	}
	for _, tt := range tests {
		if got := readings(g.Parse(tt.in)); got != tt.want {
			t.Errorf("Parse(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestWordnetVerbConcepts checks the concept each form is given, and the
// forms given none.
func TestWordnetVerbConcepts(t *testing.T) {
	lx, err := Lexicon()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		in, want string // "" for no verb of the hook
	}{
		{"protelou", "reschedule"},
		{"fotocopiasse", "copy"},
		{"cancelariamos", "cancel"}, // cancelar is a hand verb: its concept
		{"cancele", ""},             // the hand lexicon lists the form itself
		{"conta", ""},               // a noun of the hand lexicon
		{"casa", ""},                // a noun of the wordnet
		{"dormiu", ""},              // to sleep is no action
		{"chegassem", ""},           // chegar names no action in the hand lexicon
		{"iremos", ""},              // ir is an auxiliary
		{"quisesse", ""},            // querer asks
		{"para", ""},                // a preposition
		{"xyzzy", ""},
	} {
		got, ok := lx.WordVerb(tt.in)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("WordVerb(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

// TestWordnetVerbsAreWords: every form of a wordnet verb is a word of the
// language.
func TestWordnetVerbsAreWords(t *testing.T) {
	lx, err := Lexicon()
	if err != nil {
		t.Fatal(err)
	}
	db, err := wordnet.Default()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for form := range db.PortugueseVerbForms() {
		if !lx.Word(form) {
			t.Errorf("Word(%q) = false for a verb form", form)
			if n++; n > 10 {
				break
			}
		}
	}
}

func BenchmarkWordnetVerbs(b *testing.B) {
	lx, err := Lexicon()
	if err != nil {
		b.Fatal(err)
	}
	db, err := wordnet.Default()
	if err != nil {
		b.Fatal(err)
	}
	enLx, err := en.Lexicon()
	if err != nil {
		b.Fatal(err)
	}
	enActions := englishActions(enLx)
	b.ReportAllocs()
	for b.Loop() {
		wordnetVerbs(db, lx, enActions, Rules(lx))
	}
}
