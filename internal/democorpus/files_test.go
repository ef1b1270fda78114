package democorpus

import (
	"bytes"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

var spaces = regexp.MustCompile(`\s+`)

// norm folds what renderers may legitimately change: typographic
// apostrophes, non-breaking spaces and runs of white space.
func norm(s string) string {
	s = strings.NewReplacer("\u2019", "'", "\u00a0", " ").Replace(s)
	return strings.TrimSpace(spaces.ReplaceAllString(s, " "))
}

// paragraphs returns the normalised paragraphs of a contract's text.
func paragraphs(text string) []string {
	var out []string
	for _, p := range strings.Split(text, "\n\n") {
		if p = norm(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// containsAll reports the first paragraph of want that got lacks.
func containsAll(got string, want []string) (string, bool) {
	got = norm(got)
	for _, p := range want {
		if !strings.Contains(got, p) {
			return p, false
		}
	}
	return "", true
}

// htmlText checks that doc is well-formed HTML (every element the
// renderer opens is closed, in order) and returns its text, with entities
// decoded and a line break after each block element.
func htmlText(t *testing.T, name string, doc string) string {
	t.Helper()
	z := html.NewTokenizer(strings.NewReader(doc))
	var stack []string
	var text strings.Builder
	skip := 0 // inside <head>
	for {
		switch z.Next() {
		case html.ErrorToken:
			if z.Err() != io.EOF {
				t.Errorf("%s: %v", name, z.Err())
			}
			if len(stack) > 0 {
				t.Errorf("%s: elements left open: %v", name, stack)
			}
			return text.String()
		case html.StartTagToken:
			tn, _ := z.TagName()
			switch n := string(tn); n {
			case "br", "hr", "meta":
				text.WriteString("\n")
			default:
				stack = append(stack, n)
				if n == "head" {
					skip++
				}
			}
		case html.EndTagToken:
			tn, _ := z.TagName()
			n := string(tn)
			if len(stack) == 0 || stack[len(stack)-1] != n {
				t.Errorf("%s: </%s> closes %v", name, n, stack)
				return ""
			}
			stack = stack[:len(stack)-1]
			switch n {
			case "head":
				skip--
			case "p", "td", "div", "table", "tr":
				text.WriteString("\n")
			}
		case html.TextToken:
			if skip == 0 {
				text.Write(z.Text())
			}
		case html.CommentToken, html.DoctypeToken, html.SelfClosingTagToken:
		}
	}
}

var (
	pageNumber = regexp.MustCompile(`^\s*(\d+|- \d+ -|Page \d+)\s*$`)
	hyphenated = regexp.MustCompile(`([A-Za-z])- ([A-Za-z])`)
)

// unpage undoes what renderPaged adds: footers, page numbers, hard line
// breaks and hyphenation.
func unpage(doc string) string {
	var kept []string
	for _, l := range strings.Split(doc, "\n") {
		if strings.HasPrefix(l, "Source: ") || pageNumber.MatchString(l) {
			continue
		}
		kept = append(kept, l)
	}
	return hyphenated.ReplaceAllString(norm(strings.Join(kept, "\n")), "$1$2")
}

var (
	headerField = regexp.MustCompile(`(?m)^\s*([A-Z][A-Z ]+):\t+(.*)$`)
	document    = regexp.MustCompile(`(?s)<DOCUMENT>\n<TYPE>([^\n]+)\n<SEQUENCE>(\d+)\n<FILENAME>([^\n]+)\n<DESCRIPTION>[^\n]*\n<TEXT>\n(.*?)</TEXT>\n</DOCUMENT>\n`)
	fieldFormat = map[string]*regexp.Regexp{
		"ACCESSION NUMBER":                   regexp.MustCompile(`^\d{10}-\d{2}-\d{6}$`),
		"CONFORMED SUBMISSION TYPE":          regexp.MustCompile(`^(10-K|10-Q|8-K|S-1|S-1/A|S-4|10-12G|20-F|F-1|6-K)$`),
		"FILED AS OF DATE":                   regexp.MustCompile(`^(199|20[0-2])\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$`),
		"COMPANY CONFORMED NAME":             regexp.MustCompile(`^[A-Z0-9 &'-]+$`),
		"CENTRAL INDEX KEY":                  regexp.MustCompile(`^\d{10}$`),
		"STANDARD INDUSTRIAL CLASSIFICATION": regexp.MustCompile(`^[A-Z][A-Z0-9 &,.()/-]+ \[\d{4}\]$`),
		"STATE OF INCORPORATION":             regexp.MustCompile(`^[A-Z0-9]{2}$`),
		"PUBLIC DOCUMENT COUNT":              regexp.MustCompile(`^\d+$`),
	}
)

// TestFiles checks every file of the default corpus against the contracts
// it holds: HTML is well-formed and its text holds every paragraph; EDGAR
// submissions have a complete header and one well-formed <DOCUMENT> per
// exhibit plus the form's cover; paged text holds every paragraph once
// page furniture is removed; clean text ends with the canonical text.
func TestFiles(t *testing.T) {
	c := generate(t, Options{Seed: 1})
	files := map[string][]byte{}
	for _, f := range c.Files {
		files[f.Path] = f.Data
	}
	checkBody := func(where, body string, k Contract) {
		if strings.HasPrefix(strings.ToLower(body), "<html>") {
			body = htmlText(t, where, body)
		}
		if p, ok := containsAll(body, paragraphs(k.Text)); !ok {
			t.Errorf("%s (%s): paragraph missing: %q", where, k.ID, p)
		}
	}
	for _, k := range c.Contracts {
		data := string(files[k.File])
		switch k.Format {
		case FormatText:
			if !strings.HasSuffix(data, k.Text) {
				t.Errorf("%s: does not end with the contract's text", k.File)
			}
		case FormatPaged:
			if p, ok := containsAll(unpage(data), paragraphs(k.Text)); !ok {
				t.Errorf("%s: paragraph missing after unpaging: %q", k.File, p)
			}
		case FormatHTML:
			checkBody(k.File, data, k)
		case FormatEDGAR:
			header, _, ok := strings.Cut(data, "</SEC-HEADER>\n")
			if !ok || !strings.HasPrefix(data, "<SEC-DOCUMENT>") || !strings.HasSuffix(data, "</SEC-DOCUMENT>\n") {
				t.Errorf("%s: not an SEC-DOCUMENT with an SEC-HEADER", k.File)
				continue
			}
			fields := map[string]string{}
			for _, m := range headerField.FindAllStringSubmatch(header, -1) {
				fields[m[1]] = m[2]
			}
			for name, re := range fieldFormat {
				if !re.MatchString(fields[name]) {
					t.Errorf("%s: %s = %q", k.File, name, fields[name])
				}
			}
			if fields["ACCESSION NUMBER"] != k.Accession || fields["CENTRAL INDEX KEY"] != k.CIK || fields["CONFORMED SUBMISSION TYPE"] != k.FormType ||
				fields["FILED AS OF DATE"] != strings.ReplaceAll(k.FilingDate, "-", "") || !strings.HasSuffix(fields["STANDARD INDUSTRIAL CLASSIFICATION"], "["+k.SIC+"]") {
				t.Errorf("%s: header %v disagrees with the manifest row %+v", k.File, fields, k)
			}
			docs := document.FindAllStringSubmatch(data, -1)
			if n, _ := strconv.Atoi(fields["PUBLIC DOCUMENT COUNT"]); n != len(docs) || strings.Count(data, "<DOCUMENT>") != n {
				t.Errorf("%s: %d well-formed documents, header says %s", k.File, len(docs), fields["PUBLIC DOCUMENT COUNT"])
			}
			found := false
			for _, d := range docs {
				if d[2] == strconv.Itoa(k.Sequence) {
					found = true
					if d[1] != k.Exhibit {
						t.Errorf("%s: document %s has type %s, want %s", k.File, d[2], d[1], k.Exhibit)
					}
					checkBody(k.File+"#"+d[2], d[4], k)
				}
			}
			if !found {
				t.Errorf("%s: no document with sequence %d", k.File, k.Sequence)
			}
		}
	}
}

// TestRenderers checks the layout helpers on small inputs.
func TestRenderers(t *testing.T) {
	blocks := []block{
		{Kind: blockTitle, Text: "SUPPLY AGREEMENT"},
		{Kind: blockHeading, Num: "ARTICLE V", Sep: "\n", Head: "TERM AND TERMINATION"},
		{Kind: blockRunIn, Num: "Section 5.1", Head: "Term", Text: "This Agreement commences on the Effective Date."},
		{Kind: blockDef, Num: "1.1", Term: "\u201cAffiliate\u201d", Text: "means an entity under common control with a Party's parent."},
		{Kind: blockSig, Lines: []string{"ACME CORP.", "By: /s/ Jo Doe"}},
	}
	want := "SUPPLY AGREEMENT\n\nARTICLE V\nTERM AND TERMINATION\n\nSection 5.1 Term. This Agreement commences on the Effective Date.\n\n" +
		"1.1 \u201cAffiliate\u201d means an entity under common control with a Party's parent.\n\nACME CORP.\nBy: /s/ Jo Doe\n\n"
	if got := plainText(blocks); got != want {
		t.Errorf("plainText:\n%s\nwant:\n%s", got, want)
	}
	h := renderHTML(legend{Exhibit: "Exhibit 10.1"}, "SUPPLY AGREEMENT", blocks, htmlStyle{CurlyEntities: true})
	for _, frag := range []string{
		`<p align="right"><b>Exhibit 10.1</b></p>`,
		`<p class="center"><b>ARTICLE V</b><br>` + "\n" + `<b>TERM AND TERMINATION</b></p>`,
		`Section 5.1&nbsp;&nbsp;<u>Term</u>. This Agreement`,
		`1.1&nbsp;&nbsp;&#8220;<b>Affiliate</b>&#8221; means an entity under common control with a Party&#8217;s parent.`,
		`<td width="50%" valign="top"><p>ACME CORP.</p><p>By: /s/ Jo Doe</p></td>`,
	} {
		if !strings.Contains(h, frag) {
			t.Errorf("renderHTML lacks %q in:\n%s", frag, h)
		}
	}
	if p, ok := containsAll(htmlText(t, "renderHTML", h), paragraphs(plainText(blocks))); !ok {
		t.Errorf("renderHTML text lacks %q", p)
	}
	r := newRNG(1, 1)
	lines := wrap("The Licensee acknowledges the confidentiality obligations herein.", 24, true, r)
	for _, l := range lines {
		if len(l) > 24 {
			t.Errorf("wrap: line %q longer than 24", l)
		}
	}
	if got := hyphenated.ReplaceAllString(norm(strings.Join(lines, "\n")), "$1$2"); got != "The Licensee acknowledges the confidentiality obligations herein." {
		t.Errorf("wrap lost words: %q from %q", got, lines)
	}
	if got := redact("a fee of $1,250,000.00 and $40 per hour, not 5$"); got != "a fee of [***] and [***] per hour, not 5$" {
		t.Errorf("redact: %q", got)
	}
	var buf bytes.Buffer
	buf.WriteString(renderPaged(legend{}, blocks, paged{Width: 30, PageLines: 3, Footer: "Source: ACME CORP., 10-K, 1/2/2003", NumStyle: 1}, r))
	if !strings.Contains(buf.String(), "Source: ACME CORP., 10-K, 1/2/2003\n") || !strings.Contains(buf.String(), "- 2 -") {
		t.Errorf("renderPaged lacks footer or page numbers:\n%s", buf.String())
	}
}

func TestWords(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{numberWords(0), "zero"}, {numberWords(15), "fifteen"}, {numberWords(45), "forty-five"},
		{numberWords(120), "one hundred twenty"}, {numberWords(180), "one hundred eighty"},
		{spelled(30), "thirty (30)"}, {period(1, "year"), "one (1) year"}, {period(90, "day"), "ninety (90) days"},
		{money(1250000), "$1,250,000"}, {money(999), "$999"}, {grouped(50000), "50,000"},
		{titleCase("AGREEMENT AND PLAN OF MERGER"), "Agreement and Plan of Merger"},
		{titleCase("CO-BRANDING AGREEMENT"), "Co-Branding Agreement"},
		{titleCase("PURCHASE AGREEMENT (UNDERWRITING)"), "Purchase Agreement (Underwriting)"},
		{roman(4), "IV"}, {roman(9), "IX"}, {roman(14), "XIV"}, {roman(39), "XXXIX"},
		{dayOfDate(date(2014, 3, 1)), "the 1st day of March, 2014"}, {dayOfDate(date(2014, 3, 12)), "the 12th day of March, 2014"},
		{dayOfDate(date(2014, 3, 23)), "the 23rd day of March, 2014"}, {europeanDate(date(2001, 8, 1)), "1 August 2001"},
		{conformedName("Kestrel Therapeutics, Inc."), "KESTREL THERAPEUTICS INC"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
