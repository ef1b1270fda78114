package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/mappings"
)

const testToken = "s3cret-token-value"

// fakeBackend answers every search with a fixed response (or error) and
// records the requests it received.
type fakeBackend struct {
	mu    sync.Mutex
	reqs  []*backend.Request
	resp  *backend.Response
	err   error
	ready error
	// docs holds the records Document finds, by "<index>/<_id>".
	docs   map[string]string
	docErr error
	// record keeps the requests (and the last one's deadline); benchmarks
	// turn it off.
	record   bool
	deadline time.Time
	// delay is how long Search takes before it answers.
	delay time.Duration
}

func (f *fakeBackend) Search(ctx context.Context, req *backend.Request) (*backend.Response, error) {
	time.Sleep(f.delay)
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.record {
		f.reqs = append(f.reqs, req)
		f.deadline, _ = ctx.Deadline()
	}
	if f.err != nil {
		return nil, f.err
	}
	return f.resp, nil
}

// Document answers from docs (by index and id), else ErrNotFound, or with
// docErr when set.
func (f *fakeBackend) Document(_ context.Context, index, id string) (*backend.Document, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.docErr != nil {
		return nil, f.docErr
	}
	src, ok := f.docs[index+"/"+id]
	if !ok {
		return nil, fmt.Errorf("fake: %s/%s: %w", index, id, backend.ErrNotFound)
	}
	return &backend.Document{Index: index, ID: id, Source: json.RawMessage(src)}, nil
}

func (f *fakeBackend) Ready(context.Context) error { return f.ready }
func (f *fakeBackend) Close() error                { return nil }

func f32(v float32) *float32 { return &v }

// sampleResponse is a backend answer with one hit with inner hits, two
// aggregations and a suggestion.
func sampleResponse() *backend.Response {
	return &backend.Response{
		Took:   3,
		Shards: backend.Shards{Total: 6, Successful: 6},
		Hits: backend.Hits{
			Total:    &backend.Total{Value: 1, Relation: "eq"},
			MaxScore: f32(1.2345678),
			Hits: []backend.Hit{{
				Index:     "contract",
				ID:        "en/42",
				Score:     f32(1.2345678),
				Source:    json.RawMessage(`{"name":"Distribution Agreement"}`),
				Highlight: json.RawMessage(`{"body":["the <b>licence</b> granted"]}`),
				InnerHits: map[string]backend.InnerHits{"clause:Governing Law": {Hits: backend.Hits{
					Total: &backend.Total{Value: 1, Relation: "eq"}, MaxScore: f32(0.5),
					Hits: []backend.Hit{{Index: "contract", ID: "en/42", Nested: &backend.Nested{Field: "sections", Offset: 7},
						Score: f32(0.5), Source: json.RawMessage(`{"type":"clause"}`)}},
				}}},
			}},
		},
		Aggregations: []backend.NamedAggregation{
			{Name: "_index", TermsAggregation: backend.TermsAggregation{Buckets: []backend.Bucket{{Key: "contract", DocCount: 1}}}},
			{Name: "category"},
		},
		Suggest: json.RawMessage(`{"suggestions":[{"text":"licence","offset":0,"length":7,"options":[]}]}`),
	}
}

type testServer struct {
	srv *Server
	be  *fakeBackend
	log *bytes.Buffer
}

func newTestServer(t *testing.T, mutate func(*Options)) *testServer {
	t.Helper()
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	p, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), m)
	if err != nil {
		t.Fatal(err)
	}
	be := &fakeBackend{resp: sampleResponse(), record: true}
	var logBuf bytes.Buffer
	opts := Options{
		Tokens: []string{"other-token", testToken}, Backend: be, BackendName: "fake", Parser: p,
		MaxBodyBytes: 1 << 20, Logger: slog.New(slog.NewJSONHandler(&logBuf, nil)),
	}
	if mutate != nil {
		mutate(&opts)
	}
	srv, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return &testServer{srv: srv, be: be, log: &logBuf}
}

func (ts *testServer) do(method, target, body string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	ts.srv.ServeHTTP(rec, req)
	return rec
}

