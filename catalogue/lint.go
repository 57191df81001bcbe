package catalogue

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
	"text/tabwriter"
)

// Severity says how much a finding of the linter matters: an error names a
// tool the router cannot route safely, a warning is advice. The zero value,
// "", is no severity: findings are errors or warnings.
type Severity string

// The severities of a finding.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// Group says which list a lint belongs to: the catalogue lints of spec 000,
// or the review checklist of the tool entry template (spec 004). The zero
// value, "", is no group: lints are in GroupLints or GroupChecklist.
type Group string

// The groups of lints, in the order a report shows them.
const (
	// GroupLints are the lints stalwart verify reports (spec 000): the
	// declarations of writes, tools the router cannot tell apart, names
	// read as grammar.
	GroupLints Group = "lints"
	// GroupChecklist is the review checklist of the tool entry template
	// (spec 004): names, descriptions, schemas, hints, idempotency keys.
	GroupChecklist Group = "checklist"
)

// The names of the lints. The lints of spec 000 keep the names it gives
// them; the checklist's are prefixed checklist_.
const (
	// LintToolKindUndeclared is a tool that says neither read nor write.
	LintToolKindUndeclared = CodeToolKindUndeclared
	// LintToolNameDuplicate is a name two tools of the catalogue share.
	LintToolNameDuplicate = "tool_name_duplicate"
	// LintToolsIndistinguishable is two tools the router cannot tell
	// apart: their plain turns reach each other or tie, and the router
	// reads both names alike, or no plain turn for one of them selects
	// it. The router reports it.
	LintToolsIndistinguishable = "tools_indistinguishable"
	// LintNameReadAsGrammar is a tool whose name the grammar reads as
	// grammar words only ("please", "and_then", "what_is"). The router
	// reports it.
	LintNameReadAsGrammar = "name_read_as_grammar"
	// LintCompensationToolMissing is a compensation that names a tool the
	// catalogue does not hold.
	LintCompensationToolMissing = "compensation_tool_missing"

	// LintWithdrawnToolUnknown is a name an agent or gateway file withdraws
	// that no tool of the catalogue has: a typo there leaves the tool it
	// meant selectable. See UnknownWithdrawn.
	LintWithdrawnToolUnknown = "withdrawn_tool_unknown"
	// LintWriteWithoutCompensation is a write neither compensated nor
	// marked irreversible.
	LintWriteWithoutCompensation = "write_without_compensation"
	// LintWriteNotRetrySafe is a write with no idempotency: no
	// idempotency key and idempotentHint not true.
	LintWriteNotRetrySafe = "write_not_retry_safe"
	// LintWriteWithoutResultSchema is a write with no outputSchema.
	LintWriteWithoutResultSchema = "write_without_result_schema"
	// LintCompensationNotRetrySafe is a write whose compensation is not
	// retry-safe.
	LintCompensationNotRetrySafe = "compensation_not_retry_safe"
	// LintPlainTurnAmbiguous is two tools some plain turns of one of them
	// cannot tell apart, though their names read differently and other
	// turns can. The router reports it.
	LintPlainTurnAmbiguous = "plain_turn_ambiguous"
	// LintToolUnreachable is a tool none of whose plain turns selects it,
	// and none reaches another tool either. The router reports it.
	LintToolUnreachable = "tool_unreachable"

	// LintChecklistName is a name outside MCP's constraints, off the
	// catalogue's naming convention, or made by the importer.
	LintChecklistName = "checklist_name"
	// LintChecklistDescription is a description that does not say what,
	// when, when not and what comes back, or says it in over 80 words.
	LintChecklistDescription = "checklist_description"
	// LintChecklistInputSchema is an input schema without
	// additionalProperties false, types or limits.
	LintChecklistInputSchema = "checklist_input_schema"
	// LintChecklistOutputSchema is a tool with no outputSchema.
	LintChecklistOutputSchema = "checklist_output_schema"
	// LintChecklistHintsImplicit is a hint left to MCP's default.
	LintChecklistHintsImplicit = "checklist_hints_implicit"
	// LintChecklistHintsInconsistent is a hint at odds with the tool's
	// kind, side-effect class or declarations.
	LintChecklistHintsInconsistent = "checklist_hints_inconsistent"
	// LintChecklistIdempotencyKey is a W1 or W2 tool with no idempotency
	// key.
	LintChecklistIdempotencyKey = "checklist_idempotency_key"
)

