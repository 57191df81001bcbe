package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchExternalCorpus runs route bench on a corpus outside the
// repository: cases against an MCP list, an OpenAPI document and inline
// tools, in both languages.
func TestBenchExternalCorpus(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"shop-mcp.json", "shop-openapi.json"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "catalogue", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := `{"id":"x-1","language":"en","turn":"show me order 42","expect":"get_order","catalogue":"shop-mcp.json"}
{"id":"x-2","language":"en","turn":"search the orders of ana@example.com","expect":"search_orders","catalogue":"shop-openapi.json"}
{"id":"x-3","language":"pt-BR","turn":"mostre o pedido 7","expect":"get_order","tools":[{"name":"get_order","description":"Show an order.","inputSchema":{"type":"object","properties":{"order_id":{"type":"string"}}}},{"name":"list_orders","description":"List orders."}]}
{"id":"x-4","language":"en","turn":"what's the weather in Paris","expect":null,"catalogue":"shop-mcp.json"}
`
	path := filepath.Join(dir, "cases.jsonl")
	if err := os.WriteFile(path, []byte(cases), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	chart := filepath.Join(dir, "bench.png")
	if code := run([]string{"bench", "--corpus", path, "--no-scale", "--json", "--plot", chart}, nil, &out, &errOut); code != 0 {
		t.Fatalf("route bench = exit %d: %s", code, errOut.String())
	}
	if f, err := os.Open(chart); err != nil {
		t.Errorf("route bench --plot wrote no chart: %v", err)
	} else {
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Errorf("route bench --plot wrote no PNG: %v", err)
		} else if b := img.Bounds(); b.Dx() <= b.Dy() {
			t.Errorf("route bench --plot --no-scale drew %v, want one chart, wider than high", b)
		}
	}
	var rep struct {
		Cases      int                        `json:"cases"`
		Correct    int                        `json:"correct"`
		Accuracy   float64                    `json:"accuracy"`
		ByLanguage map[string]json.RawMessage `json:"by_language"`
		Abstain    struct{ Precision, Recall float64 }
		LatencyNS  struct{ P50, P99 int64 } `json:"latency_ns"`
		Baseline   *struct{ Accuracy float64 }
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("route bench --json: %v\n%s", err, out.String())
	}
	if rep.Cases != 4 || rep.Correct != 4 || rep.Accuracy != 1 {
		t.Errorf("route bench = %d of %d right (%.2f), want 4 of 4", rep.Correct, rep.Cases, rep.Accuracy)
	}
	if len(rep.ByLanguage) != 2 || rep.LatencyNS.P50 <= 0 || rep.Baseline == nil {
		t.Errorf("route bench --json lacks by_language, latency_ns or the baseline: %s", out.String())
	}

	// A malformed line names the file and the line, and exits 1.
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte(cases+"{\"id\":\"x-5\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errOut.Reset()
	if code := run([]string{"bench", "--corpus", bad, "--no-scale"}, nil, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "bad.jsonl:5:") {
		t.Errorf("route bench on a malformed corpus = exit %d, %q; want exit 1 naming bad.jsonl:5", code, errOut.String())
	}
}

// TestBenchCVSplitsFlag checks that --cv-splits takes 1 to bench.MaxSplits
// splits, with --cv only, and says so before any case runs.
func TestBenchCVSplitsFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "--cv", "--cv-splits", "0"}, "--cv-splits is 1 to 10, not 0"},
		{[]string{"bench", "--cv", "--cv-splits", "11"}, "--cv-splits is 1 to 10, not 11"},
		{[]string{"bench", "--cv-splits", "3"}, "--cv-splits is for --cv"},
	} {
		var out, errOut bytes.Buffer
		if code := run(tc.args, nil, &out, &errOut); code != 2 {
			t.Errorf("route %s = exit %d, want 2 (a usage error): %s", strings.Join(tc.args, " "), code, errOut.String())
		}
		if !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("route %s said %q, want %q", strings.Join(tc.args, " "), errOut.String(), tc.want)
		}
	}
}
