package similarity

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestBM25HandComputed works three cases through by hand. Every value is
// the float32 Java computes (the same cases are in the golden file, as
// Lucene printed them).
func TestBM25HandComputed(t *testing.T) {
	// Case 1: N = 3 documents have the field, n = 1 contains the term,
	// field lengths sum to 16; the document's field has dl = 4 tokens
	// (norm byte 4, exact) and the term twice.
	//
	//   idf   = ln(1 + (3 − 1 + 0.5) / (1 + 0.5)) = ln(2.6666…) = 0.98082925… → 0.98082924f
	//   avgdl = 16 / 3 = 5.333… → 5.3333335f
	//   cache[4] = 1 / (1.2 · (0.25 + 0.75·4 / 5.3333335))
	//            = 1 / (1.2 · (0.25 + 0.5625))     3 / 5.3333335 rounds to 0.5625
	//            = 1 / 0.975 = 1.025641f
	//   score = w − w / (1 + 2 · 1.025641)        w = boost · idf = 0.98082924
	//         = 0.98082924 − 0.98082924 / 3.051282
	//         = 0.98082924 − 0.32144824 = 0.65938103
	//   (= idf · tf with tf = 2 / (2 + 0.975) = 0.67226887)
	field := DefaultBM25().NewField(16, 3)
	if got := field.AvgFieldLength(); got != 5.3333335 {
		t.Errorf("avgdl = %v, want 5.3333335", got)
	}
	if got := field.normInverse[4]; got != 1.025641 {
		t.Errorf("cache[4] = %v, want 1.025641", got)
	}
	ts := field.Term(1, 1)
	if ts.IDF() != 0.98082924 || ts.Weight() != 0.98082924 {
		t.Errorf("idf %v weight %v, want 0.98082924", ts.IDF(), ts.Weight())
	}
	if got := ts.Score(2, IntToByte4(4)); got != 0.65938103 {
		t.Errorf("score = %v, want 0.65938103", got)
	}

	// Case 2: the same with boost 2.5: w = 2.5 · 0.98082924 = 2.452073,
	// score = 2.452073 − 2.452073 / 3.051282 = 2.452073 − 0.80362064 = 1.6484525.
	// (Not 2.5 · 0.65938103 = 1.6484526: the boost enters before the
	// rewrite, so scaling a score afterwards is off by an ulp.)
	boosted := field.Term(2.5, 1)
	if got := boosted.Score(2, 4); got != 1.6484525 {
		t.Errorf("boosted score = %v, want 1.6484525", got)
	}

	// Case 3: a field of 60 tokens in an index with avgdl 25 (norm byte
	// 49, which decodes to exactly 60), freq 2, n = 1 of N = 3:
	//   cache[49] = 1 / (1.2 · (0.25 + 0.75·60 / 25)) = 1 / (1.2 · 2.05) = 1 / 2.46 = 0.40650406
	//   score = 0.98082924 − 0.98082924 / (1 + 0.8130081) = 0.98082924 − 0.54099554 = 0.4398337
	long := DefaultBM25().NewField(75, 3).Term(1, 1)
	if got := long.Score(2, IntToByte4(60)); got != 0.4398337 {
		t.Errorf("long-field score = %v, want 0.4398337", got)
	}

	// Case 4: a keyword field (no norms) in which 2 of 3 documents have
	// the term; each document has one value, so sumTotalTermFreq = 3 and
	// avgdl = 1. Lucene scores it with norm byte 1 (a field of length 1):
	//   idf = ln(1 + 1.5 / 2.5) = ln(1.6) = 0.47000363
	//   cache[1] = 1 / (1.2 · (0.25 + 0.75·1 / 1)) = 1 / 1.2 = 0.8333333
	//   score = 0.47000363 − 0.47000363 / 1.8333333 = 0.47000363 − 0.25636563 = 0.21363801
	keyword := DefaultBM25().NewField(3, 3).Term(1, 2)
	if got := keyword.ScoreNoNorms(1); got != 0.21363801 {
		t.Errorf("keyword score = %v, want 0.21363801", got)
	}
}

// TestExplainText checks case 1 of TestBM25HandComputed rendered as
// Lucene's Explanation.toString.
func TestExplainText(t *testing.T) {
	ts := DefaultBM25().NewField(16, 3).Term(2.5, 1)
	want := `1.6484525 = score(freq=2.0), computed as boost * idf * tf from:
  2.5 = boost
  0.98082924 = idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:
    1 = n, number of documents containing term
    3 = N, total number of documents with field
  0.67226887 = tf, computed as freq / (freq + k1 * (1 - b + b * dl / avgdl)) from:
    2.0 = freq, occurrences of term within document
    1.2 = k1, term saturation parameter
    0.75 = b, length normalization parameter
    4.0 = dl, length of field
    5.3333335 = avgdl, average length of field
`
	if got := ts.Explain(FreqExplanation(2), 4).String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// Without boost there is no boost node; a long field's length is approximate.
	long := DefaultBM25().NewField(75, 3).Term(1, 1)
	got := long.Explain(FreqExplanation(2), 49).String()
	if strings.Contains(got, "boost\n") || !strings.Contains(got, "60.0 = dl, length of field (approximate)\n") {
		t.Errorf("unexpected explanation:\n%s", got)
	}
}

