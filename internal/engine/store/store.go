// Package store owns the stored _source of a segment's documents: every
// document's source bytes, compressed, retrievable by document id. Search
// needs a source only for the hits it returns, and often only a few of its
// members, so a read decompresses no more than the document's neighbourhood:
// small documents share blocks of at most BlockSize, and a larger one (a
// contract with its body) is cut into chunks compressed one by one, with a
// table of where each top-level member lies, so that a hit whose include
// list skips the body decompresses only the chunks of the members it
// returns (Cursor.Members). Blocks and chunks are LZ4 blocks: a fetch
// decompresses whole contracts, and LZ4 decodes them several times faster
// than zstd did, with no entropy tables to rebuild per frame.
//
// # Format
//
// See docs/format/store.md. In short:
//
//	file    := block… index indexOffset<8b> footer
//	block   := 0x00 rawLen<uvarint> lz4( count<uvarint> len<uvarint>×count source…count )
//	         | 0x01 dirLen<uvarint> dir lz4(chunk)…
//	dir     := rawLen<uvarint> chunks<uvarint> (raw<uvarint> size<uvarint>)×chunks
//	           members+1<uvarint> (keyLen<uvarint> key gap<uvarint> len<uvarint>)×members
//	index   := blocks<uvarint> (firstDocDelta<uvarint> size<uvarint>)×blocks docs<uvarint>
//
// Blocks follow each other from offset 0, so block i starts at the sum of
// the sizes before it. An lz4(x) as long as x is x itself, stored raw.
// The footer is encoding's (magic "STOR", version 3). Versions 1 and 2
// (zstd) are refused with a VersionError that asks for a rebuild.
package store

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"

	"github.com/pierrec/lz4/v4"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
	"github.com/contractsearch/contractsearch/internal/engine/jsonscan"
)

// Magic and Version identify a store file.
const (
	Magic   uint32 = 0x524f5453 // "STOR" little-endian
	Version uint32 = 3
)

// BlockSize is the uncompressed size at which a block of small documents
// is closed; a document larger than it is stored chunked, in a block of
// its own. A hit on a small document decompresses at most this much
// (a few microseconds of LZ4).
const BlockSize = 16 << 10

// ChunkSize is the largest uncompressed size of the chunks of a large
// document, each an LZ4 block of its own: the unit a member read
// decompresses. At 64 KiB a chunk compresses about as well as a 16 KiB
// zstd frame did.
const ChunkSize = 64 << 10

// bigMember is the size from which a member of a large document starts and
// ends chunks of its own: the small members between two big ones (a
// contract's name and snippet before its body, its attributes between the
// body and the sections) share a small chunk, so that an include list that
// skips the big ones decompresses a kilobyte or so rather than 64 KiB.
const bigMember = 4 << 10

// Block kinds, the first byte of a block.
const (
	kindPacked  byte = 0 // one LZ4 block of small documents
	kindChunked byte = 1 // one document, chunked, with its member table
)

// maxBlockRaw bounds the decompressed size of one block a reader accepts: a
// block holds at most BlockSize of small documents or one large document,
// and no record is larger than the ingest limit.
const maxBlockRaw = 256 << 20

// maxExpansion bounds how many times larger than its LZ4 block content
// can be (a byte of match length stands for at most 255 bytes), so that a
// damaged length is refused before a buffer of its size is allocated.
const maxExpansion = 256

// Writer writes the store file of one segment. Documents are added in
// document id order, starting at 0.
type Writer struct {
	lz      *lz4.CompressorHC
	out     encoding.Encbuf
	pending [][]byte // sources of the open block
	raw     int
	docs    uint32
	index   []blockEntry
	done    bool

	// Streaming (NewStreamWriter): finished blocks move from out to sink;
	// base counts the bytes moved.
	sink *encoding.Writer
	base uint64
}

// streamChunk is how many bytes of finished blocks a streaming Writer
// buffers before writing them out.
const streamChunk = 1 << 20

type blockEntry struct {
	firstDoc uint32
	size     uint64
}

