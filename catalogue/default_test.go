package catalogue

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDefault(t *testing.T) {
	_, err := buildDefault()
	require.NoError(t, err, "the embedded shop imports")
	c := Default()
	var names []string
	for _, tool := range c.Tools {
		names = append(names, tool.Name+":"+string(tool.Kind))
	}
	assert.Equal(t, []string{"get_order:read", "charge_card:write", "refund_card:write",
		"archive_order:write", "search_orders:read"}, names)
	charge := c.Tool("charge_card").Declarations
	assert.Equal(t, &Compensation{Tool: "refund_card", Arguments: map[string]any{
		"order_id": "$args.order_id", "amount": "$args.amount"}}, charge.Compensation)
	assert.Equal(t, "Idempotency-Key", charge.IdempotencyKey)

	// Each call is a copy: changing one changes no other.
	c.Tools[0].Name = "changed"
	c.Tool("charge_card").Declarations.Compensation.Arguments["amount"] = 0
	d := Default()
	assert.Equal(t, "get_order", d.Tools[0].Name)
	assert.Equal(t, "$args.amount", d.Tool("charge_card").Declarations.Compensation.Arguments["amount"])
}

// The embedded shop is the one in testdata, which the spec prints.
func TestDefaultFilesMatchTestdata(t *testing.T) {
	for _, name := range []string{"shop-mcp.json", "shop-openapi.json"} {
		embedded, err := shopFiles.ReadFile("shop/" + name)
		require.NoError(t, err)
		test, err := os.ReadFile("testdata/" + name)
		require.NoError(t, err)
		assert.True(t, bytes.Equal(embedded, test), "shop/%s and testdata/%s differ", name, name)
	}
}

func BenchmarkDefault(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Default()
	}
}
