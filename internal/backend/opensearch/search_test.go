package opensearch

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/dsl"
)

const emptySearchResponse = `{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`

func ptr[T any](v T) *T { return &v }

func str(s string) dsl.Scalar { return dsl.Scalar{Text: s, Kind: 's'} }

func TestSearchForwardsPathAndBody(t *testing.T) {
	tests := []struct {
		name     string
		req      *backend.Request
		wantPath string
		wantBody string
	}{
		{
			name: "phrase with post_filter on _index",
			req: &backend.Request{
				Indexes: []string{"contract"},
				Search: &dsl.SearchRequest{
					Query:      &dsl.MatchPhraseQuery{Field: "body", Query: "governing law"},
					PostFilter: &dsl.TermQuery{Field: "_index", Value: str("contract")},
					Size:       ptr(10),
					Timeout:    15 * time.Second,
				},
			},
			wantPath: "/cs_contract/_search",
			wantBody: `{"size":10,"timeout":"15000ms","query":{"match_phrase":{"body":{"query":"governing law"}}},"post_filter":{"term":{"_index":"cs_contract"}}}`,
		},
		{
			name: "bool over three indexes with terms on _index, aggs, highlight",
			req: &backend.Request{
				Indexes: []string{"clause", "contract", "definition"},
				Search: &dsl.SearchRequest{
					Query: &dsl.BoolQuery{
						Must: []dsl.Query{&dsl.SimpleQueryStringQuery{
							Query: "indemn*", Fields: []string{"name", "snippet"}, DefaultOperator: "or",
						}},
						Filter: []dsl.Query{&dsl.TermsQuery{Field: "_index", Values: []dsl.Scalar{str("clause"), str("definition")}}},
					},
					Aggs: []dsl.NamedAgg{
						{Name: "_index", Field: "_index", Size: ptr(10)},
						{Name: "category", Field: "category.value"},
					},
					Highlight: &dsl.Highlight{
						Fields:  []dsl.HighlightField{{Name: "body"}},
						PreTags: []string{"<b>"}, PostTags: []string{"</b>"},
					},
					Source:  &dsl.SourceFilter{Includes: []string{"name"}},
					Timeout: 500 * time.Millisecond,
				},
			},
			wantPath: "/cs_clause,cs_contract,cs_definition/_search",
			wantBody: `{"timeout":"500ms","query":{"bool":{"must":[{"simple_query_string":{"query":"indemn*","fields":["name","snippet"],"default_operator":"or"}}],"filter":[{"terms":{"_index":["cs_clause","cs_definition"]}}]}},"aggs":{"_index":{"terms":{"field":"_index","size":10}},"category":{"terms":{"field":"category.value"}}},"highlight":{"pre_tags":["<b>"],"post_tags":["</b>"],"fields":{"body":{}}},"_source":["name"]}`,
		},
		{
			name: "no index list searches the six aliases, never /_search",
			req: &backend.Request{Search: &dsl.SearchRequest{
				Query: &dsl.MatchAllQuery{}, Timeout: time.Second,
			}},
			wantPath: "/cs_category,cs_clause,cs_company,cs_contract,cs_definition,cs_jurisdiction/_search",
			wantBody: `{"timeout":"1000ms","query":{"match_all":{}}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := newScripted(t, answer(200, emptySearchResponse))
			b := newTestBackend(t, fake.URL, nil)
			if _, err := b.Search(context.Background(), tt.req); err != nil {
				t.Fatal(err)
			}
			reqs := fake.requests()
			if len(reqs) != 1 {
				t.Fatalf("got %d requests, want 1: %+v", len(reqs), reqs)
			}
			got := reqs[0]
			if got.Method != http.MethodPost || got.Path != tt.wantPath || got.Query != "" {
				t.Errorf("request = %s %s?%s, want POST %s", got.Method, got.Path, got.Query, tt.wantPath)
			}
			if got.ContentType != "application/json" {
				t.Errorf("Content-Type = %q", got.ContentType)
			}
			if got.Body != tt.wantBody {
				t.Errorf("body\n got %s\nwant %s", got.Body, tt.wantBody)
			}
		})
	}
}

func TestSearchRejectsUnknownIndex(t *testing.T) {
	fake := newScripted(t, answer(200, emptySearchResponse))
	b := newTestBackend(t, fake.URL, nil)
	_, err := b.Search(context.Background(), &backend.Request{
		Indexes: []string{"contract", "secrets"},
		Search:  &dsl.SearchRequest{Query: &dsl.MatchAllQuery{}, Timeout: time.Second},
	})
	e, ok := apierr.As(err)
	if !ok || e.Status != 404 || e.Type != "index_not_found_exception" {
		t.Fatalf("err = %v, want 404 index_not_found_exception", err)
	}
	if n := len(fake.requests()); n != 0 {
		t.Errorf("sent %d requests, want 0", n)
	}
}

// A response as OpenSearch 3 writes it, with concrete index names
// everywhere and members the model does not keep (phase_took).
const mappedResponse = `{"took":7,"timed_out":true,"phase_took":{"query":3},
"_shards":{"total":2,"successful":2,"skipped":0,"failed":0},
"hits":{"total":{"value":2,"relation":"eq"},"max_score":0.2876821,"hits":[
 {"_index":"cs_contract-20261122t101500z","_id":"en/1","_score":0.2876821,"_source":{"name":"Supply Agreement"},
  "highlight":{"body":["the <b>governing</b> law"]},
  "inner_hits":{"clause:Governing Law":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.3862944,"hits":[
   {"_index":"cs_contract-20261122t101500z","_id":"en/1","_nested":{"field":"sections","offset":3},"_score":1.3862944,"_source":{"type":"clause"}}]}}}},
 {"_index":"cs_clause-20261122t101500z","_id":"en/gov#ab","_score":0.13353139,"_source":{"name":"Governing Law"},
  "_explanation":{"value":0.13353139,"description":"sum of:","details":[]}}]},
"aggregations":{
 "by_index":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"cs_contract-20261122t101500z","doc_count":5},{"key":"cs_clause-20261122t101500z","doc_count":2}]},
 "category":{"doc_count_error_upper_bound":0,"sum_other_doc_count":1,"buckets":[{"key":"cs_contract-x","doc_count":3}]}},
