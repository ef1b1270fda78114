package dsl

import (
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/apierr"
)

// clauseCost returns the smallest MAX_CLAUSES that accepts body, and the
// parsed request at that limit (0, nil when no limit up to max does).
func clauseCost(t *testing.T, body string, max int) (int, *Parsed) {
	t.Helper()
	m := testParser(t).mappings
	accepts := func(limit int) (*Parsed, bool) {
		lim := DefaultLimits()
		lim.MaxClauses = limit
		p, err := NewParser(lim, DefaultFormAOptions(), m)
		if err != nil {
			t.Fatal(err)
		}
		parsed, err := p.Parse([]byte(body))
		if err == nil {
			return parsed, true
		}
		if e, ok := apierr.As(err); !ok || !strings.HasPrefix(e.Reason, "too many clauses") {
			t.Fatalf("%s: %v", body, err)
		}
		return nil, false
	}
	lo, hi := 16, max // the cost is ≤ hi once hi accepts
	if _, ok := accepts(hi); !ok {
		return 0, nil
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if _, ok := accepts(mid); ok {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	parsed, _ := accepts(lo)
	return lo, parsed
}

// TestFormACostsItsExpansion checks that a simplified query counts
// against MAX_CLAUSES exactly what the structured body it expands to
// counts: the same text cannot cost less by being sent as Form A. The
// structured body is the expansion's own encoding, parsed as Form B.
func TestFormACostsItsExpansion(t *testing.T) {
	words := func(w string, n int) string { return strings.TrimSpace(strings.Repeat(w+" ", n)) }
	tests := []struct{ name, query string }{
		{"browse", `{}`},
		{"one word", `{"q":"indemnification"}`},
		{"signals", `{"q":"governing law of delaware"}`},
		{"clause type words", `{"q":"change of control non-compete"}`},
		{"many words", `{"q":"` + words("licence~2", 40) + `"}`},
		{"fuzzy storm", `{"q":"` + words("a~", 200) + `"}`},
		{"typed heading", `{"clause":{"Governing Law":"` + words("delaware", 30) + `"}}`},
		{"untyped heading", `{"clause":{"Something Else":"` + words("word~2", 30) + `"}}`},
		{"heading without text", `{"clause":{"Governing Law":""}}`},
		{"definition", `{"definition":{"Affiliate":"` + words("control", 20) + `"}}`},
		{"several headings", `{"clause":{"Governing Law":"` + words("x~2", 20) + `","Notices":"` + words("y*", 20) + `"},"definition":{"Term":"` + words("z", 20) + `"}}`},
		{"everything", `{"q":"licence fee","_index":"contract","p":2,"clause":{"Termination":"notice period"},"category":{"license":""},"jurisdiction":{"delaware-us":""},"filing_year":{"min":2001}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := `{"query":` + tt.query + `}`
			costA, parsed := clauseCost(t, body, 4096)
			if parsed == nil {
				t.Fatalf("not accepted with 4096 clauses")
			}
			formB := string(parsed.Search.AppendJSON(nil, EncodeOptions{}))
			costB, _ := clauseCost(t, formB, 4096)
			if costA != costB {
				t.Errorf("Form A costs %d clauses, its expansion as Form B %d\n%s", costA, costB, formB)
			}
		})
	}
}
