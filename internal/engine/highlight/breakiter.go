package highlight

import (
	"slices"
	"sort"
	"unicode/utf16"
)

// This file is a port of the JDK's sun.text.RuleBasedBreakIterator, the
// implementation behind java.text.BreakIterator.getSentenceInstance and
// getWordInstance for Locale.ROOT, which OpenSearch's unified highlighter
// uses to cut passages. The rules themselves are not re-derived here: the
// JDK compiles them into state tables at build time, and breakdata.go holds
// those tables, printed from a JDK by testdata/reference/BreakTables.java.
// What this file reproduces is the JDK's iteration algorithm over them, down
// to its quirks, because the highlighter's passages depend on them:
//
//   - following and preceding start from a "safe" position found by running
//     the backwards table (handlePrevious), or from the last break the
//     iterator returned (cachedLastKnownBreak) when that is before the
//     offset, and then run forwards. The answer can depend on that history,
//     so the iterator keeps it exactly as Java does.
//   - Text is UTF-16, as a Java String: offsets count code units, and
//     surrogate pairs are read as one code point.
//   - U+FFFF reads as CharacterIterator.DONE and ends a scan, as in Java.

// ruleData is one compiled rule set of the JDK: state tables indexed by
// state*numCategories+category, and the category of every code point.
type ruleData struct {
	numCategories   int
	forward         []int16
	backward        []int16
	endStates       []bool
	lookaheadStates []bool
	ranges          []catRange
	ascii           [128]int8
	// stateFlags[s] is endStates[s] and lookaheadStates[s] as the bits
	// flagEnd and flagLookahead.
	stateFlags []uint8
	// step is forward for handleNext's loop, one load per character: entry
	// s·numCategories+cat holds the next state's row (its number times
	// numCategories) in the low 16 bits and its stateFlags above.
	step []int32
	// forced[a·numCategories+b] says that a character of category b after
	// one of category a is a break every forward run from before it stops
	// at (see computeForced).
	forced []bool
	// loops[row], for the row in step of a state other than stopState, is
	// nil or the ASCII characters that leave the state as it is (their
	// category loops back to it or is ignored). A run of them changes
	// nothing but where handleNext's result is: a sentence stays in the
	// start state until a '.', '!' or '?', and runNext crosses such runs
	// in one tight loop.
	loops []*asciiSet
	// quietBack[b] says that the ASCII character b never ends a backward
	// run (handlePrevious) nor moves it to a doomed state (one every
	// character ends the run from: the sentence rules' state after a
	// '.', '!' or '?' in some contexts), from any state that is not
	// doomed. syncBack[b] is the state every such state moves to on b, or
	// -1 when that depends on the state. A sentence's backward run stops
	// only around a '.', '!', '?' or a paragraph separator, and after a
	// letter or a digit its state no longer depends on what came before:
	// handlePrevious crosses the quiet characters between in one tight
	// loop and works out the state from the last synchronizing one.
	quietBack asciiSet
	syncBack  [128]int16
	doomed    []bool
	// forcedScan is how far back forcedBreak looks for such a pair: word
	// breaks are forced every few characters; the sentence rules only
	// after U+2029 or a ! or ? directly followed by a word, which contracts
	// hardly have, so looking for them would cost more than it saves.
	forcedScan int
}

const (
	flagEnd uint8 = 1 << iota
	flagLookahead
)

// catRange says that code points from lo up to the next range's lo have
// category cat (-1 means ignored by the rules).
type catRange struct {
	lo  rune
	cat int8
}

func init() {
	for _, d := range []*ruleData{sentenceData, wordData} {
		for c := range d.ascii {
			d.ascii[c] = d.lookupSlow(rune(c))
		}
		d.stateFlags = make([]uint8, len(d.endStates))
		for s := range d.stateFlags {
			if d.endStates[s] {
				d.stateFlags[s] |= flagEnd
			}
			if d.lookaheadStates[s] {
				d.stateFlags[s] |= flagLookahead
			}
		}
		d.step = make([]int32, len(d.forward))
		for i, next := range d.forward {
			d.step[i] = int32(next)*int32(d.numCategories) | int32(d.stateFlags[next])<<16
		}
		d.computeForced()
		d.computeLoops()
		d.computeQuiet()
	}
	wordData.forcedScan = 64
}

