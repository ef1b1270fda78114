package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/backend/embedded"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/indexer"
	"github.com/contractsearch/contractsearch/mappings"
)

// logLines is a log destination whose JSON lines a test can wait for:
// the access log is written after the answer, from the server's
// goroutine.
type logLines struct {
	mu    sync.Mutex
	lines []map[string]any
	added chan struct{}
}

func newLogLines() *logLines { return &logLines{added: make(chan struct{}, 1)} }

func (l *logLines) Write(p []byte) (int, error) {
	var line map[string]any
	if err := json.Unmarshal(p, &line); err != nil {
		return 0, err
	}
	l.mu.Lock()
	l.lines = append(l.lines, line)
	l.mu.Unlock()
	select {
	case l.added <- struct{}{}:
	default:
	}
	return len(p), nil
}

// request waits for the access log line of the request with id, until
// ctx ends.
func (l *logLines) request(ctx context.Context, id string) (map[string]any, error) {
	for {
		l.mu.Lock()
		for _, line := range l.lines {
			if line["msg"] == "request" && line["request_id"] == id {
				l.mu.Unlock()
				return line, nil
			}
		}
		l.mu.Unlock()
		select {
		case <-l.added:
		case <-ctx.Done():
			return nil, fmt.Errorf("no log line for request %s: %w", id, ctx.Err())
		}
	}
}

// startedBackend tells when a search has reached the backend.
type startedBackend struct {
	backend.Backend
	once    sync.Once
	started chan struct{}
}

func (b *startedBackend) Search(ctx context.Context, req *backend.Request) (*backend.Response, error) {
	b.once.Do(func() { close(b.started) })
	return b.Backend.Search(ctx, req)
}

// blockingBackend answers its response once the request's context has
// ended: an engine that stops and answers with what it has.
type blockingBackend struct {
	fakeBackend
	started chan struct{}
}

func (b *blockingBackend) Search(ctx context.Context, req *backend.Request) (*backend.Response, error) {
	close(b.started)
	<-ctx.Done()
	return b.resp, nil
}

// searchRequest is a search POST to srv with a request id.
func searchRequest(ctx context.Context, t *testing.T, url, id, body string) *http.Request {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+SearchPath+"?token="+testToken, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Request-Id", id)
	return req
}

// TestDeliveryIsLogged checks, over real connections, that the access
// log's status and bytes are what the client was sent: an answer taken
// whole is a 200 with its Content-Length and every byte counted; an
// answer to a client gone before it is a 499 and nothing is written; an
// answer the connection does not take before its write deadline (a
// client that stopped reading) is a 499 with the bytes it took.
func TestDeliveryIsLogged(t *testing.T) {
	t.Run("answered", func(t *testing.T) {
		logs := newLogLines()
		ts := newTestServer(t, func(o *Options) { o.Logger = slog.New(slog.NewJSONHandler(logs, nil)) })
		hs := httptest.NewServer(ts.srv)
		defer hs.Close()
		resp, err := hs.Client().Do(searchRequest(t.Context(), t, hs.URL, "answered", `{"query":{"match_all":{}}}`))
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != 200 || resp.ContentLength != int64(len(body)) {
			t.Fatalf("status %d, Content-Length %d, %d bytes read, %v", resp.StatusCode, resp.ContentLength, len(body), err)
		}
		line, err := logs.request(t.Context(), "answered")
		if err != nil {
			t.Fatal(err)
		}
		if line["status"] != float64(200) || line["bytes_out"] != float64(len(body)) {
			t.Errorf("log line %v, want status 200 and %d bytes", line, len(body))
		}
	})

	t.Run("client gone before the answer", func(t *testing.T) {
		logs := newLogLines()
		be := &blockingBackend{fakeBackend: fakeBackend{resp: sampleResponse()}, started: make(chan struct{})}
		ts := newTestServer(t, func(o *Options) { o.Backend, o.Logger = be, slog.New(slog.NewJSONHandler(logs, nil)) })
		hs := httptest.NewServer(ts.srv)
		defer hs.Close()
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		req := searchRequest(ctx, t, hs.URL, "gone", `{"query":{"match_all":{}}}`)
		go func() {
			resp, err := hs.Client().Do(req)
			if err == nil {
				resp.Body.Close()
				err = fmt.Errorf("status %d", resp.StatusCode)
			}
			done <- err
		}()
		<-be.started
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Errorf("client: %v", err)
		}
		line, err := logs.request(t.Context(), "gone")
		if err != nil {
			t.Fatal(err)
		}
		if line["status"] != float64(499) || line["bytes_out"] != float64(0) ||
			!strings.Contains(fmt.Sprint(line["error"]), "went away before the answer") {
			t.Errorf("log line %v, want status 499, no bytes, the client gone", line)
		}
	})

	t.Run("past the write deadline", func(t *testing.T) {
		logs := newLogLines()
		// An answer far larger than what the kernel's socket buffers
		// hold, to a client that never reads it.
		big := sampleResponse()
		big.Hits.Hits[0].Source = json.RawMessage(`{"body":"` + strings.Repeat("x", 32<<20) + `"}`)
		ts := newTestServer(t, func(o *Options) { o.Logger = slog.New(slog.NewJSONHandler(logs, nil)) })
		ts.be.resp = big
		hs := httptest.NewUnstartedServer(ts.srv)
		hs.Config.WriteTimeout = 500 * time.Millisecond
		hs.Start()
		defer hs.Close()
		conn, err := net.Dial("tcp", hs.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		body := `{"query":{"match_all":{}}}`
		fmt.Fprintf(conn, "POST %s?token=%s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Request-Id: stalled\r\nContent-Length: %d\r\n\r\n%s",
			SearchPath, testToken, len(body), body)
		line, err := logs.request(t.Context(), "stalled")
		if err != nil {
			t.Fatal(err)
		}
		written, _ := line["bytes_out"].(float64)
		if line["status"] != float64(499) || written <= 0 || written >= 32<<20 ||
			!strings.Contains(fmt.Sprint(line["error"]), "writing the answer") {
			t.Errorf("log line %v, want status 499 and part of the answer written", line)
		}
	})
}

