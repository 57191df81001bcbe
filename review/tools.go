package review

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/stalwart-agents/stalwart/catalogue"
)

// ToolRef names a tool added or removed, with its kind and description. The
// zero value names no tool and no kind.
type ToolRef struct {
	// Name is the tool's name.
	Name string `json:"name"`
	// Kind is read or write.
	Kind catalogue.Kind `json:"kind"`
	// Description is the tool's description.
	Description string `json:"description,omitempty"`
}

// Rename is a tool removed and one added that are the same tool: their
// schemas and descriptions stay nearly the same. The zero value names neither
// tool.
type Rename struct {
	// Old is the tool's name in the old catalogue.
	Old string `json:"old"`
	// New is its name in the new one.
	New string `json:"new"`
}

// FieldChange is one field of a tool that changed. The zero value names no
// field and no values.
type FieldChange struct {
	// Field names it: title, description, input_schema, output_schema,
	// one of the annotations' hints (readOnlyHint) or a declaration
	// (compensation, idempotency_key).
	Field string `json:"field"`
	// Old and New are its values, written for a person; "unset" when
	// it has none.
	Old string `json:"old"`
	New string `json:"new"`
	// Detail says what changed within it, for a schema ("property
	// amount added (number)").
	Detail []string `json:"detail,omitempty"`
}

// ToolChange is a tool both catalogues hold, perhaps under another name,
// and what changed in it. The zero value names no tool and no change.
type ToolChange struct {
	// Tool is the tool's name in the new catalogue.
	Tool string `json:"tool"`
	// OldName is its name in the old catalogue, where it was renamed.
	OldName string `json:"old_name,omitempty"`
	// Changes are the fields that changed, in the order of the tool
	// model: title, description, schemas, hints, declarations.
	Changes []FieldChange `json:"changes"`
}

// KindChange is a tool that was a read and is a write, or the other way. The
// zero value names no tool and no kinds.
type KindChange struct {
	// Tool is the tool's name in the new catalogue.
	Tool string `json:"tool"`
	// OldName is its name in the old catalogue, where it was renamed.
	OldName string `json:"old_name,omitempty"`
	// From and To are its old and new kinds.
	From catalogue.Kind `json:"from"`
	To   catalogue.Kind `json:"to"`
	// OldRule and NewRule name the rules that decided each kind.
	OldRule string `json:"old_rule"`
	NewRule string `json:"new_rule"`
	// Confirmation says what it means for a call of the tool: a person
	// must now confirm it, or no longer does.
	Confirmation string `json:"confirmation"`
}

// ReadToWrite reports whether a read became a write.
func (k KindChange) ReadToWrite() bool { return k.From == catalogue.Read && k.To == catalogue.Write }

// DeclarationLoss is a declaration a tool made and no longer makes. The zero
// value names no tool and no declaration.
type DeclarationLoss struct {
	// Tool is the tool's name in the new catalogue.
	Tool string `json:"tool"`
	// Declaration names it: compensation, irreversible,
	// idempotency_key, or idempotency (the tool was retry-safe by an
	// idempotentHint or an idempotency_key argument, and is not).
	Declaration string `json:"declaration"`
	// Was is what it declared.
	Was string `json:"was"`
}

// The confirmations a kind change means.
const (
	confirmNow      = "every call now needs a person's confirmation"
	confirmNoLonger = "its calls no longer need a person's confirmation"
)

// toolDiff is what changed between the tools of two catalogues.
type toolDiff struct {
	added    []ToolRef
	removed  []ToolRef
	renamed  []Rename
	changed  []ToolChange
	kinds    []KindChange
	lost     []DeclarationLoss
	newName  map[string]string // old name -> new name, for renamed tools
	oldName  map[string]string // new name -> old name
	oldTools map[string]*catalogue.Tool
	newTools map[string]*catalogue.Tool
}

// The similarity a removed and an added tool's description and schema
// must each reach for the two to be one tool renamed.
const renameSimilarity = 0.8