// LintInfo describes one lint: its name, severity, group, and what it
// means, as a report prints it. The zero value describes no lint.
type LintInfo struct {
	// Name is the lint's name, as reports print it.
	Name string `json:"name"`
	// Severity is the severity of its findings.
	Severity Severity `json:"severity"`
	// Group is the list it belongs to.
	Group Group `json:"group"`
	// Meaning says what a finding of it means.
	Meaning string `json:"meaning"`
}

// lintTable lists every lint in report order: the lints before the
// checklist, errors before warnings.
var lintTable = []LintInfo{
	{LintToolKindUndeclared, SeverityError, GroupLints, "a tool that says neither read nor write: its kind is never guessed"},
	{LintToolNameDuplicate, SeverityError, GroupLints, "two tools of the same name: a call names either"},
	{LintToolsIndistinguishable, SeverityError, GroupLints, "two tools the router cannot tell apart: a turn meant for one could reach the other"},
	{LintNameReadAsGrammar, SeverityError, GroupLints, "a name the grammar reads as grammar words only: no turn can name the tool"},
	{LintCompensationToolMissing, SeverityError, GroupLints, "a compensation that names a tool the catalogue does not hold"},
	{LintWithdrawnToolUnknown, SeverityWarning, GroupLints, "a withdrawn name no tool has: the tool it meant is still selectable"},
	{LintWriteWithoutCompensation, SeverityWarning, GroupLints, "a write neither compensated nor marked irreversible"},
	{LintWriteNotRetrySafe, SeverityWarning, GroupLints, "a write with no idempotency, so an ambiguous failure goes to a person"},
	{LintWriteWithoutResultSchema, SeverityWarning, GroupLints, "a write with no result schema, so its outcome could not be reported"},
	{LintCompensationNotRetrySafe, SeverityWarning, GroupLints, "'<undo>' undoes it and is not retry-safe"},
	{LintPlainTurnAmbiguous, SeverityWarning, GroupLints, "some plain turns for one tool reach another or tie with it; other turns tell them apart"},
	{LintToolUnreachable, SeverityWarning, GroupLints, "no plain turn for the tool selects it"},
	{LintChecklistName, SeverityWarning, GroupChecklist, "the name breaks MCP's constraints or the catalogue's naming convention"},
	{LintChecklistDescription, SeverityWarning, GroupChecklist, "the description does not say what, when, when not and what comes back, in under 80 words"},
	{LintChecklistInputSchema, SeverityWarning, GroupChecklist, "the input schema lacks additionalProperties: false, types or limits"},
	{LintChecklistOutputSchema, SeverityWarning, GroupChecklist, "no output schema for a structured result"},
	{LintChecklistHintsImplicit, SeverityWarning, GroupChecklist, "a hint left to MCP's default"},
	{LintChecklistHintsInconsistent, SeverityWarning, GroupChecklist, "a hint at odds with the tool's kind or side-effect class"},
	{LintChecklistIdempotencyKey, SeverityWarning, GroupChecklist, "a W1 or W2 tool with no idempotency key"},
}

// Lints returns every lint the linter reports, in report order.
func Lints() []LintInfo { return append([]LintInfo(nil), lintTable...) }

// LookupLint returns the lint of that name.
func LookupLint(name string) (LintInfo, bool) {
	for _, l := range lintTable {
		if l.Name == name {
			return l, true
		}
	}
	return LintInfo{}, false
}

func lintRank(name string) int {
	for i, l := range lintTable {
		if l.Name == name {
			return i
		}
	}
	return len(lintTable)
}

