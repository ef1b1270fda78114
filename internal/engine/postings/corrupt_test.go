package postings

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// smallField writes a few terms of every shape (singleton, tail only,
// packed blocks with skip data) and returns the files and metadata.
func smallField(t testing.TB, opts IndexOptions, seed uint64) (docs, pos []byte, metas []TermMeta, terms [][]posting) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 99))
	for _, n := range []int{1, 5, 128, 300} {
		terms = append(terms, genPostings(r, n, opts, genStyle(r.IntN(5))))
	}
	w := NewWriter(opts)
	for _, ps := range terms {
		_ = w.StartTerm()
		for _, p := range ps {
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
	docs, pos, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return docs, pos, metas, terms
}

func isFileError(err error) bool {
	var ve *encoding.VersionError
	return errors.Is(err, encoding.ErrCorrupt) || errors.Is(err, encoding.ErrTruncated) || errors.As(err, &ve)
}

// TestOpenRejectsDamage: a truncated file fails at Open; a single flipped
// bit anywhere in either file fails at Open (footer) or at the checksum,
// which Open leaves to its caller (an index generation verifies it before
// the postings are read).
func TestOpenRejectsDamage(t *testing.T) {
	docs, pos, _, _ := smallField(t, DocsFreqsPositions, 1)
	if _, err := Open(docs, pos, DocsFreqsPositions); err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{"docs", "positions"} {
		orig := docs
		if file == "positions" {
			orig = pos
		}
		open := func(b []byte) error {
			if file == "docs" {
				_, err := Open(b, pos, DocsFreqsPositions)
				return err
			}
			_, err := Open(docs, b, DocsFreqsPositions)
			return err
		}
		for _, n := range []int{0, 1, encoding.FooterSize - 1, encoding.FooterSize, len(orig) / 2, len(orig) - 1} {
			if err := open(orig[:n]); !isFileError(err) {
				t.Errorf("%s truncated to %d bytes: %v", file, n, err)
			}
		}
		for i := range orig {
			for bit := range 8 {
				b := bytes.Clone(orig)
				b[i] ^= 1 << bit
				err := open(b)
				if err == nil {
					err = encoding.VerifyChecksum(b)
				}
				if !isFileError(err) {
					t.Fatalf("%s: bit %d of byte %d flipped: %v", file, bit, i, err)
				}
			}
		}
	}
	if _, err := Open(docs, nil, DocsFreqsPositions); err == nil {
		t.Error("missing positions file accepted")
	}
	if _, err := Open(docs, pos, DocsOnly); err == nil {
		t.Error("positions file with DocsOnly accepted")
	}
	if _, err := Open(pos, docs, DocsFreqsPositions); err == nil {
		t.Error("swapped files accepted")
	}
	var ve *encoding.VersionError
	bumped := bytes.Clone(docs)
	bumped[len(bumped)-8]++ // the version, before the CRC is checked
	if _, err := Open(bumped, pos, DocsFreqsPositions); !errors.As(err, &ve) || ve.Got != Version+1 {
		t.Errorf("future version: %v", err)
	}
}

// TestDamageAfterOpen: bytes damaged behind Open's back (as a
// memory-mapped file could be) end iteration with an error, never a
// panic or a hang.
func TestDamageAfterOpen(t *testing.T) {
	for _, opts := range []IndexOptions{DocsOnly, DocsFreqsPositions} {
		docs, pos, metas, _ := smallField(t, opts, 2)
		docs = docs[:len(docs)-encoding.FooterSize]
		if pos != nil {
			pos = pos[:len(pos)-encoding.FooterSize]
		}
		r := rand.New(rand.NewPCG(3, 3))
		var it *Iterator
		trials := 3000
		if testing.Short() {
			trials = 500 // the full count runs without the race detector in make test
		}
		for trial := range trials {
			d, p := bytes.Clone(docs), bytes.Clone(pos)
			target := d
			if pos != nil && trial%2 == 1 {
				target = p
			}
			switch trial % 3 {
			case 0:
				target[r.IntN(len(target))] ^= 1 << r.IntN(8)
			case 1:
				target[r.IntN(len(target))] = byte(r.Uint32())
			default:
				if trial%2 == 1 && pos != nil {
					p = p[:r.IntN(len(p))]
				} else {
					d = d[:r.IntN(len(d))]
				}
			}
			rd := &Reader{docs: d, pos: p, opts: opts}
			for _, m := range metas {
				it = rd.Postings(m, it)
				exercise(t, it, m, len(d), len(p), nil)
				_ = rd.CheckTerm(m) // must not panic either
			}
		}
	}
}

// exercise drives an iterator through Next (with freqs and positions),
// and then, from a fresh state, through the operations ops encodes,
// checking only what must hold for any input: no panic, a bounded number
// of steps, increasing documents, bounded impact lists, and an error
// whenever fewer than DocFreq documents came out.
func exercise(t *testing.T, it *Iterator, m TermMeta, docsLen, posLen int, ops []byte) {
	t.Helper()
	// Every block costs at least one byte, every doc of a tail one, and a
	// zero-width block of 128 values one byte, hence these bounds.
	// Out-of-turn calls on a fresh (possibly reused) iterator are harmless.
	_ = it.Freq()
	if _, ok := it.NextPosition(); ok {
		t.Fatal("position before the first document")
	}
	maxDocs := BlockSize*(docsLen+2) + 1
	maxPositions := BlockSize * (posLen + 2)
	count, positions := 0, 0
	last := int64(-1)
	for it.Next() {
		count++
		if count > maxDocs {
			t.Fatalf("more than %d documents from %d bytes", maxDocs, docsLen)
		}
		if d := int64(it.DocID()); d <= last || d >= int64(NoMoreDocs) {
			t.Fatalf("document %d after %d", d, last)
		}
		last = int64(it.DocID())
		_ = it.Freq()
		for _, ok := it.NextPosition(); ok; _, ok = it.NextPosition() {
			positions++
			if positions > maxPositions {
				t.Fatalf("more than %d positions from %d bytes", maxPositions, posLen)
			}
		}
	}
	if count != int(m.DocFreq) && it.Err() == nil {
		t.Fatalf("%d of %d documents and no error", count, m.DocFreq)
	}
	if it.DocID() != NoMoreDocs || it.Next() {
		t.Fatal("exhausted iterator not at NoMoreDocs")
	}
	if len(it.TermImpacts()) > MaxImpacts || len(it.BlockImpacts()) > MaxImpacts {
		t.Fatal("impact list too long")
	}
	if ops == nil {
		return
	}
	// A fresh walk, driven by ops.
	rd := &Reader{docs: it.docData, pos: it.posData, opts: DocsOnly}
	if it.positional {
		rd.opts = DocsFreqsPositions
	}
	it = rd.Postings(m, it)
	last = -1
	var target uint32
	for i, op := range ops {
		ok := true
		switch op % 6 {
		case 0:
			ok = it.Next()
		case 1, 2:
			target += uint32(op) * uint32(i+1) * 37
			ok = it.Advance(target)
		case 3:
			if it.AdvanceShallow(target+uint32(op)) < target {
				t.Fatal("AdvanceShallow went backwards")
			}
			if len(it.BlockImpacts()) > MaxImpacts {
				t.Fatal("impact list too long")
			}
		case 4:
			for k := 0; k < int(op); k++ {
				if _, ok := it.NextPosition(); !ok {
					break
				}
			}
		case 5:
			_ = it.Freq()
		}
		if !ok {
			if it.DocID() != NoMoreDocs {
				t.Fatal("false without NoMoreDocs")
			}
			continue
		}
		if op%6 <= 2 {
			if d := int64(it.DocID()); d <= last {
				t.Fatalf("document %d after %d", d, last)
			}
			last = int64(it.DocID())
		}
	}
}

// FuzzIterator feeds arbitrary bytes as already-verified streams with
// arbitrary term metadata. Seeds are real fields, so the fuzzer starts
// from well-formed blocks and skip data and mutates them.
func FuzzIterator(f *testing.F) {
	for _, opts := range []IndexOptions{DocsOnly, DocsFreqsPositions} {
		docs, pos, metas, _ := smallField(f, opts, 4)
		docs = docs[:len(docs)-encoding.FooterSize]
		if pos != nil {
			pos = pos[:len(pos)-encoding.FooterSize]
		}
		for _, m := range metas {
			f.Add(docs, pos, opts == DocsFreqsPositions, m.DocFreq, m.TotalTermFreq, m.DocOffset, m.SkipOffset, m.PosOffset, m.SingletonDoc, []byte{0, 1, 3, 4, 2, 5, 0, 0, 1, 4, 4})
		}
	}
	f.Add([]byte{}, []byte{}, true, uint32(1<<31), uint64(1<<62), uint64(0), uint64(0), uint64(0), uint32(0), []byte{1})
	f.Fuzz(func(t *testing.T, docs, pos []byte, positional bool, docFreq uint32, ttf, docOff, skipOff, posOff uint64, singleton uint32, ops []byte) {
		opts := DocsOnly
		if positional {
			opts = DocsFreqsPositions
		}
		if !positional {
			pos = nil
			ttf = uint64(docFreq)
		}
		m := TermMeta{DocFreq: docFreq, TotalTermFreq: ttf, DocOffset: docOff, SkipOffset: skipOff, PosOffset: posOff, SingletonDoc: singleton}
		rd := &Reader{docs: docs, pos: pos, opts: opts}
		it := rd.Postings(m, nil)
		if docFreq == 0 || (positional && ttf < uint64(docFreq)) {
			if it.Next() || it.Err() == nil {
				t.Fatal("invalid metadata not reported")
			}
			return
		}
		exercise(t, it, m, len(docs), len(pos), ops)
	})
}

// FuzzDecodeTermMeta: arbitrary bytes decode without panicking, and
// whatever decodes without error encodes back to the bytes it used.
func FuzzDecodeTermMeta(f *testing.F) {
	f.Add([]byte{0x81, 0x01, 0x01, 0x04, 0x23, 0x06}, true)
	f.Add([]byte{0x01, 0x09}, false)
	f.Fuzz(func(t *testing.T, b []byte, positional bool) {
		opts := DocsOnly
		if positional {
			opts = DocsFreqsPositions
		}
		d := encoding.NewDecbuf(b)
		m := DecodeTermMeta(&d, opts)
		if d.Err() != nil {
			return
		}
		var e encoding.Encbuf
		m.AppendTo(&e, opts)
		used := b[:len(b)-d.Len()]
		// Varints have redundant encodings (trailing 0x80 bytes); compare
		// by decoding again.
		d2 := encoding.NewDecbuf(e.B)
		if m2 := DecodeTermMeta(&d2, opts); m2 != m || d2.Err() != nil || d2.Len() != 0 {
			t.Fatalf("% x → %+v → % x → %+v", used, m, e.B, m2)
		}
	})
}

// TestCheckTermFindsSkipDamage: damage to skip data that sequential
// iteration never reads is what CheckTerm is for.
func TestCheckTermFindsSkipDamage(t *testing.T) {
	for _, opts := range []IndexOptions{DocsOnly, DocsFreqsPositions} {
		for _, col := range []string{"lastDoc", "docOff", "posOff", "posCount", "impacts", "termImpacts"} {
			if opts == DocsOnly && (col == "posCount" || col == "posOff") {
				continue
			}
			docs, pos, metas, terms := smallField(t, opts, 5)
			rd, err := Open(docs, pos, opts)
			if err != nil {
				t.Fatal(err)
			}
			m := metas[3] // 300 documents: three blocks
			if err := rd.CheckTerm(m); err != nil {
				t.Fatal(err)
			}
			it := rd.Postings(m, nil)
			if !it.loadSkip() {
				t.Fatal(it.Err())
			}
			// The columns alias the file: damage it through them.
			switch col {
			case "lastDoc":
				it.lastDocCol[0] ^= 1
			case "docOff":
				it.docOffCol[len(it.docOffCol)-1] ^= 1 << ((2*it.docOffBits - 1) % 8)
			case "posOff":
				it.posOffCol[len(it.posOffCol)-1] ^= 1 << ((3*it.posOffBits - 1) % 8)
			case "posCount":
				it.posCountCol[len(it.posCountCol)-1] ^= 1 << ((3*it.posCntBits - 1) % 8)
			case "impacts":
				it.impRegion[1]++ // block 0's first freq delta
			case "termImpacts":
				docs[m.SkipOffset+1]++ // the term's first freq delta
			}
			it = rd.Postings(m, it)
			checkDocsOnly(t, it, terms[3]) // sequential reading does not notice
			if err := rd.CheckTerm(m); err == nil {
				t.Errorf("%v: damaged %s not found", opts, col)
			} else {
				t.Logf("%v %s: %v", opts, col, err)
			}
		}
	}
}
