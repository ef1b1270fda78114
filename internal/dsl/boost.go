package dsl

import (
	"math"
	"strconv"
	"strings"

	"github.com/contractsearch/contractsearch/internal/apierr"
)

// Boosts are floats in OpenSearch: a clause's boost becomes a Lucene
// BoostQuery, a field's weight too, and a BoostQuery refuses a boost that
// is not a finite non-negative float ("boost must be a positive float,
// got Infinity"); nested boosts multiply (BoostQuery.rewrite merges them,
// and weights pass theirs down), so a chain of finite ones can overflow
// as well, and the scores become infinite or NaN. OpenSearch answers 400
// where Lucene throws; checkBoosts refuses every such request at
// validation, for both backends, with Lucene's message.

// checkBoosts reports the first boost of q, or product of the boosts on
// a path from q down to a clause or field, that is not a finite float.
func checkBoosts(q Query) error {
	return boostsUnder(q, 1)
}

func boostsUnder(q Query, outer float32) error {
	var own *float64
	var children []Query
	var fields []string
	switch q := q.(type) {
	case *BoolQuery:
		own = q.Boost
		for _, list := range [][]Query{q.Must, q.Should, q.Filter, q.MustNot} {
			children = append(children, list...)
		}
	case *NestedQuery:
		own, children = q.Boost, []Query{q.Query}
	case *SimpleQueryStringQuery:
		own, fields = q.Boost, q.Fields
	case *MatchAllQuery:
		own = q.Boost
	case *MatchPhraseQuery:
		own = q.Boost
	case *TermQuery:
		own = q.Boost
	case *TermsQuery:
		own = q.Boost
	case *RangeQuery:
		own = q.Boost
	case *RankFeatureQuery:
		own = q.Boost
	}
	p := outer
	if own != nil {
		b := float32(*own)
		if err := finiteBoost(b, "the ["+q.Kind()+"] boost "+strconv.FormatFloat(*own, 'g', -1, 64)+" is"); err != nil {
			return err
		}
		p *= b
	}
	if err := finiteBoost(p, "the boosts of nested clauses multiply"); err != nil {
		return err
	}
	for _, f := range fields {
		_, weight, ok := strings.Cut(f, "^")
		if !ok {
			continue
		}
		w, _ := strconv.ParseFloat(weight, 32) // validFieldSpec checked it parses
		if err := finiteBoost(float32(w), "the weight of ["+f+"] is"); err != nil {
			return err
		}
		if err := finiteBoost(p*float32(w), "the boosts of nested clauses and of ["+f+"] multiply"); err != nil {
			return err
		}
	}
	for _, c := range children {
		if c == nil {
			continue
		}
		if err := boostsUnder(c, p); err != nil {
			return err
		}
	}
	return nil
}

// finiteBoost is BoostQuery's check of b, as a float; what says where b
// comes from.
func finiteBoost(b float32, what string) error {
	if msg := boostOverflow(b, what); msg != "" {
		return apierr.BadRequest("%s", msg)
	}
	return nil
}

// boostOverflow is the message refusing b, or "" when b is finite.
func boostOverflow(b float32, what string) string {
	if !math.IsInf(float64(b), 0) && !math.IsNaN(float64(b)) {
		return ""
	}
	return "boost must be a positive float, got " + javaFloatText(b) + ": " + what + " beyond the largest float (3.4028235E38)"
}

// javaFloatText is Float.toString of the values finiteBoost refuses.
func javaFloatText(b float32) string {
	switch {
	case math.IsNaN(float64(b)):
		return "NaN"
	case b < 0:
		return "-Infinity"
	}
	return "Infinity"
}
