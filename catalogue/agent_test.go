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
		Language: "pt-BR", File: "testdata/agents/agent.yaml"}, a)
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