// NewWriter returns a writer.
func NewWriter() (*Writer, error) {
	// LZ4's high-compression mode at its shallowest search: on CUAD it
	// compresses as well as the deepest and decodes as fast as the fast
	// mode (docs/format/store.md).
	return &Writer{lz: &lz4.CompressorHC{Level: lz4.Level1}}, nil
}

// compress appends src as an LZ4 block to dst, or src itself when LZ4
// would not make it smaller: readers take a block exactly as long as its
// content for the content, raw.
func (w *Writer) compress(dst, src []byte) []byte {
	start := len(dst)
	if len(src) < 2 {
		return append(dst, src...)
	}
	// A destination one byte short of src makes the compressor give up
	// (n = 0) on what it cannot shrink.
	dst = slices.Grow(dst, len(src))
	n, err := w.lz.CompressBlock(src, dst[start:start+len(src)-1])
	if err != nil || n == 0 {
		return append(dst[:start], src...)
	}
	return dst[:start+n]
}

// decompress appends the content of frame, an LZ4 block (or a raw one,
// as long as its content) of want bytes, to dst.
func decompress(dst, frame []byte, want int) ([]byte, error) {
	if len(frame) == want {
		return append(dst, frame...), nil
	}
	if len(frame) > want || want/maxExpansion >= len(frame) {
		return dst, fmt.Errorf("%d compressed bytes for %d", len(frame), want)
	}
	start := len(dst)
	dst = slices.Grow(dst, want)[:start+want]
	n, err := lz4.UncompressBlock(frame, dst[start:])
	if err != nil {
		return dst[:start], err
	}
	if n != want {
		return dst[:start], fmt.Errorf("%d bytes, the length says %d", n, want)
	}
	return dst, nil
}

// NewStreamWriter returns a writer that streams the file to out, holding
// only the open block and about a megabyte of finished ones in memory.
// Finish writes the index and footer to out and returns nil.
func NewStreamWriter(out io.Writer) (*Writer, error) {
	w, err := NewWriter()
	if err != nil {
		return nil, err
	}
	w.sink = encoding.NewWriter(out)
	return w, nil
}

// len returns the length of the file so far.
func (w *Writer) len() uint64 { return w.base + uint64(w.out.Len()) }

// drain writes finished blocks out when streaming.
func (w *Writer) drain(force bool) error {
	if w.sink == nil || (!force && w.out.Len() < streamChunk) {
		return nil
	}
	_, _ = w.sink.Write(w.out.B)
	w.base += uint64(w.out.Len())
	w.out.Reset()
	if err := w.sink.Err(); err != nil {
		return fmt.Errorf("store: write: %w", err)
	}
	return nil
}

// Add stores the next document's source; its id is the number of documents
// added before it. The writer keeps a reference to source until the block
// is flushed, so the caller must not modify it.
func (w *Writer) Add(source []byte) (uint32, error) {
	if w.done {
		return 0, errors.New("store: Add after Finish")
	}
	if w.docs == 1<<32-1 {
		return 0, errors.New("store: too many documents in one segment")
	}
	if w.raw > 0 && w.raw+len(source) > BlockSize || len(source) > BlockSize {
		if err := w.flush(); err != nil {
			return 0, err
		}
	}
	if len(source) > BlockSize {
		w.addChunked(source)
		id := w.docs
		w.docs++
		return id, w.drain(false)
	}
	w.pending = append(w.pending, source)
	w.raw += len(source)
	id := w.docs
	w.docs++
	return id, nil
}

// CopyBlock appends a compressed block of count documents taken as it is
// from another store file (Reader.Block), after closing the open block:
// merging segments moves whole blocks without decompressing them. The
// block's documents get the next ids.
func (w *Writer) CopyBlock(data []byte, count uint32) error {
	if w.done {
		return errors.New("store: CopyBlock after Finish")
	}
	if count == 0 || uint64(w.docs)+uint64(count) > 1<<32-1 {
		return fmt.Errorf("store: cannot copy a block of %d documents after %d", count, w.docs)
	}
	if err := w.flush(); err != nil {
		return err
	}
	w.out.PutBytes(data)
	w.index = append(w.index, blockEntry{firstDoc: w.docs, size: uint64(len(data))})
	w.docs += count
	return w.drain(false)
}

