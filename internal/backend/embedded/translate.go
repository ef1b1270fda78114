package embedded

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/analysis"
	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/internal/engine/similarity"
	"github.com/contractsearch/contractsearch/internal/simplequery"
	"github.com/contractsearch/contractsearch/mappings"
)

// Translator builds engine queries for one logical index from the gateway's
// DSL, with the rules OpenSearch 3.x applies on that index's shard. It is
// immutable and safe for concurrent use.
type Translator struct {
	index *mappings.Index
	// singleValued reports whether every document of the index, nested
	// ones included, holds exactly one value of a numeric field; nil means
	// unknown (never).
	singleValued func(field string) bool
	analyzer     *analysis.Analyzer
}

// NewTranslator returns the translator for index.
//
// singleValued answers what OpenSearch's must_not-range rewrite reads from
// the shard's point values: whether every Lucene document of the index
// (nested children included, so never for an index with nested sections)
// has exactly one value of the given numeric or date field. Only then does
// OpenSearch 3.x turn the single must_not range on that field into a
// scoring must clause of the range's complement. A nil function disables
// the rewrite, which changes scores wherever OpenSearch would apply it.
func NewTranslator(index *mappings.Index, singleValued func(field string) bool) *Translator {
	return &Translator{index: index, singleValued: singleValued, analyzer: analysis.NewStandard(maxTokenLength)}
}

// maxTokenLength is the standard analyzer's max_token_length in every
// mapping file.
const maxTokenLength = 255

// Query translates a request's query. Nested clauses outside must_not carry
// their inner hits, as OpenSearch extracts them from the query (not from
// must_not, whose matches are never hits).
//
// The error, if any, is a *ShardError: the index's shard failure.
func (t *Translator) Query(q dsl.Query) (search.Query, error) {
	return t.translate(q, true)
}

// Filter translates a post_filter: like Query, but OpenSearch extracts no
// inner hits from a post filter.
func (t *Translator) Filter(q dsl.Query) (search.Query, error) {
	return t.translate(q, false)
}

func (t *Translator) translate(q dsl.Query, innerHits bool) (search.Query, error) {
	tr := &translation{t: t, innerHits: innerHits}
	if innerHits {
		// SearchService extracts inner hits before it builds the query, so
		// a duplicate name fails the shard whatever the rewrites drop.
		if err := checkInnerHitNames(q, map[string]bool{}); err != nil {
			return nil, t.fail(err)
		}
	}
	out, err := tr.query(q)
	if err != nil {
		return nil, t.fail(err)
	}
	return out, nil
}

// fail stamps err with the index name.
func (t *Translator) fail(err error) error {
	if se, ok := err.(*ShardError); ok {
		se.Index = t.index.Name
		return se
	}
	return &ShardError{Index: t.index.Name, Type: "query_shard_exception", Reason: "failed to create query: " + err.Error()}
}

// ShardError is a failure to build one index's query: what OpenSearch
// reports as that shard's failure (in _shards.failures, or as the whole
// response's error when every shard fails) while the other indexes answer.
// Its JSON form is the failure's "reason" object.
type ShardError struct {
	// Index is the logical index whose query failed.
	Index string
	// Type and Reason are OpenSearch's exception type and message, e.g.
	// query_shard_exception and "failed to create query: [nested] failed to
	// find nested object under path [sections]".
	Type, Reason string
	// CausedBy is the exception the failure wraps, or nil.
	CausedBy *Cause
	// Unsupported marks a request OpenSearch would answer but the embedded
	// engine cannot (the Reason says what); it is still reported as this
	// index's failure.
	Unsupported bool
}

// Cause is the caused_by member of a failure.
type Cause struct {
	Type, Reason string
}

// Error returns the type and reason.
func (e *ShardError) Error() string {
	return fmt.Sprintf("index [%s]: %s: %s", e.Index, e.Type, e.Reason)
}

