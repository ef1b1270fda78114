package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

const token = "integration-token-9f2c"

const aliases = "/cs-category,cs-clause,cs-company,cs-contract,cs-definition,cs-jurisdiction/_search"

// clusterAnswer is what the fake cluster answers to a search: concrete,
// versioned index names everywhere, as a real cluster answers.
const clusterAnswer = `{"took":5,"timed_out":false,"_shards":{"total":6,"successful":6,"skipped":0,"failed":0},` +
	`"hits":{"total":{"value":2,"relation":"eq"},"max_score":2.0794415,"hits":[` +
	`{"_index":"cs-contract-20261122t000000z","_id":"en/1","_score":2.0794415,"_source":{"name":"Exclusive Licence Agreement"},` +
	`"highlight":{"body":["an <b>exclusive</b> <b>licence</b>"]},"inner_hits":{"clause:Governing Law":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.5,` +
	`"hits":[{"_index":"cs-contract-20261122t000000z","_id":"en/1","_nested":{"field":"sections","offset":3},"_score":1.5,"_source":{"type":"clause","name":"Governing Law"}}]}}}},` +
	`{"_index":"cs-clause-20261122t000000z","_id":"en/governing-law#ab12","_score":0.2876821,"_source":{"name":"Governing Law"}}]},` +
	`"aggregations":{"_index":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"cs-contract-20261122t000000z","doc_count":7},{"key":"cs-clause-20261122t000000z","doc_count":3}]},` +
	`"category":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"license-agreement","doc_count":4}]}},` +
	`"suggest":{"suggestions":[{"text":"licence","offset":0,"length":7,"options":[{"text":"license","score":0.85714287,"freq":12}]}]}}`

// answerSearches answers searches with clusterAnswer and everything else
// (readiness) with an empty object.
func answerSearches(r recorded) (int, string) {
	if strings.HasSuffix(r.Path, "/_search") {
		if strings.Contains(string(r.Body), `"by_index"`) {
			// Name the aggregation as requested, as a cluster does.
			return 200, strings.Replace(clusterAnswer, `"aggregations":{"_index":`, `"aggregations":{"by_index":`, 1)
		}
		return 200, clusterAnswer
	}
	return 200, `{}`
}

func baseEnv(clusterURL string) map[string]string {
	return map[string]string{
		"API_TOKENS": "other," + token, "SEARCH_BACKEND": "opensearch",
		"OPENSEARCH_URLS": clusterURL, "OPENSEARCH_INDEX_PREFIX": "cs-",
	}
}

var tookRE = regexp.MustCompile(`^\{"took":\d+,`)

