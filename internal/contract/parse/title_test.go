package parse

import (
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// Openings in the shapes EDGAR exhibits take, and the title each gives.
func TestTitle(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"cover page", "Exhibit 10.27\n\nMARKETING AFFILIATE AGREEMENT\n\nBetween:\n\nBirch First Global Investments Inc.\n\nThis Marketing Affiliate Agreement (the \"Agreement\") is entered into this 8th day of May 2014, by and between BIRCH FIRST GLOBAL INVESTMENTS INC. and MOUNT KNOWLEDGE HOLDINGS INC.", "MARKETING AFFILIATE AGREEMENT"},
		{"run together after a notice", "EXHIBIT 4.25 INFORMATION IN THIS EXHIBIT IDENTIFIED BY [ * * * ] IS CONFIDENTIAL AND HAS BEEN EXCLUDED BECAUSE IT WOULD LIKELY CAUSE COMPETITIVE HARM. SERVICES AGREEMENT This Services Agreement (this \"Agreement\") is entered into on October 1, 2019 by and between Provider and Recipient.", "SERVICES AGREEMENT"},
		{"title then preamble in one paragraph", "Exhibit 10.1 MASTER FRANCHISE AGREEMENT This Master Franchise Agreement (the \"Agreement\") is made by and between Smaaash Entertainment Private Limited and I-AM Capital Acquisition Company.", "MASTER FRANCHISE AGREEMENT"},
		{"title over lines with a connector", "Exhibit 10.11\n\nAMENDMENT AND TERMINATION\n\nOF\n\nJOINT VENTURE AGREEMENT\n\nThis AMENDMENT AND TERMINATION OF JOINT VENTURE AGREEMENT (this \"Amendment\") is made and entered into effective as of October 30, 2019 by and among Veoneer AB and Nissin Kogyo Co., Ltd.", "AMENDMENT AND TERMINATION OF JOINT VENTURE AGREEMENT"},
		{"title the preamble completes", "ACCURAY INCORPORATED MULTIPLE LINAC AND MULTI-MODALITY\n\nDISTRIBUTOR AGREEMENT\n\nThis Multiple LINAC and Multi-Modality Distributor Agreement (\"Agreement\") is entered into by and between ACCURAY INCORPORATED and SIEMENS AKTIENGESELLSCHAFT.", "Multiple LINAC and Multi-Modality Distributor Agreement"},
		{"cover with parties on the title line", "Exhibit 10.1 COLOGUARD® PROMOTION AGREEMENT BY AND BETWEEN EXACT SCIENCES CORPORATION AND PFIZER INC. August 21, 2018\n\nTHIS PROMOTION AGREEMENT (the \"Agreement\") is entered into as of August 21, 2018 by and between Exact Sciences Corporation and Pfizer Inc.", "COLOGUARD® PROMOTION AGREEMENT"},
		{"title case with a trailing preposition", "Exhibit 10.20\n\nCollaboration Agreement between\n\nInstitute of Grassland and Environmental Research\n\nand\n\nCeres, Inc.\n\nTHIS AGREEMENT is made this 1st day of April, 2007 by and between INSTITUTE OF GRASSLAND AND ENVIRONMENTAL RESEARCH (\"IGER\") and CERES, INC. (\"CERES\").", "Collaboration Agreement"},
		{"amendment number", "AMENDMENT NO. 1\n\nDated as of November 11, 2005\n\nReference is hereby made to that certain fully executed Wireless Content License Agreement dated as of December 16, 2004 (\"Agreement\"), between Fox and Licensee.", "AMENDMENT NO. 1"},
		{"no title: the preamble names it", "This Content License Agreement (the \"Agreement\") is entered into as of December 21, 2015 by and between Beijing Sun Seven Stars Culture Development Limited and YOU ON DEMAND HOLDINGS, INC.", "Content License Agreement"},
		{"a reference number is not a title", "Agreement Number 12965\n\nWIRELESS CONTENT LICENSE AGREEMENT\n\nThis License Agreement (this \"Agreement\") is entered into effective as of December 16, 2004 by and between Fox and Sorrent, Inc.", "WIRELESS CONTENT LICENSE AGREEMENT"},
		{"a table of contents lists schedules", "Exhibit 10.10\n\nASIA PACIFIC CABLE NETWORK 2\n\nCONSTRUCTION AND MAINTENANCE\n\nAGREEMENT\n\nSingapore\n\nTABLE OF CONTENTS\n\n1 Definitions and Interpretations\n\n2 Configuration\n\nSCHEDULES\n\nSchedule A Parties to the Agreement\n\nSchedule D Sales of IRU Capacity\n\nASIA PACIFIC CABLE NETWORK 2 CONSTRUCTION & MAINTENANCE AGREEMENT\n\nTHIS AGREEMENT, made and entered into this 18th day of April 2000, between and among the Parties signatory hereto.", "ASIA PACIFIC CABLE NETWORK 2 CONSTRUCTION & MAINTENANCE AGREEMENT"},
		{"contents links on every page are not a table", "Table of Contents\n\nExhibit 4.28\n\nSERVICE AGREEMENT\n\n1 OCTOBER 2019\n\nTable of Contents\n\nCONTENTS Clause Page\n\nSchedule\n\nTable of Contents\n\nTHIS AGREEMENT is made on 1 October 2019 between Acme Limited and John Rogers.", "SERVICE AGREEMENT"},
		{"a lower-case word the title line keeps", "Exhibit 10.27\n\ne-business Hosting Agreement between\n\nBluefly, Inc.\n\nand\n\nInternational Business Machines Corporation e-business Hosting Agreement\n\nUnder this e-business Hosting Agreement (\"Agreement\") between International Business Machines Corporation (\"IBM\") and Bluefly, Inc. (\"Customer\"), IBM will provide Web hosting.", "e-business Hosting Agreement"},
		{"the amendment after an earlier document's schedules", "19. ENTIRE AGREEMENT\n\nThis Agreement, including its attachments, constitutes the entire agreement between Distributor and Vendor with respect to the Products.\n\nEXHIBIT 1\n\nDISCOUNT SCHEDULE\n\nThe initial Discount offered Distributor is stated in the price list.\n\nAMENDMENT\n\nTO THE\n\nDISTRIBUTOR AGREEMENT\n\nBETWEEN\n\nACME MICRO\n\nAND\n\nVENDOR\n\nThis Amendment is entered into effective October 1, 1996 by and between Vendor, Inc. and Acme Micro (\"Distributor\").", "AMENDMENT TO THE DISTRIBUTOR AGREEMENT"},
		{"a qualifier after the title", "Exhibit 10.4\n\nSUPPLY AGREEMENT (Licensed Compounds)\n\nThis Supply Agreement (this \"Agreement\") is made as of March 2, 2018 by and between Northwind Pharma Co., Ltd. and Kestrel Therapeutics, Inc.", "SUPPLY AGREEMENT (Licensed Compounds)"},
		{"a qualifier in a paragraph run together with a notice", "Exhibit 10.4 [Certain portions of this exhibit have been omitted because they are not material.] SUPPLY AGREEMENT (KT-204 Licensed Compounds) Between NORTHWIND PHARMA CO., LTD. And KESTREL THERAPEUTICS, INC.\n\nSUPPLY AGREEMENT (KT-204 Licensed Compounds) This SUPPLY AGREEMENT (this \"Agreement\") is made as of March 2, 2018 by and between Northwind Pharma Co., Ltd. and Kestrel Therapeutics, Inc.", "SUPPLY AGREEMENT (KT-204 Licensed Compounds)"},
		{"a phrase of use after the title is no qualifier", "GAS STORAGE AGREEMENT (For Use under Rate Schedule FSS)\n\nThis Agreement is made and entered into this 1st day of November, 2002, by and between Kestrel Gas Company and Harbor Utilities Co.", "GAS STORAGE AGREEMENT"},
		{"a reference number in parentheses is no qualifier", "SOFTWARE DEVELOPMENT AGREEMENT (Agreement No: KF/SD/2019/07)\n\nThis Software Development Agreement (the \"Agreement\") is made on 5 March 2019 between Kestrel Apps Ltd. and Harbor Media Limited.", "SOFTWARE DEVELOPMENT AGREEMENT"},
		{"a trade name after the company before the title", "Exhibit 10.9 HARBOR AUDIO HOLDINGS, INC. DBA SOUNDWAVE DISTRIBUTION LICENSE AGREEMENT\n\nThis Distribution License Agreement (\"Agreement\") is between Harbor Audio Holdings, Inc. d/b/a SoundWave (\"SoundWave\") and the distributor named below.", "DISTRIBUTION LICENSE AGREEMENT"},
		{"a title that starts like a label", "EXHIBIT B\n\nConfidentiality and Non-Solicitation Agreement\n\nThis Agreement by and between KESTREL GOLF INC., a New Jersey corporation (the \"Company\") and JANE ROE (the \"Recipient\") is part of the Endorsement Agreement of the parties.", "Confidentiality and Non-Solicitation Agreement"},
		{"a title over two lines the body names whole", "11.7. The Consultant acknowledges the Proprietary Materials Confidentiality Agreement attached hereto as Exhibit A.\n\nEXHIBIT A\n\nProprietary Materials\n\nConfidentiality Agreement\n\nThis Agreement by and between KESTREL GOLF INC. (the \"Company\") and JANE ROE (the \"Recipient\") is part of the Consulting Agreement of the parties.", "Proprietary Materials Confidentiality Agreement"},
		{"an appendix's letter", "SOFTWARE DEVELOPMENT AGREEMENT\n\nSTATEMENT OF WORK - APPENDIX B This Statement of Work is issued under the Software Development Agreement executed by and between Developer and Client on the Effective Date (the \"Agreement\").", "STATEMENT OF WORK - APPENDIX B"},
		{"a company before the title", "CISCO SYSTEMS, INC. NONEXCLUSIVE VALUE ADDED DISTRIBUTOR AGREEMENT\n\nThis Nonexclusive Value Added Distributor Agreement (\"Agreement\"), between ScanSource, Inc. and Cisco Systems, Inc., is entered into.", "NONEXCLUSIVE VALUE ADDED DISTRIBUTOR AGREEMENT"},
	} {
		body, spans := buildBody(tc.text)
		pre := findPreamble(body, spans)
		if got := collapse(findTitle(body, spans, pre, "")); got != tc.want {
			t.Errorf("%s: title %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestPreamble(t *testing.T) {
	for _, tc := range []struct {
		text string
		ok   bool
	}{
		{"This Marketing Affiliate Agreement (the \"Agreement\") is entered into this 8th day of May 2014, by and between A and B.", true},
		{"THIS AGREEMENT is made on 1 October 2019", true},
		{"DISTRIBUTOR AGREEMENT (the \"Agreement\") shall be effective as of Dec. 8, 2005, by and between LifeUSA and Sierra.", true},
		{"Reference is hereby made to that certain Wireless Content License Agreement between Fox and Sorrent.", true},
		{"This Agreement shall be construed and enforced in accordance with the laws of the State of California.", false},
		{"This Agreement may be executed in two or more counterparts.", false},
		{"This Agreement, including its attachment and order acknowledgments under the Agreement, constitutes the entire agreement between Distributor and Vendor with respect to the purchase of Products.", false},
		{"THIS DOCUMENT, MARKED BY [***], HAS BEEN OMITTED BECAUSE IT IS NOT MATERIAL AND WOULD CAUSE COMPETITIVE HARM.", false},
		{"The following is a related agreement between MSL and IBM:", false},
		{"On the basis of the representations, warranties, and agreements herein contained, the Agent accepts such appointment.", false},
	} {
		if got := isPreambleSentence(tc.text); got != tc.ok {
			t.Errorf("isPreambleSentence(%q) = %v, want %v", tc.text, got, tc.ok)
		}
	}
}

// A bare amendment's title names what it amends; a title-case title line
// keeps its continuation.
func TestTitleCompleted(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"amendment of a numbered agreement", "AMENDMENT NO. 1\n\nDated as of November 11, 2005\n\nReference is hereby made to that certain fully executed Wireless Content License Agreement Number 12965 dated as of December 16, 2004 (\"Agreement\"), between Fox and Licensee.",
			"AMENDMENT NO. 1 Wireless Content License Agreement Number 12965"},
		{"schedule issued under an agreement", "SCHEDULE B\n\nCustomization Schedule\n\nThis Customization Schedule is attached to the Software License, Customization and Maintenance Agreement (the \"Agreement\") executed by and between Bank of America, N.A. (\"Bank of America\") and Supplier.",
			"Customization Schedule Software License, Customization and Maintenance Agreement"},
		{"amendment that amends", "AMENDMENT NO. 3\n\nThis Amendment No. 3 (the \"Third Amendment\"), entered into by and between Heritage Foods, LLC (\"Heritage\") and Premier Nutrition Corporation (\"Premier\") is effective as of July 3, 2019 and amends that certain Manufacturing Agreement between Heritage and Premier dated July 1, 2017.",
			"AMENDMENT NO. 3 Manufacturing Agreement"},
		{"amendment that names its agreement", "AMENDMENT 1 TO DEVELOPMENT AGREEMENT\n\nThis Amendment 1 to Development Agreement is made between Acme Corp. (\"Acme\") and Beta LLC (\"Beta\") and amends that certain Development Agreement dated May 1, 2010.",
			"AMENDMENT 1 TO DEVELOPMENT AGREEMENT"},
		{"amendment whose preamble names no agreement", "FIRST AMENDMENT\n\nThis First Amendment is made between Acme Corp. (\"Acme\") and Beta LLC (\"Beta\").",
			"FIRST AMENDMENT"},
		{"title case goes on", "Exhibit 10.13\n\nOutsourcing Contract on Development of Miaoli Royal Resort Hotel\n\nThe Covenanter: Huang Jia Country Club and Recreation Inc. (hereinafter referred to as Party A) and Chang Architects Office (hereinafter referred to as Party B) hereby agree as follows.",
			"Outsourcing Contract on Development of Miaoli Royal Resort Hotel"},
		{"title case with a company after", "Services Agreement for Acme Corp\n\nThis Services Agreement is made between Acme Corp. (\"Acme\") and Beta LLC (\"Beta\").",
			"Services Agreement"},
	} {
		if got := Parse(tc.text, contract.Meta{}).Name; got != tc.want {
			t.Errorf("%s: title %q, want %q", tc.name, got, tc.want)
		}
	}
}

