package parse

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/jurisdiction"
)

const maxPartyBytes = 160

// findParties reads the parties from the preamble: "… by and between BIRCH
// FIRST GLOBAL INVESTMENTS INC., a corporation … (referred to as
// "Company") and MOUNT KNOWLEDGE HOLDINGS INC. …", else from the other
// places contracts name them, the first that names a party winning. A
// party whose name is one of the contract's defined terms (defs) is
// dropped before that test, so that a form naming only terms ("between
// SDBF and Sponsor") gives way to the next.
func findParties(body string, spans []span, pre preamble, defs []contract.Section) []contract.Party {
	settle := func(ps []contract.Party) []contract.Party { return dropDefinedTerms(settleParties(ps), defs) }
	ps := settle(preambleParties(body, spans, pre))
	if len(ps) > 0 && genericRoles[strings.ToLower(ps[0].Name)] {
		if lp := settle(labelledParties(body)); len(lp) > 0 {
			expandShortNames(body, lp)
			return lp
		}
	}
	finders := []func() []contract.Party{
		func() []contract.Party { return blockParties(body, spans) },
		func() []contract.Party { return coverParties(body, spans, pre) },
		func() []contract.Party { return leadingParties(body, spans, pre) },
		func() []contract.Party { return letterParties(body, spans) },
		func() []contract.Party { return employmentParties(body) },
		func() []contract.Party { return recitalParties(body, spans) },
		func() []contract.Party { return labelledParties(body) },
		func() []contract.Party { return roleLabelParties(body, spans) },
		func() []contract.Party { return openingParties(body, spans) },
		func() []contract.Party { return headingParties(body, spans) },
		func() []contract.Party { return signatoryParties(body) },
	}
	k := 0
	for ; k < len(finders) && len(ps) == 0; k++ {
		ps = settle(finders[k]())
	}
	// Only people so far ("Dear Ms. Roe:", "… and John Smith"): the
	// organisation may be named later, in an employment form's words or
	// the signatures.
	if len(ps) > 0 && !slices.ContainsFunc(ps, isOrganisation) {
		for ; k < len(finders); k++ {
			if more := settle(finders[k]()); slices.ContainsFunc(more, isOrganisation) {
				for _, p := range more {
					if p.Kind == contract.Organisation {
						ps = append(ps, p)
					}
				}
				break
			}
		}
	}
	expandShortNames(body, ps)
	return ps
}

func isOrganisation(p contract.Party) bool { return p.Kind == contract.Organisation }

// signatoryParties reads the parties from the signatures, for
// documents that name their parties nowhere else ("the undersigned hereby
// agree …" in a joint filing agreement, a letter signed "Very truly
// yours, ACME INC. By: …"): the name before each "By:" after "IN
// WITNESS WHEREOF", "undersigned" or a letter's closing, else before the
// document's first "By:".
func signatoryParties(body string) []contract.Party {
	from := -1
	for _, anchor := range []string{"IN WITNESS WHEREOF", "undersigned", "Very truly yours", "Sincerely", "ACCEPTED AND AGREED", "Accepted and agreed", "AGREED AND ACCEPTED", "Agreed and accepted"} {
		if i := strings.Index(body, anchor); i >= 0 {
			from = i
			break
		}
	}
	if from < 0 {
		from = max(0, strings.Index(body, "By:")-300)
	}
	rest := body[from:min(len(body), from+6000)]
	// Each signature block names its party before its "By:": "Acceptance
	// by Developer ACME SOFTWARE, Inc. By: /s/ … Acceptance by Client:
	// PELICAN DELIVERS INC. By: …". Blocks without "By:" lines, as joint
	// filing agreements sign them, put the name before the signature
	// itself: "ABP TRUST /s/ Adam D. Portnoy (Signature) … ADAM D.
	// PORTNOY /s/ Adam D. Portnoy", or before the signature that comes
	// before its "By:" ("VESA EQUITY S.À R.L. /s/ Marek Spurny By: Marek
	// Spurny"): a block ends at whichever comes first.
	var ps []contract.Party
	for at := 0; len(ps) < 4; {
		by, mark := strings.Index(rest[at:], "By:"), "By:"
		if s := strings.Index(rest[at:], "/s/"); s >= 0 && (by < 0 || s < by) {
			by, mark = s, "/s/"
		}
		if by < 0 {
			break
		}
		if p, ok := signatory(rest[at : at+by]); ok && !slices.ContainsFunc(ps, func(q contract.Party) bool { return strings.EqualFold(q.Name, p.Name) }) {
			ps = append(ps, p)
		}
		at += by + len(mark)
	}
	return ps
}

