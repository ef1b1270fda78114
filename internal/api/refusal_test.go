package api

import (
	"encoding/json"
	"io"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// logLines decodes the server's JSON log.
func (ts *testServer) logLines(t *testing.T) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(ts.log.String()), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		out = append(out, m)
	}
	return out
}

// from sends a request from the client address addr.
func (ts *testServer) from(addr, method, target, body string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.RemoteAddr = addr
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	ts.srv.ServeHTTP(rec, req)
	return rec
}

func (ts *testServer) metric(t *testing.T, series string) string {
	t.Helper()
	body, _ := io.ReadAll(ts.do("GET", "/metrics", "").Body)
	for _, l := range strings.Split(string(body), "\n") {
		if v, ok := strings.CutPrefix(l, series+" "); ok {
			return v
		}
	}
	return ""
}

func TestLogLineBounded(t *testing.T) {
	ts := newTestServer(t, nil)
	long := "/" + strings.Repeat("a", 8<<10)
	if rec := ts.do("POST", long, `{}`); rec.Code != 404 {
		t.Fatalf("status %d", rec.Code)
	}
	if n := ts.log.Len(); n > 1024 {
		t.Errorf("an 8 KB path wrote a %d-byte log line", n)
	}
	lines := ts.logLines(t)
	if len(lines) != 1 {
		t.Fatalf("%d log lines", len(lines))
	}
	if want := "/" + strings.Repeat("a", 255) + "…(7937 more bytes)"; lines[0]["path"] != want {
		t.Errorf("path %v", lines[0]["path"])
	}
}

