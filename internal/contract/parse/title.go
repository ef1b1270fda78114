package parse

import (
	"slices"
	"strings"
	"unicode"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/clean"
	"github.com/contractsearch/contractsearch/internal/contract/sentence"
)

// preamble locates the sentence that opens the contract proper: "This
// Marketing Affiliate Agreement (the "Agreement") is entered into … by and
// between …". para is its paragraph's index (-1 when none was found) and
// at the sentence's offset in that paragraph.
type preamble struct {
	para, at int
}

// docNouns name a kind of document: the head of a title.
var docNouns = map[string]bool{
	"agreement": true, "agreements": true, "contract": true, "contracts": true, "amendment": true, "addendum": true,
	"lease": true, "sublease": true, "guaranty": true, "guarantee": true, "guarantees": true, "indenture": true,
	"note": true, "plan": true, "memorandum": true, "letter": true, "certificate": true, "deed": true,
	"terms": true, "protocol": true, "arrangement": true, "charter": true, "bylaws": true, "consent": true,
	"waiver": true, "undertaking": true, "instrument": true, "license": true, "licence": true,
	"statement": true, "schedule": true, "supplement": true, "attorney": true, "endorsement": true,
	"understanding": true, "appendix": true, "addenda": true,
}

const (
	preambleParas = 250  // paragraphs searched for the preamble (tables of contents are long)
	preambleReach = 6000 // bytes of a run-together paragraph searched
)

// findPreamble returns the contract's opening sentence.
func findPreamble(body string, spans []span) preamble {
	reach := max(len(body)*3/10, 15000)
	for i := 0; i < len(spans) && i < preambleParas && spans[i].start < reach; i++ {
		p := body[spans[i].start:spans[i].end]
		if len(p) < 30 {
			continue
		}
		limit := min(len(p), preambleReach)
		for at := 0; at < limit; {
			if isPreambleSentence(p[at:]) {
				return preamble{para: i, at: refinePreamble(p, at)}
			}
			j := nextSentence(p[at:limit])
			k := capsTitleBreak(p[at:limit])
			if j < 0 && k < 0 {
				break
			}
			if j < 0 || k >= 0 && k < j {
				at += k
			} else {
				at += j
			}
		}
	}
	return preamble{para: -1}
}

// refinePreamble moves a preamble found at offset at to a "This"/"THIS"
// that starts a preamble sentence within its first 2500 bytes: in
// "Exhibit 10.1 MASTER FRANCHISE AGREEMENT This Master Franchise Agreement
// … between …" the sentence starts at "This", and what comes before it is
// the title.
func refinePreamble(p string, at int) int {
	if hasPrefixFold(p[at:], "this ") {
		return at
	}
	limit := min(len(p), at+2500)
	for from := at; from < limit; {
		k := capsTitleBreak(p[from:limit])
		if k < 0 {
			break
		}
		if isPreambleSentence(p[from+k:]) {
			return from + k
		}
		from += k + 1
	}
	return at
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// hasSuffixFold is strings.HasSuffix ignoring ASCII case.
func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}

// nextSentence returns the offset of the sentence after the first one in
// s — after ". " that does not follow an abbreviation ("NO. 2", "Inc.") —
// or -1.
func nextSentence(s string) int {
	for from := 0; ; {
		j := strings.Index(s[from:], ". ")
		k := -1
		for _, e := range []string{".] ", ".) ", ".\" ", ".” "} {
			if x := strings.Index(s[from:], e); x >= 0 && (k < 0 || x < k) {
				k = x
			}
		}
		if j < 0 && k < 0 {
			return -1
		}
		if j < 0 || k >= 0 && k < j {
			return from + k + 3
		}
		j += from
		if !sentence.IsAbbreviation(lastWordOf(s[:j])) {
			return j + 2
		}
		from = j + 2
	}
}

// capsTitleBreak finds, in run-together text, where a sentence starts
// right after a title in capitals: "… SERVICES AGREEMENT This Services
// Agreement …" returns the offset of "This", "AMENDMENT NO. 1 Dated as of
// … Reference is hereby made to …" that of "Reference".
func capsTitleBreak(s string) int {
	best := -1
	for _, w := range []string{" This ", " THIS ", " Reference is hereby made ", " REFERENCE IS HEREBY MADE "} {
		if i := strings.Index(s, w); i > 0 && (best < 0 || i+1 < best) {
			best = i + 1
		}
	}
	return best
}

// isPreambleSentence reports whether s opens with a sentence that names a
// document and how it was made: a document noun and "between", "among",
// "entered into", "made" or "dated" within its first 700 bytes.
func isPreambleSentence(s string) bool {
	head := prefix(s, 700)
	if !hasEarlyDocNoun(head) {
		return false // the cheap test first: most sentences name no document
	}
	if j := nextSentence(head); j > 0 && j < 40 {
		return false
	}
	l := asciiLower(head)
	if !(strings.HasPrefix(l, "this ") || strings.HasPrefix(l, "the ") || strings.Contains(prefix(l, 200), "agreement") ||
		strings.Contains(prefix(l, 200), "contract") || strings.HasPrefix(l, "reference is")) {
		return false
	}
	// A cover page ("X AGREEMENT by and between A and B, dated …") names
	// the parties too; a preamble is prose: it opens with "This", makes
	// the contract or defines a name for it.
	prose := strings.HasPrefix(l, "this ") || strings.HasPrefix(l, "the ")
	for _, w := range []string{"entered into", " is made", " made and entered", "is dated", " made as of", " made this", "made effective", "(the \"", "(\"", "(the “", "(“", "(this", "reference is", " is effective", "effective as of the", "is executed", "made on"} {
		if prose || strings.Contains(l, w) {
			prose = true
			break
		}
	}
	if !prose {
		return false
	}
	if isNotice(head) {
		return false
	}
	// A document noun comes early, and what follows it makes the
	// contract: "This Marketing Affiliate Agreement (the "Agreement") is
	// entered into …", "THIS AGREEMENT is made …", "DISTRIBUTOR AGREEMENT
	// (the "Agreement") shall be effective as of …". "THIS DOCUMENT,
	// MARKED BY [***], HAS BEEN OMITTED" and "This Agreement shall be
	// construed …" do not.
	if strings.HasPrefix(l, "reference is") {
		// "Reference is hereby made to that certain … Agreement … between …"
		return strings.Contains(l, " between") || strings.Contains(l, " among")
	}
	words := strings.Fields(prefix(head, 300))
	for i, w := range words {
		if i >= 16 {
			break
		}
		if !docNouns[bareWord(w)] {
			// the words before the noun name the document: capitalised
			// ("This Marketing Affiliate Agreement") or minor ("This Form of
			// …"); "The following is a related agreement between …" is prose
			if t := strings.TrimLeft(w, "(\"“'[-–—"); i > 0 && t != "" && !isCapitalised(t) && !minorWords[strings.ToLower(t)] && !unicode.IsDigit(firstRune(t)) && unicode.IsLetter(firstRune(t)) {
				return false
			}
			continue
		}
		after := asciiLower(strings.Join(words[i+1:min(len(words), i+24)], " "))
		after = skipParenthetical(after)
		if startsWithModal(after) || strings.HasPrefix(after, "is made out") || strings.HasPrefix(after, "is made in") {
			return false // "This Agreement may be executed …", "… will be effective …"
		}
		if strings.Contains(after, "entire agreement") || strings.Contains(after, "entire understanding") {
			return false // "This Agreement … constitutes the entire agreement between …": the integration clause
		}
		for _, m := range makingPhrases {
			if strings.HasPrefix(after, m) || m != "(" && strings.Contains(after, " "+m) && strings.Index(after, m) < 130 {
				return true
			}
		}
		return false
	}
	return false
}

