package postings

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// posting is one document of a test term, as given to the Writer.
type posting struct {
	doc, freq uint32
	norm      byte
	pos       []uint32
}

// genStyle selects how genPostings spaces documents and sets freqs, norms
// and positions, so every bit width and the impact cap get exercised.
type genStyle int

const (
	styleRandom    genStyle = iota // gaps 1..~64, freqs mostly small
	styleDense                     // consecutive documents: width-0 blocks
	styleSparse                    // huge gaps up to the 32-bit limit
	styleStaircase                 // freq grows with norm: many Pareto pairs
	styleBigFreqs                  // freqs and position gaps in the thousands
)

func genPostings(r *rand.Rand, n int, opts IndexOptions, style genStyle) []posting {
	ps := make([]posting, n)
	doc := uint64(r.IntN(3))
	if style == styleSparse {
		doc = uint64(r.IntN(1 << 20))
	}
	maxGap := uint64(64)
	if style == styleSparse {
		maxGap = (uint64(NoMoreDocs) - 1 - doc) / uint64(n)
	}
	for i := range ps {
		if i > 0 {
			switch style {
			case styleDense:
				doc++
			case styleSparse:
				doc += 1 + r.Uint64N(maxGap)
			default:
				if r.IntN(10) == 0 {
					doc += 1 + r.Uint64N(5000)
				} else {
					doc += 1 + r.Uint64N(maxGap)
				}
			}
		}
		p := posting{doc: uint32(doc), freq: 1, norm: byte(r.IntN(256))}
		switch style {
		case styleStaircase:
			p.norm = byte(r.IntN(256))
			p.freq = uint32(p.norm)/8 + 1 + uint32(r.IntN(2))
		case styleBigFreqs:
			p.freq = 1 + uint32(r.IntN(3000))
		default:
			if r.IntN(3) == 0 {
				p.freq = 1 + uint32(r.IntN(20))
			}
			if r.IntN(500) == 0 {
				p.freq = 200 + uint32(r.IntN(400))
			}
		}
		if opts == DocsOnly {
			p.freq = 1
		} else {
			p.pos = make([]uint32, p.freq)
			var pos uint32
			for k := range p.pos {
				switch {
				case style == styleBigFreqs:
					pos += uint32(r.IntN(5000))
				case r.IntN(8) == 0:
					pos += 0 // repeated position (synonyms), allowed
				default:
					pos += 1 + uint32(r.IntN(30))
				}
				p.pos[k] = pos
			}
		}
		ps[i] = p
	}
	return ps
}

// build writes the given terms with one Writer and opens the result.
func build(t testing.TB, opts IndexOptions, terms [][]posting) (*Reader, []TermMeta) {
	t.Helper()
	w := NewWriter(opts)
	metas := make([]TermMeta, len(terms))
	for ti, ps := range terms {
		if err := w.StartTerm(); err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			if err := w.AddDoc(p.doc, p.freq, p.norm, p.pos); err != nil {
				t.Fatal(err)
			}
		}
		m, err := w.FinishTerm()
		if err != nil {
			t.Fatal(err)
		}
		// The dictionary keeps the encoded form: go through it.
		var e encoding.Encbuf
		m.AppendTo(&e, opts)
		d := encoding.NewDecbuf(e.B)
		got := DecodeTermMeta(&d, opts)
		if d.Err() != nil || d.Len() != 0 || got != m {
			t.Fatalf("term %d: meta round trip %+v → %+v (err %v, %d left)", ti, m, got, d.Err(), d.Len())
		}
		metas[ti] = got
	}
	docs, pos, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Open(docs, pos, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r, metas
}

type testCase struct {
	name  string
	n     int
	style genStyle
}

func testCases(short bool) []testCase {
	var cs []testCase
	sizes := []int{1, 2, 127, 128, 129, 255, 256, 257, 1000, 100_000}
	for _, n := range sizes {
		for _, st := range []genStyle{styleRandom, styleDense, styleSparse, styleStaircase, styleBigFreqs} {
			if st == styleBigFreqs && n > 1000 {
				continue // 100k docs × 1500 positions is more memory than it tests
			}
			if short && n == 100_000 && st != styleRandom {
				continue
			}
			cs = append(cs, testCase{fmt.Sprintf("n=%d/style=%d", n, st), n, st})
		}
	}
	return cs
}

