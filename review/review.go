package review

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/router"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// Options configure Compare. The zero value names each catalogue by its
// Source, makes the turns from the changed tools, withdraws no tool and
// lints every language.
type Options struct {
	// OldName and NewName name the two catalogues in the report; when
	// empty, each catalogue's Source.
	OldName, NewName string
	// Golden are the golden turns (see LoadTurns). When nil, the turns
	// are made from the changed tools' names and descriptions.
	Golden []corpus.Case
	// Withdrawn names the withdrawn tools, as an agent file does: they
	// are refused on both sides and not linted for ambiguity.
	Withdrawn []string
	// Languages are the languages whose plain turns router.Verify
	// routes for its lints; every language when empty.
	Languages []tokenize.Language
}

// The sources of a report's turns.
const (
	// FromGolden is turns read from a golden file.
	FromGolden = "golden"
	// FromTools is turns made from the changed tools' names and
	// descriptions.
	FromTools = "tools"
)

// Report is what a change to a catalogue does, for its reviewer. Its
// JSON form uses snake_case keys. The zero value is the report of no change:
// Changed is false, ExitStatus 0 and every list empty.
type Report struct {
	// Old and New name the two catalogues.
	Old string `json:"old"`
	New string `json:"new"`
	// Changed reports whether anything below differs.
	Changed bool `json:"changed"`
	// Attention lists, in words, what a reviewer must look at: a golden
	// turn whose decision changed, a lint error that appeared, a read that
	// became a write. It is empty when there is nothing of the kind.
	Attention []string `json:"attention"`
	// ExitStatus is route diff's exit status: 1 when Attention is not
	// empty, else 0.
	ExitStatus int `json:"exit_status"`

	// KindChanges are the tools whose kind changed, a read that became a
	// write first.
	KindChanges []KindChange `json:"kind_changes"`
	// Added and Removed are the tools only one catalogue holds; a tool
	// renamed is in Renamed instead.
	Added   []ToolRef `json:"added"`
	Removed []ToolRef `json:"removed"`
	// Renamed are the tools that changed name only, or little else.
	Renamed []Rename `json:"renamed"`
	// Tools are the tools both hold (perhaps renamed) whose fields
	// changed.
	Tools []ToolChange `json:"changed_tools"`
	// LostDeclarations are the declarations a write no longer makes.
	LostDeclarations []DeclarationLoss `json:"lost_declarations"`

	// Appeared and Disappeared are the lint findings of router.Verify
	// that only the new or only the old catalogue has, the tools the
	// router cannot tell apart first, then errors, warnings and the
	// review checklist. A tool renamed is matched by its new name.
	Appeared    []catalogue.Finding `json:"findings_appeared"`
	Disappeared []catalogue.Finding `json:"findings_disappeared"`

	// TurnsFrom says where the turns came from: FromGolden or FromTools.
	TurnsFrom string `json:"turns_from"`
	// TurnsRouted counts the turns routed on both sides.
	TurnsRouted int `json:"turns_routed"`
	// Turns are the turns whose decision changed, in file order (or in
	// the order they were made).
	Turns []TurnChange `json:"turns"`
	// GoldenRenamed names the golden turns that expect a tool by the
	// name it had before a rename: the golden file needs the new name.
	GoldenRenamed []GoldenRename `json:"golden_renamed,omitempty"`
}

// GoldenRename is a renamed tool that golden turns still expect by its
// old name. The zero value names no tool and no line.
type GoldenRename struct {
	// Tool is the old name, RenamedTo the new one.
	Tool      string `json:"tool"`
	RenamedTo string `json:"renamed_to"`
	// Lines are the golden file's lines that name the old name.
	Lines []int `json:"lines"`
}

// TurnChange is a turn whose decision differs between the catalogues. The
// zero value is an empty turn with nothing moved and two zero sides.
type TurnChange struct {
	// Turn and Language are the turn and its language.
	Turn     string `json:"turn"`
	Language string `json:"language"`
	// File, Line and ID say where a golden turn was read.
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	ID   string `json:"id,omitempty"`
	// Expect is what a golden turn expects: a tool's name, or "none".
	Expect string `json:"expect,omitempty"`
	// From names the tool whose words made the turn, for turns made
	// from the tools.
	From string `json:"from,omitempty"`
	// Moved names what changed: outcome, tool, kind.
	Moved []string `json:"moved"`
	// Old and New are the decisions.
	Old Side `json:"old"`
	New Side `json:"new"`
}

