package parse

import (
	"slices"
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// What a filing adds to a contract is not part of it: the SEC's redaction
// legends ("[***] Confidential treatment has been requested …", "IN
// ACCORDANCE WITH ITEM 601(b) OF REGULATION S-K, CERTAIN IDENTIFIED
// INFORMATION … HAS BEEN EXCLUDED …"), printed on a page wherever the
// extractor met them, and page notes ("[Signature Page Follows]",
// "Execution Version", "Initials ___"). A clause made of nothing else, or a
// definition a legend makes ("(THE "CONFIDENTIAL INFORMATION")"), is
// dropped; a clause whose text a legend interrupts keeps its text. Page
// numbers and "Source: …" footers are removed by clean.Text before the
// parser runs, and tables of contents by findClauses.

// legendCues are the passive phrases of a redaction legend. A contract's
// own clause about confidential treatment says what a party shall do
// ("shall request confidential treatment"), not what has been done.
var legendCues = []string{
	"601(b)", "has been omitted", "have been omitted", "been omitted and", "been omitted pursuant",
	"been redacted", "redacted and filed", "filed separately", "omitted pursuant to",
	"confidential treatment has been requested", "confidential treatment requested",
	"confidential treatment has been sought", "request for confidential treatment",
	"competitive harm", "excluded from this exhibit", "excluded from the exhibit", "been excluded",
	"omits the information", "omissions are designated", "material has been omitted",
}

// legendAt returns the offset of the first legend cue in s, or -1: one
// pass over s that compares, at each word start, only the cues that begin
// with its letter, case-blind and without allocating.
func legendAt(s string) int {
	for i := 0; i < len(s); i++ {
		cues := legendByFirst[s[i]|0x20]
		if cues == nil || i > 0 && isASCIILetter(s[i-1]) {
			continue
		}
		for _, c := range cues {
			if len(s)-i >= len(c) && asciiEqualFold(s[i:i+len(c)], c) {
				return i
			}
		}
	}
	return -1
}

// legendByFirst indexes legendCues by their first byte.
var legendByFirst = func() (t [256][]string) {
	for _, c := range legendCues {
		t[c[0]] = append(t[c[0]], c)
	}
	return t
}()

// asciiEqualFold reports whether s equals the lower-case ASCII lower,
// ignoring the case of s's letters.
func asciiEqualFold(s, lower string) bool {
	for i := 0; i < len(lower); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// legendOffsets returns the offset of every legend cue in body, in
// order, after which a section or paragraph without one is known to hold
// no legend. strings.Index finds legendMarks fast; each find is checked
// with legendAt around it.
func legendOffsets(body string) []int {
	var out []int
	for _, w := range legendMarks {
		for off := 0; ; {
			i := strings.Index(body[off:], w)
			if i < 0 {
				break
			}
			p := off + i
			off = p + len(w)
			from := max(0, p-30) // the cue may start before its word
			if at := legendAt(body[from:min(len(body), p+60)]); at >= 0 {
				out = append(out, from+at)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// legendMarks find every legend cue in any case text writes it: a word
// each cue holds, in capitals, and without its first letter in lower case
// (so "Omitted", "omitted" and "Omitted" are one search: "mitted"). A mark
// finds more than cues ("permitted"); legendAt checks each find.
var legendMarks = []string{
	"601(", "mitted", "OMITTED", "missions", "OMISSIONS", "mits the", "OMITS THE", "edacted", "REDACTED",
	"eparately", "SEPARATELY", "reatment", "TREATMENT", "ompetitive", "COMPETITIVE", "xcluded", "EXCLUDED",
}

// anyIn reports whether a sorted offset lies in [start, end).
func anyIn(offsets []int, start, end int) bool {
	i, _ := slices.BinarySearch(offsets, start)
	return i < len(offsets) && offsets[i] < end
}

// dropFurniture removes the clauses that are page notes or redaction
// legends; legends holds the body's legend offsets (legendOffsets).
// (findDefinitions leaves out the definitions legends make, before the
// first definition of a term wins.)
func dropFurniture(secs []contract.Section, legends []int) []contract.Section {
	out := secs[:0]
	for _, s := range secs {
		if s.Type == contract.Clause && (pageNote(s.Name) || anyIn(legends, s.Start, s.End) && (legendAt(s.Name) >= 0 || onlyLegend(s.Snippet))) {
			continue
		}
		out = append(out, s)
	}
	return out
}

// legendDefinition reports whether a definition's text is a legend: a
// legend cue comes before the defined term's quote and before any
// defining verb ("IN ACCORDANCE WITH ITEM 601(b) … (THE "CONFIDENTIAL
// INFORMATION") HAS BEEN EXCLUDED …"), while `"Minimum Payment Period" has
// the meaning set forth … *** Portions of this page have been omitted …`
// stays a definition.
func legendDefinition(text string) bool {
	at := legendAt(prefix(text, 400))
	if at < 0 {
		return false
	}
	before := asciiLower(text[:at])
	if strings.ContainsAny(before, "\"“”") {
		return false
	}
	for _, v := range []string{"mean", "refer", "includ", "defined", "as used"} {
		if strings.Contains(before, v) {
			return false
		}
	}
	return true
}

// onlyLegend reports whether a clause's text says nothing but a legend:
// with its legends and redaction markers gone, fewer than three words are
// left ("[*****] Confidential material redacted and filed separately with
// the Securities and Exchange Commission. [*****]").
func onlyLegend(text string) bool {
	if legendAt(text) < 0 {
		return false
	}
	words := 0
	for w := range strings.FieldsSeq(withoutLegends(text)) {
		if isRedactionTerm(w) || !hasLetter(w) {
			continue
		}
		if words++; words >= 3 {
			return false
		}
	}
	return true
}

// withoutLegends removes each legend from s: from where its sentence
// starts — after a sentence end, a redaction marker or the "=" of
// "[***] = …", at most 200 bytes before its cue — to the end of its
// sentence.
func withoutLegends(s string) string {
	for n := 0; n < 100; n++ {
		at := legendAt(s)
		if at < 0 {
			break
		}
		start := max(0, at-200)
		if k := strings.LastIndexAny(s[start:at], ".*]=;\n"); k >= 0 {
			start += k + 1
		}
		end := len(s)
		if k := strings.Index(s[at:], ". "); k >= 0 {
			end = at + k + 1
		}
		s = s[:start] + " " + s[end:]
	}
	return s
}

func hasLetter(w string) bool {
	for i := 0; i < len(w); i++ {
		if isASCIILetter(w[i]) {
			return true
		}
	}
	return false
}

// pageNote reports whether a heading is a note printed on a page rather
// than a clause: "[Signature Page Follows]", "(Signature Pages Follow)",
// "[Remainder of Page Intentionally Left Blank]", "[Graphic Omitted]",
// "Confidential Execution Version", "BPC Initials ___ Sanofi Initials ___".
func pageNote(name string) bool {
	l := asciiLower(strings.TrimSpace(name))
	if strings.HasPrefix(l, "[") || strings.HasPrefix(l, "(") {
		for _, w := range []string{"signature", "page", "omitted", "illegible", "initials", "intentionally", "logo", "graphic", "letterhead", "confidential treatment"} {
			if strings.Contains(l, w) {
				return true
			}
		}
	}
	if strings.Contains(l, "initials _") {
		return true
	}
	l = strings.TrimPrefix(l, "confidential ")
	switch strings.TrimRight(l, ". ") {
	case "execution version", "execution copy", "conformed copy", "final version", "execution draft":
		return true
	}
	return false
}

// A clause says something: its text holds a sentence. What a contract's
// pages hold besides clauses, and what a parser reads as a heading with
// text, does not: a line of a table under its column's heading ("Range
// USD", "VHF/COMM TRANSCEIVER [*****] [*****]", "Payment Due Date" over
// "October 1, 2000 $62,500 …"), a form's blank label ("Plan Name"), a
// line of an address ("Suite 210", "SY23 3EB"), a
// signature block under its party's name ("ACME, INC. By: /s/ … Name: …
// Title: …"). notClauseText tells them by the clause's own text.

// notClauseText reports whether the text of a clause (after its
// heading) is not a clause's: empty under a heading without numbering (a
// table's column heading, a form's label, a line of an address), a
// table's row (tableText) or a signature block (signatureText). A
// numbered heading is the contract's structure even when the text under
// it was not found ("2. Term and Termination" over a misnumbered "1.
// Term."), and a numbered clause whose text is only redaction markers
// ("2.10 Yield. [***].") is a clause whose terms were redacted.
func notClauseText(text string, numbered bool) bool {
	text = strings.TrimSpace(text)
	if text == "" || onlyRedactions(text) {
		return !numbered
	}
	return tableText(text) || signatureText(text)
}

// onlyRedactions reports whether s is nothing but redaction markers and
// punctuation: "[***].", "*****".
func onlyRedactions(s string) bool {
	for w := range strings.FieldsSeq(s) {
		if !isRedactionTerm(strings.TrimRight(w, ".,;:")) {
			return false
		}
	}
	return true
}

// tableText reports whether a clause's text is a table's rows or cells
// rather than a sentence: at least three of its words, and two in five,
// are figures (amounts, numbers, percentages, dates, codes with digits,
// redaction markers, dashes standing for nothing, "N/A"), and fewer than
// one in five is a word in lower case, which every sentence of terms has
// plenty of ("shall", "the", "of"). One value under its label ("Trade
// Date: June 1, 2005") is a term of a term sheet, not a table. A legend
// on the page is left out first.
func tableText(text string) bool {
	if legendAt(text) >= 0 {
		text = withoutLegends(text)
	}
	tokens, figures, lower := 0, 0, 0
	for w := range strings.FieldsSeq(text) {
		tokens++
		switch {
		case isFigure(w):
			figures++
		case isLowerStart(w) && len(w) > 1:
			lower++
		}
	}
	return figures >= 3 && figures*5 >= tokens*2 && lower*5 < tokens
}

// isFigure reports whether a word of a table is a figure rather than a
// word: it holds a digit or a currency sign ("$62,500", "4.5%",
// "12/1/04", "SY23", "(3,000)"), is a redaction marker, or stands for an
// empty cell ("-", "—", "N/A", "n/a", "x").
func isFigure(w string) bool {
	if isRedactionTerm(w) {
		return true
	}
	switch strings.Trim(w, ".,;:()") {
	case "", "-", "–", "—", "N/A", "n/a", "NA", "x", "X", "TBD":
		return true
	}
	return strings.ContainsAny(w, "0123456789$€£¥%")
}

// signatureLines start the lines of a signature block.
var signatureLines = []string{"by:", "name:", "title:", "date:", "its:", "signature:", "print name", "printed name", "/s/", "witness:"}

// signatureText reports whether a clause's text is a signature block
// its party's name was read as the heading of ("FMI ROCHE" / "By:" /
// "Name:" / "Title:"): it holds at least two signature lines (By:,
// Name:, Title:, Date:, /s/ …), one of them a signature ("By:",
// "/s/"), and, before the first, fewer than four
// words in lower case. A clause that runs on into the signatures of a
// contract without "IN WITNESS WHEREOF" says its terms first.
func signatureText(text string) bool {
	l := asciiLower(text)
	labels, first := 0, len(l)
	for _, s := range signatureLines {
		if n := strings.Count(l, s); n > 0 {
			labels += n
			first = min(first, strings.Index(l, s))
		}
	}
	if labels < 2 || !strings.Contains(l, "by:") && !strings.Contains(l, "/s/") {
		return false // "Commencement Date: ___ Completion Date: ___": a form's fields
	}
	lower := 0
	for w := range strings.FieldsSeq(text[:first]) {
		if isLowerStart(w) && len(w) > 1 {
			lower++
		}
	}
	return lower < 4
}

// cellText is the text notClauseText judges for a clause headed by h in
// paragraph p: an unnumbered heading a table's row starts with ("Order
// Desk 4.0" over "$8,500 $1,530 15") is one of its cells, so it counts
// with the text.
func cellText(h heading, p, text string) string {
	if h.numbered || strings.TrimSpace(text) == "" {
		return text
	}
	return p[:min(len(p), h.textStart)] + " " + text
}
