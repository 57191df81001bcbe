package catalogue

import (
	"fmt"
	"strings"
)

// This file turns TypeScript types into JSON Schema.

// tsBinding is what a type parameter stands for, with the bindings of the
// place it was given.
type tsBinding struct {
	t   *tsType
	env map[string]tsBinding
}

type tsSchemaBuilder struct {
	decls  map[string][]*tsDecl
	file   string            // the function's file, whose declarations win
	stack  []string          // named types being expanded
	names  map[string]string // named types that recur -> their $defs name
	defs   []field
	budget int
	err    error
}

// maxTSExpansions bounds how deeply named generic types may expand.
const maxTSExpansions = 64

// maxTSSchemaNodes bounds the types one schema may expand, so generic
// types that multiply as they expand are refused rather than exhausting
// time and memory.
const maxTSSchemaNodes = 100000

func newTSSchemaBuilder(decls map[string][]*tsDecl, file string) *tsSchemaBuilder {
	return &tsSchemaBuilder{decls: decls, file: file, names: map[string]string{}, budget: maxTSSchemaNodes}
}

func str(s string) *node { return &node{kind: stringNode, str: s} }

func obj(fields ...field) *node { return &node{kind: objectNode, fields: fields} }

func typeSchema(t string) *node { return obj(field{key: "type", val: str(t)}) }

// inputSchema builds a function's arguments.
func (b *tsSchemaBuilder) inputSchema(fn *tsFunction) []byte {
	if len(fn.params) == 1 && !fn.params[0].rest {
		s, _ := b.schema(fn.params[0].typ, nil)
		if s.get("type").strValue() == "object" && s.get("properties") != nil {
			return b.finish(s)
		}
	}
	props := obj()
	var required []*node
	for i, prm := range fn.params {
		name := prm.name
		if name == "" {
			name = fmt.Sprintf("arg%d", i+1)
		}
		s, optional := b.schema(prm.typ, nil)
		if d := fn.doc.paramDoc(prm.name); d != "" && s.kind == objectNode && s.get("description") == nil {
			s = withField(s, "description", str(d))
		}
		props.fields = append(props.fields, field{key: name, val: s})
		if !prm.optional && !prm.rest && !optional {
			required = append(required, str(name))
		}
	}
	out := obj(field{key: "type", val: str("object")}, field{key: "properties", val: props})
	if len(required) > 0 {
		out.fields = append(out.fields, field{key: "required", val: &node{kind: arrayNode, items: required}})
	}
	return b.finish(out)
}

// outputSchema is the schema of a return type: a Promise's value, or nil
// for void and for any.
func (b *tsSchemaBuilder) outputSchema(ret *tsType) *node {
	for ret != nil && ret.kind == tsRef && (ret.name == "Promise" || ret.name == "PromiseLike" || ret.name == "Awaited") && len(ret.args) == 1 {
		ret = ret.args[0]
	}
	if ret == nil || ret.kind == tsAny || ret.kind == tsPrim && (ret.name == "void" || ret.name == "undefined" || ret.name == "never") {
		return nil
	}
	s, _ := b.schema(ret, nil)
	return s
}

// finish adds $defs and returns the schema as JSON.
func (b *tsSchemaBuilder) finish(s *node) []byte {
	if len(b.defs) > 0 && s.kind == objectNode {
		s = withField(s, "$defs", obj(b.defs...))
	}
	raw, err := s.toJSON()
	if err != nil {
		b.fail(err)
		return nil
	}
	return raw
}

func (b *tsSchemaBuilder) fail(err error) {
	if b.err == nil {
		b.err = err
	}
}

// withField returns a copy of an object schema with key set to val.
func withField(s *node, key string, val *node) *node {
	out := &node{kind: objectNode, line: s.line}
	replaced := false
	for _, f := range s.fields {
		if f.key == key {
			f.val, replaced = val, true
		}
		out.fields = append(out.fields, f)
	}
	if !replaced {
		out.fields = append(out.fields, field{key: key, val: val})
	}
	return out
}

