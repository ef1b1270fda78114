package parse

import (
	"strings"
	"unicode"

	"github.com/contractsearch/contractsearch/internal/contract/clean"
	"github.com/contractsearch/contractsearch/internal/contract/sentence"
)

// heading is a clause heading found at the start of a paragraph.
type heading struct {
	// name is the heading as shown: numbering and final punctuation
	// removed, capitals title-cased.
	name string
	// level ranks nesting: 1 article … 6 enumerated; unnumbered headings
	// rank 2 (a line of their own in capitals) or 4 (run in).
	level int
	// textStart is where the section's own text starts in the paragraph:
	// after a run-in heading, or len(p) when the paragraph is the heading.
	textStart int
	// numbered: the heading opens with numbering ("12.1", "(a)",
	// "Section 5", "ARTICLE V").
	numbered bool
	// attachment: the heading opens an exhibit, schedule or annex
	// after the signatures ("SCHEDULE A").
	attachment bool
}

const (
	maxHeadingWords = 12
	maxHeadingBytes = 110
)

// parseHeading recognises the heading styles at the start of paragraph p:
//
//	ARTICLE V — TERM AND TERMINATION      numbered, the whole paragraph
//	12. GOVERNING LAW                      numbered, the whole paragraph
//	Section 5.2 Indemnification.           numbered, the whole paragraph
//	12.1 Governing Law. This Agreement …   numbered, run in
//	GOVERNING LAW                          a line in capitals
//	Effective Date and Term.               a title-case line
//	Governing Law. This Agreement …        run in, title case
//	GOVERNING LAW. This Agreement …        run in, capitals
//	12. GOVERNING LAW This Agreement …     run in, capitals without a stop
func parseHeading(p string) (heading, bool) {
	m := parseMarker(p)
	rest := p[m.end:]
	if rest == "" || startsQuote(rest) {
		return heading{}, false
	}
	var h heading
	switch {
	case isWholeHeading(rest, m):
		h = heading{name: rest, textStart: len(p)}
		if m.kind == noMarker {
			h.level = 2
		}
	default:
		n, name := runInHeading(rest, m)
		if n == 0 {
			n, name = capsRunHeading(rest, m)
		}
		if n == 0 && m.kind != noMarker {
			n, name = titleRunHeading(rest)
		}
		if n == 0 {
			return heading{}, false
		}
		h = heading{name: name, textStart: m.end + n}
		if m.kind == noMarker {
			h.level = 4
		}
	}
	if m.kind != noMarker {
		h.level, h.numbered = m.level(), true
	} else if n, _ := clean.OutlineNumber(p); n > 1 && p[n-1] == '.' && n < len(p) && isUpperStart(p[n:]) {
		h.numbered = true // "3.DISTRIBUTION:": numbered, the space lost
	}
	h.name = cleanHeadingName(h.name)
	if !acceptableName(h.name) || opensSentence(h.name) {
		return heading{}, false
	}
	return h, true
}

// clauseOpeners begin the subordinate opening of a sentence, which a
// line in capitals often is ("NOTWITHSTANDING ANYTHING TO THE CONTRARY IN
// THIS AGREEMENT", "TO THE EXTENT PERMITTED BY APPLICABLE LAW", "EXCEPT AS
// SET FORTH HEREIN, NEITHER PARTY …"), and a heading is not.
var clauseOpeners = map[string]bool{
	"notwithstanding": true, "without": true, "to": true, "except": true, "subject": true, "provided": true,
	"if": true, "in": true, "upon": true, "unless": true, "this": true,
}

// referringPhrases point back into the contract, as a sentence's opening
// does and a heading's words do not.
var referringPhrases = []string{"foregoing", "herein", "hereof", "hereunder", "hereto", "contrary", "to the extent", "this agreement"}

// opensSentence reports whether a heading name is the opening of a
// sentence: a clause opener first, and a comma or a phrase referring back
// into the contract. "Subject Matter", "In Witness" and "Term of this
// Agreement" are not.
func opensSentence(name string) bool {
	first, _, _ := strings.Cut(name, " ")
	if !clauseOpeners[strings.ToLower(first)] {
		return false
	}
	l := strings.ToLower(name)
	if strings.Contains(l, ", ") {
		return true
	}
	for _, p := range referringPhrases {
		if strings.Contains(l, p) {
			return true
		}
	}
	return false
}

