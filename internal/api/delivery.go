package api

import "time"

// A search answers within its timeout plus answerSlack, whatever its size
// (issue 10). The backend stops at the timeout (the embedded engine's
// fetch phase at most fetchGrace later) and answers with what it has;
// what remains is rendering and writing that answer, whose cost grows with
// its bytes: a page of 100 contracts highlighted whole is 6–16 MB. The
// answer is therefore cut to the bytes the time left can carry, at
// deliveryRate, keeping deliveryReserve for the rest of the request's
// way out (the access log, a thread's wait for a CPU). The cut drops whole
// hits from the end of the page; totals, aggregations and suggestions are
// kept, and timed_out is true, as for any answer cut by its timeout.
// docs/decisions.md, "The answer's size follows the time left".
const (
	answerSlack     = 100 * time.Millisecond
	deliveryReserve = 25 * time.Millisecond
	// deliveryRate is the assumed speed of rendering and writing an
	// answer to the client, in bytes per millisecond: 100 MB/s, below the
	// 140 MB/s measured on this 2-core machine at load 22 (its 1.2 GB/s
	// when nothing else runs), so that a loaded machine still keeps the
	// bound.
	deliveryRate = 100_000
	// minAnswerLimit is the least an answer is cut to: an answer this
	// small costs a few milliseconds at most, and a page of ordinary hits
	// is not emptied because the backend answered a little late.
	minAnswerLimit = 256 << 10
)

// answerLimit is the most bytes a search that arrived at start with the
// given timeout may answer when its rendering begins at now: what
// deliveryRate writes between now and start + timeout + answerSlack -
// deliveryReserve, and at least minAnswerLimit. A timeout of zero sets no
// limit (0).
func answerLimit(start time.Time, timeout time.Duration, now time.Time) int64 {
	if timeout <= 0 {
		return 0
	}
	left := start.Add(timeout + answerSlack - deliveryReserve).Sub(now)
	return max(minAnswerLimit, left.Milliseconds()*deliveryRate)
}
