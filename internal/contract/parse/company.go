package parse

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// Company chooses the company a contract is filed under from its parties
// and its metadata: the organisation party that is the filer (the
// metadata's company, matched by companyKey), else the first organisation
// party, else the filer itself when no organisation party was found. Its
// value is the filer's CIK when the company is the filer and the CIK is
// known, otherwise nameID of its name. body is searched for a readable
// form of a filer name that is a code ("CENTRACKINTERNATIONALINC").
//
// Parse calls it; it is exported so that the evaluation can also score
// the company the text alone gives (Company with an empty Meta).
func Company(parties []contract.Party, body string, m contract.Meta) *contract.Attr {
	var orgs, doubtful []contract.Party
	for _, p := range parties {
		if p.Kind == contract.Person || isRedactionTerm(p.Name) {
			continue
		}
		if nameLike(p.Name) {
			orgs = append(orgs, p)
		} else {
			doubtful = append(doubtful, p)
		}
	}
	// a name that reads as a sentence or a date is the company only when
	// no other organisation is named
	orgs = append(orgs, doubtful...)
	filer := strings.TrimSpace(m.CompanyName)
	if filer != "" {
		key := companyKey(filer)
		for _, p := range orgs {
			if sameCompany(companyKey(p.Name), key) {
				return &contract.Attr{Name: p.Name, Value: filerID(m, p.Name)}
			}
		}
		// a filer known by a former or other name the text gives the
		// party ("Tarnbrook Therapeutics, Inc. (formerly known as Ellery
		// Biosciences, Inc.)"): the company is the party as named
		for _, p := range orgs {
			for _, a := range otherNames(body, p.Name) {
				if sameCompany(companyKey(a), key) {
					return &contract.Attr{Name: p.Name, Value: filerID(m, p.Name)}
				}
			}
		}
	}
	if len(orgs) > 0 {
		return &contract.Attr{Name: orgs[0].Name, Value: nameID(orgs[0].Name)}
	}
	if filer != "" {
		name := readableName(body, filer)
		return &contract.Attr{Name: name, Value: filerID(m, name)}
	}
	return nil
}

// nameLike reports whether a party's name reads as a name rather than
// words a form caught around one: not a sentence (a verb: "the
// undersigned hereby agree"), not a date ("Boxing Event in China, on
// April 22, 2000 American Champion Media, Inc."), not a role. Lower
// case says nothing: "salesforce.com, inc." is a name.
func nameLike(name string) bool {
	words := strings.Fields(name)
	if len(words) == 0 || genericRoles[strings.ToLower(name)] {
		return false
	}
	return !hasVerb(words) && !looksLikeDate(strings.ToLower(name))
}

// filerID is the company value of the filer: its CIK when known, else
// nameID of name.
func filerID(m contract.Meta, name string) string {
	if id := strings.TrimLeft(m.CompanyID, "0"); id != "" && digitsLen(id) == len(id) {
		return id
	}
	return nameID(name)
}

// nameID is the company identifier of a company known only by name: a
// 12-digit number from an FNV-1a hash of companyKey(name), so that
// "Acme Holdings, Inc.", "ACME HOLDINGS INC" and the filer code
// "AcmeHoldingsInc" share it. EDGAR CIKs have at most 10 digits, so the
// two never collide.
func nameID(name string) string {
	h := fnv.New64a()
	h.Write([]byte(companyKey(name)))
	return fmt.Sprintf("%012d", h.Sum64()%1_000_000_000_000)
}

// legalFormTails are the legal forms companyKey drops from the end of a
// name's letters, longest first where one ends another.
var legalFormTails = []string{
	"incorporated", "corporation", "company", "limited", "inc", "corp", "llc", "ltd", "llp", "plc",
	"lp", "co", "sa", "ag", "gmbh", "bv", "nv",
}

// companyKey is how company names are compared and identified: the lower-case
// letters and digits of the name (an EDGAR state tag "/DE/" and a leading
// "The" left out), without the legal forms that end it. Names written as
// codes without spaces or punctuation get the key of their written-out
// form: "NETGEAR,INC", "NETGEAR, Inc." and "Netgear Inc" are all
// "netgear".
func companyKey(name string) string {
	if i := strings.Index(name, " /"); i > 0 {
		name = name[:i] // "ACME CORP /DE/"
	}
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	k := b.String()
	if fields := strings.Fields(name); len(fields) > 1 && strings.EqualFold(fields[0], "the") {
		k = k[3:]
	}
	for trimmed := true; trimmed; {
		trimmed = false
		for _, t := range legalFormTails {
			if len(k) >= len(t)+3 && strings.HasSuffix(k, t) {
				k = k[:len(k)-len(t)]
				trimmed = true
				break
			}
		}
	}
	return k
}