// schema returns the JSON Schema of t and whether t admits undefined (an
// optional value).
func (b *tsSchemaBuilder) schema(t *tsType, env map[string]tsBinding) (*node, bool) {
	b.budget--
	if b.budget < 0 {
		b.fail(errTooLarge)
		return obj(), false
	}
	if t == nil {
		return obj(), false
	}
	switch t.kind {
	case tsPrim:
		switch t.name {
		case "string", "symbol":
			return typeSchema("string"), false
		case "number":
			return typeSchema("number"), false
		case "bigint":
			return typeSchema("integer"), false
		case "boolean":
			return typeSchema("boolean"), false
		case "null":
			return typeSchema("null"), false
		case "object":
			return typeSchema("object"), false
		case "undefined", "void":
			return obj(), true
		case "never":
			return &node{kind: boolNode, b: false}, false
		}
	case tsLit:
		return obj(field{key: "const", val: t.lit}), false
	case tsTemplateType:
		return typeSchema("string"), false
	case tsArray:
		el, _ := b.schema(t.elem, env)
		return obj(field{key: "type", val: str("array")}, field{key: "items", val: el}), false
	case tsTuple:
		return b.tuple(t, env), false
	case tsObject:
		return b.object(t.members, t.index, env, nil), false
	case tsUnion:
		return b.union(t.args, env)
	case tsInter:
		return b.intersection(t.args, env), false
	case tsRef:
		return b.ref(t, env)
	}
	return obj(), false
}

func (b *tsSchemaBuilder) tuple(t *tsType, env map[string]tsBinding) *node {
	items := &node{kind: arrayNode}
	min := 0
	for i, el := range t.args {
		s, _ := b.schema(el, env)
		items.items = append(items.items, s)
		if !t.opt[i] {
			min = i + 1
		}
	}
	out := obj(field{key: "type", val: str("array")}, field{key: "prefixItems", val: items},
		field{key: "items", val: &node{kind: boolNode, b: false}})
	if min > 0 {
		out.fields = append(out.fields, field{key: "minItems", val: &node{kind: numberNode, str: fmt.Sprint(min)}})
	}
	return out
}

// object builds an object schema from members; optional names members that
// are optional whatever they say (Partial).
func (b *tsSchemaBuilder) object(members []tsMember, index *tsType, env map[string]tsBinding, partial *bool) *node {
	props := obj()
	var required []*node
	seen := map[string]int{}
	for _, m := range members {
		if m.name == "" {
			continue
		}
		s, optional := b.schema(m.typ, env)
		if m.doc != nil && m.doc.text != "" && s.kind == objectNode && s.get("description") == nil {
			s = withField(s, "description", str(m.doc.text))
		}
		if i, ok := seen[m.name]; ok { // redeclared (interface merging): the later wins
			props.fields[i].val = s
			continue
		}
		seen[m.name] = len(props.fields)
		props.fields = append(props.fields, field{key: m.name, line: m.line, val: s})
		if !m.optional && !optional && (partial == nil || !*partial) {
			required = append(required, str(m.name))
		}
	}
	out := obj(field{key: "type", val: str("object")}, field{key: "properties", val: props})
	if len(required) > 0 {
		out.fields = append(out.fields, field{key: "required", val: &node{kind: arrayNode, items: required}})
	}
	if index != nil {
		s, _ := b.schema(index, env)
		out.fields = append(out.fields, field{key: "additionalProperties", val: s})
	}
	return out
}

