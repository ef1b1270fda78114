package highlight

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/search"
)

// The golden cases: testdata/golden/cases.jsonl (queries and options, with
// values inline or named from texts.jsonl, excerpts of the CUAD contracts —
// CUAD v1, The Atticus Project, CC BY 4.0) and expected.jsonl, the answers
// of testdata/reference/Reference.java, which runs Lucene's unified
// highlighter configured as OpenSearch 3 configures it.
//
//	go test -run TestGolden -update    # re-run the Java reference (needs
//	                                   # HIGHLIGHT_JAVA or java 21+, Lucene jars)
//	go test -run TestGolden -generate  # rebuild the cases from the CUAD corpus
//	                                   # (then -update)

var generate = flag.Bool("generate", false, "rebuild testdata/golden cases from the CUAD corpus")

// goldenCase is one line of cases.jsonl.
type goldenCase struct {
	ID                string          `json:"id"`
	Note              string          `json:"note,omitempty"`
	Field             string          `json:"field"`
	Keyword           bool            `json:"keyword,omitempty"`
	Values            []string        `json:"values,omitempty"`
	Texts             []string        `json:"texts,omitempty"`
	Query             json.RawMessage `json:"query"`
	FragmentSize      *int            `json:"fragment_size,omitempty"`
	NumberOfFragments *int            `json:"number_of_fragments,omitempty"`
	Order             string          `json:"order,omitempty"`
	Pre               *string         `json:"pre,omitempty"`
	Post              *string         `json:"post,omitempty"`
	NoMatchSize       int             `json:"no_match_size,omitempty"`
}

type goldenResult struct {
	ID        string   `json:"id"`
	Fragments []string `json:"fragments"`
	Error     string   `json:"error,omitempty"`
}

func (c *goldenCase) options() Options {
	o := DefaultOptions()
	if c.FragmentSize != nil {
		o.FragmentSize = *c.FragmentSize
	}
	if c.NumberOfFragments != nil {
		o.NumberOfFragments = *c.NumberOfFragments
	}
	if c.Pre != nil {
		o.PreTag = *c.Pre
	}
	if c.Post != nil {
		o.PostTag = *c.Post
	}
	o.ScoreOrder = c.Order == "score"
	o.Keyword = c.Keyword
	o.NoMatchSize = c.NoMatchSize
	return o
}

func (c *goldenCase) values(texts map[string]string) []string {
	vs := slices.Clone(c.Values)
	for _, id := range c.Texts {
		t, ok := texts[id]
		if !ok {
			panic("unknown text " + id)
		}
		vs = append(vs, t)
	}
	return vs
}

// decodeQuery reads the JSON form of an engine query used by the cases
// (one key naming the node type, as Reference.java reads it).
func decodeQuery(raw json.RawMessage) (search.Query, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	if len(m) != 1 {
		return nil, fmt.Errorf("query needs one key: %s", raw)
	}
	for kind, body := range m {
		var a struct {
			Field          string            `json:"field"`
			Term           string            `json:"term"`
			Terms          []string          `json:"terms"`
			Slop           int               `json:"slop"`
			Prefix         string            `json:"prefix"`
			MaxEdits       *int              `json:"max_edits"`
			PrefixLength   int               `json:"prefix_length"`
			MaxExpansions  *int              `json:"max_expansions"`
			Transpositions *bool             `json:"transpositions"`
			Disjuncts      []json.RawMessage `json:"disjuncts"`
			Tie            float32           `json:"tie"`
			Must           []json.RawMessage `json:"must"`
			Should         []json.RawMessage `json:"should"`
			Filter         []json.RawMessage `json:"filter"`
			MustNot        []json.RawMessage `json:"must_not"`
			MSM            int               `json:"msm"`
			Query          json.RawMessage   `json:"query"`
			Path           string            `json:"path"`
			Boost          float32           `json:"boost"`
		}
		if err := json.Unmarshal(body, &a); err != nil {
			return nil, err
		}
		list := func(raws []json.RawMessage) ([]search.Query, error) {
			var qs []search.Query
			for _, r := range raws {
				q, err := decodeQuery(r)
				if err != nil {
					return nil, err
				}
				qs = append(qs, q)
			}
			return qs, nil
		}
		switch kind {
		case "term":
			return &search.TermQuery{Field: a.Field, Term: a.Term, Boost: a.Boost}, nil
		case "phrase":
			return &search.PhraseQuery{Field: a.Field, Terms: a.Terms, Slop: a.Slop, Boost: a.Boost}, nil
		case "prefix":
			return &search.PrefixQuery{Field: a.Field, Prefix: a.Prefix, Boost: a.Boost}, nil
		case "fuzzy":
			q := &search.FuzzyQuery{Field: a.Field, Term: a.Term, MaxEdits: 2, PrefixLength: a.PrefixLength,
				MaxExpansions: 50, Transpositions: true, Boost: a.Boost}
			if a.MaxEdits != nil {
				q.MaxEdits = *a.MaxEdits
			}
			if a.MaxExpansions != nil {
				q.MaxExpansions = *a.MaxExpansions
			}
			if a.Transpositions != nil {
				q.Transpositions = *a.Transpositions
			}
			return q, nil
		case "terms":
			return &search.TermSetQuery{Field: a.Field, Terms: a.Terms, Boost: a.Boost}, nil
		case "dismax":
			ds, err := list(a.Disjuncts)
			return &search.DisMaxQuery{Disjuncts: ds, TieBreaker: a.Tie, Boost: a.Boost}, err
		case "bool":
			q := &search.BoolQuery{MinimumShouldMatch: a.MSM, Boost: a.Boost}
			var err error
			for _, x := range []struct {
				dst *[]search.Query
				src []json.RawMessage
			}{{&q.Must, a.Must}, {&q.Should, a.Should}, {&q.Filter, a.Filter}, {&q.MustNot, a.MustNot}} {
				if *x.dst, err = list(x.src); err != nil {
					return nil, err
				}
			}
			return q, nil
		case "constant":
			inner, err := decodeQuery(a.Query)
			return &search.ConstantScoreQuery{Query: inner, Boost: a.Boost}, err
		case "nested":
			inner, err := decodeQuery(a.Query)
			return &search.NestedQuery{Path: a.Path, Query: inner}, err
		case "match_all":
			return &search.MatchAllQuery{}, nil
		case "match_none":
			return &search.MatchNoneQuery{}, nil
		}
		return nil, fmt.Errorf("unknown query kind %q", kind)
	}
	panic("unreachable")
}

