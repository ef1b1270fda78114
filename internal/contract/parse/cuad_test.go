package parse

import (
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// cuadContracts returns the CUAD contract files: $CUAD_CONTRACTS, or
// ../shared/corpora/cuad/contracts next to the repository root. Tests
// that need them skip, saying so, when they are absent.
func cuadContracts(tb testing.TB) []string {
	tb.Helper()
	dir := os.Getenv("CUAD_CONTRACTS")
	where := "$CUAD_CONTRACTS"
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			tb.Skipf("CUAD corpus not found: %v", err)
		}
		for {
			if _, err := os.Stat(filepath.Join(wd, "go.mod")); err == nil {
				break
			}
			parent := filepath.Dir(wd)
			if parent == wd {
				tb.Skip("CUAD corpus not found: no go.mod above the package")
			}
			wd = parent
		}
		dir = filepath.Join(filepath.Dir(wd), "shared", "corpora", "cuad", "contracts")
		where = "../shared/corpora/cuad/contracts (relative to the repository root)"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		tb.Skipf("CUAD corpus not found at %s: these tests need the real contracts", where)
	}
	sort.Strings(files)
	return files
}

func loadCUAD(tb testing.TB) ([]string, int) {
	files := cuadContracts(tb)
	texts := make([]string, 0, len(files))
	total := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		texts = append(texts, string(b))
		total += len(b)
	}
	return texts, total
}
