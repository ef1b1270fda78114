package parse

import (
	"slices"
	"strings"
	"unicode"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/clausetype"
	"github.com/contractsearch/contractsearch/internal/contract/clean"
)

// maxSnippetBytes bounds a section's snippet; the full text stays in the
// body, and the group id hashes all of it.
const maxSnippetBytes = 2000

// maxHashBytes bounds the text a group id hashes: two sections that agree
// on their first 32 KB are the same wording, and an article that spans
// half a contract costs no more than that.
const maxHashBytes = 32 << 10

// groupID is "en/<slug of value>#<hash of the normalised text>".
func groupID(value, text string) string {
	text = prefix(text, maxHashBytes)
	slug := contract.Slug(value)
	if slug == "" {
		slug = "section"
	}
	return "en/" + slug + "#" + textHash(text)
}

type headAt struct {
	para int
	h    heading
}

// findClauses returns the clauses: every heading after the preamble (so
// cover pages and tables of contents are left out), each with the text up
// to the next heading or signature block. A heading with no
// text of its own before the next ("ARTICLE V TERM" then "5.1 Term. …")
// takes the text up to the next heading of its level or above. The
// document title repeated as a heading is not a clause. "IN WITNESS
// WHEREOF" ends the text of the clause before it, and the signature
// block after it belongs to no clause; clauses start again at an exhibit,
// schedule or annex ("EXHIBIT B", "Schedule 1.1 – Pricing"), a clause of
// its own with the headings in it, or at the terms a signature page
// comes before (resumesTerms). Text that falls under no
// heading — before the first, in a contract without headings, in an
// exhibit before its first heading — is not lost: each paragraph run of
// it becomes clauses of its own (unheadedClauses). termsEnd is where the
// first signature block after at least minHeadsBeforeSignature headings
// starts (len(body) when none does): the clauses before it are the
// contract's own terms, those after it its exhibits'; fewer headings
// before the signatures are a cover page's, with the terms after them.
func findClauses(body string, spans []span, pre preamble, title string) (clauses []contract.Section, termsEnd int) {
	from := pre.para + 1
	if pre.para < 0 {
		from = 0
	}
	titleValue := contract.SectionValue(title)
	if early, ok := termsBeforeOpening(body, spans, from, titleValue); ok {
		from = early
	}
	var heads []headAt
	// stops are the paragraphs where a signature block starts: no
	// clause's text runs past one.
	var stops []int
	// outside marks the paragraphs that belong to no clause: tables of
	// contents, signature blocks, the title repeated.
	outside := make([]bool, len(spans))
	inTOC, inSignatures := false, false
	termsEnd = -1
	for i := from; i < len(spans); i++ {
		p := body[spans[i].start:spans[i].end]
		if isWitness(p) {
			outside[i] = true
			stops = append(stops, i)
			inSignatures = true
			if termsEnd < 0 && len(heads) >= minHeadsBeforeSignature {
				termsEnd = spans[i].start
			}
			continue
		}
		if len(stops) > 0 {
			if name, ok := attachmentHeading(p); ok {
				inSignatures, inTOC = false, false
				heads = append(heads, headAt{para: i, h: heading{name: name, level: 1, textStart: len(p), attachment: true}})
				continue
			}
		}
		if inSignatures {
			if !resumesTerms(p) {
				outside[i] = true
				continue
			}
			// the terms after a signature page: "TERMS AND
			// CONDITIONS" / "1. CONSTRUCTION" / "1.1. Definitions. …"
			inSignatures = false
		}
		if isTOCStart(p) {
			inTOC = true
			outside[i] = true
			continue
		}
		h, ok := parseHeading(p)
		if inTOC {
			if ok || len(p) < 200 {
				outside[i] = true
				continue
			}
			inTOC = false
		}
		if ok && contract.SectionValue(h.name) == titleValue {
			outside[i] = true
			continue
		}
		if !ok {
			continue
		}
		heads = append(heads, headAt{para: i, h: h})
	}
	// stopAfter is the offset where the text of a clause starting at
	// paragraph i must end: the next signature block, or the body's end.
	stopAfter := func(i int) int {
		for _, s := range stops {
			if s > i {
				return spans[s].start
			}
		}
		return len(body)
	}
	legends := legendOffsets(body)
	// clausesOf makes the clauses of heads, and with judge returns the
	// heads whose clause is one: a line that heads no clause (a table's
	// row, a sentence's line in capitals) must not end the text of the
	// clause before it, so the clauses are made again without it, each
	// judged once.
	clausesOf := func(heads []headAt, judge bool) (out []contract.Section, kept []headAt) {
		out = make([]contract.Section, 0, len(heads))
		for k, hd := range heads {
			sp := spans[hd.para]
			p := body[sp.start:sp.end]
			stopAt := stopAfter(hd.para)
			textStart := sp.start + hd.h.textStart
			end := stopAt
			if k+1 < len(heads) {
				end = min(end, spans[heads[k+1].para].start)
			}
			if hd.h.textStart >= sp.end-sp.start {
				// The text starts at the next paragraph that is not a
				// redaction legend the page put there (furniture.go).
				next := hd.para + 1
				for next < len(spans) && spans[next].start < end && anyIn(legends, spans[next].start, spans[next].end) && onlyLegend(body[spans[next].start:spans[next].end]) {
					next++
				}
				if next < len(spans) {
					textStart = min(spans[next].start, end)
				} else {
					textStart = sp.end
				}
			}
			typeText := true
			if textStart >= end {
				// no text of its own: extend over the sub-sections, whose
				// own types the text rules find, not again here
				typeText = false
				end = stopAt
				for n := k + 1; n < len(heads); n++ {
					if heads[n].h.level <= hd.h.level {
						end = min(end, spans[heads[n].para].start)
						break
					}
				}
			}
			textStart = min(textStart, end)
			if hd.h.attachment && textStart < end {
				// an exhibit is a part of the contract, whatever its text
			} else if judge && notClauseText(cellText(hd.h, p, body[textStart:end]), hd.h.numbered) {
				continue // a table's cells, a form's label, a signature block (furniture.go)
			}
			kept = append(kept, hd)
			s := newClause(hd.h.name, body[textStart:end], typeText, sp.start, max(end, sp.end))
			if s.End > stopAt && stopAt >= sp.end {
				s.End = stopAt
			}
			out = append(out, s)
		}
		return out, kept
	}
	out, kept := clausesOf(heads, true)
	if len(kept) < len(heads) {
		out, _ = clausesOf(kept, false)
	}
	out = append(out, unheadedClauses(body, spans, from, out, outside)...)
	if s, ok := termsInOpening(body, spans, pre); ok {
		out = append(out, s)
	}
	slices.SortStableFunc(out, func(a, b contract.Section) int { return a.Start - b.Start })
	if termsEnd < 0 {
		termsEnd = len(body)
	}
	return dropFurniture(dropEmptyDuplicates(out), legends), termsEnd
}

