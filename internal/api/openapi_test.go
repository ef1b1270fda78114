package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/contractsearch/contractsearch/internal/api/openapi"
	"github.com/contractsearch/contractsearch/internal/api/openapi/openapitest"
	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/backend"
)

// The OpenAPI document (package openapi) held to the server: every route
// is described and every described operation is a route, the document is
// served without a token, and every kind of answer the server gives —
// each status, error type and header — validates against it.

// checker is the document's validator, built once for the package's
// tests (building it compiles every schema of the document).
var checker = sync.OnceValues(openapitest.New)

func newChecker(t *testing.T) *openapitest.Checker {
	t.Helper()
	c, err := checker()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// exchange sends a request to the server and returns it with the answer.
func (ts *testServer) exchange(method, target, contentType, body string, header ...string) openapitest.Exchange {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	sent := req.Header.Clone()
	rec := httptest.NewRecorder()
	ts.srv.ServeHTTP(rec, req)
	return openapitest.Exchange{Method: method, Target: target, Header: sent, Body: []byte(body),
		Status: rec.Code, RespHeader: rec.Header(), RespBody: rec.Body.Bytes()}
}

// documentedOperations reads the document's paths: "METHOD /path" → the
// path item's x-pending-route (the branch that adds a route described
// ahead of its merge), "" for routes that must exist.
func documentedOperations(t *testing.T) map[string]string {
	t.Helper()
	var doc struct {
		Paths map[string]map[string]any `yaml:"paths"`
	}
	if err := yaml.Unmarshal(openapi.YAML(), &doc); err != nil {
		t.Fatal(err)
	}
	ops := map[string]string{}
	for path, item := range doc.Paths {
		pending, _ := item["x-pending-route"].(string)
		for method := range item {
			switch method {
			case "get", "put", "post", "delete", "options", "head", "patch", "trace":
				ops[strings.ToUpper(method)+" "+path] = pending
			}
		}
	}
	return ops
}

// echoParam is a path parameter as echo writes it (:id).
var echoParam = regexp.MustCompile(`:([A-Za-z0-9_]+)`)

func TestRoutesDescribed(t *testing.T) {
	ts := newTestServer(t, nil)
	ops := documentedOperations(t)
	routes := map[string]bool{}
	for _, r := range ts.srv.echo.Routes() {
		key := r.Method + " " + echoParam.ReplaceAllString(r.Path, "{$1}")
		routes[key] = true
		pending, ok := ops[key]
		switch {
		case !ok:
			t.Errorf("route %s is not described in internal/api/openapi/openapi.yaml", key)
		case pending != "":
			t.Errorf("route %s exists: remove x-pending-route (%s) from its path in openapi.yaml and check its description against the handler", key, pending)
		}
	}
	for key, pending := range ops {
		if !routes[key] && pending == "" {
			t.Errorf("openapi.yaml describes %s, which is not a route", key)
		}
	}
	if len(routes) < 5 {
		t.Errorf("only %d routes: %v", len(routes), routes)
	}
}

func TestOpenAPIDocumentServed(t *testing.T) {
	ts := newTestServer(t, nil)
	want, err := openapi.JSON()
	if err != nil {
		t.Fatal(err)
	}
	e := ts.exchange("GET", openapi.Path, "", "")
	if e.Status != http.StatusOK {
		t.Fatalf("status %d without a token: %s", e.Status, e.RespBody)
	}
	if ct := e.RespHeader.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q", ct)
	}
	if !bytes.Equal(e.RespBody, want) {
		t.Errorf("served %d bytes, not the document's %d", len(e.RespBody), len(want))
	}
	if err := newChecker(t).Check(e); err != nil {
		t.Error(err)
	}
	// A token, valid or not, changes nothing.
	for _, q := range []string{"?token=" + testToken, "?token=wrong"} {
		if e := ts.exchange("GET", openapi.Path+q, "", ""); e.Status != 200 || !bytes.Equal(e.RespBody, want) {
			t.Errorf("%s: %d", q, e.Status)
		}
	}
}

