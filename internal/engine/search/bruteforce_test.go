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
//   - RangeQuery matches a record with any integer or date value
//     (epoch milliseconds) in [Lower, Upper] (nil: open), scoring its
//     accumulated boost.
//   - RankFeatureQuery matches a record with the feature and scores
//     Lucene's FeatureField function of the stored value S, which keeps
//     the float's bits >> 15 (9 significant bits): saturation
//     w·(1 − k/(S+k)) in float32 with k the pivot or, without one, the
//     index's mean encoded value (sum/count in float64, to float32,
//     truncated to an integer) decoded; log float32(w·ln(float32(a+S)));
//     sigmoid float32(w·(1 − k^e/(S^e + k^e))) in float64; linear w·S;
//     w is the accumulated boost.
//   - NestedQuery evaluates its query on the record's sections (their
//     own statistics: sections.* fields exist only there, so N, n and
//     avgdl count sections), with the accumulated boost times its own;
//     the record matches when a section does. Its score combines the
//     matching sections' float32 scores in float64 — sum, average, max or
//     min — rounded to float32 once; ScoreNone scores 0.
//   - Inner hits: every NestedQuery with InnerHits outside a MustNot
//     subtree (OpenSearch's extractInnerHitBuilders) gives each hit, under
//     its name (default the path), the record's sections its query matches
//     scored alone (boost 1): total, max score (none when nothing matches
//     or Size is 0), and From/Size of them by score then offset (the
//     section's index in the record).
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
//   - Range and rank_feature queries name fields of their type (or no
//     field at all): the translation refuses the others, as OpenSearch
//     does, and segments do not record a numeric column's type.
//   - Inner hits are given for every hit of every searched index, also
//     where the index has no nested path: the translation drops a nested
//     query (ignore_unmapped) on such an index, and with it the section.
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
	"reflect"
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
	// nums holds integer and date values (epoch milliseconds) by field;
	// feature the rank_feature values as written.
	nums    map[string][]int64
	feature map[string]float32
	// children are a record's nested sections, in source order (their
	// offsets); first is the document number of the first one.
	children []*bfDoc
}

type bfRef struct {
	name string
	kind map[string]mappings.FieldType // inverted root field → text or keyword
	docs []*bfDoc                      // insertion order
	n    map[string]int                // field → records with the field (N)
	sum  map[string]int                // field → sum of lengths
	df   map[string]map[string]int     // field → term → records holding it
	// featSum and featDocs are a feature's sum of encoded values and its
	// number of records (Lucene's totalTermFreq and docFreq of the
	// feature term), for the default saturation pivot.
	featSum, featDocs map[string]int64
	// fuzzy caches each fuzzy query's kept terms (bruteforce_scorers_test.go).
	fuzzyKept map[*FuzzyQuery]bfFuzzyKept
}

type bfWorld struct {
	corpus   bfCorpus
	searcher *Searcher
	// concurrent searches each index on a goroutine of its own.
	concurrent *Searcher
	indexes    map[string]*Index
	refs       map[string]*bfRef
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
			sum: map[string]int{}, df: map[string]map[string]int{}, featSum: map[string]int64{}, featDocs: map[string]int64{}}
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
	// The same indexes searched with helpers from the start, however
	// small (parallel.go): bfCheck asks it for the page.
	w.concurrent = NewSearcher(indexes...)
	w.concurrent.parallelDocs, w.concurrent.helperDelay, w.concurrent.alwaysConcurrent = 0, 0, true
	return w, nil
}

// add inverts one record's root fields as OpenSearch would: mapped,
// indexed, non-nested fields only, text split on spaces (the generated
// texts are lower-case ASCII words separated by single spaces), keyword
// values as whole terms, and the name.raw multi-field fed with name's
// values.
func (r *bfRef) add(mix *mappings.Index, rec *bfRecord, seg int, root uint32) {
	d := r.fields(mix, "", rec.Fields, seg, root)
	d.rec = rec
	// Children come right before their record, in source order.
	first := root - uint32(len(rec.Sections))
	for i, sec := range rec.Sections {
		d.children = append(d.children, r.fields(mix, "sections", sec, seg, first+uint32(i)))
	}
	r.docs = append(r.docs, d)
}

