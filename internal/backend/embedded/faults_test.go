package embedded

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/backend"
	"github.com/contractsearch/contractsearch/internal/democorpus"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/indexer"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/internal/ingest"
	"github.com/contractsearch/contractsearch/mappings"
)

// faultQueries read every kind of file of the contract index: the body
// field's dictionary, postings, norms (scores) and positions (phrases),
// doc values (ranges, aggregations, _id), sources and the nested
// documents' structure (inner hits).
var faultQueries = []string{
	`{"query":{"simple_query_string":{"query":"agreement","fields":["body"]}},"size":5}`,
	`{"query":{"match_phrase":{"body":"this agreement"}},"size":5}`,
	`{"query":{"match_phrase":{"body":{"query":"party shall","slop":3}}},"size":3}`,
	`{"query":{"range":{"filing_date":{"gte":"2000-01-01"}}},"size":3,"aggs":{"cat":{"terms":{"field":"category.value"}}}}`,
	`{"query":{"nested":{"path":"sections","query":{"simple_query_string":{"query":"law","fields":["sections.snippet"]}},"inner_hits":{}}},"size":3}`,
}

// faultIndex builds a small index of the demo corpus once: its directory
// holds generation 1.
func faultIndex(t *testing.T) string {
	t.Helper()
	src := t.TempDir()
	c, err := democorpus.Generate(democorpus.Options{N: 12, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Write(src); err != nil {
		t.Fatal(err)
	}
	corpus, err := ingest.Build(context.Background(), src, ingest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var bulk bytes.Buffer
	if err := corpus.WriteBulk(context.Background(), &bulk, nil); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	d, err := generation.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := indexer.Build(context.Background(), d, &bulk, indexer.Options{}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// linkDir makes to a copy of the index directory from: each file a hard
// link (cheap, and the test never writes through it), but the one named
// own, a file of its own that may be damaged in place.
func linkDir(t *testing.T, from, to, own string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		target := filepath.Join(to, rel)
		switch {
		case e.IsDir():
			return os.MkdirAll(target, 0o755)
		case rel != own:
			return os.Link(path, target)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// faultFiles picks one file of each kind that faultQueries read: the
// contract segment's meta, doc values and sources, the body field's
// dictionary, postings, positions and norms; and the MANIFEST.
func faultFiles(t *testing.T, genPath string) []string {
	t.Helper()
	d, _ := generation.OpenDir(filepath.Dir(genPath))
	gens, _ := d.Generations()
	g, err := d.Open(gens[0])
	if err != nil {
		t.Fatal(err)
	}
	defer g.Release()
	meta, err := indexer.ParseMeta(g.Meta)
	if err != nil {
		t.Fatal(err)
	}
	prefix := meta.Segments["contract"][0]
	seg, err := segment.Open(prefix, g.File)
	if err != nil {
		t.Fatal(err)
	}
	defer seg.Store.Close()
	body := slices.Index(seg.Fields(), "body")
	files := []string{"MANIFEST", prefix + ".meta", prefix + ".dv", prefix + ".src"}
	for _, ext := range []string{"tdi", "doc", "pos", "nrm"} {
		files = append(files, fmt.Sprintf("%s.f%d.%s", prefix, body, ext))
	}
	for _, f := range files {
		if _, ok := g.File(f); !ok && f != "MANIFEST" {
			t.Fatalf("no file %s", f)
		}
	}
	return files
}

// damage is one way of damaging a file in place.
type damage struct {
	name  string
	apply func(t *testing.T, path string)
}

func flipAt(frac float64) func(t *testing.T, path string) {
	return func(t *testing.T, path string) {
		t.Helper()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// In place, as a disk error or a stray write would: the same
		// inode, so a process that mapped the file sees the change.
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		at := int64(float64(len(b)-1) * frac)
		if _, err := f.WriteAt([]byte{b[at] ^ 0x04}, at); err != nil {
			t.Fatal(err)
		}
	}
}

func truncateTo(frac float64) func(t *testing.T, path string) {
	return func(t *testing.T, path string) {
		t.Helper()
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(path, int64(float64(st.Size())*frac)); err != nil {
			t.Fatal(err)
		}
	}
}

var damages = []damage{
	{"byte flipped at the start", flipAt(0)},
	{"byte flipped in the middle", flipAt(0.5)},
	{"checksum flipped", flipAt(1)},
	{"truncated to half", truncateTo(0.5)},
	{"truncated to nothing", truncateTo(0)},
}

// startDamages are those tried at start-up, where the MANIFEST's sizes
// catch every truncation the same way.
var startDamages = []damage{damages[1], damages[2], damages[3]}

// answers runs every fault query: a response (rendered without took) or
// an error, and whether it was an error.
func answers(t *testing.T, b *Backend, p *dsl.Parser) []string {
	t.Helper()
	var out []string
	for _, q := range faultQueries {
		parsed, err := p.Parse([]byte(q))
		if err != nil {
			t.Fatal(err)
		}
		resp, err := b.Search(context.Background(), &backend.Request{Indexes: mappings.Names(), Search: parsed.Search})
		if err != nil {
			ae, ok := apierr.As(err)
			if !ok || ae.Status != 503 {
				t.Fatalf("query %s: error %v, want a 503", q, err)
			}
			out = append(out, "error")
			continue
		}
		resp.Took = 0
		js, err := json.Marshal(resp)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(js))
	}
	return out
}

// checkAnswers fails unless every answer is the intact index's or an
// error; it returns how many were errors.
func checkAnswers(t *testing.T, got, want []string) int {
	t.Helper()
	errs := 0
	for i := range got {
		switch {
		case got[i] == "error":
			errs++
		case got[i] != want[i]:
			t.Errorf("query %s answered wrongly:\n got %s\nwant %s", faultQueries[i], got[i], want[i])
		}
	}
	return errs
}

// TestFaults is the fault suite: files of every kind damaged in every way
// of damages, in a generation about to be served (at start-up) and in the
// served one (while serving), and generation directories empty or half
// written. The process must stay up (a memory fault would end the test
// binary) and every answer must be the intact index's answer or a 503.
func TestFaults(t *testing.T) {
	ms, p := testSetup(t)
	intact := faultIndex(t)
	gen1 := filepath.Join(intact, "gen-00000001")
	files := faultFiles(t, gen1)
	b, err := Open(intact, ms, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := answers(t, b, p)
	b.Close()
	for i, w := range want {
		if w == "error" || strings.Contains(w, `"hits":[]`) {
			t.Fatalf("query %s finds nothing on the intact index: the suite would prove nothing", faultQueries[i])
		}
	}

	// At start-up, with an older good generation: the damaged newest one
	// is skipped, reported in the status, and every answer is right.
	t.Run("start-up", func(t *testing.T) {
		for _, file := range files {
			for _, dm := range startDamages {
				t.Run(file+"/"+dm.name, func(t *testing.T) {
					dir := t.TempDir()
					linkDir(t, intact, dir, "")
					linkDir(t, gen1, filepath.Join(dir, "gen-00000002"), file)
					dm.apply(t, filepath.Join(dir, "gen-00000002", file))
					var reported []error
					b, err := Open(dir, ms, func(err error) { reported = append(reported, err) })
					if err != nil {
						t.Fatal(err)
					}
					defer b.Close()
					if errs := checkAnswers(t, answers(t, b, p), want); errs != 0 {
						t.Errorf("%d errors with a good generation to serve", errs)
					}
					st := b.IndexStatus()
					if st.Generation != 1 || st.Verification != "verified" || len(st.BadGenerations) != 1 ||
						st.BadGenerations[0].Generation != 2 || st.BadGenerations[0].File == "" {
						t.Errorf("status %+v", st)
					}
					if len(reported) != 1 || !strings.Contains(reported[0].Error(), "generation 2") {
						t.Errorf("reported %v, want generation 2 once", reported)
					}
				})
			}
		}
	})

	// At start-up with no other generation: no start, or 503s.
	t.Run("start-up alone", func(t *testing.T) {
		for _, file := range files {
			for _, dm := range startDamages {
				t.Run(file+"/"+dm.name, func(t *testing.T) {
					dir := t.TempDir()
					linkDir(t, intact, dir, filepath.Join("gen-00000001", file))
					dm.apply(t, filepath.Join(dir, "gen-00000001", file))
					b, err := Open(dir, ms, nil)
					if err != nil {
						return // refusing to start is an answer too
					}
					defer b.Close()
					if errs := checkAnswers(t, answers(t, b, p), want); errs != len(faultQueries) {
						t.Errorf("%d of %d queries answered from a damaged generation", len(faultQueries)-errs, len(faultQueries))
					}
					if st := b.IndexStatus(); st.Verification != "damaged" || st.Damage == nil || st.Damage.File != file {
						t.Errorf("status %+v", st)
					}
					if b.Ready(context.Background()) == nil {
						t.Error("ready while serving a damaged generation")
					}
				})
			}
		}
	})

	// While serving: the served generation's files damaged in place.
	// Every answer is right or a 503; with an older good generation
	// present, the answers come from it.
	t.Run("while serving", func(t *testing.T) {
		for _, file := range files {
			for _, dm := range damages {
				t.Run(file+"/"+dm.name, func(t *testing.T) {
					dir := t.TempDir()
					linkDir(t, intact, dir, filepath.Join("gen-00000001", file))
					b, err := Open(dir, ms, nil)
					if err != nil {
						t.Fatal(err)
					}
					defer b.Close()
					checkAnswers(t, answers(t, b, p), want)
					dm.apply(t, filepath.Join(dir, "gen-00000001", file))
					got := answers(t, b, p)
					errs := checkAnswers(t, got, want)
					if file != "MANIFEST" && errs != len(faultQueries) {
						t.Errorf("%d of %d queries answered from a damaged generation", len(faultQueries)-errs, len(faultQueries))
					}
				})
			}
		}
	})

	// Newest generation directories that are empty or half written, at
	// start-up and appearing while serving: generation 1 keeps serving.
	t.Run("incomplete directories", func(t *testing.T) {
		names, _ := os.ReadDir(gen1)
		sort.Slice(names, func(i, j int) bool { return names[i].Name() < names[j].Name() })
		incomplete := map[string]func(t *testing.T, path string){
			"empty": func(t *testing.T, path string) {},
			"files without MANIFEST": func(t *testing.T, path string) {
				linkDir(t, gen1, path, "")
				os.Remove(filepath.Join(path, "MANIFEST"))
			},
			"half the files": func(t *testing.T, path string) {
				linkDir(t, gen1, path, "")
				for _, e := range names[:len(names)/2] {
					if e.Name() != "MANIFEST" {
						os.Remove(filepath.Join(path, e.Name()))
					}
				}
			},
			"a file still being written": func(t *testing.T, path string) {
				linkDir(t, gen1, path, files[3])
				truncateTo(0.3)(t, filepath.Join(path, files[3]))
			},
		}
		for name, make := range incomplete {
			for _, when := range []string{"at start-up", "while serving"} {
				t.Run(name+"/"+when, func(t *testing.T) {
					dir := t.TempDir()
					linkDir(t, intact, dir, "")
					newest := filepath.Join(dir, "gen-00000002")
					var b *Backend
					if when == "while serving" {
						if b, err = Open(dir, ms, nil); err != nil {
							t.Fatal(err)
						}
						defer b.Close()
					}
					if err := os.Mkdir(newest, 0o755); err != nil {
						t.Fatal(err)
					}
					make(t, newest)
					if b == nil {
						if b, err = Open(dir, ms, nil); err != nil {
							t.Fatal(err)
						}
						defer b.Close()
					} else if swapped, err := b.Refresh(); swapped || err != nil {
						t.Fatalf("refresh: %v %v", swapped, err)
					}
					if errs := checkAnswers(t, answers(t, b, p), want); errs != 0 {
						t.Errorf("%d errors with a good generation to serve", errs)
					}
					if st := b.IndexStatus(); st.Generation != 1 || len(st.BadGenerations) != 1 || st.BadGenerations[0].Generation != 2 {
						t.Errorf("status %+v", st)
					}
				})
			}
		}
	})
}