// MarshalJSON renders the failure's reason object as OpenSearch does:
// {"type", "reason", "index", "caused_by": {"type", "reason"}}.
func (e *ShardError) MarshalJSON() ([]byte, error) {
	type cause struct {
		Type   string `json:"type"`
		Reason string `json:"reason"`
	}
	out := struct {
		Type     string `json:"type"`
		Reason   string `json:"reason"`
		Index    string `json:"index,omitempty"`
		CausedBy *cause `json:"caused_by,omitempty"`
	}{Type: e.Type, Reason: e.Reason, Index: e.Index}
	if e.CausedBy != nil {
		out.CausedBy = &cause{e.CausedBy.Type, e.CausedBy.Reason}
	}
	return json.Marshal(out)
}

// failedToCreate is QueryShardContext.toQuery's wrapping of an exception
// thrown while building a query: a query_shard_exception whose reason is
// "failed to create query: " and the cause's message.
func failedToCreate(causeType, format string, args ...any) *ShardError {
	msg := fmt.Sprintf(format, args...)
	return &ShardError{Type: "query_shard_exception", Reason: "failed to create query: " + msg,
		CausedBy: &Cause{Type: causeType, Reason: msg}}
}

// illegalArgument is an IllegalArgumentException thrown while building.
func illegalArgument(format string, args ...any) *ShardError {
	return failedToCreate("illegal_argument_exception", format, args...)
}

// numberFormat is Java's NumberFormatException for s.
func numberFormat(s string) *ShardError {
	return failedToCreate("number_format_exception", "For input string: \"%s\"", s)
}

// queryShardException is a QueryShardException thrown as is (toQuery does
// not wrap those).
func queryShardException(format string, args ...any) *ShardError {
	return &ShardError{Type: "query_shard_exception", Reason: fmt.Sprintf(format, args...)}
}

// unsupported reports what OpenSearch accepts but the engine cannot run.
func unsupported(format string, args ...any) *ShardError {
	e := failedToCreate("illegal_argument_exception", format+" is not supported by the embedded engine", args...)
	e.Unsupported = true
	return e
}

// rewrittenNone is OpenSearch's MatchNoneQueryBuilder: what a clause
// becomes when the shard's rewrite phase already knows it matches nothing
// (term, terms or range on an unmapped field, _index naming another index,
// terms without values, a bool with such a required clause).
// BoolQueryBuilder's rewrite short-circuits on those before building any
// clause (see rewritesToNone), so errors the other clauses would raise never
// happen. Lucene's MatchNoDocsQuery built at query time (a match_phrase on
// an unmapped field, nested with ignore_unmapped) does not short-circuit.
// Both are a MatchNoneQuery in the engine.
func rewrittenNone() search.Query { return noDocs(`User requested "match_none" query.`) }

// noDocs is Queries.newMatchNoDocsQuery(reason), or Lucene's
// MatchNoDocsQuery() with an empty reason: the reason is what a profile
// prints for the node (`MatchNoDocsQuery("…")`).
func noDocs(reason string) search.Query { return &search.MatchNoneQuery{Reason: reason} }

// unmappedFields is Queries.newUnmappedFieldsQuery (and, for one name,
// newUnmappedFieldQuery): "unmapped fields " and the names as Java prints
// a collection, "[a, b]".
func unmappedFields(names ...string) search.Query {
	return noDocs("unmapped fields [" + strings.Join(names, ", ") + "]")
}

// lenientField is Queries.newLenientFieldQuery(field, e), the query a
// lenient match builds for a field whose term query failed: "failed
// [field] query, caused by " and the exception's name and message,
// "illegal_argument_exception:[…]".
func lenientField(field string, err error) search.Query {
	name, msg := exceptionOf(err)
	return noDocs("failed [" + field + "] query, caused by " + name + ":[" + msg + "]")
}

// lenientQuery is SimpleQueryStringQueryParser.rethrowUnlessLenient's
// query for a prefix or fuzzy leaf that failed: "failed query, caused
// by " and the exception's message alone.
func lenientQuery(err error) search.Query {
	_, msg := exceptionOf(err)
	return noDocs("failed query, caused by " + msg)
}

// exceptionOf is the name (OpenSearchException.getExceptionName) and
// message of the exception a translation error stands for: the cause a
// ShardError wraps, as failedToCreate records it.
func exceptionOf(err error) (name, msg string) {
	var se *ShardError
	if errors.As(err, &se) {
		if se.CausedBy != nil {
			return se.CausedBy.Type, se.CausedBy.Reason
		}
		return se.Type, se.Reason
	}
	return "exception", err.Error()
}

