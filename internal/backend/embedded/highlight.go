package embedded

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/highlight"
	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/mappings"
)

// highlighter renders a request's highlight member for hits: one
// highlight.Highlighter per index and field, built from the query built
// for that index, as each OpenSearch shard highlights with its own query.
type highlighter struct {
	spec     *dsl.Highlight
	mappings *mappings.Set
	cache    map[string]*highlight.Highlighter // index + "\x00" + field
	// maxBytes is the response's limit (MAX_RESPONSE_BYTES; 0: none):
	// one field's fragments beyond it could never be sent, so they stop
	// being built there.
	maxBytes int64
	// expansions holds the terms prefix and fuzzy queries expanded to in
	// a segment's dictionary for earlier hits: the same for every hit of
	// the segment, and a fuzzy term's walk of the dictionary costs as much
	// as the search's own expansion of it.
	expansions map[expansionKey]expansion
}

func newHighlighter(spec *dsl.Highlight, set *mappings.Set, maxBytes int64) *highlighter {
	return &highlighter{spec: spec, mappings: set, cache: map[string]*highlight.Highlighter{}, maxBytes: maxBytes,
		expansions: map[expansionKey]expansion{}}
}

// options returns a field's options: its own fragment_size and
// number_of_fragments over the request's, over OpenSearch's defaults.
func (h *highlighter) options(f dsl.HighlightField, keyword bool) highlight.Options {
	o := highlight.DefaultOptions()
	if h.spec.FragmentSize != nil {
		o.FragmentSize = *h.spec.FragmentSize
	}
	if f.FragmentSize != nil {
		o.FragmentSize = *f.FragmentSize
	}
	if h.spec.NumberOfFragments != nil {
		o.NumberOfFragments = *h.spec.NumberOfFragments
	}
	if f.NumberOfFragments != nil {
		o.NumberOfFragments = *f.NumberOfFragments
	}
	o.ScoreOrder = h.spec.Order == "score"
	// The unified highlighter uses the first tag of each list.
	if len(h.spec.PreTags) > 0 {
		o.PreTag = h.spec.PreTags[0]
	}
	if len(h.spec.PostTags) > 0 {
		o.PostTag = h.spec.PostTags[0]
	}
	o.Keyword = keyword
	o.MaxBytes = int(min(h.maxBytes, math.MaxInt32))
	return o
}

// indexedDoc is the document a hit (or inner hit) is in its segment:
// fields indexed with offsets are highlighted from its postings.
type indexedDoc struct {
	seg *segment.Segment
	doc uint32
}

// offsets returns the indexed occurrences of field in the document at,
// or nil when the field has no offsets (the highlighter analyses its
// values).
func (h *highlighter) offsets(at indexedDoc, field string) highlight.Offsets {
	if at.seg == nil {
		return nil
	}
	if o := at.seg.Field(field).DocOccurrences(at.doc); o != nil {
		return hitOffsets{DocOccurrences: o, seg: at.seg, field: field, expansions: h.expansions}
	}
	return nil
}

// expansionKey names one dictionary expansion: of a prefix (fuzzy
// false) or of a fuzzy term, in a field of a segment.
type expansionKey struct {
	seg                     *segment.Segment
	field, term             string
	fuzzy, transpositions   bool
	maxEdits, prefix, limit int
}

// expansion is what Prefixed or Fuzzy returned.
type expansion struct {
	terms []string
	ok    bool
}

// hitOffsets is a hit's occurrences whose dictionary expansions are
// remembered for the request's next hits (the highlighter only reads the
// terms returned).
type hitOffsets struct {
	*segment.DocOccurrences
	seg        *segment.Segment
	field      string
	expansions map[expansionKey]expansion
}

func (o hitOffsets) Prefixed(prefix string, limit int) ([]string, bool, error) {
	return o.expand(expansionKey{seg: o.seg, field: o.field, term: prefix, limit: limit}, func() ([]string, bool, error) {
		return o.DocOccurrences.Prefixed(prefix, limit)
	})
}

func (o hitOffsets) Fuzzy(term string, maxEdits int, transpositions bool, prefixLen, limit int) ([]string, bool, error) {
	k := expansionKey{seg: o.seg, field: o.field, term: term, fuzzy: true, transpositions: transpositions,
		maxEdits: maxEdits, prefix: prefixLen, limit: limit}
	return o.expand(k, func() ([]string, bool, error) {
		return o.DocOccurrences.Fuzzy(term, maxEdits, transpositions, prefixLen, limit)
	})
}

func (o hitOffsets) expand(k expansionKey, expand func() ([]string, bool, error)) ([]string, bool, error) {
	if e, seen := o.expansions[k]; seen {
		return e.terms, e.ok, nil
	}
	terms, ok, err := expand()
	if err != nil {
		return nil, false, err
	}
	o.expansions[k] = expansion{terms: terms, ok: ok}
	return terms, ok, nil
}

