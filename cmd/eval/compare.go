package main

import (
	"regexp"
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract/parse"
)

// companySuffixes are the legal-form words dropped before comparing
// company names: "Inc.", "Corporation" and "Corp." name the same company.
var companySuffixes = map[string]bool{
	"inc": true, "incorporated": true, "corp": true, "corporation": true, "llc": true, "l": true,
	"ltd": true, "limited": true, "co": true, "company": true, "lp": true, "plc": true, "sa": true,
	"ag": true, "gmbh": true, "bv": true, "nv": true, "pte": true, "pty": true, "the": true, "p": true,
	"c": true, "a": true, "s": true, "llp": true, "n": true,
}

// companyQualifiers start what qualifies a party rather than names it:
// "Sekisui Diagnostics, LLC and its Affiliates", "IMPCO Technologies Inc.
// including its successors and permitted assigns", "NATIONAL FOOTBALL
// MUSEUM, INC. d/b/a Pro Football Hall of Fame". The comparison keeps the
// legal name before them, on both sides.
var companyQualifiers = []string{
	", on behalf of", " on behalf of", " and its ", " and all of its", " including its", " together with its",
	" and/or ", " d/b/a", " dba ", " doing business as", ", as ", " as agent", " and certain of its",
	" f/k/a", " formerly known as", " (formerly",
}

// normCompany is how company names are compared: qualifiers dropped,
// parse.NormTitle, "&" as "and", periods dropped inside abbreviations ("L.L.C."
// = "LLC"), and legal-form words removed.
func normCompany(s string) string {
	l := strings.ToLower(s)
	for _, q := range companyQualifiers {
		if i := strings.Index(l, q); i > 0 {
			s, l = s[:i], l[:i]
		}
	}
	return normCompanyStrict(s)
}

// normCompanyStrict is normCompany without dropping qualifiers, for the
// strict count the report prints beside the metric.
func normCompanyStrict(s string) string {
	s = strings.ReplaceAll(s, "&", " and ")
	s = strings.ReplaceAll(s, ".", "")
	var out []string
	for _, w := range strings.Fields(parse.NormTitle(s)) {
		if !companySuffixes[w] {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// typoMatch allows labels with a slip of the pen ("Mount Kowledge
// Holdings" for "Mount Knowledge Holdings", "Pifzer" for "Pfizer"): an
// edit distance (insertions, deletions, substitutions and swaps of
// neighbours) of at most two, and at most one per six characters.
func typoMatch(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	d := editDistance(a, b)
	return d <= 2 && d*6 <= max(len(a), len(b))
}

// editDistance is the optimal-string-alignment distance between a and b.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// lawHeading finds a heading that is exactly "Governing Law" in the raw
// text, independently of the parser: at a line start, after two or more
// spaces, after a sentence end (". ", not ";" or ":", which join it to
// another heading: "Dispute Resolution: Governing Law") or after numbering ("12.", "12.1",
// "Section 12.1", "ARTICLE 12"), in title case or capitals (sentence case
// only after numbering), followed by a period or colon, a line end, two
// spaces, or a capitalised word. "Governing Law and Jurisdiction" does
// not count: the metric asks for a clause whose value is exactly
// "governing law".
var lawHeading = regexp.MustCompile(`(?m)(?:^[ \t]*|  |\. |(?:(?:Section|SECTION|Article|ARTICLE)\s+)?\b\d{1,2}(?:\.\d{1,2})*\.?\s+|\([a-z]\)\s+)(?:Governing Law|GOVERNING LAW|(?:\d\.?\s+)Governing law)([.:]?)(?:[ \t]*$|  | [A-Z"“(])`)

// findLawHeading returns the first governing-law heading of raw, or "":
// a match of lawHeading that another word of the heading does not follow
// ("GOVERNING LAW AND ARBITRATION", "Governing Law; Jurisdiction").
func findLawHeading(raw []byte) string {
	for _, m := range lawHeading.FindAllSubmatchIndex(raw, -1) {
		rest := strings.TrimLeft(string(raw[m[1]-1:min(len(raw), m[1]+12)]), " \t")
		stop := m[3] > m[2] // a period or colon ended the heading
		if !stop {
			l := strings.ToLower(rest)
			if strings.HasPrefix(l, "and") || strings.HasPrefix(l, "&") || strings.HasPrefix(l, "or ") ||
				(len(rest) > 1 && rest[0] >= 'A' && rest[0] <= 'Z' && rest[1] >= 'A' && rest[1] <= 'Z') {
				continue
			}
		}
		return strings.Join(strings.Fields(string(raw[max(0, m[0]-20):min(len(raw), m[1]+40)])), " ")
	}
	return ""
}
