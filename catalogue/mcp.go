package catalogue

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// mcpTool is a tool as an MCP server lists it.
type mcpTool struct {
	Name         string                     `json:"name"`
	Title        string                     `json:"title"`
	Description  string                     `json:"description"`
	InputSchema  json.RawMessage            `json:"inputSchema"`
	OutputSchema json.RawMessage            `json:"outputSchema"`
	Annotations  map[string]json.RawMessage `json:"annotations"`
	Meta         json.RawMessage            `json:"_meta"`
}

// ParseMCP reads an MCP tools/list answer: {"tools": [...]}, the JSON-RPC
// response that carries it ({"result": {"tools": [...]}}), or the bare array.
// file names the source in errors, which carry its lines. Every problem of
// the file is reported, and a file with any problem gives no catalogue.
func ParseMCP(file string, data []byte) (*Catalogue, error) {
	list, err := mcpList(file, data)
	if err != nil {
		return nil, err
	}
	var errs ErrorList
	c := &Catalogue{Format: FormatVersion, Source: file}
	for i, elem := range list.items {
		if elem.kind != objectNode {
			errs.Add(file, elem.line, "tool %d is a %s, want an object", i+1, elem.kind)
			continue
		}
		raw, err := elem.toJSON()
		if err != nil {
			errs.Add(file, elem.line, "tool %d: %v", i+1, err)
			continue
		}
		var mt mcpTool
		if err := json.Unmarshal(raw, &mt); err != nil {
			errs.Add(file, elementErrorLine(elem, err), "tool %d: %s", i+1, describeJSONError(err))
			continue
		}
		t, problems := mcpToTool(mt)
		for _, p := range problems {
			errs.Add(file, elem.line, "tool %d (%s): %s", i+1, mt.Name, p)
		}
		if len(problems) == 0 {
			c.Tools = append(c.Tools, t)
		}
	}
	checkNames(file, c.Tools, lineOfTools(list), &errs)
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return c, nil
}

// lineOfTools maps each tool name of a list to the line of its element.
func lineOfTools(list *node) map[string][]int {
	lines := map[string][]int{}
	for _, elem := range list.items {
		if name, ok := elem.get("name").text(); ok {
			lines[name] = append(lines[name], elem.line)
		}
	}
	return lines
}

// elementErrorLine returns the line of the key a decoding error of an
// element is about, or the element's line.
func elementErrorLine(elem *node, err error) int {
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) && typ.Field != "" {
		key, _, _ := strings.Cut(typ.Field, ".")
		return elem.keyLine(key)
	}
	return elem.line
}

// describeJSONError says what a decoding error found, without Go's type
// names where it can.
func describeJSONError(err error) string {
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		return fmt.Sprintf("%s is a JSON %s, want %s", fieldName(typ), typ.Value, jsonTypeName(typ.Type.Kind().String()))
	}
	return err.Error()
}

func jsonTypeName(goKind string) string {
	switch goKind {
	case "string":
		return "a string"
	case "map", "struct":
		return "an object"
	case "slice", "array":
		return "an array"
	case "bool":
		return "true or false"
	case "int", "int64", "float64":
		return "a number"
	}
	return goKind
}

// mcpFields is one tool of a live MCP server's answer, in the fields this
// package reads. It lets the live importer share the rules of ParseMCP.
type mcpFields struct {
	// Name, Title and Description are the tool's fields as listed.
	Name, Title, Description string
	// InputSchema and OutputSchema are the JSON Schemas as listed.
	InputSchema, OutputSchema json.RawMessage
	// Annotations is the annotations object, with the hints it declares.
	Annotations json.RawMessage
	// Meta is the _meta object, where declarations stand.
	Meta json.RawMessage
}

// fromMCP makes a tool from an MCP tool definition with the read/write rules
// and declarations of ParseMCP. It returns the problems found as messages.
func fromMCP(m mcpFields) (Tool, []string) {
	mt := mcpTool{Name: m.Name, Title: m.Title, Description: m.Description,
		InputSchema: m.InputSchema, OutputSchema: m.OutputSchema, Meta: m.Meta}
	if len(m.Annotations) > 0 && string(m.Annotations) != "null" {
		if err := json.Unmarshal(m.Annotations, &mt.Annotations); err != nil {
			return Tool{}, []string{"annotations: " + simplifyJSONError(err)}
		}
	}
	return mcpToTool(mt)
}

