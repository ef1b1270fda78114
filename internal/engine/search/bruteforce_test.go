package search

// This file compares the engine with a brute-force reference written
// independently here, from OpenSearch's (Lucene 10's) definitions, without
// calling the engine's similarity, postings, term dictionary or search
// internals: the segment, document and analysis packages only build the
// index under test, and the reference reads the records it generated.
//
// Reference semantics (the documented API in search.go, and Lucene 10):
//
//   - Statistics are per logical index, summed over its segments. For a
//     field f: N = records with at least one token (text) or value (keyword)
//     in f; n = records holding the term; a text record's length dl is its
//     number of tokens over all values; a keyword record's "length" is its
//     number of distinct values. idf = float32(ln(1 + (N−n+0.5)/(n+0.5)))
//     computed in float64; avgdl = float32(sum of lengths / N) in float64.
//   - BM25, k1 = 1.2, b = 0.75, in Lucene's float32 form:
//     normInverse = 1/(k1·((1−b) + b·dlq/avgdl)), weight = boost·idf,
//     score = weight − weight/(1 + freq·normInverse), which equals
//     boost·idf·freq/(freq + k1·(1 − b + b·dlq/avgdl)). Text fields use
//     dlq = byte4ToInt(intToByte4(dl)) (Lucene's one-byte norm); keyword
//     fields have no norms: freq = 1 and dlq = 1.
//   - Boosts multiply down the tree (Lucene's BoostQuery passes its boost to
//     the sub-weights); a boost of 0 means 1.
//   - MatchAllQuery scores its (accumulated) boost. BoolQuery: every
//     Must/Filter clause must match, no MustNot clause; at least
//     MinimumShouldMatch Should clauses must match, or at least one when
//     there is no Must/Filter clause and MinimumShouldMatch is 0; the score
//     is the sum of the matching Must and Should clauses (Filter and MustNot
//     add 0). A bool of only MustNot/Filter clauses therefore matches every
//     record passing them, with score 0.
//   - Top-level queries match records only, never nested children.
//   - Order: score descending, then index name (bytes), then segment, then
//     document. Total is exact up to TotalHitsLimit, then TotalHitsLimit
//     with Relation "gte".
//
// Assumptions where search.go does not say:
//   - A bool with no clauses at all is never generated (OpenSearch turns it
//     into match_all, Lucene's empty BooleanQuery matches nothing).
//   - MinimumShouldMatch > 0 is only generated when there are Should
//     clauses: with none, OpenSearch drops it for a pure must_not bool but
//     Lucene matches nothing for must/filter bools, and search.go does not
//     say which the engine follows. MinimumShouldMatch larger than the
//     number of Should clauses is generated: Lucene and OpenSearch (which no
//     longer caps it) then match nothing, as search.go's "at least
//     MinimumShouldMatch Should clauses" says.
//   - MaxScore is only checked when the page has hits: it must be the top
//     score of all matches (OpenSearch's max_score), whatever From is.
//
// Tolerances: engine scores must be within max(1e-6, 1e-4·|reference|) of
// the reference: the engine may sum clause scores in float32 or float64 and
// in another order, fold boosts in another order, or use the algebraically
// equal freq/(freq+norm) form, all of which move the last few bits; any
// statistics mistake (N, n, sumLen off by one, unquantized dl, children in
// the counts) moves scores by far more in corpora this small. For the
// order, hits whose reference scores are within 1e-5 relative of each other
// may come in either order, since the engine's own rounding decides between
// them; among hits with bit-identical engine scores the engine must use the
// documented index-name then insertion order. To check that across page
// boundaries too, every request is also run for all its matches (From 0,
// Size = number of matches), and the requested page must be exactly that
// list's slice.
//
// A failing case is printed, then shrunk (fewer records, fields, values,
// segments, indexes and clauses, smaller From/Size) while it still fails,
// and the smallest failing case is printed with the query as Go.
//
// Reproduce another run with BRUTEFORCE_SEED=<n> go test -run TestBruteForceProperty.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/engine/analysis"
	"github.com/contractsearch/contractsearch/internal/engine/document"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/mappings"
)

// ---------------------------------------------------------------------------
// Lucene's SmallFloat (org.apache.lucene.util.SmallFloat), written from its
// definition: longToInt4 keeps the highest set bit's position and the next 3
// bits; intToByte4 stores values below NUM_FREE_VALUES exactly and the rest,
// minus NUM_FREE_VALUES, with longToInt4.

func bfLongToInt4(i int64) int {
	numBits := 64 - bits.LeadingZeros64(uint64(i))
	if numBits < 4 {
		return int(i) // subnormal
	}
	shift := numBits - 4
	encoded := int(i>>uint(shift)) & 0x07 // the implicit top bit is dropped
	return encoded | (shift+1)<<3
}

func bfInt4ToLong(i int) int64 {
	mantissa := int64(i & 0x07)
	shift := i>>3 - 1
	if shift == -1 {
		return mantissa
	}
	return (mantissa | 0x08) << uint(shift)
}

// bfNumFreeValues is 255 − longToInt4(MaxInt32) = 24.
var bfNumFreeValues = 255 - bfLongToInt4(math.MaxInt32)

func bfIntToByte4(i int) byte {
	if i < bfNumFreeValues {
		return byte(i)
	}
	return byte(bfNumFreeValues + bfLongToInt4(int64(i-bfNumFreeValues)))
}

func bfByte4ToInt(b byte) int {
	i := int(b)
	if i < bfNumFreeValues {
		return i
	}
	return bfNumFreeValues + int(bfInt4ToLong(i-bfNumFreeValues))
}

// ---------------------------------------------------------------------------
// Records and corpora.

// bfRecord is one generated record: its root fields by source path, and its
// nested sections (contract only).
type bfRecord struct {
	ID       string
	Fields   map[string][]string
	Sections []map[string][]string
}

func bfObject(fields map[string][]string) map[string]any {
	m := map[string]any{}
	for k, vs := range fields {
		if len(vs) == 1 {
			m[k] = vs[0]
		} else {
			m[k] = slices.Clone(vs) // [] for a field with an empty array
		}
	}
	return m
}

// Source is the record's JSON _source.
func (r *bfRecord) Source() []byte {
	m := bfObject(r.Fields)
	if len(r.Sections) > 0 {
		secs := make([]any, len(r.Sections))
		for i, s := range r.Sections {
			secs[i] = bfObject(s)
		}
		m["sections"] = secs
	}
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	return b
}

func (r *bfRecord) clone() *bfRecord {
	c := &bfRecord{ID: r.ID, Fields: map[string][]string{}}
	for k, v := range r.Fields {
		c.Fields[k] = slices.Clone(v)
	}
	for _, s := range r.Sections {
		cs := map[string][]string{}
		for k, v := range s {
			cs[k] = slices.Clone(v)
		}
		c.Sections = append(c.Sections, cs)
	}
	return c
}

// bfIndexSpec is one logical index: its records, segment by segment.
type bfIndexSpec struct {
	Name     string
	Segments [][]*bfRecord
}

type bfCorpus []*bfIndexSpec

func (c bfCorpus) clone() bfCorpus {
	out := make(bfCorpus, len(c))
	for i, ix := range c {
		n := &bfIndexSpec{Name: ix.Name}
		for _, seg := range ix.Segments {
			var s []*bfRecord
			for _, r := range seg {
				s = append(s, r.clone())
			}
			n.Segments = append(n.Segments, s)
		}
		out[i] = n
	}
	return out
}

