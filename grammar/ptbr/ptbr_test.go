package ptbr

import (
	"slices"
	"strings"
	"testing"

	"github.com/stalwart-agents/stalwart/tokenize"
)

// A turn typed without accents reads as the same turn with them.
func TestParseWithoutAccents(t *testing.T) {
	g := testGrammar(t)
	for _, in := range []string{
		"não cobre o cartão",
		"cancelá-lo, por favor",
		"qual é o status do pedido 42?",
		"cadê meu pedido?",
		"quanto eu paguei no pedido 88?",
		"você poderia me mostrar a fatura de março?",
		"dá pra cancelar a reunião de amanhã?",
		"estorne R$ 49,90 do cartão",
		"marca uma reunião na segunda que vem",
		"deixa pra lá, não precisa",
		"começa a gravação às três",
		"apague a avaliação, é spam",
	} {
		bare := foldAccents(in)
		if have, want := readings(g.Parse(bare)), readings(g.Parse(in)); have != want {
			t.Errorf("Parse(%q) = %q, want %q as for %q", bare, have, want, in)
		}
	}
}

// foldAccents writes s as someone typing without accents would.
func foldAccents(s string) string {
	return strings.NewReplacer("á", "a", "à", "a", "â", "a", "ã", "a", "é", "e", "ê", "e", "í", "i",
		"ó", "o", "ô", "o", "õ", "o", "ú", "u", "ç", "c").Replace(s)
}

func TestSplit(t *testing.T) {
	lx, err := Lexicon()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in, want string
	}{
		// Clitics: the r an infinitive drops before -lo comes back.
		{"mostre-me", "mostre me"},
		{"devolva-lhe", "devolva lhe"},
		{"envie-nos", "envie nos"},
		{"cancele-o", "cancele o"},
		{"cancela-lo", "cancelar o"},
		{"vende-la", "vender a"},
		{"abri-los", "abrir os"},
		{"faze-lo", "fazer o"},
		{"cadastrar-se", "cadastrar se"},
		{"mostrar-lhe-ei", "mostrar lhe"},
		// Contractions the lexicon does not list.
		{"dum", "de um"},
		{"duma", "de uma"},
		{"nalgum", "em algum"},
		{"praquele", "para aquele"},
		{"pelos", "por os"},
		{"aos", "a os"},
		{"nisso", "em isso"},
		{"daqui", "de aqui"},
		// Informal writing.
		{"vc", "voce"},
		{"vcs", "voces"},
		{"ta", "esta"},
		{"pfv", "por favor"},
		{"q", "que"},
		{"n", "nao"},
		{"tb", "tambem"},
		{"hj", "hoje"},
		{"pq", "por que"},
		// Words that stand for themselves.
		{"segunda-feira", "segunda-feira"},
		{"pedido", ""},
		{"check-in", ""},
	}
	for _, tt := range tests {
		if have := strings.Join(Split(lx, tt.in), " "); have != tt.want {
			t.Errorf("Split(%q) = %q, want %q", tt.in, have, tt.want)
		}
	}
}

func TestVerbForms(t *testing.T) {
	m := Morphology()
	tests := []struct {
		base string
		want []string
	}{
		{"mostrar", []string{"mostrar", "mostra", "mostre", "mostrem", "mostro", "mostram", "mostrei", "mostrou",
			"mostrado", "mostrada", "mostrados", "mostradas", "mostrando", "mostrarei"}},
		{"ficar", []string{"fique", "fiquem", "fiquei", "ficou"}},
		{"pagar", []string{"pague", "paguem", "paguei", "pagou"}},
		{"bloquear", []string{"bloqueio", "bloqueia", "bloqueie", "bloqueou", "bloqueado"}},
		{"vender", []string{"vende", "venda", "vendam", "vendi", "vendeu", "vendido", "vendendo"}},
		{"proteger", []string{"protejo", "proteja", "protege"}},
		{"oferecer", []string{"ofereco", "ofereca", "oferece"}},
		{"abrir", []string{"abre", "abra", "abrem", "abriu", "abrindo"}},
		{"corrigir", []string{"corrijo", "corrija", "corrige"}},
		{"distinguir", []string{"distingo", "distinga", "distingue"}},
		{"excluir", []string{"exclui", "exclua", "excluem", "excluiu", "excluido"}},
		{"sair", []string{"saio", "sai", "saia", "saem", "saiu"}},
		{"traduzir", []string{"traduz", "traduza", "traduziu"}},
		{"compor", []string{"componho", "compoe", "componha", "composto"}},
		{"ver", []string{"ver"}},
	}
	for _, tt := range tests {
		forms := m.VerbForms(tt.base, nil)
		for _, f := range tt.want {
			if !slices.Contains(forms, f) {
				t.Errorf("VerbForms(%q) = %v, want %q among them", tt.base, forms, f)
			}
		}
	}
	// The irregular forms the lexicon lists are added, folded.
	lx, err := Lexicon()
	if err != nil {
		t.Fatal(err)
	}
	for form, concept := range map[string]string{"faca": "create", "fiz": "create", "veja": "get", "traga": "get",
		"ponha": "create", "comece": "start", "aberto": "open", "peca": "request"} {
		if have := lx.Actions[form]; have != concept {
			t.Errorf("Actions[%q] = %q, want %q", form, have, concept)
		}
	}
}

// A turn in another language has marks, short words or words that are
// not Portuguese, which the router reads as unread; a turn in Portuguese
// around names no lexicon knows is read.
func TestParseOtherLanguages(t *testing.T) {
	g := testGrammar(t)
	const minRead = 0.34 // the router's share (router/decide.go)
	unread := func(in string) bool {
		p := g.Parse(in)
		return p.Foreign || p.Read == 0 || p.Short > 0 && 2*p.ShortRead < p.Short || p.Read < minRead*float64(p.Words)
	}
	for _, in := range []string{
		"¿puedes mostrar el pedido?",
		"puedes mostrar el pedido",
		"show me order 42",
		"can you show me my orders",
		"montre-moi la commande",
		"annule la commande 42",
		"cancela el pedido de la tienda",
	} {
		if !unread(in) {
			p := g.Parse(in)
			t.Errorf("Parse(%q) read %.1f of %d words, %d of %d short, foreign %v: want it unread", in, p.Read, p.Words, p.ShortRead, p.Short, p.Foreign)
		}
	}
	for _, in := range []string{
		"mostre o pedido do cliente Xavantes Comercial",
		"quero comprar o Galaxy Note Ultra",
		"cancela a reserva no Copacabana Palace",
		"toca Legião Urbana na sala",
	} {
		if unread(in) {
			p := g.Parse(in)
			t.Errorf("Parse(%q) read %.1f of %d words, %d of %d short: want it read", in, p.Read, p.Words, p.ShortRead, p.Short)
		}
	}
}

func TestLanguage(t *testing.T) {
	g := testGrammar(t)
	if g.Language() != tokenize.Brazilian {
		t.Errorf("Language() = %q, want %q", g.Language(), tokenize.Brazilian)
	}
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if d.Lexicon() != g.Lexicon() {
		t.Error("Default() and New() read different lexicons")
	}
}