// diffTools compares the tools of two catalogues, in the new catalogue's
// order (removed tools in the old one's).
func diffTools(oldCat, newCat *catalogue.Catalogue) *toolDiff {
	d := &toolDiff{newName: map[string]string{}, oldName: map[string]string{},
		oldTools: byName(oldCat), newTools: byName(newCat)}
	var gone, fresh []*catalogue.Tool
	for i := range oldCat.Tools {
		if t := &oldCat.Tools[i]; d.newTools[t.Name] == nil {
			gone = append(gone, t)
		}
	}
	for i := range newCat.Tools {
		if t := &newCat.Tools[i]; d.oldTools[t.Name] == nil {
			fresh = append(fresh, t)
		}
	}
	d.findRenames(gone, fresh)

	for i := range newCat.Tools {
		u := &newCat.Tools[i]
		if d.oldTools[u.Name] != nil && seenBefore(newCat, i) {
			continue
		}
		old := d.oldTools[u.Name]
		oldName := ""
		if o, ok := d.oldName[u.Name]; ok {
			old, oldName = d.oldTools[o], o
		}
		if old == nil {
			d.added = append(d.added, ToolRef{Name: u.Name, Kind: u.Kind, Description: u.Description})
			continue
		}
		if old.Kind != u.Kind {
			k := KindChange{Tool: u.Name, OldName: oldName, From: old.Kind, To: u.Kind, OldRule: old.KindRule, NewRule: u.KindRule}
			switch {
			case u.Kind == catalogue.Write:
				k.Confirmation = confirmNow
			case old.Kind == catalogue.Write:
				k.Confirmation = confirmNoLonger
			}
			d.kinds = append(d.kinds, k)
		}
		if cs := fieldChanges(old, u); len(cs) > 0 {
			d.changed = append(d.changed, ToolChange{Tool: u.Name, OldName: oldName, Changes: cs})
		}
		d.lost = append(d.lost, lostDeclarations(old, u)...)
	}
	for _, t := range gone {
		if _, ok := d.newName[t.Name]; !ok {
			d.removed = append(d.removed, ToolRef{Name: t.Name, Kind: t.Kind, Description: t.Description})
		}
	}
	// A read that became a write first: it is the change a reviewer
	// must look at.
	sort.SliceStable(d.kinds, func(i, j int) bool { return d.kinds[i].ReadToWrite() && !d.kinds[j].ReadToWrite() })
	return d
}

// seenBefore reports whether the tool at i has a name an earlier tool of
// the catalogue has (a duplicate, which the lints report).
func seenBefore(c *catalogue.Catalogue, i int) bool {
	for j := range i {
		if c.Tools[j].Name == c.Tools[i].Name {
			return true
		}
	}
	return false
}

func byName(c *catalogue.Catalogue) map[string]*catalogue.Tool {
	m := make(map[string]*catalogue.Tool, len(c.Tools))
	for i := range c.Tools {
		if _, dup := m[c.Tools[i].Name]; !dup {
			m[c.Tools[i].Name] = &c.Tools[i]
		}
	}
	return m
}

// findRenames pairs removed and added tools whose input schemas and
// descriptions are each at least renameSimilarity alike, whatever their
// names: the most alike pair first, then in catalogue order. Two tools
// with neither a description nor a parameter are never paired: nothing
// says they are the same.
func (d *toolDiff) findRenames(gone, fresh []*catalogue.Tool) {
	type pair struct {
		g, f int
		sim  float64
	}
	var pairs []pair
	for i, g := range gone {
		for j, f := range fresh {
			gs, fs := schemaTerms(g.InputSchema), schemaTerms(f.InputSchema)
			if g.Description == "" && f.Description == "" && len(gs) == 0 && len(fs) == 0 {
				continue
			}
			ds, ss := textSimilarity(g.Description, f.Description), setSimilarity(gs, fs)
			if ds >= renameSimilarity && ss >= renameSimilarity {
				pairs = append(pairs, pair{i, j, ds + ss})
			}
		}
	}
	sort.SliceStable(pairs, func(a, b int) bool { return pairs[a].sim > pairs[b].sim })
	usedG, usedF := map[int]bool{}, map[int]bool{}
	for _, p := range pairs {
		if usedG[p.g] || usedF[p.f] {
			continue
		}
		usedG[p.g], usedF[p.f] = true, true
		d.newName[gone[p.g].Name] = fresh[p.f].Name
		d.oldName[fresh[p.f].Name] = gone[p.g].Name
	}
	for _, f := range fresh {
		if o, ok := d.oldName[f.Name]; ok {
			d.renamed = append(d.renamed, Rename{Old: o, New: f.Name})
		}
	}
}

