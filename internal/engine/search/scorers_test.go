package search

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/engine/analysis"
	"github.com/contractsearch/contractsearch/internal/engine/document"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/mappings"
)

// buildIndex writes one segment per list of JSON sources; records are
// named r0, r1, … across segments.
func buildIndex(t testing.TB, name string, segments ...[]string) *Index {
	t.Helper()
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	schema := document.NewSchema(m.Index(name))
	ix := &Index{Name: name}
	n := 0
	for si, srcs := range segments {
		w, err := segment.NewWriter(analysis.NewStandard(255))
		if err != nil {
			t.Fatal(err)
		}
		for _, src := range srcs {
			doc, err := schema.Parse([]byte(src))
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			if _, err := w.Add(fmt.Sprintf("r%d", n), doc, []byte(src)); err != nil {
				t.Fatal(err)
			}
			n++
		}
		prefix := fmt.Sprintf("%s-%d", name, si)
		files, err := w.Finish(prefix)
		if err != nil {
			t.Fatal(err)
		}
		seg, err := segment.Open(prefix, func(n string) ([]byte, bool) { b, ok := files[n]; return b, ok })
		if err != nil {
			t.Fatal(err)
		}
		ix.Segments = append(ix.Segments, seg)
	}
	return ix
}

// hitsString renders hits as "id:score id:score …" with the scores'
// shortest float32 text.
func hitsString(r *Result) string {
	var out []string
	for _, h := range r.Hits {
		out = append(out, fmt.Sprintf("%s:%v", h.ID, h.Score))
	}
	return strings.Join(out, " ")
}

