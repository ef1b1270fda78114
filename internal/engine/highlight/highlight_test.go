package highlight

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/search"
)

func tq(t string) *search.TermQuery { return &search.TermQuery{Field: "body", Term: t} }

func phrase(slop int, ts ...string) *search.PhraseQuery {
	return &search.PhraseQuery{Field: "body", Terms: ts, Slop: slop}
}

// bOpts is the API's configuration: OpenSearch's defaults with <b> tags.
func bOpts(edit func(*Options)) Options {
	o := DefaultOptions()
	o.PreTag, o.PostTag = "<b>", "</b>"
	if edit != nil {
		edit(&o)
	}
	return o
}

const contract = "This Agreement is made by Mr. Smith of the U.S. Army, Inc. He agrees to the terms. " +
	"See Section 5.2 hereof. The fee is $1,000,000.00 (one million dollars). " +
	"\"Confidential Information\" means any information disclosed under this Agreement."

type tableCase struct {
	name   string
	field  string // default body
	values []string
	query  search.Query
	opts   Options
	want   []string
}

// tableCases are hand-made cases; their expectations are Java's answers
// (TestTableMatchesJava re-checks them when the reference can run).
var tableCases = []tableCase{
	{
		name:   "sentences merged up to fragment_size (Java ends sentences after Mr., U.S. and Inc. before a capital)",
		values: []string{contract},
		query:  tq("agreement"),
		opts:   bOpts(nil),
		want: []string{
			"This <b>Agreement</b> is made by Mr. Smith of the U.S. Army, Inc. He agrees to the terms.",
			"\"Confidential Information\" means any information disclosed under this <b>Agreement</b>.",
		},
	},
	{
		name:   "a decimal number does not end a sentence",
		values: []string{contract},
		query:  tq("5.2"),
		opts:   bOpts(nil),
		want:   []string{"See Section <b>5.2</b> hereof. The fee is $1,000,000.00 (one million dollars)."},
	},
	{
		name:   "order score puts the best passage first",
		values: []string{contract},
		query:  &search.BoolQuery{Should: []search.Query{tq("information"), tq("agreement")}},
		opts:   bOpts(func(o *Options) { o.ScoreOrder = true }),
		want: []string{
			"\"Confidential <b>Information</b>\" means any <b>information</b> disclosed under this <b>Agreement</b>.",
			"This <b>Agreement</b> is made by Mr. Smith of the U.S. Army, Inc. He agrees to the terms.",
		},
	},
	{
		name:   "a long sentence is cut at words: fragment_size before the match, what is left of it after",
		values: []string{strings.Repeat("word ", 40) + "agreement " + strings.Repeat("word ", 40)},
		query:  tq("agreement"),
		opts:   bOpts(func(o *Options) { o.FragmentSize = 30 }),
		want:   []string{"word word word word word word <b>agreement</b>"},
	},
	{
		name:   "adjacent matches are tagged one by one; phrases only where they occur",
		values: []string{"New York law. The new office in York. New York courts."},
		query:  phrase(0, "new", "york"),
		opts:   bOpts(nil),
		want:   []string{"<b>New</b> <b>York</b> law. The new office in York. <b>New</b> <b>York</b> courts."},
	},
	{
		name:   "a sloppy phrase is a span query: any order within the slop",
		values: []string{"York and New. New in York. New office York."},
		query:  phrase(1, "new", "york"),
		opts:   bOpts(nil),
		want:   []string{"<b>York</b> and <b>New</b>. <b>New</b> in <b>York</b>. <b>New</b> office <b>York</b>."},
	},
	{
		name:   "a term query on a phrase word highlights it everywhere",
		values: []string{"New York law. The new office."},
		query:  &search.BoolQuery{Should: []search.Query{phrase(0, "new", "york"), tq("new")}},
		opts:   bOpts(nil),
		want:   []string{"<b>New</b> <b>York</b> law. The <b>new</b> office."},
	},
	{
		name:   "prefix and fuzzy match the document's own words",
		values: []string{"The Agreement and all agreements; the agrement is void."},
		query: &search.BoolQuery{Should: []search.Query{
			&search.PrefixQuery{Field: "body", Prefix: "agreem"},
			&search.FuzzyQuery{Field: "body", Term: "agreament", MaxEdits: 1, MaxExpansions: 50, Transpositions: true},
		}},
		opts: bOpts(nil),
		want: []string{"The <b>Agreement</b> and all <b>agreements</b>; the <b>agrement</b> is void."},
	},
	{
		name:   "must_not and other fields do not highlight",
		values: []string{"The Licensor and the Licensee agree."},
		query: &search.BoolQuery{
			Must:    []search.Query{tq("licensor"), &search.TermQuery{Field: "name", Term: "agree"}},
			MustNot: []search.Query{tq("licensee")},
			Filter:  []search.Query{tq("agree")},
		},
		opts: bOpts(nil),
		want: []string{"The <b>Licensor</b> and the Licensee <b>agree</b>."},
	},
	{
		name:   "nothing matched: no fragments",
		values: []string{contract},
		query:  &search.BoolQuery{Should: []search.Query{tq("zebra"), &search.MatchAllQuery{}}},
		opts:   bOpts(nil),
		want:   nil,
	},
	{
		name:   "HTML in the value is returned as stored",
		values: []string{"<p>The <i>Agreement</i> &amp; Schedules</p>"},
		query:  tq("agreement"),
		opts:   bOpts(nil),
		want:   []string{"<p>The <i><b>Agreement</b></i> &amp; Schedules</p>"},
	},
	{
		name:   "number_of_fragments 0: each matching value whole",
		values: []string{"First agreement. Second sentence.", "No match here.", "Third agreement."},
		query:  tq("agreement"),
		opts:   bOpts(func(o *Options) { o.NumberOfFragments = 0 }),
		want:   []string{"First <b>agreement</b>. Second sentence.", "Third <b>agreement</b>."},
	},
	{
		name:   "multi-valued: passages never cross values; at most number_of_fragments, best first",
		values: []string{"An agreement.", "Another value with the agreement and agreement again.", "agreement"},
		query:  tq("agreement"),
		opts:   bOpts(func(o *Options) { o.NumberOfFragments = 2; o.ScoreOrder = true }),
		want:   []string{"<b>agreement</b>", "Another value with the <b>agreement</b> and <b>agreement</b> again."},
	},
	{
		name:   "custom tags; surrounding spaces trimmed",
		values: []string{"  agreement, Agreement  "},
		query:  tq("agreement"),
		opts:   bOpts(func(o *Options) { o.PreTag, o.PostTag = "[", "]" }),
		want:   []string{"[agreement], [Agreement]"},
	},
	{
		name:   "keyword field: the whole value is the token",
		field:  "sections.name.raw",
		values: []string{"Governing Law"},
		query:  &search.TermQuery{Field: "sections.name.raw", Term: "Governing Law"},
		opts:   bOpts(func(o *Options) { o.Keyword = true }),
		want:   []string{"<b>Governing Law</b>"},
	},
	{
		name:   "keyword field: no analysis, so case matters",
		field:  "sections.name.raw",
		values: []string{"Governing Law"},
		query:  &search.TermQuery{Field: "sections.name.raw", Term: "governing law"},
		opts:   bOpts(func(o *Options) { o.Keyword = true }),
		want:   nil,
	},
	{
		name:   "nested query: its inner query highlights the section",
		field:  "sections.snippet",
		values: []string{"The Licensee shall indemnify the Licensor."},
		query: &search.NestedQuery{Path: "sections", Query: &search.BoolQuery{Must: []search.Query{
			&search.TermQuery{Field: "sections.snippet", Term: "indemnify"},
			&search.TermQuery{Field: "sections.type", Term: "clause"},
		}}},
		opts: bOpts(nil),
		want: []string{"The Licensee shall <b>indemnify</b> the Licensor."},
	},
	{
		name:   "no_match_size returns the start of the value",
		values: []string{"The parties agree that nothing herein shall limit the rights of either party."},
		query:  tq("zebra"),
		opts:   bOpts(func(o *Options) { o.NoMatchSize = 20 }),
		want:   []string{"The parties agree that"},
	},
}

