package search

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// slowCorpus is one segment of n records alternating "even" and "odd"
// names, so that a conjunction of the two walks every record and matches
// none, and r0 has a child to fetch inner hits from.
func slowCorpus(t *testing.T, n int) *Index {
	srcs := make([]string, n)
	for i := range srcs {
		word := "even"
		if i%2 == 1 {
			word = "odd"
		}
		srcs[i] = fmt.Sprintf(`{"name":"%s all","sections":[{"type":"clause","snippet":"alpha"}]}`, word)
	}
	return buildIndex(t, "contract", srcs)
}

// withSlowClock makes every clock read of the deadline sleep, counting
// the reads: a search is then slow on purpose, and how far it got is the
// number of reads, not a wall-clock measure.
func withSlowClock(t *testing.T, sleep time.Duration) *atomic.Int64 {
	var polls atomic.Int64
	testSlowdown = func() {
		polls.Add(1)
		time.Sleep(sleep)
	}
	t.Cleanup(func() { testSlowdown = nil })
	return &polls
}

// searchWithin runs a search and fails if it does not return before a
// generous watchdog.
func searchWithin(t *testing.T, s *Searcher, ctx context.Context, req Request) *Result {
	t.Helper()
	type answer struct {
		res *Result
		err error
	}
	done := make(chan answer, 1)
	go func() {
		res, err := s.Search(ctx, req)
		done <- answer{res, err}
	}()
	select {
	case a := <-done:
		if a.err != nil {
			t.Fatal(a.err)
		}
		return a.res
	// Generous: under the race detector, on two loaded cores, a search
	// of a few thousand clauses alone takes seconds.
	case <-time.After(30 * time.Second):
		t.Fatal("the search did not stop at its deadline")
		return nil
	}
}

func TestTimeoutStopsCollection(t *testing.T) {
	const n = 40000
	s := NewSearcher(slowCorpus(t, n))
	// The first clock read (once the weights are built) comes before the
	// deadline, the second (after deadlineEvery matches) after it.
	polls := withSlowClock(t, 100*time.Millisecond)
	q := &BoolQuery{
		Must:   []Query{&TermQuery{Field: "name", Term: "all"}},
		Should: []Query{&NestedQuery{Path: "sections", Query: &TermQuery{Field: "sections.snippet", Term: "alpha"}, InnerHits: &InnerHitsSpec{Size: 1}}},
	}
	// The timeout bounds the query phase; the context, without a deadline
	// here, the fetch phase.
	res := searchWithin(t, s, context.Background(), Request{Indexes: []string{"contract"}, Query: q, Size: 5,
		QueryDeadline: time.Now().Add(150 * time.Millisecond)})
	if !res.TimedOut {
		t.Fatal("timed_out is false")
	}
	if res.Total == 0 || res.Total >= n {
		t.Errorf("total %d: want the partial count of what was collected", res.Total)
	}
	if len(res.Hits) != 5 {
		t.Fatalf("%d hits, want the 5 best collected", len(res.Hits))
	}
	// The fetch phase still runs for the hits found.
	if ih := res.Hits[0].InnerHits["sections"]; ih.Total != 1 {
		t.Errorf("inner hits of a timed-out search: %+v", ih)
	}
	// Collection polls the clock every deadlineEvery matches: the whole
	// query would read it n/deadlineEvery times.
	if p := polls.Load(); p > 3 {
		t.Errorf("%d clock reads: the search went on after its deadline", p)
	}
}

