package catalogue

import (
	"fmt"
	"strconv"
)

// This file parses the declarations of a .d.ts file: exported functions,
// interfaces, type aliases and enums, and the types they use. Anything else
// (classes, namespaces, variables, imports) is skipped whole.

type tsTypeKind uint8

const (
	tsAny          tsTypeKind = iota // any, unknown, and what this reader does not model
	tsPrim                           // string, number, boolean, bigint, null, undefined, void, never, object
	tsLit                            // "a", 1, true
	tsObject                         // { a: string; b?: number }
	tsArray                          // T[]
	tsTuple                          // [A, B?]
	tsUnion                          // A | B
	tsInter                          // A & B
	tsRef                            // Name<Args>
	tsFunc                           // (a: A) => R
	tsTemplateType                   // `prefix-${string}`
)

// A tsType is a type expression.
type tsType struct {
	kind    tsTypeKind
	name    string     // primitive or referenced name
	lit     *node      // literal value
	args    []*tsType  // type arguments, union and intersection members, tuple elements
	elem    *tsType    // array element
	members []tsMember // object members
	index   *tsType    // an object's index signature value
	opt     []bool     // tuple elements that are optional
	line    int
}

// A tsMember is one property of an object type or interface.
type tsMember struct {
	name     string
	optional bool
	typ      *tsType
	doc      *jsDoc
	line     int
}

// A tsDecl is a named type: an interface, a type alias or an enum.
type tsDecl struct {
	kind       string // interface, type, enum
	name       string
	typeParams []string
	extends    []*tsType
	members    []tsMember
	index      *tsType
	typ        *tsType // a type alias's type
	enum       []*node // an enum's values
	doc        *jsDoc
	file       string
	line       int
}

// A tsFunction is an exported function declaration.
type tsFunction struct {
	name   string
	params []tsParam
	ret    *tsType
	doc    *jsDoc
	file   string
	line   int
}

// A tsParam is one parameter of a function.
type tsParam struct {
	name     string // "" for a destructuring pattern
	optional bool
	rest     bool
	typ      *tsType
}

// tsFile is what one declaration file declares.
type tsFile struct {
	funcs []*tsFunction
	decls []*tsDecl
}

type tsParser struct {
	file string
	toks []tsTok
	pos  int
}

// tsBail carries a parse error out of the parser's recursion.
type tsBail struct{ p problem }

func (p *tsParser) fail(line int, format string, args ...any) {
	panic(tsBail{problem{line, fmt.Sprintf(format, args...)}})
}

// parseDTS parses a declaration file's source.
func parseDTS(file, src string) (f *tsFile, perr *problem) {
	toks, lerr := lexTS(src)
	if lerr != nil {
		return nil, lerr
	}
	p := &tsParser{file: file, toks: toks}
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(tsBail)
			if !ok {
				panic(r)
			}
			f, perr = nil, &b.p
		}
	}()
	return p.parseFile(), nil
}

func (p *tsParser) peek() tsTok { return p.toks[p.pos] }
func (p *tsParser) peekAt(n int) tsTok {
	if p.pos+n < len(p.toks) {
		return p.toks[p.pos+n]
	}
	return p.toks[len(p.toks)-1]
}

func (p *tsParser) next() tsTok {
	t := p.toks[p.pos]
	if t.kind != tsEOF {
		p.pos++
	}
	return t
}

// is reports whether the next token is the punctuation or word s.
func (p *tsParser) is(s string) bool {
	t := p.peek()
	return (t.kind == tsPunct || t.kind == tsIdent) && t.text == s
}

func (p *tsParser) accept(s string) bool {
	if p.is(s) {
		p.next()
		return true
	}
	return false
}

func (p *tsParser) expect(s string) tsTok {
	t := p.peek()
	if !p.is(s) {
		p.fail(t.line, "want %q, found %s", s, describeTok(t))
	}
	return p.next()
}

func describeTok(t tsTok) string {
	switch t.kind {
	case tsEOF:
		return "the end of the file"
	case tsString:
		return strconv.Quote(t.text)
	}
	return strconv.Quote(t.text)
}

