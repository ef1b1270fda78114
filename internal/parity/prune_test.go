package parity

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/backend/embedded"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/mappings"
)

// TestPrunedQuerySet answers every query of the parity set on a real
// index twice, counting every match (track_total_hits: true) and with
// small limits, where the engine prunes (internal/engine/search,
// prune.go): the hits (sources, highlights and inner hits included),
// max_score and aggregations must be identical, and the total the exact
// count or the limit with "gte". PRUNE_INDEX_DIR names the index, e.g.
// the CUAD index make parity builds ($PARITY_DIR/cuad/engine-index);
// building one here would take minutes under the race detector.
func TestPrunedQuerySet(t *testing.T) {
	dir := os.Getenv("PRUNE_INDEX_DIR")
	if dir == "" {
		t.Skip("PRUNE_INDEX_DIR is not set: give it an engine index (make parity leaves one in $PARITY_DIR/cuad/engine-index)")
	}
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	p, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), m)
	if err != nil {
		t.Fatal(err)
	}
	b, err := embedded.Open(dir, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	search := func(sr dsl.SearchRequest, tth dsl.TrackTotalHits) (*backend.Response, error) {
		sr.Suggest = nil
		sr.TrackTotalHits = &tth
		return b.Search(context.Background(), &backend.Request{Indexes: mappings.Names(), Search: &sr})
	}
	js := func(v any) []byte {
		out, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	compared := 0
	for _, q := range QuerySet() {
		parsed, err := p.Parse(q.Body)
		if err != nil {
			continue // the parity set's refusals
		}
		want, err := search(*parsed.Search, dsl.TrackTotalHits{Enabled: true, All: true})
		if err != nil {
			continue // a failure the backend reports, the same either way
		}
		for _, limit := range []int{1, 10, 100} {
			got, err := search(*parsed.Search, dsl.TrackTotalHits{Enabled: true, Limit: limit})
			if err != nil {
				t.Fatalf("%s, limit %d: %v", q.ID, limit, err)
			}
			wantTotal := *want.Hits.Total
			if wantTotal.Value > int64(limit) {
				wantTotal = backend.Total{Value: int64(limit), Relation: "gte"}
			}
			if *got.Hits.Total != wantTotal {
				t.Errorf("%s, limit %d: total %+v, want %+v", q.ID, limit, *got.Hits.Total, wantTotal)
			}
			if !bytes.Equal(js(got.Hits.MaxScore), js(want.Hits.MaxScore)) || !bytes.Equal(js(got.Hits.Hits), js(want.Hits.Hits)) {
				t.Errorf("%s, limit %d: hits differ:\n got %s %.600s\nwant %s %.600s", q.ID, limit,
					js(got.Hits.MaxScore), js(got.Hits.Hits), js(want.Hits.MaxScore), js(want.Hits.Hits))
			}
			if !bytes.Equal(js(got.Aggregations), js(want.Aggregations)) {
				t.Errorf("%s, limit %d: aggregations differ", q.ID, limit)
			}
			compared++
		}
	}
	if compared == 0 {
		t.Fatal("no query compared")
	}
	t.Logf("%d answers compared", compared)
}
