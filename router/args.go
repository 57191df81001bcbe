package router

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// BindRule names the rule that bound an argument of a turn to a
// parameter of the selected tool.
//
// The rules apply in a fixed order, each to the arguments the rules before
// it left, and each parameter takes one value: noun; pattern; example;
// type and format (money and its currency, email, date, time of day, number,
// quoted text to a text parameter); identifier; enum; quoted text to the
// first required string parameter left; an identifier with a letter
// that no id parameter took to the first required text parameter left;
// and last a name after a preposition of place to a parameter that holds
// a place or a recipient (name). Within a rule, required
// parameters come before optional ones, then parameters in name order. A
// value is bound only where it satisfies the parameter's type, format,
// pattern and enum.
// Only the selected tool is bound, and the required parameters left are
// reported as missing (Decision.Missing); the idempotency key parameter is
// never missing, since the tool check supplies it. The zero value, "", is no
// rule.
type BindRule string

// The binding rules, in the order they apply.
const (
	// BindNoun binds a value to the parameter named by the noun it
	// qualifies: "order 42" binds order_id.
	BindNoun BindRule = "noun"
	// BindPattern binds a value that matches a parameter's pattern:
	// INV-0042137 binds a parameter whose pattern is ^INV-[0-9]{6,10}$.
	BindPattern BindRule = "pattern"
	// BindExample binds a value of digits and punctuation written as one
	// of a parameter's examples is written (valueShape): 203.0.113.10
	// binds a parameter whose example is 192.0.2.1.
	BindExample BindRule = "example"
	// BindMoney binds an amount of money to an amount parameter: a number
	// parameter gets the amount (20), an integer parameter named in minor
	// units (amount_minor, total_cents) the amount in minor units (2000).
	BindMoney BindRule = "money"
	// BindCurrency binds the ISO 4217 code of an amount of money, or of
	// a currency the turn names on its own ("from EUR to USD"), to a
	// currency parameter.
	BindCurrency BindRule = "currency"
	// BindEmail binds an email address to an email parameter, or to a
	// text parameter whose description gives an address among its
	// examples ("the receiver, such as an email or account number").
	BindEmail BindRule = "email"
	// BindDate binds a date to a date parameter, as an ISO 8601 date
	// (2026-05-01), or for a date-time parameter as the start of that day
	// in UTC (2026-05-01T00:00:00Z).
	BindDate BindRule = "date"
	// BindTime binds a time of day to a time parameter (format time, or
	// a string named for a time or an hour), as HH:MM on a 24-hour clock,
	// or HH:MM:SS for the format.
	BindTime BindRule = "time"
	// BindNumber binds a number to a number or integer parameter.
	BindNumber BindRule = "number"
	// BindIdentifier binds an identifier, or a number no other parameter
	// took, to a parameter that holds an id (order_id, invoice_number).
	BindIdentifier BindRule = "identifier"
	// BindEnum binds a word of the turn that names one of a parameter's
	// enum values, in either language: by its normalised form, its stem,
	// or the concept the lexicons read it as ("urgente" binds "urgent").
	BindEnum BindRule = "enum"
	// BindQuoted binds quoted text to a text parameter (query, title,
	// subject, body, name, message...), else to the first required string
	// parameter left.
	BindQuoted BindRule = "quoted"
	// BindText binds an identifier with a letter that no id parameter
	// took to the first required text parameter left, one with no enum
	// that holds no id: "rename file f_8812 to invoice-2026.pdf" binds
	// name.
	BindText BindRule = "text"
	// BindName binds a name written after a preposition of place (the
	// lexicons' locative, source and goal classes) to a text parameter
	// that holds a place, or the one a thing goes to: "in San Diego"
	// binds city, "from New York to Los Angeles" binds from_city and
	// to_city, "a payment request to Mary" binds receiver. After a
	// source it binds a parameter named for an origin, after a goal one
	// named for a destination or else for a recipient, after a locative
	// one named for a place.
	BindName BindRule = "name"
)

// Binding is one argument of a turn bound to a parameter of the selected
// tool: the value the call gets, and the text of the turn it came from.
// It is plain data. The zero value binds no parameter and has no rule ("").
type Binding struct {
	// Param is the parameter's name.
	Param string `json:"param"`
	// Value is the value bound, as a string (see Decision.Arguments).
	Value string `json:"value"`
	// Text is the turn's text the value came from.
	Text string `json:"text"`
	// Start and End are byte offsets of Text in the turn as given (for a
	// following clause too, offsets into the whole turn).
	Start int `json:"start"`
	End   int `json:"end"`
	// Rule names the rule that bound it.
	Rule BindRule `json:"rule"`
}

// Words of parameter names the binder reads.
var (
	percentWords = []string{"percent", "percentage", "pct", "rate", "ratio", "probability"}
	amountWords  = []string{"amount", "price", "total", "cost", "fee", "sum", "value", "balance", "subtotal"}
	minorWords   = []string{"minor", "cents", "cent", "pence", "subunits"}
	idWords      = []string{"id", "ids", "number", "no", "num", "code", "ref", "reference", "key", "uuid", "guid", "sku",
		"slug", "handle", "identifier", "nr"}
	textWords = []string{"query", "q", "text", "title", "subject", "body", "name", "message", "content", "note", "notes",
		"comment", "description", "search", "prompt", "keyword", "keywords", "term", "terms", "summary", "question",
		"reply", "caption", "label", "topic", "reason"}
	placeWords = []string{"city", "location", "place", "town", "area", "region", "country", "address", "venue",
		"locality", "district", "neighborhood", "neighbourhood", "loc", "village", "county"}
	originWords      = []string{"from", "origin", "source", "departure", "departing", "pickup", "start"}
	destinationWords = []string{"to", "destination", "dest", "arrival", "arriving", "dropoff", "end"}
	recipientWords   = []string{"receiver", "recipient", "payee", "beneficiary"}
)

