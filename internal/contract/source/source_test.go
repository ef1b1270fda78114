package source

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/contract"
)

func TestRefusals(t *testing.T) {
	for _, tc := range []struct {
		name string
		data string
		want error
		// cause is the refusal as the ingest summary lists it; "" skips
		// the check.
		cause string
	}{
		{"empty.txt", "", ErrEmpty, "empty file"},
		{"blank.txt", " \n\t\r\n", ErrEmpty, "empty file (5 bytes of white space)"},
		{"doc.txt", "PK\x03\x04\x14\x00\x06\x00", ErrBinary, "binary file (ZIP signature)"},
		{"nul.txt", "This Agreement\x00\x00\x00 is made", ErrBinary, "binary file (NUL byte at offset 14)"},
		{"ctrl.txt", strings.Repeat("\x01\x02\x03abc", 100), ErrBinary, "binary file (300 control characters in the first 600 bytes)"},
		{"del.txt", strings.Repeat("\x7fabcdefghi", 100), ErrBinary, "binary file (100 control characters in the first 1000 bytes)"},
		{"word.doc.txt", "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", ErrBinary, ""},
		{"cp1251.txt", "\xc4\xee\xe3\xee\xe2\xee\xf0 \xef\xee\xf1\xf2\xe0\xe2\xea\xe8", ErrEncoding,
			`unknown text encoding (not UTF-8, first bad byte at offset 0, and read as Windows-1252 2 of its 2 words are garbled ("Äîãîâîð"): convert it to UTF-8 or declare its charset)`},
		{"cp1250.htm", "<p>Umowa zosta\xb3a zawarta, by\xb3o, wi\xb9\xbfe strony.</p>", ErrEncoding, ""},
		{"script.html", "<html><body><script>x()</script></body></html>", ErrEmpty, "empty file (HTML without text)"},
	} {
		_, err := Read(tc.name, []byte(tc.data), Options{})
		var re *RefusedError
		if !errors.Is(err, tc.want) || !errors.As(err, &re) || re.Path != tc.name {
			t.Errorf("Read(%q) error %v, want %v", tc.name, err, tc.want)
			continue
		}
		if tc.cause != "" && re.Cause() != tc.cause {
			t.Errorf("Read(%q) refused for %q, want %q", tc.name, re.Cause(), tc.cause)
		}
	}
	if _, err := Read("big.txt", make([]byte, 101), Options{MaxBytes: 100}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a file over MaxBytes: %v", err)
	}
	// Text the checks let through.
	for name, data := range map[string]string{
		"bom.txt": "\uFEFFSUPPLY AGREEMENT", "feeds.txt": "Page 1\f\tPage 2\v", "bom.htm": "\uFEFF<p>SUPPLY AGREEMENT</p>",
	} {
		docs, err := Read(name, []byte(data), Options{})
		if err != nil || len(docs) != 1 || strings.HasPrefix(docs[0].Text, "\uFEFF") {
			t.Errorf("Read(%q) = %+v, %v", name, docs, err)
		}
	}
}

// TestHugeFile refuses a 50 MB file from its size alone: the file is
// sparse and never read.
func TestHugeFile(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "huge.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(50 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = ReadFile(filepath.Join(dir, "huge.txt"), "huge.txt", Options{})
	var re *RefusedError
	if !errors.As(err, &re) || re.Reason != ErrTooLarge || re.Cause() != "file too large (50.0 MiB, over the limit of 32.0 MiB)" {
		t.Errorf("ReadFile(50 MB) = %v", err)
	}
	var pe *fs.PathError
	if _, err := ReadFile(filepath.Join(dir, "missing.txt"), "missing.txt", Options{}); !errors.As(err, &pe) {
		t.Errorf("ReadFile(missing) = %v, want a *fs.PathError", err)
	}
}

