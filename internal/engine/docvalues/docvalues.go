// Package docvalues owns the per-document columns of a segment: for each
// keyword field the sorted set of its terms per document (as ordinals into
// a sorted term table, for terms aggregations), and for each integer, date
// and rank_feature field the sorted list of its values per document (for
// range filters and rank_feature scoring). Columns are read forward, in
// document order, the way search visits documents.
//
// # Format
//
// See docs/format/docvalues.md. A file holds named columns:
//
//	file    := columns<uvarint> (name bytes, kind<1b>, length<uvarint>)×columns column… footer
//	numeric := docs<uvarint> values<uvarint> min<varint> gcd<uvarint> widths<3b>
//	           [docIDs packed] [offsets packed] values packed
//	sorted  := terms<uvarint> (term bytes)×terms numeric(of ordinals)
//
// Document ids are omitted when every document of the segment has a value;
// offsets are omitted when every document has exactly one.
package docvalues

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"sync"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// Magic and Version identify a doc values file.
const (
	Magic   uint32 = 0x53564f44 // "DOVS"
	Version uint32 = 1
)

// Kind is a column's type.
type Kind byte

// Column kinds.
const (
	// Numeric columns hold int64 values: integers, dates (epoch ms),
	// encoded rank features.
	Numeric Kind = 1
	// Sorted columns hold keyword terms as ordinals into a term table.
	Sorted Kind = 2
)

// NumericWriter collects a numeric column. Documents are added in
// increasing order.
type NumericWriter struct {
	docs    []uint32
	offsets []uint64 // offsets[i] is the index of docs[i]'s first value
	values  []int64
}

// Add records doc's values (sorted by the writer); a document without
// values is simply not added.
func (w *NumericWriter) Add(doc uint32, values ...int64) error {
	if len(values) == 0 {
		return nil
	}
	if n := len(w.docs); n > 0 && doc <= w.docs[n-1] {
		return fmt.Errorf("docvalues: document %d added after %d", doc, w.docs[n-1])
	}
	w.docs = append(w.docs, doc)
	w.offsets = append(w.offsets, uint64(len(w.values)))
	start := len(w.values)
	w.values = append(w.values, values...)
	slices.Sort(w.values[start:])
	return nil
}

// encode appends the column for a segment of maxDoc documents.
func (w *NumericWriter) encode(e *encoding.Encbuf, maxDoc uint32) {
	e.PutUvarint(uint64(len(w.docs)))
	e.PutUvarint(uint64(len(w.values)))
	min := int64(0)
	if len(w.values) > 0 {
		min = slices.Min(w.values)
	}
	var gcd uint64
	for _, v := range w.values {
		gcd = gcdOf(gcd, uint64(v-min))
	}
	if gcd == 0 {
		gcd = 1
	}
	deltas := make([]uint64, len(w.values))
	var maxDelta uint64
	for i, v := range w.values {
		deltas[i] = uint64(v-min) / gcd
		maxDelta = max(maxDelta, deltas[i])
	}
	e.PutVarint(min)
	e.PutUvarint(gcd)
	dense := uint32(len(w.docs)) == maxDoc
	single := len(w.values) == len(w.docs)
	docWidth, offWidth := uint8(0), uint8(0)
	if !dense && len(w.docs) > 0 {
		docWidth = packedWidth(uint64(w.docs[len(w.docs)-1]))
	}
	if !single {
		offWidth = packedWidth(uint64(len(w.values)))
	}
	valWidth := packedWidth(maxDelta)
	flags := byte(0)
	if dense {
		flags |= 1
	}
	if single {
		flags |= 2
	}
	e.PutByte(flags)
	e.PutByte(docWidth)
	e.PutByte(offWidth)
	e.PutByte(valWidth)
	if !dense {
		ids := make([]uint64, len(w.docs))
		for i, d := range w.docs {
			ids[i] = uint64(d)
		}
		appendPacked(e, ids, docWidth)
	}
	if !single {
		appendPacked(e, append(slices.Clone(w.offsets), uint64(len(w.values))), offWidth)
	}
	appendPacked(e, deltas, valWidth)
}