// signatory reads the party whose signature block ends s, right before
// its "By:".
func signatory(s string) (contract.Party, bool) {
	// the signatory's name: the words in capitals (or a legal form) right
	// before "By:", after any label ("COMPANY:", "ATTEST")
	words := strings.Fields(s)
	if n := len(words); n > 0 && strings.HasSuffix(words[n-1], ":") && isCorporateWord(strings.TrimSuffix(words[n-1], ":")) {
		// "KIOSK CONCEPTS, INC.: By:": the party's name is its label
		words[n-1] = strings.TrimSuffix(words[n-1], ":")
	}
	k := len(words)
	for k > 0 && len(words)-k < 12 && (isCapsWord(words[k-1]) || isCorporateWord(words[k-1])) &&
		strings.IndexFunc(words[k-1], unicode.IsLetter) >= 0 && !strings.HasSuffix(words[k-1], ":") {
		k--
	}
	if k < len(words) && isCorporateWord(words[k]) && !isCapsWord(words[k]) {
		// "Acme Widgets Corporation By:": a name in title case ends in its
		// legal form; its capitalised words run back to a sentence's end
		for k > 0 && len(words)-k < 8 && (isUpperStart(words[k-1]) || words[k-1] == "&" || words[k-1] == "of" || words[k-1] == "and") &&
			!strings.HasSuffix(words[k-1], ":") && (!strings.HasSuffix(words[k-1], ".") || isCorporateWord(words[k-1]) || len(words[k-1]) == 2) {
			k--
		}
	}
	for k < len(words) && signatureLabels[strings.ToLower(strings.Trim(words[k], ":"))] {
		k++
	}
	ws := words[k:]
	if n := len(ws); n >= 2 && n%2 == 0 && strings.Join(ws[:n/2], " ") == strings.Join(ws[n/2:], " ") {
		ws = ws[:n/2] // "ARES TRADING SA ARES TRADING SA": two signature columns
	}
	cand := strings.Join(ws, " ")
	if cand == "" {
		return contract.Party{}, false
	}
	name, _ := partyName(cand)
	if name == "" || isCorporateWord(name) {
		return contract.Party{}, false // "Corporation" alone
	}
	kind := contract.Organisation
	if !hasLegalForm(name) && !hasOrgNoun(name) && personShaped(strings.Fields(name)) {
		kind = contract.Person // "LAURA JENNINGS": someone signing, not a company
	}
	return contract.Party{Name: name, Kind: kind}, true
}

// signatureLabels stand before a signatory's name in a signature block.
var signatureLabels = map[string]bool{"attest": true, "witness": true, "accepted": true, "agreed": true, "signed": true, "executed": true}

// undersignedRole returns the length of a party written as a role
// instead of a name at the start of s, "the undersigned employee", "the
// Employee", or 0.
func undersignedRole(s string) int {
	l := asciiLower(prefix(s, 60))
	n := 0
	for _, w := range []string{"the ", "undersigned "} {
		if strings.HasPrefix(l[n:], w) {
			n += len(w)
		}
	}
	if n == 0 {
		return 0
	}
	w := firstWord(l[n:])
	if w == "" || strings.HasSuffix(w, ",") || !genericRoles[w] {
		return 0 // "the undersigned, Jo Roe,": the name follows
	}
	return n + len(w)
}

// genericRoles are names a preamble may give instead of the parties'
// ("between Party A and Party B"); the parties are then found elsewhere.
var genericRoles = map[string]bool{
	"party a": true, "party b": true, "first party": true, "second party": true, "the parties": true, "parties": true, "us": true, "you": true,
	"company": true, "the company": true, "consultant": true, "distributor": true, "customer": true,
	"licensor": true, "licensee": true, "supplier": true, "client": true, "developer": true, "adviser": true,
	"advisor": true, "manufacturer": true, "purchaser": true, "seller": true, "buyer": true, "vendor": true,
	"contractor": true, "agent": true, "franchisee": true, "franchisor": true, "sponsor": true, "reseller": true,
	"affiliate": true, "employee": true, "the employee": true, "executive": true, "the executive": true, "employer": true,
	"recipient": true, "discloser": true, "disclosing party": true, "receiving party": true, "member": true,
	"owner": true, "investor": true, "lender": true, "borrower": true, "landlord": true, "tenant": true,
	"licensor's": true, "individual": true, "the undersigned": true, "undersigned": true, "name": true,
	"signature": true, "by": true, "witness": true, "date": true, "title": true, "address": true,
}

// preambleParties reads the parties listed after "between" in the
// preamble.
func preambleParties(body string, spans []span, pre preamble) []contract.Party {
	if pre.para < 0 {
		return nil
	}
	p := body[spans[pre.para].start:spans[pre.para].end]
	s := p[pre.at:]
	// The list may continue in the next paragraphs ("BETWEEN:" / "(1) …"),
	// not into the recitals.
	for k := pre.para + 1; k < len(spans) && k <= pre.para+4 && len(s) < 1500; k++ {
		next := body[spans[k].start:spans[k].end]
		if hasPrefixFold(next, "whereas") || hasPrefixFold(next, "recital") || hasPrefixFold(next, "now, therefore") || hasPrefixFold(next, "background") {
			break
		}
		if m := parseMarker(next); m.kind == outlineMarker || m.kind == sectionMarker || m.kind == articleMarker {
			if _, ok := parseHeading(next); ok {
				break // the clauses have begun
			}
		}
		if isPartiesHeading(next) {
			continue // "by and between:" / "Parties to this agreement" / the first party
		}
		s += " " + next
	}
	s = prefix(s, 3000)
	l := asciiLower(s)
	i := partyListStart(l)
	if i < 0 {
		// "THIS AGREEMENT IS MADE ON … PARTIES (1) SHBV (HONG KONG) LTD …",
		// "… the terms and conditions under which MediaNet Group …"
		for _, w := range []string{"parties (1)", "parties: (1)", "parties:"} {
			if k := strings.Index(l, w); k >= 0 && k < 1200 {
				i = k + len(w)
				if strings.HasSuffix(w, "(1)") {
					i -= 3
				}
				break
			}
		}
		if i < 0 {
			return nil
		}
	}
	return partyList(s[i:])
}

