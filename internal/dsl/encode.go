package dsl

import (
	"strconv"
	"time"

	"github.com/go-json-experiment/json/jsontext"
)

// EncodeOptions adapt the encoded body to a backend.
type EncodeOptions struct {
	// IndexName, when set, maps a logical index name used as a term value
	// on the _index field to the name the backend knows (an alias or a
	// pattern of concrete names).
	IndexName func(logical string) string
}

// AppendJSON appends the OpenSearch JSON body of r to dst. Members appear in
// a fixed order, so equal requests encode to equal bytes.
func (r *SearchRequest) AppendJSON(dst []byte, opts EncodeOptions) []byte {
	e := &encoder{buf: dst, opts: opts}
	e.open('{')
	if r.From != nil {
		e.key("from")
		e.int(*r.From)
	}
	if r.Size != nil {
		e.key("size")
		e.int(*r.Size)
	}
	if r.Timeout > 0 {
		e.key("timeout")
		e.str(FormatTimeout(r.Timeout))
	}
	if r.TrackTotalHits != nil {
		e.key("track_total_hits")
		switch {
		case !r.TrackTotalHits.Enabled:
			e.raw("false")
		case r.TrackTotalHits.All:
			e.raw("true")
		default:
			e.int(r.TrackTotalHits.Limit)
		}
	}
	if r.Query != nil {
		e.key("query")
		e.query(r.Query)
	}
	if r.PostFilter != nil {
		e.key("post_filter")
		e.query(r.PostFilter)
	}
	if len(r.Aggs) > 0 {
		e.key("aggs")
		e.open('{')
		for _, a := range r.Aggs {
			e.key(a.Name)
			e.open('{')
			e.key("terms")
			e.open('{')
			e.key("field")
			e.str(a.Field)
			if a.Size != nil {
				e.key("size")
				e.int(*a.Size)
			}
			e.close('}')
			e.close('}')
		}
		e.close('}')
	}
	if r.Highlight != nil {
		e.key("highlight")
		e.highlight(r.Highlight)
	}
	if r.Source != nil {
		e.key("_source")
		e.source(r.Source)
	}
	if r.Suggest != nil {
		e.key("suggest")
		e.open('{')
		if r.Suggest.Text != "" {
			e.key("text")
			e.str(r.Suggest.Text)
		}
		for _, s := range r.Suggest.Suggesters {
			e.key(s.Name)
			e.open('{')
			if s.Text != "" {
				e.key("text")
				e.str(s.Text)
			}
			e.key("term")
			e.open('{')
			e.key("field")
			e.str(s.Field)
			if s.SuggestMode != "" {
				e.key("suggest_mode")
				e.str(s.SuggestMode)
			}
			e.optInt("size", s.Size)
			e.optInt("max_edits", s.MaxEdits)
			e.close('}')
			e.close('}')
		}
		e.close('}')
	}
	if r.Profile {
		e.key("profile")
		e.raw("true")
	}
	if r.Explain {
		e.key("explain")
		e.raw("true")
	}
	e.close('}')
	return e.buf
}

// AppendQueryJSON appends the JSON of one query clause.
func AppendQueryJSON(dst []byte, q Query, opts EncodeOptions) []byte {
	e := &encoder{buf: dst, opts: opts}
	e.query(q)
	return e.buf
}

// FormatTimeout renders a timeout the way requests write it ("15000ms").
func FormatTimeout(d time.Duration) string {
	return strconv.FormatInt(d.Milliseconds(), 10) + "ms"
}

// encoder appends compact JSON; comma placement is tracked with one flag, as
// every value follows either an opening bracket, a key or a sibling.
type encoder struct {
	buf   []byte
	opts  EncodeOptions
	comma bool
}

func (e *encoder) sep() {
	if e.comma {
		e.buf = append(e.buf, ',')
	}
}

func (e *encoder) open(c byte) {
	e.sep()
	e.buf = append(e.buf, c)
	e.comma = false
}

func (e *encoder) close(c byte) {
	e.buf = append(e.buf, c)
	e.comma = true
}

func (e *encoder) key(k string) {
	e.sep()
	e.buf, _ = jsontext.AppendQuote(e.buf, k)
	e.buf = append(e.buf, ':')
	e.comma = false
}

