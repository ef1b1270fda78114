package search

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// conjunctionGen draws the conjunctions simple_query_string with the AND
// operator and bool queries with filters build: required clauses that
// are disjunctions of one word over several fields (dis_max with tie 1,
// as sqs over many fields, or a bool of should clauses), phrases, exact
// and sloppy, and terms, beside filters (match_all, as an _index term on
// its own index becomes; a range; a term), optional clauses with
// minimum_should_match 0 or 1, and exclusions.
type conjunctionGen struct{ r *rand.Rand }

func (g conjunctionGen) boost() float32 { return []float32{0.5, 1, 1, 2.5}[g.r.IntN(4)] }

// word is one word over several "fields": the record's name at several
// boosts (the test corpus has one text field on records) and the
// sections' snippets, which records never match.
func (g conjunctionGen) word() Query {
	r := g.r
	w := pruneWords[r.IntN(8)]
	var ds []Query
	for range 2 + r.IntN(3) {
		field := "name"
		if r.IntN(5) == 0 {
			field = "sections.snippet"
		}
		ds = append(ds, &TermQuery{Field: field, Term: w, Boost: g.boost()})
	}
	if r.IntN(2) == 0 {
		return &DisMaxQuery{Disjuncts: ds, TieBreaker: 1}
	}
	return &BoolQuery{Should: ds}
}

func (g conjunctionGen) required() Query {
	r := g.r
	switch r.IntN(6) {
	case 0:
		return &PhraseQuery{Field: "name", Terms: []string{pruneWords[r.IntN(4)], pruneWords[r.IntN(4)]}, Boost: g.boost()}
	case 1:
		return &PhraseQuery{Field: "name", Terms: []string{pruneWords[r.IntN(4)], pruneWords[r.IntN(4)], pruneWords[r.IntN(4)]}, Slop: 1 + r.IntN(4), Boost: g.boost()}
	case 2:
		return &TermQuery{Field: "name", Term: pruneWords[r.IntN(10)], Boost: g.boost()}
	}
	return g.word()
}

func (g conjunctionGen) filter() Query {
	r := g.r
	switch r.IntN(3) {
	case 0:
		return &MatchAllQuery{}
	case 1:
		lo := int64(r.IntN(3))
		return &RangeQuery{Field: "group_size", Lower: &lo}
	}
	return &TermQuery{Field: "filing_type", Term: []string{"8-K", "10-K", "S-1"}[r.IntN(3)]}
}

func (g conjunctionGen) query() Query {
	r := g.r
	b := &BoolQuery{}
	for range 1 + r.IntN(3) {
		b.Must = append(b.Must, g.required())
	}
	for range r.IntN(3) {
		b.Filter = append(b.Filter, g.filter())
	}
	if r.IntN(3) == 0 {
		for range 1 + r.IntN(3) {
			b.Should = append(b.Should, &TermQuery{Field: "name", Term: pruneWords[r.IntN(len(pruneWords))], Boost: g.boost()})
		}
		b.MinimumShouldMatch = r.IntN(2)
	}
	if r.IntN(4) == 0 {
		b.MustNot = []Query{&TermQuery{Field: "name", Term: pruneWords[5+r.IntN(10)]}}
	}
	if r.IntN(5) == 0 {
		// Filters only, with a should clause required: the should
		// clauses' union leads the conjunction.
		b.Must = nil
		b.Filter = append(b.Filter, g.filter())
		b.Should = append(b.Should, g.word(), g.required())
		b.MinimumShouldMatch = 1
	}
	return b
}

