// Package search owns query execution over the engine's segments: the
// engine's query tree, rewriting it as Lucene does (rewrite.go), turning
// it into per-segment scorers with index-wide statistics (Query → Rewrite
// → Weight → Scorer, so BM25's idf and avgdl are computed once per logical
// index and the per-document loop stays tight), and collecting the top
// hits, totals and aggregations across the logical indexes of a search
// with OpenSearch's order and total-hits rules (→ Collector, collect.go).
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
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/contractsearch/contractsearch/internal/engine/helpers"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/internal/engine/similarity"
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
//
// With Slop > 0 the terms may be up to Slop position moves away from the
// phrase's order (Lucene's sloppy PhraseQuery): each match contributes
// 1/(distance+1) to the frequency.
type PhraseQuery struct {
	Field string
	Terms []string
	Slop  int
	Boost float32
}

// PrefixQuery matches documents holding a term of Field that starts with
// Prefix (already normalised), with the constant score Boost (1 by
// default), as Lucene's constant-score rewrite of a PrefixQuery.
type PrefixQuery struct {
	Field, Prefix string
	Boost         float32
}

// FuzzyQuery matches documents holding a term of Field within MaxEdits
// (0–2) Damerau–Levenshtein edits of Term (Levenshtein without
// Transpositions) whose first PrefixLength runes equal Term's. Like
// Lucene's FuzzyQuery it rewrites to the MaxExpansions best terms (0 means
// Lucene's default, 50) by similarity boost, 1 − edits/min(length), then
// term order, with blended document frequencies, each scored with BM25
// times its boost.
type FuzzyQuery struct {
	Field, Term    string
	MaxEdits       int
	PrefixLength   int
	MaxExpansions  int
	Transpositions bool
	Boost          float32
}

// DisMaxQuery matches what any disjunct matches; its score is the best
// disjunct's score plus TieBreaker times the sum of the others'.
type DisMaxQuery struct {
	Disjuncts  []Query
	TieBreaker float32
	Boost      float32
}

// ConstantScoreQuery matches what Query matches with the constant score
// Boost (1 by default).
type ConstantScoreQuery struct {
	Query Query
	Boost float32
}

// TermSetQuery matches documents holding any of Terms in Field, with the
// constant score Boost (1 by default): Lucene's TermInSetQuery.
type TermSetQuery struct {
	Field string
	Terms []string
	Boost float32
}

// MatchNoneQuery matches nothing. Reason is the text Lucene's
// MatchNoDocsQuery carries and prints (`MatchNoDocsQuery("unmapped fields
// [x]")`): where the query that matches nothing came from, as OpenSearch
// words it, so that profiles name the node as OpenSearch's do. Like
// Lucene's equals, the engine ignores it when it compares queries.
type MatchNoneQuery struct {
	Reason string
}

// RangeQuery matches documents whose numeric doc value in Field (an
// integer, or a date as epoch milliseconds) lies in [Lower, Upper], with
// the constant score Boost (1 by default). A nil bound is open. Bounds are
// inclusive: the translation from the DSL turns gt/lt into ±1. A document
// with several values matches when any of them is in range. Field must be
// an integer or date field (segments do not record a column's type; the
// translation refuses other types, as OpenSearch does).
type RangeQuery struct {
	Field        string
	Lower, Upper *int64
	Boost        float32
}

// RankFeatureQuery scores documents by a rank feature (Field is the
// feature's name, as "weight_rank") with one of Lucene's FeatureField
// functions; documents without the feature do not match. Function nil is
// OpenSearch's default, a saturation with the index's pivot. Field must be
// a rank_feature field (the translation refuses others, as OpenSearch
// does).
type RankFeatureQuery struct {
	Field    string
	Function FeatureFunction
	Boost    float32
}

// FeatureFunction is the function a RankFeatureQuery applies to a feature
// value: one of Saturation, Log, Sigmoid, Linear.
type FeatureFunction interface{ isFeatureFunction() }

// Saturation is S / (S + Pivot). Without Pivot the index's default is used
// (Lucene's FeatureField.computePivotFeatureValue, per logical index).
type Saturation struct{ Pivot *float32 }

// Log is log(ScalingFactor + S).
type Log struct{ ScalingFactor float32 }

