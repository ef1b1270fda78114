package contract

import "strings"

// This file holds the two rules that ingest and Form A must agree on for a
// filter to match: how a section heading becomes `sections.value`, and how
// an attribute value is spelled. Ingest writes values through them and
// Form A (internal/dsl) reads a user's values through them, so a heading
// or code typed in any case, spacing or apostrophe finds the records.

// SectionValue is the `sections.value` of a clause heading or defined
// term: lower case, white space collapsed to single spaces, typographic
// apostrophes made straight ("Licensor’s  Duties" → "licensor's duties").
func SectionValue(name string) string {
	if plainASCII(name) { // most headings: one allocation, as ToLower alone
		return strings.ToLower(name)
	}
	name = strings.Join(strings.Fields(name), " ")
	name = apostrophes.Replace(name)
	return strings.ToLower(name)
}

// plainASCII reports whether s is ASCII with single spaces between words
// and none around them: nothing for SectionValue to do but lower it.
func plainASCII(s string) bool {
	if s == "" || s[0] == ' ' || s[len(s)-1] == ' ' {
		return s == ""
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || c < ' ' || c == ' ' && s[i-1] == ' ' {
			return false
		}
	}
	return true
}

var apostrophes = strings.NewReplacer("’", "'", "‘", "'", "ʼ", "'")

// AttributeValue is the canonical spelling of a value of the Form A
// attribute key ("filing_type", "category" …), trimmed and with inner
// white space collapsed. EDGAR's codes — filing_type ("10-K", "S-1/A",
// "SC 13D"), exhibit_id ("EX-10.1") and filing_id (the accession number) —
// are upper case, as EDGAR writes them; every other value (slugs, ISO
// codes, hosts, digits) is lower case, as ingest makes them.
func AttributeValue(key, v string) string {
	v = strings.Join(strings.Fields(v), " ")
	switch key {
	case "filing_type", "exhibit_id", "filing_id":
		return strings.ToUpper(v)
	}
	return strings.ToLower(v)
}
