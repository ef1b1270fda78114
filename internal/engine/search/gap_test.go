package search

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestPositionGapAfterEmptyValues pins Lucene's positions for multi-valued
// text: the gap of 100 follows every value, empty ones included, so in
// ["alpha", "", "beta"] alpha is at 0 and beta at 0+100+100+1 = 201, and
// the sloppy phrase "alpha beta" needs a slop of 200 (201−0−1).
func TestPositionGapAfterEmptyValues(t *testing.T) {
	s := NewSearcher(buildIndex(t, "company", []string{`{"name":["alpha","","beta"]}`, `{"name":["alpha","beta"]}`}))
	for _, tt := range []struct {
		slop int
		want string
	}{{0, ""}, {99, ""}, {100, "r1"}, {199, "r1"}, {200, "r0,r1"}} {
		r, err := s.Search(context.Background(), Request{Indexes: []string{"company"},
			Query: &PhraseQuery{Field: "name", Terms: []string{"alpha", "beta"}, Slop: tt.slop}, Size: 10})
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Split(ids(r), ",")
		slices.Sort(got)
		if strings.Join(got, ",") != tt.want {
			t.Errorf("slop %d: hits %q, want %q", tt.slop, ids(r), tt.want)
		}
	}
}
