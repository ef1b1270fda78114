package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// hitsCase is a query with the hits (ids in order) and float32 scores it
// must give, worked out by hand in the test's comments.
type hitsCase struct {
	name   string
	q      Query
	ids    []string
	scores []float32
}

func runHitsCases(t *testing.T, s *Searcher, index string, cases []hitsCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := s.Search(context.Background(), Request{Indexes: []string{index}, Query: c.q, Size: 100})
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Hits) != len(c.ids) || r.Total != len(c.ids) {
				t.Fatalf("got %d hits (total %d) %q, want %q", len(r.Hits), r.Total, ids(r), c.ids)
			}
			for i, h := range r.Hits {
				if h.ID != c.ids[i] || h.Score != c.scores[i] {
					t.Errorf("hit %d: %s %.9g (%#x), want %s %.9g (%#x)", i, h.ID, h.Score, math.Float32bits(h.Score),
						c.ids[i], c.scores[i], math.Float32bits(c.scores[i]))
				}
			}
		})
	}
}

// TestSloppyPhrase checks sloppy phrase frequencies and BM25 scores worked
// out by hand from Lucene's SloppyPhraseMatcher.
//
// Company names (field name, one segment), ids en/a … en/f:
//
//	a "acme supply corp"     acme@0 supply@1          dl 3
//	b "supply acme"          supply@0 acme@1          dl 2
//	c "acme widget supply"   acme@0 supply@2          dl 3
//	d "acme x y supply"      acme@0 supply@3          dl 4
//	e "acme supply acme"     acme@0,2 supply@1        dl 3
//	f "zeta"                                          dl 1
//
// N = 6, sum of lengths 16, avgdl = float32(16/6) = 2.6666667. acme and
// supply are each in 5 records: idf = ln(1 + (6−5+0.5)/(5+0.5)) =
// ln(1.2727273) = 0.24116206; a phrase's idf is the sum of its terms':
// 0.48232412 for two terms, 0.72348619 for "acme supply acme".
//
// The matcher tracks each term at (position − offset in the phrase); a
// match's length is the spread of those values, and each match adds
// 1/(1+length) to the frequency. For "acme supply": a → 0,0 (length 0,
// weight 1); c → 0,1 (1, ½); b → acme 1, supply −1 (2, ⅓); d → 0,2 (2, ⅓);
// e: acme 0 and supply 0 match with length 0, then acme moves to 2 and the
// remaining supply at 0 spans 2 more: a second match of length 2 (⅓) once
// the slop allows it — the matcher counts "supply acme" at 1–2 too.
//
// BM25 (k1 1.2, b 0.75): K = 1.2·(0.25 + 0.75·dl/avgdl) — 0.975 for dl 2,
// 1.3125 for dl 3, 1.65 for dl 4 — and score = idf·freq/(freq + K) in
// Lucene's float32 order (weight − weight/(1 + freq/K)):
//
//	freq 1,   dl 3: 0.48232412·1/(1+1.3125)            = 0.208572596
//	freq ½,   dl 3: 0.48232412·0.5/(0.5+1.3125)        = 0.133054912
//	freq 4/3, dl 3: 0.48232412·1.3333334/(1.3333334+1.3125) = 0.243060961
//	freq ⅓,   dl 2: 0.48232412·⅓/(⅓+0.975)             = 0.122885108
//	freq ⅓,   dl 4: 0.48232412·⅓/(⅓+1.65)              = 0.0810628533
//	freq 1,   dl 2: 0.48232412·1/(1+0.975)             = 0.244214743
//	"acme supply acme", freq 1, dl 3: 0.72348619/2.3125 = 0.31285888
//	boost 2, freq 4/3, dl 3: 2·0.243060961             = 0.486121923
func TestSloppyPhrase(t *testing.T) {
	s := NewSearcher(companyIndex(t, "acme supply corp", "supply acme", "acme widget supply", "acme x y supply", "acme supply acme", "zeta"))
	p := func(slop int, boost float32, terms ...string) Query {
		return &PhraseQuery{Field: "name", Terms: terms, Slop: slop, Boost: boost}
	}
	runHitsCases(t, s, "company", []hitsCase{
		// Slop 0 is the exact phrase: a and e once each, equal scores in
		// insertion order.
		{"slop 0", p(0, 0, "acme", "supply"), []string{"en/a", "en/e"}, []float32{0.208572596, 0.208572596}},
		// Slop 1 adds c (length 1, freq ½); e's second match (length 2)
		// is still out.
		{"slop 1", p(1, 0, "acme", "supply"), []string{"en/a", "en/e", "en/c"}, []float32{0.208572596, 0.208572596, 0.133054912}},
		// Slop 2 takes the reversed b and the spread-out d (⅓ each, b
		// shorter so higher) and e's second match: 1 + ⅓.
		{"slop 2", p(2, 0, "acme", "supply"), []string{"en/e", "en/a", "en/c", "en/b", "en/d"},
			[]float32{0.243060961, 0.208572596, 0.133054912, 0.122885108, 0.0810628533}},
		{"slop 2 boost 2", p(2, 2, "acme", "supply"), []string{"en/e", "en/a", "en/c", "en/b", "en/d"},
			[]float32{0.486121923, 0.417145193, 0.266109824, 0.245770216, 0.162125707}},
		// Out of order within the slop: "supply acme"~1 is exact in b and
		// in e (at 1–2); e's acme at 0 (length 2) only shortens the
		// match it started, so e's frequency stays 1.
		{"reversed slop 1", p(1, 0, "supply", "acme"), []string{"en/b", "en/e"}, []float32{0.244214743, 0.208572596}},
		// Repeated term: the second acme starts on acme's second position,
		// so only e (two acmes) can match; its cursors line up at 0 once,
		// then the colliding acme cursors run out: frequency 1.
		{"repeated term", p(1, 0, "acme", "supply", "acme"), []string{"en/e"}, []float32{0.31285888}},
		{"absent term", p(3, 0, "acme", "zzz"), nil, nil},
		// A one-term phrase is a term query: zeta is in 1 record, idf =
		// ln(1 + 5.5/1.5) = 1.54044509; dl 1: K = 1.2·(0.25 + 0.75/2.6666667)
		// = 0.6375; 1.54044509/(1 + 0.6375) = 0.940729797.
		{"one term is a term query", p(2, 0, "zeta"), []string{"en/f"}, []float32{0.940729797}},
	})
}