func (p *tsParser) ident() tsTok {
	t := p.peek()
	if t.kind != tsIdent {
		p.fail(t.line, "want a name, found %s", describeTok(t))
	}
	return p.next()
}

func (p *tsParser) parseFile() *tsFile {
	f := &tsFile{}
	for p.peek().kind != tsEOF {
		p.statement(f)
	}
	return f
}

// statement reads one top-level statement, keeping what a catalogue needs.
func (p *tsParser) statement(f *tsFile) {
	first := p.peek()
	doc := first.doc
	exported, isDefault := false, false
	for {
		switch {
		case p.is("export"):
			if p.peekAt(1).text == "{" || p.peekAt(1).text == "*" || p.peekAt(1).text == "=" || p.peekAt(1).text == "as" {
				p.skipStatement()
				return
			}
			exported = true
		case p.is("default"):
			isDefault = true
		case p.is("declare"), p.is("async"), p.is("abstract"):
		default:
			goto body
		}
		p.next()
	}
body:
	switch {
	case p.is("function"):
		p.next()
		fn := p.function(doc, first.line)
		if exported && !isDefault {
			f.funcs = append(f.funcs, fn)
		}
	case p.is("interface"):
		p.next()
		f.decls = append(f.decls, p.interfaceDecl(doc, first.line))
	case p.is("type") && p.peekAt(1).kind == tsIdent && (p.peekAt(2).text == "=" || p.peekAt(2).text == "<"):
		p.next()
		f.decls = append(f.decls, p.aliasDecl(doc, first.line))
	case p.is("enum"), p.is("const") && p.peekAt(1).text == "enum":
		p.accept("const")
		p.next()
		f.decls = append(f.decls, p.enumDecl(doc, first.line))
	case (p.is("const") || p.is("let") || p.is("var")) && p.peekAt(1).kind == tsIdent && p.peekAt(2).text == ":":
		// export declare const name: (params) => Ret; is a function too.
		p.next()
		name := p.next()
		p.next()
		if exported && !isDefault && (p.is("(") && p.isFunctionType() || p.is("<")) {
			fn := &tsFunction{name: name.text, doc: doc, line: first.line, file: p.file}
			p.typeParams()
			fn.params = p.params()
			p.expect("=>")
			fn.ret = p.returnType()
			p.accept(";")
			f.funcs = append(f.funcs, fn)
			return
		}
		p.skipStatement()
	case p.is("class"), p.is("namespace"), p.is("module"), p.is("global"):
		p.skipBlock()
	default:
		p.skipStatement()
	}
}

// skipStatement skips to the end of a statement: a ";" outside brackets, or
// the end of a block that ends one.
func (p *tsParser) skipStatement() {
	depth := 0
	for {
		t := p.next()
		switch {
		case t.kind == tsEOF:
			return
		case t.kind != tsPunct:
		case t.text == "(" || t.text == "[" || t.text == "{":
			depth++
		case t.text == ")" || t.text == "]" || t.text == "}":
			depth--
			if depth <= 0 && t.text == "}" && !p.is(";") && !p.is(",") && !p.is(")") && !p.is("|") && !p.is("&") && !p.is("[") {
				return
			}
		case t.text == ";" && depth <= 0:
			return
		}
	}
}

// skipBlock skips a declaration up to the end of its first {} block.
func (p *tsParser) skipBlock() {
	for !p.is("{") {
		if p.peek().kind == tsEOF || p.is(";") {
			p.next()
			return
		}
		p.next()
	}
	p.skipBalanced("{", "}")
}

// skipBalanced skips from an opening token to its matching closing one.
func (p *tsParser) skipBalanced(open, close string) {
	start := p.expect(open)
	depth := 1
	for depth > 0 {
		t := p.next()
		switch {
		case t.kind == tsEOF:
			p.fail(start.line, "%q is never closed", open)
		case t.kind != tsPunct:
		case t.text == open:
			depth++
		case t.text == close:
			depth--
		}
	}
}

