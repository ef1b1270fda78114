// Package api owns the gateway's HTTP surface: the echo server and its
// routes (search, document view, health, readiness, metrics, the OpenAPI
// document of package openapi, which describes all of them, and the search
// page of package web), the middleware chain (request scope, access log,
// metrics, CORS, authentication, rate limiting, body limit), the
// request-scoped state, and the rendering of responses and of every error
// in OpenSearch's shape.
package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/contractsearch/contractsearch/internal/api/openapi"
	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/web"
	"github.com/contractsearch/contractsearch/mappings"
)

// SearchPath is the one API endpoint.
const SearchPath = "/api/v1alpha/search"

// Options configure a Server.
type Options struct {
	// Tokens are the accepted API tokens.
	Tokens []string
	// Backend executes searches; BackendName labels its metrics.
	Backend     backend.Backend
	BackendName string
	// Parser decodes and validates bodies.
	Parser *dsl.Parser
	// MaxBodyBytes bounds a request body.
	MaxBodyBytes int64
	// MaxResponseBytes bounds a search response (400 beyond it,
	// apierr.ResponseTooLarge); 0 means no bound.
	MaxResponseBytes int64
	// RateLimit (requests per second per token) and RateBurst configure the
	// per-token token bucket; RateLimit 0 disables it.
	RateLimit float64
	RateBurst int
	// AuthFailures failed authentications are allowed per client address
	// in each AuthFailureInterval (a token bucket of that size, refilled
	// over the interval); past them, every request from the address gets
	// 429 until the bucket refills, a valid token or not, so the limit
	// cannot be used to test guesses. 0 disables it.
	AuthFailures        int
	AuthFailureInterval time.Duration
	// TrustedProxies are the networks whose X-Forwarded-For is believed
	// when finding a request's client address (for the failed
	// authentication limit and log sampling); with none, the client is
	// the connection's peer and the header is ignored, since any client
	// can write it.
	TrustedProxies []*net.IPNet
	// Logger receives access logs and errors; tokens never reach it.
	Logger *slog.Logger
	// Registry receives the metrics; nil creates a private one.
	Registry *prometheus.Registry
	// CORSOrigins are the origins (scheme://host[:port], or "*" for any)
	// whose browser scripts may call the API; none turns CORS off.
	CORSOrigins []string
}

// A search's work (the backend's, rendering included) is cut searchSlack
// after the longest timeout a request may ask for (MAX_TIMEOUT), and the
// server's write timeout comes writeSlack after that: whatever a backend
// does, the answer is written before the connection's deadline, so no
// request is logged as answered and never sent. The embedded engine keeps
// within its timeout plus 100 ms; the slack covers an OpenSearch cluster's
// grace (OPENSEARCH_TIMEOUT_GRACE, 2 s by default) and slow rendering.
const (
	searchSlack = 10 * time.Second
	writeSlack  = 5 * time.Second
)

// Server is the gateway's HTTP handler.
type Server struct {
	echo *echo.Echo
	opts Options
	// searchBudget bounds a search's work (searchSlack).
	searchBudget time.Duration
	log          *slog.Logger
	auth         *authenticator
	limiter      *rateLimiter
	// authFailures limits failed authentication per client address.
	authFailures *rateLimiter
	// sampler decides which refusals (401, 404, 405, 429) are logged.
	sampler  *logSampler
	metrics  *metrics
	indexes  []string
	draining atomic.Bool
	// delivery measures how fast answers are rendered and written, for
	// the cut of a late answer (delivery.go).
	delivery deliveryMeter
	// openapi is the OpenAPI document as served (JSON).
	openapi []byte
	// bufs recycles request-body and response buffers.
	bufs sync.Pool
}

