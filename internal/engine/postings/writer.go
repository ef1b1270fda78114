package postings

import (
	"fmt"
	"io"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

type stage uint8

const (
	stageIdle     stage = iota // between terms
	stageInTerm                // after StartTerm
	stageFinished              // after Finish
)

func (s stage) String() string {
	return [...]string{"between terms", "inside a term", "finished"}[s]
}

// Writer writes the postings of one field of one segment, term after term,
// into a docs stream, (for DocsFreqsPositions and
// DocsFreqsPositionsOffsets) a positions stream and (for
// DocsFreqsPositionsOffsets) an offsets stream, held in memory. It moves through fixed stages:
//
//	NewWriter → (StartTerm → AddDoc… → FinishTerm)… → Finish
//
// A call out of that order returns ErrStage and changes nothing; so does a
// rejected AddDoc. Terms may come in any order: the term dictionary keeps
// the TermMeta FinishTerm returns.
type Writer struct {
	opts       IndexOptions
	positional bool
	hasOff     bool
	stage      stage
	docs, pos  encoding.Encbuf
	off        encoding.Encbuf

	// Streaming (NewStreamWriter): completed terms' bytes move from docs
	// and pos to these, and docsBase/posBase count the bytes moved, so
	// offsets stay absolute.
	docsOut, posOut   *encoding.Writer
	offOut            *encoding.Writer
	docsBase, posBase uint64
	offBase           uint64
	streaming         bool

	// The current term.
	termDocStart, termPosStart uint64
	docFreq                    uint32
	posCount                   uint64 // positions written or buffered, = ttf so far
	lastDoc                    uint32
	base                       uint32 // first doc id the next block's first delta is relative to

	// The current doc block: up to 128 documents not yet written.
	nBuf          int
	bufDocs       [BlockSize]uint32
	bufFreqs      [BlockSize]uint32
	bufNorms      [BlockSize]byte
	blockPosOff   uint64 // positions state at the block's first document
	blockPosCount uint64

	// The current position block: up to 128 deltas not yet written.
	nPos   int
	posBuf [BlockSize]uint32

	// The current offsets block: up to 128 (start delta, length) pairs
	// not yet written, and where each written block of the term starts
	// (relative to termOffStart), for the term's block index.
	termOffStart   uint64
	nOff           int
	offStarts      [BlockSize]uint32
	offLens        [BlockSize]uint32
	offBlockStarts []uint64

	// Skip data of the current term, one entry per block, written at
	// FinishTerm when the term has a full block.
	skLastDoc, skDocOff, skPosOff, skPosCount, skImpOff []uint64
	skImpacts                                           encoding.Encbuf
	blockAcc, termAcc                                   impactAcc

	scratch [BlockSize]uint32
	impBuf  []Impact
}

// NewWriter returns a Writer for a field with the given options that
// keeps the files in memory; Finish returns them.
func NewWriter(opts IndexOptions) *Writer {
	return &Writer{opts: opts, positional: opts.positional(), hasOff: opts.HasOffsets()}
}

// streamChunk is how many bytes of completed terms a streaming Writer
// buffers before writing them out.
const streamChunk = 1 << 20

// NewStreamWriter returns a Writer that streams the docs file to docs and
// the positions file to positions (nil for DocsOnly), holding only the
// current term and about a megabyte of finished ones in memory: merging
// segments writes fields larger than memory should hold. Finish writes
// the footers and returns nil slices; the bytes are those NewWriter's
// Finish would return.
func NewStreamWriter(opts IndexOptions, docs, positions io.Writer) *Writer {
	return NewStreamWriterOffsets(opts, docs, positions, nil)
}

// NewStreamWriterOffsets is NewStreamWriter with the offsets file streamed
// to offsets (needed for DocsFreqsPositionsOffsets, else ignored).
func NewStreamWriterOffsets(opts IndexOptions, docs, positions, offsets io.Writer) *Writer {
	w := NewWriter(opts)
	w.docsOut = encoding.NewWriter(docs)
	if w.positional && positions != nil {
		w.posOut = encoding.NewWriter(positions)
	}
	if w.hasOff && offsets != nil {
		w.offOut = encoding.NewWriter(offsets)
	}
	w.streaming = true
	return w
}

// docsLen and posLen are the lengths of the two files so far.
func (w *Writer) docsLen() uint64 { return w.docsBase + uint64(w.docs.Len()) }
func (w *Writer) posLen() uint64  { return w.posBase + uint64(w.pos.Len()) }
func (w *Writer) offLen() uint64  { return w.offBase + uint64(w.off.Len()) }

// drain writes out buffered bytes of finished terms when streaming.
func (w *Writer) drain(force bool) error {
	if w.docsOut != nil && (force || w.docs.Len() >= streamChunk) {
		_, _ = w.docsOut.Write(w.docs.B)
		w.docsBase += uint64(w.docs.Len())
		w.docs.Reset()
		if err := w.docsOut.Err(); err != nil {
			return fmt.Errorf("postings: write docs: %w", err)
		}
	}
	if w.posOut != nil && (force || w.pos.Len() >= streamChunk) {
		_, _ = w.posOut.Write(w.pos.B)
		w.posBase += uint64(w.pos.Len())
		w.pos.Reset()
		if err := w.posOut.Err(); err != nil {
			return fmt.Errorf("postings: write positions: %w", err)
		}
	}
	if w.offOut != nil && (force || w.off.Len() >= streamChunk) {
		_, _ = w.offOut.Write(w.off.B)
		w.offBase += uint64(w.off.Len())
		w.off.Reset()
		if err := w.offOut.Err(); err != nil {
			return fmt.Errorf("postings: write offsets: %w", err)
		}
	}
	return nil
}

// StartTerm begins the postings of a new term.
func (w *Writer) StartTerm() error {
	if !w.opts.valid() {
		return fmt.Errorf("postings: invalid %v", w.opts)
	}
	if w.stage != stageIdle {
		return fmt.Errorf("%w: StartTerm %v", ErrStage, w.stage)
	}
	if w.streaming && w.positional && w.posOut == nil {
		return fmt.Errorf("postings: a streaming %v writer needs a positions writer", w.opts)
	}
	if w.streaming && w.hasOff && w.offOut == nil {
		return fmt.Errorf("postings: a streaming %v writer needs an offsets writer", w.opts)
	}
	w.stage = stageInTerm
	w.termDocStart = w.docsLen()
	w.termPosStart = w.posLen()
	w.termOffStart = w.offLen()
	w.docFreq, w.posCount, w.lastDoc, w.base = 0, 0, 0, 0
	w.nBuf, w.nPos, w.nOff = 0, 0, 0
	w.offBlockStarts = w.offBlockStarts[:0]
	w.skLastDoc, w.skDocOff, w.skPosOff = w.skLastDoc[:0], w.skDocOff[:0], w.skPosOff[:0]
	w.skPosCount, w.skImpOff = w.skPosCount[:0], w.skImpOff[:0]
	w.skImpacts.Reset()
	return nil
}

// AddDoc adds a document to the current term. doc must be above the
// previous document of the term. For DocsFreqsPositions, freq must equal
// len(positions) and be at least 1, and positions must not decrease; for
// DocsOnly, freq is ignored (recorded as 1) and positions must be empty.
// norm is the document's one-byte length norm (0 for fields without
// norms); it is used only for impacts. A DocsFreqsPositionsOffsets field
// needs AddDocOffsets.
func (w *Writer) AddDoc(doc, freq uint32, norm byte, positions []uint32) error {
	return w.AddDocOffsets(doc, freq, norm, positions, nil)
}

// AddDocOffsets is AddDoc with the occurrences' offsets, which
// DocsFreqsPositionsOffsets fields need and other fields refuse: offsets
// holds a start and an end offset per position, in the positions' order
// (2·freq values); start offsets must not decrease within the document
// and no end may come before its start.
func (w *Writer) AddDocOffsets(doc, freq uint32, norm byte, positions, offsets []uint32) error {
	if w.stage != stageInTerm {
		return fmt.Errorf("%w: AddDoc %v", ErrStage, w.stage)
	}
	if doc == NoMoreDocs || (w.docFreq > 0 && doc <= w.lastDoc) {
		return fmt.Errorf("%w: %d after %d", ErrDocOrder, doc, w.lastDoc)
	}
	if w.positional {
		if freq == 0 || int(freq) != len(positions) {
			return fmt.Errorf("%w: freq %d with %d positions", ErrPositions, freq, len(positions))
		}
		for i := 1; i < len(positions); i++ {
			if positions[i] < positions[i-1] {
				return fmt.Errorf("%w: position %d after %d", ErrPositions, positions[i], positions[i-1])
			}
		}
	} else {
		if len(positions) != 0 {
			return fmt.Errorf("%w: %d positions for a DocsOnly field", ErrPositions, len(positions))
		}
		freq = 1
	}
	if w.hasOff {
		if len(offsets) != 2*int(freq) {
			return fmt.Errorf("%w: %d offsets for %d positions", ErrOffsets, len(offsets), freq)
		}
		var prev uint32
		for i := 0; i < len(offsets); i += 2 {
			if offsets[i] < prev || offsets[i+1] < offsets[i] {
				return fmt.Errorf("%w: occurrence %d: offsets [%d, %d) after start %d", ErrOffsets, i/2, offsets[i], offsets[i+1], prev)
			}
			prev = offsets[i]
		}
	} else if len(offsets) != 0 {
		return fmt.Errorf("%w: %d offsets for a %v field", ErrOffsets, len(offsets), w.opts)
	}

	if w.nBuf == 0 {
		w.blockPosOff = w.posLen() - w.termPosStart
		w.blockPosCount = w.posCount
	}
	w.bufDocs[w.nBuf] = doc
	w.bufFreqs[w.nBuf] = freq
	w.bufNorms[w.nBuf] = norm
	w.nBuf++
	if w.positional {
		var prev uint32
		for _, p := range positions {
			w.posBuf[w.nPos] = p - prev
			prev = p
			w.nPos++
			if w.nPos == BlockSize {
				w.flushPosBlock()
			}
		}
	}
	if w.hasOff {
		var prev uint32
		for i := 0; i < len(offsets); i += 2 {
			w.offStarts[w.nOff] = offsets[i] - prev
			w.offLens[w.nOff] = offsets[i+1] - offsets[i]
			prev = offsets[i]
			w.nOff++
			if w.nOff == BlockSize {
				w.flushOffBlock()
			}
		}
	}
	w.posCount += uint64(freq)
	w.docFreq++
	w.lastDoc = doc
	if w.nBuf == BlockSize {
		w.flushDocBlock()
	}
	return nil
}

// flushPosBlock writes 128 buffered position deltas as a packed block.
func (w *Writer) flushPosBlock() {
	var or uint32
	for _, d := range w.posBuf {
		or |= d
	}
	bits := bitsRequired(uint64(or))
	w.pos.PutByte(byte(bits))
	w.pos.B = pack128(w.pos.B, &w.posBuf, bits)
	w.nPos = 0
}

// flushOffBlock writes 128 buffered offsets as a packed block:
// startBits <1b> lenBits <1b> start deltas, lengths.
func (w *Writer) flushOffBlock() {
	w.offBlockStarts = append(w.offBlockStarts, w.offLen()-w.termOffStart)
	var ors, orl uint32
	for i := range BlockSize {
		ors |= w.offStarts[i]
		orl |= w.offLens[i]
	}
	sb, lb := bitsRequired(uint64(ors)), bitsRequired(uint64(orl))
	w.off.PutByte(byte(sb))
	w.off.PutByte(byte(lb))
	w.off.B = pack128(w.off.B, &w.offStarts, sb)
	w.off.B = pack128(w.off.B, &w.offLens, lb)
	w.nOff = 0
}

// finishOffsets writes the term's offsets tail (varint pairs) and, when
// the term has a full block, its block index: a width byte and a column
// of where each block, the tail included, starts relative to the term's
// offsets.
func (w *Writer) finishOffsets(m *TermMeta) error {
	m.OffOffset = w.termOffStart
	full := len(w.offBlockStarts) > 0
	if full {
		w.offBlockStarts = append(w.offBlockStarts, w.offLen()-w.termOffStart)
	}
	for i := range w.nOff {
		w.off.PutUvarint(uint64(w.offStarts[i]))
		w.off.PutUvarint(uint64(w.offLens[i]))
	}
	w.nOff = 0
	if !full {
		return nil
	}
	m.OffIndex = w.offLen()
	width := bitsRequired(w.offBlockStarts[len(w.offBlockStarts)-1])
	if width > maxColumnBits {
		return fmt.Errorf("postings: term too large for its offsets index (%d-bit offsets)", width)
	}
	w.off.PutByte(byte(width))
	w.off.B = packColumn(w.off.B, w.offBlockStarts, width)
	return nil
}

// addSkipEntry records the skip entry and the impacts of the buffered
// block, which is about to be written at the current end of the docs
// stream.
func (w *Writer) addSkipEntry() {
	w.skLastDoc = append(w.skLastDoc, uint64(w.bufDocs[w.nBuf-1]))
	w.skDocOff = append(w.skDocOff, w.docsLen()-w.termDocStart)
	w.skPosOff = append(w.skPosOff, w.blockPosOff)
	w.skPosCount = append(w.skPosCount, w.blockPosCount)
	for i := range w.nBuf {
		w.blockAcc.add(w.bufFreqs[i], w.bufNorms[i])
	}
	w.impBuf = w.blockAcc.pareto(w.impBuf[:0])
	for _, im := range w.impBuf {
		w.termAcc.add(im.Freq, im.Norm)
	}
	w.skImpOff = append(w.skImpOff, uint64(w.skImpacts.Len()))
	appendImpacts(&w.skImpacts, capImpacts(w.impBuf))
}

// flushDocBlock writes 128 buffered documents as a packed block:
// docBits <1b> [freqBits <1b>] deltas [freqs−1].
func (w *Writer) flushDocBlock() {
	w.addSkipEntry()
	var or uint32
	base := w.base
	for i, d := range w.bufDocs {
		w.scratch[i] = d - base
		or |= d - base
		base = d + 1
	}
	w.base = base
	docBits := bitsRequired(uint64(or))
	w.docs.PutByte(byte(docBits))
	if !w.positional {
		w.docs.B = pack128(w.docs.B, &w.scratch, docBits)
		w.nBuf = 0
		return
	}
	or = 0
	for _, f := range w.bufFreqs {
		or |= f - 1
	}
	freqBits := bitsRequired(uint64(or))
	w.docs.PutByte(byte(freqBits))
	w.docs.B = pack128(w.docs.B, &w.scratch, docBits)
	for i, f := range w.bufFreqs {
		w.scratch[i] = f - 1
	}
	w.docs.B = pack128(w.docs.B, &w.scratch, freqBits)
	w.nBuf = 0
}

// FinishTerm ends the current term and returns its metadata for the term
// dictionary. A term needs at least one document.
func (w *Writer) FinishTerm() (TermMeta, error) {
	if w.stage != stageInTerm {
		return TermMeta{}, fmt.Errorf("%w: FinishTerm %v", ErrStage, w.stage)
	}
	if w.docFreq == 0 {
		return TermMeta{}, fmt.Errorf("%w: FinishTerm of a term without documents", ErrStage)
	}
	m := TermMeta{DocFreq: w.docFreq, TotalTermFreq: w.posCount}
	if w.positional {
		m.PosOffset = w.termPosStart
	}
	switch {
	case w.docFreq == 1:
		m.SingletonDoc = w.bufDocs[0]
	default:
		m.DocOffset = w.termDocStart
		if w.nBuf > 0 {
			if w.docFreq >= BlockSize {
				w.addSkipEntry()
			}
			w.writeTail()
		}
		if w.docFreq >= BlockSize {
			m.SkipOffset = w.docsLen()
			if err := w.writeSkip(); err != nil {
				return TermMeta{}, err
			}
		}
	}
	if w.positional {
		for _, d := range w.posBuf[:w.nPos] {
			w.pos.PutUvarint(uint64(d))
		}
		w.nPos = 0
	}
	if w.hasOff {
		if err := w.finishOffsets(&m); err != nil {
			return TermMeta{}, err
		}
	}
	w.nBuf = 0
	w.stage = stageIdle
	if err := w.drain(false); err != nil {
		return TermMeta{}, err
	}
	return m, nil
}

// CancelTerm ends the current term without writing it; it must have no
// documents yet (a merge that finds every document of a term dropped
// cancels it). Nothing of the term has been written then, so the files
// are as before StartTerm.
func (w *Writer) CancelTerm() error {
	if w.stage != stageInTerm || w.docFreq != 0 {
		return fmt.Errorf("%w: CancelTerm %v with %d documents", ErrStage, w.stage, w.docFreq)
	}
	w.stage = stageIdle
	return nil
}

// writeTail writes the last, partial block as varints: per document
// delta<<1|freq==1 [freq] (DocsFreqsPositions) or delta (DocsOnly).
func (w *Writer) writeTail() {
	base := w.base
	for i, d := range w.bufDocs[:w.nBuf] {
		delta := uint64(d - base)
		base = d + 1
		if !w.positional {
			w.docs.PutUvarint(delta)
			continue
		}
		if f := w.bufFreqs[i]; f == 1 {
			w.docs.PutUvarint(delta<<1 | 1)
		} else {
			w.docs.PutUvarint(delta << 1)
			w.docs.PutUvarint(uint64(f))
		}
	}
	w.base = base
}

// writeSkip writes the term's skip data: term impacts, column widths, the
// columns, then the block impacts.
func (w *Writer) writeSkip() error {
	w.impBuf = w.termAcc.pareto(w.impBuf[:0])
	appendImpacts(&w.docs, capImpacts(w.impBuf))
	cols := [][]uint64{w.skLastDoc, w.skDocOff, w.skPosOff, w.skPosCount, w.skImpOff}
	if !w.positional {
		cols = [][]uint64{w.skLastDoc, w.skDocOff, w.skImpOff}
	}
	var widths [5]uint
	for i, c := range cols {
		// Every column ascends, so its last value is its largest.
		widths[i] = bitsRequired(c[len(c)-1])
		if widths[i] > maxColumnBits {
			return fmt.Errorf("postings: term too large for skip data (%d-bit offsets)", widths[i])
		}
		w.docs.PutByte(byte(widths[i]))
	}
	for i, c := range cols {
		w.docs.B = packColumn(w.docs.B, c, widths[i])
	}
	w.docs.PutBytes(w.skImpacts.B)
	return nil
}

// Finish ends the field and returns the complete files, each ending with
// its footer. positions is nil for DocsOnly. A streaming Writer writes
// the rest of its files and their footers instead and returns nil slices.
// The Writer accepts no calls afterwards.
func (w *Writer) Finish() (docs, positions []byte, err error) {
	if w.stage != stageIdle {
		return nil, nil, fmt.Errorf("%w: Finish %v", ErrStage, w.stage)
	}
	if !w.opts.valid() {
		return nil, nil, fmt.Errorf("postings: invalid %v", w.opts)
	}
	w.stage = stageFinished
	if w.docsOut != nil {
		if err := w.drain(true); err != nil {
			return nil, nil, err
		}
		if err := w.docsOut.WriteFooter(DocsMagic, Version); err != nil {
			return nil, nil, fmt.Errorf("postings: write docs: %w", err)
		}
		if w.posOut != nil {
			if err := w.posOut.WriteFooter(PositionsMagic, Version); err != nil {
				return nil, nil, fmt.Errorf("postings: write positions: %w", err)
			}
		}
		if w.offOut != nil {
			if err := w.offOut.WriteFooter(OffsetsMagic, Version); err != nil {
				return nil, nil, fmt.Errorf("postings: write offsets: %w", err)
			}
		}
		return nil, nil, nil
	}
	w.docs.PutFooter(DocsMagic, Version)
	if w.positional {
		w.pos.PutFooter(PositionsMagic, Version)
		positions = w.pos.B
	}
	if w.hasOff {
		w.off.PutFooter(OffsetsMagic, Version)
	}
	return w.docs.B, positions, nil
}

// OffsetsFile returns the offsets file of an in-memory Writer after
// Finish (nil for fields without offsets, and for a streaming Writer,
// which has written it).
func (w *Writer) OffsetsFile() []byte {
	if !w.hasOff || w.streaming || w.stage != stageFinished {
		return nil
	}
	return w.off.B
}