func (c bfCorpus) String() string {
	var sb strings.Builder
	for _, ix := range c {
		sizes := make([]string, len(ix.Segments))
		for i, s := range ix.Segments {
			sizes[i] = strconv.Itoa(len(s))
		}
		fmt.Fprintf(&sb, "index %s: %d segment(s) of [%s] records\n", ix.Name, len(ix.Segments), strings.Join(sizes, " "))
		for si, seg := range ix.Segments {
			fmt.Fprintf(&sb, "  segment %d (%s-%d):\n", si, ix.Name, si)
			for _, r := range seg {
				fmt.Fprintf(&sb, "    %-14s %s\n", r.ID, r.Source())
			}
		}
	}
	return sb.String()
}

// ---------------------------------------------------------------------------
// The reference: per index, the records' term frequencies and lengths, and
// the index-wide statistics, computed from the generated values.

type bfDoc struct {
	rec *bfRecord
	seg int
	doc uint32
	tf  map[string]map[string]int   // field → term → frequency
	pos map[string]map[string][]int // text field → term → positions
	dl  map[string]int              // field → length
}

type bfRef struct {
	name string
	kind map[string]mappings.FieldType // inverted root field → text or keyword
	docs []*bfDoc                      // insertion order
	n    map[string]int                // field → records with the field (N)
	sum  map[string]int                // field → sum of lengths
	df   map[string]map[string]int     // field → term → records holding it
	// fuzzy caches each fuzzy query's kept terms (bruteforce_scorers_test.go).
	fuzzyKept map[*FuzzyQuery]bfFuzzyKept
}

type bfWorld struct {
	corpus   bfCorpus
	searcher *Searcher
	indexes  map[string]*Index
	refs     map[string]*bfRef
}

func bfLoadMappings(t testing.TB) *mappings.Set {
	t.Helper()
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// bfBuild writes and opens the corpus's segments (one writer per segment,
// prefix "<index>-<n>") and builds the reference beside them.
func bfBuild(mset *mappings.Set, corpus bfCorpus) (*bfWorld, error) {
	w := &bfWorld{corpus: corpus, indexes: map[string]*Index{}, refs: map[string]*bfRef{}}
	var indexes []*Index
	for _, spec := range corpus {
		mix := mset.Index(spec.Name)
		if mix == nil {
			return nil, fmt.Errorf("no mapping for index %s", spec.Name)
		}
		schema := document.NewSchema(mix)
		ix := &Index{Name: spec.Name}
		ref := &bfRef{name: spec.Name, kind: map[string]mappings.FieldType{}, n: map[string]int{},
			sum: map[string]int{}, df: map[string]map[string]int{}}
		for si, recs := range spec.Segments {
			sw, err := segment.NewWriter(analysis.NewStandard(255))
			if err != nil {
				return nil, err
			}
			for _, rec := range recs {
				src := rec.Source()
				doc, err := schema.Parse(src)
				if err != nil {
					return nil, fmt.Errorf("parse %s %s: %w", rec.ID, src, err)
				}
				root, err := sw.Add(rec.ID, doc, src)
				if err != nil {
					return nil, fmt.Errorf("add %s: %w", rec.ID, err)
				}
				ref.add(mix, rec, si, root)
			}
			prefix := fmt.Sprintf("%s-%d", spec.Name, si)
			files, err := sw.Finish(prefix)
			if err != nil {
				return nil, fmt.Errorf("finish %s: %w", prefix, err)
			}
			seg, err := segment.Open(prefix, func(name string) ([]byte, bool) { b, ok := files[name]; return b, ok })
			if err != nil {
				return nil, fmt.Errorf("open %s: %w", prefix, err)
			}
			ix.Segments = append(ix.Segments, seg)
		}
		indexes = append(indexes, ix)
		w.indexes[spec.Name] = ix
		w.refs[spec.Name] = ref
	}
	w.searcher = NewSearcher(indexes...)
	return w, nil
}

// add inverts one record's root fields as OpenSearch would: mapped,
// indexed, non-nested fields only, text split on spaces (the generated
// texts are lower-case ASCII words separated by single spaces), keyword
// values as whole terms, and the name.raw multi-field fed with name's
// values.
func (r *bfRef) add(mix *mappings.Index, rec *bfRecord, seg int, root uint32) {
	d := &bfDoc{rec: rec, seg: seg, doc: root, tf: map[string]map[string]int{}, dl: map[string]int{}, pos: map[string]map[string][]int{}}
	for path, vals := range rec.Fields {
		f, ok := mix.Fields[path]
		if !ok || !f.Indexed || f.NestedPath != "" {
			continue
		}
		r.invert(d, path, f.Type, vals)
		if raw, ok := mix.Fields[path+".raw"]; ok && raw.Indexed {
			r.invert(d, path+".raw", raw.Type, vals)
		}
	}
	r.docs = append(r.docs, d)
}

func (r *bfRef) invert(d *bfDoc, field string, typ mappings.FieldType, vals []string) {
	tf := map[string]int{}
	length := 0
	switch typ {
	case mappings.Text:
		for _, v := range vals {
			for _, tok := range strings.Fields(v) {
				tf[tok]++
				length++
			}
		}
	case mappings.Keyword:
		for _, v := range vals {
			tf[v] = 1
		}
		length = len(tf)
	default:
		return
	}
	r.kind[field] = typ
	if length == 0 {
		return
	}
	d.tf[field] = tf
	d.dl[field] = length
	if typ == mappings.Text {
		d.pos[field] = bfPositions(vals)
	}
	r.n[field]++
	r.sum[field] += length
	if r.df[field] == nil {
		r.df[field] = map[string]int{}
	}
	for term := range tf {
		r.df[field][term]++
	}
}

const (
	bfK1 float32 = 1.2
	bfB  float32 = 0.75
)

func bfBoost(b float32) float32 {
	if b == 0 {
		return 1
	}
	return b
}

// termScore is BM25 for one record, in Lucene's float32 arithmetic.
func (r *bfRef) termScore(d *bfDoc, field, term string, boost float32) (bool, float32) {
	freq := d.tf[field][term]
	if freq == 0 {
		return false, 0
	}
	bigN, n := r.n[field], r.df[field][term]
	idf := float32(math.Log(1 + (float64(bigN-n)+0.5)/(float64(n)+0.5)))
	avgdl := float32(float64(r.sum[field]) / float64(bigN))
	dlq, f := float32(1), float32(1) // keyword: no norms, freq 1
	if r.kind[field] == mappings.Text {
		dlq = float32(bfByte4ToInt(bfIntToByte4(d.dl[field])))
		f = float32(freq)
	}
	// The conversions keep every step in float32 and stop the compiler
	// from fusing a multiply and an add.
	normInverse := 1 / float32(bfK1*float32((1-bfB)+float32(bfB*dlq)/avgdl))
	weight := float32(boost * idf)
	return true, weight - weight/float32(1+float32(f*normInverse))
}

// eval matches and scores q on one record; boost is the product of the
// ancestors' boosts.
func (r *bfRef) eval(q Query, d *bfDoc, boost float32) (bool, float32) {
	switch q := q.(type) {
	case *TermQuery:
		return r.termScore(d, q.Field, q.Term, float32(boost*bfBoost(q.Boost)))
	case *MatchAllQuery:
		return true, float32(boost * bfBoost(q.Boost))
	case *BoolQuery:
		b := float32(boost * bfBoost(q.Boost))
		for _, c := range q.Filter {
			if ok, _ := r.eval(c, d, b); !ok {
				return false, 0
			}
		}
		for _, c := range q.MustNot {
			if ok, _ := r.eval(c, d, b); ok {
				return false, 0
			}
		}
		sum := 0.0
		for _, c := range q.Must {
			ok, s := r.eval(c, d, b)
			if !ok {
				return false, 0
			}
			sum += float64(s)
		}
		matched := 0
		for _, c := range q.Should {
			if ok, s := r.eval(c, d, b); ok {
				matched++
				sum += float64(s)
			}
		}
		msm := q.MinimumShouldMatch
		if msm == 0 && len(q.Must)+len(q.Filter) == 0 && len(q.Should) > 0 {
			msm = 1
		}
		if matched < msm {
			return false, 0
		}
		return true, float32(sum)
	}
	if ok, s, handled := r.evalScorers(q, d, boost); handled {
		return ok, s
	}
	panic(fmt.Sprintf("bruteforce: unknown query %T", q))
}

type bfKey struct {
	index string
	seg   int
	doc   uint32
}

func (a bfKey) less(b bfKey) bool {
	if a.index != b.index {
		return a.index < b.index
	}
	if a.seg != b.seg {
		return a.seg < b.seg
	}
	return a.doc < b.doc
}

type bfHit struct {
	bfKey
	id    string
	score float32
}

func bfHitKey(h Hit) bfKey { return bfKey{h.Index, h.Segment, h.Doc} }

// expected returns every match of req, sorted by reference score, then
// index name, segment and document.
func (w *bfWorld) expected(req Request) []bfHit {
	var hits []bfHit
	seen := map[string]bool{}
	for _, name := range req.Indexes {
		ref := w.refs[name]
		if ref == nil || seen[name] {
			continue
		}
		seen[name] = true
		for _, d := range ref.docs {
			if ok, s := ref.eval(req.Query, d, 1); ok {
				hits = append(hits, bfHit{bfKey{name, d.seg, d.doc}, d.rec.ID, s})
			}
		}
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].score != hits[j].score {
			return hits[i].score > hits[j].score
		}
		return hits[i].less(hits[j].bfKey)
	})
	return hits
}

