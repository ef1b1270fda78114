package highlight

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestQuickFilterKeepsMatches checks, on every golden case, that the quick
// filter passes every token the query can highlight: a term it names, a
// phrase term, or a word a multi-term query accepts.
func TestQuickFilterKeepsMatches(t *testing.T) {
	texts := loadTexts(t)
	cases := readJSONL[goldenCase](t, filepath.Join(goldenDir, "cases.jsonl"))
	extra := []string{"", "a", "licensee", "agreement", "über", "\u00e9t\u00e9", "x1", "confidential"}
	checked := 0
	for _, c := range cases {
		q, err := decodeQuery(c.Query)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		ex := extract(q, c.Field)
		check := func(term string) {
			_, insensitive := slices.BinarySearch(ex.insensitive, term)
			relevant := insensitive || ex.spanTerms[term]
			for _, a := range ex.automata {
				relevant = relevant || a.match(term)
			}
			if relevant {
				checked++
				if !ex.quick.may([]byte(term)) {
					t.Errorf("%s: the quick filter drops %q", c.ID, term)
				}
			}
		}
		d := newDoc(c.values(texts))
		d.analyze(c.Keyword, nil, nil, func(term []byte, _ string, _ occurrence) { check(string(term)) })
		for _, term := range append(extra, ex.terms...) {
			check(term)
		}
	}
	if checked == 0 {
		t.Fatal("no relevant token checked")
	}
}
