package suggest

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/search"
)

// benchIndex is a contract index of 2000 bodies over a vocabulary of 20000
// pseudo-words, in two segments.
func benchIndex(b *testing.B) *search.Index {
	r := rand.New(rand.NewPCG(7, 8))
	vocab := make([]string, 20000)
	for i := range vocab {
		var w strings.Builder
		for range 4 + r.IntN(8) {
			w.WriteByte("etaoinshrdlucmfwyp"[r.IntN(18)])
		}
		vocab[i] = w.String()
	}
	var segs [][]string
	for range 2 {
		var texts []string
		for range 1000 {
			ws := make([]string, 50)
			for j := range ws {
				ws[j] = vocab[r.IntN(len(vocab))]
			}
			texts = append(texts, strings.Join(ws, " "))
		}
		segs = append(segs, bodies(texts...))
	}
	return buildIndex(b, "contract", segs...)
}

// BenchmarkShard: a four-word text, each word one edit from a term, in
// the default (missing) mode.
func BenchmarkShard(b *testing.B) {
	ix := benchIndex(b)
	s := Defaults("body")
	text := "etaoinx shrdlux cmfwypx tainox"
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Shard(context.Background(), ix, text, &s, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCUAD is Form A's suggester on the real contract bodies
// (ENGINE_INDEX, see golden_test.go), over all six indexes as Form A
// searches them.
func BenchmarkCUAD(b *testing.B) {
	dir := os.Getenv("ENGINE_INDEX")
	if dir == "" {
		b.Skip("set ENGINE_INDEX to an engine index of the CUAD bulk file")
	}
	ixs := openEngineIndex(b, dir)
	var all []*search.Index
	for _, ix := range ixs {
		all = append(all, ix)
	}
	mapped := mappedIn(b)
	sg := []Suggester{{Name: "suggestions", Text: "agrement licencee indemnifcation of the terminaton", Settings: Defaults("body")}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(context.Background(), all, sg, mapped); err != nil {
			b.Fatal(err)
		}
	}
}
