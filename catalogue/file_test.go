package catalogue

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRoundTrip(t *testing.T) {
	for _, src := range []string{"testdata/shop-mcp.json", "testdata/shop-openapi.json", "testdata/billing-30.yaml"} {
		c, err := ImportFile(src)
		require.NoError(t, err, src)
		data, err := c.Marshal()
		require.NoError(t, err)
		back, err := Unmarshal("catalogue.json", data)
		require.NoError(t, err, src)
		assert.Equal(t, c, back, "Unmarshal(Marshal(%s))", src)
		again, err := back.Marshal()
		require.NoError(t, err)
		assert.Equal(t, string(data), string(again), "Marshal is stable")
		// A catalogue file imports as itself.
		imported, err := Import("catalogue.json", data)
		require.NoError(t, err)
		assert.Equal(t, c, imported)
	}
	d := Default()
	data, err := d.Marshal()
	require.NoError(t, err)
	back, err := Unmarshal("default.json", data)
	require.NoError(t, err)
	assert.Equal(t, d, back)
}

func TestUnmarshalErrors(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"{\"format\": 1,\n\"tools\": [\n{\"name\": \"a\", \"kind\": \"read\",}]}", "c.json:3: malformed JSON"},
		{"{\"format\": 2, \"tools\": []}", "c.json:1: catalogue format 2, want 1"},
		{"{\"format\": 1,\n\"tools\": [\n{\"name\": \"a\", \"kind\": \"maybe\"}]}", "c.json:3: tool \"a\" has kind \"maybe\""},
		{"{\"format\": 1,\n\"tools\": [\n{\"name\": \"a\", \"kind\": \"read\"},\n{\"name\": \"a\", \"kind\": \"read\"}]}", "c.json:4: tool \"a\" appears twice: first at line 3"},
		{"{\"format\": 1,\n\"tools\": [\n{\"name\": \"a\", \"kind\": \"read\"},\n{\"name\": \"\", \"kind\": \"read\"}]}", "c.json:4: tool 2 has no name"},
		{"{\"format\": 1,\n\"tools\": [\n{\"name\": \"a\",\n\"kind\": \"maybe\"}]}", "c.json:4: tool \"a\" has kind \"maybe\""},
		{"{\"format\": 1,\n\"tools\": [\n{\"name\": \"a\", \"kind\": \"read\", \"declarations\": {\"domain\": \"x\"}}]}", "c.json:3: tool \"a\": domain \"x\""},
		{"{\"format\": 1,\n\"tools\": [\n{\"name\": \"a\", \"kind\": \"read\", \"colour\": 1}]}", "unknown field"},
		{"{\"format\": 1, \"tools\": []} {}", "more than one value"},
	}
	for _, tt := range tests {
		_, err := Unmarshal("c.json", []byte(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Unmarshal(%q) = %v, want %q", tt.in, err, tt.want)
		}
	}
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "catalogue.json")
	require.NoError(t, Default().WriteFile(out))
	c, err := ImportFile(out)
	require.NoError(t, err)
	assert.Equal(t, Default(), c)
	info, err := os.Stat(out)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), info.Mode().Perm())
	// Only the file: no temporary left behind.
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1)
	// A folder that does not exist: an error and nothing written.
	assert.Error(t, Default().WriteFile(filepath.Join(dir, "no", "such", "catalogue.json")))
}

// badCatalogue returns a catalogue file of n tools, one a line group, each
// with a kind that is neither read nor write and every second one named
// as the one before it.
func badCatalogue(n int) []byte {
	var b strings.Builder
	b.WriteString("{\"format\": 1,\n\"tools\": [\n")
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "{\"name\": \"tool_%d\",\n\"description\": \"Does a thing with words in it.\",\n\"kind\": \"maybe\"}", i/2)
	}
	b.WriteString("]}\n")
	return []byte(b.String())
}

// Every error of a large bad catalogue is reported, each at its line, in
// time linear in the file.
func TestUnmarshalManyErrors(t *testing.T) {
	const n = 10000
	data := badCatalogue(n)
	start := time.Now()
	_, err := Unmarshal("c.json", data)
	elapsed := time.Since(start)
	var errs ErrorList
	require.ErrorAs(t, err, &errs)
	require.Len(t, errs, n+n/2, "one bad kind per tool, one repeat per pair")
	kinds, dups := 0, 0
	for _, e := range errs {
		switch {
		case strings.Contains(e.Msg, "has kind"):
			kinds++
		case strings.Contains(e.Msg, "appears twice"):
			dups++
		}
	}
	assert.Equal(t, n, kinds)
	assert.Equal(t, n/2, dups)
	// Tool i starts on line 3+3i; its kind is two lines below.
	last := errs[len(errs)-1]
	assert.Equal(t, fmt.Sprintf("c.json:%d: tool \"tool_%d\" has kind \"maybe\", want read or write", 3+3*(n-1)+2, (n-1)/2), last.Error())
	assert.Contains(t, errs.Error(), fmt.Sprintf("c.json:%d: tool \"tool_1\" appears twice: first at line %d", 3+3*3, 3+3*2))
	assert.Less(t, elapsed, 2*time.Second, "Unmarshal of %d bad tools took %s", n, elapsed)
}

func BenchmarkUnmarshalErrors(b *testing.B) {
	data := badCatalogue(10000)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Unmarshal("c.json", data); err == nil {
			b.Fatal("no error")
		}
	}
}
