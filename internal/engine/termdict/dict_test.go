package termdict

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// testEntry is a term with what the dictionary should hold for it.
type testEntry struct {
	term    []byte
	docFreq uint32
	meta    []byte
}

// build writes entries (sorted, distinct) and opens the result.
func build(t testing.TB, entries []testEntry) *Dict {
	t.Helper()
	b := NewBuilder()
	for _, e := range entries {
		if err := b.Add(e.term, e.docFreq, e.meta); err != nil {
			t.Fatalf("Add(%q): %v", e.term, err)
		}
	}
	file, err := b.Finish()
	if err != nil {
		t.Fatal(err)
	}
	d, err := Open(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Check(); err != nil {
		t.Fatal(err)
	}
	return d
}

// termGen produces terms of one flavour.
type termGen func(r *rand.Rand) []byte

var termGens = map[string]termGen{
	"unicode": func(r *rand.Rand) []byte { return []byte(string(randomRunes(r, 8))) },
	"binary": func(r *rand.Rand) []byte {
		b := make([]byte, r.IntN(6))
		for i := range b {
			b[i] = []byte{0x00, 0x01, 'a', 'b', 0x7f, 0x80, 0xc3, 0xfe, 0xff}[r.IntN(9)]
		}
		return b
	},
	"words": func(r *rand.Rand) []byte { return []byte(englishLike(r)) },
	"long": func(r *rand.Rand) []byte {
		n := r.IntN(64)
		if r.IntN(8) == 0 {
			n = MaxTermLength - r.IntN(100)
		}
		b := bytes.Repeat([]byte{'x'}, n)
		for range 3 {
			if n > 0 {
				b[r.IntN(n)] = byte('a' + r.IntN(3))
			}
		}
		return b
	},
}

// randomEntries returns n distinct random terms, sorted, with random
// docFreq and metadata.
func randomEntries(r *rand.Rand, gen termGen, n int) []testEntry {
	seen := map[string]bool{}
	var out []testEntry
	for tries := 0; len(out) < n && tries < 20*n+100; tries++ {
		term := gen(r)
		if seen[string(term)] {
			continue
		}
		seen[string(term)] = true
		meta := make([]byte, r.IntN(5))
		for i := range meta {
			meta[i] = byte(r.Uint32())
		}
		docFreq := uint32(1 + r.IntN(3))
		if r.IntN(10) == 0 {
			docFreq = r.Uint32() | 1
		}
		out = append(out, testEntry{term, docFreq, meta})
	}
	slices.SortFunc(out, func(a, b testEntry) int { return bytes.Compare(a.term, b.term) })
	return out
}

// collect drains an iterator.
func collect(t testing.TB, it *Iterator) []testEntry {
	t.Helper()
	var out []testEntry
	for it.Next() {
		info := it.Info()
		if !bytes.Equal(info.Term, it.Term()) || info.DocFreq != it.DocFreq() {
			t.Fatalf("Info %+v disagrees with Term/DocFreq", info)
		}
		out = append(out, testEntry{bytes.Clone(info.Term), info.DocFreq, bytes.Clone(info.Meta)})
	}
	if err := it.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func filter(entries []testEntry, keep func([]byte) bool) []testEntry {
	var out []testEntry
	for _, e := range entries {
		if keep(e.term) {
			out = append(out, e)
		}
	}
	return out
}

func sameEntries(t testing.TB, what string, got, want []testEntry) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d terms, want %d", what, len(got), len(want))
	}
	for i := range got {
		if !bytes.Equal(got[i].term, want[i].term) || got[i].docFreq != want[i].docFreq || !bytes.Equal(got[i].meta, want[i].meta) {
			t.Fatalf("%s: term %d = {%q %d %x}, want {%q %d %x}", what, i,
				got[i].term, got[i].docFreq, got[i].meta, want[i].term, want[i].docFreq, want[i].meta)
		}
	}
}

