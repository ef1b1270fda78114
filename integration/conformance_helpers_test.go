package integration

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The helpers of the conformance suite: requests, a decoded answer that
// can be walked by path, and assertions that print the answer when they
// fail. Every successful answer is also checked against the spec's
// response and hit tables (checkEnvelope), whatever the subtest asserts.

// conformanceToken is the API token of the suite's gateways.
const conformanceToken = "conformance-token-41d8"

// suite is one backend behind a running gateway.
type suite struct {
	// backend is "embedded" or "opensearch".
	backend string
	g       *gateway
	// log holds every request sent and its answer, for the checks against
	// OpenSearch's API specification (checkAnswers, checkForwarded) and
	// the service's OpenAPI document (checkOpenAPI).
	log exchangeLog
}

// answer is one HTTP answer of the gateway.
type answer struct {
	status int
	header http.Header
	raw    string
	// doc is the decoded JSON body (numbers as json.Number), nil when the
	// body is not a JSON object.
	doc map[string]any
}

// send posts body to path+query with a JSON content type and decodes the
// answer.
func (s *suite) send(t *testing.T, method, pathAndQuery, contentType, body string) *answer {
	t.Helper()
	req, err := http.NewRequest(method, s.g.URL+pathAndQuery, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	a := &answer{status: resp.StatusCode, header: resp.Header, raw: string(out)}
	s.log.add(exchange{method: method, target: pathAndQuery, reqHeader: req.Header.Clone(), body: body,
		status: a.status, header: resp.Header, raw: a.raw})
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.UseNumber()
	var doc map[string]any
	if dec.Decode(&doc) == nil {
		a.doc = doc
	}
	return a
}

// post sends a search body with the suite's token.
func (s *suite) post(t *testing.T, body string) *answer {
	t.Helper()
	return s.send(t, "POST", "/api/v1alpha/search?token="+conformanceToken, "application/json", body)
}

// formA runs a simplified query ({"query": query}) that must succeed, and
// checks the envelope of a simplified-query answer.
func (s *suite) formA(t *testing.T, query string) *answer {
	t.Helper()
	return s.ok(t, `{"query":`+query+`}`, true)
}

// formB runs a structured request body that must succeed, and checks the
// envelope of a structured-query answer.
func (s *suite) formB(t *testing.T, body string) *answer {
	t.Helper()
	return s.ok(t, body, false)
}

func (s *suite) ok(t *testing.T, body string, formA bool) *answer {
	t.Helper()
	dumpQuery(t, body)
	a := s.post(t, body)
	if a.status != http.StatusOK || a.doc == nil {
		t.Fatalf("request %s\nanswered %d: %s", clip(body), a.status, clip(a.raw))
	}
	checkEnvelope(t, a, formA)
	return a
}

// clip shortens long bodies in failure messages.
func clip(s string) string {
	if len(s) > 3000 {
		return s[:3000] + fmt.Sprintf("… (%d bytes)", len(s))
	}
	return s
}

// at walks the decoded answer: string keys for objects, ints for arrays.
// It fails the test when the path does not exist.
func (a *answer) at(t *testing.T, path ...any) any {
	t.Helper()
	v, ok := lookup(a.doc, path...)
	if !ok {
		t.Fatalf("answer has no %v:\n%s", path, clip(a.raw))
	}
	return v
}

// has reports whether the path exists.
func (a *answer) has(path ...any) bool {
	_, ok := lookup(a.doc, path...)
	return ok
}

func lookup(v any, path ...any) (any, bool) {
	for _, p := range path {
		switch p := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				return nil, false
			}
			if v, ok = m[p]; !ok {
				return nil, false
			}
		case int:
			l, ok := v.([]any)
			if !ok || p < 0 || p >= len(l) {
				return nil, false
			}
			v = l[p]
		default:
			return nil, false
		}
	}
	return v, true
}

// str, integer, f32 and obj read a member of a given JSON type.
func (a *answer) str(t *testing.T, path ...any) string {
	t.Helper()
	v, ok := a.at(t, path...).(string)
	if !ok {
		t.Fatalf("%v is not a string: %s", path, clip(a.raw))
	}
	return v
}

func (a *answer) integer(t *testing.T, path ...any) int64 {
	t.Helper()
	n, ok := a.at(t, path...).(json.Number)
	if !ok {
		t.Fatalf("%v is not a number: %s", path, clip(a.raw))
	}
	i, err := strconv.ParseInt(n.String(), 10, 64)
	if err != nil {
		t.Fatalf("%v is not an integer (%s)", path, n)
	}
	return i
}

