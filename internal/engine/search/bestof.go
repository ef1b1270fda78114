package search

import "slices"

// bestOf keeps the n best of the items offered to it, by cmp (negative
// when a ranks before b; a total order, so the n best are one set).
type bestOf[T any] struct {
	n   int
	cmp func(a, b T) int
	h   []T // a heap whose root is the worst item kept
}

// newBestOf returns an empty bestOf keeping n items ordered by cmp.
func newBestOf[T any](n int, cmp func(a, b T) int) *bestOf[T] {
	return &bestOf[T]{n: n, cmp: cmp}
}

// offer keeps x if it is among the n best offered so far.
func (b *bestOf[T]) offer(x T) {
	h := b.h
	if len(h) < b.n {
		h = append(h, x)
		for i := len(h) - 1; i > 0; {
			p := (i - 1) / 2
			if b.cmp(h[p], h[i]) >= 0 {
				break
			}
			h[p], h[i] = h[i], h[p]
			i = p
		}
		b.h = h
		return
	}
	if len(h) == 0 || b.cmp(x, h[0]) >= 0 {
		return
	}
	h[0] = x
	for i := 0; ; {
		worst, l, r := i, 2*i+1, 2*i+2
		if l < len(h) && b.cmp(h[l], h[worst]) > 0 {
			worst = l
		}
		if r < len(h) && b.cmp(h[r], h[worst]) > 0 {
			worst = r
		}
		if worst == i {
			break
		}
		h[i], h[worst] = h[worst], h[i]
		i = worst
	}
}

// worst returns the worst item kept, and whether n items are kept (and so
// only a better item would enter). With n = 0 nothing is kept: w is zero.
func (b *bestOf[T]) worst() (w T, full bool) {
	if len(b.h) > 0 {
		w = b.h[0]
	}
	return w, len(b.h) >= b.n
}

// sorted returns the items kept, best first.
func (b *bestOf[T]) sorted() []T {
	slices.SortFunc(b.h, b.cmp)
	return b.h
}
