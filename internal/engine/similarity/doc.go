// Package similarity owns Lucene's scoring arithmetic: the one-byte field
// length norms (SmallFloat), BM25 as OpenSearch 3 scores text and keyword
// fields, the rank-feature functions (FeatureField), and the explanation
// trees and float texts Lucene prints — each reproduced bit for bit, so
// that the embedded engine returns the scores, the order and the
// `_explanation` OpenSearch 3.x (Lucene 10) returns.
//
// It is pure arithmetic: statistics in, float32 out. Reading postings,
// norms and statistics from segments is the search layer's job.
//
// # Bit for bit
//
// Lucene scores in float32 (Java float), with some steps in float64; the
// order of operations decides the last bits, and the last bits decide the
// order of hits with close scores. Every function here performs Java's
// operations in Java's order and rounds where Java rounds. Go may fuse
// x·y + z into one fused multiply-add (the arm64, ppc64, s390x and riscv64
// compilers do; amd64 does not), which Java never does; an explicit
// float32(…) or float64(…) conversion around each product forbids it (Go
// spec, "Arithmetic operators"), hence the conversions that look
// redundant. TestNoFusedMultiplyAdd checks the arm64 code.
//
// ln and pow are computed with Go's math.Log and math.Pow where Java calls
// HotSpot's Math.log and Math.pow intrinsics. The two libraries disagree in
// the last bit of a float64 now and then (≈8% of idf arguments for log; pow
// more often); the results are rounded to float32, and a one-ulp float64
// difference changes the float32 only if it straddles a float32 rounding
// boundary (odds ≈ 2⁻²⁹ per value). No golden value and none of 300,000
// random idf and pow cases differ after rounding.
//
// # Norms
//
// Lucene stores one byte per document and text field: the field's length —
// its number of tokens, minus tokens at the same position as the previous
// one (synonyms; the standard analyzer makes none) — encoded by IntToByte4:
// 0..23 exactly, above that 4 significant bits, rounded down. A field that
// indexes only documents (no frequencies) counts unique terms instead. A
// field with no tokens has no norm and matches nothing. Fields without
// norms (keyword fields, norms: false) are scored with norm byte 1 (see
// NoNorms).
//
// # BM25
//
// OpenSearch 3 scores with Lucene's BM25Similarity, k1 = 1.2, b = 0.75, the
// formula without the (k1 + 1) factor. (Up to 2.x the default was
// LegacyBM25Similarity, whose scores are 2.2 times larger and whose
// explanations show "2.2 = boost"; OpenSearch 3.0 switched, issue #17315.)
//
//	score = boost · idf · freq / (freq + k1 · (1 − b + b · dl / avgdl))
//	idf   = ln(1 + (N − n + 0.5) / (n + 0.5))   N = docs with the field, n = docs with the term
//	avgdl = sumTotalTermFreq / N                 exact lengths, one value per field and index
//	dl    = Byte4ToInt(norm)                     the document's approximate length
//
// computed as Lucene does: weight = boost · idf once per query term, the
// per-norm factor 1 / (k1 · (1 − b + b · dl / avgdl)) once per field for all
// 256 norm bytes (Field), then weight − weight / (1 + freq · factor) per
// document (TermScorer.Score), which is monotonic in freq and in the norm
// despite rounding — what block-max pruning needs. A phrase's idf is the
// sum of its terms' idfs.
//
// # Rank features
//
// OpenSearch's rank_feature field indexes a value v as the term frequency
// of a term in the `_feature` field: the top 17 bits of the float
// (EncodeFeature), 9 significant bits. The rank_feature query scores the
// decoded value with one of Saturation (the default), Log, Sigmoid or
// Linear, the query's boost as the function's weight; a saturation without
// a pivot uses DefaultSaturationPivot, computed from the feature term's
// index statistics.
//
// # Explanations
//
// Explanation mirrors Lucene's: Match/NoMatch, a value that is a float or a
// long (Number), Lucene's exact description strings. Numbers print as
// Java's Float.toString — JavaFloatString, written to the JDK 19+
// specification that OpenSearch 3's JDK 21 follows.
//
// # Verification
//
// testdata/lucene/Golden.java prints, with Lucene's own classes, SmallFloat
// for all 256 bytes and 10,000 lengths; 3,800 idf and 3,700 avgdl values;
// 20 BM25 norm caches and 61,000 scores over grids of freq (1..50,
// fractional, huge) × norm byte × boost (1, 0.5, 2.5, 50) × statistics ×
// k1, b; BM25
// explanations from the SimScorer API and from TermQuery on a real index
// (text and keyword fields); feature encodings read back from an index,
// decodings, all four functions, their explanations, default pivots from
// real indexes with a boosted saturation query; and Float.toString of
// 15,000 floats. The Go tests compare every number bit for bit and every
// explanation text for text; TestGoldenIsCurrent reruns the program when
// javac and a lucene-core jar are installed.
//
// The jar available here is Lucene 8.8.1 (Debian's lucene-core-8.7.0.jar).
// The arithmetic of BM25Similarity, SmallFloat and FeatureField and their
// explanation texts are identical in Lucene 10 (compared source against
// bytecode), with one exception: Lucene 8's sigmoid explanation printed the
// pivot in the "a, exponent" node, which Lucene 10 fixed; this package
// follows Lucene 10 and the test accounts for the old text. Float texts
// that JDK 17 prints differently from JDK 19+ (values ≥ 10⁷, some
// subnormals, Float.MIN_NORMAL) are checked against the JDK 19+ rules.
package similarity
