package search

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/internal/engine/similarity"
)

// Explanations: OpenSearch's explain runs Lucene's IndexSearcher.explain
// on the shard's rewritten query for each hit of the page, and returns
// the Explanation tree as `_explanation`. Each weight explains itself as
// the Lucene weight it stands for does, so the tree has Lucene 10's nodes
// and texts, and every value is computed with the arithmetic the scorers
// use: an explanation's value is the hit's score, bit for bit.
//
// What the tree follows, beyond the leaves' own texts:
//
//   - The rewritten query: nested disjunctions are inlined (flatten.go), a
//     BooleanQuery of one clause is that clause (a lone filter a
//     zero-boosted ConstantScore), "+*:* #filter" becomes a ConstantScore
//     of its filters, and a fuzzy query is its expanded terms.
//   - Clauses that do not score (filter, must_not, the child of a nested
//     query in score mode none): OpenSearch's searcher has a query cache,
//     whose wrapper weight explains any non-scoring weight as a constant
//     1 with the query's text ("1.0 = category.value:x"), however the
//     query would score.
//   - The shard's query: on an index with nested mappings OpenSearch adds a
//     FieldExistsQuery on _primary_term as a filter when the query might
//     match nested documents (Target.NonNestedFilter).
//
// Document numbers in "weight(q in N)" are the segment's own (Lucene's
// leaf-relative number); block-join ranges add the segment's base in the
// index, as ToParentBlockJoinQuery's explanation does.

// similarityName is the simple class name of OpenSearch's searcher
// similarity (SimilarityService.PerFieldSimilarity), which TermWeight and
// PhraseWeight print in their explanations. (The reference oracle, plain
// Lucene, prints BM25Similarity.)
const similarityName = "PerFieldSimilarity"

// nonNestedFilter is the text of Queries.newNonNestedFilter in OpenSearch
// 3 (Lucene 10's FieldExistsQuery; Lucene 8 called it
// DocValuesFieldExistsQuery).
const nonNestedFilter = "FieldExistsQuery [field=_primary_term]"

// explainCtx carries what explanations need beyond the weight: the
// segment's first document number in the index.
type explainCtx struct {
	docBase uint32
}

// scorerAt returns w's scorer in a segment positioned on doc, or nil when
// doc does not match.
func scorerAt(w weight, segNum int, seg *segment.Segment, doc uint32) (Scorer, error) {
	sc, err := w.scorer(segNum, seg)
	if err != nil || sc == nil {
		return nil, err
	}
	if !sc.Advance(doc) || sc.DocID() != doc {
		return nil, sc.Err()
	}
	return sc, nil
}

// caret is ConstantScoreWeight's suffix for a score other than 1.
func caret(score float32) string {
	if score == 1 {
		return ""
	}
	return "^" + similarity.JavaFloatString(score)
}

// constantExplain explains a ConstantScoreWeight: the query's text, with
// the score when it is not 1.
func constantExplain(w weight, desc string, score float32, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	sc, err := scorerAt(w, segNum, seg, doc)
	if err != nil {
		return similarity.Explanation{}, err
	}
	if sc == nil {
		return similarity.NoMatch(desc + " doesn't match id " + strconv.FormatUint(uint64(doc), 10)), nil
	}
	return similarity.Match(similarity.Float(score), desc+caret(score)), nil
}

// cachedExplain explains a clause that does not score, as Lucene's query
// cache wrapper (a ConstantScoreWeight of score 1) does.
func cachedExplain(w weight, q Query, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	return constantExplain(w, rewrittenString(q), 1, segNum, seg, doc)
}

// rewrittenString is the text of the query Lucene's rewrite makes of q
// where the engine keeps a node Lucene replaces (luceneRewrite).
func rewrittenString(q Query) string { return Describe(luceneRewrite(q)) }

// describeUnboosted renders q without its own boost: what a Lucene query
// under a BoostQuery prints.
func describeUnboosted(q Query) string {
	switch q.(type) {
	case *TermQuery, *PhraseQuery, *PrefixQuery, *TermSetQuery, *RangeQuery, *ConstantScoreQuery, *MatchAllQuery:
		var b strings.Builder
		describeNode(&b, q, false)
		return b.String()
	}
	return Describe(q)
}

func (noMatch) explain(*explainCtx, int, *segment.Segment, uint32) (similarity.Explanation, error) {
	return similarity.NoMatch("no matching term"), nil
}