"suggest":{"suggestions":[{"text":"goverment","offset":0,"length":9,"options":[{"text":"government","score":0.8,"freq":12}]}]},
"profile":{"shards":[]}}`

func TestSearchMapsResponse(t *testing.T) {
	fake := newScripted(t, answer(200, mappedResponse))
	b := newTestBackend(t, fake.URL, nil)
	got, err := b.Search(context.Background(), &backend.Request{
		Indexes: []string{"clause", "contract"},
		Search: &dsl.SearchRequest{
			Query: &dsl.MatchAllQuery{},
			// Request order, not response order, decides the result order.
			Aggs:    []dsl.NamedAgg{{Name: "category", Field: "category.value"}, {Name: "by_index", Field: "_index"}},
			Timeout: time.Second,
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := &backend.Response{
		Took: 7, TimedOut: true,
		Shards: backend.Shards{Total: 2, Successful: 2},
		Hits: backend.Hits{
			Total:    &backend.Total{Value: 2, Relation: "eq"},
			MaxScore: ptr(float32(0.2876821)),
			Hits: []backend.Hit{
				{
					Index: "contract", ID: "en/1", Score: ptr(float32(0.2876821)),
					Source:    json.RawMessage(`{"name":"Supply Agreement"}`),
					Highlight: json.RawMessage(`{"body":["the <b>governing</b> law"]}`),
					InnerHits: map[string]backend.InnerHits{"clause:Governing Law": {Hits: backend.Hits{
						Total:    &backend.Total{Value: 1, Relation: "eq"},
						MaxScore: ptr(float32(1.3862944)),
						Hits: []backend.Hit{{
							Index: "contract", ID: "en/1", Nested: &backend.Nested{Field: "sections", Offset: 3},
							Score: ptr(float32(1.3862944)), Source: json.RawMessage(`{"type":"clause"}`),
						}},
					}}},
				},
				{
					Index: "clause", ID: "en/gov#ab", Score: ptr(float32(0.13353139)),
					Source:      json.RawMessage(`{"name":"Governing Law"}`),
					Explanation: json.RawMessage(`{"value":0.13353139,"description":"sum of:","details":[]}`),
				},
			},
		},
		Aggregations: []backend.NamedAggregation{
			// Not on _index: keys are left alone even when they look like index names.
			{Name: "category", TermsAggregation: backend.TermsAggregation{SumOtherDocCount: 1,
				Buckets: []backend.Bucket{{Key: "cs_contract-x", DocCount: 3}}}},
			{Name: "by_index", TermsAggregation: backend.TermsAggregation{
				Buckets: []backend.Bucket{{Key: "contract", DocCount: 5}, {Key: "clause", DocCount: 2}}}},
		},
		Suggest: json.RawMessage(`{"suggestions":[{"text":"goverment","offset":0,"length":9,"options":[{"text":"government","score":0.8,"freq":12}]}]}`),
		Profile: json.RawMessage(`{"shards":[]}`),
	}
	if !reflect.DeepEqual(got, want) {
		gj, _ := json.MarshalIndent(got, "", " ")
		wj, _ := json.MarshalIndent(want, "", " ")
		t.Fatalf("response\n got %s\nwant %s", gj, wj)
	}
}

func TestScoresRoundTripAsFloat32(t *testing.T) {
	for _, lit := range []string{"0.2876821", "1.3862944", "0.13353139", "12.345678", "1.0E-4", "3.4028235E38"} {
		t.Run(lit, func(t *testing.T) {
			body := `{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},` +
				`"hits":{"total":{"value":1,"relation":"eq"},"max_score":` + lit + `,"hits":[{"_index":"cs_contract-` + testVersion + `","_id":"en/1","_score":` + lit + `}]}}`
			fake := newScripted(t, answer(200, body))
			b := newTestBackend(t, fake.URL, nil)
			resp, err := b.Search(context.Background(), &backend.Request{
				Indexes: []string{"contract"}, Search: &dsl.SearchRequest{Query: &dsl.MatchAllQuery{}, Timeout: time.Second},
			})
			if err != nil {
				t.Fatal(err)
			}
			want64, _ := strconv.ParseFloat(lit, 32)
			want := float32(want64)
			if s := resp.Hits.Hits[0].Score; s == nil || *s != want {
				t.Errorf("_score = %v, want float32 %v", s, want)
			}
			if s := resp.Hits.MaxScore; s == nil || *s != want {
				t.Errorf("max_score = %v, want float32 %v", s, want)
			}
			// Printed as float32, the digits are OpenSearch's (Java's
			// Float.toString also prints the shortest round-trip form).
			wantText, _ := strconv.ParseFloat(lit, 64)
			if got := strconv.FormatFloat(float64(*resp.Hits.Hits[0].Score), 'g', -1, 32); got != strconv.FormatFloat(wantText, 'g', -1, 32) {
				t.Errorf("printed %s, want the digits of %s", got, lit)
			}
		})
	}
}

func TestSearchPassesErrorsThrough(t *testing.T) {
	tests := []struct {
		name           string
		status         int
		header         http.Header
		body           string
		wantRaw        bool
		wantType       string
		wantRetryAfter int
	}{
		{
			name:   "400 parsing_exception",
			status: 400,
			body: `{"error":{"root_cause":[{"type":"parsing_exception","reason":"unknown query [foo]","line":1,"col":20}],` +
				`"type":"parsing_exception","reason":"unknown query [foo]","line":1,"col":20},"status":400}`,
			wantRaw: true, wantType: "parsing_exception",
		},
		{
			name:   "404 index_not_found_exception",
			status: 404,
			body: `{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [cs_contract]","index":"cs_contract","resource.id":"cs_contract","resource.type":"index_or_alias","index_uuid":"_na_"}],` +
				`"type":"index_not_found_exception","reason":"no such index [cs_contract]","index":"cs_contract","resource.id":"cs_contract","resource.type":"index_or_alias","index_uuid":"_na_"},"status":404}`,
			wantRaw: true, wantType: "index_not_found_exception",
		},
		{
			name:   "429 keeps Retry-After",
			status: 429, header: http.Header{"Retry-After": {"7"}},
			body:    `{"error":{"root_cause":[],"type":"rejected_execution_exception","reason":"rejected execution"},"status":429}`,
			wantRaw: true, wantType: "rejected_execution_exception", wantRetryAfter: 7,
		},
		{
			name:    "503 from the cluster is its answer, not retried",
			status:  503,
			body:    `{"error":{"root_cause":[],"type":"cluster_block_exception","reason":"blocked by: [SERVICE_UNAVAILABLE/1/state not recovered / initialized];"},"status":503}`,
			wantRaw: true, wantType: "cluster_block_exception",
		},
		{
			name:   "502 HTML from a proxy is not sent as JSON",
			status: 502, body: `<html><body>Bad Gateway</body></html>`,
			wantRaw: false, wantType: apierr.TypeUnavailable,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := newScripted(t, func(w http.ResponseWriter, _ *http.Request, _ []byte) {
				for k, v := range tt.header {
					w.Header()[k] = v
				}
				w.WriteHeader(tt.status)
				_, _ = io.WriteString(w, tt.body)
			})
			b := newTestBackend(t, fake.URL, nil)
			_, err := b.Search(context.Background(), &backend.Request{
				Indexes: []string{"contract"}, Search: &dsl.SearchRequest{Query: &dsl.MatchAllQuery{}, Timeout: time.Second},
			})
			e, ok := apierr.As(err)
			if !ok {
				t.Fatalf("err = %v (%T), want *apierr.Error", err, err)
			}
			if e.Status != tt.status {
				t.Errorf("Status = %d, want %d", e.Status, tt.status)
			}
			if tt.wantRaw && string(e.Raw) != tt.body {
				t.Errorf("Raw = %s, want the body verbatim", e.Raw)
			}
			if tt.wantRaw && string(e.Body()) != tt.body {
				t.Errorf("Body() = %s, want the body verbatim", e.Body())
			}
			if !tt.wantRaw && (e.Raw != nil || !json.Valid(e.Body())) {
				t.Errorf("Raw = %q, Body() = %s: want a generated JSON body", e.Raw, e.Body())
			}
			if e.Type != tt.wantType {
				t.Errorf("Type = %q, want %q", e.Type, tt.wantType)
			}
			if e.RetryAfter != tt.wantRetryAfter {
				t.Errorf("RetryAfter = %d, want %d", e.RetryAfter, tt.wantRetryAfter)
			}
			if n := len(fake.requests()); n != 1 {
				t.Errorf("sent %d requests, want 1 (answers are never retried)", n)
			}
		})
	}
}

