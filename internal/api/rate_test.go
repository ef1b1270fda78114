package api

import (
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// rateOf is the delivery of n bytes at rate bytes per millisecond.
func rateOf(n, rate int64) time.Duration { return time.Duration(n * int64(time.Millisecond) / rate) }

// TestDeliveryMeter checks the estimate after sequences of deliveries:
// it starts at the cap, is clamped to [floor, cap], falls by half the
// distance to a slower rate and rises by an eighth towards a faster one,
// and ignores answers too small to measure.
func TestDeliveryMeter(t *testing.T) {
	const mb = 1 << 20
	tests := []struct {
		name string
		// deliveries are (bytes, bytes per millisecond) pairs.
		deliveries [][2]int64
		want       int64
	}{
		{"nothing measured: the cap", nil, maxDeliveryRate},
		{"faster than the cap: the cap", [][2]int64{{8 * mb, 1_000_000}}, maxDeliveryRate},
		{"small answers are not measured", [][2]int64{{minMeasuredAnswer - 1, 1}}, maxDeliveryRate},
		{"one slow answer halves the distance", [][2]int64{{mb, 20_000}}, 60_000},
		{"slower than the floor: clamped", [][2]int64{{mb, 1}}, (maxDeliveryRate + minDeliveryRate) / 2},
		{"then a fast one rises by an eighth", [][2]int64{{mb, 20_000}, {mb, 1_000_000}}, 60_000 + 40_000/8},
		{"many very slow answers: the floor", repeat([2]int64{mb, 1}, 40), minDeliveryRate},
		{"many at 30 MB/s: 30 MB/s", repeat([2]int64{4 * mb, 30_000}, 40), 30_000},
	}
	for _, tc := range tests {
		var m deliveryMeter
		for _, d := range tc.deliveries {
			m.observe(d[0], rateOf(d[0], d[1]))
		}
		// Durations are whole nanoseconds: allow the rounding's 1.
		if got := m.rate(); got < tc.want-1 || got > tc.want+1 {
			t.Errorf("%s: rate %d, want %d", tc.name, got, tc.want)
		}
	}
}

func repeat(d [2]int64, n int) [][2]int64 {
	out := make([][2]int64, n)
	for i := range out {
		out[i] = d
	}
	return out
}

// TestDeliveryMeterBounds checks, over random deliveries from concurrent
// writers, that the estimate never leaves [floor, cap], and that a run of
// slow deliveries after them brings it down to their rate.
func TestDeliveryMeterBounds(t *testing.T) {
	var m deliveryMeter
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 1))
			for range 2000 {
				n := r.Int64N(64 << 20)
				m.observe(n, time.Duration(r.Int64N(int64(2*time.Second))))
				if got := m.rate(); got < minDeliveryRate || got > maxDeliveryRate {
					t.Errorf("rate %d outside [%d, %d]", got, minDeliveryRate, maxDeliveryRate)
					return
				}
			}
		}()
	}
	wg.Wait()
	const slow = 15_000
	for range 20 {
		m.observe(2<<20, rateOf(2<<20, slow))
	}
	if got := m.rate(); got < slow || got > slow+slow/100 {
		t.Errorf("after 20 deliveries at %d bytes/ms: rate %d", slow, got)
	}
}

// throttledWriter is a ResponseRecorder that takes at least a millisecond
// for every perMs bytes written, as a slow client or a loaded machine does.
type throttledWriter struct {
	*httptest.ResponseRecorder
	perMs int
}

func (w *throttledWriter) Write(b []byte) (int, error) {
	time.Sleep(time.Duration(len(b)) * time.Millisecond / time.Duration(w.perMs))
	return w.ResponseRecorder.Write(b)
}

// TestSlowWriterLowersLimit delivers answers of 2 MB to a writer that
// takes them at 20 MB/s: the server's estimate falls below a third of the
// cap within three answers, and the limit of a late answer with it.
func TestSlowWriterLowersLimit(t *testing.T) {
	ts := newTestServer(t, nil)
	resp := sampleResponse()
	resp.Hits.Hits = bigHits(20, 100<<10)
	ts.be.resp = resp
	start := time.Now()
	before := answerLimit(start, time.Second, start.Add(time.Second), ts.srv.delivery.rate())
	for range 3 {
		req := httptest.NewRequest("POST", "/api/v1alpha/search?token="+testToken,
			strings.NewReader(`{"query":{"match_all":{}},"timeout":"10s","size":20}`))
		req.Header.Set("Content-Type", "application/json")
		w := &throttledWriter{ResponseRecorder: httptest.NewRecorder(), perMs: 20_000}
		ts.srv.ServeHTTP(w, req)
		if w.Code != http.StatusOK || w.Body.Len() < 2_000_000 {
			t.Fatalf("status %d, %d bytes: %s", w.Code, w.Body.Len(), clipBytes(w.Body.Bytes()))
		}
	}
	// The writer's sleeps make every measure at most 20,000 bytes/ms:
	// after three, the estimate is at most 100,000 - 80,000·7/8.
	if got := ts.srv.delivery.rate(); got > 30_000 {
		t.Errorf("rate %d bytes/ms after three answers at 20,000", got)
	}
	after := answerLimit(start, time.Second, start.Add(time.Second), ts.srv.delivery.rate())
	if after*3 > before {
		t.Errorf("limit of a late answer %d bytes after slow writes, %d before", after, before)
	}
}

// BenchmarkDeliveryMeter is one search's use of the meter (a read for the
// limit, a delivery recorded) from every goroutine at once.
func BenchmarkDeliveryMeter(b *testing.B) {
	var m deliveryMeter
	b.RunParallel(func(pb *testing.PB) {
		n := int64(1 << 20)
		for pb.Next() {
			_ = m.rate()
			m.observe(n, time.Duration(n%7+10)*time.Millisecond)
			n++
		}
	})
}
