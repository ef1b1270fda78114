package parse

import (
	"slices"
	"strings"
	"unicode"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/jurisdiction"
	"github.com/contractsearch/contractsearch/internal/contract/sentence"
)

// The places other than a preamble where contracts name their parties:
// a "PARTIES:" block, a letter's heading and salutation, a first-person
// employment form. Each returns the parties in the order written;
// findParties settles them (settleParties).

// blockParties reads a parties block near the start: a paragraph "PARTIES"
// or "PARTIES:" (alone or before the first party, or after the title that
// text without line breaks runs into it), then one party per
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
		if k := strings.Index(prefix(p, 200), "PARTIES:"); k > 0 && isCaps(p[:k]) {
			p = p[k:] // text extracted without line breaks runs the title into the block
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

// partyLabel reads the role a parties block writes before a name,
// "Disclosing Party: Vantor Medical Devices, Inc.", "Employee: Jo Roe", and
// returns it and the text after its colon; "" and s when s has none. A
// label is one to three capitalised words, not a name with a legal form.
func partyLabel(s string) (string, string) {
	s = stripEnumeration(strings.TrimLeft(s, " "))
	i := strings.IndexByte(prefix(s, 40), ':')
	if i <= 0 {
		return "", s
	}
	words := strings.Fields(s[:i])
	if len(words) == 0 || len(words) > 3 || hasLegalForm(s[:i]) {
		return "", s
	}
	for _, w := range words {
		if !isUpperStart(w) {
			return "", s
		}
	}
	return strings.Join(words, " "), strings.TrimLeft(s[i+1:], " ")
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
		label, rest := partyLabel(s)
		name, after := partyName(rest)
		if name == "" {
			break
		}
		term, after2 := partyRole(after)
		if term == "" {
			term = label
		}
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
// John Roe 12 Elm Street …"), when the addressee is not named there the
// person the salutation names ("Dear Ms. Roe:"), and the organisation the
// letter's opening gives a defined term ("… involving Acme Foods, Inc. (the
// "Company") …"), which is the writer or the business the letter is about.
func letterParties(body string, spans []span) []contract.Party {
	dear := -1
	for i := 0; i < len(spans) && i < 25 && spans[i].start < 6000; i++ {
		if isSalutation(body[spans[i].start:spans[i].end]) {
			dear = i
			break
		}
	}
	if dear < 0 {
		return nil
	}
	// The letter's heading starts after the last paragraph of prose
	// before its salutation: what comes before is another document's
	// (contact lists of a schedule, "Project Manager - Ian Roe Acme Ltd
	// …").
	first := 0
	for i := 0; i < dear; i++ {
		if isProse(body[spans[i].start:spans[i].end]) {
			first = i + 1
		}
	}
	var parties []contract.Party
	person := false
	for i := first; i < dear && len(parties) < 3; i++ {
		p := body[spans[i].start:spans[i].end]
		if l := asciiLower(prefix(p, 20)); strings.HasPrefix(l, "[letterhead of ") || strings.HasPrefix(l, "[on letterhead of ") {
			// "[Letterhead of Orrin Dale Holdings Corp.]": the writer, as filed
			inner := p[strings.Index(l, "of ")+3:]
			if k := strings.IndexByte(inner, ']'); k >= 0 {
				inner = inner[:k]
			}
			if name, _ := partyName(inner); name != "" {
				parties = append(parties, contract.Party{Name: name, Kind: contract.Organisation})
			}
			continue
		}
		if isLetterFurniture(p) {
			continue
		}
		if label, rest := partyLabel(p); label == "To" || label == "From" {
			p = rest // a confirmation's "To: Ostrava Power a.s." / "From: …"
		}
		if name := addresseeName(p); name != "" {
			parties = append(parties, contract.Party{Name: name, Kind: contract.Person})
			person = true
			continue
		}
		name, after := partyName(p)
		name = beforeAddress(name)
		if name == "" || len(name) > 100 || partyKind(name, "", after) == contract.Person || !hasLegalForm(name) && !hasOrgNoun(name) ||
			slices.ContainsFunc(parties, func(q contract.Party) bool { return q.Name == name }) {
			continue // "From: UBS AG, London Branch" / "UBS AG Ref: 37346733": one party
		}
		parties = append(parties, contract.Party{Name: name, Kind: contract.Organisation})
	}
	if !person && hasPrefixFold(body[spans[dear].start:spans[dear].end], "dear ") {
		if name := salutationName(body[spans[dear].start:spans[dear].end]); name != "" {
			parties = append(parties, contract.Party{Name: name, Kind: contract.Person})
		}
	}
	// the letter's opening: the salutation's own paragraph when the text
	// runs on after it ("Ladies and Gentlemen: In connection with …"), and
	// the next one
	for i := dear; i < len(spans) && i <= dear+2 && len(parties) < 4; i++ {
		p := body[spans[i].start:spans[i].end]
		if i == dear {
			p = p[min(len(p), strings.IndexAny(p+":", ":,")+1):]
		}
		for _, o := range termedOrganisations(prefix(p, 1500), 1) {
			if !slices.ContainsFunc(parties, func(q contract.Party) bool { return sameCompany(companyKey(q.Name), companyKey(o.Name)) }) {
				parties = append(parties, o)
			}
		}
	}
	return parties
}

// genericSalutationLines open a letter addressed to an organisation rather
// than a person: "Ladies and Gentlemen:", "Dear Sirs:".
var genericSalutationLines = []string{"ladies and gentlemen", "gentlemen", "dear sirs", "dear sir or madam", "dear sir/madam", "to whom it may concern", "sirs"}

// isProse reports whether paragraph p is a sentence of running text,
// not a line of a letterhead or an address: ten words or more, most in
// lower case, ending in a period.
func isProse(p string) bool {
	words := strings.Fields(p)
	if len(words) < 10 || !strings.HasSuffix(strings.TrimSpace(p), ".") {
		return false
	}
	lower := 0
	for _, w := range words {
		if isLowerStart(w) {
			lower++
		}
	}
	return lower*2 >= len(words)
}

// isSalutation reports whether paragraph p opens a letter's body: "Dear
// …", or a salutation to an organisation followed by a colon or a comma.
func isSalutation(p string) bool {
	if hasPrefixFold(p, "dear ") {
		return true
	}
	for _, w := range genericSalutationLines {
		if hasPrefixFold(p, w) && len(p) > len(w) && (p[len(w)] == ':' || p[len(w)] == ',') {
			return true
		}
	}
	return false
}

// termedOrganisations returns up to n organisations that s names and gives
// a defined term right after their name or short description: "Cascade
// Hollow Foods, Inc. (together with its subsidiaries, the "Company")",
// "Lumenfield Systems, Inc. ("Lumenfield")". Contracts define their
// parties this way wherever they name them, so an organisation so named
// near the start is a party even when no preamble lists it. A name needs a
// legal form or an organisation's word, so that a defined product or place
// does not count.
func termedOrganisations(s string, n int) []contract.Party {
	var out []contract.Party
	lowerTerms := lowerQuotedStarts(s)
	for i := 0; i < len(s) && len(out) < n; {
		if i > 0 && s[i-1] != ' ' {
			i += nextWordStart(s[i:])
			continue
		}
		if !isUpperStart(s[i:]) {
			if p, ok := lowerCaseOrganisation(s[i:], lowerTerms); ok {
				out = append(out, p)
			}
			i += nextWordStart(s[i:])
			continue
		}
		// the start of a run of capitalised words
		before := lastWordOf(strings.TrimRight(s[:i], " "))
		if isUpperStart(before) && !sentenceStarts[strings.ToLower(before)] && !strings.HasSuffix(before, ",") || strings.EqualFold(before, "a") || strings.EqualFold(before, "an") {
			i += nextWordStart(s[i:]) // inside a run of capitalised words; "a California corporation": a description
			continue
		}
		if w := strings.ToLower(strings.Trim(firstWord(s[i:]), ",.;:")); sentenceStarts[w] && w != "the" {
			i += nextWordStart(s[i:]) // "On behalf of Acme, Inc.", "In connection with …"
			continue
		}
		name, after := partyName(s[i:])
		if name == "" || !strings.Contains(name, " ") || !hasLegalForm(name) && !hasOrgNoun(name) || strings.ContainsAny(name, "\"“”()") ||
			isPartyFragment(repairSpacing(name)) || isStatute(name) || isPlace(name) {
			i += nextWordStart(s[i:])
			continue
		}
		desc := prefix(after, 160)
		if k := strings.Index(desc, ". "); k >= 0 && !sentence.IsAbbreviation(lastWordOf(desc[:k])) {
			desc = desc[:k]
		}
		term, _ := partyRole(desc)
		if term != "" && placeTerm(desc, term) {
			term = "" // `… under the laws of the People's Republic of China ("PRC")`: the place's term
		}
		if term == "" {
			term = bareTerm(desc, name)
		}
		if term == "" || isRedactionTerm(term) || isStatute(term) {
			i += nextWordStart(s[i:])
			continue
		}
		out = append(out, contract.Party{Name: name, Term: term, Kind: contract.Organisation})
		i = len(s) - len(after)
	}
	return out
}

// lowerCaseOrganisation reads an organisation whose name a brand writes
// in lower case, at the start of s: "nordlicht 7 GmbH, Hafenstrasse 12,
// … (hereafter, "nordlicht 7")". Lower case starts every other word of a
// sentence, so the name must hold a legal form and its defined term must
// be its own first words, as the text writes them; lowerTerms are the
// first words of the terms in lower case that s defines (one is needed
// for the name to be read at all).
func lowerCaseOrganisation(s string, lowerTerms map[string]bool) (contract.Party, bool) {
	if len(lowerTerms) == 0 || !lowerTerms[leadingWord(s)] {
		return contract.Party{}, false
	}
	name, after := partyName(s)
	if name == "" || !hasLegalForm(name) || strings.ContainsAny(name, "\"“”()") || isPartyFragment(name) {
		return contract.Party{}, false
	}
	desc := prefix(after, 160)
	if k := strings.Index(desc, ". "); k >= 0 && !sentence.IsAbbreviation(lastWordOf(desc[:k])) {
		desc = desc[:k]
	}
	term, _ := partyRole(desc)
	if term == "" || !strings.HasPrefix(name, term+" ") {
		return contract.Party{}, false
	}
	return contract.Party{Name: name, Term: term, Kind: contract.Organisation}, true
}

// lowerQuotedStarts returns the first words of the quoted terms in s that
// start in lower case: `"element 5"` gives "element".
func lowerQuotedStarts(s string) map[string]bool {
	var out map[string]bool
	for i := 0; i < len(s); i++ {
		var rest string
		switch {
		case s[i] == '"':
			rest = s[i+1:]
		case strings.HasPrefix(s[i:], "“"):
			rest = s[i+len("“"):]
		default:
			continue
		}
		if rest == "" || rest[0] < 'a' || rest[0] > 'z' {
			continue
		}
		if out == nil {
			out = map[string]bool{}
		}
		out[leadingWord(rest)] = true
	}
	return out
}

// leadingWord is the run of letters and digits s starts with.
func leadingWord(s string) string {
	for i, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return s[:i]
		}
	}
	return s
}

