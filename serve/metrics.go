package serve

import (
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus metrics, in a registry of its own.
type metrics struct {
	reg       *prometheus.Registry
	requests  *prometheus.CounterVec
	duration  *prometheus.HistogramVec
	selectDur prometheus.Histogram
	inflight  prometheus.Gauge
	tools     prometheus.Gauge
	info      *prometheus.GaugeVec
	loadTime  prometheus.Gauge
	reloads   *prometheus.CounterVec

	mu      sync.Mutex
	infoFor string // the version info is set for

	routes sync.Map // route -> *routeMetrics
}

func newMetrics() *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "route_requests_total",
		Help: "Requests answered, by route (or MCP tool) and outcome: the decision's outcome, ok, or the error.",
	}, []string{"route", "outcome"})
	m.duration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "route_request_duration_seconds",
		Help:    "Time to answer a request, by route (or MCP tool).",
		Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1},
	}, []string{"route"})
	m.selectDur = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "route_select_duration_seconds",
		Help:    "Time the router takes to decide one turn (Select), in process.",
		Buckets: []float64{.00001, .000025, .00005, .0001, .00025, .0005, .001, .0025, .005, .01, .1},
	})
	m.inflight = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "route_requests_in_flight",
		Help: "API requests being served.",
	})
	m.tools = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "route_catalogue_tools",
		Help: "Tools of the catalogue in force, withdrawn ones included.",
	})
	m.info = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "route_catalogue_info",
		Help: "The catalogue in force: 1 for its version (SHA-256 of the files) and language.",
	}, []string{"version", "language"})
	m.loadTime = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "route_catalogue_loaded_timestamp_seconds",
		Help: "When the catalogue in force was loaded, in Unix seconds.",
	})
	m.reloads = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "route_reloads_total",
		Help: "Reloads of the catalogue files, by result: success (swapped in), failure (the catalogue in force stays) or unchanged.",
	}, []string{"result"})
	for _, r := range []string{"success", "failure", "unchanged"} {
		m.reloads.WithLabelValues(r)
	}
	m.reg.MustRegister(m.requests, m.duration, m.selectDur, m.inflight, m.tools, m.info, m.loadTime, m.reloads,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// loaded records the catalogue now in force.
func (m *metrics) loaded(st *state) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.tools.Set(float64(len(st.router.Catalogue().Tools)))
	m.loadTime.Set(float64(st.loadedAt.UnixNano()) / 1e9)
	if m.infoFor != "" {
		m.info.Reset()
	}
	m.info.WithLabelValues(st.version, string(st.lang)).Set(1)
	m.infoFor = st.version
}

// routeMetrics are the series of one route (or MCP tool): its duration
// histogram, and its request counters by outcome, looked up once each.
type routeMetrics struct {
	m        *metrics
	route    string
	duration prometheus.Observer
	outcomes sync.Map // outcome -> prometheus.Counter
}

// forRoute returns the series of a route, made on its first request.
func (m *metrics) forRoute(route string) *routeMetrics {
	if r, ok := m.routes.Load(route); ok {
		return r.(*routeMetrics)
	}
	r, _ := m.routes.LoadOrStore(route, &routeMetrics{m: m, route: route, duration: m.duration.WithLabelValues(route)})
	return r.(*routeMetrics)
}

// observe counts one request of the route with its outcome and the time
// it took.
func (r *routeMetrics) observe(outcome string, took time.Duration) {
	c, ok := r.outcomes.Load(outcome)
	if !ok {
		c, _ = r.outcomes.LoadOrStore(outcome, r.m.requests.WithLabelValues(r.route, outcome))
	}
	c.(prometheus.Counter).Inc()
	r.duration.Observe(took.Seconds())
}

// handler serves the metrics in the Prometheus text format.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}
