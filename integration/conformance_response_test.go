package integration

import (
	"regexp"
	"strings"
	"testing"
)

// aggregations: the spec's "Aggregations" rules: terms on _index or
// keyword fields, {field, size}, buckets by count then key, the error
// bound and the other-documents count.
func (s *suite) aggregations(t *testing.T) {
	t.Run("terms on _index counts the query's matches", func(t *testing.T) {
		a := s.formB(t, `{"query":{"simple_query_string":{"query":"agreement","fields":["name"]}},"size":0,"aggs":{"i":{"terms":{"field":"_index"}}}}`)
		wantTotal(t, a, 18, "eq")
		wantJSON(t, a, `{"i":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"contract","doc_count":12},{"key":"category","doc_count":6}]}}`, "aggregations")
	})
	t.Run("keyword field with size: sum_other_doc_count", func(t *testing.T) {
		// 11 contracts have a category (c09 has none); two pairs lead, ties
		// by key.
		a := s.formB(t, `{"size":0,"aggs":{"cat":{"terms":{"field":"category.value","size":2}}}}`)
		wantJSON(t, a, `{"doc_count_error_upper_bound":0,"sum_other_doc_count":7,"buckets":[{"key":"distributor-agreement","doc_count":2},{"key":"license-agreement","doc_count":2}]}`,
			"aggregations", "cat")
	})
	t.Run("name.raw", func(t *testing.T) {
		// Employment Agreement and Supply Agreement name a contract and a
		// category; Governing Law two clauses. 40 records, 8 in the buckets.
		a := s.formB(t, `{"size":0,"aggs":{"n":{"terms":{"field":"name.raw","size":5}}}}`)
		wantJSON(t, a, `{"doc_count_error_upper_bound":0,"sum_other_doc_count":32,"buckets":[{"key":"Employment Agreement","doc_count":2},`+
			`{"key":"Governing Law","doc_count":2},{"key":"Supply Agreement","doc_count":2},{"key":"Acme Corp","doc_count":1},`+
			`{"key":"Agreement and Plan of Merger","doc_count":1}]}`, "aggregations", "n")
	})
	t.Run("group_id", func(t *testing.T) {
		a := s.formB(t, `{"size":0,"aggs":{"g":{"terms":{"field":"group_id","size":3}}}}`)
		wantJSON(t, a, `{"doc_count_error_upper_bound":0,"sum_other_doc_count":36,"buckets":[{"key":"g-distribution","doc_count":2},`+
			`{"key":"1001039","doc_count":1},{"key":"2002077","doc_count":1}]}`, "aggregations", "g")
	})
	t.Run("type", func(t *testing.T) {
		a := s.formB(t, `{"size":0,"aggs":{"t":{"terms":{"field":"type"}}}}`)
		wantJSON(t, a, `{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"clause","doc_count":6},{"key":"definition","doc_count":5}]}`,
			"aggregations", "t")
	})
	t.Run("value", func(t *testing.T) {
		// value is in clause, definition, category and jurisdiction: 23
		// records.
		a := s.formB(t, `{"size":0,"aggs":{"v":{"terms":{"field":"value","size":2}}}}`)
		wantJSON(t, a, `{"doc_count_error_upper_bound":0,"sum_other_doc_count":20,"buckets":[{"key":"governing law","doc_count":2},{"key":"california-us","doc_count":1}]}`,
			"aggregations", "v")
	})
	t.Run("size 50", func(t *testing.T) {
		a := s.formB(t, `{"size":0,"aggs":{"j":{"terms":{"field":"jurisdiction.value","size":50}}}}`)
		wantJSON(t, a, `{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"new-york-us","doc_count":3},`+
			`{"key":"delaware-us","doc_count":2},{"key":"england-gb","doc_count":2},{"key":"ontario-ca","doc_count":2},`+
			`{"key":"california-us","doc_count":1},{"key":"peoples-republic-of-china-cn","doc_count":1},{"key":"texas-us","doc_count":1}]}`,
			"aggregations", "j")
	})
	t.Run("no match: empty bucket list", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_phrase":{"body":"no such words"}},"aggs":{"cat":{"terms":{"field":"category.value"}}}}`)
		wantJSON(t, a, `{"cat":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[]}}`, "aggregations")
	})
	t.Run("several aggregations in request order", func(t *testing.T) {
		a := s.formB(t, `{"query":{"term":{"company.value":"2002077"}},"size":0,"aggs":{"z":{"terms":{"field":"filing_type"}},"a":{"terms":{"field":"_index"}}}}`)
		if !strings.Contains(a.raw, `"aggregations":{"z":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"10-K","doc_count":1},{"key":"10-Q","doc_count":1}]},`+
			`"a":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"contract","doc_count":2}]}}`) {
			t.Errorf("aggregations: %s", a.rawAt(t, "aggregations"))
		}
	})
	t.Run("the aggregations member is also accepted as aggregations", func(t *testing.T) {
		a := s.formB(t, `{"size":0,"aggregations":{"t":{"terms":{"field":"type","size":1}}}}`)
		wantJSON(t, a, `{"t":{"doc_count_error_upper_bound":0,"sum_other_doc_count":5,"buckets":[{"key":"clause","doc_count":6}]}}`, "aggregations")
	})
	t.Run("Form A: _index and category", func(t *testing.T) {
		a := s.formA(t, `{"jurisdiction":{"new-york-us":""}}`)
		wantJSON(t, a, `{"_index":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"contract","doc_count":3}]},`+
			`"category":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"distributor-agreement","doc_count":1},{"key":"supply-agreement","doc_count":1}]}}`,
			"aggregations")
	})
}

