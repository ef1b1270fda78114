package search

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
)

// Company names (field name; name.raw holds the whole name as a keyword),
// one segment, ids en/a … en/f:
//
//	a "license"             dl 1
//	b "licence"             dl 1
//	c "licenses fee"        dl 2
//	d "silence"             dl 1
//	e "lisence lisence"     dl 2 (freq 2)
//	f "license agreement"   dl 2
//
// N = 6, sum of lengths 9, avgdl = 1.5, so K = 1.2·(0.25 + 0.75·dl/1.5) is
// 0.9 for dl 1 and 1.5 for dl 2. license is in 2 records (a, f), the other
// terms in 1: idf(2) = ln(1 + 4.5/2.5) = 1.02961946, idf(1) =
// ln(1 + 5.5/1.5) = 1.54044509.
var multiTermNames = []string{"license", "licence", "licenses fee", "silence", "lisence lisence", "license agreement"}

// TestFuzzy checks fuzzy rewrites and scores worked out by hand.
//
// "license"~2 (7 code points) finds license (0 edits, boost 1), licence
// and licenses (1 edit: boost 1 − 1/7 = 0.85714287), lisence (2
// substitutions: 1 − 2/7 = 0.71428573); silence is 3 edits away. The
// blended document frequency is the largest, license's 2, so every term
// scores with idf 1.02961946 times its boost:
//
//	a license   boost 1,          freq 1, dl 1: 1.02961946/(1+0.9)        = 0.541904986
//	b licence   boost 0.85714287, freq 1, dl 1: 0.88253099/(1+0.9)        = 0.464489996
//	e lisence   boost 0.71428573, freq 2, dl 2: 0.73544247·2/(2+1.5)      = 0.42025286
//	f license   boost 1,          freq 1, dl 2: 1.02961946/(1+1.5)        = 0.41184783
//	c licenses  boost 0.85714287, freq 1, dl 2: 0.88253099/(1+1.5)        = 0.353012443
//
// (Without blending licence would score with idf 1.54044509 and beat the
// exact match.)
func TestFuzzy(t *testing.T) {
	s := NewSearcher(companyIndex(t, multiTermNames...))
	fz := func(term string, edits, prefix, maxExp int, trans bool) Query {
		return &FuzzyQuery{Field: "name", Term: term, MaxEdits: edits, PrefixLength: prefix, MaxExpansions: maxExp, Transpositions: trans}
	}
	runHitsCases(t, s, "company", []hitsCase{
		{"two edits", fz("license", 2, 0, 50, true), []string{"en/a", "en/b", "en/e", "en/f", "en/c"},
			[]float32{0.541904986, 0.464489996, 0.42025286, 0.41184783, 0.353012443}},
		// MaxExpansions 0 is Lucene's default, 50.
		{"default expansions", fz("license", 2, 0, 0, true), []string{"en/a", "en/b", "en/e", "en/f", "en/c"},
			[]float32{0.541904986, 0.464489996, 0.42025286, 0.41184783, 0.353012443}},
		// The two best terms: license (1), then of the two at 0.85714287
		// licence before licenses in byte order. Blended df still 2.
		{"max expansions 2", fz("license", 2, 0, 2, true), []string{"en/a", "en/b", "en/f"},
			[]float32{0.541904986, 0.464489996, 0.41184783}},
		// One term left: a term query on license.
		{"max expansions 1", fz("license", 2, 0, 1, true), []string{"en/a", "en/f"}, []float32{0.541904986, 0.41184783}},
		// One edit keeps license, licence and licenses.
		{"one edit", fz("license", 1, 0, 50, true), []string{"en/a", "en/b", "en/f", "en/c"},
			[]float32{0.541904986, 0.464489996, 0.41184783, 0.353012443}},
		// "licnese" is license with n and e swapped: one edit with
		// transpositions (boost 0.85714287, df 2: a 0.464489996, f
		// 0.353012443 as licence and licenses above), two without.
		{"transposition", fz("licnese", 1, 0, 50, true), []string{"en/a", "en/f"}, []float32{0.464489996, 0.353012443}},
		{"no transpositions", fz("licnese", 1, 0, 50, false), nil, nil},
		// "lisense"~2 with prefix length 3 keeps only terms starting
		// "lis": lisence, 1 edit, boost 0.85714287, df 1 (idf
		// 1.54044509): 1.32038152·2/(2+1.5) = 0.754503787. Without the
		// prefix, license (1 edit) and more match too.
		{"prefix length", fz("lisense", 2, 3, 50, true), []string{"en/e"}, []float32{0.754503787}},
		// A prefix longer than the term: only the term itself.
		{"prefix beyond the term", fz("licence", 2, 10, 50, true), []string{"en/b"}, []float32{0.810760617}},
		// 0 edits is a term query (licence: df 1, idf 1.54044509, dl 1:
		// 1.54044509/1.9 = 0.810760617).
		{"zero edits", fz("licence", 0, 0, 50, true), []string{"en/b"}, []float32{0.810760617}},
		{"nothing within reach", fz("zzzzzzz", 2, 0, 50, true), nil, nil},
	})
	if _, err := s.Search(context.Background(), Request{Indexes: []string{"company"}, Query: fz("license", 3, 0, 50, true), Size: 1}); err == nil {
		t.Error("3 edits: no error")
	}
}

