package dsl

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/contractsearch/contractsearch/internal/apierr"
)

// decoder reads one request body token by token. Every read goes through
// the helpers below, which turn syntax errors and wrong value kinds into
// located *apierr.Error values, so the grammar code stays a plain sequence of
// reads.
type decoder struct {
	p       *Parser
	src     []byte
	dec     *jsontext.Decoder
	rd      bytes.Reader
	clauses int
	// keys holds the member names of the open objects, innermost last;
	// starts[i] is where the i-th open object's names begin. It replaces
	// the JSON reader's per-object name sets (one map per object) for
	// duplicate detection.
	keys   []string
	starts []int
}

// reset prepares a pooled decoder for body.
func (d *decoder) reset(p *Parser, body []byte) {
	d.p, d.src, d.clauses = p, body, 0
	d.keys, d.starts = d.keys[:0], d.starts[:0]
	d.rd.Reset(body)
	if d.dec == nil {
		d.dec = jsontext.NewDecoder(&d.rd, jsontext.AllowDuplicateNames(true))
	} else {
		d.dec.Reset(&d.rd, jsontext.AllowDuplicateNames(true))
	}
}

// release drops references into the request so a pooled decoder does not
// keep it alive.
func (d *decoder) release() {
	d.src = nil
	d.rd.Reset(nil)
	clear(d.keys[:cap(d.keys)])
}

// knownKeys interns the member names requests use most, so reading them
// allocates nothing. Built once, never written.
var knownKeys = func() map[string]string {
	m := map[string]string{}
	for _, k := range []string{
		"query", "post_filter", "from", "size", "_source", "highlight", "aggs", "aggregations", "timeout",
		"profile", "explain", "track_total_hits", "suggest", "text", "term", "terms", "field",
		"bool", "must", "should", "filter", "must_not", "minimum_should_match", "boost",
		"match_all", "match_phrase", "simple_query_string", "range", "nested", "rank_feature",
		"fields", "default_operator", "flags", "lenient", "value", "slop", "gte", "gt", "lte", "lt", "format",
		"path", "score_mode", "ignore_unmapped", "inner_hits", "name", "saturation", "pivot", "log",
		"scaling_factor", "sigmoid", "exponent", "linear", "order", "pre_tags", "post_tags",
		"fragment_size", "number_of_fragments", "suggest_mode", "max_edits",
		"q", "_index", "p", "clause", "definition", "category", "country", "jurisdiction", "industry",
		"company", "lawfirm", "exhibit_id", "filing_id", "filing_type", "source", "filing_year", "min", "max",
		"snippet", "body", "group_id", "group_size", "weight_rank", "filing_date", "url", "type",
		"name.raw", "category.name", "category.value", "company.name", "company.value",
		"jurisdiction.name", "jurisdiction.value", "industry.name", "industry.value",
		"country.value", "lawfirm.value", "sections.type", "sections.name", "sections.name.raw",
		"sections.value", "sections.snippet", "sections.group_id",
	} {
		m[k] = k
	}
	return m
}()

// pos returns the offset of the next token: the decoder's input offset
// moved past whitespace and the separators ',' and ':'.
func (d *decoder) pos() int64 {
	off := d.dec.InputOffset()
	for off < int64(len(d.src)) {
		switch d.src[off] {
		case ' ', '\t', '\n', '\r', ',', ':':
			off++
		default:
			return off
		}
	}
	return off
}

// lineCol converts a byte offset into 1-based line and column numbers
// counted in bytes, as OpenSearch's JSON parser reports them.
func lineCol(src []byte, off int64) (int, int) {
	if off > int64(len(src)) {
		off = int64(len(src))
	}
	before := src[:off]
	line := 1 + bytes.Count(before, []byte{'\n'})
	col := int(off) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// errAt returns a located parsing_exception.
func (d *decoder) errAt(off int64, format string, args ...any) *apierr.Error {
	line, col := lineCol(d.src, off)
	return apierr.At(apierr.TypeParsing, line, col, format, args...)
}

// argAt returns a located illegal_argument_exception: the JSON is well
// formed but a value breaks a rule or a limit.
func (d *decoder) argAt(off int64, format string, args ...any) *apierr.Error {
	line, col := lineCol(d.src, off)
	return apierr.At(apierr.TypeIllegalArgument, line, col, format, args...)
}

// syntax converts an error of the JSON reader into a located
// x_content_parse_exception whose reason never carries Go error text.
func (d *decoder) syntax(err error) *apierr.Error {
	off := d.dec.InputOffset()
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		off = se.ByteOffset
	}
	line, col := lineCol(d.src, off)
	var what string
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		what = "unexpected end of input"
	case se != nil && strings.Contains(se.Err.Error(), "UTF-8"):
		what = "invalid UTF-8 in a string"
	case off < int64(len(d.src)):
		what = fmt.Sprintf("unexpected character %s", strconv.QuoteRune(rune(d.src[off])))
	default:
		what = "malformed JSON"
	}
	return apierr.At(apierr.TypeXContentParse, line, col, "[%d:%d] malformed request body: %s", line, col, what)
}

