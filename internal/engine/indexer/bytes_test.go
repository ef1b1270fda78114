package indexer

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/generation"
)

var update = flag.Bool("update", false, "rewrite testdata/build.golden from the current build")

// TestBuildBytes: a build's files are a function of its input alone. A
// generated input with every index, large contracts (chunked sources),
// non-ASCII text (UTF-16 offsets), overwrites and deletes, with write
// buffers small enough that several segments are flushed and merged, is
// built twice; both builds must give the files and bytes of
// testdata/build.golden, which a build on one goroutine wrote before the
// build used several (so the pipeline changed no byte).
func TestBuildBytes(t *testing.T) {
	in := generatedBulk()
	var first string
	for run := range 2 {
		dir, err := generation.OpenDir(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Build(context.Background(), dir, strings.NewReader(in), Options{MaxBufferedBytes: 16 << 10})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Flushed["contract"] < 3 || rep.Flushed["definition"] < 2 || rep.Overwritten["contract"] == 0 || rep.Deleted["clause"] == 0 {
			t.Fatalf("the input no longer exercises flushes, merges, overwrites and deletes: %+v", rep)
		}
		got := digestGeneration(t, dir, rep.Generation)
		if run == 0 {
			first = got
			continue
		}
		if got != first {
			t.Fatalf("two builds of one input differ:\n%s\nthen\n%s", first, got)
		}
	}
	golden := filepath.Join("testdata", "build.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(first), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if first != string(want) {
		t.Errorf("build files differ from %s (a format change bumps its version; go test -update rewrites it):\n%s", golden, first)
	}
}

// digestGeneration lists generation gen's files with their SHA-256.
func digestGeneration(t *testing.T, dir *generation.Dir, gen uint64) string {
	t.Helper()
	g, err := dir.Open(gen)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Release()
	var b strings.Builder
	for _, name := range g.Files() {
		data, ok := g.File(name)
		if !ok {
			t.Fatalf("file %s listed, not opened", name)
		}
		fmt.Fprintf(&b, "%s %x\n", name, sha256.Sum256(data))
	}
	fmt.Fprintf(&b, "meta %s\n", g.Meta)
	return b.String()
}

// generatedBulk returns a bulk file of a few hundred records of every
// index, the same for every run (a seeded PCG).
func generatedBulk() string {
	r := rand.New(rand.NewPCG(11, 2026))
	words := strings.Fields(`the supplier shall deliver goods within thirty days of notice
		agreement term license party governing law Delaware indemnify confidential information
		payment terminate breach Zürich naïve Émile façade 東京 contract warranty assign`)
	text := func(n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = words[r.IntN(len(words))]
		}
		return strings.Join(w, " ")
	}
	var b strings.Builder
	add := func(op, index, id string, src map[string]any) {
		action, _ := json.Marshal(map[string]any{op: map[string]string{"_index": index, "_id": id}})
		b.Write(action)
		b.WriteByte('\n')
		if src == nil {
			return
		}
		line, _ := json.Marshal(src)
		b.Write(line)
		b.WriteByte('\n')
	}
	for i := range 160 {
		id := fmt.Sprintf("en/%d", i%140) // the last 20 overwrite earlier ids
		switch i % 4 {
		case 0:
			var sections []any
			for k := range r.IntN(4) {
				sections = append(sections, map[string]any{"type": "clause", "name": text(2), "value": fmt.Sprintf("v%d", k), "snippet": text(20)})
			}
			add("index", "contract", id, map[string]any{"name": text(3), "body": text(100 + r.IntN(3000)), "url": "/contracts/" + id,
				"filing_date": fmt.Sprintf("20%02d-0%d-1%d", r.IntN(25), 1+r.IntN(9), r.IntN(10)), "weight_rank": 1 + r.Float64(), "sections": sections})
		case 1:
			add("index", "clause", id+"#c", map[string]any{"name": text(2), "value": text(1), "snippet": text(40), "group_size": r.IntN(5), "weight_rank": 0.5 + r.Float64()})
		case 2:
			add("index", "definition", id+"#d", map[string]any{"name": text(1), "snippet": text(30), "type": "definition"})
		default:
			add("index", "company", id, map[string]any{"name": text(2)})
			if i%12 == 3 {
				add("delete", "clause", fmt.Sprintf("en/%d#c", i-2), nil)
			}
		}
	}
	add("index", "category", "supply", map[string]any{"name": "Supply", "value": "supply"})
	add("index", "jurisdiction", "de", map[string]any{"name": "Delaware", "value": "delaware"})
	return b.String()
}