// TestFuzzyShortTerms checks the boosts of terms as short as the edit
// distance: FuzzyTermsEnum gives 1 − edits/min(len) even when that is 0 or
// negative; the rewrite ranks by that raw boost but clamps it to 0 for
// scoring, so such terms match with score 0.
//
// Names a "ab", b "abc", c "a", d "b", e "x", f "xyz": N 6, avgdl 1, every
// term in one record (idf 1.54044509), K = 1.2. "ab"~2:
//
//	ab   0 edits              boost 1    1.54044509/2.2     = 0.700202286
//	abc  1 edit, min(3,2) = 2 boost 0.5  0.77022254/2.2     = 0.350101143
//	a    1 edit, min(1,2) = 1 boost 0    score 0
//	b    1 edit               boost 0    score 0
//	x    2 edits, min 1       boost −1   clamped to 0: score 0
//	xyz  3 edits: no match
//
// Ties at score 0 come in insertion order; with 3 expansions the tie at
// boost 0 between a and b goes to a (byte order) and x (−1) is out.
func TestFuzzyShortTerms(t *testing.T) {
	s := NewSearcher(companyIndex(t, "ab", "abc", "a", "b", "x", "xyz"))
	fz := func(maxExp int) Query {
		return &FuzzyQuery{Field: "name", Term: "ab", MaxEdits: 2, MaxExpansions: maxExp, Transpositions: true}
	}
	runHitsCases(t, s, "company", []hitsCase{
		{"all expansions", fz(50), []string{"en/a", "en/b", "en/c", "en/d", "en/e"}, []float32{0.700202286, 0.350101143, 0, 0, 0}},
		{"three expansions", fz(3), []string{"en/a", "en/b", "en/c"}, []float32{0.700202286, 0.350101143, 0}},
		// An empty query term: Lucene's FuzzyTermsEnum drops to 0 edits
		// (1 − edits/0 = −∞), so only an empty term could match.
		{"empty term", &FuzzyQuery{Field: "name", Term: "", MaxEdits: 2, MaxExpansions: 50}, nil, nil},
	})
}

// TestPrefixAndTermSet checks the constant-score multi-term queries on the
// names of multiTermNames: every match scores the boost (1 by default)
// and ties come in insertion order.
func TestPrefixAndTermSet(t *testing.T) {
	s := NewSearcher(companyIndex(t, multiTermNames...))
	ones := func(n int, v float32) []float32 {
		out := make([]float32, n)
		for i := range out {
			out[i] = v
		}
		return out
	}
	runHitsCases(t, s, "company", []hitsCase{
		{"prefix lic", &PrefixQuery{Field: "name", Prefix: "lic"}, []string{"en/a", "en/b", "en/c", "en/f"}, ones(4, 1)},
		{"prefix boosted", &PrefixQuery{Field: "name", Prefix: "lic", Boost: 2.5}, []string{"en/a", "en/b", "en/c", "en/f"}, ones(4, 2.5)},
		{"prefix is a whole term", &PrefixQuery{Field: "name", Prefix: "silence"}, []string{"en/d"}, ones(1, 1)},
		{"prefix matching nothing", &PrefixQuery{Field: "name", Prefix: "zz"}, nil, nil},
		{"empty prefix", &PrefixQuery{Field: "name", Prefix: ""}, []string{"en/a", "en/b", "en/c", "en/d", "en/e", "en/f"}, ones(6, 1)},
		{"keyword prefix", &PrefixQuery{Field: "name.raw", Prefix: "license "}, []string{"en/f"}, ones(1, 1)},
		{"unknown field", &PrefixQuery{Field: "nofield", Prefix: "a"}, nil, nil},
		{"terms", &TermSetQuery{Field: "name", Terms: []string{"lisence", "license", "zzz", "license"}}, []string{"en/a", "en/e", "en/f"}, ones(3, 1)},
		{"terms boosted", &TermSetQuery{Field: "name", Terms: []string{"fee"}, Boost: 3}, []string{"en/c"}, ones(1, 3)},
		{"no terms", &TermSetQuery{Field: "name"}, nil, nil},
		{"constant score", &ConstantScoreQuery{Query: &FuzzyQuery{Field: "name", Term: "license", MaxEdits: 2, Transpositions: true}, Boost: 2},
			[]string{"en/a", "en/b", "en/c", "en/e", "en/f"}, ones(5, 2)},
		{"constant score of nothing", &ConstantScoreQuery{Query: &MatchNoneQuery{}}, nil, nil},
	})
}

