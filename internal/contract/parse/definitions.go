package parse

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/contract"
)

const (
	maxTermBytes  = 90
	maxTermWords  = 9
	inlineContext = 300 // bytes of sentence kept around an inline definition
)

// definingVerbs follow a defined term in a definition: `"Affiliate"
// means …`.
var definingVerbs = []string{
	"means", "mean", "shall mean", "shall have the meaning", "shall have the meanings", "has the meaning",
	"have the meaning", "have the meanings", "has the meanings", "shall refer to", "refers to", "refer to",
	"is defined", "are defined", "shall be defined", "means and includes", "includes", "include",
	"shall include", "as used herein", "as used in this agreement", "will mean", "will have the meaning",
	"is as defined", "has the same meaning", "shall have the same meaning", "is used",
}

// inlineIntro are the words allowed between "(" and an inline defined
// term: `(the "Company")`, `(collectively, the "Services")`,
// `(hereinafter referred to as "Licensee")`.
var inlineIntro = map[string]bool{
	"the": true, "a": true, "an": true, "each": true, "together": true, "collectively": true,
	"jointly": true, "individually": true, "hereinafter": true, "herein": true, "hereafter": true,
	"referred": true, "to": true, "as": true, "called": true, "such": true, "this": true, "and": true,
	"or": true, "any": true, "all": true, "being": true, "also": true, "known": true, "defined": true,
	"respectively": true, "severally": true, "in": true, "agreement": false, "its": true, "with": true,
	"hereunder": true, "thereafter": true, "together,": true, "our": true, "your": true, "we": true, "us": true,
	"including": true, "separately": true, "both": true, "either": true, "one": true, "more": true,
}

type defHit struct {
	terms      []string
	start, end int // the definition's text in the paragraph
	inline     bool
}

// findDefinitions returns the definitions of the body, one per term (the
// first wins): `"Term" means …` and its variants with straight or curly
// quotes, in a definitions section or anywhere else, and inline
// definitions `(the "Company")`.
func findDefinitions(body string, spans []span) []contract.Section {
	var out []contract.Section
	seen := make(map[string]bool)
	var hits []defHit
	for _, sp := range spans {
		p := body[sp.start:sp.end]
		if nextQuote(p, 0) < 0 {
			continue
		}
		hits = paragraphDefinitions(p, hits[:0])
		for _, h := range hits {
			text := strings.TrimSpace(p[h.start:h.end])
			if legendDefinition(text) {
				continue // a redaction legend defines nothing (furniture.go)
			}
			for _, t := range h.terms {
				v := contract.SectionValue(t)
				if seen[v] {
					continue
				}
				seen[v] = true
				out = append(out, contract.Section{
					Type:    contract.Definition,
					Name:    t,
					Value:   v,
					Snippet: cut(text, maxSnippetBytes),
					GroupID: groupID(v, text),
					Start:   sp.start + h.start,
					End:     sp.start + h.end,
				})
			}
		}
	}
	return out
}

// paragraphDefinitions finds the definitions of one paragraph in order; a
// definition's text runs to the next definition or the paragraph's end.
func paragraphDefinitions(p string, hits []defHit) []defHit {
	first := len(hits)
	for i := 0; i < len(p); {
		q := nextQuote(p, i)
		if q < 0 {
			break
		}
		terms, after := quotedTerms(p, q)
		if len(terms) == 0 {
			_, n := utf8.DecodeRuneInString(p[q:])
			i = q + n
			continue
		}
		switch {
		case startsWithVerb(p[after:]) && standardContext(p[:q]):
			hits = append(hits, defHit{terms: terms, start: q, end: len(p)})
		case inlineContextOK(p, q, after):
			s, e := sentenceBounds(p, q, inlineContext)
			hits = append(hits, defHit{terms: terms, start: s, end: e, inline: true})
		}
		i = after
	}
	// A standard definition's text stops where the next one starts.
	for k := first; k < len(hits); k++ {
		if hits[k].inline {
			continue
		}
		for n := k + 1; n < len(hits); n++ {
			if !hits[n].inline {
				hits[k].end = strings.LastIndexFunc(p[:hits[n].start], func(r rune) bool { return !unicode.IsSpace(r) }) + 1
				break
			}
		}
	}
	return hits
}

// nextQuote returns the offset of the next opening-quote character at or
// after i — '"', '\”, '“' or '‘' — or -1. It scans bytes: the curly
// quotes start with 0xE2 0x80.
func nextQuote(p string, i int) int {
	for ; i < len(p); i++ {
		switch p[i] {
		case '"', '\'':
			return i
		case 0xE2:
			if i+2 < len(p) && p[i+1] == 0x80 && (p[i+2] == 0x9C || p[i+2] == 0x98) {
				return i
			}
		}
	}
	return -1
}

// quotedTerms reads one quoted term at p[q:], or a chain of them (`"Accept"
// and "Acceptance"`, `"Marketing Affiliate" or "MA"`), and returns the
// terms and the offset after the last closing quote.
func quotedTerms(p string, q int) ([]string, int) {
	var terms []string
	at := q
	for {
		t, end := quotedTerm(p, at)
		if t == "" {
			break
		}
		terms = append(terms, t)
		at = end
		rest := p[at:min(len(p), at+8)]
		k := 0
		switch {
		case strings.HasPrefix(rest, " and "):
			k = 5
		case strings.HasPrefix(rest, " or "):
			k = 4
		case strings.HasPrefix(rest, ", "):
			k = 2
		case strings.HasPrefix(rest, " / "):
			k = 3
		}
		if k == 0 || at+k >= len(p) || !strings.ContainsRune("\"“‘", firstRune(p[at+k:])) {
			break
		}
		at += k
	}
	return terms, at
}