// hasEarlyDocNoun reports whether one of the first sixteen words of s is
// a document noun, without allocating.
func hasEarlyDocNoun(s string) bool {
	var buf [16]byte
	words := 0
	for i := 0; i < len(s) && words < 16; {
		for i < len(s) && !isLetterByte(s[i]) {
			if s[i] == ' ' {
				words++
			}
			i++
		}
		j := i
		for j < len(s) && isLetterByte(s[j]) {
			j++
		}
		if n := j - i; n >= 4 && n <= len(buf) {
			for k := 0; k < n; k++ {
				buf[k] = s[i+k] | 0x20
			}
			if docNouns[string(buf[:n])] {
				return true
			}
		}
		i = j
	}
	return false
}

// skipParenthetical drops a parenthesis at the start of s: `(the
// "Agreement") is made …` → `is made …`.
func skipParenthetical(s string) string {
	for strings.HasPrefix(s, "(") {
		j := strings.IndexByte(s, ')')
		if j < 0 {
			return s
		}
		s = strings.TrimLeft(s[j+1:], " ,")
	}
	return s
}

// startsWithModal reports whether s starts with a verb that states a
// term of the contract rather than its making: "may", "will", "shall"
// (except "shall be effective"), "constitutes", "supersedes".
func startsWithModal(s string) bool {
	for _, m := range []string{"may ", "will ", "can ", "must ", "constitutes", "supersedes", "contains", "sets forth", "shall "} {
		if strings.HasPrefix(s, m) {
			return !(strings.HasPrefix(s, "shall be effective as of") || strings.HasPrefix(s, "shall become effective as of"))
		}
	}
	return false
}

// makingPhrases follow a document's name in a preamble.
var makingPhrases = []string{
	"(", "is made", "is entered", "made and entered", "entered into", "is dated", "dated", "made as of",
	"made this", "made on", "made effective", "is effective", "effective as of", "shall be effective",
	"is executed", "executed", "is between", "by and between", "between", "among", "made,", "is hereby",
	"is agreed", "is by and", "made by", "entered in", "is made and", "has been entered", "is concluded",
	"concluded", "made at", "effective", "signed",
}

// selfName returns the name a preamble gives its document: "This Marketing
// Affiliate Agreement (the …" → "Marketing Affiliate Agreement"; "" when
// the sentence names none.
func selfName(s string) string {
	s = prefix(s, 400)
	w := strings.Fields(s)
	if len(w) == 0 {
		return ""
	}
	i := 0
	if len(w) > 2 && strings.EqualFold(w[0], "under") && strings.EqualFold(w[1], "this") {
		w = w[1:]
	}
	if lw := strings.ToLower(w[0]); lw == "this" || lw == "the" {
		i = 1
		if i < len(w) && strings.ToLower(w[i]) == "is" {
			i++
		}
	}
	var name []string
	lastNoun := -1
	for ; i < len(w) && len(name) < 16; i++ {
		word := w[i]
		lw := strings.ToLower(strings.Trim(word, ",.;:"))
		if strings.ContainsAny(word[:1], "(\"“") || stopAfterName[lw] {
			break
		}
		name = append(name, strings.TrimRight(word, ",;:"))
		if docNouns[lw] {
			lastNoun = len(name)
		}
		if (strings.HasSuffix(word, ",") || strings.HasSuffix(word, ";")) && lastNoun >= 0 {
			// "This Agreement, dated …" ends the name; "SOFTWARE LICENSE,
			// CUSTOMIZATION AND MAINTENANCE AGREEMENT" goes on.
			if i+1 >= len(w) || !isUpperStart(w[i+1]) || stopAfterName[strings.ToLower(w[i+1])] {
				break
			}
		}
	}
	if lastNoun < 0 {
		return ""
	}
	// "This Cooperation Agreement (2014 Amendment) (this "Agreement") …"
	if lastNoun == len(name) && i < len(w) && strings.HasPrefix(w[i], "(") {
		for k := i; k < len(w) && k < i+4; k++ {
			if strings.ContainsAny(w[k], "\"“”") {
				break
			}
			if strings.HasSuffix(w[k], ")") {
				return strings.Join(append(name[:lastNoun], w[i:k+1]...), " ")
			}
		}
	}
	return strings.Join(name[:lastNoun], " ")
}

var stopAfterName = map[string]bool{
	"is": true, "made": true, "dated": true, "entered": true, "by": true, "between": true, "among": true,
	"effective": true, "executed": true, "shall": true, "was": true, "as": true, "hereinafter": true,
	"dated:": true, "date": true, "of": false, "are": true, "will": true, "has": true,
}

