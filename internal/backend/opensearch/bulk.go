package opensearch

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/opensearch-project/opensearch-go/v4"
	"github.com/opensearch-project/opensearch-go/v4/opensearchapi"

	"github.com/contractsearch/contractsearch/mappings"
)

// maxLineBytes bounds one NDJSON line. OpenSearch refuses requests above
// http.max_content_length (100mb by default), so a longer document could
// never be loaded; it is reported as a bad line instead of being buffered.
const maxLineBytes = 100 << 20

// Stats counts what LoadBulk did.
type Stats struct {
	// Lines is the number of input lines read, blank ones included.
	Lines int
	// Docs counts, per logical index, the documents the cluster accepted.
	Docs map[string]int
	// BadLines counts lines rejected before sending: malformed JSON, an
	// unsupported action, an unknown or missing _index, a missing source.
	BadLines int
	// Failed counts documents the cluster rejected (bulk items with an
	// error, e.g. a mapping conflict).
	Failed int
	// Batches is the number of _bulk requests sent, and Bytes their total
	// body size.
	Batches int
	Bytes   int64
}

// TotalDocs is the number of documents accepted across all indexes.
func (s Stats) TotalDocs() int {
	n := 0
	for _, c := range s.Docs {
		n += c
	}
	return n
}

// LoadBulk loads OpenSearch bulk NDJSON into the indexes of version.
//
// The input is pairs of lines: an action, {"index":{"_index":"contract",
// "_id":"en/123"}} (or "create"), then the document source. _index names a
// logical index and is rewritten to the concrete name at version; the other
// action members are kept. Lines are checked before sending, because one
// malformed line in a _bulk body fails the whole request: a bad pair is
// reported through onError with its 1-based line number and skipped. The
// pairs are sent in batches of about Config.BulkBatchBytes; items the
// cluster rejects are reported with the line number of their action.
// onError may be nil. At the end the indexes are refreshed, so what was
// loaded is searchable once the aliases point at it.
//
// The error is non-nil when the load as a whole failed: the input could
// not be read, a _bulk request failed or was refused (status >= 300), or
// ctx ended. Rejected lines and items are not errors; the caller weighs
// them with the returned Stats.
//
// A batch whose connection fails before any answer is sent once more (see
// Backend.call). Actions carry _id, so a repeat overwrites rather than
// duplicates; a "create" without _id could be duplicated.
func (b *Backend) LoadBulk(ctx context.Context, r io.Reader, version string, onError func(line int, reason string)) (Stats, error) {
	st := Stats{Docs: make(map[string]int)}
	if err := ValidVersion(version); err != nil {
		return st, fmt.Errorf("opensearch: load bulk: %w", err)
	}
	l := &bulkLoader{b: b, version: version, st: &st, onError: onError}
	if err := l.run(ctx, r); err != nil {
		return st, err
	}
	if err := b.refresh(ctx, version); err != nil {
		return st, err
	}
	return st, nil
}

// bulkLoader is the state of one LoadBulk call.
type bulkLoader struct {
	b       *Backend
	version string
	st      *Stats
	onError func(line int, reason string)

	buf   bytes.Buffer // the batch body
	lines []int        // action line number of each item in buf
}

func (l *bulkLoader) bad(line int, format string, args ...any) {
	l.st.BadLines++
	if l.onError != nil {
		l.onError(line, fmt.Sprintf(format, args...))
	}
}

