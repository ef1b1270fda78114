package parse

import (
	"strings"
	"unicode"

	"github.com/contractsearch/contractsearch/internal/contract"
)

const maxPartyBytes = 160

// findParties reads the parties from the preamble: "… by and between BIRCH
// FIRST GLOBAL INVESTMENTS INC., a corporation … (referred to as
// "Company") and MOUNT KNOWLEDGE HOLDINGS INC. …".
func findParties(body string, spans []span, pre preamble) []contract.Party {
	if pre.para < 0 {
		return nil
	}
	p := body[spans[pre.para].start:spans[pre.para].end]
	s := p[pre.at:]
	// The list may continue in the next paragraphs ("BETWEEN:" / "(1) …").
	for k := pre.para + 1; k < len(spans) && k <= pre.para+4 && len(s) < 1500; k++ {
		s += " " + body[spans[k].start:spans[k].end]
	}
	s = s[:min(len(s), 3000)]
	l := asciiLower(s)
	i := partyListStart(l)
	if i < 0 {
		return nil
	}
	var parties []contract.Party
	rest := s[i:]
	for len(parties) < 6 && rest != "" {
		name, after := partyName(rest)
		if name == "" {
			break
		}
		role, after2 := partyRole(after)
		parties = append(parties, contract.Party{Name: name, Role: role})
		next := nextPartyStart(after2)
		if next < 0 {
			break
		}
		rest = after2[next:]
	}
	return parties
}

// partyListStart returns the offset after "between", "among" or "by"
// that begins the list of parties, or -1.
func partyListStart(l string) int {
	best := -1
	for _, w := range []string{" between", " among", "between:", "among:"} {
		if i := strings.Index(l, w); i >= 0 && (best < 0 || i < best) {
			j := i + len(w)
			if j < len(l) && (l[j] == ' ' || l[j] == ':' || l[j] == '\n') || strings.HasSuffix(w, ":") {
				best = j
			}
		}
	}
	if best < 0 {
		// "This Agreement is made by X Corp. …"
		if i := strings.Index(l[:min(len(l), 400)], " made by "); i >= 0 {
			best = i + len(" made by")
		}
	}
	if best >= 0 && best < 1200 {
		return best
	}
	return -1
}

// partyName reads one party's name at the start of s and returns it and
// the text after it.
func partyName(s string) (string, string) {
	s = strings.TrimLeft(s, " :,")
	s = stripEnumeration(s)
	for _, w := range []string{"the undersigned ", "and between ", "and among "} {
		if len(s) > len(w) && strings.EqualFold(s[:len(w)], w) {
			s = s[len(w):]
		}
	}
	if s == "" || !(unicode.IsUpper(firstRune(s)) || unicode.IsDigit(firstRune(s)) || firstRune(s) == '[') {
		return "", s
	}
	end := nameEnd(s)
	name := strings.TrimRight(strings.TrimSpace(s[:end]), " ,;:")
	if name == "" || len(name) > maxPartyBytes {
		return "", s
	}
	return name, s[end:]
}

// stripEnumeration drops "(1)", "1.", "(a)", "(i)" before a party.
func stripEnumeration(s string) string {
	if m := parseMarker(s); m.kind == outlineMarker || m.kind == enumMarker {
		return s[m.end:]
	}
	if n := digitsLen(s); n > 0 && n < len(s) && s[n] == ')' {
		return strings.TrimLeft(s[n+1:], " ")
	}
	return s
}

// nameDelimiters end a party's name: its description, its defined name
// or the next party.
var nameDelimiters = []string{
	" (", "(", ", a ", ", an ", ", the ", " a corporation", " a company", ", having", ", with ", ", whose",
	", located", ", organized", ", organised", ", incorporated", ", existing", ", doing business",
	", acting", ", as ", " as ", ", on behalf", ", its ", ", of ", ", registered", ", established",
	", formed", ", which", ", individually", ", hereinafter", " hereinafter", " having", " whose ",
	" with its", " with offices", " with a principal", " located", " organized", " incorporated",
	";", ", each", ", both", ", together", " (each", ", in its", ", on the one hand", " on the one hand",
	", duly", " duly", " a limited", ", a", ", an", ", and", " and ", ", collectively", " (\"", " a ",
	", acting", ", referred", " referred", " (hereinafter", ", (", ":", ", principal", ", address",
	", registration", ", company", ", business", ", an individual", " an individual", " an ",
	", whose", " whose", ", herein", " herein", ", party", ", party of",
}

