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
	out, _ := n.normalize(s)
	return out
}

// normalize is Normalize, and reports whether what it returns is ASCII
// (as it is when s is, or is made of the Latin letters latinLower folds).
func (n *Normalizer) normalize(s string) (string, bool) {
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
			return s, true
		}
		return asciiLower(s), true
	}
	if out, ok := latinLower(s); ok {
		return out, true
	}
	return n.fold(s), false
}

// fold returns s folded by the transform chain.
func (n *Normalizer) fold(s string) string {
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

// firstLatin and lastLatin bound the runes latinFolds holds: Latin-1
// Supplement, Latin Extended-A and B.
const (
	firstLatin = 0x80
	lastLatin  = 0x24f
)

// latinFolds holds, for each letter from firstLatin to lastLatin that the
// transform chain folds, alone, to ASCII lower-case letters ("é": e, "Ç":
// c, "ß": ss), those letters; "" for every other rune. It is read from the
// chain itself, once, the first time a text needs it.
var latinFolds = sync.OnceValue(func() []string {
	n := NewNormalizer()
	folds := make([]string, lastLatin-firstLatin+1)
	for r := rune(firstLatin); r <= lastLatin; r++ {
		if !unicode.IsLetter(r) {
			continue
		}
		if f := n.fold(string(r)); f != "" && isLetters(f) {
			folds[r-firstLatin] = f
		}
	}
	return folds
})

// isLetters reports whether s is made of ASCII lower-case letters only.
func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// latinLower folds a text made of ASCII and of the letters latinFolds
// holds, rune by rune, as the transform chain folds it whole: with no
// combining mark in the text, each of these letters folds alone, and the
// ASCII lower-case letters it folds to compose with nothing. It reports
// false for any other text, which the chain must fold.
func latinLower(s string) (string, bool) {
	folds := latinFolds()
	var room [64]byte // the folded text: on the stack while it is short
	b := room[:0]
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b = append(b, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r < firstLatin || r > lastLatin || folds[r-firstLatin] == "" {
			return "", false
		}
		b = append(b, folds[r-firstLatin]...)
		i += size
	}
	return string(b), true
}