// flush compresses the open block.
func (w *Writer) flush() error {
	if len(w.pending) == 0 {
		return nil
	}
	var raw encoding.Encbuf
	raw.PutUvarint(uint64(len(w.pending)))
	for _, s := range w.pending {
		raw.PutUvarint(uint64(len(s)))
	}
	for _, s := range w.pending {
		raw.PutBytes(s)
	}
	start := w.out.Len()
	w.out.PutByte(kindPacked)
	w.out.PutUvarint(uint64(raw.Len()))
	w.out.B = w.compress(w.out.B, raw.B)
	w.index = append(w.index, blockEntry{firstDoc: w.docs - uint32(len(w.pending)), size: uint64(w.out.Len() - start)})
	w.pending, w.raw = w.pending[:0], 0
	return w.drain(false)
}

// addChunked writes a large document as a block of its own: its member
// table and its chunks. A source that is not a JSON object (the store does
// not require one) gets no member table and is always read whole.
func (w *Writer) addChunked(source []byte) {
	// A member runs from its key's opening quote to its value's end.
	var members []memberSpan
	err := jsonscan.ObjectSpans(source, func(key, value jsonscan.Span) bool {
		members = append(members, memberSpan{key: source[key.Start+1 : key.End-1], start: key.Start, end: value.End})
		return true
	})
	if err != nil {
		members = nil
	}
	cuts := chunkCuts(len(source), members)
	var dir encoding.Encbuf
	dir.PutUvarint(uint64(len(source)))
	dir.PutUvarint(uint64(len(cuts) - 1))
	var frames encoding.Encbuf
	for k := range len(cuts) - 1 {
		start := frames.Len()
		frames.B = w.compress(frames.B, source[cuts[k]:cuts[k+1]])
		dir.PutUvarint(uint64(cuts[k+1] - cuts[k]))
		dir.PutUvarint(uint64(frames.Len() - start))
	}
	if err != nil {
		dir.PutUvarint(0)
	} else {
		dir.PutUvarint(uint64(len(members)) + 1)
		prev := 0
		for _, m := range members {
			dir.PutUvarint(uint64(len(m.key)))
			dir.PutBytes(m.key)
			dir.PutUvarint(uint64(m.start - prev))
			dir.PutUvarint(uint64(m.end - m.start))
			prev = m.end
		}
	}
	start := w.out.Len()
	w.out.PutByte(kindChunked)
	w.out.PutUvarint(uint64(dir.Len()))
	w.out.PutBytes(dir.B)
	w.out.PutBytes(frames.B)
	w.index = append(w.index, blockEntry{firstDoc: w.docs, size: uint64(w.out.Len() - start)})
}

// chunkCuts returns where the chunks of a document of n bytes start, and
// n: every big member (bigMember) starts and ends a chunk, and no chunk is
// longer than ChunkSize.
func chunkCuts(n int, members []memberSpan) []int {
	cuts := []int{0}
	cut := func(at int) {
		for at-cuts[len(cuts)-1] > ChunkSize {
			cuts = append(cuts, cuts[len(cuts)-1]+ChunkSize)
		}
		if at > cuts[len(cuts)-1] {
			cuts = append(cuts, at)
		}
	}
	for _, m := range members {
		if m.end-m.start >= bigMember {
			cut(m.start)
			cut(m.end)
		}
	}
	cut(n)
	return cuts
}

