package embedded

import (
	"reflect"
	"testing"

	"github.com/contractsearch/contractsearch/internal/dsl"
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