func (w *termWeightT) explain(_ *explainCtx, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	sc, err := scorerAt(w, segNum, seg, doc)
	if err != nil {
		return similarity.Explanation{}, err
	}
	if sc == nil {
		return similarity.NoMatch("no matching term"), nil
	}
	ts := sc.(*termScorer)
	norm := similarity.NoNorms
	if ts.norms != nil {
		norm = ts.norms[doc]
	}
	e := w.sim.Explain(similarity.FreqExplanation(float32(ts.it.Freq())), norm)
	return similarity.Match(e.Value, weightDesc(w.field+":"+w.term, doc), e), nil
}

// weightDesc is TermWeight's and PhraseWeight's description.
func weightDesc(query string, doc uint32) string {
	return "weight(" + query + " in " + strconv.FormatUint(uint64(doc), 10) + ") [" + similarityName + "], result of:"
}

// phraseExplain is PhraseWeight.explain for a phrase of frequency freq.
func phraseExplain(sim *similarity.TermScorer, desc string, norms []byte, doc uint32, freq float32) similarity.Explanation {
	fe := similarity.Match(similarity.Float(freq), "phraseFreq="+similarity.JavaFloatString(freq))
	e := sim.Explain(fe, norms[doc])
	return similarity.Match(e.Value, weightDesc(desc, doc), e)
}

func (w *phraseWeightT) explain(_ *explainCtx, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	sc, err := scorerAt(w, segNum, seg, doc)
	if err != nil {
		return similarity.Explanation{}, err
	}
	if sc == nil {
		return similarity.NoMatch("no matching terms"), nil
	}
	ps := sc.(*phraseScorer)
	return phraseExplain(&w.sim, w.desc, ps.norms, doc, float32(ps.phraseFreq())), nil
}

func (w *sloppyWeightT) explain(_ *explainCtx, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	sc, err := scorerAt(w, segNum, seg, doc)
	if err != nil {
		return similarity.Explanation{}, err
	}
	if sc == nil {
		return similarity.NoMatch("no matching terms"), nil
	}
	ps := sc.(*sloppyScorer)
	return phraseExplain(&w.sim, w.desc, ps.norms, doc, ps.phraseFreq()), nil
}

func (w *matchAllWeight) explain(_ *explainCtx, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	return constantExplain(w, "*:*", w.score, segNum, seg, doc)
}

func (w *constTermsWeightT) explain(_ *explainCtx, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	return constantExplain(w, w.desc, w.score, segNum, seg, doc)
}

func (w *rangeWeightT) explain(_ *explainCtx, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	return constantExplain(w, w.desc, w.score, segNum, seg, doc)
}

func (w *constantScoreWeightT) explain(_ *explainCtx, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	return constantExplain(w, w.desc, w.score, segNum, seg, doc)
}

// explain is FeatureQuery's: the function's own explanation of the
// document's feature value.
func (w *featureWeightT) explain(_ *explainCtx, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	desc := "weight(" + Describe(&RankFeatureQuery{Field: w.field, Function: functionOf(w.fn)}) + " in " + strconv.FormatUint(uint64(doc), 10) + ") [" + w.fn.String() + "]"
	sc, err := scorerAt(w, segNum, seg, doc)
	if err != nil {
		return similarity.Explanation{}, err
	}
	if sc == nil {
		return similarity.NoMatch(desc + ". Feature " + w.field + " isn't set."), nil
	}
	freq := uint32(sc.(*featureScorer).cur.Value(0))
	return w.fn.Explain("_feature", w.field, w.w, freq), nil
}

// functionOf maps a similarity function back to the query's, for its text.
func functionOf(fn similarity.FeatureFunction) FeatureFunction {
	switch f := fn.(type) {
	case similarity.Saturation:
		p := f.Pivot()
		return Saturation{Pivot: &p}
	case similarity.Log:
		return Log{ScalingFactor: f.ScalingFactor()}
	case similarity.Sigmoid:
		return Sigmoid{Pivot: f.Pivot(), Exponent: f.Exp()}
	}
	return Linear{}
}

