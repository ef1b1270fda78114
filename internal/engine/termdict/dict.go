package termdict

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"github.com/blevesearch/vellum"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// Magic and Version identify a term dictionary file in its footer. Version
// changes with any change of the bytes written, the FST's included: the
// FST encoding is vellum's, so a vellum upgrade that changes it needs a new
// Version (TestByteDump pins the bytes).
const (
	Magic   uint32 = 0x43494454 // "TDIC" on disk
	Version uint32 = 1
)

// trailerSize is the size of the fixed trailer before the footer:
// entries length, FST length and term count, three little-endian uint64.
const trailerSize = 24

// TermInfo is what the dictionary holds for one term.
type TermInfo struct {
	// Term is the term's bytes. From Get it is the caller's argument; from an
	// Iterator it is valid until the iterator moves.
	Term []byte
	// DocFreq is the number of documents the term occurs in (≥ 1).
	DocFreq uint32
	// Meta is the postings metadata stored with the term. It aliases the
	// file: read-only, valid as long as the file is mapped.
	Meta []byte
}

// Dict is an open term dictionary over the bytes of one file. It never
// copies the file (which is normally memory-mapped) and is safe for
// concurrent use; iterators are not, each belongs to one goroutine.
type Dict struct {
	entries []byte // the entries section
	fst     *vellum.FST
	n       int
	readers sync.Pool // *vellum.Reader: Get without allocating a decoder state
}

// Open reads a term dictionary file: the footer's magic and version, the
// section lengths and the FST's header and root, nothing more, so opening
// costs the same whatever the dictionary's size. The checksum is not
// read here: the caller verifies it (encoding.VerifyChecksum, or the
// index generation's verification pass) before the dictionary is used,
// and trusts a file whose checksum matches for everything else; Check
// verifies every structure when that trust is not enough (built with the
// invariants tag, Open runs it).
func Open(file []byte) (*Dict, error) {
	body, err := encoding.OpenFooter(file, Magic, Version)
	if err != nil {
		return nil, fmt.Errorf("termdict: %w", err)
	}
	if len(body) < trailerSize {
		return nil, fmt.Errorf("termdict: %w: %d bytes before the footer, shorter than the %d-byte trailer",
			encoding.ErrTruncated, len(body), trailerSize)
	}
	tr := body[len(body)-trailerSize:]
	entriesLen := binary.LittleEndian.Uint64(tr)
	fstLen := binary.LittleEndian.Uint64(tr[8:])
	n := binary.LittleEndian.Uint64(tr[16:])
	sections := uint64(len(body) - trailerSize)
	if entriesLen > sections || fstLen != sections-entriesLen {
		return nil, fmt.Errorf("termdict: %w: entries (%d bytes) and FST (%d bytes) do not fill the %d bytes before the trailer",
			encoding.ErrCorrupt, entriesLen, fstLen, sections)
	}
	// Every entry takes at least two bytes (docFreq and meta length), so the
	// term count is bounded by the entries section: a corrupt count cannot
	// make a reader size anything by it.
	if n > entriesLen/2 {
		return nil, fmt.Errorf("termdict: %w: %d terms cannot fit in %d bytes of entries", encoding.ErrCorrupt, n, entriesLen)
	}
	d := &Dict{entries: body[:entriesLen], n: int(n)}
	fstBytes := body[entriesLen:sections]
	if err := d.loadFST(fstBytes); err != nil {
		return nil, err
	}
	if d.fst.Len() != d.n {
		return nil, fmt.Errorf("termdict: %w: FST holds %d terms, trailer says %d", encoding.ErrCorrupt, d.fst.Len(), d.n)
	}
	d.readers.New = func() any { r, _ := d.fst.Reader(); return r }
	if invariants {
		if err := d.Check(); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// fstHeaderSize and fstFooterSize are vellum v1's FST header (version,
// type) and footer (key count, root address), each two uint64.
const (
	fstHeaderSize = 16
	fstFooterSize = 16
	fstVersion    = 1
)

func (d *Dict) loadFST(b []byte) (err error) {
	if len(b) < fstHeaderSize+fstFooterSize {
		return fmt.Errorf("termdict: %w: FST of %d bytes, shorter than its header and footer", encoding.ErrCorrupt, len(b))
	}
	if v, typ := binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:]); v != fstVersion || typ != 0 {
		return fmt.Errorf("termdict: %w: FST version %d type %d, want version %d type 0", encoding.ErrCorrupt, v, typ, fstVersion)
	}
	// The root address must point into the FST's states (or be one of
	// vellum's two sentinel addresses, 0 = empty and 1 = none).
	if root := binary.LittleEndian.Uint64(b[len(b)-8:]); root >= uint64(len(b)-fstFooterSize) {
		return fmt.Errorf("termdict: %w: FST root address %d outside its %d bytes", encoding.ErrCorrupt, root, len(b))
	}
	defer recoverCorrupt(&err)
	d.fst, err = vellum.Load(b)
	if err != nil {
		return fmt.Errorf("termdict: %w: loading the FST: %v", encoding.ErrCorrupt, err)
	}
	return nil
}

// recoverCorrupt turns a panic inside vellum into ErrCorrupt. vellum trusts
// its bytes (it indexes them without bounds checks of its own); the file's
// checksum makes a corrupt FST reaching it unlikely, and this makes it
// harmless: every call into vellum on the read path goes through it.
func recoverCorrupt(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("termdict: %w: FST: %v", encoding.ErrCorrupt, r)
	}
}

// Len returns the number of terms.
func (d *Dict) Len() int { return d.n }

// Get looks a term up. It returns false if the term is absent, and an error
// only for a corrupt file. Get allocates nothing.
func (d *Dict) Get(term []byte) (info TermInfo, ok bool, err error) {
	r := d.readers.Get().(*vellum.Reader)
	off, ok, err := readerGet(r, term)
	d.readers.Put(r)
	if err != nil || !ok {
		return TermInfo{}, false, err
	}
	info.Term = term
	info.DocFreq, info.Meta, err = d.entry(off)
	return info, err == nil, err
}

func readerGet(r *vellum.Reader, term []byte) (off uint64, ok bool, err error) {
	defer recoverCorrupt(&err)
	off, ok, err = r.Get(term)
	return off, ok, fstErr(err)
}

// fstErr marks an error from vellum's read path as corruption: vellum reads
// bytes that passed the checksum, so any error it finds is in the data.
// vellum.ErrIteratorDone, the end of an iteration, passes unchanged.
func fstErr(err error) error {
	if err == nil || errors.Is(err, vellum.ErrIteratorDone) {
		return err
	}
	return fmt.Errorf("termdict: %w: FST: %v", encoding.ErrCorrupt, err)
}

// entry decodes the entry at off in the entries section.
func (d *Dict) entry(off uint64) (docFreq uint32, meta []byte, err error) {
	if off >= uint64(len(d.entries)) {
		return 0, nil, fmt.Errorf("termdict: %w: entry offset %d outside the %d-byte entries section",
			encoding.ErrCorrupt, off, len(d.entries))
	}
	dec := encoding.NewDecbuf(d.entries[off:])
	docFreq = dec.Uvarint32()
	meta = dec.UvarintBytes()
	if err := dec.Err(); err != nil {
		return 0, nil, fmt.Errorf("termdict: entry at offset %d: %w", off, err)
	}
	if docFreq == 0 {
		return 0, nil, fmt.Errorf("termdict: %w: entry at offset %d has docFreq 0", encoding.ErrCorrupt, off)
	}
	return docFreq, meta, nil
}
