package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
	"github.com/contractsearch/contractsearch/internal/engine/jsonscan"
)

func build(t testing.TB, docs [][]byte) []byte {
	t.Helper()
	w, err := NewWriter()
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range docs {
		id, err := w.Add(d)
		if err != nil || id != uint32(i) {
			t.Fatalf("add %d: id %d err %v", i, id, err)
		}
	}
	file, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return file
}

// TestIndexBytes pins the bytes after the blocks: the index, the index
// offset and the footer, for two small documents in one block.
func TestIndexBytes(t *testing.T) {
	file := build(t, [][]byte{[]byte(`{"a":1}`), []byte(`{}`)})
	r, err := Open(file)
	if err != nil {
		t.Fatal(err)
	}
	blockLen := len(r.data)
	tail := file[blockLen:]
	want := []byte{
		0x01,                                // blocks: 1
		0x00,                                // block 0 firstDocDelta: 0
		byte(blockLen),                      // block 0 size (one byte: the frame is < 128 bytes)
		0x02,                                // docs: 2
		byte(blockLen), 0, 0, 0, 0, 0, 0, 0, // indexOffset <8b>
		0x53, 0x54, 0x4f, 0x52, // magic "STOR"
		0x03, 0x00, 0x00, 0x00, // version 3
	}
	// 12 bytes of content (count, two lengths, the sources), too few for
	// LZ4 to shrink: the block holds them raw.
	if raw := "\x00\x0c\x02\x07\x02" + `{"a":1}{}`; string(file[:blockLen]) != raw {
		t.Errorf("block % x, want kind 0, length 12, then the content raw: % x", file[:blockLen], raw)
	}
	if blockLen >= 128 {
		t.Fatalf("block unexpectedly large: %d", blockLen)
	}
	if !bytes.Equal(tail[:len(tail)-4], want) {
		t.Fatalf("tail % x\nwant % x", tail[:len(tail)-4], want)
	}
	if crc := binary.LittleEndian.Uint32(tail[len(tail)-4:]); crc != encoding.CRC32C(file[:len(file)-4]) {
		t.Errorf("crc %#x", crc)
	}
}

// TestRoundTrip stores random documents — tiny, empty, block-sized and far
// larger — and reads each back, in random order, with a reused scratch and
// with a Cursor.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for _, n := range []int{0, 1, 2, 100, 3000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			docs := make([][]byte, n)
			for i := range docs {
				size := rng.IntN(300)
				switch rng.IntN(20) {
				case 0:
					size = 0
				case 1:
					size = BlockSize + rng.IntN(3*BlockSize)
				}
				d := make([]byte, size)
				for j := range d {
					d[j] = "abcdefgh {}\":,"[rng.IntN(14)]
				}
				if rng.IntN(2) == 0 {
					// Repeats, which LZ4 shrinks; random letters it
					// cannot, and they are stored raw.
					for j := 8; j < size; j++ {
						d[j] = d[j%8]
					}
				}
				docs[i] = d
			}
			r, err := Open(build(t, docs))
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if r.Docs() != uint32(n) {
				t.Fatalf("docs %d", r.Docs())
			}
			var scratch []byte
			for _, i := range rng.Perm(n) {
				var got []byte
				got, scratch, err = r.Get(uint32(i), nil, scratch)
				if err != nil || !bytes.Equal(got, docs[i]) {
					t.Fatalf("doc %d: err %v, %d bytes, want %d", i, err, len(got), len(docs[i]))
				}
			}
			if _, _, err := r.Get(uint32(n), nil, nil); err == nil {
				t.Error("out-of-range document returned")
			}
			// A cursor, in order (blocks shared) then at random; every
			// source it returned stays as it was.
			c := r.Cursor()
			order := append(rng.Perm(n), rng.Perm(n)...)
			for i := range n {
				order[i] = i
			}
			got := make([][]byte, n)
			for _, i := range order {
				if got[i], err = c.Get(uint32(i)); err != nil || !bytes.Equal(got[i], docs[i]) {
					t.Fatalf("cursor, doc %d: err %v, %d bytes, want %d", i, err, len(got[i]), len(docs[i]))
				}
			}
			for i := range got {
				if !bytes.Equal(got[i], docs[i]) {
					t.Fatalf("cursor: doc %d changed after later reads", i)
				}
			}
			if _, err := c.Get(uint32(n)); err == nil {
				t.Error("cursor: out-of-range document returned")
			}
		})
	}
}

