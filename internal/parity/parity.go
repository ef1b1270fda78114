// Package parity checks the embedded engine against the reference: the
// Lucene oracle (../shared/tools/lucene-oracle), which runs Lucene with
// OpenSearch's query-building rules. A query set is prepared once (each
// body parsed by the gateway's own parser, Form A expanded, so both sides
// run the DSL the API forwards), run by the oracle and by the engine, and
// the two answers are compared hit by hit: ids and order, scores within a
// relative tolerance, totals, inner hits, aggregations, shard failures.
package parity

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
)

// Query is one line of a query set.
type Query struct {
	ID string `json:"id"`
	// Kind groups queries in the report (e.g. "nested", "fuzzy").
	Kind string `json:"kind,omitempty"`
	// Body is a request body as a client sends it (Form A or Form B).
	Body json.RawMessage `json:"body"`
}

// Answer is one query's answer in the oracle's output shape, which the
// engine's side writes too.
type Answer struct {
	ID       string          `json:"id"`
	Shards   *Shards         `json:"_shards,omitempty"`
	Failures []Failure       `json:"failures,omitempty"`
	Total    *Total          `json:"total,omitempty"`
	MaxScore *float64        `json:"max_score,omitempty"`
	Hits     []Hit           `json:"hits,omitempty"`
	Aggs     json.RawMessage `json:"aggregations,omitempty"`
	Error    string          `json:"error,omitempty"`
	Status   int             `json:"status,omitempty"`
}

// Shards counts the indexes searched.
type Shards struct {
	Total      int `json:"total"`
	Successful int `json:"successful"`
	Failed     int `json:"failed"`
}

// Failure is one index that could not run the query.
type Failure struct {
	Index  string `json:"index"`
	Reason string `json:"reason"`
}

// Total is hits.total.
type Total struct {
	Value    int64  `json:"value"`
	Relation string `json:"relation"`
}

// Hit is a hit or an inner hit.
type Hit struct {
	Index     string               `json:"_index"`
	ID        string               `json:"_id"`
	Nested    *Nested              `json:"_nested,omitempty"`
	Score     *float64             `json:"_score"`
	InnerHits map[string]InnerHits `json:"inner_hits,omitempty"`
	// Explanation is Lucene's Explanation.toString of the score, when
	// the query set was run with explanations (explain.go).
	Explanation string `json:"_explanation,omitempty"`
}

// Nested locates an inner hit in its record.
type Nested struct {
	Field  string `json:"field"`
	Offset int    `json:"offset"`
}

// InnerHits is one named inner-hits result.
type InnerHits struct {
	Hits struct {
		Total    *Total   `json:"total"`
		MaxScore *float64 `json:"max_score"`
		Hits     []Hit    `json:"hits"`
	} `json:"hits"`
}

// ReadQueries reads a JSONL query set.
func ReadQueries(r io.Reader) ([]Query, error) {
	var out []Query
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		var q Query
		if err := json.Unmarshal(line, &q); err != nil {
			return nil, fmt.Errorf("query set line %d: %w", n, err)
		}
		if q.ID == "" || len(q.Body) == 0 {
			return nil, fmt.Errorf("query set line %d: id and body are required", n)
		}
		out = append(out, q)
	}
	return out, sc.Err()
}

// ReadAnswers reads answers (the oracle's output or the engine's) by id.
func ReadAnswers(r io.Reader) (map[string]*Answer, error) {
	out := map[string]*Answer{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<28)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var a Answer
		if err := json.Unmarshal(line, &a); err != nil {
			return nil, fmt.Errorf("answers line %d: %w", n, err)
		}
		out[a.ID] = &a
	}
	return out, sc.Err()
}

// Options tune a comparison.
type Options struct {
	// Top is how many leading hits must agree (10 by default).
	Top int
	// Tolerance is the largest relative score difference accepted (1e-4 by
	// default, the bar).
	Tolerance float64
}

