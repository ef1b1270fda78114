package api

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"

	"github.com/contractsearch/contractsearch/internal/backend"
)

// The envelope is written by hand, not by encoding/json, because of its
// raw members: encoding/json compacts every json.RawMessage byte by byte
// through its scanner (70–130 ms of CPU for a 14.5 MB answer of
// highlighted contracts), and that happens after the backend has answered,
// outside the request's timeout. Here a raw member that is already compact
// — what both backends produce — is used as it is; one that is not is
// compacted as encoding/json would. The bytes are encoding/json's
// (TestEnvelopeMatchesEncodingJSON): member order, omissions, no HTML
// escaping.
//
// Nor is the answer copied into one buffer: it is a list of parts, the
// envelope's own bytes and the raw members (a highlighted answer's
// megabytes) where the backend left them, written to the connection one
// after the other. Rendering thus costs what the envelope's own members
// cost, whatever the size of the hits, and the answer's size is known
// before a byte is written, so that its hits can be cut to what the time
// left allows (delivery.go).

// answer is a rendered response: the concatenation of its parts.
type answer struct {
	buf   []byte // the envelope's own bytes and small raw members
	parts []part
	size  int64 // the answer's length in bytes
}

// part is a piece of an answer: raw when set, otherwise buf[start:end].
type part struct {
	start, end int
	raw        []byte
}

// referenceAt is the length from which a compact raw member becomes a
// part of its own instead of being copied into buf: below it, a part
// costs more (a write call) than the copy.
const referenceAt = 512

// write appends b to the envelope's own bytes.
func (a *answer) write(b []byte) {
	start := len(a.buf)
	a.buf = append(a.buf, b...)
	a.grew(start)
}

func (a *answer) writeString(s string) {
	start := len(a.buf)
	a.buf = append(a.buf, s...)
	a.grew(start)
}

// grew records buf[start:] as the answer's next bytes, in the last part
// when that ends where they start.
func (a *answer) grew(start int) {
	if n := len(a.parts); n > 0 && a.parts[n-1].raw == nil && a.parts[n-1].end == start {
		a.parts[n-1].end = len(a.buf)
	} else {
		a.parts = append(a.parts, part{start: start, end: len(a.buf)})
	}
	a.size += int64(len(a.buf) - start)
}

// reference appends m as a part of its own, not copied.
func (a *answer) reference(m []byte) {
	a.parts = append(a.parts, part{raw: m})
	a.size += int64(len(m))
}

// mark is an answer's state, to return to with rollback.
type mark struct {
	buf, parts, lastEnd int
	size                int64
}

func (a *answer) mark() mark {
	m := mark{buf: len(a.buf), parts: len(a.parts), size: a.size}
	if m.parts > 0 {
		m.lastEnd = a.parts[m.parts-1].end
	}
	return m
}

// rollback removes what was written since m.
func (a *answer) rollback(m mark) {
	a.buf, a.parts, a.size = a.buf[:m.buf], a.parts[:m.parts], m.size
	if m.parts > 0 && a.parts[m.parts-1].raw == nil {
		a.parts[m.parts-1].end = m.lastEnd
	}
}

// set replaces part i, one written by reference, with v.
func (a *answer) set(i int, v []byte) {
	a.size += int64(len(v) - len(a.parts[i].raw))
	a.parts[i].raw = v
}

// slices are the answer's parts as byte slices, in order.
func (a *answer) slices() [][]byte {
	out := make([][]byte, len(a.parts))
	for i, p := range a.parts {
		if p.raw != nil {
			out[i] = p.raw
		} else {
			out[i] = a.buf[p.start:p.end]
		}
	}
	return out
}

// Bytes is the answer in one slice (a copy).
func (a *answer) Bytes() []byte {
	out := make([]byte, 0, a.size)
	for _, p := range a.slices() {
		out = append(out, p...)
	}
	return out
}

// encoder writes small values as the envelope's encoder did: no HTML
// escaping, no trailing newline.
type encoder struct {
	scratch bytes.Buffer
	enc     *json.Encoder
	out     *answer
	err     error
}

func newEncoder(out *answer) *encoder {
	e := &encoder{out: out}
	e.enc = json.NewEncoder(&e.scratch)
	e.enc.SetEscapeHTML(false)
	return e
}

func (e *encoder) raw(s string) { e.out.writeString(s) }

// value writes v as encoding/json does.
func (e *encoder) value(v any) {
	if e.err != nil {
		return
	}
	e.scratch.Reset()
	if e.err = e.enc.Encode(v); e.err == nil {
		e.out.write(bytes.TrimSuffix(e.scratch.Bytes(), []byte{'\n'}))
	}
}

// member writes ,"name": (no comma when first) and then v.
func (e *encoder) member(first bool, name string, v any) {
	if !first {
		e.raw(",")
	}
	e.value(name)
	e.raw(":")
	e.value(v)
}