// TestForwarding checks, for requests of both forms, the exact body and
// path the cluster receives and the exact answer the client gets.
func TestForwarding(t *testing.T) {
	fc := newFakeCluster(t, answerSearches)
	g := startGateway(t, baseEnv(fc.URL))
	tests := []struct {
		name, request, forwarded, answer string
	}{
		{
			name:    "form A",
			request: `{"query":{"q":"licence +exclusive","_index":"contract","p":2,"jurisdiction":{"new-york-us":""},"clause":{"Governing Law":"New York"},"filing_year":{"min":"2010"}}}`,
			// q expands to the base query (boost 0.5) and the ranking
			// signals of dsl.textQuery: the best section (any word, heading
			// doubled), the best section with every word, every word in the
			// record, the sections of the clause type q names ("licence":
			// license-grant), the words near each other in a section and in
			// the body (two words), then weight_rank at the text boost 10.
			// The clause filter also matches sections typed as its heading.
			forwarded: `{"from":10,"size":10,"timeout":"15000ms","query":{"bool":{"must":[` +
				`{"simple_query_string":{"query":"licence +exclusive","fields":["name","snippet","body","company.name","jurisdiction.name","category.name"],"default_operator":"or","boost":0.5}},` +
				`{"nested":{"path":"sections","query":{"bool":{"must":[{"simple_query_string":{"query":"New York","fields":["sections.snippet"],"default_operator":"and"}}],` +
				`"filter":[{"term":{"sections.type":"clause"}},{"bool":{"should":[{"term":{"sections.value":"governing law"}},{"term":{"sections.clause_type":"governing-law"}}]}}]}},` +
				`"ignore_unmapped":true,"inner_hits":{"name":"clause:Governing Law"}}}],` +
				`"filter":[{"term":{"jurisdiction.value":"new-york-us"}},{"range":{"filing_date":{"gte":"2010-01-01"}}}],` +
				`"should":[` +
				`{"nested":{"path":"sections","query":{"simple_query_string":{"query":"licence +exclusive","fields":["sections.snippet","sections.name^2"],"default_operator":"or"}},"score_mode":"max","ignore_unmapped":true,"boost":2}},` +
				`{"nested":{"path":"sections","query":{"simple_query_string":{"query":"licence +exclusive","fields":["sections.snippet","sections.name"],"default_operator":"and"}},"score_mode":"max","ignore_unmapped":true,"boost":4}},` +
				`{"simple_query_string":{"query":"licence +exclusive","fields":["name","snippet","body","company.name","jurisdiction.name","category.name"],"default_operator":"and","boost":2}},` +
				`{"nested":{"path":"sections","query":{"bool":{"must":[{"match_all":{}}],"filter":[{"terms":{"sections.clause_type":["exclusivity","license-grant"]}}]}},"score_mode":"sum","ignore_unmapped":true,"inner_hits":{"name":"clause:Exclusivity, License Grant"},"boost":32}},{"nested":{"path":"sections","query":{"bool":{"must":[{"simple_query_string":{"query":"licence +exclusive","fields":["sections.snippet","sections.name^2"],"default_operator":"or"}}],"filter":[{"terms":{"sections.clause_type":["exclusivity","license-grant"]}}]}},"score_mode":"max","ignore_unmapped":true,"boost":4}},` +
				`{"nested":{"path":"sections","query":{"match_phrase":{"sections.snippet":{"query":"licence exclusive","slop":2}}},"score_mode":"max","ignore_unmapped":true,"boost":2}},` +
				`{"rank_feature":{"field":"weight_rank","boost":10,"saturation":{"pivot":16}}}]}},` +
				`"post_filter":{"term":{"_index":"cs-contract"}},` +
				`"aggs":{"_index":{"terms":{"field":"_index","size":10}},"category":{"terms":{"field":"category.value","size":10}}},` +
				`"highlight":{"pre_tags":["<b>"],"post_tags":["</b>"],"fields":{"body":{},"jurisdiction.name":{},"name":{},"snippet":{}}},` +
				`"_source":["name","snippet","url","category","company","filing_date","industry","jurisdiction","group_id","group_size"],` +
				`"suggest":{"text":"licence +exclusive","suggestions":{"term":{"field":"body","suggest_mode":"missing"}}}}`,
			answer: `"timed_out":false,"_shards":{"total":6,"successful":6,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"eq"},"max_score":2.0794415,"hits":[` +
				`{"_index":"contract","_id":"en/1","_score":2.0794415,"_source":{"name":"Exclusive Licence Agreement"},"highlight":{"body":["an <b>exclusive</b> <b>licence</b>"]},` +
				`"inner_hits":{"clause:Governing Law":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.5,"hits":[{"_index":"contract","_id":"en/1","_nested":{"field":"sections","offset":3},"_score":1.5,"_source":{"type":"clause","name":"Governing Law"}}]}}}},` +
				`{"_index":"clause","_id":"en/governing-law#ab12","_score":0.2876821,"_source":{"name":"Governing Law"}}]},` +
				`"aggregations":{"_index":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"contract","doc_count":7},{"key":"clause","doc_count":3}]},` +
				`"category":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"license-agreement","doc_count":4}]}},` +
				`"suggest":{"suggestions":[{"text":"licence","offset":0,"length":7,"options":[{"text":"license","score":0.85714287,"freq":12}]}]},"queryTokens":[],"size":10}`,
		},
		{
			name:    "form B",
			request: `{"query":{"bool":{"should":[{"match_all":{}},{"rank_feature":{"field":"weight_rank","boost":50,"saturation":{"pivot":16}}}],"filter":[{"terms":{"_index":["contract","clause"]}}]}},"post_filter":{"term":{"_index":"contract"}},"size":2,"timeout":"15000ms","_source":["name"],"aggs":{"by_index":{"terms":{"field":"_index","size":10}}}}`,
			forwarded: `{"size":2,"timeout":"15000ms","query":{"bool":{"filter":[{"terms":{"_index":["cs-contract","cs-clause"]}}],"should":[{"match_all":{}},{"rank_feature":{"field":"weight_rank","boost":50,"saturation":{"pivot":16}}}]}},` +
				`"post_filter":{"term":{"_index":"cs-contract"}},"aggs":{"by_index":{"terms":{"field":"_index","size":10}}},"_source":["name"]}`,
			answer: `"timed_out":false,"_shards":{"total":6,"successful":6,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"eq"},"max_score":2.0794415,"hits":[` +
				`{"_index":"contract","_type":"_doc","_id":"en/1","_score":2.0794415,"_source":{"name":"Exclusive Licence Agreement"},"highlight":{"body":["an <b>exclusive</b> <b>licence</b>"]},` +
				`"inner_hits":{"clause:Governing Law":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.5,"hits":[{"_index":"contract","_id":"en/1","_nested":{"field":"sections","offset":3},"_score":1.5,"_source":{"type":"clause","name":"Governing Law"}}]}}}},` +
				`{"_index":"clause","_type":"_doc","_id":"en/governing-law#ab12","_score":0.2876821,"_source":{"name":"Governing Law"}}]},` +
				`"aggregations":{"by_index":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"contract","doc_count":7},{"key":"clause","doc_count":3}]}},` +
				`"suggest":{"suggestions":[{"text":"licence","offset":0,"length":7,"options":[{"text":"license","score":0.85714287,"freq":12}]}]}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(fc.searches())
			status, _, body := g.post(t, "?token="+token, tt.request)
			if status != 200 {
				t.Fatalf("status %d: %s", status, body)
			}
			s := fc.searches()
			if len(s) != before+1 {
				t.Fatalf("cluster got %d searches, want 1", len(s)-before)
			}
			got := s[len(s)-1]
			if got.Method != "POST" || got.Path != aliases || got.Query != "" {
				t.Errorf("forwarded to %s %s?%s, want POST %s", got.Method, got.Path, got.Query, aliases)
			}
			if string(got.Body) != tt.forwarded {
				t.Errorf("forwarded body\n%s\nwant\n%s", got.Body, tt.forwarded)
			}
			if !tookRE.MatchString(body) || tookRE.ReplaceAllString(body, "") != tt.answer {
				t.Errorf("answer\n%s\nwant {\"took\":N,%s", body, tt.answer)
			}
		})
	}
	if strings.Contains(g.output.String(), token) {
		t.Errorf("token in the gateway's output:\n%s", g.output)
	}
}

func errorBody(status int, typ, reason string) string {
	b, _ := json.Marshal(reason)
	return fmt.Sprintf(`{"error":{"root_cause":[{"type":%q,"reason":%s}],"type":%q,"reason":%s},"status":%d}`, typ, b, typ, b, status)
}

// TestErrors checks statuses and exact bodies of every failure the gateway
// answers itself or passes through.
func TestErrors(t *testing.T) {
	osError := `{"error":{"root_cause":[{"type":"query_shard_exception","reason":"failed to create query: x","index":"cs-contract-20261122t000000z"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query"},"status":400}`
	fc := newFakeCluster(t, func(r recorded) (int, string) {
		if strings.Contains(string(r.Body), "shard-error") {
			return 400, osError
		}
		return answerSearches(r)
	})
	env := baseEnv(fc.URL)
	env["RATE_LIMIT_RPS"], env["RATE_LIMIT_BURST"] = "0.001", "1000"
	g := startGateway(t, env)

	tests := []struct {
		name, query, body string
		status            int
		want              string
	}{
		{"missing token", "", `{"query":{"q":"a"}}`, 401, errorBody(401, "security_exception", "missing authentication credentials for REST request: pass the API token as the token query parameter")},
		{"wrong token", "?token=guess", `{"query":{"q":"a"}}`, 401, errorBody(401, "security_exception", "unable to authenticate the request: the API token is not valid")},
		{"malformed JSON", "?token=" + token, `{"query":{"q":"a"}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:19] malformed request body: unexpected end of input","line":1,"col":19}],"type":"x_content_parse_exception","reason":"[1:19] malformed request body: unexpected end of input","line":1,"col":19},"status":400}`},
		{"not in the whitelist", "?token=" + token, `{"query":{"script":{"source":"1"}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"query [script] is not supported by this API; queries are [bool, match_all, match_phrase, simple_query_string, term, terms, range, nested, rank_feature]","line":1,"col":11}],"type":"parsing_exception","reason":"query [script] is not supported by this API; queries are [bool, match_all, match_phrase, simple_query_string, term, terms, range, nested, rank_feature]","line":1,"col":11},"status":400}`},
		{"body too large", "?token=" + token, `{"query":{"q":"` + strings.Repeat("a", 1<<20) + `"}}`, 413,
			errorBody(413, "content_too_long_exception", "request body is 1048594 bytes; at most 1048576 are allowed")},
		{"cluster error passed through", "?token=" + token, `{"query":{"term":{"group_id":"shard-error"}}}`, 400, osError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, _, body := g.post(t, tt.query, tt.body)
			if status != tt.status || body != tt.want {
				t.Errorf("got %d %s\nwant %d %s", status, body, tt.status, tt.want)
			}
		})
	}
	if n := len(fc.searches()); n != 1 {
		t.Errorf("cluster got %d searches; only the passthrough case should reach it", n)
	}
	t.Run("rate limited", func(t *testing.T) {
		// The bucket of 1000 minus the requests above is nearly full; drain it.
		var status int
		var hdr http.Header
		var body string
		for i := 0; i < 1100 && status != 429; i++ {
			status, hdr, body = g.post(t, "?token=other", `{"query":{"match_all":{}},"size":0}`)
		}
		if status != 429 || hdr.Get("Retry-After") == "" || !strings.Contains(body, `"type":"too_many_requests_exception"`) {
			t.Errorf("got %d Retry-After=%q %s", status, hdr.Get("Retry-After"), body)
		}
	})
	if strings.Contains(g.output.String(), token) || strings.Contains(g.output.String(), "guess") {
		t.Errorf("a token reached the gateway's output")
	}
}

// TestUnreachableCluster checks the 503 answers when OpenSearch is down.
func TestUnreachableCluster(t *testing.T) {
	env := baseEnv("http://" + freePort(t)) // nothing listens there
	g := startGateway(t, env)
	status, _, body := g.post(t, "?token="+token, `{"query":{"q":"a"}}`)
	if want := errorBody(503, "backend_unavailable", "the search backend is unavailable; retry later"); status != 503 || body != want {
		t.Errorf("got %d %s", status, body)
	}
	resp, err := http.Get(g.URL + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 503 {
		t.Errorf("readyz %d with the cluster down", resp.StatusCode)
	}
}

// TestGracefulShutdown sends SIGTERM while a slow search is in flight: the
// search completes, then the process exits cleanly.
func TestGracefulShutdown(t *testing.T) {
	fc := newFakeCluster(t, func(r recorded) (int, string) {
		if strings.HasSuffix(r.Path, "/_search") {
			time.Sleep(1500 * time.Millisecond)
		}
		return answerSearches(r)
	})
	g := startGateway(t, baseEnv(fc.URL))
	type result struct {
		status int
		body   string
	}
	res := make(chan result, 1)
	go func() {
		status, _, body := g.post(t, "?token="+token, `{"query":{"match_all":{}}}`)
		res <- result{status, body}
	}()
	for len(fc.searches()) == 0 {
		time.Sleep(10 * time.Millisecond)
	}
	if err := g.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	r := <-res
	if r.status != 200 {
		t.Errorf("in-flight request got %d %s", r.status, r.body)
	}
	select {
	case err := <-g.done:
		if err != nil {
			t.Errorf("exit: %v\n%s", err, g.output)
		}
		g.done <- err // for the cleanup
	case <-time.After(10 * time.Second):
		t.Fatal("gateway did not exit after SIGTERM")
	}
	if !strings.Contains(g.output.String(), `"msg":"gateway stopped"`) {
		t.Errorf("no shutdown log:\n%s", g.output)
	}
}

// TestStartupRefusals checks that a misconfigured gateway refuses to start
// with a message naming the variable.
func TestStartupRefusals(t *testing.T) {
	tests := []struct {
		name string
		env  []string
		want string
	}{
		{"no token", nil, "no API token configured: set API_TOKENS"},
		{"bad backend", []string{"API_TOKENS=t", "SEARCH_BACKEND=solr"}, `SEARCH_BACKEND must be "embedded" or "opensearch"`},
		{"embedded without an index", []string{"API_TOKENS=t", "INDEX_DIR=" + t.TempDir()}, "holds no index; build one with"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(gatewayBin)
			cmd.Env = append([]string{"LISTEN_ADDR=" + freePort(t)}, tt.env...)
			out, err := cmd.CombinedOutput()
			if err == nil || !strings.Contains(string(out), tt.want) {
				t.Errorf("err %v, output %s", err, out)
			}
		})
	}
	t.Run("dev mode prints a token", func(t *testing.T) {
		fc := newFakeCluster(t, answerSearches)
		g := startGateway(t, map[string]string{"DEV_MODE": "true", "SEARCH_BACKEND": "opensearch", "OPENSEARCH_URLS": fc.URL})
		m := regexp.MustCompile(`generated API token: (dev-[0-9a-f]+)`).FindStringSubmatch(g.output.String())
		if m == nil {
			t.Fatalf("no token printed:\n%s", g.output)
		}
		if status, _, body := g.post(t, "?token="+m[1], `{"query":{"q":""}}`); status != 200 {
			t.Errorf("generated token refused: %d %s", status, body)
		}
	})
}