// newClause makes the clause named name whose text is text (trimmed
// here), spanning [start, end) of the body; its text is typed only when
// typeText (a heading whose text is its sub-sections' is typed by its
// heading alone).
func newClause(name, text string, typeText bool, start, end int) contract.Section {
	text = strings.TrimSpace(text)
	value := contract.SectionValue(name)
	ownText := ""
	if typeText {
		ownText = text
	}
	return contract.Section{
		Type:    contract.Clause,
		Name:    name,
		Value:   value,
		Snippet: cut(collapseParagraphs(prefix(text, maxSnippetBytes+64)), maxSnippetBytes),
		GroupID: groupID(value, text),
		// Sections sharing a group id share heading and text, and
		// so their types.
		ClauseTypes: clausetype.Classify(name, ownText),
		Start:       start,
		End:         end,
	}
}

// untitled names a clause made of text under no heading and not
// numbered; recitals one that opens with "WHEREAS".
const (
	untitled = "Untitled"
	recitals = "Recitals"
)

// minUnheadedBytes is how long a run of text under no heading must be to
// become a clause: shorter runs are signature lines, addresses, page
// furniture.
const minUnheadedBytes = 80

// unheadedClauses makes clauses of the paragraphs from paragraph from on
// that no clause in secs covers and that are not outside every clause: a
// contract whose numbered paragraphs have no headings ("5. In return for
// the exclusive appointment … Agency agrees not to sell …"), text between
// the opening and the first heading, an exhibit's text. A numbered
// paragraph starts a clause named by its number ("Section 4.3",
// "Paragraph (b)"), and the unnumbered paragraphs after it belong to it;
// a run that starts unnumbered is a clause named "Recitals" when it opens
// with "WHEREAS", else "Untitled".
func unheadedClauses(body string, spans []span, from int, secs []contract.Section, outside []bool) []contract.Section {
	covered := make([]bool, len(spans))
	for _, s := range secs {
		i, _ := slices.BinarySearchFunc(spans, s.Start, func(sp span, off int) int { return sp.start - off })
		for ; i < len(spans) && spans[i].start < s.End; i++ {
			covered[i] = true
		}
	}
	var out []contract.Section
	name, start, end := "", -1, -1
	flush := func() {
		if start >= 0 && end-start >= minUnheadedBytes && !notClauseText(body[start:end], name != untitled && name != recitals) {
			out = append(out, newClause(name, body[start:end], true, start, end))
		}
		start = -1
	}
	for i := from; i < len(spans); i++ {
		if covered[i] || outside[i] {
			flush()
			continue
		}
		p := body[spans[i].start:spans[i].end]
		if n, ok := numberName(p); ok {
			flush()
			name = n
		} else if start < 0 {
			name = untitled
			if hasPrefixFold(p, "whereas") {
				name = recitals // "WHEREAS, Northwind manufactures …"
			}
		}
		if start < 0 {
			start = spans[i].start
		}
		end = spans[i].end
	}
	flush()
	return out
}