// isWholeHeading reports whether the rest of a paragraph, after its
// numbering, is a heading and nothing else.
func isWholeHeading(rest string, m marker) bool {
	if len(rest) > maxHeadingBytes {
		return false
	}
	body := strings.TrimRight(rest, " .:")
	if strings.ContainsAny(body, ";") && !(m.kind != noMarker && joinedPhrases(body)) || strings.Contains(body, ". ") && !isCaps(body) {
		return false
	}
	words := strings.Fields(body)
	if len(words) == 0 || len(words) > maxHeadingWords+2 {
		return false
	}
	if lastRune(body) == ',' || hasVerb(words) {
		return false
	}
	caps := isCaps(body)
	switch m.kind {
	case articleMarker, sectionMarker:
		return caps || titleCaseShare(words) >= 0.5 || len(words) <= 6
	case outlineMarker, enumMarker:
		if caps || isTitleCase(words) {
			return true
		}
		return len(words) <= 5 && isUpperStart(words[0])
	}
	if caps {
		return hasLongWord(words) && !sentenceStarts[bareWord(words[0])] || len(words) >= 2
	}
	if len(words) > 10 || sentenceStarts[bareWord(words[0])] {
		return false
	}
	return isTitleCase(words)
}

// joinedPhrases reports whether a numbered line is short phrases joined by
// semicolons, each in capitals or title case: "7. FEES; REVENUE SHARE",
// "12. Assignment; Successors". A sentence's list ("(a) any Affiliate of
// Licensee; or") is not.
func joinedPhrases(body string) bool {
	parts := strings.Split(body, ";")
	for _, part := range parts {
		words := strings.Fields(part)
		if len(words) == 0 || len(words) > 5 || !(isCaps(part) || isTitleCase(words)) || minorWords[strings.ToLower(words[len(words)-1])] {
			return false
		}
	}
	return len(parts) <= 3
}

// runInHeading reads a heading phrase ended by a period, a colon or a
// dash and followed by the section's text: "Governing Law. This …". It
// returns the offset of that text in rest and the phrase, or 0.
func runInHeading(rest string, m marker) (int, string) {
	limit := min(len(rest), maxHeadingBytes)
	words := 0
	for i := 0; i < limit; i++ {
		c := rest[i]
		if c == ' ' {
			words++
			if words >= maxHeadingWords {
				return 0, ""
			}
			// " - " and " — " end a heading too.
			if j := dashAt(rest, i+1); j > 0 {
				return acceptRunIn(rest, rest[:i], i+1+j, m)
			}
			continue
		}
		if c != '.' && c != ':' {
			continue
		}
		if i+1 >= len(rest) || rest[i+1] != ' ' {
			continue // "U.S.A", "5.2"
		}
		phrase := rest[:i]
		if c == '.' && sentence.IsAbbreviation(lastWordOf(phrase)) {
			continue
		}
		return acceptRunIn(rest, phrase, i+2, m)
	}
	return 0, ""
}

// acceptRunIn checks a candidate run-in phrase and the text after it.
func acceptRunIn(rest, phrase string, textAt int, m marker) (int, string) {
	for textAt < len(rest) && rest[textAt] == ' ' {
		textAt++
	}
	if textAt >= len(rest) {
		return 0, ""
	}
	if next := firstRune(rest[textAt:]); !(unicode.IsUpper(next) || unicode.IsDigit(next) || strings.ContainsRune("\"“(['‘", next)) {
		return 0, ""
	}
	words := strings.Fields(phrase)
	if len(words) == 0 || hasVerb(words) || strings.ContainsAny(phrase, "\"“”;") {
		return 0, ""
	}
	for _, w := range words {
		if n, d := clean.OutlineNumber(w); n > 0 && d >= 2 {
			return 0, "" // "DEFINITIONS 1.1 Definitions": a heading and the next one's number
		}
	}
	if !isUpperStart(words[0]) && !unicode.IsDigit(firstRune(words[0])) {
		return 0, ""
	}
	switch {
	case isCaps(phrase):
		if m.kind == noMarker && !hasLongWord(words) {
			return 0, ""
		}
	case isTitleCase(words):
		if m.kind == noMarker && sentenceStarts[bareWord(words[0])] {
			return 0, ""
		}
	case m.kind != noMarker && len(words) <= 5:
		// sentence case after numbering: "12.1 Governing law. …"
	default:
		return 0, ""
	}
	return textAt, phrase
}