func (b *tsSchemaBuilder) union(members []*tsType, env map[string]tsBinding) (*node, bool) {
	optional, nullable := false, false
	var kept []*node
	for _, m := range members {
		s, opt := b.schema(m, env)
		if opt {
			optional = true
			if m.kind == tsPrim {
				continue // undefined, void: optional, not a value
			}
		}
		if s.kind == boolNode && !s.b {
			continue // never
		}
		if s.get("type").strValue() == "null" && len(s.fields) == 1 {
			nullable = true
			continue
		}
		// A nested union's members join this one.
		if any := s.get("anyOf"); any != nil && len(s.fields) == 1 {
			kept = append(kept, any.items...)
			continue
		}
		kept = append(kept, s)
	}
	var out *node
	switch {
	case len(kept) == 0 && nullable:
		return typeSchema("null"), optional
	case len(kept) == 0:
		return obj(), optional
	case len(kept) == 1:
		out = kept[0]
	default:
		out = literalEnum(kept)
		if out == nil {
			out = obj(field{key: "anyOf", val: &node{kind: arrayNode, items: kept}})
		}
	}
	if nullable {
		out = addNull(out)
	}
	return out, optional
}

// literalEnum makes a union of literals one enum: "a" | "b" is a string with
// enum ["a", "b"], true | false a boolean. It returns nil for any other
// union.
func literalEnum(members []*node) *node {
	var values []*node
	kinds := map[nodeKind]bool{}
	for _, m := range members {
		switch {
		case m.get("const") != nil && len(m.fields) == 1:
			values = append(values, m.get("const"))
			kinds[m.get("const").kind] = true
		case m.get("enum") != nil:
			values = append(values, m.get("enum").items...)
			for _, v := range m.get("enum").items {
				kinds[v.kind] = true
			}
		default:
			return nil
		}
	}
	if len(kinds) == 1 && kinds[boolNode] {
		hasTrue, hasFalse := false, false
		for _, v := range values {
			hasTrue = hasTrue || v.b
			hasFalse = hasFalse || !v.b
		}
		if hasTrue && hasFalse {
			return typeSchema("boolean")
		}
	}
	enum := &node{kind: arrayNode, items: values}
	if len(kinds) == 1 {
		for k := range kinds {
			switch k {
			case stringNode:
				return obj(field{key: "type", val: str("string")}, field{key: "enum", val: enum})
			case numberNode:
				return obj(field{key: "type", val: str("number")}, field{key: "enum", val: enum})
			}
		}
	}
	return obj(field{key: "enum", val: enum})
}

// addNull lets a schema also take null.
func addNull(s *node) *node {
	if s.kind != objectNode {
		return obj(field{key: "anyOf", val: &node{kind: arrayNode, items: []*node{s, typeSchema("null")}}})
	}
	out := s
	if typ := s.get("type"); typ != nil && typ.kind == stringNode {
		out = withField(out, "type", &node{kind: arrayNode, items: []*node{str(typ.str), str("null")}})
	} else if s.get("type") == nil && s.get("enum") == nil {
		return obj(field{key: "anyOf", val: &node{kind: arrayNode, items: []*node{s, typeSchema("null")}}})
	}
	if enum := s.get("enum"); enum != nil {
		items := append(append([]*node(nil), enum.items...), &node{kind: nullNode})
		out = withField(out, "enum", &node{kind: arrayNode, items: items})
	}
	return out
}

// intersection merges object schemas, and is an allOf otherwise.
func (b *tsSchemaBuilder) intersection(members []*tsType, env map[string]tsBinding) *node {
	var parts []*node
	for _, m := range members {
		s, _ := b.schema(m, env)
		parts = append(parts, s)
	}
	if merged := mergeObjects(parts); merged != nil {
		return merged
	}
	return obj(field{key: "allOf", val: &node{kind: arrayNode, items: parts}})
}

