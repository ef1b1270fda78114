package simplequery

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// FuzzParse checks Parse on arbitrary text, flags and default operator:
// it does not panic, the tree is well formed, parsing is deterministic, and
// the tree equals the one the naive transliteration of Lucene's algorithm
// (refParse) builds, with and without a Keep function.
func FuzzParse(f *testing.F) {
	for _, c := range parseCases {
		f.Add(c.in, uint16(c.flags), c.op == Must, false)
	}
	f.Add("a | the + b", uint16(All), false, true)
	f.Fuzz(func(t *testing.T, text string, flags uint16, and, keep bool) {
		op := Should
		if and {
			op = Must
		}
		p := Parser{Flags: Flags(flags), DefaultOperator: op}
		if keep {
			// Deterministic, and drops a good share of leaves.
			p.Keep = func(n *Node) bool { return len(n.Text)%3 != 1 }
		}
		n := p.Parse(text)
		if n == nil {
			t.Fatal("nil tree")
		}
		checkTree(t, n)
		if n.Leaves() < 0 {
			t.Fatalf("Leaves() = %d", n.Leaves())
		}
		if n.Depth() < 1 {
			t.Fatalf("Depth() = %d", n.Depth())
		}
		s := n.String()
		if s == "" {
			t.Fatal("empty String()")
		}
		got := dump(n)
		if again := dump(p.Parse(text)); again != got {
			t.Fatalf("not deterministic: %s, then %s", got, again)
		}
		if len(text) > 1024 {
			// The reference is quadratic, as Lucene is, which makes the
			// fuzzer crawl on long inputs; TestPathologicalAgainstReference
			// compares long ones.
			return
		}
		if want := dump(refParseKeep(text, Flags(flags), op, p.Keep)); got != want {
			t.Fatalf("Parse(%q, %v, %v, keep=%v) = %s, reference gives %s", text, Flags(flags), op, keep, got, want)
		}
	})
}

// TestPathologicalAgainstReference compares Parse with the reference on the
// long inputs FuzzParse leaves out, under several flag sets.
func TestPathologicalAgainstReference(t *testing.T) {
	for name, in := range pathological() {
		for _, flags := range []Flags{All, All &^ Escape, All &^ Phrase, All &^ Whitespace, All &^ Precedence} {
			for _, op := range []Occur{Should, Must} {
				if got, want := dump(Parse(in, flags, op)), dump(refParse(in, flags, op)); got != want {
					t.Errorf("%s, %v, %v: Parse differs from the reference", name, flags, op)
				}
			}
		}
	}
}

// checkTree fails unless every node of n is well formed.
func checkTree(t *testing.T, n *Node) {
	t.Helper()
	switch n.Kind {
	case KindTerm, KindPrefix:
		if n.Text == "" || n.Slop != 0 || n.Edits != 0 || n.Clauses != nil {
			t.Fatalf("bad %v node %#v", n.Kind, n)
		}
	case KindFuzzy:
		if n.Text == "" || n.Edits < 1 || n.Edits > 2 || n.Slop != 0 || n.Clauses != nil {
			t.Fatalf("bad fuzzy node %#v", n)
		}
	case KindPhrase:
		if n.Slop < 0 || n.Edits != 0 || n.Clauses != nil {
			t.Fatalf("bad phrase node %#v", n)
		}
	case KindMatchAll, KindMatchNone:
		if n.Text != "" || n.Clauses != nil {
			t.Fatalf("bad %v node %#v", n.Kind, n)
		}
	case KindBool:
		if len(n.Clauses) == 0 {
			t.Fatal("Bool with no clauses")
		}
		for _, c := range n.Clauses {
			if c.Node == nil || c.Occur > MustNot {
				t.Fatalf("bad clause %#v", c)
			}
			if c.Node.Kind == KindMatchNone {
				t.Fatal("match-none inside a tree")
			}
			checkTree(t, c.Node)
		}
	default:
		t.Fatalf("bad kind %v", n.Kind)
	}
}

// TestNoFlagsIsOneTerm: with no operator enabled the whole text is one term,
// whatever it contains, except for Lucene's "*" special case and "".
func TestNoFlagsIsOneTerm(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune(`ab +-|"()*~\ 	` + "\n\ré§“”\x00")
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteRune(alphabet[rng.IntN(len(alphabet))])
		}
		text := b.String()
		n := Parse(text, None, Occur(rng.IntN(2)))
		switch {
		case javaTrim(text) == "*":
			if n.Kind != KindMatchAll {
				t.Fatalf("Parse(%q) = %s, want match-all", text, dump(n))
			}
		case text == "":
			if n.Kind != KindMatchNone {
				t.Fatalf("Parse(%q) = %s, want match-none", text, dump(n))
			}
		default:
			if n.Kind != KindTerm || n.Text != text {
				t.Fatalf("Parse(%q) = %s, want one term of the whole text", text, dump(n))
			}
		}
	}
}

// TestPlainWords: plain words separated by any whitespace are one Bool of
// exactly those words, each with the default operator.
func TestPlainWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	spaces := []string{" ", "\t", "\n", "\r", "  ", " \t\r\n"}
	for range 2000 {
		words := make([]string, 1+rng.IntN(8))
		var b strings.Builder
		if rng.IntN(2) == 0 {
			b.WriteString(spaces[rng.IntN(len(spaces))])
		}
		for i := range words {
			w := make([]byte, 1+rng.IntN(6))
			for j := range w {
				w[j] = byte('a' + rng.IntN(26))
			}
			words[i] = string(w)
			if i > 0 {
				b.WriteString(spaces[rng.IntN(len(spaces))])
			}
			b.WriteString(words[i])
		}
		if rng.IntN(2) == 0 {
			b.WriteString(spaces[rng.IntN(len(spaces))])
		}
		op := Occur(rng.IntN(2))
		n := Parse(b.String(), All, op)
		if len(words) == 1 {
			if n.Kind != KindTerm || n.Text != words[0] {
				t.Fatalf("Parse(%q) = %s, want term %q", b.String(), dump(n), words[0])
			}
			continue
		}
		if n.Kind != KindBool || len(n.Clauses) != len(words) {
			t.Fatalf("Parse(%q) = %s, want a bool of %d words", b.String(), dump(n), len(words))
		}
		for i, c := range n.Clauses {
			if c.Occur != op || c.Node.Kind != KindTerm || c.Node.Text != words[i] {
				t.Fatalf("Parse(%q) clause %d = %v %s, want %v term %q", b.String(), i, c.Occur, dump(c.Node), op, words[i])
			}
		}
	}
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Parse(benchQuery, All, Should)
	}
}

func BenchmarkParsePathological(b *testing.B) {
	for name, in := range pathological() {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Parse(in, All, Should)
			}
		})
	}
}
