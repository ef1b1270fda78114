package cuad

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
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

// master_clauses.csv names the PDFs with characters the manifest's text
// file names replace; joinKey makes the two agree.
func TestJoinKeyPairs(t *testing.T) {
	for _, tc := range [][2]string{
		{"MOELIS&CO_03_24_2014-EX-10.19-STRATEGIC ALLIANCE AGREEMENT.PDF", "MOELIS_CO_03_24_2014-EX-10.19-STRATEGIC ALLIANCE AGREEMENT.txt"},
		{"KALLOINC_11_03_2011-EX-10.1-STRATEGIC ALLIANCE AGREEMENT.PDF'", "KALLOINC_11_03_2011-EX-10.1-STRATEGIC ALLIANCE AGREEMENT.txt"},
		{"MACY'S,INC_05_11_2020-EX-99.4-JOINT FILING AGREEMENT.PDF", "MACY_S,INC_05_11_2020-EX-99.4-JOINT FILING AGREEMENT.txt"},
	} {
		if a, b := joinKey(tc[0]), joinKey(tc[1]); a != b {
			t.Errorf("joinKey(%q) = %q, joinKey(%q) = %q", tc[0], a, tc[1], b)
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
	ex := l.Excerpts("Audit Rights", "CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement.txt")
	if len(ex) != 1 || !strings.HasPrefix(ex[0], "MA shall keep accurate records of the sales") {
		t.Errorf("Audit Rights excerpts of the first manifest row: %q", ex)
	}
}

// Category cells as master_clauses.csv quotes them: Python's repr of a
// list of strings.
func TestParseExcerpts(t *testing.T) {
	for _, tc := range []struct {
		cell string
		want []string
	}{
		{`['MA shall keep accurate records.']`, []string{"MA shall keep accurate records."}},
		{`['First passage.', "Licensee's second passage."]`, []string{"First passage.", "Licensee's second passage."}},
		{`['It\'s escaped', 'a\\b', 'line\nbreak']`, []string{"It's escaped", `a\b`, "line\nbreak"}},
		{`[]`, nil},
		{``, nil},
		{`Yes`, []string{"Yes"}},
		{`['unterminated]`, []string{"unterminated"}},
		{`['not a list`, []string{`['not a list`}},
	} {
		got := ParseExcerpts(tc.cell)
		if !slices.Equal(got, tc.want) {
			t.Errorf("ParseExcerpts(%q) = %q, want %q", tc.cell, got, tc.want)
		}
	}
}

// FuzzParseExcerpts: no cell panics the reader, and a passage holds no
// more bytes than the cell.
func FuzzParseExcerpts(f *testing.F) {
	for _, s := range []string{`['a', "b"]`, `['\`, `[']`, `["\\"]`, `[`, `]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cell string) {
		for _, p := range ParseExcerpts(cell) {
			if len(p) > len(cell) {
				t.Fatalf("passage %q longer than the cell %q", p, cell)
			}
		}
	})
}
