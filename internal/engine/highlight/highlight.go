package highlight

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/contractsearch/contractsearch/internal/engine/analysis"
	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/internal/engine/termdict"
)

// Options are a field's highlight options, with OpenSearch's meanings. The
// zero value is not OpenSearch's default (DefaultOptions is): it means
// whole sentences (fragment_size 0) and whole values (number_of_fragments 0)
// with empty tags.
type Options struct {
	// FragmentSize is fragment_size: a passage is the sentences around a
	// match merged while they fit in this many characters (UTF-16 code
	// units, as Java counts them), a longer sentence being cut at word
	// boundaries. 0 means whole sentences, however long.
	FragmentSize int
	// NumberOfFragments is number_of_fragments: at most this many
	// passages, the best scoring ones. 0 makes each whole value that
	// matches one fragment.
	NumberOfFragments int
	// ScoreOrder is `order: score`: fragments best first. Otherwise they
	// come in text order.
	ScoreOrder bool
	// PreTag and PostTag wrap each match (the first of pre_tags and
	// post_tags: OpenSearch only uses those with the unified highlighter).
	// The text between them is not escaped: OpenSearch's default encoder
	// returns the stored value as it is, HTML included.
	PreTag, PostTag string
	// Keyword says the field is a keyword field (or a .raw subfield): a
	// value is a single token, matched whole, and fragments are whole
	// values, as OpenSearch highlights fields that are not tokenized.
	Keyword bool
	// NoMatchSize is no_match_size: when nothing matches, the start of the
	// first value, this many characters extended to the next word break,
	// is returned unhighlighted. 0 (the default) returns nothing.
	NoMatchSize int
	// MaxAnalyzedOffset is the index setting
	// index.highlight.max_analyzed_offset: longer field values cannot be
	// highlighted (Highlight returns a *TooLongError). 0 means OpenSearch's
	// default, 1,000,000.
	MaxAnalyzedOffset int
	// MaxBytes, when positive, bounds the bytes of one hit's fragments:
	// past it Highlight stops and returns a *TooLargeError. Tags count, so
	// long tags around thousands of matches can make fragments far larger
	// than the value (9 KB tags around the 4,730 matches of `the` or
	// `shall` in one CUAD contract: about 85 MB); the caller, whose
	// response could not hold them, sets its response limit here.
	MaxBytes int
}

// DefaultOptions returns OpenSearch's defaults for the unified highlighter:
// fragment_size 100, number_of_fragments 5, order none, tags <em> and
// </em>.
func DefaultOptions() Options {
	return Options{FragmentSize: 100, NumberOfFragments: 5, PreTag: "<em>", PostTag: "</em>"}
}

// DefaultMaxAnalyzedOffset is OpenSearch's default
// index.highlight.max_analyzed_offset.
const DefaultMaxAnalyzedOffset = 1_000_000

// TooLongError is OpenSearch's refusal to highlight a field value longer
// than index.highlight.max_analyzed_offset characters by re-analysing it
// (an illegal_argument_exception that fails the search on that index).
type TooLongError struct {
	Field       string
	Length, Max int
}

func (e *TooLongError) Error() string {
	return fmt.Sprintf("The length of [%s] field has exceeded [%d] - maximum allowed to be analyzed for highlighting. "+
		"This maximum can be set by changing the [index.highlight.max_analyzed_offset] index level setting. "+
		"For large texts, indexing with offsets or term vectors is recommended!", e.Field, e.Max)
}

// TooLargeError says a hit's fragments exceed Options.MaxBytes.
type TooLargeError struct {
	Field string
	Max   int
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("the highlight fragments of [%s] exceed %d bytes", e.Field, e.Max)
}

// Highlighter highlights one field for one query. Build it once per search
// and field, then call Highlight for each hit. It is immutable and safe for
// concurrent use.
type Highlighter struct {
	field string
	opts  Options
	ex    *extracted
}