// mergeObjects merges plain object schemas (type, properties, required),
// or returns nil when one is anything else.
func mergeObjects(parts []*node) *node {
	props := obj()
	var required []*node
	var additional *node
	for _, p := range parts {
		if p.get("type").strValue() != "object" {
			return nil
		}
		for _, f := range p.fields {
			switch f.key {
			case "type", "description":
			case "additionalProperties":
				additional = f.val
			case "properties":
				for _, pf := range f.val.fields {
					replaced := false
					for i := range props.fields {
						if props.fields[i].key == pf.key {
							props.fields[i].val, replaced = pf.val, true
						}
					}
					if !replaced {
						props.fields = append(props.fields, pf)
					}
				}
			case "required":
				for _, r := range f.val.items {
					dup := false
					for _, have := range required {
						dup = dup || have.str == r.str
					}
					if !dup {
						required = append(required, r)
					}
				}
			default:
				return nil
			}
		}
	}
	out := obj(field{key: "type", val: str("object")}, field{key: "properties", val: props})
	if len(required) > 0 {
		out.fields = append(out.fields, field{key: "required", val: &node{kind: arrayNode, items: required}})
	}
	if additional != nil {
		out.fields = append(out.fields, field{key: "additionalProperties", val: additional})
	}
	return out
}

// lookup finds the declaration of a named type, preferring the function's
// own file.
func (b *tsSchemaBuilder) lookup(name string) *tsDecl {
	ds := b.decls[name]
	if len(ds) == 0 {
		return nil
	}
	for _, d := range ds {
		if d.file == b.file {
			return d
		}
	}
	return ds[0]
}

func (b *tsSchemaBuilder) arg(t *tsType, i int, env map[string]tsBinding) (*node, bool) {
	if i < len(t.args) {
		return b.schema(t.args[i], env)
	}
	return obj(), false
}

// ref resolves a named type: a type parameter, a built-in, or a type
// declared in the project's declaration files.
func (b *tsSchemaBuilder) ref(t *tsType, env map[string]tsBinding) (*node, bool) {
	if bound, ok := env[t.name]; ok && len(t.args) == 0 {
		return b.schema(bound.t, bound.env)
	}
	switch t.name {
	case "Promise", "PromiseLike", "Awaited", "Readonly", "NonNullable":
		s, opt := b.arg(t, 0, env)
		if t.name == "NonNullable" {
			return removeNull(s), false
		}
		return s, opt
	case "Array", "ReadonlyArray", "Set", "ReadonlySet", "Iterable", "AsyncIterable":
		el, _ := b.arg(t, 0, env)
		return obj(field{key: "type", val: str("array")}, field{key: "items", val: el}), false
	case "Record", "Map", "ReadonlyMap":
		return b.record(t, env), false
	case "Partial", "Required":
		s, _ := b.arg(t, 0, env)
		return setRequired(s, t.name == "Required"), false
	case "Pick", "Omit":
		return b.pickOmit(t, env), false
	case "Date":
		return obj(field{key: "type", val: str("string")}, field{key: "format", val: str("date-time")}), false
	case "URL":
		return obj(field{key: "type", val: str("string")}, field{key: "format", val: str("uri")}), false
	case "String":
		return typeSchema("string"), false
	case "Number":
		return typeSchema("number"), false
	case "Boolean":
		return typeSchema("boolean"), false
	case "Object":
		return typeSchema("object"), false
	}
	d := b.lookup(t.name)
	if d == nil {
		return obj(), false // declared elsewhere: any value
	}
	// A generic type is one type per list of arguments.
	key := d.name
	if len(d.typeParams) > 0 {
		budget := maxTypeKeyNodes
		key = typeKey(t, env, &budget)
	}
	if name, ok := b.names[key]; ok {
		return refTo(name), false
	}
	for _, s := range b.stack {
		if s == key {
			name := b.defName(d.name)
			b.names[key] = name
			return refTo(name), false
		}
	}
	if len(b.stack) >= maxTSExpansions {
		b.fail(fmt.Errorf("type %s nests more than %d named types deep", d.name, maxTSExpansions))
		return obj(), false
	}
	inner := map[string]tsBinding{}
	for i, p := range d.typeParams {
		if i < len(t.args) {
			inner[p] = tsBinding{t.args[i], env}
		} else {
			inner[p] = tsBinding{&tsType{kind: tsAny}, nil}
		}
	}
	b.stack = append(b.stack, key)
	s, opt := b.decl(d, inner)
	b.stack = b.stack[:len(b.stack)-1]
	if d.doc != nil && d.doc.text != "" && s.kind == objectNode && s.get("description") == nil {
		s = withField(s, "description", str(d.doc.text))
	}
	if name, ok := b.names[key]; ok {
		b.defs = append(b.defs, field{key: name, val: s})
		return refTo(name), opt
	}
	return s, opt
}