// translation is the state of one Query or Filter call.
type translation struct {
	t *Translator
	// innerHits is whether nested clauses get inner hits: false for a post
	// filter and below must_not.
	innerHits bool
}

// query translates one clause.
func (tr *translation) query(q dsl.Query) (search.Query, error) {
	switch q := q.(type) {
	case *dsl.BoolQuery:
		return tr.boolQuery(q)
	case *dsl.MatchAllQuery:
		return withBoost(&search.MatchAllQuery{}, q.Boost), nil
	case *dsl.MatchPhraseQuery:
		out, err := tr.matchPhrase(q)
		if err != nil {
			return nil, err
		}
		return withBoost(out, q.Boost), nil
	case *dsl.SimpleQueryStringQuery:
		return tr.simpleQueryString(q)
	case *dsl.TermQuery:
		return tr.term(q)
	case *dsl.TermsQuery:
		return tr.terms(q)
	case *dsl.RangeQuery:
		return tr.rangeQuery(q)
	case *dsl.NestedQuery:
		return tr.nested(q)
	case *dsl.RankFeatureQuery:
		return tr.rankFeature(q)
	case nil:
		return nil, fmt.Errorf("no query")
	}
	return nil, fmt.Errorf("query [%s] has no translation", q.Kind())
}

// boost32 is a DSL boost as OpenSearch reads it (a float), 1 when absent.
func boost32(b *float64) float32 {
	if b == nil {
		return 1
	}
	return float32(*b)
}

// withBoost applies a builder's boost as AbstractQueryBuilder.toQuery
// does: a BoostQuery around the query unless the boost is 1 or the query
// matches nothing. The engine keeps one boost per node, so the boost is
// multiplied into the node's own (in Lucene's order: outer times inner);
// a boost of 0, which the engine's nodes read as "unset", becomes a bool
// whose only clause is a filter: it matches the same documents with score 0.
func withBoost(q search.Query, b *float64) search.Query {
	return applyBoost(q, boost32(b))
}

func applyBoost(q search.Query, b float32) search.Query {
	if b == 1 || q == nil {
		return q
	}
	if _, none := q.(*search.MatchNoneQuery); none {
		return q
	}
	mul := func(own *float32) bool {
		if b == 0 {
			return false
		}
		p := b
		if *own != 0 {
			p = *own * b
		}
		if p == 0 {
			return false // underflow: keep the score at 0
		}
		*own = p
		return true
	}
	var ok bool
	switch q := q.(type) {
	case *search.TermQuery:
		ok = mul(&q.Boost)
	case *search.PhraseQuery:
		ok = mul(&q.Boost)
	case *search.PrefixQuery:
		ok = mul(&q.Boost)
	case *search.FuzzyQuery:
		ok = mul(&q.Boost)
	case *search.MatchAllQuery:
		ok = mul(&q.Boost)
	case *search.BoolQuery:
		if isZeroBoosted(q) {
			return q // scores 0 whatever the boost
		}
		ok = mul(&q.Boost)
	case *search.DisMaxQuery:
		ok = mul(&q.Boost)
	case *search.ConstantScoreQuery:
		ok = mul(&q.Boost)
	case *search.TermSetQuery:
		ok = mul(&q.Boost)
	case *search.RangeQuery:
		ok = mul(&q.Boost)
	case *search.RankFeatureQuery:
		ok = mul(&q.Boost)
	case *search.NestedQuery:
		ok = mul(&q.Boost)
	}
	if ok {
		return q
	}
	return &search.BoolQuery{Filter: []search.Query{q}}
}

// isZeroBoosted reports whether q is a bool of a single filter clause:
// what a boost of 0 makes (or a bool query of one filter, which scores 0
// too).
func isZeroBoosted(q *search.BoolQuery) bool {
	return len(q.Filter) == 1 && len(q.Must)+len(q.Should)+len(q.MustNot) == 0
}

// isBooleanQuery reports whether Lucene would see q as a BooleanQuery (not
// one wrapped in a BoostQuery).
func isBooleanQuery(q search.Query) bool {
	bq, ok := q.(*search.BoolQuery)
	return ok && (bq.Boost == 0 || bq.Boost == 1) && !isZeroBoosted(bq)
}