// partyList reads the parties listed at the start of rest, "Acme, Inc., a
// Delaware corporation ("Acme"), and Beta LLC (…)", up to six.
func partyList(rest string) []contract.Party {
	var parties []contract.Party
	for len(parties) < 6 && rest != "" {
		// a form's label before the name: "Between Client Name: Acme,
		// Inc. … And Customer Name: Beta LLC"
		label, unlabelled := partyLabel(rest)
		if label != "" {
			rest = unlabelled
		}
		name, after := partyName(rest)
		if name == "" {
			// a redacted or unnamed first party, "by and between [ * * * ]
			// (the "Provider"), and …", "between you and Acme Corp.": the
			// next one may still be named
			r := strings.TrimLeft(rest, " ")
			if len(parties) > 0 {
				break
			}
			if end := strings.IndexByte(r, ']'); strings.HasPrefix(r, "[") && end >= 0 && isRedactionTerm(r[:end+1]) {
				after = r[end+1:]
			} else if w := asciiLower(firstWord(r)); pronouns[w] || genericRoles[w] || undersignedRole(r) > 0 {
				if n := undersignedRole(r); n > 0 {
					w = r[:n] // "the undersigned employee ("Employee") and Acme, Inc."
				}
				if next := nextPartyStart(r[len(w):]); next >= 0 && next < 20 {
					rest = r[len(w)+next:] // "you and Acme Corp. (…)"
					continue
				}
				break
			} else {
				break
			}
		}
		role, after2 := partyRole(after)
		if name == "" {
			if next := nextPartyStart(after2); next >= 0 {
				rest = after2[next:]
				continue
			}
			break
		}
		parties = append(parties, contract.Party{Name: name, Term: role, Kind: partyKind(name, role, after)})
		next := listedPartyStart(after2, role != "")
		if next < 0 {
			next = nextPartyStart(after2)
		}
		if next < 0 {
			break
		}
		rest = after2[next:]
	}
	// "THE HENRY FILM AND ENTERTAINMENT CORPORATION" read again as a list
	// gives "ENTERTAINMENT CORPORATION": the end of a name after its "and"
	// is no party of its own.
	all := slices.Clone(parties)
	return slices.DeleteFunc(parties, func(p contract.Party) bool {
		return slices.ContainsFunc(all, func(q contract.Party) bool {
			return len(q.Name) > len(p.Name) && hasSuffixFold(q.Name, " and "+p.Name)
		})
	})
}

// isPartiesHeading reports whether paragraph p is only a heading over
// the list of parties, "PARTIES", "The Parties:", "Parties to this
// Agreement", which a preamble ending in "between:" may put before the
// first name.
func isPartiesHeading(p string) bool {
	l := strings.TrimSuffix(strings.TrimSpace(asciiLower(p)), ":")
	l = strings.TrimPrefix(l, "the ")
	switch l {
	case "parties", "parties to this agreement", "parties to the agreement", "parties to this contract", "parties hereto", "contracting parties":
		return true
	}
	return false
}

// coverParties reads the parties from a cover page: "CO-PROMOTION
// AGREEMENT" / "by and between" / "DOVA PHARMACEUTICALS, INC." / "and" /
// "VALEANT PHARMACEUTICALS NORTH AMERICA LLC".
func coverParties(body string, spans []span, pre preamble) []contract.Party {
	last := min(len(spans), 30)
	if pre.para >= 0 {
		last = min(last, pre.para+1)
	}
	for i := 0; i < last; i++ {
		p := strings.TrimSpace(body[spans[i].start:spans[i].end])
		// asciiLower keeps byte offsets: l indexes p (ToLower would not, on
		// bytes that are not UTF-8)
		l := asciiLower(strings.TrimRight(p, ":"))
		if len(l) < 1200 {
			// "COLLABORATION AGREEMENT by and between THERAVANCE, INC. and
			// GLAXO GROUP LIMITED", "Among SUMITOMO MITSUI BANKING
			// CORPORATION, …", "Between: DGT Corp. Suite 207 …"
			for _, w := range []string{"by and between ", "between: ", "between ", "among: ", "among "} {
				k := strings.Index(prefix(l, 250), w)
				if k < 0 || k > 0 && l[k-1] != ' ' && l[k-1] != '"' || k+len(w) >= len(l) {
					continue
				}
				// "the" and one word in title case without a legal form is
				// a thing ("interoperability between the Software and …"),
				// not a party a cover page names
				thing := hasPrefixFold(p[k+len(w):], "the ")
				if name, _ := partyName(p[k+len(w):]); name != "" && (!thing || strings.Contains(name, " ") || isCaps(name) || hasLegalForm(name)) {
					return []contract.Party{{Name: name}}
				}
			}
		}
		if i+1 >= last || len(l) > 150 || !(strings.HasSuffix(l, "between") || strings.HasSuffix(l, "among")) {
			continue
		}
		var parties []contract.Party
		for k := i + 1; k < last && len(parties) < 4; k++ {
			p := strings.TrimSpace(body[spans[k].start:spans[k].end])
			if strings.EqualFold(p, "and") || strings.EqualFold(p, "and:") {
				continue
			}
			if label, rest := partyLabel(p); label != "" {
				if rest == "" {
					continue // a form's label above the name: "Client Name:"
				}
				p = rest
			}
			name, _ := partyName(p)
			if name == "" {
				break
			}
			parties = append(parties, contract.Party{Name: name})
			if k+1 >= last || !strings.EqualFold(strings.TrimSpace(body[spans[k+1].start:spans[k+1].end]), "and") {
				break
			}
		}
		if len(parties) > 0 {
			return parties
		}
	}
	return nil
}

