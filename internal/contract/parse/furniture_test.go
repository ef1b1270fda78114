package parse

import (
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract"
)

func TestFurniture(t *testing.T) {
	for _, tc := range []struct {
		name string
		sec  contract.Section
		drop bool
	}{
		{"legend defines a term", contract.Section{Type: contract.Definition, Name: "CONFIDENTIAL INFORMATION",
			Snippet: `IN ACCORDANCE WITH ITEM 601(b) OF REGULATION S-K, CERTAIN IDENTIFIED INFORMATION (THE "CONFIDENTIAL INFORMATION") HAS BEEN EXCLUDED FROM THIS EXHIBIT BECAUSE IT IS BOTH (I) NOT MATERIAL AND (II) WOULD LIKELY CAUSE COMPETITIVE HARM`}, true},
		{"definition a legend interrupts", contract.Section{Type: contract.Definition, Name: "Minimum Payment Period",
			Snippet: `"Minimum Payment Period" has the meaning set forth on attached Attachment B. 3 *** Portions of this page have been omitted pursuant to a request for Confidential Treatment.`}, false},
		{"inline definition before a legend", contract.Section{Type: contract.Definition, Name: "Reconciliation",
			Snippet: `The prices shall be modified every [*****] pursuant to Clause 11 ("Reconciliation"). [*****] Confidential material redacted and filed separately with the Securities and Exchange Commission.`}, false},
		{"clause of markers and a legend", contract.Section{Type: contract.Clause, Name: "Module",
			Snippet: `[*****] [*****] Confidential material redacted and filed separately with the Securities and Exchange Commission. [*****]`}, true},
		{"legend glued to a marker", contract.Section{Type: contract.Clause, Name: "Summary of Changes",
			Snippet: `Changes marked ***** CONFIDENTIAL TREATMENT REQUESTED`}, true},
		{"text a legend interrupts", contract.Section{Type: contract.Clause, Name: "Royalties",
			Snippet: `Naked will report, and Wade will be paid, royalty payments at [***] Confidential Information has been omitted in places marked "[***]" and has been filed separately with the Securities and Exchange Commission.`}, false},
		{"a clause about confidential treatment", contract.Section{Type: contract.Clause, Name: "Confidential Treatment",
			Snippet: `The Company shall request confidential treatment of the financial terms of this Agreement.`}, false},
		{"legend heading", contract.Section{Type: contract.Clause, Name: "Confidential Portions Omitted and Filed Separately with the Commission"}, true},
		{"signature page note", contract.Section{Type: contract.Clause, Name: "[Signature Page Follows]", Snippet: "IN WITNESS WHEREOF"}, true},
		{"blank page note", contract.Section{Type: contract.Clause, Name: "[Remainder of Page Intentionally Left Blank]"}, true},
		{"letterhead", contract.Section{Type: contract.Clause, Name: "[Pacira Pharmaceuticals, Inc. Letterhead]"}, true},
		{"execution version", contract.Section{Type: contract.Clause, Name: "Confidential Execution Version", Snippet: "1. Definitions"}, true},
		{"initials", contract.Section{Type: contract.Clause, Name: "BPC Initials ___ Sanofi Pasteur Initials ___ 1"}, true},
		{"a bracketed clause heading", contract.Section{Type: contract.Clause, Name: "[Reserved]"}, false},
		{"an ordinary clause", contract.Section{Type: contract.Clause, Name: "Governing Law", Snippet: "This Agreement is governed by the laws of Ohio."}, false},
	} {
		// The section spans offset 0, where the body's legends are said
		// to be, so the legend rules look at it.
		tc.sec.Start, tc.sec.End = 0, 1
		got := dropFurniture([]contract.Section{tc.sec}, []int{0})
		if tc.sec.Type == contract.Definition {
			got = got[:0]
			if !legendDefinition(tc.sec.Snippet) {
				got = append(got, tc.sec)
			}
		}
		if (len(got) == 0) != tc.drop {
			t.Errorf("%s: dropped %v, want %v", tc.name, len(got) == 0, tc.drop)
		}
	}
}

// A heading that a page's legend follows takes the text after the legend,
// and the legend defines nothing.
func TestParseSkipsLegends(t *testing.T) {
	raw := `IN ACCORDANCE WITH ITEM 601(b) OF REGULATION S-K, CERTAIN IDENTIFIED INFORMATION (THE "CONFIDENTIAL INFORMATION") HAS BEEN EXCLUDED FROM THIS EXHIBIT BECAUSE IT IS BOTH (I) NOT MATERIAL AND (II) WOULD LIKELY CAUSE COMPETITIVE HARM TO THE COMPANY IF PUBLICLY DISCLOSED.

SUPPLY AGREEMENT

This Supply Agreement is made on June 2, 2015 between Cedar Ltd. ("Seller") and Dune LLC ("Buyer").

ARTICLE 10 CONFIDENTIALITY

[***] = Certain confidential information contained in this document has been omitted and filed separately with the Securities and Exchange Commission.

10.1 Confidential Information. "Confidential Information" means all information a Party discloses to the other.

10.2 Term. The obligations of this Article last five years.

[Signature Page Follows]

IN WITNESS WHEREOF the parties have signed this Agreement.
`
	c := Parse(raw, contract.Meta{})
	var names []string
	for _, s := range c.Sections {
		names = append(names, string(s.Type)+":"+s.Name)
		if s.Type == contract.Definition && s.Name == "Confidential Information" && !strings.HasPrefix(s.Snippet, `"Confidential Information" means`) {
			t.Errorf("the legend defines Confidential Information: %q", s.Snippet)
		}
		if s.Name == "Confidentiality" && !strings.HasPrefix(s.Snippet, "10.1 Confidential Information.") {
			t.Errorf("the Confidentiality clause starts with %q", s.Snippet)
		}
		if strings.Contains(s.Name, "Signature") {
			t.Errorf("a page note became a clause: %q", s.Name)
		}
	}
	want := []string{"definition:Seller", "definition:Buyer", "clause:Confidentiality", "clause:Confidential Information", "definition:Confidential Information", "clause:Term"}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Errorf("sections %q, want %q", names, want)
	}
}

func FuzzWithoutLegends(f *testing.F) {
	for _, s := range []string{
		`[***] Confidential material redacted and filed separately with the Commission. [***]`,
		`Changes marked ***** CONFIDENTIAL TREATMENT REQUESTED`, "601(b)", ". has been omitted =",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if out := withoutLegends(s); len(out) > len(s)+100 {
			t.Fatalf("withoutLegends grew %d bytes to %d", len(s), len(out))
		}
		onlyLegend(s)
		legendDefinition(s)
		pageNote(s)
	})
}

// Every legend cue, in lower case, title case, capitals and sentence
// case, is found by legendAt and by legendOffsets (through legendMarks).
func TestLegendCues(t *testing.T) {
	for _, c := range legendCues {
		for _, s := range []string{c, strings.ToUpper(c), titleCase(c), strings.ToUpper(c[:1]) + c[1:]} {
			if legendAt("x "+s+" y") != 2 {
				t.Errorf("legendAt: cue %q not found", s)
			}
			if got := legendOffsets("Text before it: " + s + ". After."); len(got) != 1 || got[0] != 16 {
				t.Errorf("legendOffsets: cue %q found at %v", s, got)
			}
		}
	}
}
