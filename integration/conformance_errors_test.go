package integration

import (
	"fmt"
	"strings"
	"testing"
)

// errorCase is a request the gateway refuses, with the exact answer.
type errorCase struct {
	name, body string
	status     int
	want       string
}

// runErrors sends each case and asserts the exact status and body.
func (s *suite) runErrors(t *testing.T, cases []errorCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wantError(t, s.post(t, c.body), c.status, c.want)
		})
	}
}

const (
	illegalArg = "illegal_argument_exception"
	parsing    = "parsing_exception"
	xcontent   = "x_content_parse_exception"
)

// limits: the spec's "Limits" table and DESIGN §6's configured limits,
// each at the limit (accepted) and beyond it (the exact error).
func (s *suite) limits(t *testing.T) {
	t.Run("size at the limit", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{}},"size":100}`)
		if n := len(a.hits(t)); n != 40 {
			t.Errorf("%d hits", n)
		}
	})
	t.Run("window at the limit", func(t *testing.T) {
		a := s.formB(t, `{"query":{"match_all":{}},"from":9990,"size":10}`)
		wantTotal(t, a, 40, "eq")
		wantIDs(t, a)
	})
	t.Run("page at the limit", func(t *testing.T) {
		a := s.formA(t, `{"p":1000}`)
		wantTotal(t, a, 40, "eq")
		wantIDs(t, a)
	})
	t.Run("aggregation size at the limit", func(t *testing.T) {
		a := s.formB(t, `{"size":0,"aggs":{"n":{"terms":{"field":"name.raw","size":100}}}}`)
		if n := len(a.list(t, "aggregations", "n", "buckets")); n != 37 {
			t.Errorf("%d buckets, want the 37 distinct names", n)
		}
	})
	t.Run("timeout at the limit", func(t *testing.T) {
		s.formB(t, `{"query":{"match_all":{}},"size":0,"timeout":"15000ms"}`)
		s.formB(t, `{"query":{"match_all":{}},"size":0,"timeout":"15s"}`)
	})
	t.Run("query string at the limit", func(t *testing.T) {
		a := s.formB(t, `{"query":{"simple_query_string":{"query":"`+strings.Repeat("a", 4096)+`","fields":["body"]}}}`)
		wantTotal(t, a, 0, "eq")
		wantTotal(t, s.formA(t, `{"q":"`+strings.Repeat("b", 4096)+`"}`), 0, "eq")
	})
	t.Run("clauses at the limit", func(t *testing.T) {
		// The bool and 1023 match_all: 1024 clauses.
		wantTotal(t, s.formB(t, `{"query":{"bool":{"should":[`+strings.Repeat(`{"match_all":{}},`, 1022)+`{"match_all":{}}]}},"size":0}`), 40, "eq")
	})
	t.Run("depth at the limit", func(t *testing.T) {
		wantTotal(t, s.formB(t, `{"query":`+strings.Repeat(`{"bool":{"must":`, 19)+`{"match_all":{}}`+strings.Repeat(`}}`, 19)+`,"size":0}`), 40, "eq")
	})
	s.runErrors(t, []errorCase{
		{"size above 100", `{"query":{"match_all":{}},"size":101}`, 400, errAt(400, illegalArg, "[size] must be at most 100, found [101]", 1, 34)},
		{"size negative", `{"size":-1}`, 400, errAt(400, illegalArg, "[size] parameter cannot be negative, found [-1]", 1, 9)},
		{"size not an integer", `{"size":1.5}`, 400, errAt(400, illegalArg, "[size] must be an integer, got [1.5]", 1, 9)},
		{"from negative", `{"from":-5}`, 400, errAt(400, illegalArg, "[from] parameter cannot be negative, found [-5]", 1, 9)},
		{"window above 10000", `{"query":{"match_all":{}},"from":9950,"size":100}`, 400,
			errBody(400, illegalArg, "Result window is too large, from + size must be less than or equal to: [10000] but was [10050].")},
		{"window above 10000 with the default size", `{"from":9991}`, 400,
			errBody(400, illegalArg, "Result window is too large, from + size must be less than or equal to: [10000] but was [10001].")},
		{"page above 1000", `{"query":{"p":1001}}`, 400, errAt(400, illegalArg, "[query.p] page must be between 1 and 1000, found [1001]", 1, 15)},
		{"page 0", `{"query":{"q":"a","p":0}}`, 400, errAt(400, illegalArg, "[query.p] page must be between 1 and 1000, found [0]", 1, 23)},
		{"aggregation size above 100", `{"aggs":{"a":{"terms":{"field":"_index","size":101}}}}`, 400,
			errAt(400, illegalArg, "[size] must be at most 100, found [101] in [a]", 1, 48)},
		{"aggregation size 0", `{"aggs":{"a":{"terms":{"field":"_index","size":0}}}}`, 400,
			errAt(400, illegalArg, "[size] must be greater than 0. Found [0] in [a]", 1, 48)},
		{"aggregation on a text field", `{"aggs":{"a":{"terms":{"field":"body"}}}}`, 400,
			errAt(400, illegalArg, "[a] field [body] is of type [text]; aggregations work on _index and keyword fields only", 1, 32)},
		{"aggregation on a nested field", `{"aggs":{"a":{"terms":{"field":"sections.value"}}}}`, 400,
			errAt(400, illegalArg, "[a] field [sections.value] is inside the nested path [sections]; aggregations work on fields of whole records only", 1, 32)},
		{"aggregation on an unmapped field", `{"aggs":{"a":{"terms":{"field":"nope"}}}}`, 400,
			errAt(400, illegalArg, "[a] field [nope] is not mapped in any index; aggregations work on _index and keyword fields", 1, 32)},
		{"aggregation other than terms", `{"aggs":{"a":{"avg":{"field":"group_size"}}}}`, 400,
			errAt(400, parsing, "aggregation type [avg] of [a] is not supported by this API; only [terms] is", 1, 15)},
		{"timeout above 15000ms", `{"query":{"match_all":{}},"timeout":"15001ms"}`, 400,
			errAt(400, illegalArg, "[timeout] must be at most 15000ms, found [15001ms]", 1, 37)},
		{"timeout without unit", `{"query":{"match_all":{}},"timeout":"15000"}`, 400,
			errAt(400, illegalArg, "failed to parse setting [timeout] with value [15000] as a time value: unit is missing or unrecognized", 1, 37)},
		{"timeout as a number", `{"query":{"match_all":{}},"timeout":15000}`, 400,
			errAt(400, parsing, "[timeout] expected VALUE_STRING but found [VALUE_NUMBER]", 1, 37)},
		{"nested path other than sections", `{"query":{"nested":{"path":"parties","query":{"match_all":{}}}}}`, 400,
			errAt(400, illegalArg, "[nested] path must be [sections], the only nested path, found [parties]", 1, 28)},
		{"nested inside nested", `{"query":{"nested":{"path":"sections","query":{"nested":{"path":"sections","query":{"match_all":{}}}}}}}`, 400,
			errAt(400, illegalArg, "[nested] a nested query inside [sections] cannot search [sections] again", 1, 20)},
		{"inner hits window above 100", `{"query":{"nested":{"path":"sections","query":{"match_all":{}},"inner_hits":{"from":90,"size":20}}}}`, 400,
			errAt(400, illegalArg, "[inner_hits] from + size must be at most 100, found [110]", 1, 98)},
		{"query string above 4096 bytes", `{"query":{"simple_query_string":{"query":"` + strings.Repeat("a", 4097) + `"}}}`, 400,
			errAt(400, illegalArg, "[simple_query_string.query] is 4097 bytes long; at most 4096 are allowed", 1, 42)},
		{"q above 4096 bytes", `{"query":{"q":"` + strings.Repeat("b", 4097) + `"}}`, 400,
			errAt(400, illegalArg, "[query.q] is 4097 bytes long; at most 4096 are allowed", 1, 15)},
		{"clauses above 1024", `{"query":{"bool":{"should":[` + strings.Repeat(`{"match_all":{}},`, 1023) + `{"match_all":{}}]}}}`, 400,
			// The 1025th clause is the 1024th match_all, 28 + 1023·17 bytes in.
			errAt(400, illegalArg, "too many clauses: the request has more than 1024 (clauses, terms values, query string terms and aggregations count)", 1, 28+1023*17+2)},
		{"terms values above 1024", `{"query":{"terms":{"group_id":[` + strings.Repeat(`"x",`, 1024) + `"x"]}}}`, 400,
			errAt(400, illegalArg, "too many clauses: the request has more than 1024 (clauses, terms values, query string terms and aggregations count)", 1, 31+1023*4+1)},
		{"depth above 20", `{"query":` + strings.Repeat(`{"bool":{"must":`, 21) + `{"match_all":{}}` + strings.Repeat(`}}`, 21) + `}`, 400,
			// The 21st bool, 9 + 20·16 bytes in.
			errAt(400, illegalArg, "query is nested too deeply: more than 20 levels", 1, 9+20*16+2)},
		{"highlight field outside the searchable list", `{"query":{"match_all":{}},"highlight":{"fields":{"url":{}}}}`, 400,
			errAt(400, illegalArg, "[highlight.fields] field [url] cannot be highlighted; highlightable fields are [body category.name company.name jurisdiction.name jurisdiction.value name sections.name.raw sections.snippet sections.type snippet]", 1, 50)},
	})
	t.Run("body above 1 MiB", func(t *testing.T) {
		body := `{"query":{"q":"` + strings.Repeat("a", 1<<20) + `"}}`
		wantError(t, s.post(t, body), 413, errBody(413, "content_too_long_exception",
			fmt.Sprintf("request body is %d bytes; at most 1048576 are allowed", len(body))))
	})
	t.Run("body at 1 MiB is read", func(t *testing.T) {
		// Exactly 1 MiB passes the size check; the query string limit then
		// refuses it.
		pad := 1<<20 - len(`{"query":{"q":""}}`)
		a := s.post(t, `{"query":{"q":"`+strings.Repeat("c", pad)+`"}}`)
		wantError(t, a, 400, errAt(400, illegalArg, fmt.Sprintf("[query.q] is %d bytes long; at most 4096 are allowed", pad), 1, 15))
	})
}

// authentication: the token query parameter (spec "Authentication").
func (s *suite) authentication(t *testing.T) {
	missing := errBody(401, "security_exception", "missing authentication credentials for REST request: pass the API token as the token query parameter")
	wrong := errBody(401, "security_exception", "unable to authenticate the request: the API token is not valid")
	for _, c := range []struct{ name, query, want string }{
		{"missing token", "", missing},
		{"empty token", "?token=", missing},
		{"wrong token", "?token=guess", wrong},
		{"token with a different case", "?token=" + strings.ToUpper(conformanceToken), wrong},
		{"token prefix", "?token=" + conformanceToken[:len(conformanceToken)-1], wrong},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := s.send(t, "POST", "/api/v1alpha/search"+c.query, "application/json", `{"query":{"q":"royalties"}}`)
			wantError(t, a, 401, c.want)
		})
	}
	t.Run("no other credential is used", func(t *testing.T) {
		req := `{"query":{"q":"royalties"}}`
		a := s.send(t, "POST", "/api/v1alpha/search", "application/json", req)
		wantError(t, a, 401, missing)
		a = s.send(t, "POST", "/api/v1alpha/search?api_key="+conformanceToken, "application/json", req)
		wantError(t, a, 401, missing)
	})
	t.Run("checked before the body", func(t *testing.T) {
		wantError(t, s.send(t, "POST", "/api/v1alpha/search?token=guess", "application/json", `{not json`), 401, wrong)
	})
	t.Run("valid token", func(t *testing.T) {
		a := s.send(t, "POST", "/api/v1alpha/search?token="+conformanceToken, "application/json", `{"query":{"q":"royalties"}}`)
		if a.status != 200 {
			t.Errorf("%d %s", a.status, a.raw)
		}
	})
}

// errors: statuses and exact bodies of refused requests (malformed JSON,
// unknown members and clauses, wrong values, paths, methods, types).
func (s *suite) errors(t *testing.T) {
	s.runErrors(t, []errorCase{
		{"empty body", ``, 400, errBody(400, parsing, "request body is required")},
		{"body not an object", `[1,2]`, 400, errAt(400, parsing, "[body] expected START_OBJECT but found [START_ARRAY]", 1, 1)},
		{"malformed JSON: missing value", `{"query":}`, 400, errAt(400, xcontent, "[1:10] malformed request body: unexpected character '}'", 1, 10)},
		{"malformed JSON: truncated", `{"query":{"q":"a"`, 400, errAt(400, xcontent, "[1:18] malformed request body: unexpected end of input", 1, 18)},
		{"malformed JSON: trailing content", `{"query":{"q":"a"}} x`, 400, errAt(400, parsing, "unexpected content after the request body", 1, 21)},
		{"malformed JSON: on a later line", "{\n  \"query\": {\n    \"q\": \"a\",\n  }\n}", 400,
			errAt(400, xcontent, "[3:13] malformed request body: unexpected character ','", 3, 13)},
		{"duplicate member", `{"size":1,"size":2}`, 400, errAt(400, xcontent, "[1:11] malformed request body: duplicate field [size]", 1, 11)},
		{"unknown top-level member", `{"query":{"match_all":{}},"foo":"bar"}`, 400, errAt(400, parsing, "Unknown key for a VALUE_STRING in [foo].", 1, 27)},
		{"OpenSearch member not offered", `{"query":{"match_all":{}},"sort":["_score"]}`, 400,
			errAt(400, parsing, "[sort] is not supported by this API; the body may hold [query, post_filter, from, size, _source, highlight, aggs, timeout, profile, explain, track_total_hits, suggest]", 1, 27)},
		{"unknown query clause", `{"query":{"foo":{}}}`, 400, errAt(400, parsing, "unknown query [foo]", 1, 11)},
		{"query clause not offered", `{"query":{"match":{"body":"x"}}}`, 400,
			errAt(400, parsing, "query [match] is not supported by this API; queries are [bool, match_all, match_phrase, simple_query_string, term, terms, range, nested, rank_feature]", 1, 11)},
		{"query clause not offered inside bool", `{"query":{"bool":{"must":[{"wildcard":{"body":"x*"}}]}}}`, 400,
			errAt(400, parsing, "query [wildcard] is not supported by this API; queries are [bool, match_all, match_phrase, simple_query_string, term, terms, range, nested, rank_feature]", 1, 28)},
		{"query not an object", `{"query":"x"}`, 400, errAt(400, parsing, "[query] expected START_OBJECT but found [VALUE_STRING]", 1, 10)},
		{"empty clause", `{"query":{"bool":{"must":[{}]}}}`, 400, errAt(400, parsing, "query malformed, empty clause found", 1, 27)},
		{"bool without clause lists", `{"query":{"bool":{"minimum_should_match":1}}}`, 400,
			errAt(400, illegalArg, "[bool] query requires at least one of [must, should, filter, must_not]", 1, 18)},
		{"bool unknown member", `{"query":{"bool":{"must":[],"foo":1}}}`, 400, errAt(400, parsing, "[bool] query does not support [foo]", 1, 29)},
		{"match_phrase unknown member", `{"query":{"match_phrase":{"body":{"query":"a","analyzer":"english"}}}}`, 400,
			errAt(400, parsing, "[match_phrase] query does not support [analyzer]", 1, 47)},
		{"simple_query_string unknown flag", `{"query":{"simple_query_string":{"query":"a","flags":"AND|BOGUS"}}}`, 400,
			errAt(400, illegalArg, "Unknown simple_query_string flag [BOGUS]", 1, 54)},
		{"simple_query_string bad default_operator", `{"query":{"simple_query_string":{"query":"a","default_operator":"xor"}}}`, 400,
			errAt(400, illegalArg, "operator [xor] is not allowed; use [or] or [and]", 1, 65)},
		{"simple_query_string lenient not a boolean", `{"query":{"simple_query_string":{"query":"a","lenient":"maybe"}}}`, 400,
			errAt(400, parsing, "[simple_query_string.lenient] expected VALUE_BOOLEAN but found [VALUE_STRING]", 1, 56)},
		{"term with two fields", `{"query":{"term":{"a":"x","b":"y"}}}`, 400,
			errAt(400, parsing, "[term] query doesn't support multiple fields, found [a] and [b]", 1, 27)},
		{"terms lookup", `{"query":{"terms":{"group_id":{"index":"x","id":"1","path":"p"}}}}`, 400,
			errAt(400, parsing, "[terms] query for field [group_id] expects an array of values; terms lookup is not supported by this API", 1, 31)},
		{"nested bad score_mode", `{"query":{"nested":{"path":"sections","query":{"match_all":{}},"score_mode":"median"}}}`, 400,
			errAt(400, illegalArg, "illegal score_mode [median]; expected one of [avg, sum, max, min, none]", 1, 77)},
		{"nested inner_hits unknown member", `{"query":{"nested":{"path":"sections","query":{"match_all":{}},"inner_hits":{"sort":["_score"]}}}}`, 400,
			errAt(400, parsing, "[inner_hits] unknown field [sort]; allowed: [name, from, size, _source, highlight]", 1, 78)},
		{"rank_feature on another field", `{"query":{"rank_feature":{"field":"body"}}}`, 400,
			errAt(400, illegalArg, "[rank_feature] query only works on [rank_feature] fields; [body] is not one (use [weight_rank])", 1, 35)},
		{"highlight unknown member", `{"query":{"match_all":{}},"highlight":{"fields":{"body":{}},"encoder":"html"}}`, 400,
			errAt(400, parsing, "[highlight] unknown field [encoder]; allowed: [fields, order, pre_tags, post_tags, fragment_size, number_of_fragments]", 1, 61)},
		{"highlight pre_tags without post_tags", `{"query":{"match_all":{}},"highlight":{"fields":{"body":{}},"pre_tags":["<em>"]}}`, 400,
			errAt(400, illegalArg, "[highlight] pre_tags and post_tags must be given together", 1, 61)},
		{"profile not a boolean", `{"profile":"yes"}`, 400, errAt(400, parsing, "[profile] expected VALUE_BOOLEAN but found [VALUE_STRING]", 1, 12)},
		{"suggester other than term", `{"suggest":{"text":"x","s":{"phrase":{"field":"body"}}}}`, 400,
			errAt(400, parsing, "suggester [phrase] is not supported by this API; only [term] is", 1, 29)},
		{"Form A unknown member", `{"query":{"q":"a","foo":{}}}`, 400,
			errAt(400, parsing, "[query] unknown member [foo] of a simplified query; members are [q, _index, p, clause, definition, category, country, jurisdiction, industry, company, lawfirm, exhibit_id, filing_id, filing_type, source, filing_year]", 1, 19)},
		{"Form A unknown index", `{"query":{"q":"a","_index":"contracts"}}`, 400,
			errAt(400, illegalArg, "[query._index] unknown index [contracts]; indexes are [category clause company contract definition jurisdiction]", 1, 28)},
		{"Form A q not a string", `{"query":{"q":5}}`, 400, errAt(400, parsing, "[query.q] expected VALUE_STRING but found [VALUE_NUMBER]", 1, 15)},
		{"Form A with a structured member", `{"size":5,"query":{"q":"a"}}`, 400,
			errAt(400, parsing, "[size] cannot be combined with a simplified query (query.q, query._index, query.p and attribute filters); use a structured query instead", 1, 2)},
		{"Form A attribute not an object", `{"query":{"category":"license-agreement"}}`, 400,
			errAt(400, parsing, "[query.category] expected START_OBJECT but found [VALUE_STRING]", 1, 22)},
		{"Form A empty attribute value", `{"query":{"jurisdiction":{"":""}}}`, 400,
			errAt(400, illegalArg, "[query.jurisdiction] attribute values must not be empty", 1, 27)},
		{"Form A empty clause heading", `{"query":{"clause":{" ":"x"}}}`, 400, errAt(400, illegalArg, "[query.clause] headings must not be empty", 1, 21)},
		{"Form A filing_year unknown member", `{"query":{"filing_year":{"from":2010}}}`, 400,
			errAt(400, parsing, "[query.filing_year] unknown member [from]; members are [min, max]", 1, 26)},
		{"Form A filing_year not a year", `{"query":{"filing_year":{"min":"20x0"}}}`, 400,
			errAt(400, illegalArg, "[query.filing_year.min] must be an integer, got [20x0]", 1, 32)},
		{"Form A filing_year min above max", `{"query":{"filing_year":{"min":2015,"max":2010}}}`, 400,
			errAt(400, illegalArg, "[query.filing_year] min [2015] is greater than max [2010]", 1, 25)},
	})
	t.Run("unknown path: 404", func(t *testing.T) {
		for _, c := range []struct{ method, path string }{
			{"POST", "/api/v1alpha/nothing?token=" + conformanceToken},
			{"POST", "/api/v2/search?token=" + conformanceToken},
			{"GET", "/api/v1alpha"},
		} {
			a := s.send(t, c.method, c.path, "application/json", `{}`)
			uri := c.path
			if i := strings.IndexByte(uri, '?'); i >= 0 {
				uri = uri[:i]
			}
			wantError(t, a, 404, errBody(404, "no_handler_found_exception", fmt.Sprintf("no handler found for uri [%s] and method [%s]", uri, c.method)))
		}
	})
	t.Run("wrong method: 405", func(t *testing.T) {
		for _, m := range []string{"GET", "PUT", "DELETE"} {
			a := s.send(t, m, "/api/v1alpha/search?token="+conformanceToken, "application/json", `{}`)
			wantError(t, a, 405, errBody(405, "method_not_allowed_exception",
				fmt.Sprintf("Incorrect HTTP method for uri [/api/v1alpha/search] and method [%s], allowed: [OPTIONS, POST]", m)))
			if allow := a.header.Get("Allow"); allow != "OPTIONS, POST" {
				t.Errorf("%s: Allow %q", m, allow)
			}
		}
	})
	t.Run("content type other than JSON: 406", func(t *testing.T) {
		a := s.send(t, "POST", "/api/v1alpha/search?token="+conformanceToken, "text/plain", `{"query":{"q":"a"}}`)
		wantError(t, a, 406, errBody(406, "content_type_exception", "Content-Type header [text/plain] is not supported; send application/json"))
	})
	t.Run("content type absent, with a charset, or curl's default", func(t *testing.T) {
		for _, ct := range []string{"", "application/json; charset=utf-8", "application/x-www-form-urlencoded"} {
			a := s.send(t, "POST", "/api/v1alpha/search?token="+conformanceToken, ct, `{"query":{"exhibit_id":{"EX-10.4":""}}}`)
			if a.status != 200 {
				t.Errorf("Content-Type %q: %d %s", ct, a.status, a.raw)
				continue
			}
			wantIDs(t, a, "contract:en/c04")
		}
	})
	t.Run("no stack trace or Go error text", func(t *testing.T) {
		for _, body := range []string{`{"query":{"q":"\ud800"}}`, "{\"query\":{\"q\":\"\xff\"}}", `{"query":{"bool":{"must":[null]}}}`, `{"size":1e400}`} {
			a := s.post(t, body)
			if a.status != 400 && a.status != 200 {
				t.Errorf("%s: status %d %s", body, a.status, a.raw)
			}
			if a.status == 400 && (!strings.HasPrefix(a.raw, `{"error":{"root_cause":[{"type":"`) || strings.Contains(a.raw, "goroutine") || strings.Contains(a.raw, ".go:")) {
				t.Errorf("%s: error body %s", body, a.raw)
			}
		}
	})
}
