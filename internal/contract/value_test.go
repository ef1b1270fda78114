package contract

import "testing"

func TestSectionValue(t *testing.T) {
	for in, want := range map[string]string{
		"Governing Law":            "governing law",
		"  GOVERNING\u00a0 LAW \n": "governing law",
		"Licensor’s Duties":        "licensor's duties",
		"Licensor's Duties":        "licensor's duties",
		"‘Affiliate’":              "'affiliate'",
		"Non-Compete":              "non-compete",
		"":                         "",
		" ":                        "",
		"a  b":                     "a b",
		"A\tB":                     "a b",
		"X ":                       "x",
	} {
		if got := SectionValue(in); got != want {
			t.Errorf("SectionValue(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAttributeValue(t *testing.T) {
	for _, tc := range []struct{ key, in, want string }{
		{"filing_type", "10-k", "10-K"},
		{"filing_type", " 10-K ", "10-K"},
		{"filing_type", "sc  13d", "SC 13D"},
		{"filing_type", "s-1/a", "S-1/A"},
		{"exhibit_id", "ex-10.1", "EX-10.1"},
		{"filing_id", "0000950123-10-012345", "0000950123-10-012345"},
		{"category", "License-Agreement", "license-agreement"},
		{"jurisdiction", "Delaware-US", "delaware-us"},
		{"country", "US", "us"},
		{"source", "WWW.SEC.GOV", "www.sec.gov"},
		{"company", "1234", "1234"},
	} {
		if got := AttributeValue(tc.key, tc.in); got != tc.want {
			t.Errorf("AttributeValue(%q, %q) = %q, want %q", tc.key, tc.in, got, tc.want)
		}
	}
}
