package dsl

import (
	"bytes"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/contractsearch/contractsearch/internal/apierr"
	"github.com/contractsearch/contractsearch/internal/contract/clausetype"
	"github.com/contractsearch/contractsearch/mappings"
)

// Limits bound what one request may ask for (DESIGN §6). The zero value is
// not useful; start from DefaultLimits.
type Limits struct {
	// MaxSize bounds size (and a nested inner_hits size).
	MaxSize int `env:"MAX_SIZE" envDefault:"100"`
	// MaxWindow bounds from+size, like OpenSearch's max_result_window.
	MaxWindow int `env:"MAX_RESULT_WINDOW" envDefault:"10000"`
	// MaxAggSize bounds a terms aggregation's size.
	MaxAggSize int `env:"MAX_AGG_SIZE" envDefault:"100"`
	// MaxAggregations bounds the aggregations of a request. Like
	// OpenSearch's search.max_buckets it bounds what aggregating may build:
	// each terms aggregation holds a count per value of its field while it
	// collects and returns at most MAX_AGG_SIZE buckets, so a request
	// builds at most MAX_AGGREGATIONS × MAX_AGG_SIZE buckets.
	MaxAggregations int `env:"MAX_AGGREGATIONS" envDefault:"20"`
	// MaxClauses bounds the query clauses, terms values, query-string terms
	// and aggregations of a request together.
	MaxClauses int `env:"MAX_CLAUSES" envDefault:"1024"`
	// MaxDepth bounds the nesting of query clauses.
	MaxDepth int `env:"MAX_DEPTH" envDefault:"20"`
	// MaxQueryBytes bounds every query text (q, simple_query_string.query,
	// match_phrase query, clause texts).
	MaxQueryBytes int `env:"MAX_QUERY_BYTES" envDefault:"4096"`
	// MaxTimeout bounds the timeout member; it is also the default.
	MaxTimeout time.Duration `env:"MAX_TIMEOUT" envDefault:"15s"`
}

// DefaultLimits returns the limits of DESIGN §6.
func DefaultLimits() Limits {
	return Limits{MaxSize: 100, MaxWindow: 10000, MaxAggSize: 100, MaxAggregations: 20, MaxClauses: 1024,
		MaxDepth: 20, MaxQueryBytes: 4096, MaxTimeout: 15 * time.Second}
}

// Validate reports limits that cannot work.
func (l Limits) Validate() error {
	switch {
	case l.MaxSize < 1:
		return fmt.Errorf("MAX_SIZE must be at least 1, got %d", l.MaxSize)
	case l.MaxWindow < l.MaxSize:
		return fmt.Errorf("MAX_RESULT_WINDOW (%d) must be at least MAX_SIZE (%d)", l.MaxWindow, l.MaxSize)
	case l.MaxAggSize < 1:
		return fmt.Errorf("MAX_AGG_SIZE must be at least 1, got %d", l.MaxAggSize)
	case l.MaxAggregations < 2:
		// Simplified queries ask for two.
		return fmt.Errorf("MAX_AGGREGATIONS must be at least 2, got %d", l.MaxAggregations)
	case l.MaxClauses < 16:
		return fmt.Errorf("MAX_CLAUSES must be at least 16, got %d", l.MaxClauses)
	case l.MaxDepth < 4:
		return fmt.Errorf("MAX_DEPTH must be at least 4, got %d", l.MaxDepth)
	case l.MaxQueryBytes < 64:
		return fmt.Errorf("MAX_QUERY_BYTES must be at least 64, got %d", l.MaxQueryBytes)
	case l.MaxTimeout < time.Millisecond:
		return fmt.Errorf("MAX_TIMEOUT must be at least 1ms, got %s", l.MaxTimeout)
	}
	return nil
}

// highlightable lists the fields a highlight may name: the spec's fields
// searchable in text queries.
var highlightable = []string{"body", "category.name", "company.name", "jurisdiction.name",
	"jurisdiction.value", "name", "sections.name.raw", "sections.snippet", "sections.type", "snippet"}

// Parser decodes and validates request bodies. It is immutable after New and
// safe for concurrent use.
type Parser struct {
	limits   Limits
	formA    FormAOptions
	mappings *mappings.Set
	// decoders recycles decoders (their reader buffers and name stacks).
	decoders sync.Pool
}