func TestWriterStages(t *testing.T) {
	w, _ := NewWriter()
	if _, err := w.Finish(); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Add([]byte("x")); err == nil {
		t.Error("Add after Finish accepted")
	}
	if _, err := w.Finish(); err == nil {
		t.Error("second Finish accepted")
	}
}

// TestCorruption: truncation is caught at Open by the footer; a bit flip
// anywhere by the checksum (which Open leaves to the caller: an index
// generation verifies it before a store is read), and Open and Get on the
// flipped bytes fail or answer, never panic.
func TestCorruption(t *testing.T) {
	file := build(t, [][]byte{[]byte(`{"name":"one"}`), []byte(`{"name":"two"}`), largeJSON(1, 0)})
	for _, cut := range []int{0, 5, len(file) / 2, len(file) - 1} {
		if _, err := Open(file[:cut]); err == nil {
			t.Errorf("truncated to %d accepted", cut)
		}
	}
	for i := range file {
		bad := bytes.Clone(file)
		bad[i] ^= 0x10
		if err := encoding.VerifyChecksum(bad); !errors.Is(err, encoding.ErrCorrupt) {
			t.Errorf("bit flip at %d: checksum %v", i, err)
		}
		if r, err := Open(bad); err == nil {
			c, cc := r.Cursor(), r.CachedCursor(NewCache(1<<20))
			for doc := range r.Docs() {
				_, _, _ = r.Get(doc, nil, nil)
				_, _ = c.Members(doc, func(k string) bool { return k != "body" })
				_, _ = c.Get(doc)
				_, _ = cc.Members(doc, func(k string) bool { return k != "body" })
				_, _ = cc.Get(doc)
			}
			for b := range r.Blocks() {
				_, _ = r.BlockSources(b, nil, func(uint32, []byte) error { return nil })
			}
			r.Close()
		}
	}
	bumped := bytes.Clone(file)
	binary.LittleEndian.PutUint32(bumped[len(bumped)-8:], Version+1)
	var ve *encoding.VersionError
	if _, err := Open(bumped); !errors.As(err, &ve) || strings.Contains(err.Error(), "rebuild") {
		t.Errorf("version %d: %v", Version+1, err)
	}
}

// TestOlderVersions opens files written by the version 1 writer
// (testdata/v1.store, two small documents) and the version 2 one
// (testdata/v2.store, two small documents and a chunked one, zstd): each
// is refused with a VersionError that asks for a rebuild, and its checksum
// is still good, so a generation reports it as an unsupported version,
// not as damage.
func TestOlderVersions(t *testing.T) {
	for _, v := range []uint32{1, 2} {
		file, err := os.ReadFile(filepath.Join("testdata", fmt.Sprintf("v%d.store", v)))
		if err != nil {
			t.Fatal(err)
		}
		if err := encoding.VerifyChecksum(file); err != nil {
			t.Fatal(err)
		}
		_, err = Open(file)
		var ve *encoding.VersionError
		if !errors.As(err, &ve) || ve.Got != v || ve.Supported != Version || !strings.Contains(err.Error(), "rebuild it") {
			t.Errorf("version %d file: %v", v, err)
		}
	}
}

// TestFrames checks the two ways a chunk or block is stored: an LZ4 block
// when LZ4 shrinks it, its bytes raw when it does not (random bytes); both
// read back, and a frame whose length does not fit its content's is
// refused without allocating for the claimed length.
func TestFrames(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	noise := make([]byte, 2*ChunkSize+100)
	for i := range noise {
		noise[i] = byte(rng.IntN(256))
	}
	text := bytes.Repeat([]byte("the goods shall be delivered. "), 3*ChunkSize/30)
	small := bytes.Repeat([]byte("x"), 100)
	docs := [][]byte{noise, text, small, noise[:BlockSize/2]}
	r, err := Open(build(t, docs))
	if err != nil {
		t.Fatal(err)
	}
	for b, want := range []struct {
		frames int
		raw    bool
	}{{3, true}, {3, false}, {1, false}} {
		_, _, data := r.Block(b)
		if b == 2 {
			// Two small documents: 100 compressible bytes and noise.
			if data[0] != kindPacked {
				t.Fatalf("block 2: kind %d", data[0])
			}
			continue
		}
		d, err := r.chunked(b, data)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.frames) != want.frames {
			t.Fatalf("block %d: %d chunks, want %d", b, len(d.frames), want.frames)
		}
		for k, f := range d.frames {
			if raw := len(f) == d.chunkRaw(k); raw != want.raw {
				t.Errorf("block %d chunk %d: %d bytes for %d, raw %v, want %v", b, k, len(f), d.chunkRaw(k), raw, want.raw)
			}
		}
	}
	c := r.Cursor()
	for i, d := range docs {
		if got, err := c.Get(uint32(i)); err != nil || !bytes.Equal(got, d) {
			t.Fatalf("doc %d: %v", i, err)
		}
	}
	w, _ := NewWriter()
	frame := w.compress(nil, text)
	for _, tc := range []struct {
		name  string
		frame []byte
		want  int
	}{
		{"longer than its content", frame, len(frame) - 1},
		{"claims too much", frame[:4], 256 * 4},
		{"claims too little", frame, len(text) - 1},
		{"claims too much, in bounds", frame, len(text) + 1},
		{"cut", frame[:len(frame)/2], len(text)},
	} {
		if out, err := decompress(nil, tc.frame, tc.want); err == nil || len(out) != 0 {
			t.Errorf("%s: %d bytes, err %v", tc.name, len(out), err)
		}
	}
	if out, err := decompress([]byte("x"), frame, len(text)); err != nil || !bytes.Equal(out[1:], text) || out[0] != 'x' {
		t.Errorf("good frame after a prefix: %v", err)
	}
}