// TestAnswersMatchDocument sends one request of every kind of answer the
// server gives and validates request (when answered 2xx) and answer.
func TestAnswersMatchDocument(t *testing.T) {
	search := SearchPath + "?token=" + testToken
	big := `{"query":{"q":"` + strings.Repeat("x", 1<<20) + `"}}`
	osBody := `{"error":{"root_cause":[{"type":"query_shard_exception","reason":"failed to create query","index":"conf-contract-1"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"conf-contract-1","node":"n1","reason":{"type":"query_shard_exception","reason":"failed to create query"}}]},"status":400}`
	withExplain := func(o *Options) {
		be := o.Backend.(*fakeBackend)
		r := sampleResponse()
		r.Hits.Total = nil
		r.Hits.Hits[0].Explanation = json.RawMessage(`{"value":1.2345678,"description":"sum of:","details":[{"value":1.2345678,"description":"weight(body:licence)","details":[]}]}`)
		r.Profile = json.RawMessage(`{"shards":[{"id":"[embedded][contract][0]","searches":[]}]}`)
		r.Shards = backend.Shards{Total: 6, Successful: 5, Failed: 1, Failures: []json.RawMessage{
			json.RawMessage(`{"shard":0,"index":"company","node":"embedded","reason":{"type":"query_shard_exception","reason":"failed to create query: [nested] failed to find nested object under path [sections]","index":"company"}}`)}}
		r.Suggest = json.RawMessage(`{"spelling":[{"text":"licence","offset":0,"length":7,"options":[{"text":"license","score":0.85714287,"freq":3}]}]}`)
		be.resp = r
	}
	backendErr := func(err error) func(*Options) {
		return func(o *Options) { o.Backend.(*fakeBackend).err = err }
	}
	tests := []struct {
		name                        string
		mutate                      func(*Options)
		method, target, ctype, body string
		header                      []string
		status                      int
	}{
		{name: "Form A", method: "POST", target: search, ctype: "application/json", body: `{"query":{"q":"licence","_index":"contract","p":"2","filing_year":{"min":2010,"max":"2020"},"clause":{"Governing Law":"New York"},"company":{"1001039":""}}}`, status: 200},
		{name: "Form A, empty", method: "POST", target: search + "&pretty", ctype: "application/json", body: `{"query":{}}`, status: 200},
		{name: "Form B", method: "POST", target: search, ctype: "application/json; charset=utf-8",
			body: `{"query":{"bool":{"must":{"match_phrase":{"body":{"query":"governing law","slop":2}}},"should":[{"rank_feature":{"field":"weight_rank","saturation":{"pivot":16},"boost":50}}],"filter":[{"terms":{"_index":["contract","clause"],"boost":1}},{"range":{"filing_date":{"gte":"2010-01-01","lt":2021}}}],"must_not":[{"nested":{"path":"sections","query":{"term":{"sections.type":{"value":"clause"}}},"inner_hits":{"name":"s","size":1,"_source":["sections.name"]},"score_mode":"max","ignore_unmapped":true}}],"minimum_should_match":"1"}},"post_filter":{"term":{"_index":"contract"}},"from":0,"size":10,"_source":["name","category.*"],"highlight":{"fields":{"body":{"number_of_fragments":2}},"order":"score","pre_tags":"<em>","post_tags":["</em>"]},"aggs":{"by index":{"terms":{"field":"_index","size":6}}},"timeout":"15S","track_total_hits":100,"suggest":{"text":"licence","spelling":{"term":{"field":"body","suggest_mode":"Missing"}}}}`, status: 200},
		{name: "Form B, explain, profile, no total, a shard failure", mutate: withExplain, method: "POST", target: search, ctype: "application/json",
			body: `{"query":{"simple_query_string":{"query":"licence~","fields":["body^2","name"],"default_operator":"AND","flags":"FUZZY|phrase"}},"explain":true,"profile":true,"track_total_hits":false,"_source":false,"suggest":{"spelling":{"text":"licence","term":{"field":"body"}}}}`, status: 200},
		{name: "curl's default content type", method: "POST", target: search, ctype: "application/x-www-form-urlencoded", body: `{"query":{"match_all":{"boost":2}}}`, status: 200},
		{name: "no content type", method: "POST", target: search, body: `{}`, status: 200},
		{name: "400 parsing_exception", method: "POST", target: search, ctype: "application/json", body: `{"query":{"match":{"body":"x"}}}`, status: 400},
		{name: "400 x_content_parse_exception", method: "POST", target: search, ctype: "application/json", body: `{"query":`, status: 400},
		{name: "400 illegal_argument_exception, pretty", method: "POST", target: search + "&pretty", ctype: "application/json", body: `{"size":101}`, status: 400},
		{name: "400 search_phase_execution_exception", mutate: backendErr(&apierr.Error{Status: 400, Type: "search_phase_execution_exception", Reason: "all shards failed", Raw: json.RawMessage(osBody)}),
			method: "POST", target: search, ctype: "application/json", body: `{"query":{"nested":{"path":"sections","query":{"match_all":{}}}}}`, status: 400},
		{name: "401 missing token", method: "POST", target: SearchPath, ctype: "application/json", body: `{}`, status: 401},
		{name: "401 wrong token", method: "POST", target: SearchPath + "?token=nope", ctype: "application/json", body: `{}`, status: 401},
		{name: "404 index_not_found_exception", mutate: backendErr(apierr.New(404, "index_not_found_exception", "no such index [contract]")), method: "POST", target: search, ctype: "application/json", body: `{}`, status: 404},
		{name: "404 unknown path", method: "GET", target: "/api/v1alpha/nothing", status: 404},
		{name: "405 wrong method", method: "DELETE", target: search, status: 405},
		{name: "204 OPTIONS", method: "OPTIONS", target: SearchPath, status: 204},
		{name: "406 content type", method: "POST", target: search, ctype: "text/plain", body: `{}`, status: 406},
		{name: "413 body too large", method: "POST", target: search, ctype: "application/json", body: big, status: 413},
		{name: "429 rate limit", mutate: func(o *Options) { o.RateLimit, o.RateBurst = 0.001, 1 }, method: "POST", target: search, ctype: "application/json", body: `{}`, status: 429},
		{name: "500", mutate: backendErr(errors.New("boom")), method: "POST", target: search, ctype: "application/json", body: `{}`, status: 500},
		{name: "503", mutate: backendErr(apierr.Unavailable(errors.New("dial tcp: refused"))), method: "POST", target: search, ctype: "application/json", body: `{}`, status: 503},
		{name: "504", mutate: backendErr(&apierr.Error{Status: 504, Type: apierr.TypeTimeout, Reason: "the search backend did not answer within the request timeout of 15000ms"}),
			method: "POST", target: search, ctype: "application/json", body: `{}`, status: 504},
		{name: "passed through: 409 with a string error and Retry-After", mutate: backendErr(&apierr.Error{Status: 409, Raw: json.RawMessage(`{"error":"version conflict","status":409}`), RetryAfter: 3}),
			method: "POST", target: search, ctype: "application/json", body: `{}`, status: 409},
		{name: "healthz", method: "GET", target: "/healthz", header: []string{"X-Request-Id", "probe-1"}, status: 200},
		{name: "readyz", method: "GET", target: "/readyz", status: 200},
		{name: "readyz, backend down", mutate: func(o *Options) { o.Backend.(*fakeBackend).ready = errors.New("down") }, method: "GET", target: "/readyz", status: 503},
		{name: "metrics", method: "GET", target: "/metrics", status: 200},
		{name: "search page", method: "GET", target: "/", status: 200},
		{name: "search page's script", method: "GET", target: "/static/app.js", status: 200},
		{name: "search page's style sheet", method: "GET", target: "/static/style.css", status: 200},
		{name: "search page, unknown file", method: "GET", target: "/static/nope.js", status: 404},
		{name: "CORS preflight", mutate: func(o *Options) { o.CORSOrigins = []string{"https://app.example"} }, method: "OPTIONS", target: SearchPath,
			header: []string{"Origin", "https://app.example", "Access-Control-Request-Method", "POST"}, status: 204},
		{name: "CORS search", mutate: func(o *Options) { o.CORSOrigins = []string{"https://app.example"} }, method: "POST", target: search, ctype: "application/json",
			body: `{"query":{"q":"licence"}}`, header: []string{"Origin", "https://app.example"}, status: 200},
	}
	c := newChecker(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestServer(t, tt.mutate)
			if tt.status == 429 {
				ts.exchange(tt.method, tt.target, tt.ctype, tt.body) // uses the burst
			}
			e := ts.exchange(tt.method, tt.target, tt.ctype, tt.body, tt.header...)
			if e.Status != tt.status {
				t.Fatalf("status %d, want %d: %.300s", e.Status, tt.status, e.RespBody)
			}
			if err := c.Check(e); err != nil {
				t.Errorf("%v\nanswer: %.600s", err, e.RespBody)
			}
		})
	}
	t.Run("readyz, draining", func(t *testing.T) {
		ts := newTestServer(t, nil)
		ts.srv.Drain()
		e := ts.exchange("GET", "/readyz", "", "")
		if e.Status != 503 {
			t.Fatalf("status %d", e.Status)
		}
		if err := c.Check(e); err != nil {
			t.Error(err)
		}
	})
	t.Run("429 failed authentication", func(t *testing.T) {
		ts := newTestServer(t, func(o *Options) { o.AuthFailures, o.AuthFailureInterval = 1, time.Hour })
		ts.exchange("POST", SearchPath+"?token=wrong", "application/json", `{}`)
		e := ts.exchange("POST", search, "application/json", `{}`)
		if e.Status != 429 || e.RespHeader.Get("Retry-After") == "" {
			t.Fatalf("status %d, Retry-After %q", e.Status, e.RespHeader.Get("Retry-After"))
		}
		if err := c.Check(e); err != nil {
			t.Error(err)
		}
	})
}

