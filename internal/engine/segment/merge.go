package segment

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/contractsearch/contractsearch/internal/engine/docvalues"
	"github.com/contractsearch/contractsearch/internal/engine/encoding"
	"github.com/contractsearch/contractsearch/internal/engine/postings"
	"github.com/contractsearch/contractsearch/internal/engine/similarity"
	"github.com/contractsearch/contractsearch/internal/engine/store"
	"github.com/contractsearch/contractsearch/internal/engine/termdict"
)

// MergeInput is one segment of a merge and the records to leave out.
type MergeInput struct {
	Segment *Segment
	// Deleted lists root documents (records) to drop, with their nested
	// children; any order, repeats allowed.
	Deleted []uint32
}

// MergeOptions tune a merge.
type MergeOptions struct {
	// Release, when set, is called now and then while the merge reads its
	// inputs (after each field, after so many terms or blocks): a caller
	// whose inputs are memory-mapped files drops their pages there, so the
	// pages a merge has read do not pile up in its resident memory.
	Release func()
}

// releaseEvery is how many terms, or stored blocks, a merge reads between
// two calls of MergeOptions.Release.
const releaseEvery = 8192

// MergeResult says what a merge wrote.
type MergeResult struct {
	MaxDoc  uint32
	Records int
}

// noDoc marks a dropped document in a merge's document maps.
const noDoc = math.MaxUint32

// Merge writes one segment named prefix to sink holding the documents of
// inputs, in order, without the deleted records and their children. The
// result is the segment a Writer would have written had it been given
// only the surviving records, in the same order: documents renumbered
// densely in block-join order, postings, positions, norms, doc values and
// statistics (document counts, term and total term frequencies) of the
// survivors alone. Two things may differ from such a Writer: a field or
// doc values column left without any value is dropped, and stored sources
// keep the inputs' compression blocks where no document of a block is
// dropped (the same sources, blocked differently).
//
// It streams: the inputs are read field by field and term by term and the
// postings and sources are written as they come, so memory holds one
// field's term dictionary, norms and per-document bitset, the doc values,
// and small buffers — never a whole input or output file.
func Merge(prefix string, sink Sink, inputs []MergeInput, opts MergeOptions) (MergeResult, error) {
	m := &merger{prefix: prefix, sink: sink, inputs: inputs, release: opts.Release}
	if m.release == nil {
		m.release = func() {}
	}
	if err := m.mapDocs(); err != nil {
		return MergeResult{}, err
	}
	if err := m.run(); err != nil {
		return MergeResult{}, fmt.Errorf("segment: merge into %s: %w", prefix, err)
	}
	return MergeResult{MaxDoc: m.maxDoc, Records: len(m.roots)}, nil
}

type merger struct {
	prefix string
	sink   Sink
	inputs []MergeInput
	// docMap[i][d] is input i's document d in the merged segment, or
	// noDoc; nil when input i drops nothing (d + base[i]).
	docMap  [][]uint32
	base    []uint32
	maxDoc  uint32
	roots   []uint32
	live    []uint64 // scratch bitset over merged documents
	release func()
}

// mapDocs numbers the surviving documents.
func (m *merger) mapDocs() error {
	m.docMap = make([][]uint32, len(m.inputs))
	m.base = make([]uint32, len(m.inputs))
	var next uint64
	for i, in := range m.inputs {
		s := in.Segment
		m.base[i] = uint32(next)
		deleted := map[uint32]bool{}
		for _, r := range in.Deleted {
			if !s.IsRoot(r) {
				return fmt.Errorf("segment: merge: document %d of input %d is not a record", r, i)
			}
			deleted[r] = true
		}
		var dm []uint32
		if len(deleted) > 0 {
			dm = make([]uint32, s.MaxDoc)
		}
		first := uint32(0)
		for _, r := range s.Roots() {
			if deleted[r] {
				for d := first; d <= r; d++ {
					dm[d] = noDoc
				}
			} else {
				for d := first; d <= r; d++ {
					if dm != nil {
						dm[d] = uint32(next)
					}
					next++
				}
				m.roots = append(m.roots, uint32(next-1))
			}
			first = r + 1
		}
		if next >= 1<<31 {
			return errors.New("segment: merge: too many documents in one segment")
		}
		m.docMap[i] = dm
	}
	m.maxDoc = uint32(next)
	return nil
}

