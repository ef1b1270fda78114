package parse

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// The hand-made contracts of testdata/parties, one per place contracts put
// their parties: the company each must give, and its parties (name, kind
// and defined term) pinned in its .golden file (-update rewrites them).
func TestPartyForms(t *testing.T) {
	for _, tc := range []struct{ file, company, parties string }{
		{"preamble-employee.txt", "Larkspur Analytics, Inc.", "Larkspur Analytics, Inc. [organisation, Larkspur]; Priya Natarajan [person, Employee]"},
		{"parties-block.txt", "Quillfeather Robotics GmbH", "Quillfeather Robotics GmbH [organisation, Quillfeather]; Tamsin Okafor [person, Consultant]"},
		{"letter.txt", "Harrowgate Capital Partners, LLC", "Harrowgate Capital Partners, LLC [organisation]; Mr. Desmond Achebe [person]"},
		{"employment-form.txt", "Brightwater Acoustics, Inc.", "Brightwater Acoustics, Inc. [organisation, Company]"},
		{"signatures.txt", "OSPREY HOLDINGS L.P.", "OSPREY HOLDINGS L.P. [organisation]"},
		{"ocr-spacing.txt", "L.B. FOSTER COMPANY", "L.B. FOSTER COMPANY [organisation, Company]; Martin Kowalczyk [person, Executive]"},
		{"placeholder.txt", "Corvid Marine Systems Ltd.", "Corvid Marine Systems Ltd. [organisation, Corvid]"},
		{"letter-you.txt", "Pelican Ridge Software Corporation", "Pelican Ridge Software Corporation [organisation, Company]"},
		{"recitals.txt", "Nimbus Orchard Holdings Ltd.", "Nimbus Orchard Holdings Ltd. [organisation, Nimbus]"},
		{"letter-ladies-gentlemen.txt", "Greyfield Capital Management LLC", "Greyfield Capital Management LLC [organisation]; Cascade Hollow Foods, Inc. [organisation, Company]"},
		{"nda-first-person.txt", "Lumenfield Systems, Inc.", "Lumenfield Systems, Inc. [organisation, Lumenfield]"},
		{"dated-by.txt", "Orchid Bay Partners, L.P.", "Orchid Bay Partners, L.P. [organisation, Recipient]; Silvertip Energy Corp. [organisation, Company]"},
		{"parties-block-labels.txt", "Vantor Medical Devices, Inc.", "Vantor Medical Devices, Inc. [organisation, Disclosing Party]; Keller & Shaw Engineering LLP [organisation, Receiving Party]"},
		{"letter-on-behalf.txt", "Quantum Leap Games, Inc.", "Ms. Alvarez [person]; Quantum Leap Games, Inc. [organisation, Company]"},
		{"letterhead-bracket.txt", "Orrin Dale Holdings Corp.", "Orrin Dale Holdings Corp. [organisation]; Birchwood Equity Capital [organisation]"},
		{"between-numbered-address.txt", "HALDANE MARITIME LIMITED", "HALDANE MARITIME LIMITED [organisation, Company]; FIONA GRANT [person, Employee]"},
		{"employee-first.txt", "Tidewater Logistics Group, Inc.", "Priscilla Owens [person, Employee]; Tidewater Logistics Group, Inc. [organisation, Tidewater]"},
		{"form-labels.txt", "Corbel Instruments Corporation", "Dana Whitfield [person, Employee]; Corbel Instruments Corporation [organisation, Employer]"},
		{"heading-company.txt", "LOCKWOOD THERAPEUTICS, INC.", "LOCKWOOD THERAPEUTICS, INC. [organisation]"},
		{"heading-title-case.txt", "Sunburst Dental Supply Co.", "Sunburst Dental Supply Co. [organisation]"},
		{"agrees-with.txt", "Fairhaven Textile Mills, Inc.", "Fairhaven Textile Mills, Inc. [organisation]"},
		{"terms-only-cover.txt", "Harbor Point Ballpark Funding LLC", "Harbor Point Ballpark Funding LLC [organisation, HPBF]"},
		{"signature-blocks.txt", "BRACKENRIDGE CODE WORKS, Inc.", "BRACKENRIDGE CODE WORKS, Inc. [organisation]; TERN HARBOR DELIVERIES INC. [organisation]"},
		{"undersigned-employee.txt", "Bramblewood Health Systems, Inc.", "Bramblewood Health Systems, Inc. [organisation, Company]"},
	} {
		raw, err := os.ReadFile(filepath.Join("testdata", "parties", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		c := Parse(string(raw), contract.Meta{Path: tc.file})
		checkCompanyParties(t, tc.file, c, tc.company, tc.parties)
		out, err := json.MarshalIndent(struct {
			Company *contract.Attr
			Parties []contract.Party
		}{c.Company, c.Parties}, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		golden := filepath.Join("testdata", "parties", strings.TrimSuffix(tc.file, ".txt")+".golden")
		if *update {
			if err := os.WriteFile(golden, append(out, '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if strings.TrimSpace(string(want)) != string(out) {
			t.Errorf("%s:\n got %s\nwant %s", golden, out, want)
		}
	}
}

func showParties(ps []contract.Party) string {
	var out []string
	for _, p := range ps {
		s := p.Name + " [" + string(p.Kind)
		if p.Term != "" {
			s += ", " + p.Term
		}
		out = append(out, s+"]")
	}
	return strings.Join(out, "; ")
}

// What is not a name, whatever the place it was found in.
func TestPartyFragments(t *testing.T) {
	for name, fragment := range map[string]bool{
		"(“Employee”)":                    true,
		"[NAME]":                          true,
		"A. This Covenant Not to Compete": true,
		"You agree that during your employment you have received": true,
		"Affiliated Companies":                        true,
		"________ Inc.":                               true,
		"Company":                                     true,
		"Larkspur Analytics, Inc.":                    false,
		"theglobe.com, inc.":                          false,
		"Bank of America, N.A.":                       false,
		"Zebra Technologies do Brasil":                false,
		"Priya Natarajan":                             false,
		"Golfers Incorporated":                        false,
		"Natalija Tunevic, director of FreeCook":      false,
		"May 22, 2015 between the Corporation":        true,
		"SECTION 1. SERVICES":                         true,
		"ARTICLE IV DEFINITIONS":                      true,
		"Section Eight Capital LLC":                   false,
		"March Networks Corporation":                  false,
		"Board on the 22nd of May, 2008":              true,
		"GmbH, Vogelsanger Strasse 78, 50823 Cologne": true,
		"Inc.":                          true,
		"AG Barr plc":                   false,
		"May 7 Holdings":                true,
		"May Department Stores Company": false,
	} {
		if got := isPartyFragment(name); got != fragment {
			t.Errorf("isPartyFragment(%q) = %v, want %v", name, got, fragment)
		}
	}
}

func TestRepairSpacing(t *testing.T) {
	for in, want := range map[string]string{
		"L. B . FOSTER COMPANY":            "L.B. FOSTER COMPANY",
		"Acme Co ., Ltd":                   "Acme Co., Ltd",
		"BURGER  KING  CORPORATION":        "BURGER KING CORPORATION",
		"NETGEAR , INC.":                   "NETGEAR, INC.",
		"J. Walter Thompson":               "J. Walter Thompson",
		"U.S. Bank":                        "U.S. Bank",
		"Stonecrop Pharma-ceuticals, Inc.": "Stonecrop Pharmaceuticals, Inc.",
		"Hewlett-Packard Company":          "Hewlett-Packard Company",
		"ROLLS-ROYCE PLC":                  "ROLLS-ROYCE PLC",
		"Wyvern Data Systems, lnc.":        "Wyvern Data Systems, Inc.",
		"Tamar Valley Foods Corpor ation":  "Tamar Valley Foods Corporation",
		"ACME COMPAN Y":                    "ACME COMPANY",
		"Data Corp":                        "Data Corp",
	} {
		if got := repairSpacing(in); got != want {
			t.Errorf("repairSpacing(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPartyKind(t *testing.T) {
	for _, tc := range []struct {
		name, term, desc string
		want             contract.PartyKind
	}{
		{"Alan Crane", "Consultant", ", an individual", contract.Person},
		{"Alan Crane", "", ", an individual residing at 1 Elm St", contract.Person},
		{"Ingram Micro", "Distributor", "", contract.Organisation},
		{"Ingram Micro", "Consultant", ", a Delaware corporation", contract.Organisation},
		{"Mr. Desmond Achebe", "", "", contract.Person},
		{"Town of Vinton", "Grantor", "", contract.Organisation},
		{"Priya Natarajan", "Employee", "", contract.Person},
		{"Priya Natarajan", "Employee", ` ("Employee") and Tidewater Logistics Group, Inc., a Virginia corporation`, contract.Person},
		{"Tidewater Logistics", "Employer", `, a Virginia corporation ("Employer") and Jo Roe, an individual`, contract.Organisation},
	} {
		if got := partyKind(tc.name, tc.term, tc.desc); got != tc.want {
			t.Errorf("partyKind(%q, %q, %q) = %s, want %s", tc.name, tc.term, tc.desc, got, tc.want)
		}
	}
}

// The company: the filer when it is a party (its CIK as value), else the
// first organisation party; a filer known only by a code is written as
// the text writes it.
func TestCompany(t *testing.T) {
	parties := []contract.Party{
		{Name: "Priya Natarajan", Kind: contract.Person},
		{Name: "Orchid Freight Lines, Inc.", Kind: contract.Organisation},
		{Name: "Larkspur Analytics, Inc.", Kind: contract.Organisation},
	}
	body := "The services of CENTRACK INTERNATIONAL, INC. are described below."
	for _, tc := range []struct {
		name      string
		parties   []contract.Party
		meta      contract.Meta
		want, val string
	}{
		{"the filer is a party, by its code", parties, contract.Meta{CompanyName: "LarkspurAnalyticsInc", CompanyID: "0000098765"}, "Larkspur Analytics, Inc.", "98765"},
		{"the filer is a party, EDGAR's name", parties, contract.Meta{CompanyName: "LARKSPUR ANALYTICS INC /DE/"}, "Larkspur Analytics, Inc.", nameID("Larkspur Analytics Inc")},
		{"the filer is not a party", parties, contract.Meta{CompanyName: "Someone Else Corp", CompanyID: "42"}, "Orchid Freight Lines, Inc.", nameID("Orchid Freight Lines")},
		{"no organisation party: the filer, readable", parties[:1], contract.Meta{CompanyName: "CENTRACKINTERNATIONALINC", CompanyID: "7"}, "CENTRACK INTERNATIONAL, INC.", "7"},
		{"no organisation party, a code with a comma", nil, contract.Meta{CompanyName: "NETGEAR,INC"}, "NETGEAR, INC", nameID("Netgear Inc.")},
	} {
		got := Company(tc.parties, body, tc.meta)
		if got == nil || got.Name != tc.want || got.Value != tc.val {
			t.Errorf("%s: %+v, want %q %q", tc.name, got, tc.want, tc.val)
		}
	}
	if got := readableName("Mrs. Fields' Original Cookies, Inc. sells cookies.", "MRSFIELDSORIGINALCOOKIESINC"); got != "Mrs. Fields' Original Cookies, Inc." {
		t.Errorf("a code as the text writes it: %q", got)
	}
	if got := readableName("The franchisor (Mrs. Fields) sells Original recipes of Cookies.", "MRSFIELDSORIGINALCOOKIESINC"); got != "Mrs Fields Original Cookies Inc" {
		t.Errorf("a code split into the text's words: %q", got)
	}
	for _, tc := range []struct{ text, code, want string }{
		// the text uses none of the code's words: the words organisation
		// names end in split it, the rest is one word
		{"Bank of South Pacific Ltd and Datec PNG Ltd", "ELANDIAINTERNATIONALINC", "Elandia International Inc"},
		{"", "STARTECGLOBALCOMMUNICATIONSCORP", "Startec Global Communications Corp"},
		{"", "FIRSTBANCSHARESINC", "First Bancshares Inc"},
		{"", "GLOBALHOLDINGSINC", "Global Holdings Inc"},
		// no company word ends it, or a letter or two would be left: as is
		{"", "ZYXWVUTSRQ", "ZYXWVUTSRQ"},
		{"", "XYINC", "XYINC"},
	} {
		if got := readableName(tc.text, tc.code); got != tc.want {
			t.Errorf("readableName(%q, %q) = %q, want %q", tc.text, tc.code, got, tc.want)
		}
	}
	if Company(parties[:1], "", contract.Meta{}) != nil {
		t.Error("a person alone is no company")
	}
	if a, b := nameID("Acme Holdings, Inc."), nameID("ACMEHOLDINGSINC"); a != b || len(a) != 12 {
		t.Errorf("nameID: %q %q", a, b)
	}
}

// The pieces of the letter and first-person forms, on the sentences they
// are written for and on what must not pass for them.
func TestLetterAndOpeningForms(t *testing.T) {
	for p, want := range map[string]bool{
		"Dear Ms. Roe:":                        true,
		"Ladies and Gentlemen:":                true,
		"Ladies and Gentlemen: In connection":  true,
		"Gentlemen:":                           true,
		"To Whom It May Concern:":              true,
		"Gentlemen's Agreement on Tariffs":     false,
		"Sirs and Madams of the Board decided": false,
	} {
		if got := isSalutation(p); got != want {
			t.Errorf("isSalutation(%q) = %v, want %v", p, got, want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{`In connection with a possible transaction involving Cascade Hollow Foods, Inc. (together with its subsidiaries, the "Company"), you agree`, "Cascade Hollow Foods, Inc. [organisation, Company]"},
		{`I understand that Lumenfield Systems, Inc. ("Lumenfield") may disclose`, "Lumenfield Systems, Inc. [organisation, Lumenfield]"},
		{`shares of Tribute Pharmaceuticals Inc. (the "Corporation") to investors`, "Tribute Pharmaceuticals Inc. [organisation, Corporation]"},
		{`under the Securities Exchange Act of 1934 (the "Exchange Act")`, ""},
		{`under the Law of the People's Republic of China on Joint Ventures (the "JV Law")`, ""},
		{`ACME CORPORATION ("Acme"), a California corporation ("Seller")`, "ACME CORPORATION [organisation, Acme]"},
		{`the Effective Date") INKTOMI CORPORATION ("Inktomi")`, "INKTOMI CORPORATION [organisation, Inktomi]"},
		{`Jane Roe ("Employee") will join Acme Widgets`, ""},
	} {
		if got := showParties(termedOrganisations(tc.in, 1)); got != tc.want {
			t.Errorf("termedOrganisations(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{`this agreement is entered into as of may 1, 2008 by orchid bay partners, l.p. ("recipient")`, "orchid bay partners"},
		{`this letter is dated this 3rd day of june, 2010 by acme inc.`, "acme inc."},
		{`this agreement is entered into as of the date signed by the parties; it covers`, ""},
		{`this agreement is made by and between acme and beta`, ""},
	} {
		got := ""
		if i := datedMakerStart(tc.in); i >= 0 {
			got = prefix(tc.in[i:], len(tc.want))
		}
		if got != tc.want {
			t.Errorf("datedMakerStart(%q) starts %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct{ in, label, rest string }{
		{"Disclosing Party: Vantor Medical Devices, Inc.", "Disclosing Party", "Vantor Medical Devices, Inc."},
		{"2. Employee: Jo Roe", "Employee", "Jo Roe"},
		{"Acme Holdings Inc.: a Delaware corporation", "", "Acme Holdings Inc.: a Delaware corporation"},
		{"Acme Widgets, Inc. (\"Acme\")", "", "Acme Widgets, Inc. (\"Acme\")"},
		{"the following parties: Acme", "", "the following parties: Acme"},
	} {
		if label, rest := partyLabel(tc.in); label != tc.label || rest != tc.rest {
			t.Errorf("partyLabel(%q) = %q, %q; want %q, %q", tc.in, label, rest, tc.label, tc.rest)
		}
	}
	for in, want := range map[string]string{
		"Birchwood Equity Capital 1 Market Plaza San Francisco": "Birchwood Equity Capital",
		"Carrier 1 AG":                 "Carrier 1 AG",
		"Studio 54 Holdings":           "Studio 54 Holdings",
		"Acme Capital 200 Park Avenue": "Acme Capital",
	} {
		if got := beforeAddress(in); got != want {
			t.Errorf("beforeAddress(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]int{
		`the undersigned employee ("Employee") and`: len("the undersigned employee"),
		`the Executive and Acme`:                    len("the Executive"),
		`the undersigned, Jo Roe`:                   0,
		`the Acme Corporation`:                      0,
	} {
		if got := undersignedRole(in); got != want {
			t.Errorf("undersignedRole(%q) = %d, want %d", in, got, want)
		}
	}
	for in, want := range map[string]int{
		`The undersigned, Jo Roe and Acme`:                len("The undersigned, "),
		`The undersigned parties, Acme Corp. and`:         len("The undersigned parties, "),
		`THE UNDERSIGNED PARTIES HERETO, Acme Corp. and`:  len("THE UNDERSIGNED PARTIES HERETO, "),
		`The undersigned hereby agree to the following`:   0,
		`The undersigned employee ("Employee") agrees to`: 0,
		`The parties, Acme Corp. and Beta`:                0,
	} {
		if got := undersignedOpening(in); got != want {
			t.Errorf("undersignedOpening(%q) = %d, want %d", in, got, want)
		}
	}
}

// A short name the text writes in full elsewhere is given its full form;
// a name given its own term, a person and a longer name not tied to the
// short one are left alone.
func TestExpandShortNames(t *testing.T) {
	body := `Mutual Insurance Corporation of America, a Michigan insurance corporation (MICOA) and Stratton Agency, Inc. agree.
Sagebrush, a California general partnership ("Partnership"). SAGEBRUSH PARTNER ELEVEN, INC., a California corporation.
Northwind Partner Two, Inc., a California corporation, is its partner.
WHEREAS HEMISPHERX is a company ("HEMISPHERX").
HEMISPHERX BIOPHARMA, INC:
By: /s/ T. Equels
KESTREL and Kestrel Ridge Software, Inc. ("Kestrel") agree.`
	for _, tc := range []struct {
		in   contract.Party
		want string
	}{
		{contract.Party{Name: "MICOA", Kind: contract.Organisation}, "Mutual Insurance Corporation of America"},
		{contract.Party{Name: "HEMISPHERX", Term: "HEMISPHERX", Kind: contract.Organisation}, "HEMISPHERX BIOPHARMA, INC"},
		{contract.Party{Name: "Kestrel", Kind: contract.Organisation}, "Kestrel Ridge Software, Inc."},
		{contract.Party{Name: "Sagebrush", Term: "Partnership", Kind: contract.Organisation}, "Sagebrush"},
		{contract.Party{Name: "Northwind", Kind: contract.Organisation}, "Northwind"},
		{contract.Party{Name: "Hemispherx", Kind: contract.Person}, "Hemispherx"},
		{contract.Party{Name: "SMA", Kind: contract.Organisation}, "SMA"},
	} {
		ps := []contract.Party{tc.in}
		expandShortNames(body, ps)
		if ps[0].Name != tc.want {
			t.Errorf("expandShortNames(%q) = %q, want %q", tc.in.Name, ps[0].Name, tc.want)
		}
	}
	for _, tc := range []struct {
		words, acr string
		want       int
	}{
		{"Mutual Insurance Corporation of America, a Michigan", "micoa", 5},
		{"Mutual Insurance Corporation of America, a Michigan", "mica", 5},
		{"Dairy Crest Limited", "dcl", 3},
		{"of America Corp", "oac", 0},
		{"Dairy crest Limited", "dcl", 0},
	} {
		if got := initialsMatch(strings.Fields(tc.words), tc.acr); got != tc.want {
			t.Errorf("initialsMatch(%q, %q) = %d, want %d", tc.words, tc.acr, got, tc.want)
		}
	}
}

// FuzzParties feeds the party readers arbitrary text: no panic, and every
// party named has a kind and no fragment for a name.
func FuzzParties(f *testing.F) {
	for _, s := range []string{
		"This Agreement is made by and between L. B . FOSTER COMPANY , a Pennsylvania corporation (\"Company\") and Jo Roe (\"Executive\").",
		"PARTIES:\n\n1. Acme GmbH (\"Acme\")\n\n2. Jo Roe",
		"Acme Capital, LLC\n\nMay 1, 2020\n\nMs. Jo Roe\n\nDear Ms. Roe:\n\nThis letter …",
		"As a condition of my employment with Acme, Inc., I agree",
		"IN WITNESS WHEREOF ACME INC. By: Name:",
		"by and between [ * * * ] (the \"Provider\"), and",
		"Ladies and Gentlemen: In connection with Acme Foods, Inc. (the \"Company\")",
		"is entered into as of May 1, 2008 by Acme, L.P. (\"Recipient\")",
		"HEMISPHERX agrees. HEMISPHERX BIOPHARMA, INC:\nBy:",
		"Mutual Insurance Corporation of America, a Michigan insurance corporation (MICOA) and MICOA",
		"Dear", "PARTIES", "By:", "employment with ",
		"between Stonecrop Pharma-\nceuticals, lnc. and Tamar Foods Corpor ation (\"Tamar\")", "Party 1: Hobart LLC\n\nParty 2: Kestrel, Inc.",
		"by and between Jo Roe (\"Employee\"). 1. Employee shall … of the Company",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		body, spans := buildBody(s)
		for _, p := range findParties(body, spans, findPreamble(body, spans), nil) {
			if p.Kind == "" || isPartyFragment(p.Name) {
				t.Errorf("party %+v from %q", p, s)
			}
		}
		Company(nil, s, contract.Meta{CompanyName: s})
	})
}

// checkCompanyParties checks a parsed contract's company name ("" for
// none) and its parties as showParties prints them.
func checkCompanyParties(t *testing.T, name string, c *contract.Contract, company, parties string) {
	t.Helper()
	got := ""
	if c.Company != nil {
		got = c.Company.Name
	}
	if got != company {
		t.Errorf("%s: company %q, want %q", name, got, company)
	}
	if ps := showParties(c.Parties); ps != parties {
		t.Errorf("%s: parties\n got %s\nwant %s", name, ps, parties)
	}
}