// sameCompany reports whether two company keys name one company: equal,
// or one a prefix of the other of at least eight letters ("Bank of
// America Corp" and "Bank of America, N.A.").
func sameCompany(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	if a == b {
		return true
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	return len(a) >= 8 && strings.HasPrefix(b, a)
}

// readableName returns how the text writes a filer name: the first run of
// words in the opening 64 KB of body whose letters are the name's (a code
// such as "CENTRACKINTERNATIONALINC" → "Centrack International, Inc."), else
// the name itself, spaced after its commas.
func readableName(body, name string) string {
	want := lettersLower(name)
	if len(want) >= 4 {
		if s := findLetters(prefix(body, 64<<10), want, true); s != "" {
			return s
		}
		// without its legal form: "CybergyHoldingsInc" → "Cybergy Holdings"
		// written out, then the form the text gives it
		if k := companyKey(name); len(k) >= 4 && k != want {
			if s := findLetters(prefix(body, 64<<10), k, false); s != "" {
				if full, _ := partyName(body[strings.Index(body, s):]); full != "" && companyKey(full) == k {
					return full
				}
				return s
			}
		}
	}
	if !strings.Contains(name, " ") {
		if s := segmentCode(prefix(body, 64<<10), name); s != "" {
			return s
		}
		if strings.Contains(name, ",") {
			return strings.ReplaceAll(name, ",", ", ") // "NETGEAR,INC" → "NETGEAR, INC"
		}
		if s := peelCode(name); s != "" {
			return s
		}
	}
	return name
}

// peelCode splits a code whose words the text does not use by the words
// company names end in: legal forms and orgNouns are taken off its
// end, longest first, and what is left before them is one word:
// "ELANDIAINTERNATIONALINC" → "Elandia International Inc". "" when no
// such word ends it, or what is left is a letter or two.
func peelCode(code string) string {
	rest := lettersLower(code)
	var words []string
	for {
		w := longestSuffixWord(rest)
		if w == "" || len(rest) > len(w) && len(rest)-len(w) < 3 {
			break
		}
		if f, ok := legalForms[w]; ok {
			words = append(words, f)
		} else {
			words = append(words, capitalise(w))
		}
		rest = rest[:len(rest)-len(w)]
		if rest == "" {
			break
		}
	}
	if len(words) == 0 {
		return ""
	}
	if rest != "" {
		words = append(words, capitalise(rest))
	}
	slices.Reverse(words)
	return strings.Join(words, " ")
}

// longestSuffixWord is the longest legal form or organisation noun s
// ends in. Nouns shorter than six letters are left out: they end too many
// other words ("state", "press").
func longestSuffixWord(s string) string {
	best := ""
	for f := range legalForms {
		if len(f) > len(best) && strings.HasSuffix(s, f) {
			best = f
		}
	}
	for w := range orgNouns {
		if len(w) >= 6 && len(w) > len(best) && strings.HasSuffix(s, w) {
			best = w
		}
	}
	return best
}

// legalForms are the legal forms that end company names, as written in
// one.
var legalForms = map[string]string{
	"inc": "Inc", "incorporated": "Incorporated", "corp": "Corp", "corporation": "Corporation",
	"co": "Co", "company": "Company", "ltd": "Ltd", "limited": "Limited", "llc": "LLC", "lp": "LP",
	"llp": "LLP", "plc": "PLC",
}

// segmentCode splits a code written without spaces into the fewest words
// the text itself uses, written as the text first writes them, the legal
// forms as legal forms: "MRSFIELDSORIGINALCOOKIESINC" in a text that says
// "Mrs. Fields", "Original" and "Cookies" → "Mrs Fields Original Cookies
// Inc". "" when the text's words do not cover the code.
func segmentCode(text, code string) string {
	want := []rune(lettersLower(code))
	if len(want) < 6 || len(want) > 80 {
		return ""
	}
	vocab := map[string]string{"inc": "Inc", "corp": "Corp", "co": "Co", "ltd": "Ltd", "llc": "LLC", "lp": "LP", "plc": "PLC"}
	for w := range strings.FieldsFuncSeq(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len(w) < 2 || len(w) > 30 {
			continue
		}
		if lw := strings.ToLower(w); vocab[lw] == "" {
			vocab[lw] = w
		}
	}
	// best[i]: the fewest words that spell want[:i], and the last one's start
	best := make([]int, len(want)+1)
	from := make([]int, len(want)+1)
	for i := 1; i <= len(want); i++ {
		best[i] = -1
		for j := max(0, i-30); j < i; j++ {
			if best[j] < 0 && j > 0 {
				continue
			}
			if _, ok := vocab[string(want[j:i])]; ok && (best[i] < 0 || best[j]+1 < best[i]) {
				best[i], from[i] = best[j]+1, j
			}
		}
	}
	if best[len(want)] < 0 {
		return ""
	}
	var words []string
	for i := len(want); i > 0; i = from[i] {
		words = append(words, vocab[string(want[from[i]:i])])
	}
	slices.Reverse(words)
	return strings.Join(words, " ")
}

// lettersLower is s's letters and digits, lower case.
func lettersLower(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// findLetters returns the first run of whole words of text, within one
// paragraph, whose letters and digits, lower case, are want; or "". With
// spaced, the run must hold a space (the code itself does not count).
func findLetters(text, want string, spaced bool) string {
	var letters []rune
	var at []int // byte offset in text of each letter, and one past the last
	for i, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			letters = append(letters, unicode.ToLower(r))
			at = append(at, i)
		}
	}
	w := []rune(want)
	for i := 0; i+len(w) <= len(letters); i++ {
		if !slices.Equal(letters[i:i+len(w)], w) {
			continue
		}
		start, last := at[i], at[i+len(w)-1]
		_, n := utf8.DecodeRuneInString(text[last:])
		end := last + n
		before, _ := utf8.DecodeLastRuneInString(text[:start])
		after := firstRune(text[end:])
		if start > 0 && (unicode.IsLetter(before) || unicode.IsDigit(before)) ||
			end < len(text) && (unicode.IsLetter(after) || unicode.IsDigit(after)) {
			continue // not whole words
		}
		if strings.HasPrefix(text[end:], ".") && isCorporateWord(lastWordOf(text[start:end])) {
			end++ // "INC."
		}
		if s := text[start:end]; (!spaced || strings.Contains(s, " ")) && !strings.Contains(s, "\n") {
			return s
		}
	}
	return ""
}

