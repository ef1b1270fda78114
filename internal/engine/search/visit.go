package search

// Visitors: the one place that knows which queries hold other queries and
// which scorers hold other scorers. A measure or a search over a tree
// (inner hits, highlighting terms, the deadline's work, the cost of moving
// a scorer) keeps its own logic and asks these for the children.

// Occur says how a clause takes part in its parent, as Lucene's
// BooleanClause.Occur tells a QueryVisitor's sub-visitor.
type Occur uint8

// The occurrences of clauses: a bool's four lists; a dis_max's disjuncts
// are Should, a constant_score's query is Filter and a nested query's
// inner query Must, as their Lucene queries visit them.
const (
	OccurMust Occur = iota
	OccurShould
	OccurFilter
	OccurMustNot
)

// Clauses calls fn with each direct clause of q, in clause order (a
// bool's must, should, filter then must_not clauses), and how it occurs.
// Leaf queries have none; a missing (nil) clause is skipped.
func Clauses(q Query, fn func(c Query, o Occur)) {
	each := func(cs []Query, o Occur) {
		for _, c := range cs {
			if c != nil {
				fn(c, o)
			}
		}
	}
	switch q := q.(type) {
	case *BoolQuery:
		each(q.Must, OccurMust)
		each(q.Should, OccurShould)
		each(q.Filter, OccurFilter)
		each(q.MustNot, OccurMustNot)
	case *DisMaxQuery:
		each(q.Disjuncts, OccurShould)
	case *ConstantScoreQuery:
		if q.Query != nil {
			fn(q.Query, OccurFilter)
		}
	case *NestedQuery:
		if q.Query != nil {
			fn(q.Query, OccurMust)
		}
	}
}

// Walk visits q and every query below it, depth first in clause order,
// telling whether each lies under a must_not clause.
func Walk(q Query, visit func(q Query, underMustNot bool)) { walkQuery(q, false, visit) }

func walkQuery(q Query, underMustNot bool, visit func(q Query, underMustNot bool)) {
	visit(q, underMustNot)
	Clauses(q, func(c Query, o Occur) {
		walkQuery(c, underMustNot || o == OccurMustNot, visit)
	})
}

// subScorers calls fn with each scorer s combines or wraps: a boolean
// scorer's clauses (required, should, must_not), a disjunction's, the
// scorer a constant score, a records-only filter, a profile timer or a
// block join wraps. Leaf scorers have none.
func subScorers(s Scorer, fn func(Scorer)) {
	switch s := s.(type) {
	case *boolScorer:
		for _, list := range [][]sub{s.req, s.should, s.mustNot} {
			for _, c := range list {
				fn(c.s)
			}
		}
	case *disjunctionScorer:
		for _, c := range s.subs {
			fn(c.s)
		}
	case *constScorer:
		fn(s.inner)
	case *recordsOnly:
		fn(s.inner)
	case *profScorer:
		fn(s.in)
	case *blockJoinScorer:
		fn(s.child)
	}
}

// sumSubScorers is the sum of measure over s's sub-scorers, and whether
// s has any.
func sumSubScorers(s Scorer, measure func(Scorer) int) (int, bool) {
	n, has := 0, false
	subScorers(s, func(c Scorer) {
		n += measure(c)
		has = true
	})
	return n, has
}
