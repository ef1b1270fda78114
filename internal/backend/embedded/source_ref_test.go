package embedded

// The tree-based source filtering and value extraction the streaming scan
// (source.go) replaced, kept as the reference the property tests compare
// it with: it parses the whole source with jsontext.

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// refFilterSource is filterSourceAt as it was.
func refFilterSource(src []byte, includes []string, path string) ([]byte, error) {
	if len(includes) == 0 {
		return src, nil
	}
	root, err := refParse(src)
	if err != nil {
		return nil, err
	}
	return refFilterNode(root, includes, path), nil
}

// refParse parses a stored _source once, for filtering and highlighting.
// The tree's scalars are slices of src, which must not change while the
// tree is used.
func refParse(src []byte) (*refNode, error) {
	// A decoder reads a bytes.Buffer in place; from any other reader it
	// copies the input, growing its buffer to hold the longest value (a
	// contract's whole body).
	dec := jsontext.NewDecoder(bytes.NewBuffer(src))
	root, err := refReadNode(dec, src)
	if err != nil {
		return nil, fmt.Errorf("_source: %w", err)
	}
	if root.kind != '{' {
		return nil, fmt.Errorf("_source: not an object")
	}
	return root, nil
}

// refFilterNode is filterSourceAt on a parsed source.
func refFilterNode(root *refNode, includes []string, path string) []byte {
	f := refFilter{includes: includes}
	out, _ := f.object(nil, root, path)
	if len(out) == 0 {
		out = []byte("{}")
	}
	return out
}

// values collects the values at a dotted path, through objects and
// arrays, in document order, as the text OpenSearch reads them as: strings
// unquoted, numbers and booleans as written; nulls are skipped.
func (n *refNode) refValues(path string) []string {
	var out []string
	var walk func(n *refNode, parts []string)
	walk = func(n *refNode, parts []string) {
		switch n.kind {
		case '[':
			for _, e := range n.elems {
				walk(e, parts)
			}
		case '{':
			if len(parts) == 0 {
				return
			}
			// A key may itself hold dots ({"a.b": …}), as OpenSearch
			// accepts; the longest is tried first.
			for k := len(parts); k >= 1; k-- {
				key := strings.Join(parts[:k], ".")
				for i, name := range n.keys {
					if name == key {
						walk(n.elems[i], parts[k:])
					}
				}
			}
		case '"':
			if len(parts) == 0 {
				// Unquoting valid JSON never lengthens it: one allocation.
				if s, err := jsontext.AppendUnquote(make([]byte, 0, len(n.raw)), n.raw); err == nil {
					out = append(out, string(s))
				}
			}
		case '0', 't', 'f':
			if len(parts) == 0 {
				out = append(out, string(n.raw))
			}
		}
	}
	walk(n, strings.Split(path, "."))
	return out
}

// refNode is a parsed JSON value: scalars keep their raw bytes.
type refNode struct {
	kind  jsontext.Kind
	raw   jsontext.Value // scalars, a slice of the parsed source
	keys  []string       // objects
	elems []*refNode     // object values, array elements
}

// refReadNode reads the next value of dec, which reads src.
func refReadNode(dec *jsontext.Decoder, src []byte) (*refNode, error) {
	switch dec.PeekKind() {
	case '{':
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		n := &refNode{kind: '{'}
		for dec.PeekKind() != '}' {
			tok, err := dec.ReadToken()
			if err != nil {
				return nil, err
			}
			// A token is valid only until the decoder's next call.
			n.keys = append(n.keys, tok.String())
			v, err := refReadNode(dec, src)
			if err != nil {
				return nil, err
			}
			n.elems = append(n.elems, v)
		}
		_, err := dec.ReadToken()
		return n, err
	case '[':
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		n := &refNode{kind: '['}
		for dec.PeekKind() != ']' {
			v, err := refReadNode(dec, src)
			if err != nil {
				return nil, err
			}
			n.elems = append(n.elems, v)
		}
		_, err := dec.ReadToken()
		return n, err
	}
	v, err := dec.ReadValue()
	if err != nil {
		return nil, err
	}
	// The value ends at the input offset: slicing src keeps it without
	// copying, and valid after the decoder moves on.
	end := dec.InputOffset()
	return &refNode{kind: v.Kind(), raw: jsontext.Value(src[end-int64(len(v)) : end : end])}, nil
}

type refFilter struct{ includes []string }

func (f refFilter) selected(path string) bool {
	for _, p := range f.includes {
		if wildcardMatch(p, path) {
			return true
		}
	}
	return false
}

// object appends the selected fields of n (the object at path) and
// reports whether any was selected; nothing is appended when none is.
func (f refFilter) object(dst []byte, n *refNode, path string) ([]byte, bool) {
	start := len(dst)
	dst = append(dst, '{')
	any := false
	for i, key := range n.keys {
		p := key
		if path != "" {
			p = path + "." + key
		}
		mark := len(dst)
		if any {
			dst = append(dst, ',')
		}
		dst, _ = jsontext.AppendQuote(dst, key)
		dst = append(dst, ':')
		var ok bool
		if f.selected(p) {
			dst, ok = refAppendNode(dst, n.elems[i]), true
		} else {
			dst, ok = f.value(dst, n.elems[i], p)
		}
		if !ok {
			dst = dst[:mark]
			continue
		}
		any = true
	}
	if !any {
		return dst[:start], false
	}
	return append(dst, '}'), true
}

// value appends the selected parts of a value that no pattern selects
// whole: objects and arrays may hold selected fields; scalars cannot.
func (f refFilter) value(dst []byte, n *refNode, path string) ([]byte, bool) {
	switch n.kind {
	case '{':
		return f.object(dst, n, path)
	case '[':
		start := len(dst)
		dst = append(dst, '[')
		any := false
		for _, e := range n.elems {
			mark := len(dst)
			if any {
				dst = append(dst, ',')
			}
			var ok bool
			if dst, ok = f.value(dst, e, path); !ok {
				dst = dst[:mark]
				continue
			}
			any = true
		}
		if !any {
			return dst[:start], false
		}
		return append(dst, ']'), true
	}
	return dst, false
}

func refAppendNode(dst []byte, n *refNode) []byte {
	switch n.kind {
	case '{':
		dst = append(dst, '{')
		for i, key := range n.keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst, _ = jsontext.AppendQuote(dst, key)
			dst = append(dst, ':')
			dst = refAppendNode(dst, n.elems[i])
		}
		return append(dst, '}')
	case '[':
		dst = append(dst, '[')
		for i, e := range n.elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = refAppendNode(dst, e)
		}
		return append(dst, ']')
	}
	return append(dst, n.raw...)
}
