package segment_test

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

// searchQueries are term, phrase and bool queries over text and keyword
// fields and nested children's fields.
func searchQueries() []search.Query {
	words := []string{"the", "supplier", "law", "license", "york", "payment", "w17", "agreement"}
	var qs []search.Query
	for _, w := range words {
		qs = append(qs, &search.TermQuery{Field: "body", Term: w}, &search.TermQuery{Field: "name", Term: w})
	}
	qs = append(qs,
		&search.TermQuery{Field: "category.value", Term: "the"},
		&search.MatchAllQuery{},
		&search.PhraseQuery{Field: "body", Terms: []string{"governing", "law"}},
		&search.PhraseQuery{Field: "body", Terms: []string{"the", "supplier", "shall"}},
		&search.BoolQuery{
			Must:    []search.Query{&search.TermQuery{Field: "body", Term: "the"}},
			Should:  []search.Query{&search.TermQuery{Field: "name", Term: "law"}, &search.TermQuery{Field: "body", Term: "york"}},
			MustNot: []search.Query{&search.TermQuery{Field: "category.value", Term: "law"}},
		},
		&search.BoolQuery{
			Should: []search.Query{&search.TermQuery{Field: "body", Term: "payment"}, &search.TermQuery{Field: "body", Term: "fee"},
				&search.TermQuery{Field: "name", Term: "notice"}},
			MinimumShouldMatch: 2,
		},
		&search.BoolQuery{
			Should: []search.Query{&search.TermQuery{Field: "sections.snippet", Term: "term"}},
			Filter: []search.Query{&search.TermQuery{Field: "body", Term: "license"}},
		},
	)
	return qs
}

type hit struct {
	ID    string
	Score float32
}

func run(t *testing.T, segs []*segment.Segment, q search.Query) ([]hit, int, []search.TermsAggResult) {
	t.Helper()
	s := search.NewSearcher(&search.Index{Name: "contract", Segments: segs})
	res, err := s.Search(context.Background(), search.Request{Indexes: []string{"contract"}, Query: q, Size: 5000,
		TrackTotalHitsUpTo: -1, Aggs: []search.TermsAgg{{Name: "c", Field: "category.value"}}})
	if err != nil {
		t.Fatal(err)
	}
	var hits []hit
	for _, h := range res.Hits {
		hits = append(hits, hit{h.ID, h.Score})
	}
	return hits, res.Total, res.Aggs
}

// TestMergedSearchesAnswerAlike: the same queries over an index of
// several segments, over their merge, and (with overwritten records)
// over a fresh build of the survivors give the same hits in the same
// order with exactly the same scores: statistics are per index, summed
// over segments either way, and the merge keeps insertion order.
func TestMergedSearchesAnswerAlike(t *testing.T) {
	schema := segment.ContractSchema(t)
	for seed := range uint64(4) {
		rng := rand.New(rand.NewPCG(seed, 99))
		dup := []float64{0, 0.25}[seed%2]
		recs := segment.RandomRecords(rng, 300+rng.IntN(400), dup)
		inputs, survivors := segment.SplitWithOverwrites(t, rng, schema, recs, 2+rng.IntN(4))
		merged := segment.Files{}
		if _, err := segment.Merge("m", merged, inputs, segment.MergeOptions{}); err != nil {
			t.Fatal(err)
		}
		mseg, err := segment.Open("m", func(n string) ([]byte, bool) { b, ok := merged[n]; return b, ok })
		if err != nil {
			t.Fatal(err)
		}
		fresh, _ := segment.WriteSegment(t, schema, "f", survivors)
		var multi []*segment.Segment
		deletions := false
		for _, in := range inputs {
			multi = append(multi, in.Segment)
			deletions = deletions || len(in.Deleted) > 0
		}
		for qi, q := range searchQueries() {
			want, wantTotal, wantAggs := run(t, []*segment.Segment{fresh}, q)
			got, total, aggs := run(t, []*segment.Segment{mseg}, q)
			if !reflect.DeepEqual(got, want) || total != wantTotal || !reflect.DeepEqual(aggs, wantAggs) {
				t.Errorf("seed %d query %d (%#v): merged answers differ from a fresh build:\n%v\n%v", seed, qi, q, got, want)
			}
			if !deletions {
				multiHits, multiTotal, multiAggs := run(t, multi, q)
				if !reflect.DeepEqual(multiHits, want) || multiTotal != wantTotal || !reflect.DeepEqual(multiAggs, wantAggs) {
					t.Errorf("seed %d query %d: %d segments answer differently from their merge", seed, qi, len(multi))
				}
			}
			if qi == 0 && len(want) == 0 {
				t.Errorf("seed %d: query 0 finds nothing", seed)
			}
		}
		t.Logf("seed %d: %d records, %d survivors, %d segments", seed, len(recs), len(survivors), len(inputs))
	}
}
