package catalogue

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// ParseOpenAPI reads an OpenAPI 3.0 or 3.1 document, JSON or YAML, into a
// catalogue with one tool per operation, in the order of the document.
//
// A tool's name is the operation's operationId; an operation with none is
// named from the action verb of its summary and the object of its path
// ("Cancel a subscription" on /subscriptions/{id}/cancel is
// cancel_subscription), and its Origin says so. Its description is the
// summary and the description; its input schema is an object of the path,
// query and header parameters and the JSON request body's properties, and
// its output schema that of the first 2xx JSON response, both with every
// $ref inlined (a $ref that recurs goes into "$defs"). GET, HEAD and OPTIONS
// are reads and every other method a write, unless the operation says
// x-stalwart-read. The operation's x-stalwart object carries the
// declarations under the names MCP's _meta uses, and
// x-stalwart-idempotency-key names the idempotency key.
//
// The document is checked with kin-openapi before it is read. file names the
// source in errors, which carry its lines.
func ParseOpenAPI(file string, data []byte) (*Catalogue, error) {
	root, err := parseTree(file, data)
	if err != nil {
		return nil, err
	}
	if root.kind != objectNode {
		return nil, &Error{File: file, Line: root.line, Msg: fmt.Sprintf("an OpenAPI document is an object, not a %s", root.kind)}
	}
	v30, err := openAPIVersion(file, root)
	if err != nil {
		return nil, err
	}
	if err := checkOpenAPI(file, data, root); err != nil {
		return nil, err
	}
	r := &openAPIReader{file: file, root: root, v30: v30}
	c := &Catalogue{Format: FormatVersion, Source: file}
	c.Tools = r.tools()
	if err := r.errs.Err(); err != nil {
		return nil, err
	}
	return c, nil
}

// openAPIVersion checks the document's openapi field and reports whether the
// document is OpenAPI 3.0, whose schemas are not quite JSON Schema.
func openAPIVersion(file string, root *node) (v30 bool, err error) {
	if root.get("swagger") != nil {
		return false, &Error{File: file, Line: root.keyLine("swagger"), Msg: "a Swagger 2.0 document: convert it to OpenAPI 3.0 or 3.1 first"}
	}
	v := root.get("openapi")
	s, ok := v.text()
	if !ok {
		return false, &Error{File: file, Line: root.keyLine("openapi"), Msg: `the "openapi" field is not a version string such as "3.1.0"`}
	}
	switch {
	case s == "3.0" || strings.HasPrefix(s, "3.0."):
		return true, nil
	case s == "3.1" || strings.HasPrefix(s, "3.1."):
		return false, nil
	}
	return false, &Error{File: file, Line: v.line, Msg: fmt.Sprintf("OpenAPI %s: only 3.0 and 3.1 documents are read", s)}
}

// checkOpenAPI loads and validates the document with kin-openapi, so a
// document that is not OpenAPI is refused with the reason. Examples,
// defaults, patterns and formats are not checked: they do not change the
// tools, and real documents get them wrong often enough.
func checkOpenAPI(file string, data []byte, root *node) (err error) {
	defer func() {
		// kin-openapi is outside code reading outside input: a panic in it
		// is reported as the document's error, not passed on.
		if p := recover(); p != nil {
			err = &Error{File: file, Msg: fmt.Sprintf("the OpenAPI checker failed on this document: %v", p)}
		}
	}()
	loader := openapi3.NewLoader()
	loader.IsExternalRefsAllowed = false
	doc, err := loader.LoadFromData(data)
	if err != nil {
		line, msg := kinErrorLine(root, err), err.Error()
		// A document kin-openapi cannot decode is reported by both its
		// decoders; the YAML one names the line and reads better.
		if _, yamlMsg, ok := strings.Cut(msg, "yaml error: "); ok {
			msg = strings.TrimPrefix(yamlMsg, "yaml: ")
			msg = strings.TrimPrefix(msg, "construct errors: ")
			if m := yamlLine.FindStringSubmatch(msg); m != nil {
				if n, err := strconv.Atoi(m[1]); err == nil && line == 0 {
					line = n
				}
				msg = m[2]
			}
		}
		return &Error{File: file, Line: line, Msg: "not a valid OpenAPI document: " + msg}
	}
	err = doc.Validate(context.Background(),
		openapi3.EnableMultiError(),
		openapi3.DisableExamplesValidation(),
		openapi3.DisableSchemaDefaultsValidation(),
		openapi3.DisableSchemaPatternValidation(),
		openapi3.DisableSchemaFormatValidation(),
	)
	if err == nil {
		return nil
	}
	var errs ErrorList
	for _, e := range flattenMulti(err) {
		errs.Add(file, kinErrorLine(root, e), "not a valid OpenAPI document: %v", e)
	}
	return errs.Err()
}

