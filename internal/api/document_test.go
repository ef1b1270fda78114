package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/docview"
	"github.com/contractsearch/contractsearch/internal/dsl"
)

// browserAccept is what browsers send when following a link.
const browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"

const docSource = `{"name":"Supply Agreement","body":"SUPPLY AGREEMENT\n\n1. Governing Law\n\nThe laws of New York govern <this>.",` +
	`"url":"/contracts/c1","category":{"name":"Supply Agreement","value":"supply-agreement"},` +
	`"sections":[{"type":"clause","name":"Governing Law","value":"governing law","snippet":"The laws of New York govern.","group_id":"en/governing-law#1","clause_type":["governing-law"],"span":{"start":18,"end":65}}]}`

func newDocServer(t *testing.T, mutate func(*Options)) *testServer {
	t.Helper()
	ts := newTestServer(t, mutate)
	ts.be.docs = map[string]string{"contract/en/c1": docSource}
	return ts
}

func TestDocumentJSON(t *testing.T) {
	ts := newDocServer(t, nil)
	for _, accept := range []string{"", "*/*", "application/json", "text/html;q=0.5, application/json", "image/png"} {
		rec := ts.do("GET", "/contracts/c1?token="+testToken, "", "Accept", accept)
		if rec.Code != 200 {
			t.Fatalf("Accept %q: status %d: %s", accept, rec.Code, rec.Body)
		}
		if want := `{"_index":"contract","_id":"en/c1","_source":` + docSource + `}`; rec.Body.String() != want {
			t.Errorf("Accept %q: body\n%s\nwant\n%s", accept, rec.Body, want)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
			t.Errorf("Accept %q: Content-Type %q", accept, ct)
		}
		if v := rec.Header().Get("Vary"); v != "Accept" {
			t.Errorf("Vary %q", v)
		}
	}
	rec := ts.do("GET", "/contracts/c1?pretty&token="+testToken, "")
	if !strings.HasPrefix(rec.Body.String(), "{\n  \"_index\": \"contract\",\n  \"_id\": \"en/c1\",\n  \"_source\": {\n    \"name\": \"Supply Agreement\",") {
		t.Errorf("pretty body %s", rec.Body)
	}
	if len(ts.be.reqs) != 0 {
		t.Errorf("the JSON view searched: %d requests", len(ts.be.reqs))
	}
}

func TestDocumentErrors(t *testing.T) {
	tests := []struct {
		name, target string
		docErr       error
		status       int
		wantBody     string
	}{
		{name: "unknown id", target: "/contracts/nope?token=" + testToken, status: 404,
			wantBody: `{"error":{"root_cause":[{"type":"resource_not_found_exception","reason":"no contract with id [nope]"}],"type":"resource_not_found_exception","reason":"no contract with id [nope]"},"status":404}`},
		{name: "malformed id", target: "/contracts/a%2Cb?token=" + testToken, status: 400},
		{name: "id too long", target: "/contracts/" + strings.Repeat("a", 510) + "?token=" + testToken, status: 400},
		{name: "missing token", target: "/contracts/c1", status: 401,
			wantBody: `{"error":{"root_cause":[{"type":"security_exception","reason":"missing authentication credentials for REST request: pass the API token as the token query parameter"}],"type":"security_exception","reason":"missing authentication credentials for REST request: pass the API token as the token query parameter"},"status":401}`},
		{name: "wrong token", target: "/contracts/c1?token=nope", status: 401},
		{name: "token checked before the id", target: "/contracts/a%2Cb?token=nope", status: 401},
		{name: "backend down", target: "/contracts/c1?token=" + testToken, docErr: apierr.Unavailable(errors.New("dial tcp: refused")), status: 503,
			wantBody: `{"error":{"root_cause":[{"type":"backend_unavailable","reason":"the search backend is unavailable; retry later"}],"type":"backend_unavailable","reason":"the search backend is unavailable; retry later"},"status":503}`},
		{name: "unexpected backend error", target: "/contracts/c1?token=" + testToken, docErr: errors.New("boom"), status: 500},
		{name: "the server's bound on the work passed", target: "/contracts/c1?token=" + testToken, docErr: fmt.Errorf("lookup: %w", context.DeadlineExceeded), status: 504},
		{name: "q checked as Form A checks it", target: "/contracts/c1?token=" + testToken + "&q=" + strings.Repeat("a", 4097), status: 400,
			wantBody: `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"[q] is 4097 bytes long; at most 4096 are allowed"}],"type":"illegal_argument_exception","reason":"[q] is 4097 bytes long; at most 4096 are allowed"},"status":400}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newDocServer(t, nil)
			ts.be.docErr = tt.docErr
			rec := ts.do("GET", tt.target, "", "Accept", browserAccept)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if tt.wantBody != "" && rec.Body.String() != tt.wantBody {
				t.Errorf("body\n%s\nwant\n%s", rec.Body, tt.wantBody)
			}
			var e struct {
				Error struct {
					Type string `json:"type"`
				} `json:"error"`
				Status int `json:"status"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Status != tt.status || e.Error.Type == "" {
				t.Errorf("not the API's error shape: %s", rec.Body)
			}
			if tt.status == 400 && tt.wantBody == "" && e.Error.Type != apierr.TypeIllegalArgument {
				t.Errorf("type %s", e.Error.Type)
			}
			if strings.Contains(rec.Body.String(), "boom") || strings.Contains(ts.log.String(), testToken) {
				t.Errorf("leak: body %s log %s", rec.Body, ts.log)
			}
		})
	}
}

