package docvalues

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// TestNumericBytes pins the encoding of a small sparse multi-valued column:
// docs 1 and 3 of 5, values {20, 10} and {40}.
func TestNumericBytes(t *testing.T) {
	var w NumericWriter
	w.Add(1, 20, 10)
	w.Add(3, 40)
	var e encoding.Encbuf
	w.encode(&e, 5)
	want := []byte{
		0x02,                   // docs with values: 2
		0x03,                   // values: 3
		0x14,                   // min: 10 (zig-zag: 20)
		0x0a,                   // gcd: 10
		0x00,                   // flags: sparse, multi-valued
		0x02,                   // doc id width: 2 bits (largest id 3)
		0x02,                   // offset width: 2 bits (largest offset 3)
		0x02,                   // value width: 2 bits (largest delta (40-10)/10 = 3)
		0b00001101,             // doc ids 1, 3 at 2 bits, from the low bits: 01, 11
		0, 0, 0, 0, 0, 0, 0, 0, // padding
		0b00111000,             // offsets 0, 2, 3: 00, 10, 11
		0, 0, 0, 0, 0, 0, 0, 0, // padding
		0b00110100,             // values 10, 20, 40 as deltas/gcd 0, 1, 3: 00, 01, 11
		0, 0, 0, 0, 0, 0, 0, 0, // padding
	}
	if !bytes.Equal(e.B, want) {
		t.Fatalf("got  % x\nwant % x", e.B, want)
	}
}

type model map[uint32][]int64

// checkNumeric compares a column with its model via Next and AdvanceExact.
func checkNumeric(t *testing.T, c *NumericColumn, m model, maxDoc uint32, r *rand.Rand) {
	t.Helper()
	docs := make([]uint32, 0, len(m))
	for d := range m {
		docs = append(docs, d)
	}
	slices.Sort(docs)
	if c.DocCount() != len(docs) {
		t.Fatalf("doc count %d, want %d", c.DocCount(), len(docs))
	}
	cur := c.Cursor()
	for _, d := range docs {
		if !cur.Next() || cur.DocID() != d {
			t.Fatalf("Next: got %d, want %d", cur.DocID(), d)
		}
		got := make([]int64, cur.Count())
		for k := range got {
			got[k] = cur.Value(k)
		}
		if !slices.Equal(got, m[d]) {
			t.Fatalf("doc %d: %v, want %v", d, got, m[d])
		}
	}
	if cur.Next() {
		t.Fatal("Next past the end")
	}
	// Random increasing AdvanceExact targets.
	cur = c.Cursor()
	for doc := uint32(0); doc < maxDoc; doc += uint32(1 + r.IntN(3)) {
		want, has := m[doc]
		if cur.AdvanceExact(doc) != has {
			t.Fatalf("AdvanceExact(%d) = %v", doc, !has)
		}
		if has && (cur.Count() != len(want) || cur.Value(0) != want[0]) {
			t.Fatalf("doc %d: first value %d, want %d", doc, cur.Value(0), want[0])
		}
	}
}

func TestNumericRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	shapes := []struct {
		name            string
		fill, multi     float64
		lo, hi, divisor int64
	}{
		{"dense single dates", 1, 0, 946684800000, 1735689600000, 86400000},
		{"sparse single ints", 0.3, 0, -1000, 1000, 1},
		{"sparse multi", 0.5, 0.5, 0, 1 << 20, 1},
		{"constant", 0.8, 0, 7, 7, 1},
		{"extremes", 0.5, 0.3, math.MinInt64 / 2, math.MaxInt64 / 2, 1},
		{"empty", 0, 0, 0, 0, 1},
	}
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			maxDoc := uint32(1 + r.IntN(3000))
			m := model{}
			var w NumericWriter
			for doc := range maxDoc {
				if r.Float64() >= s.fill {
					continue
				}
				n := 1
				for r.Float64() < s.multi && n < 5 {
					n++
				}
				vals := make([]int64, n)
				for i := range vals {
					span := (s.hi - s.lo) / s.divisor
					v := s.lo
					if span > 0 {
						v += r.Int64N(span) * s.divisor
					}
					vals[i] = v
				}
				if err := w.Add(doc, vals...); err != nil {
					t.Fatal(err)
				}
				slices.Sort(vals)
				m[doc] = vals
			}
			fw := NewFileWriter(maxDoc)
			if err := fw.AddNumeric("f", &w); err != nil {
				t.Fatal(err)
			}
			f, err := Open(fw.Finish())
			if err != nil {
				t.Fatal(err)
			}
			c, err := f.Numeric("f")
			if err != nil {
				t.Fatal(err)
			}
			checkNumeric(t, c, m, maxDoc, r)
		})
	}
}

