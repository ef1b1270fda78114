package democorpus

import (
	"fmt"
	"html"
	"strings"
)

// legend is what a filer puts above an exhibit: its exhibit number and,
// for redacted agreements, the confidential-treatment notice.
type legend struct {
	Exhibit  string // "Exhibit 10.1", or ""
	Redacted bool
}

const redactionNotice = "CERTAIN CONFIDENTIAL INFORMATION CONTAINED IN THIS DOCUMENT, MARKED BY [***], HAS BEEN OMITTED BECAUSE IT IS NOT MATERIAL AND WOULD LIKELY CAUSE COMPETITIVE HARM TO THE REGISTRANT IF PUBLICLY DISCLOSED."

// blockText is a block as one plain-text paragraph (lines joined by \n).
func blockText(x block) string {
	join := func(parts ...string) string {
		var nonEmpty []string
		for _, p := range parts {
			if p != "" {
				nonEmpty = append(nonEmpty, p)
			}
		}
		return strings.Join(nonEmpty, " ")
	}
	switch x.Kind {
	case blockTitle:
		return x.Text
	case blockHeading:
		if x.Num == "" {
			return x.Head
		}
		return x.Num + x.Sep + x.Head
	case blockRunIn:
		return join(x.Num, x.Head+".", x.Text)
	case blockDef:
		return join(x.Num, x.Term, x.Text)
	case blockSig:
		return strings.Join(x.Lines, "\n")
	case blockBreak:
		return ""
	default:
		return join(x.Num, x.Text)
	}
}

// plainText is the canonical text of a contract: one paragraph per block,
// blank lines between. It is what a perfect reader would recover from any
// of the contract's files, and what the tests compare them with.
func plainText(blocks []block) string {
	var b strings.Builder
	for _, x := range blocks {
		if x.Kind == blockBreak {
			continue
		}
		b.WriteString(blockText(x))
		b.WriteString("\n\n")
	}
	return b.String()
}

// redact replaces the dollar amounts and percentages of a confidential
// agreement with the [***] marker filers use.
func redact(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '$' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
			j := i + 1
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ',' || s[j] == '.' && j+1 < len(s) && s[j+1] >= '0' && s[j+1] <= '9') {
				j++
			}
			b.WriteString("[***]")
			i = j - 1
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// renderText writes a contract as a clean text file: legend lines, then
// one paragraph per line.
func renderText(lg legend, blocks []block) string {
	var b strings.Builder
	if lg.Exhibit != "" {
		b.WriteString(lg.Exhibit + "\n\n")
	}
	if lg.Redacted {
		b.WriteString(redactionNotice + "\n\n")
	}
	b.WriteString(plainText(blocks))
	return b.String()
}

// paged describes the page furniture of a text file extracted from a
// printed filing.
type paged struct {
	Width     int    // line width for hard wrapping
	PageLines int    // lines per page
	Footer    string // "Source: …" line above the page number, or ""
	NumStyle  int    // 0: "7", 1: "- 7 -", 2: "Page 7"
	Hyphenate bool   // split long words at line ends, as PDF text does
}

// renderPaged writes a contract as text hard-wrapped into pages with
// footers and page numbers, the way text extracted from PDF or old EDGAR
// filings looks; readers must undo it.
func renderPaged(lg legend, blocks []block, p paged, r *rng) string {
	var lines []string
	if lg.Exhibit != "" {
		lines = append(lines, strings.Repeat(" ", p.Width-len(lg.Exhibit))+lg.Exhibit, "")
	}
	if lg.Redacted {
		lines = append(lines, wrap(redactionNotice, p.Width, false, r)...)
		lines = append(lines, "")
	}
	for _, x := range blocks {
		switch x.Kind {
		case blockTitle:
			lines = append(lines, center(x.Text, p.Width), "")
		case blockSig:
			lines = append(lines, x.Lines...)
			lines = append(lines, "")
		case blockBreak:
			lines = append(lines, "", "")
		case blockHeading:
			for _, l := range strings.Split(blockText(x), "\n") {
				lines = append(lines, center(l, p.Width))
			}
			lines = append(lines, "")
		default:
			lines = append(lines, wrap(blockText(x), p.Width, p.Hyphenate, r)...)
			lines = append(lines, "")
		}
	}
	var b strings.Builder
	page := 1
	for i := 0; i < len(lines); i += p.PageLines {
		end := min(i+p.PageLines, len(lines))
		for _, l := range lines[i:end] {
			b.WriteString(l)
			b.WriteByte('\n')
		}
		b.WriteByte('\n')
		if p.Footer != "" {
			b.WriteString(p.Footer + "\n")
		}
		num := fmt.Sprint(page)
		switch p.NumStyle {
		case 1:
			num = "- " + num + " -"
		case 2:
			num = "Page " + num
		}
		b.WriteString(center(num, p.Width) + "\n\n")
		page++
	}
	return b.String()
}

func center(s string, width int) string {
	if pad := (width - len(s)) / 2; pad > 0 {
		return strings.Repeat(" ", pad) + s
	}
	return s
}

