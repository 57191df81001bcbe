package catalogue

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file reads the tokens of a TypeScript declaration file (.d.ts): the
// regular shape the compiler writes, not all of TypeScript.

type tsTokKind uint8

const (
	tsEOF tsTokKind = iota
	tsIdent
	tsString
	tsNumber
	tsTemplate
	tsPunct
)

// A tsTok is one token with its line and the JSDoc comment just before it.
type tsTok struct {
	kind tsTokKind
	text string // identifier, punctuation, number text or a string's value
	line int
	doc  *jsDoc // the /** */ comment right before the token, if any
}

// tsPuncts are the punctuation tokens of more than one character, longest
// first.
var tsPuncts = []string{"...", "=>", "?.", "??", "&&", "||", "==", "!=", "<=", ">="}

// lexTS splits a declaration file into tokens. It reports the line of an
// unterminated string or comment; anything else it cannot read becomes a
// one-character punctuation token, which the parser then refuses.
func lexTS(src string) ([]tsTok, *problem) {
	var toks []tsTok
	line := 1
	var doc *jsDoc
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return nil, &problem{line, "unterminated comment"}
			}
			body := src[i+2 : i+2+end]
			if strings.HasPrefix(body, "*") && body != "*" {
				doc = parseJSDoc(body[1:], line)
			}
			line += strings.Count(body, "\n")
			i += end + 4
		case c == '"' || c == '\'':
			start := line
			s, n, ok := tsStringLit(src[i:])
			if !ok {
				return nil, &problem{start, "unterminated string"}
			}
			toks = append(toks, tsTok{kind: tsString, text: s, line: start, doc: doc})
			doc = nil
			line += strings.Count(src[i:i+n], "\n")
			i += n
		case c == '`':
			start := line
			n := tsTemplateLen(src[i:])
			if n < 0 {
				return nil, &problem{start, "unterminated template literal"}
			}
			toks = append(toks, tsTok{kind: tsTemplate, text: src[i : i+n], line: start, doc: doc})
			doc = nil
			line += strings.Count(src[i:i+n], "\n")
			i += n
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9':
			j := i + 1
			for j < len(src) && (isIdentByte(src[j]) || src[j] == '.') {
				j++
			}
			toks = append(toks, tsTok{kind: tsNumber, text: src[i:j], line: line, doc: doc})
			doc = nil
			i = j
		default:
			r, size := utf8.DecodeRuneInString(src[i:])
			if r == '_' || r == '$' || unicode.IsLetter(r) || r == '#' {
				j := i + size
				for j < len(src) {
					r2, s2 := utf8.DecodeRuneInString(src[j:])
					if r2 != '_' && r2 != '$' && !unicode.IsLetter(r2) && !unicode.IsDigit(r2) {
						break
					}
					j += s2
				}
				toks = append(toks, tsTok{kind: tsIdent, text: src[i:j], line: line, doc: doc})
				doc = nil
				i = j
				continue
			}
			p := src[i : i+size]
			for _, multi := range tsPuncts {
				if strings.HasPrefix(src[i:], multi) {
					p = multi
					break
				}
			}
			toks = append(toks, tsTok{kind: tsPunct, text: p, line: line, doc: doc})
			doc = nil
			i += len(p)
		}
	}
	toks = append(toks, tsTok{kind: tsEOF, line: line})
	return toks, nil
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// tsStringLit reads a quoted string at the start of s and returns its value
// and length.
func tsStringLit(s string) (string, int, bool) {
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == q:
			return b.String(), i + 1, true
		case c == '\n':
			return "", 0, false
		case c == '\\' && i+1 < len(s):
			i++
			switch e := s[i]; e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '0':
				b.WriteByte(0)
			case 'u':
				if i+4 < len(s) {
					if r, ok := parseHexRune(s[i+1 : i+5]); ok {
						b.WriteRune(r)
						i += 4
						continue
					}
				}
				b.WriteByte(e)
			case '\n':
			default:
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", 0, false
}

