package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The timeouts of the HTTP servers.
const (
	ReadHeaderTimeout = 5 * time.Second
	ReadTimeout       = 15 * time.Second
	WriteTimeout      = 30 * time.Second
	IdleTimeout       = 120 * time.Second
	// ShutdownTimeout bounds how long a shutdown waits for the requests
	// in flight to end.
	ShutdownTimeout = 20 * time.Second
)

// Listen says where Run serves. Exactly one of HTTP, MCPHTTP and MCPStdio
// is set. The zero Listen sets none of them, and Run refuses it.
type Listen struct {
	// HTTP is the address of the HTTP JSON API (127.0.0.1:8080).
	HTTP string
	// MCPHTTP is the address of the MCP server over streamable HTTP, at
	// /mcp.
	MCPHTTP string
	// MCPStdio serves MCP on Stdin and Stdout.
	MCPStdio bool
	// Stdin and Stdout carry MCP with MCPStdio; os.Stdin and os.Stdout
	// when nil.
	Stdin  io.ReadCloser
	Stdout io.WriteCloser
}

// Run loads the files of cfg, watches them, and serves until ctx is done
// or the process receives SIGINT or SIGTERM; then it stops taking
// requests, lets those in flight end (for at most ShutdownTimeout) and
// returns nil. Over MCP on standard input, the end of the input ends it
// too.
func Run(ctx context.Context, cfg Config, l Listen) error {
	n := 0
	for _, set := range []bool{l.HTTP != "", l.MCPHTTP != "", l.MCPStdio} {
		if set {
			n++
		}
	}
	if n != 1 {
		return errors.New("serve: want exactly one of an HTTP address, an MCP HTTP address and MCP on standard input")
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, err := New(cfg)
	if err != nil {
		return err
	}
	if err := s.Watch(ctx); err != nil {
		return err
	}
	switch {
	case l.HTTP != "":
		return s.ListenAndServe(ctx, l.HTTP, s.Handler())
	case l.MCPHTTP != "":
		return s.ListenAndServe(ctx, l.MCPHTTP, s.MCPHTTPHandler())
	}
	return s.ServeStdio(ctx, l.Stdin, l.Stdout)
}

// HTTPServer returns an http.Server for a handler with every timeout set.
func (s *Server) HTTPServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: ReadHeaderTimeout,
		ReadTimeout:       ReadTimeout,
		WriteTimeout:      WriteTimeout,
		IdleTimeout:       IdleTimeout,
		MaxHeaderBytes:    MaxBodyBytes,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
}

// ListenAndServe serves a handler on addr until ctx is done, then shuts
// down: it stops taking requests and waits for those in flight (for at
// most ShutdownTimeout). It logs the address it listens on.
func (s *Server) ListenAndServe(ctx context.Context, addr string, h http.Handler) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	return s.Serve(ctx, ln, h)
}

// Serve serves a handler on a listener until ctx is done, as
// ListenAndServe does.
func (s *Server) Serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	srv := s.HTTPServer(h)
	srv.RegisterOnShutdown(s.stopStreams)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	st := s.current()
	s.log.Info("listening", "address", ln.Addr().String(), "catalogue_version", st.version,
		"language", string(st.lang), "tools", len(st.router.Catalogue().Tools))
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	s.log.Info("shutting down: draining the requests in flight")
	sctx, cancel := context.WithTimeout(context.Background(), ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return errors.Join(fmt.Errorf("serve: shutting down: %w", err), srv.Close())
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	s.log.Info("stopped")
	return nil
}

// ServeStdio serves MCP over in and out (standard input and output when
// nil) until ctx is done or the input ends.
func (s *Server) ServeStdio(ctx context.Context, in io.ReadCloser, out io.WriteCloser) error {
	var t mcp.Transport = &mcp.StdioTransport{}
	if in != nil || out != nil {
		if in == nil {
			in = os.Stdin
		}
		if out == nil {
			out = os.Stdout
		}
		t = &mcp.IOTransport{Reader: in, Writer: out}
	}
	st := s.current()
	s.log.Info("serving MCP on standard input and output", "catalogue_version", st.version,
		"language", string(st.lang), "tools", len(st.router.Catalogue().Tools))
	err := s.mcp.Run(ctx, t)
	if ctx.Err() != nil || err == nil || errors.Is(err, io.EOF) {
		s.log.Info("stopped")
		return nil
	}
	return fmt.Errorf("serve: MCP on standard input: %w", err)
}
