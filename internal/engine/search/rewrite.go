package search

import (
	"fmt"
)

// The rewrite step: Query → Rewrite → Weight → Scorer → Collector.
//
// Lucene rewrites a query until it no longer changes (Query.rewrite to a
// fixpoint) and only then creates its weight. The engine does the same
// with Rewrite: every rule that changes the shape of the engine's tree
// (a phrase of one term is a term query, equal boolean clauses merge, …)
// and every check of a node's parameters lives here, so that building a
// weight is a plain translation of an already-rewritten node.
//
// Two kinds of Lucene rewrite stay outside Rewrite, on purpose:
//
//   - Rewrites that need the index's terms (a fuzzy query's expansion, a
//     prefix's terms) happen when the weight is built (multiterm.go):
//     their result has no node in the engine's tree (blended statistics,
//     per-segment term lists).
//   - Rewrites whose scores the engine's weights reproduce another way,
//     keeping the node: Lucene turns a dis_max of one disjunct into the
//     disjunct, a dis_max with tie breaker 1 into a BooleanQuery of SHOULD
//     clauses and a BooleanQuery of one clause into the clause; the engine
//     keeps those nodes (disjunction.go, flatten.go) so that profiles show
//     them. luceneRewrite applies these rules to name such a node as
//     Lucene's explanations and profiles name it; it never feeds a weight.

// Rewrite returns q rewritten the way the engine runs it: Lucene's
// structural rewrite rules applied until nothing changes, and each node's
// parameters checked (a bad one is an error, never a panic later). The
// result shares the nodes that did not change with q; q itself is never
// modified. Weights are built from rewritten queries only.
func Rewrite(q Query) (Query, error) {
	for {
		r, changed, err := rewriteOnce(q)
		if err != nil {
			return nil, err
		}
		if !changed {
			return r, nil
		}
		q = r
	}
}

// rewriteOnce applies every rule once, bottom-up, and reports whether
// anything changed.
func rewriteOnce(q Query) (Query, bool, error) {
	switch q := q.(type) {
	case nil:
		return nil, false, fmt.Errorf("nil query")
	case *PhraseQuery:
		return rewritePhrase(q)
	case *BoolQuery:
		return rewriteBool(q)
	case *DisMaxQuery:
		tie := q.TieBreaker
		if !(tie >= 0 && tie <= 1) { // NaN too
			return nil, false, fmt.Errorf("dis_max: tie breaker %v is not in [0, 1]", tie)
		}
		ds, changed, err := rewriteClauses(q.Disjuncts)
		if err != nil || !changed {
			return q, false, err
		}
		c := *q
		c.Disjuncts = ds
		return &c, true, nil
	case *ConstantScoreQuery:
		if q.Query == nil {
			return nil, false, fmt.Errorf("constant_score: nil query")
		}
		return rewriteInner(q, q.Query, func(inner Query) Query { c := *q; c.Query = inner; return &c })
	case *NestedQuery:
		return rewriteNested(q)
	}
	return q, false, nil
}

// rewritePhrase is PhraseQuery.rewrite: no terms match nothing, one term
// is a term query with the phrase's boost.
func rewritePhrase(q *PhraseQuery) (Query, bool, error) {
	if q.Slop < 0 {
		return nil, false, fmt.Errorf("phrase query on %s: negative slop %d", q.Field, q.Slop)
	}
	switch len(q.Terms) {
	case 0:
		return &MatchNoneQuery{Reason: "empty PhraseQuery"}, true, nil
	case 1:
		return &TermQuery{Field: q.Field, Term: q.Terms[0], Boost: q.Boost}, true, nil
	}
	return q, false, nil
}

