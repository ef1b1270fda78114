package clausetype

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// Types returns the taxonomy: CUAD's 41 categories in the order of its
// master_clauses.csv, then the boilerplate clauses. The slice is a copy.
func Types() []Type {
	out := make([]Type, len(taxonomy))
	for i, t := range taxonomy {
		t.Headings = slices.Clone(t.Headings)
		out[i] = t
	}
	return out
}

// index maps normalised headings to slugs; built once from the taxonomy
// and read-only afterwards.
type index struct {
	byHeading   map[string]string
	slugs       map[string]bool
	names       map[string]string
	boilerplate map[string]bool
}

var load = sync.OnceValue(func() *index {
	ix := &index{byHeading: make(map[string]string), slugs: make(map[string]bool), names: make(map[string]string), boilerplate: make(map[string]bool)}
	for _, t := range taxonomy {
		ix.slugs[t.Slug] = true
		ix.names[t.Slug] = t.Name
		ix.boilerplate[t.Slug] = !t.CUAD
		for _, h := range append([]string{t.Slug, t.Name}, t.Headings...) {
			if k := normalize(h); k != "" {
				if _, dup := ix.byHeading[k]; !dup {
					ix.byHeading[k] = t.Slug
				}
			}
		}
	}
	return ix
})

// Boilerplate reports whether slug is one of the taxonomy's boilerplate
// types (notices, payment, term, entire agreement …) rather than one of
// CUAD's categories, the clauses a contract is reviewed for. Nearly every
// contract has the boilerplate under headings of its own, often several
// sections of it, so how many it has says how long the contract is, not
// what it holds; Form A's ranking counts the sections of the other types
// only (dsl's clauseTypeBoost).
func Boilerplate(slug string) bool { return load().boilerplate[slug] }

// Name returns the display name of the type slug ("Non-Compete" for
// "non-compete"), or "" when slug is not one of the taxonomy's.
func Name(slug string) string { return load().names[slug] }

// OfHeading returns the type a heading names, as a user writes it in a
// query or a contract writes it above a clause: "Governing Law",
// "12. CHOICE OF LAW", "Non-Competition", "Rofr/Rofo/Rofn", "audit-rights".
// The whole heading must name one type: "Governing Law and Arbitration"
// names none (Classify splits it); "Assignment of Inventions" is not
// anti-assignment.
func OfHeading(heading string) (slug string, ok bool) {
	k := normalize(heading)
	if k == "" {
		return "", false
	}
	slug, ok = load().byHeading[k]
	return slug, ok
}

// headingParts splits a heading that joins clause names: "Governing Law;
// Jurisdiction", "Term and Termination", "Assignment/Change of Control".
var headingParts = regexp.MustCompile(`(?i)\s*(?:[,;/]|\s[-–—]\s|[–—]|&|\band\b|\bor\b)\s*`)

// mayJoin reports whether headingParts can split h: whether it holds a
// separator character or the word "and" or "or" in any case. Most
// headings hold neither, and this check is far cheaper than the
// expression.
func mayJoin(h string) bool {
	if strings.ContainsAny(h, ",;/&-–—") {
		return true
	}
	for i := 0; i+1 < len(h); i++ {
		if i > 0 && isWordByte(h[i-1]) {
			continue
		}
		n := 0
		switch h[i] | 0x20 {
		case 'a':
			if i+2 < len(h) && h[i+1]|0x20 == 'n' && h[i+2]|0x20 == 'd' {
				n = 3
			}
		case 'o':
			if h[i+1]|0x20 == 'r' {
				n = 2
			}
		}
		if n > 0 && (i+n == len(h) || !isWordByte(h[i+n])) {
			return true
		}
	}
	return false
}

// isWordByte reports whether c is a word character of \b in regexp.
func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// headingTypes returns the types of a heading: the whole heading's, or
// else those of its parts when every part names a type, or else the one
// distinctive clause name it holds (namedWithin). "Transfer and
// Assignment of IP Assets" names none: its second part is not a clause
// name, so the first is not one either.
func headingTypes(heading string) []string {
	if s, ok := OfHeading(heading); ok {
		return []string{s}
	}
	if out := partTypes(heading); len(out) > 0 {
		return out
	}
	if s, ok := namedWithin(heading); ok {
		return []string{s}
	}
	return nil
}

// partTypes returns the types of the parts of a joined heading when every
// part names one, else nil.
func partTypes(heading string) []string {
	if !mayJoin(heading) {
		return nil
	}
	parts := headingParts.Split(heading, -1)
	if len(parts) < 2 {
		return nil
	}
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		// a part that is only numbering ("Article - 14 Non-Competition
		// and Exclusive Rights" splits at " - ") names nothing and
		// takes nothing away
		if normalize(p) == "" {
			continue
		}
		s, ok := OfHeading(p)
		if !ok {
			return nil
		}
		out = append(out, s)
	}
	return out
}