// page fetches the HTML view and parses it.
func page(t *testing.T, ts *testServer, target string) (*httptest.ResponseRecorder, *html.Node) {
	t.Helper()
	rec := ts.do("GET", target, "", "Accept", browserAccept)
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	root, err := html.Parse(strings.NewReader(rec.Body.String()))
	if err != nil {
		t.Fatal(err)
	}
	return rec, root
}

// find returns the elements with the tag, each as "text" or, for those
// with the attribute attr, "attr=value text".
func find(n *html.Node, tag, attr string) []string {
	var out []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == tag {
			s := nodeText(n)
			for _, a := range n.Attr {
				if a.Key == attr {
					s = attr + "=" + a.Val + " " + s
				}
			}
			out = append(out, s)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

func nodeText(n *html.Node) string {
	if n.Type == html.TextNode {
		return n.Data
	}
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		b.WriteString(nodeText(c))
	}
	return b.String()
}

func TestDocumentHTML(t *testing.T) {
	ts := newDocServer(t, nil)
	rec, root := page(t, ts, "/contracts/c1?token="+testToken)
	h := rec.Header()
	if h.Get("Content-Type") != "text/html; charset=UTF-8" || h.Get("Referrer-Policy") != "no-referrer" ||
		!strings.HasPrefix(h.Get("Content-Security-Policy"), "default-src 'none'") || h.Get("Vary") != "Accept" {
		t.Errorf("headers %v", h)
	}
	for _, c := range []struct {
		tag, attr string
		want      []string
	}{
		{"title", "", []string{"Supply Agreement"}},
		{"h1", "", []string{"Supply Agreement"}},
		{"tr", "", []string{"CategorySupply Agreement supply-agreement"}},
		{"li", "", []string{"Governing Law governing-law"}},
		{"a", "href", []string{"href=#section-0 Governing Law"}},
		{"span", "id", []string{"governing-law", "id=section-0 "}},
		{"mark", "id", nil},
		{"p", "", nil},
	} {
		if got := find(root, c.tag, c.attr); strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("<%s>: %q, want %q", c.tag, got, c.want)
		}
	}
	if got := find(root, "div", ""); len(got) != 1 || got[0] != "SUPPLY AGREEMENT\n\n1. Governing Law\n\nThe laws of New York govern <this>." {
		t.Errorf("text %q", got)
	}
	if len(ts.be.reqs) != 0 {
		t.Errorf("searched without q")
	}
}