// Finding is one thing the linter found: a lint, the tool or tools it is
// about, and what it means for them. The zero value is an empty finding,
// naming no lint and no tool.
type Finding struct {
	// Lint names the lint, such as write_not_retry_safe.
	Lint string `json:"lint"`
	// Severity is error or warning.
	Severity Severity `json:"severity"`
	// Group is lints or checklist.
	Group Group `json:"group"`
	// Tools names the tool, or both tools of a pair.
	Tools []string `json:"tools"`
	// Message says what the finding means for the tool, for a person.
	Message string `json:"message"`
	// Turn is, for tools the router cannot tell apart, the smallest plain
	// turn that reaches the wrong tool or ties them.
	Turn string `json:"turn,omitempty"`
	// Shared are the concepts the two tools' names share.
	Shared []string `json:"shared,omitempty"`
	// Fix says how to fix the finding, where there is more than one way.
	Fix string `json:"fix,omitempty"`
	// Languages are the languages of the turns that found it.
	Languages []string `json:"languages,omitempty"`
}

// NewFinding returns a finding of the named lint, with the lint's severity
// and group.
func NewFinding(lint, message string, tools ...string) Finding {
	info, ok := LookupLint(lint)
	if !ok {
		info = LintInfo{Name: lint, Severity: SeverityWarning, Group: GroupLints}
	}
	return Finding{Lint: lint, Severity: info.Severity, Group: info.Group, Tools: tools, Message: message}
}

// Report is what the linter found in a catalogue. A Report is plain data:
// safe for concurrent reads, not for concurrent writes. The zero Report is
// an empty report, ready for Add.
type Report struct {
	// Source names the catalogue.
	Source string `json:"source,omitempty"`
	// Tools counts the catalogue's tools.
	Tools int `json:"tools"`
	// Languages are the languages whose turns were routed, for the lints
	// the router reports.
	Languages []string `json:"languages,omitempty"`
	// Errors and Warnings count the findings of each severity.
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	// Findings are the findings, errors first, then by group and lint,
	// each lint's in catalogue order.
	Findings []Finding `json:"findings"`
}

// Add appends findings and counts them.
func (r *Report) Add(fs ...Finding) {
	for _, f := range fs {
		if f.Severity == SeverityError {
			r.Errors++
		} else {
			r.Warnings++
		}
		r.Findings = append(r.Findings, f)
	}
}

// Sort orders the findings: errors first, then the lints before the
// checklist, then by lint; the findings of one lint keep their order.
func (r *Report) Sort() {
	sort.SliceStable(r.Findings, func(i, j int) bool {
		a, b := r.Findings[i], r.Findings[j]
		if (a.Severity == SeverityError) != (b.Severity == SeverityError) {
			return a.Severity == SeverityError
		}
		if a.Group != b.Group {
			return a.Group == GroupLints
		}
		return lintRank(a.Lint) < lintRank(b.Lint)
	})
}

// HasErrors reports whether any finding is an error.
func (r *Report) HasErrors() bool { return r.Errors > 0 }

// Count returns the number of findings of a severity in a group.
func (r *Report) Count(g Group, s Severity) int {
	n := 0
	for _, f := range r.Findings {
		if f.Group == g && f.Severity == s {
			n++
		}
	}
	return n
}

