package search

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

// pruneWords is a vocabulary drawn with Zipf-like weights, so that the
// common words have skip data and block impacts (128 documents or more)
// and the rare ones do not.
var pruneWords = strings.Fields("law party term notice supply license royalty court agreement exclusive delaware york payment audit breach cure assign venue waiver escrow")

// pruneCorpus builds a contract index of n records in three segments
// (names of 1–40 words, a weight_rank on most, sections on some, so that
// the records-only filter is in play) and a company index of names.
func pruneCorpus(t testing.TB, r *rand.Rand, n int) *Searcher {
	word := func() string {
		// P(i) ∝ 1/(i+1): a few words in most records, the tail rare.
		x := r.Float64() * 3.6
		for i := range pruneWords {
			x -= 1 / float64(i+1)
			if x < 0 {
				return pruneWords[i]
			}
		}
		return pruneWords[len(pruneWords)-1]
	}
	text := func(k int) string {
		ws := make([]string, k)
		for i := range ws {
			ws[i] = word()
		}
		return strings.Join(ws, " ")
	}
	// Feature values skewed as ranks are: mostly small, a few large.
	features := []string{"1", "1", "1", "2", "2", "3", "0.37", "7", "16"}
	var segs [3][]string
	var names []string
	for i := range n {
		var sb strings.Builder
		fmt.Fprintf(&sb, `{"name":%q,"group_size":%d`, text(1+r.IntN(40)), r.IntN(5))
		if i%7 != 0 {
			// A keyword for aggregations, missing on some records; drawn
			// without r, so the rest of the corpus stays as it was.
			fmt.Fprintf(&sb, `,"filing_type":%q`, []string{"8-K", "10-K", "S-1", "10-Q"}[i*i%4])
		}
		if r.IntN(5) != 0 {
			v := features[r.IntN(len(features))]
			if r.IntN(50) == 0 {
				v = fmt.Sprint(1 + r.IntN(5000))
			}
			fmt.Fprintf(&sb, `,"weight_rank":%s`, v)
		}
		if r.IntN(4) == 0 {
			sb.WriteString(`,"sections":[`)
			for j := range 1 + r.IntN(3) {
				if j > 0 {
					sb.WriteByte(',')
				}
				fmt.Fprintf(&sb, `{"type":"clause","snippet":%q}`, text(2+r.IntN(8)))
			}
			sb.WriteByte(']')
		}
		sb.WriteByte('}')
		segs[min(i*3/n, 2)] = append(segs[min(i*3/n, 2)], sb.String())
		if i%4 == 0 {
			names = append(names, fmt.Sprintf(`{"name":%q}`, text(1+r.IntN(12))))
		}
	}
	return NewSearcher(buildIndex(t, "contract", segs[0], segs[1], segs[2]), buildIndex(t, "company", names))
}

// pruneGen draws queries of the shapes pruning handles (term and feature
// leaves, disjunctions, conjunctions, required clauses with optional
// ones, Form A's browse and text expansion, nested queries) and some it
// bounds loosely (phrases, dis_max), nested in bools.
type pruneGen struct{ r *rand.Rand }

func (g pruneGen) boost() float32 { return []float32{0, 0.5, 1, 2.5}[g.r.IntN(4)] }

func (g pruneGen) term() Query {
	// Common words more often: they are the ones with impacts.
	i := g.r.IntN(len(pruneWords))
	if g.r.IntN(2) == 0 {
		i = g.r.IntN(5)
	}
	return &TermQuery{Field: "name", Term: pruneWords[i], Boost: g.boost()}
}

func (g pruneGen) feature() Query {
	pivot := []float32{0.5, 3, 16, 100}[g.r.IntN(4)]
	fns := []FeatureFunction{nil, Saturation{Pivot: &pivot}, Log{ScalingFactor: 4}, Sigmoid{Pivot: pivot, Exponent: 0.6}, Linear{}}
	return &RankFeatureQuery{Field: "weight_rank", Function: fns[g.r.IntN(len(fns))], Boost: g.boost()}
}