// explainSum explains a disjunction of scoring clauses (a BooleanQuery of
// SHOULD clauses): the matching clauses, valued with the scorer's sum.
func explainSum(x *explainCtx, w weight, clauses []weight, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	sc, err := scorerAt(w, segNum, seg, doc)
	if err != nil {
		return similarity.Explanation{}, err
	}
	var subs []similarity.Explanation
	for _, c := range clauses {
		e, err := c.explain(x, segNum, seg, doc)
		if err != nil {
			return similarity.Explanation{}, err
		}
		if e.Match {
			subs = append(subs, e)
		}
	}
	if sc == nil {
		return similarity.NoMatch("No matching clauses", subs...), nil
	}
	return similarity.Match(similarity.Float(sc.Score()), "sum of:", subs...), nil
}

func (w *fuzzyWeightT) explain(x *explainCtx, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	return explainSum(x, w, w.terms, segNum, seg, doc)
}

// explain is DisjunctionMaxWeight's, or BooleanWeight's for tie 1 (which
// Lucene rewrites to a BooleanQuery of SHOULD clauses).
func (w *disMaxWeightT) explain(x *explainCtx, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	if w.mode == combineSum {
		return explainSum(x, w, w.disjuncts, segNum, seg, doc)
	}
	var subs []similarity.Explanation
	var maxScore, otherSum float64
	for _, d := range w.disjuncts {
		e, err := d.explain(x, segNum, seg, doc)
		if err != nil {
			return similarity.Explanation{}, err
		}
		if !e.Match {
			continue
		}
		subs = append(subs, e)
		s := float64(e.Value.Float32())
		if s >= maxScore {
			otherSum += maxScore
			maxScore = s
		} else {
			otherSum += s
		}
	}
	if len(subs) == 0 {
		return similarity.NoMatch("No matching clause"), nil
	}
	desc := "max of:"
	if w.tie != 0 {
		desc = "max plus " + similarity.JavaFloatString(w.tie) + " times others of:"
	}
	return similarity.Match(similarity.Float(float32(maxScore+otherSum*float64(w.tie))), desc, subs...), nil
}

// loneDisMax is a DisjunctionMaxQuery of which one disjunct can match in
// the index: it scores as the disjunct, but Lucene keeps the query, and so
// a node of its own in explanations. Like opaque, it is never inlined.
type loneDisMax struct {
	weight
	tie float32
}

func (d loneDisMax) explain(x *explainCtx, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	e, err := d.weight.explain(x, segNum, seg, doc)
	if err != nil || !e.Match {
		return e, err
	}
	desc := "max of:"
	if d.tie != 0 {
		desc = "max plus " + similarity.JavaFloatString(d.tie) + " times others of:"
	}
	return similarity.Match(similarity.Float(float32(float64(e.Value.Float32()))), desc, e), nil
}

func (o opaque) explain(x *explainCtx, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	return o.weight.explain(x, segNum, seg, doc)
}

// filterClause is BooleanWeight's node for a matching FILTER clause.
func filterClause(e similarity.Explanation) similarity.Explanation {
	return similarity.Match(similarity.Float(0), "match on required clause, product of:",
		similarity.Match(similarity.Float(0), "# clause"), e)
}

// explain is BooleanWeight's, on the query Lucene's rewrite leaves
// (luceneBoolTop): a one-clause query explains as its clause, match-all
// filters Lucene removes are left out, and "+*:* #f…" explains as a
// ConstantScoreQuery of its filters.
func (w *boolWeightT) explain(x *explainCtx, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	q := w.q
	lb := luceneBoolTop(q, true)
	switch {
	case lb.lone && lb.occur == OccurMust:
		return w.must[lb.index].explain(x, segNum, seg, doc)
	case lb.lone && lb.occur == OccurShould && len(w.should) == 1:
		// A should clause inlined as several (flatten.go) explains as
		// their sum, below.
		return w.should[0].explain(x, segNum, seg, doc)
	case lb.lone && lb.occur == OccurFilter:
		// A ConstantScoreQuery with boost 0.
		return constantExplain(w, "ConstantScore("+rewrittenString(lb.clause)+")", 0, segNum, seg, doc)
	case lb.matchAll != nil:
		return w.explainMatchAllFilters(x, lb.matchAll, segNum, seg, doc)
	}
	sc, err := scorerAt(w, segNum, seg, doc)
	if err != nil {
		return similarity.Explanation{}, err
	}
	var subs []similarity.Explanation
	for _, c := range w.must {
		e, err := c.explain(x, segNum, seg, doc)
		if err != nil {
			return similarity.Explanation{}, err
		}
		if e.Match {
			subs = append(subs, e)
		}
	}
	for i, c := range w.mustNot {
		e, err := cachedExplain(c, q.MustNot[i], segNum, seg, doc)
		if err != nil {
			return similarity.Explanation{}, err
		}
		if e.Match {
			subs = append(subs, similarity.NoMatch("match on prohibited clause ("+Describe(q.MustNot[i])+")", e))
		}
	}
	for _, c := range w.should {
		e, err := c.explain(x, segNum, seg, doc)
		if err != nil {
			return similarity.Explanation{}, err
		}
		if e.Match {
			subs = append(subs, e)
		}
	}
	for i, c := range w.filter {
		if !lb.kept[i] {
			continue
		}
		e, err := cachedExplain(c, q.Filter[i], segNum, seg, doc)
		if err != nil {
			return similarity.Explanation{}, err
		}
		if e.Match {
			subs = append(subs, filterClause(e))
		}
	}
	if sc == nil {
		return similarity.NoMatch("Failure to meet condition(s) of required/prohibited clause(s)", subs...), nil
	}
	return similarity.Match(similarity.Float(sc.Score()), "sum of:", subs...), nil
}

