package search

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// valueRecords returns clause-like records whose value field takes each of
// values count times.
func valueRecords(counts map[string]int) []string {
	var out []string
	for _, v := range slices.Sorted(maps.Keys(counts)) {
		for range counts[v] {
			out = append(out, fmt.Sprintf(`{"name":"governing law","value":%q}`, v))
		}
	}
	return out
}

func TestTermsAggregations(t *testing.T) {
	// Two indexes with twelve distinct values each: with size 1 each index
	// returns its top 11 (shard_size = 1 × 1.5 + 10), so the reduce cannot
	// see the twelfth values and reports an error bound.
	clauseCounts := map[string]int{"a": 9, "b": 8, "c": 7, "d": 6, "e": 5, "f": 4, "g": 3, "h": 3, "i": 2, "j": 2, "k": 2, "l": 1}
	defCounts := map[string]int{"b": 5, "m": 4, "n": 4, "o": 3, "p": 3, "q": 2, "r": 2, "s": 2, "t": 1, "u": 1, "v": 1, "w": 1}
	clauseRecords := valueRecords(clauseCounts)
	clause := buildIndex(t, "clause", clauseRecords[:30], clauseRecords[30:])
	def := buildIndex(t, "definition", valueRecords(defCounts))
	company := buildIndex(t, "company", []string{`{"name":"acme"}`, `{"name":"beta"}`})
	s := NewSearcher(clause, def, company)
	all := []string{"clause", "company", "definition"}

	tests := []struct {
		name    string
		indexes []string
		query   Query
		agg     TermsAgg
		want    TermsAggResult
	}{{
		name:    "index buckets by count then name",
		indexes: all,
		query:   &MatchAllQuery{},
		agg:     TermsAgg{Name: "by_index", Field: IndexField},
		want: TermsAggResult{Name: "by_index", Buckets: []Bucket{
			{"clause", 52}, {"definition", 29}, {"company", 2},
		}},
	}, {
		name:    "one index: exact counts, ties by key, the rest in other",
		indexes: []string{"clause"},
		query:   &MatchAllQuery{},
		agg:     TermsAgg{Name: "v", Field: "value", Size: 4},
		// 52 values, the top four hold 9+8+7+6 = 30.
		want: TermsAggResult{Name: "v", SumOtherDocCount: 22, Buckets: []Bucket{{"a", 9}, {"b", 8}, {"c", 7}, {"d", 6}}},
	}, {
		name:    "two indexes: shard_size truncation and the error bound",
		indexes: all,
		query:   &MatchAllQuery{},
		agg:     TermsAgg{Name: "v", Field: "value", Size: 1},
		// clause's page holds a..k (the last, k, counts 2) and leaves l (1)
		// out; definition's holds b..v in count-then-key order (the last, v,
		// counts 1) and leaves w (1) out; company has no value field. The
		// merged b (8+5) wins. Other: the left-out 1+1 plus the merged
		// buckets not returned, (51+28)−13: 68 = 81−13 in all. Error: 2+1.
		want: TermsAggResult{Name: "v", DocCountErrorUpperBound: 2 + 1, SumOtherDocCount: 81 - 13, Buckets: []Bucket{{"b", 13}}},
	}, {
		name:    "unmapped field counts nothing",
		indexes: []string{"company"},
		query:   &MatchAllQuery{},
		agg:     TermsAgg{Name: "v", Field: "value"},
		want:    TermsAggResult{Name: "v", Buckets: []Bucket{}},
	}, {
		name:    "only the query's matches count",
		indexes: []string{"clause"},
		query:   &TermQuery{Field: "value", Term: "c"},
		agg:     TermsAgg{Name: "v", Field: "value"},
		want:    TermsAggResult{Name: "v", Buckets: []Bucket{{"c", 7}}},
	}}
	// The same indexes searched at once, however small (parallel.go):
	// each keeps its own shard page, merged as before.
	concurrent := NewSearcher(clause, def, company)
	concurrent.parallelDocs, concurrent.helperDelay = 0, 0
	for _, tt := range tests {
		for name, s := range map[string]*Searcher{"one after another": s, "at once": concurrent} {
			t.Run(tt.name+"/"+name, func(t *testing.T) {
				r, err := s.Search(context.Background(), Request{Indexes: tt.indexes, Query: tt.query, Size: 0, Aggs: []TermsAgg{tt.agg}})
				if err != nil {
					t.Fatal(err)
				}
				if len(r.Aggs) != 1 || !reflect.DeepEqual(r.Aggs[0], tt.want) {
					t.Errorf("got %+v\nwant %+v", r.Aggs, tt.want)
				}
			})
		}
	}
}

