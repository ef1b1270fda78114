package postings

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// occ is one occurrence of a term in a document.
type occ struct{ pos, start, end uint32 }

// offsetsTerm is one term's documents and occurrences.
type offsetsTerm struct {
	docs []uint32
	occs [][]occ
}

// randomOffsetsTerms draws terms of every size class: singletons, tails
// only, several full doc blocks, and occurrence counts crossing offsets
// blocks inside a document.
func randomOffsetsTerms(seed uint64) []offsetsTerm {
	rng := rand.New(rand.NewPCG(seed, 11))
	var terms []offsetsTerm
	for _, df := range []int{1, 1, 2, 5, 127, 128, 129, 300, 1000} {
		var t offsetsTerm
		doc := uint32(0)
		for range df {
			doc += 1 + uint32(rng.IntN(4))
			freq := 1 + rng.IntN(3)
			if rng.IntN(50) == 0 {
				freq = 100 + rng.IntN(300) // a document spanning offsets blocks
			}
			var os []occ
			p, s := uint32(rng.IntN(20)), uint32(rng.IntN(1000))
			for range freq {
				l := uint32(rng.IntN(12))
				os = append(os, occ{p, s, s + l})
				p += uint32(rng.IntN(3))
				s += l + uint32(rng.IntN(200))
				if rng.IntN(30) == 0 {
					s += 1 << 20 // wide deltas
				}
			}
			t.docs = append(t.docs, doc)
			t.occs = append(t.occs, os)
		}
		terms = append(terms, t)
	}
	return terms
}

// writeOffsetsTerms writes terms with w and returns their metas through
// the dictionary's encoding.
func writeOffsetsTerms(t *testing.T, w *Writer, terms []offsetsTerm) []TermMeta {
	t.Helper()
	var metas []TermMeta
	for _, term := range terms {
		if err := w.StartTerm(); err != nil {
			t.Fatal(err)
		}
		for i, doc := range term.docs {
			var pos, offs []uint32
			for _, o := range term.occs[i] {
				pos = append(pos, o.pos)
				offs = append(offs, o.start, o.end)
			}
			if err := w.AddDocOffsets(doc, uint32(len(pos)), 7, pos, offs); err != nil {
				t.Fatal(err)
			}
		}
		m, err := w.FinishTerm()
		if err != nil {
			t.Fatal(err)
		}
		var e encoding.Encbuf
		m.AppendTo(&e, DocsFreqsPositionsOffsets)
		d := encoding.NewDecbuf(e.B)
		got := DecodeTermMeta(&d, DocsFreqsPositionsOffsets)
		if d.Err() != nil || d.Len() != 0 || got != m {
			t.Fatalf("meta round trip %+v → %+v (%v)", m, got, d.Err())
		}
		metas = append(metas, got)
	}
	return metas
}

