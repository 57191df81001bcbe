package tokenize

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Tokenizer reads text into tokens for one language: the language decides
// which of "," and "." is the decimal mark. It is safe for concurrent use.
// Make one with New: the zero Tokenizer has no language.
type Tokenizer struct {
	lang Language
	norm *Normalizer
}

// New returns a Tokenizer for lang, or an error for an unsupported language.
func New(lang Language) (*Tokenizer, error) {
	switch lang {
	case English, Brazilian:
	default:
		return nil, &LanguageError{Lang: string(lang)}
	}
	return &Tokenizer{lang: lang, norm: defaultNormalizer}, nil
}

// LanguageError reports an unsupported language. The zero value reports the
// language "".
type LanguageError struct{ Lang string }

// Error names the language and the supported ones.
func (e *LanguageError) Error() string {
	return "unsupported language \"" + e.Lang + "\": the supported languages are en and pt-BR"
}

// Language returns the tokenizer's language.
func (t *Tokenizer) Language() Language { return t.lang }

// Normalize folds s as tokens are folded.
func (t *Tokenizer) Normalize(s string) string { return t.norm.Normalize(s) }

// Tokenize returns the tokens of s.
func (t *Tokenizer) Tokenize(s string) []Token {
	return t.AppendTokens(make([]Token, 0, 16), s)
}

// MostTokens returns about as many tokens as s has, counting the runs of
// letters and digits (ASCII, or any rune beyond ASCII) and the marks
// ?!.,;:, in one pass over its bytes: no fewer, but for a mark beyond
// ASCII written against a word ("¿qué") and quoted text of marks alone. A
// caller can make room for the tokens of s with it, once.
func MostTokens(s string) int {
	n, prev := 0, byte(0)
	for i := 0; i < len(s); i++ {
		k := byteKinds[s[i]]
		word := k & 1
		n += int(word&^prev) + int(k>>1) // a run starts, or a mark
		prev = word
	}
	return n
}

// byteKinds holds, for each byte, 1 when it belongs to a run of letters
// and digits (an ASCII letter or digit, _, or any byte of a rune beyond
// ASCII) and 2 when it is one of the marks ?!.,;:.
var byteKinds = func() (t [256]byte) {
	for c := range 256 {
		if asciiAlnum[c] || c >= utf8.RuneSelf || c == '_' {
			t[c] = 1
		}
	}
	for _, c := range []byte("?!.,;:") {
		t[c] = 2
	}
	return t
}()

// AppendTokens appends the tokens of s to dst and returns the result.
func (t *Tokenizer) AppendTokens(dst []Token, s string) []Token {
	l := lexer{src: s, t: t, toks: dst}
	for state := stateAny; state != stateDone; {
		// The states are called by name, not through function values,
		// so the lexer stays on the stack.
		switch state {
		case stateAny:
			state = lexAny(&l)
		case stateWord:
			state = lexWord(&l)
		case stateNumber:
			state = lexNumber(&l)
		case stateCurrency:
			state = lexCurrencySymbol(&l)
		}
	}
	return l.toks
}

// lexer holds the state of one scan. Its state functions are pulled
// synchronously: each returns the next.
type lexer struct {
	src   string
	pos   int
	start int
	t     *Tokenizer
	toks  []Token
}

// A state is what the lexer reads next. Each is read by its state
// function (stateWord by lexWord), which returns the state after it;
// stateDone ends the scan.
type state uint8

// The states of the lexer.
const (
	stateDone state = iota
	stateAny
	stateWord
	stateNumber
	stateCurrency
)

func (l *lexer) peek() (rune, int) {
	if l.pos >= len(l.src) {
		return -1, 0
	}
	r, w := utf8.DecodeRuneInString(l.src[l.pos:])
	return r, w
}

func (l *lexer) runeAt(i int) (rune, int) {
	if i >= len(l.src) {
		return -1, 0
	}
	return utf8.DecodeRuneInString(l.src[i:])
}

func (l *lexer) emit(k Kind, value string) {
	text := l.src[l.start:l.pos]
	tok := Token{Text: text, Kind: k, Start: l.start, End: l.pos, Value: value}
	switch k {
	case Quoted:
		tok.Norm = l.t.norm.Normalize(value)
	case Word, Identifier, Email:
		norm, ascii := l.t.norm.normalize(text)
		tok.Norm = norm
		if !ascii && strings.IndexByte(tok.Norm, 0xe2) >= 0 { // a typographic apostrophe
			tok.Norm = strings.ReplaceAll(tok.Norm, "\u2019", "'")
		}
	default:
		tok.Norm = l.t.norm.Normalize(text)
	}
	l.toks = append(l.toks, tok)
	l.start = l.pos
}