func bfScoreClose(got, want float32) bool {
	d := math.Abs(float64(got) - float64(want))
	return d <= math.Max(1e-6, 1e-4*math.Abs(float64(want)))
}

func bfNearTie(a, b float32) bool {
	return math.Abs(float64(a)-float64(b)) <= 1e-5*math.Max(math.Abs(float64(a)), math.Abs(float64(b)))
}

// bfSearch runs the engine, turning a panic into an error so that a
// failing case can still be shrunk and printed.
func bfSearch(s *Searcher, req Request) (res *Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return s.Search(context.Background(), req)
}

// bfCheck compares the engine with the reference on one request; it
// returns "" when they agree, else what differs and the hit lists.
//
// Besides the requested page it asks the engine for every match (From 0,
// Size = number of matches): that list must hold exactly the reference's
// matches, with close scores, in the reference's order up to near-ties,
// and sorted by the engine's own scores then index name and insertion
// order; the requested page must be exactly its slice, so that a page
// boundary falling inside a run of equal scores is checked too.
func bfCheck(w *bfWorld, req Request) string {
	exp := w.expected(req)
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	wantTotal, wantRel := len(exp), "eq"
	if wantTotal > TotalHitsLimit {
		wantTotal, wantRel = TotalHitsLimit, "gte"
	}
	// All matches, but no more than TotalHitsLimit (OpenSearch's
	// max_result_window), should the engine refuse deeper pages.
	fullReq := req
	fullReq.From, fullReq.Size = 0, min(len(exp), TotalHitsLimit)
	full, err := bfSearch(w.searcher, fullReq)
	if err == nil && full == nil {
		err = errors.New("nil result and no error")
	}
	if err != nil {
		return fmt.Sprintf("search for all %d matches: %v", len(exp), err)
	}
	res, err := bfSearch(w.searcher, req)
	if err == nil && res == nil {
		err = errors.New("nil result and no error")
	}
	if err != nil {
		return fmt.Sprintf("search: %v", err)
	}
	for _, r := range []*Result{res, full} {
		if r.Total != wantTotal || r.Relation != wantRel {
			bad("total %d %q, want %d %q (%d matches)", r.Total, r.Relation, wantTotal, wantRel, len(exp))
			break
		}
	}

	// Every match, against the reference.
	if len(full.Hits) != fullReq.Size {
		bad("asked for all %d matches, got %d hits", fullReq.Size, len(full.Hits))
	}
	byKey := make(map[bfKey]bfHit, len(exp))
	for _, h := range exp {
		byKey[h.bfKey] = h
	}
	seen := map[bfKey]bool{}
	for i, h := range full.Hits {
		k := bfHitKey(h)
		r, ok := byKey[k]
		switch {
		case !ok:
			bad("all-matches hit %d %s/%d/%d (%s) does not match the query", i, h.Index, h.Segment, h.Doc, h.ID)
			continue
		case seen[k]:
			bad("all-matches hit %d %s/%d/%d returned twice", i, h.Index, h.Segment, h.Doc)
		}
		seen[k] = true
		if h.ID != r.id {
			bad("hit %s/%d/%d: id %q, want %q", h.Index, h.Segment, h.Doc, h.ID, r.id)
		}
		if !bfScoreClose(h.Score, r.score) {
			bad("hit %s: score %.9g, want %.9g (diff %.3g)", h.ID, h.Score, r.score, float64(h.Score)-float64(r.score))
		}
		if i < len(exp) && k != exp[i].bfKey && !bfNearTie(r.score, exp[i].score) {
			bad("rank %d is %s (reference score %.9g), want %s (reference score %.9g)", i, h.ID, r.score, exp[i].id, exp[i].score)
		}
		if i > 0 {
			prev := full.Hits[i-1]
			if h.Score > prev.Score {
				bad("rank %d %s scores %.9g, more than rank %d %s's %.9g", i, h.ID, h.Score, i-1, prev.ID, prev.Score)
			} else if h.Score == prev.Score && !bfHitKey(prev).less(k) {
				bad("ranks %d %s and %d %s score the same but are not in index-name, insertion order", i-1, prev.ID, i, h.ID)
			}
		}
	}

	// The page is the slice of all matches. (The tests never ask for a
	// page beyond TotalHitsLimit.)
	if want := max(0, min(req.Size, len(exp)-req.From)); len(res.Hits) != want {
		bad("%d hits on the page, want %d", len(res.Hits), want)
	}
	for i, h := range res.Hits {
		if r := req.From + i; r < len(full.Hits) && h != full.Hits[r] {
			bad("page hit %d is %+v; rank %d of all matches is %+v", i, h, r, full.Hits[r])
		}
	}
	if len(res.Hits) > 0 && len(exp) > 0 && !bfScoreClose(res.MaxScore, exp[0].score) {
		bad("max score %.9g, want %.9g", res.MaxScore, exp[0].score)
	}
	if len(problems) == 0 {
		return ""
	}
	const maxListed = 40
	var sb strings.Builder
	sb.WriteString(strings.Join(problems, "\n"))
	fmt.Fprintf(&sb, "\nreference, all %d matches (page: from %d, size %d):\n", len(exp), req.From, req.Size)
	for i, h := range exp[:min(len(exp), maxListed)] {
		fmt.Fprintf(&sb, "  %2d %-14s %s/%d/%d %.9g\n", i, h.id, h.index, h.seg, h.doc, h.score)
	}
	for _, l := range []struct {
		name string
		r    *Result
	}{{"engine, all matches", full}, {"engine, page", res}} {
		fmt.Fprintf(&sb, "%s (total %d %s, max score %.9g):\n", l.name, l.r.Total, l.r.Relation, l.r.MaxScore)
		for i, h := range l.r.Hits[:min(len(l.r.Hits), maxListed)] {
			fmt.Fprintf(&sb, "  %2d %-14s %s/%d/%d %.9g\n", i, h.ID, h.Index, h.Segment, h.Doc, h.Score)
		}
	}
	return sb.String()
}

