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
	// The document view's series, apart from the searches' so that
	// search latency stays a search's.
	documents       *prometheus.CounterVec
	documentLatency *prometheus.HistogramVec
	documentBackend prometheus.Observer
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
	m.documents = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "document_requests_total",
		Help: "Document view requests (GET /contracts/{id}) by answer format (json, html, or none when the request ended before choosing) and HTTP status.",
	}, []string{"format", "status"})
	m.documentLatency = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "document_request_duration_seconds",
		Help:    "Document view latency at the gateway, by answer format.",
		Buckets: buckets,
	}, []string{"format"})
	db := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "document_backend_duration_seconds",
		Help:    "Latency of each backend call of a document view (the record; its highlighting when q is given), by backend.",
		Buckets: buckets,
	}, []string{"backend"})
	reg.MustRegister(m.requests, m.refused, m.latency, bl, m.documents, m.documentLatency, db)
	m.backendLatency = bl.WithLabelValues(backendName)
	m.documentBackend = db.WithLabelValues(backendName)
	return m
}

func (m *metrics) observeDocument(format string, status int, d time.Duration) {
	m.documents.WithLabelValues(format, strconv.Itoa(status)).Inc()
	m.documentLatency.WithLabelValues(format).Observe(d.Seconds())
}

func (m *metrics) observeSearch(form string, status int, d time.Duration) {
	m.requests.WithLabelValues(form, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(form).Observe(d.Seconds())
}

func (m *metrics) observeRefusal(status int) {
	m.refused.WithLabelValues(strconv.Itoa(status)).Inc()
}
