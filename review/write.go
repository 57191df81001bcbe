package review

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/stalwart-agents/stalwart/catalogue"
)

// WriteJSON writes the report as one indented JSON object with snake_case
// keys.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// verdict says in one line whether the change needs review.
func (r *Report) verdict() string {
	switch {
	case !r.Changed:
		return "no change"
	case len(r.Attention) == 0:
		return "changed; nothing that needs review"
	}
	return fmt.Sprintf("needs review: %s", plural(len(r.Attention), "point", "points"))
}

// turnsTitle titles the turns that moved.
func (r *Report) turnsTitle() string {
	what := "Golden turns"
	if r.TurnsFrom == FromTools {
		what = "Turns made from the changed tools"
	}
	return fmt.Sprintf("%s whose decision changed: %d of %d", what, len(r.Turns), r.TurnsRouted)
}

// describeSide says a decision in a few words, and for a golden turn
// whether it is right.
func describeSide(s Side) string {
	var b strings.Builder
	b.WriteString(string(s.Outcome))
	if s.Tool != "" {
		fmt.Fprintf(&b, " %s", s.Tool)
		if s.Kind != "" {
			fmt.Fprintf(&b, " (%s", s.Kind)
			if s.Confirm {
				b.WriteString(", confirm")
			}
			b.WriteString(")")
		}
	} else if s.Outcome == "ambiguous" {
		names := make([]string, len(s.Candidates))
		for i, c := range s.Candidates {
			names[i] = c.Tool
		}
		fmt.Fprintf(&b, " [%s]", strings.Join(names, ", "))
	}
	if s.Right != nil {
		if *s.Right {
			b.WriteString(": right")
		} else {
			b.WriteString(": wrong")
		}
	}
	return b.String()
}

// candidates writes a side's candidates with their scores.
func candidates(s Side) string {
	if len(s.Candidates) == 0 {
		return "none"
	}
	parts := make([]string, len(s.Candidates))
	for i, c := range s.Candidates {
		parts[i] = fmt.Sprintf("%s %.3f", c.Tool, c.Probability)
	}
	return strings.Join(parts, ", ")
}

// turnHead says where a turn comes from and what it expects.
func turnHead(t TurnChange) string {
	if t.File != "" {
		return fmt.Sprintf("%s:%d %q (%s), expects %s", filepath.ToSlash(t.File), t.Line, t.Turn, t.Language, t.Expect)
	}
	return fmt.Sprintf("%q (%s, from %s)", t.Turn, t.Language, t.From)
}

// renamedFrom says a tool's old name, where it was renamed.
func renamedFrom(oldName string) string {
	if oldName == "" {
		return ""
	}
	return " (was " + oldName + ")"
}

