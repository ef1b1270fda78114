package parse

import (
	"testing"
)

// Preambles, cover pages and letters, and the first party of each.
func TestParties(t *testing.T) {
	for _, tc := range []struct{ name, text, first, role string }{
		{"by and between, with description", "This Marketing Affiliate Agreement (the \"Agreement\") is entered into this 8th day of May 2014, by and between BIRCH FIRST GLOBAL INVESTMENTS INC., a corporation incorporated in the U.S. Virgin Islands (referred to as \"Company\") and MOUNT KNOWLEDGE HOLDINGS INC. (referred to as \"Marketing Affiliate\" or \"MA\").", "BIRCH FIRST GLOBAL INVESTMENTS INC.", "Company"},
		{"comma inside the name", "This Agreement is entered into as of November 15, 2012 by and between, CONVERGTV, INC., a Delaware Corporation, (\"ConvergTV\"), and Fulucai Productions Ltd. (\"Producer\").", "CONVERGTV, INC.", "ConvergTV"},
		{"lower-case name", "This Co-Branding Agreement (the \"Agreement\") is entered into as of March 1, 1999 by and between theglobe.com, inc., with its principal place of business at 31 West 21st Street, and Acme LLC.", "theglobe.com, inc.", ""},
		{"parenthesis inside the name", "This Marketing Agreement (the \"Agreement\") is made as of January 1, 2020 by and between Bunker One (USA) Inc., a Delaware corporation (\"Bunker One\"), and Vertex Energy, Inc.", "Bunker One (USA) Inc.", "Bunker One"},
		{"place after the name", "This Cooperation Agreement (the \"Agreement\") is made and entered into by and between the City of Fort Stockton, Texas (\"City\") and STW Water Process & Technologies, LLC.", "City of Fort Stockton", "City"},
		{"entered into by", "This Consulting Agreement (the \"Agreement\"), made this 27th day of March, 2017 is entered into by Immunotolerance, Inc., a Delaware corporation (the \"Company\"), and Alan Crane, an individual (the \"Consultant\").", "Immunotolerance, Inc.", "Company"},
		{"numbered parties", "THIS AGREEMENT is dated 1 April 2020 and is made between the following parties: (1) Theravance Biopharma UK Limited, a company registered in England (\"TBUK\"); and (2) Theravance Biopharma US, Inc.", "Theravance Biopharma UK Limited", "TBUK"},
		{"and inside a name in capitals", "THIS AGREEMENT is made this 1st day of April, 2007 by and between INSTITUTE OF GRASSLAND AND ENVIRONMENTAL RESEARCH (\"IGER\"), a company limited by guarantee, and CERES, INC. (\"CERES\").", "INSTITUTE OF GRASSLAND AND ENVIRONMENTAL RESEARCH", "IGER"},
		{"cover page", "CO-PROMOTION AGREEMENT\n\nby and between\n\nDOVA PHARMACEUTICALS, INC.\n\nand\n\nVALEANT PHARMACEUTICALS NORTH AMERICA LLC\n\nSeptember 26, 2018", "DOVA PHARMACEUTICALS, INC.", ""},
		{"Between: line", "PHOTO RETOUCHING OUTSOURCING AGREEMENT\n\nBetween: DGT Corp. Suite 207 - 1130 Austin Avenue, Coquitlam, British Columbia (hereinafter referred to as \"DGT\")\n\nAnd: Dolphin Industries Limited", "DGT Corp.", ""},
		{"letter opening", "Exhibit 10.7\n\nCONSULTING AGREEMENT\n\nAduro Biotech, Inc., with a place of business at 740 Heinz Avenue, Berkeley, CA 94710 (\"Aduro\") and IREYA B.V (\"Consultant\") agree to all terms and conditions of this Consulting Agreement (\"Agreement\") dated June 1, 2020.", "Aduro Biotech, Inc.", "Aduro"},
		{"a pronoun before the party", "This Confidentiality Agreement (the \"Agreement\") is made as of May 1, 2021 between you and Pelican Ridge Software Corporation, a Delaware corporation (the \"Company\").", "Pelican Ridge Software Corporation", "Company"},
		{"a redacted party first", "This Services Agreement (this \"Agreement\") is entered into on October 1, 2019 by and between [ * * * ] (the \"Provider\"), and Telmar Pte. Ltd., a company organized under the laws of Singapore (\"Recipient\").", "Telmar Pte. Ltd.", "Recipient"},
		{"signature in title case", "The undersigned agree to file the statement jointly.\n\nDated: May 4, 2020\n\nOsprey Lane Holdings Corporation\n\nBy: /s/ Anton Reyes", "Osprey Lane Holdings Corporation", ""},
		{"a form's label before the name", "TECHNICAL SERVICES AGREEMENT\n\nDate:\n\nMarch 1, 2004\n\nBetween\n\nClient Name:\n\nNORTHWIND SUPPORT, INC.\n\n12 Harbor Road, Springfield, IL 62701\n\nAnd\n\nCustomer Name:\n\nBLUE RIVER, LLC", "NORTHWIND SUPPORT, INC.", ""},
		{"Incorporated as the legal form", "This Agreement, entered into this the 10th day of January 2000, by and between HARBOR LIGHT INCORPORATED, a Delaware corporation with principal offices at 1 Main Street (\"Harbor\") and BETA MUSIC, INC. (\"Beta\").", "HARBOR LIGHT INCORPORATED", "Harbor"},
		{"Incorporated as a word of the description", "This Agreement is made on May 1, 2001 by and between Acme Widgets Corp. incorporated in Delaware (\"Acme\") and Beta LLC.", "Acme Widgets Corp.", "Acme"},
		{"a bullet before the name", "SUPPLY AGREEMENT\n\nby and between\n\n● Harbor Light Supply, LLC\n\nand\n\nBeta Music, Inc.", "Harbor Light Supply, LLC", ""},
		{"Party A label", "Road Transportation Agreement Party A (Shipper): ZTO Express Co., Ltd. Address: Building 1, Shanghai Party B (Carrier): Tonglu Tongze Logistics Ltd. Address: Zhejiang", "ZTO Express Co., Ltd.", "Party A"},
	} {
		body, spans := buildBody(tc.text)
		pre := findPreamble(body, spans)
		ps := findParties(body, spans, pre, nil)
		if len(ps) == 0 {
			t.Errorf("%s: no party", tc.name)
			continue
		}
		if ps[0].Name != tc.first || tc.role != "" && ps[0].Term != tc.role {
			t.Errorf("%s: first party %+v, want %q (%q)", tc.name, ps[0], tc.first, tc.role)
		}
	}
}

func TestSecondParty(t *testing.T) {
	text := "This Agreement is made as of May 1, 2002 by and between XYBERNAUT CORPORATION, a Virginia corporation (\"XC\"), and ALEX JOB RACING, INC., a Florida corporation (\"AJR\")."
	body, spans := buildBody(text)
	ps := findParties(body, spans, findPreamble(body, spans), nil)
	if len(ps) < 2 || ps[0].Name != "XYBERNAUT CORPORATION" || ps[1].Name != "ALEX JOB RACING, INC." || ps[1].Term != "AJR" {
		t.Errorf("parties = %+v", ps)
	}
}
