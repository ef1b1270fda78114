package parse

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/sentence"
)

// initialsRun is a run of two or more capital initials, each followed by a
// period, with the spaces OCR puts around them: "L. B . FOSTER" → "L.B.".
var initialsRun = regexp.MustCompile(`\b[A-Z] ?\. ?[A-Z](?: ?\. ?[A-Z])* ?\.`)

// spaceBeforeComma is a space OCR puts before a comma or a legal form's
// period: "ACME , INC", "Co ., Ltd.".
var spaceBeforePunct = regexp.MustCompile(`([A-Za-z]) ([,.])([ ,]|$)`)

// repairSpacing undoes the spacing OCR adds inside a name: "L. B .
// FOSTER COMPANY" → "L.B. FOSTER COMPANY", "Acme Co ., Ltd" → "Acme Co.,
// Ltd", "BURGER  KING" → "BURGER KING".
func repairSpacing(s string) string {
	if strings.Contains(s, "  ") || strings.Contains(s, "\n") {
		s = strings.Join(strings.Fields(s), " ")
	}
	if strings.Contains(s, "-") {
		s = lineBreakHyphen.ReplaceAllString(s, "$1$2")
	}
	if strings.Contains(s, "lnc") {
		s = ocrInc.ReplaceAllString(s, "Inc")
	}
	return repairInitials(joinBrokenForm(s))
}

// ocrInc is "Inc" as OCR reads it, with a lower-case L for the capital I
// ("Wyvern Data Systems, lnc."): no word of a name is "lnc".
var ocrInc = regexp.MustCompile(`\blnc\b`)

// brokenForms are the legal forms OCR splits with a space ("Corpor
// ation"), written whole.
var brokenForms = map[string]bool{"corporation": true, "incorporated": true, "company": true, "limited": true}

// joinBrokenForm joins two words of a name that OCR split inside a legal
// form: "Tamar Valley Foods Corpor ation" → "Tamar Valley Foods
// Corporation". Only a legal form is joined, so that two words of a name
// ("Data Corp") never are.
func joinBrokenForm(s string) string {
	if !strings.Contains(s, " ") {
		return s
	}
	words := strings.Fields(s)
	for i := 0; i+1 < len(words); i++ {
		a, b := words[i], words[i+1]
		tail := strings.TrimRight(b, ",.;")
		if brokenForms[strings.ToLower(a+tail)] && !brokenForms[strings.ToLower(a)] && !isSuffixWord(strings.ToLower(tail)) {
			words[i] = a + b
			words = append(words[:i+1], words[i+2:]...)
			return strings.Join(words, " ")
		}
	}
	return s
}

// lineBreakHyphen is a word of a name in title case broken at a line
// end, which the cleaner could not rejoin because the text uses the word
// nowhere else: a capitalised part, a hyphen, the rest in lower case
// ("Stonecrop Pharma-ceuticals" → "Pharmaceuticals"). A name's own
// hyphen joins capitalised parts ("Hewlett-Packard", "Rolls-Royce").
var lineBreakHyphen = regexp.MustCompile(`\b([A-Z][a-z]+)-([a-z]{3,})\b`)

// repairInitials joins initials OCR spaced apart ("L. B . FOSTER" →
// "L.B. FOSTER") and drops the space it put before a comma or a legal
// form's period. A person's single initial ("J. Walter Thompson") is kept
// as written.
func repairInitials(s string) string {
	if !strings.Contains(s, " .") && !strings.Contains(s, " ,") && !strings.Contains(s, ". ") {
		return s
	}
	s = initialsRun.ReplaceAllStringFunc(s, func(m string) string { return strings.ReplaceAll(m, " ", "") })
	return spaceBeforePunct.ReplaceAllString(s, "$1$2$3")
}

// nameConnectors are the lower-case words a name may hold: "Bank of
// America", "Science and Technology", "Comércio de Produtos".
var nameConnectors = map[string]bool{
	"of": true, "and": true, "the": true, "for": true, "de": true, "du": true, "des": true, "la": true,
	"le": true, "del": true, "da": true, "di": true, "do": true, "van": true, "von": true, "der": true, "den": true,
	"y": true, "e": true, "et": true, "&": true, "in": true, "on": true, "at": true, "a": true, "an": true,
	"to": true, "by": true, "dba": true, "d/b/a": true, "doing": true, "business": true, "as": true,
	"und": true, "zu": true, "em": true, "-": true, "–": true, "en": true, "bin": true, "al": true,
}

