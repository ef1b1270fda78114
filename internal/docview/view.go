package docview

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// MarkPre and MarkPost are the highlight tags to ask the backend for:
// private-use characters, which contract text does not contain (when one
// does, Marks refuses the fragment rather than misplace a mark).
const (
	MarkPre  = "\ue000"
	MarkPost = "\ue001"
)

// View is one contract as the document page shows it.
type View struct {
	// ID is the contract's id, the last segment of its view path.
	ID string
	// Name is the title; the ID when the record has none.
	Name       string
	Attributes []Attribute
	Sections   []Section
	Body       string
	// Query is the q the page marks; "" when none was given.
	Query string
	// Marks are the query's matches in Body, sorted and disjoint.
	Marks []Span
	// Unmarked is set when the query's matches could not be placed (see
	// Marks); the page says so instead of showing none.
	Unmarked bool
}

// Attribute is one row of the attribute table: a display name and,
// for {name, value} attributes, the value a filter uses. Href, when set, is
// an absolute http(s) address to link the name to.
type Attribute struct {
	Label, Name, Value, Href string
}

// Section is one entry of the table of contents.
type Section struct {
	// Offset is the section's position in the record's sections.
	Offset int
	// Anchor is contract.SectionAnchor(Offset).
	Anchor string
	Type   contract.SectionType
	Name   string
	// ClauseTypes are the clause's canonical types.
	ClauseTypes []string
	// Span is where the section starts and ends in Body; nil when the
	// record has no usable span for it.
	Span *Span
}

// Span is a range of byte offsets in Body.
type Span struct{ Start, End int }

// Decode reads a contract record's _source into a View. The record is
// read as OpenSearch reads one: a member may hold one value or an array of
// them, null is no value, numbers and booleans stand for their text; so
// any record a backend accepted can be shown, and only a source that is
// not a JSON object is an error. Section spans that do not fit the body
// (out of range, reversed, inside a UTF-8 sequence) are dropped.
func Decode(id string, source []byte) (*View, error) {
	var r map[string]json.RawMessage
	if err := json.Unmarshal(source, &r); err != nil || r == nil {
		return nil, fmt.Errorf("docview: contract %s: the _source is not a JSON object", id)
	}
	v := &View{ID: id, Name: strings.TrimSpace(text(r["name"])), Body: text(r["body"])}
	if v.Name == "" {
		v.Name = id
	}
	named := func(label, key string) {
		for _, raw := range values(r[key]) {
			var a map[string]json.RawMessage
			if json.Unmarshal(raw, &a) != nil {
				continue
			}
			if name, value := text(a["name"]), text(a["value"]); name != "" || value != "" {
				v.Attributes = append(v.Attributes, Attribute{Label: label, Name: name, Value: value})
			}
		}
	}
	plain := func(label, key string) {
		if s := text(r[key]); s != "" {
			v.Attributes = append(v.Attributes, Attribute{Label: label, Name: s})
		}
	}
	named("Category", "category")
	named("Company", "company")
	named("Jurisdiction", "jurisdiction")
	named("Country", "country")
	named("Industry", "industry")
	named("Law firm", "lawfirm")
	plain("Filing date", "filing_date")
	plain("Filing type", "filing_type")
	plain("Filing", "filing_id")
	plain("Exhibit", "exhibit_id")
	plain("Source", "source")
	if href := externalURL(text(r["url"])); href != "" {
		v.Attributes = append(v.Attributes, Attribute{Label: "Original", Name: href, Href: href})
	}
	if n, err := strconv.Atoi(text(r["group_size"])); err == nil && n > 1 {
		v.Attributes = append(v.Attributes, Attribute{Label: "Near-duplicates", Name: strconv.Itoa(n) + " documents in this group"})
	}
	// Offsets count the section objects as the backends number nested
	// children: nulls are not children.
	for i, raw := range values(r["sections"]) {
		var s map[string]json.RawMessage
		if json.Unmarshal(raw, &s) != nil {
			continue // not an object: no backend accepts such a record
		}
		sec := Section{Offset: i, Anchor: contract.SectionAnchor(i), Type: contract.SectionType(text(s["type"])), Name: text(s["name"])}
		for _, t := range values(s["clause_type"]) {
			sec.ClauseTypes = append(sec.ClauseTypes, text(t))
		}
		if sec.Name == "" {
			sec.Name = "(untitled " + string(sec.Type) + ")"
		}
		var span struct{ Start, End *int }
		if json.Unmarshal(s["span"], &span) == nil && span.Start != nil && span.End != nil && validSpan(v.Body, *span.Start, *span.End) {
			sec.Span = &Span{Start: *span.Start, End: *span.End}
		}
		v.Sections = append(v.Sections, sec)
	}
	return v, nil
}

// values returns the values of a member: one value, or the elements of an
// array (arrays of arrays flattened), nulls left out.
func values(raw json.RawMessage) []json.RawMessage {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	if raw[0] != '[' {
		return []json.RawMessage{raw}
	}
	var elems []json.RawMessage
	if json.Unmarshal(raw, &elems) != nil {
		return nil
	}
	var out []json.RawMessage
	for _, e := range elems {
		out = append(out, values(e)...)
	}
	return out
}

