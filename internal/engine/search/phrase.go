package search

import (
	"slices"

	"github.com/contractsearch/contractsearch/internal/engine/postings"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/internal/engine/similarity"
)

// phraseWeightT is an exact phrase prepared for one index.
type phraseWeightT struct {
	field string
	// desc is the PhraseQuery's text, for explanations.
	desc string
	dl   *deadline
	// metas[t][segNum] is term t's postings metadata in that segment.
	metas [][][]byte
	sim   similarity.TermScorer
}

func phraseWeight(q *PhraseQuery, ix *Index, boost float32) (weight, error) {
	metas, sim, ok, err := phraseStats(q, ix, boost)
	if err != nil {
		return nil, err
	}
	if !ok {
		return noMatch{}, nil // a term no record has: the phrase cannot occur
	}
	return &phraseWeightT{field: q.Field, desc: describeUnboosted(q), dl: ix.dl, metas: metas, sim: sim}, nil
}

// phraseStats gathers what exact and sloppy phrases alike score with: each
// term's postings metadata per segment and the BM25 phrase scorer over the
// terms' statistics. ok is false when a term is in no record, so the phrase
// cannot occur.
func phraseStats(q *PhraseQuery, ix *Index, boost float32) (metas [][][]byte, sim similarity.TermScorer, ok bool, err error) {
	st, err := indexStats(ix, q.Field, q.Terms)
	if err != nil {
		return nil, similarity.TermScorer{}, false, err
	}
	if slices.Contains(st.docFreqs, 0) {
		return nil, similarity.TermScorer{}, false, nil
	}
	field := similarity.DefaultBM25().NewField(st.sumTTF, st.docCount)
	return st.metas, field.Phrase(boost, st.docFreqs), true, nil
}

func (w *phraseWeightT) scorer(segNum int, seg *segment.Segment) (Scorer, error) {
	f := seg.Field(w.field)
	if f == nil || f.Kind != segment.Text {
		return nil, nil
	}
	docs, ok, err := openPhraseDocs(f, w.metas, segNum)
	if err != nil || !ok {
		return nil, err
	}
	n := len(docs.its)
	return &phraseScorer{
		phraseDocs: docs,
		norms:      f.Norms,
		sim:        &w.sim,
		doc:        -1,
		dl:         w.dl,
		at:         make([]int64, n),
		left:       make([]uint32, n),
		byFreq:     make([]int, n),
	}, nil
}

// phraseDocs is the document half of matching a phrase, the same for exact
// and sloppy phrases: one postings iterator per phrase position, moved
// together to the documents that hold every term.
type phraseDocs struct {
	its []*postings.Iterator
	cur []int64 // each position's current document; -1 before the first
	// order visits the positions rarest term first (by document
	// frequency), as Lucene's ConjunctionDISI leads with its cheapest
	// iterator: the common terms then only jump to the rare ones'
	// documents instead of proposing their own.
	order []int
}

// openPhraseDocs opens every phrase position's postings in segment segNum.
// ok is false when a term is missing there: the phrase cannot occur in the
// segment. Every occurrence of a repeated term reads its own postings, as
// Lucene's PhraseWeight opens one enum per phrase position.
func openPhraseDocs(f *segment.Field, metas [][][]byte, segNum int) (docs phraseDocs, ok bool, err error) {
	its := make([]*postings.Iterator, len(metas))
	for i, m := range metas {
		if m[segNum] == nil {
			return phraseDocs{}, false, nil
		}
		if its[i], err = openPostings(f, m[segNum]); err != nil {
			return phraseDocs{}, false, err
		}
	}
	cur := make([]int64, len(its))
	order := make([]int, len(its))
	for i := range cur {
		cur[i], order[i] = -1, i
	}
	slices.SortStableFunc(order, func(a, b int) int { return its[a].Cost() - its[b].Cost() })
	return phraseDocs{its: its, cur: cur, order: order}, true, nil
}

// conjunction moves every position's postings to the first document ≥
// target they all contain; it gives up (false) once dl has passed.
func (p *phraseDocs) conjunction(target uint32, dl *deadline) (uint32, bool) {
	d := target
	for {
		if dl.tick() {
			return 0, false
		}
		agreed := true
		for _, i := range p.order {
			if p.cur[i] < int64(d) {
				it := p.its[i]
				if !it.Advance(d) {
					return 0, false
				}
				p.cur[i] = int64(it.DocID())
			}
			if p.cur[i] > int64(d) {
				d = uint32(p.cur[i])
				agreed = false
				break
			}
		}
		if agreed {
			return d, true
		}
	}
}

// cost is how many documents the phrase may match: its rarest term's
// document frequency (Lucene's conjunction cost).
func (p *phraseDocs) cost() int {
	return p.its[p.order[0]].Cost()
}

// postingsErr returns the first error of the positions' postings, in
// phrase order.
func (p *phraseDocs) postingsErr() error {
	for _, it := range p.its {
		if err := it.Err(); err != nil {
			return err
		}
	}
	return nil
}

// freqSum is the sum of the positions' term frequencies in the current
// document, read from the postings without decoding a position.
func (p *phraseDocs) freqSum() uint64 {
	var sum uint64
	for _, it := range p.its {
		sum += uint64(it.Freq())
	}
	return sum
}

// minFreq is the smallest of the positions' term frequencies in the
// current document.
func (p *phraseDocs) minFreq() uint32 {
	m := p.its[0].Freq()
	for _, it := range p.its[1:] {
		m = min(m, it.Freq())
	}
	return m
}