// minorDigits are the ISO 4217 currencies whose minor unit is not a
// hundredth, with the digits of their minor unit; every other currency
// has two.
var minorDigits = map[string]int{
	"BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0, "RWF": 0,
	"UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
	"BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
	"BTC": 8,
}

// binder binds the arguments of one clause to one tool's parameters.
type binder struct {
	r     *Router
	ti    *toolInfo
	c     *grammar.Clause
	turn  string
	bound []bool // beside ti.params
	used  []bool // beside c.Args
	out   []Binding
	// context is true while the binder reads a clause of the clause's
	// context, where the rules that take whatever is left do not apply:
	// an id another clause names is no id of this one's thing ("checkout
	// my cart? pay with card pm_visa01") unless its prefix abbreviates
	// the parameter's noun, and a quoted word or an identifier of it is
	// no text of this one's first parameter (rules quoted and text).
	context bool
}

// bindArgs binds the clause's arguments to the parameters of the tool.
// It returns the arguments (parameter name to value), the bindings with
// their offsets in the turn, sorted by offset, and the required
// parameters left unbound, by name. The idempotency key parameter is
// never missing: the tool check supplies it. The clauses of ctx, the
// clause's context (Router.context), then fill the parameters it leaves,
// by the same rules but those that take whatever a clause leaves (an
// identifier binds only where its prefix abbreviates the parameter's
// noun; quoted and text not at all), with no value bound already.
//
// The rules apply in a fixed order, each to the arguments the rules
// before it left, and each parameter takes one value:
//
//  1. noun: a value bound to the parameter its noun names ("order 42"
//     -> order_id), when the value fits the parameter.
//  2. pattern: a value that matches a parameter's pattern, as written
//     or in upper case; then enum: a value a parameter's enum lists ("a
//     c3.2xlarge vm" -> instance_type).
//  3. type and format: money to an amount parameter (and its currency
//     code to a currency parameter), an email to an email parameter, a
//     date to a date parameter, a number to a number parameter, quoted
//     text to a text parameter.
//  4. identifier: an identifier or a number left to a parameter that
//     holds an id.
//  5. enum: a word of the clause that names an enum value.
//  6. quoted: quoted text left to the first required string parameter
//     left.
//  7. text: an identifier with a letter left to the first required text
//     parameter left.
//  8. name: a name after a preposition of place to a parameter that
//     holds a place or a recipient (places).
//
// Within a rule, required parameters come before optional ones, then
// parameters in name order; a date or a time binds to a parameter named
// for the end of a span (endDate, to_time) only when no other is left, so
// that a span's values bind in the order the turn says them. A value is
// bound only where it satisfies the parameter's type, format, pattern and
// enum.
func (r *Router) bindArgs(ti *toolInfo, turn string, c *grammar.Clause, ctx ...*grammar.Clause) (map[string]string, []Binding, []string) {
	args := map[string]string{}
	missing := []string{}
	if len(ti.params) == 0 {
		return args, []Binding{}, missing
	}
	var room [32]bool // bound's and used's, in one piece
	b := binder{r: r, ti: ti, c: c, turn: turn, bound: room[:0:16], used: room[16:16]}
	b.bound = growBools(b.bound, len(ti.params))
	if c != nil && len(c.Args) > 0 {
		b.used = growBools(b.used, len(c.Args))
		b.out = make([]Binding, 0, min(len(c.Args)+1, len(ti.params)))
		b.run()
	} else if c != nil {
		b.enums()
	}
	if c != nil {
		b.places()
	}
	for _, cc := range ctx {
		// The clauses of the clause's context fill what it leaves ("I'm
		// planning a trip to New York. I need a house to stay there"),
		// by the same rules but those that take whatever is left, and
		// no value bound already ("ct_11100 e ct_22200, unifica mantendo
		// a ct_11100").
		b.c, b.context = cc, true
		b.used = growBools(b.used[:0], len(cc.Args))
		for i := range cc.Args {
			// A value a clause before bound is bound ("find them" reads
			// the clause it refers to).
			a := &cc.Args[i]
			text := b.span(a.Start, a.End)
			b.used[i] = b.boundText(a.Start, a.End) || slices.ContainsFunc(b.out, func(x Binding) bool { return x.Text == text })
		}
		if len(cc.Args) > 0 {
			b.run()
		} else {
			b.enums()
		}
		b.places()
	}
	slices.SortStableFunc(b.out, func(x, y Binding) int { return x.Start - y.Start })
	for _, x := range b.out {
		args[x.Param] = x.Value
	}
	key := idempotencyParam(ti)
	for i := range ti.params {
		if ti.params[i].required && !b.bound[i] && ti.params[i].name != key {
			missing = append(missing, ti.params[i].name)
		}
	}
	if b.out == nil {
		b.out = []Binding{}
	}
	return args, b.out, missing
}

func growBools(s []bool, n int) []bool {
	if n <= cap(s) {
		return s[:n]
	}
	return make([]bool, n)
}

