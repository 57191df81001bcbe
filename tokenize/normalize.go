// Package tokenize turns text into the terms the router matches: turns,
// tool names and descriptions all go through it, so nothing is analysed two
// different ways.
//
// # Normalisation
//
// A Normalizer applies Unicode NFKC, case folding and accent folding, in one
// transform chain built once per language. Normalising twice changes
// nothing.
//
// # Tokens
//
// Tokenize reads a turn into tokens that keep their byte offsets into the
// original text and carry a kind: word, number, identifier, email, quoted
// text, money, date or punctuation.
//
// # Names
//
// SplitName reads a tool name as words: snake_case, camelCase, PascalCase,
// acronyms, digits, dots, dashes, spaces and OpenAPI paths.
//
// # Stems
//
// A Stemmer stems English or Portuguese words with the Snowball algorithms,
// behind a cache.
package tokenize

import (
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Language is a language the tokenizer reads. The zero value, "", names no
// language; ParseLanguage reads "" as English.
type Language string

// The languages this package supports.
const (
	English   Language = "en"
	Brazilian Language = "pt-BR"
)

// Languages lists the supported languages, for messages.
var Languages = []Language{English, Brazilian}

// ParseLanguage reads a language name. It accepts en (and en-US, en_GB and
// such), and pt-BR, pt-br or pt_BR; it refuses pt, pt-PT and every other
// language with an error that names the supported ones.
func ParseLanguage(s string) (Language, error) {
	l := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), "_", "-"))
	switch {
	case l == "" || l == "en" || strings.HasPrefix(l, "en-"):
		return English, nil
	case l == "pt-br":
		return Brazilian, nil
	}
	return "", fmt.Errorf("unsupported language %q: the supported languages are en and pt-BR", s)
}

// Normalizer folds text for matching: NFKC, case folding and accent folding.
// It is safe for concurrent use. Make one with NewNormalizer: the zero
// Normalizer is not usable.
type Normalizer struct {
	// chains pools the transform chain: a chain keeps state between calls,
	// so each goroutine takes its own, and none is built per call.
	chains sync.Pool
}

// NewNormalizer returns a Normalizer. The same folding serves both
// languages: a pt-BR turn typed without accents must read as one with them,
// and English text loses nothing by it.
func NewNormalizer() *Normalizer {
	n := &Normalizer{}
	n.chains.New = func() any {
		return transform.Chain(
			norm.NFKC,
			cases.Fold(),
			norm.NFD,
			runes.Remove(runes.In(unicode.Mn)),
			norm.NFC,
		)
	}
	return n
}

var defaultNormalizer = NewNormalizer()

// Normalize folds s with the shared default Normalizer.
func Normalize(s string) string { return defaultNormalizer.Normalize(s) }

// Normalize returns s folded: NFKC, case folded, accents removed. ASCII
// text takes a fast path that allocates only when it has upper-case letters.
func (n *Normalizer) Normalize(s string) string {
	ascii, upper := true, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		if 'A' <= c && c <= 'Z' {
			upper = true
		}
	}
	if ascii {
		if !upper {
			return s
		}
		return asciiLower(s)
	}
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	t := n.chains.Get().(transform.Transformer)
	defer n.chains.Put(t)
	// One pass is a fixed point for nearly all text; a few characters fold
	// into ones the chain changes again, so run it until nothing changes.
	for range 4 {
		out, _, err := transform.String(t, s)
		if err != nil {
			return foldRunes(s)
		}
		if out == s {
			break
		}
		s = out
		if isASCIILower(s) {
			break
		}
	}
	return s
}

func isASCIILower(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
			return false
		}
	}
	return true
}

func asciiLower(s string) string {
	b := make([]byte, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	return string(b)
}

// foldRunes folds rune by rune; invalid bytes become U+FFFD.
func foldRunes(s string) string {
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
