package dedup

import (
	"fmt"
	"strings"
	"testing"
)

// benchCorpus makes n synthetic documents of about words words each from a
// fixed vocabulary; every tenth document is a copy of its predecessor with
// a few words changed, so Groups has something to join.
func benchCorpus(n, words int) []string {
	docs := make([]string, n)
	state := uint64(42)
	for i := range docs {
		if i%10 == 9 {
			docs[i] = strings.Replace(docs[i-1], " w", " x", 3)
			continue
		}
		var sb strings.Builder
		for range words {
			fmt.Fprintf(&sb, "w%d ", splitmix64(&state)%5000)
		}
		docs[i] = sb.String()
	}
	return docs
}

// BenchmarkSign measures signing, the per-document cost, in bytes/s of text.
func BenchmarkSign(b *testing.B) {
	h, err := NewHasher(DefaultParams())
	if err != nil {
		b.Fatal(err)
	}
	doc := benchCorpus(1, 8000)[0]
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		h.Sign(doc)
	}
}

// BenchmarkGroups measures the whole pipeline on 2,000 documents of 3,000
// words (about 20 MB) and reports documents per second.
func BenchmarkGroups(b *testing.B) {
	docs := benchCorpus(2000, 3000)
	total := 0
	for _, d := range docs {
		total += len(d)
	}
	b.SetBytes(int64(total))
	for b.Loop() {
		bl, err := NewBuilder(DefaultParams())
		if err != nil {
			b.Fatal(err)
		}
		for i, d := range docs {
			if err := bl.Add(fmt.Sprint(i), d); err != nil {
				b.Fatal(err)
			}
		}
		if g := bl.Groups(); len(g) != len(docs) {
			b.Fatalf("%d groups for %d docs", len(g), len(docs))
		}
	}
	b.ReportMetric(float64(len(docs)*b.N)/b.Elapsed().Seconds(), "docs/s")
}