func (a *answer) f32(t *testing.T, path ...any) float32 {
	t.Helper()
	n, ok := a.at(t, path...).(json.Number)
	if !ok {
		t.Fatalf("%v is not a number: %s", path, clip(a.raw))
	}
	return parseF32(t, n)
}

func (a *answer) obj(t *testing.T, path ...any) map[string]any {
	t.Helper()
	m, ok := a.at(t, path...).(map[string]any)
	if !ok {
		t.Fatalf("%v is not an object: %s", path, clip(a.raw))
	}
	return m
}

func (a *answer) list(t *testing.T, path ...any) []any {
	t.Helper()
	l, ok := a.at(t, path...).([]any)
	if !ok {
		t.Fatalf("%v is not an array: %s", path, clip(a.raw))
	}
	return l
}

func parseF32(t *testing.T, n json.Number) float32 {
	t.Helper()
	f, err := strconv.ParseFloat(n.String(), 32)
	if err != nil {
		t.Fatalf("not a float: %s", n)
	}
	return float32(f)
}

// rawAt re-encodes the member at path as compact JSON (keys sorted, as
// encoding/json writes maps).
func (a *answer) rawAt(t *testing.T, path ...any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // <b> tags compare as written
	if err := enc.Encode(a.at(t, path...)); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// hits returns hits.hits.
func (a *answer) hits(t *testing.T) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, h := range a.list(t, "hits", "hits") {
		out = append(out, h.(map[string]any))
	}
	return out
}

// ids lists the hits as "<_index>:<_id>".
func (a *answer) ids(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, h := range a.hits(t) {
		out = append(out, fmt.Sprint(h["_index"], ":", h["_id"]))
	}
	return out
}

// scores lists the hits' scores.
func (a *answer) scores(t *testing.T) []float32 {
	t.Helper()
	var out []float32
	for i := range a.hits(t) {
		out = append(out, a.f32(t, "hits", "hits", i, "_score"))
	}
	return out
}

// wantIDs asserts the hits, in order.
func wantIDs(t *testing.T, a *answer, want ...string) {
	t.Helper()
	if got := a.ids(t); !slices.Equal(got, want) {
		t.Errorf("hits\n got %q\nwant %q\nanswer: %s", got, want, clip(a.raw))
	}
}

// wantTotal asserts hits.total.
func wantTotal(t *testing.T, a *answer, value int64, relation string) {
	t.Helper()
	if v, r := a.integer(t, "hits", "total", "value"), a.str(t, "hits", "total", "relation"); v != value || r != relation {
		t.Errorf("hits.total = {%d %s}, want {%d %s}", v, r, value, relation)
	}
}

// wantScores asserts the hits' scores exactly (float32, as printed).
func wantScores(t *testing.T, a *answer, want ...float32) {
	t.Helper()
	if got := a.scores(t); !slices.Equal(got, want) {
		t.Errorf("scores\n got %v\nwant %v", got, want)
	}
}

// wantShards asserts _shards (skipped is always 0 here).
func wantShards(t *testing.T, a *answer, total, successful, failed int64) {
	t.Helper()
	got := [4]int64{a.integer(t, "_shards", "total"), a.integer(t, "_shards", "successful"),
		a.integer(t, "_shards", "skipped"), a.integer(t, "_shards", "failed")}
	if want := [4]int64{total, successful, 0, failed}; got != want {
		t.Errorf("_shards {total successful skipped failed} = %v, want %v", got, want)
	}
}

// wantFailures asserts _shards.failures: the logical index, the reason's
// type and the start of its text, for each failed shard in order.
func wantFailures(t *testing.T, a *answer, typ, reasonPrefix string, indexes ...string) {
	t.Helper()
	fs := a.list(t, "_shards", "failures")
	if len(fs) != len(indexes) {
		t.Fatalf("%d shard failures, want %d: %s", len(fs), len(indexes), a.rawAt(t, "_shards"))
	}
	for i, ix := range indexes {
		if got := a.str(t, "_shards", "failures", i, "index"); got != ix {
			t.Errorf("failure %d: index %q, want %q", i, got, ix)
		}
		if got := a.str(t, "_shards", "failures", i, "reason", "type"); got != typ {
			t.Errorf("failure %d (%s): reason type %q, want %q", i, ix, got, typ)
		}
		if got := a.str(t, "_shards", "failures", i, "reason", "reason"); !strings.HasPrefix(got, reasonPrefix) {
			t.Errorf("failure %d (%s): reason %q, want it to start with %q", i, ix, got, reasonPrefix)
		}
	}
}

