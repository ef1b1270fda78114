package embedded

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/indexer"
	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/internal/engine/store"
	"github.com/contractsearch/contractsearch/internal/engine/suggest"
	"github.com/contractsearch/contractsearch/mappings"
)

// Backend serves searches from the newest published generation of an
// index directory, moving to newer generations as Refresh or Watch find
// them. Searches in flight keep the snapshot they started with.
type Backend struct {
	live     *generation.Live[*snapshot]
	mappings *mappings.Set
	// keys are the mappings' member names, for scanning stored sources.
	keys keyNames
}

// snapshot is one open generation: its segments, a searcher over them,
// and each index's query translator (which reads the segments' values for
// OpenSearch's data-dependent rewrites).
type snapshot struct {
	segments    map[string][]*segment.Segment
	searcher    *search.Searcher
	indexes     map[string]*search.Index
	translators map[string]*Translator
	// sources keeps decompressed stored sources across requests
	// (sourceCacheBytes): a hit read again is not decompressed again.
	sources *store.Cache
}

// sourceCacheBytes is the budget of a snapshot's cache of decompressed
// sources: a few hundred whole contracts (tens to hundreds of KB each),
// or thousands of blocks of small records, next to an index whose
// resident size is in the hundreds of MB at 32× CUAD.
const sourceCacheBytes = 64 << 20

// Option changes how Open serves an index.
type Option func(*options)

type options struct {
	sourceCacheBytes int
}

// WithSourceCache sets the budget of each snapshot's cache of
// decompressed sources (default sourceCacheBytes); 0 turns it off, so that
// every hit's source is decompressed as on its first read (what a
// benchmark that repeats its queries must measure).
func WithSourceCache(bytes int) Option {
	return func(o *options) { o.sourceCacheBytes = max(bytes, 0) }
}

// Open serves the newest generation of the index directory dir.
// generation.ErrNoGeneration (wrapped) means nothing was published there
// yet. onError, if not nil, receives errors of background work (refreshes,
// deleting old generations).
func Open(dir string, set *mappings.Set, onError func(error), opts ...Option) (*Backend, error) {
	o := options{sourceCacheBytes: sourceCacheBytes}
	for _, opt := range opts {
		opt(&o)
	}
	d, err := generation.OpenDir(dir)
	if err != nil {
		return nil, fmt.Errorf("embedded: %w", err)
	}
	open := func(g *generation.Generation) (*snapshot, error) { return openSnapshot(g, set, o) }
	live, err := generation.NewLive(d, open, closeSnapshot, onError)
	if err != nil {
		return nil, fmt.Errorf("embedded: index directory %s: %w", dir, err)
	}
	return &Backend{live: live, mappings: set, keys: newKeyNames(set)}, nil
}

// openSnapshot opens a generation's indexes, checked against its meta.
func openSnapshot(g *generation.Generation, set *mappings.Set, o options) (*snapshot, error) {
	segs, err := indexer.Open(g)
	if err != nil {
		return nil, err
	}
	s := &snapshot{segments: segs, indexes: map[string]*search.Index{}, translators: map[string]*Translator{}}
	if o.sourceCacheBytes > 0 {
		s.sources = store.NewCache(o.sourceCacheBytes)
	}
	var all []*search.Index
	for _, name := range mappings.Names() {
		m := set.Index(name)
		if m == nil {
			indexer.Close(segs)
			return nil, fmt.Errorf("index %s: no mappings", name)
		}
		ix := &search.Index{Name: name, Segments: segs[name]}
		all = append(all, ix)
		s.indexes[name] = ix
		s.translators[name] = NewTranslator(m, singleValued(ix))
	}
	s.searcher = search.NewSearcher(all...)
	return s, nil
}

// singleValued answers, for OpenSearch's must_not-range rewrite, whether
// every document of the index (nested children included) holds exactly
// one value of a numeric field, as the shard's point values would tell.
func singleValued(ix *search.Index) func(field string) bool {
	return func(field string) bool {
		if len(ix.Segments) == 0 {
			return false
		}
		for _, seg := range ix.Segments {
			// A column whose bytes are broken is not known to be
			// single-valued; the range that reads it fails the search.
			col, err := seg.DocValues.Numeric(field)
			if err != nil || col == nil || col.DocCount() != int(seg.MaxDoc) || !col.SingleValued() {
				return false
			}
		}
		return true
	}
}