// fields inverts the fields of a record (nested "") or of one of its
// sections (nested "sections", whose keys are relative to it).
func (r *bfRef) fields(mix *mappings.Index, nested string, fields map[string][]string, seg int, doc uint32) *bfDoc {
	d := &bfDoc{seg: seg, doc: doc, tf: map[string]map[string]int{}, dl: map[string]int{},
		pos: map[string]map[string][]int{}, nums: map[string][]int64{}, feature: map[string]float32{}}
	for key, vals := range fields {
		path := key
		if nested != "" {
			path = nested + "." + key
		}
		f, ok := mix.Fields[path]
		if !ok || !f.Indexed || f.NestedPath != nested {
			continue
		}
		switch f.Type {
		case mappings.Integer:
			for _, v := range vals {
				n, err := strconv.ParseInt(v, 10, 64)
				if err != nil {
					panic(err)
				}
				d.nums[path] = append(d.nums[path], n)
			}
			continue
		case mappings.Date:
			for _, v := range vals {
				tm, err := time.Parse("2006-01-02", v)
				if err != nil {
					panic(err)
				}
				d.nums[path] = append(d.nums[path], tm.UnixMilli())
			}
			continue
		case mappings.RankFeature:
			if len(vals) == 1 {
				v, err := strconv.ParseFloat(vals[0], 32)
				if err != nil {
					panic(err)
				}
				d.feature[path] = float32(v)
				r.featSum[path] += int64(bfFeatureFreq(float32(v)))
				r.featDocs[path]++
			}
			continue
		}
		r.invert(d, path, f.Type, vals)
		if raw, ok := mix.Fields[path+".raw"]; ok && raw.Indexed {
			r.invert(d, path+".raw", raw.Type, vals)
		}
	}
	return d
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
	case *RangeQuery:
		lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
		if q.Lower != nil {
			lo = *q.Lower
		}
		if q.Upper != nil {
			hi = *q.Upper
		}
		for _, v := range d.nums[q.Field] {
			if v >= lo && v <= hi {
				return true, float32(boost * bfBoost(q.Boost))
			}
		}
		return false, 0
	case *RankFeatureQuery:
		v, ok := d.feature[q.Field]
		if !ok {
			return false, 0
		}
		return true, r.featureScore(q, float32(boost*bfBoost(q.Boost)), v)
	case *NestedQuery:
		// The boost reaches each child's score; the children's float
		// scores are combined in float64 and rounded once.
		b := float32(boost * bfBoost(q.Boost))
		n := 0
		var acc float64
		for _, c := range d.children {
			ok, s := r.eval(q.Query, c, b)
			if !ok {
				continue
			}
			n++
			switch {
			case n == 1:
				acc = float64(s)
			case q.ScoreMode == ScoreAvg || q.ScoreMode == ScoreSum:
				acc += float64(s)
			case q.ScoreMode == ScoreMax:
				acc = math.Max(acc, float64(s))
			case q.ScoreMode == ScoreMin:
				acc = math.Min(acc, float64(s))
			}
		}
		switch {
		case n == 0:
			return false, 0
		case q.ScoreMode == ScoreNone:
			return true, 0
		case q.ScoreMode == ScoreAvg:
			acc /= float64(n)
		}
		return true, float32(acc)
	}
	if ok, s, handled := r.evalScorers(q, d, boost); handled {
		return ok, s
	}
	panic(fmt.Sprintf("bruteforce: unknown query %T", q))
}

// bfFeatureFreq is the term frequency Lucene's FeatureField indexes a
// feature value under: the float's bits without the 15 low mantissa bits.
func bfFeatureFreq(v float32) uint32 { return math.Float32bits(v) >> 15 }

// bfFeatureValue decodes a feature frequency.
func bfFeatureValue(freq uint32) float32 { return math.Float32frombits(freq << 15) }