// ---------------------------------------------------------------------------
// Printing queries as Go, so a reproduction can be pasted into a test.

func bfGo(q Query) string {
	var sb strings.Builder
	bfWriteGo(&sb, q, "")
	return sb.String()
}

func bfWriteGo(sb *strings.Builder, q Query, indent string) {
	boost := func(b float32) string {
		if b == 0 {
			return ""
		}
		return fmt.Sprintf(", Boost: %v", b)
	}
	switch q := q.(type) {
	case *TermQuery:
		fmt.Fprintf(sb, "&TermQuery{Field: %q, Term: %q%s}", q.Field, q.Term, boost(q.Boost))
	case *MatchAllQuery:
		fmt.Fprintf(sb, "&MatchAllQuery{%s}", strings.TrimPrefix(boost(q.Boost), ", "))
	case *BoolQuery:
		sb.WriteString("&BoolQuery{")
		in := indent + "\t"
		for _, l := range []struct {
			name string
			qs   []Query
		}{{"Must", q.Must}, {"Should", q.Should}, {"Filter", q.Filter}, {"MustNot", q.MustNot}} {
			if len(l.qs) == 0 {
				continue
			}
			fmt.Fprintf(sb, "\n%s%s: []Query{", in, l.name)
			for _, c := range l.qs {
				sb.WriteString("\n" + in + "\t")
				bfWriteGo(sb, c, in+"\t")
				sb.WriteString(",")
			}
			fmt.Fprintf(sb, "\n%s},", in)
		}
		if q.MinimumShouldMatch != 0 {
			fmt.Fprintf(sb, "\n%sMinimumShouldMatch: %d,", in, q.MinimumShouldMatch)
		}
		if q.Boost != 0 {
			fmt.Fprintf(sb, "\n%sBoost: %v,", in, q.Boost)
		}
		fmt.Fprintf(sb, "\n%s}", indent)
	default:
		if !bfWriteScorersGo(sb, q, indent) {
			fmt.Fprintf(sb, "%#v", q)
		}
	}
}

func bfRequestString(req Request) string {
	return fmt.Sprintf("Request{Indexes: %q, From: %d, Size: %d, Query: %s}", req.Indexes, req.From, req.Size, bfGo(req.Query))
}

// ---------------------------------------------------------------------------
// Generation.

var (
	// bfVocab is skewed by bfWord so that terms have varied frequencies.
	bfVocab  = []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima"}
	bfAbsent = []string{"zulu", "Alpha", "alph", "alpha bravo", ""}
	bfTypes  = []string{"clause", "definition", "obligation", "law", "Law"}
	bfValues = []string{"governing law", "term", "notice", "x", ""}
	bfGroups = []string{"g1", "g2", "g3", "g4"}
	bfBoosts = []float32{0, 0.5, 1, 2.5}
	// bfIndexNames are the indexes the property test draws from: clause
	// and definition have every generated field, category lacks snippet
	// and type, contract lacks type and value at the top level and has
	// nested sections.
	bfIndexNames = []string{"category", "clause", "contract", "definition"}
)

func bfWord(r *rand.Rand) string {
	return bfVocab[min(int(r.ExpFloat64()*3.5), len(bfVocab)-1)]
}

func bfText(r *rand.Rand) string {
	var n int
	switch x := r.IntN(20); {
	case x < 2:
		n = 0 // no token: the record does not count in N
	case x < 4:
		n = 20 + r.IntN(45) // long: dl ≥ 24 is quantized by the norm
	default:
		n = 1 + r.IntN(8)
	}
	words := make([]string, n)
	for i := range words {
		words[i] = bfWord(r)
	}
	return strings.Join(words, " ")
}

// bfValueCount is how many values a field gets; -1 leaves it out.
func bfValueCount(r *rand.Rand) int {
	switch x := r.IntN(40); {
	case x < 10:
		return -1
	case x < 11:
		return 0 // an empty array: no value
	case x < 34:
		return 1
	default:
		return 2 + r.IntN(2)
	}
}

// bfGenFields generates the fields of a record (prefix "") or of a nested
// object (prefix "sections.") that mix maps.
func bfGenFields(r *rand.Rand, mix *mappings.Index, prefix string) map[string][]string {
	fields := map[string][]string{}
	if r.IntN(30) == 0 {
		return fields // a record without any field
	}
	gen := map[string]func() string{
		"name":     func() string { return bfText(r) },
		"snippet":  func() string { return bfText(r) },
		"type":     func() string { return bfTypes[r.IntN(len(bfTypes))] },
		"value":    func() string { return bfValues[r.IntN(len(bfValues))] },
		"group_id": func() string { return bfGroups[r.IntN(len(bfGroups))] },
	}
	for _, path := range []string{"name", "snippet", "type", "value", "group_id"} {
		if _, ok := mix.Fields[prefix+path]; !ok {
			continue
		}
		n := bfValueCount(r)
		if n < 0 {
			continue
		}
		vals := make([]string, n)
		for i := range vals {
			vals[i] = gen[path]()
		}
		fields[path] = vals
	}
	return fields
}

func bfGenCorpus(r *rand.Rand, mset *mappings.Set) bfCorpus {
	names := slices.Clone(bfIndexNames)
	r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	names = names[:1+r.IntN(len(names))]
	var c bfCorpus
	for _, name := range names {
		mix := mset.Index(name)
		nrec := 1 + r.IntN(60)
		if r.IntN(4) == 0 {
			nrec = 1 + r.IntN(6)
		}
		recs := make([]*bfRecord, nrec)
		for i := range recs {
			recs[i] = &bfRecord{ID: fmt.Sprintf("%s-%d", name, i), Fields: bfGenFields(r, mix, "")}
			if slices.Contains(mix.NestedPaths, "sections") {
				// Nested children: documents of the segment that no
				// top-level query may match or count.
				for range r.IntN(4) {
					recs[i].Sections = append(recs[i].Sections, bfGenFields(r, mix, "sections."))
				}
			}
		}
		// Split into 1–3 non-empty segments at random points.
		nseg := 1 + r.IntN(min(3, nrec))
		cuts := r.Perm(nrec - 1)[:nseg-1]
		for i := range cuts {
			cuts[i]++
		}
		slices.Sort(cuts)
		spec := &bfIndexSpec{Name: name}
		prev := 0
		for _, cut := range append(cuts, nrec) {
			spec.Segments = append(spec.Segments, recs[prev:cut])
			prev = cut
		}
		c = append(c, spec)
	}
	return c
}