// mapDoc returns input i's document d in the merged segment, or noDoc.
func (m *merger) mapDoc(i int, d uint32) uint32 {
	if dm := m.docMap[i]; dm != nil {
		return dm[d]
	}
	return m.base[i] + d
}

func (m *merger) run() error {
	if m.maxDoc == 0 {
		return errors.New("no document survives")
	}
	// Fields, in name order, each kind agreeing across inputs.
	kinds := map[string]Kind{}
	offsets := map[string]bool{}
	for _, in := range m.inputs {
		for _, name := range in.Segment.Fields() {
			f := in.Segment.Field(name)
			if prev, ok := kinds[name]; ok && (prev != f.Kind || offsets[name] != f.Offsets) {
				return fmt.Errorf("field %s is of two kinds", name)
			}
			kinds[name], offsets[name] = f.Kind, f.Offsets
		}
	}
	var names []string
	for _, name := range sortedKeys(kinds) {
		live, err := m.fieldLive(name)
		if err != nil {
			return fmt.Errorf("field %s: %w", name, err)
		}
		if live {
			names = append(names, name)
		}
	}
	m.live = make([]uint64, (m.maxDoc+63)/64)
	meta := newMetaWriter(m.maxDoc, m.roots, len(names))
	for num, name := range names {
		docCount, sumTTF, stats, err := m.mergeField(num, name, kinds[name], offsets[name])
		if err != nil {
			return fmt.Errorf("field %s: %w", name, err)
		}
		meta.addField(name, metaKind(kinds[name], offsets[name]), docCount, sumTTF, stats)
		m.release()
	}
	if err := m.mergeDocValues(); err != nil {
		return err
	}
	m.release()
	if err := m.mergeStore(); err != nil {
		return err
	}
	return writeFile(m.sink, m.prefix+".meta", meta.finish())
}

// fieldLive reports whether a surviving document has a term in the field.
func (m *merger) fieldLive(name string) (bool, error) {
	for i, in := range m.inputs {
		f := in.Segment.Field(name)
		if f == nil || f.NumTerms == 0 {
			continue
		}
		if m.docMap[i] == nil {
			return true, nil
		}
		if f.Kind == Text {
			// A document has a term exactly when its length norm is not 0.
			for d, n := range f.Norms {
				if n != 0 && m.docMap[i][d] != noDoc {
					return true, nil
				}
			}
			continue
		}
		var it *postings.Iterator
		for t := f.Terms.All(); t.Next(); {
			meta, err := decodeMeta(t.Info().Meta, f.IndexOptions())
			if err != nil {
				return false, err
			}
			for it = f.Postings.Postings(meta, it); it.Next(); {
				if m.docMap[i][it.DocID()] != noDoc {
					return true, nil
				}
			}
			if err := it.Err(); err != nil {
				return false, err
			}
		}
	}
	return false, nil
}

func decodeMeta(b []byte, opts postings.IndexOptions) (postings.TermMeta, error) {
	d := encoding.NewDecbuf(b)
	meta := postings.DecodeTermMeta(&d, opts)
	if err := d.Err(); err != nil {
		return meta, fmt.Errorf("term metadata: %w", err)
	}
	if d.Len() != 0 {
		return meta, fmt.Errorf("term metadata: %w: trailing bytes", encoding.ErrCorrupt)
	}
	return meta, nil
}

// fieldCursor is one input's position in the k-way merge of a field's
// terms.
type fieldCursor struct {
	input int
	f     *Field
	terms *termdict.Iterator
	ok    bool
}

