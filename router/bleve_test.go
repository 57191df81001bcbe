package router

import (
	"testing"

	"github.com/stalwart-agents/stalwart/catalogue"
)

func TestSearchBleve(t *testing.T) {
	r := shop(t, Options{})
	defer r.Close()
	idx, err := r.Index()
	if err != nil {
		t.Fatal(err)
	}
	n, err := idx.DocCount()
	if err != nil {
		t.Fatal(err)
	}
	if int(n) != len(r.Catalogue().Tools) {
		t.Errorf("the Bleve index holds %d documents, want %d", n, len(r.Catalogue().Tools))
	}
	tests := []struct{ query, top string }{
		{"refund the card", "refund_card"},
		{"search orders of a customer", "search_orders"},
		{"move an order to the archive", "archive_order"},
	}
	for _, tt := range tests {
		hits, err := r.Search(tt.query, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 || hits[0].Tool != tt.top {
			t.Errorf("Search(%q) = %v, want %s first", tt.query, hits, tt.top)
		}
	}
}

// TestSearchTies checks that tools Search scores the same come in
// catalogue order, whichever comes first, with their scores equal to the
// bit: Bleve's own order of equal hits, and the last bits of their scores,
// vary from run to run.
func TestSearchTies(t *testing.T) {
	twins := []catalogue.Tool{
		{Name: "refund_order", Description: "Refunds an order to the card it was paid with."},
		{Name: "refundOrder", Description: "Refunds an order to the card it was paid with."},
		{Name: "list_orders", Description: "Lists a customer's orders."},
	}
	for _, order := range [][]int{{0, 1, 2}, {1, 0, 2}} {
		cat := &catalogue.Catalogue{}
		for _, k := range order {
			cat.Tools = append(cat.Tools, twins[k])
		}
		r := newClosed(t, cat, Options{})
		hits, err := r.Search("refund the order", 3)
		if err != nil {
			t.Fatal(err)
		}
		first, second := cat.Tools[0].Name, cat.Tools[1].Name
		if len(hits) < 2 || hits[0].Tool != first || hits[1].Tool != second || hits[0].Score != hits[1].Score {
			t.Errorf("with %s first in the catalogue, Search(refund the order) = %v, want %s then %s at one score", first, hits, first, second)
		}
	}
}
