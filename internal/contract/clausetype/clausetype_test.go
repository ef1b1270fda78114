package clausetype

import (
	"slices"
	"strings"
	"testing"
)

func TestOfHeading(t *testing.T) {
	tests := []struct {
		heading, want string // want "" means unknown
	}{
		{"Governing Law", "governing-law"},
		{"governing law", "governing-law"},
		{"GOVERNING LAWS.", "governing-law"},
		{"12. Choice of Law", "governing-law"},
		{"Section 5.2 Applicable Law:", "governing-law"},
		{"ARTICLE XII — GOVERNING LAW", "governing-law"},
		{"(b) The Governing Law", "governing-law"},
		{"governing-law", "governing-law"},
		{"Governing Law and Jurisdiction", "governing-law"},
		{"Non-Compete", "non-compete"},
		{"Non-Competition", "non-compete"},
		{"NONCOMPETITION", "non-compete"},
		{"Covenant Not to Compete", "non-compete"},
		{"Restrictive Covenants", "non-compete"},
		{"Anti-Assignment", "anti-assignment"},
		{"Assignment", "anti-assignment"},
		{"Assignment & Delegation", "anti-assignment"},
		{"No Assignment", "anti-assignment"},
		{"Change of Control", "change-of-control"},
		{"Change in Control", "change-of-control"},
		{"Audit Rights", "audit-rights"},
		{"Records and Audits", "audit-rights"},
		{"Books and Records", "audit-rights"},
		{"Inspection", "audit-rights"},
		{"Representations & Warranties", "representations-and-warranties"},
		{"Term", "term"},
		{"Termination", "termination"},
		{"Notices", "notices"},
		{"Taxes", "taxes"},
		{"Attorneys' Fees", "expenses"},
		{"Successors and Assigns", "successors-and-assigns"},
		{"Relationship of the Parties", "relationship-of-parties"},
		{"Rofr/Rofo/Rofn", "rofr-rofo-rofn"},
		{"Right of First Refusal", "rofr-rofo-rofn"},
		{"Unlimited/All-You-Can-Eat-License", "unlimited-all-you-can-eat-license"},
		// not clause types
		{"Assignment of Inventions", "ip-ownership-assignment"},
		{"Terms of Payment", "payment"},
		{"Term Sheet", ""},
		{"Governing Law and Notices", ""},
		{"Termination for Change of Control of Licensee", ""},
		{"Products", ""},
		{"", ""},
		{"12.", ""},
		{"Section 5", ""},
	}
	for _, tt := range tests {
		got, ok := OfHeading(tt.heading)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("OfHeading(%q) = %q, %v; want %q", tt.heading, got, ok, tt.want)
		}
	}
}

// CUAD v1's category names, the columns of master_clauses.csv: each must
// name its type, so the evaluation can compare types with the labels.
var cuadCategories = []string{
	"Document Name", "Parties", "Agreement Date", "Effective Date", "Expiration Date", "Renewal Term",
	"Notice Period To Terminate Renewal", "Governing Law", "Most Favored Nation", "Competitive Restriction Exception",
	"Non-Compete", "Exclusivity", "No-Solicit Of Customers", "No-Solicit Of Employees", "Non-Disparagement",
	"Termination For Convenience", "Rofr/Rofo/Rofn", "Change Of Control", "Anti-Assignment", "Revenue/Profit Sharing",
	"Price Restrictions", "Minimum Commitment", "Volume Restriction", "Ip Ownership Assignment", "Joint Ip Ownership",
	"License Grant", "Non-Transferable License", "Affiliate License-Licensor", "Affiliate License-Licensee",
	"Unlimited/All-You-Can-Eat-License", "Irrevocable Or Perpetual License", "Source Code Escrow",
	"Post-Termination Services", "Audit Rights", "Uncapped Liability", "Cap On Liability", "Liquidated Damages",
	"Warranty Duration", "Insurance", "Covenant Not To Sue", "Third Party Beneficiary",
}

func TestCUADCategories(t *testing.T) {
	cuad := map[string]string{}
	for _, ty := range Types() {
		if ty.CUAD {
			cuad[ty.Name] = ty.Slug
		}
	}
	if len(cuad) != len(cuadCategories) {
		t.Errorf("%d CUAD types, want %d", len(cuad), len(cuadCategories))
	}
	for _, name := range cuadCategories {
		slug, ok := OfHeading(name)
		if !ok || slug != cuad[name] {
			t.Errorf("OfHeading(%q) = %q, %v; want %q", name, slug, ok, cuad[name])
		}
	}
}

