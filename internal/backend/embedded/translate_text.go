package embedded

import (
	"slices"
	"strconv"
	"strings"

	"github.com/contractsearch/contractsearch/internal/dsl"
	"github.com/contractsearch/contractsearch/internal/engine/analysis"
	"github.com/contractsearch/contractsearch/internal/engine/search"
	"github.com/contractsearch/contractsearch/internal/simplequery"
	"github.com/contractsearch/contractsearch/mappings"
)

// This file holds the full-text clauses: match_phrase (OpenSearch's
// MatchQuery) and simple_query_string (SimpleQueryStringBuilder and
// SimpleQueryStringQueryParser, on Lucene's SimpleQueryParser, whose tree
// internal/simplequery builds).

// matchKind is MatchQuery's query type.
type matchKind int

const (
	matchBoolean matchKind = iota // a word: its tokens joined by the operator
	matchPhrase                   // a phrase of the tokens
)

// matchField is MatchQuery.parse for one field; a nil query with no error
// is zero_terms_query NULL (the text analysed to nothing). Keyword, integer
// and date fields search with the keyword analyzer, so the whole text is
// one term for their termQuery; text fields, and rank_feature fields (which
// fall back to the index's default analyzer), analyse it. With lenient,
// a failing term query becomes a query that matches nothing.
func (t *Translator) matchField(field string, text string, kind matchKind, slop int, op simplequery.Occur, lenient bool) (search.Query, error) {
	lenientTerm := func(q search.Query, err error) (search.Query, error) {
		if err != nil && lenient {
			return lenientField(field, err), nil
		}
		return q, err
	}
	value := dsl.Scalar{Text: text, Kind: 's'}
	if field == "_id" || field == "_index" {
		return lenientTerm(t.termQuery(field, value))
	}
	f, ok := t.index.Fields[field]
	if !ok {
		return unmappedFields(field), nil // MatchQuery.parse
	}
	if f.Type != mappings.Text && f.Type != mappings.RankFeature {
		return lenientTerm(t.termQuery(field, value))
	}
	terms := t.analyzer.Terms(text)
	switch {
	case len(terms) == 0:
		return nil, nil
	case len(terms) == 1:
		return lenientTerm(t.termQuery(field, dsl.Scalar{Text: terms[0], Kind: 's'}))
	case kind == matchPhrase:
		// MatchQuery's analyzePhrase: the field type's phraseQuery, after
		// checking that the field indexes positions (a rank_feature field
		// does not).
		if f.Type == mappings.RankFeature {
			err := failedToCreate("illegal_state_exception",
				"field:[%s] was indexed without position data; cannot run PhraseQuery", field)
			if lenient {
				return lenientField(field, err), nil
			}
			return nil, err
		}
		return &search.PhraseQuery{Field: field, Terms: terms, Slop: slop}, nil
	}
	out := &search.BoolQuery{}
	for _, term := range terms {
		q, err := lenientTerm(t.termQuery(field, dsl.Scalar{Text: term, Kind: 's'}))
		if err != nil {
			return nil, err
		}
		if op == simplequery.Must {
			out.Must = append(out.Must, q)
		} else {
			out.Should = append(out.Should, q)
		}
	}
	return out, nil
}

// matchPhrase is MatchPhraseQueryBuilder: MatchQuery of type phrase with
// the clause's slop, zero_terms_query none.
func (tr *translation) matchPhrase(q *dsl.MatchPhraseQuery) (search.Query, error) {
	slop := 0
	if q.Slop != nil {
		slop = *q.Slop
	}
	out, err := tr.t.matchField(q.Field, q.Query, matchPhrase, slop, simplequery.Should, false)
	if err != nil {
		return nil, err
	}
	if out == nil {
		return noDocs("Matching no documents because no terms present"), nil // MatchQuery.zeroTermsQuery
	}
	return out, nil
}

// fieldWeight is one resolved simple_query_string field and its boost.
type fieldWeight struct {
	name  string
	boost float32
}

