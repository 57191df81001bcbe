package catalogue

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// clientInfo is how the importer introduces itself to a server.
var clientInfo = &mcp.Implementation{Name: "stalwart-route", Version: "1"}

// maxPages bounds how many pages of tools a server may send, so a server
// that never stops paginating is an error rather than a hang.
const maxPages = 10000

// DefaultMaxBytes is the most ImportMCP reads from a server in one import
// unless told otherwise: 64 MiB, several times the catalogue of ten
// thousand tools.
const DefaultMaxBytes = 64 << 20

// MCPOptions bound a live import. The zero value applies DefaultMaxBytes and
// leaves the time to the context.
type MCPOptions struct {
	// Timeout bounds the whole import, from starting or reaching the
	// server to its last page; an error says the server did not answer
	// within it. Zero leaves the time to the context alone.
	Timeout time.Duration
	// MaxBytes bounds the bytes read from the server over the whole
	// import, every answer and event counted, so a server that sends
	// without end is an error rather than memory exhausted. Zero means
	// DefaultMaxBytes. No one message may have more than MaxMessageBytes
	// (or MaxBytes, if less) either.
	MaxBytes int64
}

// ImportMCP lists the tools of a live MCP server and makes them a catalogue,
// as ImportMCPWith does with the zero MCPOptions.
func ImportMCP(ctx context.Context, address string) (*Catalogue, error) {
	return ImportMCPWith(ctx, address, MCPOptions{})
}

// ImportMCPWith lists the tools of a live MCP server and makes them a
// catalogue with the read/write rules and declarations of ParseMCP. address
// is an http:// or https:// URL, spoken to over streamable HTTP and, where
// that fails, over the older HTTP with server-sent events; anything else is
// a command line, started and spoken to over its standard input and output.
// Every page of the list is read.
//
// ctx and o.Timeout bound the whole import, and o.MaxBytes what is read: a
// server that does not answer in time, sends too much, dies or answers
// something other than MCP gives an *Error naming it, and no catalogue. A
// command is started in a process group of its own; when the import ends,
// the group is killed and the command waited for, so nothing it started
// outlives the call (on systems without process groups, only the command
// is killed).
//
// The MCP client reads readOnlyHint and idempotentHint as plain booleans, so
// from a live server they are recorded as declared only when true (false is
// also their default); declarations belong in the tools' _meta.
func ImportMCPWith(ctx context.Context, address string, o MCPOptions) (*Catalogue, error) {
	address = strings.TrimSpace(address)
	if address == "" {
		return nil, &Error{Msg: "no MCP server address or command"}
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Timeout)
		defer cancel()
	}
	im := &liveImport{name: address, opts: o, budget: newByteBudget(o.MaxBytes), start: time.Now()}
	if strings.HasPrefix(address, "http://") || strings.HasPrefix(address, "https://") {
		return im.overHTTP(ctx)
	}
	return im.overCommand(ctx)
}

// liveImport is one import from a live server.
type liveImport struct {
	name   string // the address or command, for errors
	opts   MCPOptions
	budget *byteBudget
	start  time.Time
}

func (im *liveImport) overHTTP(ctx context.Context) (*Catalogue, error) {
	// A client of its own, so a server that holds a connection open cannot
	// outlive the import through a shared pool; every body it reads counts
	// against the import's bytes.
	base := http.DefaultTransport.(*http.Transport).Clone()
	base.MaxResponseHeaderBytes = 1 << 20
	client := &http.Client{Transport: &budgetTransport{base: base, budget: im.budget}}
	defer client.CloseIdleConnections()
	// The client's own limit per event, a little past the budget's, so
	// that the budget, which says what it found, speaks first.
	maxEvent := int(im.budget.maxMessage + 4<<10)
	url := im.name
	c, err := im.over(ctx, &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: client, MaxRetries: -1, MaxEventSize: maxEvent})
	if err == nil || ctx.Err() != nil || im.budget.exceeded() {
		return c, err
	}
	// Servers written before streamable HTTP speak HTTP with server-sent
	// events.
	c, sseErr := im.over(ctx, &mcp.SSEClientTransport{Endpoint: url, HTTPClient: client, MaxEventSize: maxEvent})
	if sseErr == nil || ctx.Err() != nil || im.budget.exceeded() {
		return c, sseErr
	}
	return nil, &Error{File: url, Msg: fmt.Sprintf("no MCP server answered: over streamable HTTP: %s; over SSE: %s",
		errorText(err), errorText(sseErr))}
}

