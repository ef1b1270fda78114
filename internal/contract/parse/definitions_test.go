package parse

import (
	"strings"
	"testing"
)

// Every definition form: the verbs, straight and curly quotes, chains of
// terms, definitions sections and inline definitions.
func TestFindDefinitions(t *testing.T) {
	for _, tc := range []struct {
		body  string
		terms []string // in order
		text  string   // the first definition's text, when checked
	}{
		{`"Affiliate" means any entity that controls a Party.`, []string{"Affiliate"}, `"Affiliate" means any entity that controls a Party.`},
		{`“Territory” shall mean the United States.`, []string{"Territory"}, ""},
		{`"Confidential Information" has the meaning set forth in Section 7.`, []string{"Confidential Information"}, ""},
		{`"Effective Date" shall have the meaning given in the preamble.`, []string{"Effective Date"}, ""},
		{`“Products” have the meanings given in Exhibit A.`, []string{"Products"}, ""},
		{`1.1 "Accuray Regions" means Accuray's sales regions.`, []string{"Accuray Regions"}, ""},
		{`(a) "Net Sales" shall mean gross sales less returns.`, []string{"Net Sales"}, ""},
		{`"Acceptance" and "Accept" have the meaning set forth in Article 3.4.`, []string{"Acceptance", "Accept"}, ""},
		{`"Marketing Affiliate" or "MA" refers to the second party.`, []string{"Marketing Affiliate", "MA"}, ""},
		{`As used herein, the term "Business Day" means a day banks are open.`, []string{"Business Day"}, ""},
		{`"Agreement," as used herein, means this Agreement.`, []string{"Agreement"}, ""},
		{`‘Intellectual Property’ means patents and know-how.`, []string{"Intellectual Property"}, ""},
		{`"Agents" means Third Parties acting for a Party. "Applicable Laws" means all laws.`, []string{"Agents", "Applicable Laws"}, `"Agents" means Third Parties acting for a Party.`},
		// inline
		{`This Agreement is made by BIRCH FIRST GLOBAL INVESTMENTS INC. (referred to as "Company") and MOUNT KNOWLEDGE HOLDINGS INC. (referred to as "Marketing Affiliate" or "MA").`,
			[]string{"Company", "Marketing Affiliate", "MA"}, ""},
		{`This Development Agreement ("this Agreement") is entered into as of September 30, 2019 ("Effective Date").`, []string{"Agreement", "Effective Date"}, ""},
		{`IBM will provide hosting services (collectively, the "Services") to Customer.`, []string{"Services"}, ""},
		{`Stryker and Conformis are collectively referred to herein as the "Parties" and individually as a "Party."`, []string{"Parties", "Party"}, ""},
		{`EuroMedia Holdings Corp. (hereinafter "Licensor") agrees.`, []string{"Licensor"}, ""},
		// not definitions
		{`The word "shall" is mandatory and "may" is permissive.`, nil, ""},
		{`He said "yes" to the offer.`, nil, ""},
		{`a fee of [***] per unit`, nil, ""},
		{`the Licensee's obligations and the Company's rights`, nil, ""},
	} {
		body, spans := buildBody(tc.body)
		defs := findDefinitions(body, spans)
		var got []string
		for _, d := range defs {
			got = append(got, d.Name)
			if d.Value != strings.ToLower(d.Name) || d.Type != "definition" || !strings.HasPrefix(d.GroupID, "en/") {
				t.Errorf("%q: malformed %+v", tc.body, d)
			}
			if d.Start < 0 || d.End > len(body) || d.Start > d.End {
				t.Errorf("%q: offsets %d..%d outside the body", tc.body, d.Start, d.End)
			}
		}
		if strings.Join(got, "|") != strings.Join(tc.terms, "|") {
			t.Errorf("definitions of %q = %q, want %q", tc.body, got, tc.terms)
		}
		if tc.text != "" && len(defs) > 0 && defs[0].Snippet != tc.text {
			t.Errorf("text of %q = %q, want %q", tc.body, defs[0].Snippet, tc.text)
		}
	}
}

// The first definition of a term wins; its group id depends only on the
// normalised wording.
func TestDefinitionGroups(t *testing.T) {
	body, spans := buildBody("\"Affiliate\" means any entity that controls a Party.\n\n\"AFFILIATE\" means something else.")
	defs := findDefinitions(body, spans)
	if len(defs) != 1 || defs[0].Name != "Affiliate" {
		t.Fatalf("defs = %+v", defs)
	}
	a := groupID("affiliate", "\"Affiliate\" means any entity that controls a Party.")
	b := groupID("affiliate", "“Affiliate”  MEANS any entity, that controls a party")
	if a != b || !strings.HasPrefix(a, "en/affiliate#") || len(a) != len("en/affiliate#")+16 {
		t.Errorf("group ids %q %q", a, b)
	}
	if c := groupID("affiliate", "\"Affiliate\" means a subsidiary."); c == a {
		t.Errorf("different wording, same group %q", c)
	}
}
