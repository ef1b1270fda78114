package suggest

import (
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/internal/engine/termdict"
)

// checker is Lucene's DirectSpellChecker over one shard's field, with
// OpenSearch's settings. The field's dictionaries are per segment; Lucene
// reads them through MultiTerms, one merged dictionary whose document
// frequencies are summed over segments, and so does the checker.
type checker struct {
	s *Settings
	// dicts are the field's dictionaries, one per segment that has it.
	dicts []*termdict.Dict
	// maxDoc and numDocs count every document of the shard, nested ones
	// included, as the shard's IndexReader does; nothing is ever deleted.
	maxDoc, numDocs int

	it    termdict.Iterator
	cands []cand
	at    map[string]int // term → index in cands, when merging segments
}

// cand is a candidate term of one pass.
type cand struct {
	term  string
	dist  int
	freq  int
	score float32
}

func newChecker(ix *search.Index, s *Settings) *checker {
	c := &checker{s: s}
	for _, seg := range ix.Segments {
		c.maxDoc += int(seg.MaxDoc)
		if f := seg.Field(s.Field); f != nil && f.Kind == segment.Text && f.Terms != nil {
			c.dicts = append(c.dicts, f.Terms)
		}
	}
	c.numDocs = c.maxDoc
	return c
}

// docFreq is the number of the shard's documents that have term.
func (c *checker) docFreq(term string) (int, error) {
	n := 0
	for _, d := range c.dicts {
		info, ok, err := d.Get([]byte(term))
		if err != nil {
			return 0, err
		}
		if ok {
			n += int(info.DocFreq)
		}
	}
	return n, nil
}

// suggest is DirectSpellChecker.suggestSimilar(term, shardSize, reader,
// mode) with the checker's accuracy: the options for one analysed word.
func (c *checker) suggest(term string) ([]Option, error) {
	s := c.s
	termLen := utf8.RuneCountInString(term)
	if termLen < s.MinWordLength {
		return nil, nil
	}
	df, err := c.docFreq(term)
	if err != nil {
		return nil, err
	}
	if s.Mode == Missing && df > 0 {
		return nil, nil
	}
	if s.MaxTermFreq >= 1 {
		if float32(df) > s.MaxTermFreq {
			return nil, nil
		}
	} else if df > javaInt(math.Ceil(float64(s.MaxTermFreq*float32(c.maxDoc)))) {
		return nil, nil
	}
	// bar is the document frequency a candidate must exceed.
	bar := 0
	if s.Mode == Popular {
		bar = df
	}
	if s.MinDocFreq >= 1 {
		bar = max(bar, int(s.MinDocFreq))
	} else if s.MinDocFreq > 0 {
		bar = max(bar, javaInt(float64(s.MinDocFreq*float32(c.maxDoc)))-1)
	}
	numSug := s.shardSize()
	inspections := numSug * s.MaxInspections

	// "try ed=1 first, in case we get lucky"; the prefix grows with the
	// edits (max(minPrefix, ed−1)) as in suggestSimilar.
	terms, err := c.pass(term, termLen, 1, max(s.PrefixLength, 0), bar, inspections)
	if err != nil {
		return nil, err
	}
	if s.MaxEdits > 1 && len(terms) < inspections {
		more, err := c.pass(term, termLen, s.MaxEdits, max(s.PrefixLength, s.MaxEdits-1), bar, inspections)
		if err != nil {
			return nil, err
		}
		// The HashSet union: the same term has the same score and
		// frequency in both passes.
		seen := make(map[string]bool, len(terms))
		for _, t := range terms {
			seen[t.term] = true
		}
		for _, m := range more {
			if !seen[m.term] {
				terms = append(terms, m)
			}
		}
	}
	// SuggestWordScoreComparator, reversed: score, then frequency,
	// descending, then String.compareTo (UTF-16 order).
	slices.SortFunc(terms, func(a, b cand) int {
		if a.score != b.score {
			if a.score > b.score {
				return -1
			}
			return 1
		}
		if a.freq != b.freq {
			return b.freq - a.freq
		}
		return compareUTF16(a.term, b.term)
	})
	if len(terms) > numSug {
		terms = terms[:numSug]
	}
	opts := make([]Option, len(terms))
	for i, t := range terms {
		opts[i] = Option{Text: t.term, Score: t.score, Freq: t.freq}
	}
	return opts, nil
}

// pass is DirectSpellChecker's protected suggestSimilar for one edit
// distance: the k best candidates within maxEdits edits of term after
// prefix code points, by score and then term (byte order), among those
// other than term, in more than bar documents and scoring at least the
// accuracy.
//
// Lucene walks the terms in order with a priority queue of k and skips a
// term whose score does not beat the queue's worst; its FuzzyTermsEnum
// also lowers the automaton's edit distance once the worst score in the
// queue is at least what that many edits could score. Both only skip terms
// that could not enter the queue, and ties go to the term met first, the
// smaller one, so the queue ends holding exactly this top k.
func (c *checker) pass(term string, termLen, maxEdits, prefix, bar, k int) ([]cand, error) {
	a, err := termdict.CompileFuzzy(term, maxEdits, true, prefix)
	if err != nil {
		return nil, err
	}
	c.cands = c.cands[:0]
	merge := len(c.dicts) > 1
	if merge {
		if c.at == nil {
			c.at = map[string]int{}
		}
		clear(c.at)
	}
	for _, d := range c.dicts {
		c.it.ResetIntersect(d, a)
		for c.it.Next() {
			t := c.it.Term()
			if string(t) == term {
				continue // "ignore exact match of the same term"
			}
			freq := int(c.it.DocFreq())
			if merge {
				if j, ok := c.at[string(t)]; ok {
					c.cands[j].freq += freq
					continue
				}
				c.at[string(t)] = len(c.cands)
			}
			c.cands = append(c.cands, cand{term: string(t), dist: c.it.Distance(), freq: freq})
		}
		if err := c.it.Err(); err != nil {
			return nil, err
		}
	}
	out := make([]cand, 0, min(k, len(c.cands)))
	for _, cd := range c.cands {
		if cd.freq <= bar {
			continue
		}
		cd.score = boost(cd.dist, termLen, utf8.RuneCountInString(cd.term))
		if cd.score < c.s.Accuracy {
			continue
		}
		out = append(out, cd)
	}
	slices.SortFunc(out, func(a, b cand) int {
		if a.score != b.score {
			if a.score > b.score {
				return -1
			}
			return 1
		}
		return strings.Compare(a.term, b.term)
	})
	if len(out) > k {
		out = out[:k]
	}
	return out, nil
}

// boost is FuzzyTermsEnum's similarity of a term ed edits away:
// 1 − ed / min(len(query), len(term)), in float32. The conversion keeps
// the quotient rounded to float32 before the subtraction, as in Java.
func boost(ed, queryLen, termLen int) float32 {
	q := float32(float32(ed) / float32(min(queryLen, termLen)))
	return 1 - q
}

// javaInt converts as Java's (int) cast of a double does: truncation
// toward zero, saturating at the int range, NaN to 0.
func javaInt(f float64) int {
	switch {
	case f != f:
		return 0
	case f >= math.MaxInt32:
		return math.MaxInt32
	case f <= math.MinInt32:
		return math.MinInt32
	}
	return int(f)
}
