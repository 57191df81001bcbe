package serve

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stalwart-agents/stalwart/router"
)

func TestRoutes(t *testing.T) {
	f := newFixture(t, Config{}, nil)
	h := f.s.Handler()
	long := strings.Repeat("show me order 42 ", router.MaxTurnBytes/17+1)
	huge := `{"turn":"` + strings.Repeat("a", MaxBodyBytes) + `"}`
	sse := http.Header{"Accept": {"text/event-stream"}}
	tests := []struct {
		method, path, body string
		header             http.Header
		status             int
		code               string // the error's code, or "" for an answer
		msg                string // a part of the error's message
	}{
		{"POST", "/v1/select", `{"turn":"show me order 42"}`, nil, 200, "", ""},
		{"POST", "/v1/select", `{"turn":"show me order 42","language":"en","top":2}`, nil, 200, "", ""},
		{"POST", "/v1/select", `{"turn":""}`, nil, 200, "", ""},
		{"GET", "/v1/select", "", nil, 405, "method_not_allowed", "takes POST"},
		{"PUT", "/v1/select", `{"turn":"x"}`, nil, 405, "method_not_allowed", "takes POST"},
		{"POST", "/v1/selekt", `{"turn":"x"}`, nil, 404, "not_found", "/v1/selekt"},
		{"GET", "/", "", nil, 404, "not_found", ""},
		{"POST", "/v1/select", huge, nil, 413, "body_too_large", "65536"},
		{"POST", "/v1/select", `{"turn":"` + long + `"}`, nil, 400, "turn_too_long", "over the 16384"},
		{"POST", "/v1/select", `{"turn":"show me`, nil, 400, "malformed_json", "ends inside"},
		{"POST", "/v1/select", `{"turn":"a",}`, nil, 400, "malformed_json", "at byte 13"},
		{"POST", "/v1/select", `{"turn":42}`, nil, 400, "malformed_json", "turn: want a string, got a JSON number"},
		{"POST", "/v1/select", `{"turn":"a","tun":"b"}`, nil, 400, "malformed_json", `unknown field "tun"`},
		{"POST", "/v1/select", `{"turn":"a"}{"turn":"b"}`, nil, 400, "malformed_json", "more than one JSON value"},
		{"POST", "/v1/select", `["show me order 42"]`, nil, 400, "malformed_json", "want an object"},
		{"POST", "/v1/select", ``, nil, 400, "malformed_json", "empty"},
		{"POST", "/v1/select", `{}`, nil, 400, "missing_turn", `no "turn"`},
		{"POST", "/v1/select", `{"turn":"a\u0000b"}`, nil, 400, "turn_not_text", "NUL"},
		{"POST", "/v1/select", `{"turn":"mostre o pedido 42","language":"pt-BR"}`, nil, 400, "language_not_served", "reads turns in en"},
		{"POST", "/v1/select", `{"turn":"x","language":"fr"}`, nil, 400, "unsupported_language", "en and pt-BR"},
		{"POST", "/v1/select", `{"turn":"x","top":0}`, nil, 400, "bad_top", "want 1 to 100"},
		{"POST", "/v1/select", `{"turn":"x","top":101}`, nil, 400, "bad_top", "want 1 to 100"},
		{"POST", "/v1/select", `{"turn":"x","scopes":"payments"}`, nil, 400, "malformed_json", "scopes: want an array"},
		{"POST", "/v1/shortlist", `{"turn":"refund order 42","k":3}`, nil, 200, "", ""},
		{"POST", "/v1/shortlist", `{"turn":"refund order 42"}`, nil, 200, "", ""},
		{"POST", "/v1/shortlist", `{"turn":"refund order 42","k":0}`, nil, 400, "bad_k", "k is 0"},
		{"POST", "/v1/shortlist", `{"k":3}`, nil, 400, "missing_turn", ""},
		{"GET", "/v1/shortlist", "", nil, 405, "method_not_allowed", ""},
		{"POST", "/v1/query_catalog", `{"turn":"show me order 42"}`, nil, 200, "", ""},
		{"POST", "/v1/query_catalog", `{"turn":"show me order 42"}`, sse, 200, "", ""},
		{"POST", "/v1/query_catalog", `{"turn":"x","language":"pt-BR"}`, sse, 400, "language_not_served", ""},
		{"GET", "/v1/tools", "", nil, 200, "", ""},
		{"GET", "/v1/tools?limit=2", "", nil, 200, "", ""},
		{"GET", "/v1/tools?limit=0", "", nil, 400, "bad_limit", "want 1 to 200"},
		{"GET", "/v1/tools?limit=x", "", nil, 400, "bad_limit", ""},
		{"GET", "/v1/tools?cursor=!!!", "", nil, 400, "bad_cursor", ""},
		{"GET", "/v1/tools?cursor=%zz", "", nil, 400, "bad_query", ""},
		{"GET", "/v1/tools?cursor=" + makeCursor("0ld", 2), "", nil, 409, "stale_cursor", "list again"},
		{"POST", "/v1/tools", "", nil, 405, "method_not_allowed", "takes GET"},
		{"POST", "/v1/verify", "", nil, 200, "", ""},
		{"POST", "/v1/verify", "{}", nil, 200, "", ""},
		{"POST", "/v1/verify", huge, nil, 413, "body_too_large", ""},
		{"GET", "/v1/verify", "", nil, 405, "method_not_allowed", ""},
		{"GET", "/healthz", "", nil, 200, "", ""},
		{"GET", "/readyz", "", nil, 200, "", ""},
		{"GET", "/metrics", "", nil, 200, "", ""},
		{"POST", "/metrics", "", nil, 405, "method_not_allowed", ""},
	}
	for _, tt := range tests {
		name := tt.method + " " + tt.path + " " + tt.body[:min(len(tt.body), 40)]
		w := do(h, tt.method, tt.path, tt.body, tt.header)
		if w.Code != tt.status {
			t.Errorf("%s: status %d, want %d\n%s", name, w.Code, tt.status, w.Body.String()[:min(w.Body.Len(), 300)])
			continue
		}
		ct := w.Header().Get("Content-Type")
		switch {
		case tt.path == "/metrics" && tt.status == 200:
			if !strings.HasPrefix(ct, "text/plain") {
				t.Errorf("%s: Content-Type %q, want the Prometheus text format", name, ct)
			}
			continue
		case tt.header != nil && tt.status == 200:
			if ct != "text/event-stream" {
				t.Errorf("%s: Content-Type %q, want text/event-stream", name, ct)
			}
			continue
		case ct != "application/json":
			t.Errorf("%s: Content-Type %q, want application/json", name, ct)
		}
		var body struct {
			Error            string `json:"error"`
			Code             string `json:"code"`
			CatalogueVersion string `json:"catalogue_version"`
		}
		decodeBody(t, w, &body)
		if body.CatalogueVersion != f.s.Version() {
			t.Errorf("%s: catalogue_version %q, want %q", name, body.CatalogueVersion, f.s.Version())
		}
		if body.Code != tt.code {
			t.Errorf("%s: code %q, want %q (%s)", name, body.Code, tt.code, body.Error)
		}
		if !strings.Contains(body.Error, tt.msg) {
			t.Errorf("%s: error %q, want it to say %q", name, body.Error, tt.msg)
		}
		if tt.status == 405 && w.Header().Get("Allow") == "" {
			t.Errorf("%s: 405 with no Allow header", name)
		}
	}
}

