package catalogue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serverEnv makes the test binary, started again with it set, an MCP server
// over standard input and output (or a broken one): see TestMain.
const serverEnv = "STALWART_CATALOGUE_TEST_SERVER"

func TestMain(m *testing.M) {
	switch os.Getenv(serverEnv) {
	case "":
		os.Exit(m.Run())
	case "shop":
		if err := shopServer(2).Run(context.Background(), &mcp.StdioTransport{}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	case "hang":
		// Reads nothing, answers nothing.
		time.Sleep(time.Minute)
		os.Exit(0)
	case "garbage":
		for range 100 {
			fmt.Println("<html>this is not an MCP server</html>")
		}
		time.Sleep(time.Minute)
		os.Exit(0)
	case "flood":
		// Sends notifications without end, each one small.
		line := []byte(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"` + strings.Repeat("a", 200) + `"}}` + "\n")
		for {
			if _, err := os.Stdout.Write(line); err != nil {
				os.Exit(0)
			}
		}
	case "die":
		fmt.Fprintln(os.Stderr, "cannot open the shop database")
		os.Exit(3)
	}
}

// shopServer serves spec 000's shop, pageSize tools a page.
func shopServer(pageSize int) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "shop", Version: "1"}, &mcp.ServerOptions{PageSize: pageSize})
	data, err := shopFiles.ReadFile("shop/shop-mcp.json")
	if err != nil {
		panic(err)
	}
	var list struct {
		Tools []*mcp.Tool `json:"tools"`
	}
	if err := json.Unmarshal(data, &list); err != nil {
		panic(err)
	}
	for _, t := range list.Tools {
		s.AddTool(t, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	}
	return s
}

// checkShop checks a catalogue imported live against the shop's MCP list.
func checkShop(t *testing.T, c *Catalogue, source string) {
	t.Helper()
	want, err := ImportFile("testdata/shop-mcp.json")
	require.NoError(t, err)
	assert.Equal(t, source, c.Source)
	// The SDK's server lists its tools in its own order (by name); the
	// catalogue keeps the order the server gave.
	require.Len(t, c.Tools, len(want.Tools))
	for _, w := range want.Tools {
		got := c.Tool(w.Name)
		require.NotNil(t, got, "tool %s", w.Name)
		assert.Equal(t, w.Kind, got.Kind, "%s kind", w.Name)
		assert.Equal(t, w.Declarations, got.Declarations, "%s declarations", w.Name)
		assert.Equal(t, w.Annotations.Effective(), got.Annotations.Effective(), "%s hints", w.Name)
		assert.JSONEq(t, string(w.InputSchema), string(got.InputSchema), "%s input schema", w.Name)
	}
	assert.Equal(t, "mcp:destructiveHint", c.Tool("refund_card").KindRule)
	assert.Equal(t, "mcp:readOnlyHint", c.Tool("get_order").KindRule)
}

func TestImportMCPInMemory(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := shopServer(3).Connect(ctx, st, nil)
	require.NoError(t, err)
	defer ss.Close()
	c, err := importOver(ctx, "memory", ct)
	require.NoError(t, err)
	checkShop(t, c, "memory")
}

func TestImportMCPHTTP(t *testing.T) {
	server := shopServer(1)
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := ImportMCP(ctx, srv.URL)
	require.NoError(t, err)
	checkShop(t, c, srv.URL)
}

func TestImportMCPSSE(t *testing.T) {
	server := shopServer(2)
	srv := httptest.NewServer(mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return server }, nil))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := ImportMCP(ctx, srv.URL)
	require.NoError(t, err)
	checkShop(t, c, srv.URL)
}

func TestImportMCPStdio(t *testing.T) {
	t.Setenv(serverEnv, "shop")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	command := quoteCommand(os.Args[0]) + " -test.run=^$"
	c, err := ImportMCP(ctx, command)
	require.NoError(t, err)
	checkShop(t, c, command)
}

func quoteCommand(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// importError runs ImportMCP and checks that it fails with an *Error naming
// the server, quickly.
func importError(t *testing.T, address string, timeout time.Duration) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	start := time.Now()
	c, err := ImportMCP(ctx, address)
	elapsed := time.Since(start)
	require.Error(t, err)
	assert.Nil(t, c)
	var e *Error
	require.True(t, errors.As(err, &e), "error %T %v is not an *Error", err, err)
	assert.Equal(t, address, e.File)
	assert.Less(t, elapsed, timeout+3*time.Second, "ImportMCP took %s", elapsed)
	t.Logf("ImportMCP(%q) = %v", address, err)
	return err.Error()
}

func TestImportMCPHangs(t *testing.T) {
	stop := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-stop:
		}
	}))
	defer srv.Close()
	defer close(stop)
	importHangs(t, srv.URL, 400*time.Millisecond)

	t.Setenv(serverEnv, "hang")
	importHangs(t, quoteCommand(os.Args[0]), 400*time.Millisecond)
}

// waitedFor reads the time a timeout error says the import waited.
var waitedFor = regexp.MustCompile(`did not answer within (\S+) \(raise --timeout`)

// importHangs imports from a server that never answers, under a context
// that ends after timeout, and checks that the import waited for the
// context's end (not less), gave up soon after it, and said how long it
// had waited: no more than timeout, since the context was made before the
// import began.
func importHangs(t *testing.T, address string, timeout time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	start := time.Now()
	c, err := ImportMCP(ctx, address)
	elapsed := time.Since(start)
	require.Error(t, err)
	assert.Nil(t, c)
	assert.ErrorIs(t, ctx.Err(), context.DeadlineExceeded, "ImportMCP(%q) gave up before its context ended: %v", address, err)
	assert.Less(t, elapsed, timeout+3*time.Second, "ImportMCP(%q) took %s", address, elapsed)
	var e *Error
	require.True(t, errors.As(err, &e), "error %T %v is not an *Error", err, err)
	assert.Equal(t, address, e.File)
	m := waitedFor.FindStringSubmatch(err.Error())
	require.NotNil(t, m, "ImportMCP(%q) = %v, want a timeout error", address, err)
	waited, perr := time.ParseDuration(m[1])
	require.NoError(t, perr)
	assert.Greater(t, waited, time.Duration(0), "ImportMCP(%q) = %v", address, err)
	assert.LessOrEqual(t, waited, timeout, "ImportMCP(%q) = %v", address, err)
}

func TestImportMCPBroken(t *testing.T) {
	garbage := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintln(w, "<html>not MCP</html>")
	}))
	defer garbage.Close()
	msg := importError(t, garbage.URL, 5*time.Second)
	assert.Contains(t, msg, "no MCP server answered")

	t.Setenv(serverEnv, "die")
	msg = importError(t, quoteCommand(os.Args[0]), 5*time.Second)
	assert.Contains(t, msg, "cannot open the shop database")
	assert.Contains(t, msg, "exited with status 3")

	t.Setenv(serverEnv, "garbage")
	msg = importError(t, quoteCommand(os.Args[0]), 5*time.Second)
	assert.Contains(t, msg, "could not connect as an MCP client")

	msg = importError(t, "/no/such/mcp-server --flag", 5*time.Second)
	assert.Contains(t, msg, "no such file")
}

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"server", []string{"server"}},
		{"  npx  -y @shop/server ", []string{"npx", "-y", "@shop/server"}},
		{`python "my server.py" --name 'the shop'`, []string{"python", "my server.py", "--name", "the shop"}},
		{`a\ b "c\"d" ''`, []string{"a b", `c"d`, ""}},
	}
	for _, tt := range tests {
		got, err := splitCommand(tt.in)
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, "splitCommand(%q)", tt.in)
	}
	for _, bad := range []string{"", "  ", `a "b`, `a\`} {
		_, err := splitCommand(bad)
		assert.Error(t, err, "splitCommand(%q)", bad)
	}
}

// flood answers every request with a body that never ends: head, then body
// over and over.
func flood(contentType, head, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(http.StatusOK)
		if _, err := io.WriteString(w, head); err != nil {
			return
		}
		chunk := []byte(strings.Repeat(body, 32<<10/len(body)))
		for r.Context().Err() == nil {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}
}

// A server that sends without end, over HTTP, SSE or standard output, is an
// error once MaxBytes are read, before the timeout: the error says so, and
// it comes within the timeout (a loaded machine may take seconds to start
// the server's process, so the bound is the timeout, not a guess at speed).
func TestImportMCPFlood(t *testing.T) {
	const timeout = 10 * time.Second
	tests := []struct {
		name    string
		handler http.HandlerFunc
	}{
		{"json", flood("application/json", `{"jsonrpc":"2.0","id":1,"result":{"x":"`, "a")},
		{"one endless event", flood("text/event-stream", "event: message\ndata: ", "a")},
		{"endless comments", flood("text/event-stream", "", ": still here\n")},
		{"endless events", flood("text/event-stream", "", "event: endpoint\ndata: /mcp\n\n")},
	}
	for _, tt := range tests {
		srv := httptest.NewServer(tt.handler)
		msg := importErrorWith(t, srv.URL, MCPOptions{Timeout: timeout, MaxBytes: 1 << 20}, timeout)
		assert.Contains(t, msg, srv.URL+": the server sent more than 1 MiB", tt.name)
		srv.Close()
	}
	t.Setenv(serverEnv, "flood")
	command := quoteCommand(os.Args[0])
	msg := importErrorWith(t, command, MCPOptions{Timeout: timeout, MaxBytes: 1 << 20}, timeout)
	assert.Contains(t, msg, command+": the server sent more than 1 MiB")
}

// The timeout an error reports is the one given, as given.
func TestImportMCPTimeoutAsGiven(t *testing.T) {
	t.Setenv(serverEnv, "hang")
	command := quoteCommand(os.Args[0])
	msg := importErrorWith(t, command, MCPOptions{Timeout: 300500 * time.Microsecond}, time.Second)
	assert.Contains(t, msg, "did not answer within 300.5ms")
}

// importErrorWith runs ImportMCPWith and checks that it fails with an
// *Error naming the server within limit.
func importErrorWith(t *testing.T, address string, o MCPOptions, limit time.Duration) string {
	t.Helper()
	start := time.Now()
	c, err := ImportMCPWith(context.Background(), address, o)
	elapsed := time.Since(start)
	require.Error(t, err)
	assert.Nil(t, c)
	var e *Error
	require.True(t, errors.As(err, &e), "error %T %v is not an *Error", err, err)
	assert.Equal(t, address, e.File)
	assert.Less(t, elapsed, limit, "ImportMCPWith(%q) took %s", address, elapsed)
	t.Logf("ImportMCPWith(%q) = %v (%s)", address, err, elapsed.Round(time.Millisecond))
	return err.Error()
}