type bfGen struct {
	r      *rand.Rand
	corpus bfCorpus
	// focus, when set, is a record most terms of the request are drawn
	// from, so that conjunctions match something often enough.
	focus *bfRecord
}

// focusTerm draws a term query from the focus record's values.
func (g *bfGen) focusTerm() (*TermQuery, bool) {
	if g.focus == nil {
		return nil, false
	}
	var paths []string
	for _, p := range []string{"name", "snippet", "type", "value", "group_id"} {
		if len(g.focus.Fields[p]) > 0 {
			paths = append(paths, p)
		}
	}
	if len(paths) == 0 {
		return nil, false
	}
	path := paths[g.r.IntN(len(paths))]
	vals := g.focus.Fields[path]
	v := vals[g.r.IntN(len(vals))]
	switch {
	case path == "name" && g.r.IntN(4) == 0:
		return &TermQuery{Field: "name.raw", Term: v}, true
	case path == "name" || path == "snippet":
		toks := strings.Fields(v)
		if len(toks) == 0 {
			return nil, false
		}
		return &TermQuery{Field: path, Term: toks[g.r.IntN(len(toks))]}, true
	}
	return &TermQuery{Field: path, Term: v}, true
}

func (g *bfGen) boost() float32 { return bfBoosts[g.r.IntN(len(bfBoosts))] }

// anyValue returns a value of path from a random record of the corpus, or
// "" when the chosen record has none.
func (g *bfGen) anyValue(path string) string {
	ix := g.corpus[g.r.IntN(len(g.corpus))]
	seg := ix.Segments[g.r.IntN(len(ix.Segments))]
	vals := seg[g.r.IntN(len(seg))].Fields[path]
	if len(vals) == 0 {
		return ""
	}
	return vals[g.r.IntN(len(vals))]
}

// anyToken returns a token of a text field of a random record, or a
// vocabulary word when the chosen record has none.
func (g *bfGen) anyToken(path string) string {
	toks := strings.Fields(g.anyValue(path))
	if len(toks) == 0 {
		return bfWord(g.r)
	}
	return toks[g.r.IntN(len(toks))]
}

func (g *bfGen) term() Query {
	r := g.r
	if r.IntN(10) < 7 {
		if q, ok := g.focusTerm(); ok {
			q.Boost = g.boost()
			return q
		}
	}
	q := &TermQuery{Boost: g.boost()}
	switch x := r.IntN(100); {
	case x < 22:
		q.Field = "name"
	case x < 44:
		q.Field = "snippet"
	case x < 54:
		q.Field = "name.raw"
	case x < 68:
		q.Field = "type"
	case x < 82:
		q.Field = "value"
	case x < 96:
		q.Field = "group_id"
	case x < 97:
		q.Field = "nofield" // in no mapping
	default:
		// Nested fields (contract's sections): never matched at the top
		// level.
		q.Field = []string{"sections.type", "sections.snippet", "sections.name", "sections.group_id"}[r.IntN(4)]
	}
	if r.IntN(10) == 0 {
		q.Term = bfAbsent[r.IntN(len(bfAbsent))]
		return q
	}
	switch q.Field {
	case "type", "sections.type":
		q.Term = bfTypes[r.IntN(len(bfTypes))]
	case "value":
		q.Term = bfValues[r.IntN(len(bfValues))]
	case "group_id", "sections.group_id":
		q.Term = bfGroups[r.IntN(len(bfGroups))]
	case "name.raw":
		q.Term = g.anyValue("name")
	case "name", "snippet":
		q.Term = g.anyToken(q.Field)
	default:
		q.Term = bfWord(r)
	}
	return q
}

func (g *bfGen) query(depth int) Query {
	r := g.r
	leaf := depth >= 3 || r.IntN(20) < []int{6, 13, 17}[depth]
	if !leaf {
		return g.bool(depth)
	}
	if r.IntN(8) == 0 {
		return &MatchAllQuery{Boost: g.boost()}
	}
	if r.IntN(10) < 4 {
		return g.scorerLeaf(depth)
	}
	return g.term()
}

// clauses returns none with probability pNone/10, else 1 to max clauses.
func (g *bfGen) clauses(depth, pNone, max int) []Query {
	n := 0
	if g.r.IntN(10) >= pNone {
		n = 1 + g.r.IntN(max)
	}
	var qs []Query
	for range n {
		qs = append(qs, g.query(depth+1))
	}
	return qs
}

func (g *bfGen) bool(depth int) Query {
	q := &BoolQuery{Boost: g.boost()}
	for q.Must == nil && q.Should == nil && q.Filter == nil && q.MustNot == nil {
		q.Must, q.Should, q.Filter = g.clauses(depth, 6, 2), g.clauses(depth, 4, 3), g.clauses(depth, 7, 2)
		// Exclusions drawn from the focus record would exclude it.
		focus := g.focus
		g.focus = nil
		q.MustNot = g.clauses(depth, 6, 2)
		g.focus = focus
	}
	if len(q.Should) > 0 && g.r.IntN(10) < 3 {
		// Mostly satisfiable; sometimes more than there are should
		// clauses, which matches nothing.
		q.MinimumShouldMatch = 1 + g.r.IntN(len(q.Should))
		if g.r.IntN(8) == 0 {
			q.MinimumShouldMatch = len(q.Should) + 1
		}
	}
	return q
}

func (g *bfGen) request(w *bfWorld) Request {
	r := g.r
	var names []string
	for _, ix := range g.corpus {
		if r.IntN(4) != 0 {
			names = append(names, ix.Name)
		}
	}
	if len(names) == 0 {
		names = append(names, g.corpus[r.IntN(len(g.corpus))].Name)
	}
	if r.IntN(10) == 0 {
		names = append(names, "company") // not held by the searcher: skipped
	}
	r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	g.focus = nil
	if r.IntN(10) < 7 {
		// A record of a searched index.
		for _, ix := range g.corpus {
			if ix.Name == names[0] {
				seg := ix.Segments[r.IntN(len(ix.Segments))]
				g.focus = seg[r.IntN(len(seg))]
			}
		}
	}
	req := Request{Indexes: names, Query: g.query(0)}
	sizes := []int{0, 1, 2, 3, 5, 10, 10, 10, 20, 200}
	req.Size = sizes[r.IntN(len(sizes))]
	if r.IntN(5) < 2 {
		req.From = r.IntN(len(w.expected(req)) + 3)
	}
	return req
}

// ---------------------------------------------------------------------------
// Shrinking a failing case.