// findTitle returns the document's title: the first heading-like stretch
// before the preamble that names a document ("MARKETING AFFILIATE
// AGREEMENT"), preferring one equal to the preamble's own name for the
// document; else that name; else the exhibit description; else the first
// line.
func findTitle(body string, spans []span, pre preamble, description string) string {
	var cands []string
	last := pre.para
	if last < 0 {
		last = min(len(spans)-1, 12)
	}
	var carry string
	candPara := make(map[string]int) // candidate → its paragraph
	toc, contents := false, contentsHeadings(body, spans)
	for i := 0; i <= last && i < len(spans); i++ {
		p := body[spans[i].start:spans[i].end]
		if i == pre.para {
			p = p[:pre.at]
		}
		// A table of contents lists schedules and exhibits ("Schedule A
		// Parties to the Agreement", "Exhibit C Form of Escrow Agreement")
		// that read like titles; after one, only the lines just above the
		// preamble (where the title is repeated) give candidates.
		if contents && isContentsHeading(p) {
			toc = true
			continue
		}
		if toc && pre.para >= 0 && i < pre.para-2 {
			continue
		}
		if carry != "" {
			p = carry + " " + p
			carry = ""
		}
		// "ADDENDUM TO" / "ZEBRA® PARTNERCONNECT DISTRIBUTOR AGREEMENT": a
		// short line that ends on a connecting word goes on in the next.
		if i < last && len(p) < 80 && (endsWithConnector(p) || continuesTitle(p, body[spans[i+1].start:spans[i+1].end]) ||
			splitTitle(p, body[spans[i+1].start:spans[i+1].end], body)) {
			carry = p
			continue
		}
		n := len(cands)
		cands = appendTitleCandidates(cands, p)
		for _, c := range cands[n:] {
			if _, ok := candPara[c]; !ok {
				candPara[c] = i
			}
		}
	}
	self := ""
	if pre.para >= 0 {
		p := body[spans[pre.para].start:spans[pre.para].end][pre.at:]
		self = selfName(p)
		if !hasPrefixFold(p, "this ") && !hasPrefixFold(p, "the ") {
			// "SERVICES AGREEMENT, dated as of … (the "Agreement"), between …"
			cands = appendTitleCandidates(cands, prefix(p, 200))
		}
	}
	for i, c := range cands {
		cands[i] = dropTradeName(c, self)
	}
	if strings.Contains(self, " ") {
		for _, c := range cands {
			// "MANUFACTURING AND SUPPLY AGREEMENT (DA-9801 Licensed
			// Products)" / "This Manufacturing and Supply Agreement …": the
			// heading's qualifier belongs to the title the preamble
			// shortens.
			if strings.EqualFold(collapse(withoutQualifier(c)), collapse(self)) {
				return c
			}
		}
		// "ACCURAY INCORPORATED MULTIPLE LINAC AND MULTI-MODALITY" /
		// "DISTRIBUTOR AGREEMENT" / "This Multiple LINAC and Multi-Modality
		// Distributor Agreement …": the preamble names the title the lines
		// break.
		ns := NormTitle(self)
		for _, c := range cands {
			nc := NormTitle(c)
			k, ok := candPara[c]
			if !ok || k == 0 || !strings.HasSuffix(ns, " "+nc) {
				continue
			}
			head := strings.TrimSuffix(ns, " "+nc)
			if prev := NormTitle(body[spans[k-1].start:spans[k-1].end]); prev == head || strings.HasSuffix(prev, " "+head) {
				return self
			}
		}
		// "e-business Hosting Agreement between" / "Under this e-business
		// Hosting Agreement …": the title line holds the preamble's whole
		// name, of which the candidate lost a word written in lower case.
		for _, c := range cands {
			k, ok := candPara[c]
			if !ok || !strings.HasSuffix(ns, " "+NormTitle(c)) {
				continue
			}
			if line := NormTitle(body[spans[k].start:spans[k].end]); line == ns || strings.HasPrefix(line, ns+" ") {
				return self
			}
		}
		// "FIRST AMENDMENT TO SAGEBRUSH" / "MANAGEMENT AND MAINTENANCE
		// AGREEMENT" / "THIS FIRST AMENDMENT TO SAGEBRUSH MANAGEMENT AND
		// MAINTENANCE AGREEMENT …": a title over two or three lines that the
		// preamble repeats.
		if pre.para >= 1 {
			joined := ""
			for k := pre.para - 1; k >= 0 && k >= pre.para-3; k-- {
				joined = strings.TrimSpace(stripLabels(body[spans[k].start:spans[k].end]) + " " + joined)
				if strings.EqualFold(collapse(joined), collapse(self)) {
					return joined
				}
			}
		}
	}
	// "This Amendment is entered into …": when the preamble calls the
	// document by a noun other than agreement or contract, the title is the
	// first candidate that holds that noun ("AMENDMENT TO THE DISTRIBUTOR
	// AGREEMENT"), not a schedule's heading of an earlier document.
	if ls := bareWord(self); ls != "" && !strings.Contains(self, " ") && docNouns[ls] && ls != "agreement" && ls != "contract" {
		for _, c := range cands {
			if strings.Contains(c, " ") && slices.ContainsFunc(strings.Fields(c), func(w string) bool { return bareWord(w) == ls }) {
				return c
			}
		}
	}
	// A bare "AGREEMENT" (from "AGREEMENT NUMBER: …" or a notice) is the
	// last resort among the candidates.
	for _, c := range cands {
		if strings.Contains(c, " ") {
			return c
		}
	}
	if strings.Contains(self, " ") {
		return self
	}
	if len(cands) > 0 {
		return cands[0]
	}
	if self != "" {
		return self
	}
	if description != "" {
		return description
	}
	for _, sp := range spans {
		if p := body[sp.start:sp.end]; len(p) > 3 {
			return cut(p, 100)
		}
	}
	return ""
}

// dropTradeName removes the trade name that a company's name before the
// title leaves at its start ("GLOBAL MUSIC INTERNATIONAL, INC. DBA IMNTV
// CONTENT LICENSE AGREEMENT" keeps "DBA IMNTV CONTENT LICENSE AGREEMENT"
// after the company): the title is the words from the preamble's name for
// the document ("This Content License Agreement …"), else those after the
// trade name's first word.
func dropTradeName(c, self string) string {
	words := strings.Fields(c)
	if len(words) < 3 {
		return c
	}
	switch strings.ToLower(strings.Trim(words[0], ".,")) {
	case "dba", "d/b/a", "d.b.a":
	default:
		return c
	}
	if n := len(strings.Fields(self)); n >= 2 && n < len(words)-1 &&
		strings.EqualFold(collapse(strings.Join(words[len(words)-n:], " ")), collapse(self)) {
		return strings.Join(words[len(words)-n:], " ")
	}
	return strings.Join(words[2:], " ")
}

// withoutQualifier drops the parenthesis that ends a title: "SUPPLY
// AGREEMENT (Licensed Products)" → "SUPPLY AGREEMENT".
func withoutQualifier(t string) string {
	if !strings.HasSuffix(t, ")") {
		return t
	}
	if i := strings.LastIndex(t, " ("); i > 0 {
		return t[:i]
	}
	return t
}

// contentsHeadings reports whether the text has a table of contents: a
// contents heading once or twice. Filings converted from HTML often
// repeat a "Table of Contents" link on every page; those are page
// furniture, not the start of a table.
func contentsHeadings(body string, spans []span) bool {
	n := 0
	for _, sp := range spans {
		if isContentsHeading(body[sp.start:sp.end]) {
			n++
		}
	}
	return n > 0 && n <= 2
}

// isContentsHeading reports whether a paragraph heads a table of
// contents: "TABLE OF CONTENTS", "Contents", "INDEX".
func isContentsHeading(p string) bool {
	switch NormTitle(p) {
	case "table of contents", "contents", "index", "table of contents page", "table of contents paragraph":
		return true
	}
	return false
}

// NormTitle lower-cases s and keeps its words (runs of letters and
// digits), one space apart, for comparing titles written in different
// cases, punctuated differently or broken over lines:
// "SPONSORSHIP  AGREEMENT" = "Sponsorship Agreement". The parser compares
// title candidates with it and cmd/eval compares parsed titles with
// labelled ones, so both agree on what "the same title" means.
func NormTitle(s string) string {
	var b strings.Builder
	space := true
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			space = false
		} else if !space {
			b.WriteByte(' ')
			space = true
		}
	}
	return strings.TrimSpace(b.String())
}

// endsWithConnector reports whether a title line stops on a word that
// needs a continuation: "TO", "OF", "AND", "THE", "FOR".
func endsWithConnector(p string) bool {
	w := strings.ToLower(lastWordOf(strings.TrimSpace(p)))
	switch w {
	case "to", "of", "and", "the", "for", "&":
		return isCaps(p) || isTitleCase(strings.Fields(p))
	}
	return false
}

// continuesTitle reports whether a short line in capitals without a
// document noun goes on in the next line, which starts with a connecting
// word: "AMENDMENT AND TERMINATION" / "OF" / "JOINT VENTURE AGREEMENT".
func continuesTitle(p, next string) bool {
	p = stripLabels(p)
	if p == "" || !isCaps(p) || strings.ContainsAny(p, ",.;:\"“(") || parseMarker(p).kind != noMarker {
		return false
	}
	if len(next) > 120 || !isCaps(next) {
		return false
	}
	switch strings.ToLower(strings.Fields(next)[0]) {
	case "of", "to", "and", "for":
		return true
	}
	return false
}

