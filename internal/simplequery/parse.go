package simplequery

import (
	"strings"
	"unicode"
)

// maxEdits is Lucene's LevenshteinAutomata.MAXIMUM_SUPPORTED_DISTANCE, the
// cap on a fuzzy term's edit distance.
const maxEdits = 2

// Parse parses text with the given enabled operators and default operator
// (Should for OpenSearch's "or", Must for "and"; any other value is taken as
// Should). It is Parser{Flags: flags, DefaultOperator: defaultOperator}.Parse.
func Parse(text string, flags Flags, defaultOperator Occur) *Node {
	return Parser{Flags: flags, DefaultOperator: defaultOperator}.Parse(text)
}

// Parser parses simple_query_string text. The zero value has no operator
// enabled (None), default operator Should and no Keep function.
type Parser struct {
	// Flags are the enabled operators.
	Flags Flags
	// DefaultOperator combines adjacent terms with no explicit operator
	// between them: Should ("or") or Must ("and"); any other value is taken
	// as Should.
	DefaultOperator Occur
	// Keep, if not nil, is called with every leaf (term, phrase, prefix or
	// fuzzy node) in text order as soon as it is parsed, before it joins the
	// tree. Returning false drops the leaf exactly as Lucene drops a term or
	// phrase whose analysis yields no query (a stop word, a lone
	// punctuation character): the leaf is not added, and a pending '+' or
	// '|' is left pending for the next branch (any '-' before the leaf is
	// spent), which can change the shape of the rest of the tree. An engine that wants Lucene's tree
	// for an analysed query must therefore analyse in Keep, not afterwards.
	// (In OpenSearch only term and phrase leaves can vanish this way.)
	// Keep must not modify the node.
	Keep func(leaf *Node) bool
}

// Parse parses text. It never fails: every string, including invalid UTF-8,
// yields a tree, and the tree contains no Bool without clauses.
//
// Text whose Java trim() (leading and trailing bytes up to and including
// ' ', whatever the flags) is "*" yields a MatchAll node. Text that yields
// no leaf yields a MatchNone node. Otherwise the text is scanned left to
// right, skipping whitespace, ')' and an operator with nothing to apply to,
// and every term, phrase or group (the text between '(' and its matching
// ')', parsed the same way on its own) becomes a branch:
//
//   - A branch preceded by an odd number of '-' (with no other character
//     between them and the branch) becomes Bool{MustNot branch, Should
//     MatchAll}.
//   - The first branch becomes the tree.
//   - Each further branch is joined with the operator written before it:
//     the first '+' or '|' since the previous branch, or else the default
//     operator. If that operator differs from the one that joined the
//     previous branch (or this is the second branch), the tree so far is
//     first wrapped in a new Bool as that operator's single clause; then the
//     branch is appended to the top Bool with that operator.
//
// An unmatched '(' or '"' is ignored and scanning resumes after it; an empty
// group "()" or phrase `""` cancels a pending '+' or '|'. A term ends at an
// unescaped whitespace, '"', '|', '+', '(' or ')' (each only when its
// operator is enabled); '-', '*' and '~' do not end it, except that an
// unescaped '~' after at least one character starts the fuzziness suffix. A term whose last
// character is an unescaped '*' after at least one other character is a
// prefix. The number after a term's or phrase's '~' runs to the end of the
// token and is read as Java's Integer.parseInt reads it; empty means 2,
// unparsable or negative means 0; a term's is capped at 2, and 0 makes it a
// plain term. After a phrase's number one more character is skipped.
func (p Parser) Parse(text string) *Node {
	if javaTrim(text) == "*" {
		return &Node{Kind: KindMatchAll}
	}
	st := parser{
		text:  text,
		flags: p.Flags,
		def:   Should,
		keep:  p.Keep,
		// No quote scanned yet.
		quoteAt: -1,
	}
	if p.DefaultOperator == Must {
		st.def = Must
	}
	if top := st.run(); top != nil {
		return top
	}
	return &Node{Kind: KindMatchNone}
}

