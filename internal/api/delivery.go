package api

import (
	"sync/atomic"
	"time"
)

// A search answers within its timeout plus answerSlack, whatever its size
// (issue 10). The backend stops at the timeout (the embedded engine's
// fetch phase at most fetchGrace later) and answers with what it has;
// what remains is rendering and writing that answer, whose cost grows with
// its bytes: a page of 100 contracts highlighted whole is 6–16 MB. The
// answer is therefore cut to the bytes the time left can carry, at the
// rate the server has measured (deliveryMeter), keeping deliveryReserve
// for the rest of the request's way out (the access log, a thread's wait
// for a CPU). The cut drops whole hits from the end of the page; totals,
// aggregations and suggestions are kept, and timed_out is true, as for
// any answer cut by its timeout. docs/decisions.md, "The answer's size
// follows the time left" and "The delivery rate is measured".
const (
	answerSlack     = 100 * time.Millisecond
	deliveryReserve = 25 * time.Millisecond
	// maxDeliveryRate caps the rate the cut assumes, in bytes per
	// millisecond: 100 MB/s, below the 140 MB/s measured on this 2-core
	// machine at load 22 (its 1.2 GB/s when nothing else runs). A faster
	// measure does not raise it: the estimate only lowers the limit on a
	// machine (or to clients) slower than that.
	maxDeliveryRate = 100_000
	// minDeliveryRate is the least rate the estimate falls to, 10 MB/s:
	// the rate is shared by every request, and a client that reads
	// slowly on purpose must not shrink everyone's late answers below
	// what this machine writes at its worst measured (a tenth of the
	// cap). minAnswerLimit still holds under it.
	minDeliveryRate = 10_000
	// minMeasuredAnswer is the least answer whose delivery is measured:
	// below it, fixed costs (a write's system call, a goroutine's wait)
	// weigh more than the bytes.
	minMeasuredAnswer = 256 << 10
	// minAnswerLimit is the least an answer is cut to: an answer this
	// small costs a few milliseconds at most, and a page of ordinary hits
	// is not emptied because the backend answered a little late.
	minAnswerLimit = 256 << 10
)

// answerLimit is the most bytes a search that arrived at start with the
// given timeout may answer when its rendering begins at now: what rate
// (bytes per millisecond) writes between now and start + timeout +
// answerSlack - deliveryReserve, and at least minAnswerLimit. A timeout of
// zero sets no limit (0).
func answerLimit(start time.Time, timeout time.Duration, now time.Time, rate int64) int64 {
	if timeout <= 0 {
		return 0
	}
	left := start.Add(timeout + answerSlack - deliveryReserve).Sub(now)
	return max(minAnswerLimit, left.Milliseconds()*rate)
}

// deliveryMeter learns how fast the server renders and writes its answers,
// from the answers it delivers, so that the cut follows the machine (and
// its clients) rather than a constant. The estimate is an exponentially
// weighted average that falls fast and rises slowly: a slow delivery
// halves the distance to its rate at once, a fast one closes an eighth of
// it, so a machine that slows down is followed within a few answers and
// one fast answer on a loaded machine does not undo them. Samples are
// clamped to [minDeliveryRate, maxDeliveryRate], so the estimate stays
// there too. The zero value starts at the cap, the rate assumed before
// anything is measured; it is safe for concurrent use and takes no lock.
type deliveryMeter struct {
	// held is maxDeliveryRate minus the estimate, in bytes per
	// millisecond, so that the zero value means the cap.
	held atomic.Int64
}

// rate is the current estimate, in bytes per millisecond.
func (m *deliveryMeter) rate() int64 { return maxDeliveryRate - m.held.Load() }

// observe records the delivery of an answer of n bytes that took d to
// render and write. Answers below minMeasuredAnswer are not measured.
func (m *deliveryMeter) observe(n int64, d time.Duration) {
	if n < minMeasuredAnswer {
		return
	}
	us := max(d.Microseconds(), 1)
	sample := min(max(n*1000/us, minDeliveryRate), maxDeliveryRate)
	for {
		old := m.held.Load()
		cur := maxDeliveryRate - old
		next := cur
		if sample < cur {
			next = cur - (cur-sample+1)/2
		} else {
			next = cur + (sample-cur)/8
		}
		if m.held.CompareAndSwap(old, maxDeliveryRate-next) {
			return
		}
	}
}
