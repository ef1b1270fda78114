// Package apierr owns the API's one error type and its rendering in
// OpenSearch's error shape, so that every failure — a bad body, a wrong token,
// a rate limit, a backend that is down — reaches the client as
//
//	{"error":{"root_cause":[{"type":…,"reason":…}],"type":…,"reason":…},"status":N}
//
// and never as a Go error string or a stack trace.
package apierr

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
)

// Error types used by the gateway itself. Errors passed through from an
// OpenSearch cluster keep the cluster's own types.
const (
	TypeParsing         = "parsing_exception"
	TypeXContentParse   = "x_content_parse_exception"
	TypeIllegalArgument = "illegal_argument_exception"
	TypeSecurity        = "security_exception"
	TypeTooManyRequests = "too_many_requests_exception"
	TypeUnavailable     = "backend_unavailable"
	TypeContentTooLong  = "content_too_long_exception"
	TypeNoHandler       = "no_handler_found_exception"
	TypeMethod          = "method_not_allowed_exception"
	TypeInternal        = "internal_server_error"
	TypeTimeout         = "timeout_exception"
	// TypeNotFound answers a request for a record that does not exist.
	TypeNotFound = "resource_not_found_exception"
)

// Error is an API error: an HTTP status and an OpenSearch-shaped body.
type Error struct {
	// Status is the HTTP status code.
	Status int
	// Type and Reason fill the body's error.type and error.reason.
	Type   string
	Reason string
	// Line and Col locate the error in the request body (1-based); zero when
	// the error is not about a position in the body.
	Line, Col int
	// RetryAfter, in seconds, is sent as the Retry-After header when positive.
	RetryAfter int
	// Raw, when set, is a complete error body received from an OpenSearch
	// cluster; it is sent unchanged with Status.
	Raw json.RawMessage
	// Cause is logged but never rendered.
	Cause error
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%d %s: %s: %v", e.Status, e.Type, e.Reason, e.Cause)
	}
	return fmt.Sprintf("%d %s: %s", e.Status, e.Type, e.Reason)
}

// Unwrap returns the logged cause.
func (e *Error) Unwrap() error { return e.Cause }

// New returns an error with the given status, type and formatted reason.
func New(status int, typ, format string, args ...any) *Error {
	return &Error{Status: status, Type: typ, Reason: fmt.Sprintf(format, args...)}
}

// At returns a 400 error of the given type located at line and col of the
// request body.
func At(typ string, line, col int, format string, args ...any) *Error {
	return &Error{Status: http.StatusBadRequest, Type: typ, Reason: fmt.Sprintf(format, args...), Line: line, Col: col}
}

// BadRequest returns a 400 illegal_argument_exception.
func BadRequest(format string, args ...any) *Error {
	return New(http.StatusBadRequest, TypeIllegalArgument, format, args...)
}

// Unavailable returns the 503 answered when the backend cannot be reached.
func Unavailable(cause error) *Error {
	return &Error{Status: http.StatusServiceUnavailable, Type: TypeUnavailable,
		Reason: "the search backend is unavailable; retry later", Cause: cause}
}

// ResponseTooLarge returns the 400 answered when a search's response would
// be larger than limit bytes (MAX_RESPONSE_BYTES): the request asked for
// too much, as a too large result window is the client's to change.
func ResponseTooLarge(limit int64) *Error {
	return BadRequest("the response is larger than MAX_RESPONSE_BYTES (%d bytes); ask for less: a smaller size, "+
		"_source includes, fewer or shorter highlight fragments, smaller inner_hits, fewer aggregations", limit)
}

// Internal returns a 500 whose body names only the request id; the cause is
// logged.
func Internal(requestID string, cause error) *Error {
	return &Error{Status: http.StatusInternalServerError, Type: TypeInternal,
		Reason: "internal error; request id " + requestID, Cause: cause}
}

// As returns err as an *Error when it is one (wrapped or not).
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

type cause struct {
	Type   string `json:"type"`
	Reason string `json:"reason"`
	Line   int    `json:"line,omitempty"`
	Col    int    `json:"col,omitempty"`
}

type body struct {
	Error struct {
		RootCause []cause `json:"root_cause"`
		cause
	} `json:"error"`
	Status int `json:"status"`
}

// Body renders the OpenSearch-shaped JSON body.
func (e *Error) Body() []byte {
	if len(e.Raw) > 0 {
		return e.Raw
	}
	var b body
	c := cause{Type: e.Type, Reason: e.Reason, Line: e.Line, Col: e.Col}
	b.Error.RootCause = []cause{c}
	b.Error.cause = c
	b.Status = e.Status
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	// Reasons quote user input such as "a>b"; keep it readable.
	enc.SetEscapeHTML(false)
	if err := enc.Encode(b); err != nil {
		// Only strings and ints are encoded; this cannot fail.
		return []byte(`{"error":{"type":"internal_server_error"},"status":500}`)
	}
	return bytes.TrimSuffix(out.Bytes(), []byte{'\n'})
}

// Header returns the extra response headers of the error.
func (e *Error) Header() http.Header {
	if e.RetryAfter <= 0 {
		return nil
	}
	return http.Header{"Retry-After": []string{strconv.Itoa(e.RetryAfter)}}
}