func TestDocumentHTMLMarks(t *testing.T) {
	ts := newDocServer(t, nil)
	frag, _ := json.Marshal(map[string][]string{"body": {"SUPPLY AGREEMENT\n\n1. Governing Law\n\nThe laws of " +
		docview.MarkPre + "New" + docview.MarkPost + " " + docview.MarkPre + "York" + docview.MarkPost + " govern <this>."}})
	ts.be.resp = &backend.Response{Hits: backend.Hits{Hits: []backend.Hit{{Index: "contract", ID: "en/c1", Highlight: frag}}}}
	_, root := page(t, ts, "/contracts/c1?token="+testToken+"&q=%22new+york%22")
	if got := find(root, "mark", "id"); strings.Join(got, "|") != "id=match-1 New|id=match-2 York" {
		t.Errorf("marks %q", got)
	}
	if got := find(root, "p", ""); len(got) != 1 || got[0] != `2 matches of "new york" marked: go to the first.` {
		t.Errorf("query line %q", got)
	}
	// The backend was asked to highlight q in this record's body only.
	if len(ts.be.reqs) != 1 {
		t.Fatalf("%d searches", len(ts.be.reqs))
	}
	r := ts.be.reqs[0]
	body := string(r.Search.AppendJSON(nil, dsl.EncodeOptions{}))
	if strings.Join(r.Indexes, ",") != "contract" || !strings.Contains(body, `"filter":[{"term":{"_id":"en/c1"}}]`) ||
		!strings.Contains(body, `"query":"\"new york\""`) || !strings.Contains(body, `"fields":{"body":{"number_of_fragments":0}}`) {
		t.Errorf("highlight search %v %s", r.Indexes, body)
	}

	// When the highlighting search fails, the page is still served and
	// says so; the failure is logged.
	ts = newDocServer(t, nil)
	ts.be.err = apierr.Unavailable(errors.New("down"))
	_, root = page(t, ts, "/contracts/c1?token="+testToken+"&q=york")
	if got := find(root, "p", ""); len(got) != 1 || got[0] != "The matches of york could not be marked in this text." {
		t.Errorf("query line %q", got)
	}
	if !strings.Contains(ts.log.String(), `"error":"backend_unavailable`) {
		t.Errorf("log %s", ts.log)
	}
}

func TestDocumentObserved(t *testing.T) {
	ts := newDocServer(t, func(o *Options) { o.RateLimit, o.RateBurst = 0.5, 3 })
	ts.do("GET", "/contracts/c1?token="+testToken, "", "X-Request-Id", "doc-1")
	ts.do("GET", "/contracts/c1?token="+testToken, "", "Accept", browserAccept)
	ts.do("GET", "/contracts/nope?token="+testToken, "")
	// The bucket is the token's, shared with searches.
	if rec := ts.do("GET", "/contracts/c1?token="+testToken, ""); rec.Code != 429 {
		t.Errorf("fourth request: %d, want 429", rec.Code)
	}
	if rec := ts.do("POST", "/api/v1alpha/search?token="+testToken, `{"query":{"match_all":{}}}`); rec.Code != 429 {
		t.Errorf("search after the documents: %d, want 429", rec.Code)
	}
	rec := ts.do("GET", "/metrics", "")
	body, _ := io.ReadAll(rec.Body)
	for _, want := range []string{
		`document_requests_total{format="json",status="200"} 1`,
		`document_requests_total{format="html",status="200"} 1`,
		`document_requests_total{format="json",status="404"} 1`,
		`document_requests_total{format="none",status="429"} 1`,
		`document_request_duration_seconds_count{format="json"} 2`,
		`document_backend_duration_seconds_count{backend="fake"} 3`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	if strings.Contains(string(body), `search_requests_total{form="none",status="200"}`) {
		t.Error("documents counted as searches")
	}
	first, _, _ := strings.Cut(ts.log.String(), "\n")
	var line map[string]any
	if err := json.Unmarshal([]byte(first), &line); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]any{"request_id": "doc-1", "method": "GET", "path": "/contracts/c1", "status": float64(200), "format": "json"} {
		if line[k] != want {
			t.Errorf("log %s = %v, want %v", k, line[k], want)
		}
	}
	if _, ok := line["token_id"]; !ok || strings.Contains(ts.log.String(), testToken) {
		t.Errorf("log %s", ts.log)
	}
}