// wrap breaks a paragraph into lines of at most width bytes. With
// hyphenate, a long word that does not fit is sometimes split with a
// hyphen, as text extracted from typeset PDF is.
func wrap(s string, width int, hyphenate bool, r *rng) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = w
		case len(line)+1+len(w) <= width:
			line += " " + w
		case hyphenate && len(w) >= 9 && isLetters(w) && len(line)+6 <= width && r.chance(0.5):
			cut := min(len(w)/2, width-len(line)-2)
			lines = append(lines, line+" "+w[:cut]+"-")
			line = w[cut:]
		default:
			lines = append(lines, line)
			line = w
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

func isLetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// htmlStyle is the look of one HTML rendition.
type htmlStyle struct {
	CurlyEntities bool // write curly quotes as &#8220; … and apostrophes as &#8217;
	PageEvery     int  // blocks per page; a page number and a page break after each
	Upper         bool // upper-case element names, as older EDGAR HTML has
}

// renderHTML writes a contract as an EDGAR-style HTML exhibit: paragraphs
// with inline styles, bold and underlined headings, a signature table,
// page numbers and page-break rules.
func renderHTML(lg legend, title string, blocks []block, st htmlStyle) string {
	esc := func(s string) string {
		s = html.EscapeString(s)
		s = strings.ReplaceAll(s, "&#34;", `"`)
		if st.CurlyEntities {
			s = strings.NewReplacer("\u201c", "&#8220;", "\u201d", "&#8221;", "&#39;", "&#8217;").Replace(s)
		} else {
			s = strings.ReplaceAll(s, "&#39;", "'")
		}
		return s
	}
	var b strings.Builder
	tag := func(s string) string {
		if st.Upper {
			return strings.ToUpper(s)
		}
		return s
	}
	fmt.Fprintf(&b, "<%s>\n<%s>\n<%s>%s</%s>\n", tag("html"), tag("head"), tag("title"), esc(title), tag("title"))
	b.WriteString(`<meta http-equiv="Content-Type" content="text/html; charset=utf-8">` + "\n")
	b.WriteString("<style type=\"text/css\">\np { margin: 0 0 10pt 0; font-family: 'Times New Roman', serif; font-size: 10pt; }\n.center { text-align: center; }\n</style>\n")
	fmt.Fprintf(&b, "</%s>\n<%s>\n<!-- prepared for the contractsearch demo corpus -->\n<div style=\"font-family:'Times New Roman'; font-size:10pt\">\n", tag("head"), tag("body"))
	p := func(attrs, inner string) {
		fmt.Fprintf(&b, "<%s%s>%s</%s>\n", tag("p"), attrs, inner, tag("p"))
	}
	if lg.Exhibit != "" {
		p(` align="right"`, "<b>"+esc(lg.Exhibit)+"</b>")
	}
	if lg.Redacted {
		p(` style="text-align:justify"`, "<i>"+esc(redactionNotice)+"</i>")
	}
	num := func(n string) string {
		if n == "" {
			return ""
		}
		return esc(n) + "&nbsp;&nbsp;"
	}
	page := 1
	var sigs []block
	flushSigs := func() {
		if len(sigs) == 0 {
			return
		}
		fmt.Fprintf(&b, "<%s width=\"100%%\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\">\n<tr>\n", tag("table"))
		for _, s := range sigs {
			fmt.Fprintf(&b, "<td width=\"50%%\" valign=\"top\">")
			for _, l := range s.Lines {
				fmt.Fprintf(&b, "<p>%s</p>", esc(l))
			}
			b.WriteString("</td>\n")
		}
		fmt.Fprintf(&b, "</tr>\n</%s>\n", tag("table"))
		sigs = nil
	}
	for i, x := range blocks {
		if x.Kind != blockSig {
			flushSigs()
		}
		switch x.Kind {
		case blockTitle:
			p(` class="center"`, "<b>"+esc(x.Text)+"</b>")
		case blockHeading:
			inner := "<b>" + esc(x.Head) + "</b>"
			if x.Num != "" {
				sep := " "
				if x.Sep == "\n" {
					sep = "<br>\n"
				}
				inner = "<b>" + esc(x.Num) + "</b>" + sep + inner
			}
			p(` class="center"`, inner)
		case blockRunIn:
			p(` style="text-align:justify"`, num(x.Num)+"<u>"+esc(x.Head)+"</u>. "+esc(x.Text))
		case blockDef:
			term := x.Term
			open, close := term[:len(term)-len(strings.TrimLeft(term, "\"\u201c"))], ""
			inner := strings.TrimLeft(term, "\"\u201c")
			rest := strings.TrimRight(inner, "\"\u201d")
			close = inner[len(rest):]
			p(` style="text-align:justify"`, num(x.Num)+esc(open)+"<b>"+esc(rest)+"</b>"+esc(close)+" "+esc(x.Text))
		case blockSig:
			sigs = append(sigs, x)
		case blockBreak:
			fmt.Fprintf(&b, "<hr style=\"page-break-after:always\" noshade size=\"1\">\n")
		default:
			p(` style="text-align:justify"`, num(x.Num)+esc(x.Text))
		}
		if st.PageEvery > 0 && (i+1)%st.PageEvery == 0 && i+1 < len(blocks) && x.Kind != blockSig {
			p(` class="center"`, fmt.Sprint(page))
			fmt.Fprintf(&b, "<hr style=\"page-break-after:always\" noshade size=\"1\">\n")
			page++
		}
	}
	flushSigs()
	fmt.Fprintf(&b, "</div>\n</%s>\n</%s>\n", tag("body"), tag("html"))
	return b.String()
}
