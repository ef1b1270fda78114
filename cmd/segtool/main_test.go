package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/generation"
	"github.com/contractsearch/contractsearch/internal/engine/indexer"
)

func TestSegtool(t *testing.T) {
	path := t.TempDir()
	dir, _ := generation.OpenDir(path)
	in := "{\"index\":{\"_index\":\"contract\",\"_id\":\"en/1\"}}\n" +
		"{\"name\":\"Supply Agreement\",\"body\":\"Governing law: the law of New York.\",\"sections\":[{\"type\":\"clause\",\"name\":\"Governing Law\"}]}\n"
	if _, err := indexer.Build(context.Background(), dir, strings.NewReader(in), indexer.Options{}); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := run([]string{"-index-dir", path}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"segment contract-0: 2 documents, 1 records, 1 nested",
		"  body                   text            1            7         6",
		"  sections.name.raw      keyword         1            1         1",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in\n%s", want, out.String())
		}
	}
	out.Reset()
	if err := run([]string{"-index-dir", path, "-segment", "contract-0", "-field", "body", "-term", "law"}, &out); err != nil {
		t.Fatal(err)
	}
	want := "contract-0 body:\"law\" docFreq 1 totalTermFreq 2\n  doc 1 (record en/1) freq 2 positions [1 3] norm 7\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	if err := run([]string{"-index-dir", path, "-segment", "contract-0", "-field", "body", "-term", "absent"}, &out); err == nil {
		t.Error("absent term: no error")
	}
}

// TestCheck: check passes an intact generation and fails, naming the file,
// one with a byte altered in a file opening does not read, and one with a
// truncated file.
func TestCheck(t *testing.T) {
	path := t.TempDir()
	dir, _ := generation.OpenDir(path)
	in := "{\"index\":{\"_index\":\"contract\",\"_id\":\"en/1\"}}\n" +
		"{\"name\":\"Supply Agreement\",\"body\":\"Governing law: the law of New York.\",\"sections\":[{\"type\":\"clause\",\"name\":\"Governing Law\"}]}\n"
	if _, err := indexer.Build(context.Background(), dir, strings.NewReader(in), indexer.Options{}); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := run([]string{"check", "-index-dir", path}, &out); err != nil || !strings.Contains(out.String(), "generation 1: ") {
		t.Fatalf("intact: %v %s", err, out.String())
	}
	gen := filepath.Join(path, "gen-00000001")
	src := filepath.Join(gen, "contract-0.src")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	b[3] ^= 1
	if err := os.WriteFile(src, b, 0o644); err != nil {
		t.Fatal(err)
	}
	err = run([]string{"check", "-index-dir", path, "-gen", "1"}, &out)
	if err == nil || !strings.Contains(err.Error(), "contract-0.src: corrupt data: checksum") {
		t.Errorf("altered sources: %v", err)
	}
	pos := filepath.Join(gen, "contract-0.f1.pos")
	if err := os.Truncate(pos, 5); err != nil {
		t.Fatal(err)
	}
	err = run([]string{"check", "-index-dir", path}, &out)
	if err == nil || !strings.Contains(err.Error(), "contract-0.f1.pos: truncated data") {
		t.Errorf("truncated positions: %v", err)
	}
}
