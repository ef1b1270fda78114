package termdict

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// dumpRow is a run of bytes and what they mean.
type dumpRow struct {
	b    []byte
	note string
}

func u64(v uint64) []byte { var e encoding.Encbuf; e.PutU64(v); return e.B }

// TestByteDump pins every byte of a three-term dictionary, annotated as
// docs/format/termdict.md describes it. The FST bytes are vellum v1.2.1's
// encoding: if a vellum upgrade changes them, this test fails, and Version
// must change with them.
func TestByteDump(t *testing.T) {
	b := NewBuilder()
	for _, e := range []struct {
		term    string
		docFreq uint32
		meta    []byte
	}{{"apple", 3, []byte{0x01, 0x02}}, {"banana", 1, nil}, {"cherry", 300, []byte{0xaa}}} {
		if err := b.Add([]byte(e.term), e.docFreq, e.meta); err != nil {
			t.Fatal(err)
		}
	}
	file, err := b.Finish()
	if err != nil {
		t.Fatal(err)
	}

	rows := []dumpRow{
		// Entries section: one entry per term, in term order; the FST maps
		// each term to its entry's offset.
		{[]byte{0x03}, "entry @0 (apple): docFreq 3 <uvarint>"},
		{[]byte{0x02}, "  meta length 2 <uvarint>"},
		{[]byte{0x01, 0x02}, "  meta"},
		{[]byte{0x01}, "entry @4 (banana): docFreq 1"},
		{[]byte{0x00}, "  meta length 0 (no meta bytes)"},
		{[]byte{0xac, 0x02}, "entry @6 (cherry): docFreq 300 = 0x2c|0x80, 0x02<<7"},
		{[]byte{0x01}, "  meta length 1"},
		{[]byte{0xaa}, "  meta"},
		// FST section (vellum v1), addresses relative to its first byte.
		// States are written bottom-up and read backwards from their top
		// byte; the state's address is its top byte.
		{u64(1), "FST header: vellum format version 1 <8b>"},
		{u64(0), "FST header: type 0 <8b>"},
		{[]byte{0x00, 0x10, 0x82}, "state @18: 'e' → 0 (the final state); 0x82 = one transition, common byte 2 ('e'); 0x10 = address 1 byte, no output; delta 0"},
		{[]byte{0xcf}, "state @19: 'l' → 18; 0xcf = one transition, to the state just below (0x40), common byte 15 ('l')"},
		{[]byte{0xc9}, "state @20: 'p' → 19"},
		{[]byte{0xc9}, "state @21: 'p' → 20 (apple's 'a' leads here)"},
		{[]byte{0x00, 0x10, 0x85}, "state @24: 'a' → 0"},
		{[]byte{0xcb}, "state @25: 'n' → 24"},
		{[]byte{0xc5}, "state @26: 'a' → 25"},
		{[]byte{0xcb}, "state @27: 'n' → 26"},
		{[]byte{0xc5}, "state @28: 'a' → 27 (banana's 'b' leads here)"},
		{[]byte{0x00, 0x10, 0x9d}, "state @31: 'y' → 0"},
		{[]byte{0xc7}, "state @32: 'r' → 31"},
		{[]byte{0xc7}, "state @33: 'r' → 32"},
		{[]byte{0xc2}, "state @34: 'e' → 33"},
		{[]byte{0xce}, "state @35: 'h' → 34 (cherry's 'c' leads here)"},
		{[]byte{0x06, 0x04, 0x00}, "root @46: outputs, reversed: c +6, b +4, a +0 = the entries' offsets"},
		{[]byte{0x01, 0x08, 0x0f}, "  target deltas below byte 36, reversed: c → 35, b → 28, a → 21"},
		{[]byte{0x63, 0x62, 0x61}, "  transition bytes, reversed: 'c' 'b' 'a'"},
		{[]byte{0x11}, "  pack sizes: address 1 byte, output 1 byte"},
		{[]byte{0x03}, "  top byte: several transitions, not final, 3 of them"},
		{u64(3), "FST footer: 3 keys <8b>"},
		{u64(46), "FST footer: root address 46 <8b>"},
		// Trailer.
		{u64(10), "trailer: entries section length 10 <8b>"},
		{u64(63), "trailer: FST section length 63 <8b>"},
		{u64(3), "trailer: 3 terms <8b>"},
		// Footer.
		{[]byte{0x54, 0x44, 0x49, 0x43}, `footer: magic 0x43494454 ("TDIC") <4b>`},
		{[]byte{0x01, 0x00, 0x00, 0x00}, "footer: version 1 <4b>"},
		{[]byte{0xfd, 0x8a, 0xf9, 0x3d}, "footer: CRC32C of every byte above <4b>"},
	}
	var want []byte
	var dump strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&dump, "%4d  %-26s %s\n", len(want), fmt.Sprintf("% x", r.b), r.note)
		want = append(want, r.b...)
	}
	if !bytes.Equal(file, want) {
		t.Fatalf("file differs from the annotated dump\n got % x\nwant % x\n%s", file, want, dump.String())
	}
	if crc := encoding.CRC32C(want[:len(want)-4]); crc != 0x3df98afd {
		t.Fatalf("CRC32C = %#x", crc)
	}

	d, err := Open(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		term    string
		docFreq uint32
		meta    string
	}{{"apple", 3, "\x01\x02"}, {"banana", 1, ""}, {"cherry", 300, "\xaa"}} {
		info, ok, err := d.Get([]byte(c.term))
		if err != nil || !ok || info.DocFreq != c.docFreq || string(info.Meta) != c.meta {
			t.Errorf("Get(%q) = %+v, %v, %v", c.term, info, ok, err)
		}
	}
	for _, absent := range []string{"", "a", "appl", "apples", "cherr", "d"} {
		if _, ok, err := d.Get([]byte(absent)); ok || err != nil {
			t.Errorf("Get(%q) = %v, %v", absent, ok, err)
		}
	}
}

// TestEmptyDictionary pins the smallest file: no entries, vellum's FST
// of one state with no transitions, trailer, footer.
func TestEmptyDictionary(t *testing.T) {
	file, err := NewBuilder().Finish()
	if err != nil {
		t.Fatal(err)
	}
	var want []byte
	want = append(want, u64(1)...)  // FST header: version
	want = append(want, u64(0)...)  // FST header: type
	want = append(want, 0, 0, 0)    // root @18: no transitions, not final
	want = append(want, u64(0)...)  // FST footer: 0 keys
	want = append(want, u64(18)...) // FST footer: root address
	want = append(want, u64(0)...)  // trailer: entries length
	want = append(want, u64(35)...) // trailer: FST length
	want = append(want, u64(0)...)  // trailer: 0 terms
	want = append(want, 0x54, 0x44, 0x49, 0x43, 1, 0, 0, 0)
	if !bytes.Equal(file[:len(file)-4], want) {
		t.Fatalf("got % x\nwant % x", file[:len(file)-4], want)
	}
	d, err := Open(file)
	if err != nil {
		t.Fatal(err)
	}
	if d.Len() != 0 || d.Check() != nil {
		t.Fatalf("Len %d, Check %v", d.Len(), d.Check())
	}
	if _, ok, err := d.Get(nil); ok || err != nil {
		t.Fatalf("Get(empty) = %v, %v", ok, err)
	}
	if it := d.All(); it.Next() || it.Err() != nil {
		t.Fatalf("All yields %q, %v", it.Term(), it.Err())
	}
	if it, _ := d.Fuzzy("x", 2, true, 0); it.Next() || it.Err() != nil {
		t.Fatalf("Fuzzy yields %q, %v", it.Term(), it.Err())
	}
}
