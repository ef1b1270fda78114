package benchscale

import (
	"context"
	"os"
	"testing"

	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/backend/embedded"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/mappings"
)

// specSource is an include list like the spec's samples (the simplified
// queries' response fields).
var specSource = []string{"name", "snippet", "url", "category", "company", "filing_date", "industry", "jurisdiction", "group_id", "group_size"}

// BenchmarkQueryFetch answers each kind's queries of the set, as the
// side-by-side measure does, on the prebuilt index at BENCH_INDEX_DIR
// (e.g. an earlier `make bench-scale` run's engine-index): "phase" is the
// query phase, "full" the query with whole sources and inner hits, so that
// a CPU or memory profile of "full" shows where the fetch goes, and "spec"
// the query with a spec-like _source include list. Without the variable
// it is skipped: the tiny corpus has no contracts worth measuring.
func BenchmarkQueryFetch(b *testing.B) {
	dir := os.Getenv("BENCH_INDEX_DIR")
	if dir == "" {
		b.Skip("BENCH_INDEX_DIR (a prebuilt engine index) is not set")
	}
	m, err := mappings.Load()
	if err != nil {
		b.Fatal(err)
	}
	be, err := embedded.Open(dir, m, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer be.Close()
	p, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), m)
	if err != nil {
		b.Fatal(err)
	}
	qs, err := Queries()
	if err != nil {
		b.Fatal(err)
	}
	eqs, err := PrepareEngine(p, qs)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, kind := range Kinds {
		var set []EngineQuery
		for _, q := range eqs {
			if q.Kind == kind {
				set = append(set, q)
			}
		}
		for _, variant := range []string{"phase", "full", "spec"} {
			b.Run(kind+"/"+variant, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for _, q := range set {
						sr := q.full
						switch variant {
						case "phase":
							sr = q.phase
						case "spec":
							spec := *q.full
							spec.Source = &dsl.SourceFilter{Includes: specSource}
							sr = &spec
						}
						if _, err := be.Search(ctx, &backend.Request{Indexes: mappings.Names(), Search: sr}); err != nil {
							b.Fatal(err)
						}
					}
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(set)), "µs/query")
			})
		}
	}
}
