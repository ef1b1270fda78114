package clausetype

import (
	"bytes"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/contract/sentence"
)

// The text rules run on every clause of every contract the parser reads,
// so their cost is the parser's: checking each rule's cues with
// strings.Contains on each sentence took as long as the rest of parsing.
// Instead one pass of an Aho–Corasick automaton over the normalised text
// finds every cue and pattern literal of every rule at once and gives each
// sentence the set of literals it holds; the rules then test bits, and a
// regular expression runs only on a sentence holding a literal of each of
// its rule's cue groups and one of its own. The result is what
// refTextTypes in the tests gives: the same literals on the same
// sentences, found faster.

// litSet is a set of literal ids.
type litSet [12]uint64

const maxLiterals = len(litSet{}) * 64

func (s *litSet) add(id int) { s[id/64] |= 1 << (id % 64) }

func (s *litSet) or(o *litSet) {
	for i := range s {
		s[i] |= o[i]
	}
}

func (s *litSet) meets(o *litSet) bool {
	var m uint64
	for i := range s {
		m |= s[i] & o[i]
	}
	return m != 0
}

func (s *litSet) empty() bool { return *s == litSet{} }
func (s *litSet) meetsAll(gs []litSet) bool {
	for i := range gs {
		if !s.meets(&gs[i]) {
			return false
		}
	}
	return true
}

// compiledRule is a rule with its cue groups and pattern literals as sets.
type compiledRule struct {
	slug     string
	cues     []litSet
	needs    [][]litSet
	patterns []*pattern
}

// automaton is a deterministic Aho–Corasick automaton over byte classes,
// read on the raw text as if it were normalised (normText): upper and
// lower case of a letter share a class, white space is one class stepped
// once per run, and the bytes no literal holds are class 0, which leads
// back to the root. States are stored premultiplied by the number of
// classes, so a step is one load.
type automaton struct {
	class   [256]uint8
	classes int
	space   uint8    // the class of " "
	next    []uint32 // next[state+class]: state premultiplied, | found if literals end there
	out     []litSet // out[outAt[state]]: the literals found on reaching it
	outAt   []uint16 // by premultiplied state
}

// found marks a transition into a state where literals end; the flag
// rides on the transition so the scan reads one table per byte.
const found = 1 << 31

// Byte classes above every literal byte's: the scan handles them itself.
const (
	classWhite = 0xfd
	classSep   = 0xfe
	classMulti = 0xff // a byte of a multi-byte rune
)

type compiled struct {
	rules []compiledRule
	ac    automaton
}

var compile = sync.OnceValue(func() *compiled {
	ids := map[string]int{}
	var lits []string
	set := func(words []string) litSet {
		var s litSet
		for _, w := range words {
			id, ok := ids[w]
			if !ok {
				id = len(lits)
				if id >= maxLiterals {
					panic("clausetype: more than maxLiterals rule literals")
				}
				ids[w] = id
				lits = append(lits, w)
			}
			s.add(id)
		}
		return s
	}
	c := &compiled{}
	for _, r := range rules {
		cr := compiledRule{slug: r.slug}
		for _, g := range r.cues {
			cr.cues = append(cr.cues, set(g))
		}
		for i, p := range r.patterns {
			var needs []litSet
			for _, g := range p.needs {
				needs = append(needs, set(g))
			}
			cr.needs = append(cr.needs, needs)
			cr.patterns = append(cr.patterns, &r.patterns[i])
		}
		c.rules = append(c.rules, cr)
	}
	c.ac = newAutomaton(lits)
	return c
})

