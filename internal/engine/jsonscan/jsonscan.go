// Package jsonscan finds the parts of a JSON text without decoding it: where
// a value ends, the members of an object, the elements of an array. It
// serves the fetch path, which copies a few members out of large stored
// sources: a string is skipped by searching for its closing quote, never
// unescaped, so the cost of skipping a contract's body is a memory scan.
//
// It checks structure (brackets, quotes, separators) and reports malformed
// input as an error, never a panic, but it does not validate everything a
// full decoder does (UTF-8, escape sequences, number grammar, duplicate
// names): stored sources were validated when they were indexed.
package jsonscan

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// ErrSyntax reports input that is not well-formed JSON.
var ErrSyntax = errors.New("malformed JSON")

func syntaxErr(at int, what string) error {
	return fmt.Errorf("%w: %s at offset %d", ErrSyntax, what, at)
}

// SkipSpace returns the offset of the first byte at or after i that is not
// JSON whitespace.
func SkipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// ValueEnd returns the offset just past the value that starts at b[i] (no
// whitespace before it).
func ValueEnd(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, syntaxErr(i, "value expected")
	}
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		return containerEnd(b, i)
	}
	return scalarEnd(b, i)
}

// stringEnd returns the offset just past the string starting at b[i] ('"').
func stringEnd(b []byte, i int) (int, error) {
	j := i + 1
	for {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return 0, syntaxErr(i, "unterminated string")
		}
		j += k
		// The quote closes the string unless an odd run of backslashes
		// escapes it.
		n := 0
		for p := j - 1; p > i && b[p] == '\\'; p-- {
			n++
		}
		j++
		if n%2 == 0 {
			return j, nil
		}
	}
}

// scalarEnd returns the offset just past a number or literal at b[i].
func scalarEnd(b []byte, i int) (int, error) {
	j := i
	for j < len(b) && isScalarByte(b[j]) {
		j++
	}
	if j == i {
		return 0, syntaxErr(i, fmt.Sprintf("unexpected %q", b[i]))
	}
	switch s := b[i:j]; {
	case s[0] == '-' || s[0] >= '0' && s[0] <= '9':
	case string(s) == "true", string(s) == "false", string(s) == "null":
	default:
		return 0, syntaxErr(i, fmt.Sprintf("invalid literal %q", s))
	}
	return j, nil
}

func isScalarByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'E'
}

// containerEnd returns the offset just past the object or array starting
// at b[i], checking that brackets nest and that values are separated.
func containerEnd(b []byte, i int) (int, error) {
	// The stack of open brackets lives in a small array first: stored
	// sources nest a few levels deep.
	var small [32]byte
	stack := small[:0]
	j := i
	for {
		// At a value position (after '{' key ':' / '[' / ',').
		c := b[j]
		switch c {
		case '{', '[':
			j = SkipSpace(b, j+1)
			if j >= len(b) {
				return 0, syntaxErr(j, "unterminated "+string(c))
			}
			if b[j] == closer(c) {
				j++
				goto closed
			}
			stack = append(stack, c)
			if c == '{' {
				var err error
				if j, err = memberKey(b, j); err != nil {
					return 0, err
				}
			}
			continue
		default:
			var err error
			if j, err = ValueEnd(b, j); err != nil {
				return 0, err
			}
		}
	closed:
		// After a value: a separator or the container's end.
		for {
			if len(stack) == 0 {
				return j, nil
			}
			j = SkipSpace(b, j)
			if j >= len(b) {
				return 0, syntaxErr(j, "unterminated "+string(stack[len(stack)-1]))
			}
			top := stack[len(stack)-1]
			if b[j] == closer(top) {
				stack = stack[:len(stack)-1]
				j++
				continue
			}
			if b[j] != ',' {
				return 0, syntaxErr(j, fmt.Sprintf("unexpected %q", b[j]))
			}
			j = SkipSpace(b, j+1)
			if top == '{' {
				var err error
				if j, err = memberKey(b, j); err != nil {
					return 0, err
				}
			}
			if j >= len(b) {
				return 0, syntaxErr(j, "value expected")
			}
			break
		}
	}
}

func closer(open byte) byte {
	if open == '{' {
		return '}'
	}
	return ']'
}

