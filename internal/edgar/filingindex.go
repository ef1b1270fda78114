package edgar

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/contractsearch/contractsearch/internal/contract/source"
)

// Document is one document of a filing, as its index lists it.
type Document struct {
	// Seq is its sequence in the filing, 0 when the index gives none.
	Seq int
	// Name is its file name in the filing's folder: "ex10-1.htm".
	Name string
	// Type is its EDGAR document type ("EX-10.1"), as the filing index
	// page gives it or as guessed from Name (TypeGuessed).
	Type        string
	TypeGuessed bool
	// Description is the filer's description ("MATERIAL CONTRACT"), if any.
	Description string
	// URL addresses it.
	URL string
}

// FilingIndex is what a filing's index tells: its documents, and the
// filer's SIC code when the page gives it.
type FilingIndex struct {
	Documents []Document
	SIC       string
}

// ParseIndexPage reads a filing index page (<accession>-index.htm): the
// rows of its document tables (the "Document Format Files" and "Data
// Files" tables: Seq, Description, Document, Type, Size, found by their
// header cells) and the SIC code of the filer whose CIK is cik (the
// companyInfo blocks; the first with a code when none has that CIK).
// pageURL resolves the documents' links; a link to another host is not
// followed: the document is addressed in the filing's folder instead.
func ParseIndexPage(data []byte, pageURL *url.URL, cik string) (FilingIndex, error) {
	doc, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		return FilingIndex{}, fmt.Errorf("filing index page: %w", err)
	}
	var idx FilingIndex
	var tables, infos []*html.Node
	walk(doc, func(n *html.Node) bool {
		switch {
		case n.DataAtom == atom.Table:
			tables = append(tables, n)
			return false
		case n.DataAtom == atom.Div && hasClass(n, "companyInfo"):
			infos = append(infos, n)
			return false
		}
		return true
	})
	for _, t := range tables {
		idx.Documents = append(idx.Documents, documentRows(t, pageURL)...)
	}
	if len(infos) == 0 {
		infos = []*html.Node{doc}
	}
	for _, n := range infos {
		text := textOf(n)
		sic := ""
		if m := sicRE.FindStringSubmatch(text); m != nil {
			sic = m[1]
		}
		m := cikRE.FindStringSubmatch(text)
		if m != nil && strings.TrimLeft(m[1], "0") == cik && sic != "" {
			idx.SIC = sic
			break
		}
		if idx.SIC == "" {
			idx.SIC = sic
		}
	}
	return idx, nil
}

var (
	// The code may run into the industry's name when a page puts no space
	// after its link ("3674</a></b>Semiconductors"), so it ends at any
	// non-digit, not at a word boundary.
	sicRE = regexp.MustCompile(`\bSIC\s*:?\s*(\d{3,4})(?:\D|$)`)
	cikRE = regexp.MustCompile(`\bCIK\s*:?\s*(\d{1,10})\b`)
)

// documentRows reads the document rows of a table whose header row names
// the Document and Type columns; other tables give nothing.
func documentRows(table *html.Node, pageURL *url.URL) []Document {
	col := map[string]int{}
	var out []Document
	walk(table, func(n *html.Node) bool {
		if n.DataAtom != atom.Tr {
			return n.DataAtom != atom.Table || n == table
		}
		var cells []*html.Node
		header := false
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.DataAtom == atom.Th || c.DataAtom == atom.Td {
				cells = append(cells, c)
				header = header || c.DataAtom == atom.Th
			}
		}
		if header {
			clear(col)
			for i, c := range cells {
				col[strings.ToLower(strings.TrimSpace(textOf(c)))] = i
			}
			return false
		}
		di, okD := col["document"]
		ti, okT := col["type"]
		if !okD || !okT || di >= len(cells) || ti >= len(cells) {
			return false
		}
		d := Document{Type: strings.TrimSpace(textOf(cells[ti]))}
		name := strings.Fields(textOf(cells[di])) // "form10-k.htm iXBRL"
		if len(name) > 0 {
			d.Name = name[0]
		}
		if i, ok := col["description"]; ok && i < len(cells) {
			d.Description = strings.Join(strings.Fields(textOf(cells[i])), " ")
		}
		if i, ok := col["seq"]; ok && i < len(cells) {
			d.Seq, _ = strconv.Atoi(strings.TrimSpace(textOf(cells[i])))
		}
		if href := linkIn(cells[di]); href != "" {
			d.URL = resolveDocument(pageURL, href)
			if d.Name == "" {
				d.Name = path.Base(d.URL)
			}
		}
		if d.URL == "" && d.Name != "" {
			d.URL = resolveDocument(pageURL, d.Name)
		}
		if d.Name != "" && d.Type != "" && d.URL != "" {
			out = append(out, d)
		}
		return false
	})
	return out
}

// resolveDocument resolves a document link of the page at base: EDGAR's
// inline XBRL viewer links ("/ix?doc=/Archives/…") to the document
// itself; a link to another host or scheme to the name in base's folder.
func resolveDocument(base *url.URL, href string) string {
	ref, err := url.Parse(strings.TrimSpace(href))
	if err != nil {
		return ""
	}
	if doc := ref.Query().Get("doc"); doc != "" && strings.HasSuffix(ref.Path, "/ix") {
		if ref, err = url.Parse(doc); err != nil {
			return ""
		}
	}
	u := base.ResolveReference(ref)
	if u.Host != base.Host || u.Scheme != base.Scheme {
		u = base.ResolveReference(&url.URL{Path: path.Base(ref.Path)})
	}
	u.Fragment = ""
	return u.String()
}