// WriteText writes the report for a person: a summary line, then the
// lints (errors first) and the review checklist as tables of lint, tool
// and what it means. Tools a finding names twice over (a pair) have the
// turn, shared words and fix on the lines below.
func (r *Report) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	src := r.Source
	if src == "" {
		src = "catalogue"
	}
	langs := ""
	if len(r.Languages) > 0 {
		langs = " (turns in " + strings.Join(r.Languages, ", ") + ")"
	}
	fmt.Fprintf(tw, "%s: %d tools%s: %s, %s; review checklist: %s\n", src, r.Tools, langs,
		plural(r.Count(GroupLints, SeverityError)+r.Count(GroupChecklist, SeverityError), "error"),
		plural(r.Count(GroupLints, SeverityWarning), "warning"),
		plural(r.Count(GroupChecklist, SeverityWarning), "warning"))
	for _, g := range []struct {
		group Group
		title string
	}{{GroupLints, "Lints"}, {GroupChecklist, "Review checklist (spec 004)"}} {
		var rows []Finding
		for _, f := range r.Findings {
			if f.Group == g.group {
				rows = append(rows, f)
			}
		}
		if len(rows) == 0 {
			continue
		}
		fmt.Fprintf(tw, "\n%s\n", g.title)
		fmt.Fprintf(tw, "  severity\tlint\ttool\twhat it means\n")
		for _, f := range rows {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", f.Severity, f.Lint, strings.Join(f.Tools, ", "), f.Message)
			if f.Turn != "" {
				line := fmt.Sprintf("turn %q", f.Turn)
				if len(f.Languages) > 0 {
					line += " (" + strings.Join(f.Languages, ", ") + ")"
				}
				if len(f.Shared) > 0 {
					line += "; shared: " + strings.Join(f.Shared, ", ")
				}
				fmt.Fprintf(tw, "  \t\t\t%s\n", line)
			}
			if f.Fix != "" {
				fmt.Fprintf(tw, "  \t\t\tfix: %s\n", f.Fix)
			}
		}
	}
	return tw.Flush()
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Lint checks a catalogue's declarations and its entries against the
// review checklist, and returns the report sorted. The lints that need the
// router (tools it cannot tell apart, names read as grammar) are added by
// the router's Verify.
//
// The declaration lints (spec 000), on every write: a write neither
// compensated nor marked irreversible, a write with no idempotency (no
// idempotency key declared, no idempotency_key argument, and idempotentHint
// not true), a write with no outputSchema, and a compensation whose tool is
// not retry-safe. A tool of no kind, a name two tools share, and a
// compensation that names a tool the catalogue does not hold are errors.
//
// The review checklist (spec 004), as warnings: the name (MCP's 1 to 128
// characters of A-Z a-z 0-9 _ - ., the catalogue's naming convention, an
// operation with an operationId); the description (what, when, when not,
// what comes back, within 80 words); the input schema (additionalProperties
// false, a type and a limit on every property); an output schema; the
// hints (each meaningful hint declared: readOnlyHint and openWorldHint on
// every tool, destructiveHint and idempotentHint too on a write; and
// consistent with the kind, the side-effect class and the declarations);
// and an idempotency key on every W1 and W2 tool.
func Lint(c *Catalogue) *Report {
	r := &Report{Source: c.Source, Tools: len(c.Tools), Findings: []Finding{}}
	byName := make(map[string]*Tool, len(c.Tools))
	for i := range c.Tools {
		t := &c.Tools[i]
		if _, dup := byName[t.Name]; dup {
			r.Add(NewFinding(LintToolNameDuplicate, fmt.Sprintf("%q names two tools of the catalogue", t.Name), t.Name))
			continue
		}
		byName[t.Name] = t
	}
	for i := range c.Tools {
		t := &c.Tools[i]
		if t.Kind != Read && t.Kind != Write {
			r.Add(NewFinding(LintToolKindUndeclared, fmt.Sprintf("kind %q: the tool says neither read nor write, and its kind is never guessed", t.Kind), t.Name))
		}
		comp := t.Declarations.Compensation
		var undo *Tool
		if comp != nil {
			undo = byName[comp.Tool]
			if undo == nil {
				r.Add(NewFinding(LintCompensationToolMissing, fmt.Sprintf("its compensation names %q, which the catalogue does not hold", comp.Tool), t.Name))
			}
		}
		if t.Kind != Write {
			continue
		}
		if comp == nil && !t.Declarations.Irreversible {
			r.Add(NewFinding(LintWriteWithoutCompensation, "a write neither compensated nor marked irreversible", t.Name))
		}
		if !RetrySafe(t) {
			r.Add(NewFinding(LintWriteNotRetrySafe, "a write with no idempotency, so an ambiguous failure goes to a person", t.Name))
		}
		if !hasSchema(t.OutputSchema) {
			r.Add(NewFinding(LintWriteWithoutResultSchema, "a write with no result schema, so its outcome could not be reported", t.Name))
		}
		if undo != nil && !RetrySafe(undo) {
			r.Add(NewFinding(LintCompensationNotRetrySafe, fmt.Sprintf("'%s' undoes it and is not retry-safe", undo.Name), t.Name))
		}
	}
	checklist(c, r)
	r.Sort()
	return r
}

