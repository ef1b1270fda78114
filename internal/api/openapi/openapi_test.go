package openapi_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/contractsearch/contractsearch/internal/api/openapi"
	"github.com/contractsearch/contractsearch/internal/api/openapi/openapitest"
	"github.com/contractsearch/contractsearch/mappings"
)

// TestDocumentIsValidOpenAPI31 checks the document against the OpenAPI
// 3.1 specification's schema, and that the validator builds from it (every
// $ref resolves, every schema compiles).
func TestDocumentIsValidOpenAPI31(t *testing.T) {
	c, err := openapitest.New()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.ValidateDocument(); err != nil {
		t.Fatal(err)
	}
	var head struct {
		OpenAPI string `json:"openapi"`
	}
	doc, err := openapi.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(doc, &head); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(head.OpenAPI, "3.1.") {
		t.Errorf("openapi %q, want 3.1.x", head.OpenAPI)
	}
}

// TestInvalidDocumentsRefused shows the check above can fail: documents
// that break the OpenAPI 3.1 schema, or hold a dangling $ref.
func TestInvalidDocumentsRefused(t *testing.T) {
	for _, tt := range []struct{ name, src string }{
		{"info.version missing", "openapi: 3.1.0\ninfo: {title: t}\npaths: {}\n"},
		{"path not starting with /", "openapi: 3.1.0\ninfo: {title: t, version: v}\npaths: {a: {}}\n"},
		{"response without description", "openapi: 3.1.0\ninfo: {title: t, version: v}\npaths: {/a: {get: {responses: {'200': {}}}}}\n"},
	} {
		c, err := openapitest.NewFor([]byte(tt.src + "components: {schemas: {Error: {type: object}}}\n"))
		if err == nil {
			err = c.ValidateDocument()
		}
		if err == nil {
			t.Errorf("%s: accepted", tt.name)
		} else {
			t.Logf("%s: %v", tt.name, err)
		}
	}
}

// TestJSONIsTheYAML checks that the served JSON holds the same values as
// the YAML, in the YAML's member order.
func TestJSONIsTheYAML(t *testing.T) {
	doc, err := openapi.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var fromJSON, fromYAML any
	if err := json.Unmarshal(doc, &fromJSON); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if err := yaml.Unmarshal(openapi.YAML(), &fromYAML); err != nil {
		t.Fatal(err)
	}
	// yaml decodes integers as int; JSON as float64: compare through JSON.
	b, err := json.Marshal(fromYAML)
	if err != nil {
		t.Fatal(err)
	}
	var yamlViaJSON any
	if err := json.Unmarshal(b, &yamlViaJSON); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fromJSON, yamlViaJSON) {
		t.Error("the JSON rendering differs from the YAML")
	}
	if !strings.HasPrefix(string(doc), `{"openapi":"3.1.0","info":{"title":"Contract search API"`) {
		t.Errorf("members not in the written order: %.80s", doc)
	}
	if strings.Contains(string(doc), `\u003c`) {
		t.Error("HTML characters escaped")
	}
}

func TestWriteJSON(t *testing.T) {
	for _, tt := range []struct{ in, want, err string }{
		{in: "b: 1\na: [true, null, 1.5, '2', x]\n", want: `{"b":1,"a":[true,null,1.5,"2","x"]}`},
		{in: "k: <b>\n", want: `{"k":"<b>"}`},
		{in: "a: &x {c: 1}\nb: *x\n", want: `{"a":{"c":1},"b":{"c":1}}`},
		{in: "? [1]\n: x\n", err: "mapping keys must be plain scalars"},
		{in: "a: !!binary aGk=\n", err: "has no JSON form"},
		{in: "a: .nan\n", err: "NaN"},
	} {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(tt.in), &n); err != nil {
			t.Fatal(err)
		}
		got, err := openapi.WriteJSONForTest(&n)
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%q: error %v, want %q", tt.in, err, tt.err)
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("%q: %s, %v; want %s", tt.in, got, err, tt.want)
		}
	}
}

// TestEnumsMatchMappings holds the document's field and index lists to
// the mapping files the gateway validates with.
func TestEnumsMatchMappings(t *testing.T) {
	set, err := mappings.Load()
	if err != nil {
		t.Fatal(err)
	}
	aggregatable := []string{"_index"}
	for _, f := range set.FieldsOfType(mappings.Keyword) {
		if field, _ := set.Field(f); field.NestedPath == "" {
			aggregatable = append(aggregatable, f)
		}
	}
	indexes := slices.Clone(mappings.Names())
	withBlank := append([]string{""}, indexes...)
	for _, tt := range []struct {
		schema string
		path   []string
		want   []string
	}{
		{"AggregatableField", []string{"enum"}, aggregatable},
		{"TextField", []string{"enum"}, set.FieldsOfType(mappings.Text)},
		{"IndexName", []string{"enum"}, indexes},
		{"FormAQuery", []string{"properties", "_index", "enum"}, withBlank},
	} {
		got := enum(t, tt.schema, tt.path...)
		slices.Sort(got)
		want := slices.Clone(tt.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s %v:\n got %q\nwant %q (from mappings/)", tt.schema, tt.path, got, want)
		}
	}
}