// bareTerm reads a defined term written in a parenthesis without quotes
// right after a name: "HARTWELL DATA SERVICES OF 88 FERRY ROAD, …
// (HARTWELL)", "BELMONT OPTICAL LABS, INC. … (BOL)". Without quotes a
// parenthesis says many things ("(USA)", "(Delaware)"), so the word must
// be in capitals and either the name's first word or its initials.
func bareTerm(desc, name string) string {
	open := strings.IndexByte(desc, '(')
	if open < 0 {
		return ""
	}
	close := strings.IndexByte(desc[open:], ')')
	if close < 0 {
		return ""
	}
	inner := desc[open+1 : open+close]
	if len(inner) < 2 || len(inner) > 16 || !isCaps(inner) || strings.ContainsFunc(inner, func(r rune) bool { return !unicode.IsLetter(r) }) {
		return ""
	}
	words := strings.Fields(name)
	if strings.EqualFold(strings.Trim(words[0], ",."), inner) || initialsMatch(words, strings.ToLower(inner)) > 0 {
		return inner
	}
	return ""
}

// isPlace reports whether a name is a country or region and nothing
// more, "People's Republic of China", "the State of Delaware": a term
// after it defines a place, not a party.
func isPlace(name string) bool {
	m, ok := jurisdiction.First(name)
	if !ok || m.End != len(name) {
		return false
	}
	for _, w := range strings.Fields(name[:m.Start]) {
		if !placeWords[strings.ToLower(w)] {
			return false
		}
	}
	return true
}

