package review

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/router"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// LintGoldenTurnMissed is the finding route verify --turns reports for a
// golden turn the catalogue routes wrong: an error.
const LintGoldenTurnMissed = "golden_turn_missed"

// LoadTurns reads a golden file: one case a line in the corpus format,
// with turn, language (English when absent), expect (a tool's name or
// null; the field must be there) and optionally accept and id. Every
// problem of the file is reported, each with its line.
func LoadTurns(file string) ([]corpus.Case, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return ParseTurns(file, data)
}

// ParseTurns reads a golden file's bytes; file names it in errors and in
// the cases' File.
func ParseTurns(file string, data []byte) ([]corpus.Case, error) {
	var (
		cases []corpus.Case
		errs  []error
	)
	ids := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 8<<20)
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 || text[0] == '#' {
			continue
		}
		bad := func(format string, args ...any) {
			errs = append(errs, &corpus.Error{File: file, Line: line, Msg: fmt.Sprintf(format, args...)})
		}
		var c corpus.Case
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			bad("malformed golden turn: %v", err)
			continue
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(text, &fields); err != nil {
			bad("malformed golden turn: %v", err)
			continue
		}
		c.File, c.Line = file, line
		// The catalogue under test is given: a corpus case's own is not
		// read.
		c.Catalogue, c.Tools = "", nil
		switch _, hasExpect := fields["expect"]; {
		case strings.TrimSpace(c.Turn) == "":
			bad("golden turn has no turn")
			continue
		case !hasExpect:
			bad("golden turn %q has no expect: name a tool, or null for a turn no tool should take", c.Turn)
			continue
		case c.Expect != nil && *c.Expect == "":
			bad("golden turn %q expects \"\": name a tool, or null for a turn no tool should take", c.Turn)
			continue
		case c.ID != "" && ids[c.ID] > 0:
			bad("id %q already used on line %d", c.ID, ids[c.ID])
			continue
		}
		if c.ID != "" {
			ids[c.ID] = line
		}
		lang, err := tokenize.ParseLanguage(c.Language)
		if err != nil {
			bad("golden turn %q: %v", c.Turn, err)
			continue
		}
		c.Language = string(lang)
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, &corpus.Error{File: file, Msg: err.Error()})
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return cases, nil
}

// where says where a golden turn was read: file:line.
func where(c *corpus.Case) string {
	return fmt.Sprintf("%s:%d", c.File, c.Line)
}

// CheckOptions configure Check. The zero value withdraws no tool.
type CheckOptions struct {
	// Withdrawn names the withdrawn tools, as an agent file does.
	Withdrawn []string
}

// Miss is a golden turn the catalogue routes wrong, or that names a tool
// the catalogue does not hold. The zero value holds the zero Case and the
// zero Decision and names no unknown tool.
type Miss struct {
	// Case is the golden turn.
	Case corpus.Case
	// Got is the decision the catalogue gives it.
	Got router.Decision
	// Unknown names the tools the turn expects or accepts that the
	// catalogue does not hold.
	Unknown []string
}

// String says the miss for a person: where the turn is, the turn, what it
// expects and what it got.
func (m Miss) String() string {
	s := fmt.Sprintf("%s: %q expects %s, got %s", where(&m.Case), m.Case.Turn, m.Case.Want(), Describe(m.Got))
	if len(m.Unknown) > 0 {
		s += fmt.Sprintf("; the catalogue holds no %s", strings.Join(m.Unknown, ", "))
	}
	return s
}

// Finding returns the miss as an error finding of a lint report, lint
// LintGoldenTurnMissed, about the tool the turn expects (or, for a turn
// that expects none, the tool it reached).
func (m Miss) Finding() catalogue.Finding {
	var tools []string
	switch {
	case m.Case.Expect != nil:
		tools = []string{*m.Case.Expect}
	case m.Got.Tool != "":
		tools = []string{m.Got.Tool}
	}
	f := catalogue.NewFinding(LintGoldenTurnMissed, m.String(), tools...)
	f.Severity = catalogue.SeverityError
	f.Turn = m.Case.Turn
	f.Languages = []string{m.Case.Language}
	return f
}

