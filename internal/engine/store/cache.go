package store

import (
	"container/list"
	"sync"
)

// Cache keeps decompressed blocks and chunks of store files, shared by the
// cursors of many readers and requests, up to a byte budget, least
// recently used out first. A whole contract is hundreds of KB of LZ4 to
// decode into a buffer as large, allocated and cleared for each hit; the
// hits that come back (the top contracts of a frequent query, a page read
// again, a record's neighbours) then cost a map look-up instead. What a
// cache holds is never written again, so a source read from it stays valid
// after it is evicted. Safe for concurrent use; a nil *Cache caches
// nothing.
type Cache struct {
	mu      sync.Mutex
	limit   int
	size    int
	entries map[cacheKey]*list.Element
	lru     list.List // of *cacheEntry, most recently used at the front
}

// cacheKey names a decompressed unit of a reader: a packed block's content
// or a chunked document whole (chunk wholeBlock), or one chunk of it.
type cacheKey struct {
	r     *Reader
	block int
	chunk int
}

// The chunk of a cache key for a whole block, and for a chunked block's
// directory, parsed.
const (
	wholeBlock = -1
	directory  = -2
)

// cacheEntry is a unit: decompressed bytes, or a parsed directory.
type cacheEntry struct {
	key  cacheKey
	data []byte
	dir  *chunkedDoc
	cost int
}

// entryOverhead approximates what an entry costs besides its bytes (map
// slot, list element, entry), so that a budget of small blocks is not
// overrun by their bookkeeping.
const entryOverhead = 128

// NewCache returns a cache of at most limit bytes of decompressed data.
// A unit larger than an eighth of it is not kept: one huge document must
// not evict everything else.
func NewCache(limit int) *Cache {
	return &Cache{limit: limit, entries: map[cacheKey]*list.Element{}}
}

// get returns the cached bytes of key, or nil.
func (c *Cache) get(k cacheKey) []byte {
	if e := c.lookup(k); e != nil {
		return e.data
	}
	return nil
}

// getDir returns the cached directory of key, or nil.
func (c *Cache) getDir(k cacheKey) *chunkedDoc {
	if e := c.lookup(k); e != nil {
		return e.dir
	}
	return nil
}

func (c *Cache) lookup(k cacheKey) *cacheEntry {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[k]
	if e == nil {
		return nil
	}
	c.lru.MoveToFront(e)
	return e.Value.(*cacheEntry)
}

// put caches data, which must not be modified afterwards, as key's unit.
func (c *Cache) put(k cacheKey, data []byte) {
	c.add(&cacheEntry{key: k, data: data, cost: cap(data) + entryOverhead})
}

// putDir caches a parsed directory, which must not be modified
// afterwards, as key's unit.
func (c *Cache) putDir(k cacheKey, d *chunkedDoc) {
	c.add(&cacheEntry{key: k, dir: d, cost: d.cost + entryOverhead})
}

func (c *Cache) add(e *cacheEntry) {
	if c == nil || e.cost > c.limit/8 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[e.key]; ok {
		// Another cursor decoded it at the same time.
		return
	}
	c.entries[e.key] = c.lru.PushFront(e)
	c.size += e.cost
	for c.size > c.limit {
		last := c.lru.Back()
		old := last.Value.(*cacheEntry)
		c.lru.Remove(last)
		delete(c.entries, old.key)
		c.size -= old.cost
	}
}

// Size returns the bytes the cache holds, bookkeeping included.
func (c *Cache) Size() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.size
}