// RetrySafe reports whether a call of the tool may be repeated after an
// ambiguous failure: it declares an idempotency key, takes an
// idempotency_key argument, or says idempotentHint: true.
func RetrySafe(t *Tool) bool {
	if t.Declarations.IdempotencyKey != "" {
		return true
	}
	if h := t.Annotations.IdempotentHint; h != nil && *h {
		return true
	}
	return hasIdempotencyArgument(t)
}

func hasIdempotencyArgument(t *Tool) bool {
	s, ok := decodeSchema(t.InputSchema)
	if !ok {
		return false
	}
	props, _ := s["properties"].(map[string]any)
	for name := range props {
		if key := strings.Join(NameWords(name), "_"); key == "idempotency_key" {
			return true
		}
	}
	return false
}

// hasSchema reports whether a schema was declared: present and not null.
func hasSchema(raw json.RawMessage) bool {
	s := strings.TrimSpace(string(raw))
	return s != "" && s != "null"
}

func decodeSchema(raw json.RawMessage) (map[string]any, bool) {
	if !hasSchema(raw) {
		return nil, false
	}
	var s map[string]any
	if json.Unmarshal(raw, &s) != nil {
		return nil, false
	}
	return s, true
}

// maxDescriptionWords is the checklist's limit on a description.
const maxDescriptionWords = 80

// mcpName is MCP's constraint on a tool name.
var mcpName = regexp.MustCompile(`^[A-Za-z0-9_.\-]{1,128}$`)

// checklist adds the review checklist's findings.
func checklist(c *Catalogue, r *Report) {
	conv, convCount := namingConvention(c)
	for i := range c.Tools {
		t := &c.Tools[i]
		if msg := checkName(t, conv, convCount, len(c.Tools)); msg != "" {
			r.Add(NewFinding(LintChecklistName, msg, t.Name))
		}
		if msg := checkDescription(t.Description); msg != "" {
			r.Add(NewFinding(LintChecklistDescription, msg, t.Name))
		}
		if msg := checkInputSchema(t.InputSchema); msg != "" {
			r.Add(NewFinding(LintChecklistInputSchema, msg, t.Name))
		}
		if !hasSchema(t.OutputSchema) {
			r.Add(NewFinding(LintChecklistOutputSchema, "no outputSchema: its result cannot be checked or reported", t.Name))
		}
		if missing := implicitHints(t); len(missing) > 0 {
			r.Add(NewFinding(LintChecklistHintsImplicit, "not set explicitly: "+strings.Join(missing, ", "), t.Name))
		}
		if odd := inconsistentHints(t); len(odd) > 0 {
			r.Add(NewFinding(LintChecklistHintsInconsistent, strings.Join(odd, "; "), t.Name))
		}
		if se := t.Declarations.SideEffect; (se == "W1" || se == "W2") && t.Declarations.IdempotencyKey == "" && !hasIdempotencyArgument(t) {
			r.Add(NewFinding(LintChecklistIdempotencyKey, fmt.Sprintf("a %s tool with no idempotency key: declare idempotency_key or take an idempotency_key argument", se), t.Name))
		}
	}
}

// nameStyle names the spelling convention of a tool name.
func nameStyle(name string) string {
	hasUpper := strings.ToLower(name) != name
	switch {
	case strings.Contains(name, "."):
		return "dotted"
	case strings.Contains(name, "-") && strings.Contains(name, "_"), strings.ContainsAny(name, " /"):
		return "mixed"
	case strings.Contains(name, "-") && !hasUpper:
		return "kebab-case"
	case strings.Contains(name, "_") && !hasUpper:
		return "snake_case"
	case strings.ContainsAny(name, "-_"):
		return "mixed"
	case name != "" && name[0] >= 'A' && name[0] <= 'Z':
		return "PascalCase"
	case hasUpper:
		return "camelCase"
	}
	return "lower" // one lower-case word: fits snake, kebab and camel case
}