// enum returns the string list at path below components.schemas.<schema>.
func enum(t *testing.T, schema string, path ...string) []string {
	t.Helper()
	var doc map[string]any
	if err := yaml.Unmarshal(openapi.YAML(), &doc); err != nil {
		t.Fatal(err)
	}
	var v any = doc
	for _, k := range append([]string{"components", "schemas", schema}, path...) {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%s: no object at %s", schema, k)
		}
		v = m[k]
	}
	list, ok := v.([]any)
	if !ok {
		t.Fatalf("%s %v is not a list", schema, path)
	}
	out := make([]string, len(list))
	for i, s := range list {
		out[i], _ = s.(string)
	}
	return out
}

// schemaKeywords are the keywords a schema of the document may use: JSON
// Schema 2020-12's and OpenAPI 3.1's additions. JSON Schema ignores
// unknown keywords, so a misspelt one, or a YAML flow mapping split by a
// comma in an unquoted description, would otherwise pass unseen.
var schemaKeywords = map[string]bool{
	"$ref": true, "$comment": true, "title": true, "description": true, "type": true, "enum": true, "const": true,
	"default": true, "examples": true, "example": true, "deprecated": true, "readOnly": true, "writeOnly": true,
	"properties": true, "additionalProperties": true, "patternProperties": true, "propertyNames": true,
	"required": true, "dependentRequired": true, "dependentSchemas": true, "minProperties": true, "maxProperties": true,
	"unevaluatedProperties": true, "items": true, "prefixItems": true, "contains": true, "minItems": true,
	"maxItems": true, "uniqueItems": true, "unevaluatedItems": true, "allOf": true, "anyOf": true, "oneOf": true,
	"not": true, "if": true, "then": true, "else": true, "minimum": true, "maximum": true, "exclusiveMinimum": true,
	"exclusiveMaximum": true, "multipleOf": true, "minLength": true, "maxLength": true, "pattern": true,
	"format": true, "discriminator": true, "externalDocs": true,
}

// TestSchemasUseKnownKeywords walks every schema of the document.
func TestSchemasUseKnownKeywords(t *testing.T) {
	var doc any
	if err := yaml.Unmarshal(openapi.YAML(), &doc); err != nil {
		t.Fatal(err)
	}
	var walkSchema func(path string, s any)
	walkSchema = func(path string, s any) {
		m, ok := s.(map[string]any)
		if !ok {
			if _, isBool := s.(bool); !isBool {
				t.Errorf("%s: a schema must be an object or a boolean", path)
			}
			return
		}
		for k, v := range m {
			p := path + "/" + k
			switch {
			case !schemaKeywords[k]:
				t.Errorf("%s: unknown schema keyword", p)
			case k == "properties" || k == "patternProperties" || k == "dependentSchemas":
				sub, _ := v.(map[string]any)
				for name, s := range sub {
					walkSchema(p+"/"+name, s)
				}
			case k == "allOf" || k == "anyOf" || k == "oneOf" || k == "prefixItems":
				list, _ := v.([]any)
				for i, s := range list {
					walkSchema(p+"/"+strconv.Itoa(i), s)
				}
			case k == "additionalProperties" || k == "items" || k == "not" || k == "propertyNames" || k == "contains" ||
				k == "if" || k == "then" || k == "else" || k == "unevaluatedProperties" || k == "unevaluatedItems":
				walkSchema(p, v)
			}
		}
	}
	// Schemas are components.schemas and every "schema" member elsewhere
	// (parameters, headers, media types).
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, c := range v {
				switch {
				case k == "schema":
					walkSchema(path+"/schema", c)
				case k == "schemas" && path == "/components":
					for name, s := range c.(map[string]any) {
						walkSchema(path+"/schemas/"+name, s)
					}
				case k == "example" || k == "examples":
					// examples are data, not schemas
				default:
					walk(path+"/"+k, c)
				}
			}
		case []any:
			for i, c := range v {
				walk(path+"/"+strconv.Itoa(i), c)
			}
		}
	}
	walk("", doc)
}