// FuzzOpen gives arbitrary bodies a valid footer, so Open and Get parse
// garbage: they must fail cleanly, never panic.
func FuzzOpen(f *testing.F) {
	good := build(f, [][]byte{[]byte(`{"a":1}`), []byte(`{"b":2}`)})
	f.Add(good[:len(good)-encoding.FooterSize])
	f.Add([]byte{})
	f.Add([]byte{1, 0, 5, 2, 0, 0, 0, 0, 0, 0, 0, 0})
	chunked := build(f, [][]byte{[]byte(`{"a":1}`), largeJSON(1, 0)})
	f.Add(chunked[:len(chunked)-encoding.FooterSize])
	f.Fuzz(func(t *testing.T, body []byte) {
		e := encoding.Encbuf{B: bytes.Clone(body)}
		e.PutFooter(Magic, Version)
		r, err := Open(e.B)
		if err != nil {
			return
		}
		defer r.Close()
		c, cc := r.Cursor(), r.CachedCursor(NewCache(1<<20))
		for doc := uint32(0); doc < r.Docs() && doc < 64; doc++ {
			_, _, _ = r.Get(doc, nil, nil)
			_, _ = c.Get(doc)
			_, _ = c.Members(doc, func(k string) bool { return k == "a" })
			// Through a cache: a unit that failed is not kept, one that
			// did is read back the same.
			_, _ = cc.Members(doc, func(k string) bool { return k == "a" })
			_, _ = cc.Get(doc)
		}
		for b := 0; b < r.Blocks() && b < 64; b++ {
			_, _ = r.BlockSources(b, nil, func(uint32, []byte) error { return nil })
		}
	})
}

func BenchmarkGet(b *testing.B) {
	docs := make([][]byte, 10000)
	for i := range docs {
		docs[i] = []byte(fmt.Sprintf(`{"name":"Agreement %d","snippet":"This Agreement is entered into by the parties named below on the date %d.","group_id":"g%d"}`, i, i, i%97))
	}
	r, err := Open(build(b, docs))
	if err != nil {
		b.Fatal(err)
	}
	var dst, scratch []byte
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		dst, scratch, _ = r.Get(uint32(i*7919%len(docs)), dst[:0], scratch)
		i++
	}
}

