package similarity

import (
	"fmt"
	"math"
)

// MaxFeatureFreq is the largest term frequency a finite feature value
// encodes to: the top 17 bits of math.MaxFloat32 (Lucene's
// FeatureField.MAX_FREQ).
const MaxFeatureFreq = 0x7f7fffff >> 15 // 65279

// minNormalFloat32 is Java's Float.MIN_NORMAL, the smallest feature value
// Lucene accepts.
const minNormalFloat32 = 0x1p-126

// EncodeFeature returns the term frequency under which Lucene's
// FeatureField indexes a rank feature value: the float's bits shifted
// right by 15, which keeps the sign, the exponent and the 8 high mantissa
// bits — 9 significant bits, a relative precision of 2⁻⁸. Truncation, so
// decoding never gives more than the original. The value must be finite
// and at least the smallest normal float (positive), as Lucene requires;
// OpenSearch stores 1/value instead for fields mapped with
// positive_score_impact: false, before this encoding.
func EncodeFeature(v float32) (uint32, error) {
	if math.IsInf(float64(v), 0) || v != v {
		return 0, fmt.Errorf("featureValue must be finite, got: %s", JavaFloatString(v))
	}
	if v < minNormalFloat32 {
		return 0, fmt.Errorf("featureValue must be a positive normal float, got: %s which is less than the minimum positive normal float: %s",
			JavaFloatString(v), JavaFloatString(minNormalFloat32))
	}
	return math.Float32bits(v) >> 15, nil
}

// DecodeFeature returns the feature value a term frequency stands for
// (FeatureField.decodeFeatureValue). Frequencies above MaxFeatureFreq,
// which no finite value encodes to, decode to math.MaxFloat32, as in
// Lucene, where callers pass huge frequencies to bound scores.
func DecodeFeature(freq uint32) float32 {
	if freq > MaxFeatureFreq {
		return math.MaxFloat32
	}
	return math.Float32frombits(freq << 15)
}

// decodeFeatureFloat is decodeFeatureValue on a float frequency, as Lucene
// calls it when computing a default pivot: the fraction is dropped.
func decodeFeatureFloat(freq float32) float32 {
	if freq > MaxFeatureFreq {
		return math.MaxFloat32
	}
	return math.Float32frombits(uint32(int32(freq)) << 15) // Java's (int) cast truncates
}

// DefaultSaturationPivot returns the pivot Lucene computes for a
// saturation function given without one
// (FeatureField.computePivotFeatureValue): the mean of the feature's
// encoded values, (float)(totalTermFreq / (double)docFreq), decoded back to
// a feature value. Averaging the float bits makes it approximately the
// geometric mean of the values. totalTermFreq and docFreq are the feature
// term's statistics over the whole index (the sum of the encoded values
// and the number of documents with the feature); with docFreq 0 the pivot
// is 1.
func DefaultSaturationPivot(totalTermFreq, docFreq int64) float32 {
	if docFreq == 0 {
		return 1
	}
	return decodeFeatureFloat(float32(float64(totalTermFreq) / float64(docFreq)))
}

// FeatureFunction turns a rank feature into a score: one of Saturation,
// Log, Sigmoid and Linear, each bit for bit as Lucene's FeatureField
// function of the same name.
//
// w is the function's weight. OpenSearch's rank_feature query builds the
// Lucene query with weight 1 and applies the query's boost through a
// BoostQuery, which Lucene hands to the function as its weight; so w is
// the rank_feature query's boost (1 by default).
//
// Every function is non-decreasing in freq, so the score of a block of
// postings is bounded by Score at the block's largest frequency (or
// Score(w, math.MaxUint32), Lucene's bound when nothing is known).
type FeatureFunction interface {
	// Score returns the score of a document whose feature is indexed
	// with term frequency freq.
	Score(w float32, freq uint32) float32
	// Explain returns Lucene's explanation of Score for the feature
	// named feature stored in field (OpenSearch: field "_feature",
	// feature = the rank_feature field's name).
	Explain(field, feature string, w float32, freq uint32) Explanation
	// String returns the Java toString of the function, which Lucene
	// puts into FeatureQuery's text.
	String() string
}

var (
	_ FeatureFunction = Saturation{}
	_ FeatureFunction = Log{}
	_ FeatureFunction = Sigmoid{}
	_ FeatureFunction = Linear{}
)

// FeatureQueryString returns Lucene's FeatureQuery.toString, which its
// non-matching explanations quote.
func FeatureQueryString(field, feature string, fn FeatureFunction) string {
	return "FeatureQuery(field=" + field + ", feature=" + feature + ", function=" + fn.String() + ")"
}

func isPositiveFinite(v float32) bool { return v > 0 && !math.IsInf(float64(v), 1) }

// Saturation scores w · S / (S + pivot): half of w at S = pivot,
// approaching w for large S.
type Saturation struct {
	pivot float32
}

// NewSaturation returns the saturation function with the given pivot,
// which must be positive and finite (use DefaultSaturationPivot when the
// query gives none).
func NewSaturation(pivot float32) (Saturation, error) {
	if !isPositiveFinite(pivot) {
		return Saturation{}, fmt.Errorf("pivot must be > 0, got: %s", JavaFloatString(pivot))
	}
	return Saturation{pivot: pivot}, nil
}

// Pivot returns the feature value that scores w/2.
func (s Saturation) Pivot() float32 { return s.pivot }

// Score returns w · (1 − pivot / (S + pivot)) in float32 — Lucene's
// rewrite of S / (S + pivot) that cannot decrease with S despite rounding.
func (s Saturation) Score(w float32, freq uint32) float32 {
	f := DecodeFeature(freq)
	return w * float32(1-float32(s.pivot/float32(f+s.pivot)))
}

