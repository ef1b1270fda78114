package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRun: the command writes the same bytes twice for one seed, and
// refuses bad flags and a non-empty directory.
func TestRun(t *testing.T) {
	a, b := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	for _, dir := range []string{a, b} {
		if err := run([]string{"-out", dir, "-n", "25", "-seed", "3"}); err != nil {
			t.Fatal(err)
		}
	}
	if fa, fb := readTree(t, a), readTree(t, b); len(fa) == 0 || len(fa) != len(fb) {
		t.Fatalf("%d and %d files", len(fa), len(fb))
	} else {
		for p, data := range fa {
			if fb[p] != data {
				t.Errorf("%s differs between two runs with seed 3", p)
			}
		}
		if !strings.HasPrefix(fa["manifest.csv"], "id,file,format,") {
			t.Errorf("manifest starts %q", fa["manifest.csv"][:40])
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "-out DIR is required"},
		{[]string{"-out", t.TempDir(), "-n", "0"}, "want at least 1"},
		{[]string{"-out", a}, "is not empty"},
		{[]string{"-bogus"}, "flag provided but not defined"},
	} {
		if err := run(tc.args); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("run(%q) = %v, want an error containing %q", tc.args, err, tc.want)
		}
	}
}

func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
