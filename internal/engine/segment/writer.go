// Package segment owns one segment of one logical index: how parsed
// records become the segment's files (inverted fields with positions,
// per-field term dictionaries, length norms, doc values, stored sources,
// field statistics) and how those files are opened again for search.
//
// Documents are numbered in block-join order, as Lucene's nested documents
// are: a record's nested children (its sections, in source order) come
// first, then the record itself. The roots (records) are listed in the
// segment's meta file; a child's parent is the first root after it.
//
// Text fields are analysed with the standard analyzer; the values of a
// multi-valued field are separated by a position gap of 100, so phrases
// never match across values. A document's norm is its field length
// encoded with Lucene's SmallFloat. Keyword fields index each value as one
// term, documents only, without norms. Integer, date and rank_feature
// fields go to doc values only; so do keyword fields (for aggregations).
//
// Merge writes one segment from several (a build's flushed segments),
// streaming, leaving out deleted records; its files are those a Writer
// would write from the surviving records alone.
//
// See docs/format/segment.md for the files.
package segment

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"

	"github.com/contractsearch/contractsearch/internal/engine/analysis"
	"github.com/contractsearch/contractsearch/internal/engine/document"
	"github.com/contractsearch/contractsearch/internal/engine/docvalues"
	"github.com/contractsearch/contractsearch/internal/engine/encoding"
	"github.com/contractsearch/contractsearch/internal/engine/postings"
	"github.com/contractsearch/contractsearch/internal/engine/similarity"
	"github.com/contractsearch/contractsearch/internal/engine/store"
	"github.com/contractsearch/contractsearch/internal/engine/termdict"
	"github.com/contractsearch/contractsearch/mappings"
)

// PositionGap separates the values of a multi-valued text field
// (OpenSearch's position_increment_gap default).
const PositionGap = 100

// IDField is the field holding records' _id values (keyword postings and
// doc values, roots only).
const IDField = "_id"

// Kind is how a field is inverted.
type Kind byte

// Field kinds with postings.
const (
	// Text fields are analysed, with frequencies, positions and norms.
	Text Kind = 1
	// Keyword fields index each value as one term, documents only.
	Keyword Kind = 2
)

// metaTextOffsets is the kind byte the meta file gives a text field whose
// postings hold offsets; it opens as a Text field with Offsets set.
const metaTextOffsets byte = 3

// metaKind is a field's kind byte in the meta file.
func metaKind(kind Kind, offsets bool) byte {
	if kind == Text && offsets {
		return metaTextOffsets
	}
	return byte(kind)
}

// indexOptions are the postings options of a field of kind (with offsets).
func indexOptions(kind Kind, offsets bool) postings.IndexOptions {
	switch {
	case kind == Text && offsets:
		return postings.DocsFreqsPositionsOffsets
	case kind == Text:
		return postings.DocsFreqsPositions
	}
	return postings.DocsOnly
}

// termBuf accumulates one term's postings in memory, compactly: the
// write buffers are what bounds a build's memory (docs/performance.md,
// "Build memory at 8×"), and most terms occur a few times, where three
// []uint32 and their headers cost several times the uvarints below.
type termBuf struct {
	// docs holds, per document, its distance from the previous document
	// (the first: its number) as a uvarint, then, once the next document
	// starts, its frequency as a uvarint: the last document's frequency
	// is freq until the postings are written.
	docs []byte
	// prox holds, for text fields, per occurrence, its position minus the
	// previous one in the document (the first: the position) and, with
	// offsets, its start minus the previous start in the document (the
	// first: the start) and its length, all uvarints.
	prox      []byte
	df        uint32 // documents
	lastDoc   uint32
	freq      uint32 // occurrences in lastDoc so far
	lastPos   uint32 // the position of the term's last occurrence
	lastStart uint32 // the start of the term's last occurrence
}

// fieldBuf accumulates one field.
type fieldBuf struct {
	name     string
	kind     Kind
	offsets  bool
	terms    map[string]*termBuf
	norms    []byte // by document; 0 = no value (text fields only)
	docCount uint64
	sumTTF   uint64
}

// Writer builds one segment in memory. Records are added one at a time;
// Finish writes the files.
type Writer struct {
	analyzer *analysis.Analyzer
	fields   map[string]*fieldBuf
	keywords map[string]*docvalues.SortedWriter
	numerics map[string]*docvalues.NumericWriter
	// sources are the documents' stored sources, by document id: they
	// are compressed when the segment is finished, so that compression
	// runs where the files are written (a build finishes a segment on
	// another goroutine while the next one is filled) rather than on the
	// goroutine that analyses the records.
	sources [][]byte
	roots   []uint32
	maxDoc  uint32
	done    bool

	// scratch for one field of one document
	seen map[*termBuf]bool
}