// closeSnapshot releases what openSnapshot built once no search uses it.
func closeSnapshot(s *snapshot) { indexer.Close(s.segments) }

// Refresh moves to the newest generation if there is a newer one and
// reports whether it did.
func (b *Backend) Refresh() (bool, error) { return b.live.Refresh() }

// Watch refreshes every interval and whenever trigger fires (SIGHUP in the
// gateway) until ctx ends; swapped, if not nil, hears of each newer
// generation served.
func (b *Backend) Watch(ctx context.Context, interval time.Duration, trigger <-chan struct{}, swapped func(gen uint64)) {
	b.live.Watch(ctx, interval, trigger, swapped)
}

// Generation returns the served generation's number, 0 when closed.
func (b *Backend) Generation() uint64 {
	s := b.live.Acquire()
	if s == nil {
		return 0
	}
	defer s.Release()
	return s.Generation()
}

// Ready reports whether a generation is being served: one verified or
// being verified (searches wait for it), not one found damaged.
func (b *Backend) Ready(context.Context) error {
	st := b.live.Status()
	switch {
	case st.Generation == 0:
		return errors.New("embedded: no generation is open")
	case st.Damage != nil:
		return fmt.Errorf("embedded: %w", st.Damage)
	}
	return nil
}

// IndexStatus reports the generation served, its verification, and the
// generations found bad, for /readyz: numbers, file names and a fixed
// reason each, never a path or a system error's text.
func (b *Backend) IndexStatus() backend.IndexStatus {
	st := b.live.Status()
	out := backend.IndexStatus{Generation: st.Generation, Verification: st.State}
	if st.Damage != nil {
		out.Damage = damageOf(st.Generation, st.Damage)
	}
	for _, bad := range st.Bad {
		out.BadGenerations = append(out.BadGenerations, *damageOf(bad.N, bad.Err))
	}
	return out
}

func damageOf(gen uint64, err error) *backend.GenerationDamage {
	d := &backend.GenerationDamage{Generation: gen, Reason: generation.Reason(err)}
	var de *generation.DamageError
	if errors.As(err, &de) {
		d.File = de.File
	}
	return d
}

// Close stops serving; searches in flight finish on their snapshot.
func (b *Backend) Close() error {
	b.live.Close()
	return nil
}

// fetchGrace is how long past the request's timeout the fetch phase
// (sources, highlights, inner hits, explanations) may run for the hits the
// query phase found, when the query phase ended less than fetchGrace
// before the timeout: enough to fetch a page, short enough that the
// answer leaves within the timeout plus 100 ms, with time to render it.
// A query phase done earlier leaves the fetch phase the rest of the
// timeout only.
const fetchGrace = 50 * time.Millisecond

// Search runs one validated search. Each logical index gets the query
// built from its own mappings, as each OpenSearch shard builds its own; an
// index whose query cannot be built (a nested path it lacks) fails alone,
// reported in _shards.failures, unless every index fails (400, as
// OpenSearch's "all shards failed").
//
// The request's timeout stops the suggestions and the query phase where
// they are, as OpenSearch's does; the fetch phase runs until the timeout,
// or fetchGrace after the query phase ended when that is later (never
// more than fetchGrace past the timeout). Whatever a deadline cuts, the answer holds what was done in
// time (the hits fetched whole, a prefix of the page) with timed_out:
// true. A deadline of ctx itself (the server's bound on a request) cuts
// the same way; a cancelled ctx (the client gone) is an error.
//
// The search reads the generation's files only once they are verified, and
// answers only if none changed meanwhile (generation.Snapshot.Wait): a
// damaged index answers 503, never a wrong answer. A file truncated under
// the search makes a read of its mapping fault; the fault is turned into
// this request's 503 (debug.SetPanicOnFault, on this goroutine, which
// runs the whole search), and the process goes on.
func (b *Backend) Search(ctx context.Context, req *backend.Request) (resp *backend.Response, err error) {
	if req == nil || req.Search == nil {
		return nil, errors.New("embedded: search: nil request")
	}
	start := time.Now()
	snap, err := b.live.AcquireVerified(ctx)
	if err != nil {
		return nil, apierr.Unavailable(fmt.Errorf("embedded: %w", err))
	}
	defer snap.Release()
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			ferr := generation.FaultError(r)
			if ferr == nil {
				panic(r) // a bug, not damage: the API's recovery reports it
			}
			snap.Suspect()
			resp, err = nil, apierr.Unavailable(fmt.Errorf("embedded: generation %d: %w", snap.Generation(), ferr))
		}
	}()
	resp, err = b.search(ctx, snap, req, start)
	if err != nil {
		return nil, err
	}
	if err := snap.Wait(ctx); err != nil {
		return nil, apierr.Unavailable(fmt.Errorf("embedded: files changed during the search: %w", err))
	}
	return resp, nil
}

