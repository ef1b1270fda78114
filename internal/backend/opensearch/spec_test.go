package opensearch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/backend/opensearch/opensearchtest"
	"github.com/contractsearch/contractsearch/internal/backend/opensearch/osspec"
	"github.com/contractsearch/contractsearch/internal/democorpus"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/ingest"
	"github.com/contractsearch/contractsearch/internal/parity"
	"github.com/contractsearch/contractsearch/internal/relevance"
	"github.com/contractsearch/contractsearch/mappings"
)

// The bodies the backend sends, checked against OpenSearch's published API
// specification (../shared/opensearch-api-spec; see package osspec), both
// as published and with objects closed, so a member the specification
// does not describe is caught as OpenSearch's parsers would catch it. The
// conformance suite's bodies and the gateway's answers are checked in
// integration/ (TestConformance).

// specCase is one client request of a corpus.
type specCase struct {
	id   string
	body string
}

// searchCorpus returns the client requests of the repository's query
// corpora that the gateway accepts: the parity query set, the DSL golden
// files and the relevance query set (as Form A).
func searchCorpus(t *testing.T) []specCase {
	t.Helper()
	var cases []specCase
	for _, q := range parity.QuerySet() {
		cases = append(cases, specCase{"parity " + q.ID, string(q.Body)})
	}
	goldens, err := filepath.Glob("../../dsl/testdata/*.golden")
	if err != nil || len(goldens) == 0 {
		t.Fatalf("no DSL golden files: %v", err)
	}
	for _, file := range goldens {
		cases = append(cases, goldenRequests(t, file)...)
	}
	rel, err := relevance.CUADQueries()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range rel {
		body, _ := json.Marshal(map[string]any{"query": map[string]string{"q": q.Q}})
		cases = append(cases, specCase{"relevance " + q.ID, string(body)})
	}
	return cases
}

// goldenRequests returns the requests of a DSL golden file (see
// internal/dsl/golden_test.go for the format: "# name", the request, a
// "----" line, the expected output; cases separated by blank lines).
func goldenRequests(t *testing.T, file string) []specCase {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []specCase
	for _, block := range strings.Split(strings.TrimSpace(string(raw)), "\n\n#") {
		block = strings.TrimPrefix(strings.TrimSpace(block), "#")
		name, rest, _ := strings.Cut(block, "\n")
		input, _, _ := strings.Cut(rest, "\n----")
		out = append(out, specCase{filepath.Base(file) + " " + strings.TrimSpace(name), input})
	}
	return out
}

// emptyAnswer is a search answer the backend decodes: what the fake cluster
// answers every search with.
const emptyAnswer = `{"took":1,"timed_out":false,"_shards":{"total":6,"successful":6,"skipped":0,"failed":0},` +
	`"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`

// TestSearchBodiesMatchSpec sends every accepted request of the query
// corpora through Backend.Search to a recording fake cluster and checks
// each body the cluster received against the specification's request body
// of POST /{index}/_search.
func TestSearchBodiesMatchSpec(t *testing.T) {
	spec := osspec.ForTest(t)
	fake := newScripted(t, answer(http.StatusOK, emptyAnswer))
	b := newTestBackend(t, fake.URL, nil)
	set, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	parser, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), set)
	if err != nil {
		t.Fatal(err)
	}
	cases := searchCorpus(t)
	sent, forms := 0, map[dsl.Form]int{}
	for _, c := range cases {
		parsed, err := parser.Parse([]byte(c.body))
		if err != nil {
			continue // refused by the gateway: never reaches the cluster
		}
		before := len(fake.requests())
		if _, err := b.Search(context.Background(), &backend.Request{Search: parsed.Search}); err != nil {
			t.Errorf("%s: search: %v", c.id, err)
			continue
		}
		// Usually one request; a connection that failed before the answer
		// is sent once more (Backend.call), and both bodies were sent.
		reqs := fake.requests()[before:]
		if len(reqs) == 0 {
			t.Fatalf("%s: the cluster got no request", c.id)
		}
		sent++
		forms[parsed.Form]++
		for _, r := range reqs {
			checkBody(t, c.id+": the search body sent", spec.SearchRequest, []byte(r.Body))
		}
	}
	// The corpora are large; a parser change that refused most of them
	// would make this test check little.
	if sent < 500 || forms[dsl.FormA] < 150 || forms[dsl.FormB] < 300 {
		t.Errorf("only %d bodies sent (Form A %d, Form B %d) of %d requests", sent, forms[dsl.FormA], forms[dsl.FormB], len(cases))
	}
	t.Logf("%d search bodies checked (Form A %d, Form B %d) from %d corpus requests", sent, forms[dsl.FormA], forms[dsl.FormB], len(cases))
}