// computeForced fills d.forced: the category pairs (a, b), neither
// ignored, after which the forward table stops from every state. A run
// (handleNext) from before such a pair then never returns past the b
// character: it stops there at the latest, its result (and lookahead
// result) being positions it has reached. Runs only move forward, so the
// chain of breaks from any position before the pair passes the b
// character itself: a walk from further back can start there instead.
// The stop state must flag nothing, or stopping would set a result.
func (d *ruleData) computeForced() {
	nc := d.numCategories
	d.forced = make([]bool, nc*nc)
	if d.stateFlags[stopState] != 0 {
		return
	}
	states := len(d.forward) / nc
	for a := range nc {
		for b := range nc {
			forced := true
			for s := 0; s < states && forced; s++ {
				if s == stopState {
					continue
				}
				t := int(d.forward[s*nc+a])
				forced = t == stopState || int(d.forward[t*nc+b]) == stopState
			}
			d.forced[a*nc+b] = forced
		}
	}
}

// asciiSet is a set of ASCII characters, with what crossing a run of them
// four UTF-16 units a step takes when at most three ASCII characters are
// not in it (the sentence rules' runs end at '.', '!' and '?').
type asciiSet struct {
	has  [128]bool
	swar bool
	// others repeats, in each 16-bit lane, an ASCII character that is not
	// in the set (unused entries repeat U+FFFF, which never passes).
	others [3]uint64
}

// lanes has the lowest bit of each 16-bit lane of a word set: lanes*u
// repeats the unit u four times.
const lanes = 0x0001_0001_0001_0001

func newASCIISet(has [128]bool) *asciiSet {
	s := &asciiSet{has: has, others: [3]uint64{lanes * 0xFFFF, lanes * 0xFFFF, lanes * 0xFFFF}}
	n := 0
	for c, in := range has {
		if !in {
			if n == len(s.others) {
				return s
			}
			s.others[n] = lanes * uint64(c)
			n++
		}
	}
	s.swar = true
	return s
}

// all4 reports whether the four units of w are in the set: ASCII, and
// equal to none of the others. (v-lanes)&^v&(lanes<<15) is not zero
// exactly when a lane of v is zero.
func (s *asciiSet) all4(w uint64) bool {
	const high = lanes << 15
	v0, v1, v2 := w^s.others[0], w^s.others[1], w^s.others[2]
	bad := w&(lanes*0xFF80) | (v0-lanes)&^v0&high | (v1-lanes)&^v1&high | (v2-lanes)&^v2&high
	return bad == 0
}

// runEnd returns the end of the run of the set's characters in text that
// starts at i.
func (s *asciiSet) runEnd(text []uint16, i int) int {
	if s.swar {
		for i+4 <= len(text) {
			t := text[i : i+4 : i+4]
			if !s.all4(uint64(t[0]) | uint64(t[1])<<16 | uint64(t[2])<<32 | uint64(t[3])<<48) {
				break
			}
			i += 4
		}
	}
	for i < len(text) && text[i] < 128 && s.has[text[i]] {
		i++
	}
	return i
}

// runStart returns the start, floor at the lowest, of the run of the
// set's characters in text that ends at hi.
func (s *asciiSet) runStart(text []uint16, hi, floor int) int {
	lo := hi
	if s.swar {
		for lo-4 >= floor {
			t := text[lo-4 : lo : lo]
			if !s.all4(uint64(t[0]) | uint64(t[1])<<16 | uint64(t[2])<<32 | uint64(t[3])<<48) {
				break
			}
			lo -= 4
		}
	}
	for lo > floor && text[lo-1] < 128 && s.has[text[lo-1]] {
		lo--
	}
	return lo
}

