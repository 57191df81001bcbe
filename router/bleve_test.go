package router

import "testing"

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