// run reads pairs and sends full batches, then the rest.
func (l *bulkLoader) run(ctx context.Context, r io.Reader) error {
	lr := &lineReader{r: bufio.NewReaderSize(r, 1<<20), max: l.b.maxLine}
	var (
		action     []byte // rewritten action awaiting its source
		actionLine int
		skipSource bool // the next line is the source of a rejected action
	)
	for {
		line, tooLong, err := lr.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("opensearch: load bulk: read line %d: %w", lr.n+1, err)
		}
		l.st.Lines++
		n := lr.n
		if n%1024 == 0 && ctx.Err() != nil {
			// Batches notice ctx when sent; this covers long runs of lines
			// that send nothing.
			return fmt.Errorf("opensearch: load bulk: line %d: %w", n, ctx.Err())
		}
		if tooLong {
			l.bad(n, "line longer than %d bytes", l.b.maxLine)
			if action != nil {
				action = nil // it was this action's source
			} else {
				skipSource = false
			}
			continue
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		switch {
		case skipSource:
			// The action line was reported; its source goes with it.
			skipSource = false
		case action != nil:
			if !isJSONObject(line) {
				l.bad(n, "source of the action on line %d is not a JSON object", actionLine)
				action = nil
				continue
			}
			l.add(action, line, actionLine)
			action = nil
			if l.buf.Len() >= l.b.batchBytes {
				if err := l.flush(ctx); err != nil {
					return err
				}
			}
		default:
			rewritten, hasSource, reason := l.rewriteAction(line)
			if reason != "" {
				l.bad(n, "%s", reason)
				skipSource = hasSource
				continue
			}
			action, actionLine = rewritten, n
		}
	}
	if action != nil {
		l.bad(actionLine, "action has no source line")
	}
	if l.buf.Len() > 0 {
		return l.flush(ctx)
	}
	return nil
}

// rewriteAction parses an action line and rewrites its _index. When the
// line is rejected, reason says why and hasSource whether a source line
// belongs to it (so it is skipped too): true for an index or create action
// whose metadata is wrong, false for a line that is no action at all, so
// a stray source line does not also swallow the next action.
func (l *bulkLoader) rewriteAction(line []byte) (out []byte, hasSource bool, reason string) {
	var act map[string]json.RawMessage
	if err := json.Unmarshal(line, &act); err != nil {
		return nil, false, "not a JSON object: " + jsonErrorText(err)
	}
	if len(act) != 1 {
		return nil, false, fmt.Sprintf("an action line has exactly one member (index or create), found %d", len(act))
	}
	var op string
	var rawMeta json.RawMessage
	for k, v := range act {
		op, rawMeta = k, v
	}
	switch op {
	case "index", "create":
	case "update":
		return nil, true, `action "update" is not supported: a version's indexes start empty; use "index"`
	case "delete":
		return nil, false, `action "delete" is not supported: a version's indexes start empty`
	default:
		return nil, false, fmt.Sprintf("unknown action %q (want index or create)", op)
	}
	var meta map[string]json.RawMessage
	if err := json.Unmarshal(rawMeta, &meta); err != nil || meta == nil {
		return nil, true, fmt.Sprintf("%q action: metadata is not a JSON object", op)
	}
	rawIndex, ok := meta["_index"]
	if !ok {
		return nil, true, fmt.Sprintf("%q action: _index is missing", op)
	}
	var logical string
	if err := json.Unmarshal(rawIndex, &logical); err != nil {
		return nil, true, fmt.Sprintf("%q action: _index is not a string", op)
	}
	if !mappings.IsIndex(logical) {
		return nil, true, fmt.Sprintf("%q action: unknown index %q (want one of %s)", op, logical, strings.Join(mappings.Names(), ", "))
	}
	meta["_index"], _ = json.Marshal(l.b.ConcreteName(logical, l.version))
	// Map keys marshal sorted, so the forwarded line is deterministic.
	out, err := json.Marshal(map[string]map[string]json.RawMessage{op: meta})
	if err != nil {
		return nil, true, fmt.Sprintf("%q action: %v", op, err)
	}
	return out, true, ""
}

func (l *bulkLoader) add(action, source []byte, line int) {
	l.buf.Write(action)
	l.buf.WriteByte('\n')
	l.buf.Write(source)
	l.buf.WriteByte('\n')
	l.lines = append(l.lines, line)
}

// bulkItem is the part of a bulk response item the loader reads.
type bulkItem struct {
	Index  string          `json:"_index"`
	Status int             `json:"status"`
	Error  json.RawMessage `json:"error"`
}