func gcdOf(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// SortedWriter collects a keyword column.
type SortedWriter struct {
	docs  []uint32
	terms [][][]byte
}

// Add records doc's terms; duplicates within a document count once.
func (w *SortedWriter) Add(doc uint32, terms ...[]byte) error {
	if len(terms) == 0 {
		return nil
	}
	if n := len(w.docs); n > 0 && doc <= w.docs[n-1] {
		return fmt.Errorf("docvalues: document %d added after %d", doc, w.docs[n-1])
	}
	w.docs = append(w.docs, doc)
	w.terms = append(w.terms, terms)
	return nil
}

func (w *SortedWriter) encode(e *encoding.Encbuf, maxDoc uint32) error {
	var all [][]byte
	for _, ts := range w.terms {
		all = append(all, ts...)
	}
	slices.SortFunc(all, bytes.Compare)
	all = slices.CompactFunc(all, bytes.Equal)
	e.PutUvarint(uint64(len(all)))
	for _, t := range all {
		e.PutUvarintBytes(t)
	}
	var ords NumericWriter
	for i, doc := range w.docs {
		var os []int64
		for _, t := range w.terms[i] {
			o, _ := slices.BinarySearchFunc(all, t, bytes.Compare)
			os = append(os, int64(o))
		}
		slices.Sort(os)
		if err := ords.Add(doc, slices.Compact(os)...); err != nil {
			return err
		}
	}
	ords.encode(e, maxDoc)
	return nil
}

// FileWriter assembles the columns of one segment.
type FileWriter struct {
	maxDoc  uint32
	names   []string
	kinds   []Kind
	columns [][]byte
}

// NewFileWriter starts a file for a segment of maxDoc documents.
func NewFileWriter(maxDoc uint32) *FileWriter { return &FileWriter{maxDoc: maxDoc} }

// AddNumeric adds a numeric column.
func (f *FileWriter) AddNumeric(name string, w *NumericWriter) error {
	var e encoding.Encbuf
	w.encode(&e, f.maxDoc)
	return f.add(name, Numeric, e.B)
}

// AddSorted adds a keyword column.
func (f *FileWriter) AddSorted(name string, w *SortedWriter) error {
	var e encoding.Encbuf
	if err := w.encode(&e, f.maxDoc); err != nil {
		return err
	}
	return f.add(name, Sorted, e.B)
}

func (f *FileWriter) add(name string, kind Kind, col []byte) error {
	if slices.Contains(f.names, name) {
		return fmt.Errorf("docvalues: column %q added twice", name)
	}
	f.names, f.kinds, f.columns = append(f.names, name), append(f.kinds, kind), append(f.columns, col)
	return nil
}

// Finish returns the complete file.
func (f *FileWriter) Finish() []byte {
	var e encoding.Encbuf
	e.PutUvarint(uint64(f.maxDoc))
	e.PutUvarint(uint64(len(f.names)))
	for i, n := range f.names {
		e.PutUvarintBytes([]byte(n))
		e.PutByte(byte(f.kinds[i]))
		e.PutUvarint(uint64(len(f.columns[i])))
	}
	for _, c := range f.columns {
		e.PutBytes(c)
	}
	e.PutFooter(Magic, Version)
	return e.B
}

// File is an opened doc values file. Opening reads the footer and the
// column directory only; a column is decoded and validated the first time
// a search asks for it, so that opening costs the same whatever the
// segment's size and a column no search uses is never read. The file's
// checksum is the caller's to verify (generation.Live verifies every file
// before any search; Check decodes every column for tools).
type File struct {
	maxDoc  uint32
	columns map[string]*column
}

// column is one column of the directory: its bytes, decoded once, on
// first use.
type column struct {
	kind    Kind
	data    []byte
	once    sync.Once
	numeric *NumericColumn
	sorted  *SortedColumn
	err     error
}

// decode decodes and validates the column, once; later calls return the
// first call's result.
func (c *column) decode(name string, maxDoc uint32) error {
	c.once.Do(func() {
		cd := encoding.NewDecbuf(c.data)
		switch c.kind {
		case Numeric:
			c.numeric = readNumeric(&cd, maxDoc)
		case Sorted:
			c.sorted = readSorted(&cd, maxDoc)
		}
		if err := cd.Err(); err != nil {
			c.err = fmt.Errorf("docvalues: column %q: %w", name, err)
		} else if cd.Len() != 0 {
			c.err = fmt.Errorf("docvalues: column %q: %w: %d trailing bytes", name, encoding.ErrCorrupt, cd.Len())
		}
		if c.err != nil {
			c.numeric, c.sorted = nil, nil
		}
		c.data = nil
	})
	return c.err
}

// Open checks the footer's magic and version and reads the column
// directory; the column data is referenced, not copied, and decoded on
// first use (Numeric, Sorted).
func Open(file []byte) (*File, error) {
	body, err := encoding.OpenFooter(file, Magic, Version)
	if err != nil {
		return nil, fmt.Errorf("docvalues: %w", err)
	}
	d := encoding.NewDecbuf(body)
	maxDoc := d.Uvarint()
	n := d.Uvarint()
	if maxDoc > 1<<32-1 || n > uint64(len(body)) {
		return nil, fmt.Errorf("docvalues: %w: header", encoding.ErrCorrupt)
	}
	f := &File{maxDoc: uint32(maxDoc), columns: make(map[string]*column, n)}
	type entry struct {
		name string
		kind Kind
		size uint64
	}
	entries := make([]entry, 0, n)
	for i := uint64(0); i < n && d.Err() == nil; i++ {
		entries = append(entries, entry{name: string(d.UvarintBytes()), kind: Kind(d.Byte()), size: d.Uvarint()})
	}
	for _, en := range entries {
		switch {
		case d.Err() != nil:
		case en.size > uint64(d.Len()):
			d.Fail(fmt.Errorf("%w: column %q beyond the file", encoding.ErrCorrupt, en.name))
		case en.kind != Numeric && en.kind != Sorted:
			d.Fail(fmt.Errorf("%w: column %q has kind %d", encoding.ErrCorrupt, en.name, en.kind))
		case f.columns[en.name] != nil:
			d.Fail(fmt.Errorf("%w: column %q twice", encoding.ErrCorrupt, en.name))
		}
		if d.Err() != nil {
			break
		}
		f.columns[en.name] = &column{kind: en.kind, data: d.Bytes(int(en.size))}
	}
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("docvalues: %w", err)
	}
	if d.Len() != 0 {
		return nil, fmt.Errorf("docvalues: %w: %d trailing bytes", encoding.ErrCorrupt, d.Len())
	}
	return f, nil
}

