package opensearch

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/opensearch-project/opensearch-go/v4"
	"github.com/opensearch-project/opensearch-go/v4/opensearchapi"

	"github.com/contractsearch/contractsearch/internal/bulk"
)

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

// run reads pairs and sends full batches, then the rest. Reading and
// checking pairs is the bulk package's; this adds the concrete index names.
func (l *bulkLoader) run(ctx context.Context, r io.Reader) error {
	br := bulk.NewReader(r, l.b.maxLine, l.onError)
	defer func() { l.st.Lines, l.st.BadLines = br.Lines, br.BadLines }()
	for n := 0; ; n++ {
		it, err := br.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("opensearch: load bulk: %w", err)
		}
		if n%1024 == 0 && ctx.Err() != nil {
			// Batches notice ctx when sent; this covers long runs of
			// small items.
			return fmt.Errorf("opensearch: load bulk: line %d: %w", it.Line, ctx.Err())
		}
		it.Meta["_index"], _ = json.Marshal(l.b.ConcreteName(it.Index, l.version))
		// Map keys marshal sorted, so the forwarded line is deterministic.
		action, err := json.Marshal(map[string]map[string]json.RawMessage{it.Op: it.Meta})
		if err != nil {
			return fmt.Errorf("opensearch: load bulk: line %d: %w", it.Line, err)
		}
		l.add(action, it.Source, it.Line)
		if l.buf.Len() >= l.b.batchBytes {
			if err := l.flush(ctx); err != nil {
				return err
			}
		}
	}
	if l.buf.Len() > 0 {
		return l.flush(ctx)
	}
	return nil
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