// mcpList finds the list of tools in an MCP answer.
func mcpList(file string, data []byte) (*node, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &Error{File: file, Line: 1, Msg: "empty file"}
	}
	root, err := parseJSONTree(file, data)
	if err != nil {
		return nil, err
	}
	list := root
	if root.kind == objectNode {
		list = root.get("tools")
		if list == nil {
			list = root.get("result").get("tools")
		}
		if list == nil {
			return nil, &Error{File: file, Line: root.line, Msg: `no "tools" list: not an MCP tools/list answer`}
		}
	}
	if list.kind != arrayNode {
		return nil, &Error{File: file, Line: list.line, Msg: fmt.Sprintf("the tools are a %s, want an array", list.kind)}
	}
	return list, nil
}

func mcpToTool(mt mcpTool) (Tool, []string) {
	var problems []string
	t := Tool{
		Name:         mt.Name,
		Title:        mt.Title,
		Description:  mt.Description,
		InputSchema:  compactJSON(mt.InputSchema),
		OutputSchema: compactJSON(mt.OutputSchema),
		Meta:         compactJSON(mt.Meta),
		Origin:       Origin{Form: "mcp"},
	}
	if t.Name == "" {
		problems = append(problems, "no name")
	}
	hint := func(key string) *bool {
		raw, ok := mt.Annotations[key]
		if !ok || string(raw) == "null" {
			return nil
		}
		var b bool
		if err := json.Unmarshal(raw, &b); err != nil {
			problems = append(problems, "annotation "+key+" is not true or false")
			return nil
		}
		return &b
	}
	t.Annotations.ReadOnlyHint = hint("readOnlyHint")
	t.Annotations.DestructiveHint = hint("destructiveHint")
	t.Annotations.IdempotentHint = hint("idempotentHint")
	t.Annotations.OpenWorldHint = hint("openWorldHint")
	if raw, ok := mt.Annotations["title"]; ok {
		if err := json.Unmarshal(raw, &t.Annotations.Title); err != nil {
			problems = append(problems, "annotation title is not a string")
		}
	}
	// Declarations may stand in the annotations or in _meta; _meta wins.
	annRO, p := decodeDeclarations(mt.Annotations, &t.Declarations)
	problems = append(problems, p...)
	metaRO := false
	if len(t.Meta) > 0 && string(t.Meta) != "null" {
		var meta map[string]json.RawMessage
		if err := json.Unmarshal(t.Meta, &meta); err != nil {
			problems = append(problems, "_meta is not an object")
		} else {
			metaRO, p = decodeDeclarations(meta, &t.Declarations)
			problems = append(problems, p...)
		}
	}
	t.Kind, t.KindRule = mcpKind(t.Annotations, annRO || metaRO)
	return t, problems
}

// mcpKind applies spec 000's MCP rules in order: a declared destructiveHint
// true makes a write whatever else is said; readOnlyHint true, or read_only
// in _meta, makes a read; anything else is a write.
func mcpKind(a Annotations, readOnlyMeta bool) (Kind, string) {
	switch {
	case a.DestructiveHint != nil && *a.DestructiveHint:
		return Write, "mcp:destructiveHint"
	case a.ReadOnlyHint != nil && *a.ReadOnlyHint:
		return Read, "mcp:readOnlyHint"
	case readOnlyMeta:
		return Read, "mcp:_meta.read_only"
	case a.ReadOnlyHint != nil:
		return Write, "mcp:readOnlyHint=false"
	}
	return Write, "mcp:unmarked"
}

func compactJSON(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return raw
	}
	return b.Bytes()
}

// checkNames reports each tool whose name an earlier tool has, at the line
// of the repeat, naming the line of the first; lines gives the lines of
// each name's elements in order.
func checkNames(file string, tools []Tool, lines map[string][]int, errs *ErrorList) {
	count := make(map[string]int, len(tools))
	for _, t := range tools {
		n := count[t.Name]
		count[t.Name]++
		if n == 0 {
			continue
		}
		at := lines[t.Name]
		line := 0
		if n < len(at) {
			line = at[n]
		}
		if len(at) > 0 && at[0] > 0 {
			errs.Add(file, line, "tool %q appears twice: first at line %d", t.Name, at[0])
			continue
		}
		errs.Add(file, line, "tool %q appears twice", t.Name)
	}
}
