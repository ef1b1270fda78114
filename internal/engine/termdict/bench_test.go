package termdict

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/blevesearch/vellum/levenshtein"
)

// benchVocabulary is 200k distinct English-like words, sorted, and the
// dictionary built from them.
var benchVocabulary = sync.OnceValues(func() ([][]byte, []byte) {
	r := rand.New(rand.NewPCG(42, 42))
	seen := map[string]bool{}
	var terms [][]byte
	for len(terms) < 200_000 {
		w := englishLike(r)
		if !seen[w] {
			seen[w] = true
			terms = append(terms, []byte(w))
		}
	}
	slices.SortFunc(terms, bytes.Compare)
	b := NewBuilder()
	meta := make([]byte, 12) // about what postings metadata will take
	for i, term := range terms {
		if err := b.Add(term, uint32(1+i%100), meta); err != nil {
			panic(err)
		}
	}
	file, err := b.Finish()
	if err != nil {
		panic(err)
	}
	return terms, file
})

func benchDict(b *testing.B) ([][]byte, *Dict) {
	terms, file := benchVocabulary()
	d, err := Open(file)
	if err != nil {
		b.Fatal(err)
	}
	return terms, d
}

func BenchmarkGet(b *testing.B) {
	terms, d := benchDict(b)
	r := rand.New(rand.NewPCG(1, 1))
	probes := make([][]byte, 4096)
	for i := range probes {
		probes[i] = terms[r.IntN(len(terms))]
	}
	b.Run("present", func(b *testing.B) {
		b.ReportAllocs()
		for i := range b.N {
			if _, ok, _ := d.Get(probes[i%len(probes)]); !ok {
				b.Fatal("missing")
			}
		}
	})
	absent := make([][]byte, len(probes))
	for i, p := range probes {
		absent[i] = append(bytes.Clone(p), 'q')
	}
	b.Run("absent", func(b *testing.B) {
		b.ReportAllocs()
		for i := range b.N {
			d.Get(absent[i%len(absent)])
		}
	})
}

func BenchmarkIterate(b *testing.B) {
	_, d := benchDict(b)
	it := new(Iterator)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for range b.N {
		for it.Reset(d, nil, nil); it.Next(); n++ {
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/term")
}

func BenchmarkPrefix(b *testing.B) {
	_, d := benchDict(b)
	it := new(Iterator)
	b.ReportAllocs()
	for i := range b.N {
		it.ResetPrefix(d, []byte([]string{"con", "stra", "pre", "ment"}[i%4]))
		for it.Next() {
		}
	}
}

// fuzzyQueries are typical misspellings and words, some in the vocabulary.
func fuzzyQueries(terms [][]byte) []string {
	r := rand.New(rand.NewPCG(2, 2))
	var qs []string
	for range 64 {
		w := []rune(string(terms[r.IntN(len(terms))]))
		switch r.IntN(3) {
		case 0: // as is
		case 1: // a swap
			if len(w) > 2 {
				i := r.IntN(len(w) - 1)
				w[i], w[i+1] = w[i+1], w[i]
			}
		case 2: // a substitution
			w[r.IntN(len(w))] = 'a' + rune(r.IntN(26))
		}
		qs = append(qs, string(w))
	}
	return append(qs, "confidentail", "indemnificaton", "agreemnet", "terminaton")
}

// BenchmarkFuzzy measures a fuzzy query as OpenSearch's simple_query_string
// runs it (2 edits, transpositions, no prefix) over one 200k-term
// dictionary, from compiling the automaton to the last term.
func BenchmarkFuzzy(b *testing.B) {
	terms, d := benchDict(b)
	qs := fuzzyQueries(terms)
	b.ReportAllocs()
	b.ResetTimer()
	hits := 0
	for i := range b.N {
		it, err := d.Fuzzy(qs[i%len(qs)], 2, true, 0)
		if err != nil {
			b.Fatal(err)
		}
		for it.Next() {
			hits++
		}
	}
	b.ReportMetric(float64(hits)/float64(b.N), "terms/op")
}

// BenchmarkFuzzyWarm reuses the automaton, as for the second and later
// segments of an index.
func BenchmarkFuzzyWarm(b *testing.B) {
	terms, d := benchDict(b)
	qs := fuzzyQueries(terms)
	autos := make([]*FuzzyAutomaton, len(qs))
	it := new(Iterator)
	for i, q := range qs {
		autos[i], _ = CompileFuzzy(q, 2, true, 0)
		for it.ResetIntersect(d, autos[i]); it.Next(); {
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		for it.ResetIntersect(d, autos[i%len(autos)]); it.Next(); {
		}
	}
}

// BenchmarkFuzzyVellumDFA is the alternative this package does not take:
// vellum's eagerly built Levenshtein DFA for the same queries, built per
// query then intersected with the FST (without verification or docFreq).
func BenchmarkFuzzyVellumDFA(b *testing.B) {
	terms, d := benchDict(b)
	qs := fuzzyQueries(terms)
	lb, err := levenshtein.NewLevenshteinAutomatonBuilder(2, true)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		dfa, err := lb.BuildDfa(qs[i%len(qs)], 2)
		if err != nil {
			b.Fatal(err)
		}
		it, err := d.fst.Search(dfa, nil, nil)
		for err == nil {
			err = it.Next()
		}
	}
}

// BenchmarkBuild measures writing a 200k-term dictionary; SetBytes counts
// term bytes.
func BenchmarkBuild(b *testing.B) {
	terms, file := benchVocabulary()
	size := 0
	for _, t := range terms {
		size += len(t)
	}
	meta := make([]byte, 12)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		bld := NewBuilder()
		for i, t := range terms {
			if err := bld.Add(t, uint32(1+i%100), meta); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := bld.Finish(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(terms))*float64(b.N)/b.Elapsed().Seconds(), "terms/s")
	b.ReportMetric(float64(len(file)), "file-bytes")
}

// BenchmarkOpen is dominated by the checksum over the whole file.
func BenchmarkOpen(b *testing.B) {
	_, file := benchVocabulary()
	b.SetBytes(int64(len(file)))
	b.ReportAllocs()
	for range b.N {
		if _, err := Open(file); err != nil {
			b.Fatal(err)
		}
	}
}
