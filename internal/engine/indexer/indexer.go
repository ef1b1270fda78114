// Package indexer owns building the embedded engine's index: it reads
// OpenSearch bulk NDJSON (the same file a cluster's _bulk accepts), parses
// each record by its index's mapping, writes the records of each logical
// index into segments (a new segment whenever the current one holds
// MaxSegmentBytes of sources, which bounds memory), and publishes the
// segments as a new generation of the index directory. A bad line or a
// record the mapping refuses is reported with its line number and reason,
// skipped and counted; the build still publishes atomically.
package indexer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"time"

	"github.com/contractsearch/contractsearch/internal/bulk"
	"github.com/contractsearch/contractsearch/internal/engine/analysis"
	"github.com/contractsearch/contractsearch/internal/engine/document"
	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/mappings"
)

// DefaultMaxSegmentBytes is the source volume after which a segment is
// written and a new one started. Indexing structures take a few times the
// source size in memory, so this keeps a build well under 2 GB whatever
// the input size.
const DefaultMaxSegmentBytes = 128 << 20

// Options configure a build.
type Options struct {
	// MaxSegmentBytes bounds the sources buffered in one segment.
	MaxSegmentBytes int
	// OnBad receives each skipped line: its number and the reason.
	OnBad func(line int, reason string)
	// Progress, when set, is called every 5,000 records with the lines
	// read so far.
	Progress func(lines int)
}

// Meta is the generation-wide metadata stored in the MANIFEST: which
// segments each logical index has, in order.
type Meta struct {
	Version  int                 `json:"version"`
	Segments map[string][]string `json:"segments"`
	Docs     map[string]int      `json:"docs"`
}

// MetaVersion is the version of Meta this build writes and reads.
const MetaVersion = 1

// ParseMeta decodes a generation's Meta.
func ParseMeta(b []byte) (*Meta, error) {
	var m Meta
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("generation meta: %w", err)
	}
	if m.Version != MetaVersion {
		return nil, fmt.Errorf("generation meta: version %d is not supported (this build reads version %d)", m.Version, MetaVersion)
	}
	return &m, nil
}

// Report says what a build did.
type Report struct {
	Generation uint64
	Lines      int
	// BadLines counts lines skipped before parsing the record (malformed
	// JSON, unknown action or index …); Rejected counts records the mapping
	// refused or that repeat an _id.
	BadLines, Rejected int
	// Docs counts records per logical index; Segments the segments written.
	Docs     map[string]int
	Segments map[string]int
	// Unmapped counts, per field path, records whose field the mapping does
	// not know (kept in _source, not indexed).
	Unmapped map[string]int
	Bytes    int64
	Duration time.Duration
}

// indexState is one logical index being built.
type indexState struct {
	name     string
	schema   *document.Schema
	writer   *segment.Writer
	segments []string
	buffered int
	ids      map[string]int // _id → line that indexed it
	auto     int
}

