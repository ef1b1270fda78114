package parse

import (
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract"
	"github.com/contractsearch/contractsearch/internal/contract/jurisdiction"
)

// lawCandidate is one statement of a place's law in the body.
type lawCandidate struct {
	place jurisdiction.Place
	at    int
	score int
}

// governingLawHeadings are clause headings whose text states the
// governing law.
var governingLawHeadings = []string{"governing law", "applicable law", "choice of law", "governing laws", "law applicable", "jurisdiction", "proper law", "controlling law", "governing language and law"}

// entityPhrases before "laws of" describe a party, not the contract's law.
var entityPhrases = []string{"organized under", "organised under", "incorporated under", "existing under", "formed under", "incorporated in", "organized in", "registered under", "chartered under", "established under", "constituted under", "incorporated and existing", "organized and existing", "organised and existing", "company under", "corporation under", "registered in", "duly organized", "duly incorporated", "formed in", "a corporation of", "licensed under", "qualified under"}

// governingLaw finds the place whose law governs the contract: every
// "law(s) of <place>", "law(s) in force in <place>" and "<place> law" in
// the body is scored by its sentence — "govern…" +4; "construed",
// "interpreted", "enforced" +2; inside a clause headed Governing Law (or
// Applicable Law, Choice of Law …) +3 — and descriptions of a party
// ("organized under the laws of Delaware") are skipped. The best score of
// at least 3 wins; ties go to the first. A Governing Law clause that names
// a place without those words ("GOVERNING LAW: New York") counts too.
func governingLaw(body string, clauses []contract.Section) (jurisdiction.Place, bool) {
	lower := asciiLower(body)
	var best lawCandidate
	found := false
	consider := func(c lawCandidate) {
		if c.score >= 3 && (!found || c.score > best.score) {
			best, found = c, true
		}
	}
	inLawClause := func(at int) bool {
		for _, s := range clauses {
			if at >= s.Start && at < s.End && isLawHeading(s.Value) {
				return true
			}
		}
		return false
	}
	for from := 0; ; {
		i := strings.Index(lower[from:], "law")
		if i < 0 {
			break
		}
		i += from
		from = i + 3
		if i > 0 && isLetterByte(lower[i-1]) {
			continue // "outlaw", "bylaws"
		}
		j := i + 3
		if j < len(lower) && lower[j] == 's' {
			j++
		}
		if j < len(lower) && isLetterByte(lower[j]) {
			continue // "lawful", "lawyer"
		}
		place, ok := placeAfterLaw(body, lower, j)
		if !ok {
			place, ok = placeBeforeLaw(body, i)
		}
		if !ok || isEntityDescription(lower, i) {
			continue
		}
		consider(lawCandidate{place: place, at: i, score: lawScore(lower, i, inLawClause(i))})
	}
	if found {
		return best.place, true
	}
	// "GOVERNING LAW: New York" — a law clause that only names the place.
	for _, s := range clauses {
		if isLawHeading(s.Value) && s.Snippet != "" {
			if m, ok := jurisdiction.First(s.Snippet[:min(len(s.Snippet), 120)]); ok && !m.Adjective {
				return m.Place, true
			}
		}
	}
	return jurisdiction.Place{}, false
}

func isLawHeading(value string) bool {
	for _, h := range governingLawHeadings {
		if strings.Contains(value, h) {
			return true
		}
	}
	return false
}

// placeAfterLaw resolves "of [the State of] New York" or "in force in Hong
// Kong" right after "law"/"laws" at offset j.
func placeAfterLaw(body, lower string, j int) (jurisdiction.Place, bool) {
	rest := lower[j:min(len(lower), j+200)]
	var k int
	switch {
	case strings.HasPrefix(rest, " of "):
		k = 4
	case strings.HasPrefix(rest, " in force in "):
		k = len(" in force in ")
	case strings.HasPrefix(rest, " applicable in "):
		k = len(" applicable in ")
	case strings.HasPrefix(rest, " prevailing in "):
		k = len(" prevailing in ")
	default:
		return jurisdiction.Place{}, false
	}
	start := j + k
	end := min(len(body), start+160)
	// The place is named before the clause moves on.
	for _, stop := range []string{" without", " excluding", " except", " other than", ". ", "; ", " notwithstanding", " (without", " regardless", " and the courts", " and any ", " court"} {
		if x := strings.Index(lower[start:end], stop); x >= 0 {
			end = start + x
		}
	}
	span := body[start:end]
	ms := jurisdiction.FindAll(span)
	if len(ms) == 0 || ms[0].Adjective || ms[0].Start > 45 {
		return jurisdiction.Place{}, false
	}
	// "the laws of the United States and the State of Delaware"
	var near []jurisdiction.Match
	for _, m := range ms {
		if m.Start <= 90 && !m.Adjective {
			near = append(near, m)
		}
	}
	return jurisdiction.MostSpecific(near), true
}

// placeBeforeLaw resolves "New York law", "English law", "Delaware laws"
// ending just before "law" at offset i.
func placeBeforeLaw(body string, i int) (jurisdiction.Place, bool) {
	if i < 2 || body[i-1] != ' ' {
		return jurisdiction.Place{}, false
	}
	m, ok := jurisdiction.EndingAt(body, i-1)
	if !ok {
		return jurisdiction.Place{}, false
	}
	return m.Place, true
}

// isEntityDescription reports whether the "law" at i describes how a party
// was formed: "a corporation organized under the laws of Delaware".
func isEntityDescription(lower string, i int) bool {
	before := lower[max(0, i-60):i]
	for _, p := range entityPhrases {
		if strings.Contains(before, p) {
			return true
		}
	}
	return false
}

// lawScore rates how surely the sentence around offset i states the
// governing law.
func lawScore(lower string, i int, inLawClause bool) int {
	s, e := sentenceBounds(lower, i, 400)
	sent := lower[s:e]
	score := 0
	if strings.Contains(sent, "govern") {
		score += 4
	}
	for _, w := range []string{"construed", "interpreted", "enforced", "construction", "interpretation"} {
		if strings.Contains(sent, w) {
			score += 2
			break
		}
	}
	if inLawClause {
		score += 3
	}
	if strings.Contains(sent, "arbitration") && !strings.Contains(sent, "govern") {
		score -= 2
	}
	return score
}