// rewriteBool rewrites a BooleanQuery's clauses, then merges its equal
// MUST clauses, and its equal SHOULD clauses when minimum_should_match is
// at most 1 (dedup.go), then applies normaliseBool. Lucene's other
// BooleanQuery rewrites (a lone clause, nested disjunctions) keep the
// node in the engine: boolWeight reproduces their scores, and
// luceneRewrite names them.
func rewriteBool(q *BoolQuery) (Query, bool, error) {
	var lists [4][]Query
	changed := false
	for i, cs := range [4][]Query{q.Must, q.Should, q.Filter, q.MustNot} {
		r, ch, err := rewriteClauses(cs)
		if err != nil {
			return nil, false, err
		}
		lists[i], changed = r, changed || ch
	}
	must := dedupClauses(lists[0])
	should := lists[1]
	if q.MinimumShouldMatch <= 1 {
		should = dedupClauses(should)
	}
	c := q
	if changed || len(must) != len(q.Must) || len(should) != len(q.Should) {
		cp := *q
		cp.Must, cp.Should, cp.Filter, cp.MustNot = must, should, lists[2], lists[3]
		c, changed = &cp, true
	}
	if r, ok := normaliseBool(c); ok {
		return r, true, nil
	}
	return c, changed, nil
}

// normaliseBool applies the rules that decide what a BooleanQuery
// matches from its shape alone, as OpenSearch and Lucene decide them, so
// that boolWeight builds from a node that needs none of them:
//
//   - A query without positive clauses (only must_not clauses, or none)
//     matches every document but its exclusions: OpenSearch's
//     BoolQueryBuilder adds a match_all FILTER clause and rebuilds the
//     query without its minimum_should_match
//     (Queries.fixNegativeQueryIfNeeded; an empty bool matches all).
//   - A negative minimum_should_match is 0, as BooleanWeight reads it.
//   - Fewer SHOULD clauses than minimum_should_match (none at all, with
//     minimum_should_match ≥ 1, included) match nothing: Lucene 10's
//     BooleanQuery.rewrite ("SHOULD clause count less than
//     minimumNumberShouldMatch"); Lucene 8's BooleanWeight gives no
//     scorer.
//
// It reports whether it changed q, returning the new node.
func normaliseBool(q *BoolQuery) (Query, bool) {
	if len(q.Must)+len(q.Should)+len(q.Filter) == 0 {
		c := *q
		c.Filter = []Query{&MatchAllQuery{}}
		c.MinimumShouldMatch = 0
		return &c, true
	}
	if q.MinimumShouldMatch < 0 {
		c := *q
		c.MinimumShouldMatch = 0
		return &c, true
	}
	if q.MinimumShouldMatch > len(q.Should) {
		return &MatchNoneQuery{Reason: "SHOULD clause count less than minimumNumberShouldMatch"}, true
	}
	return q, false
}

// rewriteNested checks a nested query and rewrites its inner query.
func rewriteNested(q *NestedQuery) (Query, bool, error) {
	if q.Query == nil {
		return nil, false, fmt.Errorf("nested query on %s: nil inner query", q.Path)
	}
	if containsNested(q.Query) {
		return nil, false, fmt.Errorf("nested query on %s: a nested query inside a nested query is not supported", q.Path)
	}
	if q.ScoreMode < ScoreAvg || q.ScoreMode > ScoreNone {
		return nil, false, fmt.Errorf("nested query on %s: unknown score mode %d", q.Path, q.ScoreMode)
	}
	return rewriteInner(q, q.Query, func(inner Query) Query { c := *q; c.Query = inner; return &c })
}

// rewriteInner rewrites the query a wrapper holds once: the wrapper itself
// when nothing changed, else the copy `with` makes of it holding the new inner
// query.
func rewriteInner(q, inner Query, with func(inner Query) Query) (Query, bool, error) {
	r, changed, err := rewriteOnce(inner)
	if err != nil || !changed {
		return q, false, err
	}
	return with(r), true, nil
}

// rewriteClauses rewrites each clause of a list once; the list itself is
// returned when none changed.
func rewriteClauses(cs []Query) ([]Query, bool, error) {
	var out []Query
	for i, c := range cs {
		r, changed, err := rewriteOnce(c)
		if err != nil {
			return nil, false, err
		}
		if changed && out == nil {
			out = append(make([]Query, 0, len(cs)), cs[:i]...)
		}
		if out != nil {
			out = append(out, r)
		}
	}
	if out == nil {
		return cs, false, nil
	}
	return out, true, nil
}

