package segment

import (
	"errors"
	"fmt"
	"sort"

	"github.com/contractsearch/contractsearch/internal/engine/docvalues"
	"github.com/contractsearch/contractsearch/internal/engine/encoding"
	"github.com/contractsearch/contractsearch/internal/engine/postings"
	"github.com/contractsearch/contractsearch/internal/engine/store"
	"github.com/contractsearch/contractsearch/internal/engine/termdict"
)

// Format identifiers of the files this package writes itself (the others
// carry their own packages' magics).
const (
	MetaMagic  uint32 = 0x4d474553 // "SEGM"
	NormsMagic uint32 = 0x4d524f4e // "NORM"
	Version    uint32 = 2
)

// FileSource returns a file's content by name (a mapped generation's File).
type FileSource func(name string) ([]byte, bool)

// Field is one inverted field of a segment with its statistics.
type Field struct {
	Name string
	Kind Kind
	// DocCount is the number of documents with at least one term in the
	// field: BM25's N for this field (summed over segments by the searcher).
	DocCount uint64
	// SumTotalTermFreq is the sum of the field's lengths (text) or of its
	// terms' document frequencies (keyword); with DocCount it gives avgdl.
	SumTotalTermFreq uint64
	SumDocFreq       uint64
	// NumTerms is the number of distinct terms.
	NumTerms uint64
	// Offsets says the text field's postings hold offsets (its mapping's
	// index_options: offsets): Postings' iterators then give them with
	// NextPositionOffsets.
	Offsets  bool
	Terms    *termdict.Dict
	Postings *postings.Reader
	// Norms holds one byte per document (0: no value); nil for keyword
	// fields, which have no norms.
	Norms []byte
}

// IndexOptions returns the postings options of the field's kind.
func (f *Field) IndexOptions() postings.IndexOptions {
	return indexOptions(f.Kind, f.Offsets)
}

// Segment is an opened segment.
type Segment struct {
	MaxDoc    uint32
	roots     []uint32
	fields    map[string]*Field
	DocValues *docvalues.File
	Store     *store.Reader
}

// Open opens the segment whose files are named prefix.* in files. It reads
// what it needs and no more: the meta file whole (checksum included), and
// of the other files their footers (magic, version), sizes and index
// structures — the doc values' column directory, each column decoded and
// checked when a search first reads it — so opening costs little whatever
// the segment's size. The checksums of the files read only in part —
// dictionaries, postings, positions, norms, doc values, sources — are the
// caller's to verify before the segment is searched (the index
// generation's verification pass, generation.Live); until then a damaged
// file may open.
func Open(prefix string, files FileSource) (*Segment, error) {
	get := func(name string) ([]byte, error) {
		b, ok := files(name)
		if !ok {
			return nil, fmt.Errorf("segment %s: file %s is missing", prefix, name)
		}
		return b, nil
	}
	raw, err := get(prefix + ".meta")
	if err != nil {
		return nil, err
	}
	body, err := encoding.CheckFooter(raw, MetaMagic, Version)
	if err != nil {
		var ve *encoding.VersionError
		if errors.As(err, &ve) && ve.Got < Version {
			return nil, fmt.Errorf("segment %s: %s: %w: the index was written by an older build; rebuild it with this one (cmd/ingest)", prefix, prefix+".meta", err)
		}
		return nil, fmt.Errorf("segment %s: %s: %w", prefix, prefix+".meta", err)
	}
	d := encoding.NewDecbuf(body)
	s := &Segment{fields: map[string]*Field{}}
	maxDoc := d.Uvarint()
	nroots := d.Uvarint()
	if maxDoc > 1<<31 || nroots > maxDoc {
		return nil, fmt.Errorf("segment %s: %s: %w: %d roots in %d documents", prefix, prefix+".meta", encoding.ErrCorrupt, nroots, maxDoc)
	}
	s.MaxDoc = uint32(maxDoc)
	s.roots = make([]uint32, 0, nroots)
	var root uint64
	for i := uint64(0); i < nroots && d.Err() == nil; i++ {
		delta := d.Uvarint()
		if i > 0 && delta == 0 {
			d.Fail(fmt.Errorf("%w: roots out of order", encoding.ErrCorrupt))
		}
		root += delta
		if root >= maxDoc {
			d.Fail(fmt.Errorf("%w: root %d beyond %d documents", encoding.ErrCorrupt, root, maxDoc))
		}
		s.roots = append(s.roots, uint32(root))
	}
	if (maxDoc > 0) != (nroots > 0) || (len(s.roots) > 0 && s.roots[len(s.roots)-1] != s.MaxDoc-1) {
		d.Fail(fmt.Errorf("%w: the last document is not a root", encoding.ErrCorrupt))
	}
	nfields := d.Uvarint()
	for num := uint64(0); num < nfields && d.Err() == nil; num++ {
		f := &Field{Name: string(d.UvarintBytes()), Kind: Kind(d.Byte()), DocCount: d.Uvarint(),
			SumTotalTermFreq: d.Uvarint(), SumDocFreq: d.Uvarint(), NumTerms: d.Uvarint()}
		if d.Err() != nil {
			break
		}
		if byte(f.Kind) == metaTextOffsets {
			f.Kind, f.Offsets = Text, true
		}
		if f.Kind != Text && f.Kind != Keyword {
			return nil, fmt.Errorf("segment %s: %s: %w: field %s has kind %d", prefix, prefix+".meta", encoding.ErrCorrupt, f.Name, f.Kind)
		}
		if err := s.openField(prefix, int(num), f, get); err != nil {
			return nil, err
		}
		s.fields[f.Name] = f
	}
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("segment %s: %s: %w", prefix, prefix+".meta", err)
	}
	if d.Len() != 0 {
		return nil, fmt.Errorf("segment %s: %s: %w: trailing bytes", prefix, prefix+".meta", encoding.ErrCorrupt)
	}
	dv, err := get(prefix + ".dv")
	if err != nil {
		return nil, err
	}
	if s.DocValues, err = docvalues.Open(dv); err != nil {
		return nil, fmt.Errorf("segment %s: %s: %w", prefix, prefix+".dv", err)
	}
	if s.DocValues.MaxDoc() != s.MaxDoc {
		return nil, fmt.Errorf("segment %s: %s: %w: doc values for %d documents, meta says %d", prefix, prefix+".dv", encoding.ErrCorrupt, s.DocValues.MaxDoc(), s.MaxDoc)
	}
	src, err := get(prefix + ".src")
	if err != nil {
		return nil, err
	}
	if s.Store, err = store.Open(src); err != nil {
		return nil, fmt.Errorf("segment %s: %s: %w", prefix, prefix+".src", err)
	}
	if s.Store.Docs() != s.MaxDoc {
		return nil, fmt.Errorf("segment %s: %s: %w: store holds %d documents, meta says %d", prefix, prefix+".src", encoding.ErrCorrupt, s.Store.Docs(), s.MaxDoc)
	}
	return s, nil
}