func TestPhraseIDF(t *testing.T) {
	field := DefaultBM25().NewField(2203657, 510)
	ph := field.Phrase(1, []int64{37, 5, 120})
	want := SumIDF(IDF(37, 510), IDF(5, 510), IDF(120, 510))
	if ph.IDF() != want || want != 8.588369 {
		t.Errorf("phrase idf = %v, SumIDF = %v, want 8.588369", ph.IDF(), want)
	}
	e := ph.Explain(Match(Float(0.5), "phraseFreq=0.5"), 120)
	if idf := e.Details[0]; idf.Description != "idf, sum of:" || len(idf.Details) != 3 {
		t.Errorf("phrase idf explanation: %s", e)
	}
	// A one-term phrase explains its idf like a term.
	one := field.Phrase(1, []int64{37})
	if e := one.Explain(FreqExplanation(1), 1); !strings.HasPrefix(e.Details[0].Description, "idf, computed as") {
		t.Errorf("one-term phrase: %s", e)
	}
}

// TestScoreMonotone checks what block-max scoring relies on: scores never
// decrease with freq, never increase with the norm byte, and stay below
// Weight — for random statistics, boosts, and parameters.
func TestScoreMonotone(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	freqs := []float32{0.01, 0.1, 1.0 / 3, 0.5, 1}
	for f := float32(2); f < 1e7; f *= 1.7 {
		freqs = append(freqs, f, f+0.5)
	}
	freqs = append(freqs, math.MaxFloat32)
	for range 300 {
		sim := DefaultBM25()
		if r.IntN(3) == 0 {
			sim = BM25{K1: r.Float32() * 3, B: r.Float32()}
		}
		n := 1 + r.Int64N(1<<r.IntN(31))
		field := sim.NewField(n+r.Int64N(n*5000), n)
		ts := field.Term([]float32{1, 0.5, 2.5, 50, r.Float32() * 10}[r.IntN(5)], 1+r.Int64N(n))
		if ts.MaxScore() != ts.Weight() {
			t.Errorf("%v: MaxScore %v != Weight %v", sim, ts.MaxScore(), ts.Weight())
		}
		for norm := range 256 {
			prev := float32(0)
			for _, f := range freqs {
				s := ts.Score(f, byte(norm))
				if s < prev {
					t.Fatalf("%v N=%d: score decreases with freq at norm %d: %v then %v (freq %v)", sim, n, norm, prev, s, f)
				}
				if s > ts.Weight() || s < 0 {
					t.Fatalf("%v: score %v outside [0, weight %v]", sim, s, ts.Weight())
				}
				if norm > 0 && s > ts.Score(f, byte(norm-1)) {
					t.Fatalf("%v: score increases with norm at %d, freq %v", sim, norm, f)
				}
				prev = s
			}
		}
	}
}

func TestBM25Validate(t *testing.T) {
	for _, s := range []BM25{DefaultBM25(), {0, 0}, {100, 1}} {
		if err := s.Validate(); err != nil {
			t.Errorf("%v: %v", s, err)
		}
	}
	for _, tt := range []struct {
		s   BM25
		err string
	}{
		{BM25{-1, 0.75}, "illegal k1 value: -1.0, must be a non-negative finite value"},
		{BM25{float32(math.Inf(1)), 0.75}, "illegal k1 value: Infinity, must be a non-negative finite value"},
		{BM25{1.2, 1.5}, "illegal b value: 1.5, must be between 0 and 1"},
		{BM25{1.2, float32(math.NaN())}, "illegal b value: NaN, must be between 0 and 1"},
	} {
		if err := tt.s.Validate(); err == nil || err.Error() != tt.err {
			t.Errorf("%v: got %v, want %q", tt.s, err, tt.err)
		}
	}
	if got := DefaultBM25().String(); got != "BM25(k1=1.2,b=0.75)" {
		t.Errorf("String() = %q", got)
	}
}

func TestScoreAllocs(t *testing.T) {
	ts := DefaultBM25().NewField(2203657, 510).Term(1, 37)
	var sink float32
	if a := testing.AllocsPerRun(100, func() { sink += ts.Score(3, 120) }); a != 0 {
		t.Errorf("Score allocates %v times", a)
	}
	_ = sink
}

func BenchmarkScore(b *testing.B) {
	ts := DefaultBM25().NewField(2203657, 510).Term(1, 37)
	var sink float32
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sink += ts.Score(float32(1+i&15), byte(i))
		i++
	}
	_ = sink
}

func BenchmarkNewField(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = DefaultBM25().NewField(2203657, 510)
	}
}
