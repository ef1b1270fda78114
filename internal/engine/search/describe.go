package search

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/contractsearch/contractsearch/internal/engine/similarity"
)

// Describe renders q as Lucene 10's Query.toString() renders the Lucene
// query OpenSearch builds for the same request, so that a translation can
// be checked against OpenSearch's (or the reference oracle's) query string
// and a profile can name its query nodes as OpenSearch does:
//
//	TermQuery          body:law
//	PhraseQuery        body:"governing law", body:"governing law"~2
//	PrefixQuery        name:licen*
//	FuzzyQuery         body:law~2
//	MatchAllQuery      *:*
//	MatchNoneQuery     MatchNoDocsQuery("unmapped fields [x]"), its Reason
//	BoolQuery          +must -must_not should #filter, sub-bools in
//	                   parentheses; (a b c)~2 with minimum_should_match
//	DisMaxQuery        (name:x | body:x)~1.0, no ~ when the tie is 0
//	ConstantScoreQuery ConstantScore(q)
//	TermSetQuery       _id:(a b), terms sorted and distinct
//	RangeQuery         filing_date:[1262304000000 TO 1293839999999]
//	RankFeatureQuery   FeatureQuery(field=_feature, feature=weight_rank, function=SaturationFunction(pivot=16.0))
//	NestedQuery        ToParentBlockJoinQuery (q)
//	any with Boost b   (q)^b, b as Java's Float.toString prints it
//
// The engine's tree is not Lucene's, so some renderings stand for the
// Lucene query rather than mirror a node:
//
//   - A NestedQuery's child is shown as OpenSearch's NestedQueryBuilder
//     builds it: when the child query might match documents other than the
//     path's children (NestedHelper.mightMatchNonNestedDocs: a match-all,
//     a query on a root or meta field, or any query type it does not
//     analyse, such as a phrase), Lucene's child query is the query plus a
//     _nested_path filter, "+q #_nested_path:sections". The engine needs no
//     such filter: its NestedQuery evaluates Query on children only.
//   - A node carries one boost where OpenSearch may stack BoostQuery
//     wrappers (a field boost inside a query boost); the product is shown
//     once, ((q)^2.0)^3.0 appearing as (q)^6.0.
//   - A nil bound of a RangeQuery prints as Long.MIN_VALUE or
//     Long.MAX_VALUE, as LongPoint does; the translation always sets both
//     bounds, to the field type's limits when the request leaves one open.
func Describe(q Query) string {
	var b strings.Builder
	describe(&b, q)
	return b.String()
}

// describe appends q's rendering to b.
func describe(b *strings.Builder, q Query) { describeNode(b, q, true) }

