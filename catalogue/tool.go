// Package catalogue holds the tool model the router reads: tools with their
// MCP fields, whether each reads or writes and the rule that decided it, the
// declarations a tool makes beside its form, and the catalogue file that keeps
// them. It imports tools from the forms people already write them in, and
// reads the agent and gateway files that withdraw tools from service.
//
// # Forms
//
// Import and ImportFile read a catalogue file, an MCP tools/list answer
// (ParseMCP), an OpenAPI 3.0 or 3.1 document in JSON or YAML (ParseOpenAPI)
// or a LangChain tool list (ParseLangChain), telling them apart with
// DetectForm. ImportMCP lists the tools of a live MCP server, over streamable
// HTTP, HTTP with server-sent events or standard input and output.
// ImportTypeScript reads the exported functions of a TypeScript project from
// the declaration files its compiler wrote. Every importer names the file
// and line (or the server) of each problem, and one that finds any problem
// returns no catalogue, so nothing is written.
//
// # Reads and writes
//
// Whether a tool writes is never guessed in the direction that costs: an MCP
// tool is a read only where it says readOnlyHint: true (or read_only in
// _meta), a tool marked destructiveHint is a write whatever else it says, and
// an unmarked tool is a write. An OpenAPI GET, HEAD or OPTIONS operation is a
// read and every other method a write, unless the operation says
// x-stalwart-read: true. A LangChain tool is a read where its metadata says
// read_only or readOnlyHint. A TypeScript function says @read or @write in
// its doc comment, and one that says neither is an error
// (CodeToolKindUndeclared). Tool.KindRule names the rule that decided.
//
// # Declarations
//
// What a form cannot say, a tool declares beside it under the same names in
// every form (MCP annotations or _meta, an OpenAPI operation's x-stalwart
// object, LangChain metadata, TypeScript doc tags): its compensation, whether
// it is irreversible, its idempotency key, egress, reads_outside, the
// privilege it needs, its confirmation sentence, its domain, owner, version
// and side-effect class. They are kept in Tool.Declarations.
//
// # Concurrency
//
// Values of the types in this package are plain data: safe for concurrent
// reads, not for concurrent writes. Default returns a fresh copy each call.
package catalogue

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Kind says whether a tool only reads or may change something. The zero
// value, "", is no kind: a catalogue's tools are each Read or Write.
type Kind string

// The two kinds of tool. Every write is confirmed by a person before it runs.
const (
	Read  Kind = "read"
	Write Kind = "write"
)

// Tool is one tool of a catalogue: the MCP fields as declared, its kind with
// the rule that decided it, and the declarations it makes. The zero value is
// a tool with no name and no kind; Clone copies it safely.
type Tool struct {
	// Name is the tool's name as its form declares it (get_order, invoice.get).
	Name string `json:"name"`
	// Title is the optional human title.
	Title string `json:"title,omitempty"`
	// Description is the text written for the model.
	Description string `json:"description,omitempty"`
	// InputSchema is the JSON Schema of the arguments, as declared.
	InputSchema json.RawMessage `json:"inputSchema,omitempty"`
	// OutputSchema is the JSON Schema of the result, when declared.
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	// Annotations holds the four MCP hints; a nil hint was not declared. The
	// zero value declares no hint, so Effective gives the MCP defaults.
	Annotations Annotations `json:"annotations"`
	// Meta is the MCP _meta object as declared.
	Meta json.RawMessage `json:"_meta,omitempty"`
	// Kind is read or write.
	Kind Kind `json:"kind"`
	// KindRule names the rule that decided Kind, such as "mcp:readOnlyHint"
	// or "openapi:GET".
	KindRule string `json:"kindRule"`
	// Declarations are what the tool declares beside its form. The zero value
	// declares nothing: no compensation, no key, no flags.
	Declarations Declarations `json:"declarations,omitzero"`
	// Origin says where the tool came from. The zero value records no form
	// and no place.
	Origin Origin `json:"origin,omitzero"`
}

