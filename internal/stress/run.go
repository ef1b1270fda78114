package stress

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sort"
	"time"
)

// Slack is how much longer than its bound a reply may take: the bound is
// the body's timeout, or the server's own budget when it has none.
const Slack = time.Second

// Result is what one body got.
type Result struct {
	Body    Body
	Status  int           // 0 when no reply came
	Latency time.Duration // from sending the request to the last byte of the reply
	// TimedOut is the reply's timed_out member.
	TimedOut bool
	// Err is why no reply came (a transport error, the client's own
	// deadline).
	Err error
}

// Runner sends bodies to a gateway's search endpoint, one at a time.
type Runner struct {
	// URL is the search endpoint with its token, e.g.
	// http://127.0.0.1:8080/api/v1alpha/search?token=…
	URL string
	// Budget is the server's own bound on a search (its MAX_TIMEOUT): the
	// bound of a body without a timeout.
	Budget time.Duration
	Client *http.Client
}

// Bound is how long the reply to b may take.
func (r *Runner) Bound(b Body) time.Duration {
	if b.Timeout > 0 {
		return b.Timeout + Slack
	}
	return r.Budget + Slack
}

// Send sends one body and measures its reply. The client gives up at
// twice the bound plus 10 s: a reply that late is a failure either way.
func (r *Runner) Send(ctx context.Context, b Body) Result {
	ctx, cancel := context.WithTimeout(ctx, 2*r.Bound(b)+10*time.Second)
	defer cancel()
	res := Result{Body: b}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.URL, bytes.NewReader(b.Data))
	if err != nil {
		res.Err = err
		return res
	}
	req.Header.Set("Content-Type", "application/json")
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

// Failure says why a result breaks the suite's rules, or is "" when it
// keeps them: a reply came, within the bound, with an allowed status, and
// no 5xx.
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
	}
	return ""
}

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

// MaxLatency is the family's slowest reply, and the body that got it.
func (f *FamilyReport) MaxLatency() (time.Duration, string) {
	var d time.Duration
	var name string
	for _, r := range f.Results {
		if r.Latency > d {
			d, name = r.Latency, r.Body.Name
		}
	}
	return d, name
}

// MaxOverTimeout is the most a reply took beyond its timeout (the bound
// without Slack); negative when every reply came before it.
func (r *Runner) MaxOverTimeout(f *FamilyReport) time.Duration {
	over := time.Duration(-1 << 62)
	for _, res := range f.Results {
		over = max(over, res.Latency-(r.Bound(res.Body)-Slack))
	}
	return over
}

// ErrFailed is returned when some result broke the rules.
var ErrFailed = errors.New("stress: hostile requests broke the rules")