func TestSearchUnavailableWhenRefused(t *testing.T) {
	b := newTestBackend(t, closedURL(t), nil)
	start := time.Now()
	_, err := b.Search(context.Background(), &backend.Request{
		Indexes: []string{"contract"}, Search: &dsl.SearchRequest{Query: &dsl.MatchAllQuery{}, Timeout: 15 * time.Second},
	})
	e, ok := apierr.As(err)
	if !ok || e.Status != http.StatusServiceUnavailable || e.Type != apierr.TypeUnavailable {
		t.Fatalf("err = %v, want 503 %s", err, apierr.TypeUnavailable)
	}
	if !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("cause %v does not say the connection was refused", e.Cause)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v", d)
	}
}

// hijackFirst returns a handler that drops the connection without an
// answer for the first n searches, then answers.
func hijackFirst(n int32, calls *atomic.Int32) func(http.ResponseWriter, *http.Request, []byte) {
	return func(w http.ResponseWriter, _ *http.Request, _ []byte) {
		if calls.Add(1) <= n {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
			return
		}
		answer(200, emptySearchResponse)(w, nil, nil)
	}
}

func TestSearchRetriesOnceOnConnectionError(t *testing.T) {
	tests := []struct {
		name      string
		drops     int32
		wantErr   bool
		wantCalls int32
	}{
		{name: "first connection dropped, second answers", drops: 1, wantCalls: 2},
		{name: "both dropped: 503 after exactly two attempts", drops: 10, wantErr: true, wantCalls: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls atomic.Int32
			fake := newScripted(t, hijackFirst(tt.drops, &calls))
			b := newTestBackend(t, fake.URL, nil)
			resp, err := b.Search(context.Background(), &backend.Request{
				Indexes: []string{"contract"}, Search: &dsl.SearchRequest{Query: &dsl.MatchAllQuery{}, Timeout: time.Second},
			})
			if got := calls.Load(); got != tt.wantCalls {
				t.Errorf("cluster saw %d attempts, want %d", got, tt.wantCalls)
			}
			if tt.wantErr {
				e, ok := apierr.As(err)
				if !ok || e.Status != http.StatusServiceUnavailable {
					t.Fatalf("err = %v, want 503", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if resp.Hits.Total == nil || resp.Hits.Total.Value != 0 {
				t.Errorf("unexpected response %+v", resp)
			}
			// Both attempts carried the whole body.
			reqs := fake.requests()
			if len(reqs) != 2 || reqs[0].Body != reqs[1].Body || reqs[1].Body == "" {
				t.Errorf("attempts differ: %+v", reqs)
			}
		})
	}
}

func TestSearchTimeoutBoundsTheCall(t *testing.T) {
	fake := newScripted(t, func(w http.ResponseWriter, r *http.Request, _ []byte) {
		select {
		case <-r.Context().Done():
		case <-time.After(20 * time.Second):
		}
	})
	b := newTestBackend(t, fake.URL, func(c *Config) { c.TimeoutGrace = 50 * time.Millisecond })
	start := time.Now()
	_, err := b.Search(context.Background(), &backend.Request{
		Indexes: []string{"contract"}, Search: &dsl.SearchRequest{Query: &dsl.MatchAllQuery{}, Timeout: 10 * time.Millisecond},
	})
	elapsed := time.Since(start)
	e, ok := apierr.As(err)
	if !ok || e.Status != http.StatusGatewayTimeout || e.Type != apierr.TypeTimeout {
		t.Fatalf("err = %v, want 504 %s", err, apierr.TypeTimeout)
	}
	if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, errSearchDeadline) {
		t.Errorf("cause %v does not name the search deadline", e.Cause)
	}
	if elapsed < 60*time.Millisecond || elapsed > 2*time.Second {
		t.Errorf("returned after %v, want about timeout+grace (60ms)", elapsed)
	}
	if n := len(fake.requests()); n != 1 {
		t.Errorf("sent %d requests, want 1 (a timeout is not retried)", n)
	}
}

func TestSearchStopsOnCancel(t *testing.T) {
	fake := newScripted(t, func(w http.ResponseWriter, r *http.Request, _ []byte) {
		select {
		case <-r.Context().Done():
		case <-time.After(20 * time.Second):
		}
	})
	b := newTestBackend(t, fake.URL, nil)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	_, err := b.Search(ctx, &backend.Request{
		Indexes: []string{"contract"}, Search: &dsl.SearchRequest{Query: &dsl.MatchAllQuery{}, Timeout: 15 * time.Second},
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if _, ok := apierr.As(err); ok {
		t.Errorf("a cancelled call is not an API error: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("returned after %v", d)
	}
}

func TestReady(t *testing.T) {
	const allAliases = `{"cs_category-20261122t101500z":{"aliases":{"cs_category":{}}},"cs_clause-20261122t101500z":{"aliases":{"cs_clause":{}}},` +
		`"cs_company-20261122t101500z":{"aliases":{"cs_company":{}}},"cs_contract-20261122t101500z":{"aliases":{"cs_contract":{}}},` +
		`"cs_definition-20261122t101500z":{"aliases":{"cs_definition":{}}},"cs_jurisdiction-20261122t101500z":{"aliases":{"cs_jurisdiction":{}}}}`
	tests := []struct {
		name    string
		status  int
		body    string
		closed  bool
		wantErr bool
	}{
		{name: "all six aliases", status: 200, body: allAliases},
		{name: "an alias missing", status: 404, body: `{"error":"alias [cs_clause] missing","status":404,"cs_contract-20261122t101500z":{"aliases":{"cs_contract":{}}}}`, wantErr: true},
		{name: "cluster error", status: 500, body: `{"error":{"type":"exception","reason":"boom"},"status":500}`, wantErr: true},
		{name: "cluster unreachable", closed: true, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url := closedURL(t)
			var fake *scripted
			if !tt.closed {
				fake = newScripted(t, answer(tt.status, tt.body))
				url = fake.URL
			}
			b := newTestBackend(t, url, nil)
			err := b.Ready(context.Background())
			if (err != nil) != tt.wantErr {
				t.Fatalf("Ready() = %v, want error %v", err, tt.wantErr)
			}
			if err != nil {
				if e, ok := apierr.As(err); !ok || e.Status != http.StatusServiceUnavailable {
					t.Errorf("Ready() = %v, want a 503 apierr", err)
				}
			}
			if fake != nil {
				reqs := fake.requests()
				want := "/_alias/cs_category,cs_clause,cs_company,cs_contract,cs_definition,cs_jurisdiction"
				if len(reqs) != 1 || reqs[0].Method != http.MethodGet || reqs[0].Path != want {
					t.Errorf("requests = %+v, want one GET %s", reqs, want)
				}
			}
		})
	}
}

func TestSearchMapsShardFailures(t *testing.T) {
	const body = `{"took":3,"timed_out":false,"_shards":{"total":6,"successful":1,"skipped":0,"failed":5,"failures":[` +
		`{"shard":0,"index":"cs_clause-20261122t101500z","node":"n1","reason":{"type":"illegal_state_exception","reason":"[nested] failed to find nested object under path [sections]"}},` +
		`{"shard":0,"index":"other-index","node":"n1","reason":{"type":"x","reason":"y"}}]},` +
		`"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`
	fake := newScripted(t, answer(200, body))
	b := newTestBackend(t, fake.URL, nil)
	got, err := b.Search(context.Background(), &backend.Request{Search: &dsl.SearchRequest{Query: &dsl.MatchAllQuery{}, Timeout: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`{"shard":0,"index":"clause","node":"n1","reason":{"type":"illegal_state_exception","reason":"[nested] failed to find nested object under path [sections]"}}`,
		// Not one of ours: left alone.
		`{"shard":0,"index":"other-index","node":"n1","reason":{"type":"x","reason":"y"}}`,
	}
	if len(got.Shards.Failures) != len(want) {
		t.Fatalf("failures %d", len(got.Shards.Failures))
	}
	for i, w := range want {
		if string(got.Shards.Failures[i]) != w {
			t.Errorf("failure %d\n got %s\nwant %s", i, got.Shards.Failures[i], w)
		}
	}
	if got.Shards.Failed != 5 || got.Hits.MaxScore != nil || got.Hits.Hits == nil {
		t.Errorf("shards %+v hits %+v", got.Shards, got.Hits)
	}
}
