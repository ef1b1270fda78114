package democorpus

import (
	"testing"

	"github.com/contractsearch/contractsearch/internal/dedup"
)

// TestNearDuplicatesFound runs the grouping ingest uses over the default
// corpus: the groups it finds must be exactly the near-duplicates the
// generator planted, no more and no fewer. This checks the generator (its
// variants are near-duplicates, its originals are not, although they share
// templates) and the grouping threshold together.
func TestNearDuplicatesFound(t *testing.T) {
	c := generate(t, Options{Seed: 1})
	b, err := dedup.NewBuilder(dedup.DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	root := map[string]string{}
	for _, k := range c.Contracts {
		if err := b.Add(k.ID, k.Text); err != nil {
			t.Fatal(err)
		}
		root[k.ID] = k.ID
		if k.DuplicateOf != "" {
			root[k.ID] = root[k.DuplicateOf]
		}
	}
	groups := b.Groups()
	planted := map[string]int{}
	for _, r := range root {
		planted[r]++
	}
	byGroup := map[string]string{} // group id → planted root of its first member
	variants := map[string]int{}
	for _, k := range c.Contracts {
		g := groups[k.ID]
		if first, ok := byGroup[g.ID]; ok && first != root[k.ID] {
			t.Errorf("%s (%s of %s) grouped with planted group %s", k.ID, k.Variant, k.DuplicateOf, first)
		}
		byGroup[g.ID] = root[k.ID]
		if g.Size != planted[root[k.ID]] {
			t.Errorf("%s (%s of %q, %s): group size %d, planted %d", k.ID, k.Variant, k.DuplicateOf, k.Category, g.Size, planted[root[k.ID]])
		}
		variants[k.Variant]++
	}
	t.Logf("%d contracts, %d planted groups; variants %v", len(c.Contracts), len(planted), variants)
}
