package search

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateShapes = flag.Bool("update-shapes", false, "rewrite testdata/bool_shapes.golden from the current code")

// TestBoolShapesGolden pins what the rewrite rules decide for boolean
// queries of every shape Lucene's BooleanQuery.rewrite and OpenSearch's
// BoolQueryBuilder treat apart (one clause of each kind, pure negative
// queries, minimum_should_match beyond the should clauses, match-all
// filters, "+*:* #filter", nested disjunctions, and the same under a
// parent and a nested query): the rewritten query's text, the profile's
// node types and texts, and each hit with its score and explanation. The
// golden file was written before the rules moved into Rewrite; it must
// not change when they move.
func TestBoolShapesGolden(t *testing.T) {
	s := NewSearcher(nestedCorpus(t))
	first := &TermQuery{Field: "name", Term: "first"}
	second := &TermQuery{Field: "name", Term: "second"}
	alpha := &TermQuery{Field: "snippet", Term: "alpha"}
	fourth := &TermQuery{Field: "name", Term: "fourth"}
	prefix := &PrefixQuery{Field: "name", Prefix: "th"}
	all := &MatchAllQuery{}
	shapes := []struct {
		name string
		q    Query
	}{
		{"one must", &BoolQuery{Must: []Query{first}}},
		{"one must boosted", &BoolQuery{Must: []Query{first}, Boost: 2}},
		{"one should", &BoolQuery{Should: []Query{second}}},
		{"one should msm 1", &BoolQuery{Should: []Query{second}, MinimumShouldMatch: 1}},
		{"one should msm 2", &BoolQuery{Should: []Query{second}, MinimumShouldMatch: 2}},
		{"one filter", &BoolQuery{Filter: []Query{prefix}}},
		{"one filter msm 1", &BoolQuery{Filter: []Query{prefix}, MinimumShouldMatch: 1}},
		{"one must_not", &BoolQuery{MustNot: []Query{fourth}}},
		{"two must_not", &BoolQuery{MustNot: []Query{fourth, second}}},
		{"must_not msm 1", &BoolQuery{MustNot: []Query{fourth}, MinimumShouldMatch: 1}},
		{"empty", &BoolQuery{}},
		{"negative msm", &BoolQuery{Should: []Query{first, second}, MinimumShouldMatch: -1}},
		{"msm beyond should", &BoolQuery{Must: []Query{all}, Should: []Query{first, second}, MinimumShouldMatch: 3}},
		{"msm without should", &BoolQuery{Must: []Query{prefix}, MinimumShouldMatch: 1}},
		{"msm equal should", &BoolQuery{Should: []Query{first, alpha}, MinimumShouldMatch: 2}},
		{"should only", &BoolQuery{Should: []Query{first, second, alpha}}},
		{"must and should", &BoolQuery{Must: []Query{alpha}, Should: []Query{first, second}}},
		{"match_all filter and must", &BoolQuery{Must: []Query{first}, Filter: []Query{all}}},
		{"match_all filter alone", &BoolQuery{Filter: []Query{all}}},
		{"match_all among filters", &BoolQuery{Filter: []Query{all, prefix}}},
		{"match_all among filters and must_not", &BoolQuery{Filter: []Query{all, prefix}, MustNot: []Query{fourth}}},
		{"must match_all and filter", &BoolQuery{Must: []Query{&MatchAllQuery{Boost: 2}}, Filter: []Query{prefix}}},
		{"must match_all, filters, must_not, should", &BoolQuery{Must: []Query{all}, Filter: []Query{prefix, all},
			MustNot: []Query{fourth}, Should: []Query{alpha}}},
		{"must match_all and two filters", &BoolQuery{Must: []Query{all}, Filter: []Query{prefix, &TermSetQuery{Field: "name", Terms: []string{"third", "first"}}}}},
		{"nested disjunction", &BoolQuery{Should: []Query{&BoolQuery{Should: []Query{first, second}}, alpha}}},
		{"lone should disjunction", &BoolQuery{Should: []Query{&BoolQuery{Should: []Query{first, second}}}}},
		{"boosted nested disjunction", &BoolQuery{Should: []Query{&BoolQuery{Should: []Query{first, second}, Boost: 3}, alpha}}},
		{"dis_max tie 1 in should", &BoolQuery{Should: []Query{&DisMaxQuery{TieBreaker: 1, Disjuncts: []Query{first, alpha}}, second}}},
		{"dis_max of one", &DisMaxQuery{Disjuncts: []Query{&BoolQuery{Must: []Query{first}}}, Boost: 2}},
		{"pure negative under must", &BoolQuery{Must: []Query{&BoolQuery{MustNot: []Query{fourth}}}, Should: []Query{alpha}}},
		{"msm beyond should under should", &BoolQuery{Should: []Query{&BoolQuery{Should: []Query{first}, MinimumShouldMatch: 2}, alpha}}},
		{"one filter under must", &BoolQuery{Must: []Query{&BoolQuery{Filter: []Query{prefix}}, alpha}}},
		{"constant_score of bool", &ConstantScoreQuery{Query: &BoolQuery{Must: []Query{first}, Should: []Query{alpha}}, Boost: 3}},
		{"nested bool", &NestedQuery{Path: "sections", ScoreMode: ScoreSum, Query: &BoolQuery{
			Must: []Query{&TermQuery{Field: "sections.snippet", Term: "alpha"}}, MustNot: []Query{&TermQuery{Field: "sections.type", Term: "definition"}}}}},
		{"nested pure negative", &NestedQuery{Path: "sections", ScoreMode: ScoreSum, Query: &BoolQuery{MustNot: []Query{&TermQuery{Field: "sections.type", Term: "clause"}}}}},
		{"nested none bool", &NestedQuery{Path: "sections", ScoreMode: ScoreNone, Query: &BoolQuery{
			Must: []Query{&TermQuery{Field: "sections.snippet", Term: "alpha"}}, Should: []Query{&TermQuery{Field: "sections.type", Term: "clause"}}}}},
		{"nested match_all must", &NestedQuery{Path: "sections", Query: &BoolQuery{Must: []Query{all}, Filter: []Query{&TermQuery{Field: "sections.type", Term: "clause"}}}}},
	}
	var out strings.Builder
	for _, c := range shapes {
		for _, nonNested := range []bool{false, true} {
			fmt.Fprintf(&out, "== %s (non-nested filter %v)\n", c.name, nonNested)
			r, err := Rewrite(c.q)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			fmt.Fprintf(&out, "query:     %s\nrewritten: %s\n", Describe(c.q), Describe(r))
			res, err := s.Search(context.Background(), Request{Targets: []Target{{Index: "contract", Query: c.q, NonNestedFilter: nonNested}},
				Size: 10, Explain: true, Profile: true})
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			fmt.Fprintf(&out, "hits: %s\n", hitsString(res))
			for _, p := range res.Profile {
				for _, n := range p.Query {
					writeProfileShape(&out, n, 0)
				}
			}
			for _, h := range res.Hits {
				fmt.Fprintf(&out, "explain %s:\n%s", h.ID, h.Explanation)
			}
		}
	}
	path := filepath.Join("testdata", "bool_shapes.golden")
	if *updateShapes {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run TestBoolShapesGolden -update-shapes writes it)", err)
	}
	if got := out.String(); got != string(want) {
		t.Errorf("bool shapes differ from %s:\n%s", path, firstDiff(got, string(want)))
	}
}

// writeProfileShape writes a profile node's type and text, indented by
// depth, and its children's: the parts of a profile that do not depend
// on the clock.
func writeProfileShape(b *strings.Builder, n *ProfileNode, depth int) {
	fmt.Fprintf(b, "profile %s%s %s\n", strings.Repeat("  ", depth), n.Type, n.Description)
	for _, c := range n.Children {
		writeProfileShape(b, c, depth+1)
	}
}

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n got  %q\n want %q", i+1, gl, wl)
		}
	}
	return "(same lines)"
}
