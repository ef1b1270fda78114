package embedded

import (
	"context"
	"errors"
	"fmt"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/mappings"
)

var _ backend.Backend = (*Backend)(nil)

// Document returns the stored _source of the record with _id id in the
// logical index, as OpenSearch's GET /<index>/_doc/<id> does. The lookup is
// a search for the _id term, so it sees exactly the records a search sees
// (the last indexed of an _id, none that was deleted).
func (b *Backend) Document(ctx context.Context, index, id string) (*backend.Document, error) {
	if !mappings.IsIndex(index) {
		return nil, fmt.Errorf("embedded: document: %w: no index [%s]", backend.ErrNotFound, index)
	}
	snap := b.live.Acquire()
	if snap == nil {
		return nil, apierr.Unavailable(errors.New("embedded: no generation is open"))
	}
	defer snap.Release()
	res, err := snap.Value.searcher.Search(ctx, search.Request{
		Targets: []search.Target{{Index: index, Query: &search.TermSetQuery{Field: segment.IDField, Terms: []string{id}, Boost: 1}}},
		Size:    1,
	})
	if err != nil {
		return nil, fmt.Errorf("embedded: document %s/%s: %w", index, id, err)
	}
	if len(res.Hits) == 0 {
		return nil, fmt.Errorf("embedded: document %s/%s: %w", index, id, backend.ErrNotFound)
	}
	h := res.Hits[0]
	seg := snap.Value.indexes[h.Index].Segments[h.Segment]
	src, err := seg.Store.CachedCursor(snap.Value.sources).Get(h.Doc)
	if err != nil {
		return nil, fmt.Errorf("embedded: document %s/%s: _source: %w", index, id, err)
	}
	// Copied out of the decompressed block, which holds many records,
	// so that the answer does not keep the whole block alive.
	return &backend.Document{Index: h.Index, ID: h.ID, Source: append([]byte(nil), src...)}, nil
}
