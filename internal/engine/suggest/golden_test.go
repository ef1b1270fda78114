package suggest

// The golden comparisons with Lucene. Each testdata/*.queries.jsonl holds
// suggest requests ({"id", "indexes", "suggest": OpenSearch's suggest
// body}); the matching *.golden.jsonl holds, for each, the answer of a
// reference that runs OpenSearch 3's TermSuggester logic on Lucene 8.7
// (DirectSpellChecker configured by DirectSpellcheckerSettings, the empty
// shard rule, Suggest.reduce and trim) over the Lucene oracle's index of
// the same bulk file. docs/suggest.md describes the reference and the
// commands that regenerate the files.
//
// small.* run on every test run: the engine indexes are built here from
// testdata/small.ndjson. cuad.* need the engine's index of the whole CUAD
// bulk file:
//
//	go run ./cmd/ingest -in /tmp/o/cuad_conv.ndjson -index-dir /tmp/o/engine-suggest
//	ENGINE_INDEX=/tmp/o/engine-suggest go test -run TestGolden -v ./internal/engine/suggest/

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/indexer"
	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/internal/engine/similarity"
	"github.com/contractsearch/contractsearch/mappings"
)

// goldenQuery is one line of testdata/cuad.queries.jsonl.
type goldenQuery struct {
	ID      string                     `json:"id"`
	Indexes []string                   `json:"indexes"`
	Suggest map[string]json.RawMessage `json:"suggest"`
}

// goldenAnswer is one line of testdata/cuad.golden.jsonl.
type goldenAnswer struct {
	ID       string                       `json:"id"`
	Suggest  map[string][]goldenEntry     `json:"suggest"`
	Failures []map[string]json.RawMessage `json:"failures"`
}

type goldenEntry struct {
	Text    string `json:"text"`
	Offset  int    `json:"offset"`
	Length  int    `json:"length"`
	Options []struct {
		Text  string      `json:"text"`
		Score json.Number `json:"score"`
		Freq  int         `json:"freq"`
	} `json:"options"`
}

func readJSONL[T any](t *testing.T, path string) []T {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []T
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v: %.200s", path, err, sc.Text())
		}
		out = append(out, v)
	}
	return out
}

