package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stalwart-agents/stalwart/router"
)

func TestSelectArgumentsAndCheck(t *testing.T) {
	code, stdout, stderr := route("select", "--json", "refund 20 dollars on order 42")
	require.Equal(t, 0, code, stderr)
	var d router.Decision
	require.NoError(t, json.Unmarshal([]byte(stdout), &d))
	assert.Equal(t, "refund_card", d.Tool)
	assert.Equal(t, map[string]string{"order_id": "42", "amount": "20"}, d.Arguments)
	assert.True(t, d.Confirm)
	require.NotNil(t, d.Check)
	assert.Equal(t, "Refund 20 USD on order 42 with refund_card?", d.Check.Confirmation)
	require.Len(t, d.Bindings, 2)
	assert.Equal(t, router.Binding{Param: "amount", Value: "20", Text: "20 dollars", Start: 7, End: 17, Rule: router.BindMoney}, d.Bindings[0])

	code, stdout, stderr = route("select", "--json", "charge the card for order 42")
	require.Equal(t, 0, code, stderr)
	require.NoError(t, json.Unmarshal([]byte(stdout), &d))
	assert.Equal(t, []string{"amount"}, d.Missing)
	assert.False(t, d.Check.Ready)
}

func TestSelectEvents(t *testing.T) {
	code, stdout, stderr := route("select", "--events", "--json", "refund 20 dollars on order 42")
	require.Equal(t, 0, code, stderr)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	require.Len(t, lines, 3, stdout)
	for i, want := range []struct {
		typ   string
		start bool
	}{{"tool_start", true}, {"tool_end", false}} {
		var e map[string]any
		require.NoError(t, json.Unmarshal([]byte(lines[i]), &e))
		assert.Equal(t, want.typ, e["type"])
		assert.Equal(t, "query_catalog", e["toolName"])
		assert.Equal(t, want.start, e["start"])
		for _, k := range []string{"domain", "action", "result", "error", "display"} {
			assert.Contains(t, e, k, "event %d", i)
		}
	}
	var d router.Decision
	require.NoError(t, json.Unmarshal([]byte(lines[2]), &d))
	assert.Equal(t, "refund_card", d.Tool)

	// Without --json the events still come first, as JSON lines.
	code, stdout, _ = route("select", "--events", "archive order 7")
	require.Equal(t, 0, code)
	lines = strings.Split(strings.TrimSpace(stdout), "\n")
	require.Len(t, lines, 3, stdout)
	assert.True(t, strings.HasPrefix(lines[2], "selected archive_order"), lines[2])
}

func TestSelectScopes(t *testing.T) {
	code, stdout, stderr := route("select", "--json", "--scopes", "orders:read", "charge the card for order 42")
	require.Equal(t, 0, code, stderr)
	var d router.Decision
	require.NoError(t, json.Unmarshal([]byte(stdout), &d))
	// The shop declares no privileges: every tool is granted, and the
	// check says the scopes were checked.
	assert.Equal(t, "charge_card", d.Tool)
	require.NotNil(t, d.Check)
	assert.True(t, d.Check.ScopesChecked)
	assert.True(t, d.Check.Allowed)

	// The LangChain shop's charge_card needs payments:charge.
	shop := filepath.Join(testdata, "shop-langchain.json")
	code, stdout, stderr = route("select", "--json", "--catalogue", shop, "--scopes", "", "charge the card for order 42")
	require.Equal(t, 0, code, stderr)
	d = router.Decision{}
	require.NoError(t, json.Unmarshal([]byte(stdout), &d))
	assert.NotEqual(t, "charge_card", d.Tool)
	for _, c := range d.Candidates {
		assert.NotEqual(t, "charge_card", c.Tool, "a tool the scopes do not grant is no candidate")
	}
	code, stdout, stderr = route("select", "--json", "--catalogue", shop, "--scopes", "payments:charge", "charge 20 dollars to the card for order 42")
	require.Equal(t, 0, code, stderr)
	d = router.Decision{}
	require.NoError(t, json.Unmarshal([]byte(stdout), &d))
	assert.Equal(t, "charge_card", d.Tool)
	require.NotNil(t, d.Check)
	assert.Equal(t, "payments:charge", d.Check.Privilege)
	assert.True(t, d.Check.Ready)
	require.NotNil(t, d.Check.Compensation)
	assert.Equal(t, map[string]any{"order_id": "42", "amount": "20"}, d.Check.Compensation.Arguments)
}

func TestSelectExplainBindings(t *testing.T) {
	code, stdout, stderr := route("select", "--explain", "refund 20 dollars on order 42")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, `bound: order_id = 42 from "42" [27,29] by noun`)
	assert.Contains(t, stdout, "confirm: Refund 20 USD on order 42 with refund_card?")
}

// routeIn runs the command line with stdin as its standard input.
func routeIn(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// A line too long to be a turn is reported with its number, and the lines
// after it are still decided.
func TestSelectLinesTooLong(t *testing.T) {
	long := strings.Repeat("a", 100<<10)
	in := "show me order 42\n" + long + "\n" + strings.Repeat("b", 20<<10) + "\r\narchive order 7\r\n\nrefund order 9"
	code, stdout, stderr := routeIn(in, "select")
	assert.Equal(t, 1, code)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	require.Len(t, lines, 3, stdout)
	assert.True(t, strings.HasPrefix(lines[0], "selected get_order"), lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "selected archive_order"), lines[1])
	assert.Contains(t, lines[2], "refund")
	assert.Contains(t, stderr, "route: standard input:2: the line is 102400 bytes, more than the 16384 a turn may have\n")
	assert.Contains(t, stderr, "route: standard input:3: the turn is 20480 bytes, more than the 16384 a turn may have\n")
	assert.Contains(t, stderr, "2 line(s) of standard input were not turns")
	assert.NotContains(t, stderr, "token too long")
}

func TestReadLine(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		lens []int
	}{
		{"a\nbc\r\n\nd", []string{"a", "bc", "", "d"}, []int{1, 2, 0, 1}},
		{"abcdef\nxy\n", []string{"abcde", "xy"}, []int{6, 2}},
		{"abcde\r\n", []string{"abcde"}, []int{5}},
		{"", nil, nil},
	}
	for _, tt := range tests {
		r := bufio.NewReaderSize(strings.NewReader(tt.in), 16)
		var got []string
		var lens []int
		for {
			line, n, err := readLine(r, 4)
			if n == 0 && err == io.EOF {
				break
			}
			got = append(got, string(line[:min(len(line), n)]))
			lens = append(lens, n)
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
		}
		assert.Equal(t, tt.want, got, "readLine(%q)", tt.in)
		assert.Equal(t, tt.lens, lens, "readLine(%q) lengths", tt.in)
	}
}

// A withdrawn name the catalogue lacks is warned of on stderr, with the
// closest tool name; the turn is still decided.
func TestSelectWarnsUnknownWithdrawn(t *testing.T) {
	agent := filepath.Join(t.TempDir(), "agent.yaml")
	require.NoError(t, os.WriteFile(agent, []byte("language: en\nwithdrawn:\n  - refund_crd\n  - archive_order\n"), 0o644))
	code, stdout, stderr := route("select", "--agent", agent, "archive order 7")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "route: warning: "+agent+":3: withdrawn tool refund_crd: no such tool; did you mean refund_card?\n", stderr)
	assert.True(t, strings.HasPrefix(stdout, "withdrawn"), stdout)
}