// MaxDoc returns the number of documents of the segment.
func (f *File) MaxDoc() uint32 { return f.maxDoc }

// Columns returns the names of the numeric and of the keyword columns,
// each sorted.
func (f *File) Columns() (numeric, sorted []string) {
	for n, c := range f.columns {
		if c.kind == Numeric {
			numeric = append(numeric, n)
		} else {
			sorted = append(sorted, n)
		}
	}
	slices.Sort(numeric)
	slices.Sort(sorted)
	return numeric, sorted
}

// Numeric returns the numeric column name, decoded, or nil when the file
// has no numeric column of that name. The error says the column's bytes
// do not hold a valid column.
func (f *File) Numeric(name string) (*NumericColumn, error) {
	c := f.columns[name]
	if c == nil || c.kind != Numeric {
		return nil, nil
	}
	if err := c.decode(name, f.maxDoc); err != nil {
		return nil, err
	}
	return c.numeric, nil
}

// Sorted returns the keyword column name, decoded, or nil when the file
// has no keyword column of that name. The error says the column's bytes
// do not hold a valid column.
func (f *File) Sorted(name string) (*SortedColumn, error) {
	c := f.columns[name]
	if c == nil || c.kind != Sorted {
		return nil, nil
	}
	if err := c.decode(name, f.maxDoc); err != nil {
		return nil, err
	}
	return c.sorted, nil
}

