package sic

import "testing"

func TestLookup(t *testing.T) {
	for _, tc := range []struct {
		code, group, division, value string
		ok                           bool
	}{
		{"7372", "Business Services", "Services", "business-services", true},
		{"SERVICES-PREPACKAGED SOFTWARE [7372]", "Business Services", "Services", "business-services", true},
		{"2834", "Chemicals and Allied Products", "Manufacturing", "chemicals-and-allied-products", true},
		{"100", "Agricultural Production - Crops", "Agriculture, Forestry and Fishing", "agricultural-production-crops", true},
		{"0100", "Agricultural Production - Crops", "Agriculture, Forestry and Fishing", "agricultural-production-crops", true},
		{"6770", "Holding and Other Investment Offices", "Finance, Insurance and Real Estate", "holding-and-other-investment-offices", true},
		{"8880", "Private Households", "Services", "private-households", true},
		{"9995", "Nonclassifiable Establishments", "Nonclassifiable Establishments", "nonclassifiable-establishments", true},
		// A major group the classification leaves out of its division
		// falls back to the division.
		{"8500", "Services", "Services", "services", true},
		// Major groups no division holds, and what is not a code.
		{"1900", "", "", "", false},
		{"6800", "", "", "", false},
		{"9000", "", "", "", false},
		{"0", "", "", "", false},
		{"", "", "", "", false},
		{"73720", "", "", "", false},
		{"73a2", "", "", "", false},
		{"-7372", "", "", "", false},
		{"SERVICES-PREPACKAGED SOFTWARE", "", "", "", false},
	} {
		got, ok := Lookup(tc.code)
		if ok != tc.ok || got.Group != tc.group || got.Division != tc.division {
			t.Errorf("Lookup(%q) = %+v, %v; want group %q, division %q, %v", tc.code, got, ok, tc.group, tc.division, tc.ok)
			continue
		}
		if ok && got.Attr().Value != tc.value {
			t.Errorf("Lookup(%q).Attr().Value = %q, want %q", tc.code, got.Attr().Value, tc.value)
		}
	}
}

// Every major group the table names lies in a division, and the
// divisions are in order without overlap.
func TestTable(t *testing.T) {
	for i, d := range divisions {
		if d.first > d.last || i > 0 && d.first <= divisions[i-1].last {
			t.Errorf("division %q [%d, %d] is out of order", d.name, d.first, d.last)
		}
	}
	for g, name := range majorGroups {
		if name == "" {
			continue
		}
		ind, ok := Lookup(pad4(g * 100))
		if !ok || ind.Group != name {
			t.Errorf("major group %02d %q: Lookup gives %+v, %v", g, name, ind, ok)
		}
	}
}

func FuzzLookup(f *testing.F) {
	for _, s := range []string{"7372", "SERVICES-PREPACKAGED SOFTWARE [7372]", "100", "", "9999", "[", "]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ind, ok := Lookup(s)
		if ok && (len(ind.Code) != 4 || ind.Group == "" || ind.Division == "") {
			t.Fatalf("Lookup(%q) = %+v", s, ind)
		}
	})
}
