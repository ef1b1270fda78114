package relevance

import (
	"math"
	"testing"
)

func TestMeasure(t *testing.T) {
	rel := func(ids ...string) map[string]bool {
		m := map[string]bool{}
		for _, id := range ids {
			m[id] = true
		}
		return m
	}
	dcg := func(ranks ...int) float64 {
		s := 0.0
		for _, r := range ranks {
			s += 1 / math.Log2(float64(r)+1)
		}
		return s
	}
	for _, tc := range []struct {
		name     string
		ranked   []string
		relevant map[string]bool
		want     Scores
	}{
		{"perfect", []string{"a", "b"}, rel("a", "b"), Scores{NDCG10: 1, P10: 0.2, Recall100: 1, MRR10: 1}},
		{"second place", []string{"x", "a"}, rel("a"), Scores{NDCG10: dcg(2), P10: 0.1, Recall100: 1, MRR10: 0.5}},
		{"one of two, at 3", []string{"x", "y", "a"}, rel("a", "b"), Scores{NDCG10: dcg(3) / dcg(1, 2), P10: 0.1, Recall100: 0.5, MRR10: 1.0 / 3}},
		{"nothing found", []string{"x"}, rel("a"), Scores{}},
		{"no judgments", []string{"a"}, rel(), Scores{}},
		{"ideal capped at 10", []string{"a"}, rel("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"),
			Scores{NDCG10: 1 / dcg(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), P10: 0.1, Recall100: 1.0 / 12, MRR10: 1}},
		{"found after 10 counts only for recall", append(make([]string, 10), "a"), rel("a"), Scores{Recall100: 1}},
		{"found after 100 counts for nothing", append(make([]string, 100), "a"), rel("a"), Scores{}},
	} {
		got := Measure(tc.ranked, tc.relevant)
		if !near(got.NDCG10, tc.want.NDCG10) || !near(got.P10, tc.want.P10) || !near(got.Recall100, tc.want.Recall100) || !near(got.MRR10, tc.want.MRR10) {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// TestMeasureBounds states the invariants: every measure is in [0, 1] and
// a ranking of exactly the relevant records scores 1 on nDCG and MRR.
func TestMeasureBounds(t *testing.T) {
	ids := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m"}
	for n := 1; n <= len(ids); n++ {
		relevant := map[string]bool{}
		for _, id := range ids[:n] {
			relevant[id] = true
		}
		s := Measure(ids[:n], relevant)
		if !near(s.NDCG10, 1) || !near(s.MRR10, 1) || !near(s.Recall100, 1) || !near(s.P10, float64(min(n, 10))/10) {
			t.Errorf("n=%d: %+v", n, s)
		}
		// Reversed with n misses in front: every measure stays in [0,1].
		ranked := append(append([]string{}, "x1", "x2", "x3"), ids[:n]...)
		s = Measure(ranked, relevant)
		for _, v := range []float64{s.NDCG10, s.P10, s.Recall100, s.MRR10} {
			if v < 0 || v > 1 {
				t.Errorf("n=%d: measure out of [0,1]: %+v", n, s)
			}
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
