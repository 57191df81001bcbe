package catalogue

import (
	"bytes"
	"encoding/json"
)

// The forms DetectForm names.
const (
	FormCatalogue = "catalogue"
	FormMCP       = "mcp"
	FormOpenAPI   = "openapi"
	FormLangChain = "langchain"
	FormUnknown   = "unknown"
)

// ImportFile reads a catalogue source from a file of at most MaxFileBytes,
// whatever its form: a catalogue file, an MCP tools/list answer, an OpenAPI
// 3.0 or 3.1 document (JSON or YAML) or a LangChain tool list. Errors name
// the file and line.
// TypeScript projects are read by ImportTypeScript and live MCP servers by
// ImportMCP.
func ImportFile(path string) (*Catalogue, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	return Import(path, data)
}

// Import reads a catalogue source from its bytes; file names it in errors.
// A UTF-8 byte order mark before the document is ignored.
func Import(file string, data []byte) (*Catalogue, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	switch DetectForm(data) {
	case FormCatalogue:
		return Unmarshal(file, data)
	case FormMCP:
		return ParseMCP(file, data)
	case FormOpenAPI:
		return ParseOpenAPI(file, data)
	case FormLangChain:
		return ParseLangChain(file, data)
	}
	// Say what is wrong with the file where it is malformed: the tree
	// reader, then the decoder the forms are told apart with, whose limits
	// (such as its depth) the tree reader does not share.
	if _, err := parseTree(file, data); err != nil {
		return nil, err
	}
	if looksLikeJSON(data) {
		var v json.RawMessage
		if err := json.Unmarshal(data, &v); err != nil {
			return nil, jsonError(file, data, err)
		}
	}
	return nil, &Error{File: file, Line: 1, Msg: "not a catalogue source: want a catalogue file, an MCP tools/list answer, an OpenAPI 3.0 or 3.1 document or a LangChain tool list"}
}

// DetectForm names the form of a source: FormCatalogue, FormMCP,
// FormOpenAPI, FormLangChain, or FormUnknown. It looks at the top of the
// document only; the importer of the form checks the rest.
func DetectForm(data []byte) string {
	if !looksLikeJSON(data) {
		root, err := parseYAMLTree("", data)
		if err != nil || root.kind != objectNode {
			return FormUnknown
		}
		if root.get("openapi") != nil || root.get("swagger") != nil {
			return FormOpenAPI
		}
		return FormUnknown
	}
	data = bytes.TrimLeft(data, " \t\r\n\ufeff")
	if data[0] == '[' {
		var list []json.RawMessage
		if json.Unmarshal(data, &list) != nil {
			return FormUnknown
		}
		return listForm(list)
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil {
		return FormUnknown
	}
	if top["openapi"] != nil || top["swagger"] != nil {
		return FormOpenAPI
	}
	if IsCatalogueFile(data) {
		return FormCatalogue
	}
	if raw, ok := top["tools"]; ok {
		var list []json.RawMessage
		if json.Unmarshal(raw, &list) != nil {
			return FormMCP // ParseMCP says what is wrong with the list
		}
		return listForm(list)
	}
	if top["result"] != nil {
		return FormMCP
	}
	return FormUnknown
}

// listForm tells a LangChain tool list (elements with a "function" object)
// from an MCP one by its first element.
func listForm(list []json.RawMessage) string {
	if len(list) == 0 {
		return FormMCP
	}
	var first map[string]json.RawMessage
	if json.Unmarshal(list[0], &first) != nil {
		return FormMCP
	}
	if _, ok := first["function"]; ok {
		return FormLangChain
	}
	return FormMCP
}
