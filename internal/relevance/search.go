package relevance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/mappings"
)

// Searcher answers search bodies with the ids of their hits, in order.
type Searcher interface {
	// FormA returns up to n hit ids of a simplified query object (the
	// members of "query"), as the API's pages 1, 2, … would list them.
	FormA(ctx context.Context, query map[string]any, n int) ([]string, error)
	// FormB returns the hit ids of a structured request body.
	FormB(ctx context.Context, body []byte) ([]string, error)
}

// InProcess searches through the gateway's own parser and a backend, as the
// API does, without HTTP. A Form A query is parsed as the client sent it;
// only its window is widened to n (and highlighting, aggregations and the
// suggester, which do not change the order, are left out), which lists the
// same hits in the same order as the pages would.
type InProcess struct {
	Parser  *dsl.Parser
	Backend backend.Backend
}

// FormA implements Searcher.
func (s InProcess) FormA(ctx context.Context, query map[string]any, n int) ([]string, error) {
	return s.formA(ctx, query, n, nil)
}

// formA is FormA with edit applied to the expanded request first.
func (s InProcess) formA(ctx context.Context, query map[string]any, n int, edit func(*dsl.SearchRequest)) ([]string, error) {
	body, err := json.Marshal(map[string]any{"query": query})
	if err != nil {
		return nil, err
	}
	parsed, err := s.Parser.Parse(body)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", body, err)
	}
	if parsed.Form != dsl.FormA {
		return nil, fmt.Errorf("%s is not a simplified query", body)
	}
	sr := *parsed.Search
	from := 0
	sr.From, sr.Size = &from, &n
	sr.Highlight, sr.Suggest, sr.Aggs = nil, nil, nil
	sr.Source = &dsl.SourceFilter{Disabled: true}
	if edit != nil {
		edit(&sr)
	}
	return s.search(ctx, &sr)
}

// FormB implements Searcher.
func (s InProcess) FormB(ctx context.Context, body []byte) ([]string, error) {
	parsed, err := s.Parser.Parse(body)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", body, err)
	}
	return s.search(ctx, parsed.Search)
}

func (s InProcess) search(ctx context.Context, sr *dsl.SearchRequest) ([]string, error) {
	resp, err := s.Backend.Search(ctx, &backend.Request{Indexes: mappings.Names(), Search: sr})
	if err != nil {
		return nil, err
	}
	if resp.Shards.Failed > 0 || resp.TimedOut {
		return nil, fmt.Errorf("%d failed shards, timed out %v", resp.Shards.Failed, resp.TimedOut)
	}
	ids := make([]string, len(resp.Hits.Hits))
	for i, h := range resp.Hits.Hits {
		ids[i] = h.ID
	}
	return ids, nil
}

// HTTP searches a running gateway: URL is the search endpoint with its
// token ("http://localhost:8080/api/v1alpha/search?token=…"). Form A
// queries are read page by page, as a client would.
type HTTP struct {
	URL    string
	Client *http.Client
}

// FormA implements Searcher.
func (s HTTP) FormA(ctx context.Context, query map[string]any, n int) ([]string, error) {
	var ids []string
	for p := 1; len(ids) < n; p++ {
		q := make(map[string]any, len(query)+1)
		for k, v := range query {
			q[k] = v
		}
		q["p"] = p
		body, err := json.Marshal(map[string]any{"query": q})
		if err != nil {
			return nil, err
		}
		page, err := s.FormB(ctx, body)
		if err != nil {
			return nil, err
		}
		ids = append(ids, page...)
		if len(page) < dsl.FormAPageSize {
			break
		}
	}
	return ids[:min(n, len(ids))], nil
}

// FormB implements Searcher. A 429 is retried after its Retry-After, so a
// run through a rate-limited gateway is slower, not wrong.
func (s HTTP) FormB(ctx context.Context, body []byte) ([]string, error) {
	for attempt := 0; ; attempt++ {
		ids, retry, err := s.post(ctx, body)
		if retry <= 0 || attempt >= 20 {
			return ids, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(retry):
		}
	}
}

// post sends one request; retry is how long to wait before trying again
// when the gateway answered 429.
func (s HTTP) post(ctx context.Context, body []byte) (ids []string, retry time.Duration, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL, bytes.NewReader(body))
	if err != nil {
		return nil, 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	c := s.Client
	if c == nil {
		c = http.DefaultClient
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return nil, 0, err
	}
	if resp.StatusCode == http.StatusTooManyRequests {
		secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		return nil, time.Duration(max(secs, 1)) * time.Second, fmt.Errorf("%s: status 429 after retries", body)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, 0, fmt.Errorf("%s: status %d: %.300s", body, resp.StatusCode, raw)
	}
	var out struct {
		Shards struct{ Failed int } `json:"_shards"`
		Hits   struct {
			Hits []struct {
				ID string `json:"_id"`
			} `json:"hits"`
		} `json:"hits"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, 0, fmt.Errorf("%s: answer: %w", body, err)
	}
	if out.Shards.Failed > 0 {
		return nil, 0, fmt.Errorf("%s: %d failed shards", body, out.Shards.Failed)
	}
	ids = make([]string, len(out.Hits.Hits))
	for i, h := range out.Hits.Hits {
		ids[i] = h.ID
	}
	return ids, 0, nil
}
