package termdict

import (
	"math/rand/v2"
	"testing"
)

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b        string
		lev, osa    int
		description string
	}{
		{"", "", 0, 0, "both empty"},
		{"", "abc", 3, 3, "insertions only"},
		{"abc", "", 3, 3, "deletions only"},
		{"abc", "abc", 0, 0, "equal"},
		{"confidentail", "confidential", 2, 1, "swapped adjacent letters"},
		{"contract", "contarct", 2, 1, "swap in the middle"},
		{"ab", "ba", 2, 1, "swap of the whole string"},
		{"ca", "abc", 3, 3, "OSA edits no substring twice; true Damerau says 2"},
		{"kitten", "sitting", 3, 3, "classic"},
		{"flaw", "lawn", 2, 2, "delete and insert"},
		{"abcdef", "badcfe", 4, 3, "three swaps"},
		{"aab", "aba", 2, 1, "swap next to a repeat"},
		{"café", "cafe", 1, 1, "é is one code point (two bytes)"},
		{"cafe", "caéf", 2, 2, "é inserted, e deleted"},
		{"中文", "文中", 2, 1, "swap of three-byte code points"},
		{"a😀b", "ab😀", 2, 1, "swap with a four-byte code point"},
		{"😀", "😃", 1, 1, "four-byte substitution is one edit"},
		{"é", "e\u0301", 2, 2, "no Unicode normalisation: é vs e + combining accent"},
		{"\xff", "\uFFFD", 0, 0, "an invalid byte reads as U+FFFD"},
	}
	for _, tt := range tests {
		if got := EditDistance(tt.a, tt.b, false); got != tt.lev {
			t.Errorf("EditDistance(%q, %q, false) = %d, want %d (%s)", tt.a, tt.b, got, tt.lev, tt.description)
		}
		if got := EditDistance(tt.a, tt.b, true); got != tt.osa {
			t.Errorf("EditDistance(%q, %q, true) = %d, want %d (%s)", tt.a, tt.b, got, tt.osa, tt.description)
		}
		// Both distances are symmetric.
		if got := EditDistance(tt.b, tt.a, true); got != tt.osa {
			t.Errorf("EditDistance(%q, %q, true) = %d, want %d (symmetry)", tt.b, tt.a, got, tt.osa)
		}
	}
	// The OSA-vs-Damerau difference, checked against the reference below.
	if got := trueDamerau([]rune("ca"), []rune("abc")); got != 2 {
		t.Fatalf("true Damerau(ca, abc) = %d, want 2", got)
	}
}

// naiveDistance is the textbook full-matrix recurrence (Lucene's test
// getTDistance / getDistance), used as the reference for the banded one.
func naiveDistance(a, b []rune, transpositions bool) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if transpositions && i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// trueDamerau is the unrestricted Damerau–Levenshtein distance (Lowrance
// and Wagner), to show what OSA is not.
func trueDamerau(a, b []rune) int {
	inf := len(a) + len(b)
	d := make([][]int, len(a)+2)
	for i := range d {
		d[i] = make([]int, len(b)+2)
	}
	d[0][0] = inf
	for i := 0; i <= len(a); i++ {
		d[i+1][0], d[i+1][1] = inf, i
	}
	for j := 0; j <= len(b); j++ {
		d[0][j+1], d[1][j+1] = inf, j
	}
	last := map[rune]int{}
	for i := 1; i <= len(a); i++ {
		db := 0
		for j := 1; j <= len(b); j++ {
			i1, j1 := last[b[j-1]], db
			cost := 1
			if a[i-1] == b[j-1] {
				cost, db = 0, j
			}
			d[i+1][j+1] = min(d[i][j]+cost, d[i+1][j]+1, d[i][j+1]+1, d[i1][j1]+(i-i1-1)+1+(j-j1-1))
		}
		last[a[i-1]] = i
	}
	return d[len(a)+1][len(b)+1]
}

var testAlphabet = []rune("abcé中😀")

func randomRunes(r *rand.Rand, maxLen int) []rune {
	s := make([]rune, r.IntN(maxLen+1))
	for i := range s {
		s[i] = testAlphabet[r.IntN(len(testAlphabet))]
	}
	return s
}

// TestEditDistanceMatchesNaive compares the banded, early-exit computation
// with the full matrix, for every bound.
func TestEditDistanceMatchesNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var s distScratch
	for range 20000 {
		a, b := randomRunes(r, 9), randomRunes(r, 9)
		for _, tr := range []bool{false, true} {
			want := naiveDistance(a, b, tr)
			if got := EditDistance(string(a), string(b), tr); got != want {
				t.Fatalf("EditDistance(%q, %q, %v) = %d, want %d", string(a), string(b), tr, got, want)
			}
			s.query, s.term = append(s.query[:0], a...), append(s.term[:0], b...)
			for max := range 4 {
				got, want := s.distance(max, tr), min(want, max+1)
				if got != want {
					t.Fatalf("bounded distance(%q, %q, max %d, %v) = %d, want %d", string(a), string(b), max, tr, got, want)
				}
			}
			if tr && trueDamerau(a, b) > want {
				t.Fatalf("true Damerau(%q, %q) = %d > OSA %d", string(a), string(b), trueDamerau(a, b), want)
			}
		}
	}
}