func TestSelectIsTheCLIDecision(t *testing.T) {
	f := newFixture(t, Config{}, nil)
	for _, turn := range []string{"show me order 42", "refund the card for order 42 and then archive it", "don't charge the card", "xyzzy"} {
		w := do(f.s.Handler(), "POST", "/v1/select", fmt.Sprintf(`{"turn":%q}`, turn), nil)
		if w.Code != 200 {
			t.Fatalf("select %q: status %d", turn, w.Code)
		}
		// The decision of route select --json is SelectWith's, with no
		// scopes: the answer is that object and catalogue_version.
		want, err := json.Marshal(f.s.current().router.SelectWith(turn, router.Request{}))
		if err != nil {
			t.Fatal(err)
		}
		var have, wantMap map[string]any
		decodeBody(t, w, &have)
		if err := json.Unmarshal(want, &wantMap); err != nil {
			t.Fatal(err)
		}
		if have["catalogue_version"] != f.s.Version() {
			t.Errorf("select %q: catalogue_version %v", turn, have["catalogue_version"])
		}
		delete(have, "catalogue_version")
		h, _ := json.Marshal(have)
		wm, _ := json.Marshal(wantMap)
		if string(h) != string(wm) {
			t.Errorf("select %q:\nhave %s\nwant %s", turn, h, wm)
		}
	}
}

