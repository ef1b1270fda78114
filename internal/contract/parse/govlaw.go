package parse

import (
	"sort"
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
var entityPhrases = []string{"organized under", "organised under", "incorporated under", "existing under", "formed under", "incorporated in", "organized in", "registered under", "chartered under", "established under", "constituted under", "incorporated and existing", "organized and existing", "organised and existing", "company under", "corporation under", "registered in", "duly organized", "duly incorporated", "formed in", "a corporation of", "licensed under", "qualified under", "good standing", "validly existing", "corporation under", "association under", "bank under", "chartered", "company under the", "entity under", "partnership under"}

// governingLaw finds the place whose law governs the contract: every
// "law(s) of <place>", "laws and decisions of <place>", "laws, other than
// choice of law rules, of <place>", "law(s) in force in <place>",
// "regulations/legislation of <place>", "<place> law" and "the laws
// thereof" (the place named before it in the sentence) is scored by its
// sentence — a verb of governing ("govern…", "construed", "interpreted",
// "enforced", "controlled", "appl…") +4; "in accordance with", "according
// to", "under the laws" +1; inside a clause headed Governing Law (or
// Applicable Law, Choice of Law …) +3 — and descriptions of a party
// ("organized under the laws of Delaware") are skipped. The best score of
// at least 3 wins; ties go to the first, except that a region beats its
// own country in the same sentence ("the laws of the United States and …
// of the Commonwealth of Kentucky"). A Governing Law clause that names a
// place without those words ("GOVERNING LAW: New York") counts too.
func governingLaw(body string, clauses []contract.Section) (jurisdiction.Place, bool) {
	words := newLawScanner(body)
	var best lawCandidate
	found := false
	consider := func(c lawCandidate) {
		if c.score < 3 {
			return
		}
		switch {
		case !found || c.score > best.score:
			best, found = c, true
		case c.score == best.score && c.place.Region && !best.place.Region &&
			c.place.Country == best.place.Country && c.at-best.at < 400:
			best = c
		}
	}
	var lawClauses []contract.Section // few: the clauses headed Governing Law and the like
	for _, s := range clauses {
		if isLawHeading(s.Value) {
			lawClauses = append(lawClauses, s)
		}
	}
	inLawClause := func(at int) bool {
		// the clauses are in body order: look at the last few that start
		// at or before at (a clause may hold a sub-clause)
		k := sort.Search(len(lawClauses), func(i int) bool { return lawClauses[i].Start > at })
		for n := k - 1; n >= 0 && n >= k-3; n-- {
			if at < lawClauses[n].End {
				return true
			}
		}
		return false
	}
	for from := 0; ; {
		i, j := words.next(from)
		if i < 0 {
			break
		}
		from = j
		place, ok := placeAfterLaw(body, j)
		if !ok {
			place, ok = placeBeforeLaw(body, i)
		}
		if !ok {
			place, ok = placeThereof(body, i, j)
		}
		if !ok || isEntityDescription(body, i) {
			continue
		}
		consider(lawCandidate{place: place, at: i, score: lawScore(body, i, inLawClause(i))})
	}
	if found {
		return best.place, true
	}
	// "GOVERNING LAW: New York" — a law clause that only names the place.
	for _, s := range clauses {
		if isLawHeading(s.Value) && s.Snippet != "" {
			if m, ok := jurisdiction.First(prefix(s.Snippet, 120)); ok && !m.Adjective {
				return m.Place, true
			}
		}
	}
	return jurisdiction.Place{}, false
}

// lawScanner finds the words that introduce a legal system — "law",
// "laws", "regulations", "legislation" — as whole words in any case,
// remembering the next occurrence of each so the body is scanned once and
// never copied.
type lawScanner struct {
	text string
	at   [3]int // next occurrence of each word at or after the last from; -2 unknown
}

var lawScanWords = [3]string{"law", "regulations", "legislation"}

func newLawScanner(text string) *lawScanner {
	return &lawScanner{text: text, at: [3]int{-2, -2, -2}}
}

// indexFold returns the first offset at or after from where word (lower
// case ASCII) occurs in s in any case, or -1.
func indexFold(s, word string, from int) int {
	first := string([]byte{word[0], word[0] - 'a' + 'A'})
	for from < len(s) {
		i := strings.IndexAny(s[from:], first) // stops at the first of either case
		if i < 0 {
			return -1
		}
		i += from
		if i+len(word) <= len(s) && strings.EqualFold(s[i:i+len(word)], word) {
			return i
		}
		from = i + 1
	}
	return -1
}

// next returns the start and end of the next law word at or after from,
// or -1, -1.
func (s *lawScanner) next(from int) (int, int) {
	for from < len(s.text) {
		best := -1
		for k, w := range lawScanWords {
			if s.at[k] == -1 {
				continue
			}
			if s.at[k] < from {
				s.at[k] = indexFold(s.text, w, from)
				if s.at[k] < 0 {
					continue
				}
			}
			if best < 0 || s.at[k] < s.at[best] {
				best = k
			}
		}
		if best < 0 {
			return -1, -1
		}
		i := s.at[best]
		j := i + len(lawScanWords[best])
		if best == 0 && j < len(s.text) && (s.text[j] == 's' || s.text[j] == 'S') {
			j++
		}
		if i > 0 && isLetterByte(s.text[i-1]) || j < len(s.text) && isLetterByte(s.text[j]) {
			from = i + 1 // "bylaws", "lawful", "lawyer"
			continue
		}
		return i, j
	}
	return -1, -1
}

// placeThereof resolves "the laws thereof" and "the laws of such state" to
// the last place named before them in the sentence: "accepted … in the
// State of Nevada and shall be governed … by the laws thereof".
func placeThereof(body string, i, j int) (jurisdiction.Place, bool) {
	rest := asciiLower(body[j:min(len(body), j+24)])
	if !strings.HasPrefix(rest, " thereof") && !strings.HasPrefix(rest, " of such state") && !strings.HasPrefix(rest, " of said state") {
		return jurisdiction.Place{}, false
	}
	s, _ := sentenceBounds(body, i, 400)
	ms := jurisdiction.FindAll(body[s:i])
	for k := len(ms) - 1; k >= 0; k-- {
		if !ms[k].Adjective {
			return ms[k].Place, true
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
func placeAfterLaw(body string, j int) (jurisdiction.Place, bool) {
	window := asciiLower(prefix(body[j:], 200))
	rest := window
	var k int
	switch {
	case strings.HasPrefix(rest, " of "):
		k = 4
	case strings.HasPrefix(rest, " in the "):
		k = len(" in ")
	case strings.HasPrefix(rest, " in force in "):
		k = len(" in force in ")
	case strings.HasPrefix(rest, " applicable in "):
		k = len(" applicable in ")
	case strings.HasPrefix(rest, " prevailing in "):
		k = len(" prevailing in ")
	default:
		// "laws and decisions of", "laws, other than choice of law rules,
		// of", "laws (without … ) of"
		k = detourToOf(rest)
		if k < 0 {
			return jurisdiction.Place{}, false
		}
	}
	start := j + k
	end := min(len(body), start+160, j+len(window))
	// The place is named before the clause moves on.
	for _, stop := range []string{" without", " excluding", " except", " other than", ". ", "; ", " notwithstanding", " (without", " regardless", " and the courts", " and any ", " court"} {
		if x := strings.Index(window[k:end-j], stop); x >= 0 {
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

// detourToOf returns the offset after " of " in rest when only a short
// "and …" or a parenthetical phrase between commas or brackets separates it
// from the law word: " and decisions of", ", other than choice of law
// rules, of", ", of". It returns -1 otherwise.
func detourToOf(rest string) int {
	rest = prefix(rest, 90)
	switch {
	case strings.HasPrefix(rest, " and "):
		i := strings.Index(rest, " of ")
		if i > 0 && strings.Count(rest[:i], " ") <= 4 && !strings.ContainsAny(rest[:i], ".;,") {
			return i + 4
		}
	case strings.HasPrefix(rest, ","), strings.HasPrefix(rest, " ("):
		for _, sep := range []string{", of ", ") of ", ",of "} {
			if i := strings.Index(rest, sep); i >= 0 && !strings.Contains(rest[:i], ". ") {
				return i + len(sep)
			}
		}
	}
	return -1
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
func isEntityDescription(body string, i int) bool {
	before := asciiLower(body[max(0, i-60):i])
	for _, p := range entityPhrases {
		if strings.Contains(before, p) {
			return true
		}
	}
	return false
}

// governVerbs state that a law governs.
var governVerbs = []string{"govern", "construed", "interpreted", "enforced", "construction", "interpretation", "controlled by", "shall apply", " applies", "application of", "be applied", "determined in accordance", "subject to the law"}

// lawScore rates how surely the sentence around offset i states the
// governing law.
func lawScore(body string, i int, inLawClause bool) int {
	s, e := sentenceBounds(body, i, 400)
	sent := asciiLower(body[s:e])
	score := 0
	governs := false
	for _, w := range governVerbs {
		if strings.Contains(sent, w) {
			score += 4
			governs = true
			break
		}
	}
	for _, w := range []string{"in accordance with", "according to", "under the law", "pursuant to the law"} {
		if strings.Contains(sent, w) {
			score++
			break
		}
	}
	if inLawClause {
		score += 3
	}
	if strings.Contains(sent, "arbitration") && !governs {
		score -= 2
	}
	return score
}
