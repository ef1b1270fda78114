package embedded

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/engine/search"
)

// TestMinimumShouldMatch checks Queries.calculateMinShouldMatch, including
// Java's int and float arithmetic and its failures.
func TestMinimumShouldMatch(t *testing.T) {
	for _, c := range []struct {
		optional int
		spec     string
		want     int
		err      string
	}{
		{4, "2", 2, ""},
		{4, "+2", 2, ""},
		{4, " 2 ", 2, ""},
		{4, "-1", 3, ""},
		{4, "-5", 0, ""},
		{4, "7", 7, ""},
		{4, "75%", 3, ""},
		{4, "-25%", 3, ""},
		{3, "66%", 1, ""},
		{3, "-34%", 2, ""},
		{10, "10%", 1, ""},  // 100 * 0.01f rounds to 1.0f
		{3, "33%", 0, ""},   // 0.99: truncated
		{7, "-100%", 0, ""}, // result + (int)-7.0
		{4, "150%", 6, ""},  // not capped
		{4, "3<90%", 3, ""}, // above the bound: 90% of 4
		{3, "3<90%", 3, ""}, // at the bound: all
		{2, "3<90%", 2, ""}, // below: all
		{10, "2<-25% 9<-3", 7, ""},
		{5, "2<-25% 9<-3", 4, ""},
		{2, "2<-25% 9<-3", 2, ""},
		{5, "2 < -25%", 4, ""}, // spaces around < are collapsed
		{4, "50.5%", 0, `For input string: "50.5"`},
		{4, "x", 0, `For input string: "x"`},
		{4, "2<50%  9<1", 0, `For input string: ""`}, // String.split(" ") keeps an empty part
		{4, "3<", 0, "Index 1 out of bounds for length 1"},
		{4, "%", 0, `For input string: ""`},
		{4, "2147483648", 0, `For input string: "2147483648"`},
		{1 << 20, "5000%", 0, ""}, // int overflow in result*percent, as in Java: negative, then +(int)calc
	} {
		got, err := minimumShouldMatch(c.optional, c.spec)
		if c.err != "" {
			var se *ShardError
			if !errors.As(err, &se) || se.CausedBy == nil || se.CausedBy.Reason != c.err {
				t.Errorf("minimumShouldMatch(%d, %q) = %d, %v; want error %q", c.optional, c.spec, got, err, c.err)
			}
			continue
		}
		if c.spec == "5000%" {
			// 1048576*5000 overflows int32 to 947912704; ×0.01f = 9479127.0
			if err != nil || got != 9479127 {
				t.Errorf("minimumShouldMatch(%d, %q) = %d, %v; want 9479127", c.optional, c.spec, got, err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("minimumShouldMatch(%d, %q) = %d, %v; want %d", c.optional, c.spec, got, err, c.want)
		}
	}
}

func TestJavaNumberText(t *testing.T) {
	for lit, want := range map[string]string{
		"5": "5", "-0": "0", "12345678901": "12345678901", "123456789012345678901234567890": "123456789012345678901234567890",
		"1e3": "1000.0", "1.5": "1.5", "1.50": "1.5", "-2.0": "-2.0", "1e7": "1.0E7", "1e-4": "1.0E-4", "0.001": "0.001",
		"3000000000.0": "3.0E9", "1e400": "Infinity", "0.1": "0.1",
	} {
		if got := javaNumberText(lit); got != want {
			t.Errorf("javaNumberText(%q) = %q, want %q", lit, got, want)
		}
	}
}

func TestParseJavaDouble(t *testing.T) {
	for s, want := range map[string]float64{
		"5": 5, " 5 ": 5, "+5": 5, "-5.5": -5.5, "5.": 5, ".5": 0.5, "1e3": 1000, "1E-2": 0.01, "5d": 5, "5F": 5,
		"NaN": math.NaN(), "Infinity": math.Inf(1), "-Infinity": math.Inf(-1), "1e400": math.Inf(1),
	} {
		got, ok := parseJavaDouble(s)
		if !ok || !(got == want || (math.IsNaN(got) && math.IsNaN(want))) {
			t.Errorf("parseJavaDouble(%q) = %v, %v; want %v", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "abc", "1e", "e5", ".", "+", "1_000", "0x10", "inf", "nan", "1.2.3", "5 5", "--5"} {
		if got, ok := parseJavaDouble(s); ok {
			t.Errorf("parseJavaDouble(%q) = %v, want a NumberFormatException", s, got)
		}
	}
}

func TestSimpleMatch(t *testing.T) {
	for _, c := range []struct {
		pattern, s string
		want       bool
	}{
		{"contract", "contract", true}, {"contract", "contracts", false}, {"*", "x", true}, {"c*", "contract", true},
		{"*t", "contract", true}, {"c*t", "contract", true}, {"c*a*t", "contract", true}, {"c*x*t", "contract", false},
		{"**", "x", true}, {"**c", "ab", false}, {"a**b", "ab", true}, {"*on*ac*", "contract", true}, {"", "", true}, {"", "a", false},
	} {
		if got := simpleMatch(c.pattern, c.s); got != c.want {
			t.Errorf("simpleMatch(%q, %q) = %v, want %v", c.pattern, c.s, got, c.want)
		}
	}
}

func TestDateFormats(t *testing.T) {
	ms := func(s string) int64 {
		tm, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return tm.UnixMilli()
	}
	for _, c := range []struct {
		format, value string
		roundUp       bool
		want          int64
	}{
		{"yyyy-MM-dd", "2010-01-01", false, ms("2010-01-01T00:00:00Z")},
		{"yyyy-MM-dd", "2010-01-01", true, ms("2010-01-01T23:59:59.999Z")},
		{"yyyy", "2010", true, ms("2010-01-01T23:59:59.999Z")}, // month and day default to 1 even rounding up
		{"yyyy-MM", "2010-02", false, ms("2010-02-01T00:00:00Z")},
		{"yyyy-MM-dd'T'HH:mm", "2010-02-03T04:05", true, ms("2010-02-03T04:05:59.999Z")},
		{"dd.MM.yyyy", "03.02.2010", false, ms("2010-02-03T00:00:00Z")},
		{"yyyyMMdd", "20100203", false, ms("2010-02-03T00:00:00Z")},
		{"basic_date", "20100203", false, ms("2010-02-03T00:00:00Z")},
		{"epoch_millis", "1262304000000", true, 1262304000000},
		{"epoch_millis", "-1000", false, -1000},
		{"epoch_second", "1262304000", false, 1262304000000},
		{"epoch_second", "1262304000", true, 1262304000999},
		{"strict_date_optional_time", "2010", false, ms("2010-01-01T00:00:00Z")},
		{"strict_date_optional_time", "2010-01-01T10:00:00.5Z", true, ms("2010-01-01T10:00:00.5Z")},
		{"strict_date_optional_time", "2010-01-01T10:00:00+01:30", false, ms("2010-01-01T08:30:00Z")},
		{"strict_date_optional_time", "2010-01-01T10", true, ms("2010-01-01T10:59:59.999Z")},
		{"date_optional_time", "2010-1-2", false, ms("2010-01-02T00:00:00Z")},
		{"strict_date_optional_time||epoch_millis", "1262304000000", false, 1262304000000},
		{"yyyy||yyyy-MM-dd", "2010-03-04", false, ms("2010-03-04T00:00:00Z")},
	} {
		df, err := parseDateFormat(c.format)
		if err != nil {
			t.Errorf("parseDateFormat(%q): %v", c.format, err)
			continue
		}
		got, err := df.parseBound(c.value, c.roundUp)
		if err != nil || got != c.want {
			t.Errorf("%s: parse(%q, roundUp %v) = %d, %v; want %d", c.format, c.value, c.roundUp, got, err, c.want)
		}
	}
	for _, c := range []struct{ format, value string }{
		{"yyyy-MM-dd", "2010-02-30"}, {"yyyy-MM-dd", "2010-1-1"}, {"yyyy-MM-dd", "2010-01-01T00:00"}, {"yyyy-MM-dd", "x"},
		{"strict_date_optional_time", "10-01-01"}, {"strict_date_optional_time", "2010-13-01"}, {"epoch_millis", "1.5e3"},
		{"yyyy-MM-dd", ""},
	} {
		df, err := parseDateFormat(c.format)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := df.parseBound(c.value, false); err == nil {
			t.Errorf("%s: parse(%q) = %d, want an error", c.format, c.value, got)
		}
	}
	for _, f := range []string{"yyyy-qq", "MMM yyyy", "yy", "xyz", "'open"} {
		if _, err := parseDateFormat(f); err == nil {
			t.Errorf("parseDateFormat(%q) succeeded, want an error", f)
		}
	}
}

// TestFilterHasNoInnerHits: OpenSearch extracts inner hits from the query,
// not from a post filter.
func TestFilterHasNoInnerHits(t *testing.T) {
	ms, p := testSetup(t)
	parsed, err := p.Parse([]byte(`{"query":{"nested":{"path":"sections","query":{"match_all":{}},"inner_hits":{}}},
		"post_filter":{"nested":{"path":"sections","query":{"match_all":{}},"inner_hits":{}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTranslator(ms.Index("contract"), nil)
	q, err := tr.Query(parsed.Search.Query)
	if err != nil || q.(*search.NestedQuery).InnerHits == nil {
		t.Fatalf("Query: %v, %v; want inner hits", q, err)
	}
	f, err := tr.Filter(parsed.Search.PostFilter)
	if err != nil || f.(*search.NestedQuery).InnerHits != nil {
		t.Fatalf("Filter: %#v, %v; want no inner hits", f, err)
	}
}

// TestNoSingleValuedHook: without the hook, a must_not range stays.
func TestNoSingleValuedHook(t *testing.T) {
	ms, p := testSetup(t)
	parsed, err := p.Parse([]byte(`{"query":{"bool":{"must_not":[{"range":{"group_size":{"gt":5}}}]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	q, err := NewTranslator(ms.Index("clause"), nil).Query(parsed.Search.Query)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := search.Describe(q), "-group_size:[6 TO 2147483647] #*:*"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestShardErrorJSON(t *testing.T) {
	ms, p := testSetup(t)
	parsed, err := p.Parse([]byte(`{"query":{"nested":{"path":"sections","query":{"match_all":{}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	_, err = NewTranslator(ms.Index("clause"), nil).Query(parsed.Search.Query)
	var se *ShardError
	if !errors.As(err, &se) {
		t.Fatalf("error %v is not a *ShardError", err)
	}
	b, _ := json.Marshal(se)
	want := `{"type":"query_shard_exception","reason":"failed to create query: [nested] failed to find nested object under path [sections]","index":"clause",` +
		`"caused_by":{"type":"illegal_state_exception","reason":"[nested] failed to find nested object under path [sections]"}}`
	if string(b) != want {
		t.Errorf("JSON %s\nwant %s", b, want)
	}
	if !strings.Contains(se.Error(), "clause") || se.Unsupported {
		t.Errorf("Error() = %q, Unsupported = %v", se.Error(), se.Unsupported)
	}
}

// TestTranslatorConcurrent: one translator serves concurrent requests.
func TestTranslatorConcurrent(t *testing.T) {
	ms, p := testSetup(t)
	parsed, err := p.Parse([]byte(`{"query":{"q":"governing law~1 licen*","clause":{"Notices":"in writing"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTranslator(ms.Index("contract"), nil)
	want, err := tr.Query(parsed.Search.Query)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan string)
	for range 8 {
		go func() {
			q, err := tr.Query(parsed.Search.Query)
			if err != nil {
				done <- err.Error()
				return
			}
			done <- search.Describe(q)
		}()
	}
	for range 8 {
		if got := <-done; got != search.Describe(want) {
			t.Errorf("concurrent translation gave %s", got)
		}
	}
}
