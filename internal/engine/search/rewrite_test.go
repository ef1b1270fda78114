package search

import (
	"math"
	"strings"
	"testing"
)

func TestRewrite(t *testing.T) {
	law := &TermQuery{Field: "body", Term: "law"}
	for _, c := range []struct {
		name string
		q    Query
		want string // Describe of the rewritten query
		err  string // part of the error, when one is expected
	}{
		{"phrase of none", &PhraseQuery{Field: "body"}, `MatchNoDocsQuery("empty PhraseQuery")`, ""},
		{"phrase of one keeps its boost", &PhraseQuery{Field: "body", Terms: []string{"law"}, Boost: 2}, "(body:law)^2.0", ""},
		{"phrase of two stays", &PhraseQuery{Field: "body", Terms: []string{"governing", "law"}, Slop: 1}, `body:"governing law"~1`, ""},
		{"negative slop", &PhraseQuery{Field: "body", Terms: []string{"a", "b"}, Slop: -1}, "", "negative slop"},
		{"equal must clauses merge", &BoolQuery{Must: []Query{law, law}}, "+(body:law)^2.0", ""},
		{"msm 2 keeps equal should clauses", &BoolQuery{Should: []Query{law, law}, MinimumShouldMatch: 2}, "(body:law body:law)~2", ""},
		{"to a fixpoint: a rewritten phrase merges with its twin",
			&DisMaxQuery{Disjuncts: []Query{&BoolQuery{Must: []Query{law, &PhraseQuery{Field: "body", Terms: []string{"law"}}}}}},
			"((+(body:law)^2.0))", ""},
		{"nested inner rewritten", &NestedQuery{Path: "sections", Query: &PhraseQuery{Field: "sections.text", Terms: []string{"x"}}},
			"ToParentBlockJoinQuery (sections.text:x)", ""},
		{"pure negative gets its match_all filter", &BoolQuery{MustNot: []Query{law}, MinimumShouldMatch: 1}, "-body:law #*:*", ""},
		{"empty bool matches all", &BoolQuery{}, "#*:*", ""},
		{"negative msm is 0", &BoolQuery{Should: []Query{law, &TermQuery{Field: "body", Term: "x"}}, MinimumShouldMatch: -2}, "body:law body:x", ""},
		{"msm beyond the should clauses", &BoolQuery{Must: []Query{law}, Should: []Query{law}, MinimumShouldMatch: 2}, `MatchNoDocsQuery("SHOULD clause count less than minimumNumberShouldMatch")`, ""},
		{"msm without should clauses", &BoolQuery{Filter: []Query{law}, MinimumShouldMatch: 1}, `MatchNoDocsQuery("SHOULD clause count less than minimumNumberShouldMatch")`, ""},
		{"msm equal to the should clauses stays", &BoolQuery{Should: []Query{law, &TermQuery{Field: "body", Term: "x"}}, MinimumShouldMatch: 2}, "(body:law body:x)~2", ""},
		{"a rewritten clause below is normalised", &BoolQuery{Should: []Query{&BoolQuery{MustNot: []Query{law}}}}, "(-body:law #*:*)", ""},
		{"nested in nested", &NestedQuery{Path: "a", Query: &NestedQuery{Path: "a", Query: law}}, "", "nested query inside a nested query"},
		{"nested score mode", &NestedQuery{Path: "a", Query: law, ScoreMode: 9}, "", "unknown score mode"},
		{"nested nil", &NestedQuery{Path: "a"}, "", "nil inner query"},
		{"constant score nil", &ConstantScoreQuery{}, "", "nil query"},
		{"tie breaker above 1", &DisMaxQuery{Disjuncts: []Query{law}, TieBreaker: 2}, "", "tie breaker"},
		{"tie breaker NaN", &DisMaxQuery{Disjuncts: []Query{law}, TieBreaker: float32(math.NaN())}, "", "tie breaker"},
		{"error below a bool", &BoolQuery{Filter: []Query{&ConstantScoreQuery{}}}, "", "nil query"},
		{"nil", nil, "", "nil query"},
	} {
		got, err := Rewrite(c.q)
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want one with %q", c.name, err, c.err)
			}
		case err != nil:
			t.Errorf("%s: %v", c.name, err)
		case Describe(got) != c.want:
			t.Errorf("%s: %s, want %s", c.name, Describe(got), c.want)
		}
	}
}

