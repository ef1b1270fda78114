package edgar

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/mail"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
)

// MaxRate is the SEC's fair-access limit: at most 10 requests a second
// from one user, whatever the number of machines.
const MaxRate = 10

// ErrNoUserAgent is returned when no usable User-Agent was given.
var ErrNoUserAgent = errors.New(`the SEC asks every automated client to declare who it is: give a User-Agent with your name or company and a contact email, e.g. -user-agent "Jane Doe jane@example.com" (or EDGAR_USER_AGENT); see https://www.sec.gov/os/accessing-edgar-data`)

// CheckUserAgent accepts a User-Agent that names someone and holds a
// contact email address, as the SEC's fair-access rules ask ("Sample
// Company Name AdminContact@sample.com").
func CheckUserAgent(ua string) error {
	ua = strings.TrimSpace(ua)
	if ua == "" {
		return ErrNoUserAgent
	}
	hasMail, hasName := false, false
	for _, f := range strings.Fields(ua) {
		f = strings.Trim(f, "<>(),;")
		if a, err := mail.ParseAddress(f); err == nil && strings.Contains(a.Address[strings.IndexByte(a.Address, '@'):], ".") {
			hasMail = true
		} else if f != "" {
			hasName = true
		}
	}
	if !hasMail || !hasName {
		return fmt.Errorf("user agent %q: %w", ua, ErrNoUserAgent)
	}
	return nil
}

// Retry is how a client retries a request EDGAR answered with 429 (too
// many requests) or a 5xx status, or that failed on the network.
type Retry struct {
	// Attempts is the number of tries in all, the first included.
	Attempts int
	// Base is the first wait; each retry doubles it, up to Max. The wait
	// is drawn at random between half of it and all of it (jitter), so
	// clients throttled together do not come back together.
	Base, Max time.Duration
	// MaxRetryAfter is the longest Retry-After honoured; a server asking
	// for a longer wait fails the request.
	MaxRetryAfter time.Duration
}

// DefaultRetry waits 1 s, 2 s, 4 s … up to a minute, six tries in all.
var DefaultRetry = Retry{Attempts: 6, Base: time.Second, Max: time.Minute, MaxRetryAfter: 10 * time.Minute}

// StatusError is an answer other than 200 OK.
type StatusError struct {
	URL  string
	Code int
}

func (e *StatusError) Error() string {
	msg := fmt.Sprintf("GET %s: %d %s", e.URL, e.Code, http.StatusText(e.Code))
	if e.Code == http.StatusForbidden {
		msg += " (EDGAR refuses clients without a declared User-Agent, and those over the request rate)"
	}
	return msg
}

// IsNotFound reports whether err is a 404 (or 410) answer.
func IsNotFound(err error) bool {
	var se *StatusError
	return errors.As(err, &se) && (se.Code == http.StatusNotFound || se.Code == http.StatusGone)
}

// client fetches from EDGAR within the fair-access rules: its User-Agent
// on every request, one limiter for all of them, retries with backoff.
type client struct {
	http      *http.Client
	userAgent string
	limiter   *rate.Limiter
	retry     Retry
	// sleep waits d or until ctx is done; tests record the waits.
	sleep func(ctx context.Context, d time.Duration) error
	// jitter returns a number in [0, 1).
	jitter func() float64

	requests atomic.Int64 // sent, retries included
	retries  atomic.Int64
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return context.Cause(ctx)
	case <-t.C:
		return nil
	}
}

// get fetches u, reading at most max bytes of its body.
func (c *client) get(ctx context.Context, u string, max int64) ([]byte, error) {
	var last error
	for attempt := 0; ; attempt++ {
		if err := c.limiter.Wait(ctx); err != nil {
			return nil, fmt.Errorf("GET %s: %w", u, contextErr(ctx, err))
		}
		body, retryAfter, err := c.once(ctx, u, max)
		if err == nil {
			return body, nil
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("GET %s: %w", u, context.Cause(ctx))
		}
		if !retryable(err) {
			return nil, err
		}
		last = err
		if attempt+1 >= c.retry.Attempts {
			return nil, fmt.Errorf("%w (gave up after %d tries)", last, attempt+1)
		}
		wait := c.backoff(attempt)
		if retryAfter > 0 {
			if retryAfter > c.retry.MaxRetryAfter {
				return nil, fmt.Errorf("%w: the server asks to wait %s, longer than %s", last, retryAfter, c.retry.MaxRetryAfter)
			}
			wait = retryAfter + time.Duration(c.jitter()*float64(retryAfter)/10)
		}
		c.retries.Add(1)
		if err := c.sleep(ctx, wait); err != nil {
			return nil, fmt.Errorf("GET %s: %w", u, err)
		}
	}
}

// contextErr prefers the context's cause to the limiter's own message
// about a deadline.
func contextErr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return err
}

// backoff is the wait before retry attempt+1: the doubled base, capped,
// jittered between half and all of it.
func (c *client) backoff(attempt int) time.Duration {
	d := c.retry.Base << min(attempt, 30)
	if d > c.retry.Max || d <= 0 {
		d = c.retry.Max
	}
	return d/2 + time.Duration(c.jitter()*float64(d/2))
}

// once sends one request; retryAfter is the wait a 429 or 503 asked for.
func (c *client) once(ctx context.Context, u string, max int64) (body []byte, retryAfter time.Duration, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, 0, fmt.Errorf("GET %s: %w", u, err)
	}
	req.Header.Set("User-Agent", c.userAgent)
	c.requests.Add(1)
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, 0, &netError{err}
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10)) // reuse the connection
		return nil, parseRetryAfter(resp.Header.Get("Retry-After"), time.Now()), &StatusError{URL: u, Code: resp.StatusCode}
	}
	body, err = io.ReadAll(io.LimitReader(resp.Body, max+1))
	if err != nil {
		return nil, 0, &netError{fmt.Errorf("GET %s: reading the answer: %w", u, err)}
	}
	if int64(len(body)) > max {
		return nil, 0, fmt.Errorf("GET %s: larger than %d MiB", u, max>>20)
	}
	return body, 0, nil
}

// netError is a request that failed before an answer came, or while it
// was read: worth retrying.
type netError struct{ err error }

func (e *netError) Error() string { return e.err.Error() }
func (e *netError) Unwrap() error { return e.err }

func retryable(err error) bool {
	var ne *netError
	if errors.As(err, &ne) {
		return true
	}
	var se *StatusError
	return errors.As(err, &se) && (se.Code == http.StatusTooManyRequests || se.Code >= 500)
}

// parseRetryAfter reads a Retry-After header: seconds, or an HTTP date
// (relative to now); 0 when absent or unreadable.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(v); err == nil {
		if n < 0 {
			return 0
		}
		return time.Duration(min(n, 1<<20)) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

func newClient(userAgent string, limiter *rate.Limiter, retry Retry, hc *http.Client) *client {
	if limiter == nil {
		limiter = rate.NewLimiter(MaxRate, 1)
	}
	if retry.Attempts <= 0 {
		retry = DefaultRetry
	}
	if hc == nil {
		hc = &http.Client{Timeout: 2 * time.Minute}
	}
	return &client{http: hc, userAgent: userAgent, limiter: limiter, retry: retry, sleep: sleepCtx, jitter: rand.Float64}
}
