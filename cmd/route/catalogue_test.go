package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stalwart-agents/stalwart/catalogue"
)

// testdata is the catalogue package's test data.
const testdata = "../../catalogue/testdata"

// route runs the command line and returns its exit status and output.
func route(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestCatalogueImport(t *testing.T) {
	for _, src := range []string{"shop-mcp.json", "shop-openapi.json", "billing-30.yaml", "shop-langchain.json"} {
		code, stdout, stderr := route("catalogue", "import", filepath.Join(testdata, src))
		require.Equal(t, 0, code, "import %s: %s", src, stderr)
		c, err := catalogue.Unmarshal("stdout", []byte(stdout))
		require.NoError(t, err, src)
		assert.NotEmpty(t, c.Tools, src)
	}

	out := filepath.Join(t.TempDir(), "catalogue.json")
	code, stdout, stderr := route("catalogue", "import", filepath.Join(testdata, "shop-openapi.json"), "--out", out)
	require.Equal(t, 0, code, stderr)
	assert.Empty(t, stdout)
	c, err := catalogue.ImportFile(out)
	require.NoError(t, err)
	assert.NotNil(t, c.Tool("search_orders"))

	ts := filepath.Join("..", "..", "examples", "server")
	code, stdout, stderr = route("catalogue", "import", ts, "--declarations", filepath.Join(ts, "dist"))
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, `"name": "chargeCard"`)
}

// A failed import exits 1, names the file and line, and writes nothing,
// leaving a catalogue already there as it was.
func TestCatalogueImportFailsWritesNothing(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte("{\"tools\": [\n{\"name\": \"a\",\n\"annotations\": {\"readOnlyHint\": 1}}]}"), 0o644))
	out := filepath.Join(dir, "catalogue.json")
	code, _, stderr := route("catalogue", "import", bad, "--out", out)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, bad+":2: ")
	assert.NoFileExists(t, out)

	require.NoError(t, os.WriteFile(out, []byte("kept"), 0o644))
	code, _, stderr = route("catalogue", "import", filepath.Join(testdata, "ts", "undeclared"),
		"--declarations", filepath.Join(testdata, "ts", "undeclared", "dist"), "--out", out)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "tool_kind_undeclared")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "kept", string(data))

	code, _, _ = route("catalogue", "import", filepath.Join(dir, "missing.json"))
	assert.Equal(t, 1, code)

	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "no temporary file left behind")
}

func TestCatalogueImportUsage(t *testing.T) {
	for _, args := range [][]string{
		{"catalogue", "import"},
		{"catalogue", "import", "a.json", "--mcp", "http://localhost:1/mcp"},
		{"catalogue", "import", "a.json", "--timeout", "1s"},
		{"catalogue", "import", "--mcp", "server", "--timeout", "0s"},
		{"catalogue", "import", "--mcp", "server", "--declarations", "dist"},
		{"catalogue", "import", "--timeout", "soon", "--mcp", "server"},
		{"catalogue", "import", "a.json", "b.json"},
		{"catalogue", "list", "extra"},
		{"catalogue", "list", "--colour"},
	} {
		code, _, _ := route(args...)
		assert.Equal(t, 2, code, "route %s", strings.Join(args, " "))
	}
}

