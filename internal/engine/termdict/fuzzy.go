package termdict

import (
	"fmt"
	"unicode/utf8"
)

// MaxEdits is the largest edit distance a fuzzy query accepts, as Lucene's
// LevenshteinAutomata.MAXIMUM_SUPPORTED_DISTANCE.
const MaxEdits = 2

// FuzzyAutomaton accepts the terms within a number of edits of a query term,
// as Lucene's FuzzyQuery defines them: the first prefixLen code points must
// be equal; the rest is compared by edit distance in code points, counting a
// transposition of adjacent code points as one edit if asked (optimal string
// alignment, like Lucene's LevenshteinAutomata and EditDistance). Only
// well-formed UTF-8 terms match.
//
// It is a lazily built DFA: states are created the first time the FST walk
// reaches them and then cached, so reusing one automaton across the segments
// of a query (as Lucene shares its automata) costs nothing more, and a query
// only pays for the states its terms visit. That mutable cache makes it
// unsafe for concurrent use: create one per goroutine (creation is cheap).
type FuzzyAutomaton struct {
	dfa *levDFA
}

// CompileFuzzy returns the automaton for a fuzzy query term. It returns an
// error for maxEdits outside 0..MaxEdits or a negative prefixLen. The term
// is read as UTF-8, an invalid byte counting as one U+FFFD as when ranging
// over a Go string (Lucene's query terms are Java strings, always
// well-formed, so this case does not arise there).
func CompileFuzzy(term string, maxEdits int, transpositions bool, prefixLen int) (*FuzzyAutomaton, error) {
	if maxEdits < 0 || maxEdits > MaxEdits {
		return nil, fmt.Errorf("termdict: maxEdits must be between 0 and %d, got %d", MaxEdits, maxEdits)
	}
	if prefixLen < 0 {
		return nil, fmt.Errorf("termdict: prefixLen cannot be negative, got %d", prefixLen)
	}
	return &FuzzyAutomaton{dfa: newLevDFA([]rune(term), maxEdits, transpositions, prefixLen)}, nil
}

// Fuzzy returns an iterator over the terms within maxEdits edits of term
// (see FuzzyAutomaton), in byte order, each with its exact distance
// (Iterator.Distance). It yields every such term; choosing the expansions
// to keep (Lucene's max_expansions, best first) is the caller's business.
func (d *Dict) Fuzzy(term string, maxEdits int, transpositions bool, prefixLen int) (*Iterator, error) {
	a, err := CompileFuzzy(term, maxEdits, transpositions, prefixLen)
	if err != nil {
		return nil, err
	}
	return d.Intersect(a), nil
}

// Intersect returns an iterator over the terms a accepts, like Lucene's
// Terms.intersect. The iterator uses a until it is reset.
func (d *Dict) Intersect(a *FuzzyAutomaton) *Iterator {
	it := new(Iterator)
	it.ResetIntersect(d, a)
	return it
}

// ResetIntersect positions the iterator before the terms of d that a
// accepts.
func (it *Iterator) ResetIntersect(d *Dict, a *FuzzyAutomaton) {
	it.reset(d, nil, nil, a)
}

// Distance returns the edit distance of term from the query term (after
// the prefix), or -1 if term does not match.
func (a *FuzzyAutomaton) Distance(term []byte) int {
	if !utf8.Valid(term) {
		return -1
	}
	return a.distanceOf(term)
}

func (a *FuzzyAutomaton) distanceOf(term []byte) int {
	d := a.dfa
	s := d.Start()
	for _, b := range term {
		if s = d.Accept(s, b); s == deadState {
			return -1
		}
	}
	dist := int(d.states[s].dist)
	if invariants && dist >= 0 && utf8.Valid(term) {
		d.checkDistance(term, dist)
	}
	return dist
}

// The automaton.
//
// States at code point boundaries ("char states") follow the dynamic
// programming matrix of the edit distance row by row, one row per code
// point of the candidate consumed, as Lucene's and vellum's Levenshtein
// automata do in precomputed parametric form. Only the cells within maxEdits
// of the diagonal can still lead to a match (Ukkonen's band), and values
// above maxEdits are all alike, so a state is: the number j of code points
// consumed, the band of row j (2·maxEdits+1 values capped at maxEdits+1),
// and, with transpositions, the band of "transposition candidates" for row
// j+1 — the value d[i−2][j−1]+1 where query[i−1] equals the last code point
// consumed, usable if the next code point equals query[i−2]. That is exactly
// the optimal-string-alignment recurrence, so the automaton accepts a term iff
// EditDistance ≤ maxEdits, and the state reached gives the distance.
//
// vellum drives automata byte by byte, so multi-byte code points pass
// through "partial" states that remember the bytes seen while they can still
// spell a query code point, and only how many bytes remain once they cannot
// (every code point the query does not contain acts alike). Bytes are mapped
// to classes first — each byte of the query's encoding alone, the rest by
// their role in UTF-8 — so each state's transition table has a few entries,
// filled on first use.

const (
	bandCap   = 2*MaxEdits + 1
	deadState = 0
)

