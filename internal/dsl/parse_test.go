package dsl

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/apierr"
)

// checkParse asserts the decoder's contract on any input: a 400 API error,
// or a request whose encoding is valid JSON that parses again, as Form B,
// to the same encoding. A Form A expansion must therefore pass the
// whitelist it enforces on everyone else.
func checkParse(t *testing.T, p *Parser, body []byte) {
	t.Helper()
	parsed, err := p.Parse(body)
	if err != nil {
		e, ok := apierr.As(err)
		if !ok {
			t.Fatalf("non-API error %T: %v", err, err)
		}
		if e.Status != 400 {
			t.Fatalf("status %d for a bad body: %s", e.Status, e.Body())
		}
		if !json.Valid(e.Body()) {
			t.Fatalf("error body is not JSON: %s", e.Body())
		}
		return
	}
	enc := parsed.Search.AppendJSON(nil, EncodeOptions{})
	if !json.Valid(enc) {
		t.Fatalf("encoded body is not JSON: %s", enc)
	}
	again, err := p.Parse(enc)
	if err != nil {
		t.Fatalf("encoded body %s does not parse: %v", enc, err)
	}
	if again.Form != FormB {
		t.Fatalf("encoded body parsed as Form %s: %s", again.Form, enc)
	}
	if enc2 := again.Search.AppendJSON(nil, EncodeOptions{}); !bytes.Equal(enc, enc2) {
		t.Fatalf("round trip changed the body:\n%s\n%s", enc, enc2)
	}
}

// TestRoundTrip applies checkParse to every golden input.
func TestRoundTrip(t *testing.T) {
	p := testParser(t)
	files, _ := filepath.Glob("testdata/*.golden")
	for _, file := range files {
		for _, c := range readGolden(t, file) {
			t.Run(c.name, func(t *testing.T) { checkParse(t, p, []byte(c.input)) })
		}
	}
}

func TestInvalidUTF8(t *testing.T) {
	p := testParser(t)
	_, err := p.Parse([]byte("{\"query\":{\"q\":\"a\xffb\"}}"))
	e, ok := apierr.As(err)
	if !ok {
		t.Fatalf("got %v", err)
	}
	want := `{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:17] malformed request body: invalid UTF-8 in a string","line":1,"col":17}],"type":"x_content_parse_exception","reason":"[1:17] malformed request body: invalid UTF-8 in a string","line":1,"col":17},"status":400}`
	if string(e.Body()) != want {
		t.Errorf("got  %s\nwant %s", e.Body(), want)
	}
}

func TestEncodeIndexName(t *testing.T) {
	p := testParser(t)
	parsed, err := p.Parse([]byte(`{"query":{"bool":{"filter":[{"term":{"_index":"contract"}},{"terms":{"_index":["clause","definition"]}},{"term":{"name.raw":"contract"}}]}},"post_filter":{"term":{"_index":{"value":"clause","boost":2}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	got := string(parsed.Search.AppendJSON(nil, EncodeOptions{IndexName: func(s string) string { return "cs-" + s }}))
	want := `{"timeout":"15000ms","query":{"bool":{"filter":[{"term":{"_index":"cs-contract"}},{"terms":{"_index":["cs-clause","cs-definition"]}},{"term":{"name.raw":"contract"}}]}},"post_filter":{"term":{"_index":{"value":"cs-clause","boost":2}}}}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestLimitsAreConfigurable(t *testing.T) {
	m := testParser(t).mappings
	lim := DefaultLimits()
	lim.MaxSize, lim.MaxClauses, lim.MaxDepth = 5, 16, 4
	p, err := NewParser(lim, DefaultFormAOptions(), m)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ body, wantReason string }{
		{`{"size":6}`, "[size] must be at most 5, found [6]"},
		{`{"query":{"bool":{"must":{"bool":{"must":{"bool":{"must":{"bool":{"must":{"match_all":{}}}}}}}}}}}`, "query is nested too deeply: more than 4 levels"},
		{`{"query":{"terms":{"a":["1","2","3","4","5","6","7","8","9","10","11","12","13","14","15","16"]}}}`, "too many clauses"},
	}
	for _, tt := range tests {
		_, err := p.Parse([]byte(tt.body))
		e, ok := apierr.As(err)
		if !ok || !strings.HasPrefix(e.Reason, tt.wantReason) {
			t.Errorf("%s: got %v, want reason %q", tt.body, err, tt.wantReason)
		}
	}
	if _, err := NewParser(Limits{}, DefaultFormAOptions(), m); err == nil {
		t.Error("zero limits accepted")
	}
}

// FuzzParse feeds arbitrary bodies to the decoder: no panic, only 400s,
// and the round trip of checkParse for everything accepted.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.golden")
	for _, file := range files {
		for _, c := range readGolden(f, file) {
			f.Add([]byte(c.input))
		}
	}
	p := testParser(f)
	f.Fuzz(func(t *testing.T, body []byte) { checkParse(t, p, body) })
}

// FuzzFormAQ feeds arbitrary q strings: any valid UTF-8 q within the byte
// limit must be accepted (the query-string syntax never fails), and the
// expansion must round-trip.
func FuzzFormAQ(f *testing.F) {
	for _, q := range []string{"", "a", `"a b"~2`, "+-x", "(a | b) +c", "agree*", "conf~", `\`, `"`, "((", "§ 5.2 “quoted”", "-", "*", "~1"} {
		f.Add(q)
	}
	p := testParser(f)
	f.Fuzz(func(t *testing.T, q string) {
		body, err := json.Marshal(map[string]any{"query": map[string]any{"q": q}})
		if err != nil {
			t.Skip("not representable in JSON")
		}
		parsed, err := p.Parse(body)
		accept := utf8.ValidString(q) && len(q) <= p.limits.MaxQueryBytes
		if accept && err != nil {
			// Only the clause limit may still refuse a long query.
			if e, ok := apierr.As(err); !ok || !strings.HasPrefix(e.Reason, "too many clauses") {
				t.Fatalf("q %q refused: %v", q, err)
			}
			return
		}
		if err == nil && parsed.Form != FormA {
			t.Fatalf("q %q parsed as Form %s", q, parsed.Form)
		}
		checkParse(t, p, body)
	})
}

func TestValidMinimumShouldMatch(t *testing.T) {
	for v, want := range map[string]bool{
		"1": true, "-2": true, "75%": true, "-25%": true, "3<90%": true, "2<-25% 9<-3": true, " 2 ": true,
		"": false, "lots": false, "%": false, "1 2": false, "x<90%": false, "3<": false, "3<x%": false, "2<-25% 3": false,
	} {
		if got := validMinimumShouldMatch(v); got != want {
			t.Errorf("%q: got %v, want %v", v, got, want)
		}
	}
}
