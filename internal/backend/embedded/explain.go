package embedded

import (
	"strings"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/internal/engine/similarity"
	"github.com/contractsearch/contractsearch/mappings"
)

// nonNestedFilter reports whether OpenSearch adds its non-nested filter
// to the shard query q of index m (DefaultSearchContext.buildFilteredQuery:
// the index has nested mappings and NestedHelper.mightMatchNestedDocs(q)).
// The engine keeps records only either way; explanations and profiles
// show the filter where OpenSearch has it.
func nonNestedFilter(m *mappings.Index, q search.Query) bool {
	return len(m.NestedPaths) > 0 && mightMatchNestedDocs(m, q)
}

// mightMatchNestedDocs is OpenSearch's NestedHelper.mightMatchNestedDocs on
// the Lucene query q stands for: term, terms and range queries look at
// their field, booleans at their clauses, a nested query matches parents
// only, and every other query type (phrases, prefixes, fuzzy, dis_max,
// rank_feature) might match nested documents.
func mightMatchNestedDocs(m *mappings.Index, q search.Query) bool {
	switch q := q.(type) {
	case *search.ConstantScoreQuery:
		return mightMatchNestedDocs(m, q.Query)
	case *search.MatchAllQuery:
		return true
	case *search.MatchNoneQuery:
		return false
	case *search.TermQuery:
		return fieldInNested(m, q.Field)
	case *search.TermSetQuery:
		if len(q.Terms) == 0 {
			return false
		}
		return fieldInNested(m, q.Field)
	case *search.RangeQuery:
		return fieldInNested(m, q.Field)
	case *search.NestedQuery:
		return false
	case *search.BoolQuery:
		if len(q.Must)+len(q.Filter) == 0 && len(q.Should) == 0 {
			// A pure negative query: OpenSearch adds a match_all filter.
			return true
		}
		if len(q.Must)+len(q.Filter) > 0 {
			for _, c := range append(append([]search.Query(nil), q.Must...), q.Filter...) {
				if !mightMatchNestedDocs(m, c) {
					return false
				}
			}
			return true
		}
		for _, c := range q.Should {
			if mightMatchNestedDocs(m, c) {
				return true
			}
		}
		return false
	}
	return true
}

// fieldInNested is NestedHelper.mightMatchNestedDocs(field): meta fields
// might (it cannot tell), unmapped fields cannot, mapped ones when they
// live under a nested object.
func fieldInNested(m *mappings.Index, field string) bool {
	if strings.HasPrefix(field, "_") {
		return true
	}
	f, ok := m.Fields[field]
	if !ok {
		return false
	}
	return f.NestedPath != ""
}

// explanationJSON renders an explanation as OpenSearch's SearchHit does:
// {"value", "description", "details"}, the value as Java prints a Float or
// a Long, details always present.
func explanationJSON(dst []byte, e *similarity.Explanation) []byte {
	dst = append(dst, `{"value":`...)
	dst = append(dst, e.Value.String()...)
	dst = append(dst, `,"description":`...)
	dst = appendJSONString(dst, e.Description)
	dst = append(dst, `,"details":[`...)
	for i := range e.Details {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = explanationJSON(dst, &e.Details[i])
	}
	return append(dst, "]}"...)
}

// appendJSONString appends s as a JSON string, escaping what JSON requires
// (and nothing HTML-specific, as Jackson).
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c == '\r':
				dst = append(dst, '\\', 'r')
			case c == '\t':
				dst = append(dst, '\\', 't')
			case c < 0x20:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, `\ufffd`...)
		} else {
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return append(dst, '"')
}