// NewWriter returns a writer that analyses text with analyzer.
func NewWriter(analyzer *analysis.Analyzer) (*Writer, error) {
	return &Writer{
		analyzer: analyzer,
		fields:   map[string]*fieldBuf{},
		keywords: map[string]*docvalues.SortedWriter{},
		numerics: map[string]*docvalues.NumericWriter{},
		seen:     map[*termBuf]bool{},
	}, nil
}

// MaxDoc returns the number of documents (records and their children)
// added so far.
func (w *Writer) MaxDoc() uint32 { return w.maxDoc }

// Add adds a record with its nested children: the children get the next
// document ids, in order, then the record. It returns the record's
// document id.
func (w *Writer) Add(id string, doc *document.Document, source []byte) (uint32, error) {
	if w.done {
		return 0, errors.New("segment: Add after Finish")
	}
	if len(id) > termdict.MaxTermLength {
		return 0, fmt.Errorf("segment: _id is %d bytes, longer than %d", len(id), termdict.MaxTermLength)
	}
	if uint64(w.maxDoc)+uint64(len(doc.Children))+1 >= 1<<31 {
		return 0, errors.New("segment: too many documents in one segment")
	}
	// Check everything that can refuse the record before changing state.
	if err := checkFields(doc.Fields); err != nil {
		return 0, err
	}
	for _, c := range doc.Children {
		if err := checkFields(c.Fields); err != nil {
			return 0, err
		}
	}
	for _, c := range doc.Children {
		if err := w.addDoc(c.Fields, c.Source); err != nil {
			return 0, err
		}
	}
	root := w.maxDoc
	if err := w.addDoc(doc.Fields, source); err != nil {
		return 0, err
	}
	w.invertKeyword(IDField, root, []string{id})
	if err := w.keywordDV(IDField).Add(root, []byte(id)); err != nil {
		return 0, err
	}
	w.roots = append(w.roots, root)
	return root, nil
}

// checkFields refuses keyword values Lucene cannot index ("immense
// term") and rank features it cannot encode, as OpenSearch refuses such a
// record — before Add changes anything, so a refused record leaves no
// document behind.
func checkFields(fields []document.Field) error {
	for _, f := range fields {
		if f.Type == mappings.RankFeature && f.Indexed {
			if _, err := similarity.EncodeFeature(f.Feature); err != nil {
				return &document.Error{Type: "illegal_argument_exception", Reason: fmt.Sprintf("field [%s]: %v", f.Path, err)}
			}
		}
		if f.Type != mappings.Keyword || !f.Indexed {
			continue
		}
		for _, v := range f.Strings {
			if len(v) > termdict.MaxTermLength {
				return &document.Error{Type: "illegal_argument_exception",
					Reason: fmt.Sprintf("Document contains at least one immense term in field=\"%s\" (whose UTF8 encoding is longer than the max length %d)", f.Path, termdict.MaxTermLength)}
			}
		}
	}
	return nil
}

// addDoc inverts one document's fields and keeps its source for the
// store. The writer keeps a reference to source until it is finished.
func (w *Writer) addDoc(fields []document.Field, source []byte) error {
	doc := w.maxDoc
	w.sources = append(w.sources, source)
	w.maxDoc++
	for _, f := range fields {
		if !f.Indexed {
			continue
		}
		switch f.Type {
		case mappings.Text:
			w.invertText(f.Path, doc, f.Strings, f.Offsets)
		case mappings.Keyword:
			w.invertKeyword(f.Path, doc, f.Strings)
			terms := make([][]byte, len(f.Strings))
			for i, s := range f.Strings {
				terms[i] = []byte(s)
			}
			if err := w.keywordDV(f.Path).Add(doc, terms...); err != nil {
				return err
			}
		case mappings.Integer, mappings.Date:
			if err := w.numericDV(f.Path).Add(doc, f.Longs...); err != nil {
				return err
			}
		case mappings.RankFeature:
			enc, err := similarity.EncodeFeature(f.Feature)
			if err != nil {
				return &document.Error{Type: "illegal_argument_exception", Reason: fmt.Sprintf("field [%s]: %v", f.Path, err)}
			}
			if err := w.numericDV(f.Path).Add(doc, int64(enc)); err != nil {
				return err
			}
		}
	}
	return nil
}

func (w *Writer) field(name string, kind Kind, offsets bool) *fieldBuf {
	f := w.fields[name]
	if f == nil {
		f = &fieldBuf{name: name, kind: kind, offsets: offsets, terms: map[string]*termBuf{}}
		w.fields[name] = f
	}
	return f
}