func bfQueryShrinks(q Query) []Query {
	var out []Query
	switch q := q.(type) {
	case *TermQuery:
		if q.Boost != 0 {
			out = append(out, &TermQuery{Field: q.Field, Term: q.Term})
		}
	case *MatchAllQuery:
		if q.Boost != 0 {
			out = append(out, &MatchAllQuery{})
		}
	case *BoolQuery:
		lists := func(b *BoolQuery) []*[]Query { return []*[]Query{&b.Must, &b.Should, &b.Filter, &b.MustNot} }
		copyBool := func() *BoolQuery {
			c := *q
			c.Must, c.Should, c.Filter, c.MustNot = slices.Clone(q.Must), slices.Clone(q.Should), slices.Clone(q.Filter), slices.Clone(q.MustNot)
			return &c
		}
		for _, l := range lists(q) {
			out = append(out, *l...)
		}
		for li, l := range lists(q) {
			for i := range *l {
				c := copyBool()
				cl := lists(c)[li]
				*cl = slices.Delete(*cl, i, i+1)
				if len(*cl) == 0 {
					*cl = nil
				}
				if len(c.Should) == 0 {
					c.MinimumShouldMatch = 0
				}
				if len(c.Must)+len(c.Should)+len(c.Filter)+len(c.MustNot) > 0 {
					out = append(out, c)
				}
			}
		}
		if q.MinimumShouldMatch > 0 {
			c := copyBool()
			c.MinimumShouldMatch--
			out = append(out, c)
		}
		if q.Boost != 0 {
			c := copyBool()
			c.Boost = 0
			out = append(out, c)
		}
		for li, l := range lists(q) {
			for i, sub := range *l {
				for _, s := range bfQueryShrinks(sub) {
					c := copyBool()
					(*lists(c)[li])[i] = s
					out = append(out, c)
				}
			}
		}
	default:
		out = append(out, bfScorerShrinks(q)...)
	}
	return out
}

type bfCase struct {
	corpus bfCorpus
	req    Request
}

func bfCaseShrinks(c bfCase) []bfCase {
	var out []bfCase
	withReq := func(req Request) { out = append(out, bfCase{c.corpus, req}) }
	if c.req.From > 0 {
		r := c.req
		r.From = 0
		withReq(r)
	}
	for _, size := range []int{1, c.req.Size / 2, c.req.Size - 1} {
		if size >= 0 && size < c.req.Size {
			r := c.req
			r.Size = size
			withReq(r)
		}
	}
	for i := range c.req.Indexes {
		if len(c.req.Indexes) > 1 {
			r := c.req
			r.Indexes = slices.Delete(slices.Clone(r.Indexes), i, i+1)
			withReq(r)
		}
	}
	for _, q := range bfQueryShrinks(c.req.Query) {
		r := c.req
		r.Query = q
		withReq(r)
	}
	// Corpus shrinks: drop an index, merge segments, drop a record, a field
	// or a value.
	for i := range c.corpus {
		if len(c.corpus) > 1 {
			out = append(out, bfCase{slices.Delete(c.corpus.clone(), i, i+1), c.req})
		}
	}
	for i, ix := range c.corpus {
		if len(ix.Segments) > 1 {
			nc := c.corpus.clone()
			nc[i].Segments = [][]*bfRecord{slices.Concat(nc[i].Segments...)}
			out = append(out, bfCase{nc, c.req})
		}
	}
	for i, ix := range c.corpus {
		for si, seg := range ix.Segments {
			for ri, rec := range seg {
				nc := c.corpus.clone()
				s := slices.Delete(nc[i].Segments[si], ri, ri+1)
				if len(s) == 0 {
					nc[i].Segments = slices.Delete(nc[i].Segments, si, si+1)
				} else {
					nc[i].Segments[si] = s
				}
				if len(nc[i].Segments) == 0 {
					nc = slices.Delete(nc, i, i+1)
				}
				if len(nc) > 0 {
					out = append(out, bfCase{nc, c.req})
				}
				for xi := range rec.Sections {
					nc := c.corpus.clone()
					r := nc[i].Segments[si][ri]
					r.Sections = slices.Delete(r.Sections, xi, xi+1)
					out = append(out, bfCase{nc, c.req})
				}
				for _, path := range slices.Sorted(func(yield func(string) bool) {
					for k := range rec.Fields {
						if !yield(k) {
							return
						}
					}
				}) {
					nc := c.corpus.clone()
					delete(nc[i].Segments[si][ri].Fields, path)
					out = append(out, bfCase{nc, c.req})
					for vi := range rec.Fields[path] {
						if len(rec.Fields[path]) > 1 {
							nc := c.corpus.clone()
							f := nc[i].Segments[si][ri].Fields
							f[path] = slices.Delete(f[path], vi, vi+1)
							out = append(out, bfCase{nc, c.req})
						}
					}
				}
			}
		}
	}
	return out
}

// bfShrink greedily simplifies a failing case while it still fails, within
// a time budget, and returns the smallest failing case found with its
// failure.
func bfShrink(mset *mappings.Set, c bfCase, failure string) (bfCase, string) {
	deadline := time.Now().Add(30 * time.Second)
	for progress := true; progress && time.Now().Before(deadline); {
		progress = false
		for _, cand := range bfCaseShrinks(c) {
			if time.Now().After(deadline) {
				break
			}
			w, err := bfBuild(mset, cand.corpus)
			if err != nil {
				continue
			}
			if msg := bfCheck(w, cand.req); msg != "" {
				c, failure, progress = cand, msg, true
				break
			}
		}
	}
	return c, failure
}

func bfReport(t *testing.T, mset *mappings.Set, where string, c bfCase, failure string) {
	t.Helper()
	t.Errorf("%s: engine and reference disagree\n%s\nrequest: %s\ncorpus:\n%s", where, failure, bfRequestString(c.req), c.corpus)
	small, sfailure := bfShrink(mset, c, failure)
	t.Fatalf("%s: minimal reproduction:\n%s\nrequest: %s\ncorpus:\n%s", where, sfailure, bfRequestString(small.req), small.corpus)
}

// ---------------------------------------------------------------------------
// Tests.

func TestBruteForceSmallFloat(t *testing.T) {
	// The reference's own port of SmallFloat, against values worked out by
	// hand from Lucene's definition.
	if bfNumFreeValues != 24 {
		t.Fatalf("NUM_FREE_VALUES = %d, want 24", bfNumFreeValues)
	}
	for _, c := range []struct {
		dl   int
		b    byte
		back int
	}{
		{0, 0, 0}, {1, 1, 1}, {23, 23, 23}, {24, 24, 24}, {31, 31, 31}, // below 24, and 24+0..7 (subnormal)
		{39, 39, 39},               // 24+15: 4 significant bits, shift 0
		{40, 40, 40}, {41, 40, 40}, // 24+16, 24+17: shift 1 drops the lowest bit
		{50, 45, 50}, {51, 45, 50}, // 24+26 → (26>>1)&7 | 2<<3 = 21
		{math.MaxInt32, 255, 24 + 15<<27}, // the largest length
	} {
		if got := bfIntToByte4(c.dl); got != c.b {
			t.Errorf("intToByte4(%d) = %d, want %d", c.dl, got, c.b)
		}
		if got := bfByte4ToInt(c.b); got != c.back {
			t.Errorf("byte4ToInt(%d) = %d, want %d", c.b, got, c.back)
		}
	}
	for b := range 256 {
		if got := bfIntToByte4(bfByte4ToInt(byte(b))); got != byte(b) {
			t.Errorf("intToByte4(byte4ToInt(%d)) = %d", b, got)
		}
		if b > 0 && bfByte4ToInt(byte(b)) <= bfByte4ToInt(byte(b-1)) {
			t.Errorf("byte4ToInt is not increasing at %d", b)
		}
	}
}