// flattenMulti lists the errors of kin-openapi's MultiError, nested or not.
func flattenMulti(err error) []error {
	var me openapi3.MultiError
	if !errors.As(err, &me) {
		return []error{err}
	}
	var out []error
	for _, e := range me {
		out = append(out, flattenMulti(e)...)
	}
	return out
}

var (
	quotedRef = regexp.MustCompile(`"([^"]*#[^"]*)"`)
	yamlLine  = regexp.MustCompile(`^line (\d+): (.*)`)
)

// kinErrorLine finds the line a kin-openapi error is about from the context
// it wraps (section, path, operation, component) or the $ref it names.
func kinErrorLine(root *node, err error) int {
	var ext *openapi3.DisallowedExternalRefError
	if errors.As(err, &ext) {
		if line := refLine(root, ext.Ref); line > 0 {
			return line
		}
	}
	for _, m := range quotedRef.FindAllStringSubmatch(err.Error(), -1) {
		if line := refLine(root, m[1]); line > 0 {
			return line
		}
	}
	at, line := root, 0
	step := func(key string) {
		if at.get(key) != nil {
			line = at.keyLine(key)
			at = at.get(key)
		}
	}
	for e := err; e != nil; e = errors.Unwrap(e) {
		switch v := e.(type) {
		case *openapi3.SectionValidationError:
			if at == root {
				step(v.Section)
			}
		case *openapi3.PathValidationError:
			step(v.Path)
		case *openapi3.OperationValidationError:
			step(strings.ToLower(v.Method))
		case *openapi3.PathParametersError:
			step(v.Path)
			step(strings.ToLower(v.Method))
		case *openapi3.ComponentValidationError:
			section := componentSection(at, v.Section)
			step(section)
			step(v.Name)
		case *openapi3.ParameterFieldValidationError:
			if params := at.get("parameters"); params != nil {
				for _, p := range params.items {
					if name, _ := p.get("name").text(); name == v.ParameterName {
						line = p.line
					}
				}
			}
		}
	}
	return line
}

// componentSection finds the key of the components object that a
// kin-openapi label ("schema", "request body") names.
func componentSection(components *node, label string) string {
	want := strings.ToLower(strings.ReplaceAll(label, " ", ""))
	for _, f := range components.fields {
		k := strings.ToLower(f.key)
		if k == want || k == want+"s" || (strings.HasSuffix(want, "y") && k == want[:len(want)-1]+"ies") {
			return f.key
		}
	}
	return label
}

// refLine returns the line of the first "$ref" whose value is ref, or 0.
func refLine(n *node, ref string) int {
	if n == nil {
		return 0
	}
	switch n.kind {
	case objectNode:
		for _, f := range n.fields {
			if s, ok := f.val.text(); ok && f.key == "$ref" && s == ref {
				return f.line
			}
			if line := refLine(f.val, ref); line > 0 {
				return line
			}
		}
	case arrayNode:
		for _, it := range n.items {
			if line := refLine(it, ref); line > 0 {
				return line
			}
		}
	}
	return 0
}

// httpMethods are the operations of a path item, lower case as written.
var httpMethods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

type openAPIReader struct {
	file string
	root *node
	v30  bool
	errs ErrorList
}

func (r *openAPIReader) errorf(line int, format string, args ...any) {
	r.errs.Add(r.file, line, format, args...)
}

// resolve follows a "$ref" to the object it points at. It returns n itself
// when n is not a reference.
func (r *openAPIReader) resolve(n *node) *node {
	for range 64 {
		ref, ok := n.get("$ref").text()
		if !ok {
			return n
		}
		target, ok := r.root.pointer(ref)
		if !ok {
			r.errorf(n.keyLine("$ref"), "$ref %q points at nothing in this document", ref)
			return nil
		}
		n = target
	}
	r.errorf(n.line, "$ref chain too long")
	return nil
}

