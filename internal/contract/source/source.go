package source

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
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
	PDF   Format = "pdf"
)

// Document is one contract's raw text and what is known about it before
// parsing.
type Document struct {
	// Text is the extracted text, not yet cleaned: package clean and the
	// parser take it from here.
	Text string
	// Meta is what the file says (an EDGAR header, an exhibit's type and
	// description, an HTML <title> as the title of last resort), with the
	// manifest's row written over it; Path and DocIndex locate the
	// document.
	Meta   contract.Meta
	Format Format
	// Encoding is how the file's bytes were read as text (EncUTF8,
	// EncAssumed, "iso-8859-2 (declared)" …): the same for every document
	// of a file.
	Encoding string
	// Sequence is the EDGAR <SEQUENCE> of the document in its submission,
	// 0 for a file that is one document; a manifest row can name it.
	Sequence int
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
	// Manifest, when set, adds metadata to each document (Manifest.Lookup
	// by path, EDGAR sequence and exhibit type); its values win.
	Manifest *Manifest
	// PDF configures the PDF text extractor.
	PDF PDFOptions
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
	ErrEmpty      Reason = errors.New("empty file")
	ErrBinary     Reason = errors.New("binary file")
	ErrEncoding   Reason = errors.New("unknown text encoding")
	ErrTooLarge   Reason = errors.New("file too large")
	ErrNoContract Reason = errors.New("no contract in the submission")
)

// RefusedError reports a file that was skipped and why.
type RefusedError struct {
	Path   string
	Reason Reason
	// Detail adds what was seen: "PDF signature", "NUL byte at offset
	// 1024", "50.0 MiB, over the limit of 32.0 MiB".
	Detail string
}

// Error says which file was refused and why.
func (e *RefusedError) Error() string { return e.Path + ": " + e.Cause() }

// Cause is the refusal without the path, for a report that lists paths
// apart: "binary file (NUL byte at offset 6)".
func (e *RefusedError) Cause() string {
	if e.Detail == "" {
		return e.Reason.Error()
	}
	return fmt.Sprintf("%v (%s)", e.Reason, e.Detail)
}

// Unwrap lets errors.Is(err, source.ErrBinary) work.
func (e *RefusedError) Unwrap() error { return e.Reason }

func refuse(path string, r Reason, format string, args ...any) error {
	return &RefusedError{Path: path, Reason: r, Detail: fmt.Sprintf(format, args...)}
}

// ReadFile is ReadFileContext without a deadline of the caller's.
func ReadFile(path, name string, opts Options) ([]Document, error) {
	return ReadFileContext(context.Background(), path, name, opts)
}

// ReadFileContext reads the file at path, which ReadContext knows by name
// (the path relative to the input root, File.Rel). Size is checked before
// the file is read, so a huge file costs nothing, and again while reading,
// so a file that grew since it was listed is refused all the same. An I/O
// error is returned as the *fs.PathError it is; ctx bounds the one step
// that can take long, a PDF's extraction.
func ReadFileContext(ctx context.Context, path, name string, opts Options) ([]Document, error) {
	name = filepath.ToSlash(name)
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if fi.Size() > opts.maxBytes() {
		return nil, tooLarge(name, fi.Size(), opts.maxBytes())
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, opts.maxBytes()+1))
	if err != nil {
		return nil, err
	}
	return ReadContext(ctx, name, data, opts)
}

func tooLarge(name string, size, limit int64) error {
	return refuse(name, ErrTooLarge, "%s, over the limit of %s", sizeText(size), sizeText(limit))
}

