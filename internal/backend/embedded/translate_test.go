package embedded

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/mappings"
)

var rewrite = flag.Bool("rewrite", false, "rewrite the expected outputs of testdata/translate.golden")

// goldenCase is one case of testdata/translate.golden:
//
//	# name
//	<request body, as the gateway receives it>
//	----
//	<indexes>: <Describe of the index's query, or "error" and the failure's JSON>
//	    <details Describe leaves out: nested score modes and inner hits,
//	     fuzzy parameters>
//
// Indexes with the same output share a line, in index-name order. Cases
// are separated by blank lines.
type goldenCase struct {
	name, input, want string
}

func readGolden(t testing.TB, path string) []goldenCase {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cases []goldenCase
	for _, block := range strings.Split(strings.TrimSpace(string(raw)), "\n\n#") {
		block = strings.TrimPrefix(strings.TrimSpace(block), "#")
		header, rest, _ := strings.Cut(block, "\n")
		input, want, ok := strings.Cut(rest, "\n----\n")
		if !ok {
			input, want = strings.TrimSuffix(rest, "\n----"), ""
		}
		cases = append(cases, goldenCase{name: strings.TrimSpace(header), input: input, want: strings.TrimSpace(want)})
	}
	return cases
}

func writeGolden(t *testing.T, path string, cases []goldenCase) {
	var b strings.Builder
	for i, c := range cases {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "# %s\n%s\n----\n%s\n", c.name, c.input, c.want)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// testSetup returns the mappings and a DSL parser.
func testSetup(t testing.TB) (*mappings.Set, *dsl.Parser) {
	t.Helper()
	ms, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	p, err := dsl.NewParser(dsl.DefaultLimits(), dsl.DefaultFormAOptions(), ms)
	if err != nil {
		t.Fatal(err)
	}
	return ms, p
}

// renderIndex is one index's output line of a golden case.
func renderIndex(q search.Query, err error) string {
	if err != nil {
		var se *ShardError
		if !errors.As(err, &se) {
			return "untyped error " + err.Error()
		}
		b, _ := json.Marshal(se)
		out := "error " + string(b)
		if se.Unsupported {
			out += " (unsupported)"
		}
		return out
	}
	var b strings.Builder
	b.WriteString(search.Describe(q))
	details(&b, q)
	return b.String()
}

// details appends what Describe (Lucene's toString) leaves out.
func details(b *strings.Builder, q search.Query) {
	walk(q, func(q search.Query) {
		switch q := q.(type) {
		case *search.NestedQuery:
			fmt.Fprintf(b, "\n    nested %s score_mode=%s", q.Path, []string{"avg", "max", "min", "sum", "none"}[q.ScoreMode])
			if q.InnerHits != nil {
				fmt.Fprintf(b, " inner_hits=%q from=%d size=%d", q.InnerHits.Name, q.InnerHits.From, q.InnerHits.Size)
			}
		case *search.FuzzyQuery:
			fmt.Fprintf(b, "\n    fuzzy %s:%s max_edits=%d prefix_length=%d max_expansions=%d transpositions=%v",
				q.Field, q.Term, q.MaxEdits, q.PrefixLength, q.MaxExpansions, q.Transpositions)
		}
	})
}

// walk calls fn on q and every query below it.
func walk(q search.Query, fn func(search.Query)) {
	fn(q)
	switch q := q.(type) {
	case *search.BoolQuery:
		for _, list := range [][]search.Query{q.Must, q.MustNot, q.Should, q.Filter} {
			for _, c := range list {
				walk(c, fn)
			}
		}
	case *search.DisMaxQuery:
		for _, c := range q.Disjuncts {
			walk(c, fn)
		}
	case *search.ConstantScoreQuery:
		walk(q.Query, fn)
	case *search.NestedQuery:
		walk(q.Query, fn)
	}
}

// translateAll renders a request's query for every index, grouping the
// indexes with equal outputs.
func translateAll(t testing.TB, ms *mappings.Set, p *dsl.Parser, body string) string {
	parsed, err := p.Parse([]byte(body))
	if err != nil {
		t.Fatalf("the body does not parse: %v", err)
	}
	var order []string
	byOutput := map[string][]string{}
	for _, name := range mappings.Names() {
		tr := NewTranslator(ms.Index(name), oracleSingleValued(name))
		out := renderIndex(tr.Query(parsed.Search.Query))
		if _, ok := byOutput[out]; !ok {
			order = append(order, out)
		}
		byOutput[out] = append(byOutput[out], name)
	}
	var b strings.Builder
	for i, out := range order {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s: %s", strings.Join(byOutput[out], " "), out)
	}
	return b.String()
}

// TestTranslateGolden checks the translation of every clause, operator,
// flag, minimum_should_match form and field type on every index against
// testdata/translate.golden (go test -run TestTranslateGolden -rewrite
// rewrites it; review the diff).
func TestTranslateGolden(t *testing.T) {
	ms, p := testSetup(t)
	path := "testdata/translate.golden"
	cases := readGolden(t, path)
	for i := range cases {
		c := &cases[i]
		got := translateAll(t, ms, p, c.input)
		if *rewrite {
			c.want = got
			continue
		}
		if got != c.want {
			t.Errorf("%s\n%s\ngot:\n%s\nwant:\n%s", c.name, c.input, got, c.want)
		}
	}
	if *rewrite {
		writeGolden(t, path, cases)
	}
}