// capsRunHeading reads a heading in capitals without a stop, followed by
// the text: "12. GOVERNING LAW This Agreement shall …".
func capsRunHeading(rest string, m marker) (int, string) {
	i, words, longWords := 0, 0, 0
	end := 0
	for i < len(rest) && words <= maxHeadingWords {
		j := strings.IndexByte(rest[i:], ' ')
		if j < 0 {
			return 0, "" // the whole paragraph would have been a heading
		}
		w := rest[i : i+j]
		if !isCapsWord(w) || strings.ContainsAny(w, "\"“,;") || parseMarker(w+" X").kind == outlineMarker && strings.Contains(w, ".") {
			break // "GOVERNING LAW 22.1 This …" ends before the number
		}
		u, _ := letterCase(w)
		if u >= 3 {
			longWords++
		}
		words++
		i += j + 1
		end = i
	}
	if end == 0 || longWords == 0 || words > maxHeadingWords {
		return 0, ""
	}
	phrase := strings.TrimRight(rest[:end], " ")
	next := rest[end:]
	if hasVerb(strings.Fields(phrase)) {
		return 0, ""
	}
	r := firstRune(next)
	switch {
	case m.kind == articleMarker || m.kind == sectionMarker || m.kind == outlineMarker && parseMarker(next).kind == outlineMarker:
		// anything may follow: "ARTICLE 5 TERM 5.1 The term …"
	case unicode.IsUpper(r):
		if m.kind == noMarker && (words < 2 || !isTitleWord(next)) {
			return 0, ""
		}
	default:
		return 0, ""
	}
	return end, phrase
}

// titleRunHeading reads a numbered heading in title case without a stop,
// up to the word that starts the sentence: "23. Governing Law This
// Agreement will be …".
func titleRunHeading(rest string) (int, string) {
	words := strings.Fields(prefix(rest, maxHeadingBytes))
	for i, w := range words {
		if i == 0 {
			if !isUpperStart(w) || sentenceStarts[strings.ToLower(w)] {
				return 0, ""
			}
			continue
		}
		if i > 6 {
			return 0, ""
		}
		lw := strings.ToLower(w)
		if sentenceStarts[lw] && isUpperStart(w) && !minorWords[lw] || lw == "this" && isUpperStart(w) {
			phrase := strings.Join(words[:i], " ")
			if hasVerb(words[:i]) || strings.ContainsAny(phrase, ".,;:\"“") || !isTitleCase(words[:i]) {
				return 0, ""
			}
			return strings.Index(rest, phrase) + len(phrase) + 1, phrase
		}
		if !isUpperStart(w) && !minorWords[lw] {
			return 0, ""
		}
	}
	return 0, ""
}

// isTitleWord reports whether the first word of s is capitalised but not
// in capitals: "This", "The", "Each".
func isTitleWord(s string) bool {
	w, _, _ := strings.Cut(s, " ")
	u, l := letterCase(w)
	return isUpperStart(w) && (l > 0 || u == 1)
}

// dashAt returns the length of a " - " / " – " / " — " dash at s[i:],
// followed by a space, or 0.
func dashAt(s string, i int) int {
	for _, d := range []string{"- ", "– ", "— "} {
		if strings.HasPrefix(s[i:], d) {
			return len(d)
		}
	}
	return 0
}

func lastWordOf(s string) string {
	if i := strings.LastIndexAny(s, " (\"“"); i >= 0 {
		return s[i+1:]
	}
	return s
}

