package ingest

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/dedup"
	"github.com/contractsearch/contractsearch/mappings"
)

// sec is a section for tests: a clause unless the name starts with '"'.
func sec(name, snippet, groupID string) contract.Section {
	t := contract.Clause
	if strings.HasPrefix(name, `"`) {
		t, name = contract.Definition, strings.Trim(name, `"`)
	}
	return contract.Section{Type: t, Name: name, Value: strings.ToLower(name), Snippet: snippet, GroupID: groupID}
}

// typed gives a section clause types.
func typed(s contract.Section, types ...string) contract.Section {
	s.ClauseTypes = types
	return s
}

func attr(name, value string) *contract.Attr { return &contract.Attr{Name: name, Value: value} }

// ctr is a parsed contract for tests.
func ctr(id string, secs ...contract.Section) parsedContract {
	return parsedContract{c: &contract.Contract{ID: id, Name: "Agreement " + id, Body: "text of " + id, Sections: secs}}
}

func TestDeriveSections(t *testing.T) {
	tests := []struct {
		name      string
		contracts []parsedContract
		want      []SectionRecord // clauses then definitions
	}{
		{
			name: "the same wording in three contracts is one record of group size 3",
			contracts: []parsedContract{
				ctr("a", sec("Governing Law", "Laws of New York.", "en/governing-law#1")),
				ctr("b", sec("Governing Law", "Laws of New York.", "en/governing-law#1")),
				ctr("c", sec("Governing Law", "Laws of New York.", "en/governing-law#1")),
			},
			want: []SectionRecord{{Name: "Governing Law", Value: "governing law", Type: "clause", Snippet: "Laws of New York.", GroupID: "en/governing-law#1", URL: "/contracts/a#section-0", GroupSize: 3, WeightRank: dedup.PopularityRank(3)}},
		},
		{
			name: "different wordings of one heading are different records",
			contracts: []parsedContract{
				ctr("a", sec("Governing Law", "Laws of New York.", "en/governing-law#1")),
				ctr("b", sec("Governing Law", "Laws of Ontario.", "en/governing-law#2")),
			},
			want: []SectionRecord{
				{Name: "Governing Law", Value: "governing law", Type: "clause", Snippet: "Laws of New York.", GroupID: "en/governing-law#1", URL: "/contracts/a#section-0", GroupSize: 1, WeightRank: 1},
				{Name: "Governing Law", Value: "governing law", Type: "clause", Snippet: "Laws of Ontario.", GroupID: "en/governing-law#2", URL: "/contracts/b#section-0", GroupSize: 1, WeightRank: 1},
			},
		},
		{
			name: "a wording twice in one contract counts that contract once",
			contracts: []parsedContract{
				ctr("a", sec("Notices", "In writing.", "en/notices#1"), sec("Notices", "In writing.", "en/notices#1")),
				ctr("b", sec("Notices", "In writing.", "en/notices#1")),
			},
			want: []SectionRecord{{Name: "Notices", Value: "notices", Type: "clause", Snippet: "In writing.", GroupID: "en/notices#1", URL: "/contracts/a#section-0", GroupSize: 2, WeightRank: dedup.PopularityRank(2)}},
		},
		{
			name: "the representative snippet and name are the most common; ties go to byte order",
			contracts: []parsedContract{
				ctr("a", sec("TERM", "Five  years.", "en/term#1")),
				ctr("b", sec("Term", "Five years.", "en/term#1")),
				ctr("c", sec("Term", "Five years.", "en/term#1")),
				ctr("d", sec("Term", "Five years .", "en/term#2")),
				ctr("e", sec("Term", "Five years!", "en/term#2")),
			},
			want: []SectionRecord{
				{Name: "Term", Value: "term", Type: "clause", Snippet: "Five years.", GroupID: "en/term#1", URL: "/contracts/a#section-0", GroupSize: 3, WeightRank: dedup.PopularityRank(3)},
				{Name: "Term", Value: "term", Type: "clause", Snippet: "Five years .", GroupID: "en/term#2", URL: "/contracts/d#section-0", GroupSize: 2, WeightRank: dedup.PopularityRank(2)},
			},
		},
		{
			// The url is the smallest contract ID's first section of the
			// wording: a's second section, though b holds it first.
			name: "definitions go to their own index, sorted by group id",
			contracts: []parsedContract{
				ctr("a", sec(`"Territory"`, `"Territory" means Canada.`, "en/territory#9"), sec(`"Affiliate"`, `"Affiliate" means a controlled entity.`, "en/affiliate#1")),
				ctr("b", sec(`"Affiliate"`, `"Affiliate" means a controlled entity.`, "en/affiliate#1"), sec("Term", "One year.", "en/term#5")),
			},
			want: []SectionRecord{
				{Name: "Term", Value: "term", Type: "clause", Snippet: "One year.", GroupID: "en/term#5", URL: "/contracts/b#section-1", GroupSize: 1, WeightRank: 1},
				{Name: "Affiliate", Value: "affiliate", Type: "definition", Snippet: `"Affiliate" means a controlled entity.`, GroupID: "en/affiliate#1", URL: "/contracts/a#section-1", GroupSize: 2, WeightRank: dedup.PopularityRank(2)},
				{Name: "Territory", Value: "territory", Type: "definition", Snippet: `"Territory" means Canada.`, GroupID: "en/territory#9", URL: "/contracts/a#section-0", GroupSize: 1, WeightRank: 1},
			},
		},
		{
			name: "the clause types are those of the most common name and types",
			contracts: []parsedContract{
				ctr("a", typed(sec("Miscellaneous", "Laws of New York.", "en/miscellaneous#1"), "governing-law", "miscellaneous")),
				ctr("b", typed(sec("Miscellaneous", "Laws of New York.", "en/miscellaneous#1"), "governing-law", "miscellaneous")),
				ctr("c", typed(sec("MISCELLANEOUS", "Laws of New York.", "en/miscellaneous#1"), "governing-law", "miscellaneous")),
			},
			want: []SectionRecord{{
				Name: "Miscellaneous", Value: "miscellaneous", Type: "clause", Snippet: "Laws of New York.", GroupID: "en/miscellaneous#1",
				ClauseTypes: []string{"governing-law", "miscellaneous"}, URL: "/contracts/a#section-0", GroupSize: 3, WeightRank: dedup.PopularityRank(3),
			}},
		},
		{
			name:      "no sections, no records",
			contracts: []parsedContract{ctr("a")},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := derive(tt.contracts)
			got := append(append([]SectionRecord(nil), d.clauses...), d.definitions...)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, tt.want)
			}
			// The input order does not matter.
			rev := append([]parsedContract(nil), tt.contracts...)
			for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
				rev[i], rev[j] = rev[j], rev[i]
			}
			d2 := derive(rev)
			if got2 := append(append([]SectionRecord(nil), d2.clauses...), d2.definitions...); !reflect.DeepEqual(got2, got) {
				t.Errorf("reversed input gives\n%+v", got2)
			}
		})
	}
}

