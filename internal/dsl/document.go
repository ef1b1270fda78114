package dsl

import (
	"strings"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/apierr"
)

// BodyHighlight returns the search that marks, in the body of the record
// whose _id is id, what a simplified query's q matches there — the
// document view's ?q=. It is q's own Form A text query (the same
// expansion, so the same words, phrases, prefixes and fuzzy matches) as a
// should clause beside a filter on the _id, so that the record is the one
// hit even where q does not match it, with the whole body highlighted as
// one fragment (number_of_fragments 0) between pre and post. Only clauses
// on body highlight body (require_field_match), and the ranking signals
// mark nothing the text query does not, so the marks are those a Form A
// search's body fragments carry.
//
// A blank q asks for nothing: the result is nil. q is checked as Form A
// checks it (UTF-8, MaxQueryBytes, MaxClauses); errors name the q
// parameter.
func (p *Parser) BodyHighlight(id, q, pre, post string) (*SearchRequest, error) {
	if strings.TrimSpace(q) == "" {
		return nil, nil
	}
	if !utf8.ValidString(q) {
		return nil, apierr.BadRequest("[q] is not valid UTF-8")
	}
	if len(q) > p.limits.MaxQueryBytes {
		return nil, apierr.BadRequest("[q] is %d bytes long; at most %d are allowed", len(q), p.limits.MaxQueryBytes)
	}
	text, _, _, cost := textQuery(q)
	if cost > p.limits.MaxClauses {
		return nil, apierr.BadRequest("too many clauses: [q] has more than %d query terms (each counts once per field it searches)", p.limits.MaxClauses)
	}
	one, none := 1, 0
	return &SearchRequest{
		Query: &BoolQuery{
			Should: []Query{text},
			Filter: []Query{&TermQuery{Field: "_id", Value: Scalar{Text: id, Kind: 's'}}},
		},
		Size:   &one,
		Source: &SourceFilter{Disabled: true},
		Highlight: &Highlight{
			Fields:   []HighlightField{{Name: "body", NumberOfFragments: &none}},
			PreTags:  []string{pre},
			PostTags: []string{post},
		},
		Timeout: p.limits.MaxTimeout,
	}, nil
}
