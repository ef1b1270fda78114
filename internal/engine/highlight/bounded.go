package highlight

// passageBreaker finds a passage's bounds around a match, the way the
// unified highlighter calls its BreakIterator: preceding(start+1), then
// following(start), for match starts in increasing order within one value.
// Offsets are UTF-16 units of the value.
type passageBreaker interface {
	setText(text []uint16)
	preceding(offset int) int
	following(offset int) int
}

// boundedScanner is OpenSearch's BoundedBreakIteratorScanner (the default
// `sentence` boundary scanner of the unified highlighter with a
// fragment_size): sentences are merged while they fit in maxLen, and a
// sentence longer than maxLen is cut at word boundaries around the match
// (about maxLen before it when needed, and the rest of maxLen after it).
// It is stateful and only valid for increasing offsets, as in OpenSearch:
// a later match that falls in the window of the previous one continues
// from where that passage ended.
type boundedScanner struct {
	main, inner *ruleIter
	maxLen      int

	windowStart, windowEnd int
	innerStart, innerEnd   int
}

func newBoundedScanner(maxLen int) *boundedScanner {
	return &boundedScanner{main: newMemoRuleIter(sentenceData), inner: newRuleIter(wordData), maxLen: maxLen}
}

func (b *boundedScanner) setText(text []uint16) {
	b.windowStart, b.windowEnd = -1, -1
	b.innerStart, b.innerEnd = -1, 0
	b.main.setText(text)
	b.inner.setText(text)
}

func (b *boundedScanner) preceding(offset int) int {
	if offset > b.windowStart && offset < b.windowEnd {
		b.innerStart = b.innerEnd
		b.innerEnd = b.windowEnd
	} else {
		b.innerStart = b.main.preceding(offset)
		b.windowStart = b.innerStart
		b.innerEnd = b.main.following(offset - 1)
		b.windowEnd = b.innerEnd
		// Expand to the next sentence breaks while the window fits.
		for b.innerEnd-b.innerStart < b.maxLen {
			newEnd := b.main.following(b.innerEnd)
			if newEnd == breakDone || newEnd-b.innerStart > b.maxLen {
				break
			}
			b.innerEnd = newEnd
			b.windowEnd = newEnd
		}
	}
	if b.innerEnd-b.innerStart > b.maxLen {
		// Too long: find a word boundary on the left first, then spend the
		// rest of maxLen on the right.
		if offset-b.maxLen > b.innerStart {
			b.innerStart = max(b.innerStart, b.inner.preceding(offset-b.maxLen))
		}
		remaining := max(0, b.maxLen-(offset-b.innerStart))
		if offset+remaining < b.windowEnd {
			b.innerEnd = min(b.windowEnd, b.inner.following(offset+remaining))
		}
	}
	return b.innerStart
}

func (b *boundedScanner) following(int) int { return b.innerEnd }

// sentenceBreaker is the plain sentence BreakIterator, used when
// fragment_size is 0 (OpenSearch then skips the bounded scanner).
type sentenceBreaker struct{ *ruleIter }

func (s sentenceBreaker) setText(text []uint16) { s.ruleIter.setText(text) }

// wholeBreaker makes each value one passage: OpenSearch's
// CustomSeparatorBreakIterator on the value separator, used for
// number_of_fragments 0 and for keyword fields.
type wholeBreaker struct{ n int }

func (w *wholeBreaker) setText(text []uint16) { w.n = len(text) }
func (w *wholeBreaker) preceding(int) int     { return 0 }
func (w *wholeBreaker) following(int) int     { return w.n }

// scratch is what the passages of one Highlight call are cut with, kept
// in scratches for the next calls: the break iterators (setText
// resets their state and memos, keeping their memory) and the buffer the
// current value's UTF-16 text is written into. Passages are never made
// from the buffer: fragments are cut from the values themselves.
type scratch struct {
	u16      []uint16
	scanner  *boundedScanner
	sentence *ruleIter
}

// bounded returns the scratch's bounded scanner for maxLen.
func (s *scratch) bounded(maxLen int) *boundedScanner {
	if s.scanner == nil || s.scanner.maxLen != maxLen {
		s.scanner = newBoundedScanner(maxLen)
	}
	return s.scanner
}

// sentences returns the scratch's plain sentence iterator.
func (s *scratch) sentences() sentenceBreaker {
	if s.sentence == nil {
		s.sentence = newMemoRuleIter(sentenceData)
	}
	return sentenceBreaker{s.sentence}
}
