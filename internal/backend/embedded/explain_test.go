package embedded

import (
	"encoding/json"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/internal/engine/similarity"
	"github.com/contractsearch/contractsearch/mappings"
)

func TestExplanationJSON(t *testing.T) {
	e := similarity.Match(similarity.Float(1.5), `sum of: "a" <b>`,
		similarity.Match(similarity.Int(7), "n"), similarity.Match(similarity.Float(1e-4), "tiny"))
	got := string(explanationJSON(nil, &e))
	want := `{"value":1.5,"description":"sum of: \"a\" <b>","details":[{"value":7,"description":"n","details":[]},{"value":1.0E-4,"description":"tiny","details":[]}]}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	var v any
	if err := json.Unmarshal([]byte(got), &v); err != nil {
		t.Error(err)
	}
}

func TestProfileJSONShape(t *testing.T) {
	shards := []search.ShardProfile{{
		Index: "contract",
		Query: []*search.ProfileNode{{Type: "BooleanQuery", Description: "+a #b",
			Children: []*search.ProfileNode{{Type: "TermQuery", Description: "a"}}}},
		Collectors: []search.CollectorProfile{{Name: "SimpleTopScoreDocCollector", Reason: "search_top_hits"}},
		Aggs:       []search.AggProfile{{Type: "GlobalOrdinalsStringTermsAggregator", Description: "category"}},
	}}
	var p struct {
		Shards []struct {
			ID       string `json:"id"`
			In       *int   `json:"inbound_network_time_in_millis"`
			Searches []struct {
				Query []struct {
					Type      string           `json:"type"`
					Breakdown map[string]int64 `json:"breakdown"`
					Children  []map[string]any `json:"children"`
				} `json:"query"`
				RewriteTime *int64           `json:"rewrite_time"`
				Collector   []map[string]any `json:"collector"`
			} `json:"searches"`
			Aggregations []map[string]any `json:"aggregations"`
		} `json:"shards"`
	}
	if err := json.Unmarshal(profileJSON(shards), &p); err != nil {
		t.Fatal(err)
	}
	s := p.Shards[0]
	if s.ID != "[embedded][contract][0]" || s.In == nil || len(s.Searches) != 1 || s.Searches[0].RewriteTime == nil {
		t.Fatalf("shard: %+v", s)
	}
	q := s.Searches[0].Query[0]
	if q.Type != "BooleanQuery" || len(q.Breakdown) != 18 || len(q.Children) != 1 {
		t.Errorf("query node: %+v", q)
	}
	for _, k := range []string{"create_weight", "build_scorer", "next_doc", "advance", "match", "score", "shallow_advance",
		"compute_max_score", "set_min_competitive_score"} {
		if _, ok := q.Breakdown[k]; !ok {
			t.Errorf("breakdown lacks %s", k)
		}
		if _, ok := q.Breakdown[k+"_count"]; !ok {
			t.Errorf("breakdown lacks %s_count", k)
		}
	}
	if _, leaf := q.Children[0]["children"]; leaf {
		t.Error("a leaf has children")
	}
	if len(s.Aggregations) != 1 || len(s.Searches[0].Collector) != 1 {
		t.Errorf("aggregations %v, collectors %v", s.Aggregations, s.Searches[0].Collector)
	}
}

func TestNonNestedFilter(t *testing.T) {
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	contract, clause := m.Index("contract"), m.Index("clause")
	for _, c := range []struct {
		q    search.Query
		want bool
	}{
		{&search.TermQuery{Field: "body", Term: "law"}, false},
		{&search.TermQuery{Field: "sections.type", Term: "clause"}, true},
		{&search.MatchAllQuery{}, true},
		{&search.PhraseQuery{Field: "body", Terms: []string{"a", "b"}}, true},
		{&search.NestedQuery{Path: "sections", Query: &search.MatchAllQuery{}}, false},
		{&search.BoolQuery{Must: []search.Query{&search.MatchAllQuery{}}, Filter: []search.Query{&search.TermQuery{Field: "body", Term: "x"}}}, false},
		{&search.BoolQuery{MustNot: []search.Query{&search.TermQuery{Field: "body", Term: "x"}}}, true},
		{&search.TermQuery{Field: "_id", Term: "x"}, true},
	} {
		if got := nonNestedFilter(contract, c.q); got != c.want {
			t.Errorf("%s: %v, want %v", search.Describe(c.q), got, c.want)
		}
		if nonNestedFilter(clause, c.q) && len(clause.NestedPaths) == 0 {
			t.Errorf("%s: filter on an index without nested mappings", search.Describe(c.q))
		}
	}
}
