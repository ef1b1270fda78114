package clean

import (
	"slices"
	"strings"
	"unicode"

	"github.com/contractsearch/contractsearch/internal/contract/sentence"
)

// sep is what separated a piece from the one before it.
type sep uint8

const (
	sepNone  sep = iota // the first piece
	sepGap              // three or more spaces inside a line
	sepLine             // one line break
	sepBlank            // one or more blank lines
	sepPage             // a page boundary: a removed page number, footer or form feed
)

// piece is a stretch of text between separators.
type piece struct {
	text string
	sep  sep
	// lineLen is the length of the line the piece ends, or 0 when the
	// piece ends at a gap inside a line.
	lineLen int
	drop    bool
	// wraps is set on a piece after a gap that continues the piece
	// before it, which ended in a word no text ends in ("as", "of"): a
	// table cell's text wrapped into the next column position ("… but
	// solely as" / "Master Servicer on behalf of Wells Fargo Mortgage
	// Backed" / "Securities 2006-6 Trust"), which is no heading whatever
	// its capitals.
	wraps bool
}

// Text cleans raw extracted text into a body: paragraphs separated by
// "\n\n", single spaces between words, page artifacts removed. It never
// fails; text with nothing left returns "".
func Text(raw string) string {
	s := normalize(raw)
	pieces, width := split(s)
	markArtifacts(pieces)
	dropDetachedNumbers(pieces)
	paras := join(pieces, width, s)
	var b strings.Builder
	b.Grow(len(s))
	for _, p := range paras {
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(p)
	}
	return b.String()
}

// split applies rule 2 and measures the document's usual line width: the
// 80th percentile of the lengths of its non-blank lines.
func split(s string) ([]piece, int) {
	pieces := make([]piece, 0, strings.Count(s, "\n")+1)
	lens := make([]int, 0, cap(pieces))
	for line := range strings.Lines(s) {
		if t := strings.TrimSpace(line); t != "" {
			lens = append(lens, len(t))
		}
	}
	width := 80
	if len(lens) > 0 {
		sorted := slices.Clone(lens)
		slices.Sort(sorted)
		width = max(sorted[len(sorted)*8/10], 20)
	}
	next := sepNone
	for line := range strings.Lines(s) {
		line = strings.TrimRight(line, "\n")
		t := strings.TrimSpace(line)
		if t == "" {
			if next != sepNone {
				next = sepBlank
			}
			continue
		}
		t = justified(letterSpaced(t), width)
		first := true
		for t != "" {
			i := strings.Index(t, "   ")
			var p string
			if i < 0 {
				p, t = t, ""
			} else {
				p, t = t[:i], strings.TrimLeft(t[i:], " ")
			}
			pc := piece{text: p, sep: next}
			if !first {
				pc.sep = sepGap
			}
			if t == "" {
				pc.lineLen = len(strings.TrimSpace(line))
			}
			pieces = append(pieces, pc)
			first = false
		}
		next = sepLine
	}
	return pieces, width
}