func (im *liveImport) overCommand(ctx context.Context) (*Catalogue, error) {
	command := im.name
	args, err := splitCommand(command)
	if err != nil {
		return nil, &Error{File: command, Msg: err.Error()}
	}
	cmd := exec.Command(args[0], args[1:]...)
	var stderr tailBuffer
	cmd.Stderr = &stderr
	// Once the command is gone, whatever still holds its standard error
	// open is not waited for long.
	cmd.WaitDelay = 500 * time.Millisecond
	inProcessGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, &Error{File: command, Msg: "could not start the server: " + err.Error()}
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, &Error{File: command, Msg: "could not start the server: " + err.Error()}
	}
	if err := cmd.Start(); err != nil {
		return nil, &Error{File: command, Msg: "could not start the server: " + errorText(err)}
	}
	maxLine := int(im.budget.maxMessage + 4<<10)
	c, err := im.over(ctx, &mcp.IOTransport{Reader: im.budget.reader(stdout, framedByLine), Writer: stdin, MaxLineLength: maxLine})
	// A server that listed its tools may exit by itself once its input
	// closes, for a moment within the time left; every other is killed at
	// once.
	grace := time.Duration(0)
	if err == nil {
		grace = 500 * time.Millisecond
		if d, ok := ctx.Deadline(); ok {
			grace = min(grace, max(time.Until(d), 0))
		}
	}
	stopCommand(cmd, stdin, grace)
	if err != nil && ctx.Err() == nil && !im.budget.exceeded() {
		var e *Error
		if errors.As(err, &e) {
			if said := stderr.String(); said != "" {
				e.Msg += "; it said: " + said
			}
			if cmd.ProcessState != nil && cmd.ProcessState.Exited() {
				e.Msg += fmt.Sprintf(" (it exited with status %d)", cmd.ProcessState.ExitCode())
			}
		}
	}
	return c, err
}

// stopCommand ends a server the import started and everything it started:
// its input is closed, it has grace to exit by itself, then its process
// group is killed and it is waited for.
func stopCommand(cmd *exec.Cmd, stdin io.Closer, grace time.Duration) {
	// The connection may have closed the pipe already; a second close
	// says so and nothing else.
	_ = stdin.Close()
	exited := make(chan struct{})
	go func() {
		// Wait's error says how the server ended (killed, as a rule):
		// ProcessState keeps it for the import's error.
		_ = cmd.Wait()
		close(exited)
	}()
	if grace > 0 {
		select {
		case <-exited:
		case <-time.After(grace):
		}
	}
	// The group outlives its leader while anything it started runs, and
	// its id is not reused while it does: killing it after the leader
	// exited reaches the rest.
	killProcessGroup(cmd)
	<-exited
}

// over connects to a server over t, lists its tools page by page and closes
// the connection, within ctx.
func (im *liveImport) over(ctx context.Context, t mcp.Transport) (*Catalogue, error) {
	c, err := importOver(ctx, im.name, t)
	switch {
	case err == nil:
		return c, nil
	case im.budget.exceeded():
		return nil, im.budget.err(im.name)
	case ctx.Err() != nil:
		return nil, im.timeoutError(ctx)
	}
	return nil, err
}

