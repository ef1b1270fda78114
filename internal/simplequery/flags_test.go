package simplequery

import (
	"errors"
	"testing"
)

func TestParseFlags(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Flags
	}{
		{"", All}, // OpenSearch: no text means ALL
		{"ALL", All},
		{"all", All},
		{"NONE", None},
		{"none", None},
		{"AND", And},
		{"and|or", And | Or},
		{"Not|Prefix|Phrase", Not | Prefix | Phrase},
		{"AND|OR|NOT|PREFIX|PHRASE|PRECEDENCE|ESCAPE|WHITESPACE|FUZZY|NEAR", All},
		{"SLOP", Near},
		{"near|slop", Near},
		{"Whitespace|precedence|escape|fuzzy", Whitespace | Precedence | Escape | Fuzzy},
		{"|AND||OR|", And | Or}, // empty names are skipped
		{"|", None},
		{"||", None},
		{"NONE|FOO", None}, // NONE returns at once: FOO is never looked at
		{"ALL|FOO", All},
		{"AND|NONE", None},
		{"OR|ALL|AND", All},
		{"preﬁx", Prefix}, // Java upper-cases the ligature ﬁ to FI
		{"ſlop", Near},    // and the long s to S
	} {
		got, err := ParseFlags(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseFlags(%q) = %v, %v; want %v, nil", c.in, got, err, c.want)
		}
	}

	for _, c := range []struct {
		in, name string
	}{
		{"FOO", "FOO"},
		{"foo", "foo"},
		{" AND", " AND"}, // OpenSearch does not trim names
		{"AND ", "AND "},
		{" ", " "},
		{"AND|foo|NONE", "foo"},
		{"FOO|NONE", "FOO"},
		{"AND,OR", "AND,OR"},
		{"ANDD", "ANDD"},
		{"NEAR_OPERATOR", "NEAR_OPERATOR"},
		{"1", "1"},
		{"-1", "-1"},
		{"nıt", "nıt"}, // dotless ı upper-cases to I: NIT is still unknown
	} {
		got, err := ParseFlags(c.in)
		want := "Unknown simple_query_string flag [" + c.name + "]"
		if err == nil || err.Error() != want {
			t.Errorf("ParseFlags(%q) = %v, %v; want error %q", c.in, got, err, want)
			continue
		}
		var uf *UnknownFlagError
		if !errors.As(err, &uf) || uf.Name != c.name {
			t.Errorf("ParseFlags(%q): error %#v, want *UnknownFlagError{Name: %q}", c.in, err, c.name)
		}
		if got != 0 {
			t.Errorf("ParseFlags(%q) = %v with an error, want 0", c.in, got)
		}
	}
}

func TestFlagsString(t *testing.T) {
	for _, c := range []struct {
		f    Flags
		want string
	}{
		{None, "NONE"},
		{All, "ALL"},
		{And, "AND"},
		{And | Or, "AND|OR"},
		{Slop, "NEAR"},
		{All &^ Escape, "AND|NOT|OR|PREFIX|PHRASE|PRECEDENCE|WHITESPACE|FUZZY|NEAR"},
		{And | 1<<10, "AND|0x400"},
		{1 << 12, "0x1000"},
		{All | 1<<10, "AND|NOT|OR|PREFIX|PHRASE|PRECEDENCE|ESCAPE|WHITESPACE|FUZZY|NEAR|0x400"},
	} {
		if got := c.f.String(); got != c.want {
			t.Errorf("Flags(%#x).String() = %q, want %q", uint32(c.f), got, c.want)
		}
	}
	if All != 1023 {
		t.Errorf("All = %d, want 1023", All)
	}
	// Bit values are Lucene's.
	for f, want := range map[Flags]Flags{And: 1, Not: 2, Or: 4, Prefix: 8, Phrase: 16, Precedence: 32,
		Escape: 64, Whitespace: 128, Fuzzy: 256, Near: 512} {
		if f != want {
			t.Errorf("%v = %d, want %d", f, f, want)
		}
	}
	// Every set of known flags survives a round trip.
	for f := None; f <= All; f++ {
		got, err := ParseFlags(f.String())
		if err != nil || got != f {
			t.Errorf("ParseFlags(%q) = %v, %v; want %v", f.String(), got, err, f)
		}
	}
	if _, err := ParseFlags((And | 1<<10).String()); err == nil {
		t.Error("ParseFlags accepted an unknown bit")
	}
}

func TestFlagsFromInt(t *testing.T) {
	for v, want := range map[int64]Flags{-1: All, -5: All, 0: None, 5: And | Or, 1023: All, 1024: None, 1025: And} {
		if got := FlagsFromInt(v); got != want {
			t.Errorf("FlagsFromInt(%d) = %v, want %v", v, got, want)
		}
	}
}
