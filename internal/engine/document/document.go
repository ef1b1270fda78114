// Package document owns the step from a record's JSON _source to the
// values the engine indexes: which leaf fields a record sets, with which
// values, in which order, and which nested objects become child documents.
// It follows OpenSearch's document parsing for the mappings in mappings/:
// multi-fields (name.raw) receive their parent's values, objects may be
// written nested or with dotted keys, arrays give multi-valued fields, null
// means "no value", numbers coerce to text and keywords, strings coerce to
// numbers, a field the mapping does not know is kept in _source but not
// indexed (the mappings are dynamic: false), and so is the content of an
// object mapped "enabled": false, silently.
package document

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/contractsearch/contractsearch/mappings"
)

// Field is one leaf field's values in one document.
type Field struct {
	Path string
	Type mappings.FieldType
	// Indexed is false for fields kept only in _source (index: false).
	Indexed bool
	// Offsets says a text field's postings record offsets (the mapping's
	// index_options: offsets).
	Offsets bool
	// Strings holds text and keyword values in source order.
	Strings []string
	// Longs holds integer values, and date values as milliseconds since the
	// epoch (UTC), in source order.
	Longs []int64
	// Feature is a rank_feature value (single-valued, positive).
	Feature float32
}

// Document is a parsed record: its root fields and its nested children.
type Document struct {
	// Fields are sorted by path.
	Fields []Field
	// Children are the nested objects in source order; a child's offset
	// (inner hits' _nested.offset) is its index among children of its path.
	Children []Child
	// Unmapped lists the paths of fields the mapping does not know, which
	// were kept in _source but not indexed (the mappings are dynamic: false).
	Unmapped []string
}

// Child is one nested object.
type Child struct {
	// Path is the nested path ("sections").
	Path string
	// Source is the object's JSON, what inner hits return as _source.
	Source []byte
	// Fields are sorted by path (full paths: "sections.name").
	Fields []Field
}

// Field returns the document's field at path, or nil.
func (d *Document) Field(path string) *Field { return find(d.Fields, path) }

// Field returns the child's field at path, or nil.
func (c *Child) Field(path string) *Field { return find(c.Fields, path) }

func find(fields []Field, path string) *Field {
	i := sort.Search(len(fields), func(i int) bool { return fields[i].Path >= path })
	if i < len(fields) && fields[i].Path == path {
		return &fields[i]
	}
	return nil
}

// Error is a record OpenSearch would refuse, with OpenSearch's error type.
type Error struct {
	// Type is mapper_parsing_exception or illegal_argument_exception.
	Type   string
	Reason string
}

func (e *Error) Error() string { return e.Type + ": " + e.Reason }

func parseErr(format string, args ...any) *Error {
	return &Error{Type: "mapper_parsing_exception", Reason: fmt.Sprintf(format, args...)}
}

// Schema is the parsing view of one index's mapping, built once per index.
type Schema struct {
	index *mappings.Index
	// objects are the paths of (non-nested) object fields.
	objects map[string]bool
	// nested are the paths of nested objects.
	nested map[string]bool
	// multi maps a leaf field to its multi-fields ("name" → ["name.raw"]).
	multi map[string][]string
}

// NewSchema derives the parsing view of idx.
func NewSchema(idx *mappings.Index) *Schema {
	s := &Schema{index: idx, objects: map[string]bool{}, nested: map[string]bool{}, multi: map[string][]string{}}
	for _, p := range idx.NestedPaths {
		s.nested[p] = true
	}
	for path := range idx.Fields {
		// Every proper prefix of a leaf path is an object, a nested path,
		// or a leaf whose multi-field this is.
		for i := strings.IndexByte(path, '.'); i >= 0; i = next(path, i) {
			prefix := path[:i]
			switch {
			case s.nested[prefix]:
			case isLeaf(idx, prefix):
				s.multi[prefix] = append(s.multi[prefix], path)
			default:
				s.objects[prefix] = true
			}
		}
	}
	for _, m := range s.multi {
		sort.Strings(m)
	}
	return s
}