// TestStreamAndCopy: a streaming writer writes what the in-memory one
// returns; copying blocks and re-adding sources (as a merge does) gives a
// file whose documents are the concatenation.
func TestStreamAndCopy(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var docs [][]byte
	for i := range 3000 {
		pad := make([]byte, rng.IntN(2000))
		for k := range pad {
			pad[k] = 'a' + byte(rng.IntN(26))
		}
		docs = append(docs, []byte(fmt.Sprintf(`{"n":%d,"pad":%q}`, i, pad)))
	}
	mem := build(t, docs)
	var out bytes.Buffer
	w, err := NewStreamWriter(&out)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		if _, err := w.Add(d); err != nil {
			t.Fatal(err)
		}
	}
	if f, err := w.Finish(); err != nil || f != nil {
		t.Fatalf("Finish: %v", err)
	}
	if out.Len() <= streamChunk || !bytes.Equal(out.Bytes(), mem) {
		i := 0
		for i < len(mem) && i < out.Len() && mem[i] == out.Bytes()[i] {
			i++
		}
		t.Fatalf("streamed file (%d bytes) differs from the in-memory one (%d) at %d", out.Len(), len(mem), i)
	}

	// Merge: a few loose documents, every block of mem copied but odd
	// blocks re-added without their first document.
	r, err := Open(mem)
	if err != nil {
		t.Fatal(err)
	}
	mw, _ := NewWriter()
	want := [][]byte{[]byte(`{"first":1}`), []byte(`{"first":2}`)}
	for _, d := range want {
		mw.Add(d)
	}
	var scratch []byte
	for i := range r.Blocks() {
		first, count, data := r.Block(i)
		if i%2 == 0 {
			if err := mw.CopyBlock(data, count); err != nil {
				t.Fatal(err)
			}
			want = append(want, docs[first:first+count]...)
			continue
		}
		scratch, err = r.BlockSources(i, scratch, func(doc uint32, src []byte) error {
			if !bytes.Equal(src, docs[doc]) {
				t.Fatalf("block %d doc %d: wrong source", i, doc)
			}
			if doc != first {
				mw.Add(bytes.Clone(src))
				want = append(want, docs[doc])
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	merged, err := mw.Finish()
	if err != nil {
		t.Fatal(err)
	}
	mr, err := Open(merged)
	if err != nil {
		t.Fatal(err)
	}
	if mr.Docs() != uint32(len(want)) {
		t.Fatalf("%d documents, want %d", mr.Docs(), len(want))
	}
	for i, d := range want {
		got, _, err := mr.Get(uint32(i), nil, nil)
		if err != nil || !bytes.Equal(got, d) {
			t.Fatalf("doc %d: %v", i, err)
		}
	}
}

// largeJSON is a contract-like source of about n×ChunkSize bytes: small
// members around a body that spans chunks, then sections; pad adds
// whitespace inside members.
func largeJSON(n, pad int) []byte {
	sp := strings.Repeat(" ", pad)
	body := strings.Repeat(`The party shall \"deliver\" the goods. `, n*ChunkSize/40)
	var sections []string
	for i := range n * 40 {
		sections = append(sections, fmt.Sprintf(`{"name":"Section %d","snippet":%q}`, i, strings.Repeat("x", 300)))
	}
	return []byte(fmt.Sprintf(`{"name":%s"Supply Agreement","snippet":"short","body":"%s","url"%s:"https://example.com/a",`+
		`"gr\u006fup_id":"g1","sections":[%s],"group_size":%s3}`, sp, body, sp, strings.Join(sections, ","), sp))
}

// TestMembers reads large documents member by member: the result is the
// object of the wanted members as stored, and only the chunks they span
// are decompressed; with no filter, or for a small document, the source is
// whole.
func TestMembers(t *testing.T) {
	small := []byte(`{"name":"small","body":"b"}`)
	docs := [][]byte{small, largeJSON(4, 0), largeJSON(2, 3), []byte(strings.Repeat("not json ", BlockSize/4)), small}
	r, err := Open(build(t, docs))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.Blocks() != 5 {
		t.Fatalf("%d blocks, want 5 (small, then three large documents, then small)", r.Blocks())
	}
	c := r.Cursor()
	notBody := func(k string) bool { return k != "body" && k != "sections" }
	for i, d := range docs {
		got, err := c.Members(uint32(i), notBody)
		if err != nil {
			t.Fatal(err)
		}
		switch i {
		case 1:
			want := `{"name":"Supply Agreement","snippet":"short","url":"https://example.com/a","gr\u006fup_id":"g1","group_size":3}`
			if string(got) != want {
				t.Errorf("doc 1: got %.300s\nwant %s", got, want)
			}
			decoded, bytes := 0, 0
			for _, ch := range c.chunks {
				if ch != nil {
					decoded++
					bytes += len(ch)
				}
			}
			// Chunks: the small members before the body (name,
			// snippet), the body in four, the small ones between the
			// body and the sections (url, group_id), the sections, the
			// rest (group_size). Read: the three of small members,
			// about a hundred bytes.
			if decoded != 3 || len(c.chunks) != 8 || bytes > 256 {
				t.Errorf("doc 1: %d of %d chunks decompressed (%d bytes), want 3 of 8", decoded, len(c.chunks), bytes)
			}
		case 2:
			want := `{"name":   "Supply Agreement","snippet":"short","url"   :"https://example.com/a","gr\u006fup_id":"g1","group_size":   3}`
			if string(got) != want {
				t.Errorf("doc 2: got %.300s\nwant %s", got, want)
			}
		default:
			if !bytes.Equal(got, d) {
				t.Errorf("doc %d: not whole", i)
			}
		}
		whole, err := c.Get(uint32(i))
		again, err2 := c.Members(uint32(i), nil)
		if err != nil || err2 != nil || !bytes.Equal(whole, d) || !bytes.Equal(again, d) {
			t.Errorf("doc %d: whole source differs (%v, %v)", i, err, err2)
		}
		if got, err := c.Members(uint32(i), func(k string) bool { return k == "group_id" }); i == 1 && (err != nil || string(got) != `{"gr\u006fup_id":"g1"}`) {
			t.Errorf("doc 1: an escaped key: %s %v", got, err)
		}
		if got, err := c.Members(uint32(i), func(string) bool { return false }); i == 1 && (err != nil || string(got) != `{}`) {
			t.Errorf("doc 1: no member: %s %v", got, err)
		}
	}
	// BlockSources gives large documents whole too.
	for b := range r.Blocks() {
		if _, err := r.BlockSources(b, nil, func(doc uint32, src []byte) error {
			if !bytes.Equal(src, docs[doc]) {
				t.Errorf("block %d doc %d differs", b, doc)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestChunkCuts pins where a large document's chunks start: at most
// ChunkSize apart, and at both ends of every big member.
func TestChunkCuts(t *testing.T) {
	span := func(start, end int) memberSpan { return memberSpan{start: start, end: end} }
	const K = 1 << 10
	for _, tc := range []struct {
		name    string
		n       int
		members []memberSpan
		want    []int
	}{
		{"not an object", 200 * K, nil, []int{0, 64 * K, 128 * K, 192 * K, 200 * K}},
		{"small members only", 20 * K, []memberSpan{span(1, 100), span(101, 3*K)}, []int{0, 20 * K}},
		{"a big member between small ones", 91 * K, []memberSpan{span(1, 100), span(101, 90*K), span(90*K+1, 90*K+500)},
			[]int{0, 101, 101 + 64*K, 90 * K, 91 * K}},
		{"big members back to back", 30 * K, []memberSpan{span(1, 10*K), span(10*K+1, 30*K-1)},
			[]int{0, 1, 10 * K, 10*K + 1, 30*K - 1, 30 * K}},
		{"exactly bigMember", 10 * K, []memberSpan{span(1, 1+bigMember)}, []int{0, 1, 1 + bigMember, 10 * K}},
	} {
		if got := chunkCuts(tc.n, tc.members); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestMembersRandom stores objects whose members are of random sizes,
// small, around bigMember and beyond ChunkSize, so chunks are cut at
// every kind of place, and reads random subsets of members: the result is
// always the object of the wanted members as found in the whole source.
func TestMembersRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	sizes := []int{0, 3, 100, bigMember - 20, bigMember, bigMember + 7, 3 * bigMember, ChunkSize - 5, ChunkSize + 9, 2*ChunkSize + 1}
	var docs [][]byte
	var keys [][]string
	for range 40 {
		var b strings.Builder
		b.WriteString("{")
		var ks []string
		for m := range 1 + rng.IntN(8) {
			if m > 0 {
				b.WriteString(",")
			}
			k := fmt.Sprintf("k%d", m)
			ks = append(ks, k)
			size := sizes[rng.IntN(len(sizes))]
			word := fmt.Sprintf("w%d ", rng.IntN(50))
			fmt.Fprintf(&b, "%q:%q", k, strings.Repeat(word, size/len(word)+1)[:size])
		}
		b.WriteString("}")
		docs = append(docs, []byte(b.String()))
		keys = append(keys, ks)
	}
	r, err := Open(build(t, docs))
	if err != nil {
		t.Fatal(err)
	}
	c := r.Cursor()
	for _, i := range rng.Perm(len(docs)) {
		for range 4 {
			want := map[string]bool{}
			for _, k := range keys[i] {
				if rng.IntN(2) == 0 {
					want[k] = true
				}
			}
			got, err := c.Members(uint32(i), func(k string) bool { return want[k] })
			if err != nil {
				t.Fatal(err)
			}
			// The expected object, from the whole source.
			var parts []string
			if err := jsonscan.ObjectSpans(docs[i], func(key, value jsonscan.Span) bool {
				if want[string(docs[i][key.Start+1:key.End-1])] || len(docs[i]) <= BlockSize {
					parts = append(parts, string(docs[i][key.Start:value.End]))
				}
				return true
			}); err != nil {
				t.Fatal(err)
			}
			exp := "{" + strings.Join(parts, ",") + "}"
			if string(got) != exp {
				t.Fatalf("doc %d (%d bytes), want %v: got %.200s, want %.200s", i, len(docs[i]), want, got, exp)
			}
		}
	}
}