func (e *encoder) str(s string) {
	e.sep()
	// Strings were decoded from valid UTF-8 JSON, so quoting cannot fail.
	e.buf, _ = jsontext.AppendQuote(e.buf, s)
	e.comma = true
}

func (e *encoder) raw(s string) {
	e.sep()
	e.buf = append(e.buf, s...)
	e.comma = true
}

func (e *encoder) int(n int) {
	e.sep()
	e.buf = strconv.AppendInt(e.buf, int64(n), 10)
	e.comma = true
}

func (e *encoder) float(f float64) {
	e.sep()
	e.buf = strconv.AppendFloat(e.buf, f, 'g', -1, 64)
	e.comma = true
}

func (e *encoder) bool(b bool) {
	if b {
		e.raw("true")
	} else {
		e.raw("false")
	}
}

func (e *encoder) optInt(k string, v *int) {
	if v != nil {
		e.key(k)
		e.int(*v)
	}
}

func (e *encoder) optFloat(k string, v *float64) {
	if v != nil {
		e.key(k)
		e.float(*v)
	}
}

func (e *encoder) strs(ss []string) {
	e.open('[')
	for _, s := range ss {
		e.str(s)
	}
	e.close(']')
}

func (e *encoder) scalar(s Scalar) {
	if s.Kind == 's' {
		e.str(s.Text)
	} else {
		e.raw(s.Text)
	}
}

// indexScalar writes a term value, mapping logical index names on _index.
func (e *encoder) indexScalar(field string, s Scalar) {
	if field == "_index" && s.Kind == 's' && e.opts.IndexName != nil {
		e.str(e.opts.IndexName(s.Text))
		return
	}
	e.scalar(s)
}

// minimumShouldMatch writes an integer value as a number, anything else
// (percentages, combinations) as the string it was given as.
func (e *encoder) minimumShouldMatch(v string) {
	if n, err := strconv.Atoi(v); err == nil {
		e.int(n)
		return
	}
	e.str(v)
}

func (e *encoder) source(s *SourceFilter) {
	switch {
	case s.Disabled:
		e.raw("false")
	case s.Includes == nil:
		e.raw("true")
	default:
		e.strs(s.Includes)
	}
}

func (e *encoder) highlight(h *Highlight) {
	e.open('{')
	if h.Order != "" {
		e.key("order")
		e.str(h.Order)
	}
	if h.PreTags != nil {
		e.key("pre_tags")
		e.strs(h.PreTags)
	}
	if h.PostTags != nil {
		e.key("post_tags")
		e.strs(h.PostTags)
	}
	e.optInt("fragment_size", h.FragmentSize)
	e.optInt("number_of_fragments", h.NumberOfFragments)
	e.key("fields")
	e.open('{')
	for _, f := range h.Fields {
		e.key(f.Name)
		e.open('{')
		e.optInt("fragment_size", f.FragmentSize)
		e.optInt("number_of_fragments", f.NumberOfFragments)
		e.close('}')
	}
	e.close('}')
	e.close('}')
}

// clauses writes a clause list; nil lists were absent and are skipped,
// empty ones were given empty and are kept.
func (e *encoder) clauses(k string, qs []Query) {
	if qs == nil {
		return
	}
	e.key(k)
	e.open('[')
	for _, q := range qs {
		e.query(q)
	}
	e.close(']')
}

func (e *encoder) query(q Query) {
	e.open('{')
	e.key(q.Kind())
	q.appendJSON(e)
	e.close('}')
}

func (q *BoolQuery) appendJSON(e *encoder) {
	e.open('{')
	e.clauses("must", q.Must)
	e.clauses("filter", q.Filter)
	e.clauses("should", q.Should)
	e.clauses("must_not", q.MustNot)
	if q.MinimumShouldMatch != "" {
		e.key("minimum_should_match")
		e.minimumShouldMatch(q.MinimumShouldMatch)
	}
	e.optFloat("boost", q.Boost)
	e.close('}')
}

func (q *MatchAllQuery) appendJSON(e *encoder) {
	e.open('{')
	e.optFloat("boost", q.Boost)
	e.close('}')
}

