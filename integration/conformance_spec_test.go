package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/backend/opensearch"
	"github.com/contractsearch/contractsearch/internal/backend/opensearch/osspec"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/mappings"
)

// The conformance suite checked against OpenSearch's published API
// specification (../shared/opensearch-api-spec; see package osspec): the
// gateway's answers against the search response schema, and what the
// OpenSearch backend forwards for the suite's requests against the search
// request schema. Both as published and with objects closed, so a member
// the specification does not describe is caught.

// exchange is one request of the suite and the gateway's answer.
type exchange struct {
	method, target string
	reqHeader      http.Header
	body           string
	status         int
	header         http.Header
	raw            string
}

// isSearch reports whether the exchange is a search request.
func (e exchange) isSearch() bool {
	return e.method == http.MethodPost && strings.HasPrefix(e.target, "/api/v1alpha/search")
}

// exchangeLog collects a suite's exchanges.
type exchangeLog struct {
	mu   sync.Mutex
	list []exchange
}

func (l *exchangeLog) add(e exchange) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.list = append(l.list, e)
}

func (l *exchangeLog) all() []exchange {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]exchange(nil), l.list...)
}

// formAAdditions are the members the gateway adds to an OpenSearch search
// answer for a simplified query (Form A), as the service's specification
// documents them (search-api.md, "Search response envelope"; DESIGN.md
// §5: "response adds queryTokens: [] and size: 10"). They are not
// OpenSearch's, so they are taken out before the answer is checked;
// checkEnvelope checks their values.
var formAAdditions = []string{"queryTokens", "size"}

// checkAnswers checks every successful answer of the suite against the
// specification's 200 answer of POST /{index}/_search, Form A answers
// without the gateway's documented additions. Each aggregation result is
// checked against the result of a terms aggregation of a string field
// (the alternative OpenSearch names "sterms" with typed_keys), as the
// gateway allows terms aggregations of _index and keyword fields only;
// the rest of the answer against the whole answer's schema.
func (s *suite) checkAnswers(t *testing.T) {
	spec := osspec.ForTest(t)
	parser := conformanceParser(t)
	checked := map[dsl.Form]int{}
	for _, e := range s.log.all() {
		if e.status != http.StatusOK || !e.isSearch() {
			continue
		}
		parsed, err := parser.Parse([]byte(e.body))
		if err != nil {
			t.Errorf("answered 200, but the request does not parse: %v\n%s", err, clip(e.body))
			continue
		}
		var doc map[string]json.RawMessage
		if err := json.Unmarshal([]byte(e.raw), &doc); err != nil {
			t.Errorf("answer is not a JSON object: %v\n%s", err, clip(e.raw))
			continue
		}
		if parsed.Form == dsl.FormA {
			for _, k := range formAAdditions {
				if _, ok := doc[k]; !ok {
					t.Errorf("Form A answer without %s:\n%s", k, clip(e.raw))
				}
				delete(doc, k)
			}
		}
		if aggs, ok := doc["aggregations"]; ok {
			var byName map[string]json.RawMessage
			if err := json.Unmarshal(aggs, &byName); err != nil {
				t.Errorf("aggregations is not an object: %v\n%s", err, clip(e.raw))
			}
			for name, result := range byName {
				checkDoc(t, "aggregation "+name+" of the answer to "+clip(e.body), spec.StringTermsAggregate, result)
			}
			delete(doc, "aggregations")
		}
		raw, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		checked[parsed.Form]++
		checkDoc(t, "the answer to "+clip(e.body), spec.SearchResponse, raw)
	}
	// The suite answers a few hundred requests of each form; far fewer
	// means the log missed them, and this check would check little.
	if checked[dsl.FormA] < 50 || checked[dsl.FormB] < 100 {
		t.Errorf("checked %d Form A and %d Form B answers", checked[dsl.FormA], checked[dsl.FormB])
	}
	t.Logf("%d Form A and %d Form B answers checked", checked[dsl.FormA], checked[dsl.FormB])
}

// emptySearchAnswer is what the fake cluster answers every search with in
// checkForwarded: only the bodies it receives matter there.
const emptySearchAnswer = `{"took":1,"timed_out":false,"_shards":{"total":6,"successful":6,"skipped":0,"failed":0},` +
	`"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`

// checkForwarded runs every request of the suite that the gateway accepts
// through the OpenSearch backend, as the gateway does (its parser, then
// Backend.Search over all six indexes), in front of a recording fake
// cluster, and checks each search body the cluster receives against the
// specification's request body of POST /{index}/_search. In process
// rather than through a second gateway: the gateway hands the parsed
// request to the backend unchanged, and its race-enabled binary would take
// seconds for the few hundred requests.
func (s *suite) checkForwarded(t *testing.T) {
	spec := osspec.ForTest(t)
	parser := conformanceParser(t)
	fc := newFakeCluster(t, func(r recorded) (int, string) {
		if strings.HasSuffix(r.Path, "/_search") {
			return 200, emptySearchAnswer
		}
		return 200, `{}`
	})
	set, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	b, err := opensearch.New(opensearch.Config{URLs: []string{fc.URL}, IndexPrefix: "conf-"}, set)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	seen := map[string]bool{}
	for _, e := range s.log.all() {
		if !e.isSearch() || seen[e.body] {
			continue
		}
		seen[e.body] = true
		parsed, err := parser.Parse([]byte(e.body))
		if err != nil {
			continue // refused by the gateway: nothing forwarded
		}
		before := len(fc.searches())
		if _, err := b.Search(context.Background(), &backend.Request{Indexes: mappings.Names(), Search: parsed.Search}); err != nil {
			t.Errorf("search %s: %v", clip(e.body), err)
			continue
		}
		// Usually one search; a connection that failed before the answer
		// is sent once more, and both bodies were sent.
		got := fc.searches()[before:]
		if len(got) == 0 {
			t.Fatalf("the cluster got no search for %s", clip(e.body))
		}
		for _, r := range got {
			checkDoc(t, "the body forwarded for "+clip(e.body), spec.SearchRequest, r.Body)
		}
	}
	if n := len(fc.searches()); n < 200 {
		t.Errorf("only %d of the suite's %d distinct requests forwarded", n, len(seen))
	}
	t.Logf("%d forwarded bodies checked (%d distinct requests)", len(fc.searches()), len(seen))
}

// checkDoc checks doc against sc, as published and closed.
func checkDoc(t *testing.T, what string, sc *osspec.Schema, doc []byte) {
	t.Helper()
	if err := sc.Validate(doc); err != nil {
		t.Errorf("%s does not match the specification:\n%s\n%v", what, clip(string(doc)), err)
	} else if err := sc.Strict(doc); err != nil {
		t.Errorf("%s has members the specification does not describe:\n%s\n%v", what, clip(string(doc)), err)
	}
}

// conformanceParser is the gateway's parser as the suite's gateways are
// configured (default limits and Form A options), to tell which requests
// it accepts and of which form they are.
func conformanceParser(t *testing.T) *dsl.Parser {
	t.Helper()
	set, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	p, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), set)
	if err != nil {
		t.Fatal(fmt.Errorf("parser: %w", err))
	}
	return p
}