// typeParams reads <T, U extends X = Y> and returns the names.
func (p *tsParser) typeParams() []string {
	if !p.is("<") {
		return nil
	}
	p.next()
	var names []string
	for !p.accept(">") {
		p.accept("const")
		p.accept("in")
		p.accept("out")
		names = append(names, p.ident().text)
		if p.accept("extends") {
			p.typ()
		}
		if p.accept("=") {
			p.typ()
		}
		if !p.accept(",") && !p.is(">") {
			p.fail(p.peek().line, "want \",\" or \">\" in type parameters, found %s", describeTok(p.peek()))
		}
	}
	return names
}

func (p *tsParser) function(doc *jsDoc, line int) *tsFunction {
	fn := &tsFunction{doc: doc, line: line, file: p.file}
	p.accept("*")
	fn.name = p.ident().text
	p.typeParams()
	fn.params = p.params()
	if p.accept(":") {
		fn.ret = p.returnType()
	}
	if p.is("{") { // a body: a .ts file rather than a .d.ts
		p.skipBalanced("{", "}")
	} else {
		p.accept(";")
	}
	return fn
}

// returnType reads a return type, reading a type predicate (x is T) as
// boolean and an assertion (asserts x) as void.
func (p *tsParser) returnType() *tsType {
	if p.is("asserts") && p.peekAt(1).kind == tsIdent {
		p.next()
		p.next()
		if p.accept("is") {
			p.typ()
		}
		return &tsType{kind: tsPrim, name: "void"}
	}
	if p.peek().kind == tsIdent && p.peekAt(1).text == "is" {
		line := p.next().line
		p.next()
		p.typ()
		return &tsType{kind: tsPrim, name: "boolean", line: line}
	}
	return p.typ()
}

func (p *tsParser) params() []tsParam {
	p.expect("(")
	var params []tsParam
	for !p.accept(")") {
		var prm tsParam
		for p.is("public") || p.is("private") || p.is("protected") || p.is("readonly") {
			p.next()
		}
		if p.accept("...") {
			prm.rest = true
		}
		switch {
		case p.is("{"):
			p.skipBalanced("{", "}")
		case p.is("["):
			p.skipBalanced("[", "]")
		default:
			prm.name = p.ident().text
		}
		prm.optional = p.accept("?")
		if p.accept(":") {
			prm.typ = p.typ()
		} else {
			prm.typ = &tsType{kind: tsAny}
		}
		if p.accept("=") { // a default value, in a .ts file
			p.skipExpression()
			prm.optional = true
		}
		if prm.name != "this" {
			params = append(params, prm)
		}
		if !p.accept(",") && !p.is(")") {
			p.fail(p.peek().line, "want \",\" or \")\" in parameters, found %s", describeTok(p.peek()))
		}
	}
	return params
}

// skipExpression skips a default value up to the "," or ")" that ends it.
func (p *tsParser) skipExpression() {
	depth := 0
	for {
		t := p.peek()
		if t.kind == tsEOF {
			return
		}
		if t.kind == tsPunct {
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				if depth == 0 {
					return
				}
				depth--
			case ",":
				if depth == 0 {
					return
				}
			}
		}
		p.next()
	}
}

func (p *tsParser) interfaceDecl(doc *jsDoc, line int) *tsDecl {
	d := &tsDecl{kind: "interface", doc: doc, line: line, file: p.file}
	d.name = p.ident().text
	d.typeParams = p.typeParams()
	if p.accept("extends") {
		for {
			d.extends = append(d.extends, p.postfixType())
			if !p.accept(",") {
				break
			}
		}
	}
	obj := p.objectType()
	d.members, d.index = obj.members, obj.index
	return d
}

func (p *tsParser) aliasDecl(doc *jsDoc, line int) *tsDecl {
	d := &tsDecl{kind: "type", doc: doc, line: line, file: p.file}
	d.name = p.ident().text
	d.typeParams = p.typeParams()
	p.expect("=")
	d.typ = p.typ()
	p.accept(";")
	return d
}

