package search

import (
	"context"
	"strings"
	"testing"
)

// TestExplanationValuesAreScores checks the invariant every explanation
// keeps: it matches, and its value is the hit's score bit for bit, for
// every query type, boosts, nested score modes and several segments.
func TestExplanationValuesAreScores(t *testing.T) {
	s := NewSearcher(nestedCorpus(t), featureCorpus(t))
	pivot := float32(10)
	sections := func(q Query, mode ScoreMode) Query {
		return &NestedQuery{Path: "sections", Query: q, ScoreMode: mode}
	}
	queries := map[string]Query{
		"term":      &TermQuery{Field: "name", Term: "first", Boost: 2},
		"match_all": &MatchAllQuery{Boost: 0.5},
		"bool": &BoolQuery{
			Must:    []Query{&MatchAllQuery{}},
			Should:  []Query{&TermQuery{Field: "name", Term: "second"}, &PrefixQuery{Field: "name", Prefix: "th", Boost: 3}},
			MustNot: []Query{&TermQuery{Field: "name", Term: "fourth"}},
		},
		"filter only": &BoolQuery{Filter: []Query{&TermQuery{Field: "name", Term: "first"}}},
		"match_all and filter": &BoolQuery{
			Must:   []Query{&MatchAllQuery{Boost: 2}},
			Filter: []Query{&TermSetQuery{Field: "name", Terms: []string{"first", "third"}}},
		},
		"dis_max": &DisMaxQuery{TieBreaker: 0.3, Disjuncts: []Query{
			&TermQuery{Field: "name", Term: "first"}, &FuzzyQuery{Field: "name", Term: "firs", MaxEdits: 1}}},
		"dis_max tie 1": &DisMaxQuery{TieBreaker: 1, Disjuncts: []Query{
			&TermQuery{Field: "name", Term: "first"}, &TermQuery{Field: "snippet", Term: "alpha"}}},
		"constant_score": &ConstantScoreQuery{Query: &TermQuery{Field: "name", Term: "second"}, Boost: 4},
		"nested avg":     sections(&TermQuery{Field: "sections.snippet", Term: "alpha"}, ScoreAvg),
		"nested min":     sections(&TermQuery{Field: "sections.snippet", Term: "alpha"}, ScoreMin),
		"nested sum":     sections(&PhraseQuery{Field: "sections.snippet", Terms: []string{"alpha", "bravo"}}, ScoreSum),
		"nested sloppy":  sections(&PhraseQuery{Field: "sections.snippet", Terms: []string{"charlie", "alpha"}, Slop: 3}, ScoreMax),
		"nested none":    sections(&TermQuery{Field: "sections.snippet", Term: "alpha"}, ScoreNone),
		"nested all":     sections(&MatchAllQuery{}, ScoreAvg),
	}
	featureQueries := map[string]Query{
		"rank_feature": &RankFeatureQuery{Field: "weight_rank", Function: Saturation{Pivot: &pivot}, Boost: 50},
		"log":          &RankFeatureQuery{Field: "weight_rank", Function: Log{ScalingFactor: 2}},
	}
	run := func(index string, qs map[string]Query) {
		for name, q := range qs {
			res, err := s.Search(context.Background(), Request{Targets: []Target{{Index: index, Query: q, NonNestedFilter: index == "contract"}}, Size: 10, Explain: true})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if len(res.Hits) == 0 {
				t.Errorf("%s: no hits", name)
			}
			for _, h := range res.Hits {
				e := h.Explanation
				if e == nil || !e.Match {
					t.Errorf("%s: hit %s: explanation %v", name, h.ID, e)
					continue
				}
				if v := e.Value.Float32(); v != h.Score {
					t.Errorf("%s: hit %s: explanation value %v, score %v\n%s", name, h.ID, v, h.Score, e)
				}
			}
		}
	}
	run("contract", queries)
	run("clause", featureQueries)
}

// TestExplanationTexts pins the Lucene 10 texts of a few trees.
func TestExplanationTexts(t *testing.T) {
	s := NewSearcher(nestedCorpus(t))
	explain := func(q Query, nonNested bool) string {
		t.Helper()
		res, err := s.Search(context.Background(), Request{Targets: []Target{{Index: "contract", Query: q, NonNestedFilter: nonNested}}, Size: 1, Explain: true})
		if err != nil || len(res.Hits) == 0 {
			t.Fatalf("%v: %v hits, %v", Describe(q), len(res.Hits), err)
		}
		return res.Hits[0].Explanation.String()
	}
	got := explain(&NestedQuery{Path: "sections", Query: &TermQuery{Field: "sections.snippet", Term: "alpha"}, ScoreMode: ScoreAvg}, false)
	first := strings.SplitN(got, "\n", 3)
	if first[0] != "0.26017404 = Score based on 2 child docs in range from 0 to 1, using score mode Avg" ||
		first[1] != "  0.27436534 = weight(sections.snippet:alpha in 1) [PerFieldSimilarity], result of:" {
		t.Errorf("nested:\n%s", got)
	}
	got = explain(&MatchAllQuery{}, true)
	if got != "1.0 = ConstantScore(FieldExistsQuery [field=_primary_term])\n" {
		t.Errorf("match_all with the non-nested filter:\n%s", got)
	}
	got = explain(&BoolQuery{Must: []Query{&TermQuery{Field: "name", Term: "first"}}, Filter: []Query{&PrefixQuery{Field: "name", Prefix: "fir"}}}, false)
	want := "  0.0 = match on required clause, product of:\n    0.0 = # clause\n    1.0 = name:fir*\n"
	if !strings.HasPrefix(got, "0.") || !strings.Contains(got, " = sum of:\n  ") || !strings.HasSuffix(got, want) {
		t.Errorf("bool with a filter:\n%s", got)
	}
}
