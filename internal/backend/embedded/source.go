package embedded

import (
	"fmt"
	"strings"

	"github.com/contractsearch/contractsearch/internal/engine/jsonscan"
	"github.com/contractsearch/contractsearch/mappings"
)

// filterSource returns the parts of a stored _source that the include
// patterns select, as OpenSearch's source filtering does: a field is kept
// whole when a pattern matches its dotted path (`*` matches any run of
// characters, dots included); an object is kept with the fields selected
// inside it when any are; an array keeps the selected parts of its
// objects; objects and arrays left empty are dropped. Key order is the
// stored order. With no patterns the source is returned unchanged.
func filterSource(src []byte, includes []string) ([]byte, error) {
	return filterSourceAt(src, includes, "")
}

// filterSourceAt filters src as the object found at path (e.g. a nested
// section under "sections"): patterns name full paths, as OpenSearch
// filters an inner hit's source wrapped back into its record's shape
// (FetchSourcePhase) and then unwraps it.
func filterSourceAt(src []byte, includes []string, path string) ([]byte, error) {
	if len(includes) == 0 {
		return src, nil
	}
	doc, err := scanSource(src)
	if err != nil {
		return nil, err
	}
	return doc.filter(includes, path)
}

// storedSource is a stored _source split into its top-level members, once
// per hit, for filtering and highlighting. Member values are not decoded:
// a member no include pattern or highlighted field reaches, such as a
// contract's body under a short include list, costs only finding its end.
type storedSource struct {
	members []member
}

// member is one top-level member: its unescaped key, its raw key (between
// the quotes, as stored) and its raw value, slices of the source.
type member struct {
	key           string
	rawKey, value []byte
}

// scanSource splits a stored source, which must be a JSON object, into
// its members.
func scanSource(src []byte) (*storedSource, error) {
	return new(sourceScanner).scan(src)
}

// sourceScanner splits the stored sources of one response's hits into
// their members, one after the other: the member slice is reused from hit
// to hit (a scanned source is read only until the next scan), and member
// names the mappings know are not allocated again for every hit.
type sourceScanner struct {
	keys keyNames
	doc  storedSource
}

// scan splits src, which must be a JSON object, into its members; the
// result is valid until the next scan.
func (s *sourceScanner) scan(src []byte) (*storedSource, error) {
	// A record has at most a few dozen top-level members (19 mapped for a
	// contract), fewer once the store leaves unread ones out: room for 16
	// spares growing the slice member by member.
	if s.doc.members == nil {
		s.doc.members = make([]member, 0, 16)
	}
	doc := &s.doc
	doc.members = doc.members[:0]
	var kerr error
	err := jsonscan.Object(src, func(rawKey, value []byte) bool {
		var key string
		key, kerr = s.keys.key(rawKey)
		doc.members = append(doc.members, member{key: key, rawKey: rawKey, value: value})
		return kerr == nil
	})
	if err == nil {
		err = kerr
	}
	if err != nil {
		return nil, fmt.Errorf("_source: %w", err)
	}
	return doc, nil
}

// keyNames holds every name of an object member the mappings define (each
// dotted path's parts), so that a stored source's member names are found
// without allocating a string per member and hit; it is built once and
// only read after.
type keyNames map[string]string

func newKeyNames(set *mappings.Set) keyNames {
	k := keyNames{}
	add := func(path string) {
		for part := range strings.SplitSeq(path, ".") {
			k[part] = part
		}
	}
	for _, name := range mappings.Names() {
		idx := set.Index(name)
		if idx == nil {
			continue
		}
		for path := range idx.Fields {
			add(path)
		}
		for _, path := range idx.NestedPaths {
			add(path)
		}
		for _, path := range idx.StoredOnly {
			add(path)
		}
	}
	return k
}

// key is jsonscan.Key of a raw member name: a known name (which has no
// escape) is the one string k holds for it.
func (k keyNames) key(raw []byte) (string, error) {
	if s, ok := k[string(raw)]; ok {
		return s, nil
	}
	return jsonscan.Key(raw)
}