// leadingParties reads a preamble that starts with the first party, as
// letter agreements do: "Aduro Biotech, Inc., with a place of business at
// … ("Aduro") and IREYA B.V … agree to all terms and conditions of this
// Consulting Agreement"; "Athens Bancshares Corporation, a Tennessee
// corporation (the "Company"), and … hereby confirm their agreement".
func leadingParties(body string, spans []span, pre preamble) []contract.Party {
	for i := 0; i < len(spans) && i < 15; i++ {
		p := body[spans[i].start:spans[i].end]
		if len(p) < 80 || !isUpperStart(p) {
			continue
		}
		head := asciiLower(prefix(p, 700))
		if !strings.Contains(head, "agree") && !strings.Contains(head, "confirm") {
			continue
		}
		if k := undersignedOpening(p); k > 0 {
			// "The undersigned parties, Acme Corp. and Beta, Inc., hereby
			// agree as follows": the list names them all
			if ps := partyList(p[k:]); len(ps) > 0 {
				return ps
			}
			continue
		}
		if hasPrefixFold(p, "this ") || hasPrefixFold(p, "the ") || sentenceStarts[strings.ToLower(firstWord(p))] {
			continue // "On behalf of Acme, Inc. (the "Company"), I am pleased …": a sentence
		}
		name, after := partyName(p)
		if name == "" || len(name) > 80 {
			continue
		}
		if !strings.Contains(name, " ") && suffixEnd(asciiLower(name)) == len(name) &&
			!hasPrefixFold(after, ", a ") && !hasPrefixFold(after, ", an ") {
			continue // "DISTRIBUTION …": a heading, not a name ("Synchron, a California corporation" is one)
		}
		role, _ := partyRole(prefix(after, 300))
		if role == "" {
			continue
		}
		return []contract.Party{{Name: name, Term: role, Kind: partyKind(name, role, after)}}
	}
	return nil
}

// undersignedOpening returns the offset after "The undersigned," that
// opens a paragraph listing the parties ("The undersigned parties
// hereto, Acme Corp. and …"), or 0.
func undersignedOpening(p string) int {
	l := asciiLower(prefix(p, 60))
	if !strings.HasPrefix(l, "the undersigned") {
		return 0
	}
	n := len("the undersigned")
	for _, w := range []string{" parties", " hereto", " to this agreement"} {
		if strings.HasPrefix(l[n:], w) {
			n += len(w)
		}
	}
	if !strings.HasPrefix(l[n:], ", ") {
		return 0 // "The undersigned hereby agree …": no list follows
	}
	return n + 2
}

// labelledParties reads parties introduced by labels near the start of
// the text, as contracts translated from Chinese do: "Party A: ZTO
// Express Co., Ltd. Address: …", "Party A (Shipper): …"; and as forms of
// mutual NDAs do, numbered: "Party 1: Hobart Lane Ventures LLC, a
// Delaware limited liability company".
func labelledParties(body string) []contract.Party {
	head := prefix(body, 8000)
	labels := []string{"Party A", "Party B", "Party C", "Party D"}
	if strings.Contains(head, "Party 1") {
		labels = []string{"Party 1", "Party 2", "Party 3", "Party 4"}
	}
	var parties []contract.Party
	for _, label := range labels {
		i := strings.Index(head, label)
		if i < 0 {
			break
		}
		rest := head[i+len(label):]
		if strings.HasPrefix(rest, " (") {
			if j := strings.IndexByte(rest, ')'); j > 0 && j < 40 {
				rest = rest[j+1:]
			}
		}
		rest = strings.TrimLeft(rest, " ")
		if !strings.HasPrefix(rest, ":") && !strings.HasPrefix(rest, "：") {
			break
		}
		// the name may be the next paragraph: "Party A:" / "Beijing …"
		name, _ := partyName(strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(rest, ":"), "："), " \n"))
		if name == "" {
			break
		}
		parties = append(parties, contract.Party{Name: name, Term: label})
	}
	return parties
}

// partyListStart returns the offset after "between", "among" or "by"
// that begins the list of parties, or -1.
func partyListStart(l string) int {
	bestAt, best := -1, -1
	for _, w := range []string{" between", " among", "between:", "among:", "entered into by ", "entered in by ", " made by ", "executed by ", "is by ", " under which "} {
		i := strings.Index(l, w)
		if i < 0 {
			continue
		}
		j := i + len(w)
		if !(strings.HasSuffix(w, ":") || strings.HasSuffix(w, " ") || j < len(l) && (l[j] == ' ' || l[j] == ':' || l[j] == ',')) {
			continue
		}
		if bestAt < 0 || i < bestAt {
			bestAt, best = i, j
		}
	}
	if best >= 0 && best < 1200 {
		return best
	}
	return datedMakerStart(l)
}