func TestScopes(t *testing.T) {
	f := newFixture(t, Config{}, nil)
	h := f.s.Handler()
	selectTool := func(body string, header http.Header) router.Decision {
		t.Helper()
		w := do(h, "POST", "/v1/select", body, header)
		if w.Code != 200 {
			t.Fatalf("select %s: status %d: %s", body, w.Code, w.Body.String())
		}
		var d router.Decision
		decodeBody(t, w, &d)
		return d
	}
	refund := `"turn":"refund 20 USD on order 42"`
	if d := selectTool(`{`+refund+`}`, nil); d.Tool != "refund_card" {
		t.Fatalf("unscoped select = %s %q, want refund_card", d.Outcome, d.Tool)
	}
	for _, tt := range []struct {
		body   string
		header http.Header
		want   bool // refund_card may be selected
	}{
		{`{` + refund + `,"scopes":[]}`, nil, false},
		{`{` + refund + `,"scopes":["orders"]}`, nil, false},
		{`{` + refund + `,"scopes":["payments"]}`, nil, true},
		{`{` + refund + `}`, http.Header{ScopesHeader: {""}}, false},
		{`{` + refund + `}`, http.Header{ScopesHeader: {"orders, payments"}}, true},
		// Both given: only what both hold is granted.
		{`{` + refund + `,"scopes":["payments"]}`, http.Header{ScopesHeader: {"orders"}}, false},
	} {
		d := selectTool(tt.body, tt.header)
		if got := d.Tool == "refund_card"; got != tt.want {
			t.Errorf("select %s %v = %s %q, want refund_card selectable %v", tt.body, tt.header, d.Outcome, d.Tool, tt.want)
		}
		for _, c := range d.Candidates {
			if !tt.want && (c.Tool == "refund_card" || c.Tool == "charge_card") {
				t.Errorf("select %s %v lists %s, which the scopes do not grant", tt.body, tt.header, c.Tool)
			}
		}
		if d.Check != nil && !d.Check.ScopesChecked {
			t.Errorf("select %s: the check did not enforce the scopes", tt.body)
		}
	}
	w := do(h, "POST", "/v1/shortlist", `{"turn":"refund the card","k":5,"scopes":[]}`, nil)
	var sl shortlistBody
	decodeBody(t, w, &sl)
	for _, c := range sl.Candidates {
		if c.Tool == "refund_card" || c.Tool == "charge_card" {
			t.Errorf("shortlist with no scopes lists %s", c.Tool)
		}
	}
	w = do(h, "GET", "/v1/tools", "", http.Header{ScopesHeader: {"orders"}})
	var page toolsBody
	decodeBody(t, w, &page)
	if page.Total != 3 || len(page.Tools) != 3 {
		t.Errorf("tools with scope orders: %d of %d, want the 3 that need no privilege", len(page.Tools), page.Total)
	}
	for _, tl := range page.Tools {
		if tl.Declarations.Privilege != "" {
			t.Errorf("tools with scope orders lists %s, which needs %s", tl.Name, tl.Declarations.Privilege)
		}
	}
}

func TestToolsPages(t *testing.T) {
	f := newFixture(t, Config{}, []byte("withdrawn:\n  - archive_order\n"))
	h := f.s.Handler()
	var names []string
	cursor := ""
	for pages := 0; ; pages++ {
		if pages > 5 {
			t.Fatal("the cursor does not end")
		}
		w := do(h, "GET", "/v1/tools?limit=2&cursor="+cursor, "", nil)
		if w.Code != 200 {
			t.Fatalf("tools: %d %s", w.Code, w.Body.String())
		}
		var page toolsBody
		decodeBody(t, w, &page)
		if len(page.Tools) > 2 {
			t.Errorf("a page of limit 2 has %d tools", len(page.Tools))
		}
		for _, tl := range page.Tools {
			names = append(names, tl.Name)
		}
		if page.NextCursor == "" {
			break
		}
		cursor = page.NextCursor
	}
	want := []string{"get_order", "charge_card", "refund_card", "search_orders"}
	if !slices.Equal(names, want) {
		t.Errorf("tools = %v, want %v (archive_order is withdrawn)", names, want)
	}
}

