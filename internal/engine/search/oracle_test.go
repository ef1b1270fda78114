package search

// This file compares the engine with the Lucene oracle
// (tools/lucene-oracle next to DESIGN.md) on a real corpus: each case is a
// DSL body for the oracle and the engine query the translation from the
// DSL should give, built by hand. It runs only when these variables are
// set (docs/engine.md, "Reference workflow"):
//
//	ORACLE_RUN    the oracle's run.sh
//	ORACLE_INDEX  the oracle's index directory built from a bulk file
//	ENGINE_INDEX  the engine's index directory built from the same file
//
// ORACLE_RUN=/tmp/oracle/run.sh ORACLE_INDEX=/tmp/o/idx ENGINE_INDEX=/tmp/o/engine \
//	go test -run TestOracle -v ./internal/engine/search/

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/indexer"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/mappings"
)

// oracleCase is one query: the DSL the oracle runs and the engine's
// equivalent.
type oracleCase struct {
	id      string
	indexes []string
	body    string // the "query" member
	size    int
	q       Query
	// perIndex, when set, gives some indexes another query than q, as the
	// translation does where a mapping differs (a nested query with
	// ignore_unmapped becomes match_none on an index without the path).
	perIndex map[string]Query
}

// openEngineIndex opens the latest generation of an engine index
// directory.
func openEngineIndex(t *testing.T, dir string) *Searcher {
	t.Helper()
	d, err := generation.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n, err := d.Latest()
	if err != nil {
		t.Fatal(err)
	}
	g, err := d.Open(n)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Release)
	meta, err := indexer.ParseMeta(g.Meta)
	if err != nil {
		t.Fatal(err)
	}
	var ixs []*Index
	for _, name := range mappings.Names() {
		ix := &Index{Name: name}
		for _, prefix := range meta.Segments[name] {
			seg, err := segment.Open(prefix, g.File)
			if err != nil {
				t.Fatal(err)
			}
			ix.Segments = append(ix.Segments, seg)
		}
		ixs = append(ixs, ix)
	}
	return NewSearcher(ixs...)
}

// oracleHit is a hit as the oracle prints it.
type oracleHit struct {
	Index     string  `json:"_index"`
	ID        string  `json:"_id"`
	Score     float32 `json:"_score"`
	InnerHits map[string]struct {
		Hits struct {
			Total struct {
				Value int `json:"value"`
			} `json:"total"`
			MaxScore *float32 `json:"max_score"`
			Hits     []struct {
				Nested struct {
					Field  string `json:"field"`
					Offset int    `json:"offset"`
				} `json:"_nested"`
				Score float32 `json:"_score"`
			} `json:"hits"`
		} `json:"hits"`
	} `json:"inner_hits"`
}

type oracleResult struct {
	ID    string `json:"id"`
	Error any    `json:"error"`
	Total struct {
		Value    int    `json:"value"`
		Relation string `json:"relation"`
	} `json:"total"`
	MaxScore *float32    `json:"max_score"`
	Hits     []oracleHit `json:"hits"`
}

