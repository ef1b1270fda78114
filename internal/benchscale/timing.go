package benchscale

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/parity"
	"github.com/contractsearch/contractsearch/mappings"
)

// Timing is one query's two measures, in microseconds.
type Timing struct {
	// Query is the query phase: query construction, search, collection,
	// aggregations.
	Query float64
	// Total is the query phase plus the fetch: whole _source of each hit
	// and of each inner hit, and the inner hits themselves.
	Total float64
}

// EngineQuery is one query of the set as the engine runs it in each of
// the two measures.
type EngineQuery struct {
	ID, Kind string
	// phase is the request without what OpenSearch's fetch phase does:
	// _source off, inner hits and highlights removed.
	phase *dsl.SearchRequest
	// full is the request with whole _source on hits and inner hits, as
	// the oracle's --source returns; highlights removed (the oracle has
	// none).
	full *dsl.SearchRequest
}

// PrepareEngine parses each query with the gateway's parser (Form A
// expanded) into its two engine requests.
func PrepareEngine(p *dsl.Parser, qs []parity.Query) ([]EngineQuery, error) {
	out := make([]EngineQuery, 0, len(qs))
	for _, q := range qs {
		var reqs [2]*dsl.SearchRequest
		for i := range reqs {
			// Parsed twice: each variant owns its query tree.
			parsed, err := p.Parse(q.Body)
			if err != nil {
				return nil, fmt.Errorf("query %s: %w", q.ID, err)
			}
			sr := parsed.Search
			sr.Suggest = nil // the oracle has no suggester
			sr.Highlight = nil
			sr.Source = nil
			if i == 0 {
				sr.Source = &dsl.SourceFilter{Disabled: true}
			}
			fetchOnly(sr.Query, i == 0)
			fetchOnly(sr.PostFilter, i == 0)
			reqs[i] = sr
		}
		out = append(out, EngineQuery{ID: q.ID, Kind: q.Kind, phase: reqs[0], full: reqs[1]})
	}
	return out, nil
}

// fetchOnly edits the nested clauses' inner hits under q: removed when
// drop is set, else with whole _source and no highlight.
func fetchOnly(q dsl.Query, drop bool) {
	switch q := q.(type) {
	case *dsl.BoolQuery:
		for _, list := range [][]dsl.Query{q.Must, q.Should, q.Filter, q.MustNot} {
			for _, c := range list {
				fetchOnly(c, drop)
			}
		}
	case *dsl.NestedQuery:
		if q.InnerHits != nil {
			if drop {
				q.InnerHits = nil
			} else {
				q.InnerHits.Source = nil
				q.InnerHits.Highlight = nil
			}
		}
		fetchOnly(q.Query, drop)
	}
}

// TimeEngine answers every query with b: warmup passes over the whole set,
// then, query by query, repeat runs of its query-phase request and repeat
// runs of its full request, and returns each query's medians by id.
func TimeEngine(ctx context.Context, b backend.Backend, qs []EngineQuery, warmup, repeat int) (map[string]Timing, error) {
	search := func(sr *dsl.SearchRequest) (time.Duration, error) {
		start := time.Now()
		_, err := b.Search(ctx, &backend.Request{Indexes: mappings.Names(), Search: sr})
		return time.Since(start), err
	}
	for range warmup {
		for _, q := range qs {
			for _, sr := range []*dsl.SearchRequest{q.phase, q.full} {
				if _, err := search(sr); err != nil {
					return nil, fmt.Errorf("query %s: %w", q.ID, err)
				}
			}
		}
	}
	out := make(map[string]Timing, len(qs))
	for _, q := range qs {
		var t [2][]float64
		for i, sr := range []*dsl.SearchRequest{q.phase, q.full} {
			// Each block starts with no garbage left by the one before
			// (a fetch's decoded sources), so its collections are its own.
			runtime.GC()
			for range repeat {
				d, err := search(sr)
				if err != nil {
					return nil, fmt.Errorf("query %s: %w", q.ID, err)
				}
				t[i] = append(t[i], micros(d))
			}
		}
		out[q.ID] = Timing{Query: Median(t[0]), Total: Median(t[1])}
	}
	return out, nil
}

func micros(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }

// ReadOracleTimings reads the oracle's query output (one JSON line per
// query with timing.median_us and timing.fetch_median_us): the query phase
// is median_us, query + fetch the sum of both medians.
func ReadOracleTimings(r io.Reader) (map[string]Timing, error) {
	out := map[string]Timing{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<28)
	for n := 1; sc.Scan(); n++ {
		var line struct {
			ID     string `json:"id"`
			Error  string `json:"error"`
			Timing *struct {
				Median      float64 `json:"median_us"`
				FetchMedian float64 `json:"fetch_median_us"`
			} `json:"timing"`
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			return nil, fmt.Errorf("oracle output line %d: %w", n, err)
		}
		if line.Error != "" {
			return nil, fmt.Errorf("oracle: query %s: %s", line.ID, line.Error)
		}
		if line.Timing == nil {
			return nil, fmt.Errorf("oracle output line %d (%s): no timing", n, line.ID)
		}
		out[line.ID] = Timing{Query: line.Timing.Median, Total: line.Timing.Median + line.Timing.FetchMedian}
	}
	return out, sc.Err()
}

// Median is the middle value of xs (the mean of the two middle ones for an
// even count), 0 for none. xs is not changed.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// KindRow is one kind's line of the side-by-side table.
type KindRow struct {
	Kind    string
	Queries int
	// Engine and Lucene are the medians over the kind's queries of each
	// query's median over the rounds.
	Engine, Lucene Timing
}

// Summarize folds the rounds' per-query timings into one row per kind of
// kinds (in that order; kinds without queries are left out), and one
// "all" row over every query.
func Summarize(kinds []string, qs []parity.Query, engine, lucene []map[string]Timing) ([]KindRow, error) {
	perQuery := func(rounds []map[string]Timing, id string) (Timing, error) {
		var q, t []float64
		for i, r := range rounds {
			tm, ok := r[id]
			if !ok {
				return Timing{}, fmt.Errorf("round %d has no timing for query %s", i+1, id)
			}
			q, t = append(q, tm.Query), append(t, tm.Total)
		}
		return Timing{Query: Median(q), Total: Median(t)}, nil
	}
	var rows []KindRow
	for _, kind := range append(slices.Clone(kinds), "all") {
		var eq, et, lq, lt []float64
		for _, q := range qs {
			if kind != "all" && q.Kind != kind {
				continue
			}
			e, err := perQuery(engine, q.ID)
			if err != nil {
				return nil, fmt.Errorf("engine: %w", err)
			}
			l, err := perQuery(lucene, q.ID)
			if err != nil {
				return nil, fmt.Errorf("lucene: %w", err)
			}
			eq, et, lq, lt = append(eq, e.Query), append(et, e.Total), append(lq, l.Query), append(lt, l.Total)
		}
		if len(eq) == 0 {
			continue
		}
		rows = append(rows, KindRow{Kind: kind, Queries: len(eq),
			Engine: Timing{Query: Median(eq), Total: Median(et)},
			Lucene: Timing{Query: Median(lq), Total: Median(lt)}})
	}
	return rows, nil
}