// describeNode appends q's rendering to b, with q's own boost or, when
// withBoost is false, without it (what a Lucene query under a BoostQuery
// prints); q's clauses keep theirs.
func describeNode(b *strings.Builder, q Query, withBoost bool) {
	own := func(boost float32) float32 {
		if withBoost {
			return boost
		}
		return 1
	}
	switch q := q.(type) {
	case nil:
		b.WriteString("<nil>")
	case *TermQuery:
		describeBoosted(b, own(q.Boost), func() {
			b.WriteString(q.Field)
			b.WriteByte(':')
			b.WriteString(q.Term)
		})
	case *PhraseQuery:
		describeBoosted(b, own(q.Boost), func() {
			b.WriteString(q.Field)
			b.WriteString(`:"`)
			b.WriteString(strings.Join(q.Terms, " "))
			b.WriteByte('"')
			if q.Slop != 0 {
				b.WriteByte('~')
				b.WriteString(strconv.Itoa(q.Slop))
			}
		})
	case *PrefixQuery:
		describeBoosted(b, own(q.Boost), func() {
			b.WriteString(q.Field)
			b.WriteByte(':')
			b.WriteString(q.Prefix)
			b.WriteByte('*')
		})
	case *FuzzyQuery:
		describeBoosted(b, own(q.Boost), func() {
			b.WriteString(q.Field)
			b.WriteByte(':')
			b.WriteString(q.Term)
			b.WriteByte('~')
			b.WriteString(strconv.Itoa(q.MaxEdits))
		})
	case *MatchAllQuery:
		describeBoosted(b, own(q.Boost), func() { b.WriteString("*:*") })
	case *MatchNoneQuery:
		// Lucene prints the reason as it is, quotes included.
		b.WriteString(`MatchNoDocsQuery("`)
		b.WriteString(q.Reason)
		b.WriteString(`")`)
	case *BoolQuery:
		describeBoosted(b, own(q.Boost), func() { describeBool(b, q) })
	case *DisMaxQuery:
		describeBoosted(b, own(q.Boost), func() {
			b.WriteByte('(')
			for i, d := range q.Disjuncts {
				if i > 0 {
					b.WriteString(" | ")
				}
				clause(b, d)
			}
			b.WriteByte(')')
			if q.TieBreaker != 0 {
				b.WriteByte('~')
				b.WriteString(similarity.JavaFloatString(q.TieBreaker))
			}
		})
	case *ConstantScoreQuery:
		describeBoosted(b, own(q.Boost), func() {
			b.WriteString("ConstantScore(")
			describe(b, q.Query)
			b.WriteByte(')')
		})
	case *TermSetQuery:
		describeBoosted(b, own(q.Boost), func() {
			terms := slices.Clone(q.Terms)
			slices.Sort(terms)
			b.WriteString(q.Field)
			b.WriteString(":(")
			b.WriteString(strings.Join(slices.Compact(terms), " "))
			b.WriteByte(')')
		})
	case *RangeQuery:
		describeBoosted(b, own(q.Boost), func() {
			lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
			if q.Lower != nil {
				lo = *q.Lower
			}
			if q.Upper != nil {
				hi = *q.Upper
			}
			b.WriteString(q.Field)
			b.WriteString(":[")
			b.WriteString(strconv.FormatInt(lo, 10))
			b.WriteString(" TO ")
			b.WriteString(strconv.FormatInt(hi, 10))
			b.WriteByte(']')
		})
	case *RankFeatureQuery:
		describeBoosted(b, own(q.Boost), func() {
			b.WriteString("FeatureQuery(field=_feature, feature=")
			b.WriteString(q.Field)
			b.WriteString(", function=")
			describeFeatureFunction(b, q.Function)
			b.WriteByte(')')
		})
	case *NestedQuery:
		describeBoosted(b, own(q.Boost), func() {
			b.WriteString("ToParentBlockJoinQuery (")
			if child := withNestedPathFilter(q); child != nil {
				describe(b, child)
			} else {
				describe(b, q.Query)
			}
			b.WriteByte(')')
		})
	case *addedFilter:
		// Only in trees made for naming (rewrite.go).
		b.WriteString(q.text)
	case *boostQuery:
		// Only in trees luceneRewrite makes: a BoostQuery around a query
		// that keeps its own boost.
		b.WriteByte('(')
		describe(b, q.query)
		b.WriteString(")^")
		b.WriteString(similarity.JavaFloatString(q.boost))
	default:
		b.WriteString("<unknown query>")
	}
}

// describeBoosted writes body, wrapped as Lucene's BoostQuery prints when boost is
// neither 0 (the engine's "unset") nor 1.
func describeBoosted(b *strings.Builder, boost float32, body func()) {
	if boost == 0 || boost == 1 {
		body()
		return
	}
	b.WriteByte('(')
	body()
	b.WriteString(")^")
	b.WriteString(similarity.JavaFloatString(boost))
}

// isBooleanQuery reports whether q renders as a bare Lucene BooleanQuery,
// which parent booleans and disjunctions wrap in parentheses (a boosted
// one is a BoostQuery and brings its own).
func isBooleanQuery(q Query) bool {
	bq, ok := q.(*BoolQuery)
	return ok && (bq.Boost == 0 || bq.Boost == 1)
}

