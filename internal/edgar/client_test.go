package edgar

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"golang.org/x/time/rate"
)

func TestCheckUserAgent(t *testing.T) {
	for ua, ok := range map[string]bool{
		"Jane Doe jane@example.com":            true,
		"Acme Research (admin@acme.co.uk)":     true,
		"contractsearch/1.0 <ops@example.org>": true,
		"":                                     false,
		"Jane Doe":                             false,
		"jane@example.com":                     false,
		"Jane Doe jane@localhost":              false,
		"Jane Doe jane@":                       false,
		"Go-http-client/1.1":                   false,
		"Mozilla/5.0 (X11; Linux x86_64) Chrome/1": false,
	} {
		err := CheckUserAgent(ua)
		if (err == nil) != ok {
			t.Errorf("CheckUserAgent(%q) = %v", ua, err)
		}
		if err != nil && !errors.Is(err, ErrNoUserAgent) {
			t.Errorf("CheckUserAgent(%q) = %v, not ErrNoUserAgent", ua, err)
		}
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for v, want := range map[string]time.Duration{
		"":                              0,
		"7":                             7 * time.Second,
		" 120 ":                         2 * time.Minute,
		"-3":                            0,
		"soon":                          0,
		"Fri, 02 Jan 2026 03:04:35 GMT": 30 * time.Second,
		"Fri, 02 Jan 2026 03:00:00 GMT": 0,
	} {
		if got := parseRetryAfter(v, now); got != want {
			t.Errorf("parseRetryAfter(%q) = %s, want %s", v, got, want)
		}
	}
}

// TestDefaultPacing: without a limiter of its own, a client sends at
// most MaxRate requests a second, with no burst; the default retry
// policy backs off between half and all of a doubling wait.
func TestDefaultPacing(t *testing.T) {
	c := newClient("Jane Doe jane@example.com", nil, Retry{}, nil)
	if c.limiter.Limit() != MaxRate || c.limiter.Burst() != 1 || MaxRate != 10 {
		t.Errorf("limiter %v/s burst %d", c.limiter.Limit(), c.limiter.Burst())
	}
	if c.retry != DefaultRetry {
		t.Errorf("retry %+v", c.retry)
	}
	for _, tc := range []struct {
		attempt int
		jitter  float64
		want    time.Duration
	}{
		{0, 0, 500 * time.Millisecond},
		{0, 0.999999, time.Second},
		{3, 0, 4 * time.Second},
		{10, 0, 30 * time.Second},   // capped at a minute
		{80, 0.5, 45 * time.Second}, // no overflow
	} {
		c.jitter = func() float64 { return tc.jitter }
		if got := c.backoff(tc.attempt); got.Round(time.Millisecond) != tc.want {
			t.Errorf("backoff(%d) with jitter %v = %s, want %s", tc.attempt, tc.jitter, got, tc.want)
		}
	}
}

// TestClientRetries: what is retried (429, 5xx, a cut connection), what
// is not (404, 403), giving up, a Retry-After too long to honour, and
// the size limit.
func TestClientRetries(t *testing.T) {
	var hits map[string]int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits[r.URL.Path]++
		n := hits[r.URL.Path]
		switch r.URL.Path {
		case "/flaky":
			if n < 3 {
				http.Error(w, "busy", []int{http.StatusServiceUnavailable, http.StatusBadGateway}[n-1])
				return
			}
		case "/cut":
			if n < 2 {
				hj, _ := w.(http.Hijacker)
				conn, _, _ := hj.Hijack()
				conn.Close()
				return
			}
		case "/gone":
			http.NotFound(w, r)
			return
		case "/forbidden":
			http.Error(w, "no", http.StatusForbidden)
			return
		case "/busy":
			http.Error(w, "busy", http.StatusTooManyRequests)
			return
		case "/later":
			w.Header().Set("Retry-After", "3600")
			http.Error(w, "busy", http.StatusTooManyRequests)
			return
		}
		_, _ = w.Write([]byte("0123456789"))
	}))
	defer srv.Close()
	c := newClient("Jane Doe jane@example.com", rate.NewLimiter(rate.Inf, 1), Retry{Attempts: 3, Base: time.Millisecond, Max: time.Millisecond, MaxRetryAfter: time.Minute}, nil)
	c.sleep = func(context.Context, time.Duration) error { return nil }
	for _, tc := range []struct {
		path  string
		max   int64
		tries int
		err   string
	}{
		{"/flaky", 100, 3, ""},
		{"/cut", 100, 2, ""},
		{"/gone", 100, 1, "404 Not Found"},
		{"/forbidden", 100, 1, "403 Forbidden (EDGAR refuses clients without a declared User-Agent"},
		{"/busy", 100, 3, "429 Too Many Requests (gave up after 3 tries)"},
		{"/later", 100, 1, "asks to wait 1h0m0s, longer than 1m0s"},
		{"/big", 5, 1, "larger than"},
	} {
		hits = map[string]int{}
		body, err := c.get(context.Background(), srv.URL+tc.path, tc.max)
		if tc.err == "" && (err != nil || string(body) != "0123456789") || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s: %q %v, want error %q", tc.path, body, err, tc.err)
		}
		if hits[tc.path] != tc.tries {
			t.Errorf("%s: %d tries, want %d", tc.path, hits[tc.path], tc.tries)
		}
	}
	if IsNotFound(errors.New("x")) {
		t.Error("IsNotFound of a plain error")
	}
}