// filter is filterSourceAt on a scanned source.
func (doc *storedSource) filter(includes []string, path string) ([]byte, error) {
	f := sourceFilter{includes: includes}
	// The members the patterns reach, as stored, bound the output (it is
	// compacted, never lengthened, but for an escaped key's rare
	// re-quoting): one allocation, not one per doubling.
	size := 2
	for _, m := range doc.members {
		if p := memberPath(path, m.key); f.selected(p) || f.below(p) {
			size += len(m.rawKey) + len(m.value) + 4
		}
	}
	out := make([]byte, 0, size)
	any := false
	for _, m := range doc.members {
		var ok bool
		var err error
		if out, ok, err = f.member(out, any, m.key, m.rawKey, m.value, path); err != nil {
			return nil, fmt.Errorf("_source: %w", err)
		}
		any = any || ok
	}
	if !any {
		return []byte("{}"), nil
	}
	return append(out, '}'), nil
}

type sourceFilter struct{ includes []string }

func (f sourceFilter) selected(path string) bool {
	for _, p := range f.includes {
		if wildcardMatch(p, path) {
			return true
		}
	}
	return false
}

// below reports whether a pattern may select a field under path, that is
// match path + "." + something: then an object or array at path must be
// looked into, otherwise it is skipped unread.
func (f sourceFilter) below(path string) bool {
	if path == "" {
		// Under a member named "" the paths are the bare keys, as
		// member builds them.
		return true
	}
	for _, p := range f.includes {
		if mayMatchUnder(p, path) {
			return true
		}
	}
	return false
}

// mayMatchUnder reports whether pattern matches some path + "." + s.
// Without a star the pattern must extend that prefix; with one, its part
// before the first star must agree with the prefix, since the star then
// absorbs whatever is left of it. It runs for every member of every hit
// under an include list, so the prefix is compared in place, not built.
func mayMatchUnder(pattern, path string) bool {
	lit, _, star := strings.Cut(pattern, "*")
	if !star {
		return extendsPath(pattern, path)
	}
	// lit is a prefix of path + ".", or path + "." a prefix of lit.
	return len(lit) <= len(path) && strings.HasPrefix(path, lit) || extendsPath(lit, path)
}

// extendsPath reports whether s starts with path + ".".
func extendsPath(s, path string) bool {
	return len(s) > len(path) && s[len(path)] == '.' && s[:len(path)] == path
}

// memberPath is the dotted path of the member key of the object at path.
func memberPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// member appends the member key: value of the object at path when it is
// selected or holds selected fields, after a comma when comma is true; it
// reports whether it appended anything.
func (f sourceFilter) member(dst []byte, comma bool, key string, rawKey, value []byte, path string) ([]byte, bool, error) {
	p := memberPath(path, key)
	sel := f.selected(p)
	if !sel && !f.below(p) {
		return dst, false, nil
	}
	mark := len(dst)
	if comma {
		dst = append(dst, ',')
	} else {
		dst = append(dst, '{')
	}
	dst, err := jsonscan.AppendKey(dst, rawKey)
	if err != nil {
		return dst[:mark], false, err
	}
	dst = append(dst, ':')
	ok := true
	if sel {
		dst, err = jsonscan.AppendCompact(dst, value)
	} else {
		dst, ok, err = f.value(dst, value, p)
	}
	if err != nil || !ok {
		return dst[:mark], false, err
	}
	return dst, true, nil
}

// object appends the selected fields of the object raw (at path) and
// reports whether any was selected; nothing is appended when none is.
func (f sourceFilter) object(dst []byte, raw []byte, path string) ([]byte, bool, error) {
	start := len(dst)
	any := false
	var err error
	werr := jsonscan.Object(raw, func(rawKey, value []byte) bool {
		var key string
		if key, err = jsonscan.Key(rawKey); err != nil {
			return false
		}
		var ok bool
		dst, ok, err = f.member(dst, any, key, rawKey, value, path)
		any = any || ok
		return err == nil
	})
	if werr != nil {
		err = werr
	}
	if err != nil || !any {
		return dst[:start], false, err
	}
	return append(dst, '}'), true, nil
}

