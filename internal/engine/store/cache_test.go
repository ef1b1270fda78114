package store

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
)

// TestCacheBudget: the cache never holds more than its budget, evicts the
// least recently used unit first, keeps no unit larger than an eighth of
// the budget, and a nil cache holds nothing.
func TestCacheBudget(t *testing.T) {
	unit := func(n int) []byte { return make([]byte, n) }
	key := func(b int) cacheKey { return cacheKey{block: b, chunk: wholeBlock} }
	const limit = 8 * (1000 + entryOverhead)
	c := NewCache(limit)
	for b := range 8 {
		c.put(key(b), unit(1000))
	}
	if c.Size() != limit {
		t.Fatalf("size %d after 8 units, want %d", c.Size(), limit)
	}
	c.get(key(0)) // 0 is now the most recently used; 1 the least
	c.put(key(8), unit(1000))
	if c.get(key(1)) != nil || c.get(key(0)) == nil || c.get(key(8)) == nil {
		t.Errorf("evicted the wrong unit: 1 %v, 0 %v, 8 %v", c.get(key(1)) != nil, c.get(key(0)) != nil, c.get(key(8)) != nil)
	}
	if c.Size() > limit {
		t.Errorf("size %d over the budget %d", c.Size(), limit)
	}
	c.put(key(9), unit(limit/8))
	if c.get(key(9)) != nil {
		t.Error("a unit over an eighth of the budget was kept")
	}
	first := unit(10)
	c.put(key(10), first)
	c.put(key(10), unit(20))
	if got := c.get(key(10)); len(got) != 10 {
		t.Errorf("a second put of a key replaced the first (%d bytes)", len(got))
	}
	var none *Cache
	none.put(key(0), unit(1))
	if none.get(key(0)) != nil || none.Size() != 0 {
		t.Error("a nil cache held a unit")
	}
}

// TestCachedCursors reads the documents of TestMembersRandom's kind
// through cursors sharing caches of several budgets, down to one that
// evicts on every read, in random order, whole and member by member, and
// from several goroutines at once (go test -race): every answer equals
// the uncached cursor's.
func TestCachedCursors(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	docs := [][]byte{largeJSON(3, 0), largeJSON(1, 2)}
	for i := range 300 {
		docs = append(docs, fmt.Appendf(nil, `{"n":%d,"body":%q}`, i, bytes.Repeat([]byte{'a' + byte(i%26)}, rng.IntN(3000))))
		if i%50 == 0 {
			docs = append(docs, largeJSON(1+i%3, i%4))
		}
	}
	r, err := Open(build(t, docs))
	if err != nil {
		t.Fatal(err)
	}
	wants := []func(string) bool{
		nil,
		func(k string) bool { return k != "body" && k != "sections" },
		func(k string) bool { return k == "sections" || k == "n" },
	}
	plain := r.Cursor()
	expect := make([][][]byte, len(wants))
	for w, want := range wants {
		for doc := range r.Docs() {
			got, err := plain.Members(doc, want)
			if err != nil {
				t.Fatal(err)
			}
			expect[w] = append(expect[w], bytes.Clone(got))
		}
	}
	for _, limit := range []int{0, 64 << 10, 1 << 20, 64 << 20} {
		cache := NewCache(limit)
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for g := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(uint64(g), uint64(limit)))
				c := r.CachedCursor(cache)
				for range 2000 {
					doc, w := uint32(rng.IntN(int(r.Docs()))), rng.IntN(len(wants))
					got, err := c.Members(doc, wants[w])
					if err == nil && !bytes.Equal(got, expect[w][doc]) {
						err = fmt.Errorf("doc %d, filter %d: %.100s, want %.100s", doc, w, got, expect[w][doc])
					}
					if err != nil {
						errs <- fmt.Errorf("cache of %d bytes: %w", limit, err)
						return
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if cache.Size() > limit {
			t.Errorf("cache of %d bytes holds %d", limit, cache.Size())
		}
	}
}

// TestCacheKeepsNoDamage: a block that fails to decompress is not cached,
// so every read of it fails, with or without a cache, and a cursor's
// answers for the undamaged documents stay right.
func TestCacheKeepsNoDamage(t *testing.T) {
	docs := [][]byte{[]byte(`{"name":"one"}`), largeJSON(1, 0), []byte(`{"name":"three"}`)}
	file := build(t, docs)
	r, err := Open(file)
	if err != nil {
		t.Fatal(err)
	}
	// Damage the large document's first compressed chunk (of its body):
	// its directory stays good, so the damage shows only when that chunk
	// is decompressed.
	_, _, data := r.Block(1)
	d, err := r.chunked(1, data)
	if err != nil {
		t.Fatal(err)
	}
	damaged := false
	for k, f := range d.frames {
		if len(f) < d.chunkRaw(k) {
			for i := range f {
				f[i] = 0xff
			}
			damaged = true
			break
		}
	}
	if !damaged {
		t.Fatal("no compressed chunk to damage")
	}
	cache := NewCache(64 << 20)
	for range 2 {
		c := r.CachedCursor(cache)
		if _, err := c.Get(1); err == nil {
			t.Error("a damaged document read whole without an error")
		}
		for _, doc := range []uint32{0, 2} {
			if got, err := c.Get(doc); err != nil || !bytes.Equal(got, docs[doc]) {
				t.Errorf("doc %d: %s %v", doc, got, err)
			}
		}
	}
	if got, err := r.CachedCursor(cache).Members(1, func(k string) bool { return k == "name" }); err != nil || string(got) != `{"name":"Supply Agreement"}` {
		t.Errorf("a member before the damage: %s %v", got, err)
	}
}
