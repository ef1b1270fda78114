package embedded

import (
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/contractsearch/contractsearch/internal/dsl"
)

// This file reproduces the bits of Java OpenSearch's query building relies
// on where they show in queries or messages: how the JSON parser's numbers
// print, Double.parseDouble, BytesRef.toString, and the iteration order of
// a HashMap of field names.

// valueString is the term text of a query value, BytesRefs.toString: a
// string as is, a number as the Java object the JSON parser made prints
// (an Integer, Long or BigInteger for an integer literal, a Double
// otherwise: 1e3 is "1000.0"), a boolean as "true" or "false".
func valueString(v dsl.Scalar) string {
	if v.Kind == 'n' {
		return javaNumberText(v.Text)
	}
	return v.Text
}

// valueToString is value.toString() in OpenSearch's messages: strings are
// BytesRefs there (RangeQueryBuilder and TermQueryBuilder convert them), which
// print as their bytes in hex: "[31 30]".
func valueToString(v dsl.Scalar) string {
	if v.Kind != 's' {
		return valueString(v)
	}
	var b strings.Builder
	b.WriteByte('[')
	for i := 0; i < len(v.Text); i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.FormatUint(uint64(v.Text[i]), 16))
	}
	b.WriteByte(']')
	return b.String()
}

// javaNumberText prints a JSON number literal as Java prints the number
// Jackson parses it into.
func javaNumberText(lit string) string {
	if !strings.ContainsAny(lit, ".eE") {
		if n, ok := new(big.Int).SetString(lit, 10); ok {
			return n.String()
		}
		return lit
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil && !math.IsInf(f, 0) {
		return lit
	}
	return javaDouble(f)
}

// javaDouble formats f as Java's Double.toString does (JDK 19 and later):
// the shortest digits that read back as f, plain between 10^-3 and 10^7
// ("1000.0", "0.5"), computerized scientific notation outside ("1.0E7").
func javaDouble(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	s := strconv.FormatFloat(f, 'e', -1, 64)
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	mant, expText, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(expText)
	digits := strings.Replace(mant, ".", "", 1)
	if abs := math.Abs(f); abs >= 1e-3 && abs < 1e7 {
		if exp < 0 {
			return sign + "0." + strings.Repeat("0", -exp-1) + digits
		}
		if len(digits) <= exp+1 {
			return sign + digits + strings.Repeat("0", exp+1-len(digits)) + ".0"
		}
		return sign + digits[:exp+1] + "." + digits[exp+1:]
	}
	frac := digits[1:]
	if frac == "" {
		frac = "0"
	}
	return sign + digits[:1] + "." + frac + "E" + strconv.Itoa(exp)
}

// parseJavaDouble is Double.parseDouble on decimal text: surrounding
// control characters and spaces trimmed, an optional sign, "NaN",
// "Infinity", or digits with an optional point and exponent, and an
// optional f, F, d or D suffix. (Hexadecimal floats are not accepted.)
func parseJavaDouble(s string) (float64, bool) {
	s = javaTrim(s)
	body := s
	if body != "" && (body[0] == '+' || body[0] == '-') {
		body = body[1:]
	}
	switch body {
	case "NaN":
		return math.NaN(), true
	case "Infinity":
		if s[0] == '-' {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	}
	if n := len(s); n > 0 && strings.ContainsRune("fFdD", rune(s[n-1])) {
		s = s[:n-1]
	}
	digits, point, exp := 0, false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if !exp {
				digits++
			}
		case c == '.' && !point && !exp:
			point = true
		case (c == 'e' || c == 'E') && !exp && digits > 0:
			exp = true
			if i+1 < len(s) && (s[i+1] == '+' || s[i+1] == '-') {
				i++
			}
			if i+1 >= len(s) {
				return 0, false
			}
		case (c == '+' || c == '-') && i == 0:
		default:
			return 0, false
		}
	}
	if digits == 0 {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(f, 0) && f != 0 {
		return 0, false
	}
	return f, true
}

// javaStringHash is String.hashCode: over UTF-16 code units, h = 31h + c.
func javaStringHash(s string) int32 {
	var h int32
	for _, r := range s {
		if r >= 0x10000 {
			hi, lo := utf16.EncodeRune(r)
			h = 31*h + hi
			h = 31*h + lo
			continue
		}
		h = 31*h + r
	}
	return h
}

// javaHashOrder returns keys (distinct, in insertion order) in the order a
// java.util.HashMap with default capacity iterates them: by bucket, the
// spread hash masked by the table size, and in insertion order within a
// bucket. OpenSearch keeps simple_query_string's fields in HashMaps, so this
// is the order of its per-field disjunctions.
func javaHashOrder(keys []string) []string {
	capacity := 16
	for len(keys) > capacity*3/4 {
		capacity *= 2
	}
	bucket := func(k string) int {
		h := uint32(javaStringHash(k))
		return int((h ^ h>>16) & uint32(capacity-1))
	}
	out := slices.Clone(keys)
	slices.SortStableFunc(out, func(a, b string) int { return bucket(a) - bucket(b) })
	return out
}
