// Package corpus holds the labelled turns the router is measured with, and
// the catalogues they are routed against, embedded; and the loader for
// external corpora in the same format.
//
// # Format
//
// A corpus is one or more JSON Lines files; each line is a case:
//
//	{"id":"shop-en-001","language":"en","turn":"show me order 42","expect":"get_order",
//	 "catalogue":"catalogues/shop.json"}
//
// expect is the tool's name, or null when no tool should be selected;
// accept (optional) lists other tools that also count as right; catalogue
// is a path relative to the corpus file, in any form catalogue import
// reads; or tools holds the tools inline, as an MCP tools/list array;
// language is en or pt-BR.
package corpus

import (
	"bufio"
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/tokenize"
)

//go:embed catalogues cases
var embedded embed.FS

// FS returns the embedded corpus: catalogues/ and cases/.
func FS() fs.FS { return embedded }

// Case is one labelled turn. The zero value is a case with no turn that
// expects no tool (Want is "none") and routes against no catalogue.
type Case struct {
	ID        string          `json:"id"`
	Language  string          `json:"language"`
	Turn      string          `json:"turn"`
	Expect    *string         `json:"expect"`
	Accept    []string        `json:"accept,omitempty"`
	Catalogue string          `json:"catalogue,omitempty"`
	Tools     json.RawMessage `json:"tools,omitempty"`

	// File and Line say where the case was read.
	File string `json:"-"`
	Line int    `json:"-"`
	// Cat is the catalogue the case routes against, loaded.
	Cat *catalogue.Catalogue `json:"-"`
	// CatName names the catalogue: its path, or the case's file and
	// line for inline tools.
	CatName string `json:"-"`
}

// Right reports whether a selected tool (or "" for no tool) is right.
func (c *Case) Right(tool string) bool {
	if c.Expect == nil {
		return tool == ""
	}
	if tool == *c.Expect {
		return true
	}
	for _, a := range c.Accept {
		if a == tool {
			return true
		}
	}
	return false
}

// Want names the expected tool, or "none".
func (c *Case) Want() string {
	if c.Expect == nil {
		return "none"
	}
	return *c.Expect
}

// Error is a problem of a corpus file, at a line. The zero value names no
// file, line or problem.
type Error struct {
	File string
	Line int
	Msg  string
}

// Error formats the problem as file:line: message.
func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// loader loads cases and caches their catalogues.
type loader struct {
	fsys fs.FS
	show func(name string) string // a path of fsys as a person would write it
	cats map[string]*catalogue.Catalogue
	errs []error
}

// shown returns the error err with the path it names shown as a person
// would write it, as every other error of the loader names its file.
func (l *loader) shown(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: l.show(pe.Path), Err: pe.Err}
	}
	return err
}

// Load reads the corpus files at the given paths of fsys (a file, or a
// folder whose *.jsonl files are read in name order). Every problem of
// every file is reported, each with its file and line.
func Load(fsys fs.FS, paths ...string) ([]Case, error) {
	show := func(name string) string { return name }
	if fsys == embedded {
		show = func(name string) string { return "corpus/" + name }
	}
	return load(fsys, show, paths)
}

// load reads the corpus files at the given paths of fsys, naming each
// file in errors and cases as show writes it.
func load(fsys fs.FS, show func(string) string, paths []string) ([]Case, error) {
	l := &loader{fsys: fsys, show: show, cats: map[string]*catalogue.Catalogue{}}
	var cases []Case
	for _, p := range paths {
		files, err := l.files(p)
		if err != nil {
			l.errs = append(l.errs, l.shown(err))
			continue
		}
		for _, f := range files {
			cases = append(cases, l.file(f)...)
		}
	}
	if len(l.errs) > 0 {
		return nil, joinErrors(l.errs)
	}
	return cases, nil
}

