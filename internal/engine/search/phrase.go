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
	s := &phraseScorer{phraseDocs: docs, norms: f.Norms, sim: &w.sim, doc: -1, dl: w.dl}
	s.pos = make([][]uint32, len(s.its))
	s.idx = make([]int, len(s.its))
	return s, nil
}

// phraseDocs is the document half of matching a phrase, the same for exact
// and sloppy phrases: one postings iterator per phrase position, moved
// together to the documents that hold every term.
type phraseDocs struct {
	its []*postings.Iterator
	cur []int64 // each position's current document; -1 before the first
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
	for i := range cur {
		cur[i] = -1
	}
	return phraseDocs{its: its, cur: cur}, true, nil
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
		for i, it := range p.its {
			if p.cur[i] < int64(d) {
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

// phraseScorer matches documents holding every term, then counts the
// positions where the terms line up (Lucene's ExactPhraseMatcher).
type phraseScorer struct {
	phraseDocs
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
		d, ok := s.conjunction(target, s.dl) // false too once out of time (timeout.go)
		if !ok {
			s.doc = int64(noMoreDocs)
			if s.err == nil {
				s.err = s.postingsErr()
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
		if s.dl.tick() {
			return 0 // out of time: from stops at its next tick
		}
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
