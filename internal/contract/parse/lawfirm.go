package parse

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// A contract names a law firm where it sends copies of notices to counsel
// ("with a copy (which shall not constitute notice) to: Perkins Coie LLP
// 1900 Sixteenth Street …") and where counsel signs or is named ("Counsel
// for the Company: … LLP"). The firm is recognised by the shape of its name,
// never by a list of firms: capitalised words ending in a law firm's legal
// form (LLP, L.L.P., P.C., Professional Corporation, P.A., PLLC, "Attorneys
// at Law"), or, in a copy-to address only, partners' names joined by "&"
// ("Wachtell, Lipton, Rosen & Katz"), the address then following.

// maxLawFirmScan bounds the bytes of a body searched for counsel: notices
// and signature blocks of the longest contracts lie well within it.
const maxLawFirmScan = 4 << 20

// findLawFirm returns the first law firm body names in a notice copy or a
// counsel reference, or nil. One pass over body stops at the word starts
// of the cues (case-blind), in the order they come.
func findLawFirm(body string) *contract.Attr {
	body = prefix(body, maxLawFirmScan)
	for at := 0; at < len(body); at++ {
		c := body[at] | 0x20
		if c != 'c' && c != 'a' || at > 0 && isWordByte(body[at-1]) {
			continue
		}
		rest := body[at:]
		switch {
		case hasPrefixASCIIFold(rest, "cop") || hasPrefixASCIIFold(rest, "cc:"):
			m := copyTo.FindStringIndex(prefix(rest, 240))
			if m == nil {
				continue
			}
			if name := firmIn(addressWindow(rest[m[1]:]), true); name != "" {
				return lawFirmAttr(name)
			}
		case hasPrefixASCIIFold(rest, "counsel for") || hasPrefixASCIIFold(rest, "counsel to") || hasPrefixASCIIFold(rest, "attorneys for"):
			// "Smith & Jones LLP, counsel to the Company" / "Counsel for
			// the Company: Smith & Jones LLP"
			from := max(0, at-250)
			if k := strings.LastIndexAny(body[from:at], ".\n"); k >= 0 {
				from += k + 1 // the sentence or line of the cue
			}
			if name := firmIn(body[from:at], false); name != "" {
				return lawFirmAttr(name)
			}
			if name := firmIn(addressWindow(rest[strings.IndexByte(rest, ' ')+1:]), false); name != "" {
				return lawFirmAttr(name)
			}
		}
	}
	return nil
}

func lawFirmAttr(name string) *contract.Attr {
	return &contract.Attr{Name: name, Value: LawFirmValue(name)}
}

// hasPrefixASCIIFold reports whether s starts with the lower-case ASCII
// prefix, whatever the case of s.
func hasPrefixASCIIFold(s, prefix string) bool {
	return len(s) >= len(prefix) && asciiEqualFold(s[:len(prefix)], prefix)
}

// copyTo reads the phrase that sends a copy of a notice: "copy to",
// "with a copy (which shall not constitute notice) to:", "copies of all
// notices shall be sent to", "cc:".
var copyTo = regexp.MustCompile(`^(?i:cc:|cop(?:y|ies)(?:\s*\([^)]{0,100}\))?(?:\s*,[^,]{0,60},)?(?:\s+of\s+(?:any\s+|all\s+|each\s+|such\s+)*(?:notices?|communications?)(?:\s+(?:to|given)\s+[^,;:]{0,30}?)?)?(?:\s+(?:shall|will|must|should)\s+(?:also\s+|simultaneously\s+)*be\s+(?:sent|given|delivered|mailed|provided|addressed)(?:\s+simultaneously)?)?\s+to(?:\s*\([^)]{0,100}\))?\s*:?)`)

// addressWindow is the start of an address: up to where it names a person
// to attend to it or gives a number to call, or the next party's address
// begins.
func addressWindow(s string) string {
	s = prefix(s, 300)
	for _, stop := range []string{";", "Attention", "ATTENTION", "Attn", "ATTN", "Telephone", "Facsimile", "Fax", "Email", "E-mail", "e-mail", " If to", " if to", " IF TO", " and if", " and, if", " or to "} {
		if i := strings.Index(s, stop); i >= 0 {
			s = s[:i]
		}
	}
	return s
}