func (b *binder) run() {
	args := b.c.Args
	// 1. noun: the noun a number counts first ("a room for 2 nights":
	// nights), then the noun it is of ("distance is 8 meters")
	for i := range args {
		a := &args[i]
		if b.used[i] || a.Counted == "" {
			continue
		}
		term := objectPrefix + a.Counted
		b.first(i, BindNoun, func(p *param) bool { return containsTerm(p.terms, term) && countFits(p, a) })
	}
	for i := range args {
		a := &args[i]
		if b.used[i] || a.Noun == "" {
			continue
		}
		term := objectPrefix + a.Noun
		b.first(i, BindNoun, func(p *param) bool { return containsTerm(p.terms, term) && holdsKind(p, a.Kind) && countFits(p, a) })
	}
	// 2. pattern
	for i := range args {
		if b.used[i] || args[i].Kind == "money" || args[i].Kind == "date" {
			continue
		}
		b.first(i, BindPattern, func(p *param) bool { return p.pattern != nil })
	}
	// 3. example
	for i := range args {
		if b.used[i] || typedKind(args[i].Kind) {
			continue
		}
		if sh := valueShape(args[i].Text); sh != "" {
			b.first(i, BindExample, func(p *param) bool { return slices.Contains(p.shapes, sh) })
		}
	}
	// A value a parameter's enum lists ("a c3.2xlarge vm": instance_type).
	for i := range args {
		if b.used[i] || typedKind(args[i].Kind) {
			continue
		}
		b.first(i, BindEnum, func(p *param) bool { return len(p.enum) > 0 })
	}
	// 4. type and format
	for i := range args {
		if b.used[i] {
			continue
		}
		switch args[i].Kind {
		case "money":
			if !b.first(i, BindMoney, isAmount) {
				// No amount parameter: the currency alone still binds.
				b.currency(i)
			}
		case "email":
			b.first(i, BindEmail, takesEmail)
		case "date":
			b.firstStart(i, BindDate, func(p *param) bool { return dateKind(p) != "" })
		case "time":
			b.firstStart(i, BindTime, isTime)
		case "number":
			if idNumber(b.c.Words, &args[i]) {
				// "time-off request 4471": a number right after its noun
				// names that thing; it is no count or amount (no limit of
				// a list), and binds as the noun's or as an id.
				continue
			}
			b.first(i, BindNumber, func(p *param) bool { return isNumeric(p) && !isMinor(p) })
		case "quoted":
			b.first(i, BindQuoted, isText)
		case "currency":
			b.currency(i)
		}
	}
	// 5. identifier
	for i := range args {
		if b.used[i] || (args[i].Kind != "identifier" && args[i].Kind != "number") {
			continue
		}
		if args[i].Kind == "number" && countsNext(b.c, &args[i]) {
			// "show me 3 orders": a number before the noun it counts
			// is how many, no id of one.
			continue
		}
		pre := ""
		if b.context {
			// Another clause's id is this one's where its prefix
			// abbreviates the parameter's noun ("we won dl_20931!! close
			// it": a deal).
			if pre = IDPrefix(args[i].Text); pre == "" {
				continue
			}
		}
		b.first(i, BindIdentifier, func(p *param) bool {
			return p.idLike && p.name != idempotencyParam(b.ti) && (pre == "" || abbreviatesParam(p, pre))
		})
	}
	// 6. enum
	b.enums()
	if b.context {
		return
	}
	// 7. quoted
	for i := range args {
		if b.used[i] || args[i].Kind != "quoted" {
			continue
		}
		b.first(i, BindQuoted, func(p *param) bool { return isStringy(p) && p.name != idempotencyParam(b.ti) })
	}
	// 8. text
	for i := range args {
		if b.used[i] || args[i].Kind != "identifier" || !strings.ContainsFunc(args[i].Text, unicode.IsLetter) {
			// A value of digits and punctuation alone (198.51.100.0/24)
			// says its kind by its shape: it binds where an example
			// has it (3), never as text.
			continue
		}
		b.firstRequired(i, BindText, func(p *param) bool {
			return isStringy(p) && len(p.enum) == 0 && !p.idLike && p.name != idempotencyParam(b.ti)
		})
	}
}

// firstRequired is first among the required parameters only.
func (b *binder) firstRequired(i int, rule BindRule, pred func(*param) bool) bool {
	return b.first(i, rule, func(p *param) bool { return p.required && pred(p) })
}

// first binds argument i to the first parameter left that pred accepts
// and whose type, format, pattern and enum the value satisfies: the
// required parameters first, then the optional ones.
func (b *binder) first(i int, rule BindRule, pred func(*param) bool) bool {
	a := &b.c.Args[i]
	for pass := 0; pass < 2; pass++ {
		for j := range b.ti.params {
			p := &b.ti.params[j]
			if b.bound[j] || p.required != (pass == 0) || !pred(p) {
				continue
			}
			v, ok := b.value(a, p)
			if !ok {
				continue
			}
			b.bind(j, i, v, rule)
			if a.Kind == "money" && isAmount(p) {
				b.currency(i)
			}
			return true
		}
	}
	return false
}

// firstStart is first, binding to a parameter named for the end of a span
// (endDate, to_time) only when pred accepts no other: a turn says a
// span's dates and times in order ("from May 4 to May 8": startDate, then
// endDate, whatever order the names sort in).
func (b *binder) firstStart(i int, rule BindRule, pred func(*param) bool) bool {
	return b.first(i, rule, func(p *param) bool { return pred(p) && !nameHas(p, destinationWords) }) || b.first(i, rule, pred)
}