func (p *tsParser) enumDecl(doc *jsDoc, line int) *tsDecl {
	d := &tsDecl{kind: "enum", doc: doc, line: line, file: p.file}
	d.name = p.ident().text
	p.expect("{")
	next := 0
	for !p.accept("}") {
		t := p.next()
		if t.kind != tsIdent && t.kind != tsString {
			p.fail(t.line, "want an enum member, found %s", describeTok(t))
		}
		val := &node{kind: numberNode, str: strconv.Itoa(next), line: t.line}
		if p.accept("=") {
			v := p.next()
			neg := false
			if v.text == "-" {
				neg, v = true, p.next()
			}
			switch v.kind {
			case tsString:
				val = &node{kind: stringNode, str: v.text, line: v.line}
			case tsNumber:
				n, err := strconv.ParseFloat(v.text, 64)
				if err != nil {
					p.fail(v.line, "enum value %s is not a number", v.text)
				}
				if neg {
					n = -n
				}
				val = &node{kind: numberNode, str: strconv.FormatFloat(n, 'g', -1, 64), line: v.line}
				next = int(n) + 1
			default:
				// A computed member: its value is not known here.
				p.skipExpression()
				val = nil
			}
		} else {
			next++
		}
		if val != nil {
			d.enum = append(d.enum, val)
		}
		if !p.accept(",") && !p.is("}") {
			p.fail(p.peek().line, "want \",\" or \"}\" in enum, found %s", describeTok(p.peek()))
		}
	}
	return d
}

// typ reads a type: a union of intersections, or a conditional type.
func (p *tsParser) typ() *tsType {
	line := p.peek().line
	if p.is("<") { // a generic function type
		p.typeParams()
		return p.typ()
	}
	if p.is("new") || p.is("abstract") && p.peekAt(1).text == "new" {
		p.accept("abstract")
		p.next()
		p.params()
		p.expect("=>")
		p.typ()
		return &tsType{kind: tsFunc, line: line}
	}
	t := p.unionType()
	if p.is("extends") { // T extends U ? X : Y
		p.next()
		p.unionType()
		p.expect("?")
		p.typ()
		p.expect(":")
		p.typ()
		return &tsType{kind: tsAny, line: line}
	}
	return t
}

func (p *tsParser) unionType() *tsType {
	line := p.peek().line
	p.accept("|")
	t := p.interType()
	if !p.is("|") {
		return t
	}
	u := &tsType{kind: tsUnion, args: []*tsType{t}, line: line}
	for p.accept("|") {
		u.args = append(u.args, p.interType())
	}
	return u
}

func (p *tsParser) interType() *tsType {
	line := p.peek().line
	p.accept("&")
	t := p.prefixType()
	if !p.is("&") {
		return t
	}
	in := &tsType{kind: tsInter, args: []*tsType{t}, line: line}
	for p.accept("&") {
		in.args = append(in.args, p.prefixType())
	}
	return in
}

func (p *tsParser) prefixType() *tsType {
	line := p.peek().line
	switch {
	case p.is("keyof"):
		p.next()
		p.prefixType()
		return &tsType{kind: tsPrim, name: "string", line: line}
	case p.is("readonly"), p.is("unique"):
		p.next()
		return p.prefixType()
	case p.is("infer"):
		p.next()
		p.ident()
		if p.accept("extends") {
			p.prefixType()
		}
		return &tsType{kind: tsAny, line: line}
	}
	return p.postfixType()
}

// postfixType reads a primary type followed by [] (arrays) and [K]
// (indexed access, not modelled).
func (p *tsParser) postfixType() *tsType {
	t := p.primaryType()
	for p.is("[") {
		line := p.next().line
		if p.accept("]") {
			t = &tsType{kind: tsArray, elem: t, line: line}
			continue
		}
		p.typ()
		p.expect("]")
		t = &tsType{kind: tsAny, line: line}
	}
	return t
}

var tsPrimitives = map[string]bool{
	"string": true, "number": true, "boolean": true, "bigint": true, "null": true,
	"undefined": true, "void": true, "never": true, "object": true, "symbol": true,
}

