package termdict

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/blevesearch/vellum/levenshtein"
)

// fuzzyHit is one term a fuzzy query matched, with its distance.
type fuzzyHit struct {
	term string
	dist int
}

func fuzzyHits(t testing.TB, d *Dict, term string, maxEdits int, transpositions bool, prefixLen int) []fuzzyHit {
	t.Helper()
	it, err := d.Fuzzy(term, maxEdits, transpositions, prefixLen)
	if err != nil {
		t.Fatal(err)
	}
	var out []fuzzyHit
	for it.Next() {
		out = append(out, fuzzyHit{string(it.Term()), it.Distance()})
	}
	if err := it.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// bruteFuzzy is the definition: Lucene's prefix + Levenshtein automaton,
// measured with EditDistance, over well-formed UTF-8 terms only.
func bruteFuzzy(terms []string, query string, maxEdits int, transpositions bool, prefixLen int) []fuzzyHit {
	q := []rune(query)
	p := min(prefixLen, len(q))
	var out []fuzzyHit
	for _, term := range terms {
		if !utf8.ValidString(term) {
			continue
		}
		tr := []rune(term)
		if len(tr) < p || string(tr[:p]) != string(q[:p]) {
			continue
		}
		if dist := EditDistance(string(q[p:]), string(tr[p:]), transpositions); dist <= maxEdits {
			out = append(out, fuzzyHit{term, dist})
		}
	}
	return out
}

func buildTerms(t testing.TB, terms []string) *Dict {
	slices.Sort(terms)
	terms = slices.Compact(terms)
	entries := make([]testEntry, len(terms))
	for i, term := range terms {
		entries[i] = testEntry{[]byte(term), uint32(i + 1), nil}
	}
	return build(t, entries)
}

func TestFuzzyTable(t *testing.T) {
	d := buildTerms(t, []string{
		"confidential", "confidentiality", "confident", "confidentail", "confidentia",
		"coinfidential", "cnofidential", "contract", "contracts", "contrcat", "contact",
		"café", "cafe", "caffè", "中文", "文中", "中文字", "a😀b", "ab😀", "ab",
	})
	tests := []struct {
		term      string
		maxEdits  int
		trans     bool
		prefixLen int
		want      []fuzzyHit
	}{
		// Byte order; "confidentiality" is 4 edits away (a swap and "ity").
		{"confidentail", 2, true, 0, []fuzzyHit{
			{"cnofidential", 2}, {"coinfidential", 2}, {"confidentail", 0}, {"confidentia", 2}, {"confidential", 1}}},
		// Without transpositions a swap costs two substitutions.
		{"confidentail", 2, false, 0, []fuzzyHit{
			{"confidentail", 0}, {"confidentia", 2}, {"confidential", 2}}},
		{"confidentail", 1, true, 0, []fuzzyHit{{"confidentail", 0}, {"confidential", 1}}},
		{"confidentail", 0, true, 0, []fuzzyHit{{"confidentail", 0}}},
		{"cnofidential", 1, true, 0, []fuzzyHit{{"cnofidential", 0}, {"confidential", 1}}},
		// A prefix of 2 code points must match exactly: "cnofidential" no
		// longer reaches "confidential" by swapping n and o.
		{"cnofidential", 1, true, 2, []fuzzyHit{{"cnofidential", 0}}},
		{"contract", 1, true, 0, []fuzzyHit{{"contact", 1}, {"contract", 0}, {"contracts", 1}, {"contrcat", 1}}},
		{"contract", 1, false, 0, []fuzzyHit{{"contact", 1}, {"contract", 0}, {"contracts", 1}}},
		// Multi-byte code points are one edit each.
		{"cafe", 1, true, 0, []fuzzyHit{{"cafe", 0}, {"café", 1}}},
		{"caffe", 2, true, 0, []fuzzyHit{{"cafe", 1}, {"caffè", 1}, {"café", 2}}},
		{"中文", 1, true, 0, []fuzzyHit{{"中文", 0}, {"中文字", 1}, {"文中", 1}}},
		{"中文", 1, false, 0, []fuzzyHit{{"中文", 0}, {"中文字", 1}}},
		{"ab😀", 1, true, 0, []fuzzyHit{{"ab", 1}, {"ab😀", 0}, {"a😀b", 1}}}, // 'b' < 0xf0
		// prefixLen beyond the term: the term plus up to maxEdits code points.
		{"ab", 1, true, 10, []fuzzyHit{{"ab", 0}, {"ab😀", 1}}},
	}
	for _, tt := range tests {
		got := fuzzyHits(t, d, tt.term, tt.maxEdits, tt.trans, tt.prefixLen)
		if !slices.Equal(got, tt.want) {
			t.Errorf("Fuzzy(%q, %d, %v, %d) = %v, want %v", tt.term, tt.maxEdits, tt.trans, tt.prefixLen, got, tt.want)
		}
	}
	for _, bad := range []struct{ maxEdits, prefixLen int }{{-1, 0}, {3, 0}, {1, -1}} {
		if _, err := d.Fuzzy("x", bad.maxEdits, true, bad.prefixLen); err == nil {
			t.Errorf("Fuzzy(maxEdits %d, prefixLen %d) did not fail", bad.maxEdits, bad.prefixLen)
		}
	}
}

// TestFuzzyProperty compares Fuzzy with the brute-force definition over
// random vocabularies: small alphabets with multi-byte code points (so
// that many terms are within reach, with every kind of edit), English-like
// words, and malformed UTF-8 that must never match.
func TestFuzzyProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	vocabularies := map[string][]string{}
	var small, words, mixed []string
	for range 3000 {
		small = append(small, string(randomRunes(r, 6)))
		words = append(words, englishLike(r))
	}
	mixed = append(mixed, small[:500]...)
	for range 300 { // malformed: stray continuation bytes, overlong forms, surrogates, truncations
		bad := []string{"\x80", "\xc0\xa1", "\xed\xa0\x80", "\xe4\xb8", "\xf0\x9f\x98", "\xff", "\xe0\x80\xa1", "\xf4\x90\x80\x80"}
		s := randomRunes(r, 3)
		i := r.IntN(len(s) + 1)
		mixed = append(mixed, string(s[:i])+bad[r.IntN(len(bad))]+string(s[i:]))
	}
	vocabularies["small"], vocabularies["words"], vocabularies["mixed"] = small, words, mixed
	for name, vocab := range vocabularies {
		d := buildTerms(t, slices.Clone(vocab))
		var terms []string
		for it := d.All(); it.Next(); {
			terms = append(terms, string(it.Term()))
		}
		for q := range 150 {
			var query string
			switch {
			case name == "words" && q%2 == 0:
				query = terms[r.IntN(len(terms))] // present, so there are neighbours
			case name == "words":
				query = englishLike(r)
			default:
				query = string(randomRunes(r, 7))
			}
			for maxEdits := range MaxEdits + 1 {
				for _, trans := range []bool{false, true} {
					prefixLen := 0
					if q%3 == 0 {
						prefixLen = r.IntN(4)
					}
					got := fuzzyHits(t, d, query, maxEdits, trans, prefixLen)
					want := bruteFuzzy(terms, query, maxEdits, trans, prefixLen)
					if !slices.Equal(got, want) {
						t.Fatalf("%s: Fuzzy(%q, %d, %v, %d):\n got %v\nwant %v", name, query, maxEdits, trans, prefixLen, got, want)
					}
				}
			}
		}
	}
}