// wantError asserts an error answer: status and exact body.
func wantError(t *testing.T, a *answer, status int, body string) {
	t.Helper()
	if a.status != status || a.raw != body {
		t.Errorf("got %d %s\nwant %d %s", a.status, clip(a.raw), status, body)
	}
	if ct := a.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type %q", ct)
	}
}

// errBody is the gateway's error body without a position (OpenSearch's
// shape: the root cause repeats the error).
func errBody(status int, typ, reason string) string {
	return errorBody(status, typ, reason)
}

// errAt is the gateway's error body for a problem at a line and column
// of the request body.
func errAt(status int, typ, reason string, line, col int) string {
	r, _ := json.Marshal(reason)
	return fmt.Sprintf(`{"error":{"root_cause":[{"type":%q,"reason":%s,"line":%d,"col":%d}],"type":%q,"reason":%s,"line":%d,"col":%d},"status":%d}`,
		typ, r, line, col, typ, r, line, col, status)
}

// wantKeys asserts the exact member names of an object.
func wantKeys(t *testing.T, what string, m map[string]any, want ...string) {
	t.Helper()
	got := make([]string, 0, len(m))
	for k := range m {
		got = append(got, k)
	}
	sort.Strings(got)
	w := slices.Clone(want)
	sort.Strings(w)
	if !slices.Equal(got, w) {
		t.Errorf("%s has members %q, want %q", what, got, w)
	}
}

// wantJSON asserts that the member at path equals want as JSON values
// (member order ignored).
func wantJSON(t *testing.T, a *answer, want string, path ...any) {
	t.Helper()
	got := a.at(t, path...)
	dec := json.NewDecoder(strings.NewReader(want))
	dec.UseNumber()
	var w any
	if err := dec.Decode(&w); err != nil {
		t.Fatalf("bad expected JSON %s: %v", want, err)
	}
	if !reflect.DeepEqual(got, w) {
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(w)
		t.Errorf("%v\n got %s\nwant %s", path, gb, wb)
	}
}

// saturation is the rank_feature saturation score as Lucene's
// FeatureField computes it in float32: boost · (1 − pivot/(f + pivot)).
// Every weight_rank of the fixture is an integer below 512, stored
// exactly in FeatureField's 9 significant bits. The conversions keep Go
// from fusing operations.
func saturation(boost, pivot, f float32) float32 {
	q := float32(pivot / float32(f+pivot))
	return float32(boost * float32(1-q))
}

// formARank is a Form A score when the query part scores s: s plus the
// rank_feature should clause (boost 50, pivot 16), one float32 addition
// as Lucene's ReqOptSumScorer adds them; 0 weight means no weight_rank.
func formARank(s, weightRank float32) float32 {
	if weightRank == 0 {
		return s
	}
	return float32(s + saturation(50, 16, weightRank))
}

// Form A's boosts when q is not blank (dsl.textQuery): the base
// simple_query_string (default operator or) weighs 0.5, the same query
// with default operator and weighs 2, and the rank_feature clause on
// weight_rank weighs 10 instead of 50. A record without sections and
// without body text (clause, definition, company, category and
// jurisdiction records) gets no other signal: when it holds every word of
// q its text scores 2.5 times the BM25 of its fields, else 0.5 times.
const (
	formATextBoost     = 0.5
	formAAllWordsBoost = 2
	formATextRankBoost = 10
)

// formATextRank is a Form A score when q is not blank and the text
// clauses score s: s plus the rank_feature clause at the text boost (10,
// pivot 16); 0 weight means no weight_rank.
func formATextRank(s, weightRank float32) float32 {
	if weightRank == 0 {
		return s
	}
	return float32(s + saturation(formATextRankBoost, 16, weightRank))
}

// idf is BM25's idf of a term n of N documents hold:
// ln(1 + (N − n + 0.5)/(n + 0.5)).
func idf(N, n float64) float64 {
	return math.Log(1 + (N-n+0.5)/(n+0.5))
}

// bm25Freq is Lucene's BM25 (k1 1.2, b 0.75) of a query whose idf (a
// phrase's: the sum of its terms') is idf, matching with frequency freq
// (1 per exact phrase occurrence, 1/(1 + distance) for a sloppy one) in a
// field of dl words whose mean length is avgdl:
// idf · freq/(freq + k1·(1 − b + b·dl/avgdl)).
func bm25Freq(idf, freq, dl, avgdl float64) float64 {
	return idf * freq / (freq + 1.2*(1-0.75+0.75*dl/avgdl))
}