// kindName names a JSON kind as OpenSearch's token names do.
func kindName(k jsontext.Kind) string {
	switch k {
	case '{':
		return "START_OBJECT"
	case '[':
		return "START_ARRAY"
	case '"':
		return "VALUE_STRING"
	case '0':
		return "VALUE_NUMBER"
	case 't', 'f':
		return "VALUE_BOOLEAN"
	case 'n':
		return "VALUE_NULL"
	}
	return "END_OF_INPUT"
}

// peek returns the kind and offset of the next value.
func (d *decoder) peek() (jsontext.Kind, int64, error) {
	off := d.pos()
	k := d.dec.PeekKind()
	if k == '}' || k == ']' {
		// A value was expected; the reader only notices on the next read.
		line, col := lineCol(d.src, off)
		return 0, off, apierr.At(apierr.TypeXContentParse, line, col,
			"[%d:%d] malformed request body: unexpected character %s", line, col, strconv.QuoteRune(rune(k)))
	}
	if k == 0 {
		_, err := d.dec.ReadToken()
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
		return 0, off, d.syntax(err)
	}
	return k, off, nil
}

// token reads one token.
func (d *decoder) token() (jsontext.Token, error) {
	tok, err := d.dec.ReadToken()
	if err != nil {
		return tok, d.syntax(err)
	}
	return tok, nil
}

// object reads the start of an object belonging to what (used in the
// error) and returns its offset. Every object is opened here and closed by
// key reporting its end, which keeps the duplicate-name stack balanced.
func (d *decoder) object(what string) (int64, error) {
	k, off, err := d.peek()
	if err != nil {
		return off, err
	}
	if k != '{' {
		return off, d.errAt(off, "[%s] expected START_OBJECT but found [%s]", what, kindName(k))
	}
	if _, err = d.token(); err != nil {
		return off, err
	}
	d.starts = append(d.starts, len(d.keys))
	return off, nil
}

// key reads the next member name of an object, or its end (ok false).
// A name given twice in one object is an error, as in OpenSearch.
func (d *decoder) key() (name string, off int64, ok bool, err error) {
	off = d.pos()
	if d.dec.PeekKind() == '}' {
		if _, err := d.token(); err != nil {
			return "", off, false, err
		}
		top := len(d.starts) - 1
		d.keys, d.starts = d.keys[:d.starts[top]], d.starts[:top]
		return "", off, false, nil
	}
	raw, err := d.dec.ReadValue()
	if err != nil {
		return "", off, false, d.syntax(err)
	}
	name = d.name(raw)
	for _, k := range d.keys[d.starts[len(d.starts)-1]:] {
		if k == name {
			line, col := lineCol(d.src, off)
			return "", off, false, apierr.At(apierr.TypeXContentParse, line, col,
				"[%d:%d] malformed request body: duplicate field [%s]", line, col, name)
		}
	}
	d.keys = append(d.keys, name)
	return name, off, true, nil
}

// name converts a raw member name, valid until the next read, into a
// string: interned when it is a known name, copied otherwise.
func (d *decoder) name(raw jsontext.Value) string {
	inner := raw[1 : len(raw)-1]
	if bytes.IndexByte(inner, '\\') < 0 {
		if k, ok := knownKeys[string(inner)]; ok {
			return k
		}
		return string(inner)
	}
	// Escapes are rare in names; the reader already validated the string.
	out, _ := jsontext.AppendUnquote(nil, raw)
	return string(out)
}

// str reads a string value.
func (d *decoder) str(what string) (string, int64, error) {
	k, off, err := d.peek()
	if err != nil {
		return "", off, err
	}
	if k != '"' {
		return "", off, d.errAt(off, "[%s] expected VALUE_STRING but found [%s]", what, kindName(k))
	}
	tok, err := d.token()
	if err != nil {
		return "", off, err
	}
	return tok.String(), off, nil
}

// number reads a number, or a string holding one, as OpenSearch's parsers
// accept both; it returns the literal text.
func (d *decoder) number(what string) (string, int64, error) {
	k, off, err := d.peek()
	if err != nil {
		return "", off, err
	}
	if k != '0' && k != '"' {
		return "", off, d.errAt(off, "[%s] expected VALUE_NUMBER but found [%s]", what, kindName(k))
	}
	tok, err := d.token()
	if err != nil {
		return "", off, err
	}
	return strings.TrimSpace(tok.String()), off, nil
}