// distinctiveNames are clause names no other clause's heading holds, so
// a heading holding one among other words is of that type: "Non-Compete
// Period", "Bioamber Non-Compete Commitment", "Termination for Change of
// Control of PB", "Change of Control Buy-Out Option". Other names are
// not: "Assignment of Inventions" is not anti-assignment. Keys are
// normalised (normalize).
var distinctiveNames = []struct{ words, slug string }{
	{"noncompete", "non-compete"},
	{"noncompetition", "non-compete"},
	{"not to compete", "non-compete"},
	{"change of control", "change-of-control"},
	{"change in control", "change-of-control"},
}

// namedWithin returns the type of the distinctive clause name a heading
// holds as whole words, if it holds exactly one.
func namedWithin(heading string) (slug string, ok bool) {
	k := " " + normalize(heading) + " "
	for _, n := range distinctiveNames {
		if !strings.Contains(k, " "+n.words+" ") {
			continue
		}
		if ok && slug != n.slug {
			return "", false
		}
		slug, ok = n.slug, true
	}
	return slug, ok
}

// Classify returns the sorted, distinct slugs of the clause types a
// contract section belongs to: those its heading names (whole, or each
// part of a joined heading) and those its text states in the wording the
// text rules know. A section with neither gets none.
//
// A heading of third-party beneficiaries whose text makes nobody one
// ("nothing herein confers any rights upon any person other than the
// parties") is the no-third-party-beneficiaries boilerplate, whatever
// the heading says: CUAD's category, and a lawyer searching for third
// party beneficiaries, mean a non-party given rights.
func Classify(heading, text string) []string {
	out := headingTypes(heading)
	stated := textTypes(text)
	if i := slices.Index(out, thirdPartyBeneficiary); i >= 0 && !slices.Contains(stated, thirdPartyBeneficiary) {
		out[i] = noThirdPartyBeneficiaries
	}
	if carvesOutRestriction(stated, text) {
		stated = append(stated, competitiveRestrictionException)
	}
	out = slices.DeleteFunc(out, func(t string) bool {
		return !slices.Contains(stated, t) && namesOnlyInGeneral(heading, t)
	})
	out = append(out, stated...)
	slices.Sort(out)
	return slices.Compact(out)
}

// carveOut is the exception that follows a restriction in its own
// section: "Notwithstanding the foregoing, Excite may make available …",
// "Notwithstanding the above, Bioamber shall be permitted to evaluate
// other biocatalysts", "notwithstanding anything to the contrary, this
// Section 2.3 shall not apply to …". Alone it says nothing of
// competition; after a non-compete or exclusivity clause it is CUAD's
// competitive restriction exception. Its match runs on normText.
var carveOut = regexp.MustCompile(`\bnotwithstanding (?:the foregoing|the above|anything)[^.;]{0,120}?\b(?:may|shall be (?:entitled|permitted|allowed|free)|(?:is|are) (?:allowed|permitted|entitled|free)|(?:shall|will) not (?:be deemed to )?apply)\b`)

// notCarveOut is a carve-out that is about something else than the
// restriction: a disclosure, a payment. It runs on the rest of the
// carve-out's sentence.
var notCarveOut = regexp.MustCompile(`\bdisclos|\bconfidential|\binvoice|\bpayment`)

// carvesOutRestriction reports whether a section whose text rules found
// the types stated restricts competition or dealing and then carves an
// exception out of it (carveOut), when no rule found the exception.
func carvesOutRestriction(stated []string, text string) bool {
	if slices.Contains(stated, competitiveRestrictionException) ||
		!slices.Contains(stated, "non-compete") && !slices.Contains(stated, "exclusivity") ||
		!strings.Contains(strings.ToLower(text), "notwithstanding") {
		return false
	}
	norm := normText(text)
	for _, loc := range carveOut.FindAllStringIndex(norm, -1) {
		end := len(norm)
		if i := strings.IndexAny(norm[loc[1]:], ".;"); i >= 0 {
			end = loc[1] + i
		}
		if !notCarveOut.MatchString(norm[loc[0]:end]) {
			return true
		}
	}
	return false
}

// generalHeadings are headings that name a type only in general: an
// "Ownership" section mostly says that each party keeps what it owned
// ("Licensor retains all right, title and interest in the Marks"), which
// is not the assignment CUAD's IP Ownership Assignment means (dev half:
// of the contracts an "Ownership" heading alone typed, 5 labelled and 12
// not). A section under one is of the type when its text states it. Keys
// are normalised (normalize).
var generalHeadings = sync.OnceValue(func() map[string]string {
	m := make(map[string]string)
	for _, h := range []string{"ownership", "intellectual property ownership", "ownership of intellectual property", "ip ownership", "ownership of ip", "ownership and license", "ownership of materials"} {
		m[normalize(h)] = ipOwnershipAssignment
	}
	for _, h := range recordHeadings {
		m[normalize(h)] = auditRights
	}
	return m
})