// placeWords may come before a place's name in a name that is only the
// place: "the State of Delaware", "Commonwealth of Virginia".
var placeWords = map[string]bool{
	"the": true, "of": true, "state": true, "commonwealth": true, "province": true, "republic": true,
	"kingdom": true, "federal": true, "people's": true, "people’s": true, "territory": true,
}

// placeTerm reports whether the parenthesis that defines term in desc
// follows the name of a place that the term abbreviates, and so defines
// the place: `… under the laws of the People's Republic of China
// ("PRC")`, but not `… under the laws of the State of Delaware (the
// "Adviser")`.
func placeTerm(desc, term string) bool {
	k := strings.Index(desc, term)
	if k < 0 {
		return false
	}
	open := strings.LastIndexByte(desc[:k], '(')
	if open < 0 {
		return false
	}
	before := strings.TrimRight(desc[:open], " ")
	m, ok := jurisdiction.EndingAt(before, len(before))
	if !ok || m.Adjective {
		return false
	}
	place := before[m.Start:m.End]
	return strings.EqualFold(place, term) || initialsMatch(strings.Fields(place), strings.ToLower(term)) > 0
}

// statuteWords name laws, not organisations: "Securities Exchange Act of
// 1934 ("Exchange Act")", "Law of the People's Republic of China on Joint
// Ventures".
var statuteWords = map[string]bool{
	"act": true, "law": true, "laws": true, "code": true, "regulation": true, "regulations": true,
	"rule": true, "rules": true, "statute": true, "statutes": true, "convention": true, "treaty": true, "directive": true,
}