// keywordScore is BM25 of one term occurring once in a keyword field (no
// norms, so tf = 1/(1 + k1)) where n of the index's N documents hold it:
// ln(1 + (N − n + 0.5)/(n + 0.5)) · 1/2.2, computed by hand.
func keywordScore(N, n float64) float64 {
	return math.Log(1+(N-n+0.5)/(n+0.5)) / 2.2
}

// bm25 is Lucene's BM25 (k1 1.2, b 0.75) of a term occurring once in a
// text field of dl words where n of the N documents holding the field hold
// the term and the field's mean length is avgdl:
// ln(1 + (N − n + 0.5)/(n + 0.5)) · 1/(1 + k1·(1 − b + b·dl/avgdl)),
// computed by hand (lengths below 24 are stored exactly in the norms).
func bm25(N, n, dl, avgdl float64) float64 {
	idf := math.Log(1 + (N-n+0.5)/(n+0.5))
	return idf / (1 + 1.2*(1-0.75+0.75*dl/avgdl))
}

// near asserts a score within relative tolerance of a value computed in
// float64 (the engine and Lucene round in float32 along the way).
func near(t *testing.T, what string, got float32, want float64) {
	t.Helper()
	if d := float64(got) - want; d > 1e-6*want || d < -1e-6*want {
		t.Errorf("%s = %v, want %v (hand-computed)", what, got, want)
	}
}

// tagged lists the words wrapped in pre/post tags in a fragment.
func tagged(fragment, pre, post string) []string {
	re := regexp.MustCompile(regexp.QuoteMeta(pre) + `(.*?)` + regexp.QuoteMeta(post))
	var out []string
	for _, m := range re.FindAllStringSubmatch(fragment, -1) {
		out = append(out, m[1])
	}
	return out
}

var logicalIndexes = []string{"category", "clause", "company", "contract", "definition", "jurisdiction"}

// checkEnvelope checks any successful answer against the spec's response
// envelope and hit tables: member names and JSON types, logical index
// names, hits in score order, max_score, the Form A members.
func checkEnvelope(t *testing.T, a *answer, formA bool) {
	t.Helper()
	allowed := []string{"took", "timed_out", "_shards", "hits", "aggregations", "suggest", "profile"}
	if formA {
		allowed = append(allowed, "queryTokens", "size")
	}
	for k := range a.doc {
		if !slices.Contains(allowed, k) {
			t.Errorf("unexpected envelope member %q", k)
		}
	}
	if took := a.integer(t, "took"); took < 0 {
		t.Errorf("took %d", took)
	}
	if _, ok := a.at(t, "timed_out").(bool); !ok {
		t.Errorf("timed_out is not a boolean")
	}
	sh := a.obj(t, "_shards")
	for _, k := range []string{"total", "successful", "skipped", "failed"} {
		a.integer(t, "_shards", k)
	}
	if a.integer(t, "_shards", "successful")+a.integer(t, "_shards", "failed") != a.integer(t, "_shards", "total") {
		t.Errorf("_shards do not add up: %s", a.rawAt(t, "_shards"))
	}
	if _, ok := sh["failures"]; ok != (a.integer(t, "_shards", "failed") > 0) {
		t.Errorf("_shards.failures present %v with failed %d", ok, a.integer(t, "_shards", "failed"))
	}
	if a.has("hits", "total") {
		wantKeys(t, "hits.total", a.obj(t, "hits", "total"), "value", "relation")
		if r := a.str(t, "hits", "total", "relation"); r != "eq" && r != "gte" {
			t.Errorf("hits.total.relation %q", r)
		}
		if v := a.integer(t, "hits", "total", "value"); v < 0 || v > 10000 {
			t.Errorf("hits.total.value %d", v)
		}
	}
	for k := range a.obj(t, "hits") {
		if k != "total" && k != "max_score" && k != "hits" {
			t.Errorf("unexpected hits member %q", k)
		}
	}
	checkHits(t, a, formA, false, "hits")

	if formA {
		if got := a.rawAt(t, "queryTokens"); got != "[]" {
			t.Errorf("queryTokens %s, want []", got)
		}
		if got := a.integer(t, "size"); got != 10 {
			t.Errorf("size %d, want 10", got)
		}
		a.list(t, "suggest", "suggestions")
	}
	if a.has("aggregations") {
		for name := range a.obj(t, "aggregations") {
			wantKeys(t, "aggregation "+name, a.obj(t, "aggregations", name), "doc_count_error_upper_bound", "sum_other_doc_count", "buckets")
			a.integer(t, "aggregations", name, "doc_count_error_upper_bound")
			a.integer(t, "aggregations", name, "sum_other_doc_count")
			for i := range a.list(t, "aggregations", name, "buckets") {
				wantKeys(t, "bucket", a.obj(t, "aggregations", name, "buckets", i), "key", "doc_count")
				a.str(t, "aggregations", name, "buckets", i, "key")
				a.integer(t, "aggregations", name, "buckets", i, "doc_count")
			}
		}
	}
	if a.has("suggest") {
		for name := range a.obj(t, "suggest") {
			for i := range a.list(t, "suggest", name) {
				wantKeys(t, "suggestion", a.obj(t, "suggest", name, i), "text", "offset", "length", "options")
				a.str(t, "suggest", name, i, "text")
				a.integer(t, "suggest", name, i, "offset")
				a.integer(t, "suggest", name, i, "length")
				for j := range a.list(t, "suggest", name, i, "options") {
					wantKeys(t, "suggestion option", a.obj(t, "suggest", name, i, "options", j), "text", "score", "freq")
					a.str(t, "suggest", name, i, "options", j, "text")
					a.f32(t, "suggest", name, i, "options", j, "score")
					a.integer(t, "suggest", name, i, "options", j, "freq")
				}
			}
		}
	}
}

