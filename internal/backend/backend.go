// Package backend owns the contract between the gateway and a search
// backend: the Backend interface, the request a backend receives (a
// validated DSL request over logical indexes) and the response model it
// returns (hits, aggregations, suggestions with logical index names).
// Implementations live in subpackages: opensearch (a cluster) and, with the
// engine, embedded.
package backend

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/contractsearch/contractsearch/internal/dsl"
)

// Backend executes validated searches. Implementations must be safe for
// concurrent use, honour ctx cancellation and the request's timeout, and
// report logical index names ("contract", not a versioned concrete name).
//
// Errors are *apierr.Error values when they carry a status for the client
// (a backend's own 4xx, 503 when unreachable); any other error becomes a 500
// whose cause is logged, not sent.
type Backend interface {
	// Search runs one search.
	Search(ctx context.Context, req *Request) (*Response, error)
	// Document returns the record whose _id is id in the logical index,
	// with its whole _source; an error wrapping ErrNotFound when there is
	// none.
	Document(ctx context.Context, index, id string) (*Document, error)
	// Ready reports whether the backend can serve searches now.
	Ready(ctx context.Context) error
	// Close releases the backend's resources.
	Close() error
}

// IndexStatusReporter is implemented by backends serving index generations
// from disk (the embedded engine), whose state /readyz reports.
type IndexStatusReporter interface {
	IndexStatus() IndexStatus
}

// IndexStatus is the state of a backend's local index: the generation
// served and the ones found damaged. It holds no path and no system error
// text, being shown to unauthenticated callers.
type IndexStatus struct {
	// Generation is the served generation, 0 for none.
	Generation uint64 `json:"generation"`
	// Verification is "verifying" (searches wait for the checksums),
	// "verified" or "damaged" (searches answer 503).
	Verification string `json:"verification"`
	// Damage is the served generation's, when damaged.
	Damage *GenerationDamage `json:"damage,omitempty"`
	// BadGenerations are the other generations found damaged and not
	// served, newest first.
	BadGenerations []GenerationDamage `json:"bad_generations,omitempty"`
}

// GenerationDamage says what is wrong with a generation.
type GenerationDamage struct {
	Generation uint64 `json:"generation"`
	// File is the file at fault, when known.
	File string `json:"file,omitempty"`
	// Reason is one of "missing", "truncated", "corrupt", "unsupported
	// version", "replaced", "unreadable".
	Reason string `json:"reason"`
}

// Request is one validated search over logical indexes.
type Request struct {
	// Indexes are the logical indexes to search, in byte order.
	Indexes []string
	// Search is the validated DSL request. Backends must not modify it.
	Search *dsl.SearchRequest
	// MaxResponseBytes, when positive, is the size the response may not
	// exceed (MAX_RESPONSE_BYTES): a backend may stop rendering hits once
	// they alone exceed it and return apierr.ResponseTooLarge; the API
	// checks the encoded response in any case.
	MaxResponseBytes int64
}

// Response is a backend's answer, with logical index names.
type Response struct {
	Took     int64
	TimedOut bool
	Shards   Shards
	Hits     Hits
	// Aggregations are in request order.
	Aggregations []NamedAggregation
	// Suggest is the suggest member as the backend produced it, or nil.
	Suggest json.RawMessage
	// Profile is the profile member as the backend produced it, or nil.
	Profile json.RawMessage
}

// Shards is the _shards member.
type Shards struct {
	Total      int               `json:"total"`
	Successful int               `json:"successful"`
	Skipped    int               `json:"skipped"`
	Failed     int               `json:"failed"`
	Failures   []json.RawMessage `json:"failures,omitempty"`
}

// Total is hits.total.
type Total struct {
	Value    int64  `json:"value"`
	Relation string `json:"relation"`
}

// Hits is the hits member; MaxScore is nil when there is no hit (JSON null).
type Hits struct {
	Total    *Total   `json:"total,omitempty"`
	MaxScore *float32 `json:"max_score"`
	Hits     []Hit    `json:"hits"`
}

// Nested is the _nested member of an inner hit.
type Nested struct {
	Field  string `json:"field"`
	Offset int    `json:"offset"`
}

// Hit is one hit (or inner hit). Scores are 32-bit floats as in Lucene, so
// they print with the same digits OpenSearch prints.
type Hit struct {
	Index string `json:"_index"`
	// Type is "_doc" in structured-query responses (the spec's hit table)
	// and empty, hence absent, in simplified-query responses.
	Type        string               `json:"_type,omitempty"`
	ID          string               `json:"_id"`
	Nested      *Nested              `json:"_nested,omitempty"`
	Score       *float32             `json:"_score"`
	Source      json.RawMessage      `json:"_source,omitempty"`
	Highlight   json.RawMessage      `json:"highlight,omitempty"`
	Explanation json.RawMessage      `json:"_explanation,omitempty"`
	InnerHits   map[string]InnerHits `json:"inner_hits,omitempty"`
}

// RawBytes is a lower bound of the hit's size in a response: the JSON it
// carries (its _source, highlight and explanation, its inner hits'
// included), without the members around it.
func (h *Hit) RawBytes() int64 {
	n := int64(len(h.Source) + len(h.Highlight) + len(h.Explanation))
	for _, ih := range h.InnerHits {
		for i := range ih.Hits.Hits {
			n += ih.Hits.Hits[i].RawBytes()
		}
	}
	return n
}

// InnerHits is one named inner_hits result of a hit.
type InnerHits struct {
	Hits Hits `json:"hits"`
}

// NamedAggregation is one terms aggregation result.
type NamedAggregation struct {
	Name string
	TermsAggregation
}

// TermsAggregation is the body of a terms aggregation result.
type TermsAggregation struct {
	DocCountErrorUpperBound int64    `json:"doc_count_error_upper_bound"`
	SumOtherDocCount        int64    `json:"sum_other_doc_count"`
	Buckets                 []Bucket `json:"buckets"`
}

// Bucket is one key of a terms aggregation.
type Bucket struct {
	Key      string `json:"key"`
	DocCount int64  `json:"doc_count"`
}

// ErrNotFound is wrapped by Document's error when the index holds no
// record with the id.
var ErrNotFound = errors.New("no such document")

// Document is one record fetched by id, with the logical index name.
type Document struct {
	Index  string
	ID     string
	Source json.RawMessage
}
