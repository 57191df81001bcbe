package catalogue

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
		{"{\"format\": 1,\n\"tools\": [\n{\"name\": \"a\", \"kind\": \"read\"},\n{\"name\": \"a\", \"kind\": \"read\"}]}", "appears twice"},
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
