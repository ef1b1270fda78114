package clausetype

import (
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/kljensen/snowball/english"
)

// Named returns the sorted clause types a searcher's words name, in any
// order and any form: "no solicit clients" names no-solicit-of-customers
// (its name's words are "solicit" and "customers"), "terminated for
// convenience" names termination-for-convenience, "liability uncapped"
// names uncapped-liability. A type is named when every content word of
// its slug, its name or one of its headings is among words, compared by
// stem, with British spellings and a few words contracts use
// interchangeably ("client", "customer") made one. Of the types named,
// those whose best-matching name is a strict part of another named
// type's are left out: "termination for convenience" names
// termination-for-convenience, not also termination.
//
// A word ending in "*" is a prefix, as in a query: "solicit*" stands for
// every word it begins ("solicit", "solicitation"), and counts for a
// name's word whose stem it begins or that begins it; a prefix of fewer
// than four letters names nothing.
//
// OfHeading is for a heading the user gives as a heading (a clause
// filter), where the whole heading must name the type; Named is for the
// free words of a query, where a type's name may come in pieces.
func Named(words []string) []string {
	slugs, _ := NamedWhole(words)
	return slugs
}

// NamedWhole is Named, and also reports whether words are nothing but
// the names it found: every content word and prefix belongs to the
// matched name of a type returned. "insurance audit rights" is two names;
// "unlimited liability for breach of confidentiality" describes a clause
// and names confidentiality only in passing.
func NamedWhole(words []string) (slugs []string, whole bool) {
	if len(words) == 0 {
		return nil, false
	}
	q := query{stems: make(map[string]bool, len(words))}
	for _, w := range words {
		if p, ok := strings.CutSuffix(w, "*"); ok {
			if p = strings.ToLower(p); len(p) >= minPrefix && !strings.ContainsFunc(p, notWordRune) {
				q.prefixes = append(q.prefixes, p)
			}
			continue
		}
		for _, nw := range contentWords(w) {
			q.stems[nw.stem] = true
		}
	}
	if len(q.stems) == 0 && len(q.prefixes) == 0 {
		return nil, false
	}
	type hit struct {
		slug string
		best []nameWord // the largest name of the type within q
	}
	var hits []hit
	for _, t := range loadNames() {
		var best []nameWord
		for _, set := range t.sets {
			if len(set) > len(best) && allIn(set, q) {
				best = set
			}
		}
		if best != nil {
			hits = append(hits, hit{t.slug, best})
		}
	}
	var out []string
	var names []nameWord // the words of the names matched
	for _, h := range hits {
		covered := slices.ContainsFunc(hits, func(o hit) bool {
			return len(o.best) > len(h.best) && allIn(h.best, query{stems: stemSet(o.best)})
		})
		if !covered && !slices.Contains(out, h.slug) {
			out = append(out, h.slug)
			names = append(names, h.best...)
		}
	}
	slices.Sort(out)
	whole = len(out) > 0
	for stem := range q.stems {
		whole = whole && slices.ContainsFunc(names, func(w nameWord) bool { return w.stem == stem })
	}
	for _, p := range q.prefixes {
		whole = whole && slices.ContainsFunc(names, func(w nameWord) bool { return w.beginsWith(p) })
	}
	return out, whole
}

// typeNames is one type's names, each as its content words.
type typeNames struct {
	slug string
	sets [][]nameWord
}

// nameWord is a content word of a name: as written (lower case), after
// nameSynonyms (word), and its stem. A query's prefix may begin either
// form: "limit*" is in "Volume Limitations" though the name's word is
// "restrictions".
type nameWord struct{ written, word, stem string }

var loadNames = sync.OnceValue(func() []typeNames {
	out := make([]typeNames, 0, len(taxonomy))
	for _, t := range taxonomy {
		tn := typeNames{slug: t.Slug}
		for _, name := range append([]string{t.Slug, t.Name}, t.Headings...) {
			set := contentWords(name)
			slices.SortFunc(set, func(a, b nameWord) int { return strings.Compare(a.stem, b.stem) })
			set = slices.CompactFunc(set, func(a, b nameWord) bool { return a.stem == b.stem })
			if len(set) > 0 && !slices.ContainsFunc(tn.sets, func(s []nameWord) bool { return slices.Equal(s, set) }) {
				tn.sets = append(tn.sets, set)
			}
		}
		out = append(out, tn)
	}
	return out
})

// nameStopWords carry no clause meaning in a name or a query: "Notice of
// Non-Renewal" is about renewal and notice, "No Third Party
// Beneficiaries" about third-party beneficiaries.
var nameStopWords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "and": true, "or": true, "to": true, "in": true,
	"on": true, "for": true, "by": true, "with": true, "from": true, "upon": true, "any": true,
	"no": true, "non": true, "not": true, "anti": true, "its": true, "this": true, "all": true,
}

// nameSynonyms are words contracts use for one another in clause names,
// and British spellings; each maps to the word the taxonomy uses.
var nameSynonyms = map[string]string{
	"client": "customer", "clients": "customers",
	"licence": "license", "licences": "licenses", "licenced": "licensed", "licencing": "licensing",
	"favour": "favor", "favoured": "favored", "favourable": "favorable",
	"noncompete": "compete", "noncompetition": "competition",
	"limit": "restriction", "limits": "restrictions", "limitation": "restriction", "limitations": "restrictions",
	"cap": "restriction", "caps": "restrictions",
}

// contentWords splits s into words at anything but a letter or digit,
// drops stop words and a joined "non"/"anti" prefix, and stems the rest
// (English Snowball) after the synonyms.
func contentWords(s string) []nameWord {
	var out []nameWord
	for _, w := range strings.FieldsFunc(strings.ToLower(s), notWordRune) {
		if nameStopWords[w] {
			continue
		}
		written := w
		if syn, ok := nameSynonyms[w]; ok {
			w = syn
		}
		for _, p := range []string{"non", "anti"} {
			if rest, ok := strings.CutPrefix(w, p); ok && len(rest) >= 5 {
				if syn, ok := nameSynonyms[rest]; ok {
					rest = syn
				}
				w = rest
			}
		}
		out = append(out, nameWord{written, w, english.Stem(w, false)})
	}
	return out
}

// minPrefix is the shortest prefix Named reads.
const minPrefix = 4

// query is what Named compares names with: the stems of the words and
// the prefixes.
type query struct {
	stems    map[string]bool
	prefixes []string
}

// has reports whether q holds a name's word: its stem as a word's stem,
// or a prefix that begins the word or its stem.
func (q query) has(w nameWord) bool {
	if q.stems[w.stem] {
		return true
	}
	return slices.ContainsFunc(q.prefixes, func(p string) bool { return w.beginsWith(p) })
}

// beginsWith reports whether the prefix p begins w as written, as named
// or as stemmed.
func (w nameWord) beginsWith(p string) bool {
	return strings.HasPrefix(w.written, p) || strings.HasPrefix(w.word, p) || strings.HasPrefix(w.stem, p)
}

// allIn reports whether q holds every word of a name.
func allIn(name []nameWord, q query) bool {
	for _, w := range name {
		if !q.has(w) {
			return false
		}
	}
	return true
}

// stemSet is the stems of a name, as a query of words.
func stemSet(name []nameWord) map[string]bool {
	m := make(map[string]bool, len(name))
	for _, w := range name {
		m[w.stem] = true
	}
	return m
}

func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }
