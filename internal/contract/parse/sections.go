package parse

import (
	"slices"
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/clausetype"
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
// cover pages and tables of contents are left out) up to "IN WITNESS
// WHEREOF", each with the text up to the next heading. A heading with no
// text of its own before the next ("ARTICLE V TERM" then "5.1 Term. …")
// takes the text up to the next heading of its level or above. The
// document title repeated as a heading is not a clause.
func findClauses(body string, spans []span, pre preamble, title string) []contract.Section {
	from := pre.para + 1
	if pre.para < 0 {
		from = 0
	}
	titleValue := contract.SectionValue(title)
	var heads []headAt
	stop := len(spans)
	inTOC := false
	for i := from; i < len(spans); i++ {
		p := body[spans[i].start:spans[i].end]
		if isWitness(p) {
			if len(heads) >= minHeadsBeforeSignature {
				stop = i
				break
			}
			// a signature page before the terms: "… IN WITNESS WHEREOF …
			// By: …" then "TERMS AND CONDITIONS OF AGREEMENT" / "1.
			// LOCATION. …"; the clauses are after it
			continue
		}
		if isTOCStart(p) {
			inTOC = true
			continue
		}
		h, ok := parseHeading(p)
		if inTOC {
			if ok || len(p) < 200 {
				continue
			}
			inTOC = false
		}
		if !ok || contract.SectionValue(h.name) == titleValue {
			continue
		}
		heads = append(heads, headAt{para: i, h: h})
	}
	stopAt := len(body)
	if stop < len(spans) {
		stopAt = spans[stop].start
	}
	out := make([]contract.Section, 0, len(heads))
	legends := legendOffsets(body)
	for k, hd := range heads {
		sp := spans[hd.para]
		textStart := sp.start + hd.h.textStart
		end := stopAt
		if k+1 < len(heads) {
			end = spans[heads[k+1].para].start
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
					end = spans[heads[n].para].start
					break
				}
			}
		}
		textStart = min(textStart, end)
		text := strings.TrimSpace(body[textStart:end])
		value := contract.SectionValue(hd.h.name)
		ownText := ""
		if typeText {
			ownText = text
		}
		out = append(out, contract.Section{
			Type:    contract.Clause,
			Name:    hd.h.name,
			Value:   value,
			Snippet: cut(collapseParagraphs(prefix(text, maxSnippetBytes+64)), maxSnippetBytes),
			GroupID: groupID(value, text),
			// Sections sharing a group id share heading and text, and
			// so their types.
			ClauseTypes: clausetype.Classify(hd.h.name, ownText),
			Start:       sp.start,
			End:         max(end, sp.end),
		})
		if out[len(out)-1].End > stopAt && stopAt >= sp.end {
			out[len(out)-1].End = stopAt
		}
	}
	return dropFurniture(dropEmptyDuplicates(out), legends)
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
// "IN WITNESS WHEREOF" for it to end the clauses: fewer, and the
// signatures are a cover page's, with the terms after them.
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