func TestClip(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"abcdefghijk", 4, "abcd…(7 more bytes)"},
		// "é" is two bytes: a cut inside it moves back to its start.
		{"abcé", 4, "abc…(2 more bytes)"},
		{"ééé", 3, "é…(4 more bytes)"},
	}
	for _, tt := range tests {
		if got := clip(tt.s, tt.n); got != tt.want {
			t.Errorf("clip(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
}

// TestRefusalsSampled checks that repeated refusals are counted, each,
// and logged once per status and client address.
func TestRefusalsSampled(t *testing.T) {
	ts := newTestServer(t, func(o *Options) { o.RateLimit, o.RateBurst = 0.001, 1 })
	for range 20 {
		ts.from("198.51.100.7:1000", "POST", SearchPath+"?token=wrong", `{}`)
		ts.from("198.51.100.7:1001", "GET", "/nope", "")
		ts.from("198.51.100.7:1002", "POST", SearchPath+"?token="+testToken, `{"query":{"match_all":{}}}`)
	}
	ts.from("198.51.100.8:1000", "POST", SearchPath+"?token=wrong", `{}`)
	var got []string
	for _, l := range ts.logLines(t) {
		got = append(got, l["client"].(string)+" "+jsonString(l["status"])+" "+l["path"].(string))
	}
	want := []string{
		"198.51.100.7 401 " + SearchPath,
		"198.51.100.7 404 /nope",
		"198.51.100.7 200 " + SearchPath, // the one request the bucket allows
		"198.51.100.7 429 " + SearchPath,
		"198.51.100.8 401 " + SearchPath,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("log lines\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for series, want := range map[string]string{
		`refused_requests_total{status="401"}`:            "21",
		`refused_requests_total{status="404"}`:            "20",
		`refused_requests_total{status="429"}`:            "19",
		`search_requests_total{form="none",status="401"}`: "21",
	} {
		if got := ts.metric(t, series); got != want {
			t.Errorf("%s = %q, want %s", series, got, want)
		}
	}
}

func jsonString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestLogSamplerWindows(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newLogSampler(time.Minute, 2)
	steps := []struct {
		status    int
		client    string
		at        time.Duration
		wantLog   bool
		wantEnded map[int]int
	}{
		{401, "a", 0, true, nil},
		{401, "a", time.Second, false, nil},
		{429, "a", 2 * time.Second, true, nil},
		{401, "b", 3 * time.Second, false, nil}, // two clients tracked already
		{401, "a", 59 * time.Second, false, nil},
		{401, "a", 61 * time.Second, true, map[int]int{401: 3}},
		{401, "a", 62 * time.Second, false, nil},
		{404, "c", 200 * time.Second, true, map[int]int{401: 1}},
		{404, "c", 300 * time.Second, true, nil},
	}
	for i, s := range steps {
		log, ended := l.admit(s.status, s.client, t0.Add(s.at))
		if log != s.wantLog || jsonString(ended) != jsonString(s.wantEnded) {
			t.Errorf("step %d: log %v ended %v, want %v %v", i, log, ended, s.wantLog, s.wantEnded)
		}
	}
}

func TestAuthFailureLimit(t *testing.T) {
	_, proxies, _ := net.ParseCIDR("203.0.113.0/24")
	ts := newTestServer(t, func(o *Options) {
		o.AuthFailures, o.AuthFailureInterval = 3, time.Minute
		o.TrustedProxies = []*net.IPNet{proxies}
	})
	const search, body = SearchPath + "?token=", `{"query":{"match_all":{}}}`
	steps := []struct {
		name, addr, token, xff string
		want                   int
	}{
		{"failure 1", "198.51.100.7:1", "wrong", "", 401},
		{"failure 2", "198.51.100.7:2", "", "", 401},
		{"a valid token does not reset the count", "198.51.100.7:3", testToken, "", 200},
		{"failure 3", "198.51.100.7:4", "wrong", "", 401},
		{"blocked", "198.51.100.7:5", "wrong", "", 429},
		{"blocked, even with the right token", "198.51.100.7:6", testToken, "", 429},
		{"X-Forwarded-For from an untrusted peer is ignored", "198.51.100.7:7", testToken, "192.0.2.9", 429},
		{"another address", "198.51.100.8:1", testToken, "", 200},
		{"behind a trusted proxy, the forwarded address counts", "203.0.113.5:1", testToken, "192.0.2.9", 200},
		{"forwarded for the blocked address", "203.0.113.5:1", testToken, "198.51.100.7", 429},
		{"IPv6: one /64 is one client (1)", "[2001:db8:1:2::1]:1", "wrong", "", 401},
		{"IPv6: one /64 is one client (2)", "[2001:db8:1:2::2]:1", "wrong", "", 401},
		{"IPv6: one /64 is one client (3)", "[2001:db8:1:2:ffff::3]:1", "wrong", "", 401},
		{"IPv6: one /64 is one client (blocked)", "[2001:db8:1:2::4]:1", "wrong", "", 429},
		{"IPv6: another /64", "[2001:db8:1:3::1]:1", "wrong", "", 401},
	}
	var last *httptest.ResponseRecorder
	for _, s := range steps {
		var hdr []string
		if s.xff != "" {
			hdr = []string{"X-Forwarded-For", s.xff}
		}
		rec := ts.from(s.addr, "POST", search+s.token, body, hdr...)
		if rec.Code != s.want {
			t.Errorf("%s: status %d, want %d: %s", s.name, rec.Code, s.want, rec.Body)
		}
		if s.name == "blocked" {
			last = rec
		}
	}
	want := `{"error":{"root_cause":[{"type":"too_many_requests_exception","reason":"too many failed authentication attempts from this address (at most 3 per 1m0s); retry after 20 s"}],"type":"too_many_requests_exception","reason":"too many failed authentication attempts from this address (at most 3 per 1m0s); retry after 20 s"},"status":429}`
	if last.Body.String() != want || last.Header().Get("Retry-After") != "20" {
		t.Errorf("429: Retry-After %q, body %s", last.Header().Get("Retry-After"), last.Body)
	}
}

func TestAddressKey(t *testing.T) {
	for in, want := range map[string]string{
		"198.51.100.7":         "198.51.100.7",
		"::ffff:198.51.100.7":  "198.51.100.7",
		"2001:db8:1:2::1":      "2001:db8:1:2::/64",
		"2001:db8:1:2:a:b:c:d": "2001:db8:1:2::/64",
		"":                     "",
		"not an address":       "not an address",
	} {
		if got := addressKey(in); got != want {
			t.Errorf("addressKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRateLimiterBounded checks that the per-key map stays within maxKeys:
// full buckets make room, and keys beyond it are not limited.
func TestRateLimiterBounded(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r := newRateLimiter(1, 1, 2) // one event per second per key
	for _, k := range []string{"a", "b"} {
		if r.allow(k, t0) != 0 || r.allow(k, t0) == 0 {
			t.Fatalf("%s: the second event in a second was allowed", k)
		}
	}
	for i := range 2 {
		if r.allow("c", t0) != 0 {
			t.Errorf("event %d of a key beyond maxKeys was limited", i)
		}
	}
	if len(r.buckets) != 2 {
		t.Errorf("%d buckets", len(r.buckets))
	}
	// A second later a and b are full again, so c gets a bucket.
	t1 := t0.Add(time.Second)
	if r.allow("c", t1) != 0 || r.allow("c", t1) == 0 {
		t.Error("c not limited once there was room")
	}
	if len(r.buckets) != 1 || r.blocked("c", t1) == 0 || r.blocked("a", t1) != 0 {
		t.Errorf("buckets %d, blocked c %v, a %v", len(r.buckets), r.blocked("c", t1), r.blocked("a", t1))
	}
}
