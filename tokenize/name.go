package tokenize

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// SplitName reads a tool name, parameter name or OpenAPI path as lower-case
// words: get_order, getOrder, get-order, GetOrder and "get order" all give
// [get order]; getInvoiceByID gives [get invoice by id]; HTTPServerURL gives
// [http server url]; v2ListUsers gives [v2 list users]; invoice.get gives
// [invoice get]; /orders/{order_id}/charges gives [orders order id charges].
func SplitName(name string) []string {
	return AppendNameWords(nil, name)
}

// AppendNameWords appends the words of name to dst, as SplitName does.
func AppendNameWords(dst []string, name string) []string {
	start := -1 // start of the current word, or -1
	var prev rune
	flush := func(end int) {
		if start >= 0 && end > start {
			dst = appendFolded(dst, Normalize(name[start:end]))
		}
		start = -1
	}
	// Digits stay with the letters before them (v2, ec2, oauth2); an
	// upper-case letter after a digit starts a word (v2ListUsers).
	for i, r := range name {
		if !isWordRune(r) {
			flush(i)
			prev = r
			continue
		}
		if start < 0 {
			start = i
			prev = r
			continue
		}
		switch {
		case unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev)):
			// getOrder, v2List: a new word at the upper-case letter.
			flush(i)
			start = i
		case unicode.IsLower(r) && unicode.IsUpper(prev) && i-start > utf8.RuneLen(prev):
			// HTTPServer: the last capital of an acronym starts the next
			// word.
			flush(i - utf8.RuneLen(prev))
			start = i - utf8.RuneLen(prev)
		}
		prev = r
	}
	flush(len(name))
	return dst
}

// isWordRune reports whether r belongs in a name's word: a letter, a digit
// or a combining mark.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// appendFolded appends a folded word to dst. Folding can make a word of
// something else: NFKC reads U+037A (a letter) as a space and a combining
// mark, so "aͺ" folds to "a ι". A word is split again where folding put
// anything but letters and digits, so no word ever holds a space.
func appendFolded(dst []string, w string) []string {
	if strings.IndexFunc(w, func(r rune) bool { return !isWordRune(r) }) < 0 {
		if w != "" {
			dst = append(dst, w)
		}
		return dst
	}
	return append(dst, strings.FieldsFunc(w, func(r rune) bool { return !isWordRune(r) })...)
}

// JoinName returns the words of name joined by single spaces.
func JoinName(name string) string { return strings.Join(SplitName(name), " ") }
