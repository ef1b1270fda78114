// Package search owns query execution over the engine's segments: the
// engine's query tree, turning a query into per-segment scorers with
// index-wide statistics (Query → Weight → Scorer, so BM25's idf and avgdl
// are computed once per logical index and the per-document loop stays
// tight), and collecting the top hits across the logical indexes of a
// search with OpenSearch's order and total-hits rules.
//
// Statistics are per logical index, as OpenSearch has one shard per index:
// a field's document count and total term frequency, and a term's document
// frequency, are summed over the index's segments. Top-level queries match
// records only: nested children are reached through a nested query.
package search

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

// Query is a node of the engine's query tree. The set of node types is
// closed; the gateway's DSL is translated into it.
type Query interface{ isQuery() }

// TermQuery matches documents whose field holds the exact term (already
// analysed for text fields), scored with BM25.
type TermQuery struct {
	Field, Term string
	// Boost multiplies the score; 0 means 1.
	Boost float32
}

// MatchAllQuery matches every record with a constant score (its boost,
// 1 by default).
type MatchAllQuery struct {
	Boost float32
}

// BoolQuery combines clauses with Lucene's BooleanQuery rules: a document
// must match every Must and Filter clause, no MustNot clause, and at least
// MinimumShouldMatch Should clauses (at least one when there are only
// Should clauses and MinimumShouldMatch is 0). Its score is the sum of the
// scores of the matching Must and Should clauses; Filter and MustNot do not
// score. A bool of only MustNot clauses matches every record but the
// excluded ones, with score 0 and whatever its MinimumShouldMatch: OpenSearch
// rebuilds it with a match_all filter and without minimum_should_match.
// MinimumShouldMatch above the number of Should clauses matches nothing.
type BoolQuery struct {
	Must, Should, Filter, MustNot []Query
	MinimumShouldMatch            int
	Boost                         float32
}

// PhraseQuery matches documents where the terms (already analysed) occur
// at consecutive positions of a text field: Lucene's exact PhraseQuery. Its
// frequency is the number of positions where the phrase starts, and its
// idf the sum of the terms' idfs. A phrase of one term is a TermQuery; a
// phrase of none matches nothing.
type PhraseQuery struct {
	Field string
	Terms []string
	Boost float32
}

func (*TermQuery) isQuery()     {}
func (*PhraseQuery) isQuery()   {}
func (*MatchAllQuery) isQuery() {}
func (*BoolQuery) isQuery()     {}

// Index is one logical index's segments, in insertion order.
type Index struct {
	Name     string
	Segments []*segment.Segment
}

// Searcher searches a fixed set of logical indexes (one generation). It is
// safe for concurrent use.
type Searcher struct {
	indexes map[string]*Index
}

// NewSearcher returns a searcher over indexes.
func NewSearcher(indexes ...*Index) *Searcher {
	s := &Searcher{indexes: map[string]*Index{}}
	for _, ix := range indexes {
		s.indexes[ix.Name] = ix
	}
	return s
}

// Hit is one matching record.
type Hit struct {
	Index string
	// Segment and Doc locate the record.
	Segment int
	Doc     uint32
	ID      string
	Score   float32
}

// TotalHitsLimit is OpenSearch's default track_total_hits: matches are
// counted exactly up to it, then reported as at least it.
const TotalHitsLimit = 10000

// Result is a search's answer.
type Result struct {
	// Hits are the top hits: score descending, then logical index name in
	// byte order (OpenSearch's shard order), then document order.
	Hits []Hit
	// Total counts the matches exactly when Relation is "eq", else it is a
	// lower bound ("gte").
	Total    int
	Relation string
	MaxScore float32
}

// Request is one search.
type Request struct {
	// Indexes are the logical indexes to search.
	Indexes []string
	Query   Query
	// From and Size select the page of hits.
	From, Size int
}

// Search runs a request. Indexes the searcher does not hold are skipped,
// as a search over an empty index finds nothing.
func (s *Searcher) Search(ctx context.Context, req Request) (*Result, error) {
	if req.Query == nil {
		return nil, errors.New("search: nil query")
	}
	if req.From < 0 || req.Size < 0 {
		return nil, fmt.Errorf("search: from %d and size %d must not be negative", req.From, req.Size)
	}
	names := slices.Clone(req.Indexes)
	slices.Sort(names)
	c := newTopCollector(req.From + req.Size)
	for _, name := range names {
		ix := s.indexes[name]
		if ix == nil {
			continue
		}
		if err := s.searchIndex(ctx, ix, req.Query, c); err != nil {
			return nil, fmt.Errorf("search: index %s: %w", name, err)
		}
	}
	res, err := c.result(req.From)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return res, nil
}
