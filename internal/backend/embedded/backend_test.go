package embedded

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/indexer"
	"github.com/contractsearch/contractsearch/mappings"
)

// openBackend publishes bulk as a generation of a fresh directory and
// serves it.
func openBackend(t *testing.T, bulk string, opts ...Option) (*Backend, *dsl.Parser) {
	t.Helper()
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	d, err := generation.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := indexer.Build(context.Background(), d, strings.NewReader(bulk), indexer.Options{}); err != nil {
		t.Fatal(err)
	}
	b, err := Open(dir, m, nil, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	p, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), m)
	if err != nil {
		t.Fatal(err)
	}
	return b, p
}

// contracts is bulk NDJSON of n contracts with the same name and body.
func contracts(n int) string {
	var sb strings.Builder
	for i := range n {
		fmt.Fprintf(&sb, "{\"index\":{\"_index\":\"contract\",\"_id\":\"c%03d\"}}\n", i)
		sb.WriteString(`{"name":"Supply Agreement","body":"The supplier shall deliver the goods.","sections":[{"type":"clause","name":"Delivery","snippet":"deliver the goods"}]}` + "\n")
	}
	return sb.String()
}

func searchBody(t *testing.T, b *Backend, p *dsl.Parser, ctx context.Context, body string) *backend.Response {
	t.Helper()
	parsed, err := p.Parse([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := b.Search(ctx, &backend.Request{Indexes: mappings.Names(), Search: parsed.Search})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// TestFetchPhaseDeadline checks that the fetch phase stops at the
// request's deadline: the page keeps the hits rendered whole, timed out;
// and that a client gone is an error, not an answer.
// TestSourceCacheOff answers the same sources, twice, with the cache of
// decompressed sources off (what cmd/benchscale measures) and on.
func TestSourceCacheOff(t *testing.T) {
	bulk := contracts(40)
	var answers []string
	for _, opts := range [][]Option{{WithSourceCache(0)}, nil} {
		b, p := openBackend(t, bulk, opts...)
		snap := b.live.Acquire()
		if snap == nil {
			t.Fatal("no snapshot")
		}
		if on := snap.Value.sources != nil; on != (opts == nil) {
			t.Errorf("options %d: cache on %v", len(opts), on)
		}
		snap.Release()
		for range 2 {
			r := searchBody(t, b, p, context.Background(), `{"query":{"match_phrase":{"body":"the goods"}},"size":40}`)
			out, err := json.Marshal(r.Hits)
			if err != nil {
				t.Fatal(err)
			}
			answers = append(answers, string(out))
		}
	}
	for i, a := range answers[1:] {
		if a != answers[0] {
			t.Errorf("answer %d differs from the first:\n%s\n%s", i+1, a, answers[0])
		}
	}
	if !strings.Contains(answers[0], "Supply Agreement") {
		t.Errorf("no source in %s", answers[0])
	}
}

func TestFetchPhaseDeadline(t *testing.T) {
	b, p := openBackend(t, contracts(30))
	const body = `{"query":{"match_phrase":{"body":"the goods"}},"size":20,"highlight":{"fields":{"body":{}}}}`
	full := searchBody(t, b, p, context.Background(), body)
	if full.TimedOut || len(full.Hits.Hits) != 20 || full.Hits.Hits[0].Highlight == nil {
		t.Fatalf("without a deadline: timed out %v, %d hits", full.TimedOut, len(full.Hits.Hits))
	}

	// The query phase's result, rendered by a fetch phase whose deadline
	// has passed: no hit is rendered, the total stays.
	snap := b.live.Acquire()
	defer snap.Release()
	parsed, err := p.Parse([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	target, err := snap.Value.target("contract", parsed.Search)
	if err != nil {
		t.Fatal(err)
	}
	sreq := searchRequest(parsed.Search)
	sreq.Targets = append(sreq.Targets, target)
	res, err := snap.Value.searcher.Search(context.Background(), sreq)
	if err != nil {
		t.Fatal(err)
	}
	expired, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Millisecond))
	defer cancel()
	var hits backend.Hits
	cut, err := b.renderHits(expired, snap.Value, res, parsed.Search, sreq.Targets, 0, &hits)
	if err != nil || !cut {
		t.Fatalf("expired: cut %v, %v", cut, err)
	}
	if len(hits.Hits) != 0 || hits.Total == nil || hits.Total.Value != 30 {
		t.Errorf("expired: %d hits, total %+v", len(hits.Hits), hits.Total)
	}

	// A whole search past its deadline answers timed out.
	resp := searchBody(t, b, p, expired, body)
	if !resp.TimedOut || len(resp.Hits.Hits) != 0 {
		t.Errorf("search past its deadline: timed out %v, %d hits", resp.TimedOut, len(resp.Hits.Hits))
	}

	// A cancelled request is an error.
	gone, cancelGone := context.WithCancel(context.Background())
	cancelGone()
	parsedSearch, _ := p.Parse([]byte(body))
	if _, err := b.Search(gone, &backend.Request{Indexes: mappings.Names(), Search: parsedSearch.Search}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestResponseSizeLimit checks that rendering stops, with the error that
// names MAX_RESPONSE_BYTES, once the hits alone exceed the limit.
func TestResponseSizeLimit(t *testing.T) {
	b, p := openBackend(t, contracts(30))
	parsed, err := p.Parse([]byte(`{"query":{"match_phrase":{"body":"the goods"}},"size":20}`))
	if err != nil {
		t.Fatal(err)
	}
	full, err := b.Search(context.Background(), &backend.Request{Indexes: mappings.Names(), Search: parsed.Search})
	if err != nil {
		t.Fatal(err)
	}
	var sources int64
	for i := range full.Hits.Hits {
		sources += full.Hits.Hits[i].RawBytes()
	}
	for _, tt := range []struct {
		limit    int64
		tooLarge bool
	}{{0, false}, {sources, false}, {sources - 1, true}, {1, true}} {
		resp, err := b.Search(context.Background(), &backend.Request{Indexes: mappings.Names(), Search: parsed.Search, MaxResponseBytes: tt.limit})
		e, isAPI := apierr.As(err)
		switch {
		case tt.tooLarge && (!isAPI || e.Status != 400 || !strings.Contains(e.Reason, "MAX_RESPONSE_BYTES")):
			t.Errorf("limit %d below the %d bytes of sources: %v", tt.limit, sources, err)
		case !tt.tooLarge && (err != nil || len(resp.Hits.Hits) != 20):
			t.Errorf("limit %d: %v", tt.limit, err)
		}
	}
}

// TestOpenSearchErrorParity checks answers that once differed from
// OpenSearch's (issue 10): each as OpenSearch gives it.
func TestOpenSearchErrorParity(t *testing.T) {
	b, p := openBackend(t, contracts(3))
	tests := []struct {
		name, body string
		status     int    // 0: answered
		reason     string // the error's reason, or the root cause's
		total      string // hits.total as JSON when answered; "" for none
	}{
		{name: "rank_feature log below 1", body: `{"query":{"rank_feature":{"field":"weight_rank","log":{"scaling_factor":0.5}}}}`,
			status: 400, reason: "failed to create query: scalingFactor must be >= 1, got: 0.5"},
		{name: "boost overflowing the scores", body: `{"query":{"bool":{"should":[` + strings.Repeat(`{"term":{"body":{"value":"goods","boost":3.4e38}}},`, 29) + `{"term":{"body":{"value":"goods","boost":3.4e38}}}]}}}`,
			status: 400, reason: "the query's scores are beyond the largest float (3.4028235E38): its boosts are too large"},
		{name: "track_total_hits 0", body: `{"query":{"match_phrase":{"body":"the goods"}},"track_total_hits":0}`,
			total: `{"value":0,"relation":"gte"}`},
		{name: "track_total_hits 0 without a match", body: `{"query":{"match_phrase":{"body":"no such words"}},"track_total_hits":0}`,
			total: `{"value":0,"relation":"eq"}`},
		{name: "track_total_hits -1", body: `{"query":{"match_phrase":{"body":"the goods"}},"track_total_hits":-1}`},
		{name: "track_total_hits 2", body: `{"query":{"match_phrase":{"body":"the goods"}},"track_total_hits":2}`,
			total: `{"value":2,"relation":"gte"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parsed, err := p.Parse([]byte(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			resp, err := b.Search(context.Background(), &backend.Request{Indexes: mappings.Names(), Search: parsed.Search})
			if tt.status != 0 {
				e, ok := apierr.As(err)
				if !ok || e.Status != tt.status {
					t.Fatalf("got %v, want %d", err, tt.status)
				}
				var body struct {
					Error struct {
						RootCause []struct{ Reason string } `json:"root_cause"`
					} `json:"error"`
				}
				if err := json.Unmarshal(e.Body(), &body); err != nil || len(body.Error.RootCause) == 0 || body.Error.RootCause[0].Reason != tt.reason {
					t.Fatalf("body %s (%v), want the root cause %q", e.Body(), err, tt.reason)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if resp.Hits.Total != nil {
				got = fmt.Sprintf(`{"value":%d,"relation":"%s"}`, resp.Hits.Total.Value, resp.Hits.Total.Relation)
			}
			if got != tt.total {
				t.Errorf("hits.total %s, want %s", got, tt.total)
			}
		})
	}
}