func TestCatalogueImportMCP(t *testing.T) {
	server := mcp.NewServer(&mcp.Implementation{Name: "shop", Version: "1"}, nil)
	readOnly := true
	server.AddTool(&mcp.Tool{Name: "get_order", InputSchema: map[string]any{"type": "object"},
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: readOnly}}, nil)
	server.AddTool(&mcp.Tool{Name: "archive_order", InputSchema: map[string]any{"type": "object"}}, nil)
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil))
	defer srv.Close()
	out := filepath.Join(t.TempDir(), "catalogue.json")
	code, _, stderr := route("catalogue", "import", "--mcp", srv.URL, "--timeout", "10s", "--out", out)
	require.Equal(t, 0, code, stderr)
	c, err := catalogue.ImportFile(out)
	require.NoError(t, err)
	require.Len(t, c.Tools, 2)
	assert.Equal(t, catalogue.Read, c.Tool("get_order").Kind)
	assert.Equal(t, catalogue.Write, c.Tool("archive_order").Kind)

	// A server that hangs: a clear error after the timeout, and no file.
	stop := make(chan struct{})
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-stop:
		}
	}))
	defer hang.Close()
	defer close(stop)
	out = filepath.Join(t.TempDir(), "catalogue.json")
	code, _, stderr = route("catalogue", "import", "--mcp", hang.URL, "--timeout", "300ms", "--out", out)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, hang.URL+": the server did not answer within 300ms")
	assert.NoFileExists(t, out)
}

func TestCatalogueList(t *testing.T) {
	code, stdout, stderr := route("catalogue", "list")
	require.Equal(t, 0, code, stderr)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	require.Len(t, lines, 7)
	assert.Regexp(t, `^TOOL\s+KIND\s+RULE\s+WORDS\s+STATUS\s+DECLARATIONS$`, lines[0])
	assert.Regexp(t, `^get_order\s+read\s+mcp:readOnlyHint\s+get order\s+-\s+-$`, lines[1])
	assert.Regexp(t, `^charge_card\s+write\s+mcp:readOnlyHint=false\s+charge card\s+-\s+compensation=refund_card\(amount: \$args.amount, order_id: \$args.order_id\); idempotency_key=Idempotency-Key$`, lines[2])
	assert.Regexp(t, `^search_orders\s+read\s+openapi:x-stalwart-read\s+search orders`, lines[5])
	assert.Equal(t, "5 tools from shop (spec 000)", lines[6])

	agent := filepath.Join(testdata, "agents", "agent.yaml")
	code, stdout, stderr = route("catalogue", "list", "--agent", agent)
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `(?m)^refund_card\s+write\s+mcp:destructiveHint\s+refund card\s+withdrawn\s+-$`, stdout)
	assert.Regexp(t, `(?m)^get_order\s+read\s+mcp:readOnlyHint\s+get order\s+-\s+-$`, stdout)
	assert.Contains(t, stdout, agent+" also withdraws no_such_tool, which the catalogue does not have")

	code, stdout, stderr = route("catalogue", "list", "--catalogue", filepath.Join(testdata, "billing-30.yaml"), "--agent", agent, "--json")
	require.Equal(t, 0, code, stderr)
	var l struct {
		Source string `json:"source"`
		Tools  []struct {
			Name      string   `json:"name"`
			Kind      string   `json:"kind"`
			KindRule  string   `json:"kindRule"`
			Words     []string `json:"words"`
			Withdrawn bool     `json:"withdrawn"`
			Confirm   bool     `json:"confirm"`
		} `json:"tools"`
		WithdrawnAbsent []string `json:"withdrawnAbsent"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &l))
	require.Len(t, l.Tools, 9)
	assert.Equal(t, "listInvoices", l.Tools[1].Name)
	assert.Equal(t, []string{"list", "invoices"}, l.Tools[1].Words)
	assert.Equal(t, "read", l.Tools[1].Kind)
	assert.False(t, l.Tools[1].Confirm)
	assert.True(t, l.Tools[2].Confirm)
	assert.Equal(t, []string{"refund_card", "archive_order", "no_such_tool"}, l.WithdrawnAbsent)

	code, _, stderr = route("catalogue", "list", "--catalogue", filepath.Join(testdata, "missing.json"))
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "missing.json")
	badAgent := filepath.Join(t.TempDir(), "agent.yaml")
	require.NoError(t, os.WriteFile(badAgent, []byte("language: en\nwithdrawn:\n  refund_card: yes\n"), 0o644))
	code, _, stderr = route("catalogue", "list", "--agent", badAgent)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, badAgent+":3: not an agent file")
}