// currency binds the currency code of argument i, an amount of money or a
// currency, to a currency parameter left, if the tool has one.
func (b *binder) currency(i int) {
	j, v := currencyParam(b.ti.params, b.c.Args[i], func(j int) bool { return b.bound[j] })
	if j < 0 {
		return
	}
	if cv, ok := b.accept(&b.ti.params[j], v); ok {
		b.bind(j, i, cv, BindCurrency)
	}
}

// currencyParam finds the parameter the currency code of a money or
// currency argument fills, and the code as it takes it (as written, or in
// lower case): a
// currency parameter not yet taken whose type, pattern and enum admit it,
// a required one first; or -1. The binder binds it and the evidence counts
// it filled, so both read an amount with its currency alike.
func currencyParam(params []param, a grammar.Arg, taken func(j int) bool) (int, string) {
	var code string
	switch a.Kind {
	case "money":
		_, code, _ = strings.Cut(a.Value, " ")
	case "currency":
		code = a.Value
	}
	if code == "" {
		return -1, ""
	}
	for pass := 0; pass < 2; pass++ {
		for j := range params {
			p := &params[j]
			if taken(j) || p.required != (pass == 0) || !isCurrency(p) {
				continue
			}
			for _, v := range [...]string{code, strings.ToLower(code)} {
				if _, problem := checkValue(p, v); problem == "" {
					return j, v
				}
			}
		}
	}
	return -1, ""
}

func (b *binder) bind(param, arg int, v string, rule BindRule) {
	a := &b.c.Args[arg]
	b.bound[param], b.used[arg] = true, true
	b.out = append(b.out, Binding{Param: b.ti.params[param].name, Value: v, Text: b.span(a.Start, a.End),
		Start: a.Start, End: a.End, Rule: rule})
}

// span returns the turn's text between two offsets, or "" when they do
// not lie in it.
func (b *binder) span(start, end int) string {
	if start < 0 || end > len(b.turn) || start > end {
		return ""
	}
	return b.turn[start:end]
}

// value reads argument a as a value of parameter p, or reports that it
// does not fit.
func (b *binder) value(a *grammar.Arg, p *param) (string, bool) {
	v := a.Value
	switch a.Kind {
	case "money":
		amount, code, _ := strings.Cut(a.Value, " ")
		switch {
		case isMinor(p):
			mv, ok := minorUnits(amount, code)
			if !ok {
				return "", false
			}
			v = mv
		case isNumeric(p) || isAmount(p):
			v = amount
		}
	case "number":
		if pv, ok := strings.CutSuffix(v, "%"); ok {
			// A percentage binds as its number, as written, to a number
			// that is one ("an annual interest rate of 2.5%": 2.5).
			if !isPercent(p) {
				return "", false
			}
			v = pv
		}
	case "time":
		if p.format == "time" {
			v += ":00"
		}
	case "date":
		if dateKind(p) == "date-time" && len(v) == len("2006-01-02") {
			// A day for a date-time parameter: its start, in UTC.
			v += "T00:00:00Z"
		}
	}
	if isMinor(p) && a.Kind != "money" {
		// A bare number says nothing of the unit.
		return "", false
	}
	if isEmail(p) && !looksLikeEmail(v) {
		// An email parameter named so takes only an address.
		return "", false
	}
	if cv, ok := b.accept(p, v); ok {
		return cv, true
	}
	if p.pattern != nil && a.Kind != "money" && a.Kind != "date" {
		// A pattern may want the text as written, or in upper case
		// (inv-0042137 for ^INV-[0-9]+$).
		for _, alt := range [...]string{a.Text, strings.ToUpper(v)} {
			if alt == v {
				continue
			}
			if cv, ok := b.accept(p, alt); ok {
				return cv, true
			}
		}
	}
	return "", false
}

// accept checks a value against the parameter's type, format, pattern and
// enum; it returns the value as the call should carry it: an enum value
// as the schema writes it, an integer without a fraction of zeros.
func (b *binder) accept(p *param, v string) (string, bool) {
	cv, problem := checkValue(p, v)
	if problem != "" {
		return "", false
	}
	if len(p.enum) > 0 {
		orig, ok := enumAsWritten(p, cv)
		return orig, ok
	}
	return cv, true
}

// checkValue checks a value against the parameter's type, format, pattern
// and (case-folded) enum. It returns the canonical value, or a problem in
// words.
func checkValue(p *param, v string) (string, string) {
	switch p.typ {
	case "number":
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return "", "is not a number"
		}
	case "integer":
		iv, ok := integerValue(v)
		if !ok {
			return "", "is not an integer"
		}
		v = iv
	case "string", "":
	default:
		return "", "is a " + p.typ + ", which a turn does not give"
	}
	switch p.format {
	case "email", "idn-email":
		if !looksLikeEmail(v) {
			return "", "is not an email address"
		}
	case "date":
		if _, err := time.Parse(time.DateOnly, v); err != nil {
			return "", "is not an ISO 8601 date"
		}
	case "date-time":
		if _, err := time.Parse(time.RFC3339, v); err != nil {
			return "", "is not an ISO 8601 date and time"
		}
	}
	if p.pattern != nil && !p.pattern.MatchString(v) {
		return "", "does not match the pattern " + p.pattern.String()
	}
	if len(p.enum) > 0 && !enumLists(p, v) {
		return "", "is not one of " + strings.Join(p.enum, ", ")
	}
	return v, ""
}

// enumLists reports whether the parameter's enum (lower case) lists v,
// case-folded.
func enumLists(p *param, v string) bool {
	for _, e := range p.enum {
		if strings.EqualFold(e, v) {
			return true
		}
	}
	return false
}