func readJSONL[T any](t testing.TB, path string) []T {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []T
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, v)
	}
	return out
}

func writeJSONL[T any](t testing.TB, path string, vs []T) {
	t.Helper()
	var b bytes.Buffer
	for _, v := range vs {
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

type goldenText struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// goldenDir holds the golden cases. $HIGHLIGHT_GOLDEN_DIR moves it, for
// larger comparisons that are not committed (with $HIGHLIGHT_SCALE, see
// generateCases).
var goldenDir = cmp.Or(os.Getenv("HIGHLIGHT_GOLDEN_DIR"), filepath.Join("testdata", "golden"))

func loadTexts(t testing.TB) map[string]string {
	texts := map[string]string{}
	for _, x := range readJSONL[goldenText](t, filepath.Join(goldenDir, "texts.jsonl")) {
		texts[x.ID] = x.Text
	}
	return texts
}

// runReference runs Reference.java over the cases and returns its answers.
func runReference(t *testing.T, casesPath string) []byte {
	t.Helper()
	java := javaCommand(t)
	var cp []string
	for _, jar := range []string{"lucene-core", "lucene-highlighter", "lucene-memory", "lucene-queries", "lucene-analyzers-common"} {
		p := filepath.Join(luceneDir(), jar+"-8.7.0.jar")
		if _, err := os.Stat(p); err != nil {
			t.Skipf("Lucene jar %s not found (set HIGHLIGHT_LUCENE to their directory)", p)
		}
		cp = append(cp, p)
	}
	in, err := os.Open(casesPath)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	cmd := exec.Command(java, "-cp", strings.Join(cp, string(os.PathListSeparator)),
		filepath.Join("testdata", "reference", "Reference.java"), filepath.Join(goldenDir, "texts.jsonl"))
	cmd.Stdin = in
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("Reference.java: %v", err)
	}
	return out
}

func luceneDir() string {
	if d := os.Getenv("HIGHLIGHT_LUCENE"); d != "" {
		return d
	}
	return "/usr/share/java"
}

// TestGolden compares Highlight with the Java reference on every golden
// case; each difference is a failure.
func TestGolden(t *testing.T) {
	casesPath := filepath.Join(goldenDir, "cases.jsonl")
	expectedPath := filepath.Join(goldenDir, "expected.jsonl")
	if *generate {
		generateCases(t)
	}
	if *update || *generate {
		if err := os.WriteFile(expectedPath, runReference(t, casesPath), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	texts := loadTexts(t)
	cases := readJSONL[goldenCase](t, casesPath)
	expected := readJSONL[goldenResult](t, expectedPath)
	if len(cases) != len(expected) {
		t.Fatalf("%d cases but %d expected answers; run with -update", len(cases), len(expected))
	}
	same := 0
	for i, c := range cases {
		want := expected[i]
		if want.ID != c.ID {
			t.Fatalf("expected.jsonl line %d is %s, want %s; run with -update", i+1, want.ID, c.ID)
		}
		q, err := decodeQuery(c.Query)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		got, err := Highlight(t.Context(), q, c.Field, c.values(texts), c.options())
		switch {
		case want.Error != "":
			if _, ok := err.(*TooLongError); !ok {
				t.Errorf("%s: got %q, %v; want error %s", c.ID, got, err, want.Error)
				continue
			}
		case err != nil:
			t.Errorf("%s: %v", c.ID, err)
			continue
		case !slices.Equal(got, want.Fragments) || (got == nil) != (want.Fragments == nil):
			t.Errorf("%s (%s):\n got %q\nwant %q", c.ID, c.Note, got, want.Fragments)
			continue
		}
		same++
	}
	t.Logf("%d of %d golden cases identical to the Java reference", same, len(cases))
}