// TestTimeoutInsideScorers checks that scorers which walk documents
// without returning any stop at the deadline: the collection loop never
// runs here.
func TestTimeoutInsideScorers(t *testing.T) {
	const n = 40000
	s := NewSearcher(slowCorpus(t, n))
	queries := map[string]Query{
		"conjunction": &BoolQuery{Must: []Query{&TermQuery{Field: "name", Term: "even"}, &TermQuery{Field: "name", Term: "odd"}}},
		"phrase":      &PhraseQuery{Field: "name", Terms: []string{"all", "even"}},
		"sloppy":      &PhraseQuery{Field: "name", Terms: []string{"all", "odd"}, Slop: 0 + 1},
		"nested":      &NestedQuery{Path: "sections", Query: &TermQuery{Field: "sections.type", Term: "clause"}, ScoreMode: ScoreNone},
		"prefix":      &PrefixQuery{Field: "name", Prefix: "e"},
	}
	for name, q := range queries {
		t.Run(name, func(t *testing.T) {
			// The reference: how many clock reads the whole query takes
			// with a deadline that never comes.
			polls := withSlowClock(t, 0)
			ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
			full := searchWithin(t, s, ctx, Request{Indexes: []string{"contract"}, Query: q, Size: 3})
			cancel()
			fullPolls := polls.Load()
			if full.TimedOut || fullPolls < 10 {
				t.Fatalf("reference run: timed out %v, %d clock reads", full.TimedOut, fullPolls)
			}
			polls = withSlowClock(t, 20*time.Millisecond)
			ctx, cancel = context.WithTimeout(context.Background(), time.Millisecond)
			defer cancel()
			res := searchWithin(t, s, ctx, Request{Indexes: []string{"contract"}, Query: q, Size: 3})
			if !res.TimedOut {
				t.Fatal("timed_out is false")
			}
			if p := polls.Load(); p > 3 {
				t.Errorf("%d clock reads of %d: the scorer went on after the deadline", p, fullPolls)
			}
			if res.Total > full.Total {
				t.Errorf("total %d above the full query's %d", res.Total, full.Total)
			}
		})
	}
}

// TestTimeoutInsideSloppyPhrase checks that the sloppy matcher reads the
// deadline while it walks one document's positions: a phrase of a repeated
// word over records that hold the word thousands of times does most of its
// work inside single documents (Lucene's repetition groups), so a check
// between documents alone lets one record run for seconds.
func TestTimeoutInsideSloppyPhrase(t *testing.T) {
	const cheap, costly = 10, 20
	var srcs []string
	for range cheap {
		srcs = append(srcs, `{"body":"`+strings.Repeat("the ", 12)+`"}`)
	}
	for range costly {
		srcs = append(srcs, `{"body":"`+strings.Repeat("the ", 3000)+`"}`)
	}
	s := NewSearcher(buildIndex(t, "contract", srcs))
	terms := make([]string, 10)
	for i := range terms {
		terms[i] = "the"
	}
	q := &PhraseQuery{Field: "body", Terms: terms, Slop: 10}

	// The reference: one costly record alone reads the clock many times.
	one := NewSearcher(buildIndex(t, "contract", srcs[cheap:cheap+1]))
	polls := withSlowClock(t, 0)
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	full := searchWithin(t, one, ctx, Request{Indexes: []string{"contract"}, Query: q, Size: 3})
	cancel()
	if full.TimedOut || full.Total != 1 || polls.Load() < 10 {
		t.Fatalf("reference run on one record: timed out %v, total %d, %d clock reads", full.TimedOut, full.Total, polls.Load())
	}

	// The first clock read (before the segment is searched) comes before
	// the deadline, the second one (deadlineEvery ticks later, inside the
	// first costly record) after it.
	polls = withSlowClock(t, 100*time.Millisecond)
	ctx, cancel = context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	res := searchWithin(t, s, ctx, Request{Indexes: []string{"contract"}, Query: q, Size: cheap + costly})
	if !res.TimedOut {
		t.Fatal("timed_out is false")
	}
	if res.Total != cheap || len(res.Hits) != cheap {
		t.Errorf("total %d, %d hits: want the %d records matched before the deadline", res.Total, len(res.Hits), cheap)
	}
	for _, h := range res.Hits {
		if h.Doc >= cheap {
			t.Errorf("hit %s (doc %d) was scored from a walk cut short", h.ID, h.Doc)
		}
	}
	if p := polls.Load(); p > 3 {
		t.Errorf("%d clock reads: the matcher went on after the deadline", p)
	}
}

