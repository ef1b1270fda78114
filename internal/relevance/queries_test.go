package relevance

import (
	"strings"
	"testing"
)

// TestCUADQueries checks the committed set's shape: every category has a
// plain and an operator query in each split.
func TestCUADQueries(t *testing.T) {
	qs, err := CUADQueries()
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]int{}
	for _, q := range qs {
		have[q.Category+"|"+q.Split+"|"+q.Style]++
	}
	cats := map[string]bool{}
	for _, q := range qs {
		cats[q.Category] = true
	}
	if len(cats) != 36 {
		t.Errorf("%d categories, want 36", len(cats))
	}
	for c := range cats {
		for _, k := range []string{Tune + "|plain", Tune + "|operators", HeldOut + "|plain", HeldOut + "|operators"} {
			if have[c+"|"+k] != 1 {
				t.Errorf("%s: %d queries %s, want 1", c, have[c+"|"+k], k)
			}
		}
	}
}

func TestReadQueriesErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"id":"a","category":"X","q":""}`, "required"},
		{`{"id":"a","category":"X","q":"w"}` + "\n" + `{"id":"a","category":"X","q":"w"}`, "twice"},
		{`{"id":"a","category":"X","q":"w","split":"train"}`, "split"},
		{`{"id":"a","category":"X","q":"w","extra":1}`, "unknown field"},
		{`{"id":`, "line 1"},
	} {
		_, err := ReadQueries(strings.NewReader(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to mention %q", tc.in, err, tc.want)
		}
	}
}