func bfSeed(t *testing.T) uint64 {
	seed := uint64(0x5eedb0f0)
	if s := os.Getenv("BRUTEFORCE_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 0, 64)
		if err != nil {
			t.Fatalf("BRUTEFORCE_SEED=%q: %v", s, err)
		}
		seed = v
	}
	return seed
}

// TestBruteForceProperty compares the engine with the reference over random
// small corpora (1–3 of category, clause, contract and definition, 1–60
// records each in 1–3 segments, multi-valued texts from a 12-word
// vocabulary, keywords from small sets, nested sections in contract) and
// random requests (query trees of depth ≤ 3 over term, match_all, bool,
// exact and sloppy phrase, prefix, terms, fuzzy, dis_max, constant_score
// and match_none queries (bruteforce_scorers_test.go), boosts in
// {0, 0.5, 1, 2.5}, MinimumShouldMatch 0–3, random index lists, From and
// Size): totals, relation, hits, order, scores and max score.
func TestBruteForceProperty(t *testing.T) {
	const corpora, queries = 250, 25
	seed := bfSeed(t)
	t.Logf("seed %#x (set BRUTEFORCE_SEED to change it); %d corpora × %d queries", seed, corpora, queries)
	mset := bfLoadMappings(t)
	start := time.Now()
	var matched, hits, none int
	for ci := range corpora {
		// One generator per corpus, so a failure names its own seed pair.
		r := rand.New(rand.NewPCG(seed, uint64(ci)))
		corpus := bfGenCorpus(r, mset)
		w, err := bfBuild(mset, corpus)
		if err != nil {
			t.Fatalf("seed %#x corpus %d: building: %v\n%s", seed, ci, err, corpus)
		}
		g := &bfGen{r: r, corpus: corpus}
		for qi := range queries {
			req := g.request(w)
			if failure := bfCheck(w, req); failure != "" {
				bfReport(t, mset, fmt.Sprintf("seed %#x corpus %d query %d", seed, ci, qi), bfCase{corpus, req}, failure)
			}
			n := len(w.expected(req))
			if n == 0 {
				none++
			}
			matched += n
			hits += min(max(n-req.From, 0), req.Size)
		}
	}
	t.Logf("%d requests (%d matching nothing): %d matches compared in full, %d page hits, in %v",
		corpora*queries, none, matched, hits, time.Since(start).Round(time.Millisecond))
}

func bfRec(id string, fields map[string][]string, sections ...map[string][]string) *bfRecord {
	return &bfRecord{ID: id, Fields: fields, Sections: sections}
}

// TestTopLevelIgnoresNestedChildren checks that nested sections are never
// matched or counted by top-level queries, even match_all and pure
// must_not bools, and that term queries on sections.* fields match nothing.
func TestTopLevelIgnoresNestedChildren(t *testing.T) {
	mset := bfLoadMappings(t)
	corpus := bfCorpus{{Name: "contract", Segments: [][]*bfRecord{
		{
			bfRec("c0", map[string][]string{"name": {"supply agreement"}, "snippet": {"alpha bravo"}},
				map[string][]string{"type": {"clause"}, "name": {"governing law"}, "value": {"governing law"}, "snippet": {"alpha charlie"}},
				map[string][]string{"type": {"definition"}, "snippet": {"alpha"}}),
			bfRec("c1", map[string][]string{"name": {"license alpha"}}),
		},
		{
			bfRec("c2", map[string][]string{}, map[string][]string{"type": {"clause"}, "snippet": {"alpha"}}),
			bfRec("c3", map[string][]string{"snippet": {"delta"}},
				map[string][]string{"snippet": {"alpha alpha"}, "name": {"alpha"}, "group_id": {"g1"}}),
		},
	}}}
	w, err := bfBuild(mset, corpus)
	if err != nil {
		t.Fatal(err)
	}
	// The nested children really are documents of the segments: four
	// records, four children.
	if got := w.indexes["contract"].Segments[0].MaxDoc + w.indexes["contract"].Segments[1].MaxDoc; got != 8 {
		t.Fatalf("segments hold %d documents, want 8 (4 records, 4 sections)", got)
	}
	term := func(f, v string) Query { return &TermQuery{Field: f, Term: v} }
	for _, c := range []struct {
		name  string
		q     Query
		total int
		ids   []string
	}{
		{"match_all", &MatchAllQuery{}, 4, []string{"c0", "c1", "c2", "c3"}},
		{"match_all boosted", &MatchAllQuery{Boost: 2.5}, 4, []string{"c0", "c1", "c2", "c3"}},
		{"must_not on a root field", &BoolQuery{MustNot: []Query{term("name", "alpha")}}, 3, []string{"c0", "c2", "c3"}},
		{"must_not on a nested field", &BoolQuery{MustNot: []Query{term("sections.type", "clause")}}, 4, []string{"c0", "c1", "c2", "c3"}},
		{"filter match_all", &BoolQuery{Filter: []Query{&MatchAllQuery{}}}, 4, []string{"c0", "c1", "c2", "c3"}},
		{"sections.snippet", term("sections.snippet", "alpha"), 0, nil},
		{"sections.type", term("sections.type", "clause"), 0, nil},
		{"sections.name", term("sections.name", "alpha"), 0, nil},
		{"sections.name.raw", term("sections.name.raw", "governing law"), 0, nil},
		{"sections.value", term("sections.value", "governing law"), 0, nil},
		{"sections.group_id", term("sections.group_id", "g1"), 0, nil},
		{"filter on a nested field", &BoolQuery{Filter: []Query{term("sections.snippet", "alpha")}}, 0, nil},
		{"must on a nested field", &BoolQuery{Must: []Query{term("sections.type", "clause")}, Should: []Query{&MatchAllQuery{}}}, 0, nil},
		{"should over root and nested", &BoolQuery{Should: []Query{term("sections.snippet", "alpha"), term("name", "alpha")}}, 1, []string{"c1"}},
		// N(snippet) = 2 (c0, c3): the sections' snippets are another field.
		{"root snippet", term("snippet", "alpha"), 1, []string{"c0"}},
	} {
		req := Request{Indexes: []string{"contract"}, Query: c.q, Size: 10}
		res, err := bfSearch(w.searcher, req)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var ids []string
		for _, h := range res.Hits {
			ids = append(ids, h.ID)
		}
		if res.Total != c.total || res.Relation != "eq" || !slices.Equal(ids, c.ids) {
			t.Errorf("%s: total %d %q, hits %q; want %d \"eq\", hits %q", c.name, res.Total, res.Relation, ids, c.total, c.ids)
		}
		if failure := bfCheck(w, req); failure != "" {
			t.Errorf("%s: engine and reference disagree\n%s\nrequest: %s\ncorpus:\n%s", c.name, failure, bfRequestString(req), corpus)
		}
	}
}

