package tokenize

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestSplitName(t *testing.T) {
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
		{"/orders/{order_id}/charges", "orders order id charges"},
		{"GET_ORDER", "get order"},
		{"listEC2Instances", "list ec2 instances"},
		{"crm_contact_update", "crm contact update"},
		{"create-ticket", "create ticket"},
		{"gh.issue.create", "gh issue create"},
		{"ÓrdenGet", "orden get"},
		{"", ""},
		{"__", ""},
		// Folding makes U+037A a space and a mark: the word is split
		// again after folding.
		{"aͺ", "a ι"},
		{"getͺOrder", "get ι order"},
	}
	for _, tt := range tests {
		if got := JoinName(tt.in); got != tt.want {
			t.Errorf("SplitName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Não", "nao"},
		{"CARTÃO", "cartao"},
		{"ﬁle", "file"},        // NFKC ligature
		{"Ｏｒｄｅｒ", "order"},     // full width
		{"Straße", "strasse"},  // case folding
		{"café", "cafe"},       // precomposed
		{"cafe\u0301", "cafe"}, // combining accent
		{"already plain", "already plain"},
	}
	for _, tt := range tests {
		if got := Normalize(tt.in); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTokenize(t *testing.T) {
	tests := []struct {
		lang Language
		in   string
		want string // kind:value-or-norm, space separated
	}{
		{English, "show me order 42", "word:show word:me word:order number:42"},
		{English, "charge 4.5 and 1,200.50", "word:charge number:4.5 word:and number:1200.50"},
		{English, "invoice INV-0042137", "word:invoice identifier:inv-0042137"},
		{English, "order ord_8f3a", "word:order identifier:ord_8f3a"},
		{English, "run 550e8400-e29b-41d4-a716-446655440000", "word:run identifier:550e8400-e29b-41d4-a716-446655440000"},
		{English, "email ana.silva@example.com", "word:email email:ana.silva@example.com"},
		{English, `search "blue shoes"`, "word:search quoted:blue shoes"},
		{English, "search \u201cred hat\u201d", "word:search quoted:red hat"},
		{English, "refund $20", "word:refund money:20 USD"},
		{English, "refund 20 USD", "word:refund money:20 USD"},
		{English, "refund 20 dollars", "word:refund money:20 USD"},
		{English, "refund €4.50", "word:refund money:4.50 EUR"},
		{English, "refund 50 cents", "word:refund money:0.50 USD"},
		{English, "what's the status?", "word:what's word:the word:status punct:?"},
		{English, "don't charge it", "word:don't word:charge word:it"},
		{English, "due 2026-05-01", "word:due date:2026-05-01"},
		{English, "a 20% discount", "word:a number:20% word:discount"},
		{English, "'quoted' and it's", "quoted:quoted word:and word:it's"},
		{Brazilian, "estorne R$ 20,00", "word:estorne money:20.00 BRL"},
		{Brazilian, "cobre 20 reais", "word:cobre money:20 BRL"},
		{Brazilian, "total 1.200,50", "word:total number:1200.50"},
		{Brazilian, "vence 01/05/2026", "word:vence date:2026-05-01"},
		{English, "due 05/01/2026", "word:due date:2026-01-05"},
		{English, "due 12/31/2026", "word:due date:2026-12-31"},
		{English, "due 13/13/2026", "word:due identifier:13/13/2026"},
		{English, "on 2023.10.1", "word:on date:2023-10-01"},
		{English, "on 2023/10/01", "word:on date:2023-10-01"},
		{English, "by 01.05.2026", "word:by date:2026-05-01"},
		{English, "deploy 2.14.0", "word:deploy identifier:2.14.0"},
		{English, "host 10.0.0.1", "word:host identifier:10.0.0.1"},
		{Brazilian, "total 1.200.500", "word:total number:1200500"},
		{Brazilian, "não cobre o cartão", "word:nao word:cobre word:o word:cartao"},
		{Brazilian, "mostre-me", "word:mostre-me"},
		{English, "my AT&T bill", "word:my word:at&t word:bill"},
		{English, "R&D&", "word:r&d"},
	}
	for _, tt := range tests {
		tk, err := New(tt.lang)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, tok := range tk.Tokenize(tt.in) {
			if tt.in[tok.Start:tok.End] != tok.Text {
				t.Errorf("Tokenize(%q): token %q has offsets [%d,%d] that say %q", tt.in, tok.Text, tok.Start, tok.End, tt.in[tok.Start:tok.End])
			}
			v := tok.Norm
			if tok.Value != "" && tok.Kind != Quoted {
				v = tok.Value
			}
			got = append(got, tok.Kind.String()+":"+v)
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("Tokenize(%q) = %q, want %q", tt.in, g, tt.want)
		}
	}
}

func TestCanonicalNumber(t *testing.T) {
	tests := []struct {
		in   string
		lang Language
		want string
		ok   bool
	}{
		{"42", English, "42", true},
		{"4.5", English, "4.5", true},
		{"1,200", English, "1200", true},
		{"1,200.50", English, "1200.50", true},
		{"1,234,567", English, "1234567", true},
		{"1.200", Brazilian, "1200", true},
		{"1.200,50", Brazilian, "1200.50", true},
		{"20,00", Brazilian, "20.00", true},
		{"20,00", English, "20.00", true},
		{"1,2,3", English, "", false},
		{"x", English, "", false},
		{"4.", English, "4.", true},
		{"4.5.6", English, "", false},
		{"42x", English, "", false},
	}
	for _, tt := range tests {
		got, ok := CanonicalNumber(tt.in, tt.lang)
		if got != tt.want || ok != tt.ok {
			t.Errorf("CanonicalNumber(%q, %s) = %q, %v, want %q, %v", tt.in, tt.lang, got, ok, tt.want, tt.ok)
		}
	}
	// A number written in canonical form is returned as it is, with no
	// allocation; one with a mark to drop or change is written anew.
	for _, in := range []string{"42", "4.5", "2026"} {
		if n := testing.AllocsPerRun(100, func() { numberSink, _ = CanonicalNumber(in, English) }); n != 0 {
			t.Errorf("CanonicalNumber(%q) allocates %v times, want 0", in, n)
		}
	}
	if n := testing.AllocsPerRun(100, func() { numberSink, _ = CanonicalNumber("1,200", English) }); n != 1 {
		t.Errorf("CanonicalNumber(1,200) allocates %v times, want 1", n)
	}
}

// numberSink keeps the allocation tests' results alive.
var numberSink string

func TestParseLanguage(t *testing.T) {
	for _, ok := range []string{"en", "EN", "en-US", "", "pt-BR", "pt-br", "pt_BR"} {
		if _, err := ParseLanguage(ok); err != nil {
			t.Errorf("ParseLanguage(%q) = %v, want no error", ok, err)
		}
	}
	for _, bad := range []string{"pt", "pt-PT", "es", "fr-FR"} {
		_, err := ParseLanguage(bad)
		if err == nil || !strings.Contains(err.Error(), "en and pt-BR") {
			t.Errorf("ParseLanguage(%q) = %v, want an error naming en and pt-BR", bad, err)
		}
	}
}

func TestStem(t *testing.T) {
	en, err := NewStemmer(English)
	if err != nil {
		t.Fatal(err)
	}
	pt, err := NewStemmer(Brazilian)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		s    *Stemmer
		a, b string
	}{
		{en, "charging", "charged"},
		{en, "orders", "order"},
		{en, "invoices", "invoice"},
		{pt, "pedidos", "pedido"},
		{pt, "faturas", "fatura"},
	}
	for _, tt := range tests {
		if x, y := tt.s.Stem(tt.a), tt.s.Stem(tt.b); x != y {
			t.Errorf("Stem(%q) = %q, Stem(%q) = %q, want the same", tt.a, x, tt.b, y)
		}
		if x, y := tt.s.Stem(tt.a), tt.s.Stem(tt.a); x != y {
			t.Errorf("cached Stem(%q) = %q, want %q", tt.a, y, x)
		}
	}
	if _, err := NewStemmer("es"); err == nil {
		t.Error("NewStemmer(es) = nil error, want an unsupported language")
	}
}

func FuzzTokenize(f *testing.F) {
	for _, s := range []string{
		"show me order 42", "refund $20 on INV-0042137", `search "a b" 'c'`,
		"não cobre R$ 20,00", "1,200.50 20 dollars", "ana@x.com", "\xff\xfe", "ǅ ﬁ ß İ",
		"2026-05-01 01/05/2026", "R$", "$", "' ' \"", "getInvoiceByID", "20usd 8f3a",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, lang := range Languages {
			tk, err := New(lang)
			if err != nil {
				t.Fatal(err)
			}
			last := 0
			for _, tok := range tk.Tokenize(s) {
				if tok.Start < last || tok.End < tok.Start || tok.End > len(s) {
					t.Fatalf("Tokenize(%q): token %+v has offsets outside the input or out of order", s, tok)
				}
				if s[tok.Start:tok.End] != tok.Text {
					t.Fatalf("Tokenize(%q): token text %q is not the input at its offsets", s, tok.Text)
				}
				last = tok.End
			}
		}
		n := Normalize(s)
		if n2 := Normalize(n); n2 != n {
			t.Fatalf("Normalize(Normalize(%q)) = %q, want %q", s, n2, n)
		}
		if !utf8.ValidString(n) {
			t.Fatalf("Normalize(%q) = %q, not valid UTF-8", s, n)
		}
		for _, w := range SplitName(s) {
			if w == "" || strings.ContainsFunc(w, unicode.IsSpace) {
				t.Fatalf("SplitName(%q) has word %q", s, w)
			}
		}
	})
}

func ExampleSplitName() {
	fmt.Println(SplitName("getInvoiceByID"))
	fmt.Println(SplitName("/orders/{order_id}/charges"))
	// Output:
	// [get invoice by id]
	// [orders order id charges]
}

func ExampleTokenizer_Tokenize() {
	tk, err := New(English)
	if err != nil {
		panic(err)
	}
	for _, tok := range tk.Tokenize("refund $20 on INV-0042137") {
		fmt.Println(strings.TrimSpace(fmt.Sprintf("%s %q [%d,%d] %s", tok.Kind, tok.Text, tok.Start, tok.End, tok.Value)))
	}
	// Output:
	// word "refund" [0,6]
	// money "$20" [7,10] 20 USD
	// word "on" [11,13]
	// identifier "INV-0042137" [14,25]
}
