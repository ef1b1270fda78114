package docview

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// element is a parsed element for assertions: its tag, attributes and
// text content.
type element struct {
	tag   string
	attrs map[string]string
	text  string
}

// elements parses page and returns every element in document order.
func elements(t *testing.T, page []byte) []element {
	t.Helper()
	root, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var out []element
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			e := element{tag: n.Data, attrs: map[string]string{}, text: textOf(n)}
			for _, a := range n.Attr {
				e.attrs[a.Key] = a.Val
			}
			out = append(out, e)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	return out
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

func render(t *testing.T, v *View) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := v.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestHTML(t *testing.T) {
	v, err := Decode("c1", []byte(record))
	if err != nil {
		t.Fatal(err)
	}
	v.SetMarks("new york", "SUPPLY AGREEMENT\n\n1. Definitions\n\n\"Products\" means goods.\n\n2. Governing Law\n\nThe laws of "+MarkPre+"New"+MarkPost+" "+MarkPre+"York"+MarkPost+" govern.")
	page := render(t, v)
	els := elements(t, page)
	find := func(tag string) []element {
		var out []element
		for _, e := range els {
			if e.tag == tag {
				out = append(out, e)
			}
		}
		return out
	}
	if ti := find("title"); len(ti) != 1 || ti[0].text != "SUPPLY AGREEMENT" {
		t.Errorf("title %+v", ti)
	}
	if h := find("h1"); len(h) != 1 || h[0].text != "SUPPLY AGREEMENT" {
		t.Errorf("h1 %+v", h)
	}
	var rows []string
	for _, tr := range find("tr") {
		rows = append(rows, tr.text)
	}
	wantRows := []string{"CategorySupply Agreement supply-agreement", "CompanyAcme Corp 1001", "JurisdictionNew York new-york-us",
		"Filing date2010-01-02", "Originalhttps://www.sec.gov/Archives/edgar/data/1/x.htm", "Near-duplicates3 documents in this group"}
	if !reflect.DeepEqual(rows, wantRows) {
		t.Errorf("attribute rows\n got %q\nwant %q", rows, wantRows)
	}

	// Every link of the table of contents leads to an anchor in the text,
	// which starts where the section does.
	ids := map[string]bool{}
	for _, e := range els {
		if id := e.attrs["id"]; id != "" {
			if ids[id] {
				t.Errorf("duplicate id %s", id)
			}
			ids[id] = true
		}
	}
	var toc []string
	for _, a := range find("a") {
		href := a.attrs["href"]
		if !strings.HasPrefix(href, "#") {
			continue
		}
		toc = append(toc, href+" "+a.text)
		if !ids[href[1:]] {
			t.Errorf("link %s leads nowhere", href)
		}
	}
	wantTOC := []string{"#match-1 go to the first", "#section-0 Definitions", "#section-2 Governing Law", "#section-1 Products"}
	if !reflect.DeepEqual(toc, wantTOC) {
		t.Errorf("internal links\n got %q\nwant %q", toc, wantTOC)
	}
	// Sections without a usable span are listed without a link.
	var items []string
	for _, li := range find("li") {
		items = append(items, li.text)
	}
	wantItems := []string{"Definitions", "Governing Law governing-law", "Notices", "Bad", "Products"}
	if !reflect.DeepEqual(items, wantItems) {
		t.Errorf("contents\n got %q\nwant %q", items, wantItems)
	}

	var marks []string
	for _, m := range find("mark") {
		marks = append(marks, m.attrs["id"]+":"+m.text)
	}
	if !reflect.DeepEqual(marks, []string{"match-1:New", "match-2:York"}) {
		t.Errorf("marks %q", marks)
	}
	if s := find("p"); len(s) != 1 || s[0].text != "2 matches of new york marked: go to the first." {
		t.Errorf("query line %+v", s)
	}
	// The text is the body, whole: anchors and marks add no characters.
	texts := find("div")
	if len(texts) != 1 || texts[0].text != v.Body {
		t.Errorf("text\n got %q\nwant %q", texts[0].text, v.Body)
	}
	spans := find("span")
	var anchors []string
	for _, s := range spans {
		if s.attrs["class"] == "anchor" {
			anchors = append(anchors, s.attrs["id"])
		}
	}
	if !reflect.DeepEqual(anchors, []string{"section-0", "section-1", "section-2"}) {
		t.Errorf("anchors %q", anchors)
	}
}

// TestHTMLEscapes: the record's text, the query and the attributes are text
// on the page, never markup, and a non-http(s) address is never a link.
func TestHTMLEscapes(t *testing.T) {
	v, err := Decode("c1", []byte(`{"name":"<script>alert(1)</script>","body":"a <b>bold</b> & </div> claim",`+
		`"url":"javascript:alert(1)","company":{"name":"\"><img src=x>","value":"1"},"sections":[{"type":"clause","name":"<i>x</i>","span":{"start":0,"end":5}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	v.SetMarks(`"><script>`, "a <b>bold</b> & </div> "+MarkPre+"claim"+MarkPost)
	page := render(t, v)
	for _, e := range elements(t, page) {
		switch e.tag {
		case "script", "img", "b", "i":
			t.Errorf("the page has a <%s> element", e.tag)
		case "a":
			if h := e.attrs["href"]; !strings.HasPrefix(h, "#") {
				t.Errorf("link to %q", h)
			}
		case "div":
			if e.text != v.Body {
				t.Errorf("text %q", e.text)
			}
		case "title":
			if e.text != "<script>alert(1)</script>" {
				t.Errorf("title %q", e.text)
			}
		}
	}
	if !bytes.Contains(page, []byte("a &lt;b&gt;bold&lt;/b&gt; &amp; &lt;/div&gt; <mark id=\"match-1\">claim</mark>")) {
		t.Errorf("body not escaped as expected:\n%s", page)
	}
}

func TestHTMLQueryStates(t *testing.T) {
	for _, tc := range []struct {
		fragment, want string
	}{
		{"", "No match of nope in this text."},
		{"x" + MarkPre + "y", "The matches of nope could not be marked in this text."},
		{"b" + MarkPre + "o" + MarkPost + "dy", "1 match of nope marked: go to the first."},
	} {
		v := &View{ID: "c1", Name: "N", Body: "body"}
		v.SetMarks("nope", tc.fragment)
		var got string
		for _, e := range elements(t, render(t, v)) {
			if e.tag == "p" {
				got = e.text
			}
		}
		if got != tc.want {
			t.Errorf("fragment %q: %q, want %q", tc.fragment, got, tc.want)
		}
	}
	v := &View{ID: "c1", Name: "N", Body: "body"}
	for _, e := range elements(t, render(t, v)) {
		if e.tag == "p" || e.tag == "nav" || e.tag == "details" || e.tag == "table" {
			t.Errorf("a page without query, sections or attributes has a <%s>", e.tag)
		}
	}
}