func TestDeclaredCharset(t *testing.T) {
	docs, err := Read("latin1.html", []byte("<html><head><meta charset=\"iso-8859-1\"></head><body><p>Soci\xe9t\xe9 G\xe9n\xe9rale</p></body></html>"), Options{})
	if err != nil || len(docs) != 1 || docs[0].Text != "Société Générale" || docs[0].Encoding != "windows-1252 (declared)" {
		t.Fatalf("docs %+v err %v", docs, err)
	}
}

// TestEncodings reads whole files in each encoding users have: the text
// and the encoding reported.
func TestEncodings(t *testing.T) {
	utf16 := func(s string, big bool) string {
		var b []byte
		for _, r := range s {
			if big {
				b = append(b, byte(r>>8), byte(r))
			} else {
				b = append(b, byte(r), byte(r>>8))
			}
		}
		return string(b)
	}
	for _, tc := range []struct {
		name, data string
		format     Format
		text, enc  string
	}{
		{"cp1252.txt", "SUPPLY AGREEMENT\n\n\x93Supplier\x94 means Soci\xe9t\xe9 G\xe9n\xe9rale \x96 see \xa7 5.", Text,
			"SUPPLY AGREEMENT\n\n“Supplier” means Société Générale – see § 5.", EncAssumed},
		{"latin1.txt", "Soci\xe9t\xe9 G\xe9n\xe9rale agrees.", Text, "Société Générale agrees.", EncAssumed},
		{"cp1252.htm", "<p>Licensor\x92s \x93Software\x94</p>", HTML, "Licensor’s “Software”", EncAssumed},
		{"utf16le.txt", "\xff\xfe" + utf16("SUPPLY AGREEMENT – Société", false), Text, "SUPPLY AGREEMENT – Société", EncUTF16LE},
		{"utf16be.txt", "\xfe\xff" + utf16("SUPPLY AGREEMENT", true), Text, "SUPPLY AGREEMENT", EncUTF16BE},
		{"utf16-nobom.txt", utf16("LICENSE AGREEMENT between Acme and Beta", false), Text, "LICENSE AGREEMENT between Acme and Beta", EncUTF16LE + " (no BOM)"},
		{"utf16.htm", "\xff\xfe" + utf16("<html><meta charset=utf-16><p>Société</p></html>", false), HTML, "Société", EncUTF16LE},
		{"utf16be-nobom.txt", utf16("HOSTING AGREEMENT between Acme and Réseau Nord", true), Text, "HOSTING AGREEMENT between Acme and Réseau Nord", EncUTF16BE + " (no BOM)"},
		{"cp1252-dash.txt", "the Territory \x97 subject to \xa7 4.2 \x97 and the Distributor\x92s \x93Products\x94", Text, "the Territory — subject to § 4.2 — and the Distributor’s “Products”", EncAssumed},
		{"declared.htm", "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1252\"></head><p>H\xe9l\xe8ne \x93Talent\x94 \x97 \xa7 3</p></html>", HTML, "Hélène “Talent” — § 3", "windows-1252 (declared)"},
		{"bom.txt", "\uFEFFSociété", Text, "Société", EncUTF8},
		{"edgar.txt", "<SEC-HEADER>\nCONFORMED SUBMISSION TYPE:\t8-K\n</SEC-HEADER>\n<DOCUMENT>\n<TYPE>EX-10.1\n<TEXT>\nLICENSE AGREEMENT\n\nLicensor\x92s \x93Software\x94\n</TEXT>\n</DOCUMENT>\n",
			EDGAR, "LICENSE AGREEMENT\n\nLicensor’s “Software”", EncAssumed},
	} {
		docs, err := Read(tc.name, []byte(tc.data), Options{})
		if err != nil || len(docs) != 1 {
			t.Errorf("Read(%q) = %+v, %v", tc.name, docs, err)
			continue
		}
		if d := docs[0]; strings.TrimSpace(d.Text) != tc.text || d.Format != tc.format || d.Encoding != tc.enc {
			t.Errorf("Read(%q) = %q (%s, %s), want %q (%s, %s)", tc.name, d.Text, d.Format, d.Encoding, tc.text, tc.format, tc.enc)
		}
	}
}

