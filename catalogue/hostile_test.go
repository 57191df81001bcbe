package catalogue

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// deep returns open n times, then close n times.
func deep(open, close string, n int) string {
	return strings.Repeat(open, n) + strings.Repeat(close, n)
}

// laughs is a YAML document whose aliases multiply to ten million values.
func laughs() string {
	var b strings.Builder
	b.WriteString("openapi: 3.1.0\na: &a [x, x, x, x, x, x, x, x, x, x]\n")
	prev := "a"
	for _, name := range []string{"b", "c", "d", "e", "f", "g"} {
		fmt.Fprintf(&b, "%s: &%s [*%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s]\n", name, name, prev, prev, prev, prev, prev, prev, prev, prev, prev, prev)
		prev = name
	}
	return b.String()
}

// hostileSources are the bad inputs a catalogue source has been tried with,
// and what Import says of each ("" where it is read). Every one ends
// within a second, without a panic, naming the file.
var hostileSources = []struct {
	name, in, want string
}{
	{"empty", "", "c.json:1: empty document"},
	{"white space", "  \n\t", "c.json:1: empty document"},
	{"NUL bytes", "\x00\x00", "c.json:1: not a catalogue source"},
	{"not UTF-8", "\xff\xfe{", "c.json:1: not a catalogue source"},
	{"terminal escapes", "\x1b[31mred\x1b[0m", "c.json:1: not a catalogue source"},
	{"a JSON string", `"tools"`, "c.json:1: not a catalogue source"},
	{"byte order mark", "\ufeff{\"format\": 1, \"tools\": []}", ""},
	{"cut short", "{\"format\": 1,\n\"tools\": [", "c.json:2: malformed JSON: unexpected end of file"},
	{"two documents", "{\"format\": 1, \"tools\": []}\n{}", "c.json:2: malformed JSON: more than one value"},
	{"a key twice", "{\"tools\": [\n{\"name\": \"a\", \"name\": \"b\"}]}", "c.json:2: key \"name\" appears twice in the object"},
	{"JSON 10,001 deep", deep("[", "]", 10001), "c.json:1: the JSON nests more than 10000 levels deep"},
	{"a schema 10,001 deep", `{"format": 1, "tools": [{"name": "a", "kind": "read", "inputSchema": ` + strings.Repeat(`{"a":`, 10001) + "1" + strings.Repeat("}", 10001) + `}]}`,
		"c.json:1: the JSON nests more than 10000 levels deep"},
	{"a schema 9,990 deep", `{"tools": [{"name": "a", "inputSchema": ` + deep("[", "]", 9990) + `}]}`, ""},
	{"YAML 1,001 deep", strings.Repeat("- ", 1001) + "a\n", "c.json:1: the document nests more than 1000 levels deep"},
	{"a billion laughs", laughs(), "c.json:1: not a valid OpenAPI document: go-yaml load error in constructor at L2.C29: document contains excessive aliasing"},
	{"a $ref cycle", "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      responses: {'200': {$ref: '#/components/responses/r'}}\ncomponents:\n  responses:\n    r: {$ref: '#/components/responses/r'}\n",
		"c.json:6: not a valid OpenAPI document"},
	{"tools not a list", `{"tools": {}}`, "c.json:1: the tools are a object, want an array"},
	{"format 2", `{"format": 2, "tools": []}`, "c.json:1: catalogue format 2, want 1"},
	// A format that is no integer does not make a catalogue file: the
	// document is read as an MCP answer, here with no tools.
	{"format 1e1000", `{"format": 1e1000, "tools": []}`, ""},
	{"a kind of neither", "{\"format\": 1, \"tools\": [\n{\"name\": \"a\",\n\"kind\": \"maybe\"}]}", "c.json:3: tool \"a\" has kind \"maybe\", want read or write"},
	{"no name", "{\"format\": 1, \"tools\": [\n{\"name\": \"a\", \"kind\": \"read\"},\n{\"name\": \"\", \"kind\": \"read\"}]}", "c.json:3: tool 2 has no name"},
	{"a name twice", "{\"format\": 1, \"tools\": [\n{\"name\": \"a\", \"kind\": \"read\"},\n{\"name\": \"a\", \"kind\": \"read\"}]}",
		"c.json:3: tool \"a\" appears twice: first at line 2"},
	{"an unknown field", "{\"format\": 1, \"tools\": [{\"name\": \"a\", \"kind\": \"read\", \"colour\": 1}]}", "unknown field \"colour\""},
	{"a LangChain function with no name", `[{"function": {"name": "a"}}, {"function": {"name": ""}}]`, "c.json:1: tool 2 (): the function has no name"},
}

