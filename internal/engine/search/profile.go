package search

import (
	"strings"
	"time"

	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

// Profiling: OpenSearch's profile: true reports, per shard, the query tree
// with the time spent in each node's Lucene methods (its QueryProfiler
// wraps every Weight the searcher creates, and their Scorers), the
// collectors' times and the aggregations' times. The engine does the same
// with real measurements: when a request asks for a profile, every weight
// createWeight builds is wrapped (profWeight), which times create_weight
// and build_scorer and wraps each scorer (profScorer) to time and count
// next_doc, advance and score; the collection loop times the collectors
// and the aggregations. Unprofiled searches never see a wrapper: the
// profiler hangs on the search's own copy of the index, and is nil.
//
// A node is made for each query createWeight is called on, children being
// the queries its weight creates, as OpenSearch's tree: a bool's clauses,
// a dis_max's disjuncts, a constant_score's query. Where the engine's tree
// is not Lucene's the tree follows the engine's: a nested query has its
// inner query as a child (Lucene creates that weight directly, so
// OpenSearch shows a leaf), and a bool of one clause keeps its node
// (Lucene's rewrite removes it). Lucene's match, shallow_advance,
// compute_max_score and set_min_competitive_score have no counterpart in
// the engine's scorers and stay 0.

// ProfileBreakdown holds one query node's timings (nanoseconds) and
// counts, OpenSearch's QueryTimingType.
type ProfileBreakdown struct {
	CreateWeight, BuildScorer, NextDoc, Advance, Score                          int64
	CreateWeightCount, BuildScorerCount, NextDocCount, AdvanceCount, ScoreCount int64
}

// ProfileNode is one node of a profiled query tree.
type ProfileNode struct {
	// Type is the Lucene query class OpenSearch names ("TermQuery",
	// "BooleanQuery", …) and Description the query's text (Describe).
	Type, Description string
	Breakdown         ProfileBreakdown
	Children          []*ProfileNode
}

// TimeInNanos is the node's time: the sum of its timings, as OpenSearch
// computes it (children's time is inside their parent's next_doc,
// advance and score).
func (n *ProfileNode) TimeInNanos() int64 {
	b := &n.Breakdown
	return b.CreateWeight + b.BuildScorer + b.NextDoc + b.Advance + b.Score
}

// CollectorProfile is one collector of the search, with its children.
type CollectorProfile struct {
	Name, Reason string
	TimeInNanos  int64
	Children     []CollectorProfile
}

// AggProfile is one terms aggregation's timings on a shard (OpenSearch's
// AggregationTimingType), in nanoseconds.
type AggProfile struct {
	Type, Description                                                         string
	Initialize, BuildLeafCollector, Collect, PostCollection, BuildAggregation int64
	BuildLeafCollectorCount, CollectCount                                     int64
}

// TimeInNanos is the aggregation's total time.
func (a *AggProfile) TimeInNanos() int64 {
	return a.Initialize + a.BuildLeafCollector + a.Collect + a.PostCollection + a.BuildAggregation
}

// ShardProfile is the profile of one logical index (one shard).
type ShardProfile struct {
	Index string
	// Query is the query tree (one root), RewriteNanos the time spent
	// rewriting (the engine's multi-term expansions while building
	// weights), Collectors the collector tree.
	Query        []*ProfileNode
	RewriteNanos int64
	Collectors   []CollectorProfile
	Aggs         []AggProfile
}

// profiler records one index's profile while its weights are built and
// its segments searched.
type profiler struct {
	stack   []*ProfileNode
	roots   []*ProfileNode
	rewrite time.Duration
	// Collection times: the top-hits collector, the post filter and each
	// aggregation.
	collect, postFilter time.Duration
	// hitStart is when the loop began collecting the current hit.
	hitStart time.Time
	aggs     []AggProfile
}

// profileWeight builds q's weight under a new node of the tree.
func (p *profiler) profileWeight(q Query, ix *Index, boost float32) (weight, error) {
	node := &ProfileNode{Type: luceneType(q), Description: Describe(q)}
	if len(p.stack) > 0 {
		parent := p.stack[len(p.stack)-1]
		parent.Children = append(parent.Children, node)
	} else {
		p.roots = append(p.roots, node)
	}
	p.stack = append(p.stack, node)
	start := time.Now()
	w, err := buildWeight(q, ix, boost)
	elapsed := time.Since(start)
	node.Breakdown.CreateWeight += int64(elapsed)
	if _, fuzzy := q.(*FuzzyQuery); fuzzy {
		// Lucene expands a fuzzy query in its rewrite.
		p.rewrite += elapsed
	}
	node.Breakdown.CreateWeightCount++
	p.stack = p.stack[:len(p.stack)-1]
	if err != nil || isNoMatch(w) {
		return w, err
	}
	return &profWeight{weight: w, node: node}, nil
}

// luceneType is the simple class name of the Lucene query OpenSearch runs
// for q, as the profile's "type": q is rewritten (Rewrite), and a node the
// engine keeps where Lucene's rewrite changes its class is named by that
// class (rewrite.go's luceneRewrite: a dis_max with tie breaker 1 is a
// BooleanQuery; a fuzzy query is one of its expansions).
func luceneType(q Query) string {
	boosted := func(b float32, name string) string {
		if effectiveBoost(b) != 1 {
			return "BoostQuery"
		}
		return name
	}
	switch q := q.(type) {
	case *TermQuery:
		return boosted(q.Boost, "TermQuery")
	case *PhraseQuery:
		return boosted(q.Boost, "PhraseQuery")
	case *MatchAllQuery:
		return boosted(q.Boost, "MatchAllDocsQuery")
	case *MatchNoneQuery:
		return "MatchNoDocsQuery"
	case *BoolQuery:
		return boosted(q.Boost, "BooleanQuery")
	case *PrefixQuery:
		return boosted(q.Boost, "MultiTermQueryConstantScoreBlendedWrapper")
	case *TermSetQuery:
		return boosted(q.Boost, "MultiTermQueryConstantScoreBlendedWrapper")
	case *FuzzyQuery:
		// Rewritten to a BooleanQuery of its expansions.
		return boosted(q.Boost, "BooleanQuery")
	case *DisMaxQuery:
		if _, ok := disMaxAsBool(q); ok && len(q.Disjuncts) > 1 {
			return boosted(q.Boost, "BooleanQuery")
		}
		return boosted(q.Boost, "DisjunctionMaxQuery")
	case *ConstantScoreQuery:
		return boosted(q.Boost, "ConstantScoreQuery")
	case *RangeQuery:
		return boosted(q.Boost, "IndexOrDocValuesQuery")
	case *RankFeatureQuery:
		return boosted(q.Boost, "FeatureQuery")
	case *NestedQuery:
		return boosted(q.Boost, "OpenSearchToParentBlockJoinQuery")
	}
	return "Query"
}

// profWeight times a weight's scorers.
type profWeight struct {
	weight
	node *ProfileNode
}

func (p *profWeight) scorer(segNum int, seg *segment.Segment) (Scorer, error) {
	start := time.Now()
	s, err := p.weight.scorer(segNum, seg)
	p.node.Breakdown.BuildScorer += int64(time.Since(start))
	p.node.Breakdown.BuildScorerCount++
	if err != nil || s == nil {
		return s, err
	}
	return &profScorer{in: s, b: &p.node.Breakdown}, nil
}

// disjunctionClauses keeps the wrapped weight's inlining (flatten.go), so
// that a profiled search scores exactly as an unprofiled one.
func (p *profWeight) disjunctionClauses() []weight {
	if d, ok := p.weight.(disjunctionWeight); ok {
		return d.disjunctionClauses()
	}
	return nil
}

// profScorer times and counts a scorer's calls.
type profScorer struct {
	in Scorer
	b  *ProfileBreakdown
}

func (s *profScorer) Next() bool {
	start := time.Now()
	ok := s.in.Next()
	s.b.NextDoc += int64(time.Since(start))
	s.b.NextDocCount++
	return ok
}

func (s *profScorer) Advance(target uint32) bool {
	start := time.Now()
	ok := s.in.Advance(target)
	s.b.Advance += int64(time.Since(start))
	s.b.AdvanceCount++
	return ok
}

func (s *profScorer) Score() float32 {
	start := time.Now()
	v := s.in.Score()
	s.b.Score += int64(time.Since(start))
	s.b.ScoreCount++
	return v
}

func (s *profScorer) DocID() uint32 { return s.in.DocID() }
func (s *profScorer) Err() error    { return s.in.Err() }

// shardProfile assembles an index's profile once it was searched.
func (p *profiler) shardProfile(t Target, req *Request) ShardProfile {
	sp := ShardProfile{Index: t.Index, Query: p.roots, RewriteNanos: int64(p.rewrite), Aggs: p.aggs}
	if t.NonNestedFilter && len(p.roots) == 1 {
		// OpenSearch's shard query: the query plus its non-nested filter.
		q := p.roots[0]
		top := &ProfileNode{Type: "BooleanQuery", Description: Describe(withNonNestedFilter(&t)), Breakdown: q.Breakdown,
			Children: []*ProfileNode{q, {Type: "FieldExistsQuery", Description: nonNestedFilter}}}
		sp.Query = []*ProfileNode{top}
	}
	var hits CollectorProfile
	if req.Size+req.From > 0 {
		hits = CollectorProfile{Name: "SimpleTopScoreDocCollector", Reason: "search_top_hits", TimeInNanos: int64(p.collect)}
	} else {
		hits = CollectorProfile{Name: "EarlyTerminatingCollector", Reason: "search_count", TimeInNanos: int64(p.collect)}
	}
	if t.PostFilter != nil {
		hits = CollectorProfile{Name: "FilteredCollector", Reason: "search_post_filter",
			TimeInNanos: int64(p.collect + p.postFilter), Children: []CollectorProfile{hits}}
	}
	if len(p.aggs) == 0 {
		sp.Collectors = []CollectorProfile{hits}
		return sp
	}
	var aggTime int64
	names := make([]string, len(p.aggs))
	for i := range p.aggs {
		aggTime += p.aggs[i].Collect + p.aggs[i].BuildLeafCollector
		names[i] = "ProfilingAggregator: [" + p.aggs[i].Description + "]"
	}
	aggName := names[0]
	if len(names) > 1 {
		aggName = "MultiBucketCollector: [[" + strings.Join(names, ", ") + "]]"
	}
	agg := CollectorProfile{Name: aggName, Reason: "aggregation", TimeInNanos: aggTime}
	sp.Collectors = []CollectorProfile{{Name: "MultiCollector", Reason: "search_multi",
		TimeInNanos: hits.TimeInNanos + aggTime, Children: []CollectorProfile{hits, agg}}}
	return sp
}

// aggregatorType is the class OpenSearch runs a terms aggregation with: a
// keyword field's doc values ordinals, or a map of the values of _index
// (a constant field without ordinals).
func aggregatorType(a TermsAgg) string {
	if a.Field == IndexField {
		return "MapStringTermsAggregator"
	}
	return "GlobalOrdinalsStringTermsAggregator"
}

// timedOthers is leafCollector.collectOthers timing the aggregations and
// the post filter; the loop times the top hits (searchSegment).
func (p *profiler) timedOthers(l *leafCollector, doc uint32) bool {
	start := time.Now()
	for i, a := range l.aggs {
		a.collect(doc)
		now := time.Now()
		p.aggs[i].Collect += int64(now.Sub(start))
		p.aggs[i].CollectCount++
		start = now
	}
	if l.post == nil {
		return true
	}
	keep := l.postFilterKeeps(doc)
	p.postFilter += time.Since(start)
	return keep
}

// startHit and stopHit time the collection loop's top-hits step
// (searchSegment). They are not inlined: the clock then stays off the
// loop's registers, which an unprofiled search measurably pays for.
//
//go:noinline
func (p *profiler) startHit() { p.hitStart = time.Now() }

//go:noinline
func (p *profiler) stopHit() { p.collect += time.Since(p.hitStart) }