// TestIngestBodiesMatchSpec runs two ingests (the conformance fixture, then
// what the ingest pipeline makes of a demo corpus, so the second alias
// switch also removes) against the in-memory cluster and checks every
// request body: index creation from mappings/ and the index names, the
// _aliases switches, and every line of every _bulk body.
func TestIngestBodiesMatchSpec(t *testing.T) {
	spec := osspec.ForTest(t)
	cluster := opensearchtest.New(t)
	b := newTestBackend(t, cluster.URL, func(c *Config) { c.BulkBatchBytes = 64 << 10 })

	fixture, err := os.ReadFile("../../../integration/testdata/conformance.ndjson")
	if err != nil {
		t.Fatal(err)
	}
	for i, bulk := range [][]byte{fixture, demoBulk(t)} {
		rep, err := b.Ingest(context.Background(), bytes.NewReader(bulk), IngestOptions{Version: fmt.Sprintf("20261122t10150%dz", i)})
		if err != nil || !rep.Switched {
			t.Fatalf("ingest %d: %v %+v", i, err, rep)
		}
	}

	counts := map[string]int{}
	for _, r := range cluster.Requests() {
		switch {
		case r.Method == http.MethodPut:
			counts["create"]++
			index := strings.TrimPrefix(r.Path, "/")
			name, _ := json.Marshal(index)
			checkBody(t, "index name "+index, spec.IndexName, name)
			checkBody(t, "PUT "+r.Path, spec.CreateIndexRequest, []byte(r.Body))
		case r.Method == http.MethodPost && r.Path == "/_aliases":
			counts["aliases"]++
			checkBody(t, "POST /_aliases", spec.UpdateAliasesRequest, []byte(r.Body))
			if !strings.Contains(r.Body, `"remove"`) && counts["aliases"] > 1 {
				t.Errorf("the second switch removes nothing: %s", r.Body)
			}
		case r.Method == http.MethodPost && r.Path == "/_bulk":
			counts["bulk"]++
			lines := strings.Split(strings.TrimSuffix(r.Body, "\n"), "\n")
			items := make([]json.RawMessage, len(lines))
			for i, line := range lines {
				items[i] = json.RawMessage(line)
				if i%2 == 0 {
					counts["action"]++
					checkBody(t, fmt.Sprintf("bulk batch %d line %d", counts["bulk"], i+1), spec.BulkAction, []byte(line))
				}
			}
			all, err := json.Marshal(items)
			if err != nil {
				t.Fatalf("bulk batch %d is not NDJSON: %v", counts["bulk"], err)
			}
			checkBody(t, fmt.Sprintf("bulk batch %d", counts["bulk"]), spec.BulkRequest, all)
		}
	}
	names := len(mappings.Names())
	if counts["create"] != 2*names || counts["aliases"] != 2 || counts["bulk"] < 3 || counts["action"] < 200 {
		t.Errorf("requests checked: %v", counts)
	}
	t.Logf("requests checked: %v", counts)
}

// demoBulk is the bulk NDJSON the ingest pipeline writes for a small demo
// corpus.
func demoBulk(t *testing.T) []byte {
	t.Helper()
	dc, err := democorpus.Generate(democorpus.Options{N: 40, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := dc.Write(dir); err != nil {
		t.Fatal(err)
	}
	corpus, err := ingest.Build(context.Background(), dir, ingest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := corpus.WriteBulk(context.Background(), &out, nil); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// checkBody validates doc against sc, as published and closed.
func checkBody(t *testing.T, what string, sc *osspec.Schema, doc []byte) {
	t.Helper()
	if err := sc.Validate(doc); err != nil {
		t.Errorf("%s does not match the specification:\n%s\n%v", what, clipBody(doc), err)
	} else if err := sc.Strict(doc); err != nil {
		t.Errorf("%s has members the specification does not describe:\n%s\n%v", what, clipBody(doc), err)
	}
}

func clipBody(b []byte) []byte {
	if len(b) > 2000 {
		return append(b[:2000:2000], "…"...)
	}
	return b
}
