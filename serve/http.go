package serve

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/router"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// ScopesHeader is the request header that carries the caller's granted
// scopes, comma-separated, as a gateway that checked the caller's token
// sets it. A request that carries it, or a "scopes" field in its body, is
// scoped: tools the scopes do not grant are never listed, shortlisted or
// selected. When both are given, the scopes granted are those both hold.
const ScopesHeader = "X-Route-Scopes"

// route is one route of the HTTP API.
type route struct {
	path   string
	method string
	api    bool // bounded in flight and rate limited
	serve  func(*exchange)
}

// routes returns the routes of the JSON API, or with mcp the routes of
// the MCP endpoint: in both, the health, readiness and metrics routes.
func (s *Server) routes(mcp http.Handler) map[string]*route {
	rs := []*route{
		{path: "/healthz", method: http.MethodGet, serve: s.healthz},
		{path: "/readyz", method: http.MethodGet, serve: s.readyz},
		{path: "/metrics", method: http.MethodGet, serve: func(x *exchange) {
			x.outcome = "ok"
			s.metrics.handler().ServeHTTP(x.w, x.r)
		}},
	}
	if mcp != nil {
		// A GET is a long-lived stream of server messages: it is not
		// counted in flight.
		rs = append(rs, &route{path: "/mcp", serve: func(x *exchange) {
			if x.r.Method != http.MethodGet {
				if !s.admit(x) {
					return
				}
				defer func() { <-s.inflight }()
			}
			x.outcome = "ok"
			mcp.ServeHTTP(x.w, x.r)
		}})
	} else {
		rs = append(rs,
			&route{path: "/v1/select", method: http.MethodPost, api: true, serve: s.selectRoute},
			&route{path: "/v1/shortlist", method: http.MethodPost, api: true, serve: s.shortlistRoute},
			&route{path: "/v1/query_catalog", method: http.MethodPost, api: true, serve: s.queryCatalogRoute},
			&route{path: "/v1/tools", method: http.MethodGet, api: true, serve: s.toolsRoute},
			&route{path: "/v1/verify", method: http.MethodPost, api: true, serve: s.verifyRoute},
		)
	}
	m := map[string]*route{}
	for _, r := range rs {
		m[r.path] = r
	}
	return m
}

// Handler returns the HTTP JSON API:
//
//	POST /v1/select         {"turn", "language"?, "top"?, "scopes"?} -> the decision
//	POST /v1/shortlist      {"turn", "k"?, "language"?, "scopes"?}   -> the k likeliest tools
//	POST /v1/query_catalog  {"turn", "language"?, "top"?, "scopes"?} -> the spec 003 events
//	GET  /v1/tools          ?limit=&cursor=                          -> a page of the tools
//	POST /v1/verify                                                  -> the verify report
//	GET  /healthz, /readyz, /metrics
//
// Every answer is JSON (but /metrics, and /v1/query_catalog asked for
// text/event-stream) and carries catalogue_version.
func (s *Server) Handler() http.Handler { return &mux{s: s, routes: s.routes(nil)} }

// MCPHTTPHandler returns the MCP server over streamable HTTP at /mcp,
// with /healthz, /readyz and /metrics beside it.
func (s *Server) MCPHTTPHandler() http.Handler {
	h := newStreamableHandler(s)
	return &mux{s: s, routes: s.routes(h)}
}

// mux dispatches requests to routes, answering unknown paths 404 and
// wrong methods 405, in JSON.
type mux struct {
	s      *Server
	routes map[string]*route
}

// exchange is one request and its answer.
type exchange struct {
	s       *Server
	w       *recorder // &rec
	rec     recorder
	r       *http.Request
	st      *state // the catalogue in force when the request came: it answers the whole request
	outcome string
	turn    string
	logTurn bool
}