// timeoutError says that the server did not answer before ctx ended, in the
// duration the caller gave where there is one.
func (im *liveImport) timeoutError(ctx context.Context) *Error {
	if im.opts.Timeout > 0 && !errors.Is(ctx.Err(), context.Canceled) {
		return &Error{File: im.name, Msg: fmt.Sprintf("the server did not answer within %s (raise --timeout if it is slow to start)", im.opts.Timeout)}
	}
	return timeoutError(ctx, im.name, im.start)
}

// importOver connects to a server over t, lists its tools page by page and
// closes the connection. name names the server in errors.
func importOver(ctx context.Context, name string, t mcp.Transport) (*Catalogue, error) {
	start := time.Now()
	type result struct {
		c   *Catalogue
		err error
	}
	done := make(chan result, 1)
	go func() {
		c, err := listTools(ctx, name, t)
		done <- result{c, err}
	}()
	select {
	case r := <-done:
		if r.err != nil && ctx.Err() != nil {
			return nil, timeoutError(ctx, name, start)
		}
		return r.c, r.err
	case <-ctx.Done():
		// The client honours the context, but a transport stuck in a
		// read must not keep the import waiting.
		return nil, timeoutError(ctx, name, start)
	}
}

func listTools(ctx context.Context, name string, t mcp.Transport) (*Catalogue, error) {
	client := mcp.NewClient(clientInfo, nil)
	cs, err := client.Connect(ctx, t, nil)
	if err != nil {
		return nil, &Error{File: name, Msg: "could not connect as an MCP client: " + errorText(err)}
	}
	defer cs.Close()
	var tools []*mcp.Tool
	params := &mcp.ListToolsParams{}
	seen := map[string]bool{}
	for page := 0; ; page++ {
		if page == maxPages {
			return nil, &Error{File: name, Msg: fmt.Sprintf("the tool list goes on past %d pages", maxPages)}
		}
		res, err := cs.ListTools(ctx, params)
		if err != nil {
			return nil, &Error{File: name, Msg: "tools/list failed: " + errorText(err)}
		}
		tools = append(tools, res.Tools...)
		if res.NextCursor == "" {
			break
		}
		if seen[res.NextCursor] {
			return nil, &Error{File: name, Msg: fmt.Sprintf("the tool list repeats the cursor %q", res.NextCursor)}
		}
		seen[res.NextCursor] = true
		params = &mcp.ListToolsParams{Cursor: res.NextCursor}
	}
	return FromMCPTools(name, tools)
}

// FromMCPTools makes a catalogue of the tools an MCP server lists, as the
// go-sdk holds them (a client's ListTools result, or the tools a server
// adds), with the read/write rules and declarations of ParseMCP: the
// annotations' hints decide the kind, and declarations are read from
// _meta. The SDK reads readOnlyHint and idempotentHint as plain booleans,
// so only true is known to have been declared; a tool whose readOnlyHint
// is false is unmarked, a write. source names the server in the catalogue
// and in errors. Nil tools are skipped. Every problem of every tool is
// returned in one ErrorList, and then the catalogue is nil.
func FromMCPTools(source string, tools []*mcp.Tool) (*Catalogue, error) {
	name := source
	var errs ErrorList
	c := &Catalogue{Format: FormatVersion, Source: name}
	lines := map[string][]int{}
	for i, lt := range tools {
		if lt == nil {
			continue
		}
		m, err := mcpToolOf(lt)
		if err != nil {
			errs.Add(name, 0, "tool %d (%s): %v", i+1, lt.Name, err)
			continue
		}
		t, problems := fromMCP(m)
		for _, p := range problems {
			errs.Add(name, 0, "tool %d (%s): %s", i+1, lt.Name, p)
		}
		if len(problems) == 0 {
			c.Tools = append(c.Tools, t)
		}
		lines[lt.Name] = append(lines[lt.Name], 0)
	}
	checkNames(name, c.Tools, lines, &errs)
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return c, nil
}

