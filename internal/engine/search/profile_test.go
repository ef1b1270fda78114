package search

import (
	"context"
	"testing"
)

// TestProfileInvariants checks the profile's shape and the invariants its
// numbers keep (not wall-clock values): one shard per index, the query
// tree of createWeight calls with children inside their parent's time,
// scorer counts matching the collected documents, collectors and
// aggregations counted, and scores unchanged by profiling.
func TestProfileInvariants(t *testing.T) {
	s := NewSearcher(nestedCorpus(t), featureCorpus(t))
	q := &BoolQuery{
		Must:   []Query{&TermQuery{Field: "name", Term: "first"}},
		Should: []Query{&TermQuery{Field: "snippet", Term: "alpha"}, &TermQuery{Field: "name", Term: "second", Boost: 2}},
	}
	req := Request{
		Targets: []Target{{Index: "contract", Query: q}, {Index: "clause", Query: &MatchAllQuery{}, PostFilter: &MatchAllQuery{}}},
		Size:    10, Aggs: []TermsAgg{{Name: "idx", Field: IndexField, Size: 10}},
	}
	plain, err := s.Search(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	req.Profile = true
	res, err := s.Search(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if hitsString(res) != hitsString(plain) {
		t.Errorf("profiling changed the hits: %s, want %s", hitsString(res), hitsString(plain))
	}
	if len(res.Profile) != 2 || res.Profile[0].Index != "clause" || res.Profile[1].Index != "contract" {
		t.Fatalf("profiles: %+v", res.Profile)
	}
	contract := res.Profile[1]
	if len(contract.Query) != 1 {
		t.Fatalf("contract: %d query roots", len(contract.Query))
	}
	root := contract.Query[0]
	if root.Type != "BooleanQuery" || root.Description != Describe(q) || len(root.Children) != 3 {
		t.Fatalf("root %s %q with %d children", root.Type, root.Description, len(root.Children))
	}
	if root.Children[2].Type != "BoostQuery" || root.Children[0].Type != "TermQuery" {
		t.Errorf("children types %s, %s", root.Children[0].Type, root.Children[2].Type)
	}
	var walk func(n *ProfileNode)
	walk = func(n *ProfileNode) {
		b := n.Breakdown
		if b.CreateWeightCount != 1 || b.BuildScorerCount < 1 {
			t.Errorf("%s: create_weight_count %d, build_scorer_count %d", n.Description, b.CreateWeightCount, b.BuildScorerCount)
		}
		for _, c := range n.Children {
			if c.Breakdown.CreateWeight > b.CreateWeight {
				t.Errorf("%s: child create_weight %d above the parent's %d", c.Description, c.Breakdown.CreateWeight, b.CreateWeight)
			}
			walk(c)
		}
	}
	walk(root)
	// Every hit was reached by next_doc and scored once; a conjunction's
	// clauses are advanced, not nexted.
	if root.Breakdown.ScoreCount != int64(countIndex(res, "contract")) {
		t.Errorf("score_count %d, %d hits", root.Breakdown.ScoreCount, countIndex(res, "contract"))
	}
	clause := res.Profile[0]
	if len(clause.Collectors) != 1 || clause.Collectors[0].Name != "MultiCollector" || len(clause.Collectors[0].Children) != 2 ||
		clause.Collectors[0].Children[0].Reason != "search_post_filter" || clause.Collectors[0].Children[1].Reason != "aggregation" {
		t.Errorf("collectors: %+v", clause.Collectors)
	}
	if a := clause.Aggs; len(a) != 1 || a[0].CollectCount != int64(countIndex(res, "clause")) || a[0].Description != "idx" {
		t.Errorf("aggregations: %+v", a)
	}
}

func countIndex(r *Result, index string) int {
	n := 0
	for _, h := range r.Hits {
		if h.Index == index {
			n++
		}
	}
	return n
}