// memberKey reads `"key" :` at b[j] and returns the offset of the value
// that follows.
func memberKey(b []byte, j int) (int, error) {
	if j >= len(b) || b[j] != '"' {
		return 0, syntaxErr(j, "object key expected")
	}
	end, err := stringEnd(b, j)
	if err != nil {
		return 0, err
	}
	k := SkipSpace(b, end)
	if k >= len(b) || b[k] != ':' {
		return 0, syntaxErr(k, "':' expected")
	}
	k = SkipSpace(b, k+1)
	if k >= len(b) {
		return 0, syntaxErr(k, "value expected")
	}
	return k, nil
}

// Object calls fn with each member of the object obj (a whole value,
// whitespace allowed around it), in order: key is the raw key between its
// quotes (escapes kept, see Key), value the raw value. fn returns false to
// stop. Only the members visited are checked, and their values only as far
// as finding where they end.
func Object(obj []byte, fn func(key, value []byte) bool) error {
	return ObjectSpans(obj, func(key, value Span) bool {
		return fn(obj[key.Start+1:key.End-1], obj[value.Start:value.End])
	})
}

// Span is where a token lies in the scanned text: [Start, End).
type Span struct{ Start, End int }

// ObjectSpans is Object giving offsets in obj: key spans the key with its
// quotes, value the value.
func ObjectSpans(obj []byte, fn func(key, value Span) bool) error {
	i := SkipSpace(obj, 0)
	if i >= len(obj) || obj[i] != '{' {
		return syntaxErr(i, "object expected")
	}
	i = SkipSpace(obj, i+1)
	if i < len(obj) && obj[i] == '}' {
		return trailing(obj, i+1)
	}
	for {
		v, err := memberKey(obj, i)
		if err != nil {
			return err
		}
		keyEnd, _ := stringEnd(obj, i) // memberKey checked it
		end, err := ValueEnd(obj, v)
		if err != nil {
			return err
		}
		if !fn(Span{i, keyEnd}, Span{v, end}) {
			return nil
		}
		i = SkipSpace(obj, end)
		if i >= len(obj) {
			return syntaxErr(i, "unterminated {")
		}
		switch obj[i] {
		case '}':
			return trailing(obj, i+1)
		case ',':
			i = SkipSpace(obj, i+1)
		default:
			return syntaxErr(i, fmt.Sprintf("unexpected %q", obj[i]))
		}
	}
}

// Array calls fn with each element of the array arr (a whole value), in
// order; fn returns false to stop.
func Array(arr []byte, fn func(elem []byte) bool) error {
	i := SkipSpace(arr, 0)
	if i >= len(arr) || arr[i] != '[' {
		return syntaxErr(i, "array expected")
	}
	i = SkipSpace(arr, i+1)
	if i < len(arr) && arr[i] == ']' {
		return trailing(arr, i+1)
	}
	for {
		end, err := ValueEnd(arr, i)
		if err != nil {
			return err
		}
		if !fn(arr[i:end]) {
			return nil
		}
		i = SkipSpace(arr, end)
		if i >= len(arr) {
			return syntaxErr(i, "unterminated [")
		}
		switch arr[i] {
		case ']':
			return trailing(arr, i+1)
		case ',':
			i = SkipSpace(arr, i+1)
		default:
			return syntaxErr(i, fmt.Sprintf("unexpected %q", arr[i]))
		}
	}
}

// trailing checks that only whitespace follows offset i.
func trailing(b []byte, i int) error {
	if j := SkipSpace(b, i); j != len(b) {
		return syntaxErr(j, "data after the value")
	}
	return nil
}

// Key returns a raw key (as Object gives it) unescaped.
func Key(raw []byte) (string, error) {
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw), nil
	}
	q := make([]byte, 0, len(raw)+2)
	q = append(append(append(q, '"'), raw...), '"')
	s, err := jsontext.AppendUnquote(nil, q)
	if err != nil {
		return "", fmt.Errorf("%w: key %s: %v", ErrSyntax, q, err)
	}
	return string(s), nil
}

// Unquote returns the text of a JSON string value (quotes included, as
// Object, Array and ValueEnd give it), as jsontext.AppendUnquote reads it.
// A string whose escapes are all one-character ones (\n, \", …) and that
// holds no control character or invalid UTF-8 — a stored contract's body,
// tens of kilobytes — is unquoted straight into the string returned: one
// copy, not the decoder's buffer and then a string of it.
func Unquote(v []byte) (string, error) {
	if s, ok := unquoteSimple(v); ok {
		return s, nil
	}
	s, err := jsontext.AppendUnquote(make([]byte, 0, len(v)), v)
	if err != nil {
		return "", fmt.Errorf("%w: string: %v", ErrSyntax, err)
	}
	return string(s), nil
}

