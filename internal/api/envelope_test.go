package api

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/internal/backend"
)

// referenceEnvelope is how the envelope was written before envelope.go:
// encoding/json, no HTML escaping, no newline.
func referenceEnvelope(env *envelope) ([]byte, error) {
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(env); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(out.Bytes(), []byte{'\n'}), nil
}

// TestEnvelopeMatchesEncodingJSON checks that the hand-written envelope
// has encoding/json's bytes, member by member: omitted and null members,
// inner hits in key order, raw members compact or not, HTML and
// non-ASCII characters.
func TestEnvelopeMatchesEncodingJSON(t *testing.T) {
	score, zero, big := float32(1.5), float32(0), float32(3.4028235e38)
	tokens := []string{}
	size := 10
	hit := func(id string) backend.Hit {
		return backend.Hit{Index: "contract", ID: id, Score: &score, Source: json.RawMessage(`{"name":"A & B <Supply>"}`)}
	}
	tests := []struct {
		name string
		env  envelope
	}{
		{"empty", envelope{Hits: backend.Hits{Hits: []backend.Hit{}}}},
		{"nil hits, no total", envelope{Took: 3}},
		{"form A", envelope{Took: 12, TimedOut: true, Shards: backend.Shards{Total: 6, Successful: 6},
			Hits:         backend.Hits{Total: &backend.Total{Value: 10000, Relation: "gte"}, MaxScore: &big, Hits: []backend.Hit{hit("en/1"), hit("en/2")}},
			Aggregations: json.RawMessage(`{"_index":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[]}}`),
			Suggest:      json.RawMessage(`{"suggestions":[]}`), QueryTokens: &tokens, Size: &size}},
		{"form B hit members", envelope{Hits: backend.Hits{MaxScore: &zero, Hits: []backend.Hit{{
			Index: "contract", Type: "_doc", ID: "en/é\u2028<x>", Score: &zero,
			Source:      json.RawMessage("{ \"name\" : \"a b\",\n\t\"x\" : [1, 2] }"),
			Highlight:   json.RawMessage(`{"body":["the <b>term</b> \"quoted\" \\ back"]}`),
			Explanation: json.RawMessage(`{"value":1,"description":"weight(body:x)","details":[]}`),
			InnerHits: map[string]backend.InnerHits{
				"clause:Term": {Hits: backend.Hits{Total: &backend.Total{Value: 1, Relation: "eq"}, MaxScore: &score, Hits: []backend.Hit{{
					Index: "contract", ID: "en/1", Nested: &backend.Nested{Field: "sections", Offset: 3}, Score: &score,
					Source: json.RawMessage(`{"type":"clause"}`), Highlight: json.RawMessage(`{"sections.snippet":["<b>x</b>"]}`)}}}},
				"clause:Assignment": {Hits: backend.Hits{Total: &backend.Total{Value: 0, Relation: "eq"}, Hits: []backend.Hit{}}},
				"definition:Z":      {},
			},
		}, {Index: "clause", ID: "en/2"}}}}},
		{"shard failures and profile", envelope{Shards: backend.Shards{Total: 6, Successful: 5, Failed: 1,
			Failures: []json.RawMessage{json.RawMessage(`{"shard":0,"index":"clause","reason":{"type":"query_shard_exception","reason":"a  b"}}`), nil}},
			Hits:    backend.Hits{Hits: []backend.Hit{}},
			Profile: json.RawMessage(" {\"shards\" : [ ] } ")}},
		{"long raw members", envelope{Hits: backend.Hits{Hits: []backend.Hit{{Index: "contract", ID: "en/3", Score: &score,
			Highlight: json.RawMessage(`{"body":["` + strings.Repeat(`a <b>b</b> \" \\ `, 10000) + `"]}`)}}}}},
	}
	for _, tc := range tests {
		want, err := referenceEnvelope(&tc.env)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		a, cut, err := renderEnvelope(&tc.env, 0)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := a.Bytes()
		if !bytes.Equal(got, want) || cut {
			t.Errorf("%s (cut %v):\n got %s\nwant %s", tc.name, cut, clipBytes(got), clipBytes(want))
		}
		if a.size != int64(len(got)) {
			t.Errorf("%s: size %d, answer %d bytes", tc.name, a.size, len(got))
		}
		// The buffer and parts are sized once: the hint is not below them.
		if own, parts := sizeHint(tc.env.Hits.Hits); 512+own < len(a.buf) || 8+parts < len(a.parts) {
			t.Errorf("%s: hint %d bytes in %d parts, answer %d bytes in %d parts", tc.name, 512+own, 8+parts, len(a.buf), len(a.parts))
		}
	}
}