// sizeText writes a byte count as people read it: "2.7 KiB", "50.0 MiB".
func sizeText(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// utf8BOM is the byte order mark some editors put before UTF-8 text; it
// is dropped.
var utf8BOM = []byte("\uFEFF")

// Read is ReadContext without a deadline of the caller's.
func Read(name string, data []byte, opts Options) ([]Document, error) {
	return ReadContext(context.Background(), name, data, opts)
}

// ReadContext reads one file's content; name (a slash-separated path
// relative to the input root) chooses the format with the content's own
// signature and becomes Meta.Path. A PDF's text is extracted (pdfText,
// bounded by ctx and opts.PDF); UTF-16 is read as such (readUTF16), a
// UTF-8 byte order mark is dropped, and anything else is read by
// decodeText's rule (UTF-8, a declared charset, Windows-1252). An error
// is a *RefusedError, or ctx's error when ctx ends during a PDF's
// extraction.
func ReadContext(ctx context.Context, name string, data []byte, opts Options) ([]Document, error) {
	if int64(len(data)) > opts.maxBytes() {
		return nil, tooLarge(name, int64(len(data)), opts.maxBytes())
	}
	if isPDF(name, data) {
		text, err := pdfText(ctx, name, data, opts)
		if err != nil {
			return nil, err
		}
		return finish(name, []Document{{Text: text, Format: PDF}}, EncPDF, opts), nil
	}
	if why := fileSignature(data); why != "" {
		return nil, refuse(name, ErrBinary, "%s", why)
	}
	data, enc := readUTF16(data)
	data = bytes.TrimPrefix(data, utf8BOM)
	if len(bytes.TrimSpace(data)) == 0 {
		if len(data) == 0 {
			return nil, refuse(name, ErrEmpty, "")
		}
		return nil, refuse(name, ErrEmpty, "%d bytes of white space", len(data))
	}
	if why := controlBytes(data); why != "" {
		return nil, refuse(name, ErrBinary, "%s", why)
	}
	format := detectFormat(name, data)
	if enc == "" {
		var why string
		if data, enc, why = decodeText(data, format == HTML); why != "" {
			return nil, refuse(name, ErrEncoding, "%s", why)
		}
	}
	var docs []Document
	var err error
	switch format {
	case EDGAR:
		docs, err = readEDGAR(name, data, opts)
	case HTML:
		var text, title string
		text, title, err = htmlText(name, data)
		if err == nil && strings.TrimSpace(text) == "" {
			err = refuse(name, ErrEmpty, "HTML without text")
		}
		docs = []Document{{Text: text, Format: HTML}}
		if usableTitle(title) {
			docs[0].Meta.Description = title
		}
	default:
		docs = []Document{{Text: string(data), Format: Text}}
	}
	if err != nil {
		return nil, err
	}
	return finish(name, docs, enc, opts), nil
}

// finish locates a file's documents (Meta.Path, DocIndex), says how it
// was read and applies the manifest.
func finish(name string, docs []Document, enc string, opts Options) []Document {
	for i := range docs {
		d := &docs[i]
		d.Meta.Path, d.Meta.DocIndex = name, i
		d.Encoding = enc
		if opts.Manifest != nil {
			if row, ok := opts.Manifest.Lookup(name, d.Sequence, d.Meta.ExhibitID); ok {
				d.Meta = mergeMeta(d.Meta, row)
			}
		}
		canonicalCodes(&d.Meta)
	}
	return docs
}

// canonicalCodes spells the code attributes as Form A's filters look them
// up (contract.AttributeValue, which internal/dsl calls on a user's
// values): a manifest's "10-k" is EDGAR's "10-K".
func canonicalCodes(m *contract.Meta) {
	m.FilingType = contract.AttributeValue("filing_type", m.FilingType)
	m.ExhibitID = contract.AttributeValue("exhibit_id", m.ExhibitID)
	m.FilingID = contract.AttributeValue("filing_id", m.FilingID)
	m.Source = contract.AttributeValue("source", m.Source)
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

// fileSignature returns the known binary file signature data starts
// with, or "".
func fileSignature(data []byte) string {
	for _, sig := range []struct {
		magic, name string
	}{
		{"PK\x03\x04", "ZIP signature"}, {"\x89PNG", "PNG signature"},
		{"GIF8", "GIF signature"}, {"\xff\xd8\xff", "JPEG signature"}, {"\xd0\xcf\x11\xe0", "OLE (Word/Excel) signature"},
		{"\x1f\x8b", "gzip signature"}, {"\x7fELF", "ELF signature"}, {"{\\rtf", "RTF document"},
	} {
		if bytes.HasPrefix(data, []byte(sig.magic)) {
			return sig.name
		}
	}
	return ""
}

// controlBytes returns why data is not text, or "": a NUL byte, or more
// than one control character (DEL included) in fifty among the first 8 KB.
func controlBytes(data []byte) string {
	head := data[:min(len(data), 8192)]
	if i := bytes.IndexByte(head, 0); i >= 0 {
		return fmt.Sprintf("NUL byte at offset %d", i)
	}
	ctrl := 0
	for _, c := range head {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\v' || c == 0x7f {
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