// pronouns stand for a party the text does not name: "You agree that …".
var pronouns = map[string]bool{
	"i": true, "me": true, "my": true, "you": true, "your": true, "we": true, "us": true, "our": true,
	"he": true, "she": true, "it": true, "they": true, "his": true, "her": true, "its": true, "their": true,
}

// possessives may describe a party after its name ("Acme, through its
// division"); they do not make the name a sentence.
var possessives = map[string]bool{"its": true, "his": true, "her": true, "their": true, "our": true, "my": true, "your": true}

// genericPlurals name a class of parties, not a party: "Affiliated
// Companies", "the Purchasers", "Joint Venturers".
var genericPlurals = map[string]bool{
	"companies": true, "affiliates": true, "subsidiaries": true, "parties": true, "entities": true,
	"persons": true, "members": true, "holders": true, "investors": true, "purchasers": true,
	"lenders": true, "borrowers": true, "stockholders": true, "shareholders": true, "owners": true,
	"venturers": true, "employees": true, "signatories": true, "undersigned": true, "guarantors": true,
	"sellers": true, "buyers": true, "licensees": true, "licensors": true, "agents": true, "funds": true,
	"partners": false, "individuals": true, "others": true, "successors": true, "assigns": true,
}

// isPartyFragment reports whether a candidate name is not a name at all:
// a defined term or placeholder ("(“Employee”)", "[NAME]", "______"), a
// sentence or part of one ("A. This Covenant Not to Compete", "You agree
// that …"), a pronoun or a class of parties ("Affiliated Companies").
func isPartyFragment(name string) bool {
	if name == "" {
		return true
	}
	switch firstRune(name) {
	case '(', '"', '“', '”', '\'', '‘', '’', '[', '{', '<', '_', '*', '.', ',', '-', '/':
		return true
	}
	if strings.ContainsAny(name, "[]_<>{}…") || strings.Contains(name, "...") {
		return true // a blank to fill in: "[NAME]", "________ Inc."
	}
	words := strings.Fields(name)
	// "A. This Covenant …": an enumeration before a sentence
	if len(words) > 1 && len(words[0]) == 2 && words[0][1] == '.' && sentenceStarts[strings.ToLower(words[1])] {
		return true
	}
	first := strings.ToLower(strings.Trim(words[0], ",.;:"))
	if (isSuffixWord(first) || isSuffixWord(first+".")) && !hasLegalForm(strings.Join(words[1:], " ")) {
		return true // "GmbH, Vogelsanger Strasse 78": a legal form ends a name ("AG Barr plc" is one)
	}
	if len(words) > 1 && (monthNames[first] && digitsLen(words[1]) > 0 || (first == "section" || first == "article") && parseMarker(name).kind != noMarker) {
		return true // "May 22, 2015 between …": a date; "SECTION 1. SERVICES": a heading
	}
	if holdsDate(words) && !hasLegalForm(name) {
		return true // "Board on the 22nd of May, 2008": a date is no part of a name
	}
	for _, w := range words[1:] {
		if lw := strings.ToLower(w); lw == "between" || lw == "among" {
			return true // "… between the Corporation": the sentence naming the parties
		}
	}
	for i, w := range words[:len(words)-1] {
		// "License. Subject to the terms": a run-in heading and its
		// sentence; a name's periods end abbreviations ("Co.", "Bros.",
		// "U.S.") and initials
		bw := strings.TrimSuffix(w, ".")
		if bw != w && len(bw) >= 4 && !strings.Contains(bw, ".") && !isCaps(bw) && !isCorporateWord(w) && !isSuffixWord(strings.ToLower(w)) &&
			!sentence.IsAbbreviation(w) && isUpperStart(words[i+1]) {
			return true
		}
	}
	if pronouns[first] || sentenceStarts[first] && first != "the" && len(words) > 1 && !hasLegalForm(name) {
		return true
	}
	lower := 0
	for i, w := range words {
		bw := strings.Trim(w, ",.;:()")
		if bw == "" || strings.ContainsAny(bw, ".0123456789@/") || !unicode.IsLower(firstRune(bw)) {
			continue // "theglobe.com", "inc.", "2020-A"
		}
		lw := strings.ToLower(bw)
		if nameConnectors[lw] {
			continue
		}
		if verbWords[lw] || i > 0 && (pronouns[lw] && !possessives[lw]) {
			return true // "You agree that …", "Company shall"
		}
		if !isSuffixWord(lw) && !isCorporateTail(lw) {
			lower++
			if i > 0 && i+1 < len(words) && words[i+1] == "of" && !slices.Contains(officerTitles, lw) {
				return true // "Software instead of Cisco Systems, Inc.": a name writes "of" after a capital
			}
		}
	}
	if lower >= 2 {
		return true
	}
	if isCaps(name) {
		// a sentence in capitals: "TO APPLY TO THE PROGRAM, YOU MUST COMPLETE"
		for _, w := range words[1:] {
			lw := strings.ToLower(strings.Trim(w, ",.;:"))
			if verbWords[lw] || pronouns[lw] && !possessives[lw] {
				return true
			}
		}
	}
	last := strings.ToLower(strings.Trim(words[len(words)-1], ",.;:"))
	if genericPlurals[last] && !hasLegalForm(name) && len(words) <= 3 {
		return true
	}
	return genericRoles[strings.ToLower(name)]
}

