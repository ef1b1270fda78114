package benchscale

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/backend/embedded"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/mappings"
)

// benchIndex serves the prebuilt index BENCH_INDEX_DIR names (such as the
// engine-index of a cmd/benchscale run's -work folder), with the source
// cache off as the side-by-side run measures it, and the gateway's parser.
// Without the variable the benchmark is skipped: the kinds only differ at
// scale, and the repository's corpora are small.
func benchIndex(b *testing.B) (*embedded.Backend, *dsl.Parser) {
	b.Helper()
	return benchIndexWith(b, embedded.WithSourceCache(0))
}

// benchIndexWith is benchIndex with the backend's options given: none
// serves the index as the gateway does (its default source cache).
func benchIndexWith(b *testing.B, opts ...embedded.Option) (*embedded.Backend, *dsl.Parser) {
	b.Helper()
	dir := os.Getenv("BENCH_INDEX_DIR")
	if dir == "" {
		b.Skip("BENCH_INDEX_DIR names no prebuilt index (build one with cmd/ingest -index-dir, or use a bench-scale run's engine-index)")
	}
	m, err := mappings.Load()
	if err != nil {
		b.Fatal(err)
	}
	p, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), m)
	if err != nil {
		b.Fatal(err)
	}
	be, err := embedded.Open(dir, m, nil, opts...)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { be.Close() })
	// The first search waits for the generation's checksums (read in the
	// background from Open: seconds at 32×); made here, untimed, so that
	// no benchmark's first query pays for it.
	warm, err := p.Parse([]byte(`{"query":{"match_all":{}},"size":0}`))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := be.Search(context.Background(), &backend.Request{Indexes: mappings.Names(), Search: warm.Search}); err != nil {
		b.Fatal(err)
	}
	return be, p
}

// runQueries answers each request once per iteration and reports the mean
// wall time per query (µs/query) and the process's CPU time per query
// (cpu-µs/query, steadier than wall time on a shared machine).
func runQueries(b *testing.B, n int, search func(context.Context, int) error) {
	b.Helper()
	b.ReportAllocs()
	ctx := context.Background()
	cpu := processCPU()
	for b.Loop() {
		for i := range n {
			if err := search(ctx, i); err != nil {
				b.Fatal(err)
			}
		}
	}
	queries := float64(b.N * n)
	b.ReportMetric(float64(b.Elapsed().Microseconds())/queries, "µs/query")
	b.ReportMetric(float64((processCPU()-cpu).Microseconds())/queries, "cpu-µs/query")
}

// processCPU is the CPU time (user and system) the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkQueryFetch answers each kind's queries of the side-by-side set
// on BENCH_INDEX_DIR (benchIndex), in the side-by-side run's three
// requests — "phase" (the query phase), "ids" (inner hits, no _source:
// the oracle's timed fetch) and "full" (whole sources) — and "spec" (a
// spec-like _source include list, dsl.FormASource), so that a CPU or memory profile of one
// variant shows where it goes.
//
//	BENCH_INDEX_DIR=/tmp/bs8/run/engine-index go test ./internal/benchscale \
//	    -run '^$' -bench 'QueryFetch/(match_phrase|sloppy-phrase)/phase'
func BenchmarkQueryFetch(b *testing.B) {
	be, eqs := benchQueries(b)
	for _, kind := range Kinds {
		var set []EngineQuery
		for _, q := range eqs {
			if q.Kind == kind {
				set = append(set, q)
			}
		}
		for _, variant := range []string{"phase", "ids", "full", "spec"} {
			reqs := make([]*backend.Request, len(set))
			for i, q := range set {
				sr := q.full
				switch variant {
				case "phase":
					sr = q.phase
				case "ids":
					sr = q.ids
				case "spec":
					spec := *q.full
					spec.Source = &dsl.SourceFilter{Includes: dsl.FormASource}
					sr = &spec
				}
				reqs[i] = &backend.Request{Indexes: mappings.Names(), Search: sr}
			}
			b.Run(kind+"/"+variant, func(b *testing.B) {
				runQueries(b, len(reqs), func(ctx context.Context, i int) error {
					_, err := be.Search(ctx, reqs[i])
					return err
				})
			})
		}
	}
}

// BenchmarkQueryEach answers each query of the side-by-side set alone in
// its query-phase request ("phase" of BenchmarkQueryFetch), one
// sub-benchmark per query id under its kind, so that per-query costs can
// be set beside the oracle's per-query medians (the run's
// oracle-answers.jsonl) and old and new builds compared query by query.
//
//	BENCH_INDEX_DIR=/tmp/bs32/run/engine-index go test ./internal/benchscale \
//	    -run '^$' -bench 'QueryEach/(sqs-prefix|sloppy-phrase)/' -benchtime 20x -count 3
func BenchmarkQueryEach(b *testing.B) {
	be, eqs := benchQueries(b)
	for _, q := range eqs {
		req := &backend.Request{Indexes: mappings.Names(), Search: q.phase}
		b.Run(q.Kind+"/"+q.ID, func(b *testing.B) {
			runQueries(b, 1, func(ctx context.Context, _ int) error {
				_, err := be.Search(ctx, req)
				return err
			})
		})
	}
}

// benchQueries opens BENCH_INDEX_DIR (benchIndex) and prepares the
// side-by-side set's engine requests.
func benchQueries(b *testing.B) (*embedded.Backend, []EngineQuery) {
	be, p := benchIndex(b)
	qs, err := Queries()
	if err != nil {
		b.Fatal(err)
	}
	eqs, err := PrepareEngine(p, qs)
	if err != nil {
		b.Fatal(err)
	}
	return be, eqs
}
