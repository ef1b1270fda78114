package simplequery

import (
	"strconv"
	"strings"
	"unicode"
)

// Flags is a set of enabled simple_query_string operators. The bit values are
// Lucene's SimpleQueryParser constants, which OpenSearch also accepts as a
// numeric "flags" value.
type Flags uint32

// The operator flags, named as OpenSearch's SimpleQueryStringFlag names them.
const (
	// And enables the + operator.
	And Flags = 1 << iota
	// Not enables the - operator.
	Not
	// Or enables the | operator.
	Or
	// Prefix enables a trailing * on terms.
	Prefix
	// Phrase enables "quoted phrases".
	Phrase
	// Precedence enables ( and ) grouping.
	Precedence
	// Escape enables \ escaping.
	Escape
	// Whitespace makes ' ', \t, \n and \r split terms.
	Whitespace
	// Fuzzy enables ~N after a term.
	Fuzzy
	// Near enables ~N after a phrase.
	Near

	// Slop is OpenSearch's synonym of Near.
	Slop = Near
	// None enables no operator: the whole text is one term.
	None Flags = 0
	// All enables every operator. It is the default of simple_query_string.
	All Flags = Near<<1 - 1
)

// flagNames are the names Flags.String uses for each bit, in bit order.
var flagNames = [...]string{
	"AND", "NOT", "OR", "PREFIX", "PHRASE", "PRECEDENCE", "ESCAPE", "WHITESPACE", "FUZZY", "NEAR",
}

// String renders f in the syntax ParseFlags accepts: "NONE", "ALL", or the
// names of the set flags joined by "|" in bit order ("AND|OR|PHRASE"). Bits
// outside All are appended as a hexadecimal number ("AND|0x400"), which
// ParseFlags rejects.
func (f Flags) String() string {
	switch f {
	case None:
		return "NONE"
	case All:
		return "ALL"
	}
	var b strings.Builder
	for i, name := range flagNames {
		if f&(1<<i) != 0 {
			if b.Len() > 0 {
				b.WriteByte('|')
			}
			b.WriteString(name)
		}
	}
	if extra := f &^ All; extra != 0 {
		if b.Len() > 0 {
			b.WriteByte('|')
		}
		b.WriteString("0x")
		b.WriteString(strconv.FormatUint(uint64(extra), 16))
	}
	return b.String()
}

// UnknownFlagError is returned by ParseFlags for a name that is not a flag.
// Its message is OpenSearch's reason text for the same request.
type UnknownFlagError struct {
	// Name is the offending name exactly as it appeared in the input.
	Name string
}

// Error returns OpenSearch's message: "Unknown simple_query_string flag [Name]".
func (e *UnknownFlagError) Error() string {
	return "Unknown simple_query_string flag [" + e.Name + "]"
}

// ParseFlags parses the string form of simple_query_string's "flags"
// parameter exactly as OpenSearch's SimpleQueryStringFlag.resolveFlags does:
//
//   - an empty string means All;
//   - otherwise the string is split at every "|", empty names are skipped,
//     and each name is matched case-insensitively (as Java's
//     toUpperCase(Locale.ROOT) compares) against ALL, NONE, AND, NOT, OR,
//     PREFIX, PHRASE, PRECEDENCE, ESCAPE, WHITESPACE, FUZZY, NEAR and SLOP;
//   - names are not trimmed: " AND" is an unknown flag;
//   - scanning stops at the first NONE (result None) or ALL (result All), so
//     names after it are not checked;
//   - any other name is an *UnknownFlagError.
func ParseFlags(s string) (Flags, error) {
	if s == "" {
		return All, nil
	}
	var f Flags
	for rest := s; ; {
		name, tail, more := strings.Cut(rest, "|")
		if name != "" {
			switch javaUpper(name) {
			case "NONE":
				return None, nil
			case "ALL":
				return All, nil
			case "AND":
				f |= And
			case "NOT":
				f |= Not
			case "OR":
				f |= Or
			case "PREFIX":
				f |= Prefix
			case "PHRASE":
				f |= Phrase
			case "PRECEDENCE":
				f |= Precedence
			case "ESCAPE":
				f |= Escape
			case "WHITESPACE":
				f |= Whitespace
			case "FUZZY":
				f |= Fuzzy
			case "NEAR", "SLOP":
				f |= Near
			default:
				return 0, &UnknownFlagError{Name: name}
			}
		}
		if !more {
			return f, nil
		}
		rest = tail
	}
}

// FlagsFromInt converts OpenSearch's numeric "flags" value: a negative number
// means All (OpenSearch maps it to -1, every bit set); otherwise the bits of
// the known flags are kept and the others, which no operator reads, dropped.
// OpenSearch reads the number as a Java int; range checking is the caller's.
func FlagsFromInt(v int64) Flags {
	if v < 0 {
		return All
	}
	return Flags(v) & All
}

// javaUpper upper-cases s the way Java's String.toUpperCase(Locale.ROOT)
// does for the purpose of matching ASCII flag names: per-rune simple case
// mapping, plus the unconditional special casings that expand to ASCII
// letters (ß and the Latin ligatures), so that e.g. "preﬁx" matches PREFIX as
// it does in OpenSearch.
func javaUpper(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToUpper(s)
	}
	var b strings.Builder
	for _, r := range s {
		switch r {
		case 'ß':
			b.WriteString("SS")
		case 'ﬀ':
			b.WriteString("FF")
		case 'ﬁ':
			b.WriteString("FI")
		case 'ﬂ':
			b.WriteString("FL")
		case 'ﬃ':
			b.WriteString("FFI")
		case 'ﬄ':
			b.WriteString("FFL")
		case 'ﬅ', 'ﬆ':
			b.WriteString("ST")
		default:
			b.WriteRune(unicode.ToUpper(r))
		}
	}
	return b.String()
}
