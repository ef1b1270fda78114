package indexer

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/postings"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

// smallInput makes a generation with every kind of file: text fields
// (dictionary, postings, positions, norms), keyword fields, doc values
// (keywords, dates, integers, rank features), sources, nested sections.
const smallInput = `{"index":{"_index":"contract","_id":"en/1"}}
{"name":"Supply Agreement","body":"The supplier shall deliver the goods.","category":{"name":"Supply","value":"supply"},"filing_date":"2012-03-01","weight_rank":4,"sections":[{"type":"clause","name":"Term","value":"term","snippet":"One year."}]}
{"index":{"_index":"contract","_id":"en/2"}}
{"name":"License Agreement","body":"The licensor grants the license.","sections":[{"type":"definition","name":"Licensor","value":"licensor","snippet":"Licensor means Acme."}]}
{"index":{"_index":"contract","_id":"en/1"}}
{"name":"Supply Agreement, amended","body":"The supplier shall deliver the goods on time.","weight_rank":5}
`

// buildSmall publishes smallInput (flushed per record, then merged) and
// returns the directory and the generation's path.
func buildSmall(t testing.TB) (*generation.Dir, string) {
	t.Helper()
	dir, err := generation.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Build(context.Background(), dir, strings.NewReader(smallInput), Options{MaxBufferedBytes: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Flushed["contract"] != 3 || rep.Segments["contract"] != 1 {
		t.Fatalf("report %+v", rep)
	}
	return dir, filepath.Join(dir.Path(), "gen-00000001")
}

// openAll opens generation 1 and every segment in it and verifies every
// file's checksum, as a server does before it searches.
func openAll(dir *generation.Dir) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("PANIC: %v", r)
		}
	}()
	g, err := dir.Open(1)
	if err != nil {
		return err
	}
	defer g.Release()
	ixs, err := Open(g)
	if err != nil {
		return err
	}
	Close(ixs)
	return g.Verify(context.Background())
}

// fileKind is a file's kind: its extension, or MANIFEST.
func fileKind(name string) string {
	if name == "MANIFEST" {
		return name
	}
	return name[strings.LastIndexByte(name, '.')+1:]
}

type mutation struct {
	name  string
	apply func([]byte) []byte
}

// mutations are the damage done to each file: truncations at several
// points (the footer, its edges, the middle, everything) and one altered
// byte at several places (content, footer magic, version, checksum).
func mutations(size int) []mutation {
	var ms []mutation
	for _, n := range []int{0, 1, size / 2, size - encoding.FooterSize - 1, size - encoding.FooterSize, size - 4, size - 1} {
		if n < 0 || n >= size {
			continue
		}
		ms = append(ms, mutation{fmt.Sprintf("truncated to %d bytes", n), func(b []byte) []byte { return b[:n] }})
	}
	for _, at := range []int{0, size / 3, size / 2, size - encoding.FooterSize - 1, size - encoding.FooterSize, size - 8, size - 1} {
		if at < 0 || at >= size {
			continue
		}
		ms = append(ms, mutation{fmt.Sprintf("byte %d altered", at), func(b []byte) []byte { b[at] ^= 0x40; return b }})
	}
	ms = append(ms, mutation{"a byte appended", func(b []byte) []byte { return append(b, 0) }})
	return ms
}

// TestCorruptFiles damages every file of a real generation, one at a
// time, in every way of mutations, and opens it twice: as a server does
// (generation.Dir.Open, whose MANIFEST sizes catch truncations, then
// Open, then the generation's checksum verification) and, for segment
// files, with segment.Open alone on the damaged bytes (so each file's own
// checks are tested, not only the MANIFEST's), where what Open does not
// read must be caught by the file's checksum. Every case must fail with an
// error naming the file; none may panic or pass.
func TestCorruptFiles(t *testing.T) {
	dir, genPath := buildSmall(t)
	if err := openAll(dir); err != nil {
		t.Fatalf("intact generation: %v", err)
	}
	entries, err := os.ReadDir(genPath)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		kinds[fileKind(name)] = true
		path := filepath.Join(genPath, name)
		orig, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mutations(len(orig)) {
			bad := m.apply(append([]byte(nil), orig...))
			if err := os.WriteFile(path, bad, 0o644); err != nil {
				t.Fatal(err)
			}
			err := openAll(dir)
			switch {
			case err == nil:
				t.Errorf("%s %s: the generation opened", name, m.name)
			case strings.Contains(err.Error(), "PANIC"):
				t.Errorf("%s %s: %v", name, m.name, err)
			case !strings.Contains(err.Error(), name):
				t.Errorf("%s %s: the error does not name the file: %v", name, m.name, err)
			}
			if name == "MANIFEST" {
				continue
			}
			prefix := name[:strings.IndexByte(name, '.')]
			err = openSegment(genPath, prefix, name, bad)
			if err == nil {
				if cerr := encoding.VerifyChecksum(bad); cerr != nil {
					err = fmt.Errorf("%s: %w", name, cerr)
				}
			}
			switch {
			case err == nil:
				t.Errorf("%s %s: segment.Open accepted it", name, m.name)
			case strings.Contains(err.Error(), "PANIC"):
				t.Errorf("%s %s: segment.Open: %v", name, m.name, err)
			case !strings.Contains(err.Error(), name):
				t.Errorf("%s %s: segment.Open's error does not name the file: %v", name, m.name, err)
			}
		}
		if err := os.WriteFile(path, orig, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for k := range kinds {
		got = append(got, k)
	}
	sort.Strings(got)
	if fmt.Sprint(got) != "[MANIFEST doc dv meta nrm off pos src tdi]" {
		t.Errorf("file kinds %v: the test no longer covers every kind", got)
	}
	if err := openAll(dir); err != nil {
		t.Fatalf("restored generation: %v", err)
	}
}

// openSegment opens segment prefix from the files of genPath with name's
// content replaced by data.
func openSegment(genPath, prefix, name string, data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("PANIC: %v", r)
		}
	}()
	files := segment.Files{}
	entries, err := os.ReadDir(genPath)
	if err != nil {
		return err
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(genPath, e.Name()))
		if err != nil {
			return err
		}
		files[e.Name()] = b
	}
	files[name] = data
	_, err = segment.Open(prefix, func(n string) ([]byte, bool) { b, ok := files[n]; return b, ok })
	return err
}

