package search

import "reflect"

// Lucene's BooleanQuery.rewrite merges equal clauses: equal SHOULD clauses
// when minimum_should_match is at most 1, and equal MUST clauses, become
// one clause whose boost is the sum of theirs (summed in float64, then
// rounded to float32). The matches are the same, but the score is not the
// sum of the copies' scores to the bit: the merged boost enters BM25's
// weight before the term frequency does. simple_query_string makes such
// clauses from repeated words ("agreement agreement …"), which Form A
// passes through unchanged.

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
	)
	for _, c := range cs {
		b := float64(effectiveBoost(ownBoost(c)))
		j := -1
		for i, o := range out {
			if sameUnboosted(o, c) {
				j = i
				break
			}
		}
		if j >= 0 {
			sums[j] += b
			merged = true
			continue
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
	if ta, ok := a.(*TermQuery); ok { // the common case, without reflection
		tb := b.(*TermQuery)
		return ta.Field == tb.Field && ta.Term == tb.Term
	}
	return reflect.DeepEqual(withOwnBoost(a, 0), withOwnBoost(b, 0))
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