// computeLoops fills d.loops.
func (d *ruleData) computeLoops() {
	nc := d.numCategories
	d.loops = make([]*asciiSet, len(d.forward))
	for s := range len(d.forward) / nc {
		if s == stopState {
			continue
		}
		var set [128]bool
		any := false
		for c := range set {
			cat := int(d.ascii[c])
			if cat == ignoreCat || int(d.forward[s*nc+cat]) == s {
				set[c], any = true, true
			}
		}
		if any {
			d.loops[s*nc] = newASCIISet(set)
		}
	}
}

// computeQuiet fills d.quietBack, d.syncBack and d.doomed.
func (d *ruleData) computeQuiet() {
	nc := d.numCategories
	states := len(d.backward) / nc
	d.doomed = make([]bool, states)
	for s := range states {
		doomed := s != stopState
		for c := range nc {
			doomed = doomed && d.backward[s*nc+c] == stopState
		}
		d.doomed[s] = doomed
	}
	var quietBack [128]bool
	defer func() { d.quietBack = *newASCIISet(quietBack) }()
	for b := range quietBack {
		d.syncBack[b] = -1
		cat := int(d.ascii[b])
		if cat == ignoreCat {
			continue
		}
		quiet, sync := true, -1
		for s := range states {
			if s == stopState || d.doomed[s] {
				continue
			}
			next := int(d.backward[s*nc+cat])
			quiet = quiet && next != stopState && !d.doomed[next]
			switch {
			case sync == -1:
				sync = next
			case sync != next:
				sync = -2
			}
		}
		quietBack[b] = quiet
		if quiet && sync >= 0 {
			d.syncBack[b] = int16(sync)
		}
	}
}

// forcedBreak returns the last position q in (lo, hi], less than the rule
// set's forcedScan units before hi, where a forced pair of BMP characters
// meets (q-1 and q), or -1. Every chain of breaks from lo reaching beyond
// q passes q.
func (it *ruleIter) forcedBreak(lo, hi int) int {
	d, text := it.d, it.text
	hi = min(hi, len(text)-1)
	for q := hi; q > lo && q > 0 && q > hi-d.forcedScan; q-- {
		u1, u2 := int(text[q-1]), int(text[q])
		if u1 >= 0xD800 && u1 <= 0xDFFF || u2 >= 0xD800 && u2 <= 0xDFFF || u1 == ciDone || u2 == ciDone {
			continue
		}
		a, b := d.category(u1), d.category(u2)
		if a != ignoreCat && b != ignoreCat && d.forced[a*d.numCategories+b] {
			return q
		}
	}
	return -1
}

func (d *ruleData) lookupSlow(c rune) int8 {
	i := sort.Search(len(d.ranges), func(i int) bool { return d.ranges[i].lo > c }) - 1
	return d.ranges[i].cat
}

// category is RuleBasedBreakIterator.lookupCategory.
func (d *ruleData) category(c int) int {
	if c < 128 {
		return int(d.ascii[c])
	}
	return int(d.lookupSlow(rune(c)))
}

const (
	// breakDone is BreakIterator.DONE.
	breakDone = -1
	// ciDone is CharacterIterator.DONE, the char a character iterator
	// returns outside its text.
	ciDone     = 0xFFFF
	startState = 1
	stopState  = 0
	ignoreCat  = -1
)

// ruleIter is a RuleBasedBreakIterator over a UTF-16 text, with the state a
// Java instance carries between calls: the position of its character
// iterator and the last break it computed.
type ruleIter struct {
	d      *ruleData
	text   []uint16
	pos    int
	cached int // cachedLastKnownBreak

	// nextFrom, when not nil, remembers handleNext's answer for each
	// position it started from in this text. handleNext's answer depends
	// on its starting position and the text only, so a remembered answer
	// is the one a new run would give; the iterator's history (which
	// positions it starts from) is unchanged. It pays for sentences: the
	// JDK's backward sentence rules often back up thousands of characters,
	// and the forward runs from there repeat the same sentence chain for
	// every passage of a long value.
	nextFrom map[int]int
	// prevAt, with nextFrom, remembers handlePrevious's backward runs:
	// entry k is a state the run was in at position k·prevMemoEvery and
	// where that run ended. The rest of a run depends only on its position,
	// state and last category there, so a later run reaching the same
	// position in the same state ends at the same place; the backward
	// sentence rules often run to the start of the text from everywhere.
	prevAt []prevMemo
	passed []prevPassed // scratch: the entries one run passed

	// literal turns off the forced-break shortcut of previous and
	// following (tests compare both ways). Without it they start their
	// forward walk at the last forced break (ruleData.forced) before the
	// offset rather than at the last break they know, which may be far
	// back: the chain of breaks passes the forced break either way, so the
	// answers are the same, but the word iterator used to walk every word
	// between one passage and the next.
	literal bool
}