// datedMakerStart returns the offset after " by " in a preamble that dates
// the agreement before naming the party making it, "… is entered into as
// of May 1, 2008 by Orchid Bay Partners, L.P. ("Recipient") for the
// benefit of …", or -1. The date may run to 80 bytes and hold no sentence
// end.
func datedMakerStart(l string) int {
	for _, w := range []string{"entered into ", "made ", "executed ", "dated "} {
		i := strings.Index(l, w)
		if i < 0 || i > 1000 {
			continue
		}
		rest := prefix(l[i+len(w):], 100)
		if !strings.HasPrefix(rest, "as of ") && !strings.HasPrefix(rest, "on ") && !strings.HasPrefix(rest, "effective ") && !strings.HasPrefix(rest, "this ") {
			continue
		}
		k := strings.Index(rest, " by ")
		if k < 0 || strings.Contains(rest[:k], ". ") || strings.ContainsAny(rest[:k], ";(") {
			continue
		}
		return i + len(w) + k + len(" by ")
	}
	return -1
}

// partyName reads one party's name at the start of s and returns it and
// the text after it.
func partyName(s string) (string, string) {
	if head := prefix(s, 300); strings.Contains(head, " .") || strings.Contains(head, " ,") {
		s = repairInitials(head) + s[len(head):] // before "L." reads as numbering
	}
	for changed := true; changed; {
		changed = false
		s = strings.TrimLeft(s, " :,●•▪◦")
		s = stripEnumeration(s)
		for _, w := range []string{"the undersigned", "undersigned", "and between", "and among", "by and between", "between", "among", "on the one hand,", "on the one hand", "the", "and", "of"} {
			// "the undersigned, Acme, Inc., a Texas corporation, and …": a
			// comma may follow the undersigned, the name comes after it
			sep := len(s) > len(w)+1 && (s[len(w)] == ' ' || s[len(w)] == ':' || s[len(w)] == ',' && strings.HasSuffix(w, "undersigned"))
			if sep && strings.EqualFold(s[:len(w)], w) {
				s = s[len(w)+1:]
				changed = true
			}
		}
		// "between the following parties: X …", "… parties on 1 April
		// 2020. PARTIES (1) X …"
		if hasPrefixFold(s, "the following") || hasPrefixFold(s, "following") || hasPrefixFold(s, "parties") {
			if i := strings.IndexAny(prefix(s, 120), ":："); i > 0 {
				s = s[i+1:]
				changed = true
			} else if i := strings.Index(prefix(s, 160), "(1)"); i > 0 {
				s = s[i:]
				changed = true
			}
		}
	}
	quoted := false
	if r := firstRune(s); r == '"' || r == '“' {
		// `made between "Elephant Talk Communication Holding AG", a company …`
		s = s[len(string(r)):]
		quoted = true
	}
	if s == "" || strings.HasPrefix(s, "__") {
		return "", s
	}
	if hasPrefixFold(s, "whereas, ") {
		s = s[len("whereas, "):]
	}
	end := nameEnd(s)
	if nl := strings.IndexByte(s[:end], '\n'); nl >= 0 {
		end = nl
	}
	if k := strings.Index(s[:end], " /s/"); k > 0 {
		end = k // "WINTERBOURNE GP LLC /s/ Edmund Vale": the signature follows the name
	}
	if quoted {
		if q := strings.IndexAny(prefix(s, maxPartyBytes), "\"”"); q > 0 {
			end = q
		}
	}
	name := strings.TrimRight(strings.TrimSpace(s[:end]), " ,;:")
	if n := len(name); n > 2 && (name[n-1] == '\'' || strings.HasSuffix(name, "’")) && name[n-2] != 's' && name[n-2] != 'S' {
		// "PACIFICAP ENTERTAINMENT' located at …": a slip for a comma,
		// not a plural's possessive ("Growers'")
		name = strings.TrimRight(strings.TrimSuffix(name, "’"), "'")
	}
	if k := capacityStart(name); k > 0 {
		// "Wells Fargo Bank, N.A., not individually, but solely as Master
		// Servicer on behalf of …": the party acts in a capacity; its name
		// ends before it, as it does before ", as trustee of …"
		name = strings.TrimRight(name[:k], " ,")
	}
	if k := strings.Index(asciiLower(name), " of "); k > 0 && k+4 < len(name) && name[k+4] >= '0' && name[k+4] <= '9' {
		name = name[:k] // "FIONA GRANT of 27 Larch Crescent", "ACME SERVICES OF 12 SKY PARK CIRCLE": an address
	}
	if !plausibleName(name) {
		return "", s
	}
	return name, s[end:]
}

// capacityStart returns where a name's statement of the capacity its
// party signs in begins ("…, not individually", "… not in its individual
// capacity"), or -1.
func capacityStart(name string) int {
	l := asciiLower(name)
	for _, w := range []string{", not individually", " not individually", ", not in its individual", " not in its individual", ", not in their individual", ", solely in its capacity", ", solely as "} {
		if k := strings.Index(l, w); k > 0 {
			return k
		}
	}
	return -1
}

// plausibleName rejects what a name cannot be: empty, too long, the
// start of a sentence ("This Agreement"), a role ("the Company"), or
// words all in lower case without a legal form or a domain
// ("salesforce.com, inc." passes).
func plausibleName(name string) bool {
	if name == "" || len(name) > maxPartyBytes {
		return false
	}
	l := strings.ToLower(name)
	if genericRoles[l] || strings.HasPrefix(l, "this ") || strings.HasPrefix(l, "whereas") || strings.HasPrefix(l, "parties") || strings.HasPrefix(l, "us ") ||
		strings.HasPrefix(l, "pursuant") || strings.HasPrefix(l, "contract no") || strings.Contains(l, "exhibit") {
		return false
	}
	for _, w := range strings.Fields(l) {
		if w == "agreement" || w == "agreement," {
			return false // a title, not a name
		}
	}
	if strings.IndexFunc(name, func(r rune) bool { return unicode.IsUpper(r) || unicode.IsDigit(r) }) >= 0 {
		return true
	}
	return suffixEnd(l) < len(l) || strings.Contains(l, ".com") || isSuffixWord(lastWordOf(l))
}

