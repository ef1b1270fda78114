package parse

import (
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// More of the shapes issue 12's unseen NDAs and employee agreements take,
// each written for this test (invented names, no filing's text), with
// every party pinned: name, kind and defined term as showParties prints
// them. They add to TestUnseenForms what it leaves out: letter-spaced
// OCR, labelled tables of parties, placeholders in the blanks of a form
// and in a salutation, a company named only where it signs, and people
// written in capitals or with a courtesy title.
func TestUnseenShapes(t *testing.T) {
	for _, tc := range []struct {
		name, text, company, parties string
	}{
		{"letter-spaced OCR inducement",
			"CONFIDENTIALITY UNDERTAKING\n\nAs  an  i nducemen t  t o  Wh i t lock  Tex t i le s ,  I nc .  ( \"Company\" )  t o  d isc lose  i t s  in forma t ion  t o  me,  I  agree  as  follows:\n\n1. I will keep the Company's information confidential.",
			"Whitlock Textiles, Inc.", "Whitlock Textiles, Inc. [organisation, Company]"},
		{"OCR spaced initials in a condition-of-employment form",
			"EMPLOYEE CONFIDENTIALITY AGREEMENT\n\nAs a condition of my employment with H. R . P . Instruments , lnc ., a Delaware corporation (the \"Company\"), and in consideration of my salary, I agree as follows:\n\n1. I will hold the Company's Proprietary Information in confidence.",
			"H.R.P. Instruments, Inc.", "H.R.P. Instruments, Inc. [organisation, Company]"},
		{"letterhead with telephone line, Re line and Dear Dr.",
			"ASHCOMBE VALVE & PUMP CO.\n\n1400 Foundry Row\n\nPittsburgh, Pennsylvania 15222\n\nTel. (412) 555-0142 Fax (412) 555-0143\n\nSeptember 9, 2009\n\nDr. Anneliese Vortmann\n\n77 Orchard Lane\n\nSewickley, PA 15143\n\nRe: Confidentiality and Non-Competition\n\nDear Dr. Vortmann:\n\nThis letter sets out the confidentiality and non-competition obligations you accept in return for the consulting fees described below.\n\n1. You shall not disclose Confidential Information.\n\nSincerely,\n\nASHCOMBE VALVE & PUMP CO.\n\nBy: /s/ Harold Penn\n\nACCEPTED AND AGREED:\n\n/s/ Anneliese Vortmann",
			"ASHCOMBE VALVE & PUMP CO.", "ASHCOMBE VALVE & PUMP CO. [organisation]; Dr. Anneliese Vortmann [person]"},
		{"invention assignment, becoming employed by",
			"EMPLOYEE PROPRIETARY INFORMATION AND INVENTIONS ASSIGNMENT AGREEMENT\n\nIn consideration of, and as a condition of, my becoming employed by (or continuing my employment with) Quarrington Photonics, Inc., a Delaware corporation (the \"Company\"), and the compensation paid to me, I agree to the terms below.\n\n1. Confidential Information Protections. I will hold the Company's Confidential Information in strictest confidence.",
			"Quarrington Photonics, Inc.", "Quarrington Photonics, Inc. [organisation, Company]"},
		{"mutual NDA with the parties in a table",
			"MUTUAL NON-DISCLOSURE AGREEMENT\n\nThis Agreement is made between the parties identified in the table below.\n\nParty            Name                                   Address\n\nFirst Party      Tamberlane Geospatial Ltd.             9 Quayside, Leith EH6 6QU\n\nSecond Party     Hockliffe Survey Instruments, Inc.     210 Delta Avenue, Boise, ID 83702\n\n1. Purpose. The parties wish to discuss a joint bid for a survey contract.",
			"Tamberlane Geospatial Ltd.", "Tamberlane Geospatial Ltd. [organisation, First Party]; Hockliffe Survey Instruments, Inc. [organisation, Second Party]"},
		{"PARTIES block with role labels and defined terms",
			"CONFIDENTIALITY AGREEMENT\n\nPARTIES:\n\nDISCLOSER: Orrell Fenwick Biotech Limited, a company registered in England and Wales under number 04411821, whose registered office is at 3 Hills Road, Cambridge (\"Orrell\")\n\nRECIPIENT: Stanway Capital Partners LLP, 40 Gracechurch Street, London (\"Stanway\")\n\nBACKGROUND\n\nOrrell wishes to disclose information to Stanway for the purpose of a possible investment.\n\n1. Stanway shall keep the information confidential.",
			"Orrell Fenwick Biotech Limited", "Orrell Fenwick Biotech Limited [organisation, Orrell]; Stanway Capital Partners LLP [organisation, Stanway]"},
		{"run-in PARTIES with numbered companies",
			"MUTUAL CONFIDENTIALITY AGREEMENT PARTIES: (1) KELDHOLME RAIL SERVICES LIMITED (company number 07719320) whose registered office is at 1 Station Approach, York (\"Keldholme\"); and (2) ABERDARON SIGNALLING LTD (company number 08822196) whose registered office is at 4 Dock Road, Swansea (\"Aberdaron\"). BACKGROUND (A) The parties wish to discuss a signalling contract.\n\n1. Each party shall keep the other's information confidential.",
			"KELDHOLME RAIL SERVICES LIMITED", "KELDHOLME RAIL SERVICES LIMITED [organisation, Keldholme]; ABERDARON SIGNALLING LTD [organisation, Aberdaron]"},
		{"employee acknowledgement, company only where it signs",
			"CONFIDENTIALITY ACKNOWLEDGEMENT\n\nI, the undersigned employee (\"Employee\"), acknowledge that in the course of my work I will receive confidential information belonging to my employer and its customers, and I agree to keep it secret during and after my employment.\n\n1. Employee shall not copy or remove any document containing confidential information.\n\n2. Employee shall return all such documents on request.\n\nEMPLOYEE:\n\n/s/ Marguerite Oduya\n\nName: Marguerite Oduya\n\nDate: March 2, 2012\n\nACKNOWLEDGED:\n\nBALLINGER CASTINGS CORPORATION\n\nBy: /s/ Rupert Hale\n\nTitle: Vice President, Human Resources",
			"BALLINGER CASTINGS CORPORATION", "BALLINGER CASTINGS CORPORATION [organisation]"},
		{"blank form with a bracketed company placeholder",
			"NON-DISCLOSURE AGREEMENT\n\nThis Non-Disclosure Agreement is entered into as of ____________, 20__ by and between [COMPANY NAME], a [STATE] [ENTITY TYPE] (\"Discloser\"), and Pennard Logistics LLC, a Delaware limited liability company (\"Recipient\").\n\n1. Recipient shall keep the Discloser's information confidential.",
			"Pennard Logistics LLC", "Pennard Logistics LLC [organisation, Recipient]"},
		{"letter with placeholders for the addressee",
			"Corrigan Ashby Media Group, Inc.\n\n55 Fleet Street\n\nHartford, CT 06103\n\n[Date]\n\n[Employee Name]\n\n[Address]\n\nDear [Employee Name]:\n\nThis letter agreement confirms your obligations of confidentiality to Corrigan Ashby Media Group, Inc. (the \"Company\") during and after your employment.\n\n1. You shall not disclose Confidential Information.",
			"Corrigan Ashby Media Group, Inc.", "Corrigan Ashby Media Group, Inc. [organisation]"},
		{"individual with a courtesy title named first",
			"CONSULTING AND CONFIDENTIALITY AGREEMENT\n\nThis Agreement is made effective as of July 15, 2016 between Dr. Henrik Solberg, residing at 22 Birch Hill, Stamford, Connecticut (\"Consultant\"), and NORTHCOTE SURGICAL SYSTEMS, INC., a Minnesota corporation (the \"Company\").\n\n1. Services. Consultant shall advise the Company on product design.",
			"NORTHCOTE SURGICAL SYSTEMS, INC.", "Dr. Henrik Solberg [person, Consultant]; NORTHCOTE SURGICAL SYSTEMS, INC. [organisation, Company]"},
		{"OCR spaced initials in a letterhead",
			"W . R . KESTLE COMPANY\n\n600 Grant Street\n\nPittsburgh, PA 15219\n\nApril 4, 2001\n\nDear Mr. Abiodun:\n\nIn connection with your departure from the Company, you have agreed to the confidentiality obligations set out in this letter.\n\n1. You shall not disclose Confidential Information of the Company.",
			"W.R. KESTLE COMPANY", "W.R. KESTLE COMPANY [organisation]; Mr. Abiodun [person]"},
		{"individual in capitals with an individual",
			"NON-SOLICITATION AGREEMENT\n\nTHIS NON-SOLICITATION AGREEMENT is entered into as of October 1, 2010 by and between GRACE M. ELLWOOD, an individual (\"Ellwood\"), and TREVANION HOTELS GROUP, L.L.C., a Nevada limited liability company (\"Trevanion\").\n\n1. Ellwood shall not solicit Trevanion's employees.",
			"TREVANION HOTELS GROUP, L.L.C.", "GRACE M. ELLWOOD [person, Ellwood]; TREVANION HOTELS GROUP, L.L.C. [organisation, Trevanion]"},
		{"blank name before my employment by",
			"CONFIDENTIALITY AND INVENTIONS AGREEMENT\n\nI, ________________________, in consideration of my employment by Lisvane Precision Tools Ltd (the \"Employer\"), agree as follows:\n\n1. I will keep the Employer's trade secrets confidential.",
			"Lisvane Precision Tools Ltd", "Lisvane Precision Tools Ltd [organisation, Employer]"},
		{"unquoted initials as defined terms",
			"SERVICES AGREEMENT\n\n1. PARTIES\n\nHARTWELL DATA SERVICES OF 88 FERRY ROAD, SUITE 4, NEWARK, NEW JERSEY 07105 (HARTWELL) agrees to provide the services described below to BELMONT OPTICAL LABS, INC. OF 12 QUARRY LANE, ALBANY, NEW YORK 12207 (BOL).\n\n2. SERVICES\n\nHARTWELL shall maintain BOL's data systems.",
			"HARTWELL DATA SERVICES", "HARTWELL DATA SERVICES [organisation, HARTWELL]; BELMONT OPTICAL LABS, INC. [organisation, BOL]"},
		{"lower-case brand with its legal form",
			"Publisher Terms\n\nThese terms apply to software publishers who sell through the online store operated by nordlicht 7 GmbH, Hafenstrasse 12, 20457 Hamburg, Germany (hereafter, \"nordlicht 7\"), and to the affiliates they appoint.\n\n1. Fees. nordlicht 7 retains a service fee on each sale.",
			"nordlicht 7 GmbH", "nordlicht 7 GmbH [organisation, nordlicht 7]"},
		{"the undersigned, then the parties with their defined terms",
			"CONFIDENTIALITY AGREEMENT\n\nThe undersigned, Harrowgate Energy Partners, Inc., a Texas corporation (\"Harrowgate\"), and Bellwether Drilling LLC, an Oklahoma limited liability company (\"Bellwether\"), agree as follows:\n\n1. Each party shall keep the other's information confidential.\n\n2. This agreement is governed by the laws of Texas.",
			"Harrowgate Energy Partners, Inc.", "Harrowgate Energy Partners, Inc. [organisation, Harrowgate]; Bellwether Drilling LLC [organisation, Bellwether]"},
		{"the undersigned parties, a list without defined terms",
			"MUTUAL NONDISCLOSURE AGREEMENT\n\nThe undersigned parties, Corvane Systems Corp. and Delmont Health Services, Inc., hereby agree as follows:\n\n1. Each party shall keep the other's information confidential.",
			"Corvane Systems Corp.", "Corvane Systems Corp. [organisation]; Delmont Health Services, Inc. [organisation]"},
	} {
		c := Parse(tc.text, contract.Meta{Path: tc.name + ".txt"})
		checkCompanyParties(t, tc.name, c, tc.company, tc.parties)
		for _, p := range c.Parties {
			if strings.ContainsAny(p.Name, "[]_") {
				t.Errorf("%s: a placeholder is a party: %s", tc.name, showParties(c.Parties))
			}
		}
	}
}
