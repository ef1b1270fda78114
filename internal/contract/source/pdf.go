package source

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path"
	"strings"
	"time"
	"unicode"
)

// PDFOptions configure how a PDF's text is extracted: by poppler's
// pdftotext, run once per file. The zero value runs "pdftotext" from PATH
// with DefaultPDFTimeout.
type PDFOptions struct {
	// Command is the pdftotext program: a name looked up on PATH or a
	// path; "" means "pdftotext".
	Command string
	// Timeout bounds one file's extraction; 0 means DefaultPDFTimeout.
	Timeout time.Duration
}

// DefaultPDFTimeout bounds one PDF's extraction: pdftotext reads a
// hundred-page contract in well under a second, so a file that takes this
// long is damaged or built to stall a worker.
const DefaultPDFTimeout = 30 * time.Second

// PDFCommand is the extractor PDFOptions runs by default, and what the
// refusal of a PDF without it tells the user to install.
const (
	PDFCommand = "pdftotext"
	pdfPackage = "poppler-utils"
)

// EncPDF is Document.Encoding for a PDF: its text is what pdftotext
// wrote, in UTF-8.
const EncPDF = "pdf (pdftotext)"

// minPDFLetters is how many letters a PDF must have on average per page
// to be read: a typed contract page has thousands, a scanned one none
// but a stamp or a page number.
const minPDFLetters = 100

// The reasons a PDF is refused, besides those of every file (ErrTooLarge
// for text over Options.MaxBytes, ErrEmpty for pages without text).
var (
	// ErrNoPDFReader: pdftotext is not installed; the detail names the
	// package to install.
	ErrNoPDFReader Reason = errors.New("no PDF reader")
	// ErrPDF: pdftotext could not read the file (encrypted, damaged, or
	// longer than the time limit).
	ErrPDF Reason = errors.New("unreadable PDF")
)

func (o PDFOptions) command() string {
	if o.Command != "" {
		return o.Command
	}
	return PDFCommand
}

func (o PDFOptions) timeout() time.Duration {
	if o.Timeout > 0 {
		return o.Timeout
	}
	return DefaultPDFTimeout
}

// isPDF reports whether data is a PDF: it starts with the signature, or,
// for a file named .pdf, has it within the first 1,024 bytes, where PDF
// readers look for it (some writers put a few bytes before it).
func isPDF(name string, data []byte) bool {
	if bytes.HasPrefix(data, []byte("%PDF")) {
		return true
	}
	return strings.EqualFold(path.Ext(name), ".pdf") && bytes.Contains(data[:min(len(data), 1024)], []byte("%PDF-"))
}

// pdfText extracts a PDF's text with pdftotext, which reads the bytes on
// its standard input and writes UTF-8 text, a form feed after each page
// (which the cleaner takes as a page boundary). Reading order is
// pdftotext's default, not -layout: docs/decisions.md says why. The run
// is bounded by opts.PDF's timeout and by ctx, its output by
// opts.MaxBytes; whatever goes wrong is a *RefusedError, except ctx
// ending, which is returned as ctx's error. The text is valid UTF-8.
func pdfText(ctx context.Context, name string, data []byte, opts Options) (string, error) {
	prog, err := exec.LookPath(opts.PDF.command())
	if err != nil {
		return "", refuse(name, ErrNoPDFReader, "%s not found: install %s (Debian, Ubuntu: apt-get install %s; macOS: brew install poppler)",
			opts.PDF.command(), pdfPackage, pdfPackage)
	}
	runCtx, cancel := context.WithTimeout(ctx, opts.PDF.timeout())
	defer cancel()
	out := &cappedBuffer{limit: opts.maxBytes(), full: cancel}
	stderr := &cappedBuffer{limit: 4 << 10}
	cmd := exec.CommandContext(runCtx, prog, "-nodiag", "-enc", "UTF-8", "-eol", "unix", "-", "-")
	cmd.Stdin = bytes.NewReader(data)
	cmd.Stdout, cmd.Stderr = out, stderr
	// Killed, pdftotext closes its pipes at once; the delay only guards
	// against a child of a wrapper script holding them open.
	cmd.WaitDelay = time.Second
	runErr := cmd.Run()
	switch {
	case out.over:
		return "", refuse(name, ErrTooLarge, "the text of the PDF is over the limit of %s", sizeText(opts.maxBytes()))
	case ctx.Err() != nil:
		return "", ctx.Err()
	case runCtx.Err() != nil:
		return "", refuse(name, ErrPDF, "%s took longer than %v", opts.PDF.command(), opts.PDF.timeout())
	case runErr != nil:
		return "", refuse(name, ErrPDF, "%s", pdfFailure(runErr, stderr.String()))
	}
	text := strings.ToValidUTF8(out.String(), "\uFFFD")
	if why := pdfWithoutText(text); why != "" {
		return "", refuse(name, ErrEmpty, "%s", why)
	}
	return text, nil
}

// pdfFailure says why pdftotext failed, from what it wrote: an encrypted
// file is named as such, anything else by pdftotext's last message (its
// first ones are often warnings it recovered from).
func pdfFailure(err error, stderr string) string {
	if strings.Contains(stderr, "Incorrect password") {
		return "encrypted: it opens only with a password"
	}
	var last string
	for line := range strings.Lines(stderr) {
		if l := strings.TrimSpace(line); l != "" {
			last = l
		}
	}
	if last == "" {
		return fmt.Sprintf("%s failed: %v", PDFCommand, err)
	}
	if len(last) > 200 {
		last = strings.ToValidUTF8(last[:200], "") + "…"
	}
	return fmt.Sprintf("%s failed: %s", PDFCommand, strings.ToValidUTF8(last, "\uFFFD"))
}

// pdfWithoutText returns why text, a PDF's extraction, holds no contract
// a reader could use — its pages are images (a scan) or blank — or "".
// Pages are counted by pdftotext's form feeds.
func pdfWithoutText(text string) string {
	pages := max(1, strings.Count(text, "\f"))
	letters := 0
	for _, r := range text {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	if letters >= minPDFLetters*pages {
		return ""
	}
	if letters == 0 {
		return fmt.Sprintf("PDF without text on its %s: scanned pages need OCR first", plural(pages, "page"))
	}
	return fmt.Sprintf("PDF with almost no text (%s on %s): scanned pages need OCR first", plural(letters, "letter"), plural(pages, "page"))
}

// plural writes "1 page", "3 pages".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// cappedBuffer keeps what is written to it up to limit bytes. Past that,
// one with a full func sets over, calls full (which stops the writer) and
// fails the write; one without (a log) keeps its beginning and drops the
// rest. The buffer is a field, not embedded: io.Copy would call an
// embedded bytes.Buffer's ReadFrom and never Write.
type cappedBuffer struct {
	buf   bytes.Buffer
	limit int64
	over  bool
	full  func()
}

var errOutputFull = errors.New("output over its limit")

func (b *cappedBuffer) Write(p []byte) (int, error) {
	room := b.limit - int64(b.buf.Len())
	if int64(len(p)) <= room {
		return b.buf.Write(p)
	}
	if b.full == nil {
		b.buf.Write(p[:max(0, room)])
		return len(p), nil
	}
	b.over = true
	b.full()
	return 0, errOutputFull
}

func (b *cappedBuffer) String() string { return b.buf.String() }
