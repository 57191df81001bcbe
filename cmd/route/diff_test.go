package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/review"
)

// The review package's fixtures: the shop, the shop changed, its golden
// turns.
var (
	shopFile    = filepath.Join("..", "..", "examples", "shop.json")
	changedFile = filepath.Join("..", "..", "review", "testdata", "shop-changed.json")
	goldenFile  = filepath.Join("..", "..", "review", "testdata", "shop-golden.jsonl")
)

func TestDiffShopChange(t *testing.T) {
	code, stdout, stderr := route("diff", shopFile, changedFile, "--turns", goldenFile)
	assert.Equal(t, 1, code, stderr)
	for _, want := range []string{
		"needs review: 1 point",
		"archive_order  write -> read  its calls no longer need a person's confirmation",
		"renamed  get_order -> show_order",
		"added    cancel_order (write)",
		"appeared     warning  write_without_compensation   cancel_order",
		"Golden turns whose decision changed: 3 of 11",
		`shop-golden.jsonl:6 "file order 64 away" (en), expects archive_order; moved: kind`,
		`shop-golden.jsonl:7 "move order 3 to the archive" (en), expects archive_order; moved: kind`,
		"candidates: archive_order 0.",
		"reason: ",
	} {
		assert.Contains(t, stdout, want)
	}
	assert.Equal(t, "route: diff: 3 golden turns' decisions changed\n", stderr)

	code, stdout, _ = route("diff", shopFile, changedFile, "--turns", goldenFile, "--format", "markdown")
	assert.Equal(t, 1, code)
	assert.True(t, strings.HasPrefix(stdout, "### Catalogue review: `"), stdout)
	assert.Contains(t, stdout, "| `shop-golden.jsonl:7` | move order 3 to the archive | `archive_order` |")

	for _, args := range [][]string{{"--json"}, {"--format", "json"}, {"--json", "--format", "json"}} {
		code, stdout, stderr = route(append([]string{"diff", shopFile, changedFile, "--turns", goldenFile}, args...)...)
		assert.Equal(t, 1, code, stderr)
		var r review.Report
		require.NoError(t, json.Unmarshal([]byte(stdout), &r), args)
		assert.Equal(t, 1, r.ExitStatus)
		assert.Len(t, r.Turns, 3)
		assert.Equal(t, shopFile, r.Old)
	}

	// With no golden file, the turns of the changed tools show what
	// moves; no golden turn, no new error, no read made a write: 0.
	code, stdout, stderr = route("diff", shopFile, changedFile)
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "changed; nothing that needs review")
	assert.Contains(t, stdout, `"cancel order" (en, from cancel_order); moved: outcome, tool, kind`)
}

func TestDiffSame(t *testing.T) {
	code, stdout, stderr := route("diff", shopFile, shopFile, "--turns", goldenFile)
	assert.Equal(t, 0, code, stderr)
	assert.Equal(t, "route diff "+shopFile+" -> "+shopFile+": no change\n", stdout)
	assert.Empty(t, stderr)
}

// A read that becomes a write, or a new error, needs review without a
// golden file.
func TestDiffNeedsReview(t *testing.T) {
	c := catalogue.Default()
	no := false
	c.Tool("get_order").Kind, c.Tool("get_order").Annotations.ReadOnlyHint = catalogue.Write, &no
	c.Tools = append(c.Tools, catalogue.Default().Tool("search_orders").Clone())
	c.Tools[len(c.Tools)-1].Name = "find_orders"
	data, err := c.Marshal()
	require.NoError(t, err)
	changed := writeFile(t, "catalogue.json", string(data))
	code, stdout, stderr := route("diff", shopFile, changed)
	assert.Equal(t, 1, code, stdout)
	assert.Contains(t, stderr, "get_order: a read became a write: every call now needs a person's confirmation")
	assert.Contains(t, stderr, "a new error: tools_indistinguishable (search_orders, find_orders)")
}

// OLD and NEW may be files at git revisions.
func TestDiffGitRevision(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.com",
			"-c", "commit.gpgsign=false"}, args...)...)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	shop, err := os.ReadFile(shopFile)
	require.NoError(t, err)
	changed, err := os.ReadFile(changedFile)
	require.NoError(t, err)
	cat := filepath.Join(dir, "catalogue.json")
	git("init", "-q")
	require.NoError(t, os.WriteFile(cat, shop, 0o644))
	git("add", "catalogue.json")
	git("commit", "-q", "-m", "the shop")
	require.NoError(t, os.WriteFile(cat, changed, 0o644))
	git("commit", "-q", "-am", "the shop changed")
	golden, err := filepath.Abs(goldenFile)
	require.NoError(t, err)

	t.Chdir(dir)
	code, stdout, stderr := route("diff", "HEAD~1:catalogue.json", "catalogue.json", "--turns", golden)
	assert.Equal(t, 1, code, stderr)
	assert.Contains(t, stdout, "route diff HEAD~1:catalogue.json -> catalogue.json: needs review")
	code, stdout, stderr = route("diff", "HEAD:./catalogue.json", "catalogue.json")
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "no change")

	code, _, stderr = route("diff", "HEAD~7:catalogue.json", "catalogue.json")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "git show HEAD~7:catalogue.json: ")
}

func TestDiffBadUsage(t *testing.T) {
	bad := writeFile(t, "bad.json", "{\"tools\": [\n{\"name\": 1}]}")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"diff", shopFile}, "diff needs OLD and NEW, not 1 argument(s)"},
		{[]string{"diff", shopFile, shopFile, shopFile}, "not 3 argument(s)"},
		{[]string{"diff", shopFile, shopFile, "--format", "xml"}, `--format "xml": want text, markdown or json`},
		{[]string{"diff", shopFile, shopFile, "--json", "--format", "markdown"}, "--json and --format markdown ask for two forms"},
		{[]string{"diff", shopFile, shopFile, "--nope"}, "unknown flag"},
		{[]string{"diff", filepath.Join(t.TempDir(), "missing.json"), shopFile}, "missing.json"},
		{[]string{"diff", shopFile, bad}, "bad.json:2"},
		{[]string{"diff", shopFile, shopFile, "--turns", writeFile(t, "g.jsonl", `{"turn": "x"}`)}, "g.jsonl:1: golden turn \"x\" has no expect"},
		{[]string{"diff", shopFile, shopFile, "--turns", writeFile(t, "g.jsonl", "# nothing\n")}, "g.jsonl: no golden turns"},
		{[]string{"diff", shopFile, shopFile, "--turns", writeFile(t, "g.jsonl", `{"turn": "x", "expect": "nope"}`)}, `names tool "nope", which neither catalogue holds`},
		{[]string{"diff", shopFile, shopFile, "--agent", writeFile(t, "agent.yaml", "language: fr\n")}, "agent.yaml"},
	}
	for _, tt := range tests {
		code, stdout, stderr := route(tt.args...)
		assert.Equal(t, 2, code, "route %v: %s", tt.args, stderr)
		assert.Empty(t, stdout, "route %v", tt.args)
		assert.Contains(t, stderr, tt.want, "route %v", tt.args)
	}
}