// integerValue reads an integer written in decimal, allowing a fraction
// of zeros ("20.00" -> "20").
func integerValue(v string) (string, bool) {
	whole, frac, _ := strings.Cut(v, ".")
	if strings.Trim(frac, "0") != "" {
		return "", false
	}
	n, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return "", false
	}
	return strconv.FormatInt(n, 10), true
}

// looksLikeEmail reports whether v is an email address as JSON Schema's
// email format reads one: a local part of the characters RFC 5322 allows
// unquoted, with no dot at its ends or two in a row, at a host name.
func looksLikeEmail(v string) bool {
	at := strings.LastIndexByte(v, '@')
	if at <= 0 || at > 64 || len(v) > 254 {
		return false
	}
	local, domain := v[:at], v[at+1:]
	if local[0] == '.' || local[len(local)-1] == '.' || strings.Contains(local, "..") {
		return false
	}
	for i := 0; i < len(local); i++ {
		c := local[i]
		if !isAlnum(c) && !strings.ContainsRune(".!#$%&'*+-/=?^_`{|}~", rune(c)) {
			return false
		}
	}
	return isHostname(domain)
}

// isHostname reports whether s is a host name: labels of 1 to 63 ASCII
// letters, digits and hyphens, not at a label's ends, 253 bytes at most.
func isHostname(s string) bool {
	s = strings.TrimSuffix(s, ".")
	if s == "" || len(s) > 253 {
		return false
	}
	for label := range strings.SplitSeq(s, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			if !isAlnum(label[i]) && label[i] != '-' {
				return false
			}
		}
	}
	return true
}

// isAlnum reports whether c is an ASCII letter or digit.
func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// minorUnits converts a decimal amount to the currency's minor units,
// exactly: "20" USD -> "2000", "4.5" EUR -> "450", "1000" JPY -> "1000".
// An amount finer than the minor unit does not convert.
func minorUnits(amount, code string) (string, bool) {
	digits, ok := minorDigits[code]
	if !ok {
		digits = 2
	}
	whole, frac, _ := strings.Cut(amount, ".")
	if whole == "" || strings.TrimLeft(whole, "0123456789") != "" || strings.TrimLeft(frac, "0123456789") != "" {
		return "", false
	}
	if len(frac) > digits {
		if strings.Trim(frac[digits:], "0") != "" {
			return "", false
		}
		frac = frac[:digits]
	}
	frac += strings.Repeat("0", digits-len(frac))
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		return "", false
	}
	return strconv.FormatInt(n, 10), true
}

// majorUnits converts minor units back to a decimal amount: "2000" USD ->
// "20.00".
func majorUnits(minor, code string) string {
	digits, ok := minorDigits[code]
	if !ok {
		digits = 2
	}
	if digits == 0 || strings.TrimLeft(minor, "0123456789") != "" || minor == "" {
		return minor
	}
	for len(minor) <= digits {
		minor = "0" + minor
	}
	return minor[:len(minor)-digits] + "." + minor[len(minor)-digits:]
}

// enumAsWritten returns the value of the parameter's enum that is v,
// case-folded, as the schema writes it.
func enumAsWritten(p *param, v string) (string, bool) {
	for _, e := range p.enumWritten {
		if strings.EqualFold(e, v) {
			return e, true
		}
	}
	return "", false
}

// enums binds the words of the clause that name an enum value. A word
// names a value when its normalised form is the value's, when its stem
// is the value's stem (urgente, urgent), or when the lexicons read both
// as one concept (cartão, card). The clause's own verb and the values of
// its arguments are not read; short function words are not either, so
// "de" never binds a locale.
func (b *binder) enums() {
	has := false
	for j := range b.ti.params {
		if !b.bound[j] && len(b.ti.params[j].enum) > 0 {
			has = true
			break
		}
	}
	if !has {
		return
	}
	words := b.c.Words
	taken := make([]bool, len(words))
	for pass := 0; pass < 2; pass++ {
		for j := range b.ti.params {
			p := &b.ti.params[j]
			if b.bound[j] || len(p.enum) == 0 || p.required != (pass == 0) {
				continue
			}
			b.enumParam(j, words, taken)
		}
	}
}

func (b *binder) enumParam(j int, words []grammar.Word, taken []bool) {
	p := &b.ti.params[j]
	for k := range words {
		if taken[k] || !b.enumWord(&words[k]) {
			continue
		}
		for i, e := range p.enum {
			ew := p.enumWords[i]
			if len(ew) == 0 {
				continue
			}
			// A value of several words may be one word of the turn, a
			// compound the grammar reads whole ("credit card").
			n := 1
			if len(ew) == 1 || words[k].Norm != p.enumText[i] {
				n = len(ew)
				if k+n > len(words) {
					continue
				}
				match := true
				for m, w := range ew {
					if taken[k+m] || !b.enumWord(&words[k+m]) || !b.sameWord(&words[k+m], w) {
						match = false
						break
					}
				}
				if !match {
					continue
				}
			}
			v, ok := b.accept(p, e)
			if !ok {
				continue
			}
			last := &words[k+n-1]
			for m := range n {
				taken[k+m] = true
			}
			b.bound[j] = true
			b.out = append(b.out, Binding{Param: p.name, Value: v, Text: b.span(words[k].Start, last.End),
				Start: words[k].Start, End: last.End, Rule: BindEnum})
			return
		}
	}
}

// enumWord reports whether a word of the clause may name an enum value.
func (b *binder) enumWord(w *grammar.Word) bool {
	switch w.Class {
	case grammar.Value:
		return false
	case grammar.Verb:
		return w.Concept != b.c.Action
	case grammar.Function:
		return len(w.Norm) >= 4
	}
	return true
}