func (b *tsSchemaBuilder) defName(name string) string {
	used := map[string]bool{}
	for _, n := range b.names {
		used[n] = true
	}
	out := name
	for i := 2; used[out]; i++ {
		out = fmt.Sprintf("%s%d", name, i)
	}
	return out
}

// decl builds the schema of a declared type.
func (b *tsSchemaBuilder) decl(d *tsDecl, env map[string]tsBinding) (*node, bool) {
	switch d.kind {
	case "type":
		return b.schema(d.typ, env)
	case "enum":
		if len(d.enum) == 0 {
			return obj(), false
		}
		var consts []*node
		for _, v := range d.enum {
			consts = append(consts, obj(field{key: "const", val: v}))
		}
		if e := literalEnum(consts); e != nil {
			return e, false
		}
		return obj(), false
	}
	// An interface: its bases' members, then its own.
	var parts []*node
	for _, base := range d.extends {
		s, _ := b.schema(base, env)
		parts = append(parts, s)
	}
	parts = append(parts, b.object(d.members, d.index, env, nil))
	if len(parts) == 1 {
		return parts[0], false
	}
	if merged := mergeObjects(parts); merged != nil {
		return merged, false
	}
	return obj(field{key: "allOf", val: &node{kind: arrayNode, items: parts}}), false
}

// record is Record<K, V> and Map<K, V>: an object of the keys K names (a
// union of literals) or of any keys.
func (b *tsSchemaBuilder) record(t *tsType, env map[string]tsBinding) *node {
	val, _ := b.arg(t, 1, env)
	keys, _ := b.arg(t, 0, env)
	if enum := keys.get("enum"); enum != nil && t.name == "Record" {
		props := obj()
		var required []*node
		for _, k := range enum.items {
			if k.kind == stringNode {
				props.fields = append(props.fields, field{key: k.str, val: val})
				required = append(required, str(k.str))
			}
		}
		return obj(field{key: "type", val: str("object")}, field{key: "properties", val: props},
			field{key: "required", val: &node{kind: arrayNode, items: required}})
	}
	if c := keys.get("const"); c != nil && c.kind == stringNode && t.name == "Record" {
		return obj(field{key: "type", val: str("object")}, field{key: "properties", val: obj(field{key: c.str, val: val})},
			field{key: "required", val: &node{kind: arrayNode, items: []*node{str(c.str)}}})
	}
	return obj(field{key: "type", val: str("object")}, field{key: "additionalProperties", val: val})
}

// setRequired makes every property of an object schema required (Required)
// or none (Partial).
func setRequired(s *node, all bool) *node {
	props := s.get("properties")
	if props == nil {
		return s
	}
	if !all {
		var kept []field
		for _, f := range s.fields {
			if f.key != "required" {
				kept = append(kept, f)
			}
		}
		return &node{kind: objectNode, fields: kept}
	}
	var names []*node
	for _, f := range props.fields {
		names = append(names, str(f.key))
	}
	return withField(s, "required", &node{kind: arrayNode, items: names})
}