// scratches holds *scratch: the break iterators and buffers one Highlight
// call uses, kept for the next calls of any Highlighter (a whole
// contract's UTF-16 text and the iterators' memos are large, and a
// Highlighter lives for one request and field).
var scratches sync.Pool

// New returns the highlighter of field for q (the search's query, as built
// for the index the hit comes from; for inner hits, the nested query's
// inner query).
func New(q search.Query, field string, opts Options) *Highlighter {
	if opts.MaxAnalyzedOffset <= 0 {
		opts.MaxAnalyzedOffset = DefaultMaxAnalyzedOffset
	}
	return &Highlighter{field: field, opts: opts, ex: extract(q, field)}
}

// Empty reports whether Highlight returns nothing whatever the values:
// the query has nothing to highlight in the field, and no NoMatchSize
// asks for the start of the value. A caller can then leave the values
// unread.
func (h *Highlighter) Empty() bool {
	return h.ex.empty() && h.opts.NoMatchSize <= 0
}

// Offsets reads one hit's occurrences of the highlighted field from the
// index: what the postings of a field mapped with `index_options:
// offsets` hold (the embedded backend implements it over a segment). The
// highlighter never modifies the terms Prefixed and Fuzzy return, so an
// implementation may hand the same slice to several hits.
type Offsets interface {
	// Occurrences calls fn with the position and the start and end
	// offsets of each occurrence of term in the hit's field, in position
	// order, and never when the term does not occur. Offsets count UTF-16
	// code units of the field's values joined with one unit between them
	// (the joined value the highlighter works on); positions are the
	// indexed ones.
	Occurrences(term string, fn func(pos, start, end int)) error
	// Prefixed returns the field's terms (of any document) that start
	// with prefix, in byte order, and true; or false when more than limit
	// terms do.
	Prefixed(prefix string, limit int) ([]string, bool, error)
	// Fuzzy returns the field's terms (of any document) within maxEdits
	// edits of term whose first prefixLen code points are term's
	// (termdict.Dict.Fuzzy), in byte order, and true; or false when more
	// than limit terms are.
	Fuzzy(term string, maxEdits int, transpositions bool, prefixLen, limit int) ([]string, bool, error)
}

// maxPrefixExpansion bounds the dictionary terms a prefix or fuzzy query
// is expanded to on the postings path: each costs a lookup in the hit's
// postings, and past a few hundred analysing the value is cheaper.
const maxPrefixExpansion = 256

// Highlight is New(q, field, opts).Highlight(ctx, values).
func Highlight(ctx context.Context, q search.Query, field string, values []string, opts Options) ([]string, error) {
	return New(q, field, opts).Highlight(ctx, values)
}

// standard is OpenSearch's `standard` analyzer as the mappings configure it.
var standard = analysis.NewStandard(255)

// Highlight returns the fragments of one hit's field: values are the
// field's values from _source, in order. An empty result means OpenSearch
// would leave the field out of the hit's highlight.
//
// One value can cost far more than a request's time (a phrase of one word
// repeated, with slop, over a whole contract), so every loop over the
// value's tokens, matches and passages ticks a search.Stopper of ctx: once
// ctx ends, Highlight stops within a few thousand steps and returns ctx's
// error, and the caller leaves the hit out as not fetched in time.
func (h *Highlighter) Highlight(ctx context.Context, values []string) ([]string, error) {
	return h.HighlightIndexed(ctx, values, nil)
}