func TestDeriveAttributes(t *testing.T) {
	with := func(id string, company, category, jurisdiction *contract.Attr) parsedContract {
		pc := ctr(id)
		pc.c.Company, pc.c.Category, pc.c.Jurisdiction = company, category, jurisdiction
		return pc
	}
	cs := []parsedContract{
		with("a", attr("ACME CORP", "1001"), attr("Supply Agreement", "supply-agreement"), attr("New York", "new-york-us")),
		with("b", attr("Acme Corp.", "1001"), attr("Supply Agreement", "supply-agreement"), attr("Ontario", "ontario-ca")),
		with("c", attr("Acme Corp.", "1001"), attr("License Agreement", "license-agreement"), nil),
		with("d", attr("Birch Inc.", "7"), nil, attr("New York", "new-york-us")),
		with("e", nil, nil, nil),
		with("f", attr("", ""), attr("", ""), attr("", "")), // empty values are not records
	}
	d := derive(cs)
	wantCompanies := []CompanyRecord{
		{GroupID: "1001", Name: "Acme Corp.", WeightRank: dedup.PopularityRank(3)},
		{GroupID: "7", Name: "Birch Inc.", WeightRank: 1},
	}
	wantCategories := []CategoryRecord{
		{Name: "License Agreement", Value: "license-agreement", GroupID: "license-agreement", WeightRank: 1},
		{Name: "Supply Agreement", Value: "supply-agreement", GroupID: "supply-agreement", WeightRank: dedup.PopularityRank(2)},
	}
	wantJurisdictions := []JurisdictionRecord{
		{GroupID: "new-york-us", Name: "New York", Value: "new-york-us", WeightRank: dedup.PopularityRank(2)},
		{GroupID: "ontario-ca", Name: "Ontario", Value: "ontario-ca", WeightRank: 1},
	}
	if !reflect.DeepEqual(d.companies, wantCompanies) {
		t.Errorf("companies %+v\nwant %+v", d.companies, wantCompanies)
	}
	if !reflect.DeepEqual(d.categories, wantCategories) {
		t.Errorf("categories %+v\nwant %+v", d.categories, wantCategories)
	}
	if !reflect.DeepEqual(d.jurisdictions, wantJurisdictions) {
		t.Errorf("jurisdictions %+v\nwant %+v", d.jurisdictions, wantJurisdictions)
	}
	if got := d.counts(len(cs)); got["company"] != 2 || got["category"] != 2 || got["jurisdiction"] != 2 || got["contract"] != 6 {
		t.Errorf("counts %v", got)
	}
}