// holdsDate reports whether words hold a date: a month's name with a
// number within two words of it ("22nd of May, 2008", "May 22, 2008").
func holdsDate(words []string) bool {
	for i, w := range words {
		if !monthNames[strings.ToLower(strings.Trim(w, ",.;:"))] {
			continue
		}
		for j := max(0, i-2); j <= min(len(words)-1, i+2); j++ {
			if j != i && digitsLen(strings.TrimLeft(words[j], "(")) > 0 {
				return true
			}
		}
	}
	return false
}

// leadingLegalForms are the legal forms written before a name, in
// capitals, as contracts from Russia, Kazakhstan and Indonesia do: "JSC
// NOC KazakhOil", "TOO Aral Petroleum", "PT Sumber Makmur".
var leadingLegalForms = map[string]bool{
	"JSC": true, "OJSC": true, "CJSC": true, "PJSC": true, "OAO": true, "ZAO": true, "OOO": true, "TOO": true, "PT": true,
}

// hasLegalForm reports whether a name holds a legal form ("Inc.",
// "Limited", "GmbH", "Corporation", "Company"), or starts with one
// (leadingLegalForms).
func hasLegalForm(name string) bool {
	if f := firstWord(name); leadingLegalForms[f] {
		return true // "JSC Karakudukmunay", "OOO Vostok Trade"
	}
	for _, w := range strings.Fields(strings.ToLower(name)) {
		w = strings.Trim(w, ",;()")
		if isSuffixWord(w) || isCorporateTail(w) || isCorporateWord(w) {
			return true
		}
	}
	return false
}

// orgNouns are words that make a name an organisation's even without a
// legal form: "Bank of America", "Town of Vinton", "Federal Deposit
// Insurance Corporation".
var orgNouns = map[string]bool{
	"bank": true, "bancorp": true, "trust": true, "fund": true, "group": true, "holdings": true,
	"partners": true, "partnership": true, "association": true, "university": true, "foundation": true,
	"institute": true, "society": true, "authority": true, "agency": true, "council": true, "city": true,
	"town": true, "county": true, "state": true, "department": true, "ministry": true, "hospital": true,
	"college": true, "club": true, "laboratories": true, "laboratory": true, "technologies": true,
	"technology": true, "systems": true, "services": true, "solutions": true, "international": true,
	"industries": true, "enterprises": true, "communications": true, "network": true, "networks": true,
	"media": true, "capital": true, "securities": true, "pharmaceuticals": true, "ventures": true,
	"financial": true, "insurance": true, "energy": true, "resources": true, "software": true, "labs": true,
	"studios": true, "entertainment": true, "museum": true, "school": true, "center": true, "centre": true,
	"office": true, "league": true, "alliance": true, "commission": true, "board": true, "government": true,
	"republic": true, "federation": true, "cooperative": true, "management": true, "investments": true,
	"products": true, "health": true, "healthcare": true, "medical": true, "motors": true, "airlines": true,
	"bancshares": true, "mutual": true, "federal": true, "national": true, "global": true, "worldwide": true,
	"america": true, "usa": true, "associates": true, "consulting": true, "studio": true, "press": true,
	"publishing": true, "realty": true, "properties": true, "partner": true, "firm": true, "llc": true,
}

