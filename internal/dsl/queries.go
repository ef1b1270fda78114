package dsl

import (
	"slices"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/contractsearch/contractsearch/internal/simplequery"
	"github.com/contractsearch/contractsearch/mappings"
)

// allowedQueries are the clauses of the API (spec's clause table plus range).
var allowedQueries = "[bool, match_all, match_phrase, simple_query_string, term, terms, range, nested, rank_feature]"

// otherQueries are OpenSearch clauses this API does not offer; naming them
// gives a clearer error than "unknown query".
var otherQueries = []string{"boosting", "combined_fields", "constant_score", "dis_max", "distance_feature",
	"exists", "function_score", "fuzzy", "geo_bounding_box", "geo_distance", "geo_polygon", "geo_shape",
	"has_child", "has_parent", "ids", "intervals", "knn", "match", "match_bool_prefix", "match_none",
	"match_phrase_prefix", "more_like_this", "multi_match", "neural", "parent_id", "percolate", "prefix",
	"query_string", "regexp", "script", "script_score", "span_first", "span_multi", "span_near", "span_not",
	"span_or", "span_term", "span_within", "span_containing", "terms_set", "wildcard", "wrapper", "hybrid"}

// query reads one query clause at the given depth (the top is 1).
func (d *decoder) query(depth int) (Query, error) {
	start, err := d.object("query")
	if err != nil {
		return nil, err
	}
	kind, off, ok, err := d.key()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, d.errAt(start, "query malformed, empty clause found")
	}
	if depth > d.p.limits.MaxDepth {
		return nil, d.argAt(off, "query is nested too deeply: more than %d levels", d.p.limits.MaxDepth)
	}
	if err := d.countClause(off, 1); err != nil {
		return nil, err
	}
	var q Query
	switch kind {
	case "bool":
		q, err = d.boolQuery(depth)
	case "match_all":
		q, err = d.matchAll()
	case "match_phrase":
		q, err = d.matchPhrase()
	case "simple_query_string":
		q, err = d.simpleQueryString()
	case "term":
		q, err = d.term()
	case "terms":
		q, err = d.terms()
	case "range":
		q, err = d.rangeQuery()
	case "nested":
		q, err = d.nested(depth)
	case "rank_feature":
		q, err = d.rankFeature()
	default:
		if slices.Contains(otherQueries, kind) {
			return nil, d.errAt(off, "query [%s] is not supported by this API; queries are %s", kind, allowedQueries)
		}
		return nil, d.errAt(off, "unknown query [%s]", kind)
	}
	if err != nil {
		return nil, err
	}
	if err := d.end(kind); err != nil {
		return nil, err
	}
	return q, nil
}

// queries reads a clause list: an array of clauses or a single clause.
func (d *decoder) queries(depth int) ([]Query, error) {
	k, _, err := d.peek()
	if err != nil {
		return nil, err
	}
	if k == '{' {
		q, err := d.query(depth)
		return []Query{q}, err
	}
	if k != '[' {
		return nil, d.errAt(d.pos(), "[bool] clause list expected START_ARRAY or START_OBJECT but found [%s]", kindName(k))
	}
	if _, err := d.token(); err != nil {
		return nil, err
	}
	out := []Query{}
	for d.dec.PeekKind() != ']' {
		q, err := d.query(depth)
		if err != nil {
			return nil, err
		}
		out = append(out, q)
	}
	_, err = d.token()
	return out, err
}

