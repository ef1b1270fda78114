package postings

import (
	"fmt"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// CheckTerm verifies one term's postings against the invariants of
// docs/format/postings.md, including those plain iteration never looks at:
// it reads every document, frequency and position in order, then enters
// every block through its skip entry (as Advance does) and checks that
// the skip data, the positions it resumes and the impacts agree with what
// the sequential pass saw. Impact norms cannot be checked without the
// norms file; everything else is. It costs a full read of the term, so it
// is for tests, tools and builds with expensive checks on — never the
// query path. Errors wrap encoding.ErrCorrupt or encoding.ErrTruncated.
func (r *Reader) CheckTerm(m TermMeta) error {
	type block struct {
		first, last uint32
		firstPos    uint32 // first position of the first document
		firstStart  uint32 // its start offset (offsets fields)
		maxFreq     uint32
		off         uint64 // where the block starts, relative to DocOffset
		posCount    uint64 // positions of the term before the block
	}
	var blocks []block
	var count, ttf uint64
	it := r.Postings(m, nil)
	for off := it.nextOff; it.Next(); off = it.nextOff {
		if it.i == 0 {
			blocks = append(blocks, block{first: it.DocID(), off: off - m.DocOffset, posCount: ttf})
		}
		b := &blocks[len(blocks)-1]
		b.last = it.DocID()
		f := it.Freq()
		b.maxFreq = max(b.maxFreq, f)
		count++
		ttf += uint64(f)
		if it.positional {
			var prev, prevStart uint32
			for k := range f {
				var p, start uint32
				var ok bool
				if it.hasOff {
					p, start, _, ok = it.NextPositionOffsets()
				} else {
					p, ok = it.NextPosition()
				}
				if !ok {
					return fmt.Errorf("%w: document %d has %d of its %d positions (%v)", encoding.ErrCorrupt, it.DocID(), k, f, it.Err())
				}
				if p < prev {
					return fmt.Errorf("%w: document %d: position %d after %d", encoding.ErrCorrupt, it.DocID(), p, prev)
				}
				if start < prevStart {
					return fmt.Errorf("%w: document %d: start offset %d after %d", encoding.ErrCorrupt, it.DocID(), start, prevStart)
				}
				if k == 0 && it.i == 0 {
					b.firstPos, b.firstStart = p, start
				}
				prev, prevStart = p, start
			}
		}
	}
	if it.Err() != nil {
		return it.Err()
	}
	if count != uint64(m.DocFreq) || ttf != m.TotalTermFreq {
		return fmt.Errorf("%w: %d documents and %d occurrences, metadata says %d and %d", encoding.ErrCorrupt, count, ttf, m.DocFreq, m.TotalTermFreq)
	}
	if !m.hasSkip() {
		return nil
	}

	it = r.Postings(m, it)
	if !it.loadSkip() {
		return it.Err()
	}
	if len(blocks) != it.numBlocks {
		return fmt.Errorf("%w: %d blocks for %d documents", encoding.ErrCorrupt, len(blocks), count)
	}
	if columnGet(it.docOffCol, 0, it.docOffBits) != 0 || columnGet(it.posOffCol, 0, it.posOffBits) != 0 ||
		columnGet(it.posCountCol, 0, it.posCntBits) != 0 {
		return fmt.Errorf("%w: skip entry 0 does not start the term", encoding.ErrCorrupt)
	}
	var maxFreq uint32
	for b, blk := range blocks {
		maxFreq = max(maxFreq, blk.maxFreq)
		if got := it.lastDoc(b); got != uint64(blk.last) {
			return fmt.Errorf("%w: skip entry %d: last document %d, the block ends at %d", encoding.ErrCorrupt, b, got, blk.last)
		}
		if got := columnGet(it.docOffCol, b, it.docOffBits); got != blk.off {
			return fmt.Errorf("%w: skip entry %d: block offset %d, the block is at %d", encoding.ErrCorrupt, b, got, blk.off)
		}
		if got := columnGet(it.posCountCol, b, it.posCntBits); it.positional && got != blk.posCount {
			return fmt.Errorf("%w: skip entry %d: %d positions before the block, there are %d", encoding.ErrCorrupt, b, got, blk.posCount)
		}
		if it.AdvanceShallow(blk.first) != blk.last {
			return fmt.Errorf("%w: AdvanceShallow(%d) misses block %d", encoding.ErrCorrupt, blk.first, b)
		}
		// The cap keeps the largest frequency, so it is exact.
		if imp := it.BlockImpacts(); len(imp) == 0 || imp[len(imp)-1].Freq != blk.maxFreq {
			return fmt.Errorf("%w: block %d impacts %v, its largest frequency is %d (%v)", encoding.ErrCorrupt, b, imp, blk.maxFreq, it.Err())
		}
	}
	if imp := it.TermImpacts(); len(imp) == 0 || imp[len(imp)-1].Freq != maxFreq {
		return fmt.Errorf("%w: term impacts %v, its largest frequency is %d", encoding.ErrCorrupt, imp, maxFreq)
	}
	// Enter every block through the skip data and compare.
	for b, blk := range blocks {
		it = r.Postings(m, it)
		if !it.Advance(blk.first) || it.DocID() != blk.first || it.block != b {
			return fmt.Errorf("%w: Advance(%d) through the skip data reached %d in block %d, want block %d (%v)", encoding.ErrCorrupt, blk.first, it.DocID(), it.block, b, it.Err())
		}
		if it.hasOff {
			if p, start, _, ok := it.NextPositionOffsets(); !ok || p != blk.firstPos || start != blk.firstStart {
				return fmt.Errorf("%w: positions and offsets resumed at block %d give %d at %d, want %d at %d (%v)", encoding.ErrCorrupt, b, p, start, blk.firstPos, blk.firstStart, it.Err())
			}
		} else if it.positional {
			if p, ok := it.NextPosition(); !ok || p != blk.firstPos {
				return fmt.Errorf("%w: positions resumed at block %d give %d, want %d (%v)", encoding.ErrCorrupt, b, p, blk.firstPos, it.Err())
			}
		}
	}
	return nil
}
