package indexer

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

const input = `{"index":{"_index":"contract","_id":"en/1"}}
{"name":"Supply Agreement","body":"The supplier shall deliver.","sections":[{"type":"clause","name":"Term","value":"term","snippet":"One year."}],"extra":1}
{"index":{"_index":"contract","_id":"en/2"}}
{"name":"License Agreement","filing_date":"not a date"}
{"index":{"_index":"clause","_id":"en/term#1"}}
{"name":"Term","value":"term","type":"clause","snippet":"One year.","group_id":"en/term#1","group_size":1,"weight_rank":2}
{"index":{"_index":"contract","_id":"en/1"}}
{"name":"Duplicate"}
garbage
{"index":{"_index":"contract","_id":"en/3"}}
{"name":"Third Agreement"}
`

func TestBuild(t *testing.T) {
	dir, err := generation.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var bad []string
	rep, err := Build(context.Background(), dir, strings.NewReader(input), Options{
		MaxSegmentBytes: 150, // small: en/1 fills the first contract segment
		OnBad:           func(line int, reason string) { bad = append(bad, fmt.Sprintf("%d: %s", line, reason)) },
	})
	if err != nil {
		t.Fatal(err)
	}
	wantBad := []string{
		"3: mapper_parsing_exception: failed to parse field [filing_date] of type [date]: [not a date] is not a date in format [yyyy-MM-dd]",
		`7: [contract] _id "en/1" was already indexed on line 1; records cannot be overwritten in one build`,
		"9: not a JSON object: invalid character 'g' looking for beginning of value at byte 1",
	}
	if strings.Join(bad, "\n") != strings.Join(wantBad, "\n") {
		t.Errorf("bad lines\n%s\nwant\n%s", strings.Join(bad, "\n"), strings.Join(wantBad, "\n"))
	}
	if rep.Generation != 1 || rep.Lines != 11 || rep.BadLines != 1 || rep.Rejected != 2 ||
		rep.Docs["contract"] != 2 || rep.Docs["clause"] != 1 || rep.Segments["contract"] != 2 || rep.Unmapped["extra"] != 1 {
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
	if fmt.Sprint(meta.Segments["contract"]) != "[contract-0 contract-1]" || len(meta.Segments["company"]) != 0 {
		t.Fatalf("segments %v", meta.Segments)
	}
	var ids []string
	for _, prefix := range append(meta.Segments["contract"], meta.Segments["clause"]...) {
		s, err := segment.Open(prefix, g.File)
		if err != nil {
			t.Fatal(err)
		}
		for _, root := range s.Roots() {
			id, err := s.ID(root)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, prefix+":"+id)
		}
	}
	if fmt.Sprint(ids) != "[contract-0:en/1 contract-1:en/3 clause-0:en/term#1]" {
		t.Errorf("ids %v", ids)
	}

	var sum strings.Builder
	rep.WriteSummary(&sum)
	if !strings.Contains(sum.String(), "contract             2 records  2 segment(s)") ||
		!strings.Contains(sum.String(), "not in the mapping, kept in _source only: extra (1 records)") {
		t.Errorf("summary:\n%s", sum.String())
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
	if _, err := ParseMeta([]byte(`{`)); err == nil {
		t.Error("malformed meta accepted")
	}
}