func TestText(t *testing.T) {
	docs, err := Read("dir/a.txt", []byte("THIS AGREEMENT\n\nis made."), Options{})
	if err != nil || len(docs) != 1 || docs[0].Format != Text || docs[0].Text != "THIS AGREEMENT\n\nis made." || docs[0].Meta.Path != "dir/a.txt" {
		t.Fatalf("docs %+v err %v", docs, err)
	}
}

func TestHTML(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"entities", `<p>AT&amp;T &#8220;Company&#8221; &eacute;t&eacute;&nbsp;ok &lt;tag&gt;</p>`, "AT&T “Company” été\u00a0ok <tag>"},
		{"blocks are paragraphs", `<div><p>First.</p><p>Second.</p></div><h2>Heading</h2>text`, "First.\n\nSecond.\n\nHeading\n\ntext"},
		{"scripts and styles dropped", `<head><title>T</title><style>p{}</style><script>var x = "<p>no</p>";</script></head><body><p>Yes.</p><noscript>no</noscript><math><mi>x</mi></math></body>`, "Yes."},
		{"line breaks", `<p>Line one<br>Line two<br/>Line three</p>`, "Line one\nLine two\nLine three"},
		{"inline white space collapses", "<p>This   Agreement\n  is\tmade.</p>", "This Agreement is made."},
		{"pre keeps lines", "<pre>a  b\nc</pre>", "a  b\nc"},
		{"table cells are columns", `<table><tr><td>12.</td><td>Governing Law.</td></tr><tr><td>13.</td><td>Notices.</td></tr></table>`, "12.   Governing Law.\n\n13.   Notices."},
		{"inline elements join", `<p>This <b>Agreement</b> is <i>made</i>.</p>`, "This Agreement is made."},
		{"head never closed", `<html><head><title>T</title><body><p>Body text.</p>`, "Body text."},
		{"comments", `<p>a<!-- hidden -->b</p>`, "ab"},
		{"EDGAR page tag", `<p>Page one.</p><PAGE><p>Page two.</p>`, "Page one.\n\f\nPage two."},
		{"deeply nested", strings.Repeat("<div>", 20000) + "deep" + strings.Repeat("</div>", 20000), "deep"},
		{"unterminated tag", `<p>text<a href="x`, "text"},
	} {
		got, _, err := htmlText("t.html", []byte(tc.in))
		if err != nil || got != tc.want {
			t.Errorf("%s: htmlText(%.60q) = %q, %v; want %q", tc.name, tc.in, got, err, tc.want)
		}
	}
}

// TestHTMLTitle: the first <title>, white space collapsed, is a document's
// title of last resort when it names one.
func TestHTMLTitle(t *testing.T) {
	for _, tc := range []struct{ in, title, description string }{
		{"<html><head><title>SUPPLY  &amp;\n AGREEMENT</title></head><body><p>Text.</p><svg><title>icon</title></svg></body></html>", "SUPPLY & AGREEMENT", "SUPPLY & AGREEMENT"},
		{"<title>d123dex101.htm</title><p>Text.</p>", "d123dex101.htm", ""},
		{"<title>EX-10.1</title><p>Text.</p>", "EX-10.1", ""},
		{"<p>Text.</p>", "", ""},
	} {
		_, title, err := htmlText("t.html", []byte(tc.in))
		if err != nil || title != tc.title {
			t.Errorf("htmlText(%q) title %q, %v; want %q", tc.in, title, err, tc.title)
		}
		docs, err := Read("t.html", []byte(tc.in), Options{})
		if err != nil || docs[0].Meta.Description != tc.description {
			t.Errorf("Read(%q) description %+v, %v; want %q", tc.in, docs, err, tc.description)
		}
	}
}

