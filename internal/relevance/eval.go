package relevance

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/parse"
	"github.com/contractsearch/contractsearch/internal/cuad"
	"github.com/contractsearch/contractsearch/internal/dsl"
)

// Depth is how many hits of each ranking are read: Recall@100 needs 100.
const Depth = 100

// Judgments are the relevant contract _ids of each CUAD category.
type Judgments map[string]map[string]bool

// CUADJudgments turns CUAD's labels into judgments on _ids. The ids are
// the ones ingest gives the corpus folder's files: pathPrefix is the
// folder of the text files relative to the ingested root ("contracts/"
// when the CUAD folder itself was ingested).
func CUADJudgments(l *cuad.Labels, pathPrefix string) Judgments {
	j := Judgments{}
	for _, cat := range l.Categories {
		set := map[string]bool{}
		for _, f := range l.With(cat) {
			c := contract.Contract{ID: parse.ContractID(contract.Meta{Path: pathPrefix + f}, "")}
			set[c.DocID()] = true
		}
		j[cat] = set
	}
	return j
}

// A System is one ranking under evaluation: how a query's text becomes a
// search for contracts.
type System struct {
	Name string
	Rank func(ctx context.Context, s Searcher, q string, n int) ([]string, error)
}

// FormA is the API's simplified query restricted to contracts, as a
// client writes it: {"query":{"q":…,"_index":"contract"}}.
var FormA = System{Name: "Form A", Rank: func(ctx context.Context, s Searcher, q string, n int) ([]string, error) {
	return s.FormA(ctx, map[string]any{"q": q, "_index": "contract"}, n)
}}

// BM25 is the baseline: the same text as one simple_query_string over the
// contract's name, snippet and body (default operator or), nothing else.
var BM25 = System{Name: "BM25", Rank: func(ctx context.Context, s Searcher, q string, n int) ([]string, error) {
	body, err := json.Marshal(map[string]any{
		"query":       map[string]any{"simple_query_string": map[string]any{"query": q, "fields": []string{"name", "snippet", "body"}, "default_operator": "or"}},
		"post_filter": map[string]any{"term": map[string]any{"_index": "contract"}},
		"size":        n,
		"_source":     false,
	})
	if err != nil {
		return nil, err
	}
	return s.FormB(ctx, body)
}}

// Result is one query's outcome under every system.
type Result struct {
	Query    Query
	Relevant int
	Scores   []Scores   // one per system, in Report.Systems order
	Top10    [][]string // the first ten ids per system
}

// Report is an evaluation run.
type Report struct {
	Systems []string
	Results []Result
	Filters []FilterResult
	// Ablation, if set, is the evaluation of Form A with signals left
	// out; its overall table is printed too.
	Ablation *Report
}

// Evaluate runs every query under every system and measures each ranking.
func Evaluate(ctx context.Context, s Searcher, qs []Query, j Judgments, systems ...System) (*Report, error) {
	r := &Report{}
	for _, sys := range systems {
		r.Systems = append(r.Systems, sys.Name)
	}
	for _, q := range qs {
		rel, ok := j[q.Category]
		if !ok || len(rel) == 0 {
			return nil, fmt.Errorf("query %s: no judgments for category %q", q.ID, q.Category)
		}
		res := Result{Query: q, Relevant: len(rel)}
		for _, sys := range systems {
			ids, err := sys.Rank(ctx, s, q.Q, Depth)
			if err != nil {
				return nil, fmt.Errorf("query %s, %s: %w", q.ID, sys.Name, err)
			}
			res.Scores = append(res.Scores, Measure(ids, rel))
			res.Top10 = append(res.Top10, slices.Clone(ids[:min(10, len(ids))]))
		}
		r.Results = append(r.Results, res)
	}
	return r, nil
}

// FilterResult measures Form A's clause filter for one heading against a
// category's judgments, at the contract level.
type FilterResult struct {
	Category, Heading string
	Labelled          int // contracts CUAD labels with the category
	Returned          int // contracts the filter returned
	Correct           int // returned and labelled
}

// Recall is Correct/Labelled.
func (f FilterResult) Recall() float64 { return ratio(f.Correct, f.Labelled) }

// Precision is Correct/Returned.
func (f FilterResult) Precision() float64 { return ratio(f.Correct, f.Returned) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// MeasureFilter runs {"q":"","clause":{heading:""},"_index":"contract"} and
// compares every contract it returns with the category's judgments; max
// bounds how many hits are read (at least the number of contracts).
func MeasureFilter(ctx context.Context, s Searcher, j Judgments, category, heading string, max int) (FilterResult, error) {
	ids, err := s.FormA(ctx, map[string]any{"q": "", "clause": map[string]string{heading: ""}, "_index": "contract"}, max)
	if err != nil {
		return FilterResult{}, fmt.Errorf("clause filter %q: %w", heading, err)
	}
	f := FilterResult{Category: category, Heading: heading, Labelled: len(j[category]), Returned: len(ids)}
	for _, id := range ids {
		if j[category][id] {
			f.Correct++
		}
	}
	return f, nil
}

// FormAWithout is Form A, called name, with the ranking signals named
// (dsl.SignalName) left out of the expansion; it needs an InProcess searcher. Measuring it
// says what each signal adds.
func FormAWithout(name string, signals ...string) System {
	return FormAEdited(name, func(sr *dsl.SearchRequest) {
		b, ok := sr.Query.(*dsl.BoolQuery)
		if !ok {
			return
		}
		nb := *b
		nb.Should = slices.DeleteFunc(slices.Clone(b.Should), func(c dsl.Query) bool { return slices.Contains(signals, dsl.SignalName(c)) })
		sr.Query = &nb
	})
}

// FormAEdited is Form A, called name, with edit applied to each expanded
// request before it is searched: how a change to the expansion is measured
// before it is made. It needs an InProcess searcher.
func FormAEdited(name string, edit func(*dsl.SearchRequest)) System {
	return System{Name: name, Rank: func(ctx context.Context, s Searcher, q string, n int) ([]string, error) {
		ip, ok := s.(InProcess)
		if !ok {
			return nil, fmt.Errorf("editing Form A's expansion needs the in-process searcher")
		}
		return ip.formA(ctx, map[string]any{"q": q, "_index": "contract"}, n, edit)
	}}
}