func (m *mux) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s := m.s
	start := time.Now()
	x := &exchange{s: s, r: r, st: s.current(), rec: recorder{ResponseWriter: w, status: http.StatusOK}}
	rec := &x.rec
	x.w = rec
	rt := m.routes[r.URL.Path]
	label := "unmatched"
	switch {
	case rt == nil:
		x.fail(http.StatusNotFound, "not_found", fmt.Sprintf("no route %s", r.URL.Path))
	case rt.method != "" && r.Method != rt.method:
		label = rt.path
		w.Header().Set("Allow", rt.method)
		x.fail(http.StatusMethodNotAllowed, "method_not_allowed",
			fmt.Sprintf("%s takes %s, not %s", rt.path, rt.method, r.Method))
	default:
		label = rt.path
		if !rt.api || s.admit(x) {
			if rt.api {
				s.metrics.inflight.Inc()
			}
			if r.Body != nil {
				r.Body = http.MaxBytesReader(rec, r.Body, MaxBodyBytes)
			}
			rt.serve(x)
			if rt.api {
				s.metrics.inflight.Dec()
				<-s.inflight
			}
		}
	}
	took := time.Since(start)
	s.metrics.forRoute(label).observe(x.outcome, took)
	id := s.reqID.Add(1)
	ctx := r.Context()
	// The state's logger has the catalogue version formatted already.
	x.st.log.LogAttrs(ctx, slog.LevelInfo, "request",
		slog.Uint64("id", id), slog.String("method", r.Method), slog.String("route", label),
		slog.Int("status", rec.status), slog.String("outcome", x.outcome),
		slog.Float64("took_ms", float64(took.Microseconds())/1000), slog.Int("bytes", rec.bytes),
		slog.String("client", clientOf(r)))
	if x.logTurn && s.log.Enabled(ctx, slog.LevelDebug) {
		s.log.LogAttrs(ctx, slog.LevelDebug, "turn", slog.Uint64("id", id), slog.String("turn", x.turn))
	}
}

// admit applies the rate limit and the bound on requests in flight; a
// request refused is answered here. An admitted request holds a place in
// s.inflight, which the caller gives back.
func (s *Server) admit(x *exchange) bool {
	if s.limiters != nil {
		if wait := s.limiters.wait(clientOf(x.r), time.Now()); wait > 0 {
			x.w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
			x.fail(http.StatusTooManyRequests, "rate_limited", fmt.Sprintf(
				"over the rate limit of %g requests a second for this client: retry after %s", s.cfg.RateLimit, wait.Round(time.Millisecond)))
			return false
		}
	}
	select {
	case s.inflight <- struct{}{}:
		return true
	default:
		x.w.Header().Set("Retry-After", "1")
		x.fail(http.StatusServiceUnavailable, "overloaded", fmt.Sprintf(
			"the server is answering %d requests, the most it takes at once: retry after 1s", cap(s.inflight)))
		return false
	}
}

// clientOf names the client of a request by its remote IP.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// recorder keeps the status and size of an answer.
type recorder struct {
	http.ResponseWriter
	status      int
	bytes       int
	wroteHeader bool
}