// Finish returns the complete file; a streaming writer writes the rest of
// it and returns nil.
func (w *Writer) Finish() ([]byte, error) {
	if w.done {
		return nil, errors.New("store: Finish called twice")
	}
	w.done = true
	if err := w.flush(); err != nil {
		return nil, err
	}
	indexOffset := w.len()
	w.out.PutUvarint(uint64(len(w.index)))
	prev := uint32(0)
	for _, b := range w.index {
		w.out.PutUvarint(uint64(b.firstDoc - prev))
		w.out.PutUvarint(b.size)
		prev = b.firstDoc
	}
	w.out.PutUvarint(uint64(w.docs))
	w.out.PutU64(indexOffset)
	if w.sink != nil {
		if err := w.drain(true); err != nil {
			return nil, err
		}
		if err := w.sink.WriteFooter(Magic, Version); err != nil {
			return nil, fmt.Errorf("store: write: %w", err)
		}
		return nil, nil
	}
	w.out.PutFooter(Magic, Version)
	return w.out.B, nil
}

// Reader reads a store file. It is safe for concurrent use.
type Reader struct {
	data     []byte // the blocks
	firstDoc []uint32
	offset   []uint64 // block i is data[offset[i]:offset[i+1]]
	docs     uint32
}

// Open checks the file's footer (magic and version) and reads its block
// index, not the blocks: the checksum is the caller's to verify
// (encoding.VerifyChecksum, or the index generation's verification pass)
// before the sources are trusted. The file is referenced, not copied. A
// file of an older version is refused with an error, wrapping the
// encoding.VersionError, that asks for the index to be rebuilt.
func Open(file []byte) (*Reader, error) {
	body, err := encoding.OpenFooter(file, Magic, Version)
	if err != nil {
		var ve *encoding.VersionError
		if errors.As(err, &ve) && ve.Got < Version {
			return nil, fmt.Errorf("store: %w: the index was written by an older build; rebuild it with this one (cmd/ingest)", err)
		}
		return nil, fmt.Errorf("store: %w", err)
	}
	if len(body) < 8 {
		return nil, fmt.Errorf("store: %w: no index offset", encoding.ErrTruncated)
	}
	tail := encoding.NewDecbuf(body[len(body)-8:])
	indexOffset := tail.U64()
	if indexOffset > uint64(len(body)-8) {
		return nil, fmt.Errorf("store: %w: index offset %d beyond the file", encoding.ErrCorrupt, indexOffset)
	}
	r := &Reader{data: body[:indexOffset]}
	d := encoding.NewDecbuf(body[indexOffset : len(body)-8])
	n := d.Uvarint()
	if n > uint64(len(r.data))+1 {
		return nil, fmt.Errorf("store: %w: %d blocks in %d bytes", encoding.ErrCorrupt, n, len(r.data))
	}
	r.firstDoc = make([]uint32, 0, n)
	r.offset = make([]uint64, 1, n+1)
	var doc uint64
	for i := uint64(0); i < n && d.Err() == nil; i++ {
		doc += d.Uvarint()
		size := d.Uvarint()
		end := r.offset[i] + size
		// Blocks cover the documents from 0 on, in order: the first starts
		// at document 0 and each later one after the previous.
		if doc > 1<<32-1 || end > uint64(len(r.data)) || size == 0 || (i == 0 && doc != 0) || (i > 0 && doc <= uint64(r.firstDoc[i-1])) {
			return nil, fmt.Errorf("store: %w: block %d out of bounds", encoding.ErrCorrupt, i)
		}
		r.firstDoc = append(r.firstDoc, uint32(doc))
		r.offset = append(r.offset, end)
	}
	docs := d.Uvarint()
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("store: index: %w", err)
	}
	if docs > 1<<32-1 || (n > 0 && docs <= doc) || (n == 0 && docs != 0) || r.offset[len(r.offset)-1] != uint64(len(r.data)) || d.Len() != 0 {
		return nil, fmt.Errorf("store: %w: index does not match the blocks", encoding.ErrCorrupt)
	}
	r.docs = uint32(docs)
	return r, nil
}

// Docs returns the number of documents.
func (r *Reader) Docs() uint32 { return r.docs }

// Close releases the reader. It holds nothing but the file, which is the
// caller's, so there is nothing to release; Close stays so that callers
// need not know that.
func (r *Reader) Close() {}