// suggesters turns an OpenSearch suggest body into Suggesters.
func (q *goldenQuery) suggesters(t *testing.T) []Suggester {
	t.Helper()
	var global string
	if raw, ok := q.Suggest["text"]; ok {
		if err := json.Unmarshal(raw, &global); err != nil {
			t.Fatal(err)
		}
	}
	var out []Suggester
	for name, raw := range q.Suggest {
		if name == "text" {
			continue
		}
		var body struct {
			Text *string `json:"text"`
			Term struct {
				Field       string `json:"field"`
				SuggestMode string `json:"suggest_mode"`
				Size        int    `json:"size"`
				ShardSize   int    `json:"shard_size"`
				MaxEdits    int    `json:"max_edits"`
			} `json:"term"`
		}
		if err := json.Unmarshal(raw, &body); err != nil {
			t.Fatalf("%s: %v", q.ID, err)
		}
		s := Defaults(body.Term.Field)
		if m := body.Term.SuggestMode; m != "" {
			var err error
			if s.Mode, err = ParseMode(m); err != nil {
				t.Fatal(err)
			}
		}
		if body.Term.Size > 0 {
			s.Size = body.Term.Size
		}
		s.ShardSize = body.Term.ShardSize
		if body.Term.MaxEdits > 0 {
			s.MaxEdits = body.Term.MaxEdits
		}
		text := global
		if body.Text != nil {
			text = *body.Text
		}
		out = append(out, Suggester{Name: name, Text: text, Settings: s})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// openEngineIndex opens the latest generation of an engine index directory
// as logical indexes by name.
func openEngineIndex(t testing.TB, dir string) map[string]*search.Index {
	t.Helper()
	d, err := generation.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n, err := d.Latest()
	if err != nil {
		t.Fatal(err)
	}
	g, err := d.Open(n)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Release)
	meta, err := indexer.ParseMeta(g.Meta)
	if err != nil {
		t.Fatal(err)
	}
	ixs := map[string]*search.Index{}
	for _, name := range mappings.Names() {
		ix := &search.Index{Name: name}
		for _, prefix := range meta.Segments[name] {
			seg, err := segment.Open(prefix, g.File)
			if err != nil {
				t.Fatal(err)
			}
			ix.Segments = append(ix.Segments, seg)
		}
		ixs[name] = ix
	}
	return ixs
}

// mappedIn reports whether an index's mapping has a field, from the
// repository's mappings.
func mappedIn(t testing.TB) func(index, field string) bool {
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	return func(index, field string) bool {
		ix := m.Index(index)
		if ix == nil {
			return false
		}
		_, ok := ix.Fields[field]
		return ok
	}
}

// diffGolden compares an answer with the golden one and describes the
// first difference. Scores compare as float32 and as the text Java
// prints.
func diffGolden(got *Result, want *goldenAnswer) string {
	if len(want.Failures) != len(got.Failures) {
		return fmt.Sprintf("failures: got %v, want %v", got.Failures, want.Failures)
	}
	if len(got.Suggestions) != len(want.Suggest) {
		return fmt.Sprintf("got %d suggestions, want %d", len(got.Suggestions), len(want.Suggest))
	}
	for _, s := range got.Suggestions {
		we, ok := want.Suggest[s.Name]
		if !ok {
			return fmt.Sprintf("unexpected suggestion %q", s.Name)
		}
		if len(we) != len(s.Entries) {
			return fmt.Sprintf("%s: got %d entries, want %d", s.Name, len(s.Entries), len(we))
		}
		for i, e := range s.Entries {
			w := we[i]
			if e.Text != w.Text || e.Offset != w.Offset || e.Length != w.Length {
				return fmt.Sprintf("%s[%d]: got %q@%d+%d, want %q@%d+%d", s.Name, i, e.Text, e.Offset, e.Length, w.Text, w.Offset, w.Length)
			}
			var g, x []string
			for _, o := range e.Options {
				g = append(g, fmt.Sprintf("%s/%s/%d", o.Text, similarity.JavaFloatString(o.Score), o.Freq))
			}
			for _, o := range w.Options {
				x = append(x, fmt.Sprintf("%s/%s/%d", o.Text, o.Score, o.Freq))
			}
			if gs, xs := strings.Join(g, " "), strings.Join(x, " "); gs != xs {
				return fmt.Sprintf("%s[%d] %q options:\n  got  %s\n  want %s", s.Name, i, e.Text, gs, xs)
			}
		}
	}
	return ""
}

// compareGolden runs the requests of queries over ixs and compares each
// answer with the golden one: entries, options, their order, scores (as
// printed) and frequencies must all be identical.
func compareGolden(t *testing.T, queries, golden string, ixs map[string]*search.Index) {
	t.Helper()
	qs := readJSONL[goldenQuery](t, queries)
	answers := readJSONL[goldenAnswer](t, golden)
	want := map[string]*goldenAnswer{}
	for i := range answers {
		want[answers[i].ID] = &answers[i]
	}
	mapped := mappedIn(t)
	same, entries, options := 0, 0, 0
	for i := range qs {
		q := &qs[i]
		w := want[q.ID]
		if w == nil {
			t.Errorf("%s: no golden answer", q.ID)
			continue
		}
		var targets []*search.Index
		for _, name := range q.Indexes {
			targets = append(targets, ixs[name])
		}
		res, err := Run(context.Background(), targets, q.suggesters(t), mapped)
		if err != nil {
			t.Errorf("%s: %v", q.ID, err)
			continue
		}
		if d := diffGolden(res, w); d != "" {
			t.Errorf("%s: %s", q.ID, d)
			continue
		}
		same++
		for _, s := range res.Suggestions {
			entries += len(s.Entries)
			for _, e := range s.Entries {
				options += len(e.Options)
			}
		}
	}
	t.Logf("%d/%d requests identical to Lucene (%d entries, %d options)", same, len(qs), entries, options)
}

// TestGoldenSmall compares with Lucene's answers on testdata/small.ndjson,
// 348 clause, definition, company and category records of CUAD (contract
// and jurisdiction stay empty). Each index is split into two segments here,
// where Lucene had one: the answers must not depend on it.
func TestGoldenSmall(t *testing.T) {
	b, err := os.ReadFile("testdata/small.ndjson")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	sources := map[string][]string{}
	for i := 0; i+1 < len(lines); i += 2 {
		var meta struct {
			Index struct {
				Index string `json:"_index"`
			} `json:"index"`
		}
		if err := json.Unmarshal([]byte(lines[i]), &meta); err != nil {
			t.Fatal(err)
		}
		sources[meta.Index.Index] = append(sources[meta.Index.Index], lines[i+1])
	}
	ixs := map[string]*search.Index{}
	for _, name := range mappings.Names() {
		srcs := sources[name]
		half := len(srcs) / 2
		ixs[name] = buildIndex(t, name, srcs[:half], srcs[half:])
	}
	compareGolden(t, "testdata/small.queries.jsonl", "testdata/small.golden.jsonl", ixs)
}

// TestGoldenCUAD compares with Lucene's answers on the whole CUAD corpus.
func TestGoldenCUAD(t *testing.T) {
	dir := os.Getenv("ENGINE_INDEX")
	if dir == "" {
		t.Skip("set ENGINE_INDEX to an engine index of /tmp/o/cuad_conv.ndjson (docs/suggest.md) to compare with Lucene's answers")
	}
	compareGolden(t, "testdata/cuad.queries.jsonl", "testdata/cuad.golden.jsonl", openEngineIndex(t, dir))
}
