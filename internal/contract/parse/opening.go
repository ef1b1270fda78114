package parse

import (
	"regexp"
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// Two ways the terms escape findClauses' start after the opening
// sentence (preamble): they run on in the opening's own paragraph, or the
// sentence taken for the opening is one of the terms.

// asFollows ends the opening where the terms follow in the same
// paragraph: "… the parties agree as follows: 1. Grant of Rights 1.1 …".
var asFollows = regexp.MustCompile(`(?i)\bagree(?:s|d)?\s+as\s+follows?\b\s*[:.;,–—-]*\s*`)

// witnessInText finds a signature block's opening inside a paragraph,
// where the terms run into it.
var witnessInText = regexp.MustCompile(`(?i)\bin witness (?:whereof|thereof)\b`)

// termsInOpening returns the clause of the terms that run on in the
// opening's paragraph after "agree as follows" (documents whose
// paragraph breaks were lost: the whole contract, or its first pages, is
// one paragraph), up to the paragraph's end or a signature block in it.
// The clause is named by its heading ("1. Grant of Rights" → "Grant of
// Rights") when parseHeading reads one, by its number, else Untitled.
func termsInOpening(body string, spans []span, pre preamble) (contract.Section, bool) {
	if pre.para < 0 || pre.para >= len(spans) {
		return contract.Section{}, false
	}
	sp := spans[pre.para]
	p := body[sp.start:sp.end]
	from := min(max(pre.at, 0), len(p))
	loc := asFollows.FindStringIndex(p[from:])
	if loc == nil {
		return contract.Section{}, false
	}
	start := from + loc[1]
	end := len(p)
	if w := witnessInText.FindStringIndex(p[start:]); w != nil {
		end = start + w[0]
	}
	rest := p[start:end]
	if len(strings.TrimSpace(rest)) < minUnheadedBytes {
		return contract.Section{}, false
	}
	name, text := untitled, rest
	if h, ok := parseHeading(rest); ok && len(rest)-h.textStart >= minUnheadedBytes {
		name, text = h.name, rest[h.textStart:]
	} else if n, ok := numberName(rest); ok {
		name = n
	}
	return newClause(name, text, true, sp.start+start, sp.start+end), true
}

// minTermsBeforeOpening is how many headings with a clause's text must
// come before the sentence taken for the opening for it to be one of the
// terms instead ("3. Integrated Agreement. This Agreement and its
// attachments …" after "A. AUTHORITY OF AGENCY", "B. MICOA BILLED
// POLICIES", …). A cover page or table of contents has headings without
// such text.
const minTermsBeforeOpening = 3

// minHeadedTextBytes is how much text a heading must have before the
// next heading to count as a clause for termsBeforeOpening.
const minHeadedTextBytes = 200

// termsBeforeOpening returns the paragraph where the terms start when at
// least minTermsBeforeOpening headings before paragraph opening (the
// paragraph after the opening sentence's) each have a clause's text: the
// first of them. A table of contents stops the search: its entries are
// headings, and what follows it is the contract's own start.
func termsBeforeOpening(body string, spans []span, opening int, titleValue string) (int, bool) {
	first, n := -1, 0
	textSince, lastHead := 0, -1
	count := func() {
		if lastHead >= 0 && textSince >= minHeadedTextBytes {
			if first < 0 {
				first = lastHead
			}
			n++
		}
	}
	for i := 0; i < opening-1 && i < len(spans); i++ {
		p := body[spans[i].start:spans[i].end]
		if isTOCStart(p) || isWitness(p) {
			return 0, false
		}
		h, ok := parseHeading(p)
		if ok && contract.SectionValue(h.name) == titleValue {
			ok = false
			p = ""
		}
		if !ok {
			textSince += len(p)
			continue
		}
		count()
		lastHead, textSince = i, len(p)-h.textStart
	}
	count()
	return first, n >= minTermsBeforeOpening
}