func search(t *testing.T, s *Searcher, index string, q Query) *Result {
	t.Helper()
	r, err := s.Search(context.Background(), Request{Indexes: []string{index}, Query: q, Size: 100})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// nestedCorpus is a contract index whose sections' snippets repeat the
// four clause snippets of TestBruteForceHandComputedBM25, so the child
// field sections.snippet has the statistics worked out there: N = 4
// (children with a snippet), n(alpha) = 3, avgdl = 12, and
//
//	"alpha alpha charlie delta" (freq 2, dl 4):  0.274365336
//	"alpha bravo"               (freq 1, dl 2):  0.245982707
//	"alpha" + 40 × foxtrot      (freq 1, dl 41, stored as 40): 0.0829476416
//
// Record snippets ("alpha" on r2) are another field and change nothing.
func nestedCorpus(t testing.TB) *Index {
	long := "alpha" + strings.Repeat(" foxtrot", 40)
	return buildIndex(t, "contract",
		[]string{
			// r0: children 0 "alpha bravo", 1 "alpha alpha charlie delta".
			`{"name":"first","sections":[{"type":"clause","snippet":"alpha bravo"},{"type":"definition","snippet":"alpha alpha charlie delta"}]}`,
			// r1: children 0 "echo", 1 the long one.
			`{"name":"second","sections":[{"type":"clause","snippet":"echo"},{"type":"clause","snippet":"` + long + `"}]}`,
		},
		[]string{
			// r2: no children; r3: one child without a snippet.
			`{"name":"third","snippet":"alpha"}`,
			`{"name":"fourth","sections":{"type":"definition","name":"alpha"}}`,
		})
}

func TestNestedScoreModes(t *testing.T) {
	s := NewSearcher(nestedCorpus(t))
	alpha := &TermQuery{Field: "sections.snippet", Term: "alpha"}
	for _, c := range []struct {
		name string
		q    *NestedQuery
		want string
	}{
		// r0's children score 0.245982707 and 0.274365336; r1's one child
		// 0.0829476416. Lucene adds the float scores in a double:
		// 0.245982707 + 0.274365336 = 0.520348043 → float 0.520348072.
		{"sum", &NestedQuery{Path: "sections", ScoreMode: ScoreSum, Query: alpha}, "r0:0.5203481 r1:0.08294764"},
		// avg divides the double sum by 2 before rounding: 0.260174021 →
		// float 0.260174036.
		{"avg", &NestedQuery{Path: "sections", ScoreMode: ScoreAvg, Query: alpha}, "r0:0.26017404 r1:0.08294764"},
		{"max", &NestedQuery{Path: "sections", ScoreMode: ScoreMax, Query: alpha}, "r0:0.27436534 r1:0.08294764"},
		{"min", &NestedQuery{Path: "sections", ScoreMode: ScoreMin, Query: alpha}, "r0:0.2459827 r1:0.08294764"},
		// none: the records score 0 and come in document order.
		{"none", &NestedQuery{Path: "sections", ScoreMode: ScoreNone, Query: alpha}, "r0:0 r1:0"},
		// The boost reaches the children's BM25 weight (2·idf), doubling
		// each child exactly: 0.491965413 + 0.548730671 = 1.04069608 →
		// float 1.04069614, twice the unboosted sum.
		{"sum boost 2", &NestedQuery{Path: "sections", ScoreMode: ScoreSum, Boost: 2, Query: alpha}, "r0:1.0406961 r1:0.16589528"},
		// With none the boost changes nothing.
		{"none boost 2", &NestedQuery{Path: "sections", ScoreMode: ScoreNone, Boost: 2, Query: alpha}, "r0:0 r1:0"},
		// match_all matches every child (r3's too) with score 1: sum = the
		// number of children.
		{"match_all sum", &NestedQuery{Path: "sections", ScoreMode: ScoreSum, Query: &MatchAllQuery{}}, "r0:2 r1:2 r3:1"},
		{"match_all avg boost", &NestedQuery{Path: "sections", Query: &MatchAllQuery{Boost: 0.5}, Boost: 3}, "r0:1.5 r1:1.5 r3:1.5"},
		// A pure negative bool inside: every child but the excluded ones.
		{"pure negative", &NestedQuery{Path: "sections", ScoreMode: ScoreSum, Query: &BoolQuery{MustNot: []Query{&TermQuery{Field: "sections.type", Term: "clause"}}}}, "r0:0 r3:0"},
		// A record field inside a nested query reaches no child.
		{"record field", &NestedQuery{Path: "sections", Query: &TermQuery{Field: "name", Term: "first"}}, ""},
		{"record snippet", &NestedQuery{Path: "sections", Query: &TermQuery{Field: "snippet", Term: "alpha"}}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := hitsString(search(t, s, "contract", c.q)); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// TestNestedKeywordStatistics pins a keyword term on the children to BM25
// with the children's own statistics: sections.type has N = 5 children
// (r0: clause, definition; r1: clause, clause; r3: definition), n = 2 for
// definition, idf = ln(1 + 3.5/2.5) = ln 2.4 = float 0.875468731; no
// norms, so dl = 1 and avgdl = sumDocFreq/N = 1, K = 1.2:
//
//	0.875468731 · 1/(1 + 1.2) = 0.397940332; Lucene's float form
//	w − w/(1 + 1/1.2) gives 0.397940308
//
// Records do not count: r2 and r3 have names but no type.
func TestNestedKeywordStatistics(t *testing.T) {
	s := NewSearcher(nestedCorpus(t))
	q := &NestedQuery{Path: "sections", ScoreMode: ScoreMax, Query: &TermQuery{Field: "sections.type", Term: "definition"}}
	if got, want := hitsString(search(t, s, "contract", q)), "r0:0.3979403 r3:0.3979403"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestNestedInsideBoolAndBoolInsideNested(t *testing.T) {
	s := NewSearcher(nestedCorpus(t))
	alpha := &TermQuery{Field: "sections.snippet", Term: "alpha"}
	for _, c := range []struct {
		name string
		q    Query
		want string
	}{
		// A record clause plus a nested clause: name:first (N = 4 records,
		// n = 1, idf = ln(1 + 3.5/1.5) = 1.20397282, dl = avgdl = 1:
		// 1.20397282/2.2 → 0.547260344) + r0's sum 0.520348072, added as
		// a conjunction in double: 1.06760842 → float 1.06760836.
		{"must record, must nested", &BoolQuery{Must: []Query{&TermQuery{Field: "name", Term: "first"}, &NestedQuery{Path: "sections", ScoreMode: ScoreSum, Query: alpha}}}, "r0:1.0676084"},
		{"filter nested", &BoolQuery{Filter: []Query{&NestedQuery{Path: "sections", Query: alpha}}}, "r0:0 r1:0"},
		{"must_not nested", &BoolQuery{MustNot: []Query{&NestedQuery{Path: "sections", Query: alpha}}}, "r2:0 r3:0"},
		// Inside: both clauses must hold on the same child; r0's child 1
		// has alpha and type definition: 0.274365336 + 0.397940308 in
		// double = 0.672305644 → float 0.672305644.
		{"bool inside", &NestedQuery{Path: "sections", ScoreMode: ScoreSum, Query: &BoolQuery{Must: []Query{alpha, &TermQuery{Field: "sections.type", Term: "definition"}}}}, "r0:0.67230564"},
		// Filter inside a nested: 0 per child.
		{"filter inside", &NestedQuery{Path: "sections", Query: &BoolQuery{Filter: []Query{alpha}}}, "r0:0 r1:0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := hitsString(search(t, s, "contract", c.q)); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

func TestNestedRefusals(t *testing.T) {
	s := NewSearcher(nestedCorpus(t))
	for _, q := range []Query{
		&NestedQuery{Path: "sections", Query: &NestedQuery{Path: "sections", Query: &MatchAllQuery{}}},
		&NestedQuery{Path: "sections"},
		&NestedQuery{Path: "sections", Query: &MatchAllQuery{}, ScoreMode: ScoreNone + 1},
		&BoolQuery{Should: []Query{
			&NestedQuery{Path: "sections", Query: &MatchAllQuery{}, InnerHits: &InnerHitsSpec{Size: 3}},
			&NestedQuery{Path: "sections", Query: &MatchAllQuery{}, InnerHits: &InnerHitsSpec{Name: "sections", Size: 3}},
		}},
	} {
		if _, err := s.Search(context.Background(), Request{Indexes: []string{"contract"}, Query: q, Size: 10}); err == nil {
			t.Errorf("%s: no error", bfGo(q))
		}
	}
}

// innerHitsString renders one inner hits section as
// "total max [offset:score …]".
func innerHitsString(ih InnerHits) string {
	max := "null"
	if ih.MaxScore != nil {
		max = fmt.Sprint(*ih.MaxScore)
	}
	var hs []string
	for _, h := range ih.Hits {
		hs = append(hs, fmt.Sprintf("%d:%v", h.Offset, h.Score))
	}
	return fmt.Sprintf("%d %s [%s]", ih.Total, max, strings.Join(hs, " "))
}

func TestInnerHits(t *testing.T) {
	ix := nestedCorpus(t)
	s := NewSearcher(ix)
	alpha := &TermQuery{Field: "sections.snippet", Term: "alpha"}
	nested := func(name string, from, size int, boost float32) *NestedQuery {
		return &NestedQuery{Path: "sections", ScoreMode: ScoreSum, Query: alpha, Boost: boost, InnerHits: &InnerHitsSpec{Name: name, From: from, Size: size}}
	}
	for _, c := range []struct {
		name string
		q    Query
		// want maps hit id → inner hits name → rendering.
		want map[string]map[string]string
	}{
		// Score descending: r0's child 1 (0.274365336) before child 0.
		{"default name", nested("", 0, 3, 0), map[string]map[string]string{
			"r0": {"sections": "2 0.27436534 [1:0.27436534 0:0.2459827]"},
			"r1": {"sections": "1 0.08294764 [1:0.08294764]"},
		}},
		// The nested query's boost does not reach inner hits.
		{"boosted", nested("x", 0, 3, 4), map[string]map[string]string{
			"r0": {"x": "2 0.27436534 [1:0.27436534 0:0.2459827]"},
			"r1": {"x": "1 0.08294764 [1:0.08294764]"},
		}},
		{"from 1", nested("x", 1, 3, 0), map[string]map[string]string{
			"r0": {"x": "2 0.27436534 [0:0.2459827]"},
			"r1": {"x": "1 0.08294764 []"},
		}},
		// Size 0: totals only, max_score null.
		{"size 0", nested("x", 0, 0, 0), map[string]map[string]string{
			"r0": {"x": "2 null []"}, "r1": {"x": "1 null []"},
		}},
		// A should clause: every hit gets the section, empty where the
		// nested clause did not match; ties (match_all children, score 1)
		// in offset order.
		{"should", &BoolQuery{Should: []Query{
			&TermQuery{Field: "name", Term: "third"},
			&NestedQuery{Path: "sections", Query: &MatchAllQuery{}, InnerHits: &InnerHitsSpec{Name: "all", Size: 5}},
		}}, map[string]map[string]string{
			"r2": {"all": "0 null []"},
			"r0": {"all": "2 1 [0:1 1:1]"},
			"r1": {"all": "2 1 [0:1 1:1]"},
			"r3": {"all": "1 1 [0:1]"},
		}},
		// Under must_not: no inner hits at all.
		{"must_not", &BoolQuery{MustNot: []Query{nested("x", 0, 3, 0)}}, map[string]map[string]string{
			"r2": nil, "r3": nil,
		}},
		// Two sections, one per nested query. type:clause on the
		// children: N = 5, n = 3, idf = ln(1 + 2.5/3.5) = 0.538996518,
		// /2.2 → 0.244998395.
		{"two", &BoolQuery{Must: []Query{nested("a", 0, 1, 0)}, Filter: []Query{
			&NestedQuery{Path: "sections", Query: &TermQuery{Field: "sections.type", Term: "clause"}, InnerHits: &InnerHitsSpec{Name: "b", Size: 3}}}},
			map[string]map[string]string{
				"r0": {"a": "2 0.27436534 [1:0.27436534]", "b": "1 0.2449984 [0:0.2449984]"},
				"r1": {"a": "1 0.08294764 [1:0.08294764]", "b": "2 0.2449984 [0:0.2449984 1:0.2449984]"},
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := search(t, s, "contract", c.q)
			if len(r.Hits) != len(c.want) {
				t.Fatalf("%d hits (%s), want %d", len(r.Hits), hitsString(r), len(c.want))
			}
			for _, h := range r.Hits {
				want, ok := c.want[h.ID]
				if !ok {
					t.Errorf("unexpected hit %s", h.ID)
					continue
				}
				if (want == nil) != (h.InnerHits == nil) || len(want) != len(h.InnerHits) {
					t.Errorf("%s: inner hits %v, want %v", h.ID, h.InnerHits, want)
					continue
				}
				for name, w := range want {
					ih := h.InnerHits[name]
					if got := innerHitsString(ih); got != w || ih.Path != "sections" {
						t.Errorf("%s %s: %s %s, want sections %s", h.ID, name, ih.Path, got, w)
					}
					// The child's stored source is the section object.
					for _, x := range ih.Hits {
						src, _, err := ix.Segments[h.Segment].Store.Get(x.Doc, nil, nil)
						if err != nil || !strings.HasPrefix(string(src), `{"type":`) {
							t.Errorf("%s %s offset %d: source %q %v", h.ID, name, x.Offset, src, err)
						}
					}
				}
			}
		})
	}
}

// rangeCorpus has integers (one multi-valued) and dates in two segments.
func rangeCorpus(t testing.TB) *Index {
	return buildIndex(t, "contract",
		[]string{
			`{"group_size":[7,1],"filing_date":"2010-01-01","sections":[{"type":"clause"}]}`, // r0
			`{"group_size":3,"filing_date":"2010-12-31"}`,                                    // r1
		},
		[]string{
			`{"group_size":5}`, // r2
			`{"filing_date":"2011-01-01","sections":[{"type":"clause"},{"type":"definition"}]}`, // r3
			`{"name":"none"}`, // r4
		})
}

func TestRange(t *testing.T) {
	s := NewSearcher(rangeCorpus(t))
	day := int64(24 * time.Hour / time.Millisecond)
	ms := func(date string) int64 { return *epochMillis(date) }
	rng := func(field string, lo, hi *int64) *RangeQuery { return &RangeQuery{Field: field, Lower: lo, Upper: hi} }
	for _, c := range []struct {
		name string
		q    Query
		want string
	}{
		// Inclusive bounds; r0's values 1 and 7 straddle [3, 5] without
		// one inside it.
		{"[3, 5]", rng("group_size", i64(3), i64(5)), "r1:1 r2:1"},
		// Any value in range matches: r0's 7.
		{"[6, ∞)", rng("group_size", i64(6), nil), "r0:1"},
		{"(−∞, 1]", rng("group_size", nil, i64(1)), "r0:1"},
		{"open", rng("group_size", nil, nil), "r0:1 r1:1 r2:1"},
		// gt 3 lt 5 arrives as [4, 4].
		{"[4, 4]", rng("group_size", i64(4), i64(4)), ""},
		{"[5, 5]", rng("group_size", i64(5), i64(5)), "r2:1"},
		{"empty", rng("group_size", i64(5), i64(4)), ""},
		{"extremes", rng("group_size", i64(math.MinInt64), i64(math.MaxInt64)), "r0:1 r1:1 r2:1"},
		// Dates as epoch milliseconds: gte 2010-01-01 lte 2010-12-31
		// (lte rounds up to the day's last millisecond).
		{"year 2010", rng("filing_date", i64(ms("2010-01-01")), i64(ms("2010-12-31")+day-1)), "r0:1 r1:1"},
		// gt 2010-12-31: above the day's last millisecond.
		{"after 2010", rng("filing_date", i64(ms("2011-01-01")), nil), "r3:1"},
		// lt 2010-12-31 excludes that day.
		{"before 2010-12-31", rng("filing_date", nil, i64(ms("2010-12-31")-1)), "r0:1"},
		{"boost", &RangeQuery{Field: "group_size", Lower: i64(5), Boost: 2.5}, "r0:2.5 r2:2.5"},
		{"unknown field", rng("nofield", nil, nil), ""},
		// In a bool: filter scores 0, must adds the boost.
		{"bool", &BoolQuery{Must: []Query{rng("group_size", i64(1), nil)}, Filter: []Query{rng("filing_date", nil, i64(ms("2011-01-01")))}}, "r0:1 r1:1"},
		{"must_not", &BoolQuery{MustNot: []Query{rng("group_size", i64(2), nil)}}, "r3:0 r4:0"},
		// Records only at the top level, and no child has these fields.
		{"nested", &NestedQuery{Path: "sections", Query: rng("group_size", nil, nil)}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := hitsString(search(t, s, "contract", c.q)); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// featureCorpus has weight_rank 4, 100, 0.3, 3.14159 and one record
// without it. Lucene keeps a feature's top 9 significant bits (the float's
// bits >> 15): 4 → 0x8100 and 100 → 0x8590 exactly, 0.3 → 0x7d33 =
// 0.299804688, 3.14159 → 0x8092 = 3.140625.
func featureCorpus(t testing.TB) *Index {
	return buildIndex(t, "clause",
		[]string{`{"weight_rank":4}`, `{"weight_rank":100}`, `{"name":"none"}`},
		[]string{`{"weight_rank":0.3}`, `{"weight_rank":3.14159}`})
}

func TestRankFeature(t *testing.T) {
	s := NewSearcher(featureCorpus(t))
	for _, c := range []struct {
		name string
		q    Query
		want string
	}{
		// Saturation, Lucene's 1 − pivot/(S + pivot) in float:
		// 4: 1 − 16/20 = 1 − 0.800000012 = 0.199999988.
		{"saturation 16", &RankFeatureQuery{Field: "weight_rank", Function: Saturation{Pivot: f32(16)}},
			"r1:0.86206895 r0:0.19999999 r4:0.16408163 r3:0.018393159"},
		// The index's default pivot: the mean of the encoded values,
		// (33024 + 34192 + 32051 + 32914)/4 = 33045.25, truncated to 33045
		// = 0x8115 and decoded: 2² · (1 + 0x15/256) = 4.328125.
		// 4: 1 − 4.328125/8.328125 = 0.480300188.
		{"saturation default", &RankFeatureQuery{Field: "weight_rank"},
			"r1:0.95851433 r0:0.4803002 r4:0.42050207 r3:0.064781606"},
		{"saturation default explicit", &RankFeatureQuery{Field: "weight_rank", Function: Saturation{}},
			"r1:0.95851433 r0:0.4803002 r4:0.42050207 r3:0.064781606"},
		// Log: boost · ln(a + S), a + S in float: 3·ln(6) = 5.37527847.
		{"log", &RankFeatureQuery{Field: "weight_rank", Function: Log{ScalingFactor: 2}, Boost: 3},
			"r1:13.874918 r0:5.3752785 r4:4.911524 r3:2.4984727"},
		// Sigmoid with exponent 1: 1 − 7/(S + 7) in double: 4 → 0.363636374.
		{"sigmoid", &RankFeatureQuery{Field: "weight_rank", Function: Sigmoid{Pivot: 7, Exponent: 1}},
			"r1:0.93457943 r0:0.36363637 r4:0.30970725 r3:0.041070234"},
		// Linear: boost · S, the decoded value.
		{"linear", &RankFeatureQuery{Field: "weight_rank", Function: Linear{}, Boost: 2},
			"r1:200 r0:8 r4:6.28125 r3:0.5996094"},
		{"missing feature", &RankFeatureQuery{Field: "nofield", Function: Linear{}}, ""},
		// With a required clause the feature adds to the score.
		{"bool", &BoolQuery{Must: []Query{&MatchAllQuery{}}, Should: []Query{&RankFeatureQuery{Field: "weight_rank", Function: Linear{}}}},
			"r1:101 r0:5 r4:4.140625 r3:1.2998047 r2:1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := hitsString(search(t, s, "clause", c.q)); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
	// Invalid parameters are refused, as Lucene's constructors refuse them.
	for _, q := range []*RankFeatureQuery{
		{Field: "weight_rank", Function: Saturation{Pivot: f32(0)}},
		{Field: "weight_rank", Function: Log{ScalingFactor: 0.5}},
		{Field: "weight_rank", Function: Sigmoid{Pivot: 1, Exponent: 0}},
	} {
		if _, err := s.Search(context.Background(), Request{Indexes: []string{"clause"}, Query: q, Size: 10}); err == nil {
			t.Errorf("%#v: no error", q.Function)
		}
	}
}

// TestScorersStayExhausted checks that the new scorers keep answering
// false once exhausted, as the iterator vocabulary requires.
func TestScorersStayExhausted(t *testing.T) {
	nested, ranges, features := nestedCorpus(t), rangeCorpus(t), featureCorpus(t)
	for _, c := range []struct {
		ix *Index
		q  Query
	}{
		{nested, &MatchAllQuery{}},
		{nested, &NestedQuery{Path: "sections", Query: &MatchAllQuery{}}},
		{ranges, &RangeQuery{Field: "group_size"}},
		{features, &RankFeatureQuery{Field: "weight_rank", Function: Linear{}}},
	} {
		w, err := testWeight(c.q, c.ix)
		if err != nil {
			t.Fatal(err)
		}
		for segNum, seg := range c.ix.Segments {
			sc, err := w.scorer(segNum, seg)
			if err != nil || sc == nil {
				t.Fatalf("%s: scorer %v %v", bfGo(c.q), sc, err)
			}
			n := 0
			for sc.Next() {
				n++
			}
			if n == 0 || sc.Next() || sc.Next() || sc.Advance(0) || sc.Err() != nil {
				t.Errorf("%s segment %d: %d documents, then not exhausted", bfGo(c.q), segNum, n)
			}
		}
	}
}

// testWeight is the weight a search builds for q on ix: q rewritten, then
// its weight created.
func testWeight(q Query, ix *Index) (weight, error) {
	r, err := Rewrite(q)
	if err != nil {
		return nil, err
	}
	return createWeight(r, ix, 1)
}

// TestRecordsOnlyTargets checks Target.RecordsOnly on a segment with
// children: a query that matches records only (the NestedHelper rule says
// so) answers the same without the records filter as with it, and a query
// the rule leaves filtered (match_all, a term on a children's field) keeps
// the children out. The scores are the engine's own (the oracle tests pin
// them to Lucene's); what matters here is that both settings give them.
// The scores are the engine's own (the oracle tests pin them to Lucene's);
// what matters here is that both settings give them.
func TestRecordsOnlyTargets(t *testing.T) {
	s := NewSearcher(nestedCorpus(t))
	alpha := &TermQuery{Field: "sections.snippet", Term: "alpha"}
	for _, c := range []struct {
		name        string
		q           Query
		recordsOnly bool // the NestedHelper rule's answer for q
		want        string
	}{
		{"record field", &TermQuery{Field: "snippet", Term: "alpha"}, true, "r2:0.13076457"},
		{"nested", &NestedQuery{Path: "sections", ScoreMode: ScoreMax, Query: alpha}, true, "r0:0.27436534 r1:0.08294764"},
		{"bool with a record clause", &BoolQuery{Must: []Query{&TermQuery{Field: "name", Term: "first"}},
			Should: []Query{&NestedQuery{Path: "sections", ScoreMode: ScoreSum, Query: alpha}}}, true, "r0:1.0676084"},
		{"match_all", &MatchAllQuery{}, false, "r0:1 r1:1 r2:1 r3:1"},
		{"children's field", alpha, false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, recordsOnly := range []bool{false, c.recordsOnly} {
				res, err := s.Search(context.Background(), Request{Targets: []Target{{Index: "contract", Query: c.q, RecordsOnly: recordsOnly}}, Size: 10})
				if err != nil {
					t.Fatal(err)
				}
				if got := hitsString(res); got != c.want {
					t.Errorf("RecordsOnly %v: got  %s\nwant %s", recordsOnly, got, c.want)
				}
			}
		})
	}
}
