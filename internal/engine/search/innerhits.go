package search

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

// InnerHits is one named inner_hits section of a hit: the record's
// children that a nested query's inner query matches, as OpenSearch's
// nested inner hits give them.
type InnerHits struct {
	// Path is the nested path, each child's _nested.field.
	Path string
	// Total is the number of the record's children the inner query
	// matches (hits.total, relation "eq").
	Total int
	// MaxScore is the best score among them; nil when none matches or
	// when Size is 0, where OpenSearch answers max_score null.
	MaxScore *float32
	// Hits is the requested page of the matching children: score
	// descending, then offset.
	Hits []InnerHit
}

// InnerHit is one matching child of a hit.
type InnerHit struct {
	// Offset is the child's index among its record's children of the
	// path: _nested.offset, and the position of its object in the
	// record's _source array.
	Offset int
	// Doc is the child's document number in the hit's segment. The
	// segment's stored source of Doc is the child's own object, the
	// _source OpenSearch returns for the inner hit.
	Doc uint32
	// Score is the inner query's score of the child: the nested query's
	// own boost and score mode do not apply (OpenSearch scores inner hits
	// with a weight of the inner query alone, boost 1).
	Score float32
}

// innerHitsDef is one inner_hits request found in a query tree.
type innerHitsDef struct {
	name, path string
	query      Query
	from, size int
}

// innerHitsDefs lists the inner_hits requests of query trees (the query,
// then the post filter, as OpenSearch extracts them from both) in clause
// order. Like OpenSearch's extractInnerHitBuilders it skips everything
// under a must_not clause (those clauses never match a hit) and refuses
// two requests with the same name.
func innerHitsDefs(qs ...Query) ([]innerHitsDef, error) {
	var defs []innerHitsDef
	var err error
	visit := func(q Query, underMustNot bool) {
		n, ok := q.(*NestedQuery)
		if !ok || n.InnerHits == nil || underMustNot || err != nil {
			return
		}
		d := innerHitsDef{name: n.InnerHits.Name, path: n.Path, query: n.Query, from: n.InnerHits.From, size: n.InnerHits.Size}
		if d.name == "" {
			d.name = n.Path
		}
		if d.from < 0 || d.size < 0 {
			err = fmt.Errorf("[inner_hits] %s: from %d and size %d must not be negative", d.name, d.from, d.size)
			return
		}
		for _, o := range defs {
			if o.name == d.name {
				err = fmt.Errorf("[inner_hits] already contains an entry for key [%s]", d.name)
				return
			}
		}
		defs = append(defs, d)
	}
	for _, q := range qs {
		if q != nil {
			walkQuery(q, false, visit)
		}
	}
	return defs, err
}

// addInnerHits fills the inner hits of the page's hits. Each index's hits
// are visited in document order, segment by segment, so one forward
// scorer per request and segment serves them all. When dl stops the work,
// the page is cut before the first hit whose inner hits are not all there
// and dl's cause is returned.
func addInnerHits(dl *deadline, res *Result, targets []Target, indexes map[string]*Index) error {
	defsOf := make([][]innerHitsDef, len(targets))
	wanted := map[string]int{} // index → inner hits each of its hits gets
	for i, t := range targets {
		defs, err := innerHitsDefs(t.Query, t.PostFilter)
		if err != nil {
			return fmt.Errorf("index %s: %w", t.Index, err)
		}
		if indexes[t.Index] != nil {
			defsOf[i] = defs
			wanted[t.Index] += len(defs)
		}
	}
	for ti, t := range targets {
		defs := defsOf[ti]
		if len(defs) == 0 {
			continue
		}
		ix := indexes[t.Index]
		var page []int // positions in res.Hits of this index's hits
		for i := range res.Hits {
			if res.Hits[i].Index == t.Index && res.Hits[i].InnerHits == nil {
				page = append(page, i)
			}
		}
		if len(page) == 0 {
			continue
		}
		slices.SortFunc(page, func(a, b int) int {
			ha, hb := &res.Hits[a], &res.Hits[b]
			return cmp.Or(cmp.Compare(ha.Segment, hb.Segment), cmp.Compare(ha.Doc, hb.Doc))
		})
		for _, i := range page {
			res.Hits[i].InnerHits = make(map[string]InnerHits, len(defs))
		}
		for _, d := range defs {
			if dl.tick() {
				break
			}
			if err := innerHitsOf(d, ix, res.Hits, page); err != nil {
				return fmt.Errorf("index %s: inner hits %s: %w", t.Index, d.name, err)
			}
		}
		if dl.stopped() {
			break
		}
	}
	if !dl.stopped() {
		return nil
	}
	for i := range res.Hits {
		if h := &res.Hits[i]; len(h.InnerHits) < wanted[h.Index] {
			res.Hits = res.Hits[:i]
			break
		}
	}
	return dl.cause()
}