func runOracle(t *testing.T, run, index string, cases []oracleCase) map[string]*oracleResult {
	t.Helper()
	var in bytes.Buffer
	for _, c := range cases {
		fmt.Fprintf(&in, `{"id":%q,"indexes":%s,"body":{"query":%s,"size":%d}}`+"\n", c.id, mustJSON(c.indexes), c.body, c.size)
	}
	qf := filepath.Join(t.TempDir(), "q.jsonl")
	if err := os.WriteFile(qf, in.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	repo, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(run, "query", "--mappings", filepath.Join(repo, "mappings"), "--index", index, "--queries", qf, "--repeat", "1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("oracle: %v\n%s", err, stderr.String())
	}
	res := map[string]*oracleResult{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var r oracleResult
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("oracle output: %v: %.200s", err, sc.Text())
		}
		res[r.ID] = &r
	}
	return res
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func relDiff(a, b float32) float64 {
	if a == b {
		return 0
	}
	return math.Abs(float64(a)-float64(b)) / math.Max(math.Abs(float64(a)), math.Abs(float64(b)))
}

// TestOracle runs the cases on both sides and compares totals, hits, their
// order and scores, and inner hits (offsets, scores, totals, max scores).
func TestOracle(t *testing.T) {
	run, oidx, eidx := os.Getenv("ORACLE_RUN"), os.Getenv("ORACLE_INDEX"), os.Getenv("ENGINE_INDEX")
	if run == "" || oidx == "" || eidx == "" {
		t.Skip("set ORACLE_RUN, ORACLE_INDEX and ENGINE_INDEX to compare with the Lucene oracle")
	}
	cases := oracleCases()
	start := time.Now()
	want := runOracle(t, run, oidx, cases)
	t.Logf("oracle: %d results in %v", len(want), time.Since(start).Round(time.Millisecond))
	s := openEngineIndex(t, eidx)
	var maxRel float64
	var hits, inner int
	for _, c := range cases {
		w := want[c.id]
		if w == nil || w.Error != nil {
			t.Errorf("%s: oracle gave no result (%v)", c.id, w)
			continue
		}
		req := Request{Indexes: c.indexes, Query: c.q, Size: c.size}
		if c.perIndex != nil {
			req.Indexes, req.Query = nil, nil
			for _, name := range c.indexes {
				q := c.q
				if pq, ok := c.perIndex[name]; ok {
					q = pq
				}
				req.Targets = append(req.Targets, Target{Index: name, Query: q})
			}
		}
		res, err := s.Search(context.Background(), req)
		if err != nil {
			t.Errorf("%s: %v", c.id, err)
			continue
		}
		var problems []string
		bad := func(f string, a ...any) { problems = append(problems, fmt.Sprintf(f, a...)) }
		if res.Total != w.Total.Value || res.Relation != w.Total.Relation {
			bad("total %d %s, oracle %d %s", res.Total, res.Relation, w.Total.Value, w.Total.Relation)
		}
		if len(res.Hits) != len(w.Hits) {
			bad("%d hits, oracle %d", len(res.Hits), len(w.Hits))
		}
		for i := range min(len(res.Hits), len(w.Hits)) {
			g, o := res.Hits[i], w.Hits[i]
			hits++
			if g.Index != o.Index || g.ID != o.ID {
				bad("hit %d: %s/%s, oracle %s/%s", i, g.Index, g.ID, o.Index, o.ID)
				continue
			}
			d := relDiff(g.Score, o.Score)
			maxRel = max(maxRel, d)
			if d > 1e-4 {
				bad("hit %d %s: score %.9g, oracle %.9g", i, g.ID, g.Score, o.Score)
			}
			if len(g.InnerHits) != len(o.InnerHits) {
				bad("hit %d %s: %d inner hits sections, oracle %d", i, g.ID, len(g.InnerHits), len(o.InnerHits))
			}
			for name, oi := range o.InnerHits {
				gi, ok := g.InnerHits[name]
				if !ok {
					bad("hit %d %s: no inner hits %q", i, g.ID, name)
					continue
				}
				inner += len(oi.Hits.Hits)
				if gi.Total != oi.Hits.Total.Value {
					bad("hit %d %s: inner hits %q total %d, oracle %d", i, g.ID, name, gi.Total, oi.Hits.Total.Value)
				}
				switch {
				case (gi.MaxScore == nil) != (oi.Hits.MaxScore == nil):
					bad("hit %d %s: inner hits %q max score %v, oracle %v", i, g.ID, name, gi.MaxScore, oi.Hits.MaxScore)
				case gi.MaxScore != nil && relDiff(*gi.MaxScore, *oi.Hits.MaxScore) > 1e-4:
					bad("hit %d %s: inner hits %q max score %v, oracle %v", i, g.ID, name, *gi.MaxScore, *oi.Hits.MaxScore)
				}
				if len(gi.Hits) != len(oi.Hits.Hits) {
					bad("hit %d %s: inner hits %q: %d, oracle %d", i, g.ID, name, len(gi.Hits), len(oi.Hits.Hits))
					continue
				}
				for k, oh := range oi.Hits.Hits {
					gh := gi.Hits[k]
					d := relDiff(gh.Score, oh.Score)
					maxRel = max(maxRel, d)
					if gh.Offset != oh.Nested.Offset || oh.Nested.Field != gi.Path || d > 1e-4 {
						bad("hit %d %s: inner hit %q %d: %s offset %d score %.9g, oracle %s offset %d score %.9g",
							i, g.ID, name, k, gi.Path, gh.Offset, gh.Score, oh.Nested.Field, oh.Nested.Offset, oh.Score)
					}
				}
			}
		}
		if len(problems) > 0 {
			t.Errorf("%s: %s\n  %s", c.id, c.body, strings.Join(problems, "\n  "))
		}
		top := float32(0)
		if len(res.Hits) > 0 {
			top = res.Hits[0].Score
		}
		t.Logf("%-36s total %5d %s, %2d hits, top score %.9g", c.id, res.Total, res.Relation, len(res.Hits), top)
	}
	t.Logf("%d cases, %d hits and %d inner hits compared; max relative score difference %.3g", len(cases), hits, inner, maxRel)
}

func epochMillis(date string) *int64 {
	tm, err := time.Parse("2006-01-02", date)
	if err != nil {
		panic(err)
	}
	ms := tm.UnixMilli()
	return &ms
}

func i64(v int64) *int64 { return &v }

func f32(v float32) *float32 { return &v }

// oracleCases are the queries, DSL and engine side by side. Dates follow
// OpenSearch's rounding for yyyy-MM-dd: gt and lte round a day up to its
// last millisecond, so gt d is ≥ the next day and lte d is < the next day.
func oracleCases() []oracleCase {
	term := func(f, v string) *TermQuery { return &TermQuery{Field: f, Term: v} }
	law := term("sections.snippet", "law")
	day := int64(24 * time.Hour / time.Millisecond)
	var cs []oracleCase
	add := func(id string, indexes []string, size int, body string, q Query) {
		cs = append(cs, oracleCase{id: id, indexes: indexes, body: body, size: size, q: q})
	}
	contract := []string{"contract"}
	all := []string{"category", "clause", "company", "contract", "definition", "jurisdiction"}

	// Nested: every score mode, inner hits.
	for _, m := range []struct {
		name string
		mode ScoreMode
	}{{"avg", ScoreAvg}, {"sum", ScoreSum}, {"max", ScoreMax}, {"min", ScoreMin}, {"none", ScoreNone}} {
		add("nested-term-"+m.name, contract, 20,
			`{"nested":{"path":"sections","score_mode":"`+m.name+`","query":{"term":{"sections.snippet":"law"}},"inner_hits":{}}}`,
			&NestedQuery{Path: "sections", ScoreMode: m.mode, Query: law, InnerHits: &InnerHitsSpec{Size: 3}})
	}
	add("nested-phrase-avg", contract, 20,
		`{"nested":{"path":"sections","query":{"match_phrase":{"sections.snippet":"governing law"}},"inner_hits":{"size":5}}}`,
		&NestedQuery{Path: "sections", Query: &PhraseQuery{Field: "sections.snippet", Terms: []string{"governing", "law"}}, InnerHits: &InnerHitsSpec{Size: 5}})
	add("nested-phrase-sum-boost", contract, 10,
		`{"nested":{"path":"sections","score_mode":"sum","boost":2.5,"query":{"match_phrase":{"sections.snippet":"confidential information"}},"inner_hits":{"name":"ci","from":1,"size":2}}}`,
		&NestedQuery{Path: "sections", ScoreMode: ScoreSum, Boost: 2.5, Query: &PhraseQuery{Field: "sections.snippet", Terms: []string{"confidential", "information"}},
			InnerHits: &InnerHitsSpec{Name: "ci", From: 1, Size: 2}})
	add("nested-bool-max", contract, 20,
		`{"nested":{"path":"sections","score_mode":"max","query":{"bool":{"must":[{"term":{"sections.type":"clause"}}],"should":[{"term":{"sections.snippet":"termination"}},{"term":{"sections.name":"termination"}}]}},"inner_hits":{"size":4}}}`,
		&NestedQuery{Path: "sections", ScoreMode: ScoreMax, Query: &BoolQuery{
			Must:   []Query{term("sections.type", "clause")},
			Should: []Query{term("sections.snippet", "termination"), term("sections.name", "termination")}}, InnerHits: &InnerHitsSpec{Size: 4}})
	add("nested-bool-filter-min", contract, 20,
		`{"nested":{"path":"sections","score_mode":"min","query":{"bool":{"filter":[{"term":{"sections.value":"governing-law"}}],"must":[{"term":{"sections.snippet":"state"}}]}},"inner_hits":{}}}`,
		&NestedQuery{Path: "sections", ScoreMode: ScoreMin, Query: &BoolQuery{
			Filter: []Query{term("sections.value", "governing-law")},
			Must:   []Query{term("sections.snippet", "state")}}, InnerHits: &InnerHitsSpec{Size: 3}})
	add("nested-match-all", contract, 20,
		`{"nested":{"path":"sections","query":{"match_all":{}},"inner_hits":{"size":2}}}`,
		&NestedQuery{Path: "sections", Query: &MatchAllQuery{}, InnerHits: &InnerHitsSpec{Size: 2}})
	add("nested-match-all-sum-boost", contract, 20,
		`{"nested":{"path":"sections","score_mode":"sum","boost":2,"query":{"match_all":{"boost":0.5}}}}`,
		&NestedQuery{Path: "sections", ScoreMode: ScoreSum, Boost: 2, Query: &MatchAllQuery{Boost: 0.5}})
	add("nested-pure-negative", contract, 20,
		`{"nested":{"path":"sections","score_mode":"sum","query":{"bool":{"must_not":[{"term":{"sections.type":"clause"}}]}},"inner_hits":{"size":1}}}`,
		&NestedQuery{Path: "sections", ScoreMode: ScoreSum, Query: &BoolQuery{MustNot: []Query{term("sections.type", "clause")}}, InnerHits: &InnerHitsSpec{Size: 1}})
	add("nested-boost-max", contract, 20,
		`{"nested":{"path":"sections","score_mode":"max","boost":3,"query":{"term":{"sections.name":"indemnification"}},"inner_hits":{"size":2}}}`,
		&NestedQuery{Path: "sections", ScoreMode: ScoreMax, Boost: 3, Query: term("sections.name", "indemnification"), InnerHits: &InnerHitsSpec{Size: 2}})
	add("nested-root-field", contract, 10,
		`{"nested":{"path":"sections","query":{"term":{"name":"agreement"}}}}`,
		&NestedQuery{Path: "sections", Query: term("name", "agreement")})
	add("bool-must-nested-should", contract, 20,
		`{"bool":{"must":[{"term":{"body":"royalty"}}],"should":[{"nested":{"path":"sections","score_mode":"sum","query":{"term":{"sections.snippet":"royalty"}},"inner_hits":{"name":"roy"}}}]}}`,
		&BoolQuery{Must: []Query{term("body", "royalty")}, Should: []Query{
			&NestedQuery{Path: "sections", ScoreMode: ScoreSum, Query: term("sections.snippet", "royalty"), InnerHits: &InnerHitsSpec{Name: "roy", Size: 3}}}})
	add("bool-filter-nested-none", contract, 20,
		`{"bool":{"must":[{"term":{"name":"agreement"}}],"filter":[{"nested":{"path":"sections","score_mode":"none","query":{"term":{"sections.type":"definition"}}}}]}}`,
		&BoolQuery{Must: []Query{term("name", "agreement")}, Filter: []Query{
			&NestedQuery{Path: "sections", ScoreMode: ScoreNone, Query: term("sections.type", "definition")}}})
	add("bool-must-not-nested", contract, 20,
		`{"bool":{"must":[{"term":{"body":"exclusive"}}],"must_not":[{"nested":{"path":"sections","query":{"term":{"sections.value":"governing-law"}},"inner_hits":{"name":"gl"}}}]}}`,
		&BoolQuery{Must: []Query{term("body", "exclusive")}, MustNot: []Query{
			&NestedQuery{Path: "sections", Query: term("sections.value", "governing-law"), InnerHits: &InnerHitsSpec{Name: "gl", Size: 3}}}})
	add("bool-two-nested", contract, 20,
		`{"bool":{"should":[{"nested":{"path":"sections","query":{"term":{"sections.snippet":"arbitration"}},"inner_hits":{"name":"a","size":2}}},{"nested":{"path":"sections","score_mode":"max","query":{"term":{"sections.snippet":"jury"}},"inner_hits":{"name":"b","size":0}}}]}}`,
		&BoolQuery{Should: []Query{
			&NestedQuery{Path: "sections", Query: term("sections.snippet", "arbitration"), InnerHits: &InnerHitsSpec{Name: "a", Size: 2}},
			&NestedQuery{Path: "sections", ScoreMode: ScoreMax, Query: term("sections.snippet", "jury"), InnerHits: &InnerHitsSpec{Name: "b", Size: 0}}}})
	add("nested-all-indexes", all, 10,
		`{"bool":{"should":[{"term":{"name":"law"}},{"nested":{"path":"sections","ignore_unmapped":true,"query":{"term":{"sections.name":"law"}}}}]}}`,
		&BoolQuery{Should: []Query{term("name", "law"), &NestedQuery{Path: "sections", Query: term("sections.name", "law")}}})

	unmapped := map[string]Query{}
	for _, name := range all {
		if name != "contract" {
			unmapped[name] = &BoolQuery{Should: []Query{term("name", "license"), &MatchNoneQuery{}}}
		}
	}
	cs = append(cs, oracleCase{id: "nested-ignore-unmapped-inner-hits", indexes: all, size: 20,
		body: `{"bool":{"should":[{"term":{"name":"license"}},{"nested":{"path":"sections","ignore_unmapped":true,"score_mode":"max","query":{"term":{"sections.snippet":"license"}},"inner_hits":{"name":"lic"}}}]}}`,
		q: &BoolQuery{Should: []Query{term("name", "license"),
			&NestedQuery{Path: "sections", ScoreMode: ScoreMax, Query: term("sections.snippet", "license"), InnerHits: &InnerHitsSpec{Name: "lic", Size: 3}}}},
		perIndex: unmapped})

	// Range: dates and integers, bounds inclusive, exclusive and open.
	add("range-date", contract, 20,
		`{"range":{"filing_date":{"gte":"2010-01-01","lt":"2012-01-01"}}}`,
		&RangeQuery{Field: "filing_date", Lower: epochMillis("2010-01-01"), Upper: i64(*epochMillis("2012-01-01") - 1)})
	add("range-date-gt-lte", contract, 20,
		`{"range":{"filing_date":{"gt":"2015-06-30","lte":"2016-12-31"}}}`,
		&RangeQuery{Field: "filing_date", Lower: epochMillis("2015-07-01"), Upper: i64(*epochMillis("2016-12-31") + day - 1)})
	add("range-date-open", contract, 20,
		`{"range":{"filing_date":{"gte":"2019-06-01"}}}`,
		&RangeQuery{Field: "filing_date", Lower: epochMillis("2019-06-01")})
	add("range-date-boost", contract, 20,
		`{"range":{"filing_date":{"lt":"2000-01-01","boost":2}}}`,
		&RangeQuery{Field: "filing_date", Upper: i64(*epochMillis("2000-01-01") - 1), Boost: 2})
	add("range-int", []string{"clause"}, 20,
		`{"range":{"group_size":{"gte":50}}}`,
		&RangeQuery{Field: "group_size", Lower: i64(50)})
	add("range-int-gt-lte", []string{"clause", "definition"}, 20,
		`{"range":{"group_size":{"gt":3,"lte":5}}}`,
		&RangeQuery{Field: "group_size", Lower: i64(4), Upper: i64(5)})
	add("range-int-contract", contract, 20,
		`{"range":{"group_size":{"gte":2}}}`,
		&RangeQuery{Field: "group_size", Lower: i64(2)})
	add("bool-must-term-filter-range", contract, 20,
		`{"bool":{"must":[{"term":{"body":"license"}}],"filter":[{"range":{"filing_date":{"gte":"2005-01-01","lte":"2010-12-31"}}}]}}`,
		&BoolQuery{Must: []Query{term("body", "license")},
			Filter: []Query{&RangeQuery{Field: "filing_date", Lower: epochMillis("2005-01-01"), Upper: i64(*epochMillis("2010-12-31") + day - 1)}}})
	// OpenSearch 3 moves a range from must to filter; the engine gets the
	// filter form from the translation.
	add("bool-must-range-rewritten", []string{"clause"}, 20,
		`{"bool":{"must":[{"term":{"snippet":"confidential"}},{"range":{"group_size":{"gte":10}}}]}}`,
		&BoolQuery{Must: []Query{term("snippet", "confidential")}, Filter: []Query{&RangeQuery{Field: "group_size", Lower: i64(10)}}})
	add("bool-should-range", contract, 20,
		`{"bool":{"should":[{"term":{"name":"supply"}},{"range":{"filing_date":{"gte":"2018-01-01","boost":0.5}}}]}}`,
		&BoolQuery{Should: []Query{term("name", "supply"), &RangeQuery{Field: "filing_date", Lower: epochMillis("2018-01-01"), Boost: 0.5}}})
	add("bool-must-not-range", contract, 20,
		`{"bool":{"must":[{"term":{"name":"agreement"}}],"must_not":[{"range":{"filing_date":{"lt":"2015-01-01"}}}]}}`,
		&BoolQuery{Must: []Query{term("name", "agreement")}, MustNot: []Query{&RangeQuery{Field: "filing_date", Upper: i64(*epochMillis("2015-01-01") - 1)}}})

	// rank_feature: each function, alone and with a text clause.
	add("feature-saturation-default", all, 20,
		`{"rank_feature":{"field":"weight_rank"}}`,
		&RankFeatureQuery{Field: "weight_rank"})
	add("feature-saturation-default-contract", contract, 20,
		`{"rank_feature":{"field":"weight_rank","saturation":{}}}`,
		&RankFeatureQuery{Field: "weight_rank", Function: Saturation{}})
	add("feature-saturation-pivot", []string{"clause"}, 20,
		`{"rank_feature":{"field":"weight_rank","saturation":{"pivot":16},"boost":50}}`,
		&RankFeatureQuery{Field: "weight_rank", Function: Saturation{Pivot: f32(16)}, Boost: 50})
	add("feature-log", []string{"clause", "company"}, 20,
		`{"rank_feature":{"field":"weight_rank","log":{"scaling_factor":4}}}`,
		&RankFeatureQuery{Field: "weight_rank", Function: Log{ScalingFactor: 4}})
	add("feature-sigmoid", []string{"definition"}, 20,
		`{"rank_feature":{"field":"weight_rank","sigmoid":{"pivot":7,"exponent":0.6},"boost":3}}`,
		&RankFeatureQuery{Field: "weight_rank", Function: Sigmoid{Pivot: 7, Exponent: 0.6}, Boost: 3})
	add("feature-linear", []string{"contract", "jurisdiction"}, 20,
		`{"rank_feature":{"field":"weight_rank","linear":{},"boost":0.1}}`,
		&RankFeatureQuery{Field: "weight_rank", Function: Linear{}, Boost: 0.1})
	add("bool-term-feature", all, 20,
		`{"bool":{"must":[{"term":{"name":"agreement"}}],"should":[{"rank_feature":{"field":"weight_rank","boost":50,"saturation":{"pivot":16}}}]}}`,
		&BoolQuery{Must: []Query{term("name", "agreement")}, Should: []Query{&RankFeatureQuery{Field: "weight_rank", Function: Saturation{Pivot: f32(16)}, Boost: 50}}})
	add("bool-match-all-feature", all, 20,
		`{"bool":{"must":[{"match_all":{}}],"should":[{"rank_feature":{"field":"weight_rank","boost":50,"saturation":{"pivot":16}}}]}}`,
		&BoolQuery{Must: []Query{&MatchAllQuery{}}, Should: []Query{&RankFeatureQuery{Field: "weight_rank", Function: Saturation{Pivot: f32(16)}, Boost: 50}}})
	add("bool-term-feature-log", []string{"clause"}, 20,
		`{"bool":{"should":[{"term":{"snippet":"indemnify"}},{"rank_feature":{"field":"weight_rank","log":{"scaling_factor":1.5}}}],"minimum_should_match":2}}`,
		&BoolQuery{Should: []Query{term("snippet", "indemnify"), &RankFeatureQuery{Field: "weight_rank", Function: Log{ScalingFactor: 1.5}}}, MinimumShouldMatch: 2})

	// All three together.
	add("combined", contract, 20,
		`{"bool":{"must":[{"nested":{"path":"sections","score_mode":"avg","query":{"bool":{"must":[{"term":{"sections.snippet":"terminate"}}],"filter":[{"term":{"sections.type":"clause"}}]}},"inner_hits":{"name":"clause:Termination","size":3}}}],`+
			`"filter":[{"range":{"filing_date":{"gte":"2000-01-01"}}}],"should":[{"rank_feature":{"field":"weight_rank","boost":50,"saturation":{"pivot":16}}}]}}`,
		&BoolQuery{
			Must: []Query{&NestedQuery{Path: "sections", Query: &BoolQuery{Must: []Query{term("sections.snippet", "terminate")}, Filter: []Query{term("sections.type", "clause")}},
				InnerHits: &InnerHitsSpec{Name: "clause:Termination", Size: 3}}},
			Filter: []Query{&RangeQuery{Field: "filing_date", Lower: epochMillis("2000-01-01")}},
			Should: []Query{&RankFeatureQuery{Field: "weight_rank", Function: Saturation{Pivot: f32(16)}, Boost: 50}},
		})
	return cs
}