// firmIn returns the first law firm's name in s: capitalised words before
// a law firm's legal form, or, when ampersand is set, partners' names
// joined by "&".
func firmIn(s string, ampersand bool) string {
	words := strings.Fields(s)
	for i := range words {
		n, needsAmp := lawForm(words, i)
		if n == 0 {
			continue
		}
		start := firmStart(words, i)
		if start == i {
			continue
		}
		name := words[start:i]
		if needsAmp && !hasAmp(name) || departmentName(name) {
			continue
		}
		return strings.TrimRight(strings.Join(words[start:i+n], " "), ",;:")
	}
	if !ampersand {
		return ""
	}
	for i, w := range words {
		if w != "&" || i+1 >= len(words) {
			continue
		}
		start := firmStart(words, i)
		end := i + 1
		for end < len(words) && end-i <= 2 && isNameWord(words[end]) {
			end++
			if strings.HasSuffix(words[end-1], ",") {
				break
			}
		}
		if start == i || end == i+1 {
			continue
		}
		// An address follows the firm: a number, or nothing (the line
		// was cut at "Attention").
		if end < len(words) && !startsWithDigit(words[end]) {
			continue
		}
		if departmentName(words[start:end]) || isCorporateWord(words[end-1]) {
			continue
		}
		return strings.TrimRight(strings.Join(words[start:end], " "), ",;:")
	}
	return ""
}

// lawForm reports how many words at words[i] make a law firm's legal form,
// and whether the form names law firms only in a name with "&" (PLC and
// Chartered name companies too).
func lawForm(words []string, i int) (n int, needsAmp bool) {
	w := strings.TrimRight(words[i], ",;:")
	next := ""
	if i+1 < len(words) {
		next = strings.TrimRight(words[i+1], ",;:.")
	}
	switch strings.TrimRight(w, ".") {
	case "LLP", "L.L.P", "LLP(US)", "PLLC", "P.L.L.C", "P.C", "PC", "P.A", "L.L.P.(US)":
		n = 1
	case "P":
		if next == "C" || next == "A" {
			n = 2
		}
	case "Professional":
		if next == "Corporation" || next == "Association" || next == "Law Corporation" {
			n = 2
		}
	case "Attorneys", "ATTORNEYS":
		if strings.EqualFold(next, "at") && i+2 < len(words) && strings.EqualFold(strings.TrimRight(words[i+2], ",;:."), "law") {
			n = 3
		}
	case "PLC", "Chartered":
		n, needsAmp = 1, true
	}
	if n > 0 && i+n < len(words) && (words[i+n] == "(US)" || words[i+n] == "(USA)" || words[i+n] == "(UK)") {
		n++
	}
	return n, needsAmp
}

// firmStart walks back from words[i] over the words of a firm's name: at
// most eight capitalised words, commas and "&", stopping at a label
// ("to:"), an initial or "Esq." that ends a lawyer's name, a number.
func firmStart(words []string, i int) int {
	j := i
	for j > 0 && i-j < 8 {
		w := words[j-1]
		if w != "&" && !isNameWord(w) && !(w == "and" && j >= 2 && isNameWord(words[j-2])) {
			break
		}
		j--
	}
	for j < i && (words[j] == "&" || words[j] == "and") {
		j++
	}
	return j
}

// isNameWord reports whether w can be a word of a firm's name: it starts
// with a capital, holds no digit, and is no label, initial or title.
func isNameWord(w string) bool {
	if strings.HasSuffix(w, ":") || strings.IndexFunc(w, unicode.IsDigit) >= 0 || strings.ContainsAny(w, "@/") {
		return false
	}
	bare := strings.Trim(w, ",.()\"“”")
	if bare == "" || !unicode.IsUpper(firstRune(bare)) {
		return false
	}
	if len(bare) == 1 || len(bare) == 2 && strings.HasSuffix(w, ".") {
		return false // an initial: "Robert W. Walter"
	}
	switch strings.ToLower(bare) {
	case "esq", "attention", "attn", "copy", "to", "with", "counsel", "the", "and", "or", "of", "for", "re", "cc", "notice", "notices",
		"p.o", "box", "suite", "floor", "street", "avenue", "center", "centre", "building", "tower", "plaza":
		return false
	}
	return true
}

// departmentName reports whether a name is an office of a company, not a
// firm: "Business & Legal Affairs", "General Counsel".
func departmentName(ws []string) bool {
	for _, w := range ws {
		switch strings.ToLower(strings.Trim(w, ",.()")) {
		case "legal", "affairs", "department", "dept", "general", "business", "office", "division", "inc", "incorporated", "corp", "corporation", "llc", "ltd", "company":
			return true
		}
	}
	return false
}

func hasAmp(ws []string) bool {
	for _, w := range ws {
		if w == "&" || strings.Contains(w, "&") {
			return true
		}
	}
	return false
}

func startsWithDigit(w string) bool { return w != "" && w[0] >= '0' && w[0] <= '9' }

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// LawFirmValue is the `lawfirm.value` of a firm's name: its slug without
// the legal form, so "Wilson Sonsini Goodrich & Rosati, Professional
// Corporation" and "Wilson Sonsini Goodrich & Rosati" are one firm, and
// "L.L.P." and "LLP" one form. cmd/eval compares names through it.
func LawFirmValue(name string) string {
	words := strings.Fields(name)
	for i := range words {
		if n, _ := lawForm(words, i); n > 0 && i > 0 {
			words = words[:i]
			break
		}
	}
	return contract.Slug(strings.Join(words, " "))
}
