package termdict

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/blevesearch/vellum"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// Builder writes one term dictionary. It moves through fixed stages —
// NewBuilder, Add for each term in strictly increasing byte order, Finish —
// and returns an error for a call out of order instead of writing a file
// that breaks the format's invariants.
//
// A rejected Add leaves the builder as it was, so the caller may report the
// term and go on; an error from the FST library is sticky, since the FST
// stream can no longer be trusted.
type Builder struct {
	entries  encoding.Encbuf // the entries section being written
	fstBuf   bytes.Buffer    // the FST, streamed by vellum
	fst      *vellum.Builder // nil until the first Add
	last     []byte          // the previous term, for the order check
	n        uint64          // terms added
	finished bool
	err      error // sticky: the FST builder failed
}

// Errors reported by Builder. They are wrapped with the term concerned.
var (
	// ErrOutOfOrder reports a term that is not greater than the previous one
	// (duplicates included): the FST and the binary search of every reader
	// depend on strictly increasing terms.
	ErrOutOfOrder = errors.New("termdict: term not greater than the previous term")
	// ErrTermTooLong reports a term over MaxTermLength bytes.
	ErrTermTooLong = errors.New("termdict: term too long")
	// ErrZeroDocFreq reports a term said to occur in no document: such a term
	// has no postings and does not belong in the dictionary.
	ErrZeroDocFreq = errors.New("termdict: docFreq is 0")
	// ErrFinished reports a call after Finish.
	ErrFinished = errors.New("termdict: builder already finished")
)

// MaxTermLength is the longest term, in bytes, a dictionary holds: Lucene's
// IndexWriter.MAX_TERM_LENGTH (32766), so that a term OpenSearch refuses as
// "immense" is refused here too rather than silently kept.
const MaxTermLength = 32766

// NewBuilder returns a builder for an empty dictionary.
func NewBuilder() *Builder {
	return &Builder{}
}

// Add appends a term with the number of documents it occurs in and the
// postings metadata to store for it (opaque here; it may be empty). Terms
// must come in strictly increasing byte order. The empty term is allowed,
// as in Lucene (a keyword field indexed with the value "" has it), and then
// sorts first. meta is copied; the caller may reuse it.
func (b *Builder) Add(term []byte, docFreq uint32, meta []byte) error {
	switch {
	case b.finished:
		return ErrFinished
	case b.err != nil:
		return b.err
	case len(term) > MaxTermLength:
		return fmt.Errorf("%w: %d bytes, at most %d (term starts %q)", ErrTermTooLong, len(term), MaxTermLength, term[:32])
	case docFreq == 0:
		return fmt.Errorf("%w for term %q", ErrZeroDocFreq, term)
	case b.n > 0 && bytes.Compare(term, b.last) <= 0:
		return fmt.Errorf("%w: %q after %q", ErrOutOfOrder, term, b.last)
	}
	if b.fst == nil {
		fst, err := vellum.New(&b.fstBuf, nil)
		if err != nil {
			b.err = fmt.Errorf("termdict: starting the FST: %w", err)
			return b.err
		}
		b.fst = fst
	}
	if err := b.fst.Insert(term, uint64(b.entries.Len())); err != nil {
		b.err = fmt.Errorf("termdict: inserting %q into the FST: %w", term, err)
		return b.err
	}
	b.entries.PutUvarint(uint64(docFreq))
	b.entries.PutUvarintBytes(meta)
	b.last = append(b.last[:0], term...)
	b.n++
	return nil
}

// Len returns the number of terms added so far.
func (b *Builder) Len() int { return int(b.n) }

// Finish completes the dictionary and returns the whole file, footer
// included. The builder cannot be used afterwards.
func (b *Builder) Finish() ([]byte, error) {
	switch {
	case b.finished:
		return nil, ErrFinished
	case b.err != nil:
		return nil, b.err
	}
	b.finished = true
	if b.fst == nil { // no term: vellum still writes a valid empty FST
		fst, err := vellum.New(&b.fstBuf, nil)
		if err != nil {
			return nil, fmt.Errorf("termdict: starting the FST: %w", err)
		}
		b.fst = fst
	}
	if err := b.fst.Close(); err != nil {
		return nil, fmt.Errorf("termdict: closing the FST: %w", err)
	}
	out := encoding.Encbuf{B: make([]byte, 0, b.entries.Len()+b.fstBuf.Len()+trailerSize+encoding.FooterSize)}
	out.PutBytes(b.entries.B)
	out.PutBytes(b.fstBuf.Bytes())
	out.PutU64(uint64(b.entries.Len()))
	out.PutU64(uint64(b.fstBuf.Len()))
	out.PutU64(b.n)
	out.PutFooter(Magic, Version)
	b.entries = encoding.Encbuf{}
	b.fstBuf = bytes.Buffer{}
	b.last = nil
	return out.B, nil
}