// isStatute reports whether a name holds a word laws are named with.
func isStatute(name string) bool {
	for _, w := range strings.Fields(name) {
		if statuteWords[strings.ToLower(strings.Trim(w, ",.;:'’s"))] {
			return true
		}
	}
	return false
}

// nextWordStart returns the offset of the word after the one s starts in,
// or len(s).
func nextWordStart(s string) int {
	k := strings.IndexByte(s, ' ')
	if k < 0 {
		return len(s)
	}
	return k + 1
}

// beforeAddress cuts a name in an address block at its street number,
// which text joined from the block's lines runs into it: "Birchwood Equity
// Capital 1 Market Plaza San Francisco" → "Birchwood Equity Capital". The
// number counts as a street number only when a street word follows it
// within four words, so "Studio 54 Holdings" and "Carrier 1 AG" stay whole.
func beforeAddress(name string) string {
	words := strings.Fields(name)
	for k := 1; k+1 < len(words); k++ {
		if digitsLen(words[k]) != len(words[k]) {
			continue
		}
		for _, w := range words[k+1 : min(len(words), k+5)] {
			if streetWords[strings.ToLower(strings.Trim(w, ",."))] {
				return strings.TrimRight(strings.Join(words[:k], " "), ",")
			}
		}
	}
	return name
}

