package router

import (
	"strings"
	"sync"
	"testing"
)

// The library's own limits: a turn over MaxTurnBytes, the zero Router and
// a nil one are unread, never a panic; Close may be called twice and
// alongside Search.

func TestSelectLongTurn(t *testing.T) {
	r := shop(t, Options{})
	turn := strings.Repeat("show me order 42 ", 3<<20) // about 50 MB
	d := r.Select(turn)
	if d.Outcome != Unread || !strings.Contains(d.Reason, "over the") {
		t.Errorf("Select(50 MB) = %s (%s), want unread for its length", d.Outcome, d.Reason)
	}
	if got := r.Shortlist(turn, 3); len(got) != 0 {
		t.Errorf("Shortlist(50 MB) = %v, want none", got)
	}
	if d := r.Select(strings.Repeat("a", MaxTurnBytes)); d.Outcome == Unread && strings.Contains(d.Reason, "over the") {
		t.Errorf("Select of exactly MaxTurnBytes is refused for its length")
	}
}

func TestZeroRouter(t *testing.T) {
	var zero Router
	var null *Router
	for name, r := range map[string]*Router{"zero": &zero, "nil": null} {
		if d := r.Select("show me order 42"); d.Outcome != Unread || d.Reason != "the router was not built with New" {
			t.Errorf("%s Router: Select = %s (%s), want unread", name, d.Outcome, d.Reason)
		}
		if d := r.SelectWith("show me order 42", Request{}); d.Outcome != Unread {
			t.Errorf("%s Router: SelectWith = %s, want unread", name, d.Outcome)
		}
		if got := r.Shortlist("show me order 42", 3); len(got) != 0 {
			t.Errorf("%s Router: Shortlist = %v, want none", name, got)
		}
		if _, err := r.Search("order", 3); err == nil {
			t.Errorf("%s Router: Search gave no error", name)
		}
		if err := r.Close(); err != nil {
			t.Errorf("%s Router: Close = %v", name, err)
		}
	}
}

func TestCloseTwiceAndAlongside(t *testing.T) {
	r := shop(t, Options{})
	if _, err := r.Search("order", 3); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				if _, err := r.Search("refund order", 3); err != nil && err != errClosed {
					t.Errorf("Search alongside Close = %v, want results or errClosed", err)
				}
				r.Select("refund order 42")
			}
		}()
	}
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := r.Close(); err != nil {
				t.Errorf("Close = %v", err)
			}
		}()
	}
	wg.Wait()
	if err := r.Close(); err != nil {
		t.Errorf("a third Close = %v", err)
	}
	if _, err := r.Search("order", 3); err == nil {
		t.Error("Search after Close gave no error")
	}
	if d := r.Select("show me order 42"); d.Tool != "get_order" {
		t.Errorf("Select after Close = %s %q, want get_order", d.Outcome, d.Tool)
	}
}

// A turn is unread when it is in another language; the parts of a
// hyphenated code ("fw-web", "pg-main") are no evidence of one.
func TestReadLanguageOfCodes(t *testing.T) {
	r := shop(t, Options{})
	for _, tc := range []struct {
		turn   string
		unread bool
	}{
		{"open port 443 on firewall fw-web", false},
		{"restart pg-main with failover", false},
		{"let UDP 51820 through fw-vpn", false},
		{"que hora es?", true},
		{"hola como estas, como te llamas?", true},
		{"kak rok ada size XL ga?", true},
		{"montre-moi la commande", true},
		{"cancela el pedido de la tienda", true},
	} {
		d := r.Select(tc.turn)
		if got := d.Outcome == Unread; got != tc.unread {
			t.Errorf("Select(%q) = %s (%s), want unread %v", tc.turn, d.Outcome, d.Reason, tc.unread)
		}
	}
}
