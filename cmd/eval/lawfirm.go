package main

import (
	_ "embed"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/parse"
)

// lawFirmJudgments holds the law firms of 50 CUAD contracts, judged by
// hand: CUAD labels no law firm, so the `lawfirm` attribute is measured
// against these (the file's header says how the contracts were drawn and
// what counts as a firm).
//
//go:embed testdata/lawfirm.tsv
var lawFirmJudgments string

// loadLawFirms reads the judgments: file → the values of its firms
// (parse.LawFirmValue), an empty set for a contract that names none.
func loadLawFirms(data string) (map[string]map[string]bool, error) {
	out := make(map[string]map[string]bool)
	for n, line := range strings.Split(data, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		file, firms, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, fmt.Errorf("testdata/lawfirm.tsv:%d: no tab", n+1)
		}
		set := make(map[string]bool)
		for f := range strings.SplitSeq(firms, ";") {
			if v := parse.LawFirmValue(strings.TrimSpace(f)); v != "" {
				set[v] = true
			}
		}
		out[file] = set
	}
	return out, nil
}

// lawFirmMetric is the parser's `lawfirm` against the judgments:
// precision over the contracts it names a firm for, recall over the
// contracts that name one.
type lawFirmMetric struct {
	// named counts the contracts of the whole run with a firm.
	named                                     int
	judged, predicted, right, withFirm, found int
	misses                                    []string
}

func (m *lawFirmMetric) add(file string, want map[string]bool, got *contract.Attr) {
	m.judged++
	if len(want) > 0 {
		m.withFirm++
	}
	if got == nil {
		if len(want) > 0 {
			m.misses = append(m.misses, fmt.Sprintf("%s\n    want %s\n    got  none", file, setString(want)))
		}
		return
	}
	m.predicted++
	if want[got.Value] {
		m.right++
		m.found++
		return
	}
	m.misses = append(m.misses, fmt.Sprintf("%s\n    want %s\n    got  %q (%s)", file, setString(want), got.Name, got.Value))
}

func setString(s map[string]bool) string {
	if len(s) == 0 {
		return "none"
	}
	var vs []string
	for v := range s {
		vs = append(vs, v)
	}
	slices.Sort(vs)
	return strings.Join(vs, ", ")
}

func (m *lawFirmMetric) print(w io.Writer, files int) {
	if m.judged == 0 {
		return
	}
	fmt.Fprintf(w, "\nlawfirm (%d contracts judged by hand, cmd/eval/testdata/lawfirm.tsv; %d name a firm):\n", m.judged, m.withFirm)
	fmt.Fprintf(w, "  precision %d/%d (%.1f%%), recall %d/%d (%.1f%%); a firm is named in %d of the %d contracts parsed\n",
		m.right, m.predicted, pct(m.right, m.predicted), m.found, m.withFirm, pct(m.found, m.withFirm), m.named, files)
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}
