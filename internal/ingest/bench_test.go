package ingest

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract/source"
)

// cuadDir is the CUAD corpus, next to the repository as ../shared.
const cuadDir = "../../../shared/corpora/cuad"

// BenchmarkIngest measures the pipeline's throughput in contract bytes
// per second (MB/s in the output): reading the files, parsing, signing,
// grouping, deriving records and encoding them as bulk NDJSON (to
// io.Discard; the sinks are measured by their own benchmarks). "1-core"
// runs one worker, "all-cores" GOMAXPROCS; make bench records both, on the
// demo corpus (300 contracts, 3.6 MB) and on CUAD when ../shared has it.
func BenchmarkIngest(b *testing.B) {
	corpora := []struct {
		name     string
		dir      func(b *testing.B) string
		manifest string
	}{
		{"demo", func(b *testing.B) string { return demoCorpus(b, 300) }, "manifest.csv"},
		{"cuad", func(b *testing.B) string {
			if _, err := os.Stat(filepath.Join(cuadDir, "manifest.csv")); err != nil {
				b.Skipf("CUAD not found at %s: %v", cuadDir, err)
			}
			return cuadDir
		}, "manifest.csv"},
	}
	for _, c := range corpora {
		b.Run(c.name, func(b *testing.B) {
			dir := c.dir(b)
			mpath := filepath.Join(dir, c.manifest)
			m, err := source.LoadManifest(mpath, source.ManifestColumns{})
			if err != nil {
				b.Fatal(err)
			}
			for _, w := range []struct {
				name    string
				workers int
			}{{"1-core", 1}, {"all-cores", runtime.GOMAXPROCS(0)}} {
				b.Run(w.name, func(b *testing.B) {
					opts := Options{Manifest: m, ManifestPath: mpath, OnlyListed: true, Workers: w.workers}
					var size int64
					b.ReportAllocs()
					for b.Loop() {
						corpus, err := Build(context.Background(), dir, opts)
						if err != nil {
							b.Fatal(err)
						}
						if err := corpus.WriteBulk(context.Background(), io.Discard, nil); err != nil {
							b.Fatal(err)
						}
						size = corpus.Summary.Bytes
					}
					b.SetBytes(size)
				})
			}
		})
	}
}