// boolQuery is BoolQueryBuilder: its shard-level rewrite (short-circuits on
// match_none clauses, then OpenSearch 3.x's two rewrites), then doToQuery.
func (tr *translation) boolQuery(q *dsl.BoolQuery) (search.Query, error) {
	if len(q.Must)+len(q.Should)+len(q.Filter)+len(q.MustNot) == 0 {
		// A bool without clauses rewrites to match_all, keeping its boost.
		return withBoost(&search.MatchAllQuery{}, q.Boost), nil
	}
	if tr.rewritesToNone(q) {
		return rewrittenNone(), nil
	}
	must, mustNot, filter := slices.Clone(q.Must), slices.Clone(q.MustNot), slices.Clone(q.Filter)
	msm := q.MinimumShouldMatch

	// rewriteMustNotRangeClausesToShould: the only must_not range on a
	// field every document has exactly one value of becomes a must clause
	// matching the range's complement (scored: each range scores 1).
	if tr.t.singleValued != nil {
		counts := map[string]int{}
		for _, c := range mustNot {
			if r, ok := c.(*dsl.RangeQuery); ok && !tr.rewritesToNone(r) {
				counts[r.Field]++
			}
		}
		changed := false
		for i := 0; i < len(mustNot); i++ {
			r, ok := mustNot[i].(*dsl.RangeQuery)
			if !ok || counts[r.Field] != 1 || tr.rewritesToNone(r) || !tr.t.singleValued(r.Field) {
				continue
			}
			must = append(must, rangeComplement(r))
			mustNot = slices.Delete(mustNot, i, i+1)
			i--
			changed = true
		}
		if changed && msm == "" && len(q.Should) > 0 && len(q.Must) == 0 && len(q.Filter) == 0 {
			// Lucene's implicit "one should clause" ends with a must clause.
			msm = "1"
		}
	}
	// rewriteMustClausesToFilter: must clauses whose score is the same for
	// every match (ranges, term and terms on numeric fields) become
	// filters. OpenSearch collects them in a HashSet, so several move in
	// an order of their hash codes; they keep request order here.
	for i := 0; i < len(must); i++ {
		if tr.irrelevantToScoring(must[i]) {
			filter = append(filter, must[i])
			must = slices.Delete(must, i, i+1)
			i--
		}
	}

	out := &search.BoolQuery{}
	var err error
	add := func(list *[]search.Query, clauses []dsl.Query) {
		for _, c := range clauses {
			if err != nil {
				return
			}
			var cq search.Query
			if cq, err = tr.query(c); err == nil {
				*list = append(*list, cq)
			}
		}
	}
	add(&out.Must, must)
	saved := tr.innerHits
	tr.innerHits = false // must_not matches are never hits
	add(&out.MustNot, mustNot)
	tr.innerHits = saved
	add(&out.Should, q.Should)
	add(&out.Filter, filter)
	if err != nil {
		return nil, err
	}
	if msm != "" {
		n, err := minimumShouldMatch(len(out.Should), msm)
		if err != nil {
			return nil, err
		}
		if n > 0 {
			out.MinimumShouldMatch = n
		}
	}
	if len(out.Must)+len(out.Should)+len(out.Filter) == 0 {
		// Queries.fixNegativeQueryIfNeeded: a pure negative query matches
		// everything but its exclusions; the rebuilt query drops
		// minimum_should_match.
		out.Filter = []search.Query{&search.MatchAllQuery{}}
		out.MinimumShouldMatch = 0
	}
	return withBoost(out, q.Boost), nil
}

