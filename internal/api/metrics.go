package api

import (
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// metrics are the gateway's Prometheus series.
type metrics struct {
	requests       *prometheus.CounterVec
	refused        *prometheus.CounterVec
	latency        *prometheus.HistogramVec
	backendLatency prometheus.Observer
}

func newMetrics(reg prometheus.Registerer, backendName string) *metrics {
	buckets := []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 15}
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "search_requests_total",
			Help: "Search requests by request form (A, B, or none when the body did not decode) and HTTP status.",
		}, []string{"form", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "search_request_duration_seconds",
			Help:    "Search request latency at the gateway, by request form.",
			Buckets: buckets,
		}, []string{"form"}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "refused_requests_total",
			Help: "Requests refused before any work, on any path, by HTTP status (401 token missing or wrong, 404, 405, 429 rate limits); only a sample of them is logged.",
		}, []string{"status"}),
	}
	bl := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "search_backend_duration_seconds",
		Help:    "Latency of backend search calls, by backend.",
		Buckets: buckets,
	}, []string{"backend"})
	reg.MustRegister(m.requests, m.refused, m.latency, bl)
	m.backendLatency = bl.WithLabelValues(backendName)
	return m
}

func (m *metrics) observeSearch(form string, status int, d time.Duration) {
	m.requests.WithLabelValues(form, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(form).Observe(d.Seconds())
}

func (m *metrics) observeRefusal(status int) {
	m.refused.WithLabelValues(strconv.Itoa(status)).Inc()
}
