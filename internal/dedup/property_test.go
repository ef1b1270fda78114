package dedup

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
)

// randomCorpus returns documents in families: a random base text and
// revisions of it with a random number of word edits, from a few to most of
// the text, so pairs spread over the whole similarity range.
func randomCorpus(r *rand.Rand, families int) map[string]string {
	docs := make(map[string]string)
	for f := range families {
		n := 50 + r.IntN(800)
		base := make([]string, n)
		for i := range base {
			base[i] = fmt.Sprintf("v%d", r.IntN(2000))
		}
		docs[fmt.Sprintf("f%02d-0", f)] = strings.Join(base, " ")
		for v := 1; v <= r.IntN(4); v++ {
			w := append([]string(nil), base...)
			for range r.IntN(max(1, n/(1+r.IntN(20)))) {
				w[r.IntN(n)] = fmt.Sprintf("e%d", r.IntN(2000))
			}
			docs[fmt.Sprintf("f%02d-%d", f, v)] = strings.Join(w, " ")
		}
	}
	return docs
}

// TestGroupProperties checks, on random corpora, that grouping is an
// equivalence relation with consistent ids and sizes, that it is sound
// (every group is connected by verified pairs) and complete for clear
// near-duplicates, and that it does not depend on the order or concurrency
// of Add.
func TestGroupProperties(t *testing.T) {
	for seed := range uint64(12) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 99))
			docs := randomCorpus(r, 25)
			ids := slices.Sorted(maps.Keys(docs))
			g := groupsOf(t, docs)

			// Ids and sizes: a group id names exactly the documents
			// that carry it, its size is their number, and it is the
			// hash of the smallest of them.
			members := make(map[string][]string)
			for _, id := range ids {
				members[g[id].ID] = append(members[g[id].ID], id)
			}
			for gid, ms := range members {
				for _, m := range ms {
					if g[m].Size != len(ms) {
						t.Errorf("%s: size %d, group %s has %d members", m, g[m].Size, gid, len(ms))
					}
				}
				if gid != groupID(ms[0]) {
					t.Errorf("group of %v has id %s, want groupID(%q)", ms, gid, ms[0])
				}
			}

			joined := 0
			for _, ms := range members {
				if len(ms) > 1 {
					joined += len(ms)
				}
			}
			t.Logf("%d documents, %d groups, %d documents in groups of two or more", len(ids), len(members), joined)

			// Soundness and completeness against brute force over all
			// pairs of signatures.
			h, _ := NewHasher(DefaultParams())
			sigs := make(map[string]Signature)
			for id, d := range docs {
				sigs[id] = h.Sign(d)
			}
			for _, ms := range members {
				if !connected(ms, sigs) {
					t.Errorf("group %v is not connected by pairs at the threshold", ms)
				}
			}
			for i, a := range ids {
				for _, b := range ids[i+1:] {
					if s := Similarity(sigs[a], sigs[b]); s >= 0.9 && g[a].ID != g[b].ID {
						t.Errorf("%s and %s: similarity %.3f but different groups", a, b, s)
					}
				}
			}

			// Order and concurrency do not matter.
			shuffled := slices.Clone(ids)
			r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			b := mustBuilder(t)
			var wg sync.WaitGroup
			for w := range 4 {
				wg.Go(func() {
					for i := w; i < len(shuffled); i += 4 {
						if err := b.Add(shuffled[i], docs[shuffled[i]]); err != nil {
							t.Error(err)
						}
					}
				})
			}
			wg.Wait()
			if again := b.Groups(); !maps.Equal(again, g) {
				t.Error("groups differ when the same documents are added in another order from four goroutines")
			}
			if again := b.Groups(); !maps.Equal(again, g) {
				t.Error("a second call to Groups gives another answer")
			}
		})
	}
}

// connected reports whether the documents ms are connected by pairs whose
// similarity reaches the default threshold.
func connected(ms []string, sigs map[string]Signature) bool {
	seen := map[string]bool{ms[0]: true}
	queue := []string{ms[0]}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		for _, b := range ms {
			if !seen[b] && Similarity(sigs[a], sigs[b]) >= DefaultParams().Threshold {
				seen[b] = true
				queue = append(queue, b)
			}
		}
	}
	return len(seen) == len(ms)
}
