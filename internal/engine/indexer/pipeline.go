package indexer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/contractsearch/contractsearch/internal/bulk"
	"github.com/contractsearch/contractsearch/internal/engine/document"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

// A build runs on three goroutines, so that it uses two cores: one reads
// the bulk input and parses each record by its mapping (readRecords),
// the build's own goroutine analyses and inverts the records into the
// segment writers and keeps the ids, and a flush (flusher) encodes and
// compresses a full writer's files while the next records fill new
// writers. What each goroutine does depends on the input alone, in input
// order, so the index's bytes do not depend on scheduling: the same
// segments are flushed at the same records as with one goroutine.

// entry is one line's outcome from the reading goroutine: a bad line
// the bulk reader reported, or an accepted action with, for index and
// create actions, the record parsed by its mapping (or why it was not).
type entry struct {
	badLine int
	bad     string // set for a bad line
	it      bulk.Item
	doc     *document.Document
	err     error // the mapping refused the record
}

// batch is a run of entries in input order, with the number of lines
// read once its last entry was; batching keeps channel operations rare
// next to the work per record.
type batch struct {
	entries []entry
	lines   int
}

// batchRecords and batchBytes close a batch: whichever comes first.
const (
	batchRecords = 256
	batchBytes   = 1 << 20
)

// readRecords reads bulk NDJSON from r and parses each index or create
// action's source with its index's schema, sending the entries in input
// order. Bad lines travel in the batches too, so that they are reported
// in input order with the records the build refuses. It returns when the
// input ends (nil), on a read error, or when ctx ends.
func readRecords(ctx context.Context, r io.Reader, schemas map[string]*document.Schema, out chan<- batch) error {
	var bad []entry
	br := bulk.NewReader(r, bulk.DefaultMaxLine, func(line int, reason string) {
		bad = append(bad, entry{badLine: line, bad: reason})
	})
	br.AllowDelete = true
	cur := batch{entries: make([]entry, 0, batchRecords)}
	size := 0
	send := func() error {
		cur.lines = br.Lines
		select {
		case out <- cur:
		case <-ctx.Done():
			return ctx.Err()
		}
		cur, size = batch{entries: make([]entry, 0, batchRecords)}, 0
		return nil
	}
	for {
		it, err := br.Next()
		// Lines the reader reported while looking for this item come
		// before it.
		cur.entries = append(cur.entries, bad...)
		bad = bad[:0]
		if errors.Is(err, io.EOF) {
			return send()
		}
		if err != nil {
			return fmt.Errorf("indexer: %w", err)
		}
		e := entry{it: it}
		if it.Op != "delete" {
			// The reader reuses its buffer; the writers keep the source.
			e.it.Source = bytes.Clone(it.Source)
			e.doc, e.err = schemas[it.Index].Parse(e.it.Source)
			size += len(e.it.Source)
		}
		cur.entries = append(cur.entries, e)
		if len(cur.entries) >= batchRecords || size >= batchBytes {
			if err := send(); err != nil {
				return err
			}
		}
	}
}

// flusher finishes full segment writers on a goroutine of its own, one
// at a time: a second flush waits for the first, so at most one writer
// being written adds to the build's memory.
type flusher struct {
	done chan error // receives the running flush's outcome; nil when idle
}

// start finishes w as segment prefix in dir once the previous flush is
// done; the error of either comes back from a later start or wait.
func (f *flusher) start(w *segment.Writer, dir, prefix string) error {
	if err := f.wait(); err != nil {
		return err
	}
	f.done = make(chan error, 1)
	go func(done chan<- error) {
		err := w.FinishTo(prefix, dirSink(dir))
		if err != nil {
			err = fmt.Errorf("indexer: %s: %w", prefix, err)
		}
		done <- err
	}(f.done)
	return nil
}

// wait waits for the running flush, if any, and returns its error.
func (f *flusher) wait() error {
	if f.done == nil {
		return nil
	}
	err := <-f.done
	f.done = nil
	return err
}