func TestErrorResponses(t *testing.T) {
	big := `{"query":{"q":"` + strings.Repeat("x", 1<<20) + `"}}`
	tests := []struct {
		name, method, target, body, contentType string
		status                                  int
		wantBody                                string
		wantHeader                              map[string]string
	}{
		{name: "missing token", method: "POST", target: "/api/v1alpha/search", body: `{"query":{"q":"a"}}`, status: 401,
			wantBody: `{"error":{"root_cause":[{"type":"security_exception","reason":"missing authentication credentials for REST request: pass the API token as the token query parameter"}],"type":"security_exception","reason":"missing authentication credentials for REST request: pass the API token as the token query parameter"},"status":401}`},
		{name: "wrong token", method: "POST", target: "/api/v1alpha/search?token=nope", body: `{"query":{"q":"a"}}`, status: 401,
			wantBody: `{"error":{"root_cause":[{"type":"security_exception","reason":"unable to authenticate the request: the API token is not valid"}],"type":"security_exception","reason":"unable to authenticate the request: the API token is not valid"},"status":401}`},
		{name: "token prefix is not the token", method: "POST", target: "/api/v1alpha/search?token=s3cret", body: `{}`, status: 401},
		{name: "unknown path", method: "GET", target: "/nope?token=" + testToken, status: 404,
			wantBody: `{"error":{"root_cause":[{"type":"no_handler_found_exception","reason":"no handler found for uri [/nope] and method [GET]"}],"type":"no_handler_found_exception","reason":"no handler found for uri [/nope] and method [GET]"},"status":404}`},
		{name: "wrong method", method: "GET", target: "/api/v1alpha/search?token=" + testToken, status: 405,
			wantBody: `{"error":{"root_cause":[{"type":"method_not_allowed_exception","reason":"Incorrect HTTP method for uri [/api/v1alpha/search] and method [GET], allowed: [OPTIONS, POST]"}],"type":"method_not_allowed_exception","reason":"Incorrect HTTP method for uri [/api/v1alpha/search] and method [GET], allowed: [OPTIONS, POST]"},"status":405}`},
		{name: "malformed JSON", method: "POST", target: "/api/v1alpha/search?token=" + testToken, body: `{"query":`, status: 400,
			wantBody: `{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:10] malformed request body: unexpected end of input","line":1,"col":10}],"type":"x_content_parse_exception","reason":"[1:10] malformed request body: unexpected end of input","line":1,"col":10},"status":400}`},
		{name: "body too large", method: "POST", target: "/api/v1alpha/search?token=" + testToken, body: big, status: 413,
			wantBody: `{"error":{"root_cause":[{"type":"content_too_long_exception","reason":"request body is 1048594 bytes; at most 1048576 are allowed"}],"type":"content_too_long_exception","reason":"request body is 1048594 bytes; at most 1048576 are allowed"},"status":413}`},
		{name: "wrong content type", method: "POST", target: "/api/v1alpha/search?token=" + testToken, body: `<query/>`, contentType: "application/xml", status: 406,
			wantBody: `{"error":{"root_cause":[{"type":"content_type_exception","reason":"Content-Type header [application/xml] is not supported; send application/json"}],"type":"content_type_exception","reason":"Content-Type header [application/xml] is not supported; send application/json"},"status":406}`},
		{name: "curl's default content type with a JSON body", method: "POST", target: "/api/v1alpha/search?token=" + testToken, body: `{"query":{"match_all":{}}}`, contentType: "application/x-www-form-urlencoded", status: 200},
		{name: "form-encoded body", method: "POST", target: "/api/v1alpha/search?token=" + testToken, body: `q=a`, contentType: "application/x-www-form-urlencoded", status: 400,
			wantBody: `{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:1] malformed request body: unexpected character 'q'","line":1,"col":1}],"type":"x_content_parse_exception","reason":"[1:1] malformed request body: unexpected character 'q'","line":1,"col":1},"status":400}`},
		{name: "validation error names the key", method: "POST", target: "/api/v1alpha/search?token=" + testToken, body: "{\"query\":{\"match_all\":{}},\n\"sort\":[]}", status: 400,
			wantBody: `{"error":{"root_cause":[{"type":"parsing_exception","reason":"[sort] is not supported by this API; the body may hold [query, post_filter, from, size, _source, highlight, aggs, timeout, profile, explain, track_total_hits, suggest]","line":2,"col":1}],"type":"parsing_exception","reason":"[sort] is not supported by this API; the body may hold [query, post_filter, from, size, _source, highlight, aggs, timeout, profile, explain, track_total_hits, suggest]","line":2,"col":1},"status":400}`},
		{name: "healthz", method: "GET", target: "/healthz", status: 200, wantBody: `{"status":"ok"}`},
		{name: "readyz", method: "GET", target: "/readyz", status: 200, wantBody: `{"status":"ready"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestServer(t, nil)
			req := httptest.NewRequest(tt.method, tt.target, strings.NewReader(tt.body))
			ct := tt.contentType
			if ct == "" {
				ct = "application/json"
			}
			req.Header.Set("Content-Type", ct)
			rec := httptest.NewRecorder()
			ts.srv.ServeHTTP(rec, req)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d; body %s", rec.Code, tt.status, rec.Body)
			}
			if tt.wantBody != "" && strings.TrimSpace(rec.Body.String()) != tt.wantBody {
				t.Errorf("body\n%s\nwant\n%s", rec.Body, tt.wantBody)
			}
			if got := rec.Header().Get("Content-Type"); got != "application/json" {
				t.Errorf("content type %q", got)
			}
			if rec.Header().Get("X-Request-Id") == "" {
				t.Error("no X-Request-Id")
			}
			if len(ts.be.reqs) != 0 && tt.status != 200 {
				t.Errorf("backend called on a rejected request")
			}
			if strings.Contains(ts.log.String(), testToken) || strings.Contains(rec.Body.String(), "nope") && tt.status == 401 {
				t.Errorf("token leaked: log %s body %s", ts.log, rec.Body)
			}
		})
	}
}

func TestFormAResponse(t *testing.T) {
	ts := newTestServer(t, nil)
	rec := ts.do("POST", "/api/v1alpha/search?token="+testToken, `{"query":{"q":"licence","_index":"contract"}}`)
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	var got map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	// took is max(the backend's took, the wall time since the request
	// arrived) (writeEnvelope): 3 at least, more when the request itself
	// is slow (the first non-blank q of a process loads the clause-type
	// tables, a loaded CPU…). Check the floor, then the rest exactly.
	body := rec.Body.String()
	m := tookPrefix.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("body does not start with took: %s", body)
	}
	if took, _ := strconv.ParseInt(m[1], 10, 64); took < 3 {
		t.Errorf("took %d, below the backend's 3", took)
	}
	body = `{"took":3,` + body[len(m[0]):]
	want := `{"took":3,"timed_out":false,"_shards":{"total":6,"successful":6,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.2345678,"hits":[{"_index":"contract","_id":"en/42","_score":1.2345678,"_source":{"name":"Distribution Agreement"},"highlight":{"body":["the <b>licence</b> granted"]},"inner_hits":{"clause:Governing Law":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":0.5,"hits":[{"_index":"contract","_id":"en/42","_nested":{"field":"sections","offset":7},"_score":0.5,"_source":{"type":"clause"}}]}}}}]},"aggregations":{"_index":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"contract","doc_count":1}]},"category":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[]}},"suggest":{"suggestions":[{"text":"licence","offset":0,"length":7,"options":[]}]},"queryTokens":[],"size":10}`
	if body != want {
		t.Errorf("body (took set to 3)\n%s\nwant\n%s", body, want)
	}
	if len(ts.be.reqs) != 1 {
		t.Fatalf("backend got %d requests", len(ts.be.reqs))
	}
	r := ts.be.reqs[0]
	if strings.Join(r.Indexes, ",") != "category,clause,company,contract,definition,jurisdiction" {
		t.Errorf("indexes %v", r.Indexes)
	}
	if pf := string(dsl.AppendQueryJSON(nil, r.Search.PostFilter, dsl.EncodeOptions{})); pf != `{"term":{"_index":"contract"}}` {
		t.Errorf("post_filter %s", pf)
	}
}

// tookPrefix matches the took member that opens a compact response.
var tookPrefix = regexp.MustCompile(`^\{"took":(\d+),`)

func TestFormBResponseHasType(t *testing.T) {
	ts := newTestServer(t, nil)
	rec := ts.do("POST", "/api/v1alpha/search?token="+testToken, `{"query":{"match_all":{}},"size":1}`)
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	body := rec.Body.String()
	if !strings.Contains(body, `"hits":[{"_index":"contract","_type":"_doc","_id":"en/42"`) {
		t.Errorf("top-level hit lacks _type: %s", body)
	}
	if strings.Contains(body, `"queryTokens"`) || strings.Contains(body, `"size":10}`) {
		t.Errorf("Form A members in a Form B response: %s", body)
	}
	// Inner hits have no _type, and the backend's response is not modified.
	if strings.Count(body, `"_type"`) != 1 || ts.be.resp.Hits.Hits[0].Type != "" {
		t.Errorf("_type on inner hits or backend response modified: %s", body)
	}
}

// prettyTook matches the start of an indented response; took is not
// compared, as it depends on the wall time (tookPrefix).
var prettyTook = regexp.MustCompile(`^\{\n  "took": \d+,\n  "timed_out": false,`)

func TestPretty(t *testing.T) {
	ts := newTestServer(t, nil)
	rec := ts.do("POST", "/api/v1alpha/search?pretty&token="+testToken, `{"query":{"match_all":{}}}`)
	if rec.Code != 200 || !prettyTook.MatchString(rec.Body.String()) {
		t.Errorf("not pretty: %d %s", rec.Code, rec.Body.String()[:min(80, rec.Body.Len())])
	}
	for _, q := range []string{"pretty=false&", ""} {
		if rec := ts.do("POST", "/api/v1alpha/search?"+q+"token="+testToken, `{"query":{"match_all":{}}}`); !tookPrefix.MatchString(rec.Body.String()) {
			t.Errorf("%q: pretty when not asked: %s", q, rec.Body.String()[:20])
		}
	}
	for _, q := range []string{"pretty=true&", "pretty=&"} {
		if rec := ts.do("POST", "/api/v1alpha/search?"+q+"token="+testToken, `{"query":{"match_all":{}}}`); !prettyTook.MatchString(rec.Body.String()) {
			t.Errorf("%q: not pretty: %s", q, rec.Body.String()[:20])
		}
	}
	rec = ts.do("POST", "/api/v1alpha/search?pretty&token=bad", `{}`)
	if rec.Code != 401 || !strings.Contains(rec.Body.String(), "\n  \"error\": {") {
		t.Errorf("error not pretty: %s", rec.Body)
	}
}

func TestBackendErrors(t *testing.T) {
	osBody := `{"error":{"root_cause":[{"type":"query_shard_exception","reason":"failed to create query"}],"type":"search_phase_execution_exception","reason":"all shards failed"},"status":400}`
	tests := []struct {
		name     string
		err      error
		status   int
		wantBody string
	}{
		{"passthrough", &apierr.Error{Status: 400, Raw: json.RawMessage(osBody)}, 400, osBody},
		{"unavailable", apierr.Unavailable(errors.New("dial tcp: connection refused")), 503,
			`{"error":{"root_cause":[{"type":"backend_unavailable","reason":"the search backend is unavailable; retry later"}],"type":"backend_unavailable","reason":"the search backend is unavailable; retry later"},"status":503}`},
		{"unexpected error is a 500 without the Go error", errors.New("boom: secret internals"), 500, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestServer(t, nil)
			ts.be.err = tt.err
			rec := ts.do("POST", "/api/v1alpha/search?token="+testToken, `{"query":{"match_all":{}}}`, "X-Request-Id", "req-1")
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d", rec.Code, tt.status)
			}
			if tt.wantBody != "" && rec.Body.String() != tt.wantBody {
				t.Errorf("body %s\nwant %s", rec.Body, tt.wantBody)
			}
			if strings.Contains(rec.Body.String(), "boom") || strings.Contains(rec.Body.String(), "dial tcp") {
				t.Errorf("Go error text in body: %s", rec.Body)
			}
			if tt.status == 500 && !strings.Contains(rec.Body.String(), "req-1") {
				t.Errorf("500 body lacks the request id: %s", rec.Body)
			}
			if !strings.Contains(ts.log.String(), `"request_id":"req-1"`) {
				t.Errorf("log lacks the request id: %s", ts.log)
			}
		})
	}
}

func TestRateLimit(t *testing.T) {
	ts := newTestServer(t, func(o *Options) { o.RateLimit, o.RateBurst = 0.5, 2 })
	codes := []int{}
	var last *httptest.ResponseRecorder
	for range 3 {
		last = ts.do("POST", "/api/v1alpha/search?token="+testToken, `{"query":{"match_all":{}}}`)
		codes = append(codes, last.Code)
	}
	if codes[0] != 200 || codes[1] != 200 || codes[2] != 429 {
		t.Fatalf("codes %v, want [200 200 429]", codes)
	}
	if got := last.Header().Get("Retry-After"); got != "2" {
		t.Errorf("Retry-After %q, want 2", got)
	}
	want := `{"error":{"root_cause":[{"type":"too_many_requests_exception","reason":"rate limit of 0.5 requests per second exceeded for this token; retry after 2 s"}],"type":"too_many_requests_exception","reason":"rate limit of 0.5 requests per second exceeded for this token; retry after 2 s"},"status":429}`
	if last.Body.String() != want {
		t.Errorf("body %s", last.Body)
	}
	// Another token has its own bucket.
	if rec := ts.do("POST", "/api/v1alpha/search?token=other-token", `{"query":{"match_all":{}}}`); rec.Code != 200 {
		t.Errorf("other token limited: %d", rec.Code)
	}
}

func TestReadyAndDrain(t *testing.T) {
	ts := newTestServer(t, nil)
	ts.be.ready = errors.New("down")
	if rec := ts.do("GET", "/readyz", ""); rec.Code != 503 {
		t.Errorf("readyz with backend down: %d", rec.Code)
	}
	ts.be.ready = nil
	ts.srv.Drain()
	if rec := ts.do("GET", "/readyz", ""); rec.Code != 503 || rec.Body.String() != `{"status":"draining"}` {
		t.Errorf("readyz while draining: %d %s", rec.Code, rec.Body)
	}
}

func TestMetrics(t *testing.T) {
	ts := newTestServer(t, nil)
	ts.do("POST", "/api/v1alpha/search?token="+testToken, `{"query":{"q":"a"}}`)
	ts.do("POST", "/api/v1alpha/search?token="+testToken, `{"query":{"match_all":{}}}`)
	ts.do("POST", "/api/v1alpha/search?token="+testToken, `{"query":{"bogus":{}}}`)
	rec := ts.do("GET", "/metrics", "")
	body, _ := io.ReadAll(rec.Body)
	for _, want := range []string{
		`search_requests_total{form="A",status="200"} 1`,
		`search_requests_total{form="B",status="200"} 1`,
		`search_requests_total{form="none",status="400"} 1`,
		`search_request_duration_seconds_count{form="A"} 1`,
		`search_backend_duration_seconds_count{backend="fake"} 2`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("metrics lack %q", want)
		}
	}
}

func TestAccessLog(t *testing.T) {
	ts := newTestServer(t, nil)
	ts.do("POST", "/api/v1alpha/search?token="+testToken, `{"query":{"q":"a"}}`, "X-Request-Id", "abc-123")
	var line map[string]any
	if err := json.Unmarshal(ts.log.Bytes(), &line); err != nil {
		t.Fatalf("log is not one JSON line: %v: %s", err, ts.log)
	}
	for k, want := range map[string]any{"msg": "request", "request_id": "abc-123", "method": "POST",
		"path": "/api/v1alpha/search", "status": float64(200), "form": "A"} {
		if line[k] != want {
			t.Errorf("log %s = %v, want %v", k, line[k], want)
		}
	}
	if id, _ := line["token_id"].(string); len(id) != 8 {
		t.Errorf("token_id %q", id)
	}
	if strings.Contains(ts.log.String(), testToken) {
		t.Error("token in the log")
	}
}

func TestClientCancelled(t *testing.T) {
	ts := newTestServer(t, nil)
	ts.be.err = fmt.Errorf("opensearch: search: %w", context.Canceled)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := httptest.NewRequest("POST", "/api/v1alpha/search?token="+testToken, strings.NewReader(`{"query":{"match_all":{}}}`)).WithContext(ctx)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	ts.srv.ServeHTTP(rec, req)
	if rec.Code != 499 || !strings.Contains(ts.log.String(), `"status":499`) || !strings.Contains(ts.log.String(), "client_closed_request") {
		t.Errorf("status %d, log %s", rec.Code, ts.log)
	}
}

// TestSearchBudget checks the server's own bound on a search: below its
// write timeout, so that an answer is always written; a backend that
// fails at it answers 504.
func TestSearchBudget(t *testing.T) {
	ts := newTestServer(t, nil)
	budget := dsl.DefaultLimits().MaxTimeout + searchSlack
	before := time.Now()
	if rec := ts.do("POST", "/api/v1alpha/search?token="+testToken, `{"query":{"match_all":{}}}`); rec.Code != 200 {
		t.Fatalf("status %d", rec.Code)
	}
	after := time.Now()
	if d := ts.be.deadline; d.Before(before.Add(budget)) || d.After(after.Add(budget)) {
		t.Errorf("the backend's deadline is %s after the request, want %s", d.Sub(before), budget)
	}
	if wt := ts.srv.WriteTimeout(); wt <= budget {
		t.Errorf("write timeout %s is not beyond the search budget %s", wt, budget)
	}

	ts.be.err = fmt.Errorf("opensearch: search: %w", context.DeadlineExceeded)
	rec := ts.do("POST", "/api/v1alpha/search?token="+testToken, `{"query":{"match_all":{}}}`)
	var body struct {
		Error struct{ Type, Reason string } `json:"error"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if rec.Code != 504 || body.Error.Type != apierr.TypeTimeout || !strings.Contains(body.Error.Reason, budget.String()) {
		t.Errorf("backend past the budget: %d %s", rec.Code, rec.Body)
	}
}

// failingWriter is a connection that takes the status line and headers
// but not the body, as one past its write deadline.
type failingWriter struct{ *httptest.ResponseRecorder }

func (w failingWriter) Write([]byte) (int, error) { return 0, errors.New("i/o timeout") }

// TestUndeliveredAnswer checks that an answer the connection did not take
// is not logged as answered.
func TestUndeliveredAnswer(t *testing.T) {
	ts := newTestServer(t, nil)
	req := httptest.NewRequest("POST", "/api/v1alpha/search?token="+testToken, strings.NewReader(`{"query":{"match_all":{}}}`))
	req.Header.Set("Content-Type", "application/json")
	ts.srv.ServeHTTP(failingWriter{httptest.NewRecorder()}, req)
	var line map[string]any
	if err := json.Unmarshal(ts.log.Bytes(), &line); err != nil {
		t.Fatalf("log is not one JSON line: %v: %s", err, ts.log)
	}
	if line["status"] != float64(499) || !strings.Contains(fmt.Sprint(line["error"]), "writing the answer: i/o timeout") {
		t.Errorf("log line %v", line)
	}
}

// TestResponseSizeLimit checks that an answer larger than
// MAX_RESPONSE_BYTES is refused with a 400 naming the limit, and that the
// backend is told the limit so it can stop early.
func TestResponseSizeLimit(t *testing.T) {
	for _, tt := range []struct {
		limit  int64
		status int
	}{{0, 200}, {1 << 20, 200}, {100, 400}} {
		ts := newTestServer(t, func(o *Options) { o.MaxResponseBytes = tt.limit })
		rec := ts.do("POST", "/api/v1alpha/search?token="+testToken, `{"query":{"match_all":{}}}`)
		if rec.Code != tt.status || ts.be.reqs[0].MaxResponseBytes != tt.limit {
			t.Errorf("limit %d: status %d, backend told %d", tt.limit, rec.Code, ts.be.reqs[0].MaxResponseBytes)
		}
		if tt.status == 400 {
			want := `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"the response is larger than MAX_RESPONSE_BYTES (100 bytes); ` +
				`ask for less: a smaller size, _source includes, fewer or shorter highlight fragments, smaller inner_hits, fewer aggregations"}],` +
				`"type":"illegal_argument_exception","reason":"the response is larger than MAX_RESPONSE_BYTES (100 bytes); ` +
				`ask for less: a smaller size, _source includes, fewer or shorter highlight fragments, smaller inner_hits, fewer aggregations"},"status":400}`
			if got := rec.Body.String(); got != want {
				t.Errorf("body\n got %s\nwant %s", got, want)
			}
		}
	}
}