// TestProperties checks Get, All, Prefix and Range against the sorted
// slice the dictionary was built from, over random term sets.
func TestProperties(t *testing.T) {
	sizes := []int{0, 1, 2, 3, 10, 100, 1000, 50000}
	if testing.Short() {
		sizes = sizes[:len(sizes)-1]
	}
	for name, gen := range termGens {
		for _, n := range sizes {
			if name == "long" && n > 1000 {
				continue // 1000 terms already hold ~100 near-maximal ones
			}
			if name == "long" && testing.Short() && n > 100 {
				// 1000 long terms take minutes under the race detector
				// (170 s on the 2-core machine); the heavy step runs them.
				continue
			}
			t.Run(fmt.Sprintf("%s/%d", name, n), func(t *testing.T) {
				r := rand.New(rand.NewPCG(uint64(n), uint64(len(name))))
				entries := randomEntries(r, gen, n)
				checkProperties(t, r, gen, entries)
			})
		}
	}
}

func checkProperties(t *testing.T, r *rand.Rand, gen termGen, entries []testEntry) {
	d := build(t, entries)
	if d.Len() != len(entries) {
		t.Fatalf("Len = %d, want %d", d.Len(), len(entries))
	}
	present := map[string]bool{}
	for _, e := range entries {
		present[string(e.term)] = true
		info, ok, err := d.Get(e.term)
		if err != nil || !ok {
			t.Fatalf("Get(%q) = %v, %v", e.term, ok, err)
		}
		if !bytes.Equal(info.Term, e.term) || info.DocFreq != e.docFreq || !bytes.Equal(info.Meta, e.meta) {
			t.Fatalf("Get(%q) = %+v, want %+v", e.term, info, e)
		}
	}
	// Absent terms: random ones and near neighbours of present ones.
	var probes [][]byte
	for range 200 {
		probes = append(probes, gen(r))
	}
	for i := 0; i < len(entries) && i < 200; i++ {
		e := entries[r.IntN(len(entries))].term
		probes = append(probes, append(bytes.Clone(e), 0), append(bytes.Clone(e), 0xff))
		if len(e) > 0 {
			probes = append(probes, e[:len(e)-1], e[1:])
		}
	}
	for _, p := range probes {
		_, ok, err := d.Get(p)
		if err != nil || ok != present[string(p)] {
			t.Fatalf("Get(%q) = %v, %v; present: %v", p, ok, err, present[string(p)])
		}
	}

	sameEntries(t, "All", collect(t, d.All()), entries)

	// Prefixes: of present terms, random, empty, and 0xff-ended ones whose
	// end of range is special.
	prefixes := [][]byte{nil, {}, {0xff}, {'a', 0xff}, {0xff, 0xff}, {0}}
	for range 50 {
		prefixes = append(prefixes, gen(r))
		if len(entries) > 0 {
			e := entries[r.IntN(len(entries))].term
			prefixes = append(prefixes, e[:r.IntN(len(e)+1)])
		}
	}
	it := new(Iterator) // reused across queries, as the engine will
	for _, p := range prefixes {
		it.ResetPrefix(d, p)
		want := filter(entries, func(term []byte) bool { return bytes.HasPrefix(term, p) })
		sameEntries(t, fmt.Sprintf("Prefix(%q)", p), collect(t, it), want)
	}

	// Ranges, with either bound open, empty and reversed ones.
	bounds := [][]byte{nil, {}, {0}, {0xff}}
	for range 30 {
		bounds = append(bounds, gen(r))
		if len(entries) > 0 {
			bounds = append(bounds, entries[r.IntN(len(entries))].term)
		}
	}
	for range 100 {
		from, to := bounds[r.IntN(len(bounds))], bounds[r.IntN(len(bounds))]
		it.Reset(d, from, to)
		want := filter(entries, func(term []byte) bool {
			return bytes.Compare(term, from) >= 0 && (to == nil || bytes.Compare(term, to) < 0)
		})
		sameEntries(t, fmt.Sprintf("Range(%q, %q)", from, to), collect(t, it), want)
	}
}

