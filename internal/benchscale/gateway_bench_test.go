package benchscale

import (
	"context"
	"testing"

	"github.com/contractsearch/contractsearch/internal/backend"
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
	be, p := benchIndex(b)
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
			runQueries(b, len(phases), func(ctx context.Context, i int) error {
				_, err := be.Search(ctx, &backend.Request{Indexes: mappings.Names(), Search: phases[i].phase})
				return err
			})
		})
		b.Run(kind+"/whole", func(b *testing.B) {
			runQueries(b, len(qs), func(ctx context.Context, i int) error {
				_, err := parity.Run(ctx, p, be, qs[i])
				return err
			})
		})
	}
}
