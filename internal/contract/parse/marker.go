package parse

import (
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract/clean"
)

// markerKind is the numbering style that opens a heading: clean's kinds,
// since clean.ReadMarker is the one grammar of clause numbers.
type markerKind = clean.MarkerKind

const (
	noMarker      = clean.NoMarker
	articleMarker = clean.ArticleMarker
	sectionMarker = clean.SectionMarker // "Section 5.2", "§ 5.2"
	outlineMarker = clean.OutlineMarker // "12.", "12.1", "1)"
	enumMarker    = clean.EnumMarker    // "(a)", "(iv)", "a)", "A."
)

// marker is the numbering at the start of a paragraph.
type marker struct {
	kind markerKind
	// end is the offset just after the numbering and its separators.
	end int
	// depth is the number of levels in an outline or section number:
	// 1 for "12.", 2 for "12.1".
	depth int
}

// level ranks headings for nesting: 1 is an article, larger is deeper.
func (m marker) level() int {
	switch m.kind {
	case articleMarker:
		return 1
	case sectionMarker, outlineMarker:
		return 1 + m.depth
	case enumMarker:
		return 6
	}
	return 0
}

// parseMarker reads the numbering at the start of p with clean.ReadMarker
// ("ARTICLE V", "Section 5.2", "§ 5.2", "12.1", "2.3(a)", "1)", "(a)",
// "(aa)", "A.", "22 GOVERNING LAW") and moves past the separators after
// it. An outline number or an enumeration opens a heading only when text
// follows it: "12." alone is a detached number, not a heading; "ARTICLE V"
// alone is one.
func parseMarker(p string) marker {
	m := clean.ReadMarker(p)
	if m.Kind == noMarker || m.Len == len(p) && (m.Kind == outlineMarker || m.Kind == enumMarker) {
		return marker{}
	}
	depth := m.Depth
	if m.Kind == outlineMarker && depth > 1 && strings.HasSuffix(strings.TrimRight(p[:m.Len], "."), ".0") {
		depth-- // "27.0 GENERAL PROVISIONS" heads 27.1, 27.2 …: it is at the level of "27."
	}
	return marker{kind: m.Kind, end: skipSeparators(p, m.Len), depth: depth}
}

// skipSeparators moves i past the spaces and punctuation that separate
// numbering from a heading: "12. ", "ARTICLE V — ", "Section 5.2: ".
func skipSeparators(p string, i int) int {
	for i < len(p) {
		switch {
		case p[i] == ' ' || p[i] == '.' || p[i] == ':' || p[i] == '-':
			i++
		case strings.HasPrefix(p[i:], "–") || strings.HasPrefix(p[i:], "—"):
			i += len("—")
		default:
			return i
		}
	}
	return i
}

func digitsLen(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
