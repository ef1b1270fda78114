package search

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestBestOf checks the property that defines bestOf: after any sequence of
// offers, sorted is the n best items offered, best first, and worst reports
// the last of them once n are kept.
func TestBestOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	type item struct{ score, order int }
	byScoreThenOrder := func(a, b item) int { return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.order, b.order)) }
	for round := range 500 {
		n := rng.IntN(12)
		var all []item
		b := newBestOf(n, byScoreThenOrder)
		for i := range rng.IntN(40) {
			it := item{score: rng.IntN(8), order: i} // few scores: many ties
			all = append(all, it)
			b.offer(it)
			w, full := b.worst()
			if full != (len(all) >= n) {
				t.Fatalf("round %d: full = %v after %d offers of %d", round, full, len(all), n)
			}
			if n > 0 && full {
				want := slices.SortedFunc(slices.Values(all), byScoreThenOrder)[n-1]
				if w != want {
					t.Fatalf("round %d: worst %v, want %v", round, w, want)
				}
			}
		}
		want := slices.SortedFunc(slices.Values(all), byScoreThenOrder)
		want = want[:min(n, len(want))]
		if got := b.sorted(); !slices.Equal(got, want) {
			t.Fatalf("round %d (n=%d): got %v, want %v", round, n, got, want)
		}
	}
}
