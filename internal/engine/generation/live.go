package generation

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// Snapshot is a served generation and the value opened over it (for the
// engine: its searcher). Searches Acquire a snapshot and Release it when
// done; a newer generation swapped in meanwhile does not disturb them.
type Snapshot[T any] struct {
	gen   *Generation
	Value T
	refs  atomic.Int64
	live  *Live[T]
}

// Generation returns the generation number.
func (s *Snapshot[T]) Generation() uint64 { return s.gen.N }

// Release drops the caller's reference. The last reference closes the
// value, unmaps the files and lets the generation be deleted.
func (s *Snapshot[T]) Release() {
	if s.refs.Add(-1) != 0 {
		return
	}
	if s.live.close != nil {
		s.live.close(s.Value)
	}
	s.gen.Release()
	s.live.collect()
}

func (s *Snapshot[T]) tryAcquire() bool {
	for {
		r := s.refs.Load()
		if r <= 0 {
			return false
		}
		if s.refs.CompareAndSwap(r, r+1) {
			return true
		}
	}
}

// Live serves the newest generation of a directory and moves to newer ones
// on Refresh.
type Live[T any] struct {
	dir   *Dir
	open  func(*Generation) (T, error)
	close func(T)
	// OnError receives errors of background refreshes and collections.
	onError func(error)

	mu  sync.Mutex // serialises Refresh and Close
	cur atomic.Pointer[Snapshot[T]]
}

// NewLive opens the newest generation of d with open. close, if not nil,
// releases what open built; onError, if not nil, receives errors of
// background work (Watch, deleting old generations).
func NewLive[T any](d *Dir, open func(*Generation) (T, error), close func(T), onError func(error)) (*Live[T], error) {
	l := &Live[T]{dir: d, open: open, close: close, onError: onError}
	if _, err := l.Refresh(); err != nil {
		return nil, err
	}
	return l, nil
}

// Acquire returns the current snapshot with a reference the caller must
// Release.
func (l *Live[T]) Acquire() *Snapshot[T] {
	for {
		s := l.cur.Load()
		if s == nil || s.tryAcquire() {
			return s
		}
		// Swapped and fully released between Load and tryAcquire: the
		// pointer now holds a newer snapshot.
	}
}

// Refresh opens the newest generation if it is newer than the served one
// and swaps it in. It reports whether it swapped. A generation that fails
// to open leaves the current one serving.
func (l *Live[T]) Refresh() (bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	latest, err := l.dir.Latest()
	if err != nil {
		return false, err
	}
	old := l.cur.Load()
	if old != nil && old.gen.N >= latest {
		return false, nil
	}
	g, err := l.dir.Open(latest)
	if err != nil {
		return false, err
	}
	v, err := l.open(g)
	if err != nil {
		g.Release()
		return false, fmt.Errorf("generation %d: %w", latest, err)
	}
	s := &Snapshot[T]{gen: g, Value: v, live: l}
	s.refs.Store(1) // the Live's own reference
	l.cur.Store(s)
	if old != nil {
		old.Release()
	}
	return true, nil
}

// Watch refreshes every interval, and whenever trigger fires (e.g. on
// SIGHUP), until ctx ends. swapped, if not nil, is called with the new
// generation's number after each swap; errors go to onError.
func (l *Live[T]) Watch(ctx context.Context, interval time.Duration, trigger <-chan struct{}, swapped func(gen uint64)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-trigger:
		}
		ok, err := l.Refresh()
		if err != nil && !errors.Is(err, ErrNoGeneration) {
			l.report(err)
		}
		if ok && swapped != nil {
			if s := l.Acquire(); s != nil {
				swapped(s.Generation())
				s.Release()
			}
		}
	}
}

// Close releases the served snapshot; searches still holding it finish
// first.
func (l *Live[T]) Close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if s := l.cur.Swap(nil); s != nil {
		s.Release()
	}
}

// collect deletes generations older than the served one that no process
// uses.
func (l *Live[T]) collect() {
	s := l.cur.Load()
	if s == nil {
		return
	}
	if _, err := l.dir.Collect(s.gen.N); err != nil {
		l.report(err)
	}
}

func (l *Live[T]) report(err error) {
	if l.onError != nil {
		l.onError(err)
	}
}
