package serve

import (
	"net/http"
	"sync"

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

	counters sync.Map // route+"\x00"+outcome -> prometheus.Counter
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

// count counts one request of a route with its outcome.
func (m *metrics) count(route, outcome string) {
	key := route + "\x00" + outcome
	c, ok := m.counters.Load(key)
	if !ok {
		c, _ = m.counters.LoadOrStore(key, m.requests.WithLabelValues(route, outcome))
	}
	c.(prometheus.Counter).Inc()
}

// handler serves the metrics in the Prometheus text format.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}
