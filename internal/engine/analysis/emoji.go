package analysis

// NFA states for Lucene's EMOJI rule. The rule (StandardTokenizerImpl.jflex,
// after UTS #51 emoji_sequence) is:
//
//	Elem  = ZWJ* EmojiChar EFZ* FE0F?  |  ( ZWJ* ModifierBase EFZ* )? Modifier EFZ*
//	Emoji = Elem ( ( ZWJ Elem )* | TagSpec+ TagTerm )
//	      | KeycapBase EFZ* FE0F? U+20E3 EFZ*
//	      | RI Ext* RI Ext*
//
// where EFZ is Extend/Format/ZWJ except the two presentation selectors FE0E
// and FE0F, and Ext is Extend/Format/ZWJ. The *L states are the same as their
// unsuffixed ones for the second and later elements, after which the tag
// alternative is not allowed.
const (
	eStart  uint32 = 1 << iota // first Elem, nothing read
	eZWJ                       // first Elem, after its leading ZWJs
	eChar                      // after EmojiChar EFZ*                      (accepts)
	ePres                      // after EmojiChar EFZ* FE0F                 (accepts)
	eBase                      // after ModifierBase EFZ*
	eMod                       // after Modifier EFZ*                       (accepts)
	eJoin                      // after the ZWJ that joins two elements
	eZWJL                      // later Elem, after its leading ZWJs
	eCharL                     //                                            (accepts)
	ePresL                     //                                            (accepts)
	eTag                       // after TagSpec+
	eTagEnd                    // after TagTerm                              (accepts)
	kStart                     // keycap: nothing read
	kBase                      // after KeycapBase EFZ*
	kPres                      // after KeycapBase EFZ* FE0F
	kDone                      // after U+20E3 EFZ*                          (accepts)
	rStart                     // flag: nothing read
	rOne                       // after RI Ext*
	rTwo                       // after RI Ext* RI Ext*                      (accepts)

	eAccept = eChar | ePres | eMod | eCharL | ePresL | eTagEnd | kDone | rTwo
)

// emoji returns the end of the longest match of Lucene's EMOJI rule starting
// at a (before s.limit), or a when there is none. It runs only on the rare
// segments that start with an emoji character, so clarity beats speed.
func (s *scanner) emoji(a int) int {
	t := s.text
	st := eStart | kStart | rStart
	end := a
	for i := a; i < s.limit && st != 0; {
		r, n, f := classAt(t, i)
		var (
			z    = r == zwj
			pres = r == presSel
			efz  = f&fExt != 0 && r != presSel && r != textSel
			ext  = f&fExt != 0
			ch   = f&fEChar != 0
			base = f&fEBase != 0
			mod  = f&fEMod != 0
			tag  = r >= tagSpecLo && r <= tagSpecHi
			nx   uint32
		)
		on := func(from uint32, cond bool, to uint32) {
			if st&from != 0 && cond {
				nx |= to
			}
		}
		on(eStart|eZWJ, z, eZWJ)
		on(eStart|eZWJ, ch, eChar)
		on(eStart|eZWJ|eJoin|eZWJL, base, eBase)
		on(eStart|eJoin, mod, eMod)
		on(eChar, efz, eChar)
		on(eChar, pres, ePres)
		on(eChar|ePres|eMod|eCharL|ePresL, z, eJoin)
		on(ePres, tag, eTag)
		on(eBase, efz, eBase)
		on(eBase, mod, eMod)
		on(eMod, efz, eMod)
		on(eJoin|eZWJL, z, eZWJL)
		on(eJoin|eZWJL, ch, eCharL)
		on(eCharL, efz, eCharL)
		on(eCharL, pres, ePresL)
		on(eTag, tag, eTag)
		on(eTag, r == tagTerm, eTagEnd)
		on(kStart, f&fKC != 0, kBase)
		on(kBase, efz, kBase)
		on(kBase, pres, kPres)
		on(kBase|kPres, r == keycapMark, kDone)
		on(kDone, efz, kDone)
		on(rStart, f&fRI != 0, rOne)
		on(rOne, ext, rOne)
		on(rOne, f&fRI != 0, rTwo)
		on(rTwo, ext, rTwo)
		st = nx
		i += n
		if st&eAccept != 0 {
			end = i
		}
	}
	return end
}