func TestRoundTripProperties(t *testing.T) {
	for _, opts := range []IndexOptions{DocsOnly, DocsFreqsPositions} {
		t.Run(opts.String(), func(t *testing.T) {
			r := rand.New(rand.NewPCG(7, uint64(opts)))
			cases := testCases(testing.Short())
			terms := make([][]posting, len(cases))
			for i, c := range cases {
				terms[i] = genPostings(r, c.n, opts, c.style)
			}
			rd, metas := build(t, opts, terms)
			var it *Iterator
			for i, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					ps, m := terms[i], metas[i]
					if m.DocFreq != uint32(len(ps)) {
						t.Fatalf("DocFreq %d, want %d", m.DocFreq, len(ps))
					}
					var ttf uint64
					for _, p := range ps {
						ttf += uint64(p.freq)
					}
					if m.TotalTermFreq != ttf {
						t.Fatalf("TotalTermFreq %d, want %d", m.TotalTermFreq, ttf)
					}
					it = rd.Postings(m, it)
					checkNextAll(t, it, ps, opts)
					it = rd.Postings(m, it)
					checkDocsOnly(t, it, ps)
					for seed := range uint64(20) {
						it = rd.Postings(m, it)
						checkRandomWalk(t, it, ps, opts, rand.New(rand.NewPCG(seed, uint64(len(ps)))))
					}
					it = rd.Postings(m, it)
					checkImpacts(t, it, ps)
					if err := rd.CheckTerm(m); err != nil {
						t.Fatal(err)
					}
				})
			}
		})
	}
}

// checkNextAll: Next-only iteration with every freq and position read.
func checkNextAll(t *testing.T, it *Iterator, ps []posting, opts IndexOptions) {
	t.Helper()
	if it.Cost() != len(ps) {
		t.Fatalf("Cost %d, want %d", it.Cost(), len(ps))
	}
	for i, p := range ps {
		if !it.Next() {
			t.Fatalf("Next false at %d of %d: %v", i, len(ps), it.Err())
		}
		if it.DocID() != p.doc || it.Freq() != p.freq {
			t.Fatalf("doc %d: got (%d, freq %d), want (%d, %d)", i, it.DocID(), it.Freq(), p.doc, p.freq)
		}
		if opts == DocsFreqsPositions {
			checkPositions(t, it, p, len(p.pos))
		} else if _, ok := it.NextPosition(); ok {
			t.Fatal("DocsOnly returned a position")
		}
	}
	if it.Next() || it.Err() != nil || it.DocID() != NoMoreDocs {
		t.Fatalf("after the end: doc %d err %v", it.DocID(), it.Err())
	}
	if it.Next() || it.Advance(0) {
		t.Fatal("exhausted iterator moved")
	}
}

// checkPositions reads the first k positions of the current document, and
// checks the iterator stops after all of them.
func checkPositions(t *testing.T, it *Iterator, p posting, k int) {
	t.Helper()
	for j := range k {
		got, ok := it.NextPosition()
		if !ok || got != p.pos[j] {
			t.Fatalf("doc %d position %d: got %d %v, want %d (err %v)", p.doc, j, got, ok, p.pos[j], it.Err())
		}
	}
	if k == len(p.pos) {
		if _, ok := it.NextPosition(); ok {
			t.Fatalf("doc %d: position beyond freq", p.doc)
		}
	}
}

func checkDocsOnly(t *testing.T, it *Iterator, ps []posting) {
	t.Helper()
	for i, p := range ps {
		if !it.Next() || it.DocID() != p.doc {
			t.Fatalf("doc %d: got %d, want %d (err %v)", i, it.DocID(), p.doc, it.Err())
		}
	}
	if it.Next() || it.Err() != nil {
		t.Fatal("iterator went past the end")
	}
}