// Unmarked reports whether the tool's kind is its form's default, not a
// declaration: an MCP or LangChain tool with no read-only hint, a write
// (mcp:unmarked, langchain:unmarked) that says nothing of what it does.
func (t *Tool) Unmarked() bool {
	return strings.HasSuffix(t.KindRule, ":unmarked")
}

// Origin records the form and place a tool was imported from.
type Origin struct {
	// Form is mcp, openapi, langchain or typescript.
	Form string `json:"form,omitempty"`
	// Method and Path are the HTTP method and path of an OpenAPI operation.
	Method string `json:"method,omitempty"`
	Path   string `json:"path,omitempty"`
	// Summary is the OpenAPI operation's summary.
	Summary string `json:"summary,omitempty"`
	// NamedFromSummary is true when the operation had no operationId and
	// its action was taken from the summary and its object from the path.
	NamedFromSummary bool `json:"namedFromSummary,omitempty"`
	// Module is the TypeScript module a function is exported from: its
	// declaration file's path under the declarations folder, without .d.ts.
	Module string `json:"module,omitempty"`
}

// Annotations are the four MCP tool hints. A nil field was not declared;
// Effective applies the MCP defaults.
type Annotations struct {
	// Title is the annotations' human title.
	Title string `json:"title,omitempty"`
	// ReadOnlyHint says the tool does not change its environment.
	ReadOnlyHint *bool `json:"readOnlyHint,omitempty"`
	// DestructiveHint says a write may destroy or overwrite something.
	DestructiveHint *bool `json:"destructiveHint,omitempty"`
	// IdempotentHint says repeating a call with the same arguments has no
	// further effect.
	IdempotentHint *bool `json:"idempotentHint,omitempty"`
	// OpenWorldHint says the tool reaches beyond a closed domain.
	OpenWorldHint *bool `json:"openWorldHint,omitempty"`
}

// Hints are the four MCP hints with the defaults applied. The zero value has
// every hint false, which is not what Effective gives for undeclared hints
// (destructive and open-world).
type Hints struct {
	// ReadOnly, Destructive, Idempotent and OpenWorld are the four hints
	// of Annotations.
	ReadOnly    bool `json:"readOnlyHint"`
	Destructive bool `json:"destructiveHint"`
	Idempotent  bool `json:"idempotentHint"`
	OpenWorld   bool `json:"openWorldHint"`
}

// Effective returns the hints with MCP's defaults for the ones not declared:
// readOnlyHint false, destructiveHint true, idempotentHint false,
// openWorldHint true.
func (a Annotations) Effective() Hints {
	pick := func(p *bool, def bool) bool {
		if p == nil {
			return def
		}
		return *p
	}
	return Hints{
		ReadOnly:    pick(a.ReadOnlyHint, false),
		Destructive: pick(a.DestructiveHint, true),
		Idempotent:  pick(a.IdempotentHint, false),
		OpenWorld:   pick(a.OpenWorldHint, true),
	}
}

// Declarations are what a tool declares beside its form: in MCP annotations
// or _meta, an OpenAPI operation's x-stalwart object, or LangChain metadata,
// under the same names.
type Declarations struct {
	// Compensation is the call that undoes this tool. The zero value names no
	// tool and so undoes nothing.
	Compensation *Compensation `json:"compensation,omitempty"`
	// Irreversible says the tool cannot be undone.
	Irreversible bool `json:"irreversible,omitempty"`
	// IdempotencyKey names the argument or header that makes a retry safe.
	IdempotencyKey string `json:"idempotency_key,omitempty"`
	// Egress says the tool sends data out.
	Egress bool `json:"egress,omitempty"`
	// ReadsOutside says the tool reads text from outside.
	ReadsOutside bool `json:"reads_outside,omitempty"`
	// Privilege is the scope the tool needs.
	Privilege string `json:"privilege,omitempty"`
	// Confirmation is the sentence a person is shown before a write runs.
	Confirmation string `json:"confirmation,omitempty"`
	// Domain is models, connectors or agents.
	Domain string `json:"domain,omitempty"`
	// Owner is who answers for the tool.
	Owner string `json:"owner,omitempty"`
	// Version is the tool's version.
	Version string `json:"version,omitempty"`
	// SideEffect is the side-effect class (R0, R1, W1, W2, W3).
	SideEffect string `json:"side_effect,omitempty"`
}

