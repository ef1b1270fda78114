package jurisdiction

import "testing"

func TestLookup(t *testing.T) {
	for _, tc := range []struct{ in, value, name, country string }{
		{"New York", "new-york-us", "New York", "us"},
		{"the State of New York", "new-york-us", "New York", "us"},
		{"the Commonwealth of Massachusetts", "massachusetts-us", "Massachusetts", "us"},
		{"Ontario, Canada", "ontario-ca", "Ontario", "ca"},
		{"the Province of British Columbia", "british-columbia-ca", "British Columbia", "ca"},
		{"England and Wales", "england-gb", "England and Wales", "gb"},
		{"England", "england-gb", "England and Wales", "gb"},
		{"Scotland", "scotland-gb", "Scotland", "gb"},
		{"People's Republic of China", "peoples-republic-of-china-cn", "People's Republic of China", "cn"},
		{"the People’s Republic of China", "peoples-republic-of-china-cn", "People's Republic of China", "cn"},
		{"the PRC", "peoples-republic-of-china-cn", "People's Republic of China", "cn"},
		{"Hong Kong SAR", "hong-kong-hk", "Hong Kong", "hk"},
		{"the R.O.C.", "taiwan-tw", "Taiwan", "tw"},
		{"Federal Republic of Germany", "germany-de", "Germany", "de"},
		{"the Netherlands", "netherlands-nl", "Netherlands", "nl"},
		{"Israel", "israel-il", "Israel", "il"},
		{"Victoria, Australia", "victoria-au", "Victoria", "au"},
		{"the District of Columbia", "district-of-columbia-us", "District of Columbia", "us"},
		{"Washington, D.C.", "district-of-columbia-us", "District of Columbia", "us"},
		{"West Virginia", "west-virginia-us", "West Virginia", "us"},
		{"Virginia", "virginia-us", "Virginia", "us"},
		{"Arkansas", "arkansas-us", "Arkansas", "us"},
		{"Kansas", "kansas-us", "Kansas", "us"},
		{"Papua New Guinea", "papua-new-guinea-pg", "Papua New Guinea", "pg"},
		{"Georgia", "georgia-us", "Georgia", "us"},
		{"Republic of Georgia", "republic-of-georgia-ge", "Republic of Georgia", "ge"},
		{"Côte d'Ivoire", "cote-divoire-ci", "Côte d'Ivoire", "ci"},
		{"Québec", "quebec-ca", "Quebec", "ca"},
		{"the United States of America", "united-states-us", "United States", "us"},
		{"the U.S.A.", "united-states-us", "United States", "us"},
		{"the laws of the United States and the State of Delaware", "delaware-us", "Delaware", "us"},
		{"England & Wales", "england-gb", "England and Wales", "gb"},
	} {
		p, ok := Lookup(tc.in)
		if !ok || p.Value != tc.value || p.Name != tc.name || p.Country != tc.country {
			t.Errorf("Lookup(%q) = %+v, %v; want %s %q %s", tc.in, p, ok, tc.value, tc.name, tc.country)
		}
	}
	for _, in := range []string{"", "the State in which the franchised restaurant is located", "[* * *]", "Texasville"} {
		if p, ok := Lookup(in); ok {
			t.Errorf("Lookup(%q) = %+v, want none", in, p)
		}
	}
}

func TestCountryAttr(t *testing.T) {
	p, _ := Lookup("People's Republic of China")
	if a := p.CountryAttr(); a.Name != "China" || a.Value != "cn" {
		t.Errorf("country of PRC = %+v", a)
	}
	p, _ = Lookup("New York")
	if a := p.CountryAttr(); a.Name != "United States" || a.Value != "us" {
		t.Errorf("country of New York = %+v", a)
	}
	if a := p.Attr(); a.Name != "New York" || a.Value != "new-york-us" {
		t.Errorf("attr = %+v", a)
	}
	if q, ok := ByValue("ontario-ca"); !ok || q.Name != "Ontario" || q.CountryName != "Canada" {
		t.Errorf("ByValue(ontario-ca) = %+v %v", q, ok)
	}
}

func TestEndingAt(t *testing.T) {
	for _, tc := range []struct {
		text, value string
		adjective   bool
	}{
		{"governed by New York law", "new-york-us", false},
		{"construed in accordance with English law", "england-gb", true},
		{"subject to Swiss law", "switzerland-ch", true},
		{"governed by Delaware law", "delaware-us", false},
		{"governed by PRC law", "peoples-republic-of-china-cn", false},
	} {
		end := len(tc.text) - len(" law")
		m, ok := EndingAt(tc.text, end)
		if !ok || m.Place.Value != tc.value || m.Adjective != tc.adjective {
			t.Errorf("EndingAt(%q) = %+v %v, want %s adjective=%v", tc.text, m, ok, tc.value, tc.adjective)
		}
	}
	if m, ok := EndingAt("governed by applicable law", len("governed by applicable")); ok {
		t.Errorf("EndingAt found %+v in no place", m)
	}
}

func TestFindAllOffsets(t *testing.T) {
	text := "laws of the State of New York and of Ontario"
	ms := FindAll(text)
	if len(ms) != 2 {
		t.Fatalf("FindAll = %+v", ms)
	}
	if got := text[ms[0].Start:ms[0].End]; got != "State of New York" {
		t.Errorf("first match covers %q", got)
	}
	if got := text[ms[1].Start:ms[1].End]; got != "Ontario" {
		t.Errorf("second match covers %q", got)
	}
}

func FuzzFindAll(f *testing.F) {
	for _, s := range []string{"laws of the State of New York", "People’s Republic", "&&&", "d.c.", "Côte d'Ivoire", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		last := 0
		for _, m := range FindAll(s) {
			if m.Start < last || m.End <= m.Start || m.End > len(s) {
				t.Fatalf("bad match %+v in %q", m, s)
			}
			last = m.End
			if m.Place.Value == "" || m.Place.Country == "" {
				t.Fatalf("incomplete place %+v", m.Place)
			}
		}
	})
}
