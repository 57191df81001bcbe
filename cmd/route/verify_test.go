package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stalwart-agents/stalwart/catalogue"
)

// writeFile writes a file in a temporary folder and returns its path.
func writeFile(t *testing.T, name, data string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(data), 0o644))
	return p
}

func TestVerifyDefault(t *testing.T) {
	code, stdout, stderr := route("verify")
	require.Equal(t, 0, code, stderr)
	for _, want := range []string{"shop (spec 000): 5 tools", "0 errors", "write_without_compensation", "write_not_retry_safe",
		"write_without_result_schema", "compensation_not_retry_safe", "'refund_card' undoes it and is not retry-safe",
		"Review checklist (spec 004)"} {
		assert.Contains(t, stdout, want)
	}
}

func TestVerifyJSON(t *testing.T) {
	code, stdout, stderr := route("verify", "--catalogue", filepath.Join(testdata, "shop-mcp.json"), "--json")
	require.Equal(t, 0, code, stderr)
	var r catalogue.Report
	require.NoError(t, json.Unmarshal([]byte(stdout), &r))
	assert.Zero(t, r.Errors)
	assert.Equal(t, 4, r.Tools)
	var lints []string
	for _, f := range r.Findings {
		if f.Group == catalogue.GroupLints {
			lints = append(lints, f.Lint+" "+f.Tools[0])
		}
	}
	assert.Equal(t, []string{
		"write_without_compensation refund_card", "write_without_compensation archive_order",
		"write_not_retry_safe charge_card", "write_not_retry_safe refund_card", "write_not_retry_safe archive_order",
		"write_without_result_schema charge_card", "write_without_result_schema refund_card", "write_without_result_schema archive_order",
		"compensation_not_retry_safe charge_card",
	}, lints)
}

const twoOrders = `{"tools": [
  {"name": "get_order", "description": "Show an order.", "annotations": {"readOnlyHint": true},
   "inputSchema": {"type": "object", "properties": {"order_id": {"type": "string"}}}},
  {"name": "fetch_order", "description": "Fetch an order.", "annotations": {"readOnlyHint": true},
   "inputSchema": {"type": "object", "properties": {"order_id": {"type": "string"}}}}
]}`

// An error in the catalogue exits 1, after the report.
func TestVerifyErrorExits1(t *testing.T) {
	cat := writeFile(t, "orders.json", twoOrders)
	code, stdout, stderr := route("verify", "--catalogue", cat)
	assert.Equal(t, 1, code)
	assert.Contains(t, stdout, "tools_indistinguishable")
	assert.Contains(t, stdout, "get_order, fetch_order")
	assert.Contains(t, stdout, `turn "`)
	assert.Contains(t, stdout, "fix: ")
	assert.Contains(t, stderr, "route: verify: 1 error(s) in the catalogue")

	// Withdrawn, fetch_order is not linted for ambiguity.
	agent := writeFile(t, "agent.yaml", "language: en\nwithdrawn:\n  - fetch_order\n")
	code, stdout, stderr = route("verify", "--catalogue", cat, "--agent", agent, "--json")
	assert.Equal(t, 0, code, stderr)
	var r catalogue.Report
	require.NoError(t, json.Unmarshal([]byte(stdout), &r))
	assert.Equal(t, []string{"en"}, r.Languages)
	assert.Zero(t, r.Errors)
}

func TestVerifyBadUsage(t *testing.T) {
	tests := []struct {
		args []string
		code int
	}{
		{[]string{"verify", "extra"}, 2},
		{[]string{"verify", "--nope"}, 2},
		{[]string{"verify", "--catalogue", filepath.Join(t.TempDir(), "missing.json")}, 1},
		{[]string{"verify", "--agent", writeFile(t, "agent.yaml", "language: fr\n")}, 1},
		{[]string{"verify", "--agent", writeFile(t, "agent.yaml", "withdrawn: [a, a]\n")}, 1},
		{[]string{"verify", "--catalogue", writeFile(t, "bad.json", "{\"tools\": [\n{\"name\": 1}]}")}, 1},
	}
	for _, tt := range tests {
		code, _, stderr := route(tt.args...)
		assert.Equal(t, tt.code, code, "route %v: %s", tt.args, stderr)
		assert.NotEmpty(t, stderr, "route %v", tt.args)
	}
}

