package embedded

import (
	"strconv"
	"strings"
	"time"
)

// defaultDateFormat is OpenSearch's format of a date field that names none.
const defaultDateFormat = "strict_date_optional_time||epoch_millis"

// dateFormat is a parsed date format: alternatives separated by "||", tried
// in order, as OpenSearch's DateFormatter.forPattern builds them.
type dateFormat struct {
	spec    string
	parsers []dateParser
}

// dateParser parses one alternative. It reports the fields it read; the
// caller fills the others with their defaults, or, rounding up, with the
// values OpenSearch's round-up parser uses.
type dateParser func(s string) (dateFields, bool)

// dateFields are the fields of a parsed date; has* say which were present.
type dateFields struct {
	year, month, day, hour, minute, second, nano int
	hasMonth, hasDay, hasHour, hasMinute         bool
	hasSecond, hasNano                           bool
	// offset is the zone offset in seconds east of UTC.
	offset int
	// epoch, when set, is an instant given as epoch milliseconds (with
	// roundUp the fraction of a second epoch_second rounds up to).
	epoch    *int64
	epochSec bool
}

// parseDateFormat parses a format spec. Named formats and Java patterns
// made of the letters y, u, M, d, H, m, s and S with literals are known;
// anything else fails as OpenSearch fails for an invalid format, or is
// reported as unsupported.
func parseDateFormat(spec string) (*dateFormat, error) {
	df := &dateFormat{spec: spec}
	for _, part := range strings.Split(spec, "||") {
		part = strings.TrimSpace(part)
		p, err := dateParserFor(part)
		if err != nil {
			return nil, err
		}
		df.parsers = append(df.parsers, p)
	}
	return df, nil
}

func dateParserFor(name string) (dateParser, error) {
	switch name {
	case "epoch_millis":
		return epochParser(false), nil
	case "epoch_second":
		return epochParser(true), nil
	case "strict_date_optional_time", "strict_date_optional_time_nanos":
		return isoParser(true), nil
	case "date_optional_time":
		return isoParser(false), nil
	case "strict_date", "date":
		name = "yyyy-MM-dd"
	case "strict_year", "year":
		name = "yyyy"
	case "strict_year_month", "year_month":
		name = "yyyy-MM"
	case "basic_date":
		name = "yyyyMMdd"
	case "strict_date_hour_minute_second", "date_hour_minute_second":
		name = "yyyy-MM-dd'T'HH:mm:ss"
	case "strict_date_hour_minute", "date_hour_minute":
		name = "yyyy-MM-dd'T'HH:mm"
	case "strict_date_hour_minute_second_millis", "date_hour_minute_second_millis":
		name = "yyyy-MM-dd'T'HH:mm:ss.SSS"
	}
	return patternParser(name)
}

// parseBound parses a range bound or term value with the format: the first
// alternative that reads all of s wins. Rounding up fills the missing
// fields as OpenSearch's round-up parser does (month and day 1, then
// 23:59:59.999999999), which makes an inclusive upper bound take in its
// whole day, or minute, or second.
func (df *dateFormat) parseBound(s string, roundUp bool) (int64, error) {
	if strings.HasPrefix(s, "now") || strings.Contains(s, "||") {
		return 0, unsupported("date math [%s]", s)
	}
	if s == "" {
		return 0, failedToCreate("parse_exception", "cannot parse empty date")
	}
	for _, p := range df.parsers {
		f, ok := p(s)
		if !ok {
			continue
		}
		if ms, ok := f.millis(roundUp); ok {
			return ms, nil
		}
	}
	msg := "failed to parse date field [" + s + "] with format [" + df.spec + "]"
	return 0, failedToCreate("parse_exception", "%s: [%s]", msg, msg)
}