func (p *tsParser) primaryType() *tsType {
	t := p.peek()
	line := t.line
	switch t.kind {
	case tsString:
		p.next()
		return &tsType{kind: tsLit, lit: &node{kind: stringNode, str: t.text, line: line}, line: line}
	case tsNumber:
		p.next()
		return &tsType{kind: tsLit, lit: numberLit(t.text, false, line), line: line}
	case tsTemplate:
		p.next()
		return &tsType{kind: tsTemplateType, line: line}
	case tsPunct:
		switch t.text {
		case "-":
			p.next()
			n := p.next()
			if n.kind != tsNumber {
				p.fail(n.line, "want a number after \"-\", found %s", describeTok(n))
			}
			return &tsType{kind: tsLit, lit: numberLit(n.text, true, line), line: line}
		case "{":
			if p.isMappedType() {
				p.skipBalanced("{", "}")
				return &tsType{kind: tsObject, index: &tsType{kind: tsAny}, line: line}
			}
			return p.objectType()
		case "[":
			return p.tupleType()
		case "(":
			if p.isFunctionType() {
				p.params()
				p.expect("=>")
				p.returnType()
				return &tsType{kind: tsFunc, line: line}
			}
			p.next()
			inner := p.typ()
			p.expect(")")
			return inner
		}
	case tsIdent:
		switch {
		case tsPrimitives[t.text]:
			p.next()
			return &tsType{kind: tsPrim, name: t.text, line: line}
		case t.text == "any" || t.text == "unknown":
			p.next()
			return &tsType{kind: tsAny, line: line}
		case t.text == "true" || t.text == "false":
			p.next()
			return &tsType{kind: tsLit, lit: &node{kind: boolNode, b: t.text == "true", line: line}, line: line}
		case t.text == "typeof":
			p.next()
			p.qualifiedName()
			if p.is("<") {
				p.typeArgs()
			}
			return &tsType{kind: tsAny, line: line}
		case t.text == "import" && p.peekAt(1).text == "(":
			// import("./types").Order: the name after the module.
			p.next()
			p.skipBalanced("(", ")")
			if p.accept(".") {
				return p.refType()
			}
			return &tsType{kind: tsAny, line: line}
		}
		return p.refType()
	}
	p.fail(line, "want a type, found %s", describeTok(t))
	return nil
}

func numberLit(text string, neg bool, line int) *node {
	n, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return &node{kind: stringNode, str: text, line: line}
	}
	if neg {
		n = -n
	}
	return &node{kind: numberNode, str: strconv.FormatFloat(n, 'g', -1, 64), line: line}
}

func (p *tsParser) qualifiedName() string {
	name := p.ident().text
	for p.is(".") && p.peekAt(1).kind == tsIdent {
		p.next()
		name += "." + p.next().text
	}
	return name
}

func (p *tsParser) refType() *tsType {
	line := p.peek().line
	t := &tsType{kind: tsRef, name: p.qualifiedName(), line: line}
	if p.is("<") {
		t.args = p.typeArgs()
	}
	return t
}

func (p *tsParser) typeArgs() []*tsType {
	p.expect("<")
	var args []*tsType
	for !p.accept(">") {
		args = append(args, p.typ())
		if !p.accept(",") && !p.is(">") {
			p.fail(p.peek().line, "want \",\" or \">\" in type arguments, found %s", describeTok(p.peek()))
		}
	}
	return args
}

// isFunctionType reports whether the "(" ahead opens the parameters of a
// function type: its matching ")" is followed by "=>".
func (p *tsParser) isFunctionType() bool {
	depth := 0
	for i := p.pos; i < len(p.toks); i++ {
		t := p.toks[i]
		if t.kind == tsEOF {
			return false
		}
		if t.kind != tsPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return i+1 < len(p.toks) && p.toks[i+1].text == "=>" && p.toks[i+1].kind == tsPunct
			}
		}
	}
	return false
}