// HighlightIndexed is Highlight with the hit's field read from the index
// when offs is not nil (not for keyword fields): the occurrences of the
// query's terms come from offs instead of analysing the values again, as
// Lucene's unified highlighter takes offsets from postings (OffsetSource
// POSTINGS) for a field indexed with offsets. The fragments are those
// Highlight returns.
//
// A prefix, fuzzy or several-term terms query on the field makes Lucene
// analyse the value all the same (getOptimizedOffsetSource turns
// POSTINGS into ANALYSIS when the query has automata), because the
// automata match the document's own tokens. Those tokens are also the
// dictionary terms the automata accept that the document has, so here
// they are read from postings too: a terms query's terms are looked up,
// a prefix or a fuzzy term is expanded against the field's dictionary
// (the fuzzy term by the dictionary's Levenshtein automaton, which
// accepts what the query's automaton accepts) — unless it names more
// than maxPrefixExpansion terms, or a fuzzy query allows more edits than
// the dictionary's automata, when the value is analysed. Which path runs
// changes no fragment. As in OpenSearch,
// a value longer than MaxAnalyzedOffset is refused (TooLongError) only
// when Lucene would analyse it: without offsets, or with automata.
func (h *Highlighter) HighlightIndexed(ctx context.Context, values []string, offs Offsets) ([]string, error) {
	if h.Empty() {
		return nil, nil
	}
	if len(values) == 0 {
		return nil, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	stop := search.NewStopper(ctx)
	d := newDoc(values)
	indexed := offs != nil && !h.opts.Keyword
	if d.length > h.opts.MaxAnalyzedOffset && (!indexed || len(h.ex.automata) > 0) {
		return nil, &TooLongError{Field: h.field, Length: d.length, Max: h.opts.MaxAnalyzedOffset}
	}
	if d.length == 0 {
		return nil, nil
	}
	var matches []match
	if indexed {
		var err error
		if matches, indexed, err = h.indexedMatches(d, offs, stop); err != nil {
			return nil, err
		}
	}
	if !indexed {
		matches = h.matches(d, stop)
	}
	var passages []*passage
	if stop.Err() == nil {
		if len(matches) > 0 {
			sc, _ := scratches.Get().(*scratch)
			if sc == nil {
				sc = &scratch{}
			}
			passages = h.passages(d, matches, sc, stop)
			scratches.Put(sc)
		} else if h.opts.NoMatchSize > 0 {
			passages = d.noMatchPassage(h.opts.NoMatchSize)
		}
	}
	frags := make([]fragment, 0, len(passages))
	budget := h.opts.MaxBytes
	if budget <= 0 {
		budget = math.MaxInt
	}
	for _, p := range passages {
		if stop.Err() != nil {
			break
		}
		text, ok := d.format(p, h.opts.PreTag, h.opts.PostTag, stop, budget)
		if !ok {
			return nil, &TooLargeError{Field: h.field, Max: h.opts.MaxBytes}
		}
		if hasText(text) {
			frags = append(frags, fragment{text: text, score: p.score})
			budget -= len(text)
		}
	}
	if err := stop.Err(); err != nil {
		return nil, err
	}
	if h.opts.ScoreOrder {
		sortByScore(frags)
	}
	out := make([]string, len(frags))
	for i, f := range frags {
		out[i] = f.text
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

type fragment struct {
	text  string
	score float32
}

// match is one highlighted occurrence, with the term it counts as for
// scoring (a multi-term query's label) and that term's frequency in the
// document.
type match struct {
	start, end int
	term       string
	freq       int
}

// termInfo is what the query makes of one distinct token of the document.
type termInfo struct {
	insensitive bool  // highlighted wherever it occurs
	span        bool  // a phrase term
	automata    []int // indexes of the multi-term queries it matches
	occ         []occurrence
}

// matches analyses the document and lists its matches ordered as Lucene's
// MultiOffsetsEnum yields them: by start offset, end offset, then term.
// Once stop stops, what it returns is incomplete (stop.Err says so).
func (h *Highlighter) matches(d *doc, stop *search.Stopper) []match {
	ex := h.ex
	// infos caches what the query makes of each distinct term (irrelevant
	// for most). Keys are the source text itself when it spells the term
	// (lower-case words), to spare an allocation.
	infos := map[string]*termInfo{}
	irrelevant := &termInfo{}
	var relevant []*termInfo // distinct relevant terms in first-seen order
	visit := func(term []byte, src string, o occurrence) {
		if stop.Tick() {
			return
		}
		ti, ok := infos[string(term)]
		if !ok {
			t := src
			if string(term) != src {
				t = string(term)
			}
			_, insensitive := slices.BinarySearch(ex.insensitive, t)
			span := ex.spanTerms[t]
			var automata []int
			for i, a := range ex.automata {
				if stop.Tick() {
					return
				}
				if a.match(t) {
					automata = append(automata, i)
				}
			}
			if !insensitive && !span && len(automata) == 0 {
				infos[t] = irrelevant
				return
			}
			ti = &termInfo{insensitive: insensitive, span: span, automata: automata}
			relevant = append(relevant, ti)
			infos[t] = ti
		}
		if ti != irrelevant {
			ti.occ = append(ti.occ, o)
		}
	}
	d.analyze(h.opts.Keyword, &ex.quick, stop, visit)
	if stop.Err() != nil {
		return nil
	}
	return h.collect(infos, relevant, stop)
}

// indexedMatches is matches with the occurrences read from the index:
// the terms the analysis path would find relevant (highlighted
// everywhere, phrase terms, terms an automaton accepts) are looked up,
// each once. ok is false, with nothing done, when an automaton cannot be
// expanded against the dictionary (the caller analyses the value).
func (h *Highlighter) indexedMatches(d *doc, offs Offsets, stop *search.Stopper) (ms []match, ok bool, err error) {
	ex := h.ex
	// The automata's candidate terms first, so that an automaton too wide
	// to expand costs no lookup.
	cands := make([][]string, len(ex.automata))
	for i, a := range ex.automata {
		switch {
		case a.terms != nil:
			cands[i] = a.terms
		case a.fuzzy != nil && a.fuzzy.MaxEdits > termdict.MaxEdits:
			return nil, false, nil // more edits than the dictionary's automata take
		default:
			var ts []string
			var ok bool
			var err error
			if f := a.fuzzy; f != nil {
				ts, ok, err = offs.Fuzzy(f.Term, f.MaxEdits, f.Transpositions, f.PrefixLength, maxPrefixExpansion)
			} else {
				ts, ok, err = offs.Prefixed(a.prefix, maxPrefixExpansion)
			}
			if err != nil {
				return nil, false, fmt.Errorf("highlight %s: terms of %q: %w", h.field, a.label, err)
			}
			if !ok {
				return nil, false, nil
			}
			cands[i] = ts
		}
	}
	infos := map[string]*termInfo{}
	var relevant []*termInfo
	info := func(t string) (*termInfo, error) {
		if ti, seen := infos[t]; seen {
			return ti, nil
		}
		_, insensitive := slices.BinarySearch(ex.insensitive, t)
		ti := &termInfo{insensitive: insensitive, span: ex.spanTerms[t]}
		err := offs.Occurrences(t, func(pos, start, end int) {
			ti.occ = append(ti.occ, occurrence{pos: pos, start: start, end: end})
		})
		if err != nil {
			return nil, fmt.Errorf("highlight %s: offsets of %q: %w", h.field, t, err)
		}
		infos[t] = ti
		if len(ti.occ) > 0 {
			relevant = append(relevant, ti)
		}
		return ti, nil
	}
	for _, t := range ex.terms {
		_, insensitive := slices.BinarySearch(ex.insensitive, t)
		if !insensitive && !ex.spanTerms[t] {
			continue // a one-term terms query beside a phrase: never highlighted
		}
		if _, err := info(t); err != nil {
			return nil, false, err
		}
	}
	for i, a := range ex.automata {
		for _, t := range cands[i] {
			if stop.Tick() {
				return nil, true, nil
			}
			if !a.match(t) {
				continue
			}
			ti, err := info(t)
			if err != nil {
				return nil, false, err
			}
			ti.automata = append(ti.automata, i)
		}
	}
	if stop.Tick() {
		return nil, true, nil
	}
	for _, ti := range relevant {
		for _, o := range ti.occ {
			// An occurrence past the value means offsets indexed from
			// other values than those the source holds: never trust them.
			if o.end > d.length || o.start > o.end {
				return nil, false, fmt.Errorf("highlight %s: indexed occurrence at [%d, %d) outside the value (%d units)", h.field, o.start, o.end, d.length)
			}
		}
	}
	return h.collect(infos, relevant, stop), true, nil
}

// collect turns the relevant terms' occurrences into the document's
// matches, ordered as Lucene's MultiOffsetsEnum yields them: by start
// offset, end offset, then term.
func (h *Highlighter) collect(infos map[string]*termInfo, relevant []*termInfo, stop *search.Stopper) []match {
	ex := h.ex
	var ms []match
	for term, ti := range infos {
		if ti.insensitive {
			for _, o := range ti.occ {
				ms = append(ms, match{o.start, o.end, term, len(ti.occ)})
			}
		}
	}
	if len(ex.spans) > 0 {
		ms = appendSpanMatches(ms, ex, infos, stop)
	}
	for i, a := range ex.automata {
		var occ []occurrence
		for _, ti := range relevant {
			if stop.Tick() {
				return nil
			}
			if slices.Contains(ti.automata, i) {
				occ = append(occ, ti.occ...)
			}
		}
		for _, o := range occ {
			ms = append(ms, match{o.start, o.end, a.label, len(occ)})
		}
	}
	slices.SortFunc(ms, func(a, b match) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end), cmp.Compare(a.term, b.term))
	})
	return ms
}