// integer reads an integral number (or a numeric string).
func (d *decoder) integer(what string) (int, int64, error) {
	text, off, err := d.number(what)
	if err != nil {
		return 0, off, err
	}
	n, err := strconv.ParseInt(text, 10, 32)
	if err != nil {
		// 10.0 is an integer to OpenSearch's parser.
		f, ferr := strconv.ParseFloat(text, 64)
		if ferr != nil || f != float64(int64(f)) || f > 1<<31-1 || f < -(1<<31) {
			return 0, off, d.argAt(off, "[%s] must be an integer, got [%s]", what, text)
		}
		n = int64(f)
	}
	return int(n), off, nil
}

// float reads a finite number (or a numeric string).
func (d *decoder) float(what string) (float64, int64, error) {
	text, off, err := d.number(what)
	if err != nil {
		return 0, off, err
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || f != f || f > 1e38 || f < -1e38 {
		return 0, off, d.argAt(off, "[%s] must be a number, got [%s]", what, text)
	}
	return f, off, nil
}

// boolean reads true or false (or the strings "true" and "false").
func (d *decoder) boolean(what string) (bool, int64, error) {
	k, off, err := d.peek()
	if err != nil {
		return false, off, err
	}
	tok, err := d.token()
	if err != nil {
		return false, off, err
	}
	switch {
	case k == 't' || (k == '"' && tok.String() == "true"):
		return true, off, nil
	case k == 'f' || (k == '"' && tok.String() == "false"):
		return false, off, nil
	}
	return false, off, d.errAt(off, "[%s] expected VALUE_BOOLEAN but found [%s]", what, kindName(k))
}

// boost reads a boost, which OpenSearch requires to be non-negative.
func (d *decoder) boost(what string) (*float64, error) {
	text, off, err := d.number(what + ".boost")
	if err != nil {
		return nil, err
	}
	f, err := strconv.ParseFloat(text, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange) || f != f:
		return nil, d.argAt(off, "[%s.boost] must be a number, got [%s]", what, text)
	case f < 0:
		return nil, d.argAt(off, "[%s] negative [boost] are not allowed.", what)
	}
	// A boost is a float (boost.go): one beyond the largest is refused
	// as Lucene's BoostQuery refuses it.
	if msg := boostOverflow(float32(f), "the ["+what+"] boost "+text+" is"); msg != "" {
		return nil, d.argAt(off, "%s", msg)
	}
	return &f, nil
}

// scalar reads a string, number or boolean value.
func (d *decoder) scalar(what string) (Scalar, int64, error) {
	k, off, err := d.peek()
	if err != nil {
		return Scalar{}, off, err
	}
	var kind byte
	switch k {
	case '"':
		kind = 's'
	case '0':
		kind = 'n'
	case 't', 'f':
		kind = 'b'
	default:
		return Scalar{}, off, d.errAt(off, "[%s] expected a string, number or boolean but found [%s]", what, kindName(k))
	}
	tok, err := d.token()
	if err != nil {
		return Scalar{}, off, err
	}
	return Scalar{Text: tok.String(), Kind: kind}, off, nil
}

// strs reads an array of strings, or a single string standing for a
// one-element array as OpenSearch allows.
func (d *decoder) strs(what string) ([]string, int64, error) {
	k, off, err := d.peek()
	if err != nil {
		return nil, off, err
	}
	if k == '"' {
		s, _, err := d.str(what)
		return []string{s}, off, err
	}
	if k != '[' {
		return nil, off, d.errAt(off, "[%s] expected START_ARRAY but found [%s]", what, kindName(k))
	}
	if _, err := d.token(); err != nil {
		return nil, off, err
	}
	out := []string{}
	for d.dec.PeekKind() != ']' {
		s, _, err := d.str(what)
		if err != nil {
			return nil, off, err
		}
		out = append(out, s)
	}
	_, err = d.token()
	return out, off, err
}

// end reads the end of an object whose only member was consumed, reporting
// a second member as OpenSearch does.
func (d *decoder) end(what string) error {
	name, off, ok, err := d.key()
	if err != nil {
		return err
	}
	if ok {
		return d.errAt(off, "[%s] malformed query, expected [END_OBJECT] but found [FIELD_NAME] [%s]", what, name)
	}
	return nil
}

// countClause charges n clauses against the request's clause limit.
func (d *decoder) countClause(off int64, n int) error {
	d.clauses += n
	if d.clauses > d.p.limits.MaxClauses {
		return d.argAt(off, "too many clauses: the request has more than %d (clauses, terms values, query string terms and aggregations count)", d.p.limits.MaxClauses)
	}
	return nil
}