// TestTimeoutInFetchPhase checks that the context's deadline bounds the
// fetch phase too: inner hits stop where the deadline finds them, and the
// answer keeps the hits fetched whole, a prefix of the ranking, with
// timed_out.
func TestTimeoutInFetchPhase(t *testing.T) {
	const records, children, size = 200, 20, 100
	section := `{"type":"clause","snippet":"alpha beta"}`
	src := `{"name":"all","sections":[` + strings.Repeat(section+",", children-1) + section + `]}`
	srcs := make([]string, records)
	for i := range srcs {
		srcs[i] = src
	}
	s := NewSearcher(buildIndex(t, "contract", srcs))
	// A phrase reads the deadline as it walks the children.
	nested := func(ih *InnerHitsSpec) Query {
		return &NestedQuery{Path: "sections", Query: &PhraseQuery{Field: "sections.snippet", Terms: []string{"alpha", "beta"}},
			ScoreMode: ScoreNone, InnerHits: ih}
	}
	req := func(ih *InnerHitsSpec) Request {
		return Request{Indexes: []string{"contract"}, Query: nested(ih), Size: size}
	}

	// The query phase alone, and the whole search, without a deadline.
	polls := withSlowClock(t, 0)
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	searchWithin(t, s, ctx, req(nil))
	queryPolls := polls.Load()
	full := searchWithin(t, s, ctx, req(&InnerHitsSpec{Size: 3}))
	fullPolls := polls.Load() - queryPolls
	if full.TimedOut || len(full.Hits) != size || fullPolls < queryPolls+2 {
		t.Fatalf("reference run: timed out %v, %d hits, %d clock reads (query phase %d)", full.TimedOut, len(full.Hits), fullPolls, queryPolls)
	}

	// The clock passes the deadline at the fetch phase's first read.
	ctx, cancel = context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	deadline, _ := ctx.Deadline()
	polls = withSlowClock(t, 0)
	testSlowdown = func() {
		if polls.Add(1) > queryPolls {
			time.Sleep(time.Until(deadline))
		}
	}
	res := searchWithin(t, s, ctx, req(&InnerHitsSpec{Size: 3}))
	if !res.TimedOut {
		t.Fatal("timed_out is false")
	}
	t.Logf("query phase %d clock reads, whole search %d; %d of %d hits fetched", queryPolls, fullPolls, len(res.Hits), size)
	if res.Total != full.Total {
		t.Errorf("total %d, want the query phase's %d", res.Total, full.Total)
	}
	if len(res.Hits) == 0 || len(res.Hits) >= size {
		t.Fatalf("%d hits: want the hits fetched before the deadline, fewer than %d", len(res.Hits), size)
	}
	for i, h := range res.Hits {
		want := full.Hits[i]
		ih, wantIH := h.InnerHits["sections"], want.InnerHits["sections"]
		if h.ID != want.ID || ih.Total != wantIH.Total || len(ih.Hits) != len(wantIH.Hits) {
			t.Errorf("hit %d: %s with %d of %d inner hits, want %s with %d of %d", i, h.ID, len(ih.Hits), ih.Total, want.ID, len(wantIH.Hits), wantIH.Total)
		}
	}
}

// wideCorpus is one segment of docs records that each hold every word w0
// … w(words-1) in their name: a query of one clause per word advances
// every clause on every record.
func wideCorpus(t *testing.T, docs, words int) *Index {
	var sb strings.Builder
	for i := range words {
		fmt.Fprintf(&sb, "w%d ", i)
	}
	srcs := make([]string, docs)
	for i := range srcs {
		srcs[i] = fmt.Sprintf(`{"name":%q}`, sb.String())
	}
	return buildIndex(t, "contract", srcs)
}

// wideQueries are queries of one clause per word of wideCorpus: a boolean
// query of should clauses and a dis_max, whose steps each advance every
// clause.
func wideQueries(words int) map[string]Query {
	terms := make([]Query, words)
	for i := range terms {
		terms[i] = &TermQuery{Field: "name", Term: fmt.Sprintf("w%d", i)}
	}
	return map[string]Query{
		"bool":    &BoolQuery{Should: terms},
		"dis_max": &DisMaxQuery{Disjuncts: terms},
	}
}