// Sigmoid is S^Exponent / (S^Exponent + Pivot^Exponent).
type Sigmoid struct{ Pivot, Exponent float32 }

// Linear is S itself.
type Linear struct{}

func (Saturation) isFeatureFunction() {}
func (Log) isFeatureFunction()        {}
func (Sigmoid) isFeatureFunction()    {}
func (Linear) isFeatureFunction()     {}

// ScoreMode says how a nested query combines its matching children's
// scores into the parent's score.
type ScoreMode int

// The score modes of OpenSearch's nested query (avg is its default).
const (
	ScoreAvg ScoreMode = iota
	ScoreMax
	ScoreMin
	ScoreSum
	ScoreNone
)

// NestedQuery matches records with at least one nested child under Path
// (as "sections") that Query matches (Lucene's ToParentBlockJoinQuery);
// Query is evaluated against the children only, with their statistics.
// The record's score combines its matching children's scores by
// ScoreMode; Boost (and the boosts above) scale each child's score, and
// ScoreNone scores 0. The translation turns a nested query on an index
// without the path into MatchNoneQuery or an error (ignore_unmapped), so
// that no inner hits section appears there either. Nested queries do not
// nest.
type NestedQuery struct {
	Path      string
	Query     Query
	ScoreMode ScoreMode
	// InnerHits, when set, asks for the matching children of each hit.
	InnerHits *InnerHitsSpec
	Boost     float32
}

// InnerHitsSpec asks for a nested query's matching children per hit:
// ordered by score descending then offset, From and Size selecting the
// page. Size is taken as given: the translation fills OpenSearch's default
// 3, and 0 asks for the total only. Requests under a must_not clause are
// ignored, as OpenSearch ignores them; two requests with one name are an
// error. The results are in Hit.InnerHits.
type InnerHitsSpec struct {
	// Name keys the result (OpenSearch's default is the path).
	Name       string
	From, Size int
}

func (*TermQuery) isQuery()          {}
func (*PhraseQuery) isQuery()        {}
func (*MatchAllQuery) isQuery()      {}
func (*BoolQuery) isQuery()          {}
func (*PrefixQuery) isQuery()        {}
func (*FuzzyQuery) isQuery()         {}
func (*DisMaxQuery) isQuery()        {}
func (*ConstantScoreQuery) isQuery() {}
func (*TermSetQuery) isQuery()       {}
func (*MatchNoneQuery) isQuery()     {}
func (*RangeQuery) isQuery()         {}
func (*RankFeatureQuery) isQuery()   {}
func (*NestedQuery) isQuery()        {}

// Index is one logical index's segments, in insertion order.
type Index struct {
	Name     string
	Segments []*segment.Segment
	// dl is set on a search's own copy of the index: weights built for
	// the search take the deadline from it (timeout.go).
	dl *deadline
	// prof is set on a search's own copy when it is profiled (profile.go).
	prof *profiler
	// expansions is set on a search's own copy: the fuzzy and prefix
	// rewrites the search has made, shared by its indexes (multiterm.go).
	expansions *expansions
	// pivots caches default saturation pivots by feature (field → float32):
	// segments never change, so one scan serves every search. NewSearcher
	// sets it; a search's copy shares it.
	pivots *sync.Map
	// featureBlocks caches the block maxima of feature columns by
	// segment and field (featureBlockKey → *featureBlocks, prune.go),
	// the same way.
	featureBlocks *sync.Map
}

// Searcher searches a fixed set of logical indexes (one generation). It is
// safe for concurrent use.
type Searcher struct {
	indexes map[string]*Index
	// parallelDocs is how many documents an index needs to count as
	// large (concurrentDocs), helperDelay how long a search runs before
	// helpers join (parallel.go); tests lower both, and set
	// alwaysConcurrent to let helpers join every search.
	parallelDocs     int
	helperDelay      time.Duration
	alwaysConcurrent bool
}

