package similarity

import (
	"strconv"
	"strings"
)

// Number is an explanation's value as Lucene holds it: a java.lang.Number
// that is either a Float or a Long. The difference shows in text: counts
// print as "3", scores as "3.0" (Float.toString).
type Number struct {
	f     float32
	i     int64
	isInt bool
}

// Float returns a float explanation value.
func Float(f float32) Number { return Number{f: f} }

// Int returns an integer explanation value (Lucene passes longs for
// document counts).
func Int(i int64) Number { return Number{i: i, isInt: true} }

// IsInt reports whether n is an integer value.
func (n Number) IsInt() bool { return n.isInt }

// Int64 returns an integer value as it is, a float value truncated toward
// zero (Java's Number.longValue).
func (n Number) Int64() int64 {
	if n.isInt {
		return n.i
	}
	return int64(n.f)
}

// Float32 returns the value as a float, as Java's Number.floatValue does
// (a long is rounded to the nearest float). Lucene computes with this.
func (n Number) Float32() float32 {
	if n.isInt {
		return float32(n.i)
	}
	return n.f
}

// String formats the value as Java's Number.toString: Long.toString for
// integers, Float.toString (JavaFloatString) for floats. The text is also a
// valid JSON number for every finite value, and is what OpenSearch writes.
func (n Number) String() string {
	if n.isInt {
		return strconv.FormatInt(n.i, 10)
	}
	return JavaFloatString(n.f)
}

// Explanation is Lucene's org.apache.lucene.search.Explanation: how a
// score was computed, as a tree. OpenSearch returns it as `_explanation`
// ({value, description, details}) when a search asks for `explain`. The
// descriptions are Lucene's own texts, so they compare equal to
// OpenSearch's output.
type Explanation struct {
	// Match is false for explanations of documents that do not match
	// (Explanation.noMatch); their value is 0.
	Match       bool
	Value       Number
	Description string
	Details     []Explanation
}

// Match returns an explanation of a matching document.
func Match(value Number, description string, details ...Explanation) Explanation {
	return Explanation{Match: true, Value: value, Description: description, Details: details}
}

// NoMatch returns an explanation of a non-matching document (value 0.0).
func NoMatch(description string, details ...Explanation) Explanation {
	return Explanation{Value: Float(0), Description: description, Details: details}
}

// String renders the tree as Lucene's Explanation.toString does: one line
// per node, "value = description", indented two spaces per level.
func (e Explanation) String() string {
	var b strings.Builder
	e.write(&b, 0)
	return b.String()
}

func (e Explanation) write(b *strings.Builder, depth int) {
	for range depth {
		b.WriteString("  ")
	}
	b.WriteString(e.Value.String())
	b.WriteString(" = ")
	b.WriteString(e.Description)
	b.WriteByte('\n')
	for _, d := range e.Details {
		d.write(b, depth+1)
	}
}
