package tokenize

// Kind is the kind of a token. The zero value is Word.
type Kind uint8

// The token kinds.
const (
	Word       Kind = iota // a word of the language: show, pedido, don't
	Number                 // 42, 4.5, 1,200.50, 20,00
	Identifier             // INV-0042137, ord_8f3a, a UUID
	Email                  // ana@example.com
	Quoted                 // "quoted text", with the quotes
	Money                  // $20, 20 USD, 20 dollars, R$ 20,00
	Date                   // 2026-05-01, 01/05/2026
	Punct                  // ? ! , ; : . and other marks that separate
)

var kindNames = [...]string{"word", "number", "identifier", "email", "quoted", "money", "date", "punct"}

// String returns the kind's name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// MarshalText writes the kind's name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Token is one token of a text. Start and End are byte offsets into the
// original text, so Text == original[Start:End]. The zero value is an empty
// Word token at offset 0.
type Token struct {
	// Text is the token as written.
	Text string `json:"text"`
	// Norm is the token normalised for matching: folded, and for quoted
	// text without the quotes.
	Norm string `json:"norm"`
	// Kind is the token's kind.
	Kind Kind `json:"kind"`
	// Start and End are the byte offsets of Text in the original text.
	Start int `json:"start"`
	End   int `json:"end"`
	// Value is the canonical value of a number ("1200.50"), money
	// ("20.00 USD"), date (ISO 8601) or quoted text (the text inside).
	Value string `json:"value,omitempty"`
}