// TestCheckerCatchesDrift shows the checks above can fail: answers and
// requests the document does not allow are refused.
func TestCheckerCatchesDrift(t *testing.T) {
	c := newChecker(t)
	ts := newTestServer(t, nil)
	good := ts.exchange("POST", SearchPath+"?token="+testToken, "application/json", `{"query":{"q":"licence"}}`)
	if err := c.Check(good); err != nil {
		t.Fatal(err)
	}
	edit := func(f func(e *openapitest.Exchange)) openapitest.Exchange {
		e := good
		e.Header, e.RespHeader = good.Header.Clone(), good.RespHeader.Clone()
		f(&e)
		return e
	}
	replace := func(old, new string) func(e *openapitest.Exchange) {
		return func(e *openapitest.Exchange) {
			e.RespBody = []byte(strings.Replace(string(good.RespBody), old, new, 1))
		}
	}
	for _, tt := range []struct {
		name string
		e    openapitest.Exchange
	}{
		{"an undescribed envelope member", edit(replace(`"timed_out":false`, `"timed_out":false,"new_member":1`))},
		{"an undescribed hit member", edit(replace(`"_id":"en/42"`, `"_id":"en/42","_version":1`))},
		{"_type in a Form A hit", edit(replace(`"_id":"en/42"`, `"_type":"_doc","_id":"en/42"`))},
		{"a Form A answer without size", edit(replace(`,"size":10`, ``))},
		{"a wrong type", edit(replace(`"timed_out":false`, `"timed_out":"no"`))},
		{"an undescribed index", edit(replace(`"_index":"contract"`, `"_index":"contracts"`))},
		{"an undescribed status", edit(func(e *openapitest.Exchange) { e.Status = 418 })},
		{"an undescribed content type", edit(func(e *openapitest.Exchange) { e.RespHeader.Set("Content-Type", "text/html") })},
		{"no X-Request-Id", edit(func(e *openapitest.Exchange) { e.RespHeader.Del("X-Request-Id") })},
		{"a request the document does not allow", edit(func(e *openapitest.Exchange) { e.Body = []byte(`{"query":{"q":"a"},"size":5}`) })},
		{"a request without a token", edit(func(e *openapitest.Exchange) { e.Target = SearchPath })},
		{"an unknown query clause", edit(func(e *openapitest.Exchange) { e.Body = []byte(`{"query":{"match":{"body":"a"}}}`) })},
		{"terms without a field", edit(func(e *openapitest.Exchange) { e.Body = []byte(`{"query":{"terms":{"boost":1}}}`) })},
		{"two rank_feature functions", edit(func(e *openapitest.Exchange) {
			e.Body = []byte(`{"query":{"rank_feature":{"field":"weight_rank","log":{"scaling_factor":1},"linear":{}}}}`)
		})},
		{"an undescribed path answered 200", edit(func(e *openapitest.Exchange) { e.Method, e.Target, e.Status = "GET", "/nothing", 200 })},
	} {
		if err := c.Check(tt.e); err == nil {
			t.Errorf("%s: accepted", tt.name)
		}
	}
	// The default response admits any error status with an Error body,
	// not a body of another shape.
	bad := edit(func(e *openapitest.Exchange) { e.Status, e.RespBody = 409, []byte(`{"message":"conflict"}`) })
	if err := c.Check(bad); err == nil {
		t.Error("a 409 without the Error shape accepted")
	}
	if !slices.Contains(good.RespHeader.Values("Content-Type"), "application/json") {
		t.Errorf("Content-Type %v", good.RespHeader.Values("Content-Type"))
	}
}
