package search

import (
	"cmp"
	"container/heap"
	"fmt"
	"slices"
	"sync"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
	"github.com/contractsearch/contractsearch/internal/engine/postings"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/internal/engine/similarity"
	"github.com/contractsearch/contractsearch/internal/engine/termdict"
)

// Multi-term queries: prefix, term set and fuzzy.
//
// Prefix and term set queries score every match with their boost, so they
// need no index-wide statistics: each segment's scorer looks its own terms
// up. Up to booleanTermThreshold terms are merged with a heap of postings
// iterators, more into a bit set, as Lucene's constant-score rewrites do;
// either way only the set of documents matters.
//
// A fuzzy query is scored: it rewrites, over the whole index, to its best
// terms, and each gets BM25 with blended statistics (see fuzzyWeight).

// booleanTermThreshold is Lucene's
// AbstractMultiTermQueryConstantScoreWrapper.BOOLEAN_REWRITE_TERM_COUNT_THRESHOLD.
const booleanTermThreshold = 16

// maxClauseCount is IndexSearcher's default maximum clause count, which
// caps a fuzzy query's expansions.
const maxClauseCount = 1024

// defaultMaxExpansions is FuzzyQuery.defaultMaxExpansions.
const defaultMaxExpansions = 50

// constTermsWeightT matches the documents holding any of a segment's
// matching terms of one field, with a constant score.
type constTermsWeightT struct {
	field string
	// desc is the query's text (without its boost), for explanations.
	desc  string
	dl    *deadline
	score float32
	// Exactly one of prefix and terms selects the terms.
	prefix []byte
	terms  [][]byte // sorted, distinct
	// index and exp remember a prefix's terms and documents per segment
	// for the rest of the search (expansions).
	index string
	exp   *expansions
}

func prefixWeight(q *PrefixQuery, ix *Index, boost float32) weight {
	return &constTermsWeightT{field: q.Field, desc: describeUnboosted(q), dl: ix.dl, score: boost, prefix: []byte(q.Prefix), index: ix.Name, exp: ix.expansions}
}

func termSetWeight(q *TermSetQuery, ix *Index, boost float32) weight {
	terms := slices.Clone(q.Terms)
	slices.Sort(terms)
	terms = slices.Compact(terms)
	if len(terms) == 0 {
		return noMatch{}
	}
	w := &constTermsWeightT{field: q.Field, desc: describeUnboosted(q), dl: ix.dl, score: boost, terms: make([][]byte, len(terms))}
	for i, t := range terms {
		w.terms[i] = []byte(t)
	}
	return w
}

func (w *constTermsWeightT) scorer(segNum int, seg *segment.Segment) (Scorer, error) {
	f := seg.Field(w.field)
	if f == nil {
		return nil, nil
	}
	var terms *segmentTerms
	var err error
	if w.terms != nil {
		terms, err = setTerms(f, w.terms)
	} else {
		terms, err = w.exp.prefix(w.index, segNum, f, w.prefix, w.dl)
	}
	if err != nil || terms == nil || len(terms.metas) == 0 {
		return nil, err
	}
	metas := terms.metas
	if len(metas) <= booleanTermThreshold {
		scorers := make([]Scorer, len(metas))
		for i, m := range metas {
			it, err := openPostings(f, m)
			if err != nil {
				return nil, err
			}
			scorers[i] = &docsScorer{it: it}
		}
		if len(scorers) == 1 {
			return &constScorer{inner: scorers[0], score: w.score}, nil
		}
		d := newDisjunction(scorers, combineConst, 0, w.score)
		d.dl = w.dl
		return d, nil
	}
	return &bitsetScorer{f: f, metas: metas, maxDoc: seg.MaxDoc, dl: w.dl, cost: terms.cost, doc: -1, score: w.score, shared: terms}, nil
}

// segmentTerms are the terms a multi-term query selects in one segment's
// field: their postings metadata, their summed document frequencies and,
// once a bitsetScorer has read them, the set of their documents.
type segmentTerms struct {
	metas [][]byte
	cost  int
	words []uint64 // nil until built whole
}