// stripEnumeration drops "(1)", "1.", "(a)", "(i)" before a party.
func stripEnumeration(s string) string {
	if m := parseMarker(s); m.kind == outlineMarker || m.kind == enumMarker && s[0] == '(' {
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
	", whose", " whose", ", herein", " herein", ", party", ", party of", " address:", " address ",
	" registered address", " legal representative", " (the", ", represented", " represented by",
	" and its affiliates", " on behalf of", ", individual", " party b", " party a", ", together with",
	" through its ", " through their ", ", through ", ", residing", " residing at", ", resident of",
}

// incorporatedInName reports whether "incorporated" is a name's legal
// form, given the byte before it and the lower-case text after it: after
// a comma unless "in" or "under" follows ("Cargill, Incorporated"), or
// ending the name, before a comma, a parenthesis or the sentence's end
// ("Integrity Incorporated, a Delaware corporation"); not "Acme Corp.
// incorporated in Delaware".
func incorporatedInName(before byte, after string) bool {
	if before == ',' {
		return !strings.HasPrefix(after, " in ") && !strings.HasPrefix(after, " under")
	}
	return after == "" || after[0] == ',' || after[0] == '.' || after[0] == ';' || strings.HasPrefix(after, " (")
}

// corporateTail continues a name after a comma: ", Inc.", ", LLC".
var corporateTail = []string{
	"inc", "inc.", "llc", "l.l.c.", "ltd", "ltd.", "limited", "l.p.", "lp", "corp", "corp.", "co.",
	"n.a.", "s.a.", "s.a", "b.v.", "n.v.", "a.g.", "ag", "gmbh", "plc", "p.c.", "pllc", "llp", "l.l.p.",
	"s.p.a.", "s.r.l.", "sa", "bv", "nv", "pte", "pte.", "pty", "pty.", "kk", "co", "incorporated",
	"corporation", "company", "jr.", "sr.", "s.a.s.", "a/s", "ab", "oy", "se", "spa", "srl", "kg", "co.,",
}

// nameEnd returns where a party's name ends in s.
func nameEnd(s string) int {
	l := asciiLower(prefix(s, maxPartyBytes+40))
	end := min(len(l), suffixEnd(l), placeAfterComma(s[:len(l)]))
	for _, d := range nameDelimiters {
		from := 0
		for {
			i := strings.Index(l[from:], d)
			if i < 0 {
				break
			}
			i += from
			if d[0] == ',' && i+2 < len(l) && isCorporateTail(l[i+1:]) || d == " incorporated" && i > 0 && incorporatedInName(l[i-1], l[i+len(d):]) {
				// "Cargill, Incorporated through its …", "INTEGRITY
				// INCORPORATED, a Delaware corporation": the legal form
				from = i + 1
				continue
			}
			if (d == " (" || d == "(" || d == ", (") && (parenBeforeSuffix(l[i:]) || parenInName(s[i:])) {
				// "Bunker One (USA) Inc."
				from = i + 2
				continue
			}
			if d == " and " && andInsideName(s[:i], l[i+5:]) && isCaps(s[max(0, i-30):min(len(s), i+5+30)]) == isCaps(s[max(0, i-30):i]) {
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

// placeAfterComma returns the offset of ", <place>" in s — "City of Fort
// Stockton, Texas", "Apollo Endosurgery, Delaware corporation" — where
// a name ends, or len(s).
func placeAfterComma(s string) int {
	for from := 0; ; {
		i := strings.Index(s[from:], ", ")
		if i < 0 {
			return len(s)
		}
		i += from
		if m, ok := jurisdiction.First(s[i+2 : min(len(s), i+42)]); ok && m.Start == 0 && !m.Adjective {
			return i
		}
		from = i + 2
	}
}

// suffixEnd returns the offset just after the first corporate suffix in
// l that ends the name — "Leader Act Ltd HK", "ORGANIC PREPARATIONS INC.
// 2nd Floor …" — or len(l). A suffix followed by another suffix (", Inc.,
// a"), by "d/b/a" or "doing business as" does not end it.
func suffixEnd(l string) int {
	i := 0
	for i < len(l) {
		j := strings.IndexByte(l[i:], ' ')
		word := l[i:]
		if j >= 0 {
			word = l[i : i+j]
		}
		end := i + len(word)
		bare := strings.TrimRight(word, ",;")
		if i > 0 && isSuffixWord(bare) {
			rest := strings.TrimLeft(l[end:], " ,")
			if rest == "" || isCorporateTail(rest) || hasPrefixFold(rest, "d/b/a") || hasPrefixFold(rest, "dba") ||
				hasPrefixFold(rest, "partnership") || strings.HasPrefix(rest, "&") || hasPrefixFold(rest, "liability") ||
				hasPrefixFold(rest, "doing business") || strings.HasPrefix(rest, "(") || hasPrefixFold(rest, "a ") ||
				hasPrefixFold(rest, "an ") || hasPrefixFold(rest, "and ") {
				// the description or next party follows; other delimiters end it
			} else {
				return i + len(bare)
			}
		}
		if j < 0 {
			break
		}
		i += j + 1
	}
	return len(l)
}

// isSuffixWord reports whether w is a legal-form word that closes a
// company name.
func isSuffixWord(w string) bool {
	switch w {
	case "inc", "inc.", "llc", "l.l.c.", "ltd", "ltd.", "limited", "corp.", "corporation", "plc", "l.p.",
		"s.a.", "b.v.", "n.v.", "a.g.", "ag", "gmbh", "s.p.a.", "s.r.l.", "pte.", "pty", "pty.", "llp", "l.l.p.", "bhd", "kg", "a/s":
		return true
	}
	return false
}

// parenBeforeSuffix reports whether l opens a parenthesis without quotes
// that a corporate suffix follows: " (USA) Inc.".
func parenBeforeSuffix(l string) bool {
	l = strings.TrimLeft(l, " ,")
	j := strings.IndexByte(l, ')')
	if j < 0 || j > 40 || strings.ContainsAny(l[:j], "\"“”") || strings.Count(l[:j], " ") > 2 {
		return false
	}
	rest := strings.TrimLeft(l[j+1:], " ")
	if strings.HasPrefix(rest, "(") {
		return parenBeforeSuffix(rest) // "(AFRICA) (PTY) LIMITED"
	}
	return isCorporateTail(rest)
}

// parenInName reports whether the parenthesis at the start of s (after
// spaces) belongs to the name: a place or qualifier of at most three
// capitalised words, followed by more capitalised words — "Rise (Tianjin)
// Education Information Consulting Co., Ltd.".
func parenInName(s string) bool {
	s = strings.TrimLeft(s, " ,")
	j := strings.IndexByte(s, ')')
	if j < 2 || j > 40 || strings.ContainsAny(s[:j], "\"“”") || strings.Count(s[:j], " ") > 2 || !isUpperStart(s[1:]) {
		return false
	}
	rest := strings.TrimLeft(s[j+1:], " ")
	return isUpperStart(rest) && !hasPrefixFold(rest, "and ")
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

// andInsideName reports whether " and " joins words of one name rather
// than two parties: when no legal form ends the words before it and
// either both sides are in capitals up to a parenthesis ("INSTITUTE OF
// GRASSLAND AND ENVIRONMENTAL RESEARCH ("IGER")"), or the words around it
// are a pair that company names use ("Beijing Baidu Netcom Science and
// Technology Co., Ltd.").
func andInsideName(before, afterLower string) bool {
	b := strings.TrimSpace(before)
	if b == "" {
		return false
	}
	last := strings.ToLower(b[strings.LastIndexByte(b, ' ')+1:])
	if isCorporateTail(last) || isSuffixWord(strings.TrimRight(last, ",")) {
		return false
	}
	next := afterLower
	if i := strings.IndexAny(next, " ,("); i >= 0 {
		next = next[:i]
	}
	if namePairs[strings.Trim(last, ",.")+" "+next] {
		return true
	}
	// capitals on both sides, a legal form after: "ATHENE ANNUITY AND
	// LIFE COMPANY"
	if isCaps(b) && len(b) < 60 {
		seg := prefix(afterLower, 60)
		if k := strings.IndexAny(seg, ",(\n"); k >= 0 {
			seg = seg[:k]
		}
		if k := suffixEnd(seg); k < len(seg) || isCorporateTail(lastWordOf(strings.TrimSpace(seg))) {
			return true
		}
	}
	// capitals on both sides, up to the defined name
	seg := prefix(afterLower, 80)
	paren := strings.Index(seg, " (")
	if paren < 0 || strings.ContainsAny(seg[:paren], ",;") || strings.Count(seg[:paren], " ") > 3 {
		return false
	}
	return isCaps(b) && len(strings.Fields(b)) >= 2
}

// namePairs are word pairs joined by "and" inside company names.
var namePairs = map[string]bool{
	"science technology": true, "research development": true, "research engineering": true,
	"development commercialization": true, "arts sciences": true, "club recreation": true,
	"trading investment": true, "import export": true, "sales service": true, "sales marketing": true,
	"johnson johnson": true, "research technology": true, "education technology": true,
}

// partyRole reads the defined name that follows a party — `("Company")`,
// `(referred to as "Marketing Affiliate" or "MA")`, `(the "Licensor")` —
// within the party's description, and returns it and the text after.
func partyRole(s string) (string, string) {
	limit := min(len(s), 600)
	// The description ends at the next party ("and X") or the end of the
	// sentence; look for the first parenthesis before it. One after the
	// next party is that party's ("… CORPORATION, located at … and
	// PACIFICAP ENTERTAINMENT … (the "Agreement")"), unless it names both
	// ("WYZZ, Inc. and WYZZ Licensee, Inc. (collectively "WYZZ")").
	next := nextPartyStart(s)
	open := strings.IndexByte(s[:limit], '(')
	for open >= 0 {
		close := strings.IndexByte(s[open:limit], ')')
		if close < 0 {
			break
		}
		inner := s[open+1 : open+close]
		term := firstQuoted(inner)
		if term == "" {
			term = unquotedRole(inner)
		}
		if term != "" {
			if next >= 0 && open > next && !collectiveRole(inner) {
				return "", s
			}
			return term, s[open+close+1:]
		}
		next := strings.IndexByte(s[open+close:limit], '(')
		if next < 0 {
			break
		}
		open += close + next
	}
	return unbracketedRole(s, next)
}

// unbracketedRole reads a defined term given without a parenthesis, as
// contracts translated from Russian or Chinese write it: `JSC Tarhan Oil,
// hereinafter referred to as the "Company", in the person of …`. The
// phrase must come before the next party (next, or -1) and the sentence's
// end.
func unbracketedRole(s string, next int) (string, string) {
	stop := min(len(s), 300)
	if next >= 0 {
		stop = min(stop, next)
	}
	if k := strings.Index(s[:stop], ". "); k >= 0 {
		stop = k
	}
	l := asciiLower(s[:stop])
	for _, w := range []string{"hereinafter referred to as", "hereinafter called", "hereinafter", "hereafter referred to as", "referred to as"} {
		i := strings.Index(l, w)
		if i < 0 {
			continue
		}
		rest := s[i+len(w) : stop]
		q := strings.IndexAny(rest, "\"“")
		if q < 0 || q > 8 { // `as the "Company"`, `as "Seller"`
			return "", s
		}
		term := firstQuoted(rest)
		if term == "" {
			return "", s
		}
		end := q + 1 + strings.IndexAny(rest[q+1:], "\"”")
		_, w := utf8.DecodeRuneInString(rest[end:]) // '"' or the three bytes of '”'
		return term, rest[end+w:] + s[stop:]
	}
	return "", s
}

// unquotedRole reads a term that a parenthesis gives without quotes
// after "hereinafter referred to as", as contracts translated from
// Chinese write it: "(hereinafter referred to as Party A)". The term is
// one to three capitalised words, the rest of the parenthesis.
func unquotedRole(inner string) string {
	l := asciiLower(inner)
	for _, w := range []string{"hereinafter referred to as ", "hereinafter called ", "hereinafter "} {
		if !strings.HasPrefix(l, w) {
			continue
		}
		term := strings.TrimSpace(inner[len(w):])
		words := strings.Fields(term)
		if len(words) == 0 || len(words) > 3 {
			return ""
		}
		for _, x := range words {
			if !isUpperStart(x) {
				return ""
			}
		}
		return term
	}
	return ""
}

// inPlaceName reports whether the " and " at offset i of s joins the words
// of one place's name ("England and Wales", "Antigua and Barbuda") rather
// than two parties.
func inPlaceName(s string, i int) bool {
	from := max(0, i-40)
	for _, m := range jurisdiction.FindAll(s[from:min(len(s), i+60)]) {
		if from+m.Start < i && from+m.End > i+len(" and ") {
			return true
		}
	}
	return false
}

// collectiveRole reports whether a parenthesis after several parties
// names them together: "(collectively "WYZZ")", "(together, the
// "Sellers")", "(each a "Guarantor")".
func collectiveRole(inner string) bool {
	l := asciiLower(inner)
	for _, w := range []string{"collectively", "together", "each", "jointly"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
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

// listedPartyStart finds the next party of a list separated by commas,
// right after a party's defined name: "among PHL VARIABLE INSURANCE
// COMPANY ("PHLVIC"), PHOENIX LIFE INSURANCE COMPANY ("PLIC"), and …";
// -1 when s does not go on with a name (", a Delaware corporation").
func listedPartyStart(s string, afterRole bool) int {
	if !afterRole {
		return -1
	}
	t := strings.TrimLeft(s, " ")
	if !strings.HasPrefix(t, ",") {
		return -1
	}
	t = strings.TrimLeft(t[1:], " ")
	if t == "" || !unicode.IsUpper(firstRune(t)) {
		return -1
	}
	switch strings.ToLower(strings.Trim(firstWord(t), ",.")) {
	case "a", "an", "each", "both", "collectively", "together", "individually", "jointly", "hereinafter", "as", "with", "having", "located", "whose", "which", "who", "acting", "being", "dated", "effective", "in", "on", "for":
		return -1
	}
	return len(s) - len(t)
}

// nextPartyStart finds "and" that introduces the next party after a
// party's description, or -1.
func nextPartyStart(s string) int {
	limit := min(len(s), 800)
	l := asciiLower(s[:limit])
	for _, w := range []string{" for the benefit of ", " in favor of ", " in favour of "} {
		// "… by Orchid Bay Partners, L.P. ("Recipient") for the benefit
		// of Silvertip Energy Corp. (the "Company")": the other party
		if i := strings.Index(l, w); i >= 0 && !strings.Contains(l[:i], ". ") && !strings.Contains(l[:i], " and ") {
			if rest := s[i+len(w):]; isUpperStart(rest) {
				return i + len(w)
			}
		}
	}
	for from := 0; from < limit; {
		i := strings.Index(l[from:], " and ")
		if i < 0 {
			return -1
		}
		i += from
		if strings.Contains(l[:i], ". ") || strings.Contains(l[:i], "; ") {
			return -1 // the sentence naming the parties has ended
		}
		j := i + len(" and ")
		rest := strings.TrimLeft(s[j:], " ")
		if inPlaceName(s, i) {
			from = j // "registered in England and Wales", "Trinidad and Tobago": one place
			continue
		}
		if rest != "" && (unicode.IsUpper(firstRune(rest)) || firstRune(rest) == '(') && !strings.HasPrefix(asciiLower(rest), "and/or") {
			// "and Delaware corporation" is not a party; "and XYZ Inc." is.
			return j
		}
		from = j
	}
	return -1
}
