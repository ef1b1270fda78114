package document

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/contractsearch/contractsearch/mappings"
)

func schema(t testing.TB, index string) *Schema {
	t.Helper()
	m, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	return NewSchema(m.Index(index))
}

// summary renders a document compactly: one line per field, then children.
func summary(d *Document) string {
	var b strings.Builder
	write := func(indent string, fields []Field) {
		for _, f := range fields {
			b.WriteString(indent + f.Path + " " + string(f.Type) + " ")
			switch f.Type {
			case mappings.Text, mappings.Keyword:
				j, _ := json.Marshal(f.Strings)
				b.Write(j)
			case mappings.Integer, mappings.Date:
				j, _ := json.Marshal(f.Longs)
				b.Write(j)
			case mappings.RankFeature:
				j, _ := json.Marshal(f.Feature)
				b.Write(j)
			}
			if !f.Indexed {
				b.WriteString(" (not indexed)")
			}
			b.WriteString("\n")
		}
	}
	write("", d.Fields)
	for i, c := range d.Children {
		b.WriteString("child " + c.Path + "[" + string(rune('0'+i)) + "] " + string(c.Source) + "\n")
		write("  ", c.Fields)
	}
	return b.String()
}

func TestParse(t *testing.T) {
	tests := []struct {
		name, index, source, want string
	}{
		{"contract with everything", "contract",
			`{"name":"Supply Agreement","url":"/contracts/1","category":{"name":"Supply","value":"supply-agreement"},` +
				`"filing_date":"2012-03-01","group_size":"3","weight_rank":4.5,` +
				`"sections":[{"type":"clause","name":"Governing Law","value":"governing law","snippet":"New York law."},{"type":"definition","name":"Term"}]}`,
			"category.name text [\"Supply\"]\ncategory.name.raw keyword [\"Supply\"]\ncategory.value keyword [\"supply-agreement\"]\n" +
				"filing_date date [1330560000000]\ngroup_size integer [3]\nname text [\"Supply Agreement\"]\nname.raw keyword [\"Supply Agreement\"]\n" +
				"url keyword [\"/contracts/1\"] (not indexed)\nweight_rank rank_feature 4.5\n" +
				"child sections[0] {\"type\":\"clause\",\"name\":\"Governing Law\",\"value\":\"governing law\",\"snippet\":\"New York law.\"}\n" +
				"  sections.name text [\"Governing Law\"]\n  sections.name.raw keyword [\"Governing Law\"]\n  sections.snippet text [\"New York law.\"]\n" +
				"  sections.type keyword [\"clause\"]\n  sections.value keyword [\"governing law\"]\n" +
				"child sections[1] {\"type\":\"definition\",\"name\":\"Term\"}\n" +
				"  sections.name text [\"Term\"]\n  sections.name.raw keyword [\"Term\"]\n  sections.type keyword [\"definition\"]\n"},
		{"arrays, nested arrays and nulls give multi-valued fields", "clause",
			`{"name":["a",null,["b","c"]],"group_id":null,"snippet":[]}`,
			"name text [\"a\",\"b\",\"c\"]\nname.raw keyword [\"a\",\"b\",\"c\"]\n"},
		{"dotted keys expand into objects", "contract",
			`{"category.value":"nda"}`, "category.value keyword [\"nda\"]\n"},
		{"numbers and booleans coerce to text and keyword", "clause",
			`{"name":12.50,"group_id":true,"group_size":7.9}`,
			"group_id keyword [\"true\"]\ngroup_size integer [7]\nname text [\"12.50\"]\nname.raw keyword [\"12.50\"]\n"},
		{"a single nested object is one child", "contract",
			`{"sections":{"type":"clause"}}`,
			"child sections[0] {\"type\":\"clause\"}\n  sections.type keyword [\"clause\"]\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := schema(t, tt.index).Parse([]byte(tt.source))
			if err != nil {
				t.Fatal(err)
			}
			if got := summary(d); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestStoredOnly: an object mapped "enabled": false (sections.span) is kept
// in the child's _source, neither indexed nor reported as unmapped, in any
// of an object's shapes; a dotted key into it is skipped the same way.
func TestStoredOnly(t *testing.T) {
	for _, src := range []string{
		`{"sections":[{"type":"clause","span":{"start":3,"end":9}}]}`,
		`{"sections":[{"type":"clause","span":[{"start":3},null,[{"end":"x"}]]}]}`,
		`{"sections":[{"type":"clause","span":null}]}`,
		`{"sections":[{"type":"clause","span.start":3}]}`,
	} {
		d, err := schema(t, "contract").Parse([]byte(src))
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if len(d.Unmapped) != 0 {
			t.Errorf("%s: unmapped %v", src, d.Unmapped)
		}
		if len(d.Children) != 1 || len(d.Children[0].Fields) != 1 || d.Children[0].Fields[0].Path != "sections.type" {
			t.Errorf("%s: got\n%s", src, summary(d))
		}
	}
	_, err := schema(t, "contract").Parse([]byte(`{"sections":[{"span":7}]}`))
	if err == nil || err.Error() != "mapper_parsing_exception: object mapping for [sections.span] tried to parse field [sections.span] as object, but found a concrete value" {
		t.Errorf("concrete value: %v", err)
	}
}

// TestUnmapped: the mappings are dynamic: false, so unknown fields (also
// multi-fields written directly, and fields inside known objects) are
// ignored and reported, never indexed.
func TestUnmapped(t *testing.T) {
	d, err := schema(t, "contract").Parse([]byte(`{"nope":{"deep":[1,2]},"name":"x","category":{"slug":"y"},"jurisdiction":{"name.raw":"z"},"sections.type":"w","sections":[{"type":"clause","extra":1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(d.Unmapped, ","); got != "nope,category.slug,jurisdiction.name.raw,sections.type,sections.extra" {
		t.Errorf("unmapped %s", got)
	}
	if got := summary(d); got != "name text [\"x\"]\nname.raw keyword [\"x\"]\nchild sections[0] {\"type\":\"clause\",\"extra\":1}\n  sections.type keyword [\"clause\"]\n" {
		t.Errorf("got\n%s", got)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ index, source, want string }{
		{"contract", `{"category":"x"}`, "mapper_parsing_exception: object mapping for [category] tried to parse field [category] as object, but found a concrete value"},
		{"contract", `{"sections":"x"}`, "object mapping for [sections] tried to parse field [sections] as object"},
		{"contract", `{"name":{"a":1}}`, "failed to parse field [name] of type [text]"},
		{"contract", `{"filing_date":"2012-3-1"}`, "failed to parse field [filing_date] of type [date]: [2012-3-1] is not a date in format [yyyy-MM-dd]"},
		{"contract", `{"filing_date":"2012-02-30"}`, "[2012-02-30] is not a date"},
		{"contract", `{"filing_date":1330560000000}`, "failed to parse field [filing_date] of type [date]"},
		{"contract", `{"group_size":"many"}`, "failed to parse field [group_size] of type [integer]: [many] is not a number"},
		{"contract", `{"group_size":3000000000}`, "value [3000000000] is out of range for an integer"},
		{"contract", `{"group_size":true}`, "[true] is not a number"},
		{"contract", `{"weight_rank":[1,2]}`, "illegal_argument_exception: [rank_feature] fields do not support indexing multiple values for the same field [weight_rank] in the same document"},
		{"contract", `{"weight_rank":0}`, "[rank_feature] fields only support finite positive values, but got 0"},
		{"contract", `{"weight_rank":-2}`, "only support finite positive values"},
		{"contract", `{"weight_rank":"high"}`, "[high] is not a number"},
		{"contract", `[1]`, "the document source must be a JSON object"},
		{"contract", `{"name":"a"} {}`, "unexpected content after the document source"},
		{"contract", `{"name":`, "malformed JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			_, err := schema(t, tt.index).Parse([]byte(tt.source))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want %q", err, tt.want)
			}
			if err != nil {
				if _, ok := err.(*Error); !ok {
					t.Errorf("error type %T", err)
				}
			}
		})
	}
}

// FuzzParse: any bytes give a document or a *Error, never a panic, and a
// parsed document's children reparse to the same fields.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{}`, `{"name":"x","sections":[{"type":"clause"}]}`, `{"weight_rank":1}`, `{"category":{"name":["a"]}}`, `[`, `{"group_size":"1.5"}`} {
		f.Add([]byte(s))
	}
	s := schema(f, "contract")
	f.Fuzz(func(t *testing.T, src []byte) {
		d, err := s.Parse(src)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error type %T: %v", err, err)
			}
			return
		}
		for _, c := range d.Children {
			if !json.Valid(c.Source) {
				t.Fatalf("child source not JSON: %s", c.Source)
			}
		}
	})
}