// flush sends the batch and accounts for its items.
func (l *bulkLoader) flush(ctx context.Context) error {
	body := l.buf.Bytes()
	l.st.Batches++
	l.st.Bytes += int64(len(body))
	op := fmt.Sprintf("bulk batch %d (lines %d-%d)", l.st.Batches, l.lines[0], l.lines[len(l.lines)-1]+1)
	r, err := l.b.call(ctx, op, http.MethodPost, func() opensearch.Request {
		return opensearchapi.BulkReq{
			Body:   bytes.NewReader(body),
			Header: http.Header{"Content-Type": []string{"application/x-ndjson"}},
			// Only what is counted; a full answer repeats every _id.
			Params: opensearchapi.BulkParams{FilterPath: []string{"errors", "items.*._index", "items.*.status", "items.*.error"}},
		}
	})
	if err != nil {
		return err
	}
	if r.status >= 300 {
		return failure(op, r)
	}
	var resp struct {
		Items []map[string]bulkItem `json:"items"`
	}
	if err := json.Unmarshal(r.body, &resp); err != nil {
		return fmt.Errorf("opensearch: %s: decode response: %w", op, err)
	}
	if len(resp.Items) != len(l.lines) {
		return fmt.Errorf("opensearch: %s: response has %d items for %d actions", op, len(resp.Items), len(l.lines))
	}
	for i, item := range resp.Items {
		var it bulkItem
		for _, v := range item {
			it = v
		}
		if it.Status >= 300 || len(nonNull(it.Error)) > 0 {
			l.st.Failed++
			if l.onError != nil {
				l.onError(l.lines[i], bulkErrorText(it))
			}
			continue
		}
		l.st.Docs[l.b.logicalName(it.Index)]++
	}
	l.buf.Reset()
	l.lines = l.lines[:0]
	return nil
}

// bulkErrorText renders an item error as "status type: reason (caused by
// type: reason)".
func bulkErrorText(it bulkItem) string {
	var e struct {
		Type     string `json:"type"`
		Reason   string `json:"reason"`
		CausedBy *struct {
			Type   string `json:"type"`
			Reason string `json:"reason"`
		} `json:"caused_by"`
	}
	if json.Unmarshal(it.Error, &e) != nil || e.Type == "" {
		return fmt.Sprintf("rejected by the cluster with status %d: %s", it.Status, it.Error)
	}
	s := fmt.Sprintf("rejected by the cluster with status %d: %s: %s", it.Status, e.Type, e.Reason)
	if e.CausedBy != nil && e.CausedBy.Type != "" {
		s += fmt.Sprintf(" (caused by %s: %s)", e.CausedBy.Type, e.CausedBy.Reason)
	}
	return s
}

// isJSONObject reports whether line is one valid JSON object.
func isJSONObject(line []byte) bool {
	return len(line) > 0 && line[0] == '{' && json.Valid(line)
}

func jsonErrorText(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%v at byte %d", se, se.Offset)
	}
	return err.Error()
}

// lineReader reads lines of any length up to max bytes, numbering them.
type lineReader struct {
	r   *bufio.Reader
	max int
	n   int // number of the line last returned
	buf []byte
}

// next returns the next line without its '\n' (valid until the next call),
// or io.EOF. A line over max bytes is consumed and reported with tooLong.
func (lr *lineReader) next() (line []byte, tooLong bool, err error) {
	lr.buf = lr.buf[:0]
	for {
		chunk, err := lr.r.ReadSlice('\n')
		if !tooLong {
			if len(lr.buf)+len(chunk) > lr.max+1 {
				tooLong = true
				lr.buf = lr.buf[:0]
			} else {
				lr.buf = append(lr.buf, chunk...)
			}
		}
		switch {
		case err == nil:
			lr.n++
			return bytes.TrimSuffix(lr.buf, []byte{'\n'}), tooLong, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			if len(lr.buf) == 0 && !tooLong {
				return nil, false, io.EOF
			}
			lr.n++
			return lr.buf, tooLong, nil
		default:
			return nil, false, err
		}
	}
}
