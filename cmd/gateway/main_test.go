package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/api"
	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/mappings"
)

const testToken = "lifecycle-token"

// heldBackend answers searches at once, except those whose request has
// the size held: they wait until release is closed, after telling entered.
type heldBackend struct {
	held    int
	entered chan struct{}
	release chan struct{}
}

func (b *heldBackend) Search(ctx context.Context, req *backend.Request) (*backend.Response, error) {
	if req.Search.Size != nil && *req.Search.Size == b.held {
		b.entered <- struct{}{}
		select {
		case <-b.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return &backend.Response{Hits: backend.Hits{Total: &backend.Total{Relation: "eq"}}}, nil
}

// Document finds nothing: the lifecycle tests read no documents.
func (b *heldBackend) Document(_ context.Context, index, id string) (*backend.Document, error) {
	return nil, fmt.Errorf("held backend: %s/%s: %w", index, id, backend.ErrNotFound)
}

func (b *heldBackend) Ready(context.Context) error { return nil }
func (b *heldBackend) Close() error                { return nil }

// lifecycle is a gateway served by serve on a real listener, with the
// drain's end in the test's hands.
type lifecycle struct {
	url      string
	sigs     chan os.Signal
	be       *heldBackend
	drainFor chan time.Duration // what serve asked after to wait
	endDrain chan time.Time
	shutdown chan struct{} // closed when Shutdown has closed the listener
	done     chan error
	client   *http.Client
}

func startLifecycle(t *testing.T, drain time.Duration) *lifecycle {
	t.Helper()
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	p, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), m)
	if err != nil {
		t.Fatal(err)
	}
	be := &heldBackend{held: 7, entered: make(chan struct{}, 1), release: make(chan struct{})}
	srv, err := api.New(api.Options{Tokens: []string{testToken}, Backend: be, BackendName: "fake", Parser: p, MaxBodyBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	lc := &lifecycle{
		url: "http://" + ln.Addr().String(), sigs: make(chan os.Signal, 2), be: be,
		drainFor: make(chan time.Duration, 1), endDrain: make(chan time.Time), shutdown: make(chan struct{}),
		done: make(chan error, 1),
		// One connection per request, so each request meets the server's
		// state of the moment, not a connection opened before it.
		client: &http.Client{Transport: &http.Transport{DisableKeepAlives: true}},
	}
	hs := &http.Server{Handler: srv}
	hs.RegisterOnShutdown(func() { close(lc.shutdown) })
	after := func(d time.Duration) <-chan time.Time {
		lc.drainFor <- d
		return lc.endDrain
	}
	st := stopping{drain: drain, timeout: time.Minute, log: slog.New(slog.DiscardHandler), after: after}
	go func() { lc.done <- serve(hs, ln, srv, lc.sigs, st) }()
	t.Cleanup(func() {
		select {
		case <-lc.done:
		default:
			hs.Close()
		}
	})
	return lc
}

func (lc *lifecycle) get(t *testing.T, path string) (int, string) {
	t.Helper()
	resp, err := lc.client.Get(lc.url + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func (lc *lifecycle) search(size string) (int, error) {
	resp, err := lc.client.Post(lc.url+api.SearchPath+"?token="+testToken, "application/json",
		strings.NewReader(`{"query":{"match_all":{}},"size":`+size+`}`))
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// TestDrainThenShutdown drives the whole stop: from SIGTERM to the end of
// the drain /readyz answers 503 while searches are answered; then the
// listener closes, the search in flight still completes, and serve
// returns.
func TestDrainThenShutdown(t *testing.T) {
	lc := startLifecycle(t, 5*time.Second)
	if status, body := lc.get(t, "/readyz"); status != 200 || body != `{"status":"ready"}` {
		t.Fatalf("readyz before SIGTERM: %d %s", status, body)
	}
	inFlight := make(chan int, 1)
	go func() {
		status, err := lc.search("7") // held by the backend
		if err != nil {
			t.Errorf("in-flight search: %v", err)
		}
		inFlight <- status
	}()
	<-lc.be.entered

	lc.sigs <- syscall.SIGTERM
	if d := <-lc.drainFor; d != 5*time.Second {
		t.Errorf("drain of %v, want SHUTDOWN_DRAIN's 5s", d)
	}
	for range 3 {
		if status, body := lc.get(t, "/readyz"); status != 503 || body != `{"status":"draining"}` {
			t.Errorf("readyz while draining: %d %s", status, body)
		}
		if status, err := lc.search("1"); err != nil || status != 200 {
			t.Errorf("search while draining: %d %v", status, err)
		}
	}

	close(lc.endDrain)
	<-lc.shutdown
	if conn, err := net.Dial("tcp", strings.TrimPrefix(lc.url, "http://")); err == nil {
		conn.Close()
		t.Error("the listener still accepts connections after the drain")
	}
	select {
	case err := <-lc.done:
		t.Fatalf("serve returned %v with a request in flight", err)
	default:
	}
	close(lc.be.release)
	if status := <-inFlight; status != 200 {
		t.Errorf("in-flight search: %d", status)
	}
	if err := <-lc.done; err != nil {
		t.Errorf("serve: %v", err)
	}
}

// TestSecondSignalEndsDrain checks that a second signal cuts the drain
// short, and that a drain of 0 goes straight to shutdown.
func TestSecondSignalEndsDrain(t *testing.T) {
	t.Run("second signal", func(t *testing.T) {
		lc := startLifecycle(t, time.Hour)
		lc.sigs <- syscall.SIGTERM
		<-lc.drainFor
		if status, _ := lc.get(t, "/readyz"); status != 503 {
			t.Errorf("readyz while draining: %d", status)
		}
		lc.sigs <- syscall.SIGINT // endDrain never fires
		if err := <-lc.done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	t.Run("no drain", func(t *testing.T) {
		lc := startLifecycle(t, 0)
		lc.sigs <- syscall.SIGTERM
		if err := <-lc.done; err != nil {
			t.Errorf("serve: %v", err)
		}
		select {
		case d := <-lc.drainFor:
			t.Errorf("waited a drain of %v", d)
		default:
		}
	})
}

// TestServeFailure checks that serve reports a listener that fails.
func TestServeFailure(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln.Close()
	err = serve(&http.Server{}, ln, nil, make(chan os.Signal), stopping{log: slog.New(slog.DiscardHandler)})
	if err == nil || !strings.Contains(err.Error(), "serve on 127.0.0.1:") {
		t.Errorf("serve on a closed listener: %v", err)
	}
}