// TestPollsFollowWork checks that the clock is read once per
// deadlineEvery clauses advanced (at least once per step that advances
// more), not once per deadlineEvery steps: a
// step of a query of thousands of clauses is thousands of postings moves,
// and counting it as one let a fuzzy storm run for hundreds of
// milliseconds between two reads.
func TestPollsFollowWork(t *testing.T) {
	// Each record a step of words clause moves: twice deadlineEvery, so
	// that every step must read the clock.
	const docs, words = 24, 2 * deadlineEvery
	s := NewSearcher(wideCorpus(t, docs, words))
	for name, q := range wideQueries(words) {
		t.Run(name, func(t *testing.T) {
			polls := withSlowClock(t, 0)
			ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
			defer cancel()
			res := searchWithin(t, s, ctx, Request{Indexes: []string{"contract"}, Query: q, Size: 3})
			if res.TimedOut || res.Total != docs {
				t.Fatalf("timed out %v, total %d: want every one of %d records", res.TimedOut, res.Total, docs)
			}
			// Past the reads while the weights are built (a boolean
			// query's, every pollClauses clauses) and the one after them,
			// each record is a step that moves more than deadlineEvery
			// clauses, so it reads the clock.
			want := int64(1 + docs)
			if _, ok := q.(*BoolQuery); ok {
				want += words / pollClauses
			}
			if p := polls.Load(); p < want {
				t.Errorf("%d clock reads for %d records of %d clauses: want at least %d", p, docs, words, want)
			}
		})
	}
}

// TestTimeoutWhileScorersAreBuilt checks that building the scorers of
// thousands of clauses reads the clock as it goes: when the deadline
// passes there, no further scorer is built, nothing is collected, and the
// result says it timed out.
func TestTimeoutWhileScorersAreBuilt(t *testing.T) {
	const docs, words = 4, 4096
	s := NewSearcher(wideCorpus(t, docs, words))
	for name, q := range wideQueries(words) {
		t.Run(name, func(t *testing.T) {
			// The reference: how many clock reads come before the first
			// scorer is built (while the weights are built).
			polls := withSlowClock(t, 0)
			ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
			defer cancel()
			searchWithin(t, s, ctx, Request{Indexes: []string{"contract"}, Query: q, Size: 3,
				QueryDeadline: time.Now().Add(time.Hour)})
			full := polls.Load()
			// Read by count: the weights' reads, then the read after
			// them (searchIndex), then the first read while scorers are
			// built, which the deadline precedes.
			weightReads := int64(0)
			if _, ok := q.(*BoolQuery); ok {
				weightReads = words / pollClauses
			}
			var reads atomic.Int64
			testSlowdown = func() {
				if reads.Add(1) == weightReads+2 {
					time.Sleep(300 * time.Millisecond)
				}
			}
			res := searchWithin(t, s, ctx, Request{Indexes: []string{"contract"}, Query: q, Size: 3,
				QueryDeadline: time.Now().Add(200 * time.Millisecond)})
			if !res.TimedOut || res.Total != 0 {
				t.Fatalf("timed out %v, total %d: want a timeout with nothing collected", res.TimedOut, res.Total)
			}
			if r := reads.Load(); r != weightReads+2 {
				t.Errorf("%d clock reads (%d without a deadline): want %d, the search going no further than the first read past the deadline", r, full, weightReads+2)
			}
		})
	}
}

// TestStopperTickBytes checks that a step is charged by its bytes: with
// the context already ended, the step at which the stopper first reads
// it comes sooner the more each step writes.
func TestStopperTickBytes(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	tests := []struct{ bytes, steps int }{
		{-5, deadlineEvery}, {0, deadlineEvery}, {bytesPerTick - 1, deadlineEvery}, {bytesPerTick, deadlineEvery / 2},
		{100 * bytesPerTick, 11}, {18 << 10, 4}, {1 << 20, 1},
	}
	for _, tc := range tests {
		s := NewStopper(ctx)
		steps := 1
		for ; !s.TickBytes(tc.bytes) && steps <= deadlineEvery; steps++ {
		}
		if steps != tc.steps || !errors.Is(s.Err(), context.Canceled) {
			t.Errorf("%d bytes a step: stopped at step %d (%v), want %d", tc.bytes, steps, s.Err(), tc.steps)
		}
	}
	if (*Stopper)(nil).TickBytes(1 << 30) {
		t.Error("a nil stopper stopped")
	}
}
