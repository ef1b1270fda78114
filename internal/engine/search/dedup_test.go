package search

import (
	"context"
	"fmt"
	"testing"
)

// TestDedupClauses checks that equal SHOULD clauses (minimum_should_match
// ≤ 1) and equal MUST clauses score as one clause with the sum of their
// boosts, to the bit, as Lucene's BooleanQuery.rewrite merges them; and
// that clauses which differ, or SHOULD clauses under minimum_should_match 2,
// are kept apart.
func TestDedupClauses(t *testing.T) {
	ix := companyIndex(t, multiTermNames...)
	s := NewSearcher(ix)
	term := func(w string, boost float32) Query { return &TermQuery{Field: "name", Term: w, Boost: boost} }
	dm := func(boost float32) Query {
		return &DisMaxQuery{Disjuncts: []Query{term("license", 0), term("agreement", 0)}, TieBreaker: 1, Boost: boost}
	}
	repeat := func(q Query, n int) []Query {
		out := make([]Query, n)
		for i := range out {
			out[i] = q
		}
		return out
	}
	scores := func(q Query) map[string]float32 {
		t.Helper()
		r, err := s.Search(context.Background(), Request{Indexes: []string{"company"}, Query: q, Size: 10})
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]float32{}
		for _, h := range r.Hits {
			m[h.ID] = h.Score
		}
		return m
	}
	for _, c := range []struct {
		name      string
		got, want Query
	}{
		{"seven should terms", &BoolQuery{Should: repeat(term("license", 0), 7)}, term("license", 7)},
		{"seven must terms", &BoolQuery{Must: repeat(term("license", 0), 7)}, term("license", 7)},
		{"boosts summed", &BoolQuery{Should: []Query{term("license", 0.5), term("license", 3), term("license", 0.5)}}, term("license", 4)},
		{"seven dis_max", &BoolQuery{Must: repeat(dm(0), 7)}, dm(7)},
		{"dis_max boosts summed", &BoolQuery{Should: []Query{dm(2), dm(0)}}, dm(3)},
		{"must and should apart", &BoolQuery{Must: repeat(term("license", 0), 3), Should: repeat(term("license", 0), 3)},
			&BoolQuery{Must: []Query{term("license", 3)}, Should: []Query{term("license", 3)}}},
	} {
		got, want := scores(c.got), scores(c.want)
		if len(got) != len(want) || len(got) == 0 {
			t.Errorf("%s: %d hits, want %d (> 0)", c.name, len(got), len(want))
		}
		for id, w := range want {
			if got[id] != w {
				t.Errorf("%s: %s scores %v, want %v", c.name, id, got[id], w)
			}
		}
	}

	for _, c := range []struct {
		name   string
		q      *BoolQuery
		must   int
		should int
	}{
		{"different terms kept", &BoolQuery{Should: []Query{term("license", 0), term("fee", 0)}}, 0, 2},
		{"msm 2 keeps copies", &BoolQuery{Should: repeat(term("license", 0), 3), MinimumShouldMatch: 2}, 0, 3},
		{"must copies merged", &BoolQuery{Must: repeat(term("license", 0), 3)}, 1, 0},
		{"different fields kept", &BoolQuery{Must: []Query{term("license", 0), &TermQuery{Field: "body", Term: "license"}}}, 2, 0},
		{"wide: copies merged by rendering", &BoolQuery{Should: append(repeat(dm(0), 10), append(repeat(dm(2), 10), term("fee", 0))...)}, 0, 2},
		{"wide: boosted copies merged", &BoolQuery{Must: append(repeat(term("license", 3), 17), term("license", 0))}, 1, 0},
		// MatchNoDocsQuery.equals ignores the reason, pairwise and by rendering.
		{"match none, reasons apart", &BoolQuery{Must: []Query{term("license", 0), &MatchNoneQuery{Reason: "a"}, &MatchNoneQuery{Reason: "b"}}}, 2, 0},
		{"wide: match none, reasons apart", &BoolQuery{Must: append(repeat(term("license", 0), 17), &MatchNoneQuery{Reason: "a"}, &MatchNoneQuery{Reason: "b"})}, 2, 0},
	} {
		r, err := Rewrite(c.q)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		d := r.(*BoolQuery)
		if len(d.Must) != c.must || len(d.Should) != c.should {
			t.Errorf("%s: %d must, %d should; want %d, %d", c.name, len(d.Must), len(d.Should), c.must, c.should)
		}
	}
}

// BenchmarkDedupClausesWide is a bool at MAX_CLAUSES's scale whose clauses
// all differ: the case the rendering index keeps from being quadratic.
func BenchmarkDedupClausesWide(b *testing.B) {
	cs := make([]Query, 1000)
	for i := range cs {
		w := fmt.Sprint("w", i)
		cs[i] = &DisMaxQuery{Disjuncts: []Query{&TermQuery{Field: "body", Term: w}, &TermQuery{Field: "name", Term: w}}, TieBreaker: 1}
	}
	for b.Loop() {
		dedupClauses(cs)
	}
}
