package category

import (
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract"
)

func TestClassify(t *testing.T) {
	for _, tc := range []struct{ title, want string }{
		// CUAD's 25 types
		{"MARKETING AFFILIATE AGREEMENT", "affiliate-agreement"},
		{"AGENCY AGREEMENT", "agency-agreement"},
		{"Cooperation Agreement", "collaboration-agreement"},
		{"PRODUCT DEVELOPMENT AND CO-BRANDING AGREEMENT", "co-branding-agreement"},
		{"CONSULTING AGREEMENT", "consulting-agreement"},
		{"JOINT DEVELOPMENT AGREEMENT", "development-agreement"},
		{"Distributorship agreement", "distributor-agreement"},
		{"COLLABORATION & ENDORSEMENT AGREEMENT", "endorsement-agreement"},
		{"MASTER FRANCHISE AGREEMENT", "franchise-agreement"},
		{"SERVICES AND HOSTING AGREEMENT", "hosting-agreement"},
		{"INTELLECTUAL PROPERTY AGREEMENT", "intellectual-property-agreement"},
		{"JOINT VENTURE CONTRACT", "joint-venture-agreement"},
		{"VIDEO-ON-DEMAND CONTENT LICENSE AGREEMENT", "license-agreement"},
		{"SOFTWARE LICENSE AND MAINTENANCE AGREEMENT", "maintenance-agreement"},
		{"AMENDMENT NO. 2 TO MANUFACTURING AND SUPPLY AGREEMENT", "manufacturing-agreement"},
		{"JOINT SUPPLY AND MARKETING AGREEMENT", "marketing-agreement"},
		{"NON-COMPETITION AND NON-SOLICITATION AGREEMENT", "non-compete-agreement"},
		{"Outsourcing Contract on Development of a Resort Hotel", "outsourcing-agreement"},
		{"CO-PROMOTION AGREEMENT", "promotion-agreement"},
		{"LICENSE AND RESELLER AGREEMENT", "reseller-agreement"},
		{"TRANSITION SERVICES AGREEMENT", "service-agreement"},
		{"EVENT SPONSORSHIP AGREEMENT", "sponsorship-agreement"},
		{"STRATEGIC ALLIANCE AGREEMENT", "strategic-alliance-agreement"},
		{"Sales, Marketing, Distribution, and Supply Agreement", "distributor-agreement"},
		{"MASTER SUPPLY AGREEMENT", "supply-agreement"},
		{"MARINE TRANSPORTATION AGREEMENT", "transportation-agreement"},
		// beyond CUAD
		{"EXECUTIVE EMPLOYMENT AGREEMENT", "employment-agreement"},
		{"AMENDED AND RESTATED CREDIT AGREEMENT", "credit-agreement"},
		{"OFFICE LEASE", "lease-agreement"},
		{"AGREEMENT AND PLAN OF MERGER", "merger-agreement"},
		{"MUTUAL NON-DISCLOSURE AGREEMENT", "non-disclosure-agreement"},
		{"STOCK PURCHASE AGREEMENT", "purchase-agreement"},
		{"INDEMNIFICATION AGREEMENT", "indemnification-agreement"},
		{"UNDERWRITING AGREEMENT", "underwriting-agreement"},
		{"JOINT FILING AGREEMENT", "joint-filing-agreement"},
		{"GUARANTEES OF MASTER FRANCHISE AGREEMENT", "franchise-agreement"},
		{"REGISTRATION RIGHTS AGREEMENT", "registration-rights-agreement"},
		{"ESCROW AGREEMENT", "escrow-agreement"},
	} {
		a, ok := Classify(tc.title)
		if !ok || a.Value != tc.want {
			t.Errorf("Classify(%q) = %+v, want %s", tc.title, a, tc.want)
		}
	}
	for _, title := range []string{"", "AMENDMENT NO. 1", "AGREEMENT", "Exhibit 10.1"} {
		if a, ok := Classify(title); ok {
			t.Errorf("Classify(%q) = %+v, want none", title, a)
		}
	}
}

// TestTaxonomy checks the taxonomy's shape: CUAD's 25 types and at least
// the other types the issue lists, slugs that are lower-case hyphenated,
// and no keyword claimed by two types.
func TestTaxonomy(t *testing.T) {
	names := Names()
	if len(names) < 33 {
		t.Errorf("%d types; want CUAD's 25 and the others", len(names))
	}
	seen := make(map[string]string)
	for _, k := range taxonomy {
		slug := contract.Slug(k.name)
		if slug != strings.ToLower(slug) || strings.Contains(slug, " ") {
			t.Errorf("slug %q", slug)
		}
		for _, kw := range k.keywords {
			if prev, dup := seen[kw]; dup {
				t.Errorf("keyword %q in %s and %s", kw, prev, k.name)
			}
			seen[kw] = k.name
			if kw != strings.ToLower(kw) || strings.Contains(kw, "-") {
				t.Errorf("keyword %q must be lower case with spaces for hyphens", kw)
			}
		}
	}
}

func FuzzClassify(f *testing.F) {
	for _, s := range []string{"CO-BRANDING AGREEMENT", "", "agreement agreement", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if a, ok := Classify(s); ok && (a.Value == "" || a.Name == "") {
			t.Fatalf("Classify(%q) = %+v", s, a)
		}
	})
}
