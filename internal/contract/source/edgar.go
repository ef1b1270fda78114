package source

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
)

// header is what an EDGAR <SEC-HEADER> says about the filing.
type header struct {
	accession string // "0000950123-10-012345"
	formType  string // "8-K"
	filed     string // "2010-02-10"
	company   string
	cik       string // without leading zeros
	sic       string // "7372"
	sicName   string // "SERVICES-PREPACKAGED SOFTWARE"
}

// parseHeader reads the header in either of EDGAR's forms: "KEY:\tvalue"
// lines (the .txt submission) or SGML tags ("<ACCESSION-NUMBER>…", the
// .hdr.sgml form). The company is the first one listed under FILER, else
// under SUBJECT COMPANY, else the first listed at all. Missing fields stay
// empty.
func parseHeader(h string) header {
	var hd header
	type company struct{ name, cik, sic string }
	var filer, subject, first company
	section := ""
	cur := func() *company {
		switch {
		case section == "FILER" && filer.name == "" && filer.cik == "":
			return &filer
		case section == "SUBJECT COMPANY" && subject.name == "" && subject.cik == "":
			return &subject
		}
		return nil
	}
	var active *company
	for line := range strings.Lines(h) {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		key, val, ok := headerField(line)
		if !ok {
			continue
		}
		switch key {
		case "FILER", "SUBJECT COMPANY", "FILED BY", "REPORTING-OWNER", "ISSUER":
			if val == "" {
				section = key
				active = cur()
			}
		case "ACCESSION NUMBER", "ACCESSION-NUMBER":
			hd.accession = val
		case "CONFORMED SUBMISSION TYPE", "TYPE":
			if hd.formType == "" {
				hd.formType = val
			}
		case "FILED AS OF DATE", "FILING-DATE":
			hd.filed = edgarDate(val)
		case "COMPANY CONFORMED NAME", "CONFORMED-NAME":
			if first.name == "" {
				first.name = val
			}
			if active != nil && active.name == "" {
				active.name = val
			}
		case "CENTRAL INDEX KEY", "CIK":
			if first.cik == "" {
				first.cik = val
			}
			if active != nil && active.cik == "" {
				active.cik = val
			}
		case "STANDARD INDUSTRIAL CLASSIFICATION", "ASSIGNED-SIC":
			if first.sic == "" {
				first.sic = val
			}
			if active != nil && active.sic == "" {
				active.sic = val
			}
		}
	}
	c := first
	switch {
	case filer.name != "":
		c = filer
	case subject.name != "":
		c = subject
	}
	hd.company = c.name
	hd.cik = strings.TrimLeft(c.cik, "0")
	if !allDigits(hd.cik) {
		hd.cik = ""
	}
	hd.sicName, hd.sic = splitSIC(c.sic)
	return hd
}

// headerField splits "KEY:\tvalue" or "<KEY>value" into an upper-case key
// and a value.
func headerField(line string) (string, string, bool) {
	if strings.HasPrefix(line, "<") {
		end := strings.IndexByte(line, '>')
		if end < 2 || line[1] == '/' {
			return "", "", false
		}
		return strings.ToUpper(line[1:end]), strings.TrimSpace(line[end+1:]), true
	}
	k, v, ok := strings.Cut(line, ":")
	if !ok {
		return "", "", false
	}
	return strings.ToUpper(strings.TrimSpace(k)), strings.TrimSpace(v), true
}

// splitSIC reads "SERVICES-PREPACKAGED SOFTWARE [7372]" or "7372".
func splitSIC(s string) (name, code string) {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '['); i >= 0 && strings.HasSuffix(s, "]") {
		code = strings.TrimSpace(s[i+1 : len(s)-1])
		name = strings.TrimSpace(s[:i])
	} else if allDigits(s) {
		code = s
	} else {
		name = s
	}
	if !allDigits(code) || strings.Trim(code, "0") == "" {
		code = ""
	}
	return name, code
}

