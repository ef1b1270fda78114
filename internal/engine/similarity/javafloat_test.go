package similarity

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

func TestJavaFloatString(t *testing.T) {
	tests := []struct {
		f    float32
		want string
	}{
		{0, "0.0"},
		{float32(math.Copysign(0, -1)), "-0.0"},
		{float32(math.NaN()), "NaN"},
		{float32(math.Inf(1)), "Infinity"},
		{float32(math.Inf(-1)), "-Infinity"},
		{1, "1.0"},
		{-2.5, "-2.5"},
		{0.1, "0.1"},
		{1.2, "1.2"},
		{2.2, "2.2"},
		{100, "100.0"},
		{123456.7, "123456.7"},
		{5.3333335, "5.3333335"},
		{0.001, "0.001"},              // 10⁻³: still plain
		{0.0009999999, "9.999999E-4"}, // below: scientific
		{1e-4, "1.0E-4"},
		{9999999, "9999999.0"}, // below 10⁷: plain
		{1e7, "1.0E7"},         // 10⁷: scientific
		{1.5e10, "1.5E10"},
		{2.0132659e9, "2.0132659E9"}, // JDK 17 prints 2.01326592E9, JDK 19+ the shortest
		{math.MaxFloat32, "3.4028235E38"},
		{minNormalFloat32, "1.1754944E-38"},      // JDK 17: 1.17549435E-38
		{math.SmallestNonzeroFloat32, "1.4E-45"}, // one digit would do; Java takes the closest two
		{math.Float32frombits(71), "9.9E-44"},    // 9.9E-44 is closer than 1.0E-43
		{math.Float32frombits(16), "2.2E-44"},    // JDK 17: 2.24E-44
		{3.3312242e-11, "3.3312242E-11"},
	}
	for _, tt := range tests {
		if got := JavaFloatString(tt.f); got != tt.want {
			t.Errorf("JavaFloatString(%v) = %q, want %q", tt.f, got, tt.want)
		}
	}
}

// TestJavaFloatStringProperties: the text parses back to the same float
// and no shorter decimal does.
func TestJavaFloatStringProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 200000 {
		f := math.Float32frombits(r.Uint32())
		if f != f || math.IsInf(float64(f), 0) {
			continue
		}
		s := JavaFloatString(f)
		v, err := strconv.ParseFloat(s, 32)
		if err != nil || float32(v) != f {
			t.Fatalf("JavaFloatString(%v) = %q does not round-trip", f, s)
		}
		digits, _ := splitE([]byte(strconv.FormatFloat(math.Abs(mustParse(s)), 'e', -1, 64))) // the decimal's digits
		if n := len(digits); n > 2 {
			shorter, _ := strconv.ParseFloat(strconv.FormatFloat(float64(f), 'e', n-2, 32), 32)
			if float32(shorter) == f {
				t.Fatalf("JavaFloatString(%v) = %q has more digits than needed", f, s)
			}
		}
	}
}

func BenchmarkJavaFloatString(b *testing.B) {
	buf := make([]byte, 0, 32)
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendJavaFloat(buf[:0], 0.65938103)
	}
}
