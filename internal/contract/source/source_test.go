package source

import (
	"errors"
	"os"
	"path/filepath"
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
	}{
		{"empty.txt", "", ErrEmpty},
		{"blank.txt", " \n\t\r\n ", ErrEmpty},
		{"scan.pdf.txt", "%PDF-1.4\n%âãÏÓ\n1 0 obj", ErrBinary},
		{"doc.txt", "PK\x03\x04\x14\x00\x06\x00", ErrBinary},
		{"nul.txt", "This Agreement\x00\x00\x00 is made", ErrBinary},
		{"ctrl.txt", strings.Repeat("\x01\x02\x03abc", 100), ErrBinary},
		{"word.doc.txt", "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", ErrBinary},
		{"latin1.txt", "Soci\xe9t\xe9 G\xe9n\xe9rale agrees.", ErrInvalidUTF8},
		{"latin1.html", "<html><body><p>Soci\xe9t\xe9</p></body></html>", ErrInvalidUTF8},
	} {
		_, err := Read(tc.name, []byte(tc.data), Options{})
		var re *RefusedError
		if !errors.Is(err, tc.want) || !errors.As(err, &re) || re.Path != tc.name {
			t.Errorf("Read(%q) error %v, want %v", tc.name, err, tc.want)
		}
	}
	if _, err := Read("big.txt", make([]byte, 101), Options{MaxBytes: 100}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a file over MaxBytes: %v", err)
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
	_, err = ReadFile(dir, "huge.txt", Options{})
	var re *RefusedError
	if !errors.As(err, &re) || re.Reason != ErrTooLarge || !strings.Contains(re.Error(), "52428800 bytes") {
		t.Errorf("ReadFile(50 MB) = %v", err)
	}
}