// The members every hit and inner hit has (names, ids, scores, totals)
// are written by the functions below rather than through json.Encoder: a
// page of 100 hits with 100 inner hits each holds 10,000 of them, and the
// encoder's call, reflection and copy per value made rendering such a page
// cost more than its bytes (BenchmarkRenderEnvelope). Each writes what
// encoding/json writes and leaves what it does not handle (strings to
// escape, scores in exponent form) to value.

// str writes a JSON string.
func (e *encoder) str(s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			e.value(s)
			return
		}
	}
	start := len(e.out.buf)
	e.out.buf = append(append(append(e.out.buf, '"'), s...), '"')
	e.out.grew(start)
}

// int writes an integer.
func (e *encoder) int(n int64) {
	start := len(e.out.buf)
	e.out.buf = strconv.AppendInt(e.out.buf, n, 10)
	e.out.grew(start)
}

// score writes a score: null when nil, as encoding/json formats a float32
// otherwise.
func (e *encoder) score(f *float32) {
	if f == nil {
		e.raw("null")
		return
	}
	if abs := math.Abs(float64(*f)); abs != 0 && (abs < 1e-6 || abs >= 1e21) || math.IsNaN(abs) || math.IsInf(abs, 0) {
		e.value(*f) // exponent form, or encoding/json's error
		return
	}
	start := len(e.out.buf)
	e.out.buf = strconv.AppendFloat(e.out.buf, float64(*f), 'f', -1, 32)
	e.out.grew(start)
}

// total writes a hits.total object.
func (e *encoder) total(t *backend.Total) {
	e.raw(`{"value":`)
	e.int(t.Value)
	e.raw(`,"relation":`)
	e.str(t.Relation)
	e.raw("}")
}

// rawMember writes a json.RawMessage member: null when nil, as it is when
// compact, compacted otherwise.
func (e *encoder) rawMember(name string, m json.RawMessage) {
	e.raw(",")
	e.str(name)
	e.raw(":")
	e.rawValue(m)
}

func (e *encoder) rawValue(m json.RawMessage) {
	if e.err != nil {
		return
	}
	switch {
	case m == nil:
		e.raw("null")
	case !isCompact(m):
		e.scratch.Reset()
		if e.err = json.Compact(&e.scratch, m); e.err == nil {
			e.out.write(e.scratch.Bytes())
		}
	case len(m) >= referenceAt:
		e.out.reference(m)
	default:
		e.out.write(m)
	}
}

// isCompact reports whether JSON text m has no whitespace outside its
// strings, so that compacting it would change nothing. Strings (nearly
// all of a highlighted answer's bytes) are skipped with bytes.IndexByte,
// not byte by byte: this runs on every raw member of an answer, after
// the backend's deadline.
func isCompact(m []byte) bool {
	for i := 0; i < len(m); i++ {
		switch m[i] {
		case ' ', '\t', '\n', '\r':
			return false
		case '"':
			end, ok := stringEnd(m, i)
			if !ok {
				return true // unterminated: nothing outside a string follows
			}
			i = end
		}
	}
	return true
}

// stringEnd is the index of the quote that closes the JSON string opened
// at m[open]: the first quote after it preceded by an even number of
// backslashes.
func stringEnd(m []byte, open int) (int, bool) {
	for j := open + 1; ; j++ {
		k := bytes.IndexByte(m[j:], '"')
		if k < 0 {
			return 0, false
		}
		j += k
		backslashes := 0
		for p := j - 1; p > open && m[p] == '\\'; p-- {
			backslashes++
		}
		if backslashes%2 == 0 {
			return j, true
		}
	}
}

// Literals of the timed_out member, which renderEnvelope sets once the
// hits are rendered.
var (
	jsonTrue  = []byte("true")
	jsonFalse = []byte("false")
)

