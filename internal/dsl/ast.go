package dsl

import "time"

// Form says which of the two request forms a body used.
type Form int

// The two request forms of the spec.
const (
	// FormB is the structured query DSL.
	FormB Form = iota
	// FormA is the simplified query object (q, _index, p, attribute filters).
	FormA
)

func (f Form) String() string {
	if f == FormA {
		return "A"
	}
	return "B"
}

// Parsed is a decoded, validated request.
type Parsed struct {
	Form Form
	// Search is the DSL request to execute: the Form B body as validated, or
	// the expansion of a Form A query object.
	Search *SearchRequest
	// PageSize is the Form A page size echoed as the response's size member.
	PageSize int
}

// SearchRequest is a validated search body. Pointer and nil members were
// absent from the request; the encoder writes only what is set, so the body
// forwarded to OpenSearch is the request itself, normalised.
type SearchRequest struct {
	Query      Query
	PostFilter Query
	From       *int
	Size       *int
	Source     *SourceFilter
	Highlight  *Highlight
	Aggs       []NamedAgg
	// Timeout is always set after validation (the default is 15000ms).
	Timeout        time.Duration
	Profile        bool
	Explain        bool
	TrackTotalHits *TrackTotalHits
	Suggest        *Suggest
}

// SourceFilter is the _source member: either a switch or a field list.
type SourceFilter struct {
	// Disabled is true for "_source": false.
	Disabled bool
	// Includes lists the fields (or patterns) to return; nil with Disabled
	// false means the whole source.
	Includes []string
}

// TrackTotalHits is the track_total_hits member: true, false (or -1, as
// OpenSearch reads it) or a limit.
type TrackTotalHits struct {
	// Enabled is false for false and -1: the response has no hits.total.
	Enabled bool
	// All is true for true: every hit is counted exactly.
	All bool
	// Limit, when Enabled and not All, is the count up to which hits are
	// counted exactly; above it the total is the limit, relation "gte"
	// (with 0, any match gives {"value":0,"relation":"gte"}).
	Limit int
}

// Highlight is the highlight member.
type Highlight struct {
	Fields            []HighlightField
	Order             string
	PreTags, PostTags []string
	FragmentSize      *int
	NumberOfFragments *int
}

// HighlightField is one field to highlight, with optional overrides.
type HighlightField struct {
	Name              string
	FragmentSize      *int
	NumberOfFragments *int
}

// NamedAgg is one aggregation of the aggs member. Only terms aggregations
// are allowed.
type NamedAgg struct {
	Name  string
	Field string
	Size  *int
}

// Suggest is the suggest member: an optional global text and named term
// suggesters.
type Suggest struct {
	Text       string
	Suggesters []TermSuggester
}

// TermSuggester is one named term suggester.
type TermSuggester struct {
	Name        string
	Text        string
	Field       string
	SuggestMode string
	Size        *int
	MaxEdits    *int
}

// Query is a query clause of the DSL. The concrete types are the pointer
// types of this file; the set is closed.
type Query interface {
	// Kind is the clause name as written in JSON ("bool", "term", …).
	Kind() string
	appendJSON(e *encoder)
}

// Scalar is a JSON scalar given as a term value or a range bound. Text holds
// the string, or the number or boolean literal as written.
type Scalar struct {
	Text string
	// Kind is 's' (string), 'n' (number) or 'b' (boolean).
	Kind byte
}

// BoolQuery is the bool clause.
type BoolQuery struct {
	// Nil lists were absent; empty ones were given as [].
	Must, Should, Filter, MustNot []Query
	// MinimumShouldMatch is the value as written ("2", "-1", "75%"), or "".
	MinimumShouldMatch string
	Boost              *float64
}

// MatchAllQuery is the match_all clause.
type MatchAllQuery struct {
	Boost *float64
}

// MatchPhraseQuery is the match_phrase clause.
type MatchPhraseQuery struct {
	Field string
	Query string
	Slop  *int
	Boost *float64
}

// SimpleQueryStringQuery is the simple_query_string clause.
type SimpleQueryStringQuery struct {
	Query  string
	Fields []string
	// DefaultOperator is "", "or" or "and" (lower-cased).
	DefaultOperator string
	// Flags is the pipe-separated flag list as written, or "".
	Flags              string
	Lenient            *bool
	MinimumShouldMatch string
	Boost              *float64
}

// TermQuery is the term clause.
type TermQuery struct {
	Field string
	Value Scalar
	Boost *float64
}

// TermsQuery is the terms clause.
type TermsQuery struct {
	Field  string
	Values []Scalar
	Boost  *float64
}

// RangeQuery is the range clause.
type RangeQuery struct {
	Field            string
	GTE, GT, LTE, LT *Scalar
	Format           string
	Boost            *float64
}

// NestedQuery is the nested clause; Path is always "sections".
type NestedQuery struct {
	Path           string
	Query          Query
	ScoreMode      string
	IgnoreUnmapped *bool
	InnerHits      *InnerHits
	Boost          *float64
}

// InnerHits is the inner_hits member of a nested clause.
type InnerHits struct {
	Name      string
	From      *int
	Size      *int
	Source    *SourceFilter
	Highlight *Highlight
}

// RankFeatureQuery is the rank_feature clause. At most one function is set;
// none means OpenSearch's default (saturation with the index's pivot).
type RankFeatureQuery struct {
	Field      string
	Boost      *float64
	Saturation *Saturation
	Log        *LogFunction
	Sigmoid    *Sigmoid
	Linear     bool
}

// Saturation is rank_feature's saturation function; Pivot nil means the
// default computed from the index.
type Saturation struct{ Pivot *float64 }

// LogFunction is rank_feature's log function.
type LogFunction struct{ ScalingFactor float64 }

// Sigmoid is rank_feature's sigmoid function.
type Sigmoid struct{ Pivot, Exponent float64 }

// Kind implements Query.
func (*BoolQuery) Kind() string { return "bool" }

// Kind implements Query.
func (*MatchAllQuery) Kind() string { return "match_all" }

// Kind implements Query.
func (*MatchPhraseQuery) Kind() string { return "match_phrase" }

// Kind implements Query.
func (*SimpleQueryStringQuery) Kind() string { return "simple_query_string" }

// Kind implements Query.
func (*TermQuery) Kind() string { return "term" }

// Kind implements Query.
func (*TermsQuery) Kind() string { return "terms" }

// Kind implements Query.
func (*RangeQuery) Kind() string { return "range" }

// Kind implements Query.
func (*NestedQuery) Kind() string { return "nested" }

// Kind implements Query.
func (*RankFeatureQuery) Kind() string { return "rank_feature" }