// Directory is the JSON listing of a filing's folder (index.json).
type directory struct {
	Directory struct {
		Name string `json:"name"`
		Item []struct {
			Name string `json:"name"`
			Type string `json:"type"`
		} `json:"item"`
	} `json:"directory"`
}

// ParseDirectory reads a filing folder's JSON listing (index.json). It
// names files only, so each document's type is guessed from its name
// (guessExhibit) against the wanted exhibit types; files that are not
// text or HTML, the complete submission and the index pages are left
// out, as are names that give no exhibit type. folderURL addresses the
// folder, with a trailing slash.
func ParseDirectory(data []byte, folderURL *url.URL, wanted []string) (FilingIndex, error) {
	var d directory
	if err := json.Unmarshal(data, &d); err != nil {
		return FilingIndex{}, fmt.Errorf("filing folder listing: %w", err)
	}
	var idx FilingIndex
	for _, it := range d.Directory.Item {
		name := path.Base(strings.TrimSpace(it.Name))
		if strings.Contains(it.Type, "folder") || !textDocument(name) || strings.Contains(name, "-index") || accessionRE.MatchString(strings.TrimSuffix(name, ".txt")) {
			continue
		}
		typ := guessExhibit(name, wanted)
		if typ == "" {
			continue
		}
		idx.Documents = append(idx.Documents, Document{
			Name: name, Type: typ, TypeGuessed: true,
			URL: folderURL.ResolveReference(&url.URL{Path: name}).String(),
		})
	}
	return idx, nil
}

// textDocument reports whether a document named name is one the ingest
// readers take: HTML or text.
func textDocument(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".htm", ".html", ".txt":
		return true
	}
	return false
}

// exhibitNameRE finds an exhibit number in a file name: "ex10-1",
// "ex-10.1", "exhibit10_1", "d123dex101", "ex101".
var exhibitNameRE = regexp.MustCompile(`(?i)ex(?:hibit|h)?[-_.]?(\d{1,4})(?:[-_.](\d{1,3}))?`)

// guessExhibit gives the exhibit type a file name suggests, in the terms
// of the wanted types, or "". Separated numbers read as exhibit and
// sub-number ("ex10-1" → EX-10.1); run-together digits ("ex101") are
// read as a wanted exhibit's number followed by a sub-number when they
// start with it (EX-10.1 when EX-10 is wanted), else as the exhibit's
// number. Names give no certainty: the type is a guess.
func guessExhibit(name string, wanted []string) string {
	stem := strings.TrimSuffix(name, path.Ext(name))
	ms := exhibitNameRE.FindAllStringSubmatch(stem, -1)
	if ms == nil {
		return ""
	}
	m := ms[len(ms)-1] // the exhibit number is at the end of "d12345dex101"
	num, sub := strings.TrimLeft(m[1], "0"), m[2]
	if num == "" {
		return ""
	}
	if sub != "" {
		return "EX-" + num + "." + sub
	}
	for _, w := range wanted {
		major, _, _ := strings.Cut(strings.TrimPrefix(strings.ToUpper(w), "EX-"), ".")
		if major == "" {
			continue
		}
		if num == major {
			return "EX-" + num
		}
		if strings.HasPrefix(num, major) {
			return "EX-" + major + "." + num[len(major):]
		}
	}
	return "EX-" + num
}

// Wanted keeps the documents of the wanted exhibit types
// (source.ExhibitOfType) that the ingest readers can read.
func (idx FilingIndex) Wanted(exhibits []string) []Document {
	var out []Document
	for _, d := range idx.Documents {
		if !textDocument(d.Name) {
			continue
		}
		for _, w := range exhibits {
			if source.ExhibitOfType(d.Type, w) {
				out = append(out, d)
				break
			}
		}
	}
	return out
}

// walk calls f on n and its descendants, depth first; f returning false
// skips the node's children.
func walk(n *html.Node, f func(*html.Node) bool) {
	if !f(n) {
		return
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, f)
	}
}

func hasClass(n *html.Node, class string) bool {
	for _, a := range n.Attr {
		if a.Key == "class" && slices.Contains(strings.Fields(a.Val), class) {
			return true
		}
	}
	return false
}

// textOf is the text of n's subtree, with a space between elements.
func textOf(n *html.Node) string {
	var b strings.Builder
	walk(n, func(c *html.Node) bool {
		switch c.Type {
		case html.TextNode:
			b.WriteString(c.Data)
		case html.ElementNode:
			b.WriteByte(' ')
		}
		return true
	})
	return strings.Join(strings.Fields(b.String()), " ")
}

// linkIn is the href of the first link in n.
func linkIn(n *html.Node) string {
	var href string
	walk(n, func(c *html.Node) bool {
		if href != "" {
			return false
		}
		if c.DataAtom == atom.A {
			for _, a := range c.Attr {
				if a.Key == "href" {
					href = a.Val
				}
			}
		}
		return true
	})
	return href
}
