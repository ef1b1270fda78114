package osspec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSchemas checks that the compiled schemas accept what OpenSearch
// accepts and reject what it rejects, as published (open) and closed
// (strict): wrong types, unknown members, unknown clause and mapping
// types, discriminated alternatives, values the specification lists.
func TestSchemas(t *testing.T) {
	s := ForTest(t)
	const (
		ok          = iota // valid as published and closed
		unknownOnly        // valid as published, an unknown member when closed
		invalid            // invalid either way
	)
	tests := []struct {
		name   string
		schema *Schema
		doc    string
		want   int
		// where is the instance location a failure names.
		where string
	}{
		{"search: match_all", s.SearchRequest, `{"query":{"match_all":{}},"size":10,"timeout":"15000ms"}`, ok, ""},
		{"search: nested bool", s.SearchRequest, `{"query":{"bool":{"must":[{"nested":{"path":"sections","query":{"term":{"sections.type":"clause"}},"inner_hits":{"name":"x"},"ignore_unmapped":true}}],"minimum_should_match":1}}}`, ok, ""},
		{"search: terms aggregation", s.SearchRequest, `{"aggs":{"i":{"terms":{"field":"_index","size":10}}}}`, ok, ""},
		{"search: combined sqs flags", s.SearchRequest, `{"query":{"simple_query_string":{"query":"a","flags":"AND|OR"}}}`, ok, ""},
		{"search: one sqs flag (an erratum)", s.SearchRequest, `{"query":{"simple_query_string":{"query":"a","flags":"NONE"}}}`, ok, ""},
		{"search: sqs flags a list", s.SearchRequest, `{"query":{"simple_query_string":{"query":"a","flags":["AND"]}}}`, invalid, "/query/simple_query_string/flags"},
		{"search: bool must a string", s.SearchRequest, `{"query":{"bool":{"must":"x"}}}`, invalid, "/query/bool/must"},
		{"search: size a string", s.SearchRequest, `{"size":"ten"}`, invalid, "/size"},
		{"search: timeout a number", s.SearchRequest, `{"timeout":15000}`, invalid, "/timeout"},
		{"search: unknown top-level member", s.SearchRequest, `{"query":{"match_all":{}},"sizee":10}`, unknownOnly, "/sizee"},
		{"search: unknown clause", s.SearchRequest, `{"query":{"match_alll":{}}}`, unknownOnly, "/query/match_alll"},
		{"search: unknown sqs member", s.SearchRequest, `{"query":{"simple_query_string":{"query":"a","flag":"AND"}}}`, unknownOnly, "/query/simple_query_string/flag"},
		{"search: unknown terms aggregation member", s.SearchRequest, `{"aggs":{"i":{"terms":{"field":"_index","sizes":10}}}}`, unknownOnly, "/aggs/i/terms/sizes"},
		{"search: two clauses in one container", s.SearchRequest, `{"query":{"match_all":{},"term":{"a":"b"}}}`, invalid, "/query"},
		{"response: minimal", s.SearchResponse, `{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`, ok, ""},
		{"response: full", s.SearchResponse, fullResponse, ok, ""},
		{"response: bad relation", s.SearchResponse, `{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"about"},"hits":[]}}`, invalid, "/hits/total"},
		{"response: unknown _shards member", s.SearchResponse, `{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skiped":0,"failed":0},"hits":{"max_score":null,"hits":[]}}`, unknownOnly, "/_shards/skiped"},
		{"response: unknown total member", s.SearchResponse, `{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq","exact":true},"max_score":null,"hits":[]}}`, unknownOnly, "/hits/total/exact"},
		// Hits are open by design: additionalProperties "meta_fields".
		{"response: any hit member", s.SearchResponse, `{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"max_score":1,"hits":[{"_index":"a","_id":"1","_meta":1}]}}`, ok, ""},
		{"response: term suggestions (an erratum)", s.SearchResponse, `{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"max_score":null,"hits":[]},"suggest":{"s":[{"text":"a","offset":0,"length":1,"options":[]}]}}`, ok, ""},
		{"sterms", s.StringTermsAggregate, `{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"contract","doc_count":7}]}`, ok, ""},
		{"sterms: a numeric key", s.StringTermsAggregate, `{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":7,"doc_count":7}]}`, invalid, "/buckets"},
		{"sterms: a sub-aggregation in a bucket", s.StringTermsAggregate, `{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"a","doc_count":7,"top":{"value":3}}]}`, ok, ""},
		// Any other bucket member is a sub-aggregation result: an object.
		{"sterms: a number in a bucket", s.StringTermsAggregate, `{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"a","doc_count":7,"score":1}]}`, invalid, "/buckets/0/score"},
		{"sterms: unknown member", s.StringTermsAggregate, `{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[],"bucket":[]}`, unknownOnly, "/bucket"},
		{"create: text with a keyword sub-field", s.CreateIndexRequest, `{"mappings":{"properties":{"name":{"type":"text","fields":{"raw":{"type":"keyword"}}}}}}`, ok, ""},
		{"create: object without type", s.CreateIndexRequest, `{"mappings":{"properties":{"category":{"properties":{"value":{"type":"keyword"}}}}}}`, ok, ""},
		{"create: unknown field type", s.CreateIndexRequest, `{"mappings":{"properties":{"name":{"type":"text","fields":{"raw":{"type":"keywrd"}}}}}}`, invalid, "/mappings/properties/name/fields/raw"},
		{"create: member of another type", s.CreateIndexRequest, `{"mappings":{"properties":{"n":{"type":"keyword","positive_score_impact":true}}}}`, unknownOnly, "/mappings/properties/n/positive_score_impact"},
		{"create: unknown settings member", s.CreateIndexRequest, `{"settings":{"index":{"number_of_shards":1}},"mapings":{}}`, unknownOnly, "/mapings"},
		{"aliases: add and remove", s.UpdateAliasesRequest, `{"actions":[{"remove":{"index":"a-1","alias":"a"}},{"add":{"index":"a-2","alias":"a"}}]}`, ok, ""},
		{"aliases: actions an object", s.UpdateAliasesRequest, `{"actions":{"add":{"index":"a-2","alias":"a"}}}`, invalid, "/actions"},
		{"aliases: unknown action member", s.UpdateAliasesRequest, `{"actions":[{"add":{"index":"a-2","alias":"a","aliass":"b"}}]}`, unknownOnly, "/actions/0/add/aliass"},
		{"bulk action: index", s.BulkAction, `{"index":{"_index":"cs_contract-1","_id":"en/1"}}`, ok, ""},
		{"bulk action: unknown operation", s.BulkAction, `{"insert":{"_index":"cs_contract-1","_id":"en/1"}}`, unknownOnly, "/insert"},
		{"bulk action: two operations", s.BulkAction, `{"index":{"_index":"a"},"delete":{"_index":"a","_id":"1"}}`, invalid, ""},
		{"bulk action: unknown metadata member", s.BulkAction, `{"index":{"_index":"cs_contract-1","_idd":"en/1"}}`, unknownOnly, "/index/_idd"},
		{"index name", s.IndexName, `"cs_contract-20261122t101500z"`, ok, ""},
		{"index name: a number", s.IndexName, `12`, invalid, ""},
	}
	if len(s.Errata) != len(errata) {
		t.Errorf("errata applied: %q; want all %d", s.Errata, len(errata))
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			open, strict := tt.schema.Validate([]byte(tt.doc)), tt.schema.Strict([]byte(tt.doc))
			switch tt.want {
			case ok:
				if open != nil || strict != nil {
					t.Errorf("want valid; published: %v; closed: %v", open, strict)
				}
			case unknownOnly:
				if open != nil {
					t.Errorf("want valid as published: %v", open)
				}
				if strict == nil {
					t.Errorf("want invalid when closed")
				} else if !strings.Contains(strict.Error(), "'"+tt.where+"'") {
					t.Errorf("closed: the error does not name %s: %v", tt.where, strict)
				}
			case invalid:
				for _, err := range []error{open, strict} {
					if err == nil {
						t.Errorf("want invalid")
					} else if !strings.Contains(err.Error(), "'"+tt.where) {
						t.Errorf("the error does not name %s: %v", tt.where, err)
					}
				}
			}
		})
	}
}