// prefixIndex is a company index of n names "tNN xM" (NN = i mod tMod, M =
// i mod 3) in three segments, cut before names cut1 and cut2.
func prefixIndex(t *testing.T, n, tMod, cut1, cut2 int) *Index {
	t.Helper()
	var names []string
	for i := range n {
		names = append(names, fmt.Sprintf("t%02d x%d", i%tMod, i%3))
	}
	ix := companyIndex(t, names[:cut1]...)
	ix.Segments = append(ix.Segments, companyIndex(t, names[cut1:cut2]...).Segments...)
	ix.Segments = append(ix.Segments, companyIndex(t, names[cut2:]...).Segments...)
	return ix
}

// TestPrefixManyTerms checks the bit-set union used past 16 terms against
// the heap union below it, over records spread across three segments.
func TestPrefixManyTerms(t *testing.T) {
	s := NewSearcher(prefixIndex(t, 40, 20, 15, 30))
	for _, c := range []struct {
		prefix string
		want   int
	}{{"t", 40}, {"t0", 20}, {"t1", 20}, {"t05", 2}, {"x", 40}, {"x1", 13}} {
		r, err := s.Search(context.Background(), Request{Indexes: []string{"company"}, Query: &PrefixQuery{Field: "name", Prefix: c.prefix, Boost: 0.5}, Size: 100})
		if err != nil {
			t.Fatal(err)
		}
		if r.Total != c.want {
			t.Errorf("prefix %q: %d matches, want %d", c.prefix, r.Total, c.want)
		}
		prev := Hit{Segment: -1}
		for _, h := range r.Hits {
			if h.Score != 0.5 {
				t.Errorf("prefix %q: %s scores %v", c.prefix, h.ID, h.Score)
			}
			if h.Segment < prev.Segment || (h.Segment == prev.Segment && h.Doc <= prev.Doc) {
				t.Errorf("prefix %q: %s not in document order", c.prefix, h.ID)
			}
			prev = h
		}
	}
}

// TestDisMax checks DisjunctionMaxScorer's arithmetic on multiTermNames:
// the best disjunct plus the tie breaker times the others, in float64,
// rounded once.
//
// name:license (df 2, idf 1.02961946): a (dl 1) 1.02961946/1.9 =
// 0.541904986, f (dl 2) 1.02961946/2.5 = 0.41184783. name.raw:license is
// a keyword (no norms: dl 1; N 6, one value each so avgdl 1, K 1.2), in a
// only: idf(1) 1.54044509/2.2 = 0.700202286. So a has both, f one:
//
//	tie 0:   a = 0.700202286                            f = 0.41184783
//	tie 0.5: a = 0.700202286 + 0.5·0.541904986 = 0.971154809
//	tie 1:   a = 0.700202286 + 0.541904986     = 1.24210727 (a plain sum)
//	one disjunct, boost 2: name:license with boost 2: a 1.08380997, f 0.82369566
func TestDisMax(t *testing.T) {
	s := NewSearcher(companyIndex(t, multiTermNames...))
	name := &TermQuery{Field: "name", Term: "license"}
	raw := &TermQuery{Field: "name.raw", Term: "license"}
	runHitsCases(t, s, "company", []hitsCase{
		{"tie 0", &DisMaxQuery{Disjuncts: []Query{name, raw}}, []string{"en/a", "en/f"}, []float32{0.700202286, 0.41184783}},
		{"tie 0.5", &DisMaxQuery{Disjuncts: []Query{name, raw}, TieBreaker: 0.5}, []string{"en/a", "en/f"}, []float32{0.971154809, 0.41184783}},
		{"tie 1", &DisMaxQuery{Disjuncts: []Query{raw, name}, TieBreaker: 1}, []string{"en/a", "en/f"}, []float32{1.24210727, 0.41184783}},
		{"one disjunct", &DisMaxQuery{Disjuncts: []Query{name}, TieBreaker: 0.3, Boost: 2}, []string{"en/a", "en/f"}, []float32{1.08380997, 0.82369566}},
		{"a disjunct matching nothing", &DisMaxQuery{Disjuncts: []Query{&TermQuery{Field: "name", Term: "zzz"}, name}, TieBreaker: 0.5},
			[]string{"en/a", "en/f"}, []float32{0.541904986, 0.41184783}},
		{"no disjuncts", &DisMaxQuery{}, nil, nil},
	})
	for _, tie := range []float32{-0.1, 1.5} {
		q := &DisMaxQuery{Disjuncts: []Query{name, raw}, TieBreaker: tie}
		if _, err := s.Search(context.Background(), Request{Indexes: []string{"company"}, Query: q, Size: 1}); err == nil || !strings.Contains(err.Error(), "tie breaker") {
			t.Errorf("tie %v: error %v", tie, err)
		}
	}
}

