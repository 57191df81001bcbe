package serve_test

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/stalwart-agents/stalwart/serve"
)

// The HTTP API answers POST /v1/select with the decision route select
// --json prints, and names the catalogue version that answered.
func ExampleServer_Handler() {
	s, err := serve.New(serve.Config{Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))})
	if err != nil {
		fmt.Println(err)
		return
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	resp, err := http.Post(ts.URL+"/v1/select", "application/json", strings.NewReader(`{"turn": "show me order 42"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	var d struct {
		Outcome string `json:"outcome"`
		Tool    string `json:"tool"`
		Version string `json:"catalogue_version"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&d); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(resp.StatusCode, d.Outcome, d.Tool, d.Version == s.Version())
	// Output:
	// 200 selected get_order true
}
