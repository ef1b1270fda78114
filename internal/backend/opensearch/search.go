package opensearch

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/opensearch-project/opensearch-go/v4"
	"github.com/opensearch-project/opensearch-go/v4/opensearchapi"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/mappings"
)

// errSearchDeadline is the cause of the context deadline Search derives from
// the request's timeout, to tell it apart from the caller's own deadline.
var errSearchDeadline = errors.New("search timeout plus grace elapsed before the cluster answered")

// Search runs req on the cluster: one POST /<alias>,…/_search whose body is
// the request's DSL with _index terms rewritten to aliases.
//
// The call is bounded by req.Search.Timeout plus the configured grace.
// OpenSearch enforces the timeout itself and answers timed_out: true with
// the hits it has; the grace lets that answer arrive. If the deadline still
// passes, the cluster is stuck or unreachable within the budget and the
// answer is 504 timeout_exception — 504 rather than 503 because the
// gateway did reach for an upstream that failed to answer in time, which
// is what 504 says, while 503 stays the "cannot reach it at all, retry
// later" signal. A deadline of ctx itself is answered 504 the same way (the
// budget is spent either way); cancellation of ctx stops the call and is
// returned as a wrapped context.Canceled, not an API error.
func (b *Backend) Search(ctx context.Context, req *backend.Request) (*backend.Response, error) {
	if req == nil || req.Search == nil {
		return nil, errors.New("opensearch: search: nil request")
	}
	aliases, err := b.searchAliases(req.Indexes)
	if err != nil {
		return nil, err
	}
	body := req.Search.AppendJSON(nil, dsl.EncodeOptions{IndexName: b.aliasName})

	timeout := req.Search.Timeout
	if timeout <= 0 {
		timeout = defaultSearchTimeout
	}
	ctx, cancel := context.WithTimeoutCause(ctx, timeout+b.grace, errSearchDeadline)
	defer cancel()

	r, err := b.call(ctx, "search", http.MethodPost, func() opensearch.Request {
		return opensearchapi.SearchReq{Indices: aliases, Body: bytes.NewReader(body)}
	})
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return nil, &apierr.Error{
				Status: http.StatusGatewayTimeout,
				Type:   apierr.TypeTimeout,
				Reason: fmt.Sprintf("the search backend did not answer within the request timeout of %s", dsl.FormatTimeout(timeout)),
				Cause:  err,
			}
		}
		return nil, err
	}
	if r.status >= 400 {
		return nil, statusError(r)
	}
	resp, err := b.decodeSearch(r.body, req.Search)
	if err != nil {
		return nil, fmt.Errorf("opensearch: search: decode response: %w", err)
	}
	return resp, nil
}

// searchAliases returns the aliases of the requested logical indexes. An
// empty list means all six: never "/_search", which would search every
// index of the cluster.
func (b *Backend) searchAliases(indexes []string) ([]string, error) {
	if len(indexes) == 0 {
		indexes = mappings.Names()
	}
	out := make([]string, len(indexes))
	for i, name := range indexes {
		if !mappings.IsIndex(name) {
			return nil, apierr.New(http.StatusNotFound, "index_not_found_exception", "no such index [%s]", name)
		}
		out[i] = b.AliasName(name)
	}
	return out, nil
}

// Ready checks with one request that the cluster answers and that all six
// aliases exist: GET /_alias/<alias>,… answers 200 only when every
// explicitly named alias exists (404 "aliases […] missing" otherwise; see
// RestGetAliasesAction.buildRestResponse).
func (b *Backend) Ready(ctx context.Context) error {
	names := b.aliasNames()
	r, err := b.call(ctx, "ready", http.MethodGet, func() opensearch.Request {
		return opensearchapi.AliasGetReq{Alias: names}
	})
	if err != nil {
		if _, ok := apierr.As(err); ok {
			return err
		}
		return apierr.Unavailable(err)
	}
	if r.status != http.StatusOK {
		return apierr.Unavailable(failure("ready: aliases "+strings.Join(names, ","), r))
	}
	return nil
}

// aliasNames lists the six aliases in logical-name order.
func (b *Backend) aliasNames() []string {
	names := make([]string, 0, len(mappings.Names()))
	for _, n := range mappings.Names() {
		names = append(names, b.AliasName(n))
	}
	return names
}

// searchResponse is the part of OpenSearch's search response the backend
// model keeps; members not listed are ignored.
type searchResponse struct {
	Took         int64                      `json:"took"`
	TimedOut     bool                       `json:"timed_out"`
	Shards       backend.Shards             `json:"_shards"`
	Hits         backend.Hits               `json:"hits"`
	Aggregations map[string]json.RawMessage `json:"aggregations"`
	Suggest      json.RawMessage            `json:"suggest"`
	Profile      json.RawMessage            `json:"profile"`
}

type termsAggResponse struct {
	DocCountErrorUpperBound int64 `json:"doc_count_error_upper_bound"`
	SumOtherDocCount        int64 `json:"sum_other_doc_count"`
	Buckets                 []struct {
		Key         json.RawMessage `json:"key"`
		KeyAsString *string         `json:"key_as_string"`
		DocCount    int64           `json:"doc_count"`
	} `json:"buckets"`
}