// A golden turn the catalogue routes wrong is an error naming the turn,
// its line and what it got; the golden turns of the shop hold for it.
func TestVerifyTurns(t *testing.T) {
	golden := filepath.Join("..", "..", "review", "testdata", "shop-golden.jsonl")
	code, stdout, stderr := route("verify", "--turns", golden)
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, stdout, "golden_turn_missed")

	changed := filepath.Join("..", "..", "review", "testdata", "shop-changed.json")
	code, stdout, stderr = route("verify", "--catalogue", changed, "--turns", golden)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "route: verify: 2 error(s) in the catalogue")
	assert.Contains(t, stdout, golden+`:2: "what is the status of order 17" expects get_order, got selected show_order (read); the catalogue holds no get_order`)

	code, stdout, stderr = route("verify", "--catalogue", changed, "--turns", golden, "--json")
	assert.Equal(t, 1, code, stderr)
	var r catalogue.Report
	require.NoError(t, json.Unmarshal([]byte(stdout), &r))
	assert.Equal(t, 2, r.Errors)
	for _, f := range r.Findings[:2] {
		assert.Equal(t, "golden_turn_missed", f.Lint)
		assert.Equal(t, catalogue.SeverityError, f.Severity)
		assert.NotEmpty(t, f.Turn)
	}

	// A none turn that reaches a tool is a miss too.
	none := writeFile(t, "none.jsonl", `{"turn": "archive order 9", "language": "en", "expect": null}`+"\n")
	code, stdout, _ = route("verify", "--turns", none)
	assert.Equal(t, 1, code)
	assert.Contains(t, stdout, `none.jsonl:1: "archive order 9" expects none, got selected archive_order (write)`)

	code, _, stderr = route("verify", "--turns", writeFile(t, "bad.jsonl", "{\"turn\": \"x\", \"language\": \"fr\", \"expect\": null}\n"))
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, `bad.jsonl:1: golden turn "x": unsupported language "fr"`)
}

// A withdrawn name the catalogue lacks is a warning of its own, naming the
// agent file's line and the closest tool; --strict makes warnings fail.
func TestVerifyUnknownWithdrawn(t *testing.T) {
	agent := writeFile(t, "agent.yaml", "language: en\nwithdrawn:\n  - refund_crd\n")
	code, stdout, stderr := route("verify", "--agent", agent)
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `(?m)^  warning\s+withdrawn_tool_unknown\s+refund_crd\s+`+regexp.QuoteMeta(agent)+`:3: no such tool; did you mean refund_card\?$`, stdout)

	code, stdout, stderr = route("verify", "--agent", agent, "--json")
	require.Equal(t, 0, code, stderr)
	var r catalogue.Report
	require.NoError(t, json.Unmarshal([]byte(stdout), &r))
	var found []catalogue.Finding
	for _, f := range r.Findings {
		if f.Lint == catalogue.LintWithdrawnToolUnknown {
			found = append(found, f)
		}
	}
	require.Len(t, found, 1)
	assert.Equal(t, []string{"refund_crd"}, found[0].Tools)
	assert.Equal(t, catalogue.SeverityWarning, found[0].Severity)

	code, _, stderr = route("verify", "--agent", agent, "--strict")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "warning(s) in the catalogue, and --strict")

	// A catalogue with no warnings passes --strict.
	clean := writeFile(t, "clean.json", `{"format": 1, "tools": []}`)
	code, _, stderr = route("verify", "--catalogue", clean, "--strict")
	assert.Equal(t, 0, code, stderr)
}