// TestTaxonomy checks that slugs are well formed and distinct, that each
// type's own name and slug name it, and that no heading names two types.
func TestTaxonomy(t *testing.T) {
	owner := map[string]string{}
	for _, ty := range Types() {
		if ty.Slug != strings.ToLower(ty.Slug) || strings.ContainsAny(ty.Slug, " _/") || ty.Name == "" {
			t.Errorf("malformed type %+v", ty)
		}
		for _, h := range append([]string{ty.Slug, ty.Name}, ty.Headings...) {
			k := normalize(h)
			if k == "" {
				t.Errorf("%s: heading %q normalises to nothing", ty.Slug, h)
			}
			if o, ok := owner[k]; ok && o != ty.Slug {
				t.Errorf("heading %q (%q) names %s and %s", h, k, o, ty.Slug)
			}
			owner[k] = ty.Slug
			if got, _ := OfHeading(h); got != ty.Slug {
				t.Errorf("OfHeading(%q) = %q, want %q", h, got, ty.Slug)
			}
		}
	}
}

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"12.1 Non-Competition Covenants.": "noncompetition covenant",
		"ARTICLE V TERM":                  "term",
		"Section 12 Taxes":                "tax",
		"The Parties' Warranties":         "party warranty",
		"(iv) Miscellaneous":              "miscellaneous",
		"Sections":                        "section",
		"Books & Records":                 "book and record",
	} {
		if got := normalize(in); got != want {
			t.Errorf("normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

// classifyTests are the examples of TestClassify; the prefilter tests
// also read their sentences.
var classifyTests = []struct {
	name, heading, text string
	want                []string
}{
	{"heading alone", "Governing Law", "", []string{"governing-law"}},
	{"joined heading", "Governing Law; Notices", "", []string{"governing-law", "notices"}},
	{"term and termination", "Term and Termination", "", []string{"term", "termination"}},
	{"joined heading with an unknown part", "Transfer and Assignment of IP Assets", "", nil},
	{"a part that is only numbering", "Article - 14 Non-Competition and Exclusive Rights", "", []string{"exclusivity", "non-compete"}},
	{"a distinctive name among other words", "Non-Compete Period", "", []string{"non-compete"}},
	{"a distinctive name with a qualifier", "Termination for Change of Control of the Licensee", "", []string{"change-of-control"}},
	{"joined parts before a distinctive name", "Assignment and Change of Control", "", []string{"anti-assignment", "change-of-control"}},
	{"two distinctive names", "Non-Compete on Change of Control", "", nil},
	{"competition is not distinctive", "Competition Law Compliance", "", nil},
	{"unknown heading, no rule", "Products", "Supplier shall deliver the Products.", nil},
	// A heading of third-party beneficiaries is the type only when its
	// text makes a non-party one; otherwise it is the boilerplate denying
	// any.
	{"beneficiaries denied", "Third Party Beneficiaries", "Nothing in this Agreement shall confer any rights upon any person other than the parties hereto.", []string{"no-third-party-beneficiaries"}},
	{"beneficiaries named", "Third Party Beneficiaries", "The Indemnified Parties are intended third party beneficiaries of Section 9.", []string{"third-party-beneficiary"}},
	{"no beneficiaries heading", "No Third Party Beneficiaries", "", []string{"no-third-party-beneficiaries"}},
	{"beneficiary by text alone", "Miscellaneous", "Licensor's Affiliates shall be third party beneficiaries of this Section.", []string{"miscellaneous", "third-party-beneficiary"}},
	{
		"miscellaneous holding law and assignment", "Miscellaneous",
		"This Agreement shall be governed by and construed in accordance with the laws of the State of Delaware. " +
			"Neither party may assign this Agreement without the prior written consent of the other party.",
		[]string{"anti-assignment", "governing-law", "miscellaneous"},
	},
	{"construed under the laws", "General", "This Agreement will be construed under the laws of Ontario.", []string{"governing-law", "miscellaneous"}},
	{"not a choice of law", "Compliance", "Each party shall comply with all applicable laws.", []string{"compliance-with-laws"}},
	{"not assignable", "Other", "This Agreement is not assignable by Consultant.", []string{"anti-assignment"}},
	{"an assignment of inventions is not anti-assignment", "Assignment of Inventions",
		"Consultant hereby assigns to Company all right, title and interest in the Inventions.", []string{"ip-ownership-assignment"}},
	{"change of control", "Termination", "Either party may terminate this Agreement upon a Change of Control of the other party.",
		[]string{"change-of-control", "termination"}},
	{"acquisition of voting securities", "Other", "if any person acquires more than fifty percent of the outstanding voting securities of Licensee", []string{"change-of-control"}},
	{"audit of books", "Records", "Licensor shall have the right, upon reasonable notice, to audit the books and records of Licensee.", []string{"audit-rights"}},
	{"inspection of products is not an audit", "Acceptance", "Distributor will promptly inspect the Products upon receipt.", nil},
	{"non-compete", "Exclusivity", "During the Term, Distributor shall not, directly or indirectly, sell any products that compete with the Products.",
		[]string{"exclusivity", "non-compete"}},
	{"competent is not compete", "Disputes", "The courts of competent jurisdiction shall not be limited.", []string{"dispute-resolution"}},
}

func TestClassify(t *testing.T) {
	tests := classifyTests
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Classify(tt.heading, tt.text); !slices.Equal(got, tt.want) {
				t.Errorf("Classify(%q, %q) = %q, want %q", tt.heading, tt.text, got, tt.want)
			}
		})
	}
}

