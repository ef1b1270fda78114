package similarity

import (
	"fmt"
	"math"
)

// BM25 holds the two parameters of Lucene's BM25Similarity. The zero value
// is not useful; start from DefaultBM25.
type BM25 struct {
	// K1 controls term-frequency saturation: how quickly more occurrences
	// stop adding to the score. Finite and ≥ 0.
	K1 float32
	// B controls length normalisation: 0 ignores the field length, 1
	// normalises fully. In [0, 1].
	B float32
}

// DefaultBM25 returns k1 = 1.2, b = 0.75: the defaults of Lucene and of
// OpenSearch's "BM25" similarity, which is what every text field uses
// unless a mapping says otherwise.
func DefaultBM25() BM25 { return BM25{K1: 1.2, B: 0.75} }

// Validate reports parameters Lucene's BM25Similarity constructor rejects.
func (s BM25) Validate() error {
	if math.IsInf(float64(s.K1), 0) || s.K1 != s.K1 || s.K1 < 0 {
		return fmt.Errorf("illegal k1 value: %s, must be a non-negative finite value", JavaFloatString(s.K1))
	}
	if s.B != s.B || s.B < 0 || s.B > 1 {
		return fmt.Errorf("illegal b value: %s, must be between 0 and 1", JavaFloatString(s.B))
	}
	return nil
}

// String returns Lucene's BM25Similarity.toString, "BM25(k1=1.2,b=0.75)".
func (s BM25) String() string {
	return "BM25(k1=" + JavaFloatString(s.K1) + ",b=" + JavaFloatString(s.B) + ")"
}

// IDF returns BM25's inverse document frequency,
// ln(1 + (docCount − docFreq + 0.5) / (docFreq + 0.5)), computed in float64
// and rounded once to float32, as Lucene's BM25Similarity.idf.
//
// docFreq is the number of documents containing the term, docCount the
// number of documents with at least one term in the field (not the number
// of documents in the index: sparse fields are not penalised).
func IDF(docFreq, docCount int64) float32 {
	return float32(math.Log(1 + (float64(docCount-docFreq)+0.5)/(float64(docFreq)+0.5)))
}

// SumIDF returns the idf of a phrase: the terms' float idfs summed in
// float64, then rounded to float32 (BM25Similarity.idfExplain for several
// terms).
func SumIDF(idfs ...float32) float32 {
	var sum float64
	for _, v := range idfs {
		sum += float64(v)
	}
	return float32(sum)
}

// AvgFieldLength returns the average field length BM25 normalises by:
// sumTotalTermFreq / docCount in float64, rounded to float32 (Lucene's
// BM25Similarity.avgFieldLength). sumTotalTermFreq is the sum of the
// field's exact lengths over all documents — not of the one-byte norms —
// so avgdl is exact while each document's length is approximate.
func AvgFieldLength(sumTotalTermFreq, docCount int64) float32 {
	return float32(float64(sumTotalTermFreq) / float64(docCount))
}

// NoNorms is the norm byte to score with when a field stores no norms
// (keyword fields, fields mapped with norms: false): Lucene then scores
// every document as if its field had length 1 (norm 1, never 0).
const NoNorms byte = 1

// Field is BM25 bound to one field's collection statistics: avgdl and the
// 256-entry cache of 1 / (k1 · ((1 − b) + b · dl / avgdl)), one per norm
// byte. Lucene rebuilds that cache for every term; it depends only on the
// field, so one Field serves every term and phrase of a query on that
// field. A Field is immutable and safe for concurrent use.
type Field struct {
	bm25     BM25
	docCount int64
	avgdl    float32
	// normInverse[n] is Lucene's cache[n].
	normInverse [256]float32
}

// NewField returns the BM25 state for a field with the given collection
// statistics: docCount documents have the field, and their exact lengths
// sum to sumTotalTermFreq. docCount must be positive (Lucene does not
// score a field no document has).
func (s BM25) NewField(sumTotalTermFreq, docCount int64) *Field {
	f := &Field{bm25: s, docCount: docCount, avgdl: AvgFieldLength(sumTotalTermFreq, docCount)}
	for i := range f.normInverse {
		f.normInverse[i] = s.normInverse(lengthTable[i], f.avgdl)
	}
	return f
}

