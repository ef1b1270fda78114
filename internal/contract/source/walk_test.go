package source

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestWalk(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"b.txt", "a/c.HTML", "a/d.pdf", "e.htm", "f.csv", "h.docx", "README", ".hidden.txt", ".git/x.txt", "g.xhtml", "manifest.txt"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{"link.txt": "b.txt", "dirlink.txt": "a", "dangling.txt": "nowhere"}
	for link, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	w, err := Walk(dir, filepath.Join(dir, "manifest.txt"), "")
	if err != nil {
		t.Fatal(err)
	}
	var rels []string
	for _, f := range w.Files {
		rels = append(rels, f.Rel)
		if f.Path != filepath.Join(dir, filepath.FromSlash(f.Rel)) || f.Size != 1 {
			t.Errorf("file %+v", f)
		}
	}
	if want := []string{"a/c.HTML", "a/d.pdf", "b.txt", "e.htm", "g.xhtml", "link.txt"}; !reflect.DeepEqual(rels, want) {
		t.Errorf("files %q, want %q", rels, want)
	}
	wantIgnored := map[string]int{"hidden": 1, "no reader for .csv": 1, "no reader for .docx": 1, "no reader for (no extension)": 1, "not a regular file": 2}
	if !reflect.DeepEqual(w.Ignored, wantIgnored) {
		t.Errorf("ignored %v, want %v", w.Ignored, wantIgnored)
	}
	wantNamed := []IgnoredFile{
		{"README", "no reader for (no extension)"}, {"dangling.txt", "not a regular file"},
		{"dirlink.txt", "not a regular file"}, {"f.csv", "no reader for .csv"}, {"h.docx", "no reader for .docx"},
	}
	if !reflect.DeepEqual(w.IgnoredFiles, wantNamed) {
		t.Errorf("ignored files %v, want %v", w.IgnoredFiles, wantNamed)
	}

	one, err := Walk(filepath.Join(dir, "a", "c.HTML"))
	if err != nil || len(one.Files) != 1 || one.Files[0].Rel != "c.HTML" || one.Files[0].Path != filepath.Join(dir, "a", "c.HTML") {
		t.Errorf("one file: %+v, %v", one, err)
	}
	if _, err := Walk(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing root is not an error")
	}
	if !Readable("A/B.TXT") || !Readable("x.PDF") || Readable("x.docx") || Readable("txt") {
		t.Error("Readable")
	}
}
