package search

// The brute-force reference for phrase (exact and sloppy), prefix, term
// set, fuzzy, dis_max, constant_score and match_none queries, written like
// bruteforce_test.go from OpenSearch's (Lucene 10's) definitions without
// calling the engine's code.
//
// Reference semantics:
//
//   - Positions: a text value's tokens take consecutive positions; after
//     each value (empty ones too) the position moves on by the gap, 100
//     (Lucene's IndexingChain: position += end increment + gap). The first
//     token of a record is at 0.
//   - PhraseQuery: no terms matches nothing; one term is a TermQuery. With
//     slop 0 the frequency is the number of positions p with term i at
//     p+i for every i. With slop > 0 it is the sum of 1/(1+matchLength)
//     over the matches Lucene's SloppyPhraseMatcher walks, in float32: each
//     term's cursor sits at (its position − its offset in the phrase); a
//     binary heap (Lucene's PriorityQueue: 1-based, the sift order below)
//     orders cursors by that value, then offset, then phrase order; the
//     least cursor is advanced while it stays at or before the next one,
//     its spread from the largest value seen (end) shrinking the match; a
//     match counts when the spread is within the slop. A term occurring k
//     times in the phrase has k cursors; the j-th (phrase order) starts j
//     positions on, and when a cursor lands on a position another cursor
//     of its term holds, the lesser of the two (position, then offset)
//     moves on, the moved queued cursors being popped and pushed back
//     (Lucene's advanceRpts, including its habit of clearing the mark of
//     any popped cursor with the same index in its group). Idf is the sum
//     of the terms' idfs (repeats included) in float64, rounded once.
//   - PrefixQuery / TermSetQuery: any term of the field with the prefix /
//     in the set; score = the accumulated boost.
//   - FuzzyQuery: the index's terms t of the field whose first
//     PrefixLength code points equal the query term's (the prefix is cut
//     to the term's length) and whose rest is within MaxEdits of the
//     query's rest (Levenshtein; with Transpositions, the optimal string
//     alignment distance). Boost 1 for the term itself, else
//     1 − edits/min(len(t), len(query)) in float32 (−∞ for an empty t).
//     The MaxExpansions (0 → 50, at most 1024) best by boost then term
//     bytes are kept; each scores BM25 with boost · max(0, its boost) and
//     the largest document frequency among the kept terms; scores add in
//     float64. MaxEdits 0 or an empty term is a TermQuery.
//   - DisMaxQuery: matches when a disjunct does; score = max + tie·(sum of
//     the others), in float64; with tie 1 and two or more disjuncts, the
//     plain sum (Lucene rewrites it to a BooleanQuery). No disjunct
//     matches nothing.
//   - ConstantScoreQuery: its query's matches, scored with the boost.
//   - MatchNoneQuery: nothing.
//
// Bool queries of these are summed by the reference per nesting level;
// Lucene (and the engine) flattens nested pure disjunctions and rounds
// once, a difference well inside the 1e-4 tolerance.
//
// The generator keeps slops at 3 or below: the engine's index places a
// value after an empty value one gap (not two) after the previous tokens
// (a segment-writer detail; docs/engine.md), which only a slop of 100 or
// more could observe.

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/mappings"
)

const bfPositionGap = 100

// bfPositions returns each term's positions in a text field's values.
func bfPositions(vals []string) map[string][]int {
	out := map[string][]int{}
	pos := -1
	for _, v := range vals {
		for _, tok := range strings.Fields(v) {
			pos++
			out[tok] = append(out[tok], pos)
		}
		pos += bfPositionGap
	}
	return out
}

// bm25 is the BM25 score of a record for a term (or phrase) of idf idf
// occurring freq times, in Lucene's float32 steps.
func (r *bfRef) bm25(d *bfDoc, field string, idf, boost, freq float32) float32 {
	bigN := r.n[field]
	avgdl := float32(float64(r.sum[field]) / float64(bigN))
	dlq := float32(1)
	if r.kind[field] == mappings.Text {
		dlq = float32(bfByte4ToInt(bfIntToByte4(d.dl[field])))
	} else {
		freq = 1
	}
	normInverse := 1 / float32(bfK1*float32((1-bfB)+float32(bfB*dlq)/avgdl))
	weight := float32(boost * idf)
	return weight - weight/float32(1+float32(freq*normInverse))
}

