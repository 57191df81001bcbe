package catalogue

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
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