// TestOffsetsRoundTrip: every occurrence's position and offsets read back
// as written, sequentially and after Advance (through the skip data and
// the offsets index), and CheckTerm accepts every term; a streaming
// writer writes the same three files.
func TestOffsetsRoundTrip(t *testing.T) {
	terms := randomOffsetsTerms(1)
	w := NewWriter(DocsFreqsPositionsOffsets)
	metas := writeOffsetsTerms(t, w, terms)
	docs, pos, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	off := w.OffsetsFile()

	var sdocs, spos, soff bytes.Buffer
	sw := NewStreamWriterOffsets(DocsFreqsPositionsOffsets, &sdocs, &spos, &soff)
	writeOffsetsTerms(t, sw, terms)
	if _, _, err := sw.Finish(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(sdocs.Bytes(), docs) || !bytes.Equal(spos.Bytes(), pos) || !bytes.Equal(soff.Bytes(), off) {
		t.Fatal("the streaming writer's files differ from the in-memory writer's")
	}

	r, err := OpenWithOffsets(docs, pos, off, DocsFreqsPositionsOffsets)
	if err != nil {
		t.Fatal(err)
	}
	readDoc := func(it *Iterator, want []occ) {
		t.Helper()
		for k, o := range want {
			p, s, e, ok := it.NextPositionOffsets()
			if !ok || (occ{p, s, e}) != o {
				t.Fatalf("doc %d occurrence %d: got %d [%d,%d) %v, want %+v (%v)", it.DocID(), k, p, s, e, ok, o, it.Err())
			}
		}
		if _, _, _, ok := it.NextPositionOffsets(); ok {
			t.Fatalf("doc %d: an occurrence past its %d", it.DocID(), len(want))
		}
	}
	var it *Iterator
	for ti, term := range terms {
		if err := r.CheckTerm(metas[ti]); err != nil {
			t.Fatalf("term %d: %v", ti, err)
		}
		it = r.Postings(metas[ti], it)
		for i := range term.docs {
			if !it.Next() {
				t.Fatalf("term %d: ended at %d of %d (%v)", ti, i, len(term.docs), it.Err())
			}
			if i%3 != 1 { // some documents' occurrences are skipped
				readDoc(it, term.occs[i])
			}
		}
		// Random access: each document on its own, as the highlighter reads.
		for i := len(term.docs) - 1; i >= 0; i -= 1 + i/7 {
			it = r.Postings(metas[ti], it)
			if !it.Advance(term.docs[i]) || it.DocID() != term.docs[i] {
				t.Fatalf("term %d: Advance(%d) reached %d (%v)", ti, term.docs[i], it.DocID(), it.Err())
			}
			readDoc(it, term.occs[i])
		}
	}

	// Files without offsets give none.
	r2, err := Open(docs, pos, DocsFreqsPositions)
	if err != nil {
		t.Fatal(err)
	}
	it2 := r2.Postings(TermMeta{DocFreq: 1, TotalTermFreq: 1}, nil)
	if _, _, _, ok := it2.NextPositionOffsets(); ok {
		t.Fatal("offsets from a field without offsets")
	}
}

// TestOffsetsRefused: offsets that disagree with the options, the
// frequency or their order are refused and change nothing.
func TestOffsetsRefused(t *testing.T) {
	w := NewWriter(DocsFreqsPositionsOffsets)
	if err := w.StartTerm(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		offs []uint32
	}{
		{"missing", nil},
		{"one pair short", []uint32{0, 1}},
		{"end before start", []uint32{5, 4, 6, 7}},
		{"start decreases", []uint32{5, 6, 4, 7}},
	} {
		if err := w.AddDocOffsets(3, 2, 1, []uint32{0, 1}, c.offs); !errors.Is(err, ErrOffsets) {
			t.Errorf("%s: %v, want ErrOffsets", c.name, err)
		}
	}
	if err := w.AddDoc(3, 2, 1, []uint32{0, 1}); !errors.Is(err, ErrOffsets) {
		t.Errorf("AddDoc without offsets: %v", err)
	}
	if err := w.AddDocOffsets(3, 2, 1, []uint32{0, 1}, []uint32{4, 6, 4, 4}); err != nil {
		t.Errorf("equal starts, empty token: %v", err)
	}
	p := NewWriter(DocsFreqsPositions)
	_ = p.StartTerm()
	if err := p.AddDocOffsets(3, 1, 1, []uint32{0}, []uint32{0, 1}); !errors.Is(err, ErrOffsets) {
		t.Errorf("offsets for a field without: %v", err)
	}
	if _, err := OpenWithOffsets(nil, nil, nil, DocsFreqsPositionsOffsets); err == nil {
		t.Error("opened without files")
	}
}

// TestOffsetsOldVersion: a version-1 file asks for a rebuild.
func TestOffsetsOldVersion(t *testing.T) {
	w := NewWriter(DocsOnly)
	_ = w.StartTerm()
	_ = w.AddDoc(1, 1, 0, nil)
	if _, err := w.FinishTerm(); err != nil {
		t.Fatal(err)
	}
	docs, _, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	var e encoding.Encbuf
	e.PutBytes(docs[:len(docs)-encoding.FooterSize])
	e.PutFooter(DocsMagic, 1)
	_, err = Open(e.B, nil, DocsOnly)
	var ve *encoding.VersionError
	if !errors.As(err, &ve) || ve.Got != 1 || !bytes.Contains([]byte(err.Error()), []byte("rebuild")) {
		t.Fatalf("version 1: %v", err)
	}
}

// FuzzOffsets: damaged offsets (bytes, offsets of a term's offsets and of
// its index) under valid docs and positions end iteration with an error
// or wrong numbers, never a panic or an endless loop.
func FuzzOffsets(f *testing.F) {
	w := NewWriter(DocsFreqsPositionsOffsets)
	var metas []TermMeta
	for _, term := range randomOffsetsTerms(3)[4:7] {
		if err := w.StartTerm(); err != nil {
			f.Fatal(err)
		}
		for i, doc := range term.docs {
			var pos, offs []uint32
			for _, o := range term.occs[i] {
				pos = append(pos, o.pos)
				offs = append(offs, o.start, o.end)
			}
			if err := w.AddDocOffsets(doc, uint32(len(pos)), 7, pos, offs); err != nil {
				f.Fatal(err)
			}
		}
		m, err := w.FinishTerm()
		if err != nil {
			f.Fatal(err)
		}
		metas = append(metas, m)
	}
	docs, pos, err := w.Finish()
	if err != nil {
		f.Fatal(err)
	}
	off := w.OffsetsFile()
	off = off[:len(off)-encoding.FooterSize]
	for i, m := range metas {
		f.Add(off, i, m.OffOffset, m.OffIndex)
	}
	r, err := Open(docs, pos, DocsFreqsPositions)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, off []byte, term int, offOffset, offIndex uint64) {
		if term < 0 || term >= len(metas) {
			return
		}
		m := metas[term]
		m.OffOffset, m.OffIndex = offOffset, offIndex
		rd := &Reader{docs: r.docs, pos: r.pos, off: off, opts: DocsFreqsPositionsOffsets}
		it := rd.Postings(m, nil)
		for n := uint64(0); it.Next(); n++ {
			for range it.Freq() {
				if _, _, _, ok := it.NextPositionOffsets(); !ok {
					break
				}
			}
			if n > uint64(m.DocFreq) {
				t.Fatal("more documents than the term has")
			}
		}
	})
}