// rewritesToNone reports whether OpenSearch's shard rewrite turns q into a
// MatchNoneQueryBuilder.
func (tr *translation) rewritesToNone(q dsl.Query) bool {
	switch q := q.(type) {
	case *dsl.TermQuery:
		if q.Field == "_index" {
			return !indexMatches(q.Value.Text, tr.t.index.Name)
		}
		return !tr.t.mapped(q.Field)
	case *dsl.TermsQuery:
		if len(q.Values) == 0 {
			return true
		}
		if q.Field == "_index" {
			return !slices.ContainsFunc(q.Values, func(v dsl.Scalar) bool { return indexMatches(v.Text, tr.t.index.Name) })
		}
		return !tr.t.mapped(q.Field)
	case *dsl.RangeQuery:
		// RangeQueryBuilder.getRelation: DISJOINT for an unmapped field.
		// (For dates it also reads the shard's minimum and maximum, giving
		// match_none or an exists query; both match what the range
		// matches, so the translation keeps the range.)
		_, ok := tr.t.index.Fields[q.Field]
		return !ok
	case *dsl.BoolQuery:
		if len(q.Must)+len(q.Should)+len(q.Filter)+len(q.MustNot) == 0 {
			return false
		}
		if len(q.Must) == 0 && len(q.Filter) == 0 && len(q.Should) > 0 &&
			!slices.ContainsFunc(q.Should, func(c dsl.Query) bool { return !tr.rewritesToNone(c) }) {
			return true
		}
		return slices.ContainsFunc(q.Must, tr.rewritesToNone) || slices.ContainsFunc(q.Filter, tr.rewritesToNone)
	}
	return false
}

// mapped reports whether field is a field of the index, meta fields
// _id and _index included.
func (t *Translator) mapped(field string) bool {
	if field == "_id" || field == "_index" {
		return true
	}
	_, ok := t.index.Fields[field]
	return ok
}

// irrelevantToScoring is BoolQueryBuilder.isClauseIrrelevantToScoring:
// ranges, and term or terms clauses on numeric fields (dates are not
// NumberFieldMapper fields).
func (tr *translation) irrelevantToScoring(q dsl.Query) bool {
	var field string
	switch q := q.(type) {
	case *dsl.RangeQuery:
		return true
	case *dsl.TermQuery:
		field = q.Field
	case *dsl.TermsQuery:
		field = q.Field
	default:
		return false
	}
	if tr.rewritesToNone(q) {
		return false
	}
	f, ok := tr.t.index.Fields[field]
	return ok && f.Type == mappings.Integer
}

// rangeComplement is RangeQueryBuilder.getComplement as the bool OpenSearch
// builds from it: should [below the range, above the range], one required.
// A range without bounds has an empty complement, which OpenSearch's bool
// rewrite then turns into match_all.
func rangeComplement(r *dsl.RangeQuery) dsl.Query {
	out := &dsl.BoolQuery{Should: []dsl.Query{}, MinimumShouldMatch: "1"}
	lower, includeLower := rangeLower(r)
	upper, includeUpper := rangeUpper(r)
	if lower != nil {
		below := &dsl.RangeQuery{Field: r.Field, Format: r.Format}
		if includeLower {
			below.LT = lower
		} else {
			below.LTE = lower
		}
		out.Should = append(out.Should, below)
	}
	if upper != nil {
		above := &dsl.RangeQuery{Field: r.Field, Format: r.Format}
		if includeUpper {
			above.GT = upper
		} else {
			above.GTE = upper
		}
		out.Should = append(out.Should, above)
	}
	return out
}

// rangeLower returns a range's lower bound and whether it is inclusive.
// With both gt and gte given, OpenSearch keeps the one written last, which
// the AST does not record; gt wins here.
func rangeLower(r *dsl.RangeQuery) (*dsl.Scalar, bool) {
	if r.GT != nil {
		return r.GT, false
	}
	return r.GTE, true
}

// rangeUpper is rangeLower for the upper bound (lt wins over lte).
func rangeUpper(r *dsl.RangeQuery) (*dsl.Scalar, bool) {
	if r.LT != nil {
		return r.LT, false
	}
	return r.LTE, true
}

// checkInnerHitNames is InnerHitContextBuilder.extractInnerHits' check that
// inner hit names are unique, over the clauses inner hits come from (not
// must_not).
func checkInnerHitNames(q dsl.Query, seen map[string]bool) error {
	switch q := q.(type) {
	case *dsl.BoolQuery:
		for _, list := range [][]dsl.Query{q.Filter, q.Must, q.Should} {
			for _, c := range list {
				if err := checkInnerHitNames(c, seen); err != nil {
					return err
				}
			}
		}
	case *dsl.NestedQuery:
		if q.InnerHits != nil {
			name := innerHitsName(q)
			if seen[name] {
				return &ShardError{Type: "illegal_argument_exception",
					Reason: "[inner_hits] already contains an entry for key [" + name + "]"}
			}
			seen[name] = true
		}
	}
	return nil
}