// setTerms looks the sorted terms up in f's dictionary.
func setTerms(f *segment.Field, terms [][]byte) (*segmentTerms, error) {
	st := &segmentTerms{}
	for _, t := range terms {
		info, ok, err := f.Terms.Get(t)
		if err != nil {
			return nil, err
		}
		if ok {
			st.metas = append(st.metas, info.Meta)
			st.cost += int(info.DocFreq)
		}
	}
	return st, nil
}

// prefixTerms enumerates the terms of f starting with prefix; nil when
// the search runs out of time.
func prefixTerms(f *segment.Field, prefix []byte, dl *deadline) (*segmentTerms, error) {
	st := &segmentTerms{}
	it := f.Terms.Prefix(prefix)
	for it.Next() {
		if dl.tick() {
			return nil, nil // out of time (timeout.go)
		}
		st.metas = append(st.metas, it.Info().Meta)
		st.cost += int(it.DocFreq())
	}
	if err := it.Err(); err != nil {
		return nil, err
	}
	return st, nil
}

// build sets the bits of every document of the terms' postings: on the
// first move, so that a scorer pruning ends before it (a disjunction
// whose clauses cannot beat the minimum) never reads them. Out of time,
// it stops with what it has and reports the deadline (timeout.go).
func (b *bitsetScorer) build() {
	if b.shared != nil && b.shared.words != nil {
		b.words, b.metas = b.shared.words, nil
		return
	}
	b.words = make([]uint64, (b.maxDoc+63)/64)
	var it *postings.Iterator
	for _, m := range b.metas {
		var err error
		if it, err = reopenPostings(b.f, m, it); err != nil {
			b.err = err
			return
		}
		for it.Next() {
			if b.dl.tick() {
				b.err = b.dl.cause()
				return
			}
			d := it.DocID()
			b.words[d>>6] |= 1 << (d & 63)
		}
		if err := it.Err(); err != nil {
			b.err = fmt.Errorf("field %s: %w", b.f.Name, err)
			return
		}
	}
	b.metas = nil
	if b.shared != nil {
		b.shared.words = b.words // whole: the next clause of the search reads it
	}
}

// reopenPostings is openPostings reusing an iterator (nil for a new one).
func reopenPostings(f *segment.Field, meta []byte, reuse *postings.Iterator) (*postings.Iterator, error) {
	d := encoding.NewDecbuf(meta)
	m := postings.DecodeTermMeta(&d, f.IndexOptions())
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("field %s: term metadata: %w", f.Name, err)
	}
	return f.Postings.Postings(m, reuse), nil
}

// docsScorer iterates a term's documents without scoring them.
type docsScorer struct{ it *postings.Iterator }

func (s *docsScorer) Next() bool            { return s.it.Next() }
func (s *docsScorer) Advance(t uint32) bool { return s.it.Advance(t) }
func (s *docsScorer) DocID() uint32         { return s.it.DocID() }
func (s *docsScorer) Score() float32        { return 0 }
func (s *docsScorer) Err() error            { return s.it.Err() }

// fuzzyWeightT is a fuzzy query rewritten to two or more terms: a
// BooleanQuery of SHOULD term clauses whose scores add up.
type fuzzyWeightT struct {
	terms []weight // *termWeightT, one per kept term
	// flat reports whether Lucene may inline the terms into a parent
	// disjunction: no BoostQuery wraps the fuzzy query.
	flat bool
	dl   *deadline
}

// fuzzyCandidate is a term within the edit distance, with its statistics
// summed over the index's segments.
type fuzzyCandidate struct {
	term    string
	boost   float32
	docFreq int64
	metas   [][]byte
}