func (r *bfRef) idf(field string, n int) float32 {
	bigN := r.n[field]
	return float32(math.Log(1 + (float64(bigN-n)+0.5)/(float64(n)+0.5)))
}

// evalScorers evaluates the query types of this file; handled is false
// for the others.
func (r *bfRef) evalScorers(q Query, d *bfDoc, boost float32) (ok bool, score float32, handled bool) {
	switch q := q.(type) {
	case *MatchNoneQuery:
		return false, 0, true
	case *PhraseQuery:
		ok, score = r.phrase(q, d, float32(boost*bfBoost(q.Boost)))
	case *PrefixQuery:
		for term := range d.tf[q.Field] {
			if strings.HasPrefix(term, q.Prefix) {
				return true, float32(boost * bfBoost(q.Boost)), true
			}
		}
	case *TermSetQuery:
		for _, term := range q.Terms {
			if d.tf[q.Field][term] > 0 {
				return true, float32(boost * bfBoost(q.Boost)), true
			}
		}
	case *FuzzyQuery:
		ok, score = r.fuzzy(q, d, float32(boost*bfBoost(q.Boost)))
	case *DisMaxQuery:
		b := float32(boost * bfBoost(q.Boost))
		var scores []float32
		for _, c := range q.Disjuncts {
			if m, s := r.eval(c, d, b); m {
				scores = append(scores, s)
			}
		}
		if len(scores) == 0 {
			return false, 0, true
		}
		if q.TieBreaker == 1 && len(q.Disjuncts) > 1 {
			sum := 0.0
			for _, s := range scores {
				sum += float64(s)
			}
			return true, float32(sum), true
		}
		best := slices.Max(scores)
		others := -float64(best)
		for _, s := range scores {
			others += float64(s)
		}
		return true, float32(float64(best) + others*float64(q.TieBreaker)), true
	case *ConstantScoreQuery:
		if m, _ := r.eval(q.Query, d, 1); m {
			return true, float32(boost * bfBoost(q.Boost)), true
		}
	default:
		return false, 0, false
	}
	return ok, score, true
}

func (r *bfRef) phrase(q *PhraseQuery, d *bfDoc, boost float32) (bool, float32) {
	switch len(q.Terms) {
	case 0:
		return false, 0
	case 1:
		return r.termScore(d, q.Field, q.Terms[0], boost)
	}
	lists := make([][]int, len(q.Terms))
	var idfSum float64
	for i, t := range q.Terms {
		lists[i] = d.pos[q.Field][t]
		if len(lists[i]) == 0 {
			return false, 0
		}
		idfSum += float64(r.idf(q.Field, r.df[q.Field][t]))
	}
	var freq float32
	if q.Slop == 0 {
		for _, p := range lists[0] {
			all := true
			for i := 1; i < len(lists) && all; i++ {
				all = slices.Contains(lists[i], p+i)
			}
			if all {
				freq++
			}
		}
	} else {
		freq = bfSloppyFreq(q.Terms, lists, q.Slop)
	}
	if freq == 0 {
		return false, 0
	}
	return true, r.bm25(d, q.Field, float32(idfSum), boost, freq)
}

// bfCursor is one phrase term's cursor over its positions in a record.
type bfCursor struct {
	positions []int
	read      int // positions consumed
	at        int // current position − offset
	offset    int
	group     int // repetition group, −1 if the term occurs once
	inGroup   int // index within the group
}

func (c *bfCursor) step() bool {
	if c.read == len(c.positions) {
		return false
	}
	c.at = c.positions[c.read] - c.offset
	c.read++
	return true
}

// bfHeap is Lucene's PriorityQueue over cursor indexes.
type bfHeap struct {
	cs []bfCursor
	h  []int // h[0] unused
}

func (q *bfHeap) less(a, b int) bool {
	ca, cb := q.cs[a], q.cs[b]
	switch {
	case ca.at != cb.at:
		return ca.at < cb.at
	case ca.offset != cb.offset:
		return ca.offset < cb.offset
	}
	return a < b
}

func (q *bfHeap) push(x int) {
	q.h = append(q.h, x)
	i := len(q.h) - 1
	for i > 1 && q.less(x, q.h[i/2]) {
		q.h[i] = q.h[i/2]
		i /= 2
	}
	q.h[i] = x
}

