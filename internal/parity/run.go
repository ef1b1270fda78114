package parity

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/mappings"
)

// oracleLine is one line of the oracle's query file.
type oracleLine struct {
	ID      string          `json:"id"`
	Kind    string          `json:"kind,omitempty"`
	Indexes []string        `json:"indexes"`
	Body    json.RawMessage `json:"body"`
}

// WriteOracleQueries parses every query with the gateway's parser and
// writes the oracle's query file: the DSL the API would forward (Form A
// expanded), over all six indexes as the API searches, without the
// members the oracle refuses (suggest). A body the parser rejects is left
// out and returned in rejected, with the reason.
func WriteOracleQueries(w io.Writer, p *dsl.Parser, queries []Query) (rejected map[string]string, err error) {
	rejected = map[string]string{}
	enc := json.NewEncoder(w)
	for _, q := range queries {
		parsed, err := p.Parse(q.Body)
		if err != nil {
			rejected[q.ID] = err.Error()
			continue
		}
		sr := *parsed.Search
		sr.Suggest = nil
		line := oracleLine{ID: q.ID, Kind: q.Kind, Body: sr.AppendJSON(nil, dsl.EncodeOptions{})}
		if err := enc.Encode(line); err != nil {
			return nil, fmt.Errorf("oracle queries: %w", err)
		}
	}
	return rejected, nil
}

// Run answers q through the gateway's parser and a backend, in the
// oracle's output shape.
func Run(ctx context.Context, p *dsl.Parser, b backend.Backend, q Query) (*Answer, error) {
	return run(ctx, p, b, q, false)
}

// RunExplain is Run with explain: true, each hit carrying its
// explanation as Lucene's text (the oracle's --explain).
func RunExplain(ctx context.Context, p *dsl.Parser, b backend.Backend, q Query) (*Answer, error) {
	return run(ctx, p, b, q, true)
}

func run(ctx context.Context, p *dsl.Parser, b backend.Backend, q Query, explain bool) (*Answer, error) {
	parsed, err := p.Parse(q.Body)
	if err != nil {
		return nil, fmt.Errorf("query %s: %w", q.ID, err)
	}
	// The oracle has no suggester, so neither side runs one: suggestions
	// are compared with Lucene by internal/engine/suggest's golden tests.
	// (A suggester changes hits too: OpenSearch fails the indexes that
	// lack its field.)
	sr := *parsed.Search
	sr.Suggest = nil
	sr.Explain = sr.Explain || explain
	resp, err := b.Search(ctx, &backend.Request{Indexes: mappings.Names(), Search: &sr})
	a := &Answer{ID: q.ID}
	if err != nil {
		ae, ok := apierr.As(err)
		if !ok {
			return nil, fmt.Errorf("query %s: %w", q.ID, err)
		}
		a.Error, a.Status = ae.Reason, ae.Status
		return a, nil
	}
	a.Shards = &Shards{Total: resp.Shards.Total, Successful: resp.Shards.Successful, Failed: resp.Shards.Failed}
	for _, raw := range resp.Shards.Failures {
		var f struct {
			Index  string `json:"index"`
			Reason struct {
				Reason string `json:"reason"`
			} `json:"reason"`
		}
		if err := json.Unmarshal(raw, &f); err != nil {
			return nil, fmt.Errorf("query %s: shard failure %s: %w", q.ID, raw, err)
		}
		a.Failures = append(a.Failures, Failure{Index: f.Index, Reason: f.Reason.Reason})
	}
	slices.SortFunc(a.Failures, func(x, y Failure) int {
		if x.Index < y.Index {
			return -1
		}
		if x.Index > y.Index {
			return 1
		}
		return 0
	})
	if t := resp.Hits.Total; t != nil {
		a.Total = &Total{Value: t.Value, Relation: t.Relation}
	}
	if resp.Hits.MaxScore != nil {
		ms := float64(*resp.Hits.MaxScore)
		a.MaxScore = &ms
	}
	for _, h := range resp.Hits.Hits {
		ch := convertHit(h)
		if len(h.Explanation) > 0 {
			if ch.Explanation, err = ExplanationText(h.Explanation); err != nil {
				return nil, fmt.Errorf("query %s: hit %s: _explanation: %w", q.ID, h.ID, err)
			}
		}
		a.Hits = append(a.Hits, ch)
	}
	if len(resp.Aggregations) > 0 {
		aggs := map[string]backend.TermsAggregation{}
		for _, na := range resp.Aggregations {
			aggs[na.Name] = na.TermsAggregation
		}
		if a.Aggs, err = json.Marshal(aggs); err != nil {
			return nil, err
		}
	}
	return a, nil
}

func convertHit(h backend.Hit) Hit {
	out := Hit{Index: h.Index, ID: h.ID}
	if h.Score != nil {
		s := float64(*h.Score)
		out.Score = &s
	}
	if h.Nested != nil {
		out.Nested = &Nested{Field: h.Nested.Field, Offset: h.Nested.Offset}
	}
	for name, ih := range h.InnerHits {
		if out.InnerHits == nil {
			out.InnerHits = map[string]InnerHits{}
		}
		var r InnerHits
		if t := ih.Hits.Total; t != nil {
			r.Hits.Total = &Total{Value: t.Value, Relation: t.Relation}
		}
		if ih.Hits.MaxScore != nil {
			ms := float64(*ih.Hits.MaxScore)
			r.Hits.MaxScore = &ms
		}
		for _, c := range ih.Hits.Hits {
			r.Hits.Hits = append(r.Hits.Hits, convertHit(c))
		}
		out.InnerHits[name] = r
	}
	return out
}