// rewritten returns the target with its query and post filter rewritten.
func (t Target) rewritten() (Target, error) {
	q, err := Rewrite(t.Query)
	if err != nil {
		return t, err
	}
	t.Query = q
	if t.PostFilter != nil {
		if t.PostFilter, err = Rewrite(t.PostFilter); err != nil {
			return t, fmt.Errorf("post_filter: %w", err)
		}
	}
	return t, nil
}

// boostQuery is Lucene's BoostQuery around a query that already carries
// its own boost: it appears only in the trees luceneRewrite makes for
// naming, never in a tree a weight is built from.
type boostQuery struct {
	query Query
	boost float32
}

func (*boostQuery) isQuery() {}

// addedFilter is a filter OpenSearch adds around a query, which has no
// node in the engine's tree because the engine needs no such filter (the
// shard's non-nested filter, a nested child query's _nested_path
// filter): like boostQuery it appears only in trees made for naming and
// explanations, and renders as its text.
type addedFilter struct{ text string }

func (*addedFilter) isQuery() {}

// withAddedFilter is "+q #filter": the BooleanQuery OpenSearch builds
// when it adds a filter to q.
func withAddedFilter(q Query, filter string) *BoolQuery {
	return &BoolQuery{Must: []Query{q}, Filter: []Query{&addedFilter{text: filter}}}
}

// withNonNestedFilter is the query OpenSearch's shard runs for a target
// when it adds the non-nested filter (Target.NonNestedFilter): "+q
// #filter"; nil when it adds none (the shard runs the query itself).
func withNonNestedFilter(t *Target) *BoolQuery {
	if !t.NonNestedFilter {
		return nil
	}
	return withAddedFilter(t.Query, nonNestedFilter)
}

// withNestedPathFilter is the child query OpenSearch's
// NestedQueryBuilder builds when the inner query might match documents
// that are not the path's children (mightMatchNonNested): "+q
// #_nested_path:p"; nil when the child query is the inner query itself.
func withNestedPathFilter(q *NestedQuery) *BoolQuery {
	if !mightMatchNonNested(q.Query, q.Path) {
		return nil
	}
	return withAddedFilter(q.Query, "_nested_path:"+q.Path)
}

// luceneRewrite returns the query Lucene's rewrite makes of q's top node
// where the engine keeps the node but Lucene replaces it (see above): a
// dis_max of one disjunct is the disjunct (boosted by the dis_max's
// boost), a dis_max with tie breaker 1 a BooleanQuery of SHOULD clauses,
// an unboosted BooleanQuery of one MUST clause, or of one SHOULD clause
// with minimum_should_match at most 1, the clause. It is applied until
// the top no longer changes; clauses below are left as they are. q must
// be rewritten already (Rewrite).
func luceneRewrite(q Query) Query {
	for {
		r, ok := luceneRewriteTop(q)
		if !ok {
			return q
		}
		q = r
	}
}

// luceneRewriteTop applies luceneRewrite's rules once to q's top node.
func luceneRewriteTop(q Query) (Query, bool) {
	switch q := q.(type) {
	case *DisMaxQuery:
		if r, ok := loneDisjunct(q); ok {
			return r, true
		}
		return disMaxAsBool(q)
	case *BoolQuery:
		if effectiveBoost(q.Boost) != 1 {
			return q, false
		}
		// Naming keeps every filter: a non-scoring clause's text is
		// Lucene's before its filters are simplified.
		if lb := luceneBoolTop(q, false); lb.lone && lb.occur != OccurFilter {
			return lb.clause, true
		}
	}
	return q, false
}

// luceneBool is what Lucene's BooleanQuery.rewrite makes of the top of a
// rewritten bool where the engine keeps the node (boolWeight reproduces
// the scores): explanations follow it, and luceneRewrite names a
// one-clause bool by it.
type luceneBool struct {
	// kept[i] reports whether q.Filter[i] stays: Lucene removes match-all
	// filters when another filter or a must clause remains.
	kept []bool
	// lone is set when the query is one clause, which it rewrites to
	// ("optimize 1-clause queries"): a must or should clause is the
	// clause, a filter a ConstantScoreQuery of it with boost 0; occur
	// and index say which clause (index in its list).
	lone   bool
	occur  Occur
	index  int
	clause Query
	// matchAll is q's only must clause when it is a match-all and
	// filters remain: Lucene rewrites the match-all, the filters and the
	// exclusions to a ConstantScoreQuery with the match-all's boost,
	// keeping the should clauses.
	matchAll *MatchAllQuery
}

