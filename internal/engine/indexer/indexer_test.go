package indexer

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/mappings"
)

const input = `{"index":{"_index":"contract","_id":"en/1"}}
{"name":"Supply Agreement","body":"The supplier shall deliver.","sections":[{"type":"clause","name":"Term","value":"term","snippet":"One year."}],"extra":1}
{"index":{"_index":"contract","_id":"en/2"}}
{"name":"License Agreement","filing_date":"not a date"}
{"index":{"_index":"clause","_id":"en/term#1"}}
{"name":"Term","value":"term","type":"clause","snippet":"One year.","group_id":"en/term#1","group_size":1,"weight_rank":2}
{"index":{"_index":"contract","_id":"en/1"}}
{"name":"Duplicate Agreement"}
garbage
{"index":{"_index":"contract","_id":"en/3"}}
{"name":"Third Agreement"}
{"create":{"_index":"contract","_id":"en/3"}}
{"name":"Conflict"}
{"delete":{"_index":"clause","_id":"en/term#1"}}
{"delete":{"_index":"clause","_id":"en/none"}}
{"create":{"_index":"clause","_id":"en/term#1"}}
{"name":"Recreated","value":"term"}
{"index":{"_index":"contract","_id":"en/1"}}
{"name":"Refused","filing_date":"nope"}
`