// freqBound turns a bound on a document's phrase frequency into the
// float32 the scorer takes, or false when it is too large to stay exact
// (a float32 holds every integer up to 2^24): the caller then has no
// bound.
func freqBound(n uint64) (float32, bool) {
	if n > 1<<24 {
		return 0, false
	}
	return float32(n), true
}

// phraseScorer matches documents holding every term, then walks the
// positions where the terms line up (Lucene's ExactPhraseMatcher). Finding
// a match only needs the first such position: the phrase frequency, the
// count of them all, is finished when the score is asked for, so a
// document that cannot enter the top hits (competitiveAt) is counted
// without reading the rest of its positions. Once only documents scoring
// above a minimum are wanted (setMinCompetitiveScore), a document whose
// rarest term's frequency already bounds its score at or below it is
// passed over without reading a position.
type phraseScorer struct {
	phraseDocs
	// The walk over the current document: at[i] is the last position
	// read of phrase position i minus i (the start it proposes; -1 before
	// the first), left[i] the positions not read yet.
	at   []int64
	left []uint32
	// lead and rest order the positions for the current document: the
	// one with the fewest occurrences proposes the starts, the others
	// check them rarest first, so a common word's positions are read only
	// where the rare words already line up.
	lead   int
	rest   []int
	byFreq []int // rest's backing array, lead first
	norms  []byte
	sim    *similarity.TermScorer
	doc    int64
	freq   int
	// counted says freq is the whole count; until then it holds the
	// matches found so far.
	counted bool
	pruning bool
	min     float32
	err     error
	dl      *deadline
}

func (s *phraseScorer) Next() bool { return s.from(uint32(s.doc + 1)) }

func (s *phraseScorer) Advance(target uint32) bool { return s.from(target) }

func (s *phraseScorer) DocID() uint32 { return uint32(s.doc) }

func (s *phraseScorer) Err() error { return s.err }

func (s *phraseScorer) Score() float32 {
	return s.sim.Score(float32(s.phraseFreq()), s.norms[s.doc])
}

// phraseFreq finishes counting the current document's matches.
func (s *phraseScorer) phraseFreq() int {
	if !s.counted {
		for s.nextMatch() {
			s.freq++
		}
		s.counted = true
	}
	return s.freq
}

// competitiveAt bounds the current document by its rarest term's
// frequency: every match starts at a different position of each term.
func (s *phraseScorer) competitiveAt(min float32) bool { return s.docBound() > min }

func (s *phraseScorer) docBound() float32 {
	if s.counted {
		return s.sim.Score(float32(s.freq), s.norms[s.doc])
	}
	f, ok := freqBound(uint64(s.minFreq()))
	if !ok {
		return unbounded
	}
	return s.sim.Score(f, s.norms[s.doc])
}

// setMinCompetitiveScore makes the scorer pass over the documents whose
// bound (competitiveAt's) does not beat min.
func (s *phraseScorer) setMinCompetitiveScore(min float32) {
	s.pruning, s.min = true, min
}

// from finds the first document ≥ target where the phrase occurs.
func (s *phraseScorer) from(target uint32) bool {
	if s.doc == int64(noMoreDocs) {
		return false
	}
	for {
		d, ok := s.conjunction(target, s.dl) // false too once out of time (timeout.go)
		if !ok {
			s.doc = int64(noMoreDocs)
			if s.err == nil {
				s.err = s.postingsErr()
			}
			return false
		}
		if !s.pruning || s.competitiveDoc(d) {
			s.startDoc()
			if s.nextMatch() {
				s.doc, s.freq, s.counted = int64(d), 1, false
				return true
			}
		}
		if d == noMoreDocs-1 {
			s.doc = int64(noMoreDocs)
			return false
		}
		target = d + 1
	}
}

// competitiveDoc reports whether document d, on which every term's
// postings stand, may score above the minimum.
func (s *phraseScorer) competitiveDoc(d uint32) bool {
	f, ok := freqBound(uint64(s.minFreq()))
	return !ok || s.sim.Score(f, s.norms[d]) > s.min
}

// startDoc prepares the walk over the current document's positions.
func (s *phraseScorer) startDoc() {
	order := s.byFreq
	for i, it := range s.its {
		s.at[i], s.left[i] = -1, it.Freq()
		order[i] = i
	}
	// A handful of positions: insertion sort by frequency.
	for k := 1; k < len(order); k++ {
		for j := k; j > 0 && s.left[order[j]] < s.left[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	s.lead, s.rest = order[0], order[1:]
}

// next reads phrase position i's next position into at[i]; false when
// the document has no more (or the postings are damaged, which their Err
// reports).
func (s *phraseScorer) next(i int) bool {
	if s.left[i] == 0 {
		return false
	}
	s.left[i]--
	p, ok := s.its[i].NextPosition()
	if !ok {
		s.left[i] = 0
		return false
	}
	s.at[i] = int64(p) - int64(i)
	return true
}

// nextMatch moves to the next start (position of term 0) where every term
// lines up: the lead proposes starts, and each other term reads its
// positions only up to the start proposed. The count of the starts it
// finds is the document's phrase frequency; which term leads does not
// change it.
func (s *phraseScorer) nextMatch() bool {
	for s.next(s.lead) {
		if s.dl.tick() {
			return false // out of time: from stops at its next tick
		}
		start := s.at[s.lead]
		if start < 0 {
			continue // term 0 would stand before the field's start
		}
		all := true
		for _, i := range s.rest {
			for s.at[i] < start {
				if !s.next(i) {
					s.left[s.lead] = 0 // term i has no more: no later start can match
					return false
				}
			}
			if s.at[i] != start {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}