type stateKind uint8

const (
	kindDead stateKind = iota
	kindPrefix
	kindChar
	kindPartial
)

// charKey identifies a char state; see the comment above. Unused band
// entries (maxEdits < MaxEdits) stay 0.
type charKey struct {
	j int32
	r [bandCap]uint8 // row j at query positions j−k … j+k
	t [bandCap]uint8 // transposition candidates at j+1−k … j+1+k
}

// partialKey identifies a state inside a multi-byte code point.
type partialKey struct {
	parent int32   // the char state before the code point
	buf    [3]byte // the bytes seen, if they can still spell a query code point
	n      uint8   // bytes seen
	need   uint8   // the code point's encoded length
	other  bool    // the bytes spell no query code point: buf is unused
}

type dstate struct {
	kind stateKind
	dist int8  // char states: the distance if a match, else -1
	pos  int32 // prefix states: bytes of the prefix matched
	key  charKey
	part partialKey
}

// levDFA implements vellum.Automaton.
type levDFA struct {
	q      []rune // the query after the prefix
	k      int
	trans  bool
	prefix []byte // the prefix, UTF-8
	start  int    // the prefix's first state, or levStart without a prefix
	// levStart is the char state before any code point of the suffix.
	levStart int

	class  [256]uint8
	nclass int
	qbytes map[string]bool // every prefix of every query code point's encoding

	states  []dstate
	next    []int32 // next[s*nclass+class]; -1 = not computed yet
	charIDs map[charKey]int32
	partIDs map[partialKey]int32
}

// Byte roles for the classes of bytes the query does not contain.
const (
	roleASCII = iota
	roleCont
	roleLead2
	roleLead3
	roleLead4
	roleInvalid
	numRoles
)

func byteRole(b byte) int {
	switch {
	case b < 0x80:
		return roleASCII
	case b < 0xc0:
		return roleCont
	case b < 0xc2:
		return roleInvalid // overlong two-byte leads
	case b < 0xe0:
		return roleLead2
	case b < 0xf0:
		return roleLead3
	case b < 0xf5:
		return roleLead4
	default:
		return roleInvalid
	}
}

func newLevDFA(term []rune, k int, trans bool, prefixLen int) *levDFA {
	if prefixLen > len(term) {
		prefixLen = len(term)
	}
	d := &levDFA{
		q:       term[prefixLen:],
		k:       k,
		trans:   trans,
		prefix:  []byte(string(term[:prefixLen])),
		qbytes:  make(map[string]bool),
		charIDs: make(map[charKey]int32),
		partIDs: make(map[partialKey]int32),
	}
	// Byte classes: numRoles shared classes, then one per distinct byte of
	// the prefix and query encodings.
	for b := range 256 {
		d.class[b] = uint8(byteRole(byte(b)))
	}
	d.nclass = numRoles
	own := func(b byte) {
		if int(d.class[b]) < numRoles {
			d.class[b] = uint8(d.nclass)
			d.nclass++
		}
	}
	for _, b := range d.prefix {
		own(b)
	}
	var enc [utf8.UTFMax]byte
	for _, r := range d.q {
		n := utf8.EncodeRune(enc[:], r)
		for i := range n {
			own(enc[i])
			d.qbytes[string(enc[:i+1])] = true
		}
	}
	d.addState(dstate{kind: kindDead, dist: -1})
	for i := range d.prefix {
		d.addState(dstate{kind: kindPrefix, dist: -1, pos: int32(i)})
	}
	var init charKey
	inf := uint8(k + 1)
	for x := range 2*k + 1 {
		if i := x - k; i >= 0 && i <= len(d.q) {
			init.r[x] = uint8(i)
		} else {
			init.r[x] = inf
		}
		init.t[x] = inf
	}
	d.levStart = d.charState(init)
	d.start = d.levStart
	if len(d.prefix) > 0 {
		d.start = 1 // prefix states are numbered in order from 1
	}
	return d
}

func (d *levDFA) addState(s dstate) int {
	d.states = append(d.states, s)
	for range d.nclass {
		d.next = append(d.next, -1)
	}
	return len(d.states) - 1
}

func (d *levDFA) charState(key charKey) int {
	if id, ok := d.charIDs[key]; ok {
		return int(id)
	}
	dist := int8(-1)
	if v := d.get(&key.r, key.j, len(d.q)); v <= d.k {
		dist = int8(v)
	}
	id := d.addState(dstate{kind: kindChar, dist: dist, key: key})
	d.charIDs[key] = int32(id)
	return id
}

func (d *levDFA) partialState(key partialKey) int {
	if key.other {
		key.buf = [3]byte{}
	}
	if id, ok := d.partIDs[key]; ok {
		return int(id)
	}
	id := d.addState(dstate{kind: kindPartial, dist: -1, part: key})
	d.partIDs[key] = int32(id)
	return id
}

