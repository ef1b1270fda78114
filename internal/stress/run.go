package stress

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// How much longer than its timeout (the body's, or the server's
// MAX_TIMEOUT when it has none) a request may take. The server's own time
// (its access log's duration, from the request's arrival to the last byte
// handed to the connection), less what its threads waited for a CPU, is
// held to ServerSlack, the 100 ms, whatever the size of its answer
// (the gateway cuts an answer to what the time left can carry:
// internal/api/delivery.go); the time the client measures also holds the
// scheduling of two processes on a loaded machine, and gets WallSlack (docs/decisions.md, "Every request bounded under load" and
// "The deadline counts work").
const (
	ServerSlack = 100 * time.Millisecond
	WallSlack   = time.Second
)

// Result is what one body got.
type Result struct {
	Body Body
	// RequestID is the X-Request-Id the request was sent with, which the
	// gateway logs.
	RequestID string
	Status    int           // 0 when no reply came
	Latency   time.Duration // from sending the request to the last byte of the reply
	// Server is the gateway's own time for the request (its access log's
	// duration_ms); zero until it is read from there (ServerTimes).
	Server time.Duration
	// CPU is what the gateway's threads ran and waited for a CPU while
	// the request was in flight (zero without Runner.CPUTimes).
	CPU CPUTimes
	// Concurrent says other requests were in flight: the server's time
	// is shared, and only the client's bound applies.
	Concurrent bool
	// TimedOut is the reply's timed_out member.
	TimedOut bool
	// Err is why no reply came (a transport error, the client's own
	// deadline).
	Err error
}

// Runner sends bodies to a gateway's search endpoint: one at a time
// (Send), or many at once (Concurrent).
type Runner struct {
	// URL is the search endpoint with its token, e.g.
	// http://127.0.0.1:8080/api/v1alpha/search?token=…
	URL string
	// Budget is the server's own bound on a search (its MAX_TIMEOUT): the
	// bound of a body without a timeout.
	Budget time.Duration
	Client *http.Client
	// CPUTimes, when set, reads the gateway's CPU times before and
	// after each request (Gateway.CPUTimes).
	CPUTimes func() (CPUTimes, error)
	// sent counts requests, to give each its own request id.
	sent atomic.Int64
}

// Timeout is the timeout the server applies to b: its own, or the
// server's budget.
func (r *Runner) Timeout(b Body) time.Duration {
	if b.Timeout > 0 {
		return b.Timeout
	}
	return r.Budget
}

// Bound is how long the reply to b may take on the client's clock.
func (r *Runner) Bound(b Body) time.Duration { return r.Timeout(b) + WallSlack }

// ServerBound is how long the server may spend on b.
func (r *Runner) ServerBound(b Body) time.Duration {
	return r.Timeout(b) + ServerSlack
}

// Send sends one body, alone, and measures its reply: the gateway's CPU
// times are read around it. The client gives up at twice the bound plus
// 10 s: a reply that late is a failure either way.
func (r *Runner) Send(ctx context.Context, b Body) Result { return r.send(ctx, b, false) }

// send sends one body; concurrent says others are in flight, so the
// gateway's CPU times are not the request's own and are not read.
func (r *Runner) send(ctx context.Context, b Body, concurrent bool) (res Result) {
	ctx, cancel := context.WithTimeout(ctx, 2*r.Bound(b)+10*time.Second)
	defer cancel()
	res = Result{Body: b, RequestID: fmt.Sprintf("%s%d", requestIDPrefix, r.sent.Add(1)), Concurrent: concurrent}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.URL, bytes.NewReader(b.Data))
	if err != nil {
		res.Err = err
		return res
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Request-Id", res.RequestID)
	if !concurrent {
		before, cpuErr := r.cpuTimes()
		defer func() {
			if after, err := r.cpuTimes(); cpuErr == nil && err == nil {
				res.CPU = after.Sub(before)
			}
		}()
	}
	start := time.Now()
	resp, err := r.Client.Do(req)
	if err != nil {
		res.Latency, res.Err = time.Since(start), err
		return res
	}
	defer resp.Body.Close()
	// Only the envelope's head is decoded; the rest is read and dropped.
	var head struct {
		TimedOut bool `json:"timed_out"`
	}
	data, err := io.ReadAll(resp.Body)
	res.Latency, res.Status = time.Since(start), resp.StatusCode
	if err != nil {
		res.Err = fmt.Errorf("reading the reply: %w", err)
		return res
	}
	if resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal(data, &head); err != nil {
			res.Err = fmt.Errorf("a 200 whose body is not a search response: %w", err)
		}
		res.TimedOut = head.TimedOut
	}
	return res
}

func (r *Runner) cpuTimes() (CPUTimes, error) {
	if r.CPUTimes == nil {
		return CPUTimes{}, errors.New("no CPU times")
	}
	return r.CPUTimes()
}

// Failure says why a result breaks the suite's rules, or is "" when it
// keeps them: a reply came, with an allowed status, no 5xx, within the
// bound on the client's clock, and the server's own time is logged and,
// less what its threads spent waiting for a CPU, within its bound. A 429
// may be left out of the log (refusals are sampled), so its server time is
// not required.
func (r *Runner) Failure(res Result) string {
	switch {
	case res.Err != nil:
		return fmt.Sprintf("no reply: %v", res.Err)
	case res.Status >= 500:
		return fmt.Sprintf("status %d", res.Status)
	case !slices.Contains(res.Body.Allowed, res.Status):
		return fmt.Sprintf("status %d, allowed %v", res.Status, res.Body.Allowed)
	case res.Latency > r.Bound(res.Body):
		return fmt.Sprintf("replied in %s, bound %s", res.Latency.Round(time.Millisecond), r.Bound(res.Body))
	case res.Concurrent:
		// Requests in flight together share the CPUs: the time of each is
		// not its own, and the client's bound is the rule.
	case res.Server == 0 && res.Status != http.StatusTooManyRequests:
		return fmt.Sprintf("request %s is not in the gateway's log", res.RequestID)
	case res.Working() > r.ServerBound(res.Body):
		return fmt.Sprintf("the server took %s, %s of it waiting for a CPU; bound %s", res.Server.Round(time.Millisecond),
			res.CPU.Waited.Round(time.Millisecond), r.ServerBound(res.Body))
	}
	return ""
}

// Working is the server's time less what its threads spent waiting for
// a CPU while the request was in flight: on a machine whose other work
// takes the CPUs (two cores shared with builds and tests), the part of
// the server's time that is its own. The wait is summed over threads, so
// it may exceed what one request waited: the bound it is held to is then
// lenient, never wrongly strict; on a quiet machine it is the server's
// time.
func (res *Result) Working() time.Duration { return max(0, res.Server-res.CPU.Waited) }

// ServerTimes reads the gateway's access log (JSON lines; a request's
// line carries its request_id and duration_ms) and returns the duration
// of every request the suite sent, by request id.
func ServerTimes(log io.Reader) (map[string]time.Duration, error) {
	times := map[string]time.Duration{}
	sc := bufio.NewScanner(log)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if !bytes.Contains(line, []byte(`"request_id":"`+requestIDPrefix)) {
			continue
		}
		var l struct {
			Msg        string
			RequestID  string  `json:"request_id"`
			DurationMS float64 `json:"duration_ms"`
		}
		if json.Unmarshal(line, &l) == nil && l.Msg == "request" {
			times[l.RequestID] = time.Duration(l.DurationMS * float64(time.Millisecond))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading the gateway's log: %w", err)
	}
	return times, nil
}

// requestIDPrefix starts the request id of every request the suite
// sends.
const requestIDPrefix = "stress-"

// FamilyReport is what one family got.
type FamilyReport struct {
	Family  string
	Results []Result
	// PeakRSS is the gateway's peak resident memory (VmHWM) while the
	// family ran, in bytes.
	PeakRSS int64
}

// Statuses counts the results by status ("200", "200 timed_out", "400"…;
// "none" for no reply), in order.
func (f *FamilyReport) Statuses() []StatusCount {
	counts := map[string]int{}
	for _, r := range f.Results {
		key := fmt.Sprint(r.Status)
		switch {
		case r.Err != nil && r.Status == 0:
			key = "none"
		case r.TimedOut:
			key += " timed_out"
		}
		counts[key]++
	}
	out := make([]StatusCount, 0, len(counts))
	for k, n := range counts {
		out = append(out, StatusCount{k, n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Status < out[j].Status })
	return out
}

// StatusCount is one line of Statuses.
type StatusCount struct {
	Status string
	N      int
}

// Slowest is the family's slowest reply on the client's clock, or nil
// when none took any time.
func (f *FamilyReport) Slowest() *Result {
	var slowest *Result
	for i := range f.Results {
		if r := &f.Results[i]; r.Latency > 0 && (slowest == nil || r.Latency > slowest.Latency) {
			slowest = r
		}
	}
	return slowest
}

// MaxOverTimeout is the most a reply took beyond its timeout: on the
// client's clock, on the server's, and the server's less its wait for a
// CPU (Result.Working); negative when every reply came before it.
func (r *Runner) MaxOverTimeout(f *FamilyReport) (client, server, working time.Duration) {
	client, server, working = time.Duration(-1<<62), time.Duration(-1<<62), time.Duration(-1<<62)
	for _, res := range f.Results {
		t := r.Timeout(res.Body)
		client = max(client, res.Latency-t)
		server = max(server, res.Server-t)
		working = max(working, res.Working()-t)
	}
	return client, server, working
}

// Concurrent sends each of slow from its own client, all at once, and
// meanwhile sends normal one after the other, again and again until the
// slow ones are answered (each at least once). It returns every result,
// the slow ones first: a costly request must not keep the service from
// answering others, and many at once must keep memory bounded.
func (r *Runner) Concurrent(ctx context.Context, slow, normal []Body) []Result {
	results := make([]Result, len(slow))
	var wg sync.WaitGroup
	for i, b := range slow {
		wg.Go(func() { results[i] = r.send(ctx, b, true) })
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	var normals []Result
	for i := 0; ; i++ {
		if i >= len(normal) {
			select {
			case <-done:
				return append(results, normals...)
			default:
			}
		}
		if ctx.Err() != nil {
			<-done
			return append(results, normals...)
		}
		normals = append(normals, r.send(ctx, normal[i%len(normal)], true))
	}
}

// ErrFailed is returned when some result broke the rules.
var ErrFailed = errors.New("stress: hostile requests broke the rules")
