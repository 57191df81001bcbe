package catalogue

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/url"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// A node is one value of a JSON or YAML document with the line it starts on.
// Objects keep their keys in the order of the source, which the importers
// need (operations in document order) and a Go map would lose.
type node struct {
	kind   nodeKind
	line   int
	str    string // a string, or a number's text
	b      bool
	fields []field // objects, in source order
	items  []*node // arrays
}

// A field is one key of an object with the line of the key.
type field struct {
	key  string
	line int
	val  *node
}

type nodeKind uint8

const (
	nullNode nodeKind = iota
	boolNode
	numberNode
	stringNode
	objectNode
	arrayNode
)

// String names the kind as JSON does.
func (k nodeKind) String() string {
	switch k {
	case nullNode:
		return "null"
	case boolNode:
		return "boolean"
	case numberNode:
		return "number"
	case stringNode:
		return "string"
	case objectNode:
		return "object"
	case arrayNode:
		return "array"
	}
	return "value"
}

// get returns the value of key in an object, or nil.
func (n *node) get(key string) *node {
	if n == nil || n.kind != objectNode {
		return nil
	}
	for i := range n.fields {
		if n.fields[i].key == key {
			return n.fields[i].val
		}
	}
	return nil
}

// keyLine returns the line of key in an object, or the object's line.
func (n *node) keyLine(key string) int {
	if n == nil {
		return 0
	}
	for i := range n.fields {
		if n.fields[i].key == key {
			return n.fields[i].line
		}
	}
	return n.line
}

// text returns a string node's value and whether n is a string.
func (n *node) text() (string, bool) {
	if n == nil || n.kind != stringNode {
		return "", false
	}
	return n.str, true
}

// strValue returns a string node's value, or "" for any other node.
func (n *node) strValue() string {
	s, _ := n.text()
	return s
}

// isTrue reports whether n is the boolean true.
func (n *node) isTrue() bool { return n != nil && n.kind == boolNode && n.b }

// maxValueNodes bounds the values one conversion to JSON may write, so a
// document whose aliases or $refs multiply (a billion laughs) is refused
// rather than exhausting memory.
const maxValueNodes = 1 << 20

var errTooLarge = errors.New("the document expands to more than a million values")

