package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stalwart-agents/stalwart/catalogue"
)

// routeEnv makes the test binary, started again with it set, the route
// command: its arguments follow "--".
const routeEnv = "STALWART_ROUTE_TEST_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(routeEnv) != "" {
		for i, a := range os.Args {
			if a == "--" {
				os.Exit(run(os.Args[i+1:], os.Stdin, os.Stdout, os.Stderr))
			}
		}
		os.Exit(2)
	}
	os.Exit(m.Run())
}

// routeProcess runs route as a process of its own, so its memory can be
// measured, and returns its exit status, standard error, peak memory in
// bytes and how long it ran.
func routeProcess(t *testing.T, args ...string) (code int, stderr string, peak int64, elapsed time.Duration) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), routeEnv+"=1")
	var errOut strings.Builder
	cmd.Stderr = &errOut
	start := time.Now()
	err := cmd.Run()
	elapsed = time.Since(start)
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("route %s: %v", strings.Join(args, " "), err)
	}
	return cmd.ProcessState.ExitCode(), errOut.String(), maxRSS(cmd.ProcessState), elapsed
}

// endless serves an answer that never ends: head, then body over and over.
func endless(contentType, head, body string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		if _, err := io.WriteString(w, head); err != nil {
			return
		}
		chunk := []byte(strings.Repeat(body, 64<<10/len(body)))
		for r.Context().Err() == nil {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}))
}

// trickle serves an event stream that never ends: an empty event every
// millisecond.
func trickle() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		flusher, _ := w.(http.Flusher)
		for r.Context().Err() == nil {
			if _, err := io.WriteString(w, ": still here\n\n"); err != nil {
				return
			}
			if flusher != nil {
				flusher.Flush()
			}
			time.Sleep(time.Millisecond)
		}
	}))
}

// An MCP server that sends without end: route stops at --max-bytes (64
// MiB by default) or at a message of more than 16 MiB, well within its
// timeout and 200 MB of memory, and writes nothing.
func TestCatalogueImportFlood(t *testing.T) {
	tests := []struct {
		name string
		srv  *httptest.Server
		want string
	}{
		{"one endless answer", endless("application/json", `{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"`, "a"),
			"the server sent a message of more than 16 MiB"},
		{"one endless event", endless("text/event-stream", "event: message\ndata: ", "a"),
			"the server sent a message of more than 16 MiB"},
		{"endless small events", endless("text/event-stream", "", ": still here\n"),
			"the server sent more than 64 MiB"},
	}
	for _, tt := range tests {
		out := filepath.Join(t.TempDir(), "catalogue.json")
		code, stderr, peak, elapsed := routeProcess(t, "catalogue", "import", "--mcp", tt.srv.URL, "--timeout", "5s", "--out", out)
		tt.srv.Close()
		assert.Equal(t, 1, code, "%s: %s", tt.name, stderr)
		assert.Contains(t, stderr, tt.srv.URL+": "+tt.want, tt.name)
		assert.Less(t, elapsed, 6*time.Second, tt.name)
		if peak > 0 && !raceDetector {
			assert.Less(t, peak, int64(200_000_000), "%s: route's peak memory", tt.name)
		}
		t.Logf("%s: route stopped after %s at a peak of %d MiB", tt.name, elapsed.Round(time.Millisecond), peak>>20)
		assert.NoFileExists(t, out, tt.name)
	}

	// A lower limit stops sooner; a trickle of events that outlasts the
	// timeout ends with it (a flood as fast as the machine goes could
	// reach another limit first).
	srv := endless("text/event-stream", "", ": still here\n")
	defer srv.Close()
	code, _, stderr := route("catalogue", "import", "--mcp", srv.URL, "--max-bytes", "256KiB")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "the server sent more than 256 KiB (raise --max-bytes")
	slow := trickle()
	defer slow.Close()
	start := time.Now()
	code, _, stderr = route("catalogue", "import", "--mcp", slow.URL, "--max-bytes", "1GiB", "--timeout", "300ms")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "did not answer within 300ms")
	assert.Less(t, time.Since(start), 1300*time.Millisecond)
}

