package router

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/grammar"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// Refusal says why the tool check refused a call. The zero value, "", is no
// refusal: the call is allowed.
type Refusal string

// The refusals of the tool check, in the order it tests them.
const (
	// RefusedNoTool is a decision that selected no tool: there is no
	// call to check.
	RefusedNoTool Refusal = "no_tool"
	// RefusedUnknownTool is a call to a tool the catalogue does not hold.
	RefusedUnknownTool Refusal = "unknown_tool"
	// RefusedWithdrawn is a call to a withdrawn tool: refused before
	// anything else.
	RefusedWithdrawn Refusal = "withdrawn"
	// RefusedPrivilege is a call to a tool whose privilege the granted
	// scopes do not hold.
	RefusedPrivilege Refusal = "privilege"
)

// Check is the tool check of one call: whether it may be made, whether a
// person must confirm it first and with what sentence, the call that
// undoes it, the idempotency key to send, and the flags a caller must
// heed. It is plain data. The zero Check names no tool and allows nothing
// (Allowed is false).
type Check struct {
	// Tool is the tool called, or "" when no tool was selected.
	Tool string `json:"tool"`
	// Allowed is true when the call may be made: the tool is known, not
	// withdrawn, and (when scopes were checked) its privilege is granted.
	Allowed bool `json:"allowed"`
	// Refusal says why the call is refused, or "" when it is allowed.
	Refusal Refusal `json:"refusal,omitempty"`
	// Ready is true when the call is allowed and has every required
	// argument, each of the right type: it can be made once confirmed.
	Ready bool `json:"ready"`
	// Kind is the tool's kind: read or write.
	Kind catalogue.Kind `json:"kind,omitempty"`
	// Confirm is true when a person must confirm the call: every write.
	Confirm bool `json:"confirm"`
	// Confirmation is the sentence the person is shown: the one the tool
	// declares, with its $args.NAME filled, or one made in the router's
	// language from the tool's action and the arguments.
	Confirmation string `json:"confirmation,omitempty"`
	// Privilege is the scope the tool needs, or "" when it needs none.
	Privilege string `json:"privilege,omitempty"`
	// ScopesChecked is true when the check was given the granted scopes;
	// a decision of Select is checked with none given, so its privilege
	// is reported and not enforced.
	ScopesChecked bool `json:"scopes_checked"`
	// Compensation is the call that undoes this one, with its $args.NAME
	// templates filled from the arguments, or nil when none is declared.
	Compensation *Call `json:"compensation,omitempty"`
	// Irreversible is true when the tool declares it cannot be undone.
	Irreversible bool `json:"irreversible,omitempty"`
	// SideEffect is the declared side-effect class (R0, R1, W1, W2, W3).
	SideEffect string `json:"side_effect,omitempty"`
	// Idempotency is the idempotency key to send, or nil when the tool
	// takes none. The zero value is no key: its name, value and place are "".
	Idempotency *Idempotency `json:"idempotency,omitempty"`
	// Egress is true when the tool sends data out.
	Egress bool `json:"egress"`
	// ReadsOutside is true when the tool reads text from outside, which
	// must be treated as data, never as instructions.
	ReadsOutside bool `json:"reads_outside"`
	// Missing are the required arguments the call lacks.
	Missing []string `json:"missing,omitempty"`
	// Invalid are the arguments whose values the tool's schema refuses.
	Invalid []Problem `json:"invalid,omitempty"`
	// Reason says in words what the check found.
	Reason string `json:"reason"`
}

// Call is a tool call: a tool and its arguments. It is plain data. The zero
// value names no tool and has no arguments.
type Call struct {
	// Tool names the tool.
	Tool string `json:"tool"`
	// Arguments are its arguments. A "$args.NAME" template is filled
	// with the original call's argument NAME, as a string.
	Arguments map[string]any `json:"arguments"`
	// Unfilled names the templates' arguments the original call lacks;
	// those templates are left as written.
	Unfilled []string `json:"unfilled,omitempty"`
}

