package benchscale

import (
	"slices"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/parity"
	"github.com/contractsearch/contractsearch/mappings"
)

func TestMedianAndPercentile(t *testing.T) {
	for _, tc := range []struct {
		xs            []float64
		median        float64
		p50, p99, p10 float64
	}{
		{nil, 0, 0, 0, 0},
		{[]float64{5}, 5, 5, 5, 5},
		{[]float64{3, 1, 2}, 2, 2, 3, 1},
		{[]float64{4, 1, 3, 2}, 2.5, 2, 4, 1},
	} {
		in := slices.Clone(tc.xs)
		if got := Median(tc.xs); got != tc.median {
			t.Errorf("Median(%v) = %v, want %v", tc.xs, got, tc.median)
		}
		for _, p := range []struct{ p, want float64 }{{50, tc.p50}, {99, tc.p99}, {10, tc.p10}} {
			if got := Percentile(tc.xs, p.p); got != p.want {
				t.Errorf("Percentile(%v, %v) = %v, want %v", tc.xs, p.p, got, p.want)
			}
		}
		if !slices.Equal(in, tc.xs) {
			t.Errorf("the input changed: %v, was %v", tc.xs, in)
		}
	}
	hundred := make([]float64, 100)
	for i := range hundred {
		hundred[i] = float64(100 - i)
	}
	if p99, p50 := Percentile(hundred, 99), Percentile(hundred, 50); p99 != 99 || p50 != 50 {
		t.Errorf("1..100: p99 %v, p50 %v; want 99, 50", p99, p50)
	}
}

func TestReadOracleTimings(t *testing.T) {
	in := `{"id":"a","hits":[],"timing":{"median_us":100.5,"p90_us":120,"fetch_median_us":20,"repeat":5}}
{"id":"b","timing":{"median_us":7,"fetch_median_us":0}}
`
	got, err := ReadOracleTimings(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Timing{"a": {Query: 100.5, IDs: 120.5, Total: 120.5}, "b": {Query: 7, IDs: 7, Total: 7}}
	if len(got) != len(want) || got["a"] != want["a"] || got["b"] != want["b"] {
		t.Errorf("got %v, want %v", got, want)
	}
	for _, bad := range []string{`{"id":"a","error":"boom","status":400}`, `{"id":"a"}`, `{`} {
		if _, err := ReadOracleTimings(strings.NewReader(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

func TestSummarize(t *testing.T) {
	qs := []parity.Query{{ID: "t1", Kind: "term"}, {ID: "t2", Kind: "term"}, {ID: "t3", Kind: "term"}, {ID: "n1", Kind: "nested"}}
	engine := []map[string]Timing{
		{"t1": {1, 5, 10}, "t2": {2, 6, 20}, "t3": {9, 9, 90}, "n1": {5, 5, 50}},
		{"t1": {3, 7, 30}, "t2": {2, 6, 20}, "t3": {9, 9, 90}, "n1": {7, 8, 70}},
		{"t1": {2, 3, 20}, "t2": {2, 6, 20}, "t3": {1, 1, 10}, "n1": {6, 6, 60}},
	}
	lucene := []map[string]Timing{{"t1": {4, 8, 8}, "t2": {4, 8, 8}, "t3": {4, 8, 8}, "n1": {1, 2, 2}}}
	rows, err := Summarize([]string{"term", "sloppy-phrase", "nested"}, qs, engine, lucene)
	if err != nil {
		t.Fatal(err)
	}
	want := []KindRow{
		// term: per query over rounds t1 2/5/20, t2 2/6/20, t3 9/9/90; median 2/6/20.
		{Kind: "term", Queries: 3, Engine: Timing{2, 6, 20}, Lucene: Timing{4, 8, 8}},
		{Kind: "nested", Queries: 1, Engine: Timing{6, 6, 60}, Lucene: Timing{1, 2, 2}},
		// all: 2, 2, 9, 6 → 4; 5, 6, 9, 6 → 6; 20, 20, 90, 60 → 40.
		{Kind: "all", Queries: 4, Engine: Timing{4, 6, 40}, Lucene: Timing{4, 8, 8}},
	}
	if !slices.Equal(rows, want) {
		t.Errorf("got %+v\nwant %+v", rows, want)
	}
	if _, err := Summarize([]string{"term"}, qs, engine, []map[string]Timing{{"t1": {}}}); err == nil {
		t.Error("a round without a query's timing: no error")
	}
}

// TestQuerySets checks the kept query sets: enough queries, every kind of
// the report with at least five, no unknown kind, and every body accepted
// by the gateway's parser.
func TestQuerySets(t *testing.T) {
	qs, err := Queries()
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) < 60 {
		t.Errorf("%d queries, issue 11 asks for at least 60", len(qs))
	}
	count := map[string]int{}
	for _, q := range qs {
		count[q.Kind]++
	}
	for _, k := range Kinds {
		if count[k] < 5 {
			t.Errorf("kind %s has %d queries, want at least 5", k, count[k])
		}
		delete(count, k)
	}
	if len(count) > 0 {
		t.Errorf("kinds not in the report: %v", count)
	}
	gw, err := GatewayRequests()
	if err != nil {
		t.Fatal(err)
	}
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	p, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), m)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range append(qs, gw...) {
		if _, err := p.Parse(q.Body); err != nil {
			t.Errorf("%s: %v", q.ID, err)
		}
	}
	eqs, err := PrepareEngine(p, qs)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range eqs {
		if q.phase.Source == nil || !q.phase.Source.Disabled || q.full.Source != nil {
			t.Errorf("%s: _source %+v in the query phase, %+v with the fetch", q.ID, q.phase.Source, q.full.Source)
		}
		if q.phase.Highlight != nil || q.full.Highlight != nil {
			t.Errorf("%s: highlights left", q.ID)
		}
		phase, full := innerHits(q.phase.Query), innerHits(q.full.Query)
		if len(phase) > 0 {
			t.Errorf("%s: inner hits left in the query phase", q.ID)
		}
		for _, ih := range full {
			if ih.Source != nil || ih.Highlight != nil {
				t.Errorf("%s: inner hits %q with a _source filter or highlights", q.ID, ih.Name)
			}
		}
		if q.Kind == "nested" && len(full) == 0 {
			t.Errorf("%s: no inner hits in the fetch", q.ID)
		}
	}
}

func innerHits(q dsl.Query) []*dsl.InnerHits {
	switch q := q.(type) {
	case *dsl.BoolQuery:
		var out []*dsl.InnerHits
		for _, list := range [][]dsl.Query{q.Must, q.Should, q.Filter, q.MustNot} {
			for _, c := range list {
				out = append(out, innerHits(c)...)
			}
		}
		return out
	case *dsl.NestedQuery:
		out := innerHits(q.Query)
		if q.InnerHits != nil {
			out = append(out, q.InnerHits)
		}
		return out
	}
	return nil
}