// render returns the highlight member of one hit (or inner hit): doc is
// the scanned _source of what is highlighted, prefix the path it sits at
// ("" for a record, "sections" for a section), q the query that matched
// it, at the document in its segment. Fields the index does not map, and fields without a match, are left
// out; nil means no field matched (the member is omitted).
//
// ctx is checked before each field: the fetch phase's deadline bounds
// highlighting (its error is returned).
func (h *highlighter) render(ctx context.Context, index string, q search.Query, doc *storedSource, prefix string, at indexedDoc) (json.RawMessage, error) {
	m := h.mappings.Index(index)
	if m == nil {
		return nil, nil
	}
	var out []byte
	for _, f := range h.spec.Fields {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		field, ok := m.Fields[f.Name]
		if !ok {
			continue
		}
		rel, ok := relativePath(sourcePath(m, f.Name), prefix)
		if !ok {
			continue // a record field asked of a section
		}
		hl := h.fieldHighlighter(index, f, field.Type == mappings.Keyword, q, prefix)
		if hl.Empty() {
			continue // nothing to highlight: the value is not even unquoted
		}
		values, err := doc.values(rel)
		if err != nil {
			return nil, err
		}
		if len(values) == 0 {
			continue
		}
		frags, err := hl.HighlightIndexed(ctx, values, h.offsets(at, f.Name))
		if err != nil {
			var tl *highlight.TooLongError
			if errors.As(err, &tl) {
				return nil, &apierr.Error{Status: http.StatusBadRequest, Type: apierr.TypeIllegalArgument, Reason: err.Error()}
			}
			var large *highlight.TooLargeError
			if errors.As(err, &large) {
				return nil, apierr.ResponseTooLarge(h.maxBytes)
			}
			return nil, err
		}
		if len(frags) == 0 {
			continue
		}
		if out == nil {
			out = append(out, '{')
		} else {
			out = append(out, ',')
		}
		out = strconv.AppendQuote(out, f.Name)
		out = append(out, ':')
		// Fragments are written as OpenSearch writes them: tags and stored
		// HTML as characters, not \u003c escapes.
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(frags); err != nil {
			return nil, err
		}
		out = append(out, bytes.TrimRight(buf.Bytes(), "\n")...)
	}
	if out == nil {
		return nil, nil
	}
	return append(out, '}'), nil
}

// fieldHighlighter returns the Highlighter of field f of index for q,
// built once per request for the records' fields (prefix ""; inner hits'
// queries differ per nested clause).
func (h *highlighter) fieldHighlighter(index string, f dsl.HighlightField, keyword bool, q search.Query, prefix string) *highlight.Highlighter {
	key := index + "\x00" + f.Name
	hl := h.cache[key]
	if hl == nil {
		hl = highlight.New(q, f.Name, h.options(f, keyword))
		if prefix == "" {
			h.cache[key] = hl
		}
	}
	return hl
}

// reads reports whether rendering reads the top-level member key of a
// source at prefix: whether a highlighted field the index maps lies in it
// — for a record (prefix ""), one q can highlight something in (a
// contract's body is left compressed under Form A's include list when the
// query has no text, as for a clause search-within).
func (h *highlighter) reads(index, prefix, key string, q search.Query) bool {
	m := h.mappings.Index(index)
	if m == nil {
		return false
	}
	for _, f := range h.spec.Fields {
		field, ok := m.Fields[f.Name]
		if !ok {
			continue
		}
		rel, ok := relativePath(sourcePath(m, f.Name), prefix)
		if !ok || (rel != key && !strings.HasPrefix(rel, key+".")) {
			continue
		}
		if prefix != "" || !h.fieldHighlighter(index, f, field.Type == mappings.Keyword, q, prefix).Empty() {
			return true
		}
	}
	return false
}

// sourcePath is where a field's values are in _source: a multi-field
// (name.raw) reads its parent's values.
func sourcePath(m *mappings.Index, field string) string {
	if parent, ok := strings.CutSuffix(field, ".raw"); ok {
		if _, mapped := m.Fields[parent]; mapped {
			return parent
		}
	}
	return field
}

// relativePath strips prefix (a nested path) from path.
func relativePath(path, prefix string) (string, bool) {
	if prefix == "" {
		return path, true
	}
	return strings.CutPrefix(path, prefix+".")
}

// innerQuery finds, in a query built for an index, the inner query of the
// nested clause whose inner hits are called name: inner hits are
// highlighted with it, as OpenSearch's inner hits search with it.
func innerQuery(q search.Query, name string) search.Query {
	var found search.Query
	search.Walk(q, func(q search.Query, underMustNot bool) {
		n, ok := q.(*search.NestedQuery)
		if !ok || n.InnerHits == nil || underMustNot || found != nil {
			return
		}
		if ihName := n.InnerHits.Name; ihName == name || ihName == "" && n.Path == name {
			found = n.Query
		}
	})
	return found
}
