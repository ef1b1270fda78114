package api

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/contractsearch/contractsearch/internal/apierr"
)

// Scope is the request-scoped state every layer of a request reads and
// fills: one struct, created by the first middleware.
type Scope struct {
	RequestID string
	// TokenID identifies the caller without revealing the token.
	TokenID string
	// Form is "A" or "B" once the body is decoded, "" before.
	Form string
	// Format is "json" or "html" once a document request has chosen
	// its answer's format, "" before.
	Format  string
	Start   time.Time
	Backend time.Duration
	// Render is the time spent rendering a search's answer after the
	// backend answered, for the access log.
	Render time.Duration
	// Cut says the answer's hits were cut to what the time left could
	// carry (delivery.go).
	Cut bool
	// Err is the error the request ended with, for the access log.
	Err error
	// Undelivered is the error that kept a rendered answer from the
	// client (a write past the connection's deadline, a closed
	// connection): the request is logged with status 499, not as
	// answered.
	Undelivered error
}

const scopeKey = "scope"

func scopeOf(c echo.Context) *Scope {
	if s, ok := c.Get(scopeKey).(*Scope); ok {
		return s
	}
	return &Scope{}
}

// requestID returns the caller's X-Request-Id when it is short and plain,
// else a fresh random id.
func requestID(r *http.Request) string {
	if id := r.Header.Get(echo.HeaderXRequestID); id != "" && len(id) <= 64 {
		ok := true
		for _, c := range []byte(id) {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
				ok = false
				break
			}
		}
		if ok {
			return id
		}
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// scope creates the request's Scope and sets the request id header.
func (s *Server) scope(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		sc := &Scope{RequestID: requestID(c.Request()), Start: time.Now()}
		c.Set(scopeKey, sc)
		c.Response().Header().Set(echo.HeaderXRequestID, sc.RequestID)
		return next(c)
	}
}

// recover turns a panic into a logged 500; bad input must never cause one,
// so this is the last line of defence, not a control path.
func (s *Server) recover(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = apierr.Internal(scopeOf(c).RequestID, fmt.Errorf("panic: %v", r))
			}
		}()
		return next(c)
	}
}

// accessLog writes one JSON line per request and records the metrics. The
// path is logged without its query string, which holds the token, and
// clipped, as are the method and the error. Refusals a client can repeat
// at no cost to itself (sampledStatus) are counted, and logged only the
// first of each status per client address per refusalLogInterval; the
// number left out is logged when the interval ends.
func (s *Server) accessLog(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		err := next(c)
		if err != nil {
			c.Error(err) // renders the error so the status below is final
		}
		sc := scopeOf(c)
		if err != nil {
			sc.Err = err
		}
		status := c.Response().Status
		if sc.Undelivered != nil {
			status = statusUndelivered
			if sc.Err == nil {
				sc.Err = fmt.Errorf("writing the answer: %w", sc.Undelivered)
			}
		}
		elapsed := time.Since(sc.Start)
		switch c.Path() {
		case SearchPath:
			s.metrics.observeSearch(orNone(sc.Form), status, elapsed)
		case DocumentPath:
			s.metrics.observeDocument(orNone(sc.Format), status, elapsed)
		}
		ctx := c.Request().Context()
		client := c.RealIP()
		if sampledStatus(status) {
			s.metrics.observeRefusal(status)
			logged, ended := s.sampler.admit(status, addressKey(client), sc.Start)
			if ended != nil {
				byStatus := make(map[string]int, len(ended))
				for st, n := range ended {
					byStatus[strconv.Itoa(st)] = n
				}
				s.log.LogAttrs(ctx, slog.LevelWarn, "refused requests not logged",
					slog.String("interval", refusalLogInterval.String()), slog.Any("by_status", byStatus))
			}
			if !logged {
				return nil
			}
		}
		attrs := []slog.Attr{
			slog.String("request_id", sc.RequestID),
			slog.String("method", clip(c.Request().Method, maxLoggedMethod)),
			slog.String("path", clip(c.Request().URL.Path, maxLoggedPath)),
			slog.Int("status", status),
			slog.Float64("duration_ms", float64(elapsed.Microseconds())/1000),
			slog.Int64("bytes_out", c.Response().Size),
			slog.String("client", client),
		}
		if sc.TokenID != "" {
			attrs = append(attrs, slog.String("token_id", sc.TokenID))
		}
		if sc.Form != "" {
			attrs = append(attrs, slog.String("form", sc.Form))
		}
		if sc.Format != "" {
			attrs = append(attrs, slog.String("format", sc.Format))
		}
		if sc.Backend > 0 {
			attrs = append(attrs, slog.Float64("backend_ms", float64(sc.Backend.Microseconds())/1000))
		}
		if sc.Render > 0 {
			attrs = append(attrs, slog.Float64("render_ms", float64(sc.Render.Microseconds())/1000))
		}
		if sc.Cut {
			attrs = append(attrs, slog.Bool("hits_cut", true))
		}
		level := slog.LevelInfo
		if sc.Err != nil {
			attrs = append(attrs, slog.String("error", clip(logError(sc.Err), maxLoggedError)))
			if status >= 500 {
				level = slog.LevelError
			}
		}
		s.log.LogAttrs(ctx, level, "request", attrs...)
		return nil
	}
}

// orNone labels a request that ended before its form or format was known.
func orNone(label string) string {
	if label == "" {
		return "none"
	}
	return label
}

// statusUndelivered is what the log and metrics record for an answer
// that did not reach the client: nginx's "client closed request", the
// status the gateway already uses for a client gone before the answer.
const statusUndelivered = 499

