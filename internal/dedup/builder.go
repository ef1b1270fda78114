package dedup

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cespare/xxhash/v2"
)

// Group is what grouping says about one document.
type Group struct {
	// ID identifies the group: 16 hex digits of the xxhash of the smallest
	// member id (byte order). It depends only on who the members are, so
	// the same documents get the same group id whatever the order in which
	// they were added, and in every process.
	ID string
	// Size is the number of documents in the group, 1 for a document that
	// resembles no other.
	Size int
}

// Builder collects the signatures of a corpus and groups them. Add and
// AddSignature may be called from several goroutines at once: signing, the
// expensive part, runs in the caller, and only the append is serialised.
type Builder struct {
	hasher *Hasher

	mu    sync.Mutex
	ids   []string
	sigs  []Signature
	index map[string]int
}

// NewBuilder returns an empty Builder using p, or the reason p cannot work.
func NewBuilder(p Params) (*Builder, error) {
	h, err := NewHasher(p)
	if err != nil {
		return nil, err
	}
	return &Builder{hasher: h, index: make(map[string]int)}, nil
}

// Hasher returns the builder's hasher, for callers that sign documents
// themselves (for example in a worker pool) and hand the signatures to
// AddSignature.
func (b *Builder) Hasher() *Hasher { return b.hasher }

// Add signs text and records it under id. Ids must be unique.
func (b *Builder) Add(id, text string) error {
	return b.AddSignature(id, b.hasher.Sign(text))
}

// AddSignature records a signature made by b.Hasher() under id. Ids must be
// unique; a signature of the wrong length is refused rather than silently
// never matching.
func (b *Builder) AddSignature(id string, sig Signature) error {
	if sig != nil && len(sig) != b.hasher.p.SignatureSize {
		return fmt.Errorf("dedup: signature of %q has %d values, want %d", id, len(sig), b.hasher.p.SignatureSize)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, dup := b.index[id]; dup {
		return fmt.Errorf("dedup: document %q added twice", id)
	}
	b.index[id] = len(b.ids)
	b.ids = append(b.ids, id)
	b.sigs = append(b.sigs, sig)
	return nil
}

// Len returns the number of documents added so far.
func (b *Builder) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.ids)
}

// Groups groups the documents added so far and returns each document's
// group, keyed by id.
//
// Two documents are joined when some LSH band of their signatures agrees
// and their estimated Jaccard similarity is at least Params.Threshold;
// groups are the transitive closure of that relation (single linkage), so a
// chain of small revisions stays one group. Documents without words are
// never joined. The result does not depend on the order of Add calls.
//
// Cost: one map of band hashes per band, and a similarity check for each
// candidate pair not already in one group; a band bucket of m documents that
// are not near-duplicates of each other costs m²/2 checks.
func (b *Builder) Groups() map[string]Group {
	b.mu.Lock()
	ids := slices.Clone(b.ids)
	sigs := slices.Clone(b.sigs)
	b.mu.Unlock()

	// Work in id order, so that everything below, including which
	// document of a group is its root, is independent of Add order.
	order := make([]int, len(ids))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(x, y int) int { return strings.Compare(ids[x], ids[y]) })
	sorted := make([]Signature, len(order))
	for i, o := range order {
		sorted[i] = sigs[o]
	}

	uf := newUnionFind(len(sorted))
	p := b.hasher.p
	need := p.minMatches()
	buckets := make(map[uint64][]int32)
	for band := range p.Bands {
		clear(buckets)
		lo, hi := band*p.Rows, (band+1)*p.Rows
		for i, sig := range sorted {
			if sig == nil {
				continue
			}
			k := bandKey(sig[lo:hi])
			buckets[k] = append(buckets[k], int32(i))
		}
		for _, members := range buckets {
			for x := 0; x < len(members); x++ {
				for y := x + 1; y < len(members); y++ {
					i, j := int(members[x]), int(members[y])
					if uf.find(i) == uf.find(j) {
						continue
					}
					if matches(sorted[i], sorted[j]) >= need {
						uf.union(i, j)
					}
				}
			}
		}
	}

	// union keeps the smaller index as root, and indexes are in id order,
	// so each root is its group's smallest id.
	size := make(map[int]int)
	for i := range sorted {
		size[uf.find(i)]++
	}
	out := make(map[string]Group, len(ids))
	for i, o := range order {
		root := uf.find(i)
		out[ids[o]] = Group{ID: groupID(ids[order[root]]), Size: size[root]}
	}
	return out
}

// bandKey hashes one band of a signature.
func bandKey(rows Signature) uint64 {
	x := uint64(len(rows))
	for _, v := range rows {
		x = mix64(x ^ uint64(v))
	}
	return x
}

// groupID is the id of the group whose smallest member id is id.
func groupID(id string) string {
	s := strconv.FormatUint(xxhash.Sum64String(id), 16)
	for len(s) < 16 {
		s = "0" + s
	}
	return s
}
