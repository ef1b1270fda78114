// Package indexer owns building the embedded engine's index: it reads
// OpenSearch bulk NDJSON (the same file a cluster's _bulk accepts), parses
// each record by its index's mapping, writes the records of each logical
// index into segments, merges each index's segments into one at the end,
// and publishes them as a new generation of the index directory. It also
// opens what it published (Open), checking the segments against the meta.
//
// # Bulk actions, as OpenSearch's _bulk
//
//   - index: adds the record; a repeated _id replaces the earlier record
//     ("last wins"): the later source is what is indexed, at the later
//     record's place in insertion order — Lucene's updateDocument appends
//     the new document and deletes the old one.
//   - create: as index, but refused with OpenSearch's version_conflict
//     reason when the _id exists.
//   - delete: removes the record; an _id that does not exist is counted as
//     not_found, which OpenSearch does not report as an error.
//
// A bad line or a record the mapping refuses is reported with its line
// number and reason, skipped and counted (a refused index action leaves an
// earlier record with its _id in place); the build still publishes
// atomically.
//
// # Memory and merging
//
// Records are buffered in one segment writer per logical index. When the
// sources buffered by all writers reach MaxBufferedBytes, the largest
// writer is flushed to segment files in the build directory, which bounds
// the build's memory whatever the input size. Replaced and deleted
// records are not removed from a flushed segment: the build records them
// (segment number, root document) and leaves them out when, at the end,
// segment.Merge streams each index's flushed segments into one. So the
// published index has one segment per index, no deleted document and
// statistics (docFreq, docCount, sumTotalTermFreq, norms) exactly as if
// only the surviving records had been indexed — what a force-merged
// OpenSearch index answers with, whereas Lucene counts deleted documents
// in statistics until segments merge.
//
// Why deletions applied at the merge rather than a first pass over the
// ids: the input may be a stream (ingest -in -), and a merge is needed
// for large builds anyway, so one mechanism serves files and streams
// alike. Why the merge reads the flushed segments rather than
// re-analysing the sources: it streams term by term and block by block
// (sources are copied as compressed blocks), so it needs memory for one
// field's dictionary and norms and the doc values, not for the records,
// and costs a fraction of the analysis (a 1 GB build: 5 s of 65). The
// flushed segments are memory-mapped and their pages dropped
// (MADV_DONTNEED) after each is opened and as the merge reads on, so the
// files read do not accumulate in resident memory either: a 1 GB build
// peaks in its write buffers, not in the merge.
//
// # Goroutines
//
// A build uses two cores: one goroutine reads the input and parses the
// records by their mappings, the build's own analyses and inverts them
// and keeps the ids, and a flush encodes and compresses a full writer's
// files while the next records fill new writers (one flush at a time, so
// a flush adds at most one writer's memory); at the end two indexes merge
// at once. Everything that decides what the files hold (which records,
// in which order, where segments are cut) is done in input order on one
// goroutine, so the files are the same byte for byte whatever the
// scheduling (TestBuildBytes).
package indexer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/contractsearch/contractsearch/internal/engine/analysis"
	"github.com/contractsearch/contractsearch/internal/engine/document"
	"github.com/contractsearch/contractsearch/internal/engine/encoding"
	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/postings"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/mappings"
)

// DefaultMaxBufferedBytes is the source volume buffered in segment
// writers, over all logical indexes, after which the largest writer is
// flushed to a segment. Indexing structures take a few times the source
// size in memory, so this keeps a build well under 2 GB whatever the
// input size.
const DefaultMaxBufferedBytes = 64 << 20

// Options configure a build.
type Options struct {
	// MaxBufferedBytes bounds the sources buffered in segment writers
	// over all indexes; 0 means DefaultMaxBufferedBytes.
	MaxBufferedBytes int
	// OnBad receives each skipped line: its number and the reason.
	OnBad func(line int, reason string)
	// Progress, when set, is called every 5,000 records with the lines
	// read so far.
	Progress func(lines int)
}