// Compensation is the call that undoes a write: a tool and its arguments,
// where a value "$args.NAME" stands for the argument NAME of the original call.
type Compensation struct {
	// Tool names the tool that undoes the write.
	Tool string `json:"tool"`
	// Arguments are its arguments: values, or "$args.NAME" templates.
	Arguments map[string]any `json:"arguments,omitempty"`
}

// String writes the compensation as a call: tool(name: value, ...), the
// arguments in name order.
func (c *Compensation) String() string {
	keys := make([]string, 0, len(c.Arguments))
	for k := range c.Arguments {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	args := make([]string, len(keys))
	for i, k := range keys {
		args[i] = fmt.Sprintf("%s: %v", k, c.Arguments[k])
	}
	return fmt.Sprintf("%s(%s)", c.Tool, strings.Join(args, ", "))
}

// Catalogue is a set of tools in a stable order: the order of the source.
// The zero Catalogue is an empty catalogue, ready to use (written, it has
// the current format); a nil *Catalogue is not. A Catalogue is plain data:
// safe for concurrent reads, not for concurrent writes.
type Catalogue struct {
	// Format is the catalogue file's format version.
	Format int `json:"format"`
	// Source names where the catalogue was imported from.
	Source string `json:"source,omitempty"`
	// Tools are the tools, in the order of their source.
	Tools []Tool `json:"tools"`
}

// FormatVersion is the catalogue file format this package writes.
const FormatVersion = 1

// Tool returns the tool with the given name, or nil.
func (c *Catalogue) Tool(name string) *Tool {
	for i := range c.Tools {
		if c.Tools[i].Name == name {
			return &c.Tools[i]
		}
	}
	return nil
}

// Clone returns a deep copy of the catalogue, which the caller may change
// without changing c.
func (c *Catalogue) Clone() *Catalogue {
	if c == nil {
		return nil
	}
	out := *c
	out.Tools = make([]Tool, len(c.Tools))
	for i, t := range c.Tools {
		out.Tools[i] = t.Clone()
	}
	if c.Tools == nil {
		out.Tools = nil
	}
	return &out
}

// Clone returns a deep copy of the tool.
func (t Tool) Clone() Tool {
	t.InputSchema = bytes.Clone(t.InputSchema)
	t.OutputSchema = bytes.Clone(t.OutputSchema)
	t.Meta = bytes.Clone(t.Meta)
	t.Annotations = t.Annotations.clone()
	t.Declarations.Compensation = t.Declarations.Compensation.clone()
	return t
}

func (a Annotations) clone() Annotations {
	cp := func(p *bool) *bool {
		if p == nil {
			return nil
		}
		v := *p
		return &v
	}
	a.ReadOnlyHint = cp(a.ReadOnlyHint)
	a.DestructiveHint = cp(a.DestructiveHint)
	a.IdempotentHint = cp(a.IdempotentHint)
	a.OpenWorldHint = cp(a.OpenWorldHint)
	return a
}

func (c *Compensation) clone() *Compensation {
	if c == nil {
		return nil
	}
	out := &Compensation{Tool: c.Tool}
	if c.Arguments != nil {
		out.Arguments = deepCopy(c.Arguments).(map[string]any)
	}
	return out
}

// deepCopy copies a decoded JSON value.
func deepCopy(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[k] = deepCopy(e)
		}
		return m
	case []any:
		s := make([]any, len(v))
		for i, e := range v {
			s[i] = deepCopy(e)
		}
		return s
	}
	return v
}
