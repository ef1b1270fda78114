package segment

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/analysis"
	"github.com/contractsearch/contractsearch/internal/engine/document"
	"github.com/contractsearch/contractsearch/mappings"
)

type record struct{ id, source string }

// randomRecords returns n contract records over a small vocabulary (so
// terms are shared and common ones pass 128 documents), with sections,
// keywords, dates and rank features; ids repeat with probability dup.
func randomRecords(rng *rand.Rand, n int, dup float64) []record {
	words := strings.Fields("the supplier shall deliver goods law governing term license party agreement notice " +
		"york delaware payment fee exclusive territory warranty confidential assignment audit insurance")
	text := func(max int) string {
		k := 1 + rng.IntN(max)
		ws := make([]string, k)
		for i := range ws {
			ws[i] = words[rng.IntN(len(words))]
			if rng.IntN(40) == 0 {
				ws[i] = fmt.Sprintf("w%d", rng.IntN(5000)) // rare terms
			}
		}
		return strings.Join(ws, " ")
	}
	var out []record
	for i := range n {
		id := fmt.Sprintf("en/%d", i)
		if i > 0 && rng.Float64() < dup {
			id = out[rng.IntN(len(out))].id
		}
		src := map[string]any{"name": text(4)}
		if rng.IntN(4) > 0 {
			if rng.IntN(3) == 0 {
				src["body"] = []string{text(30), text(10)}
			} else {
				src["body"] = text(60)
			}
		}
		if rng.IntN(2) == 0 {
			src["category"] = map[string]any{"name": text(2), "value": words[rng.IntN(5)]}
		}
		if rng.IntN(3) == 0 {
			src["filing_date"] = fmt.Sprintf("20%02d-0%d-1%d", rng.IntN(20), 1+rng.IntN(9), rng.IntN(10))
		}
		if rng.IntN(3) == 0 {
			src["weight_rank"] = 1 + rng.IntN(50)
		}
		var sections []map[string]any
		for range rng.IntN(4) {
			sections = append(sections, map[string]any{"type": "clause", "name": text(3), "value": words[rng.IntN(6)], "snippet": text(12)})
		}
		if sections != nil {
			src["sections"] = sections
		}
		b, _ := json.Marshal(src)
		out = append(out, record{id, string(b)})
	}
	return out
}

func contractSchema(t testing.TB) *document.Schema {
	t.Helper()
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	return document.NewSchema(m.Index("contract"))
}

func writeSegment(t testing.TB, schema *document.Schema, prefix string, recs []record) (*Segment, Files) {
	t.Helper()
	w, err := NewWriter(analysis.NewStandard(255))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		doc, err := schema.Parse([]byte(r.source))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Add(r.id, doc, []byte(r.source)); err != nil {
			t.Fatal(err)
		}
	}
	files, err := w.Finish(prefix)
	if err != nil {
		t.Fatal(err)
	}
	return openFiles(t, prefix, files), files
}

