package serve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/time/rate"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/tokenize"
)

// Config says what a Server serves and how. The zero Config serves the
// embedded shop in English with the default limits.
type Config struct {
	// Catalogue is the catalogue file: a catalogue file, MCP tools/list
	// answer, OpenAPI document or LangChain tool list. When empty, the
	// embedded shop is served (and nothing is watched for it).
	Catalogue string
	// Agent is an agent or gateway file naming withdrawn tools and the
	// language, or "".
	Agent string
	// Vocabulary is a vocabulary file, or "".
	Vocabulary string
	// Language is the language turns are read in (en, pt-BR). When empty,
	// the agent file's, else the vocabulary file's, else English.
	Language string
	// NoVerify skips verifying the catalogue at load. By default a
	// catalogue that route verify finds an error in is refused: at start,
	// and on reload, where the catalogue in force stays.
	NoVerify bool
	// MaxInFlight bounds the API requests served at once; one more is
	// answered 503 with Retry-After. 256 when zero.
	MaxInFlight int
	// RateLimit is the requests per second each client (remote IP) may
	// make to the API, or 0 for no limit; one more is answered 429 with
	// Retry-After.
	RateLimit float64
	// RateBurst is the burst the rate limit allows; RateLimit rounded up
	// when zero.
	RateBurst int
	// Logger receives one line per request and the reload reports; when
	// nil, a JSON logger on standard error at info.
	Logger *slog.Logger

	cat *catalogue.Catalogue // a catalogue in memory, served instead of the embedded shop
}

// The limits of a request.
const (
	// MaxBodyBytes is the largest request body read: a larger one is
	// answered 413.
	MaxBodyBytes = 64 << 10
	// DefaultMaxInFlight is the bound on API requests served at once.
	DefaultMaxInFlight = 256
	// MaxTop is the most candidates a request may ask for (top, k,
	// top_k).
	MaxTop = 100
	// MaxPage is the most tools one page of GET /v1/tools lists;
	// DefaultPage when the request does not say.
	MaxPage     = 200
	DefaultPage = 50
)

// Server serves one catalogue over HTTP and MCP and reloads it when its
// files change. Requests read the catalogue in force from an atomic
// pointer; a reload builds the next one aside and swaps it in whole, so
// no request sees half of one. A Server is safe for concurrent use. Make
// one with New: the zero Server is not usable.
type Server struct {
	cfg     Config
	log     *slog.Logger
	cur     atomic.Pointer[state]
	metrics *metrics
	mcp     *mcp.Server

	inflight chan struct{}
	limiters *limiters

	// streams is done when the server shuts down: long-lived MCP streams
	// end then.
	streams     context.Context
	stopStreams context.CancelFunc

	reloadMu sync.Mutex // one reload at a time
	lastErr  atomic.Pointer[reloadFailure]
	reqID    atomic.Uint64
}

// reloadFailure is the last reload that failed, while it is the last
// reload.
type reloadFailure struct {
	File  string    `json:"file"`
	Error string    `json:"error"`
	At    time.Time `json:"at"`
}

// New loads the catalogue, agent and vocabulary files the configuration
// names and returns a Server for them. It fails for a file that does not
// load, a language that is not supported, or (unless cfg.NoVerify) a
// catalogue that verify finds an error in; errors name the file and line.
func New(cfg Config) (*Server, error) {
	if cfg.Language != "" {
		if _, err := tokenize.ParseLanguage(cfg.Language); err != nil {
			return nil, err
		}
	}
	if cfg.MaxInFlight <= 0 {
		cfg.MaxInFlight = DefaultMaxInFlight
	}
	if cfg.RateLimit < 0 {
		return nil, fmt.Errorf("serve: the rate limit %v is negative", cfg.RateLimit)
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.NewJSONHandler(os.Stderr, nil))
	}
	s := &Server{cfg: cfg, log: log, inflight: make(chan struct{}, cfg.MaxInFlight)}
	s.streams, s.stopStreams = context.WithCancel(context.Background())
	if cfg.RateLimit > 0 {
		burst := cfg.RateBurst
		if burst <= 0 {
			burst = int(cfg.RateLimit + 0.999)
		}
		s.limiters = newLimiters(rate.Limit(cfg.RateLimit), burst)
	}
	in, err := readInput(&s.cfg)
	if err != nil {
		return nil, err
	}
	st, err := build(&s.cfg, in, s.warn)
	if err != nil {
		return nil, err
	}
	s.metrics = newMetrics()
	s.install(st)
	if s.mcp, err = s.newMCPServer(); err != nil {
		return nil, err
	}
	return s, nil
}