// innerHitsName is the key of a nested clause's inner hits: its name, or
// the path.
func innerHitsName(q *dsl.NestedQuery) string {
	if q.InnerHits.Name != "" {
		return q.InnerHits.Name
	}
	return q.Path
}

// nested is NestedQueryBuilder.doToQuery.
func (tr *translation) nested(q *dsl.NestedQuery) (search.Query, error) {
	if !slices.Contains(tr.t.index.NestedPaths, q.Path) {
		if q.IgnoreUnmapped != nil && *q.IgnoreUnmapped {
			return noDocs(""), nil
		}
		msg := "[nested] failed to find nested object under path [" + q.Path + "]"
		return nil, failedToCreate("illegal_state_exception", "%s", msg)
	}
	inner, err := tr.query(q.Query)
	if err != nil {
		return nil, err
	}
	out := &search.NestedQuery{Path: q.Path, Query: inner, ScoreMode: scoreMode(q.ScoreMode)}
	if tr.innerHits && q.InnerHits != nil {
		spec := &search.InnerHitsSpec{Name: innerHitsName(q), Size: 3}
		if q.InnerHits.From != nil {
			spec.From = *q.InnerHits.From
		}
		if q.InnerHits.Size != nil {
			spec.Size = *q.InnerHits.Size
		}
		out.InnerHits = spec
	}
	return withBoost(out, q.Boost), nil
}

// scoreMode maps a nested score_mode (avg by default).
func scoreMode(s string) search.ScoreMode {
	switch s {
	case "max":
		return search.ScoreMax
	case "min":
		return search.ScoreMin
	case "sum":
		return search.ScoreSum
	case "none":
		return search.ScoreNone
	}
	return search.ScoreAvg
}

// rankFeature is RankFeatureQueryBuilder.doToQuery.
func (tr *translation) rankFeature(q *dsl.RankFeatureQuery) (search.Query, error) {
	f, ok := tr.t.index.Fields[q.Field]
	if !ok {
		return noDocs(""), nil // "unmapped field", a comment in OpenSearch only
	}
	if f.Type != mappings.RankFeature {
		return nil, illegalArgument("[rank_feature] query only works on [rank_feature] fields and features of [rank_features] fields, not [%s]", f.Type)
	}
	out := &search.RankFeatureQuery{Field: q.Field}
	switch {
	case q.Log != nil:
		// FeatureField.newLogQuery's check: the DSL takes any positive
		// number, Lucene a finite float of at least 1.
		sf := float32(q.Log.ScalingFactor)
		if !(sf >= 1) || math.IsInf(float64(sf), 0) {
			return nil, illegalArgument("scalingFactor must be >= 1, got: %s", similarity.JavaFloatString(sf))
		}
		out.Function = search.Log{ScalingFactor: sf}
	case q.Sigmoid != nil:
		out.Function = search.Sigmoid{Pivot: float32(q.Sigmoid.Pivot), Exponent: float32(q.Sigmoid.Exponent)}
	case q.Linear:
		out.Function = search.Linear{}
	default:
		s := search.Saturation{}
		if q.Saturation != nil && q.Saturation.Pivot != nil {
			p := float32(*q.Saturation.Pivot)
			s.Pivot = &p
		}
		out.Function = s
	}
	return withBoost(out, q.Boost), nil
}

// indexMatches is the _index field's match of a value against the index
// name: Regex.simpleMatch, where '*' matches any run of characters.
func indexMatches(pattern, index string) bool {
	return simpleMatch(pattern, index)
}

// simpleMatch is OpenSearch's Regex.simpleMatch: '*' matches any run of
// characters, everything else itself.
func simpleMatch(pattern, s string) bool {
	first := strings.IndexByte(pattern, '*')
	if first < 0 {
		return pattern == s
	}
	if first == 0 {
		if len(pattern) == 1 {
			return true
		}
		next := strings.IndexByte(pattern[1:], '*')
		if next < 0 {
			return strings.HasSuffix(s, pattern[1:])
		}
		if next == 0 { // "**": the first one adds nothing
			return simpleMatch(pattern[1:], s)
		}
		part := pattern[1 : next+1]
		rest := pattern[next+1:]
		for i := strings.Index(s, part); i >= 0; {
			if simpleMatch(rest, s[i+len(part):]) {
				return true
			}
			j := strings.Index(s[i+1:], part)
			if j < 0 {
				break
			}
			i += j + 1
		}
		return false
	}
	return len(s) >= first && pattern[:first] == s[:first] && simpleMatch(pattern[first:], s[first:])
}