// Check decodes and validates every column: what a search would find
// wrong in any of them, for tools that check a whole index (it reads the
// whole file).
func (f *File) Check() error {
	names := make([]string, 0, len(f.columns))
	for n := range f.columns {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		if err := f.columns[n].decode(n, f.maxDoc); err != nil {
			return err
		}
	}
	return nil
}

// NumericColumn is one numeric column.
type NumericColumn struct {
	docCount int
	dense    bool
	single   bool
	docs     packed
	offsets  packed
	values   packed
	min      int64
	gcd      uint64
}

func readNumeric(d *encoding.Decbuf, maxDoc uint32) *NumericColumn {
	docs, vals := d.Uvarint(), d.Uvarint()
	c := &NumericColumn{min: d.Varint(), gcd: d.Uvarint()}
	flags := d.Byte()
	docWidth, offWidth, valWidth := d.Byte(), d.Byte(), d.Byte()
	if d.Err() != nil {
		return c
	}
	c.dense, c.single = flags&1 != 0, flags&2 != 0
	switch {
	case flags > 3, docs > uint64(maxDoc), vals > 1<<31, docs > vals, c.single && docs != vals,
		c.dense && docs != uint64(maxDoc), c.gcd == 0:
		d.Fail(fmt.Errorf("%w: numeric column header", encoding.ErrCorrupt))
		return c
	}
	c.docCount = int(docs)
	if !c.dense {
		c.docs = readPacked(d, int(docs), docWidth)
	}
	if !c.single {
		c.offsets = readPacked(d, int(docs)+1, offWidth)
	}
	c.values = readPacked(d, int(vals), valWidth)
	if d.Err() != nil {
		return c
	}
	// Validate what iteration relies on, once, so cursors need no checks:
	// document ids strictly increase below maxDoc; offsets rise from 0 to
	// the value count.
	prev := int64(-1)
	for i := 0; i < c.docCount && !c.dense; i++ {
		doc := int64(c.docs.get(i))
		if doc <= prev || doc >= int64(maxDoc) {
			d.Fail(fmt.Errorf("%w: document ids out of order", encoding.ErrCorrupt))
			return c
		}
		prev = doc
	}
	if !c.single {
		if c.offsets.get(0) != 0 || c.offsets.get(c.docCount) != vals {
			d.Fail(fmt.Errorf("%w: offsets", encoding.ErrCorrupt))
			return c
		}
		for i := 0; i < c.docCount; i++ {
			if c.offsets.get(i+1) <= c.offsets.get(i) {
				d.Fail(fmt.Errorf("%w: offsets out of order", encoding.ErrCorrupt))
				return c
			}
		}
	}
	return c
}

// DocCount returns the number of documents with at least one value.
func (c *NumericColumn) DocCount() int { return c.docCount }

// SingleValued reports whether every document with values has exactly one.
func (c *NumericColumn) SingleValued() bool { return c.single }

func (c *NumericColumn) docAt(i int) uint32 {
	if c.dense {
		return uint32(i)
	}
	return uint32(c.docs.get(i))
}

func (c *NumericColumn) value(j int) int64 {
	return c.min + int64(c.values.get(j)*c.gcd)
}

// Cursor returns a forward cursor over the column.
func (c *NumericColumn) Cursor() NumericCursor { return NumericCursor{c: c, i: -1} }

// NumericCursor reads a numeric column in document order. It is also a
// document iterator over the documents that have values (Next, Advance,
// DocID), which range filters use.
type NumericCursor struct {
	c          *NumericColumn
	i          int // index of the current document among those with values
	start, end int // its values
}

