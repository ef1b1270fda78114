package contract

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/mappings"
)

// TestRecordMatchesMapping holds the contract record to
// mappings/contract.json: every field the record can carry is mapped, with
// the mapping's shape, and every mapped field can be carried.
func TestRecordMatchesMapping(t *testing.T) {
	set, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	idx := set.Index("contract")
	if idx == nil {
		t.Fatal("no contract index")
	}
	attr := &Attr{Name: "n", Value: "v"}
	c := &Contract{
		ID: "abc", Name: "n", Snippet: "s", Body: "b", URL: "/contracts/abc",
		Category: attr, Company: attr, Jurisdiction: attr, Industry: attr, Country: attr, LawFirm: attr,
		FilingDate: "2020-01-02", ExhibitID: "EX-10.1", FilingID: "0000950123-10-012345", FilingType: "8-K", Source: "www.sec.gov",
		Sections: []Section{{Type: Clause, Name: "Governing Law", Value: "governing law", Snippet: "x", GroupID: "en/governing-law#0123456789abcdef", ClauseTypes: []string{"governing-law"}}},
	}
	raw, err := json.Marshal(c.Record(Grouping{GroupID: "g", GroupSize: 2, WeightRank: 1.5}))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range leafPaths("", doc) {
		// A stored-only object's content is the record's to shape.
		if !idx.IsStoredOnly(p) {
			got = append(got, p)
		}
	}
	var want []string
	for path, f := range idx.Fields {
		if strings.HasSuffix(path, ".raw") || f.Path == "" {
			continue
		}
		want = append(want, path)
	}
	for _, p := range idx.StoredOnly {
		if !hasPath(doc, p) {
			t.Errorf("stored-only object %s is not in the record", p)
		}
	}
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("record fields\n got %v\nwant %v", got, want)
	}
}

// hasPath reports whether the dotted path leads to a value in v, through
// objects and the first element of arrays.
func hasPath(v any, path string) bool {
	if a, ok := v.([]any); ok {
		return len(a) > 0 && hasPath(a[0], path)
	}
	if path == "" {
		return true
	}
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	key, rest, _ := strings.Cut(path, ".")
	child, ok := m[key]
	return ok && hasPath(child, rest)
}

func leafPaths(prefix string, v any) []string {
	switch x := v.(type) {
	case map[string]any:
		var out []string
		for k, c := range x {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			out = append(out, leafPaths(p, c)...)
		}
		return out
	case []any:
		if len(x) == 0 {
			return nil
		}
		return leafPaths(prefix, x[0])
	}
	return []string{prefix}
}

func TestRecordDefaultsAndOmissions(t *testing.T) {
	c := &Contract{ID: "id1", Name: "N", Body: "B"}
	raw, err := json.Marshal(c.Record(Grouping{}))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"name":"N","body":"B","group_id":"id1","group_size":1}`
	if string(raw) != want {
		t.Errorf("got %s\nwant %s", raw, want)
	}
	if got := c.DocID(); got != "en/id1" {
		t.Errorf("DocID = %q", got)
	}
	r := c.Record(Grouping{WeightRank: -1})
	if r.WeightRank != 0 {
		t.Errorf("a non-positive weight_rank is left out, got %v", r.WeightRank)
	}
}

func TestClausesAndDefinitions(t *testing.T) {
	c := &Contract{Sections: []Section{
		{Type: Definition, Value: "company"}, {Type: Clause, Value: "term"}, {Type: Definition, Value: "affiliate"},
	}}
	if got := c.Clauses(); len(got) != 1 || got[0].Value != "term" {
		t.Errorf("Clauses = %+v", got)
	}
	if got := c.Definitions(); len(got) != 2 || got[0].Value != "company" || got[1].Value != "affiliate" {
		t.Errorf("Definitions = %+v", got)
	}
}

func TestSlug(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"People's Republic of China", "peoples-republic-of-china"},
		{"Côte d’Ivoire", "cote-divoire"},
		{"Co-Branding Agreement", "co-branding-agreement"},
		{"  New   York ", "new-york"},
		{"Governing Law; Attorney's Fees", "governing-law-attorneys-fees"},
		{"São Tomé and Príncipe", "sao-tome-and-principe"},
		{"", ""},
		{"---", ""},
		{"Straße", "straße"},
	} {
		if got := Slug(tc.in); got != tc.want {
			t.Errorf("Slug(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
