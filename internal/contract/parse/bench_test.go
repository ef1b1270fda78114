package parse

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// BenchmarkParseCUAD parses the whole CUAD corpus on one goroutine: its
// MB/s is the throughput of one core. MB/cpu-s divides by the CPU time
// the process used instead of wall time (the two agree on an idle
// machine; on a shared one, MB/cpu-s is the parser's own speed).
func BenchmarkParseCUAD(b *testing.B) {
	texts, total := loadCUAD(b)
	b.SetBytes(int64(total))
	b.ReportAllocs()
	cpu0 := processCPU()
	for b.Loop() {
		for i, t := range texts {
			Parse(t, contract.Meta{Path: "cuad.txt", DocIndex: i})
		}
	}
	reportCPU(b, cpu0, total)
}

// BenchmarkParseCUADAllCores parses the whole corpus on GOMAXPROCS
// goroutines that take contracts one at a time, as ingest does: its MB/s
// is the throughput of the machine.
func BenchmarkParseCUADAllCores(b *testing.B) {
	texts, total := loadCUAD(b)
	b.SetBytes(int64(total))
	b.ReportAllocs()
	workers := runtime.GOMAXPROCS(0)
	cpu0 := processCPU()
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
					Parse(texts[i], contract.Meta{Path: "cuad.txt", DocIndex: i})
				}
			})
		}
		wg.Wait()
	}
	reportCPU(b, cpu0, total)
}

func reportCPU(b *testing.B, cpu0 time.Duration, bytesPerOp int) {
	cpu := processCPU() - cpu0
	if cpu <= 0 || b.N == 0 {
		return
	}
	b.ReportMetric(float64(bytesPerOp)*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
}
