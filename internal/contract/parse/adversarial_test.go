package parse

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// TestAdversarialInputs feeds the parser large inputs built to trigger
// quadratic behaviour — a phrase repeated a hundred thousand times, one
// word of megabytes, a paragraph of broken words — and requires each to
// finish well within the time a linear parser needs (the budget is
// generous so a loaded machine or the race detector does not fail it).
func TestAdversarialInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode: the adversarial inputs take seconds; make test runs them")
	}
	for _, tc := range []struct{ name, text string }{
		{"governing law everywhere", strings.Repeat("This Agreement is governed by the laws of the State of New York. ", 60000)},
		{"one huge word", strings.Repeat("a", 4<<20)},
		{"broken words", strings.Repeat("manu-\nfacturing ", 200000)},
		{"definitions", strings.Repeat("\"Term\" means a thing. ", 100000)},
		{"run-in headings", strings.Repeat("1.1 Governing Law. This Agreement is governed by Ohio law. ", 50000)},
		{"quotes", strings.Repeat("\"", 1<<20)},
		{"parentheses", strings.Repeat("(the \"", 200000)},
		{"caps", strings.Repeat("AGREEMENT ", 300000)},
		{"lines", strings.Repeat("GOVERNING LAW\n", 200000)},
	} {
		if only := os.Getenv("ADVERSARIAL"); only != "" && only != tc.name {
			continue
		}
		start := time.Now()
		c := Parse(tc.text, contract.Meta{Path: tc.name})
		t.Logf("%s: %v", tc.name, time.Since(start))
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%s: %d bytes took %v", tc.name, len(tc.text), d)
		}
		checkInvariants(t, c)
	}
}
