package parity

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/contractsearch/contractsearch/internal/backend/embedded"
	"github.com/contractsearch/contractsearch/internal/democorpus"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/indexer"
	"github.com/contractsearch/contractsearch/internal/ingest"
	"github.com/contractsearch/contractsearch/mappings"
)

// BenchmarkQueryKinds measures the embedded engine's latency per kind of
// query of the parity set, through the gateway's parser and the embedded
// backend (decode, translate, search, render), on the demo corpus (300
// contracts, about 5,000 records) and on CUAD when ../shared has it. Each
// iteration answers every query of the kind once; ns/op divided by the
// kind's query count is the mean latency per query.
//
// BENCH_INDEX_DIR adds (as "index") an index directory built beforehand by
// cmd/ingest, served as it is: a larger corpus, such as CUAD replicated as
// bench/index.sh does, without building it in every run.
func BenchmarkQueryKinds(b *testing.B) {
	corpora := []benchCorpus{{name: "demo"}}
	if _, err := os.Stat(cuadDir); err == nil {
		corpora = append(corpora, benchCorpus{name: "cuad", dir: cuadDir})
	}
	if dir := os.Getenv("BENCH_INDEX_DIR"); dir != "" {
		corpora = append(corpora, benchCorpus{name: "index", indexDir: dir})
	}
	m, err := mappings.Load()
	if err != nil {
		b.Fatal(err)
	}
	p, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), m)
	if err != nil {
		b.Fatal(err)
	}
	kinds := map[string][]Query{}
	var order []string
	for _, q := range QuerySet() {
		if kinds[q.Kind] == nil {
			order = append(order, q.Kind)
		}
		kinds[q.Kind] = append(kinds[q.Kind], q)
	}
	for _, c := range corpora {
		backend := c.backend(b, m)
		for _, kind := range order {
			qs := kinds[kind]
			b.Run(c.name+"/"+kind, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for _, q := range qs {
						if _, err := Run(context.Background(), p, backend, q); err != nil {
							b.Fatal(err)
						}
					}
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(qs)), "µs/query")
			})
		}
	}
}

// benchCorpus is what a benchmark searches: a corpus folder ingested
// into a temporary index (the generated demo corpus when dir is empty),
// or an index directory built beforehand (indexDir, BENCH_INDEX_DIR).
type benchCorpus struct{ name, dir, indexDir string }

// backend serves the corpus for the benchmark's run.
func (c benchCorpus) backend(b *testing.B, m *mappings.Set) *embedded.Backend {
	b.Helper()
	if c.indexDir == "" {
		return benchIndex(b, c.dir, m)
	}
	be, err := embedded.Open(c.indexDir, m, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { be.Close() })
	return be
}

// cuadDir is CUAD beside the repository, as CI provides it.
var cuadDir = filepath.Join("..", "..", "..", "shared", "corpora", "cuad")

// benchIndex ingests a corpus folder (the generated demo corpus when dir is
// empty) into a temporary index and serves it.
func benchIndex(b testing.TB, dir string, m *mappings.Set) *embedded.Backend {
	b.Helper()
	if dir == "" {
		dir = b.TempDir()
		c, err := democorpus.Generate(democorpus.Options{Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		if err := c.Write(dir); err != nil {
			b.Fatal(err)
		}
	}
	corpus, err := ingest.Build(context.Background(), dir, ingest.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var bulk bytes.Buffer
	if err := corpus.WriteBulk(context.Background(), &bulk, nil); err != nil {
		b.Fatal(err)
	}
	indexDir := b.TempDir()
	d, err := generation.OpenDir(indexDir)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := indexer.Build(context.Background(), d, &bulk, indexer.Options{}); err != nil {
		b.Fatal(err)
	}
	be, err := embedded.Open(indexDir, m, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { be.Close() })
	return be
}