// checkRandomWalk mixes Next and Advance (near and far targets), reads
// freqs and some or all positions of some documents, and compares with a
// search over the slice.
func checkRandomWalk(t *testing.T, it *Iterator, ps []posting, opts IndexOptions, r *rand.Rand) {
	t.Helper()
	cur := -1
	maxDoc := uint64(ps[len(ps)-1].doc)
	var shallowTarget uint32
	for step := 0; ; step++ {
		var want int
		var ok bool
		var target uint32
		op := r.IntN(10)
		if op == 9 {
			// A block-max scorer's look ahead: must not disturb the walk.
			from := uint64(0)
			if cur >= 0 {
				from = uint64(ps[cur].doc)
			}
			shallowTarget = max(shallowTarget, uint32(min(from+r.Uint64N(20_000), uint64(NoMoreDocs-1))))
			got := it.AdvanceShallow(shallowTarget)
			j, _ := slices.BinarySearchFunc(ps, shallowTarget, func(p posting, t uint32) int { return cmpU32(p.doc, t) })
			want := NoMoreDocs
			if j < len(ps) && len(ps) >= BlockSize {
				want = ps[min(j/BlockSize*BlockSize+BlockSize, len(ps))-1].doc
			}
			if got != want {
				t.Fatalf("AdvanceShallow(%d) = %d, want %d", shallowTarget, got, want)
			}
			continue
		}
		switch {
		case op < 3:
			ok = it.Next()
			want = cur + 1
		default:
			switch r.IntN(4) {
			case 0: // near
				base := uint64(0)
				if cur >= 0 {
					base = uint64(ps[cur].doc)
				}
				target = uint32(min(base+r.Uint64N(300), uint64(NoMoreDocs-1)))
			case 1: // exactly a later document
				target = ps[min(cur+1+r.IntN(500), len(ps)-1)].doc
			case 2: // anywhere, possibly behind
				target = uint32(r.Uint64N(maxDoc + 2))
			default: // far
				j := min(cur+1+r.IntN(max(len(ps)/4, 1)), len(ps)-1)
				target = ps[j].doc - uint32(r.IntN(2))
			}
			ok = it.Advance(target)
			want, _ = slices.BinarySearchFunc(ps[cur+1:], target, func(p posting, t uint32) int {
				return cmpU32(p.doc, t)
			})
			want += cur + 1
		}
		if want >= len(ps) {
			if ok || it.Err() != nil {
				t.Fatalf("step %d (op %d target %d): expected the end, got ok=%v doc %d err %v", step, op, target, ok, it.DocID(), it.Err())
			}
			return
		}
		p := ps[want]
		if !ok || it.DocID() != p.doc {
			t.Fatalf("step %d (op %d target %d, from %d): got %v %d, want %d (err %v)", step, op, target, cur, ok, it.DocID(), p.doc, it.Err())
		}
		cur = want
		if r.IntN(2) == 0 && it.Freq() != p.freq {
			t.Fatalf("doc %d: freq %d, want %d", p.doc, it.Freq(), p.freq)
		}
		if opts == DocsFreqsPositions && r.IntN(3) == 0 {
			k := len(p.pos)
			if r.IntN(2) == 0 {
				k = r.IntN(k + 1) // leave some unread: the next document must still be right
			}
			checkPositions(t, it, p, k)
			if k < len(p.pos) && r.IntN(2) == 0 {
				// The rest at once, into a slice that already holds
				// something.
				got := it.AppendPositions([]uint32{7})
				if want := append([]uint32{7}, p.pos[k:]...); !slices.Equal(got, want) {
					t.Fatalf("doc %d: AppendPositions after %d = %v, want %v (err %v)", p.doc, k, got, want, it.Err())
				}
				if _, ok := it.NextPosition(); ok {
					t.Fatalf("doc %d: position after AppendPositions", p.doc)
				}
			}
		}
	}
}