// Blocks returns the number of blocks.
func (r *Reader) Blocks() int { return len(r.firstDoc) }

// Block returns block i's first document, its document count and its
// bytes (aliasing the file), for Writer.CopyBlock.
func (r *Reader) Block(i int) (firstDoc, count uint32, data []byte) {
	last := r.docs
	if i+1 < len(r.firstDoc) {
		last = r.firstDoc[i+1]
	}
	return r.firstDoc[i], last - r.firstDoc[i], r.data[r.offset[i]:r.offset[i+1]]
}

// BlockSources decompresses block i into scratch and calls fn with each
// of its documents' sources in order (valid only during the call). It
// returns scratch, grown, for reuse.
func (r *Reader) BlockSources(i int, scratch []byte, fn func(doc uint32, src []byte) error) ([]byte, error) {
	first, count, data := r.Block(i)
	if data[0] == kindChunked {
		if count != 1 {
			return scratch, fmt.Errorf("store: block %d: %w: a chunked block of %d documents", i, encoding.ErrCorrupt, count)
		}
		c, err := r.chunked(i, data)
		if err != nil {
			return scratch, err
		}
		raw, err := c.whole(i, scratch[:0])
		if err != nil {
			return scratch, err
		}
		return raw, fn(first, raw)
	}
	raw, err := r.packed(i, data, scratch[:0])
	if err != nil {
		return scratch, err
	}
	d := encoding.NewDecbuf(raw)
	if n := d.Uvarint(); d.Err() == nil && n != uint64(count) {
		return raw, fmt.Errorf("store: block %d: %w: %d documents, index says %d", i, encoding.ErrCorrupt, n, count)
	}
	lens := make([]uint64, count)
	var total uint64
	for k := range lens {
		lens[k] = d.Uvarint()
		total += lens[k]
	}
	if err := d.Err(); err != nil {
		return raw, fmt.Errorf("store: block %d: %w", i, err)
	}
	if total != uint64(d.Len()) {
		return raw, fmt.Errorf("store: block %d: %w: %d bytes of sources, lengths say %d", i, encoding.ErrCorrupt, d.Len(), total)
	}
	for k, l := range lens {
		if err := fn(first+uint32(k), d.Bytes(int(l))); err != nil {
			return raw, err
		}
	}
	return raw, nil
}

// packed decompresses block b, of small documents, appending to dst.
func (r *Reader) packed(b int, data, dst []byte) ([]byte, error) {
	if data[0] != kindPacked {
		return dst, fmt.Errorf("store: block %d: %w: block kind %d", b, encoding.ErrCorrupt, data[0])
	}
	d := encoding.NewDecbuf(data[1:])
	rawLen := d.Uvarint()
	if d.Err() != nil || rawLen == 0 || rawLen > maxBlockRaw {
		return dst, fmt.Errorf("store: block %d: %w: bad block length", b, encoding.ErrCorrupt)
	}
	raw, err := decompress(dst, d.B, int(rawLen))
	if err != nil {
		return dst, fmt.Errorf("store: block %d: %w: %v", b, encoding.ErrCorrupt, err)
	}
	return raw, nil
}

// Get appends document doc's source to dst. scratch, when not nil, is a
// buffer a block is decompressed into and is returned grown for reuse.
func (r *Reader) Get(doc uint32, dst, scratch []byte) (src, newScratch []byte, err error) {
	if doc >= r.docs {
		return dst, scratch, fmt.Errorf("store: document %d out of range (%d documents)", doc, r.docs)
	}
	b := r.blockOf(doc)
	data := r.data[r.offset[b]:r.offset[b+1]]
	if data[0] == kindChunked {
		c, err := r.chunked(b, data)
		if err != nil {
			return dst, scratch, err
		}
		out, err := c.whole(b, dst)
		return out, scratch, err
	}
	raw, err := r.packed(b, data, scratch[:0])
	if err != nil {
		return dst, scratch, err
	}
	s, err := r.docIn(raw, b, doc)
	if err != nil {
		return dst, raw, err
	}
	return append(dst, s...), raw, nil
}

