package search

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
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
