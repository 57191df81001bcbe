package serve

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/stalwart-agents/stalwart/router"
)

// queryDomain is the domain (tool family) of a catalog query: the declared
// domain of the tool its decision names, or else the domain more than
// half of its candidates declare; "" when there is none.
func (st *state) queryDomain(d *router.Decision) string {
	if d.Tool != "" {
		return st.domains[d.Tool]
	}
	if len(d.Candidates) == 0 {
		return ""
	}
	count := map[string]int{}
	for _, c := range d.Candidates {
		if dom := st.domains[c.Tool]; dom != "" {
			count[dom]++
		}
	}
	for dom, n := range count {
		if 2*n > len(d.Candidates) {
			return dom
		}
	}
	return ""
}

// withDomain sets the domain of a catalog query on its end event and the
// result it carries.
func (st *state) withDomain(e router.Event, d *router.Decision) router.Event {
	if e.Type != router.EventToolEnd {
		return e
	}
	e.Domain = st.queryDomain(d)
	if res, ok := e.Result.(router.CatalogResult); ok {
		res.Domain = e.Domain
		e.Result = res
	}
	return e
}

// catalogEvent is an event of a catalog query as the API sends it: the
// event of spec 003, with the catalogue version.
type catalogEvent struct {
	router.Event
	CatalogueVersion string `json:"catalogue_version"`
}

// queryCatalogBody is the answer of /v1/query_catalog as JSON.
type queryCatalogBody struct {
	// Domain is the tool family the query pointed to, or "".
	Domain string `json:"domain"`
	// Events are the query's events: tool_start, then tool_end.
	Events           []router.Event `json:"events"`
	CatalogueVersion string         `json:"catalogue_version"`
}

// queryCatalog routes a turn as a catalog query and returns its events,
// each passed to emit as it happens (when emit is not nil).
func (x *exchange) queryCatalog(turn string, top int, scopes []string, scoped bool, emit func(router.Event)) (router.Decision, []router.Event, bool) {
	var events []router.Event
	var end router.Event
	req := router.Request{Top: top, Observer: func(e router.Event) {
		if e.Type == router.EventToolEnd {
			// The end event waits for the decision: it carries the
			// query's domain.
			end = e
			return
		}
		events = append(events, e)
		if emit != nil {
			emit(e)
		}
	}}
	d, ok := x.decide(turn, req, scopes, scoped)
	if !ok {
		return d, nil, false
	}
	end = x.st.withDomain(end, &d)
	events = append(events, end)
	if emit != nil {
		emit(end)
	}
	return d, events, true
}

type queryCatalogRequest struct {
	Turn     *string   `json:"turn"`
	Language string    `json:"language"`
	Top      *int      `json:"top"`
	Scopes   *[]string `json:"scopes"`
}

// wantsEventStream reports whether a request asks for server-sent events.
func wantsEventStream(r *http.Request) bool {
	for _, v := range r.Header.Values("Accept") {
		for _, part := range strings.Split(v, ",") {
			mt, _, _ := strings.Cut(part, ";")
			if strings.EqualFold(strings.TrimSpace(mt), "text/event-stream") {
				return true
			}
		}
	}
	return false
}

func (s *Server) queryCatalogRoute(x *exchange) {
	var req queryCatalogRequest
	if !x.decode(&req) {
		return
	}
	turn, ok := x.turnOf(req.Turn)
	if !ok || !x.languageOK(req.Language) || !x.topOK("top", req.Top) {
		return
	}
	scopes, scoped := x.scopes(req.Scopes)
	top := 0
	if req.Top != nil {
		top = *req.Top
	}
	if !wantsEventStream(x.r) {
		d, events, ok := x.queryCatalog(turn, top, scopes, scoped, nil)
		if !ok {
			return
		}
		x.outcome = string(d.Outcome)
		x.write(http.StatusOK, queryCatalogBody{Domain: events[len(events)-1].Domain, Events: events,
			CatalogueVersion: x.st.version})
		return
	}
	h := x.w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	started := false
	var werr error
	emit := func(e router.Event) {
		if werr != nil {
			return
		}
		if !started {
			x.w.WriteHeader(http.StatusOK)
			started = true
		}
		var b bytes.Buffer
		b.WriteString("event: " + e.Type + "\ndata: ")
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if werr = enc.Encode(catalogEvent{Event: e, CatalogueVersion: x.st.version}); werr != nil {
			return
		}
		// The encoder ended the data line; a blank line ends the event.
		b.WriteByte('\n')
		if _, werr = x.w.Write(b.Bytes()); werr != nil {
			return
		}
		x.w.Flush()
	}
	d, _, ok := x.queryCatalog(turn, top, scopes, scoped, emit)
	if !ok {
		return
	}
	x.outcome = string(d.Outcome)
	if werr != nil {
		s.log.Debug("writing an event stream", "error", werr.Error())
	}
}
