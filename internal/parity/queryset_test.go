package parity

import (
	"bytes"
	"testing"

	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/mappings"
)

// TestQuerySet checks the set is large, its ids unique, and that the
// gateway's parser accepts every body (a rejected body would silently
// shrink the comparison).
func TestQuerySet(t *testing.T) {
	qs := QuerySet()
	if len(qs) < 300 {
		t.Errorf("%d queries, want at least 300", len(qs))
	}
	seen := map[string]bool{}
	kinds := map[string]int{}
	for _, q := range qs {
		if seen[q.ID] {
			t.Errorf("duplicate id %s", q.ID)
		}
		seen[q.ID] = true
		kinds[q.Kind]++
	}
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	p, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), m)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	rejected, err := WriteOracleQueries(&buf, p, qs)
	if err != nil {
		t.Fatal(err)
	}
	for id, why := range rejected {
		t.Errorf("query %s rejected: %s", id, why)
	}
	if n := bytes.Count(buf.Bytes(), []byte("\n")); n != len(qs) {
		t.Errorf("%d oracle lines for %d queries", n, len(qs))
	}
	t.Logf("%d queries: %v", len(qs), kinds)
}
