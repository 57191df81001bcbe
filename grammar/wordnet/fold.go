package wordnet

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Fold returns the key under which a Portuguese word is stored: lower case,
// accents removed ("Desligar" -> "desligar", "idéia" -> "ideia", "ação" ->
// "acao"). ASCII input costs no allocation unless it has upper-case letters.
// Fold is safe for concurrent use.
func Fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	// A transform.Chain keeps state, so each call builds its own.
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	folded, _, err := transform.String(t, strings.ToLower(s))
	if err != nil {
		// The transformers never fail on valid input; on invalid UTF-8
		// the lower-cased input is the best key there is.
		return strings.ToLower(s)
	}
	return folded
}
