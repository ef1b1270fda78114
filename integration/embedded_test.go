package integration

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/indexer"
	"github.com/contractsearch/contractsearch/internal/ingest"
)

// ingestIndex runs the contract files of the folder in through ingest
// with opts and builds an embedded index of the records: its directory.
func ingestIndex(t *testing.T, in string, opts ingest.Options) string {
	t.Helper()
	corpus, err := ingest.Build(context.Background(), in, opts)
	if err != nil {
		t.Fatal(err)
	}
	var bulk bytes.Buffer
	if err := corpus.WriteBulk(context.Background(), &bulk, nil); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	buildIndex(t, dir, bulk.String())
	return dir
}

// buildIndex publishes a generation of bulk into dir.
func buildIndex(t *testing.T, dir, bulk string) uint64 {
	t.Helper()
	d, err := generation.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := indexer.Build(context.Background(), d, strings.NewReader(bulk), indexer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rep.Generation
}

const embeddedBulk = `{"index":{"_index":"contract","_id":"en/c1"}}
{"name":"Supply Agreement","body":"This Agreement is governed by the laws of the State of New York.","sections":[{"type":"clause","name":"Governing Law","value":"governing law","snippet":"governed by the laws of the State of New York"}],"weight_rank":12.5}
{"index":{"_index":"contract","_id":"en/c2"}}
{"name":"License Agreement","body":"The licensee shall pay royalties. Delaware law governs.","sections":[{"type":"clause","name":"Royalties","value":"royalties","snippet":"pay royalties"}],"weight_rank":8}
{"index":{"_index":"clause","_id":"en/governing-law#1"}}
{"name":"Governing Law","value":"governing law","type":"clause","snippet":"governed by the laws of","group_size":2,"weight_rank":3}
`

// TestEmbedded serves a built index with the embedded engine (the default
// backend) and checks real answers, then publishes a newer generation and
// checks SIGHUP makes the running gateway serve it without a restart.
func TestEmbedded(t *testing.T) {
	dir := t.TempDir()
	buildIndex(t, dir, embeddedBulk)
	g := startGateway(t, map[string]string{"API_TOKENS": "tok", "INDEX_DIR": dir, "INDEX_POLL_INTERVAL": "1h"})

	type hit struct {
		Index     string          `json:"_index"`
		ID        string          `json:"_id"`
		Score     float64         `json:"_score"`
		Source    json.RawMessage `json:"_source"`
		InnerHits map[string]struct {
			Hits struct {
				Hits []struct {
					Nested struct {
						Offset int `json:"offset"`
					} `json:"_nested"`
					Source json.RawMessage `json:"_source"`
				} `json:"hits"`
			} `json:"hits"`
		} `json:"inner_hits"`
	}
	type answer struct {
		Shards struct {
			Total, Successful, Failed int
		} `json:"_shards"`
		Hits struct {
			Total struct {
				Value    int    `json:"value"`
				Relation string `json:"relation"`
			} `json:"total"`
			Hits []hit `json:"hits"`
		} `json:"hits"`
		Aggregations map[string]struct {
			Buckets []struct {
				Key      string `json:"key"`
				DocCount int    `json:"doc_count"`
			} `json:"buckets"`
		} `json:"aggregations"`
	}
	search := func(t *testing.T, body string) answer {
		t.Helper()
		status, _, out := g.post(t, "?token=tok", body)
		if status != 200 {
			t.Fatalf("status %d: %s", status, out)
		}
		var a answer
		if err := json.Unmarshal([]byte(out), &a); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return a
	}

	t.Run("form B phrase with aggregation", func(t *testing.T) {
		a := search(t, `{"query":{"match_phrase":{"body":{"query":"laws of the state"}}},"aggs":{"idx":{"terms":{"field":"_index"}}},"_source":["name"]}`)
		if a.Hits.Total.Value != 1 || len(a.Hits.Hits) != 1 || a.Hits.Hits[0].ID != "en/c1" {
			t.Fatalf("hits %+v", a.Hits)
		}
		if got := string(a.Hits.Hits[0].Source); got != `{"name":"Supply Agreement"}` {
			t.Errorf("_source %s", got)
		}
		if a.Shards.Total != 6 || a.Shards.Successful != 6 {
			t.Errorf("shards %+v", a.Shards)
		}
		if b := a.Aggregations["idx"].Buckets; len(b) != 1 || b[0].Key != "contract" || b[0].DocCount != 1 {
			t.Errorf("buckets %+v", b)
		}
	})
	t.Run("nested with inner hits; other indexes fail alone", func(t *testing.T) {
		a := search(t, `{"query":{"nested":{"path":"sections","query":{"term":{"sections.value":"royalties"}},"inner_hits":{}}}}`)
		if len(a.Hits.Hits) != 1 || a.Hits.Hits[0].ID != "en/c2" {
			t.Fatalf("hits %+v", a.Hits)
		}
		ih := a.Hits.Hits[0].InnerHits["sections"].Hits.Hits
		if len(ih) != 1 || ih[0].Nested.Offset != 0 || !strings.Contains(string(ih[0].Source), `"name":"Royalties"`) {
			t.Errorf("inner hits %+v", ih)
		}
		if a.Shards.Failed != 5 || a.Shards.Successful != 1 {
			t.Errorf("shards %+v", a.Shards)
		}
	})
	t.Run("inner hits highlighted with the nested clause's query", func(t *testing.T) {
		status, _, out := g.post(t, "?token=tok", `{"query":{"nested":{"path":"sections","query":{"match_phrase":{"sections.snippet":{"query":"laws of the state"}}},`+
			`"inner_hits":{"highlight":{"fields":{"sections.snippet":{}},"pre_tags":["<b>"],"post_tags":["</b>"]}}}},"_source":false}`)
		if status != 200 {
			t.Fatalf("status %d: %s", status, out)
		}
		want := `"highlight":{"sections.snippet":["governed by the <b>laws</b> <b>of</b> <b>the</b> <b>State</b> of New York"]}`
		if !strings.Contains(out, want) {
			t.Errorf("answer lacks %s:\n%s", want, out)
		}
	})
	t.Run("form A: every index answers, suggestions from contract bodies", func(t *testing.T) {
		// Every index maps body, so Form A's term suggester on body fails no
		// shard: laws is found in c1's body and in the clause's snippet.
		// goverened is one edit from governed (1 − 1/8), counted in
		// contract bodies only (freq 1: c1; the clause's snippet is not a
		// body).
		status, _, out := g.post(t, "?token=tok", `{"query":{"q":"goverened laws"}}`)
		if status != 200 {
			t.Fatalf("status %d: %s", status, out)
		}
		var a answer
		if err := json.Unmarshal([]byte(out), &a); err != nil {
			t.Fatal(err)
		}
		if a.Shards.Total != 6 || a.Shards.Successful != 6 || a.Shards.Failed != 0 {
			t.Errorf("shards %+v", a.Shards)
		}
		var ids []string
		for _, h := range a.Hits.Hits {
			ids = append(ids, h.Index+":"+h.ID)
		}
		// c1 ranks above the clause (weight_rank 12.5 against 3).
		if a.Hits.Total.Value != 2 || strings.Join(ids, ",") != "contract:en/c1,clause:en/governing-law#1" {
			t.Errorf("total %+v, hits %q", a.Hits.Total, ids)
		}
		// One hit each; equal counts in key order.
		if b := a.Aggregations["_index"].Buckets; len(b) != 2 || b[0].Key != "clause" || b[0].DocCount != 1 ||
			b[1].Key != "contract" || b[1].DocCount != 1 {
			t.Errorf("_index buckets %+v", b)
		}
		want := `"suggest":{"suggestions":[{"text":"goverened","offset":0,"length":9,"options":[{"text":"governed","score":0.875,"freq":1}]},` +
			`{"text":"laws","offset":10,"length":4,"options":[]}]}`
		if !strings.Contains(out, want) {
			t.Errorf("answer lacks %s:\n%s", want, out)
		}
		if strings.Contains(out, `"failures"`) {
			t.Errorf("answer has shard failures:\n%s", out)
		}
	})

	t.Run("SIGHUP serves a newer generation", func(t *testing.T) {
		buildIndex(t, dir, embeddedBulk+`{"index":{"_index":"company","_id":"en/42"}}
{"name":"Acme Widgets Inc","group_id":"42"}
`)
		if err := g.cmd.Process.Signal(syscall.SIGHUP); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			a := search(t, `{"query":{"match_phrase":{"name":{"query":"acme widgets"}}}}`)
			if a.Hits.Total.Value == 1 && a.Hits.Hits[0].ID == "en/42" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("newer generation not served after SIGHUP; log:\n%s", g.output)
			}
			time.Sleep(50 * time.Millisecond)
		}
		for !strings.Contains(g.output.String(), "serving newer index generation") {
			if time.Now().After(deadline) {
				t.Fatalf("no log line for the swap:\n%s", g.output)
			}
			time.Sleep(20 * time.Millisecond)
		}
		// The old generation is deleted once nothing uses it.
		deadline = time.Now().Add(10 * time.Second)
		for {
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			gens := 0
			for _, e := range entries {
				if strings.HasPrefix(e.Name(), "gen-") {
					gens++
				}
			}
			if gens == 1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d generations left in %s", gens, dir)
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
}

// TestEmbeddedFaults damages the served generation of a running gateway:
// a source file truncated (a search reading its mapping would fault), then,
// served from a newer generation, a positions file with bytes altered.
// The process stays up, each search answers right or 503, /readyz says
// which generation is damaged, and a good newer generation is served again
// on SIGHUP. Restarted on the damaged directory, the gateway serves the
// newest good generation and lists the bad one.
func TestEmbeddedFaults(t *testing.T) {
	dir := t.TempDir()
	buildIndex(t, dir, embeddedBulk)
	g := startGateway(t, map[string]string{"API_TOKENS": "tok", "INDEX_DIR": dir, "INDEX_POLL_INTERVAL": "1h"})
	phrase := `{"query":{"match_phrase":{"body":"laws of the state"}}}`
	want := func(t *testing.T, status int) {
		t.Helper()
		got, _, out := g.post(t, "?token=tok", phrase)
		if got != status || (status == 200 && !strings.Contains(out, `"_id":"en/c1"`)) {
			t.Fatalf("status %d, want %d: %s", got, status, out)
		}
	}
	ready := func(t *testing.T, status int, body string) {
		t.Helper()
		resp, err := http.Get(g.URL + "/readyz")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != status || !strings.Contains(string(out), body) {
			t.Fatalf("/readyz %d %s, want %d with %s", resp.StatusCode, out, status, body)
		}
	}
	want(t, 200)
	ready(t, 200, `"index":{"generation":1,"verification":"verified"}`)

	if err := os.Truncate(filepath.Join(dir, "gen-00000001", "contract-0.src"), 10); err != nil {
		t.Fatal(err)
	}
	want(t, 503)
	ready(t, 503, `"damage":{"generation":1,"file":"contract-0.src","reason":"truncated"}`)

	buildIndex(t, dir, embeddedBulk)
	if err := g.cmd.Process.Signal(syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for status, _, _ := g.post(t, "?token=tok", phrase); status != 200; status, _, _ = g.post(t, "?token=tok", phrase) {
		if time.Now().After(deadline) {
			t.Fatalf("generation 2 not served after SIGHUP:\n%s", g.output)
		}
		time.Sleep(50 * time.Millisecond)
	}
	pos := filepath.Join(dir, "gen-00000002", "contract-0.f1.pos")
	f, err := os.OpenFile(pos, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte{0x7f}, 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	want(t, 503)
	select {
	case err := <-g.done:
		t.Fatalf("gateway exited (%v):\n%s", err, g.output)
	default:
	}

	// Restarted with a good generation 3 and an empty generation 4, the
	// gateway serves 3 and lists 4.
	buildIndex(t, dir, embeddedBulk) // generation 3, good
	if err := os.Mkdir(filepath.Join(dir, "gen-00000004"), 0o755); err != nil {
		t.Fatal(err)
	}
	g = startGateway(t, map[string]string{"API_TOKENS": "tok", "INDEX_DIR": dir, "INDEX_POLL_INTERVAL": "1h"})
	want(t, 200)
	ready(t, 200, `"index":{"generation":3,"verification":"verified","bad_generations":[{"generation":4,"file":"MANIFEST","reason":"missing"}]}`)
}