// TestEmptyTerm: the empty term is a term like any other, and sorts first.
func TestEmptyTerm(t *testing.T) {
	entries := []testEntry{{[]byte{}, 7, []byte("m0")}, {[]byte("a"), 1, nil}, {[]byte("b"), 2, []byte("m2")}}
	d := build(t, entries)
	info, ok, err := d.Get(nil)
	if err != nil || !ok || info.DocFreq != 7 || string(info.Meta) != "m0" {
		t.Fatalf("Get(empty) = %+v, %v, %v", info, ok, err)
	}
	sameEntries(t, "All", collect(t, d.All()), entries)
	sameEntries(t, "Prefix(empty)", collect(t, d.Prefix(nil)), entries)
	sameEntries(t, "Range(empty, a)", collect(t, d.Range([]byte{}, []byte("a"))), entries[:1])
	sameEntries(t, "Range(a, nil)", collect(t, d.Range([]byte("a"), nil)), entries[1:])
	it, err := d.Fuzzy("", 1, true, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for it.Next() {
		got = append(got, fmt.Sprintf("%q:%d", it.Term(), it.Distance()))
	}
	if want := []string{`"":0`, `"a":1`, `"b":1`}; !slices.Equal(got, want) {
		t.Fatalf("Fuzzy(empty, 1) = %v, want %v", got, want)
	}
}

// TestNoAllocation: Get and iteration allocate nothing per term.
func TestNoAllocation(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	entries := randomEntries(r, termGens["words"], 5000)
	d := build(t, entries)
	term := entries[1234].term
	if n := testing.AllocsPerRun(1000, func() {
		if _, ok, _ := d.Get(term); !ok {
			t.Fatal("not found")
		}
	}); n != 0 {
		t.Errorf("Get allocates %v times", n)
	}
	it := d.All()
	for it.Next() { // grow the iterator's stacks once
	}
	if n := testing.AllocsPerRun(20, func() {
		it.Reset(d, nil, nil)
		for it.Next() {
		}
	}); n > 1 {
		// vellum allocates the root's decoder state once per Reset.
		t.Errorf("a reused iterator over %d terms allocates %v times", len(entries), n)
	}
	a, _ := CompileFuzzy("contract", 2, true, 0)
	it.ResetIntersect(d, a)
	for it.Next() { // builds the automaton's states
	}
	if n := testing.AllocsPerRun(20, func() {
		it.ResetIntersect(d, a)
		for it.Next() {
		}
	}); n > 1 {
		t.Errorf("a reused fuzzy iterator with a warm automaton allocates %v times", n)
	}
}

// TestConcurrentUse: one Dict serves many goroutines, each with its own
// iterators and automata (run with -race).
func TestConcurrentUse(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 13))
	entries := randomEntries(r, termGens["words"], 3000)
	d := build(t, entries)
	want := fuzzyHits(t, d, "contract", 2, true, 0)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 500 {
				e := entries[(g*997+i*31)%len(entries)]
				if info, ok, err := d.Get(e.term); !ok || err != nil || info.DocFreq != e.docFreq {
					t.Errorf("Get(%q) = %+v, %v, %v", e.term, info, ok, err)
					return
				}
			}
			// No t.Fatal off the test goroutine: the helpers are not used here.
			it, err := d.Fuzzy("contract", 2, true, 0)
			if err != nil {
				t.Error(err)
				return
			}
			var got []fuzzyHit
			for it.Next() {
				got = append(got, fuzzyHit{string(it.Term()), it.Distance()})
			}
			if !slices.Equal(got, want) || it.Err() != nil {
				t.Errorf("concurrent Fuzzy = %v, %v, want %v", got, it.Err(), want)
			}
			n := 0
			for it := d.Prefix([]byte("c")); it.Next(); n++ {
			}
			if n == 0 {
				t.Errorf("Prefix(c) empty")
			}
		})
	}
	wg.Wait()
}