// A server command that does not answer is gone, with what it started,
// when route returns; the timeout is reported as it was given.
func TestCatalogueImportLeavesNoProcess(t *testing.T) {
	pids := filepath.Join(t.TempDir(), "pids")
	command := fmt.Sprintf(`sh -c 'echo $$ > %s; sleep 100 & echo $! >> %[1]s; wait'`, pids)
	start := time.Now()
	code, _, stderr := route("catalogue", "import", "--mcp", command, "--timeout", "300500us")
	assert.Equal(t, 1, code)
	assert.Less(t, time.Since(start), 1300*time.Millisecond)
	assert.Contains(t, stderr, "did not answer within 300.5ms")
	data, err := os.ReadFile(pids)
	require.NoError(t, err)
	for _, f := range strings.Fields(string(data)) {
		var pid int
		_, err := fmt.Sscan(f, &pid)
		require.NoError(t, err)
		assert.True(t, gone(pid, 2*time.Second), "process %d still runs after route returned", pid)
	}
}

func TestCatalogueImportMaxBytesUsage(t *testing.T) {
	for _, args := range [][]string{
		{"catalogue", "import", "a.json", "--max-bytes", "1MiB"},
		{"catalogue", "import", "--mcp", "server", "--max-bytes", "0"},
		{"catalogue", "import", "--mcp", "server", "--max-bytes", "lots"},
		{"catalogue", "import", "--mcp", "server", "--max-bytes", "12 parsecs"},
	} {
		code, _, stderr := route(args...)
		assert.Equal(t, 2, code, "route %s: %s", strings.Join(args, " "), stderr)
	}
}

func TestByteSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
	}{
		{"1", 1}, {"512KiB", 512 << 10}, {"64MiB", 64 << 20}, {"2g", 2 << 30}, {"10 B", 10}, {"3k", 3 << 10},
	}
	for _, tt := range tests {
		var s byteSize
		if err := s.Set(tt.in); err != nil || int64(s) != tt.want {
			t.Errorf("Set(%q) = %d, %v, want %d", tt.in, s, err, tt.want)
		}
	}
	for _, bad := range []string{"", "-1", "0", "MiB", "1.5MiB", "1TiB", "99999999999999999999"} {
		var s byteSize
		if err := s.Set(bad); err == nil {
			t.Errorf("Set(%q) = %d, want an error", bad, s)
		}
	}
	s := byteSize(catalogue.DefaultMaxBytes)
	assert.Equal(t, "64MiB", s.String())
}

// --out writes only a regular file: a FIFO or a symbolic link is refused
// with an error naming the path given, and left as it was.
func TestCatalogueImportOutOnlyRegular(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(testdata, "shop-mcp.json")
	target := filepath.Join(dir, "target.json")
	require.NoError(t, os.WriteFile(target, []byte("kept"), 0o600))
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink(target, link))
	code, stdout, stderr := route("catalogue", "import", src, "--out", link)
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "route: "+link+": is a symbolic link, not a regular file: a catalogue is written only to a regular file\n", stderr)
	info, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, info.Mode()&os.ModeSymlink)

	if fifo, ok := makeFIFO(t, dir); ok {
		code, _, stderr = route("catalogue", "import", src, "--out", fifo)
		assert.Equal(t, 1, code)
		assert.Contains(t, stderr, fifo+": is a FIFO, not a regular file")
	}

	// A file already there keeps its mode.
	code, _, stderr = route("catalogue", "import", src, "--out", target)
	require.Equal(t, 0, code, stderr)
	info, err = os.Stat(target)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())

	// An error names the path given, not the temporary file.
	missing := filepath.Join(dir, "no", "catalogue.json")
	code, _, stderr = route("catalogue", "import", src, "--out", missing)
	assert.Equal(t, 1, code)
	assert.True(t, strings.HasPrefix(stderr, "route: "+missing+": could not write the catalogue: "), stderr)
	assert.NotContains(t, stderr, ".catalogue.json.")
}