func TestNegotiate(t *testing.T) {
	for _, tc := range []struct{ accept, want string }{
		{"", "json"},
		{"*/*", "json"},
		{"application/json", "json"},
		{"text/html", "html"},
		{browserAccept, "html"},
		{"text/*", "html"},
		{"text/html;q=0.5, application/json", "json"},
		{"application/json;q=0.4, text/html;q=0.5", "html"},
		{"text/html, application/json", "json"}, // a tie: the API's format
		{"text/*;q=0.9, text/html;q=0.1, application/json;q=0.5", "json"}, // the specific range wins
		{"text/html;q=0.1", "html"},                                       // json is not acceptable
		{"application/json;q=0.1, text/html, application/json", "json"},   // a range twice: the better
		{"text/html;q=0, */*", "json"},
		{"text/html;q=2", "json"}, // an invalid quality drops the range
		{"image/png", "json"},
		{"text/html;;;, application/json;q=0.1", "json"},
		{",,text/html", "html"},
	} {
		if got := negotiate(tc.accept); got != tc.want {
			t.Errorf("negotiate(%q) = %s, want %s", tc.accept, got, tc.want)
		}
	}
}

func FuzzNegotiate(f *testing.F) {
	f.Add(browserAccept)
	f.Add("text/html;q=0.5, application/json")
	f.Fuzz(func(t *testing.T, accept string) {
		got := negotiate(accept)
		if got != formatJSON && got != formatHTML {
			t.Fatalf("negotiate(%q) = %q", accept, got)
		}
		// Adding an explicit application/json at full quality can only
		// lead to json.
		if negotiate(accept+",application/json") != formatJSON {
			t.Fatalf("%q plus application/json chose html", accept)
		}
	})
}

// TestDocumentAnswersValidate checks every kind of answer the document
// endpoint gives, JSON and HTML, successes and errors, against the OpenAPI
// document, as TestAnswersMatchDocument does for search.
func TestDocumentAnswersValidate(t *testing.T) {
	c := newChecker(t)
	ok := "/contracts/c1?token=" + testToken
	tests := []struct {
		name, target, accept string
		docErr               error
		status               int
	}{
		{"JSON", ok, "", nil, 200},
		{"JSON, pretty", ok + "&pretty", "application/json", nil, 200},
		{"HTML", ok, browserAccept, nil, 200},
		{"HTML with q", ok + "&q=governing+law", browserAccept, nil, 200},
		{"404 unknown id", "/contracts/nope?token=" + testToken, "", nil, 404},
		{"404 unknown id, HTML asked", "/contracts/nope?token=" + testToken, browserAccept, nil, 404},
		{"400 malformed id", "/contracts/a%2Cb?token=" + testToken, "", nil, 400},
		{"400 q too long, HTML asked", ok + "&q=" + strings.Repeat("a", 4097), browserAccept, nil, 400},
		{"401 missing token", "/contracts/c1", "", nil, 401},
		{"500", ok, "", errors.New("boom"), 500},
		{"503", ok, "", apierr.Unavailable(errors.New("dial tcp: refused")), 503},
		{"504", ok, "", fmt.Errorf("lookup: %w", context.DeadlineExceeded), 504},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newDocServer(t, nil)
			ts.be.docErr = tt.docErr
			var header []string
			if tt.accept != "" {
				header = []string{"Accept", tt.accept}
			}
			e := ts.exchange("GET", tt.target, "", "", header...)
			if e.Status != tt.status {
				t.Fatalf("status %d, want %d: %.300s", e.Status, tt.status, e.RespBody)
			}
			if err := c.Check(e); err != nil {
				t.Errorf("%v\nanswer: %.600s", err, e.RespBody)
			}
		})
	}
}
