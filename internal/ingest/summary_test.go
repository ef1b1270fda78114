package ingest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/contract/source"
)

// TestSummaryBoundsIgnoredFiles lists the first MaxListed files left out,
// named like skipped ones, and counts the rest.
func TestSummaryBoundsIgnoredFiles(t *testing.T) {
	s := Summary{Ignored: map[string]int{"hidden": 3, "no reader for .pdf": MaxListed + 2}}
	for i := range MaxListed + 2 {
		s.IgnoredFiles = append(s.IgnoredFiles, source.IgnoredFile{Rel: fmt.Sprintf("scans/%03d.pdf", i), Reason: "no reader for .pdf"})
	}
	var b strings.Builder
	if err := s.WriteSummary(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"files ignored: 55 (hidden: 3, no reader for .pdf: 52)\n  scans/000.pdf: no reader for .pdf\n",
		"  scans/049.pdf: no reader for .pdf\n  … and 2 more\ncontracts: 0",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "scans/050.pdf") || strings.Contains(out, "encodings:") {
		t.Errorf("summary lists past the bound, or encodings of no file:\n%s", out)
	}
}