// toJSON returns the node as compact JSON.
func (n *node) toJSON() (json.RawMessage, error) {
	var b bytes.Buffer
	budget := maxValueNodes
	if err := n.writeJSON(&b, &budget); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func (n *node) writeJSON(b *bytes.Buffer, budget *int) error {
	*budget--
	if *budget < 0 {
		return errTooLarge
	}
	if n == nil {
		b.WriteString("null")
		return nil
	}
	switch n.kind {
	case nullNode:
		b.WriteString("null")
	case boolNode:
		b.WriteString(strconv.FormatBool(n.b))
	case numberNode:
		b.WriteString(n.str)
	case stringNode:
		writeJSONString(b, n.str)
	case objectNode:
		b.WriteByte('{')
		for i, f := range n.fields {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(b, f.key)
			b.WriteByte(':')
			if err := f.val.writeJSON(b, budget); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case arrayNode:
		b.WriteByte('[')
		for i, it := range n.items {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := it.writeJSON(b, budget); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	}
	return nil
}

func writeJSONString(b *bytes.Buffer, s string) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	// Encoding a string cannot fail; the encoder adds a newline to drop.
	if err := enc.Encode(s); err != nil {
		b.WriteString(`""`)
		return
	}
	b.Truncate(b.Len() - 1)
}

// rawObject returns an object's fields as raw JSON values, the shape
// decodeDeclarations reads.
func (n *node) rawObject() (map[string]json.RawMessage, error) {
	if n == nil || n.kind != objectNode {
		return nil, fmt.Errorf("is a %s, want an object", n.kindName())
	}
	m := make(map[string]json.RawMessage, len(n.fields))
	for _, f := range n.fields {
		raw, err := f.val.toJSON()
		if err != nil {
			return nil, err
		}
		m[f.key] = raw
	}
	return m, nil
}

func (n *node) kindName() string {
	if n == nil {
		return "missing value"
	}
	return n.kind.String()
}

// parseTree reads a JSON or YAML document into nodes: JSON when its first
// byte opens an object or array, YAML otherwise. Errors name file and line.
func parseTree(file string, data []byte) (*node, error) {
	if looksLikeJSON(data) {
		return parseJSONTree(file, data)
	}
	return parseYAMLTree(file, data)
}

// looksLikeJSON reports whether data's first byte past white space opens a
// JSON object or array.
func looksLikeJSON(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n\ufeff")
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

// jsonTreeReader builds nodes from a JSON decoder's tokens, counting lines
// as the offsets advance.
type jsonTreeReader struct {
	file string
	data []byte
	dec  *json.Decoder
	off  int64
	line int
}

// lineAt returns the line of offset, which never goes backwards.
func (r *jsonTreeReader) lineAt(off int64) int {
	if off > int64(len(r.data)) {
		off = int64(len(r.data))
	}
	if off > r.off {
		r.line += bytes.Count(r.data[r.off:off], []byte{'\n'})
		r.off = off
	}
	return r.line
}

// parseJSONTree reads a JSON document into nodes, keeping key order and
// lines. A key that appears twice in an object is an error.
func parseJSONTree(file string, data []byte) (*node, error) {
	r := &jsonTreeReader{file: file, data: data, dec: json.NewDecoder(bytes.NewReader(data)), line: 1}
	r.dec.UseNumber()
	n, err := r.value()
	if err != nil {
		return nil, err
	}
	if _, err := r.dec.Token(); err != io.EOF {
		return nil, &Error{File: file, Line: r.lineAt(r.dec.InputOffset()), Msg: "malformed JSON: more than one value"}
	}
	return n, nil
}

func (r *jsonTreeReader) token() (json.Token, int, error) {
	t, err := r.dec.Token()
	if err != nil {
		if err == io.EOF {
			return nil, 0, &Error{File: r.file, Line: r.lineAt(int64(len(r.data))), Msg: "malformed JSON: unexpected end of file"}
		}
		e := jsonError(r.file, r.data, err)
		if e.Line == 0 {
			e.Line = r.lineAt(r.dec.InputOffset())
		}
		return nil, 0, e
	}
	// A token never spans lines (JSON strings hold no raw line breaks), so
	// the line its end is on is its line.
	return t, r.lineAt(r.dec.InputOffset()), nil
}

func (r *jsonTreeReader) value() (*node, error) {
	t, line, err := r.token()
	if err != nil {
		return nil, err
	}
	return r.valueFrom(t, line)
}

func (r *jsonTreeReader) valueFrom(t json.Token, line int) (*node, error) {
	switch v := t.(type) {
	case nil:
		return &node{kind: nullNode, line: line}, nil
	case bool:
		return &node{kind: boolNode, line: line, b: v}, nil
	case json.Number:
		return &node{kind: numberNode, line: line, str: v.String()}, nil
	case string:
		return &node{kind: stringNode, line: line, str: v}, nil
	case json.Delim:
		switch v {
		case '{':
			n := &node{kind: objectNode, line: line}
			seen := map[string]bool{}
			for r.dec.More() {
				kt, kline, err := r.token()
				if err != nil {
					return nil, err
				}
				key, ok := kt.(string)
				if !ok {
					return nil, &Error{File: r.file, Line: kline, Msg: "malformed JSON: object key is not a string"}
				}
				if seen[key] {
					return nil, &Error{File: r.file, Line: kline, Msg: fmt.Sprintf("key %q appears twice in the object", key)}
				}
				seen[key] = true
				val, err := r.value()
				if err != nil {
					return nil, err
				}
				n.fields = append(n.fields, field{key: key, line: kline, val: val})
			}
			if _, _, err := r.token(); err != nil { // '}'
				return nil, err
			}
			return n, nil
		case '[':
			n := &node{kind: arrayNode, line: line}
			for r.dec.More() {
				val, err := r.value()
				if err != nil {
					return nil, err
				}
				n.items = append(n.items, val)
			}
			if _, _, err := r.token(); err != nil { // ']'
				return nil, err
			}
			return n, nil
		}
	}
	return nil, &Error{File: r.file, Line: line, Msg: fmt.Sprintf("malformed JSON: unexpected %v", t)}
}

// parseYAMLTree reads a YAML document into nodes with goccy/go-yaml's parser,
// keeping key order and lines; anchors, aliases and merge keys are applied.
func parseYAMLTree(file string, data []byte) (n *node, err error) {
	defer func() {
		// The parser is outside code reading outside input: a panic in it
		// is reported as the document's error, not passed on.
		if p := recover(); p != nil {
			n, err = nil, &Error{File: file, Msg: fmt.Sprintf("malformed YAML: %v", p)}
		}
	}()
	f, perr := parser.ParseBytes(data, 0)
	if perr != nil {
		return nil, yamlError(file, perr)
	}
	var body ast.Node
	for _, d := range f.Docs {
		if d == nil || d.Body == nil {
			continue
		}
		if body != nil {
			return nil, &Error{File: file, Line: nodeLine(d.Body), Msg: "more than one YAML document"}
		}
		body = d.Body
	}
	if body == nil {
		return nil, &Error{File: file, Line: 1, Msg: "empty document"}
	}
	c := &yamlConverter{file: file, anchors: map[string]*node{}}
	return c.convert(body, 0)
}

// yamlError turns a goccy/go-yaml error into an *Error naming the line.
func yamlError(file string, err error) *Error {
	var ye interface {
		GetToken() *token.Token
		GetMessage() string
	}
	if errors.As(err, &ye) {
		line := 0
		if tk := ye.GetToken(); tk != nil && tk.Position != nil {
			line = tk.Position.Line
		}
		return &Error{File: file, Line: line, Msg: "malformed YAML: " + ye.GetMessage()}
	}
	return &Error{File: file, Msg: "malformed YAML: " + err.Error()}
}

func nodeLine(n ast.Node) int {
	if n == nil {
		return 0
	}
	if tk := n.GetToken(); tk != nil && tk.Position != nil {
		return tk.Position.Line
	}
	return 0
}

type yamlConverter struct {
	file    string
	anchors map[string]*node
}

// maxDepth bounds how deeply a document may nest.
const maxDepth = 1000

func (c *yamlConverter) errorf(n ast.Node, format string, args ...any) error {
	return &Error{File: c.file, Line: nodeLine(n), Msg: fmt.Sprintf(format, args...)}
}

func (c *yamlConverter) convert(an ast.Node, depth int) (*node, error) {
	if depth > maxDepth {
		return nil, c.errorf(an, "the document nests more than %d levels deep", maxDepth)
	}
	line := nodeLine(an)
	switch v := an.(type) {
	case nil:
		return &node{kind: nullNode}, nil
	case *ast.NullNode:
		return &node{kind: nullNode, line: line}, nil
	case *ast.BoolNode:
		return &node{kind: boolNode, line: line, b: v.Value}, nil
	case *ast.IntegerNode:
		return &node{kind: numberNode, line: line, str: fmt.Sprint(v.GetValue())}, nil
	case *ast.FloatNode:
		if math.IsInf(v.Value, 0) || math.IsNaN(v.Value) {
			return nil, c.errorf(an, "%s is not a JSON number", v.GetToken().Value)
		}
		return &node{kind: numberNode, line: line, str: strconv.FormatFloat(v.Value, 'g', -1, 64)}, nil
	case *ast.InfinityNode, *ast.NanNode:
		return nil, c.errorf(an, "%s is not a JSON number", an.GetToken().Value)
	case *ast.StringNode:
		return &node{kind: stringNode, line: line, str: v.Value}, nil
	case *ast.LiteralNode:
		s, _ := v.GetValue().(string)
		return &node{kind: stringNode, line: line, str: s}, nil
	case *ast.TagNode:
		inner, err := c.convert(v.Value, depth+1)
		if err != nil {
			return nil, err
		}
		if v.Start != nil && v.Start.Value == "!!str" && inner.kind != objectNode && inner.kind != arrayNode {
			s := inner.str
			if inner.kind == boolNode {
				s = strconv.FormatBool(inner.b)
			} else if inner.kind == nullNode {
				s = v.Value.GetToken().Value
			}
			return &node{kind: stringNode, line: inner.line, str: s}, nil
		}
		return inner, nil
	case *ast.AnchorNode:
		inner, err := c.convert(v.Value, depth+1)
		if err != nil {
			return nil, err
		}
		if v.Name != nil {
			c.anchors[v.Name.GetToken().Value] = inner
		}
		return inner, nil
	case *ast.AliasNode:
		name := ""
		if v.Value != nil {
			name = v.Value.GetToken().Value
		}
		target, ok := c.anchors[name]
		if !ok {
			return nil, c.errorf(an, "alias *%s names no anchor", name)
		}
		return target, nil
	case *ast.MappingNode:
		return c.mapping(line, v.Values, depth)
	case *ast.MappingValueNode:
		return c.mapping(line, []*ast.MappingValueNode{v}, depth)
	case *ast.SequenceNode:
		n := &node{kind: arrayNode, line: line}
		for _, it := range v.Values {
			item, err := c.convert(it, depth+1)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, item)
		}
		return n, nil
	case *ast.CommentGroupNode, *ast.CommentNode:
		return &node{kind: nullNode, line: line}, nil
	}
	return nil, c.errorf(an, "unsupported YAML %s", an.Type())
}

func (c *yamlConverter) mapping(line int, values []*ast.MappingValueNode, depth int) (*node, error) {
	n := &node{kind: objectNode, line: line}
	seen := map[string]bool{}
	var merged []*node
	for _, mv := range values {
		if mv == nil {
			continue
		}
		if _, ok := mv.Key.(*ast.MergeKeyNode); ok {
			src, err := c.convert(mv.Value, depth+1)
			if err != nil {
				return nil, err
			}
			switch src.kind {
			case objectNode:
				merged = append(merged, src)
			case arrayNode:
				for _, it := range src.items {
					if it.kind != objectNode {
						return nil, c.errorf(mv.Value, "merge key << takes mappings, not a %s", it.kind)
					}
					merged = append(merged, it)
				}
			default:
				return nil, c.errorf(mv.Value, "merge key << takes a mapping, not a %s", src.kind)
			}
			continue
		}
		key, err := c.key(mv.Key)
		if err != nil {
			return nil, err
		}
		kline := nodeLine(mv.Key)
		if seen[key] {
			return nil, &Error{File: c.file, Line: kline, Msg: fmt.Sprintf("key %q appears twice in the mapping", key)}
		}
		seen[key] = true
		val, err := c.convert(mv.Value, depth+1)
		if err != nil {
			return nil, err
		}
		if val.line == 0 {
			val.line = kline
		}
		n.fields = append(n.fields, field{key: key, line: kline, val: val})
	}
	// Keys written in place win over merged ones; earlier merges win over
	// later ones.
	for _, m := range merged {
		for _, f := range m.fields {
			if !seen[f.key] {
				seen[f.key] = true
				n.fields = append(n.fields, f)
			}
		}
	}
	return n, nil
}

func (c *yamlConverter) key(k ast.MapKeyNode) (string, error) {
	var an ast.Node = k
	if mk, ok := an.(*ast.MappingKeyNode); ok {
		an = mk.Value
	}
	switch v := an.(type) {
	case *ast.StringNode:
		return v.Value, nil
	case *ast.NullNode:
		return "null", nil
	case ast.ScalarNode:
		if tk := v.GetToken(); tk != nil {
			return tk.Value, nil
		}
	case *ast.TagNode:
		if v.Value != nil && v.Value.GetToken() != nil {
			return v.Value.GetToken().Value, nil
		}
	}
	return "", c.errorf(an, "a mapping key must be a scalar")
}

// pointer resolves a JSON pointer ("#/components/schemas/Order") in the
// tree rooted at root.
func (n *node) pointer(ref string) (*node, bool) {
	if ref == "#" {
		return n, true
	}
	if !strings.HasPrefix(ref, "#/") {
		return nil, false
	}
	cur := n
	for _, part := range strings.Split(ref[2:], "/") {
		part = unescapePointer(part)
		switch {
		case cur == nil:
			return nil, false
		case cur.kind == objectNode:
			cur = cur.get(part)
		case cur.kind == arrayNode:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(cur.items) {
				return nil, false
			}
			cur = cur.items[i]
		default:
			return nil, false
		}
	}
	return cur, cur != nil
}

func unescapePointer(s string) string {
	if strings.Contains(s, "%") {
		if u, err := url.PathUnescape(s); err == nil {
			s = u
		}
	}
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(s)
}