func (r *recorder) WriteHeader(code int) {
	if !r.wroteHeader {
		r.status, r.wroteHeader = code, true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(p []byte) (int, error) {
	r.wroteHeader = true
	n, err := r.ResponseWriter.Write(p)
	r.bytes += n
	return n, err
}

// Flush sends what is buffered to the client, for event streams.
func (r *recorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap returns the ResponseWriter under the recorder, for
// http.ResponseController.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// errorBody is the answer of a request that failed.
type errorBody struct {
	Error            string `json:"error"`
	Code             string `json:"code"`
	CatalogueVersion string `json:"catalogue_version"`
}

// fail answers an error: code names it for programs (and the metrics),
// msg says what is wrong for a person.
func (x *exchange) fail(status int, code, msg string) {
	x.outcome = code
	x.write(status, errorBody{Error: msg, Code: code, CatalogueVersion: x.st.version})
}

// answerBuf is a buffer with a JSON encoder that writes into it, as
// route select --json encodes (no HTML escaping). Encoding into a
// bytes.Buffer never fails for writing, so the encoder can be used again.
type answerBuf struct {
	bytes.Buffer
	enc *json.Encoder
}

var answerPool = sync.Pool{New: func() any {
	b := &answerBuf{}
	b.enc = json.NewEncoder(&b.Buffer)
	b.enc.SetEscapeHTML(false)
	return b
}}

// bodyPool holds the buffers request bodies are read into.
var bodyPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// jsonContentType is the Content-Type of the JSON answers, made once. Its
// capacity is its length: a header added to it is appended elsewhere.
var jsonContentType = []string{"application/json"}[:1:1]

// write answers a JSON value.
func (x *exchange) write(status int, v any) {
	buf := answerPool.Get().(*answerBuf)
	buf.Reset()
	defer answerPool.Put(buf)
	if err := buf.enc.Encode(v); err != nil {
		x.s.log.Error("encoding an answer", "route", x.r.URL.Path, "error", err.Error())
		status = http.StatusInternalServerError
		buf.Reset()
		fmt.Fprintf(buf, `{"error":"the answer could not be encoded","code":"internal","catalogue_version":%q}`+"\n", x.st.version)
	}
	h := x.w.Header()
	h["Content-Type"] = jsonContentType
	h["Content-Length"] = []string{strconv.Itoa(buf.Len())}
	x.w.WriteHeader(status)
	if _, err := x.w.Write(buf.Bytes()); err != nil {
		// The client has gone: there is no one to tell.
		x.s.log.Debug("writing an answer", "route", x.r.URL.Path, "error", err.Error())
	}
}

// decode reads the request body, a JSON object, into v; a body that is
// too large, malformed or holds an unknown field is answered 413 or 400
// naming the problem, and decode returns false. The body is read whole
// first. A body of a turn and a language, as plain strings, is read
// without encoding/json, to the same result.
func (x *exchange) decode(v any) bool {
	buf := bodyPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer bodyPool.Put(buf)
	if x.r.Body != nil {
		if _, err := buf.ReadFrom(x.r.Body); err != nil {
			if tooLarge(err) {
				x.fail(http.StatusRequestEntityTooLarge, "body_too_large",
					fmt.Sprintf("the body is over the %d bytes a request may have", MaxBodyBytes))
				return false
			}
			x.fail(http.StatusBadRequest, "malformed_json", jsonProblem(err))
			return false
		}
	}
	body := buf.Bytes()
	var turn **string
	var language *string
	switch req := v.(type) {
	case *selectRequest:
		turn, language = &req.Turn, &req.Language
	case *shortlistRequest:
		turn, language = &req.Turn, &req.Language
	case *queryCatalogRequest:
		turn, language = &req.Turn, &req.Language
	}
	if turn != nil {
		var members [2]member
		if ms, ok := stringMembers(body, members[:0]); ok && setTurnLanguage(ms, turn, language) {
			return true
		}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		x.fail(http.StatusBadRequest, "malformed_json", jsonProblem(err))
		return false
	}
	var extra json.RawMessage
	if err := dec.Decode(&extra); err != io.EOF {
		x.fail(http.StatusBadRequest, "malformed_json", "the body holds more than one JSON value: want one object")
		return false
	}
	return true
}

func tooLarge(err error) bool {
	var mb *http.MaxBytesError
	return errors.As(err, &mb)
}

// jsonProblem says what is wrong with a JSON body, for a person.
func jsonProblem(err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return "the body is empty: want a JSON object"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "malformed JSON: the body ends inside a value"
	case errors.As(err, &syn):
		return fmt.Sprintf("malformed JSON at byte %d: %s", syn.Offset, strings.TrimPrefix(syn.Error(), "json: "))
	case errors.As(err, &typ):
		if typ.Field == "" {
			return fmt.Sprintf("the body is a JSON %s: want an object", typ.Value)
		}
		return fmt.Sprintf("%s: want %s, got a JSON %s", typ.Field, jsonType(typ.Type.Kind().String()), typ.Value)
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	return "malformed JSON: " + msg
}

func jsonType(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "int", "int64", "float64":
		return "a number"
	case "slice":
		return "an array of strings"
	case "bool":
		return "true or false"
	case "ptr":
		return "a value of another type"
	}
	return "a value of another type"
}

// turnOf checks the turn of a request: present, text, and no longer than
// the router reads.
func (x *exchange) turnOf(turn *string) (string, bool) {
	switch {
	case turn == nil:
		x.fail(http.StatusBadRequest, "missing_turn", `the body has no "turn"`)
		return "", false
	case len(*turn) > router.MaxTurnBytes:
		x.fail(http.StatusBadRequest, "turn_too_long", fmt.Sprintf(
			"the turn is %d bytes, over the %d the router reads", len(*turn), router.MaxTurnBytes))
		return "", false
	case strings.ContainsRune(*turn, 0):
		x.fail(http.StatusBadRequest, "turn_not_text", "the turn holds a NUL character: it is not text")
		return "", false
	}
	x.turn, x.logTurn = *turn, true
	return *turn, true
}

// languageOK checks that a request asks for the language served, if it
// asks for one.
func (x *exchange) languageOK(lang string) bool {
	if lang == "" {
		return true
	}
	l, err := tokenize.ParseLanguage(lang)
	if err != nil {
		x.fail(http.StatusBadRequest, "unsupported_language", err.Error())
		return false
	}
	if l != x.st.lang {
		x.fail(http.StatusBadRequest, "language_not_served", fmt.Sprintf(
			"this server reads turns in %s, not %s: ask a server started with --lang %s", x.st.lang, l, l))
		return false
	}
	return true
}

// topOK checks a count of candidates: absent (nil) or 1 to MaxTop.
func (x *exchange) topOK(name string, n *int) bool {
	if n != nil && (*n < 1 || *n > MaxTop) {
		x.fail(http.StatusBadRequest, "bad_"+name, fmt.Sprintf("%s is %d: want 1 to %d", name, *n, MaxTop))
		return false
	}
	return true
}

// scopes returns the granted scopes of a request, and whether it carries
// any: the body's, the header's, or (both given) those both hold.
func (x *exchange) scopes(body *[]string) ([]string, bool) {
	header, inHeader := headerScopes(x.r.Header)
	switch {
	case body != nil && inHeader:
		var both []string
		for _, s := range *body {
			if slices.Contains(header, s) {
				both = append(both, s)
			}
		}
		return both, true
	case body != nil:
		return *body, true
	}
	return header, inHeader
}

// headerScopes reads the ScopesHeader of a request: the scopes, and
// whether the header is there at all (empty, it grants none).
func headerScopes(h http.Header) ([]string, bool) {
	vals, ok := h[http.CanonicalHeaderKey(ScopesHeader)]
	if !ok {
		return nil, false
	}
	scopes := []string{}
	for _, v := range vals {
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s != "" {
				scopes = append(scopes, s)
			}
		}
	}
	return scopes, true
}

// decide routes a turn with the catalogue of the request, by the router of
// the scopes when the request is scoped, timing Select.
func (x *exchange) decide(turn string, req router.Request, scopes []string, scoped bool) (router.Decision, bool) {
	r, release, err := x.st.routerFor(scopes, scoped)
	if err != nil {
		x.s.log.Error("applying scopes", "error", err.Error())
		x.fail(http.StatusInternalServerError, "internal", "the scopes could not be applied")
		return router.Decision{}, false
	}
	if scoped {
		req.Scoped, req.Scopes = true, scopes
	}
	start := time.Now()
	d := r.SelectWith(turn, req)
	x.s.metrics.selectDur.Observe(time.Since(start).Seconds())
	if err := release(); err != nil {
		x.s.log.Error("closing a scoped router", "error", err.Error())
	}
	return d, true
}

// decisionBody is the answer of /v1/select: the decision, as route select
// --json prints it, and the catalogue version.
type decisionBody struct {
	router.Decision
	CatalogueVersion string `json:"catalogue_version"`
}

type selectRequest struct {
	Turn     *string   `json:"turn"`
	Language string    `json:"language"`
	Top      *int      `json:"top"`
	Scopes   *[]string `json:"scopes"`
}

func (s *Server) selectRoute(x *exchange) {
	var req selectRequest
	if !x.decode(&req) {
		return
	}
	turn, ok := x.turnOf(req.Turn)
	if !ok || !x.languageOK(req.Language) || !x.topOK("top", req.Top) {
		return
	}
	scopes, scoped := x.scopes(req.Scopes)
	var rr router.Request
	if req.Top != nil {
		rr.Top = *req.Top
	}
	d, ok := x.decide(turn, rr, scopes, scoped)
	if !ok {
		return
	}
	x.outcome = string(d.Outcome)
	x.write(http.StatusOK, decisionBody{Decision: d, CatalogueVersion: x.st.version})
}

type shortlistRequest struct {
	Turn     *string   `json:"turn"`
	K        *int      `json:"k"`
	Language string    `json:"language"`
	Scopes   *[]string `json:"scopes"`
}

// shortlistBody is the answer of /v1/shortlist, as route select --top K
// --json prints it, with the catalogue version.
type shortlistBody struct {
	Turn             string             `json:"turn"`
	Candidates       []router.Candidate `json:"candidates"`
	CatalogueVersion string             `json:"catalogue_version"`
}

// DefaultK is how many tools a shortlist lists when the request does not
// say.
const DefaultK = 5

func (s *Server) shortlistRoute(x *exchange) {
	var req shortlistRequest
	if !x.decode(&req) {
		return
	}
	turn, ok := x.turnOf(req.Turn)
	if !ok || !x.languageOK(req.Language) || !x.topOK("k", req.K) {
		return
	}
	k := DefaultK
	if req.K != nil {
		k = *req.K
	}
	list, ok := x.shortlist(turn, k, req.Scopes)
	if !ok {
		return
	}
	x.outcome = "ok"
	x.write(http.StatusOK, shortlistBody{Turn: turn, Candidates: list, CatalogueVersion: x.st.version})
}

// shortlist lists the k likeliest tools of a turn by the router of the
// request's scopes.
func (x *exchange) shortlist(turn string, k int, body *[]string) ([]router.Candidate, bool) {
	r, release, err := x.st.routerFor(x.scopes(body))
	if err != nil {
		x.s.log.Error("applying scopes", "error", err.Error())
		x.fail(http.StatusInternalServerError, "internal", "the scopes could not be applied")
		return nil, false
	}
	list := r.Shortlist(turn, k)
	if err := release(); err != nil {
		x.s.log.Error("closing a scoped router", "error", err.Error())
	}
	return list, true
}

// toolsBody is a page of GET /v1/tools.
type toolsBody struct {
	// Tools are the tools of the page, as the catalogue file writes them.
	Tools []catalogue.Tool `json:"tools"`
	// Total counts the tools that may be listed (to the caller's scopes).
	Total int `json:"total"`
	// NextCursor fetches the next page, or is "" on the last.
	NextCursor       string `json:"next_cursor,omitempty"`
	CatalogueVersion string `json:"catalogue_version"`
}

func (s *Server) toolsRoute(x *exchange) {
	q, err := url.ParseQuery(x.r.URL.RawQuery)
	if err != nil {
		x.fail(http.StatusBadRequest, "bad_query", "the query string is malformed: "+err.Error())
		return
	}
	limit := DefaultPage
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxPage {
			x.fail(http.StatusBadRequest, "bad_limit", fmt.Sprintf("limit is %q: want 1 to %d", v, MaxPage))
			return
		}
		limit = n
	}
	tools := x.st.listed
	if scopes, scoped := x.scopes(nil); scoped {
		tools = make([]catalogue.Tool, 0, len(tools))
		for i := range x.st.listed {
			if grants(scopes, &x.st.listed[i]) {
				tools = append(tools, x.st.listed[i])
			}
		}
	}
	offset := 0
	if c := q.Get("cursor"); c != "" {
		ver, off, err := parseCursor(c)
		switch {
		case err != nil:
			x.fail(http.StatusBadRequest, "bad_cursor", "the cursor is not one this server made: list again without it")
			return
		case ver != x.st.version:
			x.fail(http.StatusConflict, "stale_cursor", fmt.Sprintf(
				"the cursor is of catalogue version %s, and %s is now in force: list again without it", ver, x.st.version))
			return
		}
		offset = min(off, len(tools))
	}
	end := min(offset+limit, len(tools))
	body := toolsBody{Tools: tools[offset:end], Total: len(tools), CatalogueVersion: x.st.version}
	if end < len(tools) {
		body.NextCursor = makeCursor(x.st.version, end)
	}
	x.outcome = "ok"
	x.write(http.StatusOK, body)
}

