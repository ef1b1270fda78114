package search

// Lucene's BooleanQuery.rewrite inlines a SHOULD clause that is itself a
// BooleanQuery of SHOULD clauses only (minimum_should_match ≤ 1, no
// BoostQuery around it) into a parent whose minimum_should_match is at
// most 1 ("flatten nested disjunctions", in Lucene 8.8 as in 10). The
// matches are the same, but the parent then sums every leaf's score in
// float64 and rounds once, where the nested form rounds the inner sum to
// float32 first: a last-bit difference that OpenSearch's scores show.
//
// Such nested disjunctions arise from fuzzy queries (a BooleanQuery of
// their terms), dis_max with tie breaker 1 (rewritten to a BooleanQuery),
// and bool queries of should clauses only: simple_query_string builds all
// three.

// disjunctionWeight is implemented by weights of queries that Lucene may
// rewrite to a BooleanQuery of SHOULD clauses. disjunctionClauses returns
// those clauses (themselves already flattened), or nil when the query is
// not such a disjunction as created (a boost wraps it, or
// minimum_should_match exceeds 1).
type disjunctionWeight interface {
	weight
	disjunctionClauses() []weight
}

// appendShould appends a SHOULD clause's weight to ws, inlining a nested
// disjunction's clauses.
func appendShould(ws []weight, w weight) []weight {
	if d, ok := w.(disjunctionWeight); ok {
		if cs := d.disjunctionClauses(); cs != nil {
			return append(ws, cs...)
		}
	}
	return append(ws, w)
}

// opaque hides a weight's disjunctionWeight side: a BoostQuery around a
// disjunction stops the inlining.
type opaque struct{ weight }

// boosted returns w, made opaque if the query's own boost is not 1.
func boosted(w weight, ownBoost float32) weight {
	if effectiveBoost(ownBoost) == 1 {
		return w
	}
	if d, ok := w.(disjunctionWeight); ok && d.disjunctionClauses() != nil {
		return opaque{w}
	}
	return w
}
