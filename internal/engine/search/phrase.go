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
	st, err := indexStats(ix, q.Field, q.Terms)
	if err != nil {
		return nil, err
	}
	if slices.Contains(st.docFreqs, 0) {
		return noMatch{}, nil // a term no record has: the phrase cannot occur
	}
	field := similarity.DefaultBM25().NewField(st.sumTTF, st.docCount)
	return &phraseWeightT{field: q.Field, desc: describeUnboosted(q), dl: ix.dl, metas: st.metas, sim: field.Phrase(boost, st.docFreqs)}, nil
}

func (w *phraseWeightT) scorer(segNum int, seg *segment.Segment) (Scorer, error) {
	f := seg.Field(w.field)
	if f == nil || f.Kind != segment.Text {
		return nil, nil
	}
	s := &phraseScorer{norms: f.Norms, sim: &w.sim, doc: -1, dl: w.dl}
	for _, metas := range w.metas {
		if metas[segNum] == nil {
			return nil, nil // a term missing here: no occurrence in this segment
		}
		it, err := openPostings(f, metas[segNum])
		if err != nil {
			return nil, err
		}
		s.its = append(s.its, it)
	}
	s.pos = make([][]uint32, len(s.its))
	s.idx = make([]int, len(s.its))
	s.cur = make([]int64, len(s.its))
	for i := range s.cur {
		s.cur[i] = -1
	}
	return s, nil
}

// phraseScorer matches documents holding every term, then counts the
// positions where the terms line up (Lucene's ExactPhraseMatcher).
type phraseScorer struct {
	its   []*postings.Iterator
	cur   []int64    // each term's current document; -1 before the first
	pos   [][]uint32 // positions of each term in the current document
	idx   []int      // scratch for count
	norms []byte
	sim   *similarity.TermScorer
	doc   int64
	freq  int
	err   error
	dl    *deadline
}

func (s *phraseScorer) Next() bool { return s.from(uint32(s.doc + 1)) }

func (s *phraseScorer) Advance(target uint32) bool { return s.from(target) }

func (s *phraseScorer) DocID() uint32 { return uint32(s.doc) }

func (s *phraseScorer) Err() error { return s.err }

func (s *phraseScorer) Score() float32 {
	return s.sim.Score(float32(s.freq), s.norms[s.doc])
}

// from finds the first document ≥ target where the phrase occurs.
func (s *phraseScorer) from(target uint32) bool {
	if s.doc == int64(noMoreDocs) {
		return false
	}
	for {
		d, ok := s.conjunction(target)
		if s.dl.tick() {
			ok = false // out of time (timeout.go)
		}
		if !ok {
			s.doc = int64(noMoreDocs)
			for _, it := range s.its {
				if err := it.Err(); err != nil && s.err == nil {
					s.err = err
				}
			}
			return false
		}
		if n := s.count(); n > 0 {
			s.doc, s.freq = int64(d), n
			return true
		}
		if d == noMoreDocs-1 {
			s.doc = int64(noMoreDocs)
			return false
		}
		target = d + 1
	}
}

// conjunction moves every term's postings to the first document ≥ target
// they all contain.
func (s *phraseScorer) conjunction(target uint32) (uint32, bool) {
	d := target
	for {
		agreed := true
		for i, it := range s.its {
			if s.cur[i] < int64(d) {
				if !it.Advance(d) {
					return 0, false
				}
				s.cur[i] = int64(it.DocID())
			}
			if s.cur[i] > int64(d) {
				d = uint32(s.cur[i])
				agreed = false
				break
			}
		}
		if agreed {
			return d, true
		}
	}
}

// count returns the number of positions p where term i is at p+i for
// every i: the phrase frequency of the current document.
func (s *phraseScorer) count() int {
	for i, it := range s.its {
		s.pos[i] = s.pos[i][:0]
		for p, ok := it.NextPosition(); ok; p, ok = it.NextPosition() {
			s.pos[i] = append(s.pos[i], p)
		}
	}
	n := 0
	idx := s.idx
	clear(idx)
	for _, start := range s.pos[0] {
		all := true
		for i := 1; i < len(s.pos); i++ {
			want := start + uint32(i)
			for idx[i] < len(s.pos[i]) && s.pos[i][idx[i]] < want {
				idx[i]++
			}
			if idx[i] == len(s.pos[i]) || s.pos[i][idx[i]] != want {
				all = false
				break
			}
		}
		if all {
			n++
		}
	}
	return n
}