var tookNumber = regexp.MustCompile(`^\{"took":\d+,`)

// responseMembers: the spec's "Search response envelope" table.
func (s *suite) responseMembers(t *testing.T) {
	t.Run("took", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{}},"size":1}`)
		if !tookNumber.MatchString(a.raw) {
			t.Errorf("took is not the first member, an integer: %s", clip(a.raw))
		}
	})
	t.Run("timed_out", func(t *testing.T) {
		for _, a := range []*answer{s.formB(t, `{"query":{"match_all":{}},"size":1}`), s.formA(t, `{"q":"royalties"}`)} {
			if a.at(t, "timed_out") != false {
				t.Errorf("timed_out %v", a.at(t, "timed_out"))
			}
		}
	})
	t.Run("_shards", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{}},"size":1}`)
		wantJSON(t, a, `{"total":6,"successful":6,"skipped":0,"failed":0}`, "_shards")
	})
	t.Run("_shards with failures", func(t *testing.T) {
		// A suggester on a field only contract maps fails the other five
		// indexes (Form A's suggester on body fails none: every index maps
		// body). The contract shard still answers.
		a := s.formB(t, `{"size":1,"suggest":{"text":"softwre","s":{"term":{"field":"industry.name"}}}}`)
		wantSuggesterFieldFailures(t, a, "industry.name")
		wantTotal(t, a, 12, "eq")
		for i := range a.list(t, "_shards", "failures") {
			a.integer(t, "_shards", "failures", i, "shard")
		}
	})
	t.Run("hits.total eq", func(t *testing.T) {
		wantTotal(t, s.formB(t, `{"query":{"match_all":{}},"size":0}`), 40, "eq")
	})
	t.Run("hits.total gte", func(t *testing.T) {
		// A lower bound when counting stops early: OpenSearch's default stops
		// at 10000; the same rule at 10 here.
		wantTotal(t, s.formB(t, `{"query":{"match_all":{}},"size":0,"track_total_hits":10}`), 10, "gte")
	})
	t.Run("hits.max_score", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{"boost":3}},"size":1}`)
		if ms := a.f32(t, "hits", "max_score"); ms != 3 {
			t.Errorf("max_score %v", ms)
		}
		a = s.formA(t, `{"category":{"license-agreement":""}}`)
		if ms := a.f32(t, "hits", "max_score"); ms != formARank(1, 112) {
			t.Errorf("max_score %v", ms)
		}
		a = s.formB(t, `{"query":{"term":{"group_id":"none"}}}`)
		if ms := a.at(t, "hits", "max_score"); ms != nil {
			t.Errorf("max_score %v without hits, want null", ms)
		}
	})
	t.Run("hits.hits", func(t *testing.T) {
		a := s.formB(t, `{"query":{"term":{"group_id":"none"}}}`)
		if !strings.Contains(a.raw, `"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}`) {
			t.Errorf("empty hits: %s", a.raw)
		}
	})
	t.Run("aggregations", func(t *testing.T) {
		a := s.formA(t, `{"_index":"category"}`)
		wantKeys(t, "aggregations", a.obj(t, "aggregations"), "_index", "category")
		if a := s.formB(t, `{"size":0}`); a.has("aggregations") {
			t.Errorf("aggregations without aggs")
		}
	})
	t.Run("suggest", func(t *testing.T) {
		a := s.formA(t, `{"q":"agrement +-exclusive"}`)
		wantJSON(t, a, `{"suggestions":[{"text":"agrement","offset":0,"length":8,"options":[{"text":"agreement","score":0.875,"freq":8}]},`+
			`{"text":"exclusive","offset":11,"length":9,"options":[]}]}`, "suggest")
		if a := s.formB(t, `{"size":0}`); a.has("suggest") {
			t.Errorf("suggest without suggesters")
		}
	})
	t.Run("queryTokens", func(t *testing.T) {
		if got := s.formA(t, `{"q":"royalties"}`).rawAt(t, "queryTokens"); got != "[]" {
			t.Errorf("queryTokens %s", got)
		}
		if s.formB(t, `{"size":0}`).has("queryTokens") {
			t.Errorf("queryTokens in a structured-query answer")
		}
	})
	t.Run("size", func(t *testing.T) {
		if got := s.formA(t, `{"p":3}`).integer(t, "size"); got != 10 {
			t.Errorf("size %d", got)
		}
		if s.formB(t, `{"size":3}`).has("size") {
			t.Errorf("size in a structured-query answer")
		}
	})
	t.Run("whole simplified-query answer", func(t *testing.T) {
		a := s.formA(t, `{"exhibit_id":{"EX-10.1":""}}`)
		want := `{"took":0,"timed_out":false,"_shards":{"total":6,"successful":6,"skipped":0,"failed":0},` +
			`"hits":{"total":{"value":1,"relation":"eq"},"max_score":38.5,"hits":[{"_index":"contract","_id":"en/c01","_score":38.5,` +
			`"_source":{"name":"Exclusive Distribution Agreement","snippet":"This Exclusive Distribution Agreement is made as of March 1, 2012 between Acme Corp and Northwind Traders.",` +
			`"url":"/contracts/c01","category":{"name":"Distributor Agreement","value":"distributor-agreement"},"company":{"name":"Acme Corp","value":"1001039"},` +
			`"jurisdiction":{"name":"New York","value":"new-york-us"},"industry":{"name":"Consumer Goods","value":"consumer-goods"},` +
			`"filing_date":"2012-03-01","group_id":"g-distribution","group_size":2}}]},` +
			`"aggregations":{"_index":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"contract","doc_count":1}]},` +
			`"category":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"distributor-agreement","doc_count":1}]}},` +
			`"suggest":{"suggestions":[]},"queryTokens":[],"size":10}`
		wantAnswer(t, a, want)
	})
	t.Run("whole structured-query answer", func(t *testing.T) {
		a := s.formB(t, `{"query":{"bool":{"filter":[{"term":{"category.value":"license-agreement"}}]}},"_source":["name","filing_date"],`+
			`"aggs":{"years":{"terms":{"field":"filing_type","size":1}}}}`)
		want := `{"took":0,"timed_out":false,"_shards":{"total":6,"successful":6,"skipped":0,"failed":0},` +
			`"hits":{"total":{"value":2,"relation":"eq"},"max_score":0,"hits":[` +
			`{"_index":"contract","_type":"_doc","_id":"en/c03","_score":0,"_source":{"name":"Software License Agreement","filing_date":"2016-07-15"}},` +
			`{"_index":"contract","_type":"_doc","_id":"en/c04","_score":0,"_source":{"name":"Trademark License Agreement","filing_date":"2018-11-30"}}]},` +
			`"aggregations":{"years":{"doc_count_error_upper_bound":0,"sum_other_doc_count":1,"buckets":[{"key":"10-K","doc_count":1}]}}}`
		wantAnswer(t, a, want)
	})
}