// Side is one catalogue's decision for a turn, with its evidence. The zero
// value has no outcome ("") and no tool, and is not judged right or wrong.
type Side struct {
	// Outcome, Tool, Kind and Confirm are the decision's.
	Outcome router.Outcome `json:"outcome"`
	Tool    string         `json:"tool,omitempty"`
	Kind    catalogue.Kind `json:"kind,omitempty"`
	Confirm bool           `json:"confirm"`
	// Right, for a golden turn, reports whether the decision is right.
	Right *bool `json:"right,omitempty"`
	// Candidates are the best candidates with their scores, at most
	// maxCandidates of them.
	Candidates []Candidate `json:"candidates"`
	// Reason is the router's reason for the decision.
	Reason string `json:"reason"`
}

// Candidate is a tool the router weighed for a turn, with its score. The zero
// value names no tool, with probability 0.
type Candidate struct {
	// Tool is the tool's name.
	Tool string `json:"tool"`
	// Probability is the model's probability for it, to three places.
	Probability float64 `json:"probability"`
}

// maxCandidates is how many candidates a side shows.
const maxCandidates = 4

// Compare reports what the change from the old catalogue to the new one
// does: its kind changes, the tools added, removed, renamed and changed,
// the declarations lost, the lint findings that appear and disappear, and
// the turns whose decision changes (the golden turns, or turns made from
// the changed tools). A golden turn that names a tool neither catalogue
// holds is an error.
func Compare(oldCat, newCat *catalogue.Catalogue, opts Options) (*Report, error) {
	if oldCat == nil || newCat == nil {
		return nil, errors.New("review: no catalogue")
	}
	r := &Report{Old: opts.OldName, New: opts.NewName}
	if r.Old == "" {
		r.Old = oldCat.Source
	}
	if r.New == "" {
		r.New = newCat.Source
	}
	td := diffTools(oldCat, newCat)
	r.KindChanges, r.Added, r.Removed, r.Renamed = td.kinds, td.added, td.removed, td.renamed
	r.Tools, r.LostDeclarations = td.changed, td.lost
	// The JSON report lists every section, empty or not.
	for _, l := range []*[]ToolRef{&r.Added, &r.Removed} {
		if *l == nil {
			*l = []ToolRef{}
		}
	}
	if r.KindChanges == nil {
		r.KindChanges = []KindChange{}
	}
	if r.Renamed == nil {
		r.Renamed = []Rename{}
	}
	if r.Tools == nil {
		r.Tools = []ToolChange{}
	}
	if r.LostDeclarations == nil {
		r.LostDeclarations = []DeclarationLoss{}
	}

	if err := r.compareFindings(oldCat, newCat, td, opts); err != nil {
		return nil, err
	}
	if err := r.compareTurns(oldCat, newCat, td, opts); err != nil {
		return nil, err
	}
	r.conclude()
	return r, nil
}