// javaTrim trims what Java's String.trim trims: every char up to ' '.
func javaTrim(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

// opUnset marks a frame's current or previous operation as not set.
const opUnset Occur = 0xff

// frame is the state of one (sub)query being parsed: Lucene's State. The
// subquery's text runs from where its '(' was to end, exclusive.
type frame struct {
	end  int   // index of the closing ')' of a group, len(text) for the root
	top  *Node // tree built so far
	cur  Occur // operator for the next branch, or opUnset
	prev Occur // operator that joined the last branch, or opUnset
	not  int   // '-' seen immediately before the next branch
}

// parser holds the state of one Parse call. Lucene recurses into groups; this
// keeps an explicit stack of frames instead, so nesting depth costs no
// goroutine stack, and finds closing parentheses and quotes without
// rescanning (see matchParen), so that parsing takes linear time.
type parser struct {
	text  string
	flags Flags
	def   Occur
	keep  func(*Node) bool

	frames []frame
	// buf is where unescape drops escape characters; the text of a leaf
	// without any is a substring of text, with no copy.
	buf []byte
	// match[i], for a '(' at i, is the index of the ')' that closes it, or
	// -1; computed at the first '('.
	match []int32
	// closingQuote's cache: the first unescaped '"' at or after quoteFrom
	// is at quoteAt (len(text) if none).
	quoteFrom, quoteAt int
	slab               []Node // nodes are allocated from here in growing chunks
}

func (p *parser) has(f Flags) bool { return p.flags&f != 0 }

// node allocates a node.
func (p *parser) node(n Node) *Node {
	if len(p.slab) == cap(p.slab) {
		// The first chunk fits a typical query (a node per 4 bytes of
		// text, at most 64), later ones double, up to 256 nodes.
		size := 2 * cap(p.slab)
		if size == 0 {
			size = min(len(p.text)/4, 64)
		}
		p.slab = make([]Node, 0, min(max(size, 8), 256))
	}
	p.slab = p.slab[:len(p.slab)+1]
	x := &p.slab[len(p.slab)-1]
	*x = n
	return x
}

// finished reports whether c ends a token: Lucene's tokenFinished.
func (p *parser) finished(c byte) bool {
	switch c {
	case '"':
		return p.has(Phrase)
	case '|':
		return p.has(Or)
	case '+':
		return p.has(And)
	case '(', ')':
		return p.has(Precedence)
	case ' ', '\t', '\n', '\r':
		return p.has(Whitespace)
	}
	return false
}

// run parses the whole text and returns the tree, or nil if there is none.
func (p *parser) run() *Node {
	p.frames = make([]frame, 1, 4)
	p.frames[0] = frame{end: len(p.text), cur: opUnset, prev: opUnset}
	i := 0
	for {
		f := &p.frames[len(p.frames)-1]
		if i >= f.end {
			if len(p.frames) == 1 {
				return f.top
			}
			// The group is complete: add it to the enclosing frame and
			// resume after its ')'.
			child := *f
			p.frames = p.frames[:len(p.frames)-1]
			f = &p.frames[len(p.frames)-1]
			if child.top != nil {
				p.build(f, child.top)
			}
			i = child.end + 1
			f.not = 0
			continue
		}
		switch c := p.text[i]; {
		case c == '(' && p.has(Precedence):
			end := p.matchParen(i)
			switch {
			case end < 0 || end >= f.end:
				// No closing parenthesis: the '(' is ignored.
				i++
			case end == i+1:
				// "()" cancels the pending operation.
				f.cur = opUnset
				i = end + 1
			default:
				// Parse the group in a new frame; the current frame's
				// negation count applies to it when it is complete.
				p.frames = append(p.frames, frame{end: end, cur: opUnset, prev: opUnset})
				i++
				continue
			}
		case c == ')' && p.has(Precedence):
			i++
		case c == '"' && p.has(Phrase):
			i = p.phrase(f, i)
		case c == '+' && p.has(And):
			if f.cur == opUnset && f.top != nil {
				f.cur = Must
			}
			i++
		case c == '|' && p.has(Or):
			if f.cur == opUnset && f.top != nil {
				f.cur = Should
			}
			i++
		case c == '-' && p.has(Not):
			// Not reset below: negations accumulate up to the branch.
			f.not++
			i++
			continue
		case (c == ' ' || c == '\t' || c == '\n' || c == '\r') && p.has(Whitespace):
			i++
		default:
			i = p.token(f, i)
		}
		f.not = 0
	}
}

// Escapes are context-free. Lucene rescans from every '(' for its ')' and
// from every '"' for the closing one, each scan starting unescaped just after
// that character. Whether a character is escaped depends only on the run of
// backslashes right before it, and no run reaches back past a scan's '(' or
// '"', so every scan sees every character after its start exactly as one
// scan of the whole text from its beginning does. The parser therefore
// answers both questions from whole-text scans, in linear total time, where
// rescanning costs quadratic time on deep or unbalanced input.

// matchParen returns the index of the ')' that closes the '(' at s, or -1:
// where Lucene's consumeSubQuery stops, scanning to the end of the text.
// Parentheses nest, escaped ones (with Escape) do not count, and nothing else,
// quotes included, matters. The caller treats a match at or beyond its
// frame's end as none, which is what Lucene's scan bounded by that end finds.
func (p *parser) matchParen(s int) int {
	if p.match == nil {
		p.matchParens()
	}
	return int(p.match[s])
}

// matchParens sets match[i] for every '(' at i to the first m > i with
// depth(m) < depth(i), or -1 (other entries are meaningless), where depth(x) counts the unescaped '(' minus the
// unescaped ')' in text[:x+1]. A scan from the '(' at s, starting at depth 1,
// is back at 0 exactly there, whether or not that '(' is itself escaped
// (which it can be: "a~1\(" leaves the parser at the '(').
func (p *parser) matchParens() {
	p.match = make([]int32, len(p.text))
	esc := p.has(Escape)
	escaped := false
	depth := int32(0)
	var open []int32 // '(' whose match is not yet found, by increasing depth
	for i := range len(p.text) {
		switch c := p.text[i]; {
		case escaped:
			escaped = false
		case c == '\\' && esc:
			escaped = true
		case c == '(':
			depth++
		case c == ')':
			depth--
		}
		for len(open) > 0 && depth < p.match[open[len(open)-1]] {
			p.match[open[len(open)-1]] = int32(i)
			open = open[:len(open)-1]
		}
		if p.text[i] == '(' {
			p.match[i] = depth // until its match is found
			open = append(open, int32(i))
		}
	}
	for _, i := range open {
		p.match[i] = -1
	}
}

// closingQuote returns the index of the first unescaped '"' at or after
// start, or len(text): where Lucene's consumePhrase stops, scanning to the
// end of the text. The parser only moves forward, so caching the last answer
// makes the scans together linear: a later start either falls in the span
// already scanned, whose answer it shares, or lies beyond it.
func (p *parser) closingQuote(start int) int {
	if start >= p.quoteFrom && start <= p.quoteAt {
		return p.quoteAt
	}
	esc := p.has(Escape)
	q := start
	for q < len(p.text) && p.text[q] != '"' {
		if p.text[q] == '\\' && esc {
			q++
		}
		q++
	}
	q = min(q, len(p.text))
	p.quoteFrom, p.quoteAt = start, q
	return q
}

// phrase consumes the phrase whose '"' is at i (Lucene's consumePhrase) and
// returns the index to resume at.
func (p *parser) phrase(f *frame, i int) int {
	start := i + 1
	end := p.closingQuote(start)
	if end >= f.end {
		// No closing quote: the '"' is ignored.
		return start
	}
	j, hasSlop := end, false
	if j+1 < f.end && p.text[j+1] == '~' && p.has(Near) {
		j++
		hasSlop = j+1 < f.end
	}
	if j == start {
		// `""` cancels the pending operation (`""~` is an empty phrase).
		f.cur = opUnset
		return j + 1
	}
	n := p.node(Node{Kind: KindPhrase, Text: p.unescape(start, end)})
	if hasSlop {
		n.Slop, j = p.fuzziness(f, j)
	}
	p.add(f, n)
	return j + 1
}

// unescape returns text[start:end] with each escaping backslash (with
// Escape) dropped, including one that ends the span. It copies only if there
// is a backslash.
func (p *parser) unescape(start, end int) string {
	s := p.text[start:end]
	if !p.has(Escape) || strings.IndexByte(s, '\\') < 0 {
		return s
	}
	b := p.buf[:0]
	for k := 0; k < len(s); k++ {
		if s[k] == '\\' {
			k++
			if k == len(s) {
				break
			}
		}
		b = append(b, s[k])
	}
	p.buf = b
	return string(b)
}

// token consumes the term starting at i (Lucene's consumeToken) and returns
// the index to resume at.
func (p *parser) token(f *frame, i int) int {
	esc, prefixOn, fuzzyOn := p.has(Escape), p.has(Prefix), p.has(Fuzzy)
	j := i
	copied, escaped, prefix, fuzzy := false, false, false, false
	for ; j < f.end; j++ {
		c := p.text[j]
		if escaped {
			escaped = false
		} else if c == '\\' && esc {
			escaped = true
			prefix = false
			continue
		} else if p.finished(c) {
			break
		} else if copied && c == '~' && fuzzyOn {
			fuzzy = true
			break
		} else {
			// Whether the last character is an unescaped '*' after at
			// least one other.
			prefix = copied && c == '*' && prefixOn
		}
		copied = true
	}
	if !copied {
		return j
	}
	text := p.unescape(i, j)
	var n *Node
	switch {
	case fuzzy:
		var edits int
		edits, j = p.fuzziness(f, j)
		edits = min(edits, maxEdits)
		if edits == 0 {
			n = p.node(Node{Kind: KindTerm, Text: text})
		} else {
			n = p.node(Node{Kind: KindFuzzy, Text: text, Edits: edits})
		}
	case prefix:
		n = p.node(Node{Kind: KindPrefix, Text: text[:len(text)-1]})
	default:
		n = p.node(Node{Kind: KindTerm, Text: text})
	}
	p.add(f, n)
	return j
}

// fuzziness reads the number after the '~' at j (Lucene's parseFuzziness):
// the characters up to the end of the frame or the first that ends a token.
// It returns the number (2 if empty, 0 if unparsable or negative) and the
// index where reading stopped.
func (p *parser) fuzziness(f *frame, j int) (int, int) {
	k := j + 1
	for k < f.end && !p.finished(p.text[k]) {
		k++
	}
	s := p.text[j+1 : k]
	if s == "" {
		return 2, k
	}
	v, ok := JavaParseInt(s)
	if !ok || v < 0 {
		return 0, k
	}
	return int(v), k
}

// add offers a leaf to Keep and, if kept, builds it into the tree.
func (p *parser) add(f *frame, leaf *Node) {
	if p.keep != nil && !p.keep(leaf) {
		return
	}
	p.build(f, leaf)
}

// build joins a branch to the frame's tree: Lucene's buildQueryTree.
func (p *parser) build(f *frame, branch *Node) {
	if f.not%2 == 1 {
		clauses := make([]Clause, 2)
		clauses[0] = Clause{Occur: MustNot, Node: branch}
		clauses[1] = Clause{Occur: Should, Node: p.node(Node{Kind: KindMatchAll})}
		branch = p.node(Node{Kind: KindBool, Clauses: clauses})
	}
	if f.top == nil {
		f.top = branch
	} else {
		if f.cur == opUnset {
			f.cur = p.def
		}
		if f.prev != f.cur {
			// An operator change: what was parsed so far becomes one
			// clause of a new top. (Lucene rebuilds the top Bool for every
			// branch; appending to it is equivalent, because the top is
			// only ever the Bool made here, owned by this frame.)
			clauses := make([]Clause, 1, 4)
			clauses[0] = Clause{Occur: f.cur, Node: f.top}
			f.top = p.node(Node{Kind: KindBool, Clauses: clauses})
		}
		f.top.Clauses = append(f.top.Clauses, Clause{Occur: f.cur, Node: branch})
		f.prev = f.cur
	}
	f.cur = opUnset
}

// JavaParseInt parses s as Java's Integer.parseInt(s) does: an optional '+'
// or '-', then one or more decimal digits, where a digit is any UTF-16 code
// unit that Character.digit accepts in radix 10 (any Unicode decimal digit in
// the Basic Multilingual Plane), and the value must fit an int32. It reports
// false where Java throws NumberFormatException, the empty string included.
//
// It is the one copy of Integer.parseInt: Lucene's SimpleQueryParser reads
// slops and fuzziness with it, and the embedded backend reads
// minimum_should_match with it as OpenSearch does.
func JavaParseInt(s string) (int32, bool) {
	if s == "" {
		return 0, false
	}
	neg := false
	switch s[0] {
	case '-':
		neg = true
		s = s[1:]
	case '+':
		s = s[1:]
	}
	if s == "" {
		return 0, false
	}
	limit := int64(1<<31 - 1)
	if neg {
		limit++
	}
	var v int64
	for _, r := range s {
		d := javaDigit(r)
		if d < 0 {
			return 0, false
		}
		v = v*10 + int64(d)
		if v > limit {
			return 0, false
		}
	}
	if neg {
		v = -v
	}
	return int32(v), true
}

// javaDigit returns the decimal value of r as Java's Character.digit(char,
// 10) does, or -1. Unicode decimal digits (category Nd) come in contiguous
// runs of ten, zero first; outside the BMP Java sees two surrogate code
// units, neither a digit.
func javaDigit(r rune) int {
	if r >= '0' && r <= '9' {
		return int(r - '0')
	}
	if r < 0x80 || r > 0xFFFF || !unicode.Is(unicode.Nd, r) {
		return -1
	}
	zero := r
	for unicode.Is(unicode.Nd, zero-1) {
		zero--
	}
	return int(r-zero) % 10
}
