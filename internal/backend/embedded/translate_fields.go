package embedded

import (
	"math"
	"slices"

	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/mappings"
)

// This file holds the field types' query rules: what OpenSearch's
// MappedFieldType implementations build for term, terms and range queries
// on text, keyword, integer, date and rank_feature fields, and on the meta
// fields _id and _index.

// term is TermQueryBuilder: rewritten to match_none on an unmapped field and
// to match_all or match_none on _index, else the field type's termQuery.
func (tr *translation) term(q *dsl.TermQuery) (search.Query, error) {
	if tr.rewritesToNone(q) {
		return rewrittenNone(), nil
	}
	out, err := tr.t.termQuery(q.Field, q.Value)
	if err != nil {
		return nil, err
	}
	return withBoost(out, q.Boost), nil
}

// termQuery is MappedFieldType.termQuery(value) for a mapped field or _id
// or _index. A string value is what Lucene holds as a BytesRef (term
// values, analysed-away text given to a keyword-analysed field); numbers
// and booleans are the Java objects the JSON parser made.
func (t *Translator) termQuery(field string, v dsl.Scalar) (search.Query, error) {
	switch field {
	case "_index":
		if indexMatches(v.Text, t.index.Name) {
			return &search.MatchAllQuery{}, nil
		}
		return noDocs(""), nil // ConstantFieldType.termQuery
	case "_id":
		return &search.TermSetQuery{Field: field, Terms: []string{valueString(v)}}, nil
	}
	f, ok := t.index.Fields[field]
	if !ok {
		return unmappedFields(field), nil
	}
	switch f.Type {
	case mappings.Text, mappings.Keyword:
		if err := searchable(f); err != nil {
			return nil, err
		}
		return &search.TermQuery{Field: field, Term: valueString(v)}, nil
	case mappings.Integer:
		dec, err := hasDecimalPart(v)
		if err != nil {
			return nil, err
		}
		if dec {
			return noDocs("Value [" + valueToString(v) + "] has a decimal part"), nil
		}
		n, err := parseInteger(v)
		if err != nil {
			return nil, err
		}
		return &search.RangeQuery{Field: field, Lower: ptr(int64(n)), Upper: ptr(int64(n))}, nil
	case mappings.Date:
		return t.dateRange(f, &v, true, &v, true, "")
	case mappings.RankFeature:
		return nil, illegalArgument("Queries on [rank_feature] fields are not supported")
	}
	return nil, unsupported("a query on field [%s] of type [%s]", field, f.Type)
}

// searchable is failIfNotIndexed for text fields and
// failIfNotIndexedAndNoDocValues for keyword fields. The mappings record no
// doc_values flag; the only keyword field that is not indexed (url) has no
// doc values either.
func searchable(f mappings.Field) error {
	if f.Indexed {
		return nil
	}
	if f.Type == mappings.Text {
		return illegalArgument("Cannot search on field [%s] since it is not indexed.", f.Path)
	}
	return illegalArgument("Cannot search on field [%s] since it is both not indexed, and does not have doc_values enabled.", f.Path)
}

func ptr[T any](v T) *T { return &v }

// terms is TermsQueryBuilder: match_none without values or on an unmapped
// field, match_all or match_none on _index, else the field type's
// termsQuery.
func (tr *translation) terms(q *dsl.TermsQuery) (search.Query, error) {
	if q.Field == "_index" {
		if tr.rewritesToNone(q) {
			return rewrittenNone(), nil
		}
		return withBoost(&search.MatchAllQuery{}, q.Boost), nil
	}
	if tr.rewritesToNone(q) {
		return rewrittenNone(), nil
	}
	var out search.Query
	if q.Field == "_id" {
		out = termSet(q.Field, q.Values)
	} else {
		f := tr.t.index.Fields[q.Field]
		switch f.Type {
		case mappings.Text, mappings.Keyword:
			if err := searchable(f); err != nil {
				return nil, err
			}
			out = termSet(q.Field, q.Values)
		case mappings.Integer:
			// NumberFieldMapper's termsQuery: values with a decimal part are
			// dropped; the rest form a point set query (constant score).
			var ranges []search.Query
			for _, v := range q.Values {
				dec, err := hasDecimalPart(v)
				if err != nil {
					return nil, err
				}
				if dec {
					continue
				}
				n, err := parseInteger(v)
				if err != nil {
					return nil, err
				}
				ranges = append(ranges, &search.RangeQuery{Field: q.Field, Lower: ptr(int64(n)), Upper: ptr(int64(n))})
			}
			if len(ranges) == 0 {
				out = noDocs("All values have a decimal part")
			} else {
				out = &search.ConstantScoreQuery{Query: &search.BoolQuery{Should: ranges}}
			}
		default:
			// MappedFieldType.termsQuery: a constant-score disjunction of
			// the field type's term queries.
			var should []search.Query
			for _, v := range q.Values {
				tq, err := tr.t.termQuery(q.Field, v)
				if err != nil {
					return nil, err
				}
				should = append(should, tq)
			}
			out = &search.ConstantScoreQuery{Query: &search.BoolQuery{Should: should}}
		}
	}
	return withBoost(out, q.Boost), nil
}

// termSet is Lucene's TermInSetQuery: the distinct values, sorted.
func termSet(field string, values []dsl.Scalar) *search.TermSetQuery {
	terms := make([]string, len(values))
	for i, v := range values {
		terms[i] = valueString(v)
	}
	slices.Sort(terms)
	return &search.TermSetQuery{Field: field, Terms: slices.Compact(terms)}
}

// rangeQuery is RangeQueryBuilder: match_none on an unmapped field, else the
// field type's rangeQuery.
func (tr *translation) rangeQuery(q *dsl.RangeQuery) (search.Query, error) {
	if tr.rewritesToNone(q) {
		return rewrittenNone(), nil
	}
	f := tr.t.index.Fields[q.Field]
	lower, includeLower := rangeLower(q)
	upper, includeUpper := rangeUpper(q)
	var out search.Query
	var err error
	switch f.Type {
	case mappings.Integer:
		if lower == nil && upper == nil {
			// No bounds: an exists query, which on a numeric field matches
			// what the full range matches.
			out = &search.ConstantScoreQuery{Query: &search.RangeQuery{Field: q.Field, Lower: ptr(int64(math.MinInt32)), Upper: ptr(int64(math.MaxInt32))}}
			break
		}
		out, err = integerRange(q.Field, lower, includeLower, upper, includeUpper)
	case mappings.Date:
		if lower == nil && upper == nil {
			out = &search.ConstantScoreQuery{Query: &search.RangeQuery{Field: q.Field, Lower: ptr(int64(math.MinInt64)), Upper: ptr(int64(math.MaxInt64))}}
			break
		}
		out, err = tr.t.dateRange(f, lower, includeLower, upper, includeUpper, q.Format)
	case mappings.RankFeature:
		err = illegalArgument("Field [%s] of type [rank_feature] does not support range queries", q.Field)
	default:
		err = unsupported("a range query on the %s field [%s]", f.Type, q.Field)
	}
	if err != nil {
		return nil, err
	}
	return withBoost(out, q.Boost), nil
}

// integerRange is NumberFieldMapper's INTEGER rangeQuery: bounds parsed
// (and range-checked) as integers; a decimal lower bound rounds up when
// positive, a decimal upper bound down when negative (truncation does the
// rest); exclusive bounds move by one.
func integerRange(field string, lower *dsl.Scalar, includeLower bool, upper *dsl.Scalar, includeUpper bool) (search.Query, error) {
	lo, hi := int64(math.MinInt32), int64(math.MaxInt32)
	if lower != nil {
		n, err := parseInteger(*lower)
		if err != nil {
			return nil, err
		}
		lo = int64(n)
		dec, err := hasDecimalPart(*lower)
		if err != nil {
			return nil, err
		}
		if (!dec && !includeLower) || (dec && signum(*lower) > 0) {
			if lo == math.MaxInt32 {
				return noDocs(""), nil
			}
			lo++
		}
	}
	if upper != nil {
		n, err := parseInteger(*upper)
		if err != nil {
			return nil, err
		}
		hi = int64(n)
		dec, err := hasDecimalPart(*upper)
		if err != nil {
			return nil, err
		}
		if (!dec && !includeUpper) || (dec && signum(*upper) < 0) {
			if hi == math.MinInt32 {
				return noDocs(""), nil
			}
			hi--
		}
	}
	return &search.RangeQuery{Field: field, Lower: &lo, Upper: &hi}, nil
}

// objectToDouble is NumberFieldMapper.objectToDouble: a number's value, or
// Double.parseDouble of a string's or boolean's text.
func objectToDouble(v dsl.Scalar) (float64, error) {
	if v.Kind == 'n' {
		f, _ := parseJavaDouble(v.Text)
		return f, nil
	}
	f, ok := parseJavaDouble(v.Text)
	if !ok {
		return 0, numberFormat(v.Text)
	}
	return f, nil
}

// hasDecimalPart is NumberFieldMapper.hasDecimalPart (NaN has one).
func hasDecimalPart(v dsl.Scalar) (bool, error) {
	if v.Kind == 'b' {
		return false, nil // neither a Number nor a string
	}
	f, err := objectToDouble(v)
	if err != nil {
		return false, err
	}
	return math.Mod(f, 1) != 0 || math.IsNaN(f), nil
}

// signum is Math.signum of the value.
func signum(v dsl.Scalar) float64 {
	f, _ := objectToDouble(v)
	switch {
	case f > 0:
		return 1
	case f < 0:
		return -1
	}
	return 0
}

// parseInteger is INTEGER.parse(value, coerce): range-checked, truncated.
func parseInteger(v dsl.Scalar) (int32, error) {
	f, err := objectToDouble(v)
	if err != nil {
		return 0, err
	}
	if f < math.MinInt32 || f > math.MaxInt32 {
		return 0, illegalArgument("Value [%s] is out of range for an integer", valueToString(v))
	}
	if math.IsNaN(f) {
		return 0, nil
	}
	return int32(f), nil
}

// dateRange is DateFieldType.rangeQuery: each bound parsed with the
// request's format, or the field's, or OpenSearch's default; a bound that
// includes its value rounds up (missing fields filled with their maxima, as
// OpenSearch's round-up parser does: an upper "2010-12-31" with yyyy-MM-dd
// is 23:59:59.999 that day), an exclusive one moves by a millisecond. A
// missing bound is open (Long.MIN_VALUE or Long.MAX_VALUE).
func (t *Translator) dateRange(f mappings.Field, lower *dsl.Scalar, includeLower bool, upper *dsl.Scalar, includeUpper bool, format string) (search.Query, error) {
	if format == "" {
		format = f.Format
	}
	if format == "" {
		format = defaultDateFormat
	}
	df, err := parseDateFormat(format)
	if err != nil {
		return nil, err
	}
	lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
	if lower != nil {
		if lo, err = df.parseBound(dateText(*lower), !includeLower); err != nil {
			return nil, err
		}
		if !includeLower {
			lo++
		}
	}
	if upper != nil {
		if hi, err = df.parseBound(dateText(*upper), includeUpper); err != nil {
			return nil, err
		}
		if !includeUpper {
			hi--
		}
	}
	return &search.RangeQuery{Field: f.Path, Lower: &lo, Upper: &hi}, nil
}

// dateText is the text DateFieldType parses: a string as is, a number or
// boolean as Java prints it.
func dateText(v dsl.Scalar) string {
	if v.Kind == 's' {
		return v.Text
	}
	return valueString(v)
}
