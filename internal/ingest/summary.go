package ingest

import (
	"fmt"
	"io"
	"strings"

	"github.com/contractsearch/contractsearch/mappings"
)

// MaxListed bounds the ignored files, skipped files and manifest warnings
// WriteSummary lists one by one; all are counted.
const MaxListed = 50

// WriteSummary writes the summary an operator reads: files read (by
// encoding) and ignored (named, but for hidden ones), contracts,
// near-duplicate groups, skipped files with their reasons, the manifest,
// and records per index.
func (s *Summary) WriteSummary(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "files read: %d (%.1f MB)\n", s.Files, float64(s.Bytes)/1e6)
	if len(s.Encodings) > 0 {
		fmt.Fprintf(&b, "encodings: %s\n", counts(s.Encodings))
	}
	if len(s.Ignored) > 0 {
		n := 0
		for _, c := range s.Ignored {
			n += c
		}
		fmt.Fprintf(&b, "files ignored: %d (%s)\n", n, counts(s.Ignored))
		for i, f := range s.IgnoredFiles {
			if i == MaxListed {
				fmt.Fprintf(&b, "  … and %d more\n", len(s.IgnoredFiles)-MaxListed)
				break
			}
			fmt.Fprintf(&b, "  %s: %s\n", f.Rel, f.Reason)
		}
	}
	fmt.Fprintf(&b, "contracts: %d, in %d near-duplicate groups of 2 or more: %d\n", s.Contracts, s.Groups, s.Grouped)
	fmt.Fprintf(&b, "skipped: %d\n", len(s.Skipped))
	for i, sk := range s.Skipped {
		if i == MaxListed {
			fmt.Fprintf(&b, "  … and %d more\n", len(s.Skipped)-MaxListed)
			break
		}
		fmt.Fprintf(&b, "  %s: %s\n", sk.Path, sk.Reason)
	}
	if m := s.Manifest; m != nil {
		fmt.Fprintf(&b, "manifest: %s, %d rows, %d warnings; columns %s\n", m.Source, m.Rows, len(m.Warnings), m.Resolved)
		for i, wn := range m.Warnings {
			if i == MaxListed {
				fmt.Fprintf(&b, "  … and %d more\n", len(m.Warnings)-MaxListed)
				break
			}
			fmt.Fprintf(&b, "  %s\n", wn)
		}
	}
	total := 0
	for _, n := range s.Records {
		total += n
	}
	fmt.Fprintf(&b, "records: %d\n", total)
	for _, name := range mappings.Names() {
		fmt.Fprintf(&b, "  %-13s %8d\n", name, s.Records[name])
	}
	fmt.Fprintf(&b, "parse seconds: %.2f\n", s.ParseTime.Seconds())
	_, err := io.WriteString(w, b.String())
	return err
}

// counts writes "a: 1, b: 2" in key order.
func counts(m map[string]int) string {
	var parts []string
	for _, k := range sortedKeys(m) {
		parts = append(parts, fmt.Sprintf("%s: %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}
