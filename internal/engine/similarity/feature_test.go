package similarity

import (
	"math"
	"strings"
	"testing"
)

// TestEncodeFeatureAnnotated shows the 9-significant-bit encoding.
func TestEncodeFeatureAnnotated(t *testing.T) {
	tests := []struct {
		v    float32
		freq uint32
		back float32
	}{
		{1, 0x3f800000 >> 15, 1},                 // 32512: sign 0, exponent 127, mantissa 0
		{1.0039062, 0x3f808000 >> 15, 1.0039062}, // 1 + 2⁻⁸: the smallest step above 1
		{1.003, 32512, 1},                        // below that step: truncated to 1
		{2, 0x40000000 >> 15, 2},                 // 32768
		{16, 0x41800000 >> 15, 16},               // 33536
		{100.7, 0x42c96666 >> 15, 100.5},         // 8 mantissa bits: 100.5, the next is 101
		{minNormalFloat32, 0x00800000 >> 15, minNormalFloat32},
		{math.MaxFloat32, MaxFeatureFreq, 3.3961775e38}, // the low 15 mantissa bits are dropped
	}
	for _, tt := range tests {
		freq, err := EncodeFeature(tt.v)
		if err != nil || freq != tt.freq {
			t.Errorf("EncodeFeature(%v) = %d, %v; want %d", tt.v, freq, err, tt.freq)
		}
		if got := DecodeFeature(freq); got != tt.back {
			t.Errorf("DecodeFeature(%d) = %v, want %v", freq, got, tt.back)
		}
	}
	if got := DecodeFeature(MaxFeatureFreq + 1); got != math.MaxFloat32 {
		t.Errorf("DecodeFeature(MaxFeatureFreq+1) = %v, want MaxFloat32", got)
	}
	for _, v := range []float32{0, -1, float32(math.NaN()), float32(math.Inf(1)), 1e-40} {
		if _, err := EncodeFeature(v); err == nil {
			t.Errorf("EncodeFeature(%v) accepted", v)
		}
	}
	_, err := EncodeFeature(-1)
	if want := "featureValue must be a positive normal float, got: -1.0 which is less than the minimum positive normal float: 1.1754944E-38"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

// TestFeatureHandComputed works the functions through by hand.
func TestFeatureHandComputed(t *testing.T) {
	six, _ := EncodeFeature(6) // 33152
	// Saturation, pivot 16, weight 50 (DESIGN's sample rank_feature
	// clause): 50 · (1 − 16 / (6 + 16)) = 50 · (1 − 0.72727275) = 50 · 0.27272725 = 13.636362
	// (S / (S + k) directly would give 50 · 0.27272728 = 13.636364).
	sat, _ := NewSaturation(16)
	if got := sat.Score(50, six); got != 13.636362 {
		t.Errorf("saturation = %v, want 13.636362", got)
	}
	// Log, a = 1: (float)(2 · ln(1 + 6)) = (float)(2 · 1.9459101090932196) = 3.8918202
	lg, _ := NewLog(1)
	if got := lg.Score(2, six); got != 3.8918202 {
		t.Errorf("log = %v, want 3.8918202", got)
	}
	// Sigmoid, k = 6, a = 2: S = k gives w/2 exactly: 1 − 36 / (36 + 36) = 0.5.
	sig, _ := NewSigmoid(6, 2)
	if got := sig.Score(3, six); got != 1.5 {
		t.Errorf("sigmoid = %v, want 1.5", got)
	}
	if got := (Linear{}).Score(0.5, six); got != 3 {
		t.Errorf("linear = %v, want 3", got)
	}
}

// TestDefaultSaturationPivot: the pivot is the mean of the encoded values,
// decoded — roughly their geometric mean.
func TestDefaultSaturationPivot(t *testing.T) {
	// Values 1 and 4 encode to 32512 and 33024; their mean 32768 decodes
	// to 2, the geometric mean of 1 and 4.
	one, _ := EncodeFeature(1)
	four, _ := EncodeFeature(4)
	if got := DefaultSaturationPivot(int64(one)+int64(four), 2); got != 2 {
		t.Errorf("pivot of {1, 4} = %v, want 2", got)
	}
	// The mean's fraction is dropped: (32512 + 32513) / 2 = 32512.5 → 32512 → 1.
	if got := DefaultSaturationPivot(32512+32513, 2); got != 1 {
		t.Errorf("pivot = %v, want 1", got)
	}
	if got := DefaultSaturationPivot(0, 0); got != 1 {
		t.Errorf("pivot without documents = %v, want 1", got)
	}
}

func TestFeatureFunctionValidation(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want string
	}{
		{second(NewSaturation(0)), "pivot must be > 0, got: 0.0"},
		{second(NewSaturation(float32(math.Inf(1)))), "pivot must be > 0, got: Infinity"},
		{second(NewLog(0.5)), "scalingFactor must be >= 1, got: 0.5"},
		{second(NewLog(float32(math.NaN()))), "scalingFactor must be >= 1, got: NaN"},
		{second(NewSigmoid(-1, 1)), "pivot must be > 0, got: -1.0"},
		{second(NewSigmoid(1, 0)), "exp must be > 0, got: 0.0"},
	} {
		if tt.err == nil || tt.err.Error() != tt.want {
			t.Errorf("got %v, want %q", tt.err, tt.want)
		}
	}
}

