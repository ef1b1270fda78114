package embedded

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/internal/engine/store"
	"github.com/contractsearch/contractsearch/internal/ingest"
	"github.com/contractsearch/contractsearch/mappings"
)

// randomJSON writes a random JSON object: keys from a small set that holds
// dots, escapes and non-ASCII, values nested up to depth, whitespace
// anywhere it is allowed.
func randomJSON(r *rand.Rand, depth int) []byte {
	var b bytes.Buffer
	writeRandomValue(r, &b, depth, true)
	return b.Bytes()
}

var randomKeys = []string{`a`, `b`, `c`, `a.b`, `name`, `sections`, `é`, `\u0061`, `x\"y`, ``, `b\\c`, `\/`}

func writeRandomValue(r *rand.Rand, b *bytes.Buffer, depth int, object bool) {
	ws := func() {
		if r.IntN(6) == 0 {
			b.WriteString([]string{" ", "\n", "\t ", "\r\n"}[r.IntN(4)])
		}
	}
	kind := r.IntN(8)
	if object || depth > 0 && kind < 3 {
		b.WriteByte('{')
		ws()
		used := map[string]bool{}
		for i, n := 0, r.IntN(5); i < n; i++ {
			k := randomKeys[r.IntN(len(randomKeys))]
			// Names are unique once unescaped, as indexing requires.
			if u, _ := unescapeKey(k); used[u] {
				continue
			} else {
				used[u] = true
			}
			if len(used) > 1 {
				b.WriteByte(',')
				ws()
			}
			b.WriteString(`"` + k + `"`)
			ws()
			b.WriteByte(':')
			ws()
			writeRandomValue(r, b, depth-1, false)
			ws()
		}
		b.WriteByte('}')
		return
	}
	if depth > 0 && kind < 5 {
		b.WriteByte('[')
		ws()
		for i, n := 0, r.IntN(4); i < n; i++ {
			if i > 0 {
				b.WriteByte(',')
				ws()
			}
			writeRandomValue(r, b, depth-1, false)
			ws()
		}
		b.WriteByte(']')
		return
	}
	b.WriteString([]string{`"text"`, `""`, `"q\"uo\\te\\"`, `"\u00e9\n"`, `1`, `-2.5e3`, `0`, `true`, `false`, `null`, `"a b {c} [d]"`}[r.IntN(11)])
}

func unescapeKey(k string) (string, error) {
	var s string
	err := json.Unmarshal([]byte(`"`+k+`"`), &s)
	return s, err
}

// randomPatterns are include lists of one to three patterns over the
// random keys, with stars.
func randomPatterns(r *rand.Rand) []string {
	pool := []string{"a", "b", "a.b", "a.b.c", "*", "a*", "*.b", "b.*", "*a*", "", "c.a.b", "a.*.c", "name", "sections.name",
		"é", "a.a", "x\"y", "*.*", "b\\c", "/", "sections*", "*name"}
	var out []string
	for i, n := 0, 1+r.IntN(3); i < n; i++ {
		out = append(out, pool[r.IntN(len(pool))])
	}
	return out
}

// TestFilterMatchesReference compares the streaming filter and value
// extraction with the tree-based implementation they replaced, on random
// objects, include lists and nested paths: the bytes must be identical.
func TestFilterMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 20000 {
		src := randomJSON(r, 1+r.IntN(4))
		checkAgainstReference(t, src, randomPatterns(r), []string{"", "a", "sections", "a.b"}[r.IntN(4)])
	}
}

func checkAgainstReference(t *testing.T, src []byte, includes []string, path string) {
	t.Helper()
	got, gerr := filterSourceAt(src, includes, path)
	if !jsontext.Value(src).IsValid() {
		// Stored sources are valid JSON (indexing parses them); on
		// anything else the scan need only fail cleanly, where the
		// reference may accept some (trailing data, duplicate names).
		if doc, err := scanSource(src); err == nil {
			_, _ = doc.values(path)
		}
		return
	}
	want, werr := refFilterSource(src, includes, path)
	if werr != nil {
		if gerr == nil {
			t.Fatalf("source %s: the reference fails (%v), the scan gives %s", src, werr, got)
		}
		return
	}
	if gerr != nil || !bytes.Equal(got, want) {
		t.Fatalf("source %s, includes %q at %q:\ngot  %s (%v)\nwant %s", src, includes, path, got, gerr, want)
	}
	root, _ := refParse(src)
	doc, err := scanSource(src)
	if err != nil {
		t.Fatalf("source %s: %v", src, err)
	}
	for _, p := range append(includes, "a.b.c", "sections.name") {
		if strings.Contains(p, "*") {
			continue
		}
		w := root.refValues(p)
		g, err := doc.values(p)
		if err != nil || !reflect.DeepEqual(g, w) {
			t.Fatalf("source %s, values(%q): got %q (%v), want %q", src, p, g, err, w)
		}
	}
}