// TestRecordsMatchMappings checks that every field of every record
// written is a field of its index's mapping, and that ids have the shape
// DESIGN §4 gives.
func TestRecordsMatchMappings(t *testing.T) {
	pc := ctr("0123456789abcdef",
		sec("Governing Law", "Laws of New York.", "en/governing-law#1"),
		sec(`"Affiliate"`, `"Affiliate" means a controlled entity.`, "en/affiliate#1"))
	c := pc.c
	c.Sections[0].ClauseTypes = []string{"governing-law"}
	c.Snippet, c.URL, c.FilingDate, c.ExhibitID, c.FilingID, c.FilingType, c.Source = "s", "/contracts/x", "2010-01-02", "EX-10.1", "0001-10-1", "8-K", "www.sec.gov"
	c.Company, c.Category, c.Jurisdiction = attr("Acme", "1"), attr("Supply Agreement", "supply-agreement"), attr("New York", "new-york-us")
	c.Industry, c.Country, c.LawFirm = attr("Beverages", "beverages"), attr("United States", "us"), attr("Stroud LLP", "stroud-llp")
	pc.g = contract.Grouping{GroupID: "abc", GroupSize: 2, WeightRank: 3}
	corpus := &Corpus{contracts: []parsedContract{pc}, derived: derive([]parsedContract{pc})}
	corpus.Summary.Records = corpus.derived.counts(1)
	var buf bytes.Buffer
	if err := corpus.WriteBulk(context.Background(), &buf, nil); err != nil {
		t.Fatal(err)
	}
	defs, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	seen := map[string][]string{}
	for i := 0; i+1 < len(lines); i += 2 {
		var action struct {
			Index struct {
				Index string `json:"_index"`
				ID    string `json:"_id"`
			} `json:"index"`
		}
		if err := json.Unmarshal([]byte(lines[i]), &action); err != nil {
			t.Fatal(err)
		}
		name, id := action.Index.Index, action.Index.ID
		seen[name] = append(seen[name], id)
		if !strings.HasPrefix(id, "en/") {
			t.Errorf("%s _id %q lacks en/", name, id)
		}
		var src map[string]any
		if err := json.Unmarshal([]byte(lines[i+1]), &src); err != nil {
			t.Fatal(err)
		}
		idx := defs.Index(name)
		for _, p := range leafPaths("", src) {
			if _, ok := idx.Fields[p]; !ok && !idx.IsStoredOnly(p) {
				t.Errorf("%s record has %q, which mappings/%s.json lacks", name, p, name)
			}
		}
		if gid, _ := src["group_id"].(string); name != "contract" {
			want := "en/" + gid
			if name == "clause" || name == "definition" {
				want = gid
			}
			if id != want {
				t.Errorf("%s _id %q, want %q", name, id, want)
			}
		}
		if wr, ok := src["weight_rank"].(float64); !ok || wr <= 0 {
			t.Errorf("%s %s: weight_rank %v, want a positive number", name, id, src["weight_rank"])
		}
	}
	want := map[string][]string{
		"contract": {"en/0123456789abcdef"}, "clause": {"en/governing-law#1"}, "definition": {"en/affiliate#1"},
		"company": {"en/1"}, "category": {"en/supply-agreement"}, "jurisdiction": {"en/new-york-us"},
	}
	if !reflect.DeepEqual(seen, want) {
		t.Errorf("records %v, want %v", seen, want)
	}
}

// leafPaths lists the dotted paths of a JSON object's leaves; arrays of
// objects (nested sections) contribute their members' paths.
func leafPaths(prefix string, v any) []string {
	var out []string
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			out = append(out, leafPaths(p, x)...)
		}
	case []any:
		for _, x := range v {
			out = append(out, leafPaths(prefix, x)...)
		}
	default:
		out = append(out, prefix)
	}
	sort.Strings(out)
	return out
}
