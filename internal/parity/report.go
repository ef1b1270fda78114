package parity

import (
	"fmt"
	"io"
	"math"
	"sort"
)

// Report summarises a comparison.
type Report struct {
	Queries   int
	Identical int // every compared member agrees
	MaxRel    float64
	Missing   []string // queries one side did not answer
	Rejected  map[string]string
	ByKind    map[string]*KindStats
	// Mismatches maps a query id to its differences.
	Mismatches map[string][]string
}

// KindStats counts one kind of query.
type KindStats struct {
	Queries, Identical int
	MaxRel             float64
}

// CompareAll compares the engine's answers with the oracle's for every
// query of the set.
func CompareAll(queries []Query, engine, oracle map[string]*Answer, rejected map[string]string, opts Options) *Report {
	r := &Report{ByKind: map[string]*KindStats{}, Mismatches: map[string][]string{}, Rejected: rejected}
	for _, q := range queries {
		if _, ok := rejected[q.ID]; ok {
			continue
		}
		kind := q.Kind
		if kind == "" {
			kind = "other"
		}
		ks := r.ByKind[kind]
		if ks == nil {
			ks = &KindStats{}
			r.ByKind[kind] = ks
		}
		r.Queries++
		ks.Queries++
		g, w := engine[q.ID], oracle[q.ID]
		if g == nil || w == nil {
			r.Missing = append(r.Missing, q.ID)
			continue
		}
		diffs, rel := Compare(g, w, opts)
		r.MaxRel = math.Max(r.MaxRel, rel)
		ks.MaxRel = math.Max(ks.MaxRel, rel)
		if len(diffs) == 0 {
			r.Identical++
			ks.Identical++
			continue
		}
		r.Mismatches[q.ID] = diffs
	}
	return r
}

// Write prints the report as text.
func (r *Report) Write(w io.Writer) error {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	p("queries compared: %d\n", r.Queries)
	p("identical (top-10 ids and order, scores within tolerance, totals, inner hits, aggregations, failures): %d (%.1f%%)\n",
		r.Identical, 100*float64(r.Identical)/math.Max(1, float64(r.Queries)))
	p("max relative score difference: %.3g\n", r.MaxRel)
	if len(r.Rejected) > 0 {
		p("rejected by the gateway's parser (not run): %d\n", len(r.Rejected))
	}
	if len(r.Missing) > 0 {
		p("missing answers: %v\n", r.Missing)
	}
	p("\n%-24s %8s %10s %12s\n", "kind", "queries", "identical", "max rel diff")
	kinds := make([]string, 0, len(r.ByKind))
	for k := range r.ByKind {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		ks := r.ByKind[k]
		p("%-24s %8d %10d %12.3g\n", k, ks.Queries, ks.Identical, ks.MaxRel)
	}
	ids := make([]string, 0, len(r.Mismatches))
	for id := range r.Mismatches {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	if len(ids) > 0 {
		p("\nmismatches:\n")
	}
	for _, id := range ids {
		p("  %s\n", id)
		for _, d := range r.Mismatches[id] {
			p("    %s\n", d)
		}
	}
	rids := make([]string, 0, len(r.Rejected))
	for id := range r.Rejected {
		rids = append(rids, id)
	}
	sort.Strings(rids)
	for _, id := range rids {
		p("  rejected %s: %s\n", id, r.Rejected[id])
	}
	return nil
}
