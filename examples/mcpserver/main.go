// Command mcpserver is a tiny MCP server with the shop's tools (spec 000), to
// import a catalogue from live:
//
//	go run ./examples/mcpserver                        # over standard input and output
//	go run ./examples/mcpserver --http 127.0.0.1:8931  # streamable HTTP, at /mcp
//
// and, from another terminal,
//
//	route catalogue import --mcp http://127.0.0.1:8931/mcp
//	route catalogue import --mcp "go run ./examples/mcpserver"
//
// Its tools do nothing but say what they would have done. SIGINT or SIGTERM
// stops it, and it exits 0.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	addr := flag.String("http", "", "serve streamable HTTP at `ADDR` (path /mcp) instead of standard input and output")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "mcpserver: no arguments, only the flag --http ADDR")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *addr); err != nil {
		log.Fatalf("mcpserver: %v", err)
	}
}

// run serves the shop until ctx ends, or standard input does.
func run(ctx context.Context, addr string) error {
	srv := newServer()
	if addr == "" {
		err := srv.Run(ctx, &mcp.StdioTransport{})
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil))
	hs := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	log.Printf("mcpserver: serving the shop at http://%s/mcp", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdown); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// newServer returns an MCP server holding the shop's five tools.
func newServer() *mcp.Server {
	srv := mcp.NewServer(&mcp.Implementation{Name: "shop", Version: "1"}, nil)
	yes, no := true, false
	orderID := &jsonschema.Schema{Type: "string", Description: "The order's id."}
	amount := &jsonschema.Schema{Type: "number", Description: "How much, in the order's currency."}
	object := func(required []string, props map[string]*jsonschema.Schema) *jsonschema.Schema {
		return &jsonschema.Schema{Type: "object", Properties: props, Required: required}
	}
	for _, t := range []*mcp.Tool{{
		Name:        "get_order",
		Description: "Show an order: its total, the card on file and its status.",
		InputSchema: object([]string{"order_id"}, map[string]*jsonschema.Schema{"order_id": orderID}),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: &no},
	}, {
		Name:        "search_orders",
		Description: "Search the orders of a customer.",
		InputSchema: object([]string{"customer"}, map[string]*jsonschema.Schema{"customer": {Type: "string"}}),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: &no},
	}, {
		Name:        "charge_card",
		Description: "Charge an amount to the card on file for an order.",
		InputSchema: object([]string{"order_id", "amount"}, map[string]*jsonschema.Schema{"order_id": orderID, "amount": amount}),
		Annotations: &mcp.ToolAnnotations{DestructiveHint: &no, OpenWorldHint: &yes},
		Meta: mcp.Meta{"compensation": map[string]any{
			"tool":      "refund_card",
			"arguments": map[string]any{"order_id": "$args.order_id", "amount": "$args.amount"},
		}},
	}, {
		Name:        "refund_card",
		Description: "Refund an amount to the card on file for an order.",
		InputSchema: object([]string{"order_id", "amount"}, map[string]*jsonschema.Schema{"order_id": orderID, "amount": amount}),
		Annotations: &mcp.ToolAnnotations{DestructiveHint: &yes, OpenWorldHint: &yes},
	}, {
		Name:        "archive_order",
		Description: "Move an order to the archive.",
		InputSchema: object([]string{"order_id"}, map[string]*jsonschema.Schema{"order_id": orderID}),
		Annotations: &mcp.ToolAnnotations{DestructiveHint: &no, OpenWorldHint: &no},
	}} {
		srv.AddTool(t, pretend(t.Name))
	}
	return srv
}

// pretend returns a handler that says what the tool would have done.
func pretend(name string) mcp.ToolHandler {
	return func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{
			Text: fmt.Sprintf("%s would run with %s (this example server does nothing)", name, req.Params.Arguments),
		}}}, nil
	}
}