// text renders a text or keyword member: a string as it is, a number or
// boolean as written, several values joined by "; "; objects are not text.
func text(raw json.RawMessage) string {
	var parts []string
	for _, v := range values(raw) {
		var s string
		switch {
		case json.Unmarshal(v, &s) == nil:
			parts = append(parts, s)
		case v[0] != '{':
			parts = append(parts, string(v))
		}
	}
	return strings.Join(parts, "; ")
}

// externalURL returns u when it is an absolute http or https address (the
// spec's "absolute address of an external file"), else "".
func externalURL(u string) string {
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
		return ""
	}
	return u
}

// validSpan reports whether [start, end) is a non-empty range of body on
// rune boundaries.
func validSpan(body string, start, end int) bool {
	return 0 <= start && start < end && end <= len(body) &&
		utf8.RuneStart(body[start]) && (end == len(body) || utf8.RuneStart(body[end]))
}

// Clauses returns the clause sections, for the table of contents.
func (v *View) Clauses() []Section { return v.sectionsOf(contract.Clause) }

// Definitions returns the definition sections.
func (v *View) Definitions() []Section { return v.sectionsOf(contract.Definition) }

func (v *View) sectionsOf(t contract.SectionType) []Section {
	var out []Section
	for _, s := range v.Sections {
		if s.Type == t {
			out = append(out, s)
		}
	}
	return out
}

// SetMarks places the query's matches from the backend's highlight of the
// whole body (fragment, tagged with MarkPre and MarkPost; "" when nothing
// matched).
func (v *View) SetMarks(q, fragment string) {
	v.Query = q
	v.Marks, v.Unmarked = nil, false
	if fragment == "" {
		return
	}
	marks, ok := Marks(v.Body, fragment, MarkPre, MarkPost)
	v.Marks, v.Unmarked = marks, !ok
}

// Marks maps the tagged ranges of a highlighted copy of body back onto
// body. The highlighter returns the text trimmed (and without a trailing
// paragraph separator), so the untagged fragment must occur in body as a
// whole; ok is false when it does not, or when the tags do not pair up.
func Marks(body, fragment, pre, post string) (marks []Span, ok bool) {
	var plain strings.Builder
	plain.Grow(len(fragment))
	var rel []Span
	for rest := fragment; ; {
		i := strings.Index(rest, pre)
		if i < 0 {
			if strings.Contains(rest, post) {
				return nil, false
			}
			plain.WriteString(rest)
			break
		}
		before := rest[:i]
		if strings.Contains(before, post) {
			return nil, false
		}
		plain.WriteString(before)
		rest = rest[i+len(pre):]
		j := strings.Index(rest, post)
		if j < 0 || strings.Contains(rest[:j], pre) {
			return nil, false
		}
		start := plain.Len()
		plain.WriteString(rest[:j])
		if j > 0 {
			rel = append(rel, Span{Start: start, End: plain.Len()})
		}
		rest = rest[j+len(post):]
	}
	off := strings.Index(body, plain.String())
	if off < 0 {
		return nil, false
	}
	for i := range rel {
		rel[i].Start += off
		rel[i].End += off
	}
	return rel, true
}

// Piece is one run of the rendered body: text, marked or not, or an
// empty anchor that a section starts at.
type Piece struct {
	Text string
	Mark bool
	// MarkID is "match-N" on the first piece of the Nth mark.
	MarkID string
	// Anchor, when set, makes the piece an anchor with no text.
	Anchor string
}

// Pieces cuts the body into the runs the page renders: anchors at section
// starts, marks around matches (split where an anchor falls inside one),
// plain text between.
func (v *View) Pieces() []Piece {
	type point struct {
		at     int
		anchor string
	}
	var points []point
	for _, s := range v.Sections {
		if s.Span != nil {
			points = append(points, point{s.Span.Start, s.Anchor})
		}
	}
	slices.SortStableFunc(points, func(a, b point) int { return a.at - b.at })
	var out []Piece
	pi := 0
	// emit writes body[from:to] with the anchors that fall in it.
	emit := func(from, to int, mark bool, id string) {
		for {
			for pi < len(points) && points[pi].at <= from {
				out = append(out, Piece{Anchor: points[pi].anchor})
				pi++
			}
			if from >= to {
				return
			}
			next := to
			if pi < len(points) && points[pi].at < to {
				next = points[pi].at
			}
			out = append(out, Piece{Text: v.Body[from:next], Mark: mark, MarkID: id})
			id = ""
			from = next
		}
	}
	pos := 0
	for i, m := range v.Marks {
		if m.Start < pos || m.End > len(v.Body) {
			continue // not disjoint or out of range: Marks never makes these
		}
		emit(pos, m.Start, false, "")
		emit(m.Start, m.End, true, "match-"+strconv.Itoa(i+1))
		pos = m.End
	}
	emit(pos, len(v.Body), false, "")
	return out
}
