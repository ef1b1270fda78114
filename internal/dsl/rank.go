package dsl

import (
	"slices"
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract/clausetype"
	"github.com/contractsearch/contractsearch/internal/simplequery"
)

// Form A's text ranking: the clauses a non-blank q expands to. Each weight
// was chosen by `make relevance` on the tuning half of the CUAD query set
// and checked on the held-out half (docs/relevance.md, which records what
// each signal did); docs/decisions.md relates the expansion to DESIGN §5.
// Every signal is a whitelisted DSL clause, so OpenSearch ranks alike.
const (
	// textBoost weighs the base simple_query_string over FormATextFields:
	// it decides which records match, and scores the whole record.
	textBoost = 0.5
	// sectionBoost weighs the best single section (nested, score_mode
	// max) matching any word of q in its text or, doubled, its heading:
	// a clause is what a lawyer looks for, not a word anywhere in 40 pages.
	sectionBoost = 2
	// sectionHeadingWeight is the heading's field boost inside it.
	sectionHeadingWeight = "sections.name^2"
	// sectionAllBoost weighs the best section holding every word of q.
	sectionAllBoost = 4
	// sectionPhraseBoost weighs the best section holding q's words within
	// sectionPhraseSlop positions of each other.
	sectionPhraseBoost = 2
	sectionPhraseSlop  = 2
	// allWordsBoost weighs records holding every word of q.
	allWordsBoost = 2
	// clauseTypeBoost weighs each section of a clause type q names
	// ("change of control", "non-compete"): clausetype.Classify typed it
	// at ingest from its heading or its wording, so it counts whatever
	// words the contract used. The sections are summed (score_mode sum),
	// not the best one taken: a contract that deals with the type in
	// several sections (the covenant, its exceptions, its survival) holds
	// the clause more surely than one whose single section a wording rule
	// typed in passing (docs/relevance.md, "Typed sections counted").
	clauseTypeBoost = 32
	// boilerplateTypeBoost weighs the best section of a boilerplate type
	// q names (clausetype.Boilerplate: "payment", "notices"): every
	// contract has such sections, so they are not counted.
	boilerplateTypeBoost = 16
	// clauseTypeWordsBoost weighs the best section of such a type by q's
	// words in it (as the best section), so that of the contracts with
	// the clause, those whose clause says what q says come first.
	clauseTypeWordsBoost = 4
	// maxSignalLeaves bounds the query terms for which the signals beyond
	// the base query are added: a pasted paragraph is searched, but does
	// not multiply its cost by the signals' clauses.
	maxSignalLeaves = 16
	// maxPhraseWords bounds the words of the proximity signals, so that a
	// q repeating words cannot make a costly sloppy phrase of them.
	maxPhraseWords = 6
)

