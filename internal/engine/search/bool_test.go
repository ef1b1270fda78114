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

func TestPhrase(t *testing.T) {
	// a: acme(0) supply(1) corp(2); b: supply(0) acme(1); c: acme(0)
	// acme(1) supply(2) acme(3) supply(4) — "acme supply" starts at 1 and 3.
	s := NewSearcher(companyIndex(t, "acme supply corp", "supply acme", "acme acme supply acme supply"))
	run := func(q Query) *Result {
		r, err := s.Search(context.Background(), Request{Indexes: []string{"company"}, Query: q, Size: 10})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := run(&PhraseQuery{Field: "name", Terms: []string{"acme", "supply"}})
	if ids(r) != "en/c,en/a" && ids(r) != "en/a,en/c" {
		t.Fatalf("phrase hits %q", ids(r))
	}
	// c has frequency 2 but a longer name; both scores come from the same
	// idf (sum of the two terms' idfs, each in all three records).
	var a, c float32
	for _, h := range r.Hits {
		if h.ID == "en/a" {
			a = h.Score
		} else {
			c = h.Score
		}
	}
	if a <= 0 || c <= 0 {
		t.Errorf("scores a %v c %v", a, c)
	}
	if got := ids(run(&PhraseQuery{Field: "name", Terms: []string{"supply", "corp", "acme"}})); got != "" {
		t.Errorf("no occurrence: %q", got)
	}
	if got := ids(run(&PhraseQuery{Field: "name", Terms: []string{"corp"}})); got != "en/a" {
		t.Errorf("one-term phrase: %q", got)
	}
	if got := ids(run(&PhraseQuery{Field: "name", Terms: nil})); got != "" {
		t.Errorf("empty phrase: %q", got)
	}
	if got := ids(run(&PhraseQuery{Field: "name", Terms: []string{"acme", "missing"}})); got != "" {
		t.Errorf("absent term: %q", got)
	}
}