// prevMemoEvery is the spacing of the positions ruleIter.prevAt remembers.
const prevMemoEvery = 32

// prevMemo is one remembered point of a backward run: in state with
// category the last category seen, the run ended at result.
type prevMemo struct {
	result   int32
	state    int16
	category int8
	set      bool
}

// prevPassed is a point a backward run passed, remembered at its end.
type prevPassed struct {
	slot     int
	state    int16
	category int8
}

func newRuleIter(d *ruleData) *ruleIter { return &ruleIter{d: d, cached: breakDone} }

// newMemoRuleIter is newRuleIter remembering its forward and backward runs
// (ruleIter.nextFrom, prevAt): worth it where runs are long and repeated,
// as for sentences, not for words, whose runs are a few characters.
func newMemoRuleIter(d *ruleData) *ruleIter {
	return &ruleIter{d: d, cached: breakDone, nextFrom: map[int]int{}}
}

// setText is setText(String): a fresh StringCharacterIterator at its start.
func (it *ruleIter) setText(text []uint16) {
	it.text = text
	it.pos = 0
	it.cached = breakDone
	clear(it.nextFrom)
	if it.nextFrom != nil {
		it.prevAt = slices.Grow(it.prevAt[:0], len(text)/prevMemoEvery+1)[:len(text)/prevMemoEvery+1]
		clear(it.prevAt)
	}
}

// The StringCharacterIterator operations.

func (it *ruleIter) ciCurrent() int {
	if it.pos < len(it.text) {
		return int(it.text[it.pos])
	}
	return ciDone
}

func (it *ruleIter) ciNext() int {
	if it.pos < len(it.text)-1 {
		it.pos++
		return int(it.text[it.pos])
	}
	it.pos = len(it.text)
	return ciDone
}

func (it *ruleIter) ciPrevious() int {
	if it.pos > 0 {
		it.pos--
		return int(it.text[it.pos])
	}
	return ciDone
}

func isHigh(c int) bool { return c >= 0xD800 && c <= 0xDBFF }
func isLow(c int) bool  { return c >= 0xDC00 && c <= 0xDFFF }

// getCurrent returns the code point at the iterator.
func (it *ruleIter) getCurrent() int {
	c1 := it.ciCurrent()
	if isHigh(c1) && it.pos < len(it.text) {
		c2 := it.ciNext()
		it.ciPrevious()
		if isLow(c2) {
			return int(utf16.DecodeRune(rune(c1), rune(c2)))
		}
	}
	return c1
}

func (it *ruleIter) currentCodePointCount() int {
	c1 := it.ciCurrent()
	if isHigh(c1) && it.pos < len(it.text) {
		c2 := it.ciNext()
		it.ciPrevious()
		if isLow(c2) {
			return 2
		}
	}
	return 1
}

// getNext moves to the next code point and returns it, or returns ciDone
// without moving when the current one is the last.
func (it *ruleIter) getNext() int {
	index := it.pos
	end := len(it.text)
	if index == end {
		return ciDone
	}
	if index += it.currentCodePointCount(); index >= end {
		return ciDone
	}
	it.pos = index
	return it.getCurrent()
}

// getPrevious moves to the previous code point and returns it.
func (it *ruleIter) getPrevious() int {
	c2 := it.ciPrevious()
	if isLow(c2) && it.pos > 0 {
		c1 := it.ciPrevious()
		if isHigh(c1) {
			return int(utf16.DecodeRune(rune(c1), rune(c2)))
		}
		it.ciNext()
	}
	return c2
}