// blockOf returns the block holding doc (< r.docs).
func (r *Reader) blockOf(doc uint32) int {
	return sort.Search(len(r.firstDoc), func(i int) bool { return r.firstDoc[i] > doc }) - 1
}

// docIn returns doc's source in raw, packed block b decompressed, checking
// the block's header against the index.
func (r *Reader) docIn(raw []byte, b int, doc uint32) ([]byte, error) {
	d := encoding.NewDecbuf(raw)
	count := d.Uvarint()
	idx := uint64(doc - r.firstDoc[b])
	var last uint32
	if b+1 < len(r.firstDoc) {
		last = r.firstDoc[b+1]
	} else {
		last = r.docs
	}
	if count != uint64(last-r.firstDoc[b]) {
		return nil, fmt.Errorf("store: block %d: %w: %d documents, index says %d", b, encoding.ErrCorrupt, count, last-r.firstDoc[b])
	}
	var skip, size uint64
	for i := uint64(0); i < count; i++ {
		l := d.Uvarint()
		switch {
		case i < idx:
			skip += l
		case i == idx:
			size = l
		}
	}
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("store: block %d: %w", b, err)
	}
	if skip+size > uint64(d.Len()) || skip+size < skip {
		return nil, fmt.Errorf("store: block %d: %w: document beyond the block", b, encoding.ErrCorrupt)
	}
	return d.B[skip : skip+size : skip+size], nil
}

// chunkedDoc is the directory of a chunked block: the document's length,
// its compressed chunks and its top-level members.
type chunkedDoc struct {
	rawLen  int
	starts  []int // chunk k holds the bytes [starts[k], starts[k+1])
	frames  [][]byte
	members []memberSpan // nil when the source is not an object
	object  bool
	// keyErr is the error of unescaping a member's key, if any: only a
	// member read needs the keys, so only it fails on a damaged one.
	keyErr error
	// cost approximates the bytes the directory takes, for a Cache.
	cost int
}

// memberSpan is one top-level member of a chunked document: its raw key
// (between the quotes, escapes kept), that key unescaped, and the bytes
// [start, end) it spans, from the key's opening quote to the value's end.
type memberSpan struct {
	key        []byte
	name       string
	start, end int
}

// chunked reads the directory of block b (data, a chunked block), checking
// that it describes the block exactly.
func (r *Reader) chunked(b int, data []byte) (*chunkedDoc, error) {
	bad := func(what string) error {
		return fmt.Errorf("store: block %d: %w: %s", b, encoding.ErrCorrupt, what)
	}
	d := encoding.NewDecbuf(data[1:])
	dirLen := d.Uvarint()
	if d.Err() != nil || dirLen > uint64(d.Len()) {
		return nil, bad("directory beyond the block")
	}
	frames := d.B[dirLen:]
	d = encoding.NewDecbuf(d.B[:dirLen])
	rawLen, n := d.Uvarint(), d.Uvarint()
	if d.Err() != nil || rawLen == 0 || rawLen > maxBlockRaw || n == 0 || n > uint64(len(frames)) || n > uint64(d.Len()) {
		return nil, bad("bad document length or chunk count")
	}
	c := &chunkedDoc{rawLen: int(rawLen)}
	c.frames = make([][]byte, n)
	c.starts = make([]int, n+1)
	for k := range c.frames {
		raw, size := d.Uvarint(), d.Uvarint()
		if d.Err() != nil || raw == 0 || raw > rawLen-uint64(c.starts[k]) || size == 0 || size > uint64(len(frames)) {
			return nil, bad("chunk beyond the document or the block")
		}
		c.starts[k+1] = c.starts[k] + int(raw)
		c.frames[k], frames = frames[:size], frames[size:]
	}
	if len(frames) != 0 || c.starts[n] != c.rawLen {
		return nil, bad("chunks do not tile the document and the block")
	}
	members := d.Uvarint()
	if d.Err() != nil || members > uint64(d.Len())+1 {
		return nil, bad("bad member count")
	}
	if members > 0 {
		c.object = true
		c.members = make([]memberSpan, members-1)
	}
	end := 0
	for k := range c.members {
		keyLen := d.Uvarint()
		if keyLen > uint64(d.Len()) {
			return nil, bad("member key beyond the directory")
		}
		key := d.Bytes(int(keyLen))
		gap, size := d.Uvarint(), d.Uvarint()
		if d.Err() != nil || gap > rawLen || size > rawLen || uint64(end)+gap+size > rawLen {
			return nil, bad("member beyond the document")
		}
		start := end + int(gap)
		end = start + int(size)
		name, err := jsonscan.Key(key)
		if err != nil && c.keyErr == nil {
			c.keyErr = fmt.Errorf("store: block %d: %w: %v", b, encoding.ErrCorrupt, err)
		}
		c.members[k] = memberSpan{key: key, name: name, start: start, end: end}
	}
	if d.Err() != nil || d.Len() != 0 {
		return nil, bad("bad directory")
	}
	c.cost = int(dirLen) + 48*len(c.frames) + 64*len(c.members)
	return c, nil
}