// Idempotency is the idempotency key a call sends, so a retry after an
// ambiguous failure has no second effect. It is plain data.
type Idempotency struct {
	// Name is the key's name: the declared one, or idempotency_key.
	Name string `json:"name"`
	// Value is the key: the first 128 bits of the SHA-256 of the tool's
	// name and its arguments, in hex. The same call always sends the same
	// key.
	Value string `json:"value"`
	// In is "argument" when the tool's input schema has a parameter of
	// that name, else "header" (an HTTP header such as Idempotency-Key).
	In string `json:"in"`
}

// Problem is an argument whose value a tool's schema refuses. It is plain
// data. The zero value names no argument and no problem.
type Problem struct {
	// Param is the argument's name.
	Param string `json:"param"`
	// Value is the value given.
	Value string `json:"value"`
	// Problem says what is wrong, in words.
	Problem string `json:"problem"`
}

// checkInput is what the tool check reads.
type checkInput struct {
	ti       *toolInfo
	args     map[string]string
	bindings []Binding // nil for a proposed call
	missing  []string
	invalid  []Problem
	clause   *grammar.Clause // nil for a proposed call
	scopes   []string
	scoped   bool
}

// Check checks the call a decision makes against the catalogue and the
// granted scopes (nil grants none: a tool that declares a privilege is
// then refused). A decision with no tool gives a check with Refusal
// RefusedNoTool. Check is safe for concurrent use.
func (r *Router) Check(d Decision, scopes []string) Check {
	return r.checkDecision(&d, scopes, true)
}

func (r *Router) checkDecision(d *Decision, scopes []string, scoped bool) Check {
	if d.Tool == "" {
		return Check{Refusal: RefusedNoTool, ScopesChecked: scoped,
			Reason: fmt.Sprintf("no call to check: the outcome is %s", d.Outcome)}
	}
	ti := r.toolNamed(d.Tool)
	if ti == nil {
		return unknownTool(d.Tool, scoped)
	}
	missing := d.Missing
	if missing == nil {
		missing = missingOf(ti, d.Arguments)
	}
	return r.check(&checkInput{ti: ti, args: d.Arguments, bindings: d.Bindings, missing: missing,
		clause: d.Clause, scopes: scopes, scoped: scoped})
}

// CheckCall checks a proposed call, a tool's name and its arguments as
// strings, against the catalogue and the granted scopes (nil grants
// none). Arguments the tool's schema does not name, or whose values it
// refuses, are reported in Invalid. CheckCall is safe for concurrent use.
func (r *Router) CheckCall(tool string, args map[string]string, scopes []string) Check {
	ti := r.toolNamed(tool)
	if ti == nil {
		return unknownTool(tool, true)
	}
	var invalid []Problem
	names := make([]string, 0, len(args))
	for k := range args {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		v := args[k]
		p := paramNamed(ti, k)
		if p == nil {
			if len(ti.params) > 0 {
				invalid = append(invalid, Problem{Param: k, Value: v, Problem: "is not a parameter of " + tool})
			}
			continue
		}
		if _, problem := checkValue(p, v); problem != "" {
			invalid = append(invalid, Problem{Param: k, Value: v, Problem: problem})
			continue
		}
		if len(p.enum) > 0 {
			if orig, ok := enumAsWritten(p, v); !ok || orig != v {
				invalid = append(invalid, Problem{Param: k, Value: v, Problem: "is not written as the enum writes it (" + orig + ")"})
			}
		}
	}
	return r.check(&checkInput{ti: ti, args: args, missing: missingOf(ti, args), invalid: invalid,
		scopes: scopes, scoped: true})
}

func unknownTool(name string, scoped bool) Check {
	return Check{Tool: name, Refusal: RefusedUnknownTool, ScopesChecked: scoped,
		Reason: fmt.Sprintf("%s is not a tool of the catalogue: the call is refused", name)}
}

