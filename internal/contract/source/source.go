package source

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// Format is how a file's text was read.
type Format string

// The formats Read recognises.
const (
	Text  Format = "text"
	HTML  Format = "html"
	EDGAR Format = "edgar"
)

// Document is one contract's raw text and what is known about it before
// parsing.
type Document struct {
	// Text is the extracted text, not yet cleaned: package clean and the
	// parser take it from here.
	Text   string
	Meta   contract.Meta
	Format Format
}

// DefaultMaxBytes bounds a file: the largest EDGAR exhibits are a few MB;
// anything much larger is not one contract and would only stall a worker.
const DefaultMaxBytes = 32 << 20

// Options configure reading. The zero value reads with the defaults.
type Options struct {
	// MaxBytes refuses larger files; 0 means DefaultMaxBytes.
	MaxBytes int64
	// Exhibits lists the EDGAR exhibit types that are contracts, by prefix
	// ("EX-10" matches "EX-10.1"); nil means DefaultExhibits. Exhibits of
	// other types become contracts only when their description or opening
	// names an agreement.
	Exhibits []string
	// Manifest, when set, adds metadata to documents by file path.
	Manifest *Manifest
}

// DefaultExhibits are the EDGAR exhibit types that hold contracts:
// underwriting agreements (EX-1), plans of acquisition and merger (EX-2),
// instruments defining rights, indentures and credit agreements (EX-4) and
// material contracts (EX-10).
var DefaultExhibits = []string{"EX-1", "EX-2", "EX-4", "EX-10"}

func (o Options) maxBytes() int64 {
	if o.MaxBytes > 0 {
		return o.MaxBytes
	}
	return DefaultMaxBytes
}

// Reason is why a file was refused; errors.Is matches a *RefusedError
// against these.
type Reason error

// The reasons a file is refused.
var (
	ErrEmpty       Reason = errors.New("empty file")
	ErrBinary      Reason = errors.New("binary file")
	ErrInvalidUTF8 Reason = errors.New("invalid UTF-8")
	ErrTooLarge    Reason = errors.New("file too large")
	ErrNoContract  Reason = errors.New("no contract in the submission")
)

// RefusedError reports a file that was skipped and why.
type RefusedError struct {
	Path   string
	Reason Reason
	// Detail adds what was seen: "PDF signature", "NUL byte at 1024",
	// "52428800 bytes > 33554432".
	Detail string
}

// Error says which file was refused and why, for the ingest summary.
func (e *RefusedError) Error() string {
	if e.Detail == "" {
		return fmt.Sprintf("%s: %v", e.Path, e.Reason)
	}
	return fmt.Sprintf("%s: %v (%s)", e.Path, e.Reason, e.Detail)
}

// Unwrap lets errors.Is(err, source.ErrBinary) work.
func (e *RefusedError) Unwrap() error { return e.Reason }

func refuse(path string, r Reason, format string, args ...any) error {
	return &RefusedError{Path: path, Reason: r, Detail: fmt.Sprintf(format, args...)}
}

// ReadFile reads the file rel under root. Size is checked before the file
// is read, so a huge file costs nothing.
func ReadFile(root, rel string, opts Options) ([]Document, error) {
	path := filepath.Join(root, rel)
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("source: %w", err)
	}
	if fi.Size() > opts.maxBytes() {
		return nil, refuse(rel, ErrTooLarge, "%d bytes > %d", fi.Size(), opts.maxBytes())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("source: %w", err)
	}
	return Read(filepath.ToSlash(rel), data, opts)
}