func newAutomaton(lits []string) automaton {
	var a automaton
	a.classes = 1
	for _, l := range lits {
		for i := 0; i < len(l); i++ {
			if c := l[i]; a.class[c] == 0 {
				if c >= utf8.RuneSelf || c == '.' || c == ';' || 'A' <= c && c <= 'Z' || c != ' ' && byteKind[c] == white {
					panic("clausetype: rule literal " + l + " is not normalised ASCII")
				}
				a.class[c] = uint8(a.classes)
				a.classes++
			}
		}
	}
	k := a.classes
	// trie, states numbered 0, 1, 2 …
	next := make([]int, k)
	out := make([]litSet, 1)
	for id, l := range lits {
		s := 0
		for i := 0; i < len(l); i++ {
			c := int(a.class[l[i]])
			if next[s*k+c] == 0 {
				next = append(next, make([]int, k)...)
				out = append(out, litSet{})
				next[s*k+c] = len(out) - 1
			}
			s = next[s*k+c]
		}
		out[s].add(id)
	}
	// breadth first: failure links, outputs through them, and the missing
	// transitions filled from the failure state's
	fail := make([]int, len(out))
	var queue []int
	for c := 0; c < k; c++ {
		if t := next[c]; t != 0 {
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for c := 1; c < k; c++ {
			t := next[s*k+c]
			if t == 0 {
				next[s*k+c] = next[fail[s]*k+c]
				continue
			}
			fail[t] = next[fail[s]*k+c]
			out[t].or(&out[fail[t]])
			queue = append(queue, t)
		}
	}
	if len(out) > 1<<16 {
		panic("clausetype: rule literals too many for the automaton")
	}
	a.next = make([]uint32, len(next))
	for i, t := range next {
		a.next[i] = uint32(t * k)
		if !out[t].empty() {
			a.next[i] |= found
		}
	}
	a.out = out
	a.outAt = make([]uint16, len(next))
	for st := range out {
		a.outAt[st*k] = uint16(st)
	}
	a.space = a.class[' ']
	// letters are read in either case; white space and the separators
	// are the scan's
	for c := 'A'; c <= 'Z'; c++ {
		a.class[c] = a.class[c+'a'-'A']
	}
	for c := range 256 {
		switch {
		case c >= utf8.RuneSelf:
			a.class[c] = classMulti
		case byteKind[c] == white:
			a.class[c] = classWhite
		case c == '.' || c == ';':
			a.class[c] = classSep
		}
	}
	return a
}

// part is one sentence or clause part of a text, between a period that
// ends a sentence (sentence.EndsAt) and ";", with the literals its
// normalised form holds; the periods inside it ("Section 2.3", "U.S.",
// "Inc.") are left out of that form, so a pattern's [^.;] reads across
// them. start and end are offsets
// in the raw text; lead and trail say whether the normalised part starts
// or ends with the space of a white space run.
type part struct {
	start, end  int
	lead, trail bool
	lits        litSet
}

// scratch is the buffers of one textTypes call, pooled: the parser types
// every clause, and allocating them each time was a good part of the cost.
type scratch struct {
	text  []byte
	parts []part
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// textTypes returns the types the text rules find in a section's text, in
// rule order. The patterns never cross a "." or ";" ([^.;] between their
// words), so they run on the text's sentences and clause parts, and each
// only on those holding its literals; only those parts are normalised.
func textTypes(text string) []string {
	if text == "" {
		return nil
	}
	c := compile()
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	var all litSet
	sc.parts = c.ac.scan(text, sc.parts[:0], &all)
	if all.empty() {
		return nil
	}
	var out []string
	for i := range c.rules {
		r := &c.rules[i]
		if all.meetsAll(r.cues) && r.matches(text, sc) {
			out = append(out, r.slug)
		}
	}
	return out
}

// byteKind sorts ASCII bytes for normalisation: white space as
// strings.Fields knows it, anything else; every byte from utf8.RuneSelf
// up is nonASCII.
const (
	other = iota
	white
	nonASCII
)

var byteKind = func() (k [256]uint8) {
	for c := utf8.RuneSelf; c < 256; c++ {
		k[c] = nonASCII
	}
	for _, c := range " \n\t\r\v\f" {
		k[c] = white
	}
	return k
}()

// scan returns the parts of text that hold a literal in their normalised
// form, and adds every literal found to all. It reads text as normText
// would write it, without writing it: a white space run is one space,
// stepped only when a non-space byte follows (normText drops trailing
// space), a letter is its lower case, a rune beyond ASCII its lower case
// (unicode.ToLower, which maps a few to ASCII: "K" Kelvin sign to "k").
// No literal holds a "." or ";", so a match never crosses a part's end
// and the automaton restarts at the root after one.
func (a *automaton) scan(text string, parts []part, all *litSet) []part {
	next, out, outAt := a.next, a.out, a.outAt
	spaceClass := uint32(a.space)
	s := uint32(0)
	// leading white space is dropped; after it, every white space run is
	// stepped as one space, when the byte after it comes (trailing white
	// space is dropped too)
	i := skipSpace(text, 0)
	p := part{start: i}
	for ; i < len(text); i++ {
		cl := a.class[text[i]]
		if cl >= classWhite {
			switch cl {
			case classSep:
				if text[i] == '.' && !sentence.EndsAt(text, i) {
					continue // "Section 2.3", "U.S.", "Inc.": read as if the period were not there
				}
				if !p.lits.empty() {
					p.end = i
					p.lead = p.start > 0 && isSpaceAt(text, p.start)
					p.trail = i > p.start && isSpaceBefore(text, i)
					parts = append(parts, p)
					all.or(&p.lits)
				}
				p = part{start: i + 1}
				s = 0
				continue
			case classMulti:
				r, n := utf8.DecodeRuneInString(text[i:])
				if !unicode.IsSpace(r) {
					i += n - 1
					cl = 0
					if lr := unicode.ToLower(r); lr < utf8.RuneSelf {
						cl = a.class[lr]
					}
					break
				}
				fallthrough
			case classWhite:
				j := i + 1
				if j == len(text) || a.class[text[j]] >= classWhite {
					j = skipSpace(text, i)
				}
				if j == len(text) {
					i = j
					continue
				}
				i = j - 1
				if s = next[s+spaceClass]; s&found != 0 {
					s &^= found
					p.lits.or(&out[outAt[s]])
				}
				continue
			}
		}
		if s = next[s+uint32(cl)]; s&found != 0 {
			s &^= found
			p.lits.or(&out[outAt[s]])
		}
	}
	if !p.lits.empty() {
		p.end = len(text)
		p.lead = p.start > 0 && isSpaceAt(text, p.start)
		parts = append(parts, p)
		all.or(&p.lits)
	}
	return parts
}

// skipSpace returns the end of the white space run of text at i (i when
// there is none): ASCII white space and Unicode's, as strings.Fields
// knows them.
func skipSpace(text string, i int) int {
	for i < len(text) {
		if c := text[i]; c < utf8.RuneSelf {
			if byteKind[c] != white {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsSpace(r) {
			return i
		}
		i += n
	}
	return i
}

// isSpaceAt reports whether text holds white space at i.
func isSpaceAt(text string, i int) bool { return skipSpace(text, i) > i }

// isSpaceBefore reports whether the rune of text before i is white space.
func isSpaceBefore(text string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(text[:i])
	return unicode.IsSpace(r)
}

// norm appends the normalised form of the part of text to b.
func (p *part) norm(b []byte, text string) []byte {
	if p.lead {
		b = append(b, ' ')
	}
	n := len(b)
	b = appendNorm(b, text[p.start:p.end])
	b = dropPeriods(b, n)
	if p.trail {
		b = append(b, ' ')
	}
	return b
}

// dropPeriods removes the periods from b[from:]: those inside a part
// end no sentence.
func dropPeriods(b []byte, from int) []byte {
	if bytes.IndexByte(b[from:], '.') < 0 {
		return b
	}
	out := b[:from]
	for _, c := range b[from:] {
		if c != '.' {
			out = append(out, c)
		}
	}
	return out
}

// matches runs the rule's patterns on the parts holding one literal of
// each of its cue groups and one of the pattern's.
func (r *compiledRule) matches(text string, sc *scratch) bool {
	for i := range sc.parts {
		p := &sc.parts[i]
		if !p.lits.meetsAll(r.cues) {
			continue
		}
		var t []byte
		for j, re := range r.patterns {
			if !p.lits.meetsAll(r.needs[j]) {
				continue
			}
			if t == nil {
				sc.text = p.norm(sc.text[:0], text)
				t = sc.text
			}
			if re.hit(t) {
				return true
			}
		}
	}
	return false
}

// normText is the text the patterns read: lower case, white space runs as
// single spaces.
func normText(text string) string { return string(appendNorm(nil, text)) }

// appendNorm appends normText of text to b: ASCII byte by byte, any
// other text through strings.ToLower and strings.Fields, which know
// Unicode's cases and spaces.
func appendNorm(b []byte, text string) []byte {
	start := len(b)
	space := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c >= utf8.RuneSelf {
			b = b[:start]
			for j, f := range strings.Fields(strings.ToLower(text)) {
				if j > 0 {
					b = append(b, ' ')
				}
				b = append(b, f...)
			}
			return b
		}
		switch {
		case c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f':
			space = len(b) > start
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		if space {
			b = append(b, ' ')
			space = false
		}
		b = append(b, c)
	}
	return b
}
