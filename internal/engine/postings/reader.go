package postings

import (
	"errors"
	"fmt"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// Reader reads the postings of one field of one segment from the two
// files a Writer produced. It keeps sub-slices of the files (typically
// memory-mapped) and never copies them; it is safe for concurrent use,
// each goroutine with its own Iterators.
type Reader struct {
	docs, pos, off []byte // file contents without their footers
	opts           IndexOptions
}

// Open checks both footers (magic, then version) and returns a Reader
// over the files. positions must be empty for DocsOnly. It reads the
// footers only: the checksums are the caller's to verify
// (encoding.VerifyChecksum, or the index generation's verification
// pass) before the postings are trusted. Decoding bounds-checks every
// read anyway, so damaged bytes fail with an error, never a panic.
//
// A file of an older version is refused with an error, wrapping the
// encoding.VersionError, that asks for the index to be rebuilt.
func Open(docs, positions []byte, opts IndexOptions) (*Reader, error) {
	return OpenWithOffsets(docs, positions, nil, opts)
}

// OpenWithOffsets is Open with the offsets file, which
// DocsFreqsPositionsOffsets fields need and other fields must not have.
func OpenWithOffsets(docs, positions, offsets []byte, opts IndexOptions) (*Reader, error) {
	if !opts.valid() {
		return nil, fmt.Errorf("postings: invalid %v", opts)
	}
	d, err := openFooter(docs, DocsMagic)
	if err != nil {
		return nil, fmt.Errorf("postings: docs file: %w", err)
	}
	r := &Reader{docs: d, opts: opts}
	if opts.positional() {
		if r.pos, err = openFooter(positions, PositionsMagic); err != nil {
			return nil, fmt.Errorf("postings: positions file: %w", err)
		}
	} else if len(positions) != 0 {
		return nil, fmt.Errorf("postings: %d bytes of positions for a DocsOnly field", len(positions))
	}
	if opts.HasOffsets() {
		if r.off, err = openFooter(offsets, OffsetsMagic); err != nil {
			return nil, fmt.Errorf("postings: offsets file: %w", err)
		}
	} else if len(offsets) != 0 {
		return nil, fmt.Errorf("postings: %d bytes of offsets for a %v field", len(offsets), opts)
	}
	return r, nil
}

// openFooter checks a file's footer; an older version asks for a rebuild.
func openFooter(file []byte, magic uint32) ([]byte, error) {
	body, err := encoding.OpenFooter(file, magic, Version)
	var ve *encoding.VersionError
	if errors.As(err, &ve) && ve.Got < Version {
		return nil, fmt.Errorf("%w: the index was written by an older build; rebuild it with this one (cmd/ingest)", err)
	}
	return body, err
}

// IndexOptions returns the options the Reader was opened with.
func (r *Reader) IndexOptions() IndexOptions { return r.opts }

// Postings returns an iterator over the postings of the term m describes.
// Passing a previous iterator as reuse recycles it (and its buffers)
// without allocating. Errors in m or in the files surface through the
// iterator's Err.
func (r *Reader) Postings(m TermMeta, reuse *Iterator) *Iterator {
	it := reuse
	if it == nil {
		it = new(Iterator)
	}
	it.reset(r, m)
	return it
}

// Iterator walks the documents of one term in increasing order, with
// their frequencies and positions, and exposes the skip data (block last
// documents and impacts) to block-max scorers. It follows the engine's
// iterator vocabulary (Next, Advance, DocID, Err). The zero value is not
// usable; get one from Reader.Postings.
//
// Documents come a block at a time: a block is decoded when the iterator
// enters it, its frequencies only when Freq is first called in it, and
// positions only when NextPosition is called. Advance jumps over blocks
// with the skip data and never decodes a block it skips.
//
// An Iterator is not safe for concurrent use; give each goroutine its own.
type Iterator struct {
	docData, posData []byte
	offData          []byte
	meta             TermMeta
	positional       bool
	hasOff           bool
	err              error

	// The decoded block. i is the current document's index in it (−1
	// before the first), n the block's length; block is its index, −1
	// before the first and numBlocks once exhausted.
	doc        uint32
	i, n       int
	block      int
	numBlocks  int
	fullBlocks int
	nextOff    uint64 // docs offset of block+1, read sequentially
	freqOff    int    // packed freqs of the block, decoded lazily
	freqBits   uint
	freqsReady bool
	freqsZero  bool // freqs holds 128 zeros (DocsOnly), kept across reuse
	docs       [BlockSize]uint32
	freqs      [BlockSize]uint32 // freq − 1, as packed: no fix-up pass

	// Skip data, parsed on first use.
	skipState   uint8 // 0 not parsed, 1 parsed, 2 failed
	lastDocCol  []byte
	docOffCol   []byte
	posOffCol   []byte
	posCountCol []byte
	impOffCol   []byte
	impRegion   []byte
	lastDocBits uint
	docOffBits  uint
	posOffBits  uint
	posCntBits  uint
	impOffBits  uint
	termImp     [MaxImpacts]Impact
	nTermImp    int
	shallow     int // block AdvanceShallow positioned on
	blockImp    [MaxImpacts]Impact
	nBlockImp   int
	blockImpFor int // block blockImp holds, −1 for none

	// Positions. posActive says the stream cursor is in step with the
	// doc block: positions of documents posDocIdx… of the block start
	// after posPending more positions. Until then (and after every
	// skip-data jump) the cursor is resynchronised lazily from the skip
	// data, so iterators that never read positions pay nothing.
	posActive     bool
	posDoc        int    // index of the document being read, −1 none
	posDocIdx     int    // first document of the block not yet started
	posLeft       uint64 // positions of posDoc not read yet
	posPending    uint64 // positions to skip before document posDocIdx
	position      uint32
	posUpto       int
	posN          int
	posNextOff    uint64 // positions offset of the next position block
	posBlockNext  uint64 // index of that block within the term
	posFullBlocks uint64
	posBuf        [BlockSize]uint32

	// Offsets (NextPositionOffsets), decoded a block at a time by the
	// term-wide index of the position just read: offBlock is the decoded
	// block (−1 none), offPrev the last start offset of the document.
	offBlock   int64
	offPrev    uint32
	offStarts  [BlockSize]uint32
	offLens    [BlockSize]uint32
	offIdxCol  []byte
	offIdxBits uint
	offIdxOK   bool
}

func (it *Iterator) reset(r *Reader, m TermMeta) {
	it.docData, it.posData, it.offData = r.docs, r.pos, r.off
	it.meta = m
	it.positional = r.opts.positional()
	it.hasOff = r.opts.HasOffsets()
	it.offBlock, it.offIdxOK, it.offIdxCol = -1, false, nil
	it.err = nil
	it.doc, it.i, it.n, it.block = 0, -1, 0, -1
	it.fullBlocks = int(m.DocFreq / BlockSize)
	it.numBlocks = int((uint64(m.DocFreq) + BlockSize - 1) / BlockSize)
	it.nextOff = m.DocOffset
	// Nothing to decode until a block is loaded (so a Freq call out of
	// turn reads stale numbers, never stale offsets). DocsOnly frequencies
	// are always 1: the array is cleared once and no decode path writes
	// anything else into it.
	it.freqsReady = true
	if !it.positional {
		if !it.freqsZero {
			clear(it.freqs[:])
			it.freqsZero = true
		}
	} else {
		it.freqsZero = false
	}
	it.skipState = 0
	it.shallow, it.nBlockImp, it.blockImpFor = 0, 0, -1
	it.posActive = false
	it.posDoc, it.posDocIdx, it.posLeft, it.posPending = -1, 0, 0, 0
	it.posUpto, it.posN = 0, 0
	it.posFullBlocks = m.TotalTermFreq / BlockSize
	switch {
	case m.DocFreq == 0:
		it.fail(fmt.Errorf("%w: term with no documents", encoding.ErrCorrupt))
	case it.positional && m.TotalTermFreq < uint64(m.DocFreq):
		it.fail(fmt.Errorf("%w: total term frequency %d below document frequency %d", encoding.ErrCorrupt, m.TotalTermFreq, m.DocFreq))
	}
}

// fail records the first error and exhausts the iterator.
func (it *Iterator) fail(err error) {
	if it.err == nil {
		it.err = err
	}
	it.exhaust()
}

func (it *Iterator) exhaust() {
	it.block = it.numBlocks
	it.doc = NoMoreDocs
	it.i, it.n = 0, 0
	it.posLeft = 0
}

// Err returns the error that ended iteration early, if any: corrupt or
// truncated data (wrapping encoding.ErrCorrupt or encoding.ErrTruncated).
func (it *Iterator) Err() error { return it.err }

// DocID returns the current document: valid after Next or Advance
// returned true, NoMoreDocs once they returned false.
func (it *Iterator) DocID() uint32 { return it.doc }

// Cost returns the number of documents the iterator visits at most, the
// term's document frequency: what a query planner orders clauses by.
func (it *Iterator) Cost() int { return int(it.meta.DocFreq) }

// Next moves to the next document; false at the end or on error.
func (it *Iterator) Next() bool {
	it.i++
	if it.i < it.n {
		it.doc = it.docs[it.i]
		return true
	}
	return it.nextBlock()
}

// nextBlock decodes the block after the current one, read sequentially.
func (it *Iterator) nextBlock() bool {
	if it.err != nil || it.block+1 >= it.numBlocks {
		it.exhaust()
		return false
	}
	if it.posActive {
		it.carryPositions()
	}
	var base uint32
	if it.block >= 0 {
		// Cannot overflow: a block's last document is below NoMoreDocs.
		base = it.docs[(it.n-1)&(BlockSize-1)] + 1
	}
	if !it.load(it.block+1, it.nextOff, base) {
		return false
	}
	it.i = 0
	it.doc = it.docs[0]
	return true
}

// load decodes block b starting at docs offset off, whose first delta is
// relative to base.
func (it *Iterator) load(b int, off uint64, base uint32) bool {
	switch {
	case it.meta.DocFreq == 1:
		it.docs[0] = it.meta.SingletonDoc
		if it.positional {
			it.freqs[0] = uint32(min(it.meta.TotalTermFreq, 1<<32) - 1)
			it.freqsReady = true
		}
		it.n = 1
		if it.meta.SingletonDoc == NoMoreDocs {
			it.fail(fmt.Errorf("%w: singleton document %d", encoding.ErrCorrupt, it.meta.SingletonDoc))
			return false
		}
	case b < it.fullBlocks:
		if !it.loadFull(off, base) {
			return false
		}
	default:
		if !it.loadTail(off, base, int(it.meta.DocFreq%BlockSize)) {
			return false
		}
	}
	it.block = b
	it.posDoc, it.posDocIdx = -1, 0
	return true
}

// loadFull decodes a packed block: docBits <1b> [freqBits <1b>] deltas
// [freqs]. Frequencies are only located here; ensureFreqs decodes them.
func (it *Iterator) loadFull(off uint64, base uint32) bool {
	data := it.docData
	hdr := uint64(1)
	if it.positional {
		hdr = 2
	}
	if off > uint64(len(data)) || uint64(len(data))-off < hdr {
		it.fail(fmt.Errorf("%w: doc block at %d past the end of the docs stream", encoding.ErrTruncated, off))
		return false
	}
	p := int(off)
	docBits, freqBits := uint(data[p]), uint(0)
	if it.positional {
		freqBits = uint(data[p+1])
	}
	if docBits > maxBlockBits || freqBits > maxBlockBits {
		it.fail(fmt.Errorf("%w: doc block at %d has widths %d/%d", encoding.ErrCorrupt, off, docBits, freqBits))
		return false
	}
	docStart := p + int(hdr)
	freqStart := docStart + packedLen(docBits)
	end := freqStart + packedLen(freqBits)
	if end > len(data) {
		it.fail(fmt.Errorf("%w: doc block at %d runs past the end of the docs stream", encoding.ErrTruncated, off))
		return false
	}
	// acc−1 is the last document: deltas are non-negative, so the block
	// ascends unless the sum left 32 bits.
	acc := unpackDeltas128(&it.docs, data[docStart:], docBits, uint64(base))
	if acc-1 >= uint64(NoMoreDocs) {
		it.fail(fmt.Errorf("%w: doc block at %d overflows document ids", encoding.ErrCorrupt, off))
		return false
	}
	it.n = BlockSize
	it.nextOff = uint64(end)
	if it.positional {
		it.freqOff, it.freqBits, it.freqsReady = freqStart, freqBits, false
	}
	return true
}

// loadTail decodes the final partial block of count varint-coded entries.
func (it *Iterator) loadTail(off uint64, base uint32, count int) bool {
	if off > uint64(len(it.docData)) {
		it.fail(fmt.Errorf("%w: tail block at %d past the end of the docs stream", encoding.ErrTruncated, off))
		return false
	}
	d := encoding.NewDecbuf(it.docData[off:])
	acc := uint64(base)
	for k := range count {
		v := d.Uvarint()
		f := uint32(1)
		if it.positional {
			if v&1 == 0 {
				if f = d.Uvarint32(); f < 2 && d.Err() == nil {
					d.Fail(fmt.Errorf("%w: frequency %d coded as not 1", encoding.ErrCorrupt, f))
				}
			}
			v >>= 1
		}
		if d.Err() != nil {
			it.fail(fmt.Errorf("tail block at %d: %w", off, d.Err()))
			return false
		}
		if v >= uint64(NoMoreDocs) {
			it.fail(fmt.Errorf("%w: tail block at %d overflows document ids", encoding.ErrCorrupt, off))
			return false
		}
		acc += v // acc < 2^32 before, v < 2^32: no 64-bit overflow
		if acc >= uint64(NoMoreDocs) {
			it.fail(fmt.Errorf("%w: tail block at %d overflows document ids", encoding.ErrCorrupt, off))
			return false
		}
		it.docs[k] = uint32(acc)
		it.freqs[k] = f - 1
		acc++
	}
	it.n = count
	it.nextOff = off + uint64(len(it.docData)-int(off)-d.Len())
	if it.positional {
		it.freqsReady = true
	}
	return true
}

// ensureFreqs decodes the packed frequencies of the current full block.
// It stays out of line so that Freq inlines.
//
//go:noinline
func (it *Iterator) ensureFreqs() {
	if it.freqsReady {
		return
	}
	it.freqsReady = true
	unpack128(&it.freqs, it.docData[it.freqOff:], it.freqBits)
}

// Freq returns the current document's term frequency (1 for DocsOnly).
func (it *Iterator) Freq() uint32 {
	if !it.freqsReady {
		it.ensureFreqs()
	}
	return it.freqs[it.i&(BlockSize-1)] + 1
}

// Advance moves to the first document ≥ target beyond the current one;
// false at the end or on error. A target in a later block is found by a
// galloping search over the blocks' last documents in the skip data, and
// only that block is decoded.
func (it *Iterator) Advance(target uint32) bool {
	if it.block >= it.numBlocks {
		return false
	}
	if it.block >= 0 && target <= it.doc {
		if it.doc >= NoMoreDocs-1 {
			it.exhaust()
			return false
		}
		target = it.doc + 1
	}
	if it.block < 0 || target > it.docs[(it.n-1)&(BlockSize-1)] {
		if !it.advanceBlock(target) {
			return false
		}
		if it.n == BlockSize {
			// A fresh full block: a branch-free binary search (seven
			// probes) beats a scan that averages 64 comparisons.
			i := 0
			for step := BlockSize / 2; step > 0; step >>= 1 {
				if it.docs[(i+step-1)&(BlockSize-1)] < target {
					i += step
				}
			}
			it.i = i
			it.doc = it.docs[i&(BlockSize-1)]
			return true
		}
	}
	// docs[n−1] ≥ target, so the scan stops inside the block. Targets
	// in the current block are usually near: scan.
	i := it.i + 1
	for i < it.n-1 && it.docs[i&(BlockSize-1)] < target {
		i++
	}
	it.i = i
	it.doc = it.docs[i&(BlockSize-1)]
	return true
}

// advanceBlock makes the block whose last document is the first ≥ target
// current, with i = −1, or exhausts the iterator.
func (it *Iterator) advanceBlock(target uint32) bool {
	if it.err != nil {
		it.exhaust()
		return false
	}
	if !it.meta.hasSkip() {
		// One block only: decode it if not yet done.
		if it.block >= 0 || !it.nextBlock() {
			it.exhaust()
			return false
		}
		if it.docs[(it.n-1)&(BlockSize-1)] < target {
			it.exhaust()
			return false
		}
		it.i = -1
		return true
	}
	if !it.loadSkip() {
		return false
	}
	from := it.block + 1
	if it.shallow > from && it.lastDoc(it.shallow-1) < uint64(target) {
		// A block-max scorer's AdvanceShallow already passed the blocks
		// before it.shallow: start there.
		from = it.shallow
	}
	b := it.findBlock(target, from)
	if b >= it.numBlocks {
		it.exhaust()
		return false
	}
	return it.seek(b)
}

// seek decodes block b through its skip entry, checking that it agrees
// with the skip data and follows the current document, so corrupt skip
// data can neither go backwards nor loop.
func (it *Iterator) seek(b int) bool {
	var base uint64
	if b > 0 {
		base = it.lastDoc(b-1) + 1
	}
	off := it.meta.DocOffset + columnGet(it.docOffCol, b, it.docOffBits)
	if base >= uint64(NoMoreDocs) || off < it.meta.DocOffset {
		it.fail(fmt.Errorf("%w: skip entry %d out of range", encoding.ErrCorrupt, b))
		return false
	}
	prev, started := it.doc, it.block >= 0
	if !it.load(b, off, uint32(base)) {
		return false
	}
	if uint64(it.docs[it.n-1]) != it.lastDoc(b) || (started && it.docs[0] <= prev) {
		it.fail(fmt.Errorf("%w: doc block %d disagrees with the skip data", encoding.ErrCorrupt, b))
		return false
	}
	// The positions cursor is now behind: resynchronise from block b's
	// skip entry when positions are next asked for.
	it.posActive = false
	it.i = -1
	return true
}

func (it *Iterator) lastDoc(b int) uint64 { return columnGet(it.lastDocCol, b, it.lastDocBits) }

// findBlock returns the first block ≥ from whose last document is ≥
// target, or numBlocks: galloping from from, then a binary search, so a
// short hop costs one or two probes and a long one O(log distance).
func (it *Iterator) findBlock(target uint32, from int) int {
	n := it.numBlocks
	t := uint64(target)
	if from >= n {
		return n
	}
	if it.lastDoc(from) >= t {
		return from
	}
	lo, hi, step := from, from+1, 1
	for hi < n && it.lastDoc(hi) < t {
		lo = hi
		step <<= 1
		hi = lo + step
	}
	if hi >= n {
		hi = n - 1
		if hi == lo || it.lastDoc(hi) < t {
			return n
		}
	}
	// lastDoc(lo) < target ≤ lastDoc(hi)
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if it.lastDoc(mid) < t {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// loadSkip parses the term's skip data header: term impacts, widths and
// column locations. Values are read from the columns on demand.
func (it *Iterator) loadSkip() bool {
	switch it.skipState {
	case 1:
		return true
	case 2:
		return false
	}
	it.skipState = 2
	off := it.meta.SkipOffset
	if off > uint64(len(it.docData)) {
		it.fail(fmt.Errorf("%w: skip data at %d past the end of the docs stream", encoding.ErrTruncated, off))
		return false
	}
	d := encoding.NewDecbuf(it.docData[off:])
	it.nTermImp = len(decodeImpacts(&d, &it.termImp))
	widths := []*uint{&it.lastDocBits, &it.docOffBits, &it.posOffBits, &it.posCntBits, &it.impOffBits}
	cols := []*[]byte{&it.lastDocCol, &it.docOffCol, &it.posOffCol, &it.posCountCol, &it.impOffCol}
	if !it.positional {
		it.posOffBits, it.posCntBits, it.posOffCol, it.posCountCol = 0, 0, nil, nil
		widths = []*uint{&it.lastDocBits, &it.docOffBits, &it.impOffBits}
		cols = []*[]byte{&it.lastDocCol, &it.docOffCol, &it.impOffCol}
	}
	for _, w := range widths {
		*w = uint(d.Byte())
		if *w > maxColumnBits {
			d.Fail(fmt.Errorf("%w: skip column width %d", encoding.ErrCorrupt, *w))
		}
	}
	if it.lastDocBits > 32 {
		d.Fail(fmt.Errorf("%w: skip column width %d", encoding.ErrCorrupt, it.lastDocBits))
	}
	for k, c := range cols {
		*c = d.Bytes(columnLen(it.numBlocks, *widths[k]))
	}
	it.impRegion = d.B
	if d.Err() != nil {
		it.fail(fmt.Errorf("skip data at %d: %w", off, d.Err()))
		return false
	}
	it.skipState = 1
	return true
}

// AdvanceShallow moves the skip state, not the iterator, to the first
// block that may contain target (the first block whose last document is
// ≥ target) and returns that block's last document, so a block-max scorer
// can bound the block with BlockImpacts before deciding to decode it.
// Targets should not decrease. It returns NoMoreDocs past the last
// block, and for terms without skip data (DocFreq < 128), which form one
// block reaching to the end.
func (it *Iterator) AdvanceShallow(target uint32) (blockLastDoc uint32) {
	if !it.meta.hasSkip() || !it.loadSkip() {
		return NoMoreDocs
	}
	from := max(it.shallow, it.block, 0)
	it.shallow = it.findBlock(target, from)
	if it.shallow >= it.numBlocks {
		return NoMoreDocs
	}
	return uint32(it.lastDoc(it.shallow))
}

// BlockImpacts returns the impacts of the block AdvanceShallow positioned
// on (the first block before any call): every document of the block has
// a (freq, norm) some impact dominates. The slice is the iterator's and is
// valid until its next call. It is the term's impacts for terms without
// skip data, and empty past the last block or on error.
func (it *Iterator) BlockImpacts() []Impact {
	if !it.meta.hasSkip() {
		return it.TermImpacts()
	}
	if !it.loadSkip() || it.shallow >= it.numBlocks {
		return nil
	}
	if it.blockImpFor != it.shallow {
		off := columnGet(it.impOffCol, it.shallow, it.impOffBits)
		if off > uint64(len(it.impRegion)) {
			it.fail(fmt.Errorf("%w: impacts of block %d past the skip data", encoding.ErrCorrupt, it.shallow))
			return nil
		}
		d := encoding.NewDecbuf(it.impRegion[off:])
		it.nBlockImp = len(decodeImpacts(&d, &it.blockImp))
		if d.Err() != nil {
			it.fail(fmt.Errorf("impacts of block %d: %w", it.shallow, d.Err()))
			return nil
		}
		it.blockImpFor = it.shallow
	}
	return it.blockImp[:it.nBlockImp]
}

// TermImpacts returns impacts that dominate every document of the term,
// for its maximum score. Terms with skip data store them exactly; for the
// others (DocFreq < 128, cheap to score anyway) it is the safe bound
// {Freq: TotalTermFreq − DocFreq + 1, Norm: 0}: no document can have a
// higher frequency (every other one has at least 1) or a shorter field.
func (it *Iterator) TermImpacts() []Impact {
	if !it.meta.hasSkip() {
		m := it.meta
		f := uint64(1)
		if m.TotalTermFreq >= uint64(m.DocFreq) {
			f = m.TotalTermFreq - uint64(m.DocFreq) + 1
		}
		it.termImp[0] = Impact{Freq: uint32(min(f, 1<<32-1)), Norm: 0}
		return it.termImp[:1]
	}
	if !it.loadSkip() {
		return nil
	}
	return it.termImp[:it.nTermImp]
}

// NextPosition returns the current document's next position, in
// increasing order; false once its Freq positions are read, for DocsOnly
// fields, or on error. Positions of documents passed without reading
// them are skipped — whole position blocks without decoding them.
func (it *Iterator) NextPosition() (uint32, bool) {
	if it.posDoc == it.i && it.posLeft > 0 && it.posUpto < it.posN {
		// The common case, kept small: the next delta is decoded.
		p := it.position + it.posBuf[it.posUpto&(BlockSize-1)]
		if p >= it.position {
			it.posUpto++
			it.posLeft--
			it.position = p
			return p, true
		}
	}
	return it.nextPosition()
}

// AppendPositions appends the current document's positions not read yet
// to dst, in increasing order, and returns it: what NextPosition would
// return call after call, taken a decoded block at a time (a matcher that
// walks every position of a document reads them from a slice).
func (it *Iterator) AppendPositions(dst []uint32) []uint32 {
	for {
		if it.posDoc == it.i && it.posLeft > 0 && it.posUpto < it.posN {
			n := min(uint64(it.posN-it.posUpto), it.posLeft)
			p := it.position
			k := 0
			for _, d := range it.posBuf[it.posUpto : it.posUpto+int(n)] {
				q := p + d
				if q < p {
					break // past 32 bits: nextPosition reports the damage
				}
				p = q
				dst = append(dst, p)
				k++
			}
			it.posUpto += k
			it.posLeft -= uint64(k)
			it.position = p
			if k < int(n) {
				it.nextPosition()
				return dst
			}
			continue
		}
		p, ok := it.nextPosition()
		if !ok {
			return dst
		}
		dst = append(dst, p)
	}
}

// nextPosition is NextPosition's slow path: a new document, a new
// position block, or the end.
func (it *Iterator) nextPosition() (uint32, bool) {
	if it.posDoc != it.i || it.i < 0 || it.i >= it.n {
		if i := it.i; it.posActive && it.posDocIdx == i && it.posPending == 0 && it.posLeft == 0 &&
			it.freqsReady && i >= 0 && i < it.n {
			// Every position read so far, in order: nothing to skip.
			it.posDoc, it.posDocIdx = i, i+1
			it.posLeft = uint64(it.freqs[i&(BlockSize-1)]) + 1
			it.position = 0
		} else if !it.startPositions() {
			return 0, false
		}
	}
	if it.posLeft == 0 {
		return 0, false
	}
	if it.posUpto >= it.posN && !it.refillPositions() {
		return 0, false
	}
	p := uint64(it.position) + uint64(it.posBuf[it.posUpto&(BlockSize-1)])
	if p > 1<<32-1 {
		it.fail(fmt.Errorf("%w: position overflows 32 bits", encoding.ErrCorrupt))
		return 0, false
	}
	it.posUpto++
	it.posLeft--
	it.position = uint32(p)
	return it.position, true
}

// startPositions moves the positions cursor to the current document's
// first position.
func (it *Iterator) startPositions() bool {
	if !it.positional || it.err != nil || it.i < 0 || it.i >= it.n {
		return false
	}
	if !it.posActive && !it.syncPositions() {
		return false
	}
	it.ensureFreqs()
	skip := it.posPending + it.posLeft
	// posDocIdx ≤ i < n ≤ 128: documents only move forward.
	for _, f := range it.freqs[it.posDocIdx:it.i] {
		skip += uint64(f) + 1
	}
	if skip > 0 && !it.skipPositions(skip) {
		return false
	}
	it.posPending = 0
	it.posDoc, it.posDocIdx = it.i, it.i+1
	it.posLeft = uint64(it.freqs[it.i&(BlockSize-1)]) + 1
	it.position = 0
	return true
}

// syncPositions points the positions cursor at the first position of the
// current block: the term's start for block 0, else the block's skip
// entry (every block of a multi-block term has one).
func (it *Iterator) syncPositions() bool {
	var off, count uint64
	if it.block > 0 {
		if !it.loadSkip() {
			return false
		}
		off = columnGet(it.posOffCol, it.block, it.posOffBits)
		count = columnGet(it.posCountCol, it.block, it.posCntBits)
		if count > it.meta.TotalTermFreq {
			it.fail(fmt.Errorf("%w: skip entry %d starts at position %d of %d", encoding.ErrCorrupt, it.block, count, it.meta.TotalTermFreq))
			return false
		}
	}
	it.posNextOff = it.meta.PosOffset + off
	if it.posNextOff < off {
		it.fail(fmt.Errorf("%w: positions offset overflows", encoding.ErrCorrupt))
		return false
	}
	it.posBlockNext = count / BlockSize
	it.posUpto, it.posN = 0, 0
	it.posPending = count % BlockSize
	it.posDocIdx, it.posLeft, it.posDoc = 0, 0, -1
	it.posActive = true
	return true
}

// carryPositions, on leaving a block sequentially with the positions
// cursor in step, adds the positions of the block's unread documents to
// those to skip.
func (it *Iterator) carryPositions() {
	it.ensureFreqs()
	pending := it.posPending + it.posLeft
	if it.posDocIdx < it.n {
		for _, f := range it.freqs[it.posDocIdx:it.n] {
			pending += uint64(f) + 1
		}
	}
	it.posPending, it.posLeft = pending, 0
}

// skipPositions moves the positions cursor k positions forward, stepping
// over whole packed blocks by their width byte alone.
func (it *Iterator) skipPositions(k uint64) bool {
	for {
		avail := uint64(it.posN - it.posUpto)
		if k <= avail {
			it.posUpto += int(k)
			return true
		}
		k -= avail
		it.posUpto = it.posN
		for k >= BlockSize && it.posBlockNext < it.posFullBlocks {
			off := it.posNextOff
			if off >= uint64(len(it.posData)) {
				it.fail(fmt.Errorf("%w: position block at %d past the end of the positions stream", encoding.ErrTruncated, off))
				return false
			}
			w := uint(it.posData[off])
			if w > maxBlockBits {
				it.fail(fmt.Errorf("%w: position block at %d has width %d", encoding.ErrCorrupt, off, w))
				return false
			}
			it.posNextOff = off + 1 + uint64(packedLen(w))
			it.posBlockNext++
			k -= BlockSize
		}
		if !it.refillPositions() {
			return false
		}
	}
}

// refillPositions decodes the next position block: packed while full
// blocks remain, then the varint tail.
func (it *Iterator) refillPositions() bool {
	off := it.posNextOff
	data := it.posData
	if off > uint64(len(data)) {
		it.fail(fmt.Errorf("%w: position block at %d past the end of the positions stream", encoding.ErrTruncated, off))
		return false
	}
	switch tail := int(it.meta.TotalTermFreq % BlockSize); {
	case it.posBlockNext < it.posFullBlocks:
		if off >= uint64(len(data)) {
			it.fail(fmt.Errorf("%w: position block at %d past the end of the positions stream", encoding.ErrTruncated, off))
			return false
		}
		w := uint(data[off])
		end := off + 1 + uint64(packedLen(w))
		if w > maxBlockBits || end > uint64(len(data)) {
			it.fail(fmt.Errorf("%w: position block at %d (width %d) does not fit", encoding.ErrCorrupt, off, w))
			return false
		}
		unpack128(&it.posBuf, data[off+1:], w)
		it.posN = BlockSize
		it.posNextOff = end
	case it.posBlockNext == it.posFullBlocks && tail > 0:
		d := encoding.NewDecbuf(data[off:])
		for k := range tail {
			it.posBuf[k] = d.Uvarint32()
		}
		if d.Err() != nil {
			it.fail(fmt.Errorf("positions tail at %d: %w", off, d.Err()))
			return false
		}
		it.posN = tail
		it.posNextOff = off + uint64(len(data)-int(off)-d.Len())
	default:
		it.fail(fmt.Errorf("%w: more positions read than the term's %d", encoding.ErrCorrupt, it.meta.TotalTermFreq))
		return false
	}
	it.posBlockNext++
	it.posUpto = 0
	return true
}

// NextPositionOffsets is NextPosition with the occurrence's start and end
// offsets as indexed (DocsFreqsPositionsOffsets fields; false otherwise):
// the highlighter's postings path. Offsets are decoded a block of 128
// occurrences at a time, found through the term's offsets index, so a
// document's offsets cost the same wherever it is in the term.
func (it *Iterator) NextPositionOffsets() (pos, start, end uint32, ok bool) {
	if !it.hasOff {
		return 0, 0, 0, false
	}
	pos, ok = it.NextPosition()
	if !ok {
		return 0, 0, 0, false
	}
	// The term-wide index of the position just read.
	k := (it.posBlockNext-1)*BlockSize + uint64(it.posUpto) - 1
	if int64(k/BlockSize) != it.offBlock && !it.loadOffsets(k/BlockSize) {
		return 0, 0, 0, false
	}
	first := it.posLeft == uint64(it.freqs[it.i&(BlockSize-1)])
	prev := uint64(it.offPrev)
	if first {
		prev = 0
	}
	s := prev + uint64(it.offStarts[k%BlockSize])
	e := s + uint64(it.offLens[k%BlockSize])
	if e > 1<<32-1 {
		it.fail(fmt.Errorf("%w: offset overflows 32 bits", encoding.ErrCorrupt))
		return 0, 0, 0, false
	}
	it.offPrev = uint32(s)
	return pos, uint32(s), uint32(e), true
}

// loadOffsets decodes offsets block b of the term: packed while full
// blocks remain, then the varint tail.
func (it *Iterator) loadOffsets(b uint64) bool {
	full := it.meta.TotalTermFreq / BlockSize
	tail := int(it.meta.TotalTermFreq % BlockSize)
	off := it.meta.OffOffset
	if b > 0 {
		if !it.offIdxOK {
			at := it.meta.OffIndex
			if at >= uint64(len(it.offData)) {
				it.fail(fmt.Errorf("%w: offsets index at %d past the end of the offsets stream", encoding.ErrTruncated, at))
				return false
			}
			it.offIdxBits = uint(it.offData[at])
			n := columnLen(int(full)+1, it.offIdxBits)
			if it.offIdxBits > maxColumnBits || uint64(len(it.offData))-at-1 < uint64(n) {
				it.fail(fmt.Errorf("%w: offsets index at %d (width %d) does not fit", encoding.ErrCorrupt, at, it.offIdxBits))
				return false
			}
			it.offIdxCol = it.offData[at+1 : at+1+uint64(n)]
			it.offIdxOK = true
		}
		rel := columnGet(it.offIdxCol, int(b), it.offIdxBits)
		if off += rel; off < rel {
			it.fail(fmt.Errorf("%w: offsets block offset overflows", encoding.ErrCorrupt))
			return false
		}
	}
	data := it.offData
	if off > uint64(len(data)) {
		it.fail(fmt.Errorf("%w: offsets block at %d past the end of the offsets stream", encoding.ErrTruncated, off))
		return false
	}
	switch {
	case b < full:
		if off+2 > uint64(len(data)) {
			it.fail(fmt.Errorf("%w: offsets block at %d past the end of the offsets stream", encoding.ErrTruncated, off))
			return false
		}
		sw, lw := uint(data[off]), uint(data[off+1])
		if sw > maxBlockBits || lw > maxBlockBits {
			it.fail(fmt.Errorf("%w: offsets block at %d has widths %d, %d", encoding.ErrCorrupt, off, sw, lw))
			return false
		}
		ls := off + 2 + uint64(packedLen(sw))
		end := ls + uint64(packedLen(lw))
		if end > uint64(len(data)) {
			it.fail(fmt.Errorf("%w: offsets block at %d (widths %d, %d) does not fit", encoding.ErrCorrupt, off, sw, lw))
			return false
		}
		unpack128(&it.offStarts, data[off+2:], sw)
		unpack128(&it.offLens, data[ls:], lw)
	case b == full && tail > 0:
		d := encoding.NewDecbuf(data[off:])
		for k := range tail {
			it.offStarts[k] = d.Uvarint32()
			it.offLens[k] = d.Uvarint32()
		}
		if d.Err() != nil {
			it.fail(fmt.Errorf("offsets tail at %d: %w", off, d.Err()))
			return false
		}
	default:
		it.fail(fmt.Errorf("%w: offsets block %d of a term with %d occurrences", encoding.ErrCorrupt, b, it.meta.TotalTermFreq))
		return false
	}
	it.offBlock = int64(b)
	return true
}