func parseHexRune(h string) (rune, bool) {
	var r rune
	for _, c := range h {
		switch {
		case c >= '0' && c <= '9':
			r = r*16 + c - '0'
		case c >= 'a' && c <= 'f':
			r = r*16 + c - 'a' + 10
		case c >= 'A' && c <= 'F':
			r = r*16 + c - 'A' + 10
		default:
			return 0, false
		}
	}
	return r, true
}

// tsTemplateLen returns the length of the template literal at the start of
// s, nested substitutions included, or -1.
func tsTemplateLen(s string) int {
	depth := 0
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '`':
			if depth == 0 {
				return i + 1
			}
		case '$':
			if i+1 < len(s) && s[i+1] == '{' {
				depth++
				i++
			}
		case '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return -1
}

// A jsDoc is a parsed /** */ comment: its text and its block tags.
type jsDoc struct {
	line int
	text string
	tags []jsTag
}

// A jsTag is one block tag: @param name text, @read, @compensation ...
type jsTag struct {
	name string
	text string
	line int
}

// parseJSDoc reads the body of a /** */ comment (without the opening "*").
func parseJSDoc(body string, line int) *jsDoc {
	d := &jsDoc{line: line}
	var text []string
	var cur *jsTag
	var lines []string
	var lineNos []int
	for i, l := range strings.Split(body, "\n") {
		l = strings.TrimSpace(l)
		l = strings.TrimPrefix(l, "*")
		l = strings.TrimSpace(l)
		// A known tag written after text on the same line starts a tag
		// too: /** Update a ticket. @write */
		for _, part := range splitInlineTags(l) {
			lines = append(lines, part)
			lineNos = append(lineNos, i)
		}
	}
	for k, l := range lines {
		i := lineNos[k]
		if strings.HasPrefix(l, "@") {
			name, rest, _ := strings.Cut(l[1:], " ")
			if j := strings.IndexAny(name, "\t{"); j >= 0 {
				name, rest = name[:j], name[j:]+" "+rest
			}
			d.tags = append(d.tags, jsTag{name: name, text: strings.TrimSpace(rest), line: line + i})
			cur = &d.tags[len(d.tags)-1]
			continue
		}
		if cur != nil {
			if l != "" {
				cur.text = strings.TrimSpace(cur.text + " " + l)
			}
			continue
		}
		text = append(text, l)
	}
	d.text = strings.TrimSpace(strings.Join(text, "\n"))
	return d
}

// splitInlineTags splits a comment line before each known tag that follows
// text on it.
func splitInlineTags(l string) []string {
	var parts []string
	start := 0
	for i := 1; i < len(l); i++ {
		if l[i] != '@' || (l[i-1] != ' ' && l[i-1] != '\t') {
			continue
		}
		name := l[i+1:]
		if j := strings.IndexAny(name, " \t{"); j >= 0 {
			name = name[:j]
		}
		if !knownTag(name) {
			continue
		}
		parts = append(parts, strings.TrimSpace(l[start:i]))
		start = i
	}
	return append(parts, strings.TrimSpace(l[start:]))
}

// knownTag reports whether name is a tag this reader acts on.
func knownTag(name string) bool {
	switch name {
	case "read", "write", "param", "returns", "return":
		return true
	}
	_, ok := declarationNames[name]
	return ok
}

// tag returns the first tag of the name, or nil.
func (d *jsDoc) tag(name string) *jsTag {
	if d == nil {
		return nil
	}
	for i := range d.tags {
		if d.tags[i].name == name {
			return &d.tags[i]
		}
	}
	return nil
}

// paramDoc returns the @param text of a parameter.
func (d *jsDoc) paramDoc(name string) string {
	if d == nil {
		return ""
	}
	for _, t := range d.tags {
		if t.name != "param" {
			continue
		}
		text := strings.TrimSpace(t.text)
		if strings.HasPrefix(text, "{") { // @param {string} name
			if j := strings.Index(text, "}"); j >= 0 {
				text = strings.TrimSpace(text[j+1:])
			}
		}
		pname, rest, _ := strings.Cut(text, " ")
		pname = strings.Trim(pname, "[]")
		pname, _, _ = strings.Cut(pname, "=")
		if pname == name {
			rest = strings.TrimSpace(rest)
			rest = strings.TrimPrefix(rest, "- ")
			return strings.TrimSpace(rest)
		}
	}
	return ""
}
