package embedded

import (
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/mappings"
)

func TestFilterSource(t *testing.T) {
	src := `{"name":"Supply Agreement","category":{"name":"Supply","value":"supply-agreement"},"group_size":3,` +
		`"sections":[{"type":"clause","name":"Governing Law","value":"governing law"},{"type":"definition","name":"Affiliate"}],` +
		`"tags":["a","b"],"empty":{}}`
	tests := []struct {
		name     string
		includes []string
		want     string
	}{
		{"no patterns: unchanged", nil, src},
		{"top-level fields keep stored order", []string{"group_size", "name"}, `{"name":"Supply Agreement","group_size":3}`},
		{"an object whole", []string{"category"}, `{"category":{"name":"Supply","value":"supply-agreement"}}`},
		{"a field inside an object", []string{"category.value"}, `{"category":{"value":"supply-agreement"}}`},
		{"inside arrays of objects", []string{"sections.name"}, `{"sections":[{"name":"Governing Law"},{"name":"Affiliate"}]}`},
		{"array elements left empty are dropped", []string{"sections.value"}, `{"sections":[{"value":"governing law"}]}`},
		{"wildcard across dots", []string{"*.name"}, `{"category":{"name":"Supply"},"sections":[{"name":"Governing Law"},{"name":"Affiliate"}]}`},
		{"prefix wildcard", []string{"group*"}, `{"group_size":3}`},
		{"scalar arrays whole", []string{"tags"}, `{"tags":["a","b"]}`},
		{"nothing selected", []string{"missing"}, `{}`},
		{"a pattern naming a scalar's child selects nothing", []string{"name.raw"}, `{}`},
		{"an empty object selected whole", []string{"empty"}, `{"empty":{}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := filterSource([]byte(src), tt.includes)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
	// Scalars are kept as stored, escapes included, without the whitespace
	// around them.
	spaced := "{ \"a\" : [ 1 , \"x\\\"y\\u00e9\" , { \"b\" :\ttrue } ] ,\n\"c\": -2.5e3 , \"d\" : null }"
	if got, err := filterSource([]byte(spaced), []string{"a", "c"}); err != nil || string(got) != `{"a":[1,"x\"y\u00e9",{"b":true}],"c":-2.5e3}` {
		t.Errorf("spaced source: got %s, %v", got, err)
	}
	if _, err := filterSource([]byte(`{"a":`), []string{"a"}); err == nil || !strings.Contains(err.Error(), "_source") {
		t.Errorf("truncated source: err %v, want a _source error", err)
	}
}

func TestWildcardMatch(t *testing.T) {
	tests := []struct {
		pattern, s string
		want       bool
	}{
		{"name", "name", true}, {"name", "names", false}, {"*", "", true}, {"*", "a.b", true},
		{"a*", "abc", true}, {"*c", "abc", true}, {"a*c", "abbbc", true}, {"a*c", "abcd", false},
		{"*.name", "category.name", true}, {"*.name", "name", false}, {"a**b", "ab", true},
		{"*a*a*a*a*a*b", strings.Repeat("a", 200), false},
	}
	for _, tt := range tests {
		if got := wildcardMatch(tt.pattern, tt.s); got != tt.want {
			t.Errorf("wildcardMatch(%q, %q) = %v, want %v", tt.pattern, tt.s, got, tt.want)
		}
	}
}

func FuzzFilterSource(f *testing.F) {
	f.Add([]byte(`{"a":{"b":[1,{"c":2}]},"d":"x"}`), "a.b.c")
	f.Add([]byte(`{"sections":[{"name":"x"}]}`), "*.name")
	f.Fuzz(func(t *testing.T, src []byte, pattern string) {
		out, err := filterSource(src, []string{pattern})
		if err != nil {
			return
		}
		// The output is an object and filtering it again changes nothing.
		again, err := filterSource(out, []string{pattern})
		if err != nil {
			t.Fatalf("filtered output %s does not parse: %v", out, err)
		}
		if string(again) != string(out) {
			t.Fatalf("not idempotent: %s then %s", out, again)
		}
	})
}

// TestMayMatchUnder checks mayMatchUnder, which compares in place, against
// its definition with the prefix built (path + "."), on every pair of a
// small alphabet's patterns and paths, stars and dots included.
func TestMayMatchUnder(t *testing.T) {
	reference := func(pattern, path string) bool {
		prefix := path + "."
		lit, _, star := strings.Cut(pattern, "*")
		if !star {
			return strings.HasPrefix(pattern, prefix)
		}
		return strings.HasPrefix(prefix, lit) || strings.HasPrefix(lit, prefix)
	}
	var words []string
	var grow func(s string)
	grow = func(s string) {
		words = append(words, s)
		if len(s) == 4 {
			return
		}
		for _, c := range []string{"a", "b", ".", "*"} {
			grow(s + c)
		}
	}
	grow("")
	for _, pattern := range words {
		for _, path := range words {
			if strings.Contains(path, "*") {
				continue
			}
			if got, want := mayMatchUnder(pattern, path), reference(pattern, path); got != want {
				t.Errorf("mayMatchUnder(%q, %q) = %v, want %v", pattern, path, got, want)
			}
		}
	}
}

// TestSourceScanner checks that scanning with the mappings' member names
// gives the members scanSource gives, escaped names included, and that a
// source whose names the mappings know is scanned again without
// allocating.
func TestSourceScanner(t *testing.T) {
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	s := &sourceScanner{keys: newKeyNames(m)}
	for _, src := range []string{
		`{"name":"Supply Agreement","category":{"name":"Supply"},"group_size":3,"url":"/contracts/x"}`,
		`{"n\u0061me":"escaped","unmapped_member":1,"snippet":"s"}`,
		`{}`,
	} {
		want, err := scanSource([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.scan([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if len(got.members) != len(want.members) {
			t.Fatalf("%s: %d members, want %d", src, len(got.members), len(want.members))
		}
		for i, m := range got.members {
			w := want.members[i]
			if m.key != w.key || string(m.rawKey) != string(w.rawKey) || string(m.value) != string(w.value) {
				t.Errorf("%s: member %d is %q %s, want %q %s", src, i, m.key, m.value, w.key, w.value)
			}
		}
	}
	known := []byte(`{"name":"Supply Agreement","category":{"name":"Supply"},"group_size":3,"url":"/contracts/x"}`)
	if n := testing.AllocsPerRun(20, func() {
		if _, err := s.scan(known); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("%v allocations a scan of known member names", n)
	}
}