// explainMatchAllFilters explains "+*:* #f… -n… s…": Lucene rewrites the
// match-all and the filters to a ConstantScoreQuery of the filters (and
// exclusions) with the match-all's boost, keeping the should clauses.
func (w *boolWeightT) explainMatchAllFilters(x *explainCtx, ma *MatchAllQuery, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	score := effectiveBoost(ma.Boost) * w.boost
	csq, err := constantExplain(w, "ConstantScore("+constantFiltersText(w.q)+")", score, segNum, seg, doc)
	if err != nil || len(w.should) == 0 {
		return csq, err
	}
	sc, err := scorerAt(w, segNum, seg, doc)
	if err != nil {
		return similarity.Explanation{}, err
	}
	subs := []similarity.Explanation{csq}
	for _, c := range w.should {
		e, err := c.explain(x, segNum, seg, doc)
		if err != nil {
			return similarity.Explanation{}, err
		}
		if e.Match {
			subs = append(subs, e)
		}
	}
	if sc == nil {
		return similarity.NoMatch("Failure to meet condition(s) of required/prohibited clause(s)", subs...), nil
	}
	return similarity.Match(similarity.Float(sc.Score()), "sum of:", subs...), nil
}

// scoreModeNames are Lucene's join ScoreMode names, which the block-join
// explanation prints.
var scoreModeNames = [...]string{ScoreAvg: "Avg", ScoreMax: "Max", ScoreMin: "Min", ScoreSum: "Total", ScoreNone: "None"}

// explain is ToParentBlockJoinQuery's: the number of matching children,
// the range of the record's children (numbers in the index), the score
// mode, and the best child's explanation (the worst for min).
func (w *nestedWeightT) explain(x *explainCtx, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	sc, err := scorerAt(w, segNum, seg, doc)
	if err != nil {
		return similarity.Explanation{}, err
	}
	if sc == nil {
		return similarity.NoMatch("Not a match"), nil
	}
	_, first := seg.Parent(doc)
	var best *similarity.Explanation
	matches := 0
	for c := first; c < doc; c++ {
		e, err := w.childExplain(x, segNum, seg, c)
		if err != nil {
			return similarity.Explanation{}, err
		}
		if !e.Match {
			continue
		}
		matches++
		v := e.Value.Float32()
		if best == nil || (w.mode == ScoreMin && v < best.Value.Float32()) || (w.mode != ScoreMin && v > best.Value.Float32()) {
			best = &e
		}
	}
	desc := fmt.Sprintf("Score based on %d child docs in range from %d to %d, using score mode %s",
		matches, x.docBase+first, x.docBase+doc-1, scoreModeNames[w.mode])
	var subs []similarity.Explanation
	if best != nil {
		subs = append(subs, *best)
	}
	return similarity.Match(similarity.Float(sc.Score()), desc, subs...), nil
}

