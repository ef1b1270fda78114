package search

import (
	"context"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestConcurrentIndexesPanicOnCaller checks what searchIndexes promises
// the embedded backend, which turns a fault on a damaged index file into
// a 503 by recovering the search's goroutine: a part that panics on a
// helper goroutine makes Search panic on the caller's, with the same
// value, and a helper runs with the caller's panic-on-fault setting.
func TestConcurrentIndexesPanicOnCaller(t *testing.T) {
	clause := buildIndex(t, "clause", valueRecords(map[string]int{"a": 5}))
	def := buildIndex(t, "definition", valueRecords(map[string]int{"b": 5}))
	company := buildIndex(t, "company", []string{`{"name":"acme"}`})
	s := NewSearcher(clause, def, company)
	s.parallelDocs, s.helperDelay, s.alwaysConcurrent = 0, 0, true

	type boom struct{}
	var (
		calls  atomic.Int64
		mu     sync.Mutex
		faults []bool
	)
	// Every part reads the clock once before it starts (a deadline is
	// set below); the first holds the caller up long enough for a helper
	// to claim a part, whose read panics.
	testSlowdown = func() {
		fault := debug.SetPanicOnFault(false)
		debug.SetPanicOnFault(fault)
		mu.Lock()
		faults = append(faults, fault)
		mu.Unlock()
		if calls.Add(1) == 1 {
			time.Sleep(20 * time.Millisecond)
			return
		}
		panic(boom{})
	}
	t.Cleanup(func() { testSlowdown = nil })
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()

	var got any
	func() {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() { got = recover() }()
		_, err := s.Search(ctx, Request{Indexes: []string{"clause", "company", "definition"}, Query: &MatchAllQuery{}, Size: 10,
			Aggs: []TermsAgg{{Name: "v", Field: "value"}}})
		t.Errorf("search returned (error %v) instead of panicking", err)
	}()
	if got != (boom{}) {
		t.Fatalf("recovered %v, want the part's panic", got)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(faults) < 2 {
		t.Fatalf("%d parts read the clock, want a helper's too", len(faults))
	}
	for i, f := range faults {
		if !f {
			t.Errorf("part %d ran without the caller's panic-on-fault setting", i)
		}
	}
}