func TestTable(t *testing.T) {
	for _, tc := range tableCases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Highlight(t.Context(), tc.query, cmpOr(tc.field, "body"), tc.values, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) || (got == nil) != (tc.want == nil) {
				t.Errorf("\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// TestTableMatchesJava checks the table's expectations with the Java
// reference (skipped without Java 21+ and the Lucene jars).
func TestTableMatchesJava(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode: starts the Java reference; make test runs it")
	}
	javaCommand(t)
	var lines []string
	for i, tc := range tableCases {
		c := goldenCase{ID: tc.name, Field: cmpOr(tc.field, "body"), Keyword: tc.opts.Keyword, Values: tc.values,
			Query: raw(encodeQuery(tc.query)), FragmentSize: ip(tc.opts.FragmentSize), NumberOfFragments: ip(tc.opts.NumberOfFragments),
			Pre: sp(tc.opts.PreTag), Post: sp(tc.opts.PostTag), NoMatchSize: tc.opts.NoMatchSize}
		if tc.opts.ScoreOrder {
			c.Order = "score"
		}
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(i, err)
		}
		lines = append(lines, string(b))
	}
	path := filepath.Join(t.TempDir(), "cases.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := runReference(t, path)
	var results []goldenResult
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var r goldenResult
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	for i, tc := range tableCases {
		if !slices.Equal(results[i].Fragments, tc.want) || (results[i].Fragments == nil) != (tc.want == nil) {
			t.Errorf("%s: Java says %q, the table %q", tc.name, results[i].Fragments, tc.want)
		}
	}
}

// encodeQuery is the inverse of decodeQuery.
func encodeQuery(q search.Query) map[string]any {
	list := func(qs []search.Query) []any {
		var out []any
		for _, q := range qs {
			out = append(out, encodeQuery(q))
		}
		return out
	}
	switch q := q.(type) {
	case *search.TermQuery:
		return term(q.Field, q.Term)
	case *search.PhraseQuery:
		return map[string]any{"phrase": map[string]any{"field": q.Field, "terms": q.Terms, "slop": q.Slop}}
	case *search.PrefixQuery:
		return map[string]any{"prefix": map[string]any{"field": q.Field, "prefix": q.Prefix}}
	case *search.FuzzyQuery:
		return map[string]any{"fuzzy": map[string]any{"field": q.Field, "term": q.Term, "max_edits": q.MaxEdits,
			"prefix_length": q.PrefixLength, "max_expansions": max(q.MaxExpansions, 1), "transpositions": q.Transpositions}}
	case *search.TermSetQuery:
		return map[string]any{"terms": map[string]any{"field": q.Field, "terms": q.Terms}}
	case *search.DisMaxQuery:
		return map[string]any{"dismax": map[string]any{"disjuncts": list(q.Disjuncts), "tie": q.TieBreaker}}
	case *search.BoolQuery:
		return map[string]any{"bool": map[string]any{"must": list(q.Must), "should": list(q.Should),
			"filter": list(q.Filter), "must_not": list(q.MustNot), "msm": q.MinimumShouldMatch}}
	case *search.ConstantScoreQuery:
		return map[string]any{"constant": map[string]any{"query": encodeQuery(q.Query)}}
	case *search.NestedQuery:
		return map[string]any{"nested": map[string]any{"path": q.Path, "query": encodeQuery(q.Query)}}
	case *search.MatchAllQuery:
		return map[string]any{"match_all": map[string]any{}}
	}
	return map[string]any{"match_none": map[string]any{}}
}

func TestTooLong(t *testing.T) {
	long := strings.Repeat("agreement ", 100_001) // 1,000,010 characters
	_, err := Highlight(t.Context(), tq("agreement"), "body", []string{long}, bOpts(nil))
	var tl *TooLongError
	if !errors.As(err, &tl) || tl.Length != 1_000_010 || tl.Max != DefaultMaxAnalyzedOffset {
		t.Fatalf("got %v", err)
	}
	// Values are joined with a separator before the length is checked.
	half := long[:500_000]
	if _, err := Highlight(t.Context(), tq("agreement"), "body", []string{half, half}, bOpts(nil)); !errors.As(err, &tl) || tl.Length != 1_000_001 {
		t.Fatalf("got %v", err)
	}
	// A query with nothing for the field does not even look at the value.
	if got, err := Highlight(t.Context(), tq("zebra"), "name", []string{long}, bOpts(nil)); err != nil || got != nil {
		t.Fatalf("got %q, %v", got, err)
	}
}

// TestConcurrentUse shares one Highlighter between goroutines (run with
// -race).
func TestConcurrentUse(t *testing.T) {
	h := New(&search.BoolQuery{Should: []search.Query{tq("agreement"), phrase(1, "confidential", "information"),
		&search.FuzzyQuery{Field: "body", Term: "agremeent", MaxEdits: 2, Transpositions: true}}}, "body", bOpts(nil))
	want, err := h.Highlight(t.Context(), []string{contract})
	if err != nil || len(want) == 0 {
		t.Fatalf("got %q, %v", want, err)
	}
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			for range 50 {
				got, err := h.Highlight(t.Context(), []string{contract})
				if err == nil && !slices.Equal(got, want) {
					err = errors.New("different fragments")
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}
