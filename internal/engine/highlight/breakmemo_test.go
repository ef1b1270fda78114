package highlight

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf16"
)

// TestMemoRuleIterAgrees checks that remembering handleNext's and
// handlePrevious's runs, and starting forward walks at forced breaks,
// change no answer: a remembering sentence iterator and a word iterator
// with the shortcut, and literal ones (no memo, no shortcut: the JDK's
// algorithm), get the same calls — the bounded scanner's at increasing
// match offsets, and calls at random offsets in any order — and must
// answer alike, on the break test texts, synthetic texts with surrogates
// and ignored characters, and CUAD contracts when present.
func TestMemoRuleIterAgrees(t *testing.T) {
	units := memoTestTexts(t)
	r := rand.New(rand.NewPCG(1, 2))
	for i, u := range units {
		if len(u) == 0 {
			continue
		}
		// The bounded scanner, as passages call it.
		for _, maxLen := range []int{20, 100, 400} {
			plain, memo := newBoundedScanner(maxLen), newBoundedScanner(maxLen)
			plain.main = literalRuleIter(sentenceData)
			plain.inner = literalRuleIter(wordData)
			plain.setText(u)
			memo.setText(u)
			for o := r.IntN(50); o < len(u); o += 1 + r.IntN(300) {
				p1, p2 := plain.preceding(o+1), memo.preceding(o+1)
				f1, f2 := plain.following(o), memo.following(o)
				if p1 != p2 || f1 != f2 {
					t.Fatalf("text %d, fragment size %d, offset %d: memo gives [%d,%d], plain [%d,%d]", i, maxLen, o, p2, f2, p1, f1)
				}
			}
		}
		// Any order.
		for _, pair := range [][2]*ruleIter{
			{literalRuleIter(sentenceData), newMemoRuleIter(sentenceData)},
			{literalRuleIter(wordData), newRuleIter(wordData)},
		} {
			plain, memo := pair[0], pair[1]
			plain.setText(u)
			memo.setText(u)
			for range 200 {
				o := r.IntN(len(u) + 1)
				var a, b int
				switch r.IntN(3) {
				case 0:
					a, b = plain.preceding(max(o, 1)), memo.preceding(max(o, 1))
				case 1:
					a, b = plain.following(o), memo.following(o)
				default:
					a, b = plain.next(), memo.next()
				}
				if a != b {
					t.Fatalf("text %d, offset %d: memo gives %d, plain %d", i, o, b, a)
				}
			}
		}
	}
}

// literalRuleIter is the JDK's iterator as it is: no memo, no shortcut.
func literalRuleIter(d *ruleData) *ruleIter {
	it := newRuleIter(d)
	it.literal = true
	return it
}

// memoTestTexts returns the break test texts, synthetic texts with
// surrogates (lone and reversed ones, as Java strings may hold) and every
// 10th CUAD contract when present, as UTF-16.
func memoTestTexts(t *testing.T) [][]uint16 {
	texts := readBreakTexts(t)
	texts = append(texts, "A. B. C.\u00ad D.\U0001F600 E! \U0001F600\U0001F600. F? G.", string(make([]byte, 200)))
	// Every 10th contract: the plain iterator is slow on long texts.
	files, _ := filepath.Glob(filepath.Join(cuadDir, "contracts", "*.txt"))
	step := 10
	if testing.Short() {
		step = 100
	}
	for k := 0; k < len(files); k += step {
		data, err := os.ReadFile(files[k])
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(data))
	}
	var units [][]uint16
	for _, text := range texts {
		units = append(units, utf16.Encode([]rune(text)))
	}
	return append(units, []uint16{'A', '.', ' ', 0xD800, '.', ' ', 0xDC00, 0xD800, 'B', '.', ' ', 0xDBFF, 0xDFFF, '.', ' ', 'C', 0xFFFF, 'D', '.'})
}

// TestHandleNextAgrees compares handleNext's loop, which reads its tables
// through step, with the JDK's handleNext as first ported (refNext), from
// many positions of the test texts, for both rule sets.
func TestHandleNextAgrees(t *testing.T) {
	for i, u := range memoTestTexts(t) {
		stride := 1 + len(u)/5000
		for _, d := range []*ruleData{sentenceData, wordData} {
			it := newRuleIter(d)
			it.setText(u)
			for pos := 0; pos <= len(u); pos += stride {
				it.pos = pos
				got, gotPos := it.handleNext(), it.pos
				it.pos = pos
				want, wantPos := refNext(it), it.pos
				if got != want || gotPos != wantPos {
					t.Fatalf("text %d, position %d: handleNext gives %d (at %d), the reference %d (at %d)", i, pos, got, gotPos, want, wantPos)
				}
			}
		}
	}
}

