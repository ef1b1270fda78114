package integration

import (
	"slices"
	"testing"
)

// nestedCI is a nested query for "confidential information" in section
// texts: c03 (two sections), c08 (one), c12 (two).
func nestedCI(scoreMode string) string {
	mode := ""
	if scoreMode != "" {
		mode = `,"score_mode":"` + scoreMode + `"`
	}
	return `{"query":{"nested":{"path":"sections","query":{"simple_query_string":{"query":"confidential information","fields":["sections.snippet"]}}` +
		mode + `,"ignore_unmapped":true,"inner_hits":{}}}}`
}

// innerScores returns each hit's inner hit scores by _id.
func innerScores(t *testing.T, a *answer, name string) map[string][]float64 {
	t.Helper()
	out := map[string][]float64{}
	for i, h := range a.hits(t) {
		for j := range a.list(t, "hits", "hits", i, "inner_hits", name, "hits", "hits") {
			out[h["_id"].(string)] = append(out[h["_id"].(string)], float64(a.f32(t, "hits", "hits", i, "inner_hits", name, "hits", "hits", j, "_score")))
		}
	}
	return out
}

// queryClauses: the spec table "Query clauses".
func (s *suite) queryClauses(t *testing.T) {
	t.Run("bool must", func(t *testing.T) {
		// Both clauses must match: "shall pay" in c03, c04, c11; Northwind's
		// contracts c02, c11.
		a := s.formB(t, `{"query":{"bool":{"must":[{"match_phrase":{"body":{"query":"shall pay"}}},{"term":{"company.value":"2002077"}}]}}}`)
		wantTotal(t, a, 1, "eq")
		wantIDs(t, a, "contract:en/c11")
		// must scores: more than the keyword term alone.
		if sc := a.f32(t, "hits", "hits", 0, "_score"); float64(sc) <= keywordScore(12, 2) {
			t.Errorf("score %v", sc)
		}
	})
	t.Run("bool should", func(t *testing.T) {
		// Only should: at least one must match. Both terms are in 2 of the
		// 12 contracts, so all four score ln(1 + 10.5/2.5)/2.2 and keep
		// insertion order.
		a := s.formB(t, `{"query":{"bool":{"should":[{"term":{"jurisdiction.value":"ontario-ca"}},{"term":{"jurisdiction.value":"england-gb"}}]}}}`)
		wantTotal(t, a, 4, "eq")
		wantIDs(t, a, "contract:en/c02", "contract:en/c04", "contract:en/c11", "contract:en/c12")
		for i, sc := range a.scores(t) {
			near(t, "score "+a.ids(t)[i], sc, keywordScore(12, 2))
		}
	})
	t.Run("bool should optional beside must", func(t *testing.T) {
		// With a must, should only adds to the score: c03 and c10 are in
		// Delaware, c03 also says royalty.
		a := s.formB(t, `{"query":{"bool":{"must":[{"term":{"jurisdiction.value":"delaware-us"}}],"should":[{"match_phrase":{"body":"royalty"}}]}}}`)
		wantTotal(t, a, 2, "eq")
		wantIDs(t, a, "contract:en/c03", "contract:en/c10")
		near(t, "c10 (must only)", a.f32(t, "hits", "hits", 1, "_score"), keywordScore(12, 2))
		if sc := a.scores(t); len(sc) == 2 && sc[0] <= sc[1] {
			t.Errorf("scores %v: the should clause adds nothing", sc)
		}
	})
	t.Run("bool filter", func(t *testing.T) {
		// Filters do not score: 0 for every hit.
		a := s.formB(t, `{"query":{"bool":{"filter":[{"term":{"category.value":"license-agreement"}}]}}}`)
		wantIDs(t, a, "contract:en/c03", "contract:en/c04")
		wantScores(t, a, 0, 0)
	})
	t.Run("bool filter beside must", func(t *testing.T) {
		a := s.formB(t, `{"query":{"bool":{"must":[{"term":{"group_id":"g-distribution"}}],"filter":[{"term":{"country.value":"ca"}}]}}}`)
		wantIDs(t, a, "contract:en/c02")
		near(t, "score", a.f32(t, "hits", "hits", 0, "_score"), keywordScore(12, 2))
	})
	t.Run("bool must_not", func(t *testing.T) {
		// Contracts not governed by the laws of anywhere; a bool of only
		// filter and must_not scores 0.
		a := s.formB(t, `{"query":{"bool":{"filter":[{"term":{"_index":"contract"}}],"must_not":[{"match_phrase":{"body":"governed by the laws"}}]}}}`)
		wantTotal(t, a, 4, "eq")
		wantIDs(t, a, "contract:en/c07", "contract:en/c08", "contract:en/c11", "contract:en/c12")
		wantScores(t, a, 0, 0, 0, 0)
	})
	t.Run("bool must_not alone", func(t *testing.T) {
		// Every record but the 8 contracts saying "governed": 32.
		a := s.formB(t, `{"query":{"bool":{"must_not":[{"match_phrase":{"body":"governed"}}]}},"size":1}`)
		wantTotal(t, a, 32, "eq")
		wantIDs(t, a, matchAllOrder[0])
		wantScores(t, a, 0)
	})
	t.Run("must_not with match_all returns nothing", func(t *testing.T) {
		a := s.formB(t, `{"query":{"bool":{"must_not":[{"match_all":{}}]}}}`)
		wantTotal(t, a, 0, "eq")
		wantIDs(t, a)
		if ms := a.at(t, "hits", "max_score"); ms != nil {
			t.Errorf("max_score %v", ms)
		}
	})
	t.Run("bool minimum_should_match", func(t *testing.T) {
		should := `[{"match_phrase":{"body":"royalties"}},{"match_phrase":{"body":"quarterly"}},{"match_phrase":{"body":"monthly"}}]`
		// Two of three: royalties with quarterly (c04) or monthly (c11);
		// c08 has monthly only.
		a := s.formB(t, `{"query":{"bool":{"should":`+should+`,"minimum_should_match":2}}}`)
		wantIDs(t, a, "contract:en/c04", "contract:en/c11")
		// 1 behaves like OR.
		a = s.formB(t, `{"query":{"bool":{"should":`+should+`,"minimum_should_match":1}}}`)
		wantIDs(t, a, "contract:en/c04", "contract:en/c11", "contract:en/c08")
		a = s.formB(t, `{"query":{"bool":{"should":`+should+`,"minimum_should_match":3}}}`)
		wantTotal(t, a, 0, "eq")
	})
	t.Run("bool minimum_should_match with must", func(t *testing.T) {
		// With a must, should clauses become required by minimum_should_match.
		a := s.formB(t, `{"query":{"bool":{"must":[{"term":{"_index":"contract"}}],"should":[{"match_phrase":{"body":"royalties"}}],"minimum_should_match":1}}}`)
		wantIDs(t, a, "contract:en/c11", "contract:en/c04")
	})
	t.Run("bool nested in bool", func(t *testing.T) {
		a := s.formB(t, `{"query":{"bool":{"filter":[{"bool":{"should":[{"term":{"country.value":"gb"}},{"term":{"country.value":"cn"}}]}}],`+
			`"must_not":[{"bool":{"must":[{"term":{"industry.value":"retail"}}]}}]}}}`)
		wantIDs(t, a, "contract:en/c07", "contract:en/c12")
	})
	t.Run("match_all", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{}},"size":3}`)
		wantTotal(t, a, 40, "eq")
		wantScores(t, a, 1, 1, 1)
	})
	t.Run("match_all boost", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{"boost":2.5}},"size":2}`)
		wantScores(t, a, 2.5, 2.5)
	})
	t.Run("match_phrase", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_phrase":{"body":{"query":"hold harmless"}}}}`)
		wantIDs(t, a, "contract:en/c05")
		// Shorthand, and analysis: case and punctuation do not matter.
		wantIDs(t, s.formB(t, `{"query":{"match_phrase":{"body":"HOLD, harmless!"}}}`), "contract:en/c05")
		wantTotal(t, s.formB(t, `{"query":{"match_phrase":{"body":"harmless hold"}}}`), 0, "eq")
	})
	t.Run("match_phrase slop", func(t *testing.T) {
		wantTotal(t, s.formB(t, `{"query":{"match_phrase":{"body":{"query":"pay licensee","slop":2}}}}`), 0, "eq")
		a := s.formB(t, `{"query":{"match_phrase":{"body":{"query":"pay licensee","slop":3}}}}`)
		wantTotal(t, a, 2, "eq")
	})
	t.Run("match_phrase never spans two sections", func(t *testing.T) {
		// "…and Canada." and "This Agreement…" are consecutive sections of
		// c01, but each section is its own nested document.
		wantTotal(t, s.formB(t, `{"query":{"nested":{"path":"sections","query":{"match_phrase":{"sections.snippet":"canada this agreement"}},"ignore_unmapped":true}}}`), 0, "eq")
	})
	t.Run("simple_query_string", func(t *testing.T) {
		a := s.formB(t, `{"query":{"simple_query_string":{"query":"royalty","fields":["body"]}}}`)
		wantIDs(t, a, "contract:en/c03")
	})
	t.Run("simple_query_string fields", func(t *testing.T) {
		// Umbrella is in company.name only.
		wantTotal(t, s.formB(t, `{"query":{"simple_query_string":{"query":"umbrella","fields":["body","snippet"]}}}`), 0, "eq")
		a := s.formB(t, `{"query":{"simple_query_string":{"query":"umbrella","fields":["company.name"]}}}`)
		wantIDs(t, a, "contract:en/c08", "contract:en/c09")
		// company.name is in contracts; name is in every index.
		a = s.formB(t, `{"query":{"simple_query_string":{"query":"umbrella","fields":["company.name","name"]}}}`)
		wantIDs(t, a, "contract:en/c08", "contract:en/c09", "company:en/5005999")
	})
	t.Run("simple_query_string fields: the spec's searchable fields", func(t *testing.T) {
		for field, want := range map[string][]string{
			"name":              {"contract:en/c11"},
			"snippet":           {"contract:en/c11"},
			"body":              {"contract:en/c11"},
			"category.name":     {"contract:en/c11"},
			"company.name":      {},
			"jurisdiction.name": {},
		} {
			a := s.formB(t, `{"query":{"simple_query_string":{"query":"franchise franchisee","fields":["`+field+`"]}}}`)
			wantIDs(t, a, want...)
		}
		wantIDs(t, s.formB(t, `{"query":{"simple_query_string":{"query":"ontario","fields":["jurisdiction.name"]}}}`),
			"contract:en/c02", "contract:en/c11")
		wantIDs(t, s.formB(t, `{"query":{"simple_query_string":{"query":"ontario","fields":["jurisdiction.value"]}}}`))
		wantIDs(t, s.formB(t, `{"query":{"simple_query_string":{"query":"ontario-ca","fields":["jurisdiction.value"]}}}`),
			"contract:en/c02", "contract:en/c11")
		wantIDs(t, s.formB(t, `{"query":{"nested":{"path":"sections","query":{"simple_query_string":{"query":"beijing","fields":["sections.snippet"]}},"ignore_unmapped":true}}}`),
			"contract:en/c07")
		wantIDs(t, s.formB(t, `{"query":{"nested":{"path":"sections","query":{"simple_query_string":{"query":"Fees","fields":["sections.name.raw"]}},"ignore_unmapped":true}}}`),
			"contract:en/c08")
		a := s.formB(t, `{"query":{"nested":{"path":"sections","query":{"simple_query_string":{"query":"definition","fields":["sections.type"]}},"ignore_unmapped":true}}}`)
		wantTotal(t, a, 7, "eq")
	})
	t.Run("simple_query_string default_operator", func(t *testing.T) {
		a := s.formB(t, `{"query":{"simple_query_string":{"query":"licensee royalties","fields":["body"],"default_operator":"and"}}}`)
		wantIDs(t, a, "contract:en/c04")
		a = s.formB(t, `{"query":{"simple_query_string":{"query":"licensee royalties","fields":["body"],"default_operator":"or"}}}`)
		wantIDs(t, a, "contract:en/c04", "contract:en/c03", "contract:en/c11")
		// or is the default.
		a = s.formB(t, `{"query":{"simple_query_string":{"query":"licensee royalties","fields":["body"]}}}`)
		wantTotal(t, a, 3, "eq")
	})
	t.Run("simple_query_string operators", func(t *testing.T) {
		q := func(query string) string {
			return `{"query":{"simple_query_string":{"query":"` + query + `","fields":["body"]}}}`
		}
		wantIDs(t, s.formB(t, q(`royalties +-quarterly`)), "contract:en/c11")
		wantIDs(t, s.formB(t, q(`+(delaware | ontario) +governed`)), "contract:en/c02", "contract:en/c10", "contract:en/c03")
		wantTotal(t, s.formB(t, q(`indemnif*`)), 2, "eq")
		wantTotal(t, s.formB(t, q(`royaltys~`)), 3, "eq")
		wantTotal(t, s.formB(t, q(`royaltys~1`)), 1, "eq")
		wantTotal(t, s.formB(t, q(`\"licensee pay\"~1`)), 2, "eq")
		wantIDs(t, s.formB(t, q(`\"hold harmless\"`)), "contract:en/c05")
	})
	t.Run("simple_query_string flags", func(t *testing.T) {
		q := func(query, flags string) string {
			return `{"query":{"simple_query_string":{"query":"` + query + `","fields":["body"],"flags":"` + flags + `"}}}`
		}
		// Without PREFIX, * is not an operator: the word is analysed whole.
		wantTotal(t, s.formB(t, q(`indemnif*`, "AND|OR")), 0, "eq")
		wantIDs(t, s.formB(t, q(`indemnif*`, "PREFIX")), "contract:en/c01", "contract:en/c05")
		wantScores(t, s.formB(t, q(`indemnif*`, "PREFIX")), 1, 1)
		// Without PHRASE, quotes are ignored: the words match alone.
		wantTotal(t, s.formB(t, q(`\"harmless hold\"`, "PHRASE")), 0, "eq")
		wantIDs(t, s.formB(t, q(`\"harmless hold\"`, "AND|OR")), "contract:en/c05")
		// Without NOT, - is not an operator.
		wantIDs(t, s.formB(t, q(`royalties +-quarterly`, "AND|OR|NOT")), "contract:en/c11")
		wantIDs(t, s.formB(t, q(`royalties +-quarterly`, "AND|OR")), "contract:en/c04")
		// Without FUZZY, ~ is not an operator.
		wantTotal(t, s.formB(t, q(`royaltys~`, "AND|OR")), 0, "eq")
		wantTotal(t, s.formB(t, q(`royaltys~`, "FUZZY")), 3, "eq")
		// ALL and NONE.
		wantTotal(t, s.formB(t, q(`royaltys~`, "ALL")), 3, "eq")
		wantTotal(t, s.formB(t, q(`royaltys~`, "NONE")), 0, "eq")
	})
	t.Run("simple_query_string lenient", func(t *testing.T) {
		// "2012" is not a date of the mapping's format: lenient skips the
		// date field and the body still matches (c01: "March 1, 2012").
		a := s.formB(t, `{"query":{"simple_query_string":{"query":"2012","fields":["filing_date","body"],"lenient":true}}}`)
		wantIDs(t, a, "contract:en/c01")
		wantShards(t, a, 6, 6, 0)
		// Not lenient: the contract shard fails; the others, which map
		// neither field, answer nothing.
		a = s.formB(t, `{"query":{"simple_query_string":{"query":"2012","fields":["filing_date","body"],"lenient":false}}}`)
		wantShards(t, a, 6, 5, 1)
		wantFailures(t, a, "query_shard_exception", "failed to create query: failed to parse date field [2012]", "contract")
		wantTotal(t, a, 0, "eq")
	})
	t.Run("term", func(t *testing.T) {
		a := s.formB(t, `{"query":{"term":{"group_id":"g-distribution"}}}`)
		wantIDs(t, a, "contract:en/c01", "contract:en/c02")
		for i, sc := range a.scores(t) {
			near(t, a.ids(t)[i], sc, keywordScore(12, 2))
		}
		// The clause index has 6 records with name.raw, 2 of them Governing Law.
		a = s.formB(t, `{"query":{"term":{"name.raw":"Governing Law"}}}`)
		wantIDs(t, a, "clause:en/governing-law#a1", "clause:en/governing-law#b2")
		near(t, "score", a.f32(t, "hits", "hits", 0, "_score"), keywordScore(6, 2))
	})
	t.Run("term is exact", func(t *testing.T) {
		// Terms are not analysed: the text field's tokens are lower case.
		wantTotal(t, s.formB(t, `{"query":{"term":{"name":"Governing"}}}`), 0, "eq")
		wantTotal(t, s.formB(t, `{"query":{"term":{"name":"governing"}}}`), 2, "eq")
		wantTotal(t, s.formB(t, `{"query":{"term":{"name.raw":"governing law"}}}`), 0, "eq")
	})
	t.Run("term on _index", func(t *testing.T) {
		a := s.formB(t, `{"query":{"term":{"_index":"company"}}}`)
		wantIDs(t, a, matchAllOrder[12:17]...)
		wantScores(t, a, ones(5)...)
	})
	t.Run("term on a section field outside nested matches nothing", func(t *testing.T) {
		// Top-level queries see whole records only (OpenSearch filters nested
		// documents out), so a section property needs the nested clause.
		wantTotal(t, s.formB(t, `{"query":{"term":{"sections.name.raw":"Governing Law"}}}`), 0, "eq")
		wantTotal(t, s.formB(t, `{"query":{"nested":{"path":"sections","query":{"term":{"sections.name.raw":"Governing Law"}},"ignore_unmapped":true}}}`), 6, "eq")
	})
	t.Run("terms", func(t *testing.T) {
		a := s.formB(t, `{"query":{"terms":{"jurisdiction.value":["ontario-ca","england-gb","nowhere"]}}}`)
		wantIDs(t, a, "contract:en/c02", "contract:en/c04", "contract:en/c11", "contract:en/c12")
		// terms scores a constant 1.
		wantScores(t, a, 1, 1, 1, 1)
	})
	t.Run("terms on _index", func(t *testing.T) {
		a := s.formB(t, `{"query":{"terms":{"_index":["company","category"]}},"size":20}`)
		wantTotal(t, a, 11, "eq")
		wantIDs(t, a, append(matchAllOrder[:6:6], matchAllOrder[12:17]...)...)
	})
	t.Run("range", func(t *testing.T) {
		// DESIGN §6 allows range (Form A's filing_year uses it). Dates are
		// inclusive with gte/lte, exclusive with gt/lt. Alone it scores a
		// constant 1; in a bool's must OpenSearch 3.x moves it to filter,
		// where it scores 0.
		a := s.formB(t, `{"query":{"range":{"filing_date":{"gte":"2012-03-01","lte":"2013-06-15"}}}}`)
		wantIDs(t, a, "contract:en/c01", "contract:en/c02")
		wantScores(t, a, 1, 1)
		a = s.formB(t, `{"query":{"range":{"filing_date":{"gt":"2012-03-01","lt":"2013-06-15"}}}}`)
		wantTotal(t, a, 0, "eq")
		// An integer field present in contracts, clauses and definitions.
		a = s.formB(t, `{"query":{"bool":{"must":[{"range":{"group_size":{"gte":2}}}]}}}`)
		wantIDs(t, a, "clause:en/governing-law#a1", "clause:en/governing-law#b2", "contract:en/c01", "contract:en/c02")
		wantScores(t, a, 0, 0, 0, 0)
	})
	t.Run("nested with inner_hits", func(t *testing.T) {
		// Two section properties in one nested clause: a clause headed
		// Governing Law. Filters only: every score is 0.
		a := s.formB(t, `{"query":{"nested":{"path":"sections","query":{"bool":{"filter":[{"term":{"sections.type":"clause"}},`+
			`{"term":{"sections.name.raw":"Governing Law"}}]}},"inner_hits":{"name":"gl"},"ignore_unmapped":true}},"_source":false}`)
		wantIDs(t, a, "contract:en/c01", "contract:en/c02", "contract:en/c03", "contract:en/c04", "contract:en/c06", "contract:en/c10")
		wantScores(t, a, 0, 0, 0, 0, 0, 0)
		for i, off := range []int64{1, 1, 3, 2, 1, 1} {
			p := []any{"hits", "hits", i, "inner_hits", "gl", "hits"}
			if n := a.integer(t, append(p, "total", "value")...); n != 1 {
				t.Errorf("hit %d: inner total %d", i, n)
			}
			if got := a.integer(t, append(p, "hits", 0, "_nested", "offset")...); got != off {
				t.Errorf("hit %d: offset %d, want %d", i, got, off)
			}
			if got := a.str(t, append(p, "hits", 0, "_source", "name")...); got != "Governing Law" {
				t.Errorf("hit %d: inner _source name %q", i, got)
			}
		}
		wantJSON(t, a, `{"type":"clause","name":"Governing Law","value":"governing law","snippet":"This Agreement is governed by the laws of Delaware.","group_id":"en/governing-law#b2"}`,
			"hits", "hits", 2, "inner_hits", "gl", "hits", "hits", 0, "_source")
	})
	t.Run("nested inner_hits: default name, size 3, score then offset order", func(t *testing.T) {
		// c03 has four sections: total 4, the first three by offset (all 1).
		a := s.formB(t, `{"query":{"nested":{"path":"sections","query":{"match_all":{}},"inner_hits":{},"ignore_unmapped":true}},"size":3,"_source":false}`)
		wantTotal(t, a, 11, "eq")
		wantIDs(t, a, "contract:en/c01", "contract:en/c02", "contract:en/c03")
		p := []any{"hits", "hits", 2, "inner_hits", "sections", "hits"}
		wantTotal(t, &answer{doc: map[string]any{"hits": a.at(t, p...)}, raw: a.raw}, 4, "eq")
		for j, off := range []int64{0, 1, 2} {
			if got := a.integer(t, append(p, "hits", j, "_nested", "offset")...); got != off {
				t.Errorf("inner hit %d: offset %d, want %d", j, got, off)
			}
		}
		if n := len(a.list(t, append(p, "hits")...)); n != 3 {
			t.Errorf("%d inner hits, want 3", n)
		}
		// By score first: the Royalties clause of c04 ranks above its other sections.
		a = s.formB(t, `{"query":{"nested":{"path":"sections","query":{"bool":{"should":[{"match_all":{}},`+
			`{"match_phrase":{"sections.snippet":"royalties"}}]}},"inner_hits":{"size":1},"ignore_unmapped":true}},"post_filter":{"term":{"group_id":"g-trademark-license"}}}`)
		wantIDs(t, a, "contract:en/c04")
		if got := a.integer(t, "hits", "hits", 0, "inner_hits", "sections", "hits", "hits", 0, "_nested", "offset"); got != 1 {
			t.Errorf("best inner hit at offset %d, want 1 (Royalties)", got)
		}
	})
	t.Run("nested without ignore_unmapped fails the indexes without sections", func(t *testing.T) {
		a := s.formB(t, `{"query":{"nested":{"path":"sections","query":{"term":{"sections.type":"definition"}}}}}`)
		wantShards(t, a, 6, 1, 5)
		wantFailures(t, a, "query_shard_exception", "failed to create query: [nested] failed to find nested object under path [sections]",
			"category", "clause", "company", "definition", "jurisdiction")
		// Seven contracts define a term; their keyword score is the same.
		wantIDs(t, a, "contract:en/c01", "contract:en/c02", "contract:en/c03", "contract:en/c04", "contract:en/c07", "contract:en/c10", "contract:en/c12")
	})
	t.Run("nested ignore_unmapped", func(t *testing.T) {
		a := s.formB(t, `{"query":{"nested":{"path":"sections","query":{"term":{"sections.type":"definition"}},"ignore_unmapped":true}}}`)
		wantShards(t, a, 6, 6, 0)
		wantTotal(t, a, 7, "eq")
	})
	t.Run("a clause failing on every index: all shards failed", func(t *testing.T) {
		// The nested clause fails the five indexes without sections, the
		// integer parse of "abc" the contract index: OpenSearch answers 400.
		a := s.post(t, `{"query":{"bool":{"must":[{"nested":{"path":"sections","query":{"match_all":{}}}},`+
			`{"simple_query_string":{"query":"abc","fields":["group_size"]}}]}}}`)
		if a.status != 400 || a.doc == nil {
			t.Fatalf("%d %s", a.status, a.raw)
		}
		if typ, reason := a.str(t, "error", "type"), a.str(t, "error", "reason"); typ != "search_phase_execution_exception" || reason != "all shards failed" {
			t.Errorf("error %s: %s", typ, reason)
		}
		if n := a.integer(t, "status"); n != 400 {
			t.Errorf("status member %d", n)
		}
		if len(a.list(t, "error", "failed_shards")) != 6 {
			t.Errorf("failed_shards: %s", a.rawAt(t, "error", "failed_shards"))
		}
		// OpenSearch writes root_cause, type and reason first (then phase,
		// grouped, failed_shards …), as every error body of the gateway.
		if order := memberOrder(t, a.raw, "error"); len(order) < 3 || !slices.Equal(order[:3], []string{"root_cause", "type", "reason"}) {
			t.Errorf("error members in the order %q", order)
		}
	})
	t.Run("nested score_mode", func(t *testing.T) {
		// The record's score combines its matching sections' scores (the
		// inner hits): sum, max, min, avg (the default), none (0).
		orders := map[string][]string{
			"sum":  {"contract:en/c12", "contract:en/c03", "contract:en/c08"},
			"max":  {"contract:en/c12", "contract:en/c03", "contract:en/c08"},
			"avg":  {"contract:en/c12", "contract:en/c08", "contract:en/c03"},
			"":     {"contract:en/c12", "contract:en/c08", "contract:en/c03"},
			"min":  {"contract:en/c08", "contract:en/c12", "contract:en/c03"},
			"none": {"contract:en/c03", "contract:en/c08", "contract:en/c12"},
		}
		for mode, order := range orders {
			a := s.formB(t, nestedCI(mode))
			wantIDs(t, a, order...)
			inner := innerScores(t, a, "sections")
			for i, h := range a.hits(t) {
				id := h["_id"].(string)
				ss := inner[id]
				var want float64
				switch mode {
				case "sum", "avg", "":
					for _, x := range ss {
						want += x
					}
					if mode != "sum" {
						want /= float64(len(ss))
					}
				case "max":
					want = slices.Max(ss)
				case "min":
					want = slices.Min(ss)
				}
				if got := a.f32(t, "hits", "hits", i, "_score"); got != float32(want) {
					t.Errorf("score_mode %q: %s scores %v, want %v from its sections %v", mode, id, got, float32(want), ss)
				}
			}
		}
	})
	t.Run("rank_feature", func(t *testing.T) {
		// The spec's sample: boost 50, saturation pivot 16. 34 records have
		// a weight_rank; scores 50 · (1 − 16/(w + 16)).
		a := s.formB(t, `{"query":{"rank_feature":{"field":"weight_rank","boost":50,"saturation":{"pivot":16}}}}`)
		wantTotal(t, a, 34, "eq")
		var ids []string
		var scores []float32
		for _, r := range formABlankOrder[:10] {
			ids = append(ids, r.id)
			scores = append(scores, saturation(50, 16, r.w))
		}
		wantIDs(t, a, ids...)
		wantScores(t, a, scores...)
		if want := []float32{46.875, 43.75, 43.75, 43.75, 40, 40, 37.5, 37.5, 37.5, 37.5}; !equalF32(scores, want) {
			t.Errorf("hand-computed saturation scores %v, want %v", scores, want)
		}
	})
	t.Run("rank_feature default saturation", func(t *testing.T) {
		// Without a pivot, each index derives one from its values: the best
		// record still comes first, and scores stay below 1.
		a := s.formB(t, `{"query":{"rank_feature":{"field":"weight_rank"}},"size":1}`)
		wantTotal(t, a, 34, "eq")
		wantIDs(t, a, "contract:en/c05")
		if sc := a.f32(t, "hits", "hits", 0, "_score"); sc <= 0 || sc >= 1 {
			t.Errorf("score %v", sc)
		}
	})
	t.Run("rank_feature should beside match_all", func(t *testing.T) {
		// The spec's sample request: every record, boosted by weight_rank,
		// restricted to contracts by the post filter.
		a := s.formB(t, `{"query":{"bool":{"should":[{"match_all":{}},{"rank_feature":{"field":"weight_rank","boost":50,"saturation":{"pivot":16}}}]}},`+
			`"post_filter":{"term":{"_index":"contract"}},"size":12}`)
		wantFiltered(t, a, "c05", "c03", "c10", "c01", "c12", "c08", "c02", "c11", "c04", "c07", "c09", "c06")
	})
}

func equalF32(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