// conclude sets Changed, Attention and ExitStatus.
func (r *Report) conclude() {
	r.Changed = len(r.KindChanges)+len(r.Added)+len(r.Removed)+len(r.Renamed)+len(r.Tools)+
		len(r.LostDeclarations)+len(r.Appeared)+len(r.Disappeared)+len(r.Turns) > 0
	for _, k := range r.KindChanges {
		if k.ReadToWrite() {
			r.Attention = append(r.Attention, fmt.Sprintf("%s: a read became a write: %s", k.Tool, k.Confirmation))
		}
	}
	for _, f := range r.Appeared {
		if f.Severity == catalogue.SeverityError {
			r.Attention = append(r.Attention, fmt.Sprintf("a new error: %s (%s)", f.Lint, strings.Join(f.Tools, ", ")))
		}
	}
	if r.TurnsFrom == FromGolden && len(r.Turns) > 0 {
		r.Attention = append(r.Attention, fmt.Sprintf("%s changed", plural(len(r.Turns), "golden turn's decision", "golden turns' decisions")))
	}
	if r.Attention == nil {
		r.Attention = []string{}
	}
	if len(r.Attention) > 0 {
		r.ExitStatus = 1
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// compareFindings verifies both catalogues and keeps the findings only
// one of them has.
func (r *Report) compareFindings(oldCat, newCat *catalogue.Catalogue, td *toolDiff, opts Options) error {
	vo := router.VerifyOptions{Languages: opts.Languages, Withdrawn: opts.Withdrawn}
	oldRep, err := router.Verify(oldCat, vo)
	if err != nil {
		return fmt.Errorf("%s: %w", r.Old, err)
	}
	newRep, err := router.Verify(newCat, vo)
	if err != nil {
		return fmt.Errorf("%s: %w", r.New, err)
	}
	key := func(f catalogue.Finding, rename map[string]string) string {
		tools := make([]string, len(f.Tools))
		for i, t := range f.Tools {
			if n, ok := rename[t]; ok {
				t = n
			}
			tools[i] = t
		}
		sort.Strings(tools)
		return f.Lint + "\x00" + strings.Join(tools, "\x00")
	}
	inOld, inNew := map[string]bool{}, map[string]bool{}
	for _, f := range oldRep.Findings {
		inOld[key(f, td.newName)] = true
	}
	for _, f := range newRep.Findings {
		inNew[key(f, nil)] = true
	}
	r.Appeared, r.Disappeared = []catalogue.Finding{}, []catalogue.Finding{}
	for _, f := range newRep.Findings {
		if !inOld[key(f, nil)] {
			r.Appeared = append(r.Appeared, f)
		}
	}
	for _, f := range oldRep.Findings {
		if !inNew[key(f, td.newName)] {
			r.Disappeared = append(r.Disappeared, f)
		}
	}
	sortFindings(r.Appeared)
	sortFindings(r.Disappeared)
	return nil
}

// findingRank orders findings for a reviewer: the tools the router cannot
// tell apart, then pairs some turns confuse, then other errors, other
// lints, and the review checklist last.
func findingRank(f catalogue.Finding) int {
	switch {
	case f.Lint == catalogue.LintToolsIndistinguishable:
		return 0
	case f.Lint == catalogue.LintPlainTurnAmbiguous:
		return 1
	case f.Severity == catalogue.SeverityError:
		return 2
	case f.Group == catalogue.GroupLints:
		return 3
	}
	return 4
}

func sortFindings(fs []catalogue.Finding) {
	sort.SliceStable(fs, func(i, j int) bool { return findingRank(fs[i]) < findingRank(fs[j]) })
}

// turn is a turn to route on both sides.
type turn struct {
	golden *corpus.Case
	text   string
	lang   string
	from   string
}

// compareTurns routes the golden turns, or turns made from the changed
// tools, on both catalogues and keeps those whose decision changed.
func (r *Report) compareTurns(oldCat, newCat *catalogue.Catalogue, td *toolDiff, opts Options) (err error) {
	var turns []turn
	if opts.Golden != nil {
		r.TurnsFrom = FromGolden
		for i := range opts.Golden {
			c := &opts.Golden[i]
			for _, name := range append([]string{c.Want()}, c.Accept...) {
				if name != "none" && td.oldTools[name] == nil && td.newTools[name] == nil {
					return fmt.Errorf("%s: golden turn %q names tool %q, which neither catalogue holds", where(c), c.Turn, name)
				}
			}
			turns = append(turns, turn{golden: c, text: c.Turn, lang: c.Language})
		}
		r.GoldenRenamed = goldenRenamed(opts.Golden, td)
	} else {
		r.TurnsFrom = FromTools
		turns = toolTurns(r, td)
	}
	r.TurnsRouted = len(turns)
	r.Turns = []TurnChange{}

	oldRs, newRs := newRouters(oldCat, opts.Withdrawn), newRouters(newCat, opts.Withdrawn)
	defer func() { err = errors.Join(err, oldRs.Close(), newRs.Close()) }()
	// A tool is the same tool under its old and its new name.
	same := func(name string) []string {
		var out []string
		if n, ok := td.newName[name]; ok {
			out = append(out, n)
		}
		if o, ok := td.oldName[name]; ok {
			out = append(out, o)
		}
		return out
	}
	for _, t := range turns {
		lang, err := tokenize.ParseLanguage(t.lang)
		if err != nil {
			return err
		}
		ro, err := oldRs.get(lang)
		if err != nil {
			return fmt.Errorf("%s: %w", r.Old, err)
		}
		rn, err := newRs.get(lang)
		if err != nil {
			return fmt.Errorf("%s: %w", r.New, err)
		}
		do, dn := ro.Select(t.text), rn.Select(t.text)
		moved := movedFields(do, dn, td.newName)
		if len(moved) == 0 {
			continue
		}
		tc := TurnChange{Turn: t.text, Language: string(lang), From: t.from, Moved: moved, Old: sideOf(do), New: sideOf(dn)}
		if c := t.golden; c != nil {
			tc.File, tc.Line, tc.ID, tc.Expect = c.File, c.Line, c.ID, c.Want()
			okOld, okNew := Right(c, do, same), Right(c, dn, same)
			tc.Old.Right, tc.New.Right = &okOld, &okNew
		}
		r.Turns = append(r.Turns, tc)
	}
	return nil
}

// movedFields names what differs between two decisions: the outcome, the
// tool (a tool renamed is the same tool), the kind.
func movedFields(o, n router.Decision, rename map[string]string) []string {
	var moved []string
	if o.Outcome != n.Outcome {
		moved = append(moved, "outcome")
	}
	tool := o.Tool
	if t, ok := rename[tool]; ok {
		tool = t
	}
	if tool != n.Tool {
		moved = append(moved, "tool")
	}
	if o.Kind != n.Kind {
		moved = append(moved, "kind")
	}
	return moved
}

func sideOf(d router.Decision) Side {
	s := Side{Outcome: d.Outcome, Tool: d.Tool, Kind: d.Kind, Confirm: d.Confirm, Reason: d.Reason, Candidates: []Candidate{}}
	for i, c := range d.Candidates {
		if i == maxCandidates {
			break
		}
		s.Candidates = append(s.Candidates, Candidate{Tool: c.Tool, Probability: math.Round(c.Probability*1000) / 1000})
	}
	return s
}

// goldenRenamed finds the golden turns that name a renamed tool by its
// old name only.
func goldenRenamed(cases []corpus.Case, td *toolDiff) []GoldenRename {
	var out []GoldenRename
	for _, rn := range td.renamed {
		g := GoldenRename{Tool: rn.Old, RenamedTo: rn.New}
		for _, c := range cases {
			names := append([]string{c.Want()}, c.Accept...)
			has := func(n string) bool {
				for _, x := range names {
					if x == n {
						return true
					}
				}
				return false
			}
			if has(rn.Old) && !has(rn.New) {
				g.Lines = append(g.Lines, c.Line)
			}
		}
		if len(g.Lines) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// toolTurns makes the turns of the changed tools: each name read as
// words ("get order") and the first sentence of each description, the
// old and the new, in English (the catalogue's own words are English).
func toolTurns(r *Report, td *toolDiff) []turn {
	var out []turn
	seen := map[string]bool{}
	add := func(from string, t *catalogue.Tool) {
		if t == nil {
			return
		}
		for _, s := range []string{strings.Join(catalogue.NameWords(t.Name), " "), firstSentence(t.Description)} {
			if s != "" && !seen[s] {
				seen[s] = true
				out = append(out, turn{text: s, lang: string(tokenize.English), from: from})
			}
		}
	}
	both := func(newName, oldName string) {
		if oldName == "" {
			oldName = newName
		}
		add(newName, td.newTools[newName])
		add(newName, td.oldTools[oldName])
	}
	for _, k := range r.KindChanges {
		both(k.Tool, k.OldName)
	}
	for _, rn := range r.Renamed {
		both(rn.New, rn.Old)
	}
	for _, c := range r.Tools {
		both(c.Tool, c.OldName)
	}
	for _, a := range r.Added {
		add(a.Name, td.newTools[a.Name])
	}
	for _, rm := range r.Removed {
		add(rm.Name, td.oldTools[rm.Name])
	}
	return out
}

// firstSentence returns a text's first sentence: up to the first full
// stop, question or exclamation mark that ends a word, or the whole text.
func firstSentence(s string) string {
	s = strings.TrimSpace(s)
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '.', '?', '!':
			if i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n' {
				return s[:i+1]
			}
		}
	}
	return s
}