// courtesyTitles open a person's name: "Mr. John Smith", "Dr. Jane Roe".
var courtesyTitles = map[string]bool{
	"mr": true, "mr.": true, "mrs": true, "mrs.": true, "ms": true, "ms.": true, "miss": true,
	"dr": true, "dr.": true, "prof": true, "prof.": true, "sir": true, "dame": true, "mx": true, "mx.": true,
}

// personTerms are defined terms contracts give a person: a party so named,
// whose name is shaped like a person's, is one.
var personTerms = map[string]bool{
	"employee": true, "executive": true, "consultant": true, "officer": true, "director": true,
	"talent": true, "artist": true, "athlete": true, "player": true, "individual": true, "advisor": true,
	"adviser": true, "contractor": true, "you": true, "founder": true, "indemnitee": true, "employee-inventor": true,
	"inventor": true, "author": true, "personality": true, "endorser": true, "speaker": true, "coach": true,
	"golfer": true, "me": true, "i": true, "optionee": true, "grantee": true,
}

// personDescriptions, in the description after a name, show a person:
// "John Smith, an individual residing at …".
var personDescriptions = []string{
	"an individual", "individually", "residing", "resident of", "an adult", "a citizen", "a natural person",
	"an employee", "whose home address", "domiciled",
}

// orgDescriptions, in the description after a name, show an
// organisation: "Ingram Micro, a Delaware corporation".
var orgDescriptions = []string{
	"corporation", "company", "limited liability", "partnership", "organized", "organised", "incorporated",
	"existing under", "registered", "principal place of business", "registered office",
}

// partyKind tells an organisation from a person by the name, its defined
// term and the description that follows it in the text.
func partyKind(name, term, desc string) contract.PartyKind {
	words := strings.Fields(name)
	if len(words) == 0 {
		return contract.Organisation
	}
	if hasLegalForm(name) || strings.ContainsAny(name, "&0123456789") {
		return contract.Organisation
	}
	for _, w := range words {
		if orgNouns[strings.ToLower(strings.Trim(w, ",.;()"))] {
			return contract.Organisation
		}
	}
	titled := courtesyTitles[strings.ToLower(words[0])]
	if titled {
		return contract.Person
	}
	if !personShaped(words) {
		return contract.Organisation
	}
	desc = prefix(desc, 200)
	if k := nextPartyStart(desc); k >= 0 {
		desc = desc[:k] // "Jo Roe ("Employee") and Acme, Inc., a Virginia corporation": the next party's description
	}
	if k := sentenceEnd(desc); k >= 0 {
		desc = desc[:k] // "Lena Forsberg ("Employee"). 1. Employee shall … of the Company": the next sentence
	}
	// "an employee of the Company" names the other party, not this one's kind
	l := strings.ReplaceAll(asciiLower(desc), "the company", "")
	for _, d := range orgDescriptions {
		if strings.Contains(l, d) {
			return contract.Organisation
		}
	}
	for _, d := range personDescriptions {
		if strings.Contains(l, d) {
			return contract.Person
		}
	}
	if personTerms[strings.ToLower(strings.TrimPrefix(term, "the "))] {
		return contract.Person
	}
	return contract.Organisation
}

// sentenceEnd returns the offset of the first sentence end in s — a
// period, then a space or a line break, not after an abbreviation
// ("Inc.", "Mr.") — or -1.
func sentenceEnd(s string) int {
	for from := 0; ; {
		k := strings.IndexByte(s[from:], '.')
		if k < 0 {
			return -1
		}
		k += from
		if k+1 < len(s) && (s[k+1] == ' ' || s[k+1] == '\n') && !sentence.IsAbbreviation(lastWordOf(s[:k+1])) && !sentence.IsAbbreviation(lastWordOf(s[:k])) {
			return k
		}
		from = k + 1
	}
}

// personShaped reports whether words look like a person's name: two to
// five words, each a capitalised word, an initial ("J.") or a
// generational suffix ("Jr.", "III"), with at least two of more than one
// letter.
func personShaped(words []string) bool {
	if len(words) < 2 || len(words) > 5 {
		return false
	}
	long := 0
	for _, w := range words {
		w = strings.TrimRight(w, ",")
		lw := strings.ToLower(w)
		switch {
		case lw == "jr." || lw == "sr." || lw == "ii" || lw == "iii" || lw == "iv" || lw == "jr" || lw == "sr":
		case len(w) == 2 && w[1] == '.' && unicode.IsUpper(rune(w[0])):
		case isUpperStart(w) && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' && r != '\'' && r != '’' && r != '.' }) < 0:
			if strings.Count(w, ".") > 1 {
				return false // "U.S.A."
			}
			long++
		default:
			return false
		}
	}
	return long >= 2
}

