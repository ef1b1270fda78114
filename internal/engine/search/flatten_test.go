package search

import (
	"context"
	"testing"
)

// TestFlattenNestedDisjunctions checks which SHOULD clauses are inlined
// into their parent, as Lucene's BooleanQuery.rewrite does: fuzzy queries
// (a BooleanQuery of their terms), dis_max with tie 1 and bools of should
// clauses only — unless a boost wraps them or the parent's
// minimum_should_match exceeds 1 — and that the inlined form rounds the
// sum of all leaves once.
func TestFlattenNestedDisjunctions(t *testing.T) {
	ix := companyIndex(t, multiTermNames...)
	// "license"~1 keeps license, licence and licenses: three clauses.
	fz := func(boost float32) Query {
		return &FuzzyQuery{Field: "name", Term: "license", MaxEdits: 1, Transpositions: true, Boost: boost}
	}
	term := func(t string) Query { return &TermQuery{Field: "name", Term: t} }
	for _, c := range []struct {
		name    string
		q       *BoolQuery
		clauses int
	}{
		{"fuzzy inlined", &BoolQuery{Should: []Query{fz(0), term("fee")}}, 4},
		{"boosted fuzzy kept whole", &BoolQuery{Should: []Query{fz(2), term("fee")}}, 2},
		{"fuzzy boost 1 inlined", &BoolQuery{Should: []Query{fz(1), term("fee")}}, 4},
		{"msm 2 keeps clauses", &BoolQuery{Should: []Query{fz(0), term("fee")}, MinimumShouldMatch: 2}, 2},
		{"msm 1 inlines", &BoolQuery{Should: []Query{fz(0), term("fee")}, MinimumShouldMatch: 1}, 4},
		{"with must", &BoolQuery{Must: []Query{term("fee")}, Should: []Query{fz(0)}}, 3},
		{"dis_max tie 1 of fuzzy", &BoolQuery{Should: []Query{&DisMaxQuery{Disjuncts: []Query{fz(0), term("fee")}, TieBreaker: 1}, term("agreement")}}, 5},
		{"dis_max tie 0.5 kept whole", &BoolQuery{Should: []Query{&DisMaxQuery{Disjuncts: []Query{fz(0), term("fee")}, TieBreaker: 0.5}, term("agreement")}}, 2},
		{"dis_max survivor kept whole", &BoolQuery{Should: []Query{&DisMaxQuery{Disjuncts: []Query{term("zzz"), fz(0)}, TieBreaker: 0.5}, term("agreement")}}, 2},
		{"lone disjunct inlined", &BoolQuery{Should: []Query{&DisMaxQuery{Disjuncts: []Query{fz(0)}, TieBreaker: 0.5}, term("agreement")}}, 4},
		{"lone boosted disjunct kept whole", &BoolQuery{Should: []Query{&DisMaxQuery{Disjuncts: []Query{fz(0)}, Boost: 3}, term("agreement")}}, 2},
		{"nested should-only bool", &BoolQuery{Should: []Query{&BoolQuery{Should: []Query{term("fee"), fz(0)}}, term("agreement")}}, 5},
		{"nested bool with must kept whole", &BoolQuery{Should: []Query{&BoolQuery{Must: []Query{term("fee")}, Should: []Query{fz(0)}}, term("agreement")}}, 2},
	} {
		w, err := testWeight(c.q, ix)
		if err != nil {
			t.Fatal(err)
		}
		bw, ok := w.(*boolWeightT)
		if !ok {
			t.Fatalf("%s: weight %T", c.name, w)
		}
		if len(bw.should) != c.clauses {
			t.Errorf("%s: %d should clauses, want %d", c.name, len(bw.should), c.clauses)
		}
	}

	// The inlined sum is rounded once: the score of the flattened bool is
	// the float64 sum of the leaves' float32 scores, rounded.
	s := NewSearcher(ix)
	leaves, err := s.Search(context.Background(), Request{Indexes: []string{"company"}, Query: fz(0), Size: 10})
	if err != nil {
		t.Fatal(err)
	}
	both, err := s.Search(context.Background(), Request{Indexes: []string{"company"}, Size: 10,
		Query: &BoolQuery{Should: []Query{fz(0), term("fee")}}})
	if err != nil {
		t.Fatal(err)
	}
	fee, err := s.Search(context.Background(), Request{Indexes: []string{"company"}, Query: term("fee"), Size: 10})
	if err != nil {
		t.Fatal(err)
	}
	// c "licenses fee" matches one fuzzy term and fee.
	var c, f float32
	for _, h := range leaves.Hits {
		if h.ID == "en/c" {
			c = h.Score
		}
	}
	f = fee.Hits[0].Score
	for _, h := range both.Hits {
		if h.ID == "en/c" && h.Score != float32(float64(c)+float64(f)) {
			t.Errorf("c: %v, want %v + %v rounded once", h.Score, c, f)
		}
	}
}