func (d *decoder) boolQuery(depth int) (*BoolQuery, error) {
	start, err := d.object("bool")
	if err != nil {
		return nil, err
	}
	q := &BoolQuery{}
	var lists int
	for {
		key, off, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		switch key {
		case "must", "should", "filter", "must_not":
			lists++
			qs, err := d.queries(depth + 1)
			if err != nil {
				return nil, err
			}
			// Duplicate keys are rejected by the reader, so each list is set once;
			// a list given empty stays non-nil and is encoded again.
			switch key {
			case "must":
				q.Must = qs
			case "should":
				q.Should = qs
			case "filter":
				q.Filter = qs
			default:
				q.MustNot = qs
			}
		case "minimum_should_match":
			if q.MinimumShouldMatch, err = d.minimumShouldMatch("bool"); err != nil {
				return nil, err
			}
		case "boost":
			if q.Boost, err = d.boost("bool"); err != nil {
				return nil, err
			}
		default:
			return nil, d.errAt(off, "[bool] query does not support [%s]", key)
		}
	}
	if lists == 0 {
		return nil, d.argAt(start, "[bool] query requires at least one of [must, should, filter, must_not]")
	}
	return q, nil
}

// minimumShouldMatch reads an integer, a negative integer, a percentage or
// a combination ("3<90%"), as OpenSearch's Queries.calculateMinShouldMatch
// understands them.
func (d *decoder) minimumShouldMatch(what string) (string, error) {
	k, off, err := d.peek()
	if err != nil {
		return "", err
	}
	if k != '0' && k != '"' {
		return "", d.errAt(off, "[%s] minimum_should_match expected VALUE_NUMBER or VALUE_STRING but found [%s]", what, kindName(k))
	}
	tok, err := d.token()
	if err != nil {
		return "", err
	}
	v := strings.TrimSpace(tok.String())
	if !validMinimumShouldMatch(v) {
		return "", d.argAt(off, "[%s] invalid minimum_should_match [%s]: expected an integer, a percentage such as 75%%, or combinations such as 3<90%%", what, v)
	}
	return v, nil
}

func validMinimumShouldMatch(v string) bool {
	parts := strings.Fields(v)
	if len(parts) == 0 {
		return false
	}
	for _, part := range parts {
		cond, spec, conditional := strings.Cut(part, "<")
		if conditional {
			if _, err := strconv.Atoi(cond); err != nil {
				return false
			}
			part = spec
		} else if len(parts) > 1 {
			// Several specs only make sense as conditions ("2<-25% 9<-3").
			return false
		}
		num, percent := strings.CutSuffix(part, "%")
		var err error
		if percent {
			_, err = strconv.ParseFloat(num, 64)
		} else {
			_, err = strconv.Atoi(num)
		}
		if num == "" || err != nil {
			return false
		}
	}
	return true
}

func (d *decoder) matchAll() (*MatchAllQuery, error) {
	if _, err := d.object("match_all"); err != nil {
		return nil, err
	}
	q := &MatchAllQuery{}
	for {
		key, off, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			return q, nil
		}
		if key != "boost" {
			return nil, d.errAt(off, "[match_all] query does not support [%s]", key)
		}
		if q.Boost, err = d.boost("match_all"); err != nil {
			return nil, err
		}
	}
}

// queryText reads a query text and enforces the byte limit.
func (d *decoder) queryText(what string) (string, error) {
	s, off, err := d.str(what)
	if err != nil {
		return "", err
	}
	if len(s) > d.p.limits.MaxQueryBytes {
		return "", d.argAt(off, "[%s] is %d bytes long; at most %d are allowed", what, len(s), d.p.limits.MaxQueryBytes)
	}
	return s, nil
}

// field reads the single field name of a field-keyed clause (term,
// match_phrase, range): the object's one member name.
func (d *decoder) field(kind string) (string, int64, error) {
	if _, err := d.object(kind); err != nil {
		return "", 0, err
	}
	name, off, ok, err := d.key()
	if err != nil {
		return "", off, err
	}
	if !ok {
		return "", off, d.argAt(off, "[%s] query requires a field", kind)
	}
	if name == "" {
		return "", off, d.argAt(off, "[%s] field name must not be empty", kind)
	}
	return name, off, nil
}

// fieldEnd reads the end of a field-keyed clause, rejecting a second field.
func (d *decoder) fieldEnd(kind, first string) error {
	name, off, ok, err := d.key()
	if err != nil {
		return err
	}
	if ok {
		return d.errAt(off, "[%s] query doesn't support multiple fields, found [%s] and [%s]", kind, first, name)
	}
	return nil
}