func openFiles(t testing.TB, prefix string, files Files) *Segment {
	t.Helper()
	s, err := Open(prefix, func(n string) ([]byte, bool) { b, ok := files[n]; return b, ok })
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// splitWithOverwrites cuts recs into segments at random points, the way a
// build flushes, and returns the merge inputs with every record whose id
// comes again later deleted (last wins), and the surviving records in
// order.
func splitWithOverwrites(t testing.TB, rng *rand.Rand, schema *document.Schema, recs []record, segments int) ([]MergeInput, []record) {
	t.Helper()
	cuts := []int{0}
	for range segments - 1 {
		cuts = append(cuts, rng.IntN(len(recs)+1))
	}
	cuts = append(cuts, len(recs))
	slices.Sort(cuts)
	type loc struct{ seg, rec int }
	last := map[string]loc{}
	for s := 0; s+1 < len(cuts); s++ {
		for k, r := range recs[cuts[s]:cuts[s+1]] {
			last[r.id] = loc{s, k}
		}
	}
	var inputs []MergeInput
	var survivors []record
	for s := 0; s+1 < len(cuts); s++ {
		part := recs[cuts[s]:cuts[s+1]]
		if len(part) == 0 {
			continue
		}
		seg, _ := writeSegment(t, schema, fmt.Sprintf("in-%d", s), part)
		in := MergeInput{Segment: seg}
		for k, r := range part {
			if last[r.id] != (loc{s, k}) {
				in.Deleted = append(in.Deleted, seg.Roots()[k])
			} else {
				survivors = append(survivors, r)
			}
		}
		inputs = append(inputs, in)
	}
	return inputs, survivors
}

// TestMergeEqualsFreshBuild: merging segments with overwritten records
// gives, byte for byte, the files of one segment written from the
// surviving records alone — postings, positions, impacts, norms,
// dictionaries, doc values and every statistic — and the same sources.
func TestMergeEqualsFreshBuild(t *testing.T) {
	schema := contractSchema(t)
	for seed := range uint64(6) {
		rng := rand.New(rand.NewPCG(seed, 11))
		n := 50 + rng.IntN(700)
		dup := []float64{0, 0.1, 0.4}[seed%3]
		recs := randomRecords(rng, n, dup)
		inputs, survivors := splitWithOverwrites(t, rng, schema, recs, 1+rng.IntN(5))
		_, want := writeSegment(t, schema, "out", survivors)
		t.Logf("seed %d: %d records, %d survivors, %d inputs, %d files", seed, n, len(survivors), len(inputs), len(want))
		got := Files{}
		res, err := Merge("out", got, inputs, MergeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Records != len(survivors) {
			t.Errorf("seed %d: %d records, want %d", seed, res.Records, len(survivors))
		}
		for _, name := range sortedKeys(want) {
			if strings.HasSuffix(name, ".src") {
				continue
			}
			if !bytes.Equal(got[name], want[name]) {
				t.Errorf("seed %d (%d records, %d inputs): %s differs from a fresh build's", seed, n, len(inputs), name)
			}
		}
		if len(got) != len(want) {
			t.Errorf("seed %d: files %v, want %v", seed, sortedKeys(got), sortedKeys(want))
		}
		gs, ws := openFiles(t, "out", got), openFiles(t, "out", want)
		if gs.MaxDoc != ws.MaxDoc {
			t.Fatalf("seed %d: maxDoc %d, want %d", seed, gs.MaxDoc, ws.MaxDoc)
		}
		for d := range gs.MaxDoc {
			a, _, err1 := gs.Store.Get(d, nil, nil)
			b, _, err2 := ws.Store.Get(d, nil, nil)
			if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
				t.Fatalf("seed %d: source of document %d differs (%v %v)", seed, d, err1, err2)
			}
		}
	}
}

func TestMergeErrors(t *testing.T) {
	schema := contractSchema(t)
	seg, _ := writeSegment(t, schema, "a", randomRecords(rand.New(rand.NewPCG(1, 2)), 3, 0))
	if _, err := Merge("x", Files{}, []MergeInput{{Segment: seg, Deleted: seg.Roots()}}, MergeOptions{}); err == nil {
		t.Error("a merge without survivors succeeded")
	}
	child := uint32(0)
	for seg.IsRoot(child) {
		child++
	}
	if _, err := Merge("x", Files{}, []MergeInput{{Segment: seg, Deleted: []uint32{child}}}, MergeOptions{}); err == nil || !seg.IsRoot(seg.Roots()[0]) {
		t.Errorf("deleting a child: %v", err)
	}
}

// TestAddRefusesBeforeChanging: a record refused for a rank feature Lucene
// cannot encode (a positive subnormal float) leaves no document behind; it
// used to leave its children and itself without a root, so they became
// the next record's children.
func TestAddRefusesBeforeChanging(t *testing.T) {
	schema := contractSchema(t)
	w, err := NewWriter(analysis.NewStandard(255))
	if err != nil {
		t.Fatal(err)
	}
	for i, src := range []string{
		`{"name":"tiny","weight_rank":1e-40,"sections":[{"type":"clause","name":"a","value":"a","snippet":"a"}]}`,
		`{"name":"fine","weight_rank":2}`,
	} {
		doc, err := schema.Parse([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		_, err = w.Add(fmt.Sprint(i), doc, []byte(src))
		if (err != nil) != (i == 0) {
			t.Fatalf("record %d: %v", i, err)
		}
	}
	files, err := w.Finish("s")
	if err != nil {
		t.Fatal(err)
	}
	s := openFiles(t, "s", files)
	if s.MaxDoc != 1 || len(s.Roots()) != 1 {
		t.Errorf("%d documents, roots %v", s.MaxDoc, s.Roots())
	}
}