func (q *bfHeap) pop() int {
	top := q.h[1]
	last := q.h[len(q.h)-1]
	q.h = q.h[:len(q.h)-1]
	n := len(q.h) - 1
	if n == 0 {
		return top
	}
	i := 1
	for {
		j := 2 * i
		if j+1 <= n && q.less(q.h[j+1], q.h[j]) {
			j++
		}
		if j > n || !q.less(q.h[j], last) {
			break
		}
		q.h[i] = q.h[j]
		i = j
	}
	q.h[i] = last
	return top
}

// bfSloppyFreq walks the cursors as SloppyPhraseMatcher and sums the
// matches' weights.
func bfSloppyFreq(terms []string, lists [][]int, slop int) float32 {
	cs := make([]bfCursor, len(terms))
	for i := range cs {
		cs[i] = bfCursor{positions: lists[i], offset: i, group: -1}
	}
	// Repetition groups: each repeated term's occurrences in phrase order.
	var groups [][]int
	for i, t := range terms {
		first := slices.Index(terms, t)
		if first == i {
			continue
		}
		if cs[first].group < 0 {
			cs[first].group = len(groups)
			groups = append(groups, []int{first})
		}
		g := cs[first].group
		cs[i].group, cs[i].inGroup = g, len(groups[g])
		groups[g] = append(groups[g], i)
	}
	for i := range cs {
		cs[i].step()
	}
	for _, g := range groups {
		for j, i := range g {
			for range j {
				if !cs[i].step() {
					return 0
				}
			}
		}
	}
	q := &bfHeap{cs: cs, h: []int{-1}}
	end := math.MinInt
	for i := range cs {
		end = max(end, cs[i].at)
		q.push(i)
	}
	advance := func(i int) bool {
		if !cs[i].step() {
			return false
		}
		end = max(end, cs[i].at)
		return true
	}
	// resolve handles a repeated term's collisions after cursor i moved.
	resolve := func(i int) bool {
		g := cs[i].group
		if g < 0 {
			return true
		}
		members := groups[g]
		marked := map[int]bool{}
		k0 := cs[i].inGroup
		for {
			k := -1
			for _, m := range members {
				if m != i && cs[m].at+cs[m].offset == cs[i].at+cs[i].offset {
					k = cs[m].inGroup
					break
				}
			}
			if k < 0 {
				break
			}
			other := members[k]
			if cs[other].at < cs[i].at || (cs[other].at == cs[i].at && cs[other].offset < cs[i].offset) {
				i = other
			}
			if !advance(i) {
				return false
			}
			if k != k0 {
				marked[k] = true
			}
		}
		var popped []int
		for len(marked) > 0 {
			p := q.pop()
			popped = append(popped, p)
			if cs[p].group >= 0 {
				delete(marked, cs[p].inGroup)
			}
		}
		for j := len(popped) - 1; j >= 0; j-- {
			q.push(popped[j])
		}
		return true
	}
	var freq float32
	positioned := true
	for positioned {
		pp := q.pop()
		length := end - cs[pp].at
		next := cs[q.h[1]].at
		found := false
		for advance(pp) {
			if len(groups) > 0 && !resolve(pp) {
				break
			}
			if cs[pp].at > next {
				q.push(pp)
				if length <= slop {
					found = true
					break
				}
				pp = q.pop()
				next = cs[q.h[1]].at
				length = end - cs[pp].at
			} else {
				length = min(length, end-cs[pp].at)
			}
		}
		if !found {
			positioned = false
			if length > slop {
				break
			}
		}
		freq += 1 / float32(1+float32(length))
	}
	return freq
}