func cmpU32(a, b uint32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// checkImpacts: AdvanceShallow finds each block's last document without
// moving the iterator; BlockImpacts dominate every document of the block
// and are achieved; TermImpacts likewise over the whole term.
func checkImpacts(t *testing.T, it *Iterator, ps []posting) {
	t.Helper()
	termImp := slices.Clone(it.TermImpacts())
	checkDominates(t, "term", termImp, ps, len(ps) >= BlockSize)
	if len(ps) < BlockSize {
		if got := it.AdvanceShallow(ps[0].doc); got != NoMoreDocs {
			t.Fatalf("AdvanceShallow on a short term: %d", got)
		}
		if !slices.Equal(it.BlockImpacts(), termImp) {
			t.Fatalf("short term: block impacts %v, term %v", it.BlockImpacts(), termImp)
		}
		return
	}
	for start := 0; start < len(ps); start += BlockSize {
		end := min(start+BlockSize, len(ps))
		block := ps[start:end]
		target := block[0].doc
		if start > 0 && ps[start-1].doc+1 < target {
			target = ps[start-1].doc + 1 + uint32(rand.IntN(int(target-ps[start-1].doc)))
		}
		if got := it.AdvanceShallow(target); got != block[len(block)-1].doc {
			t.Fatalf("AdvanceShallow(%d) = %d, want %d", target, got, block[len(block)-1].doc)
		}
		checkDominates(t, fmt.Sprintf("block %d", start/BlockSize), it.BlockImpacts(), block, true)
		// Decoding the block after a shallow advance lands where Advance
		// alone would.
		if start/BlockSize%3 == 1 {
			if !it.Advance(block[1%len(block)].doc) || it.DocID() != block[1%len(block)].doc {
				t.Fatalf("Advance after AdvanceShallow: %d", it.DocID())
			}
		}
	}
	if got := it.AdvanceShallow(ps[len(ps)-1].doc + 1); got != NoMoreDocs || it.BlockImpacts() != nil {
		t.Fatalf("AdvanceShallow past the end: %d %v", got, it.BlockImpacts())
	}
}

func checkDominates(t *testing.T, what string, imp []Impact, ps []posting, exact bool) {
	t.Helper()
	if len(imp) == 0 || len(imp) > MaxImpacts {
		t.Fatalf("%s: %d impacts", what, len(imp))
	}
	for i := 1; i < len(imp); i++ {
		if imp[i].Freq <= imp[i-1].Freq || imp[i].Norm <= imp[i-1].Norm {
			t.Fatalf("%s: impacts not a Pareto list: %v", what, imp)
		}
	}
	for _, p := range ps {
		if !slices.ContainsFunc(imp, func(im Impact) bool { return im.Freq >= p.freq && im.Norm <= p.norm }) {
			t.Fatalf("%s: doc %d (freq %d norm %d) not dominated by %v", what, p.doc, p.freq, p.norm, imp)
		}
	}
	if !exact {
		// The documented bound of short terms.
		var ttf uint64
		for _, p := range ps {
			ttf += uint64(p.freq)
		}
		if len(imp) != 1 || uint64(imp[0].Freq) != ttf-uint64(len(ps))+1 || imp[0].Norm != 0 {
			t.Fatalf("%s: short-term bound %v, ttf %d", what, imp, ttf)
		}
		return
	}
	// Each pair is a document's; when the cap merged pairs, each freq and
	// each norm still is.
	for _, im := range imp {
		achieved := slices.ContainsFunc(ps, func(p posting) bool { return p.freq == im.Freq && p.norm == im.Norm })
		if achieved {
			continue
		}
		hasFreq := slices.ContainsFunc(ps, func(p posting) bool { return p.freq == im.Freq })
		hasNorm := slices.ContainsFunc(ps, func(p posting) bool { return p.norm == im.Norm })
		if len(imp) < MaxImpacts || !hasFreq || !hasNorm {
			t.Fatalf("%s: impact %v not achieved by any document (list %v)", what, im, imp)
		}
	}
}

func TestCapImpacts(t *testing.T) {
	var acc impactAcc
	for n := range 20 {
		acc.add(uint32(n+1), byte(n*10+n*n%7))
	}
	l := acc.pareto(nil)
	if len(l) != 20 {
		t.Fatalf("pareto of a staircase: %v", l)
	}
	full := slices.Clone(l)
	l = capImpacts(l)
	if len(l) != MaxImpacts {
		t.Fatalf("capped to %d", len(l))
	}
	for _, im := range full {
		if !slices.ContainsFunc(l, func(c Impact) bool { return c.Freq >= im.Freq && c.Norm <= im.Norm }) {
			t.Fatalf("%v lost by the cap: %v", im, l)
		}
	}
	// Dominated pairs vanish; equal norms keep the higher freq.
	acc.add(3, 10)
	acc.add(5, 10)
	acc.add(4, 20)
	acc.add(9, 30)
	acc.add(1, 5)
	if got, want := acc.pareto(nil), []Impact{{1, 5}, {5, 10}, {9, 30}}; !slices.Equal(got, want) {
		t.Fatalf("pareto %v, want %v", got, want)
	}
}

func TestWriterStages(t *testing.T) {
	w := NewWriter(DocsFreqsPositions)
	check := func(err, want error) {
		t.Helper()
		if !errors.Is(err, want) {
			t.Fatalf("got %v, want %v", err, want)
		}
	}
	check(w.AddDoc(1, 1, 0, []uint32{0}), ErrStage)
	_, err := w.FinishTerm()
	check(err, ErrStage)
	check(w.StartTerm(), nil)
	check(w.StartTerm(), ErrStage)
	_, _, err = w.Finish()
	check(err, ErrStage)
	_, err = w.FinishTerm() // no documents
	check(err, ErrStage)
	check(w.AddDoc(5, 2, 0, []uint32{1, 3}), nil)
	check(w.AddDoc(5, 1, 0, []uint32{1}), ErrDocOrder)
	check(w.AddDoc(4, 1, 0, []uint32{1}), ErrDocOrder)
	check(w.AddDoc(NoMoreDocs, 1, 0, []uint32{1}), ErrDocOrder)
	check(w.AddDoc(6, 2, 0, []uint32{1}), ErrPositions)
	check(w.AddDoc(6, 0, 0, nil), ErrPositions)
	check(w.AddDoc(6, 2, 0, []uint32{3, 2}), ErrPositions)
	check(w.AddDoc(6, 2, 0, []uint32{2, 2}), nil)
	m, err := w.FinishTerm()
	check(err, nil)
	docs, pos, err := w.Finish()
	check(err, nil)
	check(w.StartTerm(), ErrStage)
	_, _, err = w.Finish()
	check(err, ErrStage)
	// The rejected calls left nothing behind.
	r, err := Open(docs, pos, DocsFreqsPositions)
	check(err, nil)
	it := r.Postings(m, nil)
	var got []uint32
	for it.Next() {
		got = append(got, it.DocID(), it.Freq())
		for p, ok := it.NextPosition(); ok; p, ok = it.NextPosition() {
			got = append(got, p)
		}
	}
	if want := []uint32{5, 2, 1, 3, 6, 2, 2, 2}; !slices.Equal(got, want) || it.Err() != nil {
		t.Fatalf("got %v, want %v (err %v)", got, want, it.Err())
	}

	wd := NewWriter(DocsOnly)
	check(wd.StartTerm(), nil)
	check(wd.AddDoc(1, 1, 0, []uint32{4}), ErrPositions)
	check(wd.AddDoc(1, 7, 0, nil), nil) // freq ignored
	_, err = wd.FinishTerm()
	check(err, nil)
	if NewWriter(0).StartTerm() == nil {
		t.Fatal("invalid index options accepted")
	}
}

// TestNoAllocs: a reused iterator allocates nothing, whatever it is asked.
func TestNoAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	terms := [][]posting{genPostings(r, 5000, DocsFreqsPositions, styleRandom), genPostings(r, 1, DocsFreqsPositions, styleRandom), genPostings(r, 50, DocsFreqsPositions, styleRandom)}
	rd, metas := build(t, DocsFreqsPositions, terms)
	it := rd.Postings(metas[0], nil)
	var sink uint64
	allocs := testing.AllocsPerRun(20, func() {
		for k, m := range metas {
			it = rd.Postings(m, it)
			sink += uint64(len(it.TermImpacts()))
			sink += uint64(it.AdvanceShallow(terms[k][0].doc + 500))
			sink += uint64(len(it.BlockImpacts()))
			for i := 0; it.Next(); i++ {
				sink += uint64(it.Freq())
				if i%7 == 0 {
					p, _ := it.NextPosition()
					sink += uint64(p)
				}
				if i%50 == 0 && !it.Advance(it.DocID()+3000) {
					break
				}
			}
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per run", allocs)
	}
	_ = sink
}

// TestExtremeDocIDs: document 0 and the largest document id, NoMoreDocs−1,
// in tails and in packed blocks (deltas of the full 32 bits).
func TestExtremeDocIDs(t *testing.T) {
	top := NoMoreDocs - 1
	block := make([]posting, 0, 2*BlockSize)
	for i := range uint32(BlockSize) {
		block = append(block, posting{doc: i, freq: 1, pos: []uint32{i}})
	}
	// The second block's first delta takes all 32 bits.
	for i := range uint32(BlockSize) {
		block = append(block, posting{doc: top - uint32(BlockSize) + 1 + i, freq: 2, pos: []uint32{0, 1<<32 - 1}})
	}
	terms := [][]posting{
		{{doc: 0, freq: 1, pos: []uint32{0}}},
		{{doc: top, freq: 1, pos: []uint32{7}}},
		{{doc: 0, freq: 1, pos: []uint32{0}}, {doc: top, freq: 1, pos: []uint32{1}}},
		block,
	}
	rd, metas := build(t, DocsFreqsPositions, terms)
	for i, m := range metas {
		it := rd.Postings(m, nil)
		checkNextAll(t, it, terms[i], DocsFreqsPositions)
		it = rd.Postings(m, nil)
		hasTop := terms[i][len(terms[i])-1].doc == top
		if it.Advance(top) != hasTop || (hasTop && it.DocID() != top) || it.Advance(top) || it.Err() != nil {
			t.Fatalf("term %d: Advance to the top: %d %v", i, it.DocID(), it.Err())
		}
		if err := rd.CheckTerm(m); err != nil {
			t.Fatal(err)
		}
	}
	w := NewWriter(DocsOnly)
	_ = w.StartTerm()
	if err := w.AddDoc(NoMoreDocs, 1, 0, nil); !errors.Is(err, ErrDocOrder) {
		t.Fatalf("NoMoreDocs accepted: %v", err)
	}
}

// TestStreamWriter: a streaming writer writes the bytes the in-memory one
// returns, across many chunks.
func TestStreamWriter(t *testing.T) {
	for _, opts := range []IndexOptions{DocsOnly, DocsFreqsPositions} {
		mem := NewWriter(opts)
		var docs, pos bytes.Buffer
		st := NewStreamWriter(opts, &docs, &pos)
		rng := rand.New(rand.NewPCG(7, uint64(opts)))
		var metasMem, metasSt []TermMeta
		for term := 0; term < 10000; term++ {
			df := 1 + rng.IntN(400)
			for _, w := range []*Writer{mem, st} {
				if err := w.StartTerm(); err != nil {
					t.Fatal(err)
				}
			}
			doc := uint32(0)
			for range df {
				doc += 1 + uint32(rng.IntN(5))
				var positions []uint32
				freq := uint32(1)
				if opts == DocsFreqsPositions {
					freq = 1 + uint32(rng.IntN(4))
					p := uint32(0)
					for range freq {
						p += uint32(rng.IntN(50))
						positions = append(positions, p)
					}
				}
				norm := byte(1 + rng.IntN(200))
				for _, w := range []*Writer{mem, st} {
					if err := w.AddDoc(doc, freq, norm, positions); err != nil {
						t.Fatal(err)
					}
				}
			}
			m1, err1 := mem.FinishTerm()
			m2, err2 := st.FinishTerm()
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			metasMem, metasSt = append(metasMem, m1), append(metasSt, m2)
		}
		d1, p1, err := mem.Finish()
		if err != nil {
			t.Fatal(err)
		}
		if d, p, err := st.Finish(); err != nil || d != nil || p != nil {
			t.Fatalf("stream Finish: %v", err)
		}
		if docs.Len() <= streamChunk {
			t.Errorf("only %d bytes: the test does not cross chunks", docs.Len())
		}
		if !bytes.Equal(d1, docs.Bytes()) || !bytes.Equal(p1, pos.Bytes()) || !reflect.DeepEqual(metasMem, metasSt) {
			t.Errorf("%v: streamed files differ from the in-memory ones", opts)
		}
	}
	if err := NewStreamWriter(DocsFreqsPositions, io.Discard, nil).StartTerm(); err == nil {
		t.Error("a positional stream writer without a positions writer started a term")
	}
}