// mergeField writes field number num: the k-way merge of the inputs'
// terms, each term's postings remapped, then its dictionary and norms.
func (m *merger) mergeField(num int, name string, kind Kind, withOffsets bool) (docCount, sumTTF uint64, stats fieldStats, err error) {
	opts := indexOptions(kind, withOffsets)
	var norms []byte
	var cursors []*fieldCursor
	for i, in := range m.inputs {
		f := in.Segment.Field(name)
		if f == nil {
			continue
		}
		if kind == Text {
			if norms == nil {
				norms = make([]byte, m.maxDoc)
			}
			for d, n := range f.Norms {
				if nd := m.mapDoc(i, uint32(d)); nd != noDoc {
					norms[nd] = n
				}
			}
		}
		c := &fieldCursor{input: i, f: f, terms: f.Terms.All()}
		c.ok = c.terms.Next()
		if err := c.terms.Err(); err != nil {
			return 0, 0, stats, err
		}
		cursors = append(cursors, c)
	}

	files, err := createPostingsFiles(m.sink, m.prefix, num, kind, withOffsets)
	if err != nil {
		return 0, 0, stats, err
	}
	defer files.close()
	pw := postings.NewStreamWriterOffsets(opts, files.docs, files.pos, files.off)
	dict := termdict.NewBuilder()
	clear(m.live)
	var (
		term      []byte
		it        *postings.Iterator
		positions []uint32
		offs      []uint32
		metaBuf   encoding.Encbuf
		terms     int
	)
	for {
		// The smallest current term; every cursor on it contributes, in
		// input order.
		term = term[:0]
		found := false
		for _, c := range cursors {
			if c.ok && (!found || bytes.Compare(c.terms.Term(), term) < 0) {
				term = append(term[:0], c.terms.Term()...)
				found = true
			}
		}
		if !found {
			break
		}
		if terms++; terms%releaseEvery == 0 {
			m.release()
		}
		if err := pw.StartTerm(); err != nil {
			return 0, 0, stats, err
		}
		var df uint32
		for _, c := range cursors {
			if !c.ok || !bytes.Equal(c.terms.Term(), term) {
				continue
			}
			meta, err := decodeMeta(c.terms.Info().Meta, opts)
			if err != nil {
				return 0, 0, stats, fmt.Errorf("term %q: %w", term, err)
			}
			for it = c.f.Postings.Postings(meta, it); it.Next(); {
				nd := m.mapDoc(c.input, it.DocID())
				if nd == noDoc {
					continue
				}
				freq := it.Freq()
				norm := similarity.NoNorms
				positions, offs = positions[:0], offs[:0]
				switch {
				case withOffsets:
					norm = norms[nd]
					for range freq {
						p, s, e, ok := it.NextPositionOffsets()
						if !ok {
							break
						}
						positions = append(positions, p)
						offs = append(offs, s, e)
					}
				case kind == Text:
					norm = norms[nd]
					for range freq {
						p, ok := it.NextPosition()
						if !ok {
							break
						}
						positions = append(positions, p)
					}
				}
				if err := it.Err(); err != nil {
					return 0, 0, stats, fmt.Errorf("term %q: %w", term, err)
				}
				if err := pw.AddDocOffsets(nd, freq, norm, positions, offs); err != nil {
					return 0, 0, stats, fmt.Errorf("term %q: %w", term, err)
				}
				df++
				sumTTF += uint64(freq)
				m.live[nd/64] |= 1 << (nd % 64)
			}
			if err := it.Err(); err != nil {
				return 0, 0, stats, fmt.Errorf("term %q: %w", term, err)
			}
			c.ok = c.terms.Next()
			if err := c.terms.Err(); err != nil {
				return 0, 0, stats, err
			}
		}
		if df == 0 { // every document of the term was dropped
			if err := pw.CancelTerm(); err != nil {
				return 0, 0, stats, err
			}
			continue
		}
		tm, err := pw.FinishTerm()
		if err != nil {
			return 0, 0, stats, fmt.Errorf("term %q: %w", term, err)
		}
		metaBuf.Reset()
		tm.AppendTo(&metaBuf, opts)
		if err := dict.Add(term, tm.DocFreq, metaBuf.B); err != nil {
			return 0, 0, stats, err
		}
		stats.sumDocFreq += uint64(df)
		stats.terms++
	}
	if _, _, err := pw.Finish(); err != nil {
		return 0, 0, stats, err
	}
	if err := files.close(); err != nil {
		return 0, 0, stats, err
	}
	tdi, err := dict.Finish()
	if err != nil {
		return 0, 0, stats, err
	}
	if err := writeFile(m.sink, fieldFile(m.prefix, num, "tdi"), tdi); err != nil {
		return 0, 0, stats, err
	}
	if kind == Text {
		if err := writeFile(m.sink, fieldFile(m.prefix, num, "nrm"), encodeNorms(norms)); err != nil {
			return 0, 0, stats, err
		}
	}
	for _, w := range m.live {
		docCount += uint64(bits.OnesCount64(w))
	}
	if kind == Keyword {
		// Documents only: a keyword field's total term frequency is the sum
		// of its document frequencies, as the Writer counts it.
		sumTTF = stats.sumDocFreq
	}
	return docCount, sumTTF, stats, nil
}