func TestHostileSources(t *testing.T) {
	for _, tt := range hostileSources {
		start := time.Now()
		c, err := Import("c.json", []byte(tt.in))
		if elapsed := time.Since(start); elapsed > time.Second {
			t.Errorf("%s: Import took %s", tt.name, elapsed)
		}
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: Import(%.60q) = %v, want a catalogue", tt.name, tt.in, err)
		case tt.want == "" && c == nil:
			t.Errorf("%s: Import(%.60q) = no catalogue and no error", tt.name, tt.in)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: Import(%.60q) = %v, want %q", tt.name, tt.in, err, tt.want)
		case err != nil:
			checkFileError(t, "c.json", err)
		}
	}
}

// hostileAgents are the bad agent files tried, and what ParseAgent says.
var hostileAgents = []struct {
	name, in, want string
}{
	{"empty", "", ""},
	{"a name twice", "withdrawn:\n  - a\n  - b\n  - a\n", "agent.yaml:4: tool \"a\" is withdrawn twice"},
	{"an empty name", "withdrawn:\n  - a\n  - ''\n", "agent.yaml:3: withdrawn tool 2 has no name"},
	{"withdrawn not a list", "withdrawn: refund_card\n", "agent.yaml:1: not an agent file"},
	{"a mapping as a name", "withdrawn:\n  - {a: b}\n", "agent.yaml:2: not an agent file"},
	{"tabs", "withdrawn:\n\t- a\n", "agent.yaml:2: not an agent file"},
	// The files carry much else, left alone: a key that is not quite
	// withdrawn withdraws nothing.
	{"NUL bytes", "\x00withdrawn: [a]\n", ""},
	// Found by FuzzParseAgent: goccy/go-yaml's decoder panics on it.
	{"a tag in a list", "withdrawn:\n  ! a\n  - b\n  -\n  - a", "agent.yaml: not an agent file: the YAML decoder failed: runtime error: invalid memory address or nil pointer dereference"},
	{"1,001 deep", "other: " + strings.Repeat("[", 1001) + strings.Repeat("]", 1001) + "\nwithdrawn: [a]\n", "levels deep"},
}

func TestHostileAgents(t *testing.T) {
	for _, tt := range hostileAgents {
		a, err := ParseAgent("agent.yaml", []byte(tt.in))
		switch {
		case tt.want == "" && (err != nil || a == nil):
			t.Errorf("%s: ParseAgent(%q) = %v, want an agent", tt.name, tt.in, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: ParseAgent(%q) = %v, want %q", tt.name, tt.in, err, tt.want)
		}
	}
}

// hostileVocabularies are the bad vocabulary files tried, and what
// ParseVocabulary says.
var hostileVocabularies = []struct {
	name, in, want string
}{
	{"a list", "- a\n", "v.yaml:1: a vocabulary file is a mapping"},
	{"an unknown language", "words:\n  fr:\n    a: b\n", "v.yaml:2: words: unsupported language \"fr\""},
	{"an empty word", "words:\n  en:\n    '': x\n", "v.yaml:3: an empty word"},
	{"a word twice", "words:\n  en:\n    Chargeback: dispute\n    chargeback: refund\n", "v.yaml:4: word \"chargeback\" is given twice for en"},
	{"phrases not a list", "phrases:\n  a: b\n", "v.yaml:2: phrases of a are a string, want a list"},
	{"an unknown key", "colour: red\n", "v.yaml:1: unknown key \"colour\""},
}

func TestHostileVocabularies(t *testing.T) {
	for _, tt := range hostileVocabularies {
		_, err := ParseVocabulary("v.yaml", []byte(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: ParseVocabulary(%q) = %v, want %q", tt.name, tt.in, err, tt.want)
		}
	}
}

// A file that never ends (a device, an endless pipe) is read up to
// MaxFileBytes, then refused.
func TestHostileFiles(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	want := "/dev/zero: the file has more than 64 MiB, the most a file read here may have"
	for name, load := range map[string]func(string) error{
		"ImportFile":     func(p string) error { _, err := ImportFile(p); return err },
		"LoadAgent":      func(p string) error { _, err := LoadAgent(p); return err },
		"LoadVocabulary": func(p string) error { _, err := LoadVocabulary(p); return err },
	} {
		if err := load("/dev/zero"); err == nil || err.Error() != want {
			t.Errorf("%s(/dev/zero) = %v, want %q", name, err, want)
		}
	}
}