func styleFits(style, conv string) bool {
	if style == conv {
		return true
	}
	return style == "lower" && (conv == "snake_case" || conv == "kebab-case" || conv == "camelCase")
}

// namingConvention returns the style more than half of the catalogue's
// names (those the importer did not make) follow, or "" when none does.
func namingConvention(c *Catalogue) (string, int) {
	counts := map[string]int{}
	n := 0
	for i := range c.Tools {
		t := &c.Tools[i]
		if t.Origin.NamedFromSummary {
			continue
		}
		n++
		counts[nameStyle(t.Name)]++
	}
	best, bestN := "", 0
	for _, s := range []string{"snake_case", "kebab-case", "camelCase", "PascalCase", "dotted"} {
		k := counts[s]
		if s == "snake_case" || s == "kebab-case" || s == "camelCase" {
			k += counts["lower"]
		}
		if k > bestN {
			best, bestN = s, k
		}
	}
	if n < 3 || 2*bestN <= n {
		return "", 0
	}
	return best, bestN
}

func checkName(t *Tool, conv string, convCount, n int) string {
	var problems []string
	if !mcpName.MatchString(t.Name) {
		problems = append(problems, fmt.Sprintf("%q is not 1 to 128 characters of A-Z a-z 0-9 _ - .", t.Name))
	}
	switch {
	case t.Origin.NamedFromSummary:
		problems = append(problems, fmt.Sprintf("the operation has no operationId: the importer named it %q from its summary", t.Name))
	case conv != "" && !styleFits(nameStyle(t.Name), conv):
		problems = append(problems, fmt.Sprintf("not %s, the convention of %d of the catalogue's %d names", conv, convCount, n))
	}
	return strings.Join(problems, "; ")
}

var (
	sentenceEnd = regexp.MustCompile(`[.!?;](\s+|$)`)
	// whenNotRe finds a sentence that says when not to use a tool.
	whenNotRe = regexp.MustCompile(`(?i)(^|\b)(do not|don't|never|must not|should not|not for|not to be used|avoid|instead of)\b`)
	// whenRe finds a sentence that says when to use a tool.
	whenRe = regexp.MustCompile(`(?i)\b(use|used|call|called|useful|whenever|when the (customer|user|person|caller))\b`)
	// returnsRe finds a sentence that says what comes back.
	returnsRe = regexp.MustCompile(`(?i)\b(returns?|returned|responds with|comes back|gives back|the result)\b`)
)

// checkDescription says what the checklist misses in a description.
func checkDescription(d string) string {
	d = strings.TrimSpace(d)
	if d == "" {
		return "no description: it says neither what, when, when not nor what comes back"
	}
	var when, whenNot, returns bool
	for _, s := range sentenceEnd.Split(d, -1) {
		switch {
		case whenNotRe.MatchString(s):
			whenNot = true
		case whenRe.MatchString(s):
			when = true
		}
		if returnsRe.MatchString(s) {
			returns = true
		}
	}
	var missing []string
	if !when {
		missing = append(missing, "when to use it")
	}
	if !whenNot {
		missing = append(missing, "when not to")
	}
	if !returns {
		missing = append(missing, "what comes back")
	}
	var problems []string
	if len(missing) > 0 {
		problems = append(problems, "it does not say "+joinOr(missing))
	}
	if n := len(strings.Fields(d)); n > maxDescriptionWords {
		problems = append(problems, fmt.Sprintf("%d words, over %d", n, maxDescriptionWords))
	}
	return strings.Join(problems, "; ")
}