// search runs one search, from start, on a verified snapshot.
func (b *Backend) search(ctx context.Context, snap *generation.Snapshot[*snapshot], req *backend.Request, start time.Time) (*backend.Response, error) {
	queryCtx := ctx
	var queryDeadline time.Time
	if t := req.Search.Timeout; t > 0 {
		queryDeadline = start.Add(t)
		var cancel, cancelQuery context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, queryDeadline.Add(fetchGrace))
		defer cancel()
		queryCtx, cancelQuery = context.WithDeadline(ctx, queryDeadline)
		defer cancelQuery()
	}

	sr := req.Search
	sreq := searchRequest(sr)
	var failures []json.RawMessage
	var failed []*ShardError
	for _, name := range req.Indexes {
		t, err := snap.Value.target(name, sr)
		var se *ShardError
		if errors.As(err, &se) {
			se.Index = name
			failed = append(failed, se)
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("embedded: index %s: %w", name, err)
		}
		sreq.Targets = append(sreq.Targets, t)
	}
	var suggested *suggest.Result
	if sr.Suggest != nil {
		res, targets, err := b.suggest(queryCtx, snap.Value, sr.Suggest, sreq.Targets)
		if err != nil {
			return nil, err
		}
		suggested = res
		for _, f := range res.Failures {
			failed = append(failed, &ShardError{Index: f.Index, Type: f.Type, Reason: f.Reason})
		}
		sreq.Targets = targets
	}
	// Failures are listed in shard order, which is index-name order here.
	slices.SortStableFunc(failed, func(a, b *ShardError) int { return strings.Compare(a.Index, b.Index) })
	for _, se := range failed {
		failures = append(failures, shardFailure(se.Index, se))
	}
	if len(req.Indexes) > 0 && len(failed) == len(req.Indexes) {
		return nil, allShardsFailed(failed, failures)
	}

	sreq.QueryDeadline = queryDeadline
	res, err := snap.Value.searcher.Search(ctx, sreq)
	if err != nil {
		return nil, fmt.Errorf("embedded: %w", err)
	}
	if !scoresFinite(res) {
		return nil, apierr.BadRequest("the query's scores are beyond the largest float (3.4028235E38): its boosts are too large")
	}
	resp := &backend.Response{
		TimedOut: res.TimedOut || suggested != nil && suggested.TimedOut,
		Shards: backend.Shards{
			Total:      len(req.Indexes),
			Successful: len(req.Indexes) - len(failures),
			Failed:     len(failures),
			Failures:   failures,
		},
	}
	fetchCtx := ctx
	if !queryDeadline.IsZero() {
		// The grace is for a page fetched after a query phase that used
		// the whole timeout; a query phase done early leaves the fetch the
		// rest of the timeout, not the grace beyond it.
		fetchDeadline := queryDeadline
		if late := time.Now().Add(fetchGrace); late.After(fetchDeadline) {
			fetchDeadline = late
		}
		var cancel context.CancelFunc
		fetchCtx, cancel = context.WithDeadline(ctx, fetchDeadline)
		defer cancel()
	}
	cut, err := b.renderHits(fetchCtx, snap.Value, res, sr, sreq.Targets, req.MaxResponseBytes, &resp.Hits)
	if err != nil {
		return nil, fmt.Errorf("embedded: %w", err)
	}
	resp.TimedOut = resp.TimedOut || cut
	if t := sr.TrackTotalHits; t != nil && !t.Enabled {
		resp.Hits.Total = nil
	} else if t != nil && !t.All && t.Limit == 0 {
		// Counting up to 0, as OpenSearch: a lower bound of 0 once
		// anything matches (the engine reads a limit of 0 as its default).
		if resp.Hits.Total.Value > 0 {
			resp.Hits.Total.Relation = "gte"
		}
		resp.Hits.Total.Value = 0
	}
	for _, a := range res.Aggs {
		na := backend.NamedAggregation{Name: a.Name, TermsAggregation: backend.TermsAggregation{
			DocCountErrorUpperBound: a.DocCountErrorUpperBound,
			SumOtherDocCount:        a.SumOtherDocCount,
			Buckets:                 make([]backend.Bucket, 0, len(a.Buckets)),
		}}
		for _, bk := range a.Buckets {
			na.Buckets = append(na.Buckets, backend.Bucket{Key: bk.Key, DocCount: bk.DocCount})
		}
		resp.Aggregations = append(resp.Aggregations, na)
	}
	if suggested != nil {
		resp.Suggest = suggested.AppendJSON(nil)
	}
	if sr.Profile { // profile.go
		resp.Profile = profileJSON(res.Profile)
	}
	resp.Took = time.Since(start).Milliseconds()
	return resp, nil
}

