package cuad

import (
	"os"
	"path/filepath"
	"testing"
)

func TestJoinKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Part_I/X/ABC_Inc - A&R AGREEMENT .PDF", "abcincaragreement"},
		{"abc_inc - a_r agreement .pdf", "abcincaragreement"},
		{"KALLOINC_11_03_2011-EX-10.1-STRATEGIC ALLIANCE AGREEMENT.PDF'", "kalloinc11032011ex101strategicallianceagreement"},
		{"LECLANCH\u00c9 S.A.pdf", "leclanchesa"},
		{"LECLANCHE\u0301 S.A.pdf", "leclanchesa"},
	} {
		if got := joinKey(tc.in); got != tc.want {
			t.Errorf("joinKey(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestLoadCUAD joins every label row of the real corpus to a text file.
func TestLoadCUAD(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "corpora", "cuad")
	if _, err := os.Stat(filepath.Join(dir, "master_clauses.csv")); err != nil {
		t.Skipf("CUAD is not at %s (../shared/corpora/cuad beside the repository): %v", dir, err)
	}
	l, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Files) != 510 || len(l.Categories) != 41 {
		t.Fatalf("%d files, %d categories; want 510 and 41", len(l.Files), len(l.Categories))
	}
	// Counts of non-empty cells in master_clauses.csv.
	for cat, want := range map[string]int{"Governing Law": 437, "Non-Compete": 119, "Most Favored Nation": 28, "Anti-Assignment": 374} {
		if got := len(l.With(cat)); got != want {
			t.Errorf("%s: %d contracts, want %d", cat, got, want)
		}
	}
}