// chunkRaw returns the decompressed length of chunk k.
func (c *chunkedDoc) chunkRaw(k int) int { return c.starts[k+1] - c.starts[k] }

// chunk appends chunk k, decompressed, to dst.
func (c *chunkedDoc) chunk(b, k int, dst []byte) ([]byte, error) {
	out, err := decompress(dst, c.frames[k], c.chunkRaw(k))
	if err != nil {
		return dst, fmt.Errorf("store: block %d chunk %d: %w: %v", b, k, encoding.ErrCorrupt, err)
	}
	return out, nil
}

// whole appends the whole document to dst.
func (c *chunkedDoc) whole(b int, dst []byte) ([]byte, error) {
	dst = slices.Grow(dst, c.rawLen)
	var err error
	for k := range c.frames {
		if dst, err = c.chunk(b, k, dst); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// Cursor reads sources for one caller (it is not safe for concurrent use),
// keeping the last block it decompressed: documents read near each other,
// such as a record's nested children, which sit just before it, are then
// decompressed once; and the chunks of the last large document it read.
// With a Cache (Reader.CachedCursor), what it decompresses is shared with
// other cursors and later requests, and what they decompressed is reused.
// The sources it returns point into buffers that are never written again,
// so they stay valid and unchanged; they must not be modified.
type Cursor struct {
	r     *Reader
	cache *Cache
	block int // of raw; -1 for none
	raw   []byte

	chunkBlock int // of doc, chunks and whole; -1 for none
	doc        *chunkedDoc
	chunks     [][]byte // decompressed chunks, nil until read
	whole      []byte   // the whole document, once read whole
	// wanted is Members' scratch list of the members it copies, kept from
	// call to call.
	wanted []memberSpan
}

// Cursor returns a new cursor over the reader's documents.
func (r *Reader) Cursor() *Cursor { return r.CachedCursor(nil) }

// CachedCursor returns a new cursor over the reader's documents that
// looks in cache before decompressing and keeps there what it
// decompresses; a nil cache is Cursor's.
func (r *Reader) CachedCursor(cache *Cache) *Cursor {
	return &Cursor{r: r, cache: cache, block: -1, chunkBlock: -1}
}

// Get returns document doc's source, without copying it out of its block
// when it is a small document.
func (c *Cursor) Get(doc uint32) ([]byte, error) {
	return c.Members(doc, nil)
}

// Members returns document doc's source, or for a large document that is
// a JSON object, an object of only its top-level members whose unescaped
// key want accepts, in stored order, each as stored (whitespace inside it
// kept): the chunks no wanted member touches are not decompressed. A small
// document, whose block is decompressed anyway, is returned whole, and so
// is every document when want is nil. Callers must read the result only
// through the members want accepted.
func (c *Cursor) Members(doc uint32, want func(key string) bool) ([]byte, error) {
	r := c.r
	if doc >= r.docs {
		return nil, fmt.Errorf("store: document %d out of range (%d documents)", doc, r.docs)
	}
	b := r.blockOf(doc)
	data := r.data[r.offset[b]:r.offset[b+1]]
	if data[0] == kindChunked {
		return c.chunked(b, data, want)
	}
	if b != c.block {
		key := cacheKey{r, b, wholeBlock}
		raw := c.cache.get(key)
		if raw == nil {
			var err error
			if raw, err = r.packed(b, data, nil); err != nil {
				c.block, c.raw = -1, nil
				return nil, err
			}
			c.cache.put(key, raw)
		}
		c.block, c.raw = b, raw
	}
	return r.docIn(c.raw, b, doc)
}

// chunked reads from chunked block b.
func (c *Cursor) chunked(b int, data []byte, want func(string) bool) ([]byte, error) {
	wholeKey := cacheKey{c.r, b, wholeBlock}
	if b != c.chunkBlock {
		if want == nil {
			// A whole document cached is all a whole read needs: not
			// even its directory.
			if whole := c.cache.get(wholeKey); whole != nil {
				return whole, nil
			}
		}
		// The directory is parsed once, then shared through the cache.
		dirKey := cacheKey{c.r, b, directory}
		d := c.cache.getDir(dirKey)
		if d == nil {
			var err error
			if d, err = c.r.chunked(b, data); err != nil {
				c.chunkBlock, c.doc, c.chunks, c.whole = -1, nil, nil, nil
				return nil, err
			}
			c.cache.putDir(dirKey, d)
		}
		// The chunk slots of the previous block are reused: the chunks
		// themselves belong to the cache (or to the garbage collector).
		chunks := slices.Grow(c.chunks[:0], len(d.frames))[:len(d.frames)]
		clear(chunks)
		c.chunkBlock, c.doc, c.chunks, c.whole = b, d, chunks, c.cache.get(wholeKey)
	}
	d := c.doc
	if want == nil || !d.object {
		// Decompressed straight into one buffer: a whole read does not
		// keep the chunks too.
		if c.whole == nil {
			out, err := d.whole(b, nil)
			if err != nil {
				return nil, err
			}
			c.whole = out
			c.cache.put(wholeKey, out)
		}
		return c.whole, nil
	}
	if d.keyErr != nil {
		return nil, d.keyErr
	}
	wanted := c.wanted[:0]
	size := 2
	for _, m := range d.members {
		if want(m.name) {
			wanted = append(wanted, m)
			size += m.end - m.start + 1
		}
	}
	c.wanted = wanted
	out := make([]byte, 1, size)
	out[0] = '{'
	for _, m := range wanted {
		if len(out) > 1 {
			out = append(out, ',')
		}
		if c.whole != nil {
			out = append(out, c.whole[m.start:m.end]...)
			continue
		}
		// The first chunk ending after the member's start, then on.
		k0 := sort.SearchInts(d.starts[1:], m.start+1)
		for k := k0; k < len(d.frames) && d.starts[k] < m.end; k++ {
			ch, err := c.chunk(b, k)
			if err != nil {
				return nil, err
			}
			lo, hi := max(m.start-d.starts[k], 0), min(m.end-d.starts[k], len(ch))
			out = append(out, ch[lo:hi]...)
		}
	}
	return append(out, '}'), nil
}

// chunk returns chunk k of the cursor's chunked block, decompressing it on
// first use.
func (c *Cursor) chunk(b, k int) ([]byte, error) {
	if c.chunks[k] == nil {
		key := cacheKey{c.r, b, k}
		ch := c.cache.get(key)
		if ch == nil {
			var err error
			if ch, err = c.doc.chunk(b, k, make([]byte, 0, c.doc.chunkRaw(k))); err != nil {
				return nil, err
			}
			c.cache.put(key, ch)
		}
		c.chunks[k] = ch
	}
	return c.chunks[k], nil
}