// scoresFinite reports whether every score of a result, inner hits'
// included, is a number JSON can carry. Boosts near the largest float
// (each finite, so valid) can still make BM25's boost × idf overflow,
// where Lucene's scores become infinite or NaN.
func scoresFinite(res *search.Result) bool {
	finite := func(f float32) bool { return !math.IsInf(float64(f), 0) && !math.IsNaN(float64(f)) }
	if !finite(res.MaxScore) {
		return false
	}
	for _, h := range res.Hits {
		if !finite(h.Score) {
			return false
		}
		for _, ih := range h.InnerHits {
			if ih.MaxScore != nil && !finite(*ih.MaxScore) {
				return false
			}
			for _, c := range ih.Hits {
				if !finite(c.Score) {
					return false
				}
			}
		}
	}
	return true
}

// searchRequest is the engine request of a DSL request, without its
// targets: page, total tracking, aggregations, explain and profile.
func searchRequest(sr *dsl.SearchRequest) search.Request {
	sreq := search.Request{From: valueOr(sr.From, 0), Size: valueOr(sr.Size, 10), Explain: sr.Explain, Profile: sr.Profile}
	if t := sr.TrackTotalHits; t != nil {
		switch {
		case !t.Enabled, t.Limit == 0 && !t.All:
			// Counted anyway, reported as asked (Search): counting is not
			// the cost here.
		case t.All:
			sreq.TrackTotalHitsUpTo = -1
		default:
			sreq.TrackTotalHitsUpTo = t.Limit
		}
	}
	for _, a := range sr.Aggs {
		sreq.Aggs = append(sreq.Aggs, search.TermsAgg{Name: a.Name, Field: a.Field, Size: valueOr(a.Size, 10)})
	}
	return sreq
}

// suggest runs the request's term suggesters over the indexes whose query
// could be built. An index whose mapping lacks a suggester's field fails
// as a whole in OpenSearch (SuggestionBuilder: "no mapping found for
// field"), hits included: it is reported in the result's failures and left
// out of the returned targets.
func (b *Backend) suggest(ctx context.Context, snap *snapshot, sg *dsl.Suggest, targets []search.Target) (*suggest.Result, []search.Target, error) {
	var suggesters []suggest.Suggester
	for _, ts := range sg.Suggesters {
		st := suggest.Defaults(ts.Field)
		if ts.SuggestMode != "" {
			mode, err := suggest.ParseMode(ts.SuggestMode)
			if err != nil {
				return nil, nil, apierr.BadRequest("%v", err)
			}
			st.Mode = mode
		}
		if ts.Size != nil {
			st.Size = *ts.Size
		}
		if ts.MaxEdits != nil {
			st.MaxEdits = *ts.MaxEdits
		}
		text := ts.Text
		if text == "" {
			text = sg.Text
		}
		suggesters = append(suggesters, suggest.Suggester{Name: ts.Name, Text: text, Settings: st})
	}
	indexes := make([]*search.Index, 0, len(targets))
	for _, t := range targets {
		indexes = append(indexes, snap.indexes[t.Index])
	}
	mapped := func(index, field string) bool {
		m := b.mappings.Index(index)
		if m == nil {
			return false
		}
		_, ok := m.Fields[field]
		return ok
	}
	res, err := suggest.Run(ctx, indexes, suggesters, mapped)
	if err != nil {
		return nil, nil, apierr.BadRequest("%v", err)
	}
	if len(res.Failures) == 0 {
		return res, targets, nil
	}
	kept := targets[:0:0]
	for _, t := range targets {
		if !slices.ContainsFunc(res.Failures, func(f suggest.ShardFailure) bool { return f.Index == t.Index }) {
			kept = append(kept, t)
		}
	}
	return res, kept, nil
}

