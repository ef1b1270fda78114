package embedded

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/mappings"
)

func TestNodeValues(t *testing.T) {
	src := `{"name":"Supply Agreement","jurisdiction":{"name":"New York","value":"new-york-us"},"group_size":12,` +
		`"sections":[{"name":"Term","snippet":"One year."},{"name":"Notices"},{"snippet":"Two years."}],"a.b":"dotted","tags":["x",null,"y"]}`
	doc, err := scanSource([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		want []string
	}{
		{"name", []string{"Supply Agreement"}},
		{"jurisdiction.name", []string{"New York"}},
		{"sections.snippet", []string{"One year.", "Two years."}},
		{"sections.name", []string{"Term", "Notices"}},
		{"group_size", []string{"12"}},
		{"a.b", []string{"dotted"}},
		{"tags", []string{"x", "y"}},
		{"jurisdiction", nil},
		{"missing", nil},
	}
	for _, tt := range tests {
		if got, err := doc.values(tt.path); err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("values(%s) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

// TestInnerHitsSpecs checks a must_not clause cannot shadow the inner_hits
// request of a clause that gives hits under the same name.
func TestInnerHitsSpecs(t *testing.T) {
	kept := &dsl.InnerHits{Name: "ih", Source: &dsl.SourceFilter{Includes: []string{"sections.name"}}}
	q := &dsl.BoolQuery{
		Must:    []dsl.Query{&dsl.NestedQuery{Path: "sections", Query: &dsl.MatchAllQuery{}, InnerHits: kept}},
		MustNot: []dsl.Query{&dsl.NestedQuery{Path: "sections", Query: &dsl.MatchAllQuery{}, InnerHits: &dsl.InnerHits{Name: "ih"}}},
	}
	other := &dsl.NestedQuery{Path: "sections", Query: &dsl.MatchAllQuery{}, InnerHits: &dsl.InnerHits{}}
	got := innerHitsSpecs(q, other)
	if len(got) != 2 || got["ih"] != kept || got["sections"] != other.InnerHits {
		t.Errorf("specs %v", got)
	}
}

// TestHighlightExpansions highlights hits from their postings with two
// fuzzy terms of one edit and a prefix, whose dictionary expansions the
// request's highlighter remembers from hit to hit: each hit gets its own
// words, and each term its own expansion.
func TestHighlightExpansions(t *testing.T) {
	bodies := []string{
		"This Agreement is binding on the parties.",
		"The agreemnt and the agrement were signed. Payment is due.",
		"No such word here.",
		"Indemnification by the indemnifying party. Payments were made.",
	}
	var bulk strings.Builder
	for i, body := range bodies {
		fmt.Fprintf(&bulk, "{\"index\":{\"_index\":\"contract\",\"_id\":\"c%d\"}}\n{\"body\":%q}\n", i, body)
	}
	b, p := openBackend(t, bulk.String())
	resp := searchBody(t, b, p, t.Context(), `{"query":{"simple_query_string":{"query":"agreemnt~1 payments~1 indemn*",`+
		`"fields":["body"]}},"highlight":{"fields":{"body":{}}},"_source":false,"size":10}`)
	got := map[string]string{}
	for _, h := range resp.Hits.Hits {
		got[h.ID] = string(h.Highlight)
	}
	want := map[string]string{
		"c0": `{"body":["This <em>Agreement</em> is binding on the parties."]}`,
		"c1": `{"body":["The <em>agreemnt</em> and the <em>agrement</em> were signed. <em>Payment</em> is due."]}`,
		"c3": `{"body":["<em>Indemnification</em> by the <em>indemnifying</em> party. <em>Payments</em> were made."]}`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("highlights\n got %q\nwant %q", got, want)
	}
}

// TestReadMembersSkipsUnhighlighted: a record's member holding a
// highlighted field is read only when the query can highlight something
// in it (a clause search-within has no text: a contract's body stays
// compressed, and is not unquoted).
func TestReadMembersSkipsUnhighlighted(t *testing.T) {
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	spec := &dsl.Highlight{Fields: []dsl.HighlightField{{Name: "body"}, {Name: "name"}}}
	for _, c := range []struct {
		q    search.Query
		body bool
	}{
		{&search.TermQuery{Field: "category.value", Term: "nda"}, false},
		{&search.TermQuery{Field: "body", Term: "nda"}, true},
		{&search.PrefixQuery{Field: "body", Prefix: "nd"}, true},
	} {
		want := readMembers([]string{"name"}, true, newHighlighter(spec, m, 0), "contract", "", c.q)
		if got := want("body"); got != c.body {
			t.Errorf("%s: body read %v, want %v", search.Describe(c.q), got, c.body)
		}
		if !want("name") {
			t.Errorf("%s: name (included) not read", search.Describe(c.q))
		}
	}
}
