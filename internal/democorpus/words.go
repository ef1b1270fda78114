package democorpus

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

var ones = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
var tens = []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}

// numberWords spells 0 ≤ n < 1000 in words, as contracts do:
// 45 → "forty-five", 120 → "one hundred twenty".
func numberWords(n int) string {
	switch {
	case n < 20:
		return ones[n]
	case n < 100:
		if n%10 == 0 {
			return tens[n/10]
		}
		return tens[n/10] + "-" + ones[n%10]
	default:
		s := ones[n/100] + " hundred"
		if n%100 != 0 {
			s += " " + numberWords(n%100)
		}
		return s
	}
}

// spelled is the legal "thirty (30)" form.
func spelled(n int) string { return fmt.Sprintf("%s (%d)", numberWords(n), n) }

// period is "thirty (30) days" or "one (1) year".
func period(n int, unit string) string {
	if n != 1 {
		unit += "s"
	}
	return spelled(n) + " " + unit
}

var ordinals = []string{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}

// money formats whole dollars with thousands separators: "$1,250,000".
func money(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return "$" + b.String()
}

// grouped formats a count with thousands separators: "50,000".
func grouped(n int) string { return strings.TrimPrefix(money(n), "$") }

// longDate is "March 3, 2014".
func longDate(t time.Time) string { return t.Format("January 2, 2006") }

// dayOfDate is "the 3rd day of March, 2014".
func dayOfDate(t time.Time) string {
	d := t.Day()
	suffix := "th"
	if d < 11 || d > 13 {
		switch d % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprintf("the %d%s day of %s, %d", d, suffix, t.Month(), t.Year())
}

// europeanDate is "3 March 2014".
func europeanDate(t time.Time) string { return t.Format("2 January 2006") }

// smallWords stay lower-case inside a title-cased heading.
var smallWords = map[string]bool{"and": true, "of": true, "the": true, "to": true, "for": true, "in": true, "on": true, "a": true, "an": true, "or": true}

// titleCase turns "EXCLUSIVE DISTRIBUTOR AGREEMENT" into "Exclusive
// Distributor Agreement", keeping short words lower-case after the first.
func titleCase(s string) string {
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		if i > 0 && smallWords[w] {
			continue
		}
		words[i] = capitalizeParts(w)
	}
	return strings.Join(words, " ")
}

// capitalizeParts capitalizes each hyphen- or parenthesis-separated part:
// "co-branding" → "Co-Branding", "(underwriting)" → "(Underwriting)".
func capitalizeParts(w string) string {
	b := []byte(w)
	up := true
	for i, c := range b {
		if up && 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
		up = c == '-' || c == '('
	}
	return string(b)
}

// roman returns the Roman numeral of 1 ≤ n < 40.
func roman(n int) string {
	var b strings.Builder
	for _, p := range []struct {
		v int
		s string
	}{{10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"}} {
		for n >= p.v {
			b.WriteString(p.s)
			n -= p.v
		}
	}
	return b.String()
}
