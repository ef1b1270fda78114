package parse

import (
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// The layouts that put parties where a preamble does not: a heading over
// the list, a table of labelled fields, a party acting in a capacity,
// signatures without "By:", names whose defined term follows
// "hereinafter", PDF and OCR spacing. Each text is written for this test
// in the style of EDGAR exhibits and NDAs. company is the company wanted
// (with filer as the metadata's company when set), person a person party
// wanted, and notParty a name that must not be a party: near-misses that
// look like names and are not.
func TestPartyLayouts(t *testing.T) {
	for _, tc := range []struct {
		name, text, filer, company, person, notParty string
	}{
		{"heading between the preamble and the first party",
			"SERVICES AGREEMENT\n\nThis Services Agreement is effective as from 1 March 2011, by and between:\n\nParties to this agreement\n\nHARROWFIELD MINERALS (PTY) LTD, registration number 2001/004411/07, represented by its director (hereinafter referred to as \"the Customer\"),\n\nAND\n\nQUINTANA DATA SERVICES, S.L., a company with its place of business in Valencia (hereinafter referred to as \"QDS\").\n\n1. SERVICES\n\n1.1 QDS shall provide the Services.",
			"", "HARROWFIELD MINERALS (PTY) LTD", "", "Parties to this agreement"},
		{"PARTIES heading after between",
			"CONSULTING AGREEMENT\n\nThis Consulting Agreement is made on 4 June 2015 between:\n\nTHE PARTIES\n\nLindqvist Ocean Freight AB, a Swedish company (\"Lindqvist\"), and\n\nMarta Oyelaran, an individual (\"Consultant\").\n\n1. Services. Consultant shall advise Lindqvist.",
			"", "Lindqvist Ocean Freight AB", "Marta Oyelaran", "THE PARTIES"},
		{"joint filing agreement signed without By lines",
			"Exhibit 99.1 JOINT FILING AGREEMENT The undersigned hereby agree that the Schedule 13G with respect to the Common Stock of Pelham Ridge Holdings Inc. is filed on behalf of each of us pursuant to Rule 13d-1(k). March 3, 2021 (Date) CALDER FAMILY TRUST /s/ Imogen Calder (Signature) Imogen Calder, Trustee (Name/Title) IMOGEN CALDER /s/ Imogen Calder (Signature)",
			"", "CALDER FAMILY TRUST", "IMOGEN CALDER", ""},
		{"joint filing agreement of two companies",
			"JOINT FILING AGREEMENT\n\nThe undersigned agree that this Schedule 13D is filed on behalf of each of them.\n\nDated: May 2, 2019\n\nWINTERBOURNE CAPITAL PARTNERS LP /s/ Edmund Vale Edmund Vale, Managing Member\n\nWINTERBOURNE GP LLC /s/ Edmund Vale Edmund Vale, Managing Member",
			"", "WINTERBOURNE CAPITAL PARTNERS LP", "", "Edmund Vale, Managing Member"},
		{"buyer and seller fields run together",
			"Exhibit 10.7 PURCHASE CONTRACT Contract No: Date: The buyer/End-User: Ningbo Harbour Lights Trading Co., Ltd. ADD: Tel No.: Fax No.: The seller: ADD: The Contract is concluded and signed by the Buyer and Seller in Ningbo. 1. General provisions 1.1 The buyer appoints QINGDAO EASTWIND LOGISTICS CO., LTD (hereinafter referred to as the \"agent\") to place orders.",
			"", "Ningbo Harbour Lights Trading Co., Ltd.", "", "QINGDAO EASTWIND LOGISTICS CO., LTD"},
		{"role label field inside a run-together form",
			"NON-DISCLOSURE AGREEMENT Agreement No: 44-B Effective Date: 1 May 2018 Discloser: Altamira Photonics Corporation Recipient: Brennan Tool & Die LLC The Recipient shall keep the Discloser's information confidential.",
			"", "Altamira Photonics Corporation", "", ""},
		{"a label whose value is no name",
			"SUPPLY ORDER\n\nThe seller: to be confirmed by the buyer in writing. The buyer: Corrigan Feed Mills, Inc. ADD: 14 Mill Road.\n\n1. Goods. The seller shall deliver the goods.",
			"", "Corrigan Feed Mills, Inc.", "", "to be confirmed by the buyer in writing"},
		{"hereinafter referred to as, without parentheses",
			"TRANSPORTATION CONTRACT\n\nAlmaty\n\nMarch 5, 2001\n\nPREAMBLE\n\nJSC Steppe Pipeline Services, hereinafter referred to as the \"Company\", in the person of its General Director, acting on the basis of the Charter, on the one side and JSC Tengri Crude, hereinafter referred to as the \"Principal\", on the other side, have entered into this Contract as follows:\n\n1. SUBJECT OF THE CONTRACT\n\n1.1 The Company shall arrange transportation of crude oil.",
			"", "JSC Steppe Pipeline Services", "", ""},
		{"hereinafter called, a Russian limited company",
			"SUPPLY CONTRACT\n\nOOO Vostok Timber Trade, hereinafter called \"Seller\", represented by its director, and Kestrel Board Mills Ltd., hereinafter called \"Buyer\", have concluded this Contract.\n\n1. Subject. Seller shall supply timber.",
			"", "OOO Vostok Timber Trade", "", ""},
		{"a bank acting not individually but as servicer",
			"Yield Maintenance Agreement\n\nDate: 3 May 2007\n\nTo: Fallow Bank, N.A., not individually, but solely as Master Servicer on behalf of Quarry Lane Mortgage Backed Securities 2007-1 Trust (\"Counterparty\")\n\nFrom: Rhine Capital AG, London Branch (\"Rhine\")\n\nDear Sirs\n\nThe purpose of this communication is to confirm the terms of the Transaction.",
			"", "Fallow Bank, N.A.", "", "not individually"},
		{"an owner trustee not in its individual capacity",
			"LEASE AGREEMENT\n\nThis Lease Agreement is made as of June 1, 2009 between Wexford Trust Company, not in its individual capacity but solely as Owner Trustee of the Ardent Aircraft Trust 2009-A (\"Lessor\"), and Brightmoor Air Cargo, Inc., a Delaware corporation (\"Lessee\").\n\n1. Lease. Lessor leases the Aircraft to Lessee.",
			"", "Wexford Trust Company", "", "Wexford Trust Company, not in its individual capacity but solely"},
		{"a trustee named with as trustee of",
			"SERVICING AGREEMENT\n\nThis Servicing Agreement is dated as of May 1, 2006 between Harbourline National Association, as trustee of the Ember Receivables Trust 2006-2 (the \"Trustee\"), and Cobalt Loan Servicing LLC (the \"Servicer\").\n\n1. Servicing. The Servicer shall service the Receivables.",
			"", "Harbourline National Association", "", ""},
		{"a licensor named after its subsidiaries, instead of",
			"Software License Agreement\n\nThe following terms govern Customer's use of the Software.\n\nLicense. Subject to the terms of this Agreement, Tallis Networks, Inc. or its subsidiary licensing the Software instead of Tallis Networks, Inc. (\"Tallis\"), grants to Customer a nonexclusive license to use the Software.",
			"", "Tallis Networks, Inc.", "", "Software instead of Tallis Networks, Inc."},
		{"a run-in heading is no name",
			"END USER LICENSE\n\nBy installing the Software you agree to these terms.\n\nGrant. Subject to the terms below, Merrow Analytics Corporation (\"Merrow\") and you agree as follows: Merrow grants you a license.",
			"", "Merrow Analytics Corporation", "", "Grant. Subject to the terms below"},
		{"a thing between two things on a cover is no party",
			"SOFTWARE LICENSE\n\nTo the extent required by law, Licensor shall provide information needed to achieve interoperability between the Software and another independently created program.\n\nLicense. Subject to the terms of this Agreement, Carrow Systems Ltd. (\"Carrow\") and the Customer agree to the terms below.",
			"", "Carrow Systems Ltd.", "", "Software"},
		{"a short name between two parties on a cover is one",
			"HOSTING AGREEMENT\n\nThis is a hosting agreement between Plumtree.net and blue harbour systems. The term is 12 months.\n\nServices. Plumtree.net shall host the site.",
			"", "Plumtree.net", "", ""},
		{"a justified preamble of a letter agreement",
			"AGENCY AGREEMENT\n\nLadies and Gentlemen:\n\n         Harwick   Maritime   Corporation,   a  Delaware   corporation   (the \"Company\"), and Tern Bay Savings Bank, a savings bank (the \"Bank\") hereby confirm their agreement with Holloway Securities, Inc. (the \"Agent\"), as follows:\n\nSection 1. The Offering. The Company will offer shares.",
			"", "Harwick Maritime Corporation", "", "Maritime"},
		{"a justified preamble with its filer",
			"AGENCY AGREEMENT\n\nLadies and Gentlemen:\n\n         Harwick   Maritime   Corporation,   a  Delaware   corporation   (the \"Company\"), and Tern Bay Savings Bank, a savings bank (the \"Bank\") hereby confirm their agreement with Holloway Securities, Inc. (the \"Agent\"), as follows:\n\nSection 1. The Offering. The Company will offer shares.",
			"HARWICK MARITIME CORP", "Harwick Maritime Corporation", "", "Corporation"},
		{"a director of an organisation signs for it",
			"CONSULTING AGREEMENT\n\nThis Agreement is made between Natalia Brennik, director of Silverfern Foods Ltd (\"Client\"), and Orla Dunne (\"Consultant\").\n\n1. Services. Consultant shall advise Client.",
			"", "Silverfern Foods Ltd", "", ""},
		{"labelled parties in a Chinese-style contract",
			"COOPERATION AGREEMENT\n\nParty A: Hangzhou Lantern Software Co., Ltd.\n\nAddress: 8 West Lake Road\n\nParty B: Suzhou Reed Media Technology Co., Ltd.\n\nAddress: 22 Canal Street\n\nWhereas Party A and Party B wish to cooperate, the parties agree as follows:\n\n1. Cooperation. Party A shall provide content.",
			"", "Hangzhou Lantern Software Co., Ltd.", "", "Address"},
		{"a letter after another document's contact list",
			"Project Contacts\n\nThe Licensors:\n\nProject Manager - Edwin Hale Ferncliff Press Ltd 4 Mill Lane Oxford e-mail: ehale@example.com\n\nThe Licensee:\n\nProject Manager - Ruth Amsel Quillbrook Data 12 Shore Road Boston\n\nThe escrow agreement shall be signed by the Licensee and Ferncliff Press Limited on the date of this agreement.\n\nHARBURY ESCROW SERVICES\n\n3 April 1999\n\nMr T R Lyle Lyle & Webb, Solicitors 2 High Street Oxford\n\nDear Mr Lyle\n\nI confirm that we are willing to enter into our standard escrow agreement.",
			"", "HARBURY ESCROW SERVICES", "", "Project Manager - Edwin Hale Ferncliff Press Ltd"},
		{"a letterhead repeated in a reference line is one party",
			"CONFIRMATION\n\nDate: 9 May 2008\n\nTo: Ostrava Power GmbH (\"Counterparty\")\n\nFrom: Caldwell Bank plc (\"Caldwell\")\n\nCaldwell Bank plc Ref: 5521\n\nDear Sirs\n\nThe purpose of this letter is to confirm the Transaction.",
			"", "Ostrava Power GmbH", "", ""},
	} {
		c := Parse(tc.text, contract.Meta{Path: "layout.txt", CompanyName: tc.filer})
		got := ""
		if c.Company != nil {
			got = c.Company.Name
		}
		if got != tc.company {
			t.Errorf("%s: company %q, want %q (parties %s)", tc.name, got, tc.company, showParties(c.Parties))
		}
		if tc.person != "" && !hasParty(c.Parties, tc.person, contract.Person) {
			t.Errorf("%s: no person party %q (parties %s)", tc.name, tc.person, showParties(c.Parties))
		}
		if tc.notParty != "" {
			for _, p := range c.Parties {
				if strings.EqualFold(p.Name, tc.notParty) {
					t.Errorf("%s: %q is a party (parties %s)", tc.name, tc.notParty, showParties(c.Parties))
				}
			}
		}
		seen := map[string]bool{}
		for _, p := range c.Parties {
			if seen[p.Name] {
				t.Errorf("%s: party %q twice (parties %s)", tc.name, p.Name, showParties(c.Parties))
			}
			seen[p.Name] = true
		}
	}
}

func hasParty(ps []contract.Party, name string, kind contract.PartyKind) bool {
	for _, p := range ps {
		if p.Name == name && p.Kind == kind {
			return true
		}
	}
	return false
}
