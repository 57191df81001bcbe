package catalogue

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stalwart-agents/stalwart/tokenize"
)

// addSeeds adds every file of testdata matching pattern to the corpus.
func addSeeds(f *testing.F, patterns ...string) {
	for _, pattern := range patterns {
		files, err := filepath.Glob(filepath.Join("testdata", pattern))
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
}

// checkFileError fails unless err is an *Error or a non-empty ErrorList
// whose problems all name the file.
func checkFileError(t *testing.T, file string, err error) {
	t.Helper()
	var e *Error
	var l ErrorList
	switch {
	case errors.As(err, &l):
		if len(l) == 0 {
			t.Fatal("an empty ErrorList as an error")
		}
		for _, p := range l {
			if p.File != file {
				t.Fatalf("problem %q names file %q, want %q", p, p.File, file)
			}
		}
	case errors.As(err, &e):
		if e.File != file {
			t.Fatalf("error %q names file %q, want %q", e, e.File, file)
		}
	default:
		t.Fatalf("error %T %v is neither an *Error nor an ErrorList", err, err)
	}
}

// checkImportError fails unless err is nil, an *Error or an ErrorList whose
// problems name the file.
func checkImportError(t *testing.T, file string, c *Catalogue, err error) {
	t.Helper()
	if err == nil {
		if c == nil {
			t.Fatal("no catalogue and no error")
		}
		return
	}
	if c != nil {
		t.Fatalf("a catalogue and an error: %v", err)
	}
	var e *Error
	var l ErrorList
	switch {
	case errors.As(err, &l):
		if len(l) == 0 {
			t.Fatal("an empty ErrorList as an error")
		}
		for _, p := range l {
			if p.File != file {
				t.Fatalf("problem %q names file %q, want %q", p, p.File, file)
			}
		}
	case errors.As(err, &e):
		if e.File != file {
			t.Fatalf("error %q names file %q, want %q", e, e.File, file)
		}
	default:
		t.Fatalf("error %T %v is neither an *Error nor an ErrorList", err, err)
	}
}

// within fails the test when run takes longer than a few seconds: an
// importer must not hang on any input.
func within(t *testing.T, run func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		run()
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("took more than 5s")
	}
}

func FuzzParseMCP(f *testing.F) {
	addSeeds(f, "*mcp*.json")
	f.Add([]byte(`[{"name":"a","annotations":{"readOnlyHint":true},"_meta":{"compensation":"b"}}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		within(t, func() {
			c, err := ParseMCP("f.json", data)
			checkImportError(t, "f.json", c, err)
		})
	})
}

func FuzzParseOpenAPI(f *testing.F) {
	addSeeds(f, "*openapi*.json", "*.yaml")
	f.Add([]byte("openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a/{b}:\n    get:\n      summary: Get a\n      parameters: [{name: b, in: path, required: true, schema: {$ref: '#/components/schemas/X'}}]\ncomponents:\n  schemas:\n    X: {type: object, properties: {x: {$ref: '#/components/schemas/X'}}}\n"))
	f.Add([]byte("a: &x [*x]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		within(t, func() {
			c, err := ParseOpenAPI("f.yaml", data)
			checkImportError(t, "f.yaml", c, err)
		})
	})
}

func FuzzParseLangChain(f *testing.F) {
	addSeeds(f, "*langchain*.json")
	f.Add([]byte(`[{"type":"function","function":{"name":"a","parameters":{}},"metadata":{"read_only":true}}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		within(t, func() {
			c, err := ParseLangChain("f.json", data)
			checkImportError(t, "f.json", c, err)
		})
	})
}

func FuzzNameWords(f *testing.F) {
	for _, s := range []string{"getInvoiceByID", "HTTPServerURL", "v2_list_users", "/orders/{id}", "ÉditerCommande"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		for _, w := range NameWords(name) {
			if w == "" || strings.ContainsAny(w, " _-./{}") {
				t.Fatalf("NameWords(%q) has word %q", name, w)
			}
			if utf8.ValidString(name) && !utf8.ValidString(w) {
				t.Fatalf("NameWords(%q) has invalid word %q", name, w)
			}
		}
	})
}

func FuzzParseDTS(f *testing.F) {
	files, err := filepath.Glob("testdata/ts/*/dist/*.d.ts")
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Fuzz(func(t *testing.T, src string) {
		within(t, func() { checkDTS(t, src) })
	})
}

func checkDTS(t *testing.T, src string) {
	{
		file, perr := parseDTS("f.d.ts", src)
		if perr != nil {
			if perr.line < 1 {
				t.Fatalf("problem %q has line %d", perr.msg, perr.line)
			}
			return
		}
		decls := map[string][]*tsDecl{}
		for _, d := range file.decls {
			decls[d.name] = append(decls[d.name], d)
		}
		for _, fn := range file.funcs {
			tool, _ := typeScriptTool(fn, decls, ".")
			if tool.Name == "" {
				t.Fatal("a function with no name")
			}
		}
	}
}