// fuzzyWeight rewrites a fuzzy query the way Lucene's FuzzyQuery does with
// its default rewrite, TopTermsBlendedFreqScoringRewrite(maxExpansions):
//
//  1. Every term of the field within MaxEdits of Term (after the first
//     PrefixLength code points, which must be equal) gets the boost
//     FuzzyTermsEnum gives it: 1 for the term itself, else
//     1 − edits/min(code points of the term, code points of Term) in
//     float32 — zero or negative when the edits reach the shorter length.
//  2. The MaxExpansions best terms are kept, by boost then term bytes
//     (TopTermsRewrite's queue, here too a queue of that size, so a short
//     term's thousands of neighbours cost no memory). Lucene also lowers
//     the enumerated edit distance once its queue is full of terms no
//     longer-distance term could beat; that changes no winner, so every
//     term within MaxEdits is enumerated here.
//  3. BlendedTermQuery gives every kept term the same document frequency,
//     the largest of theirs (so the rarest variant does not win on idf
//     alone), and a boost of max(0, boost).
//  4. The result is a BooleanQuery of SHOULD clauses: the score is the sum
//     of BM25(boost · termBoost, blended docFreq) over the kept terms the
//     document holds; a term with boost 0 matches and adds 0.
//
// Lucene 8.8 and Lucene 10 agree on all of this (FuzzyTermsEnum.next, the
// queue, BlendedTermQuery.rewrite, Math.max(0, boost)); Lucene 10 only
// builds the automata differently.
func fuzzyWeight(q *FuzzyQuery, ix *Index, boost float32) (weight, error) {
	if q.MaxEdits < 0 || q.MaxEdits > termdict.MaxEdits {
		return nil, fmt.Errorf("fuzzy query on %s: max edits %d is not in [0, %d]", q.Field, q.MaxEdits, termdict.MaxEdits)
	}
	if q.PrefixLength < 0 {
		return nil, fmt.Errorf("fuzzy query on %s: negative prefix length %d", q.Field, q.PrefixLength)
	}
	maxExp := q.MaxExpansions
	switch {
	case maxExp < 0:
		return nil, fmt.Errorf("fuzzy query on %s: negative max expansions %d", q.Field, maxExp)
	case maxExp == 0:
		maxExp = defaultMaxExpansions
	}
	maxExp = min(maxExp, maxClauseCount)
	if q.MaxEdits == 0 || q.Term == "" {
		// Lucene enumerates the term alone (a SingleTermsEnum for 0 edits;
		// for an empty term FuzzyTermsEnum drops to 0 edits at once, since
		// 1 − edits/0 is −∞) with boost 1: a plain term query.
		return termWeight(&TermQuery{Field: q.Field, Term: q.Term}, ix, boost)
	}
	key := fuzzyKey{term: q.Term, edits: q.MaxEdits, transpositions: q.Transpositions, prefix: q.PrefixLength}
	ft, err := ix.expansions.fuzzy(ix, q.Field, key, maxExp)
	if err != nil {
		return nil, fmt.Errorf("fuzzy query on %s: %w", q.Field, err)
	}
	if ft == nil || len(ft.cands) == 0 {
		return noMatch{}, nil // no term within reach, or out of time (timeout.go)
	}
	cands := ft.cands
	var blendedDF int64
	for _, c := range cands {
		blendedDF = max(blendedDF, c.docFreq)
	}
	field := similarity.DefaultBM25().NewField(ft.sumTTF, ft.docCount)
	terms := make([]weight, len(cands))
	for i, c := range cands {
		terms[i] = &termWeightT{field: q.Field, term: c.term, metas: c.metas, sim: field.Term(boost*max(0, c.boost), blendedDF)}
	}
	if len(terms) == 1 {
		// A one-clause BooleanQuery rewrites to its clause.
		return terms[0], nil
	}
	return &fuzzyWeightT{terms: terms, flat: effectiveBoost(q.Boost) == 1, dl: ix.dl}, nil
}

// fuzzyQueue is a heap of fuzzy candidates with the worst on top: the
// lowest boost, then the greatest term.
type fuzzyQueue []*fuzzyCandidate