func (d *decoder) matchPhrase() (*MatchPhraseQuery, error) {
	field, _, err := d.field("match_phrase")
	if err != nil {
		return nil, err
	}
	q := &MatchPhraseQuery{Field: field}
	k, _, err := d.peek()
	if err != nil {
		return nil, err
	}
	if k != '{' {
		if q.Query, err = d.queryText("match_phrase." + field); err != nil {
			return nil, err
		}
		return q, d.fieldEnd("match_phrase", field)
	}
	start, err := d.object("match_phrase." + field)
	if err != nil {
		return nil, err
	}
	var sawQuery bool
	for {
		key, off, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		switch key {
		case "query":
			sawQuery = true
			if q.Query, err = d.queryText("match_phrase.query"); err != nil {
				return nil, err
			}
		case "slop":
			n, off, err := d.integer("match_phrase.slop")
			if err != nil {
				return nil, err
			}
			if n < 0 {
				return nil, d.argAt(off, "[match_phrase] slop must not be negative, found [%d]", n)
			}
			q.Slop = &n
		case "boost":
			if q.Boost, err = d.boost("match_phrase"); err != nil {
				return nil, err
			}
		default:
			return nil, d.errAt(off, "[match_phrase] query does not support [%s]", key)
		}
	}
	if !sawQuery {
		return nil, d.argAt(start, "[match_phrase] requires query value")
	}
	return q, d.fieldEnd("match_phrase", field)
}

func (d *decoder) simpleQueryString() (*SimpleQueryStringQuery, error) {
	start, err := d.object("simple_query_string")
	if err != nil {
		return nil, err
	}
	q := &SimpleQueryStringQuery{}
	var sawQuery bool
	var queryOff int64
	flags := simplequery.All
	for {
		key, off, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		switch key {
		case "query":
			sawQuery, queryOff = true, d.pos()
			if q.Query, err = d.queryText("simple_query_string.query"); err != nil {
				return nil, err
			}
		case "fields":
			var foff int64
			if q.Fields, foff, err = d.strs("simple_query_string.fields"); err != nil {
				return nil, err
			}
			for _, f := range q.Fields {
				if !validFieldSpec(f) {
					return nil, d.argAt(foff, "[simple_query_string] invalid field [%s]: expected a field name, optionally followed by ^boost", f)
				}
			}
		case "default_operator":
			s, off, err := d.str("simple_query_string.default_operator")
			if err != nil {
				return nil, err
			}
			s = strings.ToLower(s)
			if s != "or" && s != "and" {
				return nil, d.argAt(off, "operator [%s] is not allowed; use [or] or [and]", s)
			}
			q.DefaultOperator = s
		case "flags":
			s, off, err := d.str("simple_query_string.flags")
			if err != nil {
				return nil, err
			}
			if flags, err = simplequery.ParseFlags(s); err != nil {
				return nil, d.argAt(off, "%s", err.Error())
			}
			q.Flags = s // forwarded as written, as OpenSearch reads it
		case "lenient":
			b, _, err := d.boolean("simple_query_string.lenient")
			if err != nil {
				return nil, err
			}
			q.Lenient = &b
		case "minimum_should_match":
			if q.MinimumShouldMatch, err = d.minimumShouldMatch("simple_query_string"); err != nil {
				return nil, err
			}
		case "boost":
			if q.Boost, err = d.boost("simple_query_string"); err != nil {
				return nil, err
			}
		default:
			return nil, d.errAt(off, "[simple_query_string] unsupported field [%s]", key)
		}
	}
	if !sawQuery {
		return nil, d.argAt(start, "[simple_query_string] query text missing")
	}
	op := simplequery.Should
	if q.DefaultOperator == "and" {
		op = simplequery.Must
	}
	return q, d.countClause(queryOff, queryTermsCost(simplequery.Parse(q.Query, flags, op), len(q.Fields)))
}