// TestFuzzyAgreesWithVellum cross-checks the lazy automaton against
// vellum's eagerly built parametric Levenshtein DFA (a port of the
// Schulz–Mihov construction Lucene uses), a third independent
// implementation besides EditDistance.
func TestFuzzyAgreesWithVellum(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, trans := range []bool{false, true} {
		for k := 1; k <= MaxEdits; k++ {
			lb, err := levenshtein.NewLevenshteinAutomatonBuilder(uint8(k), trans)
			if err != nil {
				t.Fatal(err)
			}
			for range 200 {
				query := string(randomRunes(r, 6))
				dfa, err := lb.BuildDfa(query, uint8(k))
				if err != nil {
					t.Fatal(err)
				}
				ours, _ := CompileFuzzy(query, k, trans, 0)
				for range 200 {
					cand := []byte(string(randomRunes(r, 8)))
					ok, vd := dfa.MatchAndDistance(string(cand))
					got := ours.Distance(cand)
					if ok != (got >= 0) || (ok && int(vd) != got) {
						t.Fatalf("k=%d trans=%v %q vs %q: vellum (%v, %d), ours %d", k, trans, query, cand, ok, vd, got)
					}
				}
			}
		}
	}
}

// TestFuzzyAutomatonReuse: one automaton serves several dictionaries (the
// segments of an index) with the same results as fresh ones.
func TestFuzzyAutomatonReuse(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var dicts []*Dict
	for range 3 {
		var v []string
		for range 2000 {
			v = append(v, englishLike(r))
		}
		dicts = append(dicts, buildTerms(t, v))
	}
	a, err := CompileFuzzy("straction", 2, true, 0)
	if err != nil {
		t.Fatal(err)
	}
	it := new(Iterator)
	for round := range 2 {
		for i, d := range dicts {
			it.ResetIntersect(d, a)
			var got []fuzzyHit
			for it.Next() {
				got = append(got, fuzzyHit{string(it.Term()), it.Distance()})
			}
			want := fuzzyHits(t, d, "straction", 2, true, 0)
			if !slices.Equal(got, want) {
				t.Fatalf("round %d segment %d: %v, want %v", round, i, got, want)
			}
		}
	}
}