// handleNext runs the forward state machine from the current position and
// returns the next break. It inlines getCurrent, getNext and getNextIndex:
// the code point c at pos spans two units exactly when it is supplementary.
func (it *ruleIter) handleNext() int {
	if it.nextFrom == nil {
		return it.runNext()
	}
	start := it.pos
	if r, ok := it.nextFrom[start]; ok {
		if r != breakDone {
			it.pos = r
		}
		return r
	}
	r := it.runNext()
	it.nextFrom[start] = r
	return r
}

// runNext is handleNext without the memo. It inlines getCurrent, getNext
// and getNextIndex: the code point c at pos spans two units exactly when it
// is supplementary, so the next one starts at pos+width ≤ len(text).
func (it *ruleIter) runNext() int {
	text := it.text
	n := len(text)
	if it.pos == n {
		return breakDone
	}
	d := it.d
	step := d.step
	pos := it.pos
	c := it.codePointAt(pos)
	width := 1
	if c > 0xFFFF {
		width = 2
	}
	result := pos + width
	lookaheadResult := 0
	// The state as its row in step (stopState's is 0) and its flags.
	row, f := startState*d.numCategories, d.stateFlags[startState]
	loops := d.loops
	for c != ciDone && row != stopState {
		if set := loops[row]; set != nil && c < 128 && set.has[c] {
			// A run of characters that leave the state as it is: each
			// step would only set result or lookaheadResult to the next
			// position (or result to lookaheadResult, which the run does
			// not change), so the last one's step is all of theirs.
			q := set.runEnd(text, pos+1)
			if f&flagLookahead != 0 {
				if f&flagEnd != 0 {
					result = lookaheadResult
				} else {
					lookaheadResult = q
				}
			} else if f&flagEnd != 0 {
				result = q
			}
			if q >= n {
				c = ciDone
				continue
			}
			pos = q
			c = it.codePointAt(pos)
			width = 1
			if c > 0xFFFF {
				width = 2
			}
			continue
		}
		var cat int
		if c < 128 {
			cat = int(d.ascii[c])
		} else {
			cat = int(d.lookupSlow(rune(c)))
		}
		if cat != ignoreCat {
			e := step[row+cat]
			row, f = int(e&0xFFFF), uint8(e>>16)
		}
		next := pos + width // getNextIndex
		if f&flagLookahead != 0 {
			if f&flagEnd != 0 {
				result = lookaheadResult
			} else {
				lookaheadResult = next
			}
		} else if f&flagEnd != 0 {
			result = next
		}
		// getNext: move on unless the current code point is the last.
		if next >= n {
			c = ciDone
			continue
		}
		pos = next
		if u := text[pos]; u < 0xD800 || u > 0xDFFF {
			c, width = int(u), 1
		} else {
			c = it.codePointAt(pos)
			width = 1
			if c > 0xFFFF {
				width = 2
			}
		}
	}
	if c == ciDone && lookaheadResult == n {
		result = lookaheadResult
	}
	it.pos = result
	return result
}

// codePointAt is getCurrent at offset pos: the code point there, a lone
// surrogate as itself, ciDone past the end.
func (it *ruleIter) codePointAt(pos int) int {
	text := it.text
	if pos >= len(text) {
		return ciDone
	}
	c := int(text[pos])
	if isHigh(c) && pos+1 < len(text) && isLow(int(text[pos+1])) {
		return int(utf16.DecodeRune(rune(c), rune(text[pos+1])))
	}
	return c
}

