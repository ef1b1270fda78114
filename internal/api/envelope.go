package api

import (
	"bytes"
	"encoding/json"
	"slices"

	"github.com/contractsearch/contractsearch/internal/backend"
)

// The envelope is written by hand, not by encoding/json, because of its
// raw members: encoding/json compacts every json.RawMessage byte by byte
// through its scanner (70–130 ms of CPU for a 14.5 MB answer of
// highlighted contracts), and that happens after the backend has answered,
// outside the request's timeout. Here a raw member that is already compact
// — what both backends produce — is copied as it is; one that is not is
// compacted as encoding/json would. The bytes are encoding/json's
// (TestEnvelopeMatchesEncodingJSON): member order, omissions, no HTML
// escaping.

// encoder writes small values as the envelope's encoder did: no HTML
// escaping, no trailing newline.
type encoder struct {
	buf bytes.Buffer
	enc *json.Encoder
	out *bytes.Buffer
	err error
}

func newEncoder(out *bytes.Buffer) *encoder {
	e := &encoder{out: out}
	e.enc = json.NewEncoder(&e.buf)
	e.enc.SetEscapeHTML(false)
	return e
}

func (e *encoder) raw(s string) { e.out.WriteString(s) }

// value writes v as encoding/json does.
func (e *encoder) value(v any) {
	if e.err != nil {
		return
	}
	e.buf.Reset()
	if e.err = e.enc.Encode(v); e.err == nil {
		e.out.Write(bytes.TrimSuffix(e.buf.Bytes(), []byte{'\n'}))
	}
}

// member writes ,"name": (no comma when first) and then v.
func (e *encoder) member(first bool, name string, v any) {
	if !first {
		e.out.WriteByte(',')
	}
	e.value(name)
	e.out.WriteByte(':')
	e.value(v)
}

// rawMember writes a json.RawMessage member: null when nil, as it is when
// compact, compacted otherwise.
func (e *encoder) rawMember(name string, m json.RawMessage) {
	e.out.WriteByte(',')
	e.value(name)
	e.out.WriteByte(':')
	e.rawValue(m)
}

func (e *encoder) rawValue(m json.RawMessage) {
	if e.err != nil {
		return
	}
	if m == nil {
		e.out.WriteString("null")
		return
	}
	if isCompact(m) {
		e.out.Write(m)
		return
	}
	e.err = json.Compact(e.out, m)
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

// writeEnvelopeJSON writes env with encoding/json's bytes.
func writeEnvelopeJSON(out *bytes.Buffer, env *envelope) error {
	// One allocation of about the answer's size, rather than doubling
	// from small: a highlighted answer can be many megabytes.
	out.Grow(int(sizeHint(env)))
	e := newEncoder(out)
	e.raw("{")
	e.member(true, "took", env.Took)
	e.member(false, "timed_out", env.TimedOut)
	e.out.WriteString(`,"_shards":`)
	e.shards(&env.Shards)
	e.out.WriteString(`,"hits":`)
	e.hits(&env.Hits)
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
	return e.err
}

// sizeHint is about the size of env's encoding, a little more rather
// than less: its raw members, and each hit's other members.
func sizeHint(env *envelope) int64 {
	n := int64(512 + len(env.Aggregations) + len(env.Suggest) + len(env.Profile))
	for _, f := range env.Shards.Failures {
		n += int64(len(f))
	}
	return n + hitsSizeHint(env.Hits.Hits)
}

// hitsSizeHint is sizeHint's share of hits: raw members, inner hits, and
// for each hit its names, the member names and numbers (perHit).
func hitsSizeHint(hits []backend.Hit) int64 {
	const perHit = 192
	var n int64
	for i := range hits {
		h := &hits[i]
		n += perHit + int64(len(h.Index)+len(h.ID)+len(h.Source)+len(h.Highlight)+len(h.Explanation))
		if h.Nested != nil {
			n += int64(len(h.Nested.Field))
		}
		for name, ih := range h.InnerHits {
			n += perHit + int64(len(name)) + hitsSizeHint(ih.Hits.Hits)
		}
	}
	return n
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

func (e *encoder) hits(h *backend.Hits) {
	e.raw("{")
	first := true
	if h.Total != nil {
		e.member(true, "total", h.Total)
		first = false
	}
	e.member(first, "max_score", h.MaxScore)
	if h.Hits == nil {
		e.raw(`,"hits":null}`)
		return
	}
	e.raw(`,"hits":[`)
	for i := range h.Hits {
		if i > 0 {
			e.raw(",")
		}
		e.hit(&h.Hits[i])
	}
	e.raw("]}")
}

func (e *encoder) hit(h *backend.Hit) {
	e.raw("{")
	e.member(true, "_index", h.Index)
	if h.Type != "" {
		e.member(false, "_type", h.Type)
	}
	e.member(false, "_id", h.ID)
	if h.Nested != nil {
		e.member(false, "_nested", h.Nested)
	}
	e.member(false, "_score", h.Score)
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
			e.value(name)
			e.raw(`:{"hits":`)
			ih := h.InnerHits[name]
			e.hits(&ih.Hits)
			e.raw("}")
		}
		e.raw("}")
	}
	e.raw("}")
}
