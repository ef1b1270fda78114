package opensearch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"syscall"

	"github.com/opensearch-project/opensearch-go/v4"
	"github.com/opensearch-project/opensearch-go/v4/opensearchtransport"

	"github.com/contractsearch/contractsearch/internal/apierr"
)

// reply is one complete answer of the cluster, whatever its status.
type reply struct {
	status int
	header http.Header
	body   []byte
}

// call sends one request and reads the whole answer. build is called once
// per attempt, because a request body is a reader the first attempt uses up.
//
// A connection that fails before any answer (refused, reset, DNS failure,
// EOF, a dial that timed out) is tried once more: that covers a keep-alive
// connection the node had just closed and a node of a multi-node list that
// went away, without multiplying load on a cluster that answers. Every
// other transport failure is not retried. Both become apierr.Unavailable
// (503). When ctx ends first, the error wraps ctx.Err() and, if set, the
// context's cause, and is not an *apierr.Error; callers decide what a
// deadline means for them.
//
// Any answer the cluster gave, including 4xx and 5xx, is returned as a
// reply with a nil error.
func (b *Backend) call(ctx context.Context, op, method string, build func() opensearch.Request) (*reply, error) {
	var err error
	for attempt := 1; attempt <= 2; attempt++ {
		var httpReq *http.Request
		httpReq, err = build().GetRequest(method)
		if err != nil {
			return nil, fmt.Errorf("opensearch: %s: build request: %w", op, err)
		}
		var resp *http.Response
		resp, err = b.client.Client.Stream(httpReq.WithContext(ctx))
		if err == nil {
			body, rerr := io.ReadAll(resp.Body)
			resp.Body.Close()
			if rerr == nil {
				return &reply{status: resp.StatusCode, header: resp.Header, body: body}, nil
			}
			// The answer had begun; repeating the request could repeat
			// its effect, so a broken body is not retried.
			if ctx.Err() != nil {
				return nil, contextError(ctx, op, rerr)
			}
			return nil, apierr.Unavailable(fmt.Errorf("opensearch: %s: read response: %w", op, rerr))
		}
		if resp != nil && resp.Body != nil {
			resp.Body.Close()
		}
		if ctx.Err() != nil {
			return nil, contextError(ctx, op, err)
		}
		if !isConnError(err) {
			break
		}
	}
	return nil, apierr.Unavailable(fmt.Errorf("opensearch: %s: %w", op, err))
}

// contextError reports that ctx ended during op.
func contextError(ctx context.Context, op string, err error) error {
	if cause := context.Cause(ctx); cause != nil && cause != ctx.Err() {
		return fmt.Errorf("opensearch: %s: %w: %w", op, ctx.Err(), cause)
	}
	return fmt.Errorf("opensearch: %s: %w (%v)", op, ctx.Err(), err)
}

// isConnError reports whether err means no connection carried the request
// to an answer: nothing the cluster decided, so trying again is safe.
func isConnError(err error) bool {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.ECONNABORTED) || errors.Is(err, syscall.EPIPE) ||
		errors.Is(err, syscall.EHOSTUNREACH) || errors.Is(err, syscall.ENETUNREACH) ||
		errors.Is(err, opensearchtransport.ErrNoConnections) {
		return true
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		return true
	}
	var opErr *net.OpError
	return errors.As(err, &opErr) && (opErr.Op == "dial" || !opErr.Timeout())
}

// statusError turns a cluster answer with status >= 400 into the API error
// passed to the client: the status and the body, verbatim. Type and Reason
// are filled from the body for logs only (Body renders Raw). A body that is
// not JSON — a proxy's HTML page, an empty 502 — is not sent as if it were
// OpenSearch's; the client gets a generated error with the same status.
func statusError(r *reply) *apierr.Error {
	e := &apierr.Error{Status: r.status}
	if s, err := strconv.Atoi(r.header.Get("Retry-After")); err == nil && s > 0 {
		e.RetryAfter = s
	}
	if len(r.body) > 0 && json.Valid(r.body) {
		e.Raw = json.RawMessage(r.body)
		e.Type, e.Reason = errorSummary(r.body)
		return e
	}
	e.Type = apierr.TypeIllegalArgument
	if r.status >= 500 {
		e.Type = apierr.TypeUnavailable
	}
	e.Reason = fmt.Sprintf("the search backend answered HTTP %d", r.status)
	snippet := r.body
	if len(snippet) > 200 {
		snippet = snippet[:200]
	}
	e.Cause = fmt.Errorf("opensearch: HTTP %d with a non-JSON body: %q", r.status, snippet)
	return e
}

// errorSummary extracts error.type and error.reason from an OpenSearch
// error body, which is {"error":{"type","reason",…},"status"} or, for some
// APIs, {"error":"text","status"}.
func errorSummary(body []byte) (typ, reason string) {
	var env struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(body, &env) != nil || len(env.Error) == 0 {
		return "", ""
	}
	var s string
	if json.Unmarshal(env.Error, &s) == nil {
		return "", s
	}
	var obj struct {
		Type   string `json:"type"`
		Reason string `json:"reason"`
	}
	if json.Unmarshal(env.Error, &obj) == nil {
		return obj.Type, obj.Reason
	}
	return "", ""
}

// failure wraps an unsuccessful answer to an administrative request.
func failure(op string, r *reply) error {
	return fmt.Errorf("opensearch: %s: %w", op, statusError(r))
}
