package parse

import "testing"

// Every heading style of the grammar, on lines quoted from or modelled on
// EDGAR exhibits, with the name and the offset where the text starts.
func TestParseHeading(t *testing.T) {
	for _, tc := range []struct {
		para, name string
		text       string // what follows the heading in the paragraph ("" when the paragraph is the heading)
		level      int
	}{
		{"ARTICLE V — TERM AND TERMINATION", "Term and Termination", "", 1},
		{"ARTICLE 12 GOVERNING LAW", "Governing Law", "", 1},
		{"ARTICLE FIVE: CONFIDENTIALITY", "Confidentiality", "", 1},
		{"Article 3 - Payment Terms", "Payment Terms", "", 1},
		{"Section 5.2 Indemnification.", "Indemnification", "", 3},
		{"SECTION 9 NOTICES", "Notices", "", 2},
		{"§ 4.1 Warranties", "Warranties", "", 3},
		{"12. GOVERNING LAW", "Governing Law", "", 2},
		{"7. FEES; REVENUE SHARE", "Fees; Revenue Share", "", 2},
		{"14. Governing Law; Jurisdiction", "Governing Law; Jurisdiction", "", 2},
		{"12. Governing Law.", "Governing Law", "", 2},
		{"12.1 Governing Law. This Agreement shall be governed by the laws of Delaware.", "Governing Law", "This Agreement shall be governed by the laws of Delaware.", 3},
		{"12.1.3 Notices: All notices shall be in writing.", "Notices", "All notices shall be in writing.", 4},
		{"(a) Governing Law. This Agreement is governed by Texas law.", "Governing Law", "This Agreement is governed by Texas law.", 6},
		{"12.1 Governing law. This Agreement is governed by Ohio law.", "Governing law", "This Agreement is governed by Ohio law.", 3},
		{"GOVERNING LAW", "Governing Law", "", 2},
		{"LIMITATION OF LIABILITY", "Limitation of Liability", "", 2},
		{"Effective Date and Term.", "Effective Date and Term", "", 2},
		{"Grant of Rights", "Grant of Rights", "", 2},
		{"Governing Law. This Agreement shall be governed by the laws of Nevada.", "Governing Law", "This Agreement shall be governed by the laws of Nevada.", 4},
		{"GOVERNING LAW. This Agreement shall be governed by the laws of Nevada.", "Governing Law", "This Agreement shall be governed by the laws of Nevada.", 4},
		{"Non-Solicitation of Employees. Neither party shall solicit.", "Non-Solicitation of Employees", "Neither party shall solicit.", 4},
		{"Governing Law — This Agreement is governed by Ohio law.", "Governing Law", "This Agreement is governed by Ohio law.", 4},
		{"12. GOVERNING LAW This Agreement shall be governed by Ohio law.", "Governing Law", "This Agreement shall be governed by Ohio law.", 2},
		{"GOVERNING LAW This Agreement shall be governed by Ohio law.", "Governing Law", "This Agreement shall be governed by Ohio law.", 4},
		{"23. Governing Law This Agreement will be governed in all respects by Utah law.", "Governing Law", "This Agreement will be governed in all respects by Utah law.", 2},
		{"22 GOVERNING LAW 22.1 This Agreement is governed by English law.", "Governing Law", "22.1 This Agreement is governed by English law.", 2},
		{"ARTICLE I DEFINITIONS 1.1 Definitions. For purposes of this Agreement:", "Definitions", "1.1 Definitions. For purposes of this Agreement:", 1},
	} {
		h, ok := parseHeading(tc.para)
		if !ok {
			t.Errorf("parseHeading(%q): no heading", tc.para)
			continue
		}
		text := ""
		if h.textStart < len(tc.para) {
			text = tc.para[h.textStart:]
		}
		if h.name != tc.name || text != tc.text || h.level != tc.level {
			t.Errorf("parseHeading(%q) = %q text %q level %d; want %q text %q level %d", tc.para, h.name, text, h.level, tc.name, tc.text, tc.level)
		}
	}
}

// Lines that look like headings but are not clauses.
func TestParseHeadingRejects(t *testing.T) {
	for _, para := range []string{
		"This Agreement shall be governed by the laws of Nevada.",
		"1.1 CERES and IGER anticipate that from time to time they may undertake research projects together.",
		"WHEREAS, the Parties wish to establish a research program;",
		"IN WITNESS WHEREOF, the parties have executed this Agreement.",
		"NOW, THEREFORE, the parties agree as follows:",
		"THIS AGREEMENT is made on 1 October 2019",
		"Birch First Global Investments Inc.",
		"Mount Knowledge Holdings Inc.",
		"Dated: May 8, 2014",
		"By: /s/ John Smith",
		"Name: John Smith",
		"Between:",
		"EXHIBIT A",
		"Schedule 1",
		"[***]",
		"\"Affiliate\" means any entity that controls a Party.",
		"The Company. The Company shall pay.",
		"30 days after the Effective Date.",
		"Section 5.2 of the SOW in its entirety",
		"(a) any Affiliate of Licensee; or",
		"(ii) Licensee; (iii) its Affiliates; and",
		"U.S. Patent No. 5,000,000 is licensed.",
		"(a) Provider agrees to provide the Services set forth on Exhibit A.",
		"",
	} {
		if h, ok := parseHeading(para); ok {
			t.Errorf("parseHeading(%q) = %+v, want no heading", para, h)
		}
	}
}