// afterDate drops a date and what comes before it from a name that text
// run together put after them: "Boxing Event in China, on April 22, 2000
// American Champion Media, Inc." → "American Champion Media, Inc.". The
// date is a month's name, a day and a year; what follows must be
// capitalised words.
func afterDate(name string) string {
	words := strings.Fields(name)
	for i := 2; i+1 < len(words); i++ {
		y := words[i]
		if len(y) != 4 || digitsLen(y) != 4 || !(strings.HasPrefix(y, "19") || strings.HasPrefix(y, "20")) {
			continue
		}
		if !looksLikeDate(strings.ToLower(words[i-2]+" "+words[i-1]+" "+y)) || !strings.HasSuffix(words[i-1], ",") {
			continue
		}
		rest := words[i+1:]
		if len(rest) >= 2 && isUpperStart(rest[0]) {
			return strings.Join(rest, " ")
		}
	}
	return name
}

// settleParties repairs the names found, drops what is not a name, and
// gives each party without one its kind from its name and term.
func settleParties(ps []contract.Party) []contract.Party {
	out := ps[:0]
	for _, p := range ps {
		p.Name = afterDate(repairSpacing(p.Name))
		if org := representedOrg(p.Name); org != "" {
			p.Name, p.Kind = org, contract.Organisation
		}
		if isPartyFragment(p.Name) {
			continue
		}
		if p.Kind == "" {
			p.Kind = partyKind(p.Name, p.Term, "")
		}
		out = append(out, p)
	}
	return out
}

