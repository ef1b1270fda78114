package dsl

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/simplequery"
	"github.com/contractsearch/contractsearch/mappings"
)

var rewrite = flag.Bool("rewrite", false, "rewrite the expected outputs of testdata/*.golden")

// goldenCase is one case of a golden file:
//
//	# name
//	<request body, one or more lines>
//	----
//	<expected output>
//
// Cases are separated by blank lines. The expected output is either
// "form A" / "form B", the forwarded OpenSearch body and, for every
// simple_query_string in it, the parsed query tree; or "error <status>" and
// the exact error body.
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

func testParser(t testing.TB) *Parser {
	t.Helper()
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewParser(DefaultLimits(), DefaultFormAOptions(), m)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// render is the output a golden case asserts.
func render(p *Parser, input string) string {
	parsed, err := p.Parse([]byte(input))
	if err != nil {
		e, ok := apierr.As(err)
		if !ok {
			return "non-API error: " + err.Error()
		}
		return fmt.Sprintf("error %d\n%s", e.Status, e.Body())
	}
	var b strings.Builder
	fmt.Fprintf(&b, "form %s\n", parsed.Form)
	body := parsed.Search.AppendJSON(nil, EncodeOptions{})
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, body, "", "  "); err != nil {
		return "invalid JSON encoded: " + string(body)
	}
	b.Write(pretty.Bytes())
	walk(parsed.Search.Query, func(q Query) {
		if s, ok := q.(*SimpleQueryStringQuery); ok {
			flags := simplequery.All
			if s.Flags != "" {
				flags, _ = simplequery.ParseFlags(s.Flags)
			}
			op := simplequery.Should
			if s.DefaultOperator == "and" {
				op = simplequery.Must
			}
			fmt.Fprintf(&b, "\nsqs %q => %s", s.Query, simplequery.Parse(s.Query, flags, op))
		}
	})
	return b.String()
}

// walk visits q and every clause below it, depth first.
func walk(q Query, fn func(Query)) {
	if q == nil {
		return
	}
	fn(q)
	switch q := q.(type) {
	case *BoolQuery:
		for _, list := range [][]Query{q.Must, q.Filter, q.Should, q.MustNot} {
			for _, c := range list {
				walk(c, fn)
			}
		}
	case *NestedQuery:
		walk(q.Query, fn)
	}
}

// TestGolden runs every case of testdata/*.golden; -rewrite regenerates the
// expected outputs (review the diff before committing it).
func TestGolden(t *testing.T) {
	p := testParser(t)
	files, err := filepath.Glob("testdata/*.golden")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, file := range files {
		cases := readGolden(t, file)
		for i, c := range cases {
			t.Run(filepath.Base(file)+"/"+c.name, func(t *testing.T) {
				got := render(p, c.input)
				if *rewrite {
					cases[i].want = got
					return
				}
				if got != c.want {
					t.Errorf("input:\n%s\ngot:\n%s\nwant:\n%s", c.input, got, c.want)
				}
			})
		}
		if *rewrite {
			writeGolden(t, file, cases)
		}
	}
}
