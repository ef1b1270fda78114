package api

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// rateLimiter keeps one token bucket per authenticated caller. Buckets are
// created on first use; only configured tokens reach it, so the map is
// bounded by the token list.
type rateLimiter struct {
	limit rate.Limit
	burst int

	mu      sync.Mutex
	buckets map[string]*rate.Limiter
}

func newRateLimiter(perSecond float64, burst int) *rateLimiter {
	return &rateLimiter{limit: rate.Limit(perSecond), burst: burst, buckets: make(map[string]*rate.Limiter)}
}

// allow takes one request from id's bucket and returns 0, or how long the
// caller should wait before the next request would be allowed.
func (r *rateLimiter) allow(id string, now time.Time) time.Duration {
	if r.limit <= 0 {
		return 0
	}
	r.mu.Lock()
	b, ok := r.buckets[id]
	if !ok {
		b = rate.NewLimiter(r.limit, r.burst)
		r.buckets[id] = b
	}
	r.mu.Unlock()
	res := b.ReserveN(now, 1)
	if d := res.DelayFrom(now); d > 0 {
		res.CancelAt(now)
		return d
	}
	return 0
}
