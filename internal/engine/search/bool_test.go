package search

import (
	"context"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/analysis"
	"github.com/contractsearch/contractsearch/internal/engine/document"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/mappings"
)

// companyIndex builds a one-segment company index from names.
func companyIndex(t *testing.T, names ...string) *Index {
	t.Helper()
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	schema := document.NewSchema(m.Index("company"))
	w, err := segment.NewWriter(analysis.NewStandard(255))
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range names {
		src := `{"name":"` + n + `"}`
		doc, err := schema.Parse([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Add("en/"+string(rune('a'+i)), doc, []byte(src)); err != nil {
			t.Fatal(err)
		}
	}
	files, err := w.Finish("company-0")
	if err != nil {
		t.Fatal(err)
	}
	seg, err := segment.Open("company-0", func(n string) ([]byte, bool) { b, ok := files[n]; return b, ok })
	if err != nil {
		t.Fatal(err)
	}
	return &Index{Name: "company", Segments: []*segment.Segment{seg}}
}

func ids(r *Result) string {
	var out []string
	for _, h := range r.Hits {
		out = append(out, h.ID)
	}
	return strings.Join(out, ",")
}

func TestBoolMinimumShouldMatchEdges(t *testing.T) {
	s := NewSearcher(companyIndex(t, "acme corp", "beta corp", "gamma inc"))
	tests := []struct {
		name string
		q    *BoolQuery
		want string
	}{
		// OpenSearch drops minimum_should_match from a pure negative bool.
		{"pure negative ignores msm", &BoolQuery{MustNot: []Query{&TermQuery{Field: "name", Term: "beta"}}, MinimumShouldMatch: 2}, "en/a,en/c"},
		// With a required clause and no should clause, msm 1 cannot be met.
		{"msm above the should clauses", &BoolQuery{Must: []Query{&MatchAllQuery{}}, MinimumShouldMatch: 1}, ""},
		{"msm 2 of 3", &BoolQuery{Should: []Query{&TermQuery{Field: "name", Term: "acme"}, &TermQuery{Field: "name", Term: "corp"}, &TermQuery{Field: "name", Term: "inc"}}, MinimumShouldMatch: 2}, "en/a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := s.Search(context.Background(), Request{Indexes: []string{"company"}, Query: tt.q, Size: 10})
			if err != nil {
				t.Fatal(err)
			}
			if got := ids(r); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
