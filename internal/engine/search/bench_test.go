package search

import (
	"context"
	"fmt"
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