// childExplain explains one child as the child weight OpenSearch builds:
// the inner query, with NestedQueryBuilder's _nested_path filter when the
// query might match other documents; in score mode none the child weight
// is a ConstantScoreQuery of boost 0.
func (w *nestedWeightT) childExplain(x *explainCtx, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error) {
	wrapped := withNestedPathFilter(w.q)
	if wrapped != nil && w.mode != ScoreNone {
		// "+*:* #_nested_path:p" rewrites to a ConstantScoreQuery of the
		// filter, with the match-all's boost (the weight's score).
		ma, ok := w.inner.(*matchAllWeight)
		if ok && luceneBoolTop(wrapped, true).matchAll != nil {
			return constantExplain(w.inner, "ConstantScore("+constantFiltersText(wrapped)+")", ma.score, segNum, seg, doc)
		}
	}
	if w.mode == ScoreNone {
		text := rewrittenString(rewriteNoScoring(w.q.Query))
		if wrapped != nil {
			text = "#" + clauseString(w.q.Query) + " #_nested_path:" + w.q.Path
		}
		return constantExplain(w.inner, "ConstantScore("+text+")", 0, segNum, seg, doc)
	}
	e, err := w.inner.explain(x, segNum, seg, doc)
	if err != nil || !e.Match || wrapped == nil {
		return e, err
	}
	path := similarity.Match(similarity.Float(1), "_nested_path:"+w.q.Path)
	return similarity.Match(e.Value, "sum of:", e, filterClause(path)), nil
}

// clauseString renders q as a clause of a BooleanQuery (sub-booleans in
// parentheses).
func clauseString(q Query) string {
	s := rewrittenString(q)
	if d, ok := q.(*DisMaxQuery); ok && d.TieBreaker == 1 && len(d.Disjuncts) > 1 && effectiveBoost(d.Boost) == 1 {
		return "(" + s + ")"
	}
	if isBooleanQuery(q) {
		return "(" + s + ")"
	}
	return s
}

// addExplanations explains every hit of the page with its index's query,
// as OpenSearch's fetch phase does when the request asks to explain. When
// dl stops the work, the page is cut before the first hit left without
// its explanation and dl's cause is returned.
func addExplanations(dl *deadline, res *Result, targets []Target, indexes map[string]*Index) error {
	weights := map[string]weight{}
	for i := range res.Hits {
		h := &res.Hits[i]
		ix := indexes[h.Index]
		var t *Target
		for j := range targets {
			if targets[j].Index == h.Index {
				t = &targets[j]
				break
			}
		}
		if ix == nil || t == nil || h.Segment < 0 || h.Segment >= len(ix.Segments) {
			return fmt.Errorf("explain: hit %s of index %s: no such segment", h.ID, h.Index)
		}
		w, ok := weights[h.Index]
		var err error
		if !ok {
			if w, err = createWeight(t.Query, ix, 1); err != nil {
				return fmt.Errorf("explain: index %s: %w", h.Index, err)
			}
			weights[h.Index] = w
		}
		var e similarity.Explanation
		if !dl.tick() {
			e, err = explainTop(t, ix, w, h.Segment, h.Doc)
		}
		if dl.stopped() {
			// A weight or scorer that saw the deadline gives no
			// explanation worth returning.
			res.Hits = res.Hits[:i]
			return dl.cause()
		}
		if err != nil {
			return fmt.Errorf("explain: index %s: %s: %w", h.Index, h.ID, err)
		}
		h.Explanation = &e
	}
	return nil
}

// explainTop explains a record for the shard's query: the target's query,
// with OpenSearch's non-nested filter when it adds one.
func explainTop(t *Target, ix *Index, w weight, segNum int, doc uint32) (similarity.Explanation, error) {
	x := &explainCtx{}
	for _, s := range ix.Segments[:segNum] {
		x.docBase += s.MaxDoc
	}
	seg := ix.Segments[segNum]
	if sq := withNonNestedFilter(t); sq != nil {
		if ma := luceneBoolTop(sq, true).matchAll; ma != nil {
			// +*:* #filter rewrites to a ConstantScoreQuery of the filter.
			return constantExplain(w, "ConstantScore("+constantFiltersText(sq)+")", effectiveBoost(ma.Boost), segNum, seg, doc)
		}
	}
	e, err := w.explain(x, segNum, seg, doc)
	if err != nil || !t.NonNestedFilter || !e.Match {
		return e, err
	}
	return similarity.Match(e.Value, "sum of:", e,
		filterClause(similarity.Match(similarity.Float(1), nonNestedFilter))), nil
}