// deliver writes a rendered answer of type contentType with status 200,
// and records in the request's scope (for the log and metrics,
// middleware.go) an answer that did not reach the connection: the client
// gone before it (the request's context cancelled: nothing is written), a
// write that failed or passed the connection's deadline. The body, the
// concatenation of its parts, goes out with its Content-Length and is
// flushed here, not after the handler returns, so that a failure of its
// last bytes is seen too; what the log then counts as written is what the
// connection took. An answer of several parts up to maxJoinedAnswer
// bytes is first copied into one buffer (joinParts); larger ones are
// written part by part, not copied.
func (s *Server) deliver(c echo.Context, contentType string, body ...[]byte) error {
	sc := scopeOf(c)
	if err := c.Request().Context().Err(); err != nil {
		sc.Undelivered = fmt.Errorf("the client went away before the answer: %w", err)
		return nil
	}
	w := c.Response()
	w.Header().Set(echo.HeaderContentType, contentType)
	size := 0
	for _, b := range body {
		size += len(b)
	}
	w.Header().Set(echo.HeaderContentLength, strconv.Itoa(size))
	w.WriteHeader(http.StatusOK)
	if len(body) > 1 && size <= maxJoinedAnswer {
		joined := s.buffer()
		defer s.release(joined)
		body = [][]byte{joinParts(joined, body, size)}
	}
	var err error
	for _, b := range body {
		if _, err = w.Write(b); err != nil {
			break
		}
	}
	if err == nil {
		// The response's own Flush hides the error; the connection's
		// writer reports it.
		err = http.NewResponseController(w.Writer).Flush()
	}
	if err != nil {
		sc.Undelivered = err
	}
	return nil
}

// maxJoinedAnswer is the largest answer deliver copies into one buffer
// before writing it. net/http sends a body written in one call in two
// system calls whatever its size (its 4 KiB connection buffer with the
// header and the body's start, then the rest straight from the slice),
// while parts pass through its buffers and leave 4 KiB a call: an 8–20 KB
// page of ten hits took 3–6 writes, each one a loopback transmission that
// wakes the client. Copying 256 KiB costs a few tens of microseconds; past
// that the answers are the large ones the parts exist for
// (docs/decisions.md, "Rendered as parts, not copied").
const maxJoinedAnswer = 256 << 10

// joinParts copies parts, of size bytes in all, into buf and returns its
// bytes.
func joinParts(buf *bytes.Buffer, parts [][]byte, size int) []byte {
	buf.Grow(size)
	for _, p := range parts {
		buf.Write(p)
	}
	return buf.Bytes()
}

// logError renders an error for the log: API errors with their cause.
func logError(err error) string {
	if e, ok := apierr.As(err); ok {
		if e.Cause != nil {
			return e.Type + ": " + e.Reason + ": " + e.Cause.Error()
		}
		return e.Type + ": " + e.Reason
	}
	return err.Error()
}

// handleError renders any error as an OpenSearch-shaped body. It is echo's
// error handler, so routing errors (404, 405) arrive here too.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	e := s.toAPIError(err, c)
	for k, v := range e.Header() {
		c.Response().Header()[k] = v
	}
	body := e.Body()
	if wantsPretty(c) {
		body = indent(body)
	}
	_ = c.JSONBlob(e.Status, body)
}

func (s *Server) toAPIError(err error, c echo.Context) *apierr.Error {
	if e, ok := apierr.As(err); ok {
		return e
	}
	if he, ok := err.(*echo.HTTPError); ok {
		r := c.Request()
		switch he.Code {
		case http.StatusNotFound:
			return apierr.New(http.StatusNotFound, apierr.TypeNoHandler, "no handler found for uri [%s] and method [%s]", r.URL.Path, r.Method)
		case http.StatusMethodNotAllowed:
			return apierr.New(http.StatusMethodNotAllowed, apierr.TypeMethod, "Incorrect HTTP method for uri [%s] and method [%s], allowed: [%s]", r.URL.Path, r.Method, c.Response().Header().Get(echo.HeaderAllow))
		}
		return apierr.New(he.Code, apierr.TypeIllegalArgument, "%s", http.StatusText(he.Code))
	}
	return apierr.Internal(scopeOf(c).RequestID, err)
}

// authenticate checks the token query parameter. A client address that
// has used up its failed authentications gets 429 before its token is
// looked at, so the limit holds guessing back whether the guesses are
// right or wrong.
func (s *Server) authenticate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		now := time.Now()
		addr := addressKey(c.RealIP())
		if wait := s.authFailures.blocked(addr, now); wait > 0 {
			return tooManyRequests(wait, "too many failed authentication attempts from this address (at most %d per %s)",
				s.opts.AuthFailures, s.opts.AuthFailureInterval)
		}
		id, err := s.auth.check(c.QueryParam("token"))
		if err != nil {
			s.authFailures.allow(addr, now)
			return err
		}
		scopeOf(c).TokenID = id
		return next(c)
	}
}

// rateLimit applies the caller's token bucket.
func (s *Server) rateLimit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if wait := s.limiter.allow(scopeOf(c).TokenID, time.Now()); wait > 0 {
			return tooManyRequests(wait, "rate limit of %s requests per second exceeded for this token",
				strconv.FormatFloat(s.opts.RateLimit, 'g', -1, 64))
		}
		return next(c)
	}
}

// tooManyRequests is the 429 of both limits: the reason, then when to
// retry, in whole seconds rounded up, also in Retry-After.
func tooManyRequests(wait time.Duration, format string, args ...any) error {
	secs := int((wait + time.Second - 1) / time.Second)
	e := apierr.New(http.StatusTooManyRequests, apierr.TypeTooManyRequests,
		"%s; retry after %d s", fmt.Sprintf(format, args...), secs)
	e.RetryAfter = secs
	return e
}