func (s *Segment) openField(prefix string, num int, f *Field, get func(string) ([]byte, error)) error {
	tdi, err := get(fieldFile(prefix, num, "tdi"))
	if err != nil {
		return err
	}
	if f.Terms, err = termdict.Open(tdi); err != nil {
		return fmt.Errorf("segment %s: field %s: %s: %w", prefix, f.Name, fieldFile(prefix, num, "tdi"), err)
	}
	if uint64(f.Terms.Len()) != f.NumTerms {
		return fmt.Errorf("segment %s: field %s: %s: %w: %d terms, meta says %d", prefix, f.Name, fieldFile(prefix, num, "tdi"), encoding.ErrCorrupt, f.Terms.Len(), f.NumTerms)
	}
	docs, err := get(fieldFile(prefix, num, "doc"))
	if err != nil {
		return err
	}
	var pos []byte
	if f.Kind == Text {
		if pos, err = get(fieldFile(prefix, num, "pos")); err != nil {
			return err
		}
		raw, err := get(fieldFile(prefix, num, "nrm"))
		if err != nil {
			return err
		}
		if f.Norms, err = encoding.OpenFooter(raw, NormsMagic, Version); err != nil {
			return fmt.Errorf("segment %s: field %s: %s: norms: %w", prefix, f.Name, fieldFile(prefix, num, "nrm"), err)
		}
		if len(f.Norms) != int(s.MaxDoc) {
			return fmt.Errorf("segment %s: field %s: %s: norms: %w: %d bytes for %d documents", prefix, f.Name, fieldFile(prefix, num, "nrm"), encoding.ErrCorrupt, len(f.Norms), s.MaxDoc)
		}
	}
	var off []byte
	if f.Offsets {
		if off, err = get(fieldFile(prefix, num, "off")); err != nil {
			return err
		}
	}
	if f.Postings, err = postings.OpenWithOffsets(docs, pos, off, f.IndexOptions()); err != nil {
		files := fieldFile(prefix, num, "doc")
		if f.Kind == Text {
			files += ", " + fieldFile(prefix, num, "pos")
		}
		if f.Offsets {
			files += ", " + fieldFile(prefix, num, "off")
		}
		return fmt.Errorf("segment %s: field %s: %s: %w", prefix, f.Name, files, err)
	}
	return nil
}

