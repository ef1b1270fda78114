package similarity

import (
	"math"
	"strconv"
)

// JavaFloatString formats f exactly as Java's Float.toString does on the
// JDK that OpenSearch 3 runs on (JDK 21; the algorithm is the one specified
// since JDK 19). Lucene builds explanation texts with it ("score(freq=2.0)")
// and OpenSearch writes float values in JSON with it, so an engine that
// prints floats any other way shows different text for the same number.
//
// The rules, from the Float.toString specification:
//   - NaN, "Infinity", "-Infinity", "0.0", "-0.0".
//   - The digits are the shortest decimal that rounds back to f; among
//     decimals of that length the one closest to f (ties: even last digit).
//     When a single digit would do, Java picks the closest decimal of
//     length 2 instead (so Float.MIN_VALUE prints 1.4E-45, not 1.0E-45).
//   - For 10⁻³ ≤ |f| < 10⁷ the number is written in plain notation with at
//     least one digit after the point ("100.0", "0.001").
//   - Otherwise computerized scientific notation, one digit before the
//     point, at least one after it, and "E" with the exponent ("1.0E7",
//     "9.999999E-4", "1.4E-45").
func JavaFloatString(f float32) string {
	return string(AppendJavaFloat(nil, f))
}

// AppendJavaFloat appends JavaFloatString(f) to dst.
func AppendJavaFloat(dst []byte, f float32) []byte {
	switch {
	case f != f:
		return append(dst, "NaN"...)
	case math.IsInf(float64(f), 1):
		return append(dst, "Infinity"...)
	case math.IsInf(float64(f), -1):
		return append(dst, "-Infinity"...)
	case f == 0:
		if math.Signbit(float64(f)) {
			return append(dst, "-0.0"...)
		}
		return append(dst, "0.0"...)
	}
	if f < 0 {
		dst = append(dst, '-')
		f = -f
	}
	var buf [32]byte
	digits, exp := javaDigits(buf[:0], f)
	return appendJavaLayout(dst, digits, exp)
}

// javaDigits returns the significant digits of f > 0 (no trailing zeros)
// and the decimal exponent of the first digit: f ≈ d.ddd × 10^exp.
func javaDigits(buf []byte, f float32) ([]byte, int) {
	digits, exp := splitE(strconv.AppendFloat(buf, float64(f), 'e', -1, 32))
	if len(digits) > 1 {
		return digits, exp
	}
	// One digit suffices. Java then chooses, among the decimals of length 2
	// that round to f, the one closest to f. Only subnormals, whose
	// neighbours are far apart, can have such a decimal differ from the
	// one-digit one. The closest two-digit decimal is the correctly
	// rounded one or one of its neighbours.
	d1 := int(digits[0] - '0')
	d2, e2 := splitE(strconv.AppendFloat(buf[:0], float64(f), 'e', 1, 32))
	c := int(d2[0]-'0') * 10
	if len(d2) > 1 {
		c += int(d2[1] - '0')
	}
	q := e2 - 1 // value = c × 10^q
	best, bestQ := d1*10, exp-1
	bestDist := math.Abs(decimalValue(best, bestQ) - float64(f))
	for _, cand := range [...]int{c - 1, c, c + 1} {
		if cand <= 0 {
			continue
		}
		if !roundsTo(cand, q, f) {
			continue
		}
		d := math.Abs(decimalValue(cand, q) - float64(f))
		if d < bestDist || (d == bestDist && cand%2 == 0 && best%2 != 0) {
			best, bestQ, bestDist = cand, q, d
		}
	}
	s := strconv.AppendInt(buf[:0], int64(best), 10)
	exp = bestQ + len(s) - 1
	for len(s) > 1 && s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	return s, exp
}

// decimalValue returns c × 10^q as the nearest float64 (exact enough to
// compare distances between two-digit decimals near a float32).
func decimalValue(c, q int) float64 {
	v, _ := strconv.ParseFloat(strconv.Itoa(c)+"e"+strconv.Itoa(q), 64)
	return v
}

// roundsTo reports whether the decimal c × 10^q rounds to f as a float32
// (parsed directly, without double rounding through float64).
func roundsTo(c, q int, f float32) bool {
	v, err := strconv.ParseFloat(strconv.Itoa(c)+"e"+strconv.Itoa(q), 32)
	return err == nil && float32(v) == f
}

// splitE splits strconv's 'e' format ("d.ddde±xx") into its digits, with
// trailing zeros removed, and the exponent. It reuses b's storage.
func splitE(b []byte) ([]byte, int) {
	i := len(b) - 1
	for b[i] != 'e' {
		i--
	}
	exp, _ := strconv.Atoi(string(b[i+1:]))
	digits := b[:0]
	for _, c := range b[:i] {
		if c != '.' {
			digits = append(digits, c)
		}
	}
	for len(digits) > 1 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
	}
	return digits, exp
}

// appendJavaLayout writes digits × 10^exp in Java's plain or scientific
// layout.
func appendJavaLayout(dst, digits []byte, exp int) []byte {
	if exp < -3 || exp >= 7 {
		dst = append(dst, digits[0], '.')
		if len(digits) > 1 {
			dst = append(dst, digits[1:]...)
		} else {
			dst = append(dst, '0')
		}
		dst = append(dst, 'E')
		return strconv.AppendInt(dst, int64(exp), 10)
	}
	if exp < 0 {
		dst = append(dst, '0', '.')
		for range -exp - 1 {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	}
	// exp in [0, 6]: exp+1 integer digits.
	for i := 0; i <= exp; i++ {
		if i < len(digits) {
			dst = append(dst, digits[i])
		} else {
			dst = append(dst, '0')
		}
	}
	dst = append(dst, '.')
	if len(digits) > exp+1 {
		return append(dst, digits[exp+1:]...)
	}
	return append(dst, '0')
}
