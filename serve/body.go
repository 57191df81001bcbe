package serve

import "unicode/utf8"

// member is one member of a JSON object whose value is a string: its name
// and value as the body spells them.
type member struct {
	name, value []byte
}

// stringMembers reads the members of a body that is one JSON object of at
// most cap(dst) members, each a string without escapes, control
// characters or bytes that are not UTF-8, and with nothing around it but
// white space. It returns false for any other body: encoding/json reads
// those, and names their problems. For a body it reads, the members are
// what encoding/json would read from it.
func stringMembers(body []byte, dst []member) ([]member, bool) {
	i := skipSpace(body, 0)
	if i == len(body) || body[i] != '{' {
		return nil, false
	}
	i = skipSpace(body, i+1)
	if i < len(body) && body[i] == '}' {
		return dst, skipSpace(body, i+1) == len(body)
	}
	for {
		if len(dst) == cap(dst) {
			return nil, false
		}
		var m member
		var ok bool
		if m.name, i, ok = plainString(body, i); !ok {
			return nil, false
		}
		i = skipSpace(body, i)
		if i == len(body) || body[i] != ':' {
			return nil, false
		}
		if m.value, i, ok = plainString(body, skipSpace(body, i+1)); !ok {
			return nil, false
		}
		dst = append(dst, m)
		i = skipSpace(body, i)
		if i == len(body) {
			return nil, false
		}
		switch body[i] {
		case ',':
			i = skipSpace(body, i+1)
		case '}':
			return dst, skipSpace(body, i+1) == len(body)
		default:
			return nil, false
		}
	}
}

// plainString reads a JSON string at body[i] that holds no escape and no
// control character and is UTF-8: its bytes are the string's. It returns
// them and the index after the closing quote.
func plainString(body []byte, i int) ([]byte, int, bool) {
	if i == len(body) || body[i] != '"' {
		return nil, i, false
	}
	start := i + 1
	ascii := true
	for j := start; j < len(body); j++ {
		switch c := body[j]; {
		case c == '"':
			s := body[start:j]
			if !ascii && !utf8.Valid(s) {
				return nil, i, false
			}
			return s, j + 1, true
		case c == '\\' || c < 0x20:
			return nil, i, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return nil, i, false
}

// skipSpace returns the index of the first byte from i on that is not
// JSON white space.
func skipSpace(body []byte, i int) int {
	for i < len(body) {
		switch body[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// setTurnLanguage sets a request's turn and language from the members of
// its body and reports true, when those are the only members it has (a
// later member of the same name wins, as in encoding/json); else it sets
// nothing and reports false.
func setTurnLanguage(ms []member, turn **string, language *string) bool {
	for _, m := range ms {
		if n := string(m.name); n != "turn" && n != "language" {
			return false
		}
	}
	for _, m := range ms {
		v := string(m.value)
		if string(m.name) == "turn" {
			*turn = &v
		} else {
			*language = v
		}
	}
	return true
}
