package api

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/backend"
)

// benchRequests are realistic bodies of both forms.
var benchRequests = []struct{ name, body string }{
	{"FormA", `{"query":{"q":"indemnif* +\"governing law\" -arbitration","_index":"contract","p":2,"jurisdiction":{"new-york-us":""},"clause":{"Governing Law":"New York"},"filing_year":{"min":2010,"max":2015}}}`},
	{"FormB", `{"query":{"bool":{"must":[{"simple_query_string":{"query":"exclusive +territory","fields":["name^2","body"],"default_operator":"and"}}],"filter":[{"nested":{"path":"sections","query":{"bool":{"filter":[{"term":{"sections.type":"clause"}},{"term":{"sections.name.raw":"Governing Law"}}]}},"inner_hits":{"name":"clause:Governing Law"},"ignore_unmapped":true}}],"should":[{"match_all":{}},{"rank_feature":{"field":"weight_rank","boost":50,"saturation":{"pivot":16}}}]}},"post_filter":{"terms":{"_index":["contract","clause"]}},"size":10,"timeout":"15000ms","_source":["name","snippet","category.name"],"highlight":{"fields":{"body":{},"name":{}},"order":"score","pre_tags":["<b>"],"post_tags":["</b>"]},"aggs":{"idx":{"terms":{"field":"_index","size":10}},"cat":{"terms":{"field":"category.value","size":50}}}}`},
}

// BenchmarkSearch measures the gateway's own cost per request — token
// check, rate limit, decoding, validation, Form A expansion, envelope
// rendering, logging and metrics — with a backend that answers instantly
// with a ten-hit response. Target (issue 2): under 150 µs and 300
// allocations per request.
func BenchmarkSearch(b *testing.B) {
	for _, br := range benchRequests {
		b.Run(br.name, func(b *testing.B) {
			ts := newTestServer(&testing.T{}, nil)
			resp := sampleResponse()
			for len(resp.Hits.Hits) < 10 {
				resp.Hits.Hits = append(resp.Hits.Hits, resp.Hits.Hits[0])
			}
			ts.be.resp = resp
			ts.be.record = false
			target := "/api/v1alpha/search?token=" + testToken
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest("POST", target, strings.NewReader(br.body))
				req.Header.Set("Content-Type", "application/json")
				rec := httptest.NewRecorder()
				ts.srv.ServeHTTP(rec, req)
				if rec.Code != 200 {
					b.Fatalf("status %d: %s", rec.Code, rec.Body)
				}
				ts.log.Reset()
			}
		})
	}
}

// BenchmarkRenderEnvelope measures rendering a page of 100 hits each
// with 100 highlighted inner hits (the suite's "inner hits highlighted
// whole" body): the envelope's own members, not the raw bytes, are the
// cost there.
func BenchmarkRenderEnvelope(b *testing.B) {
	score := float32(1.2345678)
	hits := make([]backend.Hit, 100)
	for i := range hits {
		children := make([]backend.Hit, 100)
		for j := range children {
			children[j] = backend.Hit{Index: "contract", ID: fmt.Sprintf("en/%d", i), Score: &score,
				Nested:    &backend.Nested{Field: "sections", Offset: j},
				Source:    json.RawMessage(`{"type":"clause","name":"Governing Law","snippet":"This agreement is governed by the laws of the State of New York."}`),
				Highlight: json.RawMessage(`{"sections.snippet":["This agreement is governed by <b>the</b> laws of <b>the</b> State of New York."]}`)}
		}
		hits[i] = backend.Hit{Index: "contract", ID: fmt.Sprintf("en/%d", i), Score: &score, Type: "_doc",
			Source: json.RawMessage(`{"name":"Agreement"}`),
			InnerHits: map[string]backend.InnerHits{"sections": {Hits: backend.Hits{
				Total: &backend.Total{Value: 100, Relation: "eq"}, MaxScore: &score, Hits: children}}}}
	}
	env := envelope{Hits: backend.Hits{Total: &backend.Total{Value: 510, Relation: "eq"}, MaxScore: &score, Hits: hits}}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := renderEnvelope(&env, 0); err != nil {
			b.Fatal(err)
		}
	}
}
