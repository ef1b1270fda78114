package parse

import (
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// The forms the EDGAR NDAs and employee agreements of issue 12's unseen
// set name their parties in, each written for this test (no real
// filing's text): the company each must give, and a person party where
// the form has one ("" when none is wanted). OCR-quality variants carry
// what scanned exhibits do: spaced initials, hyphenation at line ends,
// stray page numbers, ragged spacing.
func TestUnseenForms(t *testing.T) {
	for _, tc := range []struct {
		name, text, company, person string
	}{
		{"parties block with descriptions", "MUTUAL NONDISCLOSURE AGREEMENT\n\nPARTIES:\n\n(1) Thornquist Aerial Imaging Corp., a Nevada corporation (\"Thornquist\"); and\n\n(2) Helvellyn Survey Partners LLC, a Colorado limited liability company (\"Helvellyn\").\n\nWHEREAS the parties wish to exchange information.\n\n1. Confidential Information. Each party shall keep the other's information confidential.",
			"Thornquist Aerial Imaging Corp.", ""},
		{"parties block, employee second", "CONFIDENTIALITY AND INVENTION ASSIGNMENT AGREEMENT\n\nPARTIES\n\nEmployer: Saltmarsh Biologics, Inc.\n\nEmployee: Rosalind Achterberg\n\n1. Confidentiality. Employee shall hold the Employer's information in confidence.",
			"Saltmarsh Biologics, Inc.", "Rosalind Achterberg"},
		{"letter with letterhead and Dear", "Kittering Freight Holdings, Inc.\n\n2200 Wharf Road, Suite 400\n\nNorfolk, VA 23510\n\nMarch 3, 2014\n\nMr. Tobias Lindqvist\n\n45 Heron Court\n\nRichmond, VA 23221\n\nDear Mr. Lindqvist:\n\nThis letter confirms the terms of your confidentiality obligations to the Company.\n\n1. You will not disclose Confidential Information.\n\nVery truly yours,\n\nKITTERING FREIGHT HOLDINGS, INC.",
			"Kittering Freight Holdings, Inc.", "Mr. Tobias Lindqvist"},
		{"letter from a bank to a company", "Pemberton Securities, LLC\n\n301 South Arbor Street\n\nCharlotte, North Carolina 28202\n\nPERSONAL AND CONFIDENTIAL\n\nJuly 12, 2016\n\nLadies and Gentlemen:\n\nIn connection with your consideration of a possible transaction with Gorsedd Pharmaceuticals, Inc. (the \"Company\"), you have requested information.\n\n1. Use of Information. You shall use the information only to evaluate the transaction.",
			"Pemberton Securities, LLC", ""},
		{"letter to an employee with Dear first name", "Brackenfell Robotics Corporation\n\n18 Mill Street\n\nAustin, TX 78701\n\nDear Priya:\n\nWe are pleased to confirm your employment. As a condition of your employment you agree to the following.\n\n1. Confidentiality. You shall keep our information confidential.",
			"Brackenfell Robotics Corporation", "Priya"},
		{"condition of my employment", "EMPLOYEE PROPRIETARY INFORMATION AGREEMENT\n\nAs a condition of my employment with Ostrander Sound Laboratories, Inc., and in consideration of my receipt of compensation, I agree to the following:\n\n1. I will hold all Proprietary Information in confidence.",
			"Ostrander Sound Laboratories, Inc.", ""},
		{"condition of my continued employment", "AT-WILL EMPLOYMENT, CONFIDENTIAL INFORMATION AND INVENTION ASSIGNMENT AGREEMENT\n\nAs a condition of my continued employment with Vellacott Genomics Corporation (the \"Company\"), I agree as follows:\n\n1. Confidential Information. I agree to hold the Company's Confidential Information in strictest confidence.",
			"Vellacott Genomics Corporation", ""},
		{"in consideration of my employment by", "INVENTION ASSIGNMENT AGREEMENT\n\nIn consideration of my employment by Harrowden Micro Devices, Inc. (the \"Company\"), I hereby agree as follows:\n\n1. Inventions. I assign to the Company all Inventions.",
			"Harrowden Micro Devices, Inc.", ""},
		{"company and an individual", "EXECUTIVE NON-COMPETITION AGREEMENT\n\nThis Executive Non-Competition Agreement (the \"Agreement\") is entered into as of April 4, 2012 by and between Corrib Valley Energy, Inc., a Texas corporation (the \"Company\"), and Declan O'Rourke (\"Executive\").\n\n1. Non-Competition. Executive shall not compete with the Company.",
			"Corrib Valley Energy, Inc.", "Declan O'Rourke"},
		{"individual named first", "CONFIDENTIALITY AGREEMENT\n\nThis Confidentiality Agreement is made on June 1, 2010 between Marisol Etxeberria, an individual residing in San Diego, California (\"Consultant\"), and Bluefin Diagnostics Corp., a Delaware corporation (\"Bluefin\").\n\n1. Confidentiality. Consultant shall keep Bluefin's information confidential.",
			"Bluefin Diagnostics Corp.", "Marisol Etxeberria"},
		{"employee defined term first", "NON-DISCLOSURE AGREEMENT\n\nThis Agreement is made between the undersigned employee (\"Employee\") and Wrenfield Capital Advisors LLC (\"Wrenfield\").\n\n1. Employee shall not disclose Confidential Information.",
			"Wrenfield Capital Advisors LLC", ""},
		{"enumerated recital is no name", "NON-COMPETITION AGREEMENT\n\nThis Non-Competition Agreement is entered into as of May 5, 2015 by and between Gannet Ridge Outfitters, Inc. (the \"Company\") and Tomasz Wielgosz (\"Employee\").\n\nA. This Covenant Not to Compete is given in consideration of Employee's employment.\n\n1. Covenant. Employee shall not compete.",
			"Gannet Ridge Outfitters, Inc.", "Tomasz Wielgosz"},
		{"second-person form", "CONFIDENTIALITY AND NON-SOLICITATION AGREEMENT\n\nYou agree that during your employment with Larchmont Data Services, Inc. (the \"Company\") you have received and will receive Confidential Information.\n\n1. Non-Solicitation. You shall not solicit the Company's employees.",
			"Larchmont Data Services, Inc.", ""},
		{"placeholder employee", "EMPLOYEE NONDISCLOSURE AGREEMENT\n\nThis Agreement is entered into between Fenwick Hollow Media Group, Inc. (the \"Company\") and [NAME] (\"Employee\").\n\n1. Employee shall keep the Company's information confidential.",
			"Fenwick Hollow Media Group, Inc.", ""},
		{"affiliated companies are no party", "CONFIDENTIALITY AGREEMENT\n\nThis Confidentiality Agreement is made by and between Ashgrove Retail Holdings, Inc. and its Affiliated Companies (collectively, the \"Company\") and Lena Forsberg (\"Employee\").\n\n1. Employee shall not disclose Confidential Information of the Company.",
			"Ashgrove Retail Holdings, Inc.", "Lena Forsberg"},
		{"OCR spaced initials", "NON-COMPETITION AGREEMENT\n\nThis Agreement is entered into as of January 2, 2019 by and between J. R . SIMPLOT TRADING COMPANY , an Idaho corporation (the \"Company\"), and Wendell Pike (\"Executive\").\n\n1. Covenant. Executive shall not compete with the Company.",
			"J.R. SIMPLOT TRADING COMPANY", "Wendell Pike"},
		{"OCR spaced initials, lower case form", "CONFIDENTIALITY AGREEMENT\n\nThis Agreement is made as of March 9, 2001 by and between A. T . Q . Instruments, Inc., a Delaware corporation (\"ATQ\"), and Harlan Moss (\"Employee\").\n\n1. Employee shall not disclose ATQ's information.",
			"A.T.Q. Instruments, Inc.", "Harlan Moss"},
		{"OCR ragged spacing", "NONDISCLOSURE   AGREEMENT\n\nThis  Nondisclosure  Agreement  is  made  as  of  May 1,  2009  by  and  between  Quillon   Marine   Technologies ,  Inc.,  a  Florida  corporation  (\"Quillon\"),  and  Saoirse  Byrne  (\"Consultant\").\n\n1.  Consultant  shall  keep  Quillon's  information  confidential.",
			"Quillon Marine Technologies, Inc.", "Saoirse Byrne"},
		{"OCR hyphenation at a line end", "EMPLOYEE CONFIDENTIALITY AGREEMENT\n\nThis Agreement is entered into as of June 3, 2008 by and between Stonecrop Pharma-\nceuticals, Inc., a Delaware corporation (the \"Company\"), and Bertrand Okonkwo (\"Employee\").\n\n1. Employee shall keep the Company's information confidential.",
			"Stonecrop Pharmaceuticals, Inc.", "Bertrand Okonkwo"},
		{"OCR stray page number", "CONFIDENTIALITY AGREEMENT\n\n1\n\nThis Confidentiality Agreement is entered into as of August 8, 2011 by and between Halvard Logistics Group, Inc., a Minnesota corporation (\"Halvard\"), and Yusuf Demir (\"Employee\").\n\n- 2 -\n\n1. Employee shall keep Halvard's information confidential.",
			"Halvard Logistics Group, Inc.", "Yusuf Demir"},
		{"OCR page header run into text", "Page 1 of 3\n\nNON-DISCLOSURE AGREEMENT\n\nThis Non-Disclosure Agreement is made and entered into as of October 10, 2005 by and between Moorcroft Semiconductor Corporation (\"Moorcroft\") and Ines Valcourt (\"Consultant\").\n\nPage 2 of 3\n\n1. Consultant shall not disclose Moorcroft's information.",
			"Moorcroft Semiconductor Corporation", "Ines Valcourt"},
		{"company with d/b/a", "CONFIDENTIALITY AGREEMENT\n\nThis Agreement is made as of July 1, 2013 by and between Pellworm Holdings, Inc. d/b/a Northgate Fitness, a Delaware corporation (the \"Company\"), and Caleb Strand (\"Employee\").\n\n1. Employee shall keep the Company's information confidential.",
			"Pellworm Holdings, Inc. d/b/a Northgate Fitness", "Caleb Strand"},
		{"formerly known as", "MUTUAL CONFIDENTIALITY AGREEMENT\n\nThis Agreement is made as of February 2, 2017 by and between Tarnbrook Therapeutics, Inc. (formerly known as Ellery Biosciences, Inc.), a Delaware corporation (\"Tarnbrook\"), and Quayle Clinical Research LLC (\"Quayle\").\n\n1. Each party shall keep the other's information confidential.",
			"Tarnbrook Therapeutics, Inc.", ""},
		{"f/k/a after the name", "CONFIDENTIALITY AGREEMENT\n\nThis Agreement is entered into as of March 1, 2018 between Brightlingsea Networks, Inc., f/k/a Orwell Telecom, Inc., a Nevada corporation (the \"Company\"), and Imogen Hart (\"Employee\").\n\n1. Employee shall keep the Company's information confidential.",
			"Brightlingsea Networks, Inc.", "Imogen Hart"},
		{"signature block only", "CONFIDENTIALITY UNDERTAKING\n\nThe undersigned hereby agrees to keep confidential all information received in connection with the proposed transaction and to use it only to evaluate that transaction.\n\nIN WITNESS WHEREOF, the undersigned has executed this undertaking.\n\nHOLLOWAY CREEK PARTNERS, L.P.\n\nBy: /s/ Gemma Tully\n\nName: Gemma Tully\n\nTitle: Managing Director",
			"HOLLOWAY CREEK PARTNERS, L.P.", ""},
		{"employment agreement with the employee named by role first", "EMPLOYMENT AGREEMENT\n\nTHIS EMPLOYMENT AGREEMENT is made as of September 1, 2004 (the \"Effective Date\") between Rhiannon Pryce (\"Employee\") and Carrickfergus Software Ltd., a company incorporated in Northern Ireland (the \"Employer\").\n\n1. Employment. The Employer employs the Employee as Chief Technology Officer.",
			"Carrickfergus Software Ltd.", "Rhiannon Pryce"},
		{"non-solicitation letter to an executive", "Ferncliff Partners Group, LLC\n\n700 Lantern Plaza\n\nDenver, CO 80202\n\nJanuary 15, 2020\n\nMs. Adaeze Nwosu\n\n12 Aspen Way\n\nBoulder, CO 80302\n\nRe: Non-Solicitation Obligations\n\nDear Ms. Nwosu:\n\nIn consideration of the severance payments described below, you agree as follows.\n\n1. You shall not solicit any employee of the Company for twelve months.",
			"Ferncliff Partners Group, LLC", "Ms. Adaeze Nwosu"},
		{"undersigned recipient", "CONFIDENTIALITY AGREEMENT\n\nThis Confidentiality Agreement (\"Agreement\") is entered into by Mallory Point Resources, Inc. (\"Company\") and the undersigned (\"Recipient\").\n\n1. Recipient shall hold the Company's Evaluation Material in confidence.",
			"Mallory Point Resources, Inc.", ""},
		{"blank employee line", "EMPLOYEE CONFIDENTIALITY AGREEMENT\n\nThis Agreement is made between Tollgate Instruments Corporation (the \"Company\") and ______________________ (\"Employee\").\n\n1. Employee shall keep the Company's information confidential.",
			"Tollgate Instruments Corporation", ""},
		{"day of month date", "NON-DISCLOSURE AGREEMENT\n\nTHIS AGREEMENT is made this 5th day of May, 2005, by and between ORRERY CAPITAL MANAGEMENT, INC., a New York corporation (\"Orrery\"), and Keturah Banda (\"Employee\").\n\n1. Employee shall not disclose Confidential Information.",
			"ORRERY CAPITAL MANAGEMENT, INC.", "Keturah Banda"},
		{"BETWEEN block with - and -", "EMPLOYMENT AND CONFIDENTIALITY AGREEMENT\n\nTHIS AGREEMENT made as of the 1st day of June, 1999.\n\nBETWEEN:\n\nLACHINE VALLEY FOODS LTD.\n\n(the \"Corporation\")\n\n- and -\n\nGERARD TREMBLAY\n\n(the \"Executive\")\n\nWHEREAS the Corporation wishes to employ the Executive.\n\n1. Employment. The Corporation employs the Executive.",
			"LACHINE VALLEY FOODS LTD.", ""},
		{"OCR space before comma and period", "CONFIDENTIALITY AGREEMENT\n\nThis Agreement is entered into as of April 2, 1998 by and between SEAHOLM ENERGY , INC . , a Texas corporation (the \"Company\"), and Ruth Abernathy (\"Employee\").\n\n1. Employee shall keep the Company's information confidential.",
			"SEAHOLM ENERGY, INC.", "Ruth Abernathy"},
		{"curly quotes continued employment", "PROPRIETARY INFORMATION AND INVENTIONS AGREEMENT\n\nIn consideration of my employment or continued employment by CASTLEREIGH MEDICAL CORPORATION (“Company”), and the compensation now and hereafter paid to me, I hereby agree as follows:\n\n1. I will keep the Company’s Proprietary Information confidential.",
			"CASTLEREIGH MEDICAL CORPORATION", ""},
		{"I, name, in consideration", "CONFIDENTIALITY AND NON-COMPETE AGREEMENT\n\nI, Tamsin Blackwood, in consideration of my employment by Greywater Analytics, Inc. (the \"Company\"), agree as follows:\n\n1. I will not compete with the Company during my employment.",
			"Greywater Analytics, Inc.", ""},
		{"party 1 party 2 labels", "MUTUAL NON-DISCLOSURE AGREEMENT\n\nEffective Date: March 3, 2015\n\nParty 1: Hobart Lane Ventures LLC, a Delaware limited liability company\n\nParty 2: Kestrel Biometrics, Inc., a California corporation\n\n1. Each party shall keep the other party's Confidential Information confidential.",
			"Hobart Lane Ventures LLC", ""},
		{"between a company and you", "CONFIDENTIALITY AGREEMENT\n\nThis Agreement is between Sandpiper Cloud Systems, Inc., a Delaware corporation with offices at 1 Harbor Street (\"Sandpiper\"), and you.\n\n1. You shall keep Sandpiper's information confidential.",
			"Sandpiper Cloud Systems, Inc.", ""},
		{"letterhead in capitals without address", "ALDERNEY INSTRUMENTS CORPORATION\n\nMay 2, 2011\n\nDear Oskar:\n\nThis letter sets forth the terms of your confidentiality and non-solicitation obligations.\n\n1. You shall not solicit any employee of Alderney Instruments Corporation.",
			"ALDERNEY INSTRUMENTS CORPORATION", "Oskar"},
		{"page number inside the preamble", "NON-DISCLOSURE AGREEMENT\n\nThis Non-Disclosure Agreement is entered into as of May 1, 2002 by and between Penhallow Mining Corporation\n\n- 1 -\n\n(the \"Company\") and Idris Kamara (\"Consultant\").\n\n1. Consultant shall keep the Company's information confidential.",
			"Penhallow Mining Corporation", "Idris Kamara"},
		{"bank letter to a company about a target", "CONFIDENTIAL\n\nMarch 14, 2019\n\nThistledown Partners, L.P.\n\n500 Park Avenue\n\nNew York, NY 10022\n\nAttention: Mr. Corwin Hale\n\nLadies and Gentlemen:\n\nYou have requested information concerning Moorfield Specialty Chemicals, Inc. (together with its subsidiaries, the \"Company\") in connection with a possible transaction.\n\n1. You agree to keep the Evaluation Material confidential.",
			"Thistledown Partners, L.P.", ""},
		{"OCR lnc for Inc", "CONFIDENTIALITY AGREEMENT\n\nThis Agreement is made as of June 2, 1997 by and between Wyvern Data Systems, lnc., a Delaware corporation (the \"Company\"), and Moira Keane (\"Employee\").\n\n1. Employee shall keep the Company's information confidential.",
			"Wyvern Data Systems, Inc.", "Moira Keane"},
		{"EDGAR page tags", "<PAGE>\n\nEXHIBIT 10.14\n\nNONCOMPETITION AND CONFIDENTIALITY AGREEMENT\n\nThis Agreement is entered into as of March 3, 1998 by and between Quenby Health Services, Inc., a Delaware corporation (the \"Company\"), and Anselm Rook (\"Employee\").\n\n<PAGE>\n\n1. Employee shall not compete with the Company.",
			"Quenby Health Services, Inc.", "Anselm Rook"},
		{"EDGAR document header line", "EX-10.3 4 d88231dex103.htm FORM OF CONFIDENTIALITY AGREEMENT\n\nFORM OF CONFIDENTIALITY AGREEMENT\n\nThis Confidentiality Agreement is entered into by and between Marchbank Therapeutics, Inc., a Delaware corporation (together with its subsidiaries, the \"Company\"), and the individual whose name appears below (\"Employee\").\n\n1. Employee shall keep the Company's information confidential.",
			"Marchbank Therapeutics, Inc.", ""},
		{"company only in the signature block", "AGREEMENT REGARDING CONFIDENTIAL INFORMATION AND NON-SOLICITATION\n\nIn return for my employment with the Company, I agree as follows:\n\n1. I will not disclose the Company's confidential information.\n\n2. I will not solicit the Company's employees for one year after my employment ends.\n\nCOMPANY:\n\nHALBERD SECURITY SOLUTIONS, INC.\n\nBy: ____________________\n\nName: Petra Lind\n\nEMPLOYEE:\n\n____________________",
			"HALBERD SECURITY SOLUTIONS, INC.", ""},
		{"name broken over two lines in capitals", "CONFIDENTIALITY AGREEMENT\n\nTHIS AGREEMENT is entered into as of January 9, 2003 by and between MERIDIAN\nCOVE SOFTWARE, INC., a Washington corporation (\"Meridian\"), and Fergus Doyle (\"Consultant\").\n\n1. Consultant shall keep Meridian's information confidential.",
			"MERIDIAN COVE SOFTWARE, INC.", "Fergus Doyle"},
		{"OCR broken word spacing in the legal form", "NON-DISCLOSURE AGREEMENT\n\nThis Agreement is made as of May 5, 1999 by and between Tamar Valley Foods Corpor ation, a Maine corporation (\"Tamar\"), and Eilidh Ross (\"Employee\").\n\n1. Employee shall keep Tamar's information confidential.",
			"Tamar Valley Foods Corporation", "Eilidh Ross"},
	} {
		c := Parse(tc.text, contract.Meta{Path: tc.name + ".txt"})
		got := ""
		if c.Company != nil {
			got = c.Company.Name
		}
		if got != tc.company {
			t.Errorf("%s: company %q, want %q (parties %s)", tc.name, got, tc.company, showParties(c.Parties))
		}
		if tc.person == "" {
			continue
		}
		found := false
		for _, p := range c.Parties {
			if p.Name == tc.person && p.Kind == contract.Person {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no person party %q (parties %s)", tc.name, tc.person, showParties(c.Parties))
		}
		if strings.Contains(showParties(c.Parties), "[NAME]") {
			t.Errorf("%s: a placeholder is a party: %s", tc.name, showParties(c.Parties))
		}
	}
}

// A filer known by a former or other name: the company is the party as
// the text names it, matched to the filer through "formerly known as",
// "f/k/a", "a.k.a." and "d/b/a".
func TestFilerOtherNames(t *testing.T) {
	for _, tc := range []struct{ text, filer, want string }{
		{"MUTUAL CONFIDENTIALITY AGREEMENT\n\nThis Agreement is made as of February 2, 2017 by and between Quayle Clinical Research LLC (\"Quayle\") and Tarnbrook Therapeutics, Inc. (formerly known as Ellery Biosciences, Inc.), a Delaware corporation (\"Tarnbrook\").\n\n1. Each party shall keep the other's information confidential.",
			"ELLERYBIOSCIENCESINC", "Tarnbrook Therapeutics, Inc."},
		{"CONFIDENTIALITY AGREEMENT\n\nThis Agreement is entered into as of March 1, 2018 between Imogen Hart (\"Employee\") and Brightlingsea Networks, Inc., f/k/a Orwell Telecom, Inc., a Nevada corporation (the \"Company\").\n\n1. Employee shall keep the Company's information confidential.",
			"ORWELL TELECOM INC /NV/", "Brightlingsea Networks, Inc."},
		{"SUPPLY AGREEMENT\n\nThis Supply Agreement is made as of July 1, 2013 by and between Harwich Feeds LLC (\"Supplier\") and Pellworm Holdings, Inc. d/b/a Northgate Fitness, a Delaware corporation (\"Buyer\").\n\n1. Supply. Supplier shall supply the Products.",
			"NorthgateFitness", "Pellworm Holdings, Inc. d/b/a Northgate Fitness"},
		{"LICENSE AGREEMENT\n\nThis License Agreement is made as of June 6, 2006 by and between Wexcombe Media Ltd. (\"Licensor\") and Ardmore Games Corporation, also known as Ardmore Interactive, a Delaware corporation (\"Licensee\").\n\n1. License. Licensor grants Licensee a license.",
			"ARDMORE INTERACTIVE", "Ardmore Games Corporation"},
	} {
		c := Parse(tc.text, contract.Meta{Path: "alias.txt", CompanyName: tc.filer})
		if c.Company == nil || c.Company.Name != tc.want {
			t.Errorf("filer %s: company %v, want %q (parties %s)", tc.filer, c.Company, tc.want, showParties(c.Parties))
		}
	}
}