func joinOr(s []string) string {
	switch len(s) {
	case 1:
		return s[0]
	case 2:
		return s[0] + " or " + s[1]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// checkInputSchema says what the checklist misses in an input schema:
// additionalProperties false, and on every property a type and a limit (a
// string's maxLength, pattern, format or enum; a number's minimum or
// maximum; an array's maxItems).
func checkInputSchema(raw json.RawMessage) string {
	s, ok := decodeSchema(raw)
	if !ok {
		if hasSchema(raw) {
			return "the inputSchema is not a JSON object"
		}
		return "no inputSchema"
	}
	var problems []string
	if ap, ok := s["additionalProperties"].(bool); !ok || ap {
		problems = append(problems, "additionalProperties is not false")
	}
	props, _ := s["properties"].(map[string]any)
	names := make([]string, 0, len(props))
	for name := range props {
		names = append(names, name)
	}
	sort.Strings(names)
	var untyped, unlimited []string
	for _, name := range names {
		p, _ := props[name].(map[string]any)
		if p == nil {
			untyped = append(untyped, name)
			continue
		}
		typ := schemaType(p)
		if typ == "" && p["enum"] == nil && p["const"] == nil {
			untyped = append(untyped, name)
			continue
		}
		if !limited(p, typ) {
			unlimited = append(unlimited, name)
		}
	}
	if len(untyped) > 0 {
		problems = append(problems, "no type: "+strings.Join(untyped, ", "))
	}
	if len(unlimited) > 0 {
		problems = append(problems, "no limit: "+strings.Join(unlimited, ", "))
	}
	return strings.Join(problems, "; ")
}

func schemaType(p map[string]any) string {
	switch t := p["type"].(type) {
	case string:
		return t
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok && s != "null" {
				return s
			}
		}
	}
	return ""
}

func limited(p map[string]any, typ string) bool {
	has := func(keys ...string) bool {
		for _, k := range keys {
			if _, ok := p[k]; ok {
				return true
			}
		}
		return false
	}
	if has("enum", "const") {
		return true
	}
	switch typ {
	case "string":
		return has("maxLength", "pattern", "format")
	case "integer", "number":
		return has("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")
	case "array":
		return has("maxItems")
	}
	return true // booleans, objects and nulls have no length to bound
}

// implicitHints lists the meaningful hints a tool leaves to MCP's
// defaults: readOnlyHint and openWorldHint on every tool, destructiveHint
// and idempotentHint on a write too (MCP reads them only when readOnlyHint
// is false).
func implicitHints(t *Tool) []string {
	a := t.Annotations
	var out []string
	if a.ReadOnlyHint == nil {
		out = append(out, "readOnlyHint")
	}
	if t.Kind != Read {
		if a.DestructiveHint == nil {
			out = append(out, "destructiveHint")
		}
		if a.IdempotentHint == nil {
			out = append(out, "idempotentHint")
		}
	}
	if a.OpenWorldHint == nil {
		out = append(out, "openWorldHint")
	}
	return out
}

// inconsistentHints lists the declared hints at odds with the tool's kind,
// its side-effect class or its declarations.
func inconsistentHints(t *Tool) []string {
	a := t.Annotations
	is := func(p *bool, v bool) bool { return p != nil && *p == v }
	var out []string
	switch {
	case is(a.ReadOnlyHint, true) && is(a.DestructiveHint, true):
		out = append(out, "destructiveHint is true with readOnlyHint true (the tool is read as a write)")
	case t.Kind == Read && is(a.ReadOnlyHint, false):
		out = append(out, "readOnlyHint is false on a read")
	case t.Kind == Write && is(a.ReadOnlyHint, true):
		out = append(out, "readOnlyHint is true on a write")
	}
	if se := t.Declarations.SideEffect; se != "" {
		reads := strings.HasPrefix(se, "R")
		switch {
		case reads && t.Kind == Write:
			out = append(out, fmt.Sprintf("side-effect class %s reads, but the tool is a write", se))
		case !reads && t.Kind == Read:
			out = append(out, fmt.Sprintf("side-effect class %s writes, but the tool is a read", se))
		}
	}
	if is(a.OpenWorldHint, false) {
		switch {
		case t.Declarations.SideEffect == "R1":
			out = append(out, "openWorldHint is false on an R1 tool, which reads content from outside")
		case t.Declarations.Egress:
			out = append(out, "openWorldHint is false, but the tool declares egress")
		case t.Declarations.ReadsOutside:
			out = append(out, "openWorldHint is false, but the tool declares reads_outside")
		}
	}
	return out
}