// check applies the tool check, in this order:
//
//  1. A withdrawn tool is refused, before anything else.
//  2. When scopes were given, a tool whose privilege they do not hold is
//     refused; a tool that declares no privilege needs none.
//  3. Otherwise the call is allowed, and ready when no required argument
//     is missing and no value is refused. A write needs a person's
//     confirmation, with its sentence; the compensation is filled from
//     the arguments; the idempotency key is derived from the call; egress
//     and reads_outside are reported as they are declared.
func (r *Router) check(in *checkInput) Check {
	t := in.ti.tool
	dec := t.Declarations
	ck := Check{Tool: t.Name, Kind: t.Kind, Privilege: dec.Privilege, ScopesChecked: in.scoped,
		Irreversible: dec.Irreversible, SideEffect: dec.SideEffect, Egress: dec.Egress, ReadsOutside: dec.ReadsOutside}
	switch {
	case in.ti.withdrawn:
		ck.Refusal = RefusedWithdrawn
		ck.Reason = t.Name + " is withdrawn: the call is refused"
		return ck
	case in.scoped && !granted(dec.Privilege, in.scopes):
		ck.Refusal = RefusedPrivilege
		ck.Reason = fmt.Sprintf("%s needs the privilege %s, which the granted scopes do not hold: the call is refused", t.Name, dec.Privilege)
		return ck
	}
	ck.Allowed = true
	ck.Missing, ck.Invalid = in.missing, in.invalid
	ck.Ready = len(in.missing) == 0 && len(in.invalid) == 0
	ck.Confirm = t.Kind == catalogue.Write
	if ck.Confirm {
		ck.Confirmation = r.confirmation(in)
	}
	if dec.Compensation != nil {
		ck.Compensation = fillCall(dec.Compensation, in.args)
	}
	if name := idempotencyName(in.ti); name != "" {
		where := "header"
		if paramNamed(in.ti, name) != nil {
			where = "argument"
		}
		ck.Idempotency = &Idempotency{Name: name, Value: idempotencyValue(t.Name, in.args, name), In: where}
	}
	ck.Reason = checkReason(&ck)
	return ck
}

// checkReason says what an allowed check found.
func checkReason(ck *Check) string {
	var b strings.Builder
	b.Grow(96)
	b.WriteString(ck.Tool)
	if ck.Confirm {
		b.WriteString(" is a write: a person confirms it")
	} else {
		b.WriteString(" is a read")
	}
	if len(ck.Missing) > 0 {
		b.WriteString("; missing ")
		for i, m := range ck.Missing {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(m)
		}
	}
	for _, p := range ck.Invalid {
		fmt.Fprintf(&b, "; %s %q %s", p.Param, p.Value, p.Problem)
	}
	switch {
	case ck.Privilege == "":
	case ck.ScopesChecked:
		b.WriteString("; privilege " + ck.Privilege + " granted")
	default:
		b.WriteString("; privilege " + ck.Privilege + " not checked: no scopes given")
	}
	switch {
	case ck.Irreversible:
		b.WriteString("; irreversible")
	case ck.Compensation != nil:
		b.WriteString("; undone by ")
		b.WriteString(ck.Compensation.Tool)
	case ck.Confirm:
		b.WriteString("; no compensation declared")
	}
	if ck.Egress {
		b.WriteString("; sends data out")
	}
	if ck.ReadsOutside {
		b.WriteString("; reads text from outside")
	}
	return b.String()
}

// granted reports whether the scopes hold a privilege; no privilege needs
// no scope. Scopes match exactly.
func granted(privilege string, scopes []string) bool {
	return privilege == "" || slices.Contains(scopes, privilege)
}

func (r *Router) toolNamed(name string) *toolInfo {
	for i := range r.tools {
		if r.tools[i].tool.Name == name {
			return &r.tools[i]
		}
	}
	return nil
}

func paramNamed(ti *toolInfo, name string) *param {
	for i := range ti.params {
		if ti.params[i].name == name {
			return &ti.params[i]
		}
	}
	return nil
}

// missingOf returns the required parameters args lacks, but the
// idempotency key, which the check supplies.
func missingOf(ti *toolInfo, args map[string]string) []string {
	key := idempotencyParam(ti)
	missing := []string{}
	for i := range ti.params {
		p := &ti.params[i]
		if _, ok := args[p.name]; p.required && !ok && p.name != key {
			missing = append(missing, p.name)
		}
	}
	return missing
}

