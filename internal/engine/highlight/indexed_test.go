package highlight

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/analysis"
	"github.com/contractsearch/contractsearch/internal/engine/document"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/mappings"
)

// countingOffsets counts the lookups the postings path makes, and can
// make every prefix too wide to expand.
type countingOffsets struct {
	Offsets
	calls   int
	noLimit bool
}

func (c *countingOffsets) Occurrences(term string, fn func(pos, start, end int)) error {
	c.calls++
	return c.Offsets.Occurrences(term, fn)
}

func (c *countingOffsets) Prefixed(prefix string, limit int) ([]string, bool, error) {
	if c.noLimit {
		return nil, false, nil
	}
	return c.Offsets.Prefixed(prefix, limit)
}

func (c *countingOffsets) Fuzzy(term string, maxEdits int, transpositions bool, prefixLen, limit int) ([]string, bool, error) {
	if c.noLimit {
		return nil, false, nil
	}
	return c.Offsets.Fuzzy(term, maxEdits, transpositions, prefixLen, limit)
}

// indexValues writes values as a text field with offsets of a one-record
// segment and returns the record's occurrences.
func indexValues(t testing.TB, field string, values []string) Offsets {
	t.Helper()
	w, err := segment.NewWriter(analysis.NewStandard(255))
	if err != nil {
		t.Fatal(err)
	}
	doc := &document.Document{Fields: []document.Field{{Path: field, Type: mappings.Text, Indexed: true, Offsets: true, Strings: values}}}
	root, err := w.Add("1", doc, []byte("{}"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := w.Finish("s")
	if err != nil {
		t.Fatal(err)
	}
	seg, err := segment.Open("s", func(name string) ([]byte, bool) { b, ok := files[name]; return b, ok })
	if err != nil {
		t.Fatal(err)
	}
	f := seg.Field(field)
	if f == nil {
		return emptyOffsets{} // no token in any value
	}
	return f.DocOccurrences(root)
}

type emptyOffsets struct{}

func (emptyOffsets) Occurrences(string, func(pos, start, end int)) error { return nil }

func (emptyOffsets) Prefixed(string, int) ([]string, bool, error) { return nil, true, nil }

func (emptyOffsets) Fuzzy(string, int, bool, int, int) ([]string, bool, error) { return nil, true, nil }

// TestGoldenIndexed highlights every golden case of a text field through
// an index with offsets (HighlightIndexed over a segment's postings) and
// compares with the Java reference, as TestGolden does for the analysis
// path: the offsets the indexer stores are those the highlighter finds
// by analysis, and the terms multi-term queries expand to in the
// dictionary are the tokens they match in the value. Each case runs
// twice: prefixes expanded, and refused (the fallback to analysis).
// Left out: keyword cases, the cases OpenSearch refuses as
// too long to analyse (the postings path does not analyse), and values
// holding U+0000, which the highlighter splits into parts with a
// position gap where the index has none (phrases may then differ, as
// they would in OpenSearch between its two paths).
func TestGoldenIndexed(t *testing.T) {
	texts := loadTexts(t)
	cases := readJSONL[goldenCase](t, filepath.Join(goldenDir, "cases.jsonl"))
	expected := readJSONL[goldenResult](t, filepath.Join(goldenDir, "expected.jsonl"))
	if len(cases) != len(expected) {
		t.Fatalf("%d cases but %d expected answers", len(cases), len(expected))
	}
	same, postings := 0, 0
	for i, c := range cases {
		want := expected[i]
		values := c.values(texts)
		if c.Keyword || want.Error != "" || slices.ContainsFunc(values, func(v string) bool { return strings.Contains(v, "\x00") }) {
			continue
		}
		q, err := decodeQuery(c.Query)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		idx := indexValues(t, c.Field, values)
		ok := true
		for _, noLimit := range []bool{false, true} {
			offs := &countingOffsets{Offsets: idx, noLimit: noLimit}
			got, err := New(q, c.Field, c.options()).HighlightIndexed(t.Context(), values, offs)
			switch {
			case err != nil:
				t.Errorf("%s: %v", c.ID, err)
				ok = false
			case !slices.Equal(got, want.Fragments) || (got == nil) != (want.Fragments == nil):
				t.Errorf("%s (%s, prefixes refused %v):\n got %q\nwant %q", c.ID, c.Note, noLimit, got, want.Fragments)
				ok = false
			}
			if !noLimit && offs.calls > 0 {
				postings++
			}
		}
		if ok {
			same++
		}
	}
	t.Logf("%d golden cases identical to the Java reference through the index, %d of them from postings", same, postings)
	if postings == 0 {
		t.Error("no case took the postings path")
	}
}