// sameWord reports whether a turn word names the enum word e (written
// in English, normalised).
func (b *binder) sameWord(w *grammar.Word, e string) bool {
	if w.Norm == e {
		return true
	}
	en := b.r.en
	switch w.Class {
	case grammar.Noun:
		if nf, ok := en.Nouns[e]; ok && nf.Concept == w.Concept {
			return true
		}
	case grammar.Verb:
		if c, ok := en.Actions[e]; ok && c == w.Concept {
			return true
		}
	}
	if len(e) < 4 || len(w.Norm) < 4 {
		// Stems of short words say too little.
		return false
	}
	ws := stemOf(b.r.lang, w)
	return ws != "" && ws == b.r.an.stemmer.Stem(e)
}

// turnStemmers stem turn words that the grammar gave no stem, one per
// language.
var turnStemmers sync.Map // tokenize.Language -> *tokenize.Stemmer

// stemOf returns the stem of a turn word in its language, or "" when the
// language has no stemmer.
func stemOf(lang tokenize.Language, w *grammar.Word) string {
	if w.Stem != "" {
		return w.Stem
	}
	if s, ok := turnStemmers.Load(lang); ok {
		return s.(*tokenize.Stemmer).Stem(w.Norm)
	}
	s, err := tokenize.NewStemmer(lang)
	if err != nil {
		// No stemmer for the language: words match by form and concept
		// only.
		return ""
	}
	actual, _ := turnStemmers.LoadOrStore(lang, s)
	return actual.(*tokenize.Stemmer).Stem(w.Norm)
}

// Parameter classes, read from the type, format and name words.

func nameHas(p *param, words []string) bool {
	var buf [8]string
	for _, w := range p.nameWords(buf[:0]) {
		for _, x := range words {
			if w == x {
				return true
			}
		}
	}
	return false
}

func lastNameWord(p *param) string {
	var buf [8]string
	ws := p.nameWords(buf[:0])
	if len(ws) == 0 {
		return ""
	}
	return ws[len(ws)-1]
}

// nameWords returns the words of the parameter's name, as
// tokenize.AppendNameWords reads them: those read with the schema, or for
// a parameter made otherwise, appended to buf now.
func (p *param) nameWords(buf []string) []string {
	if p.words != nil {
		return p.words
	}
	return tokenize.AppendNameWords(buf, p.name)
}

func isNumeric(p *param) bool { return p.typ == "number" || p.typ == "integer" }

func isStringy(p *param) bool { return p.typ == "string" || p.typ == "" }

// isMinor reports whether a parameter holds an amount in minor units.
func isMinor(p *param) bool { return p.typ == "integer" && nameHas(p, minorWords) }

// isAmount reports whether a parameter holds an amount of money.
func isAmount(p *param) bool {
	if !isNumeric(p) && !isStringy(p) {
		return false
	}
	return containsTerm(p.terms, objectPrefix+"amount") || nameHas(p, amountWords)
}

// isCurrency reports whether a parameter holds a currency code.
func isCurrency(p *param) bool {
	return isStringy(p) && (containsTerm(p.terms, objectPrefix+"currency") || nameHas(p, []string{"currency"}))
}

// isEmail reports whether a parameter holds an email address.
func isEmail(p *param) bool {
	if p.format == "email" || p.format == "idn-email" {
		return true
	}
	return isStringy(p) && p.format == "" && (containsTerm(p.terms, objectPrefix+"email") ||
		containsTerm(p.terms, objectPrefix+"email_address") || nameHas(p, []string{"email", "mail"}))
}

// countFits reports whether a parameter may take the argument: any may
// take an argument that counts nothing, and only a number that holds no
// id one that counts a noun (grammar.Arg.Counted: "a room for 2 nights"
// fills nights, never room_type; "3 orders" no order_id).
func countFits(p *param, a *grammar.Arg) bool {
	return a.Counted == "" || isNumeric(p) && !p.idLike
}

// takesEmail reports whether a parameter may take an email address: one
// that holds one (isEmail), or text whose description gives an address
// among its examples ("the recipient, such as an email or account
// number"), which holds other things too and so is not checked as an
// address.
func takesEmail(p *param) bool {
	return isEmail(p) || isStringy(p) && examplesEmail(p)
}

// examplesEmail reports whether a parameter's description gives an email
// address among its examples (descExamples): an example whose last word
// is email, or that ends in "email address".
func examplesEmail(p *param) bool {
	for _, e := range p.exampleText {
		if w := e[strings.LastIndexByte(e, ' ')+1:]; w == "email" || w == "e-mail" || strings.HasSuffix(e, "email address") {
			return true
		}
	}
	return false
}

// dateKind says whether a parameter holds a date ("date"), a date and
// time ("date-time") or neither (""): by its format, else by its name
// (due_date, starts_on; created_at, timestamp).
func dateKind(p *param) string {
	switch p.format {
	case "date", "date-time":
		return p.format
	case "":
	default:
		return ""
	}
	if !isStringy(p) {
		return ""
	}
	switch last := lastNameWord(p); {
	case last == "at" || nameHas(p, []string{"timestamp", "datetime", "time"}):
		return "date-time"
	case last == "on" || last == "day" || nameHas(p, []string{"date"}):
		return "date"
	}
	return ""
}