// Explain returns Lucene's explanation of Score.
func (s Saturation) Explain(field, feature string, w float32, freq uint32) Explanation {
	return Match(Float(s.Score(w, freq)),
		"Saturation function on the "+field+" field for the "+feature+" feature, computed as w * S / (S + k) from:",
		Match(Float(w), "w, weight of this function"),
		Match(Float(s.pivot), "k, pivot feature value that would give a score contribution equal to w/2"),
		Match(Float(DecodeFeature(freq)), "S, feature value"))
}

// String returns "SaturationFunction(pivot=…)".
func (s Saturation) String() string {
	return "SaturationFunction(pivot=" + JavaFloatString(s.pivot) + ")"
}

// Log scores w · ln(scalingFactor + S).
type Log struct {
	scalingFactor float32
}

// NewLog returns the log function; scalingFactor must be finite and ≥ 1
// so that scores are never negative.
func NewLog(scalingFactor float32) (Log, error) {
	if !(scalingFactor >= 1) || math.IsInf(float64(scalingFactor), 1) {
		return Log{}, fmt.Errorf("scalingFactor must be >= 1, got: %s", JavaFloatString(scalingFactor))
	}
	return Log{scalingFactor: scalingFactor}, nil
}

// ScalingFactor returns a in w · ln(a + S).
func (l Log) ScalingFactor() float32 { return l.scalingFactor }

// Score returns (float)(w · ln(a + S)): a + S in float32, the logarithm
// and the product in float64, one rounding at the end.
func (l Log) Score(w float32, freq uint32) float32 {
	sum := float32(l.scalingFactor + DecodeFeature(freq))
	return float32(float64(w) * math.Log(float64(sum)))
}

// Explain returns Lucene's explanation of Score.
func (l Log) Explain(field, feature string, w float32, freq uint32) Explanation {
	return Match(Float(l.Score(w, freq)),
		"Log function on the "+field+" field for the "+feature+" feature, computed as w * log(a + S) from:",
		Match(Float(w), "w, weight of this function"),
		Match(Float(l.scalingFactor), "a, scaling factor"),
		Match(Float(DecodeFeature(freq)), "S, feature value"))
}

// String returns "LogFunction(scalingFactor=…)".
func (l Log) String() string {
	return "LogFunction(scalingFactor=" + JavaFloatString(l.scalingFactor) + ")"
}

// Sigmoid scores w · S^a / (S^a + pivot^a).
type Sigmoid struct {
	pivot, exp float32
	pivotPa    float64 // pivot^a, computed once as Lucene does
}

// NewSigmoid returns the sigmoid function; pivot and exp must be positive
// and finite.
func NewSigmoid(pivot, exp float32) (Sigmoid, error) {
	if !isPositiveFinite(pivot) {
		return Sigmoid{}, fmt.Errorf("pivot must be > 0, got: %s", JavaFloatString(pivot))
	}
	if !isPositiveFinite(exp) {
		return Sigmoid{}, fmt.Errorf("exp must be > 0, got: %s", JavaFloatString(exp))
	}
	return Sigmoid{pivot: pivot, exp: exp, pivotPa: math.Pow(float64(pivot), float64(exp))}, nil
}

// Pivot returns the feature value that scores w/2.
func (s Sigmoid) Pivot() float32 { return s.pivot }

// Exp returns the exponent a.
func (s Sigmoid) Exp() float32 { return s.exp }

// Score returns (float)(w · (1 − pivot^a / (S^a + pivot^a))), all in
// float64 — Lucene's monotonic rewrite of S^a / (S^a + pivot^a).
func (s Sigmoid) Score(w float32, freq uint32) float32 {
	f := DecodeFeature(freq)
	denom := float64(math.Pow(float64(f), float64(s.exp)) + s.pivotPa)
	return float32(float64(w) * float64(1-float64(s.pivotPa/denom)))
}

// Explain returns Lucene's explanation of Score.
func (s Sigmoid) Explain(field, feature string, w float32, freq uint32) Explanation {
	return Match(Float(s.Score(w, freq)),
		"Sigmoid function on the "+field+" field for the "+feature+" feature, computed as w * S^a / (S^a + k^a) from:",
		Match(Float(w), "w, weight of this function"),
		Match(Float(s.pivot), "k, pivot feature value that would give a score contribution equal to w/2"),
		Match(Float(s.exp), "a, exponent, higher values make the function grow slower before k and faster after k"),
		Match(Float(DecodeFeature(freq)), "S, feature value"))
}

// String returns "SigmoidFunction(pivot=…, a=…)".
func (s Sigmoid) String() string {
	return "SigmoidFunction(pivot=" + JavaFloatString(s.pivot) + ", a=" + JavaFloatString(s.exp) + ")"
}

// Linear scores w · S: the feature value as it is.
type Linear struct{}

// Score returns w · S in float32.
func (Linear) Score(w float32, freq uint32) float32 { return w * DecodeFeature(freq) }

// Explain returns Lucene's explanation of Score.
func (l Linear) Explain(field, feature string, w float32, freq uint32) Explanation {
	return Match(Float(l.Score(w, freq)),
		"Linear function on the "+field+" field for the "+feature+" feature, computed as w * S from:",
		Match(Float(w), "w, weight of this function"),
		Match(Float(DecodeFeature(freq)), "S, feature value"))
}

// String returns "LinearFunction".
func (Linear) String() string { return "LinearFunction" }
