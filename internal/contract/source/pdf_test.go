package source_test

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/parse"
	"github.com/contractsearch/contractsearch/internal/contract/source"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/pdf from pdftotext's output")

// needPDFToText skips a test that reads real PDFs when pdftotext is not
// installed.
func needPDFToText(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath(source.PDFCommand); err != nil {
		t.Skipf("%s is not installed (Debian: apt-get install poppler-utils; .ci/run installs it): PDF extraction not tested", source.PDFCommand)
	}
}

// fakeCommand writes a shell script standing in for pdftotext and returns
// its path.
func fakeCommand(t *testing.T, script string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in for pdftotext is a shell script")
	}
	p := filepath.Join(t.TempDir(), "fake-pdftotext")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// pdfResult is what the golden file records of a PDF read and parsed.
type pdfResult struct {
	Format, Encoding                 string
	Title, Company, Jurisdiction     string
	Parties, Sections, BodyParagraph []string
}

// TestPDFContract prints a contract with a running header, "Page N of M"
// footers and words hyphenated at line ends, reads it back through
// pdftotext and parses it: the footers and the header are gone (but for
// the first page's header, as from a .txt), the words rejoined, and title, parties, jurisdiction and clauses found
// (testdata/pdf/supply.golden; -update rewrites it).
func TestPDFContract(t *testing.T) {
	needPDFToText(t)
	text, err := os.ReadFile("testdata/pdf/supply.txt")
	if err != nil {
		t.Fatal(err)
	}
	pdf := renderPDF(t, string(text), pdfStyle{Header: "Harbor Valve - Northgate Supply Agreement", Lines: true})
	docs, err := source.Read("supply.pdf", pdf, source.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The cleaner drops a running header found three times next to page
	// boundaries; the first page's, before any boundary, stays.
	if pages := strings.Count(docs[0].Text, "\f"); pages < 4 {
		t.Fatalf("the PDF has %d pages; the test needs 4", pages)
	}
	c := parse.Parse(docs[0].Text, docs[0].Meta)
	got := pdfResult{Format: string(docs[0].Format), Encoding: docs[0].Encoding, Title: c.Name,
		BodyParagraph: strings.Split(c.Body, "\n\n")}
	if c.Company != nil {
		got.Company = c.Company.Name
	}
	if c.Jurisdiction != nil {
		got.Jurisdiction = c.Jurisdiction.Value
	}
	for _, p := range c.Parties {
		got.Parties = append(got.Parties, p.Name+" ("+p.Term+")")
	}
	for _, s := range c.Sections {
		got.Sections = append(got.Sections, string(s.Type)+": "+s.Name)
	}
	b, _ := json.MarshalIndent(got, "", "  ")
	b = append(b, '\n')
	golden := "testdata/pdf/supply.golden"
	if *update {
		if err := os.WriteFile(golden, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != string(want) {
		t.Errorf("the PDF parsed differently from %s (go test -run TestPDFContract -update rewrites it):\n%s", golden, b)
	}
	if n := strings.Count(c.Body, "Harbor Valve - Northgate"); n != 1 {
		t.Errorf("the running header is in the body %d times, want once (the first page's)", n)
	}
	for _, gone := range []string{"Page 1 of", "Page 2 of", "manu-", "Agree- ment", "Specifi- cations", "informa- tion"} {
		if strings.Contains(c.Body, gone) {
			t.Errorf("the body still holds %q", gone)
		}
	}
}

// TestPDFParsesLikeText prints CUAD contracts as PDFs (every 51st; every
// 102nd, a part of those, under -short), reads them back through
// pdftotext and checks that each parses as its .txt does: the same
// jurisdiction for every one; for nine in ten the same company (letters
// compared, case aside) and number of parties; for four in five the same
// title and about as many sections (within a third: the renderer sets
// words one space apart, so tables laid out with spaces in the .txt lose
// their columns). PDF_COMPARE_ALL=1 compares all 510 (docs/decisions.md
// gives the numbers).
func TestPDFParsesLikeText(t *testing.T) {
	needPDFToText(t)
	dir := filepath.Join("..", "..", "..", "..", "shared", "corpora", "cuad", "contracts")
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		t.Skipf("CUAD corpus not found at %s", dir)
	}
	step := 51
	switch {
	case os.Getenv("PDF_COMPARE_ALL") != "":
		step = 1 // docs/decisions.md's numbers: 510 contracts, a few minutes
	case testing.Short():
		step = 102
	}
	n := 0
	agree := map[string]int{}
	for i := 0; i < len(files); i += step {
		name := filepath.Base(files[i])
		data, err := os.ReadFile(files[i])
		if err != nil {
			t.Fatal(err)
		}
		txt := strings.TrimPrefix(string(data), "\uFEFF")
		pdf := renderPDF(t, txt, pdfStyle{Header: "Confidential - Execution Copy", Justify: true})
		docs, err := source.Read(strings.TrimSuffix(name, ".txt")+".pdf", pdf, source.Options{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		n++
		want := parse.Parse(txt, contract.Meta{Path: name})
		got := parse.Parse(docs[0].Text, contract.Meta{Path: name})
		if g, w := attrValue(got.Jurisdiction), attrValue(want.Jurisdiction); g != w {
			t.Errorf("%s: jurisdiction %q from the PDF, %q from the text", name, g, w)
		}
		g, w := len(got.Sections), len(want.Sections)
		for _, a := range []struct {
			what, got, want string
			same            bool
		}{
			{"company", attrName(got.Company), attrName(want.Company), letters(attrName(got.Company)) == letters(attrName(want.Company))},
			{"title", got.Name, want.Name, letters(got.Name) == letters(want.Name)},
			{"parties", fmt.Sprint(len(got.Parties)), fmt.Sprint(len(want.Parties)), len(got.Parties) == len(want.Parties)},
			{"sections", fmt.Sprint(g), fmt.Sprint(w), g*3 >= w*2 && g*3 <= w*4},
		} {
			if a.same {
				agree[a.what]++
			} else {
				t.Logf("%s: %s %q from the PDF, %q from the text", name, a.what, a.got, a.want)
			}
		}
	}
	t.Logf("of %d contracts, the PDF and the text agree on: company %d, parties %d, sections (within a third) %d, title %d",
		n, agree["company"], agree["parties"], agree["sections"], agree["title"])
	for what, share := range map[string]int{"company": 9, "parties": 9, "sections": 8, "title": 8} {
		if agree[what]*10 < n*share {
			t.Errorf("%s agrees on %d of %d contracts; want %d in 10", what, agree[what], n, share)
		}
	}
}

func attrValue(a *contract.Attr) string {
	if a == nil {
		return ""
	}
	return a.Value
}

func attrName(a *contract.Attr) string {
	if a == nil {
		return ""
	}
	return a.Name
}

// letters keeps the letters and digits of s, in lower case: the core
// fonts print "?" for characters outside Windows-1252, so punctuation
// and bullets may differ.
func letters(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// TestPDFRefusals: a PDF that holds no usable text is refused with a
// reason that says what to do, never read as garbage.
func TestPDFRefusals(t *testing.T) {
	needPDFToText(t)
	text := "SUPPLY AGREEMENT\n\nThis Supply Agreement is made by Acme Inc. and Beta LLC.\n"
	for _, tc := range []struct {
		name  string
		data  []byte
		want  error
		cause string
	}{
		{"locked.pdf", renderPDF(t, text, pdfStyle{Password: "secret"}), source.ErrPDF, "unreadable PDF (encrypted: it opens only with a password)"},
		{"scan.pdf", renderPDF(t, strings.Repeat(text, 40), pdfStyle{Scan: true}), source.ErrEmpty,
			"empty file (PDF with almost no text (18 letters on 3 pages): scanned pages need OCR first)"},
		{"blank.pdf", renderPDF(t, "\n", pdfStyle{Scan: true, Header: ""}), source.ErrEmpty, ""},
		{"damaged.pdf", []byte("%PDF-1.7\n1 0 obj << /Type /Catalog >>\ntrailer garbage"), source.ErrPDF, ""},
		{"named.txt", []byte("%PDF-1.4\n"), source.ErrPDF, ""},
	} {
		_, err := source.Read(tc.name, tc.data, source.Options{})
		var re *source.RefusedError
		if !errors.Is(err, tc.want) || !errors.As(err, &re) || re.Path != tc.name {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
			continue
		}
		if tc.cause != "" && re.Cause() != tc.cause {
			t.Errorf("%s: refused for %q, want %q", tc.name, re.Cause(), tc.cause)
		}
	}
	// A PDF read through ReadFile from a file named .txt is a PDF all the
	// same: the signature decides.
	p := filepath.Join(t.TempDir(), "contract.txt")
	if err := os.WriteFile(p, renderPDF(t, strings.Repeat(text, 3), pdfStyle{}), 0o644); err != nil {
		t.Fatal(err)
	}
	docs, err := source.ReadFile(p, "contract.txt", source.Options{})
	if err != nil || docs[0].Format != source.PDF || docs[0].Encoding != source.EncPDF || !strings.Contains(docs[0].Text, "Beta LLC") {
		t.Errorf("ReadFile(a PDF named .txt) = %+v, %v", docs, err)
	}
}

// TestPDFBounds: without pdftotext, with one that hangs, writes without
// end or fails, and with the caller's context ended, a PDF is refused
// (or the context's error returned) and nothing hangs. A shell script
// stands in for pdftotext.
func TestPDFBounds(t *testing.T) {
	pdf := []byte("%PDF-1.4\n")
	read := func(ctx context.Context, opts source.Options) error {
		_, err := source.ReadContext(ctx, "a.pdf", pdf, opts)
		return err
	}
	cause := func(err error) string {
		var re *source.RefusedError
		if errors.As(err, &re) {
			return re.Cause()
		}
		return ""
	}

	err := read(context.Background(), source.Options{PDF: source.PDFOptions{Command: "pdftotext-not-installed"}})
	if want := "no PDF reader (pdftotext-not-installed not found: install poppler-utils (Debian, Ubuntu: apt-get install poppler-utils; macOS: brew install poppler))"; !errors.Is(err, source.ErrNoPDFReader) || cause(err) != want {
		t.Errorf("no extractor: %v, want %q", err, want)
	}

	hang := fakeCommand(t, "exec sleep 60")
	err = read(context.Background(), source.Options{PDF: source.PDFOptions{Command: hang, Timeout: 100 * time.Millisecond}})
	if !errors.Is(err, source.ErrPDF) || !strings.HasSuffix(cause(err), "took longer than 100ms)") {
		t.Errorf("a hanging extractor: %v", err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	if err := read(ctx, source.Options{PDF: source.PDFOptions{Command: hang}}); !errors.Is(err, context.Canceled) {
		t.Errorf("the caller's context cancelled: %v", err)
	}

	endless := fakeCommand(t, "exec yes 'This Agreement is made by Acme Inc.'")
	err = read(context.Background(), source.Options{MaxBytes: 1 << 20, PDF: source.PDFOptions{Command: endless}})
	if want := "file too large (the text of the PDF is over the limit of 1.0 MiB)"; !errors.Is(err, source.ErrTooLarge) || cause(err) != want {
		t.Errorf("an endless extractor: %v, want %q", err, want)
	}

	failing := fakeCommand(t, "echo 'Syntax Warning: recovered' >&2; echo \"Syntax Error: Couldn't read xref table\" >&2; exit 1")
	err = read(context.Background(), source.Options{PDF: source.PDFOptions{Command: failing}})
	if want := "unreadable PDF (pdftotext failed: Syntax Error: Couldn't read xref table)"; cause(err) != want {
		t.Errorf("a failing extractor: %v, want %q", err, want)
	}

	silent := fakeCommand(t, "exit 3")
	err = read(context.Background(), source.Options{PDF: source.PDFOptions{Command: silent}})
	if want := "unreadable PDF (pdftotext failed: exit status 3)"; cause(err) != want {
		t.Errorf("a silent failing extractor: %v, want %q", err, want)
	}
}

// FuzzReadPDF reads arbitrary bytes after a PDF signature through
// pdftotext: every outcome is text (valid UTF-8) or a refusal with a
// reason, never a panic or a hang. Without pdftotext every input is
// refused as ErrNoPDFReader, which it checks too.
func FuzzReadPDF(f *testing.F) {
	text := "LEASE AGREEMENT\n\nThis Lease is made by Acme Inc. and Beta LLC.\n"
	for _, seed := range [][]byte{
		renderPDF(f, text, pdfStyle{}), renderPDF(f, text, pdfStyle{Password: "x"}),
		[]byte("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj trailer<</Root 1 0 R>>"), []byte("%PDF"),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !strings.HasPrefix(string(data), "%PDF") {
			data = append([]byte("%PDF-1.4\n"), data...)
		}
		docs, err := source.Read("f.pdf", data, source.Options{MaxBytes: 1 << 20, PDF: source.PDFOptions{Timeout: 10 * time.Second}})
		if err != nil {
			var re *source.RefusedError
			if !errors.As(err, &re) || re.Reason == nil {
				t.Fatalf("not a refusal with a reason: %v", err)
			}
			return
		}
		for _, d := range docs {
			if strings.ToValidUTF8(d.Text, "\uFFFD") != d.Text || d.Format != source.PDF {
				t.Fatalf("document %+v", d)
			}
		}
	})
}