// resolveFields is QueryParserHelper.parseFieldsAndWeights then
// resolveMappingFields: "name^boost" specs to fields of this index, a spec
// with '*' expanding to every matching field, unmapped names dropped. No
// spec means index.query.default_field, "*". The second result reports an
// all-fields spec ("*"), which makes the query lenient unless lenient is
// given. The fields come in the order OpenSearch's HashMaps iterate them.
func (t *Translator) resolveFields(specs []string) ([]fieldWeight, bool) {
	if len(specs) == 0 {
		specs = []string{"*"}
	}
	// parseFieldsAndWeights: a repeated name multiplies its boost only
	// when the repetition carries no boost (OpenSearch looks the raw spec
	// up), else the later boost replaces the earlier.
	var names []string
	weights := map[string]float32{}
	for _, spec := range specs {
		name, boostText, hasBoost := strings.Cut(spec, "^")
		boost := float32(1)
		if hasBoost {
			b, _ := strconv.ParseFloat(boostText, 32)
			boost = float32(b)
		}
		if w, ok := weights[spec]; ok {
			boost *= w
		}
		if _, ok := weights[name]; !ok {
			names = append(names, name)
		}
		weights[name] = boost
	}
	allField := slices.Contains(names, "*")

	var order []string
	resolved := map[string]float32{}
	for _, pattern := range javaHashOrder(names) {
		weight := weights[pattern]
		all := pattern == "*"
		multi := strings.Contains(pattern, "*")
		var candidates []string
		if multi {
			for _, name := range t.fieldNames() {
				if simpleMatch(pattern, name) {
					candidates = append(candidates, name)
				}
			}
			if !all {
				for _, meta := range []string{"_id", "_index"} {
					if simpleMatch(pattern, meta) {
						candidates = append(candidates, meta)
					}
				}
			}
			candidates = javaHashOrder(candidates)
		} else {
			candidates = []string{pattern}
		}
		for _, name := range candidates {
			if !t.mapped(name) || (all && strings.HasPrefix(name, "_")) {
				continue
			}
			w := weight
			if prev, ok := resolved[name]; ok {
				w *= prev
			} else {
				order = append(order, name)
			}
			resolved[name] = w
		}
	}
	out := make([]fieldWeight, 0, len(order))
	for _, name := range javaHashOrder(order) {
		out = append(out, fieldWeight{name: name, boost: resolved[name]})
	}
	return out, allField
}