// textQuery expands a non-blank q into the base query of its words (text), its
// must clause (the words, or a section of a clause type q names) and the
// should clauses of the ranking signals, and the clause count they cost
// against the request's limit: what the same clauses cost in a structured
// body (each clause once, every query term once per field it searches,
// every terms value once).
func textQuery(q string) (text, must Query, should []Query, cost int) {
	q = quoteHyphenated(q)
	boost := func(v float64) *float64 { return &v }
	base := &SimpleQueryStringQuery{Query: q, Fields: FormATextFields, DefaultOperator: "or", Boost: boost(textBoost)}
	must = base
	tree := simplequery.Parse(q, simplequery.All, simplequery.Should)
	leaves := tree.Leaves()
	cost = 1 + queryTermsCost(tree, len(FormATextFields))
	if leaves > maxSignalLeaves {
		return base, base, nil, cost
	}
	sectionScored := func(mode string, b float64, inner Query) *NestedQuery {
		return &NestedQuery{Path: "sections", ScoreMode: mode, IgnoreUnmapped: boolPtr(true), Boost: boost(b), Query: inner}
	}
	section := func(b float64, inner Query) *NestedQuery { return sectionScored("max", b, inner) }
	should = []Query{
		section(sectionBoost, &SimpleQueryStringQuery{Query: q, Fields: []string{"sections.snippet", sectionHeadingWeight}, DefaultOperator: "or"}),
		section(sectionAllBoost, &SimpleQueryStringQuery{Query: q, Fields: []string{"sections.snippet", "sections.name"}, DefaultOperator: "and"}),
		&SimpleQueryStringQuery{Query: q, Fields: FormATextFields, DefaultOperator: "and", Boost: boost(allWordsBoost)},
	}
	// Two nested clauses over two fields each, and the words everywhere.
	cost += 2*(2+queryTermsCost(tree, 2)) + 1 + queryTermsCost(tree, len(FormATextFields))
	words := queryWords(tree, maxPhraseWords)
	if slugs := namedTypes(tree, words); len(slugs) > 0 {
		typed := func(slugs []string) []Query {
			values := make([]Scalar, len(slugs))
			for i, sl := range slugs {
				values[i] = Scalar{Text: sl, Kind: 's'}
			}
			return []Query{&TermsQuery{Field: "sections.clause_type", Values: values}}
		}
		// every section of the types, each scoring 1 (before boosts)
		anyOf := func(slugs []string) Query { return &BoolQuery{Must: []Query{&MatchAllQuery{}}, Filter: typed(slugs)} }
		clauses, boilerplate := splitBoilerplate(slugs)
		if len(clauses) > 0 && !constrained(q) {
			// A contract with a section of a clause type q names matches
			// whatever words it uses ("non-compete" finds the contract
			// whose covenant says "shall not engage in any business that
			// competes"): the words or the typed section, the section
			// adding nothing to the score (the signals below rank it).
			// Boilerplate types do not: nearly every contract has them.
			// Nor does a q that requires or excludes words: its + and -
			// say what must match, and a typed section cannot override
			// them.
			must = &BoolQuery{Should: []Query{base, &NestedQuery{Path: "sections", ScoreMode: "none", IgnoreUnmapped: boolPtr(true), Query: anyOf(clauses)}}}
			// bool, nested, bool, terms and its values, match_all.
			cost += 1 + 3 + len(clauses) + 1
		}
		for _, g := range []struct {
			slugs []string
			mode  string
			boost float64
		}{{clauses, "sum", clauseTypeBoost}, {boilerplate, "max", boilerplateTypeBoost}} {
			if len(g.slugs) > 0 {
				// Its inner hits show the typed sections, in contract
				// order: a contract the type matched without q's words
				// has no highlight to say why it is there.
				n := sectionScored(g.mode, g.boost, anyOf(g.slugs))
				n.InnerHits = &InnerHits{Name: typedSectionsName(g.slugs)}
				should = append(should, n)
				// nested, bool, terms and its values, match_all.
				cost += 3 + len(g.slugs) + 1
			}
		}
		should = append(should,
			section(clauseTypeWordsBoost, &BoolQuery{Must: []Query{&SimpleQueryStringQuery{Query: q, Fields: []string{"sections.snippet", sectionHeadingWeight}, DefaultOperator: "or"}}, Filter: typed(slugs)}))
		// nested, bool, terms and its values, the words' query over two
		// fields.
		cost += 3 + len(slugs) + 1 + queryTermsCost(tree, 2)
	}
	if len(words) >= 2 {
		// Only within a section: the same words near each other anywhere
		// in the contract (a sloppy phrase over body, slop 20, boost 4)
		// was a signal until session 15, when the tuning half measured it
		// worth less than nothing (nDCG@10 0.897 without it, 0.895 with;
		// docs/relevance.md).
		slop := sectionPhraseSlop
		should = append(should, section(sectionPhraseBoost, &MatchPhraseQuery{Field: "sections.snippet", Query: strings.Join(words, " "), Slop: &slop}))
		cost += 2 // nested and its phrase
	}
	return base, must, should, cost
}

func boolPtr(b bool) *bool { return &b }

// typedSectionsName names the inner hits of the sections of the clause
// types slugs: "clause:" and the types' display names, the key the spec
// gives a clause search-within ("clause:<Heading>"), so a client shows
// them alike.
func typedSectionsName(slugs []string) string {
	names := make([]string, len(slugs))
	for i, sl := range slugs {
		names[i] = clausetype.Name(sl)
	}
	return "clause:" + strings.Join(names, ", ")
}