// Meta is the generation-wide metadata stored in the MANIFEST: which
// segments each logical index has, in order, and how many records.
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
	for name, segs := range m.Segments {
		if !mappings.IsIndex(name) {
			return nil, fmt.Errorf("generation meta: unknown index %q", name)
		}
		for _, s := range segs {
			if s == "" || strings.ContainsAny(s, "/\x00") {
				return nil, fmt.Errorf("generation meta: index %s: bad segment name %q", name, s)
			}
		}
	}
	for name, n := range m.Docs {
		if !mappings.IsIndex(name) || n < 0 {
			return nil, fmt.Errorf("generation meta: bad record count %d for index %q", n, name)
		}
	}
	return &m, nil
}

// Report says what a build did.
type Report struct {
	Generation uint64
	Lines      int
	// BadLines counts lines skipped before parsing the record (malformed
	// JSON, unknown action or index …); Rejected counts records the mapping
	// refused and create actions whose _id exists (version conflicts).
	BadLines, Rejected int
	// Docs counts the records each logical index holds once published.
	Docs map[string]int
	// Overwritten counts, per index, records replaced by a later index
	// action with the same _id (OpenSearch's "updated" result); Deleted
	// those removed by a delete action; DeleteNotFound delete actions
	// whose _id did not exist (OpenSearch's "not_found", not an error).
	Overwritten, Deleted map[string]int
	DeleteNotFound       int
	// Flushed counts the segments written while reading; Segments those
	// published (one per non-empty index once merged).
	Flushed, Segments map[string]int
	// Unmapped counts, per field path, records whose field the mapping does
	// not know (kept in _source, not indexed).
	Unmapped map[string]int
	Bytes    int64
	// Duration is the whole build; MergeDuration the merges at its end.
	Duration, MergeDuration time.Duration
}

// indexState is one logical index being built.
type indexState struct {
	name     string
	schema   *document.Schema
	writer   *segment.Writer
	segments []string // flushed, in order
	// deleted[i] lists the records of segment i (len(segments): the open
	// writer) replaced or deleted since; the merge drops them.
	deleted  map[int][]uint32
	buffered int
	bytes    int64 // sources indexed: the merges start with the largest
	ids      map[string]*idState
	live     int // records that will be published
	auto     int // ids generated for actions without one
}

// idState is what a build knows of one _id.
type idState struct {
	seg     int    // segment holding the live record
	root    uint32 // its document in that segment
	live    bool   // false once deleted
	version int64  // OpenSearch's _version: 1, +1 per index or delete
}

