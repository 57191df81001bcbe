package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

func TestDefaultLoads(t *testing.T) {
	cases, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 1000 {
		t.Errorf("Default() has %d cases, want at least 1000", len(cases))
	}
}

func TestMalformedLineNamesFileAndLine(t *testing.T) {
	fsys := fstest.MapFS{
		"c/cat.json": {Data: []byte(`{"tools":[{"name":"get_order","description":"Show an order."}]}`)},
		"c/cases.jsonl": {Data: []byte(`{"id":"a","language":"en","turn":"show order 1","expect":"get_order","catalogue":"cat.json"}
{"id":"b","language":"en","turn":"oops"
{"id":"c","language":"xx","turn":"hi","expect":null,"catalogue":"cat.json"}
{"id":"d","language":"en","turn":"x","expect":"nope","catalogue":"cat.json"}
`)},
	}
	_, err := Load(fsys, "c/cases.jsonl")
	if err == nil {
		t.Fatal("Load = nil error, want errors")
	}
	for _, want := range []string{"c/cases.jsonl:2:", "c/cases.jsonl:3:", "c/cases.jsonl:4:"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Load error %q does not name %s", err, want)
		}
	}
}

func TestGenerate(t *testing.T) {
	for _, n := range []int{10, 100, 1000} {
		c, err := Generate(n, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Tools) != n {
			t.Errorf("Generate(%d) has %d tools", n, len(c.Tools))
		}
		again, err := Generate(n, 1)
		if err != nil {
			t.Fatal(err)
		}
		if again.Tools[n-1].Name != c.Tools[n-1].Name {
			t.Errorf("Generate(%d) is not deterministic", n)
		}
	}
}

// LoadFiles names every file by its absolute path, the leading / included,
// in its own errors and in those of the file system.
func TestLoadFilesNamesAbsolutePaths(t *testing.T) {
	dir := t.TempDir() // absolute
	cases := filepath.Join(dir, "cases.jsonl")
	if err := os.WriteFile(cases, []byte(`{"id":"a","language":"en","turn":"hi","expect":null,"catalogue":"nope.json"}
{"id":"b","language":"en","turn":"oops"
`), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.jsonl")
	_, err := LoadFiles(cases, empty, missing)
	if err == nil {
		t.Fatal("LoadFiles = nil error, want errors")
	}
	for _, want := range []string{
		cases + ":1: case a: catalogue nope.json: open " + filepath.Join(dir, "nope.json") + ":",
		cases + ":2: malformed case",
		empty + ": no .jsonl files",
		"stat " + missing + ":",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("LoadFiles error %q\ndoes not say %q", err, want)
		}
	}
}
