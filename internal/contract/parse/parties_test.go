package parse

import (
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract"
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

// Every party of a preamble, with its defined name: a list goes on after
// a comma as well as after "and", a parenthesis after the next party is
// that party's unless it names them together, a stray apostrophe ends no
// name, and the end of a name after its "and" is no party of its own.
func TestPartyList(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"no defined name, a later one's parenthesis", "CONTENT LICENSE AGREEMENT\n\nThis Content License Agreement is between THE KESTREL FILM AND ENTERTAINMENT CORPORATION, located at 12 Harbor Road, Carlsbad, CA, 92009 and MARLIN MEDIA' located at 400 Via Mar, Del Mar, CA 92014\n\nLicensor: MARLIN MEDIA Licensee THE KESTREL FILM AND ENTERTAINMENT CORPORATION\n\nTHIS CONTENT LICENSE AGREEMENT (the \"Agreement\") is made as of this 3rd day of November, 2005.",
			"KESTREL FILM AND ENTERTAINMENT CORPORATION []; MARLIN MEDIA []"},
		{"a defined name for two parties", "OUTSOURCING AGREEMENT\n\nWTVX, Inc. and WTVX Licensee, Inc. (collectively \"WTVX\") and Harbor Broadcasting of Peoria, L.L.C. (\"HARBOR\") hereby enter into this Agreement (this \"Agreement\") dated November 28, 2001.",
			"WTVX, Inc. [WTVX]"}, // a preamble led by its parties gives the first only
		{"parties listed with commas", "STRATEGIC ALLIANCE AGREEMENT\n\nThis agreement (\"Agreement\") is entered into as of May 1, 2009 by and among KESTREL LIFE INSURANCE COMPANY (\"KLIC\"), KESTREL ANNUITY COMPANY, (\"KAC\" and, together with KLIC, \"Kestrel\"), HARBOR EQUITY PLANNING CORPORATION (\"HEPC\"), and OSPREY CAPITAL CORPORATION (\"OCC\"). Capitalized terms are defined in Section 1.",
			"KESTREL LIFE INSURANCE COMPANY [KLIC]; KESTREL ANNUITY COMPANY [KAC]; HARBOR EQUITY PLANNING CORPORATION [HEPC]; OSPREY CAPITAL CORPORATION [OCC]"},
		{"a description after the defined name is no party", "This Agreement is made on May 1, 2010 by and between Kestrel Foods, Inc. (\"Kestrel\"), a Delaware corporation, and Harbor Mills LLC (\"Harbor\").",
			"Kestrel Foods, Inc. [Kestrel]; Harbor Mills LLC [Harbor]"},
		{"a plural's possessive stays", "This Supply Agreement (the \"Agreement\") is made on May 1, 2010 by and between Valley Growers' Cooperative, a California cooperative (\"Valley\"), and Kestrel Foods, Inc. (\"Kestrel\").",
			"Valley Growers' Cooperative [Valley]; Kestrel Foods, Inc. [Kestrel]"},
	} {
		body, spans := buildBody(tc.text)
		ps := findParties(body, spans, findPreamble(body, spans), nil)
		var got []string
		for _, p := range ps {
			got = append(got, p.Name+" ["+p.Term+"]")
		}
		if g := strings.Join(got, "; "); g != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, g, tc.want)
		}
	}
}

// The company is the organisation party whose name reads as a name: a
// party caught with a sentence or a date around it gives way to one
// that is not, and a date run into a name is dropped from it.
func TestCompanyPrefersNames(t *testing.T) {
	for _, tc := range []struct {
		name    string
		parties []contract.Party
		want    string
	}{
		{"sentence before a name", []contract.Party{{Name: "the undersigned hereby agree to file", Kind: contract.Organisation}, {Name: "Kestrel Freight Lines, Inc.", Kind: contract.Organisation}}, "Kestrel Freight Lines, Inc."},
		{"a role before a name", []contract.Party{{Name: "Licensee", Kind: contract.Organisation}, {Name: "Brightwater Mills LLC", Kind: contract.Organisation}}, "Brightwater Mills LLC"},
		{"only a doubtful name", []contract.Party{{Name: "Harbor Regatta, on May 2, 2021", Kind: contract.Organisation}}, "Harbor Regatta, on May 2, 2021"},
		{"lower case is a name", []contract.Party{{Name: "kestrel.example, inc.", Kind: contract.Organisation}, {Name: "Brightwater Mills LLC", Kind: contract.Organisation}}, "kestrel.example, inc."},
	} {
		got := ""
		if a := Company(tc.parties, "", contract.Meta{}); a != nil {
			got = a.Name
		}
		if got != tc.want {
			t.Errorf("%s: company %q, want %q", tc.name, got, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"Harbor Regatta in Seattle, on May 2, 2021 Kestrel Media, Inc.", "Kestrel Media, Inc."},
		{"Kestrel Media, Inc.", "Kestrel Media, Inc."},
		{"Class of 2021 Fund", "Class of 2021 Fund"},
	} {
		if got := afterDate(tc.in); got != tc.want {
			t.Errorf("afterDate(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
