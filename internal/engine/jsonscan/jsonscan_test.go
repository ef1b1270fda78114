package jsonscan

import (
	"bytes"
	"errors"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

func TestValueEnd(t *testing.T) {
	tests := []struct {
		in   string
		end  int // -1: an error
		desc string
	}{
		{`"abc" ,`, 5, "a string"},
		{`"a\"b\\" x`, 8, "escaped quote, then an escaped backslash before the closing quote"},
		{`"a\\\"" x`, 7, "three backslashes escape the quote"},
		{`{"a":[1,{"b":"}"}],"c":{}} 1`, 26, "nested, a bracket inside a string"},
		{`[ ] ,`, 3, "an empty array"},
		{`{ "a" : [ 1 , true ] } `, 22, "whitespace everywhere"},
		{`-2.5e3,`, 6, "a number"},
		{`null]`, 4, "a literal"},
		{`"abc`, -1, "unterminated string"},
		{`{"a":1`, -1, "unterminated object"},
		{`{"a" 1}`, -1, "no colon"},
		{`{"a":1 "b":2}`, -1, "no comma"},
		{`[1,]`, -1, "a comma before the end"},
		{`{1:2}`, -1, "a key that is not a string"},
		{`[1}`, -1, "mismatched brackets"},
		{`nul`, -1, "a bad literal"},
		{``, -1, "nothing"},
		{`}`, -1, "a closing bracket"},
	}
	for _, tt := range tests {
		end, err := ValueEnd([]byte(tt.in), 0)
		if tt.end < 0 {
			if !errors.Is(err, ErrSyntax) {
				t.Errorf("%s: %q: end %d, err %v; want a syntax error", tt.desc, tt.in, end, err)
			}
			continue
		}
		if err != nil || end != tt.end {
			t.Errorf("%s: %q: end %d, err %v; want %d", tt.desc, tt.in, end, err, tt.end)
		}
	}
}

func TestObjectArrayCompact(t *testing.T) {
	src := []byte(" {\"a\" : [1, {\"b\\u0063\" : \"x y\"}] ,\n\"\\\"q\" : null, \"e\":{} } ")
	var keys, values []string
	if err := Object(src, func(k, v []byte) bool {
		keys, values = append(keys, string(k)), append(values, string(v))
		return true
	}); err != nil {
		t.Fatal(err)
	}
	if want := []string{`a`, `\"q`, `e`}; !equal(keys, want) {
		t.Errorf("keys %q, want %q", keys, want)
	}
	if want := []string{`[1, {"b\u0063" : "x y"}]`, `null`, `{}`}; !equal(values, want) {
		t.Errorf("values %q, want %q", values, want)
	}
	var elems []string
	if err := Array([]byte(values[0]), func(e []byte) bool { elems = append(elems, string(e)); return true }); err != nil {
		t.Fatal(err)
	}
	if want := []string{`1`, `{"b\u0063" : "x y"}`}; !equal(elems, want) {
		t.Errorf("elements %q, want %q", elems, want)
	}
	// Keys are re-quoted from their unescaped form, scalars kept as
	// written.
	got, err := AppendCompact(nil, src)
	if want := `{"a":[1,{"bc":"x y"}],"\"q":null,"e":{}}`; err != nil || string(got) != want {
		t.Errorf("compact %s (%v), want %s", got, err, want)
	}
	if k, err := Key([]byte(`\u00e9\/`)); err != nil || k != "é/" {
		t.Errorf("key %q %v", k, err)
	}
	for _, bad := range []string{`{"a":1} x`, `[1] ]`, `{"a":1,}`, `{"a\x":1}`} {
		err := Object([]byte(bad), func(k, v []byte) bool { _, err := Key(k); return err == nil })
		err2 := Array([]byte(bad), func([]byte) bool { return true })
		if err == nil && err2 == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// FuzzValueEnd: on valid JSON, ValueEnd finds the end jsontext finds, and
// compacting gives jsontext's compact form when no key is escaped; on any
// input the scanner never panics.
func FuzzValueEnd(f *testing.F) {
	f.Add([]byte(`{"a":[1,{"b":"}\""}],"c":{}}`))
	f.Add([]byte(` [ "x" , -1.5e+3 , null ] `))
	f.Add([]byte(`{"a\u0062":true}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		i := SkipSpace(in, 0)
		end, err := ValueEnd(in, i)
		compact, cerr := AppendCompact(nil, in)
		_ = Object(in, func(k, v []byte) bool { _, _ = Key(k); return true })
		_ = Array(in, func([]byte) bool { return true })
		if !jsontext.Value(in).IsValid() {
			return
		}
		if err != nil || trailing(in, end) != nil {
			t.Fatalf("%q: valid JSON, end %d err %v", in, end, err)
		}
		if cerr != nil {
			t.Fatalf("%q: compact: %v", in, cerr)
		}
		want := jsontext.Value(bytes.Clone(in))
		if err := want.Compact(); err == nil && !bytes.Contains(in, []byte(`\`)) && !bytes.Equal(compact, want) {
			t.Fatalf("%q: compact %s, want %s", in, compact, want)
		}
	})
}

func TestUnquote(t *testing.T) {
	tests := []struct {
		in, want string
		err      bool
	}{
		{in: `""`, want: ""},
		{in: `"plain text"`, want: "plain text"},
		{in: `"curly “quotes” and é"`, want: "curly “quotes” and é"},
		{in: `"tab\tand \"quote\" \u00e9"`, want: "tab\tand \"quote\" é"},
		{in: `"surrogates \ud83d\ude00"`, want: "surrogates 😀"},
		{in: `"lines\nand \/ \b\f\r\t \\ end\""`, want: "lines\nand / \b\f\r\t \\ end\""},
		{in: `"bad \x escape"`, err: true},
		{in: `"trailing \"`, err: true},
		{in: "\"raw \x01 control\"", err: true},
		{in: "\"invalid \xff utf-8\"", err: true},
		{in: `"unterminated`, err: true},
		{in: `plain`, err: true},
		{in: `"`, err: true},
	}
	for _, tt := range tests {
		got, err := Unquote([]byte(tt.in))
		if (err != nil) != tt.err {
			t.Errorf("Unquote(%q) error %v, want error %v", tt.in, err, tt.err)
			continue
		}
		if !tt.err && got != tt.want {
			t.Errorf("Unquote(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzUnquote: Unquote gives what jsontext.AppendUnquote gives, and fails
// exactly when it does.
func FuzzUnquote(f *testing.F) {
	for _, s := range []string{`""`, `"abc"`, `"a\"b"`, "\"é\xff\"", "\"\x1f\"", `"\u2028"`, `"a\nb\\"`, `"\q"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		want, wantErr := jsontext.AppendUnquote(nil, in)
		got, err := Unquote(in)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("Unquote(%q) error %v, jsontext %v", in, err, wantErr)
		}
		if err == nil && got != string(want) {
			t.Fatalf("Unquote(%q) = %q, jsontext %q", in, got, want)
		}
	})
}
