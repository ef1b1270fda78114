package highlight

import (
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/search"
)

// FuzzHighlight highlights random text for queries drawn from its own
// words and checks what must hold whatever the text: no panic, every
// fragment is a piece of one value with tags added, and the tags surround
// only tokens the query matches (the last one possibly cut where its
// passage ends, as OpenSearch cuts it).
func FuzzHighlight(f *testing.F) {
	f.Add(contract, uint64(1), uint8(100), uint8(5))
	f.Add("New York law.|The new office in York.||New York", uint64(2), uint8(20), uint8(0))
	f.Add("  U.S. Inc. 5.2 \u2029 agreement\x00x 👍🏽 𝐀 é", uint64(3), uint8(5), uint8(1))
	f.Add(strings.Repeat("word ", 50)+"agreement", uint64(4), uint8(0), uint8(3))
	f.Fuzz(func(t *testing.T, text string, seed uint64, fragSize, nof uint8) {
		// Tags above U+0020, or Java's trim would eat them at the ends.
		const pre, post = "⟦", "⟧"
		if strings.ContainsAny(text, pre+post) {
			t.Skip("the text holds the test's tag characters")
		}
		values := strings.Split(text, "|")
		r := rand.New(rand.NewPCG(seed, 7))
		var words []string
		for _, v := range values {
			for _, tk := range tokensOf(v) {
				words = append(words, tk.term)
			}
		}
		word := func() string {
			if len(words) == 0 || r.IntN(8) == 0 {
				return "zz"
			}
			return words[r.IntN(len(words))]
		}
		var clauses []search.Query
		for range 1 + r.IntN(4) {
			switch r.IntN(5) {
			case 0:
				clauses = append(clauses, tq(word()))
			case 1:
				clauses = append(clauses, phrase(r.IntN(3), word(), word()))
			case 2:
				w := word()
				clauses = append(clauses, &search.PrefixQuery{Field: "body", Prefix: w[:r.IntN(len(w)+1)]})
			case 3:
				clauses = append(clauses, &search.FuzzyQuery{Field: "body", Term: word(), MaxEdits: r.IntN(3), PrefixLength: r.IntN(2), Transpositions: r.IntN(2) == 0})
			default:
				clauses = append(clauses, &search.TermSetQuery{Field: "body", Terms: []string{word(), word()}})
			}
		}
		q := &search.BoolQuery{Should: clauses}
		opts := Options{FragmentSize: int(fragSize), NumberOfFragments: int(nof % 8), PreTag: pre, PostTag: post, ScoreOrder: seed%2 == 0}
		frags, err := Highlight(t.Context(), q, "body", values, opts)
		if err != nil {
			t.Fatal(err)
		}
		if opts.NumberOfFragments > 0 && len(frags) > opts.NumberOfFragments {
			t.Fatalf("%d fragments, at most %d asked", len(frags), opts.NumberOfFragments)
		}
		// The texts a tag may surround: tokens whose term the query matches.
		ex := extract(q, "body")
		matched := map[string]bool{}
		for _, v := range values {
			for _, tk := range tokensOf(v) {
				ok := slices.Contains(ex.terms, tk.term)
				for _, a := range ex.automata {
					ok = ok || a.match(tk.term)
				}
				if ok {
					matched[v[tk.start:tk.end]] = true
				}
			}
		}
		for _, fr := range frags {
			var plain strings.Builder
			rest := fr
			for {
				i := strings.Index(rest, pre)
				if i < 0 {
					plain.WriteString(rest)
					break
				}
				j := strings.Index(rest[i:], post)
				if j < 0 {
					t.Fatalf("unclosed tag in %q", fr)
				}
				span := rest[i+len(pre) : i+j]
				// A match that runs past the passage's end is cut there, so
				// the last span may be the start of a matched token.
				last := rest[i+j+len(post):] == ""
				if !matched[span] && !(last && slices.ContainsFunc(slices.Collect(maps.Keys(matched)), func(m string) bool { return strings.HasPrefix(m, span) })) {
					t.Fatalf("tagged %q, not a matched token, in %q", span, fr)
				}
				plain.WriteString(rest[:i])
				plain.WriteString(span)
				rest = rest[i+j+len(post):]
			}
			if !slices.ContainsFunc(values, func(v string) bool { return strings.Contains(v, plain.String()) }) {
				t.Fatalf("fragment %q is not part of a value", plain.String())
			}
		}
	})
}

// BenchmarkHighlight100KB highlights a 100 KB contract body (a CUAD
// contract when the corpus is present, else a repeated sample) for a
// typical query: three words, a phrase and a prefix, default options.
func BenchmarkHighlight100KB(b *testing.B) {
	body := strings.Repeat(contract+" ", 100_000/len(contract)+1)
	files, _ := filepath.Glob(filepath.Join(cuadDir, "contracts", "*.txt"))
	for _, f := range files {
		if data, err := os.ReadFile(f); err == nil && len(data) >= 100_000 {
			body = string(data)
			break
		}
	}
	body = body[:100_000]
	q := &search.BoolQuery{Should: []search.Query{tq("agreement"), tq("shall"), tq("party"),
		phrase(0, "confidential", "information"), &search.PrefixQuery{Field: "body", Prefix: "terminat"}}}
	h := New(q, "body", bOpts(nil))
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := h.Highlight(b.Context(), []string{body}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHighlightIndexed highlights whole CUAD contracts (20 of 20 KB
// or more; the repeated sample without the corpus) from their postings'
// offsets, as the embedded backend highlights a contract's body for
// Form A: default fragments with <b> tags, for a query of two words, a
// sloppy phrase and a prefix (form-a-01, -04 and -06 of the benchmark
// set). One operation highlights every contract once.
func BenchmarkHighlightIndexed(b *testing.B) {
	var bodies []string
	files, _ := filepath.Glob(filepath.Join(cuadDir, "contracts", "*.txt"))
	for _, f := range files {
		if data, err := os.ReadFile(f); err == nil && len(data) >= 20_000 {
			bodies = append(bodies, string(data))
		}
		if len(bodies) == 20 {
			break
		}
	}
	if len(bodies) == 0 {
		bodies = []string{strings.Repeat(contract+" ", 100_000/len(contract)+1)}
	}
	offs := make([]Offsets, len(bodies))
	size := 0
	for i, body := range bodies {
		offs[i] = indexValues(b, "body", []string{body})
		size += len(body)
	}
	for _, c := range []struct {
		name string
		q    search.Query
	}{
		{"terms", &search.BoolQuery{Should: []search.Query{tq("governing"), tq("law")}}},
		{"sloppy-phrase", phrase(3, "written", "notice")},
		{"prefix", &search.BoolQuery{Should: []search.Query{&search.PrefixQuery{Field: "body", Prefix: "indemn"}, tq("liability")}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			h := New(c.q, "body", bOpts(nil))
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				for i, body := range bodies {
					if _, err := h.HighlightIndexed(b.Context(), []string{body}, offs[i]); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