func isLetter(r rune) bool {
	if r < utf8.RuneSelf { // the ASCII letters are the only ASCII runes of L or Mn
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
	}
	return unicode.IsLetter(r) || unicode.Is(unicode.Mn, r)
}
func isDigit(r rune) bool { return '0' <= r && r <= '9' }

// asciiAlnum holds the ASCII letters and digits.
var asciiAlnum = func() (t [256]bool) {
	for c := range utf8.RuneSelf {
		t[c] = isAlnum(rune(c))
	}
	return t
}()

func isAlnum(r rune) bool { return isLetter(r) || isDigit(r) }

// quotePairs maps an opening quote to its closing one.
var quotePairs = map[rune]rune{'"': '"', '\u201c': '\u201d', '\u00ab': '\u00bb', '`': '`', '\u2018': '\u2019'}

// currencySymbols are the symbols that stand before an amount.
var currencySymbols = map[string]string{"$": "USD", "us$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "r$": "BRL"}

// currencyWords are the words and codes that stand after an amount.
var currencyWords = map[string]string{
	"usd": "USD", "dollar": "USD", "dollars": "USD", "buck": "USD", "bucks": "USD",
	"eur": "EUR", "euro": "EUR", "euros": "EUR",
	"gbp": "GBP", "pound": "GBP", "pounds": "GBP", "quid": "GBP",
	"brl": "BRL", "real": "BRL", "reais": "BRL", "reai": "BRL",
	"jpy": "JPY", "yen": "JPY",
	"cad": "CAD", "aud": "AUD", "chf": "CHF", "mxn": "MXN", "ars": "ARS",
	"cent": "USD/100", "cents": "USD/100", "centavo": "BRL/100", "centavos": "BRL/100",
}

// CurrencyOf returns the ISO code a currency word, code or symbol names.
func CurrencyOf(s string) (string, bool) {
	n := Normalize(s)
	if c, ok := currencyWords[n]; ok && !strings.Contains(c, "/") {
		return c, true
	}
	c, ok := currencySymbols[n]
	return c, ok
}

func lexAny(l *lexer) state {
	for {
		if l.pos < len(l.src) && l.src[l.pos] == ' ' {
			l.pos++ // the commonest space, read as the case below reads it
			l.start = l.pos
			continue
		}
		r, w := l.peek()
		switch {
		case r < 0:
			return stateDone
		case unicode.IsSpace(r) || r == utf8.RuneError && w == 1 || unicode.IsControl(r):
			l.pos += w
			l.start = l.pos
			continue
		case isDigit(r):
			return stateNumber
		case r == '$' || r == '€' || r == '£' || r == '¥':
			return stateCurrency
		case (r == 'R' || r == 'r') && strings.HasPrefix(l.src[l.pos+1:], "$"):
			return stateCurrency
		case (r == 'U' || r == 'u') && len(l.src) > l.pos+2 && strings.EqualFold(l.src[l.pos:l.pos+3], "us$"):
			return stateCurrency
		case isLetter(r) || r == '_':
			return stateWord
		case r == '?' || r == '!' || r == '.' || r == ',' || r == ';' || r == ':' || r == '¿' || r == '¡':
			// No quote is one of these marks: they are read first.
			l.pos += w
			l.emit(Punct, "")
			continue
		case quotePairs[r] != 0:
			if lexQuoted(l, r, w) {
				continue
			}
		case r == '\'':
			if l.quoteBoundary() && lexQuoted(l, r, w) {
				continue
			}
		}
		// Any other mark separates tokens and is dropped.
		l.pos += w
		l.start = l.pos
	}
}

// quoteBoundary reports whether a single quote at pos opens a quotation:
// it stands at the start or after a space, so it is no apostrophe.
func (l *lexer) quoteBoundary() bool {
	if l.pos == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(l.src[:l.pos])
	return unicode.IsSpace(r) || r == '(' || r == ':'
}

// lexQuoted emits the quoted text that opens at pos with the rune open, if
// it closes; it reports whether it did.
func lexQuoted(l *lexer, open rune, w int) bool {
	closer := quotePairs[open]
	if open == '\'' {
		closer = '\''
	}
	body := l.pos + w
	for i := body; i < len(l.src); {
		r, rw := utf8.DecodeRuneInString(l.src[i:])
		if r == closer || open == '"' && r == '\u201d' {
			if open == '\'' {
				// A closing single quote must not be an apostrophe.
				if next, _ := l.runeAt(i + rw); isLetter(next) {
					i += rw
					continue
				}
			}
			if i == body {
				return false
			}
			l.start = l.pos
			l.pos = i + rw
			l.emit(Quoted, l.src[body:i])
			return true
		}
		i += rw
	}
	return false
}

// lexWord reads a run of letters, digits and inner connectors (- _ . ' @ +)
// and decides whether it is a word, an identifier or an email.
func lexWord(l *lexer) state {
	// A slash joins paths and owner/repo names (acme/api#88); a word
	// with one is an identifier.
	hasDigit, hasUnder, hasDot, hasAt, hasSlash := false, false, false, false, false
	// A code (isCode) has a dash: in what lexNumber read before, or
	// among the connectors read here.
	hasDash := strings.IndexByte(l.src[l.start:l.pos], '-') >= 0
	for {
		// ASCII letters and digits, the most of most words, byte by byte.
		src, pos := l.src, l.pos
		for pos < len(src) && asciiAlnum[src[pos]] {
			hasDigit = hasDigit || src[pos] <= '9'
			pos++
		}
		l.pos = pos
		r, w := l.peek()
		switch {
		case isAlnum(r):
			hasDigit = hasDigit || isDigit(r)
		case r == '_':
			hasUnder = true
		case r == '&':
			// "AT&T", "R&D", "Q&A": an ampersand between letters joins
			// one name.
			if next, _ := l.runeAt(l.pos + w); !isLetter(next) {
				goto done
			}
		case r == '-' || r == '.' || r == '\'' || r == '\u2019' || r == '@' || r == '+' || r == '/' || r == '#' && hasSlash:
			next, _ := l.runeAt(l.pos + w)
			if !isAlnum(next) && next != '_' {
				goto done
			}
			hasDot = hasDot || r == '.'
			hasDash = hasDash || r == '-'
			hasAt = hasAt || r == '@'
			hasSlash = hasSlash || r == '/'
		default:
			goto done
		}
		l.pos += w
	}
done:
	text := l.src[l.start:l.pos]
	switch {
	case hasAt && isEmail(text):
		l.emit(Email, "")
	case hasDigit || hasUnder || hasDot || hasAt || hasSlash || hasDash && isCode(text):
		if n := possessiveSuffix(text); n > 0 && n < len(text) {
			// "E10442's pay stubs": the id, and the mark of its owner,
			// which no id holds.
			end := l.pos
			l.pos -= n
			l.emit(Identifier, "")
			l.pos, l.start = end, end
			return stateAny
		}
		l.emit(Identifier, "")
	default:
		l.emit(Word, "")
	}
	return stateAny
}

// possessiveSuffix is the length in bytes of the possessive ending of s
// ('s, or 's with a typographic apostrophe), or 0.
func possessiveSuffix(s string) int {
	switch {
	case strings.HasSuffix(s, "'s") || strings.HasSuffix(s, "'S"):
		return 2
	case strings.HasSuffix(s, "\u2019s") || strings.HasSuffix(s, "\u2019S"):
		return len("\u2019s")
	}
	return 0
}

// isCode reports whether a word is a code such as a SKU (TSHIRT-BLK-M):
// upper-case letters joined by dashes.
func isCode(s string) bool {
	if !strings.Contains(s, "-") {
		return false
	}
	letters := 0
	for _, r := range s {
		switch {
		case unicode.IsLower(r):
			return false
		case unicode.IsLetter(r):
			letters++
		}
	}
	return letters >= 3
}

func isEmail(s string) bool {
	at := strings.IndexByte(s, '@')
	if at <= 0 || strings.Count(s, "@") != 1 {
		return false
	}
	domain := s[at+1:]
	for _, r := range domain {
		if !isAlnum(r) && r != '.' && r != '-' {
			return false
		}
	}
	dot := strings.LastIndexByte(domain, '.')
	return dot > 0 && dot < len(domain)-2
}

// lexNumber reads a number, and what a number turns out to be the start
// of: a date, an identifier (8f3a, a UUID) or an amount of money.
func lexNumber(l *lexer) state {
	for {
		r, w := l.peek()
		if isDigit(r) {
			l.pos += w
			continue
		}
		if r == ',' || r == '.' || r == '/' || r == '-' || r == ':' {
			if next, _ := l.runeAt(l.pos + w); isDigit(next) {
				l.pos += w
				continue
			}
		}
		break
	}
	text := l.src[l.start:l.pos]
	if r, _ := l.peek(); isLetter(r) || r == '_' || r == '-' && l.nextIsAlnum() {
		// 8f3a, 550e8400-e29b-..., 42abc: an identifier. A currency
		// word written against the number (20usd) is money.
		if code, end, ok := l.currencyWordAt(l.pos); ok && end > l.pos {
			amount, ok := CanonicalNumber(text, l.t.lang)
			if ok {
				l.pos = end
				l.emit(Money, amount+" "+code)
				return stateAny
			}
		}
		return stateWord
	}
	if d, ok := canonicalDate(text); ok {
		l.emit(Date, d)
		return stateAny
	}
	amount, ok := CanonicalNumber(text, l.t.lang)
	if !ok {
		l.emit(Identifier, "")
		return stateAny
	}
	if r, w := l.peek(); r == '%' {
		l.pos += w
		l.emit(Number, amount+"%")
		return stateAny
	}
	// An amount followed by a currency word: 20 USD, 20 dollars, 20 reais.
	i := l.pos
	for i < len(l.src) && l.src[i] == ' ' {
		i++
	}
	if code, end, ok := l.currencyWordAt(i); ok {
		l.pos = end
		l.emit(Money, scaleMoney(amount, code))
		return stateAny
	}
	if r, w := l.peek(); r == '$' || r == '€' || r == '£' {
		// 20$ and 20€, as some people write them.
		code := currencySymbols[string(r)]
		l.pos += w
		l.emit(Money, amount+" "+code)
		return stateAny
	}
	l.emit(Number, amount)
	l.skipPossessive()
	return stateAny
}

// skipPossessive steps over a possessive ending right after the token
// just emitted, where a word ends with it ("agent 31's role": the number,
// and the mark of its owner, which no number holds, as an id's; "the
// 1990's" too).
func (l *lexer) skipPossessive() {
	rest := l.src[l.pos:]
	n := 0
	switch {
	case strings.HasPrefix(rest, "'s") || strings.HasPrefix(rest, "'S"):
		n = 2
	case strings.HasPrefix(rest, "\u2019s") || strings.HasPrefix(rest, "\u2019S"):
		n = len("\u2019s")
	}
	if n == 0 {
		return
	}
	if r, _ := l.runeAt(l.pos + n); isAlnum(r) || r == '_' {
		return // "31'sx" is no possessive
	}
	l.pos += n
	l.start = l.pos
}

func (l *lexer) nextIsAlnum() bool {
	_, w := l.peek()
	r, _ := l.runeAt(l.pos + w)
	return isAlnum(r)
}

// currencyWordAt reports whether a currency word starts at i and ends at a
// word boundary, returning its code and end.
func (l *lexer) currencyWordAt(i int) (string, int, bool) {
	j := i
	for j < len(l.src) {
		r, w := utf8.DecodeRuneInString(l.src[j:])
		if !isLetter(r) {
			break
		}
		j += w
	}
	if j == i || j-i > 8 {
		return "", 0, false
	}
	if r, _ := l.runeAt(j); isDigit(r) || r == '_' {
		return "", 0, false
	}
	code, ok := currencyWords[strings.ToLower(l.src[i:j])]
	return code, j, ok
}

// scaleMoney turns "50 USD/100" (cents) into "0.50 USD".
func scaleMoney(amount, code string) string {
	unit, scale, ok := strings.Cut(code, "/")
	if !ok || scale != "100" {
		return amount + " " + code
	}
	whole, frac, _ := strings.Cut(amount, ".")
	if frac != "" {
		return amount + " " + unit // "2.5 cents" is odd; keep the number
	}
	for len(whole) < 3 {
		whole = "0" + whole
	}
	return whole[:len(whole)-2] + "." + whole[len(whole)-2:] + " " + unit
}

// lexCurrencySymbol reads $20, € 4,50, R$ 20,00 and US$ 10.
func lexCurrencySymbol(l *lexer) state {
	sym := ""
	for _, s := range []string{"R$", "r$", "US$", "us$", "Us$", "$", "€", "£", "¥"} {
		if strings.HasPrefix(l.src[l.pos:], s) {
			sym = s
			break
		}
	}
	i := l.pos + len(sym)
	for i < len(l.src) && l.src[i] == ' ' {
		i++
	}
	if r, _ := l.runeAt(i); sym == "" || !isDigit(r) {
		// A symbol with no amount: drop it and go on.
		_, w := l.peek()
		if sym != "" {
			w = len(sym)
		}
		l.pos += w
		l.start = l.pos
		return stateAny
	}
	l.pos = i
	for {
		r, w := l.peek()
		if isDigit(r) {
			l.pos += w
			continue
		}
		if r == ',' || r == '.' {
			if next, _ := l.runeAt(l.pos + w); isDigit(next) {
				l.pos += w
				continue
			}
		}
		break
	}
	amount, ok := CanonicalNumber(l.src[i:l.pos], l.t.lang)
	if !ok {
		amount = l.src[i:l.pos]
	}
	l.emit(Money, amount+" "+currencySymbols[strings.ToLower(sym)])
	return stateAny
}