// newServerFrom returns a Server over a catalogue already in memory,
// with no files and no verification: for benchmarks over generated
// catalogues.
func newServerFrom(cat *catalogue.Catalogue, cfg Config) (*Server, error) {
	cfg.cat = cat
	cfg.NoVerify = true
	return New(cfg)
}

// warn reports a problem of a file that does not stop it loading.
func (s *Server) warn(msg string) { s.log.Warn("catalogue warning", "warning", msg) }

// install makes a state the one in force and retires the one before.
func (s *Server) install(st *state) {
	st.log = s.log.With(slog.String("catalogue_version", st.version))
	old := s.cur.Swap(st)
	s.metrics.loaded(st)
	if old != nil && old != st {
		// A retired router answers the requests still holding it as
		// before: Close only frees its Bleve index, which serving never
		// builds.
		if err := old.close(); err != nil {
			s.log.Error("closing the retired catalogue", "catalogue_version", old.version, "error", err.Error())
		}
	}
}

// streamsDone is done when the server shuts down.
func (s *Server) streamsDone() context.Context { return s.streams }

// current returns the state in force.
func (s *Server) current() *state { return s.cur.Load() }

// Version returns the catalogue version in force: the SHA-256 of the
// catalogue file when it is served alone, else the SHA-256 of the lines
// "ROLE SHA256\n" of the catalogue, agent and vocabulary files, in that
// order.
func (s *Server) Version() string { return s.current().version }

// Reload reads the files again and, when they load (and verify), swaps the
// catalogue they make in for the one in force. Files whose bytes have not
// changed are not rebuilt. When they fail, the catalogue in force stays,
// and the failure is logged with its file and line, kept for /readyz and
// counted in the metrics; Reload returns it. Reload is safe for concurrent
// use: reloads run one at a time.
func (s *Server) Reload() error {
	s.reloadMu.Lock()
	defer s.reloadMu.Unlock()
	start := time.Now()
	in, err := readInput(&s.cfg)
	if err == nil && version(in.files) == s.current().version {
		s.lastErr.Store(nil)
		s.metrics.reloads.WithLabelValues("unchanged").Inc()
		s.log.Debug("reload: unchanged", "catalogue_version", s.current().version)
		return nil
	}
	var st *state
	if err == nil {
		st, err = build(&s.cfg, in, s.warn)
	}
	if err != nil {
		file := ""
		var le *loadError
		if errors.As(err, &le) {
			file = le.file
		}
		// Counted and logged before it is published: whoever sees the
		// failure in readyz finds it in the log and the metrics too.
		s.metrics.reloads.WithLabelValues("failure").Inc()
		s.log.Error("reload failed: the catalogue in force stays", "file", file, "error", err.Error(),
			"catalogue_version", s.current().version)
		s.lastErr.Store(&reloadFailure{File: file, Error: err.Error(), At: time.Now().UTC()})
		return err
	}
	old := s.current().version
	// The failure is cleared before the new state is published: whoever
	// sees the new version never sees the failure it replaced.
	s.lastErr.Store(nil)
	s.install(st)
	s.metrics.reloads.WithLabelValues("success").Inc()
	s.log.Info("reloaded", "catalogue_version", st.version, "previous_version", old,
		"tools", len(st.router.Catalogue().Tools), "took", time.Since(start).String())
	s.mcpCatalogueChanged(st)
	return nil
}

// watchedFiles are the files a reload reads.
func (s *Server) watchedFiles() []string {
	var out []string
	for _, p := range []string{s.cfg.Catalogue, s.cfg.Agent, s.cfg.Vocabulary} {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}