// hitMembers: the spec's "Hit object" table.
func (s *suite) hitMembers(t *testing.T) {
	t.Run("_index", func(t *testing.T) {
		// Every logical name, never a concrete (versioned) one.
		a := s.formB(t, `{"query":{"match_all":{}},"size":40,"_source":false}`)
		wantIDs(t, a, matchAllOrder...)
	})
	t.Run("_type", func(t *testing.T) {
		a := s.formB(t, `{"query":{"nested":{"path":"sections","query":{"term":{"sections.value":"fees"}},"inner_hits":{},"ignore_unmapped":true}}}`)
		wantIDs(t, a, "contract:en/c08")
		if typ := a.str(t, "hits", "hits", 0, "_type"); typ != "_doc" {
			t.Errorf("_type %q", typ)
		}
		if a.has("hits", "hits", 0, "inner_hits", "sections", "hits", "hits", 0, "_type") {
			t.Errorf("_type on an inner hit")
		}
		if a := s.formA(t, `{"q":"fees"}`); a.has("hits", "hits", 0, "_type") {
			t.Errorf("_type in a simplified-query answer: %s", a.rawAt(t, "hits", "hits", 0))
		}
	})
	t.Run("_id", func(t *testing.T) {
		a := s.formB(t, `{"query":{"term":{"value":"merger consideration"}}}`)
		wantIDs(t, a, "definition:en/merger-consideration#4e")
	})
	t.Run("_score", func(t *testing.T) {
		// Non-negative; boosts raise it.
		a := s.formB(t, `{"query":{"term":{"group_id":{"value":"g-supply","boost":2}}}}`)
		near(t, "boosted score", a.f32(t, "hits", "hits", 0, "_score"), 2*keywordScore(12, 1))
		a = s.formB(t, `{"query":{"bool":{"filter":[{"term":{"group_id":"g-supply"}}]}}}`)
		wantScores(t, a, 0)
	})
	t.Run("_source of simplified queries", func(t *testing.T) {
		// name, snippet, url, category, company, filing_date, industry,
		// jurisdiction, group_id, group_size: never body, sections,
		// weight_rank, country, lawfirm or the filing keys.
		a := s.formA(t, `{"q":"venture"}`)
		wantIDs(t, a, "contract:en/c07")
		wantJSON(t, a, `{"name":"Joint Venture Agreement","snippet":"The parties form a joint venture to manufacture the Products.",`+
			`"url":"https://www.hkexnews.hk/listedco/2021/jv-agreement.pdf","category":{"name":"Joint Venture Agreement","value":"joint-venture-agreement"},`+
			`"company":{"name":"Initech","value":"4004221"},"jurisdiction":{"name":"People's Republic of China","value":"peoples-republic-of-china-cn"},`+
			`"industry":{"name":"Manufacturing","value":"manufacturing"},"filing_date":"2021-09-09","group_id":"g-joint-venture","group_size":1}`,
			"hits", "hits", 0, "_source")
		// A blank query reaches the other indexes: their records keep the
		// listed members they have.
		a = s.formA(t, `{"_index":"jurisdiction","p":1}`)
		wantJSON(t, a, `{"name":"New York","group_id":"new-york-us"}`, "hits", "hits", 0, "_source")
		a = s.formA(t, `{"_index":"company"}`)
		wantJSON(t, a, `{"name":"Globex Software","group_id":"3003141"}`, "hits", "hits", 0, "_source")
	})
	t.Run("highlight of simplified queries", func(t *testing.T) {
		// c01 leads: its Governing Law section says New York (and the
		// words together), which the section signals add; c05 (rank 240)
		// and c09 (rank 2) say it in the body and jurisdiction.name only,
		// the jurisdiction record (112) in its name, the Governing Law
		// clause a1 (48) in its snippet.
		a := s.formA(t, `{"q":"new york"}`)
		wantIDs(t, a, "contract:en/c01", "contract:en/c05", "jurisdiction:en/new-york-us", "clause:en/governing-law#a1", "contract:en/c09")
		for _, i := range []int{0, 1, 4} { // the contracts
			wantKeys(t, "highlight", a.obj(t, "hits", "hits", i, "highlight"), "body", "jurisdiction.name")
			if got := a.rawAt(t, "hits", "hits", i, "highlight", "jurisdiction.name"); got != `["<b>New</b> <b>York</b>"]` {
				t.Errorf("hit %d: jurisdiction.name %s", i, got)
			}
		}
		// Form A also highlights name and snippet (the spec's highlight
		// keys include name): the records without a body carry their
		// matched words there, the jurisdiction record in its name, the
		// clause in its snippet.
		wantJSON(t, a, `{"name":["<b>New</b> <b>York</b>"]}`, "hits", "hits", 2, "highlight")
		wantJSON(t, a, `{"snippet":["This Agreement is governed by the laws of the State of <b>New</b> <b>York</b>."]}`, "hits", "hits", 3, "highlight")
		// No match in the highlighted fields: no highlight member. umbrella
		// is in the contracts' company.name only, which Form A does not
		// highlight; the company record is highlighted in its name.
		a = s.formA(t, `{"q":"umbrella"}`)
		wantIDs(t, a, "contract:en/c08", "contract:en/c09", "company:en/5005999")
		for _, i := range []int{0, 1} {
			if a.has("hits", "hits", i, "highlight") {
				t.Errorf("hit %d highlighted: %s", i, a.rawAt(t, "hits", "hits", i, "highlight"))
			}
		}
		wantJSON(t, a, `{"name":["<b>Umbrella</b> Health"]}`, "hits", "hits", 2, "highlight")
	})
	t.Run("inner_hits", func(t *testing.T) {
		a := s.formA(t, `{"definition":{"Products":""}}`)
		wantIDs(t, a, "contract:en/c07")
		ih := a.obj(t, "hits", "hits", 0, "inner_hits")
		wantKeys(t, "inner_hits", ih, "definition:Products")
		p := []any{"hits", "hits", 0, "inner_hits", "definition:Products", "hits"}
		wantJSON(t, a, `{"total":{"value":1,"relation":"eq"},"max_score":0,"hits":[{"_index":"contract","_id":"en/c07",`+
			`"_nested":{"field":"sections","offset":0},"_score":0,"_source":{"type":"definition","name":"Products","value":"products",`+
			`"snippet":"Products means the goods manufactured by the joint venture.","group_id":"en/products#5f"}}]}`, p...)
	})
	t.Run("inner_hits _source filter", func(t *testing.T) {
		// OpenSearch filters an inner hit's source as the record's, with
		// full paths (FetchSourcePhase: the section is wrapped back into
		// {"sections": …}, filtered, then unwrapped): "sections.name" keeps
		// the name, a bare "name" keeps nothing.
		inner := func(includes string) *answer {
			return s.formB(t, `{"query":{"nested":{"path":"sections","query":{"term":{"sections.value":"arbitration"}},`+
				`"inner_hits":{"name":"arb","_source":`+includes+`},"ignore_unmapped":true}},"_source":false}`)
		}
		p := []any{"hits", "hits", 0, "inner_hits", "arb", "hits", "hits", 0}
		a := inner(`["sections.name"]`)
		wantJSON(t, a, `{"name":"Arbitration"}`, append(p, "_source")...)
		wantJSON(t, inner(`["name"]`), `{}`, append(p, "_source")...)
		if a := inner(`false`); a.has(append(p, "_source")...) {
			t.Errorf("inner hit _source with _source false: %s", a.rawAt(t, p...))
		}
	})
	t.Run("_nested", func(t *testing.T) {
		a := s.formB(t, `{"query":{"nested":{"path":"sections","query":{"term":{"sections.group_id":"en/governing-law#b2"}},"inner_hits":{},"ignore_unmapped":true}},"_source":false}`)
		wantIDs(t, a, "contract:en/c03", "contract:en/c10")
		for i, off := range []string{`{"field":"sections","offset":3}`, `{"field":"sections","offset":1}`} {
			wantJSON(t, a, off, "hits", "hits", i, "inner_hits", "sections", "hits", "hits", 0, "_nested")
		}
	})
	t.Run("_explanation", s.explain)
}
