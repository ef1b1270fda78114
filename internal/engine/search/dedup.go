package search

import (
	"reflect"
	"slices"
	"strings"
)

// Lucene's BooleanQuery.rewrite merges equal clauses: equal SHOULD clauses
// when minimum_should_match is at most 1, and equal MUST clauses, become
// one clause whose boost is the sum of theirs (summed in float64, then
// rounded to float32). The matches are the same, but the score is not the
// sum of the copies' scores to the bit: the merged boost enters BM25's
// weight before the term frequency does. simple_query_string makes such
// clauses from repeated words ("agreement agreement …"), which Form A
// passes through unchanged.

// pairwiseClauses is the clause count up to which dedupClauses compares
// clauses pairwise, without rendering them.
const pairwiseClauses = 16

// dedupClauses returns cs with equal clauses merged as Lucene merges them,
// in first-occurrence order (Lucene iterates a hash map; the order only
// changes a float64 sum), or cs itself when no two clauses are equal.
func dedupClauses(cs []Query) []Query {
	if len(cs) < 2 {
		return cs
	}
	var (
		out    []Query
		sums   []float64
		merged bool
		// byText groups out's indexes by their unboosted rendering when
		// there are many clauses, so a wide bool (up to MAX_CLAUSES) is
		// not compared pairwise: equal queries render alike.
		byText map[string][]int
		all    []int // 0 … len(out)-1, the candidates without byText
	)
	if len(cs) > pairwiseClauses {
		byText = make(map[string][]int, len(cs))
	}
	for _, c := range cs {
		b := float64(effectiveBoost(ownBoost(c)))
		var key string
		candidates := all
		if byText != nil {
			key = unboostedText(c)
			candidates = byText[key]
		}
		j := slices.IndexFunc(candidates, func(i int) bool { return sameUnboosted(out[i], c) })
		if j >= 0 {
			sums[candidates[j]] += b
			merged = true
			continue
		}
		if byText != nil {
			byText[key] = append(byText[key], len(out))
		} else {
			all = append(all, len(out))
		}
		out = append(out, c)
		sums = append(sums, b)
	}
	if !merged {
		return cs
	}
	for i, c := range out {
		if b := float32(sums[i]); b != effectiveBoost(ownBoost(c)) {
			out[i] = withOwnBoost(c, b)
		}
	}
	return out
}

// sameUnboosted reports whether a and b are the same query but for their
// own boosts: Lucene's Query.equals once BoostQuery wrappers are peeled.
func sameUnboosted(a, b Query) bool {
	if reflect.TypeOf(a) != reflect.TypeOf(b) {
		return false
	}
	switch ta := a.(type) {
	case *TermQuery: // the common case, without reflection
		tb := b.(*TermQuery)
		return ta.Field == tb.Field && ta.Term == tb.Term
	case *MatchNoneQuery:
		return true // MatchNoDocsQuery.equals ignores the reason
	}
	return reflect.DeepEqual(withOwnBoost(a, 0), withOwnBoost(b, 0))
}

// unboostedText is q's rendering without its own boost (its clauses keep
// theirs), a key equal queries share.
func unboostedText(q Query) string {
	if _, ok := q.(*MatchNoneQuery); ok {
		return "MatchNoDocsQuery" // equal whatever their reasons
	}
	var b strings.Builder
	describeNode(&b, q, false)
	return b.String()
}

// ownBoost is q's own boost (0 meaning 1).
func ownBoost(q Query) float32 {
	switch q := q.(type) {
	case *TermQuery:
		return q.Boost
	case *MatchAllQuery:
		return q.Boost
	case *BoolQuery:
		return q.Boost
	case *PhraseQuery:
		return q.Boost
	case *PrefixQuery:
		return q.Boost
	case *FuzzyQuery:
		return q.Boost
	case *DisMaxQuery:
		return q.Boost
	case *ConstantScoreQuery:
		return q.Boost
	case *TermSetQuery:
		return q.Boost
	case *RangeQuery:
		return q.Boost
	case *RankFeatureQuery:
		return q.Boost
	case *NestedQuery:
		return q.Boost
	}
	return 0
}

// withOwnBoost returns a shallow copy of q with its own boost set to b (q
// itself for a query without a boost).
func withOwnBoost(q Query, b float32) Query {
	switch q := q.(type) {
	case *TermQuery:
		c := *q
		c.Boost = b
		return &c
	case *MatchAllQuery:
		c := *q
		c.Boost = b
		return &c
	case *BoolQuery:
		c := *q
		c.Boost = b
		return &c
	case *PhraseQuery:
		c := *q
		c.Boost = b
		return &c
	case *PrefixQuery:
		c := *q
		c.Boost = b
		return &c
	case *FuzzyQuery:
		c := *q
		c.Boost = b
		return &c
	case *DisMaxQuery:
		c := *q
		c.Boost = b
		return &c
	case *ConstantScoreQuery:
		c := *q
		c.Boost = b
		return &c
	case *TermSetQuery:
		c := *q
		c.Boost = b
		return &c
	case *RangeQuery:
		c := *q
		c.Boost = b
		return &c
	case *RankFeatureQuery:
		c := *q
		c.Boost = b
		return &c
	case *NestedQuery:
		c := *q
		c.Boost = b
		return &c
	}
	return q
}
