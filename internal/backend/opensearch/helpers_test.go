package opensearch

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/contractsearch/contractsearch/mappings"
)

// testVersion is the version the tests create and load.
const testVersion = "20261122t101500z"

// recorded is one request as a scripted fake cluster received it.
type recorded struct {
	Method      string
	Path        string // decoded path, as OpenSearch reads it
	Query       string // raw query
	ContentType string
	Body        string
}

// scripted is a recording fake OpenSearch whose answers a test scripts.
type scripted struct {
	URL  string
	mu   sync.Mutex
	reqs []recorded
}

// newScripted starts a fake that records each request and answers it with
// handle (which sees the body already read).
func newScripted(t *testing.T, handle func(w http.ResponseWriter, r *http.Request, body []byte)) *scripted {
	t.Helper()
	s := &scripted{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		s.reqs = append(s.reqs, recorded{
			Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery,
			ContentType: r.Header.Get("Content-Type"), Body: string(body),
		})
		s.mu.Unlock()
		handle(w, r, body)
	}))
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

func (s *scripted) requests() []recorded {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]recorded(nil), s.reqs...)
}

// answer returns a handler that always answers status with body.
func answer(status int, body string) func(http.ResponseWriter, *http.Request, []byte) {
	return func(w http.ResponseWriter, _ *http.Request, _ []byte) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}
}

// newTestBackend returns a backend with prefix "cs_" for the cluster at url.
func newTestBackend(t *testing.T, url string, mod func(*Config)) *Backend {
	t.Helper()
	set, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{URLs: []string{url}, IndexPrefix: "cs_"}
	if mod != nil {
		mod(&cfg)
	}
	b, err := New(cfg, set)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	return b
}

// closedURL returns the URL of a local port nothing listens on.
func closedURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr
}
