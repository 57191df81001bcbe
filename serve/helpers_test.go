package serve

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stalwart-agents/stalwart/catalogue"
)

// testCatalogue is the shop with declared domains and a privilege: the
// order tools are connectors, the card tools agents, and the card tools
// need the scope payments.
func testCatalogue(t testing.TB) *catalogue.Catalogue {
	t.Helper()
	cat := catalogue.Default()
	for i := range cat.Tools {
		tl := &cat.Tools[i]
		switch tl.Name {
		case "charge_card", "refund_card":
			tl.Declarations.Domain = "agents"
			tl.Declarations.Privilege = "payments"
		default:
			tl.Declarations.Domain = "connectors"
		}
	}
	return cat
}

// writeCatalogue writes a catalogue file into dir and returns its path
// and bytes.
func writeCatalogue(t testing.TB, path string, cat *catalogue.Catalogue) []byte {
	t.Helper()
	data, err := cat.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := catalogue.WriteAtomic(path, data); err != nil {
		t.Fatal(err)
	}
	return data
}

// syncBuffer is a buffer safe for the logger's concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// fixture is a Server over files in a temporary directory.
type fixture struct {
	s       *Server
	dir     string
	catPath string
	log     *syncBuffer
}

// newFixture writes the test catalogue (and an agent file, when agent is
// not nil) and serves them; cfg's files are set by it.
func newFixture(t testing.TB, cfg Config, agent []byte) *fixture {
	t.Helper()
	dir := t.TempDir()
	f := &fixture{dir: dir, catPath: filepath.Join(dir, "catalogue.json"), log: &syncBuffer{}}
	writeCatalogue(t, f.catPath, testCatalogue(t))
	cfg.Catalogue = f.catPath
	if agent != nil {
		cfg.Agent = filepath.Join(dir, "agent.yaml")
		if err := os.WriteFile(cfg.Agent, agent, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewJSONHandler(f.log, nil))
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	f.s = s
	return f
}

// do sends a request to a handler and returns the recorded answer.
func do(h http.Handler, method, path, body string, header http.Header) *httptest.ResponseRecorder {
	var r *http.Request
	if body == "" {
		r = httptest.NewRequest(method, path, nil)
	} else {
		r = httptest.NewRequest(method, path, strings.NewReader(body))
	}
	for k, v := range header {
		r.Header[k] = v
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// decodeBody decodes a JSON answer, failing the test when it is not JSON.
func decodeBody(t testing.TB, w *httptest.ResponseRecorder, v any) {
	t.Helper()
	if err := json.Unmarshal(w.Body.Bytes(), v); err != nil {
		t.Fatalf("answer %d is not JSON: %v\n%s", w.Code, err, w.Body.String())
	}
}

// waitFor polls cond until it holds, failing the test after d.
func waitFor(t testing.TB, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after %v: %s", d, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// writeFile writes a file, failing the test when it cannot.
func writeFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// cleanupBinary removes the route binary the binary tests build.
func cleanupBinary() {
	if binDir != "" {
		os.RemoveAll(binDir)
	}
}

var binDir string