// TestFuzzyLongQuery: a query far longer than any realistic word works
// and costs states only along the paths the dictionary has.
func TestFuzzyLongQuery(t *testing.T) {
	long := bytes.Repeat([]byte("abcdefghij"), 400) // 4000 code points
	variant := bytes.Clone(long)
	variant[1000], variant[1001] = variant[1001], variant[1000]
	d := buildTerms(t, []string{string(long), string(variant), string(long[:3999]), "abc"})
	got := fuzzyHits(t, d, string(long), 2, true, 0)
	want := []fuzzyHit{{string(long), 0}, {string(long[:3999]), 1}, {string(variant), 1}}
	slices.SortFunc(want, func(a, b fuzzyHit) int { return bytes.Compare([]byte(a.term), []byte(b.term)) })
	if !slices.Equal(got, want) {
		t.Fatalf("got %d hits %v", len(got), got)
	}
}

func ExampleDict_Fuzzy() {
	b := NewBuilder()
	for i, w := range []string{"confidential", "confidentiel", "contract"} {
		_ = b.Add([]byte(w), uint32(i+1), nil)
	}
	file, _ := b.Finish()
	d, _ := Open(file)
	it, _ := d.Fuzzy("confidentail", 2, true, 0)
	for it.Next() {
		fmt.Printf("%s distance %d docFreq %d\n", it.Term(), it.Distance(), it.DocFreq())
	}
	// Output:
	// confidential distance 1 docFreq 1
	// confidentiel distance 2 docFreq 2
}

// FuzzFuzzyAutomaton checks the automaton against the brute-force
// definition on arbitrary strings, malformed UTF-8 included.
func FuzzFuzzyAutomaton(f *testing.F) {
	f.Add("confidentail", "confidential", uint8(2), true, uint8(0))
	f.Add("ca", "abc", uint8(2), true, uint8(0))
	f.Add("中文", "文中", uint8(1), true, uint8(1))
	f.Add("a😀b", "ab\xf0\x9f\x98", uint8(2), false, uint8(0))
	f.Add("", "\xed\xa0\x80", uint8(1), true, uint8(3))
	f.Fuzz(func(t *testing.T, query, cand string, k uint8, trans bool, prefixLen uint8) {
		maxEdits := int(k % (MaxEdits + 1))
		a, err := CompileFuzzy(query, maxEdits, trans, int(prefixLen%8))
		if err != nil {
			t.Fatal(err)
		}
		want := -1
		if hits := bruteFuzzy([]string{cand}, query, maxEdits, trans, int(prefixLen%8)); len(hits) == 1 {
			want = hits[0].dist
		}
		if got := a.Distance([]byte(cand)); got != want {
			t.Fatalf("Distance(%q) from %q (k=%d, trans=%v, prefix=%d) = %d, want %d",
				cand, query, maxEdits, trans, prefixLen%8, got, want)
		}
	})
}