// pickOmit is Pick<T, K> and Omit<T, K>, K a union of string literals.
func (b *tsSchemaBuilder) pickOmit(t *tsType, env map[string]tsBinding) *node {
	s, _ := b.arg(t, 0, env)
	keys, _ := b.arg(t, 1, env)
	names := map[string]bool{}
	if enum := keys.get("enum"); enum != nil {
		for _, k := range enum.items {
			names[k.str] = true
		}
	} else if c := keys.get("const"); c != nil {
		names[c.str] = true
	}
	props := s.get("properties")
	if props == nil || len(names) == 0 {
		return s
	}
	keep := func(name string) bool { return names[name] == (t.name == "Pick") }
	newProps := obj()
	for _, f := range props.fields {
		if keep(f.key) {
			newProps.fields = append(newProps.fields, f)
		}
	}
	out := withField(s, "properties", newProps)
	if t.name == "Pick" && out.get("additionalProperties") != nil {
		var kept []field
		for _, f := range out.fields {
			if f.key != "additionalProperties" {
				kept = append(kept, f)
			}
		}
		out = &node{kind: objectNode, fields: kept}
	}
	if req := s.get("required"); req != nil {
		var kept []*node
		for _, r := range req.items {
			if keep(r.str) {
				kept = append(kept, r)
			}
		}
		out = withField(out, "required", &node{kind: arrayNode, items: kept})
		if len(kept) == 0 {
			out = setRequired(out, false)
		}
	}
	return out
}

// maxTypeKeyNodes bounds the length of a generic type's key.
const maxTypeKeyNodes = 512

// typeKey writes a type with its type parameters replaced by what they
// stand for, to tell the instances of a generic type apart.
func typeKey(t *tsType, env map[string]tsBinding, budget *int) string {
	*budget--
	if t == nil || *budget < 0 {
		return "?"
	}
	list := func(ts []*tsType, sep string) string {
		parts := make([]string, len(ts))
		for i, a := range ts {
			parts[i] = typeKey(a, env, budget)
		}
		return strings.Join(parts, sep)
	}
	switch t.kind {
	case tsPrim:
		return t.name
	case tsLit:
		raw, err := t.lit.toJSON()
		if err != nil {
			return "?"
		}
		return string(raw)
	case tsArray:
		return typeKey(t.elem, env, budget) + "[]"
	case tsTuple:
		return "[" + list(t.args, ",") + "]"
	case tsUnion:
		return "(" + list(t.args, "|") + ")"
	case tsInter:
		return "(" + list(t.args, "&") + ")"
	case tsRef:
		if bound, ok := env[t.name]; ok && len(t.args) == 0 {
			return typeKey(bound.t, bound.env, budget)
		}
		if len(t.args) == 0 {
			return t.name
		}
		return t.name + "<" + list(t.args, ",") + ">"
	case tsObject:
		parts := make([]string, len(t.members))
		for i, m := range t.members {
			parts[i] = m.name + ":" + typeKey(m.typ, env, budget)
		}
		return "{" + strings.Join(parts, ";") + "}"
	}
	return "?"
}

// removeNull is NonNullable: the schema without its null.
func removeNull(s *node) *node {
	if s.kind != objectNode {
		return s
	}
	if typ := s.get("type"); typ != nil && typ.kind == arrayNode {
		var kept []*node
		for _, it := range typ.items {
			if it.strValue() != "null" {
				kept = append(kept, it)
			}
		}
		if len(kept) == 1 {
			return withField(s, "type", kept[0])
		}
		return withField(s, "type", &node{kind: arrayNode, items: kept})
	}
	if any := s.get("anyOf"); any != nil && len(s.fields) == 1 {
		var kept []*node
		for _, it := range any.items {
			if it.get("type").strValue() != "null" || len(it.fields) != 1 {
				kept = append(kept, it)
			}
		}
		if len(kept) == 1 {
			return kept[0]
		}
		return obj(field{key: "anyOf", val: &node{kind: arrayNode, items: kept}})
	}
	return s
}