// splitTitle reports whether a short line in capitals is the first part
// of a title that the next line ends: "JOINT" / "DEVELOPMENT AGREEMENT",
// "MASTER SERVICES" / "AGREEMENT". The first line has no document noun
// and is not what else stands over a title: a name with a legal form or
// a word organisations are named with ("ACME HOLDINGS, INC.", "NORTHWIND
// BANK"), a brand ("ZEBRA® PARTNERCONNECT PROGRAM", "PCQUOTE"), a label,
// a number or a date. A brand or a name is told from the words of a
// title by the body: each of its words is written in lower case
// somewhere in the body (the text says "joint" and "master", never
// "pcquote"). The next line is a short title in capitals from its first
// word.
func splitTitle(p, next, body string) bool {
	p = stripLabels(p)
	words := strings.Fields(p)
	if len(words) == 0 || len(words) > 4 || !isCaps(p) && !isTitleCase(words) || hasLegalForm(p) || hasOrgNoun(p) || strings.ContainsAny(p, "®™©&/0123456789,.;:()[]\"“") {
		return false
	}
	common := true // every word is written in lower case in the body
	for _, w := range words {
		lw := bareWord(w)
		if minorWords[lw] || labelWords[lw] || docNouns[lw] {
			return false // "TO BE SIGNED", "CONFIDENTIAL"
		}
		if !hasLowerWord(body, lw) {
			common = false // "PCQUOTE"
		}
	}
	nw := strings.Fields(next)
	if len(nw) > 8 || strings.ContainsAny(next, ",;:\"“(") {
		return false
	}
	t := titleLine(next)
	if t == "" || !strings.HasPrefix(next, t) || len(words)+len(strings.Fields(t)) > 10 {
		return false
	}
	// A name or brand is part of the title when the body calls the
	// document by both lines together ("… the provisions of the
	// Intellectual Property Rights Confidentiality Agreement attached
	// hereto").
	return common || strings.Contains(prefix(body, 64<<10), strings.Join(words, " ")+" "+t)
}

// hasLowerWord reports whether the lower-case word w (letters and
// hyphens) is written in lower case as a whole word in the first 64 KB of
// body.
func hasLowerWord(body, w string) bool {
	s := prefix(body, 64<<10)
	for at := 0; ; {
		i := strings.Index(s[at:], w)
		if i < 0 || w == "" {
			return false
		}
		i += at
		end := i + len(w)
		if (i == 0 || !isLetterByte(s[i-1])) && (end == len(s) || !isLetterByte(s[end])) {
			return true
		}
		at = i + 1
	}
}

// labelWords mark a line over a title that is not part of it.
var labelWords = map[string]bool{
	"confidential": true, "draft": true, "execution": true, "version": true, "copy": true, "final": true,
	"exhibit": true, "schedule": true, "annex": true, "appendix": true, "attachment": true, "form": true,
	"translation": true, "english": true, "page": true, "redacted": true, "privileged": true, "sample": true,
}

// labelPrefixes are stripped from the start of a title paragraph.
var labelPrefixes = []string{"under this", "execution version", "execution copy", "conformed copy", "table of contents", "confidential", "final version", "(translation)", "translation", "[translation]", "english translation", "form of"}

// appendTitleCandidates adds the title candidates found in p.
func appendTitleCandidates(cands []string, p string) []string {
	p = stripLabels(afterExhibitLabel(p))
	if isNotice(p) {
		// "… WOULD LIKELY CAUSE COMPETITIVE HARM IF DISCLOSED. Execution
		// Version Network Build and Maintenance Agreement Between …": the
		// title follows the notice's last sentence.
		for at := nextSentence(p); at > 0 && at < len(p); {
			if !isNotice(p[at:]) {
				cands = appendTitleCandidates(cands, p[at:])
				break
			}
			k := nextSentence(p[at:])
			if k < 0 {
				break
			}
			at += k
		}
		if !strings.Contains(p, "AGREEMENT") {
			return cands
		}
	}
	if p == "" {
		return cands
	}
	if m := parseMarker(p); m.kind != noMarker {
		return cands // "2. AMENDMENT", "19. ENTIRE AGREEMENT": a clause
	}
	if !isNotice(p) {
		// a title line, or a title that opens a longer paragraph ("Road
		// Transportation Agreement Party A (Shipper): …")
		if t := titleLine(prefix(p, 300)); t != "" {
			return append(cands, t)
		}
	}
	return append(cands, capsTitles(p)...)
}

// afterExhibitLabel returns p from an exhibit label that follows a
// letterhead in the same paragraph — "NORTHWIND TRADING COMPANY, INC. 1200
// Harbor Boulevard, Seattle, Washington 98101 Exhibit 10.22 TRANSITION
// SERVICES AGREEMENT …", as text extracted from PDF runs them together —
// so that stripLabels removes it; p itself when no label follows words
// that are not a sentence (a verb, "pursuant to Exhibit 10.1").
func afterExhibitLabel(p string) string {
	head := prefix(p, 300)
	for _, l := range []string{" Exhibit ", " EXHIBIT ", " Appendix ", " APPENDIX ", " Annex ", " ANNEX "} {
		i := strings.Index(head, l)
		if i < 0 || i+len(l) >= len(head) || digitsLen(head[i+len(l):]) == 0 && !isUpperStart(head[i+len(l):]) {
			continue
		}
		before := strings.Fields(head[:i])
		if len(before) == 0 || hasVerb(before) || referringWords[bareWord(before[len(before)-1])] || strings.Contains(head[:i], "\"") ||
			slices.ContainsFunc(before, func(w string) bool { return docNouns[bareWord(w)] }) {
			continue
		}
		if stripped := stripLabels(p[i+1:]); stripped != p[i+1:] {
			return p[i+1:]
		}
	}
	return p
}