// Build reads bulk NDJSON from r and publishes it as a new generation of
// dir. Nothing is published when it returns an error (a read error, ctx
// ended, a file could not be written).
func Build(ctx context.Context, dir *generation.Dir, r io.Reader, opts Options) (*Report, error) {
	start := time.Now()
	if opts.MaxSegmentBytes <= 0 {
		opts.MaxSegmentBytes = DefaultMaxSegmentBytes
	}
	defs, err := mappings.Load()
	if err != nil {
		return nil, err
	}
	b, err := dir.NewBuild()
	if err != nil {
		return nil, err
	}
	published := false
	defer func() {
		if !published {
			_ = b.Abort()
		}
	}()
	rep := &Report{Docs: map[string]int{}, Segments: map[string]int{}, Unmapped: map[string]int{}}
	analyzer := analysis.NewStandard(255)
	indexes := map[string]*indexState{}
	for _, name := range mappings.Names() {
		indexes[name] = &indexState{name: name, schema: document.NewSchema(defs.Index(name)), ids: map[string]int{}}
	}
	reject := func(line int, format string, args ...any) {
		rep.Rejected++
		if opts.OnBad != nil {
			opts.OnBad(line, fmt.Sprintf(format, args...))
		}
	}
	br := bulk.NewReader(r, bulk.DefaultMaxLine, opts.OnBad)
	for n := 1; ; n++ {
		it, err := br.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("indexer: %w", err)
		}
		if n%5000 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("indexer: line %d: %w", it.Line, err)
			}
			if opts.Progress != nil {
				opts.Progress(br.Lines)
			}
		}
		ix := indexes[it.Index]
		doc, err := ix.schema.Parse(it.Source)
		if err != nil {
			reject(it.Line, "%v", err)
			continue
		}
		id := it.ID
		if id == "" {
			// OpenSearch generates a random id; a deterministic one keeps
			// builds reproducible.
			ix.auto++
			id = "auto-" + strconv.Itoa(ix.auto)
		}
		if prev, dup := ix.ids[id]; dup {
			// Overwriting needs deletions, which segments do not have yet;
			// refusing keeps the index consistent with the first record.
			reject(it.Line, "[%s] _id %q was already indexed on line %d; records cannot be overwritten in one build", it.Index, id, prev)
			continue
		}
		if ix.writer == nil {
			if ix.writer, err = segment.NewWriter(analyzer); err != nil {
				return nil, err
			}
		}
		if _, err := ix.writer.Add(id, doc, bytes.Clone(it.Source)); err != nil {
			var de *document.Error
			if errors.As(err, &de) {
				reject(it.Line, "%v", err)
				continue
			}
			return nil, fmt.Errorf("indexer: line %d: %w", it.Line, err)
		}
		ix.ids[id] = it.Line
		rep.Docs[it.Index]++
		rep.Bytes += int64(len(it.Source))
		for _, u := range doc.Unmapped {
			rep.Unmapped[u]++
		}
		ix.buffered += len(it.Source)
		if ix.buffered >= opts.MaxSegmentBytes {
			if err := ix.flush(b.Path()); err != nil {
				return nil, err
			}
		}
	}
	rep.Lines, rep.BadLines = br.Lines, br.BadLines
	meta := Meta{Version: MetaVersion, Segments: map[string][]string{}, Docs: rep.Docs}
	for _, name := range mappings.Names() {
		ix := indexes[name]
		if err := ix.flush(b.Path()); err != nil {
			return nil, err
		}
		meta.Segments[name] = ix.segments
		rep.Segments[name] = len(ix.segments)
	}
	mb, err := json.Marshal(meta)
	if err != nil {
		return nil, err
	}
	if rep.Generation, err = b.Publish(mb); err != nil {
		return nil, err
	}
	published = true
	rep.Duration = time.Since(start)
	return rep, nil
}

// flush writes the current segment, if it holds anything.
func (ix *indexState) flush(dir string) error {
	if ix.writer == nil || ix.writer.MaxDoc() == 0 {
		return nil
	}
	prefix := fmt.Sprintf("%s-%d", ix.name, len(ix.segments))
	files, err := ix.writer.Finish(prefix)
	if err != nil {
		return fmt.Errorf("indexer: %s: %w", prefix, err)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), files[n], 0o644); err != nil {
			return fmt.Errorf("indexer: write %s: %w", n, err)
		}
	}
	ix.segments = append(ix.segments, prefix)
	ix.writer, ix.buffered = nil, 0
	return nil
}

// WriteSummary prints the report for an operator.
func (rep *Report) WriteSummary(w io.Writer) error {
	_, err := fmt.Fprintf(w, "published generation %d in %.1fs: %d lines, %d bad lines, %d records rejected, %.1f MB of sources\n",
		rep.Generation, rep.Duration.Seconds(), rep.Lines, rep.BadLines, rep.Rejected, float64(rep.Bytes)/(1<<20))
	if err != nil {
		return err
	}
	for _, name := range mappings.Names() {
		if _, err := fmt.Fprintf(w, "  %-13s %8d records  %d segment(s)\n", name, rep.Docs[name], rep.Segments[name]); err != nil {
			return err
		}
	}
	if len(rep.Unmapped) > 0 {
		paths := make([]string, 0, len(rep.Unmapped))
		for p := range rep.Unmapped {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		for _, p := range paths {
			if _, err := fmt.Fprintf(w, "  not in the mapping, kept in _source only: %s (%d records)\n", p, rep.Unmapped[p]); err != nil {
				return err
			}
		}
	}
	return nil
}
