package api

import (
	"strconv"
	"sync"
	"time"
	"unicode/utf8"
)

// Log bounds. A request line must cost the log a bounded number of bytes
// whatever the request: an unauthenticated client controls the path, the
// method and (through refused keys) error text.
const (
	maxLoggedPath   = 256
	maxLoggedMethod = 16
	maxLoggedError  = 1024
)

// sampledStatus reports whether requests answered with status are logged
// by sample rather than each: refusals that cost the gateway nothing but
// a log line, which a client can repeat as fast as it can send (401 wrong
// or missing token, 404 and 405 scans, 429 rate limits). They are all
// counted in refused_requests_total.
func sampledStatus(status int) bool {
	switch status {
	case 401, 404, 405, 429:
		return true
	}
	return false
}

// logSampler lets through the first refusal of each status per client in
// each interval and counts the others. The intervals are fixed windows;
// the counts of a window are handed to the first refusal after it ends,
// which logs them in one line. Clients are tracked up to maxKeys per
// window; refusals of clients beyond that are counted, not logged.
type logSampler struct {
	interval time.Duration
	maxKeys  int

	mu         sync.Mutex
	start      time.Time
	seen       map[sampleKey]struct{}
	suppressed map[int]int
}

type sampleKey struct {
	status int
	client string
}

func newLogSampler(interval time.Duration, maxKeys int) *logSampler {
	return &logSampler{interval: interval, maxKeys: maxKeys, seen: map[sampleKey]struct{}{}, suppressed: map[int]int{}}
}

// admit reports whether this refusal is logged. When a window has just
// ended with refusals left unlogged, ended holds their counts by status.
func (l *logSampler) admit(status int, client string, now time.Time) (log bool, ended map[int]int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.start) >= l.interval || now.Before(l.start) {
		if len(l.suppressed) > 0 {
			ended = l.suppressed
			l.suppressed = map[int]int{}
		}
		clear(l.seen)
		l.start = now
	}
	k := sampleKey{status, client}
	if _, ok := l.seen[k]; ok || len(l.seen) >= l.maxKeys {
		l.suppressed[status]++
		return false, ended
	}
	l.seen[k] = struct{}{}
	return true, ended
}

// clip shortens s to at most n bytes (on a rune boundary), marking the cut
// with the number of bytes left out.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…(" + strconv.Itoa(len(s)-cut) + " more bytes)"
}