// TestSloppyFreqBound walks every document of random texts over a small
// vocabulary (so terms repeat, often unevenly) to its end for two- and
// three-term phrases at several slops, and checks that the matches never
// outnumber sloppyFreqBound, which the phrase prunes with, and that two
// different terms reach 2·min(freq) below Σ freq − 1 (so a bound one
// lower would fail).
func TestSloppyFreqBound(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	var docs []string
	for range 600 {
		// A per-document skew: some texts are mostly a, some mostly b.
		vocab := []string{"a", "b", "c", "a", "b", "c"}[:3+r.IntN(4)]
		ws := make([]string, 1+r.IntN(40))
		for i := range ws {
			ws[i] = vocab[r.IntN(len(vocab))]
		}
		docs = append(docs, fmt.Sprintf(`{"name":%q}`, strings.Join(ws, " ")))
	}
	ix := buildIndex(t, "contract", docs)
	reached := 0
	for _, terms := range [][]string{{"a", "b"}, {"b", "a"}, {"c", "a"}, {"a", "b", "c"}} {
		for slop := 1; slop <= 6; slop++ {
			q := &PhraseQuery{Field: "name", Terms: terms, Slop: slop}
			w, err := createWeight(q, ix, 1)
			if err != nil {
				t.Fatal(err)
			}
			sc, err := w.scorer(0, ix.Segments[0])
			if err != nil || sc == nil {
				t.Fatalf("%s: scorer %v, %v", Describe(q), sc, err)
			}
			s := sc.(*sloppyScorer)
			for s.Next() {
				bound, ok := s.sloppyFreqBound()
				f0, f1 := s.its[0].Freq(), s.its[1].Freq()
				matches := 1 // from found the first
				for s.match() {
					matches++
				}
				if !ok || float32(matches) > bound {
					t.Fatalf("%s, document %d: %d matches, bound %v (%v)", Describe(q), s.DocID(), matches, bound, ok)
				}
				if len(terms) == 2 && matches == int(2*min(f0, f1)) && 2*min(f0, f1) < f0+f1-1 {
					reached++
				}
			}
		}
	}
	if reached == 0 {
		t.Error("no document of two different terms reached 2·min(freq) matches below Σ freq − 1")
	}
}