// AdvanceExact positions the cursor on doc and reports whether doc has
// values. Targets must not decrease.
func (u *NumericCursor) AdvanceExact(doc uint32) bool {
	c := u.c
	if c.dense {
		if int(doc) >= c.docCount {
			return false
		}
		u.at(int(doc))
		return true
	}
	// Gallop from the current position, then binary search.
	lo := max(u.i, 0)
	step := 1
	hi := lo
	for hi < c.docCount && c.docAt(hi) < doc {
		lo = hi
		hi += step
		step *= 2
	}
	hi = min(hi, c.docCount)
	k := lo + sort.Search(hi-lo, func(k int) bool { return c.docAt(lo+k) >= doc })
	if k >= c.docCount || c.docAt(k) != doc {
		u.i = k - 1
		return false
	}
	u.at(k)
	return true
}

func (u *NumericCursor) at(i int) {
	u.i = i
	if u.c.single {
		u.start, u.end = i, i+1
	} else {
		u.start, u.end = int(u.c.offsets.get(i)), int(u.c.offsets.get(i+1))
	}
}

// Next moves to the next document with values.
func (u *NumericCursor) Next() bool {
	if u.i+1 >= u.c.docCount {
		u.i = u.c.docCount
		return false
	}
	u.at(u.i + 1)
	return true
}

// Advance moves to the first document ≥ target that has values.
func (u *NumericCursor) Advance(target uint32) bool {
	if u.AdvanceExact(target) {
		return true
	}
	return u.Next()
}

// DocID returns the current document.
func (u *NumericCursor) DocID() uint32 { return u.c.docAt(u.i) }

// Err returns nil: columns are validated when opened.
func (u *NumericCursor) Err() error { return nil }

// Count returns the number of values of the current document.
func (u *NumericCursor) Count() int { return u.end - u.start }

// Value returns the current document's k-th smallest value.
func (u *NumericCursor) Value(k int) int64 { return u.c.value(u.start + k) }

// SortedColumn is one keyword column: a sorted term table and the
// ordinals of each document's terms.
type SortedColumn struct {
	terms [][]byte
	ords  *NumericColumn
}

func readSorted(d *encoding.Decbuf, maxDoc uint32) *SortedColumn {
	n := d.Uvarint()
	if n > uint64(d.Len()) {
		d.Fail(fmt.Errorf("%w: %d terms", encoding.ErrCorrupt, n))
		return &SortedColumn{}
	}
	c := &SortedColumn{terms: make([][]byte, 0, n)}
	for i := uint64(0); i < n && d.Err() == nil; i++ {
		t := d.UvarintBytes()
		if len(c.terms) > 0 && bytes.Compare(c.terms[len(c.terms)-1], t) >= 0 {
			d.Fail(fmt.Errorf("%w: terms out of order", encoding.ErrCorrupt))
		}
		c.terms = append(c.terms, t)
	}
	c.ords = readNumeric(d, maxDoc)
	// Ordinals must index the term table.
	for j := 0; d.Err() == nil && j < c.ords.values.n; j++ {
		if v := c.ords.value(j); v < 0 || v >= int64(len(c.terms)) {
			d.Fail(fmt.Errorf("%w: ordinal %d beyond the %d terms", encoding.ErrCorrupt, v, len(c.terms)))
		}
	}
	return c
}

// Terms returns the number of distinct terms.
func (c *SortedColumn) Terms() int { return len(c.terms) }

// Term returns the term of ordinal ord; ordinal order is byte order.
func (c *SortedColumn) Term(ord int) []byte { return c.terms[ord] }

// Lookup returns the ordinal of term.
func (c *SortedColumn) Lookup(term []byte) (int, bool) {
	return slices.BinarySearchFunc(c.terms, term, bytes.Compare)
}

// CountOrds adds to counts[ord] the number of documents holding each
// ordinal's term; counts has Terms() entries. It reads the column whole,
// without a cursor, for a search that matches every document.
func (c *SortedColumn) CountOrds(counts []int64) {
	o := c.ords
	for j := range o.values.n {
		counts[o.value(j)]++
	}
}

// Cursor returns a forward cursor over the documents' ordinals: Value(k)
// is the k-th smallest ordinal of the current document.
func (c *SortedColumn) Cursor() NumericCursor { return c.ords.Cursor() }