func second[T any](_ T, err error) error { return err }

// TestFeatureMonotone: every function is non-decreasing in the frequency,
// so a block's largest frequency bounds its scores.
func TestFeatureMonotone(t *testing.T) {
	sat, _ := NewSaturation(16)
	lg, _ := NewLog(2.7182817)
	sig, _ := NewSigmoid(3.3, 2.5)
	for _, fn := range []FeatureFunction{sat, lg, sig, Linear{}} {
		for _, w := range []float32{0.3, 1, 50} {
			prev := float32(0)
			for freq := uint32(1); freq <= MaxFeatureFreq+1; freq++ {
				s := fn.Score(w, freq)
				if s < prev {
					t.Fatalf("%v w=%v: score decreases at freq %d: %v → %v", fn, w, freq, prev, s)
				}
				prev = s
			}
			if bound := fn.Score(w, math.MaxUint32); bound < prev {
				t.Errorf("%v: bound %v below max %v", fn, bound, prev)
			}
		}
	}
}

func TestFeatureStrings(t *testing.T) {
	sat, _ := NewSaturation(16)
	sig, _ := NewSigmoid(3.3, 2.5)
	lg, _ := NewLog(1)
	for fn, want := range map[FeatureFunction]string{
		sat:      "SaturationFunction(pivot=16.0)",
		sig:      "SigmoidFunction(pivot=3.3, a=2.5)",
		lg:       "LogFunction(scalingFactor=1.0)",
		Linear{}: "LinearFunction",
	} {
		if fn.String() != want {
			t.Errorf("String() = %q, want %q", fn.String(), want)
		}
	}
	if got := FeatureQueryString("_feature", "weight_rank", sat); got != "FeatureQuery(field=_feature, feature=weight_rank, function=SaturationFunction(pivot=16.0))" {
		t.Errorf("FeatureQueryString = %q", got)
	}
	six, _ := EncodeFeature(6)
	got := sat.Explain("_feature", "weight_rank", 50, six).String()
	want := `13.636362 = Saturation function on the _feature field for the weight_rank feature, computed as w * S / (S + k) from:
  50.0 = w, weight of this function
  16.0 = k, pivot feature value that would give a score contribution equal to w/2
  6.0 = S, feature value
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if e := sig.Explain("f", "x", 1, six); !strings.HasPrefix(e.Details[2].Description, "a, exponent") || e.Details[2].Value.Float32() != 2.5 {
		t.Errorf("sigmoid exponent node: %+v", e.Details[2])
	}
}
