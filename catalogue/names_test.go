package catalogue

import (
	"strings"
	"testing"
)

func TestNameWords(t *testing.T) {
	tests := []struct{ in, want string }{
		{"get_order", "get order"},
		{"getOrder", "get order"},
		{"get-order", "get order"},
		{"GetOrder", "get order"},
		{"get order", "get order"},
		{"invoice.get", "invoice get"},
		{"refund.create", "refund create"},
		{"HassTurnOn", "hass turn on"},
		{"getInvoiceByID", "get invoice by id"},
		{"HTTPServerURL", "http server url"},
		{"v2ListUsers", "v2 list users"},
		{"v2_list_users", "v2 list users"},
		{"oauth2Token", "oauth2 token"},
		{"/orders/{order_id}/charges", "orders order id charges"},
		{"ID", "id"},
		{"  __x__  ", "x"},
		{"", ""},
		{"criarPedidoDeCompra", "criar pedido de compra"},
		{"ÉditerCommande", "editer commande"}, // folded, as the router reads it
		{"aͺ", "a ι"},                         // U+037A folds to a space and iota: two words
	}
	for _, tt := range tests {
		if got := strings.Join(NameWords(tt.in), " "); got != tt.want {
			t.Errorf("NameWords(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