// TestDisconnectStopsTheEngine checks that a client that goes away stops
// the embedded engine in the middle of a costly query: a sloppy phrase of
// one word repeated, over documents where that word is frequent (3–6 s
// for the ten documents here without a disconnect, measured at load 12–15
// on 2 cores; the client leaves as soon as the search has reached the
// engine). The engine then fails with the context's error, which the log
// records as the client closing the request; had it run on, it would
// have answered after its work, and the log would say the client went
// away before the answer.
func TestDisconnectStopsTheEngine(t *testing.T) {
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	d, err := generation.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var bulk strings.Builder
	text := strings.Repeat("the parties agree that the terms of the agreement bind the successors of the parties. ", 2000)
	for i := range 10 {
		fmt.Fprintf(&bulk, "{\"index\":{\"_index\":\"contract\",\"_id\":\"c%d\"}}\n{\"name\":\"Agreement\",\"body\":%q}\n", i, text)
	}
	if _, err := indexer.Build(t.Context(), d, strings.NewReader(bulk.String()), indexer.Options{}); err != nil {
		t.Fatal(err)
	}
	eb, err := embedded.Open(dir, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer eb.Close()
	limits := dsl.DefaultLimits()
	limits.MaxTimeout = time.Minute
	p, err := dsl.NewParser(limits, dsl.DefaultFormAOptions(), m)
	if err != nil {
		t.Fatal(err)
	}
	logs := newLogLines()
	be := &startedBackend{Backend: eb, started: make(chan struct{})}
	ts := newTestServer(t, func(o *Options) { o.Backend, o.Parser, o.Logger = be, p, slog.New(slog.NewJSONHandler(logs, nil)) })
	hs := httptest.NewServer(ts.srv)
	defer hs.Close()

	ctx, cancel := context.WithCancel(t.Context())
	body := `{"query":{"match_phrase":{"body":{"query":"` + strings.Repeat("the ", 200) + `","slop":10}}},"timeout":"60s"}`
	req := searchRequest(ctx, t, hs.URL, "slow", body)
	go func() {
		if resp, err := hs.Client().Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	<-be.started
	cancel()
	line, err := logs.request(t.Context(), "slow")
	if err != nil {
		t.Fatal(err)
	}
	if line["status"] != float64(499) || !strings.Contains(fmt.Sprint(line["error"]), "client_closed_request") {
		t.Errorf("log line %v, want the engine stopped by the client's disconnect", line)
	}
}