// isMappedType reports whether the "{" ahead opens a mapped type:
// { [K in keyof T]: ... }.
func (p *tsParser) isMappedType() bool {
	i := p.pos + 1
	if p.peekAt(1).text == "readonly" || p.peekAt(1).text == "+" || p.peekAt(1).text == "-" {
		i++
	}
	if i+2 >= len(p.toks) {
		return false
	}
	return p.toks[i].text == "[" && p.toks[i+1].kind == tsIdent && p.toks[i+2].text == "in"
}

func (p *tsParser) tupleType() *tsType {
	line := p.expect("[").line
	t := &tsType{kind: tsTuple, line: line}
	for !p.accept("]") {
		p.accept("...")
		// A named element: [name: T] or [name?: T].
		if p.peek().kind == tsIdent && (p.peekAt(1).text == ":" || p.peekAt(1).text == "?" && p.peekAt(2).text == ":") {
			p.next()
			opt := p.accept("?")
			p.expect(":")
			t.args = append(t.args, p.typ())
			t.opt = append(t.opt, opt)
		} else {
			el := p.typ()
			opt := p.accept("?")
			t.args = append(t.args, el)
			t.opt = append(t.opt, opt)
		}
		if !p.accept(",") && !p.is("]") {
			p.fail(p.peek().line, "want \",\" or \"]\" in a tuple, found %s", describeTok(p.peek()))
		}
	}
	return t
}

// objectType reads { members }: properties, index signatures and methods
// (methods, call and construct signatures are not data, and are left out).
func (p *tsParser) objectType() *tsType {
	line := p.expect("{").line
	t := &tsType{kind: tsObject, line: line}
	for !p.accept("}") {
		first := p.peek()
		if first.kind == tsEOF {
			p.fail(line, "\"{\" is never closed")
		}
		for (p.is("readonly") || p.is("static") || p.is("public") || p.is("private") || p.is("protected")) && !isMemberEnd(p.peekAt(1)) {
			p.next()
		}
		switch {
		case p.is("[") && p.peekAt(1).kind == tsIdent && p.peekAt(2).text == ":":
			// [key: string]: V
			p.next()
			p.next()
			p.next()
			p.typ()
			p.expect("]")
			p.accept("?")
			p.expect(":")
			t.index = p.typ()
		case p.is("(") || p.is("<"):
			p.typeParams()
			p.params()
			if p.accept(":") {
				p.returnType()
			}
		case p.is("new") && (p.peekAt(1).text == "(" || p.peekAt(1).text == "<"):
			p.next()
			p.typeParams()
			p.params()
			if p.accept(":") {
				p.typ()
			}
		case (p.is("get") || p.is("set")) && !isMemberEnd(p.peekAt(1)) && p.peekAt(1).text != "(":
			p.next()
			p.memberName()
			p.params()
			if p.accept(":") {
				p.typ()
			}
		default:
			name := p.memberName()
			m := tsMember{name: name, doc: first.doc, line: first.line}
			m.optional = p.accept("?")
			if p.is("(") || p.is("<") { // a method
				p.typeParams()
				p.params()
				if p.accept(":") {
					p.returnType()
				}
				break
			}
			if p.accept(":") {
				m.typ = p.typ()
			} else {
				m.typ = &tsType{kind: tsAny}
			}
			t.members = append(t.members, m)
		}
		if !p.accept(";") && !p.accept(",") && !p.is("}") {
			p.fail(p.peek().line, "want \";\" or \"}\" after a member, found %s", describeTok(p.peek()))
		}
	}
	return t
}

func isMemberEnd(t tsTok) bool {
	return t.kind == tsPunct && (t.text == ":" || t.text == "?" || t.text == ";" || t.text == "," || t.text == "}")
}

func (p *tsParser) memberName() string {
	t := p.next()
	switch t.kind {
	case tsIdent, tsString, tsNumber:
		return t.text
	case tsPunct:
		if t.text == "[" { // a computed name: [Symbol.iterator]
			p.pos--
			p.skipBalanced("[", "]")
			return ""
		}
	}
	p.fail(t.line, "want a member name, found %s", describeTok(t))
	return ""
}