// constrained reports whether q requires or excludes anything: a + or a
// word-leading - outside quotes, rather than only listing what it wants.
// The text is read, not the parsed tree, because the parser folds a lone
// "+word" into the word itself.
func constrained(q string) bool {
	inQuote := false
	for i := 0; i < len(q); i++ {
		switch c := q[i]; {
		case c == '"':
			inQuote = !inQuote
		case inQuote:
		case c == '+':
			return true
		case c == '-' && (i == 0 || isQueryBreak(q[i-1])):
			return true
		}
	}
	return false
}

// splitBoilerplate parts slugs into CUAD's clause types and the
// boilerplate ones (clausetype.Boilerplate), each in slugs' order.
func splitBoilerplate(slugs []string) (clauses, boilerplate []string) {
	for _, s := range slugs {
		if clausetype.Boilerplate(s) {
			boilerplate = append(boilerplate, s)
		} else {
			clauses = append(clauses, s)
		}
	}
	return clauses, boilerplate
}

// namedTypes are the clause types q asks for. Its words are read both as
// names of types (clausetype.Named: "change of control", "insurance audit
// rights") and as clause text, by the rules that type sections at ingest
// (clausetype.Classify: "the supplier shall not increase its prices" is a
// price restriction whatever it names). When q is more than names and
// its wording states a type, that type is what it asks for, and the
// names its words make in passing are not: "merger acquisition
// controlling interest termination" describes a change of control, not
// the termination or entire-agreement ("Merger") clauses. Measured on the
// tuning half of the relevance set (docs/relevance.md).
func namedTypes(tree *simplequery.Node, words []string) []string {
	named, whole := clausetype.NamedWhole(append(slices.Clip(words), queryPrefixes(tree, maxPhraseWords)...))
	stated := clausetype.Classify("", queryText(tree))
	switch {
	case len(stated) == 0:
		return named
	case !whole:
		return stated
	}
	out := append(named, stated...)
	slices.Sort(out)
	return slices.Compact(out)
}

// queryText is the text of the parsed q's terms, phrases, prefixes and
// fuzzy terms that are not excluded, in text order, joined by spaces: q
// as clause text, without its operators and the words it excludes.
func queryText(tree *simplequery.Node) string {
	var parts []string
	var walk func(n *simplequery.Node, excluded bool)
	walk = func(n *simplequery.Node, excluded bool) {
		switch {
		case n.Kind == simplequery.KindBool:
			for _, c := range n.Clauses {
				walk(c.Node, excluded || c.Occur == simplequery.MustNot)
			}
		case !excluded:
			parts = append(parts, strings.Fields(n.Text)...)
		}
	}
	walk(tree, false)
	return strings.Join(parts, " ")
}