func TestSorted(t *testing.T) {
	var w SortedWriter
	w.Add(0, []byte("license-agreement"))
	w.Add(2, []byte("nda"), []byte("license-agreement"), []byte("nda"))
	w.Add(3, []byte("agency"))
	fw := NewFileWriter(5)
	if err := fw.AddSorted("category.value", &w); err != nil {
		t.Fatal(err)
	}
	f, err := Open(fw.Finish())
	if err != nil {
		t.Fatal(err)
	}
	c, err := f.Sorted("category.value")
	if err != nil {
		t.Fatal(err)
	}
	var terms []string
	for o := range c.Terms() {
		terms = append(terms, string(c.Term(o)))
	}
	if fmt.Sprint(terms) != "[agency license-agreement nda]" {
		t.Fatalf("terms %v", terms)
	}
	if o, ok := c.Lookup([]byte("nda")); !ok || o != 2 {
		t.Errorf("lookup nda: %d %v", o, ok)
	}
	if _, ok := c.Lookup([]byte("zzz")); ok {
		t.Error("lookup of an absent term")
	}
	var got []string
	cur := c.Cursor()
	for cur.Next() {
		var ords []int64
		for k := range cur.Count() {
			ords = append(ords, cur.Value(k))
		}
		got = append(got, fmt.Sprintf("%d:%v", cur.DocID(), ords))
	}
	if fmt.Sprint(got) != "[0:[1] 2:[1 2] 3:[0]]" {
		t.Errorf("ordinals %v", got)
	}
	if n, err := f.Numeric("category.value"); n != nil || err != nil {
		t.Errorf("a keyword column read as numeric: %v, %v", n, err)
	}
	if s, err := f.Sorted("nope"); s != nil || err != nil {
		t.Errorf("an absent column: %v, %v", s, err)
	}
}

func TestWriterErrors(t *testing.T) {
	var w NumericWriter
	w.Add(5, 1)
	if err := w.Add(5, 2); err == nil {
		t.Error("repeated doc accepted")
	}
	var s SortedWriter
	s.Add(3, []byte("a"))
	if err := s.Add(1, []byte("b")); err == nil {
		t.Error("decreasing doc accepted")
	}
	fw := NewFileWriter(10)
	fw.AddNumeric("x", &NumericWriter{})
	if err := fw.AddNumeric("x", &NumericWriter{}); err == nil {
		t.Error("duplicate column accepted")
	}
}

// TestCorruption flips every bit of a file in turn: the checksum (which
// the generation verifies before any search) catches every flip, and
// without it opening and decoding every column either fails or gives
// valid columns, never a panic.
func TestCorruption(t *testing.T) {
	var w NumericWriter
	for d := uint32(0); d < 100; d += 3 {
		w.Add(d, int64(d)*7)
	}
	var s SortedWriter
	for d := uint32(0); d < 100; d += 7 {
		s.Add(d, []byte(fmt.Sprintf("t%02d", d%20)))
	}
	fw := NewFileWriter(100)
	fw.AddNumeric("n", &w)
	fw.AddSorted("s", &s)
	file := fw.Finish()
	for i := range file {
		for bit := range 8 {
			bad := bytes.Clone(file)
			bad[i] ^= 1 << bit
			if err := encoding.VerifyChecksum(bad); err == nil {
				t.Errorf("bit %d of byte %d: checksum accepted the flip", bit, i)
			}
			if f, err := Open(bad); err == nil {
				readAll(f)
			}
		}
	}
	if _, err := Open(file[:len(file)-3]); err == nil {
		t.Error("truncation accepted")
	}
}

