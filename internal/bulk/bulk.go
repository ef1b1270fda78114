// Package bulk owns the reading of OpenSearch bulk NDJSON, the one input
// format both backends load: pairs of an action line,
// {"index":{"_index":"contract","_id":"en/123"}} (or "create"), and the
// record's source line. It numbers lines, checks each pair before anyone
// uses it, reports a bad pair with its line number and reason, and skips it,
// so one malformed line never stops a load.
package bulk

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/contractsearch/contractsearch/mappings"
)

// DefaultMaxLine bounds one line. OpenSearch refuses requests above
// http.max_content_length (100mb by default), so a longer record could
// never be loaded; it is reported as a bad line instead of being buffered.
const DefaultMaxLine = 100 << 20

// Item is one accepted action and its source.
type Item struct {
	// Line is the 1-based line number of the action.
	Line int
	// Op is "index" or "create", or "delete" when the Reader's
	// AllowDelete is set.
	Op string
	// Index is the logical index named by _index.
	Index string
	// ID is the _id, or "" when the action has none.
	ID string
	// Meta holds every member of the action's metadata, _index and _id
	// included, for loaders that rewrite the action.
	Meta map[string]json.RawMessage
	// Source is the source line, a JSON object; valid until the next call
	// to Next. A delete has none.
	Source []byte
}

// Reader reads items from bulk NDJSON.
type Reader struct {
	lr    lineReader
	onBad func(line int, reason string)
	// Lines is the number of lines read so far, blank ones included.
	Lines int
	// BadLines is the number of lines reported as bad.
	BadLines int
	// AllowDelete makes Next return delete actions (which have no source
	// line) instead of reporting them as bad lines. A loader that starts
	// from empty indexes applies them to the records read before.
	AllowDelete bool

	pending    *Item // an accepted action awaiting its source
	skipSource bool  // the next line is the source of a rejected action
}

// NewReader reads r, with lines of at most maxLine bytes; onBad (which may
// be nil) receives each bad line's number and the reason.
func NewReader(r io.Reader, maxLine int, onBad func(line int, reason string)) *Reader {
	return &Reader{lr: lineReader{r: bufio.NewReaderSize(r, 1<<20), max: maxLine}, onBad: onBad}
}

func (r *Reader) bad(line int, format string, args ...any) {
	r.BadLines++
	if r.onBad != nil {
		r.onBad(line, fmt.Sprintf(format, args...))
	}
}

// Next returns the next good pair, or io.EOF at the end of the input.
// Bad pairs are reported and skipped. Other errors are read errors.
func (r *Reader) Next() (Item, error) {
	for {
		line, tooLong, err := r.lr.next()
		if errors.Is(err, io.EOF) {
			if r.pending != nil {
				r.bad(r.pending.Line, "action has no source line")
				r.pending = nil
			}
			return Item{}, io.EOF
		}
		if err != nil {
			return Item{}, fmt.Errorf("bulk: read line %d: %w", r.lr.n+1, err)
		}
		r.Lines++
		n := r.lr.n
		if tooLong {
			r.bad(n, "line longer than %d bytes", r.lr.max)
			if r.pending != nil {
				r.pending = nil // it was this action's source
			} else {
				r.skipSource = false
			}
			continue
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		switch {
		case r.skipSource:
			// The action line was reported; its source goes with it.
			r.skipSource = false
		case r.pending != nil:
			it := r.pending
			r.pending = nil
			if !isJSONObject(line) {
				r.bad(n, "source of the action on line %d is not a JSON object", it.Line)
				continue
			}
			it.Source = line
			return *it, nil
		default:
			it, hasSource, reason := parseAction(line, r.AllowDelete)
			if reason != "" {
				r.bad(n, "%s", reason)
				r.skipSource = hasSource
				continue
			}
			it.Line = n
			if it.Op == "delete" {
				return it, nil
			}
			r.pending = &it
		}
	}
}

// parseAction parses an action line. When the line is rejected, reason
// says why and hasSource whether a source line belongs to it (so it is
// skipped too): true for an index or create action whose metadata is
// wrong, false for a line that is no action at all, so a stray source line
// does not also swallow the next action.
func parseAction(line []byte, allowDelete bool) (it Item, hasSource bool, reason string) {
	var act map[string]json.RawMessage
	if err := json.Unmarshal(line, &act); err != nil {
		return it, false, "not a JSON object: " + jsonErrorText(err)
	}
	if len(act) != 1 {
		return it, false, fmt.Sprintf("an action line has exactly one member (index or create), found %d", len(act))
	}
	var rawMeta json.RawMessage
	for k, v := range act {
		it.Op, rawMeta = k, v
	}
	switch it.Op {
	case "index", "create":
	case "update":
		return it, true, `action "update" is not supported: a version's indexes start empty; use "index"`
	case "delete":
		if !allowDelete {
			return it, false, `action "delete" is not supported: a version's indexes start empty`
		}
	default:
		return it, false, fmt.Sprintf("unknown action %q (want index or create)", it.Op)
	}
	hasSource = it.Op != "delete"
	if err := json.Unmarshal(rawMeta, &it.Meta); err != nil || it.Meta == nil {
		return it, hasSource, fmt.Sprintf("%q action: metadata is not a JSON object", it.Op)
	}
	rawIndex, ok := it.Meta["_index"]
	if !ok {
		return it, hasSource, fmt.Sprintf("%q action: _index is missing", it.Op)
	}
	if err := json.Unmarshal(rawIndex, &it.Index); err != nil {
		return it, hasSource, fmt.Sprintf("%q action: _index is not a string", it.Op)
	}
	if !mappings.IsIndex(it.Index) {
		return it, hasSource, fmt.Sprintf("%q action: unknown index %q (want one of %s)", it.Op, it.Index, strings.Join(mappings.Names(), ", "))
	}
	if rawID, ok := it.Meta["_id"]; ok {
		if err := json.Unmarshal(rawID, &it.ID); err != nil {
			return it, hasSource, fmt.Sprintf("%q action: _id is not a string", it.Op)
		}
	}
	if it.Op == "delete" && it.ID == "" {
		// OpenSearch's BulkRequest validation.
		return it, false, "action_request_validation_exception: Validation Failed: 1: id is missing;"
	}
	return it, hasSource, ""
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
