package catalogue

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadAgent(t *testing.T) {
	a, err := LoadAgent("testdata/agents/agent.yaml")
	require.NoError(t, err)
	assert.Equal(t, &Agent{Withdrawn: []string{"refund_card", "archive_order", "no_such_tool"},
		Language: "pt-BR", File: "testdata/agents/agent.yaml", Lines: []int{7, 8, 9}}, a)
	assert.Equal(t, 9, a.LineOf("no_such_tool"))
	assert.Equal(t, 0, a.LineOf("get_order"))
	assert.True(t, a.IsWithdrawn("refund_card"))
	assert.True(t, a.IsWithdrawn("no_such_tool"))
	assert.False(t, a.IsWithdrawn("get_order"))

	g, err := LoadAgent("testdata/agents/gateway.yaml")
	require.NoError(t, err)
	assert.Equal(t, []string{"charge_card"}, g.Withdrawn)
	assert.Equal(t, "", g.Language)

	var none *Agent
	assert.False(t, none.IsWithdrawn("get_order"))

	empty, err := ParseAgent("agent.yaml", []byte("\n"))
	require.NoError(t, err)
	assert.Empty(t, empty.Withdrawn)

	_, err = LoadAgent("testdata/agents/missing.yaml")
	assert.Error(t, err)
}

func TestParseAgentErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"withdrawn:\n  - a\n  - b\n  - a\n", "agent.yaml:4: tool \"a\" is withdrawn twice"},
		{"withdrawn:\n  - a\n  - ''\n", "agent.yaml:3: withdrawn tool 2 has no name"},
		{"language: en\nwithdrawn: refund_card\n", "agent.yaml:2: not an agent file: string was used where sequence is expected"},
		{"language: en\nwithdrawn: [a, b\n", "agent.yaml:2: not an agent file"},
		{"language: en\n  bad: indent\n", "agent.yaml:1: not an agent file"},
		{"language: [en]\n", "agent.yaml:1: not an agent file"},
	}
	for _, tt := range tests {
		_, err := ParseAgent("agent.yaml", []byte(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseAgent(%q) = %v, want %q", tt.in, err, tt.want)
		}
	}
}

func TestUnknownWithdrawn(t *testing.T) {
	cat := Default()
	tests := []struct {
		withdrawn []string
		want      []string
	}{
		{[]string{"refund_card", "archive_order"}, nil},
		{[]string{"refund_crd"}, []string{"refund_crd: no such tool; did you mean refund_card?"}},
		{[]string{"Refund_Card", "getorder", "charge-card"}, []string{
			"Refund_Card: no such tool; did you mean refund_card?",
			"getorder: no such tool; did you mean get_order?",
			"charge-card: no such tool; did you mean charge_card?"}},
		{[]string{"no_such_tool", "x"}, []string{"no_such_tool: no such tool", "x: no such tool"}},
		{nil, nil},
	}
	for _, tt := range tests {
		var got []string
		for _, f := range UnknownWithdrawn(cat, tt.withdrawn) {
			assert.Equal(t, LintWithdrawnToolUnknown, f.Lint)
			assert.Equal(t, SeverityWarning, f.Severity)
			require.Len(t, f.Tools, 1)
			got = append(got, f.Tools[0]+": "+f.Message)
		}
		assert.Equal(t, tt.want, got, "UnknownWithdrawn(%q)", tt.withdrawn)
	}
	assert.Nil(t, UnknownWithdrawn(nil, []string{"a"}))
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"refund_crd", "refund_card", 1}, {"kitten", "sitting", 3}, {"pedido", "pedído", 1},
	}
	for _, tt := range tests {
		if got, _ := editDistance([]rune(tt.a), []rune(tt.b), 100, nil); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got, _ := editDistance([]rune(tt.b), []rune(tt.a), 100, nil); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.b, tt.a, got, tt.want)
		}
	}
	if got, _ := editDistance([]rune("kitten"), []rune("sitting"), 2, nil); got < 2 {
		t.Errorf("editDistance bounded by 2 = %d, want at least 2", got)
	}
}
