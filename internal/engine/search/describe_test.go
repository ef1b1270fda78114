package search

import (
	"math"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/similarity"
)

func TestDescribe(t *testing.T) {
	i64 := func(v int64) *int64 { return &v }
	f32 := func(v float32) *float32 { return &v }
	term := func(f, t string) *TermQuery { return &TermQuery{Field: f, Term: t} }
	for _, c := range []struct {
		q    Query
		want string
	}{
		{nil, "<nil>"},
		{term("body", "law"), "body:law"},
		{&TermQuery{Field: "body", Term: "law", Boost: 2}, "(body:law)^2.0"},
		{&TermQuery{Field: "body", Term: "law", Boost: 1}, "body:law"},
		{&PhraseQuery{Field: "body", Terms: []string{"governing", "law"}}, `body:"governing law"`},
		{&PhraseQuery{Field: "body", Terms: []string{"governing", "law"}, Slop: 2, Boost: 0.5}, `(body:"governing law"~2)^0.5`},
		{&PrefixQuery{Field: "name", Prefix: "licen"}, "name:licen*"},
		{&FuzzyQuery{Field: "body", Term: "law", MaxEdits: 2, MaxExpansions: 50, Transpositions: true}, "body:law~2"},
		{&MatchAllQuery{}, "*:*"},
		{&MatchAllQuery{Boost: 50}, "(*:*)^50.0"},
		{&MatchNoneQuery{}, `MatchNoDocsQuery("")`},
		{&MatchNoneQuery{Reason: `User requested "match_none" query.`}, `MatchNoDocsQuery("User requested "match_none" query.")`},
		// Lucene's clause order (OpenSearch adds must, must_not, should,
		// filter) and marks; sub-bools in parentheses.
		{&BoolQuery{Filter: []Query{term("a", "f")}, Should: []Query{term("a", "s")}, MustNot: []Query{term("a", "n")}, Must: []Query{term("a", "m")}},
			"+a:m -a:n a:s #a:f"},
		{&BoolQuery{Should: []Query{term("a", "x"), &BoolQuery{Must: []Query{term("a", "y"), term("a", "z")}}}}, "a:x (+a:y +a:z)"},
		{&BoolQuery{Should: []Query{term("a", "x"), term("a", "y")}, MinimumShouldMatch: 2}, "(a:x a:y)~2"},
		{&BoolQuery{Should: []Query{term("a", "x")}, MinimumShouldMatch: 1, Boost: 2}, "((a:x)~1)^2.0"},
		// A boosted bool is a BoostQuery: no extra parentheses in a parent.
		{&BoolQuery{Must: []Query{&BoolQuery{Should: []Query{term("a", "x")}, Boost: 3}}}, "+(a:x)^3.0"},
		{&BoolQuery{}, ""},
		{&DisMaxQuery{Disjuncts: []Query{term("name", "x"), term("body", "x")}, TieBreaker: 1}, "(name:x | body:x)~1.0"},
		{&DisMaxQuery{Disjuncts: []Query{term("name", "x"), &BoolQuery{Should: []Query{term("body", "x"), term("body", "y")}}}}, "(name:x | (body:x body:y))"},
		{&DisMaxQuery{TieBreaker: 1}, "()~1.0"},
		{&DisMaxQuery{Disjuncts: []Query{term("a", "b")}, TieBreaker: 0.5, Boost: 2}, "((a:b)~0.5)^2.0"},
		{&ConstantScoreQuery{Query: &BoolQuery{Should: []Query{term("a", "b")}}}, "ConstantScore(a:b)"},
		{&ConstantScoreQuery{Query: term("a", "b"), Boost: 2}, "(ConstantScore(a:b))^2.0"},
		{&TermSetQuery{Field: "_id", Terms: []string{"en/2", "en/1", "en/2"}}, "_id:(en/1 en/2)"},
		{&RangeQuery{Field: "group_size", Lower: i64(2), Upper: i64(9)}, "group_size:[2 TO 9]"},
		{&RangeQuery{Field: "filing_date", Lower: i64(0)}, "filing_date:[0 TO 9223372036854775807]"},
		{&RangeQuery{Field: "filing_date", Upper: i64(-1), Boost: 2}, "(filing_date:[-9223372036854775808 TO -1])^2.0"},
		{&RankFeatureQuery{Field: "weight_rank", Function: Saturation{Pivot: f32(16)}, Boost: 50},
			"(FeatureQuery(field=_feature, feature=weight_rank, function=SaturationFunction(pivot=16.0)))^50.0"},
		{&RankFeatureQuery{Field: "weight_rank", Function: Saturation{}}, "FeatureQuery(field=_feature, feature=weight_rank, function=SaturationFunction(pivot=null))"},
		{&RankFeatureQuery{Field: "weight_rank", Function: Log{ScalingFactor: 4}}, "FeatureQuery(field=_feature, feature=weight_rank, function=LogFunction(scalingFactor=4.0))"},
		{&RankFeatureQuery{Field: "weight_rank", Function: Sigmoid{Pivot: 7, Exponent: 0.6}}, "FeatureQuery(field=_feature, feature=weight_rank, function=SigmoidFunction(pivot=7.0, a=0.6))"},
		{&RankFeatureQuery{Field: "weight_rank", Function: Linear{}}, "FeatureQuery(field=_feature, feature=weight_rank, function=LinearFunction)"},
		// Nested: OpenSearch adds the _nested_path filter only when the
		// child query might match other documents (NestedHelper).
		{&NestedQuery{Path: "sections", Query: term("sections.name", "notices")}, "ToParentBlockJoinQuery (sections.name:notices)"},
		{&NestedQuery{Path: "sections", Query: term("name", "notices")}, "ToParentBlockJoinQuery (+name:notices #_nested_path:sections)"},
		{&NestedQuery{Path: "sections", Query: &MatchAllQuery{}}, "ToParentBlockJoinQuery (+*:* #_nested_path:sections)"},
		{&NestedQuery{Path: "sections", Query: &MatchNoneQuery{}}, `ToParentBlockJoinQuery (MatchNoDocsQuery(""))`},
		{&NestedQuery{Path: "sections", Query: &PhraseQuery{Field: "sections.snippet", Terms: []string{"a", "b"}}},
			`ToParentBlockJoinQuery (+sections.snippet:"a b" #_nested_path:sections)`},
		{&NestedQuery{Path: "sections", Query: &BoolQuery{Filter: []Query{term("sections.type", "clause")}, Should: []Query{&PhraseQuery{Field: "sections.snippet", Terms: []string{"a", "b"}}}}},
			`ToParentBlockJoinQuery (sections.snippet:"a b" #sections.type:clause)`},
		{&NestedQuery{Path: "sections", Query: &BoolQuery{Should: []Query{term("sections.type", "a"), term("name", "b")}}},
			"ToParentBlockJoinQuery (+(sections.type:a name:b) #_nested_path:sections)"},
		{&NestedQuery{Path: "sections", Query: &BoolQuery{Should: []Query{term("sections.type", "a")}, MustNot: []Query{term("name", "b")}}},
			"ToParentBlockJoinQuery (-name:b sections.type:a)"},
		{&NestedQuery{Path: "sections", Query: &BoolQuery{Must: []Query{term("sections.type", "a")}, Should: []Query{term("name", "b")}}},
			"ToParentBlockJoinQuery (+sections.type:a name:b)"},
		{&NestedQuery{Path: "sections", Query: &BoolQuery{Must: []Query{term("name", "a")}, Filter: []Query{term("sections.type", "b")}}},
			"ToParentBlockJoinQuery (+name:a #sections.type:b)"},
		{&NestedQuery{Path: "sections", Query: &TermSetQuery{Field: "_id", Terms: []string{"x"}}, Boost: 2},
			"(ToParentBlockJoinQuery (+_id:(x) #_nested_path:sections))^2.0"},
		{&NestedQuery{Path: "sections", Query: &ConstantScoreQuery{Query: term("sections.type", "a")}}, "ToParentBlockJoinQuery (ConstantScore(sections.type:a))"},
	} {
		if got := Describe(c.q); got != c.want {
			t.Errorf("Describe(%#v) = %q, want %q", c.q, got, c.want)
		}
	}
}

func TestJavaFloat(t *testing.T) {
	for _, c := range []struct {
		f    float32
		want string
	}{
		{1, "1.0"}, {2, "2.0"}, {0.5, "0.5"}, {1.5, "1.5"}, {0.1, "0.1"}, {0.6, "0.6"}, {16, "16.0"}, {50, "50.0"},
		{100, "100.0"}, {1234567, "1234567.0"}, {1e7, "1.0E7"}, {1.5e7, "1.5E7"}, {0.001, "0.001"}, {0.0001, "1.0E-4"},
		{1.25e-5, "1.25E-5"}, {3.4028235e38, "3.4028235E38"}, {-2, "-2.0"}, {0, "0.0"}, {float32(math.Copysign(0, -1)), "-0.0"},
		{float32(math.Inf(1)), "Infinity"}, {float32(math.Inf(-1)), "-Infinity"}, {float32(math.NaN()), "NaN"},
		{1.0 / 3, "0.33333334"}, {123.456, "123.456"},
	} {
		if got := similarity.JavaFloatString(c.f); got != c.want {
			t.Errorf("JavaFloatString(%v) = %q, want %q", c.f, got, c.want)
		}
	}
}