// words returns the lower-cased words of a text.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// textSimilarity is the Dice coefficient of two texts' words, counted
// with repeats: 1 for the same words, 0 for none in common.
func textSimilarity(a, b string) float64 {
	wa, wb := words(a), words(b)
	if len(wa)+len(wb) == 0 {
		return 1
	}
	count := map[string]int{}
	for _, w := range wa {
		count[w]++
	}
	common := 0
	for _, w := range wb {
		if count[w] > 0 {
			count[w]--
			common++
		}
	}
	return 2 * float64(common) / float64(len(wa)+len(wb))
}

// setSimilarity is the Jaccard index of two sets: 1 when both are empty.
func setSimilarity(a, b map[string]bool) float64 {
	if len(a)+len(b) == 0 {
		return 1
	}
	common := 0
	for k := range a {
		if b[k] {
			common++
		}
	}
	return float64(common) / float64(len(a)+len(b)-common)
}

// schema is the part of an input schema a review compares.
type schema struct {
	Properties map[string]json.RawMessage `json:"properties"`
	Required   []string                   `json:"required"`
}

func decodeSchema(raw json.RawMessage) (schema, bool) {
	var s schema
	if len(bytes.TrimSpace(raw)) == 0 {
		return s, true
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return s, false
	}
	return s, true
}

// propertyType returns a property's type, or "any".
func propertyType(raw json.RawMessage) string {
	var p struct {
		Type any `json:"type"`
	}
	if json.Unmarshal(raw, &p) != nil || p.Type == nil {
		return "any"
	}
	if s, ok := p.Type.(string); ok {
		return s
	}
	b, err := json.Marshal(p.Type)
	if err != nil {
		return "any"
	}
	return string(b)
}

// schemaTerms returns an input schema's parameters as terms: name:type
// for each property, name! for each required one.
func schemaTerms(raw json.RawMessage) map[string]bool {
	s, ok := decodeSchema(raw)
	terms := map[string]bool{}
	if !ok {
		terms[string(raw)] = true
		return terms
	}
	for name, p := range s.Properties {
		terms[name+":"+propertyType(p)] = true
	}
	for _, name := range s.Required {
		terms[name+"!"] = true
	}
	return terms
}

// compactJSON returns a JSON value in a canonical compact form (object
// keys sorted), or its bytes as they are when it is malformed.
func compactJSON(raw json.RawMessage) string {
	if len(bytes.TrimSpace(raw)) == 0 {
		return ""
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return string(raw)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return string(raw)
	}
	return string(b)
}