// mergeDocValues writes the doc values file: keyword columns, then
// numeric ones, each in name order, as the Writer does.
func (m *merger) mergeDocValues() error {
	numeric, sorted := map[string]bool{}, map[string]bool{}
	for _, in := range m.inputs {
		n, s := in.Segment.DocValues.Columns()
		for _, c := range n {
			numeric[c] = true
		}
		for _, c := range s {
			sorted[c] = true
		}
	}
	dv := docvalues.NewFileWriter(m.maxDoc)
	var values []int64
	var terms [][]byte
	for _, name := range sortedKeys(sorted) {
		var w docvalues.SortedWriter
		n := 0
		for i, in := range m.inputs {
			col, err := in.Segment.DocValues.Sorted(name)
			if err != nil {
				return fmt.Errorf("doc values %s: %w", name, err)
			}
			if col == nil {
				continue
			}
			for cur := col.Cursor(); cur.Next(); {
				nd := m.mapDoc(i, cur.DocID())
				if nd == noDoc {
					continue
				}
				terms = terms[:0]
				for k := range cur.Count() {
					terms = append(terms, col.Term(int(cur.Value(k))))
				}
				if err := w.Add(nd, slices.Clone(terms)...); err != nil {
					return err
				}
				n++
			}
		}
		if n > 0 {
			if err := dv.AddSorted(name, &w); err != nil {
				return fmt.Errorf("doc values %s: %w", name, err)
			}
		}
	}
	for _, name := range sortedKeys(numeric) {
		var w docvalues.NumericWriter
		n := 0
		for i, in := range m.inputs {
			col, err := in.Segment.DocValues.Numeric(name)
			if err != nil {
				return fmt.Errorf("doc values %s: %w", name, err)
			}
			if col == nil {
				continue
			}
			for cur := col.Cursor(); cur.Next(); {
				nd := m.mapDoc(i, cur.DocID())
				if nd == noDoc {
					continue
				}
				values = values[:0]
				for k := range cur.Count() {
					values = append(values, cur.Value(k))
				}
				if err := w.Add(nd, values...); err != nil {
					return err
				}
				n++
			}
		}
		if n > 0 {
			if err := dv.AddNumeric(name, &w); err != nil {
				return fmt.Errorf("doc values %s: %w", name, err)
			}
		}
	}
	return writeFile(m.sink, m.prefix+".dv", dv.Finish())
}

// mergeStore writes the stored sources: whole compressed blocks where no
// document of the block is dropped, the surviving sources re-added
// otherwise.
func (m *merger) mergeStore() error {
	f, err := m.sink.Create(m.prefix + ".src")
	if err != nil {
		return err
	}
	defer f.Close()
	w, err := store.NewStreamWriter(f)
	if err != nil {
		return err
	}
	var scratch []byte
	blocks := 0
	for i, in := range m.inputs {
		st := in.Segment.Store
		for b := range st.Blocks() {
			if blocks++; blocks%releaseEvery == 0 {
				m.release()
			}
			first, count, data := st.Block(b)
			whole := true
			for d := first; d < first+count; d++ {
				if m.mapDoc(i, d) == noDoc {
					whole = false
					break
				}
			}
			if whole {
				if err := w.CopyBlock(data, count); err != nil {
					return err
				}
				continue
			}
			scratch, err = st.BlockSources(b, scratch, func(doc uint32, src []byte) error {
				if m.mapDoc(i, doc) == noDoc {
					return nil
				}
				_, err := w.Add(bytes.Clone(src))
				return err
			})
			if err != nil {
				return err
			}
		}
	}
	if _, err := w.Finish(); err != nil {
		return err
	}
	return f.Close()
}