// queryTermsCost is what a query string's terms cost against MAX_CLAUSES
// beyond its clause: every term once per field it searches (no fields
// means the index default, one). Form A's texts are counted with it too,
// so that they cost what the same structured body costs.
func queryTermsCost(tree *simplequery.Node, fields int) int {
	return tree.Leaves() * max(fields, 1)
}

// validFieldSpec accepts "name" and "name^boost" with a non-negative boost.
func validFieldSpec(f string) bool {
	name, boost, hasBoost := strings.Cut(f, "^")
	if name == "" {
		return false
	}
	if !hasBoost {
		return true
	}
	b, err := strconv.ParseFloat(boost, 64)
	return err == nil && b >= 0
}

func (d *decoder) term() (*TermQuery, error) {
	field, _, err := d.field("term")
	if err != nil {
		return nil, err
	}
	q := &TermQuery{Field: field}
	k, _, err := d.peek()
	if err != nil {
		return nil, err
	}
	if k != '{' {
		if q.Value, _, err = d.scalar("term." + field); err != nil {
			return nil, err
		}
		return q, d.fieldEnd("term", field)
	}
	start, err := d.object("term." + field)
	if err != nil {
		return nil, err
	}
	var sawValue bool
	for {
		key, off, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		switch key {
		case "value":
			sawValue = true
			if q.Value, _, err = d.scalar("term.value"); err != nil {
				return nil, err
			}
		case "boost":
			if q.Boost, err = d.boost("term"); err != nil {
				return nil, err
			}
		default:
			return nil, d.errAt(off, "[term] query does not support [%s]", key)
		}
	}
	if !sawValue {
		return nil, d.argAt(start, "[term] query requires a value for field [%s]", field)
	}
	return q, d.fieldEnd("term", field)
}

func (d *decoder) terms() (*TermsQuery, error) {
	if _, err := d.object("terms"); err != nil {
		return nil, err
	}
	q := &TermsQuery{}
	for {
		key, off, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if key == "boost" {
			if q.Boost, err = d.boost("terms"); err != nil {
				return nil, err
			}
			continue
		}
		if q.Field != "" {
			return nil, d.errAt(off, "[terms] query does not support multiple fields, found [%s] and [%s]", q.Field, key)
		}
		q.Field = key
		k, aoff, err := d.peek()
		if err != nil {
			return nil, err
		}
		if k != '[' {
			return nil, d.errAt(aoff, "[terms] query for field [%s] expects an array of values; terms lookup is not supported by this API", key)
		}
		if _, err := d.token(); err != nil {
			return nil, err
		}
		q.Values = []Scalar{}
		for d.dec.PeekKind() != ']' {
			v, voff, err := d.scalar("terms." + key)
			if err != nil {
				return nil, err
			}
			if err := d.countClause(voff, 1); err != nil {
				return nil, err
			}
			q.Values = append(q.Values, v)
		}
		if _, err := d.token(); err != nil {
			return nil, err
		}
	}
	if q.Field == "" {
		return nil, d.argAt(d.pos(), "[terms] query requires a field")
	}
	return q, nil
}

func (d *decoder) rangeQuery() (*RangeQuery, error) {
	field, _, err := d.field("range")
	if err != nil {
		return nil, err
	}
	q := &RangeQuery{Field: field}
	if _, err := d.object("range." + field); err != nil {
		return nil, err
	}
	for {
		key, off, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		var bound **Scalar
		switch key {
		case "gte":
			bound = &q.GTE
		case "gt":
			bound = &q.GT
		case "lte":
			bound = &q.LTE
		case "lt":
			bound = &q.LT
		case "format":
			if q.Format, _, err = d.str("range.format"); err != nil {
				return nil, err
			}
			continue
		case "boost":
			if q.Boost, err = d.boost("range"); err != nil {
				return nil, err
			}
			continue
		default:
			return nil, d.errAt(off, "[range] query does not support [%s]", key)
		}
		v, voff, err := d.scalar("range." + key)
		if err != nil {
			return nil, err
		}
		if v.Kind == 'b' {
			return nil, d.argAt(voff, "[range] bound [%s] must be a string or a number", key)
		}
		*bound = &v
	}
	return q, d.fieldEnd("range", field)
}