// TestBuild: bad lines and refused records are reported; a repeated _id
// replaces the earlier record, which moves to the later record's place;
// create refuses an existing _id; delete removes a record; the flushed
// segments are merged into one per index holding only the survivors.
func TestBuild(t *testing.T) {
	dir, err := generation.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var bad []string
	rep, err := Build(context.Background(), dir, strings.NewReader(input), Options{
		MaxBufferedBytes: 150, // small: en/1 fills the first contract segment
		OnBad:            func(line int, reason string) { bad = append(bad, fmt.Sprintf("%d: %s", line, reason)) },
	})
	if err != nil {
		t.Fatal(err)
	}
	wantBad := []string{
		"3: mapper_parsing_exception: failed to parse field [filing_date] of type [date]: [not a date] is not a date in format [yyyy-MM-dd]",
		"9: not a JSON object: invalid character 'g' looking for beginning of value at byte 1",
		"12: version_conflict_engine_exception: [en/3]: version conflict, document already exists (current version [1])",
		"18: mapper_parsing_exception: failed to parse field [filing_date] of type [date]: [nope] is not a date in format [yyyy-MM-dd]",
	}
	if strings.Join(bad, "\n") != strings.Join(wantBad, "\n") {
		t.Errorf("bad lines\n%s\nwant\n%s", strings.Join(bad, "\n"), strings.Join(wantBad, "\n"))
	}
	if rep.Generation != 1 || rep.Lines != 19 || rep.BadLines != 1 || rep.Rejected != 3 ||
		rep.Docs["contract"] != 2 || rep.Docs["clause"] != 1 || rep.Overwritten["contract"] != 1 || rep.Deleted["clause"] != 1 ||
		rep.DeleteNotFound != 1 || rep.Flushed["contract"] != 2 || rep.Flushed["clause"] != 2 ||
		rep.Segments["contract"] != 1 || rep.Segments["clause"] != 1 || rep.Unmapped["extra"] != 1 {
		t.Errorf("report %+v", rep)
	}

	g, err := dir.Open(rep.Generation)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Release()
	meta, err := ParseMeta(g.Meta)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(meta.Segments) != "map[category:[] clause:[clause-2] company:[] contract:[contract-2] definition:[] jurisdiction:[]]" ||
		fmt.Sprint(meta.Docs) != "map[category:0 clause:1 company:0 contract:2 definition:0 jurisdiction:0]" {
		t.Fatalf("meta %+v", meta)
	}
	// Only the published segments' files are left.
	for _, f := range g.Files() {
		if !strings.HasPrefix(f, "contract-2.") && !strings.HasPrefix(f, "clause-2.") {
			t.Errorf("stray file %s", f)
		}
	}
	var got []string
	for _, prefix := range append(meta.Segments["contract"], meta.Segments["clause"]...) {
		s, err := segment.Open(prefix, g.File)
		if err != nil {
			t.Fatal(err)
		}
		if s.MaxDoc != uint32(len(s.Roots())) {
			t.Errorf("%s: %d documents for %d records: a deleted record's section is left", prefix, s.MaxDoc, len(s.Roots()))
		}
		for _, root := range s.Roots() {
			id, err := s.ID(root)
			if err != nil {
				t.Fatal(err)
			}
			src, _, err := s.Store.Get(root, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, prefix+":"+id+" "+string(src))
		}
		// Statistics count the survivors only: the replaced en/1's body
		// and section are gone.
		if prefix == "contract-2" {
			if f := s.Field("body"); f != nil {
				t.Errorf("body field of a replaced record left: %+v", f)
			}
			if f := s.Field("name"); f == nil || f.DocCount != 2 || f.SumTotalTermFreq != 4 {
				t.Errorf("name statistics %+v", f)
			}
		}
	}
	want := []string{
		`contract-2:en/1 {"name":"Duplicate Agreement"}`,
		`contract-2:en/3 {"name":"Third Agreement"}`,
		`clause-2:en/term#1 {"name":"Recreated","value":"term"}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("records\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	var sum strings.Builder
	rep.WriteSummary(&sum)
	for _, line := range []string{
		"contract             2 records  1 segment(s), merged from 2 flushed, 1 overwritten by a later record with the same _id",
		"clause               1 records  1 segment(s), merged from 2 flushed, 1 deleted",
		"company              0 records  0 segment(s)\n",
		"1 delete action(s) for an _id that did not exist (not_found)",
		"not in the mapping, kept in _source only: extra (1 records)",
	} {
		if !strings.Contains(sum.String(), line) {
			t.Errorf("summary lacks %q:\n%s", line, sum.String())
		}
	}
}

// TestBuildFailureKeepsPreviousGeneration: a build that fails (here, the
// context ends) publishes nothing and leaves no build directory.
func TestBuildFailureKeepsPreviousGeneration(t *testing.T) {
	path := t.TempDir()
	dir, _ := generation.OpenDir(path)
	if _, err := Build(context.Background(), dir, strings.NewReader(input), Options{}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	big := strings.Repeat("{\"index\":{\"_index\":\"company\"}}\n{\"name\":\"x\"}\n", 6000)
	if _, err := Build(ctx, dir, strings.NewReader(big), Options{}); err == nil {
		t.Fatal("cancelled build succeeded")
	}
	gens, _ := dir.Generations()
	entries, _ := os.ReadDir(path)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if fmt.Sprint(gens) != "[1]" || fmt.Sprint(names) != "[.builds.lock gen-00000001]" {
		t.Errorf("generations %v, entries %v", gens, names)
	}
}

func TestParseMeta(t *testing.T) {
	if _, err := ParseMeta([]byte(`{"version":2}`)); err == nil || !strings.Contains(err.Error(), "version 2 is not supported") {
		t.Errorf("got %v", err)
	}
	for _, bad := range []string{
		`{`,
		`{"version":1,"segments":{"nosuch":["x"]}}`,
		`{"version":1,"segments":{"contract":["../x"]}}`,
		`{"version":1,"segments":{"contract":[""]}}`,
		`{"version":1,"docs":{"contract":-1}}`,
	} {
		if _, err := ParseMeta([]byte(bad)); err == nil {
			t.Errorf("meta %s accepted", bad)
		}
	}
}

// TestBuildEverythingDeleted: an index whose every record is deleted is
// published empty, its flushed segment removed.
func TestBuildEverythingDeleted(t *testing.T) {
	dir, _ := generation.OpenDir(t.TempDir())
	in := `{"index":{"_index":"company","_id":"a"}}
{"name":"Acme"}
{"delete":{"_index":"company","_id":"a"}}
{"index":{"_index":"category","_id":"c"}}
{"name":"Supply","value":"supply"}
`
	rep, err := Build(context.Background(), dir, strings.NewReader(in), Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := dir.Open(rep.Generation)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Release()
	ixs, err := Open(g)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, name := range mappings.Names() {
		got = append(got, fmt.Sprintf("%s:%d", name, len(ixs[name])))
	}
	if fmt.Sprint(got) != "[category:1 clause:0 company:0 contract:0 definition:0 jurisdiction:0]" ||
		fmt.Sprint(g.Files()) != "[category-0.dv category-0.f0.doc category-0.f0.tdi category-0.f1.doc category-0.f1.nrm category-0.f1.off category-0.f1.pos category-0.f1.tdi category-0.f2.doc category-0.f2.tdi category-0.f3.doc category-0.f3.tdi category-0.meta category-0.src]" {
		t.Errorf("indexes %v, files %v", got, g.Files())
	}
	if rep.Docs["company"] != 0 || rep.Deleted["company"] != 1 || rep.Segments["company"] != 0 {
		t.Errorf("report %+v", rep)
	}
}
