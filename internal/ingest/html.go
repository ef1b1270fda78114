package ingest

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// readHTML reads an HTML contract: its visible text, one line per block,
// and its <title> as the fallback title.
func readHTML(_ string, data []byte) ([]Document, error) {
	if err := CheckText(data); err != nil {
		return nil, err
	}
	text, title := htmlText(bytes.TrimPrefix(data, utf8BOM))
	if strings.TrimSpace(text) == "" {
		return nil, refused("HTML without text")
	}
	return []Document{{Text: text, Meta: metaWithDescription(title)}}, nil
}

// htmlText extracts the text an HTML document shows: blocks (paragraphs,
// divisions, headings, list items, table rows …) become lines separated by
// a blank line, <br> a line break, table cells are separated by a tab;
// white space inside a block collapses to one space except in <pre>;
// entities are decoded (&#8220; → “, &nbsp; → U+00A0, which cleaning
// turns into a space); <script>, <style>, <head> and comments are dropped.
// It also returns the text of <title>.
//
// It uses the tokenizer, not the tree builder: memory stays proportional to
// the text whatever the nesting depth, and malformed markup cannot make it
// fail (html.Tokenizer recovers from everything, as browsers do).
func htmlText(data []byte) (text, title string) {
	z := html.NewTokenizer(bytes.NewReader(data))
	var b strings.Builder
	b.Grow(len(data) / 2)
	var titleB strings.Builder
	skip := 0 // depth inside elements whose text is not shown
	pre := 0  // depth inside <pre>
	inTitle := false
	pendingSpace := false
	newBlock := func() {
		pendingSpace = false
		s := b.String()
		switch {
		case len(s) == 0, strings.HasSuffix(s, "\n\n"):
		case strings.HasSuffix(s, "\n"):
			b.WriteByte('\n')
		default:
			b.WriteString("\n\n")
		}
	}
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return strings.TrimSpace(b.String()) + "\n", strings.Join(strings.Fields(titleB.String()), " ")
		case html.TextToken:
			raw := z.Text()
			if inTitle {
				titleB.Write(raw)
				continue
			}
			if skip > 0 {
				continue
			}
			if pre > 0 {
				b.Write(raw)
				continue
			}
			for _, f := range splitHTMLSpace(raw) {
				if f == nil {
					pendingSpace = true
					continue
				}
				if pendingSpace && !atLineStart(&b) {
					b.WriteByte(' ')
				}
				pendingSpace = false
				b.Write(f)
			}
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			start := tt != html.EndTagToken
			switch a {
			case atom.Script, atom.Style, atom.Head, atom.Noscript, atom.Template, atom.Object, atom.Svg, atom.Math:
				if tt == html.SelfClosingTagToken {
					continue
				}
				if start {
					skip++
				} else if skip > 0 {
					skip--
				}
			case atom.Title:
				inTitle = start && tt != html.SelfClosingTagToken
			case atom.Br:
				if skip == 0 {
					pendingSpace = false
					b.WriteByte('\n')
				}
			case atom.Td, atom.Th:
				if skip == 0 && start && !atLineStart(&b) {
					pendingSpace = false
					b.WriteByte('\t')
				}
			case atom.Pre:
				if start && tt != html.SelfClosingTagToken {
					pre++
				} else if !start && pre > 0 {
					pre--
				}
				if skip == 0 {
					newBlock()
				}
			default:
				if skip == 0 && blockElements[a] {
					newBlock()
				}
			}
		}
	}
}

// blockElements are the elements that start and end a line of text.
var blockElements = map[atom.Atom]bool{
	atom.P: true, atom.Div: true, atom.H1: true, atom.H2: true, atom.H3: true,
	atom.H4: true, atom.H5: true, atom.H6: true, atom.Li: true, atom.Ul: true,
	atom.Ol: true, atom.Dl: true, atom.Dt: true, atom.Dd: true, atom.Tr: true,
	atom.Table: true, atom.Blockquote: true, atom.Hr: true, atom.Center: true,
	atom.Section: true, atom.Article: true, atom.Header: true, atom.Footer: true,
	atom.Address: true, atom.Caption: true, atom.Body: true, atom.Html: true,
	atom.Form: true, atom.Fieldset: true, atom.Figure: true, atom.Main: true,
	atom.Nav: true, atom.Aside: true, atom.Tbody: true, atom.Thead: true, atom.Tfoot: true,
}

// splitHTMLSpace splits text at runs of HTML white space (space, tab, LF,
// FF, CR), returning the words with a nil between them and at either end
// where there was space. U+00A0 is not HTML white space and is kept.
func splitHTMLSpace(s []byte) [][]byte {
	var out [][]byte
	i := 0
	for i < len(s) {
		if isHTMLSpace(s[i]) {
			for i < len(s) && isHTMLSpace(s[i]) {
				i++
			}
			out = append(out, nil)
			continue
		}
		j := i
		for j < len(s) && !isHTMLSpace(s[j]) {
			j++
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

func isHTMLSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

func atLineStart(b *strings.Builder) bool {
	s := b.String()
	return len(s) == 0 || s[len(s)-1] == '\n' || s[len(s)-1] == '\t'
}