// stripLabels removes exhibit numbers and copy labels before a title:
// "Exhibit 10.27", "EXHIBIT 4.25", "EX-10.1", "Execution Version".
func stripLabels(p string) string {
	for changed := true; changed && p != ""; {
		changed = false
		if strings.HasPrefix(p, "- ") || strings.HasPrefix(p, "* ") {
			p = strings.TrimLeft(p[2:], " ")
			changed = true
			continue
		}
		l := asciiLower(prefix(p, 48))
		switch {
		case strings.HasPrefix(l, "exhibit ") || strings.HasPrefix(l, "exhibits ") || strings.HasPrefix(l, "ex-") ||
			strings.HasPrefix(l, "attachment ") || strings.HasPrefix(l, "appendix ") || strings.HasPrefix(l, "annex ") ||
			strings.HasPrefix(l, "schedule ") && len(p) > 9 && (p[9] >= '0' && p[9] <= '9' || isLetterByte(p[9]) && (len(p) == 10 || p[10] == ' ')):
			rest := p[strings.IndexAny(p, " -")+1:]
			// the exhibit number: "10.27", "10.(D)", "B(01)", "'B'"
			i := strings.IndexByte(rest, ' ')
			if i < 0 {
				return ""
			}
			tok := rest[:i]
			if strings.IndexFunc(tok, unicode.IsDigit) >= 0 || len(strings.Trim(tok, "'‘’\"().")) <= 2 || clean.IsRoman(strings.Trim(tok, ".")) {
				p = strings.TrimLeft(rest[i:], " -–—:")
				// "EXHIBIT I TO SCHEDULE A (COMPLIANCE WITH …) AGENTS'
				// CERTIFICATE"
				if f := strings.Fields(p); len(f) >= 4 && strings.EqualFold(f[0], "to") {
					switch strings.ToLower(f[1]) {
					case "schedule", "exhibit", "annex", "appendix":
						p = strings.TrimSpace(strings.Join(f[3:], " "))
					}
				}
				if strings.HasPrefix(p, "(") {
					if j := strings.IndexByte(p, ')'); j > 0 && j < 100 {
						p = strings.TrimSpace(p[j+1:])
					}
				}
				changed = true
			}
		case len(p) > 8 && strings.IndexByte(p, ' ') >= 6 && digitsIn(p[:strings.IndexByte(p, ' ')]) >= 5 && strings.IndexFunc(p[:strings.IndexByte(p, ' ')], unicode.IsLower) < 0:
			// a CUSIP or file number: "30734W208 EXHIBIT 1 …"
			p = strings.TrimLeft(p[strings.IndexByte(p, ' '):], " ")
			changed = true
		case p[0] == '[' && strings.IndexByte(p, ']') > 0 && strings.IndexByte(p, ']') < 60 && !isRedactionTerm(p[:strings.IndexByte(p, ']')+1]):
			// "[LOGO]", "[MEDICAL MANAGER LETTERHEAD]"
			p = strings.TrimLeft(p[strings.IndexByte(p, ']')+1:], " ")
			changed = true
		case strings.HasPrefix(l, "confidential treatment"):
			// "CONFIDENTIAL TREATMENT REQUESTED BY ACME HOLDINGS, INC.",
			// "Confidential Treatment Requested Pursuant to Rule 24b-2": a
			// banner over the first page
			if n := bannerLen(p); n > 0 {
				p = strings.TrimLeft(p[n:], " .:-–—")
				changed = true
			}
		case strings.HasPrefix(l, "no. ") && digitsLen(p[4:]) > 0:
			p = strings.TrimLeft(p[4+digitsLen(p[4:]):], " .")
			changed = true
		default:
			for _, lp := range labelPrefixes {
				// a label is whole words: "CONFIDENTIAL" goes, not the
				// start of "Confidentiality and Non-Use Agreement"
				if strings.HasPrefix(l, lp) && lp != "form of" && (len(l) == len(lp) || !isLetterByte(l[len(lp)])) {
					p = strings.TrimLeft(p[len(lp):], " :-–—")
					changed = true
					break
				}
			}
		}
	}
	return p
}

// bannerLen returns the length of a confidential-treatment banner at the
// start of p — "CONFIDENTIAL TREATMENT REQUESTED", with the filer who
// requests it ("BY ACME HOLDINGS, INC.") or the rule it is requested
// under ("PURSUANT TO RULE 24b-2") — or 0 when p opens a sentence about
// it instead ("Confidential treatment has been requested for portions
// of this exhibit.").
func bannerLen(p string) int {
	words := strings.Fields(prefix(p, 300))
	if len(words) < 3 || !strings.EqualFold(strings.Trim(words[2], ".:-"), "requested") {
		return 0
	}
	n := 3
	switch {
	case n+1 < len(words) && strings.EqualFold(words[n], "by"):
		// the filer's name, up to its legal form
		for k := n + 1; k < len(words) && k < n+10; k++ {
			if isCorporateWord(words[k]) || isSuffixWord(strings.ToLower(strings.TrimRight(words[k], ","))) {
				n = k + 1
				// "COMPANY, INC."
				for n < len(words) && (isCorporateWord(words[n]) || isSuffixWord(strings.ToLower(strings.TrimRight(words[n], ",")))) {
					n++
				}
				break
			}
		}
	case n+2 < len(words) && strings.EqualFold(words[n], "pursuant") && strings.EqualFold(words[n+1], "to"):
		n += 2
		if n+1 < len(words) && strings.EqualFold(words[n], "rule") {
			n += 2
		}
	}
	// the byte offset after the n-th word
	at := 0
	for i := 0; i < n; i++ {
		at += strings.Index(p[at:], words[i]) + len(words[i])
	}
	return at
}