// value appends the selected parts of a value that no pattern selects
// whole: objects and arrays may hold selected fields; scalars cannot.
func (f sourceFilter) value(dst []byte, raw []byte, path string) ([]byte, bool, error) {
	switch raw[0] {
	case '{':
		return f.object(dst, raw, path)
	case '[':
		start := len(dst)
		dst = append(dst, '[')
		any := false
		var err error
		werr := jsonscan.Array(raw, func(e []byte) bool {
			mark := len(dst)
			if any {
				dst = append(dst, ',')
			}
			var ok bool
			if dst, ok, err = f.value(dst, e, path); err != nil {
				return false
			}
			if !ok {
				dst = dst[:mark]
				return true
			}
			any = true
			return true
		})
		if werr != nil {
			err = werr
		}
		if err != nil || !any {
			return dst[:start], false, err
		}
		return append(dst, ']'), true, nil
	}
	return dst, false, nil
}

// values collects the values at a dotted path, through objects and
// arrays, in document order, as the text OpenSearch reads them as: strings
// unquoted, numbers and booleans as written; nulls are skipped. A key may
// itself hold dots ({"a.b": …}), as OpenSearch accepts: at each object the
// longest key is tried first.
func (doc *storedSource) values(path string) ([]string, error) {
	parts := strings.Split(path, ".")
	var out []string
	for k := len(parts); k >= 1; k-- {
		key := strings.Join(parts[:k], ".")
		for _, m := range doc.members {
			if m.key == key {
				var err error
				if out, err = appendValues(out, m.value, parts[k:]); err != nil {
					return nil, fmt.Errorf("_source: %w", err)
				}
			}
		}
	}
	return out, nil
}

// appendValues appends the values at parts under the raw value v.
func appendValues(out []string, v []byte, parts []string) ([]string, error) {
	var err error
	switch v[0] {
	case '[':
		werr := jsonscan.Array(v, func(e []byte) bool {
			out, err = appendValues(out, e, parts)
			return err == nil
		})
		if werr != nil {
			return out, werr
		}
		return out, err
	case '{':
		if len(parts) == 0 {
			return out, nil
		}
		// Matching members by the length of their key, longest first.
		keys := make([]string, len(parts)+1)
		for k := 1; k <= len(parts); k++ {
			keys[k] = strings.Join(parts[:k], ".")
		}
		found := make([][][]byte, len(parts)+1)
		werr := jsonscan.Object(v, func(rawKey, value []byte) bool {
			var key string
			if key, err = jsonscan.Key(rawKey); err != nil {
				return false
			}
			for k := len(parts); k >= 1; k-- {
				if key == keys[k] {
					found[k] = append(found[k], value)
				}
			}
			return true
		})
		if werr != nil {
			err = werr
		}
		for k := len(parts); k >= 1 && err == nil; k-- {
			for _, fv := range found[k] {
				if out, err = appendValues(out, fv, parts[k:]); err != nil {
					break
				}
			}
		}
		return out, err
	case '"':
		if len(parts) == 0 {
			// A string that does not unquote (a damaged source) is skipped.
			if s, err := jsonscan.Unquote(v); err == nil {
				out = append(out, s)
			}
		}
	case 'n':
	default: // numbers and booleans
		if len(parts) == 0 {
			out = append(out, string(v))
		}
	}
	return out, nil
}

// wildcardMatch reports whether s matches pattern, where `*` matches any
// run of characters (OpenSearch's Regex.simpleMatch). It backtracks only
// to the last star, so it runs in O(len(pattern)·len(s)) at worst.
func wildcardMatch(pattern, s string) bool {
	p, i := 0, 0
	star, mark := -1, 0
	for i < len(s) {
		switch {
		case p < len(pattern) && pattern[p] == '*':
			star, mark = p, i
			p++
		case p < len(pattern) && pattern[p] == s[i]:
			p++
			i++
		case star >= 0:
			mark++
			p, i = star+1, mark
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}
