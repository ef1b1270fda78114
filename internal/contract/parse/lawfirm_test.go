package parse

import "testing"

func TestFindLawFirm(t *testing.T) {
	for _, tc := range []struct {
		name, body, want, value string
	}{
		{"copy with parenthesis", `If to Buyer: Acme Corp., 1 Main Street, Springfield. with a copy (which shall not constitute notice) to: Perkins Coie LLP 1900 Sixteenth Street, Suite 1400 Denver, Colorado 80202 Attention: Jane Roe`,
			"Perkins Coie LLP", "perkins-coie"},
		{"professional corporation", `With a copy to: Wilson Sonsini Goodrich & Rosati, Professional Corporation 650 Page Mill Road Palo Alto, CA`,
			"Wilson Sonsini Goodrich & Rosati, Professional Corporation", "wilson-sonsini-goodrich-rosati"},
		{"lawyer before the firm", `With a copy to: Robert W. Walter, Esq. Berliner Zisser Walter & Gallegos, P. C. Suite 4700`,
			"Berliner Zisser Walter & Gallegos, P. C.", "berliner-zisser-walter-gallegos"},
		{"dotted form", `(with a copy to Silver, Freedman & Taff, L.L.P., Attention: Martin L. Meyrowitz, P.C.)`,
			"Silver, Freedman & Taff, L.L.P.", "silver-freedman-taff"},
		{"partners' names and an address", `with a copy to: Wachtell, Lipton, Rosen & Katz 51 W. 52nd Street New York, NY 10019`,
			"Wachtell, Lipton, Rosen & Katz", "wachtell-lipton-rosen-katz"},
		{"attorneys at law", `With a copy to: Rashti and Mitchell Attorneys at Law Attn: Timothy T. Mitchell 4422 Ridgeside Drive`,
			"Rashti and Mitchell Attorneys at Law", "rashti-and-mitchell"},
		{"counsel named before the cue", `The Agent shall have received the opinion of Debevoise & Plimpton LLP, counsel for the Agent, dated the Closing Date.`,
			"Debevoise & Plimpton LLP", "debevoise-plimpton"},
		{"counsel named after the cue", `Counsel for the Company: Smith Jones LLP, 10 High Street.`,
			"Smith Jones LLP", "smith-jones"},
		{"country tag", `with a copy (which shall not constitute notice) to: DLA Piper LLP (US) 2000 University Avenue`,
			"DLA Piper LLP (US)", "dla-piper"},
		// What is not a law firm.
		{"company copy", `With a copy to: Pfizer Inc. 235 East 42 Street New York, New York 10017 Attn: General Counsel`, "", ""},
		{"legal department", `A copy of each notice to Integrity will be sent to Business & Legal Affairs, Integrity Incorporated, 1000 Cody Road`, "", ""},
		{"auditor", `Deloitte & Touche LLP, which has audited the financial statements of the Company, is independent.`, "", ""},
		{"copy of a document", `Vendor shall provide a copy of the shipping documents to the responsible AT&T employee.`, "", ""},
		{"an LLP far from any cue", `The Company may engage Smith Jones LLP as it sees fit.`, "", ""},
		{"PLC without partners", `with a copy to: Galen Holdings PLC Att. Chief Executive Officer 100 Enterprise Drive`, "", ""},
		{"building after partners", `with a copy to Twentieth Century Fox Licensing & Merchandising P.O. Box 900 Beverly Hills`, "", ""},
	} {
		got := findLawFirm(tc.body)
		switch {
		case tc.want == "" && got != nil:
			t.Errorf("%s: found %+v, want none", tc.name, got)
		case tc.want != "" && (got == nil || got.Name != tc.want || got.Value != tc.value):
			t.Errorf("%s: found %+v, want %q (%s)", tc.name, got, tc.want, tc.value)
		}
	}
}

func FuzzFindLawFirm(f *testing.F) {
	for _, s := range []string{
		"with a copy (which shall not constitute notice) to: Perkins Coie LLP 1900 Sixteenth Street",
		"copy to: Wachtell, Lipton, Rosen & Katz 51 W. 52nd Street",
		"Counsel for the Company: Smith LLP", "copy to & 1", "counsel to P. C.", "cc: L.L.P.",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if a := findLawFirm(s); a != nil && (a.Name == "" || a.Value == "") {
			t.Fatalf("findLawFirm(%q) = %+v", s, a)
		}
	})
}