// Title layouts of EDGAR exhibits beyond the plain heading, each written
// for this test in the style of a filing: what stands above or before
// the title — a cover line, a brand, a letterhead, a banner, a legend, a
// table of contents, a court's filing stamp — and titles broken over two
// lines, numbered, or given only by the first sentence. The layouts come
// as separate lines and run together, as text extracted from PDF has
// them.
func TestTitleLayouts(t *testing.T) {
	const preamble = "This Agreement (the \"Agreement\") is made as of March 1, 2021 by and between Kestrel Freight Lines, Inc., a Delaware corporation (\"Kestrel\"), and Brightwater Mills LLC (\"Brightwater\"). The parties shall cooperate in the joint development of the master plan."
	for _, tc := range []struct{ name, text, want string }{
		{"exhibit cover line", "EXHIBIT 10.1\n\nSUPPLY AGREEMENT\n\n" + preamble, "SUPPLY AGREEMENT"},
		{"exhibit cover line run together", "Exhibit 10.1 SUPPLY AGREEMENT " + preamble, "SUPPLY AGREEMENT"},
		{"brand line above the title", "KESTRELIX\n\nDEVELOPMENT AGREEMENT\n\n" + preamble, "DEVELOPMENT AGREEMENT"},
		{"company letterhead above the title", "KESTREL FREIGHT LINES, INC.\n\n1200 Harbor Boulevard, Suite 400\n\nSeattle, Washington 98101\n\nSUPPLY AGREEMENT\n\n" + preamble, "SUPPLY AGREEMENT"},
		{"letterhead run together", "925 Harbor Road Suite 100 Portland, Oregon 97201 Telephone: 503-555-0100 Supply Agreement (the \"Agreement\") " + preamble, "Supply Agreement"},
		{"letterhead with an e-mail", "04/02/21 1200 Harbor Boulevard 206.555.0134 Seattle, WA 98101 ops@kestrel.example kestrel freight Premium Carriage Agreement " + preamble, "Premium Carriage Agreement"},
		{"long letterhead run together", "KESTREL FREIGHT LINES, INC. 1200 Harbor Boulevard, Suite 400 Seattle, Washington 98101 04/02/21 77 Dock Street 206.555.0134 Tacoma, WA 98402 ops@kestrel.example kestrel freight Premium Carriage Agreement " + preamble, "Premium Carriage Agreement"},
		{"confidential treatment banner", "CONFIDENTIAL TREATMENT REQUESTED\n\nLICENSE AGREEMENT\n\n" + preamble, "LICENSE AGREEMENT"},
		{"banner naming the filer, run together", "CONFIDENTIAL TREATMENT REQUESTED BY KESTREL FREIGHT LINES, INC. Exhibit 10.4 LICENSE AGREEMENT " + preamble, "LICENSE AGREEMENT"},
		{"banner under a rule", "Confidential Treatment Requested Pursuant to Rule 24b-2\n\nLICENSE AGREEMENT\n\n" + preamble, "LICENSE AGREEMENT"},
		{"redaction legend running into the title", "Exhibit 10.3 [***] INDICATES MATERIAL THAT HAS BEEN OMITTED AND FOR WHICH CONFIDENTIAL TREATMENT HAS BEEN REQUESTED. ALL SUCH OMITTED MATERIAL HAS BEEN FILED WITH THE SECURITIES AND EXCHANGE COMMISSION PURSUANT TO RULE 24b-2 PROMULGATED UNDER THE SECURITIES EXCHANGE ACT OF 1934, AS AMENDED CARRIAGE AGREEMENT This Carriage Agreement (the \"Agreement\") is made by and between Kestrel Freight Lines, Inc. and Brightwater Mills LLC.", "CARRIAGE AGREEMENT"},
		{"table of contents before the title", "TABLE OF CONTENTS\n\n1. Definitions 1\n\n2. Term 3\n\n3. Fees 5\n\nMASTER SERVICES AGREEMENT\n\n" + preamble, "MASTER SERVICES AGREEMENT"},
		{"title over two lines", "EXHIBIT 10.2\n\nJOINT\n\nDEVELOPMENT AGREEMENT\n\n" + preamble, "JOINT DEVELOPMENT AGREEMENT"},
		{"title over two lines in title case", "Master\n\nSupply Agreement\n\n" + preamble, "Master Supply Agreement"},
		{"amendment number", "AMENDMENT NO. 2 TO SUPPLY AGREEMENT\n\nThis Amendment No. 2 (the \"Amendment\") is made by and between Kestrel Freight Lines, Inc. and Brightwater Mills LLC.", "AMENDMENT NO. 2 TO SUPPLY AGREEMENT"},
		{"title in the first sentence only", "This Distribution Agreement (the \"Agreement\") is made as of March 1, 2021 by and between Kestrel Freight Lines, Inc. and Brightwater Mills LLC.", "Distribution Agreement"},
		{"name in title case before a title in capitals", "Exhibit 4.23 Harbor Education Group SERVICE AGREEMENT This Service Agreement (this \"Agreement\") is entered into by and between Harbor Education Group Ltd. and Brightwater Mills LLC.", "SERVICE AGREEMENT"},
		{"court filing stamp", "Case 19-20145 Doc 88-2 Filed 03/04/19 CARRIAGE AGREEMENT This Carriage Agreement (\"Agreement\") is made as of March 4, 2019, by and between Kestrel Freight Lines, Inc. and Brightwater Mills LLC.", "CARRIAGE AGREEMENT"},
		{"contract number after the title", "Fleet Services Agreement Contract No. FS/2019-0042 issue 3\n\nBetween\n\nKESTREL FREIGHT LINES, INC.\n\nand\n\nBRIGHTWATER MILLS LLC", "Fleet Services Agreement"},
		{"title said again after a party", "Network Support Agreement Harbor Bank Ltd Network Support Agreement\n\n" + preamble, "Network Support Agreement"},
		{"date before the title", "Dated 12/3/18 Supply agreement between Kestrel Pty Ltd and Brightwater Mills LLC\n\nTHIS AGREEMENT is dated 12 March 2018.", "Supply agreement"},
		{"letterhead, then the exhibit label, run together", "KESTREL FREIGHT LINES, INC. 1200 Harbor Boulevard, Suite 400 Seattle, Washington 98101 Exhibit 10.22 TRANSITION SERVICES AGREEMENT TRANSITION SERVICES AGREEMENT (the \"Agreement\") dated as of May 1, 2020, between Kestrel Freight Lines, Inc. and Brightwater Mills LLC.", "TRANSITION SERVICES AGREEMENT"},
		{"letterhead, then an amendment run together", "KESTREL FREIGHT LINES, INC. 1200 Harbor Boulevard, Suite 400 Seattle, Washington 98101 AMENDMENT NO. 1 Dated as of June 1, 2021 Reference is hereby made to that certain Carriage Agreement dated as of March 1, 2021 (\"Agreement\"), between Kestrel and Brightwater.", "AMENDMENT NO. 1 Carriage Agreement"},
		{"dated description is no title", "EXHIBIT II\n\nNOVEMBER 1, 2002, RATE FT-A AGREEMENT BETWEEN KESTREL AND BRIGHTWATER\n\nGas Carriage Agreement\n\nTHIS AGREEMENT is made and entered into as of the 1st day of November, 2002, by and between Kestrel Freight Lines, Inc. and Brightwater Mills LLC.", "Gas Carriage Agreement"},
	} {
		if got := Parse(tc.text, contract.Meta{}).Name; got != tc.want {
			t.Errorf("%s: title %q, want %q", tc.name, got, tc.want)
		}
	}
}