func (g pruneGen) some(k int, leaf func() Query) []Query {
	qs := make([]Query, k)
	for i := range qs {
		qs[i] = leaf()
	}
	return qs
}

func (g pruneGen) leaf() Query {
	switch g.r.IntN(10) {
	case 0:
		return g.feature()
	case 1:
		return &PhraseQuery{Field: "name", Terms: []string{pruneWords[g.r.IntN(3)], pruneWords[g.r.IntN(3)]}}
	case 3:
		return &PhraseQuery{Field: "name", Terms: []string{pruneWords[g.r.IntN(3)], pruneWords[g.r.IntN(3)], pruneWords[g.r.IntN(3)]}, Slop: 1 + g.r.IntN(2)}
	case 4:
		lo := int64(g.r.IntN(3))
		return &RangeQuery{Field: "group_size", Lower: &lo, Boost: g.boost()}
	case 2:
		return &DisMaxQuery{Disjuncts: g.some(2+g.r.IntN(2), g.term), TieBreaker: []float32{0, 0.3}[g.r.IntN(2)]}
	case 5:
		return g.nested()
	}
	return g.term()
}

// nested draws a nested query over the sections: a section term, a
// disjunction of them, or a sloppy phrase, in any score mode.
func (g pruneGen) nested() Query {
	r := g.r
	sectionTerm := func() Query {
		return &TermQuery{Field: "sections.snippet", Term: pruneWords[r.IntN(8)], Boost: g.boost()}
	}
	var inner Query
	switch r.IntN(3) {
	case 0:
		inner = sectionTerm()
	case 1:
		inner = &BoolQuery{Should: g.some(2+r.IntN(2), sectionTerm)}
	default:
		inner = &PhraseQuery{Field: "sections.snippet", Terms: []string{pruneWords[r.IntN(3)], pruneWords[r.IntN(3)]}, Slop: 2}
	}
	modes := []ScoreMode{ScoreAvg, ScoreMax, ScoreMin, ScoreSum, ScoreNone}
	return &NestedQuery{Path: "sections", Query: inner, ScoreMode: modes[r.IntN(len(modes))], Boost: g.boost()}
}

// formA draws the shape of Form A's text expansion: a required text
// query, should clauses of nested sections, phrases, every word and the
// rank feature.
func (g pruneGen) formA() Query {
	r := g.r
	b := &BoolQuery{Must: []Query{&BoolQuery{Should: g.some(1+r.IntN(3), g.term), Boost: 0.5}}}
	b.Should = append(b.Should, g.some(1+r.IntN(3), g.nested)...)
	b.Should = append(b.Should,
		&BoolQuery{Must: g.some(2, g.term), Boost: 2},
		&PhraseQuery{Field: "name", Terms: []string{pruneWords[r.IntN(3)], pruneWords[r.IntN(3)]}, Slop: 20, Boost: 4},
		g.feature())
	return b
}

func (g pruneGen) query(depth int) Query {
	r := g.r
	switch x := r.IntN(12); {
	case x == 0:
		return g.term()
	case x == 1:
		return g.feature()
	case x == 2:
		// Form A's blank-q browse.
		return &BoolQuery{Must: []Query{&MatchAllQuery{}}, Should: []Query{g.feature()}}
	case x == 3:
		return &DisMaxQuery{Disjuncts: g.some(2+r.IntN(3), g.term), TieBreaker: []float32{0, 0.3, 1}[r.IntN(3)]}
	case x <= 6:
		return &BoolQuery{Should: g.some(2+r.IntN(5), g.leaf), Boost: g.boost()}
	case x == 7:
		return g.formA()
	}
	b := &BoolQuery{Must: g.some(r.IntN(3), g.term), Should: g.some(r.IntN(4), g.leaf), MinimumShouldMatch: r.IntN(3) / 2 * (1 + r.IntN(2))}
	if depth < 2 && r.IntN(3) == 0 {
		b.Should = append(b.Should, g.query(depth+1))
	}
	if depth < 2 && r.IntN(4) == 0 {
		b.Must = append(b.Must, g.query(depth+1))
	}
	if r.IntN(4) == 0 {
		b.Filter = []Query{g.term()}
	}
	if r.IntN(4) == 0 {
		b.MustNot = []Query{&TermQuery{Field: "name", Term: pruneWords[5+r.IntN(10)]}}
	}
	if r.IntN(3) == 0 {
		b.Must = append(b.Must, &MatchAllQuery{Boost: g.boost()})
	}
	return b
}