func (d *decoder) nested(depth int) (*NestedQuery, error) {
	start, err := d.object("nested")
	if err != nil {
		return nil, err
	}
	q := &NestedQuery{}
	var pathOff int64
	for {
		key, off, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		switch key {
		case "path":
			if q.Path, pathOff, err = d.str("nested.path"); err != nil {
				return nil, err
			}
			if q.Path != "sections" {
				return nil, d.argAt(pathOff, "[nested] path must be [sections], the only nested path, found [%s]", q.Path)
			}
		case "query":
			if q.Query, err = d.query(depth + 1); err != nil {
				return nil, err
			}
		case "score_mode":
			s, off, err := d.str("nested.score_mode")
			if err != nil {
				return nil, err
			}
			switch s {
			case "avg", "sum", "max", "min", "none":
			default:
				return nil, d.argAt(off, "illegal score_mode [%s]; expected one of [avg, sum, max, min, none]", s)
			}
			q.ScoreMode = s
		case "ignore_unmapped":
			b, _, err := d.boolean("nested.ignore_unmapped")
			if err != nil {
				return nil, err
			}
			q.IgnoreUnmapped = &b
		case "inner_hits":
			if q.InnerHits, err = d.innerHits(); err != nil {
				return nil, err
			}
		case "boost":
			if q.Boost, err = d.boost("nested"); err != nil {
				return nil, err
			}
		default:
			return nil, d.errAt(off, "[nested] query does not support [%s]", key)
		}
	}
	switch {
	case q.Path == "":
		return nil, d.argAt(start, "[nested] requires 'path' field")
	case q.Query == nil:
		return nil, d.argAt(start, "[nested] requires 'query' field")
	}
	if containsNested(q.Query) {
		return nil, d.argAt(start, "[nested] a nested query inside [sections] cannot search [sections] again")
	}
	return q, nil
}

// containsNested reports whether q has a nested clause anywhere below it.
func containsNested(q Query) bool {
	switch q := q.(type) {
	case *NestedQuery:
		return true
	case *BoolQuery:
		for _, list := range [][]Query{q.Must, q.Should, q.Filter, q.MustNot} {
			if slices.ContainsFunc(list, containsNested) {
				return true
			}
		}
	}
	return false
}

func (d *decoder) innerHits() (*InnerHits, error) {
	if _, err := d.object("inner_hits"); err != nil {
		return nil, err
	}
	ih := &InnerHits{}
	for {
		key, off, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		switch key {
		case "name":
			if ih.Name, _, err = d.str("inner_hits.name"); err != nil {
				return nil, err
			}
		case "size", "from":
			n, noff, err := d.integer("inner_hits." + key)
			if err != nil {
				return nil, err
			}
			if n < 0 || n > d.p.limits.MaxSize {
				return nil, d.argAt(noff, "[inner_hits] %s must be between 0 and %d, found [%d]", key, d.p.limits.MaxSize, n)
			}
			if key == "size" {
				ih.Size = &n
			} else {
				ih.From = &n
			}
		case "_source":
			if ih.Source, err = d.source("inner_hits._source"); err != nil {
				return nil, err
			}
		case "highlight":
			if ih.Highlight, err = d.highlight("inner_hits.highlight"); err != nil {
				return nil, err
			}
		default:
			return nil, d.errAt(off, "[inner_hits] unknown field [%s]; allowed: [name, from, size, _source, highlight]", key)
		}
	}
	from, size := 0, 3
	if ih.From != nil {
		from = *ih.From
	}
	if ih.Size != nil {
		size = *ih.Size
	}
	if from+size > d.p.limits.MaxSize {
		return nil, d.argAt(d.pos(), "[inner_hits] from + size must be at most %d, found [%d]", d.p.limits.MaxSize, from+size)
	}
	return ih, nil
}

