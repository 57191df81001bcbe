package tokenize

import (
	"fmt"
	"strings"
)

// CanonicalNumber returns a written number in canonical form: digits, with
// "." as the decimal mark and no grouping ("1,200.50" -> "1200.50"). The
// language decides a lone mark followed by exactly three digits: English
// reads "1,200" as a thousand two hundred and "4.500" as four and a half;
// Portuguese reads "1.200" as a thousand two hundred and "1,200" as one
// point two. Where both marks appear, the last one is the decimal mark.
func CanonicalNumber(s string, lang Language) (string, bool) {
	if s == "" || !isDigit(rune(s[0])) {
		return "", false
	}
	lastComma, lastDot := strings.LastIndexByte(s, ','), strings.LastIndexByte(s, '.')
	group, decimal := byte(0), byte(0)
	switch {
	case lastComma < 0 && lastDot < 0:
	case lastComma >= 0 && lastDot >= 0:
		if lastComma > lastDot {
			group, decimal = '.', ','
		} else {
			group, decimal = ',', '.'
		}
	default:
		mark := byte(',')
		at := lastComma
		if lastDot >= 0 {
			mark, at = '.', lastDot
		}
		grouping := byte(',')
		if lang == Brazilian {
			grouping = '.'
		}
		switch {
		case strings.Count(s, string(mark)) > 1:
			group = mark
		case len(s)-at-1 == 3 && mark == grouping:
			group = mark
		default:
			decimal = mark
		}
	}
	if group == 0 && (decimal == 0 || decimal == '.') && canonicalAlready(s) {
		return s, true // no allocation: the number is written as it is read
	}
	var b strings.Builder
	b.Grow(len(s))
	seenDecimal := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isDigit(rune(c)):
			b.WriteByte(c)
		case c == group && !seenDecimal:
			// Groups of three digits only.
			if j := strings.IndexAny(s[i+1:], ",."); (j >= 0 && j != 3) || (j < 0 && len(s)-i-1 != 3 && c != decimal) {
				return "", false
			}
		case c == decimal && !seenDecimal:
			seenDecimal = true
			b.WriteByte('.')
		default:
			return "", false
		}
	}
	return b.String(), true
}

// canonicalAlready reports whether s is digits with at most one '.'
// among them: a number in canonical form.
func canonicalAlready(s string) bool {
	dot := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case isDigit(rune(c)):
		case c == '.' && !dot && i > 0 && i < len(s)-1:
			dot = true
		default:
			return false
		}
	}
	return true
}

// canonicalDate reads 2026-05-01 (ISO) and 01/05/2026 or 1/5/26 (day
// first, as pt-BR and most of the world write it; month first when only
// that reading is a date, 12/31/2026) into ISO 8601; and the year first
// with dots or slashes (2026.05.01, 2026/5/1) or with dashes and a month
// or day of one digit (2023-10-1), and the day first with
// dots and a year of four digits (01.05.2026), as much of the world
// writes them too.
func canonicalDate(s string) (string, bool) {
	var y, m, d int
	switch {
	case len(s) >= 8 && len(s) <= 9 && s[4] == '-' && digits(s[:4]),
		len(s) >= 8 && len(s) <= 10 && (s[4] == '.' || s[4] == '/') && digits(s[:4]):
		// 2026/05/01, 2026.5.1, and a dash with a one-digit month or day
		// (2023-10-1); ten characters with dashes are the ISO case below.
		sep := s[4]
		rest := s[5:]
		k := strings.IndexByte(rest, sep)
		if k < 1 || k > 2 || len(rest)-k-1 < 1 || len(rest)-k-1 > 2 || !digits(rest[:k]) || !digits(rest[k+1:]) {
			return "", false
		}
		y, m, d = atoiDigits(s[:4]), atoiDigits(rest[:k]), atoiDigits(rest[k+1:])
	case strings.Count(s, ".") == 2:
		i := strings.IndexByte(s, '.')
		j := i + 1 + strings.IndexByte(s[i+1:], '.')
		if i < 1 || i > 2 || j-i-1 < 1 || j-i-1 > 2 || len(s)-j-1 != 4 || !digits(s[:i]) || !digits(s[i+1:j]) || !digits(s[j+1:]) {
			return "", false
		}
		d, m, y = atoiDigits(s[:i]), atoiDigits(s[i+1:j]), atoiDigits(s[j+1:])
		if m > 12 && d <= 12 {
			d, m = m, d
		}
	case len(s) == 10 && s[4] == '-' && s[7] == '-':
		if digits(s[:4]) && digits(s[5:7]) && digits(s[8:]) {
			// What Sscanf reads of it, without its allocations.
			y, m, d = atoiDigits(s[:4]), atoiDigits(s[5:7]), atoiDigits(s[8:])
		} else if v, ok := scanDate(s, "%4d-%2d-%2d"); ok {
			y, m, d = v[0], v[1], v[2]
		} else {
			return "", false
		}
	case strings.Count(s, "/") == 2:
		parts := strings.Split(s, "/")
		if len(parts[0]) > 2 || len(parts[1]) > 2 || (len(parts[2]) != 2 && len(parts[2]) != 4) {
			return "", false
		}
		v, ok := scanDate(s, "%d/%d/%d")
		if !ok {
			return "", false
		}
		d, m, y = v[0], v[1], v[2]
		if m > 12 && d <= 12 {
			// 12/31/2023: a month first, as the United States write
			// it, is the only reading when the second number is no
			// month.
			d, m = m, d
		}
		if y < 100 {
			y += 2000
		}
	default:
		return "", false
	}
	if m < 1 || m > 12 || d < 1 || d > 31 || y < 1000 || y > 9999 {
		return "", false
	}
	// "%04d-%02d-%02d", written by hand: the date is the only allocation,
	// and none when s is written so already.
	b := [10]byte{'0' + byte(y/1000), '0' + byte(y/100%10), '0' + byte(y/10%10), '0' + byte(y%10), '-',
		'0' + byte(m/10), '0' + byte(m%10), '-', '0' + byte(d/10), '0' + byte(d%10)}
	if string(b[:]) == s {
		return s, true
	}
	return string(b[:]), true
}

// digits reports whether s is made of ASCII digits only.
// scanDate reads the three numbers of a date written as format says, in
// the order they are written. Its variables are its own, so that what
// Sscanf makes escape is made only when a date needs Sscanf.
func scanDate(s, format string) ([3]int, bool) {
	var v [3]int
	_, err := fmt.Sscanf(s, format, &v[0], &v[1], &v[2])
	return v, err == nil
}

// digits reports whether s is ASCII digits alone, or empty.
func digits(s string) bool { return s == "" || IsDigits(s) }

// IsDigits reports whether s is a number written in ASCII digits alone,
// one or more.
func IsDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// atoiDigits reads a few ASCII digits as a number.
func atoiDigits(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}