func (w *Writer) keywordDV(name string) *docvalues.SortedWriter {
	k := w.keywords[name]
	if k == nil {
		k = &docvalues.SortedWriter{}
		w.keywords[name] = k
	}
	return k
}

func (w *Writer) numericDV(name string) *docvalues.NumericWriter {
	n := w.numerics[name]
	if n == nil {
		n = &docvalues.NumericWriter{}
		w.numerics[name] = n
	}
	return n
}

// term returns the buffer of term in f, positioned on doc.
func (f *fieldBuf) term(term []byte, doc uint32) *termBuf {
	t := f.terms[string(term)]
	if t == nil {
		t = &termBuf{}
		f.terms[string(term)] = t
	}
	if t.df == 0 || t.lastDoc != doc {
		delta := doc
		if t.df > 0 {
			t.docs = binary.AppendUvarint(t.docs, uint64(t.freq))
			delta = doc - t.lastDoc
		}
		t.docs = binary.AppendUvarint(t.docs, uint64(delta))
		t.df++
		t.lastDoc, t.freq = doc, 0
	}
	return t
}

// invertText analyses the values of a text field of one document. With
// offsets, each occurrence's start and end are UTF-16 code units of the
// values joined with one unit between them: Java's character offsets, as
// Lucene indexes them (its offset gap is 1) and as OpenSearch's
// highlighter reads them in the values it joins with U+0000.
func (w *Writer) invertText(name string, doc uint32, values []string, offsets bool) {
	f := w.field(name, Text, offsets)
	length := 0
	// pos is Lucene's invertState.position: -1 before the first token,
	// then each token's position. After every value, empty ones included,
	// Lucene adds the position increment gap, so ["a", "", "b"] puts b at
	// 0 + 100 + 100 + 1 = 201.
	pos := -1
	base16 := 0 // offset of the value in the joined values
	for i, v := range values {
		base := pos + 1
		var to16 analysis.UTF16Cursor
		var n16 int
		if f.offsets {
			if i > 0 {
				base16++
			}
			var ascii bool
			n16, ascii = analysis.UTF16Len(v)
			to16 = analysis.NewUTF16Cursor(v, ascii)
		}
		w.analyzer.Analyze(v, func(tok analysis.Token) {
			p := base + tok.Position
			t := f.term(tok.Term, doc)
			t.freq++
			first := t.freq == 1 // the document's first occurrence of the term
			prevPos := t.lastPos
			if first {
				prevPos = 0
			}
			t.prox = binary.AppendUvarint(t.prox, uint64(uint32(p)-prevPos))
			t.lastPos = uint32(p)
			if f.offsets {
				start := uint32(base16 + to16.Offset(tok.Start))
				end := uint32(base16 + to16.Offset(tok.End))
				prev := t.lastStart
				if first {
					prev = 0
				}
				t.prox = binary.AppendUvarint(t.prox, uint64(start-prev))
				t.prox = binary.AppendUvarint(t.prox, uint64(end-start))
				t.lastStart = start
			}
			pos = p
			length++
		})
		pos += PositionGap
		base16 += n16
	}
	if length == 0 {
		return
	}
	for len(f.norms) <= int(doc) {
		f.norms = append(f.norms, 0)
	}
	f.norms[doc] = similarity.IntToByte4(int32(min(length, 1<<31-1)))
	f.docCount++
	f.sumTTF += uint64(length)
}

// invertKeyword indexes each value of a keyword field as one term.
func (w *Writer) invertKeyword(name string, doc uint32, values []string) {
	if len(values) == 0 {
		return
	}
	f := w.field(name, Keyword, false)
	clear(w.seen)
	for _, v := range values {
		t := f.term([]byte(v), doc)
		if !w.seen[t] {
			w.seen[t] = true
			t.freq = 1
			f.sumTTF++
		}
	}
	f.docCount++
}

// Files maps file names to their content. It is also a Sink that keeps
// what is written in memory.
type Files map[string][]byte

// Sink receives the files of a segment as they are written: Create
// returns a writer for a new file, which is complete once closed.
type Sink interface {
	Create(name string) (io.WriteCloser, error)
}

// Create returns a writer whose content becomes file name on Close.
func (f Files) Create(name string) (io.WriteCloser, error) {
	return &memFile{files: f, name: name}, nil
}

type memFile struct {
	bytes.Buffer
	files Files
	name  string
}

func (m *memFile) Close() error {
	m.files[m.name] = m.Bytes()
	return nil
}

