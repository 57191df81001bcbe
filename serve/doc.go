// Package serve serves a Router: an HTTP JSON API and an MCP server over
// one catalogue, reloaded when its files change.
//
// # HTTP
//
// Handler serves POST /v1/select (the decision, as route select --json
// prints it), POST /v1/shortlist, POST /v1/query_catalog (the catalog
// query's events of spec 003, as server-sent events when asked for
// text/event-stream), GET /v1/tools (a page of the tools, withdrawn ones
// never listed, with a cursor), POST /v1/verify, GET /healthz, GET /readyz
// (which files are in force, their SHA-256 and load time, and the last
// reload's failure) and GET /metrics (Prometheus). Every JSON answer
// carries catalogue_version, the SHA-256 of the files in force (see
// Server.Version). A request carries the caller's granted scopes in its
// body ("scopes") or in ScopesHeader: tools they do not grant are never
// listed, shortlisted or selected. One language is served: a request that
// asks for another is answered 400; serve pt-BR with a second server.
//
// # MCP
//
// MCPServer has three read-only tools, each with input and output schema:
// find_tool (the shortlist), select_tool (the decision) and query_catalog
// (spec 003's events). Results carry structuredContent and the same JSON
// in a text block. The tools' _meta carries the catalogue version
// (MetaVersion); a reload that changes it sends
// notifications/tools/list_changed, and the tool list is otherwise fixed.
//
// # Reload
//
// Watch watches the files' directories. On a change, Reload reads them,
// builds and verifies a new Router aside and swaps it in whole through an
// atomic pointer, so each request is answered by one catalogue from start
// to end. A file that fails to load or verify leaves the catalogue in
// force, and is reported on the log with its file and line, in /readyz and
// in the metrics.
//
// # Limits
//
// Bodies over MaxBodyBytes are answered 413, turns over
// router.MaxTurnBytes 400, malformed JSON 400 naming the problem, unknown
// routes 404 and wrong methods 405. At most Config.MaxInFlight API
// requests are served at once (503 with Retry-After beyond), and an
// optional per-client rate limit answers 429 with Retry-After. Run serves
// until SIGINT or SIGTERM, then drains the requests in flight.
//
// A Server is safe for concurrent use.
package serve
