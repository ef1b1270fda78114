package clean

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Each case is raw extracted text → the body expected, paragraphs as
// "\n\n"; the excerpts are short quotations in the style of CUAD's EDGAR
// exhibits or written for the rule.
func TestText(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"paragraphs are kept",
			"First paragraph.\n\nSecond paragraph.",
			"First paragraph.\n\nSecond paragraph."},
		{"CRLF and CR line ends",
			"One line.\r\n\r\nAnother.\rThird.",
			"One line.\n\nAnother.\n\nThird."},
		{"hard line breaks inside a sentence are joined",
			"This Agreement shall be governed by and construed in accordance with the\nlaws of the State of New York, without giving effect to its conflict of\nlaws principles.\n\nNext.",
			"This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without giving effect to its conflict of laws principles.\n\nNext."},
		{"a short line ending a sentence ends its paragraph",
			"The parties agree as follows.\nEach party shall bear its own costs and expenses in connection with\nthis Agreement.",
			"The parties agree as follows.\n\nEach party shall bear its own costs and expenses in connection with this Agreement."},
		{"page numbers are removed",
			"End of page one.\n\n1\n\nStart of page two.\n\n- 2 -\n\nPage 3\n\nPage 4 of 10\n\niii\n\nDone.",
			"End of page one.\n\nStart of page two.\n\nDone."},
		{"Source footers are removed",
			"The term is one year.\n\n1\n\nSource: CYBERGY HOLDINGS, INC., 10-Q, 5/20/2014\n\nThe fee is $10.",
			"The term is one year.\n\nThe fee is $10."},
		{"an inline Source footer is removed",
			"Dated as of September 30, 2019 Source: CERENCE INC., 8-K, 10/2/2019 TABLE OF CONTENTS",
			"Dated as of September 30, 2019 TABLE OF CONTENTS"},
		{"an inline page count is removed",
			"Ceres, Inc.   CERES-IGER Collaboration Agreement Page 1 of 75",
			"Ceres, Inc.\n\nCERES-IGER Collaboration Agreement"},
		{"a sentence split by a page break is rejoined",
			"the Company shall pay the\n\n7\n\nSource: ACME CORP, 8-K, 1/2/2003\n\nfees set forth below.",
			"the Company shall pay the fees set forth below."},
		{"running headers next to page numbers are removed",
			"Confidential Treatment Requested\n\nClause one text.\n\n1\n\nConfidential Treatment Requested\n\nClause two text.\n\n2\n\nConfidential Treatment Requested\n\nClause three text.\n\n3",
			"Clause one text.\n\nClause two text.\n\nClause three text."},
		{"a running header of three lines is removed whole",
			"Clause one text.\n\n1\n\nCONFIDENTIAL MATERIALS OMITTED AND FILED SEPARATELY\n\nWITH THE SECURITIES AND EXCHANGE COMMISSION.\n\nASTERISKS DENOTE OMISSIONS.\n\nClause two text.\n\n2\n\nCONFIDENTIAL MATERIALS OMITTED AND FILED SEPARATELY\n\nWITH THE SECURITIES AND EXCHANGE COMMISSION.\n\nASTERISKS DENOTE OMISSIONS.\n\nClause three text.\n\n3\n\nCONFIDENTIAL MATERIALS OMITTED AND FILED SEPARATELY\n\nWITH THE SECURITIES AND EXCHANGE COMMISSION.\n\nASTERISKS DENOTE OMISSIONS.\n\nClause four text.",
			"Clause one text.\n\nClause two text.\n\nClause three text.\n\nClause four text."},
		{"a disclaimer in capitals printed in short lines is one paragraph",
			"The parties to this Agreement, each acting through its duly authorised officers, agree to the terms set out in the sections that follow.\n\nc) EXCEPT AS SPECIFIED IN THIS AGREEMENT, NEITHER PARTY\nMAKES ANY WARRANTY IN CONNECTION WITH THE SUBJECT\nMATTER OF THIS AGREEMENT AND HEREBY DISCLAIMS ANY AND\nALL IMPLIED WARRANTIES.",
			"The parties to this Agreement, each acting through its duly authorised officers, agree to the terms set out in the sections that follow.\n\nc) EXCEPT AS SPECIFIED IN THIS AGREEMENT, NEITHER PARTY MAKES ANY WARRANTY IN CONNECTION WITH THE SUBJECT MATTER OF THIS AGREEMENT AND HEREBY DISCLAIMS ANY AND ALL IMPLIED WARRANTIES."},
		{"a heading in capitals stays apart from the text in capitals after it",
			"The parties to this Agreement, each acting through its duly authorised officers, agree to the terms set out in the sections that follow.\n\nLIMITATION OF LIABILITY\nIN NO EVENT SHALL EITHER PARTY BE LIABLE FOR INDIRECT DAMAGES.",
			"The parties to this Agreement, each acting through its duly authorised officers, agree to the terms set out in the sections that follow.\n\nLIMITATION OF LIABILITY\n\nIN NO EVENT SHALL EITHER PARTY BE LIABLE FOR INDIRECT DAMAGES."},
		{"detached numbering columns are removed",
			"1.\n\n2.\n\n2.1\n\n2.2\n\nThis Marketing Affiliate Agreement is entered into.",
			"This Marketing Affiliate Agreement is entered into."},
		{"a lone number joins its heading",
			"12.\n\nGoverning Law.\n\nThis Agreement is governed by Nevada law.",
			"12. Governing Law.\n\nThis Agreement is governed by Nevada law."},
		{"a row of bare numbers is removed",
			"(a) (b) (c) (d)\n\nSales Records. MA shall keep records.",
			"Sales Records. MA shall keep records."},
		{"ARTICLE joins its title on the next line",
			"ARTICLE V\nTERM AND TERMINATION\n5.1 The term is five years.",
			"ARTICLE V TERM AND TERMINATION\n\n5.1 The term is five years."},
		{"numbering starts a paragraph",
			"The parties agree as follows:\n1.1 Services. Provider shall provide the Services.\n1.2 Fees. Recipient shall pay.",
			"The parties agree as follows:\n\n1.1 Services. Provider shall provide the Services.\n\n1.2 Fees. Recipient shall pay."},
		{"a cross-reference at a line start continues the sentence",
			"as provided in Section\n5.2 hereof and otherwise.",
			"as provided in Section 5.2 hereof and otherwise."},
		{"a heading in capitals is its own paragraph",
			"GOVERNING LAW\nThis Agreement shall be governed by the laws of Delaware.",
			"GOVERNING LAW\n\nThis Agreement shall be governed by the laws of Delaware."},
		{"a title-case heading line is its own paragraph",
			"Grant of Rights\nSubject to the terms of this Agreement, Company grants MA the right.",
			"Grant of Rights\n\nSubject to the terms of this Agreement, Company grants MA the right."},
		{"a preamble in capitals is not a heading",
			"THIS EXCLUSIVE\nDISTRIBUTOR AGREEMENT (the \"Agreement\") is made.",
			"THIS EXCLUSIVE DISTRIBUTOR AGREEMENT (the \"Agreement\") is made."},
		{"quoted definitions start paragraphs",
			"decrees of any kind.   \"Asset Purchase Agreement\" has the meaning set forth in the recitals.",
			"decrees of any kind.\n\n\"Asset Purchase Agreement\" has the meaning set forth in the recitals."},
		{"a gap of three spaces inside a phrase is a line break",
			"as of September 30, 2019 (\"Effective   Date\") by and between",
			"as of September 30, 2019 (\"Effective Date\") by and between"},
		{"a justified line's stretched spaces are word spaces",
			"Ladies and Gentlemen:\n\n         Harwick   Maritime   Corporation,   a  Delaware   corporation   (the \"Company\"), and Tern Bay Savings Bank hereby confirm their agreement with you.",
			"Ladies and Gentlemen:\n\nHarwick Maritime Corporation, a Delaware corporation (the \"Company\"), and Tern Bay Savings Bank hereby confirm their agreement with you."},
		{"a table row's wide gaps stay cell breaks",
			"Party   Name   Address\nLicensor          Corvid Marine Systems Ltd.          14 Quay Street, Cork",
			"Party\n\nName\n\nAddress\n\nLicensor\n\nCorvid Marine Systems Ltd. 14 Quay Street, Cork"},
		{"a justified line keeps its gaps after a sentence end and before a label",
			"the Company shall   pay the   fees   set   out below.   Date:   May 1, 2004 and   thereafter   each   month   on   the first day of the month as agreed",
			"the Company shall pay the fees set out below.\n\nDate:\n\nMay 1, 2004 and thereafter each month on the first day of the month as agreed"},
		{"a cell's text wrapped after a word that ends no text runs on",
			"To:          Fallow Bank, N.A., solely as          Trustee on behalf of Quarry Lane Mortgage Backed          Securities 2011-2 Trust (\"Counterparty\")",
			"To:\n\nFallow Bank, N.A., solely as Trustee on behalf of Quarry Lane Mortgage Backed Securities 2011-2 Trust (\"Counterparty\")"},
		{"a hyphenated word broken with a space is joined",
			"a non- exclusive, third- party license; pre- and post-closing",
			"a non-exclusive, third-party license; pre- and post-closing"},
		{"a word broken by PDF hyphenation is repaired when the text uses it whole",
			"Manufacturing shall begin. The manu-\nfacturing site is in Ohio.",
			"Manufacturing shall begin. The manufacturing site is in Ohio."},
		{"a hyphen at a line end is kept when the whole word is unknown",
			"a royalty-\nfree license",
			"a royalty-free license"},
		{"a hyphen before a capital is kept",
			"Multi-\nModality Purchases",
			"Multi-Modality Purchases"},
		{"a soft hyphen is a hyphen",
			"New York, NY 10003\u00ad1502",
			"New York, NY 10003-1502"},
		{"zero-width characters and NBSP",
			"Governing\u200b\u00a0Law",
			"Governing Law"},
		{"tabs and runs of spaces collapse",
			"The  Company\tshall  pay.",
			"The Company shall pay."},
		{"confidential-treatment markers stay readable",
			"a fee of [***] per unit and [* * *] thereafter; {*****}\n\n[CONFIDENTIAL TREATMENT REQUESTED]\n\nNext.",
			"a fee of [***] per unit and [* * *] thereafter; {*****}\n\n[CONFIDENTIAL TREATMENT REQUESTED]\n\nNext."},
		{"a form feed is a page break",
			"First page ends here.\fSecond page begins.",
			"First page ends here.\n\nSecond page begins."},
		{"horizontal rules go, blanks stay",
			"by and -------------- between Acme and _____ (the \"Client\")",
			"by and between Acme and _____ (the \"Client\")"},
		{"bullets start paragraphs",
			"The Services include:\n• hosting;\n• support.",
			"The Services include:\n\n• hosting;\n\n• support."},
		{"empty input", "", ""},
		{"only page numbers", "1\n\n2\n\n3", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Text(tc.in); got != tc.want {
				t.Errorf("Text(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestIsPageNumber(t *testing.T) {
	for in, want := range map[string]bool{
		"7": true, "- 7 -": true, "[12]": true, "Page 7": true, "PAGE 7 OF 75": true, "7 of 75": true,
		"7/75": true, "iv": true, "12345": false, "7 days": false, "Page": false, "of 7": false, "x7": false,
		"Section 7": false, "(a)": false,
	} {
		if got := isPageNumber(in); got != want {
			t.Errorf("isPageNumber(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestIsBareMarker(t *testing.T) {
	for in, want := range map[string]bool{
		"1.": true, "2.1": true, "12.1.3": true, "(a)": true, "(iv)": true, "a)": true, "A.": true, "1)": true,
		"7": false, "No.": false, "1. Term": false, "(a) text": false, "": false,
		"(aa)": true, "2.3(a)": true, "ARTICLE V": false, "Section 5": false,
	} {
		if got := isBareMarker(in); got != want {
			t.Errorf("isBareMarker(%q) = %v, want %v", in, got, want)
		}
	}
}

// FuzzText checks that cleaning never panics, keeps valid UTF-8 valid,
// never leaves three line breaks in a row, and trims the body.
func FuzzText(f *testing.F) {
	for _, s := range []string{
		"", "1\n\n2", "Source: A, 8-K, 1/2/2003", "Page 1 of 2", "manu-\nfacturing", "ARTICLE V\nTERM",
		"(a) (b)\n\n1.\n\n2.", "\f\f\f", "a\u00adb\u200b", "THIS \n", "\"Term\" means x.   \"Other\" means y.",
		"x- y", "--------", "Confidential\n\n1\n\nConfidential\n\n2\n\nConfidential\n\n3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := Text(in)
		if utf8.ValidString(in) && !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8 out of valid input %q: %q", in, out)
		}
		if strings.Contains(out, "\n\n\n") {
			t.Fatalf("three line breaks in %q", out)
		}
		if strings.TrimSpace(out) != out {
			t.Fatalf("untrimmed body %q", out)
		}
		for p := range strings.SplitSeq(out, "\n\n") {
			if out != "" && strings.TrimSpace(p) == "" {
				t.Fatalf("empty paragraph in %q", out)
			}
		}
	})
}