// fieldNames lists the index's fields in a stable order.
func (t *Translator) fieldNames() []string {
	names := make([]string, 0, len(t.index.Fields))
	for name := range t.index.Fields {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// sqsSettings are what a simple_query_string's leaves are built with.
type sqsSettings struct {
	fields  []fieldWeight
	op      simplequery.Occur
	lenient bool
}

// simpleQueryString is SimpleQueryStringBuilder.doToQuery: fields resolved,
// Lucene's SimpleQueryParser tree with OpenSearch's leaf queries, then
// minimum_should_match on a top-level boolean and the boost.
func (tr *translation) simpleQueryString(q *dsl.SimpleQueryStringQuery) (search.Query, error) {
	flags, err := simplequery.ParseFlags(q.Flags)
	if err != nil {
		return nil, failedToCreate("illegal_argument_exception", "%s", err.Error())
	}
	s := sqsSettings{op: simplequery.Should}
	if q.DefaultOperator == "and" {
		s.op = simplequery.Must
	}
	var allField bool
	s.fields, allField = tr.t.resolveFields(q.Fields)
	s.lenient = allField
	if q.Lenient != nil {
		s.lenient = *q.Lenient
	}

	leaves := map[*simplequery.Node]search.Query{}
	var leafErr error
	p := simplequery.Parser{Flags: flags, DefaultOperator: s.op, Keep: func(n *simplequery.Node) bool {
		if leafErr != nil {
			return false
		}
		lq, err := tr.t.sqsLeaf(n, s)
		if err != nil {
			leafErr = err
			return false
		}
		if lq == nil {
			return false // analysed to nothing: Lucene drops the leaf
		}
		leaves[n] = lq
		return true
	}}
	root := p.Parse(q.Query)
	if leafErr != nil {
		return nil, leafErr
	}
	out := sqsNode(root, leaves)
	if q.MinimumShouldMatch != "" && isBooleanQuery(out) {
		bq := out.(*search.BoolQuery)
		n, err := minimumShouldMatch(len(bq.Should), q.MinimumShouldMatch)
		if err != nil {
			return nil, err
		}
		if n > 0 {
			bq.MinimumShouldMatch = n
		}
	}
	return withBoost(out, q.Boost), nil
}

// sqsNode builds the engine query of a parsed tree whose leaves are built.
func sqsNode(n *simplequery.Node, leaves map[*simplequery.Node]search.Query) search.Query {
	switch n.Kind {
	case simplequery.KindBool:
		out := &search.BoolQuery{}
		for _, c := range n.Clauses {
			q := sqsNode(c.Node, leaves)
			switch c.Occur {
			case simplequery.Must:
				out.Must = append(out.Must, q)
			case simplequery.MustNot:
				out.MustNot = append(out.MustNot, q)
			default:
				out.Should = append(out.Should, q)
			}
		}
		return out
	case simplequery.KindMatchAll:
		return &search.MatchAllQuery{}
	case simplequery.KindMatchNone:
		return noDocs("empty string passed to query parser") // Lucene's SimpleQueryParser
	}
	return leaves[n]
}

// sqsLeaf builds one leaf; nil means Lucene drops it.
func (t *Translator) sqsLeaf(n *simplequery.Node, s sqsSettings) (search.Query, error) {
	switch n.Kind {
	case simplequery.KindTerm:
		return t.multiMatch(n.Text, matchBoolean, 0, 1.0, s)
	case simplequery.KindPhrase:
		return t.multiMatch(n.Text, matchPhrase, n.Slop, 0, s)
	case simplequery.KindPrefix:
		return t.perField(s, func(f fieldWeight) (search.Query, error) { return t.prefixQuery(f.name, n.Text) })
	case simplequery.KindFuzzy:
		return t.perField(s, func(f fieldWeight) (search.Query, error) { return t.fuzzyQuery(f.name, n.Text, n.Edits) })
	}
	return nil, nil
}

// multiMatch is MultiMatchQuery.parse of type most_fields (a word, tie
// breaker 1) or phrase (tie breaker 0) over the resolved fields, with
// zero_terms_query NULL: each field's MatchQuery, boosted, combined in a
// dis_max when there are several.
func (t *Translator) multiMatch(text string, kind matchKind, slop int, tie float32, s sqsSettings) (search.Query, error) {
	if len(s.fields) == 0 {
		// MultiMatchQuery.parse without a mapped field: the resolved
		// fields (none: resolveMappingFields drops unmapped names).
		return unmappedFields(), nil
	}
	var queries []search.Query
	for _, f := range s.fields {
		q, err := t.matchField(f.name, text, kind, slop, s.op, s.lenient)
		if err != nil {
			return nil, err
		}
		if q == nil {
			continue
		}
		queries = append(queries, boostField(q, f.boost))
	}
	switch len(queries) {
	case 0:
		return nil, nil
	case 1:
		return queries[0], nil
	}
	return &search.DisMaxQuery{Disjuncts: queries, TieBreaker: tie}, nil
}

// perField is how SimpleQueryStringQueryParser builds prefix and fuzzy
// leaves: one query per field, boosted, a failing one matching nothing when
// lenient, combined in a dis_max with tie breaker 1 unless there is one.
func (t *Translator) perField(s sqsSettings, build func(fieldWeight) (search.Query, error)) (search.Query, error) {
	disjuncts := []search.Query{}
	for _, f := range s.fields {
		q, err := build(f)
		if err != nil {
			if !s.lenient {
				return nil, err
			}
			q = lenientQuery(err)
		}
		disjuncts = append(disjuncts, boostField(q, f.boost))
	}
	if len(disjuncts) == 1 {
		return disjuncts[0], nil
	}
	return &search.DisMaxQuery{Disjuncts: disjuncts, TieBreaker: 1}, nil
}

// boostField wraps a field's query in its field boost.
func boostField(q search.Query, b float32) search.Query {
	return applyBoost(q, b)
}

// prefixQuery is the field type's prefixQuery on the normalised text (text
// fields lower-case it; keyword fields leave it as is).
func (t *Translator) prefixQuery(field, text string) (search.Query, error) {
	switch field {
	case "_index":
		if indexMatches(text+"*", t.index.Name) {
			return &search.MatchAllQuery{}, nil
		}
		return noDocs(""), nil // ConstantFieldType.prefixQuery
	case "_id":
		return &search.PrefixQuery{Field: field, Prefix: text}, nil
	}
	f := t.index.Fields[field]
	switch f.Type {
	case mappings.Text, mappings.Keyword:
		if err := searchable(f); err != nil {
			return nil, err
		}
		return &search.PrefixQuery{Field: field, Prefix: normalize(f, text)}, nil
	}
	return nil, queryShardException("Can only use prefix queries on keyword and text fields - not on [%s] which is of type [%s]", field, f.Type)
}

// fuzzyQuery is the field type's fuzzyQuery on the normalised text: at most
// the given edits (Lucene caps them at 2), prefix length 0, 50 expansions,
// transpositions, as simple_query_string's defaults.
func (t *Translator) fuzzyQuery(field, text string, edits int) (search.Query, error) {
	typ := field
	if f, ok := t.index.Fields[field]; ok {
		typ = string(f.Type)
		if f.Type == mappings.Text || f.Type == mappings.Keyword {
			if err := searchable(f); err != nil {
				return nil, err
			}
			return &search.FuzzyQuery{Field: field, Term: normalize(f, text), MaxEdits: min(edits, 2),
				PrefixLength: 0, MaxExpansions: 50, Transpositions: true}, nil
		}
	}
	return nil, illegalArgument("Can only use fuzzy queries on keyword and text fields - not on [%s] which is of type [%s]", field, typ)
}

// normalize is the field's search analyzer's normalize: lower case for text
// fields, nothing for keyword fields (the keyword analyzer).
func normalize(f mappings.Field, text string) string {
	if f.Type == mappings.Text {
		return analysis.Normalize(text)
	}
	return text
}