// TestHandlePreviousAgrees compares handlePrevious crossing quiet
// characters (ruleData.quietBack), alone and with its memo, with the
// JDK's loop (a literal iterator), from many positions of the test texts,
// for both rule sets: where each run ends, and where the iterator is left.
// The positions are spread over each text, plus those around its '!' and
// '?' and around every 20th '.', where runs end. (The JDK's runs often
// go back to the start of the text: a position costs the text's length.)
func TestHandlePreviousAgrees(t *testing.T) {
	for i, u := range memoTestTexts(t) {
		var positions []int
		for pos := 0; pos <= len(u); pos += 1 + len(u)/400 {
			positions = append(positions, pos)
		}
		dots := 0
		for k, c := range u {
			if c == '.' {
				if dots++; dots%20 != 0 {
					continue
				}
			} else if c != '!' && c != '?' {
				continue
			}
			for pos := max(k-1, 0); pos <= min(k+3, len(u)); pos++ {
				positions = append(positions, pos)
			}
		}
		for _, d := range []*ruleData{sentenceData, wordData} {
			lit, fast, memo := literalRuleIter(d), newRuleIter(d), newMemoRuleIter(d)
			for _, it := range []*ruleIter{lit, fast, memo} {
				it.setText(u)
			}
			for _, pos := range positions {
				lit.pos = pos
				want := lit.handlePrevious()
				for _, it := range []*ruleIter{fast, memo} {
					it.pos = pos
					if got := it.handlePrevious(); got != want || it.pos != lit.pos {
						t.Fatalf("text %d, position %d (memo %v): handlePrevious gives %d (at %d), the JDK's loop %d (at %d)",
							i, pos, it.prevAt != nil, got, it.pos, want, lit.pos)
					}
				}
			}
		}
	}
}

// refNext is RuleBasedBreakIterator.handleNext as first ported, on the
// iterator's own operations.
func refNext(it *ruleIter) int {
	if it.pos == len(it.text) {
		return breakDone
	}
	d := it.d
	result := it.pos + it.currentCodePointCount()
	lookaheadResult := 0
	state := startState
	c := it.getCurrent()
	for c != ciDone && state != stopState {
		if cat := d.category(c); cat != ignoreCat {
			state = int(d.forward[state*d.numCategories+cat])
		}
		next := it.pos + it.currentCodePointCount()
		if d.lookaheadStates[state] {
			if d.endStates[state] {
				result = lookaheadResult
			} else {
				lookaheadResult = next
			}
		} else if d.endStates[state] {
			result = next
		}
		c = it.getNext()
	}
	if c == ciDone && lookaheadResult == len(it.text) {
		result = lookaheadResult
	}
	it.pos = result
	return result
}

// FuzzASCIISetRuns: crossing runs four units a step ends them where
// crossing them unit by unit does, for sets missing one to four ASCII
// characters, on any text (non-ASCII units included).
func FuzzASCIISetRuns(f *testing.F) {
	f.Add([]byte("Section 7.2 says so! Does it? Yes.\u00a7"), byte('.'), byte('!'), byte('?'), byte(0))
	f.Add([]byte("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"), byte('a'), byte('a'), byte('a'), byte('b'))
	f.Add([]byte("the Company’s shares § 5 and 😀 more text follows here"), byte('.'), byte('!'), byte('?'), byte(0))
	f.Fuzz(func(t *testing.T, raw []byte, o1, o2, o3, o4 byte) {
		var has [128]bool
		for c := range has {
			has[c] = true
		}
		for _, o := range []byte{o1, o2, o3} {
			has[o&0x7F] = false
		}
		if o4 >= 0x80 {
			has[o4&0x7F] = false // a fourth one: no four-unit steps
		}
		s := newASCIISet(has)
		text := utf16.Encode([]rune(string(raw)))
		for i := 0; i <= len(text); i++ {
			end := i
			for end < len(text) && text[end] < 128 && has[text[end]] {
				end++
			}
			if got := s.runEnd(text, i); got != end {
				t.Fatalf("%q from %d: runEnd %d, want %d", raw, i, got, end)
			}
			for floor := 0; floor <= i; floor += 1 + i/7 {
				start := i
				for start > floor && text[start-1] < 128 && has[text[start-1]] {
					start--
				}
				if got := s.runStart(text, i, floor); got != start {
					t.Fatalf("%q to %d, floor %d: runStart %d, want %d", raw, i, floor, got, start)
				}
			}
		}
	})
}
