package parse

import (
	"strings"
)

// span is a paragraph's byte range in the body.
type span struct{ start, end int }

// splitRunTogether splits a paragraph before every numbered heading that
// follows a sentence end — "… as follows: 1. Services. 1.1 Provision of
// Services. (a) Provider agrees …" — and before a run-in heading in
// capitals ("… hereof. GOVERNING LAW. This …"), for text an extractor
// ran together without line breaks.
func splitRunTogether(p string, out []string) []string {
	last := 0
	for i := 2; i < len(p); i++ {
		if p[i-1] != ' ' {
			continue
		}
		switch p[i-2] {
		case '.', ':', ';':
		default:
			continue
		}
		if i-3 >= 0 && p[i-2] == '.' && abbreviations[strings.ToLower(lastWordOf(p[last:i-2]))] {
			continue
		}
		c := p[i]
		if !(c >= '0' && c <= '9' || c == 'S' || c == 'A' || c == 0xC2 /* § */ || c >= 'A' && c <= 'Z') {
			continue
		}
		if !inlineHeadingAt(p[i:]) {
			continue
		}
		out = append(out, strings.TrimSpace(p[last:i]))
		last = i
	}
	return append(out, strings.TrimSpace(p[last:]))
}

// inlineHeadingAt reports whether s starts with a heading that may begin
// a paragraph in the middle of run-together text: numbered (but not
// "(a)"), or unnumbered in capitals of two words or more ended by a stop.
func inlineHeadingAt(s string) bool {
	m := parseMarker(s)
	switch m.kind {
	case outlineMarker, sectionMarker, articleMarker:
		h, ok := parseHeading(s)
		return ok && (h.textStart < len(s) || len(s) <= maxHeadingBytes)
	case noMarker:
		n, phrase := runInHeading(s, m)
		return n > 0 && isCaps(phrase) && strings.Count(phrase, " ") >= 1
	}
	return false
}

// buildBody splits the cleaned paragraphs where they ran together and
// joins them into the body, returning each paragraph's span.
func buildBody(cleaned string) (string, []span) {
	var paras []string
	for p := range strings.SplitSeq(cleaned, "\n\n") {
		if p == "" {
			continue
		}
		paras = splitRunTogether(p, paras)
	}
	var b strings.Builder
	b.Grow(len(cleaned) + len(paras))
	spans := make([]span, 0, len(paras))
	for _, p := range paras {
		if p == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		spans = append(spans, span{b.Len(), b.Len() + len(p)})
		b.WriteString(p)
	}
	return b.String(), spans
}