// streetWords name the kinds of street an address gives.
var streetWords = map[string]bool{
	"street": true, "st": true, "avenue": true, "ave": true, "road": true, "rd": true, "boulevard": true,
	"blvd": true, "drive": true, "dr": true, "lane": true, "ln": true, "way": true, "plaza": true,
	"place": true, "pl": true, "court": true, "ct": true, "parkway": true, "pkwy": true, "highway": true,
	"hwy": true, "square": true, "suite": true, "floor": true, "circle": true, "terrace": true,
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
// Dolby Laboratories, Inc., I …", "you are employed by …", "The
// undersigned … hereby agrees with Fairhaven Textile Mills, Inc. as
// follows".
var employmentCues = []string{
	"employment with ", "employment by ", "employed by ", "employment at ", "employee of ",
	"engagement with ", "engagement by ", "engaged by ", "retained by ", "relationship with ",
	"agrees with ", "agree with ", "covenants with ",
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

// openingParties reads the organisations the opening paragraphs give a
// defined term when no other form names a party: "I, ______, understand
// that Lumenfield Systems, Inc. ("Lumenfield") has disclosed …". It reads
// the first paragraphs of prose after the title, up to the first clause,
// or the second when the first names no party.
func openingParties(body string, spans []span) []contract.Party {
	var parties []contract.Party
	clauses := 0
	for i := 0; i < len(spans) && i < 12 && spans[i].start < 8000 && len(parties) < 2; i++ {
		p := body[spans[i].start:spans[i].end]
		if i > 0 && endsPartyList(p) && !hasPrefixFold(p, "whereas") && !hasPrefixFold(p, "in consideration") {
			// The first clause may be where the parties are named ("1.
			// CERTIFICATION AND IDENTIFICATION: ACME SERVICES … (ACME)
			// certifies …"): it is read when nothing before it named one.
			if len(parties) > 0 || clauses > 0 {
				break
			}
			clauses++
		}
		for _, o := range termedOrganisations(prefix(p, 2000), 2-len(parties)) {
			if !slices.ContainsFunc(parties, func(q contract.Party) bool { return sameCompany(companyKey(q.Name), companyKey(o.Name)) }) {
				parties = append(parties, o)
			}
		}
	}
	return parties
}

// roleLabelParties reads parties a form gives under role labels near its
// start, without a "PARTIES" heading: "Employer: Corbel Instruments
// Corporation", "Employee Name: Dana Whitfield", "Name of Consultant: …",
// or a table's row "First Party | Tamberlane Geospatial Ltd. | …".
// A label counts when it is a role contracts give parties (genericRoles,
// personTerms), so that "Start Date:" or "Address:" do not. Text extracted
// without line breaks runs a form's fields into one paragraph ("SUPPLY
// CONTRACT Contract No: Date: The buyer/End-User: Kestrel Supply Co.,
// Ltd. ADD: …"): a label inside a paragraph counts too when the name
// after it has a legal form or an organisation's word.
func roleLabelParties(body string, spans []span) []contract.Party {
	var parties []contract.Party
	for i := 0; i < len(spans) && i < 20 && spans[i].start < 6000 && len(parties) < 4; i++ {
		p := body[spans[i].start:spans[i].end]
		if party, ok := roleLabelled(p, false); ok {
			parties = append(parties, party)
			continue
		}
		if i+1 < len(spans) && len(strings.Fields(p)) <= 3 && !strings.ContainsAny(p, ":.,;()\"") {
			// a table's row, its cells cut into paragraphs: "First Party",
			// then "Tamberlane Geospatial Ltd. 9 Quayside, Leith"
			next := body[spans[i+1].start:spans[i+1].end]
			if party, ok := roleLabelled(p+": "+next, true); ok {
				parties = append(parties, party)
				i++
				continue
			}
		}
		head := prefix(p, 1500)
		for at := 0; len(parties) < 4; {
			c := strings.IndexByte(head[at:], ':')
			if c < 0 {
				break
			}
			c += at
			at = c + 1
			// the label: the one, two or three words before the colon
			// ("… 2018 Discloser:", "… The buyer/End-User:")
			for start, n := c, 0; n < 3 && start > 0; n++ {
				k := strings.LastIndexByte(strings.TrimRight(head[:start], " "), ' ')
				w := strings.TrimSpace(head[k+1 : start])
				if w == "" || strings.ContainsAny(w, ":.,;()\"") || k < 0 {
					break // no label, or the paragraph's own label (read above)
				}
				start = k + 1
				if party, ok := roleLabelled(head[start:], true); ok {
					parties = append(parties, party)
					break
				}
			}
		}
	}
	return parties
}

// roleLabelled reads the party s starts with under a role label,
// "Employer: Corbel Instruments Corporation", "The buyer/End-User: …"
// (either role of a label in two names counts). inside asks for an
// organisation's name, as a label found inside running text must give.
func roleLabelled(s string, inside bool) (contract.Party, bool) {
	label, rest := partyLabel(s)
	if label == "" && inside {
		// a label in lower case after "The": "The buyer/End-User:"
		if i := strings.IndexByte(prefix(s, 40), ':'); i > 0 && hasPrefixFold(s, "the ") && len(strings.Fields(s[:i])) <= 3 {
			label, rest = strings.TrimSpace(s[:i]), strings.TrimLeft(s[i+1:], " ")
		}
	}
	if label == "" {
		return contract.Party{}, false
	}
	role := ""
	for _, alt := range strings.Split(strings.ToLower(label), "/") {
		alt = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(alt), "name of "), " name")
		alt = strings.TrimPrefix(alt, "the ")
		if (genericRoles[alt] || personTerms[alt]) && !labelNoRole[alt] {
			role = alt
			break
		}
	}
	if role == "" {
		return contract.Party{}, false
	}
	name, after := partyName(rest)
	if name == "" || inside && !hasLegalForm(name) && !hasOrgNoun(name) {
		return contract.Party{}, false
	}
	term := strings.TrimPrefix(strings.TrimSuffix(label, " Name"), "Name of ")
	if inside {
		term = strings.TrimPrefix(term, "The ")
	}
	return contract.Party{Name: name, Term: term, Kind: partyKind(name, role, after)}, true
}