// dropDefinedTerms drops the parties whose name is a term the contract
// defines ("MICOA", "Customer"), which signature blocks and headings use
// in place of names, unless the name holds a legal form or was itself
// given a term (`Cargill ("Cargill")` names a party).
func dropDefinedTerms(ps []contract.Party, defs []contract.Section) []contract.Party {
	if len(ps) == 0 || len(defs) == 0 {
		return ps
	}
	terms := make(map[string]bool, len(defs))
	for _, d := range defs {
		terms[d.Value] = true
	}
	out := ps[:0]
	for _, p := range ps {
		if p.Term == "" && terms[contract.SectionValue(p.Name)] && !hasLegalForm(p.Name) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// officerTitles are the offices a person signs a contract in for an
// organisation: "Natalija Tunevic, director of FreeCook".
var officerTitles = []string{
	"director", "managing director", "president", "vice president", "chief executive officer", "ceo",
	"chairman", "manager", "general manager", "owner", "secretary", "treasurer", "officer",
	"authorized representative", "authorised representative", "representative", "partner", "member",
}

// representedOrg returns Y of a name written "X, <office> of Y": the
// organisation the person X acts for is the party. "" otherwise.
func representedOrg(name string) string {
	i := strings.Index(name, ", ")
	if i < 0 {
		return ""
	}
	l := strings.ToLower(name[i+2:])
	for _, t := range officerTitles {
		if strings.HasPrefix(l, t+" of ") {
			org := strings.TrimSpace(name[i+2+len(t)+len(" of "):])
			if org != "" && isUpperStart(org) {
				return strings.TrimPrefix(org, "the ")
			}
		}
	}
	return ""
}

// expandShortNames gives a party named by a short form — one word without
// a legal form, as signature blocks and headings write names — the full
// name the text gives it elsewhere: "HEMISPHERX" → "Hemispherx Biopharma,
// Inc.", the acronym "MICOA" → "Mutual Insurance Corporation of America"
// (from "Mutual Insurance Corporation of America, a Michigan insurance
// corporation (MICOA)"). A party the text names and gives another term
// keeps its name.
func expandShortNames(body string, ps []contract.Party) {
	head := prefix(body, 100<<10)
	for i, p := range ps {
		if p.Kind == contract.Person || strings.Contains(p.Name, " ") || hasLegalForm(p.Name) || len(p.Name) < 3 ||
			p.Term != "" && !strings.EqualFold(p.Term, p.Name) {
			continue // a name given its own term ("Sagebrush, a California general partnership ("Partnership")") is whole
		}
		if full := longForm(head, p.Name); full != "" {
			ps[i].Name = full
		} else if full := acronymForm(head, p.Name); full != "" {
			ps[i].Name = full
		}
	}
}

// longForm returns the first name in text that starts with the word short
// and ends in a legal form within six words ("HEMISPHERX BIOPHARMA, INC"
// for "HEMISPHERX"), or "". Only the first 200 occurrences are read, so
// that a text repeating the name costs no more than a contract.
func longForm(text, short string) string {
	l, ls := asciiLower(text), asciiLower(short)
	for from, seen := 0, 0; seen < 200; seen++ {
		i := strings.Index(l[from:], ls)
		if i < 0 {
			return ""
		}
		i += from
		from = i + len(ls)
		if i > 0 && isLetterByte(l[i-1]) || from >= len(l) || l[from] != ' ' && l[from] != ',' {
			continue
		}
		name, after := partyName(text[i:])
		if name != "" && hasLegalForm(name) && len(strings.Fields(name)) <= 6 && !isPartyFragment(name) &&
			strings.HasPrefix(asciiLower(name), ls) && tiedToShort(after, ls) {
			return name
		}
	}
	return ""
}

// tiedToShort reports whether the text after a long name ties it to the
// short name ls (lower case) as one party: a signature block ("HEMISPHERX
// BIOPHARMA, INC:", "ACME, INC.\nBy: …", the name alone on its line) or a
// defined term holding the short name ("… (“Hemispherx”)"). A longer name
// merely starting with the short one ("Sagebrush Partner Eleven, Inc." of
// the partnership "Sagebrush") may be another company.
func tiedToShort(after, ls string) bool {
	a := strings.TrimLeft(after, " ,.")
	if a == "" || strings.HasPrefix(a, "\n") || strings.HasPrefix(a, ":") || hasPrefixFold(a, "by:") || hasPrefixFold(a, "by ") {
		return true
	}
	desc := prefix(after, 240)
	if k := strings.Index(desc, ". "); k >= 0 {
		desc = desc[:k]
	}
	open := strings.IndexByte(desc, '(')
	return open >= 0 && strings.Contains(asciiLower(desc[open:]), ls)
}

// acronymForm returns the name an acronym in capitals stands for where
// the text defines it, "(MICOA)" or `("MICOA")` after a name whose words'
// initials spell it (lower-case connectors counted or not), or "".
func acronymForm(text, acr string) string {
	if !isCaps(acr) || len(acr) > 8 || strings.IndexFunc(acr, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
		return ""
	}
	for _, def := range []string{"(" + acr + ")", "(\"" + acr + "\")", "(“" + acr + "”)"} {
		i := strings.Index(text, def)
		if i < 0 {
			continue
		}
		before := text[max(0, i-240):i]
		if k := strings.LastIndexAny(before, "\n;"); k >= 0 {
			before = before[k+1:]
		}
		words := strings.Fields(before)
		for j := range words {
			if n := initialsMatch(words[j:], strings.ToLower(acr)); n > 0 {
				name := strings.TrimRight(strings.Join(words[j:j+n], " "), ",")
				if !isPartyFragment(name) {
					return name
				}
			}
		}
	}
	return ""
}

// initialsMatch returns how many of words, from the first, spell acr by
// their initials — each capitalised word one letter, a lower-case
// connector ("of", "and") one letter or none — or 0.
func initialsMatch(words []string, acr string) int {
	if acr == "" {
		return 0
	}
	var match func(k, a int) int
	match = func(k, a int) int {
		if a == len(acr) {
			return k
		}
		if k >= len(words) {
			return 0
		}
		w := strings.Trim(words[k], ",.")
		if w == "" {
			return 0
		}
		r := unicode.ToLower(firstRune(w))
		if isUpperStart(w) {
			if byte(r) == acr[a] && r < utf8.RuneSelf {
				return match(k+1, a+1)
			}
			return 0
		}
		if !nameConnectors[w] || k == 0 {
			return 0
		}
		if byte(r) == acr[a] {
			if n := match(k+1, a+1); n > 0 {
				return n
			}
		}
		return match(k+1, a)
	}
	return match(0, 0)
}