// get returns the value at query position i of a band that starts at
// position base−k (row base, or the transposition band of row base−1), or
// k+1 outside it.
func (d *levDFA) get(band *[bandCap]uint8, base int32, i int) int {
	x := i - int(base) + d.k
	if x < 0 || x > 2*d.k {
		return d.k + 1
	}
	return int(band[x])
}

// Start implements vellum.Automaton.
func (d *levDFA) Start() int { return d.start }

// IsMatch implements vellum.Automaton.
func (d *levDFA) IsMatch(s int) bool { return d.states[s].dist >= 0 }

// CanMatch implements vellum.Automaton: every state but the dead one can
// still reach a match (a char state with a band value ≤ k can; partial and
// prefix states lead to char states).
func (d *levDFA) CanMatch(s int) bool { return s != deadState }

// WillAlwaysMatch implements vellum.Automaton.
func (d *levDFA) WillAlwaysMatch(int) bool { return false }

// Accept implements vellum.Automaton.
func (d *levDFA) Accept(s int, b byte) int {
	i := s*d.nclass + int(d.class[b])
	if n := d.next[i]; n >= 0 {
		return int(n)
	}
	n := d.step(s, b)
	d.next[i] = int32(n) // step may have grown d.next; i still indexes it
	return n
}

// step computes a transition. All bytes of one class give the same result.
func (d *levDFA) step(s int, b byte) int {
	st := d.states[s] // a copy: creating states below grows d.states
	switch st.kind {
	case kindPrefix:
		if b != d.prefix[st.pos] {
			return deadState
		}
		if int(st.pos)+1 < len(d.prefix) {
			return s + 1
		}
		return d.levStart
	case kindChar:
		var need uint8
		switch byteRole(b) {
		case roleASCII:
			return d.charStep(s, rune(b))
		case roleLead2:
			need = 2
		case roleLead3:
			need = 3
		case roleLead4:
			need = 4
		default:
			return deadState // a continuation or invalid byte cannot start a code point
		}
		key := partialKey{parent: int32(s), n: 1, need: need}
		key.buf[0] = b
		key.other = !d.qbytes[string(key.buf[:1])]
		return d.partialState(key)
	case kindPartial:
		if byteRole(b) != roleCont {
			return deadState
		}
		key := st.part
		if !key.other {
			var enc [utf8.UTFMax]byte
			copy(enc[:], key.buf[:key.n])
			enc[key.n] = b
			spelled := enc[:key.n+1]
			if !d.qbytes[string(spelled)] {
				key.other = true
			} else if key.n+1 == key.need {
				r, _ := utf8.DecodeRune(spelled)
				return d.charStep(int(key.parent), r)
			} else {
				key.buf[key.n] = b
			}
		}
		key.n++
		if key.n == key.need {
			return d.charStep(int(key.parent), -1) // a code point the query does not hold
		}
		return d.partialState(key)
	}
	return deadState
}

// charStep consumes code point c (−1 for one the query does not contain)
// from char state s: one row of the recurrence, restricted to the band.
func (d *levDFA) charStep(s int, c rune) int {
	old := d.states[s].key
	k, m := d.k, len(d.q)
	inf := k + 1
	nj := old.j + 1
	next := charKey{j: nj}
	best := inf
	for x := range 2*k + 1 {
		i := int(nj) - k + x
		v := inf
		switch {
		case i < 0 || i > m:
		case i == 0:
			v = min(int(nj), inf)
		default:
			v = d.get(&old.r, old.j, i-1) // substitution or match
			if d.q[i-1] != c {
				v++
			}
			v = min(v, d.get(&old.r, old.j, i)+1) // c inserted
			if x > 0 {
				v = min(v, int(next.r[x-1])+1) // query[i−1] deleted
			}
			if d.trans && i >= 2 && d.q[i-2] == c {
				v = min(v, d.get(&old.t, nj, i)) // c and the previous one swapped
			}
			v = min(v, inf)
		}
		next.r[x] = uint8(v)
		best = min(best, v)
	}
	if best > k {
		// Dead: a transposition candidate ≤ k would need a row-j value
		// ≤ k−1, which makes some value of this row ≤ k.
		return deadState
	}
	for x := range 2*k + 1 {
		v := inf
		if i := int(nj) + 1 - k + x; d.trans && i >= 2 && i <= m && d.q[i-1] == c {
			v = min(d.get(&old.r, old.j, i-2)+1, inf)
		}
		next.t[x] = uint8(v)
	}
	return d.charState(next)
}

// checkDistance compares the automaton's distance with EditDistance; it
// runs only with the invariants build tag.
func (d *levDFA) checkDistance(term []byte, got int) {
	p := []rune(string(term))
	np := len([]rune(string(d.prefix)))
	if len(p) < np || string(p[:np]) != string(d.prefix) {
		panic(fmt.Sprintf("termdict: fuzzy automaton matched %q without the prefix %q", term, d.prefix))
	}
	if want := EditDistance(string(d.q), string(p[np:]), d.trans); want != got {
		panic(fmt.Sprintf("termdict: fuzzy automaton says %q is at distance %d from %q, EditDistance says %d",
			term, got, string(d.q), want))
	}
}
