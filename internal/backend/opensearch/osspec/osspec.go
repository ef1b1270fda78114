// Package osspec owns the check of JSON documents against OpenSearch's
// published API specification (the OpenAPI 3.1 YAML of
// opensearch-project/opensearch-api-specification, kept as data in
// ../shared/opensearch-api-spec beside the repository, never copied into
// it): it finds the specification, compiles the schemas of the operations
// the service uses and validates documents against them. It serves tests
// only; nothing at run time depends on the specification.
//
// # Why a JSON Schema compiler and not an OpenAPI library
//
// An OpenAPI 3.1 schema object is a JSON Schema 2020-12 schema, and the
// specification's cross-file references ('../schemas/_common.yaml#/…') are
// plain URI references with JSON-pointer fragments, which a JSON Schema
// compiler resolves by URL like any other. So the schemas are compiled with
// github.com/santhosh-tekuri/jsonschema/v6 (a complete 2020-12
// implementation: unevaluatedProperties, dynamic references, precise error
// locations) through a loader that reads the YAML files, starting at the
// operation's own location in its namespace file (paths → requestBody or
// response → content → schema). Only the files those schemas reach are
// read (46 of 156), and only their schemas are compiled, which keeps
// opening under a second of CPU. An OpenAPI library (libopenapi with its
// validator, kin-openapi) would build the model of every file and match
// HTTP requests to paths, which these checks do not need, and
// kin-openapi's 3.1 support is partial.
//
// Two things are done to the specification as it is read, to both copies
// described below:
//
//   - errata: a few definitions that contradict OpenSearch itself are
//     corrected, one definition each (see errata and docs/decisions.md);
//   - discriminators: OpenAPI's discriminator keyword gets its meaning in
//     JSON Schema (see loader.discriminate), without which a mapping is
//     checked in time exponential in its depth;
//
// and a third to the closed copy only.
//
// # Closed objects
//
// The specification leaves most objects open: it rarely says
// additionalProperties: false, while OpenSearch's parsers reject a member
// they do not know, so a body with a misspelt member would validate. Every
// schema is therefore compiled twice: as published (Schema.Validate) and
// closed (Schema.Strict), where each schema in a value position (a
// property's, an item's, a map's values, the document's own) that names
// members and accepts no others by design gets unevaluatedProperties:
// false. That keyword sees the members evaluated by allOf, anyOf, oneOf
// and $ref at its place, so a schema composed of parts stays valid. What
// the specification leaves open on purpose (additionalProperties, a free
// object among alternatives) stays open, and so do properties that two
// parts of one allOf both describe, as neither part sees what the other
// evaluates (see loader.closeObjects).
package osspec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
)

// EnvDir names the environment variable that overrides where the
// specification's spec/ folder is looked for.
const EnvDir = "OPENSEARCH_API_SPEC"

// Dir returns the specification's spec/ folder: $OPENSEARCH_API_SPEC if
// set, else ../shared/opensearch-api-spec/spec beside the repository root
// (the folder holding go.mod, found upwards from the working directory).
// The error says where it looked, for a test's skip message.
func Dir() (string, error) {
	if d := os.Getenv(EnvDir); d != "" {
		return checkDir(d, "$"+EnvDir)
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("osspec: %w", err)
	}
	root := wd
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(root)
		if parent == root {
			return "", fmt.Errorf("osspec: no go.mod above %s, so no ../shared beside the repository", wd)
		}
		root = parent
	}
	d := filepath.Join(filepath.Dir(root), "shared", "opensearch-api-spec", "spec")
	return checkDir(d, "../shared/opensearch-api-spec/spec beside the repository")
}

func checkDir(d, what string) (string, error) {
	if _, err := os.Stat(filepath.Join(d, "namespaces", "_core.yaml")); err != nil {
		return "", fmt.Errorf("osspec: OpenSearch's API specification is not at %s (%s): %w", d, what, err)
	}
	return filepath.Abs(d)
}

// Spec holds the compiled schemas of the operations the service uses, each
// as published and closed (see the package comment). Compiled schemas are
// immutable: a Spec is safe for concurrent use.
type Spec struct {
	// SearchRequest is the body of POST /{index}/_search.
	SearchRequest *Schema
	// SearchResponse is its 200 answer.
	SearchResponse *Schema
	// StringTermsAggregate is the result of a terms aggregation of a
	// string (keyword) field: the alternative of the answer's Aggregate
	// that OpenSearch names "sterms" when typed_keys is asked for.
	// Without typed_keys an aggregation result is checked against all 39
	// alternatives, most of them with buckets, which costs a hundred
	// times more; a caller that knows the aggregation's type checks its
	// result against this one.
	StringTermsAggregate *Schema
	// CreateIndexRequest is the body of PUT /{index}.
	CreateIndexRequest *Schema
	// UpdateAliasesRequest is the body of POST /_aliases.
	UpdateAliasesRequest *Schema
	// BulkRequest is the body of POST /_bulk, its NDJSON lines as an
	// array. Each item may be any object (the document lines), so it
	// accepts every action line too; BulkAction checks those.
	BulkRequest *Schema
	// BulkAction is an action/metadata line of a bulk body (the first
	// alternative of BulkRequest's items).
	BulkAction *Schema
	// IndexName is a concrete index name, as PUT /{index} takes it.
	IndexName *Schema
	// Errata lists the corrections applied to the specification as it was
	// read ("file#pointer: why"; see errata).
	Errata []string
}

// Schema is one compiled schema, as published and closed.
type Schema struct {
	// Location names the schema in the specification, where the
	// operation's references lead, e.g. "namespaces/_core.yaml#/components/
	// requestBodies/search/content/application~1json/schema".
	Location string
	open     *jsonschema.Schema
	strict   *jsonschema.Schema
}

// Validate checks the JSON document doc against the schema as published.
func (s *Schema) Validate(doc []byte) error { return s.validate(s.open, doc) }

// Strict checks doc against the closed schema: as Validate, and no object
// member the specification does not describe.
func (s *Schema) Strict(doc []byte) error { return s.validate(s.strict, doc) }

func (s *Schema) validate(sc *jsonschema.Schema, doc []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return fmt.Errorf("osspec: %s: decode the document: %w", s.Location, err)
	}
	if err := sc.Validate(v); err != nil {
		return fmt.Errorf("osspec: %s: %w", s.Location, err)
	}
	return nil
}

// Open reads the specification in dir (see Dir) and compiles the schemas
// of Spec.
func Open(dir string) (*Spec, error) {
	l := &loader{dir: dir, docs: map[string]any{}, summaries: map[string]summary{}}
	open, strict := l.compiler(false), l.compiler(true)
	// Where each schema is: the operation in its namespace file, then the
	// member of that operation holding the schema.
	type place struct {
		dst  **Schema
		file string
		// ptr is a JSON pointer into file, with references followed at
		// each step as an OpenAPI reader follows them.
		ptr []string
	}
	const appJSON = "application/json"
	s := &Spec{}
	places := []place{
		{&s.SearchRequest, "namespaces/_core.yaml", []string{"paths", "/{index}/_search", "post", "requestBody", "content", appJSON, "schema"}},
		{&s.SearchResponse, "namespaces/_core.yaml", []string{"paths", "/{index}/_search", "post", "responses", "200", "content", appJSON, "schema"}},
		{&s.StringTermsAggregate, "schemas/_common.aggregations.yaml", []string{"components", "schemas", "StringTermsAggregate"}},
		{&s.CreateIndexRequest, "namespaces/indices.yaml", []string{"paths", "/{index}", "put", "requestBody", "content", appJSON, "schema"}},
		{&s.UpdateAliasesRequest, "namespaces/indices.yaml", []string{"paths", "/_aliases", "post", "requestBody", "content", appJSON, "schema"}},
		{&s.BulkRequest, "namespaces/_core.yaml", []string{"paths", "/_bulk", "post", "requestBody", "content", "application/x-ndjson", "schema"}},
		{&s.BulkAction, "namespaces/_core.yaml", []string{"paths", "/_bulk", "post", "requestBody", "content", "application/x-ndjson", "schema", "items", "anyOf", "0"}},
		{&s.IndexName, "schemas/_common.yaml", []string{"components", "schemas", "IndexName"}},
	}
	for i, p := range places {
		base, at, err := l.resolve(p.file, p.ptr)
		if err != nil {
			return nil, err
		}
		loc := base + "#" + pointer(at)
		o, err := open.Compile(loc)
		if err != nil {
			return nil, fmt.Errorf("osspec: compile %s: %w", l.rel(loc), err)
		}
		// The schema itself is in a value position (the body, the line):
		// closed like one, through a wrapper that references it.
		closedLoc := strictURL(loc)
		node, err := l.at(base, at)
		if err != nil {
			return nil, err
		}
		if m, ok := node.(map[string]any); ok {
			c, err := l.closable(base, m)
			if err != nil {
				return nil, fmt.Errorf("osspec: %s: %w", l.rel(loc), err)
			}
			if c {
				closedLoc = fmt.Sprintf("%s:///root/%d.json", strictScheme, i)
				if err := strict.AddResource(closedLoc, map[string]any{"$ref": strictURL(loc), "unevaluatedProperties": false}); err != nil {
					return nil, fmt.Errorf("osspec: %s: %w", l.rel(loc), err)
				}
			}
		}
		st, err := strict.Compile(closedLoc)
		if err != nil {
			return nil, fmt.Errorf("osspec: compile %s (closed): %w", l.rel(loc), err)
		}
		*p.dst = &Schema{Location: l.rel(loc), open: o, strict: st}
	}
	s.Errata = l.applied
	return s, nil
}