// renderEnvelope renders env with encoding/json's bytes. When limit is
// positive and the answer would be longer, the page of hits ends with the
// last top-level hit that keeps it within limit (none, if need be; the
// other members are kept whole), and timed_out is true: cut says so.
func renderEnvelope(env *envelope, limit int64) (a *answer, cut bool, err error) {
	// Sized once: a page of many inner hits is megabytes of small members.
	own, parts := sizeHint(env.Hits.Hits)
	a = &answer{buf: make([]byte, 0, 512+own), parts: make([]part, 0, 8+parts)}
	e := newEncoder(a)
	e.raw("{")
	e.member(true, "took", env.Took)
	e.raw(`,"timed_out":`)
	timedOut := len(a.parts)
	a.reference(jsonFalse)
	e.raw(`,"_shards":`)
	e.shards(&env.Shards)
	e.raw(`,"hits":`)
	hitsLimit := int64(0)
	if limit > 0 {
		// What follows the hits is kept whole: the hits get the rest.
		hitsLimit = max(1, limit-int64(len(env.Aggregations)+len(env.Suggest)+len(env.Profile)+64*len(derefTokens(env.QueryTokens))+64))
	}
	cut = e.hits(&env.Hits, hitsLimit)
	if len(env.Aggregations) > 0 {
		e.rawMember("aggregations", env.Aggregations)
	}
	if len(env.Suggest) > 0 {
		e.rawMember("suggest", env.Suggest)
	}
	if len(env.Profile) > 0 {
		e.rawMember("profile", env.Profile)
	}
	if env.QueryTokens != nil {
		e.member(false, "queryTokens", env.QueryTokens)
	}
	if env.Size != nil {
		e.member(false, "size", env.Size)
	}
	e.raw("}")
	if env.TimedOut || cut {
		a.set(timedOut, jsonTrue)
	}
	return a, cut, e.err
}

// sizeHint is about how many bytes of hits the answer's own buffer
// holds (names, ids, scores, raw members too short to be referenced) and
// how many parts they make, a little more rather than less.
func sizeHint(hits []backend.Hit) (own, parts int) {
	const perHit = 160 // member names, score, total, nested
	small := func(m json.RawMessage) int {
		if len(m) < referenceAt {
			return len(m)
		}
		parts += 2 // the raw member, and the buffer's bytes after it
		return 0
	}
	for i := range hits {
		h := &hits[i]
		own += perHit + len(h.Index) + len(h.ID) + small(h.Source) + small(h.Highlight) + small(h.Explanation)
		parts++
		for name, ih := range h.InnerHits {
			o, p := sizeHint(ih.Hits.Hits)
			own += perHit + len(name) + o
			parts += p
		}
	}
	return own, parts
}

func derefTokens(t *[]string) []string {
	if t == nil {
		return nil
	}
	return *t
}

func (e *encoder) shards(s *backend.Shards) {
	e.raw("{")
	e.member(true, "total", s.Total)
	e.member(false, "successful", s.Successful)
	e.member(false, "skipped", s.Skipped)
	e.member(false, "failed", s.Failed)
	if len(s.Failures) > 0 {
		e.raw(`,"failures":[`)
		for i, f := range s.Failures {
			if i > 0 {
				e.raw(",")
			}
			e.rawValue(f)
		}
		e.raw("]")
	}
	e.raw("}")
}

// hits writes a hits object. When limit is positive, the page ends with
// the last hit after which the answer is at most limit bytes long, and cut
// reports whether any hit was left out.
func (e *encoder) hits(h *backend.Hits, limit int64) (cut bool) {
	e.raw("{")
	if h.Total != nil {
		e.raw(`"total":`)
		e.total(h.Total)
		e.raw(",")
	}
	e.raw(`"max_score":`)
	e.score(h.MaxScore)
	if h.Hits == nil {
		e.raw(`,"hits":null}`)
		return false
	}
	e.raw(`,"hits":[`)
	for i := range h.Hits {
		before := e.out.mark()
		if i > 0 {
			e.raw(",")
		}
		e.hit(&h.Hits[i])
		if limit > 0 && e.out.size > limit {
			e.out.rollback(before)
			cut = true
			break
		}
	}
	e.raw("]}")
	return cut
}

func (e *encoder) hit(h *backend.Hit) {
	e.raw(`{"_index":`)
	e.str(h.Index)
	if h.Type != "" {
		e.raw(`,"_type":`)
		e.str(h.Type)
	}
	e.raw(`,"_id":`)
	e.str(h.ID)
	if h.Nested != nil {
		e.raw(`,"_nested":{"field":`)
		e.str(h.Nested.Field)
		e.raw(`,"offset":`)
		e.int(int64(h.Nested.Offset))
		e.raw("}")
	}
	e.raw(`,"_score":`)
	e.score(h.Score)
	if len(h.Source) > 0 {
		e.rawMember("_source", h.Source)
	}
	if len(h.Highlight) > 0 {
		e.rawMember("highlight", h.Highlight)
	}
	if len(h.Explanation) > 0 {
		e.rawMember("_explanation", h.Explanation)
	}
	if len(h.InnerHits) > 0 {
		e.raw(`,"inner_hits":{`)
		names := make([]string, 0, len(h.InnerHits))
		for name := range h.InnerHits {
			names = append(names, name)
		}
		slices.Sort(names) // encoding/json sorts map keys
		for i, name := range names {
			if i > 0 {
				e.raw(",")
			}
			e.str(name)
			e.raw(`:{"hits":`)
			ih := h.InnerHits[name]
			e.hits(&ih.Hits, 0)
			e.raw("}")
		}
		e.raw("}")
	}
	e.raw("}")
}