// justified rejoins the words of a justified line that PDF and OCR text
// stretched with runs of three or more spaces ("Alamogordo   Financial
// Corporation,   a  federal   corporation   (the …"), which the pieces
// rule would cut into one-word paragraphs, and leaves alone the gaps
// between a table's cells or a layout's columns, which hold several
// words, numbers, labels, or come after a sentence's end or a page
// number. The line must fill three quarters of the usual width (or hold
// a paragraph: 160 bytes, in text written a paragraph to a line), its
// gaps be at most five spaces, no piece be a number alone, and most
// pieces be one word. Only gaps inside a sentence close: not after
// ". : ;" nor before numbering, a bullet or a label ("Date:").
func justified(t string, width int) string {
	if len(t)*4 < width*3 && len(t) < 160 || !strings.Contains(t, "   ") {
		return t
	}
	var pieces []string
	for rest := t; rest != ""; {
		i := strings.Index(rest, "   ")
		if i < 0 {
			pieces = append(pieces, rest)
			break
		}
		gap := len(rest[i:]) - len(strings.TrimLeft(rest[i:], " "))
		if gap > 5 {
			return t
		}
		pieces = append(pieces, strings.TrimSpace(rest[:i]))
		rest = rest[i+gap:]
	}
	single := 0
	for _, p := range pieces {
		if isBareMarker(p) || strings.Trim(p, "0123456789.,$%-()") == "" {
			return t
		}
		if !strings.Contains(p, " ") {
			single++
		}
	}
	if len(pieces) < 3 || single*2 < len(pieces) {
		return t
	}
	var b strings.Builder
	for i, p := range pieces {
		if i > 0 {
			prev := pieces[i-1]
			l := lastRune(prev)
			if l == '.' || l == ':' || l == ';' || l == '!' || l == '?' || unicode.IsDigit(l) || markerPrefix(p) > 0 || isBullet(p) || strings.HasSuffix(strings.Fields(p)[0], ":") {
				b.WriteString("   ")
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(p)
	}
	return b.String()
}

// markArtifacts applies rule 3: page numbers, footers and page breaks are
// dropped (the next piece is marked as starting after a page boundary),
// and pieces repeated at least three times within two pieces of such a
// boundary are dropped as running headers or footers.
func markArtifacts(ps []piece) {
	var boundaries []int
	for i := range ps {
		if isPageArtifact(ps[i].text) {
			ps[i].drop = true
			boundaries = append(boundaries, i)
			continue
		}
		ps[i].text = stripInline(ps[i].text)
		if ps[i].text == "" {
			ps[i].drop = true
		}
	}
	if len(boundaries) >= 3 {
		// A header block may be longer than the reach: once its first
		// lines are dropped, the next ones come within reach of the
		// boundary ("CONFIDENTIAL MATERIALS OMITTED AND FILED SEPARATELY" /
		// "WITH THE SECURITIES AND EXCHANGE COMMISSION." / "ASTERISKS
		// DENOTE OMISSIONS." on every page).
		for range maxHeaderPasses {
			if !dropRunningHeaders(ps, boundaries) {
				break
			}
		}
	}
	// A dropped artifact turns the separator after it into a page boundary.
	pending := false
	for i := range ps {
		if ps[i].drop {
			if isPageArtifact(ps[i].text) || ps[i].text == "" {
				pending = true
			}
			continue
		}
		if pending {
			ps[i].sep = sepPage
			pending = false
		}
	}
}

// maxHeaderPasses bounds the passes of dropRunningHeaders, each of which
// peels up to two more lines off a running header or footer block.
const maxHeaderPasses = 4

// dropRunningHeaders drops the pieces repeated at least three times among
// the two pieces kept on either side of each page boundary, and reports
// whether it dropped any.
func dropRunningHeaders(ps []piece, boundaries []int) bool {
	const reach = 2
	zone := make(map[int]bool)
	for _, b := range boundaries {
		for dir := -1; dir <= 1; dir += 2 {
			seen := 0
			for j := b + dir; j >= 0 && j < len(ps) && seen < reach; j += dir {
				if ps[j].drop {
					continue
				}
				zone[j] = true
				seen++
			}
		}
	}
	counts := make(map[string]int)
	keys := make(map[int]string, len(zone))
	for j := range zone {
		k := headerKey(ps[j].text)
		if k == "" {
			continue
		}
		keys[j] = k
		counts[k]++
	}
	dropped := false
	for j, k := range keys {
		if counts[k] >= 3 {
			ps[j].drop = true
			dropped = true
		}
	}
	return dropped
}

// dropDetachedNumbers applies rule 4's first half: runs of two or more
// bare numbers are a column printed apart from the headings they number.
func dropDetachedNumbers(ps []piece) {
	for i := range ps {
		if !ps[i].drop && isMarkerRow(ps[i].text) {
			ps[i].drop = true
		}
	}
	i := 0
	for i < len(ps) {
		if ps[i].drop || !isBareMarker(ps[i].text) {
			i++
			continue
		}
		j, n := i, 0
		last := i
		for j < len(ps) {
			if ps[j].drop {
				j++
				continue
			}
			if !isBareMarker(ps[j].text) {
				break
			}
			n++
			last = j
			j++
		}
		if n >= 2 {
			for k := i; k <= last; k++ {
				ps[k].drop = true
			}
		}
		i = j
	}
}

// isMarkerRow reports whether s is two or more bare numbers in a row:
// "(a) (b) (c) (d)".
func isMarkerRow(s string) bool {
	if !strings.Contains(s, " ") || len(s) > 80 {
		return false
	}
	n := 0
	for f := range strings.FieldsSeq(s) {
		if !isBareMarker(f) {
			return false
		}
		n++
	}
	return n >= 2
}

// join applies rule 5 and returns the paragraphs, each with its inner
// whitespace collapsed.
func join(ps []piece, width int, doc string) []string {
	var paras []string
	var words map[string]bool // the document's words, built on the first hyphenated break
	var cur []byte
	var prev *piece
	flush := func() {
		if len(cur) > 0 {
			paras = append(paras, repairInlineHyphens(collapseSpaces(dropRules(string(cur)))))
			cur = cur[:0]
		}
	}
	for i := range ps {
		p := &ps[i]
		if p.drop {
			continue
		}
		if prev == nil {
			cur = append(cur, p.text...)
			prev = p
			continue
		}
		switch joinKind(prev.text, prev, p, width) {
		case joinSpace:
			p.wraps = p.sep == sepGap && openWords[lastWord(prev.text)]
			cur = append(cur, ' ')
			cur = append(cur, p.text...)
		case joinHyphen:
			// "third- party": keep the hyphen, drop the break.
			cur = append(cur, p.text...)
		case joinWord:
			// "manu-" + "facturing": drop the hyphen when the document
			// uses the whole word elsewhere.
			frag := lastWordBytes(cur[:len(cur)-1])
			next := firstWord(p.text)
			if words == nil {
				words = wordSet(doc)
			}
			if frag != "" && next != "" && words[strings.ToLower(frag+next)] {
				cur = cur[:len(cur)-1]
			}
			cur = append(cur, p.text...)
		default:
			flush()
			cur = append(cur, p.text...)
		}
		prev = p
	}
	flush()
	return paras
}

// openWords cannot end a line of text that is complete: a cell's text
// that ends in one runs on into the next piece.
var openWords = map[string]bool{
	"as": true, "of": true, "the": true, "and": true, "or": true, "to": true, "for": true, "by": true,
	"with": true, "in": true, "on": true, "a": true, "an": true, "at": true, "from": true,
}

// wordSet returns the lower-cased words (runs of letters) of s.
func wordSet(s string) map[string]bool {
	set := make(map[string]bool)
	start := -1
	for i, r := range s {
		if unicode.IsLetter(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			set[strings.ToLower(s[start:i])] = true
			start = -1
		}
	}
	if start >= 0 {
		set[strings.ToLower(s[start:])] = true
	}
	return set
}

type joinHow uint8

const (
	joinBreak joinHow = iota
	joinSpace
	joinHyphen
	joinWord
)

// joinKind decides whether piece b continues the paragraph that piece a
// (whose text is at) ends.
func joinKind(at string, a, b *piece, width int) joinHow {
	bt := b.text
	if isBareMarker(at) && !isBareMarker(bt) {
		return joinSpace
	}
	if isKeywordMarker(at) && len(bt) < 120 && !isBareMarker(bt) {
		// "ARTICLE V" / "TERM AND TERMINATION"
		return joinSpace
	}
	if h := hyphenJoin(at, bt); h != joinBreak {
		return h
	}
	switch b.sep {
	case sepBlank, sepPage:
		// A sentence cut by a page break or a stray blank line continues
		// in lower case.
		if midSentence(at) && startsLower(bt) && !isCapsLine(at) {
			return joinSpace
		}
		return joinBreak
	}
	if startsStructure(bt, at) {
		return joinBreak
	}
	if strings.HasPrefix(at, "THIS ") && !endsSentence(at) {
		// "THIS EXCLUSIVE" / "DISTRIBUTOR AGREEMENT (the …) is made …": a
		// preamble in capitals, not a heading
		return joinSpace
	}
	if isCapsLine(at) != isCapsLine(bt) && (isCapsLine(at) && !startsLower(bt) || isCapsLine(bt) && !midSentence(at)) {
		return joinBreak
	}
	if isCapsLine(at) && isCapsLine(bt) && endsSentence(at) {
		return joinBreak
	}
	if isHeadingLine(at, width) && !a.wraps && (startsUpper(bt) || firstRune(bt) == '"' || firstRune(bt) == '“') {
		return joinBreak
	}
	if endsSentence(at) && !startsLower(bt) {
		short := a.lineLen == 0 || a.lineLen*4 < width*3
		if short {
			return joinBreak
		}
	}
	return joinSpace
}

// hyphenJoin recognises a word broken at a line end: "third-" / "party"
// (the hyphen is part of the word) and "manu-" / "facturing".
func hyphenJoin(a, b string) joinHow {
	if len(a) < 2 || a[len(a)-1] != '-' || !unicode.IsLetter(lastRune(a[:len(a)-1])) {
		return joinBreak
	}
	if strings.HasSuffix(a, " -") || strings.HasSuffix(a, "--") {
		return joinBreak
	}
	if !startsLower(b) {
		if startsUpper(b) {
			return joinHyphen // "Multi-" / "Modality"
		}
		return joinBreak
	}
	switch firstWord(b) {
	case "and", "or", "nor", "to":
		return joinBreak // "pre- and post-closing": a suspended hyphen
	}
	return joinWord
}

// startsStructure reports whether b begins a new paragraph whatever came
// before it: numbering, a bullet, a quoted definition, a recital.
func startsStructure(b, a string) bool {
	if n := markerPrefix(b); n > 0 {
		if endsSentence(a) || strings.HasSuffix(a, ":") {
			return true
		}
		if !strings.ContainsAny(b[:n], ".)§") && ReadMarker(b).Kind == OutlineMarker {
			// "22 GOVERNING LAW" after a line in capitals or mid-sentence
			// is more likely "WITHIN" / "30 DAYS AFTER RECEIPT" or an
			// address ("91 OAK AVENUE")
			return false
		}
		if isCapsLine(a) {
			return true
		}
		// After a line that ends mid-sentence, "5.2 hereof" continues it;
		// numbering is followed by a capital, a quote or a parenthesis.
		r := firstRune(strings.TrimLeft(b[n:], " "))
		return unicode.IsUpper(r) || r == '"' || r == '“' || r == '('
	}
	if isBullet(b) || startsDefinition(b) {
		return true
	}
	for _, w := range []string{"WHEREAS", "NOW, THEREFORE", "IN WITNESS WHEREOF", "Whereas,", "NOW THEREFORE"} {
		if strings.HasPrefix(b, w) {
			return true
		}
	}
	return false
}

// isHeadingLine reports whether a is a short line without final
// punctuation whose words are capitalised: "Grant of Rights".
func isHeadingLine(a string, width int) bool {
	if len(a) > 80 || len(a)*10 > width*6 || endsSentence(a) || strings.HasSuffix(a, ",") || strings.HasSuffix(a, "-") {
		return false
	}
	words := strings.Fields(a)
	if len(words) == 0 || len(words) > 10 {
		return false
	}
	for _, w := range words[1:] {
		if sentenceWords[strings.ToLower(strings.Trim(w, ",;:()"))] {
			// "NEITHER PARTY" / "MAKES ANY WARRANTY IN CONNECTION WITH THE
			// SUBJECT" / "MATTER OF …": a disclaimer in capitals printed
			// in short lines, not headings
			return false
		}
	}
	caps := 0
	for _, w := range words {
		if startsUpper(w) || leadingDigits(w) > 0 {
			caps++
		}
	}
	return caps*3 >= len(words)*2 && startsUpper(words[0])
}

// sentenceWords are words a sentence has and a heading does not: a line
// holding one (after its first word) continues the text it is part of.
var sentenceWords = map[string]bool{
	"any": true, "hereby": true, "whether": true, "including": true, "such": true, "which": true,
	"that": true, "shall": true, "will": true, "must": true, "makes": true, "disclaims": true, "waives": true,
}

// endsSentence reports whether s ends with . : ; ? or ! (before closing
// quotes or brackets), not after a common abbreviation.
func endsSentence(s string) bool {
	s = strings.TrimRight(s, "\"'”’)] ")
	if s == "" {
		return false
	}
	switch s[len(s)-1] {
	case '.':
		return !endsWithAbbreviation(s)
	case ':', ';', '?', '!':
		return true
	}
	return false
}

func endsWithAbbreviation(s string) bool {
	w := lastWord(s[:len(s)-1])
	if w == "" {
		return false
	}
	return sentence.IsAbbreviation(w)
}

// midSentence reports whether s stops where a sentence cannot end: after a
// lower-case letter, a comma or a hyphen.
func midSentence(s string) bool {
	r := lastRune(s)
	return unicode.IsLower(r) || r == ',' || r == '-'
}

// lastWord returns the trailing run of letters, digits and dots of s.
func lastWord(s string) string {
	i := len(s)
	for i > 0 {
		c := s[i-1]
		if c == ' ' || c == '(' || c == '"' || c == '\'' || c == '[' || c == '/' {
			break
		}
		i--
	}
	return s[i:]
}

// lastWordBytes is lastWord of a byte slice, without copying it.
func lastWordBytes(b []byte) string {
	i := len(b)
	for i > 0 && len(b)-i < 64 {
		c := b[i-1]
		if c == ' ' || c == '(' || c == '"' || c == '\'' || c == '[' || c == '/' {
			break
		}
		i--
	}
	return string(b[i:])
}

// firstWord returns the leading run of letters of s.
func firstWord(s string) string {
	for i, r := range s {
		if !unicode.IsLetter(r) {
			return s[:i]
		}
	}
	return s
}

// collapseSpaces trims s and replaces every run of spaces with one.
func collapseSpaces(s string) string {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, "  ") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			if space {
				continue
			}
			space = true
		} else {
			space = false
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// repairInlineHyphens joins "non- exclusive", a hyphenated word that an
// extractor broke across lines and rejoined with a space, but leaves a
// suspended hyphen ("pre- and post-closing") alone.
func repairInlineHyphens(s string) string {
	if !strings.Contains(s, "- ") {
		return s
	}
	var b strings.Builder
	last := 0
	for i := 1; i+2 < len(s); i++ {
		if s[i] != '-' || s[i+1] != ' ' || !isASCIILetter(s[i-1]) || !(s[i+2] >= 'a' && s[i+2] <= 'z') {
			continue
		}
		switch firstWord(s[i+2:]) {
		case "and", "or", "nor", "to":
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[last : i+1])
		last = i + 2
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// dropRules removes horizontal rules — runs of four or more hyphens or
// equals signs, which typewritten exhibits use to underline — leaving a
// space. Underscore blanks ("_____ day of") are text and stay.
func dropRules(s string) string {
	if !strings.Contains(s, "----") && !strings.Contains(s, "====") {
		return s
	}
	b := []byte(s)
	for i := 0; i < len(b); {
		c := b[i]
		if c != '-' && c != '=' {
			i++
			continue
		}
		j := i
		for j < len(b) && b[j] == c {
			j++
		}
		if j-i >= 4 {
			for k := i; k < j; k++ {
				b[k] = ' '
			}
		}
		i = j
	}
	return string(b)
}
