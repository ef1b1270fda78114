package main

import (
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract/parse"
)

// The comparisons the report makes, pinned so docs/ingest.md describes
// what runs.
func TestNormTitle(t *testing.T) {
	for in, want := range map[string]string{
		"SPONSORSHIP  AGREEMENT":                     "sponsorship agreement",
		"CO-BRANDING AGREEMENT (“":                   "co branding agreement",
		"AGENTS’ CERTIFICATE":                        "agents certificate",
		"Amendment #3 to the Manufacturing Agreemen": "amendment 3 to the manufacturing agreemen",
	} {
		if got := parse.NormTitle(in); got != want {
			t.Errorf("parse.NormTitle(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCompanyComparison(t *testing.T) {
	for _, tc := range []struct {
		label, got  string
		equal, typo bool
	}{
		{"Birch First Global Investments Inc.", "BIRCH FIRST GLOBAL INVESTMENTS INC.", true, false},
		{"CONVERGTV, INC.", "CONVERGTV, INC.", true, false},
		{"Sekisui Diagnostics, LLC and its Affiliates", "Sekisui Diagnostics, LLC", true, false},
		{"NATIONAL FOOTBALL MUSEUM, INC. d/b/a Pro Football Hall of Fame", "NATIONAL FOOTBALL MUSEUM, INC.", true, false},
		{"Mount Kowledge Holdings Inc.", "Mount Knowledge Holdings Inc.", false, true},
		{"Pifzer Inc.", "Pfizer Inc.", false, true},
		{"Golfers Incorporated", "ANDY NORTH", false, false},
		{"ExxonMobil Research and Engineering Company", "ExxonMobil Research", false, false},
	} {
		a, b := normCompany(tc.label), normCompany(tc.got)
		if (a == b) != tc.equal || !tc.equal && typoMatch(a, b) != tc.typo {
			t.Errorf("%q vs %q: normalised %q %q", tc.label, tc.got, a, b)
		}
	}
}

func TestFirstParty(t *testing.T) {
	for in, want := range map[string]string{
		`Birch First Global Investments Inc. ("Company"); Mount Kowledge Holdings Inc. ("Marketing Affiliate", "MA")`: "Birch First Global Investments Inc.",
		`Excite, Inc."Excite"; CyberShop`:                                           "Excite, Inc.",
		`Geno Auriemma (Auriemma); Berkshire Bank`:                                  "Geno Auriemma",
		`deltathree.com, Inc. (formerly known as Delta Three, Inc.) ("DeltaThree")`: "deltathree.com, Inc. (formerly known as Delta Three, Inc.)",
	} {
		if got := firstParty(in); got != want {
			t.Errorf("firstParty(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLawValues(t *testing.T) {
	for in, want := range map[string]string{
		"Ontario, Canada":    "ontario-ca",
		"England; Wales":     "england-gb england-gb",
		"Illinois; New York": "illinois-us new-york-us",
		"Virginia, Texas":    "virginia-us texas-us",
		"[* * *]":            "",
		"People's Republic of China; United Nations Convention on Contract for the International Sale of Goods": "peoples-republic-of-china-cn",
	} {
		if got := strings.Join(lawValues(in), " "); got != want {
			t.Errorf("lawValues(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFindLawHeading(t *testing.T) {
	for in, want := range map[string]bool{
		"12. Governing Law. This Agreement shall be governed":         true,
		"rights hereunder. 9.9 GOVERNING LAW This Agreement shall":    true,
		"\nGoverning Law\nThis Agreement is governed by Ohio law.":    true,
		"\nGOVERNING LAW AND ARBITRATION\nThis Agreement":             false,
		"10. Entire Agreement; Governing Law This Agreement contains": false,
		"Dispute Resolution: Governing Law. In the event":             false,
		"the governing law of this Agreement is Ohio law":             false,
	} {
		if got := findLawHeading([]byte(in)) != ""; got != want {
			t.Errorf("findLawHeading(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestLabelledParties(t *testing.T) {
	got := labelledParties(`(Dragon Systems, Inc. ("Dragon"); MODUS MEDIA INTERNATIONAL ("MMI");  ; Glu Mobile, Inc. f/k/a Sorrent, Inc.`)
	want := []string{"Dragon Systems, Inc.", "MODUS MEDIA INTERNATIONAL", "Glu Mobile, Inc. f/k/a Sorrent, Inc."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("labelledParties = %q, want %q", got, want)
	}
	for _, tc := range []struct {
		got            string
		ok, strict, ty bool
	}{
		{"Modus Media International", true, true, false},
		{"Glu Mobile, Inc.", true, false, false},
		{"Dragon Sytsems Inc", true, false, true},
		{"Microsoft", false, false, false},
		{"", false, false, false},
	} {
		ok, strict, ty := matchParty(tc.got, want)
		if ok != tc.ok || strict != tc.strict || ty != tc.ty {
			t.Errorf("matchParty(%q) = %v %v %v, want %v %v %v", tc.got, ok, strict, ty, tc.ok, tc.strict, tc.ty)
		}
	}
}