// holdsKind reports whether a parameter may hold a value of the kind of
// an argument that its noun names: a date or a time only a parameter that
// holds one ("a mystery film tonight" fills no movie_name, though tonight
// is said of the film); quoted text no number or flag ("an image of 'a
// man in a red dress'" fills no image_quality of 1 to 100); any other
// kind, any parameter its type admits.
func holdsKind(p *param, kind string) bool {
	switch kind {
	case "date":
		return dateKind(p) != ""
	case "time":
		return isTime(p) || dateKind(p) != ""
	case "quoted", "identifier":
		// Quoted words and an identifier (TSHIRT-BLK-M) fill no number
		// or flag.
		return !isNumeric(p) && p.typ != "boolean"
	}
	return true
}

// isTime reports whether a parameter holds a time of day: its format is
// time, or it is a string with no format whose name a time or an hour
// heads (start_time, hour; a time zone, a time limit or a time period is
// none).
func isTime(p *param) bool {
	if p.format == "time" {
		return true
	}
	if !isStringy(p) || p.format != "" || len(p.enum) > 0 {
		return false
	}
	last := lastNameWord(p)
	return last == "time" || last == "hour"
}

// isIDLike reports whether a parameter holds an id: its last name word
// says so (order_id, invoice_number, sku).
func isIDLike(p *param) bool {
	if !isStringy(p) && p.typ != "integer" {
		return false
	}
	last := lastNameWord(p)
	for _, w := range idWords {
		if last == w {
			return true
		}
	}
	return false
}

// isText reports whether a parameter holds free text.
func isText(p *param) bool {
	return isStringy(p) && p.pattern == nil && len(p.enum) == 0 && p.format == "" && nameHas(p, textWords)
}

// idempotencyParam returns the parameter that carries the tool's
// idempotency key: the declared key when it names a parameter, else a
// parameter named idempotency_key; or "".
func idempotencyParam(ti *toolInfo) string {
	key := ti.tool.Declarations.IdempotencyKey
	for i := range ti.params {
		if key != "" && ti.params[i].name == key {
			return key
		}
	}
	for i := range ti.params {
		if ti.params[i].name == "idempotency_key" {
			return "idempotency_key"
		}
	}
	return ""
}

// paramConcept returns the concept of the thing a parameter names
// (order_id -> order), or "".
func paramConcept(p *param) string {
	for _, t := range p.terms {
		c, ok := strings.CutPrefix(t, objectPrefix)
		if !ok {
			continue
		}
		switch c {
		case "id", "number", "key", "code", "name":
			continue
		}
		return c
	}
	return ""
}

// bindDecision binds the clause's arguments to the selected tool's
// parameters and checks the call, with no scopes given. Only the selected
// tool is bound: the rejected candidates cost nothing here.
func (r *Router) bindDecision(d *Decision, ti *toolInfo, c *grammar.Clause, ctx []*grammar.Clause) {
	d.Arguments, d.Bindings, d.Missing = r.bindArgs(ti, d.Parse.Turn, c, ctx...)
	d.Domain = ti.tool.Declarations.Domain
	ck := r.check(&checkInput{ti: ti, args: d.Arguments, bindings: d.Bindings, missing: d.Missing, clause: c})
	d.Check = &ck
}

// idNumber reports whether a number of a clause of words names a thing:
// it stands right after the noun it qualifies ("order 2210", "time-off
// request 4471"). One a preposition parts from its noun is a value ("set
// the volume to 5", "a table for 4").
func idNumber(words []grammar.Word, a *grammar.Arg) bool {
	if a.Noun == "" {
		return false
	}
	for i := len(words) - 1; i >= 0; i-- {
		if w := &words[i]; w.End <= a.Start {
			return w.Class == grammar.Noun && w.Concept == a.Noun
		}
	}
	return false
}

// countsNext reports whether the number a comes right before a noun of
// the clause, which it counts ("3 orders", "2 adults"), and names no
// noun before it (idNumber: "order 42").
func countsNext(c *grammar.Clause, a *grammar.Arg) bool {
	if idNumber(c.Words, a) {
		return false
	}
	for i := range c.Words {
		if w := &c.Words[i]; w.Start >= a.End {
			return w.Class == grammar.Noun
		}
	}
	return false
}

// places binds the names written after a preposition of place (the last
// rule, BindName), once every other rule has bound what it could. A name is
// a run of words written with a capital that the grammar reads as no
// value, the words parted by nothing but a space, a comma or a period
// ("San Diego", "London, UK", "St. Helena CA"), right after the
// preposition or after a determiner that follows it ("in the Bay
// Area"); it binds as written, and ends before text another rule bound
// ("London, United Kingdom", where the enum of a country took the
// second). Two names joined by "and" after "between" (the lexicons'
// between class) bind an origin and a destination, where the tool has
// both. Where the clause's capitals mark no names (a title, a turn in
// capitals: namesInRuns), it binds nothing.
func (b *binder) places() {
	words := b.c.Words
	if !namesInRuns(words) {
		return
	}
	lx := b.r.gram.Lexicon()
	for k := 0; k < len(words)-1; k++ {
		w := &words[k]
		if w.Class != grammar.Function {
			continue
		}
		var kinds [][]string
		between := false
		switch c := b.r.classes.place.get(w.Norm); {
		case c&pLocative != 0:
			kinds = [][]string{placeWords}
		case c&pSource != 0:
			kinds = [][]string{originWords}
		case c&pGoal != 0:
			kinds = [][]string{destinationWords, recipientWords}
		case c&pBetween != 0:
			between = true
		default:
			continue
		}
		first, last, ok := b.nameAt(lx, k+1)
		if !ok {
			continue
		}
		if between {
			// "the distance between New York City and Los Angeles": the
			// first name the origin, the second the destination.
			if last+2 < len(words) && words[last+1].Class == grammar.Function && lx.Has("additive", words[last+1].Norm) {
				if f2, l2, ok := b.nameAt(lx, last+2); ok && b.placeFree(originWords) && b.placeFree(destinationWords) {
					b.place(originWords, words[first].Start, words[last].End)
					b.place(destinationWords, words[f2].Start, words[l2].End)
					last = l2
				}
			}
			k = last
			continue
		}
		for _, kind := range kinds {
			if b.place(kind, words[first].Start, words[last].End) {
				break
			}
		}
		k = last
	}
}