func TestDeclaredCharset(t *testing.T) {
	docs, err := Read("latin1.html", []byte("<html><head><meta charset=\"iso-8859-1\"></head><body><p>Soci\xe9t\xe9 G\xe9n\xe9rale</p></body></html>"), Options{})
	if err != nil || len(docs) != 1 || docs[0].Text != "Société Générale" {
		t.Fatalf("docs %+v err %v", docs, err)
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
		{"scripts and styles dropped", `<head><title>T</title><style>p{}</style><script>var x = "<p>no</p>";</script></head><body><p>Yes.</p><noscript>no</noscript></body>`, "Yes."},
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
		got, err := htmlText("t.html", []byte(tc.in))
		if err != nil || got != tc.want {
			t.Errorf("%s: htmlText(%.60q) = %q, %v; want %q", tc.name, tc.in, got, err, tc.want)
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
	if docs[0].Meta != want {
		t.Errorf("meta\n got %+v\nwant %+v", docs[0].Meta, want)
	}
	if docs[1].Meta.ExhibitID != "EX-10.2" || docs[1].Meta.DocIndex != 1 || docs[1].Meta.Description != "LEASE" {
		t.Errorf("second exhibit %+v", docs[1].Meta)
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
	sub := "<SEC-HEADER>\n</SEC-HEADER>\n<DOCUMENT>\n<TYPE>EX-99.1\n<TEXT>\nPress release\n</TEXT>\n</DOCUMENT>"
	if _, err := Read("z.txt", []byte(sub), Options{}); !errors.Is(err, ErrNoContract) {
		t.Errorf("a submission without contracts: %v", err)
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

func TestManifest(t *testing.T) {
	csv := "txt_file,company,cik,filing_date,form_type,exhibit,sic,document_name\n" +
		"a/one.txt,ACME CORP,0000012345,2014-05-20,10-Q,EX-10.27,7372,SECRET TITLE\n" +
		"two.txt,Beta Inc,,5/8/14,8-K,,,\n"
	cols := ManifestColumns{File: "txt_file", CompanyName: "company", CompanyID: "cik", FilingDate: "filing_date", FilingType: "form_type", ExhibitID: "exhibit", SIC: "sic"}
	m, err := ParseManifest(strings.NewReader(csv), "csv", cols)
	if err != nil || m.Len() != 2 {
		t.Fatalf("manifest %v err %v", m, err)
	}
	docs, err := Read("a/one.txt", []byte("An agreement."), Options{Manifest: m})
	if err != nil {
		t.Fatal(err)
	}
	got := docs[0].Meta
	if got.CompanyName != "ACME CORP" || got.CompanyID != "12345" || got.FilingDate != "2014-05-20" || got.FilingType != "10-Q" || got.ExhibitID != "EX-10.27" || got.SIC != "7372" {
		t.Errorf("meta %+v", got)
	}
	docs, _ = Read("other/dir/two.txt", []byte("An agreement."), Options{Manifest: m})
	if got := docs[0].Meta; got.CompanyName != "Beta Inc" || got.FilingDate != "2014-05-08" {
		t.Errorf("meta by base name %+v", got)
	}
	if _, err := ParseManifest(strings.NewReader(csv), "csv", ManifestColumns{File: "path"}); err == nil || !strings.Contains(err.Error(), "no column path") {
		t.Errorf("missing column: %v", err)
	}
	jsonl := `{"file":"x.htm","company":"Gamma LLC","cik":320193,"filing_date":"20200102"}` + "\n\n" + `{"file":"y.htm"}`
	m, err = ParseManifest(strings.NewReader(jsonl), "jsonl", DefaultColumns)
	if err != nil || m.Len() != 2 {
		t.Fatalf("jsonl manifest %v err %v", m, err)
	}
	docs, _ = Read("x.htm", []byte("<p>An agreement.</p>"), Options{Manifest: m})
	if got := docs[0].Meta; got.CompanyName != "Gamma LLC" || got.CompanyID != "320193" || got.FilingDate != "2020-01-02" {
		t.Errorf("jsonl meta %+v", got)
	}
	if _, err := ParseManifest(strings.NewReader("{bad"), "jsonl", DefaultColumns); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("bad jsonl: %v", err)
	}
}

func TestNormalizeDate(t *testing.T) {
	for in, want := range map[string]string{
		"2014-05-20": "2014-05-20", "20140520": "2014-05-20", "5/20/2014": "2014-05-20", "05/20/2014": "2014-05-20",
		"5/8/14": "2014-05-08", "12/31/99": "1999-12-31", "1/1/50": "1950-01-01", "": "", "May 8, 2014": "", "2014-13-01": "",
	} {
		if got := NormalizeDate(in); got != want {
			t.Errorf("NormalizeDate(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWalk(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"b.txt", "a/c.HTML", "a/d.pdf", "e.htm", "f.csv"} {
		p := filepath.Join(dir, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("x"), 0o644)
	}
	got, err := Walk(dir)
	if err != nil || strings.Join(got, ",") != "a/c.HTML,b.txt,e.htm" {
		t.Errorf("Walk = %v, %v", got, err)
	}
}

// FuzzRead checks that no file content panics the readers, and that what
// they return is valid UTF-8 with the path set.
func FuzzRead(f *testing.F) {
	sub, _ := os.ReadFile("testdata/submission.txt")
	for _, s := range []string{
		string(sub), "", "<html><p>x</p>", "<SEC-HEADER>", "<DOCUMENT><TYPE>EX-10<TEXT>", "%PDF", "\xff\xfe",
		"<SEC-DOCUMENT><DOCUMENT><TYPE>EX-10.1<TEXT><html><p>a", "<!DOCTYPE html><meta charset=latin1><p>\xe9",
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
		t.Skip("short mode")
	}
	for _, tc := range []struct{ name, data string }{
		{"tags.html", strings.Repeat("<p><b>x</b></p>", 200000)},
		{"entities.html", strings.Repeat("&amp;&#8220;&nbsp;", 200000)},
		{"documents.txt", "<SEC-HEADER>\n</SEC-HEADER>\n" + strings.Repeat("<DOCUMENT>\n<TYPE>EX-10.1\n<TEXT>\nSUPPLY AGREEMENT\n</TEXT>\n</DOCUMENT>\n", 50000)},
		{"unclosed.txt", "<SEC-HEADER>\n" + strings.Repeat("<DOCUMENT><TEXT><", 100000)},
		{"pages.txt", "<SEC-DOCUMENT><DOCUMENT><TYPE>EX-10<TEXT>" + strings.Repeat("<PAGE><S><C>x", 200000)},
	} {
		start := time.Now()
		_, _ = Read(tc.name, []byte(tc.data), Options{})
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%s: %d bytes took %v", tc.name, len(tc.data), d)
		}
	}
}
