package postings

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"slices"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// dump parses an annotated byte dump: on each line, hex bytes up to a '#'
// comment.
func dump(t *testing.T, s string) []byte {
	t.Helper()
	var out []byte
	for _, line := range strings.Split(s, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		for _, f := range strings.Fields(line) {
			b, err := hex.DecodeString(f)
			if err != nil {
				t.Fatalf("bad dump byte %q", f)
			}
			out = append(out, b...)
		}
	}
	return out
}

// withFooter appends the footer the files end with.
func withFooter(b []byte, magic uint32) []byte {
	b = binary.LittleEndian.AppendUint32(b, magic)
	b = binary.LittleEndian.AppendUint32(b, Version)
	return binary.LittleEndian.AppendUint32(b, encoding.CRC32C(b))
}

// TestByteDump pins every byte of a small positional field and walks
// through it as docs/format/postings.md describes. Three terms:
//
//	A: docs 2 (pos 5), 7 (pos 1 4), 8 (pos 0)       three-document tail
//	B: doc 9 (pos 3 3)                              singleton
//	C: docs 0, 2, 4 … 256 (129 docs), pos 0 each,   one packed block + tail,
//	   doc 18 twice (pos 0 0); norms 7, doc 18 9,   with skip data
//	   doc 256 norm 5
func TestByteDump(t *testing.T) {
	w := NewWriter(DocsFreqsPositions)
	var metas []TermMeta
	term := func(docs ...posting) {
		if err := w.StartTerm(); err != nil {
			t.Fatal(err)
		}
		for _, p := range docs {
			if err := w.AddDoc(p.doc, p.freq, p.norm, p.pos); err != nil {
				t.Fatal(err)
			}
		}
		m, err := w.FinishTerm()
		if err != nil {
			t.Fatal(err)
		}
		metas = append(metas, m)
	}
	term(posting{2, 1, 10, []uint32{5}}, posting{7, 2, 20, []uint32{1, 4}}, posting{8, 1, 10, []uint32{0}})
	term(posting{9, 2, 4, []uint32{3, 3}})
	var c []posting
	for d := uint32(0); d <= 256; d += 2 {
		p := posting{d, 1, 7, []uint32{0}}
		switch d {
		case 18:
			p = posting{d, 2, 9, []uint32{0, 0}}
		case 256:
			p.norm = 5
		}
		c = append(c, p)
	}
	term(c...)
	docs, pos, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}

	wantDocs := withFooter(dump(t, `
		# term A @0: docFreq 3 < 128, so only a tail of varints
		05        # doc 2: delta 2−0 = 2, <<1 | 1 (freq is 1)
		08 02     # doc 7: delta 7−3 = 4, <<1 | 0; freq 2
		01        # doc 8: delta 8−8 = 0, <<1 | 1
		# term B: singleton, no bytes here (the doc is in TermMeta)
		# term C @4: packed block 0 (docs 0 … 254)
		01        # docBits: deltas 0, 1, 1, … fit in 1 bit
		01        # freqBits: freq−1 is 0 except 1 for doc 18
		fe ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff    # deltas, bit i = delta i: 0 then 127 ones
		00 02 00 00 00 00 00 00 00 00 00 00 00 00 00 00    # freq−1, bit 9 (doc 18) set
		# term C @38: tail block
		03        # doc 256: delta 256−255 = 1, <<1 | 1
		# term C @39: skip data
		02  00 05  00 09    # term impacts, 2 pairs: (0+1, 5), (1+0+1, 9); (1, 7) is dominated by (1, 5)
		09                  # lastDoc width: 256 needs 9 bits
		06                  # docOff width: 34 needs 6 bits
		01                  # posOff width: 1 needs 1 bit
		08                  # posCount width: 129 needs 8 bits
		03                  # impOff width: 5 needs 3 bits
		fe 00 02            # lastDoc column [254, 256], 9 bits each
		80 08               # docOff column [0, 34]: block 1 (tail) starts 34 bytes into the term
		02                  # posOff column [0, 1]: the tail's positions start in the block at byte 1
		00 81               # posCount column [0, 129]: 129 positions precede the tail (block 1, upto 1)
		28                  # impOff column [0, 5]
		02  00 07  00 09    # block 0 impacts: (1, 7), (2, 9)
		01  00 05           # block 1 impacts: (1, 5)
	`), DocsMagic)
	if !bytes.Equal(docs, wantDocs) {
		t.Errorf("docs file\n got % x\nwant % x", docs, wantDocs)
	}

	wantPos := withFooter(dump(t, `
		# term A @0: 4 positions < 128, all in the varint tail
		05        # doc 2: 5
		01 03     # doc 7: 1, then 4−1
		00        # doc 8: 0
		# term B @4
		03 00     # doc 9: 3, then 3−3 (a repeated position)
		# term C @6: 130 positions: one packed block of 128, a tail of 2
		00        # width 0: all 128 deltas are 0 (no data bytes follow)
		00 00     # tail: doc 254's position, doc 256's position
	`), PositionsMagic)
	if !bytes.Equal(pos, wantPos) {
		t.Errorf("positions file\n got % x\nwant % x", pos, wantPos)
	}

	wantMetas := []struct {
		m     TermMeta
		bytes string
	}{
		{TermMeta{DocFreq: 3, TotalTermFreq: 4, DocOffset: 0, PosOffset: 0},
			`03 # docFreq
			 01 # ttf−docFreq
			 00 # docOffset
			 00 # posOffset`},
		{TermMeta{DocFreq: 1, TotalTermFreq: 2, SingletonDoc: 9, PosOffset: 4},
			`01 # docFreq
			 01 # ttf−docFreq
			 09 # singleton doc
			 04 # posOffset`},
		{TermMeta{DocFreq: 129, TotalTermFreq: 130, DocOffset: 4, SkipOffset: 39, PosOffset: 6},
			`81 01 # docFreq 129
			 01    # ttf−docFreq
			 04    # docOffset
			 23    # skipOffset−docOffset = 35
			 06    # posOffset`},
	}
	for i, want := range wantMetas {
		if metas[i] != want.m {
			t.Errorf("term %d meta %+v, want %+v", i, metas[i], want.m)
		}
		var e encoding.Encbuf
		metas[i].AppendTo(&e, DocsFreqsPositions)
		if wb := dump(t, want.bytes); !bytes.Equal(e.B, wb) {
			t.Errorf("term %d meta bytes % x, want % x", i, e.B, wb)
		}
	}

	// And the bytes read back as written, skip data included.
	r, err := Open(docs, pos, DocsFreqsPositions)
	if err != nil {
		t.Fatal(err)
	}
	it := r.Postings(metas[2], nil)
	if got := it.TermImpacts(); !slices.Equal(got, []Impact{{1, 5}, {2, 9}}) {
		t.Errorf("term impacts %v", got)
	}
	if it.AdvanceShallow(255) != 256 || !slices.Equal(it.BlockImpacts(), []Impact{{1, 5}}) {
		t.Errorf("block 1: impacts %v", it.BlockImpacts())
	}
	if !it.Advance(18) || it.Freq() != 2 {
		t.Fatalf("Advance(18): %d freq %d", it.DocID(), it.Freq())
	}
	if !it.Advance(255) || it.DocID() != 256 {
		t.Fatalf("Advance(255): %d %v", it.DocID(), it.Err())
	}
	if p, ok := it.NextPosition(); !ok || p != 0 {
		t.Fatalf("position of 256: %d %v %v", p, ok, it.Err())
	}
}

