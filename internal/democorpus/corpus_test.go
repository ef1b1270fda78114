package democorpus

import (
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func generate(t testing.TB, o Options) *Corpus {
	t.Helper()
	c, err := Generate(o)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// digest summarises a corpus's bytes, manifest included.
func digest(c *Corpus) string {
	h := sha256.New()
	for _, f := range c.Files {
		fmt.Fprintf(h, "%s\x00%d\x00", f.Path, len(f.Data))
		h.Write(f.Data)
	}
	h.Write(c.Manifest())
	return fmt.Sprintf("%x", h.Sum(nil))
}

// TestDeterministic: the same options give the same bytes, written or in
// memory; another seed gives another corpus.
func TestDeterministic(t *testing.T) {
	a, b := generate(t, Options{Seed: 1}), generate(t, Options{Seed: 1})
	if digest(a) != digest(b) {
		t.Fatal("two corpora from seed 1 differ")
	}
	if digest(a) == digest(generate(t, Options{Seed: 2})) {
		t.Fatal("seeds 1 and 2 give the same corpus")
	}
	dirs := []string{t.TempDir(), t.TempDir()}
	for _, d := range dirs {
		if err := generate(t, Options{N: 40, Seed: 7}).Write(d); err != nil {
			t.Fatal(err)
		}
	}
	if x, y := dirDigest(t, dirs[0]), dirDigest(t, dirs[1]); x != y {
		t.Fatal("two directories written from the same options differ")
	}
}

func dirDigest(t *testing.T, dir string) string {
	h := sha256.New()
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		fmt.Fprintf(h, "%s\x00%d\x00", rel, len(data))
		h.Write(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// TestCoverage: at the default size every contract type, jurisdiction,
// format, heading style and kind of near-duplicate appears, and EDGAR
// submissions with several exhibits exist.
func TestCoverage(t *testing.T) {
	c := generate(t, Options{Seed: 1})
	if len(c.Contracts) != DefaultN {
		t.Fatalf("%d contracts, want %d", len(c.Contracts), DefaultN)
	}
	seen := map[string]map[string]int{}
	count := func(kind, v string) {
		if seen[kind] == nil {
			seen[kind] = map[string]int{}
		}
		seen[kind][v]++
	}
	for _, k := range c.Contracts {
		count("category", k.Category)
		count("jurisdiction", k.JurisdictionValue)
		count("format", k.Format)
		count("variant", k.Variant)
		count("file", k.File)
		switch {
		case strings.Contains(k.Text, "\nARTICLE "):
			count("style", "article")
		case regexp.MustCompile(`\n1\. [A-Z]{4,}`).MatchString(k.Text):
			count("style", "numbered caps")
		case regexp.MustCompile(`\n\d+\. [A-Z][a-z]+`).MatchString(k.Text):
			count("style", "numbered run-in")
		case strings.Contains(k.Text, "\nSection 1."):
			count("style", "section word")
		default:
			count("style", "all caps")
		}
		if strings.Contains(k.Text, "\u201c") {
			count("quotes", "curly")
		} else {
			count("quotes", "straight")
		}
	}
	for _, ct := range contractTypes {
		if seen["category"][ct.Slug] == 0 {
			t.Errorf("no %s", ct.Slug)
		}
	}
	for _, j := range jurisdictions {
		if seen["jurisdiction"][j.Value] == 0 {
			t.Errorf("no contract governed by %s", j.Name)
		}
	}
	for kind, want := range map[string]int{"format": 4, "variant": 4, "style": 5, "quotes": 2} {
		if len(seen[kind]) != want {
			t.Errorf("%s: %v, want %d kinds", kind, seen[kind], want)
		}
	}
	multi := 0
	for _, n := range seen["file"] {
		if n > 1 {
			multi++
		}
	}
	if multi == 0 {
		t.Error("no EDGAR submission holds more than one contract")
	}
	if len(contractTypes) < 20 || len(jurisdictions) < 15 {
		t.Errorf("%d types and %d jurisdictions, want at least 20 and 15", len(contractTypes), len(jurisdictions))
	}
	t.Logf("%d categories, %d jurisdictions, formats %v, styles %v, variants %v, %d multi-exhibit submissions",
		len(seen["category"]), len(seen["jurisdiction"]), seen["format"], seen["style"], seen["variant"], multi)
}

// TestTexts checks every contract's canonical text: no placeholder or
// alternative marker left, the governing law named, a definition or
// inline definition present, the parties' names in it.
func TestTexts(t *testing.T) {
	c := generate(t, Options{Seed: 1})
	for _, k := range c.Contracts {
		for _, bad := range []string{"{", "}", "||", "\x00"} {
			if i := strings.Index(k.Text, bad); i >= 0 {
				t.Errorf("%s: %q left at %q", k.ID, bad, k.Text[max(0, i-40):min(len(k.Text), i+40)])
			}
		}
		j := jurisdictionByValue(k.JurisdictionValue)
		if !strings.Contains(k.Text, j.Law) && !strings.Contains(k.Text, j.Alt) {
			t.Errorf("%s: governing law %s not named", k.ID, j.Name)
		}
		if !strings.Contains(k.Text, `"Agreement"`) && !strings.Contains(k.Text, "\u201cAgreement\u201d") {
			t.Errorf("%s: no inline definition of the Agreement", k.ID)
		}
		if !strings.HasPrefix(k.Text, k.Title+"\n") {
			t.Errorf("%s: text does not start with its title %q", k.ID, k.Title)
		}
		if !strings.Contains(k.Text, strings.ToUpper(k.Company)) && !strings.Contains(k.Text, k.Company) {
			t.Errorf("%s: filer %s not a party", k.ID, k.Company)
		}
	}
}

// TestManifest: the manifest parses as CSV, has one row per contract, and
// every row names a file of the corpus.
func TestManifest(t *testing.T) {
	c := generate(t, Options{N: 60, Seed: 3})
	rows, err := csv.NewReader(bytes.NewReader(c.Manifest())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(c.Contracts)+1 || !slices.Equal(rows[0], manifestHeader) {
		t.Fatalf("%d rows, header %v", len(rows), rows[0])
	}
	files := map[string]bool{}
	for _, f := range c.Files {
		files[f.Path] = true
	}
	for _, row := range rows[1:] {
		if !files[row[1]] {
			t.Errorf("%s: file %q not in the corpus", row[0], row[1])
		}
		if len(row[9]) != 10 || !strings.HasPrefix(row[9], "0009") {
			t.Errorf("%s: CIK %q", row[0], row[9])
		}
	}
}

func TestWriteRefusesNonEmptyDir(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "keep.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := generate(t, Options{N: 2, Seed: 1}).Write(dir)
	if err == nil || !strings.Contains(err.Error(), "is not empty") {
		t.Fatalf("Write into a non-empty directory: %v", err)
	}
}

func TestOptions(t *testing.T) {
	if _, err := Generate(Options{N: -1}); err == nil {
		t.Error("N = -1 accepted")
	}
	if c := generate(t, Options{N: 1, Seed: 5}); len(c.Contracts) != 1 || len(c.Files) != 1 {
		t.Errorf("N = 1: %d contracts in %d files", len(c.Contracts), len(c.Files))
	}
}

// TestGolden pins the opening of the first contract of the default corpus
// and its manifest row, so that any change to templates or choices is seen
// in review. Run with -update to accept a change.
func TestGolden(t *testing.T) {
	c := generate(t, Options{Seed: 1})
	var got strings.Builder
	// The digest of every byte: any change, in this Go release or the
	// next, shows here.
	fmt.Fprintf(&got, "corpus sha256 %s\n\n", digest(c))
	for _, id := range []string{"dc-0001", "dc-0002"} {
		i := slices.IndexFunc(c.Contracts, func(k Contract) bool { return k.ID == id })
		k := c.Contracts[i]
		fmt.Fprintf(&got, "== %s %s %s %s %s %s\n", k.ID, k.File, k.Exhibit, k.Category, k.JurisdictionValue, k.FilingDate)
		lines := strings.SplitAfter(k.Text, "\n")
		got.WriteString(strings.Join(lines[:min(len(lines), 40)], ""))
		got.WriteString("…\n")
		gl := regexp.MustCompile(`(?m)^.*(governed by|construed|governed and construed).*$`).FindString(k.Text)
		got.WriteString(gl + "\n\n")
	}
	path := filepath.Join("testdata", "golden.txt")
	if *update {
		if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got.String() != string(want) {
		t.Errorf("golden excerpt changed (go test -run TestGolden -update to accept):\n%s", got.String())
	}
}

func date(y, m, d int) time.Time { return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC) }