func (r *openAPIReader) tools() []Tool {
	var tools []Tool
	lines := map[string]int{}
	paths := r.root.get("paths")
	if paths == nil {
		return nil
	}
	for _, pf := range paths.fields {
		if strings.HasPrefix(pf.key, "x-") {
			continue
		}
		item := r.resolve(pf.val)
		if item == nil {
			continue
		}
		shared := item.get("parameters")
		for _, of := range item.fields {
			if !slices.Contains(httpMethods, of.key) {
				continue
			}
			t, ok := r.operation(pf.key, strings.ToUpper(of.key), of.line, of.val, shared)
			if !ok {
				continue
			}
			if prev, dup := lines[t.Name]; dup {
				how := "operationId"
				if t.Origin.NamedFromSummary {
					how = "name made from the summary and path (give the operations an operationId)"
				}
				r.errorf(of.line, "tool %q appears twice (line %d): the %s is not unique", t.Name, prev, how)
				continue
			}
			lines[t.Name] = of.line
			tools = append(tools, t)
		}
	}
	return tools
}

// operation makes the tool of one operation.
func (r *openAPIReader) operation(path, method string, line int, op *node, shared *node) (Tool, bool) {
	nerr := len(r.errs)
	summary, _ := op.get("summary").text()
	desc, _ := op.get("description").text()
	t := Tool{
		Description: joinDescription(summary, desc),
		Origin:      Origin{Form: "openapi", Method: method, Path: path, Summary: summary},
	}
	if id, ok := op.get("operationId").text(); ok && id != "" {
		t.Name = id
	} else {
		t.Name = nameFromSummary(summary, method, path)
		t.Origin.NamedFromSummary = true
		if t.Name == "" {
			r.errorf(line, "%s %s has no operationId and no summary or path to name it from", method, path)
		}
	}
	t.InputSchema = r.inputSchema(line, op, shared)
	t.OutputSchema = r.outputSchema(op)

	// Declarations: the x-stalwart object, then the shorthand extensions.
	readOnlyDecl := false
	if x := op.get("x-stalwart"); x != nil {
		obj, err := x.rawObject()
		if err != nil {
			r.errorf(op.keyLine("x-stalwart"), "%s %s: x-stalwart %v", method, path, err)
		} else {
			var problems []string
			readOnlyDecl, problems = decodeDeclarations(obj, &t.Declarations)
			problems = append(problems, decodeHints(obj, &t.Annotations)...)
			for _, p := range problems {
				r.errorf(op.keyLine("x-stalwart"), "%s %s: x-stalwart %s", method, path, p)
			}
		}
	}
	if k := op.get("x-stalwart-idempotency-key"); k != nil {
		if s, ok := k.text(); ok && s != "" {
			t.Declarations.IdempotencyKey = s
		} else {
			r.errorf(k.line, "%s %s: x-stalwart-idempotency-key is not a header or argument name", method, path)
		}
	}
	readExt := op.get("x-stalwart-read")
	if readExt != nil && readExt.kind != boolNode {
		r.errorf(readExt.line, "%s %s: x-stalwart-read is not true or false", method, path)
		readExt = nil
	}
	t.Kind, t.KindRule = openAPIKind(method, readExt, t.Annotations, readOnlyDecl)
	return t, len(r.errs) == nerr
}

// openAPIKind applies spec 000's OpenAPI rules: x-stalwart-read decides when
// the operation says it; otherwise GET, HEAD and OPTIONS are reads and every
// other method a write. Declarations in x-stalwart follow the MCP rules: a
// declared destructiveHint makes a write, a declared readOnlyHint or
// read_only a read.
func openAPIKind(method string, readExt *node, a Annotations, readOnlyDecl bool) (Kind, string) {
	switch {
	case a.DestructiveHint != nil && *a.DestructiveHint:
		return Write, "openapi:x-stalwart.destructiveHint"
	case readExt != nil && readExt.b:
		return Read, "openapi:x-stalwart-read"
	case readExt != nil:
		return Write, "openapi:x-stalwart-read"
	case a.ReadOnlyHint != nil && *a.ReadOnlyHint:
		return Read, "openapi:x-stalwart.readOnlyHint"
	case readOnlyDecl:
		return Read, "openapi:x-stalwart.read_only"
	case method == "GET" || method == "HEAD" || method == "OPTIONS":
		return Read, "openapi:" + method
	}
	return Write, "openapi:" + method
}