func TestIsCompact(t *testing.T) {
	tests := []struct {
		json string
		want bool
	}{
		{`{"a":[1,2]}`, true},
		{`{"a":"x y"}`, true},
		{`{"a":"x\" y"}`, true},
		{`{"a":"x\\" , "b":1}`, false},
		{`{"a": 1}`, false},
		{"[1,\n2]", false},
		{`"\\\\" `, false},
		{`"\\\" "`, true},
		{`"\\""x",1`, true},
		{`"\\" "x"`, false},
		{`"a" ,1`, false},
		{`"unterminated \" `, true},
		{``, true},
	}
	for _, tc := range tests {
		if got := isCompact([]byte(tc.json)); got != tc.want {
			t.Errorf("%s: got %v", tc.json, got)
		}
		if got := isCompactByteByByte([]byte(tc.json)); got != tc.want {
			t.Errorf("%s: the reference says %v", tc.json, got)
		}
	}
}

// FuzzIsCompact compares isCompact with the plain byte-by-byte scan it
// replaced.
func FuzzIsCompact(f *testing.F) {
	for _, s := range []string{`{"a":"x\\" , "b":1}`, `"\\\" " `, `[1, 2]`, `"a\\\\"x"`, ``} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, m []byte) {
		if got, want := isCompact(m), isCompactByteByByte(m); got != want {
			t.Errorf("%q: got %v, want %v", m, got, want)
		}
	})
}

// isCompactByteByByte is the reference: a scan of every byte that tracks
// whether it is inside a string.
func isCompactByteByByte(m []byte) bool {
	inString := false
	for i := 0; i < len(m); i++ {
		c := m[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case !inString && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return false
		}
	}
	return true
}

func clipBytes(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}

// FuzzEncoderScalars compares the envelope's own writers of strings,
// scores and integers with encoding/json (no HTML escaping), whose bytes
// they must be.
func FuzzEncoderScalars(f *testing.F) {
	for _, s := range []string{"en/1", `a "b" \ c`, "é\u2028<x>&", "\x00\x1f\x7f", "\xff"} {
		f.Add(s, math.Float32bits(1.2345678), int64(-42))
	}
	for _, v := range []float32{0, 1e-7, 1e-6, 9.99e20, 1e21, -3.5, float32(math.Inf(1))} {
		f.Add("", math.Float32bits(v), int64(math.MaxInt64))
	}
	f.Fuzz(func(t *testing.T, s string, bits uint32, n int64) {
		score := math.Float32frombits(bits)
		a := &answer{}
		e := newEncoder(a)
		e.str(s)
		e.raw(",")
		e.score(&score)
		e.raw(",")
		e.int(n)
		e.raw(",")
		e.score(nil)
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		wantErr := enc.Encode([]any{s, score, n, (*float32)(nil)})
		if (e.err != nil) != (wantErr != nil) {
			t.Fatalf("%q, %v, %d: error %v, encoding/json's %v", s, score, n, e.err, wantErr)
		}
		if wantErr != nil {
			return
		}
		if got := "[" + string(a.Bytes()) + "]\n"; got != want.String() {
			t.Errorf("%q, %v, %d:\n got %s\nwant %s", s, score, n, got, want.String())
		}
	})
}