// checkHits checks the hits object at path: max_score, score order and
// each hit's members; inner tells inner hits (no _type, a _nested member).
func checkHits(t *testing.T, a *answer, formA, inner bool, path ...any) {
	t.Helper()
	hits := a.list(t, append(path, "hits")...)
	maxScore := a.at(t, append(path, "max_score")...)
	if total, ok := lookup(a.doc, append(path, "total", "value")...); ok && total == json.Number("0") && maxScore != nil {
		t.Errorf("%v: max_score %v without hits", path, maxScore)
	}
	prev := float32(math.Inf(1))
	for i := range hits {
		hp := append(slices.Clone(path), "hits", i)
		h := a.obj(t, hp...)
		allowed := []string{"_index", "_id", "_score", "_source", "highlight", "_explanation"}
		switch {
		case inner:
			allowed = append(allowed, "_nested")
		case !formA:
			allowed = append(allowed, "_type", "inner_hits")
		default:
			allowed = append(allowed, "inner_hits")
		}
		for k := range h {
			if !slices.Contains(allowed, k) {
				t.Errorf("%v: unexpected member %q", hp, k)
			}
		}
		if ix := a.str(t, append(hp, "_index")...); !slices.Contains(logicalIndexes, ix) {
			t.Errorf("%v: _index %q is not a logical index", hp, ix)
		}
		if id := a.str(t, append(hp, "_id")...); !strings.HasPrefix(id, "en/") {
			t.Errorf("%v: _id %q does not have the shape en/<record_id>", hp, id)
		}
		if !inner && !formA {
			if typ := a.str(t, append(hp, "_type")...); typ != "_doc" {
				t.Errorf("%v: _type %q", hp, typ)
			}
		}
		score := a.f32(t, append(hp, "_score")...)
		if score < 0 || score > prev {
			t.Errorf("%v: _score %v after %v (scores must be non-negative and descending)", hp, score, prev)
		}
		prev = score
		// max_score is the best score of all matches, also on later pages.
		if maxScore != nil && score > a.f32(t, append(path, "max_score")...) {
			t.Errorf("%v: max_score %v below a hit's score %v", path, maxScore, score)
		}
		if _, ok := h["_source"]; ok {
			a.obj(t, append(hp, "_source")...)
		}
		if _, ok := h["highlight"]; ok {
			for field := range a.obj(t, append(hp, "highlight")...) {
				for j := range a.list(t, append(hp, "highlight", field)...) {
					a.str(t, append(hp, "highlight", field, j)...)
				}
			}
		}
		if _, ok := h["_explanation"]; ok {
			checkExplanation(t, a, append(hp, "_explanation")...)
		}
		if inner {
			wantKeys(t, "_nested", a.obj(t, append(hp, "_nested")...), "field", "offset")
			if f := a.str(t, append(hp, "_nested", "field")...); f != "sections" {
				t.Errorf("%v: _nested.field %q", hp, f)
			}
			if off := a.integer(t, append(hp, "_nested", "offset")...); off < 0 {
				t.Errorf("%v: _nested.offset %d", hp, off)
			}
		}
		if _, ok := h["inner_hits"]; ok {
			for name := range a.obj(t, append(hp, "inner_hits")...) {
				ip := append(slices.Clone(hp), "inner_hits", name)
				wantKeys(t, "inner_hits."+name, a.obj(t, ip...), "hits")
				wantKeys(t, "inner_hits."+name+".hits", a.obj(t, append(ip, "hits")...), "total", "max_score", "hits")
				checkHits(t, a, formA, true, append(ip, "hits")...)
				for j := range a.list(t, append(ip, "hits", "hits")...) {
					if got, want := a.str(t, append(ip, "hits", "hits", j, "_id")...), a.str(t, append(hp, "_id")...); got != want {
						t.Errorf("%v: inner hit _id %q, want the record's %q", ip, got, want)
					}
				}
			}
		}
	}
}