// appendSpanMatches adds the phrase matches: the occurrences inside span
// matches of terms that are not highlighted everywhere anyway, each
// occurrence once, with the number of such occurrences of its term as its
// frequency (PhraseHelper's SpanCollectedOffsetsEnum).
//
// Occurrences are kept once as they are collected, not gathered and then
// made distinct: a phrase of one word repeated matches at nearly every
// position of a long value, and each match reports every term of the
// phrase, so the gathered list would grow as matches × phrase length.
func appendSpanMatches(ms []match, ex *extracted, infos map[string]*termInfo, stop *search.Stopper) []match {
	type span struct{ start, end int }
	collected := map[string]map[span]occurrence{}
	var order []string
	occ := func(t string) []occurrence {
		if ti := infos[t]; ti != nil {
			return ti.occ
		}
		return nil
	}
	for _, sq := range ex.spans {
		spanMatches(sq, occ, stop, func(term string, o occurrence) {
			if stop.Tick() {
				return
			}
			if _, ok := slices.BinarySearch(ex.insensitive, term); ok {
				return
			}
			os, ok := collected[term]
			if !ok {
				order = append(order, term)
				os = map[span]occurrence{}
				collected[term] = os
			}
			if _, dup := os[span{o.start, o.end}]; !dup {
				os[span{o.start, o.end}] = o
			}
		})
		if stop.Err() != nil {
			return ms
		}
	}
	for _, term := range order {
		set := collected[term]
		os := make([]occurrence, 0, len(set))
		for _, o := range set {
			os = append(os, o)
		}
		slices.SortFunc(os, func(a, b occurrence) int { return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end)) })
		for _, o := range os {
			ms = append(ms, match{o.start, o.end, term, len(os)})
		}
	}
	return ms
}

// hasText is OpenSearch's Strings.hasText: some character is not
// whitespace in Java's sense.
func hasText(s string) bool {
	for _, r := range s {
		if !javaWhitespace(r) {
			return true
		}
	}
	return false
}

// javaWhitespace is Character.isWhitespace.
func javaWhitespace(r rune) bool {
	switch {
	case r >= '\t' && r <= '\r', r >= 0x1C && r <= 0x1F:
		return true
	case r == 0xA0 || r == 0x2007 || r == 0x202F:
		return false
	}
	return r == ' ' || r == 0x1680 || (r >= 0x2000 && r <= 0x200A) || r == 0x2028 || r == 0x2029 || r == 0x205F || r == 0x3000
}
