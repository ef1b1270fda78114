package integration

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// matchAllOrder is every record in match_all order: all score 1, so hits
// follow the tie order, logical index name then insertion order.
var matchAllOrder = []string{
	"category:en/distributor-agreement", "category:en/license-agreement", "category:en/supply-agreement",
	"category:en/employment-agreement", "category:en/merger-agreement", "category:en/confidentiality-agreement",
	"clause:en/governing-law#a1", "clause:en/governing-law#b2", "clause:en/termination#c3",
	"clause:en/royalties#d4", "clause:en/confidentiality#e5", "clause:en/indemnification#f6",
	"company:en/1001039", "company:en/2002077", "company:en/3003141", "company:en/4004221", "company:en/5005999",
	"contract:en/c01", "contract:en/c02", "contract:en/c03", "contract:en/c04", "contract:en/c05", "contract:en/c06",
	"contract:en/c07", "contract:en/c08", "contract:en/c09", "contract:en/c10", "contract:en/c11", "contract:en/c12",
	"definition:en/territory#0a", "definition:en/confidential-information#1b", "definition:en/software#2c",
	"definition:en/marks#3d", "definition:en/merger-consideration#4e",
	"jurisdiction:en/new-york-us", "jurisdiction:en/delaware-us", "jurisdiction:en/ontario-ca",
	"jurisdiction:en/england-gb", "jurisdiction:en/california-us", "jurisdiction:en/peoples-republic-of-china-cn",
}

// ones returns n scores of 1.
func ones(n int) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = 1
	}
	return out
}