// Check routes every golden turn against the catalogue, each in its own
// language, and returns the misses in file order. A turn that expects a
// tool is right only when the decision selects that tool or one the turn
// accepts; a turn that expects none is right when the outcome is none or
// unread (an ambiguous decision is not right for either). A turn that
// names a tool the catalogue does not hold is a miss whatever it got.
func Check(cat *catalogue.Catalogue, turns []corpus.Case, opts CheckOptions) (misses []Miss, err error) {
	rs := newRouters(cat, opts.Withdrawn)
	defer func() { err = errors.Join(err, rs.Close()) }()
	for _, c := range turns {
		d, err := rs.decide(&c)
		if err != nil {
			return nil, err
		}
		var unknown []string
		for _, name := range append([]string{c.Want()}, c.Accept...) {
			if name != "none" && cat.Tool(name) == nil {
				unknown = append(unknown, name)
			}
		}
		if len(unknown) > 0 || !Right(&c, d, nil) {
			misses = append(misses, Miss{Case: c, Got: d, Unknown: unknown})
		}
	}
	return misses, nil
}

// Right reports whether a decision is right for a golden turn, as route
// bench scores it. same, when not nil, gives the other names a tool is
// known by (the names a rename links), so a turn that expects a tool by
// its old name is right when the tool is selected by its new one.
func Right(c *corpus.Case, d router.Decision, same func(string) []string) bool {
	if c.Expect == nil {
		return d.Outcome == router.None || d.Outcome == router.Unread
	}
	if d.Outcome != router.Selected {
		return false
	}
	if c.Right(d.Tool) {
		return true
	}
	if same != nil {
		for _, name := range same(d.Tool) {
			if c.Right(name) {
				return true
			}
		}
	}
	return false
}

// Describe says a decision in a few words: its outcome, and the tool and
// its kind, or for an ambiguous one the first candidates.
func Describe(d router.Decision) string {
	switch {
	case d.Outcome == router.Ambiguous:
		names := make([]string, 0, 3)
		for i, c := range d.Candidates {
			if i == 3 {
				names = append(names, "...")
				break
			}
			names = append(names, c.Tool)
		}
		return "ambiguous [" + strings.Join(names, ", ") + "]"
	case d.Tool != "" && d.Kind != "":
		return fmt.Sprintf("%s %s (%s)", d.Outcome, d.Tool, d.Kind)
	case d.Tool != "":
		return fmt.Sprintf("%s %s", d.Outcome, d.Tool)
	}
	return string(d.Outcome)
}

// routers builds a catalogue's router for each language once.
type routers struct {
	cat       *catalogue.Catalogue
	withdrawn []string
	byLang    map[tokenize.Language]*router.Router
}

func newRouters(cat *catalogue.Catalogue, withdrawn []string) *routers {
	return &routers{cat: cat, withdrawn: withdrawn, byLang: map[tokenize.Language]*router.Router{}}
}

// get returns the router of a language, building it the first time.
func (rs *routers) get(lang tokenize.Language) (*router.Router, error) {
	if r, ok := rs.byLang[lang]; ok {
		return r, nil
	}
	r, err := router.New(rs.cat, router.Options{Language: lang, Withdrawn: rs.withdrawn})
	if err != nil {
		return nil, err
	}
	rs.byLang[lang] = r
	return r, nil
}

// decide routes a golden turn in its language.
func (rs *routers) decide(c *corpus.Case) (router.Decision, error) {
	lang, err := tokenize.ParseLanguage(c.Language)
	if err != nil {
		return router.Decision{}, fmt.Errorf("%s: %w", where(c), err)
	}
	r, err := rs.get(lang)
	if err != nil {
		return router.Decision{}, err
	}
	return r.Select(c.Turn), nil
}

// Close closes every router built.
func (rs *routers) Close() error {
	var errs []error
	for _, r := range rs.byLang {
		errs = append(errs, r.Close())
	}
	return errors.Join(errs...)
}
