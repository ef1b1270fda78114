package ingest

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// An EDGAR full submission (the .txt of an accession, as EDGAR serves it):
//
//	<SEC-DOCUMENT>0000950123-10-012345.txt : 20100315
//	<SEC-HEADER>…
//	ACCESSION NUMBER:		0000950123-10-012345
//	CONFORMED SUBMISSION TYPE:	8-K
//	FILED AS OF DATE:		20100315
//	  COMPANY CONFORMED NAME:	ACME CORP
//	  CENTRAL INDEX KEY:		0001001039
//	  STANDARD INDUSTRIAL CLASSIFICATION:	FOOD AND KINDRED PRODUCTS [2000]
//	</SEC-HEADER>
//	<DOCUMENT>
//	<TYPE>EX-10.1
//	<SEQUENCE>2
//	<FILENAME>d123dex101.htm
//	<DESCRIPTION>SUPPLY AGREEMENT
//	<TEXT>
//	… HTML or plain text …
//	</TEXT>
//	</DOCUMENT>
//
// Each contract exhibit (EX-1 underwriting, EX-2 acquisition, EX-4
// instruments, EX-10 material contracts) becomes one contract; the form
// itself and other exhibits are left out. The header's first filer is the
// company.

// isSubmission reports whether data starts as an EDGAR full submission.
func isSubmission(data []byte) bool {
	head := bytes.TrimLeft(bytes.TrimPrefix(data[:min(len(data), 512)], utf8BOM), " \t\r\n")
	for _, tag := range [][]byte{[]byte("<SEC-DOCUMENT>"), []byte("<SEC-HEADER>"), []byte("<IMS-DOCUMENT>"), []byte("<IMS-HEADER>")} {
		if bytes.HasPrefix(head, tag) {
			return true
		}
	}
	return false
}

// contractExhibit matches the exhibit types that hold contracts.
var contractExhibit = regexp.MustCompile(`^EX-(1|2|4|10)(\.|\(|$)`)

// readSubmission reads the contract exhibits of an EDGAR full submission.
func readSubmission(_ string, data []byte) ([]Document, error) {
	s := string(data)
	meta := submissionHeader(s)
	var docs []Document
	types := 0
	for rest := s; ; {
		i := strings.Index(rest, "<DOCUMENT>")
		if i < 0 {
			break
		}
		rest = rest[i+len("<DOCUMENT>"):]
		end := strings.Index(rest, "</DOCUMENT>")
		body := rest
		if end >= 0 {
			body, rest = rest[:end], rest[end+len("</DOCUMENT>"):]
		} else {
			rest = ""
		}
		types++
		typ := strings.ToUpper(tagValue(body, "<TYPE>"))
		if !contractExhibit.MatchString(typ) {
			continue
		}
		seq, _ := strconv.Atoi(tagValue(body, "<SEQUENCE>"))
		text := body
		if t := strings.Index(text, "<TEXT>"); t >= 0 {
			text = text[t+len("<TEXT>"):]
			if e := strings.LastIndex(text, "</TEXT>"); e >= 0 {
				text = text[:e]
			}
		}
		m := meta
		m.ExhibitID = typ
		if d := tagValue(body, "<DESCRIPTION>"); usableTitle(d) {
			m.Description = d
		}
		if looksHTML(text) {
			t, title := htmlText([]byte(text))
			text = t
			if m.Description == "" && usableTitle(title) {
				m.Description = title
			}
		} else {
			text = stripPlainTags(text)
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		docs = append(docs, Document{Text: text, Meta: m, Sequence: seq})
	}
	if len(docs) == 0 {
		if types == 0 {
			return nil, refused("EDGAR submission without <DOCUMENT>s")
		}
		return nil, refused("EDGAR submission without a contract exhibit (EX-1, EX-2, EX-4, EX-10) among its %d documents", types)
	}
	return docs, nil
}

// submissionHeader reads the metadata of the <SEC-HEADER>.
func submissionHeader(s string) contract.Meta {
	var m contract.Meta
	end := strings.Index(s, "</SEC-HEADER>")
	if end < 0 {
		end = strings.Index(s, "</IMS-HEADER>")
	}
	if end < 0 {
		end = min(len(s), 64<<10)
	}
	for line := range strings.Lines(s[:end]) {
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if value == "" {
			continue
		}
		first := func(p *string, v string) {
			if *p == "" {
				*p = v
			}
		}
		switch key {
		case "ACCESSION NUMBER":
			first(&m.FilingID, value)
		case "CONFORMED SUBMISSION TYPE":
			first(&m.FilingType, value)
		case "FILED AS OF DATE":
			if d := compactDate(value); d != "" {
				first(&m.FilingDate, d)
			}
		case "COMPANY CONFORMED NAME":
			first(&m.CompanyName, value)
		case "CENTRAL INDEX KEY":
			if m.CompanyID == "" && isDigits(value) {
				m.CompanyID = strings.TrimLeft(value, "0")
			}
		case "STANDARD INDUSTRIAL CLASSIFICATION":
			// "FOOD AND KINDRED PRODUCTS [2000]"
			if m.SIC == "" {
				name, code := value, ""
				if i := strings.LastIndexByte(value, '['); i >= 0 && strings.HasSuffix(value, "]") {
					name, code = strings.TrimSpace(value[:i]), value[i+1:len(value)-1]
				}
				if isDigits(code) {
					m.SIC = code
				}
				if name != "" && !isDigits(name) {
					m.IndustryName = name
				}
			}
		}
	}
	return m
}

// tagValue returns the rest of the line after an SGML tag: "<TYPE>EX-10.1".
func tagValue(s, tag string) string {
	i := strings.Index(s, tag)
	if i < 0 {
		return ""
	}
	v := s[i+len(tag):]
	if j := strings.IndexByte(v, '\n'); j >= 0 {
		v = v[:j]
	}
	return strings.TrimSpace(v)
}

// compactDate turns EDGAR's 20100315 into 2010-03-15.
func compactDate(s string) string {
	if len(s) != 8 || !isDigits(s) {
		return ""
	}
	return s[:4] + "-" + s[4:6] + "-" + s[6:]
}

func isDigits(s string) bool {
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

// htmlTag matches the start tags that make a document HTML; EDGAR's
// plain-text markup (<PAGE>, <S>, <C>, <TABLE> in capitals) does not.
var htmlTag = regexp.MustCompile(`(?i)<(html|body|p|div|br|font)[\s/>]`)

// looksHTML reports whether a document's text is HTML.
func looksHTML(s string) bool {
	head := s[:min(len(s), 4096)]
	return htmlTag.MatchString(head)
}

// stripPlainTags removes the SGML tags EDGAR wraps plain-text exhibits in
// (<PAGE>, <S>, <C>, <CAPTION>, <TABLE> …): lines that are only such a tag.
func stripPlainTags(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for line := range strings.Lines(s) {
		t := strings.TrimSpace(line)
		if len(t) > 2 && len(t) < 16 && t[0] == '<' && t[len(t)-1] == '>' && !strings.ContainsAny(t[1:len(t)-1], "<> ") {
			b.WriteByte('\n')
			continue
		}
		b.WriteString(line)
	}
	return b.String()
}

// usableTitle reports whether an EDGAR description or HTML title can stand
// in for a contract's title: it has a word of four letters or more and is
// not an exhibit type or a file name ("EX-10.1", "d123dex101.htm").
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

// metaWithDescription is the Meta of an HTML file: its title as the
// fallback title, when usable.
func metaWithDescription(title string) contract.Meta {
	if usableTitle(title) {
		return contract.Meta{Description: title}
	}
	return contract.Meta{}
}