// bfEditDistance is the edit distance between a and b: Levenshtein, or
// with transpositions the optimal string alignment distance, by the full
// matrix.
func bfEditDistance(a, b []rune, transpositions bool) int {
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

type bfFuzzyTerm struct {
	term  string
	boost float32
}

// fuzzyTerms returns the kept terms of a fuzzy query in this index and
// their blended document frequency.
func (r *bfRef) fuzzyTerms(q *FuzzyQuery) ([]bfFuzzyTerm, int) {
	if q.MaxEdits == 0 || q.Term == "" {
		if n := r.df[q.Field][q.Term]; n > 0 {
			return []bfFuzzyTerm{{q.Term, 1}}, n
		}
		return nil, 0
	}
	query := []rune(q.Term)
	plen := min(q.PrefixLength, len(query))
	var cands []bfFuzzyTerm
	for term := range r.df[q.Field] {
		if !utf8.ValidString(term) {
			continue
		}
		t := []rune(term)
		if len(t) < plen || string(t[:plen]) != string(query[:plen]) {
			continue
		}
		ed := bfEditDistance(query[plen:], t[plen:], q.Transpositions)
		if ed > q.MaxEdits {
			continue
		}
		boost := float32(1)
		if ed > 0 {
			boost = 1 - float32(ed)/float32(min(len(t), len(query)))
		}
		cands = append(cands, bfFuzzyTerm{term, boost})
	}
	slices.SortFunc(cands, func(a, b bfFuzzyTerm) int {
		if a.boost != b.boost {
			return cmp.Compare(b.boost, a.boost)
		}
		return strings.Compare(a.term, b.term)
	})
	maxExp := q.MaxExpansions
	if maxExp == 0 {
		maxExp = 50
	}
	cands = cands[:min(len(cands), maxExp, 1024)]
	df := 0
	for _, c := range cands {
		df = max(df, r.df[q.Field][c.term])
	}
	return cands, df
}

type bfFuzzyKept struct {
	terms []bfFuzzyTerm
	df    int
}

func (r *bfRef) fuzzy(q *FuzzyQuery, d *bfDoc, boost float32) (bool, float32) {
	kept, ok := r.fuzzyKept[q]
	if !ok {
		kept.terms, kept.df = r.fuzzyTerms(q)
		if r.fuzzyKept == nil {
			r.fuzzyKept = map[*FuzzyQuery]bfFuzzyKept{}
		}
		r.fuzzyKept[q] = kept
	}
	df := kept.df
	matched := false
	sum := 0.0
	for _, t := range kept.terms {
		freq := d.tf[q.Field][t.term]
		if freq == 0 {
			continue
		}
		matched = true
		sum += float64(r.bm25(d, q.Field, r.idf(q.Field, df), float32(boost*max(0, t.boost)), float32(freq)))
	}
	return matched, float32(sum)
}

// ---------------------------------------------------------------------------
// Generation.

// scorerLeaf draws one of this file's query types.
func (g *bfGen) scorerLeaf(depth int) Query {
	r := g.r
	switch x := r.IntN(20); {
	case x < 6:
		return g.phrase()
	case x < 9:
		return g.prefixQuery()
	case x < 14:
		return g.fuzzy()
	case x < 15:
		return g.termSet()
	case x < 17 && depth < 3:
		n := 1 + r.IntN(3)
		q := &DisMaxQuery{TieBreaker: []float32{0, 0, 0.3, 0.5, 1, 1}[r.IntN(6)], Boost: g.boost()}
		for range n {
			q.Disjuncts = append(q.Disjuncts, g.query(depth+1))
		}
		return q
	case x < 18 && depth < 3:
		return &ConstantScoreQuery{Query: g.query(depth + 1), Boost: g.boost()}
	case x < 19:
		return &MatchNoneQuery{}
	}
	return g.fuzzy()
}

// textTokens returns the tokens of a name or snippet value, from the focus
// record when there is one.
func (g *bfGen) textTokens() (string, []string) {
	field := []string{"name", "snippet"}[g.r.IntN(2)]
	var v string
	if g.focus != nil && len(g.focus.Fields[field]) > 0 && g.r.IntN(4) != 0 {
		vals := g.focus.Fields[field]
		v = vals[g.r.IntN(len(vals))]
	} else {
		v = g.anyValue(field)
	}
	return field, strings.Fields(v)
}

func (g *bfGen) phrase() Query {
	r := g.r
	field, toks := g.textTokens()
	q := &PhraseQuery{Field: field, Slop: []int{0, 0, 1, 1, 2, 3}[r.IntN(6)], Boost: g.boost()}
	if len(toks) == 0 || r.IntN(8) == 0 {
		for range 1 + r.IntN(3) {
			q.Terms = append(q.Terms, bfWord(r))
		}
		return q
	}
	start := r.IntN(len(toks))
	n := 2 + r.IntN(3)
	q.Terms = slices.Clone(toks[start:min(len(toks), start+n)])
	switch x := r.IntN(6); {
	case x == 0 && len(q.Terms) > 1: // out of order
		i := r.IntN(len(q.Terms) - 1)
		q.Terms[i], q.Terms[i+1] = q.Terms[i+1], q.Terms[i]
	case x == 1: // a repeated term
		q.Terms = slices.Insert(q.Terms, r.IntN(len(q.Terms)+1), q.Terms[r.IntN(len(q.Terms))])
	case x == 2: // a gap: drop a middle term
		if len(q.Terms) > 2 {
			q.Terms = slices.Delete(q.Terms, 1, 2)
		}
	}
	return q
}

// fieldValue draws a field and one of its values or tokens (the fuzzy and
// prefix queries' material).
func (g *bfGen) fieldValue() (string, string) {
	r := g.r
	if r.IntN(2) == 0 {
		field, toks := g.textTokens()
		if len(toks) == 0 {
			return field, bfWord(r)
		}
		return field, toks[r.IntN(len(toks))]
	}
	field := []string{"type", "value", "group_id", "name.raw", "nofield"}[r.IntN(5)]
	switch field {
	case "type":
		return field, bfTypes[r.IntN(len(bfTypes))]
	case "value":
		return field, bfValues[r.IntN(len(bfValues))]
	case "group_id":
		return field, bfGroups[r.IntN(len(bfGroups))]
	}
	return field, g.anyValue("name")
}

func (g *bfGen) prefixQuery() Query {
	field, v := g.fieldValue()
	n := 0
	if len(v) > 0 {
		n = g.r.IntN(len(v) + 1)
	}
	if g.r.IntN(10) == 0 {
		return &PrefixQuery{Field: field, Prefix: "zz", Boost: g.boost()}
	}
	return &PrefixQuery{Field: field, Prefix: v[:n], Boost: g.boost()}
}

func (g *bfGen) termSet() Query {
	q := &TermSetQuery{Boost: g.boost()}
	for range 1 + g.r.IntN(4) {
		field, v := g.fieldValue()
		if q.Field == "" {
			q.Field = field
		}
		q.Terms = append(q.Terms, v)
	}
	return q
}

// fuzzy draws a fuzzy query on a value with up to two random edits.
func (g *bfGen) fuzzy() Query {
	r := g.r
	field, v := g.fieldValue()
	t := []rune(v)
	for range r.IntN(3) {
		letter := rune('a' + r.IntN(12))
		switch op := r.IntN(4); {
		case op == 0 || len(t) == 0:
			i := r.IntN(len(t) + 1)
			t = slices.Insert(t, i, letter)
		case op == 1:
			i := r.IntN(len(t))
			t = slices.Delete(t, i, i+1)
		case op == 2:
			t[r.IntN(len(t))] = letter
		case len(t) > 1:
			i := r.IntN(len(t) - 1)
			t[i], t[i+1] = t[i+1], t[i]
		}
	}
	return &FuzzyQuery{
		Field:          field,
		Term:           string(t),
		MaxEdits:       []int{0, 1, 2, 2}[r.IntN(4)],
		PrefixLength:   []int{0, 0, 0, 1, 2, 4}[r.IntN(6)],
		MaxExpansions:  []int{0, 1, 2, 3, 50}[r.IntN(5)],
		Transpositions: r.IntN(3) != 0,
		Boost:          g.boost(),
	}
}

// ---------------------------------------------------------------------------
// Shrinking and printing.

func bfScorerShrinks(q Query) []Query {
	var out []Query
	switch q := q.(type) {
	case *PhraseQuery:
		if q.Boost != 0 {
			c := *q
			c.Boost = 0
			out = append(out, &c)
		}
		if q.Slop > 0 {
			c := *q
			c.Slop--
			out = append(out, &c)
		}
		for i := range q.Terms {
			if len(q.Terms) > 2 {
				c := *q
				c.Terms = slices.Delete(slices.Clone(q.Terms), i, i+1)
				out = append(out, &c)
			}
		}
	case *FuzzyQuery:
		if q.Boost != 0 {
			c := *q
			c.Boost = 0
			out = append(out, &c)
		}
		if q.PrefixLength > 0 {
			c := *q
			c.PrefixLength = 0
			out = append(out, &c)
		}
		if q.MaxExpansions != 1 {
			c := *q
			c.MaxExpansions = 1
			out = append(out, &c)
		}
	case *PrefixQuery:
		if q.Boost != 0 {
			out = append(out, &PrefixQuery{Field: q.Field, Prefix: q.Prefix})
		}
	case *TermSetQuery:
		for i := range q.Terms {
			if len(q.Terms) > 1 {
				c := *q
				c.Terms = slices.Delete(slices.Clone(q.Terms), i, i+1)
				out = append(out, &c)
			}
		}
	case *DisMaxQuery:
		out = append(out, q.Disjuncts...)
		for i, d := range q.Disjuncts {
			if len(q.Disjuncts) > 1 {
				c := *q
				c.Disjuncts = slices.Delete(slices.Clone(q.Disjuncts), i, i+1)
				out = append(out, &c)
			}
			for _, s := range bfQueryShrinks(d) {
				c := *q
				c.Disjuncts = slices.Clone(q.Disjuncts)
				c.Disjuncts[i] = s
				out = append(out, &c)
			}
		}
	case *ConstantScoreQuery:
		out = append(out, q.Query)
		for _, s := range bfQueryShrinks(q.Query) {
			out = append(out, &ConstantScoreQuery{Query: s, Boost: q.Boost})
		}
	}
	return out
}

// bfWriteScorersGo prints the query types of this file as Go; false for
// the others.
func bfWriteScorersGo(sb *strings.Builder, q Query, indent string) bool {
	switch q := q.(type) {
	case *DisMaxQuery:
		fmt.Fprintf(sb, "&DisMaxQuery{TieBreaker: %v, Boost: %v, Disjuncts: []Query{", q.TieBreaker, q.Boost)
		for _, d := range q.Disjuncts {
			sb.WriteString("\n" + indent + "\t")
			bfWriteGo(sb, d, indent+"\t")
			sb.WriteString(",")
		}
		fmt.Fprintf(sb, "\n%s}}", indent)
	case *ConstantScoreQuery:
		fmt.Fprintf(sb, "&ConstantScoreQuery{Boost: %v, Query: ", q.Boost)
		bfWriteGo(sb, q.Query, indent)
		sb.WriteString("}")
	default:
		return false
	}
	return true
}

// TestBruteForceSloppyRepeats compares sloppy phrases full of repeated
// terms (three-word vocabulary, phrases of 2–6 terms, slop 0–5) with the
// reference over dense random texts, where the repetition handling —
// collisions, re-queuing, the heap's order after in-place moves — decides
// most frequencies.
func TestBruteForceSloppyRepeats(t *testing.T) {
	seed := bfSeed(t)
	mset := bfLoadMappings(t)
	words := []string{"a", "b", "c"}
	for ci := range 30 {
		r := rand.New(rand.NewPCG(seed, uint64(1000+ci)))
		var recs []*bfRecord
		for i := range 40 {
			var vals []string
			for range 1 + r.IntN(2) {
				toks := make([]string, 1+r.IntN(14))
				for k := range toks {
					toks[k] = words[r.IntN(len(words))]
				}
				vals = append(vals, strings.Join(toks, " "))
			}
			recs = append(recs, bfRec(fmt.Sprintf("r%d", i), map[string][]string{"snippet": vals}))
		}
		corpus := bfCorpus{{Name: "clause", Segments: [][]*bfRecord{recs[:25], recs[25:]}}}
		w, err := bfBuild(mset, corpus)
		if err != nil {
			t.Fatal(err)
		}
		for qi := range 40 {
			terms := make([]string, 2+r.IntN(5))
			for k := range terms {
				terms[k] = words[r.IntN(len(words))]
			}
			req := Request{Indexes: []string{"clause"}, Size: 50,
				Query: &PhraseQuery{Field: "snippet", Terms: terms, Slop: r.IntN(6)}}
			if failure := bfCheck(w, req); failure != "" {
				bfReport(t, mset, fmt.Sprintf("seed %#x corpus %d query %d", seed, ci, qi), bfCase{corpus, req}, failure)
			}
		}
	}
}