// schemaDetail says what changed between two input schemas, property by
// property.
func schemaDetail(oldRaw, newRaw json.RawMessage) []string {
	o, ok1 := decodeSchema(oldRaw)
	n, ok2 := decodeSchema(newRaw)
	if !ok1 || !ok2 {
		return nil
	}
	var out []string
	names := map[string]bool{}
	for k := range o.Properties {
		names[k] = true
	}
	for k := range n.Properties {
		names[k] = true
	}
	sorted := make([]string, 0, len(names))
	for k := range names {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	req := func(list []string, name string) bool {
		for _, r := range list {
			if r == name {
				return true
			}
		}
		return false
	}
	for _, k := range sorted {
		op, inOld := o.Properties[k]
		np, inNew := n.Properties[k]
		switch {
		case !inOld:
			s := fmt.Sprintf("property %s added (%s)", k, propertyType(np))
			if req(n.Required, k) {
				s += ", required"
			}
			out = append(out, s)
			continue
		case !inNew:
			out = append(out, fmt.Sprintf("property %s removed", k))
			continue
		case propertyType(op) != propertyType(np):
			out = append(out, fmt.Sprintf("property %s: type %s -> %s", k, propertyType(op), propertyType(np)))
		case compactJSON(op) != compactJSON(np):
			out = append(out, fmt.Sprintf("property %s: %s -> %s", k, compactJSON(op), compactJSON(np)))
		}
		switch ro, rn := req(o.Required, k), req(n.Required, k); {
		case ro && !rn:
			out = append(out, fmt.Sprintf("property %s no longer required", k))
		case !ro && rn:
			out = append(out, fmt.Sprintf("property %s now required", k))
		}
	}
	return out
}

// fieldChanges lists what changed between two versions of a tool.
func fieldChanges(o, n *catalogue.Tool) []FieldChange {
	var out []FieldChange
	text := func(field, a, b string) {
		if a != b {
			out = append(out, FieldChange{Field: field, Old: orUnset(a), New: orUnset(b)})
		}
	}
	text("title", o.Title, n.Title)
	text("description", o.Description, n.Description)
	if a, b := compactJSON(o.InputSchema), compactJSON(n.InputSchema); a != b {
		out = append(out, FieldChange{Field: "input_schema", Old: orUnset(a), New: orUnset(b), Detail: schemaDetail(o.InputSchema, n.InputSchema)})
	}
	text("output_schema", compactJSON(o.OutputSchema), compactJSON(n.OutputSchema))
	oa, na := o.Annotations, n.Annotations
	for _, h := range []struct {
		name string
		a, b *bool
	}{
		{"readOnlyHint", oa.ReadOnlyHint, na.ReadOnlyHint},
		{"destructiveHint", oa.DestructiveHint, na.DestructiveHint},
		{"idempotentHint", oa.IdempotentHint, na.IdempotentHint},
		{"openWorldHint", oa.OpenWorldHint, na.OpenWorldHint},
	} {
		text(h.name, hint(h.a), hint(h.b))
	}
	od, nd := declarations(o.Declarations), declarations(n.Declarations)
	for i := range od {
		text(od[i].name, od[i].value, nd[i].value)
	}
	return out
}

func orUnset(s string) string {
	if s == "" {
		return "unset"
	}
	return s
}

func hint(b *bool) string {
	if b == nil {
		return ""
	}
	return fmt.Sprint(*b)
}

// declaration is one declaration of a tool, written for a person; "" when
// the tool does not make it.
type declaration struct {
	name, value string
}

// declarations lists every declaration a tool can make, in the order of
// spec 000.
func declarations(d catalogue.Declarations) []declaration {
	flag := func(on bool) string {
		if on {
			return "true"
		}
		return ""
	}
	comp := ""
	if c := d.Compensation; c != nil {
		comp = c.String()
	}
	return []declaration{
		{"compensation", comp},
		{"irreversible", flag(d.Irreversible)},
		{"idempotency_key", d.IdempotencyKey},
		{"egress", flag(d.Egress)},
		{"reads_outside", flag(d.ReadsOutside)},
		{"privilege", d.Privilege},
		{"confirmation", d.Confirmation},
		{"domain", d.Domain},
		{"owner", d.Owner},
		{"version", d.Version},
		{"side_effect", d.SideEffect},
	}
}

// lostDeclarations lists what a write's old version declared to make it
// safe and its new version does not: its compensation, that it is
// irreversible, its idempotency (a key, a hint or an argument). A tool
// that is now a read needs none of them.
func lostDeclarations(o, n *catalogue.Tool) []DeclarationLoss {
	if n.Kind != catalogue.Write {
		return nil
	}
	var out []DeclarationLoss
	od, nd := declarations(o.Declarations), declarations(n.Declarations)
	for i := range od {
		switch od[i].name {
		case "compensation", "irreversible", "idempotency_key":
			if od[i].value != "" && nd[i].value == "" {
				out = append(out, DeclarationLoss{Tool: n.Name, Declaration: od[i].name, Was: od[i].value})
			}
		}
	}
	if o.Declarations.IdempotencyKey == "" && catalogue.RetrySafe(o) && !catalogue.RetrySafe(n) {
		was := "an idempotency_key argument"
		if h := o.Annotations.IdempotentHint; h != nil && *h {
			was = "idempotentHint: true"
		}
		out = append(out, DeclarationLoss{Tool: n.Name, Declaration: "idempotency", Was: was})
	}
	return out
}