// FuzzUnmarshal reads catalogue files: any input gives a catalogue or
// errors naming the file, never a panic or a hang, and a catalogue read
// writes back to a file that reads as the same catalogue.
func FuzzUnmarshal(f *testing.F) {
	for _, c := range []*Catalogue{Default(), {Format: FormatVersion}} {
		data, err := c.Marshal()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("{\"format\": 1,\n\"tools\": [\n{\"name\": \"a\", \"kind\": \"read\"},\n{\"name\": \"a\", \"kind\": \"maybe\"},\n{\"name\": \"\"}]}"))
	f.Add([]byte(`{"format": 1, "tools": [{"name": "a", "kind": "write", "declarations": {"compensation": {"tool": "b"}, "side_effect": "X9"}}]}`))
	f.Add([]byte(`{"format": 1, "tools": [null, 1, {"inputSchema": {"a": [[[[]]]]}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		within(t, func() {
			c, err := Unmarshal("c.json", data)
			if err != nil {
				if c != nil {
					t.Fatalf("a catalogue and an error: %v", err)
				}
				checkFileError(t, "c.json", err)
				return
			}
			out, err := c.Marshal()
			if err != nil {
				t.Fatalf("Marshal of a catalogue read: %v", err)
			}
			back, err := Unmarshal("c.json", out)
			if err != nil {
				t.Fatalf("a catalogue written does not read back: %v\n%s", err, out)
			}
			again, err := back.Marshal()
			if err != nil || string(again) != string(out) {
				t.Fatalf("Marshal is not stable: %v\n%s\n%s", err, out, again)
			}
		})
	})
}

// FuzzParseAgent reads agent and gateway files: any input gives an agent
// or errors naming the file; an agent read withdraws no empty and no
// repeated name, each at a line of the file.
func FuzzParseAgent(f *testing.F) {
	addSeeds(f, "agents/*.yaml")
	for _, s := range []string{
		"withdrawn:\n  - a\n  - b\n  - a\n",
		"language: en\nwithdrawn: [refund_crd, '']\n",
		"withdrawn: &w [a]\nother: *w\n",
		"language: [en]\n",
		"withdrawn:\n  - {a: b}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		within(t, func() {
			a, err := ParseAgent("agent.yaml", data)
			if err != nil {
				if a != nil {
					t.Fatalf("an agent and an error: %v", err)
				}
				checkFileError(t, "agent.yaml", err)
				return
			}
			if len(a.Lines) != 0 && len(a.Lines) != len(a.Withdrawn) {
				t.Fatalf("%d lines for %d withdrawn names", len(a.Lines), len(a.Withdrawn))
			}
			lines := strings.Count(string(data), "\n") + 1
			seen := map[string]bool{}
			for i, name := range a.Withdrawn {
				if name == "" || seen[name] {
					t.Fatalf("withdrawn name %d %q is empty or repeated", i+1, name)
				}
				seen[name] = true
				if i < len(a.Lines) && (a.Lines[i] < 1 || a.Lines[i] > lines) {
					t.Fatalf("withdrawn name %q at line %d of %d", name, a.Lines[i], lines)
				}
			}
		})
	})
}

// FuzzParseVocabulary reads vocabulary files: any input gives a vocabulary
// or errors naming the file; the words and phrases of one read are
// normalised and never empty.
func FuzzParseVocabulary(f *testing.F) {
	for _, s := range []string{
		"settings:\n  language: pt_BR\nwords:\n  en:\n    Chargeback: dispute\n  pt-BR:\n    estôrno: refund\nphrases:\n  refund_card:\n    - Money back\n",
		"words:\n  fr:\n    a: b\n",
		"phrases:\n  a: b\n",
		"words:\n  en:\n    '': x\n    y: ''\n    Y: z\n",
		"- a\n- b\n",
		"settings: {language: [en]}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		within(t, func() {
			v, err := ParseVocabulary("v.yaml", data)
			if err != nil {
				if v != nil {
					t.Fatalf("a vocabulary and an error: %v", err)
				}
				checkFileError(t, "v.yaml", err)
				return
			}
			for lang, words := range v.Words {
				for w, target := range words {
					if w == "" || target == "" || tokenize.Normalize(w) != w || tokenize.Normalize(target) != target {
						t.Fatalf("words of %s: %q -> %q, not normalised or empty", lang, w, target)
					}
				}
			}
			for tool, phrases := range v.Phrases {
				for _, p := range phrases {
					if p == "" || tokenize.Normalize(p) != p {
						t.Fatalf("phrase %q of %s, not normalised or empty", p, tool)
					}
				}
			}
		})
	})
}