// normInverse is 1 / (k1 · ((1 − b) + b · dl / avgdl)) in float32, in
// Java's operation order: ((b · dl) / avgdl), then + (1 − b), then · k1,
// then 1 / that. Every intermediate is converted explicitly: the Go spec
// lets a compiler fuse x·y + z into one FMA instruction (the arm64, ppc64,
// s390x and riscv64 compilers do) unless a conversion forces the rounding,
// and Java never fuses. The same holds in every scoring function of this
// package.
func (s BM25) normInverse(dl, avgdl float32) float32 {
	lengthRatio := float32(float32(s.B*dl) / avgdl)
	return 1 / float32(s.K1*float32(float32(1-s.B)+lengthRatio))
}

// AvgFieldLength returns the field's avgdl.
func (f *Field) AvgFieldLength() float32 { return f.avgdl }

// DocCount returns the number of documents with the field (N in idf).
func (f *Field) DocCount() int64 { return f.docCount }

// Term returns the scorer of one term whose docFreq documents contain it,
// with the query boost (1 unless the query sets one).
func (f *Field) Term(boost float32, docFreq int64) TermScorer {
	idf := IDF(docFreq, f.docCount)
	return TermScorer{field: f, boost: boost, idf: idf, weight: boost * idf, docFreq: docFreq}
}

// Phrase returns the scorer of a phrase whose terms have the given
// document frequencies: its idf is the sum of the terms' idfs (Lucene's
// PhraseWeight passes every term's statistics to the similarity).
func (f *Field) Phrase(boost float32, docFreqs []int64) TermScorer {
	idfs := make([]float32, len(docFreqs))
	for i, df := range docFreqs {
		idfs[i] = IDF(df, f.docCount)
	}
	idf := SumIDF(idfs...)
	return TermScorer{field: f, boost: boost, idf: idf, weight: boost * idf, docFreq: -1, phraseDocFreqs: append([]int64(nil), docFreqs...)}
}

// TermScorer scores documents for one query term (or phrase) in one field:
// Lucene's BM25Scorer. It holds weight = boost · idf and shares the field's
// norm cache, so Score is two loads and four float operations and never
// allocates.
//
// # Monotonicity
//
// Score never decreases when freq grows and never increases when the norm
// byte grows (a longer field), for every freq > 0 and norm byte, even with
// rounding: Lucene computes weight − weight / (1 + freq · normInverse)
// precisely so that each step is monotonic (multiplication, addition and
// division round to nearest, which preserves order). So the largest score
// in a block of postings is Score at one of the block's pareto-optimal
// (freq, norm) pairs — the impacts — and Score(freq, norm) ≤ Weight for
// all of them. MaxScore gives the bound when nothing is known about a
// block.
type TermScorer struct {
	field  *Field
	boost  float32
	idf    float32
	weight float32
	// For explanations: docFreq of a single term, or -1 and the docFreqs
	// of a phrase's terms.
	docFreq        int64
	phraseDocFreqs []int64
}

// Score returns the BM25 score of a document in which the term occurs
// freq times (for phrases, the sloppy phrase frequency) and whose field
// has the norm byte norm (NoNorms when the field has no norms):
//
//	weight − weight / (1 + freq · normInverse[norm])
//
// which is weight · freq / (freq + k1 · (1 − b + b · dl / avgdl)) rewritten
// for monotonicity, bit for bit as Lucene's BM25Scorer.score.
func (t *TermScorer) Score(freq float32, norm byte) float32 {
	return t.weight - float32(t.weight/float32(1+float32(freq*t.field.normInverse[norm])))
}

// ScoreNoNorms returns the score in a field without norms: Lucene scores
// those with norm byte 1, a field of length 1.
func (t *TermScorer) ScoreNoNorms(freq float32) float32 { return t.Score(freq, NoNorms) }

