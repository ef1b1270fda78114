// Package openapi owns the service's OpenAPI 3.1 description: the
// hand-maintained document openapi.yaml, embedded in the binary, and its
// JSON rendering, which the gateway serves at Path. The document describes
// both request forms with the whitelisted query DSL, every response member
// and every error; tests in internal/api and integration validate real
// requests and answers against it (package openapitest), so it cannot
// drift from the code.
package openapi

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strconv"

	"go.yaml.in/yaml/v3"
)

// Path is where the gateway serves the document as JSON.
const Path = "/api/v1alpha/openapi.json"

//go:embed openapi.yaml
var source []byte

// YAML returns the document as written.
func YAML() []byte { return bytes.Clone(source) }

// JSON returns the document as compact JSON, object members in the order
// they are written in openapi.yaml (so the served document reads like the
// source: openapi, info, paths, components).
func JSON() ([]byte, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(source, &doc); err != nil {
		return nil, fmt.Errorf("openapi: parse openapi.yaml: %w", err)
	}
	var out bytes.Buffer
	if err := writeJSON(&out, &doc); err != nil {
		return nil, fmt.Errorf("openapi: render openapi.yaml as JSON: %w", err)
	}
	return out.Bytes(), nil
}

// writeJSON writes the YAML node n as JSON, keeping mapping order.
func writeJSON(out *bytes.Buffer, n *yaml.Node) error {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) != 1 {
			return fmt.Errorf("line %d: a document must hold one value", n.Line)
		}
		return writeJSON(out, n.Content[0])
	case yaml.AliasNode:
		return writeJSON(out, n.Alias)
	case yaml.MappingNode:
		out.WriteByte('{')
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode || k.ShortTag() == "!!merge" {
				return fmt.Errorf("line %d: mapping keys must be plain scalars", k.Line)
			}
			if i > 0 {
				out.WriteByte(',')
			}
			if err := writeString(out, k.Value); err != nil {
				return err
			}
			out.WriteByte(':')
			if err := writeJSON(out, n.Content[i+1]); err != nil {
				return err
			}
		}
		out.WriteByte('}')
	case yaml.SequenceNode:
		out.WriteByte('[')
		for i, c := range n.Content {
			if i > 0 {
				out.WriteByte(',')
			}
			if err := writeJSON(out, c); err != nil {
				return err
			}
		}
		out.WriteByte(']')
	case yaml.ScalarNode:
		return writeScalar(out, n)
	default:
		return fmt.Errorf("line %d: unexpected YAML node kind %d", n.Line, n.Kind)
	}
	return nil
}

// writeScalar writes a scalar with the JSON type its YAML tag gives it.
func writeScalar(out *bytes.Buffer, n *yaml.Node) error {
	switch n.ShortTag() {
	case "!!str":
		return writeString(out, n.Value)
	case "!!null":
		out.WriteString("null")
		return nil
	case "!!bool", "!!int", "!!float":
		var v any
		if err := n.Decode(&v); err != nil {
			return fmt.Errorf("line %d: %w", n.Line, err)
		}
		if f, ok := v.(float64); ok && f != f {
			return fmt.Errorf("line %d: NaN has no JSON form", n.Line)
		}
		b, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("line %d: %w", n.Line, err)
		}
		out.Write(b)
		return nil
	}
	return fmt.Errorf("line %d: scalar %s with tag %s has no JSON form", n.Line, strconv.Quote(n.Value), n.ShortTag())
}

// writeString writes s as a JSON string, HTML characters unescaped (the
// document quotes tags such as <b>).
func writeString(out *bytes.Buffer, s string) error {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return err
	}
	out.Truncate(out.Len() - 1) // Encode's newline
	return nil
}
