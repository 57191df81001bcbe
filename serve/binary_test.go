//go:build long

package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// routeBinary builds the route command once for the binary tests.
func routeBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the route command")
	}
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "route-bin-")
		if binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "route")
		out, err := exec.Command("go", "build", "-o", binPath, "github.com/stalwart-agents/stalwart/cmd/route").CombinedOutput()
		if err != nil {
			binErr = errors.New(string(out))
		}
	})
	if binErr != nil {
		t.Fatalf("go build: %v", binErr)
	}
	return binPath
}

func TestBinaryMCPStdio(t *testing.T) {
	bin := routeBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.Command(bin, "serve", "--mcp-stdio")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect: %v\n%s", err, stderr.String())
	}
	tools := listTools(t, cs)
	if len(tools) != 3 {
		t.Errorf("%d tools, want 3", len(tools))
	}
	var sel SelectToolOutput
	raw := checkResult(t, tools[ToolSelect], call(t, cs, ToolSelect, map[string]any{"turn": "show me order 42"}))
	if err := json.Unmarshal(raw, &sel); err != nil {
		t.Fatal(err)
	}
	if sel.Tool != "get_order" || sel.CatalogueVersion == "" {
		t.Errorf("select_tool = %s %q", sel.Outcome, sel.Tool)
	}
	var found FindToolOutput
	raw = checkResult(t, tools[ToolFind], call(t, cs, ToolFind, map[string]any{"query": "charge the card"}))
	if err := json.Unmarshal(raw, &found); err != nil {
		t.Fatal(err)
	}
	if len(found.Tools) == 0 || found.Tools[0].Name != "charge_card" {
		t.Errorf("find_tool = %+v", found.Tools)
	}
	// Closing the session closes standard input: the server exits 0.
	if err := cs.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 0 {
		t.Errorf("exit: %v\n%s", cmd.ProcessState, stderr.String())
	}
	if strings.Contains(stderr.String(), "show me order 42") {
		t.Errorf("the turn is logged at info:\n%s", stderr.String())
	}
}

// TestBinaryHTTPDrainsOnSIGTERM sends SIGTERM while a request is in
// flight: the request is answered and the process exits 0.
func TestBinaryHTTPDrainsOnSIGTERM(t *testing.T) {
	bin := routeBinary(t)
	cmd := exec.Command(bin, "serve", "--http", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(stderr)
	addr := ""
	var logs strings.Builder
	for addr == "" && lines.Scan() {
		logs.WriteString(lines.Text() + "\n")
		var m map[string]any
		if json.Unmarshal(lines.Bytes(), &m) == nil && m["msg"] == "listening" {
			addr, _ = m["address"].(string)
		}
	}
	if addr == "" {
		t.Fatalf("no listening line:\n%s", logs.String())
	}
	rest := make(chan string)
	go func() {
		var b strings.Builder
		for lines.Scan() {
			b.WriteString(lines.Text() + "\n")
		}
		rest <- b.String()
	}()
	pr, pw := io.Pipe()
	answer := make(chan string, 1)
	go func() {
		resp, err := http.Post("http://"+addr+"/v1/select", "application/json", pr)
		if err != nil {
			answer <- err.Error()
			return
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			answer <- err.Error()
			return
		}
		answer <- resp.Status + " " + string(body)
	}()
	if _, err := io.WriteString(pw, `{"turn":"show me`); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // the request is being read
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if _, err := io.WriteString(pw, ` order 42"}`); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	if got := <-answer; !strings.HasPrefix(got, "200 OK") || !strings.Contains(got, `"tool":"get_order"`) {
		t.Errorf("the request in flight at SIGTERM: %s", got)
	}
	// The log is read to its end before Wait, which closes the pipe
	// (os/exec): a line written just before the exit would be lost.
	logText := logs.String() + <-rest
	err = cmd.Wait()
	if err != nil {
		t.Errorf("exit: %v\n%s", err, logText)
	}
	if !strings.Contains(logText, `"msg":"stopped"`) {
		t.Errorf("no stopped line:\n%s", logText)
	}
}

func TestBinaryUsage(t *testing.T) {
	bin := routeBinary(t)
	for _, tt := range []struct {
		args []string
		code int
	}{
		{[]string{"serve"}, 2},
		{[]string{"serve", "--http", "127.0.0.1:0", "--mcp-stdio"}, 2},
		{[]string{"serve", "--http", "127.0.0.1:0", "--lang", "fr"}, 2},
		{[]string{"serve", "--http", "127.0.0.1:0", "--catalogue", "/nonexistent/catalogue.json"}, 1},
	} {
		err := exec.Command(bin, tt.args...).Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != tt.code {
			t.Errorf("route %v: %v, want exit status %d", tt.args, err, tt.code)
		}
	}
}