func (q fuzzyQueue) Len() int { return len(q) }
func (q fuzzyQueue) Less(i, j int) bool {
	if q[i].boost != q[j].boost {
		return q[i].boost < q[j].boost
	}
	return q[i].term > q[j].term
}
func (q fuzzyQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *fuzzyQueue) Push(x any)   { *q = append(*q, x.(*fuzzyCandidate)) }
func (q *fuzzyQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// fuzzyBoost is FuzzyTermsEnum's boost of a term at edits edits from the
// query term, the term having termLen code points and the query queryLen:
// 1 − edits/min(termLen, queryLen), in float32 (−∞ for an empty term).
func fuzzyBoost(edits, termLen, queryLen int) float32 {
	if edits == 0 {
		return 1
	}
	return 1 - float32(float32(edits)/float32(min(termLen, queryLen)))
}

func (w *fuzzyWeightT) scorer(segNum int, seg *segment.Segment) (Scorer, error) {
	return disjunctionOf(w.dl, w.terms, segNum, seg, combineSum, 0, 0)
}

func (w *fuzzyWeightT) disjunctionClauses() []weight {
	if w.flat {
		return w.terms
	}
	return nil
}

// fuzzyKey is what a fuzzy query's automaton depends on.
type fuzzyKey struct {
	term           string
	edits          int
	transpositions bool
	prefix         int
}

// fuzzyTerms is a fuzzy query's rewrite over one index's field: the kept
// terms, best first, and the field's statistics.
type fuzzyTerms struct {
	cands            []*fuzzyCandidate
	docCount, sumTTF int64
}

// expansions remembers, for one search, the multi-term rewrites it has
// made. Form A's expansion searches each word of q in several clauses (the
// words, every word, the best section, …), each over several fields, so
// the same fuzzy term used to be enumerated against the same dictionary
// two or three times per field, and a prefix's bit set built again for
// every clause; now once. The fuzzy automaton, which depends on the term
// alone, is built once for every field and index, and keeps the states
// the dictionaries made it visit. A search's indexes build their weights
// at the same time (parallel.go), so the maps are read and written under
// mu, and an automaton, which grows as it walks, walks one dictionary at
// a time (sharedAutomaton); every other entry belongs to one index (its
// key names it), which one goroutine searches. The maps are made on
// first use, so a search without multi-term queries pays for none. A nil
// *expansions (weights built outside a search) remembers nothing.
type expansions struct {
	mu       sync.Mutex
	automata map[fuzzyKey]*sharedAutomaton
	terms    map[fuzzyTermsKey]*fuzzyTerms
	prefixes map[prefixKey]*segmentTerms
}

// sharedAutomaton is a fuzzy automaton the indexes of a search share.
type sharedAutomaton struct {
	mu  sync.Mutex
	aut *termdict.FuzzyAutomaton
}

type prefixKey struct {
	index         string
	segment       int
	field, prefix string
}

type fuzzyTermsKey struct {
	index, field string
	key          fuzzyKey
	maxExp       int
}

// prefix returns the terms of the segment's field f starting with prefix,
// enumerated now or earlier in the search, with the set of their
// documents once a scorer has built it; nil when the search ran out of
// time while enumerating (nothing is remembered then).
func (e *expansions) prefix(index string, segNum int, f *segment.Field, prefix []byte, dl *deadline) (*segmentTerms, error) {
	if e == nil {
		return prefixTerms(f, prefix, dl)
	}
	k := prefixKey{index: index, segment: segNum, field: f.Name, prefix: string(prefix)}
	e.mu.Lock()
	st, ok := e.prefixes[k]
	e.mu.Unlock()
	if ok {
		return st, nil
	}
	st, err := prefixTerms(f, prefix, dl)
	if err == nil && st != nil {
		remember(&e.mu, &e.prefixes, k, st)
	}
	return st, err
}

// fuzzy returns the rewrite of the fuzzy term key over ix's field, made
// now or earlier in the search; nil when the search ran out of time while
// enumerating (nothing is remembered then).
func (e *expansions) fuzzy(ix *Index, field string, key fuzzyKey, maxExp int) (*fuzzyTerms, error) {
	if e == nil {
		aut, err := key.compile()
		if err != nil {
			return nil, err
		}
		return enumerateFuzzy(ix, field, aut, utf8.RuneCountInString(key.term), maxExp)
	}
	tk := fuzzyTermsKey{index: ix.Name, field: field, key: key, maxExp: maxExp}
	sa, ft, err := e.automaton(tk)
	if ft != nil || err != nil {
		return ft, err
	}
	sa.mu.Lock()
	ft, err = enumerateFuzzy(ix, field, sa.aut, utf8.RuneCountInString(key.term), maxExp)
	sa.mu.Unlock()
	if err == nil && ft != nil {
		remember(&e.mu, &e.terms, tk, ft)
	}
	return ft, err
}

// remember stores v under k in *m, made on first use, holding mu.
func remember[K comparable, V any](mu *sync.Mutex, m *map[K]V, k K, v V) {
	mu.Lock()
	defer mu.Unlock()
	if *m == nil {
		*m = map[K]V{}
	}
	(*m)[k] = v
}

// automaton returns tk's rewrite when the search has made it, else the
// automaton of its term, compiled now or earlier in the search.
func (e *expansions) automaton(tk fuzzyTermsKey) (*sharedAutomaton, *fuzzyTerms, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if ft, ok := e.terms[tk]; ok {
		return nil, ft, nil
	}
	if sa, ok := e.automata[tk.key]; ok {
		return sa, nil, nil
	}
	aut, err := tk.key.compile()
	if err != nil {
		return nil, nil, err
	}
	if e.automata == nil {
		e.automata = map[fuzzyKey]*sharedAutomaton{}
	}
	sa := &sharedAutomaton{aut: aut}
	e.automata[tk.key] = sa
	return sa, nil, nil
}

// compile builds the automaton of key's term.
func (key fuzzyKey) compile() (*termdict.FuzzyAutomaton, error) {
	return termdict.CompileFuzzy(key.term, key.edits, key.transpositions, key.prefix)
}

// enumerateFuzzy walks every segment's dictionary of field with aut and
// keeps the maxExp best terms (fuzzyWeight's steps 1 and 2); nil when the
// search runs out of time.
func enumerateFuzzy(ix *Index, field string, aut *termdict.FuzzyAutomaton, termLen, maxExp int) (*fuzzyTerms, error) {
	var docCount, sumTTF int64
	// The best maxExp terms so far, worst on top, as TopTermsRewrite's
	// queue: a term that does not beat the worst, or loses its place, can
	// never come back (a term's boost is the same in every segment and the
	// worst only improves), so memory stays bounded by maxExp whatever
	// the dictionary, and the kept terms are those a full ranking keeps,
	// each with its statistics from every segment.
	queue := make(fuzzyQueue, 0, min(maxExp, 64))
	index := map[string]*fuzzyCandidate{}
	var it termdict.Iterator
	for segNum, seg := range ix.Segments {
		f := seg.Field(field)
		if f == nil {
			continue
		}
		docCount += int64(f.DocCount)
		sumTTF += int64(f.SumTotalTermFreq)
		for it.ResetIntersect(f.Terms, aut); it.Next(); {
			if ix.dl.tick() {
				return nil, nil // out of time: the search stops (timeout.go)
			}
			t := it.Term()
			c, ok := index[string(t)]
			if !ok {
				b := fuzzyBoost(it.Distance(), utf8.RuneCount(t), termLen)
				if len(queue) == maxExp {
					worst := queue[0]
					if b < worst.boost || b == worst.boost && string(t) > worst.term {
						continue
					}
					heap.Pop(&queue)
					delete(index, worst.term)
				}
				c = &fuzzyCandidate{term: string(t), boost: b, metas: make([][]byte, len(ix.Segments))}
				heap.Push(&queue, c)
				index[c.term] = c
			}
			c.docFreq += int64(it.DocFreq())
			c.metas[segNum] = it.Info().Meta
		}
		if err := it.Err(); err != nil {
			return nil, err
		}
	}
	cands := []*fuzzyCandidate(queue)
	slices.SortFunc(cands, func(a, b *fuzzyCandidate) int {
		if c := cmp.Compare(b.boost, a.boost); c != 0 {
			return c
		}
		return cmp.Compare(a.term, b.term)
	})
	return &fuzzyTerms{cands: cands, docCount: docCount, sumTTF: sumTTF}, nil
}
