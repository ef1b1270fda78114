package integration

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/testcontainers/testcontainers-go"
	tcopensearch "github.com/testcontainers/testcontainers-go/modules/opensearch"

	"github.com/contractsearch/contractsearch/internal/backend/opensearch"
	"github.com/contractsearch/contractsearch/mappings"
)

// openSearchImage is the image the test starts; OPENSEARCH_VERSION picks
// another 3.x release (the same variable docker-compose.yml reads).
func openSearchImage() string {
	v := os.Getenv("OPENSEARCH_VERSION")
	if v == "" {
		v = "3.6.0"
	}
	return "opensearchproject/opensearch:" + v
}

// records are a few records of several indexes, with sections.
const records = `{"index":{"_index":"contract","_id":"en/1"}}
{"name":"Exclusive Distribution Agreement","snippet":"This Exclusive Distribution Agreement","body":"The distributor shall have the exclusive right. This Agreement is governed by the laws of the State of New York.","category":{"name":"Distributor Agreement","value":"distributor-agreement"},"jurisdiction":{"name":"New York","value":"new-york-us"},"filing_date":"2012-03-01","group_id":"g1","group_size":1,"weight_rank":4,"sections":[{"type":"definition","name":"Territory","value":"territory","snippet":"Territory means the United States.","group_id":"en/territory#01"},{"type":"clause","name":"Governing Law","value":"governing law","snippet":"This Agreement is governed by the laws of the State of New York.","group_id":"en/governing-law#02"}]}
{"index":{"_index":"contract","_id":"en/2"}}
{"name":"Software License Agreement","snippet":"This Software License Agreement","body":"Licensor grants a non-exclusive license. Governed by the laws of Delaware.","category":{"name":"License Agreement","value":"license-agreement"},"jurisdiction":{"name":"Delaware","value":"delaware-us"},"filing_date":"2016-07-15","group_id":"g2","group_size":1,"weight_rank":9,"sections":[{"type":"clause","name":"Governing Law","value":"governing law","snippet":"Governed by the laws of Delaware.","group_id":"en/governing-law#03"}]}
{"index":{"_index":"clause","_id":"en/governing-law#02"}}
{"name":"Governing Law","value":"governing law","type":"clause","snippet":"This Agreement is governed by the laws of the State of New York.","group_id":"en/governing-law#02","group_size":1,"weight_rank":1}
{"index":{"_index":"jurisdiction","_id":"en/new-york-us"}}
{"group_id":"new-york-us","name":"New York","value":"new-york-us","weight_rank":1}
`