// idempotencyName is the name of the tool's idempotency key: the declared
// one, else a parameter named idempotency_key; or "".
func idempotencyName(ti *toolInfo) string {
	if k := ti.tool.Declarations.IdempotencyKey; k != "" {
		return k
	}
	return idempotencyParam(ti)
}

// idempotencyValue derives the key of a call from the tool's name and
// its arguments (the key itself left out), so the same call always sends
// the same key and any other call another.
func idempotencyValue(tool string, args map[string]string, key string) string {
	names := make([]string, 0, len(args))
	for k := range args {
		if k != key {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	h := sha256.New()
	h.Write([]byte(tool))
	for _, k := range names {
		h.Write([]byte{0})
		h.Write([]byte(k))
		h.Write([]byte{0})
		h.Write([]byte(args[k]))
	}
	var sum [sha256.Size]byte
	return hex.EncodeToString(h.Sum(sum[:0])[:16])
}

// fillCall fills a compensation's $args.NAME templates from the
// arguments of the call it undoes.
func fillCall(c *catalogue.Compensation, args map[string]string) *Call {
	call := &Call{Tool: c.Tool, Arguments: make(map[string]any, len(c.Arguments))}
	for k, v := range c.Arguments {
		call.Arguments[k] = fillValue(v, args, &call.Unfilled)
	}
	sort.Strings(call.Unfilled)
	call.Unfilled = slices.Compact(call.Unfilled)
	return call
}

const argsPrefix = "$args."

func fillValue(v any, args map[string]string, unfilled *[]string) any {
	switch v := v.(type) {
	case string:
		name, ok := strings.CutPrefix(v, argsPrefix)
		if !ok {
			return v
		}
		if a, ok := args[name]; ok {
			return a
		}
		*unfilled = append(*unfilled, name)
		return v
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[k] = fillValue(e, args, unfilled)
		}
		return m
	case []any:
		s := make([]any, len(v))
		for i, e := range v {
			s[i] = fillValue(e, args, unfilled)
		}
		return s
	}
	return v
}

// fillText fills the $args.NAME templates of a sentence; a NAME the
// arguments lack is left as written.
func fillText(s string, args map[string]string) string {
	if !strings.Contains(s, argsPrefix) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, argsPrefix)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		rest := s[i+len(argsPrefix):]
		n := 0
		for n < len(rest) && (rest[n] == '_' || rest[n] >= 'a' && rest[n] <= 'z' || rest[n] >= 'A' && rest[n] <= 'Z' || rest[n] >= '0' && rest[n] <= '9') {
			n++
		}
		if v, ok := args[rest[:n]]; ok && n > 0 {
			b.WriteString(v)
		} else {
			b.WriteString(s[i : i+len(argsPrefix)+n])
		}
		s = rest[n:]
	}
}