// target builds one index's queries. The post filter is translated like
// the query: OpenSearch extracts inner hits from both.
func (s *snapshot) target(name string, sr *dsl.SearchRequest) (search.Target, error) {
	tr := s.translators[name]
	if tr == nil {
		return search.Target{}, fmt.Errorf("index %s is not served", name)
	}
	t := search.Target{Index: name, Query: &search.MatchAllQuery{}}
	var err error
	if sr.Query != nil {
		if t.Query, err = tr.Query(sr.Query); err != nil {
			return t, err
		}
	}
	if sr.PostFilter != nil {
		if t.PostFilter, err = tr.Query(sr.PostFilter); err != nil {
			return t, err
		}
	}
	// One reading of the query by OpenSearch's rule (explain.go): where
	// OpenSearch needs no non-nested filter, every match is a record, so
	// the engine needs no records filter either.
	t.NonNestedFilter = nonNestedFilter(tr.index, t.Query)
	t.RecordsOnly = !t.NonNestedFilter
	return t, nil
}

// renderHits fills the hits member: total, max_score and the page with
// sources filtered, highlights and inner hits as requested. When ctx's
// deadline passes first, the page ends with the last hit rendered whole
// and cut reports it; a cancelled ctx is an error. Once what the hits
// carry exceeds maxBytes (when positive), rendering stops with
// apierr.ResponseTooLarge: the response could only be larger.
func (b *Backend) renderHits(ctx context.Context, snap *snapshot, res *search.Result, sr *dsl.SearchRequest, targets []search.Target, maxBytes int64, out *backend.Hits) (cut bool, err error) {
	out.Total = &backend.Total{Value: int64(res.Total), Relation: res.Relation}
	// With size 0 OpenSearch only counts (no top docs), so max_score is null.
	if (len(res.Hits) > 0 || res.Total > 0) && valueOr(sr.Size, 10) > 0 {
		ms := res.MaxScore
		out.MaxScore = &ms
	}
	queries := make(map[string]search.Query, len(targets))
	for _, t := range targets {
		queries[t.Index] = t.Query
	}
	var hl *highlighter
	if sr.Highlight != nil && len(sr.Highlight.Fields) > 0 {
		hl = newHighlighter(sr.Highlight, b.mappings, maxBytes)
	}
	wantSource := sr.Source == nil || !sr.Source.Disabled
	specs := innerHitsSpecs(sr.Query, sr.PostFilter)
	sources := sourceCursors{cache: snap.sources, cursors: map[*segment.Segment]*store.Cursor{},
		scanner: &sourceScanner{keys: b.keys}}
	out.Hits = make([]backend.Hit, 0, len(res.Hits))
	var size int64
	for _, h := range res.Hits {
		hit, err := b.renderHit(ctx, snap, sources, h, sr, wantSource, hl, specs, queries[h.Index], maxBytes)
		if err != nil {
			if ctx.Err() != nil && errors.Is(err, context.DeadlineExceeded) {
				return true, nil
			}
			return false, err
		}
		if size += hit.RawBytes(); maxBytes > 0 && size > maxBytes {
			return false, apierr.ResponseTooLarge(maxBytes)
		}
		out.Hits = append(out.Hits, hit)
	}
	return false, nil
}