// fullResponse is an answer of OpenSearch with every member the service
// uses: hits with highlight, inner hits and _nested, a terms aggregation,
// term suggestions.
const fullResponse = `{"took":5,"timed_out":false,"_shards":{"total":6,"successful":6,"skipped":0,"failed":0},` +
	`"hits":{"total":{"value":2,"relation":"eq"},"max_score":2.0794415,"hits":[` +
	`{"_index":"cs-contract-1","_id":"en/1","_score":2.0794415,"_source":{"name":"Exclusive Licence Agreement"},` +
	`"highlight":{"body":["an <b>exclusive</b> <b>licence</b>"]},"inner_hits":{"clause:Governing Law":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.5,` +
	`"hits":[{"_index":"cs-contract-1","_id":"en/1","_nested":{"field":"sections","offset":3},"_score":1.5,"_source":{"type":"clause","name":"Governing Law"}}]}}}},` +
	`{"_index":"cs-clause-1","_id":"en/governing-law#ab12","_score":0.2876821,"_source":{"name":"Governing Law"}}]},` +
	`"aggregations":{"_index":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"cs-contract-1","doc_count":7}]}},` +
	`"suggest":{"suggestions":[{"text":"licence","offset":0,"length":7,"options":[{"text":"license","score":0.85714287,"freq":12}]}]}}`

// TestDir checks where the specification is looked for: the environment
// variable first, and a folder without the specification is an error that
// names it.
func TestDir(t *testing.T) {
	empty := t.TempDir()
	t.Setenv(EnvDir, empty)
	if _, err := Dir(); err == nil || !strings.Contains(err.Error(), empty) {
		t.Errorf("Dir with an empty $%s: %v", EnvDir, err)
	}
	if err := os.MkdirAll(filepath.Join(empty, "namespaces"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(empty, "namespaces", "_core.yaml"), []byte("openapi: 3.1.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := Dir()
	if err != nil || d != empty {
		t.Errorf("Dir = %q, %v; want %q", d, err, empty)
	}
	if _, err := Open(d); err == nil || !strings.Contains(err.Error(), "paths") {
		t.Errorf("Open of a specification without the operations: %v", err)
	}
}
