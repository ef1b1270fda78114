package api

import (
	"net/http"
	"slices"
	"testing"
)

// TestCORS checks CORS_ALLOWED_ORIGINS as the server applies it: off by
// default; with origins, a browser's preflight is answered and answers
// (errors included, so a script can read them) name the allowed origin,
// and only it.
func TestCORS(t *testing.T) {
	const app = "https://app.example"
	search := SearchPath + "?token=" + testToken
	with := func(origins ...string) func(*Options) {
		return func(o *Options) { o.CORSOrigins = origins }
	}
	tests := []struct {
		name           string
		origins        func(*Options)
		method, target string
		header         []string
		status         int
		// allow is the Access-Control-Allow-Origin wanted, "" for none.
		allow string
		// methods is the Access-Control-Allow-Methods wanted on a preflight.
		methods string
	}{
		{name: "off: no header", method: "POST", target: search, header: []string{"Origin", app}, status: 200},
		{name: "off: preflight not allowed", method: "OPTIONS", target: SearchPath,
			header: []string{"Origin", app, "Access-Control-Request-Method", "POST"}, status: 204},
		{name: "preflight", origins: with(app), method: "OPTIONS", target: SearchPath,
			header: []string{"Origin", app, "Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "content-type"},
			status: 204, allow: app, methods: "GET,POST"},
		{name: "search", origins: with(app), method: "POST", target: search, header: []string{"Origin", app}, status: 200, allow: app},
		{name: "refused token, still readable", origins: with(app), method: "POST", target: SearchPath + "?token=nope",
			header: []string{"Origin", app}, status: 401, allow: app},
		{name: "document view", origins: with(app), method: "GET", target: "/contracts/nope?token=" + testToken, header: []string{"Origin", app}, status: 404, allow: app},
		{name: "another origin", origins: with(app), method: "POST", target: search, header: []string{"Origin", "https://evil.example"}, status: 200},
		{name: "another origin's preflight", origins: with(app), method: "OPTIONS", target: SearchPath,
			header: []string{"Origin", "https://app.example.evil", "Access-Control-Request-Method", "POST"}, status: 204},
		{name: "any origin", origins: with("*"), method: "POST", target: search, header: []string{"Origin", "https://evil.example"}, status: 200,
			allow: "https://evil.example"},
		{name: "no Origin, no header", origins: with(app), method: "POST", target: search, status: 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestServer(t, tt.origins)
			e := ts.exchange(tt.method, tt.target, "application/json", `{"query":{"q":"licence"}}`, tt.header...)
			if e.Status != tt.status {
				t.Fatalf("status %d, want %d: %.300s", e.Status, tt.status, e.RespBody)
			}
			h := e.RespHeader
			if got := h.Get("Access-Control-Allow-Origin"); got != tt.allow {
				t.Errorf("Access-Control-Allow-Origin %q, want %q", got, tt.allow)
			}
			if got := h.Get("Access-Control-Allow-Methods"); got != tt.methods {
				t.Errorf("Access-Control-Allow-Methods %q, want %q", got, tt.methods)
			}
			if h.Get("Access-Control-Allow-Credentials") != "" {
				t.Error("credentials allowed")
			}
			if tt.allow != "" && tt.method != http.MethodOptions && h.Get("Access-Control-Expose-Headers") != "X-Request-Id,Retry-After" {
				t.Errorf("Access-Control-Expose-Headers %q", h.Get("Access-Control-Expose-Headers"))
			}
			if tt.origins != nil && e.Status != 204 && !slices.Contains(h.Values("Vary"), "Origin") {
				t.Errorf("Vary %q lacks Origin", h.Values("Vary"))
			}
		})
	}
}
