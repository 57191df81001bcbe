package catalogue

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// declarationNames maps every accepted spelling of a declaration to its
// canonical name. The canonical names are those of spec 000; the camelCase
// spellings are accepted because JavaScript tooling writes them.
var declarationNames = map[string]string{
	"compensation":    "compensation",
	"irreversible":    "irreversible",
	"idempotency_key": "idempotency_key",
	"idempotencyKey":  "idempotency_key",
	"egress":          "egress",
	"reads_outside":   "reads_outside",
	"readsOutside":    "reads_outside",
	"privilege":       "privilege",
	"scope":           "privilege",
	"confirmation":    "confirmation",
	"domain":          "domain",
	"owner":           "owner",
	"version":         "version",
	"side_effect":     "side_effect",
	"sideEffect":      "side_effect",
	"read_only":       "read_only",
	"readOnly":        "read_only",
}

// decodeDeclarations reads the declarations from a JSON object (MCP _meta or
// annotations, an OpenAPI x-stalwart object, LangChain metadata). Keys it does
// not know are left alone: such objects carry other things too. It returns
// the declarations, whether read_only was declared true, and the problems
// found, each as a message.
func decodeDeclarations(obj map[string]json.RawMessage, into *Declarations) (readOnly bool, problems []string) {
	// Sorted keys keep the problems in the same order on every run.
	keys := make([]string, 0, len(obj))
	for key := range obj {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		raw := obj[key]
		name, ok := declarationNames[key]
		if !ok {
			continue
		}
		var err error
		switch name {
		case "compensation":
			into.Compensation, err = decodeCompensation(raw)
		case "irreversible":
			err = json.Unmarshal(raw, &into.Irreversible)
		case "idempotency_key":
			err = json.Unmarshal(raw, &into.IdempotencyKey)
		case "egress":
			err = json.Unmarshal(raw, &into.Egress)
		case "reads_outside":
			err = json.Unmarshal(raw, &into.ReadsOutside)
		case "privilege":
			err = json.Unmarshal(raw, &into.Privilege)
		case "confirmation":
			err = json.Unmarshal(raw, &into.Confirmation)
		case "domain":
			if err = json.Unmarshal(raw, &into.Domain); err == nil {
				err = checkDomain(into.Domain)
			}
		case "owner":
			err = json.Unmarshal(raw, &into.Owner)
		case "version":
			into.Version, err = decodeVersion(raw)
		case "side_effect":
			if err = json.Unmarshal(raw, &into.SideEffect); err == nil {
				into.SideEffect, err = checkSideEffect(into.SideEffect)
			}
		case "read_only":
			err = json.Unmarshal(raw, &readOnly)
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("declaration %s: %v", key, simplifyJSONError(err)))
		}
	}
	return readOnly, problems
}

func decodeCompensation(raw json.RawMessage) (*Compensation, error) {
	var name string
	if json.Unmarshal(raw, &name) == nil {
		if name == "" {
			return nil, fmt.Errorf("names no tool")
		}
		return &Compensation{Tool: name}, nil
	}
	var c Compensation
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, err
	}
	if c.Tool == "" {
		return nil, fmt.Errorf("names no tool")
	}
	return &c, nil
}

func decodeVersion(raw json.RawMessage) (string, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		return "", err
	}
	return n.String(), nil
}

// Domains are the tool families of the catalog query (spec 003).
var Domains = []string{"models", "connectors", "agents"}

func checkDomain(d string) error {
	for _, ok := range Domains {
		if d == ok {
			return nil
		}
	}
	return fmt.Errorf("domain %q, want one of %s", d, strings.Join(Domains, ", "))
}

// SideEffectClasses are the side-effect classes of the tool entry template
// (spec 004): R0 and R1 read (R1 reads content from outside, which is
// untrusted), W1 to W3 write, with growing cost when wrong.
var SideEffectClasses = []string{"R0", "R1", "W1", "W2", "W3"}

// checkSideEffect accepts a side-effect class in either case and returns it
// in upper case.
func checkSideEffect(c string) (string, error) {
	up := strings.ToUpper(strings.TrimSpace(c))
	for _, ok := range SideEffectClasses {
		if up == ok {
			return up, nil
		}
	}
	return c, fmt.Errorf("side-effect class %q, want one of %s", c, strings.Join(SideEffectClasses, ", "))
}

// hintNames are the four MCP hints, which forms other than MCP may declare
// beside their declarations under the same names.
var hintNames = []string{"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}

// decodeHints reads the four MCP hints from a declarations object (an
// OpenAPI x-stalwart object, LangChain metadata) into a, leaving undeclared
// ones nil. It returns the problems found, each as a message.
func decodeHints(obj map[string]json.RawMessage, a *Annotations) (problems []string) {
	for _, key := range hintNames {
		raw, ok := obj[key]
		if !ok || string(raw) == "null" {
			continue
		}
		var b bool
		if err := json.Unmarshal(raw, &b); err != nil {
			problems = append(problems, "hint "+key+" is not true or false")
			continue
		}
		switch key {
		case "readOnlyHint":
			a.ReadOnlyHint = &b
		case "destructiveHint":
			a.DestructiveHint = &b
		case "idempotentHint":
			a.IdempotentHint = &b
		case "openWorldHint":
			a.OpenWorldHint = &b
		}
	}
	return problems
}

func simplifyJSONError(err error) string {
	if t, ok := err.(*json.UnmarshalTypeError); ok {
		return fmt.Sprintf("is a JSON %s, want %s", t.Value, t.Type)
	}
	return err.Error()
}

// problems checks declarations decoded from a catalogue file, where the
// importers' checks did not run.
func (d Declarations) problems() []string {
	var out []string
	if d.Compensation != nil && d.Compensation.Tool == "" {
		out = append(out, "compensation names no tool")
	}
	if d.Domain != "" {
		if err := checkDomain(d.Domain); err != nil {
			out = append(out, err.Error())
		}
	}
	if d.SideEffect != "" {
		if c, err := checkSideEffect(d.SideEffect); err != nil || c != d.SideEffect {
			out = append(out, fmt.Sprintf("side-effect class %q, want one of %s", d.SideEffect, strings.Join(SideEffectClasses, ", ")))
		}
	}
	return out
}
