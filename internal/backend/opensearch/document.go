package opensearch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/opensearch-project/opensearch-go/v4"
	"github.com/opensearch-project/opensearch-go/v4/opensearchapi"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/mappings"
)

// errDocumentDeadline is the cause of the deadline Document sets.
var errDocumentDeadline = errors.New("document lookup: timeout plus grace elapsed before the cluster answered")

// getResponse is the part of OpenSearch's GET /<index>/_doc/<id> answer
// the backend keeps.
type getResponse struct {
	Index  string          `json:"_index"`
	ID     string          `json:"_id"`
	Found  bool            `json:"found"`
	Source json.RawMessage `json:"_source"`
}

// Document fetches one record with GET /<alias>/_doc/<id> (the id is
// percent-encoded by the client, so "en/…" and group ids with '#' are one
// path segment) and maps the concrete index name back to the logical one.
// A 404 with found: false is backend.ErrNotFound; any other answer >= 400
// — a missing alias, an alias over two indexes — is passed through as a
// search error is. The call is bounded as a search with the default
// timeout is, and answered 504 the same way.
func (b *Backend) Document(ctx context.Context, index, id string) (*backend.Document, error) {
	if !mappings.IsIndex(index) {
		return nil, fmt.Errorf("opensearch: document: %w: no index [%s]", backend.ErrNotFound, index)
	}
	ctx, cancel := context.WithTimeoutCause(ctx, defaultSearchTimeout+b.grace, errDocumentDeadline)
	defer cancel()
	r, err := b.call(ctx, "document", http.MethodGet, func() opensearch.Request {
		return opensearchapi.DocumentGetReq{Index: b.AliasName(index), DocumentID: id}
	})
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return nil, &apierr.Error{Status: http.StatusGatewayTimeout, Type: apierr.TypeTimeout,
				Reason: "the search backend did not answer the document lookup in time", Cause: err}
		}
		return nil, err
	}
	var gr getResponse
	if r.status == http.StatusNotFound && json.Unmarshal(r.body, &gr) == nil && !gr.Found && gr.ID != "" {
		return nil, fmt.Errorf("opensearch: document %s/%s: %w", index, id, backend.ErrNotFound)
	}
	if r.status >= 400 {
		return nil, statusError(r)
	}
	if err := json.Unmarshal(r.body, &gr); err != nil {
		return nil, fmt.Errorf("opensearch: document %s/%s: decode response: %w", index, id, err)
	}
	if !gr.Found {
		return nil, fmt.Errorf("opensearch: document %s/%s: %w", index, id, backend.ErrNotFound)
	}
	if len(gr.Source) == 0 {
		return nil, fmt.Errorf("opensearch: document %s/%s: the answer has no _source", index, id)
	}
	return &backend.Document{Index: b.logicalName(gr.Index), ID: gr.ID, Source: gr.Source}, nil
}
