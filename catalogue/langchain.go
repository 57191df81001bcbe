package catalogue

import (
	"bytes"
	"fmt"
)

// ParseLangChain reads the JSON a LangChain tool list exports to: an array,
// or {"tools": [...]}, of
//
//	{"type": "function",
//	 "function": {"name": ..., "description": ..., "parameters": {...}},
//	 "tags": [...], "metadata": {...}}
//
// The parameters are the tool's input schema. The metadata carries the
// declarations under the names MCP's _meta uses, and the four MCP hints;
// it is kept as the tool's Meta. A tool is a read where its metadata says
// read_only or readOnlyHint true (and not destructiveHint true), and a write
// otherwise. file names the source in errors, which carry its lines.
func ParseLangChain(file string, data []byte) (*Catalogue, error) {
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
			return nil, &Error{File: file, Line: root.line, Msg: `no "tools" list: not a LangChain tool list`}
		}
	}
	if list.kind != arrayNode {
		return nil, &Error{File: file, Line: list.line, Msg: fmt.Sprintf("the tools are a %s, want an array", list.kind)}
	}
	var errs ErrorList
	c := &Catalogue{Format: FormatVersion, Source: file}
	for i, elem := range list.items {
		t, problems := langChainTool(elem)
		for _, p := range problems {
			errs.Add(file, p.line, "tool %d (%s): %s", i+1, t.Name, p.msg)
		}
		if len(problems) == 0 {
			c.Tools = append(c.Tools, t)
		}
	}
	checkNames(file, c.Tools, langChainLines(list), &errs)
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return c, nil
}

type problem struct {
	line int
	msg  string
}

func langChainLines(list *node) map[string][]int {
	lines := map[string][]int{}
	for _, elem := range list.items {
		if name, ok := elem.get("function").get("name").text(); ok {
			lines[name] = append(lines[name], elem.line)
		}
	}
	return lines
}

func langChainTool(elem *node) (Tool, []problem) {
	var ps []problem
	add := func(line int, format string, args ...any) {
		ps = append(ps, problem{line, fmt.Sprintf(format, args...)})
	}
	t := Tool{Origin: Origin{Form: FormLangChain}}
	if elem.kind != objectNode {
		add(elem.line, "is a %s, want an object", elem.kind)
		return t, ps
	}
	if typ := elem.get("type"); typ != nil {
		if s, _ := typ.text(); s != "function" {
			add(typ.line, `type is not "function"`)
		}
	}
	fn := elem.get("function")
	if fn == nil || fn.kind != objectNode {
		add(elem.line, `no "function" object`)
		return t, ps
	}
	name, ok := fn.get("name").text()
	if !ok || name == "" {
		add(fn.keyLine("name"), "the function has no name")
	}
	t.Name = name
	if d := fn.get("description"); d != nil {
		if t.Description, ok = d.text(); !ok && d.kind != nullNode {
			add(d.line, "description is not a string")
		}
	}
	if p := fn.get("parameters"); p != nil && p.kind != nullNode {
		if p.kind != objectNode {
			add(p.line, "parameters is a %s, want a JSON Schema object", p.kind)
		} else if raw, err := p.toJSON(); err != nil {
			add(p.line, "parameters: %v", err)
		} else {
			t.InputSchema = raw
		}
	}
	if tags := elem.get("tags"); tags != nil && tags.kind != arrayNode && tags.kind != nullNode {
		add(tags.line, "tags is a %s, want an array", tags.kind)
	}
	meta := elem.get("metadata")
	readOnly, readOnlyDeclared := false, false
	if meta != nil && meta.kind != nullNode {
		obj, err := meta.rawObject()
		if err != nil {
			add(meta.line, "metadata %v", err)
			return t, ps
		}
		var problems []string
		readOnly, problems = decodeDeclarations(obj, &t.Declarations)
		problems = append(problems, decodeHints(obj, &t.Annotations)...)
		for _, p := range problems {
			add(meta.line, "metadata %s", p)
		}
		readOnlyDeclared = meta.get("read_only") != nil || meta.get("readOnly") != nil
		if raw, err := meta.toJSON(); err == nil {
			t.Meta = raw
		}
	}
	t.Kind, t.KindRule = langChainKind(t.Annotations, readOnly, readOnlyDeclared)
	return t, ps
}

// langChainKind follows the MCP rules over the metadata: destructiveHint
// true makes a write, read_only or readOnlyHint true a read, and anything
// else a write.
func langChainKind(a Annotations, readOnly, readOnlyDeclared bool) (Kind, string) {
	switch {
	case a.DestructiveHint != nil && *a.DestructiveHint:
		return Write, "langchain:metadata.destructiveHint"
	case readOnly:
		return Read, "langchain:metadata.read_only"
	case a.ReadOnlyHint != nil && *a.ReadOnlyHint:
		return Read, "langchain:metadata.readOnlyHint"
	case readOnlyDeclared:
		return Write, "langchain:metadata.read_only"
	case a.ReadOnlyHint != nil:
		return Write, "langchain:metadata.readOnlyHint"
	}
	return Write, "langchain:unmarked"
}