// TestPrunedTopHits checks that pruning changes nothing but the total:
// for random queries, pages and track_total_hits limits, the hits (order,
// documents, scores bit for bit) and max_score equal those of a search
// that counts every match, and the total is that count, or the limit with
// "gte" when the count passes it.
func TestPrunedTopHits(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	s := pruneCorpus(t, r, 1500)
	g := pruneGen{r}
	queries := 60
	if testing.Short() {
		queries = 20
	}
	for i := range queries {
		q := g.query(0)
		for _, v := range []struct{ from, size, limit int }{
			{0, 10, 0}, {0, 10, 1}, {0, 1, 3}, {5, 10, 20}, {0, 30, 100}, {0, 0, 5}, {0, 3, 400},
		} {
			checkPruned(t, s, i, q, v.from, v.size, v.limit)
		}
	}
}

// checkPruned checks the search of q (query number i) on one page and
// track_total_hits limit against exhaustive: the hits (order, documents,
// scores bit for bit) and, when the page holds hits, max_score are the
// same, and the total is the exhaustive count, or the limit with "gte"
// when the count passes it.
func checkPruned(t *testing.T, s *Searcher, i int, q Query, from, size, limit int) {
	t.Helper()
	want := exhaustive(t, s, q, from, size)
	req := Request{Indexes: []string{"company", "contract"}, Query: q, From: from, Size: size, TrackTotalHitsUpTo: limit}
	got, err := s.Search(context.Background(), req)
	if err != nil {
		t.Fatalf("query %d: %v", i, err)
	}
	upTo := limit
	if upTo == 0 {
		upTo = TotalHitsLimit
	}
	wantTotal, wantRel := want.Total, "eq"
	if want.Total > upTo {
		wantTotal, wantRel = upTo, "gte"
	}
	where := fmt.Sprintf("query %d %s, from %d size %d limit %d", i, Describe(q), from, size, limit)
	if got.Total != wantTotal || got.Relation != wantRel {
		t.Errorf("%s: total %d %s, want %d %s", where, got.Total, got.Relation, wantTotal, wantRel)
	}
	if from+size > 0 && math.Float32bits(got.MaxScore) != math.Float32bits(want.MaxScore) {
		t.Errorf("%s: max score %v, want %v", where, got.MaxScore, want.MaxScore)
	}
	if g, w := prunedHits(got), prunedHits(want); g != w {
		t.Errorf("%s:\n got %s\nwant %s", where, g, w)
	}
}

// exhaustive is the reference the pruned search must equal: every match
// of q in the company and contract indexes (in that order) scored, the
// page after from sorted by score then arrival, the total counted.
func exhaustive(t *testing.T, s *Searcher, q Query, from, size int) *Result {
	t.Helper()
	var all []Hit
	for _, name := range []string{"company", "contract"} {
		ix := s.indexes[name]
		w, err := testWeight(q, ix)
		if err != nil {
			t.Fatal(err)
		}
		for segNum, seg := range ix.Segments {
			sc, err := recordScorer(w, segNum, seg, nil, true)
			if err != nil {
				t.Fatal(err)
			}
			for sc != nil && sc.Next() {
				all = append(all, Hit{Index: name, Segment: segNum, Doc: sc.DocID(), Score: sc.Score()})
			}
		}
	}
	res := &Result{Total: len(all)}
	for _, h := range all {
		res.MaxScore = max(res.MaxScore, h.Score)
	}
	slices.SortStableFunc(all, func(a, b Hit) int { return cmp.Compare(b.Score, a.Score) })
	if from < len(all) {
		res.Hits = all[from:min(len(all), from+size)]
	}
	return res
}