// TestByteDumpDocsOnly pins the DocsOnly tail and block layout: no freq
// width, no freqs, no positions file.
func TestByteDumpDocsOnly(t *testing.T) {
	w := NewWriter(DocsOnly)
	_ = w.StartTerm()
	for _, d := range []uint32{3, 4, 10} {
		_ = w.AddDoc(d, 1, 0, nil)
	}
	m, err := w.FinishTerm()
	if err != nil {
		t.Fatal(err)
	}
	_ = w.StartTerm()
	for d := uint32(100); d < 100+BlockSize; d++ {
		_ = w.AddDoc(d, 1, 0, nil)
	}
	m2, err := w.FinishTerm()
	if err != nil {
		t.Fatal(err)
	}
	docs, pos, err := w.Finish()
	if err != nil || pos != nil {
		t.Fatal(err, pos)
	}
	want := withFooter(dump(t, `
		03 00 05    # term 1 @0: deltas 3−0, 4−4, 10−5
		07          # term 2 @3: docBits 7 (first delta 100 needs 7 bits, the rest are 0)
		64 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00    # deltas: 100, then 127 zeros (7 bits each: 112 bytes)
		00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
		00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
		00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
		00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
		00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
		00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
		# skip data @116 (no positions columns for DocsOnly)
		01 00 00    # term impacts: (1, 0)
		08 00 00    # widths: lastDoc 227 → 8 bits, docOff [0] → 0, impOff [0] → 0
		e3          # lastDoc column [227]
		01 00 00    # block 0 impacts: (1, 0)
	`), DocsMagic)
	if !bytes.Equal(docs, want) {
		t.Errorf("docs file\n got % x\nwant % x", docs, want)
	}
	if m != (TermMeta{DocFreq: 3, TotalTermFreq: 3}) || m2 != (TermMeta{DocFreq: 128, TotalTermFreq: 128, DocOffset: 3, SkipOffset: 116}) {
		t.Errorf("metas %+v %+v", m, m2)
	}
	var e encoding.Encbuf
	m2.AppendTo(&e, DocsOnly)
	if wb := dump(t, `80 01 03 71 # docFreq 128, docOffset 3, skip 113 bytes later`); !bytes.Equal(e.B, wb) {
		t.Errorf("meta % x, want % x", e.B, wb)
	}
}