func (d *decoder) rankFeature() (*RankFeatureQuery, error) {
	start, err := d.object("rank_feature")
	if err != nil {
		return nil, err
	}
	q := &RankFeatureQuery{}
	functions := 0
	for {
		key, off, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		switch key {
		case "field":
			var foff int64
			if q.Field, foff, err = d.str("rank_feature.field"); err != nil {
				return nil, err
			}
			if f, ok := d.p.mappings.Field(q.Field); !ok || f.Type != mappings.RankFeature {
				return nil, d.argAt(foff, "[rank_feature] query only works on [rank_feature] fields; [%s] is not one (use [weight_rank])", q.Field)
			}
		case "boost":
			if q.Boost, err = d.boost("rank_feature"); err != nil {
				return nil, err
			}
		case "saturation", "log", "sigmoid", "linear":
			functions++
			if functions > 1 {
				return nil, d.argAt(off, "[rank_feature] Can only specify one of [log], [saturation], [sigmoid] and [linear]")
			}
			if err := d.rankFunction(q, key); err != nil {
				return nil, err
			}
		default:
			return nil, d.errAt(off, "[rank_feature] unknown field [%s]", key)
		}
	}
	if q.Field == "" {
		return nil, d.argAt(start, "[rank_feature] requires [field]")
	}
	return q, nil
}

func (d *decoder) rankFunction(q *RankFeatureQuery, name string) error {
	start, err := d.object("rank_feature." + name)
	if err != nil {
		return err
	}
	params := map[string]*float64{}
	for {
		key, off, ok, err := d.key()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		allowed := map[string][]string{"saturation": {"pivot"}, "log": {"scaling_factor"},
			"sigmoid": {"pivot", "exponent"}, "linear": nil}[name]
		if !slices.Contains(allowed, key) {
			return d.errAt(off, "[%s] unknown field [%s]", name, key)
		}
		f, foff, err := d.float("rank_feature." + name + "." + key)
		if err != nil {
			return err
		}
		if f <= 0 {
			return d.argAt(foff, "[rank_feature] %s.%s must be positive, found [%g]", name, key, f)
		}
		params[key] = &f
	}
	missing := func(k string) error {
		return d.argAt(start, "[rank_feature] %s requires [%s]", name, k)
	}
	switch name {
	case "saturation":
		q.Saturation = &Saturation{Pivot: params["pivot"]}
	case "log":
		if params["scaling_factor"] == nil {
			return missing("scaling_factor")
		}
		q.Log = &LogFunction{ScalingFactor: *params["scaling_factor"]}
	case "sigmoid":
		if params["pivot"] == nil {
			return missing("pivot")
		}
		if params["exponent"] == nil {
			return missing("exponent")
		}
		q.Sigmoid = &Sigmoid{Pivot: *params["pivot"], Exponent: *params["exponent"]}
	case "linear":
		q.Linear = true
	}
	return nil
}

// isFormA looks ahead at the query object, without consuming it, to tell a
// simplified query (its members are q, _index, p or attribute names, or it
// is empty) from a structured clause (its one member is a clause name).
func (d *decoder) isFormA() (bool, error) {
	k, off, err := d.peek()
	if err != nil {
		return false, err
	}
	if k != '{' {
		return false, d.errAt(off, "[query] expected START_OBJECT but found [%s]", kindName(k))
	}
	i := off + 1
	for i < int64(len(d.src)) && (d.src[i] == ' ' || d.src[i] == '\t' || d.src[i] == '\n' || d.src[i] == '\r') {
		i++
	}
	if i >= int64(len(d.src)) {
		return false, nil // let the decoder report the truncation
	}
	if d.src[i] == '}' {
		return true, nil
	}
	if d.src[i] != '"' {
		return false, nil
	}
	end := i + 1
	for end < int64(len(d.src)) && d.src[end] != '"' {
		if d.src[end] == '\\' {
			end++
		}
		end++
	}
	if end >= int64(len(d.src)) {
		return false, nil
	}
	name, err := jsontext.AppendUnquote(nil, d.src[i:end+1])
	if err != nil {
		return false, nil
	}
	return isFormAKey(string(name)), nil
}
