package serve

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stalwart-agents/stalwart/catalogue"
	"github.com/stalwart-agents/stalwart/corpus"
	"github.com/stalwart-agents/stalwart/tokenize"
)

var loadFor = flag.Duration("serve.load", 2*time.Second, "how long each load benchmark drives the server")

// shopTurns are turns for the shop, of every outcome.
var shopTurns = []string{
	"show me order 42", "refund 20 USD on order 42", "archive order 7", "search orders from May",
	"charge the card 10 EUR for order 9", "don't charge the card", "what's the weather", "find my last orders",
}

// benchCatalogues are the shop and 1,000 generated tools, with turns made
// from the generated tools' names.
func benchCatalogues(b *testing.B) []struct {
	name  string
	cat   *catalogue.Catalogue
	turns []string
} {
	gen, err := corpus.Generate(1000, 1)
	if err != nil {
		b.Fatal(err)
	}
	var genTurns []string
	for i := 0; i < len(gen.Tools); i += 50 {
		genTurns = append(genTurns, strings.Join(tokenize.SplitName(gen.Tools[i].Name), " ")+" please")
	}
	return []struct {
		name  string
		cat   *catalogue.Catalogue
		turns []string
	}{{"shop", catalogue.Default(), shopTurns}, {"generated1000", gen, genTurns}}
}

// BenchmarkSelectInProcess is Select alone on the same turns, for the
// figures beside the server's.
func BenchmarkSelectInProcess(b *testing.B) {
	for _, c := range benchCatalogues(b) {
		b.Run(c.name, func(b *testing.B) {
			s, err := newServerFrom(c.cat, Config{Logger: slog.New(slog.DiscardHandler)})
			if err != nil {
				b.Fatal(err)
			}
			r := s.current().router
			var lat []time.Duration
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				t0 := time.Now()
				r.Select(c.turns[i%len(c.turns)])
				lat = append(lat, time.Since(t0))
				i++
			}
			p50, p99 := percentiles(lat)
			b.ReportMetric(float64(p50.Nanoseconds())/1e3, "p50-us")
			b.ReportMetric(float64(p99.Nanoseconds())/1e3, "p99-us")
		})
	}
}

// nullWriter is a ResponseWriter that keeps nothing but the header and
// the status.
type nullWriter struct {
	h      http.Header
	status int
}

func (w *nullWriter) Header() http.Header         { return w.h }
func (w *nullWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *nullWriter) WriteHeader(status int)      { w.status = status }