// TestOtherVersion: a file of another format version — its footer
// rewritten, checksum recomputed — is refused with a VersionError naming
// the file, for every kind of file.
func TestOtherVersion(t *testing.T) {
	dir, genPath := buildSmall(t)
	entries, _ := os.ReadDir(genPath)
	for _, e := range entries {
		name := e.Name()
		path := filepath.Join(genPath, name)
		orig, _ := os.ReadFile(path)
		bad := append([]byte(nil), orig...)
		n := len(bad)
		binary.LittleEndian.PutUint32(bad[n-8:], 99)
		binary.LittleEndian.PutUint32(bad[n-4:], encoding.CRC32C(bad[:n-4]))
		os.WriteFile(path, bad, 0o644)
		err := openAll(dir)
		var ve *encoding.VersionError
		if !errors.As(err, &ve) || ve.Got != 99 || !strings.Contains(err.Error(), name) ||
			!strings.Contains(err.Error(), "format version 99 is not supported") {
			t.Errorf("%s: %v", name, err)
		}
		os.WriteFile(path, orig, 0o644)
	}
}

// TestAlteredPostingsNeverSearched: postings bytes altered in a way only
// the checksum notices (a document delta changed, the structure intact)
// would make a search answer wrongly; the checksum, verified before a
// generation is searched, keeps such a segment from ever being searched.
func TestAlteredPostingsNeverSearched(t *testing.T) {
	dir, genPath := buildSmall(t)
	g, err := dir.Open(1)
	if err != nil {
		t.Fatal(err)
	}
	ixs, err := Open(g)
	if err != nil {
		t.Fatal(err)
	}
	seg := ixs["contract"][0]
	prefix := "contract-3"
	num := slices.Index(seg.Fields(), "body")
	docFile := fmt.Sprintf("%s.f%d.doc", prefix, num)
	info, ok, err := seg.Field("body").Terms.Get([]byte("the"))
	if err != nil || !ok || info.DocFreq != 2 {
		t.Fatalf("term the: %+v %v %v", info, ok, err)
	}
	d := encoding.NewDecbuf(info.Meta)
	meta := postings.DecodeTermMeta(&d, postings.DocsFreqsPositions)
	want := termDocs(t, seg, "the")
	g.Release()

	// Two documents: a tail of varints, the first being the first
	// document's delta<<1 | (freq == 1). Adding 2 moves it one document on.
	path := filepath.Join(genPath, docFile)
	f, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f[meta.DocOffset] += 2
	if err := os.WriteFile(path, f, 0o644); err != nil {
		t.Fatal(err)
	}
	err = openAll(dir)
	if err == nil || !strings.Contains(err.Error(), "checksum") || !strings.Contains(err.Error(), docFile) {
		t.Fatalf("altered postings: %v", err)
	}

	// Were the checksum recomputed, the segment would open and answer
	// wrongly: that is what the verification prevents.
	files := segment.Files{}
	entries, _ := os.ReadDir(genPath)
	for _, e := range entries {
		b, _ := os.ReadFile(filepath.Join(genPath, e.Name()))
		files[e.Name()] = b
	}
	binary.LittleEndian.PutUint32(f[len(f)-4:], encoding.CRC32C(f[:len(f)-4]))
	files[docFile] = f
	forged, err := segment.Open(prefix, func(n string) ([]byte, bool) { b, ok := files[n]; return b, ok })
	if err != nil {
		t.Fatalf("forged checksum: %v", err)
	}
	if got := termDocs(t, forged, "the"); slices.Equal(got, want) {
		t.Errorf("the alteration changed nothing: %v", got)
	}
}

// termDocs lists a body term's documents.
func termDocs(t testing.TB, s *segment.Segment, term string) []uint32 {
	t.Helper()
	f := s.Field("body")
	info, _, _ := f.Terms.Get([]byte(term))
	d := encoding.NewDecbuf(info.Meta)
	var docs []uint32
	for it := f.Postings.Postings(postings.DecodeTermMeta(&d, f.IndexOptions()), nil); it.Next(); {
		docs = append(docs, it.DocID())
	}
	return docs
}
