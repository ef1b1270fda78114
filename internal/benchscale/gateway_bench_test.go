package benchscale

import (
	"context"
	"os"
	"testing"

	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/backend/embedded"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/parity"
	"github.com/contractsearch/contractsearch/mappings"
)

// BenchmarkGatewayRequests answers the gateway's benchmark bodies
// (gateway.jsonl) in process, per kind, through the gateway's parser and
// the embedded backend (highlights and _source lists included, no HTTP
// and no JSON rendering), on the index directory BENCH_INDEX_DIR names
// (e.g. a bench-scale run's engine-index): what to profile when the
// gateway's Form A rows move. Each kind runs twice: its query phase
// alone (as the side-by-side measures it) and whole. µs/query is the mean.
func BenchmarkGatewayRequests(b *testing.B) {
	dir := os.Getenv("BENCH_INDEX_DIR")
	if dir == "" {
		b.Skip("BENCH_INDEX_DIR names no index directory (build one with cmd/ingest -index-dir)")
	}
	m, err := mappings.Load()
	if err != nil {
		b.Fatal(err)
	}
	p, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), m)
	if err != nil {
		b.Fatal(err)
	}
	be, err := embedded.Open(dir, m, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { be.Close() })
	reqs, err := GatewayRequests()
	if err != nil {
		b.Fatal(err)
	}
	kinds := map[string][]parity.Query{}
	var order []string
	for _, q := range reqs {
		if kinds[q.Kind] == nil {
			order = append(order, q.Kind)
		}
		kinds[q.Kind] = append(kinds[q.Kind], q)
	}
	for _, kind := range order {
		qs := kinds[kind]
		phases, err := PrepareEngine(p, qs)
		if err != nil {
			b.Fatal(err)
		}
		// The query phase alone, as the side-by-side measures it.
		b.Run(kind+"/query-phase", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, q := range phases {
					if _, err := be.Search(context.Background(), &backend.Request{Indexes: mappings.Names(), Search: q.phase}); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(qs)), "µs/query")
		})
		b.Run(kind+"/whole", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, q := range qs {
					if _, err := parity.Run(context.Background(), p, be, q); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(qs)), "µs/query")
		})
	}
}