// unquoteSimple is Unquote for the strings it describes; false for
// others (a \u escape, a control character, invalid UTF-8, not a string),
// which the decoder reads.
func unquoteSimple(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false
	}
	inner := v[1 : len(v)-1]
	var sb strings.Builder
	sb.Grow(len(inner))
	var high byte
	start := 0
	var high8 uint64
	for i := 0; i < len(inner); i++ {
		// Eight bytes a step while none is a quote, a backslash or a
		// control character: a contract's body is a few hundred bytes
		// between two \n escapes.
		for i+8 <= len(inner) {
			w := uint64(inner[i]) | uint64(inner[i+1])<<8 | uint64(inner[i+2])<<16 | uint64(inner[i+3])<<24 |
				uint64(inner[i+4])<<32 | uint64(inner[i+5])<<40 | uint64(inner[i+6])<<48 | uint64(inner[i+7])<<56
			if hasLess(w, ' ')|hasZero(w^(lsb*'"'))|hasZero(w^(lsb*'\\')) != 0 {
				break
			}
			high8 |= w
			i += 8
		}
		if i == len(inner) {
			break
		}
		c := inner[i]
		high |= c
		if c >= ' ' && c != '\\' && c != '"' {
			continue
		}
		if c != '\\' || i+1 == len(inner) {
			return "", false
		}
		var r byte
		switch inner[i+1] {
		case '"', '\\', '/':
			r = inner[i+1]
		case 'b':
			r = '\b'
		case 'f':
			r = '\f'
		case 'n':
			r = '\n'
		case 'r':
			r = '\r'
		case 't':
			r = '\t'
		default:
			return "", false
		}
		sb.Write(inner[start:i])
		sb.WriteByte(r)
		i++
		start = i + 1
	}
	// Escapes are ASCII: the text is valid UTF-8 when the whole is.
	if (high >= utf8.RuneSelf || high8&(lsb*0x80) != 0) && !utf8.Valid(inner) {
		return "", false
	}
	sb.Write(inner[start:])
	return sb.String(), true
}

// lsb has the lowest bit of each byte of a word set: lsb*b repeats the
// byte b eight times.
const lsb = 0x0101010101010101

// hasZero is not zero when a byte of w is zero (and never otherwise).
func hasZero(w uint64) uint64 { return (w - lsb) &^ w & (lsb * 0x80) }

// hasLess is not zero when a byte of w is less than n ≤ 128 (and never
// otherwise).
func hasLess(w uint64, n byte) uint64 { return (w - lsb*uint64(n)) &^ w & (lsb * 0x80) }

// AppendKey appends a raw key quoted as jsontext.AppendQuote writes its
// unescaped form: unchanged when it holds no escape, since a valid JSON
// string without escapes holds nothing AppendQuote escapes.
func AppendKey(dst, raw []byte) ([]byte, error) {
	if bytes.IndexByte(raw, '\\') < 0 {
		dst = append(dst, '"')
		dst = append(dst, raw...)
		return append(dst, '"'), nil
	}
	k, err := Key(raw)
	if err != nil {
		return dst, err
	}
	return jsontext.AppendQuote(dst, k)
}

// AppendCompact appends the value v without the whitespace between its
// tokens, its keys quoted as AppendKey does and its scalars as written.
func AppendCompact(dst, v []byte) ([]byte, error) {
	v = bytes.TrimLeft(v, " \t\n\r")
	if len(v) == 0 {
		return dst, syntaxErr(0, "value expected")
	}
	var err error
	switch v[0] {
	case '{':
		dst = append(dst, '{')
		first := true
		werr := Object(v, func(key, value []byte) bool {
			if !first {
				dst = append(dst, ',')
			}
			first = false
			if dst, err = AppendKey(dst, key); err != nil {
				return false
			}
			dst = append(dst, ':')
			dst, err = AppendCompact(dst, value)
			return err == nil
		})
		if werr != nil {
			return dst, werr
		}
		return append(dst, '}'), err
	case '[':
		dst = append(dst, '[')
		first := true
		werr := Array(v, func(elem []byte) bool {
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst, err = AppendCompact(dst, elem)
			return err == nil
		})
		if werr != nil {
			return dst, werr
		}
		return append(dst, ']'), err
	}
	end, err := ValueEnd(v, 0)
	if err != nil {
		return dst, err
	}
	if err := trailing(v, end); err != nil {
		return dst, err
	}
	return append(dst, v[:end]...), nil
}