// makeCursor encodes a page's start for the catalogue version it is of.
func makeCursor(version string, offset int) string {
	return base64.RawURLEncoding.EncodeToString([]byte(version + ":" + strconv.Itoa(offset)))
}

func parseCursor(c string) (string, int, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return "", 0, err
	}
	ver, off, ok := strings.Cut(string(b), ":")
	if !ok {
		return "", 0, errors.New("no offset")
	}
	n, err := strconv.Atoi(off)
	if err != nil || n < 0 {
		return "", 0, errors.New("bad offset")
	}
	return ver, n, nil
}

// verifyBody is the answer of /v1/verify: the report route verify --json
// prints, with the catalogue version.
type verifyBody struct {
	*catalogue.Report
	CatalogueVersion string `json:"catalogue_version"`
}

func (s *Server) verifyRoute(x *exchange) {
	if _, err := io.Copy(io.Discard, x.r.Body); err != nil {
		if tooLarge(err) {
			x.fail(http.StatusRequestEntityTooLarge, "body_too_large",
				fmt.Sprintf("the body is over the %d bytes a request may have", MaxBodyBytes))
			return
		}
		x.fail(http.StatusBadRequest, "bad_body", "the body could not be read: "+err.Error())
		return
	}
	rep, err := x.st.verify()
	if err != nil {
		s.log.Error("verify", "error", err.Error())
		x.fail(http.StatusInternalServerError, "internal", "verify failed: "+err.Error())
		return
	}
	x.outcome = "ok"
	if rep.HasErrors() {
		x.outcome = "errors"
	}
	x.write(http.StatusOK, verifyBody{Report: rep, CatalogueVersion: x.st.version})
}

func (s *Server) healthz(x *exchange) {
	x.outcome = "ok"
	x.write(http.StatusOK, struct {
		Status           string `json:"status"`
		CatalogueVersion string `json:"catalogue_version"`
	}{"alive", x.st.version})
}

// readyBody is the answer of /readyz.
type readyBody struct {
	Ready            bool           `json:"ready"`
	CatalogueVersion string         `json:"catalogue_version"`
	Language         string         `json:"language"`
	Tools            int            `json:"tools"`
	Withdrawn        []string       `json:"withdrawn"`
	Files            []File         `json:"files"`
	LoadedAt         time.Time      `json:"loaded_at"`
	LastReloadError  *reloadFailure `json:"last_reload_error"`
}

func (s *Server) readyz(x *exchange) {
	st := x.st
	x.outcome = "ok"
	w := st.withdrawn
	if w == nil {
		w = []string{}
	}
	x.write(http.StatusOK, readyBody{Ready: true, CatalogueVersion: st.version, Language: string(st.lang),
		Tools: len(st.router.Catalogue().Tools), Withdrawn: w, Files: st.files, LoadedAt: st.loadedAt,
		LastReloadError: s.lastErr.Load()})
}