// NewParser returns a parser enforcing limits and expanding Form A with the
// given options; field types come from m.
func NewParser(limits Limits, formA FormAOptions, m *mappings.Set) (*Parser, error) {
	if err := limits.Validate(); err != nil {
		return nil, err
	}
	if err := formA.Validate(); err != nil {
		return nil, err
	}
	p := &Parser{limits: limits, formA: formA, mappings: m}
	p.decoders.New = func() any { return &decoder{} }
	// Build the clause-type tables now, not in the first request that
	// names a heading (they take a few milliseconds once).
	clausetype.OfHeading("governing law")
	return p, nil
}

// Limits returns the parser's limits.
func (p *Parser) Limits() Limits { return p.limits }

// topLevel is the set of body members OpenSearch knows that this API does
// not offer; naming them gives a clearer error than "unknown".
var notOffered = []string{"collapse", "docvalue_fields", "explain_fields", "ext", "fields", "indices_boost",
	"min_score", "pit", "rescore", "script_fields", "search_after", "search_pipeline", "seq_no_primary_term",
	"slice", "sort", "stats", "stored_fields", "terminate_after", "verbose_pipeline", "version"}

var offered = "[query, post_filter, from, size, _source, highlight, aggs, timeout, profile, explain, track_total_hits, suggest]"

// Parse decodes one request body into a validated request. Every error is an
// *apierr.Error with status 400 (never a Go error string).
func (p *Parser) Parse(body []byte) (*Parsed, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, apierr.New(http.StatusBadRequest, apierr.TypeParsing, "request body is required")
	}
	d := p.decoders.Get().(*decoder)
	d.reset(p, body)
	defer func() { d.release(); p.decoders.Put(d) }()
	if _, err := d.object("body"); err != nil {
		return nil, err
	}
	req := &SearchRequest{}
	form := FormB
	var formA *formAQuery
	var others []string // body members other than query, for Form A's check
	var othersOff int64
	for {
		key, off, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if key != "query" && len(others) == 0 {
			othersOff = off
		}
		if key != "query" {
			others = append(others, key)
		}
		switch key {
		case "query":
			isA, err := d.isFormA()
			if err != nil {
				return nil, err
			}
			if isA {
				form = FormA
				if formA, err = d.formA(); err != nil {
					return nil, err
				}
			} else if req.Query, err = d.query(1); err != nil {
				return nil, err
			}
		case "post_filter":
			if req.PostFilter, err = d.query(1); err != nil {
				return nil, err
			}
		case "from":
			n, off, err := d.integer("from")
			if err != nil {
				return nil, err
			}
			if n < 0 {
				return nil, d.argAt(off, "[from] parameter cannot be negative, found [%d]", n)
			}
			req.From = &n
		case "size":
			n, off, err := d.integer("size")
			if err != nil {
				return nil, err
			}
			if n < 0 {
				return nil, d.argAt(off, "[size] parameter cannot be negative, found [%d]", n)
			}
			if n > p.limits.MaxSize {
				return nil, d.argAt(off, "[size] must be at most %d, found [%d]", p.limits.MaxSize, n)
			}
			req.Size = &n
		case "_source":
			if req.Source, err = d.source("_source"); err != nil {
				return nil, err
			}
		case "highlight":
			if req.Highlight, err = d.highlight("highlight"); err != nil {
				return nil, err
			}
		case "aggs", "aggregations":
			if req.Aggs, err = d.aggs(key); err != nil {
				return nil, err
			}
		case "timeout":
			if req.Timeout, err = d.timeout(); err != nil {
				return nil, err
			}
		case "profile":
			if req.Profile, _, err = d.boolean("profile"); err != nil {
				return nil, err
			}
		case "explain":
			if req.Explain, _, err = d.boolean("explain"); err != nil {
				return nil, err
			}
		case "track_total_hits":
			if req.TrackTotalHits, err = d.trackTotalHits(); err != nil {
				return nil, err
			}
		case "suggest":
			if req.Suggest, err = d.suggest(); err != nil {
				return nil, err
			}
		default:
			k := d.dec.PeekKind()
			if slices.Contains(notOffered, key) {
				return nil, d.errAt(off, "[%s] is not supported by this API; the body may hold %s", key, offered)
			}
			return nil, d.errAt(off, "Unknown key for a %s in [%s].", kindName(k), key)
		}
	}
	if off := d.pos(); off < int64(len(d.src)) {
		return nil, d.errAt(off, "unexpected content after the request body")
	}
	if form == FormA {
		if len(others) > 0 {
			return nil, d.errAt(othersOff, "[%s] cannot be combined with a simplified query (query.q, query._index, query.p and attribute filters); use a structured query instead", others[0])
		}
		return formA.expand(p.formA, p.limits), nil
	}
	if err := p.checkWindow(req); err != nil {
		return nil, err
	}
	for _, q := range []Query{req.Query, req.PostFilter} {
		if q == nil {
			continue
		}
		if err := checkBoosts(q); err != nil {
			return nil, err
		}
	}
	if req.Timeout == 0 {
		req.Timeout = p.limits.MaxTimeout
	}
	return &Parsed{Form: FormB, Search: req}, nil
}