// New builds a Server; options are validated here, once.
func New(opts Options) (*Server, error) {
	if opts.Backend == nil || opts.Parser == nil {
		return nil, errors.New("api: Backend and Parser are required")
	}
	if len(opts.Tokens) == 0 {
		return nil, errors.New("api: at least one token is required")
	}
	if opts.MaxBodyBytes <= 0 {
		return nil, errors.New("api: MaxBodyBytes must be positive")
	}
	if opts.AuthFailures < 0 || opts.AuthFailures > 0 && opts.AuthFailureInterval <= 0 {
		return nil, errors.New("api: AuthFailures must not be negative, and AuthFailureInterval must be positive when it is set")
	}
	if opts.MaxResponseBytes < 0 {
		return nil, errors.New("api: MaxResponseBytes must not be negative")
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	doc, err := openapi.JSON()
	if err != nil {
		return nil, fmt.Errorf("api: %w", err)
	}
	reg := opts.Registry
	if reg == nil {
		reg = prometheus.NewRegistry()
		reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	}
	s := &Server{
		opts:    opts,
		log:     opts.Logger,
		auth:    newAuthenticator(opts.Tokens),
		limiter: newRateLimiter(opts.RateLimit, opts.RateBurst, len(opts.Tokens)),
		authFailures: newRateLimiter(authFailureRate(opts.AuthFailures, opts.AuthFailureInterval), opts.AuthFailures,
			maxTrackedClients),
		sampler: newLogSampler(refusalLogInterval, maxTrackedClients),
		metrics: newMetrics(reg, opts.BackendName),
		indexes: mappings.Names(),
		// The parser's limits were validated by dsl.NewParser.
		searchBudget: opts.Parser.Limits().MaxTimeout + searchSlack,
		openapi:      doc,
	}
	s.bufs.New = func() any { return new(bytes.Buffer) }
	reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "search_delivery_rate_bytes_per_second",
		Help: "The rate at which the gateway estimates it renders and writes an answer, learnt from answers of 256 KiB and more, between 10 and 100 MB/s; a late answer is cut to what it carries in the time left.",
	}, func() float64 { return float64(s.delivery.rate()) * 1000 }))
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = s.handleError
	e.IPExtractor = clientAddress(opts.TrustedProxies)
	e.Use(s.scope, s.recover, s.accessLog)
	if len(opts.CORSOrigins) > 0 {
		e.Use(cors(opts.CORSOrigins))
	}
	e.POST(SearchPath, s.search, s.authenticate, s.rateLimit)
	e.GET(DocumentPath, s.document, s.authenticate, s.rateLimit)
	e.GET("/healthz", s.healthz)
	e.GET("/readyz", s.readyz)
	e.GET("/metrics", echo.WrapHandler(promhttp.HandlerFor(reg, promhttp.HandlerOpts{})))
	e.GET(openapi.Path, s.openapiDocument)
	// The search page: static files, no token (every call it makes carries one).
	page, err := web.New()
	if err != nil {
		return nil, fmt.Errorf("api: %w", err)
	}
	e.GET(web.PagePath, echo.WrapHandler(page))
	e.GET(web.AssetPath, echo.WrapHandler(page))
	s.echo = e
	return s, nil
}

// Bounds of the per-client state: addresses tracked by the failed
// authentication limit and by log sampling, and the window in which only
// a client's first refusal of each status is logged.
const (
	maxTrackedClients  = 100_000
	refusalLogInterval = time.Minute
)

// authFailureRate is the refill rate of a bucket of n failures per
// interval; 0 (disabled) when n is 0.
func authFailureRate(n int, interval time.Duration) float64 {
	if n <= 0 {
		return 0
	}
	return float64(n) / interval.Seconds()
}

// clientAddress finds a request's client address: the connection's peer,
// or with trusted proxies the nearest untrusted address of
// X-Forwarded-For.
func clientAddress(trusted []*net.IPNet) echo.IPExtractor {
	if len(trusted) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, n := range trusted {
		opts = append(opts, echo.TrustIPRange(n))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}

// WriteTimeout is the http.Server WriteTimeout the server needs: longer
// than any search's work by writeSlack, so every answer is written.
func (s *Server) WriteTimeout() time.Duration { return s.searchBudget + writeSlack }

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.echo.ServeHTTP(w, r) }

// Drain makes /readyz fail so load balancers stop sending traffic while
// in-flight requests finish; call it when shutdown begins.
func (s *Server) Drain() { s.draining.Store(true) }

func (s *Server) healthz(c echo.Context) error {
	return c.JSONBlob(http.StatusOK, []byte(`{"status":"ok"}`))
}

// openapiDocument serves the OpenAPI document. It needs no token: it
// describes the interface and holds no data (docs/decisions.md).
func (s *Server) openapiDocument(c echo.Context) error {
	return c.JSONBlob(http.StatusOK, s.openapi)
}

func (s *Server) readyz(c echo.Context) error {
	if s.draining.Load() {
		return c.JSONBlob(http.StatusServiceUnavailable, []byte(`{"status":"draining"}`))
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	body := readiness{Status: "ready"}
	status := http.StatusOK
	if err := s.opts.Backend.Ready(ctx); err != nil {
		scopeOf(c).Err = err
		body.Status, status = "backend unavailable", http.StatusServiceUnavailable
	}
	// A local index says which generation it serves and which it found
	// damaged.
	if r, ok := s.opts.Backend.(backend.IndexStatusReporter); ok {
		st := r.IndexStatus()
		body.Index = &st
	}
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	return c.JSONBlob(status, b)
}

// readiness is the /readyz body.
type readiness struct {
	Status string               `json:"status"`
	Index  *backend.IndexStatus `json:"index,omitempty"`
}
