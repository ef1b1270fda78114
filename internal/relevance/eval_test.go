package relevance

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// fakeSearcher answers Form A with a fixed ranking per q and Form B with
// the ranking of the simple_query_string's text.
type fakeSearcher map[string][]string

func (f fakeSearcher) FormA(_ context.Context, query map[string]any, n int) ([]string, error) {
	q, _ := query["q"].(string)
	if c, ok := query["clause"].(map[string]string); ok {
		for h := range c {
			q = "clause:" + h
		}
	}
	ids := f[q]
	return ids[:min(n, len(ids))], nil
}

func (f fakeSearcher) FormB(_ context.Context, body []byte) ([]string, error) {
	var b struct {
		Query struct {
			SQS struct{ Query string } `json:"simple_query_string"`
		}
	}
	if err := json.Unmarshal(body, &b); err != nil {
		return nil, err
	}
	return f["bm25:"+b.Query.SQS.Query], nil
}

func TestEvaluate(t *testing.T) {
	j := Judgments{"Audit Rights": {"en/a": true, "en/b": true}}
	s := fakeSearcher{
		"audit":        {"en/a", "en/b", "en/x"},
		"bm25:audit":   {"en/x", "en/a"},
		"records":      {"en/x"},
		"bm25:records": {"en/b"},
		"clause:Audit": {"en/a", "en/x", "en/y"},
	}
	qs := []Query{
		{ID: "audit/tune", Category: "Audit Rights", Split: Tune, Style: "plain", Q: "audit"},
		{ID: "audit/heldout", Category: "Audit Rights", Split: HeldOut, Style: "plain", Q: "records"},
	}
	r, err := Evaluate(context.Background(), s, qs, j, FormA, BM25)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Results[0].Scores[0]; got.NDCG10 != 1 || got.MRR10 != 1 || got.Recall100 != 1 {
		t.Errorf("Form A on the tuning query: %+v", got)
	}
	if got := r.Results[0].Scores[1]; got.MRR10 != 0.5 || got.Recall100 != 0.5 {
		t.Errorf("BM25 on the tuning query: %+v", got)
	}
	if got := r.Summarise(0, inSplit(HeldOut)); got.Queries != 1 || got.Mean.P10 != 0 || got.Distinct != 1 {
		t.Errorf("held-out Form A summary: %+v", got)
	}
	f, err := MeasureFilter(context.Background(), s, j, "Audit Rights", "Audit", 100)
	if err != nil {
		t.Fatal(err)
	}
	if f.Labelled != 2 || f.Returned != 3 || f.Correct != 1 || f.Recall() != 0.5 || f.Precision() != 1.0/3 {
		t.Errorf("filter: %+v", f)
	}
	r.Filters = append(r.Filters, f)
	var out bytes.Buffer
	if err := r.Write(&out, "test run"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# test run", "audit/tune", "Audit Rights", "heldout  Form A", "0.500"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	if _, err := Evaluate(context.Background(), s, []Query{{ID: "x", Category: "Nothing", Q: "x"}}, j, FormA); err == nil {
		t.Error("a query without judgments was evaluated")
	}
}
