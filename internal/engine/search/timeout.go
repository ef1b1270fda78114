package search

import (
	"context"
	"errors"
	"time"
)

// Timeouts: OpenSearch's `timeout` stops the query phase where it is and
// answers with the hits collected so far (timed_out: true); its searcher
// checks the deadline inside collection and inside the scorers' iteration
// (QueryPhase's cancellable bulk scorer), not only between segments. The
// engine does the same with a deadline that the loops which can run long
// tick: the top-level collection loop once per match, every scorer loop
// that can walk many documents without returning one — conjunctions and
// exclusions in bool and in phrases, range scans, a block join skipping
// parents or aggregating children, the records-only filter — every loop
// over one document's positions (the exact phrase's starts; the sloppy
// matcher's reset, its match walk and its repetition collisions, where a
// phrase of one repeated word does quadratic work inside one document),
// and, while weights are built, fuzzy and prefix expansions and the bit
// sets of many-term queries. A tick is an increment and a comparison; the
// clock (and the context, so a client's disconnect stops the work too) is
// read once every deadlineEvery ticks. A loop whose one step does work
// that grows with the query (a boolean query's step advances every clause,
// and each clause every term under it) counts that many ticks per step
// (tickN), and so does building a scorer per clause: counting steps alone
// let a storm of fuzzy clauses (30,000 term scorers) run hundreds of
// milliseconds between two reads of the clock (docs/decisions.md).
//
// Once the deadline has passed, the scorers that notice stop (they end as
// if exhausted, with context.DeadlineExceeded as their error) and the
// collection loop collects nothing more: a document a scorer returns after
// the deadline is never collected, so stopping early cannot let a wrong
// match in.

// deadlineEvery is how many ticks pass between two reads of the clock: a
// few microseconds of work at most.
const deadlineEvery = 1024

// deadline is one phase's stop condition: the query phase stops at the
// request's timeout, the fetch phase (inner hits, explanations) when the
// context ends. A nil *deadline never expires.
type deadline struct {
	ctx     context.Context
	at      time.Time // zero when the context has no deadline
	ticks   uint64
	expired bool
	err     error
}

// newDeadline returns the deadline of ctx, brought forward to before when
// that is earlier (a zero before adds nothing), or nil when neither can
// expire and ctx cannot be cancelled.
func newDeadline(ctx context.Context, before time.Time) *deadline {
	at, ok := ctx.Deadline()
	if !before.IsZero() && (!ok || before.Before(at)) {
		at, ok = before, true
	}
	if !ok && ctx.Done() == nil {
		return nil
	}
	return &deadline{ctx: ctx, at: at}
}

// tick counts one step of a loop and reports whether the search must
// stop. It is tickN(1) written out so that it inlines: the scorers' inner
// loops (a sloppy phrase's walk ticks once per position) paid a call per
// step when it delegated to tickN, which is too large to inline.
func (d *deadline) tick() bool {
	if d == nil {
		return false
	}
	d.ticks++
	if d.ticks%deadlineEvery != 0 {
		return d.expired
	}
	return d.poll()
}

// tickN counts n steps' worth of work at once and reports whether the
// search must stop; the clock is read when the count crosses a multiple
// of deadlineEvery.
func (d *deadline) tickN(n int) bool {
	if d == nil {
		return false
	}
	before := d.ticks
	d.ticks += uint64(n)
	if before/deadlineEvery == d.ticks/deadlineEvery {
		return d.expired
	}
	return d.poll()
}

// scorerWork is how many leaf scorers one step of s may advance, the
// ticks a loop counts per step of s: a boolean scorer's or a disjunction's
// clauses, down to the scorers that read one postings list or tick on
// their own (phrases, block joins, ranges), which count one.
func scorerWork(s Scorer) int {
	switch s := s.(type) {
	case *boolScorer:
		return s.work // summed once, when it was built
	case *blockJoinScorer:
		return 1 // it ticks on its own
	}
	if n, has := sumSubScorers(s, scorerWork); has {
		return n
	}
	return 1
}

// poll reads the clock and the context.
func (d *deadline) poll() bool {
	if d.expired {
		return true
	}
	if testSlowdown != nil {
		testSlowdown()
	}
	if err := d.ctx.Err(); err != nil {
		d.expired, d.err = true, err
	} else if !d.at.IsZero() && !time.Now().Before(d.at) {
		d.expired, d.err = true, context.DeadlineExceeded
	}
	return d.expired
}

// stopped reports whether the deadline has passed (without ticking).
func (d *deadline) stopped() bool { return d != nil && d.expired }

// timedOut reports whether the deadline has passed by its time, as
// opposed to a cancelled context (a client gone): the search then answers
// with what it has, timed_out: true.
func (d *deadline) timedOut() bool {
	return d.stopped() && errors.Is(d.cause(), context.DeadlineExceeded)
}

// cause is the reason the search stopped.
func (d *deadline) cause() error {
	if d == nil || d.err == nil {
		return context.DeadlineExceeded
	}
	return d.err
}

// testSlowdown, when set by a test, runs at every clock read: it makes a
// search slow on purpose without a corpus large enough to be slow.
var testSlowdown func()

// Stopper is the deadline mechanism for work done for a search outside
// its query phase, such as the fetch phase's highlighting, which can spend
// long inside one field value: Tick counts one step of a loop and reads
// the context (its deadline, a client's disconnect) once every
// deadlineEvery steps, as the query phase's loops do. It reads only the
// context, not the clock, so that it stops exactly when ctx.Err() says so
// and its caller, which tells a deadline from a disconnect by ctx, agrees.
// A nil *Stopper never stops.
type Stopper struct{ d *deadline }

// NewStopper returns the stopper of ctx, or nil when ctx cannot end.
func NewStopper(ctx context.Context) *Stopper {
	if ctx.Done() == nil {
		return nil
	}
	return &Stopper{d: &deadline{ctx: ctx}}
}

// Tick counts one step and reports whether the work must stop.
func (s *Stopper) Tick() bool { return s != nil && s.d.tick() }

// bytesPerTick is how many bytes written or read count as one step for
// TickBytes: deadlineEvery steps then copy at most 64 KiB, about as long
// as the query phase's steps between two reads of the clock.
const bytesPerTick = 64

// TickBytes counts one step that wrote or read n bytes, charged by its
// bytes (one step per bytesPerTick), and reports whether the work must
// stop. A step whose size has no bound, such as writing a fragment with
// long tags, is thus stopped after the same work as any other.
func (s *Stopper) TickBytes(n int) bool {
	return s != nil && s.d.tickN(1+max(n, 0)/bytesPerTick)
}

// Err is why the work stopped (ctx's error), or nil while it may go on.
func (s *Stopper) Err() error {
	if s == nil || !s.d.stopped() {
		return nil
	}
	return s.d.cause()
}
