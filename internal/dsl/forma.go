package dsl

import (
	"fmt"
	"slices"
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/clausetype"
	"github.com/contractsearch/contractsearch/internal/simplequery"
	"github.com/contractsearch/contractsearch/mappings"
)

// FormAOptions tune the expansion of simplified queries.
type FormAOptions struct {
	// RankBoost and RankPivot parameterise the rank_feature clause on
	// weight_rank that every simplified query carries as a should clause:
	// browsing (a blank q) ranks by it alone.
	RankBoost float64 `env:"FORM_A_RANK_BOOST" envDefault:"50"`
	RankPivot float64 `env:"FORM_A_RANK_PIVOT" envDefault:"16"`
	// TextRankBoost replaces RankBoost when q is not blank: the text leads
	// and weight_rank only breaks near-ties (docs/relevance.md measured 50
	// burying the relevant contracts under the heaviest ones).
	TextRankBoost float64 `env:"FORM_A_TEXT_RANK_BOOST" envDefault:"10"`
}

// DefaultFormAOptions returns the boost and pivot of the spec's samples
// and the text searches' boost of docs/relevance.md.
func DefaultFormAOptions() FormAOptions {
	return FormAOptions{RankBoost: 50, RankPivot: 16, TextRankBoost: 10}
}

// Validate reports options that cannot work.
func (o FormAOptions) Validate() error {
	if o.RankBoost < 0 {
		return fmt.Errorf("FORM_A_RANK_BOOST must not be negative, got %g", o.RankBoost)
	}
	if o.TextRankBoost < 0 {
		return fmt.Errorf("FORM_A_TEXT_RANK_BOOST must not be negative, got %g", o.TextRankBoost)
	}
	if o.RankPivot <= 0 {
		return fmt.Errorf("FORM_A_RANK_PIVOT must be positive, got %g", o.RankPivot)
	}
	return nil
}

// FormAPageSize is the fixed page size of simplified queries (spec: 10).
const FormAPageSize = 10

// FormATextFields are the fields a simplified query's q searches (DESIGN §5).
var FormATextFields = []string{"name", "snippet", "body", "company.name", "jurisdiction.name", "category.name"}

// FormASource is the _source list of simplified-query hits (spec).
var FormASource = []string{"name", "snippet", "url", "category", "company", "filing_date", "industry",
	"jurisdiction", "group_id", "group_size"}

// attributeField maps a Form A attribute key to the keyword field it
// filters; the second result is false for keys that are not attributes.
func attributeField(key string) (string, bool) {
	switch key {
	case "category", "country", "jurisdiction", "industry", "company", "lawfirm":
		return key + ".value", true
	case "exhibit_id", "filing_id", "filing_type", "source":
		return key, true
	}
	return "", false
}

func isFormAKey(key string) bool {
	switch key {
	case "q", "_index", "p", "clause", "definition", "filing_year":
		return true
	}
	_, ok := attributeField(key)
	return ok
}

// sectionFilter is one entry of a Form A clause or definition object.
type sectionFilter struct {
	typ, heading, text string
}

// innerHitsName is the name of the entry's inner hits, "<type>:<name>" as
// the spec gives it ("clause:Governing Law").
func (s sectionFilter) innerHitsName() string { return s.typ + ":" + s.heading }

// formAQuery is a decoded simplified query object.
type formAQuery struct {
	q string
	// text and signals are the expansion of a non-blank q (textQuery).
	text     Query
	signals  []Query
	index    string
	page     int
	sections []sectionFilter
	filters  []Query // term filters, then the filing_year range, in request order
}

// formA reads the simplified query object.
func (d *decoder) formA() (*formAQuery, error) {
	start, err := d.object("query")
	if err != nil {
		return nil, err
	}
	fa := &formAQuery{page: 1}
	for {
		key, off, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			return fa, d.countClause(start, fa.scaffoldCost(d.p.formA))
		}
		switch key {
		case "q":
			if fa.q, err = d.queryText("query.q"); err != nil {
				return nil, err
			}
			fa.text, fa.signals = nil, nil
			if strings.TrimSpace(fa.q) != "" {
				var cost int
				_, fa.text, fa.signals, cost = textQuery(fa.q)
				if err := d.countClause(off, cost); err != nil {
					return nil, err
				}
			}
		case "_index":
			s, ioff, err := d.str("query._index")
			if err != nil {
				return nil, err
			}
			if s != "" && !mappings.IsIndex(s) {
				return nil, d.argAt(ioff, "[query._index] unknown index [%s]; indexes are %v", s, mappings.Names())
			}
			fa.index = s
		case "p":
			n, poff, err := d.integer("query.p")
			if err != nil {
				return nil, err
			}
			maxPage := d.p.limits.MaxWindow / FormAPageSize
			if n < 1 || n > maxPage {
				return nil, d.argAt(poff, "[query.p] page must be between 1 and %d, found [%d]", maxPage, n)
			}
			fa.page = n
		case "clause", "definition":
			if err := d.formASections(fa, key); err != nil {
				return nil, err
			}
		case "filing_year":
			if err := d.filingYear(fa); err != nil {
				return nil, err
			}
		default:
			field, ok := attributeField(key)
			if !ok {
				return nil, d.errAt(off, "[query] unknown member [%s] of a simplified query; members are [q, _index, p, clause, definition, category, country, jurisdiction, industry, company, lawfirm, exhibit_id, filing_id, filing_type, source, filing_year]", key)
			}
			if err := d.attribute(fa, key, field); err != nil {
				return nil, err
			}
		}
	}
}