// prunedHits renders hits with their location and exact score bits.
func prunedHits(r *Result) string {
	var sb strings.Builder
	for _, h := range r.Hits {
		fmt.Fprintf(&sb, "%s/%d/%d:%08x ", h.Index, h.Segment, h.Doc, math.Float32bits(h.Score))
	}
	return sb.String()
}

// TestMinCompetitiveScore checks the scorers' side of the contract
// directly: given a minimum, a scorer returns every document that scores
// above it, with its exhaustive score, and skips documents — for the
// browse query, most of them.
func TestMinCompetitiveScore(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	s := pruneCorpus(t, r, 1500)
	ix := s.indexes["contract"]
	g := pruneGen{r}
	type scored struct {
		doc   uint32
		score float32
	}
	run := func(q Query, segNum int, min float32, prune bool) ([]scored, int) {
		w, err := testWeight(q, ix)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := recordScorer(w, segNum, ix.Segments[segNum], nil, true)
		if err != nil || sc == nil {
			return nil, 0
		}
		if c, ok := sc.(competitiveScorer); ok && prune {
			c.setMinCompetitiveScore(min)
		}
		var out []scored
		visited := 0
		for sc.Next() {
			visited++
			if s := sc.Score(); s > min {
				out = append(out, scored{sc.DocID(), s})
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		return out, visited
	}
	browseVisited, browseAll := 0, 0
	queries := 60
	if testing.Short() {
		queries = 20
	}
	for i := range queries {
		q := g.query(0)
		browse := i%4 == 0
		if browse {
			q = &BoolQuery{Must: []Query{&MatchAllQuery{}}, Should: []Query{g.feature()}}
		}
		for segNum := range ix.Segments {
			all, n := run(q, segNum, float32(math.Inf(-1)), false)
			if len(all) == 0 {
				continue
			}
			// Minimums among the scores: the median, the 90th percentile,
			// the best.
			scores := make([]float32, len(all))
			for k, a := range all {
				scores[k] = a.score
			}
			slices.Sort(scores)
			for k, m := range []float32{scores[len(all)/2], scores[len(all)*9/10], scores[len(all)-1]} {
				want, _ := run(q, segNum, m, false)
				got, visited := run(q, segNum, m, true)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("%s, segment %d, min %v: pruned\n%v\nwant\n%v", Describe(q), segNum, m, got, want)
				}
				if browse && k == 2 {
					browseVisited += visited
					browseAll += n
				}
			}
		}
	}
	// Above the best score no document can be collected: the bounds must
	// let the browse query skip nearly everything.
	if browseVisited*10 > browseAll {
		t.Errorf("browse: %d of %d documents visited with the best score as minimum, want under a tenth", browseVisited, browseAll)
	}
}

// TestLazyScanMatchesExhaustive checks the collection shortcuts against
// the profiled search, whose loop scores and collects every match:
// matches counted without being scored (a bool's, a disjunction's or a
// term's bounds below the worst kept hit; every match when the size is
// 0), and match_all answered by counting and scanning doc values. Hits,
// scores bit for bit, max_score (when the page has hits), totals and
// aggregations (a record field, a children's field, _index) must be the
// same.
func TestLazyScanMatchesExhaustive(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	s := pruneCorpus(t, r, 1500)
	g := pruneGen{r}
	aggs := []TermsAgg{{Name: "ft", Field: "filing_type"}, {Name: "st", Field: "sections.type"}, {Name: "ix", Field: IndexField, Size: 1}}
	queries := 60
	if testing.Short() {
		queries = 20
	}
	for i := range queries {
		var q Query
		switch i % 4 {
		case 0:
			q = &MatchAllQuery{Boost: g.boost()}
		case 1:
			q = &DisMaxQuery{Disjuncts: g.some(2+r.IntN(3), g.term), TieBreaker: []float32{0, 0.3, 1}[r.IntN(3)]}
		default:
			q = g.query(0)
		}
		for _, v := range []struct {
			from, size, limit int
			aggs              []TermsAgg
		}{
			{0, 10, 0, aggs}, {0, 0, 0, aggs}, {0, 1, 3, aggs}, {5, 10, 20, aggs[:1]}, {0, 30, -1, aggs[1:]},
			{0, 10, 5, nil}, {0, 0, 5, nil}, {0, 3, -1, nil},
		} {
			req := Request{Indexes: []string{"company", "contract"}, Query: q, From: v.from, Size: v.size, TrackTotalHitsUpTo: v.limit, Aggs: v.aggs}
			got, err := s.Search(context.Background(), req)
			if err != nil {
				t.Fatalf("query %d: %v", i, err)
			}
			req.Profile = true
			want, err := s.Search(context.Background(), req)
			if err != nil {
				t.Fatalf("query %d, profiled: %v", i, err)
			}
			where := fmt.Sprintf("query %d %s, from %d size %d limit %d aggs %d", i, Describe(q), v.from, v.size, v.limit, len(v.aggs))
			if got.Total != want.Total || got.Relation != want.Relation {
				t.Errorf("%s: total %d %s, want %d %s", where, got.Total, got.Relation, want.Total, want.Relation)
			}
			if v.from+v.size > 0 && math.Float32bits(got.MaxScore) != math.Float32bits(want.MaxScore) {
				t.Errorf("%s: max score %v, want %v", where, got.MaxScore, want.MaxScore)
			}
			if g, w := prunedHits(got), prunedHits(want); g != w {
				t.Errorf("%s:\n got %s\nwant %s", where, g, w)
			}
			if fmt.Sprint(got.Aggs) != fmt.Sprint(want.Aggs) {
				t.Errorf("%s: aggregations\n%v\nwant\n%v", where, got.Aggs, want.Aggs)
			}
		}
	}
}

// TestPruningStartsWhileCounting checks that a segment whose matches all
// lose to hits already kept (from an earlier index), and so are counted
// without being scored, still starts pruning once the count passes the
// limit: the browse query must then skip the rest of the segment rather
// than count every record to its end.
func TestPruningStartsWhileCounting(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	s := pruneCorpus(t, r, 1500)
	ix := s.indexes["contract"]
	pivot := float32(3)
	q := &BoolQuery{Must: []Query{&MatchAllQuery{}}, Should: []Query{&RankFeatureQuery{Field: "weight_rank", Function: Saturation{Pivot: &pivot}}}}
	w, err := testWeight(q, ix)
	if err != nil {
		t.Fatal(err)
	}
	const limit = 100
	c := newTopCollector(10, limit, true, nil, 0)
	for i := range 10 {
		c.collect("a", 0, nil, uint32(i), 1e30) // better than any browse score
	}
	visits := 0
	for segNum, seg := range ix.Segments {
		if err := searchSegment(nil, ix.Name, segNum, seg, countingWeight{w, &visits}, true, &collector{top: c}); err != nil {
			t.Fatal(err)
		}
	}
	if c.total <= limit {
		t.Fatalf("counted %d matches, want more than the limit %d", c.total, limit)
	}
	// The limit is passed after 91 matches; then no block can beat 1e30.
	if visits > 2*limit {
		t.Errorf("%d matches visited of 1500 records, want about %d", visits, limit)
	}
}

// countingWeight counts the matches its scorers return.
type countingWeight struct {
	weight
	visits *int
}

func (w countingWeight) scorer(segNum int, seg *segment.Segment) (Scorer, error) {
	s, err := w.weight.scorer(segNum, seg)
	if err != nil || s == nil {
		return nil, err
	}
	return &countingScorer{s, w.visits}, nil
}

// countingScorer passes pruning and lazy scoring through to its scorer.
type countingScorer struct {
	Scorer
	visits *int
}

func (c *countingScorer) Next() bool {
	ok := c.Scorer.Next()
	if ok {
		*c.visits++
	}
	return ok
}

func (c *countingScorer) Advance(t uint32) bool {
	ok := c.Scorer.Advance(t)
	if ok {
		*c.visits++
	}
	return ok
}

func (c *countingScorer) setMinCompetitiveScore(min float32) {
	c.Scorer.(competitiveScorer).setMinCompetitiveScore(min)
}

func (c *countingScorer) competitiveAt(min float32) bool {
	return c.Scorer.(lazyScorer).competitiveAt(min)
}

// TestSumJoinBounds checks a sum block join's bounds by block of records
// (sumBounds): every record's score is at most its block's bound, and
// with a constant child score the bound of a block is that score times
// the most matching children a record of it has, so that a record
// without one bounds its block at 0. Records in several blocks, with 0
// to 6 matching children (and a record the inner query itself matches).
func TestSumJoinBounds(t *testing.T) {
	var srcs []string
	for i := range 3*joinBlock + 17 {
		var secs []string
		for j := range (i * 7) % 5 {
			word := "beta"
			if (i+j)%3 != 0 || i%joinBlock == 5 {
				word = "alpha"
			}
			secs = append(secs, fmt.Sprintf(`{"type":"clause","snippet":"%s law"}`, word))
		}
		if i%joinBlock == 5 {
			secs = append(secs, `{"type":"clause","snippet":"alpha"}`, `{"type":"clause","snippet":"alpha"}`)
		}
		src := fmt.Sprintf(`{"name":"r%d alpha"}`, i)
		if len(secs) > 0 {
			src = fmt.Sprintf(`{"name":"r%d","sections":[%s]}`, i, strings.Join(secs, ","))
		}
		srcs = append(srcs, src)
	}
	ix := buildIndex(t, "contract", srcs)
	seg := ix.Segments[0]
	for _, tc := range []struct {
		name  string
		inner Query
		exact bool
	}{
		{"constant children", &ConstantScoreQuery{Query: &TermQuery{Field: "sections.snippet", Term: "alpha"}, Boost: 2}, true},
		{"scored children", &TermQuery{Field: "sections.snippet", Term: "alpha"}, false},
		{"records matched too", &BoolQuery{Should: []Query{&TermQuery{Field: "sections.snippet", Term: "alpha"}, &TermQuery{Field: "name", Term: "alpha"}}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := &NestedQuery{Path: "sections", ScoreMode: ScoreSum, Query: tc.inner, Boost: 1.5}
			score := func() *blockJoinScorer {
				w, err := testWeight(q, ix)
				if err != nil {
					t.Fatal(err)
				}
				sc, err := w.scorer(0, seg)
				if err != nil {
					t.Fatal(err)
				}
				if sc == nil {
					return nil
				}
				return sc.(*blockJoinScorer)
			}
			bounds, s := score(), score()
			if bounds == nil {
				return // nothing matches: no bound to check
			}
			best := map[int]float32{} // by block
			for s.Next() {
				d := s.DocID()
				blk, _ := slices.BinarySearch(s.roots, d)
				blk /= joinBlock
				best[blk] = max(best[blk], s.Score())
			}
			roots := seg.Roots()
			for blk := 0; blk*joinBlock < len(roots); blk++ {
				first := roots[blk*joinBlock]
				end := bounds.advanceShallow(first)
				if want := roots[min((blk+1)*joinBlock, len(roots))-1]; end != want {
					t.Errorf("block %d: advanceShallow(%d) = %d, want %d", blk, first, end, want)
				}
				bound := bounds.maxScore(end)
				if got := best[blk]; got > bound {
					t.Errorf("block %d: a record scores %v above the bound %v", blk, got, bound)
				} else if tc.exact && float64(bound) > float64(got)*(1+1e-6) {
					t.Errorf("block %d: bound %v, want the best record's score %v", blk, bound, got)
				}
			}
		})
	}
}