// TestLazyColumns checks that opening decodes nothing: a column whose
// bytes are broken opens, its error comes when it is read (every time,
// the same), and the other columns read as they should.
func TestLazyColumns(t *testing.T) {
	var w NumericWriter
	w.Add(1, 10)
	w.Add(4, 20)
	var s SortedWriter
	s.Add(0, []byte("b"))
	s.Add(3, []byte("a"))
	fw := NewFileWriter(5)
	fw.AddNumeric("n", &w)
	fw.AddSorted("s", &s)
	file := fw.Finish()
	// The sorted column's term table holds "a" then "b"; make it "b", "b":
	// out of order, which only decoding can see.
	bad := bytes.Clone(file)
	i := bytes.Index(bad, []byte{1, 'a', 1, 'b'})
	if i < 0 {
		t.Fatal("term table not found")
	}
	bad[i+1] = 'b'
	f, err := Open(bad)
	if err != nil {
		t.Fatalf("open decoded a column: %v", err)
	}
	for range 2 {
		if c, err := f.Sorted("s"); c != nil || err == nil || !strings.Contains(err.Error(), `column "s"`) {
			t.Errorf("broken column: %v, %v", c, err)
		}
	}
	if err := f.Check(); err == nil {
		t.Error("Check passed a broken column")
	}
	n, err := f.Numeric("n")
	if err != nil || n.DocCount() != 2 {
		t.Errorf("the intact column: %v, %v", n, err)
	}
	good, err := Open(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := good.Check(); err != nil {
		t.Errorf("Check of a good file: %v", err)
	}
}

// readAll decodes every column of f and walks it: what a search could
// do with it.
func readAll(f *File) {
	numeric, sorted := f.Columns()
	for _, name := range numeric {
		c, err := f.Numeric(name)
		if err != nil {
			continue
		}
		cur := c.Cursor()
		for n := 0; cur.Next() && n < 1000; n++ {
			for k := range cur.Count() {
				_ = cur.Value(k)
			}
		}
		cur = c.Cursor()
		cur.AdvanceExact(2)
	}
	for _, name := range sorted {
		c, err := f.Sorted(name)
		if err != nil {
			continue
		}
		cur := c.Cursor()
		for n := 0; cur.Next() && n < 1000; n++ {
			_ = c.Term(int(cur.Value(0)))
		}
	}
}

// FuzzOpen parses garbage behind a valid footer and reads every column:
// no panic, whatever the bytes.
func FuzzOpen(f *testing.F) {
	var w NumericWriter
	w.Add(1, 3, 5)
	var s SortedWriter
	s.Add(0, []byte("x"))
	fw := NewFileWriter(3)
	fw.AddNumeric("n", &w)
	fw.AddSorted("s", &s)
	good := fw.Finish()
	f.Add(good[:len(good)-encoding.FooterSize])
	f.Fuzz(func(t *testing.T, body []byte) {
		e := encoding.Encbuf{B: bytes.Clone(body)}
		e.PutFooter(Magic, Version)
		file, err := Open(e.B)
		if err != nil {
			return
		}
		readAll(file)
		_ = file.Check()
	})
}

func BenchmarkNumericCursor(b *testing.B) {
	var w NumericWriter
	for d := range uint32(1_000_000) {
		w.Add(d, 946684800000+int64(d%9000)*86400000)
	}
	fw := NewFileWriter(1_000_000)
	fw.AddNumeric("date", &w)
	f, _ := Open(fw.Finish())
	c, err := f.Numeric("date")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		cur := c.Cursor()
		var sum int64
		for cur.Next() {
			sum += cur.Value(0)
		}
		if sum == 0 {
			b.Fatal("no values")
		}
	}
}