// writeFile writes one whole file to sink.
func writeFile(sink Sink, name string, data []byte) error {
	f, err := sink.Create(name)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Finish encodes the segment's files in memory; names are prefixed with
// prefix ("contract-0" gives contract-0.meta, …).
func (w *Writer) Finish(prefix string) (Files, error) {
	out := Files{}
	if err := w.FinishTo(prefix, out); err != nil {
		return nil, err
	}
	return out, nil
}

// FinishTo encodes the segment's files and writes them to sink, one after
// the other, so only one file is in memory at a time besides the
// writer's own buffers.
func (w *Writer) FinishTo(prefix string, sink Sink) error {
	if w.done {
		return errors.New("segment: Finish called twice")
	}
	w.done = true
	// The sources first: the raw bytes they hold can go before the
	// fields are encoded.
	if err := w.writeStore(sink, prefix+".src"); err != nil {
		return fmt.Errorf("segment: %w", err)
	}
	names := make([]string, 0, len(w.fields))
	for n := range w.fields {
		names = append(names, n)
	}
	sort.Strings(names)

	meta := newMetaWriter(w.maxDoc, w.roots, len(names))
	for num, name := range names {
		f := w.fields[name]
		stats, err := w.writeField(sink, prefix, num, f)
		if err != nil {
			return fmt.Errorf("segment: field %s: %w", name, err)
		}
		meta.addField(name, metaKind(f.kind, f.offsets), f.docCount, f.sumTTF, stats)
		delete(w.fields, name) // its buffers can go
	}

	dv := docvalues.NewFileWriter(w.maxDoc)
	for _, name := range sortedKeys(w.keywords) {
		if err := dv.AddSorted(name, w.keywords[name]); err != nil {
			return fmt.Errorf("segment: doc values %s: %w", name, err)
		}
	}
	for _, name := range sortedKeys(w.numerics) {
		if err := dv.AddNumeric(name, w.numerics[name]); err != nil {
			return fmt.Errorf("segment: doc values %s: %w", name, err)
		}
	}
	if err := writeFile(sink, prefix+".dv", dv.Finish()); err != nil {
		return fmt.Errorf("segment: %w", err)
	}
	// The meta file goes last: a segment whose meta is written is whole.
	if err := writeFile(sink, prefix+".meta", meta.finish()); err != nil {
		return fmt.Errorf("segment: %w", err)
	}
	return nil
}

// writeStore compresses the sources into the store file, streamed to
// sink.
func (w *Writer) writeStore(sink Sink, name string) error {
	f, err := sink.Create(name)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := store.NewStreamWriter(f)
	if err != nil {
		return err
	}
	for i, src := range w.sources {
		if _, err := st.Add(src); err != nil {
			return err
		}
		w.sources[i] = nil // compressed: it can go
	}
	w.sources = nil
	if _, err := st.Finish(); err != nil {
		return err
	}
	return f.Close()
}

// metaWriter encodes the meta file: documents, roots, then one entry per
// field.
type metaWriter struct{ e encoding.Encbuf }

func newMetaWriter(maxDoc uint32, roots []uint32, fields int) *metaWriter {
	m := &metaWriter{}
	m.e.PutUvarint(uint64(maxDoc))
	m.e.PutUvarint(uint64(len(roots)))
	prev := uint32(0)
	for i, r := range roots {
		if i == 0 {
			m.e.PutUvarint(uint64(r))
		} else {
			m.e.PutUvarint(uint64(r - prev))
		}
		prev = r
	}
	m.e.PutUvarint(uint64(fields))
	return m
}

func (m *metaWriter) addField(name string, kind byte, docCount, sumTTF uint64, stats fieldStats) {
	m.e.PutUvarintBytes([]byte(name))
	m.e.PutByte(kind)
	m.e.PutUvarint(docCount)
	m.e.PutUvarint(sumTTF)
	m.e.PutUvarint(stats.sumDocFreq)
	m.e.PutUvarint(stats.terms)
}

func (m *metaWriter) finish() []byte {
	m.e.PutFooter(MetaMagic, Version)
	return m.e.B
}

type fieldStats struct{ sumDocFreq, terms uint64 }

// writeField writes field number num's term dictionary, postings and
// norms.
func (w *Writer) writeField(sink Sink, prefix string, num int, f *fieldBuf) (fieldStats, error) {
	opts := indexOptions(f.kind, f.offsets)
	// The postings stream to their files: a field's postings are most of
	// a segment, and buffers grown to their size would be copied again at
	// every doubling.
	files, err := createPostingsFiles(sink, prefix, num, f.kind, f.offsets)
	if err != nil {
		return fieldStats{}, err
	}
	defer files.close()
	pw := postings.NewStreamWriterOffsets(opts, files.docs, files.pos, files.off)
	dict := termdict.NewBuilder()
	terms := make([]string, 0, len(f.terms))
	for t := range f.terms {
		terms = append(terms, t)
	}
	slices.Sort(terms) // byte order: Go compares strings bytewise
	var stats fieldStats
	var metaBuf encoding.Encbuf
	var pos, offs []uint32
	for _, term := range terms {
		t := f.terms[term]
		if err := pw.StartTerm(); err != nil {
			return stats, err
		}
		docs, prox := t.docs, t.prox
		var doc uint32
		for i := range t.df {
			delta, n := binary.Uvarint(docs)
			docs = docs[n:]
			doc += uint32(delta) // the first delta is the document itself
			freq := t.freq
			if i+1 < t.df {
				v, n := binary.Uvarint(docs)
				docs = docs[n:]
				freq = uint32(v)
			}
			pos, offs = pos[:0], offs[:0]
			norm := similarity.NoNorms
			if f.kind == Text {
				var p, start uint32
				for range freq {
					d, n := binary.Uvarint(prox)
					prox = prox[n:]
					p += uint32(d)
					pos = append(pos, p)
					if f.offsets {
						delta, n := binary.Uvarint(prox)
						length, m := binary.Uvarint(prox[n:])
						prox = prox[n+m:]
						start += uint32(delta)
						offs = append(offs, start, start+uint32(length))
					}
				}
				norm = f.norms[doc]
			}
			if err := pw.AddDocOffsets(doc, freq, norm, pos, offs); err != nil {
				return stats, err
			}
		}
		m, err := pw.FinishTerm()
		if err != nil {
			return stats, err
		}
		metaBuf.Reset()
		m.AppendTo(&metaBuf, opts)
		if err := dict.Add([]byte(term), m.DocFreq, metaBuf.B); err != nil {
			return stats, err
		}
		stats.sumDocFreq += uint64(t.df)
		stats.terms++
	}
	if _, _, err := pw.Finish(); err != nil {
		return stats, err
	}
	if err := files.close(); err != nil {
		return stats, err
	}
	tdi, err := dict.Finish()
	if err != nil {
		return stats, err
	}
	if err := writeFile(sink, fieldFile(prefix, num, "tdi"), tdi); err != nil {
		return stats, err
	}
	if f.kind == Text {
		norms := append(f.norms, make([]byte, int(w.maxDoc)-len(f.norms))...)
		if err := writeFile(sink, fieldFile(prefix, num, "nrm"), encodeNorms(norms)); err != nil {
			return stats, err
		}
	}
	return stats, nil
}

// postingsFiles are the postings files of one field being written: the
// documents, and for text fields the positions and, with offsets, the
// offsets (nil otherwise).
type postingsFiles struct {
	docs, pos, off io.WriteCloser
}

// createPostingsFiles creates field number num's postings files in sink,
// as a Writer and a merge write them.
func createPostingsFiles(sink Sink, prefix string, num int, kind Kind, offsets bool) (*postingsFiles, error) {
	pf := &postingsFiles{}
	var err error
	if pf.docs, err = sink.Create(fieldFile(prefix, num, "doc")); err != nil {
		return nil, err
	}
	if kind == Text {
		if pf.pos, err = sink.Create(fieldFile(prefix, num, "pos")); err != nil {
			pf.close()
			return nil, err
		}
		if offsets {
			if pf.off, err = sink.Create(fieldFile(prefix, num, "off")); err != nil {
				pf.close()
				return nil, err
			}
		}
	}
	return pf, nil
}

// close closes the files, once: the first error, if any, says the files
// are incomplete.
func (pf *postingsFiles) close() error {
	var first error
	for _, f := range []*io.WriteCloser{&pf.docs, &pf.pos, &pf.off} {
		if *f == nil {
			continue
		}
		if err := (*f).Close(); err != nil && first == nil {
			first = err
		}
		*f = nil
	}
	return first
}

// encodeNorms returns a norms file.
func encodeNorms(norms []byte) []byte {
	var n encoding.Encbuf
	n.B = make([]byte, 0, len(norms)+encoding.FooterSize)
	n.PutBytes(norms)
	n.PutFooter(NormsMagic, Version)
	return n.B
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// fieldFile names field number num's file with extension ext, for the
// writer and the reader alike.
func fieldFile(prefix string, num int, ext string) string {
	return prefix + ".f" + strconv.Itoa(num) + "." + ext
}