func FuzzClassify(f *testing.F) {
	f.Add("Governing Law", "This Agreement shall be governed by the laws of New York.")
	f.Add("12. ASSIGNMENT & DELEGATION", "Neither party may assign this Agreement without consent.")
	f.Add("Rofr/Rofo/Rofn", "")
	f.Add("Section 5.2", "(a) change in control")
	f.Add("Term AND Termination", "")
	f.Add(" Section 5.2 Term", "")
	f.Add("iv. Term", "")
	f.Add("(a) Term", "")
	f.Add("§ 3 Term", "")
	f.Add("Sec. 3 Term", "")
	f.Add("Rights Or Remedies – Other", "")
	known := map[string]bool{}
	for _, ty := range Types() {
		known[ty.Slug] = true
	}
	f.Fuzz(func(t *testing.T, heading, text string) {
		got := Classify(heading, text)
		if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
			t.Errorf("Classify(%q, %q) = %q: not sorted and distinct", heading, text, got)
		}
		for _, s := range got {
			if !known[s] {
				t.Errorf("Classify(%q, %q) gives %q, not a type", heading, text, s)
			}
		}
		if h := strings.ToLower(heading); !mayNumber(h) && numbering.MatchString(h) && numbering.FindStringIndex(h)[1] > 0 {
			t.Errorf("mayNumber(%q) = false, but numbering matches it", h)
		}
		if !mayJoin(heading) && len(headingParts.Split(heading, -1)) > 1 {
			t.Errorf("mayJoin(%q) = false, but headingParts splits it", heading)
		}
		if s, ok := OfHeading(heading); ok && !known[s] {
			t.Errorf("OfHeading(%q) = %q, not a type", heading, s)
		}
	})
}

// normText's ASCII path gives what the general path gives.
func TestNormText(t *testing.T) {
	for _, in := range []string{"", "  A  b\n\nC\t", "Governed BY the\r\nLaws", "Café  Noir", "x"} {
		want := strings.Join(strings.Fields(strings.ToLower(in)), " ")
		if got := normText(in); got != want {
			t.Errorf("normText(%q) = %q, want %q", in, got, want)
		}
	}
}

// A period inside a section number, a name or an abbreviation does not
// end the sentence, so a rule's cue and its pattern on either side of it
// still meet (sentence.EndsAt); a real sentence end still parts them.
func TestTextTypesReadAcrossNumberPeriods(t *testing.T) {
	for _, tc := range []struct {
		slug, text string
		want       bool
	}{
		{"non-compete", "Licensee shall not, directly or indirectly, sell in the U.S. any product that competes with the Licensed Product.", true},
		{"non-compete", "Licensee shall not sell the Products outside the Territory. Competing products may be sold by Acme in the U.S. under Section 2.3 hereof.", false},
		{"anti-assignment", "Neither party may assign this Agreement to any person, other than as provided in Section 11.2(b), without the prior written consent of the other party.", true},
		{"anti-assignment", "Neither party may assign this Agreement to any person other than as provided in Section 11. Each party shall obtain the prior written consent of its lenders.", false},
		{"non-compete", "Neither Licensee nor Acme Holdings Inc. shall sell any product that competes with the Licensed Product.", true},
		{"non-compete", "Neither party shall be liable to Acme Holdings. Products that compete with the Licensed Product may be sold.", false},
	} {
		got := slices.Contains(textTypes(tc.text), tc.slug)
		if got != tc.want {
			t.Errorf("%s in %q: %v, want %v (types %q)", tc.slug, tc.text, got, tc.want, textTypes(tc.text))
		}
		if ref := refTextTypes(tc.text); !slices.Equal(ref, textTypes(tc.text)) {
			t.Errorf("textTypes(%q) = %q, reference %q", tc.text, textTypes(tc.text), ref)
		}
	}
}

func TestBoilerplate(t *testing.T) {
	for _, tc := range []struct {
		slug string
		want bool
	}{
		{"payment", true},
		{"notices", true},
		{"limitation-of-liability", true},
		{"governing-law", false},
		{"cap-on-liability", false},
		{"non-compete", false},
		{"no-such-type", false},
	} {
		if got := Boilerplate(tc.slug); got != tc.want {
			t.Errorf("Boilerplate(%q) = %v, want %v", tc.slug, got, tc.want)
		}
	}
}

func TestName(t *testing.T) {
	for _, tc := range []struct{ slug, want string }{
		{"non-compete", "Non-Compete"},
		{"change-of-control", "Change Of Control"},
		{"governing-law", "Governing Law"},
		{"notices", "Notices"},
		{"no-such-type", ""},
	} {
		if got := Name(tc.slug); got != tc.want {
			t.Errorf("Name(%q) = %q, want %q", tc.slug, got, tc.want)
		}
	}
}