// Compare lists how got (the engine) differs from want (the oracle) and
// the largest relative score difference among matching hits.
func Compare(got, want *Answer, opts Options) (diffs []string, maxRel float64) {
	if opts.Top <= 0 {
		opts.Top = 10
	}
	if opts.Tolerance <= 0 {
		opts.Tolerance = 1e-4
	}
	add := func(format string, args ...any) { diffs = append(diffs, fmt.Sprintf(format, args...)) }
	if (got.Error != "") != (want.Error != "") {
		add("error: engine %q, oracle %q", got.Error, want.Error)
		return diffs, 0
	}
	if !sameFailures(got.Failures, want.Failures) {
		add("shard failures: engine %v, oracle %v", got.Failures, want.Failures)
	}
	if want.Error != "" {
		return diffs, 0
	}
	if !sameTotal(got.Total, want.Total) {
		add("total: engine %v, oracle %v", fmtTotal(got.Total), fmtTotal(want.Total))
	}
	rel := func(a, b *float64) float64 {
		if a == nil || b == nil {
			if a == nil && b == nil {
				return 0
			}
			return math.Inf(1)
		}
		// Both sides print float32 scores (the oracle as Java's shortest
		// Float.toString), so compare the floats they denote: equal
		// scores differ by exactly 0.
		x, y := float64(float32(*a)), float64(float32(*b))
		d := math.Abs(x - y)
		if d == 0 {
			return 0
		}
		return d / math.Max(math.Abs(x), math.Abs(y))
	}
	if r := rel(got.MaxScore, want.MaxScore); r > opts.Tolerance {
		add("max_score: engine %v, oracle %v", fmtScore(got.MaxScore), fmtScore(want.MaxScore))
	}
	n := min(opts.Top, max(len(got.Hits), len(want.Hits)))
	for i := range n {
		if i >= len(got.Hits) || i >= len(want.Hits) {
			add("hit %d: engine has %d hits, oracle %d", i, len(got.Hits), len(want.Hits))
			break
		}
		g, w := &got.Hits[i], &want.Hits[i]
		if g.Index != w.Index || g.ID != w.ID {
			add("hit %d: engine %s/%s (%s), oracle %s/%s (%s)", i, g.Index, g.ID, fmtScore(g.Score), w.Index, w.ID, fmtScore(w.Score))
			continue
		}
		r := rel(g.Score, w.Score)
		maxRel = math.Max(maxRel, r)
		if r > opts.Tolerance {
			add("hit %d %s: score engine %s, oracle %s", i, g.ID, fmtScore(g.Score), fmtScore(w.Score))
		}
		for name, wi := range w.InnerHits {
			gi, ok := g.InnerHits[name]
			if !ok {
				add("hit %d %s: inner hits %q missing", i, g.ID, name)
				continue
			}
			if !sameTotal(gi.Hits.Total, wi.Hits.Total) {
				add("hit %d %s: inner hits %q total engine %v, oracle %v", i, g.ID, name, fmtTotal(gi.Hits.Total), fmtTotal(wi.Hits.Total))
			}
			if len(gi.Hits.Hits) != len(wi.Hits.Hits) {
				add("hit %d %s: inner hits %q: engine %d, oracle %d", i, g.ID, name, len(gi.Hits.Hits), len(wi.Hits.Hits))
				continue
			}
			for j := range wi.Hits.Hits {
				gh, wh := &gi.Hits.Hits[j], &wi.Hits.Hits[j]
				if offset(gh) != offset(wh) {
					add("hit %d %s: inner hit %q %d: offset engine %d, oracle %d", i, g.ID, name, j, offset(gh), offset(wh))
					continue
				}
				r := rel(gh.Score, wh.Score)
				maxRel = math.Max(maxRel, r)
				if r > opts.Tolerance {
					add("hit %d %s: inner hit %q %d: score engine %s, oracle %s", i, g.ID, name, j, fmtScore(gh.Score), fmtScore(wh.Score))
				}
			}
		}
		for name := range g.InnerHits {
			if _, ok := w.InnerHits[name]; !ok {
				add("hit %d %s: inner hits %q not in the oracle's answer", i, g.ID, name)
			}
		}
	}
	if !sameJSON(got.Aggs, want.Aggs) {
		add("aggregations: engine %s, oracle %s", got.Aggs, want.Aggs)
	}
	return diffs, maxRel
}

func offset(h *Hit) int {
	if h.Nested == nil {
		return -1
	}
	return h.Nested.Offset
}

func sameFailures(a, b []Failure) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Index != b[i].Index {
			return false
		}
	}
	return true
}

func sameTotal(a, b *Total) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// sameJSON compares two JSON values semantically.
func sameJSON(a, b json.RawMessage) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return bytes.Equal(a, b)
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}

func fmtTotal(t *Total) string {
	if t == nil {
		return "none"
	}
	return fmt.Sprintf("%d %s", t.Value, t.Relation)
}

func fmtScore(s *float64) string {
	if s == nil {
		return "null"
	}
	return fmt.Sprint(float32(*s))
}
