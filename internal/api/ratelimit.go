package api

import (
	"net"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// rateLimiter keeps one token bucket per key: per authenticated caller for
// the request rate, per client address for failed authentication. Buckets
// are created on first use. A full bucket is the same as no bucket, so
// when the map reaches maxKeys the full ones are dropped; keys beyond
// maxKeys that still find no room are not limited (fail open), which
// bounds memory whatever the number of addresses a client commands.
type rateLimiter struct {
	limit   rate.Limit
	burst   int
	maxKeys int

	mu      sync.Mutex
	buckets map[string]*rate.Limiter
}

// newRateLimiter makes a limiter of perSecond sustained events with bursts
// of burst per key; perSecond 0 disables it.
func newRateLimiter(perSecond float64, burst, maxKeys int) *rateLimiter {
	return &rateLimiter{limit: rate.Limit(perSecond), burst: burst, maxKeys: maxKeys, buckets: make(map[string]*rate.Limiter)}
}

// bucket returns id's bucket, creating it if there is room, else nil.
func (r *rateLimiter) bucket(id string, now time.Time, create bool) *rate.Limiter {
	r.mu.Lock()
	defer r.mu.Unlock()
	b, ok := r.buckets[id]
	if ok || !create {
		return b
	}
	if len(r.buckets) >= r.maxKeys {
		for k, v := range r.buckets {
			if v.TokensAt(now) >= float64(r.burst) {
				delete(r.buckets, k)
			}
		}
		if len(r.buckets) >= r.maxKeys {
			return nil
		}
	}
	b = rate.NewLimiter(r.limit, r.burst)
	r.buckets[id] = b
	return b
}

// allow takes one event from id's bucket and returns 0, or how long the
// caller should wait before the next event would be allowed (the event is
// then not counted).
func (r *rateLimiter) allow(id string, now time.Time) time.Duration {
	if r.limit <= 0 {
		return 0
	}
	b := r.bucket(id, now, true)
	if b == nil {
		return 0
	}
	res := b.ReserveN(now, 1)
	if d := res.DelayFrom(now); d > 0 {
		res.CancelAt(now)
		return d
	}
	return 0
}

// blocked reports, without taking anything, how long id must wait until
// its bucket holds an event again; 0 when it does now.
func (r *rateLimiter) blocked(id string, now time.Time) time.Duration {
	if r.limit <= 0 {
		return 0
	}
	b := r.bucket(id, now, false)
	if b == nil {
		return 0
	}
	if tok := b.TokensAt(now); tok < 1 {
		return time.Duration((1 - tok) / float64(r.limit) * float64(time.Second))
	}
	return 0
}

// addressKey is the key of a client address for per-address limits and
// log sampling: the IPv4 address, or the /64 network of an IPv6 address,
// since one host commonly holds a whole /64. Anything unparsable is used
// as it is (the extractor only returns addresses; this is defence).
func addressKey(ip string) string {
	p := net.ParseIP(ip)
	if p == nil {
		return clip(ip, 64)
	}
	if v4 := p.To4(); v4 != nil {
		return v4.String()
	}
	return (&net.IPNet{IP: p.Mask(net.CIDRMask(64, 128)), Mask: net.CIDRMask(64, 128)}).String()
}