// quoteHyphenated writes every hyphenated word of q outside quotes as a
// phrase: non-compete → "non-compete". The standard analyzer splits it in
// two, and a simple_query_string ORs the halves, so "non-disparagement"
// would find every contract saying "non-US"; as a phrase it finds the
// words together. A word with a prefix or fuzzy suffix or an escape is left
// alone, as are leading '-' (negation) and everything inside quotes.
func quoteHyphenated(q string) string {
	var b strings.Builder
	inQuote := false
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == '\\' && inQuote:
			end := min(i+2, len(q))
			b.WriteString(q[i:end])
			i = end
			continue
		case c == '"':
			inQuote = !inQuote
		case !inQuote && !isQueryBreak(c):
			// A term: up to a break or a quote; an escape pair belongs
			// to the term, as in the parser.
			j := i
			for j < len(q) && !isQueryBreak(q[j]) && q[j] != '"' {
				if q[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(q))
			tok := q[i:j]
			core := strings.TrimLeft(tok, "-")
			if hyphenated(core) && !strings.Contains(core, `\`) {
				b.WriteString(tok[:len(tok)-len(core)])
				b.WriteString(`"` + core + `"`)
			} else {
				b.WriteString(tok)
			}
			i = j
			continue
		}
		b.WriteByte(c)
		i++
	}
	return b.String()
}

// isQueryBreak reports whether c ends a term of simple_query_string text:
// the parser's whitespace (space, tab, newline, carriage return; not form
// feed) or an operator. Quotes and escapes are handled apart.
func isQueryBreak(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '|', '+', '(', ')':
		return true
	}
	return false
}

// hyphenated reports whether a term has a hyphen between two word
// characters and no prefix or fuzzy suffix.
func hyphenated(t string) bool {
	if strings.ContainsAny(t, "*~") {
		return false
	}
	for k := 1; k+1 < len(t); k++ {
		if t[k] == '-' && isWordByte(t[k-1]) && isWordByte(t[k+1]) {
			return true
		}
	}
	return false
}

// isWordByte is a letter or digit of ASCII, or any byte of a multi-byte
// UTF-8 character (which the analyzer keeps in words).
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// queryPrefixes are the prefix terms of the parsed q that are not
// excluded, as written with their "*", each once, at most max of them: a
// clause type's name may come as one ("+solicit* +customers").
func queryPrefixes(tree *simplequery.Node, max int) []string {
	var out []string
	var walk func(n *simplequery.Node, excluded bool)
	walk = func(n *simplequery.Node, excluded bool) {
		switch n.Kind {
		case simplequery.KindPrefix:
			if p := strings.ToLower(n.Text) + "*"; !excluded && len(out) < max && !slices.Contains(out, p) {
				out = append(out, p)
			}
		case simplequery.KindBool:
			for _, c := range n.Clauses {
				walk(c.Node, excluded || c.Occur == simplequery.MustNot)
			}
		}
	}
	walk(tree, false)
	return out
}

// queryWords are the whitespace-separated words of the parsed q's terms and phrases
// that are not excluded, in text order, each once, at most max of them:
// the words the proximity signals look for together. Prefix and fuzzy
// terms have no single word to place and are left out.
func queryWords(tree *simplequery.Node, max int) []string {
	var words []string
	var walk func(n *simplequery.Node, excluded bool)
	walk = func(n *simplequery.Node, excluded bool) {
		switch n.Kind {
		case simplequery.KindTerm, simplequery.KindPhrase:
			if excluded {
				return
			}
			for _, w := range strings.Fields(n.Text) {
				if w = strings.ToLower(w); len(words) < max && !slices.Contains(words, w) {
					words = append(words, w)
				}
			}
		case simplequery.KindBool:
			for _, c := range n.Clauses {
				walk(c.Node, excluded || c.Occur == simplequery.MustNot)
			}
		}
	}
	walk(tree, false)
	return words
}

// The names of Form A's ranking signals, as SignalName gives them.
const (
	SignalSection       = "best section"
	SignalSectionAll    = "best section, all words"
	SignalSectionPhrase = "best section, words together"
	SignalAllWords      = "all words"
	SignalClauseType    = "clause type"
	SignalClauseWords   = "clause type, words"
	SignalRank          = "weight_rank"
)

// SignalName names a should clause of an expanded simplified query (the
// signals of textQuery and the rank_feature), or returns "" for any other
// clause. The relevance evaluation uses it to measure each signal by
// leaving it out.
func SignalName(q Query) string {
	switch q := q.(type) {
	case *RankFeatureQuery:
		return SignalRank
	case *SimpleQueryStringQuery:
		if q.DefaultOperator == "and" {
			return SignalAllWords
		}
	case *NestedQuery:
		switch inner := q.Query.(type) {
		case *SimpleQueryStringQuery:
			if inner.DefaultOperator == "and" {
				return SignalSectionAll
			}
			return SignalSection
		case *MatchPhraseQuery:
			return SignalSectionPhrase
		case *BoolQuery:
			if len(inner.Must) == 1 {
				if _, ok := inner.Must[0].(*SimpleQueryStringQuery); ok {
					return SignalClauseWords
				}
			}
			return SignalClauseType
		}
	}
	return ""
}
