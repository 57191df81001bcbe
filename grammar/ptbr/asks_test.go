package ptbr

import (
	"flag"
	"strings"
	"testing"

	"github.com/stalwart-agents/stalwart/grammar/en"
)

// wrong also runs the rows the grammar is known to read wrongly, kept out
// of the passing tables until the engine reads them right:
//
//	go test ./grammar/ptbr -run Asks -wrong
var wrong = flag.Bool("wrong", false, "also run the rows the grammar is known to read wrongly")

// asksRow is a turn and what its first clause asks for: the concepts of
// Clause.Asks joined by spaces, "" for none.
type asksRow struct {
	in, want string
}

var asksRows = []asksRow{
	// A question word at the start of a question.
	{"quando é a próxima consulta no dentista?", "date time"},
	{"quando vence a conta de luz", "date time"},
	{"onde eu deixei meu guarda-chuva", "location"},
	{"onde fica o banheiro", "location"},
	{"cadê o controle da TV?", "location"},
	{"oi, cadê a farmácia mais perto?", "location"},
	{"que horas são?", "time"},
	{"quem está de plantão neste fim de semana?", "person name"},
	{"de quem é essa mochila?", "owner person"},
	{"quantas páginas tem o livro novo", "count number quantity"},
	{"quantas vezes fui cobrado este mês?", "count number"},
	{"quanto eu paguei na última conta de água?", "amount price cost"},
	{"quanta memória o celular tem?", "amount quantity"},
	{"por que a internet caiu?", "reason"},
	// A phrase wins over its first word.
	{"quanto custa o ingresso do museu", "price cost"},
	{"quanto tempo dura o voo para Recife", "duration"},
	{"há quanto tempo a encomenda está parada?", "duration"},
	{"quantos anos tem o prédio?", "age duration"},
	{"a que distância fica o aeroporto?", "distance"},
	{"que horas a academia abre amanhã", "time"},
	{"que dia é hoje?", "date"},
	// After a conjunction, a preposition that starts the question, a
	// comma, or last after its verb.
	{"e quando chega o técnico?", "date time"},
	{"desde quando o alarme está ligado?", "date time"},
	{"pra onde foi enviado o pacote?", "location"},
	{"e o aluguel, quando vence?", "date time"},
	{"a reunião é quando?", "date time"},
	{"o pacote foi enviado pra onde?", "location"},
	// Indirect questions, after a verb of knowing or telling.
	{"me diz quando a biblioteca abre", "date time"},
	{"me diz quando sai a balsa para a ilha", "date time"},
	{"me fala onde fica a farmácia", "location"},
	{"quero saber onde está o carregador do notebook", "location"},
	{"preciso saber quando vence o aluguel", "date time"},
	{"você sabe onde está a tesoura?", "location"},
	{"você pode ver quantos lugares sobram no trem?", "count number quantity"},
	{"gostaria de saber quanto custa a entrega", "price cost"},
	{"como eu sei quando meu cartão vence", "date time"},
	// A question with no question word, or one that asks for a thing.
	{"a janela do quarto está aberta?", ""},
	{"qual é o endereço da loja", ""},
	{"mostra as fotos do casamento", ""},
	// A relative is no question.
	{"a loja onde eu trabalho", ""},
	{"a conta onde caiu o pagamento", ""},
	// A subordinate "quando" is no question: before a main clause, or
	// with its verb in the future subjunctive (a time to come).
	{"quando eu entrar, mostra meus pedidos", ""},
	{"quando chegar, me avisa", ""},
	{"quando a encomenda chegar me avisa", ""},
	{"me diz quando o pedido chegar", ""},
	{"quando terminar, arquiva a conversa", ""},
	// A verb that takes no indirect question, and a negated request.
	{"me lembra quando a roupa secar", ""},
	{"não me diz quando acaba o filme", ""},
}

// asksWrong are turns the grammar reads wrongly today (see -wrong): a
// question whose verb has the shape of a command is read as a command.
var asksWrong = []asksRow{
	{"a que horas a farmácia fecha?", "time"},         // imperative
	{"a loja abre quando?", "date time"},              // imperative
	{"e a piscina, que horas fecha?", "time"},         // imperative
	{"até quando posso pagar o boleto?", "date time"}, // imperative
}

// TestParseAsks reads what a question word asks for, in turns written
// with their accents and without them.
func TestParseAsks(t *testing.T) {
	g := testGrammar(t)
	tests := asksRows
	if *wrong {
		tests = append(tests[:len(tests):len(tests)], asksWrong...)
	}
	for _, tt := range tests {
		for _, in := range []string{tt.in, foldAccents(tt.in)} {
			c := g.Parse(in).Clauses[0]
			if got := strings.Join(c.Asks, " "); got != tt.want {
				t.Errorf("Parse(%q).Asks = %q, want %q", in, got, tt.want)
			}
		}
	}
	// What a question word asks for is no object: the objects are the
	// things the turn names.
	for _, tt := range []struct{ in, objects string }{
		{"quando vence a conta de luz", "electricity_bill"},
		{"quantos anos tem o prédio?", "building"},
	} {
		if got := strings.Join(g.Parse(tt.in).Clauses[0].Objects, " "); got != tt.objects {
			t.Errorf("Parse(%q).Objects = %q, want %q", tt.in, got, tt.objects)
		}
	}
}

// TestAsksConcepts checks that every concept the pt-BR asks class names
// is a noun concept of the English lexicon, the one tool words are read
// through, and that the indirect verbs have their forms.
func TestAsksConcepts(t *testing.T) {
	lx, err := Lexicon()
	if err != nil {
		t.Fatal(err)
	}
	enLx, err := en.Lexicon()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"quando", "onde", "cade", "quantos", "que horas", "quanto custa"} {
		if len(lx.Asks[w]) == 0 {
			t.Errorf("Asks[%q] is empty", w)
		}
	}
	for w, concepts := range lx.Asks {
		for _, c := range concepts {
			if !enLx.IsNounConcept(c) {
				t.Errorf("asks word %q names %q, no noun concept of the English lexicon", w, c)
			}
		}
	}
	for _, w := range []string{"diz", "diga", "sabe", "sei", "saber", "fala"} {
		if !lx.Indirect[w] {
			t.Errorf("Indirect[%q] = false, want true", w)
		}
	}
}