// numberName names a paragraph by the numbering it opens with: "4.3 Kitov
// shall …" → "Section 4.3", "Section 5.2 …" → "Section 5.2", "ARTICLE V …"
// → "Article V", "(b) Each Seller …" → "Paragraph (b)".
func numberName(p string) (string, bool) {
	m := parseMarker(p)
	if m.kind == noMarker {
		return "", false
	}
	num := strings.TrimRight(strings.TrimSpace(p[:m.end]), " .:-–—")
	switch m.kind {
	case outlineMarker:
		return "Section " + num, true
	case enumMarker:
		return "Paragraph " + num, true
	}
	return cleanHeadingName(num), true
}

// resumesTerms reports whether paragraph p, after a signature block,
// starts clauses again: a numbered heading, or a heading followed by a
// clause's worth of text ("AUDIT. Blue Harbor may, upon thirty days'
// notice, …"). Signature lines, names and addresses are neither.
func resumesTerms(p string) bool {
	if numberedHeading(p) {
		return true
	}
	h, ok := parseHeading(p)
	return ok && len(p)-h.textStart >= minRunInTextBytes
}

// minRunInTextBytes is how much text must follow an unnumbered run-in
// heading for it to end a signature block.
const minRunInTextBytes = 100

// numberedHeading reports whether paragraph p opens with a heading
// numbered as clauses are ("1. CONSTRUCTION", "1.1. Definitions. …",
// "Section 5", "ARTICLE V"), which no signature block holds: a street
// number ("4900 W. Brown Deer Road") or an enumeration ("(a)") is not one.
func numberedHeading(p string) bool {
	m := parseMarker(p)
	switch m.kind {
	case sectionMarker, articleMarker:
	case outlineMarker:
		if !strings.Contains(strings.Fields(p)[0], ".") {
			return false
		}
	default:
		return false
	}
	_, ok := parseHeading(p)
	return ok
}

