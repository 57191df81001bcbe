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

// ImportMCP lists the tools of a live MCP server and makes them a catalogue
// with the read/write rules and declarations of ParseMCP. address is an
// http:// or https:// URL, spoken to over streamable HTTP and, where that
// fails, over the older HTTP with server-sent events; anything else is a
// command line, started and spoken to over its standard input and output.
// Every page of the list is read. ctx bounds the whole import: a server that
// does not answer in time, dies or answers something other than MCP gives an
// *Error naming it, and no catalogue.
//
// The MCP client reads readOnlyHint and idempotentHint as plain booleans, so
// from a live server they are recorded as declared only when true (false is
// also their default); declarations belong in the tools' _meta.
func ImportMCP(ctx context.Context, address string) (*Catalogue, error) {
	address = strings.TrimSpace(address)
	if address == "" {
		return nil, &Error{Msg: "no MCP server address or command"}
	}
	if strings.HasPrefix(address, "http://") || strings.HasPrefix(address, "https://") {
		return importHTTP(ctx, address)
	}
	return importCommand(ctx, address)
}

func importHTTP(ctx context.Context, url string) (*Catalogue, error) {
	// A client of its own, so a server that holds a connection open cannot
	// outlive the import through a shared pool.
	client := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
	defer client.CloseIdleConnections()
	c, err := importOver(ctx, url, &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: client, MaxRetries: -1})
	if err == nil || ctx.Err() != nil {
		return c, err
	}
	// Servers written before streamable HTTP speak HTTP with server-sent
	// events.
	c, sseErr := importOver(ctx, url, &mcp.SSEClientTransport{Endpoint: url, HTTPClient: client})
	if sseErr == nil || ctx.Err() != nil {
		return c, sseErr
	}
	return nil, &Error{File: url, Msg: fmt.Sprintf("no MCP server answered: over streamable HTTP: %s; over SSE: %s",
		errorText(err), errorText(sseErr))}
}

func importCommand(ctx context.Context, command string) (*Catalogue, error) {
	args, err := splitCommand(command)
	if err != nil {
		return nil, &Error{File: command, Msg: err.Error()}
	}
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	var stderr tailBuffer
	cmd.Stderr = &stderr
	// Killed with the context; no need to wait for it to go after that.
	cmd.WaitDelay = time.Second
	c, err := importOver(ctx, command, &mcp.CommandTransport{Command: cmd, TerminateDuration: time.Second})
	if err != nil && ctx.Err() == nil {
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
	return fromLiveTools(name, tools)
}

// fromLiveTools makes the catalogue of a server's tools with FromMCP.
func fromLiveTools(name string, tools []*mcp.Tool) (*Catalogue, error) {
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
		t, problems := FromMCP(m)
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

// mcpToolOf turns the SDK's tool into the fields FromMCP reads. The SDK
// keeps destructiveHint and openWorldHint as declared; readOnlyHint and
// idempotentHint it reads as plain booleans, so only true is known to have
// been declared.
func mcpToolOf(lt *mcp.Tool) (MCPTool, error) {
	m := MCPTool{Name: lt.Name, Title: lt.Title, Description: lt.Description}
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
