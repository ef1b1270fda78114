package ingest

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/contract"
)

func TestCheckText(t *testing.T) {
	tests := []struct {
		name string
		data string
		want string // "" accepted, else the refusal's text
	}{
		{"text", "SUPPLY AGREEMENT\n\nThis Agreement …", ""},
		{"byte order mark", "\uFEFFSUPPLY AGREEMENT", ""},
		{"form feeds and tabs", "Page 1\f\tPage 2", ""},
		{"empty", "", "empty file"},
		{"blank", " \n\t\r\n", "blank file (5 bytes of white space)"},
		{"NUL byte", "PK\x03\x04\x00\x00abc", "binary file (NUL byte at offset 4)"},
		{"control characters", "a\x01b\x02c\x03d\x04e\x05", "binary file (5 control characters in its first 10 bytes)"},
		{"Latin-1", "caf\xe9 au lait", "not valid UTF-8 (first bad byte at offset 3)"},
		{"truncated sequence at the end", "abc\xe2\x80", "not valid UTF-8 (first bad byte at offset 3)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckText([]byte(tt.data))
			got := ""
			if err != nil {
				got = err.Error()
				if !IsRefused(err) {
					t.Errorf("%v is not a refusal", err)
				}
			}
			if got != tt.want {
				t.Errorf("CheckText(%q) = %q, want %q", tt.data, got, tt.want)
			}
		})
	}
}

func TestHTMLText(t *testing.T) {
	tests := []struct {
		name, html, text, title string
	}{
		{
			name:  "blocks, line breaks, entities",
			html:  `<html><head><title>SUPPLY  AGREEMENT</title><style>p{color:red}</style></head><body><p align=center><b>SUPPLY AGREEMENT</b></p><p>This &#8220;Agreement&#8221; is made&nbsp;by<br>Acme &amp; Co.</p></body></html>`,
			text:  "SUPPLY AGREEMENT\n\nThis “Agreement” is made\u00a0by\nAcme & Co.\n",
			title: "SUPPLY AGREEMENT",
		},
		{
			name: "white space collapses inside a block; upper-case tags",
			html: "<P>1.   Term.\n   The term\n is five years.</P><DIV>2. Notices.</DIV>",
			text: "1. Term. The term is five years.\n\n2. Notices.\n",
		},
		{
			name: "scripts, comments and templates are dropped",
			html: `<p>a</p><script>var x = "<p>no</p>";</script><!-- hidden --><template><p>no</p></template><p>b</p>`,
			text: "a\n\nb\n",
		},
		{
			name: "table cells are separated by a tab, rows are blocks",
			html: `<table><tr><td>By:</td><td>/s/ Jane Roe</td></tr><tr><td>Title:</td><td>President</td></tr></table>`,
			text: "By:\t/s/ Jane Roe\n\nTitle:\tPresident\n",
		},
		{
			name: "pre keeps its lines",
			html: "<pre>ARTICLE I\n  1.1 Term.</pre><p>after</p>",
			text: "ARTICLE I\n  1.1 Term.\n\nafter\n",
		},
		{
			name: "inline elements join words",
			html: `<p>gover<i>ned</i> by <font size=2>the laws</font></p>`,
			text: "governed by the laws\n",
		},
		{
			name: "malformed markup",
			html: `<p>unclosed <b>bold <p>next</i></p></div></div>`,
			text: "unclosed bold\n\nnext\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, title := htmlText([]byte(tt.html))
			if text != tt.text || title != tt.title {
				t.Errorf("htmlText = %q, %q\nwant        %q, %q", text, title, tt.text, tt.title)
			}
		})
	}
}