// strictScheme marks the URLs of the closed copy of the specification, so
// both copies live in one address space without clashing: the loader
// serves strict:///… as file:///… with objects closed.
const strictScheme = "strict"

func strictURL(fileURL string) string {
	return strictScheme + strings.TrimPrefix(fileURL, "file")
}

// loader reads the specification's YAML files as JSON values, each once,
// and serves them to both compilers.
type loader struct {
	dir  string
	docs map[string]any // decoded files by file URL (without fragment)
	// summaries caches summarizeRef by file URL#pointer.
	summaries map[string]summary
	// applied lists the errata applied, as Spec.Errata.
	applied []string
}

func (l *loader) compiler(strict bool) *jsonschema.Compiler {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	scheme := "file"
	if strict {
		scheme = strictScheme
	}
	c.UseLoader(jsonschema.SchemeURLLoader{scheme: loadFunc(func(u string) (any, error) {
		doc, err := l.file("file" + strings.TrimPrefix(u, scheme))
		if err != nil {
			return nil, err
		}
		if strict {
			return l.closeObjects("file"+strings.TrimPrefix(u, scheme), doc)
		}
		return doc, nil
	})})
	return c
}

// loadFunc adapts a function to jsonschema.URLLoader.
type loadFunc func(url string) (any, error)

func (f loadFunc) Load(url string) (any, error) { return f(url) }

// file returns the decoded YAML file at a file:// URL.
func (l *loader) file(u string) (any, error) {
	if doc, ok := l.docs[u]; ok {
		return doc, nil
	}
	pu, err := url.Parse(u)
	if err != nil || pu.Scheme != "file" {
		return nil, fmt.Errorf("osspec: %q is not a file URL", u)
	}
	raw, err := os.ReadFile(filepath.FromSlash(pu.Path))
	if err != nil {
		return nil, fmt.Errorf("osspec: %w", err)
	}
	doc, err := yamlToJSON(raw)
	if err != nil {
		return nil, fmt.Errorf("osspec: %s: %w", l.rel(u), err)
	}
	l.docs[u] = doc
	if err := l.correct(u, doc); err != nil {
		return nil, err
	}
	if err := l.discriminate(u, doc); err != nil {
		return nil, fmt.Errorf("osspec: %s: %w", l.rel(u), err)
	}
	return doc, nil
}

// yamlToJSON decodes YAML into the JSON values the compiler expects
// (json.Number for numbers): through JSON text, so a YAML-only value (a
// non-string key) is an error rather than a silent mismatch.
func yamlToJSON(raw []byte) (any, error) {
	var v any
	if err := yaml.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	text, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("not representable as JSON: %w", err)
	}
	return jsonschema.UnmarshalJSON(bytes.NewReader(text))
}

// resolve walks ptr from the root of file, following a $ref met on the
// way (an OpenAPI requestBody or response is often a reference to
// components), and returns the file URL and JSON pointer reached.
func (l *loader) resolve(file string, ptr []string) (string, []string, error) {
	base := fileURL(filepath.Join(l.dir, filepath.FromSlash(file)))
	var at []string // tokens from base's root to the current node
	node, err := l.file(base)
	if err != nil {
		return "", nil, err
	}
	for i := 0; ; i++ {
		if obj, ok := node.(map[string]any); ok {
			if ref, ok := obj["$ref"].(string); ok && i < len(ptr) {
				base, at, err = l.follow(base, ref)
				if err != nil {
					return "", nil, err
				}
				if node, err = l.at(base, at); err != nil {
					return "", nil, err
				}
			}
		}
		if i == len(ptr) {
			return base, at, nil
		}
		switch n := node.(type) {
		case map[string]any:
			next, ok := n[ptr[i]]
			if !ok {
				return "", nil, fmt.Errorf("osspec: %s#%s has no member %q", l.rel(base), pointer(at), ptr[i])
			}
			node = next
		case []any:
			var k int
			if _, err := fmt.Sscan(ptr[i], &k); err != nil || k < 0 || k >= len(n) {
				return "", nil, fmt.Errorf("osspec: %s#%s has no item %q", l.rel(base), pointer(at), ptr[i])
			}
			node = n[k]
		default:
			return "", nil, fmt.Errorf("osspec: %s#%s is not an object or array", l.rel(base), pointer(at))
		}
		at = append(at, ptr[i])
	}
}