// checkWindow enforces from+size ≤ MaxWindow once both are known.
func (p *Parser) checkWindow(req *SearchRequest) error {
	from, size := 0, 10
	if req.From != nil {
		from = *req.From
	}
	if req.Size != nil {
		size = *req.Size
	}
	if from+size > p.limits.MaxWindow {
		return apierr.BadRequest("Result window is too large, from + size must be less than or equal to: [%d] but was [%d].", p.limits.MaxWindow, from+size)
	}
	return nil
}

// source reads a _source member: a boolean, a field or a list of fields.
func (d *decoder) source(what string) (*SourceFilter, error) {
	k, _, err := d.peek()
	if err != nil {
		return nil, err
	}
	if k == 't' || k == 'f' {
		b, _, err := d.boolean(what)
		return &SourceFilter{Disabled: !b}, err
	}
	fields, _, err := d.strs(what)
	if err != nil {
		return nil, err
	}
	return &SourceFilter{Includes: fields}, nil
}

// timeout reads a time value with a unit, as OpenSearch's TimeValue does.
func (d *decoder) timeout() (time.Duration, error) {
	s, off, err := d.str("timeout")
	if err != nil {
		return 0, err
	}
	dur, ok := parseTimeValue(s)
	if !ok {
		return 0, d.argAt(off, "failed to parse setting [timeout] with value [%s] as a time value: unit is missing or unrecognized", s)
	}
	if dur <= 0 {
		return 0, d.argAt(off, "[timeout] must be positive, found [%s]", s)
	}
	if dur > d.p.limits.MaxTimeout {
		return 0, d.argAt(off, "[timeout] must be at most %s, found [%s]", FormatTimeout(d.p.limits.MaxTimeout), s)
	}
	return dur, nil
}

// parseTimeValue parses "<n><unit>" with OpenSearch's units.
func parseTimeValue(s string) (time.Duration, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	units := []struct {
		suffix string
		unit   time.Duration
	}{{"nanos", time.Nanosecond}, {"micros", time.Microsecond}, {"ms", time.Millisecond},
		{"s", time.Second}, {"m", time.Minute}, {"h", time.Hour}, {"d", 24 * time.Hour}}
	for _, u := range units {
		num, ok := strings.CutSuffix(s, u.suffix)
		if !ok || num == "" {
			continue
		}
		// A value too long for a Duration saturates, so the caller's
		// bound names the limit instead of an overflow turning it
		// negative.
		var n int64
		for _, c := range []byte(num) {
			if c < '0' || c > '9' {
				return 0, false
			}
			if n > (math.MaxInt64-9)/10 {
				n = math.MaxInt64
				continue
			}
			n = n*10 + int64(c-'0')
		}
		if n > math.MaxInt64/int64(u.unit) {
			return math.MaxInt64, true
		}
		return time.Duration(n) * u.unit, true
	}
	return 0, false
}

func (d *decoder) trackTotalHits() (*TrackTotalHits, error) {
	k, off, err := d.peek()
	if err != nil {
		return nil, err
	}
	if k == 't' || k == 'f' {
		b, _, err := d.boolean("track_total_hits")
		return &TrackTotalHits{Enabled: b, All: b}, err
	}
	n, _, err := d.integer("track_total_hits")
	if err != nil {
		return nil, err
	}
	switch {
	case n == -1: // SearchContext.TRACK_TOTAL_HITS_DISABLED
		return &TrackTotalHits{}, nil
	case n < 0:
		return nil, d.argAt(off, "[track_total_hits] parameter must be positive or equals to -1, got [%d]", n)
	}
	return &TrackTotalHits{Enabled: true, Limit: n}, nil
}