// renderHit renders one hit of the page; it returns ctx's error when ctx
// ends before the hit is whole.
func (b *Backend) renderHit(ctx context.Context, snap *snapshot, sources sourceCursors, h search.Hit, sr *dsl.SearchRequest, wantSource bool, hl *highlighter, specs map[string]*dsl.InnerHits, q search.Query, maxBytes int64) (backend.Hit, error) {
	if err := ctx.Err(); err != nil {
		return backend.Hit{}, err
	}
	seg := snap.indexes[h.Index].Segments[h.Segment]
	score := h.Score
	hit := backend.Hit{Index: h.Index, ID: h.ID, Score: &score}
	if wantSource || hl != nil {
		var includes []string
		if sr.Source != nil {
			includes = sr.Source.Includes
		}
		src, err := sources.get(seg, h.Doc, readMembers(includes, wantSource, hl, h.Index, "", q))
		if err != nil {
			return hit, fmt.Errorf("index %s: _source of %s: %w", h.Index, h.ID, err)
		}
		if hit.Source, hit.Highlight, err = sourceAndHighlight(ctx, sources.scanner, src, sr.Source, wantSource, hl, h.Index, q, "", indexedDoc{seg, h.Doc}); err != nil {
			return hit, fmt.Errorf("index %s: %s: %w", h.Index, h.ID, err)
		}
	}
	if h.Explanation != nil { // explain.go
		hit.Explanation = explanationJSON(nil, h.Explanation)
	}
	if len(h.InnerHits) > 0 {
		ihs, err := b.renderInnerHits(ctx, seg, sources, h, specs, q, maxBytes)
		if err != nil {
			return hit, fmt.Errorf("index %s: inner hits of %s: %w", h.Index, h.ID, err)
		}
		hit.InnerHits = ihs
	}
	return hit, nil
}

// sourceCursors reads the stored sources of one response's hits, one
// store.Cursor per segment: a hit's inner hits are its children, stored
// just before it, so they share blocks that are then decompressed once;
// and through the snapshot's cache, blocks other requests decompressed are
// not decompressed again. The sources are not copied out of their blocks;
// rendering only reads them.
type sourceCursors struct {
	cache   *store.Cache
	cursors map[*segment.Segment]*store.Cursor
	// scanner splits the sources read into their members, hit by hit.
	scanner *sourceScanner
}

// get reads a source, or of a large one only the top-level members want
// accepts (store.Cursor.Members; want nil reads it whole).
func (sc sourceCursors) get(seg *segment.Segment, doc uint32, want func(key string) bool) ([]byte, error) {
	c := sc.cursors[seg]
	if c == nil {
		c = seg.Store.CachedCursor(sc.cache)
		sc.cursors[seg] = c
	}
	return c.Members(doc, want)
}

// readMembers returns which top-level members of a stored source (at
// path, for an inner hit) sourceAndHighlight reads with these arguments:
// those an include pattern selects or may select fields under, and those
// holding a field hl highlights with q (highlighter.reads); nil when the
// source is returned whole. The store then leaves the others, such as a
// contract's sections under Form A's include list, compressed.
func readMembers(includes []string, wantSource bool, hl *highlighter, index, path string, q search.Query) func(key string) bool {
	if wantSource && len(includes) == 0 {
		return nil
	}
	f := sourceFilter{includes: includes}
	return func(key string) bool {
		p := key
		if path != "" {
			p = path + "." + key
		}
		if wantSource && (f.selected(p) || f.below(p)) {
			return true
		}
		return hl != nil && hl.reads(index, path, key, q)
	}
}

// renderInnerHits renders a hit's inner hits: each child carries the
// record's _index and _id, its _nested position, its own section object as
// _source (filtered by the inner_hits' _source when given) and, when the
// inner_hits ask for it, its highlight by the nested clause's inner query.
func (b *Backend) renderInnerHits(ctx context.Context, seg *segment.Segment, sources sourceCursors, h search.Hit, specs map[string]*dsl.InnerHits, q search.Query, maxBytes int64) (map[string]backend.InnerHits, error) {
	out := make(map[string]backend.InnerHits, len(h.InnerHits))
	for name, ih := range h.InnerHits {
		r := backend.InnerHits{Hits: backend.Hits{
			Total: &backend.Total{Value: int64(ih.Total), Relation: "eq"},
			Hits:  make([]backend.Hit, 0, len(ih.Hits)),
		}}
		if ih.MaxScore != nil {
			ms := *ih.MaxScore
			r.Hits.MaxScore = &ms
		}
		var filter *dsl.SourceFilter
		var hl *highlighter
		var inner search.Query
		if spec := specs[name]; spec != nil {
			filter = spec.Source
			if spec.Highlight != nil && len(spec.Highlight.Fields) > 0 {
				hl = newHighlighter(spec.Highlight, b.mappings, maxBytes)
				inner = innerQuery(q, name)
			}
		}
		wantSource := filter == nil || !filter.Disabled
		for _, c := range ih.Hits {
			score := c.Score
			child := backend.Hit{Index: h.Index, ID: h.ID, Score: &score,
				Nested: &backend.Nested{Field: ih.Path, Offset: c.Offset}}
			if wantSource || hl != nil {
				if inner == nil {
					hl = nil
				}
				var includes []string
				if filter != nil {
					includes = filter.Includes
				}
				src, err := sources.get(seg, c.Doc, readMembers(includes, wantSource, hl, h.Index, ih.Path, inner))
				if err != nil {
					return nil, err
				}
				if child.Source, child.Highlight, err = sourceAndHighlight(ctx, sources.scanner, src, filter, wantSource, hl, h.Index, inner, ih.Path, indexedDoc{seg, c.Doc}); err != nil {
					return nil, err
				}
			}
			r.Hits.Hits = append(r.Hits.Hits, child)
		}
		out[name] = r
	}
	return out, nil
}