// confirmation returns the sentence a person confirms a write with: the
// tool's declared sentence with its $args.NAME filled, or one made in the
// router's language:
//
//	Refund 20 USD on order 42 with refund_card?
//	Estornar 20 BRL no pedido 42 com refund_card?
//
// The verb is the tool's action (the turn's own action when the tool does
// it too), written as the turn's verb where the lexicon has a base word
// like it (estorne -> estornar), else as the lexicon's first word. Then
// come the amount, or else the tool's head object; the things the
// arguments name (order 42), with the noun as the turn wrote it; the
// other arguments in brackets; and the tool's name. A concept the
// language's lexicon lacks is written in English.
func (r *Router) confirmation(in *checkInput) string {
	if s := in.ti.tool.Declarations.Confirmation; s != "" {
		return fillText(s, in.args)
	}
	lx := r.gram.Lexicon()
	pt := r.lang == tokenize.Brazilian
	ti := in.ti
	s := r.sentenceParts(in)

	var b strings.Builder
	b.Grow(80)
	writeCapitalised(&b, r.verbWord(ti, in.clause, lx))
	direct := false
	if s.amount != "" {
		b.WriteByte(' ')
		b.WriteString(s.amount)
		direct = true
	} else if s.head != "" {
		w := r.nounWord(s.head, in.clause, lx)
		if pt {
			b.WriteByte(' ')
			b.WriteString(article(lx, w, false))
		} else {
			b.WriteString(" the")
		}
		b.WriteByte(' ')
		b.WriteString(w)
		direct = true
	}
	for i, x := range s.refs {
		w := r.nounWord(x.concept, in.clause, lx)
		b.WriteByte(' ')
		switch {
		case pt && i > 0:
			b.WriteString("e ")
			b.WriteString(article(lx, w, true))
			b.WriteByte(' ')
		case pt:
			b.WriteString(article(lx, w, direct))
			b.WriteByte(' ')
		case i > 0:
			b.WriteString("and ")
		case direct:
			b.WriteString("on ")
		}
		b.WriteString(w)
		b.WriteByte(' ')
		b.WriteString(x.value)
	}
	for i, o := range s.others {
		if i == 0 {
			b.WriteString(" (")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(o)
	}
	if len(s.others) > 0 {
		b.WriteByte(')')
	}
	if pt {
		b.WriteString(" com ")
	} else {
		b.WriteString(" with ")
	}
	b.WriteString(ti.tool.Name)
	b.WriteByte('?')
	return b.String()
}

// sentence is what a confirmation sentence says besides its verb.
type sentence struct {
	amount string // "20 USD", or ""
	head   string // the concept of the tool's head object, when no amount
	refs   []ref  // the things the arguments name
	others []string
}

type ref struct{ concept, value string }

func (r *Router) sentenceParts(in *checkInput) sentence {
	var s sentence
	ti := in.ti
	key := idempotencyParam(ti)
	done := map[string]bool{key: true}
	// The amount.
	currency := ""
	for i := range ti.params {
		p := &ti.params[i]
		if v, ok := in.args[p.name]; ok && isCurrency(p) {
			currency, done[p.name] = v, true
			break
		}
	}
	for i := range ti.params {
		p := &ti.params[i]
		v, ok := in.args[p.name]
		if !ok || !isAmount(p) {
			continue
		}
		done[p.name] = true
		if money := moneyOf(in, p.name); money != "" {
			s.amount = money
			break
		}
		if isMinor(p) {
			v = majorUnits(v, strings.ToUpper(currency))
		}
		s.amount = strings.TrimSpace(v + " " + currency)
		break
	}
	if s.amount == "" && currency != "" {
		// A currency with no amount is just another argument.
		for i := range ti.params {
			if isCurrency(&ti.params[i]) {
				delete(done, ti.params[i].name)
			}
		}
	}
	// The things the arguments name, in the turn's order.
	addRef := func(p *param, v string) {
		if c := paramConcept(p); c != "" && !done[p.name] {
			s.refs = append(s.refs, ref{concept: c, value: v})
			done[p.name] = true
		}
	}
	if in.bindings != nil {
		for _, x := range in.bindings {
			if x.Rule == BindNoun || x.Rule == BindPattern || x.Rule == BindIdentifier {
				if p := paramNamed(ti, x.Param); p != nil {
					addRef(p, in.args[x.Param])
				}
			}
		}
	} else {
		for i := range ti.params {
			p := &ti.params[i]
			if v, ok := in.args[p.name]; ok && (p.idLike || p.pattern != nil) {
				addRef(p, v)
			}
		}
	}
	if s.amount == "" && ti.head >= 0 && ti.head < len(ti.objects) {
		if c, ok := strings.CutPrefix(ti.objects[ti.head], objectPrefix); ok {
			s.head = c
			for _, x := range s.refs {
				if x.concept == c {
					s.head = ""
				}
			}
		}
	}
	// The other arguments, by name.
	names := make([]string, 0, len(in.args))
	for k := range in.args {
		if !done[k] {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, k := range names {
		s.others = append(s.others, k+": "+in.args[k])
	}
	return s
}

// moneyOf returns the amount of money the turn wrote for a bound
// parameter ("20 USD"), or "".
func moneyOf(in *checkInput, name string) string {
	if in.clause == nil {
		return ""
	}
	for _, x := range in.bindings {
		if x.Param != name {
			continue
		}
		for _, a := range in.clause.Args {
			if a.Kind == "money" && a.Start == x.Start && a.End == x.End {
				return a.Value
			}
		}
	}
	return ""
}

// verbWord writes the tool's action in the lexicon's language.
func (r *Router) verbWord(ti *toolInfo, c *grammar.Clause, lx *grammar.Lexicon) string {
	concept := ti.action
	if c != nil && c.Action != "" && (c.Action == ti.action || slices.Contains(ti.actions, c.Action)) {
		concept = c.Action
	}
	if concept == "" {
		return strings.Join(tokenize.SplitName(ti.tool.Name), " ")
	}
	words := lx.ActionWords[concept]
	if len(words) == 0 {
		words = r.en.ActionWords[concept]
	}
	if len(words) == 0 {
		return strings.ReplaceAll(concept, "_", " ")
	}
	// The base word most like the turn's verb: estorne -> estornar.
	best, bestLen := words[0], 2
	if c != nil {
		for _, w := range c.Words {
			if w.Class != grammar.Verb || w.Concept != concept || w.Fuzzy {
				continue
			}
			for _, base := range words {
				if n := commonPrefix(tokenize.Normalize(base), w.Norm); n > bestLen {
					best, bestLen = base, n
				}
			}
			break
		}
	}
	return best
}

// nounWord writes a noun concept in the lexicon's language: as the turn
// wrote it (in the singular, not a typo), else the lexicon's first word.
func (r *Router) nounWord(concept string, c *grammar.Clause, lx *grammar.Lexicon) string {
	if c != nil {
		for _, w := range c.Words {
			if w.Class == grammar.Noun && w.Concept == concept && !w.Fuzzy && !w.Plural {
				return strings.ToLower(w.Text)
			}
		}
	}
	if ws := lx.NounWords[concept]; len(ws) > 0 {
		return ws[0]
	}
	if ws := r.en.NounWords[concept]; len(ws) > 0 {
		return ws[0]
	}
	return strings.ReplaceAll(concept, "_", " ")
}

// article returns the Portuguese definite article of a noun, contracted
// with em when in is true: o, a; no, na.
func article(lx *grammar.Lexicon, noun string, in bool) string {
	fem := lx.Nouns[tokenize.Normalize(noun)].Gender == "f"
	switch {
	case in && fem:
		return "na"
	case in:
		return "no"
	case fem:
		return "a"
	}
	return "o"
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// writeCapitalised writes s with its first letter in upper case.
func writeCapitalised(b *strings.Builder, s string) {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || r == utf8.RuneError {
		b.WriteString(s)
		return
	}
	b.WriteRune(unicode.ToUpper(r))
	b.WriteString(s[n:])
}

// Request says how SelectWith routes a turn. The zero Request routes as
// Select does. It is plain data.
type Request struct {
	// Scoped is true when Scopes are the scopes granted to the caller:
	// only tools they grant are candidates (withdrawn tools are still
	// refused), and the check enforces each tool's privilege. When false,
	// privileges are reported and not enforced.
	Scoped bool
	// Scopes are the granted scopes, read when Scoped is true; none
	// grants only the tools that declare no privilege.
	Scopes []string
	// Top is how many candidates the decision lists, likeliest first;
	// five when zero.
	Top int
	// Observer, when not nil, receives the catalog query's events: one
	// before the turn is routed and one after.
	Observer Observer
}

// SelectWith reads a turn and decides which tool it asks for, as Select
// does, with the scopes, candidate count and observer of req. Every
// decision that names a tool, the following clauses' too, carries its
// domain and its check.
//
// With scopes, the decision is made by the router Scoped returns, which
// holds only the tools the scopes grant; explain it with that router. An
// agent that routes many turns with the same scopes should call Scoped
// once and call SelectWith on the router it returns. SelectWith is safe
// for concurrent use.
func (r *Router) SelectWith(turn string, req Request) Decision {
	if r == nil || r.gram == nil {
		return unreadDecision(turn, "", "the router was not built with New")
	}
	rr := r
	var err error
	if req.Scoped {
		rr, err = r.Scoped(req.Scopes)
	}
	if req.Observer != nil {
		req.Observer(startEvent(turn))
	}
	top := req.Top
	if top <= 0 {
		top = maxCandidates
	}
	var d Decision
	if err != nil {
		d = Decision{Turn: turn, Language: string(r.lang), Outcome: None, Object: []string{}, Arguments: map[string]string{},
			Candidates: []Candidate{}, Reason: "the scopes could not be applied: " + err.Error()}
	} else {
		d = rr.selectTop(turn, top, false)
		rr.finish(&d, req.Scopes, req.Scoped)
	}
	if req.Observer != nil {
		req.Observer(endEvent(turn, &d, err))
	}
	return d
}

// Shortlist returns the k likeliest tools for a turn, likeliest first,
// each with its probability: for an agent that lets a model choose among
// a few ("tool search"). Withdrawn tools are never listed, nor tools no
// word of the turn reaches (so it may hold fewer than k). A turn the
// router does not read has no shortlist.
func (r *Router) Shortlist(turn string, k int) []Candidate {
	if k <= 0 {
		return []Candidate{}
	}
	d := r.selectTop(turn, k, true)
	if len(d.Candidates) > k {
		d.Candidates = d.Candidates[:k]
	}
	return d.Candidates
}

// Scoped returns a router over the tools the scopes grant: those that
// declare no privilege or one the scopes hold, and the withdrawn tools,
// which stay so that a turn asking for one is still refused. It returns r
// itself when the scopes grant every tool. The router it returns reads
// the same language with the same grammar and vocabulary.
func (r *Router) Scoped(scopes []string) (*Router, error) {
	all := true
	for i := range r.tools {
		if !r.tools[i].withdrawn && !granted(r.tools[i].tool.Declarations.Privilege, scopes) {
			all = false
			break
		}
	}
	if all {
		return r, nil
	}
	cat := &catalogue.Catalogue{Format: r.cat.Format, Source: r.cat.Source}
	var withdrawn []string
	kept := map[int32]bool{}
	for i := range r.tools {
		ti := &r.tools[i]
		if !ti.withdrawn && !granted(ti.tool.Declarations.Privilege, scopes) {
			continue
		}
		cat.Tools = append(cat.Tools, *ti.tool)
		kept[int32(i)] = true
		if ti.withdrawn {
			withdrawn = append(withdrawn, ti.tool.Name)
		}
	}
	var voc *catalogue.Vocabulary
	if len(r.words) > 0 || len(r.phrases) > 0 {
		voc = &catalogue.Vocabulary{Words: map[tokenize.Language]map[string]string{r.lang: r.words},
			Phrases: map[string][]string{}}
		for _, ph := range r.phrases {
			if kept[ph.tool] {
				name := r.tools[ph.tool].tool.Name
				voc.Phrases[name] = append(voc.Phrases[name], ph.text)
			}
		}
	}
	sub, err := New(cat, Options{Language: r.lang, Grammar: r.gram, Withdrawn: withdrawn, Vocabulary: voc})
	if err != nil {
		return nil, fmt.Errorf("router: the tools the scopes grant: %w", err)
	}
	return sub, nil
}

// finish gives every decision that names a tool its domain and its
// check, the following clauses' too; an ambiguous decision gets the
// domain its two best candidates share.
func (r *Router) finish(d *Decision, scopes []string, scoped bool) {
	switch {
	case d.Tool != "":
		if ti := r.toolNamed(d.Tool); ti != nil {
			d.Domain = ti.tool.Declarations.Domain
		}
		if d.Check == nil || scoped {
			ck := r.checkDecision(d, scopes, scoped)
			d.Check = &ck
		}
	case d.Outcome == Ambiguous && len(d.Candidates) >= 2:
		a, b := r.toolNamed(d.Candidates[0].Tool), r.toolNamed(d.Candidates[1].Tool)
		if a != nil && b != nil && a.tool.Declarations.Domain == b.tool.Declarations.Domain {
			d.Domain = a.tool.Declarations.Domain
		}
	}
	for i := range d.Then {
		r.finish(&d.Then[i], scopes, scoped)
	}
}
