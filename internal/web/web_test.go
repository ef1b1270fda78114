package web

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func get(t *testing.T, h http.Handler, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("GET", target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestServe(t *testing.T) {
	h, err := New()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		target, ctype string
		status        int
		csp           bool
		contains      string
	}{
		{target: "/", ctype: "text/html; charset=utf-8", status: 200, csp: true, contains: `<script src="/static/app.js" defer></script>`},
		{target: "/?q=governing+law&p=2", ctype: "text/html; charset=utf-8", status: 200, csp: true, contains: `<form id="search"`},
		{target: "/static/app.js", ctype: "text/javascript; charset=utf-8", status: 200, contains: "sessionStorage"},
		{target: "/static/style.css", ctype: "text/css; charset=utf-8", status: 200, contains: ":focus-visible"},
		{target: "/static/index.html", status: 404},
		{target: "/static/", status: 404},
		{target: "/static/../static/app.js", status: 404},
		{target: "/index.html", status: 404},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			rec := get(t, h, tt.target)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d", rec.Code, tt.status)
			}
			if tt.status != 200 {
				return
			}
			hd := rec.Header()
			if hd.Get("Content-Type") != tt.ctype {
				t.Errorf("Content-Type %q, want %q", hd.Get("Content-Type"), tt.ctype)
			}
			want := ""
			if tt.csp {
				want = Policy
			}
			if got := hd.Get("Content-Security-Policy"); got != want {
				t.Errorf("Content-Security-Policy %q, want %q", got, want)
			}
			if hd.Get("Referrer-Policy") != "no-referrer" || hd.Get("X-Content-Type-Options") != "nosniff" || hd.Get("Cache-Control") != "no-cache" {
				t.Errorf("headers %v", hd)
			}
			if !strings.Contains(rec.Body.String(), tt.contains) {
				t.Errorf("body lacks %q", tt.contains)
			}
			// A browser's revalidation with the ETag answers 304.
			etag := hd.Get("ETag")
			if !regexp.MustCompile(`^"[0-9a-f]{16}"$`).MatchString(etag) {
				t.Fatalf("ETag %q", etag)
			}
			if again := get(t, h, tt.target, "If-None-Match", etag); again.Code != http.StatusNotModified || again.Body.Len() != 0 {
				t.Errorf("revalidation: %d, %d bytes", again.Code, again.Body.Len())
			}
		})
	}
}

// TestPageLoadsItsFiles checks that every file the page refers to is
// served, and that it refers to nothing elsewhere (the policy would block
// it) and holds no inline script or style.
func TestPageLoadsItsFiles(t *testing.T) {
	h, err := New()
	if err != nil {
		t.Fatal(err)
	}
	root, err := html.Parse(strings.NewReader(get(t, h, "/").Body.String()))
	if err != nil {
		t.Fatal(err)
	}
	var refs []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				switch {
				case (a.Key == "src" || a.Key == "href") && (n.Data == "script" || n.Data == "link"):
					refs = append(refs, a.Val)
				case strings.HasPrefix(a.Key, "on"):
					t.Errorf("<%s %s> is an inline handler, which the policy blocks", n.Data, a.Key)
				case a.Key == "style":
					t.Errorf("<%s style> is an inline style, which the policy blocks", n.Data)
				}
			}
			if (n.Data == "script" || n.Data == "style") && n.FirstChild != nil {
				t.Errorf("inline <%s>, which the policy blocks", n.Data)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	if len(refs) != 2 {
		t.Errorf("the page loads %q, want its script and style sheet", refs)
	}
	for _, ref := range refs {
		if !strings.HasPrefix(ref, AssetPrefix) {
			t.Errorf("%s is not one of the page's own files", ref)
			continue
		}
		if rec := get(t, h, ref); rec.Code != 200 {
			t.Errorf("%s: %d", ref, rec.Code)
		}
	}
}

// TestScriptWritesNoMarkup holds the script to its rule: text from the API
// enters the page as text nodes only, so nothing in a record can become
// markup. The browser test (integration) checks the result on a real page.
func TestScriptWritesNoMarkup(t *testing.T) {
	h, err := New()
	if err != nil {
		t.Fatal(err)
	}
	js := get(t, h, "/static/app.js").Body.String()
	for _, sink := range []string{"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function", "createContextualFragment"} {
		if strings.Contains(js, sink) {
			t.Errorf("app.js uses %s", sink)
		}
	}
	// The token is never put in the page's own address.
	if regexp.MustCompile(`(pushState|replaceState)\([^)]*token`).MatchString(js) {
		t.Error("app.js puts the token in the page's address")
	}
}