// sourceAndHighlight renders a hit's (or inner hit's, at path) _source
// through its filter and its highlight, splitting the stored source into
// its top-level members at most once: not at all when it is returned whole
// and nothing is highlighted.
// ctx is checked between highlighted fields.
func sourceAndHighlight(ctx context.Context, scanner *sourceScanner, src []byte, filter *dsl.SourceFilter, wantSource bool, hl *highlighter, index string, q search.Query, path string, at indexedDoc) (source, highlighted json.RawMessage, err error) {
	var includes []string
	if filter != nil {
		includes = filter.Includes
	}
	if hl == nil && len(includes) == 0 {
		if wantSource {
			source = src
		}
		return source, nil, nil
	}
	doc, err := scanner.scan(src)
	if err != nil {
		return nil, nil, err
	}
	if wantSource {
		source = src
		if len(includes) > 0 {
			if source, err = doc.filter(includes, path); err != nil {
				return nil, nil, err
			}
		}
	}
	if hl != nil {
		if highlighted, err = hl.render(ctx, index, q, doc, path, at); err != nil {
			return nil, nil, fmt.Errorf("highlight: %w", err)
		}
	}
	return source, highlighted, nil
}

// innerHitsSpecs maps each inner_hits name of query trees to its request.
// Clauses under must_not are skipped: they give no inner hits, and one may
// reuse the name of a clause that does.
func innerHitsSpecs(qs ...dsl.Query) map[string]*dsl.InnerHits {
	out := map[string]*dsl.InnerHits{}
	var walk func(dsl.Query)
	walk = func(q dsl.Query) {
		switch q := q.(type) {
		case *dsl.BoolQuery:
			for _, list := range [][]dsl.Query{q.Must, q.Should, q.Filter} {
				for _, c := range list {
					walk(c)
				}
			}
		case *dsl.NestedQuery:
			if q.InnerHits != nil {
				out[innerHitsName(q)] = q.InnerHits
			}
			walk(q.Query)
		}
	}
	for _, q := range qs {
		if q != nil {
			walk(q)
		}
	}
	return out
}

// shardFailure is one entry of _shards.failures, in OpenSearch's shape.
func shardFailure(index string, se *ShardError) json.RawMessage {
	b, err := json.Marshal(struct {
		Shard  int         `json:"shard"`
		Index  string      `json:"index"`
		Node   string      `json:"node"`
		Reason *ShardError `json:"reason"`
	}{0, index, "embedded", se})
	if err != nil {
		// A ShardError holds strings only.
		return json.RawMessage(`{"shard":0,"index":"` + index + `"}`)
	}
	return b
}

// allShardsFailed is OpenSearch's answer when no index could run the
// query: 400 search_phase_execution_exception listing each failure.
func allShardsFailed(failed []*ShardError, failures []json.RawMessage) error {
	// A struct keeps OpenSearch's member order.
	type errorBody struct {
		RootCause    []*ShardError     `json:"root_cause"`
		Type         string            `json:"type"`
		Reason       string            `json:"reason"`
		Phase        string            `json:"phase"`
		Grouped      bool              `json:"grouped"`
		FailedShards []json.RawMessage `json:"failed_shards"`
	}
	body, err := json.Marshal(struct {
		Error  errorBody `json:"error"`
		Status int       `json:"status"`
	}{errorBody{failed, "search_phase_execution_exception", "all shards failed", "query", true, failures}, http.StatusBadRequest})
	if err != nil {
		return fmt.Errorf("embedded: all shards failed: %w", err)
	}
	return &apierr.Error{Status: http.StatusBadRequest, Type: "search_phase_execution_exception",
		Reason: "all shards failed", Raw: body}
}

func valueOr(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}