// corporateTail continues a name after a comma: ", Inc.", ", LLC".
var corporateTail = []string{
	"inc", "inc.", "llc", "l.l.c.", "ltd", "ltd.", "limited", "l.p.", "lp", "corp", "corp.", "co.",
	"n.a.", "s.a.", "s.a", "b.v.", "n.v.", "a.g.", "ag", "gmbh", "plc", "p.c.", "pllc", "llp", "l.l.p.",
	"s.p.a.", "s.r.l.", "sa", "bv", "nv", "pte", "pte.", "pty", "pty.", "kk", "co", "incorporated",
	"corporation", "company", "jr.", "sr.", "s.a.s.", "a/s", "ab", "oy", "se", "spa", "srl",
}

// nameEnd returns where a party's name ends in s.
func nameEnd(s string) int {
	l := asciiLower(s[:min(len(s), maxPartyBytes+40)])
	end := len(l)
	for _, d := range nameDelimiters {
		from := 0
		for {
			i := strings.Index(l[from:], d)
			if i < 0 {
				break
			}
			i += from
			if d[0] == ',' && i+2 < len(l) && isCorporateTail(l[i+1:]) {
				from = i + 1
				continue
			}
			if d == " and " && andInsideName(s[:i], l[i+5:]) {
				from = i + 5
				continue
			}
			if i > 0 && i < end {
				end = i
			}
			break
		}
	}
	return end
}

// isCorporateTail reports whether s (after a comma) starts with a
// corporate suffix that belongs to the name before the comma.
func isCorporateTail(s string) bool {
	s = strings.TrimLeft(s, " ")
	w := s
	if i := strings.IndexAny(s, " ,;()"); i >= 0 {
		w = s[:i]
	}
	w = strings.TrimRight(w, ",")
	for _, t := range corporateTail {
		if w == t {
			return true
		}
	}
	return false
}

// andInsideName reports whether " and " joins words of one name ("Procter
// and Gamble") rather than two parties: true when the words on both sides
// are capitalised and no corporate suffix ended the first.
func andInsideName(before, afterLower string) bool {
	b := strings.TrimSpace(before)
	if b == "" {
		return false
	}
	last := b[strings.LastIndexByte(b, ' ')+1:]
	if isCorporateTail(strings.ToLower(last)) {
		return false
	}
	// Both parts in capitals are one name only if short: "AT AND T".
	return len(strings.Fields(b)) <= 1 && !strings.Contains(afterLower[:min(len(afterLower), 40)], ",")
}

// partyRole reads the defined name that follows a party — `("Company")`,
// `(referred to as "Marketing Affiliate" or "MA")`, `(the "Licensor")` —
// within the party's description, and returns it and the text after.
func partyRole(s string) (string, string) {
	limit := min(len(s), 600)
	// The description ends at the next party ("and X") or the end of the
	// sentence; look for the first parenthesis before it.
	open := strings.IndexByte(s[:limit], '(')
	for open >= 0 {
		close := strings.IndexByte(s[open:limit], ')')
		if close < 0 {
			break
		}
		inner := s[open+1 : open+close]
		if term := firstQuoted(inner); term != "" {
			return term, s[open+close+1:]
		}
		next := strings.IndexByte(s[open+close:limit], '(')
		if next < 0 {
			break
		}
		open += close + next
	}
	return "", s
}

// firstQuoted returns the first quoted term in s.
func firstQuoted(s string) string {
	i := strings.IndexAny(s, "\"“")
	if i < 0 {
		return ""
	}
	rest := s[i+len(string(firstRune(s[i:]))):]
	j := strings.IndexAny(rest, "\"”")
	if j <= 0 || j > 80 {
		return ""
	}
	return strings.TrimSpace(strings.Trim(rest[:j], ",. "))
}

// nextPartyStart finds "and" that introduces the next party after a
// party's description, or -1.
func nextPartyStart(s string) int {
	limit := min(len(s), 800)
	l := asciiLower(s[:limit])
	for from := 0; from < limit; {
		i := strings.Index(l[from:], " and ")
		if i < 0 {
			return -1
		}
		i += from
		j := i + len(" and ")
		rest := strings.TrimLeft(s[j:], " ")
		if rest != "" && (unicode.IsUpper(firstRune(rest)) || firstRune(rest) == '(') && !strings.HasPrefix(asciiLower(rest), "and/or") {
			// "and Delaware corporation" is not a party; "and XYZ Inc." is.
			return j
		}
		// a sentence end stops the list
		if k := strings.Index(l[from:i], ". "); k >= 0 {
			return -1
		}
		from = j
	}
	return -1
}
