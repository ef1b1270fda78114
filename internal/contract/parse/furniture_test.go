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

// What a schedule, a price list or a signature page holds under a line
// the grammar reads as a heading is not a clause; terms are, even short
// or redacted. The texts are written for the test in the style of EDGAR
// exhibits.
func TestNotClauseText(t *testing.T) {
	for _, tc := range []struct {
		name     string
		text     string
		numbered bool
		want     bool
	}{
		{"price list row", "$1,250.00 $1,100.00 15% $187.50", false, true},
		{"payment schedule", "Payment March 1, 2004 $40,000 June 1, 2004 $40,000 September 1, 2004 $40,000", false, true},
		{"volume tiers", "0 - 10,000 4.00% 10,001 - 25,000 4.50% 25,001+ 5.25%", true, true},
		{"monthly forecast", "1/1/05-1/31/05 9,000 9,500 (500) 5.3%", false, true},
		{"redacted table cells", "[***] [***] [***]", false, true},
		{"redacted table with a legend", "Unit Price Lead Time [***] [***] [***] [***] *** Confidential treatment has been requested for the bracketed portions.", false, true},
		{"column heading without text", "", false, true},
		{"signature block under the party", "By: /s/ Marta Quill\n\nName: Marta Quill\n\nTitle: Chief Executive Officer\n\nDate: 3/4/2011", false, true},
		{"empty signature lines", "By:\n\nBy:\n\nName:\n\nName:\n\nTitle:\n\nTitle:", false, true},
		{"numbered heading whose text was lost", "", true, false},
		{"redacted numbered clause", "[***].", true, false},
		{"a term of a term sheet", "June 1, 2005", false, false},
		{"form fields", "Commencement Date: ________ Completion Date: ________", false, false},
		{"fees clause with amounts", "Licensee shall pay Licensor a fee of $25,000 on signing and $5,000 on each anniversary of the Effective Date.", true, false},
		{"clause that runs into signatures", "This Agreement is governed by the laws of Ohio.\n\nACME, INC.\n\nBy: /s/ Jo Roe\n\nName: Jo Roe", true, false},
		{"survival list", "Sections 7, 9.2, 11 and 14 survive the expiration or termination of this Agreement.", true, false},
	} {
		if got := notClauseText(tc.text, tc.numbered); got != tc.want {
			t.Errorf("%s: notClauseText(%q, %v) = %v, want %v", tc.name, tc.text, tc.numbered, got, tc.want)
		}
	}
}

// A schedule of prices after the signatures gives its terms as clauses
// and none of its rows; an "X.0" heading holds the "X.1" clauses under it.
func TestScheduleTableRows(t *testing.T) {
	raw := `SOFTWARE LICENSE AGREEMENT

This Software License Agreement (the "Agreement") is made as of May 1, 2003 by and between Quarrystone Data Systems, Inc. ("Licensor") and Ferrell Bay Outfitters, LLC ("Licensee").

1.0 LICENSE

1.1 Grant. Licensor grants Licensee a non-exclusive license to use the Software at the Sites.

1.2 Restrictions. Licensee shall not sublicense the Software.

2.0 FEES

2.1 Fees. Licensee shall pay the fees set out in Schedule A within thirty days of each invoice.

3. Governing Law. This Agreement is governed by the laws of the State of Oregon.

IN WITNESS WHEREOF, the parties have executed this Agreement.

QUARRYSTONE DATA SYSTEMS, INC.

By: /s/ Ana Ruiz

SCHEDULE A

SOFTWARE FEES

MODULE

LICENSE FEE

ANNUAL MAINTENANCE

USERS

Inventory Manager 2.1

$12,000 $2,160 25

Order Desk 4.0

$8,500 $1,530 15

TOTAL

$20,500 $3,690 40
`
	c := Parse(raw, contract.Meta{Path: "schedule.txt"})
	var names []string
	for _, s := range c.Sections {
		if s.Type == contract.Clause {
			names = append(names, s.Name)
		}
	}
	got := strings.Join(names, " | ")
	want := "License | Grant | Restrictions | Fees | Fees | Governing Law | Schedule A"
	if got != want {
		t.Errorf("clauses\n got %s\nwant %s", got, want)
	}
	for _, s := range c.Sections {
		if s.Name == "License" && !strings.Contains(s.Snippet, "Restrictions") {
			t.Errorf("1.0 LICENSE does not hold 1.1 and 1.2: %q", s.Snippet)
		}
	}
}
