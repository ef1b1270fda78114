package embedded

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/indexer"
	"github.com/contractsearch/contractsearch/mappings"
)

// documentBulk holds a contract indexed twice (the second wins), one
// deleted, and a clause whose _id has the characters a group id has.
const documentBulk = `{"index":{"_index":"contract","_id":"en/c1"}}
{"name":"Old Supply Agreement","body":"old"}
{"index":{"_index":"contract","_id":"en/c2"}}
{"name":"License Agreement","body":"The licensee shall pay.","sections":[{"type":"clause","name":"Payment","span":{"start":0,"end":23}}]}
{"index":{"_index":"contract","_id":"en/c1"}}
{"name":"Supply Agreement","body":"new"}
{"index":{"_index":"contract","_id":"en/c3"}}
{"name":"Gone","body":"x"}
{"delete":{"_index":"contract","_id":"en/c3"}}
{"index":{"_index":"clause","_id":"en/governing-law#1"}}
{"name":"Governing Law","type":"clause"}
`

func TestDocument(t *testing.T) {
	dir := t.TempDir()
	d, err := generation.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := indexer.Build(context.Background(), d, strings.NewReader(documentBulk), indexer.Options{}); err != nil {
		t.Fatal(err)
	}
	set, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Open(dir, set, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for _, tc := range []struct {
		index, id, want string
	}{
		{"contract", "en/c1", `{"name":"Supply Agreement","body":"new"}`},
		{"contract", "en/c2", `{"name":"License Agreement","body":"The licensee shall pay.","sections":[{"type":"clause","name":"Payment","span":{"start":0,"end":23}}]}`},
		{"clause", "en/governing-law#1", `{"name":"Governing Law","type":"clause"}`},
		{"contract", "en/c3", ""},              // deleted
		{"contract", "en/governing-law#1", ""}, // in another index
		{"contract", "c1", ""},                 // ids are exact
		{"company", "en/c1", ""},               // an empty index
		{"secrets", "en/c1", ""},               // not an index
	} {
		doc, err := b.Document(context.Background(), tc.index, tc.id)
		if tc.want == "" {
			if !errors.Is(err, backend.ErrNotFound) {
				t.Errorf("%s/%s: got %v, %v; want ErrNotFound", tc.index, tc.id, doc, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s/%s: %v", tc.index, tc.id, err)
		}
		if doc.Index != tc.index || doc.ID != tc.id || string(doc.Source) != tc.want {
			t.Errorf("%s/%s: got %s %s %s", tc.index, tc.id, doc.Index, doc.ID, doc.Source)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := b.Document(ctx, "contract", "en/c1"); err == nil || errors.Is(err, backend.ErrNotFound) {
		t.Errorf("cancelled context: %v", err)
	}
}