// handlePrevious backs up to a position that is a break whatever the
// context, and returns it.
func (it *ruleIter) handlePrevious() int {
	d := it.d
	state := startState
	category, lastCategory := 0, 0
	c := it.getCurrent()
	memo := it.prevAt != nil
	it.passed = it.passed[:0]
	for c != ciDone && state != stopState {
		// Points are only where the unit is no surrogate: there the code
		// point read is the same however the run reached it.
		if memo && it.pos%prevMemoEvery == 0 && c < 0xD800 {
			slot := it.pos / prevMemoEvery
			if m := it.prevAt[slot]; m.set && int(m.state) == state && int(m.category) == category {
				it.pos = int(m.result)
				it.remember()
				return it.pos
			}
			it.passed = append(it.passed, prevPassed{slot: slot, state: int16(state), category: int8(category)})
		}
		if c < 128 && d.quietBack.has[c] && !d.doomed[state] && !it.literal {
			// The quiet characters from here down to lo end no run, so
			// only the state after them matters: from the lowest
			// synchronizing one, or from here when there is none. The
			// run lands on lo, at the latest on the next point of prevAt,
			// which the loop then looks up as it would have.
			text := it.text
			floor := 0
			if memo {
				floor = (it.pos - 1) / prevMemoEvery * prevMemoEvery
			}
			lo := d.quietBack.runStart(text, it.pos, floor)
			if lo < it.pos {
				z := lo + 1
				for z <= it.pos && d.syncBack[text[z]] < 0 {
					z++
				}
				if z <= it.pos {
					state = int(d.syncBack[text[z]])
				} else {
					z = it.pos + 1
				}
				for k := z - 1; k > lo; k-- {
					state = int(d.backward[state*d.numCategories+int(d.ascii[text[k]])])
				}
				category = int(d.ascii[text[lo+1]])
				it.pos = lo
				c = int(text[lo])
				continue
			}
		}
		lastCategory = category
		if c < 128 {
			category = int(d.ascii[c])
		} else {
			category = int(d.lookupSlow(rune(c)))
		}
		if category != ignoreCat {
			state = int(d.backward[state*d.numCategories+category])
		}
		// getPrevious, inline where the unit before is no surrogate.
		if it.pos > 0 {
			if u := it.text[it.pos-1]; u < 0xD800 || u > 0xDFFF {
				it.pos--
				c = int(u)
				continue
			}
		}
		c = it.getPrevious()
	}
	if c != ciDone {
		if lastCategory != ignoreCat {
			it.getNext()
			it.getNext()
		} else {
			it.getNext()
		}
	}
	it.remember()
	return it.pos
}

// remember records the end of a backward run, it.pos, at the points it
// passed.
func (it *ruleIter) remember() {
	for _, p := range it.passed {
		it.prevAt[p.slot] = prevMemo{result: int32(it.pos), state: p.state, category: p.category, set: true}
	}
}

// previous is BreakIterator.previous.
func (it *ruleIter) previous() int {
	if it.pos == 0 {
		return breakDone
	}
	start := it.pos
	lastResult := it.cached
	if lastResult >= start || lastResult <= breakDone {
		it.getPrevious()
		lastResult = it.handlePrevious()
	} else {
		it.pos = lastResult
	}
	if lastResult != breakDone && !it.literal {
		if q := it.forcedBreak(lastResult, start-1); q >= 0 {
			lastResult = q
			it.pos = q
		}
	}
	result := lastResult
	for result != breakDone && result < start {
		lastResult = result
		result = it.handleNext()
	}
	it.pos = lastResult
	it.cached = lastResult
	return lastResult
}

// following returns the first break after offset (0 ≤ offset ≤ len).
func (it *ruleIter) following(offset int) int {
	it.pos = offset
	if offset == 0 {
		it.cached = it.handleNext()
		return it.cached
	}
	result := it.cached
	if result >= offset || result <= breakDone {
		result = it.handlePrevious()
	} else {
		it.pos = result
	}
	if result != breakDone && !it.literal {
		if q := it.forcedBreak(result, offset); q >= 0 {
			result = q
			it.pos = q
		}
	}
	for result != breakDone && result <= offset {
		result = it.handleNext()
	}
	it.cached = result
	return result
}

// preceding returns the last break before offset (0 ≤ offset ≤ len).
func (it *ruleIter) preceding(offset int) int {
	it.pos = offset
	return it.previous()
}

// next returns the break after the current one (BreakIterator.next).
func (it *ruleIter) next() int { return it.handleNext() }