// Read reads one file's content; name (a slash-separated path relative to
// the input root) chooses the format with the content's own signature and
// becomes Meta.Path.
func Read(name string, data []byte, opts Options) ([]Document, error) {
	if int64(len(data)) > opts.maxBytes() {
		return nil, refuse(name, ErrTooLarge, "%d bytes > %d", len(data), opts.maxBytes())
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, refuse(name, ErrEmpty, "")
	}
	if why := binarySignature(data); why != "" {
		return nil, refuse(name, ErrBinary, "%s", why)
	}
	var docs []Document
	var err error
	switch detectFormat(name, data) {
	case EDGAR:
		if !utf8.Valid(data) {
			data = latin1ToUTF8(data) // EDGAR predates UTF-8; its text is ASCII or Latin-1
		}
		docs, err = readEDGAR(name, data, opts)
	case HTML:
		var text string
		text, err = htmlText(name, data)
		docs = []Document{{Text: text, Format: HTML}}
	default:
		if !utf8.Valid(data) {
			return nil, refuse(name, ErrInvalidUTF8, "first bad byte at %d", invalidAt(data))
		}
		docs = []Document{{Text: string(data), Format: Text}}
	}
	if err != nil {
		return nil, err
	}
	for i := range docs {
		docs[i].Meta.Path = name
		if docs[i].Format != EDGAR {
			docs[i].Meta.DocIndex = i
		}
		if opts.Manifest != nil {
			opts.Manifest.apply(name, &docs[i].Meta)
		}
	}
	return docs, nil
}

// detectFormat chooses by signature first, then by extension.
func detectFormat(name string, data []byte) Format {
	head := data[:min(len(data), 2048)]
	if bytes.Contains(head, []byte("<SEC-DOCUMENT>")) || bytes.Contains(head, []byte("<SEC-HEADER>")) || bytes.Contains(head, []byte("<IMS-HEADER>")) {
		return EDGAR
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".htm", ".html", ".xhtml":
		return HTML
	}
	l := bytes.ToLower(head)
	if bytes.Contains(l, []byte("<html")) || bytes.Contains(l, []byte("<!doctype html")) {
		return HTML
	}
	return Text
}

// binarySignature returns why data is not text, or "": a known binary
// file signature, a NUL byte, or more than one control character in fifty
// among the first 8 KB.
func binarySignature(data []byte) string {
	for _, sig := range []struct {
		magic, name string
	}{
		{"%PDF", "PDF signature"}, {"PK\x03\x04", "ZIP signature"}, {"\x89PNG", "PNG signature"},
		{"GIF8", "GIF signature"}, {"\xff\xd8\xff", "JPEG signature"}, {"\xd0\xcf\x11\xe0", "OLE (Word/Excel) signature"},
		{"\x1f\x8b", "gzip signature"}, {"\x7fELF", "ELF signature"}, {"{\\rtf", "RTF document"},
	} {
		if bytes.HasPrefix(data, []byte(sig.magic)) {
			return sig.name
		}
	}
	head := data[:min(len(data), 8192)]
	if i := bytes.IndexByte(head, 0); i >= 0 {
		return fmt.Sprintf("NUL byte at %d", i)
	}
	ctrl := 0
	for _, c := range head {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\v' {
			ctrl++
		}
	}
	if ctrl*50 > len(head) {
		return fmt.Sprintf("%d control characters in the first %d bytes", ctrl, len(head))
	}
	return ""
}

func invalidAt(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

// latin1ToUTF8 reads bytes that are not UTF-8 as ISO 8859-1.
func latin1ToUTF8(data []byte) []byte {
	out := make([]byte, 0, len(data)+len(data)/16)
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			out = utf8.AppendRune(out, rune(data[i]))
			i++
			continue
		}
		out = append(out, data[i:i+n]...)
		i += n
	}
	return out
}

// Extensions are the file name endings Walk collects.
var Extensions = []string{".txt", ".htm", ".html", ".xhtml"}

// Walk lists, sorted and relative to root, the files under root that may
// hold contracts (by extension).
func Walk(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		ext := strings.ToLower(filepath.Ext(path))
		for _, e := range Extensions {
			if ext == e {
				rel, err := filepath.Rel(root, path)
				if err != nil {
					return err
				}
				out = append(out, filepath.ToSlash(rel))
				break
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("source: walk %s: %w", root, err)
	}
	return out, nil
}
