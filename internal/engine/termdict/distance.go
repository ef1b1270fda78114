package termdict

// EditDistance returns the edit distance between a and b counted in Unicode
// code points: the least number of single code point insertions, deletions
// and substitutions that turn a into b. With transpositions, swapping two
// adjacent code points also counts as one edit, in the "optimal string
// alignment" sense Lucene's LevenshteinAutomata use: no substring is edited
// twice, so "ca" → "abc" is 3 (true Damerau–Levenshtein would say 2).
//
// Invalid UTF-8 bytes count as one U+FFFD code point each, as ranging over a
// Go string decodes them.
func EditDistance(a, b string, transpositions bool) int {
	var s distScratch
	s.query = appendRunes(s.query[:0], a)
	s.term = appendRunes(s.term[:0], b)
	return s.distance(len(s.query)+len(s.term), transpositions)
}

// appendRunes appends the code points of s to dst.
func appendRunes(dst []rune, s string) []rune {
	for _, r := range s {
		dst = append(dst, r)
	}
	return dst
}

// distScratch holds the code points and rows of an edit distance
// computation, so that a caller measuring many terms (the suggester)
// allocates once.
type distScratch struct {
	query, term []rune
	rows        [3][]int
}

// distance returns the optimal-string-alignment (or, without transpositions,
// Levenshtein) distance between s.query and s.term if it is at most max, and
// max+1 otherwise. Cells more than max off the diagonal are never needed to
// decide that, so each row only fills the band |i−j| ≤ max (Ukkonen), which
// makes the cost O(len·max) rather than O(len²) for the small max of fuzzy
// queries.
func (s *distScratch) distance(max int, transpositions bool) int {
	a, b := s.query, s.term
	la, lb := len(a), len(b)
	if d := la - lb; d > max || -d > max {
		return max + 1
	}
	if la == 0 || lb == 0 {
		return la + lb // ≤ max, checked above
	}
	inf := max + 1
	for k := range s.rows {
		if cap(s.rows[k]) < lb+1 {
			s.rows[k] = make([]int, lb+1)
		}
		s.rows[k] = s.rows[k][:lb+1]
	}
	// prev2, prev, cur are rows i−2, i−1 and i of the DP matrix over
	// a[:i] × b[:j]; cells outside the band hold inf.
	prev2, prev, cur := s.rows[0], s.rows[1], s.rows[2]
	for j := range prev {
		if j <= max {
			prev[j] = j
		} else {
			prev[j] = inf
		}
	}
	for i := 1; i <= la; i++ {
		lo, hi := i-max, i+max
		if lo < 1 {
			lo = 1
		}
		if hi > lb {
			hi = lb
		}
		if i <= max {
			cur[0] = i
		} else {
			cur[0] = inf
		}
		if lo > 1 {
			cur[lo-1] = inf
		}
		rowMin := cur[0]
		ai := a[i-1]
		for j := lo; j <= hi; j++ {
			cost := 1
			if ai == b[j-1] {
				cost = 0
			}
			v := prev[j-1] + cost // substitution or match
			if d := prev[j] + 1; d < v {
				v = d // deletion from a
			}
			if d := cur[j-1] + 1; d < v {
				v = d // insertion into a
			}
			if transpositions && i > 1 && j > 1 && ai == b[j-2] && a[i-2] == b[j-1] {
				if d := prev2[j-2] + 1; d < v {
					v = d
				}
			}
			if v > inf {
				v = inf
			}
			cur[j] = v
			if v < rowMin {
				rowMin = v
			}
		}
		if hi < lb {
			cur[hi+1] = inf
		}
		if rowMin > max {
			return inf // every later row is at least this row's minimum
		}
		prev2, prev, cur = prev, cur, prev2
	}
	if prev[lb] > max {
		return inf
	}
	return prev[lb]
}