func TestQueryCatalogEvents(t *testing.T) {
	f := newFixture(t, Config{}, nil)
	h := f.s.Handler()
	w := do(h, "POST", "/v1/query_catalog", `{"turn":"show me order 42"}`, nil)
	var body queryCatalogBody
	decodeBody(t, w, &body)
	if body.Domain != "connectors" || len(body.Events) != 2 {
		t.Fatalf("query_catalog = domain %q, %d events; want connectors, 2", body.Domain, len(body.Events))
	}
	start, end := body.Events[0], body.Events[1]
	if start.Type != router.EventToolStart || !start.Start || start.ToolName != router.QueryCatalog || start.Action != "show me order 42" {
		t.Errorf("start event = %+v", start)
	}
	if end.Type != router.EventToolEnd || end.Start || end.Domain != "connectors" || end.Error != nil || end.Result == nil {
		t.Errorf("end event = %+v", end)
	}

	// As server-sent events: two events, each with the spec's fields and
	// the catalogue version.
	w = do(h, "POST", "/v1/query_catalog", `{"turn":"refund 20 USD on order 42"}`, http.Header{"Accept": {"text/event-stream"}})
	sc := bufio.NewScanner(w.Body)
	var types []string
	for sc.Scan() {
		line := sc.Text()
		if typ, ok := strings.CutPrefix(line, "event: "); ok {
			types = append(types, typ)
		}
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			var e map[string]any
			if err := json.Unmarshal([]byte(data), &e); err != nil {
				t.Fatalf("event data is not JSON: %v: %s", err, data)
			}
			for _, k := range []string{"type", "toolName", "start", "domain", "action", "result", "error", "display", "catalogue_version"} {
				if _, ok := e[k]; !ok {
					t.Errorf("event %v has no %s", e["type"], k)
				}
			}
			if e["type"] == router.EventToolEnd && e["domain"] != "agents" {
				t.Errorf("end event domain = %v, want agents (refund_card's)", e["domain"])
			}
		}
	}
	if !slices.Equal(types, []string{router.EventToolStart, router.EventToolEnd}) {
		t.Errorf("event stream = %v, want tool_start, tool_end", types)
	}
}

func TestQueryDomain(t *testing.T) {
	st := &state{domains: map[string]string{"a": "models", "b": "models", "c": "agents", "d": ""}}
	cands := func(names ...string) []router.Candidate {
		var cs []router.Candidate
		for _, n := range names {
			cs = append(cs, router.Candidate{Tool: n})
		}
		return cs
	}
	for _, tt := range []struct {
		d    router.Decision
		want string
	}{
		{router.Decision{Tool: "c", Candidates: cands("c", "a", "b")}, "agents"},
		{router.Decision{Candidates: cands("a", "b", "c")}, "models"},
		{router.Decision{Candidates: cands("a", "c")}, ""},
		{router.Decision{Candidates: cands("a", "c", "d")}, ""},
		{router.Decision{}, ""},
	} {
		if got := st.queryDomain(&tt.d); got != tt.want {
			t.Errorf("queryDomain(tool %q, %v) = %q, want %q", tt.d.Tool, tt.d.Candidates, got, tt.want)
		}
	}
}

