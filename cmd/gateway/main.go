// Command gateway serves the contract search API: it reads its
// configuration from the environment (see internal/config), opens the
// configured backend and serves POST /api/v1alpha/search until SIGTERM or
// SIGINT, then lets in-flight requests finish.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
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
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	b, err := openBackend(ctx, cfg, m, logger)
	if err != nil {
		return err
	}
	defer b.Close()
	parser, err := dsl.NewParser(cfg.Limits, cfg.FormA, m)
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	srv, err := api.New(api.Options{
		Tokens:           cfg.APITokens,
		Backend:          b,
		BackendName:      cfg.SearchBackend,
		Parser:           parser,
		MaxBodyBytes:     cfg.MaxBodyBytes,
		MaxResponseBytes: cfg.MaxResponseBytes,
		RateLimit:        cfg.RateLimit,
		RateBurst:        cfg.RateBurst,
		Logger:           logger,
	})
	if err != nil {
		return err
	}
	hs := &http.Server{
		Addr:              cfg.ListenAddr,
		Handler:           srv,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      srv.WriteTimeout(), // beyond the bound api puts on a search
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}

	errc := make(chan error, 1)
	go func() { errc <- hs.ListenAndServe() }()
	logger.Info("gateway listening", "addr", cfg.ListenAddr, "backend", cfg.SearchBackend, "tokens", len(cfg.APITokens))

	select {
	case err := <-errc:
		return fmt.Errorf("listen on %s: %w", cfg.ListenAddr, err)
	case <-ctx.Done():
	}
	logger.Info("shutting down: finishing in-flight requests", "timeout", cfg.ShutdownTimeout.String())
	srv.Drain()
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	logger.Info("gateway stopped")
	return nil
}

// openBackend opens the configured backend. The embedded engine serves the
// newest generation of INDEX_DIR and moves to newer ones it finds every
// INDEX_POLL_INTERVAL or on SIGHUP, until ctx ends.
func openBackend(ctx context.Context, cfg config.Config, m *mappings.Set, logger *slog.Logger) (backend.Backend, error) {
	switch cfg.SearchBackend {
	case config.BackendOpenSearch:
		return opensearch.New(opensearch.Config{
			URLs:        cfg.OpenSearchURLs,
			Username:    cfg.OpenSearchUsername,
			Password:    cfg.OpenSearchPassword,
			IndexPrefix: cfg.OpenSearchIndexPrefix,
		}, m)
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