// WriteText writes the report for a person at a terminal: the verdict and
// what needs review, then each section that has something: kind changes,
// tools, declarations lost, lint findings, and the turns whose decision
// changed with the old and new evidence.
func (r *Report) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "route diff %s -> %s: %s\n", r.Old, r.New, r.verdict())
	for _, a := range r.Attention {
		fmt.Fprintf(tw, "  ! %s\n", a)
	}
	if !r.Changed {
		return tw.Flush()
	}
	if len(r.KindChanges) > 0 {
		fmt.Fprintf(tw, "\nKind changes\n")
		for _, k := range r.KindChanges {
			fmt.Fprintf(tw, "  %s%s\t%s -> %s\t%s\t(%s -> %s)\n", k.Tool, renamedFrom(k.OldName), k.From, k.To, k.Confirmation, k.OldRule, k.NewRule)
		}
	}
	if len(r.Renamed)+len(r.Added)+len(r.Removed)+len(r.Tools) > 0 {
		fmt.Fprintf(tw, "\nTools\n")
		for _, rn := range r.Renamed {
			fmt.Fprintf(tw, "  renamed\t%s -> %s\tthe schema and description stay (nearly) the same\n", rn.Old, rn.New)
		}
		for _, a := range r.Added {
			fmt.Fprintf(tw, "  added\t%s (%s)\t%s\n", a.Name, a.Kind, a.Description)
		}
		for _, rm := range r.Removed {
			fmt.Fprintf(tw, "  removed\t%s (%s)\t%s\n", rm.Name, rm.Kind, rm.Description)
		}
		for _, c := range r.Tools {
			for i, fc := range c.Changes {
				label, name := "", ""
				if i == 0 {
					label, name = "changed", c.Tool+renamedFrom(c.OldName)
				}
				if len(fc.Detail) > 0 {
					// The detail says it better than two schemas.
					fmt.Fprintf(tw, "  %s\t%s\t%s:\n", label, name, fc.Field)
				} else {
					fmt.Fprintf(tw, "  %s\t%s\t%s: %s -> %s\n", label, name, fc.Field, fc.Old, fc.New)
				}
				for _, d := range fc.Detail {
					fmt.Fprintf(tw, "  \t\t  %s\n", d)
				}
			}
		}
	}
	if len(r.LostDeclarations) > 0 {
		fmt.Fprintf(tw, "\nDeclarations lost\n")
		for _, l := range r.LostDeclarations {
			fmt.Fprintf(tw, "  %s\t%s\twas %s\n", l.Tool, l.Declaration, l.Was)
		}
	}
	if len(r.Appeared)+len(r.Disappeared) > 0 {
		fmt.Fprintf(tw, "\nLint findings\n")
		for _, g := range []struct {
			label string
			fs    []catalogue.Finding
		}{{"appeared", r.Appeared}, {"disappeared", r.Disappeared}} {
			for _, f := range g.fs {
				fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", g.label, f.Severity, f.Lint, strings.Join(f.Tools, ", "), f.Message)
				if f.Turn != "" {
					fmt.Fprintf(tw, "  \t\t\t\tturn %q\n", f.Turn)
				}
			}
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(r.Turns) > 0 {
		fmt.Fprintf(w, "\n%s\n", r.turnsTitle())
		for _, t := range r.Turns {
			fmt.Fprintf(w, "  %s; moved: %s\n", turnHead(t), strings.Join(t.Moved, ", "))
			for _, s := range []struct {
				label string
				side  Side
			}{{"old", t.Old}, {"new", t.New}} {
				fmt.Fprintf(w, "    %s  %s\n", s.label, describeSide(s.side))
				fmt.Fprintf(w, "         candidates: %s\n", candidates(s.side))
				fmt.Fprintf(w, "         reason: %s\n", s.side.Reason)
			}
		}
	}
	if len(r.GoldenRenamed) > 0 {
		fmt.Fprintf(w, "\nGolden turns that expect a renamed tool by its old name\n")
		for _, g := range r.GoldenRenamed {
			fmt.Fprintf(w, "  %s, now %s: %s\n", g.Tool, g.RenamedTo, lines(g.Lines))
		}
	}
	return nil
}

func lines(ls []int) string {
	s := make([]string, len(ls))
	for i, l := range ls {
		s[i] = fmt.Sprint(l)
	}
	if len(ls) == 1 {
		return "line " + s[0]
	}
	return "lines " + strings.Join(s, ", ")
}

// cell escapes text for a Markdown table cell: a turn or a description is
// shown as text, never read as Markdown's HTML.
func cell(s string) string {
	s = strings.NewReplacer("<", "&lt;", ">", "&gt;").Replace(s)
	return tableSafe(s)
}

// tableSafe keeps text on one table row: pipes escaped, line breaks as
// <br>.
func tableSafe(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	s = strings.ReplaceAll(s, "\r", "")
	return strings.ReplaceAll(s, "\n", "<br>")
}

// code writes text as inline code in a Markdown table cell.
func code(s string) string {
	if s == "" {
		return ""
	}
	return "`" + strings.ReplaceAll(tableSafe(s), "`", "'") + "`"
}

// WriteMarkdown writes the report as Markdown for a pull-request comment:
// a heading with the verdict, the points that need review, a table for
// each section, and the evidence of each turn that moved in a collapsed
// details block.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "### Catalogue review: %s → %s\n\n", code(r.Old), code(r.New))
	switch {
	case !r.Changed:
		b.WriteString("No change.\n")
	case len(r.Attention) == 0:
		b.WriteString("Changed; nothing that needs review.\n")
	default:
		fmt.Fprintf(&b, "**Needs review** (%s):\n\n", plural(len(r.Attention), "point", "points"))
		for _, a := range r.Attention {
			fmt.Fprintf(&b, "- %s\n", cell(a))
		}
	}
	if !r.Changed {
		_, err := io.WriteString(w, b.String())
		return err
	}
	if len(r.KindChanges) > 0 {
		b.WriteString("\n#### Kind changes\n\n| tool | kind | confirmation | rule |\n| --- | --- | --- | --- |\n")
		for _, k := range r.KindChanges {
			name := code(k.Tool) + cell(renamedFrom(k.OldName))
			if k.ReadToWrite() {
				name = "**" + name + "**"
			}
			fmt.Fprintf(&b, "| %s | %s → %s | %s | %s → %s |\n", name, k.From, k.To, cell(k.Confirmation), code(k.OldRule), code(k.NewRule))
		}
	}
	if len(r.Renamed)+len(r.Added)+len(r.Removed)+len(r.Tools) > 0 {
		b.WriteString("\n#### Tools\n\n| change | tool | what |\n| --- | --- | --- |\n")
		for _, rn := range r.Renamed {
			fmt.Fprintf(&b, "| renamed | %s → %s | the schema and description stay (nearly) the same |\n", code(rn.Old), code(rn.New))
		}
		for _, a := range r.Added {
			fmt.Fprintf(&b, "| added | %s (%s) | %s |\n", code(a.Name), a.Kind, cell(a.Description))
		}
		for _, rm := range r.Removed {
			fmt.Fprintf(&b, "| removed | %s (%s) | %s |\n", code(rm.Name), rm.Kind, cell(rm.Description))
		}
		for _, c := range r.Tools {
			var what []string
			for _, fc := range c.Changes {
				s := fmt.Sprintf("%s: %s → %s", fc.Field, code(fc.Old), code(fc.New))
				if len(fc.Detail) > 0 {
					s = fc.Field + ": " + cell(strings.Join(fc.Detail, "; "))
				}
				what = append(what, s)
			}
			fmt.Fprintf(&b, "| changed | %s%s | %s |\n", code(c.Tool), cell(renamedFrom(c.OldName)), strings.Join(what, "<br>"))
		}
	}
	if len(r.LostDeclarations) > 0 {
		b.WriteString("\n#### Declarations lost\n\n| tool | declaration | was |\n| --- | --- | --- |\n")
		for _, l := range r.LostDeclarations {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", code(l.Tool), l.Declaration, code(l.Was))
		}
	}
	if len(r.Appeared)+len(r.Disappeared) > 0 {
		b.WriteString("\n#### Lint findings\n\n| | severity | lint | tools | what it means |\n| --- | --- | --- | --- | --- |\n")
		for _, g := range []struct {
			label string
			fs    []catalogue.Finding
		}{{"appeared", r.Appeared}, {"disappeared", r.Disappeared}} {
			for _, f := range g.fs {
				sev := string(f.Severity)
				if f.Severity == catalogue.SeverityError {
					sev = "**error**"
				}
				names := make([]string, len(f.Tools))
				for i, t := range f.Tools {
					names[i] = code(t)
				}
				msg := cell(f.Message)
				if f.Turn != "" {
					msg += fmt.Sprintf("<br>turn %s", code(f.Turn))
				}
				fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", g.label, sev, f.Lint, strings.Join(names, ", "), msg)
			}
		}
	}
	if len(r.Turns) > 0 {
		fmt.Fprintf(&b, "\n#### %s\n\n", r.turnsTitle())
		if r.TurnsFrom == FromGolden {
			b.WriteString("| where | turn | expects | old | new |\n| --- | --- | --- | --- | --- |\n")
		} else {
			b.WriteString("| from | turn | old | new |\n| --- | --- | --- | --- |\n")
		}
		for _, t := range r.Turns {
			if r.TurnsFrom == FromGolden {
				fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", code(fmt.Sprintf("%s:%d", filepath.Base(t.File), t.Line)), cell(t.Turn), code(t.Expect),
					cell(describeSide(t.Old)), cell(describeSide(t.New)))
			} else {
				fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", code(t.From), cell(t.Turn), cell(describeSide(t.Old)), cell(describeSide(t.New)))
			}
		}
		b.WriteString("\n<details><summary>The evidence that moved them</summary>\n\n")
		for _, t := range r.Turns {
			fmt.Fprintf(&b, "%s (%s; moved: %s)\n\n", code(t.Turn), t.Language, strings.Join(t.Moved, ", "))
			fmt.Fprintf(&b, "- old: %s; candidates %s; reason: %s\n", cell(describeSide(t.Old)), cell(candidates(t.Old)), cell(t.Old.Reason))
			fmt.Fprintf(&b, "- new: %s; candidates %s; reason: %s\n\n", cell(describeSide(t.New)), cell(candidates(t.New)), cell(t.New.Reason))
		}
		b.WriteString("</details>\n")
	}
	if len(r.GoldenRenamed) > 0 {
		b.WriteString("\n#### Golden turns that expect a renamed tool by its old name\n\n")
		for _, g := range r.GoldenRenamed {
			fmt.Fprintf(&b, "- %s, now %s: %s\n", code(g.Tool), code(g.RenamedTo), lines(g.Lines))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
