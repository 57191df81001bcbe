package main

import (
	"log/slog"

	"github.com/spf13/cobra"

	"github.com/stalwart-agents/stalwart/serve"
	"github.com/stalwart-agents/stalwart/tokenize"
)

type serveFlags struct {
	catalogue   string
	agent       string
	vocabulary  string
	lang        string
	http        string
	mcpHTTP     string
	mcpStdio    bool
	noVerify    bool
	maxInFlight int
	rate        float64
	burst       int
	logLevel    string
}

func newServeCmd(e *env) *cobra.Command {
	var f serveFlags
	cmd := &cobra.Command{
		Use:   "serve (--http ADDR | --mcp-stdio | --mcp-http ADDR)",
		Short: "Serve the router over HTTP or MCP, reloading the catalogue when its files change",
		Long: `Serve serves one catalogue: the HTTP JSON API with --http (POST /v1/select,
/v1/shortlist, /v1/query_catalog and /v1/verify; GET /v1/tools, /healthz,
/readyz and /metrics), or an MCP server with three read-only tools (find_tool,
select_tool, query_catalog) on standard input and output with --mcp-stdio or
over streamable HTTP at /mcp with --mcp-http. With no --catalogue it serves
the embedded example shop.

The catalogue, agent and vocabulary files are watched: on a change they are
loaded and verified aside and swapped in whole. A file that fails to load, or
a catalogue that verify finds an error in, is reported on standard error with
its file and line, and the catalogue in force stays.

Logs go to standard error, one JSON line per request. SIGINT or SIGTERM stops
taking requests, lets those in flight end, and exits 0.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			n := 0
			for _, set := range []bool{f.http != "", f.mcpHTTP != "", f.mcpStdio} {
				if set {
					n++
				}
			}
			if n != 1 {
				return usageError("serve: give exactly one of --http ADDR, --mcp-stdio and --mcp-http ADDR")
			}
			if f.lang != "" {
				if _, err := tokenize.ParseLanguage(f.lang); err != nil {
					return usageError("--lang: %v", err)
				}
			}
			var level slog.Level
			if err := level.UnmarshalText([]byte(f.logLevel)); err != nil {
				return usageError("--log-level: %v", err)
			}
			if f.maxInFlight < 1 {
				return usageError("--max-in-flight: %d: want 1 or more", f.maxInFlight)
			}
			if f.rate < 0 || f.burst < 0 {
				return usageError("--rate and --burst: want 0 or more")
			}
			cfg := serve.Config{
				Catalogue: f.catalogue, Agent: f.agent, Vocabulary: f.vocabulary, Language: f.lang,
				NoVerify: f.noVerify, MaxInFlight: f.maxInFlight, RateLimit: f.rate, RateBurst: f.burst,
				Logger: slog.New(slog.NewJSONHandler(e.stderr, &slog.HandlerOptions{Level: level})),
			}
			l := serve.Listen{HTTP: f.http, MCPHTTP: f.mcpHTTP, MCPStdio: f.mcpStdio}
			return fileError(serve.Run(cmd.Context(), cfg, l))
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.catalogue, "catalogue", "", "the catalogue `F`: a catalogue file, MCP list or OpenAPI document (default: the embedded shop)")
	fl.StringVar(&f.agent, "agent", "", "an agent or gateway file `F` naming withdrawn tools and the language")
	fl.StringVar(&f.vocabulary, "vocabulary", "", "a vocabulary file `F`: the language, extra words and phrases per tool")
	fl.StringVar(&f.lang, "lang", "", "the language of the turns: en or pt-BR (default: the agent file's, else the vocabulary's, else en)")
	fl.StringVar(&f.http, "http", "", "serve the HTTP JSON API on `ADDR` (127.0.0.1:8080)")
	fl.StringVar(&f.mcpHTTP, "mcp-http", "", "serve MCP over streamable HTTP on `ADDR`, at /mcp")
	fl.BoolVar(&f.mcpStdio, "mcp-stdio", false, "serve MCP on standard input and output")
	fl.BoolVar(&f.noVerify, "no-verify", false, "serve a catalogue even when verify finds errors in it")
	fl.IntVar(&f.maxInFlight, "max-in-flight", serve.DefaultMaxInFlight, "the most API requests served at once (`N`); more are answered 503")
	fl.Float64Var(&f.rate, "rate", 0, "the requests a second each client IP may make (`R`; 0: no limit); more are answered 429")
	fl.IntVar(&f.burst, "burst", 0, "the burst the rate limit allows (`N`; default: the rate)")
	fl.StringVar(&f.logLevel, "log-level", "info", "the log level (`L`): debug, info, warn or error; the turn's text is logged at debug only")
	return cmd
}