// attribute reads {"<value>": "", …}: each value becomes a required term.
// The strings the values map to carry no meaning (the spec gives them as
// empty); they must be strings.
func (d *decoder) attribute(fa *formAQuery, key, field string) error {
	if _, err := d.object("query." + key); err != nil {
		return err
	}
	for {
		value, off, ok, err := d.key()
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		if strings.TrimSpace(value) == "" {
			return d.argAt(off, "[query.%s] attribute values must not be empty", key)
		}
		if _, _, err := d.str("query." + key + "." + value); err != nil {
			return err
		}
		if err := d.countClause(off, 1); err != nil {
			return err
		}
		// ingest spells values the same way, so case never matters
		fa.filters = append(fa.filters, &TermQuery{Field: field, Value: Scalar{Text: contract.AttributeValue(key, value), Kind: 's'}})
	}
}

// formASections reads {"<heading>": "<text>", …} of clause or definition.
func (d *decoder) formASections(fa *formAQuery, typ string) error {
	if _, err := d.object("query." + typ); err != nil {
		return err
	}
	for {
		heading, off, ok, err := d.key()
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		heading = strings.TrimSpace(heading)
		if heading == "" {
			return d.argAt(off, "[query.%s] headings must not be empty", typ)
		}
		text, err := d.queryText("query." + typ + "." + heading)
		if err != nil {
			return err
		}
		for _, s := range fa.sections {
			if s.typ == typ && s.heading == heading {
				return d.argAt(off, "[query.%s] heading [%s] is given twice", typ, heading)
			}
		}
		s := sectionFilter{typ: typ, heading: heading, text: text}
		if err := d.countClause(off, s.cost()); err != nil {
			return err
		}
		fa.sections = append(fa.sections, s)
	}
}

// cost is what a clause or definition entry costs against MAX_CLAUSES,
// as its expansion (expand) costs in a structured body: the nested
// clause, its bool, the type filter, the heading filter (a term, or a bool
// of two) and, for a non-blank text, its simple_query_string and every
// term of it.
func (s sectionFilter) cost() int {
	n := 4
	if _, ok := headingFilter(s).(*BoolQuery); ok {
		n += 2
	}
	if strings.TrimSpace(s.text) != "" {
		n += 1 + queryTermsCost(simplequery.Parse(s.text, simplequery.All, simplequery.Must), 1)
	}
	return n
}

// scaffoldCost is what expand adds around the entries, counted as in a
// structured body: the top bool, the two aggregations, match_all when q
// is blank, the rank_feature clause and the _index post filter.
func (fa *formAQuery) scaffoldCost(opts FormAOptions) int {
	n := 3
	if fa.text == nil {
		n++
	}
	if fa.text == nil || opts.TextRankBoost > 0 { // as expand decides
		n++
	}
	if fa.index != "" {
		n++
	}
	return n
}

// filingYear reads {"min": y, "max": y} (numbers or numeric strings, either
// optional) into a range on filing_date covering whole years.
func (d *decoder) filingYear(fa *formAQuery) error {
	start, err := d.object("query.filing_year")
	if err != nil {
		return err
	}
	var lo, hi *int
	for {
		key, off, ok, err := d.key()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		if key != "min" && key != "max" {
			return d.errAt(off, "[query.filing_year] unknown member [%s]; members are [min, max]", key)
		}
		y, yoff, err := d.integer("query.filing_year." + key)
		if err != nil {
			return err
		}
		if y < 1 || y > 9999 {
			return d.argAt(yoff, "[query.filing_year.%s] must be a year between 1 and 9999, found [%d]", key, y)
		}
		if key == "min" {
			lo = &y
		} else {
			hi = &y
		}
	}
	if lo == nil && hi == nil {
		return d.argAt(start, "[query.filing_year] requires [min], [max] or both")
	}
	if lo != nil && hi != nil && *lo > *hi {
		return d.argAt(start, "[query.filing_year] min [%d] is greater than max [%d]", *lo, *hi)
	}
	r := &RangeQuery{Field: "filing_date"}
	if lo != nil {
		r.GTE = &Scalar{Text: fmt.Sprintf("%04d-01-01", *lo), Kind: 's'}
	}
	if hi != nil {
		r.LTE = &Scalar{Text: fmt.Sprintf("%04d-12-31", *hi), Kind: 's'}
	}
	if err := d.countClause(start, 1); err != nil {
		return err
	}
	fa.filters = append(fa.filters, r)
	return nil
}