// TestFuzzyRewrittenOncePerSearch checks that a search rewriting the same
// fuzzy term several times (Form A's expansion searches each word in
// several clauses, over several indexes) gives each clause its own
// rewrite: the variants below differ in edits, transpositions, max
// expansions and boost, and each index has its own dictionary, so a
// rewrite reused where its key differs would change the scores.
func TestFuzzyRewrittenOncePerSearch(t *testing.T) {
	company := companyIndex(t, multiTermNames...)
	category := buildIndex(t, "category", []string{`{"name":"licence"}`, `{"name":"licences"}`, `{"name":"lisense fee"}`})
	s := NewSearcher(company, category)
	fz := func(term string, edits, maxExp int, trans bool, boost float32) Query {
		return &FuzzyQuery{Field: "name", Term: term, MaxEdits: edits, MaxExpansions: maxExp, Transpositions: trans, Boost: boost}
	}
	variants := []Query{
		fz("license", 2, 50, true, 0),
		fz("license", 2, 2, true, 0),
		fz("license", 1, 50, true, 0),
		fz("license", 2, 50, true, 3),
		fz("licnese", 1, 50, false, 0),
		fz("licnese", 1, 50, true, 0),
	}
	indexes := []string{"company", "category"}
	search := func(q Query, indexes ...string) map[string]float64 {
		t.Helper()
		r, err := s.Search(context.Background(), Request{Indexes: indexes, Query: q, Size: 100})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]float64{}
		for _, h := range r.Hits {
			out[h.Index+"/"+h.ID] = float64(h.Score)
		}
		return out
	}
	want := map[string]float64{}
	for _, q := range variants {
		for _, ix := range indexes {
			for id, sc := range search(q, ix) {
				want[id] += sc
			}
		}
	}
	got := search(&BoolQuery{Should: variants}, indexes...)
	if len(got) != len(want) {
		t.Fatalf("got %d hits %v, want %d %v", len(got), got, len(want), want)
	}
	for id, w := range want {
		if g, ok := got[id]; !ok || math.Abs(g-w) > 1e-6*w {
			t.Errorf("%s: score %.9g, want the sum of the clauses alone, %.9g", id, g, w)
		}
	}
}

// TestPrefixSharedInOneSearch checks that clauses of one search repeating
// a prefix (Form A's "indemn*" in several clauses) share its terms and its
// set of documents per segment and still each match as alone: the
// variants differ in prefix, boost and, inside a must_not, occurrence, over
// three segments, with prefixes of more terms than a disjunction takes
// (the bit set) and of fewer.
func TestPrefixSharedInOneSearch(t *testing.T) {
	s := NewSearcher(prefixIndex(t, 60, 40, 20, 45))
	pf := func(prefix string, boost float32) Query {
		return &PrefixQuery{Field: "name", Prefix: prefix, Boost: boost}
	}
	search := func(q Query) map[string]float32 {
		t.Helper()
		r, err := s.Search(context.Background(), Request{Indexes: []string{"company"}, Query: q, Size: 100})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]float32{} // by segment and document: each segment has its own ids
		for _, h := range r.Hits {
			out[fmt.Sprint(h.Segment, "/", h.Doc)] = h.Score
		}
		return out
	}
	variants := []Query{pf("t", 1), pf("t", 2), pf("t0", 0.5), pf("t", 0.25), pf("t1", 4), pf("t1", 8)}
	want := map[string]float64{}
	for _, q := range variants {
		for id, sc := range search(q) {
			want[id] += float64(sc)
		}
	}
	got := search(&BoolQuery{Should: variants})
	if len(got) != len(want) || len(got) != 60 {
		t.Fatalf("got %d hits, want %d (60)", len(got), len(want))
	}
	for id, w := range want {
		if g := float64(got[id]); math.Abs(g-w) > 1e-6*w {
			t.Errorf("%s: score %.9g, want the sum of the clauses alone, %.9g", id, g, w)
		}
	}
	// t and x0 both required, t1 excluded: the shared set of t1 must not
	// stand for t's. x0 is every third name (20), of which 6 start t1
	// (t12, t15, t18 twice each).
	got = search(&BoolQuery{Must: []Query{pf("t", 1), pf("x0", 1)}, MustNot: []Query{pf("t1", 1)}, Should: []Query{pf("t", 1)}})
	if len(got) != 14 {
		t.Errorf("t +x0 -t1: %d hits %v, want 14", len(got), got)
	}
}
