// Command gateway serves the contract search API: it reads its
// configuration from the environment (see internal/config), opens the
// configured backend and serves POST /api/v1alpha/search until SIGTERM or
// SIGINT. Then /readyz answers 503 for SHUTDOWN_DRAIN while requests are
// still served, so load balancers take the instance out first; a second
// signal cuts the drain short. Then the listener closes and in-flight
// requests get SHUTDOWN_TIMEOUT to finish.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/contractsearch/contractsearch/internal/api"
	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/backend/embedded"
	"github.com/contractsearch/contractsearch/internal/backend/opensearch"
	"github.com/contractsearch/contractsearch/internal/config"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/mappings"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gateway:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, generated, err := config.Load()
	if err != nil {
		return err
	}
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel)) // validated by config
	logger := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level}))
	if generated != "" {
		// Printed to stderr, never to the JSON log.
		fmt.Fprintf(os.Stderr, "DEV_MODE: generated API token: %s\n", generated)
	}

	m, err := mappings.Load()
	if err != nil {
		return err
	}
	// The first signal starts the drain, a second one ends it (serve).
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT)
	defer signal.Stop(sigs)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b, err := openBackend(ctx, cfg, m, logger)
	if err != nil {
		return err
	}
	defer b.Close()
	parser, err := dsl.NewParser(cfg.Limits, cfg.FormA, m)
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	proxies, err := cfg.TrustedProxyNets()
	if err != nil {
		return err
	}
	origins, err := cfg.CORSOrigins()
	if err != nil {
		return err
	}
	srv, err := api.New(api.Options{
		Tokens:              cfg.APITokens,
		Backend:             b,
		BackendName:         cfg.SearchBackend,
		Parser:              parser,
		MaxBodyBytes:        cfg.MaxBodyBytes,
		MaxResponseBytes:    cfg.MaxResponseBytes,
		RateLimit:           cfg.RateLimit,
		RateBurst:           cfg.RateBurst,
		AuthFailures:        cfg.AuthFailureLimit,
		AuthFailureInterval: cfg.AuthFailureInterval,
		TrustedProxies:      proxies,
		CORSOrigins:         origins,
		Logger:              logger,
	})
	if err != nil {
		return err
	}
	hs := &http.Server{
		Handler:           srv,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      srv.WriteTimeout(), // beyond the bound api puts on a search
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	ln, err := net.Listen("tcp", cfg.ListenAddr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.ListenAddr, err)
	}
	logger.Info("gateway listening", "addr", ln.Addr().String(), "backend", cfg.SearchBackend, "tokens", len(cfg.APITokens))
	err = serve(hs, ln, srv, sigs, stopping{drain: cfg.ShutdownDrain, timeout: cfg.ShutdownTimeout, log: logger, after: time.After})
	if err != nil {
		return err
	}
	logger.Info("gateway stopped")
	return nil
}

// stopping is how serve stops.
type stopping struct {
	// drain is how long /readyz fails before the listener closes; timeout
	// bounds the in-flight requests after that.
	drain, timeout time.Duration
	log            *slog.Logger
	// after is time.After; a test passes its own to end the drain when it
	// has seen what happens during it.
	after func(time.Duration) <-chan time.Time
}

// serve serves hs on ln until the first signal on sigs. Then srv's
// /readyz fails and keep-alive connections are closed after their next
// response, so clients reconnect (through a load balancer that now skips
// this instance), for st.drain or until a second signal; then
// hs.Shutdown closes the listener and waits st.timeout at most for the
// requests in flight.
func serve(hs *http.Server, ln net.Listener, srv *api.Server, sigs <-chan os.Signal, st stopping) error {
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	var sig os.Signal
	select {
	case err := <-errc:
		return fmt.Errorf("serve on %s: %w", ln.Addr(), err)
	case sig = <-sigs:
	}
	srv.Drain()
	hs.SetKeepAlivesEnabled(false)
	if st.drain > 0 {
		st.log.Info("draining: /readyz answers 503, requests are still served; a second signal stops at once",
			"signal", sig.String(), "drain", st.drain.String())
		select {
		case <-st.after(st.drain):
		case sig = <-sigs:
			st.log.Info("drain cut short", "signal", sig.String())
		case err := <-errc:
			return fmt.Errorf("serve on %s: %w", ln.Addr(), err)
		}
	}
	st.log.Info("shutting down: listener closed, finishing in-flight requests", "timeout", st.timeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), st.timeout)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// openBackend opens the configured backend. The embedded engine serves the
// newest generation of INDEX_DIR and moves to newer ones it finds every
// INDEX_POLL_INTERVAL or on SIGHUP, until ctx ends.
func openBackend(ctx context.Context, cfg config.Config, m *mappings.Set, logger *slog.Logger) (backend.Backend, error) {
	switch cfg.SearchBackend {
	case config.BackendOpenSearch:
		return opensearch.New(cfg.OpenSearch, m)
	}
	b, err := embedded.Open(cfg.IndexDir, m, func(err error) {
		logger.Error("index directory", "dir", cfg.IndexDir, "err", err)
	})
	if errors.Is(err, generation.ErrNoGeneration) {
		return nil, fmt.Errorf("INDEX_DIR=%s holds no index; build one with "+
			"`go run ./cmd/ingest -in FILE.ndjson -index-dir %s` (or run `make run`, which builds the demo index): %w",
			cfg.IndexDir, cfg.IndexDir, err)
	}
	if err != nil {
		return nil, err
	}
	logger.Info("serving index", "dir", cfg.IndexDir, "generation", b.Generation())
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	trigger := make(chan struct{}, 1)
	go func() {
		defer signal.Stop(hup)
		for {
			select {
			case <-ctx.Done():
				return
			case <-hup:
				select {
				case trigger <- struct{}{}:
				default:
				}
			}
		}
	}()
	go b.Watch(ctx, cfg.IndexPollInterval, trigger, func(gen uint64) {
		logger.Info("serving newer index generation", "dir", cfg.IndexDir, "generation", gen)
	})
	return b, nil
}