func joinDescription(summary, desc string) string {
	summary, desc = strings.TrimSpace(summary), strings.TrimSpace(desc)
	switch {
	case summary == "":
		return desc
	case desc == "" || desc == summary:
		return summary
	}
	if !strings.HasSuffix(summary, ".") && !strings.HasSuffix(summary, "?") && !strings.HasSuffix(summary, "!") {
		summary += "."
	}
	return summary + " " + desc
}

// inputSchema builds the operation's arguments: path, query and header
// parameters (the operation's own replacing the path item's of the same
// name and place) and the JSON request body's properties.
func (r *openAPIReader) inputSchema(line int, op, shared *node) []byte {
	in := newSchemaBuilder(r)
	props := &node{kind: objectNode, line: line}
	var required []string
	seen := map[string]bool{}

	type param struct {
		name, in string
		n        *node
	}
	var params []param
	for _, list := range []*node{shared, op.get("parameters")} {
		if list == nil {
			continue
		}
		for _, raw := range list.items {
			p := r.resolve(raw)
			if p == nil {
				continue
			}
			name, _ := p.get("name").text()
			where, _ := p.get("in").text()
			if name == "" {
				continue
			}
			replaced := false
			for i := range params {
				if params[i].name == name && params[i].in == where {
					params[i].n, replaced = p, true
				}
			}
			if !replaced {
				params = append(params, param{name, where, p})
			}
		}
	}
	for _, p := range params {
		if p.in != "path" && p.in != "query" && p.in != "header" {
			continue
		}
		schema := p.n.get("schema")
		if schema == nil {
			if content := p.n.get("content"); content != nil && len(content.fields) > 0 {
				schema = content.fields[0].val.get("schema")
			}
		}
		s := in.inline(schema)
		if d, ok := p.n.get("description").text(); ok && d != "" && s.kind == objectNode && s.get("description") == nil {
			s.fields = append(s.fields, field{key: "description", line: s.line, val: &node{kind: stringNode, str: d}})
		}
		if seen[p.name] {
			continue
		}
		seen[p.name] = true
		props.fields = append(props.fields, field{key: p.name, line: p.n.line, val: s})
		if p.in == "path" || p.n.get("required").isTrue() {
			required = append(required, p.name)
		}
	}

	if body := op.get("requestBody"); body != nil {
		body = r.resolve(body)
		if schema := mediaSchema(body.get("content")); schema != nil {
			s := in.inline(schema)
			bodyProps, bodyRequired, ok := objectProperties(s)
			if ok {
				for _, f := range bodyProps {
					if !seen[f.key] {
						seen[f.key] = true
						props.fields = append(props.fields, f)
					}
				}
				for _, name := range bodyRequired {
					if !slices.Contains(required, name) {
						required = append(required, name)
					}
				}
			} else if !seen["body"] {
				seen["body"] = true
				props.fields = append(props.fields, field{key: "body", line: body.line, val: s})
				if body.get("required").isTrue() {
					required = append(required, "body")
				}
			}
		}
	}

	out := &node{kind: objectNode, line: line}
	out.fields = append(out.fields, field{key: "type", val: &node{kind: stringNode, str: "object"}})
	out.fields = append(out.fields, field{key: "properties", val: props})
	if len(required) > 0 {
		req := &node{kind: arrayNode}
		for _, name := range required {
			req.items = append(req.items, &node{kind: stringNode, str: name})
		}
		out.fields = append(out.fields, field{key: "required", val: req})
	}
	return in.finish(line, out)
}

// outputSchema is the schema of the first 2xx response with JSON content.
func (r *openAPIReader) outputSchema(op *node) []byte {
	responses := op.get("responses")
	if responses == nil {
		return nil
	}
	for _, f := range responses.fields {
		if !isSuccessStatus(f.key) {
			continue
		}
		resp := r.resolve(f.val)
		if resp == nil {
			continue
		}
		if schema := mediaSchema(resp.get("content")); schema != nil {
			out := newSchemaBuilder(r)
			return out.finish(f.line, out.inline(schema))
		}
	}
	return nil
}

