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

// Timing is one query's measures, in microseconds.
type Timing struct {
	// Query is the query phase: query construction, search, collection,
	// aggregations.
	Query float64
	// IDs is the query phase plus the fetch without _source: each hit's
	// _id and the inner hits (their offsets and scores). It is what the
	// oracle times as its fetch: it reads the stored _source only after
	// its timed runs, so for the oracle IDs and Total are the same
	// number.
	IDs float64
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
	// ids is the request with inner hits but no _source anywhere: the
	// oracle's timed fetch.
	ids *dsl.SearchRequest
	// full is the request with whole _source on hits and inner hits, as
	// the oracle's --source returns; highlights removed (the oracle has
	// none).
	full *dsl.SearchRequest
}

// The three requests of a query, in EngineQuery's order.
const (
	phaseRequest = iota
	idsRequest
	fullRequest
)

// PrepareEngine parses each query with the gateway's parser (Form A
// expanded) into its three engine requests.
func PrepareEngine(p *dsl.Parser, qs []parity.Query) ([]EngineQuery, error) {
	out := make([]EngineQuery, 0, len(qs))
	for _, q := range qs {
		var reqs [3]*dsl.SearchRequest
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
			if i != fullRequest {
				sr.Source = &dsl.SourceFilter{Disabled: true}
			}
			fetchOnly(sr.Query, i)
			fetchOnly(sr.PostFilter, i)
			reqs[i] = sr
		}
		out = append(out, EngineQuery{ID: q.ID, Kind: q.Kind, phase: reqs[phaseRequest], ids: reqs[idsRequest], full: reqs[fullRequest]})
	}
	return out, nil
}

// fetchOnly edits the nested clauses' inner hits under q for request
// kind: removed for the query phase, else without highlight and with no
// _source (idsRequest) or the whole of it (fullRequest).
func fetchOnly(q dsl.Query, kind int) {
	switch q := q.(type) {
	case *dsl.BoolQuery:
		for _, list := range [][]dsl.Query{q.Must, q.Should, q.Filter, q.MustNot} {
			for _, c := range list {
				fetchOnly(c, kind)
			}
		}
	case *dsl.NestedQuery:
		if q.InnerHits != nil {
			switch kind {
			case phaseRequest:
				q.InnerHits = nil
			case idsRequest:
				q.InnerHits.Source = &dsl.SourceFilter{Disabled: true}
				q.InnerHits.Highlight = nil
			default:
				q.InnerHits.Source = nil
				q.InnerHits.Highlight = nil
			}
		}
		fetchOnly(q.Query, kind)
	}
}

// TimeEngine answers every query with b: warmup passes over the whole set,
// then, query by query, repeat runs of each of its three requests (query
// phase, ids, full), and returns each query's medians by id.
func TimeEngine(ctx context.Context, b backend.Backend, qs []EngineQuery, warmup, repeat int) (map[string]Timing, error) {
	search := func(sr *dsl.SearchRequest) (time.Duration, error) {
		start := time.Now()
		_, err := b.Search(ctx, &backend.Request{Indexes: mappings.Names(), Search: sr})
		return time.Since(start), err
	}
	for range warmup {
		for _, q := range qs {
			for _, sr := range []*dsl.SearchRequest{q.phase, q.ids, q.full} {
				if _, err := search(sr); err != nil {
					return nil, fmt.Errorf("query %s: %w", q.ID, err)
				}
			}
		}
	}
	out := make(map[string]Timing, len(qs))
	for _, q := range qs {
		var t [3][]float64
		for i, sr := range []*dsl.SearchRequest{q.phase, q.ids, q.full} {
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
		out[q.ID] = Timing{Query: Median(t[phaseRequest]), IDs: Median(t[idsRequest]), Total: Median(t[fullRequest])}
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
		total := line.Timing.Median + line.Timing.FetchMedian
		out[line.ID] = Timing{Query: line.Timing.Median, IDs: total, Total: total}
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
		var q, ids, t []float64
		for i, r := range rounds {
			tm, ok := r[id]
			if !ok {
				return Timing{}, fmt.Errorf("round %d has no timing for query %s", i+1, id)
			}
			q, ids, t = append(q, tm.Query), append(ids, tm.IDs), append(t, tm.Total)
		}
		return Timing{Query: Median(q), IDs: Median(ids), Total: Median(t)}, nil
	}
	var rows []KindRow
	for _, kind := range append(slices.Clone(kinds), "all") {
		var eq, ei, et, lq, li, lt []float64
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
			eq, ei, et = append(eq, e.Query), append(ei, e.IDs), append(et, e.Total)
			lq, li, lt = append(lq, l.Query), append(li, l.IDs), append(lt, l.Total)
		}
		if len(eq) == 0 {
			continue
		}
		rows = append(rows, KindRow{Kind: kind, Queries: len(eq),
			Engine: Timing{Query: Median(eq), IDs: Median(ei), Total: Median(et)},
			Lucene: Timing{Query: Median(lq), IDs: Median(li), Total: Median(lt)}})
	}
	return rows, nil
}