func next(path string, i int) int {
	j := strings.IndexByte(path[i+1:], '.')
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

func isLeaf(idx *mappings.Index, path string) bool {
	_, ok := idx.Fields[path]
	return ok
}

// parser holds the state of one Parse call.
type parser struct {
	s      *Schema
	fields map[string]*Field
	doc    *Document
	// unmapped collects the paths of ignored fields.
	unmapped *[]string
}

// Parse parses a record's source. The source must be a JSON object.
func (s *Schema) Parse(source []byte) (*Document, error) {
	doc := &Document{}
	p := &parser{s: s, fields: map[string]*Field{}, doc: doc, unmapped: &doc.Unmapped}
	dec := jsontext.NewDecoder(bytes.NewReader(source))
	if dec.PeekKind() != '{' {
		return nil, parseErr("failed to parse: the document source must be a JSON object")
	}
	if err := p.object(dec, "", ""); err != nil {
		return nil, err
	}
	if _, err := dec.ReadToken(); !errors.Is(err, io.EOF) {
		return nil, parseErr("failed to parse: unexpected content after the document source")
	}
	doc.Fields = collect(p.fields)
	return doc, nil
}

// object reads an object whose members live under prefix (with a trailing
// dot, or "" at the root), inside the nested object nested ("" for root).
func (p *parser) object(dec *jsontext.Decoder, prefix, nested string) error {
	if _, err := dec.ReadToken(); err != nil { // '{'
		return syntaxErr(err)
	}
	for dec.PeekKind() != '}' {
		tok, err := dec.ReadToken()
		if err != nil {
			return syntaxErr(err)
		}
		if err := p.member(dec, prefix+tok.String(), nested); err != nil {
			return err
		}
	}
	_, err := dec.ReadToken() // '}'
	return syntaxErr(err)
}

// member reads the value of the member at path.
func (p *parser) member(dec *jsontext.Decoder, path, nested string) error {
	if f, ok := p.s.index.Fields[path]; ok && f.NestedPath == nested && !p.isMultiField(path) {
		return p.values(dec, f)
	}
	if p.s.nested[path] {
		if nested != "" {
			return parseErr("nested object [%s] inside nested object [%s] is not supported", path, nested)
		}
		return p.children(dec, path)
	}
	if p.s.objects[path] {
		return p.objects(dec, path, nested)
	}
	if p.s.index.IsStoredOnly(path) {
		// An object mapped "enabled": false, or a dotted key into one: kept
		// in _source, not parsed further, and not an unmapped field.
		if slices.Contains(p.s.index.StoredOnly, path) {
			return p.storedOnly(dec, path)
		}
		return skipValue(dec)
	}
	// Anything else is a field the mapping does not define here: unknown,
	// a multi-field written directly, or a nested leaf written outside its
	// nested object. The mappings are dynamic: false, so the value stays in
	// _source but is not indexed, as OpenSearch does (and as the reference
	// oracle does for every unmapped field).
	if p.unmapped != nil {
		*p.unmapped = append(*p.unmapped, path)
	}
	return skipValue(dec)
}

// skipValue discards the next value.
func skipValue(dec *jsontext.Decoder) error {
	return syntaxErr(dec.SkipValue())
}

// isMultiField reports whether path is a multi-field (name.raw), which a
// source cannot set directly.
func (p *parser) isMultiField(path string) bool {
	i := strings.LastIndexByte(path, '.')
	return i > 0 && isLeaf(p.s.index, path[:i])
}

// objects reads an object field: an object, an array of objects, or null.
func (p *parser) objects(dec *jsontext.Decoder, path, nested string) error {
	switch dec.PeekKind() {
	case '{':
		return p.object(dec, path+".", nested)
	case 'n':
		_, err := dec.ReadToken()
		return syntaxErr(err)
	case '[':
		if _, err := dec.ReadToken(); err != nil {
			return syntaxErr(err)
		}
		for dec.PeekKind() != ']' {
			if err := p.objects(dec, path, nested); err != nil {
				return err
			}
		}
		_, err := dec.ReadToken()
		return syntaxErr(err)
	}
	return parseErr("object mapping for [%s] tried to parse field [%s] as object, but found a concrete value", path, path)
}

// storedOnly skips the value of an object mapped "enabled": false: an
// object, an array of objects, or null. Like an enabled object it refuses
// a concrete value, as the reference oracle does.
func (p *parser) storedOnly(dec *jsontext.Decoder, path string) error {
	switch dec.PeekKind() {
	case '{':
		return skipValue(dec)
	case 'n':
		_, err := dec.ReadToken()
		return syntaxErr(err)
	case '[':
		if _, err := dec.ReadToken(); err != nil {
			return syntaxErr(err)
		}
		for dec.PeekKind() != ']' {
			if err := p.storedOnly(dec, path); err != nil {
				return err
			}
		}
		_, err := dec.ReadToken()
		return syntaxErr(err)
	}
	return parseErr("object mapping for [%s] tried to parse field [%s] as object, but found a concrete value", path, path)
}

// children reads a nested object or an array of them; each becomes a child
// document with its own source.
func (p *parser) children(dec *jsontext.Decoder, path string) error {
	switch dec.PeekKind() {
	case 'n':
		_, err := dec.ReadToken()
		return syntaxErr(err)
	case '{':
		raw, err := dec.ReadValue()
		if err != nil {
			return syntaxErr(err)
		}
		return p.child(path, raw)
	case '[':
		if _, err := dec.ReadToken(); err != nil {
			return syntaxErr(err)
		}
		for dec.PeekKind() != ']' {
			if dec.PeekKind() == 'n' {
				if _, err := dec.ReadToken(); err != nil {
					return syntaxErr(err)
				}
				continue
			}
			if dec.PeekKind() != '{' {
				return parseErr("object mapping for [%s] tried to parse field [%s] as object, but found a concrete value", path, path)
			}
			raw, err := dec.ReadValue()
			if err != nil {
				return syntaxErr(err)
			}
			if err := p.child(path, raw); err != nil {
				return err
			}
		}
		_, err := dec.ReadToken()
		return syntaxErr(err)
	}
	return parseErr("object mapping for [%s] tried to parse field [%s] as object, but found a concrete value", path, path)
}

func (p *parser) child(path string, raw jsontext.Value) error {
	c := Child{Path: path, Source: bytes.Clone(raw)}
	sub := &parser{s: p.s, fields: map[string]*Field{}, unmapped: p.unmapped}
	dec := jsontext.NewDecoder(bytes.NewReader(c.Source))
	if err := sub.object(dec, path+".", path); err != nil {
		return err
	}
	c.Fields = collect(sub.fields)
	p.doc.Children = append(p.doc.Children, c)
	return nil
}

// values reads a leaf field's value or array of values (arrays of arrays
// flatten, nulls are skipped) and adds them to the field and its
// multi-fields.
func (p *parser) values(dec *jsontext.Decoder, f mappings.Field) error {
	switch dec.PeekKind() {
	case '[':
		if _, err := dec.ReadToken(); err != nil {
			return syntaxErr(err)
		}
		for dec.PeekKind() != ']' {
			if f.Type == mappings.RankFeature {
				return &Error{Type: "illegal_argument_exception",
					Reason: fmt.Sprintf("[rank_feature] fields do not support indexing multiple values for the same field [%s] in the same document", f.Path)}
			}
			if err := p.values(dec, f); err != nil {
				return err
			}
		}
		_, err := dec.ReadToken()
		return syntaxErr(err)
	case '{':
		return parseErr("failed to parse field [%s] of type [%s]: an object was given where a value is expected", f.Path, f.Type)
	}
	tok, err := dec.ReadToken()
	if err != nil {
		return syntaxErr(err)
	}
	if tok.Kind() == 'n' {
		return nil
	}
	text := tok.String()
	if err := p.add(f, tok.Kind(), text); err != nil {
		return err
	}
	for _, m := range p.s.multi[f.Path] {
		if err := p.add(p.s.index.Fields[m], tok.Kind(), text); err != nil {
			return err
		}
	}
	return nil
}

// add converts one scalar for field f.
func (p *parser) add(f mappings.Field, kind jsontext.Kind, text string) error {
	fv := p.fields[f.Path]
	if fv == nil {
		fv = &Field{Path: f.Path, Type: f.Type, Indexed: f.Indexed, Offsets: f.Offsets}
		p.fields[f.Path] = fv
	}
	switch f.Type {
	case mappings.Text, mappings.Keyword:
		// Numbers and booleans index as the text they were written as.
		fv.Strings = append(fv.Strings, text)
	case mappings.Integer:
		n, err := parseInteger(kind, text)
		if err != nil {
			return parseErr("failed to parse field [%s] of type [integer]: %s", f.Path, err)
		}
		fv.Longs = append(fv.Longs, n)
	case mappings.Date:
		if kind != '"' {
			return parseErr("failed to parse field [%s] of type [date]: [%s] is not a date in format [%s]", f.Path, text, f.Format)
		}
		ms, err := parseDate(text, f.Format)
		if err != nil {
			return parseErr("failed to parse field [%s] of type [date]: %s", f.Path, err)
		}
		fv.Longs = append(fv.Longs, ms)
	case mappings.RankFeature:
		v, err := strconv.ParseFloat(strings.TrimSpace(text), 32)
		if (kind != '0' && kind != '"') || err != nil {
			return parseErr("failed to parse field [%s] of type [rank_feature]: [%s] is not a number", f.Path, text)
		}
		if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 {
			return &Error{Type: "illegal_argument_exception",
				Reason: fmt.Sprintf("[rank_feature] fields only support finite positive values, but got %s for field [%s]", text, f.Path)}
		}
		fv.Feature = float32(v)
	}
	return nil
}

// parseInteger accepts numbers and numeric strings; decimals truncate
// toward zero (OpenSearch's coerce default).
func parseInteger(kind jsontext.Kind, text string) (int64, error) {
	if kind != '0' && kind != '"' {
		return 0, fmt.Errorf("[%s] is not a number", text)
	}
	s := strings.TrimSpace(text)
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		if n < math.MinInt32 || n > math.MaxInt32 {
			return 0, fmt.Errorf("value [%s] is out of range for an integer", text)
		}
		return n, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("[%s] is not a number", text)
	}
	if f < math.MinInt32 || f >= math.MaxInt32+1 {
		return 0, fmt.Errorf("value [%s] is out of range for an integer", text)
	}
	return int64(f), nil
}

// parseDate parses the mapping's date format; only the formats the
// shipped mappings use are supported ("yyyy-MM-dd", and the default
// strict_date_optional_time's date-only and date-time forms).
func parseDate(text, format string) (int64, error) {
	layouts := []string{"2006-01-02"}
	if format == "" || strings.Contains(format, "strict_date_optional_time") {
		layouts = append(layouts, "2006-01-02T15:04:05Z07:00", "2006-01-02T15:04:05.999999999Z07:00", "2006-01-02T15:04:05")
	}
	for _, l := range layouts {
		if t, err := time.ParseInLocation(l, text, time.UTC); err == nil {
			return t.UnixMilli(), nil
		}
	}
	return 0, fmt.Errorf("[%s] is not a date in format [%s]", text, format)
}

func collect(m map[string]*Field) []Field {
	out := make([]Field, 0, len(m))
	for _, f := range m {
		out = append(out, *f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// syntaxErr turns a JSON reader error into a parsing error without Go
// error text.
func syntaxErr(err error) error {
	if err == nil {
		return nil
	}
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		return parseErr("failed to parse: malformed JSON at byte %d", se.ByteOffset)
	}
	return parseErr("failed to parse: malformed JSON (unexpected end of input)")
}
