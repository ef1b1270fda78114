package source_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
)

// pdfStyle says how renderPDF prints a contract.
type pdfStyle struct {
	// Header is printed at the top of every page; the footer is always
	// "Page N of M", as word processors number a contract's pages.
	Header string
	// Justify sets paragraphs flush on both margins, which widens the
	// spaces between words.
	Justify bool
	// Password, when set, encrypts the document with it as the user
	// password: it cannot be opened without.
	Password string
	// Scan prints every page as an image and no text, as a scanner does.
	Scan bool
	// Lines prints each line of the text as a line of the page, as it is,
	// double-spaced as a draft: the text's own line ends (a word
	// hyphenated across two) stay.
	// Otherwise each line is a paragraph, wrapped to the margins.
	Lines bool
}

// renderPDF prints text as a Letter-size PDF in 11-point Times with
// one-inch margins, one paragraph per line of text (or one printed line,
// style.Lines), a gap where the text has a blank line, words one space
// apart, the running header and page footer of style on every page:
// a contract as a word processor prints it, for the PDF reader's tests.
// Characters Windows-1252 lacks (the core fonts' encoding) print as "?".
// The bytes are the same on every run (fixed dates, no compression of
// random data).
func renderPDF(t testing.TB, text string, style pdfStyle) []byte {
	t.Helper()
	p := fpdf.New("P", "pt", "Letter", "")
	p.SetCreationDate(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC))
	p.SetModificationDate(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC))
	p.SetMargins(72, 72, 72)
	p.SetAutoPageBreak(true, 72)
	p.AliasNbPages("{nb}")
	if style.Password != "" {
		p.SetProtection(fpdf.CnProtectPrint, style.Password, "owner-"+style.Password)
	}
	tr := p.UnicodeTranslatorFromDescriptor("")
	p.SetHeaderFunc(func() {
		if style.Header == "" {
			return
		}
		p.SetFont("Times", "I", 9)
		p.SetY(40)
		p.CellFormat(0, 10, tr(style.Header), "", 0, "R", false, 0, "")
		p.SetY(72)
	})
	p.SetFooterFunc(func() {
		p.SetFont("Times", "", 9)
		p.SetY(-50)
		p.CellFormat(0, 10, fmt.Sprintf("Page %d of {nb}", p.PageNo()), "", 0, "C", false, 0, "")
	})
	if style.Scan {
		scanPages(p, text)
	} else {
		p.AddPage()
		p.SetFont("Times", "", 11)
		align := "L"
		if style.Justify {
			align = "J"
		}
		for line := range strings.SplitSeq(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
			// one space between words, as typed: runs of spaces in the
			// text are gaps an earlier extraction left
			line = strings.Join(strings.Fields(line), " ")
			switch {
			case line == "" && style.Lines:
				p.Ln(24)
			case line == "":
				p.Ln(11)
			case style.Lines:
				p.CellFormat(0, 24, tr(line), "", 1, "L", false, 0, "")
			default:
				p.MultiCell(0, 13, tr(line), "", align, false)
			}
		}
	}
	var b bytes.Buffer
	if err := p.Output(&b); err != nil {
		t.Fatalf("render PDF: %v", err)
	}
	return b.Bytes()
}

// scanPages prints one grey image per fifty lines of text, the way a
// scanner makes a PDF: pages without a character of text.
func scanPages(p *fpdf.Fpdf, text string) {
	img := image.NewGray(image.Rect(0, 0, 85, 110))
	for i := range img.Pix {
		img.Pix[i] = uint8(200 + i%50)
	}
	img.Set(10, 10, color.Black)
	var b bytes.Buffer
	_ = png.Encode(&b, img) // an in-memory image always encodes
	p.RegisterImageOptionsReader("scan", fpdf.ImageOptions{ImageType: "PNG"}, &b)
	pages := max(1, (strings.Count(text, "\n")+49)/50)
	for range pages {
		p.AddPage()
		p.ImageOptions("scan", 72, 72, 468, 648, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	}
}