// TestFilterCUADRecords compares the two implementations on real records:
// the records of 25 CUAD contracts (every index), with the spec's include
// lists and random patterns over the record fields.
func TestFilterCUADRecords(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "..", "shared", "corpora", "cuad", "contracts")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("CUAD is not at %s (../shared/corpora/cuad beside the repository): %v", dir, err)
	}
	tmp := t.TempDir()
	n := 0
	for _, e := range entries {
		if e.IsDir() || n == 25 {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
		n++
	}
	corpus, err := ingest.Build(context.Background(), tmp, ingest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var bulk bytes.Buffer
	if err := corpus.WriteBulk(context.Background(), &bulk, nil); err != nil {
		t.Fatal(err)
	}
	lists := [][]string{
		{"name", "snippet", "url", "category", "company", "filing_date", "industry", "jurisdiction", "group_id", "group_size"},
		{"name", "category.name", "jurisdiction.*", "sections.name", "sections.type"},
		{"*.value"}, {"sections"}, {"body"}, {"*name*"}, {"sections.*"}, {"missing"},
	}
	fields := []string{"name", "snippet", "url", "body", "category", "category.name", "sections", "sections.name", "sections.snippet", "group_size", "weight_rank", "jurisdiction.value"}
	r := rand.New(rand.NewPCG(5, 6))
	sc := bufio.NewScanner(&bulk)
	sc.Buffer(nil, 64<<20)
	var records [][]byte
	var incs [][][]string
	for line := 0; sc.Scan(); line++ {
		if line%2 == 0 {
			continue // the action line
		}
		src := slices.Clone(sc.Bytes())
		inc := slices.Clone(lists)
		var random []string
		for range 1 + r.IntN(4) {
			f := fields[r.IntN(len(fields))]
			if r.IntN(3) == 0 {
				f = f[:r.IntN(len(f)+1)] + "*"
			}
			random = append(random, f)
		}
		inc = append(inc, random)
		for _, in := range inc {
			checkAgainstReference(t, src, in, "")
		}
		records = append(records, src)
		incs = append(incs, inc)
	}
	if len(records) < 100 {
		t.Fatalf("only %d records", len(records))
	}
	checkMemberReads(t, records, incs)
}

// checkMemberReads stores the records and reads each back as the fetch
// path does, only the top-level members its include list and highlighted
// fields reach (readMembers, store.Cursor.Members): filtering and the
// highlighted values are those of the whole source, for the contracts,
// whose large sources are read member by member, as for the others.
func checkMemberReads(t *testing.T, records [][]byte, incs [][][]string) {
	t.Helper()
	w, err := store.NewWriter()
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range records {
		if _, err := w.Add(src); err != nil {
			t.Fatal(err)
		}
	}
	file, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	hlFields := []dsl.HighlightField{{Name: "body"}, {Name: "jurisdiction.name"}, {Name: "name.raw"}, {Name: "snippet"}}
	hl := newHighlighter(&dsl.Highlight{Fields: hlFields}, m, 0)
	// A query with something to highlight in each field: all are read.
	var q search.BoolQuery
	for _, f := range hlFields {
		q.Should = append(q.Should, &search.TermQuery{Field: f.Name, Term: "x"})
	}
	c := st.Cursor()
	partial := 0
	for i, src := range records {
		for _, inc := range incs[i] {
			for _, withHL := range []bool{false, true} {
				var h *highlighter
				if withHL {
					h = hl
				}
				got, err := c.Members(uint32(i), readMembers(inc, true, h, "contract", "", &q))
				if err != nil {
					t.Fatal(err)
				}
				if len(got) < len(src) {
					partial++
				}
				want, _ := filterSourceAt(src, inc, "")
				if out, err := filterSourceAt(got, inc, ""); err != nil || !bytes.Equal(out, want) {
					t.Fatalf("record %d, includes %q: from the members read %.200s (%v), from the whole %.200s", i, inc, out, err, want)
				}
				if !withHL {
					continue
				}
				whole, _ := scanSource(src)
				part, err := scanSource(got)
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range hlFields {
					path := sourcePath(m.Index("contract"), f.Name)
					w, _ := whole.values(path)
					g, err := part.values(path)
					if err != nil || !reflect.DeepEqual(g, w) {
						t.Fatalf("record %d, values(%s): %d values from the members read, %d from the whole", i, path, len(g), len(w))
					}
				}
			}
		}
	}
	if partial == 0 {
		t.Error("no source was read in part: the test checks nothing")
	}
}

// FuzzFilterMatchesReference: on any valid JSON, the streaming filter and
// value extraction give what the reference gives; on any input, they never
// panic.
func FuzzFilterMatchesReference(f *testing.F) {
	f.Add([]byte(`{"a":{"b":[1,{"c":2}]},"d":"x"}`), "a.b.c", "")
	f.Add([]byte(`{ "sections" : [ {"name":"x", "a.b" : null} ] }`), "*.name", "sections")
	f.Add([]byte(`{"x\"y":{"\u0061":"\\"}}`), "x\"y", "")
	f.Fuzz(func(t *testing.T, src []byte, pattern, path string) {
		checkAgainstReference(t, src, []string{pattern}, path)
	})
}