func TestPostFilterAndTotals(t *testing.T) {
	clause := buildIndex(t, "clause",
		[]string{`{"name":"governing law","value":"governing law"}`, `{"name":"governing law and venue","value":"venue"}`},
		[]string{`{"name":"law","value":"governing law"}`, `{"name":"notices","value":"notices"}`})
	s := NewSearcher(clause)
	law := &TermQuery{Field: "name", Term: "law"}

	t.Run("post_filter keeps aggregations whole", func(t *testing.T) {
		r, err := s.Search(context.Background(), Request{
			Targets: []Target{{Index: "clause", Query: law, PostFilter: &TermQuery{Field: "value", Term: "venue"}}},
			Size:    10,
			Aggs:    []TermsAgg{{Name: "v", Field: "value"}},
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := ids(r); got != "r1" || r.Total != 1 || r.Relation != "eq" {
			t.Errorf("hits %s total %d %s; want r1, 1 eq", got, r.Total, r.Relation)
		}
		if r.MaxScore != r.Hits[0].Score {
			t.Errorf("max score %v is not the filtered hit's %v", r.MaxScore, r.Hits[0].Score)
		}
		want := []Bucket{{"governing law", 2}, {"venue", 1}}
		if !reflect.DeepEqual(r.Aggs[0].Buckets, want) {
			t.Errorf("buckets %v, want %v", r.Aggs[0].Buckets, want)
		}
	})
	t.Run("post_filter matching nothing in a segment", func(t *testing.T) {
		r, err := s.Search(context.Background(), Request{
			Targets: []Target{{Index: "clause", Query: &MatchAllQuery{}, PostFilter: &TermQuery{Field: "value", Term: "notices"}}},
			Size:    10,
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := ids(r); got != "r3" || r.Total != 1 {
			t.Errorf("hits %s total %d; want r3, 1", got, r.Total)
		}
	})
	for _, tt := range []struct {
		upTo     int
		total    int
		relation string
	}{{0, 3, "eq"}, {2, 2, "gte"}, {3, 3, "eq"}, {-1, 3, "eq"}} {
		t.Run(fmt.Sprintf("track_total_hits %d", tt.upTo), func(t *testing.T) {
			r, err := s.Search(context.Background(), Request{Indexes: []string{"clause"}, Query: law, Size: 1, TrackTotalHitsUpTo: tt.upTo})
			if err != nil {
				t.Fatal(err)
			}
			if r.Total != tt.total || r.Relation != tt.relation || len(r.Hits) != 1 {
				t.Errorf("total %d %s with %d hits; want %d %s with 1", r.Total, r.Relation, len(r.Hits), tt.total, tt.relation)
			}
		})
	}
}

// TestTermsAggregationPages checks the terms aggregation over two indexes
// against brute force: each index's page (the best shard_size buckets,
// chosen without a full sort, from ordinals when the index has one segment
// and from terms when it has several) as a full sort of its counts gives
// it, then OpenSearch's reduce. Values have many tied counts, so pages cut
// through ties.
func TestTermsAggregationPages(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	byCount := func(a, b Bucket) int {
		return cmp.Or(cmp.Compare(b.DocCount, a.DocCount), strings.Compare(a.Key, b.Key))
	}
	for round := range 40 {
		size := 1 + r.IntN(12)
		shardSize := int(float64(size)*1.5 + 10)
		var indexes []*Index
		merged := map[string]int64{}
		want := TermsAggResult{Name: "v"}
		for _, name := range []string{"clause", "definition"} {
			counts := map[string]int{}
			for range 1 + r.IntN(60) {
				counts[fmt.Sprintf("v%02d", r.IntN(80))] = 1 + r.IntN(3)
			}
			records := valueRecords(counts)
			r.Shuffle(len(records), func(i, j int) { records[i], records[j] = records[j], records[i] })
			if r.IntN(2) == 0 {
				indexes = append(indexes, buildIndex(t, name, records))
			} else {
				cut := r.IntN(len(records) + 1)
				indexes = append(indexes, buildIndex(t, name, records[:cut], records[cut:]))
			}
			var page []Bucket
			for k, n := range counts {
				page = append(page, Bucket{k, int64(n)})
			}
			slices.SortFunc(page, byCount)
			if len(page) >= shardSize {
				for _, b := range page[shardSize:] {
					want.SumOtherDocCount += b.DocCount
				}
				page = page[:shardSize]
				want.DocCountErrorUpperBound += page[len(page)-1].DocCount
			}
			for _, b := range page {
				merged[b.Key] += b.DocCount
			}
		}
		var all []Bucket
		for k, n := range merged {
			all = append(all, Bucket{k, n})
		}
		slices.SortFunc(all, byCount)
		want.Buckets = all[:min(size, len(all))]
		for _, b := range all[len(want.Buckets):] {
			want.SumOtherDocCount += b.DocCount
		}
		res, err := NewSearcher(indexes...).Search(context.Background(), Request{Indexes: []string{"clause", "definition"},
			Query: &MatchAllQuery{}, Aggs: []TermsAgg{{Name: "v", Field: "value", Size: size}}})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(res.Aggs[0], want) {
			t.Fatalf("round %d, size %d: got %+v\nwant %+v", round, size, res.Aggs[0], want)
		}
	}
}