// NewSearcher returns a searcher over indexes (which it prepares for
// caching what stays true of their segments).
func NewSearcher(indexes ...*Index) *Searcher {
	s := &Searcher{indexes: map[string]*Index{}, parallelDocs: concurrentDocs, helperDelay: helpers.Delay}
	for _, ix := range indexes {
		if ix.pivots == nil {
			ix.pivots = &sync.Map{}
		}
		if ix.featureBlocks == nil {
			ix.featureBlocks = &sync.Map{}
		}
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
	// InnerHits holds, by name, the inner hits the query's nested
	// queries ask for (innerhits.go); nil when they ask for none.
	InnerHits map[string]InnerHits
	// Explanation is Lucene's explanation of Score when the request asks
	// for it (explain.go); nil otherwise.
	Explanation *similarity.Explanation
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
	// Aggs are the requested aggregations, in request order.
	Aggs []TermsAggResult
	// TimedOut is set when a deadline passed during the search: the
	// query deadline during the query phase (the result holds what was
	// collected until then), or the context's during the fetch phase (the
	// hits are those fetched whole until then, a prefix of the ranking;
	// the total still counts every match collected).
	TimedOut bool
	// Profile holds each searched index's profile, in index-name order,
	// when the request asks for it.
	Profile []ShardProfile
}

// Request is one search.
type Request struct {
	// Targets are the logical indexes to search, each with the query built
	// for it: OpenSearch builds a shard's query from that shard's mappings,
	// so the same DSL can give different queries per index.
	Targets []Target
	// Indexes and Query are a shorthand for Targets when every index gets
	// the same query; they are used only when Targets is empty.
	Indexes []string
	Query   Query
	// From and Size select the page of hits.
	From, Size int
	// TrackTotalHitsUpTo is how far matches are counted exactly before the
	// total becomes a lower bound; 0 means TotalHitsLimit, OpenSearch's
	// default, and a negative value counts every match.
	TrackTotalHitsUpTo int
	// Aggs are terms aggregations over the query's matches (post filters
	// do not apply to them).
	Aggs []TermsAgg
	// Explain asks for each hit's explanation (Hit.Explanation), as
	// OpenSearch's explain: true.
	Explain bool
	// Profile asks for each index's timings (Result.Profile), as
	// OpenSearch's profile: true.
	Profile bool
	// QueryDeadline, when not zero, is where the query phase stops, as
	// OpenSearch's timeout stops it (Result.TimedOut). The context bounds
	// the whole search, the fetch phase (inner hits, explanations)
	// included: give it a later deadline so that the hits found are still
	// fetched.
	QueryDeadline time.Time
}

// Target is one logical index of a search and the queries built for it.
type Target struct {
	Index string
	Query Query
	// PostFilter, when set, restricts the hits (and their total) but not
	// the aggregations, as OpenSearch's post_filter.
	PostFilter Query
	// NonNestedFilter says that OpenSearch runs Query with a filter
	// keeping root documents (its index has nested mappings and
	// NestedHelper.mightMatchNestedDocs holds for the query). The engine
	// keeps records only anyway; explanations and profiles show the
	// filter.
	NonNestedFilter bool
	// RecordsOnly says that Query cannot match a nested child (by the
	// same NestedHelper rule on the index's mappings: every document it
	// matches is a record), so the engine need not check its matches
	// against the records, which costs a search over a segment with
	// children about a sixth of its time. False is always correct.
	RecordsOnly bool
}

// targets returns the request's targets in index-name order, OpenSearch's
// shard order, which the tie rule follows.
func (req *Request) targets() ([]Target, error) {
	ts := slices.Clone(req.Targets)
	if len(ts) == 0 {
		for _, name := range req.Indexes {
			ts = append(ts, Target{Index: name, Query: req.Query})
		}
	}
	for _, t := range ts {
		if t.Query == nil {
			return nil, fmt.Errorf("index %s: nil query", t.Index)
		}
	}
	slices.SortStableFunc(ts, func(a, b Target) int { return strings.Compare(a.Index, b.Index) })
	return ts, nil
}

// Search runs a request. Indexes the searcher does not hold are skipped,
// as a search over an empty index finds nothing.
func (s *Searcher) Search(ctx context.Context, req Request) (*Result, error) {
	if req.From < 0 || req.Size < 0 {
		return nil, fmt.Errorf("search: from %d and size %d must not be negative", req.From, req.Size)
	}
	targets, err := req.targets()
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	limit := req.TrackTotalHitsUpTo
	switch {
	case limit == 0:
		limit = TotalHitsLimit
	case limit < 0:
		limit = math.MaxInt
	}
	// Past the limit only the top hits matter, unless aggregations need
	// every match or a profile counts the scorers' calls.
	prune := len(req.Aggs) == 0 && !req.Profile
	// rewritten holds the searched targets as rewritten (rewrite.go) for
	// the explanations, when asked for; inner hits are found in the request's own tree,
	// as OpenSearch finds them in its query builders.
	var rewritten []Target
	exp := &expansions{}
	// A profile counts every scorer call, so its indexes do not prune by
	// each other's findings: its counts do not depend on the schedule.
	var shared *sharedTop
	if !req.Profile {
		shared = &sharedTop{}
	}
	var parts []*indexSearch
	for _, t := range targets {
		ix := s.indexes[t.Index]
		if ix == nil {
			continue
		}
		pos := len(parts)
		t, err := t.rewritten()
		if err != nil {
			return nil, fmt.Errorf("search: index %s: %w", t.Index, err)
		}
		if req.Explain {
			rewritten = append(rewritten, t)
		}
		p := &indexSearch{t: t, ix: *ix, top: newTopCollector(req.From+req.Size, limit, prune, shared, pos), aggs: newAggCollectors(req.Aggs)}
		p.ix.dl = newDeadline(ctx, req.QueryDeadline)
		p.ix.expansions = exp
		if req.Profile {
			p.ix.prof = &profiler{aggs: make([]AggProfile, len(req.Aggs))}
			for i, a := range req.Aggs {
				p.ix.prof.aggs[i] = AggProfile{Type: aggregatorType(a), Description: a.Name}
			}
		}
		parts = append(parts, p)
	}
	// With aggregations every match is collected whatever the other
	// indexes find, so searching them at once costs no more work; the top
	// hits alone are found with less one index after another, each
	// starting from the floor the ones before it set (sharedTop).
	s.searchIndexes(ctx, parts, len(req.Aggs) > 0 && !req.Profile || s.alwaysConcurrent)
	// The indexes' answers merged in index order, as OpenSearch's
	// coordinating node merges its shards'.
	c := newTopCollector(req.From+req.Size, limit, prune, nil, 0)
	aggs := newAggCollectors(req.Aggs)
	timedOut := false
	var profiles []ShardProfile
	for pos, p := range parts {
		if p.ix.prof != nil {
			profiles = append(profiles, p.ix.prof.shardProfile(p.t, &req))
		}
		if p.err != nil {
			if !errors.Is(p.err, context.DeadlineExceeded) {
				return nil, fmt.Errorf("search: index %s: %w", p.t.Index, p.err)
			}
			// OpenSearch's timeout: answer with what was collected.
			timedOut = true
		}
		c.absorb(p.top, pos)
		for i, a := range p.aggs {
			aggs[i].shards = append(aggs[i].shards, a.shards...)
		}
	}
	res, err := c.result(req.From, limit)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	for _, a := range aggs {
		res.Aggs = append(res.Aggs, a.reduce())
	}
	res.TimedOut = timedOut
	res.Profile = profiles
	if err := s.fetch(ctx, res, targets, rewritten, req.Explain); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return res, nil
}

// fetch adds the page's inner hits and explanations under the context's
// deadline, which the query deadline does not bound: the hits a timed-out
// query phase found are still fetched, as OpenSearch fetches them. When
// the context's deadline passes first, the hits fetched whole are kept
// and the result is marked timed out; a cancelled context is an error.
// Inner hits come from the request's targets, explanations from the
// searched targets as rewritten.
func (s *Searcher) fetch(ctx context.Context, res *Result, targets, rewritten []Target, explain bool) error {
	dl := newDeadline(ctx, time.Time{})
	indexes := s.indexes
	if dl != nil {
		indexes = make(map[string]*Index, len(s.indexes))
		for name, ix := range s.indexes {
			ixc := *ix
			ixc.dl = dl
			indexes[name] = &ixc
		}
	}
	err := addInnerHits(dl, res, targets, indexes)
	if err == nil && explain {
		err = addExplanations(dl, res, rewritten, indexes)
	}
	if err != nil && dl.timedOut() && errors.Is(err, context.DeadlineExceeded) {
		res.TimedOut = true
		return nil
	}
	return err
}