// TestHTMLDeeplyNested: 200,000 nested elements cost time and memory
// linear in the input, not a stack overflow.
func TestHTMLDeeplyNested(t *testing.T) {
	const depth = 200_000
	html := strings.Repeat("<div><span>", depth) + "deep text" + strings.Repeat("</span></div>", depth)
	start := time.Now()
	docs, err := readHTML("deep.htm", []byte(html))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(docs[0].Text); got != "deep text" {
		t.Errorf("text %q", got)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
	if _, err := readHTML("empty.htm", []byte("<html><body><script>x()</script></body></html>")); err == nil || err.Error() != "HTML without text" {
		t.Errorf("HTML without text: %v", err)
	}
}

const submission = `<SEC-DOCUMENT>0009002206-05-454566.txt : 20050613
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

func TestReadSubmission(t *testing.T) {
	docs, err := readText("edgar/0009002206-05-454566.txt", []byte(submission))
	if err != nil {
		t.Fatal(err)
	}
	header := contract.Meta{
		CompanyName: "KINGSMERE FOODS HOLDINGS INC", CompanyID: "9002206", FilingDate: "2005-06-13",
		FilingType: "8-K", FilingID: "0009002206-05-454566", SIC: "2000", IndustryName: "FOOD AND KINDRED PRODUCTS",
	}
	m1, m2 := header, header
	m1.ExhibitID, m1.Description = "EX-10.16", "INDEMNIFICATION AGREEMENT"
	m2.ExhibitID, m2.Description = "EX-2.1", "AGREEMENT AND PLAN OF MERGER"
	want := []Document{
		{Text: "INDEMNIFICATION AGREEMENT\n\nThis Agreement …\n", Meta: m1, Sequence: 2},
		{Text: "\n\nAGREEMENT AND PLAN OF MERGER\n\nThis Agreement is made …\n", Meta: m2, Sequence: 4},
	}
	if !reflect.DeepEqual(docs, want) {
		t.Errorf("got\n%+v\nwant\n%+v", docs, want)
	}
}

func TestReadSubmissionRefused(t *testing.T) {
	tests := []struct{ name, data, want string }{
		{"no documents", "<SEC-HEADER>\nACCESSION NUMBER: 1\n</SEC-HEADER>\n", "EDGAR submission without <DOCUMENT>s"},
		{"no exhibit", "<SEC-DOCUMENT>\n<DOCUMENT>\n<TYPE>10-K\n<TEXT>annual report</TEXT>\n</DOCUMENT>\n", "EDGAR submission without a contract exhibit (EX-1, EX-2, EX-4, EX-10) among its 1 documents"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readText("x.txt", []byte(tt.data))
			if err == nil || err.Error() != tt.want || !IsRefused(err) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

// TestReadSubmissionMissingHeader: a header without fields, or with bad
// ones, leaves them empty; the exhibits are still read.
func TestReadSubmissionMissingHeader(t *testing.T) {
	data := "<SEC-DOCUMENT>\n<SEC-HEADER>\nFILED AS OF DATE: 2005\nCENTRAL INDEX KEY: ABC\nSTANDARD INDUSTRIAL CLASSIFICATION: [\n</SEC-HEADER>\n<DOCUMENT>\n<TYPE>EX-10\n<TEXT>\nLEASE\n</TEXT>\n</DOCUMENT>\n"
	docs, err := readText("x.txt", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if want := (contract.Meta{ExhibitID: "EX-10", IndustryName: "["}); len(docs) != 1 || docs[0].Meta != want {
		t.Errorf("got %+v", docs)
	}
}

// FuzzReaders: no input makes a reader panic, and whatever a reader
// returns is valid UTF-8 when its input was.
func FuzzReaders(f *testing.F) {
	f.Add([]byte(submission))
	f.Add([]byte("<html><p>a<br>b</p><table><tr><td>x</td></tr></table></html>"))
	f.Add([]byte("<SEC-DOCUMENT>\n<DOCUMENT>\n<TYPE>EX-10.1\n<TEXT>\n<p>x"))
	f.Add([]byte("plain text"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if CheckText(data) != nil {
			return
		}
		for _, r := range []ReaderFunc{readText, readHTML} {
			docs, _ := r("f", data)
			for _, d := range docs {
				if !utf8Valid(d.Text) {
					t.Fatalf("invalid UTF-8 out of valid input: %q", d.Text)
				}
			}
		}
	})
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }
