package main

import (
	"fmt"

	"go.yaml.in/yaml/v3"
)

// generatorView returns the OpenAPI document src (YAML) as oapi-codegen
// can read it, with the same shapes. Two JSON Schema spellings are
// rewritten, inside schemas only:
//
//   - a boolean subschema (`log: false` in dependentSchemas), which
//     kin-openapi cannot decode, becomes `{}` (true) or `{not: {}}`
//     (false); `additionalProperties: false`, which it reads, is kept;
//   - an anyOf or oneOf whose every branch holds only `required` (the bool
//     clause's "at least one of must, should, filter, must_not") is left
//     out: it constrains which members are present, not their shapes, the
//     gateway checks it, and oapi-codegen would turn it into a union of
//     empty variants hidden inside the object.
//
// Everything else is kept as written.
func generatorView(src []byte) ([]byte, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, fmt.Errorf("parse the OpenAPI document: %w", err)
	}
	walkDocument(&doc, false)
	out, err := yaml.Marshal(&doc)
	if err != nil {
		return nil, fmt.Errorf("render the OpenAPI document: %w", err)
	}
	return out, nil
}

// walkDocument visits n, a part of the document outside schemas, and
// rewrites the schemas it holds: the values of `schema` members and of
// components.schemas. inSchemas is true for the components.schemas map.
// Examples are data, not description, and are not entered.
func walkDocument(n *yaml.Node, inSchemas bool) {
	switch n.Kind {
	case yaml.DocumentNode, yaml.SequenceNode:
		for _, c := range n.Content {
			walkDocument(c, false)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, val := n.Content[i].Value, n.Content[i+1]
			switch {
			case inSchemas || key == "schema":
				walkSchema(val)
			case key == "example" || key == "examples":
			default:
				walkDocument(val, key == "schemas")
			}
		}
	}
}

// Subschema keywords of JSON Schema 2020-12 by the kind of value they take.
var (
	schemaKeywords    = map[string]bool{"items": true, "not": true, "contains": true, "propertyNames": true, "if": true, "then": true, "else": true, "unevaluatedItems": true, "unevaluatedProperties": true, "additionalProperties": true, "contentSchema": true}
	schemaMapKeywords = map[string]bool{"properties": true, "patternProperties": true, "dependentSchemas": true, "$defs": true}
	schemaSeqKeywords = map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true}
)

// walkSchema rewrites the schema n and its subschemas in place.
func walkSchema(n *yaml.Node) {
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n.Kind != yaml.MappingNode {
		return
	}
	kept := n.Content[:0]
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, val := n.Content[i], n.Content[i+1]
		switch k := key.Value; {
		case (k == "anyOf" || k == "oneOf") && onlyRequired(val):
			continue
		case schemaKeywords[k]:
			if k != "additionalProperties" {
				unboolean(val)
			}
			walkSchema(val)
		case schemaMapKeywords[k] && val.Kind == yaml.MappingNode:
			for j := 1; j < len(val.Content); j += 2 {
				unboolean(val.Content[j])
				walkSchema(val.Content[j])
			}
		case schemaSeqKeywords[k] && val.Kind == yaml.SequenceNode:
			for _, c := range val.Content {
				unboolean(c)
				walkSchema(c)
			}
		}
		kept = append(kept, key, val)
	}
	n.Content = kept
}

// unboolean turns a boolean schema into its object spelling: true → {},
// false → {not: {}}.
func unboolean(n *yaml.Node) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" {
		return
	}
	var b bool
	if err := n.Decode(&b); err != nil {
		return
	}
	obj := yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle, Line: n.Line, Column: n.Column}
	if !b {
		obj.Content = []*yaml.Node{
			{Kind: yaml.ScalarNode, Tag: "!!str", Value: "not"},
			{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle},
		}
	}
	*n = obj
}

// onlyRequired reports whether n is a list of schemas that each hold
// nothing but `required`.
func onlyRequired(n *yaml.Node) bool {
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
		return false
	}
	for _, c := range n.Content {
		if c.Kind != yaml.MappingNode || len(c.Content) != 2 || c.Content[0].Value != "required" {
			return false
		}
	}
	return true
}
