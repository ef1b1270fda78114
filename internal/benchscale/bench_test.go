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

// BenchmarkQueryPhase answers the side-by-side set's queries, kind by
// kind, with the query-phase request the side-by-side run times
// (PrepareEngine's: _source off, no inner hits or highlights), on an index
// built beforehand: BENCH_INDEX_DIR, such as the engine index of a
// cmd/benchscale run (its -work folder's engine-index), served as it is.
// Each iteration answers every query of the kind once; µs/query is the
// mean wall time per query, cpu-µs/query the process's CPU time (user and
// system) per query, steadier than wall time on a shared machine. Without
// BENCH_INDEX_DIR it is skipped: the kinds only differ at scale.
//
//	BENCH_INDEX_DIR=/tmp/bs8/run/engine-index go test ./internal/benchscale \
//	    -run '^$' -bench 'QueryPhase/(match_phrase|sloppy-phrase)'
func BenchmarkQueryPhase(b *testing.B) {
	dir := os.Getenv("BENCH_INDEX_DIR")
	if dir == "" {
		b.Skip("BENCH_INDEX_DIR is not set: no index to search")
	}
	m, err := mappings.Load()
	if err != nil {
		b.Fatal(err)
	}
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
	be, err := embedded.Open(dir, m, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { be.Close() })
	byKind := map[string][]*backend.Request{}
	for _, q := range eqs {
		byKind[q.Kind] = append(byKind[q.Kind], &backend.Request{Indexes: mappings.Names(), Search: q.phase})
	}
	ctx := context.Background()
	for _, kind := range Kinds {
		reqs := byKind[kind]
		b.Run(kind, func(b *testing.B) {
			b.ReportAllocs()
			cpu := processCPU()
			for b.Loop() {
				for _, r := range reqs {
					if _, err := be.Search(ctx, r); err != nil {
						b.Fatal(err)
					}
				}
			}
			n := float64(b.N * len(reqs))
			b.ReportMetric(float64(b.Elapsed().Microseconds())/n, "µs/query")
			b.ReportMetric(float64((processCPU()-cpu).Microseconds())/n, "cpu-µs/query")
		})
	}
}

// processCPU is the CPU time (user and system) the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