// Field returns the inverted field name, or nil when no document of the
// segment has it.
func (s *Segment) Field(name string) *Field { return s.fields[name] }

// Fields lists the inverted fields, sorted.
func (s *Segment) Fields() []string {
	names := make([]string, 0, len(s.fields))
	for n := range s.fields {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Roots returns the record (root document) ids, ascending.
func (s *Segment) Roots() []uint32 { return s.roots }

// IsRoot reports whether doc is a record rather than a nested child.
func (s *Segment) IsRoot(doc uint32) bool {
	i := sort.Search(len(s.roots), func(i int) bool { return s.roots[i] >= doc })
	return i < len(s.roots) && s.roots[i] == doc
}

// Parent returns the record a document belongs to (itself for a record)
// and the first child of that record; children of record r are
// [firstChild, r). doc must be below MaxDoc (Open checked that the last
// document is a record, so every document has one).
func (s *Segment) Parent(doc uint32) (root, firstChild uint32) {
	i := sort.Search(len(s.roots), func(i int) bool { return s.roots[i] >= doc })
	root = s.roots[i]
	if i > 0 {
		firstChild = s.roots[i-1] + 1
	}
	return root, firstChild
}

// ID returns a record's _id.
func (s *Segment) ID(root uint32) (string, error) {
	ids, err := s.DocValues.Sorted(IDField)
	if err != nil {
		return "", fmt.Errorf("segment: %w", err)
	}
	if ids == nil {
		return "", fmt.Errorf("segment: no _id column")
	}
	cur := ids.Cursor()
	if !cur.AdvanceExact(root) {
		return "", fmt.Errorf("segment: document %d has no _id", root)
	}
	return string(ids.Term(int(cur.Value(0)))), nil
}

// DocOccurrences reads one document's indexed occurrences in a field with
// offsets: the highlighter's postings path (highlight.Offsets). Not safe
// for concurrent use.
type DocOccurrences struct {
	f   *Field
	doc uint32
	it  *postings.Iterator
}

// DocOccurrences returns the reader of doc's occurrences in the field, or
// nil when the field has no offsets.
func (f *Field) DocOccurrences(doc uint32) *DocOccurrences {
	if f == nil || !f.Offsets {
		return nil
	}
	return &DocOccurrences{f: f, doc: doc}
}

// Occurrences calls fn with the position and the start and end offsets
// (UTF-16 code units of the document's values joined with one unit
// between them) of each occurrence of term in the document, in position
// order; never when the document does not have the term.
func (o *DocOccurrences) Occurrences(term string, fn func(pos, start, end int)) error {
	info, ok, err := o.f.Terms.Get([]byte(term))
	if err != nil || !ok {
		return err
	}
	meta, err := decodeMeta(info.Meta, o.f.IndexOptions())
	if err != nil {
		return fmt.Errorf("term %q: %w", term, err)
	}
	o.it = o.f.Postings.Postings(meta, o.it)
	if !o.it.Advance(o.doc) || o.it.DocID() != o.doc {
		return o.it.Err()
	}
	for range o.it.Freq() {
		p, s, e, ok := o.it.NextPositionOffsets()
		if !ok {
			if err := o.it.Err(); err != nil {
				return err
			}
			return fmt.Errorf("term %q: %w: document %d has fewer occurrences than its frequency", term, encoding.ErrCorrupt, o.doc)
		}
		fn(int(p), int(s), int(e))
	}
	return o.it.Err()
}

// Prefixed returns the field's terms that start with prefix, in byte
// order, and true; or nil and false when more than limit terms do (the
// caller then finds the document's matching tokens another way).
func (o *DocOccurrences) Prefixed(prefix string, limit int) ([]string, bool, error) {
	return firstTerms(o.f.Terms.Prefix([]byte(prefix)), limit)
}

// Fuzzy returns the field's terms within maxEdits edits of term whose
// first prefixLen code points are term's (termdict.Dict.Fuzzy), in byte
// order, and true; or nil and false when more than limit terms are.
func (o *DocOccurrences) Fuzzy(term string, maxEdits int, transpositions bool, prefixLen, limit int) ([]string, bool, error) {
	it, err := o.f.Terms.Fuzzy(term, maxEdits, transpositions, prefixLen)
	if err != nil {
		return nil, false, err
	}
	return firstTerms(it, limit)
}

// firstTerms returns the terms of it and true, or nil and false when it
// has more than limit.
func firstTerms(it *termdict.Iterator, limit int) ([]string, bool, error) {
	var terms []string
	for it.Next() {
		if len(terms) == limit {
			return nil, false, nil
		}
		terms = append(terms, string(it.Term()))
	}
	if err := it.Err(); err != nil {
		return nil, false, err
	}
	return terms, true, nil
}
