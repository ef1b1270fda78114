package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/contractsearch/contractsearch/internal/api/openapi"
	"github.com/contractsearch/contractsearch/internal/api/openapi/openapitest"
)

// generatedFile is the committed client, relative to this package.
const generatedFile = "../../client.gen.go"

// TestGeneratedIsCurrent fails when client/client.gen.go is not what
// go generate writes from the current openapi.yaml, so the client cannot
// drift from the document.
func TestGeneratedIsCurrent(t *testing.T) {
	committed, err := os.ReadFile(generatedFile)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := generatorView(openapi.YAML())
	if err != nil {
		t.Fatal(err)
	}
	code, err := generate(spec)
	if err != nil {
		t.Fatal(err)
	}
	if line, want, got := firstDifference(committed, code); line > 0 {
		t.Fatalf("client/client.gen.go is not what the OpenAPI document gives (run go generate ./client); line %d is\n%s\nwant\n%s", line, got, want)
	}

	// The comparison can fail: a document with one member renamed gives
	// another client.
	changed := bytes.Replace(spec, []byte("queryTokens:"), []byte("queryTokenz:"), 1)
	if bytes.Equal(changed, spec) {
		t.Fatal("the document has no queryTokens member to rename")
	}
	other, err := generate(changed)
	if err != nil {
		t.Fatal(err)
	}
	if line, _, _ := firstDifference(committed, other); line == 0 {
		t.Error("a changed document gives the committed client")
	}
}

// firstDifference returns the first line (1-based) where got differs from
// want, with both lines; 0 when they are equal.
func firstDifference(got, want []byte) (int, string, string) {
	if bytes.Equal(got, want) {
		return 0, "", ""
	}
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl || i >= len(g) || i >= len(w) {
			return i + 1, wl, gl
		}
	}
	return len(g), "", ""
}

// TestViewIsValidOpenAPI31 checks that the generator's view of the
// document is still a valid OpenAPI 3.1 document (the rewrites are
// equivalent spellings, not a new dialect).
func TestViewIsValidOpenAPI31(t *testing.T) {
	spec, err := generatorView(openapi.YAML())
	if err != nil {
		t.Fatal(err)
	}
	c, err := openapitest.NewFor(spec)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.ValidateDocument(); err != nil {
		t.Fatal(err)
	}
}

// TestGeneratorView checks each rewrite on small documents, and what is
// left as written: additionalProperties false, mixed anyOf branches,
// examples and non-schema members that look like schemas.
func TestGeneratorView(t *testing.T) {
	for _, tt := range []struct{ name, src, want string }{
		{
			"false and true properties",
			`{components: {schemas: {A: {properties: {x: false, y: true, z: {type: string}}}}}}`,
			`{components: {schemas: {A: {properties: {x: {not: {}}, y: {}, z: {type: string}}}}}}`,
		},
		{
			"dependentSchemas, items, allOf, not",
			`{components: {schemas: {A: {dependentSchemas: {a: {properties: {b: false}}}, items: false, allOf: [true, {not: false}]}}}}`,
			`{components: {schemas: {A: {dependentSchemas: {a: {properties: {b: {not: {}}}}}, items: {not: {}}, allOf: [{}, {not: {not: {}}}]}}}}`,
		},
		{
			"additionalProperties false is kept",
			`{components: {schemas: {A: {type: object, additionalProperties: false, properties: {b: {additionalProperties: false}}}}}}`,
			`{components: {schemas: {A: {type: object, additionalProperties: false, properties: {b: {additionalProperties: false}}}}}}`,
		},
		{
			"anyOf of required only is left out",
			`{components: {schemas: {A: {type: object, anyOf: [{required: [a]}, {required: [b]}], properties: {a: {type: string}}}}}}`,
			`{components: {schemas: {A: {type: object, properties: {a: {type: string}}}}}}`,
		},
		{
			"anyOf with shapes is kept",
			`{components: {schemas: {A: {anyOf: [{required: [a]}, {type: string}]}, B: {oneOf: []}}}}`,
			`{components: {schemas: {A: {anyOf: [{required: [a]}, {type: string}]}, B: {oneOf: []}}}}`,
		},
		{
			"schemas of parameters and media types",
			`{paths: {/a: {get: {parameters: [{name: p, in: query, schema: {properties: {x: false}}}], responses: {'200': {description: d, content: {application/json: {schema: {items: false}}}}}}}}}`,
			`{paths: {/a: {get: {parameters: [{name: p, in: query, schema: {properties: {x: {not: {}}}}}], responses: {'200': {description: d, content: {application/json: {schema: {items: {not: {}}}}}}}}}}}`,
		},
		{
			"examples and other members are data",
			`{components: {schemas: {A: {examples: [{properties: {x: false}}], default: {items: false}, properties: {p: {const: {anyOf: [{required: [a]}]}}}}}}, x-data: {properties: {x: false}}, paths: {/a: {get: {responses: {'200': {description: d, content: {application/json: {example: {schema: {items: false}}, examples: {e: {value: {schema: {items: false}}}}}}}}}}}}}`,
			`{components: {schemas: {A: {examples: [{properties: {x: false}}], default: {items: false}, properties: {p: {const: {anyOf: [{required: [a]}]}}}}}}, x-data: {properties: {x: false}}, paths: {/a: {get: {responses: {'200': {description: d, content: {application/json: {example: {schema: {items: false}}, examples: {e: {value: {schema: {items: false}}}}}}}}}}}}}`,
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := generatorView([]byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			var gotV, wantV any
			if err := yaml.Unmarshal(got, &gotV); err != nil {
				t.Fatalf("the view is not YAML: %v\n%s", err, got)
			}
			if err := yaml.Unmarshal([]byte(tt.want), &wantV); err != nil {
				t.Fatal(err)
			}
			g, _ := yaml.Marshal(gotV)
			w, _ := yaml.Marshal(wantV)
			if !bytes.Equal(g, w) {
				t.Errorf("got\n%s\nwant\n%s", g, w)
			}
		})
	}
}

// TestGeneratorViewRefusesBrokenYAML checks that a document that is not
// YAML is an error, not a panic or an empty view.
func TestGeneratorViewRefusesBrokenYAML(t *testing.T) {
	if _, err := generatorView([]byte("a: [b\n")); err == nil {
		t.Error("broken YAML accepted")
	}
}