// clause writes a sub-query of a boolean or disjunction.
func clause(b *strings.Builder, q Query) {
	if isBooleanQuery(q) {
		b.WriteByte('(')
		describe(b, q)
		b.WriteByte(')')
		return
	}
	describe(b, q)
}

// describeBool writes a BooleanQuery's clauses in the order OpenSearch's
// BoolQueryBuilder adds them: must, must_not, should, filter.
func describeBool(b *strings.Builder, q *BoolQuery) {
	msm := q.MinimumShouldMatch > 0
	if msm {
		b.WriteByte('(')
	}
	first := true
	for _, list := range []struct {
		mark    string
		clauses []Query
	}{{"+", q.Must}, {"-", q.MustNot}, {"", q.Should}, {"#", q.Filter}} {
		for _, c := range list.clauses {
			if !first {
				b.WriteByte(' ')
			}
			first = false
			b.WriteString(list.mark)
			clause(b, c)
		}
	}
	if msm {
		b.WriteString(")~")
		b.WriteString(strconv.Itoa(q.MinimumShouldMatch))
	}
}

func describeFeatureFunction(b *strings.Builder, f FeatureFunction) {
	switch f := f.(type) {
	case nil:
		b.WriteString("SaturationFunction(pivot=null)")
	case Saturation:
		b.WriteString("SaturationFunction(pivot=")
		if f.Pivot == nil {
			b.WriteString("null")
		} else {
			b.WriteString(similarity.JavaFloatString(*f.Pivot))
		}
		b.WriteByte(')')
	case Log:
		b.WriteString("LogFunction(scalingFactor=")
		b.WriteString(similarity.JavaFloatString(f.ScalingFactor))
		b.WriteByte(')')
	case Sigmoid:
		b.WriteString("SigmoidFunction(pivot=")
		b.WriteString(similarity.JavaFloatString(f.Pivot))
		b.WriteString(", a=")
		b.WriteString(similarity.JavaFloatString(f.Exponent))
		b.WriteByte(')')
	case Linear:
		b.WriteString("LinearFunction")
	default:
		b.WriteString("<unknown function>")
	}
}

// mightMatchNonNested is OpenSearch's NestedHelper.mightMatchNonNestedDocs
// on the Lucene query q stands for: whether it might match documents that
// are not children of path, in which case OpenSearch adds a _nested_path
// filter to a nested query's child query.
func mightMatchNonNested(q Query, path string) bool {
	switch q := q.(type) {
	case *ConstantScoreQuery:
		return mightMatchNonNested(q.Query, path)
	case *MatchAllQuery:
		return true
	case *MatchNoneQuery:
		return false
	case *TermQuery:
		return fieldOutsideNested(q.Field, path)
	case *TermSetQuery:
		if len(q.Terms) == 0 {
			return false
		}
		return fieldOutsideNested(q.Field, path)
	case *RangeQuery:
		return fieldOutsideNested(q.Field, path)
	case *BoolQuery:
		// Required clauses decide when there are any (each must be able
		// to); otherwise one should clause that might is enough.
		required, allRequired, someShould := false, true, false
		Clauses(q, func(c Query, o Occur) {
			switch o {
			case OccurMust, OccurFilter:
				required = true
				allRequired = allRequired && mightMatchNonNested(c, path)
			case OccurShould:
				someShould = someShould || mightMatchNonNested(c, path)
			}
		})
		if required {
			return allRequired
		}
		return someShould
	}
	return true
}

// fieldOutsideNested reports whether a query on field might match documents
// other than path's children: meta fields ("_id") and fields outside path
// might. (OpenSearch also answers false for unmapped fields; translated
// queries name mapped fields only.)
func fieldOutsideNested(field, path string) bool {
	return strings.HasPrefix(field, "_") || !strings.HasPrefix(field, path+".")
}