// follow resolves a reference relative to base into a file URL and the
// tokens of its fragment.
func (l *loader) follow(base, ref string) (string, []string, error) {
	bu, err := url.Parse(base)
	if err != nil {
		return "", nil, err
	}
	ru, err := bu.Parse(ref)
	if err != nil {
		return "", nil, fmt.Errorf("osspec: %s: reference %q: %w", l.rel(base), ref, err)
	}
	frag := ru.Fragment
	ru.Fragment = ""
	var toks []string
	if frag != "" {
		if !strings.HasPrefix(frag, "/") {
			return "", nil, fmt.Errorf("osspec: %s: reference %q is not a JSON pointer", l.rel(base), ref)
		}
		for _, t := range strings.Split(frag[1:], "/") {
			toks = append(toks, strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~"))
		}
	}
	return ru.String(), toks, nil
}

// at returns the node at toks in the file at u.
func (l *loader) at(u string, toks []string) (any, error) {
	node, err := l.file(u)
	if err != nil {
		return nil, err
	}
	for _, t := range toks {
		var ok bool
		switch n := node.(type) {
		case map[string]any:
			node, ok = n[t]
		case []any:
			var k int
			_, err := fmt.Sscan(t, &k)
			ok = err == nil && k >= 0 && k < len(n)
			if ok {
				node = n[k]
			}
		}
		if !ok {
			return nil, fmt.Errorf("osspec: %s#%s: not found", l.rel(u), pointer(toks))
		}
	}
	return node, nil
}

// erratum is a correction of a definition of the specification that
// contradicts OpenSearch itself: what OpenSearch accepts, the definition
// rejects. Each one is recorded, with the evidence, in docs/decisions.md
// ("The OpenSearch path checked against OpenSearch's specification").
type erratum struct {
	file string   // below spec/
	ptr  []string // the definition in file
	why  string
	fix  func(def map[string]any) error
}

// errata are the corrections applied to the specification as it is read,
// to both the published and the closed copies. They touch one definition
// each, never the specification as a whole.
var errata = []erratum{{
	file: "schemas/_common.query_dsl.yaml",
	ptr:  []string{"components", "schemas", "SimpleQueryStringFlags"},
	why: "simple_query_string flags is one flag or several joined by '|', but the definition is a oneOf of " +
		"a flag and any string: a single flag (\"NONE\", \"PHRASE\") matches both alternatives, so oneOf " +
		"rejects it, while OpenSearch's SimpleQueryStringFlag.resolveFlags accepts it; anyOf is what is meant",
	fix: oneOfToAnyOf,
}, {
	file: "schemas/_core.search.yaml",
	ptr:  []string{"components", "schemas", "Suggest"},
	why: "a suggestion entry is a oneOf of completion, phrase and term entries, which overlap: a term entry " +
		"(options of text, score, freq) is also a phrase entry (its options are open objects with text and score), " +
		"and an entry with no options is all three, so oneOf rejects what OpenSearch's term suggester returns " +
		"when typed_keys is not asked for (nothing in the entry says its type); anyOf is what is meant",
	fix: oneOfToAnyOf,
}, {
	file: "schemas/_core.search.yaml",
	ptr:  []string{"components", "schemas", "ShardProfile"},
	why: "a shard's profile has inbound_network_time_in_millis and outbound_network_time_in_millis, which " +
		"OpenSearch writes for every shard (SearchProfileShardResults.INBOUND_NETWORK_FIELD and " +
		"OUTBOUND_NETWORK_FIELD, and its Profile API documentation's examples), but the definition does not " +
		"list them; they are added as integers (milliseconds)",
	fix: func(def map[string]any) error {
		props, ok := def["properties"].(map[string]any)
		if !ok {
			return errors.New("no properties: the definition changed, review the erratum")
		}
		for _, name := range []string{"inbound_network_time_in_millis", "outbound_network_time_in_millis"} {
			if _, ok := props[name]; ok {
				return fmt.Errorf("%s is there: the definition changed, remove the erratum", name)
			}
			props[name] = map[string]any{"type": "integer", "format": "int64"}
		}
		return nil
	},
}, {
	file: "schemas/_common.aggregations.yaml",
	ptr:  []string{"components", "schemas", "MultiBucketBase"},
	why: "a bucket's members other than doc_count are sub-aggregation results, said by additionalProperties " +
		"on MultiBucketBase; but MultiBucketBase is one part of an allOf (TermsBucketBase, then StringTermsBucket " +
		"adding key), and additionalProperties sees only its own part's properties, so every bucket's key must " +
		"be an aggregation result (an object) and no terms bucket OpenSearch returns is valid; the constraint " +
		"moves to the composed bucket the service meets (StringTermsBucket, next erratum) as unevaluatedProperties, " +
		"which sees every part",
	fix: func(def map[string]any) error {
		if _, ok := def["additionalProperties"]; !ok {
			return errors.New("no additionalProperties: the definition changed, review the erratum")
		}
		delete(def, "additionalProperties")
		return nil
	},
}, {
	file: "schemas/_common.aggregations.yaml",
	ptr:  []string{"components", "schemas", "StringTermsBucket"},
	why: "the members of a terms bucket other than those its parts name are sub-aggregation results: " +
		"MultiBucketBase's additionalProperties (previous erratum), here where it sees key and doc_count",
	fix: func(def map[string]any) error {
		if _, ok := def["unevaluatedProperties"]; ok {
			return errors.New("unevaluatedProperties is there: the definition changed, review the erratum")
		}
		def["unevaluatedProperties"] = map[string]any{"$ref": "#/components/schemas/Aggregate"}
		return nil
	},
}}

// oneOfToAnyOf makes a definition's oneOf an anyOf: its alternatives
// overlap, and any one of them is what is meant.
func oneOfToAnyOf(def map[string]any) error {
	alts, ok := def["oneOf"]
	if !ok {
		return errors.New("no oneOf: the definition changed, review the erratum")
	}
	delete(def, "oneOf")
	def["anyOf"] = alts
	return nil
}

// correct applies the errata of the file at u.
func (l *loader) correct(u string, doc any) error {
	for _, e := range errata {
		if u != fileURL(filepath.Join(l.dir, filepath.FromSlash(e.file))) {
			continue
		}
		node, err := l.at(u, e.ptr)
		if err != nil {
			return fmt.Errorf("osspec: erratum %s#%s: %w", e.file, pointer(e.ptr), err)
		}
		def, ok := node.(map[string]any)
		if !ok {
			return fmt.Errorf("osspec: erratum %s#%s: not a schema", e.file, pointer(e.ptr))
		}
		if err := e.fix(def); err != nil {
			return fmt.Errorf("osspec: erratum %s#%s: %w", e.file, pointer(e.ptr), err)
		}
		l.applied = append(l.applied, e.file+"#"+pointer(e.ptr)+": "+e.why)
	}
	return nil
}

// discriminate gives the OpenAPI discriminators in the decoded file at u
// their meaning in JSON Schema, rewriting the file in place (it is not
// shared yet). A discriminator says which alternative of a oneOf applies:
// the one whose discriminating member has the document's value. JSON
// Schema has no such keyword, so a validator tries every alternative, and
// for the recursive ones (a mapping property's "properties" and "fields"
// are properties again, each a oneOf of 50 types) the work grows as 50 to
// the power of the depth: a contract mapping takes tens of seconds. Each
// alternative becomes {if: member has its values, then: alternative},
// plus the list of known values (and, without x-default, the member
// required); x-default names the alternative of a document without the
// member. A discriminator whose alternatives' values cannot all be read
// (each from its properties.<member>.enum or const, through allOf and
// $ref) or overlap is left as a plain oneOf.
func (l *loader) discriminate(u string, v any) error {
	switch v := v.(type) {
	case map[string]any:
		for _, x := range v {
			if err := l.discriminate(u, x); err != nil {
				return err
			}
		}
		d, ok := v["discriminator"].(map[string]any)
		if !ok {
			return nil
		}
		branches, ok := v["oneOf"].([]any)
		member, ok2 := d["propertyName"].(string)
		if !ok || !ok2 {
			return nil
		}
		var cases []any
		var known []any
		seen := map[string]string{}
		byValue := map[string]string{}
		for _, b := range branches {
			bm, ok := b.(map[string]any)
			ref, ok2 := bm["$ref"].(string)
			if !ok || !ok2 || len(bm) != 1 {
				return nil
			}
			values, err := l.branchValues(u, ref, member, map[string]bool{})
			if err != nil {
				return err
			}
			if len(values) == 0 {
				return nil
			}
			for _, val := range values {
				if _, dup := seen[val]; dup {
					return nil
				}
				seen[val] = ref
				byValue[val] = ref
				known = append(known, val)
			}
			enum := make([]any, len(values))
			for i, val := range values {
				enum[i] = val
			}
			cases = append(cases, map[string]any{
				"if":   map[string]any{"properties": map[string]any{member: map[string]any{"enum": enum}}, "required": []any{member}},
				"then": map[string]any{"$ref": ref},
			})
		}
		guard := map[string]any{"properties": map[string]any{member: map[string]any{"enum": known}}}
		if def, ok := d["x-default"].(string); ok && byValue[def] != "" {
			cases = append(cases, map[string]any{
				"if":   map[string]any{"not": map[string]any{"required": []any{member}}},
				"then": map[string]any{"$ref": byValue[def]},
			})
		} else {
			guard["required"] = []any{member}
		}
		cases = append(cases, guard)
		if prev, ok := v["allOf"].([]any); ok {
			cases = append(prev, cases...)
		}
		delete(v, "oneOf")
		v["allOf"] = cases
	case []any:
		for _, x := range v {
			if err := l.discriminate(u, x); err != nil {
				return err
			}
		}
	}
	return nil
}

// branchValues returns the values the alternative at ref allows for the
// discriminating member: its properties.<member>.enum or const, looked for
// through allOf and $ref.
func (l *loader) branchValues(u, ref, member string, seen map[string]bool) ([]string, error) {
	target, toks, err := l.follow(u, ref)
	if err != nil {
		return nil, err
	}
	key := target + "#" + pointer(toks)
	if seen[key] {
		return nil, nil
	}
	seen[key] = true
	node, err := l.at(target, toks)
	if err != nil {
		return nil, err
	}
	var values []string
	var walk func(m map[string]any) error
	walk = func(m map[string]any) error {
		if props, ok := m["properties"].(map[string]any); ok {
			if p, ok := props[member].(map[string]any); ok {
				if c, ok := p["const"].(string); ok {
					values = append(values, c)
				}
				if e, ok := p["enum"].([]any); ok {
					for _, x := range e {
						if s, ok := x.(string); ok {
							values = append(values, s)
						}
					}
				}
			}
		}
		if r, ok := m["$ref"].(string); ok {
			vs, err := l.branchValues(target, r, member, seen)
			if err != nil {
				return err
			}
			values = append(values, vs...)
		}
		if parts, ok := m["allOf"].([]any); ok {
			for _, p := range parts {
				if pm, ok := p.(map[string]any); ok {
					if err := walk(pm); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}
	if m, ok := node.(map[string]any); ok {
		if err := walk(m); err != nil {
			return nil, err
		}
	}
	return values, nil
}

// rel shortens a file URL to the path below the spec/ folder.
func (l *loader) rel(u string) string {
	prefix := fileURL(l.dir) + "/"
	for _, p := range []string{prefix, strictURL(prefix)} {
		if strings.HasPrefix(u, p) {
			return u[len(p):]
		}
	}
	return u
}

func fileURL(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// pointer renders tokens as a JSON pointer.
func pointer(toks []string) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteByte('/')
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1"))
	}
	return b.String()
}

// closeObjects returns a copy of the decoded file at u in which every
// schema in a value position — a property's, an array's items, a map's
// additionalProperties — that describes an object's members gets
// unevaluatedProperties: false (see closable). The keyword goes on the
// value position only, never inside allOf, anyOf, oneOf or a referenced
// definition: there it sees the members every part of the composition
// evaluates, so a schema composed of parts (a base and its additions, a
// oneOf of variants) stays valid while a member none of them names is
// rejected.
//
// The walk looks at every object of the file, not only at schema
// positions: an object under a member named like a value keyword is taken
// for a schema. Outside schemas that happens only in examples, which are
// not validated.
func (l *loader) closeObjects(u string, doc any) (any, error) {
	return l.closeWalk(u, doc, nil, false)
}

// valueKeywords are the keywords whose value is a schema applied to a
// member or an item: a value position. mapKeywords hold such schemas by
// name or index.
var (
	valueKeywords = map[string]bool{"additionalProperties": true, "items": true, "additionalItems": true, "contains": true, "unevaluatedItems": true}
	mapKeywords   = map[string]bool{"properties": true, "patternProperties": true, "prefixItems": true}
)

func (l *loader) closeWalk(u string, v any, at []string, value bool) (any, error) {
	switch v := v.(type) {
	case map[string]any:
		return l.closeObject(u, v, at, value, nil)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			var err error
			if out[i], err = l.closeWalk(u, x, next(at, fmt.Sprint(i)), false); err != nil {
				return nil, err
			}
		}
		return out, nil
	default:
		return v, nil
	}
}

// closeObject is closeWalk of an object. The properties named in shared
// are left as they are, with everything below them: they are members of an
// allOf part that another part describes too, so the value is described by
// two schemas side by side and neither sees what the other evaluates.
// (The value position that holds the whole allOf sees both, and is closed.)
func (l *loader) closeObject(u string, v map[string]any, at []string, value bool, shared map[string]bool) (any, error) {
	out := make(map[string]any, len(v)+1)
	for k, x := range v {
		var err error
		switch {
		case k == "properties" && len(shared) > 0:
			props, ok := x.(map[string]any)
			if !ok {
				out[k], err = l.closeMembers(u, x, next(at, k))
				break
			}
			kept := make(map[string]any, len(props))
			for name, px := range props {
				if shared[name] {
					kept[name] = px
				} else if kept[name], err = l.closeWalk(u, px, next(next(at, k), name), true); err != nil {
					return nil, err
				}
			}
			out[k] = kept
		case k == "allOf":
			out[k], err = l.closeParts(u, x, next(at, k))
		case valueKeywords[k]:
			out[k], err = l.closeWalk(u, x, next(at, k), true)
		case mapKeywords[k]:
			out[k], err = l.closeMembers(u, x, next(at, k))
		default:
			out[k], err = l.closeWalk(u, x, next(at, k), false)
		}
		if err != nil {
			return nil, err
		}
	}
	if value {
		c, err := l.closable(u, v)
		if err != nil {
			return nil, fmt.Errorf("%s#%s: %w", l.rel(u), pointer(at), err)
		}
		if c {
			out["unevaluatedProperties"] = false
		}
	}
	return out, nil
}

// closeParts walks the parts of an allOf, leaving open the properties two
// parts describe (see closeObject).
func (l *loader) closeParts(u string, x any, at []string) (any, error) {
	parts, ok := x.([]any)
	if !ok || len(parts) < 2 {
		return l.closeWalk(u, x, at, false)
	}
	count := map[string]int{}
	for _, p := range parts {
		if pm, ok := p.(map[string]any); ok {
			sum, err := l.summarize(u, pm)
			if err != nil {
				return nil, err
			}
			for name := range sum.props {
				count[name]++
			}
		}
	}
	shared := map[string]bool{}
	for name, n := range count {
		if n > 1 {
			shared[name] = true
		}
	}
	out := make([]any, len(parts))
	for i, p := range parts {
		var err error
		if pm, ok := p.(map[string]any); ok {
			out[i], err = l.closeObject(u, pm, next(at, fmt.Sprint(i)), false, shared)
		} else {
			out[i], err = l.closeWalk(u, p, next(at, fmt.Sprint(i)), false)
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// next returns at with tok appended, never sharing at's array.
func next(at []string, tok string) []string {
	return append(at[:len(at):len(at)], tok)
}

// closeMembers walks the schemas of properties, patternProperties or
// prefixItems, each in a value position.
func (l *loader) closeMembers(u string, v any, at []string) (any, error) {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			var err error
			if out[k], err = l.closeWalk(u, x, next(at, k), true); err != nil {
				return nil, err
			}
		}
		return out, nil
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			var err error
			if out[i], err = l.closeWalk(u, x, next(at, fmt.Sprint(i)), true); err != nil {
				return nil, err
			}
		}
		return out, nil
	default:
		return l.closeWalk(u, v, at, false)
	}
}

// inPlace are the keywords whose schemas apply to the same instance as the
// schema holding them, so their annotations reach its
// unevaluatedProperties. ("not" is left out: its annotations are dropped.)
var inPlace = []string{"allOf", "anyOf", "oneOf", "if", "then", "else", "dependentSchemas"}

// closable reports whether the schema m in the file at u, with what it
// applies in place ($ref and inPlace), names members of an object —
// properties or patternProperties somewhere — and says nothing of the
// others anywhere: no additionalProperties or unevaluatedProperties at m,
// and no free object (type object and nothing about members, which
// accepts any member) among its alternatives. Schemas it references are
// followed across files.
func (l *loader) closable(u string, m map[string]any) (bool, error) {
	for _, k := range []string{"additionalProperties", "unevaluatedProperties"} {
		if _, ok := m[k]; ok {
			return false, nil
		}
	}
	sum, err := l.summarize(u, m)
	return sum.names && !sum.free, err
}

// summary is what closable needs to know of a schema and what it applies
// in place.
type summary struct {
	names bool            // it names members (properties, patternProperties)
	free  bool            // it accepts any member somewhere (isFreeObject)
	plain bool            // it is a free object itself, or references one
	props map[string]bool // the names of the properties it lists
}

func (l *loader) summarize(u string, m map[string]any) (summary, error) {
	sum := summary{props: map[string]bool{}}
	add := func(s summary) {
		sum.names = sum.names || s.names
		sum.free = sum.free || s.free
		for name := range s.props {
			sum.props[name] = true
		}
	}
	props, hasProps := m["properties"].(map[string]any)
	_, pattern := m["patternProperties"]
	sum.plain = isFreeObject(m)
	add(summary{names: hasProps || pattern, free: sum.plain})
	for name := range props {
		sum.props[name] = true
	}
	if ref, ok := m["$ref"].(string); ok {
		s, err := l.summarizeRef(u, ref)
		if err != nil {
			return sum, err
		}
		add(s)
		sum.plain = s.plain && !hasProps && !pattern
	}
	for _, k := range inPlace {
		var parts []any
		switch x := m[k].(type) {
		case []any:
			parts = x
		case map[string]any:
			if k != "dependentSchemas" {
				parts = []any{x}
				break
			}
			for _, it := range x {
				parts = append(parts, it)
			}
		}
		for _, p := range parts {
			pm, ok := p.(map[string]any)
			if !ok {
				continue
			}
			s, err := l.summarize(u, pm)
			if err != nil {
				return sum, err
			}
			if k == "allOf" && s.plain {
				// A free part of an allOf ("- type: object") adds no
				// member and takes none away: the other parts still
				// apply. Only a free alternative accepts any member.
				s.free = false
			}
			add(s)
		}
	}
	return sum, nil
}

// summarizeRef summarizes a referenced schema, once per target. A target
// met again while it is being summarized (a cycle through in-place
// keywords) adds nothing.
func (l *loader) summarizeRef(u, ref string) (summary, error) {
	target, toks, err := l.follow(u, ref)
	if err != nil {
		return summary{}, err
	}
	key := target + "#" + pointer(toks)
	if s, ok := l.summaries[key]; ok {
		return s, nil
	}
	l.summaries[key] = summary{}
	node, err := l.at(target, toks)
	if err != nil {
		return summary{}, err
	}
	var s summary
	if tm, ok := node.(map[string]any); ok {
		if s, err = l.summarize(target, tm); err != nil {
			return summary{}, err
		}
	}
	l.summaries[key] = s
	return s, nil
}

// isFreeObject reports whether m is an object schema that accepts any
// member by itself: it says type object and nothing about members, nor
// composes other schemas that might.
func isFreeObject(m map[string]any) bool {
	isObject := false
	switch t := m["type"].(type) {
	case string:
		isObject = t == "object"
	case []any:
		for _, x := range t {
			isObject = isObject || x == "object"
		}
	}
	if !isObject {
		return false
	}
	for _, k := range []string{"properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "$ref", "allOf", "anyOf", "oneOf", "if", "dependentSchemas"} {
		if _, ok := m[k]; ok {
			return false
		}
	}
	return true
}

// shared is the Spec of Dir, opened once per process: a test binary checks
// many documents against one specification, and opening it takes about a
// second.
var shared = sync.OnceValues(func() (*Spec, error) {
	dir, err := Dir()
	if err != nil {
		return nil, errNotFound{err}
	}
	return Open(dir)
})

// errNotFound marks a specification that is not there, as opposed to one
// that does not load.
type errNotFound struct{ error }

func (e errNotFound) Unwrap() error { return e.error }

// ForTest returns the Spec of Dir, opened once per test binary. It skips
// the test, naming the folder it looked for, when the specification is not
// there, and fails it when the specification does not load.
func ForTest(tb testing.TB) *Spec {
	tb.Helper()
	s, err := shared()
	var nf errNotFound
	switch {
	case errors.As(err, &nf):
		tb.Skipf("skipped: %v (the tests read ../shared/opensearch-api-spec beside the repository, or $%s)", nf.error, EnvDir)
	case err != nil:
		tb.Fatal(err)
	}
	return s
}