// aliasCues introduce another name of a party: a former name, a trade
// name, an "also known as".
var aliasCues = []string{
	"formerly known as ", "formerly named ", "formerly ", "f/k/a ", "fka ", "f.k.a. ", "a/k/a ", "aka ", "a.k.a. ",
	"also known as ", "d/b/a ", "dba ", "d.b.a. ", "doing business as ", "trading as ", "t/a ",
}

// otherNames returns the other names a party goes by: those its name
// holds ("Pellworm Holdings, Inc. d/b/a Northgate Fitness") and those the
// text gives right after it, up to the next party or the end of its
// sentence ("…, Inc.
// (formerly known as Ellery Biosciences, Inc.), a Delaware corporation",
// "…, Inc., f/k/a Orwell Telecom, Inc., a Nevada corporation").
func otherNames(body, name string) []string {
	var out []string
	read := func(s string, limit int) {
		l := asciiLower(prefix(s, limit))
		for from := 0; from < len(l); {
			at, cue := -1, ""
			for _, c := range aliasCues {
				if i := strings.Index(l[from:], c); i >= 0 && (at < 0 || from+i < at) && (from+i == 0 || !isLetterByte(l[from+i-1])) {
					at, cue = from+i, c
				}
			}
			if at < 0 {
				return
			}
			if alias, _ := partyName(s[at+len(cue):]); alias != "" {
				out = append(out, alias)
			}
			from = at + len(cue)
		}
	}
	read(name, len(name))
	if i := strings.Index(prefix(body, 64<<10), name); i >= 0 {
		after := body[i+len(name):]
		if k := sentenceEnd(prefix(after, 300)); k >= 0 {
			after = after[:k]
		}
		if k := nextPartyStart(after); k >= 0 {
			after = after[:k] // "… LLC ("Quayle") and Tarnbrook …, Inc. (formerly …)": the next party's
		}
		read(after, 300)
	}
	return out
}
