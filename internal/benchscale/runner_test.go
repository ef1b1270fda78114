package benchscale

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/contractsearch/contractsearch/internal/backend/embedded"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/indexer"
	"github.com/contractsearch/contractsearch/mappings"
)

// TestTimeEngineOnTinyCorpus runs the engine's side of the benchmark on
// tiny.ndjson replicated three times: every query of the set is answered
// in both measures and gets a timing (no Java needed).
func TestTimeEngineOnTinyCorpus(t *testing.T) {
	in, err := os.ReadFile(filepath.Join("testdata", "tiny.ndjson"))
	if err != nil {
		t.Fatal(err)
	}
	bulk, _ := replicateBytes(t, in, 3)
	dir := t.TempDir()
	d, err := generation.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := indexer.Build(ctx, d, bytes.NewReader(bulk), indexer.Options{}); err != nil {
		t.Fatal(err)
	}
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	b, err := embedded.Open(dir, m, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	p, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), m)
	if err != nil {
		t.Fatal(err)
	}
	qs, err := Queries()
	if err != nil {
		t.Fatal(err)
	}
	eqs, err := PrepareEngine(p, qs)
	if err != nil {
		t.Fatal(err)
	}
	got, err := TimeEngine(ctx, b, eqs, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		if tm, ok := got[q.ID]; !ok || tm.Query <= 0 || tm.Total <= 0 {
			t.Errorf("%s: timing %+v", q.ID, tm)
		}
	}
}
