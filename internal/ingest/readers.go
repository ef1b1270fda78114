package ingest

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// Document is one contract a file holds: its raw text (before cleaning)
// and what the file itself says about it.
type Document struct {
	// Text is the contract's text as extracted: plain text, or the text an
	// HTML page shows, with one line per block.
	Text string
	// Meta holds what the file says: the EDGAR header's filer, form,
	// accession, SIC and dates, the exhibit type, the HTML title as a
	// fallback title. Path and DocIndex are set by the pipeline.
	Meta contract.Meta
	// Sequence is the EDGAR <SEQUENCE> of the document in its submission,
	// 0 for a file that is one document; a manifest row can name it.
	Sequence int
}

// Reader reads the contracts one file holds. Read gets the path relative
// to the input root (slash-separated) and the file's bytes, at most
// Options.MaxFileBytes of them. It returns the documents in file order,
// or an error whose text says why the file was refused: not text (empty,
// binary, not valid UTF-8 — see CheckText), or holding no contract (an
// EDGAR submission without exhibits).
type Reader interface {
	Read(path string, data []byte) ([]Document, error)
}

// ReaderFunc adapts a function to Reader.
type ReaderFunc func(path string, data []byte) ([]Document, error)

// Read calls f.
func (f ReaderFunc) Read(path string, data []byte) ([]Document, error) { return f(path, data) }

// Readers maps a lower-case file extension, dot included (".txt"), to the
// reader of such files. Files whose extension has no reader are not part
// of the corpus.
type Readers map[string]Reader

// DefaultReaders returns the readers of the formats ingest knows: plain
// text (.txt, which also recognises EDGAR full-submission files) and HTML
// (.htm, .html).
func DefaultReaders() Readers { return defaultReaders() }

// defaultReaders makes DefaultReaders: the pipeline's own small readers
// below, until package contract/source (issue 4, item 1) is merged, whose
// readers then replace them here and nowhere else (readers_source.go).
var defaultReaders = ownReaders

func ownReaders() Readers {
	return Readers{
		".txt":  ReaderFunc(readText),
		".htm":  ReaderFunc(readHTML),
		".html": ReaderFunc(readHTML),
	}
}

// For returns the reader of a file name, or nil.
func (r Readers) For(name string) Reader {
	return r[strings.ToLower(path.Ext(name))]
}

// RefusedError says why a file is not ingested: it is reported with the
// file's path and skipped.
type RefusedError struct {
	Reason string
}

func (e *RefusedError) Error() string { return e.Reason }

func refused(format string, args ...any) error {
	return &RefusedError{Reason: fmt.Sprintf(format, args...)}
}

// IsRefused reports whether err is a refusal (as opposed to an I/O error).
func IsRefused(err error) bool {
	var r *RefusedError
	return errors.As(err, &r)
}

// sniffLen is how much of a file the binary check looks at, as git does.
const sniffLen = 8000

// CheckText refuses data that is not a text file: empty or blank, binary
// (a NUL byte, or more than one control character in ten, in its first
// 8,000 bytes), or not valid UTF-8 (with the offset of the first bad
// byte). A UTF-8 byte order mark is allowed.
func CheckText(data []byte) error {
	if len(bytes.TrimSpace(data)) == 0 {
		if len(data) == 0 {
			return refused("empty file")
		}
		return refused("blank file (%d bytes of white space)", len(data))
	}
	head := data[:min(len(data), sniffLen)]
	if i := bytes.IndexByte(head, 0); i >= 0 {
		return refused("binary file (NUL byte at offset %d)", i)
	}
	ctrl := 0
	for _, c := range head {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' || c == 0x7f {
			ctrl++
		}
	}
	if ctrl*10 > len(head) {
		return refused("binary file (%d control characters in its first %d bytes)", ctrl, len(head))
	}
	if !utf8.Valid(data) {
		return refused("not valid UTF-8 (first bad byte at offset %d)", firstInvalid(data))
	}
	return nil
}

// firstInvalid returns the offset of the first byte that does not start a
// valid UTF-8 sequence.
func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

// readText reads a plain-text contract, or an EDGAR full submission when
// the file is one.
func readText(p string, data []byte) ([]Document, error) {
	if err := CheckText(data); err != nil {
		return nil, err
	}
	if isSubmission(data) {
		return readSubmission(p, data)
	}
	s := string(bytes.TrimPrefix(data, utf8BOM))
	return []Document{{Text: s}}, nil
}

var utf8BOM = []byte("\uFEFF")