func TestReadyAndMetrics(t *testing.T) {
	f := newFixture(t, Config{}, nil)
	h := f.s.Handler()
	w := do(h, "GET", "/readyz", "", nil)
	var ready readyBody
	decodeBody(t, w, &ready)
	if !ready.Ready || ready.Tools != 5 || len(ready.Files) != 1 || ready.Files[0].Path != f.catPath ||
		ready.Files[0].SHA256 != f.s.Version() || ready.LoadedAt.IsZero() || ready.LastReloadError != nil {
		t.Errorf("readyz = %+v", ready)
	}
	do(h, "POST", "/v1/select", `{"turn":"show me order 42"}`, nil)
	do(h, "POST", "/v1/select", `{"turn":`, nil)
	w = do(h, "GET", "/metrics", "", nil)
	text := w.Body.String()
	for _, want := range []string{
		`route_requests_total{outcome="selected",route="/v1/select"} 1`,
		`route_requests_total{outcome="malformed_json",route="/v1/select"} 1`,
		`route_select_duration_seconds_count 1`,
		`route_catalogue_tools 5`,
		`route_catalogue_info{language="en",version="` + f.s.Version() + `"} 1`,
		`route_reloads_total{result="success"} 0`,
		`route_reloads_total{result="failure"} 0`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

func TestInFlightBound(t *testing.T) {
	f := newFixture(t, Config{MaxInFlight: 1}, nil)
	ts := httptest.NewServer(f.s.Handler())
	defer ts.Close()
	// The first request holds the one place while its body is unread.
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		resp, err := http.Post(ts.URL+"/v1/select", "application/json", pr)
		if err != nil {
			done <- -1
			return
		}
		resp.Body.Close()
		done <- resp.StatusCode
	}()
	if _, err := io.WriteString(pw, `{"turn":`); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 2*time.Second, "the first request is in flight", func() bool { return len(f.s.inflight) == 1 })
	resp, err := http.Post(ts.URL+"/v1/select", "application/json", strings.NewReader(`{"turn":"show me order 42"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" {
		t.Errorf("over the bound: status %d, Retry-After %q; want 503 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	// Health is answered whatever the load.
	if resp, err := http.Get(ts.URL + "/healthz"); err != nil || resp.StatusCode != 200 {
		t.Errorf("healthz under load: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
	if _, err := io.WriteString(pw, `"show me order 42"}`); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	if code := <-done; code != 200 {
		t.Errorf("the request in flight: status %d, want 200", code)
	}
}

func TestRateLimit(t *testing.T) {
	f := newFixture(t, Config{RateLimit: 1, RateBurst: 2}, nil)
	h := f.s.Handler()
	var codes []int
	for range 3 {
		w := do(h, "POST", "/v1/select", `{"turn":"show me order 42"}`, nil)
		codes = append(codes, w.Code)
		if w.Code == 429 && w.Header().Get("Retry-After") != "1" {
			t.Errorf("429 with Retry-After %q, want 1", w.Header().Get("Retry-After"))
		}
	}
	if !slices.Equal(codes, []int{200, 200, 429}) {
		t.Errorf("statuses = %v, want 200 200 429 (a burst of 2)", codes)
	}
	// Another client has its own bucket.
	r := httptest.NewRequest("POST", "/v1/select", strings.NewReader(`{"turn":"show me order 42"}`))
	r.RemoteAddr = "192.0.2.9:1234"
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != 200 {
		t.Errorf("another client: status %d, want 200", w.Code)
	}
}

func TestLogsKeepTurnsAtDebug(t *testing.T) {
	const secret = "refund the card ending 4242 for Alice"
	for _, level := range []slog.Level{slog.LevelInfo, slog.LevelDebug} {
		buf := &syncBuffer{}
		f := newFixture(t, Config{Logger: slog.New(slog.NewJSONHandler(buf, &slog.HandlerOptions{Level: level}))}, nil)
		do(f.s.Handler(), "POST", "/v1/select", `{"turn":"`+secret+`"}`, nil)
		logs := buf.String()
		var line map[string]any
		for _, l := range strings.Split(strings.TrimSpace(logs), "\n") {
			var m map[string]any
			if err := json.Unmarshal([]byte(l), &m); err != nil {
				t.Fatalf("log line is not JSON: %s", l)
			}
			if m["msg"] == "request" {
				line = m
			}
		}
		if line == nil || line["level"] != "INFO" || line["outcome"] == "" || line["took_ms"] == nil || line["status"] != 200.0 {
			t.Errorf("level %v: request line = %v", level, line)
		}
		if has := strings.Contains(logs, secret); has != (level == slog.LevelDebug) {
			t.Errorf("level %v: the turn is logged: %v", level, has)
		}
	}
}

func TestLanguageFromAgent(t *testing.T) {
	f := newFixture(t, Config{}, []byte("language: pt-BR\n"))
	w := do(f.s.Handler(), "POST", "/v1/select", `{"turn":"mostre o pedido 42","language":"pt-BR"}`, nil)
	var d router.Decision
	decodeBody(t, w, &d)
	if w.Code != 200 || d.Language != "pt-BR" || d.Tool != "get_order" {
		t.Errorf("pt-BR select: %d %s %s %q", w.Code, d.Language, d.Outcome, d.Tool)
	}
	if w := do(f.s.Handler(), "POST", "/v1/select", `{"turn":"show me order 42","language":"en"}`, nil); w.Code != 400 {
		t.Errorf("en on a pt-BR server: status %d, want 400", w.Code)
	}
}

func TestNewRefusesBadFiles(t *testing.T) {
	dir := t.TempDir()
	bad := dir + "/bad.json"
	writeFile(t, bad, "{\n  \"format\": 1,\n  \"tools\": [\n    {\"name\": 3}\n  ]\n}\n")
	// Two tools the router cannot tell apart: verify errors.
	twins := testCatalogue(t)
	twin := twins.Tools[0]
	twin.Name = "fetch_order"
	twins.Tools = append(twins.Tools, twin)
	twinPath := dir + "/twins.json"
	writeCatalogue(t, twinPath, twins)
	for _, tt := range []struct {
		cfg  Config
		want string
	}{
		{Config{Catalogue: dir + "/none.json"}, "none.json"},
		{Config{Catalogue: bad}, "bad.json:4"},
		{Config{Catalogue: twinPath}, "twins.json:"},
		{Config{Language: "fr"}, "unsupported language"},
	} {
		_, err := New(tt.cfg)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("New(%+v) = %v, want an error naming %q", tt.cfg, err, tt.want)
		}
	}
	if _, err := New(Config{Catalogue: twinPath, NoVerify: true, Logger: slog.New(slog.DiscardHandler)}); err != nil {
		t.Errorf("New with NoVerify: %v", err)
	}
}
