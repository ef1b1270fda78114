package democorpus

import "testing"

// BenchmarkGenerate measures making the default corpus in memory.
func BenchmarkGenerate(b *testing.B) {
	var size int
	for b.Loop() {
		c, err := Generate(Options{Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		size = 0
		for _, f := range c.Files {
			size += len(f.Data)
		}
	}
	b.SetBytes(int64(size))
	b.ReportMetric(float64(DefaultN*b.N)/b.Elapsed().Seconds(), "contracts/s")
}