// checkExplanation checks an _explanation tree: value, description,
// details (each an explanation).
func checkExplanation(t *testing.T, a *answer, path ...any) {
	t.Helper()
	a.f32(t, append(path, "value")...)
	a.str(t, append(path, "description")...)
	if a.has(append(path, "details")...) {
		for i := range a.list(t, append(path, "details")...) {
			checkExplanation(t, a, append(slices.Clone(path), "details", i)...)
		}
	}
}

// dumpQuery appends a successful request's body to the file named by
// CONFORMANCE_QUERIES as a parity query ({"id","kind","body"}), so the
// suite's requests can be replayed against the Lucene oracle with
// cmd/parity (see the README).
func dumpQuery(t *testing.T, body string) {
	path := os.Getenv("CONFORMANCE_QUERIES")
	if path == "" || !json.Valid([]byte(body)) {
		return
	}
	dumpMu.Lock()
	defer dumpMu.Unlock()
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dumpN++
	line, _ := json.Marshal(map[string]any{"id": fmt.Sprintf("conformance-%03d", dumpN), "kind": "conformance",
		"body": json.RawMessage(body)})
	if _, err := f.Write(append(line, '\n')); err != nil {
		t.Fatal(err)
	}
}

var (
	dumpMu sync.Mutex
	dumpN  int
)

// wantAnswer asserts a whole answer: the same JSON value as want once took
// is set to want's (timing is the one member that depends on the run),
// with the members of the envelope, of hits and of each hit in want's
// order (the gateway renders them; _source and the other objects the
// backend builds are compared as values, since OpenSearch rebuilds a
// filtered _source as a hash map).
func wantAnswer(t *testing.T, a *answer, want string) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(want))
	dec.UseNumber()
	var w map[string]any
	if err := dec.Decode(&w); err != nil {
		t.Fatalf("bad expected answer: %v", err)
	}
	got := map[string]any{}
	for k, v := range a.doc {
		got[k] = v
	}
	got["took"] = w["took"]
	if !reflect.DeepEqual(got, w) {
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(w)
		t.Errorf("answer\n got %s\nwant %s", gb, wb)
	}
	for _, path := range [][]any{{}, {"hits"}, {"hits", "hits", 0}} {
		if g, w := memberOrder(t, a.raw, path...), memberOrder(t, want, path...); !slices.Equal(g, w) {
			t.Errorf("members of %v in the order %q, want %q", path, g, w)
		}
	}
}

// memberOrder lists the member names of the object at path of a JSON text,
// in the order they are written.
func memberOrder(t *testing.T, text string, path ...any) []string {
	t.Helper()
	var v json.RawMessage = []byte(text)
	for _, p := range path {
		switch p := p.(type) {
		case string:
			var m map[string]json.RawMessage
			if err := json.Unmarshal(v, &m); err != nil {
				t.Fatal(err)
			}
			v = m[p]
		case int:
			var l []json.RawMessage
			if err := json.Unmarshal(v, &l); err != nil || p >= len(l) {
				return nil
			}
			v = l[p]
		}
	}
	dec := json.NewDecoder(bytes.NewReader(v))
	var keys []string
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return keys
		}
		switch tok := tok.(type) {
		case json.Delim:
			if tok == '{' || tok == '[' {
				depth++
			} else {
				depth--
			}
		case string:
			if depth == 1 && dec.More() {
				// A key at the top level is followed by its value.
				keys = append(keys, tok)
				var skip json.RawMessage
				if err := dec.Decode(&skip); err != nil {
					return keys
				}
			}
		}
	}
}