// TestRewriteKeepsUnchanged checks that a query with nothing to rewrite is
// returned as it is, and that a rewrite never modifies its input.
func TestRewriteKeepsUnchanged(t *testing.T) {
	law := &TermQuery{Field: "body", Term: "law"}
	q := &BoolQuery{Must: []Query{law}, Should: []Query{&DisMaxQuery{Disjuncts: []Query{law, &PrefixQuery{Field: "name", Prefix: "a"}}}}}
	got, err := Rewrite(q)
	if err != nil || got != Query(q) {
		t.Errorf("got %v, %v; want the query itself", got, err)
	}
	dup := &BoolQuery{Must: []Query{law, law}}
	before := Describe(dup)
	if _, err := Rewrite(dup); err != nil {
		t.Fatal(err)
	}
	if Describe(dup) != before || len(dup.Must) != 2 {
		t.Errorf("input changed to %s", Describe(dup))
	}
}

// TestLuceneRewriteText checks the names explanations give to nodes the
// engine keeps but Lucene's rewrite replaces.
func TestLuceneRewriteText(t *testing.T) {
	law := &TermQuery{Field: "body", Term: "law"}
	boosted := &TermQuery{Field: "body", Term: "law", Boost: 2}
	fee := &TermQuery{Field: "body", Term: "fee"}
	for _, c := range []struct {
		q    Query
		want string
	}{
		{&DisMaxQuery{Disjuncts: []Query{law}}, "body:law"},
		{&DisMaxQuery{Disjuncts: []Query{boosted}, Boost: 3}, "((body:law)^2.0)^3.0"},
		{&DisMaxQuery{Disjuncts: []Query{&BoolQuery{Must: []Query{law}}}, Boost: 3}, "(body:law)^3.0"},
		{&DisMaxQuery{Disjuncts: []Query{law, fee}, TieBreaker: 1}, "body:law body:fee"},
		{&DisMaxQuery{Disjuncts: []Query{law, fee}, TieBreaker: 1, Boost: 2}, "(body:law body:fee)^2.0"},
		{&DisMaxQuery{Disjuncts: []Query{law, fee}, TieBreaker: 0.5}, "(body:law | body:fee)~0.5"},
		{&BoolQuery{Should: []Query{law}, MinimumShouldMatch: 1}, "body:law"},
		{&BoolQuery{Should: []Query{law}, Boost: 2}, "(body:law)^2.0"},
		{&BoolQuery{Filter: []Query{law}}, "#body:law"},
		{&BoolQuery{Must: []Query{&DisMaxQuery{Disjuncts: []Query{fee}}}}, "body:fee"},
	} {
		if got := rewrittenString(c.q); got != c.want {
			t.Errorf("%s: %s, want %s", Describe(c.q), got, c.want)
		}
	}
}

func TestRewriteNoScoring(t *testing.T) {
	law := &TermQuery{Field: "body", Term: "law"}
	fee := &TermQuery{Field: "body", Term: "fee"}
	for _, c := range []struct {
		q    Query
		want string
	}{
		{&BoolQuery{Must: []Query{law}, Should: []Query{fee}}, "#body:law"},
		{&BoolQuery{Must: []Query{law}, Should: []Query{fee}, MinimumShouldMatch: 1}, "(body:fee #body:law)~1"},
		{&BoolQuery{Should: []Query{law, fee}, MustNot: []Query{fee}}, "-body:fee body:law body:fee"},
		{law, "body:law"},
	} {
		if got := rewrittenString(rewriteNoScoring(c.q)); got != c.want {
			t.Errorf("%s: %s, want %s", Describe(c.q), got, c.want)
		}
	}
}