// LoadFiles reads corpus files from the operating system's file system.
// Errors and cases name each file by its absolute path.
func LoadFiles(paths ...string) ([]Case, error) {
	var abs []string
	for _, p := range paths {
		a, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		abs = append(abs, strings.TrimPrefix(filepath.ToSlash(a), "/"))
	}
	return load(os.DirFS("/"), func(name string) string { return "/" + name }, abs)
}

var defaultCases = sync.OnceValues(func() ([]Case, error) { return Load(embedded, "cases") })

// Default returns the embedded corpus, loaded once.
func Default() ([]Case, error) { return defaultCases() }

func (l *loader) files(p string) ([]string, error) {
	st, err := fs.Stat(l.fsys, p)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []string{p}, nil
	}
	entries, err := fs.ReadDir(l.fsys, p)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".jsonl") {
			out = append(out, path.Join(p, e.Name()))
		}
	}
	sort.Strings(out)
	if len(out) == 0 {
		return nil, &Error{File: l.show(p), Msg: "no .jsonl files"}
	}
	return out, nil
}

func (l *loader) file(name string) []Case {
	data, err := fs.ReadFile(l.fsys, name)
	if err != nil {
		l.errs = append(l.errs, l.shown(err))
		return nil
	}
	shown := l.show(name)
	var cases []Case
	ids := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 8<<20)
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 || text[0] == '#' {
			continue
		}
		bad := func(format string, args ...any) {
			l.errs = append(l.errs, &Error{File: shown, Line: line, Msg: fmt.Sprintf(format, args...)})
		}
		var c Case
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			bad("malformed case: %v", err)
			continue
		}
		c.File, c.Line = shown, line
		switch {
		case c.ID == "":
			bad("case has no id")
			continue
		case ids[c.ID] > 0:
			bad("id %q already used on line %d", c.ID, ids[c.ID])
			continue
		case c.Turn == "":
			bad("case %s has no turn", c.ID)
			continue
		}
		ids[c.ID] = line
		if _, err := tokenize.ParseLanguage(c.Language); err != nil || c.Language == "" {
			bad("case %s: language %q: want en or pt-BR", c.ID, c.Language)
			continue
		}
		switch {
		case c.Catalogue != "" && c.Tools != nil:
			bad("case %s has both catalogue and tools", c.ID)
			continue
		case c.Catalogue != "":
			p := path.Clean(path.Join(path.Dir(name), c.Catalogue))
			cat, err := l.catalogue(p)
			if err != nil {
				bad("case %s: catalogue %s: %v", c.ID, c.Catalogue, err)
				continue
			}
			c.Cat, c.CatName = cat, strings.TrimSuffix(path.Base(p), path.Ext(p))
		case c.Tools != nil:
			cat, err := catalogue.ParseMCP(fmt.Sprintf("%s:%d", shown, line), c.Tools)
			if err != nil {
				bad("case %s: tools: %v", c.ID, err)
				continue
			}
			c.Cat, c.CatName = cat, "inline"
		default:
			bad("case %s has neither catalogue nor tools", c.ID)
			continue
		}
		for _, name := range append(c.Accept, c.Want()) {
			if name != "none" && c.Cat.Tool(name) == nil {
				bad("case %s names tool %q, which its catalogue does not hold", c.ID, name)
			}
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		l.errs = append(l.errs, &Error{File: shown, Msg: err.Error()})
	}
	return cases
}

func (l *loader) catalogue(p string) (*catalogue.Catalogue, error) {
	if c, ok := l.cats[p]; ok {
		return c, nil
	}
	data, err := fs.ReadFile(l.fsys, p)
	if err != nil {
		return nil, l.shown(err)
	}
	c, err := catalogue.Import(l.show(p), data)
	if err != nil {
		return nil, err
	}
	l.cats[p] = c
	return c, nil
}

// joinErrors joins errors one a line.
func joinErrors(errs []error) error {
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Error()
	}
	return fmt.Errorf("%s", strings.Join(msgs, "\n"))
}
