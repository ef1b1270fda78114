package clean

import "testing"

// TestReadMarker is the numbering grammar case by case. The cases marked
// "was:" are those on which cleaning's and the parser's grammars
// disagreed before ReadMarker replaced both; the comment says which one
// ReadMarker follows and why.
func TestReadMarker(t *testing.T) {
	for _, tc := range []struct {
		in    string
		kind  MarkerKind
		len   int
		depth int
	}{
		{"ARTICLE V TERM", ArticleMarker, 9, 1},
		{"ARTICLE V. TERM", ArticleMarker, 10, 1},
		{"Article 12. Notices", ArticleMarker, 11, 1},
		{"ARTICLE FIVE", ArticleMarker, 12, 1},
		{"ARTICLE TWENTY-ONE HEADINGS", ArticleMarker, 18, 1},
		{"Section 5.2 Indemnity", SectionMarker, 11, 2},
		{"SECTION 5", SectionMarker, 9, 1},
		{"§ 4 Warranties", SectionMarker, 3 + len("§") - 1, 1},
		{"12. Term", OutlineMarker, 3, 1},
		{"12.1 Term", OutlineMarker, 4, 2},
		{"12.1.3. Term", OutlineMarker, 7, 3},
		{"1) Term", OutlineMarker, 2, 1},
		{"(a) Term", EnumMarker, 3, 1},
		{"(iv) Term", EnumMarker, 4, 1},
		{"(12) Term", EnumMarker, 4, 1},
		{"a) Term", EnumMarker, 2, 1},
		{"A. The Company's Business", EnumMarker, 2, 1},
		{"1.", OutlineMarker, 2, 1},
		{"(a)", EnumMarker, 3, 1},
		{"A.", EnumMarker, 2, 1},
		{"7", NoMarker, 0, 0},       // a page number
		{"30 days", NoMarker, 0, 0}, // a quantity
		{"U.S. law", NoMarker, 0, 0},
		{"No. 5", NoMarker, 0, 0},
		{"ARTICLES of incorporation", NoMarker, 0, 0},
		{"1.5million", NoMarker, 0, 0},
		{"", NoMarker, 0, 0},

		// was: the parser read "(aa)" (after "(z)"), cleaning did not; parser.
		{"(aa) Term", EnumMarker, 4, 1},
		{"(BB)", EnumMarker, 4, 1},
		{"(ab) Term", NoMarker, 0, 0},
		// was: the parser kept the letter of "2.3(a)", cleaning stopped at
		// "2.3" and saw no number; parser: "Section 7(b) and …" is one
		// cross-reference, not a number and a new "(b)".
		{"2.3(a) Term", OutlineMarker, 6, 2},
		{"Section 7(b) and", SectionMarker, 12, 1},
		// was: the parser read "22 GOVERNING LAW", cleaning required a dot;
		// parser (cleaning breaks a line there only after a sentence end).
		{"22 GOVERNING LAW", OutlineMarker, 2, 1},
		{"22 Governing Law", NoMarker, 0, 0},
		// was: cleaning took "section"/"article" in any case; the parser
		// wanted a capital first; parser: "section 5.2 of the Agreement"
		// at a line's start continues a sentence.
		{"section 5.2 of the Agreement", NoMarker, 0, 0},
		{"article 5 hereof", NoMarker, 0, 0},
		// was: cleaning took roman section numbers, the parser did not;
		// parser: "under Transition Services Section II--Sale of …" is a
		// reference to a schedule's part.
		{"SECTION II - SALE OF SERVICES", NoMarker, 0, 0},
		// was: the parser took no number words after SECTION; cleaning's
		// rule for articles now serves both.
		{"SECTION ONE. DEFINITIONS", SectionMarker, 12, 1},
		{"SECTION TWENTY-ONE. HEADINGS", SectionMarker, 19, 1},
		// was: both read "Section 23A" as "Section 23"; neither now: the
		// number runs on into a letter (a statute's section).
		{"Section 23A of the Federal Reserve Act", NoMarker, 0, 0},
		{"§ 80C.14, Subds. 3", NoMarker, 0, 0},
		{"ARTICLE I1", NoMarker, 0, 0},
		// …but a dot ends a number: "Article 2.D&O Indemnity".
		{"Article 2.D&O Indemnity", ArticleMarker, 10, 1},
		// was: cleaning allowed one space after "§", the parser several;
		// parser.
		{"§  5.2 Term", SectionMarker, len("§") + 5, 2},
	} {
		m := ReadMarker(tc.in)
		if m.Kind != tc.kind || m.Len != tc.len || m.Depth != tc.depth {
			t.Errorf("ReadMarker(%q) = %+v (%q), want kind %d len %d depth %d", tc.in, m, tc.in[:m.Len], tc.kind, tc.len, tc.depth)
		}
	}
}

// FuzzReadMarker checks the grammar on any text: no panic, a length
// within the text, and the same number when it is read alone.
func FuzzReadMarker(f *testing.F) {
	for _, s := range []string{"ARTICLE V", "Section 5.2", "§ 4", "2.3(a) x", "(aa)", "22 GOVERNING LAW", "A.", "SECTION TWENTY-", "(", "§", "1.2.3.4.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m := ReadMarker(s)
		if m.Len < 0 || m.Len > len(s) || (m.Kind == NoMarker) != (m.Len == 0) {
			t.Fatalf("ReadMarker(%q) = %+v", s, m)
		}
		if m.Kind != NoMarker && m.Depth < 1 {
			t.Fatalf("ReadMarker(%q) = %+v: depth below 1", s, m)
		}
		if m.Kind == OutlineMarker || m.Kind == EnumMarker {
			if m.Len < len(s) && s[m.Len] != ' ' {
				t.Fatalf("ReadMarker(%q) = %+v: not followed by a space", s, m)
			}
			// the number read alone is the same number, or (an undotted
			// one, which needs a heading after it) none
			if alone := ReadMarker(s[:m.Len]); alone != m && alone.Kind != NoMarker {
				t.Fatalf("ReadMarker(%q) alone = %+v, in %q %+v", s[:m.Len], alone, s, m)
			}
		}
	})
}
