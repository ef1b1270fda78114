// Package integration holds end-to-end tests of the assembled service: the
// real gateway binary, configured through its environment, serving HTTP in
// front of a backend — a recording fake OpenSearch here, a real OpenSearch
// 3.x cluster (testcontainers-go) where a Docker daemon runs.
package integration

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// gatewayBin is the gateway binary built once by TestMain.
var gatewayBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "gateway-bin")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	gatewayBin = filepath.Join(dir, "gateway")
	build := exec.Command("go", "build", "-race", "-o", gatewayBin, "../cmd/gateway")
	if out, err := build.CombinedOutput(); err != nil {
		// -race needs cgo; fall back to a plain build where it is missing.
		build = exec.Command("go", "build", "-o", gatewayBin, "../cmd/gateway")
		if out2, err := build.CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "build gateway: %v\n%s\n%s", err, out, out2)
			os.Exit(1)
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// recorded is one request the fake cluster received.
type recorded struct {
	Method, Path, Query string
	Body                []byte
}

// fakeCluster is a recording fake OpenSearch: it stores every request and
// answers with the responder.
type fakeCluster struct {
	*httptest.Server
	mu        sync.Mutex
	reqs      []recorded
	responder func(r recorded) (int, string)
}

func newFakeCluster(t *testing.T, responder func(r recorded) (int, string)) *fakeCluster {
	t.Helper()
	fc := &fakeCluster{responder: responder}
	fc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rec := recorded{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Body: body}
		fc.mu.Lock()
		fc.reqs = append(fc.reqs, rec)
		fc.mu.Unlock()
		status, out := fc.responder(rec)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, out)
	}))
	t.Cleanup(fc.Close)
	return fc
}

// searches returns the _search requests received so far.
func (fc *fakeCluster) searches() []recorded {
	fc.mu.Lock()
	defer fc.mu.Unlock()
	var out []recorded
	for _, r := range fc.reqs {
		if strings.HasSuffix(r.Path, "/_search") {
			out = append(out, r)
		}
	}
	return out
}

// gateway is a running gateway process.
type gateway struct {
	URL    string
	cmd    *exec.Cmd
	output *syncBuffer
	done   chan error
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// startGateway runs the gateway binary with env (on top of a minimal
// environment) and waits until /healthz answers.
func startGateway(t *testing.T, env map[string]string) *gateway {
	t.Helper()
	addr := freePort(t)
	g := &gateway{URL: "http://" + addr, output: &syncBuffer{}, done: make(chan error, 1)}
	g.cmd = exec.Command(gatewayBin)
	// No drain: every test stops its gateway, and none needs /readyz to
	// fail first (cmd/gateway's tests cover the drain).
	g.cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "LISTEN_ADDR=" + addr, "SHUTDOWN_DRAIN=0s"}
	for k, v := range env {
		g.cmd.Env = append(g.cmd.Env, k+"="+v)
	}
	g.cmd.Stdout, g.cmd.Stderr = g.output, g.output
	if err := g.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { g.done <- g.cmd.Wait() }()
	t.Cleanup(func() {
		_ = g.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-g.done:
		case <-time.After(10 * time.Second):
			_ = g.cmd.Process.Kill()
		}
	})
	// Generous: under the race detector on a loaded 2-core machine a
	// gateway has taken more than 20 s to answer; a healthy one is
	// waited for only as long as it takes.
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-g.done:
			t.Fatalf("gateway exited early (%v):\n%s", err, g.output)
		default:
		}
		resp, err := http.Get(g.URL + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return g
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("gateway did not become healthy:\n%s", g.output)
	return nil
}

// post sends a search request and returns status, headers and body.
func (g *gateway) post(t *testing.T, query, body string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest("POST", g.URL+"/api/v1alpha/search"+query, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(out)
}
