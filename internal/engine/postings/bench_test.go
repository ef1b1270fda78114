package postings

import (
	"math/rand/v2"
	"testing"
)

// benchTerm is a 1M-document term: gaps of 1..16 (about one document in
// eight of a 8.5M-document segment, a common word), freqs mostly 1..3.
func benchTerm(b *testing.B, opts IndexOptions) (*Reader, TermMeta, []posting) {
	b.Helper()
	r := rand.New(rand.NewPCG(1, 1))
	ps := make([]posting, 1_000_000)
	doc := uint32(0)
	for i := range ps {
		doc += 1 + uint32(r.IntN(16))
		p := posting{doc: doc, freq: 1, norm: byte(r.IntN(60) + 40)}
		if opts == DocsFreqsPositions {
			if r.IntN(4) == 0 {
				p.freq = 2 + uint32(r.IntN(3))
			}
			p.pos = make([]uint32, p.freq)
			pos := uint32(r.IntN(50))
			for k := range p.pos {
				p.pos[k] = pos
				pos += 1 + uint32(r.IntN(200))
			}
		}
		ps[i] = p
	}
	rd, metas := build(b, opts, [][]posting{ps})
	return rd, metas[0], ps
}

func BenchmarkNext(b *testing.B) {
	for _, opts := range []IndexOptions{DocsOnly, DocsFreqsPositions} {
		b.Run(opts.String(), func(b *testing.B) {
			rd, m, _ := benchTerm(b, opts)
			it := rd.Postings(m, nil)
			b.ReportAllocs()
			b.ResetTimer()
			var sum uint64
			for b.Loop() {
				it = rd.Postings(m, it)
				for it.Next() {
					sum += uint64(it.Freq())
				}
			}
			b.ReportMetric(float64(b.N)*float64(m.DocFreq)/b.Elapsed().Seconds(), "docs/s")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(m.DocFreq), "ns/doc")
			_ = sum
		})
	}
}

// BenchmarkNextDocsOnly reads documents without frequencies: a filter.
func BenchmarkNextNoFreqs(b *testing.B) {
	rd, m, _ := benchTerm(b, DocsFreqsPositions)
	it := rd.Postings(m, nil)
	b.ReportAllocs()
	for b.Loop() {
		it = rd.Postings(m, it)
		for it.Next() {
		}
	}
	b.ReportMetric(float64(b.N)*float64(m.DocFreq)/b.Elapsed().Seconds(), "docs/s")
}

// BenchmarkAdvance leaps to sparse targets (every ~1000th document, the
// shape of a conjunction with a rare term) and reads the freq there.
func BenchmarkAdvance(b *testing.B) {
	for _, gap := range []int{10, 1000, 50_000} {
		b.Run("gap="+itoa(gap), func(b *testing.B) {
			rd, m, ps := benchTerm(b, DocsFreqsPositions)
			r := rand.New(rand.NewPCG(2, 2))
			var targets []uint32
			for i := r.IntN(gap); i < len(ps); i += 1 + r.IntN(2*gap) {
				targets = append(targets, ps[i].doc-uint32(r.IntN(2)))
			}
			it := rd.Postings(m, nil)
			b.ReportAllocs()
			b.ResetTimer()
			var sum uint64
			for b.Loop() {
				it = rd.Postings(m, it)
				for _, t := range targets {
					if !it.Advance(t) {
						break
					}
					sum += uint64(it.Freq())
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(targets)), "ns/advance")
			_ = sum
		})
	}
}

// BenchmarkPositions reads every position of every document, as a
// phrase scorer does (Freq positions, no probe past the last), or as a
// loop until NextPosition says false; and those of every 20th document
// (a phrase's second term, whose skipped documents' positions are
// stepped over).
func BenchmarkPositions(b *testing.B) {
	rd, m, ps := benchTerm(b, DocsFreqsPositions)
	var npos int
	for _, p := range ps {
		npos += len(p.pos)
	}
	b.Run("all", func(b *testing.B) {
		it := rd.Postings(m, nil)
		b.ReportAllocs()
		var sum uint64
		for b.Loop() {
			it = rd.Postings(m, it)
			for it.Next() {
				for range it.Freq() {
					p, _ := it.NextPosition()
					sum += uint64(p)
				}
			}
		}
		b.ReportMetric(float64(b.N)*float64(npos)/b.Elapsed().Seconds(), "positions/s")
		_ = sum
	})
	b.Run("untilFalse", func(b *testing.B) {
		it := rd.Postings(m, nil)
		b.ReportAllocs()
		var sum uint64
		for b.Loop() {
			it = rd.Postings(m, it)
			for it.Next() {
				for p, ok := it.NextPosition(); ok; p, ok = it.NextPosition() {
					sum += uint64(p)
				}
			}
		}
		b.ReportMetric(float64(b.N)*float64(npos)/b.Elapsed().Seconds(), "positions/s")
		_ = sum
	})
	b.Run("every20th", func(b *testing.B) {
		it := rd.Postings(m, nil)
		b.ReportAllocs()
		var sum uint64
		for b.Loop() {
			it = rd.Postings(m, it)
			for i := 0; it.Next(); i++ {
				if i%20 != 0 {
					continue
				}
				for range it.Freq() {
					p, _ := it.NextPosition()
					sum += uint64(p)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ps)), "ns/doc")
		_ = sum
	})
}

func BenchmarkWrite(b *testing.B) {
	for _, opts := range []IndexOptions{DocsOnly, DocsFreqsPositions} {
		b.Run(opts.String(), func(b *testing.B) {
			_, _, ps := benchTerm(b, opts)
			b.ReportAllocs()
			var size int
			for b.Loop() {
				w := NewWriter(opts)
				_ = w.StartTerm()
				for _, p := range ps {
					if err := w.AddDoc(p.doc, p.freq, p.norm, p.pos); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := w.FinishTerm(); err != nil {
					b.Fatal(err)
				}
				docs, pos, _ := w.Finish()
				size = len(docs) + len(pos)
			}
			b.ReportMetric(float64(b.N)*float64(len(ps))/b.Elapsed().Seconds(), "docs/s")
			b.ReportMetric(float64(size)*8/float64(len(ps)), "bits/doc")
		})
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
