// Package mappings owns the index definitions of the six logical indexes:
// the OpenSearch JSON files beside this file (settings and mappings, exactly
// what is sent to a cluster when an index is created) and the field model
// derived from them, which the gateway's validator and the embedded engine
// read instead of hard-coding field types.
package mappings

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
)

//go:embed *.json
var files embed.FS

// Names lists the logical index names in byte order, which is also the order
// OpenSearch visits shards in and therefore the tie-break order of hits.
func Names() []string {
	return []string{"category", "clause", "company", "contract", "definition", "jurisdiction"}
}

// IsIndex reports whether name is one of the six logical indexes.
func IsIndex(name string) bool {
	switch name {
	case "category", "clause", "company", "contract", "definition", "jurisdiction":
		return true
	}
	return false
}

// FieldType is an OpenSearch field type as written in a mapping file.
type FieldType string

// The field types the mapping files use.
const (
	Text        FieldType = "text"
	Keyword     FieldType = "keyword"
	Date        FieldType = "date"
	Integer     FieldType = "integer"
	RankFeature FieldType = "rank_feature"
)

// Field is one leaf field of a mapping, multi-fields (name.raw) included.
type Field struct {
	// Path is the dotted path, e.g. "sections.name.raw".
	Path string
	Type FieldType
	// Indexed is false for fields stored only in _source (index: false).
	Indexed bool
	// NestedPath is the nested object the field lives under ("sections"),
	// or "" for fields of the root document.
	NestedPath string
	// Format is the date format of date fields.
	Format string
	// Offsets is `index_options: offsets` on a text field: its postings
	// hold each occurrence's offsets, which the highlighter reads instead
	// of analysing the value again (docs/highlight.md).
	Offsets bool
}

// Index is one logical index: its definition file and its flattened fields.
type Index struct {
	Name string
	// Definition is the file's content, the body of an OpenSearch
	// create-index request.
	Definition []byte
	// Fields maps dotted paths to leaf fields.
	Fields map[string]Field
	// NestedPaths lists the paths of nested objects.
	NestedPaths []string
	// StoredOnly lists, sorted, the paths of objects mapped with
	// "enabled": false: their content is kept in _source and neither
	// parsed nor indexed, so no field lives under them and no field
	// pattern ("sections.*") reaches into them.
	StoredOnly []string
}

// IsStoredOnly reports whether path is a StoredOnly object or lies inside
// one.
func (idx *Index) IsStoredOnly(path string) bool {
	for _, p := range idx.StoredOnly {
		if path == p || strings.HasPrefix(path, p+".") {
			return true
		}
	}
	return false
}

// Set is the six indexes of the service, loaded once at start-up.
type Set struct {
	indexes map[string]*Index
	// union maps a field path to its type across all indexes; a path that has
	// different types in different indexes is not in it (none do).
	union map[string]Field
}

// Load parses the embedded mapping files.
func Load() (*Set, error) {
	s := &Set{indexes: make(map[string]*Index), union: make(map[string]Field)}
	for _, name := range Names() {
		raw, err := files.ReadFile(name + ".json")
		if err != nil {
			return nil, fmt.Errorf("mappings: read %s.json: %w", name, err)
		}
		idx, err := parse(name, raw)
		if err != nil {
			return nil, err
		}
		s.indexes[name] = idx
		for p, f := range idx.Fields {
			if prev, ok := s.union[p]; ok && prev.Type != f.Type {
				return nil, fmt.Errorf("mappings: field %q is %s in one index and %s in %s", p, prev.Type, f.Type, name)
			}
			s.union[p] = f
		}
	}
	return s, nil
}

// Index returns the named logical index, or nil.
func (s *Set) Index(name string) *Index { return s.indexes[name] }

// Field returns the field at path in any index.
func (s *Set) Field(path string) (Field, bool) {
	f, ok := s.union[path]
	return f, ok
}

// FieldsOfType lists, sorted, every path of the given type in any index.
func (s *Set) FieldsOfType(t FieldType) []string {
	var out []string
	for p, f := range s.union {
		if f.Type == t {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

type fileShape struct {
	Settings json.RawMessage `json:"settings"`
	Mappings struct {
		Dynamic    any                 `json:"dynamic"`
		Properties map[string]property `json:"properties"`
	} `json:"mappings"`
}

type property struct {
	Type      string `json:"type"`
	Enabled   *bool  `json:"enabled"`
	Index     *bool  `json:"index"`
	DocValues *bool  `json:"doc_values"`
	Format    string `json:"format"`
	// IndexOptions is OpenSearch's index_options: "positions" (text
	// fields' default) or "offsets" on text fields.
	IndexOptions string              `json:"index_options"`
	Fields       map[string]property `json:"fields"`
	Properties   map[string]property `json:"properties"`
}

func parse(name string, raw []byte) (*Index, error) {
	var f fileShape
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("mappings: %s.json: %w", name, err)
	}
	idx := &Index{Name: name, Definition: raw, Fields: make(map[string]Field)}
	if err := idx.walk("", "", f.Mappings.Properties); err != nil {
		return nil, fmt.Errorf("mappings: %s.json: %w", name, err)
	}
	slices.Sort(idx.NestedPaths)
	slices.Sort(idx.StoredOnly)
	return idx, nil
}

// indexOptions reads a field's index_options: only text fields may set
// it, to "positions" (the default) or "offsets"; it reports offsets.
func indexOptions(path string, p property) (bool, error) {
	switch {
	case p.IndexOptions == "":
		return false, nil
	case p.Type != string(Text):
		return false, fmt.Errorf("field %q: index_options is supported on text fields only", path)
	case p.IndexOptions == "positions":
		return false, nil
	case p.IndexOptions == "offsets":
		return true, nil
	}
	return false, fmt.Errorf("field %q: index_options %q is not supported (positions or offsets)", path, p.IndexOptions)
}

func (idx *Index) walk(prefix, nested string, props map[string]property) error {
	for key, p := range props {
		path := prefix + key
		if p.Enabled != nil && !*p.Enabled {
			if p.Type != "" && p.Type != "object" || len(p.Properties) > 0 {
				return fmt.Errorf("field %q: enabled: false is supported on objects without properties only", path)
			}
			idx.StoredOnly = append(idx.StoredOnly, path)
			continue
		}
		switch p.Type {
		case "", "object":
			if err := idx.walk(path+".", nested, p.Properties); err != nil {
				return err
			}
		case "nested":
			if nested != "" {
				return fmt.Errorf("field %q: nested inside nested is not supported", path)
			}
			idx.NestedPaths = append(idx.NestedPaths, path)
			if err := idx.walk(path+".", path, p.Properties); err != nil {
				return err
			}
		case string(Text), string(Keyword), string(Date), string(Integer), string(RankFeature):
			offsets, err := indexOptions(path, p)
			if err != nil {
				return err
			}
			idx.Fields[path] = Field{
				Path:       path,
				Type:       FieldType(p.Type),
				Indexed:    p.Index == nil || *p.Index,
				NestedPath: nested,
				Format:     p.Format,
				Offsets:    offsets,
			}
			for sub, sp := range p.Fields {
				switch sp.Type {
				case string(Keyword), string(Text):
				default:
					return fmt.Errorf("field %q: multi-field type %q is not supported", path+"."+sub, sp.Type)
				}
				offsets, err := indexOptions(path+"."+sub, sp)
				if err != nil {
					return err
				}
				idx.Fields[path+"."+sub] = Field{Path: path + "." + sub, Type: FieldType(sp.Type), Indexed: true, NestedPath: nested, Offsets: offsets}
			}
		default:
			return fmt.Errorf("field %q: type %q is not supported", path, p.Type)
		}
	}
	return nil
}