// BenchmarkHandlerSelect is the handler of POST /v1/select alone, without
// the network and the HTTP server: Select and what the server does around
// it (decoding, encoding, logging a JSON line, metrics, limits).
func BenchmarkHandlerSelect(b *testing.B) {
	s, err := newServerFrom(nil, Config{Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	h := s.Handler()
	bodies := make([]string, len(shopTurns))
	for i, t := range shopTurns {
		bodies[i] = fmt.Sprintf(`{"turn":%q}`, t)
	}
	r, err := http.NewRequest(http.MethodPost, "/v1/select", nil)
	if err != nil {
		b.Fatal(err)
	}
	r.RemoteAddr = "127.0.0.1:5000"
	w := &nullWriter{h: http.Header{}}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		rd := strings.NewReader(bodies[i%len(bodies)])
		r.Body = io.NopCloser(rd)
		clear(w.h)
		h.ServeHTTP(w, r)
		if w.status != http.StatusOK {
			b.Fatalf("%s: status %d", bodies[i%len(bodies)], w.status)
		}
		i++
	}
}

// BenchmarkServeSelect drives POST /v1/select on 127.0.0.1 with 1, 8 and
// 64 concurrent clients (keep-alive connections) for -serve.load each,
// and reports requests/s, p50 and p99 latency and errors. Each client is
// a keep-alive HTTP/1.1 connection of its own (see -serve.client). The
// server logs one JSON line per request into a discarding writer: the
// formatting is counted, the I/O is not. Clients and server share the
// machine's cores.
func BenchmarkServeSelect(b *testing.B) {
	for _, c := range benchCatalogues(b) {
		s, err := newServerFrom(c.cat, Config{Logger: slog.New(slog.NewJSONHandler(io.Discard, nil)), MaxInFlight: 1024})
		if err != nil {
			b.Fatal(err)
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		served := make(chan error, 1)
		go func() { served <- s.Serve(ctx, ln, s.Handler()) }()
		url := "http://" + ln.Addr().String() + "/v1/select"
		bodies := make([]string, len(c.turns))
		for i, t := range c.turns {
			bodies[i] = fmt.Sprintf(`{"turn":%q}`, t)
		}
		for _, n := range []int{1, 8, 64} {
			b.Run(fmt.Sprintf("%s/clients=%d", c.name, n), func(b *testing.B) {
				for b.Loop() {
					rps, p50, p99, errs := drive(url, bodies, n, *loadFor)
					b.ReportMetric(rps, "req/s")
					b.ReportMetric(float64(p50.Nanoseconds())/1e6, "p50-ms")
					b.ReportMetric(float64(p99.Nanoseconds())/1e6, "p99-ms")
					b.ReportMetric(float64(errs), "errors")
				}
			})
		}
		cancel()
		if err := <-served; err != nil {
			b.Fatal(err)
		}
	}
}

// loadClient is how the load clients send their requests: "conn" (the
// default), each client a keep-alive HTTP/1.1 connection of its own that
// writes its requests ready-made and reads each answer with
// http.ReadResponse, as wrk does; or "transport", each client an
// http.Client over one shared http.Transport.
var loadClient = flag.String("serve.client", "conn", `how the load clients send requests: "conn" or "transport"`)

// drive sends requests from n clients for d and returns the rate, the
// latency percentiles and the count of failed requests.
func drive(url string, bodies []string, n int, d time.Duration) (float64, time.Duration, time.Duration, int) {
	var newClient func() poster
	switch *loadClient {
	case "conn":
		reqs := make([][]byte, len(bodies))
		for i, b := range bodies {
			r, err := rawRequest(url, b)
			if err != nil {
				panic(err)
			}
			reqs[i] = r
		}
		host := strings.TrimPrefix(url, "http://")
		host = host[:strings.IndexByte(host, '/')]
		newClient = func() poster { return &connClient{addr: host, reqs: reqs} }
	case "transport":
		tr := &http.Transport{MaxIdleConns: n, MaxIdleConnsPerHost: n, MaxConnsPerHost: n}
		defer tr.CloseIdleConnections()
		client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
		newClient = func() poster { return &transportClient{client: client, url: url, bodies: bodies} }
	default:
		panic(fmt.Sprintf("-serve.client %q: want conn or transport", *loadClient))
	}
	var mu sync.Mutex
	var all []time.Duration
	errs := 0
	deadline := time.Now().Add(d)
	start := time.Now()
	var wg sync.WaitGroup
	for c := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cl := newClient()
			defer cl.close()
			lat := make([]time.Duration, 0, 4096)
			bad := 0
			for i := c; time.Now().Before(deadline); i++ {
				t0 := time.Now()
				if err := cl.post(i % len(bodies)); err != nil {
					bad++
					continue
				}
				lat = append(lat, time.Since(t0))
			}
			mu.Lock()
			all = append(all, lat...)
			errs += bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	p50, p99 := percentiles(all)
	return float64(len(all)) / elapsed.Seconds(), p50, p99, errs
}

// poster is one load client: post sends the i-th body and reads the
// answer whole, failing unless it is 200.
type poster interface {
	post(i int) error
	close()
}

// transportClient posts through an http.Client.
type transportClient struct {
	client *http.Client
	url    string
	bodies []string
}

func (c *transportClient) post(i int) error {
	resp, err := c.client.Post(c.url, "application/json", strings.NewReader(c.bodies[i]))
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	if cerr := resp.Body.Close(); err == nil {
		err = cerr
	}
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("status %d", resp.StatusCode)
	}
	return err
}

func (c *transportClient) close() {}

// rawRequest is the bytes of an HTTP/1.1 POST of a JSON body.
func rawRequest(url, body string) ([]byte, error) {
	r, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("User-Agent", "route-bench")
	var b bytes.Buffer
	if err := r.Write(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// connClient is one keep-alive HTTP/1.1 connection: it writes a request
// made beforehand and reads the answer with http.ReadResponse, dialling
// again when the server closes the connection.
type connClient struct {
	addr string
	reqs [][]byte
	conn net.Conn
	br   *bufio.Reader
}

func (c *connClient) post(i int) error {
	if c.conn == nil {
		conn, err := net.Dial("tcp", c.addr)
		if err != nil {
			return err
		}
		if err := conn.SetDeadline(time.Now().Add(time.Minute)); err != nil {
			return errors.Join(err, conn.Close())
		}
		c.conn, c.br = conn, bufio.NewReaderSize(conn, 16<<10)
	}
	if _, err := c.conn.Write(c.reqs[i]); err != nil {
		c.close()
		return err
	}
	resp, err := http.ReadResponse(c.br, nil)
	if err != nil {
		c.close()
		return err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	if cerr := resp.Body.Close(); err == nil {
		err = cerr
	}
	if err != nil || resp.Close {
		c.close()
	}
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("status %d", resp.StatusCode)
	}
	return err
}

func (c *connClient) close() {
	if c.conn != nil {
		_ = c.conn.Close() // the load is over or the connection broken: nothing is lost
		c.conn = nil
	}
}

func percentiles(lat []time.Duration) (p50, p99 time.Duration) {
	if len(lat) == 0 {
		return 0, 0
	}
	slices.Sort(lat)
	return lat[len(lat)*50/100], lat[min(len(lat)-1, len(lat)*99/100)]
}
