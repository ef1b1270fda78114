package relevance

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/mappings"
)

func TestParseWeights(t *testing.T) {
	tests := []struct {
		in      string
		want    string // Weights.String of the result
		wantErr string
	}{
		{in: "", want: "as built"},
		{in: "best section, all words=0", want: "best section, all words=0"},
		{in: " weight_rank = 2 ; best section=0.5;", want: "best section=0.5;weight_rank=2"},
		{in: "all words=1", want: "as built"},
		{in: "base query=4", want: "base query=4"},
		{in: "base query=0", wantErr: "cannot be dropped"},
		{in: "best sections=2", wantErr: "unknown signal"},
		{in: "all words", wantErr: "not name=factor"},
		{in: "all words=-1", wantErr: "from 0 to 1e6"},
		{in: "all words=NaN", wantErr: "from 0 to 1e6"},
		{in: "all words=two", wantErr: "from 0 to 1e6"},
	}
	for _, tc := range tests {
		w, err := ParseWeights(tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseWeights(%q) error = %v, want it to say %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseWeights(%q): %v", tc.in, err)
			continue
		}
		if got := w.String(); got != tc.want {
			t.Errorf("ParseWeights(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestWeightsApply checks that each clause of a real expansion is scaled
// by its signal's factor and that factor 0 drops the signal.
func TestWeightsApply(t *testing.T) {
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	p, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), m)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := p.Parse([]byte(`{"query":{"q":"change of control termination","_index":"contract"}}`))
	if err != nil {
		t.Fatal(err)
	}
	before := parsed.Search.Query.(*dsl.BoolQuery)
	names := map[string]int{}
	for _, c := range before.Should {
		names[dsl.SignalName(c)]++
	}
	if names[dsl.SignalSectionAll] != 1 || names[dsl.SignalRank] != 1 {
		t.Fatalf("expansion's signals %v lack the ones this test weighs", names)
	}
	sr := *parsed.Search
	Weights{dsl.SignalSectionAll: 0, dsl.SignalRank: 2, BaseQuery: 0.5}.Apply(&sr)
	after := sr.Query.(*dsl.BoolQuery)
	if got, want := len(after.Should), len(before.Should)-1; got != want {
		t.Fatalf("%d should clauses after dropping one, want %d", got, want)
	}
	scaledBy := func(c dsl.Query) float64 {
		b, ok := c.(*dsl.BoolQuery)
		if !ok || b.Boost == nil || len(b.Must) != 1 {
			return 1
		}
		return *b.Boost
	}
	for i, c := range after.Should {
		f := scaledBy(c)
		inner := c
		if f != 1 {
			inner = c.(*dsl.BoolQuery).Must[0]
		}
		switch name := dsl.SignalName(inner); name {
		case dsl.SignalSectionAll:
			t.Errorf("should clause %d is the dropped signal", i)
		case dsl.SignalRank:
			if f != 2 {
				t.Errorf("weight_rank scaled by %v, want 2", f)
			}
		default:
			if f != 1 {
				t.Errorf("%s scaled by %v, want 1", name, f)
			}
		}
	}
	if len(after.Must) != 1 || scaledBy(after.Must[0]) != 0.5 {
		body, _ := json.Marshal(after.Must)
		t.Errorf("base query not scaled by 0.5: %s", body)
	}
	if len(before.Should) != len(after.Should)+1 {
		t.Errorf("Apply changed the parsed request's own clauses")
	}
}