// minimumShouldMatch is Queries.calculateMinShouldMatch: the number of the
// optional clauses that must match for spec, which is an integer ("2",
// "-1"), a percentage ("75%", "-25%") or conditional specs ("3<90%",
// "2<-25% 9<-3": below or at the bound all clauses are required). Java's
// int and float arithmetic is reproduced, and so are its failures (a
// percentage with decimals is a NumberFormatException in OpenSearch).
func minimumShouldMatch(optional int, spec string) (int, error) {
	result := int32(optional)
	spec = javaTrim(spec)
	if strings.Contains(spec, "<") {
		spec = collapseAroundLessThan(spec)
		for _, s := range javaSplit(spec, " ") {
			parts := javaSplit(s, "<")
			upper, err := javaParseInt(partAt(parts, 0))
			if err != nil {
				return 0, err
			}
			if len(parts) < 2 {
				return 0, failedToCreate("array_index_out_of_bounds_exception", "Index 1 out of bounds for length %d", len(parts))
			}
			if int32(optional) <= upper {
				return int(result), nil
			}
			n, err := minimumShouldMatch(optional, parts[1])
			if err != nil {
				return 0, err
			}
			result = int32(n)
		}
		return int(result), nil
	}
	if strings.Contains(spec, "%") {
		// The last character is taken to be the %.
		_, size := lastRune(spec)
		percent, err := javaParseInt(spec[:len(spec)-size])
		if err != nil {
			return 0, err
		}
		calc := float32(result*percent) * float32(1.0/100)
		if calc < 0 {
			result += javaFloatToInt(calc)
		} else {
			result = javaFloatToInt(calc)
		}
	} else {
		calc, err := javaParseInt(spec)
		if err != nil {
			return 0, err
		}
		if calc < 0 {
			result += calc
		} else {
			result = calc
		}
	}
	if result < 0 {
		return 0, nil
	}
	return int(result), nil
}

func partAt(parts []string, i int) string {
	if i < len(parts) {
		return parts[i]
	}
	return ""
}

func lastRune(s string) (rune, int) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] < 0x80 || s[i] >= 0xC0 {
			r := []rune(s[i:])
			return r[0], len(s) - i
		}
	}
	return 0, len(s)
}

// collapseAroundLessThan is the regex replace "(\s+<\s*)|(\s*<\s+)" → "<".
func collapseAroundLessThan(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '<' || isJavaSpace(s[i]) {
			j := i
			for j < len(s) && isJavaSpace(s[j]) {
				j++
			}
			if j < len(s) && s[j] == '<' {
				k := j + 1
				for k < len(s) && isJavaSpace(s[k]) {
					k++
				}
				if j > i || k > j+1 {
					b.WriteByte('<')
					i = k
					continue
				}
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// isJavaSpace is the regex class \s: [ \t\n\x0B\f\r].
func isJavaSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// javaSplit is String.split with a literal separator and limit 0: trailing
// empty strings are removed.
func javaSplit(s, sep string) []string {
	parts := strings.Split(s, sep)
	for len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	if len(parts) == 0 && s == "" {
		return []string{""}
	}
	return parts
}

// javaTrim is String.trim: every char up to ' ' at both ends.
func javaTrim(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

// javaFloatToInt is Java's (int) cast of a float: truncation, saturating,
// NaN to 0.
func javaFloatToInt(f float32) int32 {
	switch {
	case f != f:
		return 0
	case f >= math.MaxInt32:
		return math.MaxInt32
	case f <= math.MinInt32:
		return math.MinInt32
	}
	return int32(f)
}

// javaParseInt is Integer.parseInt, failing with its NumberFormatException.
func javaParseInt(s string) (int32, error) {
	v, ok := simplequery.JavaParseInt(s)
	if !ok {
		return 0, numberFormat(s)
	}
	return v, nil
}
