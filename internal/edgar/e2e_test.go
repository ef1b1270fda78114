package edgar

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/backend/embedded"
	"github.com/contractsearch/contractsearch/internal/contract/source"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/indexer"
	"github.com/contractsearch/contractsearch/internal/ingest"
	"github.com/contractsearch/contractsearch/mappings"
)

// TestFetchIngestSearch runs the whole way a user does: exhibits fetched
// from the fake EDGAR, ingested with their manifest as cmd/ingest does,
// indexed by the embedded engine and searched with Form A; the hits carry
// the filer as company (named as the contract's text writes it, with the
// manifest's CIK as its value), industry
// (from the SIC code), form type and filing date.
func TestFetchIngestSearch(t *testing.T) {
	fe := newFakeEDGAR(t, sampleFilings())
	out := t.TempDir()
	if _, err := Run(context.Background(), testConfig(fe, out)); err != nil {
		t.Fatal(err)
	}

	ctx := context.Background()
	manifest := filepath.Join(out, ManifestName)
	m, err := source.LoadManifest(manifest, source.ManifestColumns{})
	if err != nil {
		t.Fatal(err)
	}
	corpus, err := ingest.Build(ctx, out, ingest.Options{Manifest: m, ManifestPath: manifest, OnlyListed: true, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if s := corpus.Summary; s.Contracts != 5 || len(s.Skipped) != 0 {
		t.Fatalf("ingest: %d contracts, skipped %v", s.Contracts, s.Skipped)
	}
	var bulk bytes.Buffer
	if err := corpus.WriteBulk(ctx, &bulk, nil); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	d, err := generation.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := indexer.Build(ctx, d, &bulk, indexer.Options{}); err != nil {
		t.Fatal(err)
	}
	set, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	be, err := embedded.Open(dir, set, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { be.Close() })
	parser, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), set)
	if err != nil {
		t.Fatal(err)
	}
	search := func(body string) []backend.Hit {
		t.Helper()
		parsed, err := parser.Parse([]byte(body))
		if err != nil {
			t.Fatal(err)
		}
		resp, err := be.Search(ctx, &backend.Request{Indexes: mappings.Names(), Search: parsed.Search})
		if err != nil {
			t.Fatal(err)
		}
		return resp.Hits.Hits
	}
	// The company filter takes the CIK the manifest gave.
	if hits := search(`{"query":{"q":"","_index":"contract","company":{"1000001":""}}}`); len(hits) != 2 {
		t.Errorf("company 1000001: %d hits, want its two exhibits", len(hits))
	}
	hits := search(`{"query":{"q":"\"supply agreement\" widgets","_index":"contract"}}`)
	if len(hits) == 0 {
		t.Fatal("no hit")
	}
	var src struct {
		Name       string
		Company    struct{ Name, Value string }
		Industry   struct{ Name string }
		FilingDate string `json:"filing_date"`
		URL        string
	}
	if err := json.Unmarshal(hits[0].Source, &src); err != nil {
		t.Fatal(err)
	}
	if src.Name != "SUPPLY AGREEMENT" || src.Company.Name != "Acme Widgets Inc." || src.Company.Value != "1000001" ||
		src.Industry.Name == "" || src.FilingDate != "2023-02-15" || src.URL != fe.srv.URL+"/Archives/edgar/data/1000001/000100000123000010/ex10-1.htm" {
		t.Errorf("hit %+v", src)
	}
}
