package search

import (
	"strings"
	"testing"
)

func TestClauses(t *testing.T) {
	a, b, c, d := &TermQuery{Field: "f", Term: "a"}, &TermQuery{Field: "f", Term: "b"}, &TermQuery{Field: "f", Term: "c"}, &TermQuery{Field: "f", Term: "d"}
	for _, tc := range []struct {
		q    Query
		want string
	}{
		{&BoolQuery{MustNot: []Query{d}, Filter: []Query{c}, Should: []Query{b}, Must: []Query{a, nil}}, "f:a/must f:b/should f:c/filter f:d/must_not"},
		{&DisMaxQuery{Disjuncts: []Query{a, b}}, "f:a/should f:b/should"},
		{&ConstantScoreQuery{Query: a}, "f:a/filter"},
		{&ConstantScoreQuery{}, ""},
		{&NestedQuery{Path: "p", Query: a}, "f:a/must"},
		{a, ""},
		{&MatchAllQuery{}, ""},
	} {
		var got []string
		Clauses(tc.q, func(c Query, o Occur) {
			got = append(got, Describe(c)+"/"+[...]string{"must", "should", "filter", "must_not"}[o])
		})
		if s := strings.Join(got, " "); s != tc.want {
			t.Errorf("%s: %q, want %q", Describe(tc.q), s, tc.want)
		}
	}
}

func TestWalk(t *testing.T) {
	a, b := &TermQuery{Field: "f", Term: "a"}, &TermQuery{Field: "f", Term: "b"}
	q := &BoolQuery{
		Must:    []Query{&NestedQuery{Path: "p", Query: &DisMaxQuery{Disjuncts: []Query{a}}}},
		MustNot: []Query{&BoolQuery{Should: []Query{&ConstantScoreQuery{Query: b}}}},
	}
	var got []string
	Walk(q, func(q Query, underMustNot bool) {
		s := strings.SplitN(Describe(q), " ", 2)[0]
		if underMustNot {
			s = "!" + s
		}
		got = append(got, s)
	})
	want := "+ToParentBlockJoinQuery | ToParentBlockJoinQuery | (f:a) | f:a | !ConstantScore(f:b) | !ConstantScore(f:b) | !f:b"
	if s := strings.Join(got, " | "); s != want {
		t.Errorf("got  %s\nwant %s", s, want)
	}
}
