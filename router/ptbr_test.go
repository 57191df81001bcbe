package router

import (
	"slices"
	"testing"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// brazilian is the embedded shop routed in Brazilian Portuguese.
func brazilian(t testing.TB) *Router {
	t.Helper()
	return shop(t, Options{Language: tokenize.Brazilian})
}

func TestSelectBrazilian(t *testing.T) {
	r := brazilian(t)
	tests := []struct {
		turn    string
		outcome Outcome
		tool    string
	}{
		{"mostre o pedido 42", Selected, "get_order"},
		{"me mostra o pedido 42", Selected, "get_order"},
		{"mostre-me o pedido 42", Selected, "get_order"},
		{"qual o status do pedido 42?", Selected, "get_order"},
		{"qual é o status do pedido 42?", Selected, "get_order"},
		{"pode me mostrar o pedido 42?", Selected, "get_order"},
		{"estorne os 20 reais do pedido 42", Selected, "refund_card"},
		{"nao cobre o cartao", None, ""},
		{"não cobre o cartão", None, ""},
		{"cobre 20 reais no cartão do pedido 42", Selected, "charge_card"},
		{"cobre R$ 20,00 no cartao do pedido 42", Selected, "charge_card"},
		{"¿puedes mostrar el pedido?", Unread, ""},
		{"puedes mostrar el pedido", Unread, ""},
		{"show me order 42", Unread, ""},
		{"montre-moi la commande", Unread, ""},
	}
	for _, tt := range tests {
		d := r.Select(tt.turn)
		if d.Outcome != tt.outcome || d.Tool != tt.tool {
			t.Errorf("Select(%q) = %s %q, want %s %q (%s)\n%s", tt.turn, d.Outcome, d.Tool, tt.outcome, tt.tool, d.Reason, r.Explain(d))
		}
	}
}

func TestSelectBrazilianKindsAndConfirm(t *testing.T) {
	r := brazilian(t)
	tests := []struct {
		turn    string
		tool    string
		kind    catalogue.Kind
		confirm bool
	}{
		{"me mostra o pedido 42", "get_order", catalogue.Read, false},
		{"cobre 20 reais no cartão do pedido 42", "charge_card", catalogue.Write, true},
	}
	for _, tt := range tests {
		d := r.Select(tt.turn)
		if d.Tool != tt.tool || d.Kind != tt.kind || d.Confirm != tt.confirm {
			t.Errorf("Select(%q) = %q %s confirm=%v, want %q %s confirm=%v", tt.turn, d.Tool, d.Kind, d.Confirm, tt.tool, tt.kind, tt.confirm)
		}
	}
}

func TestSelectBrazilianNegatedReason(t *testing.T) {
	r := brazilian(t)
	d := r.Select("nao cobre o cartao")
	if d.Outcome != None || d.Action != "charge" {
		t.Errorf("Select(%q) = %s action %q, want none for the negated charge (%s)", "nao cobre o cartao", d.Outcome, d.Action, d.Reason)
	}
}

func TestSelectBrazilianUnknownNamesRead(t *testing.T) {
	r := brazilian(t)
	// Names no lexicon knows are often what the catalogue holds: a turn
	// of Portuguese around them is read.
	for _, turn := range []string{
		"mostre o pedido do cliente Xavantes Comercial",
		"busque os pedidos da Ana Souza",
		"quero ver o pedido 42 da Mercearia Pinheirinho",
	} {
		if d := r.Select(turn); d.Outcome == Unread {
			t.Errorf("Select(%q) = unread (%s), want it read", turn, d.Reason)
		}
	}
}

// resolveSecond parses a turn of two clauses and resolves the second
// through the first.
func resolveSecond(t *testing.T, r *Router, turn string) *grammar.Clause {
	t.Helper()
	p := r.gram.Parse(turn)
	if len(p.Clauses) != 2 {
		t.Fatalf("Parse(%q) has %d clauses, want 2", turn, len(p.Clauses))
	}
	return r.resolve(&p.Clauses[1], &p.Clauses[0])
}

// TestResolveEnclitic: a pronoun the verb's word carries ("arquivá-lo")
// refers back, as a pronoun of its own does: the clause takes the things
// of the clause before.
func TestResolveEnclitic(t *testing.T) {
	r := brazilian(t)
	for _, turn := range []string{
		"o pedido 43 está duplicado, pode arquivá-lo",
		"o pedido 43 está duplicado, arquiva ele",
	} {
		c := resolveSecond(t, r, turn)
		if !slices.Contains(c.Objects, "order") {
			t.Errorf("resolve(%q) objects = %q, want the order of the clause before", turn, c.Objects)
		}
	}
}

// TestResolveNullObject: a command that names nothing it acts on takes
// the things of the clause before, as Portuguese leaves out an object the
// conversation holds ("o pedido 43 está duplicado, pode arquivar"); a
// command that names its own thing keeps it.
func TestResolveNullObject(t *testing.T) {
	r := brazilian(t)
	for _, tc := range []struct {
		turn     string
		resolved bool
	}{
		{"o pedido 43 está duplicado, pode arquivar", true},
		{"o pedido 43 está duplicado, arquiva", true},
		{"o pedido 43 está duplicado, arquiva o cliente", false},
	} {
		c := resolveSecond(t, r, tc.turn)
		if got := slices.Contains(c.Objects, "order"); got != tc.resolved {
			t.Errorf("resolve(%q) objects = %q, want the order of the clause before: %v", tc.turn, c.Objects, tc.resolved)
		}
	}
}
