package source

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// htmlText extracts the text of an HTML document: blocks (p, div, h1–h6,
// li, tr, table, blockquote …) become paragraphs, <br> a line break,
// table cells are set apart by three spaces (which the cleaner reads as a
// column gap), script, style, title, noscript, template, svg, math, object
// and iframe content is dropped, entities are decoded, white space inside
// a block is collapsed (kept in <pre>). EDGAR's <PAGE> marks a page break.
// It also returns the text of <title>, white space collapsed. The
// tokenizer builds no tree, so deeply nested markup costs no stack. data
// is UTF-8 already (decodeText).
func htmlText(name string, data []byte) (text, title string, err error) {
	var w textWriter
	var tb strings.Builder
	z := html.NewTokenizer(bytes.NewReader(data))
	skip := 0                          // depth inside elements whose text is not content
	inTitle, titleDone := false, false // the first <title> is the document's
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if err := z.Err(); err != io.EOF {
				return "", "", fmt.Errorf("source: %s: html: %w", name, err)
			}
			return w.String(), strings.Join(strings.Fields(tb.String()), " "), nil
		case html.TextToken:
			switch {
			case inTitle:
				tb.Write(z.Text())
			case skip == 0:
				w.text(z.Text())
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			tn, _ := z.TagName()
			a := atom.Lookup(tn)
			if a == atom.Title {
				inTitle = tt == html.StartTagToken && !titleDone
			}
			switch {
			case skipped[a]:
				if tt == html.StartTagToken {
					skip++
				}
			case a == atom.Body:
				skip = 0 // an unclosed <style> in the head does not hide the body
			case a == atom.Br:
				w.lineBreak()
			case a == atom.Pre:
				w.pre++
				w.paragraph()
			case a == atom.Td || a == atom.Th:
				w.gap()
			case blocks[a]:
				w.paragraph()
			case a == 0 && strings.EqualFold(string(tn), "page"):
				w.pageBreak()
			}
		case html.EndTagToken:
			tn, _ := z.TagName()
			a := atom.Lookup(tn)
			if a == atom.Title && inTitle {
				inTitle, titleDone = false, true
			}
			switch {
			case skipped[a]:
				if skip > 0 {
					skip--
				}
			case a == atom.Pre:
				if w.pre > 0 {
					w.pre--
				}
				w.paragraph()
			case blocks[a]:
				w.paragraph()
			}
		}
	}
}

var skipped = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Title: true, atom.Noscript: true, atom.Template: true,
	atom.Svg: true, atom.Math: true, atom.Object: true, atom.Iframe: true,
}

var blocks = map[atom.Atom]bool{
	atom.P: true, atom.Div: true, atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true, atom.H5: true,
	atom.H6: true, atom.Li: true, atom.Ul: true, atom.Ol: true, atom.Tr: true, atom.Table: true,
	atom.Blockquote: true, atom.Section: true, atom.Article: true, atom.Header: true, atom.Footer: true,
	atom.Hr: true, atom.Dd: true, atom.Dt: true, atom.Dl: true, atom.Center: true, atom.Address: true,
	atom.Caption: true, atom.Thead: true, atom.Tbody: true, atom.Tfoot: true, atom.Form: true,
	atom.Fieldset: true, atom.Main: true, atom.Nav: true, atom.Aside: true, atom.Figure: true,
	atom.Figcaption: true, atom.Body: true, atom.Html: true,
}

// textWriter accumulates text with at most one pending separator, so
// nested blocks produce one paragraph break, not many.
type textWriter struct {
	b   strings.Builder
	sep string // pending separator: " ", "   ", "\n", "\n\n", "\n\f\n"
	pre int
}

func (w *textWriter) text(t []byte) {
	if w.pre > 0 {
		w.flush()
		w.b.Write(t)
		return
	}
	for len(t) > 0 {
		i := 0
		for i < len(t) && isHTMLSpace(t[i]) {
			i++
		}
		if i > 0 {
			w.space()
			t = t[i:]
			continue
		}
		j := 0
		for j < len(t) && !isHTMLSpace(t[j]) {
			j++
		}
		w.flush()
		w.b.Write(t[:j])
		t = t[j:]
	}
}

func isHTMLSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' }

// stronger keeps the stronger of two separators.
func (w *textWriter) set(sep string) {
	rank := func(s string) int {
		switch s {
		case "":
			return 0
		case " ":
			return 1
		case "   ":
			return 2
		case "\n":
			return 3
		case "\n\n":
			return 4
		}
		return 5
	}
	if rank(sep) > rank(w.sep) {
		w.sep = sep
	}
}

func (w *textWriter) space()     { w.set(" ") }
func (w *textWriter) gap()       { w.set("   ") }
func (w *textWriter) lineBreak() { w.set("\n") }
func (w *textWriter) paragraph() { w.set("\n\n") }
func (w *textWriter) pageBreak() { w.set("\n\f\n") }

// flush writes the pending separator before text, never at the start.
func (w *textWriter) flush() {
	if w.sep != "" && w.b.Len() > 0 {
		w.b.WriteString(w.sep)
	}
	w.sep = ""
}

// String returns the text written so far; a pending separator is dropped.
func (w *textWriter) String() string { return w.b.String() }