func (q *MatchPhraseQuery) appendJSON(e *encoder) {
	e.open('{')
	e.key(q.Field)
	e.open('{')
	e.key("query")
	e.str(q.Query)
	e.optInt("slop", q.Slop)
	e.optFloat("boost", q.Boost)
	e.close('}')
	e.close('}')
}

func (q *SimpleQueryStringQuery) appendJSON(e *encoder) {
	e.open('{')
	e.key("query")
	e.str(q.Query)
	if q.Fields != nil {
		e.key("fields")
		e.strs(q.Fields)
	}
	if q.DefaultOperator != "" {
		e.key("default_operator")
		e.str(q.DefaultOperator)
	}
	if q.Flags != "" {
		e.key("flags")
		e.str(q.Flags)
	}
	if q.Lenient != nil {
		e.key("lenient")
		e.bool(*q.Lenient)
	}
	if q.MinimumShouldMatch != "" {
		e.key("minimum_should_match")
		e.minimumShouldMatch(q.MinimumShouldMatch)
	}
	e.optFloat("boost", q.Boost)
	e.close('}')
}

func (q *TermQuery) appendJSON(e *encoder) {
	e.open('{')
	e.key(q.Field)
	if q.Boost != nil {
		e.open('{')
		e.key("value")
		e.indexScalar(q.Field, q.Value)
		e.optFloat("boost", q.Boost)
		e.close('}')
	} else {
		e.indexScalar(q.Field, q.Value)
	}
	e.close('}')
}

func (q *TermsQuery) appendJSON(e *encoder) {
	e.open('{')
	e.key(q.Field)
	e.open('[')
	for _, v := range q.Values {
		e.indexScalar(q.Field, v)
	}
	e.close(']')
	e.optFloat("boost", q.Boost)
	e.close('}')
}

func (q *RangeQuery) appendJSON(e *encoder) {
	e.open('{')
	e.key(q.Field)
	e.open('{')
	for _, b := range [...]struct {
		k string
		v *Scalar
	}{{"gte", q.GTE}, {"gt", q.GT}, {"lte", q.LTE}, {"lt", q.LT}} {
		if b.v != nil {
			e.key(b.k)
			e.scalar(*b.v)
		}
	}
	if q.Format != "" {
		e.key("format")
		e.str(q.Format)
	}
	e.optFloat("boost", q.Boost)
	e.close('}')
	e.close('}')
}

func (q *NestedQuery) appendJSON(e *encoder) {
	e.open('{')
	e.key("path")
	e.str(q.Path)
	e.key("query")
	e.query(q.Query)
	if q.ScoreMode != "" {
		e.key("score_mode")
		e.str(q.ScoreMode)
	}
	if q.IgnoreUnmapped != nil {
		e.key("ignore_unmapped")
		e.bool(*q.IgnoreUnmapped)
	}
	if ih := q.InnerHits; ih != nil {
		e.key("inner_hits")
		e.open('{')
		if ih.Name != "" {
			e.key("name")
			e.str(ih.Name)
		}
		e.optInt("from", ih.From)
		e.optInt("size", ih.Size)
		if ih.Source != nil {
			e.key("_source")
			e.source(ih.Source)
		}
		if ih.Highlight != nil {
			e.key("highlight")
			e.highlight(ih.Highlight)
		}
		e.close('}')
	}
	e.optFloat("boost", q.Boost)
	e.close('}')
}

func (q *RankFeatureQuery) appendJSON(e *encoder) {
	e.open('{')
	e.key("field")
	e.str(q.Field)
	e.optFloat("boost", q.Boost)
	switch {
	case q.Saturation != nil:
		e.key("saturation")
		e.open('{')
		e.optFloat("pivot", q.Saturation.Pivot)
		e.close('}')
	case q.Log != nil:
		e.key("log")
		e.open('{')
		e.key("scaling_factor")
		e.float(q.Log.ScalingFactor)
		e.close('}')
	case q.Sigmoid != nil:
		e.key("sigmoid")
		e.open('{')
		e.key("pivot")
		e.float(q.Sigmoid.Pivot)
		e.key("exponent")
		e.float(q.Sigmoid.Exponent)
		e.close('}')
	case q.Linear:
		e.key("linear")
		e.raw("{}")
	}
	e.close('}')
}