// requestMembers: the Form B body members (spec table "Form B: structured
// query", plus from, track_total_hits and suggest of DESIGN §6).
func (s *suite) requestMembers(t *testing.T) {
	t.Run("query", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{}}}`)
		wantTotal(t, a, 40, "eq")
		wantIDs(t, a, matchAllOrder[:10]...)
		wantScores(t, a, ones(10)...)
		wantShards(t, a, 6, 6, 0)
	})
	t.Run("query absent matches everything", func(t *testing.T) {
		a := s.formB(t, `{"size":2}`)
		wantTotal(t, a, 40, "eq")
		wantIDs(t, a, matchAllOrder[:2]...)
	})
	t.Run("post_filter term _index", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{}},"post_filter":{"term":{"_index":"clause"}},"aggs":{"i":{"terms":{"field":"_index"}}}}`)
		// The post filter narrows hits and total, not the aggregation.
		wantTotal(t, a, 6, "eq")
		wantIDs(t, a, matchAllOrder[6:12]...)
		wantJSON(t, a, `[{"key":"contract","doc_count":12},{"key":"category","doc_count":6},{"key":"clause","doc_count":6},`+
			`{"key":"jurisdiction","doc_count":6},{"key":"company","doc_count":5},{"key":"definition","doc_count":5}]`, "aggregations", "i", "buckets")
	})
	t.Run("post_filter terms _index", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{}},"post_filter":{"terms":{"_index":["definition","company"]}},"size":20}`)
		wantTotal(t, a, 10, "eq")
		wantIDs(t, a, slices.Concat(matchAllOrder[12:17], matchAllOrder[29:34])...)
	})
	t.Run("post_filter other clause", func(t *testing.T) {
		// Only contracts map filing_date; a range on it matches nothing elsewhere.
		a := s.formB(t, `{"query":{"match_all":{}},"post_filter":{"range":{"filing_date":{"gte":"2020-01-01"}}}}`)
		wantTotal(t, a, 3, "eq")
		wantIDs(t, a, "contract:en/c07", "contract:en/c10", "contract:en/c12")
	})
	t.Run("size", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{}},"size":3}`)
		wantTotal(t, a, 40, "eq")
		wantIDs(t, a, matchAllOrder[:3]...)
	})
	t.Run("size 0 counts only", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{}},"size":0}`)
		wantTotal(t, a, 40, "eq")
		wantIDs(t, a)
		if ms := a.at(t, "hits", "max_score"); ms != nil {
			t.Errorf("max_score %v with size 0, want null", ms)
		}
	})
	t.Run("size default 10", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{}}}`)
		if n := len(a.hits(t)); n != 10 {
			t.Errorf("%d hits", n)
		}
	})
	t.Run("from", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{}},"from":36,"size":5}`)
		wantTotal(t, a, 40, "eq")
		wantIDs(t, a, matchAllOrder[36:]...)
	})
	t.Run("from beyond the hits", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{}},"from":40}`)
		wantTotal(t, a, 40, "eq")
		wantIDs(t, a)
	})
	t.Run("_source field list", func(t *testing.T) {
		a := s.formB(t, `{"query":{"term":{"group_id":"g-supply"}},"_source":["name","category.value","jurisdiction"]}`)
		wantIDs(t, a, "contract:en/c05")
		// Member order is not compared: OpenSearch rebuilds a filtered
		// source as a hash map (XContentMapValues.filter).
		wantJSON(t, a, `{"name":"Supply Agreement","category":{"value":"supply-agreement"},"jurisdiction":{"name":"New York","value":"new-york-us"}}`,
			"hits", "hits", 0, "_source")
	})
	t.Run("_source the spec's field list", func(t *testing.T) {
		a := s.formB(t, `{"query":{"term":{"group_id":"g-loan"}},"_source":["name","snippet","category.name","category.value","company.name","company.value",`+
			`"jurisdiction.name","jurisdiction.value","industry.name","industry.value","filing_date","group_id","group_size"]}`)
		wantIDs(t, a, "contract:en/c09")
		// c09 has no category and no industry: absent members stay absent.
		wantJSON(t, a, `{"name":"Loan Agreement","snippet":"The Lender agrees to lend the Borrower ten million dollars.",`+
			`"company":{"name":"Umbrella Health","value":"5005999"},"jurisdiction":{"name":"New York","value":"new-york-us"},`+
			`"filing_date":"2011-08-08","group_id":"g-loan","group_size":1}`, "hits", "hits", 0, "_source")
	})
	t.Run("_source false", func(t *testing.T) {
		a := s.formB(t, `{"query":{"term":{"group_id":"g-supply"}},"_source":false}`)
		wantIDs(t, a, "contract:en/c05")
		if a.has("hits", "hits", 0, "_source") {
			t.Errorf("_source returned: %s", a.raw)
		}
	})
	t.Run("_source absent returns the whole record", func(t *testing.T) {
		a := s.formB(t, `{"query":{"term":{"group_id":"en/royalties#d4"}}}`)
		wantIDs(t, a, "clause:en/royalties#d4")
		wantJSON(t, a, `{"name":"Royalties","value":"royalties","type":"clause","snippet":"Licensee shall pay royalties quarterly.",`+
			`"group_id":"en/royalties#d4","group_size":1,"weight_rank":4}`, "hits", "hits", 0, "_source")
	})
	t.Run("highlight", s.highlight)
	t.Run("aggs", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{}},"size":0,"aggs":{"by_index":{"terms":{"field":"_index","size":10}}}}`)
		wantJSON(t, a, `{"by_index":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[`+
			`{"key":"contract","doc_count":12},{"key":"category","doc_count":6},{"key":"clause","doc_count":6},`+
			`{"key":"jurisdiction","doc_count":6},{"key":"company","doc_count":5},{"key":"definition","doc_count":5}]}}`, "aggregations")
	})
	t.Run("aggs absent: no aggregations member", func(t *testing.T) {
		if a := s.formB(t, `{"query":{"match_all":{}},"size":0}`); a.has("aggregations") {
			t.Errorf("aggregations without aggs: %s", a.raw)
		}
	})
	t.Run("timeout", func(t *testing.T) {
		for _, to := range []string{"15000ms", "2s"} {
			a := s.formB(t, `{"query":{"term":{"group_id":"g-supply"}},"timeout":"`+to+`"}`)
			if a.at(t, "timed_out") != false {
				t.Errorf("timeout %s: timed_out %v", to, a.at(t, "timed_out"))
			}
			wantIDs(t, a, "contract:en/c05")
		}
	})
	t.Run("profile", s.profile)
	t.Run("profile false", func(t *testing.T) {
		if a := s.formB(t, `{"query":{"match_all":{}},"size":1,"profile":false}`); a.has("profile") {
			t.Errorf("profile member with profile false: %s", a.raw)
		}
	})
	t.Run("explain", s.explain)
	t.Run("explain false", func(t *testing.T) {
		if a := s.formB(t, `{"query":{"match_all":{}},"size":1,"explain":false}`); a.has("hits", "hits", 0, "_explanation") {
			t.Errorf("_explanation with explain false: %s", a.raw)
		}
	})
	t.Run("track_total_hits limit", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{}},"size":2,"track_total_hits":5}`)
		wantTotal(t, a, 5, "gte")
		wantIDs(t, a, matchAllOrder[:2]...)
	})
	t.Run("track_total_hits limit above the count", func(t *testing.T) {
		wantTotal(t, s.formB(t, `{"query":{"match_all":{}},"size":0,"track_total_hits":100}`), 40, "eq")
	})
	t.Run("track_total_hits true", func(t *testing.T) {
		wantTotal(t, s.formB(t, `{"query":{"match_all":{}},"size":0,"track_total_hits":true}`), 40, "eq")
	})
	t.Run("track_total_hits false", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{}},"size":1,"track_total_hits":false}`)
		if a.has("hits", "total") {
			t.Errorf("hits.total with track_total_hits false: %s", a.rawAt(t, "hits"))
		}
		wantIDs(t, a, matchAllOrder[0])
	})
	t.Run("suggest", func(t *testing.T) {
		// name is mapped in every index: no shard fails. "agreement" is one
		// edit away (score 1 − 1/8) and in the name of 12 contracts and 6
		// categories.
		a := s.formB(t, `{"size":0,"suggest":{"text":"agrement","s":{"term":{"field":"name"}}}}`)
		wantShards(t, a, 6, 6, 0)
		wantJSON(t, a, `{"s":[{"text":"agrement","offset":0,"length":8,"options":[{"text":"agreement","score":0.875,"freq":18}]}]}`, "suggest")
	})
	t.Run("suggest on a field some indexes lack", func(t *testing.T) {
		// Only contract maps industry.name (every index maps body): the
		// other shards fail whole, hits included. "software" is one edit
		// away (score 1 − 1/7), the industry of 3 contracts.
		a := s.formB(t, `{"size":0,"suggest":{"text":"softwre","s":{"term":{"field":"industry.name"}}}}`)
		wantSuggesterFieldFailures(t, a, "industry.name")
		wantTotal(t, a, 12, "eq")
		wantJSON(t, a, `{"s":[{"text":"softwre","offset":0,"length":7,"options":[{"text":"software","score":0.85714287,"freq":3}]}]}`, "suggest")
	})
	t.Run("suggest word present: no options in missing mode", func(t *testing.T) {
		// agremeent → agreement is one transposition: score 1 − 1/9.
		a := s.formB(t, `{"size":0,"suggest":{"text":"franchise agremeent","s":{"term":{"field":"name","suggest_mode":"missing"}}}}`)
		wantJSON(t, a, `{"s":[{"text":"franchise","offset":0,"length":9,"options":[]},`+
			`{"text":"agremeent","offset":10,"length":9,"options":[{"text":"agreement","score":0.8888889,"freq":18}]}]}`, "suggest")
	})
	t.Run("pretty", func(t *testing.T) {
		body := `{"query":{"term":{"group_id":"g-supply"}},"_source":["name"]}`
		a := s.send(t, "POST", "/api/v1alpha/search?token="+conformanceToken+"&pretty", "application/json", body)
		if a.status != 200 {
			t.Fatalf("%d %s", a.status, a.raw)
		}
		checkEnvelope(t, a, false)
		// Indented by two spaces, otherwise the same answer.
		var compact bytes.Buffer
		if err := json.Compact(&compact, []byte(a.raw)); err != nil {
			t.Fatal(err)
		}
		plain := s.formB(t, body)
		if tookNumber.ReplaceAllString(compact.String(), "") != tookNumber.ReplaceAllString(plain.raw, "") {
			t.Errorf("pretty answer differs from the plain one:\n%s\n%s", a.raw, plain.raw)
		}
		if !strings.HasPrefix(a.raw, "{\n  \"took\": ") || !strings.Contains(a.raw, "\n  \"hits\": {\n    \"total\": {\n      \"value\": 1,") {
			t.Errorf("not indented by two spaces:\n%s", a.raw)
		}
	})
}

// bodies of the fixture's contracts that highlighting tests read.
var fixtureBodies = map[string]string{
	"en/c01": "This Exclusive Distribution Agreement is made as of March 1, 2012 between Acme Corp and Northwind Traders. The Distributor shall have the exclusive right to sell the Products in the Territory. The Distributor shall indemnify the Supplier against all claims. This Agreement is governed by the laws of the State of New York.",
	"en/c03": "Licensor grants to Licensee a non-exclusive license to use the Software. Licensee shall pay a royalty of five percent. Licensee shall keep the Confidential Information in strict confidentiality. This Agreement is governed by the laws of Delaware.",
	"en/c04": "Licensor grants to Licensee an exclusive license to use the Marks in the Territory. Licensee shall pay royalties quarterly. The license grant is exclusive. This Agreement is governed by the laws of England.",
	"en/c05": "The Supplier shall supply the Products to the Buyer. The Supplier shall indemnify and hold harmless the Buyer. Indemnification obligations survive termination. This Agreement is governed by the laws of the State of New York.",
	"en/c09": "The Lender agrees to lend the Borrower ten million dollars. The Borrower shall repay the loan with interest. This Agreement is governed by the laws of the State of New York.",
	"en/c11": "The Franchisor grants the Franchisee the right to operate a restaurant. The Franchisee shall pay royalties monthly. Termination requires sixty days written notice.",
}

// wantSuggesterFieldFailures asserts the shard failures of a term
// suggester on field, a field only contract maps: OpenSearch fails each
// index that does not map a suggester's field as a whole
// (SuggestionBuilder: "no mapping found for field"), so only the contract
// shard answers.
func wantSuggesterFieldFailures(t *testing.T, a *answer, field string) {
	t.Helper()
	wantShards(t, a, 6, 1, 5)
	wantFailures(t, a, "illegal_argument_exception", "no mapping found for field ["+field+"]",
		"category", "clause", "company", "definition", "jurisdiction")
}

// highlights maps each hit's _id to its fragments of field.
func highlights(t *testing.T, a *answer, field string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for i, h := range a.hits(t) {
		if !a.has("hits", "hits", i, "highlight", field) {
			continue
		}
		for _, f := range a.list(t, "hits", "hits", i, "highlight", field) {
			out[h["_id"].(string)] = append(out[h["_id"].(string)], f.(string))
		}
	}
	return out
}

// wantFragments asserts that every fragment of every hit is a piece of the
// record's body with exactly the given words tagged, in order across the
// fragments.
func wantFragments(t *testing.T, got map[string][]string, pre, post string, want map[string][]string) {
	t.Helper()
	for id, words := range want {
		frags, ok := got[id]
		if !ok {
			t.Errorf("%s: no fragments (want %q tagged)", id, words)
			continue
		}
		var tags []string
		for _, f := range frags {
			plain := strings.NewReplacer(pre, "", post, "").Replace(f)
			if !strings.Contains(fixtureBodies[id], strings.TrimSpace(plain)) {
				t.Errorf("%s: fragment %q is not a piece of the body", id, f)
			}
			for _, w := range tagged(f, pre, post) {
				tags = append(tags, strings.Fields(w)...)
			}
		}
		if !slices.Equal(tags, words) {
			t.Errorf("%s: tagged %q in %q, want %q", id, tags, frags, words)
		}
	}
	for id := range got {
		if _, ok := want[id]; !ok {
			t.Errorf("%s: unexpected fragments %q", id, got[id])
		}
	}
}

// highlight: the highlight member (spec: fields, order, pre_tags,
// post_tags; DESIGN §3: unified highlighter, fragments of about 100
// characters bounded by sentences, up to 5, whole value with
// number_of_fragments 0, field omitted when nothing matched).
func (s *suite) highlight(t *testing.T) {
	t.Run("short field: the whole value, matches tagged", func(t *testing.T) {
		a := s.formB(t, `{"query":{"simple_query_string":{"query":"license","fields":["name"]}},"_source":false,`+
			`"highlight":{"fields":{"name":{}},"pre_tags":["<b>"],"post_tags":["</b>"]}}`)
		got := highlights(t, a, "name")
		want := map[string][]string{"en/c03": {"Software <b>License</b> Agreement"}, "en/c04": {"Trademark <b>License</b> Agreement"},
			"en/license-agreement": {"<b>License</b> Agreement"}}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("name fragments %v, want %v", got, want)
		}
	})
	t.Run("pre_tags and post_tags", func(t *testing.T) {
		a := s.formB(t, `{"query":{"term":{"jurisdiction.value":"new-york-us"}},"_source":false,`+
			`"highlight":{"fields":{"jurisdiction.name":{}},"pre_tags":["<mark>"],"post_tags":["</mark>"]}}`)
		wantIDs(t, a, "contract:en/c01", "contract:en/c05", "contract:en/c09")
		// A term on jurisdiction.value gives jurisdiction.name nothing to tag.
		for i := range a.hits(t) {
			if a.has("hits", "hits", i, "highlight") {
				t.Errorf("hit %d highlighted without a match in the field: %s", i, a.rawAt(t, "hits", "hits", i, "highlight"))
			}
		}
		a = s.formB(t, `{"query":{"simple_query_string":{"query":"york","fields":["jurisdiction.name"]}},"_source":false,`+
			`"highlight":{"fields":{"jurisdiction.name":{}},"pre_tags":["<mark>"],"post_tags":["</mark>"]}}`)
		got := highlights(t, a, "jurisdiction.name")
		want := map[string][]string{"en/c01": {"New <mark>York</mark>"}, "en/c05": {"New <mark>York</mark>"}, "en/c09": {"New <mark>York</mark>"}}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("jurisdiction.name fragments %v, want %v", got, want)
		}
	})
	t.Run("number_of_fragments 0: the whole body", func(t *testing.T) {
		a := s.formB(t, `{"query":{"simple_query_string":{"query":"royalties","fields":["body"]}},"_source":false,`+
			`"highlight":{"fields":{"body":{"number_of_fragments":0}},"pre_tags":["<b>"],"post_tags":["</b>"]}}`)
		got := highlights(t, a, "body")
		want := map[string][]string{
			"en/c04": {strings.Replace(fixtureBodies["en/c04"], "royalties", "<b>royalties</b>", 1)},
			"en/c11": {strings.Replace(fixtureBodies["en/c11"], "royalties", "<b>royalties</b>", 1)},
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("body fragments\n got %q\nwant %q", got, want)
		}
	})
	t.Run("body fragments bounded by sentences", func(t *testing.T) {
		a := s.formB(t, `{"query":{"simple_query_string":{"query":"royalties","fields":["body"]}},"_source":false,`+
			`"highlight":{"fields":{"body":{}},"order":"score","pre_tags":["<b>"],"post_tags":["</b>"]}}`)
		got := highlights(t, a, "body")
		wantFragments(t, got, "<b>", "</b>", map[string][]string{"en/c04": {"royalties"}, "en/c11": {"royalties"}})
		for id, frags := range got {
			for _, f := range frags {
				if plain := strings.NewReplacer("<b>", "", "</b>", "").Replace(f); len(plain) >= len(fixtureBodies[id]) {
					t.Errorf("%s: fragment %q is the whole body, not a passage", id, f)
				}
			}
		}
	})
	t.Run("phrase: only the phrase's words are tagged", func(t *testing.T) {
		// c01 has "shall" twice and "shall indemnify" once.
		a := s.formB(t, `{"query":{"match_phrase":{"body":"shall indemnify"}},"_source":false,`+
			`"highlight":{"fields":{"body":{"number_of_fragments":0}},"pre_tags":["<b>"],"post_tags":["</b>"]}}`)
		wantIDs(t, a, "contract:en/c05", "contract:en/c01")
		wantFragments(t, highlights(t, a, "body"), "<b>", "</b>", map[string][]string{
			"en/c01": {"shall", "indemnify"}, "en/c05": {"shall", "indemnify"}})
	})
	t.Run("prefix and fuzzy matches are tagged", func(t *testing.T) {
		a := s.formB(t, `{"query":{"simple_query_string":{"query":"indemnif* royaltys~","fields":["body"]}},"_source":false,`+
			`"highlight":{"fields":{"body":{"number_of_fragments":0}},"pre_tags":["<b>"],"post_tags":["</b>"]}}`)
		wantFragments(t, highlights(t, a, "body"), "<b>", "</b>", map[string][]string{
			"en/c01": {"indemnify"}, "en/c05": {"indemnify", "Indemnification"},
			"en/c03": {"royalty"}, "en/c04": {"royalties"}, "en/c11": {"royalties"}})
	})
	t.Run("a field without a match is omitted", func(t *testing.T) {
		// Contracts only: a clause record named "Royalties" rightly has its
		// name highlighted.
		a := s.formB(t, `{"query":{"simple_query_string":{"query":"royalties","fields":["body","name"]}},"_source":false,"post_filter":{"term":{"_index":"contract"}},`+
			`"highlight":{"fields":{"body":{},"name":{}},"pre_tags":["<b>"],"post_tags":["</b>"]}}`)
		for i := range a.hits(t) {
			if a.has("hits", "hits", i, "highlight", "name") {
				t.Errorf("hit %d: name highlighted though it does not match: %s", i, a.rawAt(t, "hits", "hits", i, "highlight"))
			}
			if !a.has("hits", "hits", i, "highlight", "body") {
				t.Errorf("hit %d: no body fragments", i)
			}
		}
	})
}

// profile: the profile member, OpenSearch's shape (one shard per logical
// index; query tree with type, description, time_in_nanos, breakdown;
// collectors). Timings are only checked to be non-negative integers.
func (s *suite) profile(t *testing.T) {
	a := s.formB(t, `{"query":{"term":{"group_id":"g-supply"}},"size":1,"profile":true}`)
	wantIDs(t, a, "contract:en/c05")
	shards := a.list(t, "profile", "shards")
	if len(shards) != 6 {
		t.Fatalf("%d profiled shards, want 6: %s", len(shards), a.rawAt(t, "profile"))
	}
	seen := map[string]bool{}
	for i := range shards {
		id := a.str(t, "profile", "shards", i, "id")
		for _, ix := range logicalIndexes {
			if strings.Contains(id, ix) {
				seen[ix] = true
			}
		}
		searches := a.list(t, "profile", "shards", i, "searches")
		if len(searches) != 1 {
			t.Fatalf("shard %s: %d searches", id, len(searches))
		}
		sp := []any{"profile", "shards", i, "searches", 0}
		q := a.list(t, append(sp, "query")...)
		if len(q) != 1 {
			t.Fatalf("shard %s: %d query nodes: %s", id, len(q), a.rawAt(t, sp...))
		}
		qp := append(slices.Clone(sp), "query", 0)
		// Every index maps group_id as a keyword: a plain TermQuery.
		if typ, desc := a.str(t, append(qp, "type")...), a.str(t, append(qp, "description")...); typ != "TermQuery" || desc != "group_id:g-supply" {
			t.Errorf("shard %s: query node %s %q, want TermQuery \"group_id:g-supply\"", id, typ, desc)
		}
		if n := a.integer(t, append(qp, "time_in_nanos")...); n < 0 {
			t.Errorf("shard %s: time_in_nanos %d", id, n)
		}
		breakdown := a.obj(t, append(qp, "breakdown")...)
		for _, k := range []string{"create_weight", "build_scorer", "next_doc", "advance", "score", "match"} {
			if _, ok := breakdown[k]; !ok {
				t.Errorf("shard %s: breakdown lacks %s", id, k)
			}
		}
		for k := range breakdown {
			if n := a.integer(t, append(qp, "breakdown", k)...); n < 0 {
				t.Errorf("shard %s: breakdown.%s %d", id, k, n)
			}
		}
		a.integer(t, append(sp, "rewrite_time")...)
		collectors := a.list(t, append(sp, "collector")...)
		if len(collectors) == 0 {
			t.Errorf("shard %s: no collector", id)
		}
		for j := range collectors {
			a.str(t, append(sp, "collector", j, "name")...)
			a.str(t, append(sp, "collector", j, "reason")...)
			a.integer(t, append(sp, "collector", j, "time_in_nanos")...)
		}
	}
	if len(seen) != 6 {
		t.Errorf("profiled shards name %d of the six indexes: %v", len(seen), seen)
	}
}

// explain: _explanation trees as Lucene's BM25 explanations.
func (s *suite) explain(t *testing.T) {
	a := s.formB(t, `{"query":{"term":{"group_id":"g-supply"}},"explain":true,"_source":false}`)
	wantIDs(t, a, "contract:en/c05")
	e := []any{"hits", "hits", 0, "_explanation"}
	if v, score := a.f32(t, append(e, "value")...), a.f32(t, "hits", "hits", 0, "_score"); v != score {
		t.Errorf("_explanation.value %v, _score %v", v, score)
	}
	if d := a.str(t, append(e, "description")...); !strings.HasPrefix(d, "weight(group_id:g-supply in ") {
		t.Errorf("description %q", d)
	}
	// BM25's explanation: boost · idf · tf, idf from n and N, tf from freq
	// and k1 (keyword fields have no norms).
	found := map[string]float64{}
	var walk func(p []any)
	walk = func(p []any) {
		d := a.str(t, append(p, "description")...)
		found[d] = float64(a.f32(t, append(p, "value")...))
		if a.has(append(p, "details")...) {
			for i := range a.list(t, append(p, "details")...) {
				walk(append(slices.Clone(p), "details", i))
			}
		}
	}
	walk(e)
	for d, v := range map[string]float64{
		"score(freq=1.0), computed as boost * idf * tf from:":       keywordScore(12, 1),
		"idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:": 2.1594842,
		"n, number of documents containing term":                    1,
		"N, total number of documents with field":                   12,
		"freq, occurrences of term within document":                 1,
		"k1, term saturation parameter":                             1.2,
	} {
		got, ok := found[d]
		if !ok {
			t.Errorf("explanation lacks %q:\n%s", d, a.rawAt(t, e...))
			continue
		}
		if diff := got - v; diff > 1e-6*v || diff < -1e-6*v {
			t.Errorf("%q = %v, want %v", d, got, v)
		}
	}
}