// nameAt reads the name that starts at the clause's word first, or after
// a determiner there: the run of name words (nameWord) joined as one
// name's are (joined), up to text another rule bound. It returns the
// name's first and last words, and whether there is one: a name a common
// noun follows names a thing of that kind, no place ("at Regal
// theater"), and so does one that owns what follows ("to Diego's
// account"); words the lexicons all read are things written with a
// capital ("na TV"), where a place's name has a word no lexicon holds.
func (b *binder) nameAt(lx *grammar.Lexicon, first int) (int, int, bool) {
	words := b.c.Words
	if first < len(words)-1 && words[first].Class == grammar.Function && !grammar.IsName(words[first].Text) && lx.Has("determiner", words[first].Norm) {
		first++
	}
	last := first - 1
	for j := first; j < len(words) && b.nameWord(&words[j]) && !b.boundText(words[j].Start, words[j].End) && (j == first || b.joined(&words[j-1], &words[j])); j++ {
		last = j
	}
	if last < first || last+1 < len(words) && words[last+1].Class == grammar.Noun && !grammar.IsName(words[last+1].Text) ||
		strings.HasSuffix(words[last].Text, "'s") || strings.HasSuffix(words[last].Text, "’s") {
		return 0, 0, false
	}
	if !slices.ContainsFunc(words[first:last+1], func(w grammar.Word) bool { return w.Class == grammar.Unknown }) {
		return 0, 0, false
	}
	return first, last, true
}

// placeFree reports whether the tool has a text parameter left whose
// name has a word of kind, as place would bind it.
func (b *binder) placeFree(kind []string) bool {
	for j := range b.ti.params {
		if p := &b.ti.params[j]; !b.bound[j] && b.placeParam(p, kind) {
			return true
		}
	}
	return false
}

// placeParam reports whether a parameter may hold a name of kind: text,
// no id, no date or time, and a word of kind in its name.
func (b *binder) placeParam(p *param, kind []string) bool {
	return p.typ == "string" && !p.idLike && dateKind(p) == "" && !isTime(p) && nameHas(p, kind)
}

// nameWord reports whether a clause's word may be a word of a name: it
// is written with a capital, and is no value (a date, a number).
func (b *binder) nameWord(w *grammar.Word) bool {
	return w.Class != grammar.Value && grammar.IsName(w.Text)
}

// joined reports whether the turn's text between two words parts them
// as the words of one name: a space, or a comma or a period (and a
// space) before a word the grammar reads as no function word or one
// written in capitals alone, as a code is ("San Diego", "St. Helena",
// "Berkeley, CA", "Portland, OR"; not "San Jose, I want to").
func (b *binder) joined(w, next *grammar.Word) bool {
	end, start := w.End, next.Start
	if start < end || start-end > 2 || start > len(b.turn) {
		return false
	}
	switch gap := b.turn[end:start]; {
	case gap == " ":
		return true
	case strings.Trim(gap, " ,.") == "":
		return next.Class != grammar.Function || len(next.Text) >= 2 && strings.ToUpper(next.Text) == next.Text
	}
	return false
}

// boundText reports whether the turn's text from start to end holds text
// a rule has bound, in this clause or another.
func (b *binder) boundText(start, end int) bool {
	for i := range b.out {
		if x := &b.out[i]; x.Start < end && x.End > start {
			return true
		}
	}
	return false
}

// place binds the turn's text from start to end to the first text
// parameter left whose name has a word of kind, required parameters
// first, where its type, pattern and enum admit the text. It reports
// whether it bound one.
func (b *binder) place(kind []string, start, end int) bool {
	v := b.span(start, end)
	for pass := 0; pass < 2; pass++ {
		for j := range b.ti.params {
			p := &b.ti.params[j]
			if b.bound[j] || p.required != (pass == 0) || !b.placeParam(p, kind) {
				continue
			}
			cv, ok := b.accept(p, v)
			if !ok {
				continue
			}
			b.bound[j] = true
			b.out = append(b.out, Binding{Param: p.name, Value: cv, Text: v, Start: start, End: end, Rule: BindName})
			return true
		}
	}
	return false
}

// abbreviatesParam reports whether an id's prefix abbreviates the noun of
// a parameter's name (abbreviates: dl_ for deal_id).
func abbreviatesParam(p *param, prefix string) bool {
	for _, t := range p.terms {
		if c, ok := strings.CutPrefix(t, objectPrefix); ok && abbreviates(prefix, c) {
			return true
		}
	}
	return false
}

// isPercent reports whether a number parameter holds a percentage: its
// name says so (percent, rate, probability...), or its description
// does ("in percent", "0-100%").
func isPercent(p *param) bool {
	if !isNumeric(p) {
		return false
	}
	d := strings.ToLower(p.desc)
	return nameHas(p, percentWords) || strings.Contains(d, "percent") || strings.Contains(d, "%")
}