// Build reads bulk NDJSON from r and publishes it as a new generation of
// dir. Nothing is published when it returns an error (a read error, ctx
// ended, a file could not be written).
//
// Records are buffered in one segment writer per logical index; when the
// buffered sources of all writers reach MaxBufferedBytes the largest is
// flushed to a segment file set. A repeated _id replaces the earlier
// record as OpenSearch's index action does: the new record is added at
// its place in the input and the old one is marked deleted. At the end
// each index's segments are merged into one (segment.Merge, streaming),
// dropping the deleted records, so the published index holds one segment
// per index, no deleted record, and statistics as if only the surviving
// records had been indexed — what a force-merged OpenSearch index gives.
func Build(ctx context.Context, dir *generation.Dir, r io.Reader, opts Options) (*Report, error) {
	start := time.Now()
	if opts.MaxBufferedBytes <= 0 {
		opts.MaxBufferedBytes = DefaultMaxBufferedBytes
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
	rep := &Report{Docs: map[string]int{}, Overwritten: map[string]int{}, Deleted: map[string]int{},
		Flushed: map[string]int{}, Segments: map[string]int{}, Unmapped: map[string]int{}}
	analyzer := analysis.NewStandard(255)
	indexes := map[string]*indexState{}
	var order []*indexState
	for _, name := range mappings.Names() {
		ix := &indexState{name: name, schema: document.NewSchema(defs.Index(name)), ids: map[string]*idState{}, deleted: map[int][]uint32{}}
		indexes[name] = ix
		order = append(order, ix)
	}
	reject := func(line int, format string, args ...any) {
		rep.Rejected++
		if opts.OnBad != nil {
			opts.OnBad(line, fmt.Sprintf(format, args...))
		}
	}
	schemas := map[string]*document.Schema{}
	for _, ix := range order {
		schemas[ix.name] = ix.schema
	}
	readCtx, stopReading := context.WithCancel(ctx)
	defer stopReading()
	batches := make(chan batch, 4)
	readErr := make(chan error, 1)
	go func() {
		readErr <- readRecords(readCtx, r, schemas, batches)
		close(batches)
	}()
	var fl flusher
	defer func() { _ = fl.wait() }() // before the build is aborted
	buffered, n := 0, 0
	for bt := range batches {
		rep.Lines = bt.lines
		for _, e := range bt.entries {
			if e.bad != "" {
				rep.BadLines++
				if opts.OnBad != nil {
					opts.OnBad(e.badLine, e.bad)
				}
				continue
			}
			if n++; n%5000 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, fmt.Errorf("indexer: line %d: %w", e.it.Line, err)
				}
				if opts.Progress != nil {
					opts.Progress(bt.lines)
				}
			}
			it := e.it
			ix := indexes[it.Index]
			prev := ix.ids[it.ID]
			if it.Op == "delete" {
				if prev == nil || !prev.live {
					rep.DeleteNotFound++
				} else {
					ix.deleted[prev.seg] = append(ix.deleted[prev.seg], prev.root)
					prev.live = false
					ix.live--
					rep.Deleted[ix.name]++
				}
				if prev != nil {
					prev.version++
				} else {
					// OpenSearch keeps a tombstone: a later index of the id
					// gets version 2.
					ix.ids[it.ID] = &idState{version: 1}
				}
				continue
			}
			if it.Op == "create" && prev != nil && prev.live {
				reject(it.Line, "version_conflict_engine_exception: [%s]: version conflict, document already exists (current version [%d])", it.ID, prev.version)
				continue
			}
			if e.err != nil {
				reject(it.Line, "%v", e.err)
				continue
			}
			doc := e.doc
			id := it.ID
			if id == "" {
				// OpenSearch generates a random id; a deterministic one keeps
				// builds reproducible.
				ix.auto++
				id = "auto-" + strconv.Itoa(ix.auto)
			}
			if ix.writer == nil {
				var err error
				if ix.writer, err = segment.NewWriter(analyzer); err != nil {
					return nil, err
				}
			}
			root, err := ix.writer.Add(id, doc, it.Source)
			if err != nil {
				var de *document.Error
				if errors.As(err, &de) {
					// The record is refused; an earlier one with its _id stays.
					reject(it.Line, "%v", err)
					continue
				}
				return nil, fmt.Errorf("indexer: line %d: %w", it.Line, err)
			}
			st := ix.ids[id]
			switch {
			case st == nil:
				st = &idState{}
				ix.ids[id] = st
				ix.live++
			case st.live:
				// Last wins: the earlier record is deleted, the new one sits at
				// its own place in insertion order (Lucene's updateDocument).
				ix.deleted[st.seg] = append(ix.deleted[st.seg], st.root)
				rep.Overwritten[ix.name]++
			default:
				ix.live++
			}
			st.seg, st.root, st.live = len(ix.segments), root, true
			st.version++
			rep.Bytes += int64(len(it.Source))
			for _, u := range doc.Unmapped {
				rep.Unmapped[u]++
			}
			ix.buffered += len(it.Source)
			ix.bytes += int64(len(it.Source))
			buffered += len(it.Source)
			if buffered >= opts.MaxBufferedBytes {
				// Flush the largest writer: it frees the most memory.
				big := order[0]
				for _, o := range order {
					if o.buffered > big.buffered {
						big = o
					}
				}
				buffered -= big.buffered
				if err := big.flush(b.Path(), &fl); err != nil {
					return nil, err
				}
			}
		}
	}
	if err := <-readErr; err != nil {
		return nil, err
	}
	for _, ix := range order {
		if err := ix.flush(b.Path(), &fl); err != nil {
			return nil, err
		}
		rep.Flushed[ix.name] = len(ix.segments)
	}
	if err := fl.wait(); err != nil {
		return nil, err
	}
	// The writers' memory is garbage now; give it back before merging.
	indexes, analyzer = nil, nil
	debug.FreeOSMemory()

	mergeStart := time.Now()
	merged, err := mergeAll(ctx, b.Path(), order)
	if err != nil {
		return nil, err
	}
	meta := Meta{Version: MetaVersion, Segments: map[string][]string{}, Docs: map[string]int{}}
	for i, ix := range order {
		meta.Segments[ix.name] = merged[i]
		meta.Docs[ix.name] = ix.live
		rep.Docs[ix.name] = ix.live
		rep.Segments[ix.name] = len(merged[i])
	}
	rep.MergeDuration = time.Since(mergeStart)
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