// decodeSearch decodes a search response and maps concrete index names
// back to logical ones. Scores decode straight into float32, so the digits
// OpenSearch printed (shortest float32 form) round-trip unchanged.
func (b *Backend) decodeSearch(body []byte, req *dsl.SearchRequest) (*backend.Response, error) {
	var sr searchResponse
	if err := json.Unmarshal(body, &sr); err != nil {
		return nil, err
	}
	resp := &backend.Response{
		Took:     sr.Took,
		TimedOut: sr.TimedOut,
		Shards:   sr.Shards,
		Hits:     sr.Hits,
		Suggest:  nonNull(sr.Suggest),
		Profile:  nonNull(sr.Profile),
	}
	b.mapHits(&resp.Hits)
	for i, f := range resp.Shards.Failures {
		resp.Shards.Failures[i] = b.mapFailure(f)
	}
	for _, a := range req.Aggs {
		raw, ok := sr.Aggregations[a.Name]
		if !ok {
			continue
		}
		var tr termsAggResponse
		if err := json.Unmarshal(raw, &tr); err != nil {
			return nil, fmt.Errorf("aggregation %q: %w", a.Name, err)
		}
		agg := backend.NamedAggregation{Name: a.Name, TermsAggregation: backend.TermsAggregation{
			DocCountErrorUpperBound: tr.DocCountErrorUpperBound,
			SumOtherDocCount:        tr.SumOtherDocCount,
			Buckets:                 make([]backend.Bucket, 0, len(tr.Buckets)),
		}}
		for _, bk := range tr.Buckets {
			key, err := bucketKey(bk.Key, bk.KeyAsString)
			if err != nil {
				return nil, fmt.Errorf("aggregation %q: %w", a.Name, err)
			}
			agg.Buckets = append(agg.Buckets, backend.Bucket{Key: key, DocCount: bk.DocCount})
		}
		if a.Field == "_index" {
			agg.Buckets = b.mapIndexBuckets(agg.Buckets)
		}
		resp.Aggregations = append(resp.Aggregations, agg)
	}
	return resp, nil
}

// mapHits maps _index in hits and, recursively, inner hits.
func (b *Backend) mapHits(h *backend.Hits) {
	if h.Hits == nil {
		h.Hits = []backend.Hit{}
	}
	for i := range h.Hits {
		hit := &h.Hits[i]
		hit.Index = b.logicalName(hit.Index)
		for name, ih := range hit.InnerHits {
			b.mapHits(&ih.Hits)
			hit.InnerHits[name] = ih
		}
	}
}

// mapFailure maps the index name of a shard failure
// ({"shard":0,"index":…,"node":…,"reason":{…}}), so a partial answer names
// logical indexes too. The name is replaced in place, which keeps
// OpenSearch's member order.
func (b *Backend) mapFailure(raw json.RawMessage) json.RawMessage {
	var f struct {
		Index string `json:"index"`
	}
	if json.Unmarshal(raw, &f) != nil || f.Index == "" {
		return raw
	}
	logical := b.logicalName(f.Index)
	if logical == f.Index {
		return raw
	}
	from, _ := json.Marshal(f.Index)
	to, _ := json.Marshal(logical)
	return bytes.Replace(raw, append([]byte(`"index":`), from...), append([]byte(`"index":`), to...), 1)
}

// mapIndexBuckets maps the keys of a terms aggregation on _index. Were two
// concrete indexes of one logical index ever behind one alias (SwitchAliases
// never leaves it so), their buckets are merged and the list re-sorted in
// OpenSearch's order, count descending then key ascending.
func (b *Backend) mapIndexBuckets(in []backend.Bucket) []backend.Bucket {
	out := in[:0]
	pos := make(map[string]int, len(in))
	merged := false
	for _, bk := range in {
		bk.Key = b.logicalName(bk.Key)
		if i, ok := pos[bk.Key]; ok {
			out[i].DocCount += bk.DocCount
			merged = true
			continue
		}
		pos[bk.Key] = len(out)
		out = append(out, bk)
	}
	if merged {
		sort.SliceStable(out, func(i, j int) bool {
			if out[i].DocCount != out[j].DocCount {
				return out[i].DocCount > out[j].DocCount
			}
			return out[i].Key < out[j].Key
		})
	}
	return out
}

// bucketKey renders a bucket key as a string: key_as_string when present
// (dates), the string itself, or a number's literal.
func bucketKey(key json.RawMessage, asString *string) (string, error) {
	if asString != nil {
		return *asString, nil
	}
	if len(key) > 0 && key[0] == '"' {
		var s string
		if err := json.Unmarshal(key, &s); err != nil {
			return "", err
		}
		return s, nil
	}
	return string(key), nil
}

// nonNull returns raw, or nil when it is absent or JSON null.
func nonNull(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	return raw
}