// headingFilter matches the sections a clause or definition entry names:
// those under exactly that heading and, for a clause whose heading names a
// clause type ("Choice of Law", "Non-Compete"), every section of that type
// whatever its heading ("Applicable Law", "Miscellaneous" holding the
// governing-law sentence): clausetype.Classify gave it at ingest.
func headingFilter(s sectionFilter) Query {
	exact := &TermQuery{Field: "sections.value", Value: Scalar{Text: contract.SectionValue(s.heading), Kind: 's'}}
	slug, ok := clausetype.OfHeading(s.heading)
	if s.typ != "clause" || !ok {
		return exact
	}
	return &BoolQuery{Should: []Query{exact, &TermQuery{Field: "sections.clause_type", Value: Scalar{Text: slug, Kind: 's'}}}}
}

// dropTakenInnerHits leaves out the inner hits of a ranking signal whose
// name a clause or definition entry already gives its own ("clause:
// Non-Compete" asked for by both q and the clause filter): inner hit names
// are unique within a request (OpenSearch refuses a repeated one), and
// the entry's hits, the sections the user asked for, are the ones shown.
func (fa *formAQuery) dropTakenInnerHits() {
	for i, sig := range fa.signals {
		n, ok := sig.(*NestedQuery)
		if !ok || n.InnerHits == nil {
			continue
		}
		for _, s := range fa.sections {
			if s.innerHitsName() == n.InnerHits.Name {
				plain := *n
				plain.InnerHits = nil
				fa.signals[i] = &plain
				break
			}
		}
	}
}

// expand builds the DSL request of DESIGN §5.
func (fa *formAQuery) expand(opts FormAOptions, limits Limits) *Parsed {
	from, size := (fa.page-1)*FormAPageSize, FormAPageSize
	q := &BoolQuery{}
	boost, pivot := opts.RankBoost, opts.RankPivot
	if fa.text == nil {
		q.Must = append(q.Must, &MatchAllQuery{})
	} else {
		q.Must = append(q.Must, fa.text)
		boost = opts.TextRankBoost
	}
	ignoreUnmapped := true
	for _, s := range fa.sections {
		inner := &BoolQuery{Filter: []Query{
			&TermQuery{Field: "sections.type", Value: Scalar{Text: s.typ, Kind: 's'}},
			headingFilter(s),
		}}
		if strings.TrimSpace(s.text) != "" {
			// "Text that must appear within that clause": every word is
			// required, unlike q whose default operator is or.
			inner.Must = []Query{&SimpleQueryStringQuery{Query: s.text, Fields: []string{"sections.snippet"}, DefaultOperator: "and"}}
		}
		q.Must = append(q.Must, &NestedQuery{Path: "sections", Query: inner, IgnoreUnmapped: &ignoreUnmapped,
			InnerHits: &InnerHits{Name: s.innerHitsName()}})
	}
	q.Filter = fa.filters
	fa.dropTakenInnerHits()
	q.Should = slices.Clip(fa.signals)
	if fa.text == nil || boost > 0 {
		q.Should = append(q.Should, &RankFeatureQuery{Field: "weight_rank", Boost: &boost, Saturation: &Saturation{Pivot: &pivot}})
	}

	aggSize := 10
	req := &SearchRequest{
		Query:   q,
		From:    &from,
		Size:    &size,
		Timeout: limits.MaxTimeout,
		Aggs: []NamedAgg{
			{Name: "_index", Field: "_index", Size: &aggSize},
			{Name: "category", Field: "category.value", Size: &aggSize},
		},
		Highlight: &Highlight{
			// name and snippet carry the text of clause and definition
			// hits, which have no body.
			Fields:   []HighlightField{{Name: "body"}, {Name: "jurisdiction.name"}, {Name: "name"}, {Name: "snippet"}},
			PreTags:  []string{"<b>"},
			PostTags: []string{"</b>"},
		},
		Source: &SourceFilter{Includes: FormASource},
	}
	if fa.index != "" {
		req.PostFilter = &TermQuery{Field: "_index", Value: Scalar{Text: fa.index, Kind: 's'}}
	}
	if strings.TrimSpace(fa.q) != "" {
		req.Suggest = &Suggest{Text: fa.q, Suggesters: []TermSuggester{{Name: "suggestions", Field: "body", SuggestMode: "missing"}}}
	}
	return &Parsed{Form: FormA, Search: req, PageSize: FormAPageSize}
}