func isSuccessStatus(code string) bool {
	return len(code) == 3 && code[0] == '2' &&
		((code[1] >= '0' && code[1] <= '9' && code[2] >= '0' && code[2] <= '9') || strings.EqualFold(code[1:], "xx"))
}

// mediaSchema picks the schema of the JSON media type of a content object:
// application/json, then any other JSON type (application/problem+json).
func mediaSchema(content *node) *node {
	if content == nil {
		return nil
	}
	var fallback *node
	for _, f := range content.fields {
		mt := strings.ToLower(strings.TrimSpace(strings.SplitN(f.key, ";", 2)[0]))
		schema := f.val.get("schema")
		if schema == nil {
			continue
		}
		if mt == "application/json" {
			return schema
		}
		if fallback == nil && (strings.HasSuffix(mt, "+json") || strings.HasSuffix(mt, "/json")) {
			fallback = schema
		}
	}
	return fallback
}

// objectProperties returns the properties and required names of an object
// schema, merging the members of an allOf; ok is false for any other schema.
func objectProperties(s *node) (props []field, required []string, ok bool) {
	if s == nil || s.kind != objectNode {
		return nil, nil, false
	}
	if all := s.get("allOf"); all != nil && all.kind == arrayNode {
		for _, m := range all.items {
			p, req, ok := objectProperties(m)
			if !ok {
				return nil, nil, false
			}
			props = append(props, p...)
			required = append(required, req...)
		}
	}
	p := s.get("properties")
	if p == nil && props == nil {
		return nil, nil, false
	}
	if p != nil {
		if p.kind != objectNode {
			return nil, nil, false
		}
		props = append(props, p.fields...)
	}
	if req := s.get("required"); req != nil {
		for _, it := range req.items {
			if name, ok := it.text(); ok {
				required = append(required, name)
			}
		}
	}
	return props, required, true
}

// schemaBuilder inlines the $refs of one schema. A $ref met again inside
// itself goes into the schema's "$defs" and is referred to there.
type schemaBuilder struct {
	r      *openAPIReader
	stack  []string          // refs being inlined, outermost first
	names  map[string]string // ref -> its name in $defs
	defs   []field           // $defs in the order they were finished
	budget int
}

func newSchemaBuilder(r *openAPIReader) *schemaBuilder {
	return &schemaBuilder{r: r, names: map[string]string{}, budget: maxValueNodes}
}

// finish adds $defs to the schema and returns it as JSON.
func (b *schemaBuilder) finish(line int, s *node) []byte {
	if len(b.defs) > 0 && s.kind == objectNode {
		s.fields = append(s.fields, field{key: "$defs", val: &node{kind: objectNode, fields: b.defs}})
	}
	raw, err := s.toJSON()
	if err != nil {
		b.r.errorf(line, "schema: %v", err)
		return nil
	}
	return raw
}

// inline returns a copy of the schema n with its $refs replaced by what they
// point at and, in an OpenAPI 3.0 document, nullable and the boolean
// exclusive bounds written as JSON Schema says them.
func (b *schemaBuilder) inline(n *node) *node {
	if n == nil {
		return &node{kind: objectNode}
	}
	b.budget--
	if b.budget < 0 {
		if b.budget == -1 {
			b.r.errorf(n.line, "schema: %v", errTooLarge)
		}
		return &node{kind: objectNode}
	}
	switch n.kind {
	case arrayNode:
		out := &node{kind: arrayNode, line: n.line}
		for _, it := range n.items {
			out.items = append(out.items, b.inline(it))
		}
		return out
	case objectNode:
	default:
		return n
	}
	if ref, ok := n.get("$ref").text(); ok {
		return b.ref(n, ref)
	}
	out := &node{kind: objectNode, line: n.line}
	for _, f := range n.fields {
		out.fields = append(out.fields, field{key: f.key, line: f.line, val: b.inline(f.val)})
	}
	if b.r.v30 {
		normalise30(out)
	}
	return out
}

