package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/dsl"
)

// search is the handler of POST /api/v1alpha/search.
func (s *Server) search(c echo.Context) error {
	sc := scopeOf(c)
	r := c.Request()
	if err := checkContentType(r.Header.Get(echo.HeaderContentType)); err != nil {
		return err
	}
	body := s.buffer()
	defer s.release(body)
	if err := readBody(body, c.Response(), r, s.opts.MaxBodyBytes); err != nil {
		return err
	}
	parsed, err := s.opts.Parser.Parse(body.Bytes())
	if err != nil {
		return err
	}
	sc.Form = parsed.Form.String()

	start := time.Now()
	// The server's bound on the work, below its write timeout (server.go):
	// the embedded engine answers timed_out at it, other backends fail.
	ctx, cancel := context.WithTimeout(r.Context(), s.searchBudget)
	defer cancel()
	resp, err := s.opts.Backend.Search(ctx, &backend.Request{Indexes: s.indexes, Search: parsed.Search, MaxResponseBytes: s.opts.MaxResponseBytes})
	sc.Backend = time.Since(start)
	s.metrics.backendLatency.Observe(sc.Backend.Seconds())
	if err != nil {
		return s.backendError(sc, r, err, "search")
	}

	renderStart := time.Now()
	// An answer the time left cannot carry is cut (delivery.go).
	limit := answerLimit(sc.Start, parsed.Search.Timeout, renderStart, s.delivery.rate())
	ans, cut, err := writeEnvelope(parsed, resp, renderStart.Sub(sc.Start), limit)
	if err != nil {
		return apierr.Internal(sc.RequestID, err)
	}
	sc.Cut = cut
	parts := ans.slices()
	if wantsPretty(c) {
		b := indent(ans.Bytes())
		parts = [][]byte{b}
		ans.size = int64(len(b))
	}
	sc.Render = time.Since(renderStart)
	if max := s.opts.MaxResponseBytes; max > 0 && ans.size > max {
		return apierr.ResponseTooLarge(max)
	}
	err = s.deliver(c, echo.MIMEApplicationJSON, parts...)
	if err == nil && sc.Undelivered == nil {
		s.delivery.observe(ans.size, time.Since(renderStart))
	}
	return err
}

// backendError is the API error for a backend call's failure: the
// backend's own API errors as they are, a client that went away as 499
// (nobody reads the answer; the log and metrics record it with nginx's
// "client closed request" status), the server's bound on the work
// (searchBudget) passed as 504, anything else a 500 whose cause is logged.
// what names the work in the 504's reason ("search").
func (s *Server) backendError(sc *Scope, r *http.Request, err error, what string) error {
	if _, ok := apierr.As(err); ok {
		return err
	}
	if ctxErr := r.Context().Err(); ctxErr != nil && errors.Is(err, ctxErr) {
		return apierr.New(statusUndelivered, "client_closed_request", "the client closed the request")
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return &apierr.Error{Status: http.StatusGatewayTimeout, Type: apierr.TypeTimeout,
			Reason: fmt.Sprintf("the %s did not finish within the server's bound of %s", what, s.searchBudget), Cause: err}
	}
	return apierr.Internal(sc.RequestID, err)
}

// buffer takes a buffer from the server's pool; release returns it. Large
// buffers are dropped rather than pooled so one huge response does not pin
// memory.
func (s *Server) buffer() *bytes.Buffer { return s.bufs.Get().(*bytes.Buffer) }

func (s *Server) release(b *bytes.Buffer) {
	if b.Cap() > 4<<20 {
		return
	}
	b.Reset()
	s.bufs.Put(b)
}