// mcpToolOf turns the SDK's tool into the fields fromMCP reads. The SDK
// keeps destructiveHint and openWorldHint as declared; readOnlyHint and
// idempotentHint it reads as plain booleans, so only true is known to have
// been declared.
func mcpToolOf(lt *mcp.Tool) (mcpFields, error) {
	m := mcpFields{Name: lt.Name, Title: lt.Title, Description: lt.Description}
	var err error
	if m.InputSchema, err = marshalAny(lt.InputSchema); err != nil {
		return m, fmt.Errorf("inputSchema: %w", err)
	}
	if m.OutputSchema, err = marshalAny(lt.OutputSchema); err != nil {
		return m, fmt.Errorf("outputSchema: %w", err)
	}
	if len(lt.Meta) > 0 {
		if m.Meta, err = json.Marshal(lt.Meta); err != nil {
			return m, fmt.Errorf("_meta: %w", err)
		}
	}
	if a := lt.Annotations; a != nil {
		ann := map[string]any{}
		if a.Title != "" {
			ann["title"] = a.Title
		}
		if a.ReadOnlyHint {
			ann["readOnlyHint"] = true
		}
		if a.IdempotentHint {
			ann["idempotentHint"] = true
		}
		if a.DestructiveHint != nil {
			ann["destructiveHint"] = *a.DestructiveHint
		}
		if a.OpenWorldHint != nil {
			ann["openWorldHint"] = *a.OpenWorldHint
		}
		if m.Annotations, err = json.Marshal(ann); err != nil {
			return m, fmt.Errorf("annotations: %w", err)
		}
	}
	return m, nil
}

func marshalAny(v any) (json.RawMessage, error) {
	if v == nil {
		return nil, nil
	}
	if raw, ok := v.(json.RawMessage); ok {
		return compactJSON(raw), nil
	}
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return compactJSON(data), nil
}

// timeoutError says that a server did not answer before ctx ended.
func timeoutError(ctx context.Context, name string, start time.Time) *Error {
	if errors.Is(ctx.Err(), context.Canceled) {
		return &Error{File: name, Msg: "the import was cancelled"}
	}
	waited := time.Since(start)
	if d, ok := ctx.Deadline(); ok {
		waited = d.Sub(start)
	}
	return &Error{File: name, Msg: fmt.Sprintf("the server did not answer within %s (raise --timeout if it is slow to start)",
		waited.Round(time.Millisecond))}
}

// errorText shortens an error of the MCP client for a person.
func errorText(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Msg
	}
	s := err.Error()
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &syn) || strings.Contains(s, "invalid character") || strings.Contains(s, "unsupported content type") ||
		strings.Contains(s, "malformed"):
		s += " (the answer is not MCP)"
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || strings.HasSuffix(s, "EOF"):
		s += " (the server closed the connection)"
	}
	return s
}

// splitCommand splits a command line into words as a POSIX shell would for
// plain words, single and double quotes and backslashes; it runs no shell.
func splitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	escaped := false
	for _, r := range s {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped = false
		case quote == '\'':
			if r == '\'' {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case quote == '"':
			switch r {
			case '"':
				quote = 0
			case '\\':
				escaped = true
			default:
				cur.WriteRune(r)
			}
		case r == '\\':
			escaped, inWord = true, true
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t' || r == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("the command has an unclosed %c quote", quote)
	}
	if escaped {
		return nil, errors.New("the command ends in a backslash")
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, errors.New("no command")
	}
	return words, nil
}

// tailBuffer keeps the last bytes a server wrote to its standard error.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

const tailSize = 2048

// Write keeps the last tailSize bytes written.
func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if len(b.buf) > tailSize {
		b.buf = b.buf[len(b.buf)-tailSize:]
	}
	return len(p), nil
}

// String returns the bytes kept.
func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(bytes.TrimSpace(b.buf))
}