// namesOnlyInGeneral reports whether heading names type t only through
// generalHeadings: the whole heading is one, or each part of a joined
// heading that names t is.
func namesOnlyInGeneral(heading, t string) bool {
	general := generalHeadings()
	isGeneral := false
	for _, s := range general {
		isGeneral = isGeneral || s == t
	}
	if !isGeneral {
		// most types have no general heading: no need to normalise
		return false
	}
	if s, ok := general[normalize(heading)]; ok {
		return s == t
	}
	if !mayJoin(heading) {
		return false
	}
	named := false
	for _, p := range headingParts.Split(heading, -1) {
		if s, ok := OfHeading(p); !ok || s != t {
			continue
		}
		if general[normalize(p)] != t {
			return false
		}
		named = true
	}
	return named
}

// The slugs Classify tells apart by the text under the heading.
const (
	thirdPartyBeneficiary     = "third-party-beneficiary"
	noThirdPartyBeneficiaries = "no-third-party-beneficiaries"
	ipOwnershipAssignment     = "ip-ownership-assignment"
	auditRights               = "audit-rights"

	competitiveRestrictionException = "competitive-restriction-exception"
)

// numbering matches what numbers a heading: "12.", "5.2", "(a)", "iv.",
// "Section 5.2", "ARTICLE V", "§ 3".
var numbering = regexp.MustCompile(`^\s*(?:(?:(?:section|article|clause|paragraph|part)\b|sec\.|art\.|§)\s*(?:\d+[a-z]?(?:\.\d+)*|[ivxlc]+\b|[a-z]\b)?[.:)]?|\d+[a-z]?(?:\.\d+)*\.?|\(?[a-z0-9]{1,4}\)|[ivxlc]{1,6}\.|[a-z]\.)[\s\-–—:.]*`)

// numberWords are the words numbering may start with.
var numberWords = map[string]bool{"section": true, "article": true, "clause": true, "paragraph": true, "part": true, "sec": true, "art": true}

// mayNumber reports whether numbering can match at the start of the
// lower-case h: it starts, after white space, with a digit, "(" or "§",
// with a run of letters and digits followed by "." or ")", or with one
// of numberWords. Most headings do not, and this is far cheaper than the
// expression.
func mayNumber(h string) bool {
	h = strings.TrimLeft(h, " \t\n\f\r")
	if h == "" {
		return false
	}
	if c := h[0]; '0' <= c && c <= '9' || c == '(' || strings.HasPrefix(h, "§") {
		return true
	}
	n := 0
	for n < len(h) && ('a' <= h[n] && h[n] <= 'z' || '0' <= h[n] && h[n] <= '9') {
		n++
	}
	if n < len(h) && (h[n] == '.' || h[n] == ')') {
		return true
	}
	return numberWords[h[:n]]
}

// mergedPrefixes are the prefixes written hyphenated, spaced or solid
// ("non-compete", "non compete", "noncompete"); normalisation joins them.
var mergedPrefixes = map[string]bool{"non": true, "anti": true, "sub": true}

var headingReplacer = strings.NewReplacer("&", " and ", "’", "", "'", "", "‘", "")

// normalize is the one normalisation of headings: lower case, "&" as
// "and", numbering and a leading "the" removed, apostrophes dropped, any
// other punctuation a word break, hyphenated prefixes joined, and each
// word singular. "12. Non-Competition Covenants" → "noncompetition
// covenant".
func normalize(h string) string {
	h = strings.ToLower(h)
	h = headingReplacer.Replace(h)
	for i := 0; i < 4 && mayNumber(h); i++ {
		loc := numbering.FindStringIndex(h)
		if loc == nil || loc[1] == 0 {
			break
		}
		h = h[loc[1]:]
	}
	words := strings.FieldsFunc(h, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for len(words) > 0 && (words[0] == "the" || isNumber(words[0])) {
		words = words[1:]
	}
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); i++ {
		w := words[i]
		if mergedPrefixes[w] && i+1 < len(words) {
			w += words[i+1]
			i++
		}
		out = append(out, singular(w))
	}
	return strings.Join(out, " ")
}

func isNumber(w string) bool {
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return w != ""
}

// singular drops a plural ending, the same way for table and input, so it
// need not be good English, only consistent: "warranties" → "warranty",
// "taxes" → "tax", "notices" → "notice"; "business", "miscellaneous" and
// "analysis" stay.
func singular(w string) string {
	switch {
	case len(w) <= 3:
		return w
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "sses"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}