func startsQuote(s string) bool {
	switch firstRune(s) {
	case '"', '“', '‘', '\'':
		return true
	}
	return false
}

// hasVerb reports whether words include a verb that headings lack.
func hasVerb(words []string) bool {
	for _, w := range words {
		if verbWords[bareWord(w)] {
			return true
		}
	}
	return false
}

// hasLongWord reports whether some word has three letters or more.
func hasLongWord(words []string) bool {
	for _, w := range words {
		u, l := letterCase(w)
		if u+l >= 3 {
			return true
		}
	}
	return false
}

// isTitleCase reports whether every word but minor ones starts with a
// capital (or a digit), and the first does.
func isTitleCase(words []string) bool {
	if len(words) == 0 || !isCapitalised(strings.TrimLeft(words[0], "(\"“'‘")) {
		return false
	}
	for _, w := range words[1:] {
		t := strings.TrimLeft(w, "(\"“'‘[")
		if t == "" || minorWords[strings.ToLower(strings.TrimRight(t, ",.:"))] {
			continue
		}
		r := firstRune(t)
		if !unicode.IsUpper(r) && !unicode.IsDigit(r) && unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// isCapitalised reports whether a word starts with a capital, or is a
// brand written in lower case first: "e-business", "iPass".
func isCapitalised(w string) bool {
	if isUpperStart(w) {
		return true
	}
	if strings.HasPrefix(w, "e-") || strings.HasPrefix(w, "i-") {
		return true
	}
	u, _ := letterCase(w)
	return u > 0 && isLowerStart(w) && len(w) > 2
}

// titleCaseShare is the share of non-minor words that start with a capital.
func titleCaseShare(words []string) float64 {
	n, caps := 0, 0
	for _, w := range words {
		if minorWords[strings.ToLower(w)] {
			continue
		}
		n++
		if isUpperStart(w) {
			caps++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(caps) / float64(n)
}

// cleanHeadingName strips what surrounds a heading's words: trailing
// punctuation, underscores and asterisks, and title-cases capitals.
func cleanHeadingName(s string) string {
	s = strings.TrimSpace(s)
	s = strings.Trim(s, " _*.:;,-–—")
	s = collapse(s)
	if isCaps(s) {
		s = titleCase(s)
	}
	return s
}

// rejectedNames are short lines that look like headings but are not
// clauses: cover-page, signature-block and layout words.
var rejectedNames = map[string]bool{
	"between": true, "and": true, "by and between": true, "among": true, "by and among": true, "by": true,
	"witnesseth": true, "table of contents": true, "contents": true,
	"index": true, "name": true, "title": true, "date": true, "dated": true, "signature": true,
	"signed": true, "witness": true, "its": true, "address": true, "attention": true, "attn": true,
	"tel": true, "fax": true, "telephone": true, "facsimile": true, "email": true, "e-mail": true,
	"phone": true, "page": true, "confidential": true, "execution copy": true, "execution version": true,
	"now therefore": true, "in witness whereof": true, "whereas": true, "agreed and accepted": true,
	"accepted and agreed": true, "the parties": true, "party": true, "parties": true, "to": true,
	"from": true, "cc": true, "copy to": true, "with a copy to": true, "print name": true, "printed name": true,
	"authorized signature": true, "company": true, "licensor": true, "licensee": true, "client": true,
	"customer": true, "supplier": true, "distributor": true, "for": true, "per": true, "re": true,
	"subject": true, "ref": true, "recipient": true, "notes": true, "note": true, "form": true,
	"draft": true, "final": true, "agreement": true, "amendment": true, "contract": true, "schedule": true,
	"exhibit": true, "annex": true, "appendix": true, "attachment": true, "addendum": true,
	// placeholders for a clause left out: a numbered slot, no clause
	"reserved": true, "intentionally omitted": true, "intentionally left blank": true,
	"intentionally deleted": true, "deleted": true, "not used": true, "omitted": true,
	"reserved for future use": true,
}

var rejectedPrefixes = []string{
	"exhibit ", "schedule ", "annex ", "appendix ", "attachment ", "table of contents", "by:", "name:",
	"title:", "date:", "in witness", "signature", "page ", "confidential treatment", "[***]", "source:",
}

var corporateSuffixes = []string{
	" inc", " inc.", " llc", " l.l.c.", " ltd", " ltd.", " limited", " corp", " corp.", " corporation",
	" co.", " company", " plc", " l.p.", " lp", " gmbh", " ag", " s.a.", " b.v.", " n.v.", " s.a.s.",
	" pty", " s.p.a.", " llp", " pte", " bhd", " sa", " bv", " nv", " kk",
}

// acceptableName rejects names that are not clause headings.
func acceptableName(name string) bool {
	if name == "" || len(name) > maxHeadingBytes {
		return false
	}
	l := strings.ToLower(name)
	if rejectedNames[l] || rejectedNames[strings.Trim(l, "[]() ")] || rejectedNames[unspaced(l)] {
		return false
	}
	for _, p := range rejectedPrefixes {
		if strings.HasPrefix(l, p) {
			return false
		}
	}
	for _, s := range corporateSuffixes {
		if strings.HasSuffix(l, s) {
			return false
		}
	}
	letters, digits := 0, 0
	for _, r := range name {
		switch {
		case unicode.IsLetter(r):
			letters++
		case unicode.IsDigit(r):
			digits++
		}
	}
	if letters < 3 || digits > 4 || strings.ContainsAny(name, "@$%\\") {
		return false
	}
	if strings.Contains(l, "http") || strings.Contains(l, "www.") || looksLikeDate(l) {
		return false
	}
	// Notice and signature blocks: "Attn: Joseph Marino", "Title: President",
	// "Copy to Mary Beth Brody, Esq", "By E.piphany", "Mr. Nirmal K".
	if strings.Contains(name, ":") || strings.Contains(l, " esq") || strings.Count(name, "(") != strings.Count(name, ")") ||
		strings.Contains(name, "*") || strings.Contains(l, "xxxx") {
		// … and table rows with a redaction ("ICE Detector [*****]"), placeholders
		return false
	}
	if continuesSentence(name) {
		return false
	}
	words := strings.Fields(l)
	switch strings.TrimRight(words[0], ".,") {
	case "attn", "attention", "by", "mr", "ms", "mrs", "dr", "c/o", "tel", "fax", "email", "e-mail", "phone", "telephone":
		return false
	}
	if strings.HasPrefix(l, "copy to") {
		return false
	}
	last := strings.TrimRight(words[len(words)-1], ".,")
	if minorWords[last] || sentence.IsAbbreviation(last) {
		return false // "Relationship of the", "Contract No": cut short
	}
	if len(words) == 1 && clean.IsRoman(strings.ToUpper(strings.TrimRight(last, "."))) {
		return false // "III": numbering without a heading
	}
	return true
}

// unspaced joins a word written letter by letter ("b e t w e e n") into
// one, or returns "" when s is not written so.
func unspaced(s string) string {
	words := strings.Fields(s)
	if len(words) < 3 {
		return ""
	}
	for _, w := range words {
		if len(w) != 1 {
			return ""
		}
	}
	return strings.Join(words, "")
}

// continuesSentence reports whether a name's first word is written in
// lower case letters only: a heading starts with a capital or a number,
// or with a brand written in mixed case ("ctDNA Platform"), while "of the
// SOW in its entirety", "and Section 11" and "hereof" are the rest of a
// sentence whose cross-reference ("Section\n5.2 of the SOW …") ended a
// line and began the next with a number.
func continuesSentence(name string) bool {
	first, _, _ := strings.Cut(name, " ")
	return clean.IsLowerASCII(strings.TrimRight(first, ".,;"))
}

var months = []string{"january", "february", "march", "april", "may ", "june", "july", "august", "september", "october", "november", "december"}

func looksLikeDate(l string) bool {
	if digitsIn(l) == 0 {
		return false
	}
	for _, m := range months {
		if strings.Contains(l, m) {
			return true
		}
	}
	return false
}

func digitsIn(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			n++
		}
	}
	return n
}
