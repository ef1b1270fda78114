package parse

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// BenchmarkParseCUAD parses the whole CUAD corpus on one goroutine: its
// MB/s is the throughput of one core.
func BenchmarkParseCUAD(b *testing.B) {
	texts, total := loadCUAD(b)
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for _, t := range texts {
			Parse(t, contract.Meta{})
		}
	}
}

// BenchmarkParseCUADAllCores parses the whole corpus on GOMAXPROCS
// goroutines that take contracts one at a time, as ingest does: its MB/s
// is the throughput of the machine.
func BenchmarkParseCUADAllCores(b *testing.B) {
	texts, total := loadCUAD(b)
	b.SetBytes(int64(total))
	b.ReportAllocs()
	workers := runtime.GOMAXPROCS(0)
	for b.Loop() {
		var next atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				for {
					i := int(next.Add(1)) - 1
					if i >= len(texts) {
						return
					}
					Parse(texts[i], contract.Meta{})
				}
			})
		}
		wg.Wait()
	}
}