// TestTotalHitsCap checks track_total_hits' default: exact totals up to
// 10,000 matches, then 10,000 "gte".
func TestTotalHitsCap(t *testing.T) {
	mset := bfLoadMappings(t)
	// 10,050 records: 9,999 of type "a", one "c", one "d", 49 "b", in three
	// segments.
	const n = 10050
	types := make([]string, n)
	for i := range types {
		types[i] = "a"
	}
	types[5000], types[7000] = "c", "d"
	for k := range 49 {
		types[100+200*k] = "b"
	}
	var segs [][]*bfRecord
	for i := range n {
		if i%3350 == 0 {
			segs = append(segs, nil)
		}
		segs[len(segs)-1] = append(segs[len(segs)-1], bfRec("r"+strconv.Itoa(i), map[string][]string{"type": {types[i]}}))
	}
	start := time.Now()
	w, err := bfBuild(mset, bfCorpus{{Name: "clause", Segments: segs}})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("built %d records in %v", n, time.Since(start).Round(time.Millisecond))
	term := func(v string) Query { return &TermQuery{Field: "type", Term: v} }
	for _, c := range []struct {
		name       string
		q          Query
		from, size int
		total      int
		relation   string
	}{
		{"match_all", &MatchAllQuery{}, 0, 10, 10000, "gte"},
		{"match_all size 0", &MatchAllQuery{}, 0, 0, 10000, "gte"},
		{"match_all last page", &MatchAllQuery{}, 9990, 10, 10000, "gte"},
		{"9,999 matches", term("a"), 0, 10, 9999, "eq"},
		{"9,999 matches, last page", term("a"), 9990, 9, 9999, "eq"},
		{"10,000 matches", &BoolQuery{Should: []Query{term("a"), term("c")}}, 0, 10, 10000, "eq"},
		{"10,001 matches", &BoolQuery{Should: []Query{term("a"), term("c"), term("d")}}, 0, 10, 10000, "gte"},
		{"10,001 by must_not", &BoolQuery{MustNot: []Query{term("b")}}, 0, 3, 10000, "gte"},
		{"49 matches", term("b"), 0, 100, 49, "eq"},
	} {
		req := Request{Indexes: []string{"clause"}, Query: c.q, From: c.from, Size: c.size}
		res, err := bfSearch(w.searcher, req)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if res.Total != c.total || res.Relation != c.relation {
			t.Errorf("%s: total %d %q, want %d %q", c.name, res.Total, res.Relation, c.total, c.relation)
		}
		if failure := bfCheck(w, req); failure != "" {
			t.Errorf("%s: engine and reference disagree\n%s\nrequest: %s", c.name, failure, bfRequestString(req))
		}
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Logf("slow: %v (the budget is 3 s)", d)
	}
}

// TestBruteForceHandComputedBM25 pins the reference (and the engine, within
// 1e-6) to BM25 worked out by hand.
func TestBruteForceHandComputedBM25(t *testing.T) {
	// Four clause records in two segments:
	//
	//	r0 snippet "alpha bravo"                 type "clause"
	//	r1 snippet "alpha alpha charlie delta"   type ["clause", "law"]
	//	r2 snippet "echo"                        (no type)
	//	r3 snippet "alpha" + 40 × " foxtrot"     type "law"
	//
	// snippet:alpha — N = 4, n = 3, idf = ln(1 + (4−3+0.5)/(3+0.5)) =
	// ln(1.4285714) = 0.356674944; sumLen = 2+4+1+41 = 48, avgdl = 12.
	// r3's length 41 is stored as intToByte4(41) = 24 + longToInt4(17) = 40
	// (17 = 0b10001 keeps 4 significant bits: 16), so dlq = 40.
	//
	//	r1: freq 2, dlq 4:  K = 1.2·(0.25 + 0.75·4/12)  = 0.6
	//	    0.356674944 · 2/(2 + 0.6)  = 0.274365341 → float32 0.274365336
	//	r0: freq 1, dlq 2:  K = 1.2·(0.25 + 0.75·2/12)  = 0.45
	//	    0.356674944 · 1/(1 + 0.45) = 0.245982720 → float32 0.245982707
	//	r3: freq 1, dlq 40: K = 1.2·(0.25 + 0.75·40/12) = 3.3
	//	    0.356674944 · 1/(1 + 3.3)  = 0.082947661 → float32 0.0829476416
	//	    (unquantized, dl 41 would give K = 3.375 and 0.0815257)
	//
	// The float32 values are Lucene's: weight − weight/(1 + freq·normInverse)
	// with every step rounded to float32, a few ulps from the float64 ones.
	//
	// type:law (keyword: no norms, freq 1, dl 1) — N = 3 (r0, r1, r3),
	// n = 2, idf = ln(1 + 1.5/2.5) = ln(1.6) = 0.470003629; avgdl = the
	// distinct values per record, (1 + 2 + 1)/3 = 1.3333333:
	//
	//	K = 1.2·(0.25 + 0.75·1/1.3333333) = 0.975
	//	0.470003629 · 1/(1 + 0.975) = 0.237976521 → float32 0.237976521
	//
	// for r1 and r3 alike, which tie and come in insertion order.
	mset := bfLoadMappings(t)
	long := "alpha" + strings.Repeat(" foxtrot", 40)
	corpus := bfCorpus{{Name: "clause", Segments: [][]*bfRecord{
		{
			bfRec("r0", map[string][]string{"snippet": {"alpha bravo"}, "type": {"clause"}}),
			bfRec("r1", map[string][]string{"snippet": {"alpha alpha charlie delta"}, "type": {"clause", "law"}}),
		},
		{
			bfRec("r2", map[string][]string{"snippet": {"echo"}}),
			bfRec("r3", map[string][]string{"snippet": {long}, "type": {"law"}}),
		},
	}}}
	w, err := bfBuild(mset, corpus)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		q      Query
		ids    []string
		scores []float32
	}{
		{&TermQuery{Field: "snippet", Term: "alpha"}, []string{"r1", "r0", "r3"}, []float32{0.274365336, 0.245982707, 0.0829476416}},
		{&TermQuery{Field: "type", Term: "law"}, []string{"r1", "r3"}, []float32{0.237976521, 0.237976521}},
	} {
		req := Request{Indexes: []string{"clause"}, Query: c.q, Size: 10}
		exp := w.expected(req)
		var ids []string
		var scores []float32
		for _, h := range exp {
			ids = append(ids, h.id)
			scores = append(scores, h.score)
		}
		if !slices.Equal(ids, c.ids) || !slices.Equal(scores, c.scores) {
			t.Fatalf("%s: reference gives %q %v, want %q %v", bfGo(c.q), ids, scores, c.ids, c.scores)
		}
		res, err := bfSearch(w.searcher, req)
		if err != nil {
			t.Fatalf("%s: %v", bfGo(c.q), err)
		}
		if len(res.Hits) != len(c.ids) || res.Total != len(c.ids) || res.Relation != "eq" {
			t.Errorf("%s: %d hits, total %d %q; want %d \"eq\"", bfGo(c.q), len(res.Hits), res.Total, res.Relation, len(c.ids))
		}
		for i, h := range res.Hits {
			if i >= len(c.ids) {
				break
			}
			if h.ID != c.ids[i] || math.Abs(float64(h.Score)-float64(c.scores[i])) > 1e-6 {
				t.Errorf("%s: hit %d is %s %.9g, want %s %.9g", bfGo(c.q), i, h.ID, h.Score, c.ids[i], c.scores[i])
			}
		}
		if len(res.Hits) > 0 && math.Abs(float64(res.MaxScore)-float64(c.scores[0])) > 1e-6 {
			t.Errorf("%s: max score %.9g, want %.9g", bfGo(c.q), res.MaxScore, c.scores[0])
		}
	}
}