// isNotice reports whether p is a confidential-treatment notice.
func isNotice(p string) bool {
	l := asciiLower(prefix(p, 600))
	for _, w := range []string{"omitted", "redacted", "excluded from", "filed separately", "confidential treatment", "competitive harm", "not material", "been excluded"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// titleLine returns the title in a short paragraph: its words up to the
// last document noun, cut before "between", "dated" and the like, when
// it is written as a heading (capitals or title case).
func titleLine(p string) string {
	words := strings.Fields(p)
	wholeCaps := false
	if len(words) > 0 && isCapsWord(words[0]) && (hasLetterOrAmp(words[0]) || len(words) > 1 && isCapsWord(words[1])) {
		// A title in capitals ends where the capitals do: "DISTRIBUTOR
		// AGREEMENT Agreement Number …" — but keeps a parenthesis right
		// after it ("… AGREEMENT (DA-9801 Licensed Products)") and goes on
		// after a connecting word ("SCHEDULE TO Software License …").
		wholeCaps = true
		open := -1 // the word that opened a parenthesis still open
		for i, w := range words {
			if open >= 0 {
				if strings.HasSuffix(w, ")") {
					open = -1
					continue
				}
				if i-open < 6 {
					continue
				}
				open = -1 // not a short parenthesis: w is judged as any word
			}
			if strings.HasPrefix(w, "(") && !strings.HasSuffix(w, ")") {
				open = i
				continue
			}
			if !isCapsWord(w) && !strings.HasPrefix(w, "(") {
				if i > 0 && connectors[strings.ToLower(words[i-1])] {
					wholeCaps = false
					break
				}
				wholeCaps = false
				if hasLegalForm(strings.Join(words[:i], " ")) && !slices.ContainsFunc(words[:i], func(w string) bool { return docNouns[bareWord(w)] }) {
					// "NORTHWIND TRADING COMPANY, INC. 1200 Harbor
					// Boulevard … AMENDMENT NO. 1": capitals that name no
					// document are a letterhead, not the title
					break
				}
				words = words[:i]
				break
			}
		}
	}
	words = dropCompanyPrefix(words)
	for len(words) > 1 && (strings.EqualFold(words[0], "this") || strings.EqualFold(words[0], "the")) {
		words = words[1:]
	}
	lastNoun, prevNoun, from := -1, -1, 0
	for i, w := range words {
		lw := bareWord(w)
		if i > from && titleStops[lw] && !(lw == "and" || lw == "of") {
			break
		}
		if i > from && strings.HasSuffix(words[i-1], ":") {
			if lastNoun >= 0 {
				break
			}
			// "Facsimile: 604-632-1730 Promotion Agreement": a label and
			// its value before the title, as in a letterhead run together
			// with it
			from = i
		}
		if lastNoun < 0 && isLetterheadWord(words, i) {
			// "… Seattle, Washington 98101 03/01/05 604.684.2255 … Premium
			// Managed Hosting Agreement": a letterhead of any length before
			// the title; the title is counted from after it
			from = i + 1
			continue
		}
		if i > from && strings.ContainsAny(w[:1], "\"“(") {
			break
		}
		if lw == "table" && i+1 < len(words) && bareWord(words[i+1]) == "of" || parseMarker(w+" x").kind == outlineMarker && !isStreetNumber(w) {
			break // "… TABLE OF CONTENTS", "… 1.1 Scope"
		}
		if i-from >= 16 {
			break
		}
		if lastNoun >= 0 && isCorporateWord(w) {
			// "Network Management Outsourcing Agreement Bank of South
			// Pacific Ltd Network Management …": a name after the title
			break
		}
		if docNouns[lw] || lw == "conditions" && i > 0 && conditionsQualifiers[bareWord(words[i-1])] {
			prevNoun, lastNoun = lastNoun, i
		}
		if strings.HasSuffix(w, ",") && i+1 < len(words) && titleStops[bareWord(words[i+1])] {
			break
		}
	}
	if lastNoun >= 0 && prevNoun >= 0 && isReferenceNumber(words[:lastNoun+1], words[lastNoun+1:]) {
		// "Global Maintenance Agreement Contract No. DS/CS-3957/14": the
		// title ends before the number it is filed under
		lastNoun = prevNoun
	}
	if lastNoun < 0 {
		return ""
	}
	// a verb or a date anywhere before the title's end makes the line a
	// sentence or a dated description ("NOVEMBER 1, 2002, RATE FT-A
	// AGREEMENT BETWEEN …"), whatever titleStart leaves out
	verbs := hasVerb(words[from:lastNoun+1]) || looksLikeDate(strings.ToLower(strings.Join(words[from:lastNoun+1], " ")))
	if start := titleStart(words, from, lastNoun); start > 0 {
		words = words[start:]
		lastNoun -= start
		wholeCaps = wholeCaps && start == 0
	}
	end := titleTail(words, lastNoun+1)
	if wholeCaps && end < len(words) && len(words) <= 14 {
		// A title line in capitals is the whole line up to what names the
		// parties or the date: "NON COMPETITION AGREEMENT AND RIGHT OF
		// FIRST OFFER", "SERVICE AGREEMENT FOR TRANSFER AGENT SERVICES".
		if titleContinuations[bareWord(words[end])] {
			k := end
			for k < len(words) && !capsTitleStops[bareWord(words[k])] && !strings.ContainsAny(words[k], ",;:\"“()-–—") && !isCorporateWord(words[k]) {
				k++
			}
			end = k
		}
	} else if end < len(words) && len(words) <= 14 && titleContinuations[bareWord(words[end])] && isTitleCase(words) {
		// A title line in title case goes on the same way when the whole
		// line is the title: "Outsourcing Contract on Development of
		// Miaoli Royal Resort Hotel".
		k := end
		for k < len(words) && !capsTitleStops[bareWord(words[k])] && !titleStops[bareWord(words[k])] && !strings.ContainsAny(words[k], ",;:\"“()") && !isCorporateWord(words[k]) {
			k++
		}
		if k == len(words) {
			end = k
		}
	}
	ws := dedupeTitle(words[:lastNoun+1])
	if len(ws) < lastNoun+1 {
		end = len(ws)
	}
	t := strings.Join(words[:end], " ")
	if !isCaps(t) && !isTitleCase(ws) && !isSentenceCaseTitle(ws) {
		return ""
	}
	if verbs || hasVerb(ws) || looksLikeDate(strings.ToLower(t)) || isReferenceNumber(ws, words[lastNoun+1:]) {
		return ""
	}
	return strings.TrimRight(t, " ,.;:")
}

// titleStart returns where the title ending at words[last] starts, at
// or after from: after what a heading run together with the title puts
// before it — a date ("Dated 29/3/18"), an address, telephone number or
// e-mail of a letterhead, a court filing's stamp ("Case 18-10248 Doc
// 632-1 Filed 04/18/18"), a word ending a sentence or a company's name
// ("Inc."), prose in lower case before a capitalised title ("… deep
// systems Premium Managed Hosting Agreement"), and a name in title case
// before a title in capitals ("Rise Education Group SERVICE
// AGREEMENT"). The title's own words — capitalised, minor, short
// numbers ("AMENDMENT NO. 2 TO") — are kept.
func titleStart(words []string, from, last int) int {
	first := last
	for i := from; i < last; i++ {
		if docNouns[bareWord(words[i])] {
			first = i
			break
		}
	}
	start := from
	for i := first - 1; i >= from; i-- {
		if breaksTitle(words, i) {
			start = i + 1
			break
		}
	}
	// a title in capitals after words in lower case that do not lead
	// into it: "Rise Education Group SERVICE AGREEMENT", but not
	// "Amendment No. 1 to the MASTER SERVICES AGREEMENT"
	if u, _ := letterCase(words[last]); u >= 2 && isCapsWord(words[last]) {
		k := last
		for k > start && isCapsWord(words[k-1]) && hasLetterOrAmp(words[k-1]) {
			k--
		}
		if k > start && k < last && !connectors[bareWord(words[k-1])] {
			for _, w := range words[start:k] {
				if _, l := letterCase(w); l > 0 && !minorWords[bareWord(w)] {
					return k
				}
			}
		}
	}
	return start
}

// breaksTitle reports whether words[i] cannot be part of a title that
// the word after it continues (titleStart).
func breaksTitle(words []string, i int) bool {
	w := words[i]
	bare := strings.Trim(w, "()[]")
	switch {
	case strings.HasSuffix(w, ":"), strings.ContainsAny(w, "@"), strings.Contains(strings.ToLower(w), "www."):
		return true
	case strings.HasSuffix(w, ".") && !strings.Contains(strings.TrimSuffix(w, "."), ".") && !strings.EqualFold(w, "no.") && len(bareWord(w)) > 1:
		return true // a sentence's end, "Inc.", "Corp."; not "No." or "U.S."
	case digitsIn(bare) > 0:
		if digitsLen(bare) == len(bare) && len(bare) <= 4 {
			// a number of the title ("NO. 2", "2005 STOCK PLAN"), not a
			// date's year ("May 3, 2016")
			return len(bare) == 4 && i > 0 && (strings.HasSuffix(words[i-1], ",") || looksLikeDate(strings.ToLower(words[i-1])+" 1"))
		}
		return !isOrdinalNumber(bare)
	case i+1 < len(words) && isLowerStart(w) && !minorWords[bareWord(w)] && !docNouns[bareWord(w)] && isUpperStart(words[i+1]):
		return true // "deep systems Premium …"
	}
	return false
}

// isLetterheadWord reports whether words[i] is what letterheads and
// filing stamps hold and titles never do: an e-mail or web address, or a
// number with punctuation inside or of five digits or more (a postcode,
// telephone number, date or docket number). A title's own numbers ("NO.
// 2", "2005 STOCK PLAN") are not.
func isLetterheadWord(words []string, i int) bool {
	w := words[i]
	if strings.ContainsAny(w, "@") || strings.Contains(strings.ToLower(w), "www.") {
		return true
	}
	bare := strings.Trim(w, "()[],;.")
	return digitsIn(bare) > 0 && !(digitsLen(bare) == len(bare) && len(bare) <= 4) && !isOrdinalNumber(bare) &&
		!strings.EqualFold(bareWord(w), "no") && (digitsLen(bare) >= 5 || strings.ContainsAny(bare, "/-."))
}

// isStreetNumber reports whether w is a number of three digits or more
// without a period, as addresses and telephone numbers have and clause
// numbers do not: "925 West Georgia Street".
func isStreetNumber(w string) bool {
	return len(w) >= 3 && digitsLen(w) == len(w)
}

// isOrdinalNumber reports whether w is an ordinal written in digits:
// "1st", "2nd", "3rd", "4th".
func isOrdinalNumber(w string) bool {
	n := digitsLen(w)
	if n == 0 {
		return false
	}
	switch strings.ToLower(w[n:]) {
	case "st", "nd", "rd", "th":
		return true
	}
	return false
}

// isReferenceNumber reports whether a title is only a document's number:
// "Contract No. 017", "Agreement Number 12965".
func isReferenceNumber(ws, after []string) bool {
	if len(ws) == 0 || len(after) == 0 {
		return false
	}
	switch bareWord(ws[len(ws)-1]) {
	case "agreement", "contract":
		return isNumberLabel(after[0])
	}
	return false
}

// isNumberLabel reports whether w introduces a reference number: "No.",
// "Number", "Ref.", "Reference".
func isNumberLabel(w string) bool {
	switch bareWord(w) {
	case "no", "number", "ref", "reference":
		return true
	}
	return false
}

// dedupeTitle drops a title said twice ("SERVICES AGREEMENT SERVICES
// AGREEMENT") or a document noun repeated at its end ("SPONSORSHIP
// AGREEMENT AGREEMENT").
func dedupeTitle(ws []string) []string {
	if n := len(ws); n >= 2 && n%2 == 0 {
		same := true
		for i := 0; i < n/2; i++ {
			if !strings.EqualFold(strings.Trim(ws[i], ",.;:"), strings.Trim(ws[n/2+i], ",.;:")) {
				same = false
				break
			}
		}
		if same {
			return ws[:n/2]
		}
	}
	if n := len(ws); n >= 2 && strings.EqualFold(strings.Trim(ws[n-1], ",.;:"), strings.Trim(ws[n-2], ",.;:")) && docNouns[bareWord(ws[n-1])] {
		return ws[:n-1]
	}
	return ws
}

// isSentenceCaseTitle accepts "Distributorship agreement" and
// "Maintenance and support contract": a capitalised first word, and no
// lower-case word but minor words, document nouns and at most one other.
func isSentenceCaseTitle(ws []string) bool {
	if len(ws) < 2 || len(ws) > 6 || !isUpperStart(ws[0]) {
		return false
	}
	others := 0
	for _, w := range ws[1:] {
		lw := bareWord(w)
		if isUpperStart(w) || minorWords[lw] || docNouns[lw] {
			continue
		}
		others++
	}
	return others <= 1
}

// titleTail extends a title past its last document noun over what
// belongs to it: "NO. 1", a roman or arabic number ("ADDENDUM I"), or a
// short parenthesis without quotes ("(DA-9801 Licensed Products)").
func titleTail(words []string, end int) int {
	if end+1 < len(words) && strings.EqualFold(strings.TrimRight(words[end], "."), "no") && digitsLen(strings.TrimLeft(words[end+1], "#")) > 0 {
		return end + 2
	}
	if end < len(words) && (clean.IsRoman(strings.TrimRight(words[end], ".")) || digitsLen(words[end]) == len(words[end])) && len(words[end]) <= 4 {
		return end + 1
	}
	if end > 0 && end < len(words) && len(words[end]) == 1 && words[end][0] >= 'A' && words[end][0] <= 'Z' && labelWords[bareWord(words[end-1])] {
		// the letter of an appendix or schedule: "STATEMENT OF WORK -
		// APPENDIX A"
		return end + 1
	}
	if end < len(words) && strings.HasPrefix(words[end], "[") && !isRedactionTerm(words[end]) {
		// a version: "Software License Agreement [v.08.05.03]"
		for k := end; k < len(words) && k < end+2; k++ {
			if strings.HasSuffix(words[k], "]") {
				return k + 1
			}
		}
	}
	if end < len(words) && strings.HasPrefix(words[end], "(") && !titleStops[bareWord(words[end])] && !minorWords[bareWord(words[end])] {
		// a qualifier that names what the document covers: "(DA-9801
		// Licensed Products)", "(Non-exclusive/Exclusive)"; not a phrase
		// of use ("(For Use under Rate Schedule FT-A)") nor a reference
		// number ("(Agreement No: 190305/1)")
		for k := end; k < len(words) && k < end+6; k++ {
			if strings.ContainsAny(words[k], "\"“”:") || k > end && isNumberLabel(words[k]) {
				break
			}
			if strings.HasSuffix(words[k], ")") {
				return k + 1
			}
		}
	}
	return end
}

// dropCompanyPrefix removes a company name that precedes a title: "CISCO
// SYSTEMS, INC. NONEXCLUSIVE VALUE ADDED DISTRIBUTOR AGREEMENT" →
// "NONEXCLUSIVE VALUE ADDED DISTRIBUTOR AGREEMENT". The name is the words
// up to a corporate suffix within the first eight.
func dropCompanyPrefix(words []string) []string {
	for i := 1; i < len(words)-1 && i < 8; i++ {
		w := strings.ToLower(strings.Trim(words[i], ",.;:"))
		switch w {
		case "inc", "incorporated", "corporation", "corp", "llc", "ltd", "limited", "plc", "l.l.c", "co", "n.a", "gmbh":
			rest := words[i+1:]
			for len(rest) > 0 && (rest[0] == "-" || rest[0] == "–" || rest[0] == "—") {
				rest = rest[1:]
			}
			if len(rest) > 1 && (strings.EqualFold(rest[0], "and") || rest[0] == "&") {
				// "STREMICK'S HERITAGE FOODS, LLC and PREMIER NUTRITION
				// CORPORATION MANUFACTURING AGREEMENT": two names
				return dropCompanyPrefix(rest[1:])
			}
			if len(rest) > 0 {
				return rest
			}
		}
		if docNouns[w] || w == "to" || w == "of" {
			break
		}
	}
	return words
}

// dropPartyPrefix removes a party's name that a letterhead or cover page
// puts before the title and the text runs together with it: "SECURIAN
// FUNDS TRUST RESTATED NET INVESTMENT INCOME MAINTENANCE AGREEMENT" when
// Securian Funds Trust is a party. Only a name that says it is an
// organisation's — a legal form, or a word such as "Trust", "Bank" or
// "Group" — is dropped: a short name or brand before the title belongs
// to it ("JACKSONVILLE JAGUARS SPONSORSHIP AGREEMENT").
func dropPartyPrefix(title string, parties []contract.Party) string {
	words := strings.Fields(title)
	for _, p := range parties {
		key := companyKey(p.Name)
		if p.Kind == contract.Person || len(key) < 4 {
			continue
		}
		for n := 1; n < len(words)-1 && n <= 10; n++ {
			name := strings.Join(words[:n], " ")
			if !sameCompany(companyKey(name), key) || len(lettersLower(name)) < len(key) {
				continue
			}
			if !hasLegalForm(name) && !hasOrgNoun(name) {
				break
			}
			if rest := words[n:]; len(rest) >= 2 && slices.ContainsFunc(rest, func(w string) bool { return docNouns[bareWord(w)] }) {
				return dropPartyPrefix(strings.Join(rest, " "), parties)
			}
			break
		}
	}
	return title
}

// titleContinuations may carry a title in capitals past its document
// noun.
var titleContinuations = map[string]bool{"and": true, "for": true, "of": true, "required": true, "regarding": true, "relating": true, "concerning": true, "on": true}

func isCorporateWord(w string) bool {
	switch strings.ToLower(strings.Trim(w, ",.")) {
	case "inc", "llc", "ltd", "limited", "corporation", "corp", "plc", "company", "co", "l.p", "lp", "n.a":
		return true
	}
	return false
}

// connectors join the parts of a title: "SCHEDULE TO Software License …".
var connectors = map[string]bool{"to": true, "of": true, "for": true, "and": true, "&": true, "the": true}

// capsTitleStops end a title in capitals: what follows names the
// parties or the date.
var capsTitleStops = map[string]bool{"between": true, "among": true, "dated": true, "made": true, "entered": true, "effective": true, "date": true, "this": true, "is": true, "to": true, "by": false, "with": true}

// conditionsQualifiers make "conditions" a document noun: "Terms and
// Conditions", "General Conditions".
var conditionsQualifiers = map[string]bool{"and": true, "general": true, "special": true, "standard": true, "specific": true}

// titleStops end a title line: what follows names the parties or date.
var titleStops = map[string]bool{
	"between": true, "among": true, "by": true, "dated": true, "made": true, "entered": true,
	"effective": true, "date": true, "is": true, "this": true, "for": false,
}

// capsTitles finds titles in capitals inside a longer paragraph: runs of
// words in capitals that end with a document noun ("… DISCLOSED.
// SERVICES AGREEMENT This …" gives "SERVICES AGREEMENT").
func capsTitles(p string) []string {
	var out []string
	words := strings.Fields(prefix(p, 3000))
	start := -1
	lastNoun := -1
	flush := func() {
		if start >= 0 && lastNoun >= start {
			end := lastNoun + 1
			if e := titleTail(words, end); e > end && !strings.ContainsAny(words[end][:1], "([") && !slices.ContainsFunc(words[end:e], func(w string) bool { return !isCapsWord(w) }) {
				end = e // "AMENDMENT NO. 1", "ADDENDUM II"
			}
			ws := words[start:end]
			for len(ws) > 0 && (strings.EqualFold(ws[0], "THIS") || strings.EqualFold(ws[0], "THE")) {
				ws = ws[1:]
			}
			// "… LLC and PREMIER NUTRITION CORPORATION MANUFACTURING
			// AGREEMENT": the run starts with a party's name.
			ws = dropCompanyPrefix(ws)
			ws = dropLegendTail(ws)
			if len(ws) > 0 && !hasVerb(ws) {
				if t := strings.TrimRight(stripLabels(strings.Join(ws, " ")), " ,.;:"); t != "" && !looksLikeDate(strings.ToLower(t)) {
					out = append(out, t)
				}
			}
		}
		start, lastNoun = -1, -1
	}
	for i, w := range words {
		if !isCapsWord(w) || !hasLetterOrAmp(w) && start < 0 {
			flush()
			continue
		}
		if start < 0 {
			start = i
		}
		if docNouns[bareWord(w)] {
			lastNoun = i
		}
		if i-start > 14 || strings.HasSuffix(w, ".") && !strings.EqualFold(w, "NO.") || strings.ContainsAny(w, ";") {
			flush()
		}
	}
	flush()
	return out
}

// dropLegendTail removes the end of a legend in capitals that runs into
// a title in capitals: "… PURSUANT TO RULE 24b-2 PROMULGATED UNDER THE
// SECURITIES EXCHANGE ACT OF 1934, AS AMENDED MANUFACTURING AGREEMENT" →
// "MANUFACTURING AGREEMENT". What titleStart leaves of it — the words
// after the act's year — are the statute's "as amended" and minor words,
// which never start a title.
func dropLegendTail(ws []string) []string {
	if len(ws) < 2 {
		return ws
	}
	start := titleStart(ws, 0, len(ws)-1)
	if looksLikeDate(strings.ToLower(strings.Join(ws[:start], " "))) {
		return nil // "NOVEMBER 1, 2002, RATE FT-A AGREEMENT": a dated description
	}
	ws = ws[start:]
	as := false
	for len(ws) > 1 && (minorWords[bareWord(ws[0])] && !strings.EqualFold(ws[0], "the") || as && strings.EqualFold(ws[0], "amended")) {
		as = strings.EqualFold(ws[0], "as")
		ws = ws[1:]
	}
	return ws
}

func hasLetterOrAmp(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) || r == '&' {
			return true
		}
	}
	return false
}