func (d *decoder) highlight(what string) (*Highlight, error) {
	start, err := d.object(what)
	if err != nil {
		return nil, err
	}
	h := &Highlight{}
	var fieldsSeen bool
	var preOff int64
	for {
		key, off, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		switch key {
		case "fields":
			fieldsSeen = true
			if h.Fields, err = d.highlightFields(what); err != nil {
				return nil, err
			}
		case "order":
			s, off, err := d.str(what + ".order")
			if err != nil {
				return nil, err
			}
			if s != "score" && s != "none" {
				return nil, d.argAt(off, "[%s.order] must be [score] or [none], found [%s]", what, s)
			}
			h.Order = s
		case "pre_tags":
			preOff = off
			if h.PreTags, _, err = d.strs(what + ".pre_tags"); err != nil {
				return nil, err
			}
		case "post_tags":
			if h.PostTags, _, err = d.strs(what + ".post_tags"); err != nil {
				return nil, err
			}
		case "fragment_size", "number_of_fragments":
			n, err := d.fragmentOption(what, key)
			if err != nil {
				return nil, err
			}
			if key == "fragment_size" {
				h.FragmentSize = n
			} else {
				h.NumberOfFragments = n
			}
		default:
			return nil, d.errAt(off, "[%s] unknown field [%s]; allowed: [fields, order, pre_tags, post_tags, fragment_size, number_of_fragments]", what, key)
		}
	}
	if !fieldsSeen {
		return nil, d.argAt(start, "[%s] requires [fields]", what)
	}
	if (h.PreTags == nil) != (h.PostTags == nil) {
		return nil, d.argAt(preOff, "[%s] pre_tags and post_tags must be given together", what)
	}
	return h, nil
}

func (d *decoder) fragmentOption(what, key string) (*int, error) {
	n, off, err := d.integer(what + "." + key)
	if err != nil {
		return nil, err
	}
	if n < 0 || (key == "fragment_size" && n == 0) {
		return nil, d.argAt(off, "[%s.%s] must be positive, found [%d]", what, key, n)
	}
	return &n, nil
}

func (d *decoder) highlightFields(what string) ([]HighlightField, error) {
	if _, err := d.object(what + ".fields"); err != nil {
		return nil, err
	}
	fields := []HighlightField{}
	for {
		name, off, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			return fields, nil
		}
		if !slices.Contains(highlightable, name) {
			return nil, d.argAt(off, "[%s.fields] field [%s] cannot be highlighted; highlightable fields are %v", what, name, highlightable)
		}
		f := HighlightField{Name: name}
		if _, err := d.object(what + ".fields." + name); err != nil {
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
			switch key {
			case "fragment_size":
				if f.FragmentSize, err = d.fragmentOption(what+".fields."+name, key); err != nil {
					return nil, err
				}
			case "number_of_fragments":
				if f.NumberOfFragments, err = d.fragmentOption(what+".fields."+name, key); err != nil {
					return nil, err
				}
			default:
				return nil, d.errAt(off, "[%s.fields.%s] unknown field [%s]; allowed: [fragment_size, number_of_fragments]", what, name, key)
			}
		}
		fields = append(fields, f)
	}
}

func (d *decoder) aggs(what string) ([]NamedAgg, error) {
	if _, err := d.object(what); err != nil {
		return nil, err
	}
	var out []NamedAgg
	for {
		name, off, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			return out, nil
		}
		if name == "" || strings.ContainsAny(name, "[]>") {
			return nil, d.argAt(off, "Invalid aggregation name [%s]. Aggregation names can contain any character except '[', ']', and '>'", name)
		}
		if len(out) == d.p.limits.MaxAggregations {
			return nil, d.argAt(off, "too many aggregations: the request has more than %d (MAX_AGGREGATIONS)", d.p.limits.MaxAggregations)
		}
		if err := d.countClause(off, 1); err != nil {
			return nil, err
		}
		a := NamedAgg{Name: name}
		if _, err := d.object(name); err != nil {
			return nil, err
		}
		typ, toff, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, d.errAt(toff, "Missing definition for aggregation [%s]", name)
		}
		if typ != "terms" {
			return nil, d.errAt(toff, "aggregation type [%s] of [%s] is not supported by this API; only [terms] is", typ, name)
		}
		if _, err := d.object(name + ".terms"); err != nil {
			return nil, err
		}
		var fieldOff int64
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
				if a.Field, fieldOff, err = d.str(name + ".terms.field"); err != nil {
					return nil, err
				}
			case "size":
				n, off, err := d.integer(name + ".terms.size")
				if err != nil {
					return nil, err
				}
				if n <= 0 {
					return nil, d.argAt(off, "[size] must be greater than 0. Found [%d] in [%s]", n, name)
				}
				if n > d.p.limits.MaxAggSize {
					return nil, d.argAt(off, "[size] must be at most %d, found [%d] in [%s]", d.p.limits.MaxAggSize, n, name)
				}
				a.Size = &n
			default:
				return nil, d.errAt(off, "[terms] aggregation [%s] does not support [%s]; allowed: [field, size]", name, key)
			}
		}
		if a.Field == "" {
			return nil, d.argAt(toff, "Required one of fields [field, script], but none were specified in [%s]", name)
		}
		if err := d.checkAggField(fieldOff, name, a.Field); err != nil {
			return nil, err
		}
		if err := d.end(name); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
}

