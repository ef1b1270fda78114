// Package helpers runs the independent parts of one request's work on the
// caller's goroutine, joined by helper goroutines once the work has gone
// on long enough to be worth them.
//
// A search's indexes (internal/engine/search) are such parts. (A page's
// hits would be too, but rendering two whole contracts' highlights at once
// doubles what a request holds at its peak: make stress's peak RSS went
// from 335 to 465 MiB of its 512, so pages still render in order.) Running
// them on goroutines
// from the start would make every cheap request pay for starting and
// joining them (tens of microseconds on a loaded two-core machine, more
// than many requests take); running them on the caller alone leaves the
// other processors idle while one expensive request runs. So the caller
// claims parts one at a time, in order, and helpers start claiming too only
// once Delay has passed: a request over by then never waits for one, and a
// part goes to whoever claims it first, so the caller only waits for the
// parts a helper has claimed.
//
// The work reads memory-mapped index files: a damaged file makes a read
// fault, which the embedded backend turns into a 503 by recovering the
// request's goroutine with debug.SetPanicOnFault set. A helper therefore
// runs with the caller's setting, and what a part panics with on a helper
// is panicked again on the caller's goroutine once every claimed part is
// done, so that the caller's recovery sees it.
package helpers

import (
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"time"
)

// Delay is how long a request's work runs on the caller alone before
// helpers start: about what starting one costs on a loaded machine, so
// that work over by then pays nothing for them.
const Delay = 100 * time.Microsecond

// Run runs part(w, i) for every i in [0, n), each once: w is the worker
// that runs it, 0 for the caller's goroutine and 1 … helpers for the
// helpers, so that part may keep per-worker state (nothing a worker
// holds is touched by another at the same time). At most most helper
// goroutines (capped at the processors but one) start after delay, and
// only when n > 1. Run returns once every part has run; a panic in a
// part is panicked again on the caller's goroutine, after the parts
// claimed before it are done.
func Run(n, most int, delay time.Duration, part func(w, i int)) {
	most = min(most, runtime.GOMAXPROCS(0)-1, n-1)
	if most <= 0 {
		for i := range n {
			part(0, i)
		}
		return
	}
	q := &queue{n: n, part: part, done: make([]chan struct{}, n), panicked: make([]any, n)}
	for i := range q.done {
		q.done[i] = make(chan struct{})
	}
	fault := debug.SetPanicOnFault(false)
	debug.SetPanicOnFault(fault)
	func() {
		// Deferred so as to run even when a part on this goroutine
		// panics: the helpers may read what the caller releases after
		// Run. The hand-out stops (wait) after the helpers' start is
		// called off (Stop).
		defer q.wait()
		start := time.AfterFunc(delay, func() {
			for w := 2; w <= most; w++ {
				go q.help(w, fault)
			}
			q.help(1, fault)
		})
		defer start.Stop()
		q.work(0)
	}()
	for _, p := range q.panicked {
		if p != nil {
			panic(p)
		}
	}
}

// queue hands a request's parts out, in order, to the workers.
type queue struct {
	n    int
	part func(w, i int)
	next atomic.Int64 // parts handed out
	// done[i] is closed once part i has run (or panicked); panicked[i]
	// holds what it panicked with on a helper.
	done     []chan struct{}
	panicked []any
}

// help is a helper's life: the caller's fault setting, then parts.
func (q *queue) help(w int, fault bool) {
	debug.SetPanicOnFault(fault)
	q.work(w)
}

// work runs the parts no one has claimed yet, one at a time.
func (q *queue) work(w int) {
	for {
		i := q.next.Add(1) - 1
		if i >= int64(q.n) {
			return
		}
		q.run(w, int(i))
	}
}

// run runs part i on worker w. On a helper, a panic is kept for Run to
// panic with again; on the caller's goroutine it goes on up (through
// wait).
func (q *queue) run(w, i int) {
	defer close(q.done[i])
	if w != 0 {
		defer func() {
			if r := recover(); r != nil {
				q.panicked[i] = r
			}
		}()
	}
	q.part(w, i)
}

// wait stops the hand-out and waits for every part claimed before that.
func (q *queue) wait() {
	claimed := min(q.next.Swap(int64(q.n)), int64(q.n))
	for i := range claimed {
		<-q.done[i]
	}
}