// completeAmendment names what a bare amendment amends: a title that is
// only "AMENDMENT NO. 1", "First Amendment" or "ADDENDUM 2" says nothing a
// reader can search for, so the agreement its preamble refers to is added
// ("Reference is hereby made to that certain … Wireless Content License
// Agreement Number 12965 …" → "AMENDMENT NO. 1 Wireless Content License
// Agreement Number 12965"). A schedule issued under an agreement is
// completed the same way ("Product License Schedule" → "Product License
// Schedule Software License, Customization and Maintenance Agreement").
func completeAmendment(title, body string, spans []span, pre preamble) string {
	if pre.para < 0 || !isBareAmendment(title) && !isBareSchedule(title) {
		return title
	}
	p := prefix(body[spans[pre.para].start:spans[pre.para].end][pre.at:], 1500)
	ref := referencedAgreement(p)
	for w, rest, ok := strings.Cut(ref, " "); ok && minorWords[strings.ToLower(w)]; w, rest, ok = strings.Cut(rest, " ") {
		ref = rest // "that certain Manufacturing Agreement"
	}
	if !strings.Contains(ref, " ") || isBareAmendment(ref) {
		return title
	}
	// the agreement's number: "… Agreement Number 12965", "… Agreement No. 7"
	if i := strings.Index(p, ref); i >= 0 {
		if f := strings.Fields(prefix(p[i+len(ref):], 40)); len(f) >= 2 {
			if n := bareWord(f[0]); (n == "number" || n == "no") && digitsLen(strings.TrimLeft(f[1], "#")) > 0 {
				ref += " " + f[0] + " " + strings.TrimRight(f[1], ",.;:")
			}
		}
	}
	return title + " " + ref
}