func TestEDGAR(t *testing.T) {
	data, err := os.ReadFile("testdata/submission.txt")
	if err != nil {
		t.Fatal(err)
	}
	docs, err := Read("edgar/0000950123-10-012345.txt", data, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 2 {
		t.Fatalf("%d documents, want the two contract exhibits", len(docs))
	}
	want := contract.Meta{
		Path: "edgar/0000950123-10-012345.txt", CompanyName: "NORTHWIND MEDICAL DEVICES, INC.", CompanyID: "123456",
		FilingDate: "2010-02-10", FilingType: "8-K", FilingID: "0000950123-10-012345", ExhibitID: "EX-10.1",
		SIC: "3841", IndustryName: "SURGICAL & MEDICAL INSTRUMENTS & APPARATUS", Source: "www.sec.gov",
		URL: "https://www.sec.gov/Archives/edgar/data/123456/000095012310012345/dex101.htm", Description: "SUPPLY AGREEMENT",
	}
	if docs[0].Meta != want || docs[0].Sequence != 2 {
		t.Errorf("meta\n got %+v, sequence %d\nwant %+v, sequence 2", docs[0].Meta, docs[0].Sequence, want)
	}
	if docs[1].Meta.ExhibitID != "EX-10.2" || docs[1].Meta.DocIndex != 1 || docs[1].Meta.Description != "LEASE" || docs[1].Sequence != 3 {
		t.Errorf("second exhibit %+v, sequence %d", docs[1].Meta, docs[1].Sequence)
	}
	if !strings.Contains(docs[0].Text, "This Supply Agreement (the “Agreement”) is entered into as of February\u00a08, 2010") ||
		strings.Contains(docs[0].Text, "not text") || strings.Contains(docs[0].Text, "margin") ||
		!strings.Contains(docs[0].Text, "12.   Governing Law.") || !strings.Contains(docs[0].Text, "Acme Plastics\u00a0&\u00a0Molding") {
		t.Errorf("HTML exhibit text %q", docs[0].Text)
	}
	if strings.Contains(docs[1].Text, "<PAGE>") || !strings.Contains(docs[1].Text, "\f") || !strings.Contains(docs[1].Text, "OFFICE LEASE") {
		t.Errorf("plain exhibit text %q", docs[1].Text)
	}
}

// kingsmere is a submission whose form, XBRL and exhibits tell apart what
// is a contract; the filer, not the subject company, is its company.
const kingsmere = `<SEC-DOCUMENT>0009002206-05-454566.txt : 20050613
<SEC-HEADER>0009002206-05-454566.hdr.sgml : 20050613
ACCESSION NUMBER:		0009002206-05-454566
CONFORMED SUBMISSION TYPE:	8-K
FILED AS OF DATE:		20050613
FILER:
	COMPANY DATA:
		COMPANY CONFORMED NAME:			KINGSMERE FOODS HOLDINGS INC
		CENTRAL INDEX KEY:			0009002206
		STANDARD INDUSTRIAL CLASSIFICATION:	FOOD AND KINDRED PRODUCTS [2000]
SUBJECT COMPANY:
	COMPANY DATA:
		COMPANY CONFORMED NAME:			OTHER CORP
		CENTRAL INDEX KEY:			0000000042
</SEC-HEADER>
<DOCUMENT>
<TYPE>8-K
<SEQUENCE>1
<FILENAME>8k.htm
<DESCRIPTION>FORM 8-K
<TEXT>
<html><body><p>FORM 8-K</p></body></html>
</TEXT>
</DOCUMENT>
<DOCUMENT>
<TYPE>EX-10.16
<SEQUENCE>2
<FILENAME>d454566dex1016.htm
<DESCRIPTION>EX-10.16
<TEXT>
<html><head><title>INDEMNIFICATION AGREEMENT</title></head><body><p>INDEMNIFICATION AGREEMENT</p><p>This Agreement &#8230;</p></body></html>
</TEXT>
</DOCUMENT>
<DOCUMENT>
<TYPE>EX-101.INS
<SEQUENCE>3
<TEXT>
<xbrl>not a contract</xbrl>
</TEXT>
</DOCUMENT>
<DOCUMENT>
<TYPE>EX-2.1
<SEQUENCE>4
<DESCRIPTION>AGREEMENT AND PLAN OF MERGER
<TEXT>
<PAGE>
AGREEMENT AND PLAN OF MERGER
<S>
This Agreement is made …
</TEXT>
</DOCUMENT>
</SEC-DOCUMENT>
`

func TestEDGARSequenceAndTitles(t *testing.T) {
	docs, err := Read("edgar/0009002206-05-454566.txt", []byte(kingsmere), Options{})
	if err != nil {
		t.Fatal(err)
	}
	header := contract.Meta{
		Path: "edgar/0009002206-05-454566.txt", CompanyName: "KINGSMERE FOODS HOLDINGS INC", CompanyID: "9002206",
		FilingDate: "2005-06-13", FilingType: "8-K", FilingID: "0009002206-05-454566", SIC: "2000",
		IndustryName: "FOOD AND KINDRED PRODUCTS", Source: "www.sec.gov",
	}
	m1, m2 := header, header
	// EX-10.16's description is its type, so its HTML title stands in.
	m1.ExhibitID, m1.Description = "EX-10.16", "INDEMNIFICATION AGREEMENT"
	m1.URL = "https://www.sec.gov/Archives/edgar/data/9002206/000900220605454566/d454566dex1016.htm"
	m2.ExhibitID, m2.Description, m2.DocIndex = "EX-2.1", "AGREEMENT AND PLAN OF MERGER", 1
	want := []Document{
		{Text: "INDEMNIFICATION AGREEMENT\n\nThis Agreement …", Meta: m1, Format: EDGAR, Encoding: EncUTF8, Sequence: 2},
		// plain text: <PAGE> is a page break, <S> goes (a lower-cased <PAGE>
		// is no HTML <p>)
		{Text: "\n\n\f\n\nAGREEMENT AND PLAN OF MERGER\n\nThis Agreement is made …\n", Meta: m2, Format: EDGAR, Encoding: EncUTF8, Sequence: 4},
	}
	if !reflect.DeepEqual(docs, want) {
		t.Errorf("got\n%#v\nwant\n%#v", docs, want)
	}
}

func TestEDGARPlainText(t *testing.T) {
	for in, want := range map[string]string{
		"<PAGE>\nTERM\n<S>  <C>\n1  2\n</TABLE>\n":         "\n\f\n\nTERM\n  \n1  2\n\n",
		"a\n<R>\nb\n  <LEGEND>\t\nc\n":                     "a\n\nb\n  \t\nc\n", // unknown tags alone on a line go
		"price <b> x and a<R>\n<Signature Page Follows>\n": "price <b> x and a<R>\n<Signature Page Follows>\n",
		"<>\n<<x>\n": "<>\n<<x>\n",
	} {
		if got := edgarPlainText(in); got != want {
			t.Errorf("edgarPlainText(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEDGARHeaderMissingFields(t *testing.T) {
	sub := "<SEC-DOCUMENT>\n<SEC-HEADER>\nCONFORMED SUBMISSION TYPE: 10-Q\n</SEC-HEADER>\n<DOCUMENT>\n<TYPE>EX-10.3\n<TEXT>\nCONSULTING AGREEMENT between A and B.\n</TEXT>\n</DOCUMENT>"
	docs, err := Read("x.txt", []byte(sub), Options{})
	if err != nil || len(docs) != 1 {
		t.Fatalf("docs %+v err %v", docs, err)
	}
	m := docs[0].Meta
	if m.FilingType != "10-Q" || m.ExhibitID != "EX-10.3" || m.CompanyName != "" || m.CompanyID != "" || m.FilingDate != "" || m.URL != "" || m.Source != "www.sec.gov" {
		t.Errorf("meta %+v", m)
	}
	// no header, no closing tags
	docs, err = Read("y.txt", []byte("<SEC-DOCUMENT>\n<DOCUMENT>\n<TYPE>EX-10\n<TEXT>\nSUPPLY AGREEMENT"), Options{})
	if err != nil || len(docs) != 1 || !strings.Contains(docs[0].Text, "SUPPLY AGREEMENT") {
		t.Errorf("docs %+v err %v", docs, err)
	}
}

func TestEDGARExhibits(t *testing.T) {
	for _, tc := range []struct {
		typ, desc, text string
		want            bool
	}{
		{"EX-10.1", "", "anything", true},
		{"EX-10", "", "anything", true},
		{"EX-2.1", "", "anything", true},
		{"EX-4.5", "", "anything", true},
		{"EX-1.1", "", "anything", true},
		{"EX-101.INS", "XBRL INSTANCE", "agreement", false},
		{"EX-99.1", "PRESS RELEASE", "Acme announces results", false},
		{"EX-99.1", "JOINT FILING AGREEMENT", "", true},
		{"EX-99.4", "", "INTELLECTUAL PROPERTY AGREEMENT", true},
		{"EX-31.1", "CERTIFICATION", "I certify", false},
	} {
		if got := isContractExhibit(tc.typ, tc.desc, tc.text, DefaultExhibits); got != tc.want {
			t.Errorf("isContractExhibit(%s, %q) = %v", tc.typ, tc.desc, got)
		}
	}
	for _, tc := range []struct{ sub, cause string }{
		{"<SEC-HEADER>\n</SEC-HEADER>\n<DOCUMENT>\n<TYPE>EX-99.1\n<TEXT>\nPress release\n</TEXT>\n</DOCUMENT>",
			"no contract in the submission (none of its 1 documents is an exhibit of type EX-1, EX-2, EX-4, EX-10 or one naming an agreement)"},
		{"<SEC-HEADER>\nACCESSION NUMBER: 1\n</SEC-HEADER>\n", "no contract in the submission (no <DOCUMENT> in it)"},
		{"<SEC-DOCUMENT>\n<DOCUMENT>\n<TYPE>EX-10.1\n<TEXT>\n<html><body><p> </p></body></html>\n</TEXT>\n</DOCUMENT>",
			"no contract in the submission (none of its 1 documents is an exhibit of type EX-1, EX-2, EX-4, EX-10 or one naming an agreement)"},
	} {
		_, err := Read("z.txt", []byte(tc.sub), Options{})
		var re *RefusedError
		if !errors.Is(err, ErrNoContract) || !errors.As(err, &re) || re.Cause() != tc.cause {
			t.Errorf("a submission without contracts: %v, want %q", err, tc.cause)
		}
	}
}

func TestParseHeaderForms(t *testing.T) {
	sgml := "<ACCESSION-NUMBER>0001193125-05-123456\n<TYPE>S-1\n<FILING-DATE>20050315\n<FILER>\n<COMPANY-DATA>\n<CONFORMED-NAME>ACME CORP\n<CIK>0000009999\n<ASSIGNED-SIC>7372\n</COMPANY-DATA>\n</FILER>"
	h := parseHeader(sgml)
	if h.accession != "0001193125-05-123456" || h.formType != "S-1" || h.filed != "2005-03-15" || h.company != "ACME CORP" || h.cik != "9999" || h.sic != "7372" {
		t.Errorf("sgml header %+v", h)
	}
	subject := "SUBJECT COMPANY:\n\tCOMPANY DATA:\n\t\tCOMPANY CONFORMED NAME: TARGET INC\n\t\tCENTRAL INDEX KEY: 0000000042\nFILED BY:\n\tCOMPANY DATA:\n\t\tCOMPANY CONFORMED NAME: HOLDER LP\n\t\tCENTRAL INDEX KEY: 0000000043\n"
	h = parseHeader(subject)
	if h.company != "TARGET INC" || h.cik != "42" {
		t.Errorf("subject company header %+v", h)
	}
	if h := parseHeader("COMPANY CONFORMED NAME: X\nCENTRAL INDEX KEY: ABC\nSTANDARD INDUSTRIAL CLASSIFICATION: [0000]"); h.cik != "" || h.sic != "" {
		t.Errorf("bad values kept: %+v", h)
	}
}

func TestNormalizeDate(t *testing.T) {
	for in, want := range map[string]string{
		"2014-05-20": "2014-05-20", "20140520": "2014-05-20", "5/20/2014": "2014-05-20", "05/20/2014": "2014-05-20",
		"5/8/14": "2014-05-08", "12/31/99": "1999-12-31", "1/1/50": "1950-01-01", "": "", "May 8, 2014": "", "2014-13-01": "",
		"2019-10-31T00:00:00Z": "2019-10-31", "1776-07-04": "", " 20100102 ": "2010-01-02",
	} {
		if got := NormalizeDate(in); got != want {
			t.Errorf("NormalizeDate(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzRead checks that no file content panics the readers, and that what
// they return is valid UTF-8 with the path set.
func FuzzRead(f *testing.F) {
	sub, _ := os.ReadFile("testdata/submission.txt")
	for _, s := range []string{
		string(sub), "", "<html><p>x</p>", "<SEC-HEADER>", "<DOCUMENT><TYPE>EX-10<TEXT>", "%PDF", "\xff\xfe",
		"<SEC-DOCUMENT><DOCUMENT><TYPE>EX-10.1<TEXT><html><p>a", "<!DOCTYPE html><meta charset=latin1><p>\xe9",
		"\xff\xfeA\x00", "A\x00B\x00C\x00D\x00", "\x93x\x94", "<meta charset=shift_jis>\x8c_\x96\xf1",
	} {
		f.Add("f.txt", s)
		f.Add("f.htm", s)
	}
	f.Fuzz(func(t *testing.T, name, data string) {
		docs, err := Read(name, []byte(data), Options{MaxBytes: 1 << 20})
		if err != nil {
			var re *RefusedError
			if errors.As(err, &re) && re.Reason == nil {
				t.Fatalf("refusal without a reason: %v", err)
			}
			return
		}
		for _, d := range docs {
			if d.Meta.Path != name {
				t.Fatalf("path %q, want %q", d.Meta.Path, name)
			}
			if !isValidUTF8(d.Text) {
				t.Fatalf("invalid UTF-8 text from %q", data)
			}
		}
	})
}

// FuzzParseHeader checks the EDGAR header parser on any text.
func FuzzParseHeader(f *testing.F) {
	f.Add("ACCESSION NUMBER: 1\nFILER:\nCOMPANY CONFORMED NAME: A\nCENTRAL INDEX KEY: 0001")
	f.Add("<CIK>00\n<FILING-DATE>2020")
	f.Fuzz(func(t *testing.T, h string) {
		hd := parseHeader(h)
		if hd.cik != "" && !allDigits(hd.cik) {
			t.Fatalf("cik %q", hd.cik)
		}
		if hd.filed != "" && len(hd.filed) != 10 {
			t.Fatalf("date %q", hd.filed)
		}
	})
}

func isValidUTF8(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

// TestAdversarialReads reads large inputs built to trigger quadratic
// behaviour in the readers; each must finish quickly.
func TestAdversarialReads(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode: the adversarial reads take seconds; make test runs them")
	}
	for _, tc := range []struct{ name, data string }{
		{"tags.html", strings.Repeat("<p><b>x</b></p>", 200000)},
		{"entities.html", strings.Repeat("&amp;&#8220;&nbsp;", 200000)},
		{"documents.txt", "<SEC-HEADER>\n</SEC-HEADER>\n" + strings.Repeat("<DOCUMENT>\n<TYPE>EX-10.1\n<TEXT>\nSUPPLY AGREEMENT\n</TEXT>\n</DOCUMENT>\n", 50000)},
		{"unclosed.txt", "<SEC-HEADER>\n" + strings.Repeat("<DOCUMENT><TEXT><", 100000)},
		{"pages.txt", "<SEC-DOCUMENT><DOCUMENT><TYPE>EX-10<TEXT>" + strings.Repeat("<PAGE><S><C>x", 200000)},
		{"nested.htm", strings.Repeat("<div><span>", 200000) + "deep text" + strings.Repeat("</span></div>", 200000)},
	} {
		start := time.Now()
		_, _ = Read(tc.name, []byte(tc.data), Options{})
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%s: %d bytes took %v", tc.name, len(tc.data), d)
		}
	}
}