func TestParseMarker(t *testing.T) {
	for _, tc := range []struct {
		in    string
		kind  markerKind
		depth int
		rest  string
	}{
		{"ARTICLE V TERM", articleMarker, 1, "TERM"},
		{"Article 12. Notices", articleMarker, 1, "Notices"},
		{"Section 5.2 Indemnity", sectionMarker, 2, "Indemnity"},
		{"§ 4 Warranties", sectionMarker, 1, "Warranties"},
		{"12. Term", outlineMarker, 1, "Term"},
		{"12.1 Term", outlineMarker, 2, "Term"},
		{"12.1. Term", outlineMarker, 2, "Term"},
		{"2.3(a) Term", outlineMarker, 2, "Term"},
		{"1) Term", outlineMarker, 1, "Term"},
		{"(a) Term", enumMarker, 1, "Term"},
		{"(iv) Term", enumMarker, 1, "Term"},
		{"a) Term", enumMarker, 1, "Term"},
		{"A. The Company's Business", enumMarker, 1, "The Company's Business"},
		{"22 GOVERNING LAW", outlineMarker, 1, "GOVERNING LAW"},
		{"30 days", noMarker, 0, ""},
		{"section 5.2 of the Agreement", noMarker, 0, ""},
		{"U.S. law", noMarker, 0, ""},
		{"ARTICLES of incorporation", noMarker, 0, ""},
		{"(aa) Term", enumMarker, 1, "Term"},
		{"SECTION ONE. DEFINITIONS", sectionMarker, 1, "DEFINITIONS"},
		{"ARTICLE V — TERM", articleMarker, 1, "TERM"},
		// numbering alone opens no heading (clean.ReadMarker reads it)
		{"12.", noMarker, 0, ""},
		{"(a)", noMarker, 0, ""},
		{"ARTICLE V", articleMarker, 1, ""},
	} {
		m := parseMarker(tc.in)
		rest := ""
		if m.kind != noMarker {
			rest = tc.in[m.end:]
		}
		if m.kind != tc.kind || m.depth != tc.depth || rest != tc.rest {
			t.Errorf("parseMarker(%q) = %+v rest %q; want kind %d depth %d rest %q", tc.in, m, rest, tc.kind, tc.depth, tc.rest)
		}
	}
}

// Paragraphs an extractor ran together are split before their headings.
func TestSplitRunTogether(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"The Parties hereby agree as follows: 1. Services. 1.1 Provision of Services. (a) Provider agrees to provide the Services.",
			[]string{"The Parties hereby agree as follows:", "1. Services.", "1.1 Provision of Services. (a) Provider agrees to provide the Services."}},
		{"such writing. (b) Governing Law. This Agreement is a contract under the laws of Ohio.",
			[]string{"such writing.", "(b) Governing Law. This Agreement is a contract under the laws of Ohio."}},
		{"Chief Executive Officer 5.5. Governing Law. This Agreement shall be governed by Utah law.",
			[]string{"Chief Executive Officer", "5.5. Governing Law. This Agreement shall be governed by Utah law."}},
		{"17. GENERAL 17.1. Governing Law. The validity of this Agreement is governed by Texas law.",
			[]string{"17. GENERAL", "17.1. Governing Law. The validity of this Agreement is governed by Texas law."}},
		{"as set forth in Section 5.2. Indemnification is not available.",
			[]string{"as set forth in Section 5.2. Indemnification is not available."}},
		{"pursuant to Section 12.1 Governing Law of the Master Agreement.",
			[]string{"pursuant to Section 12.1 Governing Law of the Master Agreement."}},
		{"the fee is $5. 3.5 million shares will issue.",
			[]string{"the fee is $5. 3.5 million shares will issue."}},
	} {
		got := splitRunTogether(tc.in, nil)
		if len(got) != len(tc.want) {
			t.Errorf("splitRunTogether(%q) = %q, want %q", tc.in, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("splitRunTogether(%q)[%d] = %q, want %q", tc.in, i, got[i], tc.want[i])
			}
		}
	}
}

// Lines of notice and signature blocks are not clauses.
func TestAcceptableName(t *testing.T) {
	for name, want := range map[string]bool{
		"Governing Law":                        true,
		"Telecommunications Services":          true,
		"Attn: Joseph Marino, President":       false,
		"Christopher Donahue Title: President": false,
		"Copy to Mary Beth Brody, Esq":         false,
		"By E.piphany":                         false,
		"Mr. Nirmal K":                         false,
		"Dollars)2":                            false,
		"Contract No":                          false,
		"III":                                  false,
		"Relationship of the":                  false,
		"Birch First Global Investments Inc.":  false,
		"Limitation of Liability":              true,
		"Non-Solicitation of Employees":        true,
		// the rest of a sentence after a cross-reference, not a heading
		"of the SOW in its entirety":         false,
		"and Section 11":                     false,
		"hereof":                             false,
		"including":                          false,
		"ctDNA Platform Development Program": true, // a brand in mixed case
		"eBay Listings":                      true,
		// a slot left empty is no clause
		"Reserved":              false,
		"[Reserved]":            false,
		"Intentionally Omitted": false,
		"Reservation of Rights": true,
		"B E T W E E N":         false, // letter-spaced layout words
		"W I T N E S S E T H":   false,
	} {
		if got := acceptableName(name); got != want {
			t.Errorf("acceptableName(%q) = %v, want %v", name, got, want)
		}
	}
}