// childMatch is a matching child of the hit being filled.
type childMatch struct {
	doc   uint32
	score float32
}

// innerHitsOf fills one inner_hits request for the hits at positions page
// (in segment and document order) of one index.
func innerHitsOf(d innerHitsDef, ix *Index, hits []Hit, page []int) error {
	q, err := Rewrite(d.query)
	if err != nil {
		return err
	}
	w, err := createWeight(q, ix, 1)
	if err != nil {
		return err
	}
	var (
		sc       Scorer
		segNum   = -1
		childDoc int64
		matches  []childMatch
	)
	for _, i := range page {
		h := &hits[i]
		if h.Segment != segNum {
			if sc != nil {
				if err := sc.Err(); err != nil {
					return err
				}
			}
			segNum = h.Segment
			if segNum < 0 || segNum >= len(ix.Segments) {
				return fmt.Errorf("hit %s: no segment %d", h.ID, segNum)
			}
			if sc, err = w.scorer(segNum, ix.Segments[segNum]); err != nil {
				return err
			}
			childDoc = -1
		}
		matches = matches[:0]
		if sc != nil {
			matches, childDoc = collectChildren(sc, ix.Segments[segNum], h.Doc, childDoc, matches)
		}
		if ix.dl.stopped() {
			return nil // this hit's children were cut short: addInnerHits cuts the page
		}
		h.InnerHits[d.name] = innerHitsPage(d, ix.Segments[segNum], h.Doc, matches)
	}
	if sc != nil {
		return sc.Err()
	}
	return nil
}

// collectChildren appends the matches of sc among the children of record
// root; at is sc's current document (-1 before the first, exhausted at
// the end), and the new one is returned.
func collectChildren(sc Scorer, seg *segment.Segment, root uint32, at int64, out []childMatch) ([]childMatch, int64) {
	_, first := seg.Parent(root)
	if first == root || at == exhausted {
		return out, at
	}
	if at < int64(first) {
		at = exhausted
		if sc.Advance(first) {
			at = int64(sc.DocID())
		}
	}
	for at < int64(root) {
		out = append(out, childMatch{doc: uint32(at), score: sc.Score()})
		at = exhausted
		if sc.Next() {
			at = int64(sc.DocID())
		}
	}
	return out, at
}

// innerHitsPage orders the matches (score descending, then offset, as
// Lucene's top-docs collector breaks ties by document) and cuts the page.
func innerHitsPage(d innerHitsDef, seg *segment.Segment, root uint32, matches []childMatch) InnerHits {
	_, first := seg.Parent(root)
	ih := InnerHits{Path: d.path, Total: len(matches), Hits: []InnerHit{}}
	if len(matches) == 0 {
		return ih
	}
	slices.SortFunc(matches, func(a, b childMatch) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.doc, b.doc))
	})
	if d.size > 0 {
		best := matches[0].score
		ih.MaxScore = &best
	}
	for _, m := range matches[min(d.from, len(matches)):min(d.from+d.size, len(matches))] {
		ih.Hits = append(ih.Hits, InnerHit{Offset: int(m.doc - first), Doc: m.doc, Score: m.score})
	}
	return ih
}