// quotedTerm reads `"Term"` at p[q:]; the closing quote may be straight or
// curly whatever the opening one, and a comma or period inside it
// ("Agreement,") is dropped.
func quotedTerm(p string, q int) (string, int) {
	open, n := utf8.DecodeRuneInString(p[q:])
	single := open == '\'' || open == '‘'
	if open == '\'' && q > 0 && p[q-1] != '(' && p[q-1] != ' ' {
		return "", 0 // an apostrophe
	}
	start := q + n
	limit := min(len(p), start+maxTermBytes)
	for i := start; i < limit; {
		r, m := utf8.DecodeRuneInString(p[i:])
		closes := r == '"' || r == '”' || r == '″'
		if single {
			closes = (r == '\'' || r == '’') && (i+m >= len(p) || !isLetterAt(p, i+m))
		}
		if closes {
			t := strings.TrimSpace(strings.TrimRight(p[start:i], ",. "))
			// `("this Agreement")`, `("the Services")`
			t = strings.TrimPrefix(strings.TrimPrefix(t, "this "), "the ")
			if !validTerm(t) {
				return "", 0
			}
			return t, i + m
		}
		if r == '"' || r == '“' || r == '(' || r == ')' || r == ';' {
			return "", 0
		}
		i += m
	}
	return "", 0
}

func isLetterAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r)
}

// validTerm: one to nine words, starting with a capital or digit, with
// letters, and no sentence inside.
func validTerm(t string) bool {
	if t == "" || len(t) > maxTermBytes {
		return false
	}
	r := firstRune(t)
	if !unicode.IsUpper(r) && !unicode.IsDigit(r) {
		return false
	}
	if strings.Count(t, " ")+1 > maxTermWords || strings.Contains(t, ". ") {
		return false
	}
	letters := 0
	for _, r := range t {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= 1 && !isRedactionTerm(t)
}

func isRedactionTerm(t string) bool {
	return strings.Trim(t, "*[] ") == ""
}

// startsWithVerb reports whether s (after a closing quote) continues with
// a defining verb, possibly after a comma or "shall".
func startsWithVerb(s string) bool {
	s = strings.TrimLeft(s, " ,:")
	l := asciiLower(prefix(s, 40))
	for _, v := range definingVerbs {
		if strings.HasPrefix(l, v) && (len(l) == len(v) || !isLetterByte(l[len(v)])) {
			return true
		}
	}
	return false
}

// standardContext reports whether what precedes a `"Term" means` in its
// paragraph allows a definition: nothing but numbering, a sentence end,
// or "the term".
func standardContext(before string) bool {
	b := strings.TrimRight(before, " ")
	if b == "" {
		return true
	}
	if m := parseMarker(before); m.kind != noMarker && m.end >= len(strings.TrimRight(before, " "))-1 {
		return true
	}
	switch lastRune(b) {
	case '.', ';', ':', ')':
		return true
	}
	l := strings.ToLower(b)
	for _, w := range []string{"the term", "the terms", "term", "terms", "the expression", "the word", "the phrase", "and", "or"} {
		if strings.HasSuffix(l, " "+w) || l == w {
			return true
		}
	}
	return false
}

// inlineContextOK reports whether the quoted term at q is an inline
// definition: inside a parenthesis opened by nothing but introductory
// words — `(the "Company")` — and closed or continued right after it, or
// after "referred to as" / "hereinafter".
func inlineContextOK(p string, q, after int) bool {
	rest := strings.TrimLeft(p[after:min(len(p), after+20)], " ")
	closesOK := rest == "" || rest[0] == ')' || rest[0] == ',' || rest[0] == ';' || strings.HasPrefix(rest, "and ") || strings.HasPrefix(rest, "or ")
	open := strings.LastIndexByte(p[max(0, q-80):q], '(')
	if open >= 0 {
		open += max(0, q-80)
		if strings.IndexByte(p[open:q], ')') < 0 && closesOK && introOnly(p[open+1:q]) {
			return true
		}
	}
	before := strings.ToLower(strings.TrimRight(p[max(0, q-50):q], " ,"))
	for _, a := range []string{" the", " a", " an"} {
		before = strings.TrimSuffix(before, a)
	}
	for _, w := range []string{"referred to as", "referred to herein as", "hereinafter", "hereafter", "called", "individually as", "collectively as", "together as", "known as", "each as", "jointly as"} {
		if strings.HasSuffix(before, w) && closesOK {
			return true
		}
	}
	return false
}

// introOnly reports whether s holds only introductory words (and commas).
func introOnly(s string) bool {
	for f := range strings.FieldsSeq(s) {
		w := strings.ToLower(strings.Trim(f, ",:"))
		if w == "" {
			continue
		}
		if !inlineIntro[w] {
			return false
		}
	}
	return true
}