// TestOpenSearch runs the gateway against a real OpenSearch 3.x cluster:
// indexes created from mappings/, records loaded through the versioned
// ingest, requests of both forms answered with logical names. Skipped, with
// a message saying why, where no Docker daemon is reachable.
func TestOpenSearch(t *testing.T) {
	addr := startOpenSearch(t, "it-", records, 4)

	g := startGateway(t, map[string]string{"API_TOKENS": token, "SEARCH_BACKEND": "opensearch",
		"OPENSEARCH_URLS": addr, "OPENSEARCH_INDEX_PREFIX": "it-"})

	type hit struct {
		Index     string          `json:"_index"`
		ID        string          `json:"_id"`
		Highlight json.RawMessage `json:"highlight"`
		InnerHits map[string]struct {
			Hits struct {
				Hits []struct {
					Nested struct{ Offset int } `json:"_nested"`
				} `json:"hits"`
			} `json:"hits"`
		} `json:"inner_hits"`
	}
	type answer struct {
		Shards struct{ Failed int } `json:"_shards"`
		Hits   struct {
			Hits []hit `json:"hits"`
		} `json:"hits"`
		Aggregations map[string]struct {
			Buckets []struct {
				Key      string `json:"key"`
				DocCount int    `json:"doc_count"`
			} `json:"buckets"`
		} `json:"aggregations"`
		QueryTokens []string `json:"queryTokens"`
	}
	search := func(t *testing.T, body string) answer {
		t.Helper()
		status, _, out := g.post(t, "?token="+token, body)
		if status != 200 {
			t.Fatalf("status %d: %s", status, out)
		}
		var a answer
		if err := json.Unmarshal([]byte(out), &a); err != nil {
			t.Fatal(err)
		}
		return a
	}
	ids := func(a answer) string {
		var out []string
		for _, h := range a.Hits.Hits {
			out = append(out, h.Index+":"+h.ID)
		}
		return strings.Join(out, ",")
	}

	t.Run("form A text, highlight and index counts", func(t *testing.T) {
		a := search(t, `{"query":{"q":"exclusive"}}`)
		if got := ids(a); got != "contract:en/1,contract:en/2" {
			t.Errorf("hits %s", got)
		}
		if !strings.Contains(string(a.Hits.Hits[0].Highlight), "<b>exclusive</b>") {
			t.Errorf("highlight %s", a.Hits.Hits[0].Highlight)
		}
		if buckets := a.Aggregations["_index"].Buckets; len(buckets) != 1 || buckets[0].Key != "contract" || buckets[0].DocCount != 2 {
			t.Errorf("_index buckets %+v", buckets)
		}
		if a.QueryTokens == nil {
			t.Error("queryTokens missing")
		}
	})
	t.Run("form A clause search with inner hits", func(t *testing.T) {
		a := search(t, `{"query":{"clause":{"Governing Law":"New York"}}}`)
		if got := ids(a); got != "contract:en/1" {
			t.Fatalf("hits %s", got)
		}
		inner := a.Hits.Hits[0].InnerHits["clause:Governing Law"].Hits.Hits
		if len(inner) != 1 || inner[0].Nested.Offset != 1 {
			t.Errorf("inner hits %+v", inner)
		}
	})
	t.Run("form A index and attribute filters", func(t *testing.T) {
		if got := ids(search(t, `{"query":{"_index":"jurisdiction"}}`)); got != "jurisdiction:en/new-york-us" {
			t.Errorf("hits %s", got)
		}
		if got := ids(search(t, `{"query":{"jurisdiction":{"delaware-us":""},"filing_year":{"min":2015}}}`)); got != "contract:en/2" {
			t.Errorf("hits %s", got)
		}
	})
	t.Run("form B post_filter and terms on _index", func(t *testing.T) {
		a := search(t, `{"query":{"simple_query_string":{"query":"governed","fields":["body","snippet"]}},"post_filter":{"terms":{"_index":["clause"]}},"aggs":{"i":{"terms":{"field":"_index"}}}}`)
		if got := ids(a); got != "clause:en/governing-law#02" {
			t.Errorf("hits %s", got)
		}
		if len(a.Aggregations["i"].Buckets) != 2 {
			t.Errorf("buckets %+v", a.Aggregations["i"].Buckets)
		}
	})
	t.Run("document view", func(t *testing.T) {
		status, _, out := g.get(t, "/contracts/1?token="+token, "")
		var doc documentJSON
		if status != 200 || json.Unmarshal([]byte(out), &doc) != nil || doc.Index != "contract" || doc.ID != "en/1" || doc.Source.Name != "Exclusive Distribution Agreement" {
			t.Errorf("JSON view: %d %s", status, out)
		}
		status, _, out = g.get(t, "/contracts/1?token="+token+"&q=exclusive", "text/html")
		if _, _, marks := pageOf(t, out); status != 200 || strings.Join(marks, ",") != "exclusive" {
			t.Errorf("HTML view: %d marks %q", status, marks)
		}
		if status, _, out := g.get(t, "/contracts/9?token="+token, ""); status != 404 {
			t.Errorf("unknown id: %d %s", status, out)
		}
	})
	t.Run("nested without ignore_unmapped fails only the shards without sections", func(t *testing.T) {
		a := search(t, `{"query":{"nested":{"path":"sections","query":{"term":{"sections.type":"definition"}}}}}`)
		if got := ids(a); got != "contract:en/1" || a.Shards.Failed != 5 {
			t.Errorf("hits %s, failed shards %d", got, a.Shards.Failed)
		}
	})
}

// startOpenSearch starts an OpenSearch 3.x container (skipping the test,
// saying why, when no Docker daemon is reachable), loads bulk into a new
// version of the six indexes under the alias prefix, checks that want
// records went in and the aliases switched, and returns the cluster's URL.
func startOpenSearch(t *testing.T, prefix, bulk string, want int) string {
	t.Helper()
	testcontainers.SkipIfProviderIsNotHealthy(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	ctr, err := tcopensearch.Run(ctx, openSearchImage())
	testcontainers.CleanupContainer(t, ctr)
	if err != nil {
		t.Fatal(err)
	}
	addr, err := ctr.Address(ctx)
	if err != nil {
		t.Fatal(err)
	}
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	b, err := opensearch.New(opensearch.Config{URLs: []string{addr}, IndexPrefix: prefix}, m)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	rep, err := b.Ingest(ctx, strings.NewReader(bulk), opensearch.IngestOptions{})
	if err != nil {
		t.Fatalf("ingest: %v (%+v)", err, rep)
	}
	if !rep.Switched || rep.Stats.TotalDocs() != want {
		t.Fatalf("ingest report %+v", rep)
	}
	return addr
}