// flush hands the current segment, if it holds anything, to fl, which
// writes it to files in dir.
func (ix *indexState) flush(dir string, fl *flusher) error {
	if ix.writer == nil || ix.writer.MaxDoc() == 0 {
		return nil
	}
	prefix := fmt.Sprintf("%s-%d", ix.name, len(ix.segments))
	if err := fl.start(ix.writer, dir, prefix); err != nil {
		return err
	}
	ix.segments = append(ix.segments, prefix)
	ix.writer, ix.buffered = nil, 0
	return nil
}

// mergeAll merges each index's flushed segments (indexState.merge) and
// returns each one's published segments, in order's order. Indexes are
// independent, so two merge at once, the largest first: the merges are
// most of a large build's last minutes, and each writes its own files,
// which do not depend on which runs when.
func mergeAll(ctx context.Context, dir string, order []*indexState) ([][]string, error) {
	out := make([][]string, len(order))
	byBytes := make([]int, len(order))
	for i := range byBytes {
		byBytes[i] = i
	}
	sort.SliceStable(byBytes, func(a, b int) bool { return order[byBytes[a]].bytes > order[byBytes[b]].bytes })
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(mergeWorkers)
	for _, i := range byBytes {
		ix := order[i]
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("indexer: %w", err)
			}
			segs, err := ix.merge(dir)
			if err != nil {
				return err
			}
			out[i] = segs
			ix.ids = nil
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

// mergeWorkers is how many indexes merge at once: the machines this
// runs on have two cores or more, and a merge's memory is one field's
// dictionary and norms and the doc values (the pages it reads are
// dropped as it goes).
const mergeWorkers = 2

// merge turns the index's flushed segments into the published ones: kept
// as it is when there is one segment without deletions, otherwise merged
// into one new segment (none when no record survives) whose inputs are
// then removed.
func (ix *indexState) merge(dir string) ([]string, error) {
	if len(ix.segments) == 0 {
		return nil, nil
	}
	if len(ix.segments) == 1 && len(ix.deleted[0]) == 0 {
		return ix.segments, nil
	}
	var inputs []segment.MergeInput
	var maps []*mappedSegment
	defer func() {
		for _, m := range maps {
			m.close()
		}
	}()
	for i, prefix := range ix.segments {
		m, err := mapSegment(dir, prefix)
		if err != nil {
			return nil, fmt.Errorf("indexer: %w", err)
		}
		maps = append(maps, m)
		if err := m.verify(); err != nil {
			return nil, fmt.Errorf("indexer: reopen flushed segment %s: %w", prefix, err)
		}
		s, err := segment.Open(prefix, m.file)
		if err != nil {
			return nil, fmt.Errorf("indexer: reopen flushed %w", err)
		}
		// Verifying read every byte; drop them, the merge reads them again
		// a field at a time.
		m.dropPages()
		inputs = append(inputs, segment.MergeInput{Segment: s, Deleted: ix.deleted[i]})
	}
	// The merge drops what it has read as it goes.
	release := func() {
		for _, m := range maps {
			m.dropPages()
		}
	}
	var out []string
	if ix.live > 0 {
		prefix := fmt.Sprintf("%s-%d", ix.name, len(ix.segments))
		res, err := segment.Merge(prefix, dirSink(dir), inputs, segment.MergeOptions{Release: release})
		if err != nil {
			return nil, fmt.Errorf("indexer: %w", err)
		}
		if invariants {
			if err := checkMerged(dir, prefix, res, ix.live); err != nil {
				return nil, fmt.Errorf("indexer: invariants: %w", err)
			}
		}
		out = []string{prefix}
	}
	for _, in := range inputs {
		in.Segment.Store.Close()
	}
	for _, m := range maps {
		m.close()
		for _, name := range m.names {
			if err := os.Remove(filepath.Join(dir, name)); err != nil {
				return nil, fmt.Errorf("indexer: remove merged %w", err)
			}
		}
	}
	maps = nil
	return out, nil
}

// WriteSummary prints the report for an operator.
func (rep *Report) WriteSummary(w io.Writer) error {
	_, err := fmt.Fprintf(w, "published generation %d in %.1fs (merging %.1fs): %d lines, %d bad lines, %d records rejected, %.1f MB of sources\n",
		rep.Generation, rep.Duration.Seconds(), rep.MergeDuration.Seconds(), rep.Lines, rep.BadLines, rep.Rejected, float64(rep.Bytes)/(1<<20))
	if err != nil {
		return err
	}
	for _, name := range mappings.Names() {
		line := fmt.Sprintf("  %-13s %8d records  %d segment(s)", name, rep.Docs[name], rep.Segments[name])
		if f := rep.Flushed[name]; f > 1 || (f == 1 && rep.Segments[name] == 1 && rep.Overwritten[name]+rep.Deleted[name] > 0) {
			line += fmt.Sprintf(", merged from %d flushed", f)
		}
		if n := rep.Overwritten[name]; n > 0 {
			line += fmt.Sprintf(", %d overwritten by a later record with the same _id", n)
		}
		if n := rep.Deleted[name]; n > 0 {
			line += fmt.Sprintf(", %d deleted", n)
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	if rep.DeleteNotFound > 0 {
		if _, err := fmt.Fprintf(w, "  %d delete action(s) for an _id that did not exist (not_found)\n", rep.DeleteNotFound); err != nil {
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

// checkMerged reopens a merged segment and verifies every term's postings
// (postings.Reader.CheckTerm) and its record count.
func checkMerged(dir, prefix string, res segment.MergeResult, records int) error {
	m, err := mapSegment(dir, prefix)
	if err != nil {
		return err
	}
	defer m.close()
	if err := m.verify(); err != nil {
		return err
	}
	s, err := segment.Open(prefix, m.file)
	if err != nil {
		return err
	}
	defer s.Store.Close()
	if s.MaxDoc != res.MaxDoc || len(s.Roots()) != records || res.Records != records {
		return fmt.Errorf("%s: %d documents and %d records, the merge wrote %d and %d, the build kept %d records",
			prefix, s.MaxDoc, len(s.Roots()), res.MaxDoc, res.Records, records)
	}
	return checkSegment(prefix, s)
}

// checkSegment verifies a segment's structures beyond what segment.Open
// reads: every dictionary (termdict.Dict.Check), every term's postings
// and positions (postings.Reader.CheckTerm), every stored block and every
// record's _id. It reads the whole segment.
func checkSegment(prefix string, s *segment.Segment) error {
	for _, name := range s.Fields() {
		f := s.Field(name)
		if err := f.Terms.Check(); err != nil {
			return fmt.Errorf("%s: field %s: %w", prefix, name, err)
		}
		for it := f.Terms.All(); it.Next(); {
			d := encoding.NewDecbuf(it.Info().Meta)
			meta := postings.DecodeTermMeta(&d, f.IndexOptions())
			if err := d.Err(); err != nil {
				return fmt.Errorf("%s: field %s: term %q: %w", prefix, name, it.Term(), err)
			}
			if err := f.Postings.CheckTerm(meta); err != nil {
				return fmt.Errorf("%s: field %s: term %q: %w", prefix, name, it.Term(), err)
			}
		}
	}
	if err := s.DocValues.Check(); err != nil {
		return fmt.Errorf("%s: %w", prefix, err)
	}
	var scratch []byte
	for i := range s.Store.Blocks() {
		var err error
		scratch, err = s.Store.BlockSources(i, scratch, func(uint32, []byte) error { return nil })
		if err != nil {
			return fmt.Errorf("%s: sources: %w", prefix, err)
		}
	}
	for _, root := range s.Roots() {
		if _, err := s.ID(root); err != nil {
			return fmt.Errorf("%s: %w", prefix, err)
		}
	}
	return nil
}

// Check verifies a whole generation: every file's checksum
// (generation.Generation.Verify), then every segment's structures as
// Open checks them and beyond (every dictionary, term, posting, position
// and stored block). It reads every byte, for tools (segtool check), not
// for serving. The error lists every damaged file, or the first broken
// structure.
func Check(ctx context.Context, g *generation.Generation) error {
	if err := g.Verify(ctx); err != nil {
		return err
	}
	ixs, err := Open(g)
	if err != nil {
		return err
	}
	defer Close(ixs)
	meta, err := ParseMeta(g.Meta)
	if err != nil {
		return err
	}
	for _, name := range mappings.Names() {
		for i, s := range ixs[name] {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := checkSegment(meta.Segments[name][i], s); err != nil {
				return fmt.Errorf("index %s: %w", name, err)
			}
		}
	}
	return nil
}

// Open opens every segment of a generation Build published and checks
// them against its Meta: each file's footer (magic, version) and index
// structures through segment.Open, and each index's record count. It
// reads what a search needs to start, not the files' content, so it costs
// little whatever the index's size; the checksums are verified apart
// (generation.Generation.Verify, which a server's generation.Live runs
// before any search). A damaged structure gives an error naming the
// file, never a partial index. It returns each logical index's segments in
// order (none for an empty index). The segments reference g's mapped
// files: use them while g is held, and Close them (their stores hold
// decoders) when done. Errors do not repeat the generation's number,
// which the caller knows.
func Open(g *generation.Generation) (map[string][]*segment.Segment, error) {
	meta, err := ParseMeta(g.Meta)
	if err != nil {
		return nil, err
	}
	out := map[string][]*segment.Segment{}
	fail := func(err error) (map[string][]*segment.Segment, error) {
		Close(out)
		return nil, err
	}
	for _, name := range mappings.Names() {
		records := 0
		for _, prefix := range meta.Segments[name] {
			s, err := segment.Open(prefix, g.File)
			if err != nil {
				return fail(fmt.Errorf("index %s: %w", name, err))
			}
			out[name] = append(out[name], s)
			records += len(s.Roots())
		}
		if records != meta.Docs[name] {
			return fail(fmt.Errorf("index %s: %w: %d records in its segments, the meta says %d",
				name, encoding.ErrCorrupt, records, meta.Docs[name]))
		}
	}
	return out, nil
}

// Close releases the segments Open opened.
func Close(indexes map[string][]*segment.Segment) {
	for _, segs := range indexes {
		for _, s := range segs {
			s.Store.Close()
		}
	}
}
