package parse

import (
	"strings"
	"unicode"

	"github.com/contractsearch/contractsearch/internal/contract"
)

// The places other than a preamble where contracts name their parties:
// a "PARTIES:" block, a letter's heading and salutation, a first-person
// employment form. Each returns the parties in the order written;
// findParties settles them (settleParties).

// blockParties reads a parties block near the start: a paragraph "PARTIES"
// or "PARTIES:" (alone or before the first party), then one party per
// item or paragraph until the recitals or the first clause:
//
//	PARTIES:
//	1. Acme Widgets, Inc., a Delaware corporation ("Acme")
//	2. Jane Roe, an individual ("Consultant")
func blockParties(body string, spans []span) []contract.Party {
	for i := 0; i < len(spans) && i < 30 && spans[i].start < 12000; i++ {
		p := body[spans[i].start:spans[i].end]
		if hasPrefixFold(p, "the parties") {
			p = p[len("the "):]
		}
		if !hasPrefixFold(p, "parties") {
			continue
		}
		rest := strings.TrimLeft(p[len("parties"):], " ")
		if rest != "" && rest[0] != ':' && rest[0] != '(' && !strings.HasPrefix(rest, "1.") {
			continue // "Parties hereto …": a sentence
		}
		rest = strings.TrimLeft(strings.TrimPrefix(rest, ":"), " ")
		var parties []contract.Party
		if rest != "" {
			parties = listedParties(rest)
		}
		for k := i + 1; k < len(spans) && k <= i+6 && len(parties) < 6; k++ {
			next := body[spans[k].start:spans[k].end]
			ps := listedParties(next)
			if endsPartyList(next) && !(len(ps) > 0 && (ps[0].Term != "" || hasLegalForm(ps[0].Name))) {
				break // a clause, unless it is a numbered party: "2. Jo Roe ("Consultant")"
			}
			parties = append(parties, ps...)
		}
		if len(parties) > 0 {
			return parties
		}
	}
	return nil
}

// endsPartyList reports whether paragraph p starts what follows a list of
// parties: recitals, the agreement's operative words or its first clause.
func endsPartyList(p string) bool {
	for _, w := range []string{"whereas", "recital", "background", "now, therefore", "it is agreed", "the parties agree", "agreed terms", "terms agreed", "in consideration"} {
		if hasPrefixFold(p, w) {
			return true
		}
	}
	if m := parseMarker(p); m.kind == outlineMarker || m.kind == sectionMarker || m.kind == articleMarker {
		if _, ok := parseHeading(p); ok {
			return true
		}
	}
	return false
}

// listedParties reads the parties of one item of a list: a name, its
// description and defined term, and any further party joined by "and" or
// numbered "(2)".
func listedParties(s string) []contract.Party {
	var parties []contract.Party
	for len(parties) < 6 && s != "" {
		name, after := partyName(s)
		if name == "" {
			break
		}
		term, after2 := partyRole(after)
		parties = append(parties, contract.Party{Name: name, Term: term, Kind: partyKind(name, term, after)})
		next := nextPartyStart(after2)
		if next < 0 {
			if k := strings.Index(prefix(after2, 400), "(2)"); k >= 0 && len(parties) == 1 {
				next = k
			} else {
				break
			}
		}
		s = after2[next:]
	}
	return parties
}

// letterParties reads a letter agreement's parties: the organisations and
// people named before its salutation (the letterhead, the addressee's
// block: "Wells Fargo Securities, LLC 301 South College Street …", "Mr.
// John Roe 12 Elm Street …") and, when the addressee is not named there,
// the person the salutation names ("Dear Ms. Roe:").
func letterParties(body string, spans []span) []contract.Party {
	dear := -1
	for i := 0; i < len(spans) && i < 25 && spans[i].start < 6000; i++ {
		if hasPrefixFold(body[spans[i].start:spans[i].end], "dear ") {
			dear = i
			break
		}
	}
	if dear < 0 {
		return nil
	}
	var parties []contract.Party
	person := false
	for i := 0; i < dear && len(parties) < 3; i++ {
		p := body[spans[i].start:spans[i].end]
		if isLetterFurniture(p) {
			continue
		}
		if name := addresseeName(p); name != "" {
			parties = append(parties, contract.Party{Name: name, Kind: contract.Person})
			person = true
			continue
		}
		name, after := partyName(p)
		if name == "" || len(name) > 100 || partyKind(name, "", after) == contract.Person || !hasLegalForm(name) && !hasOrgNoun(name) {
			continue
		}
		parties = append(parties, contract.Party{Name: name, Kind: contract.Organisation})
	}
	if !person {
		if name := salutationName(body[spans[dear].start:spans[dear].end]); name != "" {
			parties = append(parties, contract.Party{Name: name, Kind: contract.Person})
		}
	}
	return parties
}

// isLetterFurniture reports whether a paragraph before a letter's
// salutation is a date, an exhibit label, a reference or a delivery or
// confidentiality mark rather than a name.
func isLetterFurniture(p string) bool {
	l := asciiLower(prefix(p, 40))
	for _, w := range []string{"exhibit", "re:", "re ", "via ", "by hand", "by email", "by e-mail", "by courier", "by fedex",
		"personal", "confidential", "private", "strictly", "attention", "attn", "page ", "execution", "dated", "date:", "[", "("} {
		if strings.HasPrefix(l, w) {
			return true
		}
	}
	first := strings.Trim(strings.ToLower(firstWord(p)), ",.")
	return monthNames[first]
}