// millis resolves the fields to epoch milliseconds, failing on an invalid
// date (the strict resolver rejects 2010-02-30).
func (f dateFields) millis(roundUp bool) (int64, bool) {
	if f.epoch != nil {
		ms := *f.epoch
		if f.epochSec && roundUp {
			ms += 999
		}
		return ms, true
	}
	month, day, hour, minute, second, nano := 1, 1, 0, 0, 0, 0
	if roundUp {
		hour, minute, second, nano = 23, 59, 59, 999_999_999
	}
	if f.hasMonth {
		month = f.month
	}
	if f.hasDay {
		day = f.day
	}
	if f.hasHour {
		hour = f.hour
		if roundUp {
			minute, second, nano = 59, 59, 999_999_999
		}
	}
	if f.hasMinute {
		minute = f.minute
	}
	if f.hasSecond {
		second = f.second
	}
	if f.hasNano {
		nano = f.nano
	}
	if month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59 {
		return 0, false
	}
	t := time.Date(f.year, time.Month(month), day, hour, minute, second, nano, time.UTC)
	if t.Day() != day { // the day does not exist in that month
		return 0, false
	}
	return t.UnixMilli() - int64(f.offset)*1000, true
}

// epochParser reads epoch_millis or epoch_second: an optional '-', digits
// and an optional fraction.
func epochParser(seconds bool) dateParser {
	return func(s string) (dateFields, bool) {
		whole, frac, _ := strings.Cut(s, ".")
		n, err := strconv.ParseInt(whole, 10, 64)
		if err != nil || strings.HasPrefix(whole, "+") || !allDigits(frac) {
			return dateFields{}, false
		}
		if seconds {
			ms := n * 1000
			if frac != "" {
				f := (frac + "000")[:3]
				v, _ := strconv.ParseInt(f, 10, 64)
				if n < 0 {
					v = -v
				}
				ms += v
			}
			return dateFields{epoch: &ms, epochSec: frac == ""}, true
		}
		return dateFields{epoch: &n}, true
	}
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isoParser reads strict_date_optional_time (strict: four-digit year, two
// digits elsewhere) or date_optional_time: year[-MM[-dd[THH[:mm[:ss[.f]]]]]]
// with an optional zone, Z or ±HH[:]mm or ±HH.
func isoParser(strict bool) dateParser {
	return func(s string) (dateFields, bool) {
		var f dateFields
		sc := scanner{s: s}
		minYear := 4
		if !strict {
			minYear = 1
		}
		neg := sc.accept('-')
		y, ok := sc.digits(minYear, 9)
		if !ok {
			return f, false
		}
		if neg {
			y = -y
		}
		f.year = y
		minField := 2
		if !strict {
			minField = 1
		}
		if sc.accept('-') {
			if f.month, ok = sc.digits(minField, 2); !ok {
				return f, false
			}
			f.hasMonth = true
			if sc.accept('-') {
				if f.day, ok = sc.digits(minField, 2); !ok {
					return f, false
				}
				f.hasDay = true
				if sc.accept('T') {
					if f.hour, ok = sc.digits(minField, 2); ok {
						f.hasHour = true
						if sc.accept(':') {
							if f.minute, ok = sc.digits(minField, 2); !ok {
								return f, false
							}
							f.hasMinute = true
							if sc.accept(':') {
								if f.second, ok = sc.digits(minField, 2); !ok {
									return f, false
								}
								f.hasSecond = true
								if sc.accept('.') || sc.accept(',') {
									if f.nano, ok = sc.fraction(); !ok {
										return f, false
									}
									f.hasNano = true
								}
							}
						}
					}
					if !sc.zone(&f) && !sc.done() {
						return f, false
					}
				}
			}
		}
		return f, sc.done()
	}
}

// patternParser compiles a Java DateTimeFormatter pattern made of the
// letters y/u (year), M (month), d (day), H (hour), m (minute), s (second)
// and S (fraction), with quoted or punctuation literals.
func patternParser(pattern string) (dateParser, error) {
	type element struct {
		letter   byte
		min, max int
		literal  string
	}
	var elems []element
	for i := 0; i < len(pattern); {
		c := pattern[i]
		switch {
		case c == '\'':
			j := strings.IndexByte(pattern[i+1:], '\'')
			if j < 0 {
				return nil, invalidDateFormat(pattern, "Pattern ends with an incomplete string literal: "+pattern)
			}
			lit := pattern[i+1 : i+1+j]
			if lit == "" {
				lit = "'"
			}
			elems = append(elems, element{literal: lit})
			i += j + 2
		case (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'):
			n := 1
			for i+n < len(pattern) && pattern[i+n] == c {
				n++
			}
			e := element{letter: c, min: n, max: n}
			switch c {
			case 'y', 'u':
				e.letter = 'y'
				switch n {
				case 1:
					e.max = 19
				case 2:
					return nil, unsupported("the two-digit year pattern [%s]", pattern)
				default:
					e.max = 19
				}
			case 'M', 'd', 'H', 'm', 's':
				if n > 2 {
					return nil, unsupported("the date pattern [%s]", pattern)
				}
				if n == 1 {
					e.max = 2
				}
			case 'S':
			default:
				if strings.ContainsRune("GQqLwWEeFaKkhnNAVzOXxZvpYDgcB", rune(c)) {
					return nil, unsupported("the date pattern [%s]", pattern)
				}
				return nil, invalidDateFormat(pattern, "Unknown pattern letter: "+string(c))
			}
			elems = append(elems, e)
			i += n
		default:
			elems = append(elems, element{literal: string(c)})
			i++
		}
	}
	if len(elems) == 0 {
		return nil, invalidDateFormat(pattern, "empty pattern")
	}
	return func(s string) (dateFields, bool) {
		var f dateFields
		sc := scanner{s: s}
		for i, e := range elems {
			if e.literal != "" {
				if !strings.HasPrefix(sc.s[sc.i:], e.literal) {
					return f, false
				}
				sc.i += len(e.literal)
				continue
			}
			maxDigits := e.max
			// An adjacent numeric field after a variable-width one leaves it
			// the digits it needs (Java's adjacent value parsing).
			if e.min != e.max && i+1 < len(elems) && elems[i+1].literal == "" {
				maxDigits = e.min
			}
			if e.letter == 'S' {
				v, ok := sc.digits(e.min, e.max)
				if !ok {
					return f, false
				}
				for n := e.min; n < 9; n++ {
					v *= 10
				}
				f.nano, f.hasNano = v, true
				continue
			}
			v, ok := sc.digits(e.min, maxDigits)
			if !ok {
				return f, false
			}
			switch e.letter {
			case 'y':
				f.year = v
			case 'M':
				f.month, f.hasMonth = v, true
			case 'd':
				f.day, f.hasDay = v, true
			case 'H':
				f.hour, f.hasHour = v, true
			case 'm':
				f.minute, f.hasMinute = v, true
			case 's':
				f.second, f.hasSecond = v, true
			}
		}
		return f, sc.done()
	}, nil
}

// invalidDateFormat is OpenSearch's rejection of a format it cannot compile.
func invalidDateFormat(pattern, why string) error {
	return &ShardError{Type: "illegal_argument_exception", Reason: "Invalid format: [" + pattern + "]: " + why}
}

// scanner reads a date string left to right.
type scanner struct {
	s string
	i int
}

func (sc *scanner) done() bool { return sc.i == len(sc.s) }

func (sc *scanner) accept(c byte) bool {
	if sc.i < len(sc.s) && sc.s[sc.i] == c {
		sc.i++
		return true
	}
	return false
}

// digits reads between min and max ASCII digits.
func (sc *scanner) digits(min, max int) (int, bool) {
	j := sc.i
	for j < len(sc.s) && j-sc.i < max && sc.s[j] >= '0' && sc.s[j] <= '9' {
		j++
	}
	if j-sc.i < min {
		return 0, false
	}
	v, err := strconv.Atoi(sc.s[sc.i:j])
	if err != nil {
		return 0, false
	}
	sc.i = j
	return v, true
}

// fraction reads one to nine digits of a second as nanoseconds.
func (sc *scanner) fraction() (int, bool) {
	start := sc.i
	v, ok := sc.digits(1, 9)
	if !ok {
		return 0, false
	}
	for n := sc.i - start; n < 9; n++ {
		v *= 10
	}
	return v, true
}

// zone reads Z or an offset ±HH, ±HHmm or ±HH:mm at the end.
func (sc *scanner) zone(f *dateFields) bool {
	if sc.accept('Z') {
		return sc.done()
	}
	if sc.i >= len(sc.s) || (sc.s[sc.i] != '+' && sc.s[sc.i] != '-') {
		return false
	}
	sign := 1
	if sc.s[sc.i] == '-' {
		sign = -1
	}
	sc.i++
	h, ok := sc.digits(2, 2)
	if !ok {
		return false
	}
	m := 0
	if !sc.done() {
		sc.accept(':')
		if m, ok = sc.digits(2, 2); !ok {
			return false
		}
	}
	f.offset = sign * (h*3600 + m*60)
	return sc.done()
}