// checkAggField allows _index and keyword fields of root documents.
func (d *decoder) checkAggField(off int64, name, field string) error {
	if field == "_index" {
		return nil
	}
	f, ok := d.p.mappings.Field(field)
	switch {
	case !ok:
		return d.argAt(off, "[%s] field [%s] is not mapped in any index; aggregations work on _index and keyword fields", name, field)
	case f.Type != mappings.Keyword:
		return d.argAt(off, "[%s] field [%s] is of type [%s]; aggregations work on _index and keyword fields only", name, field, f.Type)
	case f.NestedPath != "":
		return d.argAt(off, "[%s] field [%s] is inside the nested path [%s]; aggregations work on fields of whole records only", name, field, f.NestedPath)
	}
	return nil
}

func (d *decoder) suggest() (*Suggest, error) {
	start, err := d.object("suggest")
	if err != nil {
		return nil, err
	}
	s := &Suggest{}
	for {
		name, off, ok, err := d.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if name == "text" {
			if s.Text, _, err = d.str("suggest.text"); err != nil {
				return nil, err
			}
			continue
		}
		ts := TermSuggester{Name: name}
		if _, err := d.object("suggest." + name); err != nil {
			return nil, err
		}
		var sawTerm bool
		for {
			key, koff, ok, err := d.key()
			if err != nil {
				return nil, err
			}
			if !ok {
				break
			}
			switch key {
			case "text":
				if ts.Text, _, err = d.str("suggest." + name + ".text"); err != nil {
					return nil, err
				}
			case "term":
				sawTerm = true
				if err := d.termSuggester(&ts); err != nil {
					return nil, err
				}
			case "phrase", "completion":
				return nil, d.errAt(koff, "suggester [%s] is not supported by this API; only [term] is", key)
			default:
				return nil, d.errAt(koff, "suggestion [%s] does not support [%s]", name, key)
			}
		}
		if !sawTerm {
			return nil, d.argAt(off, "suggestion [%s] requires a [term] suggester", name)
		}
		s.Suggesters = append(s.Suggesters, ts)
	}
	for _, ts := range s.Suggesters {
		if ts.Text == "" && s.Text == "" {
			return nil, d.argAt(start, "suggestion [%s] requires [text], given globally or per suggestion", ts.Name)
		}
	}
	return s, nil
}

func (d *decoder) termSuggester(ts *TermSuggester) error {
	what := "suggest." + ts.Name + ".term"
	off, err := d.object(what)
	if err != nil {
		return err
	}
	for {
		key, koff, ok, err := d.key()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		switch key {
		case "field":
			var foff int64
			if ts.Field, foff, err = d.str(what + ".field"); err != nil {
				return err
			}
			if f, ok := d.p.mappings.Field(ts.Field); !ok || f.Type != mappings.Text {
				return d.argAt(foff, "[%s] field [%s] is not a text field", what, ts.Field)
			}
		case "suggest_mode":
			s, moff, err := d.str(what + ".suggest_mode")
			if err != nil {
				return err
			}
			s = strings.ToLower(s)
			if s != "missing" && s != "popular" && s != "always" {
				return d.argAt(moff, "[%s] suggest_mode must be one of [missing, popular, always], found [%s]", what, s)
			}
			ts.SuggestMode = s
		case "size":
			n, noff, err := d.integer(what + ".size")
			if err != nil {
				return err
			}
			if n < 1 || n > d.p.limits.MaxSize {
				return d.argAt(noff, "[%s] size must be between 1 and %d, found [%d]", what, d.p.limits.MaxSize, n)
			}
			ts.Size = &n
		case "max_edits":
			n, noff, err := d.integer(what + ".max_edits")
			if err != nil {
				return err
			}
			if n < 1 || n > 2 {
				return d.argAt(noff, "Illegal max_edits value [%d]; must be 1 or 2", n)
			}
			ts.MaxEdits = &n
		default:
			return d.errAt(koff, "[%s] does not support [%s]; allowed: [field, suggest_mode, size, max_edits]", what, key)
		}
	}
	if ts.Field == "" {
		return d.argAt(off, "[%s] requires [field]", what)
	}
	return nil
}