// MaxScore returns the highest score this scorer can produce: Lucene's
// bound score(Float.MAX_VALUE, 1), used for a block whose impacts are
// unknown. It equals Weight.
func (t *TermScorer) MaxScore() float32 { return t.Score(math.MaxFloat32, NoNorms) }

// Weight returns boost · idf in float32, the factor every score of this
// scorer is below.
func (t *TermScorer) Weight() float32 { return t.weight }

// IDF returns the term's idf (for a phrase, the summed idf).
func (t *TermScorer) IDF() float32 { return t.idf }

// Boost returns the query boost the scorer was built with.
func (t *TermScorer) Boost() float32 { return t.boost }

// FreqExplanation is the explanation of a term's frequency in a document
// that Lucene's TermQuery hands to the similarity. Phrase queries use
// Match(Float(freq), "phraseFreq=" + JavaFloatString(freq)) instead.
func FreqExplanation(freq float32) Explanation {
	return Match(Float(freq), "freq, occurrences of term within document")
}

// Explain returns the explanation of Score(freq, norm), where freq
// explains the frequency (FreqExplanation for a term), with Lucene 10's
// BM25Similarity texts and structure:
//
//	score(freq=2.0), computed as boost * idf * tf from:
//	  boost                      (only when boost ≠ 1)
//	  idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:
//	    n, number of documents containing term
//	    N, total number of documents with field
//	  tf, computed as freq / (freq + k1 * (1 - b + b * dl / avgdl)) from:
//	    freq…, k1, b, dl (“(approximate)” above norm byte 39), avgdl
//
// A phrase's idf node is "idf, sum of:" over one such node per term.
func (t *TermScorer) Explain(freq Explanation, norm byte) Explanation {
	details := make([]Explanation, 0, 3)
	if t.boost != 1 {
		details = append(details, Match(Float(t.boost), "boost"))
	}
	details = append(details, t.explainIDF(), t.explainTF(freq, norm))
	return Match(Float(t.Score(freq.Value.Float32(), norm)),
		"score(freq="+freq.Value.String()+"), computed as boost * idf * tf from:",
		details...)
}

func (t *TermScorer) explainIDF() Explanation {
	switch len(t.phraseDocFreqs) {
	case 0:
		return IDFExplanation(t.docFreq, t.field.docCount)
	case 1: // Lucene explains a one-term phrase like a term
		return IDFExplanation(t.phraseDocFreqs[0], t.field.docCount)
	}
	terms := make([]Explanation, len(t.phraseDocFreqs))
	for i, df := range t.phraseDocFreqs {
		terms[i] = IDFExplanation(df, t.field.docCount)
	}
	return Match(Float(t.idf), "idf, sum of:", terms...)
}

// IDFExplanation returns Lucene's explanation of one term's idf.
func IDFExplanation(docFreq, docCount int64) Explanation {
	return Match(Float(IDF(docFreq, docCount)),
		"idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:",
		Match(Int(docFreq), "n, number of documents containing term"),
		Match(Int(docCount), "N, total number of documents with field"))
}

// explainTF mirrors BM25Scorer.explainTF, which recomputes the norm
// inverse from the decoded length rather than reading the cache (the
// arithmetic is the same, so is the value).
func (t *TermScorer) explainTF(freq Explanation, norm byte) Explanation {
	f := t.field
	dl := lengthTable[norm]
	dlText := "dl, length of field"
	if norm > 39 {
		// Bytes up to 39 decode to exact lengths (0..23 directly, then
		// 24..39 → lengths whose low bits are all kept).
		dlText = "dl, length of field (approximate)"
	}
	normInverse := f.bm25.normInverse(dl, f.avgdl)
	tf := 1 - float32(1/float32(1+float32(freq.Value.Float32()*normInverse)))
	return Match(Float(tf), "tf, computed as freq / (freq + k1 * (1 - b + b * dl / avgdl)) from:",
		freq,
		Match(Float(f.bm25.K1), "k1, term saturation parameter"),
		Match(Float(f.bm25.B), "b, length normalization parameter"),
		Match(Float(dl), dlText),
		Match(Float(f.avgdl), "avgdl, average length of field"))
}
