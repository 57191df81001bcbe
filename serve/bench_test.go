package serve

import (
	"context"
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

// BenchmarkServeSelect drives POST /v1/select on 127.0.0.1 with 1, 8 and
// 64 concurrent clients (keep-alive connections) for -serve.load each,
// and reports requests/s, p50 and p99 latency and errors. The server logs
// one JSON line per request into a discarding writer: the formatting is
// counted, the I/O is not. Clients and server share the machine's cores.
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

// drive sends requests from n clients for d and returns the rate, the
// latency percentiles and the count of failed requests.
func drive(url string, bodies []string, n int, d time.Duration) (float64, time.Duration, time.Duration, int) {
	tr := &http.Transport{MaxIdleConns: n, MaxIdleConnsPerHost: n, MaxConnsPerHost: n}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
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
			lat := make([]time.Duration, 0, 4096)
			bad := 0
			for i := c; time.Now().Before(deadline); i++ {
				t0 := time.Now()
				resp, err := client.Post(url, "application/json", strings.NewReader(bodies[i%len(bodies)]))
				if err != nil {
					bad++
					continue
				}
				_, err = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if err != nil || resp.StatusCode != http.StatusOK {
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

func percentiles(lat []time.Duration) (p50, p99 time.Duration) {
	if len(lat) == 0 {
		return 0, 0
	}
	slices.Sort(lat)
	return lat[len(lat)*50/100], lat[min(len(lat)-1, len(lat)*99/100)]
}
