package parse

import (
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract/clean"
	"github.com/contractsearch/contractsearch/internal/contract/sentence"
)

// span is a paragraph's byte range in the body.
type span struct{ start, end int }

// splitRunTogether splits a paragraph before every heading that starts
// a clause inside it — "… as follows: 1. Services. 1.1 Provision of
// Services. (a) Provider agrees …", "… 17. GENERAL 17.1. Governing Law.
// …" — for text an extractor ran together without line breaks. A
// candidate follows a sentence end, or (for numbering of two levels,
// "Section" and "ARTICLE") any word but one that refers to it ("Section",
// "of", "to" …).
func splitRunTogether(p string, out []string) []string {
	last := 0
	for i := 2; i < len(p); i++ {
		if p[i-1] != ' ' {
			continue
		}
		c := p[i]
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'h' || c == '(' || c == 0xC2 /* § */) {
			continue
		}
		stop := p[i-2] == '.' || p[i-2] == ':' || p[i-2] == ';'
		if !stop && !(c >= '0' && c <= '9' || c == 'S' || c == 'A' || c == 0xC2) {
			continue // only numbering, "Section", "ARTICLE" and "§" start a heading mid-sentence
		}
		if stop && c >= 'A' && c <= 'Z' && !(c == 'S' || c == 'A') && (i+1 >= len(p) || !(p[i+1] >= 'A' && p[i+1] <= 'Z' || p[i+1] == '.' || p[i+1] == ')')) {
			continue // a sentence in lower case: no heading in capitals, no "A." numbering
		}
		prev := wordBefore(p, i-1, last)
		afterStop := stop && !(p[i-2] == '.' && (sentence.IsAbbreviation(strings.TrimSuffix(prev, ".")) || isBareNumber(prev)))
		if !inlineHeadingAt(p[i:], afterStop, prev) {
			continue
		}
		out = append(out, strings.TrimSpace(p[last:i]))
		last = i
	}
	return append(out, strings.TrimSpace(p[last:]))
}

// isBareNumber reports whether w is numbering alone: "17.", "5.5.".
func isBareNumber(w string) bool {
	n, _ := clean.OutlineNumber(w)
	return n > 0 && n == len(w)
}

// wordBefore returns the word that ends at offset end of p (exclusive),
// looking back no further than from: the text after the previous space.
func wordBefore(p string, end, from int) string {
	j := end
	for j > from && p[j-1] != ' ' && end-j < 40 {
		j--
	}
	return p[j:end]
}

// referringWords before numbering make it a cross-reference: "Section
// 5.2", "of 12.1".
var referringWords = map[string]bool{
	"section": true, "sections": true, "article": true, "articles": true, "clause": true, "clauses": true,
	"paragraph": true, "paragraphs": true, "of": true, "to": true, "in": true, "under": true, "and": true,
	"or": true, "with": true, "by": true, "see": true, "per": true, "schedule": true, "exhibit": true,
	"annex": true, "appendix": true, "item": true, "items": true, "subsection": true, "no.": true, "than": true,
	"$": true, "from": true, "through": true, "thru": true,
}

// inlineHeadingAt reports whether s starts with a heading that may begin
// a paragraph in the middle of run-together text. afterStop says whether a
// sentence ended just before; prev is the word before.
func inlineHeadingAt(s string, afterStop bool, prev string) bool {
	m := parseMarker(s)
	strong := m.kind == sectionMarker || m.kind == articleMarker || m.kind == outlineMarker && m.depth >= 2
	if !afterStop && (!strong || referringWords[strings.ToLower(strings.TrimRight(prev, ".,;:"))] || digitsLen(prev) == len(prev) && prev != "") {
		return false
	}
	switch m.kind {
	case outlineMarker, sectionMarker, articleMarker:
		h, ok := parseHeading(s)
		return ok && (h.textStart < len(s) || len(s) <= maxHeadingBytes)
	case enumMarker:
		// "(b) Governing Law. This Agreement …": only a run-in heading in
		// title case or capitals
		n, phrase := runInHeading(s[m.end:], m)
		return afterStop && n > 0 && (isCaps(phrase) || isTitleCase(strings.Fields(phrase)))
	case noMarker:
		if !afterStop {
			return false
		}
		n, phrase := runInHeading(s, m)
		return n > 0 && isCaps(phrase) && strings.Count(phrase, " ") >= 1
	}
	return false
}

// buildBody splits the cleaned paragraphs where they ran together and
// joins them into the body, returning each paragraph's span.
func buildBody(cleaned string) (string, []span) {
	var paras []string
	split := false
	for p := range strings.SplitSeq(cleaned, "\n\n") {
		if p == "" {
			continue
		}
		n := len(paras)
		paras = splitRunTogether(p, paras)
		split = split || len(paras) != n+1
	}
	if !split {
		// nothing ran together: the cleaned text is the body
		spans := make([]span, 0, len(paras))
		at := 0
		for _, p := range paras {
			i := strings.Index(cleaned[at:], p)
			spans = append(spans, span{at + i, at + i + len(p)})
			at += i + len(p)
		}
		return cleaned, spans
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