// checkContentType accepts JSON bodies, a missing header, and
// application/x-www-form-urlencoded, the type `curl -d` sends when no header
// is given: the body of such a request is the JSON the user typed, and
// refusing it (as OpenSearch does) fails the most common first request for
// no gain; a body that really is form-encoded fails JSON decoding with a
// located 400. Types that declare another format (text/plain, XML,
// multipart) are refused with OpenSearch's 406.
func checkContentType(ct string) error {
	if ct == "" {
		return nil
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err == nil {
		switch mt {
		case "application/json", "application/x-ndjson", "application/x-www-form-urlencoded":
			return nil
		}
	}
	return apierr.New(http.StatusNotAcceptable, "content_type_exception",
		"Content-Type header [%s] is not supported; send application/json", ct)
}

// readBody reads at most max bytes of the request body into buf. An
// oversized body is answered with 413, and it is first read to its end
// when that is at most drainLimit(max) bytes: many clients send the whole
// body before they read the answer, and a server that closes the
// connection on unread data makes the kernel reset it, so such a client
// sees a broken pipe instead of the 413. A longer body is not read; the
// connection is closed after the answer.
func readBody(buf *bytes.Buffer, w http.ResponseWriter, r *http.Request, max int64) error {
	if r.ContentLength > max {
		drainBody(w, r.Body, r.ContentLength, drainLimit(max))
		return apierr.New(http.StatusRequestEntityTooLarge, apierr.TypeContentTooLong,
			"request body is %d bytes; at most %d are allowed", r.ContentLength, max)
	}
	n, err := buf.ReadFrom(io.LimitReader(r.Body, max+1))
	if err != nil {
		return apierr.New(http.StatusBadRequest, apierr.TypeParsing, "could not read the request body")
	}
	if n > max {
		drainBody(w, r.Body, -1, drainLimit(max)-n)
		return apierr.New(http.StatusRequestEntityTooLarge, apierr.TypeContentTooLong,
			"request body is larger than %d bytes", max)
	}
	return nil
}

// minDrain is the least readBody reads of an oversized body to answer it
// cleanly: a few MiB cost little bandwidth and cover the bodies a
// mistaken client sends; abusive ones are cut off.
const minDrain = 8 << 20

// drainLimit is how many bytes of a body readBody reads at most when the
// body is over maxBody: minDrain, or twice maxBody if that is more.
func drainLimit(maxBody int64) int64 { return max(minDrain, 2*maxBody) }

// drainBody reads and drops the rest of body, of size bytes (-1 when not
// known), if that is at most limit bytes; otherwise, or if the body does
// not end within limit, it asks for the connection to be closed after
// the answer, as nothing else may be read from it.
func drainBody(w http.ResponseWriter, body io.Reader, size, limit int64) {
	if size > limit || limit <= 0 {
		w.Header().Set(echo.HeaderConnection, "close")
		return
	}
	if _, err := io.CopyN(io.Discard, body, limit+1); !errors.Is(err, io.EOF) {
		w.Header().Set(echo.HeaderConnection, "close")
	}
}

// envelope is the search response of the spec. Members appear in
// OpenSearch's order; queryTokens and size only in simplified-query
// responses.
type envelope struct {
	Took         int64           `json:"took"`
	TimedOut     bool            `json:"timed_out"`
	Shards       backend.Shards  `json:"_shards"`
	Hits         backend.Hits    `json:"hits"`
	Aggregations json.RawMessage `json:"aggregations,omitempty"`
	Suggest      json.RawMessage `json:"suggest,omitempty"`
	Profile      json.RawMessage `json:"profile,omitempty"`
	QueryTokens  *[]string       `json:"queryTokens,omitempty"`
	Size         *int            `json:"size,omitempty"`
}

// writeEnvelope renders the response for the request's form, its hits cut
// at limit bytes when that is positive (renderEnvelope).
func writeEnvelope(p *dsl.Parsed, resp *backend.Response, elapsed time.Duration, limit int64) (*answer, bool, error) {
	env := envelope{
		Took:     max(resp.Took, elapsed.Milliseconds()),
		TimedOut: resp.TimedOut,
		Shards:   resp.Shards,
		Hits:     resp.Hits,
		Suggest:  resp.Suggest,
		Profile:  resp.Profile,
	}
	if env.Hits.Hits == nil {
		env.Hits.Hits = []backend.Hit{}
	}
	if p.Form == dsl.FormA {
		tokens := []string{}
		env.QueryTokens = &tokens
		env.Size = &p.PageSize
		if env.Suggest == nil {
			env.Suggest = json.RawMessage(`{"suggestions":[]}`)
		}
	} else {
		// The spec's hit table: _type is present in structured-query
		// responses. Hits are copied so the backend's value stays intact.
		hits := make([]backend.Hit, len(env.Hits.Hits))
		copy(hits, env.Hits.Hits)
		for i := range hits {
			hits[i].Type = "_doc"
		}
		env.Hits.Hits = hits
	}
	if len(resp.Aggregations) > 0 {
		aggs, err := marshalAggregations(resp.Aggregations)
		if err != nil {
			return nil, false, err
		}
		env.Aggregations = aggs
	}
	// Highlights carry <b> tags that must arrive as written (no HTML
	// escaping); envelope.go says why it is not encoding/json.
	return renderEnvelope(&env, limit)
}

// marshalAggregations renders aggregations as an object in request order.
func marshalAggregations(aggs []backend.NamedAggregation) (json.RawMessage, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, a := range aggs {
		if i > 0 {
			b.WriteByte(',')
		}
		name, err := json.Marshal(a.Name)
		if err != nil {
			return nil, err
		}
		b.Write(name)
		b.WriteByte(':')
		if a.Buckets == nil {
			a.Buckets = []backend.Bucket{}
		}
		body, err := json.Marshal(a.TermsAggregation)
		if err != nil {
			return nil, err
		}
		b.Write(body)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// wantsPretty reports whether the request asked for indented output: the
// pretty flag without a value (the spec's form) or with any value but
// "false", as OpenSearch reads it.
func wantsPretty(c echo.Context) bool {
	v, ok := c.QueryParams()["pretty"]
	return ok && (len(v) == 0 || v[0] != "false")
}

// indent pretty-prints a JSON body for ?pretty.
func indent(b []byte) []byte {
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return b
	}
	out.WriteByte('\n')
	return out.Bytes()
}
