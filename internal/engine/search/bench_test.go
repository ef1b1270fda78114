package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// BenchmarkSearch runs term and bool queries over 20,000 records; allocations
// per query must not grow with the number of matches.
func BenchmarkSearch(b *testing.B) {
	words := strings.Fields("agreement license supply term party exclusive royalty notice law court delaware york")
	r := rand.New(rand.NewPCG(1, 2))
	names := make([]string, 20000)
	for i := range names {
		var sb strings.Builder
		for j := range 3 + r.IntN(8) {
			if j > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(words[r.IntN(len(words))])
		}
		names[i] = sb.String()
	}
	s := NewSearcher(companyIndex(&testing.T{}, names...))
	queries := []struct {
		name string
		q    Query
	}{
		{"term", &TermQuery{Field: "name", Term: "license"}},
		{"and", &BoolQuery{Must: []Query{&TermQuery{Field: "name", Term: "license"}, &TermQuery{Field: "name", Term: "royalty"}}}},
		{"or", &BoolQuery{Should: []Query{&TermQuery{Field: "name", Term: "license"}, &TermQuery{Field: "name", Term: "royalty"}, &TermQuery{Field: "name", Term: "court"}}}},
		{"match_all", &MatchAllQuery{}},
	}
	for _, q := range queries {
		b.Run(q.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Search(context.Background(), Request{Indexes: []string{"company"}, Query: q.q, Size: 10}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkNestedRangeFeature runs range, rank_feature and nested queries
// over 5,000 contract records with 0–7 sections each (about 17,500
// documents), in two segments.
func BenchmarkNestedRangeFeature(b *testing.B) {
	words := strings.Fields("agreement license supply term party exclusive royalty notice law court delaware york")
	r := rand.New(rand.NewPCG(3, 4))
	text := func(n int) string {
		var sb strings.Builder
		for j := range n {
			if j > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(words[r.IntN(len(words))])
		}
		return sb.String()
	}
	var segs [2][]string
	for i := range 5000 {
		var secs []string
		for range r.IntN(8) {
			typ := "clause"
			if r.IntN(3) == 0 {
				typ = "definition"
			}
			secs = append(secs, fmt.Sprintf(`{"type":%q,"name":%q,"snippet":%q}`, typ, text(2), text(5+r.IntN(30))))
		}
		src := fmt.Sprintf(`{"name":%q,"group_size":%d,"filing_date":"%s","weight_rank":%d,"sections":[%s]}`,
			text(3), 1+r.IntN(20), time.Date(1995+r.IntN(25), time.Month(1+r.IntN(12)), 1+r.IntN(28), 0, 0, 0, 0, time.UTC).Format("2006-01-02"),
			1+r.IntN(100), strings.Join(secs, ","))
		segs[i%2] = append(segs[i%2], src)
	}
	s := NewSearcher(buildIndex(b, "contract", segs[0], segs[1]))
	ms := func(y int) *int64 { v := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli(); return &v }
	pivot := float32(16)
	law := &TermQuery{Field: "sections.snippet", Term: "law"}
	queries := []struct {
		name string
		q    Query
	}{
		{"range_int", &RangeQuery{Field: "group_size", Lower: i64(5), Upper: i64(10)}},
		{"range_date", &RangeQuery{Field: "filing_date", Lower: ms(2005), Upper: ms(2010)}},
		{"feature_pivot", &RankFeatureQuery{Field: "weight_rank", Function: Saturation{Pivot: &pivot}, Boost: 50}},
		{"feature_default_pivot", &RankFeatureQuery{Field: "weight_rank"}},
		{"feature_log", &RankFeatureQuery{Field: "weight_rank", Function: Log{ScalingFactor: 4}}},
		{"nested_avg", &NestedQuery{Path: "sections", Query: law}},
		{"nested_sum_inner_hits", &NestedQuery{Path: "sections", ScoreMode: ScoreSum, Query: law, InnerHits: &InnerHitsSpec{Size: 3}}},
		{"nested_match_all", &NestedQuery{Path: "sections", Query: &MatchAllQuery{}}},
		{"bool_all_three", &BoolQuery{
			Must:   []Query{&NestedQuery{Path: "sections", Query: &BoolQuery{Must: []Query{law}, Filter: []Query{&TermQuery{Field: "sections.type", Term: "clause"}}}, InnerHits: &InnerHitsSpec{Size: 3}}},
			Filter: []Query{&RangeQuery{Field: "filing_date", Lower: ms(2000)}},
			Should: []Query{&RankFeatureQuery{Field: "weight_rank", Function: Saturation{Pivot: &pivot}, Boost: 50}},
		}},
	}
	for _, q := range queries {
		b.Run(q.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Search(context.Background(), Request{Indexes: []string{"contract"}, Query: q.q, Size: 10}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkScorers runs the sloppy phrase, prefix, fuzzy, dis_max,
// constant-score and term-set scorers over 20,000 records whose names mix
// a dozen words with their near variants (so fuzzy queries expand to
// several terms and prefixes to many); allocations per query must not
// grow with the number of matches.
func BenchmarkScorers(b *testing.B) {
	words := strings.Fields("agreement license licence licensed licensee licensor licenses supply supplier supplies term party exclusive royalty notice law court delaware york")
	r := rand.New(rand.NewPCG(3, 4))
	names := make([]string, 20000)
	for i := range names {
		var sb strings.Builder
		for j := range 3 + r.IntN(10) {
			if j > 0 {
				sb.WriteByte(' ')
			}
			if r.IntN(20) == 0 {
				fmt.Fprintf(&sb, "lic%03d", r.IntN(200)) // many terms under one prefix
			} else {
				sb.WriteString(words[r.IntN(len(words))])
			}
		}
		names[i] = sb.String()
	}
	s := NewSearcher(companyIndex(&testing.T{}, names...))
	term := func(t string) Query { return &TermQuery{Field: "name", Term: t} }
	queries := []struct {
		name string
		q    Query
	}{
		{"phrase_exact", &PhraseQuery{Field: "name", Terms: []string{"license", "supply"}}},
		{"phrase_slop2", &PhraseQuery{Field: "name", Terms: []string{"license", "supply"}, Slop: 2}},
		{"phrase_slop3_repeated", &PhraseQuery{Field: "name", Terms: []string{"license", "supply", "license"}, Slop: 3}},
		{"prefix_few", &PrefixQuery{Field: "name", Prefix: "supp"}},
		{"prefix_bitset", &PrefixQuery{Field: "name", Prefix: "lic"}},
		{"fuzzy", &FuzzyQuery{Field: "name", Term: "licence", MaxEdits: 2, MaxExpansions: 50, Transpositions: true}},
		{"dismax", &DisMaxQuery{Disjuncts: []Query{term("license"), term("royalty"), term("court")}, TieBreaker: 0.3}},
		{"terms", &TermSetQuery{Field: "name", Terms: []string{"license", "royalty", "court"}}},
		{"constant_score", &ConstantScoreQuery{Query: &PhraseQuery{Field: "name", Terms: []string{"license", "supply"}, Slop: 1}}},
	}
	for _, q := range queries {
		b.Run(q.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Search(context.Background(), Request{Indexes: []string{"company"}, Query: q.q, Size: 10}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPruning runs, over 40,000 contract records with skewed
// rank features, Form A's browse (match_all + rank_feature), a
// disjunction, a conjunction and a term query three ways: counting every
// match (no pruning), with the default track_total_hits (pruned past
// 10,000 matches) and with track_total_hits 100.
func BenchmarkPruning(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	words := strings.Fields("agreement license supply term party exclusive royalty notice law court delaware york payment audit breach")
	var segs [2][]string
	for i := range 40000 {
		var sb strings.Builder
		for j := range 3 + r.IntN(30) {
			if j > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(words[min(r.IntN(len(words)), r.IntN(len(words)))])
		}
		rank := 1 + r.IntN(4)
		if r.IntN(100) == 0 {
			rank = 1 + r.IntN(1000)
		}
		segs[i%2] = append(segs[i%2], fmt.Sprintf(`{"name":%q,"weight_rank":%d}`, sb.String(), rank))
	}
	s := NewSearcher(buildIndex(b, "contract", segs[0], segs[1]))
	pivot := float32(16)
	term := func(t string) Query { return &TermQuery{Field: "name", Term: t} }
	queries := []struct {
		name string
		q    Query
	}{
		{"browse", &BoolQuery{Must: []Query{&MatchAllQuery{}}, Should: []Query{&RankFeatureQuery{Field: "weight_rank", Function: Saturation{Pivot: &pivot}, Boost: 10}}}},
		{"or", &BoolQuery{Should: []Query{term("agreement"), term("royalty"), term("audit")}}},
		{"and", &BoolQuery{Must: []Query{term("agreement"), term("license")}}},
		{"term", term("agreement")},
	}
	for _, q := range queries {
		for _, t := range []struct {
			name  string
			limit int
		}{{"exhaustive", -1}, {"default", 0}, {"limit100", 100}} {
			b.Run(q.name+"/"+t.name, func(b *testing.B) {
				for b.Loop() {
					if _, err := s.Search(context.Background(), Request{Indexes: []string{"contract"}, Query: q.q, Size: 10, TrackTotalHitsUpTo: t.limit}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