// edgarDate turns "20100210" into "2010-02-10"; anything else into "".
func edgarDate(s string) string {
	if len(s) >= 8 && allDigits(s[:8]) {
		return s[:4] + "-" + s[4:6] + "-" + s[6:8]
	}
	return NormalizeDate(s)
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// readEDGAR splits a full submission into its contract exhibits.
func readEDGAR(name string, data []byte, opts Options) ([]Document, error) {
	s := string(data)
	var hd header
	if i := strings.Index(s, "<SEC-HEADER>"); i >= 0 {
		end := strings.Index(s[i:], "</SEC-HEADER>")
		if end < 0 {
			end = min(len(s)-i, 64<<10)
		}
		hd = parseHeader(s[i+len("<SEC-HEADER>") : i+end])
	} else if i := strings.Index(s, "<IMS-HEADER>"); i >= 0 {
		end := strings.Index(s[i:], "</IMS-HEADER>")
		if end < 0 {
			end = min(len(s)-i, 64<<10)
		}
		hd = parseHeader(s[i+len("<IMS-HEADER>") : i+end])
	}
	exhibits := opts.Exhibits
	if exhibits == nil {
		exhibits = DefaultExhibits
	}
	var docs []Document
	rest := s
	seen := 0 // <DOCUMENT>s, for the refusal
	for {
		i := strings.Index(rest, "<DOCUMENT>")
		if i < 0 {
			break
		}
		rest = rest[i+len("<DOCUMENT>"):]
		end := strings.Index(rest, "</DOCUMENT>")
		body := rest
		if end >= 0 {
			body = rest[:end]
			rest = rest[end:]
		} else {
			rest = ""
		}
		seen++
		d, ok, err := edgarDocument(name, body, exhibits)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		d.Meta.CompanyName = hd.company
		d.Meta.CompanyID = hd.cik
		d.Meta.FilingDate = hd.filed
		d.Meta.FilingType = hd.formType
		d.Meta.FilingID = hd.accession
		d.Meta.SIC = hd.sic
		d.Meta.IndustryName = hd.sicName
		d.Meta.Source = "www.sec.gov"
		if hd.cik != "" && hd.accession != "" && d.filename != "" {
			d.Meta.URL = "https://www.sec.gov/Archives/edgar/data/" + hd.cik + "/" + strings.ReplaceAll(hd.accession, "-", "") + "/" + d.filename
		}
		docs = append(docs, d.Document)
	}
	if len(docs) == 0 {
		if seen == 0 {
			return nil, refuse(name, ErrNoContract, "no <DOCUMENT> in it")
		}
		return nil, refuse(name, ErrNoContract, "none of its %d documents is an exhibit of type %s or one naming an agreement", seen, strings.Join(exhibits, ", "))
	}
	return docs, nil
}

type edgarDoc struct {
	Document
	filename string
}

// edgarDocument reads one <DOCUMENT> and reports whether it is a contract
// with text. Its <DESCRIPTION>, or else its HTML <title>, is the title of
// last resort when usableTitle says it can be one.
func edgarDocument(name, body string, exhibits []string) (edgarDoc, bool, error) {
	var d edgarDoc
	typ, description := "", ""
	textAt := strings.Index(body, "<TEXT>")
	meta := body
	if textAt >= 0 {
		meta = body[:textAt]
	}
	for line := range strings.Lines(meta) {
		key, val, ok := headerField(strings.TrimSpace(line))
		if !ok {
			continue
		}
		switch key {
		case "TYPE":
			typ = strings.ToUpper(val)
		case "FILENAME":
			d.filename = val
		case "DESCRIPTION":
			description = val
		case "SEQUENCE":
			if n, err := strconv.Atoi(val); err == nil && n > 0 {
				d.Sequence = n
			}
		}
	}
	if textAt < 0 {
		return d, false, nil
	}
	text := body[textAt+len("<TEXT>"):]
	if j := strings.Index(text, "</TEXT>"); j >= 0 {
		text = text[:j]
	}
	trimmed := strings.TrimSpace(text)
	if strings.HasPrefix(trimmed, "<PDF>") || strings.HasPrefix(trimmed, "begin ") || strings.HasPrefix(trimmed, "<XML>") {
		return d, false, nil // an encoded file, not text
	}
	if !strings.HasPrefix(typ, "EX-") || !isContractExhibit(typ, description, trimmed, exhibits) {
		return d, false, nil
	}
	d.Meta.ExhibitID, d.Format = typ, EDGAR
	if usableTitle(description) {
		d.Meta.Description = description
	}
	if looksHTML(trimmed) {
		t, title, err := htmlText(name+"#"+typ, []byte(text))
		if err != nil {
			return d, false, err
		}
		d.Text = t
		if d.Meta.Description == "" && usableTitle(title) {
			d.Meta.Description = title
		}
	} else {
		d.Text = edgarPlainText(text)
	}
	return d, strings.TrimSpace(d.Text) != "", nil
}

// htmlTag matches the start tags that make a document HTML; EDGAR's
// plain-text markup (<PAGE>, <S>, <C>, <TABLE>, <CAPTION> in capitals)
// does not.
var htmlTag = regexp.MustCompile(`(?i)<(html|body|p|div|br|font)[\s/>]`)

// looksHTML reports whether an exhibit's text is HTML, from its first 4 KB.
func looksHTML(s string) bool {
	return htmlTag.MatchString(s[:min(len(s), 4096)])
}

// usableTitle reports whether an EDGAR description or HTML title can stand
// in for a contract's title: it has a word of four letters or more and is
// not an exhibit type or a file name ("EX-10.1", "EXHIBIT 10.1",
// "d123dex101.htm").
func usableTitle(s string) bool {
	u := strings.ToUpper(s)
	if s == "" || strings.HasPrefix(u, "EX-") || strings.HasPrefix(u, "EXHIBIT") ||
		strings.HasSuffix(u, ".HTM") || strings.HasSuffix(u, ".HTML") || strings.HasSuffix(u, ".TXT") {
		return false
	}
	run := 0
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			run++
			if run >= 4 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// isContractExhibit reports whether an exhibit of type typ is a contract:
// its type is listed (a prefix ending at a boundary: "EX-10" matches
// "EX-10.1" but not "EX-101"), or its description or opening names an
// agreement or contract.
func isContractExhibit(typ, description, text string, exhibits []string) bool {
	for _, e := range exhibits {
		if ExhibitOfType(typ, e) {
			return true
		}
	}
	if strings.HasPrefix(typ, "EX-101") {
		return false // XBRL
	}
	probe := strings.ToLower(description + " " + text[:min(len(text), 1200)])
	return strings.Contains(probe, "agreement") || strings.Contains(probe, "contract")
}

// ExhibitOfType reports whether the exhibit type typ ("EX-10.1") is of
// the type want ("EX-10"), case-insensitively: want is typ or a prefix of
// it ending at a boundary, so "EX-10" matches "EX-10.1" and "EX-10(a)" but
// not "EX-101" (XBRL). The reader picks contract exhibits by it, and
// internal/edgar the exhibits it fetches.
func ExhibitOfType(typ, want string) bool {
	typ = strings.ToUpper(strings.TrimSpace(typ))
	want = strings.ToUpper(strings.TrimSpace(want))
	if want == "" {
		return false
	}
	return typ == want || strings.HasPrefix(typ, want) && !isDigit(typ[len(want)])
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// edgarPlainText removes the SGML tags of EDGAR plain-text exhibits —
// <PAGE> becomes a page break; <S>, <C>, <TABLE>, <CAPTION>, <FN> go, and
// so does any other short tag that stands alone on its line.
func edgarPlainText(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	var b bytes.Buffer
	b.Grow(len(s))
	for len(s) > 0 {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		s = s[i:]
		end := strings.IndexByte(s, '>')
		if end < 0 || end > 12 {
			b.WriteByte('<')
			s = s[1:]
			continue
		}
		tag := strings.ToUpper(strings.Trim(s[1:end], "/"))
		switch tag {
		case "PAGE":
			b.WriteString("\n\f\n")
		case "S", "C", "TABLE", "CAPTION", "FN", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9":
		default:
			if !aloneOnLine(b.Bytes(), s[end+1:]) || strings.ContainsAny(tag, " <") || tag == "" {
				b.WriteString(s[:end+1])
			} // else another SGML tag of EDGAR's (<R>, <LEGEND>): a line of its own, not text
		}
		s = s[end+1:]
	}
	return b.String()
}

// aloneOnLine reports whether a tag between before and after has nothing
// but spaces and tabs beside it on its line.
func aloneOnLine(before []byte, after string) bool {
	i := bytes.LastIndexByte(before, '\n')
	if len(bytes.Trim(before[i+1:], " \t")) > 0 {
		return false
	}
	line, _, _ := strings.Cut(after, "\n")
	return strings.Trim(line, " \t\r") == ""
}