func (b *schemaBuilder) ref(n *node, ref string) *node {
	line := n.keyLine("$ref")
	if !strings.HasPrefix(ref, "#") {
		b.r.errorf(line, "$ref %q is in another document: only references inside the document are read", ref)
		return &node{kind: objectNode}
	}
	if name, ok := b.names[ref]; ok || slices.Contains(b.stack, ref) {
		if !ok {
			name = b.defName(ref)
			b.names[ref] = name
		}
		return b.withSiblings(n, refTo(name))
	}
	target, ok := b.r.root.pointer(ref)
	if !ok {
		b.r.errorf(line, "$ref %q points at nothing in this document", ref)
		return &node{kind: objectNode}
	}
	b.stack = append(b.stack, ref)
	body := b.inline(target)
	b.stack = b.stack[:len(b.stack)-1]
	if name, ok := b.names[ref]; ok {
		// The schema refers to itself: keep it once, in $defs.
		b.defs = append(b.defs, field{key: name, val: body})
		return b.withSiblings(n, refTo(name))
	}
	return b.withSiblings(n, body)
}

func refTo(name string) *node {
	return &node{kind: objectNode, fields: []field{{key: "$ref", val: &node{kind: stringNode, str: "#/$defs/" + escapePointer(name)}}}}
}

// withSiblings applies the keywords beside a $ref to what it resolved to.
// OpenAPI 3.0 ignores them; in 3.1 (JSON Schema 2020-12) they apply.
func (b *schemaBuilder) withSiblings(n, resolved *node) *node {
	if b.r.v30 || len(n.fields) == 1 || resolved.kind != objectNode {
		return resolved
	}
	out := &node{kind: objectNode, line: resolved.line}
	out.fields = append(out.fields, resolved.fields...)
	for _, f := range n.fields {
		if f.key == "$ref" {
			continue
		}
		val := b.inline(f.val)
		replaced := false
		for i := range out.fields {
			if out.fields[i].key == f.key {
				out.fields[i].val, replaced = val, true
			}
		}
		if !replaced {
			out.fields = append(out.fields, field{key: f.key, line: f.line, val: val})
		}
	}
	return out
}

// defName is the name a recurring $ref gets in $defs: its last segment,
// numbered when two refs end alike.
func (b *schemaBuilder) defName(ref string) string {
	base := ref[strings.LastIndex(ref, "/")+1:]
	base = unescapePointer(base)
	if base == "" || base == "#" {
		base = "schema"
	}
	name := base
	for i := 2; ; i++ {
		taken := false
		for _, n := range b.names {
			if n == name {
				taken = true
				break
			}
		}
		if !taken {
			return name
		}
		name = fmt.Sprintf("%s%d", base, i)
	}
}

func escapePointer(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// normalise30 rewrites the keywords of an OpenAPI 3.0 schema object that
// JSON Schema 2020-12 says differently: nullable: true becomes a "null" in
// type, and a boolean exclusiveMinimum or exclusiveMaximum takes the bound.
func normalise30(s *node) {
	var kept []field
	nullable := false
	bounds := map[string]*node{}
	for _, f := range s.fields {
		switch f.key {
		case "nullable":
			nullable = f.val.isTrue()
			continue
		case "minimum", "maximum":
			bounds[f.key] = f.val
		}
		kept = append(kept, f)
	}
	s.fields = kept
	for i := 0; i < len(s.fields); i++ {
		f := &s.fields[i]
		bound := map[string]string{"exclusiveMinimum": "minimum", "exclusiveMaximum": "maximum"}[f.key]
		if bound == "" || f.val.kind != boolNode {
			continue
		}
		if f.val.b && bounds[bound] != nil {
			f.val = bounds[bound]
			s.fields = slices.DeleteFunc(s.fields, func(g field) bool { return g.key == bound })
		} else {
			s.fields = slices.Delete(s.fields, i, i+1)
		}
		i = -1 // the fields moved: look again from the start
	}
	if nullable {
		for i := range s.fields {
			f := &s.fields[i]
			if f.key == "type" && f.val.kind == stringNode && f.val.str != "null" {
				f.val = &node{kind: arrayNode, line: f.val.line, items: []*node{f.val, {kind: stringNode, str: "null"}}}
			}
		}
	}
}