// isBareSchedule reports whether a title is a schedule that names no
// agreement: "Customization Schedule", "SCHEDULE B", not "Schedule to
// the Services Agreement".
func isBareSchedule(title string) bool {
	ws := strings.Fields(title)
	if len(ws) == 0 || len(ws) > 4 || bareWord(ws[len(ws)-1]) != "schedule" {
		return false
	}
	for _, w := range ws {
		if lw := bareWord(w); lw == "agreement" || lw == "contract" || minorWords[lw] {
			return false
		}
	}
	return true
}

// isBareAmendment reports whether a title is an amendment and its number
// only: "AMENDMENT NO. 1", "Amendment #2", "FIRST AMENDMENT", "Addendum".
func isBareAmendment(title string) bool {
	nouns := 0
	for _, w := range strings.Fields(title) {
		lw := bareWord(w)
		switch {
		case lw == "amendment" || lw == "addendum" || lw == "supplement":
			nouns++
		case lw == "no" || lw == "number" || ordinalWords[lw] || digitsLen(strings.TrimLeft(w, "#")) > 0 || clean.IsRoman(strings.Trim(w, ".,")):
		default:
			return false
		}
	}
	return nouns == 1
}

// ordinalWords number amendments: "FIRST AMENDMENT".
var ordinalWords = map[string]bool{
	"first": true, "second": true, "third": true, "fourth": true, "fifth": true, "sixth": true,
	"seventh": true, "eighth": true, "ninth": true, "tenth": true,
}
