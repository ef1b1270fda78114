package highlight

import (
	"strconv"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/engine/termdict"
	"slices"
	"strings"

	"github.com/contractsearch/contractsearch/internal/engine/search"
)

// What a query highlights in one field, as the unified highlighter extracts
// it (OpenSearch's require_field_match is true by default, so only clauses
// on the highlighted field count):
//
//   - terms: every term the query's QueryVisitor reports for the field
//     (term queries, the terms of phrases, a terms query of one term),
//     sorted. Clauses under must_not are
//     not visited; filter clauses are.
//   - spans: the phrases on the field, as the span queries Lucene's
//     WeightedSpanTermExtractor turns them into. When there is at least one,
//     the highlighter is "position sensitive": only the terms of term
//     queries (insensitive) are highlighted wherever they occur, and phrase
//     terms only inside a phrase match.
//   - automata: prefix queries, fuzzy queries and terms queries of several
//     terms, matched against the document's own tokens; each is labelled
//     with its query's toString, and all its matches count as one term of
//     that label when passages are scored.
type extracted struct {
	terms       []string
	insensitive []string
	spans       []spanQuery
	spanTerms   map[string]bool // the terms of spans
	automata    []automaton
	// quick tells most tokens that cannot match apart without a lookup.
	quick quickFilter
}

// quickFilter is a necessary condition for a token to be highlighted: its
// first byte, and unless any length may match, its length modulo 64, are
// those of a term (or a multi-term query's fixed prefix) of the query. A
// long document is mostly words the query does not name; this spares
// looking each one up.
type quickFilter struct {
	all    bool // no condition: a multi-term query may match any word
	first  [256]bool
	anyLen bool
	lens   uint64
}

// add admits the words starting with t's first byte; of length len(t)
// only, when exact.
func (f *quickFilter) add(t string, exact bool) {
	if t == "" {
		f.all = true
		return
	}
	f.first[t[0]] = true
	if exact {
		f.lens |= 1 << (len(t) % 64)
	} else {
		f.anyLen = true
	}
}

// may reports whether term passes the filter.
func (f *quickFilter) may(term []byte) bool {
	if f.all || len(term) == 0 {
		return true
	}
	return f.first[term[0]] && (f.anyLen || f.lens&(1<<(len(term)%64)) != 0)
}

// spanQuery is a phrase as a SpanNearQuery (ordered when its slop is 0)
// or, for a phrase of one term, a SpanTermQuery.
type spanQuery struct {
	terms []string
	slop  int
}

// automaton is a multi-term query of the field: it matches a token when
// match says so. Every token it matches starts with prefix, and when
// terms is not nil, is one of them; when fuzzy is not nil, it is that
// query's automaton.
type automaton struct {
	label  string
	match  func(term string) bool
	prefix string
	terms  []string
	fuzzy  *search.FuzzyQuery
}

// extract walks q as Lucene's QueryVisitor and WeightedSpanTermExtractor
// walk OpenSearch's query, keeping what applies to field.
func extract(q search.Query, field string) *extracted {
	e := &extracted{}
	var insensitive []string
	var walk func(q search.Query)
	walk = func(q search.Query) {
		switch q := q.(type) {
		case *search.TermQuery:
			if q.Field == field {
				e.terms = append(e.terms, q.Term)
				insensitive = append(insensitive, q.Term)
			}
		case *search.PhraseQuery:
			if q.Field == field && len(q.Terms) > 0 {
				e.terms = append(e.terms, q.Terms...)
				e.spans = append(e.spans, spanQuery{terms: q.Terms, slop: q.Slop})
			}
		case *search.PrefixQuery:
			if q.Field == field {
				prefix := q.Prefix
				e.automata = append(e.automata, automaton{
					label:  field + ":" + prefix + "*",
					match:  func(t string) bool { return strings.HasPrefix(t, prefix) },
					prefix: prefix,
				})
			}
		case *search.FuzzyQuery:
			if q.Field == field {
				e.automata = append(e.automata, fuzzyAutomaton(field, q))
			}
		case *search.TermSetQuery:
			if q.Field == field {
				set := slices.Clone(q.Terms)
				slices.Sort(set)
				set = slices.Compact(set)
				switch len(set) {
				case 0:
				case 1:
					e.terms = append(e.terms, set[0])
				default:
					e.automata = append(e.automata, automaton{
						label: field + ":(" + strings.Join(set, " ") + ")",
						match: func(t string) bool { _, ok := slices.BinarySearch(set, t); return ok },
						terms: set,
					})
				}
			}
		}
		// The clauses below, but not must_not ones: Lucene's visitor for a
		// MUST_NOT clause is QueryVisitor.EMPTY_VISITOR (a block join
		// visits its child query).
		search.Clauses(q, func(c search.Query, o search.Occur) {
			if o != search.OccurMustNot {
				walk(c)
			}
		})
	}
	walk(q)
	slices.Sort(e.terms)
	e.terms = slices.Compact(e.terms)
	e.spanTerms = map[string]bool{}
	for _, sq := range e.spans {
		for _, t := range sq.terms {
			e.spanTerms[t] = true
		}
	}
	if len(e.spans) > 0 {
		slices.Sort(insensitive)
		e.insensitive = slices.Compact(insensitive)
	} else {
		e.insensitive = e.terms
	}
	for _, t := range e.insensitive {
		e.quick.add(t, true)
	}
	for t := range e.spanTerms {
		e.quick.add(t, true)
	}
	for _, a := range e.automata {
		if a.terms == nil {
			e.quick.add(a.prefix, false)
		}
		for _, t := range a.terms {
			e.quick.add(t, true)
		}
	}
	return e
}

// empty reports whether the query cannot highlight anything in the field
// (Lucene's NoOpOffsetStrategy).
func (e *extracted) empty() bool {
	return len(e.terms) == 0 && len(e.automata) == 0
}

// fuzzyAutomaton is what a FuzzyQuery contributes: Lucene visits it with its
// Levenshtein automaton, which accepts every term within MaxEdits of Term
// (code points, transpositions if asked) that starts with Term's first
// PrefixLength code points — all of them, not only the MaxExpansions terms
// the search kept.
func fuzzyAutomaton(field string, q *search.FuzzyQuery) automaton {
	runes := []rune(q.Term)
	n := min(q.PrefixLength, len(runes))
	prefix, suffix := string(runes[:n]), string(runes[n:])
	suffixLen := len(runes) - n
	maxEdits, trans := q.MaxEdits, q.Transpositions
	return automaton{
		label:  field + ":" + q.Term + "~" + strconv.Itoa(q.MaxEdits),
		prefix: prefix,
		fuzzy:  q,
		match: func(t string) bool {
			rest, ok := strings.CutPrefix(t, prefix)
			if !ok {
				return false
			}
			if d := utf8.RuneCountInString(rest) - suffixLen; d > maxEdits || -d > maxEdits {
				return false
			}
			return termdict.EditDistance(rest, suffix, trans) <= maxEdits
		},
	}
}
