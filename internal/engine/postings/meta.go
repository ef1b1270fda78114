package postings

import (
	"errors"
	"fmt"
	"math"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// File identity, checked by Open before any other byte is trusted.
const (
	// DocsMagic ends every docs file: "PDOC" in little-endian byte order.
	DocsMagic uint32 = 0x434f4450
	// PositionsMagic ends every positions file: "PPOS".
	PositionsMagic uint32 = 0x534f5050
	// OffsetsMagic ends every offsets file: "POFF".
	OffsetsMagic uint32 = 0x46464f50
	// Version is the format version this package writes and reads (the
	// same for the three files). Version 2 added offsets.
	Version uint32 = 2
)

// NoMoreDocs is the document id an exhausted iterator reports and the
// "no further block" answer of AdvanceShallow. Writers refuse it as a real
// document, so it can never be confused with one.
const NoMoreDocs uint32 = math.MaxUint32

// Errors the Writer returns for calls that break its contract; test with
// errors.Is. None of them poisons the Writer: the call changes nothing.
var (
	// ErrStage reports a call out of the order NewWriter → (StartTerm →
	// AddDoc… → FinishTerm)… → Finish.
	ErrStage = errors.New("postings: call out of order")
	// ErrDocOrder reports a document id not above the previous one of the
	// term, or NoMoreDocs.
	ErrDocOrder = errors.New("postings: document ids must strictly increase")
	// ErrPositions reports positions that disagree with the index options or
	// the frequency, or that decrease.
	ErrPositions = errors.New("postings: bad positions")
	// ErrOffsets reports offsets that disagree with the index options or
	// the frequency, a start offset below the previous one of the
	// document, or an end before its start.
	ErrOffsets = errors.New("postings: bad offsets")
)

// IndexOptions says what a field's postings record. It is fixed per field
// and passed to every call that encodes or decodes, because the bytes do
// not repeat it.
type IndexOptions uint8

const (
	// DocsOnly records documents only, as Lucene's IndexOptions.DOCS:
	// keyword fields, where a term occurs at most once per value and
	// scoring needs no frequency. Freq reports 1.
	DocsOnly IndexOptions = iota + 1
	// DocsFreqsPositions records documents, term frequencies and positions:
	// text fields, for BM25, phrase queries and highlighting.
	DocsFreqsPositions
	// DocsFreqsPositionsOffsets records, besides DocsFreqsPositions, each
	// occurrence's start and end offsets (Lucene's
	// DOCS_AND_FREQS_AND_POSITIONS_AND_OFFSETS, OpenSearch's
	// `index_options: offsets`): text fields the highlighter reads
	// offsets of instead of analysing their values again.
	DocsFreqsPositionsOffsets
)

func (o IndexOptions) valid() bool {
	return o == DocsOnly || o == DocsFreqsPositions || o == DocsFreqsPositionsOffsets
}

// positional reports whether the options record frequencies and positions.
func (o IndexOptions) positional() bool {
	return o == DocsFreqsPositions || o == DocsFreqsPositionsOffsets
}

// HasOffsets reports whether the options record offsets.
func (o IndexOptions) HasOffsets() bool { return o == DocsFreqsPositionsOffsets }

// String returns the option's name.
func (o IndexOptions) String() string {
	switch o {
	case DocsOnly:
		return "DocsOnly"
	case DocsFreqsPositions:
		return "DocsFreqsPositions"
	case DocsFreqsPositionsOffsets:
		return "DocsFreqsPositionsOffsets"
	}
	return fmt.Sprintf("IndexOptions(%d)", uint8(o))
}

// TermMeta is what the term dictionary keeps per term to find its postings:
// statistics for scoring and offsets into the two streams. The dictionary
// stores the bytes AppendTo writes without looking inside them.
type TermMeta struct {
	// DocFreq is the number of documents containing the term (≥ 1).
	DocFreq uint32
	// TotalTermFreq is the sum of the term's frequencies over its documents;
	// DocFreq for DocsOnly fields.
	TotalTermFreq uint64
	// DocOffset is where the term's blocks start in the docs stream; 0 for
	// a singleton, which has no bytes there.
	DocOffset uint64
	// SkipOffset is where the term's skip data starts in the docs stream;
	// only terms with at least one full block (DocFreq ≥ 128) have it.
	SkipOffset uint64
	// PosOffset is where the term's positions start in the positions
	// stream (DocsFreqsPositions and DocsFreqsPositionsOffsets).
	PosOffset uint64
	// OffOffset is where the term's offsets start in the offsets stream,
	// and OffIndex where their block index starts (terms with at least
	// one full block of occurrences, TotalTermFreq ≥ 128); both
	// DocsFreqsPositionsOffsets only.
	OffOffset, OffIndex uint64
	// SingletonDoc is the only document of a term with DocFreq == 1, kept
	// here instead of in the docs stream, as Lucene does: such terms are
	// about half of a vocabulary and a block for one document would cost a
	// seek and more bytes than the id itself.
	SingletonDoc uint32
}

// hasSkip reports whether the term has skip data.
func (m TermMeta) hasSkip() bool { return m.DocFreq >= BlockSize }

// AppendTo appends the encoded metadata to e:
//
//	docFreq <uvarint>
//	ttf−docFreq <uvarint>            DocsFreqsPositions only
//	singletonDoc <uvarint>           docFreq == 1
//	docOffset <uvarint>              docFreq ≥ 2
//	skipOffset−docOffset <uvarint>   docFreq ≥ 128
//	posOffset <uvarint>              DocsFreqsPositions(Offsets) only
//	offOffset <uvarint>              DocsFreqsPositionsOffsets only
//	offIndex−offOffset <uvarint>     DocsFreqsPositionsOffsets, ttf ≥ 128
//
// Every value is absolute or relative to another field of the same term,
// so the dictionary can decode any term without its neighbours.
func (m TermMeta) AppendTo(e *encoding.Encbuf, opts IndexOptions) {
	e.PutUvarint(uint64(m.DocFreq))
	positional := opts.positional()
	if positional {
		e.PutUvarint(m.TotalTermFreq - uint64(m.DocFreq))
	}
	if m.DocFreq == 1 {
		e.PutUvarint(uint64(m.SingletonDoc))
	} else {
		e.PutUvarint(m.DocOffset)
		if m.hasSkip() {
			e.PutUvarint(m.SkipOffset - m.DocOffset)
		}
	}
	if positional {
		e.PutUvarint(m.PosOffset)
	}
	if opts.HasOffsets() {
		e.PutUvarint(m.OffOffset)
		if m.TotalTermFreq >= BlockSize {
			e.PutUvarint(m.OffIndex - m.OffOffset)
		}
	}
}

// DecodeTermMeta reads metadata written by AppendTo with the same options.
// Errors (truncation, a zero DocFreq, values out of range) are recorded in
// d; the result is then meaningless.
func DecodeTermMeta(d *encoding.Decbuf, opts IndexOptions) TermMeta {
	var m TermMeta
	m.DocFreq = d.Uvarint32()
	m.TotalTermFreq = uint64(m.DocFreq)
	positional := opts.positional()
	if positional {
		extra := d.Uvarint()
		if extra > math.MaxUint64-uint64(m.DocFreq) {
			d.Fail(fmt.Errorf("%w: total term frequency overflows", encoding.ErrCorrupt))
			return TermMeta{}
		}
		m.TotalTermFreq += extra
	}
	if m.DocFreq == 1 {
		m.SingletonDoc = d.Uvarint32()
		if m.SingletonDoc == NoMoreDocs {
			d.Fail(fmt.Errorf("%w: singleton document %d", encoding.ErrCorrupt, m.SingletonDoc))
		}
	} else {
		m.DocOffset = d.Uvarint()
		if m.hasSkip() {
			rel := d.Uvarint()
			if rel > math.MaxUint64-m.DocOffset {
				d.Fail(fmt.Errorf("%w: skip offset overflows", encoding.ErrCorrupt))
			}
			m.SkipOffset = m.DocOffset + rel
		}
	}
	if positional {
		m.PosOffset = d.Uvarint()
	}
	if opts.HasOffsets() {
		m.OffOffset = d.Uvarint()
		if m.TotalTermFreq >= BlockSize {
			rel := d.Uvarint()
			if rel > math.MaxUint64-m.OffOffset {
				d.Fail(fmt.Errorf("%w: offsets index offset overflows", encoding.ErrCorrupt))
			}
			m.OffIndex = m.OffOffset + rel
		}
	}
	if d.Err() == nil && m.DocFreq == 0 {
		d.Fail(fmt.Errorf("%w: term with no documents", encoding.ErrCorrupt))
	}
	if d.Err() != nil {
		return TermMeta{}
	}
	return m
}