// monthNames name the months, long and short: a line that starts with one is
// a date.
var monthNames = map[string]bool{
	"january": true, "february": true, "march": true, "april": true, "may": true, "june": true, "july": true,
	"august": true, "september": true, "october": true, "november": true, "december": true,
	"jan": true, "feb": true, "mar": true, "apr": true, "jun": true, "jul": true, "aug": true,
	"sep": true, "sept": true, "oct": true, "nov": true, "dec": true,
}

func firstWord(s string) string {
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i]
	}
	return s
}

// hasOrgNoun reports whether a name holds a word organisations are named
// with ("Bank", "Trust", "Holdings").
func hasOrgNoun(name string) bool {
	for _, w := range strings.Fields(name) {
		if orgNouns[strings.ToLower(strings.Trim(w, ",.;()"))] {
			return true
		}
	}
	return false
}

// addresseeName reads a person's name that opens an address block: a
// courtesy title and a name shaped like a person's, up to the street
// number or a comma ("Mr. John Roe 12 Elm Street" → "Mr. John Roe").
func addresseeName(p string) string {
	words := strings.Fields(prefix(p, 120))
	if len(words) < 2 || !courtesyTitles[strings.ToLower(words[0])] {
		return ""
	}
	end := 1
	for end < len(words) && end < 6 {
		w := words[end]
		if strings.IndexFunc(w, unicode.IsDigit) >= 0 || !isUpperStart(w) {
			break
		}
		end++
		if strings.HasSuffix(w, ",") {
			break
		}
	}
	name := strings.TrimRight(strings.Join(words[:end], " "), ",")
	if !personShaped(strings.Fields(name)[1:]) && end < 3 {
		return ""
	}
	return name
}

// salutationName reads the person a salutation names: "Dear Ms. Roe:" →
// "Ms. Roe", "Dear John:" → "John"; none for "Dear Sirs", "Dear
// Shareholder" and the like.
func salutationName(p string) string {
	s := strings.TrimSpace(p[len("dear "):])
	if i := strings.IndexAny(s, ":,;\n"); i >= 0 {
		s = s[:i]
	}
	words := strings.Fields(s)
	if len(words) == 0 || len(words) > 4 {
		return ""
	}
	for _, w := range words {
		lw := strings.ToLower(w)
		if !isUpperStart(w) || genericSalutations[lw] {
			return ""
		}
	}
	return strings.Join(words, " ")
}

// genericSalutations address a class of readers, not a party.
var genericSalutations = map[string]bool{
	"sir": true, "sirs": true, "madam": true, "sir/madam": true, "colleague": true, "colleagues": true,
	"shareholder": true, "shareholders": true, "stockholder": true, "stockholders": true, "customer": true,
	"member": true, "members": true, "employee": true, "friend": true, "friends": true, "team": true,
	"client": true, "partner": true, "partners": true, "investor": true, "investors": true, "all": true,
	"gentlemen": true, "ladies": true, "[name]": true,
}

// employmentCues introduce the employer in first-person and
// second-person employment forms: "As a condition of my employment with
// Dolby Laboratories, Inc., I …", "you are employed by …".
var employmentCues = []string{
	"employment with ", "employment by ", "employed by ", "employment at ", "employee of ",
	"engagement with ", "engagement by ", "engaged by ", "retained by ", "relationship with ",
}

// employmentParties reads the employer of a first-person (or
// second-person) employment form that names no parties otherwise: the
// organisation after "my employment with", "employed by" and the like in
// the opening 6 KB, named with a legal form, an organisation's word or a
// defined term.
func employmentParties(body string) []contract.Party {
	head := prefix(body, 6000)
	l := asciiLower(head)
	for _, cue := range employmentCues {
		for from := 0; ; {
			i := strings.Index(l[from:], cue)
			if i < 0 {
				break
			}
			at := from + i + len(cue)
			from = at
			name, after := partyName(head[at:])
			if name == "" || isPartyFragment(repairSpacing(name)) {
				continue
			}
			term, _ := partyRole(prefix(after, 120))
			if !hasLegalForm(name) && !hasOrgNoun(name) && term == "" {
				continue
			}
			return []contract.Party{{Name: name, Term: term, Kind: contract.Organisation}}
		}
	}
	return nil
}

// recitalParties reads the parties the recitals introduce when no
// preamble does: "WHEREAS, Acme Widgets, Inc. is a manufacturer … ("Acme")
// and …". The name runs to its first word in lower case (the recital's
// verb) and counts when it holds a legal form or an organisation's word,
// is written in capitals, or is given a defined term.
func recitalParties(body string, spans []span) []contract.Party {
	var parties []contract.Party
	for i := 0; i < len(spans) && i < 30 && spans[i].start < 15000 && len(parties) < 2; i++ {
		p := body[spans[i].start:spans[i].end]
		if !hasPrefixFold(p, "whereas") {
			continue
		}
		s := strings.TrimLeft(p[len("whereas"):], " ,:")
		words := strings.Fields(prefix(s, 200))
		n := 0
		for n < len(words) && n < 10 && !isLowerStart(words[n]) && !strings.HasPrefix(words[n], "(") {
			n++
		}
		if n == 0 {
			continue
		}
		name, _ := partyName(strings.Join(words[:n], " "))
		name = strings.TrimRight(name, ",")
		if name == "" {
			continue
		}
		term, _ := partyRole(prefix(s, 400))
		if !hasLegalForm(name) && !hasOrgNoun(name) && !isCaps(name) && term == "" {
			continue
		}
		if len(parties) == 0 || parties[0].Name != name {
			parties = append(parties, contract.Party{Name: name, Term: term, Kind: partyKind(name, term, "")})
		}
	}
	return parties
}