// luceneBoolTop applies luceneBool's rules to q, removing match-all
// filters only when dropMatchAll is set.
func luceneBoolTop(q *BoolQuery, dropMatchAll bool) luceneBool {
	lb := luceneBool{kept: make([]bool, len(q.Filter))}
	filters := 0
	for i, f := range q.Filter {
		_, all := f.(*MatchAllQuery)
		lb.kept[i] = !(dropMatchAll && all && (len(q.Filter) > 1 || len(q.Must) > 0))
		if lb.kept[i] {
			filters++
		}
	}
	n := len(q.Must) + len(q.Should) + filters + len(q.MustNot)
	switch {
	case n == 1 && len(q.Must) == 1:
		lb.lone, lb.occur, lb.clause = true, OccurMust, q.Must[0]
	case n == 1 && len(q.Should) == 1 && q.MinimumShouldMatch <= 1:
		lb.lone, lb.occur, lb.clause = true, OccurShould, q.Should[0]
	case n == 1 && filters == 1 && q.MinimumShouldMatch == 0:
		lb.lone, lb.occur = true, OccurFilter
		for i, k := range lb.kept {
			if k {
				lb.index, lb.clause = i, q.Filter[i]
			}
		}
	case len(q.Must) == 1 && filters > 0:
		lb.matchAll, _ = q.Must[0].(*MatchAllQuery)
	}
	return lb
}

// constantFiltersText is the text of the ConstantScoreQuery Lucene makes
// of "+*:* #f… -n…" (luceneBool.matchAll): the lone filter's, or the
// bool of the filters and exclusions.
func constantFiltersText(q *BoolQuery) string {
	if len(q.Filter) == 1 && len(q.MustNot) == 0 {
		return rewrittenString(q.Filter[0])
	}
	return Describe(&BoolQuery{MustNot: q.MustNot, Filter: q.Filter})
}

// loneDisjunct is DisjunctionMaxQuery.rewrite of one disjunct: the
// disjunct, under the dis_max's boost.
func loneDisjunct(q *DisMaxQuery) (Query, bool) {
	if len(q.Disjuncts) != 1 {
		return q, false
	}
	c := q.Disjuncts[0]
	if effectiveBoost(q.Boost) == 1 {
		return c, true
	}
	return &boostQuery{query: luceneRewrite(c), boost: q.Boost}, true
}

// disMaxAsBool is DisjunctionMaxQuery.rewrite with tie breaker 1: a
// BooleanQuery of SHOULD clauses, which sums the same scores.
func disMaxAsBool(q *DisMaxQuery) (Query, bool) {
	if q.TieBreaker != 1 || len(q.Disjuncts) == 1 {
		return q, false
	}
	return &BoolQuery{Should: q.Disjuncts, Boost: q.Boost}, true
}

// rewriteNoScoring is Lucene 10's BooleanQuery.rewriteNoScoring, what a
// ConstantScoreQuery's rewrite makes of a boolean it wraps: required
// clauses become filters, and should clauses are dropped when something
// is required and minimum_should_match is 0. Other queries are returned
// as they are. Like luceneRewrite it only names a node (a nested query in
// score mode none).
func rewriteNoScoring(q Query) Query {
	b, ok := q.(*BoolQuery)
	if !ok {
		return q
	}
	nb := &BoolQuery{MustNot: b.MustNot, Filter: append(append([]Query(nil), b.Must...), b.Filter...), MinimumShouldMatch: b.MinimumShouldMatch}
	if b.MinimumShouldMatch > 0 || len(b.Must)+len(b.Filter) == 0 {
		nb.Should = b.Should
	}
	return nb
}