// attachmentNouns name what is attached to a contract after its
// signatures.
var attachmentNouns = map[string]bool{"exhibit": true, "schedule": true, "annex": true, "appendix": true, "attachment": true, "addendum": true}

// attachmentHeading reads the line that opens an exhibit, schedule,
// annex, appendix, attachment or addendum after the signatures: "EXHIBIT
// A", "Schedule 1.1 – Pricing", "ANNEX II FORM OF NOTICE", or in capitals
// with the noun last, "COMPENSATION SCHEDULE". A sentence naming one
// ("Exhibit A sets out …") is not one.
func attachmentHeading(p string) (string, bool) {
	if len(p) > maxHeadingBytes {
		return "", false
	}
	words := strings.Fields(p)
	if len(words) < 2 || len(words) > maxHeadingWords {
		return "", false
	}
	if !attachmentNouns[strings.ToLower(words[0])] {
		last := strings.ToLower(strings.TrimRight(words[len(words)-1], ".:"))
		if attachmentNouns[last] && isCaps(p) && len(words) <= 6 && !hasVerb(words) {
			return cleanHeadingName(p), true
		}
		return "", false
	}
	id := strings.Trim(words[1], ".:-–—()")
	if id == "" || len(id) > 6 || hasVerb(words) || strings.HasSuffix(strings.TrimSpace(p), ",") {
		return "", false
	}
	for _, r := range id {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.' && r != '-' {
			return "", false
		}
	}
	if u, l := letterCase(id); l > 0 && u+l > 1 && !clean.IsRoman(strings.ToUpper(id)) {
		return "", false // "Exhibit attached", "Schedule hereto"
	}
	// a title after the identifier is in capitals or title case: not
	// "Exhibit A sets out the Products."
	var title []string
	for _, w := range words[2:] {
		if dashAt(w+" ", 0) == 0 && w != ":" {
			title = append(title, w)
		}
	}
	if len(title) > 0 && !isCaps(strings.Join(title, " ")) && !isTitleCase(title) {
		return "", false
	}
	// the identifier as written: "Exhibit A", not title-cased "Exhibit a"
	name := strings.Fields(cleanHeadingName(p))
	if len(name) >= 2 {
		name[1] = strings.TrimRight(words[1], ".:-–—")
	}
	return strings.Join(name, " "), true
}

// collapseParagraphs joins a section's paragraphs with spaces for its
// snippet.
func collapseParagraphs(s string) string {
	if !strings.Contains(s, "\n") {
		return s
	}
	return strings.ReplaceAll(s, "\n\n", " ")
}

// dropEmptyDuplicates removes clauses without text whose heading recurs
// with text — the entries of a table of contents the preamble rule missed.
func dropEmptyDuplicates(secs []contract.Section) []contract.Section {
	withText := make(map[string]bool)
	for _, s := range secs {
		if s.Snippet != "" {
			withText[s.Value] = true
		}
	}
	return slices.DeleteFunc(secs, func(s contract.Section) bool { return s.Snippet == "" && withText[s.Value] })
}

// minHeadsBeforeSignature is how many clause headings must come before
// "IN WITNESS WHEREOF" for it to end the contract's terms: fewer, and
// the signatures are a cover page's, with the terms after them.
const minHeadsBeforeSignature = 3

func isWitness(p string) bool {
	return len(p) >= 17 && (strings.EqualFold(p[:17], "in witness whereo") || strings.EqualFold(p[:17], "in witness thereo"))
}

func isTOCStart(p string) bool {
	if len(p) > 40 {
		p = p[:40]
	}
	l := strings.ToLower(strings.TrimRight(p, " .:"))
	return l == "table of contents" || l == "contents" || l == "index" || strings.HasPrefix(l, "table of contents ")
}
