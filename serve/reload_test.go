package serve

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stalwart-agents/stalwart/router"
)

func sha(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// watched returns a fixture whose files are watched until the test ends.
func watched(t *testing.T, cfg Config, agent []byte) *fixture {
	t.Helper()
	f := newFixture(t, cfg, agent)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	if err := f.s.Watch(ctx); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestReloadWithdrawal(t *testing.T) {
	f := watched(t, Config{}, []byte("withdrawn: []\n"))
	h := f.s.Handler()
	before := f.s.Version()
	selectTool := func() router.Decision {
		w := do(h, "POST", "/v1/select", `{"turn":"show me order 42"}`, nil)
		var d router.Decision
		decodeBody(t, w, &d)
		return d
	}
	if d := selectTool(); d.Outcome != router.Selected || d.Tool != "get_order" {
		t.Fatalf("before: %s %q, want selected get_order", d.Outcome, d.Tool)
	}
	// An editor replaces the file: write aside, then rename over it.
	tmp := f.dir + "/.agent.yaml.swp"
	writeFile(t, tmp, "withdrawn:\n  - get_order\n")
	if err := os.Rename(tmp, f.s.cfg.Agent); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 5*time.Second, "the agent file is reloaded", func() bool { return f.s.Version() != before })
	// The next request after the reload is refused.
	if d := selectTool(); d.Outcome != router.Withdrawn || d.Tool != "get_order" {
		t.Errorf("after: %s %q, want withdrawn get_order", d.Outcome, d.Tool)
	}
	w := do(h, "GET", "/v1/tools", "", nil)
	if strings.Contains(w.Body.String(), `"get_order"`) {
		t.Errorf("tools lists the withdrawn get_order")
	}
	var ready readyBody
	decodeBody(t, do(h, "GET", "/readyz", "", nil), &ready)
	if len(ready.Files) != 2 || ready.Files[1].Role != RoleAgent || len(ready.Withdrawn) != 1 {
		t.Errorf("readyz = %+v", ready)
	}
}

func TestReloadFailureKeepsTheCatalogue(t *testing.T) {
	f := watched(t, Config{}, nil)
	h := f.s.Handler()
	before := f.s.Version()
	writeFile(t, f.catPath, "{\n  \"format\": 1,\n  \"tools\": [\n    {\"name\": \"x\",\n")
	waitFor(t, 5*time.Second, "the failure is reported", func() bool { return f.s.lastErr.Load() != nil })
	if f.s.Version() != before {
		t.Fatalf("a broken file replaced the catalogue")
	}
	var ready readyBody
	decodeBody(t, do(h, "GET", "/readyz", "", nil), &ready)
	if ready.LastReloadError == nil || ready.LastReloadError.File != f.catPath ||
		!strings.Contains(ready.LastReloadError.Error, f.catPath+":") {
		t.Errorf("readyz last_reload_error = %+v, want the file and line", ready.LastReloadError)
	}
	if !strings.Contains(f.log.String(), `"level":"ERROR","msg":"reload failed`) {
		t.Errorf("the failure is not logged: %s", f.log.String())
	}
	if !strings.Contains(do(h, "GET", "/metrics", "", nil).Body.String(), `route_reloads_total{result="failure"} 1`) {
		t.Errorf("the failure is not counted")
	}
	w := do(h, "POST", "/v1/select", `{"turn":"show me order 42"}`, nil)
	if w.Code != 200 || !strings.Contains(w.Body.String(), before) {
		t.Errorf("after a failed reload: %d %s", w.Code, w.Body.String())
	}
	// The next change is tried again.
	cat := testCatalogue(t)
	cat.Tools = cat.Tools[:4]
	data := writeCatalogue(t, f.catPath, cat)
	waitFor(t, 5*time.Second, "the fixed file is reloaded", func() bool { return f.s.Version() == sha(data) })
	if f.s.lastErr.Load() != nil {
		t.Errorf("the failure is still reported after a good reload")
	}
}

// TestReloadUnderLoad rewrites the catalogue 20 times, one of them broken,
// while clients send requests: no request fails, and every answer names a
// version that was written whole.
func TestReloadUnderLoad(t *testing.T) {
	f := watched(t, Config{}, nil)
	ts := httptest.NewServer(f.s.Handler())
	defer ts.Close()
	var mu sync.Mutex
	versions := map[string]bool{f.s.Version(): true}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var answered, failed atomic.Int64
	var firstFailure atomic.Value
	turns := []string{"show me order 42", "refund 20 USD on order 42", "archive order 7", "search orders from May"}
	for c := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			seen := map[string]bool{}
			for i := 0; ; i++ {
				select {
				case <-stop:
					mu.Lock()
					defer mu.Unlock()
					for v := range seen {
						if !versions[v] {
							failed.Add(1)
							firstFailure.CompareAndSwap(nil, "an answer names version "+v+", which was never written whole")
						}
					}
					return
				default:
				}
				body := fmt.Sprintf(`{"turn":%q}`, turns[(c+i)%len(turns)])
				resp, err := http.Post(ts.URL+"/v1/select", "application/json", strings.NewReader(body))
				if err != nil {
					failed.Add(1)
					firstFailure.CompareAndSwap(nil, err.Error())
					continue
				}
				var d struct {
					Outcome          string `json:"outcome"`
					CatalogueVersion string `json:"catalogue_version"`
				}
				err = json.NewDecoder(resp.Body).Decode(&d)
				resp.Body.Close()
				if err != nil || resp.StatusCode != 200 || d.Outcome == "" {
					failed.Add(1)
					firstFailure.CompareAndSwap(nil, fmt.Sprintf("status %d, %v", resp.StatusCode, err))
					continue
				}
				seen[d.CatalogueVersion] = true
				answered.Add(1)
			}
		}()
	}
	var last string
	for i := range 20 {
		if i == 9 {
			// Broken: truncated mid-file.
			writeFile(t, f.catPath, "{\"format\": 1, \"tools\": [{\"name\": \"get_or")
		} else {
			cat := testCatalogue(t)
			cat.Tools[0].Description = fmt.Sprintf("Show an order: its total, the card on file and its status (revision %d).", i)
			// Written in place, not replaced: a reader may see it half
			// written, and must then keep the catalogue in force.
			data, err := cat.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			versions[sha(data)] = true
			mu.Unlock()
			if err := os.WriteFile(f.catPath, data, 0o644); err != nil {
				t.Fatal(err)
			}
			last = sha(data)
		}
		if i == 9 {
			// Long enough for the broken file to be read and refused.
			waitFor(t, 5*time.Second, "the broken file is refused", func() bool { return f.s.lastErr.Load() != nil })
		}
		time.Sleep(80 * time.Millisecond)
	}
	waitFor(t, 10*time.Second, "the last version is served", func() bool { return f.s.Version() == last })
	close(stop)
	wg.Wait()
	if n := failed.Load(); n > 0 {
		t.Errorf("%d requests failed; the first: %v", n, firstFailure.Load())
	}
	if answered.Load() < 20 {
		t.Errorf("only %d requests were answered", answered.Load())
	}
	m := do(f.s.Handler(), "GET", "/metrics", "", nil).Body.String()
	if strings.Contains(m, `route_reloads_total{result="success"} 0`) || strings.Contains(m, `route_reloads_total{result="success"} 1\n`) ||
		strings.Contains(m, `route_reloads_total{result="failure"} 0`) {
		t.Errorf("want several reloads and at least one failure:\n%s", grepLines(m, "route_reloads_total"))
	}
	t.Logf("%d answers; %s", answered.Load(), strings.ReplaceAll(grepLines(m, "route_reloads_total"), "\n", "; "))
}

func TestMain(m *testing.M) {
	// Reload soon after a change, so the tests need not wait.
	settle = 20 * time.Millisecond
	code := m.Run()
	cleanupBinary()
	os.Exit(code)
}

func grepLines(text, prefix string) string {
	var b bytes.Buffer
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}