// TestConjunctionPruning checks conjunctions against the exhaustive
// search: for random conjunctions, pages and track_total_hits limits, the
// hits (order, documents, scores bit for bit) and max_score equal those
// of a search that scores every match, and the total is that count, or
// the limit with "gte" when the count passes it. Pruning walks the
// conjunction rarest clause first, bounds each document by its clauses'
// bounds on it before scoring, and passes the minimum to the required
// clauses.
func TestConjunctionPruning(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	s := pruneCorpus(t, r, 1500)
	g := conjunctionGen{r}
	queries := 80
	if testing.Short() {
		queries = 25
	}
	for i := range queries {
		q := g.query()
		for _, v := range []struct{ from, size, limit int }{
			{0, 10, 0}, {0, 10, 1}, {0, 1, 3}, {5, 10, 20}, {0, 30, 100}, {0, 3, 400},
		} {
			checkPruned(t, s, i, q, v.from, v.size, v.limit)
		}
	}
}

// TestConjunctionMinCompetitive checks the bool's side directly: given a
// minimum part-way through, a conjunction returns every document scoring
// above it with its exhaustive score, and skips many others.
func TestConjunctionMinCompetitive(t *testing.T) {
	r := rand.New(rand.NewPCG(63, 64))
	s := pruneCorpus(t, r, 1500)
	g := conjunctionGen{r}
	var qs []Query
	for range 60 {
		qs = append(qs, g.query())
	}
	checkMinCompetitive(t, s.indexes["contract"], qs, 10)
}

// TestDocBoundCoversScore checks docBound's contract for the scorers a
// bool bounds its required clauses with: on every document, asked before
// the score (as competitiveAt asks), the bound is at least the score, bit
// for bit.
func TestDocBoundCoversScore(t *testing.T) {
	r := rand.New(rand.NewPCG(65, 66))
	s := pruneCorpus(t, r, 1500)
	ix := s.indexes["contract"]
	g := conjunctionGen{r}
	checked := 0
	for i := range 120 {
		q := g.required()
		w, err := createWeight(q, ix, 1)
		if err != nil {
			t.Fatal(err)
		}
		for segNum, seg := range ix.Segments {
			sc, err := w.scorer(segNum, seg)
			if err != nil {
				t.Fatal(err)
			}
			if sc == nil {
				continue
			}
			db, ok := sc.(docBounder)
			if !ok {
				continue // a bool: bounded by its region only
			}
			for sc.Next() {
				bound := db.docBound()
				if score := sc.Score(); !(bound >= score) {
					t.Fatalf("query %d %s, segment %d, doc %d: bound %v below score %v", i, Describe(q), segNum, sc.DocID(), bound, score)
				}
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d documents checked", checked)
	}
}

// TestConjunctionOrder checks the order a bool's conjunction walks its
// legs in: cheapest first, the should clauses' union a leg when one of
// them is required, a match_all filter left out beside another clause.
func TestConjunctionOrder(t *testing.T) {
	bits := func(cost int) sub { return sub{s: &bitsetScorer{cost: cost}} }
	all := sub{s: &allDocsScorer{maxDoc: 1000}}
	scoringAll := sub{s: &allDocsScorer{maxDoc: 1000}, scoring: true}
	for _, tc := range []struct {
		name        string
		req, should []sub
		msm         int
		want        []int
	}{
		{"none", nil, []sub{bits(1)}, 1, nil},
		{"by cost", []sub{bits(50), bits(5), bits(20)}, nil, 0, []int{1, 2, 0}},
		{"ties keep clause order", []sub{bits(5), bits(5)}, nil, 0, []int{0, 1}},
		{"optional should is no leg", []sub{bits(50)}, []sub{bits(1)}, 0, []int{0}},
		{"required should union", []sub{bits(50), bits(5)}, []sub{bits(10), bits(20)}, 1, []int{1, shouldLeg, 0}},
		{"match_all filter left out", []sub{all, bits(50)}, nil, 0, []int{1}},
		{"match_all filters alone", []sub{all, all}, nil, 0, []int{0, 1}},
		{"scoring match_all kept", []sub{scoringAll, bits(50)}, nil, 0, []int{1, 0}},
	} {
		got := conjunctionOrder(tc.req, tc.should, tc.msm)
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: order %v, want %v", tc.name, got, tc.want)
		}
	}
}