// featureScore is Lucene's FeatureField function of the stored (9-bit)
// value S with weight w, in Lucene's arithmetic: saturation
// w·(1 − k/(S + k)) in float with k the given pivot or the index's
// default, the decoded mean frequency (totalTermFreq/docFreq in double,
// to float, truncated to int); log (float)(w·ln(a + S)) with a + S in
// float; sigmoid (float)(w·(1 − k^e/(S^e + k^e))) in double; linear w·S.
func (r *bfRef) featureScore(q *RankFeatureQuery, w, v float32) float32 {
	f := bfFeatureValue(bfFeatureFreq(v))
	switch fn := q.Function.(type) {
	case nil, Saturation:
		var k float32
		if sat, ok := fn.(Saturation); ok && sat.Pivot != nil {
			k = *sat.Pivot
		} else {
			mean := float32(float64(r.featSum[q.Field]) / float64(r.featDocs[q.Field]))
			k = bfFeatureValue(uint32(int32(mean)))
		}
		return w * float32(1-float32(k/float32(f+k)))
	case Log:
		return float32(float64(w) * math.Log(float64(float32(fn.ScalingFactor+f))))
	case Sigmoid:
		kPa := math.Pow(float64(fn.Pivot), float64(fn.Exponent))
		return float32(float64(w) * (1 - kPa/(math.Pow(float64(f), float64(fn.Exponent))+kPa)))
	case Linear:
		return w * f
	}
	panic(fmt.Sprintf("bruteforce: unknown feature function %T", q.Function))
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

// bfInnerHitsDef is an inner hits request of the reference.
type bfInnerHitsDef struct {
	name       string
	query      Query
	from, size int
}

// bfInnerHitsDefs lists a query's inner hits requests: every nested query
// with InnerHits that is not below a MustNot clause (OpenSearch's
// extractInnerHitBuilders), named by InnerHits.Name or else the path.
func bfInnerHitsDefs(q Query, out []bfInnerHitsDef) []bfInnerHitsDef {
	switch q := q.(type) {
	case *BoolQuery:
		for _, l := range [][]Query{q.Must, q.Should, q.Filter} {
			for _, c := range l {
				out = bfInnerHitsDefs(c, out)
			}
		}
	case *DisMaxQuery:
		for _, c := range q.Disjuncts {
			out = bfInnerHitsDefs(c, out)
		}
	case *ConstantScoreQuery:
		out = bfInnerHitsDefs(q.Query, out)
	case *NestedQuery:
		if ih := q.InnerHits; ih != nil {
			name := ih.Name
			if name == "" {
				name = q.Path
			}
			out = append(out, bfInnerHitsDef{name, q.Query, ih.From, ih.Size})
		}
	}
	return out
}

// checkInnerHits compares a hit's inner hits with the reference's: for
// each request, the record's children the inner query matches (scored
// alone, boost 1), total, max score (none when nothing matches or Size is
// 0), and the page ordered by score then offset, where children whose
// reference scores are within 1e-5 may swap.
func (w *bfWorld) checkInnerHits(req Request, h Hit, bad func(string, ...any)) {
	defs := bfInnerHitsDefs(req.Query, nil)
	if len(defs) == 0 {
		if h.InnerHits != nil {
			bad("hit %s: inner hits %v, none requested", h.ID, h.InnerHits)
		}
		return
	}
	if len(h.InnerHits) != len(defs) {
		bad("hit %s: %d inner hits sections, want %d", h.ID, len(h.InnerHits), len(defs))
		return
	}
	ref := w.refs[h.Index]
	var d *bfDoc
	for _, x := range ref.docs {
		if x.seg == h.Segment && x.doc == h.Doc {
			d = x
		}
	}
	if d == nil {
		return // not a match; reported elsewhere
	}
	type match struct {
		offset int
		score  float32
	}
	for _, def := range defs {
		got, ok := h.InnerHits[def.name]
		if !ok {
			bad("hit %s: no inner hits %q", h.ID, def.name)
			continue
		}
		var ms []match
		byOffset := map[int]float32{}
		for off, c := range d.children {
			if ok, s := ref.eval(def.query, c, 1); ok {
				ms = append(ms, match{off, s})
				byOffset[off] = s
			}
		}
		sort.SliceStable(ms, func(i, j int) bool { return ms[i].score > ms[j].score })
		if got.Path != "sections" || got.Total != len(ms) {
			bad("hit %s: inner hits %q: path %q total %d, want sections %d", h.ID, def.name, got.Path, got.Total, len(ms))
		}
		switch {
		case len(ms) == 0 || def.size == 0:
			if got.MaxScore != nil {
				bad("hit %s: inner hits %q: max score %v, want none", h.ID, def.name, *got.MaxScore)
			}
		case got.MaxScore == nil || !bfScoreClose(*got.MaxScore, ms[0].score):
			bad("hit %s: inner hits %q: max score %v, want %.9g", h.ID, def.name, got.MaxScore, ms[0].score)
		}
		page := ms[min(def.from, len(ms)):min(def.from+def.size, len(ms))]
		if len(got.Hits) != len(page) {
			bad("hit %s: inner hits %q: %d hits, want %d", h.ID, def.name, len(got.Hits), len(page))
			continue
		}
		for k, gh := range got.Hits {
			want, ok := byOffset[gh.Offset]
			switch {
			case !ok:
				bad("hit %s: inner hits %q: offset %d does not match", h.ID, def.name, gh.Offset)
			case gh.Doc != d.children[gh.Offset].doc:
				bad("hit %s: inner hits %q: offset %d is document %d, want %d", h.ID, def.name, gh.Offset, gh.Doc, d.children[gh.Offset].doc)
			case !bfScoreClose(gh.Score, want):
				bad("hit %s: inner hits %q: offset %d score %.9g, want %.9g", h.ID, def.name, gh.Offset, gh.Score, want)
			case gh.Offset != page[k].offset && !bfNearTie(want, page[k].score):
				bad("hit %s: inner hits %q: rank %d is offset %d, want %d", h.ID, def.name, k, gh.Offset, page[k].offset)
			}
			if k > 0 {
				prev := got.Hits[k-1]
				if gh.Score > prev.Score || (gh.Score == prev.Score && gh.Offset < prev.Offset) {
					bad("hit %s: inner hits %q: ranks %d and %d out of order", h.ID, def.name, k-1, k)
				}
			}
		}
	}
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
	res, err := bfSearch(w.concurrent, req)
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

	// Every match's inner hits.
	for i, h := range full.Hits {
		if i < 200 {
			w.checkInnerHits(req, h, bad)
		}
	}

	// The page is the slice of all matches. (The tests never ask for a
	// page beyond TotalHitsLimit.)
	if want := max(0, min(req.Size, len(exp)-req.From)); len(res.Hits) != want {
		bad("%d hits on the page, want %d", len(res.Hits), want)
	}
	for i, h := range res.Hits {
		if r := req.From + i; r < len(full.Hits) && !reflect.DeepEqual(h, full.Hits[r]) {
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
	case *RangeQuery:
		bound := func(b *int64) string {
			if b == nil {
				return "nil"
			}
			return fmt.Sprintf("i64(%d)", *b)
		}
		fmt.Fprintf(sb, "&RangeQuery{Field: %q, Lower: %s, Upper: %s%s}", q.Field, bound(q.Lower), bound(q.Upper), boost(q.Boost))
	case *RankFeatureQuery:
		fn := "nil"
		switch f := q.Function.(type) {
		case Saturation:
			fn = "Saturation{}"
			if f.Pivot != nil {
				fn = fmt.Sprintf("Saturation{Pivot: f32(%v)}", *f.Pivot)
			}
		case Log:
			fn = fmt.Sprintf("Log{ScalingFactor: %v}", f.ScalingFactor)
		case Sigmoid:
			fn = fmt.Sprintf("Sigmoid{Pivot: %v, Exponent: %v}", f.Pivot, f.Exponent)
		case Linear:
			fn = "Linear{}"
		}
		fmt.Fprintf(sb, "&RankFeatureQuery{Field: %q, Function: %s%s}", q.Field, fn, boost(q.Boost))
	case *NestedQuery:
		in := indent + "\t"
		fmt.Fprintf(sb, "&NestedQuery{Path: %q, ScoreMode: %d%s,", q.Path, q.ScoreMode, boost(q.Boost))
		if ih := q.InnerHits; ih != nil {
			fmt.Fprintf(sb, "\n%sInnerHits: &InnerHitsSpec{Name: %q, From: %d, Size: %d},", in, ih.Name, ih.From, ih.Size)
		}
		fmt.Fprintf(sb, "\n%sQuery: ", in)
		bfWriteGo(sb, q.Query, in)
		fmt.Fprintf(sb, ",\n%s}", indent)
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
	// bfFeatures are weight_rank values: integers kept exactly by the
	// feature's 9 significant bits, and values that lose bits.
	bfFeatures = []string{"1", "2", "4", "16", "100", "0.3", "3.14159", "1e-3", "257", "65000.5", "1.5"}
	// bfIndexNames are the indexes the property test draws from: clause
	// and definition have every generated field, category lacks snippet
	// and type, contract lacks type and value at the top level and has
	// nested sections.
	bfIndexNames = []string{"category", "clause", "contract", "definition"}
)

// bfDays is the span of generated filing dates, from 2009-01-01.
const bfDays = 4 * 365

// bfDate returns the date d days after 2009-01-01.
func bfDate(d int) string {
	return time.Date(2009, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, d).Format("2006-01-02")
}

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
		// Integers cluster so that ranges cut runs of equal values.
		"group_size":  func() string { return strconv.Itoa(r.IntN(12) - 2) },
		"filing_date": func() string { return bfDate(r.IntN(bfDays)) },
		"weight_rank": func() string { return bfFeatures[r.IntN(len(bfFeatures))] },
	}
	for _, path := range []string{"name", "snippet", "type", "value", "group_id", "group_size", "filing_date", "weight_rank"} {
		if _, ok := mix.Fields[prefix+path]; !ok {
			continue
		}
		n := bfValueCount(r)
		if path == "weight_rank" && n > 1 {
			n = 1 // rank_feature fields refuse several values
		}
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
	// from, so that conjunctions match something often enough; inside a
	// nested query it is one of the focus record's sections.
	focus *bfRecord
	// prefix is "sections." while generating a nested query's inner
	// query, whose terms are mostly on the children's fields.
	prefix string
	// innerHits counts the inner hits requests of the request, to name
	// them apart.
	innerHits int
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
		return &TermQuery{Field: g.prefix + "name.raw", Term: v}, true
	case path == "name" || path == "snippet":
		toks := strings.Fields(v)
		if len(toks) == 0 {
			return nil, false
		}
		return &TermQuery{Field: g.prefix + path, Term: toks[g.r.IntN(len(toks))]}, true
	}
	return &TermQuery{Field: g.prefix + path, Term: v}, true
}

// anySection returns a random section of a random record, or nil.
func (g *bfGen) anySection() map[string][]string {
	ix := g.corpus[g.r.IntN(len(g.corpus))]
	seg := ix.Segments[g.r.IntN(len(ix.Segments))]
	rec := seg[g.r.IntN(len(seg))]
	if len(rec.Sections) == 0 {
		return nil
	}
	return rec.Sections[g.r.IntN(len(rec.Sections))]
}

// sectionTerm draws a term on a children's field, with a value from a
// random section.
func (g *bfGen) sectionTerm() Query {
	r := g.r
	field := []string{"name", "snippet", "name.raw", "type", "value", "group_id"}[r.IntN(6)]
	q := &TermQuery{Field: "sections." + field, Boost: g.boost()}
	src := field
	if field == "name.raw" {
		src = "name"
	}
	var vals []string
	if sec := g.anySection(); sec != nil {
		vals = sec[src]
	}
	switch {
	case len(vals) == 0 || r.IntN(10) == 0:
		q.Term = bfAbsent[r.IntN(len(bfAbsent))]
		if field == "name" || field == "snippet" {
			q.Term = bfWord(r)
		}
	case field == "name" || field == "snippet":
		toks := strings.Fields(vals[r.IntN(len(vals))])
		if len(toks) == 0 {
			return &TermQuery{Field: q.Field, Term: bfWord(r), Boost: q.Boost}
		}
		q.Term = toks[r.IntN(len(toks))]
	default:
		q.Term = vals[r.IntN(len(vals))]
	}
	return q
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
	if g.prefix != "" && r.IntN(10) != 0 {
		return g.sectionTerm()
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
	switch x := r.IntN(40); {
	case x < 5:
		return &MatchAllQuery{Boost: g.boost()}
	case x < 9:
		return g.rangeQuery()
	case x < 12:
		return g.featureQuery()
	case x < 17 && g.prefix == "" && depth < 3:
		return g.nested(depth)
	}
	if r.IntN(10) < 4 {
		return g.scorerLeaf(depth)
	}
	return g.term()
}

// rangeQuery draws a range on an integer or date field, with bounds
// often equal to a record's value (to test inclusiveness), sometimes
// open, sometimes empty (lower above upper).
func (g *bfGen) rangeQuery() Query {
	r := g.r
	q := &RangeQuery{Field: "group_size", Boost: g.boost()}
	bound := func() *int64 {
		if r.IntN(4) == 0 {
			return nil
		}
		v := int64(r.IntN(16) - 4)
		if q.Field == "filing_date" {
			v = *bfMillis(bfDate(r.IntN(bfDays+60) - 30))
		}
		if vals := g.anyValue(q.Field); vals != "" && r.IntN(2) == 0 {
			if q.Field == "filing_date" {
				v = *bfMillis(vals)
			} else {
				n, _ := strconv.ParseInt(vals, 10, 64)
				v = n
			}
		}
		return &v
	}
	switch x := r.IntN(20); {
	case x < 7:
		q.Field = "filing_date"
	case x < 8:
		q.Field = "nofield"
	}
	q.Lower, q.Upper = bound(), bound()
	if q.Lower != nil && q.Upper != nil && *q.Lower > *q.Upper && r.IntN(3) != 0 {
		q.Lower, q.Upper = q.Upper, q.Lower
	}
	return q
}

func bfMillis(date string) *int64 {
	tm, err := time.Parse("2006-01-02", date)
	if err != nil {
		panic(err)
	}
	ms := tm.UnixMilli()
	return &ms
}

// featureQuery draws a rank_feature query with one of the functions.
func (g *bfGen) featureQuery() Query {
	r := g.r
	q := &RankFeatureQuery{Field: "weight_rank", Boost: g.boost()}
	if r.IntN(15) == 0 {
		q.Field = "nofeature" // in no mapping
	}
	pivots := []float32{0.5, 1, 3, 16, 100}
	switch r.IntN(6) {
	case 0:
	case 1:
		q.Function = Saturation{}
	case 2:
		q.Function = Saturation{Pivot: &pivots[r.IntN(len(pivots))]}
	case 3:
		q.Function = Log{ScalingFactor: []float32{1, 1.5, 4}[r.IntN(3)]}
	case 4:
		q.Function = Sigmoid{Pivot: pivots[r.IntN(len(pivots))], Exponent: []float32{0.6, 1, 2}[r.IntN(3)]}
	case 5:
		q.Function = Linear{}
	}
	return q
}

// nested draws a nested query whose inner query is mostly on the
// children's fields, with a random score mode and, half the time, inner
// hits.
func (g *bfGen) nested(depth int) Query {
	r := g.r
	q := &NestedQuery{Path: "sections", ScoreMode: ScoreMode(r.IntN(5)), Boost: g.boost()}
	focus, prefix := g.focus, g.prefix
	g.focus, g.prefix = nil, "sections."
	if focus != nil && len(focus.Sections) > 0 {
		g.focus = &bfRecord{Fields: focus.Sections[r.IntN(len(focus.Sections))]}
	}
	q.Query = g.query(depth + 1)
	g.focus, g.prefix = focus, prefix
	if r.IntN(2) == 0 {
		q.InnerHits = &InnerHitsSpec{Size: []int{0, 1, 3, 3, 10}[r.IntN(5)]}
		if r.IntN(4) == 0 {
			q.InnerHits.From = r.IntN(3)
		}
		if g.innerHits > 0 || r.IntN(3) != 0 {
			q.InnerHits.Name = fmt.Sprintf("ih%d", g.innerHits)
		}
		g.innerHits++
	}
	return q
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
	g.focus, g.prefix, g.innerHits = nil, "", 0
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
	case *RangeQuery:
		for _, c := range []RangeQuery{{Field: q.Field, Lower: q.Lower, Upper: q.Upper}, {Field: q.Field, Upper: q.Upper, Boost: q.Boost}, {Field: q.Field, Lower: q.Lower, Boost: q.Boost}} {
			if c != *q {
				out = append(out, &c)
			}
		}
	case *RankFeatureQuery:
		if q.Boost != 0 {
			out = append(out, &RankFeatureQuery{Field: q.Field, Function: q.Function})
		}
		if q.Function != nil {
			out = append(out, &RankFeatureQuery{Field: q.Field, Boost: q.Boost})
		}
	case *NestedQuery:
		out = append(out, q.Query)
		if q.InnerHits != nil {
			c := *q
			c.InnerHits = nil
			out = append(out, &c)
		}
		if q.ScoreMode != ScoreAvg || q.Boost != 0 {
			c := *q
			c.ScoreMode, c.Boost = ScoreAvg, 0
			out = append(out, &c)
		}
		for _, sub := range bfQueryShrinks(q.Query) {
			c := *q
			c.Query = sub
			out = append(out, &c)
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
// vocabulary, keywords from small sets, integers and dates (multi-valued
// too), rank features that do and do not survive the 9-bit encoding,
// nested sections in contract) and random requests (query trees of depth
// ≤ 3 over term, match_all, bool, range, rank_feature with every function,
// nested queries with every score mode and inner hits, exact and sloppy
// phrase, prefix, terms, fuzzy, dis_max, constant_score and match_none
// (bruteforce_scorers_test.go), boosts in {0, 0.5, 1, 2.5},
// MinimumShouldMatch 0–3, random index lists, From and Size): totals,
// relation, hits, order, scores, max score and inner hits.
func TestBruteForceProperty(t *testing.T) {
	corpora, queries := 250, 25
	if testing.Short() {
		corpora = 40 // make test runs the full size once, without the race detector
	}
	seed := bfSeed(t)
	t.Logf("seed %#x (set BRUTEFORCE_SEED to change it); %d corpora × %d queries", seed, corpora, queries)
	mset := bfLoadMappings(t)
	start := time.Now()
	var matched, hits, none int
	matchingKinds := map[string]int{}
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
			if n > 0 {
				bfCountKinds(req.Query, matchingKinds)
				if len(bfInnerHitsDefs(req.Query, nil)) > 0 {
					matchingKinds["inner hits"]++
				}
			}
		}
	}
	t.Logf("%d requests (%d matching nothing): %d matches compared in full, %d page hits, in %v",
		corpora*queries, none, matched, hits, time.Since(start).Round(time.Millisecond))
	t.Logf("requests matching something, by the query types they hold: %v", matchingKinds)
}

// bfCountKinds counts the query types a tree holds, once per type.
func bfCountKinds(q Query, counts map[string]int) {
	seen := map[string]bool{}
	var walk func(Query)
	walk = func(q Query) {
		kind := strings.TrimSuffix(strings.TrimPrefix(fmt.Sprintf("%T", q), "*search."), "Query")
		if n, ok := q.(*NestedQuery); ok {
			kind = fmt.Sprintf("nested(mode %d)", n.ScoreMode)
		}
		seen[kind] = true
		switch q := q.(type) {
		case *BoolQuery:
			for _, l := range [][]Query{q.Must, q.Should, q.Filter, q.MustNot} {
				for _, c := range l {
					walk(c)
				}
			}
		case *NestedQuery:
			walk(q.Query)
		}
	}
	walk(q)
	for k := range seen {
		counts[k]++
	}
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
