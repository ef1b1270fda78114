package indexer

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
	"github.com/contractsearch/contractsearch/internal/engine/postings"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

// FuzzCorruptGeneration damages one file of a small real generation — an
// altered byte or a truncation, with the checksum recomputed or not — and
// opens the segment (the MANIFEST: the generation, through
// generation.Dir.Open and Open). An error is fine; a panic is not. With the checksum
// recomputed the damage reaches the decoders behind it, so when the
// segment opens every term's postings, every doc value and every source
// is read as well (CheckTerm for postings), again errors allowed, panics
// not.
func FuzzCorruptGeneration(f *testing.F) {
	dir, genPath := buildSmall(f)
	entries, err := os.ReadDir(genPath)
	if err != nil {
		f.Fatal(err)
	}
	files := segment.Files{}
	var names []string
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(genPath, e.Name()))
		if err != nil {
			f.Fatal(err)
		}
		files[e.Name()] = b
		names = append(names, e.Name())
	}
	sort.Strings(names)
	for i := range names {
		f.Add(uint8(i), uint32(0), uint8(1), uint32(0), false)
		f.Add(uint8(i), uint32(3), uint8(0x80), uint32(0), true)
		f.Add(uint8(i), uint32(0), uint8(0), uint32(20), true)
	}
	f.Fuzz(func(t *testing.T, file uint8, at uint32, xor uint8, truncate uint32, fixCRC bool) {
		name := names[int(file)%len(names)]
		orig := files[name]
		bad := append([]byte(nil), orig...)
		if truncate > 0 {
			bad = bad[:int(truncate)%len(bad)]
		} else {
			bad[int(at)%len(bad)] ^= xor
		}
		if fixCRC && len(bad) >= encoding.FooterSize {
			n := len(bad)
			crc := encoding.CRC32C(bad[:n-4])
			bad[n-4], bad[n-3], bad[n-2], bad[n-1] = byte(crc), byte(crc>>8), byte(crc>>16), byte(crc>>24)
		}
		if name == "MANIFEST" {
			path := filepath.Join(genPath, name)
			if err := os.WriteFile(path, bad, 0o644); err != nil {
				t.Fatal(err)
			}
			err := openAll(dir)
			if err := os.WriteFile(path, orig, 0o644); err != nil {
				t.Fatal(err)
			}
			if err != nil && strings.Contains(err.Error(), "PANIC") {
				t.Fatal(err)
			}
			return
		}
		source := func(n string) ([]byte, bool) {
			if n == name {
				return bad, true
			}
			b, ok := files[n]
			return b, ok
		}
		prefix := name[:strings.IndexByte(name, '.')]
		s, err := segment.Open(prefix, source)
		if err != nil {
			return
		}
		readAll(s)
	})
}

// readAll reads everything a segment holds; errors are ignored, only
// panics matter.
func readAll(s *segment.Segment) {
	for _, name := range s.Fields() {
		f := s.Field(name)
		for it := f.Terms.All(); it.Next(); {
			d := encoding.NewDecbuf(it.Info().Meta)
			meta := postings.DecodeTermMeta(&d, f.IndexOptions())
			if d.Err() != nil {
				continue
			}
			_ = f.Postings.CheckTerm(meta)
			p := f.Postings.Postings(meta, nil)
			for p.Next() {
				p.Freq()
				if f.Kind == segment.Text {
					for _, ok := p.NextPosition(); ok; _, ok = p.NextPosition() {
					}
				}
			}
		}
	}
	numeric, sorted := s.DocValues.Columns()
	for _, c := range numeric {
		col, err := s.DocValues.Numeric(c)
		if err != nil {
			continue // a broken column is an error a search reports
		}
		for cur := col.Cursor(); cur.Next(); {
			for k := range cur.Count() {
				cur.Value(k)
			}
		}
	}
	for _, c := range sorted {
		col, err := s.DocValues.Sorted(c)
		if err != nil {
			continue
		}
		for cur := col.Cursor(); cur.Next(); {
			for k := range cur.Count() {
				col.Term(int(cur.Value(k)))
			}
		}
	}
	for d := range s.MaxDoc {
		_, _, _ = s.Store.Get(d, nil, nil)
		s.Parent(d)
	}
	for _, r := range s.Roots() {
		_, _ = s.ID(r)
	}
}
