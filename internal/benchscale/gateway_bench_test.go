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

// BenchmarkGatewayKinds answers the side-by-side set's queries one by one
// as the "gateway per kind" rows send them (SpecBody: the spec's _source
// list on structured bodies, Form A as written, highlights, aggregations
// and suggestions included) through the gateway's parser and the embedded
// backend with its default source cache, as the gateway runs: the whole
// request but HTTP and the envelope's rendering, one sub-benchmark per
// query (a kind's row is the median of its queries).
//
//	BENCH_INDEX_DIR=/tmp/bs8/run/engine-index go test ./internal/benchscale \
//	    -run '^$' -bench 'GatewayKinds/form-a/' -benchtime 20x
func BenchmarkGatewayKinds(b *testing.B) {
	be, p := benchIndexWith(b)
	qs, err := Queries()
	if err != nil {
		b.Fatal(err)
	}
	for _, q := range qs {
		body, err := SpecBody(q)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(q.Kind+"/"+q.ID, func(b *testing.B) {
			runQueries(b, 1, func(ctx context.Context, _ int) error {
				parsed, err := p.Parse(body)
				if err != nil {
					return err
				}
				_, err = be.Search(ctx, &backend.Request{Indexes: mappings.Names(), Search: parsed.Search})
				return err
			})
		})
	}
}
