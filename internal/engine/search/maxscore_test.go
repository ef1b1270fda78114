package search

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// disjunctionGen draws the disjunctions a top-level simple_query_string
// builds (sqs-prefix, sqs-fuzzy, one word over many fields): dis_max
// queries, tie breaker 0, 0.3 or 1, over prefixes (few terms: a heap of
// postings; many: a bit set; on a children's field: matches the
// records-only filter drops), term sets, terms and fuzzy terms, with
// boosts, nested one level.
type disjunctionGen struct{ r *rand.Rand }

func (g disjunctionGen) boost() float32 { return []float32{0, 0.5, 1, 1, 1, 2.5}[g.r.IntN(6)] }

func (g disjunctionGen) leaf() Query {
	r := g.r
	fields := []string{"name", "name", "sections.snippet", "filing_type"}
	field := fields[r.IntN(len(fields))]
	switch r.IntN(5) {
	case 0, 1:
		// "" and one letter expand past booleanTermThreshold on name.
		prefixes := []string{"", "a", "e", "l", "la", "pa", "co", "10", "zz"}
		return &PrefixQuery{Field: field, Prefix: prefixes[r.IntN(len(prefixes))], Boost: g.boost()}
	case 2:
		return &TermSetQuery{Field: field, Terms: []string{pruneWords[r.IntN(len(pruneWords))], pruneWords[r.IntN(5)], "8-K"}, Boost: g.boost()}
	case 3:
		return &FuzzyQuery{Field: "name", Term: pruneWords[r.IntN(len(pruneWords))], MaxEdits: 1 + r.IntN(2), Transpositions: true, Boost: g.boost()}
	}
	return &TermQuery{Field: field, Term: pruneWords[r.IntN(8)], Boost: g.boost()}
}

func (g disjunctionGen) query(depth int) Query {
	r := g.r
	if depth == 0 && r.IntN(8) == 0 {
		return g.leaf() // a lone constant scorer
	}
	q := &DisMaxQuery{TieBreaker: []float32{0, 0.3, 1, 1}[r.IntN(4)]}
	for range 2 + r.IntN(5) {
		if depth == 0 && r.IntN(6) == 0 {
			q.Disjuncts = append(q.Disjuncts, g.query(1))
		} else {
			q.Disjuncts = append(q.Disjuncts, g.leaf())
		}
	}
	return q
}

// TestDisjunctionMaxScore checks the disjunction's MaxScore against the
// exhaustive search: for random disjunctions at the top of the query,
// pages and track_total_hits limits, the same hits (documents, order,
// score bits), max_score and total.
func TestDisjunctionMaxScore(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	s := pruneCorpus(t, r, 1500)
	g := disjunctionGen{r}
	queries := 80
	if testing.Short() {
		queries = 25
	}
	for i := range queries {
		q := g.query(0)
		for _, v := range []struct{ from, size, limit int }{
			{0, 10, 0}, {0, 10, 1}, {0, 1, 3}, {5, 10, 20}, {0, 30, 100}, {0, 3, 400},
		} {
			checkPruned(t, s, i, q, v.from, v.size, v.limit)
		}
	}
}

// TestDisjunctionMinCompetitive checks the scorer's side: a disjunction
// given a minimum part-way through its documents returns, from there on,
// every document scoring above it with its exhaustive score (the others
// it may return or skip), and skips many of the others.
func TestDisjunctionMinCompetitive(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	s := pruneCorpus(t, r, 1500)
	g := disjunctionGen{r}
	var qs []Query
	for range 60 {
		qs = append(qs, g.query(0))
	}
	checkMinCompetitive(t, s.indexes["contract"], qs, 3)
}

// TestPhraseMinCompetitive is TestDisjunctionMinCompetitive for a phrase
// alone: two and three terms, exact and sloppy (a two-term sloppy phrase
// skips by its rarer term's frequency before moving the other's
// postings).
func TestPhraseMinCompetitive(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	s := pruneCorpus(t, r, 1500)
	var qs []Query
	for range 60 {
		terms := []string{pruneWords[r.IntN(6)], pruneWords[r.IntN(6)]}
		if r.IntN(3) == 0 {
			terms = append(terms, pruneWords[r.IntN(6)])
		}
		qs = append(qs, &PhraseQuery{Field: "name", Terms: terms, Slop: []int{0, 1, 2, 5, 20}[r.IntN(5)], Boost: []float32{0.5, 1, 2.5}[r.IntN(3)]})
	}
	checkMinCompetitive(t, s.indexes["contract"], qs, 10)
}

// checkMinCompetitive gives each query's scorer, in each segment, a
// minimum (the least, median, 90th percentile and best score) once a third
// of its documents are returned, and requires every later document
// scoring above it, with its exhaustive score, and at least 1/skipShare
// of the later documents skipped over all.
func checkMinCompetitive(t *testing.T, ix *Index, qs []Query, skipShare int) {
	t.Helper()
	type scored struct {
		doc   uint32
		score float32
	}
	scorer := func(q Query, segNum int) Scorer {
		w, err := createWeight(q, ix, 1)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := recordScorer(w, segNum, ix.Segments[segNum], nil, true)
		if err != nil {
			t.Fatal(err)
		}
		return sc
	}
	pruned, tried := 0, 0
	for i, q := range qs {
		for segNum := range ix.Segments {
			sc := scorer(q, segNum)
			if sc == nil {
				continue
			}
			var all []scored
			for sc.Next() {
				all = append(all, scored{sc.DocID(), sc.Score()})
			}
			if len(all) == 0 {
				continue
			}
			scores := make([]float32, len(all))
			for k, a := range all {
				scores[k] = a.score
			}
			slices.Sort(scores)
			for _, m := range []float32{scores[0], scores[len(all)/2], scores[len(all)*9/10], scores[len(all)-1]} {
				start := len(all) / 3
				sc := scorer(q, segNum)
				for k := 0; k < start && sc.Next(); k++ {
				}
				c, ok := sc.(competitiveScorer)
				if !ok {
					t.Fatalf("%s: %T cannot prune", Describe(q), sc)
				}
				c.setMinCompetitiveScore(m)
				var got []scored
				returned := 0
				for sc.Next() {
					returned++
					if s := sc.Score(); s > m {
						got = append(got, scored{sc.DocID(), s})
					}
				}
				if err := sc.Err(); err != nil {
					t.Fatal(err)
				}
				var want []scored
				for _, a := range all[start:] {
					if a.score > m {
						want = append(want, a)
					}
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("query %d %s, segment %d, min %v: pruned\n%v\nwant\n%v", i, Describe(q), segNum, m, got, want)
				}
				tried += len(all) - start
				pruned += len(all) - start - returned
			}
		}
	}
	t.Logf("%d of %d documents skipped", pruned, tried)
	if pruned*skipShare < tried {
		t.Errorf("%d of %d documents skipped, want over 1/%d", pruned, tried, skipShare)
	}
}
