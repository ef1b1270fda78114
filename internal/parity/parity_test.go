package parity

import (
	"encoding/json"
	"strings"
	"testing"
)

func answer(t *testing.T, s string) *Answer {
	t.Helper()
	var a Answer
	if err := json.Unmarshal([]byte(s), &a); err != nil {
		t.Fatal(err)
	}
	return &a
}

func TestCompare(t *testing.T) {
	base := `{"id":"q","total":{"value":2,"relation":"eq"},"max_score":2.5,"hits":[` +
		`{"_index":"contract","_id":"a","_score":2.5,"inner_hits":{"sections":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.5,"hits":[{"_index":"contract","_id":"a","_nested":{"field":"sections","offset":3},"_score":1.5}]}}}},` +
		`{"_index":"clause","_id":"b","_score":1.25}],"aggregations":{"i":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"contract","doc_count":1}]}}}`
	tests := []struct {
		name   string
		engine string
		want   []string // substrings of the differences, in order
		maxRel float64
	}{
		{"identical", base, nil, 0},
		{"score within tolerance", strings.Replace(base, `"_score":1.25`, `"_score":1.25001`, 1), nil, float64(float32(1.25001)-1.25) / float64(float32(1.25001))},
		{"the same float32 printed differently", strings.Replace(base, `"_score":1.25`, `"_score":1.2500000001`, 1), nil, 0},
		{"score beyond tolerance", strings.Replace(base, `"_score":1.25`, `"_score":1.3`, 1), []string{"hit 1 b: score engine 1.3, oracle 1.25"}, float64(float32(1.3)-1.25) / float64(float32(1.3))},
		{"order", strings.Replace(strings.Replace(base, `"_id":"b"`, `"_id":"x"`, 1), `"clause"`, `"definition"`, 1), []string{"hit 1: engine definition/x"}, 0},
		{"inner hit offset", strings.Replace(base, `"offset":3`, `"offset":4`, 1), []string{`inner hit "sections" 0: offset engine 4, oracle 3`}, 0},
		{"total", strings.Replace(base, `"value":2`, `"value":3`, 1), []string{"total: engine 3 eq, oracle 2 eq"}, 0},
		{"aggregations", strings.Replace(base, `"doc_count":1`, `"doc_count":2`, 1), []string{"aggregations"}, 0},
		{"error on one side", `{"id":"q","error":"all shards failed"}`, []string{"error: engine \"all shards failed\""}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diffs, rel := Compare(answer(t, tt.engine), answer(t, base), Options{})
			if len(diffs) != len(tt.want) {
				t.Fatalf("diffs %q, want %d matching %q", diffs, len(tt.want), tt.want)
			}
			for i, w := range tt.want {
				if !strings.Contains(diffs[i], w) {
					t.Errorf("diff %d = %q, want it to contain %q", i, diffs[i], w)
				}
			}
			if d := rel - tt.maxRel; d > 1e-12 || d < -1e-12 {
				t.Errorf("max rel %g, want %g", rel, tt.maxRel)
			}
		})
	}
}