// labelNoRole are the labels of a form's fields that genericRoles holds
// for other reasons but that name no party.
var labelNoRole = map[string]bool{"name": true, "date": true, "title": true, "address": true, "signature": true, "by": true, "witness": true}

// headingParties reads the organisation a form names only in its heading,
// above or below the title, and elsewhere calls "the Company": "LOCKWOOD
// THERAPEUTICS, INC." / "EMPLOYEE PROPRIETARY INFORMATION AND INVENTIONS
// AGREEMENT" / "In consideration of my employment … by the Company …". The
// paragraph must be the name alone, with a legal form, among the short
// paragraphs before the first of prose.
func headingParties(body string, spans []span) []contract.Party {
	for i := 0; i < len(spans) && i < 6; i++ {
		p := strings.TrimSpace(body[spans[i].start:spans[i].end])
		if len(p) >= 150 {
			break // prose: the heading is over
		}
		name, after := partyName(p)
		if name == "" || strings.TrimLeft(after, " ,.") != "" && !strings.HasPrefix(strings.TrimLeft(after, " "), "\n") {
			continue
		}
		if hasLegalForm(name) && !isCorporateWord(name) && !isPartyFragment(repairSpacing(name)) {
			return []contract.Party{{Name: name, Kind: contract.Organisation}}
		}
	}
	return nil
}
